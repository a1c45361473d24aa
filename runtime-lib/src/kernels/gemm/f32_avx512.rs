//! The AVX-512 register tile for [`super::blocked`]: 6 rows x 64 columns, twenty-four
//! zmm accumulators, four loads of B and six broadcasts of A per step.
//!
//! On a CPU with AVX-512 (Zen4 here) the `gemm` crate runs 512-bit kernels; a 256-bit
//! tile spends twice the instructions per FMA and trails it by about 7%. Sixty-four
//! columns also divide every `n` of the benchmark workloads but the classifier layers;
//! the last panel's columns are stored under a lane mask.

use std::arch::x86_64::*;

/// Rows of the register tile.
const MR: usize = 6;
/// Columns of the register tile, in zmm vectors of 16 floats.
const NV: usize = 4;
/// Columns of the register tile.
const NR: usize = NV * 16;

/// The 6 x 64 AVX-512 tile.
pub(super) struct Avx512;

super::blocked::impl_tile!(Avx512, NR, tile);

/// [`Tile::tile`] for `R` rows; `DIRECT` as its `direct`.
///
/// # Safety
/// As [`Tile::tile`] with `mr = R`, on a CPU with AVX-512F.
#[allow(clippy::too_many_arguments)]
#[target_feature(enable = "avx512f")]
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
    let mut acc = [[_mm512_setzero_ps(); NV]; R];
    for p in 0..kc {
        // SAFETY: step p of `a` and `b` is in bounds (p < kc), all NR floats of `b`'s.
        unsafe {
            let bp = b.offset(p as isize * brs);
            let bv: [__m512; NV] = std::array::from_fn(|v| _mm512_loadu_ps(bp.add(16 * v)));
            for (i, row) in acc.iter_mut().enumerate() {
                let ai = if DIRECT {
                    _mm512_set1_ps(*a.add(p).offset(i as isize * ars))
                } else {
                    _mm512_set1_ps(*a.add(p * MR + i))
                };
                for (x, &bv) in row.iter_mut().zip(&bv) {
                    *x = _mm512_fmadd_ps(ai, bv, *x);
                }
            }
        }
    }
    if cs == 1 {
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
                    let y = if add {
                        _mm512_add_ps(_mm512_maskz_loadu_ps(mask, dst), x)
                    } else {
                        x
                    };
                    _mm512_mask_storeu_ps(dst, mask, y);
                }
            }
        }
        return;
    }
    let mut tmp = [[0f32; NR]; R];
    for (t, row) in tmp.iter_mut().zip(&acc) {
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
                dst.write(if add { dst.read() + x } else { x });
            }
        }
    }
}
