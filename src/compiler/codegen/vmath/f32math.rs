//! Native f32 (f32x4) sin, cos, tanh and logistic: 4 lanes per instruction instead of
//! 2 after widening, within 3 ulp (see `vmath_f32_within_3_ulp`).
//!
//! The polynomial coefficients are minimax fits of the relative error made for this
//! file (Lawson-iterated least squares on Chebyshev nodes, rounded to f32) by
//! scripts/vmath/fit_f32_polys.py; each table notes the fitted error.
//! scripts/vmath/sincos_exhaustive.rs checks sin/cos over every |x| <= SINCOS_LIMIT.

use super::M;
use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{InstBuilder, Value};

/// Largest |x| for which [`M::sincos_f32`]'s reduction is accurate: the quotient
/// j = round(x * 2/pi) stays below 2^12, so `j * PIO2_F[0..3]` are exact. An
/// exhaustive check of a scalar model over every |x| <= 6000 found <= 2 ulp.
pub(super) const SINCOS_LIMIT: f32 = 6000.0;

/// pi/2 = sum of these: three 12-bit parts and the f32 rounding of the rest (the
/// residual is 8e-20), so that every partial difference in the reduction is exact.
const PIO2_F: [u32; 4] = [0x3fc9_0000, 0x39fd_a000, 0x33a2_2000, 0x2c34_611a];

/// sin r = r + r^3 * P(r^2), |r| <= pi/4: fitted relative error 8.3e-9 (0.14 ulp).
const SIN_F: [f64; 3] = [
    -0.166_666_552_424_430_85,
    0.008_332_160_301_506_52,
    -0.000_195_152_810_192_666_95,
];

/// cos r = 1 - r^2/2 + r^4 * Q(r^2), |r| <= pi/4: fitted relative error 1.7e-10.
const COS_F: [f64; 3] = [
    0.041_666_645_556_688_31,
    -0.001_388_731_645_420_193_7,
    2.443_315_497_657_749_8e-5,
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
    /// sin x (or cos x) for |x| <= SINCOS_LIMIT: x = j pi/2 + r, then the sine or cosine
    /// polynomial of r picked and signed by j mod 4. Larger |x| give garbage (the caller
    /// takes another path for them); NaN stays NaN.
    pub(super) fn sincos_f32(&mut self, x: Value, cos: bool) -> Value {
        const MAGIC: f64 = 12582912.0; // 1.5 * 2^23: j lands in the low mantissa bits.
        let t = self.mulc(x, std::f64::consts::FRAC_2_PI);
        let t = self.addc(t, MAGIC);
        let jb = self.bits(t);
        let j = self.addc(t, -MAGIC);
        let mut r = x;
        for p in PIO2_F {
            let p = self.mulc(j, f32::from_bits(p) as f64);
            r = self.sub(r, p);
        }
        let z = self.mul(r, r);
        let sp = self.poly(z, &SIN_F);
        let rz = self.mul(r, z);
        let s = self.mul_add(rz, sp, r);
        let cp = self.poly(z, &COS_F);
        let zz = self.mul(z, z);
        let mhalf = self.c(-0.5);
        let one = self.c(1.0);
        let h = self.mul_add(z, mhalf, one);
        let c = self.mul_add(zz, cp, h);
        // Quadrant q = j (+1 for cos) mod 4: odd picks the cosine, bit 1 flips the sign.
        let q = if cos {
            let one = self.ic(1);
            self.cx.b.ins().iadd(jb, one)
        } else {
            jb
        };
        let v = if self.ty.is_vector() {
            let odd = self.cx.b.ins().ishl_imm_u(q, 31);
            let odd = self.cx.b.ins().sshr_imm_u(odd, 31);
            let oddf = self.float_of(odd);
            self.cx.b.ins().bitselect(oddf, c, s)
        } else {
            // aarch64 has no scalar float bitselect.
            let odd = self.cx.b.ins().band_imm_u(q, 1);
            let odd = self.cx.b.ins().icmp_imm_s(IntCC::NotEqual, odd, 0);
            self.cx.b.ins().select(odd, c, s)
        };
        let two = self.ic(2);
        let sign = self.cx.b.ins().band(q, two);
        let sign = self.cx.b.ins().ishl_imm_u(sign, 30);
        let vb = self.bits(v);
        let vb = self.cx.b.ins().bxor(vb, sign);
        self.float_of(vb)
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
