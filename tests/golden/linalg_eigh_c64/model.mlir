module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x5xcomplex<f32>>, %arg1: tensor<2x4x4xcomplex<f32>>, %arg2: tensor<4x4xcomplex<f32>>) -> (tensor<5xf32> {jax.result_info = "result[0]"}, tensor<5x5xcomplex<f32>> {jax.result_info = "result[1]"}, tensor<5x5xf32> {jax.result_info = "result[2]"}, tensor<2x4xf32> {jax.result_info = "result[3]"}, tensor<2x4x4xcomplex<f32>> {jax.result_info = "result[4]"}, tensor<2x4x4xf32> {jax.result_info = "result[5]"}, tensor<4xf32> {jax.result_info = "result[6]"}, tensor<4x4xcomplex<f32>> {jax.result_info = "result[7]"}, tensor<2x4xf32> {jax.result_info = "result[8]"}) {
    %0:2 = call @eigh(%arg0) : (tensor<5x5xcomplex<f32>>) -> (tensor<5xf32>, tensor<5x5xcomplex<f32>>)
    %1:2 = call @eigh_0(%arg1) : (tensor<2x4x4xcomplex<f32>>) -> (tensor<2x4xf32>, tensor<2x4x4xcomplex<f32>>)
    %2:3 = stablehlo.custom_call @lapack_cheevd_ffi(%arg2) {backend_config = "", mhlo.backend_config = {mode = 86 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=4, j=4, k=4, l=4, m=4}, custom>} : (tensor<4x4xcomplex<f32>>) -> (tensor<4x4xcomplex<f32>>, tensor<4xf32>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %4 = stablehlo.compare EQ, %2#2, %3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<4x4xcomplex<f32>>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<4x4xi1>
    %8 = stablehlo.select %7, %2#0, %6 : tensor<4x4xi1>, tensor<4x4xcomplex<f32>>
    %9 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst_0 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %11 = stablehlo.broadcast_in_dim %9, dims = [0] : (tensor<1xi1>) -> tensor<4xi1>
    %12 = stablehlo.select %11, %2#1, %10 : tensor<4xi1>, tensor<4xf32>
    %13 = stablehlo.broadcast_in_dim %0#0, dims = [1] : (tensor<5xf32>) -> tensor<1x5xf32>
    %14 = stablehlo.convert %13 : (tensor<1x5xf32>) -> tensor<1x5xcomplex<f32>>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0, 1] : (tensor<1x5xcomplex<f32>>) -> tensor<5x5xcomplex<f32>>
    %16 = stablehlo.multiply %0#1, %15 : tensor<5x5xcomplex<f32>>
    %17 = stablehlo.transpose %0#1, dims = [1, 0] : (tensor<5x5xcomplex<f32>>) -> tensor<5x5xcomplex<f32>>
    %18 = stablehlo.real %17 : (tensor<5x5xcomplex<f32>>) -> tensor<5x5xf32>
    %19 = stablehlo.imag %17 : (tensor<5x5xcomplex<f32>>) -> tensor<5x5xf32>
    %20 = stablehlo.negate %19 : tensor<5x5xf32>
    %21 = stablehlo.complex %18, %20 : tensor<5x5xcomplex<f32>>
    %22 = stablehlo.dot_general %16, %21, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x5xcomplex<f32>>, tensor<5x5xcomplex<f32>>) -> tensor<5x5xcomplex<f32>>
    %23 = stablehlo.abs %0#1 : (tensor<5x5xcomplex<f32>>) -> tensor<5x5xf32>
    %24 = stablehlo.broadcast_in_dim %1#0, dims = [0, 2] : (tensor<2x4xf32>) -> tensor<2x1x4xf32>
    %25 = stablehlo.convert %24 : (tensor<2x1x4xf32>) -> tensor<2x1x4xcomplex<f32>>
    %26 = stablehlo.broadcast_in_dim %25, dims = [0, 1, 2] : (tensor<2x1x4xcomplex<f32>>) -> tensor<2x4x4xcomplex<f32>>
    %27 = stablehlo.multiply %1#1, %26 : tensor<2x4x4xcomplex<f32>>
    %28 = stablehlo.transpose %1#1, dims = [0, 2, 1] : (tensor<2x4x4xcomplex<f32>>) -> tensor<2x4x4xcomplex<f32>>
    %29 = stablehlo.real %28 : (tensor<2x4x4xcomplex<f32>>) -> tensor<2x4x4xf32>
    %30 = stablehlo.imag %28 : (tensor<2x4x4xcomplex<f32>>) -> tensor<2x4x4xf32>
    %31 = stablehlo.negate %30 : tensor<2x4x4xf32>
    %32 = stablehlo.complex %29, %31 : tensor<2x4x4xcomplex<f32>>
    %33 = stablehlo.dot_general %27, %32, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x4x4xcomplex<f32>>, tensor<2x4x4xcomplex<f32>>) -> tensor<2x4x4xcomplex<f32>>
    %34 = stablehlo.abs %1#1 : (tensor<2x4x4xcomplex<f32>>) -> tensor<2x4x4xf32>
    %35 = stablehlo.broadcast_in_dim %12, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
    %36 = stablehlo.convert %35 : (tensor<1x4xf32>) -> tensor<1x4xcomplex<f32>>
    %37 = stablehlo.broadcast_in_dim %36, dims = [0, 1] : (tensor<1x4xcomplex<f32>>) -> tensor<4x4xcomplex<f32>>
    %38 = stablehlo.multiply %8, %37 : tensor<4x4xcomplex<f32>>
    %39 = stablehlo.transpose %8, dims = [1, 0] : (tensor<4x4xcomplex<f32>>) -> tensor<4x4xcomplex<f32>>
    %40 = stablehlo.real %39 : (tensor<4x4xcomplex<f32>>) -> tensor<4x4xf32>
    %41 = stablehlo.imag %39 : (tensor<4x4xcomplex<f32>>) -> tensor<4x4xf32>
    %42 = stablehlo.negate %41 : tensor<4x4xf32>
    %43 = stablehlo.complex %40, %42 : tensor<4x4xcomplex<f32>>
    %44 = stablehlo.dot_general %38, %43, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x4xcomplex<f32>>, tensor<4x4xcomplex<f32>>) -> tensor<4x4xcomplex<f32>>
    %45 = call @eigvalsh(%arg1) : (tensor<2x4x4xcomplex<f32>>) -> tensor<2x4xf32>
    return %0#0, %22, %23, %1#0, %33, %34, %12, %44, %45 : tensor<5xf32>, tensor<5x5xcomplex<f32>>, tensor<5x5xf32>, tensor<2x4xf32>, tensor<2x4x4xcomplex<f32>>, tensor<2x4x4xf32>, tensor<4xf32>, tensor<4x4xcomplex<f32>>, tensor<2x4xf32>
  }
  func.func private @eigh(%arg0: tensor<5x5xcomplex<f32>>) -> (tensor<5xf32>, tensor<5x5xcomplex<f32>>) {
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<5x5xcomplex<f32>>) -> tensor<5x5xcomplex<f32>>
    %1 = stablehlo.real %0 : (tensor<5x5xcomplex<f32>>) -> tensor<5x5xf32>
    %2 = stablehlo.imag %0 : (tensor<5x5xcomplex<f32>>) -> tensor<5x5xf32>
    %3 = stablehlo.negate %2 : tensor<5x5xf32>
    %4 = stablehlo.complex %1, %3 : tensor<5x5xcomplex<f32>>
    %5 = stablehlo.add %arg0, %4 : tensor<5x5xcomplex<f32>>
    %cst = stablehlo.constant dense<(2.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<5x5xcomplex<f32>>
    %7 = stablehlo.divide %5, %6 : tensor<5x5xcomplex<f32>>
    %8:3 = stablehlo.custom_call @lapack_cheevd_ffi(%7) {backend_config = "", mhlo.backend_config = {mode = 86 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=5, j=5, k=5, l=5, m=5}, custom>} : (tensor<5x5xcomplex<f32>>) -> (tensor<5x5xcomplex<f32>>, tensor<5xf32>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %10 = stablehlo.compare EQ, %8#2, %9, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %11 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_0 = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %12 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f32>>) -> tensor<5x5xcomplex<f32>>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<5x5xi1>
    %14 = stablehlo.select %13, %8#0, %12 : tensor<5x5xi1>, tensor<5x5xcomplex<f32>>
    %15 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %17 = stablehlo.broadcast_in_dim %15, dims = [0] : (tensor<1xi1>) -> tensor<5xi1>
    %18 = stablehlo.select %17, %8#1, %16 : tensor<5xi1>, tensor<5xf32>
    return %18, %14 : tensor<5xf32>, tensor<5x5xcomplex<f32>>
  }
  func.func private @eigh_0(%arg0: tensor<2x4x4xcomplex<f32>>) -> (tensor<2x4xf32>, tensor<2x4x4xcomplex<f32>>) {
    %0 = stablehlo.transpose %arg0, dims = [0, 2, 1] : (tensor<2x4x4xcomplex<f32>>) -> tensor<2x4x4xcomplex<f32>>
    %1 = stablehlo.real %0 : (tensor<2x4x4xcomplex<f32>>) -> tensor<2x4x4xf32>
    %2 = stablehlo.imag %0 : (tensor<2x4x4xcomplex<f32>>) -> tensor<2x4x4xf32>
    %3 = stablehlo.negate %2 : tensor<2x4x4xf32>
    %4 = stablehlo.complex %1, %3 : tensor<2x4x4xcomplex<f32>>
    %5 = stablehlo.add %arg0, %4 : tensor<2x4x4xcomplex<f32>>
    %cst = stablehlo.constant dense<(2.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<2x4x4xcomplex<f32>>
    %7 = stablehlo.divide %5, %6 : tensor<2x4x4xcomplex<f32>>
    %8:3 = stablehlo.custom_call @lapack_cheevd_ffi(%7) {backend_config = "", mhlo.backend_config = {mode = 86 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i, n], [i]) {i=2, j=4, k=4, l=4, m=4, n=4}, custom>} : (tensor<2x4x4xcomplex<f32>>) -> (tensor<2x4x4xcomplex<f32>>, tensor<2x4xf32>, tensor<2xi32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %10 = stablehlo.compare EQ, %8#2, %9, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0] : (tensor<2xi1>) -> tensor<2x1x1xi1>
    %cst_0 = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %12 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f32>>) -> tensor<2x4x4xcomplex<f32>>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1, 2] : (tensor<2x1x1xi1>) -> tensor<2x4x4xi1>
    %14 = stablehlo.select %13, %8#0, %12 : tensor<2x4x4xi1>, tensor<2x4x4xcomplex<f32>>
    %15 = stablehlo.broadcast_in_dim %10, dims = [0] : (tensor<2xi1>) -> tensor<2x1xi1>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %17 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<2x1xi1>) -> tensor<2x4xi1>
    %18 = stablehlo.select %17, %8#1, %16 : tensor<2x4xi1>, tensor<2x4xf32>
    return %18, %14 : tensor<2x4xf32>, tensor<2x4x4xcomplex<f32>>
  }
  func.func private @eigvalsh(%arg0: tensor<2x4x4xcomplex<f32>>) -> tensor<2x4xf32> {
    %0 = call @eigh_1(%arg0) : (tensor<2x4x4xcomplex<f32>>) -> tensor<2x4xf32>
    return %0 : tensor<2x4xf32>
  }
  func.func private @eigh_1(%arg0: tensor<2x4x4xcomplex<f32>>) -> tensor<2x4xf32> {
    %0 = stablehlo.transpose %arg0, dims = [0, 2, 1] : (tensor<2x4x4xcomplex<f32>>) -> tensor<2x4x4xcomplex<f32>>
    %1 = stablehlo.real %0 : (tensor<2x4x4xcomplex<f32>>) -> tensor<2x4x4xf32>
    %2 = stablehlo.imag %0 : (tensor<2x4x4xcomplex<f32>>) -> tensor<2x4x4xf32>
    %3 = stablehlo.negate %2 : tensor<2x4x4xf32>
    %4 = stablehlo.complex %1, %3 : tensor<2x4x4xcomplex<f32>>
    %5 = stablehlo.add %arg0, %4 : tensor<2x4x4xcomplex<f32>>
    %cst = stablehlo.constant dense<(2.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<2x4x4xcomplex<f32>>
    %7 = stablehlo.divide %5, %6 : tensor<2x4x4xcomplex<f32>>
    %8:3 = stablehlo.custom_call @lapack_cheevd_ffi(%7) {backend_config = "", mhlo.backend_config = {mode = 86 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i, n], [i]) {i=2, j=4, k=4, l=4, m=4, n=4}, custom>} : (tensor<2x4x4xcomplex<f32>>) -> (tensor<2x4x4xcomplex<f32>>, tensor<2x4xf32>, tensor<2xi32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %10 = stablehlo.compare EQ, %8#2, %9, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0] : (tensor<2xi1>) -> tensor<2x1x1xi1>
    %cst_0 = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %12 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f32>>) -> tensor<2x4x4xcomplex<f32>>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1, 2] : (tensor<2x1x1xi1>) -> tensor<2x4x4xi1>
    %14 = stablehlo.select %13, %8#0, %12 : tensor<2x4x4xi1>, tensor<2x4x4xcomplex<f32>>
    %15 = stablehlo.broadcast_in_dim %10, dims = [0] : (tensor<2xi1>) -> tensor<2x1xi1>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %17 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<2x1xi1>) -> tensor<2x4xi1>
    %18 = stablehlo.select %17, %8#1, %16 : tensor<2x4xi1>, tensor<2x4xf32>
    return %18 : tensor<2x4xf32>
  }
}
