module @jit_fft attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<4x12x!vhlo.complex_v1<!vhlo.f32_v1>>, %arg1: !vhlo.tensor_v1<3x13x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<4x12x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<4x12x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<3x7x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<3x13x!vhlo.f32_v1>, !vhlo.tensor_v1<2x4x6x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<4x11x!vhlo.complex_v1<!vhlo.f32_v1>>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0> : tensor<i64>>}> : () -> !vhlo.tensor_v1<!vhlo.i64_v1>
    %1 = "vhlo.call_v1"(%arg0) <{callee = #vhlo.string_v1<"fft">}> : (!vhlo.tensor_v1<4x12x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<4x12x!vhlo.complex_v1<!vhlo.f32_v1>>
    %2 = "vhlo.call_v1"(%arg0) <{callee = #vhlo.string_v1<"fft_0">}> : (!vhlo.tensor_v1<4x12x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<4x12x!vhlo.complex_v1<!vhlo.f32_v1>>
    %3 = "vhlo.call_v1"(%arg1) <{callee = #vhlo.string_v1<"fft_1">}> : (!vhlo.tensor_v1<3x13x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x7x!vhlo.complex_v1<!vhlo.f32_v1>>
    %4 = "vhlo.call_v1"(%arg1) <{callee = #vhlo.string_v1<"fft_1">}> : (!vhlo.tensor_v1<3x13x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x7x!vhlo.complex_v1<!vhlo.f32_v1>>
    %5 = "vhlo.call_v1"(%4, %0) <{callee = #vhlo.string_v1<"_pad">}> : (!vhlo.tensor_v1<3x7x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<!vhlo.i64_v1>) -> !vhlo.tensor_v1<3x7x!vhlo.complex_v1<!vhlo.f32_v1>>
    %6 = "vhlo.call_v1"(%5) <{callee = #vhlo.string_v1<"fft_2">}> : (!vhlo.tensor_v1<3x7x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<3x13x!vhlo.f32_v1>
    %7 = "vhlo.reshape_v1"(%arg0) : (!vhlo.tensor_v1<4x12x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<2x4x6x!vhlo.complex_v1<!vhlo.f32_v1>>
    %8 = "vhlo.call_v1"(%7) <{callee = #vhlo.string_v1<"fft_3">}> : (!vhlo.tensor_v1<2x4x6x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<2x4x6x!vhlo.complex_v1<!vhlo.f32_v1>>
    %9 = "vhlo.slice_v1"(%arg0) <{limit_indices = #vhlo.tensor_v1<dense<[4, 11]> : tensor<2xi64>>, start_indices = #vhlo.tensor_v1<dense<0> : tensor<2xi64>>, strides = #vhlo.tensor_v1<dense<1> : tensor<2xi64>>}> : (!vhlo.tensor_v1<4x12x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<4x11x!vhlo.complex_v1<!vhlo.f32_v1>>
    %10 = "vhlo.call_v1"(%9) <{callee = #vhlo.string_v1<"fft_4">}> : (!vhlo.tensor_v1<4x11x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<4x11x!vhlo.complex_v1<!vhlo.f32_v1>>
    "vhlo.return_v1"(%1, %2, %3, %6, %8, %10) : (!vhlo.tensor_v1<4x12x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<4x12x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<3x7x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<3x13x!vhlo.f32_v1>, !vhlo.tensor_v1<2x4x6x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<4x11x!vhlo.complex_v1<!vhlo.f32_v1>>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[0]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[1]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[2]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[3]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[4]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[5]">}>]>, sym_visibility = #vhlo.string_v1<"public">}
  vhlo.func_v1 @fft(%arg0: !vhlo.tensor_v1<4x12x!vhlo.complex_v1<!vhlo.f32_v1>>) -> (!vhlo.tensor_v1<4x12x!vhlo.complex_v1<!vhlo.f32_v1>>) {
    %0 = "vhlo.fft_v1"(%arg0) <{fft_length = #vhlo.tensor_v1<dense<12> : tensor<1xi64>>, fft_type = #vhlo<fft_type_v1 FFT>}> : (!vhlo.tensor_v1<4x12x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<4x12x!vhlo.complex_v1<!vhlo.f32_v1>>
    "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<4x12x!vhlo.complex_v1<!vhlo.f32_v1>>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
  vhlo.func_v1 @fft_0(%arg0: !vhlo.tensor_v1<4x12x!vhlo.complex_v1<!vhlo.f32_v1>>) -> (!vhlo.tensor_v1<4x12x!vhlo.complex_v1<!vhlo.f32_v1>>) {
    %0 = "vhlo.fft_v1"(%arg0) <{fft_length = #vhlo.tensor_v1<dense<12> : tensor<1xi64>>, fft_type = #vhlo<fft_type_v1 IFFT>}> : (!vhlo.tensor_v1<4x12x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<4x12x!vhlo.complex_v1<!vhlo.f32_v1>>
    "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<4x12x!vhlo.complex_v1<!vhlo.f32_v1>>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
  vhlo.func_v1 @fft_1(%arg0: !vhlo.tensor_v1<3x13x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<3x7x!vhlo.complex_v1<!vhlo.f32_v1>>) {
    %0 = "vhlo.fft_v1"(%arg0) <{fft_length = #vhlo.tensor_v1<dense<13> : tensor<1xi64>>, fft_type = #vhlo<fft_type_v1 RFFT>}> : (!vhlo.tensor_v1<3x13x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x7x!vhlo.complex_v1<!vhlo.f32_v1>>
    "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<3x7x!vhlo.complex_v1<!vhlo.f32_v1>>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
  vhlo.func_v1 @_pad(%arg0: !vhlo.tensor_v1<3x7x!vhlo.complex_v1<!vhlo.f32_v1>>, %arg1: !vhlo.tensor_v1<!vhlo.i64_v1>) -> (!vhlo.tensor_v1<3x7x!vhlo.complex_v1<!vhlo.f32_v1>>) {
    %0 = "vhlo.convert_v1"(%arg1) : (!vhlo.tensor_v1<!vhlo.i64_v1>) -> !vhlo.tensor_v1<!vhlo.complex_v1<!vhlo.f32_v1>>
    %1 = "vhlo.pad_v1"(%arg0, %0) <{edge_padding_high = #vhlo.tensor_v1<dense<0> : tensor<2xi64>>, edge_padding_low = #vhlo.tensor_v1<dense<0> : tensor<2xi64>>, interior_padding = #vhlo.tensor_v1<dense<0> : tensor<2xi64>>}> : (!vhlo.tensor_v1<3x7x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<3x7x!vhlo.complex_v1<!vhlo.f32_v1>>
    "vhlo.return_v1"(%1) : (!vhlo.tensor_v1<3x7x!vhlo.complex_v1<!vhlo.f32_v1>>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
  vhlo.func_v1 @fft_2(%arg0: !vhlo.tensor_v1<3x7x!vhlo.complex_v1<!vhlo.f32_v1>>) -> (!vhlo.tensor_v1<3x13x!vhlo.f32_v1>) {
    %0 = "vhlo.fft_v1"(%arg0) <{fft_length = #vhlo.tensor_v1<dense<13> : tensor<1xi64>>, fft_type = #vhlo<fft_type_v1 IRFFT>}> : (!vhlo.tensor_v1<3x7x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<3x13x!vhlo.f32_v1>
    "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<3x13x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
  vhlo.func_v1 @fft_3(%arg0: !vhlo.tensor_v1<2x4x6x!vhlo.complex_v1<!vhlo.f32_v1>>) -> (!vhlo.tensor_v1<2x4x6x!vhlo.complex_v1<!vhlo.f32_v1>>) {
    %0 = "vhlo.fft_v1"(%arg0) <{fft_length = #vhlo.tensor_v1<dense<[4, 6]> : tensor<2xi64>>, fft_type = #vhlo<fft_type_v1 FFT>}> : (!vhlo.tensor_v1<2x4x6x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<2x4x6x!vhlo.complex_v1<!vhlo.f32_v1>>
    "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<2x4x6x!vhlo.complex_v1<!vhlo.f32_v1>>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
  vhlo.func_v1 @fft_4(%arg0: !vhlo.tensor_v1<4x11x!vhlo.complex_v1<!vhlo.f32_v1>>) -> (!vhlo.tensor_v1<4x11x!vhlo.complex_v1<!vhlo.f32_v1>>) {
    %0 = "vhlo.fft_v1"(%arg0) <{fft_length = #vhlo.tensor_v1<dense<[4, 11]> : tensor<2xi64>>, fft_type = #vhlo<fft_type_v1 FFT>}> : (!vhlo.tensor_v1<4x11x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<4x11x!vhlo.complex_v1<!vhlo.f32_v1>>
    "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<4x11x!vhlo.complex_v1<!vhlo.f32_v1>>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
}
