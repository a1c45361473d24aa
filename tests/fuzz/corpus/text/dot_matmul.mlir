module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x16xf32>, %arg1: tensor<16x12xf32>, %arg2: tensor<16xf32>, %arg3: tensor<8xf32>) -> (tensor<8x12xf32> {jax.result_info = "result[0]"}, tensor<f32> {jax.result_info = "result[1]"}, tensor<8xf32> {jax.result_info = "result[2]"}, tensor<16xf32> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<16x12xf32>) -> tensor<8x12xf32>
    %1 = stablehlo.dot_general %arg2, %arg2, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16xf32>, tensor<16xf32>) -> tensor<f32>
    %2 = stablehlo.dot_general %arg0, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8xf32>
    %3 = stablehlo.dot_general %arg3, %arg0, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8xf32>, tensor<8x16xf32>) -> tensor<16xf32>
    return %0, %1, %2, %3 : tensor<8x12xf32>, tensor<f32>, tensor<8xf32>, tensor<16xf32>
  }
}
