module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5xf32>, %arg1: tensor<3x6xi32>) -> (tensor<7x10xf32> {jax.result_info = "result[0]"}, tensor<7x5xf32> {jax.result_info = "result[1]"}, tensor<5x9xi32> {jax.result_info = "result[2]"}, tensor<6x7xf32> {jax.result_info = "result[3]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.pad %arg0, %cst, low = [1, 0], high = [2, 1], interior = [0, 1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<7x10xf32>
    %cst_0 = stablehlo.constant dense<-1.000000e+00> : tensor<f32>
    %1 = stablehlo.pad %arg0, %cst_0, low = [-1, 2], high = [1, -2], interior = [1, 0] : (tensor<4x5xf32>, tensor<f32>) -> tensor<7x5xf32>
    %c = stablehlo.constant dense<7> : tensor<i32>
    %2 = stablehlo.pad %arg1, %c, low = [-1, 1], high = [-1, -3], interior = [2, 1] : (tensor<3x6xi32>, tensor<i32>) -> tensor<5x9xi32>
    %cst_1 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %3 = call @_pad(%arg0, %cst_1) : (tensor<4x5xf32>, tensor<f32>) -> tensor<6x7xf32>
    return %0, %1, %2, %3 : tensor<7x10xf32>, tensor<7x5xf32>, tensor<5x9xi32>, tensor<6x7xf32>
  }
  func.func private @_pad(%arg0: tensor<4x5xf32>, %arg1: tensor<f32>) -> tensor<6x7xf32> {
    %0 = stablehlo.pad %arg0, %arg1, low = [1, 2], high = [1, 0], interior = [0, 0] : (tensor<4x5xf32>, tensor<f32>) -> tensor<6x7xf32>
    return %0 : tensor<6x7xf32>
  }
}
