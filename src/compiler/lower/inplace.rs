//! Buffers shared between values whose lifetimes only touch: in-place updates and loop
//! carried values.
//!
//! Lowering gives each materialized value a buffer of its own; this module finds the
//! values that may instead be written into the buffer of a value that is dead by then:
//!
//! - `dynamic_update_slice` and `scatter` whose operand is in an arena buffer that nothing
//!   reads after them: the result is that buffer, and the op writes only the update
//!   (an operand that must stay intact is copied once, by a `Copy` step, then updated).
//!   That includes a loop's carried value updated in the body and yielded at its own
//!   position (a scan writing its output row by row).
//! - a `while`'s carried buffers: a value the body passes through unchanged lives in its
//!   operand's buffer (nothing copied in, nothing copied back); an operand computed just
//!   for the loop and dead after it is the carried buffer (its producer writes it there,
//!   no copy in); a body value yielded at one position whose carried argument is dead by
//!   the time it is computed is written straight into the carried buffer (no copy back).
//!
//! Whether a buffer is dead at a point is decided on program positions: ops are numbered
//! in the order lowering emits them (a control-flow op, then the ops of its regions), and
//! every value gets the last position at which anything reads it ([`Positions`]): a
//! materialized op reads its operands at its own position, a fused value where the
//! kernels computing it run (its consumers' positions), a region's yields at the region's
//! end, the entry's results at the very end; a value read inside a loop but defined
//! outside it is read until the loop ends (every trip reads it again). A buffer may be
//! written at position `p` when every value living in it is read at `p` at the latest.

use super::builder::{KernelBuilder, domain_index, ibin, iclamp};
use super::elementwise::convert;
use super::kir::{Body, Kernel, Node, NodeId};
use super::{Lowerer, control, lowered_ops};
use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::{BinaryOp, DType, Op, Opcode, Region as IrRegion, TensorType, ValueId};
use pjrtc_runtime::format::{BufRef, Region, Step};

/// Never read.
const NEVER: u64 = 0;
/// Read after the program (an entry result).
const ALWAYS: u64 = u64::MAX;

/// Program positions: op `i` of [`lowered_ops`] is at `2 * i + 2`, the end of a region
/// just after its last op (odd), so that "read at the end of the body" comes after every
/// op of the body and before whatever follows the loop.
pub(crate) struct Positions<'f> {
    /// Position of the op defining each value (for a region argument, of the op owning
    /// the region).
    pub def: Vec<u64>,
    /// Last position at which each value is read ([`NEVER`] if it is not).
    pub read_until: Vec<u64>,
    /// The region each value is defined in (0: the entry body; regions of control-flow
    /// ops numbered in program order from 1), region arguments included.
    pub home: Vec<usize>,
    /// Per region: the control-flow op owning it, the region's index in that op, the
    /// region enclosing that op, and the position of the region's end.
    regions: Vec<RegionInfo<'f>>,
}

#[derive(Clone, Copy)]
struct RegionInfo<'f> {
    owner: Option<(&'f Op, usize)>,
    parent: usize,
    /// Position of the region's end.
    end: u64,
    /// Position of the end of the owning op (after its last region).
    op_end: u64,
}

