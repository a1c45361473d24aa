module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xi8>, %arg1: tensor<16xui8>, %arg2: tensor<16xi32>, %arg3: tensor<16xi64>, %arg4: tensor<16xui16>, %arg5: tensor<16xui32>, %arg6: tensor<16xui64>, %arg7: tensor<16xi16>) -> (tensor<16xi32> {jax.result_info = "result[0]"}, tensor<16xi32> {jax.result_info = "result[1]"}, tensor<16xi8> {jax.result_info = "result[2]"}, tensor<16xi16> {jax.result_info = "result[3]"}, tensor<16xui64> {jax.result_info = "result[4]"}, tensor<16xui32> {jax.result_info = "result[5]"}, tensor<16xi64> {jax.result_info = "result[6]"}, tensor<16xui8> {jax.result_info = "result[7]"}, tensor<16xui16> {jax.result_info = "result[8]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<16xi8>) -> tensor<16xi32>
    %1 = stablehlo.convert %arg1 : (tensor<16xui8>) -> tensor<16xi32>
    %2 = stablehlo.convert %arg2 : (tensor<16xi32>) -> tensor<16xi8>
    %3 = stablehlo.convert %arg3 : (tensor<16xi64>) -> tensor<16xi16>
    %4 = stablehlo.convert %arg4 : (tensor<16xui16>) -> tensor<16xui64>
    %5 = stablehlo.convert %arg2 : (tensor<16xi32>) -> tensor<16xui32>
    %6 = stablehlo.convert %arg5 : (tensor<16xui32>) -> tensor<16xi64>
    %7 = stablehlo.convert %arg6 : (tensor<16xui64>) -> tensor<16xui8>
    %8 = stablehlo.convert %arg7 : (tensor<16xi16>) -> tensor<16xui16>
    return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<16xi32>, tensor<16xi32>, tensor<16xi8>, tensor<16xi16>, tensor<16xui64>, tensor<16xui32>, tensor<16xi64>, tensor<16xui8>, tensor<16xui16>
  }
}
