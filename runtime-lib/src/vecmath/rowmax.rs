//! The maximum of a row of f32, `pjrt_rt_max_f32_row_v1`: softmax's first pass, which
//! generated kernels hand over whole when a reduction is exactly `max(acc, row[j])`.
//!
//! Why: StableHLO's maximum propagates NaN and orders -0 below +0, which on x86 takes
//! five instructions per vector (`maxps` both ways, AND, an unordered compare, OR);
//! Cranelift runs them on four lanes, here they run on sixteen (or eight). Maximum is
//! associative and commutative under those rules, so any order gives the inline loop's
//! value; a NaN result is the quiet NaN with every bit set, as the inline vector code's
//! unordered lanes are.

/// The NaN this returns when the row holds one (all bits set, like the inline code's).
pub const ROW_MAX_NAN: u32 = 0xffff_ffff;

/// StableHLO's maximum of two f32: NaN if either is, +0 over -0.
fn max2(a: f32, b: f32) -> f32 {
    if a.is_nan() || b.is_nan() {
        f32::from_bits(ROW_MAX_NAN)
    } else if a == b {
        // Equal: the same bits, or +0 and -0, whose AND is +0.
        f32::from_bits(a.to_bits() & b.to_bits())
    } else if a > b {
        a
    } else {
        b
    }
}

/// The maximum of `row` (-inf when empty), on the fastest path this CPU has.
pub fn row_max(row: &[f32]) -> f32 {
    row_max_with(row, true)
}

/// [`row_max`], with AVX-512 only if `wide`.
pub(super) fn row_max_with(row: &[f32], wide: bool) -> f32 {
    #[cfg(target_arch = "x86_64")]
    {
        if wide
            && std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512dq")
        {
            // SAFETY: AVX-512F and AVX-512DQ were detected just above.
            return unsafe { row_max_avx512(row) };
        }
        if std::is_x86_feature_detected!("avx") {
            // SAFETY: AVX was detected just above.
            return unsafe { row_max_avx(row) };
        }
    }
    let _ = wide;
    row_max_portable(row)
}

/// [`row_max`] one element at a time, whatever the CPU.
pub fn row_max_portable(row: &[f32]) -> f32 {
    row.iter().copied().fold(f32::NEG_INFINITY, max2)
}

/// Sixteen lanes, four accumulators, one `vrangeps` per vector: AVX-512DQ's range
/// operation in "maximum, sign from the comparison" mode orders -0 below +0 as
/// StableHLO's maximum does, where `maxps` needs both operand orders and an AND. It
/// skips a quiet NaN operand (IEEE maxNum), so NaNs are tracked in a mask. The
/// accumulators join, and their lanes, by the same operation: a loop of scalar maxima
/// over the 64 lanes took a third of the routine on rows of 1024.
///
/// # Safety
/// The CPU has AVX-512F and AVX-512DQ.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512dq")]
unsafe fn row_max_avx512(row: &[f32]) -> f32 {
    use std::arch::x86_64::*;
    // imm8: bits 1:0 = 01 maximum, bits 3:2 = 01 the sign of the larger operand.
    const MAX: i32 = 0b0101;
    let n = row.len();
    let p = row.as_ptr();
    let neg_inf = _mm512_set1_ps(f32::NEG_INFINITY);
    let mut acc = [neg_inf; 4];
    let mut nan: __mmask16 = 0;
    let mut i = 0;
    while i + 64 <= n {
        for (j, a) in acc.iter_mut().enumerate() {
            super::prefetch(p.wrapping_add(i + 16 * j + super::PREFETCH_AHEAD));
            // SAFETY: i + 64 <= n: the 16 lanes at i + 16 j are inside the row.
            let x = unsafe { _mm512_loadu_ps(p.add(i + 16 * j)) };
            nan = _kor_mask16(nan, _mm512_cmp_ps_mask::<_CMP_UNORD_Q>(x, x));
            *a = _mm512_range_ps::<MAX>(*a, x);
        }
        i += 64;
    }
    while i < n {
        let len = (n - i).min(16);
        let mask = (((1u32 << len) - 1) & 0xffff) as __mmask16;
        // SAFETY: the masked load reads lanes i..i + len < n only (the others are -inf,
        // which no maximum picks over a row element).
        let x = unsafe { _mm512_mask_loadu_ps(neg_inf, mask, p.add(i)) };
        nan = _kor_mask16(nan, _mm512_cmp_ps_mask::<_CMP_UNORD_Q>(x, x));
        acc[0] = _mm512_range_ps::<MAX>(acc[0], x);
        i += len;
    }
    if nan != 0 {
        return f32::from_bits(ROW_MAX_NAN);
    }
    let mut m = _mm512_range_ps::<MAX>(
        _mm512_range_ps::<MAX>(acc[0], acc[1]),
        _mm512_range_ps::<MAX>(acc[2], acc[3]),
    );
    // Halve the vector four times: 256-bit halves, 128-bit quarters, pairs, neighbours.
    m = _mm512_range_ps::<MAX>(m, _mm512_shuffle_f32x4::<0b0100_1110>(m, m));
    m = _mm512_range_ps::<MAX>(m, _mm512_shuffle_f32x4::<0b1011_0001>(m, m));
    m = _mm512_range_ps::<MAX>(m, _mm512_permute_ps::<0b0100_1110>(m));
    m = _mm512_range_ps::<MAX>(m, _mm512_permute_ps::<0b1011_0001>(m));
    _mm512_cvtss_f32(m)
}

