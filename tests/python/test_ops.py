"""Single-op and small-program agreement between pjrtc and JAX's CPU backend."""

import jax
import jax.numpy as jnp
import ml_dtypes
import numpy as np
import pytest
from jax import lax

rng = np.random.default_rng(0)


def not_compiled(op):
    """The compiler does not lower `op` yet: strict, so it fails once it works."""
    return pytest.mark.xfail(strict=True, reason=f"{op} not compiled yet")


def rand(shape, dtype):
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return rng.random(shape) < 0.5
    if dtype.kind == "u":
        return rng.integers(0, 100, shape).astype(dtype)
    if dtype.kind == "i":
        return rng.integers(-100, 100, shape).astype(dtype)
    return rng.standard_normal(shape).astype(dtype)


FLOATS = [np.float32, np.float16, ml_dtypes.bfloat16]
INTS = [np.int8, np.int16, np.int32, np.uint8, np.uint16, np.uint32]
TOL = {np.float32: 1e-5, np.float16: 2e-3, ml_dtypes.bfloat16: 2e-2, np.float64: 1e-12}


@pytest.mark.parametrize("dtype", FLOATS, ids=lambda d: np.dtype(d).name)
def test_float_arith(check, dtype):
    x, y = rand((4, 5), dtype), rand((4, 5), dtype)
    tol = TOL[dtype]
    check(lambda x, y: (x + y, x - y, x * y, x / (jnp.abs(y) + 1)), x, y, rtol=tol, atol=tol)
    check(lambda x, y: (jnp.maximum(x, y), jnp.minimum(x, y), -x, jnp.abs(x), x < y, x == y), x, y)


@pytest.mark.parametrize("dtype", FLOATS, ids=lambda d: np.dtype(d).name)
def test_float_math(check, dtype):
    x = rand((3, 7), dtype)
    tol = TOL[dtype] * 10
    check(
        lambda x: (jnp.exp(x), jnp.log(jnp.abs(x) + 1), jnp.sqrt(jnp.abs(x)), jnp.tanh(x),
                   jax.nn.sigmoid(x), jnp.floor(x), x.astype(jnp.float32)),
        x, rtol=tol, atol=tol,
    )


@pytest.mark.parametrize("dtype", INTS, ids=lambda d: np.dtype(d).name)
def test_int_arith(check, dtype):
    x, y = rand((4, 6), dtype), rand((4, 6), dtype)
    y = np.where(y == 0, 1, y).astype(dtype)
    check(lambda x, y: (x + y, x - y, x * y, jnp.maximum(x, y), jnp.minimum(x, y), x < y), x, y)
    check(lambda x, y: (x & y, x | y, x ^ y, ~x, lax.div(x, y), lax.rem(x, y)), x, y)
    check(lambda x: (x.astype(jnp.float32), x.astype(jnp.int32), x == 3), x)


def test_bool_ops(check):
    x, y = rand((5, 3), np.bool_), rand((5, 3), np.bool_)
    check(lambda x, y: (x & y, x | y, x ^ y, ~x, jnp.where(x, 1, 2), x.astype(jnp.int32)), x, y)


@pytest.mark.parametrize("dtype", [np.float64, np.int64, np.uint64], ids=lambda d: np.dtype(d).name)
def test_x64(check, dtype):
    with jax.enable_x64(True):
        x, y = rand((3, 4), dtype), rand((3, 4), dtype)
        tol = 1e-12 if dtype == np.float64 else 0
        check(lambda x, y: (x + y, x * y, jnp.maximum(x, y), x.sum(axis=0), x @ y.T), x, y,
              rtol=tol, atol=tol)


