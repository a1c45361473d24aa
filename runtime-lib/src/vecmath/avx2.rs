//! The 8-lane path (x86_64 AVX2 + FMA): `scalar`'s operations on `__m256`, four
//! independent vectors per step, the rest in as many vectors as it needs, the last one
//! through masked loads and stores (zeros in the lanes beyond, so it runs the same code).
//! Every constant is a `set1` the compiler hoists out of the loop.
//!
//! Why several vectors per step: one vector's exp is a chain of ~25 dependent
//! operations (~50 cycles), while the CPU has four FP pipes. Computed one vector after
//! the other, the scheduler holds little more than two chains at once and the code is
//! latency-bound. So the algorithms (`algorithms!`, shared with the 16-lane `avx512`
//! path) work on `[vector; N]` values: every operation is one instruction per vector,
//! for all N vectors, before the next operation starts, and the N chains sit side by
//! side in the instruction stream.
//!
//! Operations map one to one: `hi < x ? hi : x` is `min_ps(hi, x)` and `x < lo ? lo : x`
//! is `max_ps(lo, x)` (both return their second operand, x, for NaN, like the inline
//! code's `minps`/`maxps`); `nearest` is `round_ps` to nearest even; a select of a compare
//! mask is `blendv_ps`; `fabs`/`fneg`/`copysign` are bit operations on the sign.

use super::scalar::{
    ERFC_MAXLOG, ERFC_P, ERFC_R, ERFC_T, EXP_HI, EXP_LO, EXP_P, INV_PI, LN2_HI, LN2_LO_NEG, LOG2E,
    MAGIC, PIO2, SIN_P, SINCOS_LIMIT, TANH_SMALL, TANH_T,
};
use super::{Func, Shift};
use std::arch::x86_64::*;

/// Rounding to nearest even, no precision exception (`round_ps` and `roundscale_ps`).
pub(super) const NEAREST: i32 = _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC;

/// Lanes per vector.
const W: usize = 8;
/// The float vector, its integer view and a compare result.
type F = __m256;
type I = __m256i;
type M = __m256;

/// Defines `fn name<const N: usize>(a: [A; N], ...) -> [R; N]`: `expr` on each of the
/// N vectors in turn (a loop LLVM unrolls, so that each operation is N instructions in a
/// row).
macro_rules! lanewise {
    ($features:literal; $($name:ident($($a:ident: $t:ty),*) -> $r:ty = $e:expr;)*) => {$(
        #[inline]
        #[target_feature(enable = $features)]
        fn $name<const N: usize>($($a: [$t; N]),*) -> [$r; N] {
            std::array::from_fn(|i| {
                $(let $a = $a[i];)*
                $e
            })
        }
    )*};
}
pub(super) use lanewise;

lanewise! { "avx2,fma";
    add(a: F, b: F) -> F = _mm256_add_ps(a, b);
    sub(a: F, b: F) -> F = _mm256_sub_ps(a, b);
    mul(a: F, b: F) -> F = _mm256_mul_ps(a, b);
    div(a: F, b: F) -> F = _mm256_div_ps(a, b);
    min(a: F, b: F) -> F = _mm256_min_ps(a, b);
    max(a: F, b: F) -> F = _mm256_max_ps(a, b);
    fmadd(a: F, b: F, c: F) -> F = _mm256_fmadd_ps(a, b, c);
    fnmadd(a: F, b: F, c: F) -> F = _mm256_fnmadd_ps(a, b, c);
    round(a: F) -> F = _mm256_round_ps::<NEAREST>(a);
    and(a: F, b: F) -> F = _mm256_and_ps(a, b);
    or(a: F, b: F) -> F = _mm256_or_ps(a, b);
    andnot(a: F, b: F) -> F = _mm256_andnot_ps(a, b);
    lt(a: F, b: F) -> M = _mm256_cmp_ps::<_CMP_LT_OQ>(a, b);
    ordered(a: F) -> M = _mm256_cmp_ps::<_CMP_ORD_Q>(a, a);
    blend(m: M, no: F, yes: F) -> F = _mm256_blendv_ps(no, yes, m);
    sign_where(m: M) -> F = _mm256_and_ps(m, _mm256_set1_ps(-0.0));
    bits(a: F) -> I = _mm256_castps_si256(a);
    float(a: I) -> F = _mm256_castsi256_ps(a);
    addi(a: I, b: I) -> I = _mm256_add_epi32(a, b);
    subi(a: I, b: I) -> I = _mm256_sub_epi32(a, b);
    xori(a: I, b: I) -> I = _mm256_xor_si256(a, b);
    sra1(a: I) -> I = _mm256_srai_epi32::<1>(a);
    sll23(a: I) -> I = _mm256_slli_epi32::<23>(a);
    sll31(a: I) -> I = _mm256_slli_epi32::<31>(a);
}

