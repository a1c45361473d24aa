//! Special functions, transcribed op for op from StableHLO's `ChloLegalizeToStablehlo.cpp`
//! (Cephes-based erf/erfc, Giles' erf_inv, Lanczos lgamma/digamma, the Hurwitz zeta of
//! Johansson's formula (5), bessel_i1e by Chebyshev series). The f32 forms take f32
//! operands (f16/bf16 arrive upcast), the f64 forms f64; coefficients are written as
//! the reference declares them (`float` or `double`) and rounded to the element type.

// Coefficients are written digit for digit as the reference declares them (they round to
// the same values), so that they can be checked against it.
#![allow(clippy::excessive_precision)]

use crate::compiler::ir::builder::Builder;
use crate::compiler::ir::{DType, UnaryOp, ValueId};

/// `c[0] * x^(n-1) + ... + c[n-1]` by Horner's rule (`poly = poly * x + c`).
fn polynomial(b: &mut Builder, x: ValueId, coefficients: &[f64]) -> ValueId {
    let mut poly = b.constant_like(x, coefficients[0]);
    for &c in &coefficients[1..] {
        let m = b.mul(poly, x);
        let k = b.constant_like(x, c);
        poly = b.add(m, k);
    }
    poly
}

/// The f32 coefficients as the reference's `float` arrays hold them.
fn f32s(c: &[f32]) -> Vec<f64> {
    c.iter().map(|&v| v as f64).collect()
}

/// Clenshaw's recurrence for a Chebyshev series: `(b0 - b2) / 2`.
fn chebyshev(b: &mut Builder, x: ValueId, coefficients: &[f64]) -> ValueId {
    let mut b0 = b.constant_like(x, 0.0);
    let mut b1 = b.constant_like(x, 0.0);
    let mut b2 = b.constant_like(x, 0.0);
    for &c in coefficients {
        b2 = b1;
        b1 = b0;
        let m = b.mul(x, b1);
        let s = b.sub(m, b2);
        let k = b.constant_like(x, c);
        b0 = b.add(s, k);
    }
    let r = b.sub(b0, b2);
    let half = b.constant_like(x, 0.5);
    b.mul(r, half)
}

// ---- bessel_i1e ----

fn bessel_i1e(b: &mut Builder, x: ValueId, a: &[f64], c: &[f64]) -> ValueId {
    let z = b.abs(x);
    let half = b.constant_like(x, 0.5);
    let two = b.constant_like(x, 2.0);
    let thirty_two = b.constant_like(x, 32.0);
    let eight = b.constant_like(x, 8.0);
    let t = b.mul(half, z);
    let t = b.sub(t, two);
    let le8 = chebyshev(b, t, a);
    let le8 = b.mul(z, le8);
    let t = b.div(thirty_two, z);
    let t = b.sub(t, two);
    let gt8 = chebyshev(b, t, c);
    let sz = b.sqrt(z);
    let gt8 = b.div(gt8, sz);
    let is_le8 = b.le(z, eight);
    let v = b.select(is_le8, le8, gt8);
    let sign = b.unary(UnaryOp::Sign, x);
    b.mul(sign, v)
}

pub fn bessel_i1e_f32(b: &mut Builder, x: ValueId) -> ValueId {
    const A: [f32; 17] = [
        9.38153738649577178388E-9,
        -4.44505912879632808065E-8,
        2.00329475355213526229E-7,
        -8.56872026469545474066E-7,
        3.47025130813767847674E-6,
        -1.32731636560394358279E-5,
        4.78156510755005422638E-5,
        -1.61760815825896745588E-4,
        5.12285956168575772895E-4,
        -1.51357245063125314899E-3,
        4.15642294431288815669E-3,
        -1.05640848946261981558E-2,
        2.47264490306265168283E-2,
        -5.29459812080949914269E-2,
        1.02643658689847095384E-1,
        -1.76416518357834055153E-1,
        2.52587186443633654823E-1,
    ];
    const B: [f32; 7] = [
        -3.83538038596423702205E-9,
        -2.63146884688951950684E-8,
        -2.51223623787020892529E-7,
        -3.88256480887769039346E-6,
        -1.10588938762623716291E-4,
        -9.76109749136146840777E-3,
        7.78576235018280120474E-1,
    ];
    bessel_i1e(b, x, &f32s(&A), &f32s(&B))
}

