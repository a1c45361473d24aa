//! Column blocks streamed by rows: the reductions of a column block (see
//! [`super::blocks`]) with the rows outside and the block's vectors inside.
//!
//! Run lane by lane, each vector of a block folds its column down the rows: with a row
//! stride of a few KiB every step touches new cache lines, which the prefetchers do not
//! follow well (log_softmax over axis 0 of 1000x771 in blocks of 16 columns spent most of
//! its time waiting on those loads, and as long again on the strided stores of its
//! points). Here every pass walks the block row by row instead: per row, a loop over the
//! block's vectors reads each vector's accumulators from a stack buffer, folds in its
//! element and writes them back, so the loads of a row are contiguous, and each column
//! still folds in row order (the lane reduces' order, the same bits). A function the
//! runtime has an array routine for (exp, ...) is computed per row by one call over the
//! row's arguments. Values a pass needs per column (a previous reduction's result, what
//! the points read once the reductions are done) are kept per vector in stack buffers.
//! Where every operation of a step has a runtime routine, the step is calls only, over
//! the whole row of the block ([`super::row_calls`]).

use super::lanes::{array_math, body_classes, closure_of};
use super::row_calls::{self, RowCalls};
use super::{Class, Emitter, LANES, Pre, R, loop_invariant, operands};
use crate::compiler::lower::kir::{Body, Node};
use cranelift_codegen::ir::{
    InstBuilder, MemFlagsData, StackSlot, StackSlotData, StackSlotKind, Type, Value, types,
};
// Ordered: `reload` emits one load per kept value in the map's order, and a hash map's
// random order made the same program compile to different (equivalent) code each run.
use std::collections::BTreeMap;

/// Bytes a vector's copy of one value takes in a per-vector buffer.
const SLOT: i64 = 16;

/// Vectors per iteration of the loops over a block's vectors.
const UNROLL: i64 = 4;

/// Fewest floats per row worth an array routine call instead of the inline code.
const MIN_CALL_FLOATS: i64 = 16;

/// A value kept per vector of a block: its buffer and type.
#[derive(Clone, Copy)]
pub(super) struct Kept {
    pub(super) slot: StackSlot,
    pub(super) ty: Type,
}

impl<'a, 'b> Emitter<'a, 'b> {
    /// A buffer holding one value for each of `vectors` vectors.
    fn per_vector(&mut self, vectors: i64, ty: Type) -> Kept {
        let slot = self.cx.b.create_sized_stack_slot(StackSlotData::new(
            StackSlotKind::ExplicitSlot,
            (vectors.max(1) * SLOT) as u32,
            4, // 16 bytes
        ));
        Kept { slot, ty }
    }

    /// Vector `v + u`'s place in `k`: the address of `v`'s, and `u`'s offset from it.
    fn kept_addr(&mut self, k: Kept, v: Value, u: i64) -> (Value, i32) {
        let base = self.cx.b.ins().stack_addr(types::I64, k.slot, 0);
        let at = self.cx.b.ins().imul_imm_s(v, SLOT);
        (self.cx.b.ins().iadd(base, at), (u * SLOT) as i32)
    }

    fn keep(&mut self, k: Kept, v: Value, u: i64, x: Value) {
        let (a, off) = self.kept_addr(k, v, u);
        self.cx.b.ins().store(MemFlagsData::trusted(), x, a, off);
    }

    fn kept(&mut self, k: Kept, v: Value, u: i64) -> Value {
        let (a, off) = self.kept_addr(k, v, u);
        self.cx.b.ins().load(k.ty, MemFlagsData::trusted(), a, off)
    }

    /// The values of `kept` at vector `v + u`, as a body's `Pre::Use` list.
    fn reload(
        &mut self,
        len: usize,
        kept: &BTreeMap<usize, Kept>,
        v: Value,
        u: i64,
    ) -> Vec<Option<Value>> {
        let mut known = vec![None; len];
        for (&i, &k) in kept {
            known[i] = Some(self.kept(k, v, u));
        }
        known
    }

