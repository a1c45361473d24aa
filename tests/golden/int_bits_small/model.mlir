module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xi8>, %arg1: tensor<16xi16>, %arg2: tensor<16xui8>, %arg3: tensor<16xui16>) -> (tensor<16xi8> {jax.result_info = "result[0]"}, tensor<16xi8> {jax.result_info = "result[1]"}, tensor<16xi8> {jax.result_info = "result[2]"}, tensor<16xi16> {jax.result_info = "result[3]"}, tensor<16xi16> {jax.result_info = "result[4]"}, tensor<16xi16> {jax.result_info = "result[5]"}, tensor<16xi16> {jax.result_info = "result[6]"}, tensor<16xui8> {jax.result_info = "result[7]"}, tensor<16xui8> {jax.result_info = "result[8]"}, tensor<16xui8> {jax.result_info = "result[9]"}, tensor<16xui16> {jax.result_info = "result[10]"}, tensor<16xui16> {jax.result_info = "result[11]"}, tensor<16xui16> {jax.result_info = "result[12]"}) {
    %0 = stablehlo.popcnt %arg0 : tensor<16xi8>
    %1 = stablehlo.count_leading_zeros %arg0 : tensor<16xi8>
    %2 = stablehlo.not %arg0 : tensor<16xi8>
    %3 = stablehlo.negate %arg1 : tensor<16xi16>
    %4 = stablehlo.abs %arg1 : tensor<16xi16>
    %5 = stablehlo.popcnt %arg1 : tensor<16xi16>
    %6 = stablehlo.count_leading_zeros %arg1 : tensor<16xi16>
    %7 = stablehlo.popcnt %arg2 : tensor<16xui8>
    %8 = stablehlo.count_leading_zeros %arg2 : tensor<16xui8>
    %9 = stablehlo.not %arg2 : tensor<16xui8>
    %10 = stablehlo.popcnt %arg3 : tensor<16xui16>
    %11 = stablehlo.count_leading_zeros %arg3 : tensor<16xui16>
    %12 = stablehlo.not %arg3 : tensor<16xui16>
    return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<16xi8>, tensor<16xi8>, tensor<16xi8>, tensor<16xi16>, tensor<16xi16>, tensor<16xi16>, tensor<16xi16>, tensor<16xui8>, tensor<16xui8>, tensor<16xui8>, tensor<16xui16>, tensor<16xui16>, tensor<16xui16>
  }
}
