module @jit_constant_use attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<5.000000e-01> : tensor<f32>>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %1 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>>}> : () -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
    %2 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[[true, false, true], [false, true, true]]> : tensor<2x3xi1>>}> : () -> !vhlo.tensor_v1<2x3x!vhlo.bool_v1>
    %3 = "vhlo.multiply_v1"(%arg0, %1) : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
    %4 = "vhlo.broadcast_in_dim_v1"(%0) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
    %5 = "vhlo.add_v1"(%arg0, %4) : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
    %6 = "vhlo.call_v1"(%2, %3, %5) <{callee = #vhlo.string_v1<"_where">}> : (!vhlo.tensor_v1<2x3x!vhlo.bool_v1>, !vhlo.tensor_v1<2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
    "vhlo.return_v1"(%6) : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result">}>]>, sym_visibility = #vhlo.string_v1<"public">}
  vhlo.func_v1 @_where(%arg0: !vhlo.tensor_v1<2x3x!vhlo.bool_v1>, %arg1: !vhlo.tensor_v1<2x3x!vhlo.f32_v1>, %arg2: !vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>) {
    %0 = "vhlo.select_v1"(%arg0, %arg1, %arg2) : (!vhlo.tensor_v1<2x3x!vhlo.bool_v1>, !vhlo.tensor_v1<2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
    "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
}
