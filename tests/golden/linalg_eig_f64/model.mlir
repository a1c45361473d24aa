module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x5xf64>, %arg1: tensor<2x4x4xf64>) -> (tensor<5xcomplex<f64>> {jax.result_info = "result[0]"}, tensor<5x5xcomplex<f64>> {jax.result_info = "result[1]"}, tensor<5xf64> {jax.result_info = "result[2]"}, tensor<5xcomplex<f64>> {jax.result_info = "result[3]"}, tensor<2x4xcomplex<f64>> {jax.result_info = "result[4]"}, tensor<2x4x4xcomplex<f64>> {jax.result_info = "result[5]"}, tensor<2x4x4xcomplex<f64>> {jax.result_info = "result[6]"}, tensor<2x4xf64> {jax.result_info = "result[7]"}, tensor<2x4xf64> {jax.result_info = "result[8]"}) {
    %0:5 = stablehlo.custom_call @lapack_dgeev_ffi(%arg0) {backend_config = "", mhlo.backend_config = {compute_left = 78 : ui8, compute_right = 86 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k], [l], [m, n], [o, p], []) {i=5, j=5, k=5, l=5, m=5, n=5, o=5, p=5}, custom>} : (tensor<5x5xf64>) -> (tensor<5xf64>, tensor<5xf64>, tensor<5x5xcomplex<f64>>, tensor<5x5xcomplex<f64>>, tensor<i32>)
    %1 = stablehlo.complex %0#0, %0#1 : tensor<5xcomplex<f64>>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %3 = stablehlo.compare EQ, %0#4, %2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f64>>) -> tensor<5xcomplex<f64>>
    %6 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<1xi1>) -> tensor<5xi1>
    %7 = stablehlo.select %6, %1, %5 : tensor<5xi1>, tensor<5xcomplex<f64>>
    %8 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_0 = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %9 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f64>>) -> tensor<5x5xcomplex<f64>>
    %10 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<5x5xi1>
    %11 = stablehlo.select %10, %0#3, %9 : tensor<5x5xi1>, tensor<5x5xcomplex<f64>>
    %12:5 = stablehlo.custom_call @lapack_dgeev_ffi(%arg1) {backend_config = "", mhlo.backend_config = {compute_left = 86 : ui8, compute_right = 86 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>, dense<[1, 0]> : tensor<2xindex>, dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 2, 0]> : tensor<3xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l], [i, m], [i, n, o], [i, p, q], [i]) {i=2, j=4, k=4, l=4, m=4, n=4, o=4, p=4, q=4}, custom>} : (tensor<2x4x4xf64>) -> (tensor<2x4xf64>, tensor<2x4xf64>, tensor<2x4x4xcomplex<f64>>, tensor<2x4x4xcomplex<f64>>, tensor<2xi32>)
    %13 = stablehlo.complex %12#0, %12#1 : tensor<2x4xcomplex<f64>>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %14 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %15 = stablehlo.compare EQ, %12#4, %14, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0] : (tensor<2xi1>) -> tensor<2x1xi1>
    %cst_2 = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %17 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<complex<f64>>) -> tensor<2x4xcomplex<f64>>
    %18 = stablehlo.broadcast_in_dim %16, dims = [0, 1] : (tensor<2x1xi1>) -> tensor<2x4xi1>
    %19 = stablehlo.select %18, %13, %17 : tensor<2x4xi1>, tensor<2x4xcomplex<f64>>
    %20 = stablehlo.broadcast_in_dim %15, dims = [0] : (tensor<2xi1>) -> tensor<2x1x1xi1>
    %cst_3 = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %21 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<complex<f64>>) -> tensor<2x4x4xcomplex<f64>>
    %22 = stablehlo.broadcast_in_dim %20, dims = [0, 1, 2] : (tensor<2x1x1xi1>) -> tensor<2x4x4xi1>
    %23 = stablehlo.select %22, %12#2, %21 : tensor<2x4x4xi1>, tensor<2x4x4xcomplex<f64>>
    %24 = stablehlo.broadcast_in_dim %15, dims = [0] : (tensor<2xi1>) -> tensor<2x1x1xi1>
    %cst_4 = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %25 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<complex<f64>>) -> tensor<2x4x4xcomplex<f64>>
    %26 = stablehlo.broadcast_in_dim %24, dims = [0, 1, 2] : (tensor<2x1x1xi1>) -> tensor<2x4x4xi1>
    %27 = stablehlo.select %26, %12#3, %25 : tensor<2x4x4xi1>, tensor<2x4x4xcomplex<f64>>
    %28 = stablehlo.convert %arg0 : (tensor<5x5xf64>) -> tensor<5x5xcomplex<f64>>
    %29 = stablehlo.convert %arg1 : (tensor<2x4x4xf64>) -> tensor<2x4x4xcomplex<f64>>
    %30 = call @sort(%7) : (tensor<5xcomplex<f64>>) -> tensor<5xcomplex<f64>>
    %31 = stablehlo.dot_general %28, %11, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x5xcomplex<f64>>, tensor<5x5xcomplex<f64>>) -> tensor<5x5xcomplex<f64>>
    %32 = stablehlo.broadcast_in_dim %7, dims = [1] : (tensor<5xcomplex<f64>>) -> tensor<1x5xcomplex<f64>>
    %33 = stablehlo.broadcast_in_dim %32, dims = [0, 1] : (tensor<1x5xcomplex<f64>>) -> tensor<5x5xcomplex<f64>>
    %34 = stablehlo.multiply %11, %33 : tensor<5x5xcomplex<f64>>
    %35 = stablehlo.subtract %31, %34 : tensor<5x5xcomplex<f64>>
    %36 = stablehlo.abs %11 : (tensor<5x5xcomplex<f64>>) -> tensor<5x5xf64>
    %37 = stablehlo.multiply %36, %36 : tensor<5x5xf64>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %38 = stablehlo.reduce(%37 init: %cst_5) applies stablehlo.add across dimensions = [0] : (tensor<5x5xf64>, tensor<f64>) -> tensor<5xf64>
    %39 = stablehlo.sqrt %38 : tensor<5xf64>
    %40 = call @eigvals(%arg0) : (tensor<5x5xf64>) -> tensor<5xcomplex<f64>>
    %41 = call @sort(%40) : (tensor<5xcomplex<f64>>) -> tensor<5xcomplex<f64>>
    %42 = call @sort_0(%19) : (tensor<2x4xcomplex<f64>>) -> tensor<2x4xcomplex<f64>>
    %43 = stablehlo.dot_general %29, %27, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x4x4xcomplex<f64>>, tensor<2x4x4xcomplex<f64>>) -> tensor<2x4x4xcomplex<f64>>
    %44 = stablehlo.broadcast_in_dim %19, dims = [0, 2] : (tensor<2x4xcomplex<f64>>) -> tensor<2x1x4xcomplex<f64>>
    %45 = stablehlo.broadcast_in_dim %44, dims = [0, 1, 2] : (tensor<2x1x4xcomplex<f64>>) -> tensor<2x4x4xcomplex<f64>>
    %46 = stablehlo.multiply %27, %45 : tensor<2x4x4xcomplex<f64>>
    %47 = stablehlo.subtract %43, %46 : tensor<2x4x4xcomplex<f64>>
    %48 = stablehlo.transpose %23, dims = [0, 2, 1] : (tensor<2x4x4xcomplex<f64>>) -> tensor<2x4x4xcomplex<f64>>
    %49 = stablehlo.real %48 : (tensor<2x4x4xcomplex<f64>>) -> tensor<2x4x4xf64>
    %50 = stablehlo.imag %48 : (tensor<2x4x4xcomplex<f64>>) -> tensor<2x4x4xf64>
    %51 = stablehlo.negate %50 : tensor<2x4x4xf64>
    %52 = stablehlo.complex %49, %51 : tensor<2x4x4xcomplex<f64>>
    %53 = stablehlo.dot_general %52, %29, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x4x4xcomplex<f64>>, tensor<2x4x4xcomplex<f64>>) -> tensor<2x4x4xcomplex<f64>>
    %54 = stablehlo.broadcast_in_dim %19, dims = [0, 1] : (tensor<2x4xcomplex<f64>>) -> tensor<2x4x1xcomplex<f64>>
    %55 = stablehlo.transpose %23, dims = [0, 2, 1] : (tensor<2x4x4xcomplex<f64>>) -> tensor<2x4x4xcomplex<f64>>
    %56 = stablehlo.real %55 : (tensor<2x4x4xcomplex<f64>>) -> tensor<2x4x4xf64>
    %57 = stablehlo.imag %55 : (tensor<2x4x4xcomplex<f64>>) -> tensor<2x4x4xf64>
    %58 = stablehlo.negate %57 : tensor<2x4x4xf64>
    %59 = stablehlo.complex %56, %58 : tensor<2x4x4xcomplex<f64>>
    %60 = stablehlo.broadcast_in_dim %54, dims = [0, 1, 2] : (tensor<2x4x1xcomplex<f64>>) -> tensor<2x4x4xcomplex<f64>>
    %61 = stablehlo.multiply %60, %59 : tensor<2x4x4xcomplex<f64>>
    %62 = stablehlo.subtract %53, %61 : tensor<2x4x4xcomplex<f64>>
    %63 = stablehlo.abs %23 : (tensor<2x4x4xcomplex<f64>>) -> tensor<2x4x4xf64>
    %64 = stablehlo.multiply %63, %63 : tensor<2x4x4xf64>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %65 = stablehlo.reduce(%64 init: %cst_6) applies stablehlo.add across dimensions = [1] : (tensor<2x4x4xf64>, tensor<f64>) -> tensor<2x4xf64>
    %66 = stablehlo.sqrt %65 : tensor<2x4xf64>
    %67 = stablehlo.abs %27 : (tensor<2x4x4xcomplex<f64>>) -> tensor<2x4x4xf64>
    %68 = stablehlo.multiply %67, %67 : tensor<2x4x4xf64>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %69 = stablehlo.reduce(%68 init: %cst_7) applies stablehlo.add across dimensions = [1] : (tensor<2x4x4xf64>, tensor<f64>) -> tensor<2x4xf64>
    %70 = stablehlo.sqrt %69 : tensor<2x4xf64>
    return %30, %35, %39, %41, %42, %47, %62, %66, %70 : tensor<5xcomplex<f64>>, tensor<5x5xcomplex<f64>>, tensor<5xf64>, tensor<5xcomplex<f64>>, tensor<2x4xcomplex<f64>>, tensor<2x4x4xcomplex<f64>>, tensor<2x4x4xcomplex<f64>>, tensor<2x4xf64>, tensor<2x4xf64>
  }
  func.func private @sort(%arg0: tensor<5xcomplex<f64>>) -> tensor<5xcomplex<f64>> {
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
    }) : (tensor<5xcomplex<f64>>) -> tensor<5xcomplex<f64>>
    return %0 : tensor<5xcomplex<f64>>
  }
  func.func private @eigvals(%arg0: tensor<5x5xf64>) -> tensor<5xcomplex<f64>> {
    %0:5 = stablehlo.custom_call @lapack_dgeev_ffi(%arg0) {backend_config = "", mhlo.backend_config = {compute_left = 78 : ui8, compute_right = 78 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k], [l], [m, n], [o, p], []) {i=5, j=5, k=5, l=5, m=5, n=5, o=5, p=5}, custom>} : (tensor<5x5xf64>) -> (tensor<5xf64>, tensor<5xf64>, tensor<5x5xcomplex<f64>>, tensor<5x5xcomplex<f64>>, tensor<i32>)
    %1 = stablehlo.complex %0#0, %0#1 : tensor<5xcomplex<f64>>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %3 = stablehlo.compare EQ, %0#4, %2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f64>>) -> tensor<5xcomplex<f64>>
    %6 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<1xi1>) -> tensor<5xi1>
    %7 = stablehlo.select %6, %1, %5 : tensor<5xi1>, tensor<5xcomplex<f64>>
    return %7 : tensor<5xcomplex<f64>>
  }
  func.func private @sort_0(%arg0: tensor<2x4xcomplex<f64>>) -> tensor<2x4xcomplex<f64>> {
    %0 = "stablehlo.sort"(%arg0) <{dimension = 1 : i64, is_stable = true}> ({
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
    }) : (tensor<2x4xcomplex<f64>>) -> tensor<2x4xcomplex<f64>>
    return %0 : tensor<2x4xcomplex<f64>>
  }
}
