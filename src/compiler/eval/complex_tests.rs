//! The complex formulas against reference values: closed forms, C99 Annex G special
//! values, branch cuts, and accuracy where naive formulas cancel or overflow; the DFT
//! against known transforms.

use super::complex::{self, F64};
use super::fft::fft;
use super::tensor::Tensor;
use crate::compiler::ir::{DType, FftType, TensorType};

type Z = (f64, f64);

/// Relative error of `got` against `want`, measured on the modulus.
fn rel(got: Z, want: Z) -> f64 {
    let d = ((got.0 - want.0).powi(2) + (got.1 - want.1).powi(2)).sqrt();
    d / (want.0.powi(2) + want.1.powi(2))
        .sqrt()
        .max(f64::MIN_POSITIVE)
}

fn close(got: Z, want: Z, tol: f64, what: &str) {
    assert!(
        rel(got, want) <= tol,
        "{what}: got {got:?}, want {want:?} (rel {:e})",
        rel(got, want)
    );
}

/// Same bits per part, NaN matching NaN (the sign of zero counts).
fn exactly(got: Z, want: Z, what: &str) {
    let same = |a: f64, b: f64| a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan());
    assert!(
        same(got.0, want.0) && same(got.1, want.1),
        "{what}: got {got:?}, want {want:?}"
    );
}

#[test]
fn closed_forms() {
    let a = &mut F64;
    let (e, c1, s1) = (1f64.exp(), 1f64.cos(), 1f64.sin());
    close(
        complex::exp(a, (1.0, 1.0)),
        (e * c1, e * s1),
        1e-15,
        "exp(1+i)",
    );
    close(
        complex::log(a, (0.0, 1.0)),
        (0.0, std::f64::consts::FRAC_PI_2),
        1e-15,
        "log i",
    );
    close(
        complex::sqrt(a, (3.0, 4.0)),
        (2.0, 1.0),
        1e-15,
        "sqrt(3+4i)",
    );
    close(
        complex::mul(a, (1.0, 2.0), (3.0, -4.0)),
        (11.0, 2.0),
        0.0,
        "mul",
    );
    close(
        complex::div(a, (11.0, 2.0), (3.0, -4.0)),
        (1.0, 2.0),
        1e-15,
        "div",
    );
    close(
        complex::cbrt(a, (3.0, 4.0)),
        (1.628937145922176, 0.5201745023045458),
        1e-15,
        "cbrt",
    );
    close(
        complex::pow(a, (0.0, 1.0), (0.0, 1.0)),
        ((-std::f64::consts::FRAC_PI_2).exp(), 0.0),
        1e-15,
        "i^i",
    );
    // sin/cos/tan/tanh through their identities with sinh/cosh.
    let (s, c) = (complex::sin(a, (0.5, 0.7)), complex::cos(a, (0.5, 0.7)));
    close(
        (
            s.0 * s.0 - s.1 * s.1 + c.0 * c.0 - c.1 * c.1,
            2.0 * (s.0 * s.1 + c.0 * c.1),
        ),
        (1.0, 0.0),
        1e-15,
        "sin^2 + cos^2",
    );
    let t = complex::tan(a, (0.5, 0.7));
    close(complex::mul(a, t, c), s, 1e-15, "tan = sin / cos");
    let th = complex::tanh(a, (0.7, 0.5));
    let it = complex::tan(a, (-0.5, 0.7)); // tanh(z) = -i tan(iz)
    close(th, (it.1, -it.0), 1e-15, "tanh(z) = -i tan(iz)");
    assert_eq!(complex::abs(a, (3.0, 4.0)), 5.0);
    close(
        complex::atan2(a, (1.0, 0.0), (0.0, 0.0)),
        (std::f64::consts::FRAC_PI_2, 0.0),
        1e-15,
        "atan2",
    );
    close(
        complex::logistic(a, (0.0, 0.0)),
        (0.5, 0.0),
        0.0,
        "logistic 0",
    );
    close(complex::sign(a, (3.0, -4.0)), (0.6, -0.8), 1e-15, "sign");
}

