module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x8xf64>, %arg1: tensor<3x8xf64>, %arg2: tensor<3x8xf64>, %arg3: tensor<3x8xf64>) -> (tensor<3x8xf64> {jax.result_info = "result[0]"}, tensor<3x8xf64> {jax.result_info = "result[1]"}, tensor<3x8xf64> {jax.result_info = "result[2]"}, tensor<3x8xf64> {jax.result_info = "result[3]"}, tensor<3x8xf64> {jax.result_info = "result[4]"}, tensor<3x8xf64> {jax.result_info = "result[5]"}, tensor<3x8xf64> {jax.result_info = "result[6]"}, tensor<3x8xf64> {jax.result_info = "result[7]"}, tensor<3x8xf64> {jax.result_info = "result[8]"}) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<3x8xf64>
    %1 = stablehlo.subtract %arg0, %arg1 : tensor<3x8xf64>
    %2 = stablehlo.multiply %arg0, %arg1 : tensor<3x8xf64>
    %3 = stablehlo.divide %arg0, %arg1 : tensor<3x8xf64>
    %4 = stablehlo.remainder %arg0, %arg1 : tensor<3x8xf64>
    %5 = stablehlo.power %arg2, %arg3 : tensor<3x8xf64>
    %6 = stablehlo.maximum %arg0, %arg1 : tensor<3x8xf64>
    %7 = stablehlo.minimum %arg0, %arg1 : tensor<3x8xf64>
    %8 = stablehlo.negate %arg1 : tensor<3x8xf64>
    %9 = stablehlo.atan2 %arg0, %8 : tensor<3x8xf64>
    return %0, %1, %2, %3, %4, %5, %6, %7, %9 : tensor<3x8xf64>, tensor<3x8xf64>, tensor<3x8xf64>, tensor<3x8xf64>, tensor<3x8xf64>, tensor<3x8xf64>, tensor<3x8xf64>, tensor<3x8xf64>, tensor<3x8xf64>
  }
}
