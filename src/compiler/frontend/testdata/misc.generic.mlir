"builtin.module"() <{sym_name = "jit__lambda"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<3x3xf32>, tensor<2xi64>) -> (tensor<2x3xf32>, tensor<3x3xf32>, tensor<3x3xi1>, tensor<3x3xf32>, tensor<1x5xf32>, tensor<2x2xf32>, tensor<3x3xf32>, tensor<6x3xf32>, tensor<3x3xf32>, tensor<4xi32>, tensor<3x3xf32>, tensor<3x3xbf16>, tensor<3x3xi32>, tensor<f32>, tensor<3x3xf32>, tensor<4xui32>, tensor<3x3xf32>, tensor<3x3xf32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}, {jax.result_info = "result[3]"}, {jax.result_info = "result[4]"}, {jax.result_info = "result[5]"}, {jax.result_info = "result[6]"}, {jax.result_info = "result[7]"}, {jax.result_info = "result[8]"}, {jax.result_info = "result[9]"}, {jax.result_info = "result[10]"}, {jax.result_info = "result[11]"}, {jax.result_info = "result[12]"}, {jax.result_info = "result[13]"}, {jax.result_info = "result[14]"}, {jax.result_info = "result[15]"}, {jax.result_info = "result[16]"}, {jax.result_info = "result[17]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg8: tensor<3x3xf32>, %arg9: tensor<2xi64>):
    %11 = "stablehlo.constant"() <{value = dense<0> : tensor<i64>}> : () -> tensor<i64>
    %12 = "stablehlo.broadcast_in_dim"(%11) <{broadcast_dimensions = array<i64>}> : (tensor<i64>) -> tensor<2xi64>
    %13 = "stablehlo.compare"(%arg9, %12) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi1>
    %14 = "stablehlo.constant"() <{value = dense<3> : tensor<i64>}> : () -> tensor<i64>
    %15 = "stablehlo.broadcast_in_dim"(%14) <{broadcast_dimensions = array<i64>}> : (tensor<i64>) -> tensor<2xi64>
    %16 = "stablehlo.add"(%arg9, %15) : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
    %17 = "stablehlo.select"(%13, %16, %arg9) : (tensor<2xi1>, tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
    %18 = "stablehlo.convert"(%17) : (tensor<2xi64>) -> tensor<2xi32>
    %19 = "stablehlo.broadcast_in_dim"(%18) <{broadcast_dimensions = array<i64: 0>}> : (tensor<2xi32>) -> tensor<2x1xi32>
    %20 = "stablehlo.gather"(%arg8, %19) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>}> : (tensor<3x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
    %21 = "func.call"(%20) <{callee = @cumsum}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %22 = "stablehlo.reduce_precision"(%arg8) <{exponent_bits = 5 : i32, mantissa_bits = 10 : i32}> : (tensor<3x3xf32>) -> tensor<3x3xf32>
    %23 = "stablehlo.is_finite"(%arg8) : (tensor<3x3xf32>) -> tensor<3x3xi1>
    %24 = "stablehlo.transpose"(%arg8) <{permutation = array<i64: 1, 0>}> : (tensor<3x3xf32>) -> tensor<3x3xf32>
    %25 = "stablehlo.dot_general"(%24, %arg8) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
    %26 = "stablehlo.constant"() <{value = dense<0> : tensor<i64>}> : () -> tensor<i64>
    %27 = "func.call"(%arg8, %26) <{callee = @_pad}> : (tensor<3x3xf32>, tensor<i64>) -> tensor<5x5xf32>
    %28 = "stablehlo.slice"(%27) <{limit_indices = array<i64: 3, 5>, start_indices = array<i64: 1, 0>, strides = array<i64: 2, 1>}> : (tensor<5x5xf32>) -> tensor<1x5xf32>
    %29 = "stablehlo.slice"(%arg9) <{limit_indices = array<i64: 1>, start_indices = array<i64: 0>, strides = array<i64: 1>}> : (tensor<2xi64>) -> tensor<1xi64>
    %30 = "stablehlo.reshape"(%29) : (tensor<1xi64>) -> tensor<i64>
    %31 = "stablehlo.constant"() <{value = dense<0> : tensor<i64>}> : () -> tensor<i64>
    %32 = "stablehlo.compare"(%30, %31) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %33 = "stablehlo.constant"() <{value = dense<3> : tensor<i64>}> : () -> tensor<i64>
    %34 = "stablehlo.add"(%30, %33) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %35 = "stablehlo.select"(%32, %34, %30) : (tensor<i1>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %36 = "stablehlo.constant"() <{value = dense<1> : tensor<i64>}> : () -> tensor<i64>
    %37 = "stablehlo.dynamic_slice"(%arg8, %35, %36) <{slice_sizes = array<i64: 2, 2>}> : (tensor<3x3xf32>, tensor<i64>, tensor<i64>) -> tensor<2x2xf32>
    %38 = "stablehlo.slice"(%arg8) <{limit_indices = array<i64: 1, 3>, start_indices = array<i64: 0, 0>, strides = array<i64: 1, 1>}> : (tensor<3x3xf32>) -> tensor<1x3xf32>
    %39 = "stablehlo.constant"() <{value = dense<1> : tensor<i64>}> : () -> tensor<i64>
    %40 = "stablehlo.constant"() <{value = dense<0> : tensor<i64>}> : () -> tensor<i64>
    %41 = "stablehlo.dynamic_update_slice"(%arg8, %38, %39, %40) : (tensor<3x3xf32>, tensor<1x3xf32>, tensor<i64>, tensor<i64>) -> tensor<3x3xf32>
    %42 = "stablehlo.concatenate"(%arg8, %arg8) <{dimension = 0 : i64}> : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<6x3xf32>
    %43 = "func.call"(%arg8) <{callee = @_flip}> : (tensor<3x3xf32>) -> tensor<3x3xf32>
    %44 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<4xi32>
    %45 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %46 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %47 = "stablehlo.broadcast_in_dim"(%45) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<3x3xf32>
    %48 = "stablehlo.broadcast_in_dim"(%46) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<3x3xf32>
    %49 = "stablehlo.clamp"(%47, %arg8, %48) : (tensor<3x3xf32>, tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
    %50 = "stablehlo.convert"(%arg8) : (tensor<3x3xf32>) -> tensor<3x3xbf16>
    %51 = "stablehlo.bitcast_convert"(%arg8) : (tensor<3x3xf32>) -> tensor<3x3xi32>
    %52 = "func.call"(%arg8) <{callee = @relu}> : (tensor<3x3xf32>) -> tensor<3x3xf32>
    %53 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %54 = "stablehlo.reduce"(%52, %53) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg12: tensor<f32>, %arg13: tensor<f32>):
      %73 = "stablehlo.add"(%arg12, %arg13) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%73) : (tensor<f32>) -> ()
    }) : (tensor<3x3xf32>, tensor<f32>) -> tensor<f32>
    %55 = "stablehlo.constant"() <{value = dense<0> : tensor<i64>}> : () -> tensor<i64>
    %56 = "stablehlo.broadcast_in_dim"(%55) <{broadcast_dimensions = array<i64>}> : (tensor<i64>) -> tensor<2xi64>
    %57 = "stablehlo.compare"(%arg9, %56) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi1>
    %58 = "stablehlo.constant"() <{value = dense<3> : tensor<i64>}> : () -> tensor<i64>
    %59 = "stablehlo.broadcast_in_dim"(%58) <{broadcast_dimensions = array<i64>}> : (tensor<i64>) -> tensor<2xi64>
    %60 = "stablehlo.add"(%arg9, %59) : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
    %61 = "stablehlo.select"(%57, %60, %arg9) : (tensor<2xi1>, tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
    %62 = "stablehlo.convert"(%61) : (tensor<2xi64>) -> tensor<2xi32>
    %63 = "stablehlo.broadcast_in_dim"(%62) <{broadcast_dimensions = array<i64: 0>}> : (tensor<2xi32>) -> tensor<2x1xi32>
    %64 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %65 = "stablehlo.broadcast_in_dim"(%64) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x3xf32>
    %66 = "stablehlo.scatter"(%arg8, %63, %65) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg10: tensor<f32>, %arg11: tensor<f32>):
      %72 = "stablehlo.add"(%arg10, %arg11) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%72) : (tensor<f32>) -> ()
    }) : (tensor<3x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<3x3xf32>
    %67 = "stablehlo.constant"() <{value = dense<0> : tensor<ui64>}> : () -> tensor<ui64>
    %68 = "stablehlo.broadcast_in_dim"(%67) <{broadcast_dimensions = array<i64>}> : (tensor<ui64>) -> tensor<2xui64>
    %69:2 = "stablehlo.rng_bit_generator"(%68) <{rng_algorithm = #stablehlo<rng_algorithm DEFAULT>}> : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
    %70 = "stablehlo.optimization_barrier"(%arg8) : (tensor<3x3xf32>) -> tensor<3x3xf32>
    %71 = "stablehlo.power"(%arg8, %arg8) : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
    "func.return"(%21, %22, %23, %25, %28, %37, %41, %42, %43, %44, %49, %50, %51, %54, %66, %69#1, %70, %71) : (tensor<2x3xf32>, tensor<3x3xf32>, tensor<3x3xi1>, tensor<3x3xf32>, tensor<1x5xf32>, tensor<2x2xf32>, tensor<3x3xf32>, tensor<6x3xf32>, tensor<3x3xf32>, tensor<4xi32>, tensor<3x3xf32>, tensor<3x3xbf16>, tensor<3x3xi32>, tensor<f32>, tensor<3x3xf32>, tensor<4xui32>, tensor<3x3xf32>, tensor<3x3xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<2x3xf32>) -> tensor<2x3xf32>, res_attrs = [{}], sym_name = "cumsum", sym_visibility = "private"}> ({
  ^bb0(%arg7: tensor<2x3xf32>):
    %10 = "func.call"(%arg7) <{callee = @cumsum_0}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "func.return"(%10) : (tensor<2x3xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<2x3xf32>) -> tensor<2x3xf32>, sym_name = "cumsum_0", sym_visibility = "private"}> ({
  ^bb0(%arg4: tensor<2x3xf32>):
    %6 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %7 = "stablehlo.broadcast_in_dim"(%6) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<f32>
    %8 = "stablehlo.reduce_window"(%arg4, %7) <{base_dilations = array<i64: 1, 1>, padding = dense<[[1, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
      %9 = "stablehlo.add"(%arg5, %arg6) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%9) : (tensor<f32>) -> ()
    }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    "func.return"(%8) : (tensor<2x3xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<3x3xf32>, tensor<i64>) -> tensor<5x5xf32>, res_attrs = [{}], sym_name = "_pad", sym_visibility = "private"}> ({
  ^bb0(%arg2: tensor<3x3xf32>, %arg3: tensor<i64>):
    %4 = "stablehlo.convert"(%arg3) : (tensor<i64>) -> tensor<f32>
    %5 = "stablehlo.pad"(%arg2, %4) <{edge_padding_high = array<i64: 1, 1>, edge_padding_low = array<i64: 1, 1>, interior_padding = array<i64: 0, 0>}> : (tensor<3x3xf32>, tensor<f32>) -> tensor<5x5xf32>
    "func.return"(%5) : (tensor<5x5xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<3x3xf32>) -> tensor<3x3xf32>, res_attrs = [{}], sym_name = "_flip", sym_visibility = "private"}> ({
  ^bb0(%arg1: tensor<3x3xf32>):
    %3 = "stablehlo.reverse"(%arg1) <{dimensions = array<i64: 0>}> : (tensor<3x3xf32>) -> tensor<3x3xf32>
    "func.return"(%3) : (tensor<3x3xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<3x3xf32>) -> tensor<3x3xf32>, res_attrs = [{}], sym_name = "relu", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<3x3xf32>):
    %0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<3x3xf32>
    %2 = "stablehlo.maximum"(%arg0, %1) : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
    "func.return"(%2) : (tensor<3x3xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
