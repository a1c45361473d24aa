#!/usr/bin/env python3
"""Generate examples/mlp: a 16 -> 32 -> 10 MLP (relu, softmax), batch 4.

The weights are closed over, so JAX embeds them in model.mlir as constants and the
program takes a single input x (4x16 f32).  Run from the repository root:

    .venv/bin/python examples/mlp/make_mlp.py

Writes model.mlir, x.npy and expected_out0.npy next to this script.
"""
import os

import numpy as np

import jax

jax.config.update("jax_platforms", "cpu")
import jax.numpy as jnp  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

rng = np.random.default_rng(0)
W1 = (rng.standard_normal((16, 32)) / 4).astype(np.float32)
b1 = (rng.standard_normal((32,)) / 10).astype(np.float32)
W2 = (rng.standard_normal((32, 10)) / 4).astype(np.float32)
b2 = (rng.standard_normal((10,)) / 10).astype(np.float32)
x = rng.standard_normal((4, 16)).astype(np.float32)


def mlp(x):
    h = jax.nn.relu(x @ W1 + b1)
    return jax.nn.softmax(h @ W2 + b2, axis=-1)


text = jax.jit(mlp).lower(x).as_text()
y = np.asarray(jax.jit(mlp)(x))
assert y.shape == (4, 10) and np.all(np.isfinite(y)) and np.allclose(y.sum(axis=1), 1.0, atol=1e-5)

with open(os.path.join(HERE, "model.mlir"), "w") as f:
    f.write(text)
np.save(os.path.join(HERE, "x.npy"), x)
np.save(os.path.join(HERE, "expected_out0.npy"), y)
print(f"model.mlir: {len(text)} bytes; x {x.shape} {x.dtype}; expected_out0 {y.shape} {y.dtype}")
print("argmax per row:", y.argmax(axis=1))
