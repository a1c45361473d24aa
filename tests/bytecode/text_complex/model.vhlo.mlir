module {
  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tensor_v1<2x!vhlo.complex_v1<!vhlo.f64_v1>>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[(1.500000e+00,-2.000000e+00), (0x7FC00000,2.500000e-01)]> : tensor<2xcomplex<f32>>>}> : () -> !vhlo.tensor_v1<2x!vhlo.complex_v1<!vhlo.f32_v1>>
    %1 = "vhlo.complex_v1"(%arg0, %arg1) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.complex_v1<!vhlo.f32_v1>>
    %2 = "vhlo.multiply_v1"(%1, %0) : (!vhlo.tensor_v1<2x!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<2x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<2x!vhlo.complex_v1<!vhlo.f32_v1>>
    %3 = "vhlo.imag_v1"(%2) : (!vhlo.tensor_v1<2x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
    %4 = "vhlo.convert_v1"(%2) : (!vhlo.tensor_v1<2x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<2x!vhlo.complex_v1<!vhlo.f64_v1>>
    %5 = "vhlo.fft_v1"(%4) <{fft_length = #vhlo.tensor_v1<dense<2> : tensor<1xi64>>, fft_type = #vhlo<fft_type_v1 IFFT>}> : (!vhlo.tensor_v1<2x!vhlo.complex_v1<!vhlo.f64_v1>>) -> !vhlo.tensor_v1<2x!vhlo.complex_v1<!vhlo.f64_v1>>
    "vhlo.return_v1"(%3, %5) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tensor_v1<2x!vhlo.complex_v1<!vhlo.f64_v1>>) -> ()
  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"public">}
}
