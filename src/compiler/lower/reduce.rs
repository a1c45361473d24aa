//! `reduce`, `reduce_window` and integer `dot_general`: kernels over the result shape
//! whose body is a [`Node::Reduce`] loop.

use super::Lowerer;
use super::builder::{KernelBuilder, and1, domain_index, iadd_c, iclamp, icmp, imul_c, select};
use super::elementwise::emit_scalar;
use super::kir::{Body, Node, NodeId};
use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::{
    BinaryOp, CompareDirection, DType, Op, Opcode, Region, ValueId, WindowAttrs,
};
use rustc_hash::FxHashMap as HashMap;

/// Translates reducer region `region` (scalar ops on 0-d tensors) into `body`, with its
/// first `accs.len()` arguments bound to `accs` and the rest to `elems`. Returns the
/// yielded nodes.
pub fn translate_reducer(
    lw: &Lowerer,
    op: &Op,
    region: &Region,
    accs: &[NodeId],
    elems: &[NodeId],
    body: &mut Body,
) -> Result<Vec<NodeId>, Diagnostic> {
    let mut map: HashMap<ValueId, NodeId> = HashMap::default();
    if region.args.len() != accs.len() + elems.len() {
        return Err(Diagnostic::at(
            &op.loc,
            "unsupported: reducer with an unexpected number of arguments",
        ));
    }
    for (i, &a) in region.args.iter().enumerate() {
        map.insert(
            a,
            if i < accs.len() {
                accs[i]
            } else {
                elems[i - accs.len()]
            },
        );
    }
    for rop in &region.ops {
        let mut args = Vec::with_capacity(rop.operands.len());
        for o in &rop.operands {
            let n = match map.get(o) {
                Some(&n) => n,
                // Serializers may hoist a region's scalar constants out of it.
                None => outer_constant(lw, *o, body).ok_or_else(|| {
                    Diagnostic::at(
                        &rop.loc,
                        "unsupported: reducer body uses a value from outside its region",
                    )
                })??,
            };
            map.insert(*o, n);
            args.push(n);
        }
        if !rop.regions.is_empty() || rop.results.is_empty() {
            return Err(Diagnostic::at(
                &rop.loc,
                format!("unsupported: {} in a reduction body", rop.opcode.name()),
            ));
        }
        if rop.results.iter().any(|&r| lw.ty(r).num_elements() != 1) {
            return Err(Diagnostic::at(
                &rop.loc,
                "unsupported: non-scalar value in a reduction body",
            ));
        }
        if let Opcode::OptimizationBarrier = rop.opcode {
            for (r, &a) in rop.results.iter().zip(&args) {
                map.insert(*r, a);
            }
            continue;
        }
        if rop.results.len() != 1 {
            return Err(Diagnostic::at(
                &rop.loc,
                format!("unsupported: {} in a reduction body", rop.opcode.name()),
            ));
        }
        let n = emit_scalar(body, rop, &args, lw.ty(rop.results[0]).dtype)?;
        map.insert(rop.results[0], n);
    }
    region
        .yields
        .iter()
        .map(|y| match map.get(y) {
            Some(&n) => Ok(n),
            None => outer_constant(lw, *y, body).unwrap_or_else(|| {
                Err(Diagnostic::at(
                    &region.yield_loc,
                    "unsupported: reducer yields an outer value",
                ))
            }),
        })
        .collect()
}

/// `v` as a constant node if it is a splat constant defined outside the region.
fn outer_constant(lw: &Lowerer, v: ValueId, body: &mut Body) -> Option<Result<NodeId, Diagnostic>> {
    let (op, _) = lw.def_op(v)?;
    match &op.opcode {
        Opcode::Constant(l) if l.ty.num_elements() >= 1 && l.is_splat() => {
            Some(emit_scalar(body, op, &[], l.ty.dtype))
        }
        _ => None,
    }
}

/// Pushes the reduce node and stores each of its results at `idx` into the op's buffers.
fn store_results(kb: &mut KernelBuilder, body: &mut Body, op: &Op, red: NodeId, idx: &[NodeId]) {
    let vals: Vec<NodeId> = (0..op.results.len())
        .map(|k| {
            if k == 0 {
                red
            } else {
                body.push(
                    Node::ReduceResult { reduce: red, k },
                    kb.lw.ty(op.results[k]).dtype,
                )
            }
        })
        .collect();
    store_values(kb, body, op, &vals, idx);
}

/// Stores `vals[k]` as result `k` of `op` at `idx`.
fn store_values(kb: &mut KernelBuilder, body: &mut Body, op: &Op, vals: &[NodeId], idx: &[NodeId]) {
    for (&r, &val) in op.results.iter().zip(vals) {
        let ty = kb.lw.ty(r);
        // Results nothing reads have no buffer.
        let Some(b) = kb.lw.buf[r.index()] else {
            continue;
        };
        let buffer = kb.bind_write(b, ty);
        body.push(
            Node::Store {
                buffer,
                index: idx.to_vec(),
                value: val,
            },
            ty.dtype,
        );
    }
}

