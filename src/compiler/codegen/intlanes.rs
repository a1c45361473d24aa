//! 32-bit integers (i32/ui32) on i32x4 lanes, for the vectorized innermost loops.
//!
//! Every function here computes, lane by lane, exactly what [`scalar`] computes for one
//! value (StableHLO semantics: wrapping arithmetic, total division, saturating shifts).
//! Ops with a cheap vector form use it; the rest extract each lane, run the scalar op and
//! insert the result. Signed division and remainder by a constant use multiply-high magic
//! numbers (exact for every dividend).

use super::scalar::{self, Cx, R};
use crate::compiler::ir::{BinaryOp, DType, UnaryOp};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{
    ConstantData, Endianness, InstBuilder, MemFlagsData, Type, Value, types,
};

/// Held in i32x4 lanes.
pub(super) fn int_lanes(dt: DType) -> bool {
    matches!(dt, DType::I32 | DType::U32)
}

/// Unary ops on i32/ui32 lanes (PopCnt and CountLeadingZeros lane by lane).
pub(super) fn unary_ok(op: UnaryOp) -> bool {
    use UnaryOp as U;
    matches!(
        op,
        U::Abs | U::Neg | U::Not | U::Sign | U::PopCnt | U::CountLeadingZeros
    )
}

/// Binary ops on i32/ui32 lanes (division, remainder by a non-constant, shifts by a
/// per-lane amount and pow lane by lane).
pub(super) fn binary_ok(op: BinaryOp) -> bool {
    op != BinaryOp::Atan2
}

/// The second operand of a binary op: a compile-time constant (bits), a value uniform
/// across lanes (scalar) or one value per lane (i32x4).
#[derive(Clone, Copy)]
pub(super) enum Operand {
    Const(u64),
    Uniform(Value),
    Lanes(Value),
}

/// A bitcast between vector types of different lane counts (little-endian lanes).
fn bitcast_le(cx: &mut Cx, ty: Type, v: Value) -> Value {
    let le = MemFlagsData::new().with_endianness(Endianness::Little);
    cx.b.ins().bitcast(ty, le, v)
}

/// An i32x4 of four constants.
pub(super) fn vconst(cx: &mut Cx, lanes: [i32; 4]) -> Value {
    let bytes: Vec<u8> = lanes.iter().flat_map(|l| l.to_le_bytes()).collect();
    let c = cx.b.func.dfg.constants.insert(ConstantData::from(bytes));
    cx.b.ins().vconst(types::I32X4, c)
}

/// `x + [0, 1, 2, 3]` for the lane-0 value `x` (an i64 index), as i32 lanes (iota).
pub(super) fn iota(cx: &mut Cx, x: Value) -> Value {
    let x = cx.b.ins().ireduce(types::I32, x);
    let v = cx.b.ins().splat(types::I32X4, x);
    let steps = vconst(cx, [0, 1, 2, 3]);
    cx.b.ins().iadd(v, steps)
}

/// `f` on each lane's scalar values, reassembled into a vector of type `ty`.
fn lanewise(
    cx: &mut Cx,
    ty: cranelift_codegen::ir::Type,
    args: &[Value],
    f: &mut dyn FnMut(&mut Cx, &[Value]) -> R<Value>,
) -> R<Value> {
    let mut out = cx.iconst(ty, 0);
    for lane in 0..4u8 {
        let xs: Vec<Value> = args
            .iter()
            .map(|&a| {
                if cx.ty(a).is_vector() {
                    cx.b.ins().extractlane(a, lane)
                } else {
                    a
                }
            })
            .collect();
        let r = f(cx, &xs)?;
        out = cx.b.ins().insertlane(out, r, lane);
    }
    Ok(out)
}

pub(super) fn unary(cx: &mut Cx, op: UnaryOp, dt: DType, x: Value) -> R<Value> {
    use UnaryOp as U;
    let signed = dt.is_signed_int();
    Ok(match op {
        U::Abs if signed => cx.b.ins().iabs(x),
        U::Abs => x,
        U::Neg => cx.b.ins().ineg(x),
        U::Not => cx.b.ins().bnot(x),
        U::Sign if signed => {
            let one = cx.iconst(types::I32X4, 1);
            let m1 = cx.iconst(types::I32X4, -1);
            let t = cx.b.ins().smin(x, one);
            cx.b.ins().smax(t, m1)
        }
        U::Sign => {
            let one = cx.iconst(types::I32X4, 1);
            cx.b.ins().umin(x, one)
        }
        _ => lanewise(cx, types::I32X4, &[x], &mut |cx, v| {
            scalar::unary(cx, op, dt, v[0])
        })?,
    })
}

