//! The algorithms one lane at a time: the portable path, and the definition the AVX2
//! path must match bit for bit.
//!
//! Each function is the compiler's inline f32x4 code (`src/compiler/codegen/vmath.rs`,
//! `vmath/f32math.rs`) for a target with FMA, transcribed operation by operation: the
//! same constants (f64 literals rounded to f32, as `Cx::fconst` does), the same fused
//! and unfused operations in the same order, compares and selects with the same NaN
//! behaviour. `f32::mul_add` is one rounding on every CPU (a software `fmaf` where the
//! hardware has none).

use super::trig64::{COS_C, PIO2_1, PIO2_2, PIO2_3, SIN_C};
use std::f64::consts;

/// `v` as the compiler's `fconst` makes it for an f32 lane.
const fn c(v: f64) -> f32 {
    v as f32
}

#[inline(always)]
fn fma(a: f32, b: f32, c: f32) -> f32 {
    a.mul_add(b, c)
}

/// `c[0] + x * (c[1] + x * (...))`, fused, as `M::poly`.
#[inline(always)]
fn poly(x: f32, c: &[f32]) -> f32 {
    let mut acc = c[c.len() - 1];
    for &k in c.iter().rev().skip(1) {
        acc = fma(acc, x, k);
    }
    acc
}

/// 1.5 * 2^23: an integral value added to it lands in the low mantissa bits.
pub(super) const MAGIC: f32 = 12582912.0;
/// `M::exp_f32`'s clamp: results below are 0, above infinite.
pub(super) const EXP_HI: f32 = c(89.0);
pub(super) const EXP_LO: f32 = c(-104.0);
pub(super) const LOG2E: f32 = c(consts::LOG2_E);
/// ln 2 in two parts (Cody-Waite), the second negated.
pub(super) const LN2_HI: f32 = c(0.693359375);
pub(super) const LN2_LO_NEG: f32 = c(-2.12194440e-4);
/// e^r = 1 + r + r^2 * P(r) (Cephes expf).
pub(super) const EXP_P: [f32; 6] = [
    c(5.0000001201e-1),
    c(1.6666665459e-1),
    c(4.1665795894e-2),
    c(8.3334519073e-3),
    c(1.3981999507e-3),
    c(1.9875691500e-4),
];

/// Below this |x|, tanh uses its odd polynomial (`TANH_SMALL`).
pub(super) const TANH_SMALL: f32 = c(0.625);
/// tanh x = x + x^3 * T(x^2) (`TANH_F`).
pub(super) const TANH_T: [f32; 5] = [
    c(-0.333_332_806_825_637_8),
    c(0.133_314_415_812_492_37),
    c(-0.053_739_707_916_975_02),
    c(0.020_639_071_241_021_156),
    c(-0.005_704_970_564_693_212_5),
];

