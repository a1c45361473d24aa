//! The AVX-512 register tile for [`super::blocked`]: 6 rows x 64 columns, twenty-four
//! zmm accumulators, four loads of B and six broadcasts of A per step.
//!
//! On a CPU with AVX-512 (Zen4 here) the `gemm` crate runs 512-bit kernels; a 256-bit
//! tile spends twice the instructions per FMA and trails it by about 7%. Sixty-four
//! columns also divide every `n` of the benchmark workloads but the classifier layers;
//! the last panel's columns are stored under a lane mask, full tiles without one.

use super::Epi;
use std::arch::x86_64::*;

/// Rows of the register tile.
const MR: usize = 6;
/// Columns of the register tile, in zmm vectors of 16 floats.
const NV: usize = 4;
/// Columns of the register tile.
const NR: usize = NV * 16;

/// The 6 x 64 AVX-512 tile.
pub(super) struct Avx512;

// B read in place even when its rows alias in L1: four lines a step, and on the Xeon
// in place was faster than packing for few rows (64 x 512 x 512: 108 -> 116 GFLOP/s).
// Few rows by a large B stay on this tile too (`STREAMS_FEW_ROWS` false): its four lines a
// step are what made `thin` pay for the AVX2 tile's one, and no AVX-512 machine measured
// `thin` against it.
//
// Blocks of A `144 x 256` floats (144 KiB, well inside the 1 MiB L2 of a Zen 4 core) and
// of B `256 x 256` (256 KiB, a quarter of it; 4096 columns, a block in L3, measured up
// to 20% slower on 128 x 1024 x 256).
const BLOCKS: super::blocked::Blocks = super::blocked::Blocks {
    kc: 256,
    mc: 144,
    nc: 256,
};
super::blocked::impl_tile!(Avx512, NR, BLOCKS, false, false, tile, segments);

/// The accumulators of an `R`-row tile.
type Acc<const R: usize> = [[__m512; NV]; R];

/// One summation step: the `NR` floats of B at `bp` times row `i`'s float `a(i)`, added
/// to row `i` of `acc` (R broadcasts, NV loads, R * NV FMAs).
///
/// # Safety
/// The CPU has AVX-512F; `bp` points to `NR` readable floats; `a(i)` may be called for
/// every `i < R`.
#[inline]
#[target_feature(enable = "avx512f")]
unsafe fn step<const R: usize>(acc: &mut Acc<R>, bp: *const f32, a: impl Fn(usize) -> f32) {
    // SAFETY: NR floats at bp by the contract.
    let bv: [__m512; NV] = std::array::from_fn(|v| unsafe { _mm512_loadu_ps(bp.add(16 * v)) });
    for (i, row) in acc.iter_mut().enumerate() {
        let ai = _mm512_set1_ps(a(i));
        for (x, &bv) in row.iter_mut().zip(&bv) {
            *x = _mm512_fmadd_ps(ai, bv, *x);
        }
    }
}

