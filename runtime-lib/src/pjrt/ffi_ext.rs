//! The PJRT FFI extension (`pjrt_c_api_ffi_extension.h`) and execute contexts: how a
//! framework registers XLA FFI handlers for custom call targets (into
//! [`crate::xla_ffi::registry`]) and passes user data to them.
//!
//! The header's argument structs changed across versions; each function reads the layout
//! its caller's `struct_size` identifies: `Register_Handler_Args` without `api_version`
//! (52 bytes, the current header) or with it (60), `UserData` with or without a deleter.

use super::error::{Result, entry, handle};
use super::ffi::*;
use crate::xla_ffi::{self, abi::XLA_FFI_Handler};
use std::ffi::{c_char, c_int, c_void};
use std::sync::Mutex;

/// `PJRT_Extension_Type_FFI`.
pub const PJRT_EXTENSION_TYPE_FFI: c_int = 5;

/// A user-data deleter, called when the context is destroyed.
pub type Deleter = unsafe extern "C" fn(*mut c_void);

/// pjrtc's `PJRT_ExecuteContext`: user data for the FFI handlers of one execution.
#[derive(Default)]
pub struct ExecuteContext {
    /// `(type id, data, deleter)`.
    user_data: Mutex<Vec<(i64, usize, Option<Deleter>)>>,
}

impl ExecuteContext {
    /// `(type id, data)` pairs, as handlers look them up.
    pub fn user_data(&self) -> Vec<(i64, usize)> {
        self.user_data
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .map(|&(t, p, _)| (t, p))
            .collect()
    }
}

impl Drop for ExecuteContext {
    fn drop(&mut self) {
        for (_, p, d) in self
            .user_data
            .get_mut()
            .unwrap_or_else(|e| e.into_inner())
            .drain(..)
        {
            if let Some(d) = d {
                // SAFETY: the framework gave `d` to delete `p`, once, with the context.
                unsafe { d(p as *mut c_void) };
            }
        }
    }
}

entry!(
    fn execute_context_create(a: &mut PJRT_ExecuteContext_Create_Args) {
        a.context = Box::into_raw(Box::default());
        Ok(())
    }
);

entry!(
    fn execute_context_destroy(a: &mut PJRT_ExecuteContext_Destroy_Args) {
        if !a.context.is_null() {
            // SAFETY: a context made by execute_context_create, destroyed once.
            drop(unsafe { Box::from_raw(a.context) });
        }
        Ok(())
    }
);

/// The same with the user data's deleter (the header versions that have one).
#[repr(C)]
struct UserDataWithDeleter {
    head: PJRT_FFI_UserData_Add_Args,
    deleter: Option<Deleter>,
}

/// The layout with `api_version` (0: the untyped custom call ABI, 1: typed XLA FFI).
#[repr(C)]
struct RegisterHandlerWithVersion {
    struct_size: usize,
    target_name: *const c_char,
    target_name_size: usize,
    api_version: c_int,
    handler: *mut c_void,
    platform_name: *const c_char,
    platform_name_size: usize,
    traits: u32,
}

const WITH_VERSION_SIZE: usize =
    std::mem::offset_of!(RegisterHandlerWithVersion, traits) + std::mem::size_of::<u32>();

/// `len` bytes at `ptr` as text.
///
/// # Safety
/// `ptr` points at `len` readable bytes (or `len` is 0).
unsafe fn text(ptr: *const c_char, len: usize, what: &str) -> Result<String> {
    // SAFETY: forwarded from the caller.
    let b = unsafe { super::error::slice(ptr.cast::<u8>(), len, what)? };
    Ok(String::from_utf8_lossy(b).into_owned())
}

entry!(
    fn type_id_register(a: &mut PJRT_FFI_TypeID_Register_Args) {
        // SAFETY: the name is `type_name_size` bytes (PJRT contract).
        let name = unsafe { text(a.type_name, a.type_name_size, "type_name")? };
        a.type_id = xla_ffi::registry::type_id(&name, a.type_id)
            .map_err(super::error::PjrtError::invalid)?;
        Ok(())
    }
);

