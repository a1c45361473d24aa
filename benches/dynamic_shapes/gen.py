"""Programs with symbolic dimensions for benches/dynamic_shapes.rs, exported by jax.export.

    JAX_PLATFORMS=cpu .venv/bin/python benches/dynamic_shapes/gen.py

mlp.mlir: a 3-layer MLP (512 -> 1024 -> 1024 -> 256, GELU) over a symbolic batch `b`.
transformer.mlir: a pre-norm transformer block (d=256, 4 heads, MLP 1024) over a
symbolic sequence length `s` (attention over `s`, softmax along it).
"""
import pathlib

import jax
import jax.numpy as jnp
from jax import export

OUT = pathlib.Path(__file__).resolve().parent


def mlp(x, w1, w2, w3):
    h = jax.nn.gelu(x @ w1)
    h = jax.nn.gelu(h @ w2)
    return h @ w3


def layernorm(x):
    m = jnp.mean(x, axis=-1, keepdims=True)
    v = jnp.mean((x - m) ** 2, axis=-1, keepdims=True)
    return (x - m) * jax.lax.rsqrt(v + 1e-5)


def transformer(x, wqkv, wo, w1, w2):
    s, d = x.shape
    heads = 4
    h = layernorm(x)
    q, k, v = jnp.split(h @ wqkv, 3, axis=-1)
    q = q.reshape(s, heads, d // heads).transpose(1, 0, 2)
    k = k.reshape(s, heads, d // heads).transpose(1, 0, 2)
    v = v.reshape(s, heads, d // heads).transpose(1, 0, 2)
    a = jax.nn.softmax(q @ k.transpose(0, 2, 1) / jnp.sqrt(d // heads), axis=-1)
    o = (a @ v).transpose(1, 0, 2).reshape(s, d)
    x = x + o @ wo
    return x + jax.nn.gelu(layernorm(x) @ w1) @ w2


def write(name, f, specs):
    exp = export.export(jax.jit(f))(*specs)
    (OUT / f"{name}.mlir").write_text(exp.mlir_module())


f32 = jnp.float32
(b,) = export.symbolic_shape("b")
write("mlp", mlp, [
    jax.ShapeDtypeStruct((b, 512), f32),
    jax.ShapeDtypeStruct((512, 1024), f32),
    jax.ShapeDtypeStruct((1024, 1024), f32),
    jax.ShapeDtypeStruct((1024, 256), f32),
])
(s,) = export.symbolic_shape("s")
write("transformer", transformer, [
    jax.ShapeDtypeStruct((s, 256), f32),
    jax.ShapeDtypeStruct((256, 768), f32),
    jax.ShapeDtypeStruct((256, 256), f32),
    jax.ShapeDtypeStruct((256, 1024), f32),
    jax.ShapeDtypeStruct((1024, 256), f32),
])
