//! One kir kernel -> one Cranelift function: the workgroup loop, the loop nest over the
//! domain, body evaluation, reduce loops, and the f32x4 innermost loop.

use super::intlanes::{self, Operand, int_lanes};
use super::scalar::{self, Cx, Imports, R};
use crate::compiler::ir::{BinaryOp, DType, UnaryOp};
use crate::compiler::lower::kir::{Body, Kernel, Node, NodeId};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{
    AbiParam, BlockArg, Endianness, Function, InstBuilder, InstructionData, MemFlagsData, Opcode,
    Signature, StackSlot, StackSlotData, StackSlotKind, Value, types,
};
use cranelift_codegen::isa::{CallConv, TargetFrontendConfig};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use std::collections::HashMap;

mod block_rows;
mod blocks;
mod lanes;
mod row_calls;
pub(crate) mod row_reduce;
mod tiles;

/// Work (points times the reduction length each point runs) a workgroup should cover:
/// enough to amortize dispatch, small enough to split across threads.
const WG_POINTS: i64 = 4096;
/// The fewest points a workgroup covers even when each point reduces a long row, so the
/// innermost dimension still fills unrolled vectors.
const MIN_WG_POINTS: i64 = 64;
/// f32 lanes of a vector.
const LANES: i64 = 4;

/// How the domain maps to workgroups: one workgroup = one coordinate of each dimension
/// before `split`, a block of `block` coordinates of dimension `split`, and every
/// coordinate of the dimensions after it.
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    split: usize,
    block: i64,
    nblocks: i64,
    pub workgroups: u64,
}

/// Ends a loop header: to `exit` (with `exit_args`) when `done`, else into the loop's
/// `body`. The exit must be the branch's first target: Cranelift's optimizer hoists
/// loop-invariant values out of a loop only while it walks the loop's blocks, and it
/// walks a header's successors in an order where, with the body first, the exit came
/// before the body and the body was optimized as if outside every loop (each row's index
/// arithmetic, divisions by the domain's extents included, recomputed at every point).
pub(crate) fn loop_branch(
    b: &mut FunctionBuilder<'_>,
    done: Value,
    exit: cranelift_codegen::ir::Block,
    exit_args: &[BlockArg],
    body: cranelift_codegen::ir::Block,
) {
    b.ins().brif(done, exit, exit_args, body, &[]);
}

/// `sequential`: one workgroup covering the whole domain, so points run in row-major
/// order on one thread (see [`Kernel::sequential`]).
/// The plan of kernel `k`: points that reduce long rows (softmax's row max, a row sum)
/// get smaller workgroups, so such a kernel splits across threads like an elementwise
/// one of the same total work.
///
/// A kernel whose body has reductions that do not depend on the innermost coordinate
/// (hoisted: computed once per row, see [`invariant`]) gets workgroups of whole rows, so
/// each row computes them once.
pub(crate) fn plan_kernel(k: &Kernel) -> Plan {
    if let Some(bl) = blocks::plan(k) {
        return Plan {
            split: 0,
            block: 1,
            nblocks: 1,
            workgroups: bl.workgroups(k),
        };
    }
    let inv = hoistable(k);
    let (mut per_point, mut per_row) = (0i64, 0i64);
    for (i, n) in k.body.nodes.iter().enumerate() {
        if let Node::Reduce { extents, .. } = n {
            let w = reduce_steps(extents);
            if inv.as_ref().is_some_and(|inv| inv[i]) {
                per_row = per_row.saturating_add(w);
            } else {
                per_point = per_point.saturating_add(w);
            }
        }
    }
    let per_point = per_point.max(1);
    let n = k.domain.len();
    if per_row > 0 && n >= 2 && !k.sequential && k.domain.iter().all(|&e| e > 0) {
        let row = k.domain[n - 1]
            .saturating_mul(per_point)
            .saturating_add(per_row);
        // A split of the outer dimensions: each workgroup covers whole rows.
        return split(&k.domain[..n - 1], (WG_POINTS / row).max(1));
    }
    let work = per_point.saturating_add(per_row);
    // Lane reduces (column reductions, scans) run a long loop per vector point: smaller
    // workgroups of whole vector groups, so a few hundred lines still split across threads.
    if per_point >= LANE_SPLIT_WORK
        && !k.domain.is_empty()
        && k.domain.iter().all(|&e| e > 0)
        && classify(k, true).is_some_and(|cls| lanes::any(&k.body, &cls))
    {
        let points = (WG_POINTS / work).max(LANES * lanes::GROUP);
        return split(&k.domain, points);
    }
    plan_with(&k.domain, k.sequential, work)
}

/// Steps of a reduce loop nest over `extents` (an empty extent counted as one, so the
/// product measures the work of the loop's entry too), saturating.
fn reduce_steps(extents: &[i64]) -> i64 {
    extents
        .iter()
        .fold(1i64, |a, &e| a.saturating_mul(e.max(1)))
}

/// See [`super::leading_workgroups`]. Workgroup `w` covers block `w % nblocks` of
/// dimension `split` at the coordinates `w / nblocks` of the dimensions before it, in
/// row-major order (see `Emitter::workgroup`), so with the dimensions before `d` of
/// extent 1 the points below row `r` of `d` are a prefix of the workgroups.
pub(crate) fn leading_workgroups(k: &Kernel, d: usize) -> Option<(u64, u64)> {
    if k.sequential || blocks::plan(k).is_some() || d >= k.domain.len() {
        return None;
    }
    if k.domain[..d].iter().any(|&e| e != 1) {
        return None;
    }
    let p = plan_kernel(k);
    if d < p.split {
        let inner: i64 = k.domain[d + 1..p.split].iter().product();
        Some(((inner * p.nblocks) as u64, 1))
    } else if d == p.split {
        Some((1, p.block as u64))
    } else {
        None
    }
}

/// Work per point from which a kernel with lane reduces gets workgroups of fewer than
/// [`MIN_WG_POINTS`] points.
const LANE_SPLIT_WORK: i64 = 256;

/// Top-level nodes of `k` that do not depend on the innermost domain coordinate, if it
/// has one and its points are independent: codegen computes them once before the
/// innermost loop (loop-invariant hoisting), in particular whole row reductions.
pub(crate) fn hoistable(k: &Kernel) -> Option<Vec<bool>> {
    // In a sequential kernel whose rows run on lanes, the hoisted loads read buffers
    // the kernel does not store into (the others are read at the stored index).
    if (k.sequential && !rows_independent(k)) || k.domain.is_empty() {
        return None;
    }
    let inv = invariant(&k.body, k.domain.len() - 1);
    inv.iter().any(|&b| b).then_some(inv)
}

/// Nodes of a reduce body worth computing once before its loops: those depending on
/// neither its coordinates nor its accumulators, except bare `Outer`s and constants.
fn loop_invariant(body: &Body) -> Vec<bool> {
    invariant_nodes(body, |n| {
        matches!(n, Node::Index(_) | Node::Acc(_) | Node::Store { .. })
    })
}

/// Which nodes of a top-level `body` do not depend on `Index(inner)`. Loads of a kernel
/// whose points are independent read nothing the kernel stores, so they are pure.
fn invariant(body: &Body, inner: usize) -> Vec<bool> {
    invariant_nodes(body, |n| match n {
        Node::Index(d) => *d == inner,
        Node::Store { .. } | Node::Acc(_) | Node::Outer(_) => true,
        _ => false,
    })
}

/// Which nodes of `body` depend on no leaf that `varies` (the values a loop changes). A
/// nested reduction is invariant when its inits and the enclosing values its body reads
/// are; any other node when its operands are.
fn invariant_nodes(body: &Body, varies: impl Fn(&Node) -> bool) -> Vec<bool> {
    let mut inv: Vec<bool> = Vec::with_capacity(body.nodes.len());
    for node in &body.nodes {
        let b = !varies(node)
            && match node {
                Node::Reduce { inits, body, .. } => {
                    inits.iter().all(|n| inv[n.index()])
                        && body.nodes.iter().all(|n| match n {
                            Node::Outer(o) => inv[o.index()],
                            _ => true,
                        })
                }
                n => operands(n).iter().all(|o| inv[o.index()]),
            };
        inv.push(b);
    }
    inv
}

#[cfg(test)]
pub(crate) fn plan(domain: &[i64], sequential: bool) -> Plan {
    plan_with(domain, sequential, 1)
}

fn plan_with(domain: &[i64], sequential: bool, work_per_point: i64) -> Plan {
    if domain.is_empty() {
        return Plan {
            split: 0,
            block: 1,
            nblocks: 1,
            workgroups: 1,
        };
    }
    if domain.iter().any(|&e| e <= 0) {
        return Plan {
            split: 0,
            block: 1,
            nblocks: 0,
            workgroups: 0,
        };
    }
    if sequential {
        return Plan {
            split: 0,
            block: domain[0],
            nblocks: 1,
            workgroups: 1,
        };
    }
    let points = (WG_POINTS / work_per_point).clamp(MIN_WG_POINTS, WG_POINTS);
    split(domain, points)
}

/// Workgroups of about `points` points of a non-empty `domain` with positive extents
/// (the dimensions after it, if it is a prefix of the kernel's, covered whole).
fn split(domain: &[i64], points: i64) -> Plan {
    let mut s = domain.len() - 1;
    let mut inner = 1i64;
    while s > 0 && inner.saturating_mul(domain[s]) <= points {
        inner *= domain[s];
        s -= 1;
    }
    let block = (points / inner).clamp(1, domain[s]);
    let nblocks = (domain[s] + block - 1) / block;
    let outer: u64 = domain[..s].iter().map(|&e| e as u64).product();
    Plan {
        split: s,
        block,
        nblocks,
        workgroups: outer * nblocks as u64,
    }
}

/// How a top-level node varies along the innermost domain dimension.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Class {
    /// The same for every point of the innermost loop: computed as a scalar.
    Uniform,
    /// An I64 equal to the innermost index plus something uniform: computed as a scalar
    /// holding lane 0's value.
    Linear,
    /// Any other I64 function of the innermost index (a reshape's `i / 8`, `i % 8`):
    /// computed as a scalar holding lane 0's value; the other lanes' values are computed
    /// where an access or a compare needs them, from the node's operands.
    Lanes,
    /// One f32 per lane, computed as f32x4.
    Vector,
    /// One i1 per lane, computed as an i32x4 all-ones/all-zeros mask.
    Mask,
}

/// Classes of the top-level nodes if the kernel can run its innermost loop on f32x4.
fn classify(k: &Kernel, round_ok: bool) -> Option<Vec<Class>> {
    // Four points at once would load before earlier lanes store, unless each point
    // touches only elements no other point of its row does.
    if k.sequential && !rows_independent(k) {
        return None;
    }
    let inner = k.domain.len().checked_sub(1)?;
    if k.domain[inner] < 2 * LANES {
        return None;
    }
    let (cls, stores) = classify_body(k, &k.body, inner, Scope::Top, round_ok)?;
    (stores > 0).then_some(cls)
}

