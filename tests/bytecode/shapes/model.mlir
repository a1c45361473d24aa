module @jit_shapes attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xf32>) -> (tensor<6x4xf32> {jax.result_info = "result[0]"}, tensor<2x2xf32> {jax.result_info = "result[1]"}, tensor<3x4xf32> {jax.result_info = "result[2]"}, tensor<4x3xf32> {jax.result_info = "result[3]"}) {
    %c = stablehlo.constant dense<0> : tensor<i64>
    %0 = call @_pad(%arg0, %c) : (tensor<3x4xf32>, tensor<i64>) -> tensor<4x6xf32>
    %1 = stablehlo.reverse %arg0, dims = [0] : tensor<3x4xf32>
    %2 = stablehlo.concatenate %arg0, %1, dim = 0 : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<6x4xf32>
    %3 = stablehlo.transpose %0, dims = [1, 0] : (tensor<4x6xf32>) -> tensor<6x4xf32>
    %4 = stablehlo.slice %2 [1:5:2, 0:4:2] : (tensor<6x4xf32>) -> tensor<2x2xf32>
    %5 = stablehlo.reverse %arg0, dims = [1] : tensor<3x4xf32>
    %6 = stablehlo.reshape %arg0 : (tensor<3x4xf32>) -> tensor<4x3xf32>
    return %3, %4, %5, %6 : tensor<6x4xf32>, tensor<2x2xf32>, tensor<3x4xf32>, tensor<4x3xf32>
  }
  func.func private @_pad(%arg0: tensor<3x4xf32>, %arg1: tensor<i64>) -> tensor<4x6xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i64>) -> tensor<f32>
    %1 = stablehlo.pad %arg0, %0, low = [1, 0], high = [0, 2], interior = [0, 0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<4x6xf32>
    return %1 : tensor<4x6xf32>
  }
}