/// Eight lanes, four accumulators; NaNs tracked in a separate mask vector.
///
/// # Safety
/// The CPU has AVX.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
unsafe fn row_max_avx(row: &[f32]) -> f32 {
    use std::arch::x86_64::*;
    let n = row.len();
    let p = row.as_ptr();
    let mut acc = [_mm256_set1_ps(f32::NEG_INFINITY); 4];
    let mut nan = _mm256_setzero_ps();
    let mut i = 0;
    while i + 32 <= n {
        // The two cache lines of the next 32 elements (in 64-byte aligned rows).
        super::prefetch(p.wrapping_add(i + super::PREFETCH_AHEAD));
        super::prefetch(p.wrapping_add(i + 16 + super::PREFETCH_AHEAD));
        for (j, a) in acc.iter_mut().enumerate() {
            // SAFETY: i + 32 <= n: the 8 lanes at i + 8 j are inside the row.
            let x = unsafe { _mm256_loadu_ps(p.add(i + 8 * j)) };
            nan = _mm256_or_ps(nan, _mm256_cmp_ps::<_CMP_UNORD_Q>(x, x));
            *a = _mm256_and_ps(_mm256_max_ps(*a, x), _mm256_max_ps(x, *a));
        }
        i += 32;
    }
    while i + 8 <= n {
        // SAFETY: i + 8 <= n.
        let x = unsafe { _mm256_loadu_ps(p.add(i)) };
        nan = _mm256_or_ps(nan, _mm256_cmp_ps::<_CMP_UNORD_Q>(x, x));
        acc[0] = _mm256_and_ps(_mm256_max_ps(acc[0], x), _mm256_max_ps(x, acc[0]));
        i += 8;
    }
    if _mm256_movemask_ps(nan) != 0 {
        return f32::from_bits(ROW_MAX_NAN);
    }
    // No NaN left: join the accumulators, then the lanes, by the same maximum.
    let step = |a: __m256, b: __m256| _mm256_and_ps(_mm256_max_ps(a, b), _mm256_max_ps(b, a));
    let mut m = step(step(acc[0], acc[1]), step(acc[2], acc[3]));
    m = step(m, _mm256_permute2f128_ps::<1>(m, m));
    m = step(m, _mm256_permute_ps::<0b0100_1110>(m));
    m = step(m, _mm256_permute_ps::<0b1011_0001>(m));
    row[i..].iter().copied().fold(_mm256_cvtss_f32(m), max2)
}

