module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xi32>, %arg1: tensor<4x8xui8>, %arg2: tensor<4x8xi16>, %arg3: tensor<3x5xi64>, %arg4: tensor<6xui64>) -> (tensor<8xi32> {jax.result_info = "result[0]"}, tensor<4xui8> {jax.result_info = "result[1]"}, tensor<8xi16> {jax.result_info = "result[2]"}, tensor<3xi64> {jax.result_info = "result[3]"}, tensor<ui64> {jax.result_info = "result[4]"}, tensor<4xi32> {jax.result_info = "result[5]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.add across dimensions = [0] : (tensor<4x8xi32>, tensor<i32>) -> tensor<8xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<ui8>
    %1 = stablehlo.reduce(%arg1 init: %c_0) applies stablehlo.maximum across dimensions = [1] : (tensor<4x8xui8>, tensor<ui8>) -> tensor<4xui8>
    %c_1 = stablehlo.constant dense<32767> : tensor<i16>
    %2 = stablehlo.reduce(%arg2 init: %c_1) applies stablehlo.minimum across dimensions = [0] : (tensor<4x8xi16>, tensor<i16>) -> tensor<8xi16>
    %c_2 = stablehlo.constant dense<1> : tensor<i64>
    %3 = stablehlo.reduce(%arg3 init: %c_2) applies stablehlo.multiply across dimensions = [1] : (tensor<3x5xi64>, tensor<i64>) -> tensor<3xi64>
    %c_3 = stablehlo.constant dense<0> : tensor<ui64>
    %4 = stablehlo.reduce(%arg4 init: %c_3) applies stablehlo.add across dimensions = [0] : (tensor<6xui64>, tensor<ui64>) -> tensor<ui64>
    %5 = call @argmax(%arg0) : (tensor<4x8xi32>) -> tensor<4xi64>
    %6 = stablehlo.convert %5 : (tensor<4xi64>) -> tensor<4xi32>
    return %0, %1, %2, %3, %4, %6 : tensor<8xi32>, tensor<4xui8>, tensor<8xi16>, tensor<3xi64>, tensor<ui64>, tensor<4xi32>
  }
  func.func private @argmax(%arg0: tensor<4x8xi32>) -> tensor<4xi64> {
    %0 = stablehlo.iota dim = 1 : tensor<4x8xi64>
    %c = stablehlo.constant dense<-2147483648> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i64>
    %1:2 = stablehlo.reduce(%arg0 init: %c), (%0 init: %c_0) across dimensions = [1] : (tensor<4x8xi32>, tensor<4x8xi64>, tensor<i32>, tensor<i64>) -> (tensor<4xi32>, tensor<4xi64>)
     reducer(%arg1: tensor<i32>, %arg3: tensor<i32>) (%arg2: tensor<i64>, %arg4: tensor<i64>)  {
      %2 = stablehlo.compare GT, %arg1, %arg3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %3 = stablehlo.compare NE, %arg1, %arg1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %4 = stablehlo.or %2, %3 : tensor<i1>
      %5 = stablehlo.compare EQ, %arg1, %arg3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %6 = stablehlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      %7 = stablehlo.and %5, %6 : tensor<i1>
      %8 = stablehlo.or %4, %7 : tensor<i1>
      %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<i32>
      %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i64>
      stablehlo.return %9, %10 : tensor<i32>, tensor<i64>
    }
    return %1#1 : tensor<4xi64>
  }
}
