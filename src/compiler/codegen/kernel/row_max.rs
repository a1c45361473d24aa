//! A reduction that is exactly `max(acc, row[j])` over a contiguous f32 row (softmax's
//! first pass) becomes one call of the runtime's `pjrt_rt_max_f32_row_v1`, which runs
//! StableHLO's maximum (NaN-propagating, +0 over -0) on sixteen lanes where Cranelift's
//! f32x4 has four. Maximum is associative and commutative under those rules, so the
//! value is the inline loop's, NaN aside: a NaN result is a NaN either way, its payload
//! unspecified (the routine returns all bits set).

use super::{Emitter, scalar};
use crate::compiler::codegen::scalar::R;
use crate::compiler::ir::{BinaryOp, DType};
use crate::compiler::lower::kir::{Body, Node};
use cranelift_codegen::ir::{InstBuilder, Value, types};

/// Rows shorter than this stay inline: the call costs about what the lanes save.
const MIN_ROW: i64 = 64;

/// The row of `max(acc, row[j])`: the load node of the reduce body `body` over
/// `extents`, if that is all the body computes.
fn row_of(buffer_dtype: impl Fn(usize) -> DType, extents: &[i64], body: &Body) -> Option<usize> {
    let ([n], [y]) = (extents, body.yields.as_slice()) else {
        return None;
    };
    if *n < MIN_ROW || body.types[y.index()] != DType::F32 {
        return None;
    }
    let Node::Binary {
        op: BinaryOp::Max,
        a,
        b,
    } = &body.nodes[y.index()]
    else {
        return None;
    };
    let load = match (&body.nodes[a.index()], &body.nodes[b.index()]) {
        (Node::Acc(0), Node::Load { .. }) => b.index(),
        (Node::Load { .. }, Node::Acc(0)) => a.index(),
        _ => return None,
    };
    let Node::Load { buffer, index } = &body.nodes[load] else {
        return None;
    };
    // Along the row: the reduce index last, the rest fixed by the enclosing point.
    let (last, rest) = index.split_last()?;
    let fixed = rest
        .iter()
        .all(|i| matches!(body.nodes[i.index()], Node::Outer(_) | Node::Const(_)));
    (buffer_dtype(*buffer) == DType::F32
        && matches!(body.nodes[last.index()], Node::Index(0))
        && fixed)
        .then_some(load)
}

impl Emitter<'_, '_> {
    /// `max(init, max_j row[j])` through the runtime, if the reduce `body` over `extents`
    /// is a row maximum the call can compute (`outer`: the enclosing body's values).
    pub(super) fn row_max(
        &mut self,
        extents: &[i64],
        init: &[Value],
        body: &Body,
        outer: &[Value],
    ) -> R<Option<Value>> {
        if !self.array_math {
            return Ok(None);
        }
        let k = self.k;
        let Some(load) = row_of(|b| k.buffers[b].dtype, extents, body) else {
            return Ok(None);
        };
        let (Node::Load { buffer, index }, [init]) = (&body.nodes[load], init) else {
            return Ok(None);
        };
        let mut at = Vec::with_capacity(index.len());
        for i in index {
            at.push(match &body.nodes[i.index()] {
                Node::Index(_) => self.cx.b.ins().iconst(types::I64, 0),
                Node::Outer(o) => *outer.get(o.index()).ok_or("row max: outer undefined")?,
                Node::Const(bits) => scalar::constant(&mut self.cx, body.types[i.index()], *bits),
                _ => return Err("row max: index not fixed".into()),
            });
        }
        let addr = self.address(*buffer, &at);
        let n = self.cx.b.ins().iconst(types::I64, extents[0]);
        let m = self
            .cx
            .call("pjrt_rt_max_f32_row_v1", types::F32, &[addr, n])?;
        Ok(Some(scalar::binary(
            &mut self.cx,
            BinaryOp::Max,
            DType::F32,
            *init,
            m,
        )?))
    }
}

/// Does kernel `k`'s reduce body `body` over `extents` run as a row-maximum call (where
/// the target has array math)?
#[cfg(test)]
pub(crate) fn is_row_max(
    k: &crate::compiler::lower::kir::Kernel,
    extents: &[i64],
    body: &Body,
) -> bool {
    row_of(|b| k.buffers[b].dtype, extents, body).is_some()
}
