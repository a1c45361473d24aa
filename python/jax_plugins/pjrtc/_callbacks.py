"""Host callbacks on pjrtc: `jax.pure_callback`, `jax.experimental.io_callback`,
`jax.debug.callback` and `jax.debug.print`.

JAX lowers every callback through `jax._src.callback.emit_python_callback`, which accepts
only cpu/cuda/rocm/tpu. On CPU it emits `custom_call @xla_ffi_python_cpu_callback` with
the callable's position in the executable's host callbacks, and jaxlib hands those
callables to its handler through execute-context user data, which it forwards only for
its built-in platforms. So on pjrtc:

- `emit_python_callback` is wrapped: for modules lowered for "pjrtc" alone it emits
  `custom_call @pjrtc_python_callback` (typed FFI, `has_side_effect` as upstream) with a
  `callback_id` attribute naming the callable in this module's table. The callable is
  also added to the module's host callbacks, as upstream does, so the executable keeps it
  alive (the table holds a weak reference). Ordered effects: the token passes through
  unchanged; pjrtc runs a program's side effects in program order.
- The debug primitives' lowering rules (`debug_callback`, `debug_print`, registered by
  JAX for cpu/gpu/tpu only) are registered for "pjrtc" as they are.
- The plugin's handler for `pjrtc_python_callback` (the exported symbol of the same
  name) is registered with `jax.ffi.register_ffi_target`; it calls back into
  `_trampoline` here (installed with `pjrtc_set_python_callback_trampoline`), which
  converts the buffers to numpy arrays, calls the callable and writes its results.

Callback ids carry a random per-process prefix, so a persistent-cache entry of another
process (whose program text differs) is never mistaken for this one's.

What relies on JAX internals: `jax._src.callback.emit_python_callback` (wrapped) and the
debug rules `jax._src.debugging.debug_callback_lowering` / `debug_print_lowering_rule`.
"""

import ctypes
import itertools
import random
import threading
import weakref

import numpy as np

TARGET = "pjrtc_python_callback"

_table: dict = {}
_lock = threading.Lock()
_prefix = random.SystemRandom().getrandbits(31) << 32
_counter = itertools.count(1)


def _register(fn) -> int:
    cid = _prefix | next(_counter)

    def forget(_ref, cid=cid):
        with _lock:
            _table.pop(cid, None)

    with _lock:
        _table[cid] = weakref.ref(fn, forget)
    return cid


class _Buffer(ctypes.Structure):
    _fields_ = [
        ("data", ctypes.c_void_p),
        ("dtype", ctypes.c_int32),
        ("rank", ctypes.c_int32),
        ("dims", ctypes.POINTER(ctypes.c_int64)),
    ]


_Trampoline = ctypes.CFUNCTYPE(
    ctypes.c_int, ctypes.c_uint64, ctypes.c_int64, ctypes.POINTER(_Buffer),
    ctypes.c_int64, ctypes.POINTER(_Buffer), ctypes.c_void_p, ctypes.c_size_t)


def _numpy_dtype(code: int):
    # XLA_FFI_DataType codes (XLA's PrimitiveType numbers).
    import ml_dtypes

    table = {
        1: np.bool_, 2: np.int8, 3: np.int16, 4: np.int32, 5: np.int64, 6: np.uint8,
        7: np.uint16, 8: np.uint32, 9: np.uint64, 10: np.float16, 11: np.float32,
        12: np.float64, 16: ml_dtypes.bfloat16, 19: ml_dtypes.float8_e5m2,
        20: ml_dtypes.float8_e4m3fn, 21: ml_dtypes.int4, 22: ml_dtypes.uint4,
        23: ml_dtypes.float8_e4m3b11fnuz, 24: ml_dtypes.float8_e5m2fnuz,
        25: ml_dtypes.float8_e4m3fnuz,
    }
    if code not in table:
        raise TypeError(f"host callbacks on pjrtc do not handle XLA element type {code}")
    return np.dtype(table[code])


def _view(b: _Buffer) -> np.ndarray:
    """The buffer as a numpy array over its memory (valid during the call)."""
    dtype = _numpy_dtype(b.dtype)
    shape = tuple(b.dims[i] for i in range(b.rank))
    n = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
    if n == 0:
        return np.zeros(shape, dtype)
    raw = (ctypes.c_char * n).from_address(b.data)
    return np.frombuffer(raw, dtype=dtype).reshape(shape)