pub fn bessel_i1e_f64(b: &mut Builder, x: ValueId) -> ValueId {
    const A: [f64; 29] = [
        2.77791411276104639959E-18,
        -2.11142121435816608115E-17,
        1.55363195773620046921E-16,
        -1.10559694773538630805E-15,
        7.60068429473540693410E-15,
        -5.04218550472791168711E-14,
        3.22379336594557470981E-13,
        -1.98397439776494371520E-12,
        1.17361862988909016308E-11,
        -6.66348972350202774223E-11,
        3.62559028155211703701E-10,
        -1.88724975172282928790E-9,
        9.38153738649577178388E-9,
        -4.44505912879632808065E-8,
        2.00329475355213526229E-7,
        -8.56872026469545474066E-7,
        3.47025130813767847674E-6,
        -1.32731636560394358279E-5,
        4.78156510755005422638E-5,
        -1.61760815825896745588E-4,
        5.12285956168575772895E-4,
        -1.51357245063125314899E-3,
        4.15642294431288815669E-3,
        -1.05640848946261981558E-2,
        2.47264490306265168283E-2,
        -5.29459812080949914269E-2,
        1.02643658689847095384E-1,
        -1.76416518357834055153E-1,
        2.52587186443633654823E-1,
    ];
    const B: [f64; 25] = [
        7.51729631084210481353E-18,
        4.41434832307170791151E-18,
        -4.65030536848935832153E-17,
        -3.20952592199342395980E-17,
        2.96262899764595013876E-16,
        3.30820231092092828324E-16,
        -1.88035477551078244854E-15,
        -3.81440307243700780478E-15,
        1.04202769841288027642E-14,
        4.27244001671195135429E-14,
        -2.10154184277266431302E-14,
        -4.08355111109219731823E-13,
        -7.19855177624590851209E-13,
        2.03562854414708950722E-12,
        1.41258074366137813316E-11,
        3.25260358301548823856E-11,
        -1.89749581235054123450E-11,
        -5.58974346219658380687E-10,
        -3.83538038596423702205E-9,
        -2.63146884688951950684E-8,
        -2.51223623787020892529E-7,
        -3.88256480887769039346E-6,
        -1.10588938762623716291E-4,
        -9.76109749136146840777E-3,
        7.78576235018280120474E-1,
    ];
    bessel_i1e(b, x, &A, &B)
}

// ---- erf, erfc (f64) ----

