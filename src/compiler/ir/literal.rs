//! Constant tensors.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;
use std::sync::{Arc, OnceLock};

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
///
/// A splat (one element repeated, as `dense<1.0> : tensor<1x56x56x384xf32>` and splat
/// bytecode attributes write it) keeps its element and count: models carry hundreds of
/// such constants of a whole activation's size, which are only ever read as one value.
/// Its bytes are written out on first access to them (and then kept), so every reader
/// of `&[u8]` still sees dense bytes.
#[derive(Clone)]
pub struct LitBytes(Repr);

#[derive(Clone)]
enum Repr {
    Dense(Arc<Vec<u8>>),
    Splat(Arc<Splat>),
}

struct Splat {
    element: Vec<u8>,
    count: usize,
    expanded: OnceLock<Arc<Vec<u8>>>,
}

impl Splat {
    fn expanded(&self) -> &Arc<Vec<u8>> {
        self.expanded
            .get_or_init(|| Arc::new(self.element.repeat(self.count)))
    }
}

impl Default for LitBytes {
    fn default() -> LitBytes {
        LitBytes(Repr::Dense(Arc::default()))
    }
}

/// Bytes hashed at each end of a literal: equal bytes hash equal, and weights of
/// megabytes are not read whole to hash them (equality still compares everything).
const HASHED_ENDS: usize = 256;

impl LitBytes {
    /// `count` copies of `element`, kept as one until someone reads the bytes.
    pub fn splat(element: &[u8], count: usize) -> LitBytes {
        LitBytes(Repr::Splat(Arc::new(Splat {
            element: element.to_vec(),
            count,
            expanded: OnceLock::new(),
        })))
    }

    pub fn len(&self) -> usize {
        match &self.0 {
            Repr::Dense(v) => v.len(),
            Repr::Splat(s) => s.element.len() * s.count,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The repeated element of a literal made as a splat (without looking at its bytes).
    fn splat_element(&self) -> Option<&[u8]> {
        match &self.0 {
            Repr::Splat(s) if s.count > 0 => Some(&s.element),
            _ => None,
        }
    }

    /// The bytes for writing; copied first only if another literal shares them.
    pub fn make_mut(&mut self) -> &mut Vec<u8> {
        if let Repr::Splat(s) = &self.0 {
            self.0 = Repr::Dense(Arc::clone(s.expanded()));
        }
        match &mut self.0 {
            Repr::Dense(v) => Arc::make_mut(v),
            Repr::Splat(_) => unreachable!("made dense above"),
        }
    }

    /// Another handle on the same bytes (an artifact's constants section keeps them
    /// without copying).
    pub fn shared(&self) -> Arc<Vec<u8>> {
        match &self.0 {
            Repr::Dense(v) => Arc::clone(v),
            Repr::Splat(s) => Arc::clone(s.expanded()),
        }
    }
}

impl From<Vec<u8>> for LitBytes {
    fn from(v: Vec<u8>) -> LitBytes {
        LitBytes(Repr::Dense(Arc::new(v)))
    }
}

impl Deref for LitBytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match &self.0 {
            Repr::Dense(v) => v,
            Repr::Splat(s) => s.expanded(),
        }
    }
}

impl AsRef<[u8]> for LitBytes {
    fn as_ref(&self) -> &[u8] {
        self
    }
}

impl PartialEq for LitBytes {
    fn eq(&self, other: &LitBytes) -> bool {
        match (&self.0, &other.0) {
            (Repr::Dense(a), Repr::Dense(b)) => Arc::ptr_eq(a, b) || a == b,
            (Repr::Splat(a), Repr::Splat(b)) if a.element.len() == b.element.len() => {
                a.count == b.count && (a.count == 0 || a.element == b.element)
            }
            (Repr::Splat(s), Repr::Dense(d)) | (Repr::Dense(d), Repr::Splat(s)) => {
                d.len() == s.element.len() * s.count
                    && d.chunks_exact(s.element.len().max(1))
                        .all(|c| c == s.element.as_slice())
            }
            _ => **self == **other,
        }
    }
}

impl Eq for LitBytes {}

impl Hash for LitBytes {
    fn hash<H: Hasher>(&self, h: &mut H) {
        let n = self.len();
        n.hash(h);
        let (head, tail) = (
            0..n.min(HASHED_ENDS),
            n.saturating_sub(HASHED_ENDS).max(n.min(HASHED_ENDS))..n,
        );
        match &self.0 {
            Repr::Dense(v) => {
                h.write(&v[head]);
                h.write(&v[tail]);
            }
            Repr::Splat(s) => {
                // The same bytes a dense copy would give: one period of the element,
                // rotated to the range's start, then doubled in place (a remainder per
                // byte, then a byte loop, cost CSE more than hashing everything else).
                let mut buf = [0u8; HASHED_ENDS];
                let e = &s.element;
                for range in [head, tail] {
                    let len = range.len();
                    let period = e.len().min(len);
                    let phase = if e.is_empty() {
                        0
                    } else {
                        range.start % e.len()
                    };
                    for (b, x) in buf[..period].iter_mut().zip(e.iter().cycle().skip(phase)) {
                        *b = *x;
                    }
                    let mut filled = period;
                    while filled > 0 && filled < len {
                        let n = filled.min(len - filled);
                        buf.copy_within(0..n, filled);
                        filled += n;
                    }
                    h.write(&buf[..len]);
                }
            }
        }
    }
}

impl PartialEq<Vec<u8>> for LitBytes {
    fn eq(&self, other: &Vec<u8>) -> bool {
        **self == **other
    }
}

