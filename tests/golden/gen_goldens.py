#!/usr/bin/env python3
"""Generate the pjrtc golden corpus: tests/golden/<case>/{model.mlir,in*.npy,out*.npy,meta.json}.

Run from the repository root:

    .venv/bin/python tests/golden/gen_goldens.py

Every case is a small JAX function lowered with jax.jit(f).lower(*args) and executed
with JAX on CPU to produce the expected outputs.  Inputs are deterministic (numpy
default_rng seeded from the case name).  At the end the script checks op / dtype
coverage, prints a coverage table, sanity-checks outputs and rewrites README.md.
"""
import contextlib
import json
import os
import re
import shutil
import sys
import zlib
from functools import partial

import numpy as np

import jax

jax.config.update("jax_enable_x64", True)
jax.config.update("jax_platforms", "cpu")

import jax.numpy as jnp  # noqa: E402
from jax import lax  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

f16, bf16 = np.float16, jnp.bfloat16
f32, f64 = np.float32, np.float64
i8, i16, i32, i64 = np.int8, np.int16, np.int32, np.int64
u8, u16, u32, u64 = np.uint8, np.uint16, np.uint32, np.uint64

CASES = []


def case(name, desc, args, rtol=0.0, atol=0.0, form="pretty", nonfinite=False, expect=(), tier="core",
         ctx=None, bytecode=False):
    """Register a case.  `args` is a list of numpy arrays; the decorated function
    is jitted and lowered with them.  nonfinite=True allows NaN/inf in outputs.
    `expect` is a list of regexes that must match model.mlir. `bytecode=True` also writes
    model.mlirbc, the VHLO artifact JAX sends a PJRT plugin for the same program."""

    def deco(fn):
        CASES.append(dict(name=name, desc=desc, fn=fn, args=args, rtol=rtol, atol=atol,
                          form=form, nonfinite=nonfinite, expect=list(expect), tier=tier, ctx=ctx,
                          bytecode=bytecode))
        return fn

    return deco


def rng_for(name):
    return np.random.default_rng(zlib.crc32(name.encode()))


def randn(r, shape, dtype=f32, scale=1.0):
    return (r.standard_normal(shape) * scale).astype(dtype)


def unif(r, shape, lo, hi, dtype=f32):
    return r.uniform(lo, hi, shape).astype(dtype)


def randint(r, shape, lo, hi, dtype):
    return r.integers(lo, hi, shape, endpoint=False, dtype=np.int64).astype(dtype)


# Tolerances
T_EXACT = dict(rtol=0.0, atol=0.0)
T_F32 = dict(rtol=1e-6, atol=1e-6)          # "simple" f32 ops (rounding, abs, ...)
T_F32T = dict(rtol=1e-5, atol=1e-6)         # f32 transcendentals
T_F32ACC = dict(rtol=1e-5, atol=1e-5)       # f32 with accumulation (dot/conv/reduce)
T_F64 = dict(rtol=1e-12, atol=1e-12)
T_F16 = dict(rtol=1e-2, atol=1e-3)
T_BF16 = dict(rtol=2e-2, atol=1e-2)

# ----------------------------------------------------------------------------
# Elementwise unary (float)
# ----------------------------------------------------------------------------
r = rng_for("unary_f32_exact")
_x = randn(r, (4, 8), scale=3.0)
_x[0, :8] = np.array([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 3.5, -3.5], f32)  # rounding ties


@case("unary_f32_exact", "abs/negate/floor/ceil/round (both modes)/sign/sqrt/rsqrt/cbrt on f32; row 0 holds .5 ties",
      [_x], **T_F32)
def _(x):
    ax = jnp.abs(x) + f32(0.25)
    return (jnp.abs(x), -x, jnp.floor(x), jnp.ceil(x),
            lax.round(x, lax.RoundingMethod.AWAY_FROM_ZERO),
            lax.round(x, lax.RoundingMethod.TO_NEAREST_EVEN),
            jnp.sign(x), jnp.sqrt(ax), lax.rsqrt(ax), jnp.cbrt(x))


r = rng_for("unary_f32_transcendental")


@case("unary_f32_transcendental", "exp/expm1/log/log1p/lax.logistic (JAX expands it to 1/(1+exp(-x)))/tanh/sin/cos/tan on f32 (well-conditioned ranges)",
      [unif(r, (4, 16), -2.0, 2.0), unif(r, (4, 16), 0.05, 5.0), unif(r, (4, 16), -1.2, 1.2)], **T_F32T)
def _(x, p, t):
    return (jnp.exp(x), jnp.expm1(x), jnp.log(p), jnp.log1p(p), lax.logistic(x),
            jnp.tanh(x), jnp.sin(x * 2), jnp.cos(x * 2), jnp.tan(t))


r = rng_for("unary_f32_trig_huge")
_big = (10.0 ** r.uniform(4.0, 38.0, 40)) * r.choice([-1.0, 1.0], 40)
_edge = [6000.5, -6000.5, 7000.0, 1e5, 3.4e38, -3.4e38, np.pi * 1e6, 1e7]
_xh = np.concatenate([r.uniform(-1e4, 1e4, 16), _big, _edge]).astype(f32).reshape(4, 16)


@case("unary_f32_trig_huge", "sin/cos on f32 arguments up to 3.4e38: past 6000 in magnitude pjrtc's vector code calls its "
      "out-of-line exact-reduction helper (a cold call, relocated per target)", [_xh], **T_F32T)
def _(x):
    return (jnp.sin(x), jnp.cos(x))


@contextlib.contextmanager
def direct_logistic_lowering():
    """jax 0.10 lowers lax.logistic_p to 1/(1+exp(-x)) (the direct lowering to
    stablehlo.logistic is commented out in jax/_src/lax/lax.py).  Temporarily register
    the direct lowering so that a genuine `stablehlo.logistic` appears; XLA CPU then
    executes that very op to produce the expected outputs."""
    from jax._src.interpreters import mlir
    from jax._src.lax import lax as lax_internal
    from jax._src.lib.mlir.dialects import hlo
    rules = mlir._lowerings
    old = rules.get(lax_internal.logistic_p)
    mlir.register_lowering(lax_internal.logistic_p, partial(lax_internal._nary_lower_hlo, hlo.logistic))
    try:
        yield
    finally:
        rules[lax_internal.logistic_p] = old


r = rng_for("logistic")


@case("logistic", "stablehlo.logistic on f32 and f64 (JAX normally expands sigmoid to 1/(1+exp(-x)); this case "
      "registers the direct lowering while generating, see direct_logistic_lowering)",
      [unif(r, (4, 8), -8.0, 8.0), unif(r, (8,), -8.0, 8.0, f64)],
      ctx=direct_logistic_lowering, expect=[r"stablehlo\.logistic"], rtol=1e-5, atol=1e-6)
def _(x, d):
    return lax.logistic(x), lax.logistic(d)


r = rng_for("unary_f64")


@case("unary_f64", "unary math on f64 (exp, expm1, log, log1p, expanded logistic, tanh, sin, cos, tan, sqrt, rsqrt, cbrt, floor, round)",
      [unif(r, (3, 8), -2.0, 2.0, f64), unif(r, (3, 8), 0.05, 5.0, f64)], rtol=1e-10, atol=1e-12)
def _(x, p):
    return (jnp.exp(x), jnp.expm1(x), jnp.log(p), jnp.log1p(p), lax.logistic(x), jnp.tanh(x),
            jnp.sin(x), jnp.cos(x), jnp.tan(x * 0.6), jnp.sqrt(p), lax.rsqrt(p), jnp.cbrt(x),
            jnp.floor(x * 3), jnp.round(x * 3))


r = rng_for("unary_f16")


@case("unary_f16", "unary math on f16 (exp, log, sqrt, tanh, expanded logistic, sin, cos, abs, neg, floor, ceil)",
      [unif(r, (4, 8), -2.0, 2.0, f16), unif(r, (4, 8), 0.1, 4.0, f16)], **T_F16)
def _(x, p):
    return (jnp.exp(x), jnp.log(p), jnp.sqrt(p), jnp.tanh(x), lax.logistic(x), jnp.sin(x),
            jnp.cos(x), jnp.abs(x), -x, jnp.floor(x * 3), jnp.ceil(x * 3))


r = rng_for("unary_bf16")


@case("unary_bf16", "unary math on bf16 (exp, log, sqrt, rsqrt, tanh, expanded logistic, sin, abs, neg, round)",
      [unif(r, (4, 8), -2.0, 2.0, bf16), unif(r, (4, 8), 0.1, 4.0, bf16)], **T_BF16)
def _(x, p):
    return (jnp.exp(x), jnp.log(p), jnp.sqrt(p), lax.rsqrt(p), jnp.tanh(x), lax.logistic(x),
            jnp.sin(x), jnp.abs(x), -x, jnp.round(x * 3))


_sa = np.array([np.nan, np.inf, -np.inf, -0.0, 0.0, 1.5, -2.5, 3.0, np.nan, -np.inf, 2.0, -0.0], f32)
_sb = np.array([1.0, 2.0, np.inf, 1.0, -1.0, np.nan, -np.inf, 3.0, np.nan, 5.0, np.inf, -3.0], f32)


@case("special_values_f32", "IEEE special values (NaN, +-inf, -0.0) through add/mul/max/min/abs/neg/floor/ceil/sign/is_finite/compare",
      [_sa, _sb], nonfinite=True, **T_F32)
def _(a, b):
    return (a + b, a * b, jnp.maximum(a, b), jnp.minimum(a, b), jnp.abs(a), -a,
            jnp.floor(a), jnp.ceil(a), jnp.sign(a), jnp.isfinite(a), a == b, a < b, a != b, a >= b)


@case("special_values_f64", "f64 special values: add/sub/div/is_finite/max/compare with NaN/inf/-0.0",
      [_sa.astype(f64), _sb.astype(f64)], nonfinite=True, **T_F64)
def _(a, b):
    return (a - b, a / jnp.where(b == 0, f64(1), b), jnp.isfinite(a + b), jnp.maximum(a, b), a <= b, a > b)


# ----------------------------------------------------------------------------
# Integer unary / bit ops
# ----------------------------------------------------------------------------
r = rng_for("int_unary_i32")
_xi = randint(r, (4, 8), -100000, 100000, i32)
_xi[0, :4] = [0, -1, 2**31 - 1, 1]


@case("int_unary_i32", "abs/negate/sign/not/popcnt/count_leading_zeros on i32 (incl. 0, -1, INT_MAX)", [_xi], **T_EXACT)
def _(x):
    return (jnp.abs(x), -x, jnp.sign(x), ~x, lax.population_count(x), lax.clz(x))


r = rng_for("int_bits_small")


@case("int_bits_small", "popcnt/count_leading_zeros/not/negate/abs on i8, i16, u8, u16",
      [randint(r, (16,), -128, 128, i8), randint(r, (16,), -30000, 30000, i16),
       randint(r, (16,), 0, 256, u8), randint(r, (16,), 0, 65536, u16)], **T_EXACT)
def _(a, b, c, d):
    return (lax.population_count(a), lax.clz(a), ~a, -b, jnp.abs(b), lax.population_count(b), lax.clz(b),
            lax.population_count(c), lax.clz(c), ~c, lax.population_count(d), lax.clz(d), ~d)


r = rng_for("int_bits_64")
_u64 = r.integers(0, 2**63, (12,), dtype=np.uint64) * np.uint64(2) + r.integers(0, 2, (12,), dtype=np.uint64)
_u64[0] = 0
_u64[1] = np.uint64(2**64 - 1)


@case("int_bits_64", "popcnt/count_leading_zeros/not on i64 and u64 (full range incl. 0 and 2^64-1)",
      [r.integers(-2**62, 2**62, (12,), dtype=np.int64), _u64], **T_EXACT)
def _(a, b):
    return (lax.population_count(a), lax.clz(a), ~a, -a, lax.population_count(b), lax.clz(b), ~b)


# ----------------------------------------------------------------------------
# Binary ops
# ----------------------------------------------------------------------------
r = rng_for("binary_f32")


@case("binary_f32", "add/subtract/multiply/divide/remainder/power/maximum/minimum/atan2 on f32",
      [randn(r, (4, 8), scale=2.0), unif(r, (4, 8), 0.5, 3.0) * np.sign(randn(r, (4, 8))).astype(f32),
       unif(r, (4, 8), 0.1, 3.0), unif(r, (4, 8), -2.0, 2.0)], **T_F32T)
def _(a, b, base, ex):
    return (a + b, a - b, a * b, a / b, lax.rem(a, b), lax.pow(base, ex), jnp.maximum(a, b),
            jnp.minimum(a, b), jnp.arctan2(a, b))


r = rng_for("binary_f64")


@case("binary_f64", "add/subtract/multiply/divide/remainder/power/maximum/minimum/atan2 on f64",
      [randn(r, (3, 8), f64, 2.0), unif(r, (3, 8), 0.5, 3.0, f64), unif(r, (3, 8), 0.1, 3.0, f64),
       unif(r, (3, 8), -2.0, 2.0, f64)], rtol=1e-10, atol=1e-12)
def _(a, b, base, ex):
    return (a + b, a - b, a * b, a / b, lax.rem(a, b), lax.pow(base, ex), jnp.maximum(a, b),
            jnp.minimum(a, b), jnp.arctan2(a, -b))


