module @jit_pool_grad attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<1x4x4x1x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<1x4x4x1x!vhlo.f32_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0.000000e+00> : tensor<f32>>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %1 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.000000e+00> : tensor<f32>>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %2 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<2.000000e+00> : tensor<f32>>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %3 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0xFF800000> : tensor<f32>>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %4 = "vhlo.broadcast_in_dim_v1"(%3) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %5 = "vhlo.reduce_window_v1"(%arg0, %4) <{base_dilations = #vhlo.tensor_v1<dense<1> : tensor<4xi64>>, padding = #vhlo.tensor_v1<dense<0> : tensor<4x2xi64>>, window_dilations = #vhlo.tensor_v1<dense<1> : tensor<4xi64>>, window_dimensions = #vhlo.tensor_v1<dense<[1, 2, 2, 1]> : tensor<4xi64>>, window_strides = #vhlo.tensor_v1<dense<[1, 2, 2, 1]> : tensor<4xi64>>}> ({
    ^bb0(%arg1: !vhlo.tensor_v1<!vhlo.f32_v1>, %arg2: !vhlo.tensor_v1<!vhlo.f32_v1>):
      %13 = "vhlo.maximum_v1"(%arg1, %arg2) : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
      "vhlo.return_v1"(%13) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
    }) : (!vhlo.tensor_v1<1x4x4x1x!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<1x2x2x1x!vhlo.f32_v1>
    %6 = "vhlo.broadcast_in_dim_v1"(%2) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<1x2x2x1x!vhlo.f32_v1>
    %7 = "vhlo.multiply_v1"(%6, %5) : (!vhlo.tensor_v1<1x2x2x1x!vhlo.f32_v1>, !vhlo.tensor_v1<1x2x2x1x!vhlo.f32_v1>) -> !vhlo.tensor_v1<1x2x2x1x!vhlo.f32_v1>
    %8 = "vhlo.broadcast_in_dim_v1"(%1) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<1x2x2x1x!vhlo.f32_v1>
    %9 = "vhlo.multiply_v1"(%8, %7) : (!vhlo.tensor_v1<1x2x2x1x!vhlo.f32_v1>, !vhlo.tensor_v1<1x2x2x1x!vhlo.f32_v1>) -> !vhlo.tensor_v1<1x2x2x1x!vhlo.f32_v1>
    %10 = "vhlo.pad_v1"(%arg0, %3) <{edge_padding_high = #vhlo.tensor_v1<dense<0> : tensor<4xi64>>, edge_padding_low = #vhlo.tensor_v1<dense<0> : tensor<4xi64>>, interior_padding = #vhlo.tensor_v1<dense<0> : tensor<4xi64>>}> : (!vhlo.tensor_v1<1x4x4x1x!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<1x4x4x1x!vhlo.f32_v1>
    %11 = "vhlo.select_and_scatter_v1"(%10, %9, %0) <{padding = #vhlo.tensor_v1<dense<0> : tensor<4x2xi64>>, window_dimensions = #vhlo.tensor_v1<dense<[1, 2, 2, 1]> : tensor<4xi64>>, window_strides = #vhlo.tensor_v1<dense<[1, 2, 2, 1]> : tensor<4xi64>>}> ({
    ^bb0(%arg1: !vhlo.tensor_v1<!vhlo.f32_v1>, %arg2: !vhlo.tensor_v1<!vhlo.f32_v1>):
      %13 = "vhlo.compare_v1"(%arg1, %arg2) <{compare_type = #vhlo<comparison_type_v1 FLOAT>, comparison_direction = #vhlo<comparison_direction_v1 GE>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
      "vhlo.return_v1"(%13) : (!vhlo.tensor_v1<!vhlo.bool_v1>) -> ()
    }, {
    ^bb0(%arg1: !vhlo.tensor_v1<!vhlo.f32_v1>, %arg2: !vhlo.tensor_v1<!vhlo.f32_v1>):
      %13 = "vhlo.add_v1"(%arg1, %arg2) : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
      "vhlo.return_v1"(%13) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
    }) : (!vhlo.tensor_v1<1x4x4x1x!vhlo.f32_v1>, !vhlo.tensor_v1<1x2x2x1x!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<1x4x4x1x!vhlo.f32_v1>
    %12 = "vhlo.slice_v1"(%11) <{limit_indices = #vhlo.tensor_v1<dense<[1, 4, 4, 1]> : tensor<4xi64>>, start_indices = #vhlo.tensor_v1<dense<0> : tensor<4xi64>>, strides = #vhlo.tensor_v1<dense<1> : tensor<4xi64>>}> : (!vhlo.tensor_v1<1x4x4x1x!vhlo.f32_v1>) -> !vhlo.tensor_v1<1x4x4x1x!vhlo.f32_v1>
    "vhlo.return_v1"(%12) : (!vhlo.tensor_v1<1x4x4x1x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result">}>]>, sym_visibility = #vhlo.string_v1<"public">}
}
