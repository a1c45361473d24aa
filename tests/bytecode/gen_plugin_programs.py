"""Capture programs exactly as JAX hands them to a PJRT plugin's Client_Compile.

Usage (needs jax==0.10.2 in a venv and a built plugin):
    cargo build --release -p pjrtc-pjrt-plugin
    PJRTC_PLUGIN_LIBRARY=$PWD/target/release/libpjrtc_pjrt_plugin.so \\
        .venv/bin/python tests/bytecode/gen_plugin_programs.py

`serialize_portable_artifact` (what gen_bytecode.py uses) rewrites Shardy ops into
`custom_call @Sharding` plus frontend attributes; JAX's own path to a plugin does not, so
these programs carry real `sdy.mesh` / `sdy.sharding` / `sdy.sharding_constraint` in
bytecode. The plugin writes every received program to PJRTC_DUMP_DIR; this script runs each
case on the `pjrtc` platform and keeps the bytes it received. For each CASE it writes
plugin_CASE/model.mlir (the same program as text, `lower().as_text()` for pjrtc),
plugin_CASE/model.v<version>.mlirbc (the received bytes), model.vhlo.mlir (those bytes
printed by MLIR), input_<i>.npy, expected_<i>.npy (JAX on CPU).
"""
import glob
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
DUMP = tempfile.mkdtemp(prefix="pjrtc-dump-")
os.environ["PJRTC_DUMP_DIR"] = DUMP
os.environ.setdefault("JAX_PLATFORMS", "cpu,pjrtc")
sys.path.insert(0, str(HERE.parents[1] / "python"))

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax._src import config  # noqa: E402
from jax._src.interpreters import mlir as jmlir  # noqa: E402
from jaxlib.mlir import ir  # noqa: E402

rng = np.random.default_rng(7)
DEVICE = None  # the device a case is running on, for its sharding constraints


def shardy(x, y):
    z = jax.lax.with_sharding_constraint(x * y, jax.sharding.SingleDeviceSharding(DEVICE))
    return jnp.tanh(z) + 1.0


def random_bits(k):
    return jax.random.uniform(jax.random.wrap_key_data(k), (3, 2))


CASES = {
    "shardy": (shardy, [rng.standard_normal(5).astype(np.float32), rng.standard_normal(5).astype(np.float32)], True),
    "random_bits": (random_bits, [np.array([0, 42], np.uint32)], False),
}


def main():
    global DEVICE
    pj, cpu = jax.devices("pjrtc")[0], jax.devices("cpu")[0]
    for name, (f, args, use_shardy) in CASES.items():
        with config.use_shardy_partitioner(use_shardy):
            DEVICE = pj
            before = set(glob.glob(os.path.join(DUMP, "*")))
            dargs = jax.device_put(args, pj)
            jf = jax.jit(f)
            text = jf.lower(*dargs).as_text()
            jax.block_until_ready(jf(*dargs))
            new = sorted(set(glob.glob(os.path.join(DUMP, "*"))) - before, key=os.path.getmtime)
            assert new, f"{name}: the plugin received no program"
            code = Path(new[-1]).read_bytes()
            DEVICE = cpu
            with jax.default_device(cpu):
                outs = jax.jit(f)(*jax.device_put(args, cpu))
        assert code[:4] == b"ML\xefR", f"{name}: expected bytecode"
        producer = code[5:code.index(b"\0", 5)].decode()
        ver = producer.removeprefix("StableHLO_v")
        d = HERE / f"plugin_{name}"
        d.mkdir(exist_ok=True)
        (d / "model.mlir").write_text(text)
        (d / f"model.v{ver}.mlirbc").write_bytes(code)
        with jmlir.make_ir_context():
            (d / "model.vhlo.mlir").write_text(str(ir.Module.parse(code)))
        for i, a in enumerate(args):
            np.save(d / f"input_{i}.npy", np.asarray(a))
        outs = outs if isinstance(outs, (tuple, list)) else [outs]
        for i, o in enumerate(outs):
            np.save(d / f"expected_{i}.npy", np.asarray(o))
        print(name, producer, len(code), "bytes")


if __name__ == "__main__":
    main()