def test_f64_math(check):
    with jax.enable_x64(True):
        x = rand((16,), np.float64)
        check(lambda x: (jnp.exp(x), jnp.tanh(x), jnp.sqrt(jnp.abs(x))), x, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("axis", [None, 0, 1, (0, 2)])
def test_reductions(check, axis):
    x = rand((3, 4, 5), np.float32)
    check(lambda x: (x.sum(axis=axis), x.max(axis=axis), x.min(axis=axis), x.mean(axis=axis),
                     jnp.prod(x, axis=axis)), x, rtol=1e-5, atol=1e-5)


def test_int_reductions(check):
    x = rand((6, 7), np.int32)
    check(lambda x: (x.sum(), x.sum(axis=1), x.max(axis=0), jnp.any(x > 50), jnp.all(x > -100)), x)


def test_argmax(check):
    x = rand((5, 8), np.float32)
    check(lambda x: (jnp.argmax(x), jnp.argmax(x, axis=1), jnp.argmin(x, axis=0)), x)


@pytest.mark.parametrize("shape", [((8, 16), (16, 4)), ((1, 3), (3, 1)), ((33, 65), (65, 17)),
                                   ((2, 5, 6), (2, 6, 3))])
def test_matmul(check, shape):
    a, b = rand(shape[0], np.float32), rand(shape[1], np.float32)
    check(lambda a, b: a @ b, a, b, rtol=1e-4, atol=1e-4)


def test_matvec_einsum(check):
    a, v = rand((7, 9), np.float32), rand((9,), np.float32)
    check(lambda a, v: (a @ v, jnp.einsum("ij,j->i", a, v), jnp.einsum("ij,ij->", a, a)), a, v,
          rtol=1e-4, atol=1e-4)


def test_int_matmul(check):
    a, b = rand((4, 5), np.int32), rand((5, 3), np.int32)
    check(lambda a, b: a @ b, a, b)


def test_softmax(check):
    x = rand((4, 10), np.float32)
    check(lambda x: (jax.nn.softmax(x, axis=-1), jax.nn.log_softmax(x)), x, rtol=1e-5, atol=1e-6)


def test_layernorm(check):
    x, g, b = rand((6, 32), np.float32), rand((32,), np.float32), rand((32,), np.float32)

    def ln(x, g, b):
        m = x.mean(-1, keepdims=True)
        v = ((x - m) ** 2).mean(-1, keepdims=True)
        return (x - m) * lax.rsqrt(v + 1e-5) * g + b

    check(ln, x, g, b, rtol=1e-4, atol=1e-5)


def test_conv2d(check):
    x, w = rand((2, 9, 9, 3), np.float32), rand((3, 3, 3, 4), np.float32)
    check(lambda x, w: lax.conv_general_dilated(x, w, (1, 1), "SAME",
                                                dimension_numbers=("NHWC", "HWIO", "NHWC")),
          x, w, rtol=1e-4, atol=1e-4)


def test_conv1d_strided(check):
    x, w = rand((1, 2, 20), np.float32), rand((5, 2, 3), np.float32)
    check(lambda x, w: lax.conv_general_dilated(x, w, (2,), "VALID"), x, w, rtol=1e-4, atol=1e-4)


def test_shape_ops(check):
    x = rand((4, 6), np.float32)
    check(lambda x: (x.T, x.reshape(3, 8), jnp.concatenate([x, x], 1), x[1:3, ::2],
                     jnp.broadcast_to(x[:, :1], (4, 5)), jnp.pad(x, ((1, 0), (0, 2))),
                     jnp.flip(x, 0), jnp.arange(7.0), jnp.where(x > 0, x, 0.0),
                     jnp.clip(x, -0.5, 0.5), lax.dynamic_slice(x, (1, 2), (2, 2))), x)


def test_cumsum(check):
    x = rand((5, 4), np.float32)
    check(lambda x: jnp.cumsum(x, axis=0), x, rtol=1e-5, atol=1e-5)


def test_gather(check):
    x, i = rand((10, 3), np.float32), np.array([3, 0, 9, 3], np.int32)
    check(lambda x, i: x[i], x, i)


def test_take_along_axis(check):
    x, i = rand((4, 5), np.float32), rng.integers(0, 5, (4, 2)).astype(np.int32)
    check(lambda x, i: jnp.take_along_axis(x, i, axis=1), x, i)


def test_at_set(check):
    x = rand((6,), np.float32)
    check(lambda x: x.at[2].set(7.0), x)


def test_at_add(check):
    x, i = rand((6, 2), np.float32), np.array([1, 4, 1], np.int32)
    check(lambda x, i: x.at[i].add(1.0), x, i, rtol=1e-6, atol=1e-6)


def test_sort(check):
    x = rand((3, 9), np.float32)
    check(lambda x: jnp.sort(x, axis=1), x)


def test_argsort(check):
    x = rand((17,), np.float32)
    check(jnp.argsort, x)


def test_fori_loop(check):
    x = rand((4,), np.float32)
    check(lambda x: lax.fori_loop(0, 10, lambda i, c: c * 0.9 + i, x), x, rtol=1e-5, atol=1e-5)


def test_while_loop(check):
    check(lambda n: lax.while_loop(lambda c: c[0] < n, lambda c: (c[0] + 1, c[1] * 2), (0, 1)),
          np.int32(10))


def test_cond(check):
    x = rand((3,), np.float32)
    f = lambda p, x: lax.cond(p > 0, lambda x: x * 2, lambda x: x - 1, x)  # noqa: E731
    check(f, np.int32(1), x)
    check(f, np.int32(-1), x)


def test_select_n(check):
    x = rand((3,), np.float32)
    check(lambda i, x: lax.switch(i, [lambda x: x, lambda x: x * 3, jnp.sin], x), np.int32(1), x,
          rtol=1e-6, atol=1e-6)


def test_scan(check):
    xs = rand((6, 3), np.float32)
    check(lambda xs: lax.scan(lambda c, x: (c + x, c * x), jnp.zeros(3), xs), xs,
          rtol=1e-5, atol=1e-5)


def test_random(cpu, pj):
    outs = []
    for dev in (cpu, pj):
        with jax.default_device(dev):
            key = jax.random.key(42)
            k1, k2 = jax.random.split(key)
            vals = (jax.random.normal(k1, (5,)), jax.random.uniform(k2, (3, 2)),
                    jax.random.randint(k2, (4,), 0, 10))
            assert vals[0].devices() == {dev}
            outs.append([np.asarray(v) for v in vals])
    for w, g in zip(*outs):
        np.testing.assert_allclose(g, w, rtol=1e-6, atol=1e-6)


def test_bitcast_and_shifts(check):
    x = rand((8,), np.uint32)
    check(lambda x: (x << 3, x >> 2, lax.bitcast_convert_type(x, jnp.float32) * 0), x)


def test_norm(check):
    x = rand((4, 4), np.float32)
    check(lambda x: (jnp.linalg.norm(x), jnp.linalg.norm(x, axis=0)), x, rtol=1e-5, atol=1e-5)


def test_cholesky(check):
    a = rand((4, 4), np.float32)
    check(lambda a: jnp.linalg.cholesky(a @ a.T + 4 * jnp.eye(4)), a, rtol=1e-4, atol=1e-4)
    # Batched, and without the symmetrization jnp puts in front.
    b = rand((2, 5, 5), np.float32)
    spd = lambda b: b @ jnp.swapaxes(b, -1, -2) + 5 * jnp.eye(5)
    check(lambda b: lax.linalg.cholesky(spd(b), symmetrize_input=False), b, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("left_side", [True, False])
@pytest.mark.parametrize("lower", [True, False])
@pytest.mark.parametrize("transpose_a", [False, True])
def test_triangular_solve(check, left_side, lower, transpose_a):
    a = rand((2, 4, 4), np.float32) + 4 * np.eye(4, dtype=np.float32)
    b = rand((2, 4, 3) if left_side else (2, 3, 4), np.float32)
    check(
        lambda a, b: lax.linalg.triangular_solve(
            a, b, left_side=left_side, lower=lower, transpose_a=transpose_a
        ),
        a, b, rtol=1e-5, atol=1e-5,
    )


def test_max_pool_gradient(check):
    # The gradient of a max pool is a select_and_scatter.
    def pool(x):
        return lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "SAME")

    x = rand((2, 5, 5, 3), np.float32)
    check(jax.grad(lambda x: (pool(x) ** 2).sum()), x, rtol=1e-6, atol=1e-6)


UNARY = {
    "sin": jnp.sin, "cos": jnp.cos, "tan": jnp.tan, "expm1": jnp.expm1, "log1p": lambda x: jnp.log1p(jnp.abs(x)),
    "erf": jax.scipy.special.erf, "gelu_exact": lambda x: jax.nn.gelu(x, approximate=False),
    "gelu": jax.nn.gelu, "round": jnp.round, "ceil": jnp.ceil, "sign": jnp.sign,
    "square": jnp.square, "cube": lambda x: x ** 3, "pow": lambda x: jnp.abs(x) ** 1.7,
    "rsqrt": lambda x: lax.rsqrt(jnp.abs(x) + 1), "atan2": lambda x: jnp.arctan2(x, 1 - x),
    "logistic": jax.nn.sigmoid, "silu": jax.nn.silu, "softplus": jax.nn.softplus,
    "fmod": lambda x: jnp.fmod(x * 5, 2.0), "isfinite": jnp.isfinite,
    "logsumexp": lambda x: jax.nn.logsumexp(x, axis=-1), "one_hot": lambda x: jax.nn.one_hot(
        jnp.argmax(x, -1), 8), "to_int": lambda x: (x * 10).astype(jnp.int32),
}


@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_f32(check, name):
    x = rand((4, 8), np.float32)
    check(UNARY[name], x, rtol=2e-5, atol=2e-6)


@pytest.mark.parametrize("dtype", [np.float16, ml_dtypes.bfloat16], ids=lambda d: np.dtype(d).name)
def test_low_precision_matmul_and_sum(check, dtype):
    a, b = rand((8, 16), dtype), rand((16, 4), dtype)
    tol = TOL[dtype] * 10
    check(lambda a, b: (a @ b, a.sum(axis=1), a.max()), a, b, rtol=tol, atol=tol)
