//! The AVX-512 BF16 tile of the bf16 product: 6 rows x 64 columns, twenty-four zmm
//! accumulators of f32; per pair of steps four loads of B, six broadcasts of A and
//! twenty-four `vdpbf16ps` (32 multiply-adds each, twice an f32 FMA's).

use super::PairTile;
use crate::kernels::gemm::epilogue::Epi;
use std::arch::x86_64::*;

/// Rows of the register tile.
const MR: usize = 6;
/// Columns of the register tile, in zmm vectors of 16 sums.
const NV: usize = 4;
/// Columns of the register tile.
const NR: usize = NV * 16;

/// The accumulators of an `R`-row tile.
type Acc<const R: usize> = [[__m512; NV]; R];

/// The 6 x 64 AVX-512 BF16 tile.
pub(crate) struct Dpbf16;

impl PairTile for Dpbf16 {
    const MR: usize = MR;
    const NR: usize = NR;

    unsafe fn tile(
        mr: usize,
        kcq: usize,
        a: *const u16,
        ars: isize,
        direct: bool,
        b: *const u32,
        c: *mut f32,
        rs: isize,
        nr: usize,
        add: bool,
        epi: Epi,
    ) {
        macro_rules! rows {
            ($($r:literal)*) => {
                // Tiles without an epilogue are their own instances (as the f32 tiles).
                match (mr, direct, epi.is_none()) {
                    $(
                        // SAFETY: forwarded (the CPU features by the trait's contract).
                        ($r, true, true) => unsafe { tile::<$r, true, false>(kcq, a, ars, b, c, rs, nr, add, epi) },
                        // SAFETY: as above.
                        ($r, false, true) => unsafe { tile::<$r, false, false>(kcq, a, ars, b, c, rs, nr, add, epi) },
                        // SAFETY: as above.
                        ($r, true, false) => unsafe { tile::<$r, true, true>(kcq, a, ars, b, c, rs, nr, add, epi) },
                        // SAFETY: as above.
                        ($r, false, false) => unsafe { tile::<$r, false, true>(kcq, a, ars, b, c, rs, nr, add, epi) },
                    )*
                    _ => unreachable!("tile rows {mr} outside 1..=6"),
                }
            };
        }
        rows!(1 2 3 4 5 6)
    }

    unsafe fn pack_rows(kc: usize, w: usize, src: *const u16, rs: isize, dst: *mut u32) {
        // SAFETY: forwarded (the CPU features by the trait's contract).
        unsafe { pack_rows(kc, w, src, rs, dst) }
    }
}

/// The 32 bits at `p` broadcast to every lane, as bf16 pairs.
///
/// # Safety
/// 4 readable bytes at `p` (any alignment); the CPU has AVX-512F.
#[inline(always)]
unsafe fn broadcast(p: *const u16) -> __m512bh {
    // SAFETY: readable by the contract; a zmm of words and one of bf16 pairs are the same
    // 64 bytes, every bit pattern valid in both.
    unsafe {
        std::mem::transmute::<__m512i, __m512bh>(_mm512_set1_epi32(
            (p as *const i32).read_unaligned(),
        ))
    }
}

/// [`PairTile::tile`] for `R` rows; `DIRECT` as its `direct`; `EPI`: `epi` is not
/// [`Epi::NONE`] (otherwise the store ignores it).
///
/// # Safety
/// As [`PairTile::tile`] with `mr = R`, on a CPU with AVX-512F, BW and BF16.
#[allow(clippy::too_many_arguments)]
#[target_feature(enable = "avx512bf16,avx512f,avx512bw")]
unsafe fn tile<const R: usize, const DIRECT: bool, const EPI: bool>(
    kcq: usize,
    a: *const u16,
    ars: isize,
    b: *const u32,
    c: *mut f32,
    rs: isize,
    nr: usize,
    add: bool,
    epi: Epi,
) {
    let mut acc: Acc<R> = [[_mm512_setzero_ps(); NV]; R];
    for q in 0..kcq {
        // SAFETY: pair q < kcq of the panel: NR words, 64-byte aligned; a zmm of words is
        // a zmm of bf16 pairs (the same 64 bytes, every bit pattern valid).
        let bv: [__m512bh; NV] = std::array::from_fn(|v| unsafe {
            std::mem::transmute::<__m512i, __m512bh>(_mm512_load_si512(
                b.add(q * NR + 16 * v) as *const __m512i
            ))
        });
        for (i, row) in acc.iter_mut().enumerate() {
            // SAFETY: word q of row i < R = mr (the contract's layout).
            let x = unsafe {
                broadcast(if DIRECT {
                    a.offset(i as isize * ars).add(2 * q)
                } else {
                    a.add(2 * (q * MR + i))
                })
            };
            for (s, &y) in row.iter_mut().zip(&bv) {
                *s = _mm512_dpbf16_ps(*s, x, y);
            }
        }
    }
    // The tile is inside C, with unit column stride (the contract).
    crate::kernels::gemm::f32_avx512::store!(acc, c, rs, 1, nr, add, epi, EPI)
}

/// [`PairTile::pack_rows`]: per pair of steps and 16 columns, the two rows' bf16 widened
/// to 32-bit lanes, the second shifted into the high halves.
///
/// # Safety
/// As [`PairTile::pack_rows`], on a CPU with AVX-512F.
#[target_feature(enable = "avx512f")]
unsafe fn pack_rows(kc: usize, w: usize, src: *const u16, rs: isize, dst: *mut u32) {
    // Row p's 16 columns from 16 v (zeros past w), as 32-bit lanes.
    let row = |p: usize, v: usize| -> __m512i {
        let at = src.wrapping_offset(p as isize * rs).wrapping_add(16 * v);
        if w >= 16 * (v + 1) {
            // SAFETY: columns 16 v..16 v + 16 of row p are inside the block.
            _mm512_cvtepu16_epi32(unsafe { _mm256_loadu_si256(at as *const __m256i) })
        } else {
            let mut t = [0u16; 16];
            for (j, x) in t.iter_mut().enumerate().take(w.saturating_sub(16 * v)) {
                // SAFETY: column 16 v + j < w of row p is inside the block.
                *x = unsafe { *at.add(j) };
            }
            // SAFETY: 32 bytes of `t`.
            _mm512_cvtepu16_epi32(unsafe { _mm256_loadu_si256(t.as_ptr() as *const __m256i) })
        }
    };
    for q in 0..kc.div_ceil(2) {
        for v in 0..NV {
            let lo = row(2 * q, v);
            let hi = if 2 * q + 1 < kc {
                _mm512_slli_epi32::<16>(row(2 * q + 1, v))
            } else {
                _mm512_setzero_si512()
            };
            // SAFETY: 16 words of pair q of the panel (64-byte aligned: NR words a pair).
            unsafe {
                _mm512_store_si512(
                    dst.add(q * NR + 16 * v) as *mut __m512i,
                    _mm512_or_si512(lo, hi),
                )
            }
        }
    }
}
