#!/usr/bin/env python3
"""Writes the programs benches/data_parallel.rs times: one SGD step of an MLP (784 -> 1024
-> 1024 -> 10, batch 256, mean squared error), as JAX hands them to the pjrtc plugin:

- dp2.mlirbc: the step jitted over a Mesh of 2 pjrtc devices, the batch sharded along it and
  the parameters replicated (`NamedSharding`, in/out shardings given), so the plugin's
  partitioner turns it into the per-device program with its collectives;
- one.mlirbc: the same step on one device.

Run from the repository root with the plugin built (release):

    PJRT_NAMES_AND_LIBRARY_PATHS=pjrtc:target/release/libpjrtc_pjrt_plugin.so \\
        .venv/bin/python benches/data_parallel/gen.py

The programs are captured with PJRTC_DUMP_DIR (the bytes Client_Compile receives).
"""
import glob
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
dump = tempfile.mkdtemp(prefix="dp_dump_")
os.environ["PJRTC_DUMP_DIR"] = dump
os.environ["PJRTC_NUM_DEVICES"] = "2"
os.environ.setdefault("JAX_PLATFORMS", "pjrtc")

import numpy as np  # noqa: E402
import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P  # noqa: E402

rng = np.random.default_rng(0)
params = {
    "w1": rng.standard_normal((784, 1024), np.float32) / 28,
    "b1": np.zeros(1024, np.float32),
    "w2": rng.standard_normal((1024, 1024), np.float32) / 32,
    "b2": np.zeros(1024, np.float32),
    "w3": rng.standard_normal((1024, 10), np.float32) / 32,
    "b3": np.zeros(10, np.float32),
}
x = rng.standard_normal((256, 784), np.float32)  # (the bench makes its own inputs)
y = rng.standard_normal((256, 10), np.float32)


def loss(p, x, y):
    h = jax.nn.relu(x @ p["w1"] + p["b1"])
    h = jax.nn.relu(h @ p["w2"] + p["b2"])
    return jnp.mean((h @ p["w3"] + p["b3"] - y) ** 2)


def step(p, x, y):
    val, g = jax.value_and_grad(loss)(p, x, y)
    return jax.tree.map(lambda a, d: a - 0.01 * d, p, g), val


def captured(fn, *args):
    before = set(glob.glob(os.path.join(dump, "*")))
    jax.block_until_ready(fn(*args))
    new = sorted(set(glob.glob(os.path.join(dump, "*"))) - before, key=os.path.getmtime)
    # The step is the largest program compiled for this call (device_put and friends
    # compile small ones too).
    return max(new, key=os.path.getsize)


devs = jax.devices("pjrtc")
if len(devs) < 2:
    sys.exit("needs 2 pjrtc devices")
mesh = Mesh(np.array(devs[:2]), ("d",))
rep = NamedSharding(mesh, P())
rows = NamedSharding(mesh, P("d"))
p_rep = jax.tree.map(lambda _: rep, params)
dp = jax.jit(step, in_shardings=(p_rep, rows, rows), out_shardings=(p_rep, rep))
shutil.copy(captured(dp, params, x, y), os.path.join(HERE, "dp2.mlirbc"))
with jax.default_device(devs[0]):
    shutil.copy(captured(jax.jit(step), params, x, y), os.path.join(HERE, "one.mlirbc"))
print("wrote", os.listdir(HERE))
