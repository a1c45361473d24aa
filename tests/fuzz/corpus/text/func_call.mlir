module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xf32>, %arg1: tensor<3x4xf32>) -> (tensor<3x4xf32> {jax.result_info = "result[0]"}, tensor<3x4xf32> {jax.result_info = "result[1]"}) {
    %0:2 = call @two(%arg0, %arg1) : (tensor<3x4xf32>, tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>)
    %1 = call @_inner_twice(%arg0) : (tensor<3x4xf32>) -> tensor<3x4xf32>
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %2 = call @_inner_scale(%arg1, %cst) : (tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
    %3 = stablehlo.add %1, %2 : tensor<3x4xf32>
    %4 = stablehlo.subtract %0#0, %0#1 : tensor<3x4xf32>
    return %3, %4 : tensor<3x4xf32>, tensor<3x4xf32>
  }
  func.func private @two(%arg0: tensor<3x4xf32>, %arg1: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<3x4xf32>
    %1 = stablehlo.multiply %arg0, %arg1 : tensor<3x4xf32>
    return %0, %1 : tensor<3x4xf32>, tensor<3x4xf32>
  }
  func.func private @_inner_twice(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %0 = call @_inner_scale(%arg0, %cst) : (tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
    %cst_0 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %2 = stablehlo.multiply %arg0, %1 : tensor<3x4xf32>
    %cst_1 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %3 = call @_inner_scale(%2, %cst_1) : (tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
    %4 = stablehlo.add %0, %3 : tensor<3x4xf32>
    return %4 : tensor<3x4xf32>
  }
  func.func private @_inner_scale(%arg0: tensor<3x4xf32>, %arg1: tensor<f32>) -> tensor<3x4xf32> {
    %0 = stablehlo.tanh %arg0 : tensor<3x4xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %2 = stablehlo.multiply %0, %1 : tensor<3x4xf32>
    return %2 : tensor<3x4xf32>
  }
}
