//! Elementwise ops. Floats: f64 is computed in f64, f32 in f32, f16/bf16 in f32 and
//! rounded back after each op. Integers are computed exactly in i128 and wrapped.
use super::EvalError;
use super::tensor::{Tensor, convert_bits, from_f64, from_int, to_f64, to_int};
use crate::compiler::ir::{BinaryOp, CompareDirection, CompareType, DType, TensorType, UnaryOp};

fn unsupported(what: String) -> EvalError {
    EvalError::Unsupported(what)
}

macro_rules! float_ops {
    ($unary:ident, $binary:ident, $t:ty) => {
        fn $unary(u: UnaryOp, x: $t) -> Option<$t> {
            use UnaryOp as U;
            Some(match u {
                U::Abs => x.abs(),
                U::Neg => -x,
                U::Sqrt => x.sqrt(),
                U::Rsqrt => 1.0 / x.sqrt(),
                U::Cbrt => x.cbrt(),
                U::Exp => x.exp(),
                U::Expm1 => x.exp_m1(),
                U::Log => x.ln(),
                U::Log1p => x.ln_1p(),
                U::Logistic => 1.0 / (1.0 + (-x).exp()),
                U::Tanh => x.tanh(),
                U::Sin => x.sin(),
                U::Cos => x.cos(),
                U::Tan => x.tan(),
                U::Floor => x.floor(),
                U::Ceil => x.ceil(),
                U::RoundNearestAfz => x.round(),
                U::RoundNearestEven => x.round_ties_even(),
                // NaN and signed zeros are their own sign.
                U::Sign if x.is_nan() || x == 0.0 => x,
                U::Sign => (1.0 as $t).copysign(x),
                U::Erfc => <$t as Erfc>::erfc(x)?,
                U::Not | U::PopCnt | U::CountLeadingZeros | U::IsFinite => return None,
            })
        }

        fn $binary(b: BinaryOp, x: $t, y: $t) -> Option<$t> {
            use BinaryOp as B;
            Some(match b {
                B::Add => x + y,
                B::Sub => x - y,
                B::Mul => x * y,
                B::Div => x / y,
                B::Rem => x % y,
                B::Pow => x.powf(y),
                B::Atan2 => x.atan2(y),
                // NaN-propagating, and -0 < +0.
                B::Max | B::Min if x.is_nan() => x,
                B::Max | B::Min if y.is_nan() => y,
                B::Max if x == y => {
                    if x.is_sign_negative() {
                        y
                    } else {
                        x
                    }
                }
                B::Min if x == y => {
                    if x.is_sign_negative() {
                        x
                    } else {
                        y
                    }
                }
                B::Max => x.max(y),
                B::Min => x.min(y),
                _ => return None,
            })
        }
    };
}

/// `UnaryOp::Erfc`, defined on f32 only: the runtime's bits, which compiled kernels
/// give too.
trait Erfc: Sized {
    fn erfc(self) -> Option<Self>;
}

impl Erfc for f32 {
    fn erfc(self) -> Option<f32> {
        Some(pjrtc_runtime::vecmath::erfc_f32(self))
    }
}

impl Erfc for f64 {
    fn erfc(self) -> Option<f64> {
        None
    }
}

float_ops!(unary_f32, binary_f32, f32);
float_ops!(unary_f64, binary_f64, f64);

/// One element of a unary op on dtype `d` (the result dtype is `d`, or `i1` for
/// `is_finite`).
pub(crate) fn unary_elem(u: UnaryOp, d: DType, bits: u64) -> Result<u64, EvalError> {
    let bad = || unsupported(format!("{u:?} on {d}"));
    if d.is_float() {
        if u == UnaryOp::IsFinite {
            return Ok(to_f64(d, bits).is_finite() as u64);
        }
        return Ok(if d == DType::F64 {
            unary_f64(u, f64::from_bits(bits))
                .ok_or_else(bad)?
                .to_bits()
        } else {
            let r = unary_f32(u, to_f64(d, bits) as f32).ok_or_else(bad)?;
            from_f64(d, r as f64)
        });
    }
    let v = to_int(d, bits);
    let w = d.bits();
    use UnaryOp as U;
    let r = match u {
        U::Abs => v.abs(),
        U::Neg => -v,
        U::Sign => v.signum(),
        U::Not if d == DType::I1 => 1 - v,
        U::Not => !v,
        U::PopCnt => from_int(d, v).count_ones() as i128,
        U::CountLeadingZeros => (from_int(d, v).leading_zeros() - (64 - w)) as i128,
        _ => return Err(bad()),
    };
    Ok(from_int(d, r))
}

