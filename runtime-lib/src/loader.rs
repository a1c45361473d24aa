//! Maps a code image into executable memory.
//!
//! Stages (W^X, undone on failure): map anonymous RW memory, copy the image, write each
//! import address into its slot, then protect text RX and the rest R (flushing the
//! instruction cache on aarch64).

use crate::format::{CodeImage, KernelEntry, Target};

/// A kernel entry point: computes workgroups `[begin, end)` of its index space.
pub type KernelFn = unsafe extern "C" fn(bindings: *const *mut u8, begin: u64, end: u64);

#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("artifact is for target {artifact}, this machine is {host}")]
    WrongTarget { artifact: String, host: String },
    #[error("artifact needs CPU feature '{0}', which this machine lacks")]
    MissingFeature(String),
    #[error("code image: {0}")]
    BadImage(String),
    #[error("cannot map code: {0}")]
    Map(String),
}

/// A code image loaded into executable memory; unmapped on drop.
pub struct LoadedCode {
    _private: (),
}

impl LoadedCode {
    /// Checks `target` against the host, then maps `image` and resolves `kernels`.
    pub fn load(
        _image: &CodeImage,
        _target: &Target,
        _kernels: &[KernelEntry],
    ) -> Result<LoadedCode, LoadError> {
        Err(LoadError::Map("loader not written yet".into()))
    }

    /// The function of kernel `i` (an index into the `kernels` given to `load`).
    pub fn kernel(&self, _i: usize) -> KernelFn {
        unreachable!("loader not written yet")
    }
}