r = rng_for("binary_f16")


@case("binary_f16", "add/subtract/multiply/divide/maximum/minimum/power on f16",
      [randn(r, (4, 8), f16), unif(r, (4, 8), 0.5, 2.0, f16)], **T_F16)
def _(a, b):
    return (a + b, a - b, a * b, a / b, jnp.maximum(a, b), jnp.minimum(a, b), lax.pow(b, a))


r = rng_for("binary_bf16")


@case("binary_bf16", "add/subtract/multiply/divide/maximum/minimum/atan2 on bf16",
      [randn(r, (4, 8), bf16), unif(r, (4, 8), 0.5, 2.0, bf16)], **T_BF16)
def _(a, b):
    return (a + b, a - b, a * b, a / b, jnp.maximum(a, b), jnp.minimum(a, b), jnp.arctan2(a, b))


def _int_binary_args(name, dt, lo, hi, bits):
    r = rng_for(name)
    a = randint(r, (24,), lo, hi, dt)
    b = randint(r, (24,), lo, hi, dt)
    b[b == 0] = 3
    if lo < 0:
        b[b == -1] = 5  # avoid INT_MIN / -1
    s = randint(r, (24,), 0, bits, dt)
    return [a, b, s]


def _int_binary(a, b, s):
    return (a + b, a - b, a * b, lax.div(a, b), lax.rem(a, b), jnp.maximum(a, b), jnp.minimum(a, b),
            a & b, a | b, a ^ b, lax.shift_left(a, s), lax.shift_right_arithmetic(a, s),
            lax.shift_right_logical(a, s))


for _dt, _lo, _hi, _bits in [(i32, -2**31, 2**31, 32), (i64, -2**63, 2**63, 64), (i8, -128, 128, 8),
                             (i16, -2**15, 2**15, 16), (u8, 0, 256, 8), (u16, 0, 2**16, 16),
                             (u32, 0, 2**32, 32), (u64, 0, 2**63, 64)]:
    _n = "int_binary_" + np.dtype(_dt).name
    case(_n, f"add/sub/mul (wrapping), div/rem (truncating, nonzero divisors), max/min, and/or/xor, "
             f"shift_left/shift_right_arithmetic/shift_right_logical (amount < bitwidth) on {np.dtype(_dt).name}",
         _int_binary_args(_n, _dt, _lo, _hi, _bits), **T_EXACT)(_int_binary)

_ba = np.array([True, True, False, False, True, False, True, False])
_bb = np.array([True, False, True, False, False, False, True, True])


@case("bool_logic", "and/or/xor/not and select on bool (i1)", [_ba, _bb], **T_EXACT)
def _(a, b):
    return (a & b, a | b, a ^ b, ~a, jnp.where(a, b, ~b), a == b, a != b)


# ----------------------------------------------------------------------------
# Compare / select / clamp
# ----------------------------------------------------------------------------
r = rng_for("compare_f32")
_ca = randint(r, (4, 6), -3, 4, f32)
_cb = randint(r, (4, 6), -3, 4, f32)
_ca[0, :3] = [np.nan, 1.0, -0.0]
_cb[0, :3] = [1.0, np.nan, 0.0]


@case("compare_f32", "compare EQ/NE/LT/LE/GT/GE (FLOAT) incl. NaN operands and -0.0 == 0.0", [_ca, _cb], **T_EXACT)
def _(a, b):
    return (a == b, a != b, a < b, a <= b, a > b, a >= b)


r = rng_for("compare_int")
_cu = randint(r, (16,), 0, 2**32, u32)
_cv = randint(r, (16,), 0, 2**32, u32)
_cv[:4] = _cu[:4]


@case("compare_int", "compare EQ/NE/LT/LE/GT/GE SIGNED (i32, i8) and UNSIGNED (u32 with values >= 2^31, u64)",
      [randint(r, (16,), -5, 5, i32), randint(r, (16,), -5, 5, i32), _cu, _cv,
       randint(r, (16,), -128, 128, i8), randint(r, (16,), 0, 2**63, u64) * np.uint64(2)], **T_EXACT)
def _(a, b, u, v, c, w):
    return (a == b, a != b, a < b, a <= b, a > b, a >= b,
            u == v, u != v, u < v, u <= v, u > v, u >= v,
            c < np.int8(0), c >= np.int8(3), w > np.uint64(2**63), w <= np.uint64(2**62))


r = rng_for("select_clamp")


@case("select_clamp", "select (jnp.where) on f32/i32, clamp with scalar and tensor bounds on f32/i32/u8",
      [randn(r, (4, 8)), randn(r, (4, 8)), randint(r, (4, 8), -50, 50, i32), randint(r, (4, 8), 0, 256, u8),
       unif(r, (4, 8), -1.0, 0.0), unif(r, (4, 8), 0.0, 1.0)], **T_EXACT)
def _(x, y, n, b, lo, hi):
    return (jnp.where(x > y, x, y * 2), jnp.where(n > 0, n, -n * 3),
            lax.clamp(f32(-0.5), x, f32(0.75)), lax.clamp(lo, x, hi),
            lax.clamp(np.int32(-10), n, np.int32(20)), lax.clamp(np.uint8(30), b, np.uint8(200)))


# ----------------------------------------------------------------------------
# Convert / bitcast
# ----------------------------------------------------------------------------
r = rng_for("convert_float_int")
_cf = randn(r, (16,), scale=50.0)
_cf[:6] = [0.5, -0.5, 1.9999, -1.9999, 127.7, -128.2]


@case("convert_float_int", "convert f32->i32/i8/i64 (truncate toward zero, in range), f32->u8/u32 (non-negative), "
      "i32->f32, i64->f64, u32->f32, u64->f64, f64->i64",
      [_cf, randint(r, (16,), -2**24, 2**24, i32), randint(r, (16,), -2**50, 2**50, i64),
       randint(r, (16,), 0, 2**32, u32), randint(r, (16,), 0, 2**53, u64)], **T_EXACT)
def _(x, n, m, u, w):
    ax = jnp.abs(x)
    return (x.astype(i32), jnp.clip(x, -128, 127).astype(i8), x.astype(i64), jnp.clip(ax, 0, 255).astype(u8),
            ax.astype(u32), n.astype(f32), m.astype(f64), u.astype(f32), w.astype(f64),
            (x.astype(f64) * 1e6).astype(i64))


r = rng_for("convert_int_widths")


@case("convert_int_widths", "integer width/sign changes: i8->i32 (sign-extend), u8->i32, i32->i8 (wrap), i64->i16, "
      "u16->u64, i32->u32, u32->i64, u64->u8, i16->u16",
      [randint(r, (16,), -128, 128, i8), randint(r, (16,), 0, 256, u8), randint(r, (16,), -2**31, 2**31, i32),
       randint(r, (16,), -2**62, 2**62, i64), randint(r, (16,), 0, 2**16, u16), randint(r, (16,), 0, 2**32, u32),
       randint(r, (16,), 0, 2**63, u64), randint(r, (16,), -2**15, 2**15, i16)], **T_EXACT)
def _(a, b, c, d, e, f, g, h):
    return (a.astype(i32), b.astype(i32), c.astype(i8), d.astype(i16), e.astype(u64), c.astype(u32),
            f.astype(i64), g.astype(u8), h.astype(u16))


r = rng_for("convert_bool")
_bf = randint(r, (12,), -2, 3, f32)
_bf[0] = -0.0
_bf[1] = np.nan


@case("convert_bool", "convert bool->f32/i32/u8 and f32/i32->bool (nonzero -> true; NaN -> true, -0.0 -> false)",
      [np.array([True, False, True, True, False, False, True, False, True, True, False, True]), _bf,
       randint(r, (12,), -2, 3, i32)], **T_EXACT)
def _(b, x, n):
    return (b.astype(f32), b.astype(i32), b.astype(u8), x.astype(bool), n.astype(bool), b.astype(f16))


r = rng_for("convert_float_widths")
_fw = randn(r, (24,), scale=10.0)
_fw[:4] = [1.0 + 2**-11, 1.0 + 3 * 2**-11, 65504.0, 1e-6]  # f16 rounding ties, max, subnormal


@case("convert_float_widths", "convert f32<->f16, f32<->bf16, f32<->f64, f16<->bf16, f64->f16 (round to nearest even; "
      "incl. ties and f16 subnormals)",
      [_fw, randn(r, (24,), f16), randn(r, (24,), bf16), randn(r, (24,), f64)], **T_EXACT)
def _(x, h, b, d):
    return (x.astype(f16), x.astype(bf16), x.astype(f64), h.astype(f32), b.astype(f32), d.astype(f32),
            h.astype(bf16), b.astype(f16), d.astype(f16), h.astype(f64))


r = rng_for("bitcast_convert")


@case("bitcast_convert", "bitcast_convert (same width): f32->u32, f32->i32, i32->f32 (from finite patterns), "
      "f16->i16, bf16->u16, f64->i64, u64->f64",
      [randn(r, (12,)), randn(r, (12,), f16), randn(r, (12,), bf16), randn(r, (12,), f64)], **T_EXACT)
def _(x, h, b, d):
    xi = lax.bitcast_convert_type(x, u32)
    back = lax.bitcast_convert_type(lax.bitcast_convert_type(x, i32) + 1, f32)
    return (xi, lax.bitcast_convert_type(x, i32), back, lax.bitcast_convert_type(h, i16),
            lax.bitcast_convert_type(b, u16), lax.bitcast_convert_type(d, i64),
            lax.bitcast_convert_type(lax.bitcast_convert_type(d, u64) ^ np.uint64(1), f64))


# ----------------------------------------------------------------------------
# Constants / iota
# ----------------------------------------------------------------------------
r = rng_for("constant_hex_blob")
_W = randn(r, (16, 16))
_Wi = randint(r, (8, 16), -1000, 1000, i32)
_S = np.full((4, 16), 0.25, f32)


@case("constant_hex_blob", "closed-over numpy arrays: 16x16 f32 and 8x16 i32 printed as hex blobs dense<\"0x...\">, "
      "a 4x16 splat constant, a small inline dense literal, and scalar constants",
      [randn(r, (4, 16))], expect=[r'dense<"0x', r'dense<2\.500000e-01> : tensor<4x16xf32>'], **T_F32ACC)
def _(x):
    small = np.array([1.0, -2.0, 3.0, 0.5], f32)
    y = x * _S + jnp.sum(_W, axis=0) + x[:, :4].sum(axis=1, keepdims=True) * small.sum()
    return y, (_Wi[:, :4] * 3 + np.int32(7)).astype(i32), x[:, :4] * small


@case("constant_types", "constants of many dtypes (f16, bf16, f64, i8, u16, u64, bool) closed over and returned/combined",
      [np.arange(4, dtype=i32)], **T_EXACT)
def _(n):
    return (np.array([1.5, -2.25, 65504.0, 0.0], f16) + n.astype(f16),
            np.array([1.5, -2.25, 3.0e37, 0.0], bf16) * n.astype(bf16),
            np.array([np.pi, np.e, -1e300, 5e-324], f64),
            np.array([-128, 127, 0, -1], i8) + n.astype(i8),
            np.array([0, 65535, 12345, 1], u16) ^ n.astype(u16),
            np.array([2**64 - 1, 0, 2**63, 1], u64) - n.astype(u64),
            np.array([True, False, True, False]) ^ (n > 1))


@case("iota", "iota via jnp.arange (i32, f32, u8) and lax.broadcasted_iota (2-D, dims 0 and 1, i64)",
      [randn(rng_for("iota"), (3, 5))], **T_EXACT)
def _(x):
    return (jnp.arange(7, dtype=i32), jnp.arange(6, dtype=f32) * f32(0.5), jnp.arange(10, dtype=u8),
            lax.broadcasted_iota(i64, (3, 5), 0), lax.broadcasted_iota(i64, (3, 5), 1),
            x + lax.broadcasted_iota(f32, (3, 5), 1))


# ----------------------------------------------------------------------------
# Shape ops
# ----------------------------------------------------------------------------
r = rng_for("shape_ops")


@case("shape_ops", "broadcast_in_dim, reshape, transpose (3-D permutation), slice with strides, concatenate, reverse",
      [randn(r, (2, 3, 4)), randn(r, (4,)), randint(r, (6, 8), -100, 100, i32)], **T_EXACT)
def _(x, v, n):
    return (x + v, x.reshape(6, 4), jnp.transpose(x, (2, 0, 1)), n[1:6:2, ::3], n[::-1, 2:7:4],
            jnp.concatenate([x, x * 2], axis=1), jnp.concatenate([n[:2], n[3:4], n[5:]], axis=0),
            jnp.flip(x, axis=(0, 2)), jnp.flip(n, axis=1), jnp.broadcast_to(v[:, None], (4, 3)))


r = rng_for("pad")


@case("pad", "lax.pad with positive/negative low/high and interior padding on f32 and i32",
      [randn(r, (4, 5)), randint(r, (3, 6), -9, 9, i32)], **T_EXACT)
def _(x, n):
    return (lax.pad(x, f32(0.0), ((1, 2, 0), (0, 1, 1))),
            lax.pad(x, f32(-1.0), ((-1, 1, 1), (2, -2, 0))),
            lax.pad(n, np.int32(7), ((-1, -1, 2), (1, -3, 1))),
            jnp.pad(x, ((1, 1), (2, 0)), mode="constant", constant_values=f32(3.0)))


