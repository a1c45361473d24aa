//! Code generation: kernels (kir) -> Cranelift -> one linked code image.

use super::CompileError;
use super::lower::kir::Kernel;
use pjrtc_runtime::format::{self, CodeImage, KernelEntry};

/// The machine to generate code for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    pub triple: String,
    pub features: Vec<String>,
}

impl Target {
    /// This machine, with every CPU feature it has that codegen uses.
    pub fn host() -> Target {
        todo!()
    }

    pub fn to_format(&self) -> format::Target {
        format::Target {
            triple: self.triple.clone(),
            features: self.features.clone(),
        }
    }
}

/// Code for a list of kernels.
pub struct CompiledCode {
    pub image: CodeImage,
    /// One per kernel, in order.
    pub entries: Vec<KernelEntry>,
    /// Workgroup count of each kernel's dispatch.
    pub workgroups: Vec<u64>,
}

pub fn compile_kernels(
    _kernels: &[Kernel],
    _target: &Target,
) -> Result<CompiledCode, CompileError> {
    todo!()
}