/// `p * 2^n` for integral `n` of exp's range, rounded once (`scalar::exp`'s 2^n1 * 2^n2).
///
/// When every `n` is in [-126, 127] (exp's argument in about [-87.3, 88.0]), `2^n` is one
/// normal float, and `p * 2^n` rounds once as the two products do (`p`, in [0.7, 1.5],
/// times `2^n1` is exact): three operations instead of ten, behind a test of three. A NaN
/// `n` passes the test, and either way the result is `p`'s NaN (a product of two NaNs is
/// its first).
#[inline]
#[target_feature(enable = "avx2,fma")]
fn scale2<const N: usize>(p: [F; N], n: [F; N]) -> [F; N] {
    let outside = or(lt(n, k(-126.0)), lt(k(127.0), n));
    if !any(outside) {
        // MAGIC + 127 + n is an integer below 2^24, its low mantissa bits n + 127 in
        // [1, 254]: shifted into the exponent field, they are 2^n.
        return mul(p, float(sll23(bits(add(n, k(MAGIC + 127.0))))));
    }
    let ni = subi(bits(add(n, k(MAGIC))), ki(MAGIC.to_bits() as i32));
    let n1 = sra1(ni);
    let n2 = subi(ni, n1);
    let s1 = sll23(addi(n1, ki(127)));
    let s2 = sll23(addi(n2, ki(127)));
    mul(mul(p, float(s1)), float(s2))
}

/// `v` in every lane of N vectors.
#[inline]
#[target_feature(enable = "avx2,fma")]
fn k<const N: usize>(v: f32) -> [F; N] {
    [_mm256_set1_ps(v); N]
}

#[inline]
#[target_feature(enable = "avx2,fma")]
fn ki<const N: usize>(v: i32) -> [I; N] {
    [_mm256_set1_epi32(v); N]
}

/// Is any lane of the N masks set?
#[inline]
#[target_feature(enable = "avx2,fma")]
fn any<const N: usize>(m: [M; N]) -> bool {
    let all = m
        .into_iter()
        .fold(_mm256_setzero_ps(), |a, b| _mm256_or_ps(a, b));
    _mm256_movemask_ps(all) != 0
}

/// Lane i of the mask as bit i.
#[inline]
#[target_feature(enable = "avx2,fma")]
fn mask_bits(m: M) -> u32 {
    _mm256_movemask_ps(m) as u32
}

#[inline]
#[target_feature(enable = "avx2,fma")]
fn to_array(v: F) -> [f32; W] {
    let mut a = [0.0; W];
    // SAFETY: `a` holds W f32; unaligned store.
    unsafe { _mm256_storeu_ps(a.as_mut_ptr(), v) };
    a
}

#[inline]
#[target_feature(enable = "avx2,fma")]
fn from_array(a: &[f32; W]) -> F {
    // SAFETY: `a` holds W f32; unaligned load.
    unsafe { _mm256_loadu_ps(a.as_ptr()) }
}

/// N vectors from `p`.
///
/// # Safety
/// `p` points to N * W readable f32.
#[inline]
#[target_feature(enable = "avx2,fma")]
unsafe fn load<const N: usize>(p: *const f32) -> [F; N] {
    // SAFETY: j * W + W <= N * W f32 from p, readable by the caller's contract.
    std::array::from_fn(|j| unsafe { _mm256_loadu_ps(p.add(j * W)) })
}

