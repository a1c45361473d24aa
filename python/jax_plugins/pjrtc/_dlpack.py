"""DLPack for pjrtc arrays, both ways, without copying.

jaxlib exchanges DLPack tensors only with platforms it knows by name ("cpu", "cuda",
"rocm": it maps the client's platform to a DLPack device type), and pjrtc is called
"pjrtc" so that JAX picks generic lowerings over jaxlib's CPU-only custom calls. pjrtc
arrays are host memory, so this module makes the exchange itself:

- export (`np.from_dlpack(x)`, `x.__dlpack__()`): the DLPack tensor of a writable numpy
  view of the buffer's own memory. `np.asarray(x)` aliases that memory through
  PJRT_Buffer_IncreaseExternalReferenceCount (the plugin reports its buffers as on the
  CPU); the view holds that array, which keeps the memory alive (and undonated) while any
  consumer uses it. `__dlpack_device__` of a pjrtc array is then the CPU.
- import (`jax.dlpack.from_dlpack(a, device=pjrtc_device)`, `jnp.from_dlpack` likewise):
  a host (kDLCPU) DLPack tensor goes straight to PJRT_Client_CreateViewOfDeviceBuffer on
  that device through jaxlib's `dlpack_managed_tensor_to_buffer`: the array is a view of
  the producer's memory, which the producer is told to release when the array is gone.

JAX internals used (checked against jax 0.10.2): `jax._src.dlpack.{to_dlpack,
from_dlpack, DLDeviceType}`, `jax._src.array.ArrayImpl.__dlpack_device__` and `.platform()`,
`jax._src.lib._jax.dlpack_managed_tensor_to_buffer`.
"""

import numpy as np

_K_DL_CPU = 1


class _Alias:
    """Exposes `base`'s memory as writable through the array interface; numpy views made
    from it keep it, and so `base`, alive."""

    def __init__(self, base: np.ndarray):
        self._base = base
        iface = dict(base.__array_interface__)
        iface["data"] = (iface["data"][0], False)
        self.__array_interface__ = iface


def host_view(x) -> np.ndarray:
    """A writable numpy array over the memory of pjrtc array `x` (no copy)."""
    base = np.asarray(x)
    if x.size and base.__array_interface__["data"][0] != x.unsafe_buffer_pointer():
        raise BufferError("pjrtc: numpy did not alias the buffer's memory")
    return np.asarray(_Alias(base))


def install(platform: str) -> None:
    """Routes JAX's DLPack entry points for `platform` arrays and devices here."""
    import jax.dlpack
    from jax._src import array as jarray
    from jax._src import dlpack as jdl
    from jax._src.lib import _jax, jaxlib_extension_version

    if getattr(jdl.to_dlpack, "_pjrtc", False):
        return
    original_to = jdl.to_dlpack
    original_from = jdl.from_dlpack
    original_device = jarray.ArrayImpl.__dlpack_device__

    def to_dlpack(x, stream=None, src_device=None, dl_device=None, max_version=None,
                  copy=None):
        if isinstance(x, jarray.ArrayImpl) and x.platform() == platform:
            if len(x.sharding.device_set) != 1:
                raise BufferError("to_dlpack needs an array on a single device")
            view = np.array(x, copy=True) if copy else host_view(x)
            kwargs = {} if max_version is None else {"max_version": max_version}
            return view.__dlpack__(**kwargs)
        return original_to(x, stream=stream, src_device=src_device, dl_device=dl_device,
                           max_version=max_version, copy=copy)

    def dlpack_device(self):
        if self.platform() == platform:
            if len(self._arrays) != 1:
                raise BufferError("__dlpack__ only supported for unsharded arrays.")
            return jdl.DLDeviceType.kDLCPU, 0
        return original_device(self)

    def from_dlpack(external_array, device=None, copy=None):
        target = device
        if target is not None and hasattr(target, "device_set"):
            target = next(iter(target.device_set)) if len(target.device_set) == 1 else None
        if (getattr(target, "platform", None) != platform or copy
                or not hasattr(external_array, "__dlpack_device__")):
            return original_from(external_array, device=device, copy=copy)
        dl_type, _ = external_array.__dlpack_device__()
        if int(dl_type) != _K_DL_CPU:
            return original_from(external_array, device=device, copy=copy)
        capsule = external_array.__dlpack__(stream=None)
        if jaxlib_extension_version >= 467:
            return _jax.dlpack_managed_tensor_to_buffer(capsule, target, None, copy, _K_DL_CPU)
        return _jax.dlpack_managed_tensor_to_buffer(capsule, target, None, copy)

    for f in (to_dlpack, from_dlpack):
        f._pjrtc = True
    jdl.to_dlpack = to_dlpack
    jdl.from_dlpack = from_dlpack
    jax.dlpack.from_dlpack = from_dlpack
    jarray.ArrayImpl.__dlpack_device__ = dlpack_device
    # jnp.from_dlpack looks jax.dlpack.from_dlpack up at call time: covered too.
