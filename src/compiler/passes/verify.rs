//! Checks the shapes and types of every op.
use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::{Func, Module};

pub fn verify_module(_m: &Module) -> Result<(), Diagnostic> {
    todo!()
}

pub fn verify_func(_f: &Func) -> Result<(), Diagnostic> {
    todo!()
}
