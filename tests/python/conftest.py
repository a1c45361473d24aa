"""Runs JAX on both the `cpu` and `pjrtc` platforms in one process.

The plugin comes from the installed `jax-pjrtc` package, or, when that is not installed,
from `python/` in this checkout plus PJRTC_PLUGIN_LIBRARY (a built .so).
"""

import os
import sys
from pathlib import Path

os.environ.setdefault("JAX_PLATFORMS", "cpu,pjrtc")

try:
    import jax_plugins.pjrtc  # noqa: F401
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "python"))

import jax  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "aarch64_runner: runs the aarch64 pjx-run under qemu (scripts/ci-aarch64.sh builds it; "
        "scripts/test-all runs these cases after that step)",
    )


@pytest.fixture(scope="session")
def cpu():
    return jax.devices("cpu")[0]


@pytest.fixture(scope="session")
def pj():
    return jax.devices("pjrtc")[0]


def to_host(tree):
    return jax.tree.map(np.asarray, tree)


@pytest.fixture(scope="session")
def run_both(cpu, pj):
    """run_both(f, *args) -> (cpu result, pjrtc result) as numpy trees."""

    def run(f, *args, jit_kwargs=None):
        jf = jax.jit(f, **(jit_kwargs or {}))
        outs = []
        for dev in (cpu, pj):
            dargs = jax.device_put(args, dev)
            with jax.default_device(dev):
                out = jf(*dargs)
            leaves = jax.tree.leaves(out)
            for leaf in leaves:
                assert leaf.devices() == {dev}, (leaf.devices(), dev)
            outs.append(to_host(out))
        return outs

    return run


@pytest.fixture(scope="session")
def check(run_both):
    """check(f, *args, rtol=, atol=): pjrtc agrees with the CPU backend."""

    def chk(f, *args, rtol=1e-6, atol=1e-6, jit_kwargs=None):
        want, got = run_both(f, *args, jit_kwargs=jit_kwargs)
        jax.tree.map(
            lambda w, g: assert_close(w, g, rtol=rtol, atol=atol), want, got
        )
        return got

    return chk


def assert_close(want, got, rtol, atol):
    assert want.dtype == got.dtype, (want.dtype, got.dtype)
    assert want.shape == got.shape, (want.shape, got.shape)
    if want.dtype.kind in "biu" or want.dtype == np.bool_:
        np.testing.assert_array_equal(got, want)
    elif want.dtype.kind == "c":
        # Both parts, each to the tolerance.
        for part in (np.real, np.imag):
            np.testing.assert_allclose(
                part(got).astype(np.float64), part(want).astype(np.float64), rtol=rtol, atol=atol
            )
    else:
        np.testing.assert_allclose(
            got.astype(np.float64), want.astype(np.float64), rtol=rtol, atol=atol
        )
