"""Host callbacks on pjrtc: jax.debug.print/callback, jax.pure_callback and
jax.experimental.io_callback, against JAX's CPU backend where they return values."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax.experimental import io_callback


def on(dev, f, *args):
    with jax.default_device(dev):
        return jax.jit(f)(*jax.device_put(args, dev))


def test_debug_print_values_and_order(pj, capfd):
    x = np.array([1.5, -2.0], np.float32)

    def f(x):
        jax.debug.print("first x={x}", x=x)
        y = x * 2
        jax.debug.print("second y={y} sum={s}", y=y, s=jnp.sum(y))
        jax.debug.print("third {}", y + 1, ordered=True)
        return y

    out = on(pj, f, x)
    jax.effects_barrier()
    np.testing.assert_array_equal(np.asarray(out), x * 2)
    lines = capfd.readouterr().out.splitlines()
    assert lines == ["first x=[ 1.5 -2. ]", "second y=[ 3. -4.] sum=-1.0", "third [ 4. -3.]"]


def test_debug_callback_in_scan_runs_in_order(pj, cpu):
    seen = {cpu: [], pj: []}

    def f(dev):
        def body(c, x):
            jax.debug.callback(lambda c, x: seen[dev].append((float(c), float(x))), c, x, ordered=True)
            return c + x, c * x

        return lambda xs: jax.lax.scan(body, jnp.float32(0), xs)

    xs = np.arange(1, 5, dtype=np.float32)
    for dev in (cpu, pj):
        on(dev, f(dev), xs)
    jax.effects_barrier()
    assert seen[pj] == seen[cpu] == [(0.0, 1.0), (1.0, 2.0), (3.0, 3.0), (6.0, 4.0)]


def test_pure_callback(check):
    x = np.linspace(-1, 1, 6, dtype=np.float32).reshape(2, 3)

    def f(x):
        y = jax.pure_callback(lambda v: np.sin(v) * 2, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
        i = jax.pure_callback(lambda v: np.argmax(v, axis=1).astype(np.int32),
                              jax.ShapeDtypeStruct((2,), np.int32), y)
        return y + 1, i

    check(f, x)


def test_pure_callback_vmapped_and_in_scan(check):
    x = np.arange(12, dtype=np.float32).reshape(4, 3)
    cb = lambda v: jax.pure_callback(lambda a: np.cumsum(a, axis=-1), jax.ShapeDtypeStruct(v.shape, v.dtype),
                                     v, vmap_method="sequential")

    def f(x):
        ys = jax.vmap(cb)(x)
        _, zs = jax.lax.scan(lambda c, row: (c + 1, cb(row) * c), jnp.float32(1), x)
        return ys, zs

    check(f, x)


def test_pure_callback_under_grad(check):
    # A pure callback is differentiable through a custom JVP (JAX has no rule of its own).
    @jax.custom_jvp
    def host_sin(x):
        return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)

    @host_sin.defjvp
    def _(primals, tangents):
        (x,), (t,) = primals, tangents
        return host_sin(x), jax.pure_callback(np.cos, jax.ShapeDtypeStruct(x.shape, x.dtype), x) * t

    x = np.linspace(0, 1, 5, dtype=np.float32)
    check(jax.grad(lambda x: jnp.sum(host_sin(x) ** 2)), x)


def test_debug_print_under_grad(pj, capfd):
    def loss(x):
        jax.debug.print("x={x}", x=x)
        return jnp.sum(x * x)

    x = np.array([1.0, 3.0], np.float32)
    g = on(pj, jax.grad(loss), x)
    jax.effects_barrier()
    np.testing.assert_array_equal(np.asarray(g), 2 * x)
    assert capfd.readouterr().out.splitlines() == ["x=[1. 3.]"]


@pytest.mark.parametrize("ordered", [False, True])
def test_io_callback(pj, cpu, ordered):
    logs = {cpu: [], pj: []}

    def f(dev):
        def g(x):
            def record(v):
                logs[dev].append(np.asarray(v).copy())
                return (v * 3).astype(np.float32)

            y = io_callback(record, jax.ShapeDtypeStruct(x.shape, np.float32), x, ordered=ordered)
            z = io_callback(record, jax.ShapeDtypeStruct(x.shape, np.float32), y + 1, ordered=ordered)
            return z

        return g

    x = np.array([1.0, 2.0], np.float32)
    outs = [np.asarray(on(dev, f(dev), x)) for dev in (cpu, pj)]
    jax.effects_barrier()
    np.testing.assert_array_equal(outs[1], outs[0])
    assert len(logs[pj]) == 2
    for a, b in zip(logs[pj], logs[cpu]):
        np.testing.assert_array_equal(a, b)


def test_io_callback_in_scan(pj, cpu):
    logs = {cpu: [], pj: []}

    def f(dev):
        def body(c, x):
            r = io_callback(lambda c, x: logs[dev].append((float(c), float(x))) or np.float32(c + x),
                            jax.ShapeDtypeStruct((), np.float32), c, x, ordered=True)
            return r, r * 2

        return lambda xs: jax.lax.scan(body, jnp.float32(0), xs)

    xs = np.array([1, 2, 3], np.float32)
    outs = [jax.tree.map(np.asarray, on(dev, f(dev), xs)) for dev in (cpu, pj)]
    jax.effects_barrier()
    jax.tree.map(np.testing.assert_array_equal, outs[1], outs[0])
    assert logs[pj] == logs[cpu] == [(0.0, 1.0), (1.0, 2.0), (3.0, 3.0)]


def test_callback_exception_is_a_python_exception(pj):
    def boom(v):
        raise ValueError("no thanks")

    x = jax.device_put(np.ones(2, np.float32), pj)
    with pytest.raises(Exception, match="no thanks"):
        jax.jit(lambda x: jax.pure_callback(boom, jax.ShapeDtypeStruct((2,), np.float32), x))(
            x).block_until_ready()
    # The platform keeps working.
    np.testing.assert_array_equal(np.asarray(jax.jit(lambda x: x + 1)(x)), np.full(2, 2.0))
