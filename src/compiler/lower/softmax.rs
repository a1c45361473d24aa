//! Softmax along the last dimension -> one `Step::Softmax`.
//!
//! `jax.nn.softmax` (and the same formula written by hand) reaches us as
//!
//! ```text
//! m = reduce(x, -inf, maximum, dims = [last])      // maybe maximum(-inf, m) after
//! e = exponential(x - broadcast(m))
//! s = reduce(e, 0, add, dims = [last])
//! y = e * broadcast(1 / s)       // e / broadcast(s), after the `reciprocal` pass
//! ```
//!
//! (Without optimization the divide stays a divide, and kernels compute it.)
//!
//! Kernels compute it in two passes with `e` in a buffer between them; the runtime's row
//! routine (`pjrtc_runtime::vecmath::softmax_rows`) reads each row once and divides one
//! row while computing the next one's exponentials, with the same bits. The match
//! requires every intermediate value to be read only inside the pattern (so nothing else
//! needs `e`, `m` or `s`), f32 throughout, rows of at least [`MIN_COLS`], and is made
//! only where the runtime has its SIMD row routines (x86_64 with AVX2 and FMA; elsewhere
//! kernels are faster).

use super::Lowerer;
use crate::compiler::ir::{BinaryOp, DType, Op, Opcode, UnaryOp, ValueId};

/// Shorter rows stay kernels: the routine's calls per row cost more than they save
/// (one Xeon core, 1-4 MiB: rows of 4, 16 and 32 took 1.6x, 1.2x and 1.5x the kernels'
/// time; rows of 64 and 128, 0.27x and 0.28x).
const MIN_COLS: i64 = 64;

/// One softmax found: `out = softmax(x)` along the last dimension of a
/// `rows x cols` matrix; `inner` are the values computed inside it, which get no buffer
/// and no kernel.
pub(crate) struct Match {
    pub x: ValueId,
    pub out: ValueId,
    pub rows: u64,
    pub cols: u64,
    pub inner: Vec<ValueId>,
}

/// Every softmax of `lw`'s top-level body, for [`Lowerer`] to absorb.
pub(crate) fn find(lw: &Lowerer) -> Vec<Match> {
    lw.func
        .body
        .ops
        .iter()
        .filter_map(|op| match_scale(lw, op))
        .collect()
}

fn match_scale(lw: &Lowerer, op: &Op) -> Option<Match> {
    let (Opcode::Binary(BinaryOp::Mul), [e, bs], [out]) =
        (&op.opcode, &op.operands[..], &op.results[..])
    else {
        return None;
    };
    let out_ty = lw.ty(*out);
    let rank = out_ty.rank();
    if out_ty.dtype != DType::F32 || rank == 0 {
        return None;
    }
    if out_ty.shape[rank - 1] < MIN_COLS {
        return None;
    }
    let lead = &out_ty.shape[..rank - 1];
    let mut inner = Vec::new();
    let e = lw.r(*e);
    // y = e * broadcast(1 / s), s = sum of e's rows.
    let s = row_reciprocal(lw, *bs, lead, &mut inner)?;
    let sum_of = row_reduce(lw, s, BinaryOp::Add, 0.0f32.to_bits(), rank)?;
    if lw.r(sum_of) != e {
        return None;
    }
    // e = exp(x - broadcast(m)).
    let (exp_op, _) = lw.def_op(e)?;
    let Opcode::Unary(UnaryOp::Exp) = exp_op.opcode else {
        return None;
    };
    let diff = lw.r(exp_op.operands[0]);
    let (sub_op, _) = lw.def_op(diff)?;
    let (Opcode::Binary(BinaryOp::Sub), [x, bm]) = (&sub_op.opcode, &sub_op.operands[..]) else {
        return None;
    };
    let x = lw.r(*x);
    let m = row_values(lw, *bm, lead, &mut inner)?;
    let m = strip_max_with_neg_inf(lw, m, &mut inner);
    let max_of = row_reduce(lw, m, BinaryOp::Max, f32::NEG_INFINITY.to_bits(), rank)?;
    if lw.r(max_of) != x || lw.ty(x) != out_ty {
        return None;
    }
    inner.extend([e, diff, s, m]);
    // e is read by the sum and the multiply; everything else inside once.
    let reads_ok = inner.iter().all(|&v| {
        let want = if v == e { 2 } else { 1 };
        lw.uses[v.index()] == want
            && lw.output_of[v.index()].is_none()
            && !lw.needs_buffer[v.index()]
    });
    if !reads_ok {
        return None;
    }
    let cols = *out_ty.shape.last()? as u64;
    let rows = lead.iter().product::<i64>() as u64;
    Some(Match {
        x,
        out: *out,
        rows,
        cols,
        inner,
    })
}

