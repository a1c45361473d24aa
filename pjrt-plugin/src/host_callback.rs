//! Python host callbacks (`jax.pure_callback`, `io_callback`, `jax.debug.*`) on pjrtc.
//!
//! JAX's own CPU callback handler (`xla_ffi_python_cpu_callback`) lives inside jaxlib and
//! receives its Python callables through execute-context user data that jaxlib forwards
//! only for its built-in platforms. The plugin package (`jax_plugins.pjrtc`) therefore
//! lowers callbacks on pjrtc to `custom_call @pjrtc_python_callback` with a `callback_id`
//! attribute naming a callable in its own table, registers [`pjrtc_python_callback`] (an
//! ordinary XLA FFI handler) for that target through `jax.ffi.register_ffi_target`, and
//! installs, with [`pjrtc_set_python_callback_trampoline`], the ctypes function that looks
//! the callable up, converts buffers to and from numpy and calls it.

use pjrtc_runtime::xla_ffi::abi::*;
use std::ffi::{CStr, c_char, c_int, c_void};
use std::sync::atomic::{AtomicUsize, Ordering};

/// One argument or result as the trampoline sees it.
#[repr(C)]
pub struct CallbackBuffer {
    pub data: *mut c_void,
    /// `XLA_FFI_DataType`.
    pub dtype: i32,
    pub rank: i32,
    pub dims: *const i64,
}

/// `int trampoline(uint64_t callback_id, int64_t nargs, const CallbackBuffer* args,
/// int64_t nrets, const CallbackBuffer* rets, char* error, size_t error_size)`: 0 on
/// success, else nonzero with a NUL-terminated message in `error`.
pub type Trampoline = unsafe extern "C" fn(
    u64,
    i64,
    *const CallbackBuffer,
    i64,
    *const CallbackBuffer,
    *mut c_char,
    usize,
) -> c_int;

static TRAMPOLINE: AtomicUsize = AtomicUsize::new(0);

/// Installs (or, with NULL, removes) the Python side of host callbacks.
#[unsafe(no_mangle)]
pub extern "C" fn pjrtc_set_python_callback_trampoline(f: Option<Trampoline>) {
    TRAMPOLINE.store(f.map_or(0, |f| f as usize), Ordering::Release);
}

/// An error through the call frame's API.
///
/// # Safety
/// `api` is the API table of the call frame being handled.
unsafe fn error(api: *const XLA_FFI_Api, code: i32, msg: &str) -> *mut XLA_FFI_Error {
    let msg = std::ffi::CString::new(msg.replace('\0', " ")).expect("no NUL left");
    let mut args = XLA_FFI_Error_Create_Args {
        struct_size: std::mem::size_of::<XLA_FFI_Error_Create_Args>(),
        extension_start: std::ptr::null_mut(),
        message: msg.as_ptr(),
        errc: code,
    };
    // SAFETY: a valid API table (the caller's contract) copies the message.
    unsafe { ((*api).XLA_FFI_Error_Create)(&mut args) }
}

/// The `callback_id` attribute (a u64 scalar) of a call frame.
///
/// # Safety
/// `attrs` is a call frame's attributes, valid for the call.
unsafe fn callback_id(attrs: &XLA_FFI_Attrs) -> Option<u64> {
    for i in 0..usize::try_from(attrs.size).ok()? {
        // SAFETY: `size` entries in each array (the call frame's contract).
        let (ty, name, value) = unsafe {
            (
                *attrs.types.add(i),
                *attrs.names.add(i),
                *attrs.attrs.add(i),
            )
        };
        // SAFETY: names are valid spans.
        let name = unsafe { std::slice::from_raw_parts((*name).ptr.cast::<u8>(), (*name).len) };
        if name == b"callback_id" && ty == XLA_FFI_ATTR_TYPE_SCALAR {
            let s = value.cast::<XLA_FFI_Scalar>();
            // SAFETY: a scalar attribute points at its dtype and value.
            return unsafe {
                match (*s).dtype {
                    data_type::U64 | data_type::S64 => Some(*(*s).value.cast::<u64>()),
                    _ => None,
                }
            };
        }
    }
    None
}