r = rng_for("dynamic_slice")


@case("dynamic_slice", "lax.dynamic_slice / dynamic_update_slice with traced i32 start indices "
      "(one start out of range -> clamped per StableHLO semantics)",
      [randn(r, (6, 8)), np.array(2, i32), np.array(5, i32), randn(r, (2, 3)), np.array(7, i32)], **T_EXACT)
def _(x, i, j, upd, k):
    return (lax.dynamic_slice(x, (i, j), (3, 3)),
            lax.dynamic_slice(x, (k, np.int32(0)), (2, 8)),  # k=7 clamps to 4
            lax.dynamic_update_slice(x, upd, (i, j)),
            lax.dynamic_update_slice(x, upd, (k, k)))  # clamps to (4, 5)


# ----------------------------------------------------------------------------
# Reductions
# ----------------------------------------------------------------------------
r = rng_for("reduce_f32")


@case("reduce_f32", "reduce sum/max/min/prod over various axes, mean, and argmax/argmin (variadic reduce) on f32",
      [randn(r, (4, 6, 5)), unif(r, (3, 5), 0.5, 1.5)], **T_F32ACC)
def _(x, p):
    return (jnp.sum(x, axis=1), jnp.max(x, axis=(0, 2)), jnp.min(x), jnp.prod(p, axis=1), jnp.mean(x, axis=-1),
            jnp.argmax(x, axis=1).astype(i32), jnp.argmin(x, axis=2).astype(i32), jnp.sum(x))


r = rng_for("reduce_int")


@case("reduce_int", "integer reductions: sum i32, max u8, min i16, prod i64, sum u64 (wrapping), argmax on i32",
      [randint(r, (4, 8), -1000, 1000, i32), randint(r, (4, 8), 0, 256, u8), randint(r, (4, 8), -30000, 30000, i16),
       randint(r, (3, 5), -4, 5, i64), randint(r, (6,), 2**62, 2**63, u64)], **T_EXACT)
def _(a, b, c, d, e):
    return (jnp.sum(a, axis=0, dtype=i32), jnp.max(b, axis=1), jnp.min(c, axis=0), jnp.prod(d, axis=1, dtype=i64),
            jnp.sum(e, dtype=u64), jnp.argmax(a, axis=1).astype(i32))


@case("reduce_bool", "reduce and/or on bool (jnp.all / jnp.any) and count of trues",
      [np.array([[1, 1, 1, 1, 1, 1], [1, 0, 1, 1, 0, 1], [0, 0, 1, 0, 0, 0], [1, 1, 1, 1, 0, 1]], bool)], **T_EXACT)
def _(b):
    return (jnp.all(b, axis=1), jnp.any(b[1:], axis=0), jnp.all(b), jnp.any(~b), jnp.sum(b, axis=1, dtype=i32))


r = rng_for("reduce_window_pool")


@case("reduce_window_pool", "NHWC max pool 2x2/2 VALID, max pool 3x3/2 SAME, avg pool 3x3/2 SAME (sum / window count)",
      [randn(r, (2, 7, 7, 3))], **T_F32ACC)
def _(x):
    mp = lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
    mp_same = lax.reduce_window(x, -jnp.inf, lax.max, (1, 3, 3, 1), (1, 2, 2, 1), "SAME")
    s = lax.reduce_window(x, 0.0, lax.add, (1, 3, 3, 1), (1, 2, 2, 1), "SAME")
    cnt = lax.reduce_window(jnp.ones_like(x), 0.0, lax.add, (1, 3, 3, 1), (1, 2, 2, 1), "SAME")
    return mp, mp_same, s / cnt


r = rng_for("reduce_window_dilated")


@case("reduce_window_dilated", "lax.reduce_window with window_dilation, base_dilation, explicit padding; add and max; "
      "plus an i32 min window",
      [randn(r, (6, 7)), randint(r, (5, 6), -50, 50, i32)], **T_F32ACC)
def _(x, n):
    a = lax.reduce_window(x, 0.0, lax.add, (2, 2), (1, 1), ((0, 0), (0, 0)), window_dilation=(1, 2))
    b = lax.reduce_window(x, 0.0, lax.add, (2, 3), (1, 2), ((1, 0), (1, 1)), base_dilation=(2, 1))
    c = lax.reduce_window(x, -jnp.inf, lax.max, (3, 2), (2, 1), ((1, 1), (0, 1)), base_dilation=(1, 2),
                          window_dilation=(2, 1))
    d = lax.reduce_window(n, np.int32(2**31 - 1), lax.min, (2, 2), (2, 2), "SAME")
    return a, b, c, d


# ----------------------------------------------------------------------------
# dot_general
# ----------------------------------------------------------------------------
r = rng_for("dot_matmul")


@case("dot_matmul", "plain matmul (8x16 @ 16x12), vector dot, matrix-vector, vector-matrix on f32",
      [randn(r, (8, 16)), randn(r, (16, 12)), randn(r, (16,)), randn(r, (8,))], **T_F32ACC)
def _(a, b, v, w):
    return a @ b, jnp.dot(v, v), a @ v, w @ a


r = rng_for("dot_einsum")


@case("dot_einsum", "batched matmul 'bij,bjk->bik', transposed operands 'ik,jk->ij' and 'ki,kj->ij', "
      "two contracting dims 'abc,bcd->ad', batch+transposed 'bji,bjk->bki'",
      [randn(r, (3, 4, 5)), randn(r, (3, 5, 6)), randn(r, (4, 7)), randn(r, (6, 7)), randn(r, (2, 3, 4)),
       randn(r, (3, 4, 5))], **T_F32ACC)
def _(a, b, p, q, c, d):
    return (jnp.einsum("bij,bjk->bik", a, b), jnp.einsum("ik,jk->ij", p, q), jnp.einsum("ki,kj->ij", p.T, q.T),
            jnp.einsum("abc,bcd->ad", c, d), jnp.einsum("bji,bjk->bki", a, a))


r = rng_for("dot_int_and_f64")


@case("dot_int_and_f64", "integer matmul i32 x i32 -> i32, i8 x i8 -> i32 (preferred_element_type), and f64 matmul",
      [randint(r, (5, 7), -100, 100, i32), randint(r, (7, 3), -100, 100, i32), randint(r, (4, 6), -128, 128, i8),
       randint(r, (6, 2), -128, 128, i8), randn(r, (5, 6), f64), randn(r, (6, 4), f64)], rtol=1e-12, atol=1e-12)
def _(a, b, c, d, x, y):
    return (jnp.matmul(a, b, preferred_element_type=i32),
            lax.dot_general(c, d, (((1,), (0,)), ((), ())), preferred_element_type=i32), x @ y)


r = rng_for("dot_lowp")


@case("dot_lowp", "matmul in f16 and bf16 (low-precision inputs and outputs)",
      [randn(r, (4, 8), f16), randn(r, (8, 3), f16), randn(r, (4, 8), bf16), randn(r, (8, 3), bf16)],
      rtol=3e-2, atol=6e-2)
def _(a, b, c, d):
    return a @ b, c @ d


# ----------------------------------------------------------------------------
# Convolution
# ----------------------------------------------------------------------------
def conv(lhs, rhs, dn, strides, padding, **kw):
    return lax.conv_general_dilated(lhs, rhs, strides, padding, dimension_numbers=dn, **kw)


r = rng_for("conv2d_nhwc_same")


@case("conv2d_nhwc_same", "2-D convolution NHWC x HWIO -> NHWC, 3x3 kernel, SAME padding, stride 1",
      [randn(r, (2, 6, 6, 3)), randn(r, (3, 3, 3, 4))], **T_F32ACC)
def _(x, w):
    return conv(x, w, ("NHWC", "HWIO", "NHWC"), (1, 1), "SAME")


r = rng_for("conv2d_nchw_valid_s2")


@case("conv2d_nchw_valid_s2", "2-D convolution NCHW x OIHW -> NCHW, 3x3 kernel, VALID, stride 2, non-square input",
      [randn(r, (2, 3, 9, 7)), randn(r, (5, 3, 3, 3))], **T_F32ACC)
def _(x, w):
    return conv(x, w, ("NCHW", "OIHW", "NCHW"), (2, 2), "VALID")


r = rng_for("conv_lhs_dilation")


@case("conv_lhs_dilation", "transposed convolution: lax.conv_transpose (stride 2, SAME) and "
      "conv_general_dilated with lhs_dilation=(2,2), explicit padding",
      [randn(r, (1, 4, 4, 2)), randn(r, (3, 3, 2, 3))], **T_F32ACC)