/// The maximum of `data[0..n]` (-inf when `n == 0`).
///
/// # Safety
/// `n == 0`, or `data` points to `n` initialized f32 (4-byte aligned) that nothing
/// writes during the call. `WIDE`: AVX-512 allowed.
pub unsafe extern "C" fn pjrt_rt_max_f32_row_v1<const WIDE: bool>(
    data: *const f32,
    n: usize,
) -> f32 {
    if n == 0 || data.is_null() {
        return f32::NEG_INFINITY;
    }
    // SAFETY: the caller's contract.
    row_max_with(unsafe { std::slice::from_raw_parts(data, n) }, WIDE)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(n: usize, seed: u32) -> Vec<f32> {
        super::super::tests::xorshift_values(n, seed, 1e6)
    }

    /// Every length up to 200, with the maximum at every kind of position, signed zeros,
    /// infinities and NaNs: every path gives the one-at-a-time fold's bits.
    #[test]
    fn row_max_matches_fold() {
        for n in 0..200 {
            let base = values(n, n as u32 + 7);
            let mut cases = vec![base.clone()];
            for special in [f32::NAN, f32::INFINITY, 1e30, -0.0, 0.0] {
                for at in [0, n / 3, n.saturating_sub(1)] {
                    if at < n {
                        let mut v = base.clone();
                        v[at] = special;
                        cases.push(v);
                    }
                }
            }
            // Only zeros of both signs (and negatives): +0 wins wherever it is.
            let mut zeros: Vec<f32> = (0..n)
                .map(|i| if i % 3 == 0 { -0.0 } else { -1.0 })
                .collect();
            cases.push(zeros.clone());
            if n > 0 {
                zeros[n - 1] = 0.0;
                cases.push(zeros);
            }
            for v in cases {
                let want = row_max_portable(&v);
                // SAFETY: v holds v.len() f32.
                let got = unsafe { pjrt_rt_max_f32_row_v1::<true>(v.as_ptr(), v.len()) };
                assert_eq!(got.to_bits(), want.to_bits(), "n={n} {v:?}");
                #[cfg(target_arch = "x86_64")]
                if std::is_x86_feature_detected!("avx") {
                    // SAFETY: AVX detected.
                    let avx = unsafe { row_max_avx(&v) };
                    assert_eq!(avx.to_bits(), want.to_bits(), "avx n={n}");
                }
            }
        }
    }

    /// The maximum in each lane of each accumulator and of the tail, and a lone +0
    /// among -0s there: the joins of accumulators and lanes miss none.
    #[test]
    fn every_position_reaches_the_result() {
        for n in [64usize, 100, 127, 128, 200] {
            for at in 0..n {
                let mut v = vec![-1.0f32; n];
                v[at] = 5.0;
                let mut zeros = vec![-0.0f32; n];
                zeros[at] = 0.0;
                for (row, want) in [(v, 5.0f32), (zeros, 0.0)] {
                    // SAFETY: row holds n f32.
                    let got = unsafe { pjrt_rt_max_f32_row_v1::<true>(row.as_ptr(), n) };
                    assert_eq!(got.to_bits(), want.to_bits(), "n={n} at={at}");
                    #[cfg(target_arch = "x86_64")]
                    if std::is_x86_feature_detected!("avx") {
                        // SAFETY: AVX detected.
                        let avx = unsafe { row_max_avx(&row) };
                        assert_eq!(avx.to_bits(), want.to_bits(), "avx n={n} at={at}");
                    }
                }
            }
        }
    }

    #[test]
    fn fold_is_stablehlo_maximum() {
        assert_eq!(max2(0.0, -0.0).to_bits(), 0);
        assert_eq!(max2(-0.0, 0.0).to_bits(), 0);
        assert_eq!(max2(-0.0, -0.0).to_bits(), (-0.0f32).to_bits());
        assert!(max2(f32::NAN, 1.0).is_nan() && max2(1.0, f32::NAN).is_nan());
        assert_eq!(row_max_portable(&[]), f32::NEG_INFINITY);
        // SAFETY: n == 0 is accepted without access.
        assert_eq!(
            unsafe { pjrt_rt_max_f32_row_v1::<true>(std::ptr::null(), 0) },
            f32::NEG_INFINITY
        );
    }
}
