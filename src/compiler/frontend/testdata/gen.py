"""Regenerates the JAX examples of this directory (run from here with the venv that has JAX):
<name>.mlir (as_text), <name>.dbg.mlir (with locations), <name>.generic.mlir (generic op form).
"""
import jax, jax.numpy as jnp
from jax import lax
jax.config.update("jax_enable_x64", True)
x = jnp.ones((3,3), jnp.float32)
fs = {
 "cond": (lambda p, x: lax.cond(p, lambda x: x+1, lambda x: x*2, x), (True, x)),
 "argsort": (lambda x: lax.sort((x, x), num_keys=1), (x,)),
 "conv": (lambda a, k: lax.conv_general_dilated(a, k, (1,1), 'SAME', rhs_dilation=(2,1), dimension_numbers=('NHWC','HWIO','NHWC')), (jnp.ones((1,5,5,2)), jnp.ones((3,3,2,4)))),
 "while": (lambda n: lax.fori_loop(0, n, lambda i, c: c * 2.0, 1.0), (5,)),
 "argmax": (lambda a: jnp.argmax(a, axis=0), (x,)),
 "misc": (lambda a, i: (jnp.cumsum(a[i], 0), lax.reduce_precision(a, 5, 10), jnp.isfinite(a), a.T @ a, jnp.pad(a, 1)[1:3:2], lax.dynamic_slice(a, (i[0], 1), (2, 2)), lax.dynamic_update_slice(a, a[:1], (1, 0)), jnp.concatenate([a, a]), jnp.flip(a, 0), lax.iota(jnp.int32, 4), lax.clamp(jnp.float32(0), a, jnp.float32(1)), a.astype(jnp.bfloat16), lax.bitcast_convert_type(a, jnp.int32), jax.nn.relu(a).sum(), a.at[i].add(1.0), lax.rng_bit_generator(jnp.zeros(2, jnp.uint64), (4,))[1], lax.optimization_barrier(a), lax.pow(a, a)), (x, jnp.array([0, 2]))),
}
for name, (f, args) in fs.items():
    l = jax.jit(f).lower(*args)
    open(f"{name}.mlir","w").write(l.as_text())
    open(f"{name}.dbg.mlir","w").write(l.as_text(debug_info=True))
    open(f"{name}.generic.mlir","w").write(l.compiler_ir('stablehlo').operation.get_asm(print_generic_op_form=True))
