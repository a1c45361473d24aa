//! Elementary functions and bit-level ops: the real-argument patterns of StableHLO's
//! `ChloDecompositionPatterns.td` / `ChloDecompositionPatternsMath.td` (acos, acosh, asin,
//! asinh, atan, atanh, is_inf, mulhi) and of `ChloLegalizeToStablehlo.cpp` (cosh, sinh,
//! next_after), op for op.

use crate::compiler::ir::builder::Builder;
use crate::compiler::ir::{BinaryOp, DType, UnaryOp, ValueId};

/// Largest finite value of float type `d`.
pub(super) fn max_finite(d: DType) -> f64 {
    match d {
        DType::F16 => half::f16::MAX.to_f64(),
        DType::BF16 => half::bf16::MAX.to_f64(),
        DType::F32 => f32::MAX as f64,
        d if let Some(f) = d.minifloat() => f.max(),
        _ => f64::MAX,
    }
}

/// `arccos(x) = atan2(sqrt((1 - x) * (1 + x)), x)`.
pub fn acos(b: &mut Builder, x: ValueId) -> ValueId {
    let one = b.constant_like(x, 1.0);
    let a = b.sub(one, x);
    let c = b.add(one, x);
    let p = b.mul(a, c);
    let s = b.sqrt(p);
    b.binary(BinaryOp::Atan2, s, x)
}

/// `acosh(x) = log1p(sqrt(x - 1) * (sqrt(x + 1) + sqrt(x - 1)))`, and `log(2) + log(x)`
/// from `max / 2` on, where the product would overflow.
pub fn acosh(b: &mut Builder, x: ValueId) -> ValueId {
    let max = b.constant_like(x, max_finite(b.dtype(x)));
    let two = b.constant_like(x, 2.0);
    let half_max = b.div(max, two);
    let large = b.ge(x, half_max);
    let log2 = b.log(two);
    let logx = b.log(x);
    let large_value = b.add(log2, logx);
    let one = b.constant_like(x, 1.0);
    let xm1 = b.sub(x, one);
    let sqrt_xm1 = b.sqrt(xm1);
    let xp1 = b.add(x, one);
    let sqrt_xp1 = b.sqrt(xp1);
    let sum = b.add(sqrt_xp1, sqrt_xm1);
    let prod = b.mul(sqrt_xm1, sum);
    let small_value = b.log1p(prod);
    b.select(large, large_value, small_value)
}

/// `arcsin(x) = 2 * atan2(x, 1 + sqrt((1 - x) * (1 + x)))`.
pub fn asin(b: &mut Builder, x: ValueId) -> ValueId {
    let one = b.constant_like(x, 1.0);
    let a = b.sub(one, x);
    let c = b.add(one, x);
    let p = b.mul(a, c);
    let s = b.sqrt(p);
    let den = b.add(one, s);
    let ta = b.binary(BinaryOp::Atan2, x, den);
    b.add(ta, ta)
}

/// `asinh(x) = sign(x) * log1p(|x| + x^2 / (1 + sqrt(1 + x^2)))`, and
/// `sign(x) * (log(2) + log(|x|))` from `sqrt(max)` on.
pub fn asinh(b: &mut Builder, x: ValueId) -> ValueId {
    let sign = b.unary(UnaryOp::Sign, x);
    let ax = b.abs(x);
    let max = b.constant_like(x, max_finite(b.dtype(x)));
    let sqrt_max = b.sqrt(max);
    let large = b.ge(ax, sqrt_max);
    let two = b.constant_like(x, 2.0);
    let log2 = b.log(two);
    let log_ax = b.log(ax);
    let large_value = b.add(log2, log_ax);
    let ax2 = b.mul(ax, ax);
    let one = b.constant_like(x, 1.0);
    let one_ax2 = b.add(one, ax2);
    let root = b.sqrt(one_ax2);
    let den = b.add(one, root);
    let q = b.div(ax2, den);
    let s = b.add(ax, q);
    let small_value = b.log1p(s);
    let v = b.select(large, large_value, small_value);
    b.mul(sign, v)
}