impl<'f> Lowerer<'f> {
    /// Computes [`Positions`] from the materialization decisions (which ops read their
    /// operands themselves and which are computed inside their consumers' kernels).
    pub(crate) fn positions(&self) -> Positions<'f> {
        let func = self.func;
        let n = func.values.len();
        let ops = lowered_ops(&func.body);
        let mut def = vec![0u64; n];
        let mut home = vec![0usize; n];
        let mut region_of_op = Vec::with_capacity(ops.len());
        let mut regions: Vec<RegionInfo<'f>> = vec![RegionInfo {
            owner: None,
            parent: 0,
            end: 2 * ops.len() as u64 + 1,
            op_end: 2 * ops.len() as u64 + 1,
        }];
        // Number regions in program order, as lowered_ops walks them.
        fn walk<'a>(
            body: &'a IrRegion,
            id: usize,
            pos: &mut u64,
            regions: &mut Vec<RegionInfo<'a>>,
            region_of_op: &mut Vec<usize>,
            def: &mut [u64],
            home: &mut [usize],
        ) {
            for op in &body.ops {
                *pos += 2;
                let p = *pos;
                region_of_op.push(id);
                for &r in &op.results {
                    def[r.index()] = p;
                    home[r.index()] = id;
                }
                if control::is_control_flow(&op.opcode) {
                    let mut own = Vec::with_capacity(op.regions.len());
                    for (k, r) in op.regions.iter().enumerate() {
                        regions.push(RegionInfo {
                            owner: Some((op, k)),
                            parent: id,
                            end: 0,
                            op_end: 0,
                        });
                        let rid = regions.len() - 1;
                        own.push(rid);
                        for &a in &r.args {
                            def[a.index()] = p;
                            home[a.index()] = rid;
                        }
                        walk(r, rid, pos, regions, region_of_op, def, home);
                        regions[rid].end = *pos + 1;
                    }
                    for rid in own {
                        regions[rid].op_end = *pos + 1;
                    }
                }
            }
        }
        let mut pos = 0u64;
        walk(
            &func.body,
            0,
            &mut pos,
            &mut regions,
            &mut region_of_op,
            &mut def,
            &mut home,
        );
        let mut read_until = vec![NEVER; n];
        // A read at `e` from region `rid` of a value defined in region `home`: every loop
        // between them repeats it until the loop's end.
        let extend = |e: u64, mut rid: usize, home: usize| -> u64 {
            let mut e = e;
            while rid != home && rid != 0 {
                let info = regions[rid];
                if info
                    .owner
                    .is_some_and(|(op, _)| matches!(op.opcode, Opcode::While))
                {
                    e = e.max(info.op_end);
                }
                rid = info.parent;
            }
            e
        };
        let note = |read_until: &mut [u64], v: ValueId, e: u64, rid: usize| {
            let v = self.r(v);
            let e = if e == ALWAYS {
                ALWAYS
            } else {
                extend(e, rid, home[v.index()])
            };
            let slot = &mut read_until[v.index()];
            *slot = (*slot).max(e);
        };
        // Yields first: a value yielded by a region is read at its end, whatever reads it
        // inside the region.
        for &y in &func.body.yields {
            note(&mut read_until, y, ALWAYS, 0);
        }
        for (rid, info) in regions.iter().enumerate().skip(1) {
            let (op, k) = info.owner.expect("nested regions have an owner");
            for &y in &op.regions[k].yields {
                note(&mut read_until, y, info.end, rid);
            }
        }
        for (i, op) in ops.iter().enumerate().rev() {
            if matches!(op.opcode, Opcode::OptimizationBarrier) {
                continue;
            }
            let p = 2 * i as u64 + 2;
            let own = control::is_control_flow(&op.opcode)
                || op
                    .results
                    .iter()
                    .any(|r| self.materialize[r.index()] && self.view_of[r.index()].is_none());
            let e = if own {
                p
            } else {
                op.results
                    .iter()
                    .map(|r| read_until[r.index()])
                    .max()
                    .unwrap_or(NEVER)
            };
            if e == NEVER {
                continue;
            }
            for &o in &op.operands {
                note(&mut read_until, o, e, region_of_op[i]);
            }
        }
        Positions {
            def,
            read_until,
            home,
            regions,
        }
    }
}

impl<'f> Positions<'f> {
    /// The `while` whose body is region `rid`, if it is one.
    fn body_of(&self, rid: usize) -> Option<&'f Op> {
        let (op, k) = self.regions.get(rid)?.owner?;
        (matches!(op.opcode, Opcode::While) && k == 1).then_some(op)
    }
}

/// Whether `v` is one of `op`'s results.
fn result_of(op: &Op, v: ValueId) -> bool {
    op.results.contains(&v)
}

