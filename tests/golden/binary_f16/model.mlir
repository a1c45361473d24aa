module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xf16>, %arg1: tensor<4x8xf16>) -> (tensor<4x8xf16> {jax.result_info = "result[0]"}, tensor<4x8xf16> {jax.result_info = "result[1]"}, tensor<4x8xf16> {jax.result_info = "result[2]"}, tensor<4x8xf16> {jax.result_info = "result[3]"}, tensor<4x8xf16> {jax.result_info = "result[4]"}, tensor<4x8xf16> {jax.result_info = "result[5]"}, tensor<4x8xf16> {jax.result_info = "result[6]"}) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<4x8xf16>
    %1 = stablehlo.subtract %arg0, %arg1 : tensor<4x8xf16>
    %2 = stablehlo.multiply %arg0, %arg1 : tensor<4x8xf16>
    %3 = stablehlo.divide %arg0, %arg1 : tensor<4x8xf16>
    %4 = stablehlo.maximum %arg0, %arg1 : tensor<4x8xf16>
    %5 = stablehlo.minimum %arg0, %arg1 : tensor<4x8xf16>
    %6 = stablehlo.power %arg1, %arg0 : tensor<4x8xf16>
    return %0, %1, %2, %3, %4, %5, %6 : tensor<4x8xf16>, tensor<4x8xf16>, tensor<4x8xf16>, tensor<4x8xf16>, tensor<4x8xf16>, tensor<4x8xf16>, tensor<4x8xf16>
  }
}