/// Whether the points of a [`Kernel::sequential`] kernel's innermost loop may run on
/// lanes, with what does not depend on the innermost coordinate computed once per row
/// (rows still one after another, in order): every store's index has a component that
/// is the innermost coordinate plus something fixed per row, so the points of a row
/// store distinct elements, and every load of a buffer the kernel stores into uses
/// exactly the index of the stores into it, so a point reads no element but its own.
/// A scatter whose window is contiguous along the innermost dimension (a row added into
/// a row) qualifies; a substitution reading earlier entries does not.
fn rows_independent(k: &Kernel) -> bool {
    let Some(inner) = k.domain.len().checked_sub(1) else {
        return false;
    };
    // The innermost coordinate plus something the row fixes: distinct per point.
    let inv = invariant(&k.body, inner);
    fn linear(body: &Body, n: NodeId, inner: usize, inv: &[bool]) -> bool {
        match &body.nodes[n.index()] {
            Node::Index(d) => *d == inner,
            Node::Binary {
                op: BinaryOp::Add,
                a,
                b,
            } => {
                (linear(body, *a, inner, inv) && inv[b.index()])
                    || (inv[a.index()] && linear(body, *b, inner, inv))
            }
            Node::Binary {
                op: BinaryOp::Sub,
                a,
                b,
            } => linear(body, *a, inner, inv) && inv[b.index()],
            _ => false,
        }
    }
    let mut stored: Vec<(usize, &[NodeId])> = Vec::new();
    for node in &k.body.nodes {
        if let Node::Store { buffer, index, .. } = node {
            if !index.iter().any(|&i| linear(&k.body, i, inner, &inv)) {
                return false;
            }
            match stored.iter().find(|(b, _)| b == buffer) {
                Some((_, i)) if *i != index.as_slice() => return false,
                Some(_) => {}
                None => stored.push((*buffer, index)),
            }
        }
    }
    fn loads_ok(body: &Body, stored: &[(usize, &[NodeId])], top: bool) -> bool {
        body.nodes.iter().all(|node| match node {
            Node::Load { buffer, index } => stored
                .iter()
                .all(|(b, i)| b != buffer || (top && *i == index.as_slice())),
            Node::Reduce { body, .. } => loads_ok(body, stored, false),
            _ => true,
        })
    }
    loads_ok(&k.body, &stored, true)
}

/// Independent f32x4 accumulators per reduction in the vectorized innermost loop.
const REDUCE_UNROLL: usize = 4;

/// Elements of one block of a vectorized sum (a multiple of `LANES * REDUCE_UNROLL`).
const REDUCE_BLOCK: i64 = 256;

/// How a reduce runs its innermost loop on f32x4: node classes of its body (its
/// accumulators are `Vector`s) and the combining op of each accumulator.
#[derive(Clone)]
struct ReduceVec {
    cls: Vec<Class>,
    ops: Vec<BinaryOp>,
}

/// A reduce body vectorizes along its innermost dimension if every accumulator is an
/// f32 folded with one associative op (`acc = acc op x`, acc used nowhere else) and the
/// rest of the body vectorizes. Lanes are combined at the end: sums are reassociated.
fn classify_reduce(k: &Kernel, extents: &[i64], body: &Body, round_ok: bool) -> Option<ReduceVec> {
    let inner = extents.len().checked_sub(1)?;
    if extents[inner] < 2 * LANES {
        return None;
    }
    let (cls, _) = classify_body(k, body, inner, Scope::Reduce, round_ok)?;
    let mut ops = Vec::new();
    for (acc, y) in body.yields.iter().enumerate() {
        let Node::Binary { op, a, b } = &body.nodes[y.index()] else {
            return None;
        };
        let is_acc =
            |n: &crate::compiler::lower::kir::NodeId| body.nodes[n.index()] == Node::Acc(acc);
        let acc_node = if is_acc(a) {
            *a
        } else if is_acc(b) {
            *b
        } else {
            return None;
        };
        let uses = body
            .nodes
            .iter()
            .flat_map(operands)
            .filter(|n| *n == acc_node)
            .count();
        if uses != 1
            || body.ty(*y) != DType::F32
            || !matches!(
                op,
                BinaryOp::Add | BinaryOp::Mul | BinaryOp::Max | BinaryOp::Min
            )
        {
            return None;
        }
        ops.push(*op);
    }
    Some(ReduceVec { cls, ops })
}

/// How a reduce whose accumulators are i32/ui32/i1 runs its innermost loop on lanes:
/// each lane reduces its own subsequence of the elements with the reduce body, and the
/// partial results are then combined by the reducer itself. StableHLO leaves the order
/// of a reduce's applications to the implementation, and for the reducers programs use
/// (sums, min/max, argmax with index tie breaking) every order gives the same result.
#[derive(Clone)]
struct LaneReduce {
    /// Classes of the reduce body's nodes, accumulators on lanes.
    cls: Vec<Class>,
    /// The body with every node that reads an accumulator replaced by a constant,
    /// yielding the element values: a partial result of one element per lane.
    elems: Body,
    elem_cls: Vec<Class>,
    /// `reducer(Acc(0..n), Acc(n..2n))`: the reducer applied to two partial results.
    reducer: Body,
    reducer_cls: Vec<Class>,
    /// Accumulator dtypes.
    dts: Vec<DType>,
}

fn classify_lane_reduce(
    k: &Kernel,
    extents: &[i64],
    body: &Body,
    round_ok: bool,
) -> Option<LaneReduce> {
    let inner = extents.len().checked_sub(1)?;
    if !round_ok || extents[inner] < 2 * LANES {
        return None;
    }
    let dts: Vec<DType> = body.yields.iter().map(|y| body.ty(*y)).collect();
    let lane_class = |dt: DType| {
        if int_lanes(dt) {
            Some(Class::Vector)
        } else if dt == DType::I1 {
            Some(Class::Mask)
        } else {
            None
        }
    };
    let want: Vec<Class> = dts.iter().map(|&d| lane_class(d)).collect::<Option<_>>()?;
    let (cls, _) = classify_body(k, body, inner, Scope::Reduce, round_ok)?;
    let elems = reduce_elems(body)?;
    let on_lanes =
        |cls: &[Class], ns: &[NodeId]| ns.iter().zip(&want).all(|(n, w)| cls[n.index()] == *w);
    if !on_lanes(&cls, &body.yields) || !on_lanes(&cls, &elems) {
        return None;
    }
    let reducer = reducer_body(body, &elems)?;
    let (reducer_cls, _) = classify_body(k, &reducer, 0, Scope::Reduce, round_ok)?;
    if !on_lanes(&reducer_cls, &reducer.yields) {
        return None;
    }
    let dep = acc_dependent(body);
    let mut elem_body = body.clone();
    let mut elem_cls = cls.clone();
    for (i, &d) in dep.iter().enumerate() {
        if d {
            elem_body.nodes[i] = Node::Const(0);
            elem_cls[i] = Class::Uniform;
        }
    }
    elem_body.yields = elems;
    Some(LaneReduce {
        cls,
        elems: elem_body,
        elem_cls,
        reducer,
        reducer_cls,
        dts,
    })
}

/// Which nodes of a reduce body read an accumulator (directly or through other nodes).
fn acc_dependent(body: &Body) -> Vec<bool> {
    let mut dep = vec![false; body.nodes.len()];
    for (i, n) in body.nodes.iter().enumerate() {
        dep[i] = matches!(n, Node::Acc(_)) || operands(n).iter().any(|o| dep[o.index()]);
    }
    dep
}

/// The element operands of a reduce body's reducer, one per accumulator: recorded by
/// lowering, or for a body of folds `acc_k = acc_k op x_k` (op associative), the `x_k`.
fn reduce_elems(body: &Body) -> Option<Vec<NodeId>> {
    if !body.elems.is_empty() {
        return (body.elems.len() == body.yields.len()).then(|| body.elems.clone());
    }
    let dep = acc_dependent(body);
    body.yields
        .iter()
        .enumerate()
        .map(|(k, y)| {
            let Node::Binary { op, a, b } = &body.nodes[y.index()] else {
                return None;
            };
            use BinaryOp as B;
            if !matches!(
                op,
                B::Add | B::Mul | B::Max | B::Min | B::And | B::Or | B::Xor
            ) {
                return None;
            }
            let is_acc = |n: &NodeId| body.nodes[n.index()] == Node::Acc(k);
            let x = if is_acc(a) {
                *b
            } else if is_acc(b) {
                *a
            } else {
                return None;
            };
            (!dep[x.index()]).then_some(x)
        })
        .collect()
}

/// `reducer(Acc(0..n), Acc(n..2n))` from reduce body `body` with element operands
/// `elems`: the nodes that compute the yields from the accumulators and the elements,
/// with the elements replaced by the second set of accumulators. `None` when the yields
/// need anything else of the body (an index, a load) or the elements are not distinct.
fn reducer_body(body: &Body, elems: &[NodeId]) -> Option<Body> {
    let n = body.yields.len();
    if elems.len() != n
        || (0..n).any(|k| elems[..k].contains(&elems[k]))
        || elems
            .iter()
            .zip(&body.yields)
            .any(|(e, y)| body.ty(*e) != body.ty(*y))
    {
        return None;
    }
    let mut out = Body::default();
    let mut map: Vec<Option<NodeId>> = vec![None; body.nodes.len()];
    let accs: Vec<NodeId> = (0..2 * n)
        .map(|k| out.push(Node::Acc(k), body.ty(body.yields[k % n])))
        .collect();
    for (i, node) in body.nodes.iter().enumerate() {
        if let Node::Acc(k) = node {
            map[i] = Some(*accs.get(*k)?);
        }
    }
    for (k, e) in elems.iter().enumerate() {
        if matches!(body.nodes[e.index()], Node::Acc(_)) {
            return None;
        }
        map[e.index()] = Some(accs[n + k]);
    }
    let mut yields = Vec::with_capacity(n);
    for y in &body.yields {
        yields.push(copy_node(body, *y, &mut map, &mut out)?);
    }
    out.yields = yields;
    Some(out)
}

