//! The 8-lane path (x86_64 AVX2 + FMA): `scalar`'s operations on `__m256`, two vectors
//! per loop iteration, the tail through a zero-padded 8-lane buffer so that it runs the
//! same code. Every constant is a `set1` the compiler hoists out of the loop.
//!
//! Operations map one to one: `hi < x ? hi : x` is `min_ps(hi, x)` and `x < lo ? lo : x`
//! is `max_ps(lo, x)` (both return their second operand, x, for NaN, like the inline
//! code's `minps`/`maxps`); `nearest` is `round_ps` to nearest even; a select of a compare
//! mask is `blendv_ps`; `fabs`/`fneg`/`copysign` are bit operations on the sign.

use super::Func;
use super::scalar::{
    EXP_HI, EXP_LO, EXP_P, INV_PI, LN2_HI, LN2_LO_NEG, LOG2E, MAGIC, PIO2, SIN_P, SINCOS_LIMIT2,
    TANH_SMALL, TANH_T,
};
use std::arch::x86_64::*;

const NEAREST: i32 = _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC;

#[inline]
#[target_feature(enable = "avx2,fma")]
fn splat(v: f32) -> __m256 {
    _mm256_set1_ps(v)
}

#[inline]
#[target_feature(enable = "avx2,fma")]
fn sign_mask() -> __m256 {
    _mm256_set1_ps(-0.0)
}

/// `c[0] + x * (c[1] + x * (...))`, fused.
#[inline]
#[target_feature(enable = "avx2,fma")]
fn poly<const N: usize>(x: __m256, c: &[f32; N]) -> __m256 {
    let mut acc = splat(c[N - 1]);
    for k in (0..N - 1).rev() {
        acc = _mm256_fmadd_ps(acc, x, splat(c[k]));
    }
    acc
}

/// e^x (`scalar::exp`).
#[inline]
#[target_feature(enable = "avx2,fma")]
fn exp8(x: __m256) -> __m256 {
    let x = _mm256_min_ps(splat(EXP_HI), x);
    let x = _mm256_max_ps(splat(EXP_LO), x);
    let t = _mm256_mul_ps(x, splat(LOG2E));
    let n = _mm256_round_ps::<NEAREST>(t);
    let r = _mm256_sub_ps(x, _mm256_mul_ps(n, splat(LN2_HI)));
    let r = _mm256_sub_ps(r, _mm256_mul_ps(n, splat(LN2_LO_NEG)));
    let z = _mm256_mul_ps(r, r);
    let p = poly(r, &EXP_P);
    let p = _mm256_fmadd_ps(p, z, r);
    let p = _mm256_add_ps(p, splat(1.0));
    let tn = _mm256_add_ps(n, splat(MAGIC));
    let ni = _mm256_sub_epi32(
        _mm256_castps_si256(tn),
        _mm256_set1_epi32(MAGIC.to_bits() as i32),
    );
    let n1 = _mm256_srai_epi32::<1>(ni);
    let n2 = _mm256_sub_epi32(ni, n1);
    let bias = _mm256_set1_epi32(127);
    let s1 = _mm256_slli_epi32::<23>(_mm256_add_epi32(n1, bias));
    let s2 = _mm256_slli_epi32::<23>(_mm256_add_epi32(n2, bias));
    let out = _mm256_mul_ps(p, _mm256_castsi256_ps(s1));
    _mm256_mul_ps(out, _mm256_castsi256_ps(s2))
}

/// tanh x (`scalar::tanh`).
#[inline]
#[target_feature(enable = "avx2,fma")]
fn tanh8(x: __m256) -> __m256 {
    let sign = sign_mask();
    let a = _mm256_andnot_ps(sign, x);
    let z = _mm256_mul_ps(x, x);
    let p = poly(z, &TANH_T);
    let small = _mm256_fmadd_ps(_mm256_mul_ps(x, z), p, x);
    let e = exp8(_mm256_add_ps(a, a));
    let q = _mm256_div_ps(splat(2.0), _mm256_add_ps(e, splat(1.0)));
    let big = _mm256_sub_ps(splat(1.0), q);
    let big = _mm256_or_ps(_mm256_and_ps(sign, x), _mm256_andnot_ps(sign, big));
    let is_small = _mm256_cmp_ps::<_CMP_LT_OQ>(a, splat(TANH_SMALL));
    _mm256_blendv_ps(big, small, is_small)
}

/// 1 / (1 + e^-x) (`scalar::logistic`).
#[inline]
#[target_feature(enable = "avx2,fma")]
fn logistic8(x: __m256) -> __m256 {
    let sign = sign_mask();
    let na = _mm256_or_ps(x, sign);
    let e = exp8(na);
    let d = _mm256_add_ps(e, splat(1.0));
    let neg = _mm256_cmp_ps::<_CMP_LT_OQ>(x, _mm256_setzero_ps());
    let num = _mm256_blendv_ps(splat(1.0), e, neg);
    _mm256_div_ps(num, d)
}

