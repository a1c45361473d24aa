//! The 16-lane path (x86_64 AVX-512F): `avx2`'s algorithms on `__m512`, compares giving
//! `__mmask16` masks. The same operations as the 8-lane path, lane for lane, so the same
//! bits: `roundscale_ps` with scale 0 is `round_ps`, a masked blend is `blendv_ps`, the
//! sign operations are integer bit operations (AVX-512F has no float `and`).

use super::avx2::{NEAREST, algorithms, huge_lanes, lanewise};
use super::scalar::{
    ERFC_MAXLOG, ERFC_P, ERFC_R, ERFC_T, EXP_HI, EXP_LO, EXP_P, INV_PI, LN2_HI, LN2_LO_NEG, LOG2E,
    MAGIC, PIO2, SIN_P, SINCOS_LIMIT, TANH_SMALL, TANH_T,
};
use super::{Func, Shift};
use std::arch::x86_64::*;

/// Lanes per vector.
const W: usize = 16;
/// The float vector, its integer view and a compare result.
type F = __m512;
type I = __m512i;
type M = __mmask16;

#[inline]
#[target_feature(enable = "avx512f")]
fn bitwise(a: F, b: F, op: impl Fn(I, I) -> I) -> F {
    _mm512_castsi512_ps(op(_mm512_castps_si512(a), _mm512_castps_si512(b)))
}

lanewise! { "avx512f";
    add(a: F, b: F) -> F = _mm512_add_ps(a, b);
    sub(a: F, b: F) -> F = _mm512_sub_ps(a, b);
    mul(a: F, b: F) -> F = _mm512_mul_ps(a, b);
    div(a: F, b: F) -> F = _mm512_div_ps(a, b);
    min(a: F, b: F) -> F = _mm512_min_ps(a, b);
    max(a: F, b: F) -> F = _mm512_max_ps(a, b);
    fmadd(a: F, b: F, c: F) -> F = _mm512_fmadd_ps(a, b, c);
    fnmadd(a: F, b: F, c: F) -> F = _mm512_fnmadd_ps(a, b, c);
    round(a: F) -> F = _mm512_roundscale_ps::<NEAREST>(a);
    and(a: F, b: F) -> F = bitwise(a, b, |a, b| _mm512_and_si512(a, b));
    or(a: F, b: F) -> F = bitwise(a, b, |a, b| _mm512_or_si512(a, b));
    andnot(a: F, b: F) -> F = bitwise(a, b, |a, b| _mm512_andnot_si512(a, b));
    lt(a: F, b: F) -> M = _mm512_cmp_ps_mask::<_CMP_LT_OQ>(a, b);
    ordered(a: F) -> M = _mm512_cmp_ps_mask::<_CMP_ORD_Q>(a, a);
    blend(m: M, no: F, yes: F) -> F = _mm512_mask_blend_ps(m, no, yes);
    sign_where(m: M) -> F = _mm512_maskz_mov_ps(m, _mm512_set1_ps(-0.0));
    bits(a: F) -> I = _mm512_castps_si512(a);
    float(a: I) -> F = _mm512_castsi512_ps(a);
    xori(a: I, b: I) -> I = _mm512_xor_si512(a, b);
    sll31(a: I) -> I = _mm512_slli_epi32::<31>(a);
    // `p * 2^n` for integral `n`, rounded once: `vscalefps` is the 8-lane path's
    // 2^n1 * 2^n2 (the same bits, NaN p's payload included) in one instruction instead of
    // ten, a third of exp's.
    scale2(p: F, n: F) -> F = _mm512_scalef_ps(p, n);
}

/// `v` in every lane of N vectors.
#[inline]
#[target_feature(enable = "avx512f")]
fn k<const N: usize>(v: f32) -> [F; N] {
    [_mm512_set1_ps(v); N]
}

/// Is any lane of the N masks set?
#[inline]
#[target_feature(enable = "avx512f")]
fn any<const N: usize>(m: [M; N]) -> bool {
    m.into_iter().fold(0, |a, b| a | b) != 0
}

/// Lane i of the mask as bit i.
#[inline]
#[target_feature(enable = "avx512f")]
fn mask_bits(m: M) -> u32 {
    u32::from(m)
}

#[inline]
#[target_feature(enable = "avx512f")]
fn to_array(v: F) -> [f32; W] {
    let mut a = [0.0; W];
    // SAFETY: `a` holds W f32; unaligned store.
    unsafe { _mm512_storeu_ps(a.as_mut_ptr(), v) };
    a
}