def _(x, w):
    a = lax.conv_transpose(x, w, (2, 2), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
    b = conv(x, w, ("NHWC", "HWIO", "NHWC"), (1, 1), ((2, 2), (1, 1)), lhs_dilation=(2, 2))
    return a, b


r = rng_for("conv_rhs_dilation")


@case("conv_rhs_dilation", "atrous convolution: rhs_dilation=(2,2), SAME padding, and rhs_dilation=(1,3) VALID stride (1,2)",
      [randn(r, (1, 8, 8, 2)), randn(r, (3, 3, 2, 2))], **T_F32ACC)
def _(x, w):
    return (conv(x, w, ("NHWC", "HWIO", "NHWC"), (1, 1), "SAME", rhs_dilation=(2, 2)),
            conv(x, w, ("NHWC", "HWIO", "NHWC"), (1, 2), "VALID", rhs_dilation=(1, 3)))


r = rng_for("conv_depthwise")


@case("conv_depthwise", "depthwise convolution: feature_group_count = C = 4 (NHWC, HWIO with I=1, O=8 i.e. multiplier 2), "
      "and grouped conv with 2 groups",
      [randn(r, (2, 5, 5, 4)), randn(r, (3, 3, 1, 8)), randn(r, (3, 3, 2, 6))], **T_F32ACC)
def _(x, w, g):
    return (conv(x, w, ("NHWC", "HWIO", "NHWC"), (1, 1), "SAME", feature_group_count=4),
            conv(x, g, ("NHWC", "HWIO", "NHWC"), (1, 1), "VALID", feature_group_count=2))


r = rng_for("conv1d")


@case("conv1d", "1-D convolution NWC x WIO -> NWC (SAME, stride 1) and NCW x OIW (VALID, stride 2)",
      [randn(r, (2, 10, 3)), randn(r, (3, 3, 4)), randn(r, (4, 3, 2))], **T_F32ACC)
def _(x, w, w2):
    return (conv(x, w, ("NWC", "WIO", "NWC"), (1,), "SAME"),
            conv(jnp.transpose(x, (0, 2, 1)), w2, ("NCW", "OIW", "NCW"), (2,), "VALID"))


r = rng_for("conv3d")


@case("conv3d", "3-D convolution NDHWC x DHWIO -> NDHWC, 2x3x3 kernel, SAME, stride (1,2,2)",
      [randn(r, (1, 4, 6, 6, 2)), randn(r, (2, 3, 3, 2, 3))], **T_F32ACC)
def _(x, w):
    return conv(x, w, ("NDHWC", "DHWIO", "NDHWC"), (1, 2, 2), "SAME")


r = rng_for("conv_batch_group")


@case("conv_batch_group", "convolution with batch_group_count=2 (as in weight-gradient convs): NCHW/OIHW, batch 4 -> 2",
      [randn(r, (4, 3, 5, 5)), randn(r, (6, 3, 3, 3))], expect=[r"batch_group_count = 2"], **T_F32ACC)
def _(x, w):
    return conv(x, w, ("NCHW", "OIHW", "NCHW"), (1, 1), "VALID", batch_group_count=2)


r = rng_for("conv_f64_int")


@case("conv_f64", "2-D convolution in f64 NHWC/HWIO with padding (1,0),(2,1) and stride (2,1)",
      [randn(r, (1, 5, 5, 2), f64), randn(r, (2, 3, 2, 2), f64)], rtol=1e-12, atol=1e-12)
def _(x, w):
    return conv(x, w, ("NHWC", "HWIO", "NHWC"), (2, 1), ((1, 0), (2, 1)))


# ----------------------------------------------------------------------------
# func.call
# ----------------------------------------------------------------------------
@jax.jit
def _inner_scale(a, s):
    return jnp.tanh(a) * s


@jax.jit
def _inner_twice(a):
    return _inner_scale(a, f32(2.0)) + _inner_scale(a * 0.5, f32(3.0))


r = rng_for("func_call")


@case("func_call", "nested jax.jit functions -> private func.func called via func.call (incl. a call inside a callee, "
      "same callee called twice, multi-result callee)",
      [randn(r, (3, 4)), randn(r, (3, 4))], expect=[r"\bcall @"], **T_F32T)
def _(x, y):
    @jax.jit
    def two(a, b):
        return a + b, a * b

    s, p = two(x, y)
    return _inner_twice(x) + _inner_scale(y, f32(0.5)), s - p


# ----------------------------------------------------------------------------
# Realistic small models
# ----------------------------------------------------------------------------
def _softmax(z, axis=-1):
    z = z - jax.lax.stop_gradient(jnp.max(z, axis=axis, keepdims=True))
    e = jnp.exp(z)
    return e / jnp.sum(e, axis=axis, keepdims=True)


def _mlp(x, w1, b1, w2, b2):
    h = jax.nn.relu(x @ w1 + b1)
    return jax.nn.softmax(h @ w2 + b2, axis=-1)


r = rng_for("model_mlp")
_mlp_args = [randn(r, (4, 16)), randn(r, (16, 32), scale=0.25), randn(r, (32,), scale=0.1),
             randn(r, (32, 10), scale=0.25), randn(r, (10,), scale=0.1)]
case("model_mlp", "MLP 16->32->10 with relu and softmax, batch 4, weights as arguments", _mlp_args, **T_F32ACC)(_mlp)


def _layernorm(x, g, b, eps=1e-5):
    mu = jnp.mean(x, axis=-1, keepdims=True)
    d = x - mu
    var = jnp.mean(d * d, axis=-1, keepdims=True)  # (jnp.square would emit chlo.square)
    return (x - mu) * lax.rsqrt(var + eps) * g + b


r = rng_for("model_layernorm")
case("model_layernorm", "layer normalization over the last axis (3x5x32) with gain and bias",
     [randn(r, (3, 5, 32), scale=2.0) + 1.0, randn(r, (32,)), randn(r, (32,))], **T_F32ACC)(_layernorm)

r = rng_for("model_softmax")
case("model_softmax", "jax.nn.softmax over the last axis and log_softmax over axis 0 (6x20)",
     [randn(r, (6, 20), scale=3.0)], **T_F32ACC)(lambda x: (jax.nn.softmax(x, axis=-1), jax.nn.log_softmax(x, axis=0)))


def _cnn(x, w1, b1, w2, b2, wd, bd):
    h = conv(x, w1, ("NHWC", "HWIO", "NHWC"), (1, 1), "SAME") + b1
    h = jax.nn.relu(h)
    h = lax.reduce_window(h, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
    h = jax.nn.relu(conv(h, w2, ("NHWC", "HWIO", "NHWC"), (1, 1), "SAME") + b2)
    h = lax.reduce_window(h, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
    h = h.reshape(h.shape[0], -1)
    return jax.nn.log_softmax(h @ wd + bd)


r = rng_for("model_cnn")
_cnn_args = [randn(r, (2, 8, 8, 1)), randn(r, (3, 3, 1, 4), scale=0.5), randn(r, (4,), scale=0.1),
             randn(r, (3, 3, 4, 8), scale=0.3), randn(r, (8,), scale=0.1), randn(r, (32, 10), scale=0.2),
             randn(r, (10,), scale=0.1)]
case("model_cnn", "small CNN: conv3x3(1->4)+relu+maxpool2, conv3x3(4->8)+relu+maxpool2, dense 32->10, log_softmax",
     _cnn_args, **T_F32ACC)(_cnn)


def _attention(x, wq, wk, wv, wo, g, b):
    B, T, D = x.shape
    H = 2
    dh = D // H
    h = _layernorm(x, g, b)
    q = (h @ wq).reshape(B, T, H, dh)
    k = (h @ wk).reshape(B, T, H, dh)
    v = (h @ wv).reshape(B, T, H, dh)
    s = jnp.einsum("bqhd,bkhd->bhqk", q, k) / np.sqrt(dh).astype(f32)
    mask = jnp.arange(T, dtype=i32)[:, None] >= jnp.arange(T, dtype=i32)[None, :]
    s = jnp.where(mask, s, f32(-1e9))
    p = jax.nn.softmax(s, axis=-1)
    o = jnp.einsum("bhqk,bkhd->bqhd", p, v).reshape(B, T, D)
    return x + o @ wo


r = rng_for("model_attention")
_att_args = [randn(r, (2, 8, 16)), randn(r, (16, 16), scale=0.25), randn(r, (16, 16), scale=0.25),
             randn(r, (16, 16), scale=0.25), randn(r, (16, 16), scale=0.25), 1.0 + randn(r, (16,), scale=0.1),
             randn(r, (16,), scale=0.1)]
case("model_attention", "pre-LN causal self-attention block: B=2, T=8, D=16, 2 heads, residual",
     _att_args, **T_F32ACC)(_attention)

# ----------------------------------------------------------------------------
# "extra" tier: ops outside the required list that JAX commonly emits
# ----------------------------------------------------------------------------
r = rng_for("chlo_ops")


@case("chlo_ops", "CHLO ops that jax 0.10 leaves in as_text(): chlo.square (jnp.square, used by the "
      "transformer_block benchmark), erf, erfc (exact gelu), sinh, cosh, asin, acos, atan, asinh, acosh, atanh",
      [unif(r, (4, 8), -0.9, 0.9), unif(r, (4, 8), 1.1, 3.0)], tier="chlo",
      expect=[r"chlo\.square", r"chlo\.erf\b", r"chlo\.erfc"], rtol=1e-5, atol=1e-6)
def _(x, y):
    return (jnp.square(x), jax.scipy.special.erf(x), jax.nn.gelu(x, approximate=False), jnp.sinh(x), jnp.cosh(x),
            jnp.arcsin(x), jnp.arccos(x), jnp.arctan(x), jnp.arcsinh(x), jnp.arccosh(y), jnp.arctanh(x))


r = rng_for("chlo_gelu_mlp")


@case("chlo_gelu_mlp", "a dense layer with exact GELU (jax.nn.gelu(approximate=False): chlo.erfc after a "
      "dot) and a second layer, as ViT/BERT MLP blocks write it",
      [randn(r, (8, 64)), randn(r, (64, 96), scale=0.125), randn(r, (96,), scale=0.1),
       randn(r, (96, 32), scale=0.1)], tier="chlo", expect=[r"chlo\.erfc"], **T_F32ACC)
def _(x, w1, b1, w2):
    return jax.nn.gelu(x @ w1 + b1, approximate=False) @ w2


_RBG = lax.RandomAlgorithm
_rbg_keys = np.array([0x9E3779B9, 7, 0xFFFFFFFF, 0x80000001], u32)
_rbg_wrap = np.array([0xFFFFFFF0, 0xFFFFFFFF, 3, 5], u32)   # counter low word near 2^64


@case("rng_bit_generator_philox", "stablehlo.rng_bit_generator PHILOX: u32 of odd, even, 3-d and scalar shapes, "
      "u64 (two numbers per counter) of an odd count, u8 and u16 (low bits), a counter that carries into its "
      "high word; the new states too", [_rbg_keys, _rbg_wrap], **T_EXACT)
def _(k, w):
    g = partial(lax.rng_bit_generator, algorithm=_RBG.RNG_PHILOX)
    return (g(k, (3, 5), u32), g(k, (4, 6), u32), g(k, (2, 3, 5), u32), g(k, (), u32), g(k, (7,), u64),
            g(k, (5, 3), u8), g(k, (9,), u16), g(w, (6,), u32), g(w, (3,), u64))


@case("rng_bit_generator_threefry", "stablehlo.rng_bit_generator THREE_FRY: u32 pairs split along the first even "
      "dimension, else the longest (odd shapes, 3-d, a size-1 dimension, scalar), u64 and u16; the new states",
      [_rbg_keys, _rbg_wrap], **T_EXACT)
def _(k, w):
    g = partial(lax.rng_bit_generator, algorithm=_RBG.RNG_THREE_FRY)
    return (g(k, (3, 5), u32), g(k, (5, 4), u32), g(k, (3, 1, 7), u32), g(k, (), u32), g(k, (5,), u64),
            g(k, (3, 3), u16), g(w, (2, 3), u32))


@case("rng_bit_generator_default", "stablehlo.rng_bit_generator DEFAULT (Philox on XLA's CPU backend), and "
      "jax.random with the 'unsafe_rbg' generator (normal, uniform, randint, permutation: whole programs built on it)",
      [_rbg_keys], atol=1e-6, rtol=1e-6, tier="chlo")
def _(k):
    bits = lax.rng_bit_generator(k, (4, 7), u32, algorithm=_RBG.RNG_DEFAULT)
    key = jax.random.wrap_key_data(k, impl="unsafe_rbg")
    k1, k2 = jax.random.split(key)
    return (bits, jax.random.normal(k1, (3, 5), f32), jax.random.uniform(k2, (6,), f32),
            jax.random.randint(k1, (8,), 0, 100), jax.random.permutation(k2, 10))


r = rng_for("chlo_top_k")
_tk = randn(r, (6, 100))
_tk[0, ::7] = 1.5               # ties: lower index first
_tk[1, 3], _tk[1, 50] = np.nan, -np.nan
_tk[2, :] = 0.0
_tk[2, ::2] = -0.0              # +0 before -0
_tk[3, 10], _tk[3, 20] = np.inf, -np.inf


@case("chlo_top_k", "lax.top_k (chlo.top_k): f32 rows with ties, NaNs of both signs, signed zeros and "
      "infinities (k = 7, and k = 1); i32 keys; a batch of rows of 3-d f64 (k = 40)",
      [_tk, randint(r, (3, 17), -5, 5, i32), randn(r, (2, 3, 45), f64)], tier="chlo", nonfinite=True,
      expect=[r"chlo\.top_k"], **T_EXACT)
def _(x, n, y):
    v, i = lax.top_k(x, 7)
    v1, i1 = lax.top_k(x, 1)
    vn, in_ = lax.top_k(n, 5)
    vy, iy = lax.top_k(y, 40)
    return v, i, v1, i1, vn, in_, vy, iy


r = rng_for("chlo_special")


@case("chlo_special", "jax.scipy.special in f32: gammaln (chlo.lgamma), digamma, erfinv, i1e (bessel_i1e), "
      "polygamma, zeta, erfc, gammainc/gammaincc (lgamma inside JAX's series), ndtri, betainc",
      [unif(r, (5, 7), 0.05, 9.0), unif(r, (5, 7), -0.99, 0.99), unif(r, (5, 7), 1.5, 6.0),
       unif(r, (5, 7), 0.1, 0.9)], tier="chlo",
      expect=[r"chlo\.lgamma", r"chlo\.digamma", r"chlo\.erf_inv", r"chlo\.bessel_i1e", r"chlo\.polygamma",
              r"chlo\.zeta"], rtol=2e-5, atol=2e-6)
def _(x, u, s, p):
    sp = jax.scipy.special
    return (sp.gammaln(x), sp.gammaln(-x - 0.5), sp.digamma(x), sp.digamma(u), sp.erfinv(u), sp.i1e(x * 4 - 18),
            sp.polygamma(1, x), sp.polygamma(3, s), sp.zeta(s, x), sp.erfc(u * 4), sp.gammainc(s, x),
            sp.gammaincc(s, x), sp.ndtri(p), sp.betainc(s, x, p))


r = rng_for("chlo_special_f64")


@case("chlo_special_f64", "the special functions in f64 (the f64 erf/erfc/erfinv/i1e polynomials), "
      "nextafter (chlo.next_after), and lgamma/erf of f16 and bf16 (computed in f32)",
      [unif(r, (4, 6), 0.05, 9.0, f64), unif(r, (4, 6), -0.99, 0.99, f64),
       unif(r, (4, 6), 0.5, 4.0, f16), unif(r, (4, 6), -2.0, 2.0, bf16)], tier="chlo",
      expect=[r"chlo\.lgamma", r"chlo\.erf_inv", r"chlo\.next_after"], rtol=1e-12, atol=1e-13)
def _(x, u, h, b):
    sp = jax.scipy.special
    return (sp.gammaln(x), sp.digamma(x), sp.erfinv(u), sp.erf(u * 3), sp.erfc(u * 6), sp.i1e(x * 4 - 18),
            sp.polygamma(2, x), jnp.nextafter(u, x), sp.gammaln(h).astype(f64), sp.erf(b).astype(f64))


r = rng_for("gather_scatter_sort")


@case("gather_scatter_sort", "EXTRA: gather (fancy indexing, jnp.take), scatter (.at[].add/.set), sort, cumsum "
      "(reduce_window), top_k (chlo.top_k)",
      [randn(r, (5, 6)), np.array([4, 0, 2, 2], i32)], tier="extra", **T_F32ACC)
def _(x, idx):
    return (x[idx], jnp.take(x, idx, axis=1), x.at[idx, 1].add(f32(10.0)), x.at[0, idx].set(f32(-1.0)),
            jnp.sort(x, axis=1), jnp.cumsum(x, axis=0), lax.top_k(x, 3)[0], lax.top_k(x, 3)[1].astype(i32))


# ----------------------------------------------------------------------------
# Generic op form
# ----------------------------------------------------------------------------
case("generic_mlp", "model_mlp printed in MLIR generic op form", _mlp_args, form="generic", **T_F32ACC)(_mlp)

r = rng_for("generic_reduce")


@case("generic_reduce", "sum/max/argmax reductions + reduce_window, printed in generic op form",
      [randn(r, (3, 4, 5))], form="generic", **T_F32ACC)
def _(x):
    return (jnp.sum(x, axis=(0, 2)), jnp.max(x, axis=1), jnp.argmax(x, axis=2).astype(i32),
            lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2), (1, 1, 2), "SAME"))


r = rng_for("int32_ops")
_x = randint(r, (64, 300), -2**31, 2**31, i32)
_x[:, :60] = randint(r, (64, 60), -3, 4, i32)               # small values: ties
_x[:, 60:120] = randint(r, (64, 60), -10**8, 10**8, i32) * 7  # multiples of 7 (both signs)
_x[::3, 7] = np.iinfo(i32).max                               # equal maxima: the first wins
_x[::3, 250] = np.iinfo(i32).max
_x[1::3, :] = np.minimum(_x[1::3, :], 5)
_x[2, :] = np.iinfo(i32).min                                 # a row of INT_MIN: index 0
_x[:, 299] = np.array([np.iinfo(i32).min, -7, 7, 0] * 16, i32)


@case("int32_ops", "the int32_ops benchmark at 64x300: argmax(axis=1) (first index among equal maxima) and "
      "sum(where(x % 7 == 0, x >> 2, x ^ 0x5A5A), axis=1) with jnp's floor modulo; pjrtc runs both in one "
      "kernel over the rows, the modulo test as a multiply-by-inverse divisibility test; traced with x64 "
      "off, as the benchmark is (an i32 argmax index)",
      [_x], ctx=lambda: jax.enable_x64(False), **T_EXACT)
def _(x):
    sel = jnp.where(x % 7 == 0, x >> 2, x ^ 0x5A5A)
    return jnp.argmax(x, axis=1).astype(i32), jnp.sum(sel, axis=1, dtype=i32)


r = rng_for("generic_conv")


@case("generic_conv", "NHWC SAME conv + bias + relu, strided NCHW conv, printed in generic op form",
      [randn(r, (1, 6, 6, 2)), randn(r, (3, 3, 2, 3)), randn(r, (3,))], form="generic", **T_F32ACC)
def _(x, w, b):
    y = jax.nn.relu(conv(x, w, ("NHWC", "HWIO", "NHWC"), (1, 1), "SAME") + b)
    z = conv(jnp.transpose(x, (0, 3, 1, 2)), jnp.transpose(w, (3, 2, 0, 1)), ("NCHW", "OIHW", "NCHW"), (2, 2), "VALID")
    return y, z


r = rng_for("generic_elementwise")


@case("generic_elementwise", "int/float elementwise, compare, select, convert, iota, call, printed in generic op form",
      [randn(r, (4, 6)), randint(r, (4, 6), -20, 20, i32)], form="generic", **T_F32T)
def _(x, n):
    y = jnp.where(n > 0, jnp.exp(x), jnp.sin(x)) + n.astype(f32) + jnp.arange(6, dtype=f32)
    return y, (n << 2) ^ (n >> 1), jnp.round(x)  # jnp.round emits a call


# ----------------------------------------------------------------------------
# Complex numbers and FFT
# ----------------------------------------------------------------------------
c64, c128 = np.complex64, np.complex128


def crandn(r, shape, dtype=c64, scale=1.0):
    return ((r.standard_normal(shape) + 1j * r.standard_normal(shape)) * scale).astype(dtype)


T_C64 = dict(rtol=2e-6, atol=2e-6)            # complex64 arithmetic (computed via f64)
T_C64T = dict(rtol=1e-5, atol=1e-6)           # complex64 transcendentals
T_C64ACC = dict(rtol=1e-5, atol=2e-5)         # complex64 with accumulation (dot, reduce, FFT)
T_C128 = dict(rtol=1e-12, atol=1e-12)

r = rng_for("complex_arith_c64")
_ca, _cb = crandn(r, (4, 6)), crandn(r, (4, 6))
_ca[0, :3] = _cb[0, :3]                        # equal elements: == and != both ways
_cb[1, 0] = 0                                  # a zero divisor: inf/nan parts
_cx, _cy = randn(r, (4, 6)), randn(r, (4, 6))


@case("complex_arith_c64", "complex64 add/sub/mul/div (a zero divisor), negate, conj, abs, real/imag, lax.complex, "
      "==/!=, where", [_ca, _cb, _cx, _cy], nonfinite=True, **T_C64)
def _(a, b, x, y):
    return (a + b, a - b, a * b, a / b, -a, jnp.conj(a), jnp.abs(a), jnp.real(b), jnp.imag(b),
            lax.complex(x, y), a == b, a != b, jnp.where(x > 0, a, b))


r = rng_for("complex_transcendental_c64")


@case("complex_transcendental_c64", "complex64 exp/expm1/log/log1p/sqrt/rsqrt/tanh/sin/cos/tan/sign/pow and "
      "x ** 2.5 (branch cuts: negative reals with +0 and -0 imaginary parts)",
      [np.concatenate([crandn(r, (3, 8)), np.array([[-2 + 0j, -2 - 0j, -0.5 + 0j, 1e-4 + 1e-4j,
                                                     3 + 1e-7j, 0j, -1 + 0j, 2j]], c64)]),
       crandn(r, (4, 8), scale=0.5)], **T_C64T)
def _(z, w):
    zs = z * c64(0.8)
    return (jnp.exp(zs), jnp.expm1(zs), jnp.log(z + 3), jnp.log1p(zs), jnp.sqrt(z), lax.rsqrt(z + 3),
            jnp.tanh(zs), jnp.sin(zs), jnp.cos(zs), jnp.tan(zs), jnp.sign(z), jnp.power(z + 3, w),
            (z + 3) ** 2.5)


r = rng_for("complex_c128")


@case("complex_c128", "complex128 arithmetic and transcendentals (mul, div, exp, log, sqrt, tanh, abs, pow) "
      "at 1e-12", [crandn(r, (3, 5), c128), crandn(r, (3, 5), c128)], **T_C128)
def _(a, b):
    return (a * b, a / b, jnp.exp(a), jnp.log(a), jnp.sqrt(a), jnp.tanh(a), jnp.abs(a), jnp.power(a, b),
            jnp.log1p(a * 1e-3), jnp.expm1(a * 1e-3))


r = rng_for("complex_linalg")


@case("complex_linalg", "complex64 matmul (small: ordered sums of complex products; 48x40x36: one real GEMM "
      "of the (re, im) pairs), batched einsum, sum/prod reductions, cumsum (reduce_window), mixed real x "
      "complex dot",
      [crandn(r, (5, 7)), crandn(r, (7, 3)), crandn(r, (2, 4, 3)), crandn(r, (2, 3, 5)), randn(r, (3, 7)),
       crandn(r, (48, 40)), crandn(r, (40, 36))],
      **T_C64ACC)
def _(a, b, x, y, m, p, q):
    return (a @ b, jnp.einsum("bij,bjk->bik", x, y), jnp.sum(a, axis=1), jnp.prod(x, axis=2),
            jnp.cumsum(a, axis=1), m @ a.T, p @ q)


r = rng_for("complex_movement")


@case("complex_movement", "complex64/complex128 data movement: transpose, reshape, slice, concatenate, pad, "
      "reverse, broadcast, gather (x[idx]), dynamic_update_slice, sort (lexicographic), convert c64->c128",
      [crandn(r, (4, 6)), crandn(r, (3, 5), c128), np.array([3, 0, 2, 2], i32)], **T_EXACT)
def _(a, b, idx):
    return (a.T, a.reshape(3, 8), a[1:3, ::2], jnp.concatenate([a, a[::-1]], axis=0),
            jnp.pad(b, ((1, 0), (0, 2))), b[::-1, ::-1], jnp.broadcast_to(b[0], (2, 5)), a[idx],
            lax.dynamic_update_slice(a, a[:2, :2] * 2, (1, 3)), jnp.sort(b.reshape(-1)),
            a.astype(c128))


r = rng_for("complex_conv")


@case("complex_conv", "complex64 convolution (NHWC, two feature groups): one real conv with (re, im) merged into "
      "the feature dimensions", [crandn(r, (1, 6, 6, 4)), crandn(r, (3, 3, 2, 4))], **T_C64ACC)
def _(x, w):
    return lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"),
                                    feature_group_count=2)


