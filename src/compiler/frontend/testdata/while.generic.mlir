"builtin.module"() <{sym_name = "jit__lambda"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<i64>) -> tensor<f64>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<i64>):
    %0 = "stablehlo.constant"() <{value = dense<0> : tensor<i64>}> : () -> tensor<i64>
    %1 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %2:3 = "stablehlo.while"(%0, %arg0, %1) ({
    ^bb0(%arg4: tensor<i64>, %arg5: tensor<i64>, %arg6: tensor<f64>):
      %7 = "stablehlo.compare"(%arg4, %arg5) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
      "stablehlo.return"(%7) : (tensor<i1>) -> ()
    }, {
    ^bb0(%arg1: tensor<i64>, %arg2: tensor<i64>, %arg3: tensor<f64>):
      %3 = "stablehlo.constant"() <{value = dense<1> : tensor<i64>}> : () -> tensor<i64>
      %4 = "stablehlo.add"(%arg1, %3) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      %5 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f64>}> : () -> tensor<f64>
      %6 = "stablehlo.multiply"(%arg3, %5) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%4, %arg2, %6) : (tensor<i64>, tensor<i64>, tensor<f64>) -> ()
    }) : (tensor<i64>, tensor<i64>, tensor<f64>) -> (tensor<i64>, tensor<i64>, tensor<f64>)
    "func.return"(%2#2) : (tensor<f64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
