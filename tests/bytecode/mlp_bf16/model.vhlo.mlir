module @jit_mlp_bf16 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<2x8x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<8x4x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x4x!vhlo.f32_v1>) {
    %0 = "vhlo.convert_v1"(%arg0) : (!vhlo.tensor_v1<2x8x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x8x!vhlo.bf16_v1>
    %1 = "vhlo.convert_v1"(%arg1) : (!vhlo.tensor_v1<8x4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<8x4x!vhlo.bf16_v1>
    %2 = "vhlo.dot_general_v2"(%0, %1) <{accumulation_type = #vhlo.type_v1<!vhlo.none_v1>, allow_imprecise_accumulation = #vhlo.type_v1<!vhlo.none_v1>, lhs_batching_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>, lhs_component_count = #vhlo.type_v1<!vhlo.none_v1>, lhs_contracting_dimensions = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>, lhs_precision_type = #vhlo.type_v1<!vhlo.none_v1>, num_primitive_operations = #vhlo.type_v1<!vhlo.none_v1>, precision_config = #vhlo.array_v1<[#vhlo<precision_v1 DEFAULT>, #vhlo<precision_v1 DEFAULT>]>, rhs_batching_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>, rhs_component_count = #vhlo.type_v1<!vhlo.none_v1>, rhs_contracting_dimensions = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, rhs_precision_type = #vhlo.type_v1<!vhlo.none_v1>}> : (!vhlo.tensor_v1<2x8x!vhlo.bf16_v1>, !vhlo.tensor_v1<8x4x!vhlo.bf16_v1>) -> !vhlo.tensor_v1<2x4x!vhlo.bf16_v1>
    %3 = "vhlo.call_v1"(%2) <{callee = #vhlo.string_v1<"relu">}> : (!vhlo.tensor_v1<2x4x!vhlo.bf16_v1>) -> !vhlo.tensor_v1<2x4x!vhlo.bf16_v1>
    %4 = "vhlo.convert_v1"(%3) : (!vhlo.tensor_v1<2x4x!vhlo.bf16_v1>) -> !vhlo.tensor_v1<2x4x!vhlo.f32_v1>
    "vhlo.return_v1"(%4) : (!vhlo.tensor_v1<2x4x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result">}>]>, sym_visibility = #vhlo.string_v1<"public">}
  vhlo.func_v1 @relu(%arg0: !vhlo.tensor_v1<2x4x!vhlo.bf16_v1>) -> (!vhlo.tensor_v1<2x4x!vhlo.bf16_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0.000000e+00> : tensor<bf16>>}> : () -> !vhlo.tensor_v1<!vhlo.bf16_v1>
    %1 = "vhlo.broadcast_in_dim_v1"(%0) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.bf16_v1>) -> !vhlo.tensor_v1<2x4x!vhlo.bf16_v1>
    %2 = "vhlo.maximum_v1"(%arg0, %1) : (!vhlo.tensor_v1<2x4x!vhlo.bf16_v1>, !vhlo.tensor_v1<2x4x!vhlo.bf16_v1>) -> !vhlo.tensor_v1<2x4x!vhlo.bf16_v1>
    "vhlo.return_v1"(%2) : (!vhlo.tensor_v1<2x4x!vhlo.bf16_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
}
