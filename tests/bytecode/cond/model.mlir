module @jit_cond attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<i1>, %arg1: tensor<4xf32>) -> (tensor<4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convert %arg0 : (tensor<i1>) -> tensor<i32>
    %1 = "stablehlo.case"(%0) ({
      %2 = stablehlo.cosine %arg1 : tensor<4xf32>
      %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %4 = stablehlo.multiply %2, %3 : tensor<4xf32>
      stablehlo.return %4 : tensor<4xf32>
    }, {
      %2 = stablehlo.sine %arg1 : tensor<4xf32>
      stablehlo.return %2 : tensor<4xf32>
    }) : (tensor<i32>) -> tensor<4xf32>
    return %1 : tensor<4xf32>
  }
}
