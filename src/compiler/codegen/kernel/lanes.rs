//! Lane reduces: a top-level reduce whose body reads the kernel's innermost coordinate
//! runs once per lane of the vectorized innermost loop, each lane its own reduction.
//!
//! Reducing axis 0 of `[n, m]` gives a kernel over the `m` kept columns whose points each
//! fold a column. Along the reduce's own loop the column is strided, but four adjacent
//! points read four adjacent elements of each row: with the points on lanes, every step
//! of the loop is one contiguous vector load and one vector fold, and each lane folds its
//! column in the reference's order (the scalar loop's, so the bits are the same). A scan
//! (a reduce body that stores its accumulators at every step, [`crate::compiler::lower`]'s
//! `scan`) runs the same way: lines side by side in lanes, the loop along the scanned
//! axis, gathered lane by lane when the lines are the contiguous dimension.
//!
//! Several vector points of the innermost loop run their lane reduces in one loop nest
//! ([`Emitter::eval_points`]), one set of accumulators each, so their dependency chains
//! interleave instead of one loop waiting on each fold's latency.

use super::{
    Class, Emitter, LANES, Pre, R, Scope, acc_dependent, classify_body, contiguous, int_lanes,
    loop_invariant, operands,
};
use crate::compiler::ir::{DType, UnaryOp};
use crate::compiler::lower::kir::{Body, Kernel, Node, NodeId};
use cranelift_codegen::ir::{
    InstBuilder, MemFlagsData, StackSlotData, StackSlotKind, Value, types,
};

/// Vector points of the innermost loop whose lane reduces share one loop.
pub(super) const GROUP: i64 = 4;

/// f32 values a chunk of a lane reduce's steps computes into each array math buffer.
const CHUNK_FLOATS: i64 = 1024;

/// Fewest steps worth a chunk: fewer and the calls cost what the lanes save.
const MIN_CHUNK_STEPS: i64 = 16;

/// The runtime's array routine for f32 function `op`, if it has one.
fn array_import(op: UnaryOp) -> Option<&'static str> {
    Some(match op {
        UnaryOp::Exp => "pjrt_rt_exp_f32_array_v1",
        UnaryOp::Tanh => "pjrt_rt_tanh_f32_array_v1",
        UnaryOp::Logistic => "pjrt_rt_logistic_f32_array_v1",
        UnaryOp::Sin => "pjrt_rt_sin_f32_array_v1",
        UnaryOp::Cos => "pjrt_rt_cos_f32_array_v1",
        UnaryOp::Erfc => "pjrt_rt_erfc_f32_array_v1",
        _ => return None,
    })
}

/// The nodes `roots` need, themselves included, not looking past nodes `stop` marks.
pub(super) fn closure_of(body: &Body, roots: &[usize], stop: &dyn Fn(usize) -> bool) -> Vec<bool> {
    let mut need = vec![false; body.nodes.len()];
    let mut stack = roots.to_vec();
    while let Some(i) = stack.pop() {
        if need[i] {
            continue;
        }
        need[i] = true;
        if !stop(i) {
            stack.extend(operands(&body.nodes[i]).iter().map(|o| o.index()));
        }
    }
    need
}

