//! The innermost loop in tiles around array math calls.
//!
//! Cranelift's widest vectors on x86_64 are f32x4, while the runtime's array math
//! routines (`pjrt_rt_*_f32_array_v1`) run eight lanes with AVX2 and give the same bits
//! as the inline f32x4 code. A kernel whose innermost loop computes such a function runs
//! that loop in tiles of up to [`TILE`] points: per tile, a phase computes each function's
//! argument into a stack buffer, one call replaces the buffer by the function's values,
//! and the last phase evaluates the rest of the body reading them back. Functions whose
//! arguments need other functions' values come in later phases. The buffers stay in L1,
//! so the extra stores and loads cost far less than the narrower math they replace
//! (softmax's exp pass: see docs/ARCHITECTURE.md).

use super::{Class, Emitter, Pre, operands, unroll_factor_of};
use crate::compiler::codegen::scalar::R;
use crate::compiler::ir::{DType, UnaryOp};
use crate::compiler::lower::kir::{Kernel, Node};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{
    InstBuilder, MemFlagsData, StackSlot, StackSlotData, StackSlotKind, Value, types,
};

/// Points per tile: 1 KiB per buffer.
const TILE: i64 = 256;

/// Rows shorter than this stay inline: a call and its spills cost about as much as the
/// narrower math on this many points.
const MIN_ROW: i64 = 32;

/// One function applied through an array call.
#[derive(Clone, Debug)]
struct Call {
    /// The unary node it computes and that node's operand.
    node: usize,
    arg: usize,
    import: &'static str,
    /// The store node that is this value's only use, if it writes it contiguously to an
    /// f32 buffer: then the argument goes straight to the output, the call runs there,
    /// and the store is not emitted. (Points are independent and outputs never alias the
    /// kernel's inputs, so the output region holds nothing anyone reads meanwhile.)
    direct: Option<usize>,
}

/// How a kernel's innermost loop runs in tiles.
#[derive(Debug)]
pub(super) struct TilePlan {
    calls: Vec<Call>,
    /// The phases of a tile, in order; the last one computes no call's argument but
    /// the kernel's remaining stores (absent when every store is direct).
    phases: Vec<Phase>,
    /// The nodes that give the direct calls' store indices.
    direct_index: Option<Vec<bool>>,
}

/// One loop over a tile's points.
#[derive(Debug)]
struct Phase {
    /// Calls whose arguments it computes (and then runs).
    calls: Vec<usize>,
    /// Calls whose values it reads back.
    reads: Vec<usize>,
    /// The nodes it computes (the others are hoisted, read back, or not needed).
    need: Vec<bool>,
    /// Vectors per iteration.
    unroll: i64,
}

/// The array import computing `op` on f32, if there is one.
fn array_import(op: UnaryOp) -> Option<&'static str> {
    Some(match op {
        UnaryOp::Exp => "pjrt_rt_exp_f32_array_v1",
        UnaryOp::Tanh => "pjrt_rt_tanh_f32_array_v1",
        UnaryOp::Logistic => "pjrt_rt_logistic_f32_array_v1",
        UnaryOp::Sin => "pjrt_rt_sin_f32_array_v1",
        UnaryOp::Cos => "pjrt_rt_cos_f32_array_v1",
        _ => return None,
    })
}

