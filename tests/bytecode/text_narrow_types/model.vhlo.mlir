module {
  vhlo.func_v1 @main() -> (!vhlo.tensor_v1<4x!vhlo.i4_v1>, !vhlo.tensor_v1<4x!vhlo.ui4_v1>, !vhlo.tensor_v1<4x!vhlo.i2_v1>, !vhlo.tensor_v1<4x!vhlo.ui2_v1>, !vhlo.tensor_v1<4x!vhlo.f8E4M3FN_v1>, !vhlo.tensor_v1<4x!vhlo.f8E5M2_v1>, !vhlo.tensor_v1<4x!vhlo.f8E4M3FNUZ_v1>, !vhlo.tensor_v1<4x!vhlo.f8E5M2FNUZ_v1>, !vhlo.tensor_v1<4x!vhlo.f8E4M3B11FNUZ_v1>, !vhlo.tensor_v1<4x!vhlo.f8E3M4_v1>, !vhlo.tensor_v1<4x!vhlo.f8E4M3_v1>, !vhlo.tensor_v1<4x!vhlo.f8E8M0FNU_v1>, !vhlo.tensor_v1<4x!vhlo.f6E2M3FN_v1>, !vhlo.tensor_v1<4x!vhlo.f6E3M2FN_v1>, !vhlo.tensor_v1<4x!vhlo.f4E2M1FN_v1>, !vhlo.tensor_v1<4x!vhlo.f32_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[1.000000e+00, -1.500000e+00, 6.000000e+00, 5.000000e-01]> : tensor<4xf4E2M1FN>>}> : () -> !vhlo.tensor_v1<4x!vhlo.f4E2M1FN_v1>
    %1 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[1.000000e+00, -2.500000e+00, 2.800000e+01, 1.250000e-01]> : tensor<4xf6E3M2FN>>}> : () -> !vhlo.tensor_v1<4x!vhlo.f6E3M2FN_v1>
    %2 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[1.000000e+00, -2.500000e+00, 7.500000e+00, 1.250000e-01]> : tensor<4xf6E2M3FN>>}> : () -> !vhlo.tensor_v1<4x!vhlo.f6E2M3FN_v1>
    %3 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[1.000000e+00, 2.500000e-01, 4.000000e+00, 1.250000e-01]> : tensor<4xf8E8M0FNU>>}> : () -> !vhlo.tensor_v1<4x!vhlo.f8E8M0FNU_v1>
    %4 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[1.000000e+00, -2.500000e+00, 2.400000e+02, 1.015630e-01]> : tensor<4xf8E4M3>>}> : () -> !vhlo.tensor_v1<4x!vhlo.f8E4M3_v1>
    %5 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[1.000000e+00, -2.500000e+00, 1.550000e+01, 9.375000e-02]> : tensor<4xf8E3M4>>}> : () -> !vhlo.tensor_v1<4x!vhlo.f8E3M4_v1>
    %6 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[1.000000e+00, -2.500000e+00, 3.000000e+01, 1.015630e-01]> : tensor<4xf8E4M3B11FNUZ>>}> : () -> !vhlo.tensor_v1<4x!vhlo.f8E4M3B11FNUZ_v1>
    %7 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[1.000000e+00, -2.500000e+00, 3.000000e+00, 9.375000e-02]> : tensor<4xf8E5M2FNUZ>>}> : () -> !vhlo.tensor_v1<4x!vhlo.f8E5M2FNUZ_v1>
    %8 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[1.000000e+00, -2.500000e+00, 2.400000e+02, 1.015630e-01]> : tensor<4xf8E4M3FNUZ>>}> : () -> !vhlo.tensor_v1<4x!vhlo.f8E4M3FNUZ_v1>
    %9 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[1.000000e+00, -2.500000e+00, 5.734400e+04, 9.375000e-02]> : tensor<4xf8E5M2>>}> : () -> !vhlo.tensor_v1<4x!vhlo.f8E5M2_v1>
    %10 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[1.000000e+00, -2.500000e+00, 4.480000e+02, 1.015630e-01]> : tensor<4xf8E4M3FN>>}> : () -> !vhlo.tensor_v1<4x!vhlo.f8E4M3FN_v1>
    %11 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[0, 1, 2, 3]> : tensor<4xui2>>}> : () -> !vhlo.tensor_v1<4x!vhlo.ui2_v1>
    %12 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[-2, -1, 0, 1]> : tensor<4xi2>>}> : () -> !vhlo.tensor_v1<4x!vhlo.i2_v1>
    %13 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[0, 9, 15, 4]> : tensor<4xui4>>}> : () -> !vhlo.tensor_v1<4x!vhlo.ui4_v1>
    %14 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[-8, -1, 3, 7]> : tensor<4xi4>>}> : () -> !vhlo.tensor_v1<4x!vhlo.i4_v1>
    %15 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[1, 2, 3, 4]> : tensor<4xi4>>}> : () -> !vhlo.tensor_v1<4x!vhlo.i4_v1>
    %16 = "vhlo.add_v1"(%14, %15) : (!vhlo.tensor_v1<4x!vhlo.i4_v1>, !vhlo.tensor_v1<4x!vhlo.i4_v1>) -> !vhlo.tensor_v1<4x!vhlo.i4_v1>
    %17 = "vhlo.multiply_v1"(%13, %13) : (!vhlo.tensor_v1<4x!vhlo.ui4_v1>, !vhlo.tensor_v1<4x!vhlo.ui4_v1>) -> !vhlo.tensor_v1<4x!vhlo.ui4_v1>
    %18 = "vhlo.negate_v1"(%12) : (!vhlo.tensor_v1<4x!vhlo.i2_v1>) -> !vhlo.tensor_v1<4x!vhlo.i2_v1>
    %19 = "vhlo.add_v1"(%11, %11) : (!vhlo.tensor_v1<4x!vhlo.ui2_v1>, !vhlo.tensor_v1<4x!vhlo.ui2_v1>) -> !vhlo.tensor_v1<4x!vhlo.ui2_v1>
    %20 = "vhlo.add_v1"(%10, %10) : (!vhlo.tensor_v1<4x!vhlo.f8E4M3FN_v1>, !vhlo.tensor_v1<4x!vhlo.f8E4M3FN_v1>) -> !vhlo.tensor_v1<4x!vhlo.f8E4M3FN_v1>
    %21 = "vhlo.add_v1"(%9, %9) : (!vhlo.tensor_v1<4x!vhlo.f8E5M2_v1>, !vhlo.tensor_v1<4x!vhlo.f8E5M2_v1>) -> !vhlo.tensor_v1<4x!vhlo.f8E5M2_v1>
    %22 = "vhlo.add_v1"(%8, %8) : (!vhlo.tensor_v1<4x!vhlo.f8E4M3FNUZ_v1>, !vhlo.tensor_v1<4x!vhlo.f8E4M3FNUZ_v1>) -> !vhlo.tensor_v1<4x!vhlo.f8E4M3FNUZ_v1>
    %23 = "vhlo.multiply_v1"(%7, %7) : (!vhlo.tensor_v1<4x!vhlo.f8E5M2FNUZ_v1>, !vhlo.tensor_v1<4x!vhlo.f8E5M2FNUZ_v1>) -> !vhlo.tensor_v1<4x!vhlo.f8E5M2FNUZ_v1>
    %24 = "vhlo.subtract_v1"(%6, %6) : (!vhlo.tensor_v1<4x!vhlo.f8E4M3B11FNUZ_v1>, !vhlo.tensor_v1<4x!vhlo.f8E4M3B11FNUZ_v1>) -> !vhlo.tensor_v1<4x!vhlo.f8E4M3B11FNUZ_v1>
    %25 = "vhlo.add_v1"(%5, %5) : (!vhlo.tensor_v1<4x!vhlo.f8E3M4_v1>, !vhlo.tensor_v1<4x!vhlo.f8E3M4_v1>) -> !vhlo.tensor_v1<4x!vhlo.f8E3M4_v1>
    %26 = "vhlo.add_v1"(%4, %4) : (!vhlo.tensor_v1<4x!vhlo.f8E4M3_v1>, !vhlo.tensor_v1<4x!vhlo.f8E4M3_v1>) -> !vhlo.tensor_v1<4x!vhlo.f8E4M3_v1>
    %27 = "vhlo.multiply_v1"(%3, %3) : (!vhlo.tensor_v1<4x!vhlo.f8E8M0FNU_v1>, !vhlo.tensor_v1<4x!vhlo.f8E8M0FNU_v1>) -> !vhlo.tensor_v1<4x!vhlo.f8E8M0FNU_v1>
    %28 = "vhlo.add_v1"(%2, %2) : (!vhlo.tensor_v1<4x!vhlo.f6E2M3FN_v1>, !vhlo.tensor_v1<4x!vhlo.f6E2M3FN_v1>) -> !vhlo.tensor_v1<4x!vhlo.f6E2M3FN_v1>
    %29 = "vhlo.add_v1"(%1, %1) : (!vhlo.tensor_v1<4x!vhlo.f6E3M2FN_v1>, !vhlo.tensor_v1<4x!vhlo.f6E3M2FN_v1>) -> !vhlo.tensor_v1<4x!vhlo.f6E3M2FN_v1>
    %30 = "vhlo.add_v1"(%0, %0) : (!vhlo.tensor_v1<4x!vhlo.f4E2M1FN_v1>, !vhlo.tensor_v1<4x!vhlo.f4E2M1FN_v1>) -> !vhlo.tensor_v1<4x!vhlo.f4E2M1FN_v1>
    %31 = "vhlo.convert_v1"(%10) : (!vhlo.tensor_v1<4x!vhlo.f8E4M3FN_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>
    "vhlo.return_v1"(%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31) : (!vhlo.tensor_v1<4x!vhlo.i4_v1>, !vhlo.tensor_v1<4x!vhlo.ui4_v1>, !vhlo.tensor_v1<4x!vhlo.i2_v1>, !vhlo.tensor_v1<4x!vhlo.ui2_v1>, !vhlo.tensor_v1<4x!vhlo.f8E4M3FN_v1>, !vhlo.tensor_v1<4x!vhlo.f8E5M2_v1>, !vhlo.tensor_v1<4x!vhlo.f8E4M3FNUZ_v1>, !vhlo.tensor_v1<4x!vhlo.f8E5M2FNUZ_v1>, !vhlo.tensor_v1<4x!vhlo.f8E4M3B11FNUZ_v1>, !vhlo.tensor_v1<4x!vhlo.f8E3M4_v1>, !vhlo.tensor_v1<4x!vhlo.f8E4M3_v1>, !vhlo.tensor_v1<4x!vhlo.f8E8M0FNU_v1>, !vhlo.tensor_v1<4x!vhlo.f6E2M3FN_v1>, !vhlo.tensor_v1<4x!vhlo.f6E3M2FN_v1>, !vhlo.tensor_v1<4x!vhlo.f4E2M1FN_v1>, !vhlo.tensor_v1<4x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"public">}
}
