//! StableHLO's f32 maximum and minimum over arrays, `pjrt_rt_{max,min}_f32_array_v1`:
//! `dst[i] = max(a[i], b[i * b_step])`, the arithmetic routines' signature
//! ([`super::arith`]). Generated kernels call them where a column block's reduction
//! folds a row into per-column accumulators (`acc = max(acc, row)`, the first pass of a
//! softmax over a leading axis).
//!
//! Why: StableHLO's maximum propagates NaN and orders -0 below +0, which on x86 takes
//! five instructions per vector (`maxps` both ways, AND, an unordered compare, OR);
//! Cranelift runs them on four lanes. Here AVX-512DQ's `vrangeps` ("maximum, sign from
//! the comparison") orders the zeros in one instruction and a masked move sets the
//! unordered lanes, sixteen lanes at a time; with AVX alone the five instructions run on
//! eight.
//!
//! The result is a function of the two values alone, the inline code's bits exactly:
//! the larger (smaller) value; of equal ones the AND (OR) of their bits (+0 over -0 for
//! the maximum, -0 for the minimum); a NaN operand gives the NaN with every bit set, as
//! the inline code's unordered lanes do (`src/compiler/codegen/scalar.rs`,
//! `minmax_x86`).

/// StableHLO's maximum (`max`) or minimum of two f32 with the inline vector code's bits.
pub(super) fn minmax2(max: bool, a: f32, b: f32) -> f32 {
    if a.is_nan() || b.is_nan() {
        f32::from_bits(u32::MAX)
    } else if a == b {
        // The same bits, or zeros of both signs.
        if max {
            f32::from_bits(a.to_bits() & b.to_bits())
        } else {
            f32::from_bits(a.to_bits() | b.to_bits())
        }
    } else if (a > b) == max {
        a
    } else {
        b
    }
}

/// `dst[i] = max(a[i], b[i * b_step])` (or the minimum) for `i < n`, on the fastest
/// path this CPU has (AVX-512 only if `wide`).
///
/// # Safety
/// As the imports below: `dst` and `a` point to `n` f32, `b` to `n` (`b_step` 1) or one
/// (`b_step` 0); `dst` is `a`, or `b` with `b_step` 1, or overlaps neither.
unsafe fn minmax_raw(
    max: bool,
    dst: *mut f32,
    a: *const f32,
    b: *const f32,
    b_step: usize,
    n: usize,
    wide: bool,
) {
    #[cfg(target_arch = "x86_64")]
    {
        if wide
            && std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512dq")
        {
            // SAFETY: AVX-512F and DQ were detected just above; the rest is the
            // caller's contract.
            unsafe { minmax_avx512(max, dst, a, b, b_step, n) };
            return;
        }
        if std::is_x86_feature_detected!("avx") {
            // SAFETY: AVX was detected just above; the rest is the caller's contract.
            let done = unsafe { minmax_avx(max, dst, a, b, b_step, n) };
            // SAFETY: the caller's contract, from element `done` on.
            unsafe { minmax_portable(max, dst, a, b, b_step, done, n) };
            return;
        }
    }
    let _ = wide;
    // SAFETY: the caller's contract.
    unsafe { minmax_portable(max, dst, a, b, b_step, 0, n) };
}

/// Elements `[from, n)` one at a time.
///
/// # Safety
/// As [`minmax_raw`].
unsafe fn minmax_portable(
    max: bool,
    dst: *mut f32,
    a: *const f32,
    b: *const f32,
    b_step: usize,
    from: usize,
    n: usize,
) {
    for i in from..n {
        // SAFETY: i < n, inside every array by the caller's contract; each element is
        // read before its result is written, so `dst` may be `a` or `b`.
        unsafe { *dst.add(i) = minmax2(max, *a.add(i), *b.add(i * b_step)) };
    }
}

