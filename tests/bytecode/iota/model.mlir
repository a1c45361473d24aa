module @jit_iota attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main() -> (tensor<3x4xi32> {jax.result_info = "result"}) {
    %0 = stablehlo.iota dim = 0 : tensor<12xi32>
    %1 = stablehlo.reshape %0 : (tensor<12xi32>) -> tensor<3x4xi32>
    %2 = stablehlo.iota dim = 1 : tensor<3x4xi32>
    %3 = stablehlo.add %1, %2 : tensor<3x4xi32>
    return %3 : tensor<3x4xi32>
  }
}