pub(super) fn binary(cx: &mut Cx, op: BinaryOp, dt: DType, a: Value, b: Operand) -> R<Value> {
    use BinaryOp as B;
    let signed = dt.is_signed_int();
    let lanes = |cx: &mut Cx, b: Operand| match b {
        Operand::Const(bits) => cx.iconst(types::I32X4, bits as i64),
        Operand::Uniform(v) => cx.b.ins().splat(types::I32X4, v),
        Operand::Lanes(v) => v,
    };
    match (op, b) {
        (
            B::ShiftLeft | B::ShiftRightLogical | B::ShiftRightArithmetic,
            Operand::Const(_) | Operand::Uniform(_),
        ) => return Ok(shift_uniform(cx, op, a, b)),
        (B::Div | B::Rem, Operand::Const(bits)) if signed => {
            return Ok(div_rem_const(cx, op, a, bits as u32 as i32));
        }
        (B::Div | B::Rem, _) if signed => {
            let bv = lanes(cx, b);
            return Ok(div_rem_f64(cx, op, a, bv));
        }
        _ => {}
    }
    let bv = lanes(cx, b);
    let ins = cx.b.ins();
    Ok(match op {
        B::Add => ins.iadd(a, bv),
        B::Sub => ins.isub(a, bv),
        B::Mul => ins.imul(a, bv),
        B::And => ins.band(a, bv),
        B::Or => ins.bor(a, bv),
        B::Xor => ins.bxor(a, bv),
        B::Max if signed => ins.smax(a, bv),
        B::Max => ins.umax(a, bv),
        B::Min if signed => ins.smin(a, bv),
        B::Min => ins.umin(a, bv),
        _ => lanewise(cx, types::I32X4, &[a, bv], &mut |cx, v| {
            scalar::binary(cx, op, dt, v[0], v[1])
        })?,
    })
}

/// A shift of every lane by the same amount: amounts >= 32 (unsigned) give 0, or the
/// sign fill for an arithmetic right shift.
fn shift_uniform(cx: &mut Cx, op: BinaryOp, a: Value, b: Operand) -> Value {
    use BinaryOp as B;
    match b {
        Operand::Const(bits) => {
            let n = bits as u32;
            match op {
                B::ShiftRightArithmetic => cx.b.ins().sshr_imm_u(a, i64::from(n.min(31))),
                _ if n >= 32 => cx.iconst(types::I32X4, 0),
                B::ShiftLeft => cx.b.ins().ishl_imm_u(a, i64::from(n)),
                _ => cx.b.ins().ushr_imm_u(a, i64::from(n)),
            }
        }
        Operand::Uniform(n) | Operand::Lanes(n) => {
            let ok = cx.b.ins().icmp_imm_s(IntCC::UnsignedLessThan, n, 32);
            match op {
                B::ShiftRightArithmetic => {
                    let max = cx.b.ins().iconst(types::I32, 31);
                    let n = cx.b.ins().select(ok, n, max);
                    cx.b.ins().sshr(a, n)
                }
                _ => {
                    let r = if op == B::ShiftLeft {
                        cx.b.ins().ishl(a, n)
                    } else {
                        cx.b.ins().ushr(a, n)
                    };
                    let zero = cx.iconst(types::I32X4, 0);
                    cx.b.ins().select(ok, r, zero)
                }
            }
        }
    }
}

/// Signed magic number and shift for division by `d` (|d| >= 2), after Hacker's Delight
/// 10-1: `n / d = mulhs(n, m) (+ n if d > 0 > m, - n if d < 0 < m) >> s`, plus one if
/// negative.
pub(super) fn magic_s32(d: i32) -> (i32, u32) {
    let two31: u32 = 0x8000_0000;
    let ad = d.unsigned_abs();
    let t = two31.wrapping_add((d as u32) >> 31);
    let anc = t - 1 - t % ad;
    let mut p = 31u32;
    let mut q1 = two31 / anc;
    let mut r1 = two31 - q1 * anc;
    let mut q2 = two31 / ad;
    let mut r2 = two31 - q2 * ad;
    loop {
        p += 1;
        q1 = q1.wrapping_mul(2);
        r1 = r1.wrapping_mul(2);
        if r1 >= anc {
            q1 = q1.wrapping_add(1);
            r1 = r1.wrapping_sub(anc);
        }
        q2 = q2.wrapping_mul(2);
        r2 = r2.wrapping_mul(2);
        if r2 >= ad {
            q2 = q2.wrapping_add(1);
            r2 = r2.wrapping_sub(ad);
        }
        let delta = ad - r2;
        if !(q1 < delta || (q1 == delta && r1 == 0)) {
            break;
        }
    }
    let m = q2.wrapping_add(1) as i32;
    (if d < 0 { m.wrapping_neg() } else { m }, p - 32)
}

