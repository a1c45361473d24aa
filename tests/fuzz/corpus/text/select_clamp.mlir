module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>, %arg2: tensor<4x8xi32>, %arg3: tensor<4x8xui8>, %arg4: tensor<4x8xf32>, %arg5: tensor<4x8xf32>) -> (tensor<4x8xf32> {jax.result_info = "result[0]"}, tensor<4x8xi32> {jax.result_info = "result[1]"}, tensor<4x8xf32> {jax.result_info = "result[2]"}, tensor<4x8xf32> {jax.result_info = "result[3]"}, tensor<4x8xi32> {jax.result_info = "result[4]"}, tensor<4x8xui8> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.compare GT, %arg0, %arg1, FLOAT : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %2 = stablehlo.multiply %arg1, %1 : tensor<4x8xf32>
    %3 = call @_where(%0, %arg0, %2) : (tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x8xi32>
    %5 = stablehlo.compare GT, %arg2, %4, SIGNED : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi1>
    %6 = stablehlo.negate %arg2 : tensor<4x8xi32>
    %c_0 = stablehlo.constant dense<3> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4x8xi32>
    %8 = stablehlo.multiply %6, %7 : tensor<4x8xi32>
    %9 = call @_where_0(%5, %arg2, %8) : (tensor<4x8xi1>, tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
    %cst_1 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %cst_2 = stablehlo.constant dense<7.500000e-01> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %11 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %12 = stablehlo.clamp %10, %arg0, %11 : tensor<4x8xf32>
    %13 = stablehlo.clamp %arg4, %arg0, %arg5 : tensor<4x8xf32>
    %c_3 = stablehlo.constant dense<-10> : tensor<i32>
    %c_4 = stablehlo.constant dense<20> : tensor<i32>
    %14 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<4x8xi32>
    %15 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<4x8xi32>
    %16 = stablehlo.clamp %14, %arg2, %15 : tensor<4x8xi32>
    %c_5 = stablehlo.constant dense<30> : tensor<ui8>
    %c_6 = stablehlo.constant dense<200> : tensor<ui8>
    %17 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<ui8>) -> tensor<4x8xui8>
    %18 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<ui8>) -> tensor<4x8xui8>
    %19 = stablehlo.clamp %17, %arg3, %18 : tensor<4x8xui8>
    return %3, %9, %12, %13, %16, %19 : tensor<4x8xf32>, tensor<4x8xi32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xi32>, tensor<4x8xui8>
  }
  func.func private @_where(%arg0: tensor<4x8xi1>, %arg1: tensor<4x8xf32>, %arg2: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<4x8xi1>, tensor<4x8xf32>
    return %0 : tensor<4x8xf32>
  }
  func.func private @_where_0(%arg0: tensor<4x8xi1>, %arg1: tensor<4x8xi32>, %arg2: tensor<4x8xi32>) -> tensor<4x8xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<4x8xi1>, tensor<4x8xi32>
    return %0 : tensor<4x8xi32>
  }
}
