module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xi1>, %arg1: tensor<8xi1>) -> (tensor<8xi1> {jax.result_info = "result[0]"}, tensor<8xi1> {jax.result_info = "result[1]"}, tensor<8xi1> {jax.result_info = "result[2]"}, tensor<8xi1> {jax.result_info = "result[3]"}, tensor<8xi1> {jax.result_info = "result[4]"}, tensor<8xi1> {jax.result_info = "result[5]"}, tensor<8xi1> {jax.result_info = "result[6]"}) {
    %0 = stablehlo.and %arg0, %arg1 : tensor<8xi1>
    %1 = stablehlo.or %arg0, %arg1 : tensor<8xi1>
    %2 = stablehlo.xor %arg0, %arg1 : tensor<8xi1>
    %3 = stablehlo.not %arg0 : tensor<8xi1>
    %4 = stablehlo.not %arg1 : tensor<8xi1>
    %5 = call @_where(%arg0, %arg1, %4) : (tensor<8xi1>, tensor<8xi1>, tensor<8xi1>) -> tensor<8xi1>
    %6 = stablehlo.compare EQ, %arg0, %arg1, UNSIGNED : (tensor<8xi1>, tensor<8xi1>) -> tensor<8xi1>
    %7 = stablehlo.compare NE, %arg0, %arg1, UNSIGNED : (tensor<8xi1>, tensor<8xi1>) -> tensor<8xi1>
    return %0, %1, %2, %3, %5, %6, %7 : tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>
  }
  func.func private @_where(%arg0: tensor<8xi1>, %arg1: tensor<8xi1>, %arg2: tensor<8xi1>) -> tensor<8xi1> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<8xi1>, tensor<8xi1>
    return %0 : tensor<8xi1>
  }
}
