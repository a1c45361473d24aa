module @jit attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x7xf32>, %arg1: tensor<5x7xf32>, %arg2: tensor<5x7xf32>, %arg3: tensor<5x7xf32>) -> (tensor<5x7xf32> {jax.result_info = "result[0]"}, tensor<5x7xf32> {jax.result_info = "result[1]"}, tensor<5x7xf32> {jax.result_info = "result[2]"}, tensor<5x7xf32> {jax.result_info = "result[3]"}, tensor<5x7xf32> {jax.result_info = "result[4]"}, tensor<5x7xf32> {jax.result_info = "result[5]"}, tensor<5x7xf32> {jax.result_info = "result[6]"}, tensor<5x7xf32> {jax.result_info = "result[7]"}, tensor<5x7xf32> {jax.result_info = "result[8]"}, tensor<5x7xf32> {jax.result_info = "result[9]"}, tensor<5x7xf32> {jax.result_info = "result[10]"}, tensor<5x7xf32> {jax.result_info = "result[11]"}, tensor<5x7xf32> {jax.result_info = "result[12]"}, tensor<5x7xf32> {jax.result_info = "result[13]"}) {
    %cst = stablehlo.constant dense<[-59.9633484, 98.0010757, -56.6762848, 13.9312611, -1.23916578]> : tensor<5xf32>
    %cst_0 = stablehlo.constant dense<[1.000000e+00, 1.95448864, 4.67627907, 86.3602447, -225.462692, 200.260208, -82.0372238, 15.9056225, -1.18331623]> : tensor<9xf32>
    %cst_1 = stablehlo.constant dense<[3.23774886, 6.91522884, 3.93881035, 1.33303463, 0.201485395, 0.0123716639, 3.01581546E-4, 2.65806966E-6, 6.23974561E-9]> : tensor<9xf32>
    %cst_2 = stablehlo.constant dense<[1.000000e+00, 6.02427053, 3.67983556, 1.37702096, 2.162370e-01, 1.342040e-02, 3.28014459E-4, 2.89247873E-6, 6.79019418E-9]> : tensor<9xf32>
    %cst_3 = stablehlo.constant dense<[4.05544901, 31.5251102, 57.1628189, 44.0805092, 14.6849566, 2.18663311, -0.140256077, -0.035042461, -8.57456762E-4]> : tensor<9xf32>
    %cst_4 = stablehlo.constant dense<[1.000000e+00, 15.7799883, 45.3907623, 41.3172035, 15.0425386, 2.5046494, -0.142182916, -0.0380806401, -9.33259492E-4]> : tensor<9xf32>
    %0 = chlo.lgamma %arg0 : tensor<5x7xf32> -> tensor<5x7xf32>
    %1 = stablehlo.negate %arg0 : tensor<5x7xf32>
    %cst_5 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %3 = stablehlo.subtract %1, %2 : tensor<5x7xf32>
    %4 = chlo.lgamma %3 : tensor<5x7xf32> -> tensor<5x7xf32>
    %5 = chlo.digamma %arg0 : tensor<5x7xf32> -> tensor<5x7xf32>
    %6 = chlo.digamma %arg1 : tensor<5x7xf32> -> tensor<5x7xf32>
    %7 = chlo.erf_inv %arg1 : tensor<5x7xf32> -> tensor<5x7xf32>
    %cst_6 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %9 = stablehlo.multiply %arg0, %8 : tensor<5x7xf32>
    %cst_7 = stablehlo.constant dense<1.800000e+01> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %11 = stablehlo.subtract %9, %10 : tensor<5x7xf32>
    %12 = chlo.bessel_i1e %11 : tensor<5x7xf32> -> tensor<5x7xf32>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %14 = chlo.polygamma %13, %arg0 : tensor<5x7xf32>, tensor<5x7xf32> -> tensor<5x7xf32>
    %cst_9 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %16 = chlo.polygamma %15, %arg2 : tensor<5x7xf32>, tensor<5x7xf32> -> tensor<5x7xf32>
    %17 = chlo.zeta %arg2, %arg0 : tensor<5x7xf32>, tensor<5x7xf32> -> tensor<5x7xf32>
    %cst_10 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %19 = stablehlo.multiply %arg1, %18 : tensor<5x7xf32>
    %20 = chlo.erfc %19 : tensor<5x7xf32> -> tensor<5x7xf32>
    %21 = stablehlo.compare NE, %arg2, %arg2, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %22 = stablehlo.compare NE, %arg0, %arg0, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %23 = stablehlo.or %21, %22 : tensor<5x7xi1>
    %cst_11 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %25 = stablehlo.compare EQ, %arg0, %24, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %27 = stablehlo.compare EQ, %arg2, %26, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %29 = stablehlo.compare EQ, %arg0, %28, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %31 = stablehlo.compare LT, %arg0, %30, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %33 = stablehlo.compare LT, %arg2, %32, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %34 = stablehlo.and %27, %29 : tensor<5x7xi1>
    %35 = stablehlo.or %31, %33 : tensor<5x7xi1>
    %36 = stablehlo.or %35, %34 : tensor<5x7xi1>
    %37 = stablehlo.or %36, %23 : tensor<5x7xi1>
    %cst_16 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %39 = stablehlo.compare GE, %arg0, %38, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %40 = stablehlo.compare GT, %arg0, %arg2, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %41 = stablehlo.and %39, %40 : tensor<5x7xi1>
    %42 = stablehlo.log %arg0 : tensor<5x7xf32>
    %43 = stablehlo.multiply %arg2, %42 : tensor<5x7xf32>
    %44 = stablehlo.subtract %43, %arg0 : tensor<5x7xf32>
    %45 = chlo.lgamma %arg2 : tensor<5x7xf32> -> tensor<5x7xf32>
    %46 = stablehlo.subtract %44, %45 : tensor<5x7xf32>
    %cst_17 = stablehlo.constant dense<3.40282347E+38> : tensor<f32>
    %47 = stablehlo.log %cst_17 : tensor<f32>
    %48 = stablehlo.negate %47 : tensor<f32>
    %49 = stablehlo.broadcast_in_dim %48, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %50 = stablehlo.compare LT, %46, %49, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %51 = stablehlo.exponential %46 : tensor<5x7xf32>
    %52 = stablehlo.or %29, %37 : tensor<5x7xi1>
    %53 = stablehlo.or %52, %50 : tensor<5x7xi1>
    %54 = stablehlo.or %53, %25 : tensor<5x7xi1>
    %55 = stablehlo.not %54 : tensor<5x7xi1>
    %56 = stablehlo.and %55, %41 : tensor<5x7xi1>
    %cst_18 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %58 = stablehlo.subtract %57, %arg2 : tensor<5x7xf32>
    %59 = stablehlo.add %arg0, %58 : tensor<5x7xf32>
    %cst_19 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %60 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %61 = stablehlo.add %59, %60 : tensor<5x7xf32>
    %cst_20 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %cst_21 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %63 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %64 = stablehlo.add %arg0, %63 : tensor<5x7xf32>
    %65 = stablehlo.multiply %61, %arg0 : tensor<5x7xf32>
    %66 = stablehlo.divide %64, %65 : tensor<5x7xf32>
    %cst_22 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %67 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %68 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %cst_24 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %69 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %cst_25 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %70 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %71 = stablehlo.negate %arg0 : tensor<5x7xf32>
    %72 = stablehlo.multiply %66, %71 : tensor<5x7xf32>
    %73 = stablehlo.subtract %70, %72 : tensor<5x7xf32>
    %74 = stablehlo.divide %73, %65 : tensor<5x7xf32>
    %cst_26 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %75:15 = stablehlo.while(%iterArg = %56, %iterArg_101 = %66, %iterArg_102 = %67, %iterArg_103 = %58, %iterArg_104 = %61, %iterArg_105 = %cst_26, %iterArg_106 = %64, %iterArg_107 = %65, %iterArg_108 = %62, %iterArg_109 = %arg0, %iterArg_110 = %68, %iterArg_111 = %69, %iterArg_112 = %70, %iterArg_113 = %71, %iterArg_114 = %74) : tensor<5x7xi1>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<f32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>
    cond {
      %cst_115 = stablehlo.constant dense<2.000000e+03> : tensor<f32>
      %330 = stablehlo.compare LT, %iterArg_105, %cst_115, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %c_116 = stablehlo.constant dense<false> : tensor<i1>
      %331 = stablehlo.reduce(%iterArg init: %c_116) applies stablehlo.or across dimensions = [0, 1] : (tensor<5x7xi1>, tensor<i1>) -> tensor<i1>
      %332 = stablehlo.and %330, %331 : tensor<i1>
      stablehlo.return %332 : tensor<i1>
    } do {
      %cst_115 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %330 = stablehlo.add %iterArg_105, %cst_115 : tensor<f32>
      %cst_116 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %331 = stablehlo.broadcast_in_dim %cst_116, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %332 = stablehlo.add %iterArg_103, %331 : tensor<5x7xf32>
      %cst_117 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %333 = stablehlo.broadcast_in_dim %cst_117, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %334 = stablehlo.add %iterArg_104, %333 : tensor<5x7xf32>
      %335 = stablehlo.broadcast_in_dim %330, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %336 = stablehlo.multiply %332, %335 : tensor<5x7xf32>
      %337 = stablehlo.multiply %iterArg_106, %334 : tensor<5x7xf32>
      %338 = stablehlo.multiply %iterArg_108, %336 : tensor<5x7xf32>
      %339 = stablehlo.subtract %337, %338 : tensor<5x7xf32>
      %340 = stablehlo.multiply %iterArg_107, %334 : tensor<5x7xf32>
      %341 = stablehlo.multiply %iterArg_109, %336 : tensor<5x7xf32>
      %342 = stablehlo.subtract %340, %341 : tensor<5x7xf32>
      %cst_118 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %343 = stablehlo.broadcast_in_dim %cst_118, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %344 = stablehlo.compare NE, %342, %343, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
      %345 = stablehlo.divide %339, %342 : tensor<5x7xf32>
      %346 = stablehlo.subtract %iterArg_101, %345 : tensor<5x7xf32>
      %347 = stablehlo.divide %346, %345 : tensor<5x7xf32>
      %348 = stablehlo.abs %347 : tensor<5x7xf32>
      %cst_119 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %349 = stablehlo.broadcast_in_dim %cst_119, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %350 = stablehlo.select %344, %348, %349 : tensor<5x7xi1>, tensor<5x7xf32>
      %351 = stablehlo.select %344, %345, %iterArg_101 : tensor<5x7xi1>, tensor<5x7xf32>
      %352 = stablehlo.multiply %iterArg_112, %334 : tensor<5x7xf32>
      %353 = stablehlo.subtract %352, %iterArg_106 : tensor<5x7xf32>
      %354 = stablehlo.multiply %iterArg_110, %336 : tensor<5x7xf32>
      %355 = stablehlo.subtract %353, %354 : tensor<5x7xf32>
      %356 = stablehlo.broadcast_in_dim %330, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %357 = stablehlo.multiply %iterArg_108, %356 : tensor<5x7xf32>
      %358 = stablehlo.add %355, %357 : tensor<5x7xf32>
      %359 = stablehlo.multiply %iterArg_113, %334 : tensor<5x7xf32>
      %360 = stablehlo.subtract %359, %iterArg_107 : tensor<5x7xf32>
      %361 = stablehlo.multiply %iterArg_111, %336 : tensor<5x7xf32>
      %362 = stablehlo.subtract %360, %361 : tensor<5x7xf32>
      %363 = stablehlo.broadcast_in_dim %330, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %364 = stablehlo.multiply %iterArg_109, %363 : tensor<5x7xf32>
      %365 = stablehlo.add %362, %364 : tensor<5x7xf32>
      %366 = stablehlo.multiply %351, %365 : tensor<5x7xf32>
      %367 = stablehlo.subtract %358, %366 : tensor<5x7xf32>
      %368 = stablehlo.divide %367, %342 : tensor<5x7xf32>
      %369 = stablehlo.select %344, %368, %iterArg_114 : tensor<5x7xi1>, tensor<5x7xf32>
      %370 = stablehlo.subtract %369, %iterArg_114 : tensor<5x7xf32>
      %371 = stablehlo.abs %370 : tensor<5x7xf32>
      %cst_120 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %372 = stablehlo.broadcast_in_dim %cst_120, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %373 = stablehlo.select %344, %371, %372 : tensor<5x7xi1>, tensor<5x7xf32>
      %374 = stablehlo.abs %339 : tensor<5x7xf32>
      %cst_121 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %cst_122 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %375 = stablehlo.broadcast_in_dim %cst_122, dims = [] : (tensor<f32>) -> tensor<f32>
      %376 = stablehlo.divide %375, %cst_121 : tensor<f32>
      %377 = stablehlo.broadcast_in_dim %376, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %378 = stablehlo.compare GT, %374, %377, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
      %cst_123 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %379 = stablehlo.broadcast_in_dim %cst_123, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %380 = stablehlo.multiply %iterArg_106, %379 : tensor<5x7xf32>
      %381 = stablehlo.select %378, %380, %iterArg_106 : tensor<5x7xi1>, tensor<5x7xf32>
      %cst_124 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %382 = stablehlo.broadcast_in_dim %cst_124, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %383 = stablehlo.multiply %339, %382 : tensor<5x7xf32>
      %384 = stablehlo.select %378, %383, %339 : tensor<5x7xi1>, tensor<5x7xf32>
      %cst_125 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %385 = stablehlo.broadcast_in_dim %cst_125, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %386 = stablehlo.multiply %iterArg_107, %385 : tensor<5x7xf32>
      %387 = stablehlo.select %378, %386, %iterArg_107 : tensor<5x7xi1>, tensor<5x7xf32>
      %cst_126 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %388 = stablehlo.broadcast_in_dim %cst_126, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %389 = stablehlo.multiply %342, %388 : tensor<5x7xf32>
      %390 = stablehlo.select %378, %389, %342 : tensor<5x7xi1>, tensor<5x7xf32>
      %cst_127 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %391 = stablehlo.broadcast_in_dim %cst_127, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %392 = stablehlo.multiply %iterArg_112, %391 : tensor<5x7xf32>
      %393 = stablehlo.select %378, %392, %iterArg_112 : tensor<5x7xi1>, tensor<5x7xf32>
      %cst_128 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %394 = stablehlo.broadcast_in_dim %cst_128, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %395 = stablehlo.multiply %iterArg_113, %394 : tensor<5x7xf32>
      %396 = stablehlo.select %378, %395, %iterArg_113 : tensor<5x7xi1>, tensor<5x7xf32>
      %cst_129 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %397 = stablehlo.broadcast_in_dim %cst_129, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %398 = stablehlo.multiply %358, %397 : tensor<5x7xf32>
      %399 = stablehlo.select %378, %398, %358 : tensor<5x7xi1>, tensor<5x7xf32>
      %cst_130 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %400 = stablehlo.broadcast_in_dim %cst_130, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %401 = stablehlo.multiply %365, %400 : tensor<5x7xf32>
      %402 = stablehlo.select %378, %401, %365 : tensor<5x7xi1>, tensor<5x7xf32>
      %cst_131 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %403 = stablehlo.broadcast_in_dim %cst_131, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %404 = stablehlo.compare GT, %350, %403, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
      %405 = stablehlo.and %iterArg, %404 : tensor<5x7xi1>
      %406 = stablehlo.select %iterArg, %351, %iterArg_101 : tensor<5x7xi1>, tensor<5x7xf32>
      %407 = stablehlo.select %iterArg, %350, %iterArg_102 : tensor<5x7xi1>, tensor<5x7xf32>
      %408 = stablehlo.select %iterArg, %332, %iterArg_103 : tensor<5x7xi1>, tensor<5x7xf32>
      %409 = stablehlo.select %iterArg, %334, %iterArg_104 : tensor<5x7xi1>, tensor<5x7xf32>
      %410 = stablehlo.select %iterArg, %384, %iterArg_106 : tensor<5x7xi1>, tensor<5x7xf32>
      %411 = stablehlo.select %iterArg, %390, %iterArg_107 : tensor<5x7xi1>, tensor<5x7xf32>
      %412 = stablehlo.select %iterArg, %381, %iterArg_108 : tensor<5x7xi1>, tensor<5x7xf32>
      %413 = stablehlo.select %iterArg, %387, %iterArg_109 : tensor<5x7xi1>, tensor<5x7xf32>
      %414 = stablehlo.select %iterArg, %393, %iterArg_110 : tensor<5x7xi1>, tensor<5x7xf32>
      %415 = stablehlo.select %iterArg, %396, %iterArg_111 : tensor<5x7xi1>, tensor<5x7xf32>
      %416 = stablehlo.select %iterArg, %399, %iterArg_112 : tensor<5x7xi1>, tensor<5x7xf32>
      %417 = stablehlo.select %iterArg, %402, %iterArg_113 : tensor<5x7xi1>, tensor<5x7xf32>
      %418 = stablehlo.select %iterArg, %369, %iterArg_114 : tensor<5x7xi1>, tensor<5x7xf32>
      stablehlo.return %405, %406, %407, %408, %409, %330, %410, %411, %412, %413, %414, %415, %416, %417, %418 : tensor<5x7xi1>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<f32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>
    }
    %76 = stablehlo.multiply %75#1, %51 : tensor<5x7xf32>
    %cst_27 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %77 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %78 = stablehlo.subtract %77, %76 : tensor<5x7xf32>
    %79 = stablehlo.not %41 : tensor<5x7xi1>
    %80 = stablehlo.and %55, %79 : tensor<5x7xi1>
    %cst_28 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %81 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %cst_29 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %82 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %cst_30 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %83 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %cst_31 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %84 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %85:7 = stablehlo.while(%iterArg = %80, %iterArg_101 = %arg2, %iterArg_102 = %81, %iterArg_103 = %82, %iterArg_104 = %arg0, %iterArg_105 = %83, %iterArg_106 = %84) : tensor<5x7xi1>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>
    cond {
      %c_107 = stablehlo.constant dense<false> : tensor<i1>
      %330 = stablehlo.reduce(%iterArg init: %c_107) applies stablehlo.or across dimensions = [0, 1] : (tensor<5x7xi1>, tensor<i1>) -> tensor<i1>
      stablehlo.return %330 : tensor<i1>
    } do {
      %cst_107 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %330 = stablehlo.broadcast_in_dim %cst_107, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %331 = stablehlo.add %iterArg_101, %330 : tensor<5x7xf32>
      %332 = stablehlo.divide %iterArg_104, %331 : tensor<5x7xf32>
      %333 = stablehlo.multiply %iterArg_105, %332 : tensor<5x7xf32>
      %334 = stablehlo.multiply %iterArg_102, %iterArg_104 : tensor<5x7xf32>
      %335 = stablehlo.multiply %331, %331 : tensor<5x7xf32>
      %336 = stablehlo.divide %334, %335 : tensor<5x7xf32>
      %337 = stablehlo.subtract %333, %336 : tensor<5x7xf32>
      %338 = stablehlo.add %iterArg_106, %337 : tensor<5x7xf32>
      %339 = stablehlo.divide %iterArg_104, %331 : tensor<5x7xf32>
      %340 = stablehlo.multiply %iterArg_102, %339 : tensor<5x7xf32>
      %341 = stablehlo.add %iterArg_103, %340 : tensor<5x7xf32>
      %342 = stablehlo.divide %340, %341 : tensor<5x7xf32>
      %cst_108 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %343 = stablehlo.broadcast_in_dim %cst_108, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %344 = stablehlo.compare GT, %342, %343, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
      %345 = stablehlo.and %iterArg, %344 : tensor<5x7xi1>
      %346 = stablehlo.select %iterArg, %331, %iterArg_101 : tensor<5x7xi1>, tensor<5x7xf32>
      %347 = stablehlo.select %iterArg, %340, %iterArg_102 : tensor<5x7xi1>, tensor<5x7xf32>
      %348 = stablehlo.select %iterArg, %341, %iterArg_103 : tensor<5x7xi1>, tensor<5x7xf32>
      %349 = stablehlo.select %iterArg, %iterArg_104, %iterArg_104 : tensor<5x7xi1>, tensor<5x7xf32>
      %350 = stablehlo.select %iterArg, %337, %iterArg_105 : tensor<5x7xi1>, tensor<5x7xf32>
      %351 = stablehlo.select %iterArg, %338, %iterArg_106 : tensor<5x7xi1>, tensor<5x7xf32>
      stablehlo.return %345, %346, %347, %348, %349, %350, %351 : tensor<5x7xi1>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>
    }
    %86 = stablehlo.multiply %85#3, %51 : tensor<5x7xf32>
    %87 = stablehlo.divide %86, %arg2 : tensor<5x7xf32>
    %88 = stablehlo.select %41, %78, %87 : tensor<5x7xi1>, tensor<5x7xf32>
    %cst_32 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %89 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %90 = stablehlo.select %29, %89, %88 : tensor<5x7xi1>, tensor<5x7xf32>
    %cst_33 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %91 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %92 = stablehlo.select %25, %91, %90 : tensor<5x7xi1>, tensor<5x7xf32>
    %cst_34 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %93 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %94 = stablehlo.select %37, %93, %92 : tensor<5x7xi1>, tensor<5x7xf32>
    %95 = stablehlo.compare NE, %arg2, %arg2, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %96 = stablehlo.compare NE, %arg0, %arg0, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %97 = stablehlo.or %95, %96 : tensor<5x7xi1>
    %cst_35 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %98 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %99 = stablehlo.compare EQ, %arg2, %98, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %cst_36 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %100 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %101 = stablehlo.compare EQ, %arg0, %100, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %cst_37 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %102 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %103 = stablehlo.compare EQ, %arg0, %102, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %cst_38 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %104 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %105 = stablehlo.compare LT, %arg0, %104, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %cst_39 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %106 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %107 = stablehlo.compare LT, %arg2, %106, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %108 = stablehlo.and %99, %101 : tensor<5x7xi1>
    %109 = stablehlo.or %105, %107 : tensor<5x7xi1>
    %110 = stablehlo.or %109, %108 : tensor<5x7xi1>
    %111 = stablehlo.or %110, %97 : tensor<5x7xi1>
    %cst_40 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %112 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %113 = stablehlo.compare LT, %arg0, %112, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %114 = stablehlo.compare LT, %arg0, %arg2, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %115 = stablehlo.or %113, %114 : tensor<5x7xi1>
    %116 = stablehlo.log %arg0 : tensor<5x7xf32>
    %117 = stablehlo.multiply %arg2, %116 : tensor<5x7xf32>
    %118 = stablehlo.subtract %117, %arg0 : tensor<5x7xf32>
    %119 = chlo.lgamma %arg2 : tensor<5x7xf32> -> tensor<5x7xf32>
    %120 = stablehlo.subtract %118, %119 : tensor<5x7xf32>
    %cst_41 = stablehlo.constant dense<3.40282347E+38> : tensor<f32>
    %121 = stablehlo.log %cst_41 : tensor<f32>
    %122 = stablehlo.negate %121 : tensor<f32>
    %123 = stablehlo.broadcast_in_dim %122, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %124 = stablehlo.compare LT, %120, %123, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %125 = stablehlo.or %111, %124 : tensor<5x7xi1>
    %126 = stablehlo.or %125, %103 : tensor<5x7xi1>
    %127 = stablehlo.or %126, %99 : tensor<5x7xi1>
    %128 = stablehlo.not %127 : tensor<5x7xi1>
    %129 = stablehlo.exponential %120 : tensor<5x7xf32>
    %130 = stablehlo.and %128, %115 : tensor<5x7xi1>
    %cst_42 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %131 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %cst_43 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %132 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %cst_44 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %133 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %cst_45 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %134 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %135:7 = stablehlo.while(%iterArg = %130, %iterArg_101 = %arg2, %iterArg_102 = %131, %iterArg_103 = %132, %iterArg_104 = %arg0, %iterArg_105 = %133, %iterArg_106 = %134) : tensor<5x7xi1>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>
    cond {
      %c_107 = stablehlo.constant dense<false> : tensor<i1>
      %330 = stablehlo.reduce(%iterArg init: %c_107) applies stablehlo.or across dimensions = [0, 1] : (tensor<5x7xi1>, tensor<i1>) -> tensor<i1>
      stablehlo.return %330 : tensor<i1>
    } do {
      %cst_107 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %330 = stablehlo.broadcast_in_dim %cst_107, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %331 = stablehlo.add %iterArg_101, %330 : tensor<5x7xf32>
      %332 = stablehlo.divide %iterArg_104, %331 : tensor<5x7xf32>
      %333 = stablehlo.multiply %iterArg_105, %332 : tensor<5x7xf32>
      %334 = stablehlo.multiply %iterArg_102, %iterArg_104 : tensor<5x7xf32>
      %335 = stablehlo.multiply %331, %331 : tensor<5x7xf32>
      %336 = stablehlo.divide %334, %335 : tensor<5x7xf32>
      %337 = stablehlo.subtract %333, %336 : tensor<5x7xf32>
      %338 = stablehlo.add %iterArg_106, %337 : tensor<5x7xf32>
      %339 = stablehlo.divide %iterArg_104, %331 : tensor<5x7xf32>
      %340 = stablehlo.multiply %iterArg_102, %339 : tensor<5x7xf32>
      %341 = stablehlo.add %iterArg_103, %340 : tensor<5x7xf32>
      %342 = stablehlo.divide %340, %341 : tensor<5x7xf32>
      %cst_108 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %343 = stablehlo.broadcast_in_dim %cst_108, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %344 = stablehlo.compare GT, %342, %343, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
      %345 = stablehlo.and %iterArg, %344 : tensor<5x7xi1>
      %346 = stablehlo.select %iterArg, %331, %iterArg_101 : tensor<5x7xi1>, tensor<5x7xf32>
      %347 = stablehlo.select %iterArg, %340, %iterArg_102 : tensor<5x7xi1>, tensor<5x7xf32>
      %348 = stablehlo.select %iterArg, %341, %iterArg_103 : tensor<5x7xi1>, tensor<5x7xf32>
      %349 = stablehlo.select %iterArg, %iterArg_104, %iterArg_104 : tensor<5x7xi1>, tensor<5x7xf32>
      %350 = stablehlo.select %iterArg, %337, %iterArg_105 : tensor<5x7xi1>, tensor<5x7xf32>
      %351 = stablehlo.select %iterArg, %338, %iterArg_106 : tensor<5x7xi1>, tensor<5x7xf32>
      stablehlo.return %345, %346, %347, %348, %349, %350, %351 : tensor<5x7xi1>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>
    }
    %136 = stablehlo.multiply %135#3, %129 : tensor<5x7xf32>
    %137 = stablehlo.divide %136, %arg2 : tensor<5x7xf32>
    %138 = stablehlo.not %115 : tensor<5x7xi1>
    %139 = stablehlo.and %128, %138 : tensor<5x7xi1>
    %cst_46 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %140 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %141 = stablehlo.subtract %140, %arg2 : tensor<5x7xf32>
    %142 = stablehlo.add %arg0, %141 : tensor<5x7xf32>
    %cst_47 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %143 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %144 = stablehlo.add %142, %143 : tensor<5x7xf32>
    %cst_48 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %145 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %cst_49 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %146 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %147 = stablehlo.add %arg0, %146 : tensor<5x7xf32>
    %148 = stablehlo.multiply %144, %arg0 : tensor<5x7xf32>
    %149 = stablehlo.divide %147, %148 : tensor<5x7xf32>
    %cst_50 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %150 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %cst_51 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %151 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %cst_52 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %152 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %cst_53 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %153 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %154 = stablehlo.negate %arg0 : tensor<5x7xf32>
    %155 = stablehlo.multiply %149, %154 : tensor<5x7xf32>
    %156 = stablehlo.subtract %153, %155 : tensor<5x7xf32>
    %157 = stablehlo.divide %156, %148 : tensor<5x7xf32>
    %cst_54 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %158:15 = stablehlo.while(%iterArg = %139, %iterArg_101 = %149, %iterArg_102 = %150, %iterArg_103 = %141, %iterArg_104 = %144, %iterArg_105 = %cst_54, %iterArg_106 = %147, %iterArg_107 = %148, %iterArg_108 = %145, %iterArg_109 = %arg0, %iterArg_110 = %151, %iterArg_111 = %152, %iterArg_112 = %153, %iterArg_113 = %154, %iterArg_114 = %157) : tensor<5x7xi1>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<f32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>
    cond {
      %cst_115 = stablehlo.constant dense<2.000000e+03> : tensor<f32>
      %330 = stablehlo.compare LT, %iterArg_105, %cst_115, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %c_116 = stablehlo.constant dense<false> : tensor<i1>
      %331 = stablehlo.reduce(%iterArg init: %c_116) applies stablehlo.or across dimensions = [0, 1] : (tensor<5x7xi1>, tensor<i1>) -> tensor<i1>
      %332 = stablehlo.and %330, %331 : tensor<i1>
      stablehlo.return %332 : tensor<i1>
    } do {
      %cst_115 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %330 = stablehlo.add %iterArg_105, %cst_115 : tensor<f32>
      %cst_116 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %331 = stablehlo.broadcast_in_dim %cst_116, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %332 = stablehlo.add %iterArg_103, %331 : tensor<5x7xf32>
      %cst_117 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %333 = stablehlo.broadcast_in_dim %cst_117, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %334 = stablehlo.add %iterArg_104, %333 : tensor<5x7xf32>
      %335 = stablehlo.broadcast_in_dim %330, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %336 = stablehlo.multiply %332, %335 : tensor<5x7xf32>
      %337 = stablehlo.multiply %iterArg_106, %334 : tensor<5x7xf32>
      %338 = stablehlo.multiply %iterArg_108, %336 : tensor<5x7xf32>
      %339 = stablehlo.subtract %337, %338 : tensor<5x7xf32>
      %340 = stablehlo.multiply %iterArg_107, %334 : tensor<5x7xf32>
      %341 = stablehlo.multiply %iterArg_109, %336 : tensor<5x7xf32>
      %342 = stablehlo.subtract %340, %341 : tensor<5x7xf32>
      %cst_118 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %343 = stablehlo.broadcast_in_dim %cst_118, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %344 = stablehlo.compare NE, %342, %343, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
      %345 = stablehlo.divide %339, %342 : tensor<5x7xf32>
      %346 = stablehlo.subtract %iterArg_101, %345 : tensor<5x7xf32>
      %347 = stablehlo.divide %346, %345 : tensor<5x7xf32>
      %348 = stablehlo.abs %347 : tensor<5x7xf32>
      %cst_119 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %349 = stablehlo.broadcast_in_dim %cst_119, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %350 = stablehlo.select %344, %348, %349 : tensor<5x7xi1>, tensor<5x7xf32>
      %351 = stablehlo.select %344, %345, %iterArg_101 : tensor<5x7xi1>, tensor<5x7xf32>
      %352 = stablehlo.multiply %iterArg_112, %334 : tensor<5x7xf32>
      %353 = stablehlo.subtract %352, %iterArg_106 : tensor<5x7xf32>
      %354 = stablehlo.multiply %iterArg_110, %336 : tensor<5x7xf32>
      %355 = stablehlo.subtract %353, %354 : tensor<5x7xf32>
      %356 = stablehlo.broadcast_in_dim %330, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %357 = stablehlo.multiply %iterArg_108, %356 : tensor<5x7xf32>
      %358 = stablehlo.add %355, %357 : tensor<5x7xf32>
      %359 = stablehlo.multiply %iterArg_113, %334 : tensor<5x7xf32>
      %360 = stablehlo.subtract %359, %iterArg_107 : tensor<5x7xf32>
      %361 = stablehlo.multiply %iterArg_111, %336 : tensor<5x7xf32>
      %362 = stablehlo.subtract %360, %361 : tensor<5x7xf32>
      %363 = stablehlo.broadcast_in_dim %330, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %364 = stablehlo.multiply %iterArg_109, %363 : tensor<5x7xf32>
      %365 = stablehlo.add %362, %364 : tensor<5x7xf32>
      %366 = stablehlo.multiply %351, %365 : tensor<5x7xf32>
      %367 = stablehlo.subtract %358, %366 : tensor<5x7xf32>
      %368 = stablehlo.divide %367, %342 : tensor<5x7xf32>
      %369 = stablehlo.select %344, %368, %iterArg_114 : tensor<5x7xi1>, tensor<5x7xf32>
      %370 = stablehlo.subtract %369, %iterArg_114 : tensor<5x7xf32>
      %371 = stablehlo.abs %370 : tensor<5x7xf32>
      %cst_120 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %372 = stablehlo.broadcast_in_dim %cst_120, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %373 = stablehlo.select %344, %371, %372 : tensor<5x7xi1>, tensor<5x7xf32>
      %374 = stablehlo.abs %339 : tensor<5x7xf32>
      %cst_121 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %cst_122 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %375 = stablehlo.broadcast_in_dim %cst_122, dims = [] : (tensor<f32>) -> tensor<f32>
      %376 = stablehlo.divide %375, %cst_121 : tensor<f32>
      %377 = stablehlo.broadcast_in_dim %376, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %378 = stablehlo.compare GT, %374, %377, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
      %cst_123 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %379 = stablehlo.broadcast_in_dim %cst_123, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %380 = stablehlo.multiply %iterArg_106, %379 : tensor<5x7xf32>
      %381 = stablehlo.select %378, %380, %iterArg_106 : tensor<5x7xi1>, tensor<5x7xf32>
      %cst_124 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %382 = stablehlo.broadcast_in_dim %cst_124, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %383 = stablehlo.multiply %339, %382 : tensor<5x7xf32>
      %384 = stablehlo.select %378, %383, %339 : tensor<5x7xi1>, tensor<5x7xf32>
      %cst_125 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %385 = stablehlo.broadcast_in_dim %cst_125, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %386 = stablehlo.multiply %iterArg_107, %385 : tensor<5x7xf32>
      %387 = stablehlo.select %378, %386, %iterArg_107 : tensor<5x7xi1>, tensor<5x7xf32>
      %cst_126 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %388 = stablehlo.broadcast_in_dim %cst_126, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %389 = stablehlo.multiply %342, %388 : tensor<5x7xf32>
      %390 = stablehlo.select %378, %389, %342 : tensor<5x7xi1>, tensor<5x7xf32>
      %cst_127 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %391 = stablehlo.broadcast_in_dim %cst_127, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %392 = stablehlo.multiply %iterArg_112, %391 : tensor<5x7xf32>
      %393 = stablehlo.select %378, %392, %iterArg_112 : tensor<5x7xi1>, tensor<5x7xf32>
      %cst_128 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %394 = stablehlo.broadcast_in_dim %cst_128, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %395 = stablehlo.multiply %iterArg_113, %394 : tensor<5x7xf32>
      %396 = stablehlo.select %378, %395, %iterArg_113 : tensor<5x7xi1>, tensor<5x7xf32>
      %cst_129 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %397 = stablehlo.broadcast_in_dim %cst_129, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %398 = stablehlo.multiply %358, %397 : tensor<5x7xf32>
      %399 = stablehlo.select %378, %398, %358 : tensor<5x7xi1>, tensor<5x7xf32>
      %cst_130 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %400 = stablehlo.broadcast_in_dim %cst_130, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %401 = stablehlo.multiply %365, %400 : tensor<5x7xf32>
      %402 = stablehlo.select %378, %401, %365 : tensor<5x7xi1>, tensor<5x7xf32>
      %cst_131 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %403 = stablehlo.broadcast_in_dim %cst_131, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %404 = stablehlo.compare GT, %350, %403, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
      %405 = stablehlo.and %iterArg, %404 : tensor<5x7xi1>
      %406 = stablehlo.select %iterArg, %351, %iterArg_101 : tensor<5x7xi1>, tensor<5x7xf32>
      %407 = stablehlo.select %iterArg, %350, %iterArg_102 : tensor<5x7xi1>, tensor<5x7xf32>
      %408 = stablehlo.select %iterArg, %332, %iterArg_103 : tensor<5x7xi1>, tensor<5x7xf32>
      %409 = stablehlo.select %iterArg, %334, %iterArg_104 : tensor<5x7xi1>, tensor<5x7xf32>
      %410 = stablehlo.select %iterArg, %384, %iterArg_106 : tensor<5x7xi1>, tensor<5x7xf32>
      %411 = stablehlo.select %iterArg, %390, %iterArg_107 : tensor<5x7xi1>, tensor<5x7xf32>
      %412 = stablehlo.select %iterArg, %381, %iterArg_108 : tensor<5x7xi1>, tensor<5x7xf32>
      %413 = stablehlo.select %iterArg, %387, %iterArg_109 : tensor<5x7xi1>, tensor<5x7xf32>
      %414 = stablehlo.select %iterArg, %393, %iterArg_110 : tensor<5x7xi1>, tensor<5x7xf32>
      %415 = stablehlo.select %iterArg, %396, %iterArg_111 : tensor<5x7xi1>, tensor<5x7xf32>
      %416 = stablehlo.select %iterArg, %399, %iterArg_112 : tensor<5x7xi1>, tensor<5x7xf32>
      %417 = stablehlo.select %iterArg, %402, %iterArg_113 : tensor<5x7xi1>, tensor<5x7xf32>
      %418 = stablehlo.select %iterArg, %369, %iterArg_114 : tensor<5x7xi1>, tensor<5x7xf32>
      stablehlo.return %405, %406, %407, %408, %409, %330, %410, %411, %412, %413, %414, %415, %416, %417, %418 : tensor<5x7xi1>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<f32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>
    }
    %159 = stablehlo.multiply %158#1, %129 : tensor<5x7xf32>
    %cst_55 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %160 = stablehlo.broadcast_in_dim %cst_55, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %161 = stablehlo.subtract %160, %137 : tensor<5x7xf32>
    %162 = stablehlo.select %115, %161, %159 : tensor<5x7xi1>, tensor<5x7xf32>
    %163 = stablehlo.or %103, %99 : tensor<5x7xi1>
    %cst_56 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %164 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %165 = stablehlo.select %163, %164, %162 : tensor<5x7xi1>, tensor<5x7xf32>
    %cst_57 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %166 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %167 = stablehlo.select %111, %166, %165 : tensor<5x7xi1>, tensor<5x7xf32>
    %cst_58 = stablehlo.constant dense<0.864664733> : tensor<f32>
    %168 = stablehlo.broadcast_in_dim %cst_58, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %169 = stablehlo.compare GT, %arg3, %168, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %cst_59 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %170 = stablehlo.broadcast_in_dim %cst_59, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %171 = stablehlo.subtract %170, %arg3 : tensor<5x7xf32>
    %172 = call @_where(%169, %171, %arg3) : (tensor<5x7xi1>, tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xf32>
    %cst_60 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %173 = stablehlo.broadcast_in_dim %cst_60, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %174 = stablehlo.compare EQ, %172, %173, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %cst_61 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %175 = stablehlo.broadcast_in_dim %cst_61, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %176 = call @_where(%174, %175, %172) : (tensor<5x7xi1>, tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xf32>
    %cst_62 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %177 = stablehlo.broadcast_in_dim %cst_62, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %178 = stablehlo.subtract %176, %177 : tensor<5x7xf32>
    %179 = chlo.square %178 : tensor<5x7xf32> -> tensor<5x7xf32>
    %180 = stablehlo.multiply %178, %179 : tensor<5x7xf32>
    %181 = call @polyval(%cst, %179) : (tensor<5xf32>, tensor<5x7xf32>) -> tensor<5x7xf32>
    %182 = call @polyval_0(%cst_0, %179) : (tensor<9xf32>, tensor<5x7xf32>) -> tensor<5x7xf32>
    %183 = stablehlo.divide %181, %182 : tensor<5x7xf32>
    %184 = stablehlo.multiply %180, %183 : tensor<5x7xf32>
    %185 = stablehlo.add %178, %184 : tensor<5x7xf32>
    %cst_63 = stablehlo.constant dense<-2.50662827> : tensor<f32>
    %186 = stablehlo.broadcast_in_dim %cst_63, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %187 = stablehlo.multiply %185, %186 : tensor<5x7xf32>
    %188 = stablehlo.log %176 : tensor<5x7xf32>
    %cst_64 = stablehlo.constant dense<-2.000000e+00> : tensor<f32>
    %189 = stablehlo.broadcast_in_dim %cst_64, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %190 = stablehlo.multiply %189, %188 : tensor<5x7xf32>
    %191 = stablehlo.sqrt %190 : tensor<5x7xf32>
    %192 = stablehlo.log %191 : tensor<5x7xf32>
    %193 = stablehlo.divide %192, %191 : tensor<5x7xf32>
    %194 = stablehlo.subtract %191, %193 : tensor<5x7xf32>
    %cst_65 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %195 = stablehlo.broadcast_in_dim %cst_65, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %196 = stablehlo.divide %195, %191 : tensor<5x7xf32>
    %197 = call @polyval_0(%cst_1, %196) : (tensor<9xf32>, tensor<5x7xf32>) -> tensor<5x7xf32>
    %cst_66 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %198 = stablehlo.broadcast_in_dim %cst_66, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %199 = stablehlo.divide %198, %191 : tensor<5x7xf32>
    %200 = call @polyval_0(%cst_2, %199) : (tensor<9xf32>, tensor<5x7xf32>) -> tensor<5x7xf32>
    %201 = stablehlo.divide %197, %200 : tensor<5x7xf32>
    %202 = stablehlo.divide %201, %191 : tensor<5x7xf32>
    %cst_67 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %203 = stablehlo.broadcast_in_dim %cst_67, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %204 = stablehlo.divide %203, %191 : tensor<5x7xf32>
    %205 = call @polyval_0(%cst_3, %204) : (tensor<9xf32>, tensor<5x7xf32>) -> tensor<5x7xf32>
    %cst_68 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %206 = stablehlo.broadcast_in_dim %cst_68, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %207 = stablehlo.divide %206, %191 : tensor<5x7xf32>
    %208 = call @polyval_0(%cst_4, %207) : (tensor<9xf32>, tensor<5x7xf32>) -> tensor<5x7xf32>
    %209 = stablehlo.divide %205, %208 : tensor<5x7xf32>
    %210 = stablehlo.divide %209, %191 : tensor<5x7xf32>
    %211 = stablehlo.subtract %194, %202 : tensor<5x7xf32>
    %212 = stablehlo.subtract %194, %210 : tensor<5x7xf32>
    %cst_69 = stablehlo.constant dense<0.135335281> : tensor<f32>
    %213 = stablehlo.broadcast_in_dim %cst_69, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %214 = stablehlo.compare GT, %176, %213, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %cst_70 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %215 = stablehlo.broadcast_in_dim %cst_70, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %216 = stablehlo.compare GE, %191, %215, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %217 = call @_where(%216, %211, %212) : (tensor<5x7xi1>, tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xf32>
    %218 = call @_where(%214, %187, %217) : (tensor<5x7xi1>, tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xf32>
    %cst_71 = stablehlo.constant dense<0.864664733> : tensor<f32>
    %219 = stablehlo.broadcast_in_dim %cst_71, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %220 = stablehlo.compare GT, %arg3, %219, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %221 = stablehlo.negate %218 : tensor<5x7xf32>
    %222 = call @_where(%220, %218, %221) : (tensor<5x7xi1>, tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xf32>
    %cst_72 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %223 = stablehlo.broadcast_in_dim %cst_72, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %cst_73 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %224 = stablehlo.broadcast_in_dim %cst_73, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %225 = stablehlo.compare EQ, %arg3, %224, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %226 = stablehlo.negate %223 : tensor<5x7xf32>
    %cst_74 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %227 = stablehlo.broadcast_in_dim %cst_74, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %228 = stablehlo.compare EQ, %arg3, %227, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %229 = call @_where(%228, %223, %222) : (tensor<5x7xi1>, tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xf32>
    %230 = call @_where(%225, %226, %229) : (tensor<5x7xi1>, tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xf32>
    %cst_75 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %231 = stablehlo.broadcast_in_dim %cst_75, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %232 = stablehlo.compare EQ, %arg2, %231, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %cst_76 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %233 = stablehlo.broadcast_in_dim %cst_76, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %234 = stablehlo.compare EQ, %arg0, %233, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %235 = stablehlo.or %232, %234 : tensor<5x7xi1>
    %cst_77 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %236 = stablehlo.broadcast_in_dim %cst_77, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %237 = stablehlo.compare EQ, %arg0, %236, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %cst_78 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %238 = stablehlo.broadcast_in_dim %cst_78, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %239 = stablehlo.compare EQ, %arg2, %238, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %240 = stablehlo.or %237, %239 : tensor<5x7xi1>
    %cst_79 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %241 = stablehlo.broadcast_in_dim %cst_79, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %242 = stablehlo.compare EQ, %arg3, %241, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %cst_80 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %243 = stablehlo.broadcast_in_dim %cst_80, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %244 = stablehlo.compare EQ, %arg3, %243, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %245 = stablehlo.not %242 : tensor<5x7xi1>
    %246 = stablehlo.not %244 : tensor<5x7xi1>
    %247 = stablehlo.compare NE, %arg2, %arg2, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %248 = stablehlo.compare NE, %arg0, %arg0, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %249 = stablehlo.or %247, %248 : tensor<5x7xi1>
    %250 = stablehlo.compare NE, %arg3, %arg3, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %251 = stablehlo.or %249, %250 : tensor<5x7xi1>
    %252 = stablehlo.and %240, %246 : tensor<5x7xi1>
    %253 = stablehlo.and %235, %242 : tensor<5x7xi1>
    %254 = stablehlo.or %252, %253 : tensor<5x7xi1>
    %255 = stablehlo.and %235, %245 : tensor<5x7xi1>
    %256 = stablehlo.and %240, %244 : tensor<5x7xi1>
    %257 = stablehlo.or %255, %256 : tensor<5x7xi1>
    %cst_81 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %258 = stablehlo.broadcast_in_dim %cst_81, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %259 = stablehlo.compare LT, %arg2, %258, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %cst_82 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %260 = stablehlo.broadcast_in_dim %cst_82, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %261 = stablehlo.compare LT, %arg0, %260, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %262 = stablehlo.or %259, %261 : tensor<5x7xi1>
    %cst_83 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %263 = stablehlo.broadcast_in_dim %cst_83, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %264 = stablehlo.compare LT, %arg3, %263, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %265 = stablehlo.or %262, %264 : tensor<5x7xi1>
    %cst_84 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %266 = stablehlo.broadcast_in_dim %cst_84, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %267 = stablehlo.compare GT, %arg3, %266, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %268 = stablehlo.or %265, %267 : tensor<5x7xi1>
    %269 = stablehlo.and %235, %240 : tensor<5x7xi1>
    %270 = stablehlo.or %269, %251 : tensor<5x7xi1>
    %271 = stablehlo.or %268, %270 : tensor<5x7xi1>
    %cst_85 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %272 = stablehlo.broadcast_in_dim %cst_85, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %273 = stablehlo.add %arg2, %272 : tensor<5x7xf32>
    %274 = stablehlo.add %arg2, %arg0 : tensor<5x7xf32>
    %cst_86 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %275 = stablehlo.broadcast_in_dim %cst_86, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %276 = stablehlo.add %274, %275 : tensor<5x7xf32>
    %277 = stablehlo.divide %273, %276 : tensor<5x7xf32>
    %278 = stablehlo.compare LT, %arg3, %277, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %279 = stablehlo.select %278, %arg2, %arg0 : tensor<5x7xi1>, tensor<5x7xf32>
    %280 = stablehlo.select %278, %arg0, %arg2 : tensor<5x7xi1>, tensor<5x7xf32>
    %cst_87 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %281 = stablehlo.broadcast_in_dim %cst_87, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %282 = stablehlo.subtract %281, %arg3 : tensor<5x7xf32>
    %283 = stablehlo.select %278, %arg3, %282 : tensor<5x7xi1>, tensor<5x7xf32>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %284 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<5x7xi64>
    %c_88 = stablehlo.constant dense<0> : tensor<i64>
    %285 = stablehlo.broadcast_in_dim %c_88, dims = [] : (tensor<i64>) -> tensor<5x7xi64>
    %286 = stablehlo.compare EQ, %284, %285, SIGNED : (tensor<5x7xi64>, tensor<5x7xi64>) -> tensor<5x7xi1>
    %cst_89 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %287 = stablehlo.broadcast_in_dim %cst_89, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %cst_90 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %288 = stablehlo.broadcast_in_dim %cst_90, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %289 = stablehlo.select %286, %287, %288 : tensor<5x7xi1>, tensor<5x7xf32>
    %290 = stablehlo.abs %289 : tensor<5x7xf32>
    %cst_91 = stablehlo.constant dense<5.96046448E-8> : tensor<f32>
    %291 = stablehlo.broadcast_in_dim %cst_91, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %292 = stablehlo.compare LT, %290, %291, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %cst_92 = stablehlo.constant dense<5.96046448E-8> : tensor<f32>
    %293 = stablehlo.broadcast_in_dim %cst_92, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %294 = stablehlo.select %292, %293, %289 : tensor<5x7xi1>, tensor<5x7xf32>
    %cst_93 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %295 = stablehlo.broadcast_in_dim %cst_93, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %c_94 = stablehlo.constant dense<1> : tensor<i64>
    %c_95 = stablehlo.constant dense<true> : tensor<i1>
    %296:8 = stablehlo.while(%iterArg = %279, %iterArg_101 = %280, %iterArg_102 = %283, %iterArg_103 = %c_94, %iterArg_104 = %c_95, %iterArg_105 = %294, %iterArg_106 = %295, %iterArg_107 = %294) : tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<i64>, tensor<i1>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>
    cond {
      %c_108 = stablehlo.constant dense<200> : tensor<i64>
      %330 = stablehlo.compare LT, %iterArg_103, %c_108, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      %331 = stablehlo.and %330, %iterArg_104 : tensor<i1>
      stablehlo.return %331 : tensor<i1>
    } do {
      %330 = stablehlo.broadcast_in_dim %iterArg_103, dims = [] : (tensor<i64>) -> tensor<5x7xi64>
      %c_108 = stablehlo.constant dense<2> : tensor<i64>
      %331 = stablehlo.broadcast_in_dim %c_108, dims = [] : (tensor<i64>) -> tensor<5x7xi64>
      %332 = func.call @remainder(%330, %331) : (tensor<5x7xi64>, tensor<5x7xi64>) -> tensor<5x7xi64>
      %c_109 = stablehlo.constant dense<0> : tensor<i64>
      %333 = stablehlo.broadcast_in_dim %c_109, dims = [] : (tensor<i64>) -> tensor<5x7xi64>
      %334 = stablehlo.compare EQ, %332, %333, SIGNED : (tensor<5x7xi64>, tensor<5x7xi64>) -> tensor<5x7xi1>
      %c_110 = stablehlo.constant dense<1> : tensor<i64>
      %335 = stablehlo.broadcast_in_dim %c_110, dims = [] : (tensor<i64>) -> tensor<5x7xi64>
      %336 = stablehlo.compare EQ, %330, %335, SIGNED : (tensor<5x7xi64>, tensor<5x7xi64>) -> tensor<5x7xi1>
      %c_111 = stablehlo.constant dense<1> : tensor<i64>
      %337 = stablehlo.broadcast_in_dim %c_111, dims = [] : (tensor<i64>) -> tensor<5x7xi64>
      %338 = stablehlo.subtract %330, %337 : tensor<5x7xi64>
      %c_112 = stablehlo.constant dense<2> : tensor<i64>
      %339 = stablehlo.broadcast_in_dim %c_112, dims = [] : (tensor<i64>) -> tensor<5x7xi64>
      %340 = func.call @floor_divide(%338, %339) : (tensor<5x7xi64>, tensor<5x7xi64>) -> tensor<5x7xi64>
      %c_113 = stablehlo.constant dense<0> : tensor<i64>
      %341 = stablehlo.broadcast_in_dim %c_113, dims = [] : (tensor<i64>) -> tensor<5x7xi64>
      %342 = stablehlo.compare EQ, %340, %341, SIGNED : (tensor<5x7xi64>, tensor<5x7xi64>) -> tensor<5x7xi1>
      %343 = stablehlo.convert %340 : (tensor<5x7xi64>) -> tensor<5x7xf32>
      %cst_114 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %344 = stablehlo.broadcast_in_dim %cst_114, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %cst_115 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %345 = stablehlo.broadcast_in_dim %cst_115, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %346 = stablehlo.add %iterArg, %iterArg_101 : tensor<5x7xf32>
      %347 = stablehlo.negate %346 : tensor<5x7xf32>
      %348 = stablehlo.multiply %347, %iterArg_102 : tensor<5x7xf32>
      %349 = stablehlo.add %iterArg, %344 : tensor<5x7xf32>
      %350 = stablehlo.divide %348, %349 : tensor<5x7xf32>
      %351 = stablehlo.add %iterArg, %343 : tensor<5x7xf32>
      %352 = stablehlo.negate %351 : tensor<5x7xf32>
      %353 = stablehlo.add %iterArg, %iterArg_101 : tensor<5x7xf32>
      %354 = stablehlo.add %353, %343 : tensor<5x7xf32>
      %355 = stablehlo.multiply %352, %354 : tensor<5x7xf32>
      %356 = stablehlo.multiply %355, %iterArg_102 : tensor<5x7xf32>
      %357 = stablehlo.multiply %345, %343 : tensor<5x7xf32>
      %358 = stablehlo.add %iterArg, %357 : tensor<5x7xf32>
      %359 = stablehlo.multiply %345, %343 : tensor<5x7xf32>
      %360 = stablehlo.add %iterArg, %359 : tensor<5x7xf32>
      %361 = stablehlo.add %360, %344 : tensor<5x7xf32>
      %362 = stablehlo.multiply %358, %361 : tensor<5x7xf32>
      %363 = stablehlo.divide %356, %362 : tensor<5x7xf32>
      %364 = stablehlo.select %342, %350, %363 : tensor<5x7xi1>, tensor<5x7xf32>
      %365 = stablehlo.subtract %iterArg_101, %343 : tensor<5x7xf32>
      %366 = stablehlo.multiply %343, %365 : tensor<5x7xf32>
      %367 = stablehlo.multiply %366, %iterArg_102 : tensor<5x7xf32>
      %368 = stablehlo.multiply %345, %343 : tensor<5x7xf32>
      %369 = stablehlo.add %iterArg, %368 : tensor<5x7xf32>
      %370 = stablehlo.subtract %369, %344 : tensor<5x7xf32>
      %371 = stablehlo.multiply %345, %343 : tensor<5x7xf32>
      %372 = stablehlo.add %iterArg, %371 : tensor<5x7xf32>
      %373 = stablehlo.multiply %370, %372 : tensor<5x7xf32>
      %374 = stablehlo.divide %367, %373 : tensor<5x7xf32>
      %cst_116 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %375 = stablehlo.broadcast_in_dim %cst_116, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %376 = stablehlo.select %334, %364, %374 : tensor<5x7xi1>, tensor<5x7xf32>
      %377 = stablehlo.select %336, %375, %376 : tensor<5x7xi1>, tensor<5x7xf32>
      %378 = stablehlo.broadcast_in_dim %iterArg_103, dims = [] : (tensor<i64>) -> tensor<5x7xi64>
      %c_117 = stablehlo.constant dense<0> : tensor<i64>
      %379 = stablehlo.broadcast_in_dim %c_117, dims = [] : (tensor<i64>) -> tensor<5x7xi64>
      %380 = stablehlo.compare EQ, %378, %379, SIGNED : (tensor<5x7xi64>, tensor<5x7xi64>) -> tensor<5x7xi1>
      %cst_118 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %381 = stablehlo.broadcast_in_dim %cst_118, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %cst_119 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %382 = stablehlo.broadcast_in_dim %cst_119, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %383 = stablehlo.select %380, %381, %382 : tensor<5x7xi1>, tensor<5x7xf32>
      %384 = stablehlo.divide %377, %iterArg_105 : tensor<5x7xf32>
      %385 = stablehlo.add %383, %384 : tensor<5x7xf32>
      %cst_120 = stablehlo.constant dense<5.96046448E-8> : tensor<f32>
      %386 = stablehlo.broadcast_in_dim %cst_120, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %387 = stablehlo.abs %385 : tensor<5x7xf32>
      %388 = stablehlo.compare LT, %387, %386, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
      %389 = stablehlo.select %388, %386, %385 : tensor<5x7xi1>, tensor<5x7xf32>
      %390 = stablehlo.multiply %377, %iterArg_106 : tensor<5x7xf32>
      %391 = stablehlo.add %383, %390 : tensor<5x7xf32>
      %392 = stablehlo.abs %391 : tensor<5x7xf32>
      %393 = stablehlo.compare LT, %392, %386, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
      %394 = stablehlo.select %393, %386, %391 : tensor<5x7xi1>, tensor<5x7xf32>
      %cst_121 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %395 = stablehlo.broadcast_in_dim %cst_121, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %396 = stablehlo.divide %395, %394 : tensor<5x7xf32>
      %397 = stablehlo.multiply %389, %396 : tensor<5x7xf32>
      %398 = stablehlo.multiply %iterArg_107, %397 : tensor<5x7xf32>
      %c_122 = stablehlo.constant dense<1> : tensor<i64>
      %399 = stablehlo.add %iterArg_103, %c_122 : tensor<i64>
      %cst_123 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %400 = stablehlo.broadcast_in_dim %cst_123, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %401 = stablehlo.subtract %397, %400 : tensor<5x7xf32>
      %402 = stablehlo.abs %401 : tensor<5x7xf32>
      %cst_124 = stablehlo.constant dense<5.96046448E-8> : tensor<f32>
      %403 = stablehlo.broadcast_in_dim %cst_124, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
      %404 = stablehlo.compare GE, %402, %403, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
      %c_125 = stablehlo.constant dense<false> : tensor<i1>
      %405 = stablehlo.reduce(%404 init: %c_125) applies stablehlo.or across dimensions = [0, 1] : (tensor<5x7xi1>, tensor<i1>) -> tensor<i1>
      stablehlo.return %iterArg, %iterArg_101, %iterArg_102, %399, %405, %389, %396, %398 : tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<i64>, tensor<i1>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>
    }
    %297 = chlo.lgamma %280 : tensor<5x7xf32> -> tensor<5x7xf32>
    %298 = stablehlo.add %279, %280 : tensor<5x7xf32>
    %299 = chlo.lgamma %298 : tensor<5x7xf32> -> tensor<5x7xf32>
    %300 = stablehlo.subtract %297, %299 : tensor<5x7xf32>
    %301 = chlo.lgamma %279 : tensor<5x7xf32> -> tensor<5x7xf32>
    %302 = stablehlo.add %301, %300 : tensor<5x7xf32>
    %cst_96 = stablehlo.constant dense<2.3509887E-38> : tensor<f32>
    %303 = stablehlo.broadcast_in_dim %cst_96, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %304 = stablehlo.compare LT, %279, %303, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %305 = stablehlo.negate %283 : tensor<5x7xf32>
    %306 = stablehlo.log_plus_one %305 : tensor<5x7xf32>
    %307 = stablehlo.multiply %306, %280 : tensor<5x7xf32>
    %308 = stablehlo.subtract %307, %300 : tensor<5x7xf32>
    %309 = stablehlo.exponential %308 : tensor<5x7xf32>
    %310 = stablehlo.log %283 : tensor<5x7xf32>
    %311 = stablehlo.multiply %310, %279 : tensor<5x7xf32>
    %312 = stablehlo.negate %283 : tensor<5x7xf32>
    %313 = stablehlo.log_plus_one %312 : tensor<5x7xf32>
    %314 = stablehlo.multiply %313, %280 : tensor<5x7xf32>
    %315 = stablehlo.add %311, %314 : tensor<5x7xf32>
    %316 = stablehlo.subtract %315, %302 : tensor<5x7xf32>
    %317 = stablehlo.exponential %316 : tensor<5x7xf32>
    %318 = stablehlo.divide %317, %279 : tensor<5x7xf32>
    %319 = stablehlo.select %304, %309, %318 : tensor<5x7xi1>, tensor<5x7xf32>
    %320 = stablehlo.multiply %296#7, %319 : tensor<5x7xf32>
    %cst_97 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %321 = stablehlo.broadcast_in_dim %cst_97, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %322 = stablehlo.subtract %321, %320 : tensor<5x7xf32>
    %323 = stablehlo.select %278, %320, %322 : tensor<5x7xi1>, tensor<5x7xf32>
    %cst_98 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %324 = stablehlo.broadcast_in_dim %cst_98, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %325 = stablehlo.select %254, %324, %323 : tensor<5x7xi1>, tensor<5x7xf32>
    %cst_99 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %326 = stablehlo.broadcast_in_dim %cst_99, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %327 = stablehlo.select %257, %326, %325 : tensor<5x7xi1>, tensor<5x7xf32>
    %cst_100 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %328 = stablehlo.broadcast_in_dim %cst_100, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %329 = stablehlo.select %271, %328, %327 : tensor<5x7xi1>, tensor<5x7xf32>
    return %0, %4, %5, %6, %7, %12, %14, %16, %17, %20, %94, %167, %230, %329 : tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>
  }
  func.func private @_where(%arg0: tensor<5x7xi1>, %arg1: tensor<5x7xf32>, %arg2: tensor<5x7xf32>) -> tensor<5x7xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<5x7xi1>, tensor<5x7xf32>
    return %0 : tensor<5x7xf32>
  }
  func.func private @polyval(%arg0: tensor<5xf32>, %arg1: tensor<5x7xf32>) -> tensor<5x7xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %1 = stablehlo.slice %arg0 [0:0] : (tensor<5xf32>) -> tensor<0xf32>
    %2 = stablehlo.slice %arg0 [0:5] : (tensor<5xf32>) -> tensor<5xf32>
    %3 = stablehlo.slice %2 [0:1] : (tensor<5xf32>) -> tensor<1xf32>
    %4 = stablehlo.reshape %3 : (tensor<1xf32>) -> tensor<f32>
    %5 = call @closed_call(%arg1, %0, %4) : (tensor<5x7xf32>, tensor<5x7xf32>, tensor<f32>) -> tensor<5x7xf32>
    %6 = stablehlo.slice %2 [1:2] : (tensor<5xf32>) -> tensor<1xf32>
    %7 = stablehlo.reshape %6 : (tensor<1xf32>) -> tensor<f32>
    %8 = call @closed_call(%arg1, %5, %7) : (tensor<5x7xf32>, tensor<5x7xf32>, tensor<f32>) -> tensor<5x7xf32>
    %9 = stablehlo.slice %2 [2:3] : (tensor<5xf32>) -> tensor<1xf32>
    %10 = stablehlo.reshape %9 : (tensor<1xf32>) -> tensor<f32>
    %11 = call @closed_call(%arg1, %8, %10) : (tensor<5x7xf32>, tensor<5x7xf32>, tensor<f32>) -> tensor<5x7xf32>
    %12 = stablehlo.slice %2 [3:4] : (tensor<5xf32>) -> tensor<1xf32>
    %13 = stablehlo.reshape %12 : (tensor<1xf32>) -> tensor<f32>
    %14 = call @closed_call(%arg1, %11, %13) : (tensor<5x7xf32>, tensor<5x7xf32>, tensor<f32>) -> tensor<5x7xf32>
    %15 = stablehlo.slice %2 [4:5] : (tensor<5xf32>) -> tensor<1xf32>
    %16 = stablehlo.reshape %15 : (tensor<1xf32>) -> tensor<f32>
    %17 = call @closed_call(%arg1, %14, %16) : (tensor<5x7xf32>, tensor<5x7xf32>, tensor<f32>) -> tensor<5x7xf32>
    return %17 : tensor<5x7xf32>
  }
  func.func private @closed_call(%arg0: tensor<5x7xf32>, %arg1: tensor<5x7xf32>, %arg2: tensor<f32>) -> tensor<5x7xf32> {
    %0 = stablehlo.multiply %arg1, %arg0 : tensor<5x7xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %2 = stablehlo.add %0, %1 : tensor<5x7xf32>
    return %2 : tensor<5x7xf32>
  }
  func.func private @polyval_0(%arg0: tensor<9xf32>, %arg1: tensor<5x7xf32>) -> tensor<5x7xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %1 = stablehlo.slice %arg0 [0:0] : (tensor<9xf32>) -> tensor<0xf32>
    %2 = stablehlo.slice %arg0 [0:9] : (tensor<9xf32>) -> tensor<9xf32>
    %3 = stablehlo.slice %2 [0:1] : (tensor<9xf32>) -> tensor<1xf32>
    %4 = stablehlo.reshape %3 : (tensor<1xf32>) -> tensor<f32>
    %5 = call @closed_call_1(%arg1, %0, %4) : (tensor<5x7xf32>, tensor<5x7xf32>, tensor<f32>) -> tensor<5x7xf32>
    %6 = stablehlo.slice %2 [1:2] : (tensor<9xf32>) -> tensor<1xf32>
    %7 = stablehlo.reshape %6 : (tensor<1xf32>) -> tensor<f32>
    %8 = call @closed_call_1(%arg1, %5, %7) : (tensor<5x7xf32>, tensor<5x7xf32>, tensor<f32>) -> tensor<5x7xf32>
    %9 = stablehlo.slice %2 [2:3] : (tensor<9xf32>) -> tensor<1xf32>
    %10 = stablehlo.reshape %9 : (tensor<1xf32>) -> tensor<f32>
    %11 = call @closed_call_1(%arg1, %8, %10) : (tensor<5x7xf32>, tensor<5x7xf32>, tensor<f32>) -> tensor<5x7xf32>
    %12 = stablehlo.slice %2 [3:4] : (tensor<9xf32>) -> tensor<1xf32>
    %13 = stablehlo.reshape %12 : (tensor<1xf32>) -> tensor<f32>
    %14 = call @closed_call_1(%arg1, %11, %13) : (tensor<5x7xf32>, tensor<5x7xf32>, tensor<f32>) -> tensor<5x7xf32>
    %15 = stablehlo.slice %2 [4:5] : (tensor<9xf32>) -> tensor<1xf32>
    %16 = stablehlo.reshape %15 : (tensor<1xf32>) -> tensor<f32>
    %17 = call @closed_call_1(%arg1, %14, %16) : (tensor<5x7xf32>, tensor<5x7xf32>, tensor<f32>) -> tensor<5x7xf32>
    %18 = stablehlo.slice %2 [5:6] : (tensor<9xf32>) -> tensor<1xf32>
    %19 = stablehlo.reshape %18 : (tensor<1xf32>) -> tensor<f32>
    %20 = call @closed_call_1(%arg1, %17, %19) : (tensor<5x7xf32>, tensor<5x7xf32>, tensor<f32>) -> tensor<5x7xf32>
    %21 = stablehlo.slice %2 [6:7] : (tensor<9xf32>) -> tensor<1xf32>
    %22 = stablehlo.reshape %21 : (tensor<1xf32>) -> tensor<f32>
    %23 = call @closed_call_1(%arg1, %20, %22) : (tensor<5x7xf32>, tensor<5x7xf32>, tensor<f32>) -> tensor<5x7xf32>
    %24 = stablehlo.slice %2 [7:8] : (tensor<9xf32>) -> tensor<1xf32>
    %25 = stablehlo.reshape %24 : (tensor<1xf32>) -> tensor<f32>
    %26 = call @closed_call_1(%arg1, %23, %25) : (tensor<5x7xf32>, tensor<5x7xf32>, tensor<f32>) -> tensor<5x7xf32>
    %27 = stablehlo.slice %2 [8:9] : (tensor<9xf32>) -> tensor<1xf32>
    %28 = stablehlo.reshape %27 : (tensor<1xf32>) -> tensor<f32>
    %29 = call @closed_call_1(%arg1, %26, %28) : (tensor<5x7xf32>, tensor<5x7xf32>, tensor<f32>) -> tensor<5x7xf32>
    return %29 : tensor<5x7xf32>
  }
  func.func private @closed_call_1(%arg0: tensor<5x7xf32>, %arg1: tensor<5x7xf32>, %arg2: tensor<f32>) -> tensor<5x7xf32> {
    %0 = stablehlo.multiply %arg1, %arg0 : tensor<5x7xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %2 = stablehlo.add %0, %1 : tensor<5x7xf32>
    return %2 : tensor<5x7xf32>
  }
  func.func private @remainder(%arg0: tensor<5x7xi64>, %arg1: tensor<5x7xi64>) -> tensor<5x7xi64> {
    %c = stablehlo.constant dense<0> : tensor<i64>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<5x7xi64>
    %1 = stablehlo.compare EQ, %arg1, %0, SIGNED : (tensor<5x7xi64>, tensor<5x7xi64>) -> tensor<5x7xi1>
    %c_0 = stablehlo.constant dense<1> : tensor<i64>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i64>) -> tensor<5x7xi64>
    %3 = call @_where_2(%1, %2, %arg1) : (tensor<5x7xi1>, tensor<5x7xi64>, tensor<5x7xi64>) -> tensor<5x7xi64>
    %4 = stablehlo.remainder %arg0, %3 : tensor<5x7xi64>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i64>) -> tensor<5x7xi64>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<5x7xi64>, tensor<5x7xi64>) -> tensor<5x7xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i64>) -> tensor<5x7xi64>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<5x7xi64>, tensor<5x7xi64>) -> tensor<5x7xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i64>
    %9 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i64>) -> tensor<5x7xi64>
    %10 = stablehlo.compare LT, %3, %9, SIGNED : (tensor<5x7xi64>, tensor<5x7xi64>) -> tensor<5x7xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<5x7xi1>, tensor<5x7xi1>) -> tensor<5x7xi1>
    %12 = stablehlo.and %11, %6 : tensor<5x7xi1>
    %13 = stablehlo.add %4, %3 : tensor<5x7xi64>
    %14 = stablehlo.select %12, %13, %4 : tensor<5x7xi1>, tensor<5x7xi64>
    return %14 : tensor<5x7xi64>
  }
  func.func private @_where_2(%arg0: tensor<5x7xi1>, %arg1: tensor<5x7xi64>, %arg2: tensor<5x7xi64>) -> tensor<5x7xi64> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<5x7xi1>, tensor<5x7xi64>
    return %0 : tensor<5x7xi64>
  }
  func.func private @floor_divide(%arg0: tensor<5x7xi64>, %arg1: tensor<5x7xi64>) -> tensor<5x7xi64> {
    %0 = stablehlo.divide %arg0, %arg1 : tensor<5x7xi64>
    %1 = stablehlo.sign %arg0 : tensor<5x7xi64>
    %2 = stablehlo.sign %arg1 : tensor<5x7xi64>
    %3 = stablehlo.compare NE, %1, %2, SIGNED : (tensor<5x7xi64>, tensor<5x7xi64>) -> tensor<5x7xi1>
    %4 = stablehlo.remainder %arg0, %arg1 : tensor<5x7xi64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<5x7xi64>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<5x7xi64>, tensor<5x7xi64>) -> tensor<5x7xi1>
    %c_0 = stablehlo.constant dense<false> : tensor<i1>
    %7 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i1>) -> tensor<5x7xi1>
    %8 = stablehlo.compare NE, %3, %7, UNSIGNED : (tensor<5x7xi1>, tensor<5x7xi1>) -> tensor<5x7xi1>
    %9 = stablehlo.convert %8 : tensor<5x7xi1>
    %c_1 = stablehlo.constant dense<false> : tensor<i1>
    %10 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i1>) -> tensor<5x7xi1>
    %11 = stablehlo.compare NE, %6, %10, UNSIGNED : (tensor<5x7xi1>, tensor<5x7xi1>) -> tensor<5x7xi1>
    %12 = stablehlo.convert %11 : tensor<5x7xi1>
    %13 = stablehlo.and %9, %12 : tensor<5x7xi1>
    %c_2 = stablehlo.constant dense<1> : tensor<i64>
    %14 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i64>) -> tensor<5x7xi64>
    %15 = stablehlo.subtract %0, %14 : tensor<5x7xi64>
    %16 = call @_where_3(%13, %15, %0) : (tensor<5x7xi1>, tensor<5x7xi64>, tensor<5x7xi64>) -> tensor<5x7xi64>
    return %16 : tensor<5x7xi64>
  }
  func.func private @_where_3(%arg0: tensor<5x7xi1>, %arg1: tensor<5x7xi64>, %arg2: tensor<5x7xi64>) -> tensor<5x7xi64> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<5x7xi1>, tensor<5x7xi64>
    return %0 : tensor<5x7xi64>
  }
}
