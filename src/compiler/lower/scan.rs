//! `reduce_window` as a scan: a window that covers a whole axis as a prefix or a suffix.
//!
//! JAX lowers `cumsum`, `cumprod`, `cummax` and `cummin` on CPU to a `reduce_window`
//! whose window along the scanned axis is at least
//! as long as the axis, padded by `window - 1` on the low side (a prefix: output `i` folds
//! elements `0..=i`) or the high side (`reverse=True`, a suffix: `i..n`), and 1 along every
//! other axis. Run as written, each output folds its whole window: O(n^2) per line. As a
//! scan it is one pass: a kernel over the other axes (the lines) whose body is one
//! [`Node::Reduce`] loop along the axis carrying the accumulators and storing them at
//! every step (a reduce body with stores; codegen runs lines side by side in lanes).
//!
//! Exactness. The reference folds each window in order from the init, padding positions
//! contributing the init: output `i` of a prefix is `init ⊕ init ⊕ ... ⊕ x0 ⊕ ... ⊕ xi`.
//! When `init ⊕ init == init` (checked by evaluating the reducer on the constant init),
//! that is exactly the running fold `acc_i = acc_{i-1} ⊕ x_i` from `acc_{-1} = init`, for
//! any reducer body: the same operations in the same order, so prefix scans give the
//! reference's bits. A suffix `init ⊕ x_i ⊕ ... ⊕ x_{n-1} ⊕ init ⊕ ...` runs right to left
//! as `acc_i = x_i ⊕ acc_{i+1}` from `acc_n = init`, which needs the reducer to be
//! associative: only bodies that apply one of add, multiply, max, min, and, or, xor to
//! each accumulator and its element qualify. For integers, booleans, max and min that is
//! exact; float sums and products are reassociated (they differ from the reference by
//! rounding, as any other summation order would).

use super::Lowerer;
use super::builder::{KernelBuilder, domain_index, ibin};
use super::kir::{Body, Node, NodeId};
use super::reduce::translate_reducer;
use crate::compiler::diag::Diagnostic;
use crate::compiler::eval::eval_region_literals;
use crate::compiler::ir::{BinaryOp, DType, Literal, Op, Opcode, Region, TensorType, WindowAttrs};

/// The scan a `reduce_window` computes: along `axis`, from the end when `reverse`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Scan {
    pub axis: usize,
    pub reverse: bool,
}

/// The scan `op` is, if it is a `reduce_window` of that shape (see the module docs).
pub(crate) fn scan_of(lw: &Lowerer, op: &Op) -> Option<Scan> {
    let Opcode::ReduceWindow(w) = &op.opcode else {
        return None;
    };
    let n = op.operands.len() / 2;
    if n == 0 || op.results.len() != n {
        return None;
    }
    let shape = &lw.ty(op.operands[0]).shape;
    if shape.iter().any(|&e| e <= 0) || op.results.iter().any(|&r| lw.ty(r).shape != *shape) {
        return None;
    }
    let scan = scan_axis(w, shape)?;
    let region = op.regions.first()?;
    // The init must be a constant the reducer leaves unchanged when applied to itself.
    let mut inits = Vec::with_capacity(n);
    for &v in &op.operands[n..] {
        let (def, _) = lw.def_op(v)?;
        let Opcode::Constant(lit) = &def.opcode else {
            return None;
        };
        if !lit.is_splat() || lit.bytes.is_empty() {
            return None;
        }
        let dt = lit.ty.dtype;
        let bytes = lit.element_bits(0).to_le_bytes()[..dt.size()].to_vec();
        inits.push(Literal::new(TensorType::scalar(dt), bytes));
    }
    let args: Vec<Literal> = inits.iter().chain(&inits).cloned().collect();
    let twice = eval_region_literals(lw.func, region, &args).ok()?;
    if twice.len() != n || twice.iter().zip(&inits).any(|(a, b)| a.bytes != b.bytes) {
        return None;
    }
    if scan.reverse && !associative(region, n) {
        return None;
    }
    Some(scan)
}

