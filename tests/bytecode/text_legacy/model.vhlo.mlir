module {
  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<2x3x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<3x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tensor_v1<4x2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x!vhlo.f32_v1>) {
    %0 = "vhlo.dot_v1"(%arg0, %arg1) <{precision_config = #vhlo.array_v1<[#vhlo<precision_v1 DEFAULT>, #vhlo<precision_v1 DEFAULT>]>}> : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
    %1 = "vhlo.broadcast_v1"(%arg0) <{broadcast_sizes = #vhlo.tensor_v1<dense<4> : tensor<1xi64>>}> : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x2x3x!vhlo.f32_v1>
    %2 = "vhlo.reduce_precision_v1"(%arg0) <{exponent_bits = #vhlo.integer_v1<5 : i32>, mantissa_bits = #vhlo.integer_v1<10 : i32>}> : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
    %3 = "vhlo.optimization_barrier_v1"(%2) : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
    %4 = "vhlo.custom_call_v1"(%3) <{api_version = #vhlo<api_version_v1 API_VERSION_ORIGINAL>, backend_config = #vhlo.string_v1<"cfg">, call_target_name = #vhlo.string_v1<"my_target">, called_computations = #vhlo.array_v1<[]>, has_side_effect = #vhlo.bool_v1<true>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = #vhlo.array_v1<[]>, result_layouts = #vhlo.array_v1<[]>}> : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
    %5 = "vhlo.clamp_v1"(%arg0, %arg0, %arg0) : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
    %6 = "vhlo.bitcast_convert_v1"(%5) : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x!vhlo.i32_v1>
    %7 = "vhlo.bitcast_convert_v1"(%6) : (!vhlo.tensor_v1<2x3x!vhlo.i32_v1>) -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
    "vhlo.return_v1"(%0, %1, %7, %4) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tensor_v1<4x2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"public">}
}
