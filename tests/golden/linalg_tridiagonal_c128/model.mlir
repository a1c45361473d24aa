module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x5xcomplex<f64>>, %arg1: tensor<2x4x4xcomplex<f64>>) -> (tensor<5x5xcomplex<f64>> {jax.result_info = "result[0]"}, tensor<5xf64> {jax.result_info = "result[1]"}, tensor<4xf64> {jax.result_info = "result[2]"}, tensor<4xcomplex<f64>> {jax.result_info = "result[3]"}, tensor<5x5xcomplex<f64>> {jax.result_info = "result[4]"}, tensor<5xf64> {jax.result_info = "result[5]"}, tensor<4xf64> {jax.result_info = "result[6]"}, tensor<4xcomplex<f64>> {jax.result_info = "result[7]"}, tensor<2x4x4xcomplex<f64>> {jax.result_info = "result[8]"}, tensor<2x4xf64> {jax.result_info = "result[9]"}, tensor<2x3xf64> {jax.result_info = "result[10]"}, tensor<2x3xcomplex<f64>> {jax.result_info = "result[11]"}) {
    %0:5 = stablehlo.custom_call @lapack_zhetrd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], [n], [o], []) {i=5, j=5, k=5, l=5, m=5, n=4, o=4}, custom>} : (tensor<5x5xcomplex<f64>>) -> (tensor<5x5xcomplex<f64>>, tensor<5xf64>, tensor<4xf64>, tensor<4xcomplex<f64>>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %2 = stablehlo.compare EQ, %0#4, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f64>>) -> tensor<5x5xcomplex<f64>>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<5x5xi1>
    %6 = stablehlo.select %5, %0#0, %4 : tensor<5x5xi1>, tensor<5x5xcomplex<f64>>
    %7 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst_0 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f64>) -> tensor<5xf64>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<1xi1>) -> tensor<5xi1>
    %10 = stablehlo.select %9, %0#1, %8 : tensor<5xi1>, tensor<5xf64>
    %11 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst_1 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0] : (tensor<1xi1>) -> tensor<4xi1>
    %14 = stablehlo.select %13, %0#2, %12 : tensor<4xi1>, tensor<4xf64>
    %15 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst_2 = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %16 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<complex<f64>>) -> tensor<4xcomplex<f64>>
    %17 = stablehlo.broadcast_in_dim %15, dims = [0] : (tensor<1xi1>) -> tensor<4xi1>
    %18 = stablehlo.select %17, %0#3, %16 : tensor<4xi1>, tensor<4xcomplex<f64>>
    %19:5 = stablehlo.custom_call @lapack_zhetrd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], [n], [o], []) {i=5, j=5, k=5, l=5, m=5, n=4, o=4}, custom>} : (tensor<5x5xcomplex<f64>>) -> (tensor<5x5xcomplex<f64>>, tensor<5xf64>, tensor<4xf64>, tensor<4xcomplex<f64>>, tensor<i32>)
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %20 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<i32>
    %21 = stablehlo.compare EQ, %19#4, %20, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %22 = stablehlo.broadcast_in_dim %21, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_4 = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %23 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<complex<f64>>) -> tensor<5x5xcomplex<f64>>
    %24 = stablehlo.broadcast_in_dim %22, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<5x5xi1>
    %25 = stablehlo.select %24, %19#0, %23 : tensor<5x5xi1>, tensor<5x5xcomplex<f64>>
    %26 = stablehlo.broadcast_in_dim %21, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst_5 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %27 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f64>) -> tensor<5xf64>
    %28 = stablehlo.broadcast_in_dim %26, dims = [0] : (tensor<1xi1>) -> tensor<5xi1>
    %29 = stablehlo.select %28, %19#1, %27 : tensor<5xi1>, tensor<5xf64>
    %30 = stablehlo.broadcast_in_dim %21, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst_6 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %31 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %32 = stablehlo.broadcast_in_dim %30, dims = [0] : (tensor<1xi1>) -> tensor<4xi1>
    %33 = stablehlo.select %32, %19#2, %31 : tensor<4xi1>, tensor<4xf64>
    %34 = stablehlo.broadcast_in_dim %21, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst_7 = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %35 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<complex<f64>>) -> tensor<4xcomplex<f64>>
    %36 = stablehlo.broadcast_in_dim %34, dims = [0] : (tensor<1xi1>) -> tensor<4xi1>
    %37 = stablehlo.select %36, %19#3, %35 : tensor<4xi1>, tensor<4xcomplex<f64>>
    %38:5 = stablehlo.custom_call @lapack_zhetrd_ffi(%arg1) {backend_config = "", mhlo.backend_config = {uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<[1, 0]> : tensor<2xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i, n], [i, o], [i, p], [i]) {i=2, j=4, k=4, l=4, m=4, n=4, o=3, p=3}, custom>} : (tensor<2x4x4xcomplex<f64>>) -> (tensor<2x4x4xcomplex<f64>>, tensor<2x4xf64>, tensor<2x3xf64>, tensor<2x3xcomplex<f64>>, tensor<2xi32>)
    %c_8 = stablehlo.constant dense<0> : tensor<i32>
    %39 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %40 = stablehlo.compare EQ, %38#4, %39, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %41 = stablehlo.broadcast_in_dim %40, dims = [0] : (tensor<2xi1>) -> tensor<2x1x1xi1>
    %cst_9 = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %42 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<complex<f64>>) -> tensor<2x4x4xcomplex<f64>>
    %43 = stablehlo.broadcast_in_dim %41, dims = [0, 1, 2] : (tensor<2x1x1xi1>) -> tensor<2x4x4xi1>
    %44 = stablehlo.select %43, %38#0, %42 : tensor<2x4x4xi1>, tensor<2x4x4xcomplex<f64>>
    %45 = stablehlo.broadcast_in_dim %40, dims = [0] : (tensor<2xi1>) -> tensor<2x1xi1>
    %cst_10 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %46 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f64>) -> tensor<2x4xf64>
    %47 = stablehlo.broadcast_in_dim %45, dims = [0, 1] : (tensor<2x1xi1>) -> tensor<2x4xi1>
    %48 = stablehlo.select %47, %38#1, %46 : tensor<2x4xi1>, tensor<2x4xf64>
    %49 = stablehlo.broadcast_in_dim %40, dims = [0] : (tensor<2xi1>) -> tensor<2x1xi1>
    %cst_11 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %50 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f64>) -> tensor<2x3xf64>
    %51 = stablehlo.broadcast_in_dim %49, dims = [0, 1] : (tensor<2x1xi1>) -> tensor<2x3xi1>
    %52 = stablehlo.select %51, %38#2, %50 : tensor<2x3xi1>, tensor<2x3xf64>
    %53 = stablehlo.broadcast_in_dim %40, dims = [0] : (tensor<2xi1>) -> tensor<2x1xi1>
    %cst_12 = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %54 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<complex<f64>>) -> tensor<2x3xcomplex<f64>>
    %55 = stablehlo.broadcast_in_dim %53, dims = [0, 1] : (tensor<2x1xi1>) -> tensor<2x3xi1>
    %56 = stablehlo.select %55, %38#3, %54 : tensor<2x3xi1>, tensor<2x3xcomplex<f64>>
    return %6, %10, %14, %18, %25, %29, %33, %37, %44, %48, %52, %56 : tensor<5x5xcomplex<f64>>, tensor<5xf64>, tensor<4xf64>, tensor<4xcomplex<f64>>, tensor<5x5xcomplex<f64>>, tensor<5xf64>, tensor<4xf64>, tensor<4xcomplex<f64>>, tensor<2x4x4xcomplex<f64>>, tensor<2x4xf64>, tensor<2x3xf64>, tensor<2x3xcomplex<f64>>
  }
}
