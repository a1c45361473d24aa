//! PJRT_Error: typed errors inside the plugin, C objects with a vtable at the boundary, and
//! the guard every `extern "C"` entry point runs its body in.

use std::ffi::{c_char, c_void};
use std::panic::{AssertUnwindSafe, catch_unwind};

use super::ffi::*;

/// An error as the plugin code produces it; becomes a [`PJRT_Error`] at the boundary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PjrtError {
    pub code: PJRT_Error_Code,
    pub message: String,
}

pub type Result<T> = std::result::Result<T, PjrtError>;

impl PjrtError {
    pub fn new(code: PJRT_Error_Code, message: impl Into<String>) -> PjrtError {
        PjrtError {
            code,
            message: message.into(),
        }
    }

    pub fn invalid(message: impl Into<String>) -> PjrtError {
        PjrtError::new(PJRT_Error_Code_INVALID_ARGUMENT, message)
    }

    pub fn unimplemented(message: impl Into<String>) -> PjrtError {
        PjrtError::new(PJRT_Error_Code_UNIMPLEMENTED, message)
    }

    pub fn internal(message: impl Into<String>) -> PjrtError {
        PjrtError::new(PJRT_Error_Code_INTERNAL, message)
    }

    /// Moves the error into a C object the caller owns (freed by `PJRT_Error_Destroy`).
    pub fn into_raw(self) -> *mut PJRT_Error {
        Box::into_raw(Box::new(Error {
            vtable: &ERROR_VTABLE.0,
            code: self.code,
            message: self.message,
        }))
    }
}

/// Takes back an error this plugin made with [`PjrtError::into_raw`] (for errors that come
/// back to us through a framework callback, see `PJRT_CallbackError`).
///
/// # Safety
/// `raw` is non-NULL, made by `into_raw` of this plugin, and not yet destroyed; the caller
/// gives it up.
pub unsafe fn from_raw(raw: *mut PJRT_Error) -> PjrtError {
    // SAFETY: per the contract, a Box of ours that nobody else will free.
    let e = unsafe { Box::from_raw(raw) };
    PjrtError::new(e.code, e.message)
}

/// The C object: `struct PJRT_Error { const PJRT_Error_FunctionTable* vtable; }` followed by
/// the plugin's own fields. The framework may call the vtable directly instead of the
/// `PJRT_Error_*` slots, so both must agree.
#[repr(C)]
pub struct Error {
    vtable: *const PJRT_Error_FunctionTable,
    code: PJRT_Error_Code,
    message: String,
}

struct SyncTable(PJRT_Error_FunctionTable);
// SAFETY: the table is immutable and holds only function pointers and a NULL extension.
unsafe impl Sync for SyncTable {}

static ERROR_VTABLE: SyncTable = SyncTable(PJRT_Error_FunctionTable {
    struct_size: PJRT_Error_FunctionTable::STRUCT_SIZE,
    instance_size: std::mem::size_of::<Error>(),
    extension_start: std::ptr::null_mut(),
    destroy: vt_destroy,
    message: vt_message,
    get_code: vt_get_code,
    for_each_payload: vt_for_each_payload,
});

unsafe extern "C" fn vt_destroy(error: *mut PJRT_Error) {
    if !error.is_null() {
        // SAFETY: every PJRT_Error this plugin hands out was made by `into_raw` (a Box), and
        // the caller gives up ownership by destroying it.
        drop(unsafe { Box::from_raw(error) });
    }
}

unsafe extern "C" fn vt_message(
    error: *const PJRT_Error,
    message: *mut *const c_char,
    message_size: *mut usize,
) {
    // SAFETY: a non-NULL `error` is a live object of ours; the out pointers are the caller's.
    unsafe {
        let (p, n) = match error.as_ref() {
            Some(e) => (e.message.as_ptr().cast(), e.message.len()),
            None => (c"".as_ptr(), 0),
        };
        if !message.is_null() {
            *message = p;
        }
        if !message_size.is_null() {
            *message_size = n;
        }
    }
}

