module @jit__int_binary attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<24xui8>, %arg1: tensor<24xui8>, %arg2: tensor<24xui8>) -> (tensor<24xui8> {jax.result_info = "result[0]"}, tensor<24xui8> {jax.result_info = "result[1]"}, tensor<24xui8> {jax.result_info = "result[2]"}, tensor<24xui8> {jax.result_info = "result[3]"}, tensor<24xui8> {jax.result_info = "result[4]"}, tensor<24xui8> {jax.result_info = "result[5]"}, tensor<24xui8> {jax.result_info = "result[6]"}, tensor<24xui8> {jax.result_info = "result[7]"}, tensor<24xui8> {jax.result_info = "result[8]"}, tensor<24xui8> {jax.result_info = "result[9]"}, tensor<24xui8> {jax.result_info = "result[10]"}, tensor<24xui8> {jax.result_info = "result[11]"}, tensor<24xui8> {jax.result_info = "result[12]"}) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<24xui8>
    %1 = stablehlo.subtract %arg0, %arg1 : tensor<24xui8>
    %2 = stablehlo.multiply %arg0, %arg1 : tensor<24xui8>
    %3 = stablehlo.divide %arg0, %arg1 : tensor<24xui8>
    %4 = stablehlo.remainder %arg0, %arg1 : tensor<24xui8>
    %5 = stablehlo.maximum %arg0, %arg1 : tensor<24xui8>
    %6 = stablehlo.minimum %arg0, %arg1 : tensor<24xui8>
    %7 = stablehlo.and %arg0, %arg1 : tensor<24xui8>
    %8 = stablehlo.or %arg0, %arg1 : tensor<24xui8>
    %9 = stablehlo.xor %arg0, %arg1 : tensor<24xui8>
    %10 = stablehlo.shift_left %arg0, %arg2 : tensor<24xui8>
    %11 = stablehlo.shift_right_arithmetic %arg0, %arg2 : tensor<24xui8>
    %12 = stablehlo.shift_right_logical %arg0, %arg2 : tensor<24xui8>
    return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<24xui8>, tensor<24xui8>, tensor<24xui8>, tensor<24xui8>, tensor<24xui8>, tensor<24xui8>, tensor<24xui8>, tensor<24xui8>, tensor<24xui8>, tensor<24xui8>, tensor<24xui8>, tensor<24xui8>, tensor<24xui8>
  }
}
