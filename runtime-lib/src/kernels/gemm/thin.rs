//! Products of a few rows by a row-major right-hand side, B streamed row by row (AVX2 +
//! FMA).
//!
//! A register tile walks down a panel of B: each summation step reads the panel's `NR`
//! floats of the next row of B. With a 16-column tile that is one 64-byte line per row,
//! rows far apart: when B is not in cache every step waits on its own line, and the
//! prefetchers follow a single line per page poorly. With few rows of A nothing is reused
//! between tiles anyway, so here B is read in the order it is stored: a few rows at a time,
//! each along a chunk of columns, while the chunk's sums (a few KiB) stay in L1.

use super::blocked::Mat;
use std::arch::x86_64::*;

/// Most rows of A this runs at once (more rows are run in blocks, each reading B again):
/// the sums of a chunk are `THIN_ROWS x CHUNK` floats.
pub(super) const THIN_ROWS: usize = 8;

/// Columns of B per chunk: a chunk's sums are at most `THIN_ROWS` x 2 KiB (16 KiB), in L1
/// beside the `STEPS` rows of B being read.
const CHUNK: usize = 512;

/// Rows of B read together: each vector of sums is loaded and stored once per `STEPS`
/// steps, and `STEPS` streams keep the prefetchers busy.
const STEPS: usize = 4;

/// `c = a * b` for `m <= THIN_ROWS` rows: `a` is `m x k`, `b` is `k x n` with unit column
/// stride, `c` is `m x n`.
///
/// # Safety
/// The CPU has AVX2 and FMA; `1 <= m <= THIN_ROWS`; every element of the three matrices
/// is in bounds and aligned for f32; `b.cs == 1`; the output overlaps no input and nobody
/// else accesses it meanwhile.
#[target_feature(enable = "avx2,fma")]
pub(super) unsafe fn gemm(m: usize, n: usize, k: usize, a: Mat, b: Mat, c: Mat) {
    // SAFETY: forwarded, with R = m.
    unsafe {
        match m {
            1 => rows::<1>(n, k, a, b, c),
            2 => rows::<2>(n, k, a, b, c),
            3 => rows::<3>(n, k, a, b, c),
            4 => rows::<4>(n, k, a, b, c),
            5 => rows::<5>(n, k, a, b, c),
            6 => rows::<6>(n, k, a, b, c),
            7 => rows::<7>(n, k, a, b, c),
            8 => rows::<8>(n, k, a, b, c),
            _ => unreachable!("thin::gemm of {m} rows"),
        }
    }
}

/// [`gemm`] for `R` rows.
///
/// # Safety
/// As [`gemm`] with `m = R`.
#[target_feature(enable = "avx2,fma")]
unsafe fn rows<const R: usize>(n: usize, k: usize, a: Mat, b: Mat, c: Mat) {
    let mut acc = [[_mm256_setzero_ps(); CHUNK / 8]; R];
    for j0 in (0..n).step_by(CHUNK) {
        let w = CHUNK.min(n - j0);
        let (full, tail) = (w / 8, w % 8);
        let vecs = full + usize::from(tail > 0);
        let mask = super::dot_rows::tail_mask(tail);
        for row in acc.iter_mut() {
            row[..vecs].fill(_mm256_setzero_ps());
        }
        // `S` steps from p: each vector of the chunk's sums gets S products per row.
        let steps = |acc: &mut [[__m256; CHUNK / 8]; R], p: usize, s: usize| {
            // SAFETY: (i, p + q) is in A for i < R, q < s (p + s <= k); row p + q of B has
            // the chunk's w columns from j0 (unit column stride); the tail's masked loads
            // read only its `tail` columns.
            unsafe {
                let x: [[__m256; STEPS]; R] = std::array::from_fn(|i| {
                    std::array::from_fn(|q| {
                        if q < s {
                            _mm256_broadcast_ss(&*a.at(i, p + q))
                        } else {
                            _mm256_setzero_ps()
                        }
                    })
                });
                let brow: [*const f32; STEPS] =
                    std::array::from_fn(|q| b.at(if q < s { p + q } else { p }, j0) as *const f32);
                for v in 0..vecs {
                    let bv: [__m256; STEPS] = std::array::from_fn(|q| {
                        if v < full {
                            _mm256_loadu_ps(brow[q].add(8 * v))
                        } else {
                            _mm256_maskload_ps(brow[q].add(8 * v), mask)
                        }
                    });
                    for (sum, x) in acc.iter_mut().zip(&x) {
                        let mut t = sum[v];
                        for q in 0..s {
                            t = _mm256_fmadd_ps(x[q], bv[q], t);
                        }
                        sum[v] = t;
                    }
                }
            }
        };
        let mut p = 0;
        while p + STEPS <= k {
            steps(&mut acc, p, STEPS);
            p += STEPS;
        }
        if p < k {
            steps(&mut acc, p, k - p);
        }
        for (i, row) in acc.iter().enumerate() {
            let mut out = [0f32; 8];
            for (v, &x) in row[..vecs].iter().enumerate() {
                let j = j0 + 8 * v;
                // SAFETY: (i, j..j + 8) is inside C for a full vector with unit column
                // stride; otherwise the temporary takes the vector and only the columns
                // inside C are written.
                unsafe {
                    if v < full && c.cs == 1 {
                        _mm256_storeu_ps(c.at(i, j), x);
                    } else {
                        _mm256_storeu_ps(out.as_mut_ptr(), x);
                        for (l, &y) in out.iter().enumerate().take((n - j).min(8)) {
                            c.at(i, j + l).write(y);
                        }
                    }
                }
            }
        }
    }
}
