module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xi32>) -> (tensor<4xf16> {jax.result_info = "result[0]"}, tensor<4xbf16> {jax.result_info = "result[1]"}, tensor<4xf64> {jax.result_info = "result[2]"}, tensor<4xi8> {jax.result_info = "result[3]"}, tensor<4xui16> {jax.result_info = "result[4]"}, tensor<4xui64> {jax.result_info = "result[5]"}, tensor<4xi1> {jax.result_info = "result[6]"}) {
    %cst = stablehlo.constant dense<[1.500000e+00, -2.250000e+00, 6.550400e+04, 0.000000e+00]> : tensor<4xf16>
    %cst_0 = stablehlo.constant dense<[1.500000e+00, -2.250000e+00, 3.007380e+37, 0.000000e+00]> : tensor<4xbf16>
    %c = stablehlo.constant dense<[-128, 127, 0, -1]> : tensor<4xi8>
    %c_1 = stablehlo.constant dense<[0, 65535, 12345, 1]> : tensor<4xui16>
    %c_2 = stablehlo.constant dense<[18446744073709551615, 0, 9223372036854775808, 1]> : tensor<4xui64>
    %c_3 = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
    %cst_4 = stablehlo.constant dense<[3.1415926535897931, 2.7182818284590451, -1.000000e+300, 4.940660e-324]> : tensor<4xf64>
    %0 = stablehlo.convert %arg0 : (tensor<4xi32>) -> tensor<4xf16>
    %1 = stablehlo.add %cst, %0 : tensor<4xf16>
    %2 = stablehlo.convert %arg0 : (tensor<4xi32>) -> tensor<4xbf16>
    %3 = stablehlo.multiply %cst_0, %2 : tensor<4xbf16>
    %4 = stablehlo.convert %arg0 : (tensor<4xi32>) -> tensor<4xi8>
    %5 = stablehlo.add %c, %4 : tensor<4xi8>
    %6 = stablehlo.convert %arg0 : (tensor<4xi32>) -> tensor<4xui16>
    %7 = stablehlo.xor %c_1, %6 : tensor<4xui16>
    %8 = stablehlo.convert %arg0 : (tensor<4xi32>) -> tensor<4xui64>
    %9 = stablehlo.subtract %c_2, %8 : tensor<4xui64>
    %c_5 = stablehlo.constant dense<1> : tensor<i32>
    %10 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %11 = stablehlo.compare GT, %arg0, %10, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %12 = stablehlo.xor %c_3, %11 : tensor<4xi1>
    return %1, %3, %cst_4, %5, %7, %9, %12 : tensor<4xf16>, tensor<4xbf16>, tensor<4xf64>, tensor<4xi8>, tensor<4xui16>, tensor<4xui64>, tensor<4xi1>
  }
}