pub(super) const INV_PI: f32 = c(consts::FRAC_1_PI);
/// pi/2 as three f32 for the fused reduction (`PIO2_FMA`).
pub(super) const PIO2: [f32; 3] = [
    f32::from_bits(0x3fc9_0fdb),
    f32::from_bits(0xb33b_bd2e),
    f32::from_bits(0xa6f7_2ced),
];
/// sin r = r + r^3 * P(r^2) (`SIN_F`).
pub(super) const SIN_P: [f32; 4] = [
    c(-0.166_666_597_127_914_43),
    c(0.008_333_065_547_049_046),
    c(-0.000_198_095_702_216_960_5),
    c(2.605_703_912_195_167_5e-6),
];
/// erfc for |x| < 1: `1 - x T(x^2)`; for |x| >= 1: `e^(-x^2) / |x| * P(1/x^2)` below 2,
/// `R(1/x^2)` from 2; 0 once `-x^2 < -ERFC_MAXLOG`; `2 - erfc(-x)` for negative x. The
/// Cephes coefficients of StableHLO's CHLO legalization (lowest degree first here).
#[allow(clippy::excessive_precision)] // digit for digit as Cephes writes them
pub(super) const ERFC_T: [f32; 7] = [
    c(1.128379165726710E+0),
    c(-3.761262582423300E-1),
    c(1.128358514861418E-1),
    c(-2.685381193529856E-2),
    c(5.188327685732524E-3),
    c(-8.010193625184903E-4),
    c(7.853861353153693E-5),
];
#[allow(clippy::excessive_precision)] // digit for digit as Cephes writes them
pub(super) const ERFC_P: [f32; 9] = [
    c(5.638259427386472E-1),
    c(-2.741127028184656E-1),
    c(3.404879937665872E-1),
    c(-4.944515323274145E-1),
    c(6.210004621745983E-1),
    c(-5.824733027278666E-1),
    c(3.687424674597105E-1),
    c(-1.387039388740657E-1),
    c(2.326819970068386E-2),
];
#[allow(clippy::excessive_precision)] // digit for digit as Cephes writes them
pub(super) const ERFC_R: [f32; 8] = [
    c(5.641895067754075E-1),
    c(-2.820767439740514E-1),
    c(4.218463358204948E-1),
    c(-1.015265279202700E+0),
    c(2.921019019210786E+0),
    c(-7.495518717768503E+0),
    c(1.297719955372516E+1),
    c(-1.047766399936249E+1),
];
pub(super) const ERFC_MAXLOG: f32 = c(88.72283905206835);

/// `SINCOS_LIMIT`: beyond it (|x| > 6000, NaN not) sin and cos take the slow path.
pub(super) const SINCOS_LIMIT: f32 = c(6000.0);
/// `TRIG_LIMIT`: beyond it the f64 reduction gives way to the runtime's f64 functions.
pub(super) const TRIG_LIMIT: f32 = c(1e6);

/// e^x (`M::exp_f32`).
pub(super) fn exp(x: f32) -> f32 {
    // The clamp is compare-and-select, NaN kept: `hi < x ? hi : x`, `x < lo ? lo : x`.
    let x = if EXP_HI < x { EXP_HI } else { x };
    let x = if x < EXP_LO { EXP_LO } else { x };
    let t = x * LOG2E;
    let n = t.round_ties_even();
    let r = x - n * LN2_HI;
    let r = r - n * LN2_LO_NEG;
    let z = r * r;
    let p = poly(r, &EXP_P);
    let p = fma(p, z, r);
    let p = p + 1.0;
    // 2^n as 2^n1 * 2^n2 (n1 = n >> 1), so that subnormal results round once.
    let ni = ((n + MAGIC).to_bits() as i32).wrapping_sub(MAGIC.to_bits() as i32);
    let n1 = ni >> 1;
    let n2 = ni.wrapping_sub(n1);
    let scale = |k: i32| f32::from_bits((k.wrapping_add(127) as u32) << 23);
    p * scale(n1) * scale(n2)
}

/// tanh x (`M::tanh_f32`).
pub(super) fn tanh(x: f32) -> f32 {
    let a = x.abs();
    let z = x * x;
    let p = poly(z, &TANH_T);
    let small = fma(x * z, p, x);
    let e = exp(a + a);
    let q = 2.0 / (e + 1.0);
    let big = 1.0 - q;
    // copysign as a bit select: the sign bit of x, the rest of big.
    let big = f32::from_bits((big.to_bits() & !SIGN) | (x.to_bits() & SIGN));
    if a < TANH_SMALL { small } else { big }
}

/// `c[0] + x * (c[1] + x * (...))`, each step a multiply then an add (two roundings),
/// as StableHLO's CHLO legalization writes its polynomials.
#[inline(always)]
fn poly_unfused(x: f32, c: &[f32]) -> f32 {
    let mut acc = c[c.len() - 1];
    for &k in c.iter().rev().skip(1) {
        acc = acc * x + k;
    }
    acc
}

