module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xbf16>, %arg1: tensor<4x8xbf16>) -> (tensor<4x8xbf16> {jax.result_info = "result[0]"}, tensor<4x8xbf16> {jax.result_info = "result[1]"}, tensor<4x8xbf16> {jax.result_info = "result[2]"}, tensor<4x8xbf16> {jax.result_info = "result[3]"}, tensor<4x8xbf16> {jax.result_info = "result[4]"}, tensor<4x8xbf16> {jax.result_info = "result[5]"}, tensor<4x8xbf16> {jax.result_info = "result[6]"}, tensor<4x8xbf16> {jax.result_info = "result[7]"}, tensor<4x8xbf16> {jax.result_info = "result[8]"}, tensor<4x8xbf16> {jax.result_info = "result[9]"}) {
    %0 = stablehlo.exponential %arg0 : tensor<4x8xbf16>
    %1 = stablehlo.log %arg1 : tensor<4x8xbf16>
    %2 = stablehlo.sqrt %arg1 : tensor<4x8xbf16>
    %3 = stablehlo.rsqrt %arg1 : tensor<4x8xbf16>
    %4 = stablehlo.tanh %arg0 : tensor<4x8xbf16>
    %5 = stablehlo.negate %arg0 : tensor<4x8xbf16>
    %6 = stablehlo.exponential %5 : tensor<4x8xbf16>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %7 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<4x8xbf16>
    %8 = stablehlo.add %7, %6 : tensor<4x8xbf16>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %9 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<bf16>) -> tensor<4x8xbf16>
    %10 = stablehlo.divide %9, %8 : tensor<4x8xbf16>
    %11 = stablehlo.sine %arg0 : tensor<4x8xbf16>
    %12 = stablehlo.abs %arg0 : tensor<4x8xbf16>
    %13 = stablehlo.negate %arg0 : tensor<4x8xbf16>
    %cst_1 = stablehlo.constant dense<3.000000e+00> : tensor<bf16>
    %14 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<bf16>) -> tensor<4x8xbf16>
    %15 = stablehlo.multiply %arg0, %14 : tensor<4x8xbf16>
    %16 = call @round(%15) : (tensor<4x8xbf16>) -> tensor<4x8xbf16>
    return %0, %1, %2, %3, %4, %10, %11, %12, %13, %16 : tensor<4x8xbf16>, tensor<4x8xbf16>, tensor<4x8xbf16>, tensor<4x8xbf16>, tensor<4x8xbf16>, tensor<4x8xbf16>, tensor<4x8xbf16>, tensor<4x8xbf16>, tensor<4x8xbf16>, tensor<4x8xbf16>
  }
  func.func private @round(%arg0: tensor<4x8xbf16>) -> tensor<4x8xbf16> {
    %0 = stablehlo.round_nearest_even %arg0 : tensor<4x8xbf16>
    return %0 : tensor<4x8xbf16>
  }
}
