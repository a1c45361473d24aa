//! f32 transcendentals.

use super::scalar::{Cx, R};
use crate::compiler::ir::{BinaryOp, UnaryOp};
use cranelift_codegen::ir::{InstBuilder, Value, types};

/// f32 `op(x)`: for now computed by the f64 runtime function, rounded once.
pub(crate) fn unary_f32(cx: &mut Cx, op: UnaryOp, x: Value) -> R<Value> {
    use UnaryOp as U;
    if cx.ty(x).is_vector() {
        return Err(format!("{op:?} has no vector form"));
    }
    let name = match op {
        U::Cbrt => "pjrt_rt_cbrt_f64_v1",
        U::Exp => "pjrt_rt_exp_f64_v1",
        U::Expm1 => "pjrt_rt_expm1_f64_v1",
        U::Log => "pjrt_rt_log_f64_v1",
        U::Log1p => "pjrt_rt_log1p_f64_v1",
        U::Logistic => "pjrt_rt_logistic_f64_v1",
        U::Tanh => "pjrt_rt_tanh_f64_v1",
        U::Sin => "pjrt_rt_sin_f64_v1",
        U::Cos => "pjrt_rt_cos_f64_v1",
        U::Tan => "pjrt_rt_tan_f64_v1",
        _ => return Err(format!("{op:?} is not a math function")),
    };
    let d = cx.b.ins().fpromote(types::F64, x);
    let r = cx.call(name, types::F64, &[d])?;
    Ok(cx.b.ins().fdemote(types::F32, r))
}

/// f32 `op(a, b)` for pow and atan2.
pub(crate) fn binary_f32(cx: &mut Cx, op: BinaryOp, a: Value, b: Value) -> R<Value> {
    if cx.ty(a).is_vector() {
        return Err(format!("{op:?} has no vector form"));
    }
    let name = match op {
        BinaryOp::Pow => "pjrt_rt_pow_f64_v1",
        BinaryOp::Atan2 => "pjrt_rt_atan2_f64_v1",
        _ => return Err(format!("{op:?} is not a math function")),
    };
    let a = cx.b.ins().fpromote(types::F64, a);
    let b = cx.b.ins().fpromote(types::F64, b);
    let r = cx.call(name, types::F64, &[a, b])?;
    Ok(cx.b.ins().fdemote(types::F32, r))
}

/// Has `op` an f32x4 form?
pub(crate) fn has_vector_unary(_op: UnaryOp) -> bool {
    false
}
