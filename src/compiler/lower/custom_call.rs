//! Custom calls of XLA FFI handlers (typed FFI, `api_version = 4`) as
//! [`Step::CustomCall`]: every operand and result in its own dense buffer, attributes as
//! the source gave them (sorted by name, as handlers decode them).

use super::Lowerer;
use crate::compiler::diag::Diagnostic;
use crate::compiler::ffi::Resolution;
use crate::compiler::ir::{CallAttr, Op};
use pjrtc_runtime::format::call::sort_attrs;
use pjrtc_runtime::format::{CallBuffer, CustomCall, Step};
use pjrtc_runtime::xla_ffi;

/// Lowers a custom call whose target resolved to `how`.
pub(crate) fn lower(
    lw: &mut Lowerer,
    op: &Op,
    target: &str,
    api_version: i32,
    config: &[(String, CallAttr)],
    how: Resolution,
) -> Result<(), Diagnostic> {
    if api_version != 4 {
        return Err(Diagnostic::at(
            &op.loc,
            format!(
                "unsupported: custom_call @{target} with api_version = {api_version}: pjrtc calls \
                 typed XLA FFI handlers (api_version = 4, what jax.ffi emits)"
            ),
        ));
    }
    let buffer = |lw: &Lowerer, v, b| -> Result<CallBuffer, Diagnostic> {
        let ty = lw.ty(v);
        if xla_ffi::data_type(ty.dtype).is_none() {
            return Err(Diagnostic::at(
                &op.loc,
                format!(
                    "unsupported: custom_call @{target}: the XLA FFI has no element type for {}",
                    ty.dtype
                ),
            ));
        }
        Ok(CallBuffer {
            buf: b,
            dtype: ty.dtype,
            dims: ty.shape.iter().map(|&d| d as u64).collect(),
        })
    };
    let mut operands = Vec::with_capacity(op.operands.len());
    for &o in &op.operands {
        let o = lw.r(o);
        let b = lw.buf[o.index()].expect("custom call operands are in buffers");
        operands.push(buffer(lw, o, b)?);
    }
    let mut results = Vec::with_capacity(op.results.len());
    for &r in &op.results {
        let b = lw.buf[r.index()].expect("custom call results are materialized");
        results.push(buffer(lw, r, b)?);
    }
    let mut attrs = config.to_vec();
    sort_attrs(&mut attrs);
    if let Resolution::Library { library, symbol } = how {
        lw.ffi_used.push((library, target.to_string(), symbol));
    }
    lw.steps.push(Step::CustomCall(CustomCall {
        target: target.to_string(),
        attrs,
        operands,
        results,
    }));
    Ok(())
}
