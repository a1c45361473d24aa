//! `convolution` -> `Step::Conv` in the canonical layouts documented on
//! [`pjrtc_runtime::format::Conv`], with relayout kernels around it when the op's
//! dimension numbers differ (NHWC / HWIO / NHWC, JAX's usual choice, needs none).

use super::Lowerer;
use super::builder::{permute_kernel, zero_kernel};
use super::dot::relayout;
use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::{ConvAttrs, Op, TensorType};
use pjrtc_runtime::format::{Conv, Epilogue, Step};

fn is_identity(p: &[usize]) -> bool {
    p.iter().enumerate().all(|(i, &d)| i == d)
}

pub(crate) fn lower_conv(lw: &mut Lowerer, op: &Op, c: &ConvAttrs) -> Result<(), Diagnostic> {
    let out_ty = lw.ty(op.results[0]);
    let dt = out_ty.dtype;
    // With an epilogue, the Conv writes the value at the end of the chain.
    let fused = lw.epilogue[op.results[0].index()];
    let target = fused.map_or(op.results[0], |f| f.into);
    let out = lw.buf[target.index()].expect("materialized");
    let epilogue = fused.map_or(Epilogue::default(), |f| f.to_step(lw));
    let (x, w) = (lw.r(op.operands[0]), lw.r(op.operands[1]));
    let (xt, wt) = (lw.ty(x), lw.ty(w));
    let u = |v: i64| v as usize;
    let in_perm: Vec<usize> = std::iter::once(u(c.input_batch_dim))
        .chain(c.input_spatial_dims.iter().map(|&d| u(d)))
        .chain([u(c.input_feature_dim)])
        .collect();
    let k_perm: Vec<usize> = c
        .kernel_spatial_dims
        .iter()
        .map(|&d| u(d))
        .chain([
            u(c.kernel_input_feature_dim),
            u(c.kernel_output_feature_dim),
        ])
        .collect();
    let out_perm: Vec<usize> = std::iter::once(u(c.output_batch_dim))
        .chain(c.output_spatial_dims.iter().map(|&d| u(d)))
        .chain([u(c.output_feature_dim)])
        .collect();
    if xt.num_elements() == 0 || wt.num_elements() == 0 {
        zero_kernel(lw, out, out_ty);
        return Ok(());
    }

    let input = match lw.buf[x.index()] {
        Some(b) if is_identity(&in_perm) && xt.dtype == dt => b,
        _ => relayout(lw, x, &in_perm, &[], dt)?,
    };
    let reversed = c.window_reversal.iter().any(|&r| r);
    let kernel = match lw.buf[w.index()] {
        Some(b) if is_identity(&k_perm) && wt.dtype == dt && !reversed => b,
        // Canonical kernel dim i < spatial rank is kernel spatial dim i.
        _ => relayout(lw, w, &k_perm, &c.window_reversal, dt)?,
    };
    let canon_shape: Vec<i64> = out_perm.iter().map(|&d| out_ty.shape[d]).collect();
    let canon_ty = TensorType::new(dt, canon_shape);
    let output = if is_identity(&out_perm) {
        out
    } else {
        lw.new_arena(canon_ty.byte_size())
    };
    let nsp = c.input_spatial_dims.len();
    let sp = |t: &TensorType, ds: &[i64]| ds.iter().map(|&d| t.shape[u(d)] as u64).collect();
    lw.steps.push(Step::Conv(Conv {
        dtype: dt,
        input,
        kernel,
        output,
        batch: xt.shape[u(c.input_batch_dim)] as u64,
        in_features: xt.shape[u(c.input_feature_dim)] as u64,
        out_features: wt.shape[u(c.kernel_output_feature_dim)] as u64,
        in_spatial: sp(xt, &c.input_spatial_dims),
        kernel_spatial: sp(wt, &c.kernel_spatial_dims),
        out_spatial: sp(out_ty, &c.output_spatial_dims),
        strides: c.window_strides.iter().map(|&s| s as u64).collect(),
        padding: c.padding.clone(),
        lhs_dilation: c.lhs_dilation.iter().map(|&s| s as u64).collect(),
        rhs_dilation: c.rhs_dilation.iter().map(|&s| s as u64).collect(),
        feature_groups: c.feature_group_count as u64,
        batch_groups: c.batch_group_count as u64,
        epilogue,
        extent: None,
    }));
    if output != out && !lw.func.valid_extents.is_empty() {
        // The canonical output holds the result's rows in another order ([`extents`]).
        lw.relaid.push((output, target, out_perm.clone()));
    }
    debug_assert_eq!(c.window_strides.len(), nsp);
    if !is_identity(&out_perm) {
        // result dim out_perm[i] is canonical dim i.
        let mut map = vec![0; out_perm.len()];
        for (i, &d) in out_perm.iter().enumerate() {
            map[d] = i;
        }
        permute_kernel(
            lw,
            output,
            &canon_ty,
            out,
            out_ty,
            &map,
            &vec![false; map.len()],
        );
    }
    Ok(())
}
