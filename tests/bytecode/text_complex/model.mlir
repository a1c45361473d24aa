func.func public @main(%a: tensor<2xf32>, %b: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xcomplex<f64>>) {
  %0 = stablehlo.complex %a, %b : tensor<2xcomplex<f32>>
  %k = stablehlo.constant dense<[(1.5, -2.0), (0x7FC00000, 0.25)]> : tensor<2xcomplex<f32>>
  %1 = stablehlo.multiply %0, %k : tensor<2xcomplex<f32>>
  %2 = stablehlo.imag %1 : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %3 = stablehlo.convert %1 : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f64>>
  %4 = "stablehlo.fft"(%3) {fft_type = #stablehlo<fft_type IFFT>, fft_length = array<i64: 2>} : (tensor<2xcomplex<f64>>) -> tensor<2xcomplex<f64>>
  return %2, %4 : tensor<2xf32>, tensor<2xcomplex<f64>>
}
