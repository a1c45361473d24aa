//! f32 add, subtract, multiply and divide over arrays, 8 lanes at a time:
//! `pjrt_rt_{add,sub,mul,div}_f32_array_v1`, which generated kernels call on tiles the
//! way they call the math routines. Each reads its first operands where they are (a
//! stack buffer, an earlier call's values, or the input row itself) and its second
//! operands from an array or as one value for all (softmax's row sum), and writes the
//! results in place or to the output row.
//!
//! Why: Cranelift's f32x4 does four lanes per instruction; a tile whose math already
//! runs through calls computes the arithmetic around it (`x * y + sin x`) in calls too,
//! with no loop left, eight lanes at a time. Divides gain most: this CPU family divides
//! eight lanes (`vdivps ymm`) in the time `divps` takes for four (0.10 vs 0.21 ns per
//! element on Zen4).
//!
//! IEEE addition, subtraction, multiplication and division are correctly rounded, so
//! every width gives the same results; NaN operands propagate alike too (the first
//! operand's NaN, else the second's, quieted; invalid operations give the default NaN),
//! because x86's packed and scalar instructions pick the same operand whatever the
//! width. The portable path is Rust's operators, which are the scalar instructions on
//! x86_64: the same bits again. One exception, which StableHLO leaves open: of two NaN
//! operands of an add or multiply, either payload may come out, since LLVM (and
//! Cranelift, for the inline code) may swap the operands of a commutative operation.

/// An arithmetic operation the array routines run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArithOp {
    Add,
    Sub,
    Mul,
    Div,
}

impl ArithOp {
    fn scalar(self, a: f32, b: f32) -> f32 {
        match self {
            ArithOp::Add => a + b,
            ArithOp::Sub => a - b,
            ArithOp::Mul => a * b,
            ArithOp::Div => a / b,
        }
    }
}

/// `dst[i] = a[i] op b[i]` (`b.len() == dst.len()`), or `a[i] op b[0]` (`b.len() == 1`),
/// on the fastest path this CPU has; `None` if the lengths do not fit.
pub fn arith(op: ArithOp, dst: &mut [f32], a: &[f32], b: &[f32]) -> Option<()> {
    arith_slices(op, dst, a, b, has_avx())
}

/// [`arith`] one lane at a time, whatever the CPU.
pub fn arith_portable(op: ArithOp, dst: &mut [f32], a: &[f32], b: &[f32]) -> Option<()> {
    arith_slices(op, dst, a, b, false)
}

fn arith_slices(op: ArithOp, dst: &mut [f32], a: &[f32], b: &[f32], avx: bool) -> Option<()> {
    let n = dst.len();
    let step = match b.len() {
        1 => 0,
        m if m == n => 1,
        _ => return None,
    };
    if a.len() != n {
        return None;
    }
    // SAFETY: dst, a and b hold n, n and (step 0) 1 or n f32; dst is a unique borrow,
    // so it overlaps neither a nor b; `avx` only where the CPU has it (`has_avx`).
    unsafe { arith_raw(op, dst.as_mut_ptr(), a.as_ptr(), b.as_ptr(), step, n, avx) };
    Some(())
}

pub(super) fn has_avx() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// `dst[i] = a[i] op b[i * b_step]` for i < n, eight lanes at a time if `avx`.
///
/// # Safety
/// `dst` and `a` point to `n` f32, `b` to `n` (`b_step == 1`) or one (`b_step == 0`);
/// `dst` is `a`, or `b` with `b_step` 1, or overlaps neither; if `avx`, the CPU has AVX.
pub(super) unsafe fn arith_raw(
    op: ArithOp,
    dst: *mut f32,
    a: *const f32,
    b: *const f32,
    b_step: usize,
    n: usize,
    avx: bool,
) {
    let mut i = 0;
    #[cfg(target_arch = "x86_64")]
    if avx {
        // SAFETY: the caller's contract; AVX is there.
        i = unsafe {
            match op {
                ArithOp::Add => arith_avx::<ADD>(dst, a, b, b_step, n),
                ArithOp::Sub => arith_avx::<SUB>(dst, a, b, b_step, n),
                ArithOp::Mul => arith_avx::<MUL>(dst, a, b, b_step, n),
                ArithOp::Div => arith_avx::<DIV>(dst, a, b, b_step, n),
            }
        };
    }
    let _ = avx;
    while i < n {
        // SAFETY: i < n: inside every array (b's index is 0 when b_step is 0). Each
        // element is read before its result is written, so dst == a (or b, stepping)
        // is fine.
        unsafe { *dst.add(i) = op.scalar(*a.add(i), *b.add(i * b_step)) };
        i += 1;
    }
}

