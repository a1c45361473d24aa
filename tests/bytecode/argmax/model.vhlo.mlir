module @jit_argmax attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<3x7x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<3x!vhlo.i32_v1>) {
    %0 = "vhlo.call_v1"(%arg0) <{callee = #vhlo.string_v1<"argmax">}> : (!vhlo.tensor_v1<3x7x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x!vhlo.i64_v1>
    %1 = "vhlo.convert_v1"(%0) : (!vhlo.tensor_v1<3x!vhlo.i64_v1>) -> !vhlo.tensor_v1<3x!vhlo.i32_v1>
    "vhlo.return_v1"(%1) : (!vhlo.tensor_v1<3x!vhlo.i32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result">}>]>, sym_visibility = #vhlo.string_v1<"public">}
  vhlo.func_v1 @argmax(%arg0: !vhlo.tensor_v1<3x7x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<3x!vhlo.i64_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0> : tensor<i64>>}> : () -> !vhlo.tensor_v1<!vhlo.i64_v1>
    %1 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0xFF800000> : tensor<f32>>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %2 = "vhlo.iota_v1"() <{iota_dimension = #vhlo.integer_v1<1 : i64>}> : () -> !vhlo.tensor_v1<3x7x!vhlo.i64_v1>
    %3:2 = "vhlo.reduce_v1"(%arg0, %2, %1, %0) <{dimensions = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>}> ({
    ^bb0(%arg1: !vhlo.tensor_v1<!vhlo.f32_v1>, %arg2: !vhlo.tensor_v1<!vhlo.i64_v1>, %arg3: !vhlo.tensor_v1<!vhlo.f32_v1>, %arg4: !vhlo.tensor_v1<!vhlo.i64_v1>):
      %4 = "vhlo.compare_v1"(%arg1, %arg3) <{compare_type = #vhlo<comparison_type_v1 FLOAT>, comparison_direction = #vhlo<comparison_direction_v1 GT>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
      %5 = "vhlo.compare_v1"(%arg1, %arg1) <{compare_type = #vhlo<comparison_type_v1 FLOAT>, comparison_direction = #vhlo<comparison_direction_v1 NE>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
      %6 = "vhlo.or_v1"(%4, %5) : (!vhlo.tensor_v1<!vhlo.bool_v1>, !vhlo.tensor_v1<!vhlo.bool_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
      %7 = "vhlo.compare_v1"(%arg1, %arg3) <{compare_type = #vhlo<comparison_type_v1 FLOAT>, comparison_direction = #vhlo<comparison_direction_v1 EQ>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
      %8 = "vhlo.compare_v1"(%arg2, %arg4) <{compare_type = #vhlo<comparison_type_v1 SIGNED>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<!vhlo.i64_v1>, !vhlo.tensor_v1<!vhlo.i64_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
      %9 = "vhlo.and_v1"(%7, %8) : (!vhlo.tensor_v1<!vhlo.bool_v1>, !vhlo.tensor_v1<!vhlo.bool_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
      %10 = "vhlo.or_v1"(%6, %9) : (!vhlo.tensor_v1<!vhlo.bool_v1>, !vhlo.tensor_v1<!vhlo.bool_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
      %11 = "vhlo.select_v1"(%6, %arg1, %arg3) : (!vhlo.tensor_v1<!vhlo.bool_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
      %12 = "vhlo.select_v1"(%10, %arg2, %arg4) : (!vhlo.tensor_v1<!vhlo.bool_v1>, !vhlo.tensor_v1<!vhlo.i64_v1>, !vhlo.tensor_v1<!vhlo.i64_v1>) -> !vhlo.tensor_v1<!vhlo.i64_v1>
      "vhlo.return_v1"(%11, %12) : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.i64_v1>) -> ()
    }) : (!vhlo.tensor_v1<3x7x!vhlo.f32_v1>, !vhlo.tensor_v1<3x7x!vhlo.i64_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.i64_v1>) -> (!vhlo.tensor_v1<3x!vhlo.f32_v1>, !vhlo.tensor_v1<3x!vhlo.i64_v1>)
    "vhlo.return_v1"(%3#1) : (!vhlo.tensor_v1<3x!vhlo.i64_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
}