/// erfc for `|x| >= 1`: `exp(-x^2) P(|x|) / Q(|x|)` below 8, `exp(-x^2) R(|x|) / S(|x|)`
/// from 8, 0 once `-x^2` is below `-maxlog`, `2 - erfc(-x)` for negative `x`.
fn erfc_f64_ge1(b: &mut Builder, x: ValueId) -> ValueId {
    const MAXLOG: f64 = 7.09782712893383996843E2;
    const P: [f64; 9] = [
        2.46196981473530512524E-10,
        5.64189564831068821977E-1,
        7.46321056442269912687E0,
        4.86371970985681366614E1,
        1.96520832956077098242E2,
        5.26445194995477358631E2,
        9.34528527171957607540E2,
        1.02755188689515710272E3,
        5.57535335369399327526E2,
    ];
    const Q: [f64; 9] = [
        1.00000000000000000000E0,
        1.32281951154744992508E1,
        8.67072140885989742329E1,
        3.54937778887819891062E2,
        9.75708501743205489753E2,
        1.82390916687909736289E3,
        2.24633760818710981792E3,
        1.65666309194161350182E3,
        5.57535340817727675546E2,
    ];
    const R: [f64; 6] = [
        5.64189583547755073984E-1,
        1.27536670759978104416E0,
        5.01905042251180477414E0,
        6.16021097993053585195E0,
        7.40974269950448939160E0,
        2.97886665372100240670E0,
    ];
    const S: [f64; 7] = [
        1.00000000000000000000E0,
        2.26052863220117276590E0,
        9.39603524938001434673E0,
        1.20489539808096656605E1,
        1.70814450747565897222E1,
        9.60896809063285878198E0,
        3.36907645100081516050E0,
    ];
    let x2 = b.mul(x, x);
    let z = b.neg(x2);
    let exp_z = b.exp(z);
    let ax = b.abs(x);
    let p = polynomial(b, ax, &P);
    let ep = b.mul(exp_z, p);
    let q = polynomial(b, ax, &Q);
    let below8 = b.div(ep, q);
    let r = polynomial(b, ax, &R);
    let er = b.mul(exp_z, r);
    let s = polynomial(b, ax, &S);
    let from8 = b.div(er, s);
    let eight = b.constant_like(x, 8.0);
    let lt8 = b.lt(ax, eight);
    let approx = b.select(lt8, below8, from8);
    let neg_maxlog = b.constant_like(x, -MAXLOG);
    let underflow = b.lt(z, neg_maxlog);
    let zero = b.constant_like(x, 0.0);
    let clamped = b.select(underflow, zero, approx);
    let negative = b.lt(x, zero);
    let two = b.constant_like(x, 2.0);
    let reflected = b.sub(two, clamped);
    b.select(negative, reflected, clamped)
}

/// erf for `|x| <= 1`: `x T(x^2) / U(x^2)`.
fn erf_f64_le1(b: &mut Builder, x: ValueId) -> ValueId {
    const T: [f64; 5] = [
        9.60497373987051638749E0,
        9.00260197203842689217E1,
        2.23200534594684319226E3,
        7.00332514112805075473E3,
        5.55923013010394962768E4,
    ];
    const U: [f64; 6] = [
        1.00000000000000000000E0,
        3.35617141647503099647E1,
        5.21357949780152679795E2,
        4.59432382970980127987E3,
        2.26290000613890934246E4,
        4.92673942608635921086E4,
    ];
    let x2 = b.mul(x, x);
    let t = polynomial(b, x2, &T);
    let xt = b.mul(x, t);
    let u = polynomial(b, x2, &U);
    b.div(xt, u)
}

pub fn erf_f64(b: &mut Builder, x: ValueId) -> ValueId {
    let erf = erf_f64_le1(b, x);
    let one = b.constant_like(x, 1.0);
    let erfc = erfc_f64_ge1(b, x);
    let from_erfc = b.sub(one, erfc);
    let ax = b.abs(x);
    let lt1 = b.lt(ax, one);
    b.select(lt1, erf, from_erfc)
}

pub fn erfc_f64(b: &mut Builder, x: ValueId) -> ValueId {
    let erfc = erfc_f64_ge1(b, x);
    let one = b.constant_like(x, 1.0);
    let erf = erf_f64_le1(b, x);
    let from_erf = b.sub(one, erf);
    let ax = b.abs(x);
    let lt1 = b.lt(ax, one);
    b.select(lt1, from_erf, erfc)
}

// ---- erf (f32); erfc is `UnaryOp::Erfc`, defined by the runtime's vecmath ----

