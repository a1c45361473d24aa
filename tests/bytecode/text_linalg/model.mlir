func.func public @main(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<3x3xf32>) {
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false,
      transpose_a = #stablehlo<transpose TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  %1 = "stablehlo.cholesky"(%a) {lower = true} : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0, %1 : tensor<3x2xf32>, tensor<3x3xf32>
}
