module @jit_complex_math attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3xcomplex<f32>>, %arg1: tensor<2x3xcomplex<f32>>, %arg2: tensor<4xf32>) -> (tensor<2x3xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<2x3xcomplex<f32>> {jax.result_info = "result[1]"}, tensor<2x3xf32> {jax.result_info = "result[2]"}, tensor<2x3xcomplex<f32>> {jax.result_info = "result[3]"}, tensor<4xcomplex<f32>> {jax.result_info = "result[4]"}, tensor<2xcomplex<f32>> {jax.result_info = "result[5]"}, tensor<3xcomplex<f32>> {jax.result_info = "result[6]"}, tensor<2x3xi1> {jax.result_info = "result[7]"}, tensor<2x3xcomplex<f32>> {jax.result_info = "result[8]"}) {
    %cst = stablehlo.constant dense<[(1.000000e+00,2.000000e+00), (-5.000000e-01,0.000000e+00), (0.000000e+00,3.000000e+00)]> : tensor<3xcomplex<f32>>
    %0 = stablehlo.multiply %arg0, %arg1 : tensor<2x3xcomplex<f32>>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [1] : (tensor<3xcomplex<f32>>) -> tensor<1x3xcomplex<f32>>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
    %3 = stablehlo.add %0, %2 : tensor<2x3xcomplex<f32>>
    %4 = stablehlo.divide %arg0, %arg1 : tensor<2x3xcomplex<f32>>
    %5 = stablehlo.abs %arg0 : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
    %6 = stablehlo.real %arg0 : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
    %7 = stablehlo.imag %arg0 : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
    %8 = stablehlo.negate %7 : tensor<2x3xf32>
    %9 = stablehlo.complex %6, %8 : tensor<2x3xcomplex<f32>>
    %10 = stablehlo.negate %arg2 : tensor<4xf32>
    %11 = stablehlo.complex %arg2, %10 : tensor<4xcomplex<f32>>
    %12 = stablehlo.broadcast_in_dim %cst, dims = [1] : (tensor<3xcomplex<f32>>) -> tensor<1x3xcomplex<f32>>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<1x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
    %14 = stablehlo.multiply %arg0, %13 : tensor<2x3xcomplex<f32>>
    %cst_0 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %15 = stablehlo.reduce(%14 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<2x3xcomplex<f32>>, tensor<complex<f32>>) -> tensor<2xcomplex<f32>>
    %16 = stablehlo.slice %arg0 [0:1, 0:3] : (tensor<2x3xcomplex<f32>>) -> tensor<1x3xcomplex<f32>>
    %17 = stablehlo.reshape %16 : (tensor<1x3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
    %18 = call @sort(%17) : (tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
    %19 = stablehlo.compare EQ, %arg0, %arg1, FLOAT : (tensor<2x3xcomplex<f32>>, tensor<2x3xcomplex<f32>>) -> tensor<2x3xi1>
    %20 = stablehlo.abs %arg0 : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
    %22 = stablehlo.compare GT, %20, %21, FLOAT : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
    %23 = stablehlo.negate %arg1 : tensor<2x3xcomplex<f32>>
    %24 = call @_where(%22, %arg0, %23) : (tensor<2x3xi1>, tensor<2x3xcomplex<f32>>, tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
    return %3, %4, %5, %9, %11, %15, %18, %19, %24 : tensor<2x3xcomplex<f32>>, tensor<2x3xcomplex<f32>>, tensor<2x3xf32>, tensor<2x3xcomplex<f32>>, tensor<4xcomplex<f32>>, tensor<2xcomplex<f32>>, tensor<3xcomplex<f32>>, tensor<2x3xi1>, tensor<2x3xcomplex<f32>>
  }
  func.func private @sort(%arg0: tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>> {
    %0 = "stablehlo.sort"(%arg0) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg1: tensor<complex<f32>>, %arg2: tensor<complex<f32>>):
      %1 = stablehlo.real %arg1 : (tensor<complex<f32>>) -> tensor<f32>
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %2 = stablehlo.compare EQ, %1, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %3 = stablehlo.select %2, %cst_0, %1 : tensor<i1>, tensor<f32>
      %4 = stablehlo.compare NE, %1, %1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %5 = stablehlo.select %4, %cst_1, %3 : tensor<i1>, tensor<f32>
      %6 = stablehlo.imag %arg1 : (tensor<complex<f32>>) -> tensor<f32>
      %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %7 = stablehlo.compare EQ, %6, %cst_2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %8 = stablehlo.select %7, %cst_3, %6 : tensor<i1>, tensor<f32>
      %9 = stablehlo.compare NE, %6, %6, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %10 = stablehlo.select %9, %cst_4, %8 : tensor<i1>, tensor<f32>
      %11 = stablehlo.real %arg2 : (tensor<complex<f32>>) -> tensor<f32>
      %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %12 = stablehlo.compare EQ, %11, %cst_5, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %13 = stablehlo.select %12, %cst_6, %11 : tensor<i1>, tensor<f32>
      %14 = stablehlo.compare NE, %11, %11, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_7 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %15 = stablehlo.select %14, %cst_7, %13 : tensor<i1>, tensor<f32>
      %16 = stablehlo.imag %arg2 : (tensor<complex<f32>>) -> tensor<f32>
      %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %17 = stablehlo.compare EQ, %16, %cst_8, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %18 = stablehlo.select %17, %cst_9, %16 : tensor<i1>, tensor<f32>
      %19 = stablehlo.compare NE, %16, %16, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_10 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %20 = stablehlo.select %19, %cst_10, %18 : tensor<i1>, tensor<f32>
      %21 = stablehlo.compare LT, %10, %20, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %22 = stablehlo.compare LT, %5, %15, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %23 = stablehlo.compare EQ, %5, %15, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %24 = stablehlo.and %23, %21 : tensor<i1>
      %25 = stablehlo.or %22, %24 : tensor<i1>
      stablehlo.return %25 : tensor<i1>
    }) : (tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
    return %0 : tensor<3xcomplex<f32>>
  }
  func.func private @_where(%arg0: tensor<2x3xi1>, %arg1: tensor<2x3xcomplex<f32>>, %arg2: tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<2x3xi1>, tensor<2x3xcomplex<f32>>
    return %0 : tensor<2x3xcomplex<f32>>
  }
}
