module @jit_complex_math attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>, %arg1: !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>, %arg2: !vhlo.tensor_v1<4x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<4x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<2x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<3x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<2x3x!vhlo.bool_v1>, !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.000000e+00> : tensor<f32>>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %1 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>>}> : () -> !vhlo.tensor_v1<!vhlo.complex_v1<!vhlo.f32_v1>>
    %2 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[(1.000000e+00,2.000000e+00), (-5.000000e-01,0.000000e+00), (0.000000e+00,3.000000e+00)]> : tensor<3xcomplex<f32>>>}> : () -> !vhlo.tensor_v1<3x!vhlo.complex_v1<!vhlo.f32_v1>>
    %3 = "vhlo.multiply_v1"(%arg0, %arg1) : (!vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>
    %4 = "vhlo.broadcast_in_dim_v1"(%2) <{broadcast_dimensions = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>}> : (!vhlo.tensor_v1<3x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<1x3x!vhlo.complex_v1<!vhlo.f32_v1>>
    %5 = "vhlo.broadcast_in_dim_v1"(%4) <{broadcast_dimensions = #vhlo.tensor_v1<dense<[0, 1]> : tensor<2xi64>>}> : (!vhlo.tensor_v1<1x3x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>
    %6 = "vhlo.add_v1"(%3, %5) : (!vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>
    %7 = "vhlo.divide_v1"(%arg0, %arg1) : (!vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>
    %8 = "vhlo.abs_v1"(%arg0) : (!vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
    %9 = "vhlo.real_v1"(%arg0) : (!vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
    %10 = "vhlo.imag_v1"(%arg0) : (!vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
    %11 = "vhlo.negate_v1"(%10) : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
    %12 = "vhlo.complex_v1"(%9, %11) : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>
    %13 = "vhlo.negate_v1"(%arg2) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>
    %14 = "vhlo.complex_v1"(%arg2, %13) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x!vhlo.complex_v1<!vhlo.f32_v1>>
    %15 = "vhlo.broadcast_in_dim_v1"(%2) <{broadcast_dimensions = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>}> : (!vhlo.tensor_v1<3x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<1x3x!vhlo.complex_v1<!vhlo.f32_v1>>
    %16 = "vhlo.broadcast_in_dim_v1"(%15) <{broadcast_dimensions = #vhlo.tensor_v1<dense<[0, 1]> : tensor<2xi64>>}> : (!vhlo.tensor_v1<1x3x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>
    %17 = "vhlo.multiply_v1"(%arg0, %16) : (!vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>
    %18 = "vhlo.reduce_v1"(%17, %1) <{dimensions = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>}> ({
    ^bb0(%arg3: !vhlo.tensor_v1<!vhlo.complex_v1<!vhlo.f32_v1>>, %arg4: !vhlo.tensor_v1<!vhlo.complex_v1<!vhlo.f32_v1>>):
      %28 = "vhlo.add_v1"(%arg3, %arg4) : (!vhlo.tensor_v1<!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<!vhlo.complex_v1<!vhlo.f32_v1>>
      "vhlo.return_v1"(%28) : (!vhlo.tensor_v1<!vhlo.complex_v1<!vhlo.f32_v1>>) -> ()
    }) : (!vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<2x!vhlo.complex_v1<!vhlo.f32_v1>>
    %19 = "vhlo.slice_v1"(%arg0) <{limit_indices = #vhlo.tensor_v1<dense<[1, 3]> : tensor<2xi64>>, start_indices = #vhlo.tensor_v1<dense<0> : tensor<2xi64>>, strides = #vhlo.tensor_v1<dense<1> : tensor<2xi64>>}> : (!vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<1x3x!vhlo.complex_v1<!vhlo.f32_v1>>
    %20 = "vhlo.reshape_v1"(%19) : (!vhlo.tensor_v1<1x3x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<3x!vhlo.complex_v1<!vhlo.f32_v1>>
    %21 = "vhlo.call_v1"(%20) <{callee = #vhlo.string_v1<"sort">}> : (!vhlo.tensor_v1<3x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<3x!vhlo.complex_v1<!vhlo.f32_v1>>
    %22 = "vhlo.compare_v1"(%arg0, %arg1) <{compare_type = #vhlo<comparison_type_v1 FLOAT>, comparison_direction = #vhlo<comparison_direction_v1 EQ>}> : (!vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<2x3x!vhlo.bool_v1>
    %23 = "vhlo.abs_v1"(%arg0) : (!vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
    %24 = "vhlo.broadcast_in_dim_v1"(%0) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
    %25 = "vhlo.compare_v1"(%23, %24) <{compare_type = #vhlo<comparison_type_v1 FLOAT>, comparison_direction = #vhlo<comparison_direction_v1 GT>}> : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x!vhlo.bool_v1>
    %26 = "vhlo.negate_v1"(%arg1) : (!vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>
    %27 = "vhlo.call_v1"(%25, %arg0, %26) <{callee = #vhlo.string_v1<"_where">}> : (!vhlo.tensor_v1<2x3x!vhlo.bool_v1>, !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>
    "vhlo.return_v1"(%6, %7, %8, %12, %14, %18, %21, %22, %27) : (!vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<4x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<2x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<3x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<2x3x!vhlo.bool_v1>, !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[0]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[1]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[2]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[3]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[4]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[5]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[6]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[7]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[8]">}>]>, sym_visibility = #vhlo.string_v1<"public">}
  vhlo.func_v1 @sort(%arg0: !vhlo.tensor_v1<3x!vhlo.complex_v1<!vhlo.f32_v1>>) -> (!vhlo.tensor_v1<3x!vhlo.complex_v1<!vhlo.f32_v1>>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0x7FC00000> : tensor<f32>>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %1 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0.000000e+00> : tensor<f32>>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %2 = "vhlo.sort_v1"(%arg0) <{dimension = #vhlo.integer_v1<0 : i64>, is_stable = #vhlo.bool_v1<true>}> ({
    ^bb0(%arg1: !vhlo.tensor_v1<!vhlo.complex_v1<!vhlo.f32_v1>>, %arg2: !vhlo.tensor_v1<!vhlo.complex_v1<!vhlo.f32_v1>>):
      %3 = "vhlo.real_v1"(%arg1) : (!vhlo.tensor_v1<!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
      %4 = "vhlo.compare_v1"(%3, %1) <{compare_type = #vhlo<comparison_type_v1 FLOAT>, comparison_direction = #vhlo<comparison_direction_v1 EQ>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
      %5 = "vhlo.select_v1"(%4, %1, %3) : (!vhlo.tensor_v1<!vhlo.bool_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
      %6 = "vhlo.compare_v1"(%3, %3) <{compare_type = #vhlo<comparison_type_v1 FLOAT>, comparison_direction = #vhlo<comparison_direction_v1 NE>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
      %7 = "vhlo.select_v1"(%6, %0, %5) : (!vhlo.tensor_v1<!vhlo.bool_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
      %8 = "vhlo.imag_v1"(%arg1) : (!vhlo.tensor_v1<!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
      %9 = "vhlo.compare_v1"(%8, %1) <{compare_type = #vhlo<comparison_type_v1 FLOAT>, comparison_direction = #vhlo<comparison_direction_v1 EQ>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
      %10 = "vhlo.select_v1"(%9, %1, %8) : (!vhlo.tensor_v1<!vhlo.bool_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
      %11 = "vhlo.compare_v1"(%8, %8) <{compare_type = #vhlo<comparison_type_v1 FLOAT>, comparison_direction = #vhlo<comparison_direction_v1 NE>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
      %12 = "vhlo.select_v1"(%11, %0, %10) : (!vhlo.tensor_v1<!vhlo.bool_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
      %13 = "vhlo.real_v1"(%arg2) : (!vhlo.tensor_v1<!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
      %14 = "vhlo.compare_v1"(%13, %1) <{compare_type = #vhlo<comparison_type_v1 FLOAT>, comparison_direction = #vhlo<comparison_direction_v1 EQ>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
      %15 = "vhlo.select_v1"(%14, %1, %13) : (!vhlo.tensor_v1<!vhlo.bool_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
      %16 = "vhlo.compare_v1"(%13, %13) <{compare_type = #vhlo<comparison_type_v1 FLOAT>, comparison_direction = #vhlo<comparison_direction_v1 NE>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
      %17 = "vhlo.select_v1"(%16, %0, %15) : (!vhlo.tensor_v1<!vhlo.bool_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
      %18 = "vhlo.imag_v1"(%arg2) : (!vhlo.tensor_v1<!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
      %19 = "vhlo.compare_v1"(%18, %1) <{compare_type = #vhlo<comparison_type_v1 FLOAT>, comparison_direction = #vhlo<comparison_direction_v1 EQ>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
      %20 = "vhlo.select_v1"(%19, %1, %18) : (!vhlo.tensor_v1<!vhlo.bool_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
      %21 = "vhlo.compare_v1"(%18, %18) <{compare_type = #vhlo<comparison_type_v1 FLOAT>, comparison_direction = #vhlo<comparison_direction_v1 NE>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
      %22 = "vhlo.select_v1"(%21, %0, %20) : (!vhlo.tensor_v1<!vhlo.bool_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
      %23 = "vhlo.compare_v1"(%12, %22) <{compare_type = #vhlo<comparison_type_v1 TOTALORDER>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
      %24 = "vhlo.compare_v1"(%7, %17) <{compare_type = #vhlo<comparison_type_v1 TOTALORDER>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
      %25 = "vhlo.compare_v1"(%7, %17) <{compare_type = #vhlo<comparison_type_v1 TOTALORDER>, comparison_direction = #vhlo<comparison_direction_v1 EQ>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
      %26 = "vhlo.and_v1"(%25, %23) : (!vhlo.tensor_v1<!vhlo.bool_v1>, !vhlo.tensor_v1<!vhlo.bool_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
      %27 = "vhlo.or_v1"(%24, %26) : (!vhlo.tensor_v1<!vhlo.bool_v1>, !vhlo.tensor_v1<!vhlo.bool_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
      "vhlo.return_v1"(%27) : (!vhlo.tensor_v1<!vhlo.bool_v1>) -> ()
    }) : (!vhlo.tensor_v1<3x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<3x!vhlo.complex_v1<!vhlo.f32_v1>>
    "vhlo.return_v1"(%2) : (!vhlo.tensor_v1<3x!vhlo.complex_v1<!vhlo.f32_v1>>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
  vhlo.func_v1 @_where(%arg0: !vhlo.tensor_v1<2x3x!vhlo.bool_v1>, %arg1: !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>, %arg2: !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>) -> (!vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>) {
    %0 = "vhlo.select_v1"(%arg0, %arg1, %arg2) : (!vhlo.tensor_v1<2x3x!vhlo.bool_v1>, !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>
    "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
}