r = rng_for("fft_c64")
_fx = crandn(r, (3, 16))
_fp = crandn(r, (2, 31))                      # a prime length
_f2 = crandn(r, (2, 6, 10))
_fr = randn(r, (4, 20))


@case("fft_c64", "jnp.fft.fft/ifft (length 16 and the prime 31), fft2, fftn over 3 dimensions, rfft/irfft "
      "(even length 20, odd 9), rfft2, on complex64/float32", [_fx, _fp, _f2, _fr], **T_C64ACC)
def _(x, p, y, t):
    return (jnp.fft.fft(x), jnp.fft.ifft(x), jnp.fft.fft(p), jnp.fft.ifft(p), jnp.fft.fft2(y),
            jnp.fft.fftn(y), jnp.fft.rfft(t), jnp.fft.irfft(jnp.fft.rfft(t), n=20),
            jnp.fft.irfft(x[:, :5], n=9), jnp.fft.rfft2(t.reshape(2, 2, 20)))


r = rng_for("fft_c128")


@case("fft_c128", "complex128/float64 FFTs: fft along axis 0, ifftn over 2 axes, rfftn and irfftn over 3 axes "
      "(odd last length 7)", [crandn(r, (12, 5), c128), randn(r, (2, 3, 4, 7), f64)], **T_C128)
def _(x, t):
    return (jnp.fft.fft(x, axis=0), jnp.fft.ifftn(x, axes=(0, 1)), jnp.fft.rfftn(t, axes=(1, 2, 3)),
            jnp.fft.irfftn(jnp.fft.rfftn(t, axes=(1, 2, 3)), s=(3, 4, 7), axes=(1, 2, 3)))


# ============================================================================
# Linear algebra: the LAPACK custom calls JAX's CPU lowering emits
# ============================================================================
# Tier "linalg": each program holds `stablehlo.custom_call @lapack_<t><routine>_ffi` (as
# jax.export and jax.jit write them for CPU) and is also written as the VHLO bytecode JAX
# sends a PJRT plugin (model.mlirbc). Outputs are what the factorization determines: factors
# that are unique (LU with partial pivoting, Cholesky, R and Q of Householder QR with
# LAPACK's signs, solves, eigen- and singular values), and, where LAPACK's choice is one of
# several (eigenvector signs, Schur forms, orthogonal completions), invariants computed in
# the program (Q R, V diag(w) V^T, |V|, Z T Z^T, Z^T Z, ...). Tolerances are those of a
# backward-stable algorithm on these well-conditioned inputs.
import jax.scipy.linalg as jsl  # noqa: E402

T_LA = {f32: dict(rtol=2e-4, atol=2e-5), f64: dict(rtol=1e-9, atol=1e-11),
        c64: dict(rtol=2e-4, atol=2e-5), c128: dict(rtol=1e-9, atol=1e-11)}
LA_NAME = {f32: "f32", f64: "f64", c64: "c64", c128: "c128"}
LA_LETTER = {f32: "s", f64: "d", c64: "c", c128: "z"}
COMPLEX = (c64, c128)


def la_case(name, desc, make_args, expect, dtypes=(f32, f64), nonfinite=False):
    """One case per dtype: `make_args(r, dtype)` gives the inputs."""
    def deco(fn):
        for dt in dtypes:
            cname = f"{name}_{LA_NAME[dt]}"
            t = LA_LETTER[dt]
            case(cname, desc, make_args(rng_for(cname), dt), tier="linalg", nonfinite=nonfinite,
                 expect=[p.replace("{t}", t) for p in expect], bytecode=True, **T_LA[dt])(fn)
        return fn
    return deco


def normal64(r, shape, dtype):
    """Standard normal values in double precision; for a complex `dtype` complex ones with
    independent normal parts."""
    if np.dtype(dtype).kind == "c":
        return r.standard_normal(shape) + 1j * r.standard_normal(shape)
    return r.standard_normal(shape)


def normal(r, shape, dtype):
    return normal64(r, shape, dtype).astype(dtype)


def well_conditioned(r, shape, dtype):
    """Random matrices with a dominant diagonal (condition numbers around 10)."""
    a = normal64(r, shape, dtype)
    n = shape[-1]
    if shape[-2] == n:
        a = a + 3.0 * np.sqrt(n) * np.eye(n)
    return a.astype(dtype)


def spd(r, shape, dtype):
    """Symmetric (Hermitian) positive definite."""
    b = normal64(r, shape, dtype)
    n = shape[-1]
    return (b @ np.conj(np.swapaxes(b, -1, -2)) / n + np.eye(n)).astype(dtype)


def symmetric(r, shape, dtype):
    """Symmetric (Hermitian)."""
    b = normal64(r, shape, dtype)
    return ((b + np.conj(np.swapaxes(b, -1, -2))) / 2).astype(dtype)


@la_case("linalg_lu", "getrf: jax.scipy.linalg.lu (square, batched, wide), det, slogdet, solve, inv "
         "(solve and inv also run trsm)",
         lambda r, dt: [well_conditioned(r, (5, 5), dt), well_conditioned(r, (3, 4, 4), dt),
                        r.standard_normal((3, 5)).astype(dt), r.standard_normal((5, 2)).astype(dt)],
         [r"lapack_{t}getrf_ffi", r"lapack_{t}trsm_ffi"])
def _(a, ab, w, b):
    p, l, u = jsl.lu(a)
    pb, lb, ub = jax.vmap(jsl.lu)(ab)
    pw, lw, uw = jsl.lu(w)
    sign, logdet = jnp.linalg.slogdet(ab)
    return (p, l, u, pb, lb, ub, pw, lw, uw, jnp.linalg.det(a), sign, logdet,
            jnp.linalg.solve(a, b), jnp.linalg.inv(ab))


