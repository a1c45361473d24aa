"""CHLO ops through the plugin: jax.scipy.special, the inverse trigonometric and hyperbolic
functions and lax.top_k agree with JAX's CPU backend.

JAX sends the plugin bytecode in which erf, top_k, asin, acosh, sinh and cosh are
`composite "chlo.*"` ops (pjrtc expands them itself) and the others were already expanded
by JAX's serializer into StableHLO."""

import jax
import jax.numpy as jnp
import ml_dtypes
import numpy as np
import pytest
from jax import lax

sp = jax.scipy.special
rng = np.random.default_rng(21)


def unif(lo, hi, shape, dtype):
    return rng.uniform(lo, hi, shape).astype(dtype)


# f32 special functions: the same decompositions as XLA, but pjrtc's exp/log/sin are its
# own (<= 3 ulp), so results differ by a few ulps, more where a function is steep.
SPECIAL = {
    "erf": (lambda x: sp.erf(x * 3 - 1.5), 2e-6),
    "erfc": (lambda x: sp.erfc(x * 8 - 2), 2e-6),
    "erfinv": (lambda x: sp.erfinv(x * 1.98 - 0.99), 2e-6),
    "ndtri": (lambda x: sp.ndtri(x * 0.98 + 0.01), 2e-6),
    "gammaln": (lambda x: sp.gammaln(x * 20 + 0.01), 1e-5),
    "gammaln_reflected": (lambda x: sp.gammaln(-x * 5 - 0.25), 1e-5),
    "digamma": (lambda x: sp.digamma(x * 10 - 4.77), 1e-5),
    "polygamma": (lambda x: sp.polygamma(2, x * 5 + 0.1), 2e-5),
    "zeta": (lambda x: sp.zeta(x * 4 + 1.5, x * 3 + 0.5), 2e-5),
    "gammainc": (lambda x: sp.gammainc(x * 5 + 0.5, x * 6), 2e-5),
    "gammaincc": (lambda x: sp.gammaincc(x * 5 + 0.5, x * 6), 2e-5),
    "i1e": (lambda x: sp.i1e(x * 40 - 20), 2e-6),
    "betainc": (lambda x: sp.betainc(x * 3 + 0.5, 2.0, x), 2e-5),
    "gelu_exact": (lambda x: jax.nn.gelu(x * 8 - 4, approximate=False), 2e-6),
}


@pytest.mark.parametrize("name", sorted(SPECIAL))
def test_special_f32(check, name):
    f, tol = SPECIAL[name]
    x = unif(0, 1, (5, 37), np.float32)
    check(f, x, rtol=tol, atol=tol)


@pytest.mark.parametrize("name", ["erf", "erfc", "erfinv", "gammaln", "digamma", "polygamma", "i1e"])
def test_special_f64(check, name):
    f, _ = SPECIAL[name]
    with jax.enable_x64(True):
        x = unif(0, 1, (3, 29), np.float64)
        check(f, x, rtol=1e-12, atol=1e-13)


@pytest.mark.parametrize("dtype", [np.float16, ml_dtypes.bfloat16], ids=lambda d: np.dtype(d).name)
def test_special_narrow_floats(check, dtype):
    # Computed in f32 and rounded once, as XLA does.
    x = unif(0.1, 0.9, (4, 9), dtype)
    tol = 2e-3 if dtype == np.float16 else 2e-2
    check(lambda x: (sp.erf(x), sp.gammaln(x * 8), sp.digamma(x * 3), sp.erfinv(x), sp.i1e(x * 5)),
          x, rtol=tol, atol=tol)


def test_inverse_trig_and_hyperbolic(check):
    x = unif(-0.99, 0.99, (6, 11), np.float32)
    y = unif(1.0, 50.0, (6, 11), np.float32)
    check(lambda x, y: (jnp.arcsin(x), jnp.arccos(x), jnp.arctan(y), jnp.arcsinh(y), jnp.arccosh(y),
                        jnp.arctanh(x), jnp.sinh(x * 9), jnp.cosh(x * 9), jnp.tan(x)),
          x, y, rtol=2e-6, atol=2e-6)
    with jax.enable_x64(True):
        x64, y64 = x.astype(np.float64), y.astype(np.float64)
        check(lambda x, y: (jnp.arcsin(x), jnp.arccosh(y), jnp.arcsinh(-y), jnp.arctanh(x), jnp.sinh(y)),
              x64, y64, rtol=1e-13, atol=1e-13)


def test_nextafter(check):
    x = np.array([0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 1e-45, 3.4e38], np.float32)
    a, b = np.meshgrid(x, x)
    check(jnp.nextafter, a, b, rtol=0, atol=0)


def top_k_input(shape, dtype):
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return rng.random(shape) < 0.5
    if dtype.kind in "iu":
        return rng.integers(0, 9, shape).astype(dtype)  # many ties
    x = rng.integers(-4, 5, shape).astype(np.float32)
    x.flat[::11] = np.nan
    x.flat[5::13] = -np.nan
    x.flat[3::17] = -0.0
    x.flat[7::19] = np.inf
    return x.astype(dtype)


@pytest.mark.parametrize("dtype", [np.float32, np.float16, ml_dtypes.bfloat16, np.int32, np.uint8, np.bool_],
                         ids=lambda d: np.dtype(d).name)
def test_top_k_dtypes(check, dtype):
    # Equal values: the lower index first; +NaN above everything, -NaN below; +0 above -0.
    x = top_k_input((5, 61), dtype)
    check(lambda x: lax.top_k(x, 9), x, rtol=0, atol=0)


@pytest.mark.parametrize("shape,k", [((200,), 1), ((3, 4, 50), 50), ((7, 33), 32), ((2, 1000), 10)])
def test_top_k_shapes(check, shape, k):
    x = top_k_input(shape, np.float32)
    check(lambda x: lax.top_k(x, k), x, rtol=0, atol=0)


def test_top_k_x64(check):
    with jax.enable_x64(True):
        check(lambda x: lax.top_k(x, 5), top_k_input((4, 40), np.float64), rtol=0, atol=0)
        check(lambda x: lax.top_k(x, 5), top_k_input((4, 40), np.int64), rtol=0, atol=0)


def test_top_k_indices_only_and_vocab_sized(check):
    x = rng.standard_normal((4, 32000)).astype(np.float32)
    check(lambda x: lax.top_k(x, 50)[1], x, rtol=0, atol=0)
