"""Builds the wheel with the plugin library inside it.

`build_py` runs `cargo build --release -p pjrtc-pjrt-plugin` in the repository this
directory belongs to and copies `libpjrtc_pjrt_plugin.so` into `jax_plugins/pjrtc/`.
Set PJRTC_PLUGIN_LIBRARY to an already built `.so` to skip cargo. CARGO_TARGET_DIR is
honoured.
"""

import os
import shutil
import subprocess
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

try:
    from wheel.bdist_wheel import bdist_wheel
except ImportError:  # wheel >= 0.44 moved it into setuptools
    from setuptools.command.bdist_wheel import bdist_wheel

LIB = "libpjrtc_pjrt_plugin.so"
HERE = Path(__file__).resolve().parent


def plugin_library() -> Path:
    given = os.environ.get("PJRTC_PLUGIN_LIBRARY")
    if given:
        return Path(given)
    root = Path(os.environ.get("PJRTC_SOURCE_DIR", HERE.parent)).resolve()
    if not (root / "pjrt-plugin" / "Cargo.toml").exists():
        raise SystemExit(
            f"pjrtc sources not found at {root}: build from a checkout "
            "(pip >= 21.3 builds in place) or set PJRTC_PLUGIN_LIBRARY / PJRTC_SOURCE_DIR"
        )
    cargo = os.environ.get("CARGO", shutil.which("cargo") or str(Path.home() / ".cargo/bin/cargo"))
    subprocess.check_call(
        [cargo, "build", "--release", "-p", "pjrtc-pjrt-plugin"], cwd=root
    )
    target = Path(os.environ.get("CARGO_TARGET_DIR", root / "target"))
    if not target.is_absolute():
        target = root / target
    return target / "release" / LIB


class BuildPyWithPlugin(build_py):
    def run(self):
        super().run()
        lib = plugin_library()
        if not lib.exists():
            raise SystemExit(f"{lib} was not built")
        dest = Path(self.build_lib) / "jax_plugins" / "pjrtc" / LIB
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(lib, dest)


class PlatformWheel(bdist_wheel):
    # The wheel carries a native library: tag it for this platform, any Python 3.
    def finalize_options(self):
        super().finalize_options()
        self.root_is_pure = False

    def get_tag(self):
        _, _, plat = super().get_tag()
        return "py3", "none", plat


setup(cmdclass={"build_py": BuildPyWithPlugin, "bdist_wheel": PlatformWheel})
