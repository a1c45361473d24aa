"""Deployment: compiling for a target without its device (PJRT topologies and
PJRT_Compile), zero-copy buffers (DLPack both ways, views, donation in place) and the
analyses JAX reads (cost_analysis, memory_analysis), compared with `pjrtc inspect`."""

import os
import re
import shutil
import subprocess
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax.experimental import topologies
from jax.sharding import NamedSharding, PartitionSpec

import jax_plugins.pjrtc as pjrtc

REPO = Path(__file__).resolve().parents[2]
TARGET_DIR = Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))


def f(x, y):
    return jnp.tanh(x @ y) + 2.0 * x[:, :1]


ARGS = (np.linspace(-1, 1, 12, dtype=np.float32).reshape(3, 4),
        np.linspace(0.5, -0.5, 20, dtype=np.float32).reshape(4, 5))


def compile_on(topo):
    """`f` compiled for the (only) device of `topo`, without running anything."""
    mesh = topologies.make_mesh(topo, (1,), ("x",))
    s = NamedSharding(mesh, PartitionSpec())
    specs = [jax.ShapeDtypeStruct(a.shape, a.dtype, sharding=s) for a in ARGS]
    return jax.jit(f, in_shardings=s, out_shardings=s).lower(*specs).compile()


def test_topologies_are_selectable_by_name():
    for name in pjrtc.TOPOLOGIES:
        topo = pjrtc.topology(name, num_devices=2)
        assert len(topo.devices) == 2
        assert {d.platform for d in topo.devices} == {"pjrtc"}
    with pytest.raises(ValueError, match="unknown pjrtc topology"):
        pjrtc.topology("riscv64gc-unknown-linux-gnu")
    # The same through JAX's own entry point; the plugin names the ones it knows.
    with pytest.raises(Exception, match="aarch64-unknown-linux-gnu"):
        topologies.get_topology_desc("sparc", "pjrtc")


def test_host_topology_compiles_what_the_device_runs(pj):
    compiled = compile_on(pjrtc.topology("host"))
    pjx = pjrtc.serialize(compiled)
    assert pjx[:4] == b"PJX\0"
    # The device loads the serialized executable and runs it.
    from jax.experimental.serialize_executable import deserialize_and_load, serialize

    payload, in_tree, out_tree = serialize(compiled)
    loaded = deserialize_and_load(payload, in_tree, out_tree, backend=pj.client,
                                  execution_devices=[pj])
    got = np.asarray(loaded(*jax.device_put(ARGS, pj)))
    want = np.asarray(jax.jit(f)(*jax.device_put(ARGS, jax.devices("cpu")[0])))
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)


def aarch64_runner():
    """The aarch64 pjx-run and qemu (scripts/ci-aarch64.sh builds and installs them)."""
    runner = Path(os.environ.get(
        "PJRTC_AARCH64_PJX_RUN", TARGET_DIR / "aarch64-unknown-linux-gnu" / "deploy" / "pjx-run"))
    qemu = shutil.which(os.environ.get("PJRTC_QEMU", "qemu-aarch64-static"))
    if not runner.exists() or qemu is None:
        pytest.fail(f"needs qemu-aarch64-static and the aarch64 pjx-run at {runner} "
                    "(scripts/ci-aarch64.sh, or set PJRTC_AARCH64_PJX_RUN)")
    return qemu, runner


@pytest.mark.aarch64_runner
def test_aarch64_topology_compiles_without_the_device_and_runs_under_qemu(tmp_path):
    qemu, runner = aarch64_runner()
    compiled = compile_on(pjrtc.topology("aarch64-unknown-linux-gnu"))
    pjx = pjrtc.serialize(compiled)
    (tmp_path / "f.pjx").write_bytes(pjx)
    inspect = subprocess.run([str(pjrtc_bin()), "inspect", str(tmp_path / "f.pjx")],
                             check=True, capture_output=True, text=True, timeout=60).stdout
    assert re.search(r"^target:\s+aarch64-unknown-linux-gnu", inspect, re.M), inspect
    inputs = []
    for i, a in enumerate(ARGS):
        np.save(tmp_path / f"in{i}.npy", a)
        inputs.append(str(tmp_path / f"in{i}.npy"))
    sysroot = os.environ.get("PJRTC_QEMU_LD_PREFIX", "/usr/aarch64-linux-gnu")
    subprocess.run([qemu, "-L", sysroot, str(runner), str(tmp_path / "f.pjx"), "--inputs",
                    ",".join(inputs), "--outputs", str(tmp_path / "out")],
                   check=True, timeout=300)
    got = np.load(tmp_path / "out" / "out0.npy")
    want = np.asarray(jax.jit(f)(*jax.device_put(ARGS, jax.devices("cpu")[0])))
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


def test_an_executable_for_another_target_is_refused_here_not_run(pj):
    compiled = compile_on(pjrtc.topology("aarch64-unknown-linux-gnu"))
    from jax.experimental.serialize_executable import deserialize_and_load, serialize

    payload, in_tree, out_tree = serialize(compiled)
    with pytest.raises(Exception, match="aarch64|target"):
        deserialize_and_load(payload, in_tree, out_tree, backend=pj.client,
                             execution_devices=[pj])


def pjrtc_bin():
    path = Path(os.environ.get("PJRTC_BIN", TARGET_DIR / "release" / "pjrtc"))
    if not path.exists():
        pytest.fail(f"{path} is missing: build it with `cargo build --release` or set PJRTC_BIN")
    return path


# ---- zero copy ----

