//! Complex numbers: StableHLO's complex ops as formulas over real arithmetic.
//!
//! Each formula is written once, generically over [`Arith`] (real values, predicates and
//! StableHLO's real elementwise ops), and used twice: the evaluator runs it on `f64`
//! ([`F64`]), and the complex legalization (`passes::complex`) runs it on an IR builder,
//! emitting the same real ops into the program. So folded and compiled results agree to
//! the bit, and there is one definition per op. `complex<f32>` values are computed in f64
//! and rounded once per part, as StableHLO's reference interpreter does; `complex<f64>`
//! in f64 with care for cancellation and overflow: the modulus by a scaled hypot, the log
//! of the modulus through `log1p` near 1, division by Smith's algorithm, square roots with
//! the branch cut along the negative reals (`sqrt(-4 - 0i) = -2i`).
//!
//! Special values follow C99 Annex G where the formulas give it cheaply (`exp(x + 0i)` is
//! real, `log(0) = -inf`, `sqrt(x + inf i) = inf + inf i`, division by zero gives
//! infinities); results the spec leaves open (an infinite part meeting a NaN) are what the
//! formulas give.

use super::EvalError;
use super::elementwise::{binary_elem, compare_elem, unary_elem};
use super::tensor::{convert_bits, from_f64, to_f64};
use crate::compiler::ir::{BinaryOp, CompareDirection, DType, UnaryOp};

/// Real arithmetic on values of one shape: what the complex formulas are built from.
/// Every operation has StableHLO's semantics for f64 (`max`/`min` propagate NaN).
pub(crate) trait Arith {
    /// A real value (an f64 scalar, or an f64 tensor in the IR).
    type V: Copy;
    /// A predicate.
    type B: Copy;
    fn c(&mut self, x: f64) -> Self::V;
    fn un(&mut self, u: UnaryOp, a: Self::V) -> Self::V;
    fn bin(&mut self, b: BinaryOp, x: Self::V, y: Self::V) -> Self::V;
    fn cmp(&mut self, d: CompareDirection, x: Self::V, y: Self::V) -> Self::B;
    fn and(&mut self, a: Self::B, b: Self::B) -> Self::B;
    fn or(&mut self, a: Self::B, b: Self::B) -> Self::B;
    /// The sign bit (set for -0 and negative NaNs too).
    fn sign_bit(&mut self, a: Self::V) -> Self::B;
    fn select(&mut self, p: Self::B, t: Self::V, f: Self::V) -> Self::V;
}

/// A complex value as its (real, imaginary) parts.
pub(crate) type Z<V> = (V, V);

/// Shorthands over [`Arith`] that keep the formulas readable.
trait Ops: Arith {
    fn add(&mut self, x: Self::V, y: Self::V) -> Self::V {
        self.bin(BinaryOp::Add, x, y)
    }
    fn sub(&mut self, x: Self::V, y: Self::V) -> Self::V {
        self.bin(BinaryOp::Sub, x, y)
    }
    fn mul(&mut self, x: Self::V, y: Self::V) -> Self::V {
        self.bin(BinaryOp::Mul, x, y)
    }
    fn div(&mut self, x: Self::V, y: Self::V) -> Self::V {
        self.bin(BinaryOp::Div, x, y)
    }
    fn neg(&mut self, x: Self::V) -> Self::V {
        self.un(UnaryOp::Neg, x)
    }
    fn abs(&mut self, x: Self::V) -> Self::V {
        self.un(UnaryOp::Abs, x)
    }
    fn eq(&mut self, x: Self::V, y: Self::V) -> Self::B {
        self.cmp(CompareDirection::Eq, x, y)
    }
    fn lt(&mut self, x: Self::V, y: Self::V) -> Self::B {
        self.cmp(CompareDirection::Lt, x, y)
    }
    fn gt(&mut self, x: Self::V, y: Self::V) -> Self::B {
        self.cmp(CompareDirection::Gt, x, y)
    }
    fn ge(&mut self, x: Self::V, y: Self::V) -> Self::B {
        self.cmp(CompareDirection::Ge, x, y)
    }
    /// `x == k` for a constant.
    fn is(&mut self, x: Self::V, k: f64) -> Self::B {
        let k = self.c(k);
        self.eq(x, k)
    }
    /// `k * x` for a constant.
    fn scale(&mut self, k: f64, x: Self::V) -> Self::V {
        let k = self.c(k);
        self.mul(k, x)
    }
    /// `|m|` with the sign of `s`.
    fn copysign(&mut self, m: Self::V, s: Self::V) -> Self::V {
        let a = self.abs(m);
        let n = self.neg(a);
        let neg = self.sign_bit(s);
        self.select(neg, n, a)
    }
    fn select_z(&mut self, p: Self::B, t: Z<Self::V>, f: Z<Self::V>) -> Z<Self::V> {
        (self.select(p, t.0, f.0), self.select(p, t.1, f.1))
    }
}