/// The scanned axis of window `w` over an input of `shape`: every other axis has a window
/// of one without padding; along it the window spans the axis, padded on one side only.
fn scan_axis(w: &WindowAttrs, shape: &[i64]) -> Option<Scan> {
    let mut found = None;
    for (d, &len) in shape.iter().enumerate() {
        let (win, (lo, hi)) = (w.window_dimensions[d], w.padding[d]);
        if w.window_strides[d] != 1 || w.base_dilations[d] != 1 {
            return None;
        }
        if win == 1 && lo == 0 && hi == 0 {
            continue;
        }
        if found.is_some() || w.window_dilations[d] != 1 || win < len {
            return None;
        }
        let reverse = match (lo, hi) {
            (l, 0) if l == win - 1 => false,
            (0, h) if h == win - 1 => true,
            _ => return None,
        };
        found = Some(Scan { axis: d, reverse });
    }
    found
}

/// Does reducer `region` (with `n` accumulators) apply an associative op to each
/// accumulator and its element, in either order?
fn associative(region: &Region, n: usize) -> bool {
    region.args.len() == 2 * n
        && region.ops.len() == n
        && region.yields.len() == n
        && (0..n).all(|k| {
            let (a, x) = (region.args[k], region.args[n + k]);
            region.ops.iter().any(|op| {
                matches!(
                    op.opcode,
                    Opcode::Binary(
                        BinaryOp::Add
                            | BinaryOp::Mul
                            | BinaryOp::Max
                            | BinaryOp::Min
                            | BinaryOp::And
                            | BinaryOp::Or
                            | BinaryOp::Xor
                    )
                ) && op.results[..] == [region.yields[k]]
                    && (op.operands[..] == [a, x] || op.operands[..] == [x, a])
            })
        })
}

/// Lowers scan `s` of `op`: a kernel over the lines (the other axes) whose body is a
/// reduce along the axis that stores its accumulators at every step.
pub(crate) fn lower_scan(lw: &mut Lowerer, op: &Op, s: Scan) -> Result<(), Diagnostic> {
    let n = op.operands.len() / 2;
    let in_ty = lw.ty(op.operands[0]);
    let rank = in_ty.rank();
    let len = in_ty.shape[s.axis];
    let region = op
        .regions
        .first()
        .ok_or_else(|| Diagnostic::at(&op.loc, "reduction without a body"))?;
    let mut lines = in_ty.shape.clone();
    lines.remove(s.axis);
    let mut kb = KernelBuilder::new(lw);
    let mut body = Body::default();
    let idx = domain_index(&mut body, rank - 1);
    let mut inits = Vec::with_capacity(n);
    for k in 0..n {
        inits.push(kb.value_at(&mut body, op.operands[n + k], &[])?);
    }
    let mut inner = Body::default();
    let t = inner.push(Node::Index(0), DType::I64);
    // Position along the axis: `t` forward, `len - 1 - t` backward.
    let pos = if s.reverse {
        let last = inner.index_const(len - 1);
        ibin(&mut inner, BinaryOp::Sub, last, t)
    } else {
        t
    };
    let mut at: Vec<NodeId> = Vec::with_capacity(rank);
    for d in 0..rank {
        at.push(match d.cmp(&s.axis) {
            std::cmp::Ordering::Less => inner.push(Node::Outer(idx[d]), DType::I64),
            std::cmp::Ordering::Equal => pos,
            std::cmp::Ordering::Greater => inner.push(Node::Outer(idx[d - 1]), DType::I64),
        });
    }
    let mut elems = Vec::with_capacity(n);
    for k in 0..n {
        elems.push(kb.value_at(&mut inner, op.operands[k], &at)?);
    }
    let accs: Vec<NodeId> = (0..n)
        .map(|k| inner.push(Node::Acc(k), body.ty(inits[k])))
        .collect();
    // A suffix folds right to left: the element is the reducer's left operand.
    inner.yields = if s.reverse {
        translate_reducer(kb.lw, op, region, &elems, &accs, &mut inner)?
    } else {
        translate_reducer(kb.lw, op, region, &accs, &elems, &mut inner)?
    };
    for (k, &r) in op.results.iter().enumerate() {
        // Results nothing reads have no buffer.
        let Some(b) = kb.lw.buf[r.index()] else {
            continue;
        };
        let ty = kb.lw.ty(r);
        let buffer = kb.bind_write(b, ty);
        let value = inner.yields[k];
        inner.push(
            Node::Store {
                buffer,
                index: at.clone(),
                value,
            },
            ty.dtype,
        );
    }
    let ty0 = body.ty(inits[0]);
    body.push(
        Node::Reduce {
            extents: vec![len],
            inits,
            body: Box::new(inner),
        },
        ty0,
    );
    let (k, bindings) = kb.finish("scan", lines, body);
    lw.push_kernel(k, bindings);
    Ok(())
}