entry!(
    fn user_data_add(a: &mut PJRT_FFI_UserData_Add_Args) {
        // SAFETY: a context made by execute_context_create (PJRT contract).
        let ctx = unsafe { handle(a.context, "context")? };
        let deleter = if a.struct_size >= std::mem::size_of::<UserDataWithDeleter>() {
            // SAFETY: the caller's struct is large enough to hold the deleter field.
            unsafe {
                (*(a as *mut PJRT_FFI_UserData_Add_Args).cast::<UserDataWithDeleter>()).deleter
            }
        } else {
            None
        };
        ctx.user_data
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((a.type_id, a.data as usize, deleter));
        Ok(())
    }
);

entry!(
    /// Registers an XLA FFI handler (`XLA_FFI_Handler*`, the execute stage) for a target
    /// on this platform.
    fn register_handler(a: &mut PJRT_FFI_Register_Handler_Args) {
        let (name, handler, platform) = if a.struct_size >= WITH_VERSION_SIZE {
            // SAFETY: the caller's struct is the layout with `api_version`.
            let v = unsafe {
                &*(a as *mut PJRT_FFI_Register_Handler_Args).cast::<RegisterHandlerWithVersion>()
            };
            if v.api_version != 1 {
                return Err(super::error::PjrtError::new(
                    PJRT_Error_Code_UNIMPLEMENTED,
                    format!(
                        "custom call API version {} is not supported: pjrtc calls typed XLA FFI \
                         handlers (api_version=1 in jax.ffi.register_ffi_target)",
                        v.api_version
                    ),
                ));
            }
            (
                (v.target_name, v.target_name_size),
                v.handler,
                (v.platform_name, v.platform_name_size),
            )
        } else {
            (
                (a.target_name, a.target_name_size),
                a.handler,
                (a.platform_name, a.platform_name_size),
            )
        };
        // SAFETY: names are `size` bytes (PJRT contract).
        let name = unsafe { text(name.0, name.1, "target_name")? };
        // SAFETY: as above.
        let platform = unsafe { text(platform.0, platform.1, "platform_name")? };
        if !platform.is_empty()
            && !["pjrtc", "PJRTC", "Host", "HOST", "cpu", "CPU"].contains(&platform.as_str())
        {
            return Err(super::error::PjrtError::invalid(format!(
                "FFI handler for platform '{platform}': pjrtc runs host handlers"
            )));
        }
        if handler.is_null() {
            return Err(super::error::PjrtError::invalid("handler is NULL"));
        }
        // SAFETY: the framework passes an `XLA_FFI_Handler*` (typed FFI, the only kind this
        // extension takes).
        let execute: XLA_FFI_Handler = unsafe { std::mem::transmute(handler) };
        xla_ffi::registry::register(
            &name,
            xla_ffi::Handler {
                execute,
                instantiate: None,
            },
        )
        .map_err(super::error::PjrtError::invalid)
    }
);

/// `PJRT_FFI_Extension`.
#[repr(C)]
pub struct PJRT_FFI_Extension {
    pub base: PJRT_Extension_Base,
    pub type_id_register: StubFn,
    pub user_data_add: StubFn,
    pub register_handler: StubFn,
}

pub(crate) static FFI_EXTENSION: StaticExtension<PJRT_FFI_Extension> =
    StaticExtension(PJRT_FFI_Extension {
        base: PJRT_Extension_Base {
            struct_size: std::mem::size_of::<PJRT_FFI_Extension>(),
            type_: PJRT_EXTENSION_TYPE_FFI,
            next: std::ptr::null_mut(),
        },
        type_id_register,
        user_data_add,
        register_handler,
    });

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_match_the_header() {
        assert_eq!(PJRT_FFI_Register_Handler_Args::STRUCT_SIZE, 52);
        assert_eq!(WITH_VERSION_SIZE, 60);
        assert_eq!(PJRT_FFI_UserData_Add_Args::STRUCT_SIZE, 40);
        assert_eq!(std::mem::size_of::<UserDataWithDeleter>(), 48);
        assert_eq!(std::mem::size_of::<PJRT_FFI_Extension>(), 48);
    }
}
