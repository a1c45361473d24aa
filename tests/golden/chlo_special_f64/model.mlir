module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x6xf64>, %arg1: tensor<4x6xf64>, %arg2: tensor<4x6xf16>, %arg3: tensor<4x6xbf16>) -> (tensor<4x6xf64> {jax.result_info = "result[0]"}, tensor<4x6xf64> {jax.result_info = "result[1]"}, tensor<4x6xf64> {jax.result_info = "result[2]"}, tensor<4x6xf64> {jax.result_info = "result[3]"}, tensor<4x6xf64> {jax.result_info = "result[4]"}, tensor<4x6xf64> {jax.result_info = "result[5]"}, tensor<4x6xf64> {jax.result_info = "result[6]"}, tensor<4x6xf64> {jax.result_info = "result[7]"}, tensor<4x6xf64> {jax.result_info = "result[8]"}, tensor<4x6xf64> {jax.result_info = "result[9]"}) {
    %0 = chlo.lgamma %arg0 : tensor<4x6xf64> -> tensor<4x6xf64>
    %1 = chlo.digamma %arg0 : tensor<4x6xf64> -> tensor<4x6xf64>
    %2 = chlo.erf_inv %arg1 : tensor<4x6xf64> -> tensor<4x6xf64>
    %cst = stablehlo.constant dense<3.000000e+00> : tensor<f64>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<4x6xf64>
    %4 = stablehlo.multiply %arg1, %3 : tensor<4x6xf64>
    %5 = chlo.erf %4 : tensor<4x6xf64> -> tensor<4x6xf64>
    %cst_0 = stablehlo.constant dense<6.000000e+00> : tensor<f64>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f64>) -> tensor<4x6xf64>
    %7 = stablehlo.multiply %arg1, %6 : tensor<4x6xf64>
    %8 = chlo.erfc %7 : tensor<4x6xf64> -> tensor<4x6xf64>
    %cst_1 = stablehlo.constant dense<4.000000e+00> : tensor<f64>
    %9 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f64>) -> tensor<4x6xf64>
    %10 = stablehlo.multiply %arg0, %9 : tensor<4x6xf64>
    %cst_2 = stablehlo.constant dense<1.800000e+01> : tensor<f64>
    %11 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f64>) -> tensor<4x6xf64>
    %12 = stablehlo.subtract %10, %11 : tensor<4x6xf64>
    %13 = chlo.bessel_i1e %12 : tensor<4x6xf64> -> tensor<4x6xf64>
    %cst_3 = stablehlo.constant dense<2.000000e+00> : tensor<f64>
    %14 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f64>) -> tensor<4x6xf64>
    %15 = chlo.polygamma %14, %arg0 : tensor<4x6xf64>, tensor<4x6xf64> -> tensor<4x6xf64>
    %16 = chlo.next_after %arg1, %arg0 : tensor<4x6xf64>, tensor<4x6xf64> -> tensor<4x6xf64>
    %17 = chlo.lgamma %arg2 : tensor<4x6xf16> -> tensor<4x6xf16>
    %18 = stablehlo.convert %17 : (tensor<4x6xf16>) -> tensor<4x6xf64>
    %19 = chlo.erf %arg3 : tensor<4x6xbf16> -> tensor<4x6xbf16>
    %20 = stablehlo.convert %19 : (tensor<4x6xbf16>) -> tensor<4x6xf64>
    return %0, %1, %2, %5, %8, %13, %15, %16, %18, %20 : tensor<4x6xf64>, tensor<4x6xf64>, tensor<4x6xf64>, tensor<4x6xf64>, tensor<4x6xf64>, tensor<4x6xf64>, tensor<4x6xf64>, tensor<4x6xf64>, tensor<4x6xf64>, tensor<4x6xf64>
  }
}
