//! Ops on quantized tensors, evaluated from the spec's definitions (docs/spec.md,
//! "Quantization computations"), element by element: the oracle that `passes::quant`'s
//! integer rewrites are tested against, written without them.
//!
//! - `dequantize(q) = (q - zero_point) * scale` and `quantize(x) =
//!   round_nearest_even(clamp(min, x / scale + zero_point, max))`, every operation rounded
//!   to the expressed type (computed in f64 and rounded once: exact for f32/f16/bf16);
//! - `uniform_quantize` of a quantized operand is `quantize(dequantize(x))`;
//! - every computing op is `dequantize_op_quantize` (dot_general and convolution too, with
//!   the evaluator's float products; a hybrid op dequantizes its rhs only);
//! - ops that move elements, and ops with regions, work on the stored integers, their
//!   regions evaluated on quantized scalars by the same rules.
use super::tensor::{Tensor, from_f64, from_int, to_f64, to_int};
use super::{Env, EvalError, eval_typed};
use crate::compiler::ir::{DType, Func, Op, Opcode, Quantization, TensorType};

/// True if `op` has quantized operands or results, or converts to or from them.
pub(super) fn involves(op: &Op, xs: &[Tensor], res: &[TensorType]) -> bool {
    matches!(
        op.opcode,
        Opcode::UniformQuantize | Opcode::UniformDequantize
    ) || xs.iter().any(|t| t.ty.is_quantized())
        || res.iter().any(TensorType::is_quantized)
}

pub(super) fn eval(
    func: &Func,
    op: &Op,
    xs: Vec<Tensor>,
    res: &[TensorType],
    env: &Env,
) -> Result<Vec<Tensor>, EvalError> {
    use Opcode as O;
    match &op.opcode {
        O::UniformQuantize => {
            let x = dequantized(&xs[0]);
            Ok(vec![quantize(&x, &res[0])?])
        }
        O::UniformDequantize => Ok(vec![dequantized(&xs[0])]),
        O::Constant(_)
        | O::BitcastConvert
        | O::BroadcastInDim { .. }
        | O::Reshape
        | O::Transpose { .. }
        | O::Slice { .. }
        | O::Concatenate { .. }
        | O::Pad { .. }
        | O::Reverse { .. }
        | O::DynamicSlice { .. }
        | O::DynamicUpdateSlice
        | O::Gather(_)
        | O::Scatter(_)
        | O::Sort { .. }
        | O::Reduce { .. }
        | O::ReduceWindow(_)
        | O::SelectAndScatter { .. }
        | O::OptimizationBarrier
        | O::While
        | O::If
        | O::Case => {
            // The stored integers, typed as the results say (a constant's literal holds
            // storage integers, a reversal keeps its operand's type).
            let mut out = eval_typed(func, op, xs, res, env)?;
            for (t, r) in out.iter_mut().zip(res) {
                t.ty = r.clone();
            }
            Ok(out)
        }
        O::Iota { dimension } => {
            let q = quantization(&res[0])?;
            let float = TensorType::new(q.expressed, res[0].shape.clone());
            let x = super::movement::iota(&float, *dimension as usize);
            Ok(vec![quantize(&x, &res[0])?])
        }
        _ => {
            let xs: Vec<Tensor> = xs.iter().map(dequantized).collect();
            let float_res: Vec<TensorType> = res
                .iter()
                .map(|t| match &t.quant {
                    Some(q) => TensorType::new(q.expressed, t.shape.clone()),
                    None => t.clone(),
                })
                .collect();
            let mut op = op.clone();
            if let O::Compare { compare_type, .. } = &mut op.opcode {
                *compare_type = None;
            }
            let out = eval_typed(func, &op, xs, &float_res, env)?;
            out.iter()
                .zip(res)
                .map(|(t, r)| {
                    if r.is_quantized() {
                        quantize(t, r)
                    } else {
                        Ok(t.clone())
                    }
                })
                .collect()
        }
    }
}

fn quantization(t: &TensorType) -> Result<&Quantization, EvalError> {
    t.quant
        .as_deref()
        .ok_or_else(|| EvalError::Invalid(format!("{t} is not quantized")))
}

/// The channel (index along the quantized dimension) of every element, for per-axis types.
fn channels(t: &TensorType, q: &Quantization) -> Vec<usize> {
    let n = t.num_elements() as usize;
    match q.axis {
        None => vec![0; n],
        Some(a) => {
            let a = a as usize;
            let inner: i64 = t.shape[a + 1..].iter().product();
            let dim = t.shape[a];
            (0..n as i64)
                .map(|i| ((i / inner.max(1)) % dim.max(1)) as usize)
                .collect()
        }
    }
}

/// `x` rounded to float type `e`, as f64.
fn round(e: DType, x: f64) -> f64 {
    to_f64(e, from_f64(e, x))
}

/// A quantized tensor's values in its expressed type; a float tensor as it is.
pub(crate) fn dequantized(x: &Tensor) -> Tensor {
    let Some(q) = x.ty.quant.as_deref() else {
        return x.clone();
    };
    let e = q.expressed;
    let ch = channels(&x.ty, q);
    let bits = x
        .bits
        .iter()
        .zip(&ch)
        .map(|(&b, &c)| {
            let v = round(
                e,
                (to_int(q.storage, b as u64) - q.zero_points[c] as i128) as f64,
            );
            u128::from(from_f64(e, v * round(e, q.scales[c])))
        })
        .collect();
    Tensor::new(TensorType::new(e, x.ty.shape.clone()), bits)
}

/// Float tensor `x` (of `ty`'s expressed type) quantized to `ty`.
pub(crate) fn quantize(x: &Tensor, ty: &TensorType) -> Result<Tensor, EvalError> {
    let q = quantization(ty)?;
    let e = x.ty.dtype;
    let ch = channels(ty, q);
    let (lo, hi) = (
        round(e, q.storage_min as f64),
        round(e, q.storage_max as f64),
    );
    let bits = x
        .bits
        .iter()
        .zip(&ch)
        .map(|(&b, &c)| {
            let v = round(e, to_f64(e, b as u64) / round(e, q.scales[c]));
            let v = round(e, v + round(e, q.zero_points[c] as f64));
            // clamp as the spec's `clamp` (a NaN stays NaN), then ties to even.
            let v = if v.is_nan() { v } else { v.max(lo).min(hi) };
            let v = v.round_ties_even();
            // convert: NaN -> 0, saturating (the evaluator's float -> int rule).
            let (slo, shi) = q.storage.int_range();
            let i = if v.is_nan() {
                0
            } else {
                (v as i128).clamp(slo, shi)
            };
            u128::from(from_int(q.storage, i))
        })
        .collect();
    Ok(Tensor::new(ty.clone(), bits))
}
