module @jit_complex128 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3xcomplex<f64>>) -> (tensor<2x3xcomplex<f64>> {jax.result_info = "result[0]"}, tensor<2x3xcomplex<f64>> {jax.result_info = "result[1]"}, tensor<2x3xf64> {jax.result_info = "result[2]"}, tensor<2x3xcomplex<f32>> {jax.result_info = "result[3]"}) {
    %cst = stablehlo.constant dense<[[(2.500000e-01,-1.000000e+00)], [(2.000000e+00,5.000000e-01)]]> : tensor<2x1xcomplex<f64>>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [0, 1] : (tensor<2x1xcomplex<f64>>) -> tensor<2x3xcomplex<f64>>
    %1 = stablehlo.multiply %arg0, %0 : tensor<2x3xcomplex<f64>>
    %2 = stablehlo.tanh %arg0 : tensor<2x3xcomplex<f64>>
    %3 = stablehlo.real %arg0 : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
    %4 = stablehlo.imag %arg0 : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
    %5 = stablehlo.add %3, %4 : tensor<2x3xf64>
    %6 = stablehlo.convert %arg0 : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xcomplex<f32>>
    return %1, %2, %5, %6 : tensor<2x3xcomplex<f64>>, tensor<2x3xcomplex<f64>>, tensor<2x3xf64>, tensor<2x3xcomplex<f32>>
  }
}
