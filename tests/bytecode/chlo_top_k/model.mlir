module @jit_chlo_top_k attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x9xf32>, %arg1: tensor<2x6xi32>) -> (tensor<4x3xf32> {jax.result_info = "result[0]"}, tensor<4x3xi32> {jax.result_info = "result[1]"}, tensor<2x2xi32> {jax.result_info = "result[2]"}, tensor<2x2xi32> {jax.result_info = "result[3]"}) {
    %values, %indices = chlo.top_k(%arg0, k = 3) : tensor<4x9xf32> -> (tensor<4x3xf32>, tensor<4x3xi32>)
    %values_0, %indices_1 = chlo.top_k(%arg1, k = 2) : tensor<2x6xi32> -> (tensor<2x2xi32>, tensor<2x2xi32>)
    return %values, %indices, %values_0, %indices_1 : tensor<4x3xf32>, tensor<4x3xi32>, tensor<2x2xi32>, tensor<2x2xi32>
  }
}