/// The XLA FFI handler of `custom_call @pjrtc_python_callback`.
///
/// # Safety
/// `frame` is a valid XLA FFI call frame (the runtime builds it).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjrtc_python_callback(
    frame: *mut XLA_FFI_CallFrame,
) -> *mut XLA_FFI_Error {
    let result = std::panic::catch_unwind(|| {
        // SAFETY: the caller's contract.
        let frame = unsafe { &mut *frame };
        let api = frame.api;
        if !frame.extension_start.is_null() {
            // A metadata query: this handler has no state and no traits.
            // SAFETY: a non-null extension starts with its base.
            let ext = unsafe { &*frame.extension_start };
            if ext.type_ == XLA_FFI_EXTENSION_METADATA {
                // SAFETY: the metadata extension's layout.
                let meta = unsafe {
                    &mut *(*frame.extension_start.cast::<XLA_FFI_Metadata_Extension>()).metadata
                };
                meta.api_version.major_version = XLA_FFI_API_MAJOR;
                meta.api_version.minor_version = XLA_FFI_API_MINOR;
                meta.traits = 0;
                return std::ptr::null_mut();
            }
        }
        if frame.stage != XLA_FFI_EXECUTION_STAGE_EXECUTE {
            return std::ptr::null_mut();
        }
        // SAFETY: the frame's attributes are valid for the call.
        let Some(id) = (unsafe { callback_id(&frame.attrs) }) else {
            // SAFETY: `api` is the frame's.
            return unsafe {
                error(
                    api,
                    XLA_FFI_ERROR_CODE_INVALID_ARGUMENT,
                    "pjrtc_python_callback needs a u64 attribute 'callback_id'",
                )
            };
        };
        let t = TRAMPOLINE.load(Ordering::Acquire);
        if t == 0 {
            // SAFETY: as above.
            return unsafe {
                error(
                    api,
                    XLA_FFI_ERROR_CODE_FAILED_PRECONDITION,
                    "host callbacks need the Python package jax_plugins.pjrtc in this process \
                     (the program was compiled from Python, or the package was not initialized)",
                )
            };
        }
        // SAFETY: a nonzero value was stored from a `Trampoline`.
        let t: Trampoline = unsafe { std::mem::transmute(t) };
        let view = |n: i64, bufs: *mut *mut c_void| -> Vec<CallbackBuffer> {
            (0..n.max(0) as usize)
                .map(|i| {
                    // SAFETY: `n` buffers, each an XLA_FFI_Buffer (pjrtc passes only buffers).
                    let b = unsafe { &*(*bufs.add(i)).cast::<XLA_FFI_Buffer>() };
                    CallbackBuffer {
                        data: b.data,
                        dtype: b.dtype,
                        rank: b.rank as i32,
                        dims: b.dims,
                    }
                })
                .collect()
        };
        let args = view(frame.args.size, frame.args.args);
        let rets = view(frame.rets.size, frame.rets.rets);
        let mut msg = vec![0 as c_char; 4096];
        // SAFETY: the trampoline reads the buffers' described bytes and writes at most
        // `msg.len()` bytes of message.
        let rc = unsafe {
            t(
                id,
                args.len() as i64,
                args.as_ptr(),
                rets.len() as i64,
                rets.as_ptr(),
                msg.as_mut_ptr(),
                msg.len(),
            )
        };
        if rc == 0 {
            return std::ptr::null_mut();
        }
        *msg.last_mut().expect("non-empty") = 0;
        // SAFETY: NUL-terminated above.
        let text = unsafe { CStr::from_ptr(msg.as_ptr()) }
            .to_string_lossy()
            .into_owned();
        // SAFETY: as above.
        unsafe {
            error(
                api,
                XLA_FFI_ERROR_CODE_INTERNAL,
                &format!("host callback failed: {text}"),
            )
        }
    });
    // The runtime in this library is the frame's API provider: its constructor makes the
    // error a panic could not make through the frame.
    result.unwrap_or_else(|_| {
        pjrtc_runtime::xla_ffi::api::new_error(
            XLA_FFI_ERROR_CODE_INTERNAL,
            "pjrtc_python_callback panicked",
        )
    })
}