fn region0(op: &Op) -> Result<&Region, Diagnostic> {
    op.regions
        .first()
        .ok_or_else(|| Diagnostic::at(&op.loc, "reduction without a body"))
}

pub(crate) fn lower_reduce(lw: &mut Lowerer, op: &Op) -> Result<(), Diagnostic> {
    let out_ty = lw.ty(op.results[0]);
    let mut kb = KernelBuilder::new(lw);
    let mut body = Body::default();
    kb.set_top(&body);
    let idx = domain_index(&mut body, out_ty.rank());
    let red = kb.reduce_node(&mut body, op, &idx)?;
    store_results(&mut kb, &mut body, op, red, &idx);
    let (k, bindings) = kb.finish("reduce", out_ty.shape.clone(), body);
    lw.push_kernel(k, bindings);
    Ok(())
}

fn acc_nodes(inner: &mut Body, outer: &Body, inits: &[NodeId]) -> Vec<NodeId> {
    (0..inits.len())
        .map(|k| inner.push(Node::Acc(k), outer.ty(inits[k])))
        .collect()
}

/// Is reducer `region` (with `n` accumulators) `max`, `min`, `and` or `or` of its two
/// arguments? Then folding an element twice changes nothing, so a padded position of a
/// window that also holds the nearest real element (every window holds one along a
/// dimension whose windows all meet the input, without dilation) may read that element
/// instead of the init: no select per position (a SAME max pool's border).
fn idempotent(region: &Region, n: usize) -> bool {
    let ([a, b], [op], [y]) = (&region.args[..], &region.ops[..], &region.yields[..]) else {
        return false;
    };
    n == 1
        && matches!(
            op.opcode,
            Opcode::Binary(BinaryOp::Max | BinaryOp::Min | BinaryOp::And | BinaryOp::Or)
        )
        && op.results[..] == [*y]
        && (op.operands[..] == [*a, *b] || op.operands[..] == [*b, *a])
}

/// Windows of at most this many positions are unrolled into the kernel body.
const UNROLL_WINDOW_MAX: i64 = 16;

/// The input coordinate read at position `p` of one dimension of the padded,
/// base-dilated input (`bd`: base dilation, `size`: input extent), where `p` ranges over
/// `[min_p, max_p]` across the kernel's points, and the condition that it is a real
/// element (`None`: always) rather than padding or a dilation hole, in which case the
/// returned coordinate is clamped in bounds and the value must be replaced by the init.
fn window_coord(
    body: &mut Body,
    p: NodeId,
    bd: i64,
    size: i64,
    min_p: i64,
    max_p: i64,
) -> (NodeId, Option<NodeId>) {
    let dilated = (size - 1) * bd + 1;
    if bd == 1 && min_p >= 0 && max_p < dilated {
        return (p, None);
    }
    let src = if bd == 1 {
        p
    } else {
        let c = body.index_const(bd);
        super::builder::ibin(body, BinaryOp::Div, p, c)
    };
    let zero = body.index_const(0);
    let mut ok = icmp(body, CompareDirection::Ge, p, zero);
    let dn = body.index_const(dilated);
    let lt = icmp(body, CompareDirection::Lt, p, dn);
    ok = and1(body, ok, lt);
    if bd > 1 {
        let c = body.index_const(bd);
        let r = super::builder::ibin(body, BinaryOp::Rem, p, c);
        let z = icmp(body, CompareDirection::Eq, r, zero);
        ok = and1(body, ok, z);
    }
    (iclamp(body, src, 0, size - 1), Some(ok))
}

