module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1x6x6x4xcomplex<f32>>, %arg1: tensor<3x3x2x4xcomplex<f32>>) -> (tensor<1x6x6x4xcomplex<f32>> {jax.result_info = "result"}) {
    %0 = stablehlo.real %arg0 : (tensor<1x6x6x4xcomplex<f32>>) -> tensor<1x6x6x4xf32>
    %1 = stablehlo.imag %arg0 : (tensor<1x6x6x4xcomplex<f32>>) -> tensor<1x6x6x4xf32>
    %2 = stablehlo.real %arg1 : (tensor<3x3x2x4xcomplex<f32>>) -> tensor<3x3x2x4xf32>
    %3 = stablehlo.imag %arg1 : (tensor<3x3x2x4xcomplex<f32>>) -> tensor<3x3x2x4xf32>
    %4 = stablehlo.add %0, %1 : tensor<1x6x6x4xf32>
    %5 = stablehlo.convolution(%4, %2) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x6x6x4xf32>, tensor<3x3x2x4xf32>) -> tensor<1x6x6x4xf32>
    %6 = stablehlo.subtract %3, %2 : tensor<3x3x2x4xf32>
    %7 = stablehlo.convolution(%0, %6) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x6x6x4xf32>, tensor<3x3x2x4xf32>) -> tensor<1x6x6x4xf32>
    %8 = stablehlo.add %2, %3 : tensor<3x3x2x4xf32>
    %9 = stablehlo.convolution(%1, %8) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x6x6x4xf32>, tensor<3x3x2x4xf32>) -> tensor<1x6x6x4xf32>
    %10 = stablehlo.subtract %5, %9 : tensor<1x6x6x4xf32>
    %11 = stablehlo.add %5, %7 : tensor<1x6x6x4xf32>
    %12 = stablehlo.complex %10, %11 : tensor<1x6x6x4xcomplex<f32>>
    return %12 : tensor<1x6x6x4xcomplex<f32>>
  }
}