/// The tile plan of kernel `k` whose top-level nodes have classes `cls` (its innermost
/// loop vectorizes) and of which `hoist` are computed before that loop; `None` when no
/// node per point is an f32 function with an array import, or the row is short, or a
/// phase needs a reduction per point (which two phases would compute twice).
pub(super) fn plan(k: &Kernel, cls: &[Class], hoist: Option<&[bool]>) -> Option<TilePlan> {
    let body = &k.body;
    if *k.domain.last()? < MIN_ROW {
        return None;
    }
    let hoisted = |i: usize| hoist.is_some_and(|h| h[i]);
    let mut uses = vec![0usize; body.nodes.len()];
    for n in &body.nodes {
        for o in operands(n) {
            uses[o.index()] += 1;
        }
    }
    let mut calls = Vec::new();
    let mut call_of = vec![None; body.nodes.len()];
    for (i, node) in body.nodes.iter().enumerate() {
        if let Node::Unary { op, x } = node
            && cls[i] == Class::Vector
            && !hoisted(i)
            && body.types[i] == DType::F32
            && let Some(import) = array_import(*op)
        {
            call_of[i] = Some(calls.len());
            calls.push(Call {
                node: i,
                arg: x.index(),
                import,
                direct: None,
            });
        }
    }
    if calls.is_empty() {
        return None;
    }
    for (s, node) in body.nodes.iter().enumerate() {
        if let Node::Store {
            buffer,
            index,
            value,
        } = node
            && let Some(c) = call_of[value.index()]
            && uses[value.index()] == 1
            && k.buffers[*buffer].dtype == DType::F32
            && super::contiguous(index, cls)
        {
            calls[c].direct = Some(s);
        }
    }
    // Phase of each node: the number of calls on its longest operand path.
    let mut depth = vec![0usize; body.nodes.len()];
    for (i, node) in body.nodes.iter().enumerate() {
        if hoisted(i) {
            continue;
        }
        let d = operands(node)
            .iter()
            .map(|o| depth[o.index()])
            .max()
            .unwrap_or(0);
        depth[i] = d + usize::from(call_of[i].is_some());
    }
    let nphases = calls.iter().map(|c| depth[c.arg]).max()? + 1;
    let mut phases = Vec::with_capacity(nphases + 1);
    for p in 0..nphases {
        let mine: Vec<usize> = (0..calls.len())
            .filter(|&c| depth[calls[c].arg] == p)
            .collect();
        // The arguments, and for direct calls the store's indices.
        let roots = mine.iter().flat_map(|&c| {
            let store_index = match calls[c].direct.map(|s| &body.nodes[s]) {
                Some(Node::Store { index, .. }) => index.clone(),
                _ => Vec::new(),
            };
            std::iter::once(calls[c].arg).chain(store_index.into_iter().map(|n| n.index()))
        });
        let (need, reads) = closure(k, roots.collect(), &hoisted, &call_of)?;
        phases.push(Phase {
            unroll: unroll_factor_of(body, |i| need[i] && call_of[i].is_none()),
            calls: mine,
            reads,
            need,
        });
    }
    let direct: Vec<usize> = calls.iter().filter_map(|c| c.direct).collect();
    let stores: Vec<usize> = (0..body.nodes.len())
        .filter(|&s| matches!(body.nodes[s], Node::Store { .. }) && !direct.contains(&s))
        .collect();
    if !stores.is_empty() {
        let (need, reads) = closure(k, stores, &hoisted, &call_of)?;
        phases.push(Phase {
            unroll: unroll_factor_of(body, |i| need[i] && call_of[i].is_none()),
            calls: Vec::new(),
            reads,
            need,
        });
    }
    let direct_index = if direct.is_empty() {
        None
    } else {
        let roots = direct.iter().flat_map(|&s| match &body.nodes[s] {
            Node::Store { index, .. } => index.iter().map(|n| n.index()).collect(),
            _ => Vec::new(),
        });
        Some(closure(k, roots.collect(), &hoisted, &call_of)?.0)
    };
    Some(TilePlan {
        calls,
        phases,
        direct_index,
    })
}

/// The nodes `roots` need (themselves included), back to hoisted nodes and calls, and
/// the calls they read; `None` if that includes a reduction.
fn closure(
    k: &Kernel,
    roots: Vec<usize>,
    hoisted: &impl Fn(usize) -> bool,
    call_of: &[Option<usize>],
) -> Option<(Vec<bool>, Vec<usize>)> {
    let body = &k.body;
    let mut need = vec![false; body.nodes.len()];
    let mut reads = Vec::new();
    let mut stack = roots;
    while let Some(i) = stack.pop() {
        if need[i] || hoisted(i) {
            continue;
        }
        if let Some(c) = call_of[i] {
            if !reads.contains(&c) {
                reads.push(c);
            }
            continue;
        }
        if matches!(
            body.nodes[i],
            Node::Reduce { .. } | Node::ReduceResult { .. }
        ) {
            return None;
        }
        need[i] = true;
        stack.extend(operands(&body.nodes[i]).iter().map(|o| o.index()));
    }
    Some((need, reads))
}

