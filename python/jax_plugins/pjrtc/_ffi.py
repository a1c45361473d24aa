"""XLA FFI handlers for custom call targets on pjrtc, through the plugin's PJRT FFI extension.

`jax.ffi.register_ffi_target(name, capsule, platform="pjrtc")` reaches
`jaxlib.xla_client.register_custom_call_target`, which hands registrations for a platform
to the handler registered with `xla_client.register_custom_call_handler(platform, ...)`
(queuing earlier ones until there is one). jaxlib has such handlers only for its own
platforms and for plugins with a nanobind extension, so this module provides one for
"pjrtc": it finds the FFI extension (`PJRT_Extension_Type_FFI`) in the plugin's
`PJRT_Api` extension chain with ctypes and calls its `register_handler` with the
handler's address. The struct layouts are those of `pjrt_c_api.h` /
`pjrt_c_api_ffi_extension.h` that the plugin implements.
"""

import ctypes

PJRT_EXTENSION_TYPE_FFI = 5


class _ExtensionBase(ctypes.Structure):
    pass


_ExtensionBase._fields_ = [
    ("struct_size", ctypes.c_size_t),
    ("type", ctypes.c_int),
    ("next", ctypes.POINTER(_ExtensionBase)),
]


class _ApiHead(ctypes.Structure):
    # The first fields of PJRT_Api.
    _fields_ = [
        ("struct_size", ctypes.c_size_t),
        ("extension_start", ctypes.POINTER(_ExtensionBase)),
    ]


class _Error(ctypes.Structure):
    pass


_EntryPoint = ctypes.CFUNCTYPE(ctypes.POINTER(_Error), ctypes.c_void_p)


class _FfiExtension(ctypes.Structure):
    _fields_ = [
        ("base", _ExtensionBase),
        ("type_id_register", _EntryPoint),
        ("user_data_add", _EntryPoint),
        ("register_handler", _EntryPoint),
    ]


class _RegisterHandlerArgs(ctypes.Structure):
    # PJRT_FFI_Register_Handler_Args, current layout (no api_version field).
    _fields_ = [
        ("struct_size", ctypes.c_size_t),
        ("target_name", ctypes.c_char_p),
        ("target_name_size", ctypes.c_size_t),
        ("handler", ctypes.c_void_p),
        ("platform_name", ctypes.c_char_p),
        ("platform_name_size", ctypes.c_size_t),
        ("traits", ctypes.c_uint32),
    ]


_REGISTER_HANDLER_ARGS_SIZE = _RegisterHandlerArgs.traits.offset + 4


class Plugin:
    """The plugin library's PJRT API, for the calls JAX has no Python entry point for."""

    def __init__(self, path: str):
        self.lib = ctypes.CDLL(path)
        self.lib.GetPjrtApi.restype = ctypes.POINTER(_ApiHead)
        api = self.lib.GetPjrtApi()
        self._api = api
        self._error_message, self._error_destroy = self._error_functions()
        ext = api.contents.extension_start
        self.ffi = None
        while ext:
            if ext.contents.type == PJRT_EXTENSION_TYPE_FFI:
                self.ffi = ctypes.cast(ext, ctypes.POINTER(_FfiExtension)).contents
                break
            ext = ext.contents.next
        if self.ffi is None:
            raise RuntimeError(f"{path}: the PJRT plugin has no FFI extension")

    def _error_functions(self):
        # PJRT_Api slots 0 (Error_Destroy) and 1 (Error_Message), after the 40-byte head.
        slots = ctypes.cast(
            ctypes.cast(self._api, ctypes.c_void_p).value + 40,
            ctypes.POINTER(ctypes.c_void_p),
        )

        class DestroyArgs(ctypes.Structure):
            _fields_ = [("struct_size", ctypes.c_size_t), ("extension_start", ctypes.c_void_p),
                        ("error", ctypes.c_void_p)]

        class MessageArgs(ctypes.Structure):
            _fields_ = [("struct_size", ctypes.c_size_t), ("extension_start", ctypes.c_void_p),
                        ("error", ctypes.c_void_p), ("message", ctypes.c_void_p),
                        ("message_size", ctypes.c_size_t)]

        destroy = ctypes.CFUNCTYPE(None, ctypes.POINTER(DestroyArgs))(slots[0])
        message = ctypes.CFUNCTYPE(None, ctypes.POINTER(MessageArgs))(slots[1])

        def get_message(err):
            a = MessageArgs(ctypes.sizeof(MessageArgs), None, ctypes.cast(err, ctypes.c_void_p).value, None, 0)
            message(ctypes.byref(a))
            return ctypes.string_at(a.message, a.message_size).decode("utf-8", "replace")

        def free(err):
            a = DestroyArgs(ctypes.sizeof(DestroyArgs), None, ctypes.cast(err, ctypes.c_void_p).value)
            destroy(ctypes.byref(a))

        return get_message, free

    def _check(self, err, what):
        if err:
            msg = self._error_message(err)
            self._error_destroy(err)
            raise RuntimeError(f"{what}: {msg}")

    def register_handler(self, name: str, handler: int, platform: str = "pjrtc") -> None:
        """Registers the XLA FFI handler at address `handler` for custom call target `name`."""
        n, p = name.encode(), platform.encode()
        args = _RegisterHandlerArgs(_REGISTER_HANDLER_ARGS_SIZE, n, len(n), handler, p, len(p), 0)
        self._check(self.ffi.register_handler(ctypes.addressof(args)), f"registering FFI target {name!r}")


def capsule_pointer(capsule) -> int:
    """The address a PyCapsule (e.g. from `jax.ffi.pycapsule`) holds."""
    py = ctypes.pythonapi
    py.PyCapsule_GetName.restype = ctypes.c_char_p
    py.PyCapsule_GetName.argtypes = [ctypes.py_object]
    py.PyCapsule_GetPointer.restype = ctypes.c_void_p
    py.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
    name = py.PyCapsule_GetName(capsule)
    ptr = py.PyCapsule_GetPointer(capsule, name)
    if not ptr:
        raise ValueError("the capsule holds a NULL pointer")
    return ptr


def custom_call_handler(plugin: Plugin):
    """The `xla_client.register_custom_call_handler` callback for platform "pjrtc"."""

    def register(name, fn, xla_platform_name, api_version, traits):
        if api_version != 1:
            raise NotImplementedError(
                f"FFI target {name!r}: pjrtc calls typed XLA FFI handlers (api_version=1), "
                f"not api_version={api_version}")
        if isinstance(fn, dict):
            others = sorted(set(fn) - {"execute"})
            if others:
                raise NotImplementedError(
                    f"FFI target {name!r}: pjrtc calls the execute stage only, not {others}")
            fn = fn["execute"]
        name = name.decode() if isinstance(name, bytes) else name
        plugin.register_handler(name, capsule_pointer(fn))

    return register
