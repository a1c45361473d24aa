module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<i64>) -> (tensor<f64> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i64>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %0:3 = stablehlo.while(%iterArg = %c, %iterArg_0 = %arg0, %iterArg_1 = %cst) : tensor<i64>, tensor<i64>, tensor<f64>
    cond {
      %1 = stablehlo.compare LT, %iterArg, %iterArg_0, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    } do {
      %c_2 = stablehlo.constant dense<1> : tensor<i64>
      %1 = stablehlo.add %iterArg, %c_2 : tensor<i64>
      %cst_3 = stablehlo.constant dense<2.000000e+00> : tensor<f64>
      %2 = stablehlo.multiply %iterArg_1, %cst_3 : tensor<f64>
      stablehlo.return %1, %iterArg_0, %2 : tensor<i64>, tensor<i64>, tensor<f64>
    }
    return %0#2 : tensor<f64>
  }
}
