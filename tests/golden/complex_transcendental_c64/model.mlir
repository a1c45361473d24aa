module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xcomplex<f32>>, %arg1: tensor<4x8xcomplex<f32>>) -> (tensor<4x8xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<4x8xcomplex<f32>> {jax.result_info = "result[1]"}, tensor<4x8xcomplex<f32>> {jax.result_info = "result[2]"}, tensor<4x8xcomplex<f32>> {jax.result_info = "result[3]"}, tensor<4x8xcomplex<f32>> {jax.result_info = "result[4]"}, tensor<4x8xcomplex<f32>> {jax.result_info = "result[5]"}, tensor<4x8xcomplex<f32>> {jax.result_info = "result[6]"}, tensor<4x8xcomplex<f32>> {jax.result_info = "result[7]"}, tensor<4x8xcomplex<f32>> {jax.result_info = "result[8]"}, tensor<4x8xcomplex<f32>> {jax.result_info = "result[9]"}, tensor<4x8xcomplex<f32>> {jax.result_info = "result[10]"}, tensor<4x8xcomplex<f32>> {jax.result_info = "result[11]"}, tensor<4x8xcomplex<f32>> {jax.result_info = "result[12]"}) {
    %cst = stablehlo.constant dense<(8.000000e-01,0.000000e+00)> : tensor<complex<f32>>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<4x8xcomplex<f32>>
    %1 = stablehlo.multiply %arg0, %0 : tensor<4x8xcomplex<f32>>
    %2 = stablehlo.exponential %1 : tensor<4x8xcomplex<f32>>
    %3 = stablehlo.exponential_minus_one %1 : tensor<4x8xcomplex<f32>>
    %cst_0 = stablehlo.constant dense<(3.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f32>>) -> tensor<4x8xcomplex<f32>>
    %5 = stablehlo.add %arg0, %4 : tensor<4x8xcomplex<f32>>
    %6 = stablehlo.log %5 : tensor<4x8xcomplex<f32>>
    %7 = stablehlo.log_plus_one %1 : tensor<4x8xcomplex<f32>>
    %8 = stablehlo.sqrt %arg0 : tensor<4x8xcomplex<f32>>
    %cst_1 = stablehlo.constant dense<(3.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %9 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<complex<f32>>) -> tensor<4x8xcomplex<f32>>
    %10 = stablehlo.add %arg0, %9 : tensor<4x8xcomplex<f32>>
    %11 = stablehlo.rsqrt %10 : tensor<4x8xcomplex<f32>>
    %12 = stablehlo.tanh %1 : tensor<4x8xcomplex<f32>>
    %13 = stablehlo.real %1 : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xf32>
    %14 = stablehlo.imag %1 : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %16 = stablehlo.compare EQ, %13, %15, FLOAT : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
    %17 = stablehlo.sine %13 : tensor<4x8xf32>
    %18 = stablehlo.cosine %13 : tensor<4x8xf32>
    %19 = stablehlo.exponential_minus_one %14 : tensor<4x8xf32>
    %20 = stablehlo.negate %14 : tensor<4x8xf32>
    %21 = stablehlo.exponential_minus_one %20 : tensor<4x8xf32>
    %22 = stablehlo.subtract %19, %21 : tensor<4x8xf32>
    %cst_3 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %24 = stablehlo.divide %22, %23 : tensor<4x8xf32>
    %25 = stablehlo.add %19, %21 : tensor<4x8xf32>
    %cst_4 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %27 = stablehlo.add %25, %26 : tensor<4x8xf32>
    %cst_5 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %29 = stablehlo.divide %27, %28 : tensor<4x8xf32>
    %30 = stablehlo.multiply %17, %29 : tensor<4x8xf32>
    %31 = stablehlo.multiply %18, %24 : tensor<4x8xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %33 = stablehlo.complex %32, %31 : tensor<4x8xcomplex<f32>>
    %34 = stablehlo.complex %30, %31 : tensor<4x8xcomplex<f32>>
    %35 = stablehlo.select %16, %33, %34 : tensor<4x8xi1>, tensor<4x8xcomplex<f32>>
    %36 = stablehlo.real %1 : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xf32>
    %37 = stablehlo.imag %1 : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %39 = stablehlo.compare EQ, %36, %38, FLOAT : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
    %40 = stablehlo.sine %36 : tensor<4x8xf32>
    %41 = stablehlo.cosine %36 : tensor<4x8xf32>
    %42 = stablehlo.exponential_minus_one %37 : tensor<4x8xf32>
    %43 = stablehlo.negate %37 : tensor<4x8xf32>
    %44 = stablehlo.exponential_minus_one %43 : tensor<4x8xf32>
    %45 = stablehlo.subtract %42, %44 : tensor<4x8xf32>
    %cst_8 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %46 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %47 = stablehlo.divide %45, %46 : tensor<4x8xf32>
    %48 = stablehlo.add %42, %44 : tensor<4x8xf32>
    %cst_9 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %49 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %50 = stablehlo.add %48, %49 : tensor<4x8xf32>
    %cst_10 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %51 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %52 = stablehlo.divide %50, %51 : tensor<4x8xf32>
    %53 = stablehlo.multiply %41, %52 : tensor<4x8xf32>
    %54 = stablehlo.negate %40 : tensor<4x8xf32>
    %55 = stablehlo.multiply %54, %47 : tensor<4x8xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %56 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %57 = stablehlo.complex %53, %56 : tensor<4x8xcomplex<f32>>
    %58 = stablehlo.complex %53, %55 : tensor<4x8xcomplex<f32>>
    %59 = stablehlo.select %39, %57, %58 : tensor<4x8xi1>, tensor<4x8xcomplex<f32>>
    %60 = stablehlo.tan %1 : tensor<4x8xcomplex<f32>>
    %61 = stablehlo.sign %arg0 : tensor<4x8xcomplex<f32>>
    %cst_12 = stablehlo.constant dense<(3.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %62 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<complex<f32>>) -> tensor<4x8xcomplex<f32>>
    %63 = stablehlo.add %arg0, %62 : tensor<4x8xcomplex<f32>>
    %64 = stablehlo.power %63, %arg1 : tensor<4x8xcomplex<f32>>
    %cst_13 = stablehlo.constant dense<(3.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %65 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<complex<f32>>) -> tensor<4x8xcomplex<f32>>
    %66 = stablehlo.add %arg0, %65 : tensor<4x8xcomplex<f32>>
    %cst_14 = stablehlo.constant dense<(2.500000e+00,0.000000e+00)> : tensor<complex<f32>>
    %67 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<complex<f32>>) -> tensor<4x8xcomplex<f32>>
    %68 = stablehlo.power %66, %67 : tensor<4x8xcomplex<f32>>
    return %2, %3, %6, %7, %8, %11, %12, %35, %59, %60, %61, %64, %68 : tensor<4x8xcomplex<f32>>, tensor<4x8xcomplex<f32>>, tensor<4x8xcomplex<f32>>, tensor<4x8xcomplex<f32>>, tensor<4x8xcomplex<f32>>, tensor<4x8xcomplex<f32>>, tensor<4x8xcomplex<f32>>, tensor<4x8xcomplex<f32>>, tensor<4x8xcomplex<f32>>, tensor<4x8xcomplex<f32>>, tensor<4x8xcomplex<f32>>, tensor<4x8xcomplex<f32>>, tensor<4x8xcomplex<f32>>
  }
}