#[inline]
#[target_feature(enable = "avx512f")]
fn from_array(a: &[f32; W]) -> F {
    // SAFETY: `a` holds W f32; unaligned load.
    unsafe { _mm512_loadu_ps(a.as_ptr()) }
}

/// N vectors from `p`.
///
/// # Safety
/// `p` points to N * W readable f32.
#[inline]
#[target_feature(enable = "avx512f")]
unsafe fn load<const N: usize>(p: *const f32) -> [F; N] {
    // SAFETY: j * W + W <= N * W f32 from p, readable by the caller's contract.
    std::array::from_fn(|j| unsafe { _mm512_loadu_ps(p.add(j * W)) })
}

/// N vectors to `p`.
///
/// # Safety
/// `p` points to N * W writable f32.
#[inline]
#[target_feature(enable = "avx512f")]
unsafe fn store<const N: usize>(p: *mut f32, v: [F; N]) {
    for (j, v) in v.into_iter().enumerate() {
        // SAFETY: j * W + W <= N * W f32 from p, writable by the caller's contract.
        unsafe { _mm512_storeu_ps(p.add(j * W), v) };
    }
}

/// The first `len` (< W) f32 from `p` in one vector, zeros in the other lanes.
///
/// # Safety
/// `p` points to `len` readable f32.
#[inline]
#[target_feature(enable = "avx512f")]
unsafe fn load_part(p: *const f32, len: usize) -> [F; 1] {
    // SAFETY: the masked load reads the first `len` lanes only (faults suppressed on the
    // others), which the caller vouches for.
    [unsafe { _mm512_maskz_loadu_ps(part_mask(len), p) }]
}

/// The first `len` (< W) lanes of `v` to `p`.
///
/// # Safety
/// `p` points to `len` writable f32.
#[inline]
#[target_feature(enable = "avx512f")]
unsafe fn store_part(p: *mut f32, len: usize, v: [F; 1]) {
    // SAFETY: the masked store writes the first `len` lanes only.
    unsafe { _mm512_mask_storeu_ps(p, part_mask(len), v[0]) }
}

/// Lanes `0..len`.
#[inline]
fn part_mask(len: usize) -> M {
    (((1u32 << len.min(W)) - 1) & 0xffff) as M
}

/// `data[i] = f(data[i])`, 16 lanes per instruction. Safety: the CPU has AVX2, FMA,
/// AVX-512F and AVX-512VL.
mod zmm {
    use super::*;
    algorithms!("avx2,fma,avx512f,avx512vl", 4);
}

#[cfg(test)]
pub(super) use zmm::apply as apply_zmm;
pub(super) use zmm::exp_sub_scale as exp_sub_scale_zmm;
pub(super) use zmm::map as map_zmm;
pub(super) use zmm::map_sub_each_add as map_sub_each_add_zmm;

/// [`map`]'s `dst[i] += f(src[i] - subs[i])` (see `avx2`'s `map_sub_each_add`): 16 lanes
/// from [`MIN_LEN`] elements on, else 8 (EVEX); `false` for sin and cos.
///
/// # Safety
/// The CPU has AVX2, FMA, AVX-512F and AVX-512VL; the arrays as `avx2`'s.
#[target_feature(enable = "avx2,fma,avx512f,avx512vl")]
pub(super) unsafe fn map_sub_each_add(
    f: Func,
    dst: *mut f32,
    src: *const f32,
    subs: *const f32,
    n: usize,
) -> bool {
    // SAFETY: the caller's contract covers both.
    unsafe {
        if n >= MIN_LEN {
            map_sub_each_add_zmm(f, dst, src, subs, n)
        } else {
            super::avx2::map_sub_each_add_evex(f, dst, src, subs, n)
        }
    }
}

/// Below this many elements the 8-lane path is faster: one step of the 16-lane path
/// (four vectors) does not fill, and its one partial step waits on a single chain.
pub(super) const MIN_LEN: usize = 64;

/// `dst[i] = f(src[i])`, or minus a shift (see [`super::Shift`]): 16 lanes per
/// instruction, or 8 (EVEX) on short arrays.
///
/// # Safety
/// The CPU has AVX2, FMA, AVX-512F and AVX-512VL; `src` and `dst` point to `n` f32
/// each, identical or not overlapping, that nothing else accesses meanwhile.
#[target_feature(enable = "avx2,fma,avx512f,avx512vl")]
pub(super) unsafe fn map(f: Func, dst: *mut f32, src: *const f32, n: usize, shift: Shift) {
    // SAFETY: the caller's contract covers both.
    unsafe {
        if n >= MIN_LEN {
            map_zmm(f, dst, src, n, shift);
        } else {
            super::avx2::map_evex(f, dst, src, n, shift);
        }
    }
}
