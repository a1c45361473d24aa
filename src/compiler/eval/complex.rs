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

// ---- CHLO's complex functions ----
//
// The inverse trigonometric and hyperbolic functions CHLO has for complex operands, by the
// algorithms of StableHLO's CHLO decomposition (generated there by `functional_algorithms`
// from Hull et al., "Implementing the complex arcsine and arccosine functions using
// exception handling", 1997): one kernel for asin/acos/asinh/acosh, and atanh from the
// log1p form with its large-argument regions. The front ends expand `chlo.*` on complex
// values with them (`chlo::complex`); the work precision is f64, so the overflow
// thresholds are f64's.

/// Largest finite f64 and smallest normal f64: the thresholds of the regions below.
const F64_MAX: f64 = f64::MAX;
const F64_MIN_NORMAL: f64 = f64::MIN_POSITIVE;
/// `1 / (1 - nextafter(1, 0))`, rounded up to an even f64: f64's `1 / epsneg`.
const F64_INV_NEGEPS: f64 = 9007199254740994.0;

/// `hypot(m, y)` for `m, y >= 0` as the kernel writes it: `sqrt(2) * mx` for equal
/// parts, and `mx + mx * r / 2` where `sqrt(1 + r)` rounds to 1.
fn kernel_hypot<A: Arith>(a: &mut A, m: A::V, y: A::V) -> A::V {
    let mx = a.bin(BinaryOp::Max, m, y);
    let mn = a.bin(BinaryOp::Min, m, y);
    let equal = a.eq(mx, mn);
    let diag = a.scale(std::f64::consts::SQRT_2, mx);
    let q = a.div(mn, mx);
    let r = a.mul(q, q);
    let one = a.c(1.0);
    let s = a.add(one, r);
    let sqa = a.un(UnaryOp::Sqrt, s);
    let sqa_one = a.eq(sqa, one);
    let zero = a.c(0.0);
    let r_pos = a.gt(r, zero);
    let tiny = a.and(sqa_one, r_pos);
    let mr = a.mul(mx, r);
    let mr2 = a.scale(0.5, mr);
    let t = a.add(mx, mr2);
    let g = a.mul(mx, sqa);
    let v = a.select(tiny, t, g);
    a.select(equal, diag, v)
}

/// The kernel `w` of complex asin and acos: with `a = (hypot(x + 1, y) + hypot(x - 1,
/// y)) / 2` for `x = |re z|`, `y = |im z|`, `w = sqrt(a^2 - x^2) + i log(a + sqrt(a^2 -
/// 1))`, each part by the approximation its region needs (Hull et al.'s regions, reduced
/// to three for the real part and four for the imaginary one).
pub(crate) fn asin_acos_kernel<A: Arith>(a: &mut A, z: Z<A::V>) -> Z<A::V> {
    let x = a.abs(z.0);
    let y = a.abs(z.1);
    let one = a.c(1.0);
    let safe_max = a.c(F64_MAX.sqrt() / 8.0);

    let xp1 = a.add(x, one);
    let abs_xp1 = a.abs(xp1);
    let r = kernel_hypot(a, abs_xp1, y);
    let xm1 = a.sub(x, one);
    let abs_xm1 = a.abs(xm1);
    let s = kernel_hypot(a, abs_xm1, y);
    let rs = a.add(r, s);
    let am = a.scale(0.5, rs);
    let apx = a.add(am, x);
    let half_apx = a.scale(0.5, apx);
    let yy = a.mul(y, y);
    let rpxp1 = a.add(r, xp1);
    let smxm1 = a.sub(s, xm1);
    let spxm1 = a.add(s, xm1);

    // Real part: sqrt(a^2 - x^2) without cancellation.
    let mxy = a.bin(BinaryOp::Max, x, y);
    let huge = a.ge(mxy, safe_max);
    let x_le_1 = a.cmp(CompareDirection::Le, x, one);
    let t = a.div(yy, rpxp1);
    let t = a.add(t, smxm1);
    let t = a.mul(half_apx, t);
    let small_re = a.un(UnaryOp::Sqrt, t);
    let u = a.div(half_apx, rpxp1);
    let v = a.div(half_apx, spxm1);
    let uv = a.add(u, v);
    let uv = a.un(UnaryOp::Sqrt, uv);
    let large_re = a.mul(y, uv);
    let re = a.select(x_le_1, small_re, large_re);
    let re = a.select(huge, y, re);

    // Imaginary part: log(a + sqrt(a^2 - 1)).
    let lim = a.scale(1e12, safe_max);
    let x_lt = a.lt(x, lim);
    let opt_small = a.scale(1e-6, safe_max);
    let opt_large = a.scale(100.0, safe_max);
    let safe_max_opt = a.select(x_lt, opt_small, opt_large);
    let y_big = a.ge(y, safe_max_opt);
    let mx1 = a.select(y_big, y, x);
    let bound = a.select(y_big, safe_max_opt, safe_max);
    let far = a.ge(mx1, bound);
    let inf = a.c(f64::INFINITY);
    let y_fin = a.cmp(CompareDirection::Ne, y, inf);
    let use_xoy = a.and(y_big, y_fin);
    let xy = a.div(x, y);
    let zero = a.c(0.0);
    let xoy = a.select(use_xoy, xy, zero);
    let xoy2 = a.mul(xoy, xoy);
    let l = a.un(UnaryOp::Log1p, xoy2);
    let l = a.scale(0.5, l);
    let log2 = a.c(std::f64::consts::LN_2);
    let lm = a.un(UnaryOp::Log, mx1);
    let far_im = a.add(log2, lm);
    let far_im = a.add(far_im, l);

    let tiny_y = a.c(F64_MIN_NORMAL.sqrt() * 4.0);
    let y_tiny = a.lt(y, tiny_y);
    let x_lt_1 = a.lt(x, one);
    let near_real_axis = a.and(y_tiny, x_lt_1);
    let ap1 = a.add(am, one);
    let half_yy = a.scale(0.5, yy);
    let d = a.div(half_yy, rpxp1);
    let x_ge_1 = a.ge(x, one);
    let h = a.scale(0.5, spxm1);
    let am1_x_ge_1 = a.add(d, h);
    let three_halves = a.c(1.5);
    let a_small = a.cmp(CompareDirection::Le, am, three_halves);
    let e = a.div(half_yy, smxm1);
    let am1_small = a.add(d, e);
    let am1_large = a.sub(am, one);
    let am1_x_lt_1 = a.select(a_small, am1_small, am1_large);
    let am1_else = a.select(x_ge_1, am1_x_ge_1, am1_x_lt_1);
    let pm = a.mul(xp1, xm1);
    let q = a.div(pm, ap1);
    let am1_near = a.neg(q);
    let am1 = a.select(near_real_axis, am1_near, am1_else);
    let sq = a.mul(am1, ap1);
    let sq = a.un(UnaryOp::Sqrt, sq);
    let near_im = a.div(y, sq);
    let w = a.add(am1, sq);
    let mid_im = a.un(UnaryOp::Log1p, w);
    let im = a.select(near_real_axis, near_im, mid_im);
    let im = a.select(far, far_im, im);
    (re, im)
}

