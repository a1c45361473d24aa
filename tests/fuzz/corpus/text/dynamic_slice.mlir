module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x8xf32>, %arg1: tensor<i32>, %arg2: tensor<i32>, %arg3: tensor<2x3xf32>, %arg4: tensor<i32>) -> (tensor<3x3xf32> {jax.result_info = "result[0]"}, tensor<2x8xf32> {jax.result_info = "result[1]"}, tensor<6x8xf32> {jax.result_info = "result[2]"}, tensor<6x8xf32> {jax.result_info = "result[3]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.compare LT, %arg1, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<6> : tensor<i32>
    %1 = stablehlo.add %arg1, %c_0 : tensor<i32>
    %2 = stablehlo.select %0, %1, %arg1 : tensor<i1>, tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.compare LT, %arg2, %c_1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_2 = stablehlo.constant dense<8> : tensor<i32>
    %4 = stablehlo.add %arg2, %c_2 : tensor<i32>
    %5 = stablehlo.select %3, %4, %arg2 : tensor<i1>, tensor<i32>
    %6 = stablehlo.dynamic_slice %arg0, %2, %5, sizes = [3, 3] : (tensor<6x8xf32>, tensor<i32>, tensor<i32>) -> tensor<3x3xf32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.compare LT, %arg4, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_4 = stablehlo.constant dense<6> : tensor<i32>
    %8 = stablehlo.add %arg4, %c_4 : tensor<i32>
    %9 = stablehlo.select %7, %8, %arg4 : tensor<i1>, tensor<i32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %10 = stablehlo.dynamic_slice %arg0, %9, %c_5, sizes = [2, 8] : (tensor<6x8xf32>, tensor<i32>, tensor<i32>) -> tensor<2x8xf32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %11 = stablehlo.compare LT, %arg1, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_7 = stablehlo.constant dense<6> : tensor<i32>
    %12 = stablehlo.add %arg1, %c_7 : tensor<i32>
    %13 = stablehlo.select %11, %12, %arg1 : tensor<i1>, tensor<i32>
    %c_8 = stablehlo.constant dense<0> : tensor<i32>
    %14 = stablehlo.compare LT, %arg2, %c_8, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_9 = stablehlo.constant dense<8> : tensor<i32>
    %15 = stablehlo.add %arg2, %c_9 : tensor<i32>
    %16 = stablehlo.select %14, %15, %arg2 : tensor<i1>, tensor<i32>
    %17 = stablehlo.dynamic_update_slice %arg0, %arg3, %13, %16 : (tensor<6x8xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<6x8xf32>
    %c_10 = stablehlo.constant dense<0> : tensor<i32>
    %18 = stablehlo.compare LT, %arg4, %c_10, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_11 = stablehlo.constant dense<6> : tensor<i32>
    %19 = stablehlo.add %arg4, %c_11 : tensor<i32>
    %20 = stablehlo.select %18, %19, %arg4 : tensor<i1>, tensor<i32>
    %c_12 = stablehlo.constant dense<0> : tensor<i32>
    %21 = stablehlo.compare LT, %arg4, %c_12, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_13 = stablehlo.constant dense<8> : tensor<i32>
    %22 = stablehlo.add %arg4, %c_13 : tensor<i32>
    %23 = stablehlo.select %21, %22, %arg4 : tensor<i1>, tensor<i32>
    %24 = stablehlo.dynamic_update_slice %arg0, %arg3, %20, %23 : (tensor<6x8xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<6x8xf32>
    return %6, %10, %17, %24 : tensor<3x3xf32>, tensor<2x8xf32>, tensor<6x8xf32>, tensor<6x8xf32>
  }
}
