//! Reductions over a contiguous f32 row that the runtime computes whole, on sixteen
//! lanes where Cranelift's f32x4 has four:
//! - `max(acc, row[j])` (softmax's first pass): `pjrt_rt_max_f32_row_v1`, StableHLO's
//!   maximum (NaN-propagating, +0 over -0). Maximum is associative and commutative under
//!   those rules, so the value is the inline loop's; a NaN result is a NaN either way,
//!   its payload unspecified (the routine returns all bits set).
//! - `acc + row[j]` (softmax's denominator, layernorm's mean, reduce_sum) and
//!   `acc + (row[j] - s) * (row[j] - s)` with `s` the same for the whole row (layernorm's
//!   variance): `pjrt_rt_sum_f32_row_v1` and `pjrt_rt_sum_sq_sub_f32_row_v1`, which
//!   add in exactly the inline blocked loop's order (`reduce_nest`), so the bits are the
//!   inline loop's, NaN payloads aside. Only where the inline code would run that loop.

use super::{Emitter, classify_reduce, scalar};
use crate::compiler::codegen::scalar::R;
use crate::compiler::ir::{BinaryOp, DType};
use crate::compiler::lower::kir::{Body, Kernel, Node};
use cranelift_codegen::ir::{InstBuilder, Value, types};

/// Rows shorter than this stay inline: the call costs about what the lanes save.
const MIN_ROW: i64 = 64;

/// What a row reduction computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RowReduce {
    Max,
    Sum,
    /// The sum of squared distances from node `s` (loop-invariant, f32).
    SumSqSub(usize),
}

/// The form of the reduce body `body` over `extents` of kernel `k` and the load node
/// of its row, if the body computes exactly one of the [`RowReduce`] forms.
pub(crate) fn row_form(
    k: &Kernel,
    extents: &[i64],
    body: &Body,
    round_ok: bool,
) -> Option<(RowReduce, usize)> {
    let ([n], [y]) = (extents, body.yields.as_slice()) else {
        return None;
    };
    if *n < MIN_ROW || body.types[y.index()] != DType::F32 {
        return None;
    }
    let Node::Binary { op, a, b } = &body.nodes[y.index()] else {
        return None;
    };
    let elem = match (&body.nodes[a.index()], &body.nodes[b.index()]) {
        (Node::Acc(0), _) => b.index(),
        (_, Node::Acc(0)) => a.index(),
        _ => return None,
    };
    let (form, load) = match (op, &body.nodes[elem]) {
        (BinaryOp::Max, Node::Load { .. }) => (RowReduce::Max, elem),
        (BinaryOp::Add, Node::Load { .. }) => (RowReduce::Sum, elem),
        (
            BinaryOp::Add,
            Node::Binary {
                op: BinaryOp::Mul,
                a,
                b,
            },
        ) if a == b => {
            let Node::Binary {
                op: BinaryOp::Sub,
                a: x,
                b: s,
            } = &body.nodes[a.index()]
            else {
                return None;
            };
            let invariant = super::loop_invariant(body);
            if !invariant[s.index()] || body.types[s.index()] != DType::F32 {
                return None;
            }
            (RowReduce::SumSqSub(s.index()), x.index())
        }
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
    if k.buffers[*buffer].dtype != DType::F32
        || !matches!(body.nodes[last.index()], Node::Index(0))
        || !fixed
    {
        return None;
    }
    // A sum's order is the blocked vector loop's: only where the inline code runs it.
    if form != RowReduce::Max && classify_reduce(k, extents, body, round_ok).is_none() {
        return None;
    }
    Some((form, load))
}

impl Emitter<'_, '_> {
    /// The reduction's result through the runtime, if the reduce `body` over `extents`
    /// is a row reduction a call can compute (`outer`: the enclosing body's values;
    /// `hoisted`: the body's loop-invariant nodes, computed).
    pub(super) fn row_reduce(
        &mut self,
        extents: &[i64],
        init: &[Value],
        body: &Body,
        outer: &[Value],
        hoisted: &[Option<Value>],
    ) -> R<Option<Value>> {
        if !self.array_math {
            return Ok(None);
        }
        let k = self.k;
        let Some((form, load)) = row_form(k, extents, body, self.round_ok) else {
            return Ok(None);
        };
        let (Node::Load { buffer, index }, [init]) = (&body.nodes[load], init) else {
            return Ok(None);
        };
        let mut at = Vec::with_capacity(index.len());
        for i in index {
            at.push(match &body.nodes[i.index()] {
                Node::Index(_) => self.cx.b.ins().iconst(types::I64, 0),
                Node::Outer(o) => *outer.get(o.index()).ok_or("row reduce: outer undefined")?,
                Node::Const(bits) => scalar::constant(&mut self.cx, body.types[i.index()], *bits),
                _ => return Err("row reduce: index not fixed".into()),
            });
        }
        let addr = self.address(*buffer, &at);
        let n = self.cx.b.ins().iconst(types::I64, extents[0]);
        Ok(Some(match form {
            RowReduce::Max => {
                let m = (self.cx).call("pjrt_rt_max_f32_row_v1", types::F32, &[addr, n])?;
                scalar::binary(&mut self.cx, BinaryOp::Max, DType::F32, *init, m)?
            }
            RowReduce::Sum => {
                (self.cx).call("pjrt_rt_sum_f32_row_v1", types::F32, &[addr, n, *init])?
            }
            RowReduce::SumSqSub(s) => {
                let s = hoisted
                    .get(s)
                    .copied()
                    .flatten()
                    .ok_or("row reduce: shift not hoisted")?;
                let args = [addr, n, *init, s];
                (self.cx).call("pjrt_rt_sum_sq_sub_f32_row_v1", types::F32, &args)?
            }
        }))
    }
}
