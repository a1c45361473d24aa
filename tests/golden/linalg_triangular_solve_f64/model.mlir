module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x4xf64>, %arg1: tensor<4x3xf64>, %arg2: tensor<2x3x3xf64>, %arg3: tensor<2x3x2xf64>, %arg4: tensor<5x4xf64>) -> (tensor<4x3xf64> {jax.result_info = "result[0]"}, tensor<4x3xf64> {jax.result_info = "result[1]"}, tensor<4x3xf64> {jax.result_info = "result[2]"}, tensor<4x3xf64> {jax.result_info = "result[3]"}, tensor<2x3x2xf64> {jax.result_info = "result[4]"}, tensor<5x4xf64> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.custom_call @lapack_dtrsm_ffi(%arg0, %arg4) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 82 : ui8, trans_x = 84 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=4, j=4, k=5, l=4, m=5, n=4}, custom>} : (tensor<4x4xf64>, tensor<5x4xf64>) -> tensor<5x4xf64>
    %1 = call @_solve_triangular(%arg0, %arg1) : (tensor<4x4xf64>, tensor<4x3xf64>) -> tensor<4x3xf64>
    %2 = call @_solve_triangular_0(%arg0, %arg1) : (tensor<4x4xf64>, tensor<4x3xf64>) -> tensor<4x3xf64>
    %3 = call @_solve_triangular_1(%arg0, %arg1) : (tensor<4x4xf64>, tensor<4x3xf64>) -> tensor<4x3xf64>
    %4 = call @_solve_triangular_2(%arg0, %arg1) : (tensor<4x4xf64>, tensor<4x3xf64>) -> tensor<4x3xf64>
    %5 = call @_solve_triangular_3(%arg2, %arg3) : (tensor<2x3x3xf64>, tensor<2x3x2xf64>) -> tensor<2x3x2xf64>
    return %1, %2, %3, %4, %5, %0 : tensor<4x3xf64>, tensor<4x3xf64>, tensor<4x3xf64>, tensor<4x3xf64>, tensor<2x3x2xf64>, tensor<5x4xf64>
  }
  func.func private @_solve_triangular(%arg0: tensor<4x4xf64>, %arg1: tensor<4x3xf64>) -> tensor<4x3xf64> {
    %0 = stablehlo.custom_call @lapack_dtrsm_ffi(%arg0, %arg1) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=4, j=4, k=4, l=3, m=4, n=3}, custom>} : (tensor<4x4xf64>, tensor<4x3xf64>) -> tensor<4x3xf64>
    return %0 : tensor<4x3xf64>
  }
  func.func private @_solve_triangular_0(%arg0: tensor<4x4xf64>, %arg1: tensor<4x3xf64>) -> tensor<4x3xf64> {
    %0 = stablehlo.custom_call @lapack_dtrsm_ffi(%arg0, %arg1) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 84 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=4, j=4, k=4, l=3, m=4, n=3}, custom>} : (tensor<4x4xf64>, tensor<4x3xf64>) -> tensor<4x3xf64>
    return %0 : tensor<4x3xf64>
  }
  func.func private @_solve_triangular_1(%arg0: tensor<4x4xf64>, %arg1: tensor<4x3xf64>) -> tensor<4x3xf64> {
    %0 = stablehlo.custom_call @lapack_dtrsm_ffi(%arg0, %arg1) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 84 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=4, j=4, k=4, l=3, m=4, n=3}, custom>} : (tensor<4x4xf64>, tensor<4x3xf64>) -> tensor<4x3xf64>
    return %0 : tensor<4x3xf64>
  }
  func.func private @_solve_triangular_2(%arg0: tensor<4x4xf64>, %arg1: tensor<4x3xf64>) -> tensor<4x3xf64> {
    %0 = stablehlo.custom_call @lapack_dtrsm_ffi(%arg0, %arg1) {backend_config = "", mhlo.backend_config = {diag = 85 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=4, j=4, k=4, l=3, m=4, n=3}, custom>} : (tensor<4x4xf64>, tensor<4x3xf64>) -> tensor<4x3xf64>
    return %0 : tensor<4x3xf64>
  }
  func.func private @_solve_triangular_3(%arg0: tensor<2x3x3xf64>, %arg1: tensor<2x3x2xf64>) -> tensor<2x3x2xf64> {
    %0 = stablehlo.custom_call @lapack_dtrsm_ffi(%arg0, %arg1) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [i, l, m])->([i, n, o]) {i=2, j=3, k=3, l=3, m=2, n=3, o=2}, custom>} : (tensor<2x3x3xf64>, tensor<2x3x2xf64>) -> tensor<2x3x2xf64>
    return %0 : tensor<2x3x2xf64>
  }
}
