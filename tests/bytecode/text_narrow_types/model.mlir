func.func public @main() -> (tensor<4xi4>, tensor<4xui4>, tensor<4xi2>, tensor<4xui2>,
    tensor<4xf8E4M3FN>, tensor<4xf8E5M2>, tensor<4xf8E4M3FNUZ>, tensor<4xf8E5M2FNUZ>,
    tensor<4xf8E4M3B11FNUZ>, tensor<4xf8E3M4>, tensor<4xf8E4M3>, tensor<4xf8E8M0FNU>,
    tensor<4xf6E2M3FN>, tensor<4xf6E3M2FN>, tensor<4xf4E2M1FN>, tensor<4xf32>) {
  %i4 = stablehlo.constant dense<[-8, -1, 3, 7]> : tensor<4xi4>
  %i4b = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi4>
  %r0 = stablehlo.add %i4, %i4b : tensor<4xi4>
  %u4 = stablehlo.constant dense<[0, 9, 15, 4]> : tensor<4xui4>
  %r1 = stablehlo.multiply %u4, %u4 : tensor<4xui4>
  %i2 = stablehlo.constant dense<[-2, -1, 0, 1]> : tensor<4xi2>
  %r2 = stablehlo.negate %i2 : tensor<4xi2>
  %u2 = stablehlo.constant dense<[0, 1, 2, 3]> : tensor<4xui2>
  %r3 = stablehlo.add %u2, %u2 : tensor<4xui2>
  %a = stablehlo.constant dense<[1.0, -2.5, 448.0, 0.1]> : tensor<4xf8E4M3FN>
  %r4 = stablehlo.add %a, %a : tensor<4xf8E4M3FN>
  %b = stablehlo.constant dense<[1.0, -2.5, 57344.0, 0.1]> : tensor<4xf8E5M2>
  %r5 = stablehlo.add %b, %b : tensor<4xf8E5M2>
  %c = stablehlo.constant dense<[1.0, -2.5, 240.0, 0.1]> : tensor<4xf8E4M3FNUZ>
  %r6 = stablehlo.add %c, %c : tensor<4xf8E4M3FNUZ>
  %d = stablehlo.constant dense<[1.0, -2.5, 3.0, 0.1]> : tensor<4xf8E5M2FNUZ>
  %r7 = stablehlo.multiply %d, %d : tensor<4xf8E5M2FNUZ>
  %e = stablehlo.constant dense<[1.0, -2.5, 30.0, 0.1]> : tensor<4xf8E4M3B11FNUZ>
  %r8 = stablehlo.subtract %e, %e : tensor<4xf8E4M3B11FNUZ>
  %f = stablehlo.constant dense<[1.0, -2.5, 15.5, 0.1]> : tensor<4xf8E3M4>
  %r9 = stablehlo.add %f, %f : tensor<4xf8E3M4>
  %g = stablehlo.constant dense<[1.0, -2.5, 240.0, 0.1]> : tensor<4xf8E4M3>
  %r10 = stablehlo.add %g, %g : tensor<4xf8E4M3>
  %h = stablehlo.constant dense<[1.0, 0.25, 4.0, 0.1]> : tensor<4xf8E8M0FNU>
  %r11 = stablehlo.multiply %h, %h : tensor<4xf8E8M0FNU>
  %k = stablehlo.constant dense<[1.0, -2.5, 7.5, 0.1]> : tensor<4xf6E2M3FN>
  %r12 = stablehlo.add %k, %k : tensor<4xf6E2M3FN>
  %l = stablehlo.constant dense<[1.0, -2.5, 28.0, 0.1]> : tensor<4xf6E3M2FN>
  %r13 = stablehlo.add %l, %l : tensor<4xf6E3M2FN>
  %m = stablehlo.constant dense<[1.0, -1.5, 6.0, 0.5]> : tensor<4xf4E2M1FN>
  %r14 = stablehlo.add %m, %m : tensor<4xf4E2M1FN>
  %r15 = stablehlo.convert %a : (tensor<4xf8E4M3FN>) -> tensor<4xf32>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15
    : tensor<4xi4>, tensor<4xui4>, tensor<4xi2>, tensor<4xui2>, tensor<4xf8E4M3FN>,
      tensor<4xf8E5M2>, tensor<4xf8E4M3FNUZ>, tensor<4xf8E5M2FNUZ>, tensor<4xf8E4M3B11FNUZ>,
      tensor<4xf8E3M4>, tensor<4xf8E4M3>, tensor<4xf8E8M0FNU>, tensor<4xf6E2M3FN>,
      tensor<4xf6E3M2FN>, tensor<4xf4E2M1FN>, tensor<4xf32>
}
