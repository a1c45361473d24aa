//! One row times a matrix whose columns are contiguous: `c[j] = a . b[:, j]`, a dot
//! product of two contiguous vectors per output (attention's `q K^T` for one query,
//! where K's rows are the columns of the product). The blocked product would pack all
//! of B for the single row that uses it.
//!
//! Eight columns at a time, each with its own 8-lane accumulator along the sum; the
//! eight accumulators are then added across lanes into one vector of eight results.

use super::blocked::Mat;
use std::arch::x86_64::*;

/// Sum of the lanes of each of `acc[0..8]`, in one vector (`out[v] = sum(acc[v])`).
///
/// # Safety
/// The CPU has AVX2.
#[inline(always)]
unsafe fn transpose_sums(acc: &[__m256; 8]) -> __m256 {
    // SAFETY: register operations only (the caller's CPU has AVX).
    unsafe {
        let s01 = _mm256_hadd_ps(acc[0], acc[1]);
        let s23 = _mm256_hadd_ps(acc[2], acc[3]);
        let s45 = _mm256_hadd_ps(acc[4], acc[5]);
        let s67 = _mm256_hadd_ps(acc[6], acc[7]);
        // Per 128-bit half: [x0, x1, x2, x3] partial sums of columns 0..4 (and 4..8).
        let t0 = _mm256_hadd_ps(s01, s23);
        let t1 = _mm256_hadd_ps(s45, s67);
        let lo = _mm256_permute2f128_ps(t0, t1, 0x20);
        let hi = _mm256_permute2f128_ps(t0, t1, 0x31);
        _mm256_add_ps(lo, hi)
    }
}

/// Sum of the eight lanes of `x`.
///
/// # Safety
/// The CPU has AVX2.
#[inline(always)]
unsafe fn hsum(x: __m256) -> f32 {
    // SAFETY: register operations only.
    unsafe {
        let s = _mm_add_ps(_mm256_castps256_ps128(x), _mm256_extractf128_ps(x, 1));
        let s = _mm_add_ps(s, _mm_movehl_ps(s, s));
        let s = _mm_add_ss(s, _mm_shuffle_ps(s, s, 1));
        _mm_cvtss_f32(s)
    }
}

/// A mask of the first `w` (at most 8) lanes, for masked loads and stores.
#[inline(always)]
pub(super) fn tail_mask(w: usize) -> __m256i {
    let lanes: [i32; 8] = std::array::from_fn(|l| if l < w { -1 } else { 0 });
    // SAFETY: an unaligned load of 8 ints from a local array.
    unsafe { _mm256_loadu_si256(lanes.as_ptr() as *const __m256i) }
}

/// `c = a * b` for one row: `a` holds `k` contiguous floats, `b` is `k x n` with unit
/// row stride (column `j` is `k` contiguous floats), `c` is `1 x n`.
///
/// # Safety
/// The CPU has AVX2 and FMA; `k > 0`; `a` has `k` readable floats, every element of B
/// and row 0 of C are in bounds and aligned for f32, and nobody else accesses C.
#[target_feature(enable = "avx2,fma")]
pub(super) unsafe fn gemv(n: usize, k: usize, a: *const f32, b: Mat, c: Mat) {
    let whole = k / 8 * 8;
    let mask = tail_mask(k - whole);
    let col = |j: usize| b.ptr.wrapping_offset(j as isize * b.cs) as *const f32;
    let mut j0 = 0;
    while j0 + 8 <= n {
        let mut acc = [_mm256_setzero_ps(); 8];
        let mut p = 0;
        while p < whole {
            // SAFETY: floats p..p + 8 of `a` and of columns j0..j0 + 8 are in bounds.
            unsafe {
                let x = _mm256_loadu_ps(a.add(p));
                for (v, s) in acc.iter_mut().enumerate() {
                    *s = _mm256_fmadd_ps(x, _mm256_loadu_ps(col(j0 + v).add(p)), *s);
                }
            }
            p += 8;
        }
        if whole < k {
            // SAFETY: the masked loads read only floats whole..k, which are in bounds.
            unsafe {
                let x = _mm256_maskload_ps(a.add(whole), mask);
                for (v, s) in acc.iter_mut().enumerate() {
                    *s = _mm256_fmadd_ps(x, _mm256_maskload_ps(col(j0 + v).add(whole), mask), *s);
                }
            }
        }
        // SAFETY: AVX2 (the contract).
        let sums = unsafe { transpose_sums(&acc) };
        if c.cs == 1 {
            // SAFETY: (0, j0..j0 + 8) is inside C, contiguous.
            unsafe { _mm256_storeu_ps(c.at(0, j0), sums) };
        } else {
            let mut out = [0f32; 8];
            // SAFETY: 8 floats inside `out`; then each (0, j0 + v) is inside C.
            unsafe {
                _mm256_storeu_ps(out.as_mut_ptr(), sums);
                for (v, &x) in out.iter().enumerate() {
                    c.at(0, j0 + v).write(x);
                }
            }
        }
        j0 += 8;
    }
    while j0 < n {
        let mut s = _mm256_setzero_ps();
        let mut p = 0;
        // SAFETY: as above, for column j0 alone.
        unsafe {
            while p < whole {
                s = _mm256_fmadd_ps(
                    _mm256_loadu_ps(a.add(p)),
                    _mm256_loadu_ps(col(j0).add(p)),
                    s,
                );
                p += 8;
            }
            if whole < k {
                s = _mm256_fmadd_ps(
                    _mm256_maskload_ps(a.add(whole), mask),
                    _mm256_maskload_ps(col(j0).add(whole), mask),
                    s,
                );
            }
            c.at(0, j0).write(hsum(s));
        }
        j0 += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::{Mat, gemv};

    /// Every width and depth around the vector sizes, against a plain f64 sum, with
    /// columns spread apart (a column stride above `k`) and a strided output.
    #[test]
    fn dot_rows_match_plain_sums() {
        if !(is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma")) {
            return;
        }
        for n in [1usize, 7, 8, 9, 17, 64] {
            for k in [1usize, 3, 8, 13, 64, 100] {
                let cs = k + 3;
                let a: Vec<f32> = (0..k).map(|i| ((i * 7 % 11) as f32) - 5.0).collect();
                let b: Vec<f32> = (0..n * cs)
                    .map(|i| ((i * 5 % 13) as f32) * 0.5 - 3.0)
                    .collect();
                let mut c = vec![f32::NAN; 2 * n];
                // SAFETY: AVX2 and FMA checked; the views cover the vectors above.
                unsafe {
                    gemv(
                        n,
                        k,
                        a.as_ptr(),
                        Mat {
                            ptr: b.as_ptr() as *mut f32,
                            rs: 1,
                            cs: cs as isize,
                        },
                        Mat {
                            ptr: c.as_mut_ptr(),
                            rs: 0,
                            cs: 2,
                        },
                    )
                };
                for j in 0..n {
                    let want: f64 = (0..k)
                        .map(|p| f64::from(a[p]) * f64::from(b[j * cs + p]))
                        .sum();
                    // Small integers and halves: every partial sum is exact.
                    assert_eq!(f64::from(c[2 * j]), want, "n={n} k={k} j={j}");
                    assert!(c[2 * j + 1].is_nan(), "only every other output written");
                }
            }
        }
    }
}
