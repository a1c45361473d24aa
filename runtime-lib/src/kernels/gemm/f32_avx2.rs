//! The AVX2+FMA register tile for [`super::blocked`] (6 rows x 16 columns: twelve ymm
//! accumulators, two loads of B and six broadcasts of A per step), and a matrix-vector
//! product for single-row products.

use super::blocked::Mat;
use std::arch::x86_64::*;

/// Rows of the register tile.
const MR: usize = 6;
/// Columns of the register tile, in ymm vectors of 8 floats.
const NV: usize = 2;
/// Columns of the register tile.
const NR: usize = NV * 8;

/// The 6 x 16 AVX2 tile.
pub(super) struct Avx2;

super::blocked::impl_tile!(Avx2, NR, tile);

/// [`Tile::tile`] for `R` rows; `DIRECT` as its `direct`.
///
/// # Safety
/// As [`Tile::tile`] with `mr = R`, on a CPU with AVX2 and FMA.
#[allow(clippy::too_many_arguments)]
#[target_feature(enable = "avx2,fma")]
unsafe fn tile<const R: usize, const DIRECT: bool>(
    kc: usize,
    a: *const f32,
    ars: isize,
    b: *const f32,
    brs: isize,
    c: *mut f32,
    rs: isize,
    cs: isize,
    nr: usize,
    add: bool,
) {
    let mut acc = [[_mm256_setzero_ps(); NV]; R];
    // One summation step: R broadcasts of A, NV loads of B, R * NV FMAs.
    let step = |acc: &mut [[__m256; NV]; R], p: usize| {
        // SAFETY: step p of `a` and `b` is in bounds (p < kc), all NR floats of `b`'s.
        unsafe {
            let bp = b.offset(p as isize * brs);
            let bv: [__m256; NV] = std::array::from_fn(|v| _mm256_loadu_ps(bp.add(8 * v)));
            for (i, row) in acc.iter_mut().enumerate() {
                let ai = if DIRECT {
                    _mm256_broadcast_ss(&*a.add(p).offset(i as isize * ars))
                } else {
                    _mm256_broadcast_ss(&*a.add(p * MR + i))
                };
                for (x, &bv) in row.iter_mut().zip(&bv) {
                    *x = _mm256_fmadd_ps(ai, bv, *x);
                }
            }
        }
    };
    // Four steps per iteration: the loop and address arithmetic of one step would
    // otherwise take dispatch slots the loads and FMAs need.
    let mut p = 0;
    while p + 4 <= kc {
        step(&mut acc, p);
        step(&mut acc, p + 1);
        step(&mut acc, p + 2);
        step(&mut acc, p + 3);
        p += 4;
    }
    while p < kc {
        step(&mut acc, p);
        p += 1;
    }
    if nr == NR && cs == 1 {
        for (i, row) in acc.iter().enumerate() {
            for (v, &x) in row.iter().enumerate() {
                // SAFETY: a full tile with unit column stride: 8 contiguous floats of row i.
                unsafe {
                    let dst = c.offset(i as isize * rs).add(8 * v);
                    let y = if add {
                        _mm256_add_ps(_mm256_loadu_ps(dst), x)
                    } else {
                        x
                    };
                    _mm256_storeu_ps(dst, y);
                }
            }
        }
        return;
    }
    let mut tmp = [[0f32; NR]; R];
    for (t, row) in tmp.iter_mut().zip(&acc) {
        for (v, &x) in row.iter().enumerate() {
            // SAFETY: 8 floats inside the temporary's row.
            unsafe { _mm256_storeu_ps(t.as_mut_ptr().add(8 * v), x) }
        }
    }
    for (i, t) in tmp.iter().enumerate() {
        for (j, &x) in t.iter().enumerate().take(nr) {
            // SAFETY: (i, j) is in the valid part of the tile.
            unsafe {
                let dst = c.offset(i as isize * rs + j as isize * cs);
                dst.write(if add { dst.read() + x } else { x });
            }
        }
    }
}

/// Columns per block of the matrix-vector product: eight ymm accumulators.
const GEMV_COLS: usize = 64;

/// `c = a * b` for one row: `a` is `1 x k`, `b` is `k x n` with unit column stride.
///
/// # Safety
/// As [`super::blocked::gemm`] with `m = 1`, `k > 0` and `b.cs == 1`.
#[target_feature(enable = "avx2,fma")]
pub(super) unsafe fn gemv(n: usize, k: usize, a: Mat, b: Mat, c: Mat) {
    const V: usize = GEMV_COLS / 8;
    let mut j0 = 0;
    while j0 + GEMV_COLS <= n {
        let mut acc = [_mm256_setzero_ps(); V];
        for p in 0..k {
            // SAFETY: (0, p) is in A; row p of B has the 64 columns from j0 (cs == 1).
            unsafe {
                let x = _mm256_broadcast_ss(&*a.at(0, p));
                let row = b.at(p, j0);
                for (v, s) in acc.iter_mut().enumerate() {
                    *s = _mm256_fmadd_ps(x, _mm256_loadu_ps(row.add(8 * v)), *s);
                }
            }
        }
        let mut out = [0f32; GEMV_COLS];
        for (v, &s) in acc.iter().enumerate() {
            // SAFETY: 8 floats inside `out`.
            unsafe { _mm256_storeu_ps(out.as_mut_ptr().add(8 * v), s) }
        }
        for (j, &x) in out.iter().enumerate() {
            // SAFETY: (0, j0 + j) is inside C.
            unsafe { c.at(0, j0 + j).write(x) }
        }
        j0 += GEMV_COLS;
    }
    // The last columns: whole vectors, then one masked vector.
    while j0 < n {
        let w = (n - j0).min(8);
        let lanes: [i32; 8] = std::array::from_fn(|l| if l < w { -1 } else { 0 });
        // SAFETY: plain register setup.
        let mask = unsafe { _mm256_loadu_si256(lanes.as_ptr() as *const __m256i) };
        let mut s = _mm256_setzero_ps();
        for p in 0..k {
            // SAFETY: (0, p) is in A; the masked load reads only the w columns of row p
            // from j0, which are in B.
            unsafe {
                let x = _mm256_broadcast_ss(&*a.at(0, p));
                s = _mm256_fmadd_ps(x, _mm256_maskload_ps(b.at(p, j0), mask), s);
            }
        }
        let mut out = [0f32; 8];
        // SAFETY: 8 floats inside `out`.
        unsafe { _mm256_storeu_ps(out.as_mut_ptr(), s) };
        for (j, &x) in out.iter().enumerate().take(w) {
            // SAFETY: (0, j0 + j) is inside C.
            unsafe { c.at(0, j0 + j).write(x) }
        }
        j0 += w;
    }
}