pub(crate) fn lower_reduce_window(lw: &mut Lowerer, op: &Op) -> Result<(), Diagnostic> {
    let Opcode::ReduceWindow(w) = &op.opcode else {
        unreachable!()
    };
    if let Some(s) = super::scan::scan_of(lw, op) {
        return super::scan::lower_scan(lw, op, s);
    }
    let n = op.operands.len() / 2;
    let in_ty = lw.ty(op.operands[0]);
    let out_ty = lw.ty(op.results[0]);
    let region = region0(op)?;
    let rank = in_ty.rank();
    let WindowAttrs {
        window_dimensions,
        window_strides,
        base_dilations,
        window_dilations,
        padding,
    } = &**w;

    let mut kb = KernelBuilder::new(lw);
    let mut body = Body::default();
    let idx = domain_index(&mut body, rank);
    let mut inits = Vec::with_capacity(n);
    for k in 0..n {
        inits.push(kb.value_at(&mut body, op.operands[n + k], &[])?);
    }
    let empty = in_ty.num_elements() == 0;
    // Dimensions whose padding may be read as the nearest element instead (`clamped`).
    let clamped: Vec<bool> = (0..rank)
        .map(|d| {
            idempotent(region, n)
                && base_dilations[d] == 1
                && window_dilations[d] == 1
                && (out_ty.shape[d] - 1) * window_strides[d] - padding[d].0 < in_ty.shape[d]
                && window_dimensions[d] - 1 - padding[d].0 >= 0
        })
        .collect();
    let window_len = window_dimensions
        .iter()
        .try_fold(1i64, |a, &d| a.checked_mul(d));
    if !empty && matches!(window_len, Some(l) if (1..=UNROLL_WINDOW_MAX).contains(&l)) {
        // A small window (max-pool 2x2): its positions unrolled into the point's body,
        // which then vectorizes along the innermost dimension like an elementwise kernel
        // (a nested reduce loop of 4 does not). Same order of application as the loop.
        let mut accs = inits.clone();
        let mut wpos = vec![0i64; rank];
        for _ in 0..window_len.unwrap_or(0) {
            let mut valid: Option<NodeId> = None;
            let mut iidx = Vec::with_capacity(rank);
            for d in 0..rank {
                let off = wpos[d] * window_dilations[d] - padding[d].0;
                let p = imul_c(&mut body, idx[d], window_strides[d]);
                let p = iadd_c(&mut body, p, off);
                let max_p = (out_ty.shape[d] - 1) * window_strides[d] + off;
                let (bd, size) = (base_dilations[d], in_ty.shape[d]);
                let (src, ok) = window_coord(&mut body, p, bd, size, off, max_p);
                if let Some(ok) = ok.filter(|_| !clamped[d]) {
                    valid = Some(match valid {
                        Some(v) => and1(&mut body, v, ok),
                        None => ok,
                    });
                }
                iidx.push(src);
            }
            let mut elems = Vec::with_capacity(n);
            for (k, &init) in inits.iter().enumerate() {
                let x = kb.value_at(&mut body, op.operands[k], &iidx)?;
                elems.push(match valid {
                    Some(c) => select(&mut body, c, x, init),
                    None => x,
                });
            }
            accs = translate_reducer(kb.lw, op, region, &accs, &elems, &mut body)?;
            // Next window position, last dimension fastest (the loop's order).
            for d in (0..rank).rev() {
                wpos[d] += 1;
                if wpos[d] < window_dimensions[d] {
                    break;
                }
                wpos[d] = 0;
            }
        }
        store_values(&mut kb, &mut body, op, &accs, &idx);
        let (k, bindings) = kb.finish("reduce_window", out_ty.shape.clone(), body);
        lw.push_kernel(k, bindings);
        return Ok(());
    }
    let mut inner = Body::default();
    let accs = acc_nodes(&mut inner, &body, &inits);
    let inner_inits: Vec<NodeId> = inits
        .iter()
        .map(|&i| inner.push(Node::Outer(i), body.ty(i)))
        .collect();
    let mut valid: Option<NodeId> = None;
    let mut iidx = Vec::with_capacity(rank);
    for d in 0..rank {
        let (lo, bd, size) = (padding[d].0, base_dilations[d], in_ty.shape[d]);
        let o = inner.push(Node::Outer(idx[d]), DType::I64);
        let wi = inner.push(Node::Index(d), DType::I64);
        // Position in the padded, base-dilated input.
        let a = imul_c(&mut inner, o, window_strides[d]);
        let b = imul_c(&mut inner, wi, window_dilations[d]);
        let p = super::builder::ibin(&mut inner, BinaryOp::Add, a, b);
        let p = iadd_c(&mut inner, p, -lo);
        let max_p = (out_ty.shape[d] - 1) * window_strides[d]
            + (window_dimensions[d] - 1) * window_dilations[d]
            - lo;
        if empty {
            iidx.push(p);
            continue;
        }
        let (src, ok) = window_coord(&mut inner, p, bd, size, -lo, max_p);
        if let Some(ok) = ok.filter(|_| !clamped[d]) {
            valid = Some(match valid {
                Some(v) => and1(&mut inner, v, ok),
                None => ok,
            });
        }
        iidx.push(src);
    }
    let mut elems = Vec::with_capacity(n);
    for (k, &init) in inner_inits.iter().enumerate() {
        // Padded (or dilation-hole) positions contribute the init value.
        elems.push(if empty {
            init
        } else {
            let x = kb.value_at(&mut inner, op.operands[k], &iidx)?;
            match valid {
                Some(c) => select(&mut inner, c, x, init),
                None => x,
            }
        });
    }
    inner.yields = translate_reducer(kb.lw, op, region, &accs, &elems, &mut inner)?;
    inner.elems = elems;
    let ty0 = body.ty(inits[0]);
    let red = body.push(
        Node::Reduce {
            extents: window_dimensions.clone(),
            inits,
            body: Box::new(inner),
        },
        ty0,
    );
    store_results(&mut kb, &mut body, op, red, &idx);
    let (k, bindings) = kb.finish("reduce_window", out_ty.shape.clone(), body);
    lw.push_kernel(k, bindings);
    Ok(())
}
