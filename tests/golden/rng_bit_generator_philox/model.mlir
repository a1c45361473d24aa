module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xui32>, %arg1: tensor<4xui32>) -> (tensor<4xui32> {jax.result_info = "result[0][0]"}, tensor<3x5xui32> {jax.result_info = "result[0][1]"}, tensor<4xui32> {jax.result_info = "result[1][0]"}, tensor<4x6xui32> {jax.result_info = "result[1][1]"}, tensor<4xui32> {jax.result_info = "result[2][0]"}, tensor<2x3x5xui32> {jax.result_info = "result[2][1]"}, tensor<4xui32> {jax.result_info = "result[3][0]"}, tensor<ui32> {jax.result_info = "result[3][1]"}, tensor<4xui32> {jax.result_info = "result[4][0]"}, tensor<7xui64> {jax.result_info = "result[4][1]"}, tensor<4xui32> {jax.result_info = "result[5][0]"}, tensor<5x3xui8> {jax.result_info = "result[5][1]"}, tensor<4xui32> {jax.result_info = "result[6][0]"}, tensor<9xui16> {jax.result_info = "result[6][1]"}, tensor<4xui32> {jax.result_info = "result[7][0]"}, tensor<6xui32> {jax.result_info = "result[7][1]"}, tensor<4xui32> {jax.result_info = "result[8][0]"}, tensor<3xui64> {jax.result_info = "result[8][1]"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
    %1 = stablehlo.bitcast_convert %0 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state, %output = stablehlo.rng_bit_generator %1, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x5xui32>)
    %2 = stablehlo.bitcast_convert %output_state : (tensor<2xui64>) -> tensor<2x2xui32>
    %3 = stablehlo.reshape %2 : (tensor<2x2xui32>) -> tensor<4xui32>
    %4 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
    %5 = stablehlo.bitcast_convert %4 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state_0, %output_1 = stablehlo.rng_bit_generator %5, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x6xui32>)
    %6 = stablehlo.bitcast_convert %output_state_0 : (tensor<2xui64>) -> tensor<2x2xui32>
    %7 = stablehlo.reshape %6 : (tensor<2x2xui32>) -> tensor<4xui32>
    %8 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
    %9 = stablehlo.bitcast_convert %8 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state_2, %output_3 = stablehlo.rng_bit_generator %9, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3x5xui32>)
    %10 = stablehlo.bitcast_convert %output_state_2 : (tensor<2xui64>) -> tensor<2x2xui32>
    %11 = stablehlo.reshape %10 : (tensor<2x2xui32>) -> tensor<4xui32>
    %12 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
    %13 = stablehlo.bitcast_convert %12 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state_4, %output_5 = stablehlo.rng_bit_generator %13, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<ui32>)
    %14 = stablehlo.bitcast_convert %output_state_4 : (tensor<2xui64>) -> tensor<2x2xui32>
    %15 = stablehlo.reshape %14 : (tensor<2x2xui32>) -> tensor<4xui32>
    %16 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
    %17 = stablehlo.bitcast_convert %16 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state_6, %output_7 = stablehlo.rng_bit_generator %17, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<7xui64>)
    %18 = stablehlo.bitcast_convert %output_state_6 : (tensor<2xui64>) -> tensor<2x2xui32>
    %19 = stablehlo.reshape %18 : (tensor<2x2xui32>) -> tensor<4xui32>
    %20 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
    %21 = stablehlo.bitcast_convert %20 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state_8, %output_9 = stablehlo.rng_bit_generator %21, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<5x3xui8>)
    %22 = stablehlo.bitcast_convert %output_state_8 : (tensor<2xui64>) -> tensor<2x2xui32>
    %23 = stablehlo.reshape %22 : (tensor<2x2xui32>) -> tensor<4xui32>
    %24 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
    %25 = stablehlo.bitcast_convert %24 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state_10, %output_11 = stablehlo.rng_bit_generator %25, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<9xui16>)
    %26 = stablehlo.bitcast_convert %output_state_10 : (tensor<2xui64>) -> tensor<2x2xui32>
    %27 = stablehlo.reshape %26 : (tensor<2x2xui32>) -> tensor<4xui32>
    %28 = stablehlo.reshape %arg1 : (tensor<4xui32>) -> tensor<2x2xui32>
    %29 = stablehlo.bitcast_convert %28 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state_12, %output_13 = stablehlo.rng_bit_generator %29, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<6xui32>)
    %30 = stablehlo.bitcast_convert %output_state_12 : (tensor<2xui64>) -> tensor<2x2xui32>
    %31 = stablehlo.reshape %30 : (tensor<2x2xui32>) -> tensor<4xui32>
    %32 = stablehlo.reshape %arg1 : (tensor<4xui32>) -> tensor<2x2xui32>
    %33 = stablehlo.bitcast_convert %32 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state_14, %output_15 = stablehlo.rng_bit_generator %33, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3xui64>)
    %34 = stablehlo.bitcast_convert %output_state_14 : (tensor<2xui64>) -> tensor<2x2xui32>
    %35 = stablehlo.reshape %34 : (tensor<2x2xui32>) -> tensor<4xui32>
    return %3, %output, %7, %output_1, %11, %output_3, %15, %output_5, %19, %output_7, %23, %output_9, %27, %output_11, %31, %output_13, %35, %output_15 : tensor<4xui32>, tensor<3x5xui32>, tensor<4xui32>, tensor<4x6xui32>, tensor<4xui32>, tensor<2x3x5xui32>, tensor<4xui32>, tensor<ui32>, tensor<4xui32>, tensor<7xui64>, tensor<4xui32>, tensor<5x3xui8>, tensor<4xui32>, tensor<9xui16>, tensor<4xui32>, tensor<6xui32>, tensor<4xui32>, tensor<3xui64>
  }
}
