module @jit_scatter_add attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<5x3x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<4x!vhlo.i32_v1>, %arg2: !vhlo.tensor_v1<4x3x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<5x3x!vhlo.f32_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<5> : tensor<i32>>}> : () -> !vhlo.tensor_v1<!vhlo.i32_v1>
    %1 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0> : tensor<i32>>}> : () -> !vhlo.tensor_v1<!vhlo.i32_v1>
    %2 = "vhlo.broadcast_in_dim_v1"(%1) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<4x!vhlo.i32_v1>
    %3 = "vhlo.compare_v1"(%arg1, %2) <{compare_type = #vhlo<comparison_type_v1 SIGNED>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<4x!vhlo.i32_v1>, !vhlo.tensor_v1<4x!vhlo.i32_v1>) -> !vhlo.tensor_v1<4x!vhlo.bool_v1>
    %4 = "vhlo.broadcast_in_dim_v1"(%0) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<4x!vhlo.i32_v1>
    %5 = "vhlo.add_v1"(%arg1, %4) : (!vhlo.tensor_v1<4x!vhlo.i32_v1>, !vhlo.tensor_v1<4x!vhlo.i32_v1>) -> !vhlo.tensor_v1<4x!vhlo.i32_v1>
    %6 = "vhlo.select_v1"(%3, %5, %arg1) : (!vhlo.tensor_v1<4x!vhlo.bool_v1>, !vhlo.tensor_v1<4x!vhlo.i32_v1>, !vhlo.tensor_v1<4x!vhlo.i32_v1>) -> !vhlo.tensor_v1<4x!vhlo.i32_v1>
    %7 = "vhlo.broadcast_in_dim_v1"(%6) <{broadcast_dimensions = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>}> : (!vhlo.tensor_v1<4x!vhlo.i32_v1>) -> !vhlo.tensor_v1<4x1x!vhlo.i32_v1>
    %8 = "vhlo.scatter_v2"(%arg0, %7, %arg2) <{index_vector_dim = #vhlo.integer_v1<1 : i64>, indices_are_sorted = #vhlo.bool_v1<false>, input_batching_dims = #vhlo.tensor_v1<dense<> : tensor<0xi64>>, inserted_window_dims = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, scatter_dims_to_operand_dims = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, scatter_indices_batching_dims = #vhlo.tensor_v1<dense<> : tensor<0xi64>>, unique_indices = #vhlo.bool_v1<false>, update_window_dims = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>}> ({
    ^bb0(%arg3: !vhlo.tensor_v1<!vhlo.f32_v1>, %arg4: !vhlo.tensor_v1<!vhlo.f32_v1>):
      %9 = "vhlo.add_v1"(%arg3, %arg4) : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
      "vhlo.return_v1"(%9) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
    }) : (!vhlo.tensor_v1<5x3x!vhlo.f32_v1>, !vhlo.tensor_v1<4x1x!vhlo.i32_v1>, !vhlo.tensor_v1<4x3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<5x3x!vhlo.f32_v1>
    "vhlo.return_v1"(%8) : (!vhlo.tensor_v1<5x3x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result">}>]>, sym_visibility = #vhlo.string_v1<"public">}
}
