module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3x4xf32>, %arg1: tensor<4xf32>, %arg2: tensor<6x8xi32>) -> (tensor<2x3x4xf32> {jax.result_info = "result[0]"}, tensor<6x4xf32> {jax.result_info = "result[1]"}, tensor<4x2x3xf32> {jax.result_info = "result[2]"}, tensor<3x3xi32> {jax.result_info = "result[3]"}, tensor<6x2xi32> {jax.result_info = "result[4]"}, tensor<2x6x4xf32> {jax.result_info = "result[5]"}, tensor<4x8xi32> {jax.result_info = "result[6]"}, tensor<2x3x4xf32> {jax.result_info = "result[7]"}, tensor<6x8xi32> {jax.result_info = "result[8]"}, tensor<4x3xf32> {jax.result_info = "result[9]"}) {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<4xf32>) -> tensor<1x1x4xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1, 2] : (tensor<1x1x4xf32>) -> tensor<2x3x4xf32>
    %2 = stablehlo.add %arg0, %1 : tensor<2x3x4xf32>
    %3 = stablehlo.reshape %arg0 : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
    %4 = stablehlo.transpose %arg0, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
    %5 = stablehlo.slice %arg2 [1:6:2, 0:8:3] : (tensor<6x8xi32>) -> tensor<3x3xi32>
    %6 = stablehlo.slice %arg2 [0:6, 2:7:4] : (tensor<6x8xi32>) -> tensor<6x2xi32>
    %7 = stablehlo.reverse %6, dims = [0] : tensor<6x2xi32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x3x4xf32>
    %9 = stablehlo.multiply %arg0, %8 : tensor<2x3x4xf32>
    %10 = stablehlo.concatenate %arg0, %9, dim = 1 : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x6x4xf32>
    %11 = stablehlo.slice %arg2 [0:2, 0:8] : (tensor<6x8xi32>) -> tensor<2x8xi32>
    %12 = stablehlo.slice %arg2 [3:4, 0:8] : (tensor<6x8xi32>) -> tensor<1x8xi32>
    %13 = stablehlo.slice %arg2 [5:6, 0:8] : (tensor<6x8xi32>) -> tensor<1x8xi32>
    %14 = stablehlo.concatenate %11, %12, %13, dim = 0 : (tensor<2x8xi32>, tensor<1x8xi32>, tensor<1x8xi32>) -> tensor<4x8xi32>
    %15 = call @_flip(%arg0) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    %16 = call @_flip_0(%arg2) : (tensor<6x8xi32>) -> tensor<6x8xi32>
    %17 = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x3xf32>
    return %2, %3, %4, %5, %7, %10, %14, %15, %16, %18 : tensor<2x3x4xf32>, tensor<6x4xf32>, tensor<4x2x3xf32>, tensor<3x3xi32>, tensor<6x2xi32>, tensor<2x6x4xf32>, tensor<4x8xi32>, tensor<2x3x4xf32>, tensor<6x8xi32>, tensor<4x3xf32>
  }
  func.func private @_flip(%arg0: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
    %0 = stablehlo.reverse %arg0, dims = [0, 2] : tensor<2x3x4xf32>
    return %0 : tensor<2x3x4xf32>
  }
  func.func private @_flip_0(%arg0: tensor<6x8xi32>) -> tensor<6x8xi32> {
    %0 = stablehlo.reverse %arg0, dims = [1] : tensor<6x8xi32>
    return %0 : tensor<6x8xi32>
  }
}