/// erfc x (`ERFC_T`): StableHLO's CHLO legalization of f32 `erfc`, operation by
/// operation (so a program JAX serialized with the expansion already written out gives
/// the same bits), both branches computed and then selected, as the vector code does.
pub(super) fn erfc(x: f32) -> f32 {
    let x2 = x * x;
    let z = -x2;
    let a = x.abs();
    let recip_x2 = 1.0 / x2;
    let e = exp(z) * (1.0 / a);
    let p = poly_unfused(recip_x2, &ERFC_P);
    let r = poly_unfused(recip_x2, &ERFC_R);
    let approx = e * if a < 2.0 { p } else { r };
    let clamped = if z < -ERFC_MAXLOG { 0.0 } else { approx };
    let big = if x < 0.0 { 2.0 - clamped } else { clamped };
    let small = 1.0 - x * poly_unfused(x2, &ERFC_T);
    let v = if a < 1.0 { small } else { big };
    // A NaN argument comes back quieted, its sign and payload kept (fixed here because
    // the compiler may change a NaN's sign through the arithmetic above).
    if x.is_nan() { x + x } else { v }
}

const SIGN: u32 = 0x8000_0000;

/// 1 / (1 + e^-x) (`M::logistic_f32`).
pub(super) fn logistic(x: f32) -> f32 {
    let e = exp(-x.abs());
    let d = e + 1.0;
    let num = if x < 0.0 { e } else { 1.0 };
    num / d
}

/// sin x or cos x for |x| <= 6000 (`M::sincos_f32`, the FMA variant); garbage beyond.
///
/// The reduction is written so that every NaN operand of a fused multiply-add is the
/// same NaN (x's, quieted): the inline code's `fma(2 p, -m, r)` is `fma(-2 p, m, r)` here,
/// and its cos reduction `r = fma(p, q, -x)`, ... is computed negated as `-r =
/// fma(-p, q, x)`, ... (rounding to nearest is symmetric, so every value is the same up to
/// sign; sin r is odd, so the sign goes back on the result, NaN excepted). The inline
/// code's NaN depends on which operand its `vfmadd` form takes a NaN from; with
/// Cranelift's current lowering it is x's, as here (checked by the compiler's
/// `vmath_f32_matches_runtime_array_functions`).
pub(super) fn sincos_fast(x: f32, cos: bool) -> f32 {
    let t = if cos {
        fma(INV_PI, x, -0.5) + MAGIC
    } else {
        fma(INV_PI, x, MAGIC)
    };
    let m = t - MAGIC;
    // The sign: bit 0 of m (the low mantissa bit of t), moved to bit 31.
    let mut flip = t.to_bits() << 31;
    let r = if cos {
        let q = fma(m, 2.0, 1.0);
        let nr = fma(-PIO2[0], q, x);
        let nr = fma(-PIO2[1], q, nr);
        // -r: the sign goes back on the result (NaN keeps x's).
        if !x.is_nan() {
            flip ^= SIGN;
        }
        fma(-PIO2[2], q, nr)
    } else {
        let r = fma(-2.0 * PIO2[0], m, x);
        let r = fma(-2.0 * PIO2[1], m, r);
        fma(-2.0 * PIO2[2], m, r)
    };
    let z = r * r;
    let sp = poly(z, &SIN_P);
    let s = fma(r * z, sp, r);
    f32::from_bits(s.to_bits() ^ flip)
}

/// Does this lane send its group to the slow path (|x| > 6000, infinities included)?
#[inline(always)]
pub(super) fn huge(x: f32) -> bool {
    SINCOS_LIMIT < x.abs()
}

/// sin or cos of one group (an f32x4 of the inline code, or one scalar) through the
/// inline code's cold helper (`Helper::Sin`/`Cos`): every lane through the f64 reduction,
/// and if any |x| > 1e6, every lane through the runtime's f64 function.
#[cold]
#[inline(never)]
pub(super) fn huge_group(x: &[f32], out: &mut [f32], cos: bool) {
    for (o, &v) in out.iter_mut().zip(x) {
        *o = trig_f64(f64::from(v), cos) as f32;
    }
    if x.iter().any(|v| v.abs() > TRIG_LIMIT) {
        let f = if cos {
            crate::math::pjrt_rt_cos_f64_v1
        } else {
            crate::math::pjrt_rt_sin_f64_v1
        };
        for (o, &v) in out.iter_mut().zip(x) {
            *o = f(f64::from(v)) as f32;
        }
    }
}