/// Integer power by squaring, wrapping; negative exponents as the StableHLO interpreter
/// does: `1` and `-1` have exact powers, every other base gives 0.
fn int_pow(d: DType, base: i128, exp: i128) -> i128 {
    let mut e = exp;
    if e < 0 {
        match base {
            1 => return 1,
            -1 => e = -e,
            _ => return 0,
        }
    }
    let (mut acc, mut b) = (1i128, base);
    while e > 0 {
        if e & 1 == 1 {
            acc = to_int(d, from_int(d, acc.wrapping_mul(b)));
        }
        b = to_int(d, from_int(d, b.wrapping_mul(b)));
        e >>= 1;
    }
    acc
}

/// One element of a binary op on dtype `d`.
pub(crate) fn binary_elem(b: BinaryOp, d: DType, x: u64, y: u64) -> Result<u64, EvalError> {
    let bad = || unsupported(format!("{b:?} on {d}"));
    if d.is_float() {
        return Ok(if d == DType::F64 {
            binary_f64(b, f64::from_bits(x), f64::from_bits(y))
                .ok_or_else(bad)?
                .to_bits()
        } else {
            let (x, y) = (to_f64(d, x) as f32, to_f64(d, y) as f32);
            from_f64(d, binary_f32(b, x, y).ok_or_else(bad)? as f64)
        });
    }
    let (a, c) = (to_int(d, x), to_int(d, y));
    let w = d.bits() as u64;
    // Shift amounts are read as unsigned: a negative amount is a huge one.
    let amount = from_int(d, c);
    use BinaryOp as B;
    let r = match b {
        // Booleans: add is `or`, multiply is `and`.
        B::Add if d == DType::I1 => a | c,
        B::Mul if d == DType::I1 => a & c,
        B::Add => a.wrapping_add(c),
        B::Sub => a.wrapping_sub(c),
        B::Mul => a.wrapping_mul(c),
        B::Div if c == 0 => -1,
        B::Div => a / c,
        B::Rem if c == 0 => a,
        B::Rem => a % c,
        B::Pow => int_pow(d, a, c),
        B::Max => a.max(c),
        B::Min => a.min(c),
        B::And => a & c,
        B::Or => a | c,
        B::Xor => a ^ c,
        B::ShiftLeft if amount >= w => 0,
        B::ShiftLeft => a << amount,
        B::ShiftRightLogical if amount >= w => 0,
        B::ShiftRightLogical => (from_int(d, a) >> amount) as i128,
        B::ShiftRightArithmetic => {
            // Sign-extend the raw bits at the type's width, whatever its signedness.
            let s = ((from_int(d, a) << (64 - w)) as i64) >> (64 - w);
            (s >> amount.min(63)) as i128
        }
        B::Atan2 => return Err(bad()),
    };
    Ok(from_int(d, r))
}

/// Total order key of float bits (IEEE totalOrder): -NaN < -inf < ... < -0 < +0 < ... < +NaN.
fn total_order_key(d: DType, bits: u64) -> i128 {
    if d.minifloat().is_some() {
        // Ordered by value, as codegen (which holds them as f32) orders them.
        return total_order_key(DType::F32, convert_bits(d, DType::F32, bits));
    }
    let w = d.bits();
    let sign = (bits >> (w - 1)) & 1 == 1;
    let mag = (bits & ((1u64 << (w - 1)) - 1)) as i128;
    if sign { -mag - 1 } else { mag }
}

pub(crate) fn compare_elem(
    dir: CompareDirection,
    ty: Option<CompareType>,
    d: DType,
    x: u64,
    y: u64,
) -> bool {
    use std::cmp::Ordering;
    let ty = ty.unwrap_or(if d.is_float() {
        CompareType::Float
    } else if d.is_signed_int() {
        CompareType::Signed
    } else {
        CompareType::Unsigned
    });
    let ord: Option<Ordering> = match ty {
        CompareType::Float => to_f64(d, x).partial_cmp(&to_f64(d, y)),
        CompareType::TotalOrder if d.is_float() => {
            Some(total_order_key(d, x).cmp(&total_order_key(d, y)))
        }
        CompareType::Signed | CompareType::TotalOrder => {
            let sd = signed_of(d);
            Some(to_int(sd, x).cmp(&to_int(sd, y)))
        }
        CompareType::Unsigned => Some(from_int(d, x as i128).cmp(&from_int(d, y as i128))),
    };
    // Unordered (NaN) compares false, except `ne`.
    match (dir, ord) {
        (CompareDirection::Ne, None) => true,
        (_, None) => false,
        (CompareDirection::Eq, Some(o)) => o == Ordering::Equal,
        (CompareDirection::Ne, Some(o)) => o != Ordering::Equal,
        (CompareDirection::Lt, Some(o)) => o == Ordering::Less,
        (CompareDirection::Le, Some(o)) => o != Ordering::Greater,
        (CompareDirection::Gt, Some(o)) => o == Ordering::Greater,
        (CompareDirection::Ge, Some(o)) => o != Ordering::Less,
    }
}

