//! pjrtc's `XLA_FFI_Api`: what a handler calls back. Every function catches panics (a Rust
//! panic must not unwind into C) and checks its arguments' pointers.

use super::abi::*;
use super::call::CallContext;
use super::registry;
use std::ffi::{CStr, CString, c_void};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Condvar, Mutex};

/// pjrtc's `XLA_FFI_Error`.
pub struct FfiError {
    pub code: i32,
    pub message: CString,
}

/// A new error for a handler or for pjrtc itself to return.
pub fn new_error(code: i32, message: &str) -> *mut XLA_FFI_Error {
    let message = CString::new(message.replace('\0', " ")).expect("no NUL left");
    Box::into_raw(Box::new(FfiError { code, message })).cast()
}

/// Takes ownership of `e` (from a handler) and returns its message.
///
/// # Safety
/// `e` is null or an error made by [`new_error`] / `XLA_FFI_Error_Create`, not used again.
pub unsafe fn take_error(e: *mut XLA_FFI_Error) -> Option<String> {
    if e.is_null() {
        return None;
    }
    // SAFETY: per the contract, `e` is a boxed FfiError that we now own.
    let b = unsafe { Box::from_raw(e.cast::<FfiError>()) };
    Some(b.message.to_string_lossy().into_owned())
}

/// Runs `f`, turning a panic into an INTERNAL error.
fn guard(what: &str, f: impl FnOnce() -> *mut XLA_FFI_Error) -> *mut XLA_FFI_Error {
    catch_unwind(AssertUnwindSafe(f))
        .unwrap_or_else(|_| new_error(XLA_FFI_ERROR_CODE_INTERNAL, &format!("{what} panicked")))
}

fn null_arg(what: &str) -> *mut XLA_FFI_Error {
    new_error(
        XLA_FFI_ERROR_CODE_INVALID_ARGUMENT,
        &format!("{what}: null argument"),
    )
}

unsafe extern "C" fn error_create(args: *mut XLA_FFI_Error_Create_Args) -> *mut XLA_FFI_Error {
    guard("XLA_FFI_Error_Create", || {
        // SAFETY: the caller passes a valid args struct (or null, refused).
        let Some(a) = (unsafe { args.as_ref() }) else {
            return null_arg("XLA_FFI_Error_Create");
        };
        let msg = if a.message.is_null() {
            String::new()
        } else {
            // SAFETY: a non-null message is a NUL-terminated C string (the header's contract).
            unsafe { CStr::from_ptr(a.message) }
                .to_string_lossy()
                .into_owned()
        };
        new_error(a.errc, &msg)
    })
}

unsafe extern "C" fn error_get_message(args: *mut XLA_FFI_Error_GetMessage_Args) {
    let _ = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: a valid args struct whose error came from error_create.
        if let Some(a) = unsafe { args.as_mut() }
            && !a.error.is_null()
        {
            // SAFETY: `error` is a live FfiError; its message lives as long as it does.
            a.message = unsafe { &*a.error.cast::<FfiError>() }.message.as_ptr();
        }
    }));
}

unsafe extern "C" fn error_destroy(args: *mut XLA_FFI_Error_Destroy_Args) {
    let _ = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: a valid args struct; the error is owned by the caller and destroyed once.
        if let Some(a) = unsafe { args.as_ref() } {
            // SAFETY: as above.
            drop(unsafe { take_error(a.error) });
        }
    }));
}

unsafe extern "C" fn handler_register(
    args: *mut XLA_FFI_Handler_Register_Args,
) -> *mut XLA_FFI_Error {
    guard("XLA_FFI_Handler_Register", || {
        // SAFETY: a valid args struct.
        let Some(a) = (unsafe { args.as_ref() }) else {
            return null_arg("XLA_FFI_Handler_Register");
        };
        let Some(execute) = a.bundle.execute else {
            return null_arg("XLA_FFI_Handler_Register execute handler");
        };
        // SAFETY: the name span points at `len` bytes.
        let name = unsafe { span(&a.name) };
        match registry::register(
            &name,
            registry::Handler {
                execute,
                instantiate: a.bundle.instantiate,
            },
        ) {
            Ok(()) => std::ptr::null_mut(),
            Err(m) => new_error(XLA_FFI_ERROR_CODE_INVALID_ARGUMENT, &m),
        }
    })
}

