//! Constant folding.
use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::Func;

pub fn fold(_f: &mut Func) -> Result<(), Diagnostic> {
    todo!()
}
