module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12xf32>, %arg1: tensor<12xf16>, %arg2: tensor<12xbf16>, %arg3: tensor<12xf64>) -> (tensor<12xui32> {jax.result_info = "result[0]"}, tensor<12xi32> {jax.result_info = "result[1]"}, tensor<12xf32> {jax.result_info = "result[2]"}, tensor<12xi16> {jax.result_info = "result[3]"}, tensor<12xui16> {jax.result_info = "result[4]"}, tensor<12xi64> {jax.result_info = "result[5]"}, tensor<12xf64> {jax.result_info = "result[6]"}) {
    %0 = stablehlo.bitcast_convert %arg0 : (tensor<12xf32>) -> tensor<12xui32>
    %1 = stablehlo.bitcast_convert %arg0 : (tensor<12xf32>) -> tensor<12xi32>
    %c = stablehlo.constant dense<1> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %3 = stablehlo.add %1, %2 : tensor<12xi32>
    %4 = stablehlo.bitcast_convert %3 : (tensor<12xi32>) -> tensor<12xf32>
    %5 = stablehlo.bitcast_convert %arg0 : (tensor<12xf32>) -> tensor<12xi32>
    %6 = stablehlo.bitcast_convert %arg1 : (tensor<12xf16>) -> tensor<12xi16>
    %7 = stablehlo.bitcast_convert %arg2 : (tensor<12xbf16>) -> tensor<12xui16>
    %8 = stablehlo.bitcast_convert %arg3 : (tensor<12xf64>) -> tensor<12xi64>
    %9 = stablehlo.bitcast_convert %arg3 : (tensor<12xf64>) -> tensor<12xui64>
    %c_0 = stablehlo.constant dense<1> : tensor<ui64>
    %10 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui64>) -> tensor<12xui64>
    %11 = stablehlo.xor %9, %10 : tensor<12xui64>
    %12 = stablehlo.bitcast_convert %11 : (tensor<12xui64>) -> tensor<12xf64>
    return %0, %5, %4, %6, %7, %8, %12 : tensor<12xui32>, tensor<12xi32>, tensor<12xf32>, tensor<12xi16>, tensor<12xui16>, tensor<12xi64>, tensor<12xf64>
  }
}