#[test]
fn branch_cuts_and_signed_zeros() {
    let a = &mut F64;
    let pi = std::f64::consts::PI;
    exactly(complex::sqrt(a, (-4.0, 0.0)), (0.0, 2.0), "sqrt(-4 + 0i)");
    exactly(complex::sqrt(a, (-4.0, -0.0)), (0.0, -2.0), "sqrt(-4 - 0i)");
    exactly(complex::sqrt(a, (0.0, -0.0)), (0.0, -0.0), "sqrt(0 - 0i)");
    exactly(complex::log(a, (-1.0, 0.0)), (0.0, pi), "log(-1 + 0i)");
    exactly(complex::log(a, (-1.0, -0.0)), (0.0, -pi), "log(-1 - 0i)");
    exactly(
        complex::exp(a, (2.0, -0.0)),
        (2f64.exp(), -0.0),
        "exp of a real keeps -0",
    );
    exactly(
        complex::exp(a, (f64::INFINITY, 0.0)),
        (f64::INFINITY, 0.0),
        "exp(inf)",
    );
    exactly(
        complex::exp(a, (f64::NEG_INFINITY, 1.0)),
        (0.0, 0.0),
        "exp(-inf + i)",
    );
    exactly(
        complex::log(a, (0.0, 0.0)),
        (f64::NEG_INFINITY, 0.0),
        "log 0",
    );
    exactly(
        complex::log(a, (f64::INFINITY, f64::NAN)),
        (f64::INFINITY, f64::NAN),
        "log(inf + nan i)",
    );
    exactly(
        complex::sqrt(a, (f64::NAN, f64::INFINITY)),
        (f64::INFINITY, f64::INFINITY),
        "sqrt(x + inf i)",
    );
    exactly(
        complex::sqrt(a, (f64::NEG_INFINITY, 2.0)),
        (0.0, f64::INFINITY),
        "sqrt(-inf + 2i)",
    );
    exactly(
        complex::div(a, (1.0, -2.0), (0.0, 0.0)),
        (f64::INFINITY, f64::NEG_INFINITY),
        "1 - 2i over 0",
    );
    assert_eq!(complex::tanh(a, (1000.0, 1.0)).0, 1.0, "tanh(1000 + i)");
    exactly(complex::pow(a, (0.0, 0.0), (0.0, 0.0)), (1.0, 0.0), "0^0");
    exactly(
        complex::pow(a, (0.0, 0.0), (2.0, 3.0)),
        (0.0, 0.0),
        "0^(2+3i)",
    );
}

#[test]
fn no_cancellation_or_overflow_where_naive_formulas_have_it() {
    let a = &mut F64;
    // |z| without squaring: 1e300 and 1e-300 parts.
    assert_eq!(complex::abs(a, (3e300, 4e300)), 5e300);
    assert_eq!(complex::abs(a, (3e-300, 4e-300)), 5e-300);
    // log|z| near 1: log|1 + 1e-10 i| = 5e-21 (a naive log(hypot) gives 0).
    let l = complex::log(a, (1.0, 1e-10));
    assert!((l.0 - 5e-21).abs() <= 1e-35, "{l:?}");
    // log1p and expm1 of small values keep their relative accuracy.
    close(
        complex::log1p(a, (1e-12, 1e-12)),
        (1e-12, 1e-12),
        1e-11,
        "log1p small",
    );
    close(
        complex::expm1(a, (1e-12, -1e-12)),
        (1e-12, -1e-12),
        1e-11,
        "expm1 small",
    );
    // Huge arguments: log1p of 1e200, exp just past overflow but with a small cosine,
    // division of huge by huge.
    close(
        complex::log1p(a, (1e200, 0.0)),
        (200.0 * 10f64.ln(), 0.0),
        1e-15,
        "log1p huge",
    );
    close(
        complex::div(a, (1e300, 1e300), (1e300, -1e300)),
        (0.0, 1.0),
        1e-15,
        "huge / huge",
    );
    let e = complex::exp(a, (710.0, std::f64::consts::FRAC_PI_2));
    assert!(e.0.is_finite() && e.1.is_infinite(), "{e:?}");
    // sinh/cosh for tiny imaginary parts (sin(z) for z = x + 1e-20 i).
    let s = complex::sin(a, (1.0, 1e-20));
    close(
        s,
        (1f64.sin(), 1f64.cos() * 1e-20),
        1e-15,
        "sin(1 + 1e-20 i)",
    );
}

#[test]
fn complex64_rounds_once_from_f64() {
    // Computed in f64, rounded per part: the nearest f32s of the f64 result.
    let bits = complex::pack(DType::C64, (1.0, 2.0));
    let r = complex::unary(crate::compiler::ir::UnaryOp::Exp, DType::C64, bits).unwrap();
    let (re, im) = complex::parts(DType::C64, r);
    let (e, c2, s2) = (1f64.exp(), 2f64.cos(), 2f64.sin());
    assert_eq!(re, (e * c2) as f32 as f64);
    assert_eq!(im, (e * s2) as f32 as f64);
}

