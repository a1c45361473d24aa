module @jit_chlo_special attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x5xf32>, %arg1: tensor<3x5xf32>) -> (tensor<3x5xf32> {jax.result_info = "result[0]"}, tensor<3x5xf32> {jax.result_info = "result[1]"}, tensor<3x5xf32> {jax.result_info = "result[2]"}, tensor<3x5xf32> {jax.result_info = "result[3]"}, tensor<3x5xf32> {jax.result_info = "result[4]"}, tensor<3x5xf32> {jax.result_info = "result[5]"}, tensor<3x5xf32> {jax.result_info = "result[6]"}, tensor<3x5xf32> {jax.result_info = "result[7]"}, tensor<3x5xf32> {jax.result_info = "result[8]"}, tensor<3x5xf32> {jax.result_info = "result[9]"}, tensor<3x5xf32> {jax.result_info = "result[10]"}, tensor<3x5xf32> {jax.result_info = "result[11]"}, tensor<3x5xf32> {jax.result_info = "result[12]"}, tensor<3x5xf32> {jax.result_info = "result[13]"}, tensor<3x5xf16> {jax.result_info = "result[14]"}, tensor<3x5xf32> {jax.result_info = "result[15]"}) {
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x5xf32>
    %1 = stablehlo.multiply %0, %arg0 : tensor<3x5xf32>
    %2 = stablehlo.negate %arg0 : tensor<3x5xf32>
    %cst_0 = stablehlo.constant dense<0.707106769> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<3x5xf32>
    %4 = stablehlo.multiply %2, %3 : tensor<3x5xf32>
    %5 = chlo.erfc %4 : tensor<3x5xf32> -> tensor<3x5xf32>
    %6 = stablehlo.multiply %1, %5 : tensor<3x5xf32>
    %7 = chlo.erf %arg0 : tensor<3x5xf32> -> tensor<3x5xf32>
    %8 = chlo.lgamma %arg0 : tensor<3x5xf32> -> tensor<3x5xf32>
    %9 = chlo.digamma %arg0 : tensor<3x5xf32> -> tensor<3x5xf32>
    %10 = chlo.erf_inv %arg1 : tensor<3x5xf32> -> tensor<3x5xf32>
    %cst_1 = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<3x5xf32>
    %12 = stablehlo.multiply %arg0, %11 : tensor<3x5xf32>
    %13 = chlo.bessel_i1e %12 : tensor<3x5xf32> -> tensor<3x5xf32>
    %14 = chlo.asin %arg1 : tensor<3x5xf32> -> tensor<3x5xf32>
    %cst_2 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<3x5xf32>
    %16 = stablehlo.add %arg0, %15 : tensor<3x5xf32>
    %17 = call @arccosh(%16) : (tensor<3x5xf32>) -> tensor<3x5xf32>
    %18 = chlo.sinh %arg0 : tensor<3x5xf32> -> tensor<3x5xf32>
    %19 = chlo.cosh %arg0 : tensor<3x5xf32> -> tensor<3x5xf32>
    %20 = chlo.atanh %arg1 : tensor<3x5xf32> -> tensor<3x5xf32>
    %cst_3 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<3x5xf32>
    %22 = stablehlo.add %arg0, %21 : tensor<3x5xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<3x5xf32>
    %24 = chlo.polygamma %23, %22 : tensor<3x5xf32>, tensor<3x5xf32> -> tensor<3x5xf32>
    %cst_5 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<3x5xf32>
    %26 = stablehlo.add %arg0, %25 : tensor<3x5xf32>
    %cst_6 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<3x5xf32>
    %28 = stablehlo.add %arg0, %27 : tensor<3x5xf32>
    %29 = chlo.zeta %26, %28 : tensor<3x5xf32>, tensor<3x5xf32> -> tensor<3x5xf32>
    %30 = chlo.next_after %arg0, %arg1 : tensor<3x5xf32>, tensor<3x5xf32> -> tensor<3x5xf32>
    %31 = stablehlo.convert %arg0 : (tensor<3x5xf32>) -> tensor<3x5xf16>
    %32 = stablehlo.multiply %31, %31 : tensor<3x5xf16>
    %33 = stablehlo.convert %arg0 : (tensor<3x5xf32>) -> tensor<3x5xbf16>
    %34 = chlo.erf %33 : tensor<3x5xbf16> -> tensor<3x5xbf16>
    %35 = stablehlo.convert %34 : (tensor<3x5xbf16>) -> tensor<3x5xf32>
    return %6, %7, %8, %9, %10, %13, %14, %17, %18, %19, %20, %24, %29, %30, %32, %35 : tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf16>, tensor<3x5xf32>
  }
  func.func private @arccosh(%arg0: tensor<3x5xf32>) -> tensor<3x5xf32> {
    %0 = chlo.acosh %arg0 : tensor<3x5xf32> -> tensor<3x5xf32>
    return %0 : tensor<3x5xf32>
  }
}
