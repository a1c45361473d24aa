//! The AVX2+FMA register tile for [`super::blocked`] (6 rows x 16 columns: twelve ymm
//! accumulators, two loads of B and six broadcasts of A per step), and a matrix-vector
//! product for single-row products.

use super::Epi;
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

// Few rows with B read in place, rows 1-4 KiB apart, on Zen 3 (one thread, GFLOP/s,
// in place -> packed): 128 x 1024 x 256 41 -> 74, 64 x 512 x 784 58 -> 74, 128 x 256 x
// 1024 67 -> 75: each step's single line comes from L2, and the stride defeats the
// prefetcher. So aliasing B is packed. For the same reason a few rows by a B larger than
// L2 stream B through `thin` (`STREAMS_FEW_ROWS`; measurements at `blocked::STREAM_MIN_B_BYTES`).
//
// Blocks of 1024 summation steps, 24 rows of A, 256 columns of B: each tile's fixed cost
// (its output's lines fetched, added to and stored) is spread over four times the FMAs
// of 256 steps, and products with k <= 1024 pass over C once. The 64 KiB panel of B no
// longer stays in L1 and the 1 MiB block of B not in L2: both stream in well enough,
// and the block of A (96 KiB) stays in L2. Zen 3, one thread, the two blocks alternated
// call by call in one process (kc, mc, nc 256, 144, 256 -> these), median GFLOP/s:
// 1024^3 54.9 -> 61.4 (best 68 -> 79), 3136 x 64 x 576 41 -> 59, 64 x 512 x 784 56 -> 60,
// 2048^3 49 -> 63; 64 x 10 x 512 27.3 -> 26.4; two threads, 1024^3 91 -> 98. Blocks in
// between (512, 72, 128; 512, 48, 256; 768, 48, 128) measured in between.
const BLOCKS: super::blocked::Blocks = super::blocked::Blocks {
    kc: 1024,
    mc: 24,
    nc: 256,
};
super::blocked::impl_tile!(Avx2, NR, BLOCKS, true, true, tile, segments);

/// The accumulators of an `R`-row tile.
type Acc<const R: usize> = [[__m256; NV]; R];

/// One summation step: the `NR` floats of B at `bp` times row `i`'s float at `a(i)`,
/// added to row `i` of `acc` (R broadcasts, NV loads, R * NV FMAs).
///
/// # Safety
/// The CPU has AVX2 and FMA; `bp` points to `NR` readable floats; `a(i)` returns a
/// readable float's address for every `i < R`.
#[inline]
#[target_feature(enable = "avx2,fma")]
unsafe fn step<const R: usize>(acc: &mut Acc<R>, bp: *const f32, a: impl Fn(usize) -> *const f32) {
    // SAFETY: NR floats at bp, and a float at each a(i), by the contract.
    unsafe {
        let bv: [__m256; NV] = std::array::from_fn(|v| _mm256_loadu_ps(bp.add(8 * v)));
        for (i, row) in acc.iter_mut().enumerate() {
            let ai = _mm256_broadcast_ss(&*a(i));
            for (x, &bv) in row.iter_mut().zip(&bv) {
                *x = _mm256_fmadd_ps(ai, bv, *x);
            }
        }
    }
}

/// Stores (or with `add`, adds) the first `nr` columns of the accumulators `acc` to the
/// tile at `c` (element `(i, j)` at `c + i * rs + j * cs`), the epilogue `epi` applied to
/// each stored value (its bias from column 0) if `with_epi` (a constant), then returns
/// from the tile function. A macro, so it is inlined into each tile (a call, the accumulators passed
/// in memory, cost GEMMs about 3%).
///
/// # Safety (of the expansion's unsafe blocks)
/// The CPU has AVX2 and FMA; the `R x nr` tile is inside C and nothing else accesses it.
macro_rules! store {
    ($acc:expr, $c:expr, $rs:expr, $cs:expr, $nr:expr, $add:expr, $epi:expr, $with_epi:expr) => {{
        let (acc, c, rs, cs, nr, add): (&Acc<R>, *mut f32, isize, isize, usize, bool) =
            (&$acc, $c, $rs, $cs, $nr, $add);
        let (epi, with_epi): (Epi, bool) = ($epi, $with_epi);
        if nr == NR && cs == 1 {
            // The epilogue's vectors, loaded once (to the compiler, the stores below
            // might overwrite them).
            let vecs = |p: *const f32| -> [Option<__m256>; NV] {
                std::array::from_fn(|v| {
                    // SAFETY: a full tile: a vector has NR floats (the contract).
                    (with_epi && !p.is_null()).then(|| unsafe { _mm256_loadu_ps(p.add(8 * v)) })
                })
            };
            let (scale, bias) = (vecs(epi.scale), vecs(epi.bias));
            for (i, row) in acc.iter().enumerate() {
                for (v, &x) in row.iter().enumerate() {
                    // SAFETY: a full tile with unit column stride: 8 contiguous floats of row i.
                    unsafe {
                        let dst = c.offset(i as isize * rs).add(8 * v);
                        let mut y = if add {
                            _mm256_add_ps(_mm256_loadu_ps(dst), x)
                        } else {
                            x
                        };
                        if with_epi {
                            y = super::epilogue::simd::epi8(y, scale[v], bias[v], epi.act);
                        }
                        _mm256_storeu_ps(dst, y);
                    }
                }
            }
            return;
        }
        let mut tmp = [[0f32; NR]; R];
        for (t, row) in tmp.iter_mut().zip(acc) {
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
                    let y = if add { dst.read() + x } else { x };
                    dst.write(if with_epi { epi.element(y, j) } else { y });
                }
            }
        }
    }};
}

