module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x6xf32>, %arg1: tensor<4xi32>) -> (tensor<4x6xf32> {jax.result_info = "result[0]"}, tensor<5x4xf32> {jax.result_info = "result[1]"}, tensor<5x6xf32> {jax.result_info = "result[2]"}, tensor<5x6xf32> {jax.result_info = "result[3]"}, tensor<5x6xf32> {jax.result_info = "result[4]"}, tensor<5x6xf32> {jax.result_info = "result[5]"}, tensor<5x3xf32> {jax.result_info = "result[6]"}, tensor<5x3xi32> {jax.result_info = "result[7]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_0 = stablehlo.constant dense<5> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<4xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<4xi1>, tensor<4xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %6 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 6>}> : (tensor<5x6xf32>, tensor<4x1xi32>) -> tensor<4x6xf32>
    %7 = call @_take(%arg0, %arg1) : (tensor<5x6xf32>, tensor<4xi32>) -> tensor<5x4xf32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %9 = stablehlo.compare LT, %arg1, %8, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_2 = stablehlo.constant dense<5> : tensor<i32>
    %10 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %11 = stablehlo.add %arg1, %10 : tensor<4xi32>
    %12 = stablehlo.select %9, %11, %arg1 : tensor<4xi1>, tensor<4xi32>
    %c_3 = stablehlo.constant dense<1> : tensor<i64>
    %13 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i64>) -> tensor<4xi64>
    %14 = stablehlo.convert %13 : (tensor<4xi64>) -> tensor<4xi32>
    %15 = stablehlo.broadcast_in_dim %12, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %16 = stablehlo.broadcast_in_dim %14, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %17 = stablehlo.concatenate %15, %16, dim = 1 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x2xi32>
    %cst = stablehlo.constant dense<1.000000e+01> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %19 = "stablehlo.scatter"(%arg0, %17, %18) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %34 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %34 : tensor<f32>
    }) : (tensor<5x6xf32>, tensor<4x2xi32>, tensor<4xf32>) -> tensor<5x6xf32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %20 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %21 = stablehlo.compare LT, %arg1, %20, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_5 = stablehlo.constant dense<6> : tensor<i32>
    %22 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %23 = stablehlo.add %arg1, %22 : tensor<4xi32>
    %24 = stablehlo.select %21, %23, %arg1 : tensor<4xi1>, tensor<4xi32>
    %c_6 = stablehlo.constant dense<0> : tensor<i64>
    %25 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i64>) -> tensor<4xi64>
    %26 = stablehlo.convert %25 : (tensor<4xi64>) -> tensor<4xi32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %28 = stablehlo.broadcast_in_dim %24, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %29 = stablehlo.concatenate %27, %28, dim = 1 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x2xi32>
    %cst_7 = stablehlo.constant dense<-1.000000e+00> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %31 = "stablehlo.scatter"(%arg0, %29, %30) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      stablehlo.return %arg3 : tensor<f32>
    }) : (tensor<5x6xf32>, tensor<4x2xi32>, tensor<4xf32>) -> tensor<5x6xf32>
    %32 = call @sort(%arg0) : (tensor<5x6xf32>) -> tensor<5x6xf32>
    %33 = call @cumsum(%arg0) : (tensor<5x6xf32>) -> tensor<5x6xf32>
    %values, %indices = chlo.top_k(%arg0, k = 3) : tensor<5x6xf32> -> (tensor<5x3xf32>, tensor<5x3xi32>)
    %values_8, %indices_9 = chlo.top_k(%arg0, k = 3) : tensor<5x6xf32> -> (tensor<5x3xf32>, tensor<5x3xi32>)
    return %6, %7, %19, %31, %32, %33, %values, %indices_9 : tensor<4x6xf32>, tensor<5x4xf32>, tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x3xf32>, tensor<5x3xi32>
  }
  func.func private @_take(%arg0: tensor<5x6xf32>, %arg1: tensor<4xi32>) -> tensor<5x4xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_0 = stablehlo.constant dense<6> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<4xi32>
    %4 = call @_where(%1, %3, %arg1) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %c_1 = stablehlo.constant dense<5> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [1] : (tensor<1xi32>) -> tensor<1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<1x1xi32>) -> tensor<4x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<4x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [1] : (tensor<4x1xi1>, tensor<i1>) -> tensor<4xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 5, 1>}> : (tensor<5x6xf32>, tensor<4x1xi32>) -> tensor<5x4xf32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [1] : (tensor<4xi1>) -> tensor<5x4xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x4xf32>
    %16 = stablehlo.select %14, %13, %15 : tensor<5x4xi1>, tensor<5x4xf32>
    return %16 : tensor<5x4xf32>
  }
  func.func private @_where(%arg0: tensor<4xi1>, %arg1: tensor<4xi32>, %arg2: tensor<4xi32>) -> tensor<4xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<4xi1>, tensor<4xi32>
    return %0 : tensor<4xi32>
  }
  func.func private @sort(%arg0: tensor<5x6xf32>) -> tensor<5x6xf32> {
    %0 = "stablehlo.sort"(%arg0) <{dimension = 1 : i64, is_stable = true}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %1 = stablehlo.compare EQ, %arg1, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %2 = stablehlo.select %1, %cst_0, %arg1 : tensor<i1>, tensor<f32>
      %3 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %4 = stablehlo.select %3, %cst_1, %2 : tensor<i1>, tensor<f32>
      %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %5 = stablehlo.compare EQ, %arg2, %cst_2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %6 = stablehlo.select %5, %cst_3, %arg2 : tensor<i1>, tensor<f32>
      %7 = stablehlo.compare NE, %arg2, %arg2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %8 = stablehlo.select %7, %cst_4, %6 : tensor<i1>, tensor<f32>
      %9 = stablehlo.compare LT, %4, %8, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %9 : tensor<i1>
    }) : (tensor<5x6xf32>) -> tensor<5x6xf32>
    return %0 : tensor<5x6xf32>
  }
  func.func private @cumsum(%arg0: tensor<5x6xf32>) -> tensor<5x6xf32> {
    %0 = call @cumsum_0(%arg0) : (tensor<5x6xf32>) -> tensor<5x6xf32>
    return %0 : tensor<5x6xf32>
  }
  func.func private @cumsum_0(%arg0: tensor<5x6xf32>) -> tensor<5x6xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<f32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[4, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 5, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<5x6xf32>, tensor<f32>) -> tensor<5x6xf32>
    return %1 : tensor<5x6xf32>
  }
}
