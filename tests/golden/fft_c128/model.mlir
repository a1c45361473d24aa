module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12x5xcomplex<f64>>, %arg1: tensor<2x3x4x7xf64>) -> (tensor<12x5xcomplex<f64>> {jax.result_info = "result[0]"}, tensor<12x5xcomplex<f64>> {jax.result_info = "result[1]"}, tensor<2x3x4x4xcomplex<f64>> {jax.result_info = "result[2]"}, tensor<2x3x4x7xf64> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<12x5xcomplex<f64>>) -> tensor<5x12xcomplex<f64>>
    %1 = call @fft(%0) : (tensor<5x12xcomplex<f64>>) -> tensor<5x12xcomplex<f64>>
    %2 = stablehlo.transpose %1, dims = [1, 0] : (tensor<5x12xcomplex<f64>>) -> tensor<12x5xcomplex<f64>>
    %3 = call @fft_0(%arg0) : (tensor<12x5xcomplex<f64>>) -> tensor<12x5xcomplex<f64>>
    %4 = call @fft_1(%arg1) : (tensor<2x3x4x7xf64>) -> tensor<2x3x4x4xcomplex<f64>>
    %5 = call @fft_1(%arg1) : (tensor<2x3x4x7xf64>) -> tensor<2x3x4x4xcomplex<f64>>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %6 = call @_pad(%5, %c) : (tensor<2x3x4x4xcomplex<f64>>, tensor<i64>) -> tensor<2x3x4x4xcomplex<f64>>
    %7 = call @fft_2(%6) : (tensor<2x3x4x4xcomplex<f64>>) -> tensor<2x3x4x7xf64>
    return %2, %3, %4, %7 : tensor<12x5xcomplex<f64>>, tensor<12x5xcomplex<f64>>, tensor<2x3x4x4xcomplex<f64>>, tensor<2x3x4x7xf64>
  }
  func.func private @fft(%arg0: tensor<5x12xcomplex<f64>>) -> tensor<5x12xcomplex<f64>> {
    %0 = stablehlo.fft %arg0, type = FFT, length = [12] : (tensor<5x12xcomplex<f64>>) -> tensor<5x12xcomplex<f64>>
    return %0 : tensor<5x12xcomplex<f64>>
  }
  func.func private @fft_0(%arg0: tensor<12x5xcomplex<f64>>) -> tensor<12x5xcomplex<f64>> {
    %0 = stablehlo.fft %arg0, type = IFFT, length = [12, 5] : (tensor<12x5xcomplex<f64>>) -> tensor<12x5xcomplex<f64>>
    return %0 : tensor<12x5xcomplex<f64>>
  }
  func.func private @fft_1(%arg0: tensor<2x3x4x7xf64>) -> tensor<2x3x4x4xcomplex<f64>> {
    %0 = stablehlo.fft %arg0, type = RFFT, length = [3, 4, 7] : (tensor<2x3x4x7xf64>) -> tensor<2x3x4x4xcomplex<f64>>
    return %0 : tensor<2x3x4x4xcomplex<f64>>
  }
  func.func private @_pad(%arg0: tensor<2x3x4x4xcomplex<f64>>, %arg1: tensor<i64>) -> tensor<2x3x4x4xcomplex<f64>> {
    %0 = stablehlo.convert %arg1 : (tensor<i64>) -> tensor<complex<f64>>
    %1 = stablehlo.pad %arg0, %0, low = [0, 0, 0, 0], high = [0, 0, 0, 0], interior = [0, 0, 0, 0] : (tensor<2x3x4x4xcomplex<f64>>, tensor<complex<f64>>) -> tensor<2x3x4x4xcomplex<f64>>
    return %1 : tensor<2x3x4x4xcomplex<f64>>
  }
  func.func private @fft_2(%arg0: tensor<2x3x4x4xcomplex<f64>>) -> tensor<2x3x4x7xf64> {
    %0 = stablehlo.fft %arg0, type = IRFFT, length = [3, 4, 7] : (tensor<2x3x4x4xcomplex<f64>>) -> tensor<2x3x4x7xf64>
    return %0 : tensor<2x3x4x7xf64>
  }
}