/// `atan(x) = atan2(x, 1)`.
pub fn atan(b: &mut Builder, x: ValueId) -> ValueId {
    let one = b.constant_like(x, 1.0);
    b.binary(BinaryOp::Atan2, x, one)
}

/// `atanh(x) = (log1p(x) - log1p(-x)) / 2`, NaN for `|x| > 1`.
pub fn atanh(b: &mut Builder, x: ValueId) -> ValueId {
    let ax = b.abs(x);
    let one = b.constant_like(x, 1.0);
    let outside = b.gt(ax, one);
    let nan = b.constant_like(x, f64::NAN);
    let l1 = b.log1p(x);
    let nx = b.neg(x);
    let l2 = b.log1p(nx);
    let d = b.sub(l1, l2);
    let half = b.constant_like(x, 0.5);
    let v = b.mul(d, half);
    b.select(outside, nan, v)
}

/// `cosh(x) = e^(x + log(1/2)) + e^(-x + log(1/2))`, which overflows only where the
/// result does.
pub fn cosh(b: &mut Builder, x: ValueId) -> ValueId {
    let half = b.constant_like(x, 0.5);
    let log_half = b.log(half);
    let s = b.add(x, log_half);
    let e1 = b.exp(s);
    let d = b.sub(log_half, x);
    let e2 = b.exp(d);
    b.add(e1, e2)
}

/// `sinh(x) = (expm1(x) + expm1(x) / (expm1(x) + 1)) / 2` for `|x| < 1` (no
/// cancellation), `e^(x + log(1/2)) - e^(-x + log(1/2))` elsewhere.
pub fn sinh(b: &mut Builder, x: ValueId) -> ValueId {
    let half = b.constant_like(x, 0.5);
    let log_half = b.log(half);
    let s = b.add(x, log_half);
    let e1 = b.exp(s);
    let d = b.sub(log_half, x);
    let e2 = b.exp(d);
    let large = b.sub(e1, e2);
    let em1 = b.unary(UnaryOp::Expm1, x);
    let one = b.constant_like(x, 1.0);
    let half2 = b.constant_like(x, 0.5);
    let em1p1 = b.add(em1, one);
    let ratio = b.div(em1, em1p1);
    let sum = b.add(em1, ratio);
    let small = b.mul(half2, sum);
    let ax = b.abs(x);
    let is_small = b.lt(ax, one);
    b.select(is_small, small, large)
}

/// `is_inf(x) = |x| == +inf`.
pub fn is_inf(b: &mut Builder, x: ValueId) -> ValueId {
    let ax = b.abs(x);
    is_pos_inf(b, ax)
}

pub fn is_pos_inf(b: &mut Builder, x: ValueId) -> ValueId {
    let inf = b.constant_like(x, f64::INFINITY);
    b.eq(x, inf)
}

pub fn is_neg_inf(b: &mut Builder, x: ValueId) -> ValueId {
    let inf = b.constant_like(x, f64::NEG_INFINITY);
    b.eq(x, inf)
}

/// The signed integer type of a float's width, for bit manipulation.
fn int_of_width(bits: u32) -> DType {
    match bits {
        8 => DType::I8,
        16 => DType::I16,
        32 => DType::I32,
        _ => DType::I64,
    }
}