@_Trampoline
def _trampoline(cid, nargs, args, nrets, rets, err, err_size):
    try:
        ref = _table.get(cid)
        fn = ref() if ref is not None else None
        if fn is None:
            raise RuntimeError(f"host callback {cid:#x} no longer exists (its executable was deleted)")
        # Copies: the callable may keep its arguments after the buffers are reused.
        values = [_view(args[i]).copy() for i in range(nargs)]
        outs = fn(*values)
        if len(outs) != nrets:
            raise RuntimeError(f"the callback returned {len(outs)} values, expected {nrets}")
        for i in range(nrets):
            dst = _view(rets[i])
            src = np.asarray(outs[i])
            if src.shape != dst.shape or src.dtype != dst.dtype:
                raise RuntimeError(
                    f"result {i}: got {src.dtype}{list(src.shape)}, expected {dst.dtype}{list(dst.shape)}")
            if dst.size:
                np.copyto(dst, src)
        return 0
    except BaseException as e:  # reported to JAX as the call's error
        msg = f"{type(e).__name__}: {e}".encode("utf-8", "replace")[: max(err_size - 1, 0)]
        ctypes.memmove(err, msg + b"\0", len(msg) + 1)
        return 1


def _emitter(original, platform):
    """`emit_python_callback` that handles modules lowered for `platform`."""
    from jax._src import dtypes
    from jax._src import ffi
    from jax._src.interpreters import mlir

    def emit(ctx, callback, token, operands, operand_avals, result_avals, *,
             has_side_effect, returns_token=True, partitioned=False, sharding=None):
        platforms = tuple(ctx.module_context.platforms)
        if platforms != (platform,):
            return original(ctx, callback, token, operands, operand_avals, result_avals,
                            has_side_effect=has_side_effect, returns_token=returns_token,
                            partitioned=partitioned, sharding=sharding)
        if partitioned and result_avals:
            raise ValueError("Partitioned callback not supported with return values.")

        # The output checks of upstream's wrapper.
        def wrapped(*args):
            out_vals = callback(*args)
            if len(out_vals) != len(result_avals):
                raise RuntimeError(
                    "Mismatched number of outputs from callback. "
                    f"Expected: {len(result_avals)}, Actual: {len(out_vals)}")
            out_vals = tuple(dtypes.canonicalize_value(np.asarray(a)) for a in out_vals)
            for i, (out_val, out_aval) in enumerate(zip(out_vals, result_avals)):
                if out_val.shape != out_aval.shape:
                    raise RuntimeError(
                        f"Incorrect output shape for return value #{i}: "
                        f"Expected: {out_aval.shape}, Actual: {out_val.shape}")
                if out_val.dtype != out_aval.dtype:
                    raise RuntimeError(
                        f"Incorrect output dtype for return value #{i}: "
                        f"Expected: {out_aval.dtype}, Actual: {out_val.dtype}")
            return out_vals

        ctx.module_context.add_host_callback(wrapped)
        cid = _register(wrapped)
        result = ffi.build_ffi_lowering_function(TARGET, has_side_effect=has_side_effect)(
            ctx, *operands, callback_id=np.uint64(cid))
        if sharding is not None:
            mlir.set_sharding(ctx.module_context, result, sharding)
        return result.results, token, wrapped

    emit._pjrtc = True
    return emit


_installed = False


def install(plugin, platform: str) -> None:
    """Hooks callbacks for `platform` into JAX and registers the handler (once)."""
    global _installed
    if _installed:
        return
    import jax
    from jax._src import callback as cb
    from jax._src import debugging
    from jax._src.interpreters import mlir

    plugin.lib.pjrtc_set_python_callback_trampoline.argtypes = [_Trampoline]
    plugin.lib.pjrtc_set_python_callback_trampoline.restype = None
    plugin.lib.pjrtc_set_python_callback_trampoline(_trampoline)
    if not getattr(cb.emit_python_callback, "_pjrtc", False):
        cb.emit_python_callback = _emitter(cb.emit_python_callback, platform)
    mlir.register_lowering(debugging.debug_callback_p, debugging.debug_callback_lowering,
                           platform=platform)
    mlir.register_lowering(debugging.debug_print_p, debugging.debug_print_lowering_rule,
                           platform=platform)
    handler = ctypes.cast(plugin.lib.pjrtc_python_callback, ctypes.c_void_p).value
    jax.ffi.register_ffi_target(TARGET, jax.ffi.pycapsule(handler), platform=platform)
    _installed = True