@la_case("linalg_lu_singular", "getrf of an exactly singular matrix: a zero pivot, det 0 (LAPACK's info path)",
         lambda r, dt: [np.array([[1, 2, 3], [2, 4, 6], [1, 0, 1.5]], dt)],
         [r"lapack_{t}getrf_ffi"])
def _(a):
    lu_, piv = jsl.lu_factor(a)
    return lu_, piv, jnp.linalg.det(a)


@la_case("linalg_qr", "geqrf + orgqr: jnp.linalg.qr reduced (tall, batched) and complete (wide); Q and R "
         "are unique with LAPACK's signs; also Q R",
         lambda r, dt: [r.standard_normal((6, 4)).astype(dt), r.standard_normal((2, 5, 5)).astype(dt),
                        r.standard_normal((3, 5)).astype(dt)],
         [r"lapack_{t}geqrf_ffi", r"lapack_{t}orgqr_ffi"])
def _(a, ab, w):
    q, rr = jnp.linalg.qr(a)
    qb, rb = jnp.linalg.qr(ab)
    qw, rw = jnp.linalg.qr(w, mode="complete")
    return q, rr, qb, rb, qw, rw, q @ rr, jnp.linalg.qr(ab, mode="r")


@la_case("linalg_qr_pivoting", "geqp3: jax.scipy.linalg.qr(pivoting=True) (columns of distinct norms), and "
         "ormqr through jax.scipy.linalg.qr_multiply",
         lambda r, dt: [(r.standard_normal((6, 4)) * np.array([1.0, 3.0, 0.5, 2.0])).astype(dt),
                        r.standard_normal((5, 4)).astype(dt), r.standard_normal((3, 5)).astype(dt)],
         [r"lapack_{t}geqp3_ffi", r"lapack_{t}ormqr_ffi"])
def _(a, b, c):
    q, rr, p = jsl.qr(a, pivoting=True, mode="economic")
    cq, r2 = jsl.qr_multiply(b, c)
    return q, rr, p, q @ rr, cq, r2


@la_case("linalg_cholesky", "potrf: jnp.linalg.cholesky (lower, batched), jax.scipy.linalg.cholesky (upper), "
         "cho_solve (trsm)",
         lambda r, dt: [spd(r, (5, 5), dt), spd(r, (3, 4, 4), dt), r.standard_normal((5, 2)).astype(dt)],
         [r"lapack_{t}potrf_ffi", r"lapack_{t}trsm_ffi"])
def _(a, ab, b):
    c = jsl.cho_factor(a)
    return (jnp.linalg.cholesky(a), jnp.linalg.cholesky(ab), jsl.cholesky(a, lower=False),
            jsl.cho_solve(c, b))


@la_case("linalg_eigh", "syevd: jnp.linalg.eigh (lower, batched) and UPLO='U' without symmetrizing, "
         "eigvalsh; eigenvalues, V diag(w) V^T and |V| (distinct eigenvalues)",
         lambda r, dt: [symmetric(r, (5, 5), dt), symmetric(r, (2, 4, 4), dt), r.standard_normal((4, 4)).astype(dt)],
         [r"lapack_{t}syevd_ffi"])
def _(a, ab, u):
    w, v = jnp.linalg.eigh(a)
    wb, vb = jnp.linalg.eigh(ab)
    # Only the upper triangle of u is read.
    wu, vu = jax.lax.linalg.eigh(u, lower=False, symmetrize_input=False)[::-1]
    recon = lambda w, v: (v * w[..., None, :]) @ jnp.swapaxes(v, -1, -2)
    return (w, recon(w, v), jnp.abs(v), wb, recon(wb, vb), jnp.abs(vb), wu, recon(wu, vu),
            jnp.linalg.eigvalsh(ab))


@la_case("linalg_svd", "gesdd (default) and gesvd (algorithm QR): jnp.linalg.svd thin, full and values only "
         "(tall, wide, batched); singular values, U S V^T, |U|, |V^T| (distinct values), U^T U",
         lambda r, dt: [r.standard_normal((6, 4)).astype(dt), r.standard_normal((2, 3, 5)).astype(dt)],
         [r"lapack_{t}gesdd_ffi", r"lapack_{t}gesvd_ffi"])
def _(a, wb):
    u, s, vt = jnp.linalg.svd(a, full_matrices=False)
    uf, sf, vtf = jnp.linalg.svd(a, full_matrices=True)
    ub, sb, vtb = jnp.linalg.svd(wb, full_matrices=False)
    uq, sq, vtq = jax.lax.linalg.svd(a, full_matrices=False, algorithm=jax.lax.linalg.SvdAlgorithm.QR)
    recon = lambda u, s, vt: (u * s[..., None, :]) @ vt
    k = min(a.shape)
    return (s, recon(u, s, vt), jnp.abs(u), jnp.abs(vt), sf, jnp.abs(uf[:, :k]), uf.T @ uf, jnp.abs(vtf),
            sb, recon(ub, sb, vtb), jnp.abs(ub), jnp.abs(vtb), sq, recon(uq, sq, vtq), jnp.abs(uq),
            jnp.linalg.svd(wb, compute_uv=False))


@la_case("linalg_schur", "gees: jax.scipy.linalg.schur (real form, complex eigenvalue pairs); Z T Z^T, Z^T Z, "
         "the sorted diagonal of T (LAPACK's standardized 2x2 blocks: the real parts) and T below its "
         "subdiagonal",
         lambda r, dt: [r.standard_normal((6, 6)).astype(dt), r.standard_normal((2, 4, 4)).astype(dt)],
         [r"lapack_{t}gees_ffi"])
def _(a, ab):
    t, z = jsl.schur(a)
    tb, zb = jax.vmap(jsl.schur)(ab)
    zt = lambda z, t: z @ t @ jnp.swapaxes(z, -1, -2)
    diag = lambda t: jnp.sort(jnp.diagonal(t, axis1=-2, axis2=-1), axis=-1)
    return (zt(z, t), z.T @ z, diag(t), jnp.tril(t, -2), zt(zb, tb), diag(tb), jnp.tril(tb, -2))


@la_case("linalg_hessenberg", "gehrd + orgqr: jax.scipy.linalg.hessenberg with Q (unique with LAPACK's "
         "reflector signs), Q H Q^T",
         lambda r, dt: [r.standard_normal((6, 6)).astype(dt), r.standard_normal((2, 4, 4)).astype(dt)],
         [r"lapack_{t}gehrd_ffi", r"lapack_{t}orgqr_ffi"])
def _(a, ab):
    h, q = jsl.hessenberg(a, calc_q=True)
    hb, qb = jax.vmap(lambda x: jsl.hessenberg(x, calc_q=True))(ab)
    return h, q, q @ h @ q.T, hb, qb


@la_case("linalg_tridiagonal", "sytrd: lax.linalg.tridiagonal of the lower and of the upper triangle "
         "(reflectors, diagonal, off-diagonal, taus), batched",
         lambda r, dt: [symmetric(r, (5, 5), dt), symmetric(r, (2, 4, 4), dt)],
         [r"lapack_{t}sytrd_ffi"])
def _(a, ab):
    return (*jax.lax.linalg.tridiagonal(a, lower=True), *jax.lax.linalg.tridiagonal(a, lower=False),
            *jax.lax.linalg.tridiagonal(ab, lower=True))


@la_case("linalg_triangular_solve", "trsm: jax.scipy.linalg.solve_triangular lower/upper, trans 0/1/2, unit "
         "diagonal, batched; lax.linalg.triangular_solve from the right",
         lambda r, dt: [well_conditioned(r, (4, 4), dt), r.standard_normal((4, 3)).astype(dt),
                        well_conditioned(r, (2, 3, 3), dt), r.standard_normal((2, 3, 2)).astype(dt),
                        r.standard_normal((5, 4)).astype(dt)],
         [r"lapack_{t}trsm_ffi"])
def _(a, b, ab, bb, c):
    st = jsl.solve_triangular
    right = jax.lax.linalg.triangular_solve(a, c, left_side=False, lower=True, transpose_a=True)
    return (st(a, b, lower=True), st(a, b, lower=False, trans=1), st(a, b, lower=True, trans=2),
            st(a, b, lower=False, unit_diagonal=True), st(ab, bb, lower=True), right)


@la_case("linalg_tridiagonal_solve", "gtsv: lax.linalg.tridiagonal_solve (row interchanges: small diagonal "
         "entries), batched",
         lambda r, dt: [np.concatenate([[0.0], r.standard_normal(5)]).astype(dt),
                        np.array([0.01, 2.0, -0.02, 3.0, 1.5, -2.5], dt),
                        np.concatenate([r.standard_normal(5), [0.0]]).astype(dt),
                        r.standard_normal((6, 2)).astype(dt),
                        r.standard_normal((2, 4)).astype(dt) * np.array([0, 1, 1, 1]),
                        (r.standard_normal((2, 4)) + 4).astype(dt),
                        r.standard_normal((2, 4)).astype(dt) * np.array([1, 1, 1, 0]),
                        r.standard_normal((2, 4, 3)).astype(dt)],
         [r"lapack_{t}gtsv_ffi"])
def _(dl, d, du, b, dlb, db, dub, bb):
    ts = jax.lax.linalg.tridiagonal_solve
    return ts(dl, d, du, b), ts(dlb.astype(d.dtype), db, dub.astype(d.dtype), bb)


# Complex matrices (`lapack_c*_ffi`, `lapack_z*_ffi`). Eigen- and singular vectors are unique
# up to a phase per column, so the programs return phase-free invariants: V diag(w) V^H, |V|,
# U^H U.
def adjoint(x):
    return jnp.conj(jnp.swapaxes(x, -1, -2))


@la_case("linalg_lu", "getrf/trsm on complex matrices: jax.scipy.linalg.lu (square, batched, wide), det, "
         "slogdet, solve, inv",
         lambda r, dt: [well_conditioned(r, (5, 5), dt), well_conditioned(r, (3, 4, 4), dt),
                        normal(r, (3, 5), dt), normal(r, (5, 2), dt)],
         [r"lapack_{t}getrf_ffi", r"lapack_{t}trsm_ffi"], dtypes=COMPLEX)
def _(a, ab, w, b):
    p, l, u = jsl.lu(a)
    pb, lb, ub = jax.vmap(jsl.lu)(ab)
    pw, lw, uw = jsl.lu(w)
    sign, logdet = jnp.linalg.slogdet(ab)
    return (p, l, u, pb, lb, ub, pw, lw, uw, jnp.linalg.det(a), sign, logdet,
            jnp.linalg.solve(a, b), jnp.linalg.inv(ab))


@la_case("linalg_qr", "geqrf + ungqr on complex matrices: jnp.linalg.qr reduced (tall, batched) and complete "
         "(wide); Q and R unique with LAPACK's real diagonal of R; also Q R",
         lambda r, dt: [normal(r, (6, 4), dt), normal(r, (2, 5, 5), dt), normal(r, (3, 5), dt)],
         [r"lapack_{t}geqrf_ffi", r"lapack_{t}ungqr_ffi"], dtypes=COMPLEX)
def _(a, ab, w):
    q, rr = jnp.linalg.qr(a)
    qb, rb = jnp.linalg.qr(ab)
    qw, rw = jnp.linalg.qr(w, mode="complete")
    return q, rr, qb, rb, qw, rw, q @ rr, jnp.linalg.qr(ab, mode="r")


@la_case("linalg_cholesky", "potrf on Hermitian positive definite matrices: jnp.linalg.cholesky (lower, "
         "batched), jax.scipy.linalg.cholesky (upper), cho_solve (trsm with trans_x = C)",
         lambda r, dt: [spd(r, (5, 5), dt), spd(r, (3, 4, 4), dt), normal(r, (5, 2), dt)],
         [r"lapack_{t}potrf_ffi", r"lapack_{t}trsm_ffi"], dtypes=COMPLEX)
def _(a, ab, b):
    c = jsl.cho_factor(a)
    return (jnp.linalg.cholesky(a), jnp.linalg.cholesky(ab), jsl.cholesky(a, lower=False),
            jsl.cho_solve(c, b))


@la_case("linalg_eigh", "heevd: jnp.linalg.eigh of Hermitian matrices (lower, batched) and UPLO='U' without "
         "symmetrizing, eigvalsh; eigenvalues, V diag(w) V^H and |V| (distinct eigenvalues)",
         lambda r, dt: [symmetric(r, (5, 5), dt), symmetric(r, (2, 4, 4), dt), normal(r, (4, 4), dt)],
         [r"lapack_{t}heevd_ffi"], dtypes=COMPLEX)
def _(a, ab, u):
    w, v = jnp.linalg.eigh(a)
    wb, vb = jnp.linalg.eigh(ab)
    # Only the upper triangle of u is read (the diagonal's imaginary parts are ignored).
    wu, vu = jax.lax.linalg.eigh(u, lower=False, symmetrize_input=False)[::-1]
    recon = lambda w, v: (v * w[..., None, :]) @ adjoint(v)
    return (w, recon(w, v), jnp.abs(v), wb, recon(wb, vb), jnp.abs(vb), wu, recon(wu, vu),
            jnp.linalg.eigvalsh(ab))