/// The bytes of a span as text.
///
/// # Safety
/// `s.ptr` points at `s.len` readable bytes (or `len` is 0).
unsafe fn span(s: &XLA_FFI_ByteSpan) -> String {
    if s.len == 0 || s.ptr.is_null() {
        return String::new();
    }
    // SAFETY: forwarded from the caller.
    let b = unsafe { std::slice::from_raw_parts(s.ptr.cast::<u8>(), s.len) };
    String::from_utf8_lossy(b).into_owned()
}

unsafe extern "C" fn stream_get(_args: *mut XLA_FFI_Stream_Get_Args) -> *mut XLA_FFI_Error {
    new_error(
        XLA_FFI_ERROR_CODE_UNIMPLEMENTED,
        "pjrtc runs handlers on the host: there is no device stream",
    )
}

unsafe extern "C" fn type_register(args: *mut XLA_FFI_Type_Register_Args) -> *mut XLA_FFI_Error {
    guard("XLA_FFI_Type_Register", || {
        // SAFETY: a valid args struct with a valid type id pointer.
        let Some(a) = (unsafe { args.as_ref() }) else {
            return null_arg("XLA_FFI_Type_Register");
        };
        // SAFETY: as above.
        let Some(id) = (unsafe { a.type_id.as_mut() }) else {
            return null_arg("XLA_FFI_Type_Register type_id");
        };
        // SAFETY: the name span points at `len` bytes.
        let name = unsafe { span(&a.name) };
        match registry::type_id(&name, id.type_id) {
            Ok(v) => {
                id.type_id = v;
                std::ptr::null_mut()
            }
            Err(m) => new_error(XLA_FFI_ERROR_CODE_INVALID_ARGUMENT, &m),
        }
    })
}

/// The call's context, or an error for a null one.
///
/// # Safety
/// `ctx` is null or the `CallContext` of the call in progress.
unsafe fn context<'a>(ctx: *mut XLA_FFI_ExecutionContext) -> Option<&'a CallContext<'a>> {
    // SAFETY: forwarded from the caller.
    unsafe { ctx.cast::<CallContext<'a>>().as_ref() }
}

unsafe extern "C" fn execution_context_get(
    args: *mut XLA_FFI_ExecutionContext_Get_Args,
) -> *mut XLA_FFI_Error {
    guard("XLA_FFI_ExecutionContext_Get", || {
        // SAFETY: a valid args struct from a handler of the call in progress.
        let Some(a) = (unsafe { args.as_mut() }) else {
            return null_arg("XLA_FFI_ExecutionContext_Get");
        };
        // SAFETY: as above; the context is the call's.
        let (Some(ctx), Some(id)) = (unsafe { context(a.ctx) }, unsafe { a.type_id.as_ref() })
        else {
            return null_arg("XLA_FFI_ExecutionContext_Get");
        };
        match ctx.user_data(id.type_id) {
            Some(p) => {
                a.data = p;
                std::ptr::null_mut()
            }
            None => new_error(
                XLA_FFI_ERROR_CODE_NOT_FOUND,
                &format!(
                    "no user data of type id {} in the execute context",
                    id.type_id
                ),
            ),
        }
    })
}

unsafe extern "C" fn state_set(args: *mut XLA_FFI_State_Set_Args) -> *mut XLA_FFI_Error {
    guard("XLA_FFI_State_Set", || {
        // SAFETY: a valid args struct from a handler of the call in progress.
        let Some(a) = (unsafe { args.as_ref() }) else {
            return null_arg("XLA_FFI_State_Set");
        };
        // SAFETY: as above.
        let (Some(ctx), Some(id)) = (unsafe { context(a.ctx) }, unsafe { a.type_id.as_ref() })
        else {
            return null_arg("XLA_FFI_State_Set");
        };
        match ctx.set_state(a.stage, id.type_id, a.state) {
            Ok(()) => std::ptr::null_mut(),
            Err(m) => new_error(XLA_FFI_ERROR_CODE_FAILED_PRECONDITION, &m),
        }
    })
}

unsafe extern "C" fn state_get(args: *mut XLA_FFI_State_Get_Args) -> *mut XLA_FFI_Error {
    guard("XLA_FFI_State_Get", || {
        // SAFETY: a valid args struct from a handler of the call in progress.
        let Some(a) = (unsafe { args.as_mut() }) else {
            return null_arg("XLA_FFI_State_Get");
        };
        // SAFETY: as above.
        let (Some(ctx), Some(id)) = (unsafe { context(a.ctx) }, unsafe { a.type_id.as_ref() })
        else {
            return null_arg("XLA_FFI_State_Get");
        };
        match ctx.state(a.stage, id.type_id) {
            Ok(p) => {
                a.state = p;
                std::ptr::null_mut()
            }
            Err(m) => new_error(XLA_FFI_ERROR_CODE_NOT_FOUND, &m),
        }
    })
}

