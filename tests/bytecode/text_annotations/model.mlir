module @annotated {
  sdy.mesh @mesh = <["x"=1]>
  func.func public @main(%x: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> (tensor<4xf32> {jax.result_info = "result"}) {
    %0 = sdy.sharding_constraint %x <@mesh, [{"x"}]> : tensor<4xf32>
    %1 = stablehlo.custom_call @Sharding(%0) {mhlo.sharding = "{replicated}"} : (tensor<4xf32>) -> tensor<4xf32>
    %2 = stablehlo.composite "my.double_exp" %1 {composite_attributes = {k = 2 : i64}, decomposition = @double_exp} : (tensor<4xf32>) -> tensor<4xf32>
    return %2 : tensor<4xf32>
  }
  func.func private @double_exp(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.exponential %a : tensor<4xf32>
    %1 = stablehlo.add %0, %0 : tensor<4xf32>
    return %1 : tensor<4xf32>
  }
}
