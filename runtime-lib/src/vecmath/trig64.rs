//! The f64 sin/cos polynomial of the compiler's generated code for |x| <= 1e6 (`M::trig`
//! in the compiler's `codegen::vmath`), which the runtime's f32 routines reproduce for
//! arguments too large for their own reduction (`scalar::trig_f64`): both read these
//! tables, so the two cannot drift apart.

/// pi/2 in three parts of 33, 33 and 53 bits (fdlibm), so `n * PIO2_1` and
/// `n * PIO2_2` are exact for |n| < 2^20.
pub const PIO2_1: f64 = f64::from_bits(0x3ff9_21fb_5440_0000);
pub const PIO2_2: f64 = f64::from_bits(0x3dd0_b461_1a60_0000);
pub const PIO2_3: f64 = f64::from_bits(0x3ba3_198a_2e00_0000);

/// sin r = r * sum SIN_C[k] r^2k (Taylor, |r| <= pi/4).
pub const SIN_C: [f64; 9] = [
    1.0,
    -1.0 / 6.0,
    1.0 / 120.0,
    -1.0 / 5040.0,
    1.0 / 362880.0,
    -1.0 / 39916800.0,
    1.0 / 6227020800.0,
    -1.0 / 1307674368000.0,
    1.0 / 355687428096000.0,
];

/// cos r = sum COS_C[k] r^2k.
pub const COS_C: [f64; 10] = [
    1.0,
    -0.5,
    1.0 / 24.0,
    -1.0 / 720.0,
    1.0 / 40320.0,
    -1.0 / 3628800.0,
    1.0 / 479001600.0,
    -1.0 / 87178291200.0,
    1.0 / 20922789888000.0,
    -1.0 / 6402373705728000.0,
];
