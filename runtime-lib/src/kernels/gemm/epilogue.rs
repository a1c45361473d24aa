//! Epilogues ([`crate::format::Epilogue`]) as the f32 kernels apply them: the blocked
//! product's register tiles apply one to their sums as they store the last summation
//! block (`store!` in the tiles, through [`simd`]); the depthwise loops to each output
//! row while it is in L1; other paths apply [`apply`] to their output afterwards.
//!
//! Each element becomes exactly what the separate StableHLO ops give: `x * scale[j]`
//! rounded, `+ bias[j]` rounded, then the activation with StableHLO's `maximum` and
//! `minimum`: NaN stays NaN, and zeros compare as `-0 < +0`. x86's `maxps`/`minps`
//! return their second operand on NaN and on two zeros, so `max(lo, y)` keeps a NaN `y`;
//! where the operands compare equal (two zeros, or the same value) the result is their
//! bitwise AND for the maximum (+0 if either is +0) and OR for the minimum.

use crate::format::{Activation, Epilogue};
use crate::kernels::Bases;

/// An epilogue's activation at run time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Act {
    None,
    /// `maximum(x, +0)`.
    Relu,
    /// `minimum(maximum(x, lo), hi)`.
    Clamp(f32, f32),
}

/// An epilogue's operands at run time.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Epi {
    /// Column `j` multiplies by `scale[j]` (null: no scale).
    pub scale: *const f32,
    /// Then adds `bias[j]` (null: no bias).
    pub bias: *const f32,
    pub act: Act,
}

// SAFETY: an Epi is addresses of floats that every thread only reads (the decoder
// checked that no output overlaps a scale or bias).
unsafe impl Send for Epi {}
// SAFETY: as for Send; no interior mutability.
unsafe impl Sync for Epi {}

/// StableHLO's `maximum` of f32 (NaN if either is; `-0 < +0`).
#[inline(always)]
pub(crate) fn max(a: f32, b: f32) -> f32 {
    if a.is_nan() || b.is_nan() {
        f32::NAN
    } else if a == b {
        f32::from_bits(a.to_bits() & b.to_bits())
    } else if a > b {
        a
    } else {
        b
    }
}

/// StableHLO's `minimum` of f32.
#[inline(always)]
pub(crate) fn min(a: f32, b: f32) -> f32 {
    if a.is_nan() || b.is_nan() {
        f32::NAN
    } else if a == b {
        f32::from_bits(a.to_bits() | b.to_bits())
    } else if a < b {
        a
    } else {
        b
    }
}

impl Epi {
    /// No epilogue.
    pub const NONE: Epi = Epi {
        scale: std::ptr::null(),
        bias: std::ptr::null(),
        act: Act::None,
    };

    /// The run-time form of `e`, its vectors in the regions at `base`.
    pub fn of(e: &Epilogue, base: &Bases) -> Epi {
        let at = |b: &Option<crate::format::BufRef>| {
            b.map_or(std::ptr::null(), |b| base.ptr(&b) as *const f32)
        };
        Epi {
            scale: at(&e.scale),
            bias: at(&e.bias),
            act: match e.activation {
                Activation::None => Act::None,
                Activation::Relu => Act::Relu,
                Activation::Clamp { lo, hi } => Act::Clamp(f32::from_bits(lo), f32::from_bits(hi)),
            },
        }
    }

    pub fn is_none(self) -> bool {
        self.scale.is_null() && self.bias.is_null() && self.act == Act::None
    }

    /// The epilogue of the columns from `j0` on (the addresses are only formed). Only the
    /// x86_64 blocked kernels split an epilogue by columns.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub fn at_column(self, j0: usize) -> Epi {
        let from = |p: *const f32| if p.is_null() { p } else { p.wrapping_add(j0) };
        Epi {
            scale: from(self.scale),
            bias: from(self.bias),
            ..self
        }
    }

    /// The activation alone.
    #[inline(always)]
    pub fn activate(self, y: f32) -> f32 {
        match self.act {
            Act::None => y,
            Act::Relu => max(y, 0.0),
            Act::Clamp(lo, hi) => min(max(y, lo), hi),
        }
    }

    /// One element of column `j`.
    ///
    /// # Safety
    /// A non-null scale or bias has a float at `j`.
    #[inline(always)]
    pub unsafe fn element(self, x: f32, j: usize) -> f32 {
        let mut y = x;
        if !self.scale.is_null() {
            // SAFETY: by the contract.
            y *= unsafe { *self.scale.add(j) };
        }
        if !self.bias.is_null() {
            // SAFETY: by the contract.
            y += unsafe { *self.bias.add(j) };
        }
        self.activate(y)
    }
}