/// `v` negated where `p` holds.
fn negate_if<A: Arith>(a: &mut A, p: A::B, v: A::V) -> A::V {
    let n = a.neg(v);
    a.select(p, n, v)
}

/// `asin(z) = atan2(re z, re w) + i sign(im z) im w`, `w = asin_acos_kernel(z)`.
pub(crate) fn asin<A: Arith>(a: &mut A, z: Z<A::V>) -> Z<A::V> {
    let w = asin_acos_kernel(a, z);
    let re = a.bin(BinaryOp::Atan2, z.0, w.0);
    let zero = a.c(0.0);
    let neg = a.lt(z.1, zero);
    (re, negate_if(a, neg, w.1))
}

/// `acos(z) = atan2(re w, re z) - i sign(im z) im w`.
pub(crate) fn acos<A: Arith>(a: &mut A, z: Z<A::V>) -> Z<A::V> {
    let w = asin_acos_kernel(a, z);
    let re = a.bin(BinaryOp::Atan2, w.0, z.0);
    let zero = a.c(0.0);
    let neg = a.lt(z.1, zero);
    let nw = a.neg(w.1);
    (re, a.select(neg, w.1, nw))
}

/// `acosh(z) = im w + i sign(im z) atan2(re w, re z)`.
pub(crate) fn acosh<A: Arith>(a: &mut A, z: Z<A::V>) -> Z<A::V> {
    let w = asin_acos_kernel(a, z);
    let t = a.bin(BinaryOp::Atan2, w.0, z.0);
    let zero = a.c(0.0);
    let neg = a.lt(z.1, zero);
    (w.1, negate_if(a, neg, t))
}

/// `asinh(z) = -i asin(i z) = sign(re z) im w + i atan2(im z, re w)` with
/// `w = asin_acos_kernel(-im z + i re z)`.
pub(crate) fn asinh<A: Arith>(a: &mut A, z: Z<A::V>) -> Z<A::V> {
    let nim = a.neg(z.1);
    let w = asin_acos_kernel(a, (nim, z.0));
    let zero = a.c(0.0);
    let neg = a.lt(z.0, zero);
    let re = negate_if(a, neg, w.1);
    (re, a.bin(BinaryOp::Atan2, z.1, w.0))
}

