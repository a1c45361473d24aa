//! The AVX2 path of the 8-bit product: operands widened to i16 while packing, pairs of
//! summation steps multiplied and added by `vpmaddwd` into i32 lanes.
//!
//! Blocked as the f32 product (see [`super::super::blocked`]): a block of `KC` steps and
//! `NC` columns of B is packed into panels of `NR` columns, step pair `p` of a panel
//! being `NR` i32 lanes each holding `(b[2p, j], b[2p + 1, j])` as two i16; a block of
//! `MC` rows of A is packed row by row, each row's step pairs as i32 `(a[i, 2p], a[i,
//! 2p + 1])`. The `MR x NR` tile broadcasts a row's pair and `vpmaddwd`s it with the
//! panel's two vectors: sixteen multiply-adds per instruction, where an f32 FMA does
//! eight.

use super::super::View;
use super::super::pack::{Line, room};
use super::{Signs, byte};
use std::arch::x86_64::*;
use std::cell::RefCell;

/// Rows of the register tile.
const MR: usize = 6;
/// Columns of the register tile: two vectors of eight i32.
const NR: usize = 16;
/// Summation steps per packed block (even, so only the last block has an odd step).
const KC: usize = 1024;
/// Columns per packed block of B: `KC / 2 x NC` i32 are 512 KiB.
const NC: usize = 256;
/// Rows per packed block of A: `MC x KC / 2` i32 are 96 KiB.
const MC: usize = 48;

thread_local! {
    /// Packing scratch of this thread, kept between calls: (A rows, B panels).
    static SCRATCH: RefCell<(Vec<Line>, Vec<Line>)> = const { RefCell::new((Vec::new(), Vec::new())) };
}

/// `o = l * r` (see [`super::gemm`]).
///
/// # Safety
/// As [`super::gemm`], on a CPU with AVX2; `m, n >= 1`.
#[allow(clippy::too_many_arguments)]
#[target_feature(enable = "avx2")]
pub(super) unsafe fn gemm(m: usize, n: usize, k: usize, l: View, r: View, o: View, signs: Signs) {
    SCRATCH.with(|cell| {
        let mut own = (Vec::new(), Vec::new());
        let mut held = cell.try_borrow_mut();
        let pair = match &mut held {
            Ok(s) => &mut **s,
            // Not expected (the kernels do not nest), but then fresh scratch serves.
            Err(_) => &mut own,
        };
        let kcp_max = k.min(KC).div_ceil(2);
        let apack = room::<i32>(&mut pair.0, m.min(MC) * kcp_max);
        let bpack = room::<i32>(&mut pair.1, n.min(NC).next_multiple_of(NR) * kcp_max);
        if k == 0 {
            for i in 0..m {
                for j in 0..n {
                    // SAFETY: (i, j) is inside the output.
                    unsafe { at(o, i, j).write(0) }
                }
            }
            return;
        }
        for jc in (0..n).step_by(NC) {
            let nc = NC.min(n - jc);
            for pc in (0..k).step_by(KC) {
                let kc = KC.min(k - pc);
                let kcp = kc.div_ceil(2);
                // SAFETY: the block is inside B; bpack holds nc rounded up to NR times
                // kcp words.
                unsafe { pack_b(kc, nc, r, pc, jc, signs.rhs, bpack) };
                for ic in (0..m).step_by(MC) {
                    let mc = MC.min(m - ic);
                    // SAFETY: the block is inside A; apack holds mc x kcp words.
                    unsafe { pack_a(mc, kc, l, ic, pc, signs.lhs, apack) };
                    for jr in (0..nc).step_by(NR) {
                        let nr = NR.min(nc - jr);
                        for ir in (0..mc).step_by(MR) {
                            let mr = MR.min(mc - ir);
                            // SAFETY: rows ir.. of apack and panel jr / NR of bpack were
                            // packed above; the mr x nr tile is inside the output.
                            unsafe {
                                let a = apack.add(ir * kcp);
                                let b = bpack.add(jr * kcp) as *const i32;
                                let c = at(o, ic + ir, jc + jr);
                                tile(mr, kcp, a, kcp, b, c, o.rs, o.cs, nr, pc > 0)
                            }
                        }
                    }
                }
            }
        }
    });
}

/// # Safety
/// `(i, j)` is inside the i32 matrix `o`.
#[inline(always)]
unsafe fn at(o: View, i: usize, j: usize) -> *mut i32 {
    // SAFETY: in bounds by the caller's contract.
    unsafe { (o.ptr as *mut i32).offset(i as isize * o.rs + j as isize * o.cs) }
}

