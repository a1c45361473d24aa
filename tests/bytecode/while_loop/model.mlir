module @jit_while_loop attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5xf32>, %arg1: tensor<i32>) -> (tensor<5xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i64>
    %0:3 = stablehlo.while(%iterArg = %arg1, %iterArg_0 = %c, %iterArg_1 = %arg0) : tensor<i32>, tensor<i64>, tensor<5xf32>
    cond {
      %1 = stablehlo.convert %iterArg_0 : (tensor<i64>) -> tensor<i32>
      %2 = stablehlo.compare LT, %1, %iterArg, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %2 : tensor<i1>
    } do {
      %c_2 = stablehlo.constant dense<1> : tensor<i64>
      %1 = stablehlo.add %iterArg_0, %c_2 : tensor<i64>
      %cst = stablehlo.constant dense<1.500000e+00> : tensor<f32>
      %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5xf32>
      %3 = stablehlo.multiply %iterArg_1, %2 : tensor<5xf32>
      %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %4 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<5xf32>
      %5 = stablehlo.add %3, %4 : tensor<5xf32>
      stablehlo.return %iterArg, %1, %5 : tensor<i32>, tensor<i64>, tensor<5xf32>
    }
    return %0#2 : tensor<5xf32>
  }
}
