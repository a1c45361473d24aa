//! `dot_general` -> `Step::Gemm`, for every element type. 8-bit integer operands (i8 or
//! u8) into i32 are read as they are (the runtime's integer GEMM); otherwise the operands
//! are read in the output's type, converted by a relayout kernel where they differ.
//!
//! The Gemm reads its operands in place when their layouts already are strided batches of
//! matrices; otherwise a relayout kernel first writes them into the arena: in the
//! canonical `[batch, m, k]` / `[batch, k, n]` layout, or, for a computed operand whose
//! canonical order would move its last dimension, in its own row-major order (see
//! [`natural`]).

use super::Lowerer;
use super::builder::{KernelBuilder, domain_index, ibin, row_major_strides, zero_kernel};
use super::elementwise::convert;
use super::kir::{Body, Node, NodeId};
use crate::compiler::codegen::Target;
use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::{BinaryOp, DType, DotDims, Op, Opcode, TensorType, ValueId};
use pjrtc_runtime::format::{BufRef, Epilogue, Gemm, MatrixView, Step};

/// Whether a dot of this output type runs as a Gemm step: every type does (the runtime
/// has a path for each; see `pjrtc_runtime::kernels::gemm`).
pub fn uses_gemm(_dt: DType) -> bool {
    true
}

/// The element types the Gemm reads the operands in, for operands `l`, `r` and output
/// `out`: their own for 8-bit integers into i32, and for bf16 into f32 where the target
/// multiplies bf16 pairs itself (`bf16_pairs`); else the output's. Without AVX-512 BF16
/// the runtime would widen bf16 operands to f32 anyway, and a kernel converting into f32
/// is cheaper than one writing bf16 (whose stores are not vectorized).
fn operand_dtypes(l: DType, r: DType, out: DType, bf16_pairs: bool) -> (DType, DType) {
    let bf16 = l == DType::BF16 && r == DType::BF16;
    if Gemm::supports(out, l, r) && (!bf16 || bf16_pairs) {
        (l, r)
    } else {
        (out, out)
    }
}

/// Whether Gemm steps for `target` take bf16 operands as they are: the runtime's
/// AVX-512 BF16 pair products, which the artifact may use only if it records the feature.
pub(crate) fn bf16_pair_products(target: &Target) -> bool {
    target.is_x86_64() && target.features.iter().any(|f| f == "avx512bf16")
}

/// The stride of a group of dims that together act as one row-major dimension (in the
/// given order), or `None` if they do not. Unit dims are ignored; an empty group has no
/// stride (`Some(None)`).
fn group_stride(shape: &[i64], strides: &[i64], dims: &[usize]) -> Option<Option<u64>> {
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
    layout: Option<(BufRef, Vec<i64>)>,
    shape: &[i64],
    b: &[usize],
    r: &[usize],
    c: &[usize],
    canon: [u64; 3],
) -> Option<MatrixView> {
    let (buf, strides) = layout?;
    let bs = group_stride(shape, &strides, b)?.unwrap_or(canon[0]);
    let rs = group_stride(shape, &strides, r)?.unwrap_or(canon[1]);
    let cs = group_stride(shape, &strides, c)?.unwrap_or(canon[2]);
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
    // With an epilogue, the Gemm writes the value at the end of the chain.
    let fused = lw.epilogue[op.results[0].index()];
    let target = fused.map_or(op.results[0], |f| f.into);
    let out = lw.buf[target.index()].expect("materialized");
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
    let (ldt, rdt) = operand_dtypes(lt.dtype, rt.dtype, dt, lw.bf16_pairs);
    let lhs_view = operand_view(lw, lhs, ldt, [&lb, &lf, &lc], [m * k, k, 1])?;
    let rhs_view = operand_view(lw, rhs, rdt, [&rb, &rc, &rf], [k * n, n, 1])?;
    lw.steps.push(Step::Gemm(Gemm {
        dtype: dt,
        lhs_dtype: ldt,
        rhs_dtype: rdt,
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
        epilogue: fused.map_or(Epilogue::default(), |f| f.to_step(lw)),
        extents: [None; 4],
    }));
    Ok(())
}

/// How the Gemm reads operand `v` of element type `dt` as `[batch, rows, cols]` made of
/// the dim groups `b`, `r`, `c` (`canon`: the strides of that layout written densely): in
/// place if its layout allows, else from a relayout kernel's buffer, in the operand's own
/// order ([`natural`]) or in the canonical one.
fn operand_view(
    lw: &mut Lowerer,
    v: ValueId,
    dt: DType,
    [b, r, c]: [&[usize]; 3],
    canon: [u64; 3],
) -> Result<MatrixView, Diagnostic> {
    let t = lw.ty(v);
    if t.dtype == dt
        && let Some(view) = view(layout(lw, v), &t.shape, b, r, c, canon)
    {
        return Ok(view);
    }
    if let Some(view) = natural(lw, v, dt, [b, r, c], canon)? {
        return Ok(view);
    }
    let order: Vec<usize> = [b, r, c].concat();
    let buf = relayout(lw, v, &order, &[], dt)?;
    Ok(MatrixView {
        buf,
        batch_stride: canon[0],
        row_stride: canon[1],
        col_stride: canon[2],
    })
}

