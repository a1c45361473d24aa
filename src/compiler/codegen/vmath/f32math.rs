//! Native f32 (f32x4) sin, cos, tanh and logistic: 4 lanes per instruction instead of
//! 2 after widening, within 3 ulp (see `vmath_f32_within_3_ulp`). sin and cos share one
//! odd polynomial over |r| <= pi/2 (no second polynomial and no lane select): 28 x64
//! instructions per f32x4 with FMA, 11 of them constant loads, the range guard included.
//!
//! The polynomial coefficients are minimax fits of the relative error made for this
//! file (Lawson-iterated least squares on Chebyshev nodes, rounded to f32) by
//! scripts/vmath/fit_f32_polys.py; each table notes the fitted error.
//! scripts/vmath/sincos_exhaustive.rs checks sin/cos over every |x| <= SINCOS_LIMIT.

use super::M;
use cranelift_codegen::ir::condcodes::FloatCC;
use cranelift_codegen::ir::{InstBuilder, Value};

/// Largest |x| for which [`M::sincos_f32`]'s reduction is accurate: the quotient
/// j = round(x * 2/pi) stays below 2^12, so `j * PIO2_F[0..3]` are exact. An
/// exhaustive check of a scalar model over every |x| <= 6000 found <= 2 ulp.
pub(super) const SINCOS_LIMIT: f32 = 6000.0;

/// pi/2 = sum of these: three 12-bit parts and the f32 rounding of the rest (the
/// residual is 8e-20), so that every partial difference in the reduction is exact.
const PIO2_F: [u32; 4] = [0x3fc9_0000, 0x39fd_a000, 0x33a2_2000, 0x2c34_611a];

/// pi/2 = sum of these three f32 (residual 1e-23) for the reduction with fused
/// multiply-adds, where every product is exact whatever its width: the first step is
/// exact, the others round the small remainder once.
const PIO2_FMA: [u32; 3] = [0x3fc9_0fdb, 0xb33b_bd2e, 0xa6f7_2ced];

/// sin r = r + r^3 * P(r^2), |r| <= pi/2 + 4e-4: fitted relative error 1.4e-8 (0.24 ulp).
const SIN_F: [f64; 4] = [
    -0.166_666_597_127_914_43,
    0.008_333_065_547_049_046,
    -0.000_198_095_702_216_960_5,
    2.605_703_912_195_167_5e-6,
];

/// Below this |x|, tanh uses its odd polynomial; above, 1 - 2 / (e^2|x| + 1).
const TANH_SMALL: f64 = 0.625;

/// tanh x = x + x^3 * T(x^2), |x| <= 0.625: fitted relative error 8.8e-9 (0.15 ulp).
const TANH_F: [f64; 5] = [
    -0.333_332_806_825_637_8,
    0.133_314_415_812_492_37,
    -0.053_739_707_916_975_02,
    0.020_639_071_241_021_156,
    -0.005_704_970_564_693_212_5,
];

impl M<'_, '_, '_> {
    /// sin x (or cos x) for |x| <= SINCOS_LIMIT, with one polynomial: sin x = (-1)^m
    /// sin r for x = m pi + r, and cos x = (-1)^m sin r for x = (2m+1) pi/2 - r, |r| <=
    /// pi/2. Larger |x| give garbage (the caller takes another path for them); NaN stays
    /// NaN.
    pub(super) fn sincos_f32(&mut self, x: Value, cos: bool) -> Value {
        const MAGIC: f64 = 12582912.0; // 1.5 * 2^23: m lands in the low mantissa bits.
        let inv_pi = std::f64::consts::FRAC_1_PI;
        let fma = self.cx.imports.fma;
        let t = if cos {
            let c = self.c(inv_pi);
            let h = self.c(-0.5);
            let t = self.mul_add(c, x, h);
            self.addc(t, MAGIC)
        } else if fma {
            let c = self.c(inv_pi);
            let k = self.c(MAGIC);
            self.mul_add(c, x, k)
        } else {
            let t = self.mulc(x, inv_pi);
            self.addc(t, MAGIC)
        };
        let mb = self.bits(t);
        let m = self.addc(t, -MAGIC);
        // (Constants first: x64's fma overwrites its first operand, so a fresh constant
        // there saves a register copy.) Without FMA, the products q * part are exact (q < 2^12), and so is each
        // difference; with it, three parts do.
        let parts: &[u32] = if fma { &PIO2_FMA } else { &PIO2_F };
        let r = if cos {
            let two = self.c(2.0);
            let one = self.c(1.0);
            let q = self.mul_add(m, two, one);
            let p = self.c(f32::from_bits(parts[0]) as f64);
            let nx = self.cx.b.ins().fneg(x);
            let mut r = self.mul_add(p, q, nx);
            for &p in &parts[1..] {
                let p = self.c(f32::from_bits(p) as f64);
                r = self.mul_add(p, q, r);
            }
            r
        } else {
            let nm = self.cx.b.ins().fneg(m);
            let mut r = x;
            for &p in parts {
                let p = self.c(2.0 * f32::from_bits(p) as f64);
                r = self.mul_add(p, nm, r);
            }
            r
        };
        let z = self.mul(r, r);
        let sp = self.poly(z, &SIN_F);
        let rz = self.mul(r, z);
        let s = self.mul_add(rz, sp, r);
        // The sign: bit 0 of m, moved to bit 31.
        let sign = self.cx.b.ins().ishl_imm_u(mb, 31);
        let sb = self.bits(s);
        let sb = self.cx.b.ins().bxor(sb, sign);
        self.float_of(sb)
    }

    /// tanh x: an odd polynomial near 0, sign(x) (1 - 2 / (e^2|x| + 1)) elsewhere.
    pub(super) fn tanh_f32(&mut self, x: Value) -> Value {
        let a = self.fabs(x);
        let z = self.mul(x, x);
        let p = self.poly(z, &TANH_F);
        let xz = self.mul(x, z);
        let small = self.mul_add(xz, p, x);
        // e^2|x| overflows to inf for |x| > 44, giving exactly 1.
        let a2 = self.add(a, a);
        let e = self.exp_f32(a2);
        let d = self.addc(e, 1.0);
        let two = self.c(2.0);
        let q = self.div(two, d);
        let one = self.c(1.0);
        let big = self.sub(one, q);
        let big = self.copysign(big, x);
        let is_small = self.cmpc(FloatCC::LessThan, a, TANH_SMALL);
        self.sel(is_small, small, big)
    }

    /// 1 / (1 + e^-x), as e^x / (1 + e^x) for x < 0 so that tiny results keep their
    /// precision (1 + e^-x would overflow).
    pub(super) fn logistic_f32(&mut self, x: Value) -> Value {
        let a = self.fabs(x);
        let na = self.cx.b.ins().fneg(a);
        let e = self.exp_f32(na);
        let d = self.addc(e, 1.0);
        let one = self.c(1.0);
        let neg = self.cmpc(FloatCC::LessThan, x, 0.0);
        let num = self.sel(neg, e, one);
        self.div(num, d)
    }
}
