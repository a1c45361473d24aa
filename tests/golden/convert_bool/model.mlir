module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12xi1>, %arg1: tensor<12xf32>, %arg2: tensor<12xi32>) -> (tensor<12xf32> {jax.result_info = "result[0]"}, tensor<12xi32> {jax.result_info = "result[1]"}, tensor<12xui8> {jax.result_info = "result[2]"}, tensor<12xi1> {jax.result_info = "result[3]"}, tensor<12xi1> {jax.result_info = "result[4]"}, tensor<12xf16> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<12xi1>) -> tensor<12xf32>
    %1 = stablehlo.convert %arg0 : (tensor<12xi1>) -> tensor<12xi32>
    %2 = stablehlo.convert %arg0 : (tensor<12xi1>) -> tensor<12xui8>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<12xf32>
    %4 = stablehlo.compare NE, %arg1, %3, FLOAT : (tensor<12xf32>, tensor<12xf32>) -> tensor<12xi1>
    %5 = stablehlo.convert %4 : tensor<12xi1>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %7 = stablehlo.compare NE, %arg2, %6, SIGNED : (tensor<12xi32>, tensor<12xi32>) -> tensor<12xi1>
    %8 = stablehlo.convert %7 : tensor<12xi1>
    %9 = stablehlo.convert %arg0 : (tensor<12xi1>) -> tensor<12xf16>
    return %0, %1, %2, %5, %8, %9 : tensor<12xf32>, tensor<12xi32>, tensor<12xui8>, tensor<12xi1>, tensor<12xi1>, tensor<12xf16>
  }
}
