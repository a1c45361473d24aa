//! Common subexpression elimination.
use crate::compiler::ir::Func;

pub fn cse(_f: &mut Func) {}