/// Array math in a lane reduce body: the f32 functions on lanes whose argument reads no
/// accumulator and no other such function, with their routines (`calls`), and the nodes
/// computing their arguments (`args`).
pub(super) struct ArrayMath {
    pub calls: Vec<(usize, &'static str)>,
    pub args: Vec<bool>,
}

/// The [`ArrayMath`] of a lane reduce body with classes `cls`, if it has any.
pub(super) fn array_math(body: &Body, cls: &[Class]) -> Option<ArrayMath> {
    let dep = acc_dependent(body);
    let candidates: Vec<(usize, &'static str)> = body
        .nodes
        .iter()
        .enumerate()
        .filter_map(|(i, n)| match n {
            Node::Unary { op, x }
                if body.types[i] == DType::F32 && cls[i] == Class::Vector && !dep[x.index()] =>
            {
                Some((i, array_import(*op)?))
            }
            _ => None,
        })
        .collect();
    let is_call = |i: usize| candidates.iter().any(|c| c.0 == i);
    let mut calls = Vec::new();
    for &(i, import) in &candidates {
        let x = operands(&body.nodes[i])[0].index();
        let args = closure_of(body, &[x], &|_| false);
        if !(0..body.nodes.len()).any(|j| args[j] && is_call(j)) {
            calls.push((i, import));
        }
    }
    if calls.is_empty() {
        return None;
    }
    let roots: Vec<usize> = calls
        .iter()
        .map(|&(i, _)| operands(&body.nodes[i])[0].index())
        .collect();
    let args = closure_of(body, &roots, &|_| false);
    Some(ArrayMath { calls, args })
}

/// The class of an accumulator of type `ty` on lanes, if it has one: f32 and i32/ui32
/// as vectors, i1 as a mask.
pub(super) fn lane_class(ty: DType, round_ok: bool) -> Option<Class> {
    if ty == DType::F32 || (round_ok && int_lanes(ty)) {
        Some(Class::Vector)
    } else if round_ok && ty == DType::I1 {
        Some(Class::Mask)
    } else {
        None
    }
}

/// Does reduce body `body` store (a scan)?
pub(super) fn stores(body: &Body) -> bool {
    body.nodes.iter().any(|n| matches!(n, Node::Store { .. }))
}

/// Classes of the nodes of `body`, a reduce body run per lane of a top-level body whose
/// nodes have classes `outer`.
pub(super) fn body_classes(
    k: &Kernel,
    body: &Body,
    outer: &[Class],
    round_ok: bool,
) -> Option<(Vec<Class>, usize)> {
    // No coordinate of the reduce's own loops is the lane index.
    classify_body(k, body, usize::MAX, Scope::Lanes(outer), round_ok)
}

/// The class of a top-level reduce node of type `ty` with body `body` run as a lane
/// reduce in a body classified `outer` (innermost dimension `inner`), and the stores of
/// its body; `None` if it cannot run so. Loads and stores must be contiguous along the
/// lanes unless the body stores: a gathered reduction is better run along its own
/// innermost loop, a gathered scan still beats a scalar one.
pub(super) fn classify(
    k: &Kernel,
    body: &Body,
    inner: usize,
    outer: &[Class],
    ty: DType,
    round_ok: bool,
) -> Option<(usize, Class)> {
    let _ = inner;
    let class = lane_class(ty, round_ok)?;
    let (cls, stores) = body_classes(k, body, outer, round_ok)?;
    // Each carried value keeps its accumulator's vector type.
    let carried_ok = body.yields.iter().enumerate().all(|(a, y)| {
        let want = lane_class(body.ty(*y), round_ok);
        want.is_some()
            && cls[y.index()] == want.unwrap()
            && body
                .nodes
                .iter()
                .enumerate()
                .all(|(i, n)| *n != Node::Acc(a) || body.ty(NodeId(i as u32)) == body.ty(*y))
    });
    if !carried_ok {
        return None;
    }
    if gathers(body, &cls) && stores == 0 {
        return None;
    }
    Some((stores, class))
}

/// Does a lane reduce body with classes `cls` access memory lane by lane?
fn gathers(body: &Body, cls: &[Class]) -> bool {
    body.nodes.iter().enumerate().any(|(i, n)| match n {
        Node::Load { index, .. } | Node::Store { index, .. } => {
            cls[i] == Class::Vector && !contiguous(index, cls)
        }
        _ => false,
    })
}

/// Vector points per loop of lane reduces in kernel `k` (top-level classes `cls`): one
/// when some lane reduce gathers, since lines a power of two apart share L1 sets, and
/// [`GROUP`] lines' worth of them would evict each other between steps (cumsum along
/// rows of 8192: 0.89 -> 0.xx ms).
fn group_of(k: &Kernel, cls: &[Class], round_ok: bool) -> i64 {
    let gathered = k.body.nodes.iter().zip(cls).any(|(n, c)| match n {
        Node::Reduce { body, .. } if *c != Class::Uniform => {
            body_classes(k, body, cls, round_ok).is_some_and(|(rcls, _)| gathers(body, &rcls))
        }
        _ => false,
    });
    if gathered { 1 } else { GROUP }
}

/// A point of a top-level body: its coordinates, and its node classes when it is four
/// points on lanes (`None`: one scalar point).
pub(super) struct Point<'c> {
    pub idx: Vec<Value>,
    pub cls: Option<&'c [Class]>,
}

/// Does a top-level body with classes `cls` have a lane reduce?
pub(super) fn any(body: &Body, cls: &[Class]) -> bool {
    body.nodes
        .iter()
        .zip(cls)
        .any(|(n, c)| matches!(n, Node::Reduce { .. }) && *c != Class::Uniform)
}

/// The top-level nodes node `i` reads: its operands, and for a reduce the enclosing
/// values its body refers to.
fn reads(body: &Body, i: usize) -> Vec<NodeId> {
    let mut r = operands(&body.nodes[i]);
    if let Node::Reduce { body: rb, .. } = &body.nodes[i] {
        r.extend(rb.nodes.iter().filter_map(|n| match n {
            Node::Outer(o) => Some(*o),
            _ => None,
        }));
    }
    r
}

/// The nodes `roots` read, directly or not (the roots excluded unless read).
fn needed_by(body: &Body, roots: &[usize]) -> Vec<bool> {
    let mut need = vec![false; body.nodes.len()];
    let mut stack: Vec<usize> = roots
        .iter()
        .flat_map(|&r| reads(body, r))
        .map(|n| n.index())
        .collect();
    while let Some(i) = stack.pop() {
        if !need[i] {
            need[i] = true;
            stack.extend(reads(body, i).iter().map(|n| n.index()));
        }
    }
    need
}

impl<'a, 'b> Emitter<'a, 'b> {
    /// Lane reduce `body` over `extents` at several vector points at once: `points[p]`
    /// holds point `p`'s accumulator inits (vectors) and its enclosing body's values. One
    /// loop nest carries every point's accumulators. Returns each point's accumulators
    /// after the loop.
    pub(super) fn lanes_reduce(
        &mut self,
        extents: &[i64],
        body: &Body,
        cls: &[Class],
        points: &[(Vec<Value>, Vec<Value>)],
    ) -> R<Vec<Vec<Value>>> {
        let mask = loop_invariant(body);
        let mut hoisted: Vec<Vec<Option<Value>>> = Vec::with_capacity(points.len());
        for (_, outer) in points {
            hoisted.push(if mask.iter().any(|&b| b) {
                let r = self.eval_body(body, &[], &[], outer, Some(cls), Pre::Only(&mask))?;
                r.into_iter()
                    .zip(&mask)
                    .map(|(x, &m)| m.then_some(x))
                    .collect()
            } else {
                Vec::new()
            });
        }
        let n = points.first().map_or(0, |p| p.0.len());
        if n == 0 {
            return Err("lane reduce without accumulators".into());
        }
        let carried: Vec<Value> = points.iter().flat_map(|p| p.0.iter().copied()).collect();
        let steps = CHUNK_FLOATS / (points.len() as i64 * LANES);
        if let ([len], true, Some(math)) = (extents, self.array_math, array_math(body, cls))
            && steps >= MIN_CHUNK_STEPS
            && *len >= steps
        {
            return self.lane_reduce_chunked(*len, steps, body, cls, points, &hoisted, &math);
        }
        let out = self.reduce_nest(
            extents,
            &mut Vec::new(),
            &carried,
            None,
            None,
            &mut |em, idx, accs, _, _| {
                let mut next = Vec::with_capacity(accs.len());
                for (p, (_, outer)) in points.iter().enumerate() {
                    let a = &accs[p * n..(p + 1) * n];
                    let pre = Pre::Use(&hoisted[p], None);
                    let r = em.eval_body(body, idx, a, outer, Some(cls), pre)?;
                    next.extend(body.yields.iter().map(|y| r[y.index()]));
                }
                Ok(next)
            },
        )?;
        Ok(out.chunks(n).map(|c| c.to_vec()).collect())
    }

