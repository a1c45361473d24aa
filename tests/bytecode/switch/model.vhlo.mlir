module @jit_switch attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<!vhlo.i32_v1>, %arg1: !vhlo.tensor_v1<4x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<4x!vhlo.f32_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.000000e+00> : tensor<f32>>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %1 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0> : tensor<i32>>}> : () -> !vhlo.tensor_v1<!vhlo.i32_v1>
    %2 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<2> : tensor<i32>>}> : () -> !vhlo.tensor_v1<!vhlo.i32_v1>
    %3 = "vhlo.clamp_v1"(%1, %arg0, %2) : (!vhlo.tensor_v1<!vhlo.i32_v1>, !vhlo.tensor_v1<!vhlo.i32_v1>, !vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<!vhlo.i32_v1>
    %4 = "vhlo.case_v1"(%3) ({
      %5 = "vhlo.broadcast_in_dim_v1"(%0) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>
      %6 = "vhlo.add_v1"(%arg1, %5) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>
      "vhlo.return_v1"(%6) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> ()
    }, {
      %5 = "vhlo.multiply_v1"(%arg1, %arg1) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>
      "vhlo.return_v1"(%5) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> ()
    }, {
      %5 = "vhlo.negate_v1"(%arg1) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>
      "vhlo.return_v1"(%5) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> ()
    }) : (!vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>
    "vhlo.return_v1"(%4) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result">}>]>, sym_visibility = #vhlo.string_v1<"public">}
}