/// `nextafter(x, y)`: one step of `x`'s bit pattern towards `y`.
pub fn next_after(b: &mut Builder, x: ValueId, y: ValueId) -> ValueId {
    let ft = b.dtype(x);
    let bits = ft.bits();
    let it = int_of_width(bits);
    let xi = b.bitcast(x, it);
    let yi = b.bitcast(y, it);
    let x_nan = b.ne(x, x);
    let y_nan = b.ne(y, y);
    let nan_input = b.or(x_nan, y_nan);
    let nan = b.constant_like(x, f64::NAN);
    let nan_bits = b.bitcast(nan, it);
    let sign_bit: i128 = 1 << (bits - 1);
    let sign_mask = b.int_like(xi, sign_bit);
    let not_sign_mask = b.int_like(xi, !sign_bit);
    let x_abs = b.and(xi, not_sign_mask);
    let y_abs = b.and(yi, not_sign_mask);
    let equal = b.eq(x, y);
    let zero = b.int_like(xi, 0);
    let x_zero = b.eq(x_abs, zero);
    let y_zero = b.eq(y_abs, zero);
    let x_sign = b.and(xi, sign_mask);
    let y_sign = b.and(yi, sign_mask);
    let one = b.int_like(xi, 1);
    let smallest_towards_y = b.or(y_sign, one);
    let signs_disagree = b.ne(x_sign, y_sign);
    let x_larger = b.gt(x_abs, y_abs);
    let shrink = b.or(x_larger, signs_disagree);
    let minus_one = b.int_like(xi, -1);
    let step = b.select(shrink, minus_one, one);
    let stepped = b.add(xi, step);
    let from_zero = b.select(y_zero, yi, smallest_towards_y);
    let r = b.select(x_zero, from_zero, stepped);
    let r = b.select(equal, yi, r);
    let r = b.select(nan_input, nan_bits, r);
    b.bitcast(r, ft)
}

/// The integer type twice as wide, same signedness.
fn widened(d: DType) -> DType {
    match d {
        DType::I8 => DType::I16,
        DType::I16 => DType::I32,
        DType::I32 => DType::I64,
        DType::U8 => DType::U16,
        DType::U16 => DType::U32,
        _ => DType::U64,
    }
}

/// The unsigned integer type of the same width.
fn unsigned_of(d: DType) -> DType {
    match d {
        DType::I8 => DType::U8,
        DType::I16 => DType::U16,
        DType::I32 => DType::U32,
        _ => DType::U64,
    }
}

/// The high half of the double-width product: through the double-width type below 64
/// bits, from 32-bit partial products for u64, and for i64 from the u64 result
/// corrected for the operands' signs.
pub fn mulhi(b: &mut Builder, x: ValueId, y: ValueId) -> ValueId {
    let d = b.dtype(x);
    let bits = d.bits();
    if bits < 64 {
        let w = widened(d);
        let xw = b.convert(x, w);
        let yw = b.convert(y, w);
        let p = b.mul(xw, yw);
        let shift = b.int_like(p, bits as i128);
        let shifted = if d.is_signed_int() {
            b.binary(BinaryOp::ShiftRightArithmetic, p, shift)
        } else {
            b.binary(BinaryOp::ShiftRightLogical, p, shift)
        };
        return b.convert(shifted, d);
    }
    if d == DType::U64 {
        return mulhi_u64(b, x, y);
    }
    let ux = b.convert(x, unsigned_of(d));
    let uy = b.convert(y, unsigned_of(d));
    let hi = mulhi_u64(b, ux, uy);
    let zero = b.int_like(x, 0);
    let x_neg = b.lt(x, zero);
    let uzero = b.int_like(uy, 0);
    let fix_x = b.select(x_neg, uy, uzero);
    let y_neg = b.lt(y, zero);
    let fix_y = b.select(y_neg, ux, uzero);
    let r = b.sub(hi, fix_x);
    let r = b.sub(r, fix_y);
    b.convert(r, d)
}

fn mulhi_u64(b: &mut Builder, x: ValueId, y: ValueId) -> ValueId {
    let c32 = b.int_like(x, 32);
    let mask = b.int_like(x, 0xFFFF_FFFF);
    let srl = |b: &mut Builder, v| b.binary(BinaryOp::ShiftRightLogical, v, c32);
    let a_hi = srl(b, x);
    let b_hi = srl(b, y);
    let a_lo = b.and(x, mask);
    let b_lo = b.and(y, mask);
    let p0 = b.mul(a_lo, b_lo);
    let p1 = b.mul(a_lo, b_hi);
    let p2 = b.mul(a_hi, b_lo);
    let p3 = b.mul(a_hi, b_hi);
    let carry_p0 = srl(b, p0);
    let mid1 = b.add(p1, carry_p0);
    let carry_mid1 = srl(b, mid1);
    let mid1_lo = b.and(mid1, mask);
    let mid2 = b.add(p2, mid1_lo);
    let carry_mid2 = srl(b, mid2);
    let hi = b.add(p3, carry_mid1);
    b.add(hi, carry_mid2)
}
