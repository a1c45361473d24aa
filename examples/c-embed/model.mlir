// y = tanh(x . w + 0.5), the model examples/c-embed/main.c embeds and checks.
func.func @main(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %c = stablehlo.constant dense<5.000000e-01> : tensor<2x4xf32>
  %1 = stablehlo.add %0, %c : tensor<2x4xf32>
  %2 = stablehlo.tanh %1 : tensor<2x4xf32>
  return %2 : tensor<2x4xf32>
}