unsafe extern "C" fn memory_allocate(
    args: *mut XLA_FFI_DeviceMemory_Allocate_Args,
) -> *mut XLA_FFI_Error {
    guard("XLA_FFI_DeviceMemory_Allocate", || {
        // SAFETY: a valid args struct.
        let Some(a) = (unsafe { args.as_mut() }) else {
            return null_arg("XLA_FFI_DeviceMemory_Allocate");
        };
        let align = a.alignment.max(16).next_power_of_two();
        let mut p: *mut c_void = std::ptr::null_mut();
        // SAFETY: posix_memalign writes `p` on success; alignment is a power of two and a
        // multiple of the pointer size.
        let rc = unsafe { libc::posix_memalign(&mut p, align, a.size.max(1)) };
        if rc != 0 {
            return new_error(
                XLA_FFI_ERROR_CODE_RESOURCE_EXHAUSTED,
                &format!("cannot allocate {} bytes", a.size),
            );
        }
        a.data = p;
        std::ptr::null_mut()
    })
}

unsafe extern "C" fn memory_free(args: *mut XLA_FFI_DeviceMemory_Free_Args) -> *mut XLA_FFI_Error {
    guard("XLA_FFI_DeviceMemory_Free", || {
        // SAFETY: a valid args struct whose data came from memory_allocate (or is null).
        if let Some(a) = unsafe { args.as_ref() } {
            // SAFETY: as above; free accepts null.
            unsafe { libc::free(a.data) };
        }
        std::ptr::null_mut()
    })
}

unsafe extern "C" fn thread_pool_schedule(
    args: *mut XLA_FFI_ThreadPool_Schedule_Args,
) -> *mut XLA_FFI_Error {
    guard("XLA_FFI_ThreadPool_Schedule", || {
        // SAFETY: a valid args struct.
        let Some(a) = (unsafe { args.as_ref() }) else {
            return null_arg("XLA_FFI_ThreadPool_Schedule");
        };
        let Some(task) = a.task else {
            return null_arg("XLA_FFI_ThreadPool_Schedule task");
        };
        // The pool has one thread, the caller's: the task runs now (a handler waiting for
        // its tasks then finds them done).
        // SAFETY: calling the handler's task with its own data, as scheduling promises.
        unsafe { task(a.data) };
        std::ptr::null_mut()
    })
}

unsafe extern "C" fn thread_pool_num_threads(
    args: *mut XLA_FFI_ThreadPool_NumThreads_Args,
) -> *mut XLA_FFI_Error {
    guard("XLA_FFI_ThreadPool_NumThreads", || {
        // SAFETY: a valid args struct with a valid out pointer.
        match unsafe { args.as_ref().and_then(|a| a.num_threads.as_mut()) } {
            Some(n) => {
                *n = 1;
                std::ptr::null_mut()
            }
            None => null_arg("XLA_FFI_ThreadPool_NumThreads"),
        }
    })
}

/// pjrtc's `XLA_FFI_Future`: completed once, by the handler (or a task of it).
pub struct Future {
    state: Mutex<Option<Result<(), String>>>,
    done: Condvar,
}

impl Future {
    /// Blocks until the future completes.
    pub fn wait(&self) -> Result<(), String> {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if let Some(r) = s.as_ref() {
                return r.clone();
            }
            s = self.done.wait(s).unwrap_or_else(|e| e.into_inner());
        }
    }

    fn complete(&self, r: Result<(), String>) {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if s.is_none() {
            *s = Some(r);
        }
        self.done.notify_all();
    }
}

unsafe extern "C" fn future_create(args: *mut XLA_FFI_Future_Create_Args) -> *mut XLA_FFI_Error {
    guard("XLA_FFI_Future_Create", || {
        // SAFETY: a valid args struct.
        let Some(a) = (unsafe { args.as_mut() }) else {
            return null_arg("XLA_FFI_Future_Create");
        };
        a.future = Box::into_raw(Box::new(Future {
            state: Mutex::new(None),
            done: Condvar::new(),
        }))
        .cast();
        std::ptr::null_mut()
    })
}

