module @jit_gather attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<5x4x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<3x!vhlo.i32_v1>) -> (!vhlo.tensor_v1<3x2x!vhlo.f32_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1> : tensor<i32>>}> : () -> !vhlo.tensor_v1<!vhlo.i32_v1>
    %1 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<5> : tensor<i32>>}> : () -> !vhlo.tensor_v1<!vhlo.i32_v1>
    %2 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0> : tensor<i32>>}> : () -> !vhlo.tensor_v1<!vhlo.i32_v1>
    %3 = "vhlo.broadcast_in_dim_v1"(%2) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<3x!vhlo.i32_v1>
    %4 = "vhlo.compare_v1"(%arg1, %3) <{compare_type = #vhlo<comparison_type_v1 SIGNED>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<3x!vhlo.i32_v1>, !vhlo.tensor_v1<3x!vhlo.i32_v1>) -> !vhlo.tensor_v1<3x!vhlo.bool_v1>
    %5 = "vhlo.broadcast_in_dim_v1"(%1) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<3x!vhlo.i32_v1>
    %6 = "vhlo.add_v1"(%arg1, %5) : (!vhlo.tensor_v1<3x!vhlo.i32_v1>, !vhlo.tensor_v1<3x!vhlo.i32_v1>) -> !vhlo.tensor_v1<3x!vhlo.i32_v1>
    %7 = "vhlo.select_v1"(%4, %6, %arg1) : (!vhlo.tensor_v1<3x!vhlo.bool_v1>, !vhlo.tensor_v1<3x!vhlo.i32_v1>, !vhlo.tensor_v1<3x!vhlo.i32_v1>) -> !vhlo.tensor_v1<3x!vhlo.i32_v1>
    %8 = "vhlo.broadcast_in_dim_v1"(%7) <{broadcast_dimensions = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>}> : (!vhlo.tensor_v1<3x!vhlo.i32_v1>) -> !vhlo.tensor_v1<3x1x!vhlo.i32_v1>
    %9 = "vhlo.broadcast_in_dim_v1"(%0) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<3x1x!vhlo.i32_v1>
    %10 = "vhlo.concatenate_v1"(%8, %9) <{dimension = #vhlo.integer_v1<1 : i64>}> : (!vhlo.tensor_v1<3x1x!vhlo.i32_v1>, !vhlo.tensor_v1<3x1x!vhlo.i32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.i32_v1>
    %11 = "vhlo.gather_v2"(%arg0, %10) <{collapsed_slice_dims = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, index_vector_dim = #vhlo.integer_v1<1 : i64>, indices_are_sorted = #vhlo.bool_v1<false>, offset_dims = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>, operand_batching_dims = #vhlo.tensor_v1<dense<> : tensor<0xi64>>, slice_sizes = #vhlo.tensor_v1<dense<[1, 2]> : tensor<2xi64>>, start_index_map = #vhlo.tensor_v1<dense<[0, 1]> : tensor<2xi64>>, start_indices_batching_dims = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<5x4x!vhlo.f32_v1>, !vhlo.tensor_v1<3x2x!vhlo.i32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.f32_v1>
    "vhlo.return_v1"(%11) : (!vhlo.tensor_v1<3x2x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result">}>]>, sym_visibility = #vhlo.string_v1<"public">}
}
