module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x16xf32>) -> (tensor<4x16xf32> {jax.result_info = "result[0]"}, tensor<4x16xf32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.sine %arg0 : tensor<4x16xf32>
    %1 = stablehlo.cosine %arg0 : tensor<4x16xf32>
    return %0, %1 : tensor<4x16xf32>, tensor<4x16xf32>
  }
}
