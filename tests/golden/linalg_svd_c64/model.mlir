module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x4xcomplex<f32>>, %arg1: tensor<2x3x5xcomplex<f32>>) -> (tensor<4xf32> {jax.result_info = "result[0]"}, tensor<6x4xcomplex<f32>> {jax.result_info = "result[1]"}, tensor<6x4xf32> {jax.result_info = "result[2]"}, tensor<4x4xf32> {jax.result_info = "result[3]"}, tensor<4xf32> {jax.result_info = "result[4]"}, tensor<6x4xf32> {jax.result_info = "result[5]"}, tensor<6x6xcomplex<f32>> {jax.result_info = "result[6]"}, tensor<4x4xf32> {jax.result_info = "result[7]"}, tensor<2x3xf32> {jax.result_info = "result[8]"}, tensor<2x3x5xcomplex<f32>> {jax.result_info = "result[9]"}, tensor<2x3x3xf32> {jax.result_info = "result[10]"}, tensor<2x3x5xf32> {jax.result_info = "result[11]"}, tensor<4xf32> {jax.result_info = "result[12]"}, tensor<6x4xcomplex<f32>> {jax.result_info = "result[13]"}, tensor<6x4xf32> {jax.result_info = "result[14]"}, tensor<2x3xf32> {jax.result_info = "result[15]"}) {
    %0:3 = call @svd(%arg0) : (tensor<6x4xcomplex<f32>>) -> (tensor<6x4xcomplex<f32>>, tensor<4xf32>, tensor<4x4xcomplex<f32>>)
    %1:3 = call @svd_0(%arg0) : (tensor<6x4xcomplex<f32>>) -> (tensor<6x6xcomplex<f32>>, tensor<4xf32>, tensor<4x4xcomplex<f32>>)
    %2:3 = call @svd_1(%arg1) : (tensor<2x3x5xcomplex<f32>>) -> (tensor<2x3x3xcomplex<f32>>, tensor<2x3xf32>, tensor<2x3x5xcomplex<f32>>)
    %3:5 = stablehlo.custom_call @lapack_cgesvd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {mode = 83 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], [n, o], [p, q], []) {i=6, j=4, k=6, l=4, m=4, n=6, o=4, p=4, q=4}, custom>} : (tensor<6x4xcomplex<f32>>) -> (tensor<6x4xcomplex<f32>>, tensor<4xf32>, tensor<6x4xcomplex<f32>>, tensor<4x4xcomplex<f32>>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %5 = stablehlo.compare EQ, %3#4, %4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %6 = stablehlo.broadcast_in_dim %5, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %8 = stablehlo.broadcast_in_dim %6, dims = [0] : (tensor<1xi1>) -> tensor<4xi1>
    %9 = stablehlo.select %8, %3#1, %7 : tensor<4xi1>, tensor<4xf32>
    %10 = stablehlo.broadcast_in_dim %5, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_0 = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %11 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f32>>) -> tensor<6x4xcomplex<f32>>
    %12 = stablehlo.broadcast_in_dim %10, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<6x4xi1>
    %13 = stablehlo.select %12, %3#2, %11 : tensor<6x4xi1>, tensor<6x4xcomplex<f32>>
    %14 = stablehlo.broadcast_in_dim %5, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_1 = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %15 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<complex<f32>>) -> tensor<4x4xcomplex<f32>>
    %16 = stablehlo.broadcast_in_dim %14, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<4x4xi1>
    %17 = stablehlo.select %16, %3#3, %15 : tensor<4x4xi1>, tensor<4x4xcomplex<f32>>
    %18 = stablehlo.broadcast_in_dim %0#1, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
    %19 = stablehlo.convert %18 : (tensor<1x4xf32>) -> tensor<1x4xcomplex<f32>>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1] : (tensor<1x4xcomplex<f32>>) -> tensor<6x4xcomplex<f32>>
    %21 = stablehlo.multiply %0#0, %20 : tensor<6x4xcomplex<f32>>
    %22 = stablehlo.dot_general %21, %0#2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x4xcomplex<f32>>, tensor<4x4xcomplex<f32>>) -> tensor<6x4xcomplex<f32>>
    %23 = stablehlo.abs %0#0 : (tensor<6x4xcomplex<f32>>) -> tensor<6x4xf32>
    %24 = stablehlo.abs %0#2 : (tensor<4x4xcomplex<f32>>) -> tensor<4x4xf32>
    %25 = stablehlo.slice %1#0 [0:6, 0:4] : (tensor<6x6xcomplex<f32>>) -> tensor<6x4xcomplex<f32>>
    %26 = stablehlo.abs %25 : (tensor<6x4xcomplex<f32>>) -> tensor<6x4xf32>
    %27 = stablehlo.transpose %1#0, dims = [1, 0] : (tensor<6x6xcomplex<f32>>) -> tensor<6x6xcomplex<f32>>
    %28 = stablehlo.real %27 : (tensor<6x6xcomplex<f32>>) -> tensor<6x6xf32>
    %29 = stablehlo.imag %27 : (tensor<6x6xcomplex<f32>>) -> tensor<6x6xf32>
    %30 = stablehlo.negate %29 : tensor<6x6xf32>
    %31 = stablehlo.complex %28, %30 : tensor<6x6xcomplex<f32>>
    %32 = stablehlo.dot_general %31, %1#0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x6xcomplex<f32>>, tensor<6x6xcomplex<f32>>) -> tensor<6x6xcomplex<f32>>
    %33 = stablehlo.abs %1#2 : (tensor<4x4xcomplex<f32>>) -> tensor<4x4xf32>
    %34 = stablehlo.broadcast_in_dim %2#1, dims = [0, 2] : (tensor<2x3xf32>) -> tensor<2x1x3xf32>
    %35 = stablehlo.convert %34 : (tensor<2x1x3xf32>) -> tensor<2x1x3xcomplex<f32>>
    %36 = stablehlo.broadcast_in_dim %35, dims = [0, 1, 2] : (tensor<2x1x3xcomplex<f32>>) -> tensor<2x3x3xcomplex<f32>>
    %37 = stablehlo.multiply %2#0, %36 : tensor<2x3x3xcomplex<f32>>
    %38 = stablehlo.dot_general %37, %2#2, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x3x3xcomplex<f32>>, tensor<2x3x5xcomplex<f32>>) -> tensor<2x3x5xcomplex<f32>>
    %39 = stablehlo.abs %2#0 : (tensor<2x3x3xcomplex<f32>>) -> tensor<2x3x3xf32>
    %40 = stablehlo.abs %2#2 : (tensor<2x3x5xcomplex<f32>>) -> tensor<2x3x5xf32>
    %41 = stablehlo.broadcast_in_dim %9, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
    %42 = stablehlo.convert %41 : (tensor<1x4xf32>) -> tensor<1x4xcomplex<f32>>
    %43 = stablehlo.broadcast_in_dim %42, dims = [0, 1] : (tensor<1x4xcomplex<f32>>) -> tensor<6x4xcomplex<f32>>
    %44 = stablehlo.multiply %13, %43 : tensor<6x4xcomplex<f32>>
    %45 = stablehlo.dot_general %44, %17, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x4xcomplex<f32>>, tensor<4x4xcomplex<f32>>) -> tensor<6x4xcomplex<f32>>
    %46 = stablehlo.abs %13 : (tensor<6x4xcomplex<f32>>) -> tensor<6x4xf32>
    %47 = call @svd_2(%arg1) : (tensor<2x3x5xcomplex<f32>>) -> tensor<2x3xf32>
    return %0#1, %22, %23, %24, %1#1, %26, %32, %33, %2#1, %38, %39, %40, %9, %45, %46, %47 : tensor<4xf32>, tensor<6x4xcomplex<f32>>, tensor<6x4xf32>, tensor<4x4xf32>, tensor<4xf32>, tensor<6x4xf32>, tensor<6x6xcomplex<f32>>, tensor<4x4xf32>, tensor<2x3xf32>, tensor<2x3x5xcomplex<f32>>, tensor<2x3x3xf32>, tensor<2x3x5xf32>, tensor<4xf32>, tensor<6x4xcomplex<f32>>, tensor<6x4xf32>, tensor<2x3xf32>
  }
  func.func private @svd(%arg0: tensor<6x4xcomplex<f32>>) -> (tensor<6x4xcomplex<f32>>, tensor<4xf32>, tensor<4x4xcomplex<f32>>) {
    %0:5 = stablehlo.custom_call @lapack_cgesdd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {mode = 83 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], [n, o], [p, q], []) {i=6, j=4, k=6, l=4, m=4, n=6, o=4, p=4, q=4}, custom>} : (tensor<6x4xcomplex<f32>>) -> (tensor<6x4xcomplex<f32>>, tensor<4xf32>, tensor<6x4xcomplex<f32>>, tensor<4x4xcomplex<f32>>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %2 = stablehlo.compare EQ, %0#4, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<1xi1>) -> tensor<4xi1>
    %6 = stablehlo.select %5, %0#1, %4 : tensor<4xi1>, tensor<4xf32>
    %7 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_0 = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f32>>) -> tensor<6x4xcomplex<f32>>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<6x4xi1>
    %10 = stablehlo.select %9, %0#2, %8 : tensor<6x4xi1>, tensor<6x4xcomplex<f32>>
    %11 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_1 = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<complex<f32>>) -> tensor<4x4xcomplex<f32>>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<4x4xi1>
    %14 = stablehlo.select %13, %0#3, %12 : tensor<4x4xi1>, tensor<4x4xcomplex<f32>>
    return %10, %6, %14 : tensor<6x4xcomplex<f32>>, tensor<4xf32>, tensor<4x4xcomplex<f32>>
  }
  func.func private @svd_0(%arg0: tensor<6x4xcomplex<f32>>) -> (tensor<6x6xcomplex<f32>>, tensor<4xf32>, tensor<4x4xcomplex<f32>>) {
    %0:5 = stablehlo.custom_call @lapack_cgesdd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {mode = 65 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], [n, o], [p, q], []) {i=6, j=4, k=6, l=4, m=4, n=6, o=6, p=4, q=4}, custom>} : (tensor<6x4xcomplex<f32>>) -> (tensor<6x4xcomplex<f32>>, tensor<4xf32>, tensor<6x6xcomplex<f32>>, tensor<4x4xcomplex<f32>>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %2 = stablehlo.compare EQ, %0#4, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<1xi1>) -> tensor<4xi1>
    %6 = stablehlo.select %5, %0#1, %4 : tensor<4xi1>, tensor<4xf32>
    %7 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_0 = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f32>>) -> tensor<6x6xcomplex<f32>>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<6x6xi1>
    %10 = stablehlo.select %9, %0#2, %8 : tensor<6x6xi1>, tensor<6x6xcomplex<f32>>
    %11 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_1 = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<complex<f32>>) -> tensor<4x4xcomplex<f32>>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<4x4xi1>
    %14 = stablehlo.select %13, %0#3, %12 : tensor<4x4xi1>, tensor<4x4xcomplex<f32>>
    return %10, %6, %14 : tensor<6x6xcomplex<f32>>, tensor<4xf32>, tensor<4x4xcomplex<f32>>
  }
  func.func private @svd_1(%arg0: tensor<2x3x5xcomplex<f32>>) -> (tensor<2x3x3xcomplex<f32>>, tensor<2x3xf32>, tensor<2x3x5xcomplex<f32>>) {
    %0:5 = stablehlo.custom_call @lapack_cgesdd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {mode = 83 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 2, 0]> : tensor<3xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i, n], [i, o, p], [i, q, r], [i]) {i=2, j=3, k=5, l=3, m=5, n=3, o=3, p=3, q=3, r=5}, custom>} : (tensor<2x3x5xcomplex<f32>>) -> (tensor<2x3x5xcomplex<f32>>, tensor<2x3xf32>, tensor<2x3x3xcomplex<f32>>, tensor<2x3x5xcomplex<f32>>, tensor<2xi32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %2 = stablehlo.compare EQ, %0#4, %1, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<2xi1>) -> tensor<2x1xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<2x1xi1>) -> tensor<2x3xi1>
    %6 = stablehlo.select %5, %0#1, %4 : tensor<2x3xi1>, tensor<2x3xf32>
    %7 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<2xi1>) -> tensor<2x1x1xi1>
    %cst_0 = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f32>>) -> tensor<2x3x3xcomplex<f32>>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<2x1x1xi1>) -> tensor<2x3x3xi1>
    %10 = stablehlo.select %9, %0#2, %8 : tensor<2x3x3xi1>, tensor<2x3x3xcomplex<f32>>
    %11 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<2xi1>) -> tensor<2x1x1xi1>
    %cst_1 = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<complex<f32>>) -> tensor<2x3x5xcomplex<f32>>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1, 2] : (tensor<2x1x1xi1>) -> tensor<2x3x5xi1>
    %14 = stablehlo.select %13, %0#3, %12 : tensor<2x3x5xi1>, tensor<2x3x5xcomplex<f32>>
    return %10, %6, %14 : tensor<2x3x3xcomplex<f32>>, tensor<2x3xf32>, tensor<2x3x5xcomplex<f32>>
  }
  func.func private @svd_2(%arg0: tensor<2x3x5xcomplex<f32>>) -> tensor<2x3xf32> {
    %0:5 = stablehlo.custom_call @lapack_cgesdd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {mode = 78 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 2, 0]> : tensor<3xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i, n], [i, o, p], [i, q, r], [i]) {i=2, j=3, k=5, l=3, m=5, n=3, o=3, p=3, q=5, r=5}, custom>} : (tensor<2x3x5xcomplex<f32>>) -> (tensor<2x3x5xcomplex<f32>>, tensor<2x3xf32>, tensor<2x3x3xcomplex<f32>>, tensor<2x5x5xcomplex<f32>>, tensor<2xi32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %2 = stablehlo.compare EQ, %0#4, %1, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<2xi1>) -> tensor<2x1xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<2x1xi1>) -> tensor<2x3xi1>
    %6 = stablehlo.select %5, %0#1, %4 : tensor<2x3xi1>, tensor<2x3xf32>
    return %6 : tensor<2x3xf32>
  }
}
