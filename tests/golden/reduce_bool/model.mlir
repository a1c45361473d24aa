module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x6xi1>) -> (tensor<4xi1> {jax.result_info = "result[0]"}, tensor<6xi1> {jax.result_info = "result[1]"}, tensor<i1> {jax.result_info = "result[2]"}, tensor<i1> {jax.result_info = "result[3]"}, tensor<4xi32> {jax.result_info = "result[4]"}) {
    %c = stablehlo.constant dense<true> : tensor<i1>
    %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.and across dimensions = [1] : (tensor<4x6xi1>, tensor<i1>) -> tensor<4xi1>
    %1 = stablehlo.slice %arg0 [1:4, 0:6] : (tensor<4x6xi1>) -> tensor<3x6xi1>
    %c_0 = stablehlo.constant dense<false> : tensor<i1>
    %2 = stablehlo.reduce(%1 init: %c_0) applies stablehlo.or across dimensions = [0] : (tensor<3x6xi1>, tensor<i1>) -> tensor<6xi1>
    %c_1 = stablehlo.constant dense<true> : tensor<i1>
    %3 = stablehlo.reduce(%arg0 init: %c_1) applies stablehlo.and across dimensions = [0, 1] : (tensor<4x6xi1>, tensor<i1>) -> tensor<i1>
    %4 = stablehlo.not %arg0 : tensor<4x6xi1>
    %c_2 = stablehlo.constant dense<false> : tensor<i1>
    %5 = stablehlo.reduce(%4 init: %c_2) applies stablehlo.or across dimensions = [0, 1] : (tensor<4x6xi1>, tensor<i1>) -> tensor<i1>
    %6 = stablehlo.convert %arg0 : (tensor<4x6xi1>) -> tensor<4x6xi32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.reduce(%6 init: %c_3) applies stablehlo.add across dimensions = [1] : (tensor<4x6xi32>, tensor<i32>) -> tensor<4xi32>
    return %0, %2, %3, %5, %7 : tensor<4xi1>, tensor<6xi1>, tensor<i1>, tensor<i1>, tensor<4xi32>
  }
}
