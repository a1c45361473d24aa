module @jit_random_bits attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<2x!vhlo.ui32_v1>) -> (!vhlo.tensor_v1<3x2x!vhlo.f32_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0.000000e+00> : tensor<f32>>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %1 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.000000e+00> : tensor<f32>>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %2 = "vhlo.call_v1"(%arg0, %0, %1) <{callee = #vhlo.string_v1<"_uniform">}> : (!vhlo.tensor_v1<2x!vhlo.ui32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.f32_v1>
    "vhlo.return_v1"(%2) : (!vhlo.tensor_v1<3x2x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"mhlo.sharding"> = #vhlo.string_v1<"{replicated}">}>]>, res_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result">}>]>, sym_visibility = #vhlo.string_v1<"public">}
  vhlo.func_v1 @_uniform(%arg0: !vhlo.tensor_v1<2x!vhlo.ui32_v1>, %arg1: !vhlo.tensor_v1<!vhlo.f32_v1>, %arg2: !vhlo.tensor_v1<!vhlo.f32_v1>) -> (!vhlo.tensor_v1<3x2x!vhlo.f32_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.000000e+00> : tensor<f32>>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %1 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1065353216> : tensor<ui32>>}> : () -> !vhlo.tensor_v1<!vhlo.ui32_v1>
    %2 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<9> : tensor<ui32>>}> : () -> !vhlo.tensor_v1<!vhlo.ui32_v1>
    %3 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<32> : tensor<ui64>>}> : () -> !vhlo.tensor_v1<!vhlo.ui64_v1>
    %4 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1> : tensor<ui64>>}> : () -> !vhlo.tensor_v1<!vhlo.ui64_v1>
    %5 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<2> : tensor<ui64>>}> : () -> !vhlo.tensor_v1<!vhlo.ui64_v1>
    %6 = "vhlo.convert_v1"(%arg1) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %7 = "vhlo.convert_v1"(%arg2) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %8 = "vhlo.broadcast_in_dim_v1"(%6) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<1x1x!vhlo.f32_v1>
    %9 = "vhlo.broadcast_in_dim_v1"(%7) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<1x1x!vhlo.f32_v1>
    %10 = "vhlo.slice_v1"(%arg0) <{limit_indices = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>, start_indices = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, strides = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>}> : (!vhlo.tensor_v1<2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<1x!vhlo.ui32_v1>
    %11 = "vhlo.reshape_v1"(%10) : (!vhlo.tensor_v1<1x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<!vhlo.ui32_v1>
    %12 = "vhlo.slice_v1"(%arg0) <{limit_indices = #vhlo.tensor_v1<dense<2> : tensor<1xi64>>, start_indices = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>, strides = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>}> : (!vhlo.tensor_v1<2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<1x!vhlo.ui32_v1>
    %13 = "vhlo.reshape_v1"(%12) : (!vhlo.tensor_v1<1x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<!vhlo.ui32_v1>
    %14 = "vhlo.iota_v1"() <{iota_dimension = #vhlo.integer_v1<0 : i64>}> : () -> !vhlo.tensor_v1<3x2x!vhlo.ui64_v1>
    %15 = "vhlo.iota_v1"() <{iota_dimension = #vhlo.integer_v1<1 : i64>}> : () -> !vhlo.tensor_v1<3x2x!vhlo.ui64_v1>
    %16 = "vhlo.broadcast_in_dim_v1"(%5) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui64_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui64_v1>
    %17 = "vhlo.multiply_v1"(%16, %14) : (!vhlo.tensor_v1<3x2x!vhlo.ui64_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui64_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui64_v1>
    %18 = "vhlo.broadcast_in_dim_v1"(%4) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui64_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui64_v1>
    %19 = "vhlo.multiply_v1"(%18, %15) : (!vhlo.tensor_v1<3x2x!vhlo.ui64_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui64_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui64_v1>
    %20 = "vhlo.add_v1"(%17, %19) : (!vhlo.tensor_v1<3x2x!vhlo.ui64_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui64_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui64_v1>
    %21 = "vhlo.broadcast_in_dim_v1"(%3) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui64_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui64_v1>
    %22 = "vhlo.shift_right_logical_v1"(%20, %21) : (!vhlo.tensor_v1<3x2x!vhlo.ui64_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui64_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui64_v1>
    %23 = "vhlo.convert_v1"(%20) : (!vhlo.tensor_v1<3x2x!vhlo.ui64_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %24 = "vhlo.convert_v1"(%22) : (!vhlo.tensor_v1<3x2x!vhlo.ui64_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %25:2 = "vhlo.call_v1"(%11, %13, %24, %23) <{callee = #vhlo.string_v1<"threefry2x32">}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>, !vhlo.tensor_v1<!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>)
    %26 = "vhlo.xor_v1"(%25#0, %25#1) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %27 = "vhlo.broadcast_in_dim_v1"(%2) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %28 = "vhlo.shift_right_logical_v1"(%26, %27) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %29 = "vhlo.broadcast_in_dim_v1"(%1) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %30 = "vhlo.or_v1"(%28, %29) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %31 = "vhlo.bitcast_convert_v1"(%30) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.f32_v1>
    %32 = "vhlo.broadcast_in_dim_v1"(%0) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.f32_v1>
    %33 = "vhlo.subtract_v1"(%31, %32) : (!vhlo.tensor_v1<3x2x!vhlo.f32_v1>, !vhlo.tensor_v1<3x2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.f32_v1>
    %34 = "vhlo.subtract_v1"(%9, %8) : (!vhlo.tensor_v1<1x1x!vhlo.f32_v1>, !vhlo.tensor_v1<1x1x!vhlo.f32_v1>) -> !vhlo.tensor_v1<1x1x!vhlo.f32_v1>
    %35 = "vhlo.broadcast_in_dim_v1"(%34) <{broadcast_dimensions = #vhlo.tensor_v1<dense<[0, 1]> : tensor<2xi64>>}> : (!vhlo.tensor_v1<1x1x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.f32_v1>
    %36 = "vhlo.multiply_v1"(%33, %35) : (!vhlo.tensor_v1<3x2x!vhlo.f32_v1>, !vhlo.tensor_v1<3x2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.f32_v1>
    %37 = "vhlo.broadcast_in_dim_v1"(%8) <{broadcast_dimensions = #vhlo.tensor_v1<dense<[0, 1]> : tensor<2xi64>>}> : (!vhlo.tensor_v1<1x1x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.f32_v1>
    %38 = "vhlo.add_v1"(%36, %37) : (!vhlo.tensor_v1<3x2x!vhlo.f32_v1>, !vhlo.tensor_v1<3x2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.f32_v1>
    %39 = "vhlo.broadcast_in_dim_v1"(%8) <{broadcast_dimensions = #vhlo.tensor_v1<dense<[0, 1]> : tensor<2xi64>>}> : (!vhlo.tensor_v1<1x1x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.f32_v1>
    %40 = "vhlo.maximum_v1"(%39, %38) : (!vhlo.tensor_v1<3x2x!vhlo.f32_v1>, !vhlo.tensor_v1<3x2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.f32_v1>
    "vhlo.return_v1"(%40) : (!vhlo.tensor_v1<3x2x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>]>, sym_visibility = #vhlo.string_v1<"private">}
  vhlo.func_v1 @threefry2x32(%arg0: !vhlo.tensor_v1<!vhlo.ui32_v1>, %arg1: !vhlo.tensor_v1<!vhlo.ui32_v1>, %arg2: !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, %arg3: !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<5> : tensor<ui32>>}> : () -> !vhlo.tensor_v1<!vhlo.ui32_v1>
    %1 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<4> : tensor<ui32>>}> : () -> !vhlo.tensor_v1<!vhlo.ui32_v1>
    %2 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<2> : tensor<ui32>>}> : () -> !vhlo.tensor_v1<!vhlo.ui32_v1>
    %3 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<8> : tensor<ui32>>}> : () -> !vhlo.tensor_v1<!vhlo.ui32_v1>
    %4 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<24> : tensor<ui32>>}> : () -> !vhlo.tensor_v1<!vhlo.ui32_v1>
    %5 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<16> : tensor<ui32>>}> : () -> !vhlo.tensor_v1<!vhlo.ui32_v1>
    %6 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<3> : tensor<ui32>>}> : () -> !vhlo.tensor_v1<!vhlo.ui32_v1>
    %7 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<29> : tensor<ui32>>}> : () -> !vhlo.tensor_v1<!vhlo.ui32_v1>
    %8 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1> : tensor<ui32>>}> : () -> !vhlo.tensor_v1<!vhlo.ui32_v1>
    %9 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<6> : tensor<ui32>>}> : () -> !vhlo.tensor_v1<!vhlo.ui32_v1>
    %10 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<26> : tensor<ui32>>}> : () -> !vhlo.tensor_v1<!vhlo.ui32_v1>
    %11 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<17> : tensor<ui32>>}> : () -> !vhlo.tensor_v1<!vhlo.ui32_v1>
    %12 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<15> : tensor<ui32>>}> : () -> !vhlo.tensor_v1<!vhlo.ui32_v1>
    %13 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<19> : tensor<ui32>>}> : () -> !vhlo.tensor_v1<!vhlo.ui32_v1>
    %14 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<13> : tensor<ui32>>}> : () -> !vhlo.tensor_v1<!vhlo.ui32_v1>
    %15 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<466688986> : tensor<ui32>>}> : () -> !vhlo.tensor_v1<!vhlo.ui32_v1>
    %16 = "vhlo.xor_v1"(%arg0, %arg1) : (!vhlo.tensor_v1<!vhlo.ui32_v1>, !vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<!vhlo.ui32_v1>
    %17 = "vhlo.xor_v1"(%16, %15) : (!vhlo.tensor_v1<!vhlo.ui32_v1>, !vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<!vhlo.ui32_v1>
    %18 = "vhlo.broadcast_in_dim_v1"(%arg0) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %19 = "vhlo.add_v1"(%arg2, %18) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %20 = "vhlo.broadcast_in_dim_v1"(%arg1) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %21 = "vhlo.add_v1"(%arg3, %20) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %22 = "vhlo.add_v1"(%19, %21) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %23 = "vhlo.broadcast_in_dim_v1"(%14) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %24 = "vhlo.shift_left_v1"(%21, %23) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %25 = "vhlo.broadcast_in_dim_v1"(%13) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %26 = "vhlo.shift_right_logical_v1"(%21, %25) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %27 = "vhlo.or_v1"(%24, %26) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %28 = "vhlo.xor_v1"(%22, %27) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %29 = "vhlo.add_v1"(%22, %28) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %30 = "vhlo.broadcast_in_dim_v1"(%12) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %31 = "vhlo.shift_left_v1"(%28, %30) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %32 = "vhlo.broadcast_in_dim_v1"(%11) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %33 = "vhlo.shift_right_logical_v1"(%28, %32) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %34 = "vhlo.or_v1"(%31, %33) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %35 = "vhlo.xor_v1"(%29, %34) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %36 = "vhlo.add_v1"(%29, %35) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %37 = "vhlo.broadcast_in_dim_v1"(%10) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %38 = "vhlo.shift_left_v1"(%35, %37) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %39 = "vhlo.broadcast_in_dim_v1"(%9) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %40 = "vhlo.shift_right_logical_v1"(%35, %39) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %41 = "vhlo.or_v1"(%38, %40) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %42 = "vhlo.xor_v1"(%36, %41) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %43 = "vhlo.add_v1"(%36, %42) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %44 = "vhlo.broadcast_in_dim_v1"(%9) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %45 = "vhlo.shift_left_v1"(%42, %44) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %46 = "vhlo.broadcast_in_dim_v1"(%10) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %47 = "vhlo.shift_right_logical_v1"(%42, %46) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %48 = "vhlo.or_v1"(%45, %47) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %49 = "vhlo.xor_v1"(%43, %48) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %50 = "vhlo.broadcast_in_dim_v1"(%arg1) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %51 = "vhlo.add_v1"(%43, %50) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %52 = "vhlo.broadcast_in_dim_v1"(%17) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %53 = "vhlo.add_v1"(%49, %52) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %54 = "vhlo.broadcast_in_dim_v1"(%8) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %55 = "vhlo.add_v1"(%53, %54) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %56 = "vhlo.add_v1"(%51, %55) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %57 = "vhlo.broadcast_in_dim_v1"(%11) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %58 = "vhlo.shift_left_v1"(%55, %57) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %59 = "vhlo.broadcast_in_dim_v1"(%12) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %60 = "vhlo.shift_right_logical_v1"(%55, %59) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %61 = "vhlo.or_v1"(%58, %60) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %62 = "vhlo.xor_v1"(%56, %61) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %63 = "vhlo.add_v1"(%56, %62) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %64 = "vhlo.broadcast_in_dim_v1"(%7) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %65 = "vhlo.shift_left_v1"(%62, %64) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %66 = "vhlo.broadcast_in_dim_v1"(%6) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %67 = "vhlo.shift_right_logical_v1"(%62, %66) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %68 = "vhlo.or_v1"(%65, %67) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %69 = "vhlo.xor_v1"(%63, %68) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %70 = "vhlo.add_v1"(%63, %69) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %71 = "vhlo.broadcast_in_dim_v1"(%5) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %72 = "vhlo.shift_left_v1"(%69, %71) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %73 = "vhlo.broadcast_in_dim_v1"(%5) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %74 = "vhlo.shift_right_logical_v1"(%69, %73) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %75 = "vhlo.or_v1"(%72, %74) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %76 = "vhlo.xor_v1"(%70, %75) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %77 = "vhlo.add_v1"(%70, %76) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %78 = "vhlo.broadcast_in_dim_v1"(%4) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %79 = "vhlo.shift_left_v1"(%76, %78) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %80 = "vhlo.broadcast_in_dim_v1"(%3) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %81 = "vhlo.shift_right_logical_v1"(%76, %80) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %82 = "vhlo.or_v1"(%79, %81) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %83 = "vhlo.xor_v1"(%77, %82) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %84 = "vhlo.broadcast_in_dim_v1"(%17) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %85 = "vhlo.add_v1"(%77, %84) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %86 = "vhlo.broadcast_in_dim_v1"(%arg0) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %87 = "vhlo.add_v1"(%83, %86) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %88 = "vhlo.broadcast_in_dim_v1"(%2) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %89 = "vhlo.add_v1"(%87, %88) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %90 = "vhlo.add_v1"(%85, %89) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %91 = "vhlo.broadcast_in_dim_v1"(%14) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %92 = "vhlo.shift_left_v1"(%89, %91) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %93 = "vhlo.broadcast_in_dim_v1"(%13) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %94 = "vhlo.shift_right_logical_v1"(%89, %93) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %95 = "vhlo.or_v1"(%92, %94) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %96 = "vhlo.xor_v1"(%90, %95) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %97 = "vhlo.add_v1"(%90, %96) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %98 = "vhlo.broadcast_in_dim_v1"(%12) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %99 = "vhlo.shift_left_v1"(%96, %98) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %100 = "vhlo.broadcast_in_dim_v1"(%11) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %101 = "vhlo.shift_right_logical_v1"(%96, %100) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %102 = "vhlo.or_v1"(%99, %101) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %103 = "vhlo.xor_v1"(%97, %102) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %104 = "vhlo.add_v1"(%97, %103) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %105 = "vhlo.broadcast_in_dim_v1"(%10) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %106 = "vhlo.shift_left_v1"(%103, %105) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %107 = "vhlo.broadcast_in_dim_v1"(%9) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %108 = "vhlo.shift_right_logical_v1"(%103, %107) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %109 = "vhlo.or_v1"(%106, %108) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %110 = "vhlo.xor_v1"(%104, %109) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %111 = "vhlo.add_v1"(%104, %110) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %112 = "vhlo.broadcast_in_dim_v1"(%9) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %113 = "vhlo.shift_left_v1"(%110, %112) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %114 = "vhlo.broadcast_in_dim_v1"(%10) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %115 = "vhlo.shift_right_logical_v1"(%110, %114) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %116 = "vhlo.or_v1"(%113, %115) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %117 = "vhlo.xor_v1"(%111, %116) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %118 = "vhlo.broadcast_in_dim_v1"(%arg0) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %119 = "vhlo.add_v1"(%111, %118) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %120 = "vhlo.broadcast_in_dim_v1"(%arg1) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %121 = "vhlo.add_v1"(%117, %120) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %122 = "vhlo.broadcast_in_dim_v1"(%6) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %123 = "vhlo.add_v1"(%121, %122) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %124 = "vhlo.add_v1"(%119, %123) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %125 = "vhlo.broadcast_in_dim_v1"(%11) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %126 = "vhlo.shift_left_v1"(%123, %125) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %127 = "vhlo.broadcast_in_dim_v1"(%12) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %128 = "vhlo.shift_right_logical_v1"(%123, %127) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %129 = "vhlo.or_v1"(%126, %128) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %130 = "vhlo.xor_v1"(%124, %129) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %131 = "vhlo.add_v1"(%124, %130) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %132 = "vhlo.broadcast_in_dim_v1"(%7) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %133 = "vhlo.shift_left_v1"(%130, %132) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %134 = "vhlo.broadcast_in_dim_v1"(%6) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %135 = "vhlo.shift_right_logical_v1"(%130, %134) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %136 = "vhlo.or_v1"(%133, %135) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %137 = "vhlo.xor_v1"(%131, %136) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %138 = "vhlo.add_v1"(%131, %137) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %139 = "vhlo.broadcast_in_dim_v1"(%5) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %140 = "vhlo.shift_left_v1"(%137, %139) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %141 = "vhlo.broadcast_in_dim_v1"(%5) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %142 = "vhlo.shift_right_logical_v1"(%137, %141) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %143 = "vhlo.or_v1"(%140, %142) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %144 = "vhlo.xor_v1"(%138, %143) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %145 = "vhlo.add_v1"(%138, %144) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %146 = "vhlo.broadcast_in_dim_v1"(%4) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %147 = "vhlo.shift_left_v1"(%144, %146) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %148 = "vhlo.broadcast_in_dim_v1"(%3) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %149 = "vhlo.shift_right_logical_v1"(%144, %148) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %150 = "vhlo.or_v1"(%147, %149) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %151 = "vhlo.xor_v1"(%145, %150) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %152 = "vhlo.broadcast_in_dim_v1"(%arg1) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %153 = "vhlo.add_v1"(%145, %152) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %154 = "vhlo.broadcast_in_dim_v1"(%17) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %155 = "vhlo.add_v1"(%151, %154) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %156 = "vhlo.broadcast_in_dim_v1"(%1) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %157 = "vhlo.add_v1"(%155, %156) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %158 = "vhlo.add_v1"(%153, %157) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %159 = "vhlo.broadcast_in_dim_v1"(%14) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %160 = "vhlo.shift_left_v1"(%157, %159) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %161 = "vhlo.broadcast_in_dim_v1"(%13) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %162 = "vhlo.shift_right_logical_v1"(%157, %161) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %163 = "vhlo.or_v1"(%160, %162) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %164 = "vhlo.xor_v1"(%158, %163) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %165 = "vhlo.add_v1"(%158, %164) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %166 = "vhlo.broadcast_in_dim_v1"(%12) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %167 = "vhlo.shift_left_v1"(%164, %166) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %168 = "vhlo.broadcast_in_dim_v1"(%11) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %169 = "vhlo.shift_right_logical_v1"(%164, %168) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %170 = "vhlo.or_v1"(%167, %169) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %171 = "vhlo.xor_v1"(%165, %170) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %172 = "vhlo.add_v1"(%165, %171) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %173 = "vhlo.broadcast_in_dim_v1"(%10) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %174 = "vhlo.shift_left_v1"(%171, %173) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %175 = "vhlo.broadcast_in_dim_v1"(%9) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %176 = "vhlo.shift_right_logical_v1"(%171, %175) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %177 = "vhlo.or_v1"(%174, %176) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %178 = "vhlo.xor_v1"(%172, %177) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %179 = "vhlo.add_v1"(%172, %178) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %180 = "vhlo.broadcast_in_dim_v1"(%9) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %181 = "vhlo.shift_left_v1"(%178, %180) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %182 = "vhlo.broadcast_in_dim_v1"(%10) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %183 = "vhlo.shift_right_logical_v1"(%178, %182) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %184 = "vhlo.or_v1"(%181, %183) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %185 = "vhlo.xor_v1"(%179, %184) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %186 = "vhlo.broadcast_in_dim_v1"(%17) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %187 = "vhlo.add_v1"(%179, %186) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %188 = "vhlo.broadcast_in_dim_v1"(%arg0) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %189 = "vhlo.add_v1"(%185, %188) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %190 = "vhlo.broadcast_in_dim_v1"(%0) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    %191 = "vhlo.add_v1"(%189, %190) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>
    "vhlo.return_v1"(%187, %191) : (!vhlo.tensor_v1<3x2x!vhlo.ui32_v1>, !vhlo.tensor_v1<3x2x!vhlo.ui32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
}
