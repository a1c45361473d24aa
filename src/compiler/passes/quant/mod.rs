//! Quantization legalization: rewrites every quantized value to its storage integer type
//! and every op on quantized values to plain StableHLO on integers (and floats where the
//! semantics need them). It runs right after inlining; nothing after it (folding, the
//! evaluator, lowering, codegen, the runtime) knows about quantization.
//!
//! Values keep their ids: a quantized value becomes the storage integers it holds, so ops
//! that only move elements (reshape, transpose, gather, slice, pad, concatenate, select of
//! equal types, ...) and ops with regions stay as they are, with their regions rewritten.
//! The rest follow the spec's quantization semantics, with the exact roundings of
//! StableHLO's own lowering (`stablehlo-legalize-quant-to-math`, which the reference
//! interpreter runs) where that lowering defines them:
//! - `uniform_quantize` / `uniform_dequantize` and requantization: [`arith`];
//! - `add` of per-tensor types: both operands requantized to the result's parameters in
//!   i32, added, the zero point subtracted, clamped;
//! - `dot_general` / `convolution`: integer products and one rescale ([`dot`]);
//! - `maximum` / `minimum` / `select` of one quantized type compare stored integers (scales
//!   are positive, so the order is the same);
//! - everything else computes on dequantized values and quantizes the result
//!   (`dequantize_op_quantize`).

mod arith;
mod build;
mod dot;
#[cfg(test)]
mod tests;

use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::builder::Builder;
use crate::compiler::ir::{
    BinaryOp, DType, Func, Loc, Op, Opcode, Quantization, Region, TensorType, ValueId,
};
use arith::{dequantize, quantize, requantize};
use build::{channels, clamp};

/// Rewrites `func` free of quantized types; returns whether it had any.
pub fn legalize(func: &mut Func) -> Result<bool, Diagnostic> {
    let mut found = func.values.iter().any(TensorType::is_quantized);
    func.body.walk(&mut |op| {
        found |= matches!(
            op.opcode,
            Opcode::UniformQuantize | Opcode::UniformDequantize
        )
    });
    if !found {
        return Ok(false);
    }
    let mut body = std::mem::take(&mut func.body);
    let result = legalize_region(&mut func.values, &mut body);
    func.body = body;
    result?;
    for t in func.values.iter_mut().chain(&mut func.result_types) {
        if t.is_quantized() {
            *t = t.storage();
        }
    }
    Ok(true)
}

fn legalize_region(values: &mut Vec<TensorType>, r: &mut Region) -> Result<(), Diagnostic> {
    let ops = std::mem::take(&mut r.ops);
    let mut out = Vec::with_capacity(ops.len());
    let mut b = Builder::new(values, &mut out, Loc::default());
    for mut op in ops {
        for sub in &mut op.regions {
            legalize_region(b.values_mut(), sub)?;
        }
        b.set_loc(op.loc.clone());
        let loc = op.loc.clone();
        let name = op.opcode.name();
        rewrite(&mut b, op).map_err(|m| Diagnostic::at(&loc, format!("'{name}' {m}")))?;
    }
    r.ops = out;
    Ok(())
}

/// Makes `orig` the value `v` computed: renames the result of the op that defined `v` last
/// (every rewrite ends with the op computing its result), else copies it with a no-op
/// convert.
fn define(b: &mut Builder, v: ValueId, orig: ValueId) {
    if let Some(last) = b.last_op_mut()
        && last.results == [v]
    {
        last.results = vec![orig];
        return;
    }
    let dt = b.ty(v).dtype;
    let ty = b.ty(v).with_dtype(dt);
    b.values_mut()[orig.index()] = ty;
    b.op_into(Opcode::Convert, &[v], &[orig]);
}

fn quant_of(b: &Builder, v: ValueId) -> Option<Quantization> {
    b.ty(v).quant.as_deref().cloned()
}

