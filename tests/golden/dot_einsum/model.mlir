module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4x5xf32>, %arg1: tensor<3x5x6xf32>, %arg2: tensor<4x7xf32>, %arg3: tensor<6x7xf32>, %arg4: tensor<2x3x4xf32>, %arg5: tensor<3x4x5xf32>) -> (tensor<3x4x6xf32> {jax.result_info = "result[0]"}, tensor<4x6xf32> {jax.result_info = "result[1]"}, tensor<4x6xf32> {jax.result_info = "result[2]"}, tensor<2x5xf32> {jax.result_info = "result[3]"}, tensor<3x5x5xf32> {jax.result_info = "result[4]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<3x4x5xf32>, tensor<3x5x6xf32>) -> tensor<3x4x6xf32>
    %1 = stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x7xf32>, tensor<6x7xf32>) -> tensor<4x6xf32>
    %2 = stablehlo.transpose %arg2, dims = [1, 0] : (tensor<4x7xf32>) -> tensor<7x4xf32>
    %3 = stablehlo.transpose %arg3, dims = [1, 0] : (tensor<6x7xf32>) -> tensor<7x6xf32>
    %4 = stablehlo.dot_general %2, %3, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<7x4xf32>, tensor<7x6xf32>) -> tensor<4x6xf32>
    %5 = stablehlo.dot_general %arg4, %arg5, contracting_dims = [1, 2] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x3x4xf32>, tensor<3x4x5xf32>) -> tensor<2x5xf32>
    %6 = stablehlo.dot_general %arg0, %arg0, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<3x4x5xf32>, tensor<3x4x5xf32>) -> tensor<3x5x5xf32>
    return %0, %1, %4, %5, %6 : tensor<3x4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<2x5xf32>, tensor<3x5x5xf32>
  }
}