    /// [`Emitter::lanes_reduce`] over `[0, len)` in chunks of `steps` steps whose array
    /// math (`math`: the functions and the nodes computing their arguments) runs through
    /// the runtime's 8-lane routines: per chunk, a loop computes every step's arguments
    /// into a stack buffer per function, one call per function replaces them by its
    /// values, and a second loop runs the steps reading them back. The routines give the
    /// inline code's bits, so the result is the plain loop's; the last `len % steps`
    /// steps run it.
    #[allow(clippy::too_many_arguments)]
    fn lane_reduce_chunked(
        &mut self,
        len: i64,
        steps: i64,
        body: &Body,
        cls: &[Class],
        points: &[(Vec<Value>, Vec<Value>)],
        hoisted: &[Vec<Option<Value>>],
        math: &ArrayMath,
    ) -> R<Vec<Vec<Value>>> {
        let ArrayMath { calls, args } = math;
        let np = points.len() as i64;
        let n = points[0].0.len();
        let floats = steps * np * LANES;
        let slots: Vec<_> = calls
            .iter()
            .map(|_| {
                self.cx.b.create_sized_stack_slot(StackSlotData::new(
                    StackSlotKind::ExplicitSlot,
                    (floats * 4) as u32,
                    4, // 16 bytes
                ))
            })
            .collect();
        let is_call = |i: usize| calls.iter().any(|c| c.0 == i);
        // What the steps need once the functions' values are read back.
        let mut roots: Vec<usize> = body.yields.iter().map(|y| y.index()).collect();
        roots
            .extend((0..body.nodes.len()).filter(|&i| matches!(body.nodes[i], Node::Store { .. })));
        let rest = closure_of(body, &roots, &is_call);
        let flags = MemFlagsData::trusted();
        let carried: Vec<Value> = points.iter().flat_map(|p| p.0.iter().copied()).collect();
        let zero = self.iconst(0);
        let whole = self.iconst(len / steps * steps);
        let (done, accs) = self.emit_loop(zero, whole, steps, &carried, &mut |em, c, accs| {
            // The functions' arguments of every step and point.
            let z = em.iconst(0);
            let s = em.iconst(steps);
            em.emit_loop(z, s, 1, &[], &mut |em, j, _| {
                let t = em.cx.b.ins().iadd(c, j);
                for (p, (_, outer)) in points.iter().enumerate() {
                    let pre = Pre::Use(&hoisted[p], Some(args));
                    let v = em.eval_body(body, &[t], &[], outer, Some(cls), pre)?;
                    let at = em.cx.b.ins().imul_imm_s(j, np * LANES * 4);
                    for (&(i, _), &slot) in calls.iter().zip(&slots) {
                        let x = operands(&body.nodes[i])[0].index();
                        let base = em.cx.b.ins().stack_addr(types::I64, slot, 0);
                        let a = em.cx.b.ins().iadd(base, at);
                        em.cx.b.ins().store(flags, v[x], a, p as i32 * 16);
                    }
                }
                Ok(vec![])
            })?;
            for (&(_, import), &slot) in calls.iter().zip(&slots) {
                let base = em.cx.b.ins().stack_addr(types::I64, slot, 0);
                let count = em.iconst(floats);
                em.cx.call_void(import, &[base, count])?;
            }
            // The steps, reading the functions' values back.
            let z = em.iconst(0);
            let s = em.iconst(steps);
            let (_, out) = em.emit_loop(z, s, 1, accs, &mut |em, j, accs| {
                let t = em.cx.b.ins().iadd(c, j);
                let at = em.cx.b.ins().imul_imm_s(j, np * LANES * 4);
                let mut next = Vec::with_capacity(accs.len());
                for (p, (_, outer)) in points.iter().enumerate() {
                    let mut known = hoisted[p].clone();
                    known.resize(body.nodes.len(), None);
                    for (&(i, _), &slot) in calls.iter().zip(&slots) {
                        let base = em.cx.b.ins().stack_addr(types::I64, slot, 0);
                        let a = em.cx.b.ins().iadd(base, at);
                        known[i] = Some(em.cx.b.ins().load(types::F32X4, flags, a, p as i32 * 16));
                    }
                    let a = &accs[p * n..(p + 1) * n];
                    let pre = Pre::Use(&known, Some(&rest));
                    let r = em.eval_body(body, &[t], a, outer, Some(cls), pre)?;
                    next.extend(body.yields.iter().map(|y| r[y.index()]));
                }
                Ok(next)
            })?;
            Ok(out)
        })?;
        // The last steps, inline.
        let end = self.iconst(len);
        let (_, out) = self.emit_loop(done, end, 1, &accs, &mut |em, t, accs| {
            let mut next = Vec::with_capacity(accs.len());
            for (p, (_, outer)) in points.iter().enumerate() {
                let a = &accs[p * n..(p + 1) * n];
                let pre = Pre::Use(&hoisted[p], None);
                let r = em.eval_body(body, &[t], a, outer, Some(cls), pre)?;
                next.extend(body.yields.iter().map(|y| r[y.index()]));
            }
            Ok(next)
        })?;
        Ok(out.chunks(n).map(|c| c.to_vec()).collect())
    }