/// The high 32 bits of the signed 64-bit products of the lanes of `a` and `b`. Each half
/// is `imul(swiden(a), swiden(b))`, which x86 lowers to two `pshufd`s and one `pmuldq`
/// (SSE4.1) as long as neither operand's widening was folded away (keep `b` a `vconst`).
fn mulhs(cx: &mut Cx, a: Value, b: Value) -> Value {
    let lo_a = cx.b.ins().swiden_low(a);
    let lo_b = cx.b.ins().swiden_low(b);
    let lo = cx.b.ins().imul(lo_a, lo_b);
    let hi_a = cx.b.ins().swiden_high(a);
    let hi_b = cx.b.ins().swiden_high(b);
    let hi = cx.b.ins().imul(hi_a, hi_b);
    let lo = bitcast_le(cx, types::I8X16, lo);
    let hi = bitcast_le(cx, types::I8X16, hi);
    // Little-endian: the odd i32 lanes are the high halves: [lo.1, lo.3, hi.1, hi.3].
    let mask: Vec<u8> = [1u8, 3, 5, 7]
        .iter()
        .flat_map(|&l| (0..4u8).map(move |k| l * 4 + k))
        .collect();
    let imm = cx.b.func.dfg.immediates.push(ConstantData::from(mask));
    let r = cx.b.ins().shuffle(lo, hi, imm);
    bitcast_le(cx, types::I32X4, r)
}

/// Signed `a / d` or `a % d` for a constant `d`, with StableHLO's total semantics
/// (x / 0 = -1, x % 0 = x, INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0).
fn div_rem_const(cx: &mut Cx, op: BinaryOp, a: Value, d: i32) -> Value {
    let rem = op == BinaryOp::Rem;
    match d {
        0 if rem => return a,
        0 => return cx.iconst(types::I32X4, -1),
        1 | -1 if rem => return cx.iconst(types::I32X4, 0),
        1 => return a,
        -1 => return cx.b.ins().ineg(a),
        _ => {}
    }
    let (m, s) = magic_s32(d);
    // A vconst, not a splat: Cranelift folds the widening of a splat into an i64x2
    // constant, and then multiplies i64x2 lanes in three `pmuludq`s and shifts instead of
    // matching the widened 32-bit product to one `pmuldq` per half (see [`mulhs`]).
    let mv = vconst(cx, [m; 4]);
    let mut q = mulhs(cx, a, mv);
    if d > 0 && m < 0 {
        q = cx.b.ins().iadd(q, a);
    } else if d < 0 && m > 0 {
        q = cx.b.ins().isub(q, a);
    }
    if s > 0 {
        q = cx.b.ins().sshr_imm_u(q, i64::from(s));
    }
    let neg = cx.b.ins().ushr_imm_u(q, 31);
    let q = cx.b.ins().iadd(q, neg);
    if !rem {
        return q;
    }
    let dv = cx.iconst(types::I32X4, i64::from(d));
    let qd = cx.b.ins().imul(q, dv);
    cx.b.ins().isub(a, qd)
}

