//! A column block's row folds as runtime calls over the whole row of the block.
//!
//! Run row by row ([`super::block_rows`]), one step of a reduction is, across the
//! block, an elementwise computation over arrays: the row just read, the accumulators
//! and the values kept per column (each a per-vector stack buffer, which holds its f32x4
//! lanes contiguously), written back into the accumulators. Inline, Cranelift runs it
//! on four lanes per instruction and pays a loop over the block's vectors per row; the
//! runtime's array routines run the same operations on eight lanes (AVX2) or sixteen
//! (AVX-512), a call per operation per row. So when every node of a reduce body that
//! the accumulators need is such an operation on such arrays, each row is calls only:
//! - f32 add, subtract, multiply, divide: `pjrt_rt_{add,sub,mul,div}_f32_array_v1`;
//! - f32 maximum and minimum: `pjrt_rt_{max,min}_f32_array_v1`, StableHLO's (NaN
//!   propagates, -0 below +0), where the inline code takes five instructions per four
//!   lanes;
//! - exp, tanh, logistic, sin, cos: `pjrt_rt_<f>_f32_map_v1` of the row, in place on
//!   a buffer an earlier call filled, or, of a difference of two arrays that nothing
//!   else reads, `pjrt_rt_<f>_f32_map_sub_each_v1` (a column softmax's `exp(x - max)`:
//!   one pass instead of a subtraction's and the function's), and, when an
//!   accumulator's yield adds those values to it (exp, tanh, logistic),
//!   `pjrt_rt_<f>_f32_map_sub_each_add_v1`, which adds them as it computes them.
//!
//! Every routine gives the inline code's bits, operation by operation (IEEE arithmetic
//! is correctly rounded at any width; the maximum and minimum are functions of their
//! operands' values, unordered lanes all ones like the inline code's; the math routines
//! reproduce the inline f32x4 code), so each column still folds in row order with the
//! same results. (Of two NaN operands of an add or multiply, either payload may come
//! out, as with the tiles' calls.)

use super::block_rows::Kept;
use super::{Class, Emitter, LANES, Pre, R, contiguous, operands};
use crate::compiler::ir::{BinaryOp, DType, UnaryOp};
use crate::compiler::lower::kir::{Body, Node};
use cranelift_codegen::ir::{InstBuilder, StackSlotData, StackSlotKind, Value, types};

/// Fewest floats per row worth a call per operation instead of the inline loop.
pub(super) const MIN_FLOATS: i64 = 64;

/// Where a row call finds an array, or writes one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Place {
    /// Accumulator `a`'s per-vector buffer.
    Acc(usize),
    /// A per-vector buffer of enclosing values (`outers[j]`) or loop-invariant body
    /// nodes (`invariants[j]`) of the fold.
    Outer(usize),
    Invariant(usize),
    /// A buffer this plan adds.
    Temp(usize),
    /// The row itself: a contiguous f32 load node of the body.
    Row(usize),
    /// An f32 constant (its bits), one value for all.
    Const(u32),
}