/// Packs steps `pc..pc + kc` and columns `jc..jc + nc` of B into panels of `NR` columns
/// (see the module docs): panel `q` at `dst + q * NR * kcp`, pair `p` its `NR` words from
/// `p * NR`; a missing odd step and columns past `nc` are zero.
///
/// # Safety
/// The block is inside `b`; `dst` has room for `nc.next_multiple_of(NR) * kcp` words; the
/// CPU has AVX2.
#[target_feature(enable = "avx2")]
#[allow(clippy::too_many_arguments)]
unsafe fn pack_b(kc: usize, nc: usize, b: View, pc: usize, jc: usize, signed: bool, dst: *mut i32) {
    let kcp = kc.div_ceil(2);
    let full = if b.cs == 1 { nc - nc % NR } else { 0 };
    for p in 0..kcp {
        let (r0, has1) = (pc + 2 * p, 2 * p + 1 < kc);
        for jp in (0..full).step_by(NR) {
            // SAFETY: NR contiguous bytes of rows r0 and r0 + 1 (if inside the block) from
            // column jc + jp are inside B; the 16 words of pair p of panel jp / NR are
            // inside dst, 32-byte aligned (panels and pairs are multiples of 8 words).
            unsafe {
                let row = |r: usize| b.ptr.offset(r as isize * b.rs + (jc + jp) as isize);
                let x0 = _mm_loadu_si128(row(r0) as *const __m128i);
                let x1 = if has1 {
                    _mm_loadu_si128(row(r0 + 1) as *const __m128i)
                } else {
                    _mm_setzero_si128()
                };
                let (w0, w1) = if signed {
                    (_mm256_cvtepi8_epi16(x0), _mm256_cvtepi8_epi16(x1))
                } else {
                    (_mm256_cvtepu8_epi16(x0), _mm256_cvtepu8_epi16(x1))
                };
                // lo: columns 0-3 | 8-11, hi: 4-7 | 12-15, each (row 0, row 1).
                let lo = _mm256_unpacklo_epi16(w0, w1);
                let hi = _mm256_unpackhi_epi16(w0, w1);
                let out = dst.add(jp * kcp + p * NR) as *mut __m256i;
                _mm256_store_si256(out, _mm256_permute2x128_si256::<0x20>(lo, hi));
                _mm256_store_si256(out.add(1), _mm256_permute2x128_si256::<0x31>(lo, hi));
            }
        }
    }
    // Strided B or the last, narrower panel: element by element.
    for jp in (full..nc).step_by(NR) {
        let w = NR.min(nc - jp);
        for p in 0..kcp {
            for j in 0..NR {
                let word = if j < w {
                    // SAFETY: (pc + 2p, jc + jp + j) is inside the block, and the next
                    // step when 2p + 1 < kc.
                    let x0 = unsafe { byte(b, signed, pc + 2 * p, jc + jp + j) };
                    let x1 = if 2 * p + 1 < kc {
                        // SAFETY: as above.
                        unsafe { byte(b, signed, pc + 2 * p + 1, jc + jp + j) }
                    } else {
                        0
                    };
                    (x0 & 0xffff) | (x1 << 16)
                } else {
                    0
                };
                // SAFETY: inside panel jp / NR.
                unsafe { dst.add(jp * kcp + p * NR + j).write(word) }
            }
        }
    }
}

/// Packs rows `ic..ic + mc` and steps `pc..pc + kc` of A row by row: row `i` at
/// `dst + i * kcp`, pair `p` the word `(a[i, 2p], a[i, 2p + 1])` (a missing odd step
/// zero).
///
/// # Safety
/// The block is inside `a`; `dst` has room for `mc * kcp` words; the CPU has AVX2.
#[target_feature(enable = "avx2")]
#[allow(clippy::too_many_arguments)]
unsafe fn pack_a(mc: usize, kc: usize, a: View, ic: usize, pc: usize, signed: bool, dst: *mut i32) {
    let kcp = kc.div_ceil(2);
    for i in 0..mc {
        // SAFETY: row i of the packed block.
        let out = unsafe { dst.add(i * kcp) };
        let mut q = 0;
        if a.cs == 1 {
            // Sixteen steps (eight pairs) per vector: widening interleaves nothing, the
            // pairs are consecutive bytes.
            while q + 16 <= kc {
                // SAFETY: 16 contiguous bytes of row ic + i from step pc + q are inside
                // A; 8 words from pair q / 2 inside the packed row.
                unsafe {
                    let src = a.ptr.offset((ic + i) as isize * a.rs + (pc + q) as isize);
                    let x = _mm_loadu_si128(src as *const __m128i);
                    let w = if signed {
                        _mm256_cvtepi8_epi16(x)
                    } else {
                        _mm256_cvtepu8_epi16(x)
                    };
                    _mm256_storeu_si256(out.add(q / 2) as *mut __m256i, w);
                }
                q += 16;
            }
        }
        while q < kc {
            // SAFETY: (ic + i, pc + q) is inside the block, and the next step if q + 1 < kc.
            let x0 = unsafe { byte(a, signed, ic + i, pc + q) };
            let x1 = if q + 1 < kc {
                // SAFETY: as above.
                unsafe { byte(a, signed, ic + i, pc + q + 1) }
            } else {
                0
            };
            // SAFETY: pair q / 2 of the packed row.
            unsafe { out.add(q / 2).write((x0 & 0xffff) | (x1 << 16)) };
            q += 2;
        }
    }
}

