//! Constant tensors.

use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

use super::types::{DType, TensorType};

/// A constant tensor: dense little-endian element bytes in row-major order, exactly
/// `ty.byte_size()` long. `I1` uses one byte per element holding 0 or 1; f16/bf16 are
/// their 2-byte bit patterns.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Literal {
    pub ty: TensorType,
    pub bytes: LitBytes,
}

/// A literal's bytes, shared: cloning a literal (inlining, folding, lowering) copies a
/// pointer, not megabytes of weights. Compares and hashes by content.
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct LitBytes(Arc<Vec<u8>>);

impl LitBytes {
    /// The bytes for writing; copied first only if another literal shares them.
    pub fn make_mut(&mut self) -> &mut Vec<u8> {
        Arc::make_mut(&mut self.0)
    }

    /// Another handle on the same bytes (an artifact's constants section keeps them
    /// without copying).
    pub fn shared(&self) -> Arc<Vec<u8>> {
        Arc::clone(&self.0)
    }
}

impl From<Vec<u8>> for LitBytes {
    fn from(v: Vec<u8>) -> LitBytes {
        LitBytes(Arc::new(v))
    }
}

impl Deref for LitBytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.0
    }
}

impl AsRef<[u8]> for LitBytes {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl PartialEq<Vec<u8>> for LitBytes {
    fn eq(&self, other: &Vec<u8>) -> bool {
        **self.0 == **other
    }
}

impl PartialEq<[u8]> for LitBytes {
    fn eq(&self, other: &[u8]) -> bool {
        **self.0 == *other
    }
}

impl<const N: usize> PartialEq<[u8; N]> for LitBytes {
    fn eq(&self, other: &[u8; N]) -> bool {
        **self.0 == *other
    }
}

impl fmt::Debug for LitBytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Literal {
    /// A literal owning `bytes` (not copied).
    pub fn new(ty: TensorType, bytes: Vec<u8>) -> Literal {
        Literal {
            ty,
            bytes: bytes.into(),
        }
    }

    /// A literal whose every element is the given element bytes.
    pub fn splat(ty: TensorType, element: &[u8]) -> Literal {
        debug_assert_eq!(element.len(), ty.dtype.size());
        let n = ty.num_elements() as usize;
        Literal {
            bytes: element.repeat(n).into(),
            ty,
        }
    }

    /// Element bytes of element `i` (row-major linear index).
    pub fn element(&self, i: usize) -> &[u8] {
        let w = self.ty.dtype.size();
        &self.bytes[i * w..(i + 1) * w]
    }

    /// True if every element has the same bytes (empty tensors count as splats).
    pub fn is_splat(&self) -> bool {
        let w = self.ty.dtype.size();
        self.bytes
            .chunks_exact(w)
            .all(|c| c == &self.bytes[..w.min(self.bytes.len())])
    }

    /// Element `i` widened to raw 64-bit bits (zero-extended), for scalar immediates
    /// (of a complex128 element, the real part's bits).
    pub fn element_bits(&self, i: usize) -> u64 {
        let mut b = [0u8; 8];
        let e = self.element(i);
        let n = e.len().min(8);
        b[..n].copy_from_slice(&e[..n]);
        u64::from_le_bytes(b)
    }

    /// Element `i` as f64 (floats) or as the exact integer value converted to f64.
    pub fn element_f64(&self, i: usize) -> f64 {
        scalar_to_f64(self.ty.dtype, self.element_bits(i))
    }

    /// Element `i` as i64 for integer types (sign- or zero-extended by dtype).
    pub fn element_i64(&self, i: usize) -> i64 {
        scalar_to_i64(self.ty.dtype, self.element_bits(i))
    }
}

/// Interprets zero-extended element bits of `dtype` as f64.
pub fn scalar_to_f64(dtype: DType, bits: u64) -> f64 {
    match dtype {
        DType::F16 => half::f16::from_bits(bits as u16).to_f64(),
        DType::BF16 => half::bf16::from_bits(bits as u16).to_f64(),
        DType::F32 => f32::from_bits(bits as u32) as f64,
        DType::F64 => f64::from_bits(bits),
        d if let Some(f) = d.minifloat() => f.decode(bits as u32),
        d if d.is_unsigned_int() || d == DType::I1 => bits as f64,
        _ => scalar_to_i64(dtype, bits) as f64,
    }
}

/// Interprets zero-extended element bits of an integer `dtype` as i64 (u64 values above
/// i64::MAX wrap, as their bits are the same).
pub fn scalar_to_i64(dtype: DType, bits: u64) -> i64 {
    match dtype {
        DType::I8 => bits as u8 as i8 as i64,
        DType::I16 => bits as u16 as i16 as i64,
        DType::I32 => bits as u32 as i32 as i64,
        d if d.is_sub_byte_int() => d.int_value(bits) as i64,
        _ => bits as i64,
    }
}
