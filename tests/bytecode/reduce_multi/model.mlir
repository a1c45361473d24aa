module @jit_reduce_multi attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3x4xf32>) -> (tensor<3xf32> {jax.result_info = "result[0]"}, tensor<f32> {jax.result_info = "result[1]"}, tensor<2x4xf32> {jax.result_info = "result[2]"}, tensor<3x4xi1> {jax.result_info = "result[3]"}) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [0, 2] : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<3xf32>
    %cst_0 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %1 = stablehlo.reduce(%arg0 init: %cst_0) applies stablehlo.minimum across dimensions = [0, 1, 2] : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.reduce(%arg0 init: %cst_1) applies stablehlo.multiply across dimensions = [1] : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<2x4xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x3x4xf32>
    %4 = stablehlo.compare GT, %arg0, %3, FLOAT : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xi1>
    %c = stablehlo.constant dense<false> : tensor<i1>
    %5 = stablehlo.reduce(%4 init: %c) applies stablehlo.or across dimensions = [0] : (tensor<2x3x4xi1>, tensor<i1>) -> tensor<3x4xi1>
    return %0, %1, %2, %5 : tensor<3xf32>, tensor<f32>, tensor<2x4xf32>, tensor<3x4xi1>
  }
}