impl<'f> Lowerer<'f> {
    /// True if no value living in `b` (other than those `skip` excludes) is read after
    /// position `at` (or at it, with `strict`).
    fn dead_after(&self, b: BufRef, at: u64, strict: bool, skip: impl Fn(ValueId) -> bool) -> bool {
        let pos = self
            .pos
            .as_ref()
            .expect("positions are computed before placement");
        self.buf.members(b).iter().all(|&w| {
            if skip(w) {
                return true;
            }
            let r = pos.read_until[w.index()];
            if strict { r < at } else { r <= at }
        })
    }

    /// The buffer result `k` of `op` (a `dynamic_update_slice`, or a `scatter` updating
    /// its operand `k`) may share with that operand, updating it in place: an arena
    /// buffer of a value of the same region that nothing reads after `op` (a carried
    /// argument of the loop body `op` is in, if the body yields the result at that
    /// argument's position and nowhere else).
    pub(crate) fn in_place_buffer(&self, op: &Op, k: usize) -> Option<BufRef> {
        if !matches!(op.opcode, Opcode::DynamicUpdateSlice | Opcode::Scatter(_)) {
            return None;
        }
        let v = *op.results.get(k)?;
        let operand = *op.operands.get(k)?;
        let t = self.r(operand);
        if self.output_of[v.index()].is_some() || !self.materialize[v.index()] {
            return None;
        }
        // Scatter inputs given twice share nothing (the first one could take it).
        if op.operands[..k].iter().any(|&o| self.r(o) == t) {
            return None;
        }
        let b = self.buf[t.index()]?;
        if b.region != Region::Arena || b.size != self.ty(v).byte_size() {
            return None;
        }
        let pos = self.pos.as_ref()?;
        let p = pos.def[v.index()];
        let rid = pos.home[v.index()];
        if pos.home[t.index()] != rid {
            return None;
        }
        let defined_by_op = self.def[t.index()].is_some();
        let mut enclosing = None;
        if !defined_by_op {
            // A region argument: only a loop body's carried value, yielded back in place.
            let w = pos.body_of(rid)?;
            let body = &w.regions[1];
            let at = body.args.iter().position(|&a| a == t)?;
            let yielded: Vec<usize> = (0..body.yields.len())
                .filter(|&i| self.r(body.yields[i]) == v)
                .collect();
            if yielded != [at] {
                return None;
            }
            enclosing = Some(w);
        }
        // The loop's results share the carried buffer; they are read after the loop,
        // when it holds the last value.
        self.dead_after(b, p, false, |w| {
            w == v || enclosing.is_some_and(|op| result_of(op, w))
        })
        .then_some(b)
    }

    /// The buffer of a `while`'s (`op`'s) operand `k` if the body passes that argument
    /// through unchanged: the loop then reads it where it is (copies nothing in or back).
    pub(crate) fn pass_through_buffer(&self, op: &Op, k: usize) -> Option<BufRef> {
        let body = op.regions.get(1)?;
        let a = *body.args.get(k)?;
        let y = *body.yields.get(k)?;
        if self.r(y) != a {
            return None;
        }
        let b = self.buf[self.r(*op.operands.get(k)?).index()]?;
        (b.size == self.ty(op.results[k]).byte_size()).then_some(b)
    }

    /// The buffer of a `while`'s (`op`'s) operand `k` if the loop may carry the value in
    /// it: an arena buffer of a value computed in the same region, which nothing reads
    /// once the loop starts, not in `claimed` (the loop's other carried buffers).
    pub(crate) fn dead_operand_buffer(
        &self,
        op: &Op,
        k: usize,
        claimed: &[BufRef],
    ) -> Option<BufRef> {
        let x = self.r(*op.operands.get(k)?);
        let b = self.buf[x.index()]?;
        let pos = self.pos.as_ref()?;
        let p = pos.def[op.results.first()?.index()];
        let ok = b.region == Region::Arena
            && b.size == self.ty(op.results[k]).byte_size()
            && !claimed.contains(&b)
            && self.def[x.index()].is_some()
            && self.output_of[x.index()].is_none()
            && pos.home[x.index()] == pos.home[op.results[0].index()]
            && self.dead_after(b, p, false, |_| false);
        ok.then_some(b)
    }

