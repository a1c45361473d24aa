//! The PJRT shardings extension (`pjrt_c_api_shardings_extension.h`, version 1): an
//! executable's parameter and output shardings as `xla.OpSharding` protos, or NULL for
//! "the plugin does not report them".
//!
//! pjrtc reports none. It never chooses a sharding: it runs partitioned programs whose
//! arguments and results name theirs (and refuses the others), so JAX already holds every
//! sharding it would read here. Offering the extension still matters: without it jaxlib's
//! C API client derives output shardings from `GetHloModules`, converting the whole program
//! (constants element by element) to HLO on every compile, only to find no HLO shardings
//! in a Shardy program. NULL is exactly what that conversion yields for pjrtc's programs,
//! so clients see no difference but the time.

#![allow(non_camel_case_types)]

use std::ffi::{c_char, c_int};

use super::error::entry;
use super::ffi::*;

/// `PJRT_Extension_Type_Shardings`.
pub const PJRT_EXTENSION_TYPE_SHARDINGS: c_int = 19;

/// Executable_ParameterShardings and Executable_OutputShardings (same layout).
#[repr(C)]
pub struct PJRT_Shardings_PJRT_Executable_Shardings_Args {
    pub struct_size: usize,
    pub extension_start: *mut PJRT_Extension_Base,
    pub executable: *mut PJRT_Executable,
    pub num_shardings: usize,
    pub shardings: *const *const c_char,
    pub sharding_sizes: *const usize,
}

impl PJRT_Shardings_PJRT_Executable_Shardings_Args {
    /// Ends with a pointer: no trailing padding.
    pub const STRUCT_SIZE: usize = std::mem::size_of::<Self>();
}

/// Checks the executable and reports no shardings.
fn none(a: &mut PJRT_Shardings_PJRT_Executable_Shardings_Args) -> super::error::Result<()> {
    super::executable::exe(a.executable)?;
    a.num_shardings = 0;
    a.shardings = std::ptr::null();
    a.sharding_sizes = std::ptr::null();
    Ok(())
}

entry!(
    fn executable_parameter_shardings(a: &mut PJRT_Shardings_PJRT_Executable_Shardings_Args) {
        none(a)
    }
);

entry!(
    fn executable_output_shardings(a: &mut PJRT_Shardings_PJRT_Executable_Shardings_Args) {
        none(a)
    }
);

/// `PJRT_Shardings_Extension`.
#[repr(C)]
pub struct PJRT_Shardings_Extension {
    pub base: PJRT_Extension_Base,
    pub executable_parameter_shardings: StubFn,
    pub executable_output_shardings: StubFn,
}

/// Second in the chain, before the FFI extension.
pub(crate) static SHARDINGS_EXTENSION: StaticExtension<PJRT_Shardings_Extension> =
    StaticExtension(PJRT_Shardings_Extension {
        base: PJRT_Extension_Base {
            struct_size: std::mem::size_of::<PJRT_Shardings_Extension>(),
            type_: PJRT_EXTENSION_TYPE_SHARDINGS,
            next: (&raw const super::ffi_ext::FFI_EXTENSION.0.base).cast_mut(),
        },
        executable_parameter_shardings,
        executable_output_shardings,
    });

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_match_the_header() {
        assert_eq!(
            PJRT_Shardings_PJRT_Executable_Shardings_Args::STRUCT_SIZE,
            48
        );
        assert_eq!(std::mem::size_of::<PJRT_Shardings_Extension>(), 40);
    }

    #[test]
    fn a_null_executable_is_an_error() {
        let mut a = PJRT_Shardings_PJRT_Executable_Shardings_Args {
            struct_size: PJRT_Shardings_PJRT_Executable_Shardings_Args::STRUCT_SIZE,
            extension_start: std::ptr::null_mut(),
            executable: std::ptr::null_mut(),
            num_shardings: 7,
            shardings: std::ptr::null(),
            sharding_sizes: std::ptr::null(),
        };
        // SAFETY: `a` is this function's args struct.
        let err = unsafe { executable_output_shardings((&raw mut a).cast()) };
        assert!(!err.is_null());
        // SAFETY: errors of this plugin are boxed `Error`s; this one is dropped once.
        drop(unsafe { Box::from_raw(err) });
    }
}