    /// A lane reduce node `node` of a top-level body (classes `cls`) at the points whose
    /// values so far are `vals`: its accumulators at each point.
    fn lane_reduce_node(
        &mut self,
        node: &Node,
        cls: &[Class],
        vals: &[Vec<Value>],
    ) -> R<Vec<Vec<Value>>> {
        let Node::Reduce {
            extents,
            inits,
            body,
        } = node
        else {
            return Err("lane reduce: not a reduce".into());
        };
        let (rcls, _) = body_classes(self.k, body, cls, self.round_ok)
            .ok_or("lane reduce: body does not run on lanes")?;
        let mut points = Vec::with_capacity(vals.len());
        for v in vals {
            let init: Vec<Value> = inits
                .iter()
                .map(|n| self.vec_of(v, cls, n.index()))
                .collect();
            points.push((init, v.clone()));
        }
        self.lanes_reduce(extents, body, &rcls, &points)
    }

    /// The value of lane reduce node `i` of a top-level body, evaluated alone (one vector
    /// point whose other values are `vals`): its accumulators.
    pub(super) fn lane_reduce_at(
        &mut self,
        body: &Body,
        i: usize,
        cls: &[Class],
        vals: &[Value],
    ) -> R<Vec<Value>> {
        let mut out = self.lane_reduce_node(&body.nodes[i], cls, &[vals.to_vec()])?;
        Ok(out.remove(0))
    }

