module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x5x5x4xf32>, %arg1: tensor<3x3x1x8xf32>, %arg2: tensor<3x3x2x6xf32>) -> (tensor<2x5x5x8xf32> {jax.result_info = "result[0]"}, tensor<2x3x3x6xf32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 4 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x5x5x4xf32>, tensor<3x3x1x8xf32>) -> tensor<2x5x5x8xf32>
    %1 = stablehlo.convolution(%arg0, %arg2) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x5x5x4xf32>, tensor<3x3x2x6xf32>) -> tensor<2x3x3x6xf32>
    return %0, %1 : tensor<2x5x5x8xf32>, tensor<2x3x3x6xf32>
  }
}
