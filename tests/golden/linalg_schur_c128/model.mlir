module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x6xcomplex<f64>>, %arg1: tensor<2x5x5xcomplex<f64>>) -> (tensor<6x6xcomplex<f64>> {jax.result_info = "result[0]"}, tensor<6x6xcomplex<f64>> {jax.result_info = "result[1]"}, tensor<6xcomplex<f64>> {jax.result_info = "result[2]"}, tensor<6x6xcomplex<f64>> {jax.result_info = "result[3]"}, tensor<2x5x5xcomplex<f64>> {jax.result_info = "result[4]"}, tensor<2x5xcomplex<f64>> {jax.result_info = "result[5]"}, tensor<2x5x5xcomplex<f64>> {jax.result_info = "result[6]"}) {
    %0:2 = call @_schur(%arg0) : (tensor<6x6xcomplex<f64>>) -> (tensor<6x6xcomplex<f64>>, tensor<6x6xcomplex<f64>>)
    %1:2 = call @_schur_0(%arg1) : (tensor<2x5x5xcomplex<f64>>) -> (tensor<2x5x5xcomplex<f64>>, tensor<2x5x5xcomplex<f64>>)
    %2 = stablehlo.dot_general %0#1, %0#0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x6xcomplex<f64>>, tensor<6x6xcomplex<f64>>) -> tensor<6x6xcomplex<f64>>
    %3 = stablehlo.transpose %0#1, dims = [1, 0] : (tensor<6x6xcomplex<f64>>) -> tensor<6x6xcomplex<f64>>
    %4 = stablehlo.real %3 : (tensor<6x6xcomplex<f64>>) -> tensor<6x6xf64>
    %5 = stablehlo.imag %3 : (tensor<6x6xcomplex<f64>>) -> tensor<6x6xf64>
    %6 = stablehlo.negate %5 : tensor<6x6xf64>
    %7 = stablehlo.complex %4, %6 : tensor<6x6xcomplex<f64>>
    %8 = stablehlo.dot_general %2, %7, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x6xcomplex<f64>>, tensor<6x6xcomplex<f64>>) -> tensor<6x6xcomplex<f64>>
    %9 = stablehlo.transpose %0#1, dims = [1, 0] : (tensor<6x6xcomplex<f64>>) -> tensor<6x6xcomplex<f64>>
    %10 = stablehlo.real %9 : (tensor<6x6xcomplex<f64>>) -> tensor<6x6xf64>
    %11 = stablehlo.imag %9 : (tensor<6x6xcomplex<f64>>) -> tensor<6x6xf64>
    %12 = stablehlo.negate %11 : tensor<6x6xf64>
    %13 = stablehlo.complex %10, %12 : tensor<6x6xcomplex<f64>>
    %14 = stablehlo.dot_general %13, %0#1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x6xcomplex<f64>>, tensor<6x6xcomplex<f64>>) -> tensor<6x6xcomplex<f64>>
    %15 = call @diagonal(%0#0) : (tensor<6x6xcomplex<f64>>) -> tensor<6xcomplex<f64>>
    %16 = call @sort(%15) : (tensor<6xcomplex<f64>>) -> tensor<6xcomplex<f64>>
    %17 = call @tril(%0#0) : (tensor<6x6xcomplex<f64>>) -> tensor<6x6xcomplex<f64>>
    %18 = stablehlo.dot_general %1#1, %1#0, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x5xcomplex<f64>>, tensor<2x5x5xcomplex<f64>>) -> tensor<2x5x5xcomplex<f64>>
    %19 = stablehlo.transpose %1#1, dims = [0, 2, 1] : (tensor<2x5x5xcomplex<f64>>) -> tensor<2x5x5xcomplex<f64>>
    %20 = stablehlo.real %19 : (tensor<2x5x5xcomplex<f64>>) -> tensor<2x5x5xf64>
    %21 = stablehlo.imag %19 : (tensor<2x5x5xcomplex<f64>>) -> tensor<2x5x5xf64>
    %22 = stablehlo.negate %21 : tensor<2x5x5xf64>
    %23 = stablehlo.complex %20, %22 : tensor<2x5x5xcomplex<f64>>
    %24 = stablehlo.dot_general %18, %23, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x5xcomplex<f64>>, tensor<2x5x5xcomplex<f64>>) -> tensor<2x5x5xcomplex<f64>>
    %25 = call @diagonal_1(%1#0) : (tensor<2x5x5xcomplex<f64>>) -> tensor<2x5xcomplex<f64>>
    %26 = call @sort_2(%25) : (tensor<2x5xcomplex<f64>>) -> tensor<2x5xcomplex<f64>>
    %27 = call @tril_3(%1#0) : (tensor<2x5x5xcomplex<f64>>) -> tensor<2x5x5xcomplex<f64>>
    return %8, %14, %16, %17, %24, %26, %27 : tensor<6x6xcomplex<f64>>, tensor<6x6xcomplex<f64>>, tensor<6xcomplex<f64>>, tensor<6x6xcomplex<f64>>, tensor<2x5x5xcomplex<f64>>, tensor<2x5xcomplex<f64>>, tensor<2x5x5xcomplex<f64>>
  }
  func.func private @_schur(%arg0: tensor<6x6xcomplex<f64>>) -> (tensor<6x6xcomplex<f64>>, tensor<6x6xcomplex<f64>>) {
    %0:5 = stablehlo.custom_call @lapack_zgees_ffi(%arg0) {backend_config = "", mhlo.backend_config = {mode = 86 : ui8, sort = 78 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m, n], [o], [], []) {i=6, j=6, k=6, l=6, m=6, n=6, o=6}, custom>} : (tensor<6x6xcomplex<f64>>) -> (tensor<6x6xcomplex<f64>>, tensor<6x6xcomplex<f64>>, tensor<6xcomplex<f64>>, tensor<i32>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %2 = stablehlo.compare EQ, %0#4, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f64>>) -> tensor<6x6xcomplex<f64>>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<6x6xi1>
    %6 = stablehlo.select %5, %0#0, %4 : tensor<6x6xi1>, tensor<6x6xcomplex<f64>>
    %7 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_0 = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f64>>) -> tensor<6x6xcomplex<f64>>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<6x6xi1>
    %10 = stablehlo.select %9, %0#1, %8 : tensor<6x6xi1>, tensor<6x6xcomplex<f64>>
    return %6, %10 : tensor<6x6xcomplex<f64>>, tensor<6x6xcomplex<f64>>
  }
  func.func private @_schur_0(%arg0: tensor<2x5x5xcomplex<f64>>) -> (tensor<2x5x5xcomplex<f64>>, tensor<2x5x5xcomplex<f64>>) {
    %0:5 = stablehlo.custom_call @lapack_zgees_ffi(%arg0) {backend_config = "", mhlo.backend_config = {mode = 86 : ui8, sort = 78 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i, n, o], [i, p], [i], [i]) {i=2, j=5, k=5, l=5, m=5, n=5, o=5, p=5}, custom>} : (tensor<2x5x5xcomplex<f64>>) -> (tensor<2x5x5xcomplex<f64>>, tensor<2x5x5xcomplex<f64>>, tensor<2x5xcomplex<f64>>, tensor<2xi32>, tensor<2xi32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %2 = stablehlo.compare EQ, %0#4, %1, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<2xi1>) -> tensor<2x1x1xi1>
    %cst = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f64>>) -> tensor<2x5x5xcomplex<f64>>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<2x1x1xi1>) -> tensor<2x5x5xi1>
    %6 = stablehlo.select %5, %0#0, %4 : tensor<2x5x5xi1>, tensor<2x5x5xcomplex<f64>>
    %7 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<2xi1>) -> tensor<2x1x1xi1>
    %cst_0 = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f64>>) -> tensor<2x5x5xcomplex<f64>>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<2x1x1xi1>) -> tensor<2x5x5xi1>
    %10 = stablehlo.select %9, %0#1, %8 : tensor<2x5x5xi1>, tensor<2x5x5xcomplex<f64>>
    return %6, %10 : tensor<2x5x5xcomplex<f64>>, tensor<2x5x5xcomplex<f64>>
  }
  func.func private @diagonal(%arg0: tensor<6x6xcomplex<f64>>) -> tensor<6xcomplex<f64>> {
    %0 = stablehlo.iota dim = 0 : tensor<6x6xi64>
    %1 = stablehlo.iota dim = 1 : tensor<6x6xi64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<6x6xi64>
    %3 = stablehlo.add %0, %2 : tensor<6x6xi64>
    %4 = stablehlo.compare EQ, %3, %1, SIGNED : (tensor<6x6xi64>, tensor<6x6xi64>) -> tensor<6x6xi1>
    %5 = stablehlo.convert %4 : (tensor<6x6xi1>) -> tensor<6x6xcomplex<f64>>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %6 = "stablehlo.case"(%c_0) ({
      %c_1 = stablehlo.constant dense<0> : tensor<i32>
      stablehlo.return %c_1 : tensor<i32>
    }, {
      %c_1 = stablehlo.constant dense<0> : tensor<i32>
      stablehlo.return %c_1 : tensor<i32>
    }) : (tensor<i32>) -> tensor<i32>
    %7 = "stablehlo.case"(%6) ({
      %8 = stablehlo.iota dim = 0 : tensor<6xi64>
      %9 = stablehlo.iota dim = 0 : tensor<6xi64>
      %c_1 = stablehlo.constant dense<0> : tensor<i64>
      %10 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i64>) -> tensor<6xi64>
      %11 = stablehlo.compare LT, %8, %10, SIGNED : (tensor<6xi64>, tensor<6xi64>) -> tensor<6xi1>
      %c_2 = stablehlo.constant dense<6> : tensor<i64>
      %12 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i64>) -> tensor<6xi64>
      %13 = stablehlo.add %8, %12 : tensor<6xi64>
      %14 = stablehlo.select %11, %13, %8 : tensor<6xi1>, tensor<6xi64>
      %c_3 = stablehlo.constant dense<0> : tensor<i64>
      %15 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i64>) -> tensor<6xi64>
      %16 = stablehlo.compare LT, %9, %15, SIGNED : (tensor<6xi64>, tensor<6xi64>) -> tensor<6xi1>
      %c_4 = stablehlo.constant dense<6> : tensor<i64>
      %17 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i64>) -> tensor<6xi64>
      %18 = stablehlo.add %9, %17 : tensor<6xi64>
      %19 = stablehlo.select %16, %18, %9 : tensor<6xi1>, tensor<6xi64>
      %20 = stablehlo.convert %14 : (tensor<6xi64>) -> tensor<6xi32>
      %21 = stablehlo.convert %19 : (tensor<6xi64>) -> tensor<6xi32>
      %22 = stablehlo.broadcast_in_dim %20, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
      %23 = stablehlo.broadcast_in_dim %21, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
      %24 = stablehlo.concatenate %22, %23, dim = 1 : (tensor<6x1xi32>, tensor<6x1xi32>) -> tensor<6x2xi32>
      %25 = "stablehlo.gather"(%arg0, %24) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<6x6xcomplex<f64>>, tensor<6x2xi32>) -> tensor<6xcomplex<f64>>
      stablehlo.return %25 : tensor<6xcomplex<f64>>
    }) : (tensor<i32>) -> tensor<6xcomplex<f64>>
    return %7 : tensor<6xcomplex<f64>>
  }
  func.func private @sort(%arg0: tensor<6xcomplex<f64>>) -> tensor<6xcomplex<f64>> {
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
    }) : (tensor<6xcomplex<f64>>) -> tensor<6xcomplex<f64>>
    return %0 : tensor<6xcomplex<f64>>
  }
  func.func private @tril(%arg0: tensor<6x6xcomplex<f64>>) -> tensor<6x6xcomplex<f64>> {
    %0 = stablehlo.iota dim = 0 : tensor<6x6xi64>
    %c = stablehlo.constant dense<-1> : tensor<i64>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<6x6xi64>
    %2 = stablehlo.add %0, %1 : tensor<6x6xi64>
    %3 = stablehlo.iota dim = 1 : tensor<6x6xi64>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<6x6xi64>, tensor<6x6xi64>) -> tensor<6x6xi1>
    %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f64>>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f64>>) -> tensor<6x6xcomplex<f64>>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<6x6xi1>, tensor<6x6xcomplex<f64>>
    return %6 : tensor<6x6xcomplex<f64>>
  }
  func.func private @diagonal_1(%arg0: tensor<2x5x5xcomplex<f64>>) -> tensor<2x5xcomplex<f64>> {
    %0 = stablehlo.iota dim = 0 : tensor<5xi64>
    %1 = stablehlo.iota dim = 0 : tensor<5xi64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<5xi64>
    %3 = stablehlo.compare LT, %0, %2, SIGNED : (tensor<5xi64>, tensor<5xi64>) -> tensor<5xi1>
    %c_0 = stablehlo.constant dense<5> : tensor<i64>
    %4 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i64>) -> tensor<5xi64>
    %5 = stablehlo.add %0, %4 : tensor<5xi64>
    %6 = stablehlo.select %3, %5, %0 : tensor<5xi1>, tensor<5xi64>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %7 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i64>) -> tensor<5xi64>
    %8 = stablehlo.compare LT, %1, %7, SIGNED : (tensor<5xi64>, tensor<5xi64>) -> tensor<5xi1>
    %c_2 = stablehlo.constant dense<5> : tensor<i64>
    %9 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i64>) -> tensor<5xi64>
    %10 = stablehlo.add %1, %9 : tensor<5xi64>
    %11 = stablehlo.select %8, %10, %1 : tensor<5xi1>, tensor<5xi64>
    %12 = stablehlo.convert %6 : (tensor<5xi64>) -> tensor<5xi32>
    %13 = stablehlo.convert %11 : (tensor<5xi64>) -> tensor<5xi32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
    %15 = stablehlo.broadcast_in_dim %13, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
    %16 = stablehlo.concatenate %14, %15, dim = 1 : (tensor<5x1xi32>, tensor<5x1xi32>) -> tensor<5x2xi32>
    %17 = "stablehlo.gather"(%arg0, %16) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1, 2], start_index_map = [1, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 2, 1, 1>}> : (tensor<2x5x5xcomplex<f64>>, tensor<5x2xi32>) -> tensor<2x5xcomplex<f64>>
    return %17 : tensor<2x5xcomplex<f64>>
  }
  func.func private @sort_2(%arg0: tensor<2x5xcomplex<f64>>) -> tensor<2x5xcomplex<f64>> {
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
    }) : (tensor<2x5xcomplex<f64>>) -> tensor<2x5xcomplex<f64>>
    return %0 : tensor<2x5xcomplex<f64>>
  }
  func.func private @tril_3(%arg0: tensor<2x5x5xcomplex<f64>>) -> tensor<2x5x5xcomplex<f64>> {
    %0 = stablehlo.iota dim = 0 : tensor<5x5xi64>
    %c = stablehlo.constant dense<-1> : tensor<i64>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<5x5xi64>
    %2 = stablehlo.add %0, %1 : tensor<5x5xi64>
    %3 = stablehlo.iota dim = 1 : tensor<5x5xi64>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<5x5xi64>, tensor<5x5xi64>) -> tensor<5x5xi1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [1, 2] : (tensor<5x5xi1>) -> tensor<2x5x5xi1>
    %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f64>>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f64>>) -> tensor<2x5x5xcomplex<f64>>
    %7 = stablehlo.select %5, %arg0, %6 : tensor<2x5x5xi1>, tensor<2x5x5xcomplex<f64>>
    return %7 : tensor<2x5x5xcomplex<f64>>
  }
}