impl<A: Arith + ?Sized> Ops for A {}

// ---- real helpers ----

/// `sqrt(x^2 + y^2)` without overflow or underflow in the squares:
/// `max * sqrt(1 + (min / max)^2)`; 0 for 0, +inf when a part is infinite (even if the
/// other is NaN, as C's `hypot`).
pub(crate) fn hypot<A: Arith>(a: &mut A, x: A::V, y: A::V) -> A::V {
    let (ax, ay) = (a.abs(x), a.abs(y));
    let m = a.bin(BinaryOp::Max, ax, ay);
    let n = a.bin(BinaryOp::Min, ax, ay);
    let r = a.div(n, m);
    let r2 = a.mul(r, r);
    let one = a.c(1.0);
    let s = a.add(one, r2);
    let s = a.un(UnaryOp::Sqrt, s);
    let h = a.mul(m, s);
    let zero = a.is(m, 0.0);
    let h = a.select(zero, m, h);
    let inf = infinite(a, ax, ay);
    let pinf = a.c(f64::INFINITY);
    a.select(inf, pinf, h)
}

/// Whether either of two magnitudes is infinite.
fn infinite<A: Arith>(a: &mut A, ax: A::V, ay: A::V) -> A::B {
    let ix = a.is(ax, f64::INFINITY);
    let iy = a.is(ay, f64::INFINITY);
    a.or(ix, iy)
}

/// `log(hypot(x, y))`, accurate near 1 (through `log1p` of `(m - 1)(m + 1) + n^2`) and
/// free of overflow elsewhere (`log(m) + log1p((n / m)^2) / 2`).
fn log_modulus<A: Arith>(a: &mut A, x: A::V, y: A::V) -> A::V {
    let (ax, ay) = (a.abs(x), a.abs(y));
    let m = a.bin(BinaryOp::Max, ax, ay);
    let n = a.bin(BinaryOp::Min, ax, ay);
    // Near 1: m - 1 is exact (Sterbenz) and the sum holds |z|^2 - 1 with small error.
    let one = a.c(1.0);
    let mm1 = a.sub(m, one);
    let mp1 = a.add(m, one);
    let p = a.mul(mm1, mp1);
    let n2 = a.mul(n, n);
    let s = a.add(p, n2);
    let near = a.un(UnaryOp::Log1p, s);
    let near = a.scale(0.5, near);
    let r = a.div(n, m);
    let r2 = a.mul(r, r);
    let l = a.un(UnaryOp::Log1p, r2);
    let l = a.scale(0.5, l);
    let lm = a.un(UnaryOp::Log, m);
    let far = a.add(lm, l);
    let lo = a.c(0.5);
    let hi = a.c(2.0);
    let above = a.ge(m, lo);
    let below = a.cmp(CompareDirection::Le, m, hi);
    let is_near = a.and(above, below);
    let v = a.select(is_near, near, far);
    let zero = a.is(m, 0.0);
    let ninf = a.c(f64::NEG_INFINITY);
    let v = a.select(zero, ninf, v);
    let inf = infinite(a, ax, ay);
    let pinf = a.c(f64::INFINITY);
    a.select(inf, pinf, v)
}