/// `atanh(z) = (log1p(z) - log1p(-z)) / 2`: the real part as
/// `sign(x) log1p(4|x| / ((|x| - 1)^2 + y^2)) / 4`, with the forms that stay finite where
/// the squares overflow; the imaginary part as `atan2(2y, (1 - |x|)(1 + |x|) - y^2) / 2`,
/// `sign(y) pi / 2` for huge arguments.
pub(crate) fn atanh<A: Arith>(a: &mut A, z: Z<A::V>) -> Z<A::V> {
    let (x, y) = z;
    let zero = a.c(0.0);
    let one = a.c(1.0);
    let m_one = a.c(-1.0);
    let ax = a.abs(x);
    let ay = a.abs(y);
    let inv_negeps = a.c(F64_INV_NEGEPS);
    let safe_max = a.c(F64_INV_NEGEPS * F64_INV_NEGEPS);
    let ax_ok = a.lt(ax, safe_max);
    let ay_ok = a.lt(ay, safe_max);
    let safe = a.and(ax_ok, ay_ok);
    let naxm1 = a.sub(one, ax);
    let y2 = a.mul(y, y);
    let d = a.mul(naxm1, naxm1);
    let d = a.add(d, y2);
    let in_safe = a.div(ax, d);
    let ayi = a.mul(ay, inv_negeps);
    let y_small = a.lt(ayi, ax);
    let inv_ax = a.div(one, ax);
    let inf = a.c(f64::INFINITY);
    let ninf = a.c(f64::NEG_INFINITY);
    let xpi = a.eq(x, inf);
    let xni = a.eq(x, ninf);
    let ypi = a.eq(y, inf);
    let yni = a.eq(y, ninf);
    let xi = a.or(xpi, xni);
    let yi = a.or(ypi, yni);
    let any_inf = a.or(xi, yi);
    let p = a.div(ax, y);
    let q = a.div(y, ax);
    let pq = a.add(p, q);
    let r = a.div(one, pq);
    let r = a.div(r, y);
    let outside = a.select(any_inf, zero, r);
    let outside = a.select(y_small, inv_ax, outside);
    let arg = a.select(safe, in_safe, outside);
    let arg = a.scale(4.0, arg);
    let l = a.un(UnaryOp::Log1p, arg);
    let x_nonneg = a.ge(x, zero);
    let sx = a.select(x_nonneg, one, m_one);
    let re = a.mul(sx, l);
    let re = a.scale(0.25, re);

    let yy = a.add(y, y);
    let opx = a.add(one, ax);
    let t = a.mul(naxm1, opx);
    let t = a.sub(t, y2);
    let im_safe = a.bin(BinaryOp::Atan2, yy, t);
    let y_nonneg = a.ge(y, zero);
    let sy = a.select(y_nonneg, one, m_one);
    let im_huge = a.scale(std::f64::consts::PI, sy);
    let im = a.select(safe, im_safe, im_huge);
    (re, a.scale(0.5, im))
}

/// `atan(z) = -i atanh(i z)`.
pub(crate) fn atan<A: Arith>(a: &mut A, z: Z<A::V>) -> Z<A::V> {
    let nim = a.neg(z.1);
    let w = atanh(a, (nim, z.0));
    (w.1, a.neg(w.0))
}

/// `cosh(x + iy) = cosh x cos y + i sinh x sin y`.
pub(crate) fn cosh<A: Arith>(a: &mut A, z: Z<A::V>) -> Z<A::V> {
    let (sh, ch) = sinh_cosh(a, z.0);
    let (s, c) = (a.un(UnaryOp::Sin, z.1), a.un(UnaryOp::Cos, z.1));
    (a.mul(ch, c), a.mul(sh, s))
}

/// `sinh(x + iy) = sinh x cos y + i cosh x sin y`.
pub(crate) fn sinh<A: Arith>(a: &mut A, z: Z<A::V>) -> Z<A::V> {
    let (sh, ch) = sinh_cosh(a, z.0);
    let (s, c) = (a.un(UnaryOp::Sin, z.1), a.un(UnaryOp::Cos, z.1));
    (a.mul(sh, c), a.mul(ch, s))
}

/// `z * z` with an exact zero real part where `|re z| == |im z|` (finite), as CHLO's
/// `square` defines it: `(x - y)(x + y) + 2xy i`.
pub(crate) fn square<A: Arith>(a: &mut A, z: Z<A::V>) -> Z<A::V> {
    let (x, y) = z;
    let ax = a.abs(x);
    let ay = a.abs(y);
    let eq = a.eq(ax, ay);
    let inf = a.c(f64::INFINITY);
    let finite = a.lt(ax, inf);
    let diag = a.and(finite, eq);
    let d = a.sub(x, y);
    let s = a.add(x, y);
    let re = a.mul(d, s);
    let zero = a.c(0.0);
    let re = a.select(diag, zero, re);
    let xy = a.mul(x, y);
    (re, a.scale(2.0, xy))
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
