module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x5xcomplex<f64>>, %arg1: tensor<3x5xcomplex<f64>>) -> (tensor<3x5xcomplex<f64>> {jax.result_info = "result[0]"}, tensor<3x5xcomplex<f64>> {jax.result_info = "result[1]"}, tensor<3x5xcomplex<f64>> {jax.result_info = "result[2]"}, tensor<3x5xcomplex<f64>> {jax.result_info = "result[3]"}, tensor<3x5xcomplex<f64>> {jax.result_info = "result[4]"}, tensor<3x5xcomplex<f64>> {jax.result_info = "result[5]"}, tensor<3x5xf64> {jax.result_info = "result[6]"}, tensor<3x5xcomplex<f64>> {jax.result_info = "result[7]"}, tensor<3x5xcomplex<f64>> {jax.result_info = "result[8]"}, tensor<3x5xcomplex<f64>> {jax.result_info = "result[9]"}) {
    %0 = stablehlo.multiply %arg0, %arg1 : tensor<3x5xcomplex<f64>>
    %1 = stablehlo.divide %arg0, %arg1 : tensor<3x5xcomplex<f64>>
    %2 = stablehlo.exponential %arg0 : tensor<3x5xcomplex<f64>>
    %3 = stablehlo.log %arg0 : tensor<3x5xcomplex<f64>>
    %4 = stablehlo.sqrt %arg0 : tensor<3x5xcomplex<f64>>
    %5 = stablehlo.tanh %arg0 : tensor<3x5xcomplex<f64>>
    %6 = stablehlo.abs %arg0 : (tensor<3x5xcomplex<f64>>) -> tensor<3x5xf64>
    %7 = stablehlo.power %arg0, %arg1 : tensor<3x5xcomplex<f64>>
    %cst = stablehlo.constant dense<(1.000000e-03,0.000000e+00)> : tensor<complex<f64>>
    %8 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f64>>) -> tensor<3x5xcomplex<f64>>
    %9 = stablehlo.multiply %arg0, %8 : tensor<3x5xcomplex<f64>>
    %10 = stablehlo.log_plus_one %9 : tensor<3x5xcomplex<f64>>
    %cst_0 = stablehlo.constant dense<(1.000000e-03,0.000000e+00)> : tensor<complex<f64>>
    %11 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f64>>) -> tensor<3x5xcomplex<f64>>
    %12 = stablehlo.multiply %arg0, %11 : tensor<3x5xcomplex<f64>>
    %13 = stablehlo.exponential_minus_one %12 : tensor<3x5xcomplex<f64>>
    return %0, %1, %2, %3, %4, %5, %6, %7, %10, %13 : tensor<3x5xcomplex<f64>>, tensor<3x5xcomplex<f64>>, tensor<3x5xcomplex<f64>>, tensor<3x5xcomplex<f64>>, tensor<3x5xcomplex<f64>>, tensor<3x5xcomplex<f64>>, tensor<3x5xf64>, tensor<3x5xcomplex<f64>>, tensor<3x5xcomplex<f64>>, tensor<3x5xcomplex<f64>>
  }
}
