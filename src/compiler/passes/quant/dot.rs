//! Quantized dot_general and convolution as integer products plus a rescale.
//!
//! With `l = (ql - zl) * sl`, `r = (qr - zr) * sr` the exact product sum is
//! `S * sl * sr` with `S = sum (ql - zl)(qr - zr)`, an integer; the result is quantized from
//! it as `round(S * sl * sr / so) + zo` (clamped), one multiply by the per-channel
//! multiplier `sl * sr / so`. `S` is computed on the stored integers:
//! - dot_general: `dot(ql, qr)` (i8 x i8 -> i32 when both are i8: the integer GEMM) minus
//!   the zero-point terms `zr * sum_k ql + zl * sum_k qr - K zl zr` (StableHLO's lowering);
//! - convolution with a zero rhs zero point and no lhs dilation: lhs padded with `zl`
//!   explicitly, `conv(ql_padded, qr)` minus `zl * sum qr` per output feature;
//! - any other convolution: `conv(ql - zl, qr - zr)` on widened integers (padding and
//!   dilation holes then are zeros, as in the dequantized convolution).
//!
//! Integer arithmetic wraps at the accumulator width, so the intermediate terms may wrap as
//! long as `S` itself fits. Hybrid ops (float lhs, quantized rhs, float result) dequantize
//! rhs and run the float op.
use super::arith::{dequantize, rescale, rescale_float};
use super::build::{channels, reduce_sum};
use crate::compiler::ir::builder::Builder;
use crate::compiler::ir::{BinaryOp, DType, Op, Opcode, Quantization, TensorType, ValueId};
use crate::compiler::passes::verify::result_axis;

pub(super) fn lower(b: &mut Builder, op: &Op) -> Result<(), String> {
    let (l, r, out) = (op.operands[0], op.operands[1], op.results[0]);
    let q = |b: &Builder, v: ValueId| b.ty(v).quant.clone();
    let (lq, rq, oq) = (q(b, l), q(b, r), q(b, out));
    match (lq, rq, oq) {
        (Some(lq), Some(rq), Some(oq)) => {
            let s = exact_sum(b, op, &lq, &rq)?;
            let (lt, rt) = (b.ty(l).clone(), b.ty(r).clone());
            let n = rq.scales.len().max(oq.scales.len());
            let channel_axis = if rq.is_per_axis() || oq.is_per_axis() {
                result_axis(&op.opcode, lt.rank(), rt.rank(), rq.axis.or(oq.axis))
            } else {
                None
            };
            let pick = |v: &[f64], c: usize| v[if v.len() == 1 { 0 } else { c }];
            let multipliers: Vec<f64> = (0..n)
                .map(|c| lq.scales[0] * pick(&rq.scales, c) / pick(&oq.scales, c))
                .collect();
            let float = rescale_float(&[&lq, &rq, &oq]);
            let v = rescale(b, s, &multipliers, &oq, channel_axis, float);
            super::define(b, v, out);
            Ok(())
        }
        (None, Some(rq), None) => {
            let rf = dequantize(b, r, &rq);
            b.op_into(op.opcode.clone(), &[l, rf], &[out]);
            Ok(())
        }
        _ => Err("lhs, rhs and result must all be quantized, or only rhs".into()),
    }
}

/// The accumulator type: i32 for 8-bit (and narrower) storage, else i64.
fn accumulator(lq: &Quantization, rq: &Quantization) -> DType {
    if lq.storage.bits() <= 8 && rq.storage.bits() <= 8 {
        DType::I32
    } else {
        DType::I64
    }
}