/// Signed `a / b` or `a % b` per lane with StableHLO's total semantics, through f64:
/// for 32-bit operands the correctly rounded f64 quotient truncates to the exact integer
/// quotient (its error, at most |a/b| 2^-53 <= 2^-22 / |b|, is less than the 1/|b| a
/// non-integer quotient keeps from the nearest integer).
fn div_rem_f64(cx: &mut Cx, op: BinaryOp, a: Value, b: Value) -> Value {
    let zero = cx.iconst(types::I32X4, 0);
    let is_zero = cx.b.ins().icmp(IntCC::Equal, b, zero);
    let min = cx.iconst(types::I32X4, i64::from(i32::MIN));
    let m1 = cx.iconst(types::I32X4, -1);
    let a_min = cx.b.ins().icmp(IntCC::Equal, a, min);
    let b_m1 = cx.b.ins().icmp(IntCC::Equal, b, m1);
    let ovf = cx.b.ins().band(a_min, b_m1);
    let bad = cx.b.ins().bor(is_zero, ovf);
    let one = cx.iconst(types::I32X4, 1);
    // With divisor 1: a / 1 = a (INT_MIN on overflow), a % 1 = 0.
    let safe = cx.b.ins().bitselect(bad, one, b);
    let half = |cx: &mut Cx, x: Value, high: bool| {
        let x = if high {
            let x8 = bitcast_le(cx, types::I8X16, x);
            let mask: Vec<u8> = (8..16).chain(8..16).collect();
            let imm = cx.b.func.dfg.immediates.push(ConstantData::from(mask));
            let h = cx.b.ins().shuffle(x8, x8, imm);
            bitcast_le(cx, types::I32X4, h)
        } else {
            x
        };
        let w = cx.b.ins().swiden_low(x);
        cx.b.ins().fcvt_from_sint(types::F64X2, w)
    };
    let zero64 = {
        let c =
            cx.b.func
                .dfg
                .constants
                .insert(ConstantData::from(vec![0u8; 16]));
        cx.b.ins().vconst(types::I64X2, c)
    };
    let mut q2 = Vec::with_capacity(2);
    for high in [false, true] {
        let x = half(cx, a, high);
        let y = half(cx, safe, high);
        let q = cx.b.ins().fdiv(x, y);
        let q = cx.b.ins().fcvt_to_sint_sat(types::I64X2, q);
        // [q0, q1, 0, 0]
        q2.push(cx.b.ins().snarrow(q, zero64));
    }
    let lo = bitcast_le(cx, types::I8X16, q2[0]);
    let hi = bitcast_le(cx, types::I8X16, q2[1]);
    let mask: Vec<u8> = (0..8).chain(16..24).collect();
    let imm = cx.b.func.dfg.immediates.push(ConstantData::from(mask));
    let q = cx.b.ins().shuffle(lo, hi, imm);
    let q = bitcast_le(cx, types::I32X4, q);
    if op == BinaryOp::Div {
        return cx.b.ins().bitselect(is_zero, m1, q);
    }
    let qd = cx.b.ins().imul(q, safe);
    let r = cx.b.ins().isub(a, qd);
    cx.b.ins().bitselect(is_zero, a, r)
}

/// StableHLO `convert` between lane types: i32/ui32 <-> f32 (natively), i32 <-> ui32
/// (the same bits), and to or from i1 lane masks (all ones = true).
pub(super) fn convert(cx: &mut Cx, from: DType, to: DType, x: Value) -> R<Value> {
    Ok(match (from, to) {
        _ if from == to => x,
        (DType::I32, DType::U32) | (DType::U32, DType::I32) => x,
        (DType::I32, DType::F32) => cx.b.ins().fcvt_from_sint(types::F32X4, x),
        (DType::U32, DType::F32) => cx.b.ins().fcvt_from_uint(types::F32X4, x),
        (DType::F32, DType::I32) => cx.b.ins().fcvt_to_sint_sat(types::I32X4, x),
        (DType::F32, DType::U32) => cx.b.ins().fcvt_to_uint_sat(types::I32X4, x),
        (DType::I32 | DType::U32, DType::I1) => {
            let zero = cx.iconst(types::I32X4, 0);
            cx.b.ins().icmp(IntCC::NotEqual, x, zero)
        }
        (DType::I1, DType::I32 | DType::U32) => {
            let one = cx.iconst(types::I32X4, 1);
            cx.b.ins().band(x, one)
        }
        (DType::I1, DType::F32) => {
            let one = cx.iconst(types::I32X4, i64::from(1f32.to_bits()));
            let v = cx.b.ins().band(x, one);
            cx.bitcast(types::F32X4, v)
        }
        _ => return Err(format!("no lane form for convert {from:?} -> {to:?}")),
    })
}

/// Does [`convert`] have a lane form for these types?
pub(super) fn convert_ok(from: DType, to: DType) -> bool {
    use DType as D;
    let int = |d: DType| int_lanes(d);
    from == to
        || (int(from) && (int(to) || to == D::F32 || to == D::I1))
        || (from == D::F32 && int(to))
        || (from == D::I1 && (int(to) || to == D::F32))
}
