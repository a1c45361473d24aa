module @jit_shardy attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @empty_mesh = <[]> {stablehlo.mesh = {axes = []}}
  func.func public @main(%arg0: tensor<5xf32> {sdy.sharding = #sdy.sharding<@empty_mesh, [{}]>}, %arg1: tensor<5xf32> {sdy.sharding = #sdy.sharding<@empty_mesh, [{}]>}) -> (tensor<5xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.multiply %arg0, %arg1 : tensor<5xf32>
    %1 = sdy.sharding_constraint %0 <@empty_mesh, [{}]> : tensor<5xf32>
    %2 = stablehlo.tanh %1 : tensor<5xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %4 = stablehlo.add %2, %3 : tensor<5xf32>
    return %4 : tensor<5xf32>
  }
}
