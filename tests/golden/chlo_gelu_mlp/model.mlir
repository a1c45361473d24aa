module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x64xf32>, %arg1: tensor<64x96xf32>, %arg2: tensor<96xf32>, %arg3: tensor<96x32xf32>) -> (tensor<8x32xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x96xf32>) -> tensor<8x96xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<96xf32>) -> tensor<1x96xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x96xf32>) -> tensor<8x96xf32>
    %3 = stablehlo.add %0, %2 : tensor<8x96xf32>
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x96xf32>
    %5 = stablehlo.multiply %4, %3 : tensor<8x96xf32>
    %6 = stablehlo.negate %3 : tensor<8x96xf32>
    %cst_0 = stablehlo.constant dense<0.707106769> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8x96xf32>
    %8 = stablehlo.multiply %6, %7 : tensor<8x96xf32>
    %9 = chlo.erfc %8 : tensor<8x96xf32> -> tensor<8x96xf32>
    %10 = stablehlo.multiply %5, %9 : tensor<8x96xf32>
    %11 = stablehlo.dot_general %10, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x96xf32>, tensor<96x32xf32>) -> tensor<8x32xf32>
    return %11 : tensor<8x32xf32>
  }
}
