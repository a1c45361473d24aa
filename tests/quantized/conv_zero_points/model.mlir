module {
  func.func @main(%x: tensor<2x9x7x3xf32>, %w: tensor<3x3x3x4x!quant.uniform<i8:f32, 0.011:-3>>) -> (tensor<2x5x4x4x!quant.uniform<i32:f32, 0.00021999999999999998:0>>, tensor<2x5x4x4x!quant.uniform<i8:f32, 0.04:-20>>) {
    %0 = stablehlo.uniform_quantize %x : (tensor<2x9x7x3xf32>) -> tensor<2x9x7x3x!quant.uniform<i8:f32, 0.02:5>>
    %1 = stablehlo.convolution(%0, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x9x7x3x!quant.uniform<i8:f32, 0.02:5>>, tensor<3x3x3x4x!quant.uniform<i8:f32, 0.011:-3>>) -> tensor<2x5x4x4x!quant.uniform<i32:f32, 0.00021999999999999998:0>>
    %2 = stablehlo.uniform_quantize %1 : (tensor<2x5x4x4x!quant.uniform<i32:f32, 0.00021999999999999998:0>>) -> tensor<2x5x4x4x!quant.uniform<i8:f32, 0.04:-20>>
    return %1, %2 : tensor<2x5x4x4x!quant.uniform<i32:f32, 0.00021999999999999998:0>>, tensor<2x5x4x4x!quant.uniform<i8:f32, 0.04:-20>>
  }
}
