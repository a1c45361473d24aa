"""JAX plugin for pjrtc: registers `libpjrtc_pjrt_plugin.so` as the platform "pjrtc".

JAX imports this module (entry point group `jax_plugins`) and calls `initialize()`.
Use it with `JAX_PLATFORMS=pjrtc` or `jax.devices("pjrtc")`.

Once JAX has registered its plugins, the platform is set up for what JAX only provides on
its own platforms: linear algebra (`_linalg`: the CPU lowering rules, which emit the
LAPACK custom calls pjrtc compiles), users' XLA FFI handlers (`_ffi`:
`jax.ffi.register_ffi_target(..., platform="pjrtc")` through the plugin's PJRT FFI
extension), host callbacks (`_callbacks`) and DLPack exchange (`_dlpack`). Those
modules say which JAX internals they rely on.

Several processes: after `jax.distributed.initialize(...)`, JAX passes the process id and
count (`node_id`, `num_nodes`) and its key-value store to the plugin, which exchanges the
processes' device lists through it (docs/DISTRIBUTED.md); nothing is needed here.
Programs whose devices span processes run when the processes were started by Open MPI's
`mpirun` (process_id = OMPI_COMM_WORLD_RANK): the plugin loads libmpi at run time.

Environment:
  PJRTC_PLUGIN_LIBRARY  path of the plugin library to load instead of the bundled one
                        (development: `cargo build --release -p pjrtc-pjrt-plugin`).
  PJRTC_PRIORITY        backend priority (default -1: the CPU backend, priority 0, stays
                        JAX's default unless JAX_PLATFORMS selects pjrtc).
  PJRTC_NUM_DEVICES     number of pjrtc CPU devices (default 1, at most 256), passed to the
                        plugin as the client create option `num_devices`.
  PJRTC_NUM_THREADS     threads each call may use (default 1, at most 256), passed to the
                        plugin as the client create option `num_threads`.
  PJRTC_MPI_LIBRARY     an Open MPI library to try before libmpi.so.40 / libmpi.so (read by
                        the plugin, for programs spanning processes).
"""

import logging
import os
from pathlib import Path

logger = logging.getLogger(__name__)

PLATFORM = "pjrtc"
_LIB = "libpjrtc_pjrt_plugin.so"


def library_path() -> str | None:
    """The plugin library JAX should load, or None when there is none."""
    given = os.environ.get("PJRTC_PLUGIN_LIBRARY")
    if given:
        return given
    bundled = Path(__file__).resolve().parent / _LIB
    return str(bundled) if bundled.exists() else None


MAX_DEVICES = 256


def _count_from_env(var: str) -> int:
    """The count environment variable `var` asks for (default 1); ValueError if invalid."""
    raw = os.environ.get(var, "").strip()
    if not raw:
        return 1
    try:
        n = int(raw)
    except ValueError:
        raise ValueError(f"{var}={raw!r} is not an integer") from None
    if not 1 <= n <= MAX_DEVICES:
        raise ValueError(f"{var}={n} is not in 1..{MAX_DEVICES}")
    return n


def num_devices() -> int:
    """The device count PJRTC_NUM_DEVICES asks for (default 1); ValueError if invalid."""
    return _count_from_env("PJRTC_NUM_DEVICES")


def num_threads() -> int:
    """The threads per call PJRTC_NUM_THREADS asks for (default 1); ValueError if invalid."""
    return _count_from_env("PJRTC_NUM_THREADS")


def _enable_donation() -> None:
    # JAX only lowers donated arguments (`tf.aliasing_output`) for platforms in this
    # list; without it `donate_argnums` is dropped with a warning.
    from jax._src.interpreters import mlir

    if PLATFORM not in mlir._platforms_with_donation:
        mlir._platforms_with_donation.append(PLATFORM)


def _enable_persistent_cache() -> None:
    # JAX 0.10 reads and writes its persistent compilation cache only for the platforms
    # tpu/gpu/cpu/neuron (a list inside `compilation_cache.is_cache_used`). pjrtc
    # executables serialize (PJRT_Executable_Serialize gives the .pjx bytes) and load back
    # (PJRT_Executable_DeserializeAndLoad), so let the cache serve pjrtc as well.
    from jax._src import compilation_cache as cc

    original = cc.is_cache_used
    if getattr(original, "_pjrtc", False):
        return

    def is_cache_used(backend) -> bool:
        if getattr(backend, "platform", None) == PLATFORM:
            return cc._is_cache_enabled()
        return original(backend)

    is_cache_used._pjrtc = True
    cc.is_cache_used = is_cache_used


# Targets pjrtc compiles for without their device (PJRT topologies; see `topology`).
TOPOLOGIES = ("host", "x86_64-unknown-linux-gnu", "aarch64-unknown-linux-gnu")


