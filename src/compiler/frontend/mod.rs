//! Front ends: bytes -> ir::Module.

pub mod bytecode;

use super::diag::Diagnostic;
use super::ir::Module;

/// Parses StableHLO (MLIR text) into a module.
pub fn parse(_source: &[u8]) -> Result<Module, Diagnostic> {
    todo!("text front end")
}
