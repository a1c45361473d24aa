"""PyTorch/XLA device plugin for pjrtc: the same `libpjrtc_pjrt_plugin.so` JAX loads,
registered with PyTorch/XLA as the device type "PJRTC".

Installing this package registers it through the `torch_xla.plugins` entry point, which
`import torch_xla` reads; then `PJRT_DEVICE=PJRTC` selects it:

    PJRT_DEVICE=PJRTC python -c "import torch, torch_xla; print(torch.ones(2, device='xla') + 1)"

Without the installed entry point (e.g. PJRTC_PLUGIN_LIBRARY pointing at a cargo build),
call `register()` before the first XLA tensor is made.

Programs reach the plugin as HLO (PyTorch/XLA's default) or, with
`XLA_STABLEHLO_COMPILE=1`, as StableHLO; pjrtc compiles both. PJRTC_NUM_THREADS is
passed as the client create option `num_threads` as for JAX.
"""

from torch_xla.experimental import plugins

from . import library_path, num_threads

DEVICE_TYPE = "PJRTC"


class PjrtcPlugin(plugins.DevicePlugin):
    """One process, one pjrtc CPU device."""

    def library_path(self) -> str:
        path = library_path()
        if path is None:
            raise RuntimeError(
                "libpjrtc_pjrt_plugin.so is not bundled with this package; "
                "set PJRTC_PLUGIN_LIBRARY to a built plugin library"
            )
        return path

    def physical_chip_count(self) -> int:
        return 1

    def configure_single_process(self):
        pass

    def client_create_options(self) -> dict:
        return {"num_threads": num_threads()}


def register() -> None:
    """Registers pjrtc as PyTorch/XLA device type "PJRTC" (use with PJRT_DEVICE=PJRTC)."""
    plugins.register_plugin(DEVICE_TYPE, PjrtcPlugin())
