"""Regenerate the StableHLO bytecode corpus in this folder.

Usage: /work/main/.venv/bin/python tests/bytecode/gen_bytecode.py [OUT_DIR [CASE...]]

With CASE names, only those cases are (re)written and the manifest keeps the others.

For each case CASE it writes CASE/:
  model.mlir            StableHLO text (`jax.jit(f).lower(*args).as_text()`).
  model.v<X.Y.Z>.mlirbc VHLO portable artifacts of the same module for several target
                        StableHLO versions (0.9.0, 0.10.0, 0.12.0 and 0.14.0 give MLIR
                        bytecode v0, v1, v3 and v4; 1.x gives v6), made with
                        `jax._src.lib._jax.mlir.serialize_portable_artifact(
                             jax._src.interpreters.mlir.module_to_bytecode(
                                 jax.jit(f).lower(*args).compiler_ir("stablehlo")),
                             "X.Y.Z")`
                        (the same call JAX uses for a PJRT plugin; locations kept).
  model.vhlo.mlir       The newest artifact printed as VHLO text (what it decodes to).
  input_<i>.npy         Deterministic inputs.
  expected_<i>.npy      Outputs computed by the stock jaxlib CPU backend.
and manifest.json with jax/StableHLO versions and, per case, the versions written
(a version the serializer refuses for that program is skipped and recorded).
x64 is enabled so that f64/i64/u64 programs are possible; dtypes are explicit.
"""
import json
import os
import sys

import jax

jax.config.update("jax_enable_x64", True)

import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax import lax  # noqa: E402
from jax._src.interpreters import mlir as jmlir  # noqa: E402
from jax._src.lib import _jax  # noqa: E402
from jaxlib.mlir import ir  # noqa: E402
from jaxlib.mlir.dialects import stablehlo as shlo  # noqa: E402

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
VERSIONS = ["0.9.0", "0.10.0", "0.12.0", "0.14.0", "1.0.0", "1.5.0", "1.9.0", "1.13.0", "1.15.0", shlo.get_current_version()]

rng = np.random.default_rng(42)


def f32(*shape):
    return rng.standard_normal(shape).astype(np.float32)


def i32(*shape, lo=-50, hi=50):
    return rng.integers(lo, hi, shape).astype(np.int32)


def reduce_sum(x):
    return jnp.sum(x, axis=1)


def argmax(x):
    return jnp.argmax(x, axis=1).astype(jnp.int32)


def while_loop(x, n):
    return lax.while_loop(lambda c: c[0] < n, lambda c: (c[0] + 1, c[1] * 1.5 + 1.0), (0, x))[1]


def sort2(k, v):
    return lax.sort((k, v), dimension=0, num_keys=1)


def scatter_add(x, idx, u):
    return x.at[idx].add(u)


def cond(p, x):
    return lax.cond(p, lambda a: jnp.sin(a), lambda a: jnp.cos(a) * 2.0, x)


def switch(i, x):
    return lax.switch(i, [lambda a: a + 1.0, lambda a: a * a, lambda a: -a], x)


def max_pool(x):
    return lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")


def avg_pool_pad(x):
    return lax.reduce_window(x, 0.0, lax.add, (1, 3, 3, 1), (1, 1, 1, 1), ((0, 0), (1, 1), (1, 1), (0, 0)))


def conv(x, w):
    return lax.conv_general_dilated(x, w, (2, 1), ((1, 1), (0, 2)), lhs_dilation=(1, 1),
                                    rhs_dilation=(1, 2), dimension_numbers=("NHWC", "HWIO", "NHWC"))


def conv_grouped(x, w):
    return lax.conv_general_dilated(x, w, (1, 1), "SAME", feature_group_count=2,
                                    dimension_numbers=("NCHW", "OIHW", "NCHW"))


def batched_dot(a, b):
    return jnp.einsum("bij,bjk->bik", a, b)


def gather(x, idx):
    return x[idx, 1:3]


def iota():
    return jnp.arange(12, dtype=jnp.int32).reshape(3, 4) + lax.broadcasted_iota(jnp.int32, (3, 4), 1)