/// Applies `epi` to the `rows x cols` f32 block at `c` (element `(i, j)` at `c + i * rs +
/// j * cs`), whose column `j` uses `epi`'s element `j`. `avx`: the CPU has AVX and the
/// artifact's [`crate::Isa`] allows it.
///
/// # Safety
/// The block is inside an f32 matrix nobody else accesses meanwhile; a non-null scale or
/// bias has `cols` readable floats, none of them in the block; `avx` holds.
pub(crate) unsafe fn apply(
    c: *mut f32,
    rs: isize,
    cs: isize,
    rows: usize,
    cols: usize,
    epi: Epi,
    avx: bool,
) {
    if epi.is_none() {
        return;
    }
    #[cfg(target_arch = "x86_64")]
    if cs == 1 && avx {
        // SAFETY: forwarded; the CPU has AVX.
        return unsafe { apply_avx(c, rs, rows, cols, epi) };
    }
    let _ = avx;
    for i in 0..rows {
        for j in 0..cols {
            // SAFETY: (i, j) is inside the block, and scale[j], bias[j] readable (the
            // contract).
            unsafe {
                let p = c.offset(i as isize * rs + j as isize * cs);
                p.write(epi.element(p.read(), j));
            }
        }
    }
}

/// [`apply`] for a block with unit column stride, eight floats at a time: one loop per
/// kind of epilogue (scale, bias, activation), so that none of them tests per vector what
/// the epilogue has (a depthwise convolution's scale, bias and clamp were a fifth of its
/// time with the tests in the loop, three branches per eight floats).
///
/// # Safety
/// As [`apply`] with `cs = 1`, on a CPU with AVX.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
unsafe fn apply_avx(c: *mut f32, rs: isize, rows: usize, cols: usize, epi: Epi) {
    // SAFETY (each arm): forwarded.
    unsafe {
        match (!epi.scale.is_null(), !epi.bias.is_null()) {
            (true, true) => apply_avx_act::<true, true>(c, rs, rows, cols, epi),
            (true, false) => apply_avx_act::<true, false>(c, rs, rows, cols, epi),
            (false, true) => apply_avx_act::<false, true>(c, rs, rows, cols, epi),
            (false, false) => apply_avx_act::<false, false>(c, rs, rows, cols, epi),
        }
    }
}

/// The activations of [`apply_avx_rows`].
#[cfg(target_arch = "x86_64")]
const ACT_NONE: u8 = 0;
#[cfg(target_arch = "x86_64")]
const ACT_RELU: u8 = 1;
#[cfg(target_arch = "x86_64")]
const ACT_CLAMP: u8 = 2;

/// [`apply_avx`] with a scale (`S`) and a bias (`B`) or not.
///
/// # Safety
/// As [`apply_avx`]; `epi` has a scale exactly if `S`, a bias exactly if `B`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
unsafe fn apply_avx_act<const S: bool, const B: bool>(
    c: *mut f32,
    rs: isize,
    rows: usize,
    cols: usize,
    epi: Epi,
) {
    // SAFETY (each arm): forwarded.
    unsafe {
        match epi.act {
            Act::None => apply_avx_rows::<S, B, ACT_NONE>(c, rs, rows, cols, epi),
            Act::Relu => apply_avx_rows::<S, B, ACT_RELU>(c, rs, rows, cols, epi),
            Act::Clamp(..) => apply_avx_rows::<S, B, ACT_CLAMP>(c, rs, rows, cols, epi),
        }
    }
}

/// The loop of [`apply_avx`] for one kind of epilogue (`A`: its activation).
///
/// # Safety
/// As [`apply_avx_act`]; `A` is `epi.act`'s kind.
#[cfg(target_arch = "x86_64")]
#[inline]
#[target_feature(enable = "avx")]
unsafe fn apply_avx_rows<const S: bool, const B: bool, const A: u8>(
    c: *mut f32,
    rs: isize,
    rows: usize,
    cols: usize,
    epi: Epi,
) {
    use std::arch::x86_64::*;
    let (lo, hi) = match epi.act {
        Act::Clamp(lo, hi) => (lo, hi),
        _ => (0.0, 0.0),
    };
    for i in 0..rows {
        // SAFETY: row i of the block (the contract).
        let row = unsafe { c.offset(i as isize * rs) };
        let mut j = 0;
        while j + 8 <= cols {
            // SAFETY: columns j..j + 8 of row i are in the block, and of the vectors
            // present (S, B).
            unsafe {
                let mut y = _mm256_loadu_ps(row.add(j));
                if S {
                    y = _mm256_mul_ps(y, _mm256_loadu_ps(epi.scale.add(j)));
                }
                if B {
                    y = _mm256_add_ps(y, _mm256_loadu_ps(epi.bias.add(j)));
                }
                y = match A {
                    ACT_RELU => simd::max8(0.0, y),
                    ACT_CLAMP => simd::min8(hi, simd::max8(lo, y)),
                    _ => y,
                };
                _mm256_storeu_ps(row.add(j), y);
            }
            j += 8;
        }
        for j in j..cols {
            // SAFETY: (i, j) is in the block, its vector elements readable.
            unsafe { row.add(j).write(epi.element(row.add(j).read(), j)) }
        }
    }
}

