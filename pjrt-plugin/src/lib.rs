//! The pjrtc PJRT plugin: a shared library exporting `GetPjrtApi`, for JAX
//! (`PJRT_NAMES_AND_LIBRARY_PATHS=pjrtc:/path/libpjrtc_pjrt_plugin.so JAX_PLATFORMS=pjrtc`).
//!
//! All of the PJRT layer lives in `pjrtc_runtime::pjrt`; this crate exports the entry
//! point, the XLA FFI handler of Python host callbacks ([`host_callback`]) and, with the
//! `compiler` feature (default), installs the compiler as its compile hook.

pub mod host_callback;

use pjrtc_runtime::pjrt::{CompileHook, api::PJRT_Api, get_api};

/// Compiles with the custom call targets registered in this process (through the PJRT
/// FFI extension) as the XLA FFI targets programs may call.
#[cfg(feature = "compiler")]
fn compile(code: &[u8], target: Option<&str>) -> Result<pjrtc_runtime::AlignedBytes, String> {
    dump::program(code);
    let target = match target {
        None => pjrtc::compiler::Target::host(),
        Some(triple) => pjrtc::compiler::Target::from_triple(triple)?,
    };
    let options = pjrtc::compiler::Options {
        target,
        ffi: pjrtc::compiler::ffi::FfiTargets {
            registered: pjrtc_runtime::xla_ffi::registry::names(),
            ..Default::default()
        },
        ..Default::default()
    };
    pjrtc::compiler::compile(code, &options)
        .map(|pjx| pjx.to_aligned_bytes())
        .map_err(|e| e.to_string())
}

/// `PJRTC_DUMP_DIR=DIR`: every program JAX hands to Client_Compile is written to
/// `DIR/program-<pid>-<n>.mlir` (text or bytecode, as received), so a failure inside JAX
/// can be reproduced with `pjrtc compile`/`pjrtc inspect`. Best effort: a dump that cannot
/// be written is reported on stderr and never fails the compile.
#[cfg(feature = "compiler")]
mod dump {
    use std::sync::atomic::{AtomicU64, Ordering};

    static COUNT: AtomicU64 = AtomicU64::new(0);

    pub fn program(code: &[u8]) {
        let Some(dir) = std::env::var_os("PJRTC_DUMP_DIR") else {
            return;
        };
        let n = COUNT.fetch_add(1, Ordering::Relaxed);
        let path =
            std::path::Path::new(&dir).join(format!("program-{}-{n}.mlir", std::process::id()));
        if let Err(e) = std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(&path, code)) {
            eprintln!(
                "pjrtc: PJRTC_DUMP_DIR: cannot write {}: {e}",
                path.display()
            );
        }
    }
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