def test_numpy_array_through_dlpack_shares_memory_with_the_pjrtc_array(pj):
    a = np.arange(64, dtype=np.float32).reshape(8, 8)
    x = jax.dlpack.from_dlpack(a, device=pj, copy=False)
    assert x.devices() == {pj}
    assert x.unsafe_buffer_pointer() == a.ctypes.data
    a[2, 3] = -7.0  # written through the numpy array, seen by the pjrtc one
    assert float(np.asarray(x)[2, 3]) == -7.0
    # It runs (a view of 64-byte aligned or unaligned host memory alike).
    np.testing.assert_array_equal(np.asarray(jax.jit(lambda v: v * 2)(x)), a * 2)
    # Odd offsets (not 64-byte aligned) are views too, and still compute right.
    b = np.arange(13, dtype=np.float32)[1:]
    y = jax.dlpack.from_dlpack(b, device=pj, copy=False)
    assert y.unsafe_buffer_pointer() == b.ctypes.data
    np.testing.assert_array_equal(np.asarray(jax.jit(lambda v: v + 1)(y)), b + 1)


def test_pjrtc_array_through_dlpack_shares_memory_with_numpy(pj):
    x = jax.device_put(np.linspace(0, 1, 10, dtype=np.float32), pj)
    n = np.from_dlpack(x)
    assert n.ctypes.data == x.unsafe_buffer_pointer()
    n[4] = 42.0  # written through numpy, seen by the pjrtc array
    assert float(np.asarray(x)[4]) == 42.0
    assert int(x.__dlpack_device__()[0]) == 1  # kDLCPU: host memory
    # The view keeps the memory alive after the array is deleted.
    x.delete()
    assert float(n[4]) == 42.0


def test_donation_runs_in_the_donated_buffer(pj):
    x = jax.device_put(np.arange(1000, dtype=np.float32), pj)
    before = x.unsafe_buffer_pointer()
    step = jax.jit(lambda v: v.at[3].set(-1.0) * 2, donate_argnums=0)
    y = step(x)
    assert x.is_deleted()
    assert y.unsafe_buffer_pointer() == before
    want = np.arange(1000, dtype=np.float32)
    want[3] = -1.0
    np.testing.assert_array_equal(np.asarray(y), want * 2)


def test_donated_buffer_aliased_by_numpy_is_copied_not_reused(pj):
    x = jax.device_put(np.arange(16, dtype=np.float32), pj)
    n = np.from_dlpack(x)  # holds an external reference to x's memory
    y = jax.jit(lambda v: v + 1, donate_argnums=0)(x)
    assert y.unsafe_buffer_pointer() != n.ctypes.data
    np.testing.assert_array_equal(n, np.arange(16, dtype=np.float32))
    np.testing.assert_array_equal(np.asarray(y), np.arange(16, dtype=np.float32) + 1)


def test_unsafe_buffer_pointer_is_the_memory_numpy_sees(pj):
    x = jax.device_put(np.ones((3, 5), np.int32), pj)
    p = x.unsafe_buffer_pointer()
    assert isinstance(p, int) and p != 0
    assert np.asarray(x).__array_interface__["data"][0] == p


# ---- analyses ----

def inspect_numbers(pjx_path):
    text = subprocess.run([str(pjrtc_bin()), "inspect", str(pjx_path)], check=True,
                          capture_output=True, text=True, timeout=60).stdout

    def num(label):
        m = re.search(rf"^\s*{re.escape(label)}\s+(\d+)", text, re.M)
        assert m, f"no {label} in\n{text}"
        return int(m.group(1))

    return {k: num(k) for k in ("code:", "constants:", "arena:", "arguments:", "outputs:",
                                 "total:", "flops:", "transcendentals:", "bytes accessed:")}


def test_memory_and_cost_analysis_are_what_pjrtc_inspect_shows(pj, tmp_path):
    def g(a, b, c):
        return jnp.einsum("bij,bjk->bik", a, b), jax.nn.softmax(c, axis=-1)

    args = (np.ones((2, 3, 5), np.float32), np.ones((2, 5, 7), np.float32),
            np.ones((6, 9), np.float32))
    compiled = jax.jit(g).lower(*jax.device_put(args, pj)).compile()
    (tmp_path / "g.pjx").write_bytes(pjrtc.serialize(compiled))
    want = inspect_numbers(tmp_path / "g.pjx")

    mem = compiled.memory_analysis()
    assert mem.argument_size_in_bytes == want["arguments:"] == 4 * (30 + 70 + 54)
    assert mem.output_size_in_bytes == want["outputs:"] == 4 * (42 + 54)
    assert mem.temp_size_in_bytes == want["arena:"]
    assert mem.generated_code_size_in_bytes == want["code:"] + want["constants:"]
    assert mem.alias_size_in_bytes == 0

    cost = compiled.cost_analysis()
    assert cost["flops"] == want["flops:"] == 2 * 2 * 3 * 7 * 5
    assert cost["transcendentals"] == want["transcendentals:"]
    assert cost["bytes accessed"] == want["bytes accessed:"] > 0


def test_device_memory_stats_count_live_buffers(pj):
    before = pj.memory_stats()["bytes_in_use"]
    x = jax.device_put(np.zeros(1 << 16, np.float32), pj)
    assert pj.memory_stats()["bytes_in_use"] == before + 4 * (1 << 16)
    assert pj.memory_stats()["peak_bytes_in_use"] >= before + 4 * (1 << 16)
    x.delete()
    assert pj.memory_stats()["bytes_in_use"] == before