/// N vectors to `p`.
///
/// # Safety
/// `p` points to N * W writable f32.
#[inline]
#[target_feature(enable = "avx2,fma")]
unsafe fn store<const N: usize>(p: *mut f32, v: [F; N]) {
    for (j, v) in v.into_iter().enumerate() {
        // SAFETY: j * W + W <= N * W f32 from p, writable by the caller's contract.
        unsafe { _mm256_storeu_ps(p.add(j * W), v) };
    }
}

/// The first `len` (< W) f32 from `p` in one vector, zeros in the other lanes.
///
/// # Safety
/// `p` points to `len` readable f32.
#[inline]
#[target_feature(enable = "avx2,fma")]
unsafe fn load_part(p: *const f32, len: usize) -> [F; 1] {
    // SAFETY: the masked load reads the first `len` lanes only (faults suppressed on the
    // others), which the caller vouches for.
    [unsafe { _mm256_maskload_ps(p, part_mask(len)) }]
}

/// The first `len` (< W) lanes of `v` to `p`.
///
/// # Safety
/// `p` points to `len` writable f32.
#[inline]
#[target_feature(enable = "avx2,fma")]
unsafe fn store_part(p: *mut f32, len: usize, v: [F; 1]) {
    // SAFETY: the (masked) store writes the first `len` lanes only. (AMD's masked
    // stores are slow: a whole vector goes with a plain one.)
    unsafe {
        if len >= W {
            _mm256_storeu_ps(p, v[0]);
        } else {
            _mm256_maskstore_ps(p, part_mask(len), v[0]);
        }
    }
}

/// All ones in lanes `0..len`.
#[inline]
#[target_feature(enable = "avx2,fma")]
fn part_mask(len: usize) -> I {
    let lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    _mm256_cmpgt_epi32(_mm256_set1_epi32(len.min(W) as i32), lane)
}

