//! pjrtc: an ahead-of-time compiler for StableHLO, and the glue that runs its artifacts.
//!
//! `compiler::compile(source, &options)` turns StableHLO (text) into a `.pjx` artifact;
//! `pjrtc_runtime::Executable::load(bytes)` loads and runs it.

pub mod compiler;
pub mod deploy;
pub mod runtime;

pub use pjrtc_runtime as rt;
