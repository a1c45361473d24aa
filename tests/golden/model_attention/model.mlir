module @jit__attention attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x8x16xf32>, %arg1: tensor<16x16xf32>, %arg2: tensor<16x16xf32>, %arg3: tensor<16x16xf32>, %arg4: tensor<16x16xf32>, %arg5: tensor<16xf32>, %arg6: tensor<16xf32>) -> (tensor<2x8x16xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x8x16xf32>, tensor<f32>) -> tensor<2x8xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %cst_0 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<2x8x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x16xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<2x8x16xf32>
    %6 = stablehlo.multiply %5, %5 : tensor<2x8x16xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [2] : (tensor<2x8x16xf32>, tensor<f32>) -> tensor<2x8xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %cst_2 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %10 = stablehlo.divide %8, %9 : tensor<2x8x1xf32>
    %11 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x16xf32>
    %12 = stablehlo.subtract %arg0, %11 : tensor<2x8x16xf32>
    %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %14 = stablehlo.add %10, %13 : tensor<2x8x1xf32>
    %15 = stablehlo.rsqrt %14 : tensor<2x8x1xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x16xf32>
    %17 = stablehlo.multiply %12, %16 : tensor<2x8x16xf32>
    %18 = stablehlo.broadcast_in_dim %arg5, dims = [2] : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0, 1, 2] : (tensor<1x1x16xf32>) -> tensor<2x8x16xf32>
    %20 = stablehlo.multiply %17, %19 : tensor<2x8x16xf32>
    %21 = stablehlo.broadcast_in_dim %arg6, dims = [2] : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0, 1, 2] : (tensor<1x1x16xf32>) -> tensor<2x8x16xf32>
    %23 = stablehlo.add %20, %22 : tensor<2x8x16xf32>
    %24 = stablehlo.dot_general %23, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x8x16xf32>, tensor<16x16xf32>) -> tensor<2x8x16xf32>
    %25 = stablehlo.reshape %24 : (tensor<2x8x16xf32>) -> tensor<2x8x2x8xf32>
    %26 = stablehlo.dot_general %23, %arg2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x8x16xf32>, tensor<16x16xf32>) -> tensor<2x8x16xf32>
    %27 = stablehlo.reshape %26 : (tensor<2x8x16xf32>) -> tensor<2x8x2x8xf32>
    %28 = stablehlo.dot_general %23, %arg3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x8x16xf32>, tensor<16x16xf32>) -> tensor<2x8x16xf32>
    %29 = stablehlo.reshape %28 : (tensor<2x8x16xf32>) -> tensor<2x8x2x8xf32>
    %30 = stablehlo.dot_general %25, %27, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x8x2x8xf32>, tensor<2x8x2x8xf32>) -> tensor<2x2x8x8xf32>
    %cst_4 = stablehlo.constant dense<2.82842708> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2x2x8x8xf32>
    %32 = stablehlo.divide %30, %31 : tensor<2x2x8x8xf32>
    %33 = stablehlo.iota dim = 0 : tensor<8xi32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [0] : (tensor<8xi32>) -> tensor<8x1xi32>
    %35 = stablehlo.iota dim = 0 : tensor<8xi32>
    %36 = stablehlo.broadcast_in_dim %35, dims = [1] : (tensor<8xi32>) -> tensor<1x8xi32>
    %37 = stablehlo.broadcast_in_dim %34, dims = [0, 1] : (tensor<8x1xi32>) -> tensor<8x8xi32>
    %38 = stablehlo.broadcast_in_dim %36, dims = [0, 1] : (tensor<1x8xi32>) -> tensor<8x8xi32>
    %39 = stablehlo.compare GE, %37, %38, SIGNED : (tensor<8x8xi32>, tensor<8x8xi32>) -> tensor<8x8xi1>
    %cst_5 = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %40 = call @_where(%39, %32, %cst_5) : (tensor<8x8xi1>, tensor<2x2x8x8xf32>, tensor<f32>) -> tensor<2x2x8x8xf32>
    %cst_6 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %41 = stablehlo.reduce(%40 init: %cst_6) applies stablehlo.maximum across dimensions = [3] : (tensor<2x2x8x8xf32>, tensor<f32>) -> tensor<2x2x8xf32>
    %cst_7 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %42 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<2x2x8xf32>
    %43 = stablehlo.maximum %42, %41 : tensor<2x2x8xf32>
    %44 = stablehlo.broadcast_in_dim %43, dims = [0, 1, 2] : (tensor<2x2x8xf32>) -> tensor<2x2x8x1xf32>
    %45 = stablehlo.broadcast_in_dim %44, dims = [0, 1, 2, 3] : (tensor<2x2x8x1xf32>) -> tensor<2x2x8x8xf32>
    %46 = stablehlo.subtract %40, %45 : tensor<2x2x8x8xf32>
    %47 = stablehlo.exponential %46 : tensor<2x2x8x8xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %48 = stablehlo.reduce(%47 init: %cst_8) applies stablehlo.add across dimensions = [3] : (tensor<2x2x8x8xf32>, tensor<f32>) -> tensor<2x2x8xf32>
    %49 = stablehlo.broadcast_in_dim %48, dims = [0, 1, 2] : (tensor<2x2x8xf32>) -> tensor<2x2x8x1xf32>
    %50 = stablehlo.broadcast_in_dim %49, dims = [0, 1, 2, 3] : (tensor<2x2x8x1xf32>) -> tensor<2x2x8x8xf32>
    %51 = stablehlo.divide %47, %50 : tensor<2x2x8x8xf32>
    %52 = stablehlo.dot_general %29, %51, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x8x2x8xf32>, tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
    %53 = stablehlo.transpose %52, dims = [0, 3, 1, 2] : (tensor<2x2x8x8xf32>) -> tensor<2x8x2x8xf32>
    %54 = stablehlo.reshape %53 : (tensor<2x8x2x8xf32>) -> tensor<2x8x16xf32>
    %55 = stablehlo.dot_general %54, %arg4, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x8x16xf32>, tensor<16x16xf32>) -> tensor<2x8x16xf32>
    %56 = stablehlo.add %arg0, %55 : tensor<2x8x16xf32>
    return %56 : tensor<2x8x16xf32>
  }
  func.func private @_where(%arg0: tensor<8x8xi1>, %arg1: tensor<2x2x8x8xf32>, %arg2: tensor<f32>) -> tensor<2x2x8x8xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [2, 3] : (tensor<8x8xi1>) -> tensor<2x2x8x8xi1>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<2x2x8x8xf32>
    %2 = stablehlo.select %0, %arg1, %1 : tensor<2x2x8x8xi1>, tensor<2x2x8x8xf32>
    return %2 : tensor<2x2x8x8xf32>
  }
}
