"""Generates the dynamic-shape golden cases under tests/dynamic/.

Each case is a function exported once with `jax.export` and symbolic shapes
(`jax.export.symbolic_shape`), written as model.mlir (text) and model.mlirbc (the VHLO
bytecode jax.export serializes), plus JAX's outputs at three or more sizes including 1:
sizeK/in*.npy, sizeK/out*.npy, and meta.json naming each size's dimension values.
tests/golden.rs (`dynamic_programs_match_jax_at_every_size`) compiles the program for each
size with shape refinement (what `pjrtc compile --dim b=8` does) and compares.

Run with /work/main/.venv/bin/python (jax 0.10.2): python tests/dynamic/gen_dynamic.py
"""

import json
import os
import shutil

import numpy as np

os.environ.setdefault("JAX_PLATFORMS", "cpu")
import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax import export, lax  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
f32 = np.float32
CASES = []


def case(name, desc, spec, sizes, rtol=1e-4, atol=1e-5):
    """spec: per argument a (shape string or tuple, dtype); sizes: dicts of dim values."""

    def deco(fn):
        CASES.append((name, desc, fn, spec, sizes, rtol, atol))
        return fn

    return deco


def rng_for(name):
    return np.random.default_rng(sum(map(ord, name)))


def concrete(shape_str, dims):
    out = []
    for d in shape_str.split(","):
        d = d.strip()
        out.append(dims[d] if d in dims else int(d))
    return tuple(out)


@case("mlp_batch", "two dense layers with relu, symbolic batch b", [("b, 16", f32), ("16, 32", f32), ("32", f32), ("32, 8", f32)],
      [{"b": 1}, {"b": 3}, {"b": 8}])
def _(x, w1, b1, w2):
    return jnp.maximum(x @ w1 + b1, 0.0) @ w2


@case("transformer_seq", "pre-norm attention + MLP block, symbolic sequence length s", [
    ("s, 16", f32), ("16, 48", f32), ("16, 16", f32), ("16, 32", f32), ("32, 16", f32)],
    [{"s": 1}, {"s": 4}, {"s": 7}], rtol=1e-4, atol=1e-4)
def _(x, wqkv, wo, w1, w2):
    def norm(h):
        m = h.mean(-1, keepdims=True)
        v = ((h - m) ** 2).mean(-1, keepdims=True)
        return (h - m) / jnp.sqrt(v + 1e-5)

    h = norm(x)
    q, k, v = jnp.split(h @ wqkv, 3, axis=-1)
    s = q @ k.T / 4.0
    n = x.shape[0]
    mask = jnp.arange(n)[:, None] >= jnp.arange(n)[None, :]
    s = jnp.where(mask, s, -1e9)
    x = x + jax.nn.softmax(s, axis=-1) @ v @ wo
    return x + jax.nn.gelu(norm(x) @ w1) @ w2


@case("convnet_batch", "conv 3x3 + relu + conv stride 2 + mean pool + dense, symbolic batch b", [
    ("b, 8, 8, 3", f32), ("3, 3, 3, 8", f32), ("3, 3, 8, 8", f32), ("8, 5", f32)],
    [{"b": 1}, {"b": 2}, {"b": 5}], rtol=1e-4, atol=1e-4)
def _(x, k1, k2, w):
    dn = ("NHWC", "HWIO", "NHWC")
    h = lax.conv_general_dilated(x, k1, (1, 1), "SAME", dimension_numbers=dn)
    h = jnp.maximum(h, 0.0)
    h = lax.conv_general_dilated(h, k2, (2, 2), "VALID", dimension_numbers=dn)
    return h.mean(axis=(1, 2)) @ w


@case("reduce_concat", "reductions and concatenations along the symbolic dimension n", [("n, 5", f32), ("n, 5", f32)],
      [{"n": 1}, {"n": 3}, {"n": 6}])
def _(x, y):
    c = jnp.concatenate([x, 2.0 * y, x[::-1]], axis=0)
    return c.sum(axis=0), jnp.max(x, axis=0), jnp.concatenate([x, y], axis=1), y - y.mean(axis=0)


@case("two_dims", "softmax over s and a mean over b, two symbolic dimensions", [("b, s, 8", f32)],
      [{"b": 1, "s": 1}, {"b": 2, "s": 5}, {"b": 3, "s": 2}])
def _(x):
    return jax.nn.softmax(x, axis=1), x.mean(axis=(0, 1))


@case("scan_length", "lax.scan over a symbolic number of steps n", [("n, 4", f32), ("4, 4", f32)],
      [{"n": 1}, {"n": 3}, {"n": 6}])
def _(xs, w):
    def step(c, x):
        c = jnp.tanh(c @ w + x)
        return c, 2.0 * c

    return lax.scan(step, jnp.zeros((4,), f32), xs)


@case("cumulative_scans", "cumsum, cummax, reversed cumsum and logcumsumexp along the symbolic dimension n "
      "(JAX's custom_call @stablehlo.dynamic_reduce_window), cumprod along the static one",
      [("n, 3", f32), ("2, n", np.int32)], [{"n": 1}, {"n": 4}, {"n": 9}])
def _(x, k):
    return (jnp.cumsum(x, axis=0), lax.cummax(x, axis=0), jnp.cumsum(x[::-1], axis=0)[::-1],
            lax.cumlogsumexp(x, axis=0), jnp.cumprod(x, axis=1), jnp.cumsum(k, axis=1))


def main():
    for name, desc, fn, spec, sizes, rtol, atol in CASES:
        d = os.path.join(HERE, name)
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        syms = sorted({s.strip() for shp, _ in spec for s in shp.split(",") if not s.strip().isdigit()})
        scope = export.SymbolicScope()
        args = [jax.ShapeDtypeStruct(export.symbolic_shape(shp, scope=scope), dt) for shp, dt in spec]
        exp = export.export(jax.jit(fn))(*args)
        with open(os.path.join(d, "model.mlir"), "w") as f:
            f.write(exp.mlir_module())
        with open(os.path.join(d, "model.mlirbc"), "wb") as f:
            f.write(exp.mlir_module_serialized)
        r = rng_for(name)
        for k, dims in enumerate(sizes):
            sd = os.path.join(d, f"size{k}")
            os.makedirs(sd)
            ins = [r.standard_normal(concrete(shp, dims)).astype(dt) for shp, dt in spec]
            outs = exp.call(*ins)
            outs = jax.tree_util.tree_leaves(outs)
            for i, a in enumerate(ins):
                np.save(os.path.join(sd, f"in{i}.npy"), a)
            for i, o in enumerate(outs):
                np.save(os.path.join(sd, f"out{i}.npy"), np.asarray(o))
        meta = {"name": name, "description": desc, "dims": syms, "sizes": sizes, "rtol": rtol, "atol": atol,
                "jax": jax.__version__}
        with open(os.path.join(d, "meta.json"), "w") as f:
            json.dump(meta, f, indent=1)
            f.write("\n")
        print(name, "ok")


if __name__ == "__main__":
    main()
