//! Front ends: bytes -> ir::Module.
//!
//! The text front end reads MLIR as JAX prints it (`jax.jit(f).lower(x).as_text()`): the
//! pretty StableHLO syntax and the generic op form (also for `builtin.module`/`func.func`),
//! with `loc(...)` locations (`#loc` aliases expanded) and `dense_resource` blobs.
//!
//! - `lexer`: tokens with positions; `types`: tensor types;
//! - `attrs` and `literal`: attribute values and `dense<...>` constants;
//! - `parser`: modules, functions, regions, values, generic ops;
//! - `ops`: the pretty syntax of each op, and op name + attributes -> `ir::Opcode`.
//!
//! The HLO front end ([`hlo`]) reads the other program format of PJRT clients, a
//! serialized `HloModuleProto` (PyTorch/XLA's default), into the same IR.
//!
//! CHLO ops (`chlo.erf`, `chlo.top_k`, ..., and composites named after them) expand into
//! StableHLO while parsing ([`crate::compiler::chlo`]). A few other source ops have no IR
//! op of their own and are rewritten too: `stablehlo.composite` calls its decomposition; legacy
//! `stablehlo.broadcast` is a `broadcast_in_dim`; `dynamic_iota`, `dynamic_reshape`,
//! `dynamic_broadcast_in_dim` and `get_dimension_size` with static result types are their
//! static forms; sharding annotations (`sdy.sharding_constraint`, `custom_call @Sharding`)
//! are identities; tuples built and taken apart within a function are resolved to their
//! elements. Types and ops pjrtc cannot represent give "unsupported: ..." diagnostics.

mod attrs;
mod chlo_ops;
pub(crate) mod hex;
mod lexer;
mod literal;
pub(crate) mod ops;
mod parser;
mod tuple;
mod types;

#[cfg(test)]
mod chlo_ops_tests;
#[cfg(test)]
mod tests;

pub mod bytecode;
pub mod hlo;

use super::diag::Diagnostic;
use super::ir::{Module, SourcePos};

/// Parses a program into a module: MLIR bytecode (VHLO portable artifacts) when the bytes
/// start with the bytecode magic, a serialized HloModuleProto when they are binary
/// protobuf ([`hlo`]), MLIR text otherwise.
pub fn parse(source: &[u8]) -> Result<Module, Diagnostic> {
    parse_with(source, bytecode::Partitioner::Spmd)
}

/// [`parse`] with the partitioner of sharded `jit` programs chosen.
pub fn parse_with(source: &[u8], partitioner: bytecode::Partitioner) -> Result<Module, Diagnostic> {
    if bytecode::is_bytecode(source) {
        return bytecode::parse_bytecode_with(source, partitioner);
    }
    if hlo::looks_like_proto(source) {
        return hlo::parse_hlo(source);
    }
    let text = match as_str(source) {
        Ok(t) => t,
        Err(e) => {
            // Report the position of the first invalid byte.
            let valid = &source[..e.valid_up_to()];
            let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
            let line_start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            let col = String::from_utf8_lossy(&valid[line_start..])
                .chars()
                .count()
                + 1;
            return Err(Diagnostic::new(
                SourcePos::Text {
                    line: line as u32,
                    col: col as u32,
                },
                "input is not valid UTF-8",
            ));
        }
    };
    parser::Parser::new(text).parse_module()
}

/// `source` as text if it is UTF-8. Models are ASCII (the weights are hex), and checking
/// that 64 bytes at a time is several times faster than the general UTF-8 validation,
/// which runs only if some byte is not ASCII.
fn as_str(source: &[u8]) -> Result<&str, std::str::Utf8Error> {
    let mut blocks = source.chunks_exact(64);
    let ascii =
        blocks.all(|b| b.iter().fold(0, |acc, &c| acc | c) < 0x80) && blocks.remainder().is_ascii();
    if ascii {
        // SAFETY: every byte is below 0x80, and ASCII text is valid UTF-8.
        Ok(unsafe { std::str::from_utf8_unchecked(source) })
    } else {
        std::str::from_utf8(source)
    }
}
