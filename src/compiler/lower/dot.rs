//! `dot_general` -> `Step::Gemm` (floats) or a reduction kernel (integers, bool).
//!
//! The Gemm reads its operands in place when their layouts already are strided batches of
//! matrices; otherwise a relayout kernel first writes the canonical `[batch, m, k]` /
//! `[batch, k, n]` layout into the arena.

use super::Lowerer;
use super::builder::{permute_kernel, row_major_strides, zero_kernel};
use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::{DType, DotDims, Op, TensorType};
use pjrtc_runtime::format::{BufRef, Gemm, MatrixView, Step};

pub fn uses_gemm(dt: DType) -> bool {
    dt.is_float()
}

/// The stride of a group of dims that together act as one row-major dimension (in the
/// given order), or `None` if they do not. Unit dims are ignored; an empty group has no
/// stride (`Some(None)`).
fn group_stride(shape: &[i64], dims: &[usize]) -> Option<Option<u64>> {
    let strides = row_major_strides(shape);
    let ds: Vec<usize> = dims.iter().copied().filter(|&d| shape[d] != 1).collect();
    for w in ds.windows(2) {
        if strides[w[0]] != strides[w[1]] * shape[w[1]] {
            return None;
        }
    }
    Some(ds.last().map(|&d| strides[d] as u64))
}

/// A view of operand `buf` (shape `shape`) as `[batch, rows, cols]` made of the dim
/// groups `b`, `r`, `c`, if its layout allows. `canon` are the strides of the canonical
/// layout, used for empty groups (whose stride never matters).
fn view(
    buf: BufRef,
    shape: &[i64],
    b: &[usize],
    r: &[usize],
    c: &[usize],
    canon: [u64; 3],
) -> Option<MatrixView> {
    let bs = group_stride(shape, b)?.unwrap_or(canon[0]);
    let rs = group_stride(shape, r)?.unwrap_or(canon[1]);
    let cs = group_stride(shape, c)?.unwrap_or(canon[2]);
    Some(MatrixView {
        buf,
        batch_stride: bs,
        row_stride: rs,
        col_stride: cs,
    })
}

fn to_usize(v: &[i64]) -> Vec<usize> {
    v.iter().map(|&d| d as usize).collect()
}

fn free_dims(rank: usize, b: &[usize], c: &[usize]) -> Vec<usize> {
    (0..rank)
        .filter(|d| !b.contains(d) && !c.contains(d))
        .collect()
}

pub(crate) fn lower_dot(lw: &mut Lowerer, op: &Op, dims: &DotDims) -> Result<(), Diagnostic> {
    let out_ty = lw.ty(op.results[0]);
    if !uses_gemm(out_ty.dtype) {
        return super::reduce::lower_dot_reduce(lw, op, dims);
    }
    let out = lw.buf[op.results[0].index()].expect("materialized");
    let (lhs, rhs) = (lw.r(op.operands[0]), lw.r(op.operands[1]));
    let (lt, rt) = (lw.ty(lhs), lw.ty(rhs));
    let (lb, lc) = (to_usize(&dims.lhs_batch), to_usize(&dims.lhs_contracting));
    let (rb, rc) = (to_usize(&dims.rhs_batch), to_usize(&dims.rhs_contracting));
    let lf = free_dims(lt.rank(), &lb, &lc);
    let rf = free_dims(rt.rank(), &rb, &rc);
    let prod = |t: &TensorType, ds: &[usize]| ds.iter().map(|&d| t.shape[d] as u64).product();
    let batch: u64 = prod(lt, &lb);
    let m: u64 = prod(lt, &lf);
    let k: u64 = prod(lt, &lc);
    let n: u64 = prod(rt, &rf);
    if k == 0 {
        zero_kernel(lw, out, out_ty);
        return Ok(());
    }
    let dt = out_ty.dtype;
    let lhs_buf = lw.buf[lhs.index()].expect("gemm operands are materialized");
    let rhs_buf = lw.buf[rhs.index()].expect("gemm operands are materialized");

    let lhs_view = match view(lhs_buf, &lt.shape, &lb, &lf, &lc, [m * k, k, 1]) {
        Some(v) if lt.dtype == dt => v,
        _ => {
            let order: Vec<usize> = [lb.as_slice(), &lf, &lc].concat();
            let buf = relayout(lw, lhs_buf, lt, &order, dt);
            MatrixView {
                buf,
                batch_stride: m * k,
                row_stride: k,
                col_stride: 1,
            }
        }
    };
    let rhs_view = match view(rhs_buf, &rt.shape, &rb, &rc, &rf, [k * n, n, 1]) {
        Some(v) if rt.dtype == dt => v,
        _ => {
            let order: Vec<usize> = [rb.as_slice(), &rc, &rf].concat();
            let buf = relayout(lw, rhs_buf, rt, &order, dt);
            MatrixView {
                buf,
                batch_stride: k * n,
                row_stride: n,
                col_stride: 1,
            }
        }
    };
    lw.steps.push(Step::Gemm(Gemm {
        dtype: dt,
        batch,
        m,
        n,
        k,
        lhs: lhs_view,
        rhs: rhs_view,
        out: MatrixView {
            buf: out,
            batch_stride: m * n,
            row_stride: n,
            col_stride: 1,
        },
    }));
    Ok(())
}

/// Copies `src` into a new arena buffer with its dims in `order` and element type `dt`.
pub(crate) fn relayout(
    lw: &mut Lowerer,
    src: BufRef,
    src_ty: &TensorType,
    order: &[usize],
    dt: DType,
) -> BufRef {
    let shape: Vec<i64> = order.iter().map(|&d| src_ty.shape[d]).collect();
    let dst_ty = TensorType::new(dt, shape);
    let dst = lw.new_arena(dst_ty.byte_size());
    permute_kernel(
        lw,
        src,
        src_ty,
        dst,
        &dst_ty,
        order,
        &vec![false; order.len()],
    );
    dst
}