    /// The coordinates of vector `v + u` of a block starting at column `lo`.
    fn vector_idx(&mut self, coords: &[Value], lo: Value, v: Value, u: i64) -> Vec<Value> {
        let mut idx = coords.to_vec();
        let off = self.cx.b.ins().imul_imm_s(v, LANES);
        let last = idx.len() - 1;
        let at = self.cx.b.ins().iadd(lo, off);
        idx[last] = if u == 0 {
            at
        } else {
            self.cx.b.ins().iadd_imm_s(at, u * LANES)
        };
        idx
    }

    /// `f(v, u)` for every vector `v + u` of `[0, vectors)`: [`UNROLL`] per iteration
    /// (fewer loop and address instructions per vector), then one.
    fn vector_loops(
        &mut self,
        vectors: Value,
        f: &mut dyn FnMut(&mut Emitter<'a, 'b>, Value, i64) -> R<()>,
    ) -> R<()> {
        let zero = self.iconst(0);
        let (i, _) = self.emit_loop(zero, vectors, UNROLL, &[], &mut |em, v, _| {
            for u in 0..UNROLL {
                f(em, v, u)?;
            }
            Ok(vec![])
        })?;
        self.emit_loop(i, vectors, 1, &[], &mut |em, v, _| {
            f(em, v, 0)?;
            Ok(vec![])
        })?;
        Ok(())
    }