/// `S = sum (ql - zl)(qr - zr)` in the accumulator type, shaped like the result.
fn exact_sum(
    b: &mut Builder,
    op: &Op,
    lq: &Quantization,
    rq: &Quantization,
) -> Result<ValueId, String> {
    let (l, r, out) = (op.operands[0], op.operands[1], op.results[0]);
    let acc = accumulator(lq, rq);
    let acc_ty = TensorType::new(acc, b.ty(out).shape.clone());
    let zl = lq.zero_points[0];
    // The stored operands enter the product as they are when they share one 8-bit type.
    let direct = lq.storage == rq.storage && acc == DType::I32;
    match &op.opcode {
        Opcode::DotGeneral(d) => {
            let (lw, rw) = if direct {
                (l, r)
            } else {
                (b.convert(l, acc), b.convert(r, acc))
            };
            let mut s = b.op(Opcode::DotGeneral(d.clone()), &[lw, rw], acc_ty.clone());
            let (lt, rt) = (b.ty(l).clone(), b.ty(r).clone());
            let nb = d.lhs_batch.len();
            let lfree = free_dims(lt.rank(), &d.lhs_batch, &d.lhs_contracting);
            let rfree = free_dims(rt.rank(), &d.rhs_batch, &d.rhs_contracting);
            let raxis = result_axis(&op.opcode, lt.rank(), rt.rank(), rq.axis);
            let zrs: Vec<f64> = rq.zero_points.iter().map(|&z| z as f64).collect();
            if rq.zero_points.iter().any(|&z| z != 0) {
                // zr * sum_k ql, broadcast over rhs's free dimensions.
                let lw = b.convert(l, acc);
                let sum = reduce_sum(b, lw, d.lhs_contracting.clone());
                let dims = kept_dims_in_result(lt.rank(), &d.lhs_contracting, &d.lhs_batch, |x| {
                    nb + lfree.iter().position(|&f| f == x).unwrap_or(0)
                });
                let sum = b.broadcast_in_dim(sum, &acc_ty.shape, dims);
                let zr = channels(b, acc, &zrs, raxis, &acc_ty.shape);
                let term = b.binary(BinaryOp::Mul, sum, zr);
                s = b.binary(BinaryOp::Sub, s, term);
            }
            if zl != 0 {
                // zl * sum_k qr, broadcast over lhs's free dimensions.
                let rw = b.convert(r, acc);
                let sum = reduce_sum(b, rw, d.rhs_contracting.clone());
                let dims = kept_dims_in_result(rt.rank(), &d.rhs_contracting, &d.rhs_batch, |x| {
                    nb + lfree.len() + rfree.iter().position(|&f| f == x).unwrap_or(0)
                });
                let sum = b.broadcast_in_dim(sum, &acc_ty.shape, dims);
                let z = b.scalar_int(acc, i128::from(zl));
                let z = b.splat(z, &acc_ty.shape);
                let term = b.binary(BinaryOp::Mul, sum, z);
                s = b.binary(BinaryOp::Sub, s, term);
                if rq.zero_points.iter().any(|&z| z != 0) {
                    // + K zl zr, wrapped to the accumulator like the other terms.
                    let k: i128 = d
                        .lhs_contracting
                        .iter()
                        .map(|&x| lt.shape[x as usize] as i128)
                        .product();
                    let kzz: Vec<f64> = rq
                        .zero_points
                        .iter()
                        .map(|&z| wrap(acc, k * zl as i128 * z as i128) as f64)
                        .collect();
                    let c = channels(b, acc, &kzz, raxis, &acc_ty.shape);
                    s = b.binary(BinaryOp::Add, s, c);
                }
            }
            Ok(s)
        }
        Opcode::Convolution(c) => {
            let rhs_zero = rq.zero_points.iter().all(|&z| z == 0);
            if rhs_zero && c.lhs_dilation.iter().all(|&d| d == 1) && direct {
                let mut attrs = c.clone();
                let mut lp = l;
                if c.padding.iter().any(|&p| p != (0, 0)) {
                    let lt = b.ty(l).clone();
                    let (mut low, mut high) = (vec![0; lt.rank()], vec![0; lt.rank()]);
                    for (i, &d) in c.input_spatial_dims.iter().enumerate() {
                        (low[d as usize], high[d as usize]) = c.padding[i];
                    }
                    let mut shape = lt.shape.clone();
                    for d in 0..shape.len() {
                        shape[d] += low[d] + high[d];
                    }
                    let z = b.scalar_int(lq.storage, i128::from(zl));
                    let interior = vec![0; lt.rank()];
                    lp = b.op(
                        Opcode::Pad {
                            low,
                            high,
                            interior,
                        },
                        &[l, z],
                        TensorType::new(lq.storage, shape),
                    );
                    attrs.padding = vec![(0, 0); c.padding.len()];
                }
                let mut s = b.op(Opcode::Convolution(attrs), &[lp, r], acc_ty.clone());
                if zl != 0 {
                    // zl * (sum of each output feature's kernel).
                    let rw = b.convert(r, acc);
                    let mut dims = c.kernel_spatial_dims.clone();
                    dims.push(c.kernel_input_feature_dim);
                    dims.sort_unstable();
                    let sum = reduce_sum(b, rw, dims);
                    let sum = b.broadcast_in_dim(sum, &acc_ty.shape, vec![c.output_feature_dim]);
                    let z = b.scalar_int(acc, i128::from(zl));
                    let z = b.splat(z, &acc_ty.shape);
                    let term = b.binary(BinaryOp::Mul, sum, z);
                    s = b.binary(BinaryOp::Sub, s, term);
                }
                return Ok(s);
            }
            let rt = b.ty(r).clone();
            let mut lw = b.convert(l, acc);
            if zl != 0 {
                let z = b.scalar_int(acc, i128::from(zl));
                let z = b.splat(z, &b.ty(lw).shape.clone());
                lw = b.binary(BinaryOp::Sub, lw, z);
            }
            let mut rw = b.convert(r, acc);
            if !rhs_zero {
                let zrs: Vec<f64> = rq.zero_points.iter().map(|&z| z as f64).collect();
                let zr = channels(b, acc, &zrs, rq.axis.map(|a| a as usize), &rt.shape);
                rw = b.binary(BinaryOp::Sub, rw, zr);
            }
            Ok(b.op(Opcode::Convolution(c.clone()), &[lw, rw], acc_ty))
        }
        other => Err(format!("{} is not a dot-like op", other.name())),
    }
}

fn free_dims(rank: usize, batch: &[i64], contracting: &[i64]) -> Vec<i64> {
    (0..rank as i64)
        .filter(|d| !batch.contains(d) && !contracting.contains(d))
        .collect()
}

/// Where the dimensions an operand keeps after summing over `summed` go in the result:
/// batch dimensions to their batch position, free ones by `free_pos`.
fn kept_dims_in_result(
    rank: usize,
    summed: &[i64],
    batch: &[i64],
    free_pos: impl Fn(i64) -> usize,
) -> Vec<i64> {
    (0..rank as i64)
        .filter(|d| !summed.contains(d))
        .map(|d| match batch.iter().position(|&x| x == d) {
            Some(i) => i as i64,
            None => free_pos(d) as i64,
        })
        .collect()
}

/// `v` wrapped to integer type `dt` (two's complement), as a signed value.
fn wrap(dt: DType, v: i128) -> i64 {
    dt.int_value(dt.wrap_int(v)) as i64
}