impl Emitter<'_, '_> {
    /// The innermost loop over `[lo, hi)` in tiles by `plan`; `hoisted` as in `nest`.
    pub(super) fn tiled_row(
        &mut self,
        plan: &TilePlan,
        lo: Value,
        hi: Value,
        coords: &mut Vec<Value>,
        hoisted: &[Option<Value>],
    ) -> R<()> {
        let slots: Vec<Option<StackSlot>> = plan
            .calls
            .iter()
            .map(|c| {
                c.direct.is_none().then(|| {
                    self.cx.b.create_sized_stack_slot(StackSlotData::new(
                        StackSlotKind::ExplicitSlot,
                        (TILE * 4) as u32,
                        4, // 16 bytes
                    ))
                })
            })
            .collect();
        // for (t = lo; t < hi; t = end) { end = min(t + TILE, hi); tile(t, end) }
        let b = &mut *self.cx.b;
        let header = b.create_block();
        let body_blk = b.create_block();
        let exit = b.create_block();
        b.append_block_param(header, types::I64);
        b.ins().jump(header, &[lo.into()]);
        b.switch_to_block(header);
        let t = b.block_params(header)[0];
        let go = b.ins().icmp(IntCC::SignedLessThan, t, hi);
        b.ins().brif(go, body_blk, &[], exit, &[]);
        b.switch_to_block(body_blk);
        let end = b.ins().iadd_imm_s(t, TILE);
        let end = b.ins().smin(end, hi);
        self.tile(plan, &slots, t, end, coords, hoisted)?;
        let b = &mut *self.cx.b;
        b.ins().jump(header, &[end.into()]);
        b.switch_to_block(exit);
        Ok(())
    }

    /// One tile, the points `[lo, hi)` (at most `TILE`).
    fn tile(
        &mut self,
        plan: &TilePlan,
        slots: &[Option<StackSlot>],
        lo: Value,
        hi: Value,
        coords: &mut Vec<Value>,
        hoisted: &[Option<Value>],
    ) -> R<()> {
        let k = self.k;
        // Where each call's values go: its output row (direct) or its stack buffer.
        let at_lo = match &plan.direct_index {
            Some(need) => {
                coords.push(lo);
                let v = self.eval_body(
                    &k.body,
                    coords,
                    &[],
                    &[],
                    None,
                    Pre::Use(hoisted, Some(need)),
                )?;
                coords.pop();
                v
            }
            None => Vec::new(),
        };
        let mut bufs = Vec::with_capacity(plan.calls.len());
        for (c, &slot) in plan.calls.iter().zip(slots) {
            bufs.push(match (c.direct.map(|s| &k.body.nodes[s]), slot) {
                (Some(Node::Store { buffer, index, .. }), _) => {
                    let idx: Vec<Value> = index.iter().map(|n| at_lo[n.index()]).collect();
                    self.address(*buffer, &idx)
                }
                (_, Some(slot)) => self.cx.b.ins().stack_addr(types::I64, slot, 0),
                _ => return Err("tile call without a buffer".into()),
            });
        }
        for phase in &plan.phases {
            self.point_loops(lo, hi, phase.unroll, &mut |em, i, vector| {
                let ty = if vector { types::F32X4 } else { types::F32 };
                let flags = MemFlagsData::trusted();
                let at = em.cx.b.ins().isub(i, lo);
                let at = em.cx.b.ins().ishl_imm_u(at, 2);
                let mut given: Vec<Option<Value>> = hoisted.to_vec();
                given.resize(k.body.nodes.len(), None);
                for &c in &phase.reads {
                    let addr = em.cx.b.ins().iadd(bufs[c], at);
                    given[plan.calls[c].node] = Some(em.cx.b.ins().load(ty, flags, addr, 0));
                }
                coords.push(i);
                let cls = if vector { em.classes.clone() } else { None };
                let vals = em.eval_body(
                    &k.body,
                    coords,
                    &[],
                    &[],
                    cls.as_deref(),
                    Pre::Use(&given, Some(&phase.need)),
                )?;
                coords.pop();
                for &c in &phase.calls {
                    let addr = em.cx.b.ins().iadd(bufs[c], at);
                    em.cx.b.ins().store(flags, vals[plan.calls[c].arg], addr, 0);
                }
                Ok(())
            })?;
            if !phase.calls.is_empty() {
                let n = self.cx.b.ins().isub(hi, lo);
                for &c in &phase.calls {
                    self.cx.call_void(plan.calls[c].import, &[bufs[c], n])?;
                }
            }
        }
        Ok(())
    }
}
