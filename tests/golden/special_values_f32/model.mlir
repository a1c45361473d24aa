module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12xf32>, %arg1: tensor<12xf32>) -> (tensor<12xf32> {jax.result_info = "result[0]"}, tensor<12xf32> {jax.result_info = "result[1]"}, tensor<12xf32> {jax.result_info = "result[2]"}, tensor<12xf32> {jax.result_info = "result[3]"}, tensor<12xf32> {jax.result_info = "result[4]"}, tensor<12xf32> {jax.result_info = "result[5]"}, tensor<12xf32> {jax.result_info = "result[6]"}, tensor<12xf32> {jax.result_info = "result[7]"}, tensor<12xf32> {jax.result_info = "result[8]"}, tensor<12xi1> {jax.result_info = "result[9]"}, tensor<12xi1> {jax.result_info = "result[10]"}, tensor<12xi1> {jax.result_info = "result[11]"}, tensor<12xi1> {jax.result_info = "result[12]"}, tensor<12xi1> {jax.result_info = "result[13]"}) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<12xf32>
    %1 = stablehlo.multiply %arg0, %arg1 : tensor<12xf32>
    %2 = stablehlo.maximum %arg0, %arg1 : tensor<12xf32>
    %3 = stablehlo.minimum %arg0, %arg1 : tensor<12xf32>
    %4 = stablehlo.abs %arg0 : tensor<12xf32>
    %5 = stablehlo.negate %arg0 : tensor<12xf32>
    %6 = stablehlo.floor %arg0 : tensor<12xf32>
    %7 = stablehlo.ceil %arg0 : tensor<12xf32>
    %8 = stablehlo.sign %arg0 : tensor<12xf32>
    %9 = stablehlo.is_finite %arg0 : (tensor<12xf32>) -> tensor<12xi1>
    %10 = stablehlo.compare EQ, %arg0, %arg1, FLOAT : (tensor<12xf32>, tensor<12xf32>) -> tensor<12xi1>
    %11 = stablehlo.compare LT, %arg0, %arg1, FLOAT : (tensor<12xf32>, tensor<12xf32>) -> tensor<12xi1>
    %12 = stablehlo.compare NE, %arg0, %arg1, FLOAT : (tensor<12xf32>, tensor<12xf32>) -> tensor<12xi1>
    %13 = stablehlo.compare GE, %arg0, %arg1, FLOAT : (tensor<12xf32>, tensor<12xf32>) -> tensor<12xi1>
    return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13 : tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>
  }
}