/// `exp(x)` and the factor to multiply it by again: `(exp(x), 1)`, or `(exp(x/2),
/// exp(x/2))` where `exp(x)` overflows, so `exp(x) * t` stays finite for small `t`.
fn exp_split<A: Arith>(a: &mut A, x: A::V) -> (A::V, A::V) {
    let e = a.un(UnaryOp::Exp, x);
    let half = a.scale(0.5, x);
    let e2 = a.un(UnaryOp::Exp, half);
    let over = a.is(e, f64::INFINITY);
    let one = a.c(1.0);
    (a.select(over, e2, e), a.select(over, e2, one))
}

/// `(sinh(x), cosh(x))`: `sinh` through `expm1` below 1 in magnitude (no cancellation),
/// `(e - 1/e) / 2` above; the sign of `x` kept (`sinh(-0) = -0`).
fn sinh_cosh<A: Arith>(a: &mut A, x: A::V) -> (A::V, A::V) {
    let ax = a.abs(x);
    let em1 = a.un(UnaryOp::Expm1, ax);
    let one = a.c(1.0);
    let e = a.add(em1, one);
    let q = a.div(em1, e);
    let small = a.add(em1, q);
    let small = a.scale(0.5, small);
    let ex = a.un(UnaryOp::Exp, ax);
    let inv = a.div(one, ex);
    let big = a.sub(ex, inv);
    let big = a.scale(0.5, big);
    let is_small = a.lt(ax, one);
    let s = a.select(is_small, small, big);
    let neg = a.sign_bit(x);
    let ns = a.neg(s);
    let s = a.select(neg, ns, s);
    let c = a.add(ex, inv);
    (s, a.scale(0.5, c))
}

// ---- complex formulas ----

pub(crate) fn add<A: Arith>(a: &mut A, p: Z<A::V>, q: Z<A::V>) -> Z<A::V> {
    (a.add(p.0, q.0), a.add(p.1, q.1))
}

pub(crate) fn sub<A: Arith>(a: &mut A, p: Z<A::V>, q: Z<A::V>) -> Z<A::V> {
    (a.sub(p.0, q.0), a.sub(p.1, q.1))
}

pub(crate) fn neg<A: Arith>(a: &mut A, p: Z<A::V>) -> Z<A::V> {
    (a.neg(p.0), a.neg(p.1))
}

/// `(pr qr - pi qi) + (pr qi + pi qr) i`.
pub(crate) fn mul<A: Arith>(a: &mut A, p: Z<A::V>, q: Z<A::V>) -> Z<A::V> {
    let (rr, ii) = (a.mul(p.0, q.0), a.mul(p.1, q.1));
    let (ri, ir) = (a.mul(p.0, q.1), a.mul(p.1, q.0));
    (a.sub(rr, ii), a.add(ri, ir))
}

