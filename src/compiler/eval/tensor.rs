//! The evaluator's working form of a tensor: its type and one zero-extended `u128` of raw
//! bits per element (a complex element is its real part's bits, then its imaginary
//! part's above them, as in memory), plus the exact scalar conversions between dtypes.
use super::EvalError;
use crate::compiler::ir::{DType, Literal, TensorType};
use half::{bf16, f16};

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Tensor {
    pub ty: TensorType,
    pub bits: Vec<u128>,
}

impl Tensor {
    pub fn from_literal(l: &Literal) -> Result<Tensor, EvalError> {
        crate::compiler::passes::verify::check_type(&l.ty)
            .map_err(|m| EvalError::Invalid(format!("literal of type {}: {m}", l.ty)))?;
        let w = l.ty.dtype.size();
        if l.bytes.len() as u64 != l.ty.byte_size() {
            return Err(EvalError::Invalid(format!(
                "literal of type {} has {} bytes",
                l.ty,
                l.bytes.len()
            )));
        }
        let bits = l
            .bytes
            .chunks_exact(w)
            .map(|c| {
                let mut b = [0u8; 16];
                b[..w].copy_from_slice(c);
                u128::from_le_bytes(b)
            })
            .collect();
        Ok(Tensor {
            ty: l.ty.clone(),
            bits,
        })
    }

    pub fn to_literal(&self) -> Literal {
        let w = self.ty.dtype.size();
        let mut bytes = Vec::with_capacity(self.bits.len() * w);
        for b in &self.bits {
            bytes.extend_from_slice(&b.to_le_bytes()[..w]);
        }
        Literal {
            ty: self.ty.clone(),
            bytes: bytes.into(),
        }
    }

    pub fn new(ty: TensorType, bits: Vec<u128>) -> Tensor {
        Tensor { ty, bits }
    }

    /// A tensor of a real dtype from 64-bit element bits.
    pub fn from_u64(ty: TensorType, bits: impl IntoIterator<Item = u64>) -> Tensor {
        Tensor {
            ty,
            bits: bits.into_iter().map(u128::from).collect(),
        }
    }

    /// Element `i`'s bits, for the real dtypes (at most 64 bits wide).
    pub fn word(&self, i: usize) -> u64 {
        self.bits[i] as u64
    }

    pub fn dtype(&self) -> DType {
        self.ty.dtype
    }

    pub fn shape(&self) -> Vec<usize> {
        dims(&self.ty)
    }

    /// Element `i` as an exact integer (sign- or zero-extended by dtype).
    pub fn int(&self, i: usize) -> i128 {
        to_int(self.ty.dtype, self.word(i))
    }
}

/// Shape as `usize`s (types are checked to have non-negative dims before evaluation).
pub(crate) fn dims(t: &TensorType) -> Vec<usize> {
    t.shape.iter().map(|&d| d.max(0) as usize).collect()
}

pub(crate) fn strides(shape: &[usize]) -> Vec<usize> {
    let mut s = vec![1; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        s[d] = s[d + 1] * shape[d + 1];
    }
    s
}

/// Calls `f` with every multi-index of `shape` in row-major order.
pub(crate) fn for_each_index(shape: &[usize], mut f: impl FnMut(&[usize])) {
    if shape.contains(&0) {
        return;
    }
    let mut idx = vec![0usize; shape.len()];
    loop {
        f(&idx);
        let mut d = shape.len();
        loop {
            if d == 0 {
                return;
            }
            d -= 1;
            idx[d] += 1;
            if idx[d] < shape[d] {
                break;
            }
            idx[d] = 0;
        }
    }
}

/// Like [`for_each_index`] but `f` may fail, which stops the iteration.
pub(crate) fn try_for_each_index(
    shape: &[usize],
    mut f: impl FnMut(&[usize]) -> Result<(), EvalError>,
) -> Result<(), EvalError> {
    let mut r = Ok(());
    for_each_index(shape, |i| {
        if r.is_ok() {
            r = f(i);
        }
    });
    r
}

pub(crate) fn ravel(idx: &[usize], strides: &[usize]) -> usize {
    idx.iter().zip(strides).map(|(i, s)| i * s).sum()
}

fn mask(d: DType) -> u64 {
    match d.bits() {
        64 => u64::MAX,
        b => (1u64 << b) - 1,
    }
}

/// Zero-extended bits of an integer dtype as their exact value.
pub(crate) fn to_int(d: DType, bits: u64) -> i128 {
    if d.is_signed_int() {
        let w = d.bits();
        (((bits << (64 - w)) as i64) >> (64 - w)) as i128
    } else {
        (bits & mask(d)) as i128
    }
}

