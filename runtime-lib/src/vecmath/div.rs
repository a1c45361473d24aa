//! f32 division over arrays, 8 lanes at a time: `pjrt_rt_div_f32_array_v1`, which
//! generated kernels call on tiles the way they call the math routines. It reads the
//! dividends where they are (a stack buffer, or the input row itself) and the divisors
//! from an array or as one value for all (softmax's row sum), and writes the quotients
//! in place or to the output row.
//!
//! Why: a divide is the slowest basic f32 operation, and this CPU family divides eight
//! lanes (`vdivps ymm`) in the time Cranelift's f32x4 `divps` takes for four (0.10 vs
//! 0.21 ns per element on Zen4). IEEE division is correctly rounded, so both widths
//! give the same quotients; NaN operands propagate alike too (the dividend's NaN, else
//! the divisor's, quieted; invalid operations give the default NaN), because x86's
//! `divps` and `divss` pick the same operand whatever the width. The portable path is
//! Rust's `/`, which is `divss` on x86_64: the same bits again.

/// `dst[i] = a[i] / b[i]` (`b.len() == dst.len()`), or `a[i] / b[0]` (`b.len() == 1`),
/// on the fastest path this CPU has; `None` if the lengths do not fit.
pub fn divide(dst: &mut [f32], a: &[f32], b: &[f32]) -> Option<()> {
    divide_slices(dst, a, b, has_avx())
}

/// [`divide`] one lane at a time, whatever the CPU.
pub fn divide_portable(dst: &mut [f32], a: &[f32], b: &[f32]) -> Option<()> {
    divide_slices(dst, a, b, false)
}

fn divide_slices(dst: &mut [f32], a: &[f32], b: &[f32], avx: bool) -> Option<()> {
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
    unsafe { divide_raw(dst.as_mut_ptr(), a.as_ptr(), b.as_ptr(), step, n, avx) };
    Some(())
}

fn has_avx() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// `dst[i] = a[i] / b[i * b_step]` for i < n, eight lanes at a time if `avx`.
///
/// # Safety
/// `dst` and `a` point to `n` f32, `b` to `n` (`b_step == 1`) or one (`b_step == 0`);
/// `dst` is `a` or overlaps neither `a` nor `b`; if `avx`, the CPU has AVX.
unsafe fn divide_raw(
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
        i = unsafe { divide_avx(dst, a, b, b_step, n) };
    }
    let _ = avx;
    while i < n {
        // SAFETY: i < n: inside every array (b's index is 0 when b_step is 0). Each
        // element is read before its quotient is written, so dst == a is fine.
        unsafe { *dst.add(i) = *a.add(i) / *b.add(i * b_step) };
        i += 1;
    }
}

/// The 8-lane part of [`divide_raw`]: returns how many elements it did (a multiple of 8).
///
/// # Safety
/// As [`divide_raw`], and the CPU has AVX.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
unsafe fn divide_avx(
    dst: *mut f32,
    a: *const f32,
    b: *const f32,
    b_step: usize,
    n: usize,
) -> usize {
    use std::arch::x86_64::*;
    let mut i = 0;
    if b_step == 0 {
        // SAFETY: b points to one f32.
        let d = unsafe { _mm256_broadcast_ss(&*b) };
        while i + 16 <= n {
            // SAFETY: i + 16 <= n.
            unsafe {
                let x0 = _mm256_loadu_ps(a.add(i));
                let x1 = _mm256_loadu_ps(a.add(i + 8));
                _mm256_storeu_ps(dst.add(i), _mm256_div_ps(x0, d));
                _mm256_storeu_ps(dst.add(i + 8), _mm256_div_ps(x1, d));
            }
            i += 16;
        }
    } else {
        while i + 16 <= n {
            // SAFETY: i + 16 <= n.
            unsafe {
                let x0 = _mm256_loadu_ps(a.add(i));
                let x1 = _mm256_loadu_ps(a.add(i + 8));
                let y0 = _mm256_loadu_ps(b.add(i));
                let y1 = _mm256_loadu_ps(b.add(i + 8));
                _mm256_storeu_ps(dst.add(i), _mm256_div_ps(x0, y0));
                _mm256_storeu_ps(dst.add(i + 8), _mm256_div_ps(x1, y1));
            }
            i += 16;
        }
    }
    if i + 8 <= n {
        // SAFETY: i + 8 <= n; b's lanes as above.
        unsafe {
            let x = _mm256_loadu_ps(a.add(i));
            let y = if b_step == 0 {
                _mm256_broadcast_ss(&*b)
            } else {
                _mm256_loadu_ps(b.add(i))
            };
            _mm256_storeu_ps(dst.add(i), _mm256_div_ps(x, y));
        }
        i += 8;
    }
    i
}

/// `dst[i] = a[i] / b[i * b_step]` for i < n (`b_step` 0: one divisor for all).
///
/// # Safety
/// `n == 0`, or: `dst` and `a` point to `n` initialized f32, `b` to `n` (`b_step` 1) or
/// one (`b_step` 0), all 4-byte aligned; `dst` is `a` or overlaps neither `a` nor `b`;
/// nothing else accesses them during the call. `b_step` must be 0 or 1.
pub unsafe extern "C" fn pjrt_rt_div_f32_array_v1(
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
    unsafe { divide_raw(dst, a, b, b_step, n, has_avx()) };
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

    /// Every length 0..=40 and a long one, each divisor form (array, one for all) and
    /// in place or not, against the scalar `/` (`divss` on x86_64; correctly rounded
    /// everywhere), bit for bit, on the fast and the portable path.
    #[test]
    fn array_divide_matches_scalar_bits() {
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
                    let want: Vec<f32> = (0..n).map(|i| xs[i] / ys[i * step]).collect();
                    let check = |got: &[f32], how: &str| {
                        for i in 0..n {
                            assert_eq!(
                                got[i].to_bits(),
                                want[i].to_bits(),
                                "{how} n={n} step={step} [{i}] {:e} / {:e}",
                                xs[i],
                                ys[i * step]
                            );
                        }
                    };
                    let mut inplace = xs[..n].to_vec();
                    // SAFETY: inplace and ys hold at least n f32; dst == a, b disjoint.
                    unsafe {
                        let p = inplace.as_mut_ptr();
                        pjrt_rt_div_f32_array_v1(p, p, ys.as_ptr(), step, n)
                    };
                    check(&inplace, "in place");
                    let b = if step == 0 { &ys[..1] } else { &ys[..n] };
                    let mut out = vec![0.0; n];
                    divide(&mut out, &xs[..n], b).unwrap();
                    check(&out, "fast");
                    divide_portable(&mut out, &xs[..n], b).unwrap();
                    check(&out, "portable");
                }
            }
        }
    }

    #[test]
    fn bad_arguments_are_refused() {
        let b = [1.0f32, 2.0];
        let mut out = [0.0f32; 3];
        assert!(divide(&mut out, &[1.0; 3], &b).is_none());
        assert!(divide(&mut out, &[1.0; 2], &b[..1]).is_none());
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