/// [`Tile::tile`] for `R` rows; `DIRECT` as its `direct`; `EPI`: `epi` is not
/// [`Epi::NONE`] (otherwise the store ignores it).
///
/// # Safety
/// As [`Tile::tile`] with `mr = R`, on a CPU with AVX2 and FMA.
#[allow(clippy::too_many_arguments)]
#[target_feature(enable = "avx2,fma")]
unsafe fn tile<const R: usize, const DIRECT: bool, const EPI: bool>(
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
    epi: Epi,
) {
    let mut acc = [[_mm256_setzero_ps(); NV]; R];
    // One summation step.
    let one = |acc: &mut Acc<R>, p: usize| {
        // SAFETY: step p of `a` and `b` is in bounds (p < kc), all NR floats of `b`'s.
        unsafe {
            step(acc, b.offset(p as isize * brs), |i| {
                if DIRECT {
                    a.add(p).offset(i as isize * ars)
                } else {
                    a.add(p * MR + i)
                }
            })
        }
    };
    // Four steps per iteration: the loop and address arithmetic of one step would
    // otherwise take dispatch slots the loads and FMAs need.
    let mut p = 0;
    while p + 4 <= kc {
        one(&mut acc, p);
        one(&mut acc, p + 1);
        one(&mut acc, p + 2);
        one(&mut acc, p + 3);
        p += 4;
    }
    while p < kc {
        one(&mut acc, p);
        p += 1;
    }
    // The tile is inside C (the contract).
    store!(acc, c, rs, cs, nr, add, epi, EPI)
}

/// [`Tile::segments`] for `R` rows.
///
/// # Safety
/// As [`Tile::segments`] with `mr = R`, on a CPU with AVX2 and FMA.
#[allow(clippy::too_many_arguments)]
#[target_feature(enable = "avx2,fma")]
unsafe fn segments<const R: usize>(
    lens: &[usize],
    rows: *const *const f32,
    rrs: usize,
    b: *const f32,
    brs: isize,
    c: *mut f32,
    rs: isize,
    nr: usize,
    add: bool,
) {
    let mut acc = [[_mm256_setzero_ps(); NV]; R];
    let mut bp = b;
    for (s, &len) in lens.iter().enumerate() {
        // SAFETY: the R x lens.len() pointer table is readable (the contract).
        let a: [*const f32; R] = std::array::from_fn(|i| unsafe { *rows.add(i * rrs + s) });
        // SAFETY: each row's segment s has lens[s] readable floats, and B the next len
        // steps from bp (fewer than sum(lens) taken so far).
        unsafe { segment(&mut acc, a, len, bp, brs) };
        bp = bp.wrapping_offset(len as isize * brs);
    }
    // The tile is inside C, unit column stride (the contract).
    store!(acc, c, rs, 1, nr, add, Epi::NONE, false)
}

/// `len` steps of one segment: row `i` of A at `a[i]`, B from `bp`. Not inlined: as
/// its own loop the accumulators stay in registers (see the AVX-512 tile's).
///
/// # Safety
/// The CPU has AVX2 and FMA; each `a[i]` has `len` readable floats and B `len` steps
/// of `NR` floats from `bp`.
#[inline(never)]
#[target_feature(enable = "avx2,fma")]
unsafe fn segment<const R: usize>(
    acc: &mut Acc<R>,
    a: [*const f32; R],
    len: usize,
    bp: *const f32,
    brs: isize,
) {
    let mut x = *acc;
    // SAFETY (each step): step q < len of each row and of B (the contract).
    let one =
        |x: &mut Acc<R>, q: usize| unsafe { step(x, bp.offset(q as isize * brs), |i| a[i].add(q)) };
    // Four steps per iteration, as in `tile`.
    let mut p = 0;
    while p + 4 <= len {
        one(&mut x, p);
        one(&mut x, p + 1);
        one(&mut x, p + 2);
        one(&mut x, p + 3);
        p += 4;
    }
    while p < len {
        one(&mut x, p);
        p += 1;
    }
    *acc = x;
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
        let mask = super::dot_rows::tail_mask(w);
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
