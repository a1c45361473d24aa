module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x8xf64>, %arg1: tensor<3x8xf64>) -> (tensor<3x8xf64> {jax.result_info = "result[0]"}, tensor<3x8xf64> {jax.result_info = "result[1]"}, tensor<3x8xf64> {jax.result_info = "result[2]"}, tensor<3x8xf64> {jax.result_info = "result[3]"}, tensor<3x8xf64> {jax.result_info = "result[4]"}, tensor<3x8xf64> {jax.result_info = "result[5]"}, tensor<3x8xf64> {jax.result_info = "result[6]"}, tensor<3x8xf64> {jax.result_info = "result[7]"}, tensor<3x8xf64> {jax.result_info = "result[8]"}, tensor<3x8xf64> {jax.result_info = "result[9]"}, tensor<3x8xf64> {jax.result_info = "result[10]"}, tensor<3x8xf64> {jax.result_info = "result[11]"}, tensor<3x8xf64> {jax.result_info = "result[12]"}, tensor<3x8xf64> {jax.result_info = "result[13]"}) {
    %0 = stablehlo.exponential %arg0 : tensor<3x8xf64>
    %1 = stablehlo.exponential_minus_one %arg0 : tensor<3x8xf64>
    %2 = stablehlo.log %arg1 : tensor<3x8xf64>
    %3 = stablehlo.log_plus_one %arg1 : tensor<3x8xf64>
    %4 = stablehlo.negate %arg0 : tensor<3x8xf64>
    %5 = stablehlo.exponential %4 : tensor<3x8xf64>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<3x8xf64>
    %7 = stablehlo.add %6, %5 : tensor<3x8xf64>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f64>) -> tensor<3x8xf64>
    %9 = stablehlo.divide %8, %7 : tensor<3x8xf64>
    %10 = stablehlo.tanh %arg0 : tensor<3x8xf64>
    %11 = stablehlo.sine %arg0 : tensor<3x8xf64>
    %12 = stablehlo.cosine %arg0 : tensor<3x8xf64>
    %cst_1 = stablehlo.constant dense<6.000000e-01> : tensor<f64>
    %13 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f64>) -> tensor<3x8xf64>
    %14 = stablehlo.multiply %arg0, %13 : tensor<3x8xf64>
    %15 = stablehlo.tan %14 : tensor<3x8xf64>
    %16 = stablehlo.sqrt %arg1 : tensor<3x8xf64>
    %17 = stablehlo.rsqrt %arg1 : tensor<3x8xf64>
    %18 = stablehlo.cbrt %arg0 : tensor<3x8xf64>
    %cst_2 = stablehlo.constant dense<3.000000e+00> : tensor<f64>
    %19 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f64>) -> tensor<3x8xf64>
    %20 = stablehlo.multiply %arg0, %19 : tensor<3x8xf64>
    %21 = stablehlo.floor %20 : tensor<3x8xf64>
    %cst_3 = stablehlo.constant dense<3.000000e+00> : tensor<f64>
    %22 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f64>) -> tensor<3x8xf64>
    %23 = stablehlo.multiply %arg0, %22 : tensor<3x8xf64>
    %24 = call @round(%23) : (tensor<3x8xf64>) -> tensor<3x8xf64>
    return %0, %1, %2, %3, %9, %10, %11, %12, %15, %16, %17, %18, %21, %24 : tensor<3x8xf64>, tensor<3x8xf64>, tensor<3x8xf64>, tensor<3x8xf64>, tensor<3x8xf64>, tensor<3x8xf64>, tensor<3x8xf64>, tensor<3x8xf64>, tensor<3x8xf64>, tensor<3x8xf64>, tensor<3x8xf64>, tensor<3x8xf64>, tensor<3x8xf64>, tensor<3x8xf64>
  }
  func.func private @round(%arg0: tensor<3x8xf64>) -> tensor<3x8xf64> {
    %0 = stablehlo.round_nearest_even %arg0 : tensor<3x8xf64>
    return %0 : tensor<3x8xf64>
  }
}
