"builtin.module"() <{sym_name = "jit"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<1x6x6x2xf32>, tensor<3x3x2x3xf32>, tensor<3xf32>) -> (tensor<1x6x6x3xf32>, tensor<1x3x2x2xf32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg1: tensor<1x6x6x2xf32>, %arg2: tensor<3x3x2x3xf32>, %arg3: tensor<3xf32>):
    %3 = "stablehlo.convolution"(%arg1, %arg2) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<1> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<1x6x6x2xf32>, tensor<3x3x2x3xf32>) -> tensor<1x6x6x3xf32>
    %4 = "stablehlo.broadcast_in_dim"(%arg3) <{broadcast_dimensions = array<i64: 3>}> : (tensor<3xf32>) -> tensor<1x1x1x3xf32>
    %5 = "stablehlo.broadcast_in_dim"(%4) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x3xf32>) -> tensor<1x6x6x3xf32>
    %6 = "stablehlo.add"(%3, %5) : (tensor<1x6x6x3xf32>, tensor<1x6x6x3xf32>) -> tensor<1x6x6x3xf32>
    %7 = "func.call"(%6) <{callee = @relu}> : (tensor<1x6x6x3xf32>) -> tensor<1x6x6x3xf32>
    %8 = "stablehlo.transpose"(%arg1) <{permutation = array<i64: 0, 3, 1, 2>}> : (tensor<1x6x6x2xf32>) -> tensor<1x2x6x6xf32>
    %9 = "stablehlo.transpose"(%arg2) <{permutation = array<i64: 3, 2, 0, 1>}> : (tensor<3x3x2x3xf32>) -> tensor<3x2x3x3xf32>
    %10 = "stablehlo.convolution"(%8, %9) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 2, 2>}> : (tensor<1x2x6x6xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x2x2xf32>
    "func.return"(%7, %10) : (tensor<1x6x6x3xf32>, tensor<1x3x2x2xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<1x6x6x3xf32>) -> tensor<1x6x6x3xf32>, res_attrs = [{}], sym_name = "relu", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<1x6x6x3xf32>):
    %0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x6x6x3xf32>
    %2 = "stablehlo.maximum"(%arg0, %1) : (tensor<1x6x6x3xf32>, tensor<1x6x6x3xf32>) -> tensor<1x6x6x3xf32>
    "func.return"(%2) : (tensor<1x6x6x3xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
