module @jit_dyn_slice attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<4x5x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<!vhlo.i32_v1>) -> (!vhlo.tensor_v1<4x5x!vhlo.f32_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.000000e+01> : tensor<f32>>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %1 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<5> : tensor<i32>>}> : () -> !vhlo.tensor_v1<!vhlo.i32_v1>
    %2 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<4> : tensor<i32>>}> : () -> !vhlo.tensor_v1<!vhlo.i32_v1>
    %3 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0> : tensor<i32>>}> : () -> !vhlo.tensor_v1<!vhlo.i32_v1>
    %4 = "vhlo.compare_v1"(%arg1, %3) <{compare_type = #vhlo<comparison_type_v1 SIGNED>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<!vhlo.i32_v1>, !vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
    %5 = "vhlo.add_v1"(%arg1, %2) : (!vhlo.tensor_v1<!vhlo.i32_v1>, !vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<!vhlo.i32_v1>
    %6 = "vhlo.select_v1"(%4, %5, %arg1) : (!vhlo.tensor_v1<!vhlo.bool_v1>, !vhlo.tensor_v1<!vhlo.i32_v1>, !vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<!vhlo.i32_v1>
    %7 = "vhlo.compare_v1"(%3, %3) <{compare_type = #vhlo<comparison_type_v1 SIGNED>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<!vhlo.i32_v1>, !vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
    %8 = "vhlo.add_v1"(%3, %1) : (!vhlo.tensor_v1<!vhlo.i32_v1>, !vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<!vhlo.i32_v1>
    %9 = "vhlo.select_v1"(%7, %8, %3) : (!vhlo.tensor_v1<!vhlo.bool_v1>, !vhlo.tensor_v1<!vhlo.i32_v1>, !vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<!vhlo.i32_v1>
    %10 = "vhlo.dynamic_slice_v1"(%arg0, %6, %9) <{slice_sizes = #vhlo.tensor_v1<dense<[2, 3]> : tensor<2xi64>>}> : (!vhlo.tensor_v1<4x5x!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.i32_v1>, !vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
    %11 = "vhlo.broadcast_in_dim_v1"(%0) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
    %12 = "vhlo.multiply_v1"(%10, %11) : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
    %13 = "vhlo.compare_v1"(%3, %3) <{compare_type = #vhlo<comparison_type_v1 SIGNED>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<!vhlo.i32_v1>, !vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
    %14 = "vhlo.add_v1"(%3, %2) : (!vhlo.tensor_v1<!vhlo.i32_v1>, !vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<!vhlo.i32_v1>
    %15 = "vhlo.select_v1"(%13, %14, %3) : (!vhlo.tensor_v1<!vhlo.bool_v1>, !vhlo.tensor_v1<!vhlo.i32_v1>, !vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<!vhlo.i32_v1>
    %16 = "vhlo.compare_v1"(%arg1, %3) <{compare_type = #vhlo<comparison_type_v1 SIGNED>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<!vhlo.i32_v1>, !vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
    %17 = "vhlo.add_v1"(%arg1, %1) : (!vhlo.tensor_v1<!vhlo.i32_v1>, !vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<!vhlo.i32_v1>
    %18 = "vhlo.select_v1"(%16, %17, %arg1) : (!vhlo.tensor_v1<!vhlo.bool_v1>, !vhlo.tensor_v1<!vhlo.i32_v1>, !vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<!vhlo.i32_v1>
    %19 = "vhlo.dynamic_update_slice_v1"(%arg0, %12, %15, %18) : (!vhlo.tensor_v1<4x5x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.i32_v1>, !vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<4x5x!vhlo.f32_v1>
    "vhlo.return_v1"(%19) : (!vhlo.tensor_v1<4x5x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result">}>]>, sym_visibility = #vhlo.string_v1<"public">}
}