fn tensor(dtype: DType, shape: &[i64], values: &[Z]) -> Tensor {
    let ty = TensorType::new(dtype, shape);
    let bits = if dtype.is_complex() {
        values.iter().map(|&z| complex::pack(dtype, z)).collect()
    } else {
        values
            .iter()
            .map(|&(x, _)| u128::from(super::tensor::from_f64(dtype, x)))
            .collect()
    };
    Tensor::new(ty, bits)
}

fn zs(t: &Tensor) -> Vec<Z> {
    let d = t.dtype();
    t.bits
        .iter()
        .map(|&b| {
            if d.is_complex() {
                complex::parts(d, b)
            } else {
                (super::tensor::to_f64(d, b as u64), 0.0)
            }
        })
        .collect()
}

#[test]
fn dft_of_known_signals() {
    // An impulse transforms to ones; a constant to an impulse.
    let x = tensor(
        DType::C128,
        &[4],
        &[(1.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0)],
    );
    let y = fft(&x, &x.ty, FftType::Fft, 1);
    assert_eq!(zs(&y), vec![(1.0, 0.0); 4]);
    // A complex exponential e^(2 pi i 3 j / 7) is 7 at frequency 3 (a prime length).
    let n = 7;
    let w: Vec<Z> = (0..n)
        .map(|j| {
            let t = std::f64::consts::TAU * (3 * j % n) as f64 / n as f64;
            (t.cos(), t.sin())
        })
        .collect();
    let x = tensor(DType::C128, &[n as i64], &w);
    let y = zs(&fft(&x, &x.ty, FftType::Fft, 1));
    for (f, v) in y.iter().enumerate() {
        let want = if f == 3 { (7.0, 0.0) } else { (0.0, 0.0) };
        assert!(
            (v.0 - want.0).abs() < 1e-13 && (v.1 - want.1).abs() < 1e-13,
            "{f}: {v:?}"
        );
    }
    // IFFT(FFT(x)) = x over two dimensions, and RFFT then IRFFT.
    let vals: Vec<Z> = (0..12)
        .map(|i| (i as f64 * 0.5 - 2.0, (i * i % 5) as f64))
        .collect();
    let x = tensor(DType::C128, &[3, 4], &vals);
    let y = fft(&x, &x.ty, FftType::Fft, 2);
    let z = zs(&fft(&y, &x.ty, FftType::Ifft, 2));
    for (a, b) in z.iter().zip(&vals) {
        assert!((a.0 - b.0).abs() < 1e-13 && (a.1 - b.1).abs() < 1e-13);
    }
    let reals: Vec<Z> = vals.iter().map(|v| (v.0, 0.0)).collect();
    let r = tensor(DType::F64, &[2, 6], &reals);
    let half = TensorType::new(DType::C128, [2, 4]);
    let h = fft(&r, &half, FftType::Rfft, 1);
    let back = zs(&fft(&h, &r.ty, FftType::Irfft, 1));
    for (a, b) in back.iter().zip(&reals) {
        assert!((a.0 - b.0).abs() < 1e-13, "{back:?}");
    }
}

#[test]
fn irfft_ignores_the_imaginary_parts_of_zero_and_nyquist() {
    let x = tensor(DType::C128, &[3], &[(10.0, 5.0), (-2.0, 2.0), (-2.0, -7.0)]);
    let out = TensorType::new(DType::F64, [4]);
    let y = zs(&fft(&x, &out, FftType::Irfft, 1));
    let want = [1.0, 2.0, 3.0, 4.0];
    for (a, b) in y.iter().zip(want) {
        assert!((a.0 - b).abs() < 1e-13, "{y:?}");
    }
}

/// A grid over the four quadrants, axes included, away from the branch points.
fn grid() -> Vec<Z> {
    let vals = [
        -7.5, -2.25, -1.3, -0.6, -0.05, 0.0, 0.03, 0.45, 0.97, 1.7, 3.1, 11.0,
    ];
    let mut out = Vec::new();
    for &x in &vals {
        for &y in &vals {
            out.push((x, y));
        }
    }
    out
}

/// `close` with the error relative to `max(|want|, 1)`: round trips through a function
/// and its inverse lose absolute, not relative, accuracy near zero.
fn near(got: Z, want: Z, tol: f64, what: &str) {
    let d = (got.0 - want.0).hypot(got.1 - want.1);
    let scale = want.0.hypot(want.1).max(1.0);
    assert!(
        d <= tol * scale,
        "{what}: got {got:?}, want {want:?} (error {d:e})"
    );
}