/// Smith's algorithm (divides by the larger of the divisor's parts, so nothing overflows
/// that the quotient does not); a zero divisor gives infinities of the numerator's signs.
pub(crate) fn div<A: Arith>(a: &mut A, p: Z<A::V>, q: Z<A::V>) -> Z<A::V> {
    let (x, y) = p;
    let (c, d) = q;
    let (ac, ad) = (a.abs(c), a.abs(d));
    let by_c = a.ge(ac, ad);
    // |c| >= |d|: r = d / c, den = c + d r.
    let r1 = a.div(d, c);
    let t = a.mul(d, r1);
    let den1 = a.add(c, t);
    let t = a.mul(y, r1);
    let re1 = a.add(x, t);
    let re1 = a.div(re1, den1);
    let t = a.mul(x, r1);
    let im1 = a.sub(y, t);
    let im1 = a.div(im1, den1);
    // |d| > |c|: r = c / d, den = c r + d.
    let r2 = a.div(c, d);
    let t = a.mul(c, r2);
    let den2 = a.add(t, d);
    let t = a.mul(x, r2);
    let re2 = a.add(t, y);
    let re2 = a.div(re2, den2);
    let t = a.mul(y, r2);
    let im2 = a.sub(t, x);
    let im2 = a.div(im2, den2);
    let q = a.select_z(by_c, (re1, im1), (re2, im2));
    let cz = a.is(c, 0.0);
    let dz = a.is(d, 0.0);
    let zero = a.and(cz, dz);
    let inf = a.c(f64::INFINITY);
    let sinf = a.copysign(inf, c);
    let zx = a.mul(sinf, x);
    let zy = a.mul(sinf, y);
    a.select_z(zero, (zx, zy), q)
}

/// The modulus.
pub(crate) fn abs<A: Arith>(a: &mut A, p: Z<A::V>) -> A::V {
    hypot(a, p.0, p.1)
}

/// `exp(x) (cos y + i sin y)`; real for `y = 0`; finite where only `exp(x)` overflows.
pub(crate) fn exp<A: Arith>(a: &mut A, p: Z<A::V>) -> Z<A::V> {
    let (x, y) = p;
    let (e, f) = exp_split(a, x);
    let (cy, sy) = (a.un(UnaryOp::Cos, y), a.un(UnaryOp::Sin, y));
    let re = a.mul(e, cy);
    let re = a.mul(re, f);
    let im = a.mul(e, sy);
    let im = a.mul(im, f);
    let real = a.is(y, 0.0);
    (re, a.select(real, y, im))
}

/// `exp(z) - 1`: the real part as `expm1(x) cos y - 2 sin^2(y/2)`, without cancellation
/// for small `z`.
pub(crate) fn expm1<A: Arith>(a: &mut A, p: Z<A::V>) -> Z<A::V> {
    let (x, y) = p;
    let em1 = a.un(UnaryOp::Expm1, x);
    let cy = a.un(UnaryOp::Cos, y);
    let hy = a.scale(0.5, y);
    let sh = a.un(UnaryOp::Sin, hy);
    let sh2 = a.mul(sh, sh);
    let sh2 = a.scale(2.0, sh2);
    let t = a.mul(em1, cy);
    let re = a.sub(t, sh2);
    let (e, f) = exp_split(a, x);
    let sy = a.un(UnaryOp::Sin, y);
    let im = a.mul(e, sy);
    let im = a.mul(im, f);
    let real = a.is(y, 0.0);
    (re, a.select(real, y, im))
}

/// `log|z| + i arg z`, the argument in (-pi, pi] (the branch cut along the negative reals,
/// `-0` imaginary parts below it).
pub(crate) fn log<A: Arith>(a: &mut A, p: Z<A::V>) -> Z<A::V> {
    let re = log_modulus(a, p.0, p.1);
    (re, a.bin(BinaryOp::Atan2, p.1, p.0))
}

/// `log(1 + z)`: the real part as `log1p(x (x + 2) + y^2) / 2`, accurate for small `z`;
/// for huge `z` (where the squares overflow) as `log|1 + z|`.
pub(crate) fn log1p<A: Arith>(a: &mut A, p: Z<A::V>) -> Z<A::V> {
    let (x, y) = p;
    let one = a.c(1.0);
    let two = a.c(2.0);
    let x1 = a.add(x, one);
    let x2 = a.add(x, two);
    let t = a.mul(x, x2);
    let y2 = a.mul(y, y);
    let s = a.add(t, y2);
    let small = a.un(UnaryOp::Log1p, s);
    let small = a.scale(0.5, small);
    let large = log_modulus(a, x1, y);
    let (ax, ay) = (a.abs(x), a.abs(y));
    let m = a.bin(BinaryOp::Max, ax, ay);
    let lim = a.c(1e150);
    let fits = a.lt(m, lim);
    let re = a.select(fits, small, large);
    (re, a.bin(BinaryOp::Atan2, y, x1))
}