unsafe extern "C" fn future_set_available(
    args: *mut XLA_FFI_Future_SetAvailable_Args,
) -> *mut XLA_FFI_Error {
    guard("XLA_FFI_Future_SetAvailable", || {
        // SAFETY: a valid args struct holding a future from future_create, still alive
        // (pjrtc frees it only after it completed and the call returned).
        match unsafe {
            args.as_ref()
                .and_then(|a| a.future.cast::<Future>().as_ref())
        } {
            Some(f) => {
                f.complete(Ok(()));
                std::ptr::null_mut()
            }
            None => null_arg("XLA_FFI_Future_SetAvailable"),
        }
    })
}

unsafe extern "C" fn future_set_error(
    args: *mut XLA_FFI_Future_SetError_Args,
) -> *mut XLA_FFI_Error {
    guard("XLA_FFI_Future_SetError", || {
        // SAFETY: as in future_set_available; the error's ownership passes to pjrtc.
        let Some(a) = (unsafe { args.as_ref() }) else {
            return null_arg("XLA_FFI_Future_SetError");
        };
        // SAFETY: as above.
        let Some(f) = (unsafe { a.future.cast::<Future>().as_ref() }) else {
            return null_arg("XLA_FFI_Future_SetError");
        };
        // SAFETY: the error is now ours.
        let msg = unsafe { take_error(a.error) }.unwrap_or_else(|| "unknown error".into());
        f.complete(Err(msg));
        std::ptr::null_mut()
    })
}

unsafe extern "C" fn run_id_get(args: *mut XLA_FFI_RunId_Get_Args) -> *mut XLA_FFI_Error {
    guard("XLA_FFI_RunId_Get", || {
        // SAFETY: a valid args struct of the call in progress.
        let Some(a) = (unsafe { args.as_mut() }) else {
            return null_arg("XLA_FFI_RunId_Get");
        };
        // SAFETY: as above.
        match unsafe { context(a.ctx) } {
            Some(c) => {
                a.run_id = c.env.run_id;
                std::ptr::null_mut()
            }
            None => null_arg("XLA_FFI_RunId_Get context"),
        }
    })
}

unsafe extern "C" fn device_ordinal_get(
    args: *mut XLA_FFI_DeviceOrdinal_Get_Args,
) -> *mut XLA_FFI_Error {
    guard("XLA_FFI_DeviceOrdinal_Get", || {
        // SAFETY: a valid args struct of the call in progress.
        let Some(a) = (unsafe { args.as_mut() }) else {
            return null_arg("XLA_FFI_DeviceOrdinal_Get");
        };
        // SAFETY: as above.
        match unsafe { context(a.ctx) } {
            Some(c) => {
                a.device_ordinal = c.env.device_ordinal;
                std::ptr::null_mut()
            }
            None => null_arg("XLA_FFI_DeviceOrdinal_Get context"),
        }
    })
}

struct Api(XLA_FFI_Api);
// SAFETY: the table is immutable and holds only function pointers and nulls.
unsafe impl Sync for Api {}

static API: Api = Api(XLA_FFI_Api {
    struct_size: API_STRUCT_SIZE,
    extension_start: std::ptr::null_mut(),
    api_version: XLA_FFI_Api_Version {
        struct_size: API_VERSION_STRUCT_SIZE,
        extension_start: std::ptr::null_mut(),
        major_version: XLA_FFI_API_MAJOR,
        minor_version: XLA_FFI_API_MINOR,
    },
    internal_api: std::ptr::null(),
    XLA_FFI_Error_Create: error_create,
    XLA_FFI_Error_GetMessage: error_get_message,
    XLA_FFI_Error_Destroy: error_destroy,
    XLA_FFI_Handler_Register: handler_register,
    XLA_FFI_Stream_Get: stream_get,
    XLA_FFI_Type_Register: type_register,
    XLA_FFI_ExecutionContext_Get: execution_context_get,
    XLA_FFI_State_Set: state_set,
    XLA_FFI_State_Get: state_get,
    XLA_FFI_DeviceMemory_Allocate: memory_allocate,
    XLA_FFI_DeviceMemory_Free: memory_free,
    XLA_FFI_ThreadPool_Schedule: thread_pool_schedule,
    XLA_FFI_ThreadPool_NumThreads: thread_pool_num_threads,
    XLA_FFI_Future_Create: future_create,
    XLA_FFI_Future_SetAvailable: future_set_available,
    XLA_FFI_Future_SetError: future_set_error,
    XLA_FFI_RunId_Get: run_id_get,
    XLA_FFI_DeviceOrdinal_Get: device_ordinal_get,
});

/// The API table handed to every handler.
pub fn api() -> *const XLA_FFI_Api {
    &API.0
}