/// Stores (or with `add`, adds) the first `nr` columns of the accumulators `acc` to the
/// tile at `c` (element `(i, j)` at `c + i * rs + j * cs`), the epilogue `epi` applied to
/// each stored value (its bias from column 0) if `with_epi` (a constant), then returns
/// from the tile function. A macro, so it is inlined into each tile (a call, the accumulators passed
/// in memory, cost GEMMs about 3%); the bf16 tile (`bf16::dpbf16`), whose sums are f32
/// too, stores with it. It expects `R`, `NV`, `NR`, `Acc` and `Epi` as this module has
/// them.
///
/// # Safety (of the expansion's unsafe blocks)
/// The CPU has AVX-512F; the `R x nr` tile is inside C and nothing else accesses it.
macro_rules! store {
    ($acc:expr, $c:expr, $rs:expr, $cs:expr, $nr:expr, $add:expr, $epi:expr, $with_epi:expr) => {{
        let (acc, c, rs, cs, nr, add): (&Acc<R>, *mut f32, isize, isize, usize, bool) =
            (&$acc, $c, $rs, $cs, $nr, $add);
        let (epi, with_epi): (Epi, bool) = ($epi, $with_epi);
        if cs == 1 && nr == NR {
            // A full tile: plain stores, no lane count or mask per vector (with an
            // epilogue the masked path cost an LSTM step's 16 x 512 x 128 product 2%).
            // One masked path with the masks computed once per tile instead was slower
            // still on full tiles (batched 16 x 128 x 128 x 64 with an epilogue +5%), so
            // the two stay apart.
            let vecs = |p: *const f32| -> [Option<__m512>; NV] {
                std::array::from_fn(|v| {
                    // SAFETY: a full tile: a vector has NR floats (the contract).
                    (with_epi && !p.is_null()).then(|| unsafe { _mm512_loadu_ps(p.add(16 * v)) })
                })
            };
            let (scale, bias) = (vecs(epi.scale), vecs(epi.bias));
            for (i, row) in acc.iter().enumerate() {
                for (v, &x) in row.iter().enumerate() {
                    // SAFETY: a full tile with unit column stride: 16 contiguous floats of
                    // row i.
                    unsafe {
                        let dst = c.offset(i as isize * rs).add(16 * v);
                        let mut y = if add {
                            _mm512_add_ps(_mm512_loadu_ps(dst), x)
                        } else {
                            x
                        };
                        if with_epi {
                            y = $crate::kernels::gemm::epilogue::simd::epi16(
                                y, scale[v], bias[v], epi.act,
                            );
                        }
                        _mm512_storeu_ps(dst, y);
                    }
                }
            }
            return;
        }
        if cs == 1 {
            // The epilogue's vectors, loaded once (to the compiler, the stores below
            // might overwrite them).
            let vecs = |p: *const f32| -> [Option<__m512>; NV] {
                std::array::from_fn(|v| {
                    let lanes = nr.saturating_sub(16 * v).min(16);
                    let mask: __mmask16 = (((1u32 << lanes) - 1) & 0xffff) as u16;
                    // SAFETY: a vector has nr floats (the contract); masked-off lanes are
                    // not read.
                    (with_epi && !p.is_null())
                        .then(|| unsafe { _mm512_maskz_loadu_ps(mask, p.add(16 * v)) })
                })
            };
            let (scale, bias) = (vecs(epi.scale), vecs(epi.bias));
            for (i, row) in acc.iter().enumerate() {
                for (v, &x) in row.iter().enumerate() {
                    let lanes = nr.saturating_sub(16 * v).min(16);
                    if lanes == 0 {
                        break;
                    }
                    let mask: __mmask16 = (((1u32 << lanes) - 1) & 0xffff) as u16;
                    // SAFETY: the masked lanes are columns 16 v.. of row i below nr, inside
                    // the tile (unit column stride); masked-off lanes are not accessed.
                    unsafe {
                        let dst = c.offset(i as isize * rs).add(16 * v);
                        let mut y = if add {
                            _mm512_add_ps(_mm512_maskz_loadu_ps(mask, dst), x)
                        } else {
                            x
                        };
                        if with_epi {
                            y = $crate::kernels::gemm::epilogue::simd::epi16(
                                y, scale[v], bias[v], epi.act,
                            );
                        }
                        _mm512_mask_storeu_ps(dst, mask, y);
                    }
                }
            }
            return;
        }
        let mut tmp = [[0f32; NR]; R];
        for (t, row) in tmp.iter_mut().zip(acc) {
            for (v, &x) in row.iter().enumerate() {
                // SAFETY: 16 floats inside the temporary's row.
                unsafe { _mm512_storeu_ps(t.as_mut_ptr().add(16 * v), x) }
            }
        }
        for (i, t) in tmp.iter().enumerate() {
            for (j, &x) in t.iter().enumerate().take(nr) {
                // SAFETY: (i, j) is in the tile.
                unsafe {
                    let dst = c.offset(i as isize * rs + j as isize * cs);
                    let y = if add { dst.read() + x } else { x };
                    dst.write(if with_epi { epi.element(y, j) } else { y });
                }
            }
        }
    }};
}
pub(super) use store;

/// [`Tile::tile`] for `R` rows; `DIRECT` as its `direct`; `EPI`: `epi` is not
/// [`Epi::NONE`] (otherwise the store ignores it).
///
/// # Safety
/// As [`Tile::tile`] with `mr = R`, on a CPU with AVX-512F.
#[allow(clippy::too_many_arguments)]
#[target_feature(enable = "avx512f")]
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
    let mut acc = [[_mm512_setzero_ps(); NV]; R];
    for p in 0..kc {
        // SAFETY: step p of `a` and `b` is in bounds (p < kc), all NR floats of `b`'s.
        unsafe {
            step(&mut acc, b.offset(p as isize * brs), |i| {
                if DIRECT {
                    *a.add(p).offset(i as isize * ars)
                } else {
                    *a.add(p * MR + i)
                }
            })
        }
    }
    // The tile is inside C (the contract).
    store!(acc, c, rs, cs, nr, add, epi, EPI)
}

/// [`Tile::segments`] for `R` rows.
///
/// # Safety
/// As [`Tile::segments`] with `mr = R`, on a CPU with AVX-512F.
#[allow(clippy::too_many_arguments)]
#[target_feature(enable = "avx512f")]
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
    let mut acc = [[_mm512_setzero_ps(); NV]; R];
    // One flat loop over the steps, switching rows at the end of each segment: nested
    // loops (segments, then steps) made LLVM spill and copy a third of the accumulators
    // every step (4x slower).
    let nseg = lens.len();
    // SAFETY: the R x nseg pointer table is readable (the contract).
    let ptrs = |s: usize| -> [*const f32; R] {
        std::array::from_fn(|i| unsafe { *rows.add(i * rrs + s) })
    };
    let (mut s, mut p, mut bp) = (0, 0, b);
    let (mut a, mut len) = (ptrs(0), lens[0]);
    loop {
        // SAFETY: p < lens[s] (every segment has a step): step p of each row's segment s
        // is readable, and bp is a step of B (fewer than sum(lens) taken so far).
        unsafe { step(&mut acc, bp, |i| *a[i].add(p)) };
        bp = bp.wrapping_offset(brs);
        p += 1;
        if p == len {
            s += 1;
            if s == nseg {
                break;
            }
            (a, len, p) = (ptrs(s), lens[s], 0);
        }
    }
    // The tile is inside C, unit column stride (the contract).
    store!(acc, c, rs, 1, nr, add, Epi::NONE, false)
}
