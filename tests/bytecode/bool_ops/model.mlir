module @jit_bool_ops attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<9xi1>, %arg1: tensor<9xi1>) -> (tensor<9xi1> {jax.result_info = "result[0]"}, tensor<9xi1> {jax.result_info = "result[1]"}, tensor<9xi1> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.and %arg0, %arg1 : tensor<9xi1>
    %1 = stablehlo.not %arg1 : tensor<9xi1>
    %2 = stablehlo.or %arg0, %1 : tensor<9xi1>
    %3 = stablehlo.xor %arg0, %arg1 : tensor<9xi1>
    return %0, %2, %3 : tensor<9xi1>, tensor<9xi1>, tensor<9xi1>
  }
}