def converts(x):
    return (x.astype(jnp.int32), x.astype(jnp.float16), x.astype(jnp.bfloat16),
            x.astype(jnp.uint8), x.astype(jnp.float64), (x > 0).astype(jnp.float32))


def compare_select(x, y):
    return jnp.where(x < y, x, y * 2.0), x == y, jnp.maximum(x, y)


def constants():
    return (jnp.array([1.5, -2.25, 3.0], jnp.float32), jnp.array([1.5, -2.5], jnp.float64),
            jnp.array([-7, 8, 127], jnp.int8), jnp.array([-300, 301], jnp.int16),
            jnp.array([1 << 30, -5], jnp.int32), jnp.array([1 << 40, -1], jnp.int64),
            jnp.array([0, 255, 7], jnp.uint8), jnp.array([65535, 1], jnp.uint16),
            jnp.array([4000000000, 3], jnp.uint32), jnp.array([1 << 63, 9], jnp.uint64),
            jnp.array([True, False, True, True, False, False, True, False, True, True]),
            jnp.full((3, 2), True), jnp.full((4,), False),
            jnp.array([1.0, -0.5, 65504.0], jnp.float16), jnp.array([1.0, -3.5, 1e30], jnp.bfloat16),
            jnp.full((2, 3), 0.25, jnp.float32))


def constant_use(x):
    # Constants combined with an input so they are not all folded into outputs.
    c = jnp.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], jnp.float32)
    m = jnp.array([[True, False, True], [False, True, True]])
    return jnp.where(m, x * c, x + jnp.float32(0.5))


def bool_ops(a, b):
    return a & b, a | ~b, a ^ b


def shapes(x):
    y = jnp.pad(x, ((1, 0), (0, 2)))
    z = jnp.concatenate([x, x[::-1]], axis=0)
    return y.T, z[1:5:2, ::2], lax.rev(x, (1,)), x.reshape(4, 3)


def dyn_slice(x, i):
    s = lax.dynamic_slice(x, (i, jnp.int32(0)), (2, 3))
    return lax.dynamic_update_slice(x, s * 10.0, (jnp.int32(0), i))


def cumsum(x):
    return jnp.cumsum(x, axis=0)


def transcendental(x):
    return (jnp.exp(x), jnp.log(jnp.abs(x) + 1.0), jnp.tanh(x), jax.nn.sigmoid(x),
            jnp.sqrt(jnp.abs(x)), lax.rsqrt(jnp.abs(x) + 1.0), jnp.log1p(jnp.abs(x)),
            jnp.expm1(x), jnp.sin(x), jnp.cos(x))


def int_ops(a, b):
    b = jnp.where(b == 0, 1, b)
    return (a // b, a % b, a << 2, a >> 1, lax.shift_right_logical(a, jnp.int32(3)), a & b, a | b, a ^ b,
            lax.population_count(a), lax.clz(a), jnp.abs(a), -a)


@jax.jit
def _inner(x):
    return jnp.tanh(x) * 2.0


def call(x):
    return _inner(x) + _inner(x * 3.0)


def rng_bits(key):
    return lax.rng_bit_generator(key, (2, 3), dtype=jnp.uint32)


def pool_grad(x):
    return jax.grad(lambda a: jnp.sum(max_pool(a) ** 2))(x)


def misc_math(x, y):
    return (jnp.clip(x, -0.5, 0.5), jnp.round(x), jnp.sign(x), jnp.floor(x), jnp.ceil(x),
            jnp.isfinite(x / y), jnp.arctan2(x, y), jnp.power(jnp.abs(x), y), lax.round(x, lax.RoundingMethod.TO_NEAREST_EVEN))


def reduce_multi(x):
    return jnp.max(x, axis=(0, 2)), jnp.min(x), jnp.prod(x, axis=1), jnp.any(x > 1.0, axis=0)


def mlp_bf16(x, w):
    return jax.nn.relu(x.astype(jnp.bfloat16) @ w.astype(jnp.bfloat16)).astype(jnp.float32)


