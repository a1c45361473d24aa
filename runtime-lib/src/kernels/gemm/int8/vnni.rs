//! The AVX-512 VNNI tile of the 8-bit product: 8 rows x 32 columns, sixteen zmm
//! accumulators; per quad of steps two loads of B, eight broadcasts of A and sixteen
//! `vpdpbusd` (64 multiply-adds each).

use super::quad::QuadTile;
use std::arch::x86_64::*;

const MR: usize = 8;
const NR: usize = 32;

/// The 8 x 32 VNNI tile.
pub(crate) struct Vnni;

impl QuadTile for Vnni {
    const MR: usize = MR;
    const NR: usize = NR;

    unsafe fn tile(
        mr: usize,
        kcq: usize,
        a: *const i32,
        ars: usize,
        b: *const i32,
        c: *mut i32,
        rs: isize,
        cs: isize,
        nr: usize,
        add: bool,
        a_unsigned: bool,
        rowcorr: *const i32,
        colcorr: *const i32,
    ) {
        macro_rules! rows {
            ($($r:literal)*) => {
                match (mr, a_unsigned) {
                    $(
                        // SAFETY: forwarded (the CPU features by the trait's contract).
                        ($r, true) => unsafe { tile::<$r, true>(kcq, a, ars, b, c, rs, cs, nr, add, rowcorr, colcorr) },
                        // SAFETY: as above.
                        ($r, false) => unsafe { tile::<$r, false>(kcq, a, ars, b, c, rs, cs, nr, add, rowcorr, colcorr) },
                    )*
                    _ => unreachable!("tile rows {mr} outside 1..=8"),
                }
            };
        }
        rows!(1 2 3 4 5 6 7 8)
    }
}

/// [`QuadTile::tile`] for `R` rows; `AU`: A's bytes are the unsigned operand.
///
/// # Safety
/// As [`QuadTile::tile`] with `mr = R`, on a CPU with AVX-512F, BW and VNNI.
#[allow(clippy::too_many_arguments)]
#[target_feature(enable = "avx512f,avx512bw,avx512vnni")]
unsafe fn tile<const R: usize, const AU: bool>(
    kcq: usize,
    a: *const i32,
    ars: usize,
    b: *const i32,
    c: *mut i32,
    rs: isize,
    cs: isize,
    nr: usize,
    add: bool,
    rowcorr: *const i32,
    colcorr: *const i32,
) {
    let mut acc = [[_mm512_setzero_si512(); 2]; R];
    let step = |acc: &mut [[__m512i; 2]; R], q: usize| {
        // SAFETY: quad q < kcq of the panel (64-byte aligned) and of each row.
        unsafe {
            let bp = b.add(q * NR);
            let (b0, b1) = (
                _mm512_load_si512(bp as *const __m512i),
                _mm512_load_si512(bp.add(16) as *const __m512i),
            );
            for (i, row) in acc.iter_mut().enumerate() {
                let x = _mm512_set1_epi32(*a.add(i * ars + q));
                if AU {
                    row[0] = _mm512_dpbusd_epi32(row[0], x, b0);
                    row[1] = _mm512_dpbusd_epi32(row[1], x, b1);
                } else {
                    row[0] = _mm512_dpbusd_epi32(row[0], b0, x);
                    row[1] = _mm512_dpbusd_epi32(row[1], b1, x);
                }
            }
        }
    };
    let mut q = 0;
    while q + 2 <= kcq {
        step(&mut acc, q);
        step(&mut acc, q + 1);
        q += 2;
    }
    if q < kcq {
        step(&mut acc, q);
    }
    // SAFETY: colcorr has NR words (the contract).
    let cc = unsafe {
        [
            _mm512_loadu_si512(colcorr as *const __m512i),
            _mm512_loadu_si512(colcorr.add(16) as *const __m512i),
        ]
    };
    for (i, row) in acc.iter().enumerate() {
        // SAFETY: rowcorr has mr = R words.
        let rc = _mm512_set1_epi32(unsafe { *rowcorr.add(i) });
        let mut t = [0i32; NR];
        for (v, &x) in row.iter().enumerate() {
            let y = _mm512_add_epi32(_mm512_add_epi32(x, rc), cc[v]);
            if nr == NR && cs == 1 {
                // SAFETY: a full tile with unit column stride: 16 contiguous i32 of row i.
                unsafe {
                    let dst = c.offset(i as isize * rs).add(16 * v) as *mut __m512i;
                    let y = if add {
                        _mm512_add_epi32(_mm512_loadu_si512(dst), y)
                    } else {
                        y
                    };
                    _mm512_storeu_si512(dst, y);
                }
            } else {
                // SAFETY: 16 words inside `t`.
                unsafe { _mm512_storeu_si512(t.as_mut_ptr().add(16 * v) as *mut __m512i, y) }
            }
        }
        if nr == NR && cs == 1 {
            continue;
        }
        for (j, &x) in t.iter().enumerate().take(nr) {
            // SAFETY: (i, j) is in the valid part of the tile.
            unsafe {
                let dst = c.offset(i as isize * rs + j as isize * cs);
                dst.write(if add { dst.read().wrapping_add(x) } else { x });
            }
        }
    }
}