impl PartialEq<[u8]> for LitBytes {
    fn eq(&self, other: &[u8]) -> bool {
        **self == *other
    }
}

impl<const N: usize> PartialEq<[u8; N]> for LitBytes {
    fn eq(&self, other: &[u8; N]) -> bool {
        **self == *other
    }
}

impl fmt::Debug for LitBytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Splat(s) => write!(f, "{:?} x {}", s.element, s.count),
            Repr::Dense(v) => v.fmt(f),
        }
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
            bytes: LitBytes::splat(element, n),
            ty,
        }
    }

    /// Element bytes of element `i` (row-major linear index).
    pub fn element(&self, i: usize) -> &[u8] {
        let w = self.ty.dtype.size();
        match self.bytes.splat_element() {
            Some(e) if e.len() == w && i < self.bytes.len() / w.max(1) => e,
            _ => &self.bytes[i * w..(i + 1) * w],
        }
    }

    /// True if every element has the same bytes (empty tensors count as splats).
    pub fn is_splat(&self) -> bool {
        let w = self.ty.dtype.size();
        if self.bytes.splat_element().is_some_and(|e| e.len() == w) {
            return true;
        }
        // Bytes equal to themselves shifted by one element: one vectorized comparison.
        let b: &[u8] = &self.bytes;
        b.len() <= w || b.len().is_multiple_of(w) && b[w..] == b[..b.len() - w]
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::DefaultHasher;

    fn hash(l: &Literal) -> u64 {
        let mut h = DefaultHasher::new();
        l.hash(&mut h);
        h.finish()
    }

    fn is_expanded(b: &LitBytes) -> bool {
        match &b.0 {
            Repr::Dense(_) => true,
            Repr::Splat(s) => s.expanded.get().is_some(),
        }
    }

    #[test]
    fn splats_stay_one_element_until_their_bytes_are_read() {
        let ty = TensorType::new(DType::F32, [3, 700]);
        let one = 1.5f32.to_le_bytes();
        let s = Literal::splat(ty.clone(), &one);
        assert!(s.is_splat());
        assert_eq!(s.bytes.len(), 4 * 2100);
        assert_eq!(s.element(1234), one);
        assert_eq!(s.element_f64(2099), 1.5);
        let dense = Literal::new(ty.clone(), one.repeat(2100));
        // Equal to the same bytes written out, with the same hash (CSE relies on both).
        assert_eq!(s, dense);
        assert_eq!(hash(&s), hash(&dense));
        assert!(
            !is_expanded(&s.bytes),
            "compared and hashed without expanding"
        );
        let mut other = one.repeat(2100);
        other[4 * 1000] ^= 1;
        assert_ne!(s, Literal::new(ty.clone(), other));
        assert_ne!(s, Literal::splat(ty.clone(), &2.5f32.to_le_bytes()));
        // Reading the bytes writes them out once; writing copies them into a dense literal.
        assert_eq!(&s.bytes[..8], [one, one].concat());
        assert!(is_expanded(&s.bytes));
        let mut w = s.clone();
        w.bytes.make_mut()[0] ^= 0x80;
        assert!(!w.is_splat());
        assert_ne!(w.element(0), one);
        assert_eq!(w.element(1), one);
        assert!(s.is_splat(), "the original is unchanged");
    }

    #[test]
    fn dense_literals_know_whether_they_are_splats() {
        let ty = TensorType::new(DType::I16, [5]);
        let l = Literal::new(ty.clone(), [7u8, 1].repeat(5));
        assert!(l.is_splat());
        let mut b = [7u8, 1].repeat(5);
        b[9] = 2;
        assert!(!Literal::new(ty.clone(), b).is_splat());
        // Bytes repeating with a period that is not the element size: not a splat.
        let l = Literal::new(ty, vec![3, 3, 3, 3, 3, 3, 3, 3, 3, 4]);
        assert!(!l.is_splat());
        assert!(Literal::new(TensorType::new(DType::F32, [0]), vec![]).is_splat());
    }

    #[test]
    fn splats_of_odd_element_sizes_hash_like_their_bytes() {
        let h = |b: &LitBytes| {
            let mut s = DefaultHasher::new();
            b.hash(&mut s);
            s.finish()
        };
        for element in [
            &[7u8][..],
            &[1, 2, 3],
            &[1, 2, 3, 4, 5],
            &[9; 16],
            &[4; 300],
        ] {
            for count in [0usize, 1, 2, 50, 85, 86, 100, 171, 1000] {
                let dense: Vec<u8> = element
                    .iter()
                    .copied()
                    .cycle()
                    .take(element.len() * count)
                    .collect();
                let splat = LitBytes::splat(element, count);
                assert_eq!(
                    h(&splat),
                    h(&LitBytes::from(dense)),
                    "{element:?} x {count}"
                );
            }
        }
    }

    #[test]
    fn literals_of_every_length_hash_like_their_bytes() {
        for n in [0usize, 1, 3, 255, 256, 257, 511, 512, 513, 4096] {
            let ty = TensorType::new(DType::U8, [n as i64]);
            let splat = Literal::splat(ty.clone(), &[9]);
            assert_eq!(
                hash(&splat),
                hash(&Literal::new(ty.clone(), vec![9; n])),
                "{n}"
            );
            let ramp: Vec<u8> = (0..n).map(|i| i as u8).collect();
            assert_eq!(
                hash(&Literal::new(ty.clone(), ramp.clone())),
                hash(&Literal::new(ty, ramp))
            );
        }
    }
}
