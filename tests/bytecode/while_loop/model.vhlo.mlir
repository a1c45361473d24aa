module @jit_while_loop attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<5x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<!vhlo.i32_v1>) -> (!vhlo.tensor_v1<5x!vhlo.f32_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.000000e+00> : tensor<f32>>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %1 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.500000e+00> : tensor<f32>>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %2 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1> : tensor<i64>>}> : () -> !vhlo.tensor_v1<!vhlo.i64_v1>
    %3 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0> : tensor<i64>>}> : () -> !vhlo.tensor_v1<!vhlo.i64_v1>
    %4:3 = "vhlo.while_v1"(%arg1, %3, %arg0) ({
    ^bb0(%arg2: !vhlo.tensor_v1<!vhlo.i32_v1>, %arg3: !vhlo.tensor_v1<!vhlo.i64_v1>, %arg4: !vhlo.tensor_v1<5x!vhlo.f32_v1>):
      %5 = "vhlo.convert_v1"(%arg3) : (!vhlo.tensor_v1<!vhlo.i64_v1>) -> !vhlo.tensor_v1<!vhlo.i32_v1>
      %6 = "vhlo.compare_v1"(%5, %arg2) <{compare_type = #vhlo<comparison_type_v1 SIGNED>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<!vhlo.i32_v1>, !vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
      "vhlo.return_v1"(%6) : (!vhlo.tensor_v1<!vhlo.bool_v1>) -> ()
    }, {
    ^bb0(%arg2: !vhlo.tensor_v1<!vhlo.i32_v1>, %arg3: !vhlo.tensor_v1<!vhlo.i64_v1>, %arg4: !vhlo.tensor_v1<5x!vhlo.f32_v1>):
      %5 = "vhlo.add_v1"(%arg3, %2) : (!vhlo.tensor_v1<!vhlo.i64_v1>, !vhlo.tensor_v1<!vhlo.i64_v1>) -> !vhlo.tensor_v1<!vhlo.i64_v1>
      %6 = "vhlo.broadcast_in_dim_v1"(%1) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<5x!vhlo.f32_v1>
      %7 = "vhlo.multiply_v1"(%arg4, %6) : (!vhlo.tensor_v1<5x!vhlo.f32_v1>, !vhlo.tensor_v1<5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<5x!vhlo.f32_v1>
      %8 = "vhlo.broadcast_in_dim_v1"(%0) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<5x!vhlo.f32_v1>
      %9 = "vhlo.add_v1"(%7, %8) : (!vhlo.tensor_v1<5x!vhlo.f32_v1>, !vhlo.tensor_v1<5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<5x!vhlo.f32_v1>
      "vhlo.return_v1"(%arg2, %5, %9) : (!vhlo.tensor_v1<!vhlo.i32_v1>, !vhlo.tensor_v1<!vhlo.i64_v1>, !vhlo.tensor_v1<5x!vhlo.f32_v1>) -> ()
    }) : (!vhlo.tensor_v1<!vhlo.i32_v1>, !vhlo.tensor_v1<!vhlo.i64_v1>, !vhlo.tensor_v1<5x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<!vhlo.i32_v1>, !vhlo.tensor_v1<!vhlo.i64_v1>, !vhlo.tensor_v1<5x!vhlo.f32_v1>)
    "vhlo.return_v1"(%4#2) : (!vhlo.tensor_v1<5x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result">}>]>, sym_visibility = #vhlo.string_v1<"public">}
}
