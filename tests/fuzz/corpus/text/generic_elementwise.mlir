"builtin.module"() <{sym_name = "jit"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<4x6xf32>, tensor<4x6xi32>) -> (tensor<4x6xf32>, tensor<4x6xi32>, tensor<4x6xf32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg4: tensor<4x6xf32>, %arg5: tensor<4x6xi32>):
    %2 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %3 = "stablehlo.broadcast_in_dim"(%2) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x6xi32>
    %4 = "stablehlo.compare"(%arg5, %3) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<4x6xi32>, tensor<4x6xi32>) -> tensor<4x6xi1>
    %5 = "stablehlo.exponential"(%arg4) : (tensor<4x6xf32>) -> tensor<4x6xf32>
    %6 = "stablehlo.sine"(%arg4) : (tensor<4x6xf32>) -> tensor<4x6xf32>
    %7 = "func.call"(%4, %5, %6) <{callee = @_where}> : (tensor<4x6xi1>, tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    %8 = "stablehlo.convert"(%arg5) : (tensor<4x6xi32>) -> tensor<4x6xf32>
    %9 = "stablehlo.add"(%7, %8) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    %10 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<6xf32>
    %11 = "stablehlo.broadcast_in_dim"(%10) <{broadcast_dimensions = array<i64: 1>}> : (tensor<6xf32>) -> tensor<1x6xf32>
    %12 = "stablehlo.broadcast_in_dim"(%11) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x6xf32>) -> tensor<4x6xf32>
    %13 = "stablehlo.add"(%9, %12) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    %14 = "stablehlo.constant"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
    %15 = "stablehlo.broadcast_in_dim"(%14) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x6xi32>
    %16 = "stablehlo.shift_left"(%arg5, %15) : (tensor<4x6xi32>, tensor<4x6xi32>) -> tensor<4x6xi32>
    %17 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %18 = "stablehlo.broadcast_in_dim"(%17) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x6xi32>
    %19 = "stablehlo.shift_right_arithmetic"(%arg5, %18) : (tensor<4x6xi32>, tensor<4x6xi32>) -> tensor<4x6xi32>
    %20 = "stablehlo.xor"(%16, %19) : (tensor<4x6xi32>, tensor<4x6xi32>) -> tensor<4x6xi32>
    %21 = "func.call"(%arg4) <{callee = @round}> : (tensor<4x6xf32>) -> tensor<4x6xf32>
    "func.return"(%13, %20, %21) : (tensor<4x6xf32>, tensor<4x6xi32>, tensor<4x6xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<4x6xi1>, tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>, res_attrs = [{}], sym_name = "_where", sym_visibility = "private"}> ({
  ^bb0(%arg1: tensor<4x6xi1>, %arg2: tensor<4x6xf32>, %arg3: tensor<4x6xf32>):
    %1 = "stablehlo.select"(%arg1, %arg2, %arg3) : (tensor<4x6xi1>, tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    "func.return"(%1) : (tensor<4x6xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<4x6xf32>) -> tensor<4x6xf32>, res_attrs = [{}], sym_name = "round", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<4x6xf32>):
    %0 = "stablehlo.round_nearest_even"(%arg0) : (tensor<4x6xf32>) -> tensor<4x6xf32>
    "func.return"(%0) : (tensor<4x6xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