/// Eigen's erf: `x * alpha(x^2) / beta(x^2)` on `x` clamped to [-4, 4], clamped to
/// [-1, 1]. Polynomial and branch-free, so it vectorizes.
pub fn erf_f32(b: &mut Builder, x: ValueId) -> ValueId {
    const ALPHA: [f32; 7] = [
        -2.72614225801306e-10,
        2.77068142495902e-08,
        -2.10102402082508e-06,
        -5.69250639462346e-05,
        -7.34990630326855e-04,
        -2.95459980854025e-03,
        -1.60960333262415e-02,
    ];
    const BETA: [f32; 5] = [
        -1.45660718464996e-05,
        -2.13374055278905e-04,
        -1.68282697438203e-03,
        -7.37332916720468e-03,
        -1.42647390514189e-02,
    ];
    let lo = b.constant_like(x, -4.0);
    let hi = b.constant_like(x, 4.0);
    let x = b.clamp(lo, x, hi);
    let x2 = b.mul(x, x);
    let alpha = polynomial(b, x2, &f32s(&ALPHA));
    let beta = polynomial(b, x2, &f32s(&BETA));
    let xa = b.mul(x, alpha);
    let erf = b.div(xa, beta);
    let lo = b.constant_like(x, -1.0);
    let hi = b.constant_like(x, 1.0);
    b.clamp(lo, erf, hi)
}

// ---- erf_inv ----

/// Giles' single-precision erfinv: a degree-8 polynomial in `w - 2.5` or `sqrt(w) - 3`,
/// `w = -log(1 - x^2)`; `erfinv(+-1) = +-inf`.
pub fn erf_inv_f32(b: &mut Builder, x: ValueId) -> ValueId {
    const LT5: [f32; 9] = [
        2.81022636e-08,
        3.43273939e-07,
        -3.5233877e-06,
        -4.39150654e-06,
        0.00021858087,
        -0.00125372503,
        -0.00417768164,
        0.246640727,
        1.50140941,
    ];
    const GE5: [f32; 9] = [
        -0.000200214257,
        0.000100950558,
        0.00134934322,
        -0.00367342844,
        0.00573950773,
        -0.0076224613,
        0.00943887047,
        1.00167406,
        2.83297682,
    ];
    let nx = b.neg(x);
    let minus_x2 = b.mul(x, nx);
    let l = b.log1p(minus_x2);
    let w = b.neg(l);
    let five = b.constant_like(x, 5.0);
    let lt = b.lt(w, five);
    let c25 = b.constant_like(x, 2.5);
    let w_small = b.sub(w, c25);
    let sw = b.sqrt(w);
    let c3 = b.constant_like(x, 3.0);
    let w_large = b.sub(sw, c3);
    let w = b.select(lt, w_small, w_large);
    let coefficient = |b: &mut Builder, i: usize| {
        let s = b.constant_like(x, LT5[i] as f64);
        let l = b.constant_like(x, GE5[i] as f64);
        b.select(lt, s, l)
    };
    let mut p = coefficient(b, 0);
    for i in 1..9 {
        let c = coefficient(b, i);
        let pw = b.mul(p, w);
        p = b.add(c, pw);
    }
    erf_inv_edges(b, x, p)
}

/// `p * x`, except `x * inf` where `|x| == 1`.
fn erf_inv_edges(b: &mut Builder, x: ValueId, p: ValueId) -> ValueId {
    let result = b.mul(p, x);
    let ax = b.abs(x);
    let one = b.constant_like(x, 1.0);
    let at_one = b.eq(ax, one);
    let inf = b.constant_like(x, f64::INFINITY);
    let xinf = b.mul(x, inf);
    b.select(at_one, xinf, result)
}

