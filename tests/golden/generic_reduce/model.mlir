"builtin.module"() <{sym_name = "jit"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<3x4x5xf32>) -> (tensor<4xf32>, tensor<3x5xf32>, tensor<3x4xi32>, tensor<3x4x3xf32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}, {jax.result_info = "result[3]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg5: tensor<3x4x5xf32>):
    %13 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %14 = "stablehlo.reduce"(%arg5, %13) <{dimensions = array<i64: 0, 2>}> ({
    ^bb0(%arg10: tensor<f32>, %arg11: tensor<f32>):
      %24 = "stablehlo.add"(%arg10, %arg11) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%24) : (tensor<f32>) -> ()
    }) : (tensor<3x4x5xf32>, tensor<f32>) -> tensor<4xf32>
    %15 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %16 = "stablehlo.reduce"(%arg5, %15) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg8: tensor<f32>, %arg9: tensor<f32>):
      %23 = "stablehlo.maximum"(%arg8, %arg9) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%23) : (tensor<f32>) -> ()
    }) : (tensor<3x4x5xf32>, tensor<f32>) -> tensor<3x5xf32>
    %17 = "func.call"(%arg5) <{callee = @argmax}> : (tensor<3x4x5xf32>) -> tensor<3x4xi64>
    %18 = "stablehlo.convert"(%17) : (tensor<3x4xi64>) -> tensor<3x4xi32>
    %19 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %20 = "stablehlo.broadcast_in_dim"(%19) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<f32>
    %21 = "stablehlo.reduce_window"(%arg5, %20) <{base_dilations = array<i64: 1, 1, 1>, padding = dense<[[0, 0], [0, 1], [0, 1]]> : tensor<3x2xi64>, window_dilations = array<i64: 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2>, window_strides = array<i64: 1, 1, 2>}> ({
    ^bb0(%arg6: tensor<f32>, %arg7: tensor<f32>):
      %22 = "stablehlo.maximum"(%arg6, %arg7) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%22) : (tensor<f32>) -> ()
    }) : (tensor<3x4x5xf32>, tensor<f32>) -> tensor<3x4x3xf32>
    "func.return"(%14, %16, %18, %21) : (tensor<4xf32>, tensor<3x5xf32>, tensor<3x4xi32>, tensor<3x4x3xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<3x4x5xf32>) -> tensor<3x4xi64>, sym_name = "argmax", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<3x4x5xf32>):
    %0 = "stablehlo.iota"() <{iota_dimension = 2 : i64}> : () -> tensor<3x4x5xi64>
    %1 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %2 = "stablehlo.constant"() <{value = dense<0> : tensor<i64>}> : () -> tensor<i64>
    %3:2 = "stablehlo.reduce"(%arg0, %0, %1, %2) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<i64>, %arg3: tensor<f32>, %arg4: tensor<i64>):
      %4 = "stablehlo.compare"(%arg1, %arg3) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %5 = "stablehlo.compare"(%arg1, %arg1) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %6 = "stablehlo.or"(%4, %5) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      %7 = "stablehlo.compare"(%arg1, %arg3) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %8 = "stablehlo.compare"(%arg2, %arg4) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
      %9 = "stablehlo.and"(%7, %8) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      %10 = "stablehlo.or"(%6, %9) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      %11 = "stablehlo.select"(%6, %arg1, %arg3) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
      %12 = "stablehlo.select"(%10, %arg2, %arg4) : (tensor<i1>, tensor<i64>, tensor<i64>) -> tensor<i64>
      "stablehlo.return"(%11, %12) : (tensor<f32>, tensor<i64>) -> ()
    }) : (tensor<3x4x5xf32>, tensor<3x4x5xi64>, tensor<f32>, tensor<i64>) -> (tensor<3x4xf32>, tensor<3x4xi64>)
    "func.return"(%3#1) : (tensor<3x4xi64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
