module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>, %arg2: tensor<4x8xf32>, %arg3: tensor<4x8xf32>) -> (tensor<4x8xf32> {jax.result_info = "result[0]"}, tensor<4x8xf32> {jax.result_info = "result[1]"}, tensor<4x8xf32> {jax.result_info = "result[2]"}, tensor<4x8xf32> {jax.result_info = "result[3]"}, tensor<4x8xf32> {jax.result_info = "result[4]"}, tensor<4x8xf32> {jax.result_info = "result[5]"}, tensor<4x8xf32> {jax.result_info = "result[6]"}, tensor<4x8xf32> {jax.result_info = "result[7]"}, tensor<4x8xf32> {jax.result_info = "result[8]"}) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<4x8xf32>
    %1 = stablehlo.subtract %arg0, %arg1 : tensor<4x8xf32>
    %2 = stablehlo.multiply %arg0, %arg1 : tensor<4x8xf32>
    %3 = stablehlo.divide %arg0, %arg1 : tensor<4x8xf32>
    %4 = stablehlo.remainder %arg0, %arg1 : tensor<4x8xf32>
    %5 = stablehlo.power %arg2, %arg3 : tensor<4x8xf32>
    %6 = stablehlo.maximum %arg0, %arg1 : tensor<4x8xf32>
    %7 = stablehlo.minimum %arg0, %arg1 : tensor<4x8xf32>
    %8 = stablehlo.atan2 %arg0, %arg1 : tensor<4x8xf32>
    return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
  }
}