def chlo_special(x, u):
    # JAX sends erf, erfc, asin, acosh, sinh, cosh and top_k as `composite "chlo.*"`, the
    # others already expanded by its serializer (StableHLO's C++ legalization).
    sp = jax.scipy.special
    return (jax.nn.gelu(x, approximate=False), sp.erf(x), sp.gammaln(x), sp.digamma(x), sp.erfinv(u),
            sp.i1e(x * 5), jnp.arcsin(u), jnp.arccosh(x + 2.0), jnp.sinh(x), jnp.cosh(x), jnp.arctanh(u),
            sp.polygamma(1, x + 2.0), sp.zeta(x + 3.0, x + 2.0), jnp.nextafter(x, u),
            x.astype(jnp.float16) ** 2, sp.erf(x.astype(jnp.bfloat16)).astype(jnp.float32))


def chlo_top_k(x, n):
    v, i = lax.top_k(x, 3)
    vn, in_ = lax.top_k(n, 2)
    return v, i, vn, in_


def c64(*shape):
    return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(np.complex64)


def complex_math(a, b, x):
    # Only ops the portable serialization keeps as complex ops: it expands complex
    # exp/log/sqrt/dot_general into real ones (in f32), which then round differently.
    k = jnp.array([1 + 2j, -0.5 + 0j, 3j], jnp.complex64)  # a complex constant
    return (a * b + k, a / b, jnp.abs(a), jnp.conj(a), lax.complex(x, -x), jnp.sum(a * k, axis=1),
            jnp.sort(a[0]), a == b, jnp.where(jnp.abs(a) > 1, a, -b))


def complex128(a):
    k = jnp.array([[0.25 - 1j], [2 + 0.5j]], jnp.complex128)
    return a * k, jnp.tanh(a), jnp.real(a) + jnp.imag(a), a.astype(jnp.complex64)


def fft(x, t):
    return (jnp.fft.fft(x), jnp.fft.ifft(x), jnp.fft.rfft(t), jnp.fft.irfft(jnp.fft.rfft(t), n=t.shape[-1]),
            jnp.fft.fft2(x.reshape(2, 4, 6)), jnp.fft.fftn(x[:, :11]))


CASES = {
    "reduce_sum": (reduce_sum, [f32(4, 6)]),
    "argmax": (argmax, [f32(3, 7)]),
    "while_loop": (while_loop, [f32(5), np.int32(4)]),
    "sort": (sort2, [f32(6), i32(6)]),
    "scatter_add": (scatter_add, [f32(5, 3), np.array([0, 2, 2, 4], np.int32), f32(4, 3)]),
    "cond": (cond, [np.bool_(True), f32(4)]),
    "switch": (switch, [np.int32(1), f32(4)]),
    "max_pool": (max_pool, [f32(1, 6, 6, 2)]),
    "avg_pool_pad": (avg_pool_pad, [f32(1, 5, 5, 1)]),
    "conv": (conv, [f32(1, 7, 6, 2), f32(3, 2, 2, 3)]),
    "conv_grouped": (conv_grouped, [f32(2, 4, 5, 5), f32(6, 2, 3, 3)]),
    "batched_dot": (batched_dot, [f32(2, 3, 4), f32(2, 4, 5)]),
    "gather": (gather, [f32(5, 4), np.array([4, 0, 2], np.int32)]),
    "iota": (iota, []),
    "converts": (converts, [f32(6) * 100]),
    "compare_select": (compare_select, [f32(5), f32(5)]),
    "constants": (constants, []),
    "constant_use": (constant_use, [f32(2, 3)]),
    "bool_ops": (bool_ops, [rng.integers(0, 2, 9).astype(np.bool_), rng.integers(0, 2, 9).astype(np.bool_)]),
    "shapes": (shapes, [f32(3, 4)]),
    "dyn_slice": (dyn_slice, [f32(4, 5), np.int32(1)]),
    "cumsum": (cumsum, [f32(6, 2)]),
    "transcendental": (transcendental, [f32(7)]),
    "int_ops": (int_ops, [i32(8, lo=-1000, hi=1000), i32(8, lo=-9, hi=9)]),
    "call": (call, [f32(3)]),
    "rng_bits": (rng_bits, [np.array([1, 2, 3, 4], np.uint32)]),
    "pool_grad": (pool_grad, [f32(1, 4, 4, 1)]),
    "misc_math": (misc_math, [f32(6), f32(6)]),
    "reduce_multi": (reduce_multi, [f32(2, 3, 4)]),
    "mlp_bf16": (mlp_bf16, [f32(2, 8), f32(8, 4)]),
    "chlo_special": (chlo_special, [np.abs(f32(3, 5)) + 0.25, np.tanh(f32(3, 5))]),
    "chlo_top_k": (chlo_top_k, [f32(4, 9), i32(2, 6, lo=-3, hi=3)]),
    "complex_math": (complex_math, [c64(2, 3), c64(2, 3), f32(4)]),
    "complex128": (complex128, [c64(2, 3).astype(np.complex128)]),
    "fft": (fft, [c64(4, 12), f32(3, 13)]),
}


