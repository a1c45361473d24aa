#!/usr/bin/env python3
"""FFT benchmark: pjrtc against XLA CPU, both on one pinned core.

    /work/main/.venv/bin/python benches/fft.py --pjrtc target/release/pjrtc [--iters 30]
        [--only fft_c64_2p20,...] [--out /tmp/pjrtc-fft-bench]

For each workload it writes the program as JAX prints it (`jax.jit(f).lower(x).as_text()`)
with its input and JAX's output, then times
  - XLA: a subprocess pinned to CPU 0 with XLA_FLAGS='--xla_cpu_multi_thread_eigen=false
    intra_op_parallelism_threads=1', the jitted function on a device-resident input, after
    warm-up calls, each call ended by block_until_ready;
  - pjrtc: `pjrtc compile`, then `taskset -c 0 pjrtc run --threads 1 --warmup W --iters N`
    (inputs loaded once, outputs written in place);
and checks pjrtc's output against JAX's (`max|got - want| / max|want|`). It prints median
and minimum milliseconds per call and the ratio pjrtc / XLA of the medians (below 1: pjrtc is
faster). The machine may be shared: compare paired runs and prefer the minima.
"""
import argparse
import json
import os
import subprocess
import sys
import time

import numpy as np

# A prime length near 2^20 (1000003 = 2 * 3 * 166667 + 1 has no small structure).
PRIME = 1_000_003

WORKLOADS = {
    # name: (function source over `x`, input maker)
    "fft_c64_2p20": ("jnp.fft.fft(x)", lambda r: crand(r, (1 << 20,))),
    "fft_c64_prime": ("jnp.fft.fft(x)", lambda r: crand(r, (PRIME,))),
    "ifft_c64_2p20": ("jnp.fft.ifft(x)", lambda r: crand(r, (1 << 20,))),
    "rfft_f32_2p20": ("jnp.fft.rfft(x)", lambda r: r.standard_normal(1 << 20).astype(np.float32)),
    "fft2_c64_1024": ("jnp.fft.fft2(x)", lambda r: crand(r, (1024, 1024))),
    "fft_c64_batch": ("jnp.fft.fft(x)", lambda r: crand(r, (4096, 256))),
}
DEFAULT = ["fft_c64_2p20", "fft_c64_prime"]


def crand(r, shape):
    return (r.standard_normal(shape) + 1j * r.standard_normal(shape)).astype(np.complex64)


def export(name, out):
    """Writes model.mlir, x.npy and want.npy for a workload (JAX on CPU)."""
    import jax
    import jax.numpy as jnp

    expr, make = WORKLOADS[name]
    d = os.path.join(out, name)
    os.makedirs(d, exist_ok=True)
    x = make(np.random.default_rng(0))
    f = eval(f"lambda x: {expr}", {"jnp": jnp})
    with open(os.path.join(d, "model.mlir"), "w") as fh:
        fh.write(jax.jit(f).lower(x).as_text())
    np.save(os.path.join(d, "x.npy"), x)
    np.save(os.path.join(d, "want.npy"), np.asarray(jax.jit(f)(x)))
    return d


def xla_worker(name, iters, warmup):
    """Runs in a pinned subprocess: prints {"median_ms", "min_ms"} of XLA calls."""
    import jax
    import jax.numpy as jnp

    expr, make = WORKLOADS[name]
    x = jax.device_put(make(np.random.default_rng(0)))
    f = jax.jit(eval(f"lambda x: {expr}", {"jnp": jnp}))
    for _ in range(warmup):
        jax.block_until_ready(f(x))
    times = []
    for _ in range(iters):
        t0 = time.perf_counter()
        jax.block_until_ready(f(x))
        times.append((time.perf_counter() - t0) * 1e3)
    print(json.dumps({"median_ms": float(np.median(times)), "min_ms": min(times)}))


def time_xla(name, iters, warmup):
    env = dict(os.environ, XLA_FLAGS="--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1",
               JAX_PLATFORMS="cpu")
    out = subprocess.run(["taskset", "-c", "0", sys.executable, __file__, "--xla-worker", name,
                          "--iters", str(iters), "--warmup", str(warmup)],
                         env=env, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def time_pjrtc(pjrtc, d, iters, warmup):
    pjx = os.path.join(d, "model.pjx")
    subprocess.run([pjrtc, "compile", os.path.join(d, "model.mlir"), "-o", pjx], check=True)
    x = os.path.join(d, "x.npy")
    outs = os.path.join(d, "pjrtc_out")
    os.makedirs(outs, exist_ok=True)
    subprocess.run(["taskset", "-c", "0", pjrtc, "run", pjx, "--inputs", x, "--outputs", outs,
                    "--threads", "1"], check=True, capture_output=True)
    got = np.load(os.path.join(outs, "out0.npy"))
    want = np.load(os.path.join(d, "want.npy"))
    err = float(np.max(np.abs(got.astype(np.complex128) - want)) / np.max(np.abs(want)))
    out = subprocess.run(["taskset", "-c", "0", pjrtc, "run", pjx, "--inputs", x, "--threads", "1",
                          "--warmup", str(warmup), "--iters", str(iters)],
                         check=True, capture_output=True, text=True).stdout
    t = json.loads([l for l in out.splitlines() if l.startswith("{")][-1])
    return t, err


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--pjrtc", default="target/release/pjrtc")
    p.add_argument("--iters", type=int, default=30)
    p.add_argument("--warmup", type=int, default=5)
    p.add_argument("--only", default=",".join(DEFAULT), help=f"comma-separated, of {', '.join(WORKLOADS)}")
    p.add_argument("--out", default="/tmp/pjrtc-fft-bench")
    p.add_argument("--xla-worker", help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.xla_worker:
        return xla_worker(a.xla_worker, a.iters, a.warmup)
    print(f"{'workload':16s} {'XLA med':>9s} {'XLA min':>9s} {'pjrtc med':>10s} {'pjrtc min':>10s} "
          f"{'ratio':>6s} {'rel err':>9s}")
    for name in a.only.split(","):
        d = export(name, a.out)
        x = time_xla(name, a.iters, a.warmup)
        t, err = time_pjrtc(a.pjrtc, d, a.iters, a.warmup)
        print(f"{name:16s} {x['median_ms']:9.3f} {x['min_ms']:9.3f} {t['median_ms']:10.3f} {t['min_ms']:10.3f} "
              f"{t['median_ms'] / x['median_ms']:6.2f} {err:9.2e}", flush=True)


if __name__ == "__main__":
    main()