@la_case("linalg_svd", "gesdd (default) and gesvd (algorithm QR) on complex matrices: jnp.linalg.svd thin, "
         "full and values only (tall, wide, batched); singular values, U S V^H, |U|, |V^H|, U^H U",
         lambda r, dt: [normal(r, (6, 4), dt), normal(r, (2, 3, 5), dt)],
         [r"lapack_{t}gesdd_ffi", r"lapack_{t}gesvd_ffi"], dtypes=COMPLEX)
def _(a, wb):
    u, s, vt = jnp.linalg.svd(a, full_matrices=False)
    uf, sf, vtf = jnp.linalg.svd(a, full_matrices=True)
    ub, sb, vtb = jnp.linalg.svd(wb, full_matrices=False)
    uq, sq, vtq = jax.lax.linalg.svd(a, full_matrices=False, algorithm=jax.lax.linalg.SvdAlgorithm.QR)
    recon = lambda u, s, vt: (u * s[..., None, :]) @ vt
    k = min(a.shape)
    return (s, recon(u, s, vt), jnp.abs(u), jnp.abs(vt), sf, jnp.abs(uf[:, :k]), adjoint(uf) @ uf,
            jnp.abs(vtf), sb, recon(ub, sb, vtb), jnp.abs(ub), jnp.abs(vtb), sq, recon(uq, sq, vtq),
            jnp.abs(uq), jnp.linalg.svd(wb, compute_uv=False))


@la_case("linalg_triangular_solve", "trsm on complex matrices: jax.scipy.linalg.solve_triangular lower/upper, "
         "trans 0/1/2 (2 conjugates), unit diagonal, batched; lax.linalg.triangular_solve from the right "
         "with conjugate_a",
         lambda r, dt: [well_conditioned(r, (4, 4), dt), normal(r, (4, 3), dt),
                        well_conditioned(r, (2, 3, 3), dt), normal(r, (2, 3, 2), dt), normal(r, (5, 4), dt)],
         [r"lapack_{t}trsm_ffi"], dtypes=COMPLEX)
def _(a, b, ab, bb, c):
    st = jsl.solve_triangular
    right = jax.lax.linalg.triangular_solve(a, c, left_side=False, lower=True, transpose_a=True,
                                            conjugate_a=True)
    right_n = jax.lax.linalg.triangular_solve(a, c, left_side=False, lower=False)
    return (st(a, b, lower=True), st(a, b, lower=False, trans=1), st(a, b, lower=True, trans=2),
            st(a, b, lower=False, unit_diagonal=True), st(ab, bb, lower=True), right, right_n)


@la_case("linalg_eig", "geev: jnp.linalg.eig (right eigenvectors), eigvals, lax.linalg.eig with left "
         "eigenvectors, batched; eigenvalues sorted, the residuals A V - V diag(w) and V_L^H A - diag(w) "
         "V_L^H, and the columns' norms (eigenvectors' phases are free)",
         lambda r, dt: [normal(r, (5, 5), dt), normal(r, (2, 4, 4), dt)],
         [r"lapack_{t}geev_ffi"], dtypes=(f32, f64, c64, c128))
def _(a, ab):
    w, v = jnp.linalg.eig(a)
    wl, vl, vr = jax.lax.linalg.eig(ab, compute_left_eigenvectors=True, compute_right_eigenvectors=True)
    ca, cab = a.astype(w.dtype), ab.astype(w.dtype)
    right = lambda x, w, v: x @ v - v * w[..., None, :]
    left = lambda x, w, v: adjoint(v) @ x - w[..., :, None] * adjoint(v)
    norms = lambda v: jnp.sqrt(jnp.sum(jnp.abs(v) ** 2, axis=-2))
    return (jnp.sort(w), right(ca, w, v), norms(v), jnp.sort(jnp.linalg.eigvals(a)), jnp.sort(wl),
            right(cab, wl, vr), left(cab, wl, vl), norms(vl), norms(vr))


@la_case("linalg_schur", "gees on complex matrices: jax.scipy.linalg.schur (T upper triangular, batched); "
         "Z T Z^H, Z^H Z, the sorted diagonal of T (its eigenvalues) and T below its diagonal (Z's column "
         "phases are free)",
         lambda r, dt: [normal(r, (6, 6), dt), normal(r, (2, 5, 5), dt)],
         [r"lapack_{t}gees_ffi"], dtypes=COMPLEX)
def _(a, ab):
    t, z = jsl.schur(a)
    tb, zb = jax.vmap(jsl.schur)(ab)
    zt = lambda z, t: z @ t @ adjoint(z)
    diag = lambda t: jnp.sort(jnp.diagonal(t, axis1=-2, axis2=-1), axis=-1)
    return (zt(z, t), adjoint(z) @ z, diag(t), jnp.tril(t, -1), zt(zb, tb), diag(tb), jnp.tril(tb, -1))


@la_case("linalg_hessenberg", "gehrd + ungqr on complex matrices: jax.scipy.linalg.hessenberg with Q (unique "
         "with zlarfg's real subdiagonal), Q H Q^H, batched",
         lambda r, dt: [normal(r, (7, 7), dt), normal(r, (2, 5, 5), dt)],
         [r"lapack_{t}gehrd_ffi", r"lapack_{t}ungqr_ffi"], dtypes=COMPLEX)
def _(a, ab):
    h, q = jsl.hessenberg(a, calc_q=True)
    hb, qb = jax.vmap(lambda x: jsl.hessenberg(x, calc_q=True))(ab)
    return h, q, q @ h @ adjoint(q), hb, qb


@la_case("linalg_qr_pivoting", "geqp3 + unmqr on complex matrices: jax.scipy.linalg.qr(pivoting=True) "
         "(columns of distinct norms; Q, R unique with R's real diagonal), batched lax.linalg.qr with "
         "pivoting, jax.scipy.linalg.qr_multiply",
         lambda r, dt: [(normal64(r, (6, 5), dt) * np.array([1.0, 3.0, 0.5, 2.0, 1.5])).astype(dt),
                        (normal64(r, (2, 3, 5), dt) * np.array([1.0, 3.0, 0.5, 2.0, 1.5])).astype(dt),
                        normal(r, (5, 4), dt), normal(r, (3, 5), dt)],
         [r"lapack_{t}geqp3_ffi", r"lapack_{t}unmqr_ffi"], dtypes=COMPLEX)
def _(a, wb, b, c):
    q, rr, p = jsl.qr(a, pivoting=True, mode="economic")
    qb, rb, pb = jax.lax.linalg.qr(wb, pivoting=True, full_matrices=False)
    cq, r2 = jsl.qr_multiply(b, c)
    return q, rr, p, q @ rr, qb, rb, pb, cq, r2


@la_case("linalg_tridiagonal", "hetrd: lax.linalg.tridiagonal of the lower and of the upper triangle of "
         "Hermitian matrices (reflectors, real diagonal and off-diagonal, taus), batched",
         lambda r, dt: [symmetric(r, (5, 5), dt), symmetric(r, (2, 4, 4), dt)],
         [r"lapack_{t}hetrd_ffi"], dtypes=COMPLEX)
def _(a, ab):
    return (*jax.lax.linalg.tridiagonal(a, lower=True), *jax.lax.linalg.tridiagonal(a, lower=False),
            *jax.lax.linalg.tridiagonal(ab, lower=True))


@la_case("linalg_ormqr", "unmqr: lax.linalg.ormqr on complex matrices from the left and the right, with Q "
         "and with Q^H (transpose conjugates), batched; reflectors and taus are inputs",
         lambda r, dt: [normal(r, (5, 3), dt), (0.5 * normal64(r, (3,), dt)).astype(dt), normal(r, (5, 2), dt),
                        normal(r, (4, 5), dt), normal(r, (2, 4, 3), dt), (0.5 * normal64(r, (2, 3), dt)).astype(dt),
                        normal(r, (2, 4, 3), dt)],
         [r"lapack_{t}unmqr_ffi"], dtypes=COMPLEX)
def _(a, tau, cl, cr, ab, taub, cb):
    om = jax.lax.linalg.ormqr
    return (om(a, tau, cl, left=True, transpose=False), om(a, tau, cl, left=True, transpose=True),
            om(a, tau, cr, left=False, transpose=False), om(a, tau, cr, left=False, transpose=True),
            om(ab, taub, cb, left=True, transpose=True))


@la_case("linalg_tridiagonal_solve", "gtsv on complex systems: lax.linalg.tridiagonal_solve (row "
         "interchanges: small diagonal entries), batched",
         lambda r, dt: [np.concatenate([[0.0], normal64(r, (5,), dt)]).astype(dt),
                        (np.array([0.01, 2.0, -0.02, 3.0, 1.5, -2.5]) * np.exp(1j * np.arange(6))).astype(dt),
                        np.concatenate([normal64(r, (5,), dt), [0.0]]).astype(dt),
                        normal(r, (6, 2), dt),
                        (normal64(r, (2, 4), dt) * np.array([0, 1, 1, 1])).astype(dt),
                        (normal64(r, (2, 4), dt) + 4).astype(dt),
                        (normal64(r, (2, 4), dt) * np.array([1, 1, 1, 0])).astype(dt),
                        normal(r, (2, 4, 3), dt)],
         [r"lapack_{t}gtsv_ffi"], dtypes=COMPLEX)
def _(dl, d, du, b, dlb, db, dub, bb):
    ts = jax.lax.linalg.tridiagonal_solve
    return ts(dl, d, du, b), ts(dlb, db, dub, bb)


# ============================================================================
# Driver
# ============================================================================
REQUIRED_OPS = """
abs negate sqrt rsqrt cbrt exponential exponential_minus_one log log_plus_one logistic tanh sine cosine tan
floor ceil round_nearest_afz round_nearest_even sign not popcnt count_leading_zeros is_finite
add subtract multiply divide remainder power maximum minimum and or xor shift_left shift_right_arithmetic
shift_right_logical atan2
compare select clamp convert bitcast_convert constant iota broadcast_in_dim reshape transpose slice concatenate
pad reverse reduce reduce_window dot_general convolution dynamic_slice dynamic_update_slice
""".split()
REQUIRED_OPS = ["stablehlo." + o for o in REQUIRED_OPS] + ["func.call"]
REQUIRED_DTYPES = ["float32", "float64", "float16", "bfloat16", "int8", "int16", "int32", "int64",
                   "uint8", "uint16", "uint32", "uint64", "bool"]
SHORT = {"float32": "f32", "float64": "f64", "float16": "f16", "bfloat16": "bf16", "int8": "i8", "int16": "i16",
         "int32": "i32", "int64": "i64", "uint8": "u8", "uint16": "u16", "uint32": "u32", "uint64": "u64",
         "bool": "bool", "complex64": "c64", "complex128": "c128"}

OP_RE = re.compile(r'(?<![#\w.])((?:stablehlo|chlo)\.[a-z_0-9]+)')
CUSTOM_CALL_RE = re.compile(r'custom_call @(\w+)')
CALL_RE = re.compile(r'(?<![\w.])call @|"func\.call"')
CMP_PRETTY_RE = re.compile(r'stablehlo\.compare\s+(EQ|NE|LT|LE|GT|GE),[^:]*?,\s*(FLOAT|SIGNED|UNSIGNED|TOTALORDER)\b')
CMP_GENERIC_RE = re.compile(r'comparison_direction\s*=\s*#stablehlo<comparison_direction\s+(\w+)>'
                            r'(?:,\s*compare_type\s*=\s*#stablehlo<comparison_type\s+(\w+)>)?')


def extract_ops(text):
    ops = set(OP_RE.findall(text)) | {f"custom_call @{t}" for t in CUSTOM_CALL_RE.findall(text)}
    if CALL_RE.search(text):
        ops.add("func.call")
    return sorted(ops)


def extract_compares(text):
    out = set(CMP_PRETTY_RE.findall(text))
    for d, t in CMP_GENERIC_RE.findall(text):
        out.add((d, t or "?"))
    return out


def lower_text(fn, args, form):
    lowered = jax.jit(fn).lower(*args)
    if form == "pretty":
        return lowered.as_text()
    mod = lowered.compiler_ir("stablehlo")
    return mod.operation.get_asm(print_generic_op_form=True, enable_debug_info=False)


def portable_artifact(fn, args):
    """The VHLO bytecode JAX hands a PJRT plugin for `jax.jit(fn)` (current StableHLO)."""
    from jax._src.interpreters import mlir as jmlir
    from jax._src.lib import _jax
    from jaxlib.mlir.dialects import stablehlo as shlo
    module = jax.jit(fn).lower(*args).compiler_ir("stablehlo")
    return bytes(_jax.mlir.serialize_portable_artifact(jmlir.module_to_bytecode(module),
                                                        shlo.get_current_version()))


def tinfo(a):
    return {"dtype": np.dtype(a.dtype).name, "shape": list(a.shape), "npy_descr": np.lib.format.dtype_to_descr(a.dtype)}