    /// The carried buffer of the loop whose body is `y`'s region, if `y` is yielded at one
    /// position only and that position's argument is dead before `y` is computed: `y` is
    /// then written straight there instead of being copied back at the end of the trip.
    pub(crate) fn yield_buffer(&self, op: &Op, y: ValueId) -> Option<BufRef> {
        if self.output_of[y.index()].is_some()
            || self.from_gemm[y.index()]
            || control::is_control_flow(&op.opcode)
            || matches!(op.opcode, Opcode::Sort { .. })
        {
            return None;
        }
        let pos = self.pos.as_ref()?;
        let rid = pos.home[y.index()];
        let w = pos.body_of(rid)?;
        let body = &w.regions[1];
        let at: Vec<usize> = (0..body.yields.len())
            .filter(|&i| self.r(body.yields[i]) == y)
            .collect();
        let [k] = at[..] else {
            return None;
        };
        let a = *body.args.get(k)?;
        let b = self.buf[a.index()]?;
        if b.size != self.ty(y).byte_size() {
            return None;
        }
        let p = pos.def[y.index()];
        if self.dead_after(b, p, true, |v| result_of(w, v)) {
            return Some(b);
        }
        // Read last by `y`'s own kernel: in place if that kernel reads each element only
        // where it writes it, which [`settle_in_place`] checks once the kernel is built
        // (it moves `y` to a buffer of its own otherwise).
        let elementwise_kernel = super::is_expression_op(&op.opcode)
            && !matches!(
                op.opcode,
                Opcode::Concatenate { .. }
                    | Opcode::DynamicUpdateSlice
                    | Opcode::Reshape
                    | Opcode::Constant(_)
            )
            && self.softmax[y.index()].is_none();
        (elementwise_kernel && self.dead_after(b, p, false, |v| result_of(w, v))).then_some(b)
    }
}

impl Lowerer<'_> {
    /// True if computing `v` reads buffer `b` (`v` lives there, or a fused producer of it
    /// loads from it).
    pub(crate) fn reads_buffer(&self, v: ValueId, b: BufRef) -> bool {
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![self.r(v)];
        while let Some(v) = stack.pop() {
            if !seen.insert(v) {
                continue;
            }
            if let Some(vb) = self.buf[v.index()] {
                if vb == b {
                    return true;
                }
                continue;
            }
            if let Some((op, _)) = self.def_op(v) {
                stack.extend(op.operands.iter().map(|&o| self.r(o)));
            }
        }
        false
    }

    /// Computes each of `values` that reads buffer `b` into a fresh arena buffer of its
    /// own, so that a kernel writing `b` in place reads none of what it writes; returns
    /// the values so placed with their former buffers, which [`Lowerer::unstage`] gives
    /// back once the kernel is built.
    pub(crate) fn stage(
        &mut self,
        values: &[ValueId],
        b: BufRef,
    ) -> Result<Vec<(ValueId, Option<BufRef>)>, Diagnostic> {
        let mut staged: Vec<(ValueId, Option<BufRef>)> = Vec::new();
        for &v in values {
            let v = self.r(v);
            if staged.iter().any(|s| s.0 == v) || !self.reads_buffer(v, b) {
                continue;
            }
            let ty = self.ty(v);
            let tmp = self.new_arena(ty.byte_size());
            write_value(self, v, tmp)?;
            staged.push((v, self.buf[v.index()]));
            self.buf.set(v, Some(tmp));
        }
        Ok(staged)
    }

    /// Undoes [`Lowerer::stage`].
    pub(crate) fn unstage(&mut self, staged: &[(ValueId, Option<BufRef>)]) {
        for &(v, b) in staged {
            self.buf.set(v, b);
        }
    }
}

