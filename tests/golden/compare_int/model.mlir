module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xi32>, %arg1: tensor<16xi32>, %arg2: tensor<16xui32>, %arg3: tensor<16xui32>, %arg4: tensor<16xi8>, %arg5: tensor<16xui64>) -> (tensor<16xi1> {jax.result_info = "result[0]"}, tensor<16xi1> {jax.result_info = "result[1]"}, tensor<16xi1> {jax.result_info = "result[2]"}, tensor<16xi1> {jax.result_info = "result[3]"}, tensor<16xi1> {jax.result_info = "result[4]"}, tensor<16xi1> {jax.result_info = "result[5]"}, tensor<16xi1> {jax.result_info = "result[6]"}, tensor<16xi1> {jax.result_info = "result[7]"}, tensor<16xi1> {jax.result_info = "result[8]"}, tensor<16xi1> {jax.result_info = "result[9]"}, tensor<16xi1> {jax.result_info = "result[10]"}, tensor<16xi1> {jax.result_info = "result[11]"}, tensor<16xi1> {jax.result_info = "result[12]"}, tensor<16xi1> {jax.result_info = "result[13]"}, tensor<16xi1> {jax.result_info = "result[14]"}, tensor<16xi1> {jax.result_info = "result[15]"}) {
    %0 = stablehlo.compare EQ, %arg0, %arg1, SIGNED : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
    %1 = stablehlo.compare NE, %arg0, %arg1, SIGNED : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
    %2 = stablehlo.compare LT, %arg0, %arg1, SIGNED : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
    %3 = stablehlo.compare LE, %arg0, %arg1, SIGNED : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
    %4 = stablehlo.compare GT, %arg0, %arg1, SIGNED : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
    %5 = stablehlo.compare GE, %arg0, %arg1, SIGNED : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
    %6 = stablehlo.compare EQ, %arg2, %arg3, UNSIGNED : (tensor<16xui32>, tensor<16xui32>) -> tensor<16xi1>
    %7 = stablehlo.compare NE, %arg2, %arg3, UNSIGNED : (tensor<16xui32>, tensor<16xui32>) -> tensor<16xi1>
    %8 = stablehlo.compare LT, %arg2, %arg3, UNSIGNED : (tensor<16xui32>, tensor<16xui32>) -> tensor<16xi1>
    %9 = stablehlo.compare LE, %arg2, %arg3, UNSIGNED : (tensor<16xui32>, tensor<16xui32>) -> tensor<16xi1>
    %10 = stablehlo.compare GT, %arg2, %arg3, UNSIGNED : (tensor<16xui32>, tensor<16xui32>) -> tensor<16xi1>
    %11 = stablehlo.compare GE, %arg2, %arg3, UNSIGNED : (tensor<16xui32>, tensor<16xui32>) -> tensor<16xi1>
    %c = stablehlo.constant dense<0> : tensor<i8>
    %12 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i8>) -> tensor<16xi8>
    %13 = stablehlo.compare LT, %arg4, %12, SIGNED : (tensor<16xi8>, tensor<16xi8>) -> tensor<16xi1>
    %c_0 = stablehlo.constant dense<3> : tensor<i8>
    %14 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i8>) -> tensor<16xi8>
    %15 = stablehlo.compare GE, %arg4, %14, SIGNED : (tensor<16xi8>, tensor<16xi8>) -> tensor<16xi1>
    %c_1 = stablehlo.constant dense<9223372036854775808> : tensor<ui64>
    %16 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui64>) -> tensor<16xui64>
    %17 = stablehlo.compare GT, %arg5, %16, UNSIGNED : (tensor<16xui64>, tensor<16xui64>) -> tensor<16xi1>
    %c_2 = stablehlo.constant dense<4611686018427387904> : tensor<ui64>
    %18 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<ui64>) -> tensor<16xui64>
    %19 = stablehlo.compare LE, %arg5, %18, UNSIGNED : (tensor<16xui64>, tensor<16xui64>) -> tensor<16xi1>
    return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %13, %15, %17, %19 : tensor<16xi1>, tensor<16xi1>, tensor<16xi1>, tensor<16xi1>, tensor<16xi1>, tensor<16xi1>, tensor<16xi1>, tensor<16xi1>, tensor<16xi1>, tensor<16xi1>, tensor<16xi1>, tensor<16xi1>, tensor<16xi1>, tensor<16xi1>, tensor<16xi1>, tensor<16xi1>
  }
}
