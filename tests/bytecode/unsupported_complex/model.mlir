func.func public @main(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.complex %a, %b : tensor<2xcomplex<f32>>
  %1 = stablehlo.real %0 : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