/// Giles' double-precision erfinv: three polynomials (23, 19 and 17 coefficients) in
/// `w - 3.125`, `sqrt(w) - 3.25` and `sqrt(w) - 5`, selected by `w < 6.25` and `w < 16`.
pub fn erf_inv_f64(b: &mut Builder, x: ValueId) -> ValueId {
    const LT625: [f64; 23] = [
        -3.6444120640178196996e-21,
        -1.685059138182016589e-19,
        1.2858480715256400167e-18,
        1.115787767802518096e-17,
        -1.333171662854620906e-16,
        2.0972767875968561637e-17,
        6.6376381343583238325e-15,
        -4.0545662729752068639e-14,
        -8.1519341976054721522e-14,
        2.6335093153082322977e-12,
        -1.2975133253453532498e-11,
        -5.4154120542946279317e-11,
        1.051212273321532285e-09,
        -4.1126339803469836976e-09,
        -2.9070369957882005086e-08,
        4.2347877827932403518e-07,
        -1.3654692000834678645e-06,
        -1.3882523362786468719e-05,
        0.0001867342080340571352,
        -0.00074070253416626697512,
        -0.0060336708714301490533,
        0.24015818242558961693,
        1.6536545626831027356,
    ];
    const LT16: [f64; 19] = [
        2.2137376921775787049e-09,
        9.0756561938885390979e-08,
        -2.7517406297064545428e-07,
        1.8239629214389227755e-08,
        1.5027403968909827627e-06,
        -4.013867526981545969e-06,
        2.9234449089955446044e-06,
        1.2475304481671778723e-05,
        -4.7318229009055733981e-05,
        6.8284851459573175448e-05,
        2.4031110387097893999e-05,
        -0.0003550375203628474796,
        0.00095328937973738049703,
        -0.0016882755560235047313,
        0.0024914420961078508066,
        -0.0037512085075692412107,
        0.005370914553590063617,
        1.0052589676941592334,
        3.0838856104922207635,
    ];
    const GE16: [f64; 17] = [
        -2.7109920616438573243e-11,
        -2.5556418169965252055e-10,
        1.5076572693500548083e-09,
        -3.7894654401267369937e-09,
        7.6157012080783393804e-09,
        -1.4960026627149240478e-08,
        2.9147953450901080826e-08,
        -6.7711997758452339498e-08,
        2.2900482228026654717e-07,
        -9.9298272942317002539e-07,
        4.5260625972231537039e-06,
        -1.9681778105531670567e-05,
        7.5995277030017761139e-05,
        -0.00021503011930044477347,
        -0.00013871931833623122026,
        1.0103004648645343977,
        4.8499064014085844221,
    ];
    let nx = b.neg(x);
    let minus_x2 = b.mul(x, nx);
    let l = b.log1p(minus_x2);
    let w = b.neg(l);
    let c625 = b.constant_like(x, 6.25);
    let lt625 = b.lt(w, c625);
    let c16 = b.constant_like(x, 16.0);
    let lt16 = b.lt(w, c16);
    let coefficient = |b: &mut Builder, i: usize| {
        let mut c = b.constant_like(x, LT625[i]);
        if i < 19 {
            let o = b.constant_like(x, LT16[i]);
            c = b.select(lt625, c, o);
        }
        if i < 17 {
            let o = b.constant_like(x, GE16[i]);
            c = b.select(lt16, c, o);
        }
        c
    };
    let sw = b.sqrt(w);
    let c3125 = b.constant_like(x, 3.125);
    let w_small = b.sub(w, c3125);
    let c325 = b.constant_like(x, 3.25);
    let c5 = b.constant_like(x, 5.0);
    let shift = b.select(lt16, c325, c5);
    let w_large = b.sub(sw, shift);
    let w = b.select(lt625, w_small, w_large);
    let mut p = coefficient(b, 0);
    for i in 1..17 {
        let c = coefficient(b, i);
        let pw = b.mul(p, w);
        p = b.add(c, pw);
    }
    for i in 17..19 {
        let c = coefficient(b, i);
        let pw = b.mul(p, w);
        let next = b.add(c, pw);
        p = b.select(lt16, next, p);
    }
    for i in 19..23 {
        let c = coefficient(b, i);
        let pw = b.mul(p, w);
        let next = b.add(c, pw);
        p = b.select(lt625, next, p);
    }
    erf_inv_edges(b, x, p)
}

// ---- lgamma, digamma ----

/// Lanczos approximation parameters g = 7, n = 9.
const LANCZOS_GAMMA: f64 = 7.0;
const LANCZOS_BASE: f64 = 0.99999999999980993227684700473478;
const LANCZOS: [f64; 8] = [
    676.520368121885098567009190444019,
    -1259.13921672240287047156078755283,
    771.3234287776530788486528258894,
    -176.61502916214059906584551354,
    12.507343278686904814458936853,
    -0.13857109526572011689554707,
    9.984369578019570859563e-6,
    1.50563273514931155834e-7,
];