/// The principal square root (non-negative real part; the cut along the negative reals
/// takes the imaginary part's sign): `t = sqrt((|x| + |z|) / 2)`, then `t + i y/(2t)` for
/// `x >= 0`, else `|y|/(2t) + i copysign(t, y)`.
pub(crate) fn sqrt<A: Arith>(a: &mut A, p: Z<A::V>) -> Z<A::V> {
    let (x, y) = p;
    let (ax, ay) = (a.abs(x), a.abs(y));
    let h = hypot(a, x, y);
    let s = a.add(ax, h);
    let s = a.scale(0.5, s);
    let hax = a.scale(0.5, ax);
    let hh = a.scale(0.5, h);
    let s_big = a.add(hax, hh);
    let lim = a.c(1e307);
    let fits = a.lt(h, lim);
    let s = a.select(fits, s, s_big);
    let t = a.un(UnaryOp::Sqrt, s);
    let t2 = a.scale(2.0, t);
    let u = a.div(ay, t2);
    let v = a.div(y, t2);
    let zero = a.c(0.0);
    let right = a.ge(x, zero);
    let ct = a.copysign(t, y);
    let res = a.select_z(right, (t, v), (u, ct));
    // sqrt(0 + yi) = 0 + yi for y = +-0; an infinite imaginary part gives inf + yi.
    let xz = a.is(x, 0.0);
    let yz = a.is(y, 0.0);
    let origin = a.and(xz, yz);
    let res = a.select_z(origin, (zero, y), res);
    let yinf = a.is(ay, f64::INFINITY);
    let inf = a.c(f64::INFINITY);
    a.select_z(yinf, (inf, y), res)
}

/// `1 / sqrt(z)`.
pub(crate) fn rsqrt<A: Arith>(a: &mut A, p: Z<A::V>) -> Z<A::V> {
    let s = sqrt(a, p);
    let one = (a.c(1.0), a.c(0.0));
    div(a, one, s)
}

/// The principal cube root: `cbrt|z| (cos(arg/3) + i sin(arg/3))`.
pub(crate) fn cbrt<A: Arith>(a: &mut A, p: Z<A::V>) -> Z<A::V> {
    let h = hypot(a, p.0, p.1);
    let r = a.un(UnaryOp::Cbrt, h);
    let th = a.bin(BinaryOp::Atan2, p.1, p.0);
    let three = a.c(3.0);
    let th = a.div(th, three);
    let (c, s) = (a.un(UnaryOp::Cos, th), a.un(UnaryOp::Sin, th));
    (a.mul(r, c), a.mul(r, s))
}

/// `exp(q log p)`, with `p^0 = 1` and `0^q = 0` for `re q > 0`.
pub(crate) fn pow<A: Arith>(a: &mut A, p: Z<A::V>, q: Z<A::V>) -> Z<A::V> {
    let l = log(a, p);
    let t = mul(a, q, l);
    let e = exp(a, t);
    let zero = a.c(0.0);
    let one = a.c(1.0);
    let pr = a.is(p.0, 0.0);
    let pi = a.is(p.1, 0.0);
    let p0 = a.and(pr, pi);
    let qpos = a.gt(q.0, zero);
    let to_zero = a.and(p0, qpos);
    let e = a.select_z(to_zero, (zero, zero), e);
    let qr = a.is(q.0, 0.0);
    let qi = a.is(q.1, 0.0);
    let q0 = a.and(qr, qi);
    a.select_z(q0, (one, zero), e)
}

/// `sin x cosh y + i cos x sinh y`.
pub(crate) fn sin<A: Arith>(a: &mut A, p: Z<A::V>) -> Z<A::V> {
    let (sh, ch) = sinh_cosh(a, p.1);
    let (s, c) = (a.un(UnaryOp::Sin, p.0), a.un(UnaryOp::Cos, p.0));
    (a.mul(s, ch), a.mul(c, sh))
}

