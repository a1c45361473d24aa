module @jit_misc_math attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<6x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<6x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<6x!vhlo.f32_v1>, !vhlo.tensor_v1<6x!vhlo.f32_v1>, !vhlo.tensor_v1<6x!vhlo.f32_v1>, !vhlo.tensor_v1<6x!vhlo.f32_v1>, !vhlo.tensor_v1<6x!vhlo.f32_v1>, !vhlo.tensor_v1<6x!vhlo.bool_v1>, !vhlo.tensor_v1<6x!vhlo.f32_v1>, !vhlo.tensor_v1<6x!vhlo.f32_v1>, !vhlo.tensor_v1<6x!vhlo.f32_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-5.000000e-01> : tensor<f64>>}> : () -> !vhlo.tensor_v1<!vhlo.f64_v1>
    %1 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<5.000000e-01> : tensor<f64>>}> : () -> !vhlo.tensor_v1<!vhlo.f64_v1>
    %2 = "vhlo.call_v1"(%arg0, %0, %1) <{callee = #vhlo.string_v1<"clip">}> : (!vhlo.tensor_v1<6x!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f64_v1>, !vhlo.tensor_v1<!vhlo.f64_v1>) -> !vhlo.tensor_v1<6x!vhlo.f32_v1>
    %3 = "vhlo.call_v1"(%arg0) <{callee = #vhlo.string_v1<"round">}> : (!vhlo.tensor_v1<6x!vhlo.f32_v1>) -> !vhlo.tensor_v1<6x!vhlo.f32_v1>
    %4 = "vhlo.sign_v1"(%arg0) : (!vhlo.tensor_v1<6x!vhlo.f32_v1>) -> !vhlo.tensor_v1<6x!vhlo.f32_v1>
    %5 = "vhlo.floor_v1"(%arg0) : (!vhlo.tensor_v1<6x!vhlo.f32_v1>) -> !vhlo.tensor_v1<6x!vhlo.f32_v1>
    %6 = "vhlo.ceil_v1"(%arg0) : (!vhlo.tensor_v1<6x!vhlo.f32_v1>) -> !vhlo.tensor_v1<6x!vhlo.f32_v1>
    %7 = "vhlo.divide_v1"(%arg0, %arg1) : (!vhlo.tensor_v1<6x!vhlo.f32_v1>, !vhlo.tensor_v1<6x!vhlo.f32_v1>) -> !vhlo.tensor_v1<6x!vhlo.f32_v1>
    %8 = "vhlo.is_finite_v1"(%7) : (!vhlo.tensor_v1<6x!vhlo.f32_v1>) -> !vhlo.tensor_v1<6x!vhlo.bool_v1>
    %9 = "vhlo.atan2_v1"(%arg0, %arg1) : (!vhlo.tensor_v1<6x!vhlo.f32_v1>, !vhlo.tensor_v1<6x!vhlo.f32_v1>) -> !vhlo.tensor_v1<6x!vhlo.f32_v1>
    %10 = "vhlo.abs_v1"(%arg0) : (!vhlo.tensor_v1<6x!vhlo.f32_v1>) -> !vhlo.tensor_v1<6x!vhlo.f32_v1>
    %11 = "vhlo.power_v1"(%10, %arg1) : (!vhlo.tensor_v1<6x!vhlo.f32_v1>, !vhlo.tensor_v1<6x!vhlo.f32_v1>) -> !vhlo.tensor_v1<6x!vhlo.f32_v1>
    %12 = "vhlo.round_nearest_even_v1"(%arg0) : (!vhlo.tensor_v1<6x!vhlo.f32_v1>) -> !vhlo.tensor_v1<6x!vhlo.f32_v1>
    "vhlo.return_v1"(%2, %3, %4, %5, %6, %8, %9, %11, %12) : (!vhlo.tensor_v1<6x!vhlo.f32_v1>, !vhlo.tensor_v1<6x!vhlo.f32_v1>, !vhlo.tensor_v1<6x!vhlo.f32_v1>, !vhlo.tensor_v1<6x!vhlo.f32_v1>, !vhlo.tensor_v1<6x!vhlo.f32_v1>, !vhlo.tensor_v1<6x!vhlo.bool_v1>, !vhlo.tensor_v1<6x!vhlo.f32_v1>, !vhlo.tensor_v1<6x!vhlo.f32_v1>, !vhlo.tensor_v1<6x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[0]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[1]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[2]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[3]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[4]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[5]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[6]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[7]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[8]">}>]>, sym_visibility = #vhlo.string_v1<"public">}
  vhlo.func_v1 @clip(%arg0: !vhlo.tensor_v1<6x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<!vhlo.f64_v1>, %arg2: !vhlo.tensor_v1<!vhlo.f64_v1>) -> (!vhlo.tensor_v1<6x!vhlo.f32_v1>) {
    %0 = "vhlo.convert_v1"(%arg1) : (!vhlo.tensor_v1<!vhlo.f64_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %1 = "vhlo.broadcast_in_dim_v1"(%0) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<6x!vhlo.f32_v1>
    %2 = "vhlo.maximum_v1"(%1, %arg0) : (!vhlo.tensor_v1<6x!vhlo.f32_v1>, !vhlo.tensor_v1<6x!vhlo.f32_v1>) -> !vhlo.tensor_v1<6x!vhlo.f32_v1>
    %3 = "vhlo.convert_v1"(%arg2) : (!vhlo.tensor_v1<!vhlo.f64_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %4 = "vhlo.broadcast_in_dim_v1"(%3) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<6x!vhlo.f32_v1>
    %5 = "vhlo.minimum_v1"(%4, %2) : (!vhlo.tensor_v1<6x!vhlo.f32_v1>, !vhlo.tensor_v1<6x!vhlo.f32_v1>) -> !vhlo.tensor_v1<6x!vhlo.f32_v1>
    "vhlo.return_v1"(%5) : (!vhlo.tensor_v1<6x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
  vhlo.func_v1 @round(%arg0: !vhlo.tensor_v1<6x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<6x!vhlo.f32_v1>) {
    %0 = "vhlo.round_nearest_even_v1"(%arg0) : (!vhlo.tensor_v1<6x!vhlo.f32_v1>) -> !vhlo.tensor_v1<6x!vhlo.f32_v1>
    "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<6x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
}
