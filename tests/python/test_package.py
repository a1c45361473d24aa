"""The jax-pjrtc package: discovery, default platform, PJRT_NAMES_AND_LIBRARY_PATHS."""

import os
import subprocess
import sys
from pathlib import Path

import jax_plugins.pjrtc as plugin

PROBE = (
    "import jax; from jax._src.interpreters import mlir; "
    "print(jax.devices()[0].platform, jax.devices('pjrtc')[0].platform, "
    "'pjrtc' in mlir._platforms_with_donation)"
)


def probe(**env):
    base = {k: v for k, v in os.environ.items()
            if k not in ("JAX_PLATFORMS", "PJRT_NAMES_AND_LIBRARY_PATHS")}
    # The child imports the same jax_plugins.pjrtc (installed, or python/ of a checkout).
    base["PYTHONPATH"] = os.pathsep.join([str(Path(plugin.__file__).resolve().parents[2])]
                                         + sys.path)
    out = subprocess.run([sys.executable, "-c", PROBE], env={**base, **env},
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


def test_cpu_stays_default():
    assert probe() == ["cpu", "pjrtc", "True"]


def test_jax_platforms_selects_pjrtc():
    assert probe(JAX_PLATFORMS="pjrtc") == ["pjrtc", "pjrtc", "True"]


def test_env_registration_does_not_clash():
    lib = plugin.library_path()
    assert lib is not None
    got = probe(JAX_PLATFORMS="pjrtc", PJRT_NAMES_AND_LIBRARY_PATHS=f"pjrtc:{lib}")
    assert got == ["pjrtc", "pjrtc", "True"]
