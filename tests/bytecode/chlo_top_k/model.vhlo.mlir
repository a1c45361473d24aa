module @jit_chlo_top_k attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<4x9x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<2x6x!vhlo.i32_v1>) -> (!vhlo.tensor_v1<4x3x!vhlo.f32_v1>, !vhlo.tensor_v1<4x3x!vhlo.i32_v1>, !vhlo.tensor_v1<2x2x!vhlo.i32_v1>, !vhlo.tensor_v1<2x2x!vhlo.i32_v1>) {
    %0:2 = "vhlo.composite_v2"(%arg0) <{composite_attributes = #vhlo.dict_v1<{#vhlo.string_v1<"k"> = #vhlo.integer_v1<3 : i64>}>, decomposition = #vhlo.string_v1<"chlo.top_k.impl">, name = #vhlo.string_v1<"chlo.top_k">, version = #vhlo.integer_v1<1 : i32>}> : (!vhlo.tensor_v1<4x9x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<4x3x!vhlo.f32_v1>, !vhlo.tensor_v1<4x3x!vhlo.i32_v1>)
    %1:2 = "vhlo.composite_v2"(%arg1) <{composite_attributes = #vhlo.dict_v1<{#vhlo.string_v1<"k"> = #vhlo.integer_v1<2 : i64>}>, decomposition = #vhlo.string_v1<"chlo.top_k.impl_0">, name = #vhlo.string_v1<"chlo.top_k">, version = #vhlo.integer_v1<1 : i32>}> : (!vhlo.tensor_v1<2x6x!vhlo.i32_v1>) -> (!vhlo.tensor_v1<2x2x!vhlo.i32_v1>, !vhlo.tensor_v1<2x2x!vhlo.i32_v1>)
    "vhlo.return_v1"(%0#0, %0#1, %1#0, %1#1) : (!vhlo.tensor_v1<4x3x!vhlo.f32_v1>, !vhlo.tensor_v1<4x3x!vhlo.i32_v1>, !vhlo.tensor_v1<2x2x!vhlo.i32_v1>, !vhlo.tensor_v1<2x2x!vhlo.i32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[0]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[1]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[2]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[3]">}>]>, sym_visibility = #vhlo.string_v1<"public">}
  vhlo.func_v1 @chlo.top_k.impl_0(%arg0: !vhlo.tensor_v1<2x6x!vhlo.i32_v1>) -> (!vhlo.tensor_v1<2x2x!vhlo.i32_v1>, !vhlo.tensor_v1<2x2x!vhlo.i32_v1>) {
    %0 = "vhlo.iota_v1"() <{iota_dimension = #vhlo.integer_v1<1 : i64>}> : () -> !vhlo.tensor_v1<2x6x!vhlo.i32_v1>
    %1:2 = "vhlo.sort_v1"(%arg0, %0) <{dimension = #vhlo.integer_v1<1 : i64>, is_stable = #vhlo.bool_v1<true>}> ({
    ^bb0(%arg1: !vhlo.tensor_v1<!vhlo.i32_v1>, %arg2: !vhlo.tensor_v1<!vhlo.i32_v1>, %arg3: !vhlo.tensor_v1<!vhlo.i32_v1>, %arg4: !vhlo.tensor_v1<!vhlo.i32_v1>):
      %4 = "vhlo.compare_v1"(%arg1, %arg2) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 GT>}> : (!vhlo.tensor_v1<!vhlo.i32_v1>, !vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
      "vhlo.return_v1"(%4) : (!vhlo.tensor_v1<!vhlo.bool_v1>) -> ()
    }) : (!vhlo.tensor_v1<2x6x!vhlo.i32_v1>, !vhlo.tensor_v1<2x6x!vhlo.i32_v1>) -> (!vhlo.tensor_v1<2x6x!vhlo.i32_v1>, !vhlo.tensor_v1<2x6x!vhlo.i32_v1>)
    %2 = "vhlo.slice_v1"(%1#0) <{limit_indices = #vhlo.tensor_v1<dense<2> : tensor<2xi64>>, start_indices = #vhlo.tensor_v1<dense<0> : tensor<2xi64>>, strides = #vhlo.tensor_v1<dense<1> : tensor<2xi64>>}> : (!vhlo.tensor_v1<2x6x!vhlo.i32_v1>) -> !vhlo.tensor_v1<2x2x!vhlo.i32_v1>
    %3 = "vhlo.slice_v1"(%1#1) <{limit_indices = #vhlo.tensor_v1<dense<2> : tensor<2xi64>>, start_indices = #vhlo.tensor_v1<dense<0> : tensor<2xi64>>, strides = #vhlo.tensor_v1<dense<1> : tensor<2xi64>>}> : (!vhlo.tensor_v1<2x6x!vhlo.i32_v1>) -> !vhlo.tensor_v1<2x2x!vhlo.i32_v1>
    "vhlo.return_v1"(%2, %3) : (!vhlo.tensor_v1<2x2x!vhlo.i32_v1>, !vhlo.tensor_v1<2x2x!vhlo.i32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
  vhlo.func_v1 @chlo.top_k.impl(%arg0: !vhlo.tensor_v1<4x9x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<4x3x!vhlo.f32_v1>, !vhlo.tensor_v1<4x3x!vhlo.i32_v1>) {
    %0 = "vhlo.iota_v1"() <{iota_dimension = #vhlo.integer_v1<1 : i64>}> : () -> !vhlo.tensor_v1<4x9x!vhlo.i32_v1>
    %1:2 = "vhlo.sort_v1"(%arg0, %0) <{dimension = #vhlo.integer_v1<1 : i64>, is_stable = #vhlo.bool_v1<true>}> ({
    ^bb0(%arg1: !vhlo.tensor_v1<!vhlo.f32_v1>, %arg2: !vhlo.tensor_v1<!vhlo.f32_v1>, %arg3: !vhlo.tensor_v1<!vhlo.i32_v1>, %arg4: !vhlo.tensor_v1<!vhlo.i32_v1>):
      %4 = "vhlo.compare_v1"(%arg1, %arg2) <{compare_type = #vhlo<comparison_type_v1 TOTALORDER>, comparison_direction = #vhlo<comparison_direction_v1 GT>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
      "vhlo.return_v1"(%4) : (!vhlo.tensor_v1<!vhlo.bool_v1>) -> ()
    }) : (!vhlo.tensor_v1<4x9x!vhlo.f32_v1>, !vhlo.tensor_v1<4x9x!vhlo.i32_v1>) -> (!vhlo.tensor_v1<4x9x!vhlo.f32_v1>, !vhlo.tensor_v1<4x9x!vhlo.i32_v1>)
    %2 = "vhlo.slice_v1"(%1#0) <{limit_indices = #vhlo.tensor_v1<dense<[4, 3]> : tensor<2xi64>>, start_indices = #vhlo.tensor_v1<dense<0> : tensor<2xi64>>, strides = #vhlo.tensor_v1<dense<1> : tensor<2xi64>>}> : (!vhlo.tensor_v1<4x9x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x3x!vhlo.f32_v1>
    %3 = "vhlo.slice_v1"(%1#1) <{limit_indices = #vhlo.tensor_v1<dense<[4, 3]> : tensor<2xi64>>, start_indices = #vhlo.tensor_v1<dense<0> : tensor<2xi64>>, strides = #vhlo.tensor_v1<dense<1> : tensor<2xi64>>}> : (!vhlo.tensor_v1<4x9x!vhlo.i32_v1>) -> !vhlo.tensor_v1<4x3x!vhlo.i32_v1>
    "vhlo.return_v1"(%2, %3) : (!vhlo.tensor_v1<4x3x!vhlo.f32_v1>, !vhlo.tensor_v1<4x3x!vhlo.i32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
}
