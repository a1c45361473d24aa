module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x6xcomplex<f32>>, %arg1: tensor<4x6xcomplex<f32>>, %arg2: tensor<4x6xf32>, %arg3: tensor<4x6xf32>) -> (tensor<4x6xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<4x6xcomplex<f32>> {jax.result_info = "result[1]"}, tensor<4x6xcomplex<f32>> {jax.result_info = "result[2]"}, tensor<4x6xcomplex<f32>> {jax.result_info = "result[3]"}, tensor<4x6xcomplex<f32>> {jax.result_info = "result[4]"}, tensor<4x6xcomplex<f32>> {jax.result_info = "result[5]"}, tensor<4x6xf32> {jax.result_info = "result[6]"}, tensor<4x6xf32> {jax.result_info = "result[7]"}, tensor<4x6xf32> {jax.result_info = "result[8]"}, tensor<4x6xcomplex<f32>> {jax.result_info = "result[9]"}, tensor<4x6xi1> {jax.result_info = "result[10]"}, tensor<4x6xi1> {jax.result_info = "result[11]"}, tensor<4x6xcomplex<f32>> {jax.result_info = "result[12]"}) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<4x6xcomplex<f32>>
    %1 = stablehlo.subtract %arg0, %arg1 : tensor<4x6xcomplex<f32>>
    %2 = stablehlo.multiply %arg0, %arg1 : tensor<4x6xcomplex<f32>>
    %3 = stablehlo.divide %arg0, %arg1 : tensor<4x6xcomplex<f32>>
    %4 = stablehlo.negate %arg0 : tensor<4x6xcomplex<f32>>
    %5 = stablehlo.real %arg0 : (tensor<4x6xcomplex<f32>>) -> tensor<4x6xf32>
    %6 = stablehlo.imag %arg0 : (tensor<4x6xcomplex<f32>>) -> tensor<4x6xf32>
    %7 = stablehlo.negate %6 : tensor<4x6xf32>
    %8 = stablehlo.complex %5, %7 : tensor<4x6xcomplex<f32>>
    %9 = stablehlo.abs %arg0 : (tensor<4x6xcomplex<f32>>) -> tensor<4x6xf32>
    %10 = stablehlo.real %arg1 : (tensor<4x6xcomplex<f32>>) -> tensor<4x6xf32>
    %11 = stablehlo.imag %arg1 : (tensor<4x6xcomplex<f32>>) -> tensor<4x6xf32>
    %12 = stablehlo.complex %arg2, %arg3 : tensor<4x6xcomplex<f32>>
    %13 = stablehlo.compare EQ, %arg0, %arg1, FLOAT : (tensor<4x6xcomplex<f32>>, tensor<4x6xcomplex<f32>>) -> tensor<4x6xi1>
    %14 = stablehlo.compare NE, %arg0, %arg1, FLOAT : (tensor<4x6xcomplex<f32>>, tensor<4x6xcomplex<f32>>) -> tensor<4x6xi1>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %16 = stablehlo.compare GT, %arg2, %15, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %17 = call @_where(%16, %arg0, %arg1) : (tensor<4x6xi1>, tensor<4x6xcomplex<f32>>, tensor<4x6xcomplex<f32>>) -> tensor<4x6xcomplex<f32>>
    return %0, %1, %2, %3, %4, %8, %9, %10, %11, %12, %13, %14, %17 : tensor<4x6xcomplex<f32>>, tensor<4x6xcomplex<f32>>, tensor<4x6xcomplex<f32>>, tensor<4x6xcomplex<f32>>, tensor<4x6xcomplex<f32>>, tensor<4x6xcomplex<f32>>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xcomplex<f32>>, tensor<4x6xi1>, tensor<4x6xi1>, tensor<4x6xcomplex<f32>>
  }
  func.func private @_where(%arg0: tensor<4x6xi1>, %arg1: tensor<4x6xcomplex<f32>>, %arg2: tensor<4x6xcomplex<f32>>) -> tensor<4x6xcomplex<f32>> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<4x6xi1>, tensor<4x6xcomplex<f32>>
    return %0 : tensor<4x6xcomplex<f32>>
  }
}