/// An operand computed by a kernel (no buffer, not a transpose of one) whose canonical
/// `[batch, rows, cols]` order would move its last dimension inward: written in its own
/// row-major order instead and read strided by the Gemm, which packs either layout. The
/// kernel then runs along its rows, loads and stores contiguous (the transformer's softmax
/// divide where softmax stays kernels, feeding `P V` contracted along its rows: 51 -> 13
/// us, the Gemm's packing +11), where the canonical order would read every row across.
fn natural(
    lw: &mut Lowerer,
    v: ValueId,
    dt: DType,
    [b, r, c]: [&[usize]; 3],
    canon: [u64; 3],
) -> Result<Option<MatrixView>, Diagnostic> {
    let t = lw.ty(v);
    let last = t.rank().checked_sub(1);
    let canonical_last = c.last().or(r.last()).or(b.last()).copied();
    if t.dtype != dt || layout(lw, v).is_some() || last.is_none() || canonical_last == last {
        return Ok(None);
    }
    let strides = row_major_strides(&t.shape);
    // Only if the row-major layout is a valid view (each group one strided dimension).
    let fits = |g: &[usize]| group_stride(&t.shape, &strides, g).is_some();
    if !(fits(b) && fits(r) && fits(c)) {
        return Ok(None);
    }
    let identity: Vec<usize> = (0..t.rank()).collect();
    let buf = relayout(lw, v, &identity, &[], dt)?;
    Ok(view(Some((buf, strides)), &t.shape, b, r, c, canon))
}

/// Where value `v` lives and its per-dim strides (elements): a buffer (row-major), or
/// a fused transpose of one (permuted strides), so a Gemm can read it in place.
fn layout(lw: &Lowerer, v: ValueId) -> Option<(BufRef, Vec<i64>)> {
    let v = lw.r(v);
    if let Some(b) = lw.buf[v.index()] {
        return Some((b, row_major_strides(&lw.ty(v).shape)));
    }
    let (op, _) = lw.def_op(v)?;
    let Opcode::Transpose { permutation } = &op.opcode else {
        return None;
    };
    let src = lw.r(op.operands[0]);
    let b = lw.buf[src.index()]?;
    let s = row_major_strides(&lw.ty(src).shape);
    Some((b, permutation.iter().map(|&p| s[p as usize]).collect()))
}

/// Evaluates `v` into a new arena buffer with its dims in `order` (reversed where `rev`
/// says so; empty = none) and element type `dt`. `v` may be a fused expression.
pub(crate) fn relayout(
    lw: &mut Lowerer,
    v: ValueId,
    order: &[usize],
    rev: &[bool],
    dt: DType,
) -> Result<BufRef, Diagnostic> {
    let src_ty = lw.ty(v);
    let shape: Vec<i64> = order.iter().map(|&d| src_ty.shape[d]).collect();
    let dst_ty = TensorType::new(dt, shape);
    let dst = lw.new_arena(dst_ty.byte_size());
    if dst_ty.num_elements() == 0 {
        return Ok(dst);
    }
    let mut kb = KernelBuilder::new(lw);
    let mut body = Body::default();
    let idx = domain_index(&mut body, dst_ty.rank());
    let mut sidx = vec![NodeId(0); order.len()];
    for (i, &d) in order.iter().enumerate() {
        sidx[d] = if rev.get(i).copied().unwrap_or(false) {
            let n = body.index_const(dst_ty.shape[i] - 1);
            ibin(&mut body, BinaryOp::Sub, n, idx[i])
        } else {
            idx[i]
        };
    }
    let x = kb.value_at(&mut body, v, &sidx)?;
    let x = convert(&mut body, x, dt);
    let d = kb.bind_write(dst, &dst_ty);
    body.push(
        Node::Store {
            buffer: d,
            index: idx,
            value: x,
        },
        dt,
    );
    let (k, bindings) = kb.finish("relayout", dst_ty.shape.clone(), body);
    lw.push_kernel(k, bindings);
    // Reversed dimensions would turn a valid prefix into a suffix: no claim then.
    if !lw.func.valid_extents.is_empty() && !rev.contains(&true) {
        lw.relaid.push((dst, v, order.to_vec()));
    }
    Ok(dst)
}