// `arith_avx`'s operation, as a const generic.
#[cfg(target_arch = "x86_64")]
const ADD: u8 = 0;
#[cfg(target_arch = "x86_64")]
const SUB: u8 = 1;
#[cfg(target_arch = "x86_64")]
const MUL: u8 = 2;
#[cfg(target_arch = "x86_64")]
const DIV: u8 = 3;

/// The 8-lane part of [`arith_raw`] for operation `OP`: returns how many elements it did
/// (a multiple of 8).
///
/// # Safety
/// As [`arith_raw`], and the CPU has AVX.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
unsafe fn arith_avx<const OP: u8>(
    dst: *mut f32,
    a: *const f32,
    b: *const f32,
    b_step: usize,
    n: usize,
) -> usize {
    use std::arch::x86_64::*;
    let op = |x: __m256, y: __m256| match OP {
        ADD => _mm256_add_ps(x, y),
        SUB => _mm256_sub_ps(x, y),
        MUL => _mm256_mul_ps(x, y),
        _ => _mm256_div_ps(x, y),
    };
    // The second operand at `i` (callers keep `i + 8 <= n`).
    let second = |i: usize| {
        // SAFETY: b points to one f32 (b_step 0) or to n (b_step 1).
        unsafe {
            if b_step == 0 {
                _mm256_broadcast_ss(&*b)
            } else {
                _mm256_loadu_ps(b.add(i))
            }
        }
    };
    let mut i = 0;
    while i + 32 <= n {
        // SAFETY: i + 32 <= n: four vectors inside every array. All are loaded before
        // any is stored, so dst == a or b is fine.
        unsafe {
            super::prefetch(a.wrapping_add(i + super::PREFETCH_AHEAD));
            super::prefetch(a.wrapping_add(i + 16 + super::PREFETCH_AHEAD));
            super::prefetch_write(dst.wrapping_add(i + super::PREFETCH_AHEAD));
            super::prefetch_write(dst.wrapping_add(i + 16 + super::PREFETCH_AHEAD));
            let x: [__m256; 4] = std::array::from_fn(|j| _mm256_loadu_ps(a.add(i + 8 * j)));
            let y: [__m256; 4] = std::array::from_fn(|j| second(i + 8 * j));
            for j in 0..4 {
                _mm256_storeu_ps(dst.add(i + 8 * j), op(x[j], y[j]));
            }
        }
        i += 32;
    }
    while i + 8 <= n {
        // SAFETY: i + 8 <= n.
        unsafe { _mm256_storeu_ps(dst.add(i), op(_mm256_loadu_ps(a.add(i)), second(i))) };
        i += 8;
    }
    i
}

macro_rules! arith_imports {
    ($($name:ident => $op:ident, $sym:literal;)*) => {$(
        #[doc = concat!("`dst[i] = a[i] ", $sym, " b[i * b_step]` for i < n (`b_step` 0: one second")]
        /// operand for all).
        ///
        /// # Safety
        /// `n == 0`, or: `dst` and `a` point to `n` initialized f32, `b` to `n` (`b_step`
        /// 1) or one (`b_step` 0), all 4-byte aligned; `dst` is `a`, or `b` with `b_step`
        /// 1, or overlaps neither; nothing else accesses them during the call. `b_step`
        /// must be 0 or 1.
        pub unsafe extern "C" fn $name(
            dst: *mut f32,
            a: *const f32,
            b: *const f32,
            b_step: usize,
            n: usize,
        ) {
            if n == 0 || dst.is_null() || a.is_null() || b.is_null() || b_step > 1 {
                return;
            }
            // SAFETY: the caller's contract.
            unsafe { arith_raw(ArithOp::$op, dst, a, b, b_step, n, has_avx()) };
        }
    )*};
}

