#!/usr/bin/env python3
"""Workloads outside ../shared/bench, tried as a new user would: op families and
formulations the 29 benchmark workloads do not use (logsumexp and cumulative ops over
axis 0, group norm through a channel split, NCHW pooling and convolution, gradients,
sorts, segment sums, integer ops, FFT, batched tiny products, ...).

Each is exported with ../shared/bench/models.py's exporter (model.mlir, inputs, JAX CPU
outputs, meta.json), so run_anchors.py times and checks them like its own:

    JAX_PLATFORMS=cpu .venv/bin/python benches/outside_workloads.py /work/outside-workloads
    cd ../shared/bench && ../../main/.venv/bin/python run_anchors.py \
        --workloads /work/outside-workloads --pjrtc ../../main/target/release/pjrtc \
        --configs xla-1t,pjrtc-1t,xla-mt,pjrtc-mt --target-seconds 0.3 ...

Usage: outside_workloads.py OUT_DIR [name,name,...] [--bench-dir ../shared/bench]
"""
import sys
from pathlib import Path

_BENCH = Path(__file__).resolve().parents[2] / "shared" / "bench"
if "--bench-dir" in sys.argv:
    _BENCH = Path(sys.argv[sys.argv.index("--bench-dir") + 1])
sys.path.insert(0, str(_BENCH))
import numpy as np
import jax, jax.numpy as jnp
from jax import lax
import models
from models import Workload, normal, export_workload

P = []
def reg(name, fn, make, flops=0, tol=1e-4):
    P.append(Workload(name=name, description=name, fn=fn, make_inputs=make, flops=flops, tol=tol))

def gru(xs, wx, wh, b):
    H = wh.shape[0]
    def step(h, x):
        zx = x @ wx + b
        zh = h @ wh
        r = jax.nn.sigmoid(zx[:, :H] + zh[:, :H])
        z = jax.nn.sigmoid(zx[:, H:2*H] + zh[:, H:2*H])
        n = jnp.tanh(zx[:, 2*H:] + r * zh[:, 2*H:])
        h = (1 - z) * n + z * h
        return h, h
    h0 = jnp.zeros((xs.shape[1], H), jnp.float32)
    return lax.scan(step, h0, xs)[1]
reg("p_gru", gru, lambda r: [normal(r, (48, 8, 96)), normal(r, (96, 768), .1), normal(r, (256, 768), .1), normal(r, (768,), .1)])

def causal_attn(q, k, v):
    s = jnp.einsum("bhqd,bhkd->bhqk", q, k) / 8.0
    n = q.shape[2]
    mask = jnp.tril(jnp.ones((n, n), bool))
    s = jnp.where(mask, s, -1e9)
    p = jax.nn.softmax(s, axis=-1)
    return jnp.einsum("bhqk,bhkd->bhqd", p, v)
reg("p_causal_attn", causal_attn, lambda r: [normal(r, (2, 8, 200, 64)), normal(r, (2, 8, 200, 64)), normal(r, (2, 8, 200, 64))])

def conv1d(x, w):
    return lax.conv_general_dilated(x, w, (1,), "SAME", rhs_dilation=(2,), dimension_numbers=("NWC", "WIO", "NWC"))
reg("p_conv1d_dilated", conv1d, lambda r: [normal(r, (4, 2000, 96)), normal(r, (5, 96, 128), .1)])

def ln_mlp_grad(x, g, w):
    def loss(w, g):
        m = x.mean(-1, keepdims=True); v = ((x - m) ** 2).mean(-1, keepdims=True)
        h = (x - m) * lax.rsqrt(v + 1e-5) * g
        return jnp.sum(jnp.tanh(h @ w) ** 2)
    return jax.grad(loss, argnums=(0, 1))(w, g)
reg("p_ln_mlp_grad", ln_mlp_grad, lambda r: [normal(r, (384, 320)), normal(r, (320,)), normal(r, (320, 640), .05)], tol=1e-3)