/// Sixteen lanes per step, the tail through masked loads and stores.
///
/// # Safety
/// The CPU has AVX-512F and AVX-512DQ; the arrays as [`minmax_raw`].
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512dq")]
unsafe fn minmax_avx512(
    max: bool,
    dst: *mut f32,
    a: *const f32,
    b: *const f32,
    b_step: usize,
    n: usize,
) {
    use std::arch::x86_64::*;
    // imm8: bits 1:0 01 maximum / 00 minimum, bits 3:2 01 the sign from the comparison
    // (-0 below +0).
    const MAX: i32 = 0b0101;
    const MIN: i32 = 0b0100;
    let ones = _mm512_castsi512_ps(_mm512_set1_epi32(-1));
    let one = if b_step == 0 {
        // SAFETY: with b_step 0, `b` points to one f32.
        Some(_mm512_set1_ps(unsafe { *b }))
    } else {
        None
    };
    let op = |x: __m512, y: __m512| {
        let r = if max {
            _mm512_range_ps::<MAX>(x, y)
        } else {
            _mm512_range_ps::<MIN>(x, y)
        };
        _mm512_mask_mov_ps(r, _mm512_cmp_ps_mask::<_CMP_UNORD_Q>(x, y), ones)
    };
    let mut i = 0;
    while i + 16 <= n {
        // SAFETY: i + 16 <= n: the lanes are inside every array.
        unsafe {
            let x = _mm512_loadu_ps(a.add(i));
            let y = match one {
                Some(y) => y,
                None => _mm512_loadu_ps(b.add(i)),
            };
            _mm512_storeu_ps(dst.add(i), op(x, y));
        }
        i += 16;
    }
    if i < n {
        let mask = ((1u32 << (n - i)) - 1) as __mmask16;
        // SAFETY: the masked loads and store touch lanes i..n only.
        unsafe {
            let x = _mm512_maskz_loadu_ps(mask, a.add(i));
            let y = match one {
                Some(y) => y,
                None => _mm512_maskz_loadu_ps(mask, b.add(i)),
            };
            _mm512_mask_storeu_ps(dst.add(i), mask, op(x, y));
        }
    }
}

/// Eight lanes per step: the inline code's five instructions. Returns how many elements
/// it did (a multiple of 8); the caller does the rest.
///
/// # Safety
/// The CPU has AVX; the arrays as [`minmax_raw`].
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
unsafe fn minmax_avx(
    max: bool,
    dst: *mut f32,
    a: *const f32,
    b: *const f32,
    b_step: usize,
    n: usize,
) -> usize {
    use std::arch::x86_64::*;
    let one = if b_step == 0 {
        // SAFETY: with b_step 0, `b` points to one f32.
        Some(_mm256_set1_ps(unsafe { *b }))
    } else {
        None
    };
    let op = |x: __m256, y: __m256| {
        // `maxps`/`minps` return their second operand on NaN and on equality.
        let r = if max {
            _mm256_and_ps(_mm256_max_ps(x, y), _mm256_max_ps(y, x))
        } else {
            _mm256_or_ps(_mm256_min_ps(x, y), _mm256_min_ps(y, x))
        };
        _mm256_or_ps(r, _mm256_cmp_ps::<_CMP_UNORD_Q>(x, y))
    };
    let mut i = 0;
    while i + 8 <= n {
        // SAFETY: i + 8 <= n: the lanes are inside every array.
        unsafe {
            let x = _mm256_loadu_ps(a.add(i));
            let y = match one {
                Some(y) => y,
                None => _mm256_loadu_ps(b.add(i)),
            };
            _mm256_storeu_ps(dst.add(i), op(x, y));
        }
        i += 8;
    }
    i
}

macro_rules! minmax_imports {
    ($($name:ident => $max:literal, $what:literal;)*) => {$(
        #[doc = concat!("`dst[i] = ", $what, "(a[i], b[i * b_step])` for i < n (`b_step` 0: one")]
        /// second operand for all), StableHLO's semantics with the inline code's bits
        /// (see the module docs).
        ///
        /// # Safety
        /// `n == 0`, or: `dst` and `a` point to `n` initialized f32, `b` to `n` (`b_step`
        /// 1) or one (`b_step` 0), all 4-byte aligned; `dst` is `a`, or `b` with `b_step`
        /// 1, or overlaps neither; nothing else accesses them during the call. `b_step`
        /// must be 0 or 1. `WIDE`: AVX-512 allowed.
        pub unsafe extern "C" fn $name<const WIDE: bool>(
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
            unsafe { minmax_raw($max, dst, a, b, b_step, n, WIDE) };
        }
    )*};
}