/// Copies node `i` of `body` (and what it needs) into `out`, unless `map` has it.
fn copy_node(
    body: &Body,
    i: NodeId,
    map: &mut Vec<Option<NodeId>>,
    out: &mut Body,
) -> Option<NodeId> {
    if let Some(m) = map[i.index()] {
        return Some(m);
    }
    let m =
        |n: &NodeId, map: &mut Vec<Option<NodeId>>, out: &mut Body| copy_node(body, *n, map, out);
    let node = match &body.nodes[i.index()] {
        Node::Const(b) => Node::Const(*b),
        Node::Outer(o) => Node::Outer(*o),
        Node::Unary { op, x } => Node::Unary {
            op: *op,
            x: m(x, map, out)?,
        },
        Node::Binary { op, a, b } => Node::Binary {
            op: *op,
            a: m(a, map, out)?,
            b: m(b, map, out)?,
        },
        Node::Compare {
            dir,
            a,
            b,
            total_order,
        } => Node::Compare {
            dir: *dir,
            a: m(a, map, out)?,
            b: m(b, map, out)?,
            total_order: *total_order,
        },
        Node::Select {
            cond,
            on_true,
            on_false,
        } => Node::Select {
            cond: m(cond, map, out)?,
            on_true: m(on_true, map, out)?,
            on_false: m(on_false, map, out)?,
        },
        Node::Convert { x } => Node::Convert { x: m(x, map, out)? },
        Node::Bitcast { x } => Node::Bitcast { x: m(x, map, out)? },
        _ => return None,
    };
    let id = out.push(node, body.ty(i));
    map[i.index()] = Some(id);
    Some(id)
}

/// Operands of a node (within its own body).
fn operands(n: &Node) -> Vec<crate::compiler::lower::kir::NodeId> {
    match n {
        Node::Load { index, .. } => index.clone(),
        Node::Store { index, value, .. } => {
            let mut v = index.clone();
            v.push(*value);
            v
        }
        Node::Unary { x, .. } | Node::Convert { x } | Node::Bitcast { x } => vec![*x],
        Node::Binary { a, b, .. } | Node::Compare { a, b, .. } => vec![*a, *b],
        Node::Select {
            cond,
            on_true,
            on_false,
        } => vec![*cond, *on_true, *on_false],
        Node::Reduce { inits, .. } => inits.clone(),
        Node::ReduceResult { reduce, .. } => vec![*reduce],
        Node::Index(_) | Node::Const(_) | Node::Acc(_) | Node::Outer(_) => vec![],
    }
}

/// Which body [`classify_body`] classifies.
#[derive(Clone, Copy)]
enum Scope<'c> {
    /// A kernel's top-level body.
    Top,
    /// A reduce body whose own innermost loop runs on lanes: its `Outer` values are
    /// uniform, its accumulators vectors.
    Reduce,
    /// The body of a top-level reduce run once per lane of the kernel's innermost
    /// dimension (a lane reduce, see [`lanes`]): its `Outer` values have the enclosing
    /// body's classes, its accumulators are vectors, its coordinates uniform.
    Lanes(&'c [Class]),
}

/// Classes of `body`'s nodes when dimension `inner` runs on f32x4 lanes; also the number
/// of stores (those of lane reduce bodies included).
fn classify_body(
    k: &Kernel,
    body: &Body,
    inner: usize,
    scope: Scope<'_>,
    round_ok: bool,
) -> Option<(Vec<Class>, usize)> {
    use Class::*;
    let in_reduce = !matches!(scope, Scope::Top);
    let mut cls: Vec<Class> = Vec::with_capacity(body.nodes.len());
    let mut stores = 0;
    for (i, node) in body.nodes.iter().enumerate() {
        let ty = body.types[i];
        let c = |n: &crate::compiler::lower::kir::NodeId| cls[n.index()];
        // f32 element per lane: contiguous (a vector load) or gathered lane by lane.
        // f16/bf16: contiguous only (one 8-byte access widened/narrowed with SSE4.1).
        let access = |buffer: usize, index: &[crate::compiler::lower::kir::NodeId]| {
            let dt = k.buffers[buffer].dtype;
            let ok = if dt == DType::F32 || (round_ok && int_lanes(dt)) {
                index
                    .iter()
                    .any(|n| matches!(cls[n.index()], Linear | Lanes))
                    && index
                        .iter()
                        .all(|n| matches!(cls[n.index()], Linear | Lanes | Uniform))
            } else {
                half(dt) && round_ok && contiguous(index, &cls)
            };
            ok.then_some(Vector)
        };
        let class = match node {
            Node::Index(d) if *d == inner => Linear,
            Node::Index(_) | Node::Const(_) => Uniform,
            Node::Load { buffer, index } => {
                if index.iter().all(|n| c(n) == Uniform) {
                    Uniform
                } else if k.buffers[*buffer].dtype == DType::I1 {
                    // Four bytes widened into a lane mask.
                    (round_ok && contiguous(index, &cls)).then_some(Mask)?
                } else {
                    access(*buffer, index)?
                }
            }
            Node::Store {
                buffer,
                index,
                value,
            } => {
                if matches!(scope, Scope::Reduce) || matches!(c(value), Linear | Lanes) {
                    return None;
                }
                stores += 1;
                if k.buffers[*buffer].dtype == DType::I1 {
                    // A lane mask narrowed to four bytes.
                    let ok =
                        round_ok && contiguous(index, &cls) && matches!(c(value), Mask | Uniform);
                    ok.then_some(Vector)?
                } else {
                    access(*buffer, index)?
                }
            }
            Node::Unary { op, x } => match c(x) {
                Uniform => Uniform,
                Vector if f32ish(ty) && vector_unary(*op, round_ok) => Vector,
                Vector if lanes_int(ty, round_ok) && intlanes::unary_ok(*op) => Vector,
                // `|x| < inf` on the lanes (JAX's logsumexp guards its max with it).
                Vector if *op == UnaryOp::IsFinite && f32ish(body.ty(*x)) => Mask,
                Mask if *op == UnaryOp::Not => Mask,
                _ => return None,
            },
            Node::Binary { op, a, b } => match (c(a), c(b)) {
                (Uniform, Uniform) => Uniform,
                (Linear, Uniform) | (Uniform, Linear) if *op == BinaryOp::Add => Linear,
                (Linear, Uniform) if *op == BinaryOp::Sub => Linear,
                // Both are the lane index plus something uniform.
                (Linear, Linear) if *op == BinaryOp::Sub => Uniform,
                (Mask, Mask) if matches!(op, BinaryOp::And | BinaryOp::Or | BinaryOp::Xor) => Mask,
                (Mask, Uniform) | (Uniform, Mask)
                    if round_ok && matches!(op, BinaryOp::And | BinaryOp::Or | BinaryOp::Xor) =>
                {
                    Mask
                }
                (Vector, Vector) | (Vector, Uniform) | (Uniform, Vector)
                    if f32ish(ty) && vector_binary(*op, round_ok) =>
                {
                    Vector
                }
                (Vector, Vector) | (Vector, Uniform) | (Uniform, Vector)
                    if lanes_int(ty, round_ok) && intlanes::binary_ok(*op) =>
                {
                    Vector
                }
                // Not along a reduce's own loop: its gathered lanes would fold a sum in
                // another order than the reference's (window sums with clamped indices).
                (Linear | Lanes | Uniform, Linear | Lanes | Uniform)
                    if ty == DType::I64 && !matches!(scope, Scope::Reduce) =>
                {
                    Lanes
                }
                _ => return None,
            },
            Node::Select {
                cond,
                on_true,
                on_false,
            } => match (c(cond), c(on_true), c(on_false)) {
                (Uniform, Uniform, Uniform) => Uniform,
                (Uniform | Mask, t, f)
                    if (f32ish(ty) || lanes_int(ty, round_ok))
                        && matches!(t, Uniform | Vector)
                        && matches!(f, Uniform | Vector) =>
                {
                    Vector
                }
                (Uniform | Mask, Uniform | Mask, Uniform | Mask) if round_ok && ty == DType::I1 => {
                    Mask
                }
                _ => return None,
            },
            Node::Compare {
                a, b, total_order, ..
            } => match (c(a), c(b)) {
                (Uniform, Uniform) | (Linear, Linear) => Uniform,
                (Linear | Lanes | Uniform, Linear | Lanes | Uniform) => Mask,
                (Vector | Uniform, Vector | Uniform) if f32ish(body.ty(*a)) && !total_order => Mask,
                (Vector | Uniform, Vector | Uniform) if lanes_int(body.ty(*a), round_ok) => Mask,
                (Mask | Uniform, Mask | Uniform) if round_ok && body.ty(*a) == DType::I1 => Mask,
                _ => return None,
            },
            Node::Convert { x } => match c(x) {
                Uniform => Uniform,
                Linear | Lanes if ty == DType::F32 => Vector,
                Linear if lanes_int(ty, round_ok) => Vector,
                Vector if f32ish(ty) && f32ish(body.ty(*x)) => Vector,
                Vector | Mask if round_ok && intlanes::convert_ok(body.ty(*x), ty) => {
                    if ty == DType::I1 { Mask } else { Vector }
                }
                _ => return None,
            },
            Node::Bitcast { x } => match c(x) {
                Uniform => Uniform,
                Vector if round_ok && lanes32(ty) && lanes32(body.ty(*x)) => Vector,
                _ => return None,
            },
            Node::Reduce { inits, body, .. } if !in_reduce => {
                if inits.iter().all(|n| c(n) == Uniform)
                    && outer_refs_uniform(body, &cls)
                    && !lanes::stores(body)
                {
                    Uniform
                } else {
                    let (lane_stores, class) = lanes::classify(k, body, inner, &cls, ty, round_ok)?;
                    stores += lane_stores;
                    class
                }
            }
            Node::Reduce { .. } => return None,
            Node::ReduceResult { reduce, .. } => match c(reduce) {
                Uniform => Uniform,
                _ => lanes::lane_class(ty, round_ok)?,
            },
            Node::Acc(_) if in_reduce => lanes::lane_class(ty, round_ok)?,
            Node::Outer(_) if matches!(scope, Scope::Reduce) => Uniform,
            Node::Outer(o) => match scope {
                // Lane values are computed from a node's operands, which are in the
                // enclosing body.
                Scope::Lanes(outer) if outer[o.index()] != Lanes => outer[o.index()],
                _ => return None,
            },
            Node::Acc(_) => return None,
        };
        cls.push(class);
    }
    Some((cls, stores))
}

/// Do all `Outer` references of a reduce body (nested ones see through) hit uniform nodes?
fn outer_refs_uniform(body: &Body, cls: &[Class]) -> bool {
    body.nodes.iter().all(|n| match n {
        Node::Outer(o) => cls[o.index()] == Class::Uniform,
        // A nested reduce's `Outer`s refer to this body, whose own are checked here.
        _ => true,
    })
}

/// i32/ui32 on i32x4 lanes (x86 needs SSE4.1 for their min/max/mul).
fn lanes_int(dt: DType, round_ok: bool) -> bool {
    round_ok && int_lanes(dt)
}

