module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xf32>, %arg1: tensor<16xi32>, %arg2: tensor<16xi64>, %arg3: tensor<16xui32>, %arg4: tensor<16xui64>) -> (tensor<16xi32> {jax.result_info = "result[0]"}, tensor<16xi8> {jax.result_info = "result[1]"}, tensor<16xi64> {jax.result_info = "result[2]"}, tensor<16xui8> {jax.result_info = "result[3]"}, tensor<16xui32> {jax.result_info = "result[4]"}, tensor<16xf32> {jax.result_info = "result[5]"}, tensor<16xf64> {jax.result_info = "result[6]"}, tensor<16xf32> {jax.result_info = "result[7]"}, tensor<16xf64> {jax.result_info = "result[8]"}, tensor<16xi64> {jax.result_info = "result[9]"}) {
    %0 = stablehlo.abs %arg0 : tensor<16xf32>
    %1 = stablehlo.convert %arg0 : (tensor<16xf32>) -> tensor<16xi32>
    %c = stablehlo.constant dense<-128> : tensor<i64>
    %c_0 = stablehlo.constant dense<127> : tensor<i64>
    %2 = call @clip(%arg0, %c, %c_0) : (tensor<16xf32>, tensor<i64>, tensor<i64>) -> tensor<16xf32>
    %3 = stablehlo.convert %2 : (tensor<16xf32>) -> tensor<16xi8>
    %4 = stablehlo.convert %arg0 : (tensor<16xf32>) -> tensor<16xi64>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %c_2 = stablehlo.constant dense<255> : tensor<i64>
    %5 = call @clip(%0, %c_1, %c_2) : (tensor<16xf32>, tensor<i64>, tensor<i64>) -> tensor<16xf32>
    %6 = stablehlo.convert %5 : (tensor<16xf32>) -> tensor<16xui8>
    %7 = stablehlo.convert %0 : (tensor<16xf32>) -> tensor<16xui32>
    %8 = stablehlo.convert %arg1 : (tensor<16xi32>) -> tensor<16xf32>
    %9 = stablehlo.convert %arg2 : (tensor<16xi64>) -> tensor<16xf64>
    %10 = stablehlo.convert %arg3 : (tensor<16xui32>) -> tensor<16xf32>
    %11 = stablehlo.convert %arg4 : (tensor<16xui64>) -> tensor<16xf64>
    %12 = stablehlo.convert %arg0 : (tensor<16xf32>) -> tensor<16xf64>
    %cst = stablehlo.constant dense<1.000000e+06> : tensor<f64>
    %13 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<16xf64>
    %14 = stablehlo.multiply %12, %13 : tensor<16xf64>
    %15 = stablehlo.convert %14 : (tensor<16xf64>) -> tensor<16xi64>
    return %1, %3, %4, %6, %7, %8, %9, %10, %11, %15 : tensor<16xi32>, tensor<16xi8>, tensor<16xi64>, tensor<16xui8>, tensor<16xui32>, tensor<16xf32>, tensor<16xf64>, tensor<16xf32>, tensor<16xf64>, tensor<16xi64>
  }
  func.func private @clip(%arg0: tensor<16xf32>, %arg1: tensor<i64>, %arg2: tensor<i64>) -> tensor<16xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i64>) -> tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<16xf32>
    %3 = stablehlo.convert %arg2 : (tensor<i64>) -> tensor<f32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %5 = stablehlo.minimum %4, %2 : tensor<16xf32>
    return %5 : tensor<16xf32>
  }
}
