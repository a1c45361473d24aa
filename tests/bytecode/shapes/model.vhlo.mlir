module @jit_shapes attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<3x4x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<6x4x!vhlo.f32_v1>, !vhlo.tensor_v1<2x2x!vhlo.f32_v1>, !vhlo.tensor_v1<3x4x!vhlo.f32_v1>, !vhlo.tensor_v1<4x3x!vhlo.f32_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0> : tensor<i64>>}> : () -> !vhlo.tensor_v1<!vhlo.i64_v1>
    %1 = "vhlo.call_v1"(%arg0, %0) <{callee = #vhlo.string_v1<"_pad">}> : (!vhlo.tensor_v1<3x4x!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.i64_v1>) -> !vhlo.tensor_v1<4x6x!vhlo.f32_v1>
    %2 = "vhlo.reverse_v1"(%arg0) <{dimensions = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>}> : (!vhlo.tensor_v1<3x4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x4x!vhlo.f32_v1>
    %3 = "vhlo.concatenate_v1"(%arg0, %2) <{dimension = #vhlo.integer_v1<0 : i64>}> : (!vhlo.tensor_v1<3x4x!vhlo.f32_v1>, !vhlo.tensor_v1<3x4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<6x4x!vhlo.f32_v1>
    %4 = "vhlo.transpose_v1"(%1) <{permutation = #vhlo.tensor_v1<dense<[1, 0]> : tensor<2xi64>>}> : (!vhlo.tensor_v1<4x6x!vhlo.f32_v1>) -> !vhlo.tensor_v1<6x4x!vhlo.f32_v1>
    %5 = "vhlo.slice_v1"(%3) <{limit_indices = #vhlo.tensor_v1<dense<[5, 4]> : tensor<2xi64>>, start_indices = #vhlo.tensor_v1<dense<[1, 0]> : tensor<2xi64>>, strides = #vhlo.tensor_v1<dense<2> : tensor<2xi64>>}> : (!vhlo.tensor_v1<6x4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x2x!vhlo.f32_v1>
    %6 = "vhlo.reverse_v1"(%arg0) <{dimensions = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>}> : (!vhlo.tensor_v1<3x4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x4x!vhlo.f32_v1>
    %7 = "vhlo.reshape_v1"(%arg0) : (!vhlo.tensor_v1<3x4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x3x!vhlo.f32_v1>
    "vhlo.return_v1"(%4, %5, %6, %7) : (!vhlo.tensor_v1<6x4x!vhlo.f32_v1>, !vhlo.tensor_v1<2x2x!vhlo.f32_v1>, !vhlo.tensor_v1<3x4x!vhlo.f32_v1>, !vhlo.tensor_v1<4x3x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[0]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[1]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[2]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[3]">}>]>, sym_visibility = #vhlo.string_v1<"public">}
  vhlo.func_v1 @_pad(%arg0: !vhlo.tensor_v1<3x4x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<!vhlo.i64_v1>) -> (!vhlo.tensor_v1<4x6x!vhlo.f32_v1>) {
    %0 = "vhlo.convert_v1"(%arg1) : (!vhlo.tensor_v1<!vhlo.i64_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %1 = "vhlo.pad_v1"(%arg0, %0) <{edge_padding_high = #vhlo.tensor_v1<dense<[0, 2]> : tensor<2xi64>>, edge_padding_low = #vhlo.tensor_v1<dense<[1, 0]> : tensor<2xi64>>, interior_padding = #vhlo.tensor_v1<dense<0> : tensor<2xi64>>}> : (!vhlo.tensor_v1<3x4x!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x6x!vhlo.f32_v1>
    "vhlo.return_v1"(%1) : (!vhlo.tensor_v1<4x6x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
}
