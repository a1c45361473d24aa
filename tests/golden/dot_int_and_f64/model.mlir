module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x7xi32>, %arg1: tensor<7x3xi32>, %arg2: tensor<4x6xi8>, %arg3: tensor<6x2xi8>, %arg4: tensor<5x6xf64>, %arg5: tensor<6x4xf64>) -> (tensor<5x3xi32> {jax.result_info = "result[0]"}, tensor<4x2xi32> {jax.result_info = "result[1]"}, tensor<5x4xf64> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x7xi32>, tensor<7x3xi32>) -> tensor<5x3xi32>
    %1 = stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x6xi8>, tensor<6x2xi8>) -> tensor<4x2xi32>
    %2 = stablehlo.dot_general %arg4, %arg5, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x6xf64>, tensor<6x4xf64>) -> tensor<5x4xf64>
    return %0, %1, %2 : tensor<5x3xi32>, tensor<4x2xi32>, tensor<5x4xf64>
  }
}
