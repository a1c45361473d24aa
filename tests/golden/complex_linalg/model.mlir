module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x7xcomplex<f32>>, %arg1: tensor<7x3xcomplex<f32>>, %arg2: tensor<2x4x3xcomplex<f32>>, %arg3: tensor<2x3x5xcomplex<f32>>, %arg4: tensor<3x7xf32>, %arg5: tensor<48x40xcomplex<f32>>, %arg6: tensor<40x36xcomplex<f32>>) -> (tensor<5x3xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<2x4x5xcomplex<f32>> {jax.result_info = "result[1]"}, tensor<5xcomplex<f32>> {jax.result_info = "result[2]"}, tensor<2x4xcomplex<f32>> {jax.result_info = "result[3]"}, tensor<5x7xcomplex<f32>> {jax.result_info = "result[4]"}, tensor<3x5xcomplex<f32>> {jax.result_info = "result[5]"}, tensor<48x36xcomplex<f32>> {jax.result_info = "result[6]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x7xcomplex<f32>>, tensor<7x3xcomplex<f32>>) -> tensor<5x3xcomplex<f32>>
    %1 = stablehlo.dot_general %arg2, %arg3, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x4x3xcomplex<f32>>, tensor<2x3x5xcomplex<f32>>) -> tensor<2x4x5xcomplex<f32>>
    %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %2 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<5x7xcomplex<f32>>, tensor<complex<f32>>) -> tensor<5xcomplex<f32>>
    %cst_0 = stablehlo.constant dense<(1.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %3 = stablehlo.reduce(%arg2 init: %cst_0) applies stablehlo.multiply across dimensions = [2] : (tensor<2x4x3xcomplex<f32>>, tensor<complex<f32>>) -> tensor<2x4xcomplex<f32>>
    %4 = call @cumsum(%arg0) : (tensor<5x7xcomplex<f32>>) -> tensor<5x7xcomplex<f32>>
    %5 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<5x7xcomplex<f32>>) -> tensor<7x5xcomplex<f32>>
    %6 = stablehlo.convert %arg4 : (tensor<3x7xf32>) -> tensor<3x7xcomplex<f32>>
    %7 = stablehlo.convert %5 : tensor<7x5xcomplex<f32>>
    %8 = stablehlo.dot_general %6, %7, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x7xcomplex<f32>>, tensor<7x5xcomplex<f32>>) -> tensor<3x5xcomplex<f32>>
    %9 = stablehlo.dot_general %arg5, %arg6, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<48x40xcomplex<f32>>, tensor<40x36xcomplex<f32>>) -> tensor<48x36xcomplex<f32>>
    return %0, %1, %2, %3, %4, %8, %9 : tensor<5x3xcomplex<f32>>, tensor<2x4x5xcomplex<f32>>, tensor<5xcomplex<f32>>, tensor<2x4xcomplex<f32>>, tensor<5x7xcomplex<f32>>, tensor<3x5xcomplex<f32>>, tensor<48x36xcomplex<f32>>
  }
  func.func private @cumsum(%arg0: tensor<5x7xcomplex<f32>>) -> tensor<5x7xcomplex<f32>> {
    %0 = call @cumsum_0(%arg0) : (tensor<5x7xcomplex<f32>>) -> tensor<5x7xcomplex<f32>>
    return %0 : tensor<5x7xcomplex<f32>>
  }
  func.func private @cumsum_0(%arg0: tensor<5x7xcomplex<f32>>) -> tensor<5x7xcomplex<f32>> {
    %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<complex<f32>>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [6, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 7>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<complex<f32>>, %arg2: tensor<complex<f32>>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<complex<f32>>
      stablehlo.return %2 : tensor<complex<f32>>
    }) : (tensor<5x7xcomplex<f32>>, tensor<complex<f32>>) -> tensor<5x7xcomplex<f32>>
    return %1 : tensor<5x7xcomplex<f32>>
  }
}
