module @jit_chlo_special attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f16_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-1> : tensor<3x5xi32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.i32_v1>
    %1 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1> : tensor<3x5xi32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.i32_v1>
    %2 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0> : tensor<3x5xi32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.i32_v1>
    %3 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<2147483647> : tensor<3x5xi32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.i32_v1>
    %4 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-2147483648> : tensor<3x5xi32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.i32_v1>
    %5 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.401300e-45> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %6 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0.0833333358> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %7 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-0.00138888892> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %8 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<3.30687835E-5> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %9 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-8.26719599E-7> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %10 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<2.08767563E-8> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %11 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-5.28419031E-10> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %12 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<9.000000e+00> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %13 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.000000e+01> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %14 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.33825364E-11> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %15 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.100000e+01> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %16 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.200000e+01> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %17 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-3.3896803E-13> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %18 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.300000e+01> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %19 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.400000e+01> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %20 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<8.58606213E-15> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %21 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.500000e+01> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %22 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.600000e+01> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %23 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-2.17486866E-16> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %24 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.700000e+01> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %25 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.800000e+01> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %26 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<5.50900303E-18> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %27 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.900000e+01> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %28 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<2.000000e+01> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %29 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-1.39544646E-19> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %30 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<2.100000e+01> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %31 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<2.200000e+01> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %32 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0.778576254> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %33 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-0.00976109784> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %34 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-1.10588939E-4> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %35 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-3.88256467E-6> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %36 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-2.51223611E-7> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %37 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-2.63146891E-8> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %38 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-3.83538046E-9> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %39 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0.252587199> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %40 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-0.176416516> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %41 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0.102643661> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %42 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-0.0529459827> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %43 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0.0247264486> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %44 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-0.0105640851> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %45 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0.0041564228> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %46 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-0.00151357241> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %47 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<5.122860e-04> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %48 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-1.61760821E-4> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %49 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<4.78156508E-5> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %50 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-1.32731639E-5> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %51 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<3.47025139E-6> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %52 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-8.568720e-07> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %53 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<2.00329481E-7> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %54 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-4.44505908E-8> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %55 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<9.38153732E-9> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %56 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<3.200000e+01> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %57 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<2.83297682> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %58 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.50140941> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %59 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.00167406> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %60 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0.246640727> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %61 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0.00943887047> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %62 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-0.00417768164> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %63 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-0.0076224613> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %64 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-0.00125372503> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %65 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0.00573950773> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %66 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<2.1858087E-4> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %67 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-0.00367342844> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %68 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-4.39150654E-6> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %69 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0.00134934322> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %70 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-3.5233877E-6> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %71 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.00950558E-4> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %72 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<3.43273939E-7> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %73 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-2.00214257E-4> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %74 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<2.81022636E-8> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %75 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<2.500000e+00> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %76 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0x7FC00000> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %77 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0x7F800000> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %78 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.14472985> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %79 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<3.14159274> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %80 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0.918938517> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %81 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<2.01490307> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %82 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<7.500000e+00> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %83 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<8.000000e+00> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %84 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.50563267E-7> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %85 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<7.000000e+00> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %86 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<9.98436917E-6> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %87 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<6.000000e+00> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %88 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-0.138571098> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %89 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<5.000000e+00> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %90 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<12.5073433> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %91 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<4.000000e+00> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %92 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-176.615036> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %93 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<3.000000e+00> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %94 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<771.323425> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %95 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-1259.13916> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %96 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<676.520386> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %97 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<5.000000e-01> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %98 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.12837911> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %99 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-0.37612626> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %100 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0.112835854> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %101 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-0.0268538129> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %102 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0.00518832775> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %103 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-8.0101937E-4> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %104 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<7.85386146E-5> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %105 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0.000000e+00> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %106 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-88.7228394> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %107 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0.564189494> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %108 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-0.282076746> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %109 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0.42184633> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %110 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-1.01526523> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %111 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<2.92101908> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %112 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-7.49551868> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %113 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.297720e+01> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %114 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-10.477664> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %115 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0.563825965> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %116 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-0.274112701> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %117 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<3.404880e-01> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %118 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-0.494451523> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %119 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0.621000468> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %120 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-0.582473278> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %121 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0.368742466> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %122 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-0.138703942> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %123 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<2.326820e-02> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %124 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<2.000000e+00> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %125 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.000000e+00> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %126 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<3.000000e+00> : tensor<f32>>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %127 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.000000e+00> : tensor<f32>>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %128 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<2.000000e+00> : tensor<f32>>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %129 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<5.000000e+00> : tensor<f32>>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %130 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0.707106769> : tensor<f32>>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %131 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<5.000000e-01> : tensor<f32>>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>
    %132 = "vhlo.broadcast_in_dim_v1"(%131) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %133 = "vhlo.multiply_v1"(%132, %arg0) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %134 = "vhlo.negate_v1"(%arg0) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %135 = "vhlo.broadcast_in_dim_v1"(%130) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %136 = "vhlo.multiply_v1"(%134, %135) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %137 = "vhlo.multiply_v1"(%136, %136) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %138 = "vhlo.negate_v1"(%137) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %139 = "vhlo.abs_v1"(%136) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %140 = "vhlo.divide_v1"(%125, %137) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %141 = "vhlo.exponential_v2"(%138) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %142 = "vhlo.divide_v1"(%125, %139) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %143 = "vhlo.multiply_v1"(%141, %142) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %144 = "vhlo.compare_v1"(%139, %124) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %145 = "vhlo.multiply_v1"(%123, %140) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %146 = "vhlo.add_v1"(%145, %122) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %147 = "vhlo.multiply_v1"(%146, %140) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %148 = "vhlo.add_v1"(%147, %121) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %149 = "vhlo.multiply_v1"(%148, %140) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %150 = "vhlo.add_v1"(%149, %120) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %151 = "vhlo.multiply_v1"(%150, %140) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %152 = "vhlo.add_v1"(%151, %119) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %153 = "vhlo.multiply_v1"(%152, %140) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %154 = "vhlo.add_v1"(%153, %118) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %155 = "vhlo.multiply_v1"(%154, %140) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %156 = "vhlo.add_v1"(%155, %117) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %157 = "vhlo.multiply_v1"(%156, %140) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %158 = "vhlo.add_v1"(%157, %116) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %159 = "vhlo.multiply_v1"(%158, %140) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %160 = "vhlo.add_v1"(%159, %115) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %161 = "vhlo.multiply_v1"(%114, %140) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %162 = "vhlo.add_v1"(%161, %113) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %163 = "vhlo.multiply_v1"(%162, %140) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %164 = "vhlo.add_v1"(%163, %112) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %165 = "vhlo.multiply_v1"(%164, %140) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %166 = "vhlo.add_v1"(%165, %111) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %167 = "vhlo.multiply_v1"(%166, %140) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %168 = "vhlo.add_v1"(%167, %110) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %169 = "vhlo.multiply_v1"(%168, %140) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %170 = "vhlo.add_v1"(%169, %109) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %171 = "vhlo.multiply_v1"(%170, %140) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %172 = "vhlo.add_v1"(%171, %108) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %173 = "vhlo.multiply_v1"(%172, %140) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %174 = "vhlo.add_v1"(%173, %107) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %175 = "vhlo.select_v1"(%144, %160, %174) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %176 = "vhlo.multiply_v1"(%143, %175) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %177 = "vhlo.compare_v1"(%138, %106) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %178 = "vhlo.select_v1"(%177, %105, %176) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %179 = "vhlo.compare_v1"(%136, %105) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %180 = "vhlo.subtract_v1"(%124, %178) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %181 = "vhlo.select_v1"(%179, %180, %178) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %182 = "vhlo.multiply_v1"(%136, %136) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %183 = "vhlo.multiply_v1"(%104, %182) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %184 = "vhlo.add_v1"(%183, %103) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %185 = "vhlo.multiply_v1"(%184, %182) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %186 = "vhlo.add_v1"(%185, %102) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %187 = "vhlo.multiply_v1"(%186, %182) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %188 = "vhlo.add_v1"(%187, %101) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %189 = "vhlo.multiply_v1"(%188, %182) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %190 = "vhlo.add_v1"(%189, %100) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %191 = "vhlo.multiply_v1"(%190, %182) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %192 = "vhlo.add_v1"(%191, %99) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %193 = "vhlo.multiply_v1"(%192, %182) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %194 = "vhlo.add_v1"(%193, %98) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %195 = "vhlo.multiply_v1"(%136, %194) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %196 = "vhlo.subtract_v1"(%125, %195) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %197 = "vhlo.abs_v1"(%136) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %198 = "vhlo.compare_v1"(%197, %125) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %199 = "vhlo.select_v1"(%198, %196, %181) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %200 = "vhlo.multiply_v1"(%133, %199) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %201 = "vhlo.composite_v2"(%arg0) <{composite_attributes = #vhlo.dict_v1<{}>, decomposition = #vhlo.string_v1<"chlo.erf.impl">, name = #vhlo.string_v1<"chlo.erf">, version = #vhlo.integer_v1<1 : i32>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %202 = "vhlo.compare_v1"(%arg0, %97) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %203 = "vhlo.negate_v1"(%arg0) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %204 = "vhlo.subtract_v1"(%arg0, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %205 = "vhlo.select_v1"(%202, %203, %204) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %206 = "vhlo.add_v1"(%205, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %207 = "vhlo.divide_v1"(%96, %206) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %208 = "vhlo.add_v1"(%125, %207) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %209 = "vhlo.add_v1"(%205, %124) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %210 = "vhlo.divide_v1"(%95, %209) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %211 = "vhlo.add_v1"(%208, %210) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %212 = "vhlo.add_v1"(%205, %93) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %213 = "vhlo.divide_v1"(%94, %212) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %214 = "vhlo.add_v1"(%211, %213) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %215 = "vhlo.add_v1"(%205, %91) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %216 = "vhlo.divide_v1"(%92, %215) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %217 = "vhlo.add_v1"(%214, %216) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %218 = "vhlo.add_v1"(%205, %89) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %219 = "vhlo.divide_v1"(%90, %218) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %220 = "vhlo.add_v1"(%217, %219) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %221 = "vhlo.add_v1"(%205, %87) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %222 = "vhlo.divide_v1"(%88, %221) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %223 = "vhlo.add_v1"(%220, %222) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %224 = "vhlo.add_v1"(%205, %85) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %225 = "vhlo.divide_v1"(%86, %224) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %226 = "vhlo.add_v1"(%223, %225) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %227 = "vhlo.add_v1"(%205, %83) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %228 = "vhlo.divide_v1"(%84, %227) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %229 = "vhlo.add_v1"(%226, %228) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %230 = "vhlo.add_v1"(%82, %205) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %231 = "vhlo.divide_v1"(%205, %82) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %232 = "vhlo.log_plus_one_v2"(%231) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %233 = "vhlo.add_v1"(%81, %232) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %234 = "vhlo.divide_v1"(%230, %233) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %235 = "vhlo.add_v1"(%205, %97) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %236 = "vhlo.subtract_v1"(%235, %234) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %237 = "vhlo.multiply_v1"(%236, %233) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %238 = "vhlo.log_v2"(%229) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %239 = "vhlo.add_v1"(%80, %237) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %240 = "vhlo.add_v1"(%239, %238) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %241 = "vhlo.abs_v1"(%arg0) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %242 = "vhlo.floor_v1"(%241) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %243 = "vhlo.subtract_v1"(%241, %242) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %244 = "vhlo.compare_v1"(%97, %243) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %245 = "vhlo.subtract_v1"(%125, %243) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %246 = "vhlo.select_v1"(%244, %245, %243) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %247 = "vhlo.multiply_v1"(%79, %246) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %248 = "vhlo.sine_v2"(%247) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %249 = "vhlo.log_v2"(%248) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %250 = "vhlo.subtract_v1"(%78, %249) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %251 = "vhlo.subtract_v1"(%250, %240) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %252 = "vhlo.is_finite_v1"(%249) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %253 = "vhlo.negate_v1"(%249) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %254 = "vhlo.select_v1"(%252, %251, %253) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %255 = "vhlo.select_v1"(%202, %254, %240) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %256 = "vhlo.abs_v1"(%arg0) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %257 = "vhlo.compare_v1"(%256, %77) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 EQ>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %258 = "vhlo.select_v1"(%257, %77, %255) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %259 = "vhlo.compare_v1"(%arg0, %97) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %260 = "vhlo.negate_v1"(%arg0) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %261 = "vhlo.subtract_v1"(%arg0, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %262 = "vhlo.select_v1"(%259, %260, %261) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %263 = "vhlo.add_v1"(%262, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %264 = "vhlo.multiply_v1"(%263, %263) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %265 = "vhlo.divide_v1"(%96, %264) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %266 = "vhlo.subtract_v1"(%105, %265) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %267 = "vhlo.divide_v1"(%96, %263) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %268 = "vhlo.add_v1"(%125, %267) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %269 = "vhlo.add_v1"(%262, %124) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %270 = "vhlo.multiply_v1"(%269, %269) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %271 = "vhlo.divide_v1"(%95, %270) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %272 = "vhlo.subtract_v1"(%266, %271) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %273 = "vhlo.divide_v1"(%95, %269) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %274 = "vhlo.add_v1"(%268, %273) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %275 = "vhlo.add_v1"(%262, %93) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %276 = "vhlo.multiply_v1"(%275, %275) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %277 = "vhlo.divide_v1"(%94, %276) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %278 = "vhlo.subtract_v1"(%272, %277) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %279 = "vhlo.divide_v1"(%94, %275) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %280 = "vhlo.add_v1"(%274, %279) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %281 = "vhlo.add_v1"(%262, %91) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %282 = "vhlo.multiply_v1"(%281, %281) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %283 = "vhlo.divide_v1"(%92, %282) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %284 = "vhlo.subtract_v1"(%278, %283) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %285 = "vhlo.divide_v1"(%92, %281) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %286 = "vhlo.add_v1"(%280, %285) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %287 = "vhlo.add_v1"(%262, %89) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %288 = "vhlo.multiply_v1"(%287, %287) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %289 = "vhlo.divide_v1"(%90, %288) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %290 = "vhlo.subtract_v1"(%284, %289) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %291 = "vhlo.divide_v1"(%90, %287) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %292 = "vhlo.add_v1"(%286, %291) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %293 = "vhlo.add_v1"(%262, %87) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %294 = "vhlo.multiply_v1"(%293, %293) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %295 = "vhlo.divide_v1"(%88, %294) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %296 = "vhlo.subtract_v1"(%290, %295) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %297 = "vhlo.divide_v1"(%88, %293) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %298 = "vhlo.add_v1"(%292, %297) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %299 = "vhlo.add_v1"(%262, %85) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %300 = "vhlo.multiply_v1"(%299, %299) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %301 = "vhlo.divide_v1"(%86, %300) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %302 = "vhlo.subtract_v1"(%296, %301) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %303 = "vhlo.divide_v1"(%86, %299) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %304 = "vhlo.add_v1"(%298, %303) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %305 = "vhlo.add_v1"(%262, %83) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %306 = "vhlo.multiply_v1"(%305, %305) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %307 = "vhlo.divide_v1"(%84, %306) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %308 = "vhlo.subtract_v1"(%302, %307) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %309 = "vhlo.divide_v1"(%84, %305) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %310 = "vhlo.add_v1"(%304, %309) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %311 = "vhlo.add_v1"(%82, %262) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %312 = "vhlo.divide_v1"(%262, %82) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %313 = "vhlo.log_plus_one_v2"(%312) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %314 = "vhlo.add_v1"(%81, %313) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %315 = "vhlo.divide_v1"(%308, %310) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %316 = "vhlo.divide_v1"(%85, %311) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %317 = "vhlo.add_v1"(%314, %315) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %318 = "vhlo.subtract_v1"(%317, %316) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %319 = "vhlo.add_v1"(%arg0, %97) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %320 = "vhlo.floor_v1"(%319) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %321 = "vhlo.abs_v1"(%320) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %322 = "vhlo.add_v1"(%arg0, %321) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %323 = "vhlo.multiply_v1"(%79, %322) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %324 = "vhlo.cosine_v2"(%323) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %325 = "vhlo.sine_v2"(%323) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %326 = "vhlo.multiply_v1"(%79, %324) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %327 = "vhlo.divide_v1"(%326, %325) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %328 = "vhlo.subtract_v1"(%318, %327) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %329 = "vhlo.select_v1"(%259, %328, %318) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %330 = "vhlo.compare_v1"(%arg0, %105) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 LE>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %331 = "vhlo.floor_v1"(%arg0) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %332 = "vhlo.compare_v1"(%arg0, %331) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 EQ>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %333 = "vhlo.and_v1"(%330, %332) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.bool_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %334 = "vhlo.select_v1"(%333, %76, %329) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %335 = "vhlo.negate_v1"(%arg1) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %336 = "vhlo.multiply_v1"(%arg1, %335) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %337 = "vhlo.log_plus_one_v2"(%336) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %338 = "vhlo.negate_v1"(%337) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %339 = "vhlo.compare_v1"(%338, %89) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %340 = "vhlo.subtract_v1"(%338, %75) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %341 = "vhlo.sqrt_v2"(%338) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %342 = "vhlo.subtract_v1"(%341, %93) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %343 = "vhlo.select_v1"(%339, %340, %342) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %344 = "vhlo.select_v1"(%339, %74, %73) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %345 = "vhlo.select_v1"(%339, %72, %71) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %346 = "vhlo.multiply_v1"(%344, %343) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %347 = "vhlo.add_v1"(%345, %346) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %348 = "vhlo.select_v1"(%339, %70, %69) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %349 = "vhlo.multiply_v1"(%347, %343) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %350 = "vhlo.add_v1"(%348, %349) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %351 = "vhlo.select_v1"(%339, %68, %67) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %352 = "vhlo.multiply_v1"(%350, %343) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %353 = "vhlo.add_v1"(%351, %352) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %354 = "vhlo.select_v1"(%339, %66, %65) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %355 = "vhlo.multiply_v1"(%353, %343) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %356 = "vhlo.add_v1"(%354, %355) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %357 = "vhlo.select_v1"(%339, %64, %63) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %358 = "vhlo.multiply_v1"(%356, %343) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %359 = "vhlo.add_v1"(%357, %358) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %360 = "vhlo.select_v1"(%339, %62, %61) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %361 = "vhlo.multiply_v1"(%359, %343) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %362 = "vhlo.add_v1"(%360, %361) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %363 = "vhlo.select_v1"(%339, %60, %59) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %364 = "vhlo.multiply_v1"(%362, %343) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %365 = "vhlo.add_v1"(%363, %364) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %366 = "vhlo.select_v1"(%339, %58, %57) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %367 = "vhlo.multiply_v1"(%365, %343) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %368 = "vhlo.add_v1"(%366, %367) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %369 = "vhlo.multiply_v1"(%368, %arg1) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %370 = "vhlo.abs_v1"(%arg1) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %371 = "vhlo.compare_v1"(%370, %125) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 EQ>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %372 = "vhlo.multiply_v1"(%arg1, %77) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %373 = "vhlo.select_v1"(%371, %372, %369) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %374 = "vhlo.broadcast_in_dim_v1"(%129) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %375 = "vhlo.multiply_v1"(%arg0, %374) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %376 = "vhlo.abs_v1"(%375) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %377 = "vhlo.multiply_v1"(%97, %376) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %378 = "vhlo.subtract_v1"(%377, %124) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %379 = "vhlo.multiply_v1"(%378, %105) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %380 = "vhlo.subtract_v1"(%379, %105) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %381 = "vhlo.add_v1"(%380, %55) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %382 = "vhlo.multiply_v1"(%378, %381) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %383 = "vhlo.subtract_v1"(%382, %105) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %384 = "vhlo.add_v1"(%383, %54) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %385 = "vhlo.multiply_v1"(%378, %384) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %386 = "vhlo.subtract_v1"(%385, %381) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %387 = "vhlo.add_v1"(%386, %53) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %388 = "vhlo.multiply_v1"(%378, %387) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %389 = "vhlo.subtract_v1"(%388, %384) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %390 = "vhlo.add_v1"(%389, %52) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %391 = "vhlo.multiply_v1"(%378, %390) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %392 = "vhlo.subtract_v1"(%391, %387) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %393 = "vhlo.add_v1"(%392, %51) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %394 = "vhlo.multiply_v1"(%378, %393) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %395 = "vhlo.subtract_v1"(%394, %390) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %396 = "vhlo.add_v1"(%395, %50) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %397 = "vhlo.multiply_v1"(%378, %396) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %398 = "vhlo.subtract_v1"(%397, %393) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %399 = "vhlo.add_v1"(%398, %49) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %400 = "vhlo.multiply_v1"(%378, %399) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %401 = "vhlo.subtract_v1"(%400, %396) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %402 = "vhlo.add_v1"(%401, %48) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %403 = "vhlo.multiply_v1"(%378, %402) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %404 = "vhlo.subtract_v1"(%403, %399) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %405 = "vhlo.add_v1"(%404, %47) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %406 = "vhlo.multiply_v1"(%378, %405) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %407 = "vhlo.subtract_v1"(%406, %402) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %408 = "vhlo.add_v1"(%407, %46) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %409 = "vhlo.multiply_v1"(%378, %408) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %410 = "vhlo.subtract_v1"(%409, %405) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %411 = "vhlo.add_v1"(%410, %45) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %412 = "vhlo.multiply_v1"(%378, %411) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %413 = "vhlo.subtract_v1"(%412, %408) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %414 = "vhlo.add_v1"(%413, %44) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %415 = "vhlo.multiply_v1"(%378, %414) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %416 = "vhlo.subtract_v1"(%415, %411) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %417 = "vhlo.add_v1"(%416, %43) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %418 = "vhlo.multiply_v1"(%378, %417) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %419 = "vhlo.subtract_v1"(%418, %414) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %420 = "vhlo.add_v1"(%419, %42) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %421 = "vhlo.multiply_v1"(%378, %420) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %422 = "vhlo.subtract_v1"(%421, %417) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %423 = "vhlo.add_v1"(%422, %41) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %424 = "vhlo.multiply_v1"(%378, %423) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %425 = "vhlo.subtract_v1"(%424, %420) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %426 = "vhlo.add_v1"(%425, %40) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %427 = "vhlo.multiply_v1"(%378, %426) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %428 = "vhlo.subtract_v1"(%427, %423) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %429 = "vhlo.add_v1"(%428, %39) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %430 = "vhlo.subtract_v1"(%429, %423) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %431 = "vhlo.multiply_v1"(%430, %97) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %432 = "vhlo.multiply_v1"(%376, %431) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %433 = "vhlo.divide_v1"(%56, %376) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %434 = "vhlo.subtract_v1"(%433, %124) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %435 = "vhlo.multiply_v1"(%434, %105) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %436 = "vhlo.subtract_v1"(%435, %105) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %437 = "vhlo.add_v1"(%436, %38) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %438 = "vhlo.multiply_v1"(%434, %437) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %439 = "vhlo.subtract_v1"(%438, %105) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %440 = "vhlo.add_v1"(%439, %37) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %441 = "vhlo.multiply_v1"(%434, %440) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %442 = "vhlo.subtract_v1"(%441, %437) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %443 = "vhlo.add_v1"(%442, %36) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %444 = "vhlo.multiply_v1"(%434, %443) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %445 = "vhlo.subtract_v1"(%444, %440) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %446 = "vhlo.add_v1"(%445, %35) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %447 = "vhlo.multiply_v1"(%434, %446) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %448 = "vhlo.subtract_v1"(%447, %443) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %449 = "vhlo.add_v1"(%448, %34) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %450 = "vhlo.multiply_v1"(%434, %449) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %451 = "vhlo.subtract_v1"(%450, %446) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %452 = "vhlo.add_v1"(%451, %33) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %453 = "vhlo.multiply_v1"(%434, %452) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %454 = "vhlo.subtract_v1"(%453, %449) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %455 = "vhlo.add_v1"(%454, %32) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %456 = "vhlo.subtract_v1"(%455, %449) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %457 = "vhlo.multiply_v1"(%456, %97) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %458 = "vhlo.sqrt_v2"(%376) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %459 = "vhlo.divide_v1"(%457, %458) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %460 = "vhlo.compare_v1"(%376, %83) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 LE>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %461 = "vhlo.select_v1"(%460, %432, %459) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %462 = "vhlo.sign_v1"(%375) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %463 = "vhlo.multiply_v1"(%462, %461) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %464 = "vhlo.composite_v2"(%arg1) <{composite_attributes = #vhlo.dict_v1<{}>, decomposition = #vhlo.string_v1<"chlo.asin.impl">, name = #vhlo.string_v1<"chlo.asin">, version = #vhlo.integer_v1<1 : i32>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %465 = "vhlo.broadcast_in_dim_v1"(%128) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %466 = "vhlo.add_v1"(%arg0, %465) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %467 = "vhlo.call_v1"(%466) <{callee = #vhlo.string_v1<"arccosh">}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %468 = "vhlo.composite_v2"(%arg0) <{composite_attributes = #vhlo.dict_v1<{}>, decomposition = #vhlo.string_v1<"chlo.sinh.impl">, name = #vhlo.string_v1<"chlo.sinh">, version = #vhlo.integer_v1<1 : i32>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %469 = "vhlo.composite_v2"(%arg0) <{composite_attributes = #vhlo.dict_v1<{}>, decomposition = #vhlo.string_v1<"chlo.cosh.impl">, name = #vhlo.string_v1<"chlo.cosh">, version = #vhlo.integer_v1<1 : i32>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %470 = "vhlo.composite_v2"(%arg1) <{composite_attributes = #vhlo.dict_v1<{}>, decomposition = #vhlo.string_v1<"chlo.atanh.impl">, name = #vhlo.string_v1<"chlo.atanh">, version = #vhlo.integer_v1<1 : i32>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %471 = "vhlo.broadcast_in_dim_v1"(%128) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %472 = "vhlo.add_v1"(%arg0, %471) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %473 = "vhlo.broadcast_in_dim_v1"(%127) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %474 = "vhlo.remainder_v1"(%473, %124) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %475 = "vhlo.multiply_v1"(%124, %474) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %476 = "vhlo.subtract_v1"(%475, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %477 = "vhlo.add_v1"(%473, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %478 = "vhlo.compare_v1"(%477, %97) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %479 = "vhlo.negate_v1"(%477) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %480 = "vhlo.subtract_v1"(%477, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %481 = "vhlo.select_v1"(%478, %479, %480) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %482 = "vhlo.add_v1"(%481, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %483 = "vhlo.divide_v1"(%96, %482) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %484 = "vhlo.add_v1"(%125, %483) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %485 = "vhlo.add_v1"(%481, %124) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %486 = "vhlo.divide_v1"(%95, %485) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %487 = "vhlo.add_v1"(%484, %486) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %488 = "vhlo.add_v1"(%481, %93) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %489 = "vhlo.divide_v1"(%94, %488) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %490 = "vhlo.add_v1"(%487, %489) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %491 = "vhlo.add_v1"(%481, %91) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %492 = "vhlo.divide_v1"(%92, %491) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %493 = "vhlo.add_v1"(%490, %492) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %494 = "vhlo.add_v1"(%481, %89) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %495 = "vhlo.divide_v1"(%90, %494) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %496 = "vhlo.add_v1"(%493, %495) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %497 = "vhlo.add_v1"(%481, %87) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %498 = "vhlo.divide_v1"(%88, %497) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %499 = "vhlo.add_v1"(%496, %498) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %500 = "vhlo.add_v1"(%481, %85) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %501 = "vhlo.divide_v1"(%86, %500) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %502 = "vhlo.add_v1"(%499, %501) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %503 = "vhlo.add_v1"(%481, %83) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %504 = "vhlo.divide_v1"(%84, %503) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %505 = "vhlo.add_v1"(%502, %504) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %506 = "vhlo.add_v1"(%82, %481) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %507 = "vhlo.divide_v1"(%481, %82) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %508 = "vhlo.log_plus_one_v2"(%507) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %509 = "vhlo.add_v1"(%81, %508) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %510 = "vhlo.divide_v1"(%506, %509) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %511 = "vhlo.add_v1"(%481, %97) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %512 = "vhlo.subtract_v1"(%511, %510) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %513 = "vhlo.multiply_v1"(%512, %509) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %514 = "vhlo.log_v2"(%505) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %515 = "vhlo.add_v1"(%80, %513) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %516 = "vhlo.add_v1"(%515, %514) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %517 = "vhlo.abs_v1"(%477) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %518 = "vhlo.floor_v1"(%517) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %519 = "vhlo.subtract_v1"(%517, %518) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %520 = "vhlo.compare_v1"(%97, %519) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %521 = "vhlo.subtract_v1"(%125, %519) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %522 = "vhlo.select_v1"(%520, %521, %519) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %523 = "vhlo.multiply_v1"(%79, %522) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %524 = "vhlo.sine_v2"(%523) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %525 = "vhlo.log_v2"(%524) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %526 = "vhlo.subtract_v1"(%78, %525) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %527 = "vhlo.subtract_v1"(%526, %516) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %528 = "vhlo.is_finite_v1"(%525) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %529 = "vhlo.negate_v1"(%525) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %530 = "vhlo.select_v1"(%528, %527, %529) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %531 = "vhlo.select_v1"(%478, %530, %516) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %532 = "vhlo.abs_v1"(%477) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %533 = "vhlo.compare_v1"(%532, %77) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 EQ>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %534 = "vhlo.select_v1"(%533, %77, %531) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %535 = "vhlo.exponential_v2"(%534) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %536 = "vhlo.negate_v1"(%477) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %537 = "vhlo.power_v1"(%472, %536) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %538 = "vhlo.add_v1"(%472, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %539 = "vhlo.power_v1"(%538, %536) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %540 = "vhlo.add_v1"(%537, %539) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %541 = "vhlo.add_v1"(%538, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %542 = "vhlo.power_v1"(%541, %536) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %543 = "vhlo.add_v1"(%540, %542) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %544 = "vhlo.add_v1"(%541, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %545 = "vhlo.power_v1"(%544, %536) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %546 = "vhlo.add_v1"(%543, %545) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %547 = "vhlo.add_v1"(%544, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %548 = "vhlo.power_v1"(%547, %536) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %549 = "vhlo.add_v1"(%546, %548) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %550 = "vhlo.add_v1"(%547, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %551 = "vhlo.power_v1"(%550, %536) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %552 = "vhlo.add_v1"(%549, %551) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %553 = "vhlo.add_v1"(%550, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %554 = "vhlo.power_v1"(%553, %536) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %555 = "vhlo.add_v1"(%552, %554) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %556 = "vhlo.add_v1"(%553, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %557 = "vhlo.power_v1"(%556, %536) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %558 = "vhlo.add_v1"(%555, %557) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %559 = "vhlo.add_v1"(%556, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %560 = "vhlo.power_v1"(%559, %536) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %561 = "vhlo.add_v1"(%558, %560) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %562 = "vhlo.add_v1"(%559, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %563 = "vhlo.power_v1"(%562, %536) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %564 = "vhlo.add_v1"(%561, %563) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %565 = "vhlo.add_v1"(%562, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %566 = "vhlo.power_v1"(%565, %536) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %567 = "vhlo.multiply_v1"(%566, %565) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %568 = "vhlo.subtract_v1"(%477, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %569 = "vhlo.divide_v1"(%567, %568) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %570 = "vhlo.multiply_v1"(%565, %565) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %571 = "vhlo.divide_v1"(%125, %570) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %572 = "vhlo.add_v1"(%477, %31) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %573 = "vhlo.add_v1"(%477, %30) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %574 = "vhlo.multiply_v1"(%572, %573) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %575 = "vhlo.add_v1"(%105, %29) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %576 = "vhlo.multiply_v1"(%571, %575) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %577 = "vhlo.multiply_v1"(%574, %576) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %578 = "vhlo.add_v1"(%477, %28) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %579 = "vhlo.add_v1"(%477, %27) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %580 = "vhlo.multiply_v1"(%578, %579) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %581 = "vhlo.add_v1"(%577, %26) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %582 = "vhlo.multiply_v1"(%571, %581) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %583 = "vhlo.multiply_v1"(%580, %582) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %584 = "vhlo.add_v1"(%477, %25) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %585 = "vhlo.add_v1"(%477, %24) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %586 = "vhlo.multiply_v1"(%584, %585) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %587 = "vhlo.add_v1"(%583, %23) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %588 = "vhlo.multiply_v1"(%571, %587) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %589 = "vhlo.multiply_v1"(%586, %588) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %590 = "vhlo.add_v1"(%477, %22) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %591 = "vhlo.add_v1"(%477, %21) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %592 = "vhlo.multiply_v1"(%590, %591) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %593 = "vhlo.add_v1"(%589, %20) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %594 = "vhlo.multiply_v1"(%571, %593) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %595 = "vhlo.multiply_v1"(%592, %594) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %596 = "vhlo.add_v1"(%477, %19) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %597 = "vhlo.add_v1"(%477, %18) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %598 = "vhlo.multiply_v1"(%596, %597) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %599 = "vhlo.add_v1"(%595, %17) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %600 = "vhlo.multiply_v1"(%571, %599) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %601 = "vhlo.multiply_v1"(%598, %600) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %602 = "vhlo.add_v1"(%477, %16) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %603 = "vhlo.add_v1"(%477, %15) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %604 = "vhlo.multiply_v1"(%602, %603) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %605 = "vhlo.add_v1"(%601, %14) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %606 = "vhlo.multiply_v1"(%571, %605) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %607 = "vhlo.multiply_v1"(%604, %606) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %608 = "vhlo.add_v1"(%477, %13) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %609 = "vhlo.add_v1"(%477, %12) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %610 = "vhlo.multiply_v1"(%608, %609) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %611 = "vhlo.add_v1"(%607, %11) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %612 = "vhlo.multiply_v1"(%571, %611) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %613 = "vhlo.multiply_v1"(%610, %612) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %614 = "vhlo.add_v1"(%477, %83) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %615 = "vhlo.add_v1"(%477, %85) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %616 = "vhlo.multiply_v1"(%614, %615) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %617 = "vhlo.add_v1"(%613, %10) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %618 = "vhlo.multiply_v1"(%571, %617) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %619 = "vhlo.multiply_v1"(%616, %618) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %620 = "vhlo.add_v1"(%477, %87) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %621 = "vhlo.add_v1"(%477, %89) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %622 = "vhlo.multiply_v1"(%620, %621) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %623 = "vhlo.add_v1"(%619, %9) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %624 = "vhlo.multiply_v1"(%571, %623) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %625 = "vhlo.multiply_v1"(%622, %624) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %626 = "vhlo.add_v1"(%477, %91) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %627 = "vhlo.add_v1"(%477, %93) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %628 = "vhlo.multiply_v1"(%626, %627) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %629 = "vhlo.add_v1"(%625, %8) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %630 = "vhlo.multiply_v1"(%571, %629) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %631 = "vhlo.multiply_v1"(%628, %630) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %632 = "vhlo.add_v1"(%477, %124) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %633 = "vhlo.add_v1"(%477, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %634 = "vhlo.multiply_v1"(%632, %633) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %635 = "vhlo.add_v1"(%631, %7) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %636 = "vhlo.multiply_v1"(%571, %635) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %637 = "vhlo.multiply_v1"(%634, %636) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %638 = "vhlo.divide_v1"(%477, %565) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %639 = "vhlo.add_v1"(%6, %637) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %640 = "vhlo.multiply_v1"(%638, %639) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %641 = "vhlo.add_v1"(%97, %640) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %642 = "vhlo.multiply_v1"(%566, %641) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %643 = "vhlo.add_v1"(%564, %569) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %644 = "vhlo.add_v1"(%643, %642) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %645 = "vhlo.abs_v1"(%566) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %646 = "vhlo.abs_v1"(%564) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %647 = "vhlo.multiply_v1"(%646, %5) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %648 = "vhlo.compare_v1"(%645, %647) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %649 = "vhlo.select_v1"(%648, %564, %644) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %650 = "vhlo.compare_v1"(%477, %125) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %651 = "vhlo.select_v1"(%650, %76, %649) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %652 = "vhlo.compare_v1"(%472, %105) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 LE>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %653 = "vhlo.floor_v1"(%477) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %654 = "vhlo.compare_v1"(%477, %653) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 NE>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %655 = "vhlo.and_v1"(%652, %654) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.bool_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %656 = "vhlo.select_v1"(%655, %76, %651) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %657 = "vhlo.floor_v1"(%472) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %658 = "vhlo.compare_v1"(%472, %657) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 EQ>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %659 = "vhlo.and_v1"(%652, %658) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.bool_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %660 = "vhlo.floor_v1"(%477) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %661 = "vhlo.compare_v1"(%477, %660) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 EQ>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %662 = "vhlo.remainder_v1"(%477, %124) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %663 = "vhlo.compare_v1"(%662, %105) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 EQ>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %664 = "vhlo.and_v1"(%661, %663) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.bool_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %665 = "vhlo.select_v1"(%664, %77, %76) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %666 = "vhlo.select_v1"(%659, %665, %656) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %667 = "vhlo.compare_v1"(%477, %125) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 EQ>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %668 = "vhlo.select_v1"(%667, %77, %666) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %669 = "vhlo.multiply_v1"(%476, %535) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %670 = "vhlo.multiply_v1"(%669, %668) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %671 = "vhlo.compare_v1"(%473, %105) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 EQ>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %672 = "vhlo.compare_v1"(%472, %97) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %673 = "vhlo.negate_v1"(%472) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %674 = "vhlo.subtract_v1"(%472, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %675 = "vhlo.select_v1"(%672, %673, %674) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %676 = "vhlo.add_v1"(%675, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %677 = "vhlo.multiply_v1"(%676, %676) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %678 = "vhlo.divide_v1"(%96, %677) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %679 = "vhlo.subtract_v1"(%105, %678) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %680 = "vhlo.divide_v1"(%96, %676) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %681 = "vhlo.add_v1"(%125, %680) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %682 = "vhlo.add_v1"(%675, %124) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %683 = "vhlo.multiply_v1"(%682, %682) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %684 = "vhlo.divide_v1"(%95, %683) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %685 = "vhlo.subtract_v1"(%679, %684) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %686 = "vhlo.divide_v1"(%95, %682) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %687 = "vhlo.add_v1"(%681, %686) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %688 = "vhlo.add_v1"(%675, %93) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %689 = "vhlo.multiply_v1"(%688, %688) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %690 = "vhlo.divide_v1"(%94, %689) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %691 = "vhlo.subtract_v1"(%685, %690) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %692 = "vhlo.divide_v1"(%94, %688) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %693 = "vhlo.add_v1"(%687, %692) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %694 = "vhlo.add_v1"(%675, %91) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %695 = "vhlo.multiply_v1"(%694, %694) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %696 = "vhlo.divide_v1"(%92, %695) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %697 = "vhlo.subtract_v1"(%691, %696) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %698 = "vhlo.divide_v1"(%92, %694) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %699 = "vhlo.add_v1"(%693, %698) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %700 = "vhlo.add_v1"(%675, %89) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %701 = "vhlo.multiply_v1"(%700, %700) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %702 = "vhlo.divide_v1"(%90, %701) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %703 = "vhlo.subtract_v1"(%697, %702) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %704 = "vhlo.divide_v1"(%90, %700) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %705 = "vhlo.add_v1"(%699, %704) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %706 = "vhlo.add_v1"(%675, %87) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %707 = "vhlo.multiply_v1"(%706, %706) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %708 = "vhlo.divide_v1"(%88, %707) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %709 = "vhlo.subtract_v1"(%703, %708) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %710 = "vhlo.divide_v1"(%88, %706) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %711 = "vhlo.add_v1"(%705, %710) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %712 = "vhlo.add_v1"(%675, %85) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %713 = "vhlo.multiply_v1"(%712, %712) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %714 = "vhlo.divide_v1"(%86, %713) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %715 = "vhlo.subtract_v1"(%709, %714) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %716 = "vhlo.divide_v1"(%86, %712) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %717 = "vhlo.add_v1"(%711, %716) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %718 = "vhlo.add_v1"(%675, %83) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %719 = "vhlo.multiply_v1"(%718, %718) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %720 = "vhlo.divide_v1"(%84, %719) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %721 = "vhlo.subtract_v1"(%715, %720) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %722 = "vhlo.divide_v1"(%84, %718) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %723 = "vhlo.add_v1"(%717, %722) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %724 = "vhlo.add_v1"(%82, %675) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %725 = "vhlo.divide_v1"(%675, %82) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %726 = "vhlo.log_plus_one_v2"(%725) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %727 = "vhlo.add_v1"(%81, %726) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %728 = "vhlo.divide_v1"(%721, %723) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %729 = "vhlo.divide_v1"(%85, %724) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %730 = "vhlo.add_v1"(%727, %728) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %731 = "vhlo.subtract_v1"(%730, %729) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %732 = "vhlo.add_v1"(%472, %97) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %733 = "vhlo.floor_v1"(%732) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %734 = "vhlo.abs_v1"(%733) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %735 = "vhlo.add_v1"(%472, %734) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %736 = "vhlo.multiply_v1"(%79, %735) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %737 = "vhlo.cosine_v2"(%736) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %738 = "vhlo.sine_v2"(%736) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %739 = "vhlo.multiply_v1"(%79, %737) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %740 = "vhlo.divide_v1"(%739, %738) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %741 = "vhlo.subtract_v1"(%731, %740) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %742 = "vhlo.select_v1"(%672, %741, %731) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %743 = "vhlo.compare_v1"(%472, %105) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 LE>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %744 = "vhlo.floor_v1"(%472) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %745 = "vhlo.compare_v1"(%472, %744) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 EQ>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %746 = "vhlo.and_v1"(%743, %745) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.bool_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %747 = "vhlo.select_v1"(%746, %76, %742) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %748 = "vhlo.select_v1"(%671, %747, %670) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %749 = "vhlo.floor_v1"(%473) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %750 = "vhlo.compare_v1"(%473, %749) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 NE>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %751 = "vhlo.compare_v1"(%473, %105) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %752 = "vhlo.or_v1"(%750, %751) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.bool_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %753 = "vhlo.select_v1"(%752, %76, %748) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %754 = "vhlo.broadcast_in_dim_v1"(%126) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %755 = "vhlo.add_v1"(%arg0, %754) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %756 = "vhlo.broadcast_in_dim_v1"(%128) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %757 = "vhlo.add_v1"(%arg0, %756) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %758 = "vhlo.negate_v1"(%755) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %759 = "vhlo.power_v1"(%757, %758) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %760 = "vhlo.add_v1"(%757, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %761 = "vhlo.power_v1"(%760, %758) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %762 = "vhlo.add_v1"(%759, %761) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %763 = "vhlo.add_v1"(%760, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %764 = "vhlo.power_v1"(%763, %758) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %765 = "vhlo.add_v1"(%762, %764) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %766 = "vhlo.add_v1"(%763, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %767 = "vhlo.power_v1"(%766, %758) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %768 = "vhlo.add_v1"(%765, %767) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %769 = "vhlo.add_v1"(%766, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %770 = "vhlo.power_v1"(%769, %758) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %771 = "vhlo.add_v1"(%768, %770) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %772 = "vhlo.add_v1"(%769, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %773 = "vhlo.power_v1"(%772, %758) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %774 = "vhlo.add_v1"(%771, %773) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %775 = "vhlo.add_v1"(%772, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %776 = "vhlo.power_v1"(%775, %758) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %777 = "vhlo.add_v1"(%774, %776) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %778 = "vhlo.add_v1"(%775, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %779 = "vhlo.power_v1"(%778, %758) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %780 = "vhlo.add_v1"(%777, %779) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %781 = "vhlo.add_v1"(%778, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %782 = "vhlo.power_v1"(%781, %758) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %783 = "vhlo.add_v1"(%780, %782) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %784 = "vhlo.add_v1"(%781, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %785 = "vhlo.power_v1"(%784, %758) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %786 = "vhlo.add_v1"(%783, %785) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %787 = "vhlo.add_v1"(%784, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %788 = "vhlo.power_v1"(%787, %758) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %789 = "vhlo.multiply_v1"(%788, %787) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %790 = "vhlo.subtract_v1"(%755, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %791 = "vhlo.divide_v1"(%789, %790) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %792 = "vhlo.multiply_v1"(%787, %787) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %793 = "vhlo.divide_v1"(%125, %792) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %794 = "vhlo.add_v1"(%755, %31) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %795 = "vhlo.add_v1"(%755, %30) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %796 = "vhlo.multiply_v1"(%794, %795) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %797 = "vhlo.add_v1"(%105, %29) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %798 = "vhlo.multiply_v1"(%793, %797) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %799 = "vhlo.multiply_v1"(%796, %798) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %800 = "vhlo.add_v1"(%755, %28) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %801 = "vhlo.add_v1"(%755, %27) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %802 = "vhlo.multiply_v1"(%800, %801) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %803 = "vhlo.add_v1"(%799, %26) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %804 = "vhlo.multiply_v1"(%793, %803) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %805 = "vhlo.multiply_v1"(%802, %804) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %806 = "vhlo.add_v1"(%755, %25) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %807 = "vhlo.add_v1"(%755, %24) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %808 = "vhlo.multiply_v1"(%806, %807) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %809 = "vhlo.add_v1"(%805, %23) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %810 = "vhlo.multiply_v1"(%793, %809) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %811 = "vhlo.multiply_v1"(%808, %810) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %812 = "vhlo.add_v1"(%755, %22) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %813 = "vhlo.add_v1"(%755, %21) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %814 = "vhlo.multiply_v1"(%812, %813) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %815 = "vhlo.add_v1"(%811, %20) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %816 = "vhlo.multiply_v1"(%793, %815) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %817 = "vhlo.multiply_v1"(%814, %816) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %818 = "vhlo.add_v1"(%755, %19) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %819 = "vhlo.add_v1"(%755, %18) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %820 = "vhlo.multiply_v1"(%818, %819) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %821 = "vhlo.add_v1"(%817, %17) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %822 = "vhlo.multiply_v1"(%793, %821) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %823 = "vhlo.multiply_v1"(%820, %822) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %824 = "vhlo.add_v1"(%755, %16) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %825 = "vhlo.add_v1"(%755, %15) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %826 = "vhlo.multiply_v1"(%824, %825) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %827 = "vhlo.add_v1"(%823, %14) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %828 = "vhlo.multiply_v1"(%793, %827) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %829 = "vhlo.multiply_v1"(%826, %828) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %830 = "vhlo.add_v1"(%755, %13) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %831 = "vhlo.add_v1"(%755, %12) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %832 = "vhlo.multiply_v1"(%830, %831) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %833 = "vhlo.add_v1"(%829, %11) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %834 = "vhlo.multiply_v1"(%793, %833) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %835 = "vhlo.multiply_v1"(%832, %834) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %836 = "vhlo.add_v1"(%755, %83) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %837 = "vhlo.add_v1"(%755, %85) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %838 = "vhlo.multiply_v1"(%836, %837) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %839 = "vhlo.add_v1"(%835, %10) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %840 = "vhlo.multiply_v1"(%793, %839) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %841 = "vhlo.multiply_v1"(%838, %840) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %842 = "vhlo.add_v1"(%755, %87) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %843 = "vhlo.add_v1"(%755, %89) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %844 = "vhlo.multiply_v1"(%842, %843) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %845 = "vhlo.add_v1"(%841, %9) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %846 = "vhlo.multiply_v1"(%793, %845) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %847 = "vhlo.multiply_v1"(%844, %846) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %848 = "vhlo.add_v1"(%755, %91) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %849 = "vhlo.add_v1"(%755, %93) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %850 = "vhlo.multiply_v1"(%848, %849) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %851 = "vhlo.add_v1"(%847, %8) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %852 = "vhlo.multiply_v1"(%793, %851) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %853 = "vhlo.multiply_v1"(%850, %852) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %854 = "vhlo.add_v1"(%755, %124) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %855 = "vhlo.add_v1"(%755, %125) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %856 = "vhlo.multiply_v1"(%854, %855) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %857 = "vhlo.add_v1"(%853, %7) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %858 = "vhlo.multiply_v1"(%793, %857) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %859 = "vhlo.multiply_v1"(%856, %858) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %860 = "vhlo.divide_v1"(%755, %787) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %861 = "vhlo.add_v1"(%6, %859) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %862 = "vhlo.multiply_v1"(%860, %861) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %863 = "vhlo.add_v1"(%97, %862) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %864 = "vhlo.multiply_v1"(%788, %863) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %865 = "vhlo.add_v1"(%786, %791) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %866 = "vhlo.add_v1"(%865, %864) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %867 = "vhlo.abs_v1"(%788) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %868 = "vhlo.abs_v1"(%786) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %869 = "vhlo.multiply_v1"(%868, %5) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %870 = "vhlo.compare_v1"(%867, %869) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %871 = "vhlo.select_v1"(%870, %786, %866) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %872 = "vhlo.compare_v1"(%755, %125) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %873 = "vhlo.select_v1"(%872, %76, %871) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %874 = "vhlo.compare_v1"(%757, %105) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 LE>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %875 = "vhlo.floor_v1"(%755) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %876 = "vhlo.compare_v1"(%755, %875) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 NE>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %877 = "vhlo.and_v1"(%874, %876) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.bool_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %878 = "vhlo.select_v1"(%877, %76, %873) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %879 = "vhlo.floor_v1"(%757) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %880 = "vhlo.compare_v1"(%757, %879) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 EQ>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %881 = "vhlo.and_v1"(%874, %880) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.bool_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %882 = "vhlo.floor_v1"(%755) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %883 = "vhlo.compare_v1"(%755, %882) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 EQ>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %884 = "vhlo.remainder_v1"(%755, %124) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %885 = "vhlo.compare_v1"(%884, %105) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 EQ>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %886 = "vhlo.and_v1"(%883, %885) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.bool_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %887 = "vhlo.select_v1"(%886, %77, %76) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %888 = "vhlo.select_v1"(%881, %887, %878) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %889 = "vhlo.compare_v1"(%755, %125) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 EQ>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %890 = "vhlo.select_v1"(%889, %77, %888) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %891 = "vhlo.bitcast_convert_v1"(%arg0) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.i32_v1>
    %892 = "vhlo.bitcast_convert_v1"(%arg1) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.i32_v1>
    %893 = "vhlo.compare_v1"(%arg0, %arg0) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 NE>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %894 = "vhlo.compare_v1"(%arg1, %arg1) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 NE>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %895 = "vhlo.or_v1"(%893, %894) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.bool_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %896 = "vhlo.bitcast_convert_v1"(%76) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.i32_v1>
    %897 = "vhlo.and_v1"(%891, %3) : (!vhlo.tensor_v1<3x5x!vhlo.i32_v1>, !vhlo.tensor_v1<3x5x!vhlo.i32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.i32_v1>
    %898 = "vhlo.and_v1"(%892, %3) : (!vhlo.tensor_v1<3x5x!vhlo.i32_v1>, !vhlo.tensor_v1<3x5x!vhlo.i32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.i32_v1>
    %899 = "vhlo.compare_v1"(%arg0, %arg1) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 EQ>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %900 = "vhlo.compare_v1"(%897, %2) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 EQ>}> : (!vhlo.tensor_v1<3x5x!vhlo.i32_v1>, !vhlo.tensor_v1<3x5x!vhlo.i32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %901 = "vhlo.compare_v1"(%898, %2) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 EQ>}> : (!vhlo.tensor_v1<3x5x!vhlo.i32_v1>, !vhlo.tensor_v1<3x5x!vhlo.i32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %902 = "vhlo.and_v1"(%891, %4) : (!vhlo.tensor_v1<3x5x!vhlo.i32_v1>, !vhlo.tensor_v1<3x5x!vhlo.i32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.i32_v1>
    %903 = "vhlo.and_v1"(%892, %4) : (!vhlo.tensor_v1<3x5x!vhlo.i32_v1>, !vhlo.tensor_v1<3x5x!vhlo.i32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.i32_v1>
    %904 = "vhlo.or_v1"(%903, %1) : (!vhlo.tensor_v1<3x5x!vhlo.i32_v1>, !vhlo.tensor_v1<3x5x!vhlo.i32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.i32_v1>
    %905 = "vhlo.compare_v1"(%902, %903) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 NE>}> : (!vhlo.tensor_v1<3x5x!vhlo.i32_v1>, !vhlo.tensor_v1<3x5x!vhlo.i32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %906 = "vhlo.compare_v1"(%897, %898) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 GT>}> : (!vhlo.tensor_v1<3x5x!vhlo.i32_v1>, !vhlo.tensor_v1<3x5x!vhlo.i32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %907 = "vhlo.or_v1"(%906, %905) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.bool_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %908 = "vhlo.select_v1"(%907, %0, %1) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.i32_v1>, !vhlo.tensor_v1<3x5x!vhlo.i32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.i32_v1>
    %909 = "vhlo.add_v1"(%891, %908) : (!vhlo.tensor_v1<3x5x!vhlo.i32_v1>, !vhlo.tensor_v1<3x5x!vhlo.i32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.i32_v1>
    %910 = "vhlo.select_v1"(%901, %892, %904) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.i32_v1>, !vhlo.tensor_v1<3x5x!vhlo.i32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.i32_v1>
    %911 = "vhlo.select_v1"(%900, %910, %909) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.i32_v1>, !vhlo.tensor_v1<3x5x!vhlo.i32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.i32_v1>
    %912 = "vhlo.select_v1"(%899, %892, %911) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.i32_v1>, !vhlo.tensor_v1<3x5x!vhlo.i32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.i32_v1>
    %913 = "vhlo.select_v1"(%895, %896, %912) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.i32_v1>, !vhlo.tensor_v1<3x5x!vhlo.i32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.i32_v1>
    %914 = "vhlo.bitcast_convert_v1"(%913) : (!vhlo.tensor_v1<3x5x!vhlo.i32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %915 = "vhlo.convert_v1"(%arg0) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f16_v1>
    %916 = "vhlo.multiply_v1"(%915, %915) : (!vhlo.tensor_v1<3x5x!vhlo.f16_v1>, !vhlo.tensor_v1<3x5x!vhlo.f16_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f16_v1>
    %917 = "vhlo.convert_v1"(%arg0) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bf16_v1>
    %918 = "vhlo.composite_v2"(%917) <{composite_attributes = #vhlo.dict_v1<{}>, decomposition = #vhlo.string_v1<"chlo.erf.impl_0">, name = #vhlo.string_v1<"chlo.erf">, version = #vhlo.integer_v1<1 : i32>}> : (!vhlo.tensor_v1<3x5x!vhlo.bf16_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bf16_v1>
    %919 = "vhlo.convert_v1"(%918) : (!vhlo.tensor_v1<3x5x!vhlo.bf16_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    "vhlo.return_v1"(%200, %201, %258, %334, %373, %463, %464, %467, %468, %469, %470, %753, %890, %914, %916, %919) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f16_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>, #vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[0]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[1]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[2]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[3]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[4]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[5]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[6]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[7]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[8]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[9]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[10]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[11]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[12]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[13]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[14]">}>, #vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"result[15]">}>]>, sym_visibility = #vhlo.string_v1<"public">}
  vhlo.func_v1 @chlo.erf.impl_0(%arg0: !vhlo.tensor_v1<3x5x!vhlo.bf16_v1>) -> (!vhlo.tensor_v1<3x5x!vhlo.bf16_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.000000e+00> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %1 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-1.000000e+00> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %2 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-0.0142647391> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %3 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-0.00737332925> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %4 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-0.00168282702> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %5 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-2.13374049E-4> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %6 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-1.45660715E-5> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %7 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-0.0160960332> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %8 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-2.954600e-03> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %9 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-7.34990637E-4> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %10 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-5.69250624E-5> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %11 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-2.10102394E-6> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %12 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<2.77068146E-8> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %13 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-2.72614237E-10> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %14 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<4.000000e+00> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %15 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-4.000000e+00> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %16 = "vhlo.convert_v1"(%arg0) : (!vhlo.tensor_v1<3x5x!vhlo.bf16_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %17 = "vhlo.clamp_v1"(%15, %16, %14) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %18 = "vhlo.multiply_v1"(%17, %17) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %19 = "vhlo.multiply_v1"(%13, %18) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %20 = "vhlo.add_v1"(%19, %12) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %21 = "vhlo.multiply_v1"(%20, %18) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %22 = "vhlo.add_v1"(%21, %11) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %23 = "vhlo.multiply_v1"(%22, %18) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %24 = "vhlo.add_v1"(%23, %10) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %25 = "vhlo.multiply_v1"(%24, %18) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %26 = "vhlo.add_v1"(%25, %9) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %27 = "vhlo.multiply_v1"(%26, %18) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %28 = "vhlo.add_v1"(%27, %8) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %29 = "vhlo.multiply_v1"(%28, %18) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %30 = "vhlo.add_v1"(%29, %7) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %31 = "vhlo.multiply_v1"(%6, %18) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %32 = "vhlo.add_v1"(%31, %5) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %33 = "vhlo.multiply_v1"(%32, %18) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %34 = "vhlo.add_v1"(%33, %4) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %35 = "vhlo.multiply_v1"(%34, %18) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %36 = "vhlo.add_v1"(%35, %3) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %37 = "vhlo.multiply_v1"(%36, %18) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %38 = "vhlo.add_v1"(%37, %2) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %39 = "vhlo.multiply_v1"(%17, %30) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %40 = "vhlo.divide_v1"(%39, %38) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %41 = "vhlo.clamp_v1"(%1, %40, %0) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %42 = "vhlo.convert_v1"(%41) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bf16_v1>
    "vhlo.return_v1"(%42) : (!vhlo.tensor_v1<3x5x!vhlo.bf16_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
  vhlo.func_v1 @chlo.atanh.impl(%arg0: !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<5.000000e-01> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %1 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0x7FC00000> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %2 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.000000e+00> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %3 = "vhlo.abs_v1"(%arg0) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %4 = "vhlo.compare_v1"(%3, %2) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 GT>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %5 = "vhlo.log_plus_one_v2"(%arg0) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %6 = "vhlo.negate_v1"(%arg0) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %7 = "vhlo.log_plus_one_v2"(%6) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %8 = "vhlo.subtract_v1"(%5, %7) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %9 = "vhlo.multiply_v1"(%8, %0) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %10 = "vhlo.select_v1"(%4, %1, %9) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    "vhlo.return_v1"(%10) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
  vhlo.func_v1 @chlo.cosh.impl(%arg0: !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<5.000000e-01> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %1 = "vhlo.log_v2"(%0) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %2 = "vhlo.add_v1"(%arg0, %1) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %3 = "vhlo.exponential_v2"(%2) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %4 = "vhlo.subtract_v1"(%1, %arg0) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %5 = "vhlo.exponential_v2"(%4) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %6 = "vhlo.add_v1"(%3, %5) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    "vhlo.return_v1"(%6) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
  vhlo.func_v1 @chlo.sinh.impl(%arg0: !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.000000e+00> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %1 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<5.000000e-01> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %2 = "vhlo.log_v2"(%1) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %3 = "vhlo.add_v1"(%arg0, %2) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %4 = "vhlo.exponential_v2"(%3) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %5 = "vhlo.subtract_v1"(%2, %arg0) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %6 = "vhlo.exponential_v2"(%5) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %7 = "vhlo.subtract_v1"(%4, %6) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %8 = "vhlo.exponential_minus_one_v2"(%arg0) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %9 = "vhlo.add_v1"(%8, %0) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %10 = "vhlo.divide_v1"(%8, %9) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %11 = "vhlo.add_v1"(%8, %10) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %12 = "vhlo.multiply_v1"(%1, %11) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %13 = "vhlo.abs_v1"(%arg0) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %14 = "vhlo.compare_v1"(%13, %0) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %15 = "vhlo.select_v1"(%14, %12, %7) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    "vhlo.return_v1"(%15) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
  vhlo.func_v1 @chlo.asin.impl(%arg0: !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.000000e+00> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %1 = "vhlo.subtract_v1"(%0, %arg0) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %2 = "vhlo.add_v1"(%0, %arg0) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %3 = "vhlo.multiply_v1"(%1, %2) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %4 = "vhlo.sqrt_v2"(%3) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %5 = "vhlo.add_v1"(%0, %4) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %6 = "vhlo.atan2_v1"(%arg0, %5) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %7 = "vhlo.add_v1"(%6, %6) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    "vhlo.return_v1"(%7) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
  vhlo.func_v1 @chlo.erf.impl(%arg0: !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.000000e+00> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %1 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-1.000000e+00> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %2 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-0.0142647391> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %3 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-0.00737332925> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %4 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-0.00168282702> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %5 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-2.13374049E-4> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %6 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-1.45660715E-5> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %7 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-0.0160960332> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %8 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-2.954600e-03> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %9 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-7.34990637E-4> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %10 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-5.69250624E-5> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %11 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-2.10102394E-6> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %12 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<2.77068146E-8> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %13 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-2.72614237E-10> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %14 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<-4.000000e+00> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %15 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<4.000000e+00> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %16 = "vhlo.clamp_v1"(%14, %arg0, %15) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %17 = "vhlo.multiply_v1"(%16, %16) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %18 = "vhlo.multiply_v1"(%13, %17) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %19 = "vhlo.add_v1"(%18, %12) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %20 = "vhlo.multiply_v1"(%19, %17) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %21 = "vhlo.add_v1"(%20, %11) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %22 = "vhlo.multiply_v1"(%21, %17) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %23 = "vhlo.add_v1"(%22, %10) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %24 = "vhlo.multiply_v1"(%23, %17) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %25 = "vhlo.add_v1"(%24, %9) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %26 = "vhlo.multiply_v1"(%25, %17) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %27 = "vhlo.add_v1"(%26, %8) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %28 = "vhlo.multiply_v1"(%27, %17) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %29 = "vhlo.add_v1"(%28, %7) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %30 = "vhlo.multiply_v1"(%6, %17) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %31 = "vhlo.add_v1"(%30, %5) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %32 = "vhlo.multiply_v1"(%31, %17) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %33 = "vhlo.add_v1"(%32, %4) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %34 = "vhlo.multiply_v1"(%33, %17) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %35 = "vhlo.add_v1"(%34, %3) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %36 = "vhlo.multiply_v1"(%35, %17) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %37 = "vhlo.add_v1"(%36, %2) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %38 = "vhlo.multiply_v1"(%16, %29) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %39 = "vhlo.divide_v1"(%38, %37) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %40 = "vhlo.clamp_v1"(%1, %39, %0) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    "vhlo.return_v1"(%40) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
  vhlo.func_v1 @arccosh(%arg0: !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) {
    %0 = "vhlo.composite_v2"(%arg0) <{composite_attributes = #vhlo.dict_v1<{}>, decomposition = #vhlo.string_v1<"chlo.acosh.impl">, name = #vhlo.string_v1<"chlo.acosh">, version = #vhlo.integer_v1<1 : i32>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{}>]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
  vhlo.func_v1 @chlo.acosh.impl(%arg0: !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) {
    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.000000e+00> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %1 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<3.40282347E+38> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %2 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<2.000000e+00> : tensor<3x5xf32>>}> : () -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %3 = "vhlo.divide_v1"(%1, %2) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %4 = "vhlo.compare_v1"(%arg0, %3) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 GE>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.bool_v1>
    %5 = "vhlo.log_v2"(%2) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %6 = "vhlo.log_v2"(%arg0) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %7 = "vhlo.add_v1"(%5, %6) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %8 = "vhlo.subtract_v1"(%arg0, %0) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %9 = "vhlo.sqrt_v2"(%8) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %10 = "vhlo.add_v1"(%arg0, %0) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %11 = "vhlo.sqrt_v2"(%10) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %12 = "vhlo.add_v1"(%11, %9) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %13 = "vhlo.multiply_v1"(%9, %12) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %14 = "vhlo.log_plus_one_v2"(%13) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    %15 = "vhlo.select_v1"(%4, %7, %14) : (!vhlo.tensor_v1<3x5x!vhlo.bool_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
    "vhlo.return_v1"(%15) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> ()
  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
}