fn rewrite(b: &mut Builder, op: Op) -> Result<(), String> {
    let is_q = |b: &Builder, v: &ValueId| b.ty(*v).is_quantized();
    let any_q = op.operands.iter().chain(&op.results).any(|v| is_q(b, v));
    let same_types =
        |b: &Builder, vs: &[ValueId]| vs.windows(2).all(|w| b.ty(w[0]).quant == b.ty(w[1]).quant);
    match &op.opcode {
        Opcode::UniformQuantize => {
            let (x, out) = (op.operands[0], op.results[0]);
            let oq = quant_of(b, out).ok_or("result must be quantized")?;
            let v = match quant_of(b, x) {
                Some(xq) => requantize(b, x, &xq, &oq, oq.storage),
                None => quantize(b, x, &oq),
            };
            define(b, v, out);
        }
        Opcode::UniformDequantize => {
            let (x, out) = (op.operands[0], op.results[0]);
            let xq = quant_of(b, x).ok_or("operand must be quantized")?;
            let v = dequantize(b, x, &xq);
            define(b, v, out);
        }
        _ if !any_q => b.push(op),
        // Stored integers move as they are.
        Opcode::Constant(_)
        | Opcode::BitcastConvert
        | Opcode::BroadcastInDim { .. }
        | Opcode::Reshape
        | Opcode::Transpose { .. }
        | Opcode::Slice { .. }
        | Opcode::Concatenate { .. }
        | Opcode::Pad { .. }
        | Opcode::Reverse { .. }
        | Opcode::DynamicSlice { .. }
        | Opcode::DynamicUpdateSlice
        | Opcode::Gather(_)
        | Opcode::Scatter(_)
        | Opcode::Sort { .. }
        | Opcode::Reduce { .. }
        | Opcode::ReduceWindow(_)
        | Opcode::SelectAndScatter { .. }
        | Opcode::OptimizationBarrier
        | Opcode::While
        | Opcode::If
        | Opcode::Case
        | Opcode::Call { .. } => b.push(op),
        Opcode::Binary(BinaryOp::Max | BinaryOp::Min)
            if same_types(b, &[op.operands.clone(), op.results.clone()].concat())
                && !quant_of(b, op.results[0]).is_some_and(|q| q.is_per_axis()) =>
        {
            b.push(op)
        }
        Opcode::Select if same_types(b, &[&op.operands[1..], &op.results[..]].concat()) => {
            b.push(op)
        }
        Opcode::Binary(BinaryOp::Add) if add(b, &op)? => {}
        Opcode::DotGeneral(_) | Opcode::Convolution(_) => dot::lower(b, &op)?,
        Opcode::Iota { dimension } => {
            let out = op.results[0];
            let oq = quant_of(b, out).ok_or("result must be quantized")?;
            let ty = TensorType::new(oq.expressed, b.ty(out).shape.clone());
            let x = b.op(
                Opcode::Iota {
                    dimension: *dimension,
                },
                &[],
                ty,
            );
            let v = quantize(b, x, &oq);
            define(b, v, out);
        }
        _ => dequantize_op_quantize(b, op),
    }
    Ok(())
}

/// `add` of quantized values in integers, if its types allow (StableHLO's lowering):
/// per-tensor operands requantized to the result's parameters in i32, added, minus the
/// result's zero point, clamped to its storage range; or one per-axis i32 type throughout,
/// added minus the zero points. `false` for other combinations.
fn add(b: &mut Builder, op: &Op) -> Result<bool, String> {
    let (l, r, out) = (op.operands[0], op.operands[1], op.results[0]);
    let (Some(lq), Some(rq), Some(oq)) = (quant_of(b, l), quant_of(b, r), quant_of(b, out)) else {
        return Ok(false);
    };
    let shape = b.ty(out).shape.clone();
    if lq.is_per_axis() || rq.is_per_axis() || oq.is_per_axis() {
        if !(lq == oq && rq == oq && oq.storage == DType::I32) {
            return Ok(false);
        }
        let mut v = b.binary(BinaryOp::Add, l, r);
        if oq.zero_points.iter().any(|&z| z != 0) {
            let zps: Vec<f64> = oq.zero_points.iter().map(|&z| z as f64).collect();
            let zp = channels(b, DType::I32, &zps, oq.axis.map(|a| a as usize), &shape);
            v = b.binary(BinaryOp::Sub, v, zp);
        }
        define(b, v, out);
        return Ok(true);
    }
    if oq.storage.bits() > 32 {
        return Ok(false);
    }
    let li = requantize(b, l, &lq, &oq, DType::I32);
    let ri = requantize(b, r, &rq, &oq, DType::I32);
    let mut v = b.binary(BinaryOp::Add, li, ri);
    if oq.zero_points[0] != 0 {
        let zp = b.scalar_int(DType::I32, i128::from(oq.zero_points[0]));
        let zp = b.splat(zp, &shape);
        v = b.binary(BinaryOp::Sub, v, zp);
    }
    if (oq.storage_min, oq.storage_max) != (i32::MIN as i64, i32::MAX as i64) {
        v = clamp(b, oq.storage_min as f64, v, oq.storage_max as f64);
    }
    let v = b.convert(v, oq.storage);
    define(b, v, out);
    Ok(true)
}

/// The spec's `dequantize_op_quantize`: quantized operands dequantized, the op computed on
/// their expressed type, quantized results quantized from it.
fn dequantize_op_quantize(b: &mut Builder, mut op: Op) {
    for v in op.operands.iter_mut() {
        if let Some(q) = quant_of(b, *v) {
            *v = dequantize(b, *v, &q);
        }
    }
    let mut requant = Vec::new();
    for r in op.results.iter_mut() {
        if let Some(q) = quant_of(b, *r) {
            let float = b.new_value(TensorType::new(q.expressed, b.ty(*r).shape.clone()));
            requant.push((float, *r, q));
            *r = float;
        }
    }
    if let Opcode::Compare { compare_type, .. } = &mut op.opcode {
        // Dequantized values compare as floats.
        *compare_type = None;
    }
    b.push(op);
    for (float, orig, q) in requant {
        let v = quantize(b, float, &q);
        define(b, v, orig);
    }
}
