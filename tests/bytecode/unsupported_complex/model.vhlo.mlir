module {
  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>) {
    %0 = "vhlo.complex_v1"(%arg0, %arg1) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.complex_v1<!vhlo.f32_v1>>
    %1 = "vhlo.real_v1"(%0) : (!vhlo.tensor_v1<2x!vhlo.complex_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
    "vhlo.return_v1"(%1) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"public">}
}
