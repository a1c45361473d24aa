//! Lowering: the optimized entry function -> kernels (kir) + a planned schedule.

pub mod kir;

use super::diag::Diagnostic;
use super::ir::Func;
use pjrtc_runtime::format::{Signature, Step};

/// The entry function, lowered.
#[derive(Clone, Debug)]
pub struct LoweredProgram {
    /// `Step::Dispatch::kernel` indexes this list. Its `workgroups` are filled in after
    /// code generation (codegen decides how a kernel's domain is split).
    pub kernels: Vec<kir::Kernel>,
    /// The schedule, with every buffer placed (inputs, outputs, arena offsets, constants).
    pub steps: Vec<Step>,
    pub arena_size: u64,
    pub constants: Vec<u8>,
    pub signature: Signature,
}

pub fn lower(_func: &Func) -> Result<LoweredProgram, Diagnostic> {
    todo!()
}
