module @jit_call attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<3x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<3x!vhlo.f32_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<3.000000e+00> : tensor<f32>>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %1 = "vhlo.call_v1"(%arg0) <{callee = #vhlo.string_v1<"_inner">}> : (!vhlo.tensor_v1<3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x!vhlo.f32_v1>
    %2 = "vhlo.broadcast_in_dim_v1"(%0) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x!vhlo.f32_v1>
    %3 = "vhlo.multiply_v1"(%arg0, %2) : (!vhlo.tensor_v1<3x!vhlo.f32_v1>, !vhlo.tensor_v1<3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x!vhlo.f32_v1>
    %4 = "vhlo.call_v1"(%3) <{callee = #vhlo.string_v1<"_inner">}> : (!vhlo.tensor_v1<3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x!vhlo.f32_v1>
    %5 = "vhlo.add_v1"(%1, %4) : (!vhlo.tensor_v1<3x!vhlo.f32_v1>, !vhlo.tensor_v1<3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x!vhlo.f32_v1>
    "vhlo.return_v1"(%5) : (!vhlo.tensor_v1<3x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result">}>]>, sym_visibility = #vhlo.string_v1<"public">}
  vhlo.func_v1 @_inner(%arg0: !vhlo.tensor_v1<3x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<3x!vhlo.f32_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<2.000000e+00> : tensor<f32>>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %1 = "vhlo.tanh_v2"(%arg0) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x!vhlo.f32_v1>
    %2 = "vhlo.broadcast_in_dim_v1"(%0) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x!vhlo.f32_v1>
    %3 = "vhlo.multiply_v1"(%1, %2) : (!vhlo.tensor_v1<3x!vhlo.f32_v1>, !vhlo.tensor_v1<3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x!vhlo.f32_v1>
    "vhlo.return_v1"(%3) : (!vhlo.tensor_v1<3x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
}