/// The epilogue on vectors of eight (AVX) and sixteen (AVX-512F) columns, for the tiles'
/// stores.
#[cfg(target_arch = "x86_64")]
pub(crate) mod simd {
    use super::Act;
    use std::arch::x86_64::*;

    // StableHLO's maximum and minimum of a bound `a` (not NaN) and each lane `y`.
    // `vmaxps(a, y)` and `vminps(a, y)` return their second operand, `y`, when either is
    // NaN, so NaN propagates; and a tie returns `y` too, which is right unless `a` and `y`
    // are zeros of opposite signs. So the instruction alone is StableHLO's operation for
    // every bound but one zero per operation: for max with `a = +0` (where `y = -0` gives
    // -0), adding +0 turns that -0 into +0 and leaves every other value as it is; for min
    // with `a = -0`, a blend on equality. Relu and ReLU6 bound at +0 and 6: one or two
    // instructions per bound instead of four.

    /// StableHLO's `maximum(a, y)` per lane, `a` not NaN.
    #[inline]
    #[target_feature(enable = "avx")]
    pub fn max8(a: f32, y: __m256) -> __m256 {
        let m = _mm256_max_ps(_mm256_set1_ps(a), y);
        if a.to_bits() == 0 {
            _mm256_add_ps(m, _mm256_setzero_ps())
        } else {
            m
        }
    }

    /// StableHLO's `minimum(a, y)` per lane, `a` not NaN.
    #[inline]
    #[target_feature(enable = "avx")]
    pub fn min8(a: f32, y: __m256) -> __m256 {
        let av = _mm256_set1_ps(a);
        let m = _mm256_min_ps(av, y);
        if a.to_bits() == (-0.0f32).to_bits() {
            let eq = _mm256_cmp_ps::<_CMP_EQ_OQ>(av, y);
            _mm256_blendv_ps(m, _mm256_or_ps(av, y), eq)
        } else {
            m
        }
    }

    /// `act(y * scale + bias)` per lane (absent vectors skipped).
    #[inline]
    #[target_feature(enable = "avx")]
    pub fn epi8(y: __m256, scale: Option<__m256>, bias: Option<__m256>, act: Act) -> __m256 {
        let mut y = y;
        if let Some(s) = scale {
            y = _mm256_mul_ps(y, s);
        }
        if let Some(b) = bias {
            y = _mm256_add_ps(y, b);
        }
        match act {
            Act::None => y,
            Act::Relu => max8(0.0, y),
            Act::Clamp(lo, hi) => min8(hi, max8(lo, y)),
        }
    }

    /// [`max8`] on sixteen lanes.
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub fn max16(a: f32, y: __m512) -> __m512 {
        let m = _mm512_max_ps(_mm512_set1_ps(a), y);
        if a.to_bits() == 0 {
            _mm512_add_ps(m, _mm512_setzero_ps())
        } else {
            m
        }
    }

    /// [`min8`] on sixteen lanes.
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub fn min16(a: f32, y: __m512) -> __m512 {
        let av = _mm512_set1_ps(a);
        let m = _mm512_min_ps(av, y);
        if a.to_bits() == (-0.0f32).to_bits() {
            let eq = _mm512_cmp_ps_mask::<_CMP_EQ_OQ>(av, y);
            let or = _mm512_castsi512_ps(_mm512_or_epi32(
                _mm512_castps_si512(av),
                _mm512_castps_si512(y),
            ));
            _mm512_mask_blend_ps(eq, m, or)
        } else {
            m
        }
    }

