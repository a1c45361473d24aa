module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12xf64>, %arg1: tensor<12xf64>) -> (tensor<12xf64> {jax.result_info = "result[0]"}, tensor<12xf64> {jax.result_info = "result[1]"}, tensor<12xi1> {jax.result_info = "result[2]"}, tensor<12xf64> {jax.result_info = "result[3]"}, tensor<12xi1> {jax.result_info = "result[4]"}, tensor<12xi1> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.subtract %arg0, %arg1 : tensor<12xf64>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<12xf64>
    %2 = stablehlo.compare EQ, %arg1, %1, FLOAT : (tensor<12xf64>, tensor<12xf64>) -> tensor<12xi1>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %3 = call @_where(%2, %cst_0, %arg1) : (tensor<12xi1>, tensor<f64>, tensor<12xf64>) -> tensor<12xf64>
    %4 = stablehlo.divide %arg0, %3 : tensor<12xf64>
    %5 = stablehlo.add %arg0, %arg1 : tensor<12xf64>
    %6 = stablehlo.is_finite %5 : (tensor<12xf64>) -> tensor<12xi1>
    %7 = stablehlo.maximum %arg0, %arg1 : tensor<12xf64>
    %8 = stablehlo.compare LE, %arg0, %arg1, FLOAT : (tensor<12xf64>, tensor<12xf64>) -> tensor<12xi1>
    %9 = stablehlo.compare GT, %arg0, %arg1, FLOAT : (tensor<12xf64>, tensor<12xf64>) -> tensor<12xi1>
    return %0, %4, %6, %7, %8, %9 : tensor<12xf64>, tensor<12xf64>, tensor<12xi1>, tensor<12xf64>, tensor<12xi1>, tensor<12xi1>
  }
  func.func private @_where(%arg0: tensor<12xi1>, %arg1: tensor<f64>, %arg2: tensor<12xf64>) -> tensor<12xf64> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f64>) -> tensor<12xf64>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<12xi1>, tensor<12xf64>
    return %1 : tensor<12xf64>
  }
}
