module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x5xcomplex<f64>>, %arg1: tensor<2x3x5xcomplex<f64>>, %arg2: tensor<5x4xcomplex<f64>>, %arg3: tensor<3x5xcomplex<f64>>) -> (tensor<6x5xcomplex<f64>> {jax.result_info = "result[0]"}, tensor<5x5xcomplex<f64>> {jax.result_info = "result[1]"}, tensor<5xi32> {jax.result_info = "result[2]"}, tensor<6x5xcomplex<f64>> {jax.result_info = "result[3]"}, tensor<2x3x3xcomplex<f64>> {jax.result_info = "result[4]"}, tensor<2x3x5xcomplex<f64>> {jax.result_info = "result[5]"}, tensor<2x5xi32> {jax.result_info = "result[6]"}, tensor<3x4xcomplex<f64>> {jax.result_info = "result[7]"}, tensor<4x4xcomplex<f64>> {jax.result_info = "result[8]"}) {
    %0:3 = call @_qr(%arg0) : (tensor<6x5xcomplex<f64>>) -> (tensor<6x5xcomplex<f64>>, tensor<5x5xcomplex<f64>>, tensor<5xi32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x5xi32>
    %2:3 = stablehlo.custom_call @lapack_zgeqp3_ffi(%arg1, %1) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>, #stablehlo.output_operand_alias<output_tuple_indices = [1], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<[1, 0]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [i, l])->([i, m, n], [i, o], [i, p]) {i=2, j=3, k=5, l=5, m=3, n=5, o=5, p=3}, custom>} : (tensor<2x3x5xcomplex<f64>>, tensor<2x5xi32>) -> (tensor<2x3x5xcomplex<f64>>, tensor<2x5xi32>, tensor<2x3xcomplex<f64>>)
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x5xi32>
    %4 = stablehlo.subtract %2#1, %3 : tensor<2x5xi32>
    %5 = stablehlo.slice %2#0 [0:2, 0:3, 0:3] : (tensor<2x3x5xcomplex<f64>>) -> tensor<2x3x3xcomplex<f64>>
    %6 = stablehlo.custom_call @lapack_zungqr_ffi(%5, %2#2) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [i, l])->([i, m, n]) {i=2, j=3, k=3, l=3, m=3, n=3}, custom>} : (tensor<2x3x3xcomplex<f64>>, tensor<2x3xcomplex<f64>>) -> tensor<2x3x3xcomplex<f64>>
    %7 = stablehlo.iota dim = 0 : tensor<3x5xi64>
    %c_1 = stablehlo.constant dense<-1> : tensor<i64>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i64>) -> tensor<3x5xi64>
    %9 = stablehlo.add %7, %8 : tensor<3x5xi64>
    %10 = stablehlo.iota dim = 1 : tensor<3x5xi64>
    %11 = stablehlo.compare GE, %9, %10, SIGNED : (tensor<3x5xi64>, tensor<3x5xi64>) -> tensor<3x5xi1>
    %12 = stablehlo.broadcast_in_dim %11, dims = [1, 2] : (tensor<3x5xi1>) -> tensor<2x3x5xi1>
    %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f64>>
    %13 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f64>>) -> tensor<2x3x5xcomplex<f64>>
    %14 = stablehlo.select %12, %13, %2#0 : tensor<2x3x5xi1>, tensor<2x3x5xcomplex<f64>>
    %15:2 = stablehlo.custom_call @lapack_zgeqrf_ffi(%arg2) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m]) {i=5, j=4, k=5, l=4, m=4}, custom>} : (tensor<5x4xcomplex<f64>>) -> (tensor<5x4xcomplex<f64>>, tensor<4xcomplex<f64>>)
    %16 = stablehlo.custom_call @lapack_zunmqr_ffi(%15#0, %15#1, %arg3) {backend_config = "", mhlo.backend_config = {left = false, transpose = false}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 2, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k], [l, m])->([n, o]) {i=5, j=4, k=4, l=3, m=5, n=3, o=5}, custom>} : (tensor<5x4xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<3x5xcomplex<f64>>) -> tensor<3x5xcomplex<f64>>
    %17 = stablehlo.slice %16 [0:3, 0:4] : (tensor<3x5xcomplex<f64>>) -> tensor<3x4xcomplex<f64>>
    %18 = stablehlo.slice %15#0 [0:4, 0:4] : (tensor<5x4xcomplex<f64>>) -> tensor<4x4xcomplex<f64>>
    %19 = call @triu(%18) : (tensor<4x4xcomplex<f64>>) -> tensor<4x4xcomplex<f64>>
    %20 = stablehlo.dot_general %0#0, %0#1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x5xcomplex<f64>>, tensor<5x5xcomplex<f64>>) -> tensor<6x5xcomplex<f64>>
    return %0#0, %0#1, %0#2, %20, %6, %14, %4, %17, %19 : tensor<6x5xcomplex<f64>>, tensor<5x5xcomplex<f64>>, tensor<5xi32>, tensor<6x5xcomplex<f64>>, tensor<2x3x3xcomplex<f64>>, tensor<2x3x5xcomplex<f64>>, tensor<2x5xi32>, tensor<3x4xcomplex<f64>>, tensor<4x4xcomplex<f64>>
  }
  func.func private @_qr(%arg0: tensor<6x5xcomplex<f64>>) -> (tensor<6x5xcomplex<f64>>, tensor<5x5xcomplex<f64>>, tensor<5xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %1:3 = stablehlo.custom_call @lapack_zgeqp3_ffi(%arg0, %0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>, #stablehlo.output_operand_alias<output_tuple_indices = [1], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k])->([l, m], [n], [o]) {i=6, j=5, k=5, l=6, m=5, n=5, o=5}, custom>} : (tensor<6x5xcomplex<f64>>, tensor<5xi32>) -> (tensor<6x5xcomplex<f64>>, tensor<5xi32>, tensor<5xcomplex<f64>>)
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %3 = stablehlo.subtract %1#1, %2 : tensor<5xi32>
    %4 = stablehlo.custom_call @lapack_zungqr_ffi(%1#0, %1#2) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k])->([l, m]) {i=6, j=5, k=5, l=6, m=5}, custom>} : (tensor<6x5xcomplex<f64>>, tensor<5xcomplex<f64>>) -> tensor<6x5xcomplex<f64>>
    %5 = stablehlo.slice %1#0 [0:5, 0:5] : (tensor<6x5xcomplex<f64>>) -> tensor<5x5xcomplex<f64>>
    %6 = stablehlo.iota dim = 0 : tensor<5x5xi64>
    %c_1 = stablehlo.constant dense<-1> : tensor<i64>
    %7 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i64>) -> tensor<5x5xi64>
    %8 = stablehlo.add %6, %7 : tensor<5x5xi64>
    %9 = stablehlo.iota dim = 1 : tensor<5x5xi64>
    %10 = stablehlo.compare GE, %8, %9, SIGNED : (tensor<5x5xi64>, tensor<5x5xi64>) -> tensor<5x5xi1>
    %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f64>>
    %11 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f64>>) -> tensor<5x5xcomplex<f64>>
    %12 = stablehlo.select %10, %11, %5 : tensor<5x5xi1>, tensor<5x5xcomplex<f64>>
    return %4, %12, %3 : tensor<6x5xcomplex<f64>>, tensor<5x5xcomplex<f64>>, tensor<5xi32>
  }
  func.func private @triu(%arg0: tensor<4x4xcomplex<f64>>) -> tensor<4x4xcomplex<f64>> {
    %0 = stablehlo.iota dim = 0 : tensor<4x4xi64>
    %c = stablehlo.constant dense<-1> : tensor<i64>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<4x4xi64>
    %2 = stablehlo.add %0, %1 : tensor<4x4xi64>
    %3 = stablehlo.iota dim = 1 : tensor<4x4xi64>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<4x4xi64>, tensor<4x4xi64>) -> tensor<4x4xi1>
    %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f64>>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f64>>) -> tensor<4x4xcomplex<f64>>
    %6 = stablehlo.select %4, %5, %arg0 : tensor<4x4xi1>, tensor<4x4xcomplex<f64>>
    return %6 : tensor<4x4xcomplex<f64>>
  }
}