#[test]
fn chlo_inverse_functions_invert_the_forward_ones() {
    for z in grid() {
        // Inverses on their principal ranges: f(f^-1(z)) = z everywhere.
        near(
            complex::sin(&mut F64, complex::asin(&mut F64, z)),
            z,
            1e-13,
            &format!("sin(asin {z:?})"),
        );
        near(
            complex::cos(&mut F64, complex::acos(&mut F64, z)),
            z,
            1e-13,
            &format!("cos(acos {z:?})"),
        );
        near(
            complex::tan(&mut F64, complex::atan(&mut F64, z)),
            z,
            1e-13,
            &format!("tan(atan {z:?})"),
        );
        near(
            complex::tanh(&mut F64, complex::atanh(&mut F64, z)),
            z,
            1e-13,
            &format!("tanh(atanh {z:?})"),
        );
        let sh = complex::asinh(&mut F64, z);
        near(
            complex::sinh(&mut F64, sh),
            z,
            1e-13,
            &format!("sinh(asinh {z:?})"),
        );
        let ch = complex::acosh(&mut F64, z);
        near(
            complex::cosh(&mut F64, ch),
            z,
            1e-13,
            &format!("cosh(acosh {z:?})"),
        );
        // Principal ranges: re asin in [-pi/2, pi/2], re acos in [0, pi], re acosh >= 0.
        let half_pi = std::f64::consts::FRAC_PI_2 + 1e-15;
        assert!(
            complex::asin(&mut F64, z).0.abs() <= half_pi,
            "asin {z:?} range"
        );
        let ac = complex::acos(&mut F64, z).0;
        assert!(
            (-1e-15..=std::f64::consts::PI + 1e-15).contains(&ac),
            "acos {z:?} range"
        );
        assert!(ch.0 >= 0.0, "acosh {z:?} range");
        // cosh/sinh against exp: (e^z +- e^-z) / 2.
        let (e, en) = (
            complex::exp(&mut F64, z),
            complex::exp(&mut F64, complex::neg(&mut F64, z)),
        );
        let c = complex::add(&mut F64, e, en);
        near(
            complex::cosh(&mut F64, z),
            (c.0 / 2.0, c.1 / 2.0),
            1e-14,
            &format!("cosh {z:?}"),
        );
        let s = complex::sub(&mut F64, e, en);
        near(
            complex::sinh(&mut F64, z),
            (s.0 / 2.0, s.1 / 2.0),
            1e-14,
            &format!("sinh {z:?}"),
        );
        near(
            complex::square(&mut F64, z),
            complex::mul(&mut F64, z, z),
            1e-15,
            &format!("square {z:?}"),
        );
    }
}

#[test]
fn chlo_inverse_functions_at_known_points_and_extremes() {
    let acosh2 = (2.0f64 + 3f64.sqrt()).ln();
    close(
        complex::asin(&mut F64, (2.0, 0.0)),
        (std::f64::consts::FRAC_PI_2, acosh2),
        1e-15,
        "asin 2",
    );
    close(
        complex::acos(&mut F64, (2.0, 0.0)),
        (0.0, -acosh2),
        1e-15,
        "acos 2",
    );
    close(
        complex::atanh(&mut F64, (0.5, 0.0)),
        (0.5493061443340548, 0.0),
        1e-15,
        "atanh 0.5",
    );
    close(
        complex::atan(&mut F64, (0.0, 0.5)),
        (0.0, 0.5493061443340548),
        1e-15,
        "atan 0.5i",
    );
    // Where the squares overflow: asin(z) ~ sign * (atan2(x, y), log(2|z|)).
    for &(x, y) in &[(1e300, 1e300), (3e307, -2.0), (-5.0, 1e305)] {
        let got = complex::asin(&mut F64, (x, y));
        let modulus = (x / 1e300).hypot(y / 1e300);
        let want_im = std::f64::consts::LN_2 + modulus.ln() + 300.0 * 10f64.ln();
        let want = ((x / y.abs()).atan(), want_im.copysign(y));
        close(got, want, 1e-14, &format!("asin({x}, {y})"));
        let t = complex::atanh(&mut F64, (x, y));
        assert!(
            t.0.is_finite() && t.1.is_finite(),
            "atanh({x}, {y}) = {t:?}"
        );
        assert!(
            (t.1.abs() - std::f64::consts::FRAC_PI_2).abs() < 1e-15,
            "atanh({x}, {y})"
        );
    }
    // Tiny arguments keep their first-order terms (no cancellation to zero).
    close(
        complex::asin(&mut F64, (1e-200, 1e-200)),
        (1e-200, 1e-200),
        1e-15,
        "asin tiny",
    );
    close(
        complex::atanh(&mut F64, (1e-200, -3e-200)),
        (1e-200, -3e-200),
        1e-15,
        "atanh tiny",
    );
    close(
        complex::sinh(&mut F64, (1e-200, 2e-200)),
        (1e-200, 2e-200),
        1e-15,
        "sinh tiny",
    );
}
