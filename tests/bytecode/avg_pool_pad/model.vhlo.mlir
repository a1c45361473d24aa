module @jit_avg_pool_pad attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<1x5x5x1x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<1x5x5x1x!vhlo.f32_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0.000000e+00> : tensor<f32>>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %1 = "vhlo.broadcast_in_dim_v1"(%0) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %2 = "vhlo.reduce_window_v1"(%arg0, %1) <{base_dilations = #vhlo.tensor_v1<dense<1> : tensor<4xi64>>, padding = #vhlo.tensor_v1<dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>>, window_dilations = #vhlo.tensor_v1<dense<1> : tensor<4xi64>>, window_dimensions = #vhlo.tensor_v1<dense<[1, 3, 3, 1]> : tensor<4xi64>>, window_strides = #vhlo.tensor_v1<dense<1> : tensor<4xi64>>}> ({
    ^bb0(%arg1: !vhlo.tensor_v1<!vhlo.f32_v1>, %arg2: !vhlo.tensor_v1<!vhlo.f32_v1>):
      %3 = "vhlo.add_v1"(%arg1, %arg2) : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
      "vhlo.return_v1"(%3) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
    }) : (!vhlo.tensor_v1<1x5x5x1x!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<1x5x5x1x!vhlo.f32_v1>
    "vhlo.return_v1"(%2) : (!vhlo.tensor_v1<1x5x5x1x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result">}>]>, sym_visibility = #vhlo.string_v1<"public">}
}
