module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12xi64>, %arg1: tensor<12xui64>) -> (tensor<12xi64> {jax.result_info = "result[0]"}, tensor<12xi64> {jax.result_info = "result[1]"}, tensor<12xi64> {jax.result_info = "result[2]"}, tensor<12xi64> {jax.result_info = "result[3]"}, tensor<12xui64> {jax.result_info = "result[4]"}, tensor<12xui64> {jax.result_info = "result[5]"}, tensor<12xui64> {jax.result_info = "result[6]"}) {
    %0 = stablehlo.popcnt %arg0 : tensor<12xi64>
    %1 = stablehlo.count_leading_zeros %arg0 : tensor<12xi64>
    %2 = stablehlo.not %arg0 : tensor<12xi64>
    %3 = stablehlo.negate %arg0 : tensor<12xi64>
    %4 = stablehlo.popcnt %arg1 : tensor<12xui64>
    %5 = stablehlo.count_leading_zeros %arg1 : tensor<12xui64>
    %6 = stablehlo.not %arg1 : tensor<12xui64>
    return %0, %1, %2, %3, %4, %5, %6 : tensor<12xi64>, tensor<12xi64>, tensor<12xi64>, tensor<12xi64>, tensor<12xui64>, tensor<12xui64>, tensor<12xui64>
  }
}