/// Wraps an integer to the width of `d` (two's complement), as zero-extended bits.
pub(crate) fn from_int(d: DType, v: i128) -> u64 {
    (v as u64) & mask(d)
}

/// Exact value of float bits.
pub(crate) fn to_f64(d: DType, bits: u64) -> f64 {
    match d {
        DType::F16 => f16::from_bits(bits as u16).to_f64(),
        DType::BF16 => bf16::from_bits(bits as u16).to_f64(),
        DType::F32 => f32::from_bits(bits as u32) as f64,
        d if let Some(f) = d.minifloat() => f.decode(bits as u32),
        _ => f64::from_bits(bits),
    }
}

/// Significand precision (with the implicit bit), minimum normal exponent and largest
/// finite value of the narrow float formats.
fn format(d: DType) -> (i32, i32, f64) {
    match d {
        DType::F16 => (11, -14, 65504.0),
        _ => (8, -126, bf16::MAX.to_f64()),
    }
}

/// Rounds `x` to the nearest value of float dtype `d` (ties to even), as bits.
/// f16/bf16 are rounded here, in one step, so no double rounding through f32 happens.
pub(crate) fn from_f64(d: DType, x: f64) -> u64 {
    if let Some(f) = d.minifloat() {
        // One rounding, straight from f64.
        return u64::from(f.encode(x));
    }
    match d {
        DType::F64 => x.to_bits(),
        DType::F32 => (x as f32).to_bits() as u64,
        DType::F16 | DType::BF16 => {
            let r = if x.is_nan() || x.is_infinite() || x == 0.0 {
                x
            } else {
                let (p, emin, max) = format(d);
                let e = (((x.to_bits() >> 52) & 0x7ff) as i32 - 1023).max(emin);
                let quantum = 2f64.powi(e - p + 1);
                let r = (x / quantum).round_ties_even() * quantum;
                if r.abs() > max {
                    f64::INFINITY.copysign(x)
                } else {
                    r
                }
            };
            // `r` is representable (or NaN/inf), so this conversion is exact.
            if d == DType::F16 {
                f16::from_f64(r).to_bits() as u64
            } else {
                bf16::from_f64(r).to_bits() as u64
            }
        }
        // Not a float type: callers convert through `convert_bits`.
        _ => 0,
    }
}

/// Rounds an exact integer to float dtype `d` (ties to even), as bits.
pub(crate) fn int_to_float(d: DType, v: i128) -> u64 {
    let p = match d {
        d if let Some(f) = d.minifloat() => f.mbits + 1,
        DType::F16 => 11,
        DType::BF16 => 8,
        DType::F32 => 24,
        _ => 53,
    };
    let mag = v.unsigned_abs();
    let len = 128 - mag.leading_zeros();
    let x = if len <= p {
        mag as f64
    } else {
        let shift = len - p;
        let mut q = mag >> shift;
        let rem = mag & ((1u128 << shift) - 1);
        let half = 1u128 << (shift - 1);
        if rem > half || (rem == half && q & 1 == 1) {
            q += 1;
        }
        q as f64 * 2f64.powi(shift as i32)
    };
    from_f64(d, if v < 0 { -x } else { x })
}

/// `stablehlo.convert` of one element.
pub(crate) fn convert_bits(from: DType, to: DType, bits: u64) -> u64 {
    if from.is_float() {
        let x = to_f64(from, bits);
        if to.is_float() {
            return from_f64(to, x);
        }
        // Truncation toward zero with saturation, NaN -> 0: exactly Rust's `as`.
        let v: i128 = match to {
            DType::I1 => (x != 0.0) as i128,
            DType::I8 => x as i8 as i128,
            DType::I16 => x as i16 as i128,
            DType::I32 => x as i32 as i128,
            DType::I64 => x as i64 as i128,
            DType::U8 => x as u8 as i128,
            DType::U16 => x as u16 as i128,
            DType::U32 => x as u32 as i128,
            DType::U64 => x as u64 as i128,
            // Sub-byte integers saturate to their range like the wider ones.
            d => {
                let (lo, hi) = d.int_range();
                (x as i64 as i128).clamp(lo, hi)
            }
        };
        return from_int(to, v);
    }
    let v = to_int(from, bits);
    if to.is_float() {
        int_to_float(to, v)
    } else if to == DType::I1 {
        (v != 0) as u64
    } else {
        from_int(to, v)
    }
}
