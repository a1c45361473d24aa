module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xf32>) -> (tensor<4x8xf32> {jax.result_info = "result[0]"}, tensor<4x8xf32> {jax.result_info = "result[1]"}, tensor<4x8xf32> {jax.result_info = "result[2]"}, tensor<4x8xf32> {jax.result_info = "result[3]"}, tensor<4x8xf32> {jax.result_info = "result[4]"}, tensor<4x8xf32> {jax.result_info = "result[5]"}, tensor<4x8xf32> {jax.result_info = "result[6]"}, tensor<4x8xf32> {jax.result_info = "result[7]"}, tensor<4x8xf32> {jax.result_info = "result[8]"}, tensor<4x8xf32> {jax.result_info = "result[9]"}) {
    %0 = stablehlo.abs %arg0 : tensor<4x8xf32>
    %cst = stablehlo.constant dense<2.500000e-01> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %2 = stablehlo.add %0, %1 : tensor<4x8xf32>
    %3 = stablehlo.abs %arg0 : tensor<4x8xf32>
    %4 = stablehlo.negate %arg0 : tensor<4x8xf32>
    %5 = stablehlo.floor %arg0 : tensor<4x8xf32>
    %6 = stablehlo.ceil %arg0 : tensor<4x8xf32>
    %7 = stablehlo.round_nearest_afz %arg0 : tensor<4x8xf32>
    %8 = stablehlo.round_nearest_even %arg0 : tensor<4x8xf32>
    %9 = stablehlo.sign %arg0 : tensor<4x8xf32>
    %10 = stablehlo.sqrt %2 : tensor<4x8xf32>
    %11 = stablehlo.rsqrt %2 : tensor<4x8xf32>
    %12 = stablehlo.cbrt %arg0 : tensor<4x8xf32>
    return %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
  }
}
