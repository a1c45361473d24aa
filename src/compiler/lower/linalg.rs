//! `triangular_solve` and `cholesky` as [`Kernel::sequential`](super::kir::Kernel)
//! kernels: substitution needs the entries solved before, which a sequential kernel's
//! point sees in its own output. Both compute in f64, as the reference evaluator does
//! (every f16/bf16/f32 input is exact in f64, and the result is rounded once), into an f64
//! buffer — the result itself for f64, else an arena buffer converted at the end — so the
//! running solution is never rounded in between.

use super::Lowerer;
use super::builder::{KernelBuilder, domain_index, ibin, icmp, permute_kernel, select};
use super::elementwise::convert;
use super::kir::{Body, Node, NodeId};
use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::{BinaryOp, CompareDirection, DType, Op, TensorType, Transpose, UnaryOp};
use pjrtc_runtime::format::BufRef;

/// Where an op computes its f64 result: the result buffer itself for f64 results,
/// otherwise a scratch buffer the caller converts afterwards with [`finish_f64`].
fn f64_target(lw: &mut Lowerer, op: &Op) -> (BufRef, TensorType) {
    let rty = lw.ty(op.results[0]);
    let out = lw.buf[op.results[0].index()].expect("linalg results are materialized");
    if rty.dtype == DType::F64 {
        return (out, rty.clone());
    }
    let ty = TensorType::new(DType::F64, rty.shape.clone());
    (lw.new_arena(ty.byte_size()), ty)
}

/// Rounds the f64 scratch `x` into the op's result (nothing to do for f64 results).
fn finish_f64(lw: &mut Lowerer, op: &Op, x: BufRef, xty: &TensorType) {
    let rty = lw.ty(op.results[0]);
    if rty.dtype == DType::F64 {
        return;
    }
    let out = lw.buf[op.results[0].index()].expect("linalg results are materialized");
    let map: Vec<usize> = (0..rty.rank()).collect();
    permute_kernel(lw, x, xty, out, rty, &map, &vec![false; rty.rank()]);
}

fn f64_bin(body: &mut Body, op: BinaryOp, a: NodeId, b: NodeId) -> NodeId {
    body.push(Node::Binary { op, a, b }, DType::F64)
}

fn load(body: &mut Body, buffer: usize, index: Vec<NodeId>) -> NodeId {
    body.push(Node::Load { buffer, index }, DType::F64)
}

/// The inner-body copies (`Outer`) of the batch coordinates `idx[..nb]`.
fn outer_batch(inner: &mut Body, idx: &[NodeId], nb: usize) -> Vec<NodeId> {
    idx[..nb]
        .iter()
        .map(|&i| inner.push(Node::Outer(i), DType::I64))
        .collect()
}

fn with(batch: &[NodeId], rest: &[NodeId]) -> Vec<NodeId> {
    let mut v = batch.to_vec();
    v.extend_from_slice(rest);
    v
}

/// Solves `op(a) x = b` (`left_side`) or `x op(a) = b` for each matrix of the batch.
///
/// With `m = op(a)` (unit diagonal if asked, only the named triangle read), the unknown
/// index `i` runs along the rows of x (left) or its columns (right), in the order the
/// triangle allows; each point is
/// `x_i = (b_i - sum_{k before i} coef(i, k) x_k) / coef(i, i)`, the sum taken in
/// ascending k as the evaluator does, with `coef(i, k) = m[i][k]` (left) or `m[k][i]`
/// (right).
pub(crate) fn lower_triangular_solve(
    lw: &mut Lowerer,
    op: &Op,
    left_side: bool,
    lower: bool,
    unit_diagonal: bool,
    transpose_a: Transpose,
) -> Result<(), Diagnostic> {
    let (a, b) = (op.operands[0], op.operands[1]);
    let bty = lw.ty(b).clone();
    let rank = bty.rank();
    if rank < 2 || lw.ty(a).rank() != rank {
        return Err(Diagnostic::at(
            &op.loc,
            "triangular_solve needs operands of equal rank >= 2",
        ));
    }
    let nb = rank - 2;
    // ADJOINT of a real matrix is its transpose (complex types are not compiled).
    let transposed = transpose_a != Transpose::NoTranspose;
    let m_lower = lower != transposed;
    let forward = if left_side { m_lower } else { !m_lower };
    let sd = if left_side { rank - 2 } else { rank - 1 };
    let n = bty.shape[sd];
    // The element of `a` holding m[p][q].
    let a_at = |p: NodeId, q: NodeId| if transposed { [q, p] } else { [p, q] };
    let (x_buf, x_ty) = f64_target(lw, op);

    let mut kb = KernelBuilder::new(lw);
    let xb = kb.bind_write(x_buf, &x_ty);
    let mut body = Body::default();
    let idx = domain_index(&mut body, rank);
    let i = if forward {
        idx[sd]
    } else {
        let last = body.index_const(n - 1);
        ibin(&mut body, BinaryOp::Sub, last, idx[sd])
    };
    let mut pos = idx.clone();
    pos[sd] = i;
    let bv = kb.value_at(&mut body, b, &pos)?;
    let init = convert(&mut body, bv, DType::F64);

    let mut inner = Body::default();
    let batch = outer_batch(&mut inner, &idx, nb);
    let k = inner.push(Node::Index(0), DType::I64);
    let ii = inner.push(Node::Outer(i), DType::I64);
    let od = if left_side { rank - 1 } else { rank - 2 };
    let other = inner.push(Node::Outer(idx[od]), DType::I64);
    let dir = if forward {
        CompareDirection::Lt
    } else {
        CompareDirection::Gt
    };
    let before = icmp(&mut inner, dir, k, ii);
    let xk = if left_side { [k, other] } else { [other, k] };
    let xk = load(&mut inner, xb, with(&batch, &xk));
    let (p, q) = if left_side { (ii, k) } else { (k, ii) };
    let coef = kb.value_at(&mut inner, a, &with(&batch, &a_at(p, q)))?;
    let coef = convert(&mut inner, coef, DType::F64);
    let acc = inner.push(Node::Acc(0), DType::F64);
    let t = f64_bin(&mut inner, BinaryOp::Mul, coef, xk);
    let s = f64_bin(&mut inner, BinaryOp::Sub, acc, t);
    inner.yields = vec![select(&mut inner, before, s, acc)];
    let sum = body.push(
        Node::Reduce {
            extents: vec![n],
            inits: vec![init],
            body: Box::new(inner),
        },
        DType::F64,
    );
    let x = if unit_diagonal {
        sum
    } else {
        let d = kb.value_at(&mut body, a, &with(&idx[..nb], &[i, i]))?;
        let d = convert(&mut body, d, DType::F64);
        f64_bin(&mut body, BinaryOp::Div, sum, d)
    };
    body.push(
        Node::Store {
            buffer: xb,
            index: pos,
            value: x,
        },
        DType::F64,
    );
    let (mut kern, bindings) = kb.finish("triangular_solve", bty.shape.clone(), body);
    kern.sequential = true;
    lw.push_kernel(kern, bindings);
    finish_f64(lw, op, x_buf, &x_ty);
    Ok(())
}

