module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xui32>) -> (tensor<4xui32> {jax.result_info = "result[0][0]"}, tensor<4x7xui32> {jax.result_info = "result[0][1]"}, tensor<3x5xf32> {jax.result_info = "result[1]"}, tensor<6xf32> {jax.result_info = "result[2]"}, tensor<8xi64> {jax.result_info = "result[3]"}, tensor<10xi64> {jax.result_info = "result[4]"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
    %1 = stablehlo.bitcast_convert %0 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state, %output = stablehlo.rng_bit_generator %1, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x7xui32>)
    %2 = stablehlo.bitcast_convert %output_state : (tensor<2xui64>) -> tensor<2x2xui32>
    %3 = stablehlo.reshape %2 : (tensor<2x2xui32>) -> tensor<4xui32>
    %4 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
    %5 = stablehlo.bitcast_convert %4 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state_0, %output_1 = stablehlo.rng_bit_generator %5, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<20x4xui32>)
    %6 = stablehlo.bitcast_convert %output_state_0 : (tensor<2xui64>) -> tensor<2x2xui32>
    %7 = stablehlo.reshape %6 : (tensor<2x2xui32>) -> tensor<4xui32>
    %8 = stablehlo.slice %output_1 [0:20:10, 0:4] : (tensor<20x4xui32>) -> tensor<2x4xui32>
    %9 = stablehlo.slice %8 [0:1, 0:4] : (tensor<2x4xui32>) -> tensor<1x4xui32>
    %10 = stablehlo.reshape %9 : (tensor<1x4xui32>) -> tensor<4xui32>
    %11 = stablehlo.slice %8 [1:2, 0:4] : (tensor<2x4xui32>) -> tensor<1x4xui32>
    %12 = stablehlo.reshape %11 : (tensor<1x4xui32>) -> tensor<4xui32>
    %13 = call @_normal(%10) : (tensor<4xui32>) -> tensor<3x5xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %14 = call @_uniform_0(%12, %cst, %cst_2) : (tensor<4xui32>, tensor<f64>, tensor<f64>) -> tensor<6xf32>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %c_3 = stablehlo.constant dense<100> : tensor<i64>
    %15 = call @_randint(%10, %c, %c_3) : (tensor<4xui32>, tensor<i64>, tensor<i64>) -> tensor<8xi64>
    %16 = stablehlo.iota dim = 0 : tensor<10xi64>
    %17 = call @_shuffle(%12, %16) : (tensor<4xui32>, tensor<10xi64>) -> tensor<10xi64>
    return %3, %output, %13, %14, %15, %17 : tensor<4xui32>, tensor<4x7xui32>, tensor<3x5xf32>, tensor<6xf32>, tensor<8xi64>, tensor<10xi64>
  }
  func.func private @_normal(%arg0: tensor<4xui32>) -> tensor<3x5xf32> {
    %0 = call @_normal_real(%arg0) : (tensor<4xui32>) -> tensor<3x5xf32>
    return %0 : tensor<3x5xf32>
  }
  func.func private @_normal_real(%arg0: tensor<4xui32>) -> tensor<3x5xf32> {
    %cst = stablehlo.constant dense<-0.99999994> : tensor<f32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %0 = call @_uniform(%arg0, %cst, %cst_0) : (tensor<4xui32>, tensor<f32>, tensor<f32>) -> tensor<3x5xf32>
    %1 = chlo.erf_inv %0 : tensor<3x5xf32> -> tensor<3x5xf32>
    %cst_1 = stablehlo.constant dense<1.41421354> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<3x5xf32>
    %3 = stablehlo.multiply %2, %1 : tensor<3x5xf32>
    return %3 : tensor<3x5xf32>
  }
  func.func private @_uniform(%arg0: tensor<4xui32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<3x5xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %2 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
    %3 = stablehlo.bitcast_convert %2 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state, %output = stablehlo.rng_bit_generator %3, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x5xui32>)
    %4 = stablehlo.bitcast_convert %output_state : (tensor<2xui64>) -> tensor<2x2xui32>
    %5 = stablehlo.reshape %4 : (tensor<2x2xui32>) -> tensor<4xui32>
    %c = stablehlo.constant dense<9> : tensor<ui32>
    %6 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui32>) -> tensor<3x5xui32>
    %7 = stablehlo.shift_right_logical %output, %6 : tensor<3x5xui32>
    %c_0 = stablehlo.constant dense<1065353216> : tensor<ui32>
    %8 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui32>) -> tensor<3x5xui32>
    %9 = stablehlo.or %7, %8 : tensor<3x5xui32>
    %10 = stablehlo.bitcast_convert %9 : (tensor<3x5xui32>) -> tensor<3x5xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x5xf32>
    %12 = stablehlo.subtract %10, %11 : tensor<3x5xf32>
    %13 = stablehlo.subtract %1, %0 : tensor<1x1xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<3x5xf32>
    %15 = stablehlo.multiply %12, %14 : tensor<3x5xf32>
    %16 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<3x5xf32>
    %17 = stablehlo.add %15, %16 : tensor<3x5xf32>
    %18 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<3x5xf32>
    %19 = stablehlo.maximum %18, %17 : tensor<3x5xf32>
    return %19 : tensor<3x5xf32>
  }
  func.func private @_uniform_0(%arg0: tensor<4xui32>, %arg1: tensor<f64>, %arg2: tensor<f64>) -> tensor<6xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<f64>) -> tensor<f32>
    %1 = stablehlo.convert %arg2 : (tensor<f64>) -> tensor<f32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %4 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
    %5 = stablehlo.bitcast_convert %4 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state, %output = stablehlo.rng_bit_generator %5, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<6xui32>)
    %6 = stablehlo.bitcast_convert %output_state : (tensor<2xui64>) -> tensor<2x2xui32>
    %7 = stablehlo.reshape %6 : (tensor<2x2xui32>) -> tensor<4xui32>
    %c = stablehlo.constant dense<9> : tensor<ui32>
    %8 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %9 = stablehlo.shift_right_logical %output, %8 : tensor<6xui32>
    %c_0 = stablehlo.constant dense<1065353216> : tensor<ui32>
    %10 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %11 = stablehlo.or %9, %10 : tensor<6xui32>
    %12 = stablehlo.bitcast_convert %11 : (tensor<6xui32>) -> tensor<6xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %14 = stablehlo.subtract %12, %13 : tensor<6xf32>
    %15 = stablehlo.subtract %3, %2 : tensor<1xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0] : (tensor<1xf32>) -> tensor<6xf32>
    %17 = stablehlo.multiply %14, %16 : tensor<6xf32>
    %18 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<1xf32>) -> tensor<6xf32>
    %19 = stablehlo.add %17, %18 : tensor<6xf32>
    %20 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<1xf32>) -> tensor<6xf32>
    %21 = stablehlo.maximum %20, %19 : tensor<6xf32>
    return %21 : tensor<6xf32>
  }
  func.func private @_randint(%arg0: tensor<4xui32>, %arg1: tensor<i64>, %arg2: tensor<i64>) -> tensor<8xi64> {
    %c = stablehlo.constant dense<9223372036854775807> : tensor<i64>
    %c_0 = stablehlo.constant dense<-9223372036854775808> : tensor<i64>
    %c_1 = stablehlo.constant dense<9223372036854775807> : tensor<i64>
    %0 = call @clip(%c, %c_0, %c_1) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %1 = stablehlo.compare GT, %arg2, %0, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %c_2 = stablehlo.constant dense<-9223372036854775808> : tensor<i64>
    %c_3 = stablehlo.constant dense<9223372036854775807> : tensor<i64>
    %2 = call @clip_1(%arg1, %c_2, %c_3) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %3 = stablehlo.convert %2 : tensor<i64>
    %c_4 = stablehlo.constant dense<-9223372036854775808> : tensor<i64>
    %c_5 = stablehlo.constant dense<9223372036854775807> : tensor<i64>
    %4 = call @clip_1(%arg2, %c_4, %c_5) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %5 = stablehlo.convert %4 : tensor<i64>
    %6 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i64>) -> tensor<1xi64>
    %7 = stablehlo.broadcast_in_dim %5, dims = [] : (tensor<i64>) -> tensor<1xi64>
    %8 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
    %9 = stablehlo.bitcast_convert %8 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state, %output = stablehlo.rng_bit_generator %9, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<20x4xui32>)
    %10 = stablehlo.bitcast_convert %output_state : (tensor<2xui64>) -> tensor<2x2xui32>
    %11 = stablehlo.reshape %10 : (tensor<2x2xui32>) -> tensor<4xui32>
    %12 = stablehlo.slice %output [0:20:10, 0:4] : (tensor<20x4xui32>) -> tensor<2x4xui32>
    %13 = stablehlo.slice %12 [0:1, 0:4] : (tensor<2x4xui32>) -> tensor<1x4xui32>
    %14 = stablehlo.reshape %13 : (tensor<1x4xui32>) -> tensor<4xui32>
    %15 = stablehlo.slice %12 [1:2, 0:4] : (tensor<2x4xui32>) -> tensor<1x4xui32>
    %16 = stablehlo.reshape %15 : (tensor<1x4xui32>) -> tensor<4xui32>
    %17 = stablehlo.reshape %14 : (tensor<4xui32>) -> tensor<2x2xui32>
    %18 = stablehlo.bitcast_convert %17 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state_6, %output_7 = stablehlo.rng_bit_generator %18, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<8xui64>)
    %19 = stablehlo.bitcast_convert %output_state_6 : (tensor<2xui64>) -> tensor<2x2xui32>
    %20 = stablehlo.reshape %19 : (tensor<2x2xui32>) -> tensor<4xui32>
    %21 = stablehlo.reshape %16 : (tensor<4xui32>) -> tensor<2x2xui32>
    %22 = stablehlo.bitcast_convert %21 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state_8, %output_9 = stablehlo.rng_bit_generator %22, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<8xui64>)
    %23 = stablehlo.bitcast_convert %output_state_8 : (tensor<2xui64>) -> tensor<2x2xui32>
    %24 = stablehlo.reshape %23 : (tensor<2x2xui32>) -> tensor<4xui32>
    %25 = stablehlo.subtract %7, %6 : tensor<1xi64>
    %26 = stablehlo.convert %25 : (tensor<1xi64>) -> tensor<1xui64>
    %27 = stablehlo.compare LE, %7, %6, SIGNED : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi1>
    %c_10 = stablehlo.constant dense<1> : tensor<ui64>
    %28 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<ui64>) -> tensor<1xui64>
    %29 = stablehlo.select %27, %28, %26 : tensor<1xi1>, tensor<1xui64>
    %30 = stablehlo.compare GT, %7, %6, SIGNED : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi1>
    %31 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %32 = stablehlo.and %31, %30 : tensor<1xi1>
    %c_11 = stablehlo.constant dense<1> : tensor<ui64>
    %33 = stablehlo.broadcast_in_dim %c_11, dims = [] : (tensor<ui64>) -> tensor<1xui64>
    %34 = stablehlo.add %29, %33 : tensor<1xui64>
    %35 = stablehlo.select %32, %34, %29 : tensor<1xi1>, tensor<1xui64>
    %c_12 = stablehlo.constant dense<4294967296> : tensor<ui64>
    %36 = stablehlo.broadcast_in_dim %c_12, dims = [] : (tensor<ui64>) -> tensor<1xui64>
    %37 = stablehlo.remainder %36, %35 : tensor<1xui64>
    %38 = stablehlo.multiply %37, %37 : tensor<1xui64>
    %39 = stablehlo.remainder %38, %35 : tensor<1xui64>
    %40 = stablehlo.broadcast_in_dim %35, dims = [0] : (tensor<1xui64>) -> tensor<8xui64>
    %41 = stablehlo.remainder %output_7, %40 : tensor<8xui64>
    %42 = stablehlo.broadcast_in_dim %39, dims = [0] : (tensor<1xui64>) -> tensor<8xui64>
    %43 = stablehlo.multiply %41, %42 : tensor<8xui64>
    %44 = stablehlo.broadcast_in_dim %35, dims = [0] : (tensor<1xui64>) -> tensor<8xui64>
    %45 = stablehlo.remainder %output_9, %44 : tensor<8xui64>
    %46 = stablehlo.add %43, %45 : tensor<8xui64>
    %47 = stablehlo.broadcast_in_dim %35, dims = [0] : (tensor<1xui64>) -> tensor<8xui64>
    %48 = stablehlo.remainder %46, %47 : tensor<8xui64>
    %49 = stablehlo.convert %48 : (tensor<8xui64>) -> tensor<8xi64>
    %50 = stablehlo.broadcast_in_dim %6, dims = [0] : (tensor<1xi64>) -> tensor<8xi64>
    %51 = stablehlo.add %50, %49 : tensor<8xi64>
    return %51 : tensor<8xi64>
  }
  func.func private @clip(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<i64>) -> tensor<i64> {
    %0 = stablehlo.maximum %arg1, %arg0 : tensor<i64>
    %1 = stablehlo.minimum %arg2, %0 : tensor<i64>
    return %1 : tensor<i64>
  }
  func.func private @clip_1(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<i64>) -> tensor<i64> {
    %0 = stablehlo.maximum %arg1, %arg0 : tensor<i64>
    %1 = stablehlo.minimum %arg2, %0 : tensor<i64>
    return %1 : tensor<i64>
  }
  func.func private @_shuffle(%arg0: tensor<4xui32>, %arg1: tensor<10xi64>) -> tensor<10xi64> {
    %0 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
    %1 = stablehlo.bitcast_convert %0 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state, %output = stablehlo.rng_bit_generator %1, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<20x4xui32>)
    %2 = stablehlo.bitcast_convert %output_state : (tensor<2xui64>) -> tensor<2x2xui32>
    %3 = stablehlo.reshape %2 : (tensor<2x2xui32>) -> tensor<4xui32>
    %4 = stablehlo.slice %output [0:20:10, 0:4] : (tensor<20x4xui32>) -> tensor<2x4xui32>
    %5 = stablehlo.slice %4 [1:2, 0:4] : (tensor<2x4xui32>) -> tensor<1x4xui32>
    %6 = stablehlo.reshape %5 : (tensor<1x4xui32>) -> tensor<4xui32>
    %7 = stablehlo.reshape %6 : (tensor<4xui32>) -> tensor<2x2xui32>
    %8 = stablehlo.bitcast_convert %7 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state_0, %output_1 = stablehlo.rng_bit_generator %8, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<10xui32>)
    %9 = stablehlo.bitcast_convert %output_state_0 : (tensor<2xui64>) -> tensor<2x2xui32>
    %10 = stablehlo.reshape %9 : (tensor<2x2xui32>) -> tensor<4xui32>
    %11:2 = "stablehlo.sort"(%output_1, %arg1) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg2: tensor<ui32>, %arg3: tensor<ui32>, %arg4: tensor<i64>, %arg5: tensor<i64>):
      %12 = stablehlo.compare LT, %arg2, %arg3, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %12 : tensor<i1>
    }) : (tensor<10xui32>, tensor<10xi64>) -> (tensor<10xui32>, tensor<10xi64>)
    return %11#1 : tensor<10xi64>
  }
}