/// The algorithms over N vectors of W lanes, written with the module's primitives
/// (`F`, `I`, `M`, `W`, `k`, `ki`, `add`, ..., `load`, `store`), all compiled with
/// `$features`; `run` drives them over an array.
macro_rules! algorithms {
    ($features:literal, $n:expr) => {
        /// `c[0] + x * (c[1] + x * (...))`, fused.
        #[inline]
        #[target_feature(enable = $features)]
        fn poly<const N: usize, const C: usize>(x: [F; N], c: &[f32; C]) -> [F; N] {
            let mut acc = k(c[C - 1]);
            for j in (0..C - 1).rev() {
                acc = fmadd(acc, x, k(c[j]));
            }
            acc
        }

        /// e^x (`scalar::exp`).
        #[inline]
        #[target_feature(enable = $features)]
        fn exp<const N: usize>(x: [F; N]) -> [F; N] {
            let x = min(k(EXP_HI), x);
            let x = max(k(EXP_LO), x);
            let n = round(mul(x, k(LOG2E)));
            // `x - n * LN2_HI` fused: the product is exact (9 significant bits times
            // at most 8), so one rounding is the separate subtraction's.
            let r = fnmadd(n, k(LN2_HI), x);
            let r = sub(r, mul(n, k(LN2_LO_NEG)));
            let z = mul(r, r);
            let p = poly(r, &EXP_P);
            let p = fmadd(p, z, r);
            let p = add(p, k(1.0));
            scale2(p, n)
        }

        /// tanh x (`scalar::tanh`).
        #[inline]
        #[target_feature(enable = $features)]
        fn tanh<const N: usize>(x: [F; N]) -> [F; N] {
            let sign = k(-0.0);
            let a = andnot(sign, x);
            let z = mul(x, x);
            let p = poly(z, &TANH_T);
            let small = fmadd(mul(x, z), p, x);
            let e = exp(add(a, a));
            let q = div(k(2.0), add(e, k(1.0)));
            let big = sub(k(1.0), q);
            let big = or(and(sign, x), andnot(sign, big));
            blend(lt(a, k(TANH_SMALL)), big, small)
        }

        /// 1 / (1 + e^-x) (`scalar::logistic`).
        #[inline]
        #[target_feature(enable = $features)]
        fn logistic<const N: usize>(x: [F; N]) -> [F; N] {
            let e = exp(or(x, k(-0.0)));
            let d = add(e, k(1.0));
            let num = blend(lt(x, k(0.0)), k(1.0), e);
            div(num, d)
        }

        /// `c[0] + x * (c[1] + x * (...))`, unfused (`scalar::poly_unfused`).
        #[inline]
        #[target_feature(enable = $features)]
        fn poly_unfused<const N: usize, const C: usize>(x: [F; N], c: &[f32; C]) -> [F; N] {
            let mut acc = k(c[C - 1]);
            for j in (0..C - 1).rev() {
                acc = add(mul(acc, x), k(c[j]));
            }
            acc
        }

        /// erfc x (`scalar::erfc`).
        #[inline]
        #[target_feature(enable = $features)]
        fn erfc<const N: usize>(x: [F; N]) -> [F; N] {
            let x2 = mul(x, x);
            // -x2: x2 is never negative, so setting the sign bit negates it.
            let z = or(x2, k(-0.0));
            let a = andnot(k(-0.0), x);
            let recip_x2 = div(k(1.0), x2);
            let e = mul(exp(z), div(k(1.0), a));
            let p = poly_unfused(recip_x2, &ERFC_P);
            let r = poly_unfused(recip_x2, &ERFC_R);
            let approx = mul(e, blend(lt(a, k(2.0)), r, p));
            let clamped = blend(lt(z, k(-ERFC_MAXLOG)), approx, k(0.0));
            let big = blend(lt(x, k(0.0)), clamped, sub(k(2.0), clamped));
            let small = sub(k(1.0), mul(x, poly_unfused(x2, &ERFC_T)));
            let v = blend(lt(a, k(1.0)), big, small);
            blend(ordered(x), add(x, x), v)
        }

        /// sin or cos for |x| <= 6000 (`scalar::sincos_fast`).
        #[inline]
        #[target_feature(enable = $features)]
        fn sincos_fast<const COS: bool, const N: usize>(x: [F; N]) -> [F; N] {
            let magic = k(MAGIC);
            let t = if COS {
                add(fmadd(k(INV_PI), x, k(-0.5)), magic)
            } else {
                fmadd(k(INV_PI), x, magic)
            };
            let m = sub(t, magic);
            // As in `scalar::sincos_fast`: every NaN operand of an FMA is the same NaN;
            // cos computes -r and puts the sign back with the quadrant's (but on NaN).
            let mut flip = sll31(bits(t));
            let r = if COS {
                let q = fmadd(m, k(2.0), k(1.0));
                let r = fmadd(k(-PIO2[0]), q, x);
                let r = fmadd(k(-PIO2[1]), q, r);
                flip = xori(flip, bits(sign_where(ordered(x))));
                fmadd(k(-PIO2[2]), q, r)
            } else {
                let r = fmadd(k(-2.0 * PIO2[0]), m, x);
                let r = fmadd(k(-2.0 * PIO2[1]), m, r);
                fmadd(k(-2.0 * PIO2[2]), m, r)
            };
            let z = mul(r, r);
            let sp = poly(z, &SIN_P);
            let s = fmadd(mul(r, z), sp, r);
            float(xori(bits(s), flip))
        }

        /// sin or cos of N vectors, of whose lanes (counted across the vectors) the first
        /// `grouped` form f32x4 groups and the rest are scalars (see the module doc of
        /// `vecmath`).
        #[inline]
        #[target_feature(enable = $features)]
        fn sincos<const COS: bool, const N: usize>(x: [F; N], grouped: usize) -> [F; N] {
            let mut r = sincos_fast::<COS, N>(x);
            let huge = lt(k(SINCOS_LIMIT), andnot(k(-0.0), x));
            if any(huge) {
                for j in 0..N {
                    let lanes = mask_bits(huge[j]);
                    if lanes != 0 {
                        let mut out = to_array(r[j]);
                        let g = grouped.saturating_sub(j * W).min(W);
                        huge_lanes(&to_array(x[j]), &mut out, lanes, g, COS);
                        r[j] = from_array(&out);
                    }
                }
            }
            r
        }

        /// sin or cos of N vectors of f32x4 groups, stored to `dst`: `sincos` with the
        /// slow path patching `dst` out of line. With the patch inline (or the vectors
        /// passed to it), LLVM kept every step's results in memory and did not inline
        /// the step into the loop: a call and 8 vector loads and stores more per step.
        ///
        /// # Safety
        /// `dst` points to N * W writable f32.
        #[inline]
        #[target_feature(enable = $features)]
        unsafe fn sincos_store<const COS: bool, const N: usize>(x: [F; N], dst: *mut f32) {
            let r = sincos_fast::<COS, N>(x);
            // SAFETY: the caller's contract.
            unsafe { store(dst, r) };
            let huge = lt(k(SINCOS_LIMIT), andnot(k(-0.0), x));
            if any(huge) {
                // SAFETY: as above.
                unsafe { sincos_patch::<COS, N>(x, huge, dst) };
            }
        }

        /// Redoes, in `dst`, the f32x4 groups of `x` that hold a huge lane.
        ///
        /// # Safety
        /// As `sincos_store`.
        #[cold]
        #[inline(never)]
        #[target_feature(enable = $features)]
        unsafe fn sincos_patch<const COS: bool, const N: usize>(
            x: [F; N],
            huge: [M; N],
            dst: *mut f32,
        ) {
            for j in 0..N {
                let lanes = mask_bits(huge[j]);
                if lanes != 0 {
                    // SAFETY: vector j lies inside the N * W f32 at `dst`.
                    let at = unsafe { dst.add(j * W) };
                    // SAFETY: as above.
                    let mut out = to_array(unsafe { load::<1>(at) }[0]);
                    huge_lanes(&to_array(x[j]), &mut out, lanes, W, COS);
                    // SAFETY: as above.
                    unsafe { store::<1>(at, [from_array(&out)]) };
                }
            }
        }

        /// `FN` (a `Func as u8`) on N vectors; `grouped` as for `sincos`.
        #[inline]
        #[target_feature(enable = $features)]
        fn func<const FN: u8, const N: usize>(x: [F; N], grouped: usize) -> [F; N] {
            const EXP: u8 = Func::Exp as u8;
            const TANH: u8 = Func::Tanh as u8;
            const LOGISTIC: u8 = Func::Logistic as u8;
            const SIN: u8 = Func::Sin as u8;
            const ERFC: u8 = Func::Erfc as u8;
            match FN {
                EXP => exp(x),
                TANH => tanh(x),
                LOGISTIC => logistic(x),
                ERFC => erfc(x),
                SIN => sincos::<false, N>(x, grouped),
                _ => sincos::<true, N>(x, grouped),
            }
        }

        /// The arguments at `src`: the values there (`SUB` 0), minus `shift` (1), or
        /// minus the values at `subs` (2).
        ///
        /// # Safety
        /// `src` points to N * W readable f32, and so does `subs` if `SUB` is 2.
        #[inline]
        #[target_feature(enable = $features)]
        unsafe fn args<const SUB: u8, const N: usize>(
            src: *const f32,
            shift: F,
            subs: *const f32,
        ) -> [F; N] {
            // SAFETY: the caller's contract.
            let x = unsafe { load::<N>(src) };
            match SUB {
                0 => x,
                1 => sub(x, [shift; N]),
                // SAFETY: the caller's contract.
                _ => sub(x, unsafe { load::<N>(subs) }),
            }
        }

        /// `FN` of the `len` (at most N * W) arguments at `src` into `dst`, in V
        /// vectors, the last one masked (zeros in the lanes beyond `len`).
        ///
        /// # Safety
        /// `src` and `dst` point to `len` f32, readable and writable, identical or not
        /// overlapping.
        #[inline]
        #[target_feature(enable = $features)]
        unsafe fn func_part<const FN: u8, const SUB: u8, const V: usize, const ACC: bool>(
            dst: *mut f32,
            src: *const f32,
            len: usize,
            shift: F,
            subs: *const f32,
        ) {
            let last = (V - 1) * W;
            // SAFETY: vectors 0..V-1 lie below `last` <= `len`, the masked one covers
            // `len - last` lanes from `last`.
            unsafe {
                let x: [F; V] = std::array::from_fn(|j| {
                    if j + 1 < V {
                        args::<SUB, 1>(src.add(j * W), shift, subs.wrapping_add(j * W))[0]
                    } else {
                        let x = load_part(src.add(last), len - last);
                        match SUB {
                            0 => x[0],
                            1 => sub(x, [shift])[0],
                            _ => sub(x, load_part(subs.add(last), len - last))[0],
                        }
                    }
                });
                let y = func::<FN, V>(x, len / 4 * 4);
                for (j, &v) in y[..V - 1].iter().enumerate() {
                    let v = if ACC {
                        add(load::<1>(dst.add(j * W)), [v])[0]
                    } else {
                        v
                    };
                    store::<1>(dst.add(j * W), [v]);
                }
                let v = y[V - 1];
                let v = if ACC {
                    add(load_part(dst.add(last), len - last), [v])[0]
                } else {
                    v
                };
                store_part(dst.add(last), len - last, [v]);
            }
        }

        /// `FN` of the `n` arguments at `src` into `dst`: N vectors per step, then the
        /// rest (fewer than N * W lanes) in as many vectors as it needs, the last one
        /// masked.
        ///
        /// # Safety
        /// As [`map`].
        #[inline]
        #[target_feature(enable = $features)]
        unsafe fn run<const FN: u8, const SUB: u8, const N: usize, const ACC: bool>(
            dst: *mut f32,
            src: *const f32,
            n: usize,
            shift: F,
            subs: *const f32,
        ) {
            let mut i = 0;
            while i + N * W <= n {
                // SAFETY: i + N * W <= n: the vectors lie inside both arrays; each step
                // reads its lanes before it writes them.
                unsafe {
                    for l in (0..N * W).step_by(16) {
                        super::super::prefetch(
                            src.wrapping_add(i + l + super::super::PREFETCH_AHEAD),
                        );
                        super::super::prefetch_write(
                            dst.wrapping_add(i + l + super::super::PREFETCH_AHEAD),
                        );
                    }
                    let x = args::<SUB, N>(src.add(i), shift, subs.wrapping_add(i));
                    const SIN: u8 = Func::Sin as u8;
                    const COS: u8 = Func::Cos as u8;
                    match FN {
                        SIN => sincos_store::<false, N>(x, dst.add(i)),
                        COS => sincos_store::<true, N>(x, dst.add(i)),
                        _ if ACC => {
                            let y = func::<FN, N>(x, N * W);
                            store(dst.add(i), add(load::<N>(dst.add(i)), y))
                        }
                        _ => store(dst.add(i), func::<FN, N>(x, N * W)),
                    }
                };
                i += N * W;
            }
            let rest = n - i;
            let (d, s) = (dst.wrapping_add(i), src.wrapping_add(i));
            let u = subs.wrapping_add(i);
            // SAFETY: the `rest` f32 from i lie inside both arrays (and `subs`).
            unsafe {
                match rest.div_ceil(W) {
                    0 => {}
                    1 => func_part::<FN, SUB, 1, ACC>(d, s, rest, shift, u),
                    2 => func_part::<FN, SUB, 2, ACC>(d, s, rest, shift, u),
                    3 => func_part::<FN, SUB, 3, ACC>(d, s, rest, shift, u),
                    _ => func_part::<FN, SUB, N, ACC>(d, s, rest, shift, u),
                }
            }
        }

        /// `dst[i] = f(src[i])`, `f(src[i] - s)` or `f(src[i] - subs[i])` (`shift`)
        /// for i < n, `$n` vectors per step.
        ///
        /// # Safety
        /// The CPU has `$features`; `src` and `dst` point to `n` f32 each, identical or
        /// not overlapping, and so does a `Shift::Each` array with `dst`, that nothing
        /// else accesses meanwhile.
        #[target_feature(enable = $features)]
        pub(in super::super) unsafe fn map(
            f: Func,
            dst: *mut f32,
            src: *const f32,
            n: usize,
            shift: Shift,
        ) {
            const N: usize = $n;
            macro_rules! go {
                ($sub:literal, $s:expr, $u:expr) => {
                    // SAFETY: forwarded.
                    unsafe {
                        match f {
                            Func::Exp => {
                                run::<{ Func::Exp as u8 }, $sub, N, false>(dst, src, n, $s, $u)
                            }
                            Func::Tanh => {
                                run::<{ Func::Tanh as u8 }, $sub, N, false>(dst, src, n, $s, $u)
                            }
                            Func::Logistic => {
                                run::<{ Func::Logistic as u8 }, $sub, N, false>(dst, src, n, $s, $u)
                            }
                            Func::Sin => {
                                run::<{ Func::Sin as u8 }, $sub, N, false>(dst, src, n, $s, $u)
                            }
                            Func::Cos => {
                                run::<{ Func::Cos as u8 }, $sub, N, false>(dst, src, n, $s, $u)
                            }
                            Func::Erfc => {
                                run::<{ Func::Erfc as u8 }, $sub, N, false>(dst, src, n, $s, $u)
                            }
                        }
                    }
                };
            }
            let none = std::ptr::null();
            match shift {
                Shift::One(s) => go!(1, k::<1>(s)[0], none),
                Shift::Each(u) => go!(2, k::<1>(0.0)[0], u),
                Shift::None => go!(0, k::<1>(0.0)[0], none),
            }
        }

        /// `dst[i] = dst[i] + f(src[i] - subs[i])` for i < n, `$n` vectors per step (a
        /// column block's sum of exponentials: the add folded into the function's
        /// pass); `false` (nothing written) for sin and cos, whose stores take their
        /// own path.
        ///
        /// # Safety
        /// The CPU has `$features`; `src`, `subs` and `dst` point to `n` f32 each,
        /// `src` and `subs` each identical to `dst` or not overlapping it, that nothing
        /// else accesses meanwhile.
        #[target_feature(enable = $features)]
        pub(in super::super) unsafe fn map_sub_each_add(
            f: Func,
            dst: *mut f32,
            src: *const f32,
            subs: *const f32,
            n: usize,
        ) -> bool {
            const N: usize = $n;
            let s = k::<1>(0.0)[0];
            // SAFETY: forwarded.
            unsafe {
                match f {
                    Func::Exp => run::<{ Func::Exp as u8 }, 2, N, true>(dst, src, n, s, subs),
                    Func::Tanh => run::<{ Func::Tanh as u8 }, 2, N, true>(dst, src, n, s, subs),
                    Func::Logistic => {
                        run::<{ Func::Logistic as u8 }, 2, N, true>(dst, src, n, s, subs)
                    }
                    Func::Sin | Func::Cos | Func::Erfc => return false,
                }
            }
            true
        }

        /// Softmax's two passes over neighbouring rows in one loop: `dst[i] = exp(src[i]
        /// - shift)` (this row's numerators) and `prev[i] = prev[i] * r` (the row before,
        /// now that the reciprocal `r` of its sum is known), `$n` vectors of each per
        /// step, for the first elements of `0..n`; returns how many (a multiple of `$n`
        /// vectors). The scaling of one row hides in the exponentials of the next. The
        /// same operations as [`map`] and `arith`'s multiply, so the same bits.
        ///
        /// # Safety
        /// The CPU has `$features`; `src` and `dst` point to `n` f32, identical or not
        /// overlapping; `prev` to `n` f32 overlapping neither.
        #[target_feature(enable = $features)]
        pub(in super::super) unsafe fn exp_sub_scale(
            dst: *mut f32,
            src: *const f32,
            shift: f32,
            prev: *mut f32,
            r: f32,
            n: usize,
        ) -> usize {
            const N: usize = $n;
            const EXP: u8 = Func::Exp as u8;
            let shift = k::<1>(shift)[0];
            let scale = k::<N>(r);
            let mut i = 0;
            while i + N * W <= n {
                for l in (0..N * W).step_by(16) {
                    super::super::prefetch(src.wrapping_add(i + l + super::super::PREFETCH_AHEAD));
                    super::super::prefetch_write(
                        dst.wrapping_add(i + l + super::super::PREFETCH_AHEAD),
                    );
                }
                // SAFETY: i + N * W <= n: the vectors lie inside all three arrays; each is
                // read before its lanes are written.
                unsafe {
                    let x = args::<1, N>(src.add(i), shift, std::ptr::null());
                    let q = mul(load::<N>(prev.add(i)), scale);
                    store(prev.add(i), q);
                    store(dst.add(i), func::<EXP, N>(x, N * W));
                }
                i += N * W;
            }
            i
        }

        /// `data[i] = f(data[i])` for every i, `$n` vectors per step (tests call the
        /// paths one by one).
        ///
        /// # Safety
        /// The CPU has `$features`.
        #[cfg(test)]
        #[target_feature(enable = $features)]
        pub(in super::super) unsafe fn apply(f: Func, data: &mut [f32]) {
            let p = data.as_mut_ptr();
            // SAFETY: in place over `data`; the features by the caller's contract.
            unsafe { map(f, p, p, data.len(), Shift::None) }
        }
    };
}