/// `z = -x` where `x < 1/2` (reflected), `x - 1` elsewhere; returns (z, reflect).
fn lanczos_argument(b: &mut Builder, x: ValueId) -> (ValueId, ValueId) {
    let half = b.constant_like(x, 0.5);
    let reflect = b.lt(x, half);
    let nx = b.neg(x);
    let one = b.constant_like(x, 1.0);
    let xm1 = b.sub(x, one);
    (b.select(reflect, nx, xm1), reflect)
}

/// `log(t)` for `t = z + g + 1/2`, as `log(g + 1/2) + log1p(z / (g + 1/2))`; returns
/// (t, log t).
fn lanczos_log_t(b: &mut Builder, x: ValueId, z: ValueId) -> (ValueId, ValueId) {
    let g_half = b.constant_like(x, LANCZOS_GAMMA + 0.5);
    let t = b.add(g_half, z);
    let log_g_half = b.constant_like(x, (LANCZOS_GAMMA + 0.5).ln());
    let q = b.div(z, g_half);
    let l = b.log1p(q);
    (t, b.add(log_g_half, l))
}

/// `lgamma(z + 1) = log(2 pi) / 2 + (z + 1/2 - t / log t) log t + log a(z)`, reflected
/// for `x < 1/2` through `log(pi) - lgamma(1 - x) - log|sin(pi x)|`; `+inf` at +-inf.
pub fn lgamma(b: &mut Builder, x: ValueId) -> ValueId {
    let half = b.constant_like(x, 0.5);
    let one = b.constant_like(x, 1.0);
    let (z, reflect) = lanczos_argument(b, x);
    let mut a = b.constant_like(x, LANCZOS_BASE);
    for (i, &c) in LANCZOS.iter().enumerate() {
        let coeff = b.constant_like(x, c);
        let k = b.constant_like(x, (i + 1) as f64);
        let zk = b.add(z, k);
        let q = b.div(coeff, zk);
        a = b.add(a, q);
    }
    let (t, log_t) = lanczos_log_t(b, x, z);
    let t_over_log_t = b.div(t, log_t);
    let zh = b.add(z, half);
    let sum = b.sub(zh, t_over_log_t);
    let r = b.mul(sum, log_t);
    let log_a = b.log(a);
    let c = b.constant_like(x, (2f64.ln() + std::f64::consts::PI.ln()) / 2.0);
    let cr = b.add(c, r);
    let lgamma = b.add(cr, log_a);
    // |frac(x)|, folded into [0, 1/2] (sin(pi x) is symmetric about 1/2 there).
    let ax = b.abs(x);
    let fl = b.floor(ax);
    let abs_frac = b.sub(ax, fl);
    let reduce = b.lt(half, abs_frac);
    let one_minus = b.sub(one, abs_frac);
    let abs_frac = b.select(reduce, one_minus, abs_frac);
    let pi = b.constant_like(x, std::f64::consts::PI);
    let pf = b.mul(pi, abs_frac);
    let s = b.unary(UnaryOp::Sin, pf);
    let denom = b.log(s);
    let log_pi = b.constant_like(x, std::f64::consts::PI.ln());
    let lr = b.sub(log_pi, denom);
    let reflection = b.sub(lr, lgamma);
    // An infinite log|sin| wins: avoids -inf - inf = NaN.
    let finite = b.is_finite(denom);
    let neg_denom = b.neg(denom);
    let reflection = b.select(finite, reflection, neg_denom);
    let lgamma = b.select(reflect, reflection, lgamma);
    let ax = b.abs(x);
    let inf = b.constant_like(ax, f64::INFINITY);
    let is_inf = b.eq(ax, inf);
    b.select(is_inf, inf, lgamma)
}