    /// `body`, a top-level body, at `points`, each as [`Emitter::eval_body`] with
    /// `Pre::Use(&known[p], need)` would, except that the lane reduces of the vector
    /// points run in one loop nest each. Returns each point's node values.
    pub(super) fn eval_points(
        &mut self,
        body: &Body,
        points: &[Point<'_>],
        known: &[Vec<Option<Value>>],
        need: Option<&[bool]>,
    ) -> R<Vec<Vec<Value>>> {
        let len = body.nodes.len();
        let mut kn: Vec<Vec<Option<Value>>> = known
            .iter()
            .map(|k| {
                let mut k = k.clone();
                k.resize(len, None);
                k
            })
            .collect();
        for r in 0..len {
            if !matches!(body.nodes[r], Node::Reduce { .. }) || need.is_some_and(|n| !n[r]) {
                continue;
            }
            let lanes: Vec<usize> = (0..points.len())
                .filter(|&p| {
                    points[p].cls.is_some_and(|c| c[r] != Class::Uniform) && kn[p][r].is_none()
                })
                .collect();
            let Some(cls) = lanes.first().and_then(|&p| points[p].cls) else {
                continue;
            };
            // What the reduce reads, computed at each point first.
            let reads = needed_by(body, &[r]);
            let mut vals = Vec::with_capacity(lanes.len());
            for &p in &lanes {
                let pre = Pre::Use(&kn[p], Some(&reads));
                let v = self.eval_body(body, &points[p].idx, &[], &[], Some(cls), pre)?;
                for (j, &x) in v.iter().enumerate() {
                    if reads[j] {
                        kn[p][j] = Some(x);
                    }
                }
                vals.push(v);
            }
            let accs = self.lane_reduce_node(&body.nodes[r], cls, &vals)?;
            for (&p, a) in lanes.iter().zip(&accs) {
                kn[p][r] = Some(a[0]);
                for (j, n) in body.nodes.iter().enumerate() {
                    if let Node::ReduceResult { reduce, k } = n
                        && reduce.index() == r
                    {
                        kn[p][j] = Some(*a.get(*k).ok_or("lane reduce: result out of range")?);
                    }
                }
            }
        }
        let mut out = Vec::with_capacity(points.len());
        for (p, point) in points.iter().enumerate() {
            let pre = Pre::Use(&kn[p], need);
            out.push(self.eval_body(body, &point.idx, &[], &[], point.cls, pre)?);
        }
        Ok(out)
    }

    /// The points `[lo, hi)` of the innermost dimension of a kernel with lane reduces
    /// (coordinates `coords` before it, nodes `known` hoisted): [`GROUP`] vectors at a
    /// time through [`Emitter::eval_points`], then single vectors, then scalars.
    pub(super) fn lane_points(
        &mut self,
        lo: Value,
        hi: Value,
        coords: &[Value],
        cls: &[Class],
        known: &[Option<Value>],
    ) -> R<()> {
        let k = self.k;
        let mut start = lo;
        let groups: &[i64] = match group_of(k, cls, self.round_ok) {
            1 => &[1],
            _ => &[GROUP, 1],
        };
        for &group in groups {
            let (i, _) = self.emit_loop(start, hi, LANES * group, &[], &mut |em, i, _| {
                let mut idxs = Vec::with_capacity(group as usize);
                for g in 0..group {
                    let at = if g == 0 {
                        i
                    } else {
                        em.cx.b.ins().iadd_imm_s(i, LANES * g)
                    };
                    let mut idx = coords.to_vec();
                    idx.push(at);
                    idxs.push(idx);
                }
                let points: Vec<Point> = idxs
                    .into_iter()
                    .map(|idx| Point {
                        idx,
                        cls: Some(cls),
                    })
                    .collect();
                let known = vec![known.to_vec(); points.len()];
                em.eval_points(&k.body, &points, &known, None)?;
                Ok(vec![])
            })?;
            start = i;
        }
        // The remaining points fold in the lanes' order.
        self.in_order = true;
        self.emit_loop(start, hi, 1, &[], &mut |em, i, _| {
            let mut idx = coords.to_vec();
            idx.push(i);
            em.eval_body(&k.body, &idx, &[], &[], None, Pre::Use(known, None))?;
            Ok(vec![])
        })?;
        self.in_order = false;
        Ok(())
    }
}
