//! The pjrtc PJRT plugin: a shared library exporting `GetPjrtApi`, for JAX
//! (`PJRT_NAMES_AND_LIBRARY_PATHS=pjrtc:/path/libpjrtc_pjrt_plugin.so JAX_PLATFORMS=pjrtc`).
//!
//! All of the PJRT layer lives in `pjrtc_runtime::pjrt`; this crate only exports the entry
//! point and, with the `compiler` feature (default), installs the compiler as its compile
//! hook.

use pjrtc_runtime::pjrt::{CompileHook, api::PJRT_Api, get_api};

#[cfg(feature = "compiler")]
fn compile(code: &[u8]) -> Result<Vec<u8>, String> {
    pjrtc::compiler::compile(code, &pjrtc::compiler::Options::default())
        .map(|pjx| pjx.to_bytes())
        .map_err(|e| e.to_string())
}

#[cfg(feature = "compiler")]
const HOOK: Option<CompileHook> = Some(compile);
#[cfg(not(feature = "compiler"))]
const HOOK: Option<CompileHook> = None;

/// The PJRT entry point. The table is static, so the pointer is valid for the life of the
/// process, as the C API requires.
#[unsafe(no_mangle)]
pub extern "C" fn GetPjrtApi() -> *const PJRT_Api {
    // Installing the hook cannot panic (a OnceLock set), so no unwind guard is needed here.
    get_api(HOOK)
}
