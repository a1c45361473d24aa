module @jit_transcendental attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<7xf32>) -> (tensor<7xf32> {jax.result_info = "result[0]"}, tensor<7xf32> {jax.result_info = "result[1]"}, tensor<7xf32> {jax.result_info = "result[2]"}, tensor<7xf32> {jax.result_info = "result[3]"}, tensor<7xf32> {jax.result_info = "result[4]"}, tensor<7xf32> {jax.result_info = "result[5]"}, tensor<7xf32> {jax.result_info = "result[6]"}, tensor<7xf32> {jax.result_info = "result[7]"}, tensor<7xf32> {jax.result_info = "result[8]"}, tensor<7xf32> {jax.result_info = "result[9]"}) {
    %0 = stablehlo.exponential %arg0 : tensor<7xf32>
    %1 = stablehlo.abs %arg0 : tensor<7xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<7xf32>
    %3 = stablehlo.add %1, %2 : tensor<7xf32>
    %4 = stablehlo.log %3 : tensor<7xf32>
    %5 = stablehlo.tanh %arg0 : tensor<7xf32>
    %6 = stablehlo.negate %arg0 : tensor<7xf32>
    %7 = stablehlo.exponential %6 : tensor<7xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<7xf32>
    %9 = stablehlo.add %8, %7 : tensor<7xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<7xf32>
    %11 = stablehlo.divide %10, %9 : tensor<7xf32>
    %12 = stablehlo.abs %arg0 : tensor<7xf32>
    %13 = stablehlo.sqrt %12 : tensor<7xf32>
    %14 = stablehlo.abs %arg0 : tensor<7xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<7xf32>
    %16 = stablehlo.add %14, %15 : tensor<7xf32>
    %17 = stablehlo.rsqrt %16 : tensor<7xf32>
    %18 = stablehlo.abs %arg0 : tensor<7xf32>
    %19 = stablehlo.log_plus_one %18 : tensor<7xf32>
    %20 = stablehlo.exponential_minus_one %arg0 : tensor<7xf32>
    %21 = stablehlo.sine %arg0 : tensor<7xf32>
    %22 = stablehlo.cosine %arg0 : tensor<7xf32>
    return %0, %4, %5, %11, %13, %17, %19, %20, %21, %22 : tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>
  }
}
