//! pjrtc-runtime: loads `.pjx` artifacts and runs them. No compiler inside.
//!
//! ```text
//! bytes -> format::Pjx::from_bytes (validates every byte)
//!       -> loader::LoadedCode (code image mapped, imports patched, text made executable)
//!       -> exec::Executable::run(inputs) -> outputs
//! ```

pub mod capi;
pub mod collective;
pub mod dtype;
pub mod exec;
pub mod format;
pub mod imports;
pub mod isa;
pub mod kernels;
pub mod loader;
pub mod math;
pub mod minifloat;
pub mod npy;
pub mod pjrt;
pub mod pool;
pub mod runner;
pub mod tensor;
pub mod vecmath;
pub mod xla_ffi;

pub use dtype::DType;
pub use exec::{ArtifactError, Executable, LoadFileError, RunError};
pub use format::{FormatError, Pjx};
pub use isa::Isa;
pub use loader::LoadError;
pub use tensor::{AlignedBytes, Tensor};
