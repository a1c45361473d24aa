module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<64x300xi32>) -> (tensor<64xi32> {jax.result_info = "result[0]"}, tensor<64xi32> {jax.result_info = "result[1]"}) {
    %c = stablehlo.constant dense<7> : tensor<i32>
    %0 = call @remainder(%arg0, %c) : (tensor<64x300xi32>, tensor<i32>) -> tensor<64x300xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<64x300xi32>
    %2 = stablehlo.compare EQ, %0, %1, SIGNED : (tensor<64x300xi32>, tensor<64x300xi32>) -> tensor<64x300xi1>
    %c_1 = stablehlo.constant dense<2> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<64x300xi32>
    %4 = stablehlo.shift_right_arithmetic %arg0, %3 : tensor<64x300xi32>
    %c_2 = stablehlo.constant dense<23130> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<64x300xi32>
    %6 = stablehlo.xor %arg0, %5 : tensor<64x300xi32>
    %7 = call @_where_0(%2, %4, %6) : (tensor<64x300xi1>, tensor<64x300xi32>, tensor<64x300xi32>) -> tensor<64x300xi32>
    %8 = call @argmax(%arg0) : (tensor<64x300xi32>) -> tensor<64xi32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.reduce(%7 init: %c_3) applies stablehlo.add across dimensions = [1] : (tensor<64x300xi32>, tensor<i32>) -> tensor<64xi32>
    return %8, %9 : tensor<64xi32>, tensor<64xi32>
  }
  func.func private @remainder(%arg0: tensor<64x300xi32>, %arg1: tensor<i32>) -> tensor<64x300xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @_where(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<64x300xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<64x300xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<64x300xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<64x300xi32>, tensor<64x300xi32>) -> tensor<64x300xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<64x300xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<64x300xi32>, tensor<64x300xi32>) -> tensor<64x300xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<64x300xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<64x300xi1>, tensor<64x300xi1>) -> tensor<64x300xi1>
    %12 = stablehlo.and %11, %6 : tensor<64x300xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<64x300xi32>
    %14 = stablehlo.add %4, %13 : tensor<64x300xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<64x300xi1>, tensor<64x300xi32>
    return %15 : tensor<64x300xi32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @_where_0(%arg0: tensor<64x300xi1>, %arg1: tensor<64x300xi32>, %arg2: tensor<64x300xi32>) -> tensor<64x300xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<64x300xi1>, tensor<64x300xi32>
    return %0 : tensor<64x300xi32>
  }
  func.func private @argmax(%arg0: tensor<64x300xi32>) -> tensor<64xi32> {
    %0 = stablehlo.iota dim = 1 : tensor<64x300xi32>
    %c = stablehlo.constant dense<-2147483648> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.reduce(%arg0 init: %c), (%0 init: %c_0) across dimensions = [1] : (tensor<64x300xi32>, tensor<64x300xi32>, tensor<i32>, tensor<i32>) -> (tensor<64xi32>, tensor<64xi32>)
     reducer(%arg1: tensor<i32>, %arg3: tensor<i32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %2 = stablehlo.compare GT, %arg1, %arg3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %3 = stablehlo.compare NE, %arg1, %arg1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %4 = stablehlo.or %2, %3 : tensor<i1>
      %5 = stablehlo.compare EQ, %arg1, %arg3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %6 = stablehlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %7 = stablehlo.and %5, %6 : tensor<i1>
      %8 = stablehlo.or %4, %7 : tensor<i1>
      %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<i32>
      %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>
      stablehlo.return %9, %10 : tensor<i32>, tensor<i32>
    }
    return %1#1 : tensor<64xi32>
  }
}