/// What one call runs.
#[derive(Clone, Copy, Debug)]
pub(super) enum Op {
    /// `f(dst, a, b, b_step, n)`: `b_step` 0 when `b` is one f32 for all (a constant,
    /// or a uniform enclosing or invariant value, read at the block's first vector).
    Arith(&'static str, Place, Place, bool),
    /// `f(dst, src, n)`.
    Map(&'static str, Place),
    /// `f(dst, src, subs, n)`: `f(src[i] - subs[i])`.
    MapSubEach(&'static str, Place, Place),
    /// `f(dst, src, subs, n)`: `dst[i] + f(src[i] - subs[i])`, into an accumulator.
    MapSubEachAdd(&'static str, Place, Place),
    /// `f(data, n)` on `dst`, which an earlier call filled with the argument.
    InPlace(&'static str),
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Call {
    pub dst: Place,
    pub op: Op,
}

/// A reduce body's row step as calls.
#[derive(Debug)]
pub(super) struct RowCalls {
    pub calls: Vec<Call>,
    /// Temporary buffers (f32x4 per vector).
    pub temps: usize,
    /// The nodes giving the rows' load indices.
    pub index_need: Vec<bool>,
}

fn arith_import(op: BinaryOp) -> Option<&'static str> {
    Some(match op {
        BinaryOp::Add => "pjrt_rt_add_f32_array_v1",
        BinaryOp::Sub => "pjrt_rt_sub_f32_array_v1",
        BinaryOp::Mul => "pjrt_rt_mul_f32_array_v1",
        BinaryOp::Div => "pjrt_rt_div_f32_array_v1",
        BinaryOp::Max => "pjrt_rt_max_f32_array_v1",
        BinaryOp::Min => "pjrt_rt_min_f32_array_v1",
        _ => return None,
    })
}

/// A function's routines: from an array, in place, and of an array minus another.
fn map_import(op: UnaryOp) -> Option<[&'static str; 3]> {
    Some(match op {
        UnaryOp::Exp => [
            "pjrt_rt_exp_f32_map_v1",
            "pjrt_rt_exp_f32_array_v1",
            "pjrt_rt_exp_f32_map_sub_each_v1",
        ],
        UnaryOp::Tanh => [
            "pjrt_rt_tanh_f32_map_v1",
            "pjrt_rt_tanh_f32_array_v1",
            "pjrt_rt_tanh_f32_map_sub_each_v1",
        ],
        UnaryOp::Logistic => [
            "pjrt_rt_logistic_f32_map_v1",
            "pjrt_rt_logistic_f32_array_v1",
            "pjrt_rt_logistic_f32_map_sub_each_v1",
        ],
        UnaryOp::Sin => [
            "pjrt_rt_sin_f32_map_v1",
            "pjrt_rt_sin_f32_array_v1",
            "pjrt_rt_sin_f32_map_sub_each_v1",
        ],
        UnaryOp::Cos => [
            "pjrt_rt_cos_f32_map_v1",
            "pjrt_rt_cos_f32_array_v1",
            "pjrt_rt_cos_f32_map_sub_each_v1",
        ],
        _ => return None,
    })
}

/// The fold as calls, if every node the accumulators need is one (see the module
/// docs). `cls`: the body's classes; `acc_ty`, `outers`, `invariants`: the types kept
/// per vector for the accumulators, the enclosing values (by the enclosing body's node
/// that `Outer` nodes name) and the body's nodes known per vector (loop-invariant).
pub(super) fn plan(
    body: &Body,
    cls: &[Class],
    acc_ty: &[types::Type],
    outers: &[(usize, types::Type)],
    invariants: &[(usize, types::Type)],
) -> Option<RowCalls> {
    let len = body.nodes.len();
    if body.nodes.iter().any(|n| matches!(n, Node::Store { .. })) {
        return None;
    }
    let f32v = |i: usize| body.types[i] == DType::F32 && cls[i] == Class::Vector;
    // Where each node's values are, for the nodes that are arrays.
    let mut place: Vec<Option<Place>> = vec![None; len];
    // Uniform f32 values (one for all), by their kept buffer.
    let mut scalar: Vec<Option<Place>> = vec![None; len];
    let mut calls: Vec<(usize, Call)> = Vec::new();
    let mut temps = 0;
    // Uses of each node by the nodes the yields need (loads' indices aside).
    // (Not the indices of loads, nor what known values are computed from.)
    let reads = |i: usize| -> Vec<usize> {
        match &body.nodes[i] {
            Node::Load { .. } => Vec::new(),
            _ if invariants.iter().any(|&(n, _)| n == i) => Vec::new(),
            n => operands(n).iter().map(|o| o.index()).collect(),
        }
    };
    let mut need = vec![false; len];
    let mut stack: Vec<usize> = body.yields.iter().map(|y| y.index()).collect();
    while let Some(i) = stack.pop() {
        if std::mem::replace(&mut need[i], true) {
            continue;
        }
        stack.extend(reads(i));
    }
    let mut uses = vec![0usize; len];
    for i in (0..len).filter(|&i| need[i]) {
        for o in reads(i) {
            uses[o] += 1;
        }
    }
    for y in &body.yields {
        uses[y.index()] += 1;
    }
    let mut rows = Vec::new();
    for i in (0..len).filter(|&i| need[i]) {
        let inv = invariants.iter().position(|&(n, _)| n == i);
        match &body.nodes[i] {
            _ if inv.is_some() => {
                let j = inv?;
                match invariants[j].1 {
                    types::F32X4 => place[i] = Some(Place::Invariant(j)),
                    types::F32 => scalar[i] = Some(Place::Invariant(j)),
                    _ => return None,
                }
            }
            Node::Acc(a) => {
                if acc_ty.get(*a)? != &types::F32X4 || !f32v(i) {
                    return None;
                }
                place[i] = Some(Place::Acc(*a));
            }
            Node::Outer(o) => {
                let j = outers.iter().position(|&(n, _)| n == o.index())?;
                match outers[j].1 {
                    types::F32X4 if f32v(i) => place[i] = Some(Place::Outer(j)),
                    types::F32 if body.types[i] == DType::F32 => scalar[i] = Some(Place::Outer(j)),
                    _ => return None,
                }
            }
            Node::Const(bits) if body.types[i] == DType::F32 => {
                scalar[i] = Some(Place::Const(*bits as u32));
            }
            Node::Load { index, .. } => {
                if !f32v(i) || !contiguous(index, cls) {
                    return None;
                }
                place[i] = Some(Place::Row(i));
                rows.push(i);
            }
            Node::Binary { op, a, b } => {
                let import = arith_import(*op)?;
                if !f32v(i) {
                    return None;
                }
                // `acc + f(x - m)` as accumulator `acc`'s yield, the function's values
                // read by nothing else: one call adds them as it computes them (a
                // column softmax's sum of exponentials).
                let yield_of = body.yields.iter().position(|n| n.index() == i);
                if let (Some(acc), BinaryOp::Add, Some((j, f))) = (yield_of, op, calls.last())
                    && let Op::MapSubEach(sub_each, src, subs) = f.op
                    && let Some(add) = sub_each_add(sub_each)
                    && uses[*j] == 1
                    && matches!(f.dst, Place::Temp(_))
                    && [a.index(), b.index()].contains(j)
                    && [a.index(), b.index()]
                        .iter()
                        .any(|&o| matches!(body.nodes[o], Node::Acc(k) if k == acc))
                {
                    calls.pop();
                    let dst = Place::Acc(acc);
                    calls.push((
                        i,
                        Call {
                            dst,
                            op: Op::MapSubEachAdd(add, src, subs),
                        },
                    ));
                    place[i] = Some(dst);
                    continue;
                }
                let (mut x, mut y) = (place[a.index()], place[b.index()]);
                let mut one = false;
                if y.is_none() {
                    y = scalar[b.index()];
                    one = true;
                }
                if x.is_none() && (matches!(op, BinaryOp::Add | BinaryOp::Mul) || minmax(*op)) {
                    // Commutative: the one value second.
                    (x, y) = (place[b.index()], scalar[a.index()]);
                    one = true;
                }
                let (x, y) = (x?, y?);
                // Its own buffer (an accumulator's when it is that one's yield).
                let dst = match body.yields.iter().position(|n| n.index() == i) {
                    Some(a) => Place::Acc(a),
                    None => {
                        temps += 1;
                        Place::Temp(temps - 1)
                    }
                };
                place[i] = Some(dst);
                calls.push((
                    i,
                    Call {
                        dst,
                        op: Op::Arith(import, x, y, one),
                    },
                ));
            }
            Node::Unary { op, x } => {
                let [map, in_place, sub_each] = map_import(*op)?;
                if !f32v(i) {
                    return None;
                }
                let from = place[x.index()]?;
                let yield_of = body.yields.iter().position(|n| n.index() == i);
                // `f(a - b)` of two arrays, the difference read by nothing else: one
                // call computes both (softmax's `exp(x - max)`), into the difference's
                // buffer.
                if let (Some((j, sub)), Place::Temp(_), 1) = (calls.last(), from, uses[x.index()])
                    && *j == x.index()
                    && let Op::Arith("pjrt_rt_sub_f32_array_v1", a, b, false) = sub.op
                {
                    let dst = yield_of.map_or(from, Place::Acc);
                    calls.pop();
                    calls.push((
                        i,
                        Call {
                            dst,
                            op: Op::MapSubEach(sub_each, a, b),
                        },
                    ));
                    place[i] = Some(dst);
                    continue;
                }
                let call = match (from, yield_of) {
                    (_, Some(a)) => Call {
                        dst: Place::Acc(a),
                        op: Op::Map(map, from),
                    },
                    // The argument's buffer, read by nothing else: in place.
                    (Place::Temp(_), None) if uses[x.index()] == 1 => Call {
                        dst: from,
                        op: Op::InPlace(in_place),
                    },
                    _ => {
                        temps += 1;
                        Call {
                            dst: Place::Temp(temps - 1),
                            op: Op::Map(map, from),
                        }
                    }
                };
                place[i] = Some(call.dst);
                calls.push((i, call));
            }
            _ => return None,
        }
    }
    // Each yield is a call writing its accumulator, and no call after it reads the
    // accumulator's old values.
    for (a, y) in body.yields.iter().enumerate() {
        let at = calls.iter().position(|(i, _)| *i == y.index())?;
        if calls[at].1.dst != Place::Acc(a) {
            return None;
        }
        let reads_acc = |c: &Call| match c.op {
            Op::Arith(_, x, y, _) => x == Place::Acc(a) || y == Place::Acc(a),
            Op::Map(_, x) => x == Place::Acc(a),
            Op::MapSubEach(_, x, y) => x == Place::Acc(a) || y == Place::Acc(a),
            Op::MapSubEachAdd(_, x, y) => x == Place::Acc(a) || y == Place::Acc(a),
            Op::InPlace(_) => c.dst == Place::Acc(a),
        };
        if calls[at + 1..].iter().any(|(_, c)| reads_acc(c)) {
            return None;
        }
    }
    if calls.is_empty() {
        return None;
    }
    // The loads' indices, computed once per row at the block's first vector.
    let roots: Vec<usize> = rows
        .iter()
        .flat_map(|&r| match &body.nodes[r] {
            Node::Load { index, .. } => index.iter().map(|n| n.index()).collect(),
            _ => Vec::new(),
        })
        .collect();
    let index_need = super::lanes::closure_of(body, &roots, &|_| false);
    Some(RowCalls {
        calls: calls.into_iter().map(|(_, c)| c).collect(),
        temps,
        index_need,
    })
}

/// The routine adding `f(src[i] - subs[i])` to an accumulator, for the function whose
/// `map_sub_each` routine is `sub_each`.
fn sub_each_add(sub_each: &str) -> Option<&'static str> {
    Some(match sub_each {
        "pjrt_rt_exp_f32_map_sub_each_v1" => "pjrt_rt_exp_f32_map_sub_each_add_v1",
        "pjrt_rt_tanh_f32_map_sub_each_v1" => "pjrt_rt_tanh_f32_map_sub_each_add_v1",
        "pjrt_rt_logistic_f32_map_sub_each_v1" => "pjrt_rt_logistic_f32_map_sub_each_add_v1",
        _ => return None,
    })
}

fn minmax(op: BinaryOp) -> bool {
    matches!(op, BinaryOp::Max | BinaryOp::Min)
}

/// The buffers a [`RowCalls`] plan reads and writes.
pub(super) struct Buffers<'r> {
    pub accs: &'r [Kept],
    pub outers: &'r [(usize, Kept)],
    pub invariants: &'r [(usize, Kept)],
    pub temps: &'r [Kept],
}

impl Emitter<'_, '_> {
    /// One row step `t` of `plan` over `vectors` vectors: its calls. `outer` and `known`
    /// are the enclosing values and invariant nodes at the block's first vector.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn row_calls(
        &mut self,
        body: &Body,
        cls: &[Class],
        plan: &RowCalls,
        bufs: &Buffers<'_>,
        t: &[Value],
        outer: &[Value],
        known: &[Option<Value>],
        vectors: Value,
    ) -> R<()> {
        let vals = self.eval_body(
            body,
            t,
            &[],
            outer,
            Some(cls),
            Pre::Use(known, Some(&plan.index_need)),
        )?;
        let count = self.cx.b.ins().imul_imm_s(vectors, LANES);
        let addr = |em: &mut Self, p: Place| -> R<Value> {
            let k = match p {
                Place::Acc(a) => bufs.accs[a],
                Place::Outer(j) => bufs.outers[j].1,
                Place::Invariant(j) => bufs.invariants[j].1,
                Place::Temp(j) => bufs.temps[j],
                Place::Const(bits) => {
                    let slot = em.cx.b.create_sized_stack_slot(StackSlotData::new(
                        StackSlotKind::ExplicitSlot,
                        4,
                        2,
                    ));
                    let x = em.cx.b.ins().f32const(f32::from_bits(bits));
                    em.cx.b.ins().stack_store(types::I64, x, slot, 0);
                    return Ok(em.cx.b.ins().stack_addr(types::I64, slot, 0));
                }
                Place::Row(r) => {
                    let Node::Load { buffer, index } = &body.nodes[r] else {
                        return Err("row call: row is not a load".into());
                    };
                    let idx: Vec<Value> = index.iter().map(|n| vals[n.index()]).collect();
                    return Ok(em.address(*buffer, &idx));
                }
            };
            Ok(em.cx.b.ins().stack_addr(types::I64, k.slot, 0))
        };
        for c in &plan.calls {
            let dst = addr(self, c.dst)?;
            match c.op {
                Op::Arith(import, a, b, one) => {
                    let a = addr(self, a)?;
                    let b = addr(self, b)?;
                    // A uniform value's buffer holds the same f32 for every vector: the
                    // routine reads the first.
                    let step = self.iconst(if one { 0 } else { 1 });
                    self.cx.call_void(import, &[dst, a, b, step, count])?;
                }
                Op::Map(import, src) => {
                    let src = addr(self, src)?;
                    self.cx.call_void(import, &[dst, src, count])?;
                }
                Op::MapSubEach(import, src, subs) | Op::MapSubEachAdd(import, src, subs) => {
                    let src = addr(self, src)?;
                    let subs = addr(self, subs)?;
                    self.cx.call_void(import, &[dst, src, subs, count])?;
                }
                Op::InPlace(import) => {
                    self.cx.call_void(import, &[dst, count])?;
                }
            }
        }
        Ok(())
    }
}
