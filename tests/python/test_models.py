"""Small models: an MLP forward pass and a jax.grad training loop."""

import jax
import jax.numpy as jnp
import numpy as np

rng = np.random.default_rng(1)


def init(sizes):
    return [(rng.standard_normal((m, n)).astype(np.float32) / np.sqrt(m),
             np.zeros(n, np.float32)) for m, n in zip(sizes[:-1], sizes[1:])]


def mlp(params, x):
    for w, b in params[:-1]:
        x = jax.nn.relu(x @ w + b)
    w, b = params[-1]
    return x @ w + b


def loss(params, x, y):
    return jnp.mean((mlp(params, x) - y) ** 2)


def test_mlp_forward(check):
    params, x = init([8, 32, 16, 4]), rng.standard_normal((10, 8)).astype(np.float32)
    check(mlp, params, x, rtol=1e-4, atol=1e-5)


def test_mlp_grad(check):
    params = init([8, 16, 1])
    x = rng.standard_normal((32, 8)).astype(np.float32)
    y = x[:, :1] * 2 + 1
    check(jax.value_and_grad(loss), params, x, y, rtol=1e-4, atol=1e-5)


def test_mlp_training(cpu, pj):
    params = init([4, 16, 1])
    x = rng.standard_normal((64, 4)).astype(np.float32)
    y = np.sin(x.sum(1, keepdims=True)).astype(np.float32)

    @jax.jit
    def step(params, x, y):
        lval, g = jax.value_and_grad(loss)(params, x, y)
        return jax.tree.map(lambda p, g: p - 0.1 * g, params, g), lval

    curves = []
    for dev in (cpu, pj):
        p, xd, yd = jax.device_put((params, x, y), dev)
        losses = []
        for _ in range(20):
            p, lval = step(p, xd, yd)
            losses.append(float(lval))
        curves.append(losses)
    cpu_losses, pj_losses = curves
    assert pj_losses[-1] < pj_losses[0] * 0.9, pj_losses
    np.testing.assert_allclose(pj_losses, cpu_losses, rtol=1e-3)
