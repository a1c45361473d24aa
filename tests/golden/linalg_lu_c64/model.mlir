module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x5xcomplex<f32>>, %arg1: tensor<3x4x4xcomplex<f32>>, %arg2: tensor<3x5xcomplex<f32>>, %arg3: tensor<5x2xcomplex<f32>>) -> (tensor<5x5xf32> {jax.result_info = "result[0]"}, tensor<5x5xcomplex<f32>> {jax.result_info = "result[1]"}, tensor<5x5xcomplex<f32>> {jax.result_info = "result[2]"}, tensor<3x4x4xf32> {jax.result_info = "result[3]"}, tensor<3x4x4xcomplex<f32>> {jax.result_info = "result[4]"}, tensor<3x4x4xcomplex<f32>> {jax.result_info = "result[5]"}, tensor<3x3xf32> {jax.result_info = "result[6]"}, tensor<3x3xcomplex<f32>> {jax.result_info = "result[7]"}, tensor<3x5xcomplex<f32>> {jax.result_info = "result[8]"}, tensor<complex<f32>> {jax.result_info = "result[9]"}, tensor<3xcomplex<f32>> {jax.result_info = "result[10]"}, tensor<3xf32> {jax.result_info = "result[11]"}, tensor<5x2xcomplex<f32>> {jax.result_info = "result[12]"}, tensor<3x4x4xcomplex<f32>> {jax.result_info = "result[13]"}) {
    %0:3 = call @lu(%arg0) : (tensor<5x5xcomplex<f32>>) -> (tensor<5x5xf32>, tensor<5x5xcomplex<f32>>, tensor<5x5xcomplex<f32>>)
    %1:3 = call @lu_0(%arg1) : (tensor<3x4x4xcomplex<f32>>) -> (tensor<3x4x4xf32>, tensor<3x4x4xcomplex<f32>>, tensor<3x4x4xcomplex<f32>>)
    %2:3 = call @lu_5(%arg2) : (tensor<3x5xcomplex<f32>>) -> (tensor<3x3xf32>, tensor<3x3xcomplex<f32>>, tensor<3x5xcomplex<f32>>)
    %3:2 = call @slogdet(%arg1) : (tensor<3x4x4xcomplex<f32>>) -> (tensor<3xcomplex<f32>>, tensor<3xf32>)
    %4 = call @det(%arg0) : (tensor<5x5xcomplex<f32>>) -> tensor<complex<f32>>
    %5 = call @solve(%arg0, %arg3) : (tensor<5x5xcomplex<f32>>, tensor<5x2xcomplex<f32>>) -> tensor<5x2xcomplex<f32>>
    %6 = call @inv(%arg1) : (tensor<3x4x4xcomplex<f32>>) -> tensor<3x4x4xcomplex<f32>>
    return %0#0, %0#1, %0#2, %1#0, %1#1, %1#2, %2#0, %2#1, %2#2, %4, %3#0, %3#1, %5, %6 : tensor<5x5xf32>, tensor<5x5xcomplex<f32>>, tensor<5x5xcomplex<f32>>, tensor<3x4x4xf32>, tensor<3x4x4xcomplex<f32>>, tensor<3x4x4xcomplex<f32>>, tensor<3x3xf32>, tensor<3x3xcomplex<f32>>, tensor<3x5xcomplex<f32>>, tensor<complex<f32>>, tensor<3xcomplex<f32>>, tensor<3xf32>, tensor<5x2xcomplex<f32>>, tensor<3x4x4xcomplex<f32>>
  }
  func.func private @lu(%arg0: tensor<5x5xcomplex<f32>>) -> (tensor<5x5xf32>, tensor<5x5xcomplex<f32>>, tensor<5x5xcomplex<f32>>) {
    %0:3 = call @_lu(%arg0) : (tensor<5x5xcomplex<f32>>) -> (tensor<5x5xf32>, tensor<5x5xcomplex<f32>>, tensor<5x5xcomplex<f32>>)
    return %0#0, %0#1, %0#2 : tensor<5x5xf32>, tensor<5x5xcomplex<f32>>, tensor<5x5xcomplex<f32>>
  }
  func.func private @_lu(%arg0: tensor<5x5xcomplex<f32>>) -> (tensor<5x5xf32>, tensor<5x5xcomplex<f32>>, tensor<5x5xcomplex<f32>>) {
    %0:3 = stablehlo.custom_call @lapack_cgetrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=5, j=5, k=5, l=5, m=5}, custom>} : (tensor<5x5xcomplex<f32>>) -> (tensor<5x5xcomplex<f32>>, tensor<5xi32>, tensor<i32>)
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %2 = stablehlo.subtract %0#1, %1 : tensor<5xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<i32>
    %4 = stablehlo.compare GE, %0#2, %3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<5x5xcomplex<f32>>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<5x5xi1>
    %8 = stablehlo.select %7, %0#0, %6 : tensor<5x5xi1>, tensor<5x5xcomplex<f32>>
    %9 = stablehlo.iota dim = 0 : tensor<5xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %10:4 = stablehlo.while(%iterArg = %2, %iterArg_4 = %c_2, %iterArg_5 = %c_1, %iterArg_6 = %9) : tensor<5xi32>, tensor<i64>, tensor<i64>, tensor<5xi32>
    cond {
      %c_7 = stablehlo.constant dense<5> : tensor<i64>
      %28 = stablehlo.compare LT, %iterArg_4, %c_7, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %28 : tensor<i1>
    } do {
      %28:2 = func.call @closed_call(%iterArg, %iterArg_5, %iterArg_6) : (tensor<5xi32>, tensor<i64>, tensor<5xi32>) -> (tensor<i64>, tensor<5xi32>)
      %c_7 = stablehlo.constant dense<1> : tensor<i64>
      %29 = stablehlo.add %iterArg_4, %c_7 : tensor<i64>
      stablehlo.return %iterArg, %29, %28#0, %28#1 : tensor<5xi32>, tensor<i64>, tensor<i64>, tensor<5xi32>
    }
    %11 = stablehlo.broadcast_in_dim %10#3, dims = [1] : (tensor<5xi32>) -> tensor<1x5xi32>
    %12 = stablehlo.iota dim = 0 : tensor<5xi32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
    %14 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<1x5xi32>) -> tensor<5x5xi32>
    %15 = stablehlo.broadcast_in_dim %13, dims = [0, 1] : (tensor<5x1xi32>) -> tensor<5x5xi32>
    %16 = stablehlo.compare EQ, %14, %15, SIGNED : (tensor<5x5xi32>, tensor<5x5xi32>) -> tensor<5x5xi1>
    %17 = stablehlo.convert %16 : (tensor<5x5xi1>) -> tensor<5x5xcomplex<f32>>
    %18 = stablehlo.real %17 : (tensor<5x5xcomplex<f32>>) -> tensor<5x5xf32>
    %19 = call @tril(%8) : (tensor<5x5xcomplex<f32>>) -> tensor<5x5xcomplex<f32>>
    %20 = stablehlo.iota dim = 0 : tensor<5x5xi64>
    %21 = stablehlo.iota dim = 1 : tensor<5x5xi64>
    %c_3 = stablehlo.constant dense<0> : tensor<i64>
    %22 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i64>) -> tensor<5x5xi64>
    %23 = stablehlo.add %20, %22 : tensor<5x5xi64>
    %24 = stablehlo.compare EQ, %23, %21, SIGNED : (tensor<5x5xi64>, tensor<5x5xi64>) -> tensor<5x5xi1>
    %25 = stablehlo.convert %24 : (tensor<5x5xi1>) -> tensor<5x5xcomplex<f32>>
    %26 = stablehlo.add %19, %25 : tensor<5x5xcomplex<f32>>
    %27 = call @triu(%8) : (tensor<5x5xcomplex<f32>>) -> tensor<5x5xcomplex<f32>>
    return %18, %26, %27 : tensor<5x5xf32>, tensor<5x5xcomplex<f32>>, tensor<5x5xcomplex<f32>>
  }
  func.func private @closed_call(%arg0: tensor<5xi32>, %arg1: tensor<i64>, %arg2: tensor<5xi32>) -> (tensor<i64>, tensor<5xi32>) {
    %c = stablehlo.constant dense<1> : tensor<i64>
    %0 = stablehlo.add %arg1, %c : tensor<i64>
    %c_0 = stablehlo.constant dense<0> : tensor<i64>
    %1 = stablehlo.compare LT, %arg1, %c_0, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %2 = stablehlo.convert %arg1 : tensor<i64>
    %c_1 = stablehlo.constant dense<5> : tensor<i64>
    %3 = stablehlo.add %2, %c_1 : tensor<i64>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<i1>, tensor<i64>
    %5 = stablehlo.dynamic_slice %arg0, %4, sizes = [1] : (tensor<5xi32>, tensor<i64>) -> tensor<1xi32>
    %6 = stablehlo.reshape %5 : (tensor<1xi32>) -> tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %7 = stablehlo.compare LT, %arg1, %c_2, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %8 = stablehlo.convert %arg1 : tensor<i64>
    %c_3 = stablehlo.constant dense<5> : tensor<i64>
    %9 = stablehlo.add %8, %c_3 : tensor<i64>
    %10 = stablehlo.select %7, %9, %arg1 : tensor<i1>, tensor<i64>
    %11 = stablehlo.dynamic_slice %arg2, %10, sizes = [1] : (tensor<5xi32>, tensor<i64>) -> tensor<1xi32>
    %12 = stablehlo.reshape %11 : (tensor<1xi32>) -> tensor<i32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %13 = stablehlo.compare LT, %6, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_5 = stablehlo.constant dense<5> : tensor<i32>
    %14 = stablehlo.add %6, %c_5 : tensor<i32>
    %15 = stablehlo.select %13, %14, %6 : tensor<i1>, tensor<i32>
    %16 = stablehlo.dynamic_slice %arg2, %15, sizes = [1] : (tensor<5xi32>, tensor<i32>) -> tensor<1xi32>
    %17 = stablehlo.reshape %16 : (tensor<1xi32>) -> tensor<i32>
    %c_6 = stablehlo.constant dense<0> : tensor<i64>
    %18 = stablehlo.compare LT, %arg1, %c_6, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %c_7 = stablehlo.constant dense<5> : tensor<i64>
    %19 = stablehlo.add %arg1, %c_7 : tensor<i64>
    %20 = stablehlo.select %18, %19, %arg1 : tensor<i1>, tensor<i64>
    %21 = stablehlo.convert %20 : (tensor<i64>) -> tensor<i32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %23 = "stablehlo.scatter"(%arg2, %22, %17) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      stablehlo.return %arg4 : tensor<i32>
    }) : (tensor<5xi32>, tensor<1xi32>, tensor<i32>) -> tensor<5xi32>
    %c_8 = stablehlo.constant dense<0> : tensor<i32>
    %24 = stablehlo.compare LT, %6, %c_8, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_9 = stablehlo.constant dense<5> : tensor<i32>
    %25 = stablehlo.add %6, %c_9 : tensor<i32>
    %26 = stablehlo.select %24, %25, %6 : tensor<i1>, tensor<i32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %28 = "stablehlo.scatter"(%23, %27, %12) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      stablehlo.return %arg4 : tensor<i32>
    }) : (tensor<5xi32>, tensor<1xi32>, tensor<i32>) -> tensor<5xi32>
    return %0, %28 : tensor<i64>, tensor<5xi32>
  }
  func.func private @tril(%arg0: tensor<5x5xcomplex<f32>>) -> tensor<5x5xcomplex<f32>> {
    %0 = stablehlo.iota dim = 0 : tensor<5x5xi64>
    %c = stablehlo.constant dense<-1> : tensor<i64>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<5x5xi64>
    %2 = stablehlo.add %0, %1 : tensor<5x5xi64>
    %3 = stablehlo.iota dim = 1 : tensor<5x5xi64>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<5x5xi64>, tensor<5x5xi64>) -> tensor<5x5xi1>
    %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<5x5xcomplex<f32>>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<5x5xi1>, tensor<5x5xcomplex<f32>>
    return %6 : tensor<5x5xcomplex<f32>>
  }
  func.func private @triu(%arg0: tensor<5x5xcomplex<f32>>) -> tensor<5x5xcomplex<f32>> {
    %0 = stablehlo.iota dim = 0 : tensor<5x5xi64>
    %c = stablehlo.constant dense<-1> : tensor<i64>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<5x5xi64>
    %2 = stablehlo.add %0, %1 : tensor<5x5xi64>
    %3 = stablehlo.iota dim = 1 : tensor<5x5xi64>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<5x5xi64>, tensor<5x5xi64>) -> tensor<5x5xi1>
    %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<5x5xcomplex<f32>>
    %6 = stablehlo.select %4, %5, %arg0 : tensor<5x5xi1>, tensor<5x5xcomplex<f32>>
    return %6 : tensor<5x5xcomplex<f32>>
  }
  func.func private @lu_0(%arg0: tensor<3x4x4xcomplex<f32>>) -> (tensor<3x4x4xf32>, tensor<3x4x4xcomplex<f32>>, tensor<3x4x4xcomplex<f32>>) {
    %0:3 = call @_lu_1(%arg0) : (tensor<3x4x4xcomplex<f32>>) -> (tensor<3x4x4xf32>, tensor<3x4x4xcomplex<f32>>, tensor<3x4x4xcomplex<f32>>)
    return %0#0, %0#1, %0#2 : tensor<3x4x4xf32>, tensor<3x4x4xcomplex<f32>>, tensor<3x4x4xcomplex<f32>>
  }
  func.func private @_lu_1(%arg0: tensor<3x4x4xcomplex<f32>>) -> (tensor<3x4x4xf32>, tensor<3x4x4xcomplex<f32>>, tensor<3x4x4xcomplex<f32>>) {
    %0:3 = stablehlo.custom_call @lapack_cgetrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i, n], [i]) {i=3, j=4, k=4, l=4, m=4, n=4}, custom>} : (tensor<3x4x4xcomplex<f32>>) -> (tensor<3x4x4xcomplex<f32>>, tensor<3x4xi32>, tensor<3xi32>)
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3x4xi32>
    %2 = stablehlo.subtract %0#1, %1 : tensor<3x4xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %4 = stablehlo.compare GE, %0#2, %3, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<3xi1>) -> tensor<3x1x1xi1>
    %cst = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<3x4x4xcomplex<f32>>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1, 2] : (tensor<3x1x1xi1>) -> tensor<3x4x4xi1>
    %8 = stablehlo.select %7, %0#0, %6 : tensor<3x4x4xi1>, tensor<3x4x4xcomplex<f32>>
    %9 = stablehlo.iota dim = 1 : tensor<3x4xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %10:4 = stablehlo.while(%iterArg = %2, %iterArg_4 = %c_2, %iterArg_5 = %c_1, %iterArg_6 = %9) : tensor<3x4xi32>, tensor<i64>, tensor<i64>, tensor<3x4xi32>
    cond {
      %c_7 = stablehlo.constant dense<4> : tensor<i64>
      %31 = stablehlo.compare LT, %iterArg_4, %c_7, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %31 : tensor<i1>
    } do {
      %31:2 = func.call @closed_call_2(%iterArg, %iterArg_5, %iterArg_6) : (tensor<3x4xi32>, tensor<i64>, tensor<3x4xi32>) -> (tensor<i64>, tensor<3x4xi32>)
      %c_7 = stablehlo.constant dense<1> : tensor<i64>
      %32 = stablehlo.add %iterArg_4, %c_7 : tensor<i64>
      stablehlo.return %iterArg, %32, %31#0, %31#1 : tensor<3x4xi32>, tensor<i64>, tensor<i64>, tensor<3x4xi32>
    }
    %11 = stablehlo.broadcast_in_dim %10#3, dims = [0, 2] : (tensor<3x4xi32>) -> tensor<3x1x4xi32>
    %12 = stablehlo.iota dim = 0 : tensor<4xi32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [1, 2] : (tensor<4x1xi32>) -> tensor<1x4x1xi32>
    %15 = stablehlo.broadcast_in_dim %11, dims = [0, 1, 2] : (tensor<3x1x4xi32>) -> tensor<3x4x4xi32>
    %16 = stablehlo.broadcast_in_dim %14, dims = [0, 1, 2] : (tensor<1x4x1xi32>) -> tensor<3x4x4xi32>
    %17 = stablehlo.compare EQ, %15, %16, SIGNED : (tensor<3x4x4xi32>, tensor<3x4x4xi32>) -> tensor<3x4x4xi1>
    %18 = stablehlo.convert %17 : (tensor<3x4x4xi1>) -> tensor<3x4x4xcomplex<f32>>
    %19 = stablehlo.real %18 : (tensor<3x4x4xcomplex<f32>>) -> tensor<3x4x4xf32>
    %20 = call @tril_3(%8) : (tensor<3x4x4xcomplex<f32>>) -> tensor<3x4x4xcomplex<f32>>
    %21 = stablehlo.iota dim = 0 : tensor<4x4xi64>
    %22 = stablehlo.iota dim = 1 : tensor<4x4xi64>
    %c_3 = stablehlo.constant dense<0> : tensor<i64>
    %23 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i64>) -> tensor<4x4xi64>
    %24 = stablehlo.add %21, %23 : tensor<4x4xi64>
    %25 = stablehlo.compare EQ, %24, %22, SIGNED : (tensor<4x4xi64>, tensor<4x4xi64>) -> tensor<4x4xi1>
    %26 = stablehlo.convert %25 : (tensor<4x4xi1>) -> tensor<4x4xcomplex<f32>>
    %27 = stablehlo.broadcast_in_dim %26, dims = [1, 2] : (tensor<4x4xcomplex<f32>>) -> tensor<1x4x4xcomplex<f32>>
    %28 = stablehlo.broadcast_in_dim %27, dims = [0, 1, 2] : (tensor<1x4x4xcomplex<f32>>) -> tensor<3x4x4xcomplex<f32>>
    %29 = stablehlo.add %20, %28 : tensor<3x4x4xcomplex<f32>>
    %30 = call @triu_4(%8) : (tensor<3x4x4xcomplex<f32>>) -> tensor<3x4x4xcomplex<f32>>
    return %19, %29, %30 : tensor<3x4x4xf32>, tensor<3x4x4xcomplex<f32>>, tensor<3x4x4xcomplex<f32>>
  }
  func.func private @closed_call_2(%arg0: tensor<3x4xi32>, %arg1: tensor<i64>, %arg2: tensor<3x4xi32>) -> (tensor<i64>, tensor<3x4xi32>) {
    %c = stablehlo.constant dense<1> : tensor<i64>
    %0 = stablehlo.add %arg1, %c : tensor<i64>
    %c_0 = stablehlo.constant dense<0> : tensor<i64>
    %1 = stablehlo.compare LT, %arg1, %c_0, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %2 = stablehlo.convert %arg1 : tensor<i64>
    %c_1 = stablehlo.constant dense<4> : tensor<i64>
    %3 = stablehlo.add %2, %c_1 : tensor<i64>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<i1>, tensor<i64>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<i64>) -> tensor<1xi64>
    %6 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [1]>, indices_are_sorted = true, slice_sizes = array<i64: 3, 1>}> : (tensor<3x4xi32>, tensor<1xi64>) -> tensor<3x1xi32>
    %7 = stablehlo.reshape %6 : (tensor<3x1xi32>) -> tensor<3xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %8 = stablehlo.compare LT, %arg1, %c_2, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %9 = stablehlo.convert %arg1 : tensor<i64>
    %c_3 = stablehlo.constant dense<4> : tensor<i64>
    %10 = stablehlo.add %9, %c_3 : tensor<i64>
    %11 = stablehlo.select %8, %10, %arg1 : tensor<i1>, tensor<i64>
    %12 = stablehlo.broadcast_in_dim %11, dims = [] : (tensor<i64>) -> tensor<1xi64>
    %13 = "stablehlo.gather"(%arg2, %12) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [1]>, indices_are_sorted = true, slice_sizes = array<i64: 3, 1>}> : (tensor<3x4xi32>, tensor<1xi64>) -> tensor<3x1xi32>
    %14 = stablehlo.reshape %13 : (tensor<3x1xi32>) -> tensor<3xi32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %15 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %16 = stablehlo.compare LT, %7, %15, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    %c_5 = stablehlo.constant dense<4> : tensor<i32>
    %17 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %18 = stablehlo.add %7, %17 : tensor<3xi32>
    %19 = stablehlo.select %16, %18, %7 : tensor<3xi1>, tensor<3xi32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
    %21 = "stablehlo.gather"(%arg2, %20) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = true, slice_sizes = array<i64: 1, 1>}> : (tensor<3x4xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %22 = stablehlo.reshape %21 : (tensor<3x1xi32>) -> tensor<3xi32>
    %c_6 = stablehlo.constant dense<0> : tensor<i64>
    %23 = stablehlo.compare LT, %arg1, %c_6, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %c_7 = stablehlo.constant dense<4> : tensor<i64>
    %24 = stablehlo.add %arg1, %c_7 : tensor<i64>
    %25 = stablehlo.select %23, %24, %arg1 : tensor<i1>, tensor<i64>
    %26 = stablehlo.convert %25 : (tensor<i64>) -> tensor<i32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %28 = "stablehlo.scatter"(%arg2, %27, %22) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [1], scatter_dims_to_operand_dims = [1]>, unique_indices = true}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      stablehlo.return %arg4 : tensor<i32>
    }) : (tensor<3x4xi32>, tensor<1xi32>, tensor<3xi32>) -> tensor<3x4xi32>
    %c_8 = stablehlo.constant dense<0> : tensor<i32>
    %29 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %30 = stablehlo.compare LT, %7, %29, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    %c_9 = stablehlo.constant dense<4> : tensor<i32>
    %31 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %32 = stablehlo.add %7, %31 : tensor<3xi32>
    %33 = stablehlo.select %30, %32, %7 : tensor<3xi1>, tensor<3xi32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
    %35 = "stablehlo.scatter"(%28, %34, %14) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>, unique_indices = true}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      stablehlo.return %arg4 : tensor<i32>
    }) : (tensor<3x4xi32>, tensor<3x1xi32>, tensor<3xi32>) -> tensor<3x4xi32>
    return %0, %35 : tensor<i64>, tensor<3x4xi32>
  }
  func.func private @tril_3(%arg0: tensor<3x4x4xcomplex<f32>>) -> tensor<3x4x4xcomplex<f32>> {
    %0 = stablehlo.iota dim = 0 : tensor<4x4xi64>
    %c = stablehlo.constant dense<-1> : tensor<i64>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<4x4xi64>
    %2 = stablehlo.add %0, %1 : tensor<4x4xi64>
    %3 = stablehlo.iota dim = 1 : tensor<4x4xi64>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<4x4xi64>, tensor<4x4xi64>) -> tensor<4x4xi1>
    %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<4x4xcomplex<f32>>
    %6 = stablehlo.broadcast_in_dim %4, dims = [1, 2] : (tensor<4x4xi1>) -> tensor<3x4x4xi1>
    %7 = stablehlo.broadcast_in_dim %5, dims = [1, 2] : (tensor<4x4xcomplex<f32>>) -> tensor<3x4x4xcomplex<f32>>
    %8 = stablehlo.select %6, %arg0, %7 : tensor<3x4x4xi1>, tensor<3x4x4xcomplex<f32>>
    return %8 : tensor<3x4x4xcomplex<f32>>
  }
  func.func private @triu_4(%arg0: tensor<3x4x4xcomplex<f32>>) -> tensor<3x4x4xcomplex<f32>> {
    %0 = stablehlo.iota dim = 0 : tensor<4x4xi64>
    %c = stablehlo.constant dense<-1> : tensor<i64>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<4x4xi64>
    %2 = stablehlo.add %0, %1 : tensor<4x4xi64>
    %3 = stablehlo.iota dim = 1 : tensor<4x4xi64>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<4x4xi64>, tensor<4x4xi64>) -> tensor<4x4xi1>
    %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<4x4xcomplex<f32>>
    %6 = stablehlo.broadcast_in_dim %4, dims = [1, 2] : (tensor<4x4xi1>) -> tensor<3x4x4xi1>
    %7 = stablehlo.broadcast_in_dim %5, dims = [1, 2] : (tensor<4x4xcomplex<f32>>) -> tensor<3x4x4xcomplex<f32>>
    %8 = stablehlo.select %6, %7, %arg0 : tensor<3x4x4xi1>, tensor<3x4x4xcomplex<f32>>
    return %8 : tensor<3x4x4xcomplex<f32>>
  }
  func.func private @lu_5(%arg0: tensor<3x5xcomplex<f32>>) -> (tensor<3x3xf32>, tensor<3x3xcomplex<f32>>, tensor<3x5xcomplex<f32>>) {
    %0:3 = call @_lu_6(%arg0) : (tensor<3x5xcomplex<f32>>) -> (tensor<3x3xf32>, tensor<3x3xcomplex<f32>>, tensor<3x5xcomplex<f32>>)
    return %0#0, %0#1, %0#2 : tensor<3x3xf32>, tensor<3x3xcomplex<f32>>, tensor<3x5xcomplex<f32>>
  }
  func.func private @_lu_6(%arg0: tensor<3x5xcomplex<f32>>) -> (tensor<3x3xf32>, tensor<3x3xcomplex<f32>>, tensor<3x5xcomplex<f32>>) {
    %0:3 = stablehlo.custom_call @lapack_cgetrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=3, j=5, k=3, l=5, m=3}, custom>} : (tensor<3x5xcomplex<f32>>) -> (tensor<3x5xcomplex<f32>>, tensor<3xi32>, tensor<i32>)
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %2 = stablehlo.subtract %0#1, %1 : tensor<3xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<i32>
    %4 = stablehlo.compare GE, %0#2, %3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<3x5xcomplex<f32>>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<3x5xi1>
    %8 = stablehlo.select %7, %0#0, %6 : tensor<3x5xi1>, tensor<3x5xcomplex<f32>>
    %9 = stablehlo.iota dim = 0 : tensor<3xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %10:4 = stablehlo.while(%iterArg = %2, %iterArg_4 = %c_2, %iterArg_5 = %c_1, %iterArg_6 = %9) : tensor<3xi32>, tensor<i64>, tensor<i64>, tensor<3xi32>
    cond {
      %c_7 = stablehlo.constant dense<3> : tensor<i64>
      %29 = stablehlo.compare LT, %iterArg_4, %c_7, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %29 : tensor<i1>
    } do {
      %29:2 = func.call @closed_call_7(%iterArg, %iterArg_5, %iterArg_6) : (tensor<3xi32>, tensor<i64>, tensor<3xi32>) -> (tensor<i64>, tensor<3xi32>)
      %c_7 = stablehlo.constant dense<1> : tensor<i64>
      %30 = stablehlo.add %iterArg_4, %c_7 : tensor<i64>
      stablehlo.return %iterArg, %30, %29#0, %29#1 : tensor<3xi32>, tensor<i64>, tensor<i64>, tensor<3xi32>
    }
    %11 = stablehlo.broadcast_in_dim %10#3, dims = [1] : (tensor<3xi32>) -> tensor<1x3xi32>
    %12 = stablehlo.iota dim = 0 : tensor<3xi32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
    %14 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<1x3xi32>) -> tensor<3x3xi32>
    %15 = stablehlo.broadcast_in_dim %13, dims = [0, 1] : (tensor<3x1xi32>) -> tensor<3x3xi32>
    %16 = stablehlo.compare EQ, %14, %15, SIGNED : (tensor<3x3xi32>, tensor<3x3xi32>) -> tensor<3x3xi1>
    %17 = stablehlo.convert %16 : (tensor<3x3xi1>) -> tensor<3x3xcomplex<f32>>
    %18 = stablehlo.real %17 : (tensor<3x3xcomplex<f32>>) -> tensor<3x3xf32>
    %19 = call @tril_8(%8) : (tensor<3x5xcomplex<f32>>) -> tensor<3x5xcomplex<f32>>
    %20 = stablehlo.slice %19 [0:3, 0:3] : (tensor<3x5xcomplex<f32>>) -> tensor<3x3xcomplex<f32>>
    %21 = stablehlo.iota dim = 0 : tensor<3x3xi64>
    %22 = stablehlo.iota dim = 1 : tensor<3x3xi64>
    %c_3 = stablehlo.constant dense<0> : tensor<i64>
    %23 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i64>) -> tensor<3x3xi64>
    %24 = stablehlo.add %21, %23 : tensor<3x3xi64>
    %25 = stablehlo.compare EQ, %24, %22, SIGNED : (tensor<3x3xi64>, tensor<3x3xi64>) -> tensor<3x3xi1>
    %26 = stablehlo.convert %25 : (tensor<3x3xi1>) -> tensor<3x3xcomplex<f32>>
    %27 = stablehlo.add %20, %26 : tensor<3x3xcomplex<f32>>
    %28 = call @triu_9(%8) : (tensor<3x5xcomplex<f32>>) -> tensor<3x5xcomplex<f32>>
    return %18, %27, %28 : tensor<3x3xf32>, tensor<3x3xcomplex<f32>>, tensor<3x5xcomplex<f32>>
  }
  func.func private @closed_call_7(%arg0: tensor<3xi32>, %arg1: tensor<i64>, %arg2: tensor<3xi32>) -> (tensor<i64>, tensor<3xi32>) {
    %c = stablehlo.constant dense<1> : tensor<i64>
    %0 = stablehlo.add %arg1, %c : tensor<i64>
    %c_0 = stablehlo.constant dense<0> : tensor<i64>
    %1 = stablehlo.compare LT, %arg1, %c_0, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %2 = stablehlo.convert %arg1 : tensor<i64>
    %c_1 = stablehlo.constant dense<3> : tensor<i64>
    %3 = stablehlo.add %2, %c_1 : tensor<i64>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<i1>, tensor<i64>
    %5 = stablehlo.dynamic_slice %arg0, %4, sizes = [1] : (tensor<3xi32>, tensor<i64>) -> tensor<1xi32>
    %6 = stablehlo.reshape %5 : (tensor<1xi32>) -> tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %7 = stablehlo.compare LT, %arg1, %c_2, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %8 = stablehlo.convert %arg1 : tensor<i64>
    %c_3 = stablehlo.constant dense<3> : tensor<i64>
    %9 = stablehlo.add %8, %c_3 : tensor<i64>
    %10 = stablehlo.select %7, %9, %arg1 : tensor<i1>, tensor<i64>
    %11 = stablehlo.dynamic_slice %arg2, %10, sizes = [1] : (tensor<3xi32>, tensor<i64>) -> tensor<1xi32>
    %12 = stablehlo.reshape %11 : (tensor<1xi32>) -> tensor<i32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %13 = stablehlo.compare LT, %6, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_5 = stablehlo.constant dense<3> : tensor<i32>
    %14 = stablehlo.add %6, %c_5 : tensor<i32>
    %15 = stablehlo.select %13, %14, %6 : tensor<i1>, tensor<i32>
    %16 = stablehlo.dynamic_slice %arg2, %15, sizes = [1] : (tensor<3xi32>, tensor<i32>) -> tensor<1xi32>
    %17 = stablehlo.reshape %16 : (tensor<1xi32>) -> tensor<i32>
    %c_6 = stablehlo.constant dense<0> : tensor<i64>
    %18 = stablehlo.compare LT, %arg1, %c_6, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %c_7 = stablehlo.constant dense<3> : tensor<i64>
    %19 = stablehlo.add %arg1, %c_7 : tensor<i64>
    %20 = stablehlo.select %18, %19, %arg1 : tensor<i1>, tensor<i64>
    %21 = stablehlo.convert %20 : (tensor<i64>) -> tensor<i32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %23 = "stablehlo.scatter"(%arg2, %22, %17) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      stablehlo.return %arg4 : tensor<i32>
    }) : (tensor<3xi32>, tensor<1xi32>, tensor<i32>) -> tensor<3xi32>
    %c_8 = stablehlo.constant dense<0> : tensor<i32>
    %24 = stablehlo.compare LT, %6, %c_8, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_9 = stablehlo.constant dense<3> : tensor<i32>
    %25 = stablehlo.add %6, %c_9 : tensor<i32>
    %26 = stablehlo.select %24, %25, %6 : tensor<i1>, tensor<i32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %28 = "stablehlo.scatter"(%23, %27, %12) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      stablehlo.return %arg4 : tensor<i32>
    }) : (tensor<3xi32>, tensor<1xi32>, tensor<i32>) -> tensor<3xi32>
    return %0, %28 : tensor<i64>, tensor<3xi32>
  }
  func.func private @tril_8(%arg0: tensor<3x5xcomplex<f32>>) -> tensor<3x5xcomplex<f32>> {
    %0 = stablehlo.iota dim = 0 : tensor<3x5xi64>
    %c = stablehlo.constant dense<-1> : tensor<i64>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<3x5xi64>
    %2 = stablehlo.add %0, %1 : tensor<3x5xi64>
    %3 = stablehlo.iota dim = 1 : tensor<3x5xi64>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<3x5xi64>, tensor<3x5xi64>) -> tensor<3x5xi1>
    %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<3x5xcomplex<f32>>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<3x5xi1>, tensor<3x5xcomplex<f32>>
    return %6 : tensor<3x5xcomplex<f32>>
  }
  func.func private @triu_9(%arg0: tensor<3x5xcomplex<f32>>) -> tensor<3x5xcomplex<f32>> {
    %0 = stablehlo.iota dim = 0 : tensor<3x5xi64>
    %c = stablehlo.constant dense<-1> : tensor<i64>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<3x5xi64>
    %2 = stablehlo.add %0, %1 : tensor<3x5xi64>
    %3 = stablehlo.iota dim = 1 : tensor<3x5xi64>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<3x5xi64>, tensor<3x5xi64>) -> tensor<3x5xi1>
    %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<3x5xcomplex<f32>>
    %6 = stablehlo.select %4, %5, %arg0 : tensor<3x5xi1>, tensor<3x5xcomplex<f32>>
    return %6 : tensor<3x5xcomplex<f32>>
  }
  func.func private @slogdet(%arg0: tensor<3x4x4xcomplex<f32>>) -> (tensor<3xcomplex<f32>>, tensor<3xf32>) {
    %0:3 = stablehlo.custom_call @lapack_cgetrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i, n], [i]) {i=3, j=4, k=4, l=4, m=4, n=4}, custom>} : (tensor<3x4x4xcomplex<f32>>) -> (tensor<3x4x4xcomplex<f32>>, tensor<3x4xi32>, tensor<3xi32>)
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3x4xi32>
    %2 = stablehlo.subtract %0#1, %1 : tensor<3x4xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %4 = stablehlo.compare GE, %0#2, %3, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<3xi1>) -> tensor<3x1x1xi1>
    %cst = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<3x4x4xcomplex<f32>>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1, 2] : (tensor<3x1x1xi1>) -> tensor<3x4x4xi1>
    %8 = stablehlo.select %7, %0#0, %6 : tensor<3x4x4xi1>, tensor<3x4x4xcomplex<f32>>
    %9 = stablehlo.iota dim = 1 : tensor<3x4xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %10:4 = stablehlo.while(%iterArg = %2, %iterArg_12 = %c_2, %iterArg_13 = %c_1, %iterArg_14 = %9) : tensor<3x4xi32>, tensor<i64>, tensor<i64>, tensor<3x4xi32>
    cond {
      %c_15 = stablehlo.constant dense<4> : tensor<i64>
      %38 = stablehlo.compare LT, %iterArg_12, %c_15, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %38 : tensor<i1>
    } do {
      %38:2 = func.call @closed_call_2(%iterArg, %iterArg_13, %iterArg_14) : (tensor<3x4xi32>, tensor<i64>, tensor<3x4xi32>) -> (tensor<i64>, tensor<3x4xi32>)
      %c_15 = stablehlo.constant dense<1> : tensor<i64>
      %39 = stablehlo.add %iterArg_12, %c_15 : tensor<i64>
      stablehlo.return %iterArg, %39, %38#0, %38#1 : tensor<3x4xi32>, tensor<i64>, tensor<i64>, tensor<3x4xi32>
    }
    %11 = call @diagonal(%8) : (tensor<3x4x4xcomplex<f32>>) -> tensor<3x4xcomplex<f32>>
    %cst_3 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %12 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<complex<f32>>) -> tensor<3x4xcomplex<f32>>
    %13 = stablehlo.compare EQ, %11, %12, FLOAT : (tensor<3x4xcomplex<f32>>, tensor<3x4xcomplex<f32>>) -> tensor<3x4xi1>
    %c_4 = stablehlo.constant dense<false> : tensor<i1>
    %14 = stablehlo.reduce(%13 init: %c_4) applies stablehlo.or across dimensions = [1] : (tensor<3x4xi1>, tensor<i1>) -> tensor<3xi1>
    %15 = stablehlo.iota dim = 0 : tensor<4xi32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [1] : (tensor<4xi32>) -> tensor<1x4xi32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1] : (tensor<1x4xi32>) -> tensor<3x4xi32>
    %18 = stablehlo.compare NE, %2, %17, SIGNED : (tensor<3x4xi32>, tensor<3x4xi32>) -> tensor<3x4xi1>
    %19 = call @count_nonzero(%18) : (tensor<3x4xi1>) -> tensor<3xi64>
    %20 = stablehlo.abs %11 : (tensor<3x4xcomplex<f32>>) -> tensor<3x4xf32>
    %21 = stablehlo.convert %20 : (tensor<3x4xf32>) -> tensor<3x4xcomplex<f32>>
    %22 = stablehlo.divide %11, %21 : tensor<3x4xcomplex<f32>>
    %cst_5 = stablehlo.constant dense<(1.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %23 = stablehlo.reduce(%22 init: %cst_5) applies stablehlo.multiply across dimensions = [1] : (tensor<3x4xcomplex<f32>>, tensor<complex<f32>>) -> tensor<3xcomplex<f32>>
    %c_6 = stablehlo.constant dense<2> : tensor<i64>
    %24 = call @remainder(%19, %c_6) : (tensor<3xi64>, tensor<i64>) -> tensor<3xi64>
    %c_7 = stablehlo.constant dense<-2> : tensor<i64>
    %25 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i64>) -> tensor<3xi64>
    %26 = stablehlo.multiply %25, %24 : tensor<3xi64>
    %c_8 = stablehlo.constant dense<1> : tensor<i64>
    %27 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i64>) -> tensor<3xi64>
    %28 = stablehlo.add %26, %27 : tensor<3xi64>
    %29 = stablehlo.convert %28 : (tensor<3xi64>) -> tensor<3xcomplex<f32>>
    %30 = stablehlo.multiply %23, %29 : tensor<3xcomplex<f32>>
    %cst_9 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %31 = call @_where_10(%14, %cst_9, %30) : (tensor<3xi1>, tensor<complex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
    %32 = stablehlo.abs %11 : (tensor<3x4xcomplex<f32>>) -> tensor<3x4xf32>
    %33 = stablehlo.log %32 : tensor<3x4xf32>
    %34 = stablehlo.convert %33 : (tensor<3x4xf32>) -> tensor<3x4xcomplex<f32>>
    %cst_10 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %35 = stablehlo.reduce(%34 init: %cst_10) applies stablehlo.add across dimensions = [1] : (tensor<3x4xcomplex<f32>>, tensor<complex<f32>>) -> tensor<3xcomplex<f32>>
    %cst_11 = stablehlo.constant dense<(0xFF800000,0.000000e+00)> : tensor<complex<f32>>
    %36 = call @_where_10(%14, %cst_11, %35) : (tensor<3xi1>, tensor<complex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
    %37 = stablehlo.real %36 : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
    return %31, %37 : tensor<3xcomplex<f32>>, tensor<3xf32>
  }
  func.func private @diagonal(%arg0: tensor<3x4x4xcomplex<f32>>) -> tensor<3x4xcomplex<f32>> {
    %0 = stablehlo.iota dim = 0 : tensor<4xi64>
    %1 = stablehlo.iota dim = 0 : tensor<4xi64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<4xi64>
    %3 = stablehlo.compare LT, %0, %2, SIGNED : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
    %c_0 = stablehlo.constant dense<4> : tensor<i64>
    %4 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i64>) -> tensor<4xi64>
    %5 = stablehlo.add %0, %4 : tensor<4xi64>
    %6 = stablehlo.select %3, %5, %0 : tensor<4xi1>, tensor<4xi64>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %7 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i64>) -> tensor<4xi64>
    %8 = stablehlo.compare LT, %1, %7, SIGNED : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
    %c_2 = stablehlo.constant dense<4> : tensor<i64>
    %9 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i64>) -> tensor<4xi64>
    %10 = stablehlo.add %1, %9 : tensor<4xi64>
    %11 = stablehlo.select %8, %10, %1 : tensor<4xi1>, tensor<4xi64>
    %12 = stablehlo.convert %6 : (tensor<4xi64>) -> tensor<4xi32>
    %13 = stablehlo.convert %11 : (tensor<4xi64>) -> tensor<4xi32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %15 = stablehlo.broadcast_in_dim %13, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %16 = stablehlo.concatenate %14, %15, dim = 1 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x2xi32>
    %17 = "stablehlo.gather"(%arg0, %16) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1, 2], start_index_map = [1, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 3, 1, 1>}> : (tensor<3x4x4xcomplex<f32>>, tensor<4x2xi32>) -> tensor<3x4xcomplex<f32>>
    return %17 : tensor<3x4xcomplex<f32>>
  }
  func.func private @count_nonzero(%arg0: tensor<3x4xi1>) -> tensor<3xi64> {
    %c = stablehlo.constant dense<false> : tensor<i1>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<3x4xi1>
    %1 = stablehlo.compare NE, %arg0, %0, UNSIGNED : (tensor<3x4xi1>, tensor<3x4xi1>) -> tensor<3x4xi1>
    %2 = stablehlo.convert %1 : (tensor<3x4xi1>) -> tensor<3x4xi32>
    %3 = stablehlo.convert %2 : (tensor<3x4xi32>) -> tensor<3x4xi64>
    %c_0 = stablehlo.constant dense<0> : tensor<i64>
    %4 = stablehlo.reduce(%3 init: %c_0) applies stablehlo.add across dimensions = [1] : (tensor<3x4xi64>, tensor<i64>) -> tensor<3xi64>
    return %4 : tensor<3xi64>
  }
  func.func private @remainder(%arg0: tensor<3xi64>, %arg1: tensor<i64>) -> tensor<3xi64> {
    %0 = stablehlo.convert %arg1 : tensor<i64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i64>
    %2 = call @_where(%1, %c_0, %0) : (tensor<i1>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i64>) -> tensor<3xi64>
    %4 = stablehlo.remainder %arg0, %3 : tensor<3xi64>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i64>) -> tensor<3xi64>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i64>) -> tensor<3xi64>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i64>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<3xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
    %12 = stablehlo.and %11, %6 : tensor<3xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i64>) -> tensor<3xi64>
    %14 = stablehlo.add %4, %13 : tensor<3xi64>
    %15 = stablehlo.select %12, %14, %4 : tensor<3xi1>, tensor<3xi64>
    return %15 : tensor<3xi64>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<i64>, %arg2: tensor<i64>) -> tensor<i64> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i64>
    return %0 : tensor<i64>
  }
  func.func private @_where_10(%arg0: tensor<3xi1>, %arg1: tensor<complex<f32>>, %arg2: tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<complex<f32>>) -> tensor<3xcomplex<f32>>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<3xi1>, tensor<3xcomplex<f32>>
    return %1 : tensor<3xcomplex<f32>>
  }
  func.func private @det(%arg0: tensor<5x5xcomplex<f32>>) -> tensor<complex<f32>> {
    %0:2 = call @slogdet_11(%arg0) : (tensor<5x5xcomplex<f32>>) -> (tensor<complex<f32>>, tensor<f32>)
    %1 = stablehlo.exponential %0#1 : tensor<f32>
    %2 = stablehlo.convert %1 : (tensor<f32>) -> tensor<complex<f32>>
    %3 = stablehlo.multiply %0#0, %2 : tensor<complex<f32>>
    return %3 : tensor<complex<f32>>
  }
  func.func private @slogdet_11(%arg0: tensor<5x5xcomplex<f32>>) -> (tensor<complex<f32>>, tensor<f32>) {
    %0:3 = stablehlo.custom_call @lapack_cgetrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=5, j=5, k=5, l=5, m=5}, custom>} : (tensor<5x5xcomplex<f32>>) -> (tensor<5x5xcomplex<f32>>, tensor<5xi32>, tensor<i32>)
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %2 = stablehlo.subtract %0#1, %1 : tensor<5xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<i32>
    %4 = stablehlo.compare GE, %0#2, %3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<5x5xcomplex<f32>>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<5x5xi1>
    %8 = stablehlo.select %7, %0#0, %6 : tensor<5x5xi1>, tensor<5x5xcomplex<f32>>
    %9 = stablehlo.iota dim = 0 : tensor<5xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %10:4 = stablehlo.while(%iterArg = %2, %iterArg_12 = %c_2, %iterArg_13 = %c_1, %iterArg_14 = %9) : tensor<5xi32>, tensor<i64>, tensor<i64>, tensor<5xi32>
    cond {
      %c_15 = stablehlo.constant dense<5> : tensor<i64>
      %34 = stablehlo.compare LT, %iterArg_12, %c_15, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %34 : tensor<i1>
    } do {
      %34:2 = func.call @closed_call(%iterArg, %iterArg_13, %iterArg_14) : (tensor<5xi32>, tensor<i64>, tensor<5xi32>) -> (tensor<i64>, tensor<5xi32>)
      %c_15 = stablehlo.constant dense<1> : tensor<i64>
      %35 = stablehlo.add %iterArg_12, %c_15 : tensor<i64>
      stablehlo.return %iterArg, %35, %34#0, %34#1 : tensor<5xi32>, tensor<i64>, tensor<i64>, tensor<5xi32>
    }
    %11 = call @diagonal_12(%8) : (tensor<5x5xcomplex<f32>>) -> tensor<5xcomplex<f32>>
    %cst_3 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %12 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<complex<f32>>) -> tensor<5xcomplex<f32>>
    %13 = stablehlo.compare EQ, %11, %12, FLOAT : (tensor<5xcomplex<f32>>, tensor<5xcomplex<f32>>) -> tensor<5xi1>
    %c_4 = stablehlo.constant dense<false> : tensor<i1>
    %14 = stablehlo.reduce(%13 init: %c_4) applies stablehlo.or across dimensions = [0] : (tensor<5xi1>, tensor<i1>) -> tensor<i1>
    %15 = stablehlo.iota dim = 0 : tensor<5xi32>
    %16 = stablehlo.compare NE, %2, %15, SIGNED : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi1>
    %17 = call @count_nonzero_13(%16) : (tensor<5xi1>) -> tensor<i64>
    %18 = stablehlo.abs %11 : (tensor<5xcomplex<f32>>) -> tensor<5xf32>
    %19 = stablehlo.convert %18 : (tensor<5xf32>) -> tensor<5xcomplex<f32>>
    %20 = stablehlo.divide %11, %19 : tensor<5xcomplex<f32>>
    %cst_5 = stablehlo.constant dense<(1.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %21 = stablehlo.reduce(%20 init: %cst_5) applies stablehlo.multiply across dimensions = [0] : (tensor<5xcomplex<f32>>, tensor<complex<f32>>) -> tensor<complex<f32>>
    %c_6 = stablehlo.constant dense<2> : tensor<i64>
    %22 = call @remainder_14(%17, %c_6) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %c_7 = stablehlo.constant dense<-2> : tensor<i64>
    %23 = stablehlo.multiply %c_7, %22 : tensor<i64>
    %c_8 = stablehlo.constant dense<1> : tensor<i64>
    %24 = stablehlo.add %23, %c_8 : tensor<i64>
    %25 = stablehlo.convert %24 : (tensor<i64>) -> tensor<complex<f32>>
    %26 = stablehlo.multiply %21, %25 : tensor<complex<f32>>
    %cst_9 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %27 = call @_where_15(%14, %cst_9, %26) : (tensor<i1>, tensor<complex<f32>>, tensor<complex<f32>>) -> tensor<complex<f32>>
    %28 = stablehlo.abs %11 : (tensor<5xcomplex<f32>>) -> tensor<5xf32>
    %29 = stablehlo.log %28 : tensor<5xf32>
    %30 = stablehlo.convert %29 : (tensor<5xf32>) -> tensor<5xcomplex<f32>>
    %cst_10 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %31 = stablehlo.reduce(%30 init: %cst_10) applies stablehlo.add across dimensions = [0] : (tensor<5xcomplex<f32>>, tensor<complex<f32>>) -> tensor<complex<f32>>
    %cst_11 = stablehlo.constant dense<(0xFF800000,0.000000e+00)> : tensor<complex<f32>>
    %32 = call @_where_15(%14, %cst_11, %31) : (tensor<i1>, tensor<complex<f32>>, tensor<complex<f32>>) -> tensor<complex<f32>>
    %33 = stablehlo.real %32 : (tensor<complex<f32>>) -> tensor<f32>
    return %27, %33 : tensor<complex<f32>>, tensor<f32>
  }
  func.func private @diagonal_12(%arg0: tensor<5x5xcomplex<f32>>) -> tensor<5xcomplex<f32>> {
    %0 = stablehlo.iota dim = 0 : tensor<5x5xi64>
    %1 = stablehlo.iota dim = 1 : tensor<5x5xi64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<5x5xi64>
    %3 = stablehlo.add %0, %2 : tensor<5x5xi64>
    %4 = stablehlo.compare EQ, %3, %1, SIGNED : (tensor<5x5xi64>, tensor<5x5xi64>) -> tensor<5x5xi1>
    %5 = stablehlo.convert %4 : (tensor<5x5xi1>) -> tensor<5x5xcomplex<f32>>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %6 = "stablehlo.case"(%c_0) ({
      %c_1 = stablehlo.constant dense<0> : tensor<i32>
      stablehlo.return %c_1 : tensor<i32>
    }, {
      %c_1 = stablehlo.constant dense<0> : tensor<i32>
      stablehlo.return %c_1 : tensor<i32>
    }) : (tensor<i32>) -> tensor<i32>
    %7 = "stablehlo.case"(%6) ({
      %8 = stablehlo.iota dim = 0 : tensor<5xi64>
      %9 = stablehlo.iota dim = 0 : tensor<5xi64>
      %c_1 = stablehlo.constant dense<0> : tensor<i64>
      %10 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i64>) -> tensor<5xi64>
      %11 = stablehlo.compare LT, %8, %10, SIGNED : (tensor<5xi64>, tensor<5xi64>) -> tensor<5xi1>
      %c_2 = stablehlo.constant dense<5> : tensor<i64>
      %12 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i64>) -> tensor<5xi64>
      %13 = stablehlo.add %8, %12 : tensor<5xi64>
      %14 = stablehlo.select %11, %13, %8 : tensor<5xi1>, tensor<5xi64>
      %c_3 = stablehlo.constant dense<0> : tensor<i64>
      %15 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i64>) -> tensor<5xi64>
      %16 = stablehlo.compare LT, %9, %15, SIGNED : (tensor<5xi64>, tensor<5xi64>) -> tensor<5xi1>
      %c_4 = stablehlo.constant dense<5> : tensor<i64>
      %17 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i64>) -> tensor<5xi64>
      %18 = stablehlo.add %9, %17 : tensor<5xi64>
      %19 = stablehlo.select %16, %18, %9 : tensor<5xi1>, tensor<5xi64>
      %20 = stablehlo.convert %14 : (tensor<5xi64>) -> tensor<5xi32>
      %21 = stablehlo.convert %19 : (tensor<5xi64>) -> tensor<5xi32>
      %22 = stablehlo.broadcast_in_dim %20, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
      %23 = stablehlo.broadcast_in_dim %21, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
      %24 = stablehlo.concatenate %22, %23, dim = 1 : (tensor<5x1xi32>, tensor<5x1xi32>) -> tensor<5x2xi32>
      %25 = "stablehlo.gather"(%arg0, %24) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<5x5xcomplex<f32>>, tensor<5x2xi32>) -> tensor<5xcomplex<f32>>
      stablehlo.return %25 : tensor<5xcomplex<f32>>
    }) : (tensor<i32>) -> tensor<5xcomplex<f32>>
    return %7 : tensor<5xcomplex<f32>>
  }
  func.func private @count_nonzero_13(%arg0: tensor<5xi1>) -> tensor<i64> {
    %c = stablehlo.constant dense<false> : tensor<i1>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<5xi1>
    %1 = stablehlo.compare NE, %arg0, %0, UNSIGNED : (tensor<5xi1>, tensor<5xi1>) -> tensor<5xi1>
    %2 = stablehlo.convert %1 : (tensor<5xi1>) -> tensor<5xi32>
    %3 = stablehlo.convert %2 : (tensor<5xi32>) -> tensor<5xi64>
    %c_0 = stablehlo.constant dense<0> : tensor<i64>
    %4 = stablehlo.reduce(%3 init: %c_0) applies stablehlo.add across dimensions = [0] : (tensor<5xi64>, tensor<i64>) -> tensor<i64>
    return %4 : tensor<i64>
  }
  func.func private @remainder_14(%arg0: tensor<i64>, %arg1: tensor<i64>) -> tensor<i64> {
    %0 = stablehlo.convert %arg1 : tensor<i64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i64>
    %2 = call @_where(%1, %c_0, %0) : (tensor<i1>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %3 = stablehlo.remainder %arg0, %2 : tensor<i64>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %4 = stablehlo.compare NE, %3, %c_1, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %5 = stablehlo.compare LT, %3, %c_2, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %c_3 = stablehlo.constant dense<0> : tensor<i64>
    %6 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %7 = stablehlo.compare NE, %5, %6, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %8 = stablehlo.and %7, %4 : tensor<i1>
    %9 = stablehlo.add %3, %2 : tensor<i64>
    %10 = stablehlo.select %8, %9, %3 : tensor<i1>, tensor<i64>
    return %10 : tensor<i64>
  }
  func.func private @_where_15(%arg0: tensor<i1>, %arg1: tensor<complex<f32>>, %arg2: tensor<complex<f32>>) -> tensor<complex<f32>> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<complex<f32>>
    return %0 : tensor<complex<f32>>
  }
  func.func private @solve(%arg0: tensor<5x5xcomplex<f32>>, %arg1: tensor<5x2xcomplex<f32>>) -> tensor<5x2xcomplex<f32>> {
    %0:3 = stablehlo.custom_call @lapack_cgetrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=5, j=5, k=5, l=5, m=5}, custom>} : (tensor<5x5xcomplex<f32>>) -> (tensor<5x5xcomplex<f32>>, tensor<5xi32>, tensor<i32>)
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %2 = stablehlo.subtract %0#1, %1 : tensor<5xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<i32>
    %4 = stablehlo.compare GE, %0#2, %3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<5x5xcomplex<f32>>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<5x5xi1>
    %8 = stablehlo.select %7, %0#0, %6 : tensor<5x5xi1>, tensor<5x5xcomplex<f32>>
    %9 = stablehlo.iota dim = 0 : tensor<5xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %10:4 = stablehlo.while(%iterArg = %2, %iterArg_3 = %c_2, %iterArg_4 = %c_1, %iterArg_5 = %9) : tensor<5xi32>, tensor<i64>, tensor<i64>, tensor<5xi32>
    cond {
      %c_6 = stablehlo.constant dense<5> : tensor<i64>
      %14 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %14 : tensor<i1>
    } do {
      %14:2 = func.call @closed_call(%iterArg, %iterArg_4, %iterArg_5) : (tensor<5xi32>, tensor<i64>, tensor<5xi32>) -> (tensor<i64>, tensor<5xi32>)
      %c_6 = stablehlo.constant dense<1> : tensor<i64>
      %15 = stablehlo.add %iterArg_3, %c_6 : tensor<i64>
      stablehlo.return %iterArg, %15, %14#0, %14#1 : tensor<5xi32>, tensor<i64>, tensor<i64>, tensor<5xi32>
    }
    %11 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<5x2xcomplex<f32>>) -> tensor<2x5xcomplex<f32>>
    %12 = call @_lu_solve(%8, %10#3, %11) : (tensor<5x5xcomplex<f32>>, tensor<5xi32>, tensor<2x5xcomplex<f32>>) -> tensor<2x5xcomplex<f32>>
    %13 = stablehlo.transpose %12, dims = [1, 0] : (tensor<2x5xcomplex<f32>>) -> tensor<5x2xcomplex<f32>>
    return %13 : tensor<5x2xcomplex<f32>>
  }
  func.func private @_lu_solve(%arg0: tensor<5x5xcomplex<f32>>, %arg1: tensor<5xi32>, %arg2: tensor<2x5xcomplex<f32>>) -> tensor<2x5xcomplex<f32>> {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1] : (tensor<2x5xcomplex<f32>>) -> tensor<2x5x1xcomplex<f32>>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %2 = stablehlo.compare LT, %arg1, %1, SIGNED : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi1>
    %c_0 = stablehlo.constant dense<5> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %4 = stablehlo.add %arg1, %3 : tensor<5xi32>
    %5 = stablehlo.select %2, %4, %arg1 : tensor<5xi1>, tensor<5xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
    %7 = "stablehlo.gather"(%0, %6) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 2], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 2, 1, 1>}> : (tensor<2x5x1xcomplex<f32>>, tensor<5x1xi32>) -> tensor<2x5x1xcomplex<f32>>
    %8 = stablehlo.transpose %7, dims = [1, 2, 0] : (tensor<2x5x1xcomplex<f32>>) -> tensor<5x1x2xcomplex<f32>>
    %9 = stablehlo.reshape %8 : (tensor<5x1x2xcomplex<f32>>) -> tensor<5x2xcomplex<f32>>
    %10 = stablehlo.custom_call @lapack_ctrsm_ffi(%arg0, %9) {backend_config = "", mhlo.backend_config = {diag = 85 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=5, j=5, k=5, l=2, m=5, n=2}, custom>} : (tensor<5x5xcomplex<f32>>, tensor<5x2xcomplex<f32>>) -> tensor<5x2xcomplex<f32>>
    %11 = stablehlo.reshape %10 : (tensor<5x2xcomplex<f32>>) -> tensor<5x1x2xcomplex<f32>>
    %12 = stablehlo.reshape %11 : (tensor<5x1x2xcomplex<f32>>) -> tensor<5x2xcomplex<f32>>
    %13 = stablehlo.custom_call @lapack_ctrsm_ffi(%arg0, %12) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=5, j=5, k=5, l=2, m=5, n=2}, custom>} : (tensor<5x5xcomplex<f32>>, tensor<5x2xcomplex<f32>>) -> tensor<5x2xcomplex<f32>>
    %14 = stablehlo.reshape %13 : (tensor<5x2xcomplex<f32>>) -> tensor<5x1x2xcomplex<f32>>
    %15 = stablehlo.transpose %14, dims = [2, 0, 1] : (tensor<5x1x2xcomplex<f32>>) -> tensor<2x5x1xcomplex<f32>>
    %16 = stablehlo.reshape %15 : (tensor<2x5x1xcomplex<f32>>) -> tensor<2x5xcomplex<f32>>
    return %16 : tensor<2x5xcomplex<f32>>
  }
  func.func private @inv(%arg0: tensor<3x4x4xcomplex<f32>>) -> tensor<3x4x4xcomplex<f32>> {
    %0 = stablehlo.iota dim = 0 : tensor<4x4xi64>
    %1 = stablehlo.iota dim = 1 : tensor<4x4xi64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<4x4xi64>
    %3 = stablehlo.add %0, %2 : tensor<4x4xi64>
    %4 = stablehlo.compare EQ, %3, %1, SIGNED : (tensor<4x4xi64>, tensor<4x4xi64>) -> tensor<4x4xi1>
    %5 = stablehlo.convert %4 : (tensor<4x4xi1>) -> tensor<4x4xcomplex<f32>>
    %6 = stablehlo.broadcast_in_dim %5, dims = [1, 2] : (tensor<4x4xcomplex<f32>>) -> tensor<3x4x4xcomplex<f32>>
    %7 = call @solve_16(%arg0, %6) : (tensor<3x4x4xcomplex<f32>>, tensor<3x4x4xcomplex<f32>>) -> tensor<3x4x4xcomplex<f32>>
    return %7 : tensor<3x4x4xcomplex<f32>>
  }
  func.func private @solve_16(%arg0: tensor<3x4x4xcomplex<f32>>, %arg1: tensor<3x4x4xcomplex<f32>>) -> tensor<3x4x4xcomplex<f32>> {
    %0:3 = stablehlo.custom_call @lapack_cgetrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i, n], [i]) {i=3, j=4, k=4, l=4, m=4, n=4}, custom>} : (tensor<3x4x4xcomplex<f32>>) -> (tensor<3x4x4xcomplex<f32>>, tensor<3x4xi32>, tensor<3xi32>)
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3x4xi32>
    %2 = stablehlo.subtract %0#1, %1 : tensor<3x4xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %4 = stablehlo.compare GE, %0#2, %3, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<3xi1>) -> tensor<3x1x1xi1>
    %cst = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<3x4x4xcomplex<f32>>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1, 2] : (tensor<3x1x1xi1>) -> tensor<3x4x4xi1>
    %8 = stablehlo.select %7, %0#0, %6 : tensor<3x4x4xi1>, tensor<3x4x4xcomplex<f32>>
    %9 = stablehlo.iota dim = 1 : tensor<3x4xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %10:4 = stablehlo.while(%iterArg = %2, %iterArg_3 = %c_2, %iterArg_4 = %c_1, %iterArg_5 = %9) : tensor<3x4xi32>, tensor<i64>, tensor<i64>, tensor<3x4xi32>
    cond {
      %c_6 = stablehlo.constant dense<4> : tensor<i64>
      %14 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %14 : tensor<i1>
    } do {
      %14:2 = func.call @closed_call_2(%iterArg, %iterArg_4, %iterArg_5) : (tensor<3x4xi32>, tensor<i64>, tensor<3x4xi32>) -> (tensor<i64>, tensor<3x4xi32>)
      %c_6 = stablehlo.constant dense<1> : tensor<i64>
      %15 = stablehlo.add %iterArg_3, %c_6 : tensor<i64>
      stablehlo.return %iterArg, %15, %14#0, %14#1 : tensor<3x4xi32>, tensor<i64>, tensor<i64>, tensor<3x4xi32>
    }
    %11 = stablehlo.transpose %arg1, dims = [0, 2, 1] : (tensor<3x4x4xcomplex<f32>>) -> tensor<3x4x4xcomplex<f32>>
    %12 = call @_lu_solve_17(%8, %10#3, %11) : (tensor<3x4x4xcomplex<f32>>, tensor<3x4xi32>, tensor<3x4x4xcomplex<f32>>) -> tensor<3x4x4xcomplex<f32>>
    %13 = stablehlo.transpose %12, dims = [0, 2, 1] : (tensor<3x4x4xcomplex<f32>>) -> tensor<3x4x4xcomplex<f32>>
    return %13 : tensor<3x4x4xcomplex<f32>>
  }
  func.func private @_lu_solve_17(%arg0: tensor<3x4x4xcomplex<f32>>, %arg1: tensor<3x4xi32>, %arg2: tensor<3x4x4xcomplex<f32>>) -> tensor<3x4x4xcomplex<f32>> {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1, 2] : (tensor<3x4x4xcomplex<f32>>) -> tensor<3x4x4x1xcomplex<f32>>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3x4xi32>
    %2 = stablehlo.compare LT, %arg1, %1, SIGNED : (tensor<3x4xi32>, tensor<3x4xi32>) -> tensor<3x4xi1>
    %c_0 = stablehlo.constant dense<4> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<3x4xi32>
    %4 = stablehlo.add %arg1, %3 : tensor<3x4xi32>
    %5 = stablehlo.select %2, %4, %arg1 : tensor<3x4xi1>, tensor<3x4xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<3x4xi32>) -> tensor<3x4x1xi32>
    %7 = "stablehlo.gather"(%0, %6) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 3], collapsed_slice_dims = [2], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [2], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4, 1, 1>}> : (tensor<3x4x4x1xcomplex<f32>>, tensor<3x4x1xi32>) -> tensor<3x4x4x1xcomplex<f32>>
    %8 = stablehlo.transpose %7, dims = [0, 2, 3, 1] : (tensor<3x4x4x1xcomplex<f32>>) -> tensor<3x4x1x4xcomplex<f32>>
    %9 = stablehlo.reshape %8 : (tensor<3x4x1x4xcomplex<f32>>) -> tensor<3x4x4xcomplex<f32>>
    %10 = stablehlo.custom_call @lapack_ctrsm_ffi(%arg0, %9) {backend_config = "", mhlo.backend_config = {diag = 85 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [i, l, m])->([i, n, o]) {i=3, j=4, k=4, l=4, m=4, n=4, o=4}, custom>} : (tensor<3x4x4xcomplex<f32>>, tensor<3x4x4xcomplex<f32>>) -> tensor<3x4x4xcomplex<f32>>
    %11 = stablehlo.reshape %10 : (tensor<3x4x4xcomplex<f32>>) -> tensor<3x4x1x4xcomplex<f32>>
    %12 = stablehlo.reshape %11 : (tensor<3x4x1x4xcomplex<f32>>) -> tensor<3x4x4xcomplex<f32>>
    %13 = stablehlo.custom_call @lapack_ctrsm_ffi(%arg0, %12) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [i, l, m])->([i, n, o]) {i=3, j=4, k=4, l=4, m=4, n=4, o=4}, custom>} : (tensor<3x4x4xcomplex<f32>>, tensor<3x4x4xcomplex<f32>>) -> tensor<3x4x4xcomplex<f32>>
    %14 = stablehlo.reshape %13 : (tensor<3x4x4xcomplex<f32>>) -> tensor<3x4x1x4xcomplex<f32>>
    %15 = stablehlo.transpose %14, dims = [0, 3, 1, 2] : (tensor<3x4x1x4xcomplex<f32>>) -> tensor<3x4x4x1xcomplex<f32>>
    %16 = stablehlo.reshape %15 : (tensor<3x4x4x1xcomplex<f32>>) -> tensor<3x4x4xcomplex<f32>>
    return %16 : tensor<3x4x4xcomplex<f32>>
  }
}
