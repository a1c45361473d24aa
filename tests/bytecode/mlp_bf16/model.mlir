module @jit_mlp_bf16 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x8xf32>, %arg1: tensor<8x4xf32>) -> (tensor<2x4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convert %arg0 : (tensor<2x8xf32>) -> tensor<2x8xbf16>
    %1 = stablehlo.convert %arg1 : (tensor<8x4xf32>) -> tensor<8x4xbf16>
    %2 = stablehlo.dot_general %0, %1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x8xbf16>, tensor<8x4xbf16>) -> tensor<2x4xbf16>
    %3 = call @relu(%2) : (tensor<2x4xbf16>) -> tensor<2x4xbf16>
    %4 = stablehlo.convert %3 : (tensor<2x4xbf16>) -> tensor<2x4xf32>
    return %4 : tensor<2x4xf32>
  }
  func.func private @relu(%arg0: tensor<2x4xbf16>) -> tensor<2x4xbf16> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<2x4xbf16>
    %1 = stablehlo.maximum %arg0, %0 : tensor<2x4xbf16>
    return %1 : tensor<2x4xbf16>
  }
}