/// `cos x cosh y - i sin x sinh y`.
pub(crate) fn cos<A: Arith>(a: &mut A, p: Z<A::V>) -> Z<A::V> {
    let (sh, ch) = sinh_cosh(a, p.1);
    let (s, c) = (a.un(UnaryOp::Sin, p.0), a.un(UnaryOp::Cos, p.0));
    let im = a.mul(s, sh);
    (a.mul(c, ch), a.neg(im))
}

/// `(sinh x cosh x + i sin y cos y) / (sinh^2 x + cos^2 y)`; for `|x| > 20`, where the
/// real part is +-1 to the last bit, `+-1 + 4i sin y cos y exp(-2|x|)` (no overflow).
pub(crate) fn tanh<A: Arith>(a: &mut A, p: Z<A::V>) -> Z<A::V> {
    let (x, y) = p;
    let (sx, cx) = sinh_cosh(a, x);
    let (sy, cy) = (a.un(UnaryOp::Sin, y), a.un(UnaryOp::Cos, y));
    let s2 = a.mul(sx, sx);
    let c2 = a.mul(cy, cy);
    let den = a.add(s2, c2);
    let re = a.mul(sx, cx);
    let re = a.div(re, den);
    let im = a.mul(sy, cy);
    let im_s = a.div(im, den);
    let ax = a.abs(x);
    let one = a.c(1.0);
    let re_b = a.copysign(one, x);
    let m2 = a.scale(-2.0, ax);
    let e = a.un(UnaryOp::Exp, m2);
    let im_b = a.scale(4.0, im);
    let im_b = a.mul(im_b, e);
    let lim = a.c(20.0);
    let big = a.gt(ax, lim);
    a.select_z(big, (re_b, im_b), (re, im_s))
}

/// `tan z = -i tanh(i z)`.
pub(crate) fn tan<A: Arith>(a: &mut A, p: Z<A::V>) -> Z<A::V> {
    let ny = a.neg(p.1);
    let (r, i) = tanh(a, (ny, p.0));
    (i, a.neg(r))
}

/// `1 / (1 + exp(-z))`.
pub(crate) fn logistic<A: Arith>(a: &mut A, p: Z<A::V>) -> Z<A::V> {
    let n = neg(a, p);
    let e = exp(a, n);
    let one = (a.c(1.0), a.c(0.0));
    let d = add(a, one, e);
    div(a, one, d)
}

/// Complex `atan2(y, x) = -i log((x + i y) / sqrt(x^2 + y^2))`, as StableHLO's reference
/// interpreter defines it.
pub(crate) fn atan2<A: Arith>(a: &mut A, y: Z<A::V>, x: Z<A::V>) -> Z<A::V> {
    let iy = (a.neg(y.1), y.0);
    let num = add(a, x, iy);
    let xx = mul(a, x, x);
    let yy = mul(a, y, y);
    let s = add(a, xx, yy);
    let r = sqrt(a, s);
    let q = div(a, num, r);
    let l = log(a, q);
    (l.1, a.neg(l.0))
}

/// `z / |z|`; zero for zero, NaN if a part is NaN.
pub(crate) fn sign<A: Arith>(a: &mut A, p: Z<A::V>) -> Z<A::V> {
    let h = hypot(a, p.0, p.1);
    let s = (a.div(p.0, h), a.div(p.1, h));
    let zero = a.is(h, 0.0);
    let z = a.c(0.0);
    a.select_z(zero, (z, z), s)
}

