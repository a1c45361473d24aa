func.func public @main(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2xf32>, tensor<4x2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = "stablehlo.dot"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  %1 = "stablehlo.broadcast"(%a) {broadcast_sizes = array<i64: 4>} : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
  %2 = "stablehlo.reduce_precision"(%a) {exponent_bits = 5 : i32, mantissa_bits = 10 : i32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = "stablehlo.optimization_barrier"(%2) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = stablehlo.custom_call @my_target(%3) {has_side_effect = true, backend_config = "cfg"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = stablehlo.clamp %a, %a, %a : tensor<2x3xf32>
  %6 = stablehlo.bitcast_convert %5 : (tensor<2x3xf32>) -> tensor<2x3xi32>
  %7 = stablehlo.bitcast_convert %6 : (tensor<2x3xi32>) -> tensor<2x3xf32>
  return %0, %1, %7, %4 : tensor<2xf32>, tensor<4x2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}
