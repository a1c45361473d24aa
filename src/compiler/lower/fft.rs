//! `stablehlo.fft` (in the packed form the complex legalization leaves) -> one
//! `Step::Fft`, which the runtime runs through its FFT library on the operand's buffer.

use super::Lowerer;
use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::{FftType, Op};
use pjrtc_runtime::format::{Fft, Step};

pub(crate) fn lower_fft(
    lw: &mut Lowerer,
    op: &Op,
    kind: FftType,
    lengths: &[i64],
    packed: bool,
) -> Result<(), Diagnostic> {
    let internal = |m: &str| Diagnostic::at(&op.loc, format!("internal: fft {m}"));
    if !packed {
        return Err(internal("reached lowering with complex values"));
    }
    let x = op.operands[0];
    let input = lw.buf[lw.r(x).index()].ok_or_else(|| internal("operand without a buffer"))?;
    let output = lw.buf[op.results[0].index()].ok_or_else(|| internal("without a buffer"))?;
    // The real side's shape (or the complex side's without its (re, im) dimension) has
    // the batch dimensions before the transformed ones.
    let real = if kind.is_complex(false) {
        lw.ty(op.results[0])
    } else {
        lw.ty(x)
    };
    let shape: &[i64] = if kind.is_complex(false) && kind.is_complex(true) {
        &real.shape[..real.rank() - 1]
    } else {
        &real.shape
    };
    let k = lengths.len();
    let batch = shape[..shape.len() - k].iter().map(|&d| d as u64).product();
    lw.steps.push(Step::Fft(Fft {
        kind,
        dtype: real.dtype,
        batch,
        lengths: lengths.iter().map(|&d| d as u64).collect(),
        input,
        output,
    }));
    Ok(())
}