    /// The vectors `[0, vectors)` (at most `max_vectors`) of the column block from `lo` at
    /// outer coordinates `coords` (inner ones unused), run row by row (see the module
    /// docs): every reduction `hoist` needs in turn, then the hoisted values once per
    /// vector, then every point of the inner dimensions `inner`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn block_rows(
        &mut self,
        cls: &[Class],
        hoist: &[bool],
        need: &[bool],
        inner: &[usize],
        coords: &[Value],
        lo: Value,
        vectors: Value,
        max_vectors: i64,
    ) -> R<()> {
        let k = self.k;
        let body = &k.body;
        let len = body.nodes.len();
        // Top-level values known per vector so far.
        let mut kept: BTreeMap<usize, Kept> = BTreeMap::new();
        for (r, node) in body.nodes.iter().enumerate() {
            let Node::Reduce {
                extents,
                inits,
                body: rbody,
            } = node
            else {
                continue;
            };
            if !need[r] {
                continue;
            }
            let (rcls, _) = body_classes(k, rbody, cls, self.round_ok)
                .ok_or("block rows: reduce body not on lanes")?;
            // What the reduce reads at each vector, not past the values kept.
            let mut reads: Vec<usize> = inits.iter().map(|n| n.index()).collect();
            let mut outers: Vec<usize> = Vec::new();
            for n in &rbody.nodes {
                if let Node::Outer(o) = n
                    && !outers.contains(&o.index())
                {
                    outers.push(o.index());
                }
            }
            reads.extend(&outers);
            let is_kept = |i: usize| kept.contains_key(&i);
            let reads_need = closure_of(body, &reads, &is_kept);
            let invariant = loop_invariant(rbody);
            let inv_nodes: Vec<usize> = (0..rbody.nodes.len())
                .filter(|&i| {
                    invariant[i] && !matches!(rbody.nodes[i], Node::Const(_) | Node::Outer(_))
                })
                .collect();
            // Per vector: accumulators, the enclosing values the body reads, its
            // loop-invariant nodes.
            let mut accs: Vec<Kept> = Vec::new();
            let mut outer_kept: Vec<(usize, Kept)> = Vec::new();
            let mut inv_kept: Vec<(usize, Kept)> = Vec::new();
            let kept_now = kept.clone();
            self.vector_loops(vectors, &mut |em, v, u| {
                let idx = em.vector_idx(coords, lo, v, u);
                let known = em.reload(len, &kept_now, v, u);
                let pre = Pre::Use(&known, Some(&reads_need));
                let vals = em.eval_body(body, &idx, &[], &[], Some(cls), pre)?;
                let first = accs.is_empty();
                for (a, n) in inits.iter().enumerate() {
                    let x = em.vec_of(&vals, cls, n.index());
                    if first {
                        let ty = em.cx.ty(x);
                        accs.push(em.per_vector(max_vectors, ty));
                    }
                    em.keep(accs[a], v, u, x);
                }
                for (j, &o) in outers.iter().enumerate() {
                    if first {
                        let ty = em.cx.ty(vals[o]);
                        outer_kept.push((o, em.per_vector(max_vectors, ty)));
                    }
                    em.keep(outer_kept[j].1, v, u, vals[o]);
                }
                if !inv_nodes.is_empty() {
                    let pre = Pre::Only(&invariant);
                    let r = em.eval_body(rbody, &[], &[], &vals, Some(&rcls), pre)?;
                    for (j, &i) in inv_nodes.iter().enumerate() {
                        if first {
                            let ty = em.cx.ty(r[i]);
                            inv_kept.push((i, em.per_vector(max_vectors, ty)));
                        }
                        em.keep(inv_kept[j].1, v, u, r[i]);
                    }
                }
                Ok(())
            })?;
            if accs.len() != inits.len() {
                return Err("block rows: reduce without accumulators".into());
            }
            let math = array_math(rbody, &rcls)
                .filter(|_| self.array_math && max_vectors * LANES >= MIN_CALL_FLOATS);
            // Calls alone where every operation has a routine (see `row_calls`).
            let calls = if self.array_math && max_vectors * LANES >= row_calls::MIN_FLOATS {
                let tys = |v: &[(usize, Kept)]| -> Vec<(usize, Type)> {
                    v.iter().map(|&(i, k)| (i, k.ty)).collect()
                };
                let acc_ty: Vec<Type> = accs.iter().map(|k| k.ty).collect();
                let (outers, invs) = (tys(&outer_kept), tys(&inv_kept));
                row_calls::plan(rbody, &rcls, &acc_ty, &outers, &invs)
            } else {
                None
            };
            let temps: Vec<Kept> = (0..calls.as_ref().map_or(0, |c| c.temps))
                .map(|_| self.per_vector(max_vectors, types::F32X4))
                .collect();
            let row = RowFold {
                body: rbody,
                cls: &rcls,
                accs: &accs,
                outers: &outer_kept,
                invariants: &inv_kept,
                math: math.as_ref(),
                calls: calls.as_ref(),
                temps: &temps,
                outer_len: len,
            };
            self.rows_nest(extents, &mut Vec::new(), vectors, max_vectors, &row)?;
            kept.insert(r, accs[0]);
            for (j, n) in body.nodes.iter().enumerate() {
                if let Node::ReduceResult { reduce, k } = n
                    && reduce.index() == r
                {
                    let a = *accs.get(*k).ok_or("block rows: result out of range")?;
                    kept.insert(j, a);
                }
            }
        }
        // The hoisted values the points read, once per vector.
        let mut read_by_points = vec![false; len];
        for (i, n) in body.nodes.iter().enumerate() {
            if !hoist[i] {
                for o in operands(n) {
                    read_by_points[o.index()] = true;
                }
            }
        }
        let wanted: Vec<usize> = (0..len)
            .filter(|&i| hoist[i] && read_by_points[i] && !matches!(body.nodes[i], Node::Const(_)))
            .collect();
        let mut hoisted: Vec<(usize, Kept)> = Vec::new();
        let kept_now = kept.clone();
        self.vector_loops(vectors, &mut |em, v, u| {
            let idx = em.vector_idx(coords, lo, v, u);
            let known = em.reload(len, &kept_now, v, u);
            let vals = em.eval_body(
                body,
                &idx,
                &[],
                &[],
                Some(cls),
                Pre::Use(&known, Some(need)),
            )?;
            let first = hoisted.is_empty();
            for (j, &i) in wanted.iter().enumerate() {
                if first {
                    let ty = em.cx.ty(vals[i]);
                    hoisted.push((i, em.per_vector(max_vectors, ty)));
                }
                em.keep(hoisted[j].1, v, u, vals[i]);
            }
            Ok(())
        })?;
        let hoisted: BTreeMap<usize, Kept> = hoisted.into_iter().collect();
        // The points compute what is not hoisted, reading the hoisted values kept.
        let points_need: Vec<bool> = (0..len)
            .map(|i| {
                !hoist[i] || hoisted.contains_key(&i) || matches!(body.nodes[i], Node::Const(_))
            })
            .collect();
        let mut idx = coords.to_vec();
        let pts = Points {
            inner,
            lo,
            vectors,
            cls,
            hoisted: &hoisted,
            need: &points_need,
        };
        self.rows_points(&pts, 0, &mut idx)
    }

    /// The points: loops over the inner dimensions from `p.inner[level]` on, then every
    /// vector of the block.
    fn rows_points(&mut self, p: &Points<'_>, level: usize, idx: &mut Vec<Value>) -> R<()> {
        let k = self.k;
        let zero = self.iconst(0);
        let Some(&d) = p.inner.get(level) else {
            let coords = idx.clone();
            self.vector_loops(p.vectors, &mut |em, v, u| {
                let at = em.vector_idx(&coords, p.lo, v, u);
                let known = em.reload(k.body.nodes.len(), p.hoisted, v, u);
                let pre = Pre::Use(&known, Some(p.need));
                em.eval_body(&k.body, &at, &[], &[], Some(p.cls), pre)?;
                Ok(())
            })?;
            return Ok(());
        };
        let hi = self.iconst(k.domain[d]);
        self.emit_loop(zero, hi, 1, &[], &mut |em, i, _| {
            idx[d] = i;
            em.rows_points(p, level + 1, idx)?;
            Ok(vec![])
        })?;
        Ok(())
    }

    /// The reduce loops over `extents` (coordinates so far `idx`), folding one row of
    /// every vector at the innermost.
    fn rows_nest(
        &mut self,
        extents: &[i64],
        idx: &mut Vec<Value>,
        vectors: Value,
        max_vectors: i64,
        row: &RowFold<'_>,
    ) -> R<()> {
        let Some((&e, rest)) = extents.split_first() else {
            return self.fold_row(idx, vectors, max_vectors, row);
        };
        let zero = self.iconst(0);
        let hi = self.iconst(e);
        self.emit_loop(zero, hi, 1, &[], &mut |em, t, _| {
            idx.push(t);
            em.rows_nest(rest, idx, vectors, max_vectors, row)?;
            idx.pop();
            Ok(vec![])
        })?;
        Ok(())
    }

    /// The enclosing values and hoisted body nodes of `row` at vector `v`.
    fn row_inputs(
        &mut self,
        row: &RowFold<'_>,
        v: Value,
        u: i64,
    ) -> (Vec<Value>, Vec<Option<Value>>) {
        let dummy = self.iconst(0);
        let mut outer = vec![dummy; row.outer_len];
        for &(o, k) in row.outers {
            outer[o] = self.kept(k, v, u);
        }
        let mut known = vec![None; row.body.nodes.len()];
        for &(i, k) in row.invariants {
            known[i] = Some(self.kept(k, v, u));
        }
        (outer, known)
    }

    /// One step `t` of the reduce at every vector: accumulators read, folded, written.
    fn fold_row(
        &mut self,
        t: &[Value],
        vectors: Value,
        max_vectors: i64,
        row: &RowFold<'_>,
    ) -> R<()> {
        let body = row.body;
        if let Some(plan) = row.calls {
            let zero = self.iconst(0);
            let (outer, known) = self.row_inputs(row, zero, 0);
            let bufs = row_calls::Buffers {
                accs: row.accs,
                outers: row.outers,
                invariants: row.invariants,
                temps: row.temps,
            };
            return self.row_calls(body, row.cls, plan, &bufs, t, &outer, &known, vectors);
        }
        let Some(math) = row.math else {
            self.vector_loops(vectors, &mut |em, v, u| {
                let (outer, known) = em.row_inputs(row, v, u);
                let accs: Vec<Value> = row.accs.iter().map(|&a| em.kept(a, v, u)).collect();
                let r = em.eval_body(
                    body,
                    t,
                    &accs,
                    &outer,
                    Some(row.cls),
                    Pre::Use(&known, None),
                )?;
                for (a, y) in row.accs.iter().zip(&body.yields) {
                    em.keep(*a, v, u, r[y.index()]);
                }
                Ok(())
            })?;
            return Ok(());
        };
        // The functions' arguments of the row, one call each, then the folds.
        let bufs: Vec<Kept> = math
            .calls
            .iter()
            .map(|_| self.per_vector(max_vectors, types::F32X4))
            .collect();
        self.vector_loops(vectors, &mut |em, v, u| {
            let (outer, known) = em.row_inputs(row, v, u);
            let pre = Pre::Use(&known, Some(&math.args));
            let vals = em.eval_body(body, t, &[], &outer, Some(row.cls), pre)?;
            for (&(i, _), &buf) in math.calls.iter().zip(&bufs) {
                let x = operands(&body.nodes[i])[0].index();
                em.keep(buf, v, u, vals[x]);
            }
            Ok(())
        })?;
        for (&(_, import), &buf) in math.calls.iter().zip(&bufs) {
            let base = self.cx.b.ins().stack_addr(types::I64, buf.slot, 0);
            let count = self.cx.b.ins().imul_imm_s(vectors, LANES);
            self.cx.call_void(import, &[base, count])?;
        }
        let is_call = |i: usize| math.calls.iter().any(|c| c.0 == i);
        let mut roots: Vec<usize> = body.yields.iter().map(|y| y.index()).collect();
        roots
            .extend((0..body.nodes.len()).filter(|&i| matches!(body.nodes[i], Node::Store { .. })));
        let rest = closure_of(body, &roots, &is_call);
        self.vector_loops(vectors, &mut |em, v, u| {
            let (outer, mut known) = em.row_inputs(row, v, u);
            for (&(i, _), &buf) in math.calls.iter().zip(&bufs) {
                known[i] = Some(em.kept(buf, v, u));
            }
            let accs: Vec<Value> = row.accs.iter().map(|&a| em.kept(a, v, u)).collect();
            let pre = Pre::Use(&known, Some(&rest));
            let r = em.eval_body(body, t, &accs, &outer, Some(row.cls), pre)?;
            for (a, y) in row.accs.iter().zip(&body.yields) {
                em.keep(*a, v, u, r[y.index()]);
            }
            Ok(())
        })?;
        Ok(())
    }
}

/// One reduce of a block run row by row: its body and classes, and its per-vector
/// buffers.
struct RowFold<'r> {
    body: &'r Body,
    cls: &'r [Class],
    accs: &'r [Kept],
    outers: &'r [(usize, Kept)],
    invariants: &'r [(usize, Kept)],
    math: Option<&'r super::lanes::ArrayMath>,
    /// The row step as runtime calls, and the temporary buffers they use.
    calls: Option<&'r RowCalls>,
    temps: &'r [Kept],
    /// Nodes of the enclosing (top-level) body.
    outer_len: usize,
}

/// The points of a block run row by row: the inner dimensions, the block's vectors, and
/// the hoisted values kept per vector.
struct Points<'p> {
    inner: &'p [usize],
    lo: Value,
    vectors: Value,
    cls: &'p [Class],
    hoisted: &'p BTreeMap<usize, Kept>,
    need: &'p [bool],
}
