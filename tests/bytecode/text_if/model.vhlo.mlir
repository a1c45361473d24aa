module {
  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<!vhlo.bool_v1>, %arg1: !vhlo.tensor_v1<4x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<4x!vhlo.f32_v1>) {
    %0 = "vhlo.if_v1"(%arg0) ({
      %1 = "vhlo.exponential_v2"(%arg1) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>
      "vhlo.return_v1"(%1) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> ()
    }, {
      "vhlo.return_v1"(%arg1) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> ()
    }) : (!vhlo.tensor_v1<!vhlo.bool_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>
    "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"public">}
}