def conv_wgrad(x, w):
    f = lambda w: jnp.sum(lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC")) ** 2)
    return jax.grad(f)(w)
reg("p_conv_wgrad", conv_wgrad, lambda r: [normal(r, (4, 28, 28, 48)), normal(r, (3, 3, 48, 64), .1)], tol=1e-3)

reg("p_argmax_rows", lambda x: (jnp.argmax(x, axis=-1), jnp.argmin(x, axis=0)), lambda r: [normal(r, (512, 1000))])
reg("p_sort_rows", lambda x: jnp.sort(x, axis=-1), lambda r: [normal(r, (256, 1024))])
reg("p_cum_axis0", lambda x: (jnp.cumsum(x, axis=0), lax.cummax(x, axis=1)), lambda r: [normal(r, (1000, 513))])
reg("p_einsum_odd", lambda a, b: jnp.einsum("bhqd,bhkd->bhqk", a, b), lambda r: [normal(r, (3, 5, 77, 40)), normal(r, (3, 5, 91, 40))])
reg("p_transpose3d", lambda x: x.transpose(2, 0, 1) * 2.0, lambda r: [normal(r, (256, 384, 96))])

def groupnorm(x, g, b):
    N, H, W, C = x.shape; G = 8
    y = x.reshape(N, H, W, G, C // G)
    m = y.mean(axis=(1, 2, 4), keepdims=True); v = y.var(axis=(1, 2, 4), keepdims=True)
    y = (y - m) * lax.rsqrt(v + 1e-5)
    return jax.nn.silu(y.reshape(N, H, W, C) * g + b)
reg("p_groupnorm_silu", groupnorm, lambda r: [normal(r, (4, 32, 32, 64)), normal(r, (64,)), normal(r, (64,))])

def maxpool_nchw(x):
    return lax.reduce_window(x, -jnp.inf, lax.max, (1, 1, 3, 3), (1, 1, 2, 2), "SAME")
reg("p_maxpool_nchw", maxpool_nchw, lambda r: [normal(r, (2, 64, 112, 112))])

def conv_nchw(x, w):
    return jax.nn.relu(lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=("NCHW", "OIHW", "NCHW")))
reg("p_conv_nchw", conv_nchw, lambda r: [normal(r, (1, 64, 56, 56)), normal(r, (64, 64, 3, 3), .05)])

reg("p_logsumexp_cols", lambda x: jax.nn.logsumexp(x, axis=0), lambda r: [normal(r, (2048, 777))])
reg("p_batched_small_mm", lambda a, b: a @ b, lambda r: [normal(r, (4096, 8, 12)), normal(r, (4096, 12, 8))])
reg("p_matmul_lhs_t", lambda a, b: a.T @ b, lambda r: [normal(r, (768, 500)), normal(r, (768, 640))])
reg("p_rfft", lambda x: jnp.abs(jnp.fft.rfft(x, axis=-1)), lambda r: [normal(r, (64, 4096))])
reg("p_int_ops", lambda a, b: (jnp.where(a > b, a % 7, b // 3) + jnp.abs(a - b)).astype(jnp.int32),
    lambda r: [r.integers(-1000, 1000, (1024, 1024)).astype(np.int32), r.integers(1, 1000, (1024, 1024)).astype(np.int32)])
reg("p_swish_mlp", lambda x, w1, w2: jax.nn.silu(x @ w1) @ w2, lambda r: [normal(r, (200, 384)), normal(r, (384, 1536), .05), normal(r, (1536, 384), .05)])
reg("p_mean_mid_axis", lambda x: (x.mean(axis=1), x.max(axis=1)), lambda r: [normal(r, (64, 300, 256))])
reg("p_segment_sum", lambda d, s: jax.ops.segment_sum(d, s, num_segments=500), lambda r: [normal(r, (20000, 64)), np.sort(r.integers(0, 500, (20000,))).astype(np.int32)])
reg("p_one_hot_ce", lambda logits, y: -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * jax.nn.one_hot(y, 1000), -1)),
    lambda r: [normal(r, (256, 1000)), r.integers(0, 1000, (256,)).astype(np.int32)])

if __name__ == "__main__":
    args = [a for i, a in enumerate(sys.argv[1:], 1)
            if a != "--bench-dir" and sys.argv[i - 1] != "--bench-dir"]
    out = Path(args[0])
    only = args[1].split(",") if len(args) > 1 else None
    for w in P:
        if only and w.name not in only: continue
        try:
            export_workload(w, out); print("ok", w.name)
        except Exception as e:
            print("FAIL", w.name, type(e).__name__, str(e)[:300])
