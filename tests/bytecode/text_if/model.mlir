func.func public @main(%p: tensor<i1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %r = "stablehlo.if"(%p) ({
    %a = stablehlo.exponential %x : tensor<4xf32>
    stablehlo.return %a : tensor<4xf32>
  }, {
    stablehlo.return %x : tensor<4xf32>
  }) : (tensor<i1>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