/// 32-bit lanes whose bits a bitcast keeps: f32, i32, ui32.
fn lanes32(dt: DType) -> bool {
    dt == DType::F32 || int_lanes(dt)
}

/// The vector type of a buffer's elements on lanes (f32x4, or i32x4 for i32/ui32).
fn lanes_ty(dt: DType) -> cranelift_codegen::ir::Type {
    if int_lanes(dt) {
        types::I32X4
    } else {
        types::F32X4
    }
}

/// Held as f32 in registers: f32, f16, bf16.
fn f32ish(dt: DType) -> bool {
    matches!(dt, DType::F32 | DType::F16 | DType::BF16)
}

fn half(dt: DType) -> bool {
    matches!(dt, DType::F16 | DType::BF16)
}

/// Is an access with indices of these classes contiguous along the lanes?
fn contiguous(index: &[crate::compiler::lower::kir::NodeId], cls: &[Class]) -> bool {
    index.split_last().is_some_and(|(last, rest)| {
        cls[last.index()] == Class::Linear && rest.iter().all(|n| cls[n.index()] == Class::Uniform)
    })
}

/// `round_ok`: the target rounds vectors natively (x86 needs SSE4.1).
fn vector_unary(op: UnaryOp, round_ok: bool) -> bool {
    use UnaryOp as U;
    matches!(op, U::Abs | U::Neg | U::Sqrt | U::Rsqrt)
        || (round_ok && matches!(op, U::Floor | U::Ceil | U::RoundNearestEven))
        || (round_ok && super::vmath::has_vector_unary(op))
}

fn vector_binary(op: BinaryOp, round_ok: bool) -> bool {
    use BinaryOp as B;
    matches!(op, B::Add | B::Sub | B::Mul | B::Div | B::Max | B::Min)
        || (round_ok && super::vmath::has_vector_binary(op))
}

/// What the target offers generated code.
#[derive(Clone, Copy)]
pub(crate) struct Caps {
    pub call_conv: CallConv,
    pub frontend: TargetFrontendConfig,
    /// Vectors round natively (x86 needs SSE4.1).
    pub round_ok: bool,
    /// Native fused multiply-add.
    pub fma: bool,
    /// The runtime's 8-lane array math imports apply (x86_64 with AVX2 and FMA, where
    /// they are twice as wide as Cranelift's f32x4; see [`tiles`]).
    pub array_math: bool,
    pub x86_64: bool,
}

/// Builds kernel `k` into `func` (whose signature this sets).
pub(crate) fn build(func: &mut Function, k: &Kernel, plan: &Plan, caps: &Caps) -> R<()> {
    let Caps {
        call_conv,
        frontend,
        round_ok,
        fma,
        array_math,
        x86_64,
    } = *caps;
    let mut sig = Signature::new(call_conv);
    for _ in 0..3 {
        sig.params.push(AbiParam::new(types::I64));
    }
    func.signature = sig;
    let mut fbc = FunctionBuilderContext::new();
    let mut b = FunctionBuilder::new(func, &mut fbc);
    let entry = b.create_block();
    b.append_block_params_for_function_params(entry);
    b.switch_to_block(entry);
    let params = b.block_params(entry).to_vec();
    let (bindings, begin, end) = (params[0], params[1], params[2]);
    let bases: Vec<Value> = (0..k.buffers.len())
        .map(|i| {
            b.ins().load(
                types::I64,
                MemFlagsData::trusted(),
                bindings,
                (i * 8) as i32,
            )
        })
        .collect();
    let mut imports = Imports::new(call_conv, fma, x86_64);
    let classes = classify(k, round_ok);
    let blocks = blocks::plan(k).map(std::rc::Rc::new);
    let hoist = hoistable(k).filter(|_| blocks.is_none());
    let tiles = match &classes {
        Some(cls) if array_math && blocks.is_none() && !lanes::any(&k.body, cls) => {
            tiles::plan(k, cls, hoist.as_deref()).map(std::rc::Rc::new)
        }
        _ => None,
    };
    // Run-time limits, loaded once (see `Kernel::limits`; the column-block plans and
    // sequential kernels run whole domains).
    let mut limits = vec![None; k.domain.len()];
    if blocks.is_none() && !k.sequential {
        for &(d, buf) in &k.limits {
            limits[d] = Some(
                b.ins()
                    .load(types::I64, MemFlagsData::trusted(), bases[buf], 0),
            );
        }
    }
    let mut em = Emitter {
        cx: Cx {
            b: &mut b,
            imports: &mut imports,
        },
        bases,
        limits,
        k,
        plan,
        classes,
        round_ok,
        hoist,
        tiles,
        blocks,
        in_order: false,
        array_math,
        pin_slot: None,
        unroll_next: false,
    };
    let chunks = em.blocks.clone().filter(|bl| em.blocks_by_rows(bl));
    if let (Some(bl), true) = (chunks, plan.workgroups > 0) {
        em.block_chunks(begin, end, &bl)?;
    } else if plan.workgroups > 0 {
        em.emit_loop(begin, end, 1, &[], &mut |em, w, _| {
            em.workgroup(w)?;
            Ok(vec![])
        })?;
    }
    b.ins().return_(&[]);
    b.seal_all_blocks();
    b.finalize(frontend);
    Ok(())
}

/// Builds vmath helper `helper` (see [`super::vmath::Helper`]): a preserve-all function
/// of one pointer, calling runtime imports in the `call_conv` convention.
pub(crate) fn build_helper(
    func: &mut Function,
    helper: super::vmath::Helper,
    caps: &Caps,
) -> R<()> {
    let Caps {
        call_conv,
        frontend,
        fma,
        x86_64,
        ..
    } = *caps;
    let mut sig = Signature::new(CallConv::PreserveAll);
    sig.params.push(AbiParam::new(types::I64));
    func.signature = sig;
    let mut fbc = FunctionBuilderContext::new();
    let mut b = FunctionBuilder::new(func, &mut fbc);
    let entry = b.create_block();
    b.append_block_params_for_function_params(entry);
    b.switch_to_block(entry);
    let p = b.block_params(entry)[0];
    let mut imports = Imports::new(call_conv, fma, x86_64);
    let mut cx = Cx {
        b: &mut b,
        imports: &mut imports,
    };
    helper.emit(&mut cx, p)?;
    b.ins().return_(&[]);
    b.seal_all_blocks();
    b.finalize(frontend);
    Ok(())
}

/// Vectors per iteration of an elementwise loop: 4 for light bodies (less loop
/// overhead: layernorm's last pass 0.255 -> 0.236 ms), 1 when a math function's
/// long body would spill its constants, which the copies share, at 2 or more (x*y +
/// sin x: 0.91 ms at 1 and at 2; a long body has parallel chains of its own), and
/// compiles to half the code.
/// Constant trip counts up to which the scalar points of an innermost dimension are
/// emitted once per trip instead of in a loop ([`Emitter::point_loops`]).
const UNROLL_TRIPS: i64 = 4;

fn unroll_factor(body: &Body) -> i64 {
    unroll_factor_of(body, |_| true)
}

/// [`unroll_factor`] of the nodes of `body` that `computed` marks.
fn unroll_factor_of(body: &Body, computed: impl Fn(usize) -> bool) -> i64 {
    let heavy = body.nodes.iter().enumerate().any(|(i, n)| {
        computed(i)
            && match n {
                Node::Unary { op, .. } => super::vmath::has_vector_unary(*op),
                Node::Binary { op, .. } => super::vmath::has_vector_binary(*op),
                _ => false,
            }
    });
    if heavy { 1 } else { 4 }
}

/// Does `k` compiled for `target` run its innermost loop in tiles around array calls?
#[cfg(test)]
pub(crate) fn is_tiled(k: &Kernel, target: &super::Target) -> bool {
    super::array_math(target)
        && classify(k, true)
            .is_some_and(|cls| tiles::plan(k, &cls, hoistable(k).as_deref()).is_some())
}

/// How many loops over its points each tile of `k` runs, if `k` is tiled for `target`.
#[cfg(test)]
pub(crate) fn tile_loops(k: &Kernel, target: &super::Target) -> Option<usize> {
    let cls = classify(k, true).filter(|_| super::array_math(target))?;
    Some(tiles::plan(k, &cls, hoistable(k).as_deref())?.loops())
}

/// How many of `k`'s tile calls keep their values in an output row (`None`: untiled).
#[cfg(test)]
pub(crate) fn tile_scratch(k: &Kernel, target: &super::Target) -> Option<usize> {
    let cls = classify(k, true).filter(|_| super::array_math(target))?;
    Some(tiles::plan(k, &cls, hoistable(k).as_deref())?.scratch_calls())
}

/// See [`super::vector_profile`].
pub(crate) fn vector_profile(k: &Kernel) -> (bool, Vec<u8>) {
    let reduces = k.body.nodes.iter().filter_map(|n| match n {
        Node::Reduce { extents, body, .. } => {
            Some(if classify_reduce(k, extents, body, true).is_some() {
                2
            } else if classify_lane_reduce(k, extents, body, true).is_some() {
                1
            } else {
                0
            })
        }
        _ => None,
    });
    (classify(k, true).is_some(), reduces.collect())
}

#[cfg(test)]
pub(crate) fn has_lane_reduce(k: &Kernel) -> bool {
    classify(k, true).is_some_and(|cls| lanes::any(&k.body, &cls))
}

#[cfg(test)]
pub(crate) fn is_blocked(k: &Kernel) -> bool {
    blocks::is_blocked(k)
}

#[cfg(test)]
pub(crate) fn is_vectorized(k: &Kernel) -> bool {
    classify(k, true).is_some()
}

/// Evaluates a reduce body at `(indices, accs, classes)` and returns its yields; with
/// `Some(alt)`, evaluates `alt` (a [`LaneReduce`] helper body) in its place.
type ReduceBody<'e, 'a, 'b> = dyn FnMut(
        &mut Emitter<'a, 'b>,
        &[Value],
        &[Value],
        Option<&[Class]>,
        Option<&Body>,
    ) -> R<Vec<Value>>
    + 'e;
type LoopBody<'e, 'a, 'b> = dyn FnMut(&mut Emitter<'a, 'b>, Value, &[Value]) -> R<Vec<Value>> + 'e;

