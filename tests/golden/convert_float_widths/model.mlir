module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<24xf32>, %arg1: tensor<24xf16>, %arg2: tensor<24xbf16>, %arg3: tensor<24xf64>) -> (tensor<24xf16> {jax.result_info = "result[0]"}, tensor<24xbf16> {jax.result_info = "result[1]"}, tensor<24xf64> {jax.result_info = "result[2]"}, tensor<24xf32> {jax.result_info = "result[3]"}, tensor<24xf32> {jax.result_info = "result[4]"}, tensor<24xf32> {jax.result_info = "result[5]"}, tensor<24xbf16> {jax.result_info = "result[6]"}, tensor<24xf16> {jax.result_info = "result[7]"}, tensor<24xf16> {jax.result_info = "result[8]"}, tensor<24xf64> {jax.result_info = "result[9]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<24xf32>) -> tensor<24xf16>
    %1 = stablehlo.convert %arg0 : (tensor<24xf32>) -> tensor<24xbf16>
    %2 = stablehlo.convert %arg0 : (tensor<24xf32>) -> tensor<24xf64>
    %3 = stablehlo.convert %arg1 : (tensor<24xf16>) -> tensor<24xf32>
    %4 = stablehlo.convert %arg2 : (tensor<24xbf16>) -> tensor<24xf32>
    %5 = stablehlo.convert %arg3 : (tensor<24xf64>) -> tensor<24xf32>
    %6 = stablehlo.convert %arg1 : (tensor<24xf16>) -> tensor<24xbf16>
    %7 = stablehlo.convert %arg2 : (tensor<24xbf16>) -> tensor<24xf16>
    %8 = stablehlo.convert %arg3 : (tensor<24xf64>) -> tensor<24xf16>
    %9 = stablehlo.convert %arg1 : (tensor<24xf16>) -> tensor<24xf64>
    return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<24xf16>, tensor<24xbf16>, tensor<24xf64>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xbf16>, tensor<24xf16>, tensor<24xf16>, tensor<24xf64>
  }
}