/// `digamma(z + 1) = log t + a'(z) / a(z) - g / t`, reflected for `x < 1/2` through
/// `digamma(1 - x) - pi cot(pi x)`; NaN at the poles (integers <= 0).
pub fn digamma(b: &mut Builder, x: ValueId) -> ValueId {
    let (z, reflect) = lanczos_argument(b, x);
    let zero = b.constant_like(x, 0.0);
    let mut a = b.constant_like(x, LANCZOS_BASE);
    let mut a_prime = zero;
    for (i, &c) in LANCZOS.iter().enumerate() {
        let coeff = b.constant_like(x, c);
        let k = b.constant_like(x, (i + 1) as f64);
        let zk = b.add(z, k);
        let zk2 = b.mul(zk, zk);
        let d = b.div(coeff, zk2);
        a_prime = b.sub(a_prime, d);
        let q = b.div(coeff, zk);
        a = b.add(a, q);
    }
    let (t, log_t) = lanczos_log_t(b, x, z);
    let ratio = b.div(a_prime, a);
    let g = b.constant_like(x, LANCZOS_GAMMA);
    let g_over_t = b.div(g, t);
    let s = b.add(log_t, ratio);
    let digamma = b.sub(s, g_over_t);
    // pi x loses precision near integers: shift x < -1/2 into [-1/2, 1/2].
    let half = b.constant_like(x, 0.5);
    let xh = b.add(x, half);
    let fl = b.floor(xh);
    let afl = b.abs(fl);
    let reduced = b.add(x, afl);
    let pi = b.constant_like(x, std::f64::consts::PI);
    let px = b.mul(pi, reduced);
    let cos = b.unary(UnaryOp::Cos, px);
    let sin = b.unary(UnaryOp::Sin, px);
    let pc = b.mul(pi, cos);
    let cot = b.div(pc, sin);
    let reflection = b.sub(digamma, cot);
    let digamma = b.select(reflect, reflection, digamma);
    let le0 = b.le(x, zero);
    let fx = b.floor(x);
    let is_int = b.eq(x, fx);
    let pole = b.and(le0, is_int);
    let nan = b.constant_like(x, f64::NAN);
    b.select(pole, nan, digamma)
}

// ---- zeta, polygamma ----

/// Smallest positive (subnormal) value of float type `d` (`APFloat::getSmallest`).
fn smallest_subnormal(d: DType) -> f64 {
    match d {
        DType::F32 => f32::from_bits(1) as f64,
        _ => f64::from_bits(1),
    }
}

