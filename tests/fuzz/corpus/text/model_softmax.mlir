module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x20xf32>) -> (tensor<6x20xf32> {jax.result_info = "result[0]"}, tensor<6x20xf32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<6x20xf32>, tensor<f32>) -> tensor<6xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<6xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x20xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<6x20xf32>
    %6 = stablehlo.exponential %5 : tensor<6x20xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<6x20xf32>, tensor<f32>) -> tensor<6xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x20xf32>
    %10 = stablehlo.divide %6, %9 : tensor<6x20xf32>
    %11 = call @log_softmax(%arg0) : (tensor<6x20xf32>) -> tensor<6x20xf32>
    return %10, %11 : tensor<6x20xf32>, tensor<6x20xf32>
  }
  func.func private @log_softmax(%arg0: tensor<6x20xf32>) -> tensor<6x20xf32> {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [0] : (tensor<6x20xf32>, tensor<f32>) -> tensor<20xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<20xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [1] : (tensor<20xf32>) -> tensor<1x20xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<1x20xf32>) -> tensor<6x20xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<6x20xf32>
    %6 = stablehlo.exponential %5 : tensor<6x20xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [0] : (tensor<6x20xf32>, tensor<f32>) -> tensor<20xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [1] : (tensor<20xf32>) -> tensor<1x20xf32>
    %9 = stablehlo.log %8 : tensor<1x20xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<1x20xf32>) -> tensor<6x20xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<6x20xf32>
    return %11 : tensor<6x20xf32>
  }
}