arith_imports! {
    pjrt_rt_add_f32_array_v1 => Add, "+";
    pjrt_rt_sub_f32_array_v1 => Sub, "-";
    pjrt_rt_mul_f32_array_v1 => Mul, "*";
    pjrt_rt_div_f32_array_v1 => Div, "/";
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Dividends and divisors that cover the special cases: signed zeros, infinities,
    /// NaNs with payloads and signs, subnormals, and ordinary values of every magnitude.
    fn operands() -> Vec<f32> {
        let mut v = vec![
            0.0,
            -0.0,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::from_bits(0x7fc0_1234),
            f32::from_bits(0xffa0_0001),
            f32::from_bits(0x7f80_0001),
            f32::MIN_POSITIVE,
            1e-45,
            -3e-39,
            f32::MAX,
            -f32::MAX,
            1.0,
            -1.0,
            3.0,
        ];
        let mut s = 0x9e37_79b9u32;
        for _ in 0..2000 {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            v.push(f32::from_bits(s));
        }
        v
    }

    const OPS: [(
        ArithOp,
        unsafe extern "C" fn(*mut f32, *const f32, *const f32, usize, usize),
    ); 4] = [
        (ArithOp::Add, pjrt_rt_add_f32_array_v1),
        (ArithOp::Sub, pjrt_rt_sub_f32_array_v1),
        (ArithOp::Mul, pjrt_rt_mul_f32_array_v1),
        (ArithOp::Div, pjrt_rt_div_f32_array_v1),
    ];

    /// Every operation, every length 0..=40 and a long one, each second-operand form
    /// (array, one for all) and in place or not, against the scalar operators (`addss`
    /// etc. on x86_64; correctly rounded everywhere), bit for bit, on the fast and the
    /// portable path.
    #[test]
    fn array_arithmetic_matches_scalar_bits() {
        for (op, routine) in OPS {
            matches_scalar_bits(op, routine);
        }
    }

    fn matches_scalar_bits(
        op: ArithOp,
        routine: unsafe extern "C" fn(*mut f32, *const f32, *const f32, usize, usize),
    ) {
        let xs = operands();
        for shift in [0usize, 1, 7, 15] {
            let ys: Vec<f32> = xs
                .iter()
                .cycle()
                .skip(shift)
                .take(xs.len())
                .copied()
                .collect();
            for n in (0..=40).chain([xs.len()]) {
                for step in [0usize, 1] {
                    let want: Vec<f32> = (0..n).map(|i| op.scalar(xs[i], ys[i * step])).collect();
                    let check = |got: &[f32], how: &str| {
                        for i in 0..n {
                            // Of two NaN operands, add and multiply may return either's
                            // payload: LLVM (like Cranelift) treats them as commutative.
                            let both_nan = xs[i].is_nan() && ys[i * step].is_nan();
                            let commutes = matches!(op, ArithOp::Add | ArithOp::Mul);
                            if both_nan && commutes {
                                assert!(got[i].is_nan(), "{op:?} {how} [{i}]");
                                continue;
                            }
                            assert_eq!(
                                got[i].to_bits(),
                                want[i].to_bits(),
                                "{op:?} {how} n={n} step={step} [{i}] {:e}, {:e}",
                                xs[i],
                                ys[i * step]
                            );
                        }
                    };
                    let mut inplace = xs[..n].to_vec();
                    // SAFETY: inplace and ys hold at least n f32; dst == a, b disjoint.
                    unsafe {
                        let p = inplace.as_mut_ptr();
                        routine(p, p, ys.as_ptr(), step, n)
                    };
                    check(&inplace, "in place");
                    if step == 1 {
                        // The result over the second operand.
                        let mut over_b = ys[..n].to_vec();
                        // SAFETY: over_b and xs hold at least n f32; dst == b, stepping.
                        unsafe {
                            let p = over_b.as_mut_ptr();
                            routine(p, xs.as_ptr(), p, step, n)
                        };
                        check(&over_b, "over b");
                    }
                    let b = if step == 0 { &ys[..1] } else { &ys[..n] };
                    let mut out = vec![0.0; n];
                    arith(op, &mut out, &xs[..n], b).unwrap();
                    check(&out, "fast");
                    arith_portable(op, &mut out, &xs[..n], b).unwrap();
                    check(&out, "portable");
                }
            }
        }
    }

    #[test]
    fn bad_arguments_are_refused() {
        let b = [1.0f32, 2.0];
        let mut out = [0.0f32; 3];
        assert!(arith(ArithOp::Div, &mut out, &[1.0; 3], &b).is_none());
        assert!(arith(ArithOp::Add, &mut out, &[1.0; 2], &b[..1]).is_none());
        // SAFETY: null pointers, n == 0 and a bad step are refused before any access.
        unsafe {
            pjrt_rt_div_f32_array_v1(std::ptr::null_mut(), b.as_ptr(), b.as_ptr(), 1, 1);
            pjrt_rt_div_f32_array_v1(out.as_mut_ptr(), b.as_ptr(), b.as_ptr(), 2, 1);
            pjrt_rt_div_f32_array_v1(
                std::ptr::null_mut(),
                std::ptr::null(),
                std::ptr::null(),
                0,
                0,
            );
        }
        assert_eq!(out, [0.0; 3]);
    }
}