def main():
    names = [c["name"] for c in CASES]
    assert len(names) == len(set(names)), "duplicate case names"
    # remove stale case dirs (only directories that look like generated cases)
    for d in sorted(os.listdir(HERE)):
        p = os.path.join(HERE, d)
        if os.path.isdir(p) and os.path.exists(os.path.join(p, "meta.json")) and d not in names:
            shutil.rmtree(p)

    rows = []
    problems = []
    op_cases = {}
    dtype_cases = {}
    compares = {}
    total = 0
    for c in CASES:
        name, fn, args = c["name"], c["fn"], [np.asarray(a) for a in c["args"]]
        with (c["ctx"]() if c["ctx"] else contextlib.nullcontext()):
            text = lower_text(fn, args, c["form"])
            outs = jax.tree_util.tree_leaves(jax.jit(fn)(*args))
            artifact = portable_artifact(fn, args) if c["bytecode"] else None
        assert "@main(" in text or 'sym_name = "main"' in text, name
        if c["tier"] == "core" and re.search(r'(?<![#\w.])chlo\.[a-z_]+', text):
            problems.append(f"{name}: chlo op in a core case")
        for pat in c["expect"]:
            if not re.search(pat, text):
                problems.append(f"{name}: expected pattern {pat!r} not found in model.mlir")
        if c["form"] == "generic" and '"stablehlo.' not in text:
            problems.append(f"{name}: not generic form")
        outs = [np.asarray(o) for o in outs]
        ops = extract_ops(text)
        for o in ops:
            op_cases.setdefault(o, []).append(name)
        for cmpk in extract_compares(text):
            compares.setdefault(cmpk, []).append(name)
        for a in args + outs:
            dtype_cases.setdefault(np.dtype(a.dtype).name, set()).add(name)
        # sanity: finite outputs unless the case is about special values
        if not c["nonfinite"]:
            for k, o in enumerate(outs):
                if o.dtype.kind == "f" or o.dtype == bf16:
                    if not np.all(np.isfinite(o.astype(np.float64))):
                        problems.append(f"{name}: out{k} has non-finite values")
        d = os.path.join(HERE, name)
        if os.path.isdir(d):
            shutil.rmtree(d)
        os.makedirs(d)
        with open(os.path.join(d, "model.mlir"), "w") as f:
            f.write(text if text.endswith("\n") else text + "\n")
        if artifact is not None:
            with open(os.path.join(d, "model.mlirbc"), "wb") as f:
                f.write(artifact)
        for k, a in enumerate(args):
            np.save(os.path.join(d, f"in{k}.npy"), a)
        for k, o in enumerate(outs):
            np.save(os.path.join(d, f"out{k}.npy"), o)
        meta = {"name": name, "description": c["desc"], "inputs": [tinfo(a) for a in args],
                "outputs": [tinfo(o) for o in outs], "rtol": c["rtol"], "atol": c["atol"], "ops": ops,
                "form": c["form"], "allow_nonfinite": c["nonfinite"], "tier": c["tier"]}
        with open(os.path.join(d, "meta.json"), "w") as f:
            js = json.dumps(meta, indent=1)
            # keep shapes and tensor descriptors on one line
            js = re.sub(r"\[\s*([-\d,\s]*?)\s*\]", lambda m: "[" + re.sub(r"\s+", " ", m.group(1)) + "]", js)
            js = re.sub(r'\{\s*("dtype"[^{}]*?)\s*\}', lambda m: "{" + re.sub(r"\s*\n\s*", " ", m.group(1)) + "}", js)
            f.write(js + "\n")
        size = sum(os.path.getsize(os.path.join(d, x)) for x in os.listdir(d))
        total += size
        dts = sorted({SHORT[np.dtype(a.dtype).name] for a in args + outs})
        form = c["form"] if c["tier"] == "core" else c["form"] + "/" + c["tier"]
        if c["bytecode"]:
            form += "+bc"
        rows.append((name, form, len(args), len(outs), size, dts, ops))

    # ------------------------------------------------------------------ report
    print(f"{'case':28s} {'form':8s} {'in':>3s} {'out':>3s} {'bytes':>8s}  dtypes")
    for name, form, ni, no, size, dts, ops in rows:
        print(f"{name:28s} {form:8s} {ni:3d} {no:3d} {size:8d}  {' '.join(dts)}")
    print(f"total: {len(rows)} cases, {total} bytes")

    cov_lines = []
    cov_lines.append("| op | #cases | example cases |")
    cov_lines.append("|---|---|---|")
    for o in REQUIRED_OPS + sorted(set(op_cases) - set(REQUIRED_OPS)):
        cs = op_cases.get(o, [])
        tag = "" if o in REQUIRED_OPS else " (extra)"
        cov_lines.append(f"| `{o}`{tag} | {len(cs)} | {', '.join(cs[:4])}{' ...' if len(cs) > 4 else ''} |")
    dt_lines = ["| dtype | #cases | example cases |", "|---|---|---|"]
    for dt in REQUIRED_DTYPES:
        cs = sorted(dtype_cases.get(dt, []))
        dt_lines.append(f"| {SHORT[dt]} | {len(cs)} | {', '.join(cs[:5])}{' ...' if len(cs) > 5 else ''} |")
    cmp_lines = ["| compare_type | " + " | ".join(["EQ", "NE", "LT", "LE", "GT", "GE"]) + " |", "|---" * 7 + "|"]
    for t in ["FLOAT", "SIGNED", "UNSIGNED"]:
        cmp_lines.append(f"| {t} | " + " | ".join(str(len(compares.get((d, t), [])))
                                                  for d in ["EQ", "NE", "LT", "LE", "GT", "GE"]) + " |")
    print("\nOP COVERAGE\n" + "\n".join(cov_lines))
    print("\nDTYPE COVERAGE\n" + "\n".join(dt_lines))
    print("\nCOMPARE COVERAGE (number of cases)\n" + "\n".join(cmp_lines))

    missing_ops = [o for o in REQUIRED_OPS if o not in op_cases]
    missing_dt = [d for d in REQUIRED_DTYPES if d not in dtype_cases]
    missing_cmp = [(d, t) for t in ["FLOAT", "SIGNED", "UNSIGNED"] for d in ["EQ", "NE", "LT", "LE", "GT", "GE"]
                   if (d, t) not in compares]
    if not any('dense<"0x' in open(os.path.join(HERE, n, "model.mlir")).read() for n in names):
        problems.append("no hex-blob constant")
    if sum(c["form"] == "generic" for c in CASES) < 3:
        problems.append("fewer than 3 generic-form cases")
    if len(CASES) < 40:
        problems.append("fewer than 40 cases")
    if missing_ops:
        problems.append(f"missing ops: {missing_ops}")
    if missing_dt:
        problems.append(f"missing dtypes: {missing_dt}")
    if missing_cmp:
        problems.append(f"missing compare combos: {missing_cmp}")

    write_readme(rows, total, cov_lines, dt_lines, cmp_lines)
    if problems:
        print("\nPROBLEMS:\n  " + "\n  ".join(problems))
        sys.exit(1)
    print("\nall coverage checks passed")


README_HEAD = """# Golden test corpus

<!-- This file is generated by gen_goldens.py; edit the script, not this file. -->

Each directory `tests/golden/<case>/` holds one StableHLO program and its expected
results, produced by JAX {jaxver} on CPU:

| file | content |
|---|---|
| `model.mlir` | `jax.jit(f).lower(*args).as_text()` (entry function `@main`); for `"form": "generic"` cases the same module printed in MLIR generic op form (`compiler_ir('stablehlo').operation.get_asm(print_generic_op_form=True)`) |
| `in0.npy, in1.npy, ...` | inputs in argument order (deterministic: numpy `default_rng` seeded with crc32 of the case name) |
| `model.mlirbc` | (tier `linalg` only) the same program as the VHLO bytecode JAX hands a PJRT plugin (`serialize_portable_artifact` at the current StableHLO version); the golden test compiles both |
| `model.hlo.pb` | the same program as an `HloModuleProto` (`compiler_ir("hlo").as_serialized_hlo_module_proto()`), written by `gen_hlo.py` after this script; the golden test compiles it through the HLO front end too |
| `out0.npy, out1.npy, ...` | JAX CPU results in result order (flattened pytree leaves = order of `@main` results) |
| `meta.json` | `name`, `description`, `inputs`/`outputs` (`dtype`, `shape`, `npy_descr`), `rtol`, `atol`, `ops` (op names found in model.mlir by regex, e.g. `stablehlo.add`, `func.call`, `custom_call @lapack_sgetrf_ffi`), `form` (`pretty`/`generic`), `allow_nonfinite` (outputs may hold NaN/inf), `tier` (`core`: required StableHLO ops only; `chlo`: CHLO ops, must pass too; `extra`, `linalg`: see notes) |

Regenerate (from the repository root; overwrites all case directories and this README):

    .venv/bin/python tests/golden/gen_goldens.py

The script asserts op / dtype / compare-direction coverage and that outputs are
finite (except cases with `allow_nonfinite: true`), and exits non-zero otherwise.

## Comparison rule (used by the Rust golden test)

* Shapes and dtypes must match `meta.json` exactly.
* Floating point (f16, bf16, f32, f64): per element
  `|got - want| <= atol + rtol * |want|`, computed in f64; NaN must match NaN
  (any payload); +inf/-inf must match exactly. `-0.0` and `0.0` compare equal.
* Integers and bool: exact (`rtol = atol = 0` in meta.json for these cases; the rule
  above with 0 tolerances is exact equality anyway).
* Cases whose float results are exactly defined by IEEE (converts, bitcasts, selects,
  pads, ...) use `rtol = atol = 0` too.

## Notes for readers of the data

* **bf16 `.npy` files**: numpy has no bfloat16 type, so files written from
  `ml_dtypes.bfloat16` arrays carry the header descr `'<V2'` (2-byte void). Their data
  is raw little-endian bfloat16; use `meta.json` (`"dtype": "bfloat16"`) to interpret
  them. All other dtypes use standard descrs (`<f2`, `<f4`, `<f8`, `|i1`, `<i2`,
  `<i4`, `<i8`, `|u1`, `<u2`, `<u4`, `<u8`, `|b1`).
* Scalars (rank-0) are saved as 0-d arrays (`shape: []`).
* Even "pretty" output is mixed: JAX prints some ops (e.g. `stablehlo.reduce_window`,
  reduce with non-trivial bodies) in generic form inside an otherwise pretty module,
  and pretty `stablehlo.reduce` may use the short form `applies stablehlo.add`.
* JAX emits `func.call` (printed as `call @name`) to private functions for nested
  `jax.jit`, and also for library helpers such as `jnp.round`, `jnp.argmax`,
  `jnp.where`, `jnp.floor_divide` and `jnp.clip`.
* Integer `add/sub/mul` wrap (two's complement); shifts use amounts < bit width;
  division/remainder never divide by zero or `INT_MIN / -1`; float->int converts
  are in range (out-of-range behaviour is implementation defined).
* Constants appear as splats (`dense<2.500000e-01> : tensor<4x16xf32>`), inline
  literals (`dense<[[...]]>`), quoted hex blobs for larger arrays (`dense<"0x...">`, raw
  little-endian element bytes) and unquoted hex for special float scalars
  (`dense<0xFF800000> : tensor<f32>` = -inf).
* `tier: "chlo"` cases (`chlo_*`) use the CHLO ops that JAX leaves in the text (erf,
  erfc, lgamma, top_k, ...). Note that `jnp.square` lowers to `chlo.square`, which also
  occurs in the `transformer_block` benchmark. The `tier: "extra"` case
  (`gather_scatter_sort`) uses ops outside the required list (gather/scatter/sort/top_k).
* `stablehlo.logistic` is never emitted by JAX 0.10 (`jax.nn.sigmoid`/`lax.logistic`
  expand to `1/(1+exp(-x))`); the `logistic` case re-registers the direct lowering while
  generating so that the op is covered.
* `dynamic_slice` includes out-of-range start indices, which StableHLO clamps.
* `tier: "linalg"` cases (`linalg_*_f32`, `linalg_*_f64`) hold the LAPACK custom calls
  JAX's CPU lowering emits (`custom_call @lapack_sgetrf_ffi`, ...; operands in
  column-major `operand_layouts`, attributes in `mhlo.backend_config`). They must pass
  like core cases. Their outputs are what the factorizations determine: unique factors
  (LU with partial pivoting, Cholesky, Householder QR and Hessenberg factors with LAPACK's
  signs, solves, eigen- and singular values) and, where LAPACK's result is one of several
  (eigenvector signs, Schur forms, orthogonal completions), invariants the program computes
  (`Q R`, `V diag(w) V^T`, `|V|`, `Z T Z^T`, `Z^T Z`, the sorted diagonal of a Schur form);
  tolerances are those of a backward-stable algorithm on these well-conditioned inputs.
"""


def write_readme(rows, total, cov_lines, dt_lines, cmp_lines):
    lines = [README_HEAD.format(jaxver=jax.__version__)]
    lines.append(f"## Cases ({len(rows)}, {total / 1024:.0f} KiB total)\n")
    lines.append("| case | form | in | out | dtypes | description |")
    lines.append("|---|---|---|---|---|---|")
    descs = {c["name"]: c["desc"] for c in CASES}
    for name, form, ni, no, size, dts, ops in rows:
        lines.append(f"| `{name}` | {form} | {ni} | {no} | {' '.join(dts)} | {descs[name].replace('|', '/')} |")
    lines.append("\n## Op coverage\n")
    lines += cov_lines
    lines.append("\n## Dtype coverage (inputs or outputs)\n")
    lines += dt_lines
    lines.append("\n## Compare coverage (number of cases with each direction/type)\n")
    lines += cmp_lines
    with open(os.path.join(HERE, "README.md"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
