//! A PJRT C API plugin (API 0.112) over the pjrtc runtime: JAX (or any PJRT framework)
//! loads a shared library exporting `GetPjrtApi`, which returns [`api::api`].
//!
//! This crate has no compiler. `Client_Compile` calls a [`CompileHook`] that the full
//! plugin (the `pjrt-plugin` crate, which links the compiler) installs with [`get_api`];
//! without one it returns UNIMPLEMENTED, and executables come from `.pjx` bytes through
//! `Executable_DeserializeAndLoad`.
//!
//! Module per object family; `ffi` holds the C definitions. Every entry point runs inside
//! [`error::guard`], so errors and panics become `PJRT_Error`s and never unwind into C.

// The C names (`PJRT_Buffer_Type_F32`, ...) are kept so the code greps like the header.
#![allow(non_upper_case_globals)]

pub mod api;
pub mod buffer;
pub mod client;
pub mod device;
pub mod distributed;
pub mod error;
pub mod event;
pub mod executable;
pub mod ffi;
pub mod ffi_ext;
pub mod layouts;
pub mod memory;
pub mod mpi;
pub mod options;
pub mod plugin;
pub mod shardings;
pub mod topology;
pub mod transfer;

use std::sync::OnceLock;

/// Compiles a program (StableHLO text or VHLO bytecode, as `PJRT_Program` with format
/// `"mlir"` carries it) into `.pjx` bytes for `target` (a triple of
/// [`topology::TOPOLOGIES`]; `None`: this machine), or says why not. The bytes are
/// aligned ([`crate::Pjx::to_aligned_bytes`]) so the executable reads its constants in
/// them.
pub type CompileHook = fn(code: &[u8], target: Option<&str>) -> Result<crate::AlignedBytes, String>;

static COMPILE_HOOK: OnceLock<CompileHook> = OnceLock::new();

/// The API table, installing `hook` as the compiler (first installation wins).
pub fn get_api(hook: Option<CompileHook>) -> *const api::PJRT_Api {
    if let Some(h) = hook {
        let _ = COMPILE_HOOK.set(h);
    }
    api::api()
}

pub(crate) fn compile_hook() -> Option<CompileHook> {
    COMPILE_HOOK.get().copied()
}

/// XXH3-64 of `bytes`: a fingerprint stable across processes (unlike `DefaultHasher`),
/// at memory speed (an artifact with 100 MB of weights is fingerprinted at every compile
/// and load; a byte-at-a-time hash took a tenth of a second there).
pub(crate) fn fingerprint64(bytes: &[u8]) -> u64 {
    xxhash_rust::xxh3::xxh3_64(bytes)
}
