module @jit_constant_use attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3xf32>) -> (tensor<2x3xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>
    %c = stablehlo.constant dense<[[true, false, true], [false, true, true]]> : tensor<2x3xi1>
    %0 = stablehlo.multiply %arg0, %cst : tensor<2x3xf32>
    %cst_0 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
    %2 = stablehlo.add %arg0, %1 : tensor<2x3xf32>
    %3 = call @_where(%c, %0, %2) : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    return %3 : tensor<2x3xf32>
  }
  func.func private @_where(%arg0: tensor<2x3xi1>, %arg1: tensor<2x3xf32>, %arg2: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<2x3xi1>, tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
}
