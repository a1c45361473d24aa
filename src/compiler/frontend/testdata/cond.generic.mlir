"builtin.module"() <{sym_name = "jit__lambda"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<i1>, tensor<3x3xf32>) -> tensor<3x3xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<i1>, %arg1: tensor<3x3xf32>):
    %0 = "stablehlo.convert"(%arg0) : (tensor<i1>) -> tensor<i32>
    %1 = "stablehlo.case"(%0) ({
      %5 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
      %6 = "stablehlo.broadcast_in_dim"(%5) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<3x3xf32>
      %7 = "stablehlo.multiply"(%arg1, %6) : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
      "stablehlo.return"(%7) : (tensor<3x3xf32>) -> ()
    }, {
      %2 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
      %3 = "stablehlo.broadcast_in_dim"(%2) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<3x3xf32>
      %4 = "stablehlo.add"(%arg1, %3) : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
      "stablehlo.return"(%4) : (tensor<3x3xf32>) -> ()
    }) : (tensor<i32>) -> tensor<3x3xf32>
    "func.return"(%1) : (tensor<3x3xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
