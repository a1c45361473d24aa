"""Complex numbers and jnp.fft on the plugin agree with JAX's CPU backend."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax import lax

rng = np.random.default_rng(7)


def crand(shape, dtype=np.complex64):
    return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)


C64 = dict(rtol=2e-5, atol=2e-5)
C128 = dict(rtol=1e-11, atol=1e-11)


def test_complex_arithmetic(check):
    a, b = crand((4, 5)), crand((4, 5))
    x = rng.standard_normal((4, 5)).astype(np.float32)
    check(lambda a, b: (a + b, a - b, a * b, a / b, -a, jnp.conj(a), a == b, a != b), a, b, **C64)
    check(lambda a, x: (jnp.abs(a), jnp.real(a), jnp.imag(a), lax.complex(x, x * 2),
                        a * x, jnp.where(x > 0, a, 2 * a), a.astype(jnp.complex64)), a, x, **C64)


def test_complex_math(check):
    z = crand((3, 8)) * np.float32(0.7)
    check(lambda z: (jnp.exp(z), jnp.expm1(z), jnp.log(z), jnp.log1p(z), jnp.sqrt(z),
                     lax.rsqrt(z), jnp.tanh(z), jnp.sin(z), jnp.cos(z), jnp.tan(z),
                     jnp.sign(z), z ** 2.5, jnp.power(z, z)), z, **C64)


def test_complex_inverse_trig_and_hyperbolic(check):
    # jnp lowers these to chlo.asin, chlo.acosh, ... on complex operands.
    z = crand((4, 7)) * np.float32(1.8)
    z[0, :3] = [0.3, -2.5, 1.0 + 0j]  # on and near the branch cuts of the real axis
    check(lambda z: (jnp.arcsin(z), jnp.arccos(z), jnp.arctan(z), jnp.arcsinh(z),
                     jnp.arccosh(z), jnp.arctanh(z), jnp.sinh(z), jnp.cosh(z), jnp.tan(z)),
          z, **C64)
    with jax.enable_x64(True):
        w = crand((3, 5), np.complex128) * 3.0
        check(lambda w: (jnp.arcsin(w), jnp.arccosh(w), jnp.arctanh(w), jnp.sinh(w)), w,
              **C128)


def test_complex128(check):
    with jax.enable_x64(True):
        a, b = crand((3, 4), np.complex128), crand((3, 4), np.complex128)
        check(lambda a, b: (a * b, a / b, jnp.exp(a), jnp.log(a), jnp.sqrt(a), jnp.abs(a),
                            a @ b.T, jnp.sum(a, axis=0)), a, b, **C128)


def test_complex_matmul_and_reductions(check):
    a, b = crand((6, 9)), crand((9, 5))
    check(lambda a, b: (a @ b, jnp.sum(a, axis=1), jnp.prod(b[:3], axis=0), jnp.cumsum(a, axis=1),
                        jnp.einsum("ij,ij->i", a, a.conj())), a, b, rtol=1e-4, atol=1e-4)


def test_complex_movement_and_sort(check):
    a = crand((4, 6))
    idx = np.array([3, 1, 1, 0], np.int32)
    check(lambda a, i: (a.T, a[1:3, ::2], jnp.concatenate([a, a[::-1]]), jnp.pad(a, 1), a[i],
                        jnp.sort(a.reshape(-1)), jnp.flip(a, 1)), a, idx, rtol=0, atol=0)


@pytest.mark.parametrize("n", [16, 31, 1024], ids=lambda n: f"n{n}")
def test_fft_ifft(check, n):
    x = crand((3, n))
    tol = dict(rtol=1e-4, atol=1e-4 * np.sqrt(n))
    check(lambda x: (jnp.fft.fft(x), jnp.fft.ifft(x)), x, **tol)


def test_rfft_irfft(check):
    x = rng.standard_normal((5, 40)).astype(np.float32)
    odd = rng.standard_normal((2, 27)).astype(np.float32)
    check(lambda x, o: (jnp.fft.rfft(x), jnp.fft.irfft(jnp.fft.rfft(x), n=40), jnp.fft.rfft(o),
                        jnp.fft.irfft(jnp.fft.rfft(o), n=27)), x, odd, rtol=1e-4, atol=1e-4)


def test_fft2_fftn(check):
    x = crand((2, 12, 10))
    r = rng.standard_normal((3, 8, 6)).astype(np.float32)
    check(lambda x, r: (jnp.fft.fft2(x), jnp.fft.ifft2(x), jnp.fft.fftn(x), jnp.fft.ifftn(x),
                        jnp.fft.rfft2(r), jnp.fft.irfftn(jnp.fft.rfftn(r), s=(3, 8, 6))),
          x, r, rtol=1e-4, atol=1e-4)


def test_fft_f64(check):
    with jax.enable_x64(True):
        x = crand((4, 17), np.complex128)
        check(lambda x: (jnp.fft.fft(x), jnp.fft.irfft(x, n=32), jnp.fft.fftn(x)), x, **C128)
