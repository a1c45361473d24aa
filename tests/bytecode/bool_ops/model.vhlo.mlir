module @jit_bool_ops attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<9x!vhlo.bool_v1>, %arg1: !vhlo.tensor_v1<9x!vhlo.bool_v1>) -> (!vhlo.tensor_v1<9x!vhlo.bool_v1>, !vhlo.tensor_v1<9x!vhlo.bool_v1>, !vhlo.tensor_v1<9x!vhlo.bool_v1>) {
    %0 = "vhlo.and_v1"(%arg0, %arg1) : (!vhlo.tensor_v1<9x!vhlo.bool_v1>, !vhlo.tensor_v1<9x!vhlo.bool_v1>) -> !vhlo.tensor_v1<9x!vhlo.bool_v1>
    %1 = "vhlo.not_v1"(%arg1) : (!vhlo.tensor_v1<9x!vhlo.bool_v1>) -> !vhlo.tensor_v1<9x!vhlo.bool_v1>
    %2 = "vhlo.or_v1"(%arg0, %1) : (!vhlo.tensor_v1<9x!vhlo.bool_v1>, !vhlo.tensor_v1<9x!vhlo.bool_v1>) -> !vhlo.tensor_v1<9x!vhlo.bool_v1>
    %3 = "vhlo.xor_v1"(%arg0, %arg1) : (!vhlo.tensor_v1<9x!vhlo.bool_v1>, !vhlo.tensor_v1<9x!vhlo.bool_v1>) -> !vhlo.tensor_v1<9x!vhlo.bool_v1>
    "vhlo.return_v1"(%0, %2, %3) : (!vhlo.tensor_v1<9x!vhlo.bool_v1>, !vhlo.tensor_v1<9x!vhlo.bool_v1>, !vhlo.tensor_v1<9x!vhlo.bool_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[0]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[1]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[2]">}>]>, sym_visibility = #vhlo.string_v1<"public">}
}
