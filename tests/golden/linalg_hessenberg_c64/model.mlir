module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<7x7xcomplex<f32>>, %arg1: tensor<2x5x5xcomplex<f32>>) -> (tensor<7x7xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<7x7xcomplex<f32>> {jax.result_info = "result[1]"}, tensor<7x7xcomplex<f32>> {jax.result_info = "result[2]"}, tensor<2x5x5xcomplex<f32>> {jax.result_info = "result[3]"}, tensor<2x5x5xcomplex<f32>> {jax.result_info = "result[4]"}) {
    %0:2 = call @hessenberg(%arg0) : (tensor<7x7xcomplex<f32>>) -> (tensor<7x7xcomplex<f32>>, tensor<7x7xcomplex<f32>>)
    %1:2 = call @hessenberg_0(%arg1) : (tensor<2x5x5xcomplex<f32>>) -> (tensor<2x5x5xcomplex<f32>>, tensor<2x5x5xcomplex<f32>>)
    %2 = stablehlo.dot_general %0#1, %0#0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<7x7xcomplex<f32>>, tensor<7x7xcomplex<f32>>) -> tensor<7x7xcomplex<f32>>
    %3 = stablehlo.transpose %0#1, dims = [1, 0] : (tensor<7x7xcomplex<f32>>) -> tensor<7x7xcomplex<f32>>
    %4 = stablehlo.real %3 : (tensor<7x7xcomplex<f32>>) -> tensor<7x7xf32>
    %5 = stablehlo.imag %3 : (tensor<7x7xcomplex<f32>>) -> tensor<7x7xf32>
    %6 = stablehlo.negate %5 : tensor<7x7xf32>
    %7 = stablehlo.complex %4, %6 : tensor<7x7xcomplex<f32>>
    %8 = stablehlo.dot_general %2, %7, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<7x7xcomplex<f32>>, tensor<7x7xcomplex<f32>>) -> tensor<7x7xcomplex<f32>>
    return %0#0, %0#1, %8, %1#0, %1#1 : tensor<7x7xcomplex<f32>>, tensor<7x7xcomplex<f32>>, tensor<7x7xcomplex<f32>>, tensor<2x5x5xcomplex<f32>>, tensor<2x5x5xcomplex<f32>>
  }
  func.func private @hessenberg(%arg0: tensor<7x7xcomplex<f32>>) -> (tensor<7x7xcomplex<f32>>, tensor<7x7xcomplex<f32>>) {
    %0:3 = stablehlo.custom_call @lapack_cgehrd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {high = 7 : i32, low = 1 : i32}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=7, j=7, k=7, l=7, m=6}, custom>} : (tensor<7x7xcomplex<f32>>) -> (tensor<7x7xcomplex<f32>>, tensor<6xcomplex<f32>>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %2 = stablehlo.compare EQ, %0#2, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<7x7xcomplex<f32>>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<7x7xi1>
    %6 = stablehlo.select %5, %0#0, %4 : tensor<7x7xi1>, tensor<7x7xcomplex<f32>>
    %7 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst_0 = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f32>>) -> tensor<6xcomplex<f32>>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<1xi1>) -> tensor<6xi1>
    %10 = stablehlo.select %9, %0#1, %8 : tensor<6xi1>, tensor<6xcomplex<f32>>
    %11 = call @triu(%6) : (tensor<7x7xcomplex<f32>>) -> tensor<7x7xcomplex<f32>>
    %12 = stablehlo.slice %6 [1:7, 0:6] : (tensor<7x7xcomplex<f32>>) -> tensor<6x6xcomplex<f32>>
    %13 = stablehlo.custom_call @lapack_cungqr_ffi(%12, %10) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k])->([l, m]) {i=6, j=6, k=6, l=6, m=6}, custom>} : (tensor<6x6xcomplex<f32>>, tensor<6xcomplex<f32>>) -> tensor<6x6xcomplex<f32>>
    %cst_1 = stablehlo.constant dense<(1.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %14 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<complex<f32>>) -> tensor<1x1xcomplex<f32>>
    %cst_2 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %15 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<complex<f32>>) -> tensor<1x6xcomplex<f32>>
    %cst_3 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %16 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<complex<f32>>) -> tensor<6x1xcomplex<f32>>
    %17 = call @block(%14, %15, %16, %13) : (tensor<1x1xcomplex<f32>>, tensor<1x6xcomplex<f32>>, tensor<6x1xcomplex<f32>>, tensor<6x6xcomplex<f32>>) -> tensor<7x7xcomplex<f32>>
    return %11, %17 : tensor<7x7xcomplex<f32>>, tensor<7x7xcomplex<f32>>
  }
  func.func private @triu(%arg0: tensor<7x7xcomplex<f32>>) -> tensor<7x7xcomplex<f32>> {
    %0 = stablehlo.iota dim = 0 : tensor<7x7xi64>
    %c = stablehlo.constant dense<-2> : tensor<i64>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<7x7xi64>
    %2 = stablehlo.add %0, %1 : tensor<7x7xi64>
    %3 = stablehlo.iota dim = 1 : tensor<7x7xi64>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<7x7xi64>, tensor<7x7xi64>) -> tensor<7x7xi1>
    %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<7x7xcomplex<f32>>
    %6 = stablehlo.select %4, %5, %arg0 : tensor<7x7xi1>, tensor<7x7xcomplex<f32>>
    return %6 : tensor<7x7xcomplex<f32>>
  }
  func.func private @block(%arg0: tensor<1x1xcomplex<f32>>, %arg1: tensor<1x6xcomplex<f32>>, %arg2: tensor<6x1xcomplex<f32>>, %arg3: tensor<6x6xcomplex<f32>>) -> tensor<7x7xcomplex<f32>> {
    %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 : (tensor<1x1xcomplex<f32>>, tensor<1x6xcomplex<f32>>) -> tensor<1x7xcomplex<f32>>
    %1 = stablehlo.concatenate %arg2, %arg3, dim = 1 : (tensor<6x1xcomplex<f32>>, tensor<6x6xcomplex<f32>>) -> tensor<6x7xcomplex<f32>>
    %2 = stablehlo.concatenate %0, %1, dim = 0 : (tensor<1x7xcomplex<f32>>, tensor<6x7xcomplex<f32>>) -> tensor<7x7xcomplex<f32>>
    return %2 : tensor<7x7xcomplex<f32>>
  }
  func.func private @hessenberg_0(%arg0: tensor<2x5x5xcomplex<f32>>) -> (tensor<2x5x5xcomplex<f32>>, tensor<2x5x5xcomplex<f32>>) {
    %0:3 = stablehlo.custom_call @lapack_cgehrd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {high = 5 : i32, low = 1 : i32}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i, n], [i]) {i=2, j=5, k=5, l=5, m=5, n=4}, custom>} : (tensor<2x5x5xcomplex<f32>>) -> (tensor<2x5x5xcomplex<f32>>, tensor<2x4xcomplex<f32>>, tensor<2xi32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %2 = stablehlo.compare EQ, %0#2, %1, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<2xi1>) -> tensor<2x1x1xi1>
    %cst = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<2x5x5xcomplex<f32>>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<2x1x1xi1>) -> tensor<2x5x5xi1>
    %6 = stablehlo.select %5, %0#0, %4 : tensor<2x5x5xi1>, tensor<2x5x5xcomplex<f32>>
    %7 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<2xi1>) -> tensor<2x1xi1>
    %cst_0 = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f32>>) -> tensor<2x4xcomplex<f32>>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<2x1xi1>) -> tensor<2x4xi1>
    %10 = stablehlo.select %9, %0#1, %8 : tensor<2x4xi1>, tensor<2x4xcomplex<f32>>
    %11 = call @triu_1(%6) : (tensor<2x5x5xcomplex<f32>>) -> tensor<2x5x5xcomplex<f32>>
    %12 = stablehlo.slice %6 [0:2, 1:5, 0:4] : (tensor<2x5x5xcomplex<f32>>) -> tensor<2x4x4xcomplex<f32>>
    %13 = stablehlo.custom_call @lapack_cungqr_ffi(%12, %10) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [i, l])->([i, m, n]) {i=2, j=4, k=4, l=4, m=4, n=4}, custom>} : (tensor<2x4x4xcomplex<f32>>, tensor<2x4xcomplex<f32>>) -> tensor<2x4x4xcomplex<f32>>
    %cst_1 = stablehlo.constant dense<(1.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %14 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<complex<f32>>) -> tensor<1x1xcomplex<f32>>
    %cst_2 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %15 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<complex<f32>>) -> tensor<1x4xcomplex<f32>>
    %cst_3 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %16 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<complex<f32>>) -> tensor<4x1xcomplex<f32>>
    %17 = call @block_2(%14, %15, %16, %13) : (tensor<1x1xcomplex<f32>>, tensor<1x4xcomplex<f32>>, tensor<4x1xcomplex<f32>>, tensor<2x4x4xcomplex<f32>>) -> tensor<2x5x5xcomplex<f32>>
    return %11, %17 : tensor<2x5x5xcomplex<f32>>, tensor<2x5x5xcomplex<f32>>
  }
  func.func private @triu_1(%arg0: tensor<2x5x5xcomplex<f32>>) -> tensor<2x5x5xcomplex<f32>> {
    %0 = stablehlo.iota dim = 0 : tensor<5x5xi64>
    %c = stablehlo.constant dense<-2> : tensor<i64>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<5x5xi64>
    %2 = stablehlo.add %0, %1 : tensor<5x5xi64>
    %3 = stablehlo.iota dim = 1 : tensor<5x5xi64>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<5x5xi64>, tensor<5x5xi64>) -> tensor<5x5xi1>
    %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<5x5xcomplex<f32>>
    %6 = stablehlo.broadcast_in_dim %4, dims = [1, 2] : (tensor<5x5xi1>) -> tensor<2x5x5xi1>
    %7 = stablehlo.broadcast_in_dim %5, dims = [1, 2] : (tensor<5x5xcomplex<f32>>) -> tensor<2x5x5xcomplex<f32>>
    %8 = stablehlo.select %6, %7, %arg0 : tensor<2x5x5xi1>, tensor<2x5x5xcomplex<f32>>
    return %8 : tensor<2x5x5xcomplex<f32>>
  }
  func.func private @block_2(%arg0: tensor<1x1xcomplex<f32>>, %arg1: tensor<1x4xcomplex<f32>>, %arg2: tensor<4x1xcomplex<f32>>, %arg3: tensor<2x4x4xcomplex<f32>>) -> tensor<2x5x5xcomplex<f32>> {
    %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 : (tensor<1x1xcomplex<f32>>, tensor<1x4xcomplex<f32>>) -> tensor<1x5xcomplex<f32>>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [1, 2] : (tensor<4x1xcomplex<f32>>) -> tensor<2x4x1xcomplex<f32>>
    %2 = stablehlo.concatenate %1, %arg3, dim = 2 : (tensor<2x4x1xcomplex<f32>>, tensor<2x4x4xcomplex<f32>>) -> tensor<2x4x5xcomplex<f32>>
    %3 = stablehlo.broadcast_in_dim %0, dims = [1, 2] : (tensor<1x5xcomplex<f32>>) -> tensor<2x1x5xcomplex<f32>>
    %4 = stablehlo.concatenate %3, %2, dim = 1 : (tensor<2x1x5xcomplex<f32>>, tensor<2x4x5xcomplex<f32>>) -> tensor<2x5x5xcomplex<f32>>
    return %4 : tensor<2x5x5xcomplex<f32>>
  }
}
