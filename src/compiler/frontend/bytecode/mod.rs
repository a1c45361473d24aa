//! StableHLO bytecode front end: reads the MLIR bytecode container (versions 0 to 6) holding
//! a VHLO portable artifact — what `jax.export` writes and what JAX hands a PJRT plugin —
//! and builds an [`ir::Module`](crate::compiler::ir::Module).
//!
//! Layers: [`reader`] (primitive encodings), [`container`] (sections, tables, IR tree),
//! [`builtin`] (builtin dialect attributes/types), [`vhlo`] (VHLO attributes/types and ops).
//! Malformed input yields a [`Diagnostic`] at a byte offset, never a panic: every count is
//! checked against the bytes left and every recursion is bounded.

mod builtin;
mod container;
pub mod partition;
mod reader;
mod replicate;
mod sdy;
mod spmd;
mod vhlo;

use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::{Module, SourcePos};

/// True if `bytes` start with the MLIR bytecode magic `ML\xEFR`.
pub fn is_bytecode(bytes: &[u8]) -> bool {
    bytes.starts_with(b"ML\xefR")
}

/// Parses a StableHLO portable artifact (VHLO in MLIR bytecode) into a module.
pub fn parse_bytecode(bytes: &[u8]) -> Result<Module, Diagnostic> {
    parse_bytecode_with(bytes, Partitioner::Spmd)
}

/// How a sharded `jit` becomes the per-device program.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Partitioner {
    /// Shardings propagated through the program, each op on its shards ([`partition`]).
    #[default]
    Spmd,
    /// Every device gathers the arguments and runs the whole program ([`replicate`]), to
    /// compare against.
    Replicate,
}

/// [`parse_bytecode`] with the partitioner of sharded programs chosen.
pub fn parse_bytecode_with(bytes: &[u8], partitioner: Partitioner) -> Result<Module, Diagnostic> {
    let diag = |e: reader::BcError, v: Option<vhlo::Version>| {
        let msg = match v {
            Some(_) => format!("{} ({}) at byte {}", e.msg, vhlo::version_text(v), e.offset),
            None => format!("{} at byte {}", e.msg, e.offset),
        };
        Diagnostic::new(SourcePos::Byte(e.offset), msg)
    };
    let (bc, ir) = container::Bytecode::parse(bytes).map_err(|e| diag(e, None))?;
    let version = vhlo::producer_version(&bc.producer);
    if let Some(v) = version
        && !(vhlo::MIN_VERSION..=vhlo::MAX_VERSION).contains(&v)
    {
        let (a, b, c) = v;
        return Err(Diagnostic::new(
            SourcePos::Byte(0),
            format!(
                "unsupported: StableHLO version {a}.{b}.{c} (this reader supports 0.9.0 to 1.20.0) at byte 0"
            ),
        ));
    }
    let ops = bc.ir(ir).map_err(|e| diag(e, version))?;
    vhlo::convert(&ops, version, partitioner)
}

#[cfg(test)]
mod tests;