/// The tile for `mr` rows (dispatched to a function per row count, so each keeps exactly
/// its accumulators in registers).
///
/// # Safety
/// As [`tile_r`] with `R = mr`, `1 <= mr <= MR`.
#[allow(clippy::too_many_arguments)]
#[target_feature(enable = "avx2")]
unsafe fn tile(
    mr: usize,
    kcp: usize,
    a: *const i32,
    ars: usize,
    b: *const i32,
    c: *mut i32,
    rs: isize,
    cs: isize,
    nr: usize,
    add: bool,
) {
    // SAFETY (each arm): forwarded with R = mr.
    unsafe {
        match mr {
            1 => tile_r::<1>(kcp, a, ars, b, c, rs, cs, nr, add),
            2 => tile_r::<2>(kcp, a, ars, b, c, rs, cs, nr, add),
            3 => tile_r::<3>(kcp, a, ars, b, c, rs, cs, nr, add),
            4 => tile_r::<4>(kcp, a, ars, b, c, rs, cs, nr, add),
            5 => tile_r::<5>(kcp, a, ars, b, c, rs, cs, nr, add),
            6 => tile_r::<6>(kcp, a, ars, b, c, rs, cs, nr, add),
            _ => unreachable!("tile rows {mr} outside 1..=6"),
        }
    }
}

/// Sets (or with `add`, increases) the `R x nr` tile at `c` (element `(i, j)` at
/// `c + i * rs + j * cs`) by `kcp` step pairs: row `i` of A at `a + i * ars`, pair `p` of
/// the panel at `b + p * NR`.
///
/// # Safety
/// The CPU has AVX2; the rows of A hold `kcp` words and the panel `kcp * NR` (32-byte
/// aligned); the tile is inside C and nothing else accesses it meanwhile.
#[allow(clippy::too_many_arguments)]
#[target_feature(enable = "avx2")]
unsafe fn tile_r<const R: usize>(
    kcp: usize,
    a: *const i32,
    ars: usize,
    b: *const i32,
    c: *mut i32,
    rs: isize,
    cs: isize,
    nr: usize,
    add: bool,
) {
    let mut acc = [[_mm256_setzero_si256(); 2]; R];
    let step = |acc: &mut [[__m256i; 2]; R], p: usize| {
        // SAFETY: pair p < kcp of the panel (aligned) and of each row.
        unsafe {
            let bp = b.add(p * NR) as *const __m256i;
            let (b0, b1) = (_mm256_load_si256(bp), _mm256_load_si256(bp.add(1)));
            for (i, row) in acc.iter_mut().enumerate() {
                let x = _mm256_set1_epi32(*a.add(i * ars + p));
                row[0] = _mm256_add_epi32(row[0], _mm256_madd_epi16(x, b0));
                row[1] = _mm256_add_epi32(row[1], _mm256_madd_epi16(x, b1));
            }
        }
    };
    let mut p = 0;
    while p + 2 <= kcp {
        step(&mut acc, p);
        step(&mut acc, p + 1);
        p += 2;
    }
    if p < kcp {
        step(&mut acc, p);
    }
    if nr == NR && cs == 1 {
        for (i, row) in acc.iter().enumerate() {
            for (v, &x) in row.iter().enumerate() {
                // SAFETY: a full tile with unit column stride: 8 contiguous i32 of row i.
                unsafe {
                    let dst = c.offset(i as isize * rs).add(8 * v) as *mut __m256i;
                    let y = if add {
                        _mm256_add_epi32(_mm256_loadu_si256(dst), x)
                    } else {
                        x
                    };
                    _mm256_storeu_si256(dst, y);
                }
            }
        }
        return;
    }
    for (i, row) in acc.iter().enumerate() {
        let mut t = [0i32; NR];
        for (v, &x) in row.iter().enumerate() {
            // SAFETY: 8 words inside `t`.
            unsafe { _mm256_storeu_si256(t.as_mut_ptr().add(8 * v) as *mut __m256i, x) }
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