/// sin or cos for |x| <= 6000 (`scalar::sincos_fast`).
#[inline]
#[target_feature(enable = "avx2,fma")]
fn sincos_fast8<const COS: bool>(x: __m256) -> __m256 {
    let magic = splat(MAGIC);
    let t = if COS {
        _mm256_add_ps(_mm256_fmadd_ps(splat(INV_PI), x, splat(-0.5)), magic)
    } else {
        _mm256_fmadd_ps(splat(INV_PI), x, magic)
    };
    let m = _mm256_sub_ps(t, magic);
    // As in `scalar::sincos_fast`: every NaN operand of an FMA is the same NaN; cos
    // computes -r and puts the sign back with the quadrant's (but on NaN).
    let mut flip = _mm256_slli_epi32::<31>(_mm256_castps_si256(t));
    let r = if COS {
        let q = _mm256_fmadd_ps(m, splat(2.0), splat(1.0));
        let r = _mm256_fmadd_ps(splat(-PIO2[0]), q, x);
        let r = _mm256_fmadd_ps(splat(-PIO2[1]), q, r);
        let not_nan = _mm256_cmp_ps::<_CMP_ORD_Q>(x, x);
        let neg = _mm256_and_ps(not_nan, sign_mask());
        flip = _mm256_xor_si256(flip, _mm256_castps_si256(neg));
        _mm256_fmadd_ps(splat(-PIO2[2]), q, r)
    } else {
        let r = _mm256_fmadd_ps(splat(-2.0 * PIO2[0]), m, x);
        let r = _mm256_fmadd_ps(splat(-2.0 * PIO2[1]), m, r);
        _mm256_fmadd_ps(splat(-2.0 * PIO2[2]), m, r)
    };
    let z = _mm256_mul_ps(r, r);
    let sp = poly(z, &SIN_P);
    let s = _mm256_fmadd_ps(_mm256_mul_ps(r, z), sp, r);
    _mm256_castsi256_ps(_mm256_xor_si256(_mm256_castps_si256(s), flip))
}

/// sin or cos of 8 lanes of which the first `grouped` form f32x4 groups and the rest
/// are scalars (see the module doc of `vecmath`).
#[inline]
#[target_feature(enable = "avx2,fma")]
fn sincos8<const COS: bool>(x: __m256, grouped: usize) -> __m256 {
    let r = sincos_fast8::<COS>(x);
    let sq = _mm256_mul_ps(x, x);
    let huge = _mm256_movemask_ps(_mm256_cmp_ps::<_CMP_LT_OQ>(splat(SINCOS_LIMIT2), sq));
    if huge == 0 {
        return r;
    }
    let mut xs = [0.0f32; 8];
    let mut rs = [0.0f32; 8];
    // SAFETY: both arrays hold 8 f32; unaligned stores.
    unsafe {
        _mm256_storeu_ps(xs.as_mut_ptr(), x);
        _mm256_storeu_ps(rs.as_mut_ptr(), r);
    }
    huge_lanes(&xs, &mut rs, huge as u32, grouped, COS);
    // SAFETY: rs holds 8 f32.
    unsafe { _mm256_loadu_ps(rs.as_ptr()) }
}

/// Redoes the groups of `x` that hold a huge lane (bit i of `huge`) on the slow path.
#[cold]
#[inline(never)]
fn huge_lanes(x: &[f32; 8], out: &mut [f32; 8], huge: u32, grouped: usize, cos: bool) {
    let mut i = 0;
    while i < 8 {
        let w = if i < grouped { 4 } else { 1 };
        if huge & (((1u32 << w) - 1) << i) != 0 {
            super::scalar::huge_group(&x[i..i + w], &mut out[i..i + w], cos);
        }
        i += w;
    }
}

/// Runs `f8` over `data`: 16 lanes per step, then 8, then the tail padded to 8.
/// `f8(x, grouped)`: `grouped` is how many of the 8 lanes lie in whole f32x4 groups.
#[inline]
#[target_feature(enable = "avx2,fma")]
fn run(data: &mut [f32], f8: impl Fn(__m256, usize) -> __m256) {
    let n = data.len();
    let p = data.as_mut_ptr();
    let mut i = 0;
    while i + 16 <= n {
        // SAFETY: i + 16 <= n: both vectors lie inside `data`.
        unsafe {
            let a = _mm256_loadu_ps(p.add(i));
            let b = _mm256_loadu_ps(p.add(i + 8));
            _mm256_storeu_ps(p.add(i), f8(a, 8));
            _mm256_storeu_ps(p.add(i + 8), f8(b, 8));
        }
        i += 16;
    }
    if i + 8 <= n {
        // SAFETY: i + 8 <= n.
        unsafe {
            let a = _mm256_loadu_ps(p.add(i));
            _mm256_storeu_ps(p.add(i), f8(a, 8));
        }
        i += 8;
    }
    let rest = n - i;
    if rest > 0 {
        let mut buf = [0.0f32; 8];
        buf[..rest].copy_from_slice(&data[i..]);
        // SAFETY: buf holds 8 f32.
        unsafe {
            let a = _mm256_loadu_ps(buf.as_ptr());
            _mm256_storeu_ps(buf.as_mut_ptr(), f8(a, rest / 4 * 4));
        }
        data[i..].copy_from_slice(&buf[..rest]);
    }
}

macro_rules! apply_fn {
    ($(#[$doc:meta])* $name:ident, $features:literal) => {
        $(#[$doc])*
        #[target_feature(enable = $features)]
        pub(super) unsafe fn $name(f: Func, data: &mut [f32]) {
            match f {
                Func::Exp => run(data, |x, _| exp8(x)),
                Func::Tanh => run(data, |x, _| tanh8(x)),
                Func::Logistic => run(data, |x, _| logistic8(x)),
                Func::Sin => run(data, |x, g| sincos8::<false>(x, g)),
                Func::Cos => run(data, |x, g| sincos8::<true>(x, g)),
            }
        }
    };
}

apply_fn! {
    /// `data[i] = f(data[i])`, 8 lanes at a time.
    ///
    /// # Safety
    /// The CPU has AVX2 and FMA.
    apply, "avx2,fma"
}

apply_fn! {
    /// [`apply`], the same operations compiled with AVX-512VL's EVEX encodings: 32
    /// vector registers instead of 16, so the routines' constants stay in registers.
    ///
    /// # Safety
    /// The CPU has AVX2, FMA, AVX-512F and AVX-512VL.
    apply_evex, "avx2,fma,avx512f,avx512vl"
}