struct Emitter<'a, 'b> {
    cx: Cx<'a, 'b>,
    bases: Vec<Value>,
    /// Per domain dimension, the run-time limit of its coordinates, if it has one.
    limits: Vec<Option<Value>>,
    k: &'a Kernel,
    plan: &'a Plan,
    classes: Option<Vec<Class>>,
    round_ok: bool,
    /// Top-level nodes computed once before the innermost loop ([`hoistable`]).
    hoist: Option<Vec<bool>>,
    /// How the innermost loop runs in tiles around array math calls, if it does.
    tiles: Option<std::rc::Rc<tiles::TilePlan>>,
    /// How the kernel runs in column blocks, if it does.
    blocks: Option<std::rc::Rc<blocks::Blocks>>,
    /// Scalar reductions run their loops in order, element by element: at the remainder
    /// points of a kernel whose other points run them as lane reduces, so every point
    /// folds in the same order.
    in_order: bool,
    /// The runtime's array routines apply ([`Caps::array_math`]).
    array_math: bool,
    /// The stack slot of [`Emitter::pin`].
    pin_slot: Option<StackSlot>,
    /// The next [`Emitter::emit_loop`] runs a few constant trips unrolled (set for the
    /// scalar points of an innermost dimension only: unrolling every small loop, windows
    /// and nests included, tripled the compile time of pooling).
    unroll_next: bool,
}

/// Values of a body computed elsewhere: `Use` takes the nodes that have a value there
/// (hoisted out of the innermost loop, or read back from a tile buffer) and computes, of
/// the others, those `need` marks (all without a mask); `Only` computes just the nodes
/// it marks (the hoisted ones), pinned.
#[derive(Clone, Copy)]
enum Pre<'p> {
    None,
    Use(&'p [Option<Value>], Option<&'p [bool]>),
    Only(&'p [bool]),
}

impl<'a, 'b> Emitter<'a, 'b> {
    fn iconst(&mut self, v: i64) -> Value {
        self.cx.b.ins().iconst(types::I64, v)
    }

    /// The value of `v` if it is an integer constant.
    fn known(&self, v: Value) -> Option<i64> {
        let dfg = &self.cx.b.func.dfg;
        match dfg.insts[dfg.value_def(v).inst()?] {
            InstructionData::UnaryImm {
                opcode: Opcode::Iconst,
                imm,
            } => Some(imm.bits()),
            _ => None,
        }
    }

    /// `for (i = lo; i + step <= hi; i += step)` carrying `carried`; returns the final `i`
    /// and the carried values after the loop.
    ///
    /// With constant bounds the trip count is known: no trips emit nothing, one trip
    /// emits the body once without a loop, and the final `i` is returned as a constant,
    /// so that the remainder loops after a loop that divides its range are not emitted
    /// either (less code for Cranelift to compile, and no dead branches to run).
    fn emit_loop(
        &mut self,
        lo: Value,
        hi: Value,
        step: i64,
        carried: &[Value],
        body: &mut LoopBody<'_, 'a, 'b>,
    ) -> R<(Value, Vec<Value>)> {
        let unroll = std::mem::take(&mut self.unroll_next);
        let bounds = self.known(lo).zip(self.known(hi));
        let trips = bounds.map(|(l, h)| if h - l >= step { (h - l) / step } else { 0 });
        match (trips, bounds) {
            (Some(0), _) => return Ok((lo, carried.to_vec())),
            // One trip, or a few where the caller asks (the scalar points of a short
            // innermost dimension, as 3 channels): the body once per trip, each copy's
            // index a constant, so its address arithmetic folds away with the loop's.
            (Some(n), Some((l, _))) if n == 1 || (unroll && n <= UNROLL_TRIPS) => {
                let mut out = carried.to_vec();
                for t in 0..n {
                    let i = if t == 0 {
                        lo
                    } else {
                        self.iconst(l + t * step)
                    };
                    out = body(self, i, &out)?;
                }
                return Ok((self.iconst(l + n * step), out));
            }
            _ => {}
        }
        let b = &mut *self.cx.b;
        let header = b.create_block();
        let body_blk = b.create_block();
        let exit = b.create_block();
        b.append_block_param(header, types::I64);
        b.append_block_param(exit, types::I64);
        for &c in carried {
            let ty = b.func.dfg.value_type(c);
            b.append_block_param(header, ty);
            b.append_block_param(exit, ty);
        }
        let args: Vec<BlockArg> = std::iter::once(lo)
            .chain(carried.iter().copied())
            .map(BlockArg::from)
            .collect();
        b.ins().jump(header, &args);
        b.switch_to_block(header);
        let hp = b.block_params(header).to_vec();
        let next = b.ins().iadd_imm_s(hp[0], step);
        let done = b.ins().icmp(IntCC::SignedGreaterThan, next, hi);
        let exit_args: Vec<BlockArg> = hp.iter().copied().map(BlockArg::from).collect();
        // The exit is the branch's first target, the body its second: see [`loop_branch`].
        loop_branch(b, done, exit, &exit_args, body_blk);
        b.switch_to_block(body_blk);
        let out = body(self, hp[0], &hp[1..])?;
        let b = &mut *self.cx.b;
        let args: Vec<BlockArg> = std::iter::once(next)
            .chain(out)
            .map(BlockArg::from)
            .collect();
        b.ins().jump(header, &args);
        b.switch_to_block(exit);
        let ep = b.block_params(exit).to_vec();
        let end = match (bounds, trips) {
            (Some((l, _)), Some(n)) => b.ins().iconst(types::I64, l + n * step),
            _ => ep[0],
        };
        Ok((end, ep[1..].to_vec()))
    }

    fn workgroup(&mut self, w: Value) -> R<()> {
        if let Some(bl) = self.blocks.clone() {
            return self.block_workgroup(w, &bl);
        }
        let k = self.k;
        let n = k.domain.len();
        if n == 0 {
            self.eval_body(&k.body, &[], &[], &[], None, Pre::None)?;
            return Ok(());
        }
        let p = self.plan.clone();
        let nb = self.iconst(p.nblocks);
        let blk = self.cx.b.ins().urem(w, nb);
        let mut q = self.cx.b.ins().udiv(w, nb);
        let mut coords = vec![blk; p.split];
        for d in (0..p.split).rev() {
            let e = self.iconst(k.domain[d]);
            coords[d] = self.cx.b.ins().urem(q, e);
            q = self.cx.b.ins().udiv(q, e);
        }
        let lo = self.cx.b.ins().imul_imm_s(blk, p.block);
        let hi = self.cx.b.ins().iadd_imm_s(lo, p.block);
        let ext = self.iconst(k.domain[p.split]);
        let hi = self.cx.b.ins().smin(hi, ext);
        // Limited dimensions: the workgroup's coordinates below their limits, and the
        // block cut at its dimension's.
        let mut ok = None;
        for (&c, l) in coords[..p.split].iter().zip(self.limits.clone()) {
            if let Some(l) = l {
                let below = self.cx.b.ins().icmp(IntCC::SignedLessThan, c, l);
                ok = Some(ok.map_or(below, |o| self.cx.b.ins().band(o, below)));
            }
        }
        let hi = match self.limits[p.split] {
            Some(l) => {
                let hi = self.cx.b.ins().smin(hi, l);
                let some = self.cx.b.ins().icmp(IntCC::SignedLessThan, lo, hi);
                ok = Some(ok.map_or(some, |o| self.cx.b.ins().band(o, some)));
                hi
            }
            None => hi,
        };
        match ok {
            Some(ok) => self.when(ok, &mut |em| em.nest(p.split, lo, hi, &mut coords)),
            None => self.nest(p.split, lo, hi, &mut coords),
        }
    }

    /// Emits `f` to run only when the i8 `cond` is true.
    fn when(&mut self, cond: Value, f: &mut dyn FnMut(&mut Self) -> R<()>) -> R<()> {
        let b = &mut *self.cx.b;
        let then = b.create_block();
        let done = b.create_block();
        b.ins().brif(cond, then, &[], done, &[]);
        b.switch_to_block(then);
        f(self)?;
        let b = &mut *self.cx.b;
        b.ins().jump(done, &[]);
        b.switch_to_block(done);
        Ok(())
    }

    /// Loops over dimension `d` in `[lo, hi)` and every dimension after it.
    fn nest(&mut self, d: usize, lo: Value, hi: Value, coords: &mut Vec<Value>) -> R<()> {
        let k = self.k;
        let last = d + 1 == k.domain.len();
        // Nodes not depending on the innermost coordinate, computed once before its loop
        // (the range is never empty: every extent is positive).
        let hoisted: Vec<Option<Value>> = match (last, self.hoist.clone()) {
            (true, Some(mask)) => {
                let v = self.eval_body(&k.body, coords, &[], &[], None, Pre::Only(&mask))?;
                v.into_iter()
                    .zip(mask.iter())
                    .map(|(x, &m)| m.then_some(x))
                    .collect()
            }
            _ => Vec::new(),
        };
        if last {
            if let Some(tiles) = self.tiles.clone() {
                return self.tiled_row(&tiles, lo, hi, coords, &hoisted);
            }
            if let Some(cls) = self.classes.clone()
                && lanes::any(&k.body, &cls)
            {
                return self.lane_points(lo, hi, coords, &cls, &hoisted);
            }
            let unroll = if self.classes.is_some() {
                unroll_factor(&k.body)
            } else {
                0
            };
            return self.point_loops(lo, hi, unroll, &mut |em, i, vector| {
                coords.push(i);
                let cls = if vector { em.classes.clone() } else { None };
                em.eval_body(
                    &k.body,
                    coords,
                    &[],
                    &[],
                    cls.as_deref(),
                    Pre::Use(&hoisted, None),
                )?;
                coords.pop();
                Ok(())
            });
        }
        self.emit_loop(lo, hi, 1, &[], &mut |em, i, _| {
            coords.push(i);
            let lo = em.iconst(0);
            let hi = em.iconst(k.domain[d + 1]);
            match em.limits[d + 1] {
                Some(l) => {
                    let hi = em.cx.b.ins().smin(hi, l);
                    let some = em.cx.b.ins().icmp(IntCC::SignedLessThan, lo, hi);
                    em.when(some, &mut |em| em.nest(d + 1, lo, hi, coords))?;
                }
                None => em.nest(d + 1, lo, hi, coords)?,
            }
            coords.pop();
            Ok(vec![])
        })?;
        Ok(())
    }

    /// The points of `[lo, hi)` of the innermost dimension: with `unroll > 0`, first
    /// `unroll` vectors per iteration (independent points give the CPU several chains),
    /// then one vector, then scalars. `f(i, vector)` emits the point(s) at `i`.
    fn point_loops(
        &mut self,
        lo: Value,
        hi: Value,
        unroll: i64,
        f: &mut dyn FnMut(&mut Emitter<'a, 'b>, Value, bool) -> R<()>,
    ) -> R<()> {
        let mut start = lo;
        let factors: &[i64] = match unroll {
            0 => &[],
            1 => &[1],
            _ => &[unroll, 1],
        };
        for &unroll in factors {
            let (i, _) = self.emit_loop(start, hi, LANES * unroll, &[], &mut |em, i, _| {
                for u in 0..unroll {
                    let iu = if u == 0 {
                        i
                    } else {
                        em.cx.b.ins().iadd_imm_s(i, LANES * u)
                    };
                    f(em, iu, true)?;
                }
                Ok(vec![])
            })?;
            start = i;
        }
        self.unroll_next = true;
        self.emit_loop(start, hi, 1, &[], &mut |em, i, _| {
            f(em, i, false)?;
            Ok(vec![])
        })?;
        Ok(())
    }