# Hand-written StableHLO text for ops JAX does not emit on CPU (stablehlo.if, legacy dot and
# broadcast, linalg ops, ...), serialized directly from text:
# `_jax.mlir.serialize_portable_artifact(text, target)`. No inputs/outputs are written for
# these. Cases named unsupported_* must be rejected by pjrtc with a diagnostic.
TEXT_CASES = {
    # Sub-byte integers and every minifloat type, as constants and one op each.
    "text_narrow_types": """
func.func public @main() -> (tensor<4xi4>, tensor<4xui4>, tensor<4xi2>, tensor<4xui2>,
    tensor<4xf8E4M3FN>, tensor<4xf8E5M2>, tensor<4xf8E4M3FNUZ>, tensor<4xf8E5M2FNUZ>,
    tensor<4xf8E4M3B11FNUZ>, tensor<4xf8E3M4>, tensor<4xf8E4M3>, tensor<4xf8E8M0FNU>,
    tensor<4xf6E2M3FN>, tensor<4xf6E3M2FN>, tensor<4xf4E2M1FN>, tensor<4xf32>) {
  %i4 = stablehlo.constant dense<[-8, -1, 3, 7]> : tensor<4xi4>
  %i4b = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi4>
  %r0 = stablehlo.add %i4, %i4b : tensor<4xi4>
  %u4 = stablehlo.constant dense<[0, 9, 15, 4]> : tensor<4xui4>
  %r1 = stablehlo.multiply %u4, %u4 : tensor<4xui4>
  %i2 = stablehlo.constant dense<[-2, -1, 0, 1]> : tensor<4xi2>
  %r2 = stablehlo.negate %i2 : tensor<4xi2>
  %u2 = stablehlo.constant dense<[0, 1, 2, 3]> : tensor<4xui2>
  %r3 = stablehlo.add %u2, %u2 : tensor<4xui2>
  %a = stablehlo.constant dense<[1.0, -2.5, 448.0, 0.1]> : tensor<4xf8E4M3FN>
  %r4 = stablehlo.add %a, %a : tensor<4xf8E4M3FN>
  %b = stablehlo.constant dense<[1.0, -2.5, 57344.0, 0.1]> : tensor<4xf8E5M2>
  %r5 = stablehlo.add %b, %b : tensor<4xf8E5M2>
  %c = stablehlo.constant dense<[1.0, -2.5, 240.0, 0.1]> : tensor<4xf8E4M3FNUZ>
  %r6 = stablehlo.add %c, %c : tensor<4xf8E4M3FNUZ>
  %d = stablehlo.constant dense<[1.0, -2.5, 3.0, 0.1]> : tensor<4xf8E5M2FNUZ>
  %r7 = stablehlo.multiply %d, %d : tensor<4xf8E5M2FNUZ>
  %e = stablehlo.constant dense<[1.0, -2.5, 30.0, 0.1]> : tensor<4xf8E4M3B11FNUZ>
  %r8 = stablehlo.subtract %e, %e : tensor<4xf8E4M3B11FNUZ>
  %f = stablehlo.constant dense<[1.0, -2.5, 15.5, 0.1]> : tensor<4xf8E3M4>
  %r9 = stablehlo.add %f, %f : tensor<4xf8E3M4>
  %g = stablehlo.constant dense<[1.0, -2.5, 240.0, 0.1]> : tensor<4xf8E4M3>
  %r10 = stablehlo.add %g, %g : tensor<4xf8E4M3>
  %h = stablehlo.constant dense<[1.0, 0.25, 4.0, 0.1]> : tensor<4xf8E8M0FNU>
  %r11 = stablehlo.multiply %h, %h : tensor<4xf8E8M0FNU>
  %k = stablehlo.constant dense<[1.0, -2.5, 7.5, 0.1]> : tensor<4xf6E2M3FN>
  %r12 = stablehlo.add %k, %k : tensor<4xf6E2M3FN>
  %l = stablehlo.constant dense<[1.0, -2.5, 28.0, 0.1]> : tensor<4xf6E3M2FN>
  %r13 = stablehlo.add %l, %l : tensor<4xf6E3M2FN>
  %m = stablehlo.constant dense<[1.0, -1.5, 6.0, 0.5]> : tensor<4xf4E2M1FN>
  %r14 = stablehlo.add %m, %m : tensor<4xf4E2M1FN>
  %r15 = stablehlo.convert %a : (tensor<4xf8E4M3FN>) -> tensor<4xf32>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15
    : tensor<4xi4>, tensor<4xui4>, tensor<4xi2>, tensor<4xui2>, tensor<4xf8E4M3FN>,
      tensor<4xf8E5M2>, tensor<4xf8E4M3FNUZ>, tensor<4xf8E5M2FNUZ>, tensor<4xf8E4M3B11FNUZ>,
      tensor<4xf8E3M4>, tensor<4xf8E4M3>, tensor<4xf8E8M0FNU>, tensor<4xf6E2M3FN>,
      tensor<4xf6E3M2FN>, tensor<4xf4E2M1FN>, tensor<4xf32>
}
""",
    "text_if": """
func.func public @main(%p: tensor<i1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %r = "stablehlo.if"(%p) ({
    %a = stablehlo.exponential %x : tensor<4xf32>
    stablehlo.return %a : tensor<4xf32>
  }, {
    stablehlo.return %x : tensor<4xf32>
  }) : (tensor<i1>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
""",
    "text_linalg": """
func.func public @main(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<3x3xf32>) {
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false,
      transpose_a = #stablehlo<transpose TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  %1 = "stablehlo.cholesky"(%a) {lower = true} : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0, %1 : tensor<3x2xf32>, tensor<3x3xf32>
}
""",
    "text_legacy": """
func.func public @main(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2xf32>, tensor<4x2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = "stablehlo.dot"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  %1 = "stablehlo.broadcast"(%a) {broadcast_sizes = array<i64: 4>} : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
  %2 = "stablehlo.reduce_precision"(%a) {exponent_bits = 5 : i32, mantissa_bits = 10 : i32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = "stablehlo.optimization_barrier"(%2) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = stablehlo.custom_call @my_target(%3) {has_side_effect = true, backend_config = "cfg"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = stablehlo.clamp %a, %a, %a : tensor<2x3xf32>
  %6 = stablehlo.bitcast_convert %5 : (tensor<2x3xf32>) -> tensor<2x3xi32>
  %7 = stablehlo.bitcast_convert %6 : (tensor<2x3xi32>) -> tensor<2x3xf32>
  return %0, %1, %7, %4 : tensor<2xf32>, tensor<4x2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}
""",
    # What JAX puts around a computation when it sends it to a PJRT plugin: a Shardy mesh
    # and sharding attributes/constraints (committed arguments), GSPMD's
    # `custom_call @Sharding` (jax.random keys) and composites (chlo.erf). On one device
    # all of them are identities or calls of their decomposition.
    "text_annotations": """
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
""",
    # Complex ops JAX does not emit as such: a complex literal in the pretty syntax, imag,
    # and an fft kept in generic form.
    "text_complex": """
func.func public @main(%a: tensor<2xf32>, %b: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xcomplex<f64>>) {
  %0 = stablehlo.complex %a, %b : tensor<2xcomplex<f32>>
  %k = stablehlo.constant dense<[(1.5, -2.0), (0x7FC00000, 0.25)]> : tensor<2xcomplex<f32>>
  %1 = stablehlo.multiply %0, %k : tensor<2xcomplex<f32>>
  %2 = stablehlo.imag %1 : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %3 = stablehlo.convert %1 : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f64>>
  %4 = "stablehlo.fft"(%3) {fft_type = #stablehlo<fft_type IFFT>, fft_length = array<i64: 2>} : (tensor<2xcomplex<f64>>) -> tensor<2xcomplex<f64>>
  return %2, %4 : tensor<2xf32>, tensor<2xcomplex<f64>>
}
""",
}