unsafe extern "C" fn vt_get_code(error: *const PJRT_Error) -> PJRT_Error_Code {
    // SAFETY: a non-NULL `error` is a live object of ours.
    unsafe { error.as_ref() }.map_or(PJRT_Error_Code_OK, |e| e.code)
}

unsafe extern "C" fn vt_for_each_payload(
    _error: *const PJRT_Error,
    _visitor: PJRT_Error_PayloadVisitor,
    _user_arg: *mut c_void,
) {
    // No payloads.
}

/// Reinterprets an args pointer after checking it is non-NULL and that the caller's struct
/// covers at least `min_size` bytes.
///
/// # Safety
/// `raw` must be NULL or point to a live args struct of type `T` (as declared by the C
/// header, so its allocation covers `size_of::<T>()`) that nothing else touches during the
/// call.
pub unsafe fn args<'a, T>(raw: *mut c_void, min_size: usize, name: &str) -> Result<&'a mut T> {
    if raw.is_null() {
        return Err(PjrtError::invalid(format!("{name}: args is NULL")));
    }
    // SAFETY: every args struct starts with `size_t struct_size` (caller guarantees a live
    // struct, see above).
    let size = unsafe { *(raw as *const usize) };
    if size < min_size {
        return Err(PjrtError::invalid(format!(
            "{name}: struct_size {size} is smaller than the {min_size} bytes of PJRT API 0.{PJRT_API_MINOR}"
        )));
    }
    // SAFETY: non-NULL, live, exclusively ours for the call (caller contract above).
    Ok(unsafe { &mut *(raw as *mut T) })
}

/// Runs an entry point's body: `Ok` becomes NULL, `Err` a C error, a panic an INTERNAL
/// error (a Rust panic must never unwind into the C++ caller).
pub fn guard(name: &str, body: impl FnOnce() -> Result<()>) -> *mut PJRT_Error {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => std::ptr::null_mut(),
        Ok(Err(e)) => e.into_raw(),
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".into());
            PjrtError::internal(format!("pjrtc: {name} panicked: {what}")).into_raw()
        }
    }
}

/// The body of every slot this plugin does not implement, saying why.
pub fn unimplemented(name: &str, why: &str) -> *mut PJRT_Error {
    PjrtError::unimplemented(format!("pjrtc: {name} is not implemented: {why}")).into_raw()
}