    /// Nested loops over `extents` carrying `accs`, running `f(indices, accs, classes)
    /// -> accs`; with `rv`, the innermost loop runs on f32x4 accumulators first.
    fn reduce_nest(
        &mut self,
        extents: &[i64],
        idx: &mut Vec<Value>,
        accs: &[Value],
        rv: Option<&ReduceVec>,
        lr: Option<&LaneReduce>,
        f: &mut ReduceBody<'_, 'a, 'b>,
    ) -> R<Vec<Value>> {
        if idx.len() == extents.len() {
            return f(self, idx, accs, None, None);
        }
        let lo = self.iconst(0);
        let hi = self.iconst(extents[idx.len()]);
        let mut start = lo;
        let mut accs = accs.to_vec();
        if let Some(lr) = lr.filter(|_| idx.len() + 1 == extents.len()) {
            (start, accs) = self.lane_reduce(extents[idx.len()], &accs, lr, idx, f)?;
        }
        if let Some(rv) = rv.filter(|_| idx.len() + 1 == extents.len()) {
            // Lane-wise partial results from the identity, then folded into the scalars.
            let ids: Vec<Value> = rv
                .ops
                .iter()
                .map(|op| {
                    let id = match op {
                        BinaryOp::Add => -0.0,
                        BinaryOp::Mul => 1.0,
                        BinaryOp::Max => f64::NEG_INFINITY,
                        _ => f64::INFINITY,
                    };
                    self.cx.fconst(types::F32X4, id)
                })
                .collect();
            // Blocked: each block of REDUCE_BLOCK elements starts from fresh accumulators
            // and then joins a running total, so no f32 partial sum grows a long chain of
            // roundings. Sums keep that total as an f64 scalar (close to the exact sum, as
            // XLA's tree-shaped sums are); other folds keep an f32x4 total.
            let totals: Vec<Value> = rv
                .ops
                .iter()
                .zip(&ids)
                .map(|(op, &id)| match op {
                    BinaryOp::Add => self.cx.fconst(types::F64, -0.0),
                    _ => id,
                })
                .collect();
            let (i, totals) = self.emit_loop(lo, hi, REDUCE_BLOCK, &totals, &mut |em, i, t| {
                let end = em.cx.b.ins().iadd_imm_s(i, REDUCE_BLOCK);
                let (_, block) = em.unrolled_partial(i, end, &ids, &ids, rv, idx, f)?;
                em.join_block(rv, t, &block)
            })?;
            let (i, tail) = self.unrolled_partial(i, hi, &ids, &ids, rv, idx, f)?;
            let (i, tail) = self.emit_loop(i, hi, LANES, &tail, &mut |em, i, a| {
                idx.push(i);
                let r = f(em, idx, a, Some(&rv.cls), None);
                idx.pop();
                r
            })?;
            let totals = self.join_block(rv, &totals, &tail)?;
            start = i;
            for (k, op) in rv.ops.iter().enumerate() {
                accs[k] = if *op == BinaryOp::Add {
                    let init = self.cx.b.ins().fpromote(types::F64, accs[k]);
                    let sum = self.cx.b.ins().fadd(init, totals[k]);
                    self.cx.b.ins().fdemote(types::F32, sum)
                } else {
                    let lanes: Vec<Value> = (0..4u8)
                        .map(|l| self.cx.b.ins().extractlane(totals[k], l))
                        .collect();
                    let p = scalar::binary(&mut self.cx, *op, DType::F32, lanes[0], lanes[1])?;
                    let q = scalar::binary(&mut self.cx, *op, DType::F32, lanes[2], lanes[3])?;
                    let h = scalar::binary(&mut self.cx, *op, DType::F32, p, q)?;
                    scalar::binary(&mut self.cx, *op, DType::F32, accs[k], h)?
                };
            }
        }
        let (_, out) = self.emit_loop(start, hi, 1, &accs, &mut |em, i, a| {
            idx.push(i);
            let r = em.reduce_nest(extents, idx, a, rv, lr, f);
            idx.pop();
            r
        })?;
        Ok(out)
    }

    /// The innermost loop of a reduce (over `[0, extent)`, `extent >= 2 * LANES`) on
    /// lanes by [`LaneReduce`]: the first vectors' elements start the lane partials
    /// (`REDUCE_UNROLL` independent groups when the loop is long), every later vector is
    /// reduced into them by the reduce body, then the groups and the lanes are combined
    /// in index order and the result applied to `accs`. Returns where the scalar
    /// remainder starts and the new accumulators.
    fn lane_reduce(
        &mut self,
        extent: i64,
        accs: &[Value],
        lr: &LaneReduce,
        idx: &mut Vec<Value>,
        f: &mut ReduceBody<'_, 'a, 'b>,
    ) -> R<(Value, Vec<Value>)> {
        let n = accs.len();
        let unroll = extent >= 2 * LANES * REDUCE_UNROLL as i64;
        let groups = if unroll { REDUCE_UNROLL as i64 } else { 1 };
        let mut parts = Vec::with_capacity(n * groups as usize);
        for u in 0..groups {
            idx.push(self.iconst(LANES * u));
            parts.extend(f(self, idx, &[], Some(&lr.elem_cls), Some(&lr.elems))?);
            idx.pop();
        }
        let start = self.iconst(LANES * groups);
        let hi = self.iconst(extent);
        let (i, parts) = if unroll {
            let (i, wide) = self.unrolled_loop(start, hi, &parts, n, &lr.cls, idx, f)?;
            let mut g = wide[..n].to_vec();
            for group in wide[n..].chunks(n) {
                let args = [g.as_slice(), group].concat();
                g = f(self, &[], &args, Some(&lr.reducer_cls), Some(&lr.reducer))?;
            }
            (i, g)
        } else {
            (start, parts)
        };
        let (i, v) = self.emit_loop(i, hi, LANES, &parts, &mut |em, i, a| {
            idx.push(i);
            let r = f(em, idx, a, Some(&lr.cls), None);
            idx.pop();
            r
        })?;
        let mut s: Vec<Value> = Vec::new();
        for lane in 0..LANES as u8 {
            let l: Vec<Value> = v
                .iter()
                .zip(&lr.dts)
                .map(|(&x, &dt)| {
                    let e = self.cx.b.ins().extractlane(x, lane);
                    if dt == DType::I1 {
                        self.cx.b.ins().icmp_imm_s(IntCC::NotEqual, e, 0)
                    } else {
                        e
                    }
                })
                .collect();
            s = if lane == 0 {
                l
            } else {
                f(self, &[], &[s, l].concat(), None, Some(&lr.reducer))?
            };
        }
        let out = f(self, &[], &[accs, &s].concat(), None, Some(&lr.reducer))?;
        Ok((i, out))
    }

    /// Adds a block's f32x4 partial results into the running totals: the lanes of a sum
    /// into its f64 scalar total, any other fold lane-wise into its f32x4 total.
    fn join_block(&mut self, rv: &ReduceVec, totals: &[Value], block: &[Value]) -> R<Vec<Value>> {
        let mut out = Vec::with_capacity(totals.len());
        for (k, op) in rv.ops.iter().enumerate() {
            out.push(if *op == BinaryOp::Add {
                let mut t = totals[k];
                for l in 0..4u8 {
                    let lane = self.cx.b.ins().extractlane(block[k], l);
                    let wide = self.cx.b.ins().fpromote(types::F64, lane);
                    t = self.cx.b.ins().fadd(t, wide);
                }
                t
            } else {
                scalar::binary(&mut self.cx, *op, DType::F32, totals[k], block[k])?
            });
        }
        Ok(out)
    }

    /// The loop over `[lo, hi)` in steps of `REDUCE_UNROLL` vectors: group `u` of `accs`
    /// (`n` accumulators each) reduces the vector at `i + LANES * u` with `f`, so the
    /// groups' dependency chains run side by side. Returns where it stopped and the groups.
    #[allow(clippy::too_many_arguments)]
    fn unrolled_loop(
        &mut self,
        lo: Value,
        hi: Value,
        accs: &[Value],
        n: usize,
        cls: &[Class],
        idx: &mut Vec<Value>,
        f: &mut ReduceBody<'_, 'a, 'b>,
    ) -> R<(Value, Vec<Value>)> {
        let step = LANES * REDUCE_UNROLL as i64;
        self.emit_loop(lo, hi, step, accs, &mut |em, i, a| {
            let mut out = Vec::with_capacity(a.len());
            for (u, group) in a.chunks(n).enumerate() {
                let iu = em.cx.b.ins().iadd_imm_s(i, LANES * u as i64);
                idx.push(iu);
                out.extend(f(em, idx, group, Some(cls), None)?);
                idx.pop();
            }
            Ok(out)
        })
    }

    /// Folds `[lo, hi)` (whole steps of `LANES * REDUCE_UNROLL` only) into `into`, using
    /// `REDUCE_UNROLL` independent vector accumulators started from `ids`: they hide the
    /// latency of the folding op and shorten each partial result's dependency chain.
    /// Returns where it stopped and the new `into`.
    #[allow(clippy::too_many_arguments)]
    fn unrolled_partial(
        &mut self,
        lo: Value,
        hi: Value,
        ids: &[Value],
        into: &[Value],
        rv: &ReduceVec,
        idx: &mut Vec<Value>,
        f: &mut ReduceBody<'_, 'a, 'b>,
    ) -> R<(Value, Vec<Value>)> {
        let k_accs = ids.len();
        let wide: Vec<Value> = ids
            .iter()
            .copied()
            .cycle()
            .take(k_accs * REDUCE_UNROLL)
            .collect();
        let (i, wide) = self.unrolled_loop(lo, hi, &wide, k_accs, &rv.cls, idx, f)?;
        let mut folded = into.to_vec();
        for group in wide.chunks(k_accs) {
            for (k, op) in rv.ops.iter().enumerate() {
                folded[k] = scalar::binary(&mut self.cx, *op, DType::F32, folded[k], group[k])?;
            }
        }
        Ok((i, folded))
    }