    /// [`epi8`] on sixteen lanes.
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub fn epi16(y: __m512, scale: Option<__m512>, bias: Option<__m512>, act: Act) -> __m512 {
        let mut y = y;
        if let Some(s) = scale {
            y = _mm512_mul_ps(y, s);
        }
        if let Some(b) = bias {
            y = _mm512_add_ps(y, b);
        }
        match act {
            Act::None => y,
            Act::Relu => max16(0.0, y),
            Act::Clamp(lo, hi) => min16(hi, max16(lo, y)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// StableHLO's `maximum` and `minimum`, spelled out from their definition.
    fn max_ref(a: f32, b: f32) -> f32 {
        if a.is_nan() || b.is_nan() {
            f32::NAN
        } else if a == 0.0 && b == 0.0 {
            if a.is_sign_positive() || b.is_sign_positive() {
                0.0
            } else {
                -0.0
            }
        } else if a > b {
            a
        } else {
            b
        }
    }

    fn min_ref(a: f32, b: f32) -> f32 {
        if a.is_nan() || b.is_nan() {
            f32::NAN
        } else if a == 0.0 && b == 0.0 {
            if a.is_sign_negative() || b.is_sign_negative() {
                -0.0
            } else {
                0.0
            }
        } else if a < b {
            a
        } else {
            b
        }
    }

    /// Values where the epilogue's rules matter: signed zeros, NaN, infinities, subnormals,
    /// and sums that round.
    fn specials() -> Vec<f32> {
        vec![
            0.0,
            -0.0,
            f32::NAN,
            -f32::NAN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::MIN_POSITIVE / 4.0,
            -f32::MIN_POSITIVE / 4.0,
            1.0,
            -1.0,
            1.0e-8,
            16_777_217.0,
            -3.5,
            0.1,
            6.0,
        ]
    }

    /// Every path (scalar, eight lanes, the lanes' remainder) gives the bits of the
    /// separate ops (`* scale`, `+ bias`, then the activation from StableHLO's maximum and
    /// minimum) on every combination of special values (NaN: any NaN), for every part
    /// present or absent and each activation.
    #[test]
    fn matches_the_separate_ops() {
        let s = specials();
        let n = s.len();
        let acts = [
            Act::None,
            Act::Relu,
            Act::Clamp(0.0, 6.0),
            Act::Clamp(-0.0, 0.0),
            Act::Clamp(-1.0, f32::INFINITY),
        ];
        for act in acts {
            for (with_scale, with_bias) in
                [(false, false), (true, false), (false, true), (true, true)]
            {
                // Row i pairs x = s[i] with every column's vectors; 16 + 3 columns cover
                // two vectors and a remainder.
                let cols = 19;
                let scale: Vec<f32> = (0..cols).map(|j| s[(j * 7 + 1) % n]).collect();
                let bias: Vec<f32> = (0..cols).map(|j| s[(j * 5 + 3) % n]).collect();
                let x: Vec<f32> = (0..n * cols).map(|e| s[(e / cols + e) % n]).collect();
                let pick = |on: bool, v: &Vec<f32>| if on { v.as_ptr() } else { std::ptr::null() };
                let epi = Epi {
                    scale: pick(with_scale, &scale),
                    bias: pick(with_bias, &bias),
                    act,
                };
                for (cs_unit, avx) in [(true, true), (true, false), (false, true)] {
                    let avx = avx && crate::Isa::host().avx;
                    let (rs, cs) = if cs_unit {
                        (cols as isize, 1)
                    } else {
                        // The same matrix column-major.
                        (1, n as isize)
                    };
                    let mut buf = if cs_unit {
                        x.clone()
                    } else {
                        let mut t = vec![0f32; n * cols];
                        for i in 0..n {
                            for j in 0..cols {
                                t[j * n + i] = x[i * cols + j];
                            }
                        }
                        t
                    };
                    // SAFETY: the n x cols block fills `buf`; the vectors have cols floats.
                    unsafe { apply(buf.as_mut_ptr(), rs, cs, n, cols, epi, avx) };
                    for i in 0..n {
                        for j in 0..cols {
                            let mut want = x[i * cols + j];
                            if with_scale {
                                want *= scale[j];
                            }
                            if with_bias {
                                want += bias[j];
                            }
                            want = match act {
                                Act::None => want,
                                Act::Relu => max_ref(want, 0.0),
                                Act::Clamp(lo, hi) => min_ref(max_ref(want, lo), hi),
                            };
                            let g = buf[(i as isize * rs + j as isize * cs) as usize];
                            assert!(
                                g.to_bits() == want.to_bits() || g.is_nan() && want.is_nan(),
                                "{act:?} scale {with_scale} bias {with_bias} unit {cs_unit} \
                                 avx {avx} ({i}, {j}): {g:?} ({:#x}) != {want:?} ({:#x})",
                                g.to_bits(),
                                want.to_bits()
                            );
                        }
                    }
                }
            }
        }
    }
}
