module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x5xf32>) -> (tensor<7xi32> {jax.result_info = "result[0]"}, tensor<6xf32> {jax.result_info = "result[1]"}, tensor<10xui8> {jax.result_info = "result[2]"}, tensor<3x5xi64> {jax.result_info = "result[3]"}, tensor<3x5xi64> {jax.result_info = "result[4]"}, tensor<3x5xf32> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.iota dim = 0 : tensor<7xi32>
    %1 = stablehlo.iota dim = 0 : tensor<6xf32>
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %3 = stablehlo.multiply %1, %2 : tensor<6xf32>
    %4 = stablehlo.iota dim = 0 : tensor<10xui8>
    %5 = stablehlo.iota dim = 0 : tensor<3x5xi64>
    %6 = stablehlo.iota dim = 1 : tensor<3x5xi64>
    %7 = stablehlo.iota dim = 1 : tensor<3x5xf32>
    %8 = stablehlo.add %arg0, %7 : tensor<3x5xf32>
    return %0, %3, %4, %5, %6, %8 : tensor<7xi32>, tensor<6xf32>, tensor<10xui8>, tensor<3x5xi64>, tensor<3x5xi64>, tensor<3x5xf32>
  }
}
