module {
  func.func @main(%x: tensor<4x6xf32>, %y: tensor<4x6xf32>, %i: tensor<3x1xi32>) -> (tensor<4x6x!quant.uniform<i8:f32, 0.05:2>>, tensor<4x6x!quant.uniform<i8:f32, 0.0078125:0>>, tensor<4x6x!quant.uniform<i8:f32, 0.021:-4>>, tensor<4x6xi1>, tensor<6x8x!quant.uniform<i8:f32, 0.021:-4>>, tensor<3x6x!quant.uniform<i8:f32, 0.021:-4>>) {
    %a = stablehlo.uniform_quantize %x : (tensor<4x6xf32>) -> tensor<4x6x!quant.uniform<i8:f32, 0.021:-4>>
    %b = stablehlo.uniform_quantize %y : (tensor<4x6xf32>) -> tensor<4x6x!quant.uniform<i8:f32, 0.037:9>>
    %a2 = stablehlo.uniform_quantize %y : (tensor<4x6xf32>) -> tensor<4x6x!quant.uniform<i8:f32, 0.021:-4>>
    %0 = stablehlo.add %a, %b : (tensor<4x6x!quant.uniform<i8:f32, 0.021:-4>>, tensor<4x6x!quant.uniform<i8:f32, 0.037:9>>) -> tensor<4x6x!quant.uniform<i8:f32, 0.05:2>>
    %1 = stablehlo.tanh %a : (tensor<4x6x!quant.uniform<i8:f32, 0.021:-4>>) -> tensor<4x6x!quant.uniform<i8:f32, 0.0078125:0>>
    %2 = stablehlo.maximum %a, %a2 : tensor<4x6x!quant.uniform<i8:f32, 0.021:-4>>
    %3 = stablehlo.compare LT, %a, %b : (tensor<4x6x!quant.uniform<i8:f32, 0.021:-4>>, tensor<4x6x!quant.uniform<i8:f32, 0.037:9>>) -> tensor<4x6xi1>
    %4 = stablehlo.select %3, %a, %a2 : tensor<4x6xi1>, tensor<4x6x!quant.uniform<i8:f32, 0.021:-4>>
    %5 = stablehlo.transpose %4, dims = [1, 0] : (tensor<4x6x!quant.uniform<i8:f32, 0.021:-4>>) -> tensor<6x4x!quant.uniform<i8:f32, 0.021:-4>>
    %6 = stablehlo.concatenate %5, %5, dim = 1 : (tensor<6x4x!quant.uniform<i8:f32, 0.021:-4>>, tensor<6x4x!quant.uniform<i8:f32, 0.021:-4>>) -> tensor<6x8x!quant.uniform<i8:f32, 0.021:-4>>
    %7 = "stablehlo.gather"(%a, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 6>}> : (tensor<4x6x!quant.uniform<i8:f32, 0.021:-4>>, tensor<3x1xi32>) -> tensor<3x6x!quant.uniform<i8:f32, 0.021:-4>>
    return %0, %1, %2, %3, %6, %7 : tensor<4x6x!quant.uniform<i8:f32, 0.05:2>>, tensor<4x6x!quant.uniform<i8:f32, 0.0078125:0>>, tensor<4x6x!quant.uniform<i8:f32, 0.021:-4>>, tensor<4x6xi1>, tensor<6x8x!quant.uniform<i8:f32, 0.021:-4>>, tensor<3x6x!quant.uniform<i8:f32, 0.021:-4>>
  }
}
