"builtin.module"() <{sym_name = "jit__mlp"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}, {}, {}], function_type = (tensor<4x16xf32>, tensor<16x32xf32>, tensor<32xf32>, tensor<32x10xf32>, tensor<10xf32>) -> tensor<4x10xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg1: tensor<4x16xf32>, %arg2: tensor<16x32xf32>, %arg3: tensor<32xf32>, %arg4: tensor<32x10xf32>, %arg5: tensor<10xf32>):
    %3 = "stablehlo.dot_general"(%arg1, %arg2) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16xf32>, tensor<16x32xf32>) -> tensor<4x32xf32>
    %4 = "stablehlo.broadcast_in_dim"(%arg3) <{broadcast_dimensions = array<i64: 1>}> : (tensor<32xf32>) -> tensor<1x32xf32>
    %5 = "stablehlo.broadcast_in_dim"(%4) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x32xf32>) -> tensor<4x32xf32>
    %6 = "stablehlo.add"(%3, %5) : (tensor<4x32xf32>, tensor<4x32xf32>) -> tensor<4x32xf32>
    %7 = "func.call"(%6) <{callee = @relu}> : (tensor<4x32xf32>) -> tensor<4x32xf32>
    %8 = "stablehlo.dot_general"(%7, %arg4) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x32xf32>, tensor<32x10xf32>) -> tensor<4x10xf32>
    %9 = "stablehlo.broadcast_in_dim"(%arg5) <{broadcast_dimensions = array<i64: 1>}> : (tensor<10xf32>) -> tensor<1x10xf32>
    %10 = "stablehlo.broadcast_in_dim"(%9) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x10xf32>) -> tensor<4x10xf32>
    %11 = "stablehlo.add"(%8, %10) : (tensor<4x10xf32>, tensor<4x10xf32>) -> tensor<4x10xf32>
    %12 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %13 = "stablehlo.reduce"(%11, %12) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg8: tensor<f32>, %arg9: tensor<f32>):
      %27 = "stablehlo.maximum"(%arg8, %arg9) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%27) : (tensor<f32>) -> ()
    }) : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %14 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %15 = "stablehlo.broadcast_in_dim"(%14) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4xf32>
    %16 = "stablehlo.maximum"(%15, %13) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %17 = "stablehlo.broadcast_in_dim"(%16) <{broadcast_dimensions = array<i64: 0>}> : (tensor<4xf32>) -> tensor<4x1xf32>
    %18 = "stablehlo.broadcast_in_dim"(%17) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x1xf32>) -> tensor<4x10xf32>
    %19 = "stablehlo.subtract"(%11, %18) : (tensor<4x10xf32>, tensor<4x10xf32>) -> tensor<4x10xf32>
    %20 = "stablehlo.exponential"(%19) : (tensor<4x10xf32>) -> tensor<4x10xf32>
    %21 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %22 = "stablehlo.reduce"(%20, %21) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg6: tensor<f32>, %arg7: tensor<f32>):
      %26 = "stablehlo.add"(%arg6, %arg7) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%26) : (tensor<f32>) -> ()
    }) : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %23 = "stablehlo.broadcast_in_dim"(%22) <{broadcast_dimensions = array<i64: 0>}> : (tensor<4xf32>) -> tensor<4x1xf32>
    %24 = "stablehlo.broadcast_in_dim"(%23) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x1xf32>) -> tensor<4x10xf32>
    %25 = "stablehlo.divide"(%20, %24) : (tensor<4x10xf32>, tensor<4x10xf32>) -> tensor<4x10xf32>
    "func.return"(%25) : (tensor<4x10xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<4x32xf32>) -> tensor<4x32xf32>, res_attrs = [{}], sym_name = "relu", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<4x32xf32>):
    %0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x32xf32>
    %2 = "stablehlo.maximum"(%arg0, %1) : (tensor<4x32xf32>, tensor<4x32xf32>) -> tensor<4x32xf32>
    "func.return"(%2) : (tensor<4x32xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
