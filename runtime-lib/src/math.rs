//! Scalar math the generated code calls through [`crate::imports`]: f64 transcendentals
//! (f32 ones are inlined by the compiler, or run over tiles by [`crate::vecmath`]) and
//! integer power. None of these may unwind.

macro_rules! unary_f64 {
    ($($name:ident => $f:expr;)*) => {$(
        pub extern "C" fn $name(x: f64) -> f64 {
            let f: fn(f64) -> f64 = $f;
            f(x)
        }
    )*};
}

unary_f64! {
    pjrt_rt_exp_f64_v1 => f64::exp;
    pjrt_rt_expm1_f64_v1 => f64::exp_m1;
    pjrt_rt_log_f64_v1 => f64::ln;
    pjrt_rt_log1p_f64_v1 => f64::ln_1p;
    pjrt_rt_logistic_f64_v1 => logistic;
    pjrt_rt_tanh_f64_v1 => f64::tanh;
    pjrt_rt_sin_f64_v1 => f64::sin;
    pjrt_rt_cos_f64_v1 => f64::cos;
    pjrt_rt_tan_f64_v1 => f64::tan;
    pjrt_rt_cbrt_f64_v1 => f64::cbrt;
}

fn logistic(x: f64) -> f64 {
    // 1 / (1 + e^-x) without overflow for large |x|.
    if x >= 0.0 {
        1.0 / (1.0 + (-x).exp())
    } else {
        let e = x.exp();
        e / (1.0 + e)
    }
}

/// Rounding functions Cranelift calls on x86_64 without SSE4.1 (its `LibCall`s).
macro_rules! rounding {
    ($($name:ident: $t:ty => $f:expr;)*) => {$(
        pub extern "C" fn $name(x: $t) -> $t {
            let f: fn($t) -> $t = $f;
            f(x)
        }
    )*};
}

rounding! {
    pjrt_rt_floor_f32_v1: f32 => f32::floor;
    pjrt_rt_floor_f64_v1: f64 => f64::floor;
    pjrt_rt_ceil_f32_v1: f32 => f32::ceil;
    pjrt_rt_ceil_f64_v1: f64 => f64::ceil;
    pjrt_rt_trunc_f32_v1: f32 => f32::trunc;
    pjrt_rt_trunc_f64_v1: f64 => f64::trunc;
    pjrt_rt_nearest_f32_v1: f32 => f32::round_ties_even;
    pjrt_rt_nearest_f64_v1: f64 => f64::round_ties_even;
}

/// `fma` for Cranelift's `FmaF32` libcall (targets without FMA).
pub extern "C" fn pjrt_rt_fmaf_v1(a: f32, b: f32, c: f32) -> f32 {
    a.mul_add(b, c)
}

/// `fma` for Cranelift's `FmaF64` libcall (targets without FMA).
pub extern "C" fn pjrt_rt_fma_v1(a: f64, b: f64, c: f64) -> f64 {
    a.mul_add(b, c)
}

pub extern "C" fn pjrt_rt_pow_f64_v1(x: f64, y: f64) -> f64 {
    x.powf(y)
}

pub extern "C" fn pjrt_rt_atan2_f64_v1(y: f64, x: f64) -> f64 {
    y.atan2(x)
}

/// C `fmod`: the remainder has the sign of the dividend.
pub extern "C" fn pjrt_rt_fmod_f64_v1(x: f64, y: f64) -> f64 {
    x % y
}

/// Signed integer power with StableHLO semantics (wrapping; negative exponents give 0
/// except for bases 1 and -1). Narrower types pass sign-extended values and truncate.
pub extern "C" fn pjrt_rt_ipow_i64_v1(base: i64, exp: i64) -> i64 {
    if exp < 0 {
        return match base {
            1 => 1,
            -1 => {
                if exp & 1 == 0 {
                    1
                } else {
                    -1
                }
            }
            _ => 0,
        };
    }
    upow(base as u64, exp as u64) as i64
}

/// Unsigned integer power, wrapping.
pub extern "C" fn pjrt_rt_upow_u64_v1(base: u64, exp: u64) -> u64 {
    upow(base, exp)
}

fn upow(mut base: u64, mut exp: u64) -> u64 {
    let mut acc: u64 = 1;
    while exp != 0 {
        if exp & 1 != 0 {
            acc = acc.wrapping_mul(base);
        }
        base = base.wrapping_mul(base);
        exp >>= 1;
    }
    acc
}

/// The f32 value of minifloat `code` of the dtype whose `.pjx` code is `dtype` (f32 holds
/// every minifloat value exactly); NaN for a dtype that is not a minifloat.
pub extern "C" fn pjrt_rt_minifloat_decode_v1(code: i32, dtype: i32) -> f32 {
    match crate::DType::from_code(dtype as u8).and_then(crate::DType::minifloat) {
        Some(f) => f.decode(code as u32) as f32,
        None => f32::NAN,
    }
}

/// The minifloat code of `x` rounded to nearest even in the dtype whose `.pjx` code is
/// `dtype` (0 for a dtype that is not a minifloat).
pub extern "C" fn pjrt_rt_minifloat_encode_v1(x: f32, dtype: i32) -> i32 {
    match crate::DType::from_code(dtype as u8).and_then(crate::DType::minifloat) {
        Some(f) => f.encode(f64::from(x)) as i32,
        None => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_power() {
        assert_eq!(pjrt_rt_ipow_i64_v1(3, 4), 81);
        assert_eq!(pjrt_rt_ipow_i64_v1(-2, 3), -8);
        assert_eq!(pjrt_rt_ipow_i64_v1(2, -1), 0);
        assert_eq!(pjrt_rt_ipow_i64_v1(-1, -3), -1);
        assert_eq!(pjrt_rt_upow_u64_v1(2, 64), 0);
    }
}