minmax_imports! {
    pjrt_rt_max_f32_array_v1 => true, "max";
    pjrt_rt_min_f32_array_v1 => false, "min";
}

#[cfg(test)]
mod tests {
    use super::*;

    type Routine = unsafe extern "C" fn(*mut f32, *const f32, *const f32, usize, usize);

    /// Signed zeros, infinities, NaNs with payloads and signs, subnormals, equal values
    /// and ordinary ones.
    fn operands() -> Vec<f32> {
        let mut v = vec![
            0.0,
            -0.0,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::from_bits(0x7fc0_1234),
            f32::from_bits(0xffa0_0001),
            f32::from_bits(0x7f80_0001),
            1e-45,
            -1e-45,
            f32::MAX,
            -f32::MAX,
            1.0,
            -1.0,
            1.0,
        ];
        v.extend(super::super::tests::xorshift_values(1000, 77, 1e3));
        v
    }

    /// The inline code's rule, written as its instructions do it: `maxps` both ways,
    /// AND (OR for the minimum), unordered lanes all ones.
    fn inline_rule(max: bool, a: f32, b: f32) -> u32 {
        let pick = |x: f32, y: f32| {
            if (x > y && max) || (x < y && !max) {
                x
            } else {
                y
            }
        };
        let (p, q) = (pick(a, b).to_bits(), pick(b, a).to_bits());
        let r = if max { p & q } else { p | q };
        if a.is_nan() || b.is_nan() {
            u32::MAX
        } else {
            r
        }
    }

    /// Every length to 40 and a long one, both second-operand forms, in place or not, on
    /// the fast, the 8-lane and the portable paths: the inline rule's bits.
    #[test]
    fn minmax_arrays_match_the_inline_rule() {
        let xs = operands();
        let routines: [(bool, Routine, Routine); 2] = [
            (
                true,
                pjrt_rt_max_f32_array_v1::<true>,
                pjrt_rt_max_f32_array_v1::<false>,
            ),
            (
                false,
                pjrt_rt_min_f32_array_v1::<true>,
                pjrt_rt_min_f32_array_v1::<false>,
            ),
        ];
        for (max, wide, narrow) in routines {
            for shift in [0usize, 1, 5, 13] {
                let ys: Vec<f32> = xs
                    .iter()
                    .cycle()
                    .skip(shift)
                    .take(xs.len())
                    .copied()
                    .collect();
                for n in (0..=40).chain([xs.len()]) {
                    for step in [0usize, 1] {
                        let want: Vec<u32> = (0..n)
                            .map(|i| inline_rule(max, xs[i], ys[i * step]))
                            .collect();
                        for (how, f) in [("wide", wide), ("narrow", narrow)] {
                            let mut out = vec![7.0f32; n];
                            // SAFETY: every array holds n f32 (ys at least one).
                            unsafe { f(out.as_mut_ptr(), xs.as_ptr(), ys.as_ptr(), step, n) };
                            let got: Vec<u32> = out.iter().map(|x| x.to_bits()).collect();
                            assert_eq!(got, want, "max={max} {how} n={n} step={step}");
                            // In place over the first operand.
                            let mut acc = xs[..n].to_vec();
                            let p = acc.as_mut_ptr();
                            // SAFETY: dst is a; both hold n f32.
                            unsafe { f(p, p, ys.as_ptr(), step, n) };
                            let got: Vec<u32> = acc.iter().map(|x| x.to_bits()).collect();
                            assert_eq!(got, want, "max={max} {how} in place n={n}");
                        }
                        let mut out = vec![7.0f32; n];
                        // SAFETY: as above.
                        unsafe {
                            minmax_portable(
                                max,
                                out.as_mut_ptr(),
                                xs.as_ptr(),
                                ys.as_ptr(),
                                step,
                                0,
                                n,
                            )
                        };
                        let got: Vec<u32> = out.iter().map(|x| x.to_bits()).collect();
                        assert_eq!(got, want, "max={max} portable n={n}");
                    }
                }
            }
        }
        assert_eq!(minmax2(true, 0.0, -0.0).to_bits(), 0);
        assert_eq!(minmax2(false, 0.0, -0.0).to_bits(), (-0.0f32).to_bits());
    }
}
