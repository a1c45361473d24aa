module @jit_complex128 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f64_v1>>) -> (!vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f64_v1>>, !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f64_v1>>, !vhlo.tensor_v1<2x3x!vhlo.f64_v1>, !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[[(2.500000e-01,-1.000000e+00)], [(2.000000e+00,5.000000e-01)]]> : tensor<2x1xcomplex<f64>>>}> : () -> !vhlo.tensor_v1<2x1x!vhlo.complex_v1<!vhlo.f64_v1>>
    %1 = "vhlo.broadcast_in_dim_v1"(%0) <{broadcast_dimensions = #vhlo.tensor_v1<dense<[0, 1]> : tensor<2xi64>>}> : (!vhlo.tensor_v1<2x1x!vhlo.complex_v1<!vhlo.f64_v1>>) -> !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f64_v1>>
    %2 = "vhlo.multiply_v1"(%arg0, %1) : (!vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f64_v1>>, !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f64_v1>>) -> !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f64_v1>>
    %3 = "vhlo.tanh_v2"(%arg0) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f64_v1>>) -> !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f64_v1>>
    %4 = "vhlo.real_v1"(%arg0) : (!vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f64_v1>>) -> !vhlo.tensor_v1<2x3x!vhlo.f64_v1>
    %5 = "vhlo.imag_v1"(%arg0) : (!vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f64_v1>>) -> !vhlo.tensor_v1<2x3x!vhlo.f64_v1>
    %6 = "vhlo.add_v1"(%4, %5) : (!vhlo.tensor_v1<2x3x!vhlo.f64_v1>, !vhlo.tensor_v1<2x3x!vhlo.f64_v1>) -> !vhlo.tensor_v1<2x3x!vhlo.f64_v1>
    %7 = "vhlo.convert_v1"(%arg0) : (!vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f64_v1>>) -> !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>
    "vhlo.return_v1"(%2, %3, %6, %7) : (!vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f64_v1>>, !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f64_v1>>, !vhlo.tensor_v1<2x3x!vhlo.f64_v1>, !vhlo.tensor_v1<2x3x!vhlo.complex_v1<!vhlo.f32_v1>>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[0]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[1]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[2]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[3]">}>]>, sym_visibility = #vhlo.string_v1<"public">}
}