fn signed_of(d: DType) -> DType {
    match d {
        DType::U8 => DType::I8,
        DType::U16 => DType::I16,
        DType::U32 => DType::I32,
        DType::U64 => DType::I64,
        DType::U2 => DType::I2,
        DType::U4 => DType::I4,
        other => other,
    }
}

/// One element of a unary op on any dtype (complex included).
pub(crate) fn unary_any(u: UnaryOp, d: DType, bits: u128) -> Result<u128, EvalError> {
    if d.is_complex() {
        return super::complex::unary(u, d, bits);
    }
    Ok(u128::from(unary_elem(u, d, bits as u64)?))
}

/// One element of a binary op on any dtype (complex included).
pub(crate) fn binary_any(b: BinaryOp, d: DType, x: u128, y: u128) -> Result<u128, EvalError> {
    if d.is_complex() {
        if b == BinaryOp::Rem {
            return Err(unsupported(format!(
                "remainder of {d} (the spec leaves it undefined)"
            )));
        }
        return super::complex::binary(b, d, x, y);
    }
    Ok(u128::from(binary_elem(b, d, x as u64, y as u64)?))
}

/// One element of a compare on any dtype (complex: lexicographic on (re, im)).
pub(crate) fn compare_any(
    dir: CompareDirection,
    ty: Option<CompareType>,
    d: DType,
    x: u128,
    y: u128,
) -> bool {
    if d.is_complex() {
        let (p, q) = (super::complex::parts(d, x), super::complex::parts(d, y));
        return super::complex::compare(&mut super::complex::F64, dir, p, q);
    }
    compare_elem(dir, ty, d, x as u64, y as u64)
}

pub(crate) fn unary(u: UnaryOp, x: &Tensor) -> Result<Tensor, EvalError> {
    let d = x.dtype();
    let out = match (u, d.complex_part()) {
        (UnaryOp::IsFinite, _) => DType::I1,
        (UnaryOp::Abs, Some(part)) => part,
        _ => d,
    };
    let bits = x
        .bits
        .iter()
        .map(|&b| unary_any(u, d, b))
        .collect::<Result<_, _>>()?;
    Ok(Tensor::new(x.ty.with_dtype(out), bits))
}

pub(crate) fn binary(b: BinaryOp, x: &Tensor, y: &Tensor) -> Result<Tensor, EvalError> {
    let d = x.dtype();
    let bits = x
        .bits
        .iter()
        .zip(&y.bits)
        .map(|(&p, &q)| binary_any(b, d, p, q))
        .collect::<Result<_, _>>()?;
    Ok(Tensor::new(x.ty.clone(), bits))
}

pub(crate) fn compare(
    dir: CompareDirection,
    ty: Option<CompareType>,
    x: &Tensor,
    y: &Tensor,
) -> Tensor {
    let d = x.dtype();
    let bits = x
        .bits
        .iter()
        .zip(&y.bits)
        .map(|(&p, &q)| compare_any(dir, ty, d, p, q) as u128)
        .collect();
    Tensor::new(x.ty.with_dtype(DType::I1), bits)
}

/// `stablehlo.real` / `stablehlo.imag`: a part of each complex element; a float is its
/// own real part and has a zero (+0) imaginary part.
pub(crate) fn part(x: &Tensor, imag: bool) -> Tensor {
    let d = x.dtype();
    let Some(part) = d.complex_part() else {
        let bits = if imag {
            vec![0; x.bits.len()]
        } else {
            x.bits.clone()
        };
        return Tensor::new(x.ty.clone(), bits);
    };
    let w = part.bits();
    let mask = (1u128 << w) - 1;
    let shift = if imag { w } else { 0 };
    let bits = x.bits.iter().map(|&b| (b >> shift) & mask).collect();
    Tensor::new(x.ty.with_dtype(part), bits)
}

/// `stablehlo.complex(re, im)`.
pub(crate) fn complex(re: &Tensor, im: &Tensor) -> Tensor {
    let d = re.dtype();
    let c = d.complex_of().unwrap_or(DType::C128);
    let bits = re
        .bits
        .iter()
        .zip(&im.bits)
        .map(|(&r, &i)| r | i << d.bits())
        .collect();
    Tensor::new(re.ty.with_dtype(c), bits)
}

/// Element `i` of a tensor that is either a scalar or of the full shape.
fn bcast(t: &Tensor, i: usize) -> u128 {
    if t.ty.rank() == 0 {
        t.bits[0]
    } else {
        t.bits[i]
    }
}

pub(crate) fn select(p: &Tensor, t: &Tensor, f: &Tensor) -> Tensor {
    let bits = (0..t.bits.len())
        .map(|i| {
            if bcast(p, i) & 1 == 1 {
                t.bits[i]
            } else {
                f.bits[i]
            }
        })
        .collect();
    Tensor::new(t.ty.clone(), bits)
}

