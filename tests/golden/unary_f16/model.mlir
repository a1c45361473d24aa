module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xf16>, %arg1: tensor<4x8xf16>) -> (tensor<4x8xf16> {jax.result_info = "result[0]"}, tensor<4x8xf16> {jax.result_info = "result[1]"}, tensor<4x8xf16> {jax.result_info = "result[2]"}, tensor<4x8xf16> {jax.result_info = "result[3]"}, tensor<4x8xf16> {jax.result_info = "result[4]"}, tensor<4x8xf16> {jax.result_info = "result[5]"}, tensor<4x8xf16> {jax.result_info = "result[6]"}, tensor<4x8xf16> {jax.result_info = "result[7]"}, tensor<4x8xf16> {jax.result_info = "result[8]"}, tensor<4x8xf16> {jax.result_info = "result[9]"}, tensor<4x8xf16> {jax.result_info = "result[10]"}) {
    %0 = stablehlo.exponential %arg0 : tensor<4x8xf16>
    %1 = stablehlo.log %arg1 : tensor<4x8xf16>
    %2 = stablehlo.sqrt %arg1 : tensor<4x8xf16>
    %3 = stablehlo.tanh %arg0 : tensor<4x8xf16>
    %4 = stablehlo.negate %arg0 : tensor<4x8xf16>
    %5 = stablehlo.exponential %4 : tensor<4x8xf16>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f16>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f16>) -> tensor<4x8xf16>
    %7 = stablehlo.add %6, %5 : tensor<4x8xf16>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f16>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f16>) -> tensor<4x8xf16>
    %9 = stablehlo.divide %8, %7 : tensor<4x8xf16>
    %10 = stablehlo.sine %arg0 : tensor<4x8xf16>
    %11 = stablehlo.cosine %arg0 : tensor<4x8xf16>
    %12 = stablehlo.abs %arg0 : tensor<4x8xf16>
    %13 = stablehlo.negate %arg0 : tensor<4x8xf16>
    %cst_1 = stablehlo.constant dense<3.000000e+00> : tensor<f16>
    %14 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f16>) -> tensor<4x8xf16>
    %15 = stablehlo.multiply %arg0, %14 : tensor<4x8xf16>
    %16 = stablehlo.floor %15 : tensor<4x8xf16>
    %cst_2 = stablehlo.constant dense<3.000000e+00> : tensor<f16>
    %17 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f16>) -> tensor<4x8xf16>
    %18 = stablehlo.multiply %arg0, %17 : tensor<4x8xf16>
    %19 = stablehlo.ceil %18 : tensor<4x8xf16>
    return %0, %1, %2, %3, %9, %10, %11, %12, %13, %16, %19 : tensor<4x8xf16>, tensor<4x8xf16>, tensor<4x8xf16>, tensor<4x8xf16>, tensor<4x8xf16>, tensor<4x8xf16>, tensor<4x8xf16>, tensor<4x8xf16>, tensor<4x8xf16>, tensor<4x8xf16>, tensor<4x8xf16>
  }
}