/// Lexicographic order of (real, imaginary) pairs, as the spec defines compare's and
/// maximum/minimum's for complex values: `p dir q`.
pub(crate) fn compare<A: Arith>(a: &mut A, dir: CompareDirection, p: Z<A::V>, q: Z<A::V>) -> A::B {
    use CompareDirection as D;
    let re_eq = a.eq(p.0, q.0);
    match dir {
        D::Eq => {
            let im_eq = a.eq(p.1, q.1);
            a.and(re_eq, im_eq)
        }
        D::Ne => {
            let re_ne = a.cmp(D::Ne, p.0, q.0);
            let im_ne = a.cmp(D::Ne, p.1, q.1);
            a.or(re_ne, im_ne)
        }
        // Strict on the real parts, `dir` on the imaginary parts when the reals are equal.
        D::Lt | D::Le | D::Gt | D::Ge => {
            let strict = if matches!(dir, D::Lt | D::Le) {
                D::Lt
            } else {
                D::Gt
            };
            let re = a.cmp(strict, p.0, q.0);
            let im = a.cmp(dir, p.1, q.1);
            let tie = a.and(re_eq, im);
            a.or(re, tie)
        }
    }
}

/// `maximum`/`minimum` of complex values: the lexicographically greater (smaller) one;
/// `q` unless `p` is strictly greater (smaller).
pub(crate) fn max_min<A: Arith>(a: &mut A, max: bool, p: Z<A::V>, q: Z<A::V>) -> Z<A::V> {
    let dir = if max {
        CompareDirection::Gt
    } else {
        CompareDirection::Lt
    };
    let take_p = compare(a, dir, p, q);
    a.select_z(take_p, p, q)
}

// ---- the evaluator's instance ----

/// [`Arith`] on f64 scalars, with the evaluator's (StableHLO's) f64 semantics.
pub(crate) struct F64;

impl Arith for F64 {
    type V = f64;
    type B = bool;
    fn c(&mut self, x: f64) -> f64 {
        x
    }
    fn un(&mut self, u: UnaryOp, a: f64) -> f64 {
        f64::from_bits(unary_elem(u, DType::F64, a.to_bits()).unwrap_or(f64::NAN.to_bits()))
    }
    fn bin(&mut self, b: BinaryOp, x: f64, y: f64) -> f64 {
        let r = binary_elem(b, DType::F64, x.to_bits(), y.to_bits());
        f64::from_bits(r.unwrap_or(f64::NAN.to_bits()))
    }
    fn cmp(&mut self, d: CompareDirection, x: f64, y: f64) -> bool {
        compare_elem(d, None, DType::F64, x.to_bits(), y.to_bits())
    }
    fn and(&mut self, a: bool, b: bool) -> bool {
        a && b
    }
    fn or(&mut self, a: bool, b: bool) -> bool {
        a || b
    }
    fn sign_bit(&mut self, a: f64) -> bool {
        a.is_sign_negative()
    }
    fn select(&mut self, p: bool, t: f64, f: f64) -> f64 {
        if p { t } else { f }
    }
}

/// The parts of a complex element's bits, widened to f64 (exactly).
pub(crate) fn parts(d: DType, bits: u128) -> Z<f64> {
    let part = d.complex_part().unwrap_or(DType::F64);
    let w = part.bits();
    let mask = (1u128 << w) - 1;
    (
        to_f64(part, (bits & mask) as u64),
        to_f64(part, ((bits >> w) & mask) as u64),
    )
}

/// Complex element bits of dtype `d` from f64 parts, each rounded once.
pub(crate) fn pack(d: DType, z: Z<f64>) -> u128 {
    let part = d.complex_part().unwrap_or(DType::F64);
    let w = part.bits();
    u128::from(from_f64(part, z.0)) | u128::from(from_f64(part, z.1)) << w
}

