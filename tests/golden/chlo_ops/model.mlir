module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>) -> (tensor<4x8xf32> {jax.result_info = "result[0]"}, tensor<4x8xf32> {jax.result_info = "result[1]"}, tensor<4x8xf32> {jax.result_info = "result[2]"}, tensor<4x8xf32> {jax.result_info = "result[3]"}, tensor<4x8xf32> {jax.result_info = "result[4]"}, tensor<4x8xf32> {jax.result_info = "result[5]"}, tensor<4x8xf32> {jax.result_info = "result[6]"}, tensor<4x8xf32> {jax.result_info = "result[7]"}, tensor<4x8xf32> {jax.result_info = "result[8]"}, tensor<4x8xf32> {jax.result_info = "result[9]"}, tensor<4x8xf32> {jax.result_info = "result[10]"}) {
    %0 = chlo.square %arg0 : tensor<4x8xf32> -> tensor<4x8xf32>
    %1 = chlo.erf %arg0 : tensor<4x8xf32> -> tensor<4x8xf32>
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %3 = stablehlo.multiply %2, %arg0 : tensor<4x8xf32>
    %4 = stablehlo.negate %arg0 : tensor<4x8xf32>
    %cst_0 = stablehlo.constant dense<0.707106769> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %6 = stablehlo.multiply %4, %5 : tensor<4x8xf32>
    %7 = chlo.erfc %6 : tensor<4x8xf32> -> tensor<4x8xf32>
    %8 = stablehlo.multiply %3, %7 : tensor<4x8xf32>
    %9 = chlo.sinh %arg0 : tensor<4x8xf32> -> tensor<4x8xf32>
    %10 = chlo.cosh %arg0 : tensor<4x8xf32> -> tensor<4x8xf32>
    %11 = chlo.asin %arg0 : tensor<4x8xf32> -> tensor<4x8xf32>
    %12 = chlo.acos %arg0 : tensor<4x8xf32> -> tensor<4x8xf32>
    %13 = chlo.atan %arg0 : tensor<4x8xf32> -> tensor<4x8xf32>
    %14 = chlo.asinh %arg0 : tensor<4x8xf32> -> tensor<4x8xf32>
    %15 = call @arccosh(%arg1) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %16 = chlo.atanh %arg0 : tensor<4x8xf32> -> tensor<4x8xf32>
    return %0, %1, %8, %9, %10, %11, %12, %13, %14, %15, %16 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
  }
  func.func private @arccosh(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %0 = chlo.acosh %arg0 : tensor<4x8xf32> -> tensor<4x8xf32>
    return %0 : tensor<4x8xf32>
  }
}
