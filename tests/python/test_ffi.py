"""Users' XLA FFI handlers on pjrtc: a C handler built here with `cc` against jaxlib's
`xla/ffi/api/c_api.h`, registered with `jax.ffi.register_ffi_target` for both "cpu" and
"pjrtc", called through `jax.ffi.ffi_call`; the two platforms must agree."""

import ctypes
import shutil
import subprocess

import jax
import jax.numpy as jnp
import numpy as np
import pytest

HANDLER_C = r"""
#include <stdint.h>
#include <string.h>
#include "xla/ffi/api/c_api.h"

static XLA_FFI_Error* fail(const XLA_FFI_Api* api, const char* msg) {
  XLA_FFI_Error_Create_Args a;
  memset(&a, 0, sizeof(a));
  a.struct_size = XLA_FFI_Error_Create_Args_STRUCT_SIZE;
  a.message = msg;
  a.errc = XLA_FFI_Error_Code_INVALID_ARGUMENT;
  return api->XLA_FFI_Error_Create(&a);
}

/* XLA's registration asks a handler for its API version (what ffi.h's handlers answer). */
static int metadata(XLA_FFI_CallFrame* call) {
  if (call->extension_start == NULL) return 0;
  if (call->extension_start->type == XLA_FFI_Extension_Metadata) {
    XLA_FFI_Metadata* m = ((XLA_FFI_Metadata_Extension*)call->extension_start)->metadata;
    m->api_version.major_version = XLA_FFI_API_MAJOR;
    m->api_version.minor_version = XLA_FFI_API_MINOR;
    m->traits = 0;
  }
  return 1;
}

static int named(XLA_FFI_ByteSpan* s, const char* want) {
  return s->len == strlen(want) && memcmp(s->ptr, want, s->len) == 0;
}

/* y = x * scale + offset[i % n] for f32 x; attributes: scale (f32), offset (array<f32>). */
XLA_FFI_Error* scale_offset(XLA_FFI_CallFrame* call) {
  const XLA_FFI_Api* api = call->api;
  if (metadata(call)) return NULL;
  if (call->stage != XLA_FFI_ExecutionStage_EXECUTE) return NULL;
  if (call->args.size != 1 || call->rets.size != 1 || call->attrs.size != 2)
    return fail(api, "scale_offset: expects 1 argument, 1 result, 2 attributes");
  XLA_FFI_Buffer* x = (XLA_FFI_Buffer*)call->args.args[0];
  XLA_FFI_Buffer* y = (XLA_FFI_Buffer*)call->rets.rets[0];
  if (x->dtype != XLA_FFI_DataType_F32 || y->dtype != XLA_FFI_DataType_F32)
    return fail(api, "scale_offset: f32 only");
  /* Attributes come sorted by name: offset, scale. */
  if (!named(call->attrs.names[0], "offset") || !named(call->attrs.names[1], "scale"))
    return fail(api, "scale_offset: attributes not sorted by name");
  XLA_FFI_Array* off = (XLA_FFI_Array*)call->attrs.attrs[0];
  XLA_FFI_Scalar* sc = (XLA_FFI_Scalar*)call->attrs.attrs[1];
  if (call->attrs.types[0] != XLA_FFI_AttrType_ARRAY || off->dtype != XLA_FFI_DataType_F32 ||
      call->attrs.types[1] != XLA_FFI_AttrType_SCALAR || sc->dtype != XLA_FFI_DataType_F32)
    return fail(api, "scale_offset: wrong attribute types");
  float scale = *(float*)sc->value;
  const float* o = (const float*)off->data;
  int64_t n = 1;
  for (int64_t d = 0; d < x->rank; d++) n *= x->dims[d];
  for (int64_t i = 0; i < n; i++)
    ((float*)y->data)[i] = ((float*)x->data)[i] * scale + o[i % off->size];
  return NULL;
}

/* Always fails, with a message. */
XLA_FFI_Error* refuse(XLA_FFI_CallFrame* call) {
  if (metadata(call)) return NULL;
  return fail(call->api, "refuse: the handler said no");
}
"""


@pytest.fixture(scope="module")
def handlers(tmp_path_factory):
    cc = shutil.which("cc")
    if cc is None:
        pytest.fail("a C compiler (cc) is needed to build the test handler")
    d = tmp_path_factory.mktemp("ffi")
    src, lib = d / "handlers.c", d / "libhandlers.so"
    src.write_text(HANDLER_C)
    subprocess.check_call([cc, "-shared", "-fPIC", "-O1", "-I", jax.ffi.include_dir(),
                           "-o", str(lib), str(src)])
    so = ctypes.CDLL(str(lib))
    for name in ("scale_offset", "refuse"):
        for platform in ("cpu", "pjrtc"):
            jax.ffi.register_ffi_target(f"pjrtc_test_{name}", jax.ffi.pycapsule(getattr(so, name)),
                                        platform=platform)
    return so


def test_ffi_handler_runs_on_pjrtc(check, handlers):
    x = np.arange(12, dtype=np.float32).reshape(3, 4)

    def f(x):
        y = jax.ffi.ffi_call("pjrtc_test_scale_offset", jax.ShapeDtypeStruct(x.shape, x.dtype))(
            x, scale=np.float32(2.5), offset=np.array([1, -1, 0.5], np.float32))
        return jnp.sin(y) + y

    got = check(f, x, rtol=1e-6, atol=1e-6)
    y = x * 2.5 + np.resize(np.array([1, -1, 0.5], np.float32), 12).reshape(3, 4)
    np.testing.assert_allclose(got, np.sin(y) + y, rtol=1e-6)


def test_ffi_handler_error_is_a_python_exception(pj, handlers):
    x = jax.device_put(np.ones(3, np.float32), pj)
    f = jax.jit(lambda x: jax.ffi.ffi_call("pjrtc_test_refuse", jax.ShapeDtypeStruct((3,), np.float32))(x))
    with pytest.raises(Exception, match="the handler said no"):
        f(x).block_until_ready()


def test_unregistered_target_is_refused(pj, handlers):
    x = jax.device_put(np.ones(3, np.float32), pj)
    f = jax.jit(lambda x: jax.ffi.ffi_call("pjrtc_test_nobody", jax.ShapeDtypeStruct((3,), np.float32))(x))
    with pytest.raises(Exception, match=r"unsupported: custom_call @pjrtc_test_nobody"):
        f(x).block_until_ready()
