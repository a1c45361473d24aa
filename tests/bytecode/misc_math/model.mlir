module @jit_misc_math attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6xf32>, %arg1: tensor<6xf32>) -> (tensor<6xf32> {jax.result_info = "result[0]"}, tensor<6xf32> {jax.result_info = "result[1]"}, tensor<6xf32> {jax.result_info = "result[2]"}, tensor<6xf32> {jax.result_info = "result[3]"}, tensor<6xf32> {jax.result_info = "result[4]"}, tensor<6xi1> {jax.result_info = "result[5]"}, tensor<6xf32> {jax.result_info = "result[6]"}, tensor<6xf32> {jax.result_info = "result[7]"}, tensor<6xf32> {jax.result_info = "result[8]"}) {
    %cst = stablehlo.constant dense<-5.000000e-01> : tensor<f64>
    %cst_0 = stablehlo.constant dense<5.000000e-01> : tensor<f64>
    %0 = call @clip(%arg0, %cst, %cst_0) : (tensor<6xf32>, tensor<f64>, tensor<f64>) -> tensor<6xf32>
    %1 = call @round(%arg0) : (tensor<6xf32>) -> tensor<6xf32>
    %2 = stablehlo.sign %arg0 : tensor<6xf32>
    %3 = stablehlo.floor %arg0 : tensor<6xf32>
    %4 = stablehlo.ceil %arg0 : tensor<6xf32>
    %5 = stablehlo.divide %arg0, %arg1 : tensor<6xf32>
    %6 = stablehlo.is_finite %5 : (tensor<6xf32>) -> tensor<6xi1>
    %7 = stablehlo.atan2 %arg0, %arg1 : tensor<6xf32>
    %8 = stablehlo.abs %arg0 : tensor<6xf32>
    %9 = stablehlo.power %8, %arg1 : tensor<6xf32>
    %10 = stablehlo.round_nearest_even %arg0 : tensor<6xf32>
    return %0, %1, %2, %3, %4, %6, %7, %9, %10 : tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xi1>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>
  }
  func.func private @clip(%arg0: tensor<6xf32>, %arg1: tensor<f64>, %arg2: tensor<f64>) -> tensor<6xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<f64>) -> tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<6xf32>
    %3 = stablehlo.convert %arg2 : (tensor<f64>) -> tensor<f32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %5 = stablehlo.minimum %4, %2 : tensor<6xf32>
    return %5 : tensor<6xf32>
  }
  func.func private @round(%arg0: tensor<6xf32>) -> tensor<6xf32> {
    %0 = stablehlo.round_nearest_even %arg0 : tensor<6xf32>
    return %0 : tensor<6xf32>
  }
}