/// `min(max(x, lo), hi)` with the NaN-propagating max/min.
pub(crate) fn clamp(lo: &Tensor, x: &Tensor, hi: &Tensor) -> Result<Tensor, EvalError> {
    let d = x.dtype();
    let bits = (0..x.bits.len())
        .map(|i| {
            let m = binary_any(BinaryOp::Max, d, x.bits[i], bcast(lo, i))?;
            binary_any(BinaryOp::Min, d, m, bcast(hi, i))
        })
        .collect::<Result<_, _>>()?;
    Ok(Tensor::new(x.ty.clone(), bits))
}

/// `bitcast_convert`: reinterprets raw bits. Between widths, the narrow side has an extra
/// minor dimension and element `k` of it holds bits `[k * narrow, (k + 1) * narrow)` of the
/// wide value (little-endian; `i1` is one bit, not one byte).
pub(crate) fn bitcast_convert(x: &Tensor, ty: &TensorType) -> Tensor {
    let (a, b) = (x.dtype().bits(), ty.dtype.bits());
    let mask = |w: u32| {
        if w >= 128 {
            u128::MAX
        } else {
            (1u128 << w) - 1
        }
    };
    let bits = if a == b {
        x.bits.clone()
    } else if a > b {
        x.bits
            .iter()
            .flat_map(|&v| (0..a / b).map(move |k| (v >> (k * b)) & mask(b)))
            .collect()
    } else {
        x.bits
            .chunks((b / a) as usize)
            .map(|piece| {
                piece
                    .iter()
                    .enumerate()
                    .fold(0, |acc, (k, &v)| acc | (v & mask(a)) << (k as u32 * a))
            })
            .collect()
    };
    Tensor::new(ty.clone(), bits)
}

pub(crate) fn convert(x: &Tensor, to: DType) -> Tensor {
    let from = x.dtype();
    let bits = x
        .bits
        .iter()
        .map(|&b| super::complex::convert(from, to, b))
        .collect();
    Tensor::new(x.ty.with_dtype(to), bits)
}

/// `stablehlo.reduce_precision` of one element, on the raw bits as XLA does it: round the
/// mantissa to nearest even, then overflow to infinity / flush below the reduced normal
/// range to zero; NaNs stay NaN.
pub(crate) fn reduce_precision_elem(d: DType, bits: u64, ebits: u32, mbits: u32) -> u64 {
    if d.minifloat().is_some() {
        // Every minifloat value is an f32: reduce there, then round back.
        let f = convert_bits(d, DType::F32, bits);
        let r = reduce_precision_elem(DType::F32, f, ebits, mbits);
        return convert_bits(DType::F32, d, r);
    }
    let (src_e, src_m) = match d {
        DType::F16 => (5u32, 10u32),
        DType::BF16 => (8, 7),
        DType::F32 => (8, 23),
        _ => (11, 52),
    };
    let w = src_e + src_m + 1;
    let sign_mask = 1u64 << (w - 1);
    let exp_mask = ((1u64 << src_e) - 1) << src_m;
    let man_mask = (1u64 << src_m) - 1;
    let is_nan = bits & exp_mask == exp_mask && bits & man_mask != 0;
    let mut x = bits;
    if mbits < src_m {
        let last = 1u64 << (src_m - mbits);
        let bias = (last >> 1) - 1 + ((x & last) >> (src_m - mbits));
        x = x.wrapping_add(bias) & !(last - 1);
        // Clear any carry past the sign bit.
        x &= (sign_mask << 1).wrapping_sub(1);
    }
    if ebits < src_e {
        let exp_bias = (1i64 << (src_e - 1)) - 1;
        let red_bias = (1i64 << (ebits.max(1) - 1)) - 1;
        let max_e = (exp_bias + red_bias) as u64;
        let min_e = (exp_bias - red_bias) as u64;
        let e = x & exp_mask;
        let signed_zero = x & sign_mask;
        if e > max_e << src_m {
            x = signed_zero | exp_mask;
        } else if e <= min_e << src_m {
            x = signed_zero;
        }
    }
    if is_nan {
        if mbits > 0 {
            bits
        } else {
            (bits & sign_mask) | exp_mask
        }
    } else {
        x
    }
}

pub(crate) fn reduce_precision(x: &Tensor, ebits: i32, mbits: i32) -> Tensor {
    let d = x.dtype();
    let (e, m) = (ebits.max(1) as u32, mbits.max(0) as u32);
    let bits = x
        .bits
        .iter()
        .map(|&b| u128::from(reduce_precision_elem(d, b as u64, e, m)))
        .collect();
    Tensor::new(x.ty.clone(), bits)
}
