module @jit_rng_bits attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<4x!vhlo.ui32_v1>) -> (!vhlo.tensor_v1<4x!vhlo.ui32_v1>, !vhlo.tensor_v1<2x3x!vhlo.ui32_v1>) {
    %0 = "vhlo.reshape_v1"(%arg0) : (!vhlo.tensor_v1<4x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<2x2x!vhlo.ui32_v1>
    %1 = "vhlo.bitcast_convert_v1"(%0) : (!vhlo.tensor_v1<2x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<2x!vhlo.ui64_v1>
    %output_state, %output = "vhlo.rng_bit_generator_v1"(%1) <{rng_algorithm = #vhlo<rng_algorithm_v1 DEFAULT>}> : (!vhlo.tensor_v1<2x!vhlo.ui64_v1>) -> (!vhlo.tensor_v1<2x!vhlo.ui64_v1>, !vhlo.tensor_v1<2x3x!vhlo.ui32_v1>)
    %2 = "vhlo.bitcast_convert_v1"(%output_state) : (!vhlo.tensor_v1<2x!vhlo.ui64_v1>) -> !vhlo.tensor_v1<2x2x!vhlo.ui32_v1>
    %3 = "vhlo.reshape_v1"(%2) : (!vhlo.tensor_v1<2x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<4x!vhlo.ui32_v1>
    "vhlo.return_v1"(%3, %output) : (!vhlo.tensor_v1<4x!vhlo.ui32_v1>, !vhlo.tensor_v1<2x3x!vhlo.ui32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[0]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[1]">}>]>, sym_visibility = #vhlo.string_v1<"public">}
}
