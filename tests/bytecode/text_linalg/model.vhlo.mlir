module {
  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<3x3x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<3x2x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<3x2x!vhlo.f32_v1>, !vhlo.tensor_v1<3x3x!vhlo.f32_v1>) {
    %0 = "vhlo.triangular_solve_v1"(%arg0, %arg1) <{left_side = #vhlo.bool_v1<true>, lower = #vhlo.bool_v1<true>, transpose_a = #vhlo<transpose_v1 TRANSPOSE>, unit_diagonal = #vhlo.bool_v1<false>}> : (!vhlo.tensor_v1<3x3x!vhlo.f32_v1>, !vhlo.tensor_v1<3x2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.f32_v1>
    %1 = "vhlo.cholesky_v1"(%arg0) <{lower = #vhlo.bool_v1<true>}> : (!vhlo.tensor_v1<3x3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x3x!vhlo.f32_v1>
    "vhlo.return_v1"(%0, %1) : (!vhlo.tensor_v1<3x2x!vhlo.f32_v1>, !vhlo.tensor_v1<3x3x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"public">}
}
