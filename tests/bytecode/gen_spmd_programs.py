"""Capture partitioned programs (4 devices) exactly as JAX hands them to pjrtc.

Usage (needs jax==0.10.2 in a venv and a built plugin):
    cargo build --release -p pjrtc-pjrt-plugin
    PJRTC_PLUGIN_LIBRARY=$PWD/target/release/libpjrtc_pjrt_plugin.so \\
        .venv/bin/python tests/bytecode/gen_spmd_programs.py

Runs each case on a 4-device pjrtc platform (PJRTC_NUM_DEVICES=4) with PJRTC_DUMP_DIR set
and keeps the last program the plugin received. For each CASE it writes
spmd_CASE/model.v<version>.mlirbc (the received bytes; no model.mlir: the text front end
does not read Shardy's manual computations, so tests/bytecode.rs skips these folders) and,
for cases that run, input_0.npy / expected_0.npy of device 0's shard (numpy reference).
"""
import glob
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
DUMP = tempfile.mkdtemp(prefix="pjrtc-dump-")
os.environ["PJRTC_DUMP_DIR"] = DUMP
os.environ["PJRTC_NUM_DEVICES"] = "4"
os.environ["JAX_PLATFORMS"] = "pjrtc"
sys.path.insert(0, str(HERE.parents[1] / "python"))

import jax  # noqa: E402
import numpy as np  # noqa: E402
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P  # noqa: E402

X = np.arange(12, dtype=np.float32).reshape(4, 3)


def sharded_jit():
    mesh = Mesh(np.array(jax.devices()), ("d",))
    return jax.jit(lambda a: a * 2)(jax.device_put(X, NamedSharding(mesh, P("d"))))


CASES = {
    # name: (run, device 0's input shard, device 0's expected output shard or None)
    "pmap_affine": (lambda: jax.pmap(lambda v: v * 2 + 1)(X), X[:1], X[:1] * 2 + 1),
    "pmap_psum": (lambda: jax.pmap(lambda v: jax.lax.psum(v, "i"), axis_name="i")(X), None, None),
    "sharded_jit": (sharded_jit, None, None),
}


def main():
    for name, (run, shard, expected) in CASES.items():
        before = set(glob.glob(os.path.join(DUMP, "*")))
        try:
            jax.block_until_ready(run())
        except Exception as e:  # refused cases: the program was still received
            print(f"{name}: {type(e).__name__}")
        new = sorted(set(glob.glob(os.path.join(DUMP, "*"))) - before, key=os.path.getmtime)
        assert new, f"{name}: the plugin received no program"
        code = Path(new[-1]).read_bytes()
        assert code[:4] == b"ML\xefR", f"{name}: expected bytecode"
        ver = code[5:code.index(b"\0", 5)].decode().removeprefix("StableHLO_v")
        d = HERE / f"spmd_{name}"
        d.mkdir(exist_ok=True)
        (d / f"model.v{ver}.mlirbc").write_bytes(code)
        if shard is not None:
            np.save(d / "input_0.npy", shard)
            np.save(d / "expected_0.npy", expected)
        print(f"{name}: {len(code)} bytes")


if __name__ == "__main__":
    main()
