module @jit_constants attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main() -> (tensor<3xf32> {jax.result_info = "result[0]"}, tensor<2xf64> {jax.result_info = "result[1]"}, tensor<3xi8> {jax.result_info = "result[2]"}, tensor<2xi16> {jax.result_info = "result[3]"}, tensor<2xi32> {jax.result_info = "result[4]"}, tensor<2xi64> {jax.result_info = "result[5]"}, tensor<3xui8> {jax.result_info = "result[6]"}, tensor<2xui16> {jax.result_info = "result[7]"}, tensor<2xui32> {jax.result_info = "result[8]"}, tensor<2xui64> {jax.result_info = "result[9]"}, tensor<10xi1> {jax.result_info = "result[10]"}, tensor<3x2xi1> {jax.result_info = "result[11]"}, tensor<4xi1> {jax.result_info = "result[12]"}, tensor<3xf16> {jax.result_info = "result[13]"}, tensor<3xbf16> {jax.result_info = "result[14]"}, tensor<2x3xf32> {jax.result_info = "result[15]"}) {
    %cst = stablehlo.constant dense<[1.500000e+00, -2.250000e+00, 3.000000e+00]> : tensor<3xf32>
    %cst_0 = stablehlo.constant dense<[1.500000e+00, -2.500000e+00]> : tensor<2xf64>
    %c = stablehlo.constant dense<[-7, 8, 127]> : tensor<3xi8>
    %c_1 = stablehlo.constant dense<[-300, 301]> : tensor<2xi16>
    %c_2 = stablehlo.constant dense<[1073741824, -5]> : tensor<2xi32>
    %c_3 = stablehlo.constant dense<[1099511627776, -1]> : tensor<2xi64>
    %c_4 = stablehlo.constant dense<[0, 255, 7]> : tensor<3xui8>
    %c_5 = stablehlo.constant dense<[65535, 1]> : tensor<2xui16>
    %c_6 = stablehlo.constant dense<[4000000000, 3]> : tensor<2xui32>
    %c_7 = stablehlo.constant dense<[9223372036854775808, 9]> : tensor<2xui64>
    %c_8 = stablehlo.constant dense<[true, false, true, true, false, false, true, false, true, true]> : tensor<10xi1>
    %cst_9 = stablehlo.constant dense<[1.000000e+00, -5.000000e-01, 6.550400e+04]> : tensor<3xf16>
    %cst_10 = stablehlo.constant dense<[1.000000e+00, -3.500000e+00, 1.000260e+30]> : tensor<3xbf16>
    %c_11 = stablehlo.constant dense<true> : tensor<i1>
    %0 = stablehlo.broadcast_in_dim %c_11, dims = [] : (tensor<i1>) -> tensor<3x2xi1>
    %c_12 = stablehlo.constant dense<false> : tensor<i1>
    %1 = stablehlo.broadcast_in_dim %c_12, dims = [] : (tensor<i1>) -> tensor<4xi1>
    %cst_13 = stablehlo.constant dense<2.500000e-01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
    return %cst, %cst_0, %c, %c_1, %c_2, %c_3, %c_4, %c_5, %c_6, %c_7, %c_8, %0, %1, %cst_9, %cst_10, %2 : tensor<3xf32>, tensor<2xf64>, tensor<3xi8>, tensor<2xi16>, tensor<2xi32>, tensor<2xi64>, tensor<3xui8>, tensor<2xui16>, tensor<2xui32>, tensor<2xui64>, tensor<10xi1>, tensor<3x2xi1>, tensor<4xi1>, tensor<3xf16>, tensor<3xbf16>, tensor<2x3xf32>
  }
}
