module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x16xcomplex<f32>>, %arg1: tensor<2x31xcomplex<f32>>, %arg2: tensor<2x6x10xcomplex<f32>>, %arg3: tensor<4x20xf32>) -> (tensor<3x16xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<3x16xcomplex<f32>> {jax.result_info = "result[1]"}, tensor<2x31xcomplex<f32>> {jax.result_info = "result[2]"}, tensor<2x31xcomplex<f32>> {jax.result_info = "result[3]"}, tensor<2x6x10xcomplex<f32>> {jax.result_info = "result[4]"}, tensor<2x6x10xcomplex<f32>> {jax.result_info = "result[5]"}, tensor<4x11xcomplex<f32>> {jax.result_info = "result[6]"}, tensor<4x20xf32> {jax.result_info = "result[7]"}, tensor<3x9xf32> {jax.result_info = "result[8]"}, tensor<2x2x11xcomplex<f32>> {jax.result_info = "result[9]"}) {
    %0 = call @fft(%arg0) : (tensor<3x16xcomplex<f32>>) -> tensor<3x16xcomplex<f32>>
    %1 = call @fft_0(%arg0) : (tensor<3x16xcomplex<f32>>) -> tensor<3x16xcomplex<f32>>
    %2 = call @fft_1(%arg1) : (tensor<2x31xcomplex<f32>>) -> tensor<2x31xcomplex<f32>>
    %3 = call @fft_2(%arg1) : (tensor<2x31xcomplex<f32>>) -> tensor<2x31xcomplex<f32>>
    %4 = call @fft_3(%arg2) : (tensor<2x6x10xcomplex<f32>>) -> tensor<2x6x10xcomplex<f32>>
    %5 = call @fft_4(%arg2) : (tensor<2x6x10xcomplex<f32>>) -> tensor<2x6x10xcomplex<f32>>
    %6 = call @fft_5(%arg3) : (tensor<4x20xf32>) -> tensor<4x11xcomplex<f32>>
    %7 = call @fft_5(%arg3) : (tensor<4x20xf32>) -> tensor<4x11xcomplex<f32>>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %8 = call @_pad(%7, %c) : (tensor<4x11xcomplex<f32>>, tensor<i64>) -> tensor<4x11xcomplex<f32>>
    %9 = call @fft_6(%8) : (tensor<4x11xcomplex<f32>>) -> tensor<4x20xf32>
    %10 = stablehlo.slice %arg0 [0:3, 0:5] : (tensor<3x16xcomplex<f32>>) -> tensor<3x5xcomplex<f32>>
    %c_0 = stablehlo.constant dense<0> : tensor<i64>
    %11 = call @_pad_7(%10, %c_0) : (tensor<3x5xcomplex<f32>>, tensor<i64>) -> tensor<3x5xcomplex<f32>>
    %12 = call @fft_8(%11) : (tensor<3x5xcomplex<f32>>) -> tensor<3x9xf32>
    %13 = stablehlo.reshape %arg3 : (tensor<4x20xf32>) -> tensor<2x2x20xf32>
    %14 = call @fft_9(%13) : (tensor<2x2x20xf32>) -> tensor<2x2x11xcomplex<f32>>
    return %0, %1, %2, %3, %4, %5, %6, %9, %12, %14 : tensor<3x16xcomplex<f32>>, tensor<3x16xcomplex<f32>>, tensor<2x31xcomplex<f32>>, tensor<2x31xcomplex<f32>>, tensor<2x6x10xcomplex<f32>>, tensor<2x6x10xcomplex<f32>>, tensor<4x11xcomplex<f32>>, tensor<4x20xf32>, tensor<3x9xf32>, tensor<2x2x11xcomplex<f32>>
  }
  func.func private @fft(%arg0: tensor<3x16xcomplex<f32>>) -> tensor<3x16xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = FFT, length = [16] : (tensor<3x16xcomplex<f32>>) -> tensor<3x16xcomplex<f32>>
    return %0 : tensor<3x16xcomplex<f32>>
  }
  func.func private @fft_0(%arg0: tensor<3x16xcomplex<f32>>) -> tensor<3x16xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = IFFT, length = [16] : (tensor<3x16xcomplex<f32>>) -> tensor<3x16xcomplex<f32>>
    return %0 : tensor<3x16xcomplex<f32>>
  }
  func.func private @fft_1(%arg0: tensor<2x31xcomplex<f32>>) -> tensor<2x31xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = FFT, length = [31] : (tensor<2x31xcomplex<f32>>) -> tensor<2x31xcomplex<f32>>
    return %0 : tensor<2x31xcomplex<f32>>
  }
  func.func private @fft_2(%arg0: tensor<2x31xcomplex<f32>>) -> tensor<2x31xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = IFFT, length = [31] : (tensor<2x31xcomplex<f32>>) -> tensor<2x31xcomplex<f32>>
    return %0 : tensor<2x31xcomplex<f32>>
  }
  func.func private @fft_3(%arg0: tensor<2x6x10xcomplex<f32>>) -> tensor<2x6x10xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = FFT, length = [6, 10] : (tensor<2x6x10xcomplex<f32>>) -> tensor<2x6x10xcomplex<f32>>
    return %0 : tensor<2x6x10xcomplex<f32>>
  }
  func.func private @fft_4(%arg0: tensor<2x6x10xcomplex<f32>>) -> tensor<2x6x10xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = FFT, length = [2, 6, 10] : (tensor<2x6x10xcomplex<f32>>) -> tensor<2x6x10xcomplex<f32>>
    return %0 : tensor<2x6x10xcomplex<f32>>
  }
  func.func private @fft_5(%arg0: tensor<4x20xf32>) -> tensor<4x11xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = RFFT, length = [20] : (tensor<4x20xf32>) -> tensor<4x11xcomplex<f32>>
    return %0 : tensor<4x11xcomplex<f32>>
  }
  func.func private @_pad(%arg0: tensor<4x11xcomplex<f32>>, %arg1: tensor<i64>) -> tensor<4x11xcomplex<f32>> {
    %0 = stablehlo.convert %arg1 : (tensor<i64>) -> tensor<complex<f32>>
    %1 = stablehlo.pad %arg0, %0, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<4x11xcomplex<f32>>, tensor<complex<f32>>) -> tensor<4x11xcomplex<f32>>
    return %1 : tensor<4x11xcomplex<f32>>
  }
  func.func private @fft_6(%arg0: tensor<4x11xcomplex<f32>>) -> tensor<4x20xf32> {
    %0 = stablehlo.fft %arg0, type = IRFFT, length = [20] : (tensor<4x11xcomplex<f32>>) -> tensor<4x20xf32>
    return %0 : tensor<4x20xf32>
  }
  func.func private @_pad_7(%arg0: tensor<3x5xcomplex<f32>>, %arg1: tensor<i64>) -> tensor<3x5xcomplex<f32>> {
    %0 = stablehlo.convert %arg1 : (tensor<i64>) -> tensor<complex<f32>>
    %1 = stablehlo.pad %arg0, %0, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<3x5xcomplex<f32>>, tensor<complex<f32>>) -> tensor<3x5xcomplex<f32>>
    return %1 : tensor<3x5xcomplex<f32>>
  }
  func.func private @fft_8(%arg0: tensor<3x5xcomplex<f32>>) -> tensor<3x9xf32> {
    %0 = stablehlo.fft %arg0, type = IRFFT, length = [9] : (tensor<3x5xcomplex<f32>>) -> tensor<3x9xf32>
    return %0 : tensor<3x9xf32>
  }
  func.func private @fft_9(%arg0: tensor<2x2x20xf32>) -> tensor<2x2x11xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = RFFT, length = [2, 20] : (tensor<2x2x20xf32>) -> tensor<2x2x11xcomplex<f32>>
    return %0 : tensor<2x2x11xcomplex<f32>>
  }
}
