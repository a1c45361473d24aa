module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x3xf32>, %arg1: tensor<2xi64>) -> (tensor<2x3xf32> {jax.result_info = "result[0]"}, tensor<3x3xf32> {jax.result_info = "result[1]"}, tensor<3x3xi1> {jax.result_info = "result[2]"}, tensor<3x3xf32> {jax.result_info = "result[3]"}, tensor<1x5xf32> {jax.result_info = "result[4]"}, tensor<2x2xf32> {jax.result_info = "result[5]"}, tensor<3x3xf32> {jax.result_info = "result[6]"}, tensor<6x3xf32> {jax.result_info = "result[7]"}, tensor<3x3xf32> {jax.result_info = "result[8]"}, tensor<4xi32> {jax.result_info = "result[9]"}, tensor<3x3xf32> {jax.result_info = "result[10]"}, tensor<3x3xbf16> {jax.result_info = "result[11]"}, tensor<3x3xi32> {jax.result_info = "result[12]"}, tensor<f32> {jax.result_info = "result[13]"}, tensor<3x3xf32> {jax.result_info = "result[14]"}, tensor<4xui32> {jax.result_info = "result[15]"}, tensor<3x3xf32> {jax.result_info = "result[16]"}, tensor<3x3xf32> {jax.result_info = "result[17]"}) {
    %c = stablehlo.constant dense<0> : tensor<i64>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<2xi64>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi1>
    %c_0 = stablehlo.constant dense<3> : tensor<i64>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i64>) -> tensor<2xi64>
    %3 = stablehlo.add %arg1, %2 : tensor<2xi64>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<2xi1>, tensor<2xi64>
    %5 = stablehlo.convert %4 : (tensor<2xi64>) -> tensor<2xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %7 = "stablehlo.gather"(%arg0, %6) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>}> : (tensor<3x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
    %8 = call @cumsum(%7) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %9 = stablehlo.reduce_precision %arg0, format = e5m10 : tensor<3x3xf32>
    %10 = stablehlo.is_finite %arg0 : (tensor<3x3xf32>) -> tensor<3x3xi1>
    %11 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<3x3xf32>) -> tensor<3x3xf32>
    %12 = stablehlo.dot_general %11, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %13 = call @_pad(%arg0, %c_1) : (tensor<3x3xf32>, tensor<i64>) -> tensor<5x5xf32>
    %14 = stablehlo.slice %13 [1:3:2, 0:5] : (tensor<5x5xf32>) -> tensor<1x5xf32>
    %15 = stablehlo.slice %arg1 [0:1] : (tensor<2xi64>) -> tensor<1xi64>
    %16 = stablehlo.reshape %15 : (tensor<1xi64>) -> tensor<i64>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %17 = stablehlo.compare LT, %16, %c_2, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %c_3 = stablehlo.constant dense<3> : tensor<i64>
    %18 = stablehlo.add %16, %c_3 : tensor<i64>
    %19 = stablehlo.select %17, %18, %16 : tensor<i1>, tensor<i64>
    %c_4 = stablehlo.constant dense<1> : tensor<i64>
    %20 = stablehlo.dynamic_slice %arg0, %19, %c_4, sizes = [2, 2] : (tensor<3x3xf32>, tensor<i64>, tensor<i64>) -> tensor<2x2xf32>
    %21 = stablehlo.slice %arg0 [0:1, 0:3] : (tensor<3x3xf32>) -> tensor<1x3xf32>
    %c_5 = stablehlo.constant dense<1> : tensor<i64>
    %c_6 = stablehlo.constant dense<0> : tensor<i64>
    %22 = stablehlo.dynamic_update_slice %arg0, %21, %c_5, %c_6 : (tensor<3x3xf32>, tensor<1x3xf32>, tensor<i64>, tensor<i64>) -> tensor<3x3xf32>
    %23 = stablehlo.concatenate %arg0, %arg0, dim = 0 : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<6x3xf32>
    %24 = call @_flip(%arg0) : (tensor<3x3xf32>) -> tensor<3x3xf32>
    %25 = stablehlo.iota dim = 0 : tensor<4xi32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x3xf32>
    %27 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<3x3xf32>
    %28 = stablehlo.clamp %26, %arg0, %27 : tensor<3x3xf32>
    %29 = stablehlo.convert %arg0 : (tensor<3x3xf32>) -> tensor<3x3xbf16>
    %30 = stablehlo.bitcast_convert %arg0 : (tensor<3x3xf32>) -> tensor<3x3xi32>
    %31 = call @relu(%arg0) : (tensor<3x3xf32>) -> tensor<3x3xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = stablehlo.reduce(%31 init: %cst_8) applies stablehlo.add across dimensions = [0, 1] : (tensor<3x3xf32>, tensor<f32>) -> tensor<f32>
    %c_9 = stablehlo.constant dense<0> : tensor<i64>
    %33 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i64>) -> tensor<2xi64>
    %34 = stablehlo.compare LT, %arg1, %33, SIGNED : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi1>
    %c_10 = stablehlo.constant dense<3> : tensor<i64>
    %35 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<i64>) -> tensor<2xi64>
    %36 = stablehlo.add %arg1, %35 : tensor<2xi64>
    %37 = stablehlo.select %34, %36, %arg1 : tensor<2xi1>, tensor<2xi64>
    %38 = stablehlo.convert %37 : (tensor<2xi64>) -> tensor<2xi32>
    %39 = stablehlo.broadcast_in_dim %38, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %cst_11 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
    %41 = "stablehlo.scatter"(%arg0, %39, %40) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %45 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %45 : tensor<f32>
    }) : (tensor<3x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<3x3xf32>
    %c_12 = stablehlo.constant dense<0> : tensor<ui64>
    %42 = stablehlo.broadcast_in_dim %c_12, dims = [] : (tensor<ui64>) -> tensor<2xui64>
    %output_state, %output = stablehlo.rng_bit_generator %42, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
    %43 = stablehlo.optimization_barrier %arg0 : tensor<3x3xf32>
    %44 = stablehlo.power %arg0, %arg0 : tensor<3x3xf32>
    return %8, %9, %10, %12, %14, %20, %22, %23, %24, %25, %28, %29, %30, %32, %41, %output, %43, %44 : tensor<2x3xf32>, tensor<3x3xf32>, tensor<3x3xi1>, tensor<3x3xf32>, tensor<1x5xf32>, tensor<2x2xf32>, tensor<3x3xf32>, tensor<6x3xf32>, tensor<3x3xf32>, tensor<4xi32>, tensor<3x3xf32>, tensor<3x3xbf16>, tensor<3x3xi32>, tensor<f32>, tensor<3x3xf32>, tensor<4xui32>, tensor<3x3xf32>, tensor<3x3xf32>
  }
  func.func private @cumsum(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %0 = call @cumsum_0(%arg0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
  func.func private @cumsum_0(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<f32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[1, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    return %1 : tensor<2x3xf32>
  }
  func.func private @_pad(%arg0: tensor<3x3xf32>, %arg1: tensor<i64>) -> tensor<5x5xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i64>) -> tensor<f32>
    %1 = stablehlo.pad %arg0, %0, low = [1, 1], high = [1, 1], interior = [0, 0] : (tensor<3x3xf32>, tensor<f32>) -> tensor<5x5xf32>
    return %1 : tensor<5x5xf32>
  }
  func.func private @_flip(%arg0: tensor<3x3xf32>) -> tensor<3x3xf32> {
    %0 = stablehlo.reverse %arg0, dims = [0] : tensor<3x3xf32>
    return %0 : tensor<3x3xf32>
  }
  func.func private @relu(%arg0: tensor<3x3xf32>) -> tensor<3x3xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x3xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<3x3xf32>
    return %1 : tensor<3x3xf32>
  }
}