pub(super) use algorithms;

/// Redoes the groups of `x` that hold a huge lane (bit i of `huge`) on the slow path;
/// the first `grouped` lanes form groups of four, the rest are scalars.
#[cold]
#[inline(never)]
pub(super) fn huge_lanes(x: &[f32], out: &mut [f32], huge: u32, grouped: usize, cos: bool) {
    let mut i = 0;
    while i < x.len().min(out.len()) {
        let w = if i + 4 <= grouped { 4 } else { 1 };
        if huge & (((1u32 << w) - 1) << i) != 0 {
            super::scalar::huge_group(&x[i..i + w], &mut out[i..i + w], cos);
        }
        i += w;
    }
}

/// `data[i] = f(data[i])`, 8 lanes per instruction, four vectors per step (four chains
/// fit AVX2's 16 registers beside the constants). Safety: the CPU has AVX2 and FMA.
mod plain {
    use super::*;
    algorithms!("avx2,fma", 4);
}

/// The same operations compiled with AVX-512VL's EVEX encodings: 32 vector registers
/// instead of 16, so the routines' constants stay in registers. Safety: the CPU has
/// AVX2, FMA, AVX-512F and AVX-512VL.
mod evex {
    use super::*;
    algorithms!("avx2,fma,avx512f,avx512vl", 4);

    /// `p * 2^n` rounded once, as the plain path's [`super::scale2`]: `vscalefps` does
    /// it in one instruction (as the 16-lane path's).
    #[inline]
    #[target_feature(enable = "avx2,fma,avx512f,avx512vl")]
    fn scale2<const N: usize>(p: [F; N], n: [F; N]) -> [F; N] {
        std::array::from_fn(|i| _mm256_scalef_ps(p[i], n[i]))
    }
}

pub(super) use evex::map as map_evex;
pub(super) use evex::map_sub_each_add as map_sub_each_add_evex;
pub(super) use plain::map;
pub(super) use plain::map_sub_each_add;
#[cfg(test)]
pub(super) use {evex::apply as apply_evex, plain::apply};
pub(super) use {evex::exp_sub_scale as exp_sub_scale_evex, plain::exp_sub_scale};
