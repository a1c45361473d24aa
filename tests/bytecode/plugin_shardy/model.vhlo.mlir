module @jit_shardy attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @empty_mesh = <[]> {stablehlo.mesh = {axes = []}}
  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<5x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<5x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<5x!vhlo.f32_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.000000e+00> : tensor<f32>>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %1 = "vhlo.multiply_v1"(%arg0, %arg1) : (!vhlo.tensor_v1<5x!vhlo.f32_v1>, !vhlo.tensor_v1<5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<5x!vhlo.f32_v1>
    %2 = builtin.unrealized_conversion_cast %1 : !vhlo.tensor_v1<5x!vhlo.f32_v1> to tensor<5xf32>
    %3 = sdy.sharding_constraint %2 <@empty_mesh, [{}]> : tensor<5xf32>
    %4 = builtin.unrealized_conversion_cast %3 : tensor<5xf32> to !vhlo.tensor_v1<5x!vhlo.f32_v1>
    %5 = "vhlo.tanh_v2"(%4) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<5x!vhlo.f32_v1>
    %6 = "vhlo.broadcast_in_dim_v1"(%0) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<5x!vhlo.f32_v1>
    %7 = "vhlo.add_v1"(%5, %6) : (!vhlo.tensor_v1<5x!vhlo.f32_v1>, !vhlo.tensor_v1<5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<5x!vhlo.f32_v1>
    "vhlo.return_v1"(%7) : (!vhlo.tensor_v1<5x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"sdy.sharding"> = #sdy.sharding<@empty_mesh, [{}]>}>, #vhlo.dict_v1<{#vhlo.string_v1<"sdy.sharding"> = #sdy.sharding<@empty_mesh, [{}]>}>]>, res_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result">}>]>, sym_visibility = #vhlo.string_v1<"public">}
}