/// Defines an entry point `unsafe extern "C" fn $name(*mut c_void) -> *mut PJRT_Error` whose
/// body sees its args as `&mut $Args` and returns [`Result<()>`].
macro_rules! entry {
    ($(#[$m:meta])* fn $name:ident($a:ident: &mut $Args:ty $(,)?) $body:block) => {
        entry!($(#[$m])* fn $name($a: &mut $Args, min = <$Args>::STRUCT_SIZE) $body);
    };
    ($(#[$m:meta])* fn $name:ident($a:ident: &mut $Args:ty, min = $min:expr $(,)?) $body:block) => {
        $(#[$m])*
        ///
        /// # Safety
        /// `raw` is NULL or this function's PJRT args struct, live and not touched by anyone
        /// else for the duration of the call; handles in it are this plugin's.
        pub unsafe extern "C" fn $name(raw: *mut std::ffi::c_void) -> *mut $crate::pjrt::ffi::PJRT_Error {
            $crate::pjrt::error::guard(stringify!($name), || {
                let view = $crate::pjrt::error::args::<$Args>;
                // SAFETY: the PJRT contract: `raw` is this function's args struct, owned by
                // the caller for the duration of the call.
                let $a: &mut $Args = unsafe { view(raw, $min, stringify!($name)) }?;
                $body
            })
        }
    };
}
pub(crate) use entry;

entry!(
    /// Error_Destroy (returns void in C; the NULL we return is ignored).
    fn error_destroy(a: &mut PJRT_Error_Destroy_Args) {
        // SAFETY: `a.error` was produced by this plugin (or is NULL).
        unsafe { vt_destroy(a.error) };
        Ok(())
    }
);

entry!(
    /// Error_Message (returns void in C).
    fn error_message(a: &mut PJRT_Error_Message_Args) {
        // SAFETY: `a.error` is a live error of ours; the out pointers are fields of `a`.
        unsafe { vt_message(a.error, &mut a.message, &mut a.message_size) };
        Ok(())
    }
);

entry!(
    fn error_get_code(a: &mut PJRT_Error_GetCode_Args) {
        // SAFETY: `a.error` is a live error of ours.
        a.code = unsafe { vt_get_code(a.error) };
        Ok(())
    }
);

entry!(
    fn error_for_each_payload(_a: &mut PJRT_Error_ForEachPayload_Args) {
        Ok(())
    }
);

/// Borrows a C string argument `(ptr, len)` as bytes; NULL with length 0 is empty.
///
/// # Safety
/// `ptr` must point to `len` readable bytes that outlive the returned slice.
pub unsafe fn bytes<'a>(ptr: *const c_char, len: usize, what: &str) -> Result<&'a [u8]> {
    if len == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(PjrtError::invalid(format!("{what} is NULL")));
    }
    // SAFETY: caller contract.
    Ok(unsafe { std::slice::from_raw_parts(ptr.cast(), len) })
}

/// Borrows a C array `(ptr, len)`; NULL with length 0 is empty.
///
/// # Safety
/// `ptr` must point to `len` initialized elements that outlive the returned slice.
pub unsafe fn slice<'a, T>(ptr: *const T, len: usize, what: &str) -> Result<&'a [T]> {
    if len == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(PjrtError::invalid(format!("{what} is NULL")));
    }
    // SAFETY: caller contract.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// Borrows a handle, reporting NULL as INVALID_ARGUMENT.
///
/// # Safety
/// A non-NULL `ptr` must point to a live object of this plugin.
pub unsafe fn handle<'a, T>(ptr: *mut T, what: &str) -> Result<&'a T> {
    // SAFETY: caller contract.
    unsafe { ptr.as_ref() }.ok_or_else(|| PjrtError::invalid(format!("{what} is NULL")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code_and_message(e: *mut PJRT_Error) -> (PJRT_Error_Code, String) {
        assert!(!e.is_null());
        let (mut p, mut n) = (std::ptr::null(), 0);
        // SAFETY: `e` is a live error of ours; the out pointers are locals.
        let code = unsafe {
            vt_message(e, &mut p, &mut n);
            vt_get_code(e)
        };
        // SAFETY: the message lives until the error is destroyed below.
        let msg = String::from_utf8_lossy(unsafe { std::slice::from_raw_parts(p.cast(), n) })
            .into_owned();
        // SAFETY: ours, destroyed once.
        unsafe { vt_destroy(e) };
        (code, msg)
    }

    #[test]
    fn guard_turns_errors_and_panics_into_pjrt_errors() {
        assert!(guard("ok", || Ok(())).is_null());
        let e = guard("bad", || Err(PjrtError::invalid("nope")));
        assert_eq!(
            code_and_message(e),
            (PJRT_Error_Code_INVALID_ARGUMENT, "nope".into())
        );
        let e = guard("boom_fn", || panic!("boom"));
        let (code, msg) = code_and_message(e);
        assert_eq!(code, PJRT_Error_Code_INTERNAL);
        assert!(msg.contains("boom_fn") && msg.contains("boom"), "{msg}");
    }

    #[test]
    fn unimplemented_names_the_function() {
        let (code, msg) = code_and_message(unimplemented("PJRT_Foo", "no foo here"));
        assert_eq!(code, PJRT_Error_Code_UNIMPLEMENTED);
        assert!(
            msg.contains("PJRT_Foo") && msg.ends_with("no foo here"),
            "{msg}"
        );
    }
}
