module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x6xcomplex<f32>>, %arg1: tensor<3x5xcomplex<f64>>, %arg2: tensor<4xi32>) -> (tensor<6x4xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<3x8xcomplex<f32>> {jax.result_info = "result[1]"}, tensor<2x3xcomplex<f32>> {jax.result_info = "result[2]"}, tensor<8x6xcomplex<f32>> {jax.result_info = "result[3]"}, tensor<4x7xcomplex<f64>> {jax.result_info = "result[4]"}, tensor<3x5xcomplex<f64>> {jax.result_info = "result[5]"}, tensor<2x5xcomplex<f64>> {jax.result_info = "result[6]"}, tensor<4x6xcomplex<f32>> {jax.result_info = "result[7]"}, tensor<4x6xcomplex<f32>> {jax.result_info = "result[8]"}, tensor<15xcomplex<f64>> {jax.result_info = "result[9]"}, tensor<4x6xcomplex<f64>> {jax.result_info = "result[10]"}) {
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<4x6xcomplex<f32>>) -> tensor<6x4xcomplex<f32>>
    %1 = stablehlo.reshape %arg0 : (tensor<4x6xcomplex<f32>>) -> tensor<3x8xcomplex<f32>>
    %2 = stablehlo.slice %arg0 [1:3, 0:6:2] : (tensor<4x6xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
    %3 = stablehlo.reverse %arg0, dims = [0] : tensor<4x6xcomplex<f32>>
    %4 = stablehlo.concatenate %arg0, %3, dim = 0 : (tensor<4x6xcomplex<f32>>, tensor<4x6xcomplex<f32>>) -> tensor<8x6xcomplex<f32>>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %5 = call @_pad(%arg1, %c) : (tensor<3x5xcomplex<f64>>, tensor<i64>) -> tensor<4x7xcomplex<f64>>
    %6 = stablehlo.reverse %arg1, dims = [0, 1] : tensor<3x5xcomplex<f64>>
    %7 = stablehlo.slice %arg1 [0:1, 0:5] : (tensor<3x5xcomplex<f64>>) -> tensor<1x5xcomplex<f64>>
    %8 = stablehlo.reshape %7 : (tensor<1x5xcomplex<f64>>) -> tensor<5xcomplex<f64>>
    %9 = stablehlo.broadcast_in_dim %8, dims = [1] : (tensor<5xcomplex<f64>>) -> tensor<2x5xcomplex<f64>>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %10 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %11 = stablehlo.compare LT, %arg2, %10, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_1 = stablehlo.constant dense<4> : tensor<i32>
    %12 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %13 = stablehlo.add %arg2, %12 : tensor<4xi32>
    %14 = stablehlo.select %11, %13, %arg2 : tensor<4xi1>, tensor<4xi32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %16 = "stablehlo.gather"(%arg0, %15) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 6>}> : (tensor<4x6xcomplex<f32>>, tensor<4x1xi32>) -> tensor<4x6xcomplex<f32>>
    %17 = stablehlo.slice %arg0 [0:2, 0:2] : (tensor<4x6xcomplex<f32>>) -> tensor<2x2xcomplex<f32>>
    %cst = stablehlo.constant dense<(2.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %18 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<2x2xcomplex<f32>>
    %19 = stablehlo.multiply %17, %18 : tensor<2x2xcomplex<f32>>
    %c_2 = stablehlo.constant dense<1> : tensor<i64>
    %c_3 = stablehlo.constant dense<3> : tensor<i64>
    %20 = stablehlo.dynamic_update_slice %arg0, %19, %c_2, %c_3 : (tensor<4x6xcomplex<f32>>, tensor<2x2xcomplex<f32>>, tensor<i64>, tensor<i64>) -> tensor<4x6xcomplex<f32>>
    %21 = stablehlo.reshape %arg1 : (tensor<3x5xcomplex<f64>>) -> tensor<15xcomplex<f64>>
    %22 = call @sort(%21) : (tensor<15xcomplex<f64>>) -> tensor<15xcomplex<f64>>
    %23 = stablehlo.convert %arg0 : (tensor<4x6xcomplex<f32>>) -> tensor<4x6xcomplex<f64>>
    return %0, %1, %2, %4, %5, %6, %9, %16, %20, %22, %23 : tensor<6x4xcomplex<f32>>, tensor<3x8xcomplex<f32>>, tensor<2x3xcomplex<f32>>, tensor<8x6xcomplex<f32>>, tensor<4x7xcomplex<f64>>, tensor<3x5xcomplex<f64>>, tensor<2x5xcomplex<f64>>, tensor<4x6xcomplex<f32>>, tensor<4x6xcomplex<f32>>, tensor<15xcomplex<f64>>, tensor<4x6xcomplex<f64>>
  }
  func.func private @_pad(%arg0: tensor<3x5xcomplex<f64>>, %arg1: tensor<i64>) -> tensor<4x7xcomplex<f64>> {
    %0 = stablehlo.convert %arg1 : (tensor<i64>) -> tensor<complex<f64>>
    %1 = stablehlo.pad %arg0, %0, low = [1, 0], high = [0, 2], interior = [0, 0] : (tensor<3x5xcomplex<f64>>, tensor<complex<f64>>) -> tensor<4x7xcomplex<f64>>
    return %1 : tensor<4x7xcomplex<f64>>
  }
  func.func private @sort(%arg0: tensor<15xcomplex<f64>>) -> tensor<15xcomplex<f64>> {
    %0 = "stablehlo.sort"(%arg0) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg1: tensor<complex<f64>>, %arg2: tensor<complex<f64>>):
      %1 = stablehlo.real %arg1 : (tensor<complex<f64>>) -> tensor<f64>
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
      %2 = stablehlo.compare EQ, %1, %cst, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
      %3 = stablehlo.select %2, %cst_0, %1 : tensor<i1>, tensor<f64>
      %4 = stablehlo.compare NE, %1, %1, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %cst_1 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
      %5 = stablehlo.select %4, %cst_1, %3 : tensor<i1>, tensor<f64>
      %6 = stablehlo.imag %arg1 : (tensor<complex<f64>>) -> tensor<f64>
      %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
      %7 = stablehlo.compare EQ, %6, %cst_2, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
      %8 = stablehlo.select %7, %cst_3, %6 : tensor<i1>, tensor<f64>
      %9 = stablehlo.compare NE, %6, %6, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %cst_4 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
      %10 = stablehlo.select %9, %cst_4, %8 : tensor<i1>, tensor<f64>
      %11 = stablehlo.real %arg2 : (tensor<complex<f64>>) -> tensor<f64>
      %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
      %12 = stablehlo.compare EQ, %11, %cst_5, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
      %13 = stablehlo.select %12, %cst_6, %11 : tensor<i1>, tensor<f64>
      %14 = stablehlo.compare NE, %11, %11, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %cst_7 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
      %15 = stablehlo.select %14, %cst_7, %13 : tensor<i1>, tensor<f64>
      %16 = stablehlo.imag %arg2 : (tensor<complex<f64>>) -> tensor<f64>
      %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
      %17 = stablehlo.compare EQ, %16, %cst_8, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
      %18 = stablehlo.select %17, %cst_9, %16 : tensor<i1>, tensor<f64>
      %19 = stablehlo.compare NE, %16, %16, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %cst_10 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
      %20 = stablehlo.select %19, %cst_10, %18 : tensor<i1>, tensor<f64>
      %21 = stablehlo.compare LT, %10, %20, TOTALORDER : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %22 = stablehlo.compare LT, %5, %15, TOTALORDER : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %23 = stablehlo.compare EQ, %5, %15, TOTALORDER : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %24 = stablehlo.and %23, %21 : tensor<i1>
      %25 = stablehlo.or %22, %24 : tensor<i1>
      stablehlo.return %25 : tensor<i1>
    }) : (tensor<15xcomplex<f64>>) -> tensor<15xcomplex<f64>>
    return %0 : tensor<15xcomplex<f64>>
  }
}
