module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xi32>) -> (tensor<4x8xi32> {jax.result_info = "result[0]"}, tensor<4x8xi32> {jax.result_info = "result[1]"}, tensor<4x8xi32> {jax.result_info = "result[2]"}, tensor<4x8xi32> {jax.result_info = "result[3]"}, tensor<4x8xi32> {jax.result_info = "result[4]"}, tensor<4x8xi32> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.abs %arg0 : tensor<4x8xi32>
    %1 = stablehlo.negate %arg0 : tensor<4x8xi32>
    %2 = stablehlo.sign %arg0 : tensor<4x8xi32>
    %3 = stablehlo.not %arg0 : tensor<4x8xi32>
    %4 = stablehlo.popcnt %arg0 : tensor<4x8xi32>
    %5 = stablehlo.count_leading_zeros %arg0 : tensor<4x8xi32>
    return %0, %1, %2, %3, %4, %5 : tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x8xi32>
  }
}