/// The Hurwitz zeta function `zeta(x, q) = sum_n (q + n)^-x`: 10 terms of the series,
/// then the Euler-Maclaurin tail with 12 Bernoulli terms (Horner form); NaN for `x < 1`
/// or `q <= 0` with `x` not an integer, the pole values at integer `q <= 0`, `+inf` at
/// `x = 1`.
pub fn zeta(b: &mut Builder, x: ValueId, q: ValueId) -> ValueId {
    const TERMS: usize = 12;
    const ITERS: usize = 9;
    const TWO_TERMS_MINUS_ONE: i64 = 2 * TERMS as i64 - 1;
    const COEFFS: [f64; TERMS] = [
        -7.1661652561756670113e18,
        1.8152105401943546773e17,
        -4.5979787224074726105e15,
        1.1646782814350067249e14,
        -2.950130727918164224e12,
        7.47242496e10,
        -1.8924375803183791606e9,
        47900160.0,
        -1209600.0,
        30240.0,
        -720.0,
        12.0,
    ];
    let zero = b.constant_like(q, 0.0);
    let one = b.constant_like(q, 1.0);
    let mut acc = q;
    let neg_x = b.neg(x);
    let mut power_sum = b.pow(q, neg_x);
    for _ in 0..ITERS {
        acc = b.add(acc, one);
        let term = b.pow(acc, neg_x);
        power_sum = b.add(power_sum, term);
    }
    acc = b.add(acc, one);
    let q_neg_power = b.pow(acc, neg_x);
    let one_x = b.constant_like(x, 1.0);
    let pa = b.mul(q_neg_power, acc);
    let xm1 = b.sub(x, one_x);
    let correction = b.div(pa, xm1);
    let acc2 = b.mul(acc, acc);
    let rsqrt_acc = b.div(one, acc2);
    let mut horner_sum = zero;
    for (i, &c) in COEFFS[..TERMS - 1].iter().enumerate() {
        let i = i as i64;
        let kl = b.constant_like(x, (TWO_TERMS_MINUS_ONE - 1 - 2 * i) as f64);
        let fl = b.add(x, kl);
        let kr = b.constant_like(x, (TWO_TERMS_MINUS_ONE - 2 - 2 * i) as f64);
        let fr = b.add(x, kr);
        let product = b.mul(fl, fr);
        let inv = b.constant_like(acc, 1.0 / c);
        let hs = b.add(horner_sum, inv);
        let m = b.mul(rsqrt_acc, hs);
        horner_sum = b.mul(product, m);
    }
    let half = b.constant_like(q_neg_power, 0.5);
    let x_over_acc = b.div(x, acc);
    let inv_last = b.constant_like(acc, 1.0 / COEFFS[TERMS - 1]);
    let s = b.add(inv_last, horner_sum);
    let m = b.mul(x_over_acc, s);
    let h = b.add(half, m);
    let tail = b.mul(q_neg_power, h);
    let ps = b.add(power_sum, correction);
    let accurate = b.add(ps, tail);
    // The series alone when its next term is negligible.
    let abs_qnp = b.abs(q_neg_power);
    let abs_ps = b.abs(power_sum);
    let smallest = b.constant_like(acc, smallest_subnormal(b.dtype(acc)));
    let bound = b.mul(abs_ps, smallest);
    let negligible = b.lt(abs_qnp, bound);
    let output = b.select(negligible, power_sum, accurate);
    let nan = b.constant_like(x, f64::NAN);
    let x_lt1 = b.lt(x, one_x);
    let output = b.select(x_lt1, nan, output);
    let q_le0 = b.le(q, zero);
    let fx = b.floor(x);
    let x_not_int = b.ne(x, fx);
    let domain_error = b.and(q_le0, x_not_int);
    let output = b.select(domain_error, nan, output);
    let inf = b.constant_like(x, f64::INFINITY);
    let fq = b.floor(q);
    let q_is_int = b.eq(q, fq);
    let at_pole = b.and(q_le0, q_is_int);
    let two = b.constant_like(x, 2.0);
    let fx = b.floor(x);
    let x_is_int = b.eq(x, fx);
    let xr = b.rem(x, two);
    let x_is_even = b.eq(xr, zero);
    let x_even_int = b.and(x_is_int, x_is_even);
    let pole_value = b.select(x_even_int, inf, nan);
    let output = b.select(at_pole, pole_value, output);
    let x_is_one = b.eq(x, one);
    b.select(x_is_one, inf, output)
}

/// `polygamma(n, x) = (-1)^(n+1) n! zeta(n + 1, x)` for natural `n > 0`, `digamma(x)`
/// for `n = 0`, NaN for other `n`.
pub fn polygamma(b: &mut Builder, n: ValueId, x: ValueId) -> ValueId {
    let one = b.constant_like(x, 1.0);
    let two = b.constant_like(x, 2.0);
    let nr = b.rem(n, two);
    let tn = b.mul(two, nr);
    let sign = b.sub(tn, one);
    let n1 = b.add(n, one);
    let lg = lgamma(b, n1);
    let factorial = b.exp(lg);
    let z = zeta(b, n1, x);
    let sf = b.mul(sign, factorial);
    let result = b.mul(sf, z);
    let zero = b.constant_like(x, 0.0);
    let n_zero = b.eq(n, zero);
    let dg = digamma(b, x);
    let result = b.select(n_zero, dg, result);
    let fl = b.floor(n);
    let non_int = b.ne(n, fl);
    let negative = b.lt(n, zero);
    let non_natural = b.or(non_int, negative);
    let nan = b.constant_like(x, f64::NAN);
    b.select(non_natural, nan, result)
}
