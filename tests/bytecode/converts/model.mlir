module @jit_converts attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6xf32>) -> (tensor<6xi32> {jax.result_info = "result[0]"}, tensor<6xf16> {jax.result_info = "result[1]"}, tensor<6xbf16> {jax.result_info = "result[2]"}, tensor<6xui8> {jax.result_info = "result[3]"}, tensor<6xf64> {jax.result_info = "result[4]"}, tensor<6xf32> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<6xf32>) -> tensor<6xi32>
    %1 = stablehlo.convert %arg0 : (tensor<6xf32>) -> tensor<6xf16>
    %2 = stablehlo.convert %arg0 : (tensor<6xf32>) -> tensor<6xbf16>
    %3 = stablehlo.convert %arg0 : (tensor<6xf32>) -> tensor<6xui8>
    %4 = stablehlo.convert %arg0 : (tensor<6xf32>) -> tensor<6xf64>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %6 = stablehlo.compare GT, %arg0, %5, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
    %7 = stablehlo.convert %6 : (tensor<6xi1>) -> tensor<6xf32>
    return %0, %1, %2, %3, %4, %7 : tensor<6xi32>, tensor<6xf16>, tensor<6xbf16>, tensor<6xui8>, tensor<6xf64>, tensor<6xf32>
  }
}