/// The compiler's f64 sin/cos for |x| <= 1e6 (`M::trig`, fused polynomials).
fn trig_f64(x: f64, cos: bool) -> f64 {
    let n = (x * consts::FRAC_2_PI).round_ties_even();
    let r = x - n * PIO2_1;
    let r = r - n * PIO2_2;
    let r = r - n * PIO2_3;
    let z = r * r;
    let sr = r * poly64(z, &SIN_C);
    let cr = poly64(z, &COS_C);
    // Quadrant q = n mod 4, as a float.
    let q = n - (n * 0.25).floor() * 4.0;
    let q = if cos { q + 1.0 } else { q };
    let h = q * 0.5;
    let hf = h.floor();
    // `!=` is true for NaN, like Cranelift's `NotEqual`.
    let v = if h != hf { cr } else { sr };
    let r = if (1.0..2.0).contains(&hf) { -v } else { v };
    if !cos && x == 0.0 { x } else { r }
}

fn poly64(x: f64, c: &[f64]) -> f64 {
    let mut acc = c[c.len() - 1];
    for &k in c.iter().rev().skip(1) {
        acc = acc.mul_add(x, k);
    }
    acc
}

/// sin or cos over `data` with the inline code's grouping: `data[4k..4k + 4]` is one
/// f32x4, the last `len % 4` elements are scalars.
fn sincos(data: &mut [f32], cos: bool) {
    let grouped = data.len() / 4 * 4;
    let (groups, singles) = data.split_at_mut(grouped);
    for g in groups.chunks_exact_mut(4) {
        sincos_group(g, cos);
    }
    for s in singles.chunks_exact_mut(1) {
        sincos_group(s, cos);
    }
}

fn sincos_group(g: &mut [f32], cos: bool) {
    if g.iter().any(|&v| huge(v)) {
        let mut x = [0.0f32; 4];
        x[..g.len()].copy_from_slice(g);
        huge_group(&x[..g.len()], g, cos);
    } else {
        for v in g {
            *v = sincos_fast(*v, cos);
        }
    }
}

/// `data[i] = f(data[i])`, one lane at a time.
pub(super) fn apply(f: super::Func, data: &mut [f32]) {
    use super::Func;
    let each = |data: &mut [f32], g: fn(f32) -> f32| data.iter_mut().for_each(|v| *v = g(*v));
    match f {
        Func::Exp => each(data, exp),
        Func::Tanh => each(data, tanh),
        Func::Logistic => each(data, logistic),
        Func::Erfc => each(data, erfc),
        Func::Sin => sincos(data, false),
        Func::Cos => sincos(data, true),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `|x| > 6000` is the predicate the earlier code tested as `x * x > 6000^2`, for
    /// every f32 where they could differ: below 4096 both are false (x^2 < 2^24 < 6000^2),
    /// from 8192 on (and infinities) both are true, NaN fails both. So the change of
    /// test changed no result.
    #[test]
    fn huge_is_the_squared_test() {
        let squared = |x: f32| c(6000.0 * 6000.0) < x * x;
        let (lo, hi) = (4096.0f32.to_bits(), 8192.0f32.to_bits());
        for bits in (lo..=hi).chain([0, 0x7f80_0000, 0x7fc0_0000, 0x7f7f_ffff]) {
            for x in [f32::from_bits(bits), -f32::from_bits(bits)] {
                assert_eq!(huge(x), squared(x), "{x:e}");
            }
        }
        assert!(huge(6000.0f32.next_up()) && !huge(6000.0) && !huge(f32::NAN));
    }
}