/// A kernel writing value `v` (materialized or fused) into `dst`, over `v`'s shape.
pub(crate) fn write_value(lw: &mut Lowerer, v: ValueId, dst: BufRef) -> Result<(), Diagnostic> {
    let ty = lw.ty(v);
    if ty.num_elements() == 0 {
        return Ok(());
    }
    let mut kb = KernelBuilder::new(lw);
    let mut body = Body::default();
    kb.set_top(&body);
    let idx = domain_index(&mut body, ty.rank());
    let x = kb.value_at(&mut body, v, &idx)?;
    let out = kb.bind_write(dst, ty);
    body.push(
        Node::Store {
            buffer: out,
            index: idx,
            value: x,
        },
        ty.dtype,
    );
    let (k, bindings) = kb.finish("copy", ty.shape.clone(), body);
    lw.push_kernel(k, bindings);
    Ok(())
}

/// The result of `op` starts as operand `k`'s value: nothing to do when it was placed in
/// that operand's buffer ([`Lowerer::in_place_buffer`]), else a `Copy` step from the
/// operand's buffer, or a kernel computing a fused operand straight into it.
pub(crate) fn write_base(lw: &mut Lowerer, op: &Op, k: usize) -> Result<(), Diagnostic> {
    let r = op.results[k];
    let dst = lw.buf[r.index()].expect("materialized results are placed");
    let x = lw.r(op.operands[k]);
    match lw.buf[x.index()] {
        Some(src) if src == dst => Ok(()),
        Some(src) if src.size == dst.size => {
            if dst.size > 0 {
                lw.steps.push(Step::Copy { src, dst });
            }
            Ok(())
        }
        _ => write_value(lw, x, dst),
    }
}

/// `dynamic_update_slice` into a buffer: the result starts as the operand (in place, or
/// copied once), then one kernel over the update's shape stores it at the clamped start.
pub(crate) fn lower_dynamic_update_slice(lw: &mut Lowerer, op: &Op) -> Result<(), Diagnostic> {
    let r = op.results[0];
    let dst = lw.buf[r.index()].expect("materialized results are placed");
    let ut = lw.ty(op.operands[1]).clone();
    let xt = lw.ty(op.operands[0]).clone();
    // What the update kernel reads must not be what it writes.
    let in_place = lw.buf[lw.r(op.operands[0]).index()] == Some(dst);
    let staged = if in_place {
        lw.stage(&op.operands[1..], dst)?
    } else {
        Vec::new()
    };
    write_base(lw, op, 0)?;
    let result = update_kernel(lw, op, dst, &xt, &ut);
    lw.unstage(&staged);
    result
}

fn update_kernel(
    lw: &mut Lowerer,
    op: &Op,
    dst: BufRef,
    xt: &TensorType,
    ut: &TensorType,
) -> Result<(), Diagnostic> {
    if ut.num_elements() == 0 {
        return Ok(());
    }
    let mut kb = KernelBuilder::new(lw);
    let mut body = Body::default();
    kb.set_top(&body);
    let idx = domain_index(&mut body, ut.rank());
    let mut at = Vec::with_capacity(idx.len());
    for (d, &i) in idx.iter().enumerate() {
        let s = kb.value_at(&mut body, op.operands[2 + d], &[])?;
        let s = convert(&mut body, s, DType::I64);
        let s = iclamp(&mut body, s, 0, (xt.shape[d] - ut.shape[d]).max(0));
        at.push(ibin(&mut body, BinaryOp::Add, s, i));
    }
    let u = kb.value_at(&mut body, op.operands[1], &idx)?;
    let out = kb.bind_write(dst, xt);
    body.push(
        Node::Store {
            buffer: out,
            index: at,
            value: u,
        },
        xt.dtype,
    );
    let (k, bindings) = kb.finish("dynamic_update_slice", ut.shape.clone(), body);
    lw.push_kernel(k, bindings);
    Ok(())
}