/// The formula of unary op `u` with a complex result (`None` for `abs`, whose result is
/// real, and for ops complex values do not have).
pub(crate) fn unary_formula<A: Arith>(a: &mut A, u: UnaryOp, z: Z<A::V>) -> Option<Z<A::V>> {
    use UnaryOp as U;
    Some(match u {
        U::Neg => neg(a, z),
        U::Sqrt => sqrt(a, z),
        U::Rsqrt => rsqrt(a, z),
        U::Cbrt => cbrt(a, z),
        U::Exp => exp(a, z),
        U::Expm1 => expm1(a, z),
        U::Log => log(a, z),
        U::Log1p => log1p(a, z),
        U::Logistic => logistic(a, z),
        U::Tanh => tanh(a, z),
        U::Sin => sin(a, z),
        U::Cos => cos(a, z),
        U::Tan => tan(a, z),
        U::Sign => sign(a, z),
        _ => return None,
    })
}

/// The formula of binary op `b` on complex values (`None` for ops they do not have;
/// `remainder`, which the spec leaves undefined, among them).
pub(crate) fn binary_formula<A: Arith>(
    a: &mut A,
    b: BinaryOp,
    p: Z<A::V>,
    q: Z<A::V>,
) -> Option<Z<A::V>> {
    use BinaryOp as B;
    Some(match b {
        B::Add => add(a, p, q),
        B::Sub => sub(a, p, q),
        B::Mul => mul(a, p, q),
        B::Div => div(a, p, q),
        B::Pow => pow(a, p, q),
        B::Atan2 => atan2(a, p, q),
        B::Max => max_min(a, true, p, q),
        B::Min => max_min(a, false, p, q),
        _ => return None,
    })
}

/// Ops whose complex formula gives the same bits in the part type as through f64: sums
/// of two values, negation, and comparisons (max/min only compare and pick).
pub(crate) fn exact_in_part_type(op: Result<UnaryOp, BinaryOp>) -> bool {
    matches!(
        op,
        Ok(UnaryOp::Neg) | Err(BinaryOp::Add | BinaryOp::Sub | BinaryOp::Max | BinaryOp::Min)
    )
}

/// One element of a unary op on complex dtype `d`; `abs` gives the part type's bits.
pub(crate) fn unary(u: UnaryOp, d: DType, bits: u128) -> Result<u128, EvalError> {
    let z = parts(d, bits);
    if u == UnaryOp::Abs {
        let part = d.complex_part().unwrap_or(DType::F64);
        return Ok(u128::from(from_f64(part, abs(&mut F64, z))));
    }
    let r = unary_formula(&mut F64, u, z)
        .ok_or_else(|| EvalError::Unsupported(format!("{u:?} on {d}")))?;
    Ok(pack(d, r))
}

/// One element of a binary op on complex dtype `d`.
pub(crate) fn binary(b: BinaryOp, d: DType, x: u128, y: u128) -> Result<u128, EvalError> {
    let (p, q) = (parts(d, x), parts(d, y));
    let r = binary_formula(&mut F64, b, p, q)
        .ok_or_else(|| EvalError::Unsupported(format!("{b:?} on {d}")))?;
    Ok(pack(d, r))
}

/// `stablehlo.convert` of one element from or to a complex type: complex to complex
/// converts both parts; a real source becomes the real part (imaginary +0); a complex
/// source converts its real part to a real destination.
pub(crate) fn convert(from: DType, to: DType, bits: u128) -> u128 {
    let (fp, tp) = (from.complex_part(), to.complex_part());
    match (fp, tp) {
        (Some(fp), Some(tp)) => {
            let w = fp.bits();
            let mask = (1u128 << w) - 1;
            let re = convert_bits(fp, tp, (bits & mask) as u64);
            let im = convert_bits(fp, tp, ((bits >> w) & mask) as u64);
            u128::from(re) | u128::from(im) << tp.bits()
        }
        (None, Some(tp)) => u128::from(convert_bits(from, tp, bits as u64)),
        (Some(fp), None) => {
            let mask = (1u128 << fp.bits()) - 1;
            u128::from(convert_bits(fp, to, (bits & mask) as u64))
        }
        (None, None) => u128::from(convert_bits(from, to, bits as u64)),
    }
}
