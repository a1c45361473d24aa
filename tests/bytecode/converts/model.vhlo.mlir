module @jit_converts attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<6x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<6x!vhlo.i32_v1>, !vhlo.tensor_v1<6x!vhlo.f16_v1>, !vhlo.tensor_v1<6x!vhlo.bf16_v1>, !vhlo.tensor_v1<6x!vhlo.ui8_v1>, !vhlo.tensor_v1<6x!vhlo.f64_v1>, !vhlo.tensor_v1<6x!vhlo.f32_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0.000000e+00> : tensor<f32>>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %1 = "vhlo.convert_v1"(%arg0) : (!vhlo.tensor_v1<6x!vhlo.f32_v1>) -> !vhlo.tensor_v1<6x!vhlo.i32_v1>
    %2 = "vhlo.convert_v1"(%arg0) : (!vhlo.tensor_v1<6x!vhlo.f32_v1>) -> !vhlo.tensor_v1<6x!vhlo.f16_v1>
    %3 = "vhlo.convert_v1"(%arg0) : (!vhlo.tensor_v1<6x!vhlo.f32_v1>) -> !vhlo.tensor_v1<6x!vhlo.bf16_v1>
    %4 = "vhlo.convert_v1"(%arg0) : (!vhlo.tensor_v1<6x!vhlo.f32_v1>) -> !vhlo.tensor_v1<6x!vhlo.ui8_v1>
    %5 = "vhlo.convert_v1"(%arg0) : (!vhlo.tensor_v1<6x!vhlo.f32_v1>) -> !vhlo.tensor_v1<6x!vhlo.f64_v1>
    %6 = "vhlo.broadcast_in_dim_v1"(%0) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<6x!vhlo.f32_v1>
    %7 = "vhlo.compare_v1"(%arg0, %6) <{compare_type = #vhlo<comparison_type_v1 FLOAT>, comparison_direction = #vhlo<comparison_direction_v1 GT>}> : (!vhlo.tensor_v1<6x!vhlo.f32_v1>, !vhlo.tensor_v1<6x!vhlo.f32_v1>) -> !vhlo.tensor_v1<6x!vhlo.bool_v1>
    %8 = "vhlo.convert_v1"(%7) : (!vhlo.tensor_v1<6x!vhlo.bool_v1>) -> !vhlo.tensor_v1<6x!vhlo.f32_v1>
    "vhlo.return_v1"(%1, %2, %3, %4, %5, %8) : (!vhlo.tensor_v1<6x!vhlo.i32_v1>, !vhlo.tensor_v1<6x!vhlo.f16_v1>, !vhlo.tensor_v1<6x!vhlo.bf16_v1>, !vhlo.tensor_v1<6x!vhlo.ui8_v1>, !vhlo.tensor_v1<6x!vhlo.f64_v1>, !vhlo.tensor_v1<6x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[0]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[1]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[2]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[3]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[4]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[5]">}>]>, sym_visibility = #vhlo.string_v1<"public">}
}