    /// Address of element `index` of buffer `buffer`.
    fn address(&mut self, buffer: usize, index: &[Value]) -> Value {
        let buf = &self.k.buffers[buffer];
        let mut lin: Option<Value> = None;
        let mut stride = 1i64;
        for (d, &i) in index.iter().enumerate().rev() {
            let term = if stride == 1 {
                i
            } else {
                self.cx.b.ins().imul_imm_s(i, stride)
            };
            lin = Some(match lin {
                None => term,
                Some(l) => self.cx.b.ins().iadd(l, term),
            });
            stride = stride.wrapping_mul(buf.shape[d]);
        }
        let base = self.bases[buffer];
        match lin {
            None => base,
            Some(l) => {
                let off = self.cx.b.ins().imul_imm_s(l, buf.dtype.size() as i64);
                self.cx.b.ins().iadd(base, off)
            }
        }
    }

    /// Emits `body` at one point (`vector`: four consecutive innermost points, top level
    /// only) and returns each node's value.
    fn eval_body(
        &mut self,
        body: &Body,
        idx: &[Value],
        accs: &[Value],
        outer: &[Value],
        classes: Option<&[Class]>,
        pre: Pre<'_>,
    ) -> R<Vec<Value>> {
        let mut vals: Vec<Value> = Vec::with_capacity(body.nodes.len());
        let mut results: HashMap<usize, Vec<Value>> = HashMap::new();
        let mut skipped = None;
        for (i, node) in body.nodes.iter().enumerate() {
            let dt = body.types[i];
            match pre {
                Pre::Use(p, need) => {
                    if let Some(&Some(x)) = p.get(i) {
                        vals.push(x);
                        continue;
                    }
                    if need.is_some_and(|need| !need[i]) {
                        // Not computed here; nothing computed here reads it.
                        let x =
                            *skipped.get_or_insert_with(|| self.cx.b.ins().iconst(types::I64, 0));
                        vals.push(x);
                        continue;
                    }
                }
                Pre::Only(mask) if !mask[i] => {
                    // Not computed here; nothing computed here reads it.
                    let x = *skipped.get_or_insert_with(|| self.cx.b.ins().iconst(types::I64, 0));
                    vals.push(x);
                    continue;
                }
                _ => {}
            }
            let pin = matches!(pre, Pre::Only(_))
                && !matches!(node, Node::Const(_) | Node::Index(_) | Node::Outer(_));
            let on_lanes = classes.is_some_and(|c| matches!(c[i], Class::Vector | Class::Mask));
            // Accumulators, enclosing values and reduce results are values computed
            // elsewhere (vectors or not); a reduce on lanes has its own loop.
            let is_vec = on_lanes
                && !matches!(
                    node,
                    Node::Acc(_) | Node::Outer(_) | Node::ReduceResult { .. } | Node::Reduce { .. }
                );
            let v = |n: &crate::compiler::lower::kir::NodeId| vals[n.index()];
            let val = if is_vec {
                self.eval_vector(body, node, dt, &vals, classes.unwrap())?
            } else {
                match node {
                    Node::Index(d) => *idx
                        .get(*d)
                        .ok_or_else(|| format!("index {d} out of range"))?,
                    Node::Const(bits) => scalar::constant(&mut self.cx, dt, *bits),
                    Node::Load { buffer, index } => {
                        let index: Vec<Value> = index.iter().map(v).collect();
                        let addr = self.address(*buffer, &index);
                        scalar::load(&mut self.cx, self.k.buffers[*buffer].dtype, addr)
                    }
                    Node::Store {
                        buffer,
                        index,
                        value,
                    } => {
                        let index: Vec<Value> = index.iter().map(v).collect();
                        let addr = self.address(*buffer, &index);
                        let x = v(value);
                        scalar::store(&mut self.cx, self.k.buffers[*buffer].dtype, x, addr);
                        x
                    }
                    Node::Unary { op, x } => {
                        let xt = body.ty(*x);
                        scalar::unary(&mut self.cx, *op, xt, v(x))?
                    }
                    Node::Binary { op, a, b } => scalar::binary(&mut self.cx, *op, dt, v(a), v(b))?,
                    Node::Compare {
                        dir,
                        a,
                        b,
                        total_order,
                    } => {
                        let at = body.ty(*a);
                        scalar::compare(&mut self.cx, *dir, at, v(a), v(b), *total_order)
                    }
                    Node::Select {
                        cond,
                        on_true,
                        on_false,
                    } => self.cx.b.ins().select(v(cond), v(on_true), v(on_false)),
                    Node::Convert { x } => scalar::convert(&mut self.cx, body.ty(*x), dt, v(x))?,
                    Node::Bitcast { x } => scalar::bitcast(&mut self.cx, body.ty(*x), dt, v(x))?,
                    Node::Reduce { .. } if on_lanes => {
                        let cls = classes.ok_or("lane reduce without classes")?;
                        let out = self.lane_reduce_at(body, i, cls, &vals)?;
                        let first = *out.first().ok_or("reduce without accumulators")?;
                        results.insert(i, out);
                        first
                    }
                    Node::Reduce {
                        extents,
                        inits,
                        body: rbody,
                    } => {
                        let init: Vec<Value> = inits.iter().map(v).collect();
                        let outer_vals = vals.clone();
                        // Nodes of the reduce body that only depend on enclosing values,
                        // computed once before its loops.
                        let mask = loop_invariant(rbody);
                        let hoisted: Vec<Option<Value>> = if mask.iter().any(|&b| b) {
                            let r = self.eval_body(
                                rbody,
                                &[],
                                &[],
                                &outer_vals,
                                None,
                                Pre::Only(&mask),
                            )?;
                            r.into_iter()
                                .zip(&mask)
                                .map(|(x, &m)| m.then_some(x))
                                .collect()
                        } else {
                            Vec::new()
                        };
                        let row = if self.in_order {
                            None
                        } else {
                            self.row_reduce(extents, &init, rbody, &outer_vals, &hoisted)?
                        };
                        if let Some(m) = row {
                            let m = if pin { self.pin(m) } else { m };
                            results.insert(i, vec![m]);
                            vals.push(m);
                            continue;
                        }
                        let rv = (!self.in_order)
                            .then(|| classify_reduce(self.k, extents, rbody, self.round_ok))
                            .flatten();
                        let lr = (rv.is_none() && !self.in_order)
                            .then(|| classify_lane_reduce(self.k, extents, rbody, self.round_ok))
                            .flatten();
                        let out = self.reduce_nest(
                            extents,
                            &mut Vec::new(),
                            &init,
                            rv.as_ref(),
                            lr.as_ref(),
                            &mut |em, ridx, a, cls, alt| {
                                // `alt` (the reducer applied to two partial results) has
                                // its own nodes: nothing of it was hoisted.
                                let (b, pre) = match alt {
                                    Some(b) => (b, Pre::None),
                                    None => (&**rbody, Pre::Use(&hoisted, None)),
                                };
                                let r = em.eval_body(b, ridx, a, &outer_vals, cls, pre)?;
                                Ok(b.yields.iter().map(|y| r[y.index()]).collect())
                            },
                        )?;
                        let first = *out.first().ok_or("reduce without accumulators")?;
                        results.insert(i, out);
                        first
                    }
                    Node::Acc(k) => *accs.get(*k).ok_or_else(|| format!("acc {k} undefined"))?,
                    Node::Outer(o) => *outer
                        .get(o.index())
                        .ok_or_else(|| format!("outer {o:?} undefined"))?,
                    Node::ReduceResult { reduce, k } => *results
                        .get(&reduce.index())
                        .and_then(|r| r.get(*k))
                        .ok_or_else(|| format!("reduce result {reduce:?}.{k} undefined"))?,
                }
            };
            let val = if pin { self.pin(val) } else { val };
            vals.push(val);
        }
        Ok(vals)
    }

    /// `v` through a stack slot: an opaque copy, so the optimizer cannot move the pure
    /// computation of a value hoisted out of a loop back into the loop (it places pure
    /// instructions at their uses and does not always lift them out again).
    fn pin(&mut self, v: Value) -> Value {
        let ty = self.cx.b.func.dfg.value_type(v);
        let slot = match self.pin_slot {
            Some(s) => s,
            None => {
                let s = self.cx.b.create_sized_stack_slot(StackSlotData::new(
                    StackSlotKind::ExplicitSlot,
                    16,
                    4,
                ));
                self.pin_slot = Some(s);
                s
            }
        };
        // Every target is 64-bit (kernel parameters are I64 pointers).
        let ptr = types::I64;
        self.cx.b.ins().stack_store(ptr, v, slot, 0);
        self.cx.b.ins().stack_load(ptr, ty, slot, 0)
    }

    /// Lane `lane`'s value of a uniform, linear or [`Class::Lanes`] node of `body`.
    fn lane_value(
        &mut self,
        body: &Body,
        vals: &[Value],
        cls: &[Class],
        n: usize,
        lane: i64,
    ) -> R<Value> {
        if lane == 0 {
            return Ok(vals[n]);
        }
        Ok(match (cls[n], &body.nodes[n]) {
            (Class::Linear, _) => self.cx.b.ins().iadd_imm_s(vals[n], lane),
            (Class::Lanes, Node::Binary { op, a, b }) => {
                let x = self.lane_value(body, vals, cls, a.index(), lane)?;
                let y = self.lane_value(body, vals, cls, b.index(), lane)?;
                scalar::binary(&mut self.cx, *op, DType::I64, x, y)?
            }
            (Class::Lanes, node) => return Err(format!("no lane values for {node:?}")),
            _ => vals[n],
        })
    }

    /// Lane `lane`'s indices of an access.
    fn lane_index(
        &mut self,
        body: &Body,
        index: &[crate::compiler::lower::kir::NodeId],
        vals: &[Value],
        cls: &[Class],
        lane: i64,
    ) -> R<Vec<Value>> {
        index
            .iter()
            .map(|n| self.lane_value(body, vals, cls, n.index(), lane))
            .collect()
    }

    /// A vector of node `n`'s value (splatting uniform scalars: f32 to f32x4, i32 to
    /// i32x4, an i1 to an i32x4 lane mask).
    fn vec_of(&mut self, vals: &[Value], cls: &[Class], n: usize) -> Value {
        if matches!(cls[n], Class::Vector | Class::Mask) {
            return vals[n];
        }
        let x = vals[n];
        match self.cx.ty(x) {
            types::I32 => self.cx.b.ins().splat(types::I32X4, x),
            types::I8 => {
                let m = self.cx.b.ins().bmask(types::I32, x);
                self.cx.b.ins().splat(types::I32X4, m)
            }
            _ => self.cx.b.ins().splat(types::F32X4, x),
        }
    }