def topology(name: str = "host", num_devices: int = 1):
    """The devices of a target to compile for without them: `name` is one of TOPOLOGIES
    (`host` = this machine with all its features; `x86_64-unknown-linux-gnu` = the
    x86-64-v3 level). Same as `jax.experimental.topologies.get_topology_desc(name,
    "pjrtc", num_devices=...)`; compile for its `.devices` (e.g. with a mesh from
    `jax.experimental.topologies.make_mesh`) and `serialize(compiled)` gives the `.pjx`
    that `pjx-run` runs on that target."""
    from jax.experimental import topologies

    if name not in TOPOLOGIES:
        raise ValueError(f"unknown pjrtc topology {name!r} (known: {', '.join(TOPOLOGIES)})")
    return topologies.get_topology_desc(name, PLATFORM, num_devices=num_devices)


def serialize(compiled) -> bytes:
    """The `.pjx` artifact of a `jax.stages.Compiled` for pjrtc (live or from a topology).

    JAX's `serialize()` is IFRT's wrapping of what PJRT_Executable_Serialize returned: a
    varint length, that many bytes of IFRT metadata, then the plugin's bytes (the .pjx,
    as `pjrtc`'s reader of JAX cache entries also expects)."""
    data = compiled.runtime_executable().serialize()
    n, shift, i = 0, 0, 0
    while i < len(data):
        b = data[i]
        i += 1
        n |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            break
    pjx = data[i + n:]
    if pjx[:4] != b"PJX\0":
        raise ValueError("not a pjrtc executable (no .pjx inside its serialization)")
    return pjx


def _named_in_env() -> bool:
    # JAX registers PJRT_NAMES_AND_LIBRARY_PATHS entries after the plugin modules, and a
    # second registration of the same name fails (ALREADY_EXISTS): let the variable win.
    entries = os.environ.get("PJRT_NAMES_AND_LIBRARY_PATHS", "")
    sep = ";" if os.name == "nt" else ":"
    return any(e.split(sep, 1)[0].strip() == PLATFORM for e in entries.split(",") if e)


def _plugin_path_in_env() -> str | None:
    """The library PJRT_NAMES_AND_LIBRARY_PATHS names for pjrtc (a path or a .json)."""
    import json

    entries = os.environ.get("PJRT_NAMES_AND_LIBRARY_PATHS", "")
    sep = ";" if os.name == "nt" else ":"
    for e in entries.split(","):
        name, _, path = e.partition(sep)
        if name.strip() == PLATFORM and path:
            if path.endswith(".json"):
                with open(path) as f:
                    return json.load(f).get("library_path")
            return path
    return None


_set_up = False


def _set_up_platform(c_api=None) -> None:
    """Linear algebra, FFI targets and host callbacks for pjrtc (once, after JAX has
    registered its plugins; never raises into JAX's backend discovery)."""
    global _set_up
    if _set_up:
        return
    from jax._src import xla_bridge as xb

    if not xb.is_known_platform(PLATFORM):
        return
    _set_up = True
    try:
        from . import _dlpack

        _dlpack.install(PLATFORM)
    except Exception:  # noqa: BLE001 - the platform still runs without it
        logger.warning("pjrtc: DLPack exchange is unavailable", exc_info=True)
    try:
        from jax._src.lib import xla_client

        from . import _callbacks, _ffi, _linalg

        path = _plugin_path_in_env() if _named_in_env() else library_path()
        plugin = _ffi.Plugin(path)
        xla_client.register_custom_call_handler(PLATFORM, _ffi.custom_call_handler(plugin))
        _linalg.register(PLATFORM)
        _callbacks.install(plugin, PLATFORM)
    except Exception:  # noqa: BLE001 - the platform still runs without these
        logger.warning("pjrtc: linear algebra, FFI targets or host callbacks are unavailable",
                       exc_info=True)


def initialize() -> None:
    from jax._src import xla_bridge as xb

    named = _named_in_env()
    path = None if named else library_path()
    if not named and path is None:
        logger.warning(
            "pjrtc: %s is not bundled and PJRTC_PLUGIN_LIBRARY is unset; "
            "the pjrtc platform is not registered",
            _LIB,
        )
        return
    # Validated before anything is registered, so a bad value fails loudly and early.
    options = {"num_devices": num_devices(), "num_threads": num_threads()}
    _enable_donation()
    _enable_persistent_cache()
    if not named:
        priority = int(os.environ.get("PJRTC_PRIORITY", "-1"))
        xb.register_plugin(PLATFORM, priority=priority, library_path=path, options=options)
    # After every plugin (and PJRT_NAMES_AND_LIBRARY_PATHS) is registered.
    xb.register_plugin_callbacks(_set_up_platform)