/// Cholesky factor of each matrix of the batch, from the triangle `lower` names (read as
/// the lower triangle of a symmetric matrix); the other triangle of the result is zero,
/// as in the evaluator. Points `(j, i)` run column by column: `l[i][j]` is
/// `sqrt(a[j][j] - sum_{k<j} l[j][k]^2)` on the diagonal and
/// `(a[i][j] - sum_{k<j} l[i][k] l[j][k]) / l[j][j]` below it. An upper result is stored
/// transposed directly.
pub(crate) fn lower_cholesky(lw: &mut Lowerer, op: &Op, lower: bool) -> Result<(), Diagnostic> {
    let a = op.operands[0];
    let aty = lw.ty(a).clone();
    let rank = aty.rank();
    if rank < 2 {
        return Err(Diagnostic::at(
            &op.loc,
            "cholesky needs an operand of rank >= 2",
        ));
    }
    let nb = rank - 2;
    let n = aty.shape[rank - 1];
    // Where l[p][q] lives, in the operand (its named triangle) and in the result.
    let at = |p: NodeId, q: NodeId| if lower { [p, q] } else { [q, p] };
    let (l_buf, l_ty) = f64_target(lw, op);

    let mut kb = KernelBuilder::new(lw);
    let lb = kb.bind_write(l_buf, &l_ty);
    let mut body = Body::default();
    let idx = domain_index(&mut body, rank);
    let (j, i) = (idx[nb], idx[nb + 1]);
    let batch_top = idx[..nb].to_vec();
    let av = kb.value_at(&mut body, a, &with(&batch_top, &at(i, j)))?;
    let init = convert(&mut body, av, DType::F64);

    let mut inner = Body::default();
    let batch = outer_batch(&mut inner, &idx, nb);
    let k = inner.push(Node::Index(0), DType::I64);
    let (ij, ii) = (
        inner.push(Node::Outer(j), DType::I64),
        inner.push(Node::Outer(i), DType::I64),
    );
    let before = icmp(&mut inner, CompareDirection::Lt, k, ij);
    let lik = load(&mut inner, lb, with(&batch, &at(ii, k)));
    let ljk = load(&mut inner, lb, with(&batch, &at(ij, k)));
    let acc = inner.push(Node::Acc(0), DType::F64);
    let t = f64_bin(&mut inner, BinaryOp::Mul, lik, ljk);
    let s = f64_bin(&mut inner, BinaryOp::Sub, acc, t);
    inner.yields = vec![select(&mut inner, before, s, acc)];
    let sum = body.push(
        Node::Reduce {
            extents: vec![n],
            inits: vec![init],
            body: Box::new(inner),
        },
        DType::F64,
    );
    // On the diagonal l[j][j] is not stored yet: the quotient is computed but not used.
    let root = body.push(
        Node::Unary {
            op: UnaryOp::Sqrt,
            x: sum,
        },
        DType::F64,
    );
    let ljj = load(&mut body, lb, with(&batch_top, &[j, j]));
    let quot = f64_bin(&mut body, BinaryOp::Div, sum, ljj);
    let diag = icmp(&mut body, CompareDirection::Eq, i, j);
    let v = select(&mut body, diag, root, quot);
    let above = icmp(&mut body, CompareDirection::Lt, i, j);
    let zero = body.push(Node::Const(0f64.to_bits()), DType::F64);
    let v = select(&mut body, above, zero, v);
    body.push(
        Node::Store {
            buffer: lb,
            index: with(&batch_top, &at(i, j)),
            value: v,
        },
        DType::F64,
    );
    let (mut kern, bindings) = kb.finish("cholesky", aty.shape.clone(), body);
    kern.sequential = true;
    lw.push_kernel(kern, bindings);
    finish_f64(lw, op, l_buf, &l_ty);
    Ok(())
}
