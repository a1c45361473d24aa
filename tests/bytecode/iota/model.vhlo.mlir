module @jit_iota attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  vhlo.func_v1 @main() -> (!vhlo.tensor_v1<3x4x!vhlo.i32_v1>) {
    %0 = "vhlo.iota_v1"() <{iota_dimension = #vhlo.integer_v1<0 : i64>}> : () -> !vhlo.tensor_v1<12x!vhlo.i32_v1>
    %1 = "vhlo.reshape_v1"(%0) : (!vhlo.tensor_v1<12x!vhlo.i32_v1>) -> !vhlo.tensor_v1<3x4x!vhlo.i32_v1>
    %2 = "vhlo.iota_v1"() <{iota_dimension = #vhlo.integer_v1<1 : i64>}> : () -> !vhlo.tensor_v1<3x4x!vhlo.i32_v1>
    %3 = "vhlo.add_v1"(%1, %2) : (!vhlo.tensor_v1<3x4x!vhlo.i32_v1>, !vhlo.tensor_v1<3x4x!vhlo.i32_v1>) -> !vhlo.tensor_v1<3x4x!vhlo.i32_v1>
    "vhlo.return_v1"(%3) : (!vhlo.tensor_v1<3x4x!vhlo.i32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result">}>]>, sym_visibility = #vhlo.string_v1<"public">}
}