def write_artifacts(d, source):
    """Serializes `source` (StableHLO bytecode or text) for every target in VERSIONS into
    d/model.v<X.Y.Z>.mlirbc and prints the newest as d/model.vhlo.mlir. Returns the
    versions written and {version: reason} for those the serializer refused (the program
    needs a newer opset)."""
    written, refused = [], {}
    for v in VERSIONS:
        try:
            art = _jax.mlir.serialize_portable_artifact(source, v)
        except Exception as e:
            refused[v] = str(e).splitlines()[0][:200]
            continue
        with open(os.path.join(d, f"model.v{v}.mlirbc"), "wb") as fh:
            fh.write(art)
        written.append(v)
        last = art
    with jmlir.make_ir_context():
        vhlo = str(ir.Module.parse(last))
    with open(os.path.join(d, "model.vhlo.mlir"), "w") as fh:
        fh.write(vhlo)
    return written, refused


def main():
    only = set(sys.argv[2:])
    manifest = {"jax": jax.__version__, "stablehlo_current": shlo.get_current_version(),
                "api": "_jax.mlir.serialize_portable_artifact(mlir.module_to_bytecode("
                       "jit(f).lower(*args).compiler_ir('stablehlo')), target)",
                "cases": {}}
    old = {}
    if only:
        with open(os.path.join(OUT, "manifest.json")) as fh:
            old = json.load(fh)["cases"]
    for name, (f, args) in CASES.items():
        if only and name not in only:
            manifest["cases"][name] = old[name]
            continue
        d = os.path.join(OUT, name)
        os.makedirs(d, exist_ok=True)
        lowered = jax.jit(f).lower(*args)
        with open(os.path.join(d, "model.mlir"), "w") as fh:
            fh.write(lowered.as_text())
        written, refused = write_artifacts(
            d, jmlir.module_to_bytecode(lowered.compiler_ir("stablehlo")))
        for i, a in enumerate(args):
            np.save(os.path.join(d, f"input_{i}.npy"), np.asarray(a))
        outs = jax.jit(f)(*args)
        outs = outs if isinstance(outs, (tuple, list)) else [outs]
        for i, o in enumerate(outs):
            np.save(os.path.join(d, f"expected_{i}.npy"), np.asarray(o))
        manifest["cases"][name] = {"versions": written, "refused": refused,
                                   "inputs": len(args), "outputs": len(outs)}
        print(name, written, list(refused))
    for name, text in TEXT_CASES.items():
        if only and name not in only:
            manifest["cases"][name] = old[name]
            continue
        d = os.path.join(OUT, name)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "model.mlir"), "w") as fh:
            fh.write(text.lstrip())
        written, refused = write_artifacts(d, text)
        manifest["cases"][name] = {"versions": written, "refused": refused, "text": True}
        print(name, written, list(refused))
    with open(os.path.join(OUT, "manifest.json"), "w") as fh:
        json.dump(manifest, fh, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
