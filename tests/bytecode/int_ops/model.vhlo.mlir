module @jit_int_ops attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<8x!vhlo.i32_v1>, %arg1: !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> (!vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<3> : tensor<i32>>}> : () -> !vhlo.tensor_v1<!vhlo.i32_v1>
    %1 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1> : tensor<i32>>}> : () -> !vhlo.tensor_v1<!vhlo.i32_v1>
    %2 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<2> : tensor<i32>>}> : () -> !vhlo.tensor_v1<!vhlo.i32_v1>
    %3 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1> : tensor<i64>>}> : () -> !vhlo.tensor_v1<!vhlo.i64_v1>
    %4 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0> : tensor<i32>>}> : () -> !vhlo.tensor_v1<!vhlo.i32_v1>
    %5 = "vhlo.broadcast_in_dim_v1"(%4) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %6 = "vhlo.compare_v1"(%arg1, %5) <{compare_type = #vhlo<comparison_type_v1 SIGNED>, comparison_direction = #vhlo<comparison_direction_v1 EQ>}> : (!vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.bool_v1>
    %7 = "vhlo.call_v1"(%6, %3, %arg1) <{callee = #vhlo.string_v1<"_where">}> : (!vhlo.tensor_v1<8x!vhlo.bool_v1>, !vhlo.tensor_v1<!vhlo.i64_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %8 = "vhlo.call_v1"(%arg0, %7) <{callee = #vhlo.string_v1<"floor_divide">}> : (!vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %9 = "vhlo.call_v1"(%arg0, %7) <{callee = #vhlo.string_v1<"remainder">}> : (!vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %10 = "vhlo.broadcast_in_dim_v1"(%2) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %11 = "vhlo.shift_left_v1"(%arg0, %10) : (!vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %12 = "vhlo.broadcast_in_dim_v1"(%1) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %13 = "vhlo.shift_right_arithmetic_v1"(%arg0, %12) : (!vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %14 = "vhlo.broadcast_in_dim_v1"(%0) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %15 = "vhlo.shift_right_logical_v1"(%arg0, %14) : (!vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %16 = "vhlo.and_v1"(%arg0, %7) : (!vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %17 = "vhlo.or_v1"(%arg0, %7) : (!vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %18 = "vhlo.xor_v1"(%arg0, %7) : (!vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %19 = "vhlo.popcnt_v1"(%arg0) : (!vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %20 = "vhlo.count_leading_zeros_v1"(%arg0) : (!vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %21 = "vhlo.abs_v1"(%arg0) : (!vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %22 = "vhlo.negate_v1"(%arg0) : (!vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    "vhlo.return_v1"(%8, %9, %11, %13, %15, %16, %17, %18, %19, %20, %21, %22) : (!vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[0]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[1]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[2]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[3]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[4]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[5]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[6]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[7]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[8]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[9]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[10]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[11]">}>]>, sym_visibility = #vhlo.string_v1<"public">}
  vhlo.func_v1 @_where(%arg0: !vhlo.tensor_v1<8x!vhlo.bool_v1>, %arg1: !vhlo.tensor_v1<!vhlo.i64_v1>, %arg2: !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> (!vhlo.tensor_v1<8x!vhlo.i32_v1>) {
    %0 = "vhlo.convert_v1"(%arg1) : (!vhlo.tensor_v1<!vhlo.i64_v1>) -> !vhlo.tensor_v1<!vhlo.i32_v1>
    %1 = "vhlo.broadcast_in_dim_v1"(%0) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %2 = "vhlo.select_v1"(%arg0, %1, %arg2) : (!vhlo.tensor_v1<8x!vhlo.bool_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    "vhlo.return_v1"(%2) : (!vhlo.tensor_v1<8x!vhlo.i32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
  vhlo.func_v1 @floor_divide(%arg0: !vhlo.tensor_v1<8x!vhlo.i32_v1>, %arg1: !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> (!vhlo.tensor_v1<8x!vhlo.i32_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1> : tensor<i32>>}> : () -> !vhlo.tensor_v1<!vhlo.i32_v1>
    %1 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0> : tensor<i32>>}> : () -> !vhlo.tensor_v1<!vhlo.i32_v1>
    %2 = "vhlo.divide_v1"(%arg0, %arg1) : (!vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %3 = "vhlo.sign_v1"(%arg0) : (!vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %4 = "vhlo.sign_v1"(%arg1) : (!vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %5 = "vhlo.compare_v1"(%3, %4) <{compare_type = #vhlo<comparison_type_v1 SIGNED>, comparison_direction = #vhlo<comparison_direction_v1 NE>}> : (!vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.bool_v1>
    %6 = "vhlo.remainder_v1"(%arg0, %arg1) : (!vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %7 = "vhlo.broadcast_in_dim_v1"(%1) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %8 = "vhlo.compare_v1"(%6, %7) <{compare_type = #vhlo<comparison_type_v1 SIGNED>, comparison_direction = #vhlo<comparison_direction_v1 NE>}> : (!vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.bool_v1>
    %9 = "vhlo.and_v1"(%5, %8) : (!vhlo.tensor_v1<8x!vhlo.bool_v1>, !vhlo.tensor_v1<8x!vhlo.bool_v1>) -> !vhlo.tensor_v1<8x!vhlo.bool_v1>
    %10 = "vhlo.broadcast_in_dim_v1"(%0) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %11 = "vhlo.subtract_v1"(%2, %10) : (!vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %12 = "vhlo.call_v1"(%9, %11, %2) <{callee = #vhlo.string_v1<"_where_0">}> : (!vhlo.tensor_v1<8x!vhlo.bool_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    "vhlo.return_v1"(%12) : (!vhlo.tensor_v1<8x!vhlo.i32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
  vhlo.func_v1 @_where_0(%arg0: !vhlo.tensor_v1<8x!vhlo.bool_v1>, %arg1: !vhlo.tensor_v1<8x!vhlo.i32_v1>, %arg2: !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> (!vhlo.tensor_v1<8x!vhlo.i32_v1>) {
    %0 = "vhlo.select_v1"(%arg0, %arg1, %arg2) : (!vhlo.tensor_v1<8x!vhlo.bool_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<8x!vhlo.i32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
  vhlo.func_v1 @remainder(%arg0: !vhlo.tensor_v1<8x!vhlo.i32_v1>, %arg1: !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> (!vhlo.tensor_v1<8x!vhlo.i32_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1> : tensor<i32>>}> : () -> !vhlo.tensor_v1<!vhlo.i32_v1>
    %1 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0> : tensor<i32>>}> : () -> !vhlo.tensor_v1<!vhlo.i32_v1>
    %2 = "vhlo.broadcast_in_dim_v1"(%1) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %3 = "vhlo.compare_v1"(%arg1, %2) <{compare_type = #vhlo<comparison_type_v1 SIGNED>, comparison_direction = #vhlo<comparison_direction_v1 EQ>}> : (!vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.bool_v1>
    %4 = "vhlo.broadcast_in_dim_v1"(%0) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %5 = "vhlo.call_v1"(%3, %4, %arg1) <{callee = #vhlo.string_v1<"_where_0">}> : (!vhlo.tensor_v1<8x!vhlo.bool_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %6 = "vhlo.remainder_v1"(%arg0, %5) : (!vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %7 = "vhlo.broadcast_in_dim_v1"(%1) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %8 = "vhlo.compare_v1"(%6, %7) <{compare_type = #vhlo<comparison_type_v1 SIGNED>, comparison_direction = #vhlo<comparison_direction_v1 NE>}> : (!vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.bool_v1>
    %9 = "vhlo.broadcast_in_dim_v1"(%1) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %10 = "vhlo.compare_v1"(%6, %9) <{compare_type = #vhlo<comparison_type_v1 SIGNED>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.bool_v1>
    %11 = "vhlo.broadcast_in_dim_v1"(%1) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %12 = "vhlo.compare_v1"(%5, %11) <{compare_type = #vhlo<comparison_type_v1 SIGNED>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.bool_v1>
    %13 = "vhlo.compare_v1"(%10, %12) <{compare_type = #vhlo<comparison_type_v1 UNSIGNED>, comparison_direction = #vhlo<comparison_direction_v1 NE>}> : (!vhlo.tensor_v1<8x!vhlo.bool_v1>, !vhlo.tensor_v1<8x!vhlo.bool_v1>) -> !vhlo.tensor_v1<8x!vhlo.bool_v1>
    %14 = "vhlo.and_v1"(%13, %8) : (!vhlo.tensor_v1<8x!vhlo.bool_v1>, !vhlo.tensor_v1<8x!vhlo.bool_v1>) -> !vhlo.tensor_v1<8x!vhlo.bool_v1>
    %15 = "vhlo.add_v1"(%6, %5) : (!vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    %16 = "vhlo.select_v1"(%14, %15, %6) : (!vhlo.tensor_v1<8x!vhlo.bool_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>, !vhlo.tensor_v1<8x!vhlo.i32_v1>) -> !vhlo.tensor_v1<8x!vhlo.i32_v1>
    "vhlo.return_v1"(%16) : (!vhlo.tensor_v1<8x!vhlo.i32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
}