/// The value of shape `lead` that `v` broadcasts along a new (or unit) last dimension:
/// through `broadcast_in_dim` with the identity prefix mapping and reshapes adding or
/// dropping that unit dimension. The values passed through are pushed to `inner`.
fn row_values(lw: &Lowerer, v: ValueId, lead: &[i64], inner: &mut Vec<ValueId>) -> Option<ValueId> {
    let mut v = lw.r(v);
    for _ in 0..8 {
        if lw.ty(v).shape == lead {
            return Some(v);
        }
        let (op, _) = lw.def_op(v)?;
        let u = row_step(lw, op, lead)?;
        inner.push(v);
        v = u;
    }
    None
}

/// The value `s` of shape `lead` whose reciprocal `v` broadcasts along the last dimension
/// (the `reciprocal` pass's form: row steps as [`row_values`] takes them, to
/// `divide(splat 1, s')` with `s'` a row value of `s`). The values passed through are
/// pushed to `inner`.
fn row_reciprocal(
    lw: &Lowerer,
    v: ValueId,
    lead: &[i64],
    inner: &mut Vec<ValueId>,
) -> Option<ValueId> {
    let mut v = lw.r(v);
    for _ in 0..8 {
        let (op, _) = lw.def_op(v)?;
        if let (Opcode::Binary(BinaryOp::Div), [one, s]) = (&op.opcode, &op.operands[..]) {
            if splat_f32(lw, lw.r(*one)) != Some(1.0f32.to_bits()) {
                return None;
            }
            inner.push(v);
            return row_values(lw, *s, lead, inner);
        }
        let u = row_step(lw, op, lead)?;
        inner.push(v);
        v = u;
    }
    None
}

/// The operand of `op` if `op` broadcasts a row value along the last dimension, or adds
/// or drops that unit dimension (`lead` are the other dimensions).
fn row_step(lw: &Lowerer, op: &Op, lead: &[i64]) -> Option<ValueId> {
    let u = lw.r(*op.operands.first()?);
    let us = &lw.ty(u).shape;
    let is_row_shape =
        |s: &[i64]| s == lead || s.len() == lead.len() + 1 && s[..lead.len()] == *lead;
    let ok = match &op.opcode {
        Opcode::BroadcastInDim {
            broadcast_dimensions,
        } => {
            let unit_last = us.len() == lead.len() + 1 && us.last() == Some(&1);
            (us == lead || unit_last)
                && broadcast_dimensions
                    .iter()
                    .enumerate()
                    .all(|(i, &d)| d == i as i64)
        }
        Opcode::Reshape => {
            is_row_shape(us) && us.iter().product::<i64>() == lead.iter().product::<i64>()
        }
        _ => false,
    };
    ok.then_some(u)
}

/// `maximum(-inf, m)` (either order) is `m`, NaN included: jax writes it after the row
/// maximum. Returns `m`, recording the maximum and its constant as inside.
fn strip_max_with_neg_inf(lw: &Lowerer, v: ValueId, inner: &mut Vec<ValueId>) -> ValueId {
    let Some((op, _)) = lw.def_op(v) else {
        return v;
    };
    let (Opcode::Binary(BinaryOp::Max), [a, b]) = (&op.opcode, &op.operands[..]) else {
        return v;
    };
    let (a, b) = (lw.r(*a), lw.r(*b));
    for (c, m) in [(a, b), (b, a)] {
        if splat_f32(lw, c) == Some(f32::NEG_INFINITY.to_bits()) {
            inner.push(v);
            return m;
        }
    }
    v
}

/// The operand `reduce(operand, init, op)` over the last of `rank` dimensions reduces,
/// if `v` is such a reduce with an f32 splat `init` of these bits and a reducer that is
/// `op` of its two arguments.
fn row_reduce(lw: &Lowerer, v: ValueId, op: BinaryOp, init: u32, rank: usize) -> Option<ValueId> {
    let (r, _) = lw.def_op(v)?;
    let Opcode::Reduce { dimensions } = &r.opcode else {
        return None;
    };
    if dimensions[..] != [rank as i64 - 1] || r.operands.len() != 2 || r.results.len() != 1 {
        return None;
    }
    if splat_f32(lw, r.operands[1]) != Some(init) {
        return None;
    }
    let body = r.regions.first()?;
    let ([a, b], [only], [y]) = (&body.args[..], &body.ops[..], &body.yields[..]) else {
        return None;
    };
    let args_ok = matches!(&only.operands[..], [p, q] if (p, q) == (a, b) || (p, q) == (b, a));
    if only.opcode != Opcode::Binary(op) || !args_ok || only.results[..] != [*y] {
        return None;
    }
    Some(r.operands[0])
}

/// The bits of `v` if it is an f32 constant with one value everywhere.
fn splat_f32(lw: &Lowerer, v: ValueId) -> Option<u32> {
    let (op, _) = lw.def_op(v)?;
    let Opcode::Constant(lit) = &op.opcode else {
        return None;
    };
    if lit.ty.dtype != DType::F32 || !lit.is_splat() || lit.bytes.is_empty() {
        return None;
    }
    Some(lit.element_bits(0) as u32)
}