    /// The vector form of a node on i32/ui32 lanes (`None`: not such a node).
    fn eval_int_lanes(
        &mut self,
        body: &Body,
        node: &Node,
        dt: DType,
        vals: &[Value],
        cls: &[Class],
    ) -> R<Option<Value>> {
        Ok(Some(match node {
            Node::Unary { op, x } if int_lanes(dt) => {
                let x = self.vec_of(vals, cls, x.index());
                intlanes::unary(&mut self.cx, *op, dt, x)?
            }
            Node::Binary { op, a, b } if int_lanes(dt) => {
                let x = self.vec_of(vals, cls, a.index());
                let y = match (&body.nodes[b.index()], cls[b.index()]) {
                    (Node::Const(bits), _) => Operand::Const(*bits),
                    (_, Class::Uniform) => Operand::Uniform(vals[b.index()]),
                    _ => Operand::Lanes(vals[b.index()]),
                };
                intlanes::binary(&mut self.cx, *op, dt, x, y)?
            }
            Node::Binary { op, a, b } if dt == DType::I1 => {
                let x = self.vec_of(vals, cls, a.index());
                let y = self.vec_of(vals, cls, b.index());
                scalar::binary(&mut self.cx, *op, dt, x, y)?
            }
            Node::Convert { x } if cls[x.index()] == Class::Linear && int_lanes(dt) => {
                intlanes::iota(&mut self.cx, vals[x.index()])
            }
            Node::Convert { x }
                if !(matches!(cls[x.index()], Class::Linear | Class::Lanes)
                    || f32ish(dt) && f32ish(body.ty(*x))) =>
            {
                intlanes::convert(&mut self.cx, body.ty(*x), dt, vals[x.index()])?
            }
            Node::Bitcast { x } => {
                let ty = if dt == DType::F32 {
                    types::F32X4
                } else {
                    types::I32X4
                };
                self.cx.bitcast(ty, vals[x.index()])
            }
            _ => return Ok(None),
        }))
    }

    fn eval_vector(
        &mut self,
        body: &Body,
        node: &Node,
        dt: DType,
        vals: &[Value],
        cls: &[Class],
    ) -> R<Value> {
        let flags = MemFlagsData::new().with_notrap();
        if let Some(v) = self.eval_int_lanes(body, node, dt, vals, cls)? {
            return Ok(v);
        }
        Ok(match node {
            Node::Load { buffer, index } => {
                let bdt = self.k.buffers[*buffer].dtype;
                if contiguous(index, cls) {
                    let idx: Vec<Value> = index.iter().map(|n| vals[n.index()]).collect();
                    let addr = self.address(*buffer, &idx);
                    if bdt == DType::I1 {
                        // 4 bytes of 0/1 -> i32x4 lanes -> all-ones/all-zeros mask.
                        let le = MemFlagsData::new().with_endianness(Endianness::Little);
                        let w = self.cx.b.ins().load(types::I32, flags, addr, 0);
                        let v = self.cx.b.ins().scalar_to_vector(types::I32X4, w);
                        let v = self.cx.b.ins().bitcast(types::I8X16, le, v);
                        let v = self.cx.b.ins().uwiden_low(v);
                        let v = self.cx.b.ins().uwiden_low(v);
                        let zero = self.cx.iconst(types::I32X4, 0);
                        self.cx.b.ins().icmp(IntCC::NotEqual, v, zero)
                    } else if half(bdt) {
                        // 4 x 16 bits -> i32x4 lanes -> f32x4.
                        let le = MemFlagsData::new().with_endianness(Endianness::Little);
                        let w = self.cx.b.ins().load(types::I64, flags, addr, 0);
                        let v = self.cx.b.ins().scalar_to_vector(types::I64X2, w);
                        let v = self.cx.b.ins().bitcast(types::I16X8, le, v);
                        let v = self.cx.b.ins().uwiden_low(v);
                        scalar::half_from_bits32(&mut self.cx, bdt, v)
                    } else {
                        self.cx.b.ins().load(lanes_ty(bdt), flags, addr, 0)
                    }
                } else {
                    let mut v = if int_lanes(bdt) {
                        self.cx.iconst(types::I32X4, 0)
                    } else {
                        self.cx.fconst(types::F32X4, 0.0)
                    };
                    for lane in 0..LANES {
                        let idx = self.lane_index(body, index, vals, cls, lane)?;
                        let addr = self.address(*buffer, &idx);
                        let x = self
                            .cx
                            .b
                            .ins()
                            .load(lanes_ty(bdt).lane_type(), flags, addr, 0);
                        v = self.cx.b.ins().insertlane(v, x, lane as u8);
                    }
                    v
                }
            }
            Node::Store {
                buffer,
                index,
                value,
            } => {
                let x = self.vec_of(vals, cls, value.index());
                let bdt = self.k.buffers[*buffer].dtype;
                if contiguous(index, cls) {
                    let idx: Vec<Value> = index.iter().map(|n| vals[n.index()]).collect();
                    let addr = self.address(*buffer, &idx);
                    if bdt == DType::I1 {
                        // Lane mask -> 0/1 in i32x4 lanes -> 4 bytes.
                        let le = MemFlagsData::new().with_endianness(Endianness::Little);
                        let x = if self.cx.ty(x) == types::I32X4 {
                            x
                        } else {
                            self.cx.b.ins().bitcast(types::I32X4, le, x)
                        };
                        let one = self.cx.iconst(types::I32X4, 1);
                        let b = self.cx.b.ins().band(x, one);
                        let n = self.cx.b.ins().unarrow(b, b);
                        let n = self.cx.b.ins().unarrow(n, n);
                        let n = self.cx.b.ins().bitcast(types::I32X4, le, n);
                        let w = self.cx.b.ins().extractlane(n, 0);
                        self.cx.b.ins().store(flags, w, addr, 0);
                    } else if half(bdt) {
                        // f32x4 -> i32x4 of 16-bit patterns -> 4 x 16 bits.
                        let le = MemFlagsData::new().with_endianness(Endianness::Little);
                        let b = scalar::half_bits32(&mut self.cx, bdt, x);
                        let n = self.cx.b.ins().unarrow(b, b);
                        let n = self.cx.b.ins().bitcast(types::I64X2, le, n);
                        let w = self.cx.b.ins().extractlane(n, 0);
                        self.cx.b.ins().store(flags, w, addr, 0);
                    } else {
                        self.cx.b.ins().store(flags, x, addr, 0);
                    }
                } else {
                    for lane in 0..LANES {
                        let idx = self.lane_index(body, index, vals, cls, lane)?;
                        let addr = self.address(*buffer, &idx);
                        let e = self.cx.b.ins().extractlane(x, lane as u8);
                        self.cx.b.ins().store(flags, e, addr, 0);
                    }
                }
                x
            }
            Node::Compare { dir, a, b, .. }
                if [a, b]
                    .iter()
                    .any(|n| matches!(cls[n.index()], Class::Linear | Class::Lanes)) =>
            {
                // An index compare: per lane, as an i32x4 mask.
                let mut m = self.cx.iconst(types::I32X4, 0);
                for lane in 0..LANES {
                    let x = self.lane_value(body, vals, cls, a.index(), lane)?;
                    let y = self.lane_value(body, vals, cls, b.index(), lane)?;
                    let c = scalar::compare(&mut self.cx, *dir, body.ty(*a), x, y, false);
                    let c = self.cx.b.ins().bmask(types::I32, c);
                    m = self.cx.b.ins().insertlane(m, c, lane as u8);
                }
                m
            }
            Node::Convert { x } if cls[x.index()] == Class::Vector => {
                scalar::convert(&mut self.cx, body.ty(*x), dt, vals[x.index()])?
            }
            Node::Convert { x } => {
                // iota: the lane index as f32.
                let mut v = self.cx.fconst(types::F32X4, 0.0);
                for lane in 0..LANES {
                    let i = self.lane_value(body, vals, cls, x.index(), lane)?;
                    let f = scalar::convert(&mut self.cx, body.ty(*x), DType::F32, i)?;
                    v = self.cx.b.ins().insertlane(v, f, lane as u8);
                }
                v
            }
            Node::Unary {
                op: UnaryOp::Not,
                x,
            } if cls[x.index()] == Class::Mask => self.cx.b.ins().bnot(vals[x.index()]),
            Node::Binary { op, a, b }
                if cls[a.index()] == Class::Mask && cls[b.index()] == Class::Mask =>
            {
                let (a, b) = (vals[a.index()], vals[b.index()]);
                match op {
                    BinaryOp::And => self.cx.b.ins().band(a, b),
                    BinaryOp::Or => self.cx.b.ins().bor(a, b),
                    _ => self.cx.b.ins().bxor(a, b),
                }
            }
            Node::Unary { op, x } => {
                // The operand's type: is_finite's result (i1) is not its argument's.
                let xt = body.ty(*x);
                let x = self.vec_of(vals, cls, x.index());
                scalar::unary(&mut self.cx, *op, xt, x)?
            }
            Node::Binary { op, a, b } => {
                let a = self.vec_of(vals, cls, a.index());
                let b = self.vec_of(vals, cls, b.index());
                scalar::binary(&mut self.cx, *op, dt, a, b)?
            }
            Node::Select {
                cond,
                on_true,
                on_false,
            } => {
                let t = self.vec_of(vals, cls, on_true.index());
                let f = self.vec_of(vals, cls, on_false.index());
                let c = vals[cond.index()];
                if cls[cond.index()] == Class::Mask {
                    let ty = self.cx.ty(t);
                    let m = if ty == types::I32X4 {
                        c
                    } else {
                        self.cx.b.ins().bitcast(ty, MemFlagsData::new(), c)
                    };
                    self.cx.b.ins().bitselect(m, t, f)
                } else {
                    self.cx.b.ins().select(c, t, f)
                }
            }
            Node::Compare { dir, a, b, .. } => {
                let at = body.ty(*a);
                let a = self.vec_of(vals, cls, a.index());
                let b = self.vec_of(vals, cls, b.index());
                scalar::compare(&mut self.cx, *dir, at, a, b, false)
            }
            _ => {
                return Err(format!(
                    "no vector form for {node:?} in {}",
                    body.nodes.len()
                ));
            }
        })
    }
}

/// Does the first reduce of `k`'s body run its innermost loop on lanes with its partial
/// results combined by the reducer ([`LaneReduce`])?
#[cfg(test)]
pub(crate) fn reduce_is_lane_reduced(k: &Kernel) -> bool {
    k.body.nodes.iter().any(|n| match n {
        Node::Reduce { extents, body, .. } => {
            classify_reduce(k, extents, body, true).is_none()
                && classify_lane_reduce(k, extents, body, true).is_some()
        }
        _ => false,
    })
}

/// Does the first reduce of `k`'s body run its innermost loop on f32x4?
#[cfg(test)]
pub(crate) fn reduce_is_vectorized(k: &Kernel) -> bool {
    k.body.nodes.iter().any(|n| match n {
        Node::Reduce { extents, body, .. } => classify_reduce(k, extents, body, true).is_some(),
        _ => false,
    })
}