/// A kernel computing `v` into its buffer that also reads that buffer (`v` placed in a
/// loop's carried buffer whose argument its own kernel reads last, see
/// [`Lowerer::yield_buffer`]): if every such read is of the element the point writes,
/// the reads go through the written binding (codegen keeps the old values until it
/// stores them); otherwise `v` moves to a buffer of its own, and the loop copies it
/// back.
pub(crate) fn settle_in_place(
    lw: &mut Lowerer,
    v: ValueId,
    k: &mut Kernel,
    bindings: &mut Vec<BufRef>,
) {
    let Some(w) = (0..k.buffers.len()).find(|&i| k.buffers[i].writable) else {
        return;
    };
    let dst = bindings[w];
    let readers: Vec<usize> = (0..bindings.len())
        .filter(|&i| i != w && bindings[i] == dst)
        .collect();
    if readers.is_empty() {
        return;
    }
    let stores: Vec<&Vec<NodeId>> = k
        .body
        .nodes
        .iter()
        .filter_map(|n| match n {
            Node::Store { buffer, index, .. } if *buffer == w => Some(index),
            _ => None,
        })
        .collect();
    // Every read of the buffer is a top-level load of the element the point stores.
    fn nested_free(body: &Body, readers: &[usize]) -> bool {
        body.nodes.iter().all(|n| match n {
            Node::Load { buffer, .. } => !readers.contains(buffer),
            Node::Reduce { body, .. } => nested_free(body, readers),
            _ => true,
        })
    }
    let top_ok = k.body.nodes.iter().all(|n| match n {
        Node::Load { buffer, index } => {
            !readers.contains(buffer)
                || k.buffers[*buffer].shape == k.buffers[w].shape
                    && stores.len() == 1
                    && stores[0] == index
        }
        Node::Reduce { body, .. } => nested_free(body, &readers),
        _ => true,
    });
    if top_ok {
        for n in &mut k.body.nodes {
            if let Node::Load { buffer, .. } = n
                && readers.contains(buffer)
            {
                *buffer = w;
            }
        }
        remove_bindings(k, bindings, &readers);
        return;
    }
    // `v` and the reshapes viewing it move to a buffer of their own.
    let own = lw.new_arena(dst.size);
    bindings[w] = own;
    let movers: Vec<ValueId> = (lw.buf.members(dst).iter().copied())
        .filter(|&i| i == v || views(lw, i, v))
        .collect();
    for i in movers {
        lw.buf.set(i, Some(own));
    }
}

/// Whether `x` is a reshape (through reshapes) viewing `v`'s buffer.
fn views(lw: &Lowerer, mut x: ValueId, v: ValueId) -> bool {
    while let Some(src) = lw.view_of[x.index()] {
        if src == v {
            return true;
        }
        x = src;
    }
    false
}

/// Drops bindings `gone` (unused by `k`'s nodes), renumbering the others.
fn remove_bindings(k: &mut Kernel, bindings: &mut Vec<BufRef>, gone: &[usize]) {
    let map: Vec<usize> = (0..bindings.len())
        .map(|i| i - gone.iter().filter(|&&g| g < i).count())
        .collect();
    fn renumber(body: &mut Body, map: &[usize]) {
        for n in &mut body.nodes {
            match n {
                Node::Load { buffer, .. } | Node::Store { buffer, .. } => *buffer = map[*buffer],
                Node::Reduce { body, .. } => renumber(body, map),
                _ => {}
            }
        }
    }
    renumber(&mut k.body, &map);
    let keep: Vec<bool> = (0..bindings.len()).map(|i| !gone.contains(&i)).collect();
    let mut i = 0;
    k.buffers.retain(|_| {
        i += 1;
        keep[i - 1]
    });
    let mut i = 0;
    bindings.retain(|_| {
        i += 1;
        keep[i - 1]
    });
}
