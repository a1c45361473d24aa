"""JAX's persistent compilation cache with pjrtc: a second process loads what the first
compiled (PJRT_Executable_Serialize + DeserializeAndLoad) and never compiles, and the
cached entry is a .pjx that `pjrtc run` executes."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

REPO = Path(__file__).resolve().parents[2]

PROGRAM = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    import numpy as np
    sys.path.insert(0, sys.argv[3])  # python/ of the checkout, unless the package is installed
    import jax
    jax.config.update("jax_compilation_cache_dir", sys.argv[1])
    jax.config.update("jax_persistent_cache_min_compile_time_secs", 0)
    jax.config.update("jax_persistent_cache_min_entry_size_bytes", 0)
    pj = jax.devices("pjrtc")[0]
    x = jax.device_put(np.arange(6, dtype=np.float32).reshape(2, 3), pj)
    y = jax.jit(lambda x: (x * 3 - 1).sum(axis=0))(x)
    z = jax.jit(lambda x: x.T @ x)(x)
    np.save(Path(sys.argv[2]) / "y.npy", np.asarray(y))
    np.save(Path(sys.argv[2]) / "z.npy", np.asarray(z))
    """
)


def run_process(cache, out, dump):
    env = dict(os.environ, PJRTC_DUMP_DIR=str(dump), JAX_PLATFORMS="cpu,pjrtc")
    out.mkdir()
    subprocess.run(
        [sys.executable, "-c", PROGRAM, str(cache), str(out), str(REPO / "python")],
        env=env, check=True, timeout=300,
    )
    return sorted(dump.glob("*")) if dump.exists() else []


def test_second_process_loads_from_cache(tmp_path):
    cache, dump1, dump2 = tmp_path / "cache", tmp_path / "dump1", tmp_path / "dump2"
    compiled = run_process(cache, tmp_path / "out1", dump1)
    assert len(compiled) == 2, f"first process compiled {len(compiled)} programs, expected 2"
    entries = [p for p in cache.rglob("*") if p.is_file() and "-cache" in p.name]
    assert len(entries) == 2, f"cache entries: {sorted(p.name for p in cache.rglob('*'))}"

    recompiled = run_process(cache, tmp_path / "out2", dump2)
    assert recompiled == [], f"second process called Client_Compile for {recompiled}"
    for name in ("y.npy", "z.npy"):
        np.testing.assert_array_equal(np.load(tmp_path / "out2" / name), np.load(tmp_path / "out1" / name))

    # `pjrtc run` takes a cache entry as it lies in the directory (JAX's compressed
    # 4-byte compile time + IFRT's wrapping of our serialized .pjx).
    pjrtc = Path(os.environ.get("PJRTC_BIN", REPO / "target" / "release" / "pjrtc"))
    if not pjrtc.exists():
        pytest.fail(f"{pjrtc} is missing: build it with `cargo build --release` or set PJRTC_BIN")
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    np.save(tmp_path / "x.npy", x)
    want = {(3,): np.load(tmp_path / "out1" / "y.npy"), (3, 3): np.load(tmp_path / "out1" / "z.npy")}
    ran = set()
    for i, entry in enumerate(entries):
        out = tmp_path / f"run{i}"
        subprocess.run([str(pjrtc), "run", str(entry), "--inputs", str(tmp_path / "x.npy"),
                        "--outputs", str(out)], check=True, timeout=60)
        got = np.load(out / "out0.npy")
        np.testing.assert_array_equal(got, want[got.shape])
        ran.add(got.shape)
    assert ran == set(want)
