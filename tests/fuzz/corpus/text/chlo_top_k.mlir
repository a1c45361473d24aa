module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x100xf32>, %arg1: tensor<3x17xi32>, %arg2: tensor<2x3x45xf64>) -> (tensor<6x7xf32> {jax.result_info = "result[0]"}, tensor<6x7xi32> {jax.result_info = "result[1]"}, tensor<6x1xf32> {jax.result_info = "result[2]"}, tensor<6x1xi32> {jax.result_info = "result[3]"}, tensor<3x5xi32> {jax.result_info = "result[4]"}, tensor<3x5xi32> {jax.result_info = "result[5]"}, tensor<2x3x40xf64> {jax.result_info = "result[6]"}, tensor<2x3x40xi32> {jax.result_info = "result[7]"}) {
    %values, %indices = chlo.top_k(%arg0, k = 7) : tensor<6x100xf32> -> (tensor<6x7xf32>, tensor<6x7xi32>)
    %values_0, %indices_1 = chlo.top_k(%arg0, k = 1) : tensor<6x100xf32> -> (tensor<6x1xf32>, tensor<6x1xi32>)
    %values_2, %indices_3 = chlo.top_k(%arg1, k = 5) : tensor<3x17xi32> -> (tensor<3x5xi32>, tensor<3x5xi32>)
    %values_4, %indices_5 = chlo.top_k(%arg2, k = 40) : tensor<2x3x45xf64> -> (tensor<2x3x40xf64>, tensor<2x3x40xi32>)
    return %values, %indices, %values_0, %indices_1, %values_2, %indices_3, %values_4, %indices_5 : tensor<6x7xf32>, tensor<6x7xi32>, tensor<6x1xf32>, tensor<6x1xi32>, tensor<3x5xi32>, tensor<3x5xi32>, tensor<2x3x40xf64>, tensor<2x3x40xi32>
  }
}
