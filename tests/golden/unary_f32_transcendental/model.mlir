module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x16xf32>, %arg1: tensor<4x16xf32>, %arg2: tensor<4x16xf32>) -> (tensor<4x16xf32> {jax.result_info = "result[0]"}, tensor<4x16xf32> {jax.result_info = "result[1]"}, tensor<4x16xf32> {jax.result_info = "result[2]"}, tensor<4x16xf32> {jax.result_info = "result[3]"}, tensor<4x16xf32> {jax.result_info = "result[4]"}, tensor<4x16xf32> {jax.result_info = "result[5]"}, tensor<4x16xf32> {jax.result_info = "result[6]"}, tensor<4x16xf32> {jax.result_info = "result[7]"}, tensor<4x16xf32> {jax.result_info = "result[8]"}) {
    %0 = stablehlo.exponential %arg0 : tensor<4x16xf32>
    %1 = stablehlo.exponential_minus_one %arg0 : tensor<4x16xf32>
    %2 = stablehlo.log %arg1 : tensor<4x16xf32>
    %3 = stablehlo.log_plus_one %arg1 : tensor<4x16xf32>
    %4 = stablehlo.negate %arg0 : tensor<4x16xf32>
    %5 = stablehlo.exponential %4 : tensor<4x16xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %7 = stablehlo.add %6, %5 : tensor<4x16xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %9 = stablehlo.divide %8, %7 : tensor<4x16xf32>
    %10 = stablehlo.tanh %arg0 : tensor<4x16xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %12 = stablehlo.multiply %arg0, %11 : tensor<4x16xf32>
    %13 = stablehlo.sine %12 : tensor<4x16xf32>
    %cst_2 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %15 = stablehlo.multiply %arg0, %14 : tensor<4x16xf32>
    %16 = stablehlo.cosine %15 : tensor<4x16xf32>
    %17 = stablehlo.tan %arg2 : tensor<4x16xf32>
    return %0, %1, %2, %3, %9, %10, %13, %16, %17 : tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>
  }
}
