//! The cache-blocked f32 product around an x86_64 register tile ([`Tile`]).
//!
//! BLIS's loop order: for each block of `NC` output columns and `KC` summation steps, the
//! right-hand side is packed into panels of `NR` columns (`kc` rows of `NR` contiguous
//! floats, zero-padded, 64-byte aligned); for each block of `MC` rows, the tile
//! multiplies `MR` rows of the left-hand side by one panel, holding the `MR x NR` result
//! in registers. The `MC x KC` block of A stays in L2 while the panels of B stream past
//! it. Each tile sets its own blocks ([`Tile::BLOCKS`]): the AVX-512 tile keeps its
//! panel of B in L1 and the whole packed block in L2; the AVX2 tile's long blocks (1024
//! steps) trade that for fewer passes over C. A product's `k` steps are cut into blocks
//! of equal length ([`Blocks::kc_for`]).
//!
//! Products of at most `DIRECT_B_MAX_ROWS` rows read a row-major B in place instead of
//! packing it (few tiles share each panel, so packing does not pay), unless its row
//! stride would map a panel's rows onto a few L1 sets.
//!
//! A row-major left-hand side (unit column stride, what the compiler and the im2col of a
//! convolution emit) is read in place: its rows are already contiguous along the sum,
//! and packing it cost up to a quarter of the time when `n` is small (conv2d: 3136 x 576
//! by 576 x 64). Any other left-hand side is packed into panels of `MR` rows. The last
//! tile of a block has fewer rows or columns: the tile computes only its rows, and the
//! packed panel's zero columns are not stored.
//!
//! Sums stay f32: each tile adds its `KC` products with FMA in order, then adds them to
//! what earlier `KC` blocks left in the output.
//!
//! Products of a few rows by a large row-major B ([`streams_b`]) skip the tile: with so
//! few rows nothing is reused between tiles, and [`super::thin`] reads B in the order it
//! is stored.
//!
//! [`segmented`] is the implicit GEMM of a convolution: no A matrix exists, each row is
//! a list of segments read in place (a kernel tap's input channels), and the tile's
//! [`Tile::segments`] runs through all of them before storing its rows once.

use super::epilogue::{self, Epi};
use super::pack::{Line, room};
use super::{FillRows, View};
use std::arch::x86_64::*;
use std::cell::RefCell;

/// Up to this many rows a row-major B is read in place rather than packed: each step of
/// a panel is then used by at most ~43 tiles, and packing it cost more than the strided
/// reads (6x64 tile, one thread, GFLOP/s packed -> in place: 64 x 512 x 512 108 -> 116,
/// 128 x 256 x 256 113 -> 117, 256^3 115 -> 117). With many rows the panel is reused
/// long enough to pay, and in place rows 4 KiB apart thrash L1 and L2 (1024^3: 43 -> 14).
pub(super) const DIRECT_B_MAX_ROWS: usize = 256;

/// Up to this many row tiles per panel, even a B whose rows alias in L1 is read in place:
/// packing a panel costs more than the few tiles lose on its strided reads (AVX2 tile,
/// Zen 3, one thread, minimum microseconds over 1000 calls, packed -> in place: 16 x 128 x
/// 512 (an LSTM step's gates) 35-38 -> 27-28, 16 x 64 x 512 20 -> 13-15, 12 x 256 x 1024
/// 121-132 -> 99-102, 24 x 512 x 256 91 -> 73-74; but 32 x 256 x 1024, six tiles, 241-244 ->
/// 316-318).
const ALIASED_B_DIRECT_TILES: usize = 4;

/// Whether rows `stride` floats apart fall into so few L1 sets that a panel read in place
/// (`KC` rows of one 64-byte line each) evicts itself: L1 indexes 4 KiB (64 sets of 64
/// bytes, 8 ways), and rows whose byte stride is a multiple of 256 land on at most 16
/// distinct sets, 16 or more rows per set where 8 fit.
fn rows_alias_in_l1(stride: isize) -> bool {
    (stride.unsigned_abs() * 4).is_multiple_of(256)
}

/// The cache blocks of a tile's product: `kc` summation steps per packed block, `mc`
/// rows per block of A, `nc` columns per packed block of B.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Blocks {
    pub kc: usize,
    pub mc: usize,
    pub nc: usize,
}

impl Blocks {
    /// The summation steps per block (the last may have fewer) of a product with `k`
    /// steps, in `k.div_ceil(kc)` blocks as equal as multiples of 8 allow (so at least
    /// `k` when one block holds it), so that no block is a short tail that costs
    /// a full pass over C for a few steps (784 = 392 + 392 rather than 512 + 272).
    pub(super) fn kc_for(self, k: usize) -> usize {
        let blocks = k.div_ceil(self.kc).max(1);
        k.div_ceil(blocks).next_multiple_of(8).min(self.kc)
    }
}

/// Whether [`gemm`] with tile `K` packs the right-hand side (row stride `rs`, column
/// stride `cs`) of a product of `m` rows. A few rows use each panel of B only a few
/// times: then a row-major B is read in place (its full panels; the last, narrower one
/// is still packed), unless its rows would evict each other from L1.
pub(super) fn packs_b<K: Tile>(m: usize, rs: isize, cs: isize) -> bool {
    !(cs == 1
        && m <= DIRECT_B_MAX_ROWS
        && !(K::PACK_ALIASED_B
            && rows_alias_in_l1(rs)
            && m.div_ceil(K::MR) > ALIASED_B_DIRECT_TILES))
}

/// Most rows of a product that [`streams_b`]: [`super::thin`] runs it in blocks of
/// [`super::thin::THIN_ROWS`], each block reading all of B once.
pub(super) const STREAM_MAX_ROWS: usize = 2 * super::thin::THIN_ROWS;

/// Least size of B, in bytes, whose products of a few rows [`streams_b`]: about what L2
/// holds, so that B comes from L3 or memory. Zen 3, one thread, median microseconds of
/// 200 calls, 16-column tile -> streamed: 2 x 1024 x 1024 (4 MiB) 312-320 -> 139-146,
/// 4 x 768 x 3072 1547-1715 -> 476-691, 8 x 768 x 3072 1448-3671 -> 829-1094, 16 x 768 x
/// 3072 1949-2229 -> 1523-1918; but with B in L2 about even (4 x 512 x 512: 46-51 ->
/// 52-54; 2 x 128 x 512: 10 -> 10).
pub(super) const STREAM_MIN_B_BYTES: usize = 2 << 20;

/// Whether a product of `m` rows with a `k x n` right-hand side of strides `rs`, `cs`
/// streams B ([`STREAM_MAX_ROWS`], [`STREAM_MIN_B_BYTES`]): it is then bound by reading B,
/// once per block of rows. A single row always takes the matrix-vector loop, which reads
/// B the same way.
pub(super) fn streams_b<K: Tile>(m: usize, n: usize, k: usize, cs: isize) -> bool {
    K::STREAMS_FEW_ROWS
        && cs == 1
        && (2..=STREAM_MAX_ROWS).contains(&m)
        && k.saturating_mul(n).saturating_mul(4) >= STREAM_MIN_B_BYTES
}

/// An `MR x NR` register tile (micro-kernel).
pub(super) trait Tile {
    /// Rows of the tile.
    const MR: usize;
    /// Columns of the tile, a multiple of 16 (so panels stay 64-byte aligned).
    const NR: usize;
    /// The cache blocks around this tile (see its definition for the measurements).
    const BLOCKS: Blocks;
    /// Whether a B whose rows alias in L1 ([`rows_alias_in_l1`]) is packed even when few
    /// rows use it (more than [`ALIASED_B_DIRECT_TILES`] row tiles): measured per tile,
    /// since what the strided reads cost depends on how many lines a step reads and on the
    /// core's L2 (see the tiles' definitions).
    const PACK_ALIASED_B: bool;
    /// Whether products of a few rows by a large B run [`super::thin`] rather than this
    /// tile ([`streams_b`]): a narrow tile reads one line of B per step, far apart.
    const STREAMS_FEW_ROWS: bool;

    /// Sets the `mr x nr` tile at `c` (element `(i, j)` at `c + i * rs + j * cs`) to, or
    /// with `add` increases it by, the product of `mr` rows of A and `NR` columns of B:
    /// step `p` of B is the `NR` contiguous floats at `b + p * brs` (a packed panel has
    /// `brs = NR`). With `direct`, row `i` of A is at `a + i * ars`, contiguous along the
    /// sum; otherwise `a` is a packed panel (`kc` steps of `MR`). `epi` (its column 0
    /// the tile's) is applied to the stored values in registers: the caller passes one
    /// with the last summation block only.
    ///
    /// # Safety
    /// The CPU has the tile's features; `1 <= mr <= MR`, `1 <= nr <= NR`; `a` and `b`
    /// hold `kc` steps (all `NR` floats of each step of `b`, even past `nr`); the
    /// `mr x nr` tile is inside C and nothing else accesses it meanwhile; a non-null
    /// bias has `nr` readable floats.
    #[allow(clippy::too_many_arguments)]
    unsafe fn tile(
        kc: usize,
        a: *const f32,
        ars: isize,
        direct: bool,
        b: *const f32,
        brs: isize,
        c: *mut f32,
        rs: isize,
        cs: isize,
        mr: usize,
        nr: usize,
        add: bool,
        epi: Epi,
    );

    /// As [`Tile::tile`] with unit column stride, for rows of A given in segments (an
    /// implicit GEMM: a convolution's taps read in place). Segment `s` of row `i` is the
    /// `lens[s]` contiguous floats at `*rows.add(i * rrs + s)`; a row of A is its segments
    /// in order, `k = sum(lens)` steps, and step `p` of B is at `b + p * brs`.
    ///
    /// # Safety
    /// As [`Tile::tile`]: the CPU has the tile's features; `1 <= mr <= MR`, `1 <= nr <=
    /// NR`; `lens` is not empty and no segment is; the `mr x lens.len()` pointers at
    /// `rows` (row stride `rrs`) each point to `lens[s]` readable floats; `b` holds `k`
    /// steps of `NR` floats; the tile is inside C (unit column stride) and nothing else
    /// accesses it meanwhile.
    #[allow(clippy::too_many_arguments)]
    unsafe fn segments(
        lens: &[usize],
        rows: *const *const f32,
        rrs: usize,
        b: *const f32,
        brs: isize,
        c: *mut f32,
        rs: isize,
        mr: usize,
        nr: usize,
        add: bool,
    );
}

/// `impl Tile for $tile` with the invoking module's `MR` (6) and `NR` = `$nr`, dispatching
/// the row count, `direct` and whether there is an epilogue to `$f::<R, DIRECT, EPI>` and the row count of
/// [`Tile::segments`] to `$g::<R>`: a `#[target_feature]` function per row count, so each
/// keeps exactly its accumulators in registers.
macro_rules! impl_tile {
    ($tile:ty, $nr:expr, $blocks:expr, $pack_aliased:expr, $streams:expr, $f:ident, $g:ident) => {
        $crate::kernels::gemm::blocked::impl_tile!($tile, $nr, $blocks, $pack_aliased, $streams, $f, $g, 1 2 3 4 5 6);
    };
    ($tile:ty, $nr:expr, $blocks:expr, $pack_aliased:expr, $streams:expr, $f:ident, $g:ident, $($r:literal)*) => {
        const _: () = assert!(MR == 6, "impl_tile! dispatches rows 1..=6");
        impl $crate::kernels::gemm::blocked::Tile for $tile {
            const MR: usize = MR;
            const NR: usize = $nr;
            const BLOCKS: $crate::kernels::gemm::blocked::Blocks = $blocks;
            const PACK_ALIASED_B: bool = $pack_aliased;
            const STREAMS_FEW_ROWS: bool = $streams;

            #[allow(clippy::too_many_arguments)]
            unsafe fn tile(
                kc: usize,
                a: *const f32,
                ars: isize,
                direct: bool,
                b: *const f32,
                brs: isize,
                c: *mut f32,
                rs: isize,
                cs: isize,
                mr: usize,
                nr: usize,
                add: bool,
                epi: $crate::kernels::gemm::Epi,
            ) {
                // Tiles without an epilogue are their own instances: its code in the
                // store made every product about 2% slower.
                match (mr, direct, epi.is_none()) {
                    $(
                        // SAFETY: forwarded (the CPU features by the trait's contract).
                        ($r, true, true) => unsafe { $f::<$r, true, false>(kc, a, ars, b, brs, c, rs, cs, nr, add, epi) },
                        // SAFETY: as above.
                        ($r, false, true) => unsafe { $f::<$r, false, false>(kc, a, ars, b, brs, c, rs, cs, nr, add, epi) },
                        // SAFETY: as above.
                        ($r, true, false) => unsafe { $f::<$r, true, true>(kc, a, ars, b, brs, c, rs, cs, nr, add, epi) },
                        // SAFETY: as above.
                        ($r, false, false) => unsafe { $f::<$r, false, true>(kc, a, ars, b, brs, c, rs, cs, nr, add, epi) },
                    )*
                    _ => unreachable!("tile rows {mr} outside 1..=6"),
                }
            }

            #[allow(clippy::too_many_arguments)]
            unsafe fn segments(
                lens: &[usize],
                rows: *const *const f32,
                rrs: usize,
                b: *const f32,
                brs: isize,
                c: *mut f32,
                rs: isize,
                mr: usize,
                nr: usize,
                add: bool,
            ) {
                match mr {
                    $(
                        // SAFETY: forwarded (the CPU features by the trait's contract).
                        $r => unsafe { $g::<$r>(lens, rows, rrs, b, brs, c, rs, nr, add) },
                    )*
                    _ => unreachable!("tile rows {mr} outside 1..=6"),
                }
            }
        }
    };
}
pub(super) use impl_tile;

/// A matrix of f32: element `(i, j)` at `ptr + i * rs + j * cs`.
#[derive(Clone, Copy)]
pub(super) struct Mat {
    pub ptr: *mut f32,
    pub rs: isize,
    pub cs: isize,
}

impl Mat {
    pub(super) fn of(v: View) -> Mat {
        Mat {
            ptr: v.ptr as *mut f32,
            rs: v.rs,
            cs: v.cs,
        }
    }

    /// # Safety
    /// `(i, j)` is inside the matrix.
    #[inline(always)]
    pub(super) unsafe fn at(self, i: usize, j: usize) -> *mut f32 {
        // SAFETY: in bounds by the caller's contract.
        unsafe { self.ptr.offset(i as isize * self.rs + j as isize * self.cs) }
    }
}

thread_local! {
    /// Packing scratch of this thread, kept between calls: (A panels, B block).
    static SCRATCH: RefCell<(Vec<Line>, Vec<Line>)> = const { RefCell::new((Vec::new(), Vec::new())) };
}

/// `o = epi(l * r)` for an `m x k` by `k x n` product of f32 views (any strides) with
/// tile `K`; a single row with a row-major `r` is [`super::f32_avx2::gemv`] instead, with
/// a column-major one [`super::dot_rows::gemv`], and a few rows by a large row-major `r`
/// [`super::thin`] ([`streams_b`]).
///
/// # Safety
/// The CPU has AVX2, FMA and `K`'s features. Every element of the three views is in
/// bounds and aligned for f32, and nobody else accesses the output meanwhile (nor does it
/// overlap the inputs); a non-null bias has `n` readable floats.
#[allow(clippy::too_many_arguments)]
#[target_feature(enable = "avx2,fma")]
pub(super) unsafe fn gemm<K: Tile>(
    m: usize,
    n: usize,
    k: usize,
    l: View,
    r: View,
    o: View,
    epi: Epi,
) {
    let (a, b, c) = (Mat::of(l), Mat::of(r), Mat::of(o));
    if m == 0 || n == 0 {
        return;
    }
    if k == 0 || m == 1 && b.cs == 1 {
        if k == 0 {
            for i in 0..m {
                for j in 0..n {
                    // SAFETY: (i, j) is inside the output.
                    unsafe { c.at(i, j).write(0.0) }
                }
            }
        } else {
            // SAFETY: forwarded; row 0 of A and C, all of B, are in bounds.
            unsafe { super::f32_avx2::gemv(n, k, a, b, c) };
        }
        // SAFETY: the output, which only this call accesses; the bias by the contract; the
        // CPU has AVX (it has AVX2, this function's contract).
        return unsafe { epilogue::apply(c.ptr, c.rs, c.cs, m, n, epi, true) };
    }
    if m == 1 && b.rs == 1 {
        // Columns of B contiguous: dot products, B read once in place.
        let row: Vec<f32>;
        let ap = if a.cs == 1 {
            a.ptr as *const f32
        } else {
            // SAFETY: (0, p) is in A for p < k.
            row = (0..k).map(|p| unsafe { *a.at(0, p) }).collect();
            row.as_ptr()
        };
        // SAFETY: forwarded; `ap` holds row 0 of A, k > 0.
        unsafe { super::dot_rows::gemv(n, k, ap, b, c) };
        // SAFETY: as above.
        return unsafe { epilogue::apply(c.ptr, c.rs, c.cs, m, n, epi, true) };
    }
    if streams_b::<K>(m, n, k, b.cs) {
        for i0 in (0..m).step_by(super::thin::THIN_ROWS) {
            let rows = super::thin::THIN_ROWS.min(m - i0);
            // SAFETY: row i0 exists in A and C (i0 < m), so these are their rows i0..i0 +
            // rows; B has unit column stride (streams_b); the rest is forwarded.
            unsafe {
                let (a, c) = (
                    Mat {
                        ptr: a.at(i0, 0),
                        ..a
                    },
                    Mat {
                        ptr: c.at(i0, 0),
                        ..c
                    },
                );
                super::thin::gemm(rows, n, k, a, b, c);
            }
        }
        // SAFETY: as for the matrix-vector product above.
        return unsafe { epilogue::apply(c.ptr, c.rs, c.cs, m, n, epi, true) };
    }
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut s) => {
            let mut pair = std::mem::take(&mut *s);
            // SAFETY: forwarded.
            unsafe { blocked::<K>(m, n, k, a, b, c, epi, &mut pair) };
            *s = pair;
        }
        // Not expected (the kernels do not nest), but then fresh scratch serves.
        Err(_) => {
            let mut pair = (Vec::new(), Vec::new());
            // SAFETY: forwarded.
            unsafe { blocked::<K>(m, n, k, a, b, c, epi, &mut pair) };
        }
    });
}

/// The blocked product (see the module docs).
///
/// # Safety
/// As [`gemm`].
#[allow(clippy::too_many_arguments)]
#[target_feature(enable = "avx2,fma")]
unsafe fn blocked<K: Tile>(
    m: usize,
    n: usize,
    k: usize,
    a: Mat,
    b: Mat,
    c: Mat,
    epi: Epi,
    scratch: &mut (Vec<Line>, Vec<Line>),
) {
    let Blocks {
        mc: mc_max,
        nc: nc_max,
        ..
    } = K::BLOCKS;
    let kc_max = K::BLOCKS.kc_for(k);
    let direct = a.cs == 1;
    let b_direct = !packs_b::<K>(m, b.rs, b.cs);
    let apack = if direct {
        std::ptr::null_mut()
    } else {
        room::<f32>(
            &mut scratch.0,
            m.min(mc_max).next_multiple_of(K::MR) * kc_max,
        )
    };
    let bpack = room::<f32>(
        &mut scratch.1,
        n.min(nc_max).next_multiple_of(K::NR) * kc_max,
    );
    for jc in (0..n).step_by(nc_max) {
        let nc = nc_max.min(n - jc);
        for pc in (0..k).step_by(kc_max) {
            let kc = kc_max.min(k - pc);
            // The last block completes the sums: its tiles apply the epilogue.
            let epi = if pc + kc == k { epi } else { Epi::NONE };
            // SAFETY: the block is inside B; bpack holds nc rounded up to NR times kc.
            unsafe { pack_b::<K>(kc, nc, b, pc, jc, bpack, b_direct) };
            for ic in (0..m).step_by(mc_max) {
                let mc = mc_max.min(m - ic);
                if !direct {
                    // SAFETY: the block is inside A; apack holds mc rounded up to MR
                    // times kc.
                    unsafe { pack_a::<K>(mc, kc, a, ic, pc, apack) };
                }
                for jr in (0..nc).step_by(K::NR) {
                    let nr = K::NR.min(nc - jr);
                    // SAFETY: columns jc + jr.. of B from row pc (in place, NR of them
                    // inside B), or panel jr / NR of bpack, packed above.
                    let (bp, brs) = unsafe {
                        if b_direct && nr == K::NR {
                            (b.at(pc, jc + jr) as *const f32, b.rs)
                        } else {
                            (bpack.add(jr * kc) as *const f32, K::NR as isize)
                        }
                    };
                    for ir in (0..mc).step_by(K::MR) {
                        let mr = K::MR.min(mc - ir);
                        // SAFETY: the CPU has K's features (this function's contract);
                        // the rows of A are rows of A (direct: mr rows from ic + ir,
                        // columns pc..pc + kc) or the panel packed above; the tile's
                        // mr x nr elements are inside C, which only this call writes.
                        unsafe {
                            let ct = c.at(ic + ir, jc + jr);
                            let (ap, ars) = if direct {
                                (a.at(ic + ir, pc) as *const f32, a.rs)
                            } else {
                                (apack.add(ir * kc) as *const f32, 0)
                            };
                            let e = epi.at_column(jc + jr);
                            prefetch_tile(ct, c.rs, c.cs, mr, nr);
                            K::tile(
                                kc,
                                ap,
                                ars,
                                direct,
                                bp,
                                brs,
                                ct,
                                c.rs,
                                c.cs,
                                mr,
                                nr,
                                pc > 0,
                                e,
                            );
                        }
                    }
                }
            }
        }
    }
}

/// Asks for the lines of the `mr x nr` tile at `c` (element `(i, j)` at `c + i * rs +
/// j * cs`) before its sums start: the store at the end adds to them or overwrites them,
/// and unless the output is small they are in L3 or memory by then (an earlier `KC`
/// block stored them long ago, or nothing has). The sums take thousands of cycles, time
/// enough for the lines to arrive; without the hint each tile's store waited for them
/// (Zen 3, one thread, 1024^3: 45 -> 56 GFLOP/s, docs/BENCHMARKS.md). Unit column
/// strides only: other outputs are rare.
#[inline(always)]
fn prefetch_tile(c: *const f32, rs: isize, cs: isize, mr: usize, nr: usize) {
    if cs != 1 {
        return;
    }
    for i in 0..mr {
        let row = c.wrapping_offset(i as isize * rs);
        // One address in each 64-byte line the row's nr floats touch.
        let (first, last) = (row as usize, row.wrapping_add(nr - 1) as usize);
        for line in (first & !63..=last).step_by(64) {
            // SAFETY: a prefetch is a hint: it never faults, whatever the address.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(line as *const i8) };
        }
    }
}

/// Rows per block of [`segmented`]: the pointer table of a block is filled at once.
const SEG_ROWS: usize = 120;
/// Summation steps per chunk of segments in [`segmented`] (at least one segment): a
/// chunk of a 64-column panel of B is at most 256 KiB, in L2 beside the rows it meets.
const SEG_KC: usize = 1024;

/// `c = A * b` for an `m x k` A whose rows are read in place, in segments (a
/// convolution's implicit GEMM: one segment per kernel tap, the tap's input channels or
/// a row of zeros). Row `i` of A is, in order, segments of `lens[s]` contiguous floats
/// at the pointers `fill` lists; `k = sum(lens)`. Blocks of [`SEG_ROWS`] rows run the
/// tile's [`Tile::segments`] over chunks of segments (a chunk's tiles add to what the
/// earlier chunks stored) and panels of `NR` columns of B: B read in place when it is one
/// panel's width apart, otherwise packed once.
///
/// # Safety
/// The CPU has AVX2, FMA and `K`'s features; no `lens[s]` is 0; every pointer `fill` writes points to its
/// segment's `lens[s]` readable floats; `b` (`k x n`) and `c` (`m x n`, unit column
/// stride) are in bounds and aligned for f32, and nobody else accesses C meanwhile (nor
/// does it overlap A or B).
#[target_feature(enable = "avx2,fma")]
pub(super) unsafe fn segmented<K: Tile>(
    m: usize,
    n: usize,
    lens: &[usize],
    fill: &mut FillRows,
    b: Mat,
    c: Mat,
) {
    let k: usize = lens.iter().sum();
    if m == 0 || n == 0 {
        return;
    }
    if k == 0 {
        for i in 0..m {
            for j in 0..n {
                // SAFETY: (i, j) is inside the output.
                unsafe { c.at(i, j).write(0.0) }
            }
        }
        return;
    }
    // Chunks of whole segments, (first, end, first step).
    let mut chunks = Vec::new();
    let (mut s0, mut k0) = (0, 0);
    while s0 < lens.len() {
        let (mut s1, mut kc) = (s0 + 1, lens[s0]);
        while s1 < lens.len() && kc + lens[s1] <= SEG_KC {
            kc += lens[s1];
            s1 += 1;
        }
        chunks.push((s0, s1, k0));
        (s0, k0) = (s1, k0 + kc);
    }
    let nseg = lens.len();
    // B's full panels are read in place when they are packed already (rows NR apart), or
    // by the rule of `gemm` (few rows, rows that do not evict each other from L1): a
    // convolution's few output pixels (a 7x7 feature map, 49 rows) paid more for packing
    // B than the strided reads cost.
    let in_place = b.cs == 1
        && (b.rs == K::NR as isize
            || (m <= DIRECT_B_MAX_ROWS
                && !(K::PACK_ALIASED_B
                    && rows_alias_in_l1(b.rs)
                    && m.div_ceil(K::MR) > ALIASED_B_DIRECT_TILES)));
    SCRATCH.with(|cell| {
        let mut own = (Vec::new(), Vec::new());
        let mut held = cell.try_borrow_mut();
        let pair = match &mut held {
            Ok(s) => &mut **s,
            // Not expected (the kernels do not nest), but then fresh scratch serves.
            Err(_) => &mut own,
        };
        let bpack = room::<f32>(&mut pair.1, n.next_multiple_of(K::NR) * k);
        // SAFETY: B is k x n; bpack holds n rounded up to NR times k floats.
        unsafe { pack_b::<K>(k, n, b, 0, 0, bpack, in_place) };
        let mut table = vec![std::ptr::null::<f32>(); SEG_ROWS.min(m) * nseg];
        for i0 in (0..m).step_by(SEG_ROWS) {
            let rows = SEG_ROWS.min(m - i0);
            fill(i0, rows, &mut table[..rows * nseg]);
            for (ci, &(s0, s1, k0)) in chunks.iter().enumerate() {
                for jr in (0..n).step_by(K::NR) {
                    let nr = K::NR.min(n - jr);
                    // SAFETY: full panels of an in-place B: NR columns from jr of its
                    // rows k0.. (cs == 1); otherwise panel jr / NR of bpack from step k0.
                    let (bp, brs) = unsafe {
                        if in_place && nr == K::NR {
                            (b.at(k0, jr) as *const f32, b.rs)
                        } else {
                            (bpack.add(jr * k + k0 * K::NR) as *const f32, K::NR as isize)
                        }
                    };
                    for ir in (0..rows).step_by(K::MR) {
                        let mr = K::MR.min(rows - ir);
                        // SAFETY: the CPU has K's features (the contract); rows ir.. of
                        // the table hold their segments' pointers (fill's contract), B
                        // holds the chunk's steps from bp, and the tile's mr x nr
                        // elements are inside C, which only this call writes.
                        unsafe {
                            prefetch_tile(c.at(i0 + ir, jr), c.rs, 1, mr, nr);
                            K::segments(
                                &lens[s0..s1],
                                table.as_ptr().add(ir * nseg + s0),
                                nseg,
                                bp,
                                brs,
                                c.at(i0 + ir, jr),
                                c.rs,
                                mr,
                                nr,
                                ci > 0,
                            )
                        }
                    }
                }
            }
        }
    });
}

/// Packs rows `pc..pc + kc` and columns `jc..jc + nc` of `b` into panels of `NR` columns:
/// panel `q` holds columns `jc + q * NR..`, step `p` at `dst[q * NR * kc + p * NR..][..NR]`,
/// columns past `nc` zero. With `skip_full` (B read in place) only a last, narrower
/// panel is packed.
///
/// # Safety
/// The block is inside `b`; `dst` has room for `nc.next_multiple_of(NR) * kc` floats.
#[allow(clippy::too_many_arguments)]
#[target_feature(enable = "avx2,fma")]
unsafe fn pack_b<K: Tile>(
    kc: usize,
    nc: usize,
    b: Mat,
    pc: usize,
    jc: usize,
    dst: *mut f32,
    skip_full: bool,
) {
    let nr = K::NR;
    let full = if b.cs == 1 { nc - nc % nr } else { 0 };
    if skip_full {
        // SAFETY: forwarded, for the columns from `full` (none when it is nc).
        return unsafe { pack_b::<K>(kc, nc - full, b, pc, jc + full, dst.add(full * kc), false) };
    }
    // Row-major B: row by row, each row's columns read in order (one stream the
    // prefetcher follows, rather than a page per row and panel).
    for p in 0..kc {
        for jp in (0..full).step_by(nr) {
            // SAFETY: NR contiguous floats of row pc + p from column jc + jp are in B
            // (cs == 1, jp + NR <= nc); the destination step is inside panel jp / NR.
            unsafe {
                std::ptr::copy_nonoverlapping(b.at(pc + p, jc + jp), dst.add(jp * kc + p * nr), nr)
            }
        }
    }
    // Transposed or strided B, or the last, narrower panel: element by element, reading
    // each column in order; a transposed B's blocks of 8 x 8 first, through registers.
    for jp in (full..nc).step_by(nr) {
        let w = nr.min(nc - jp);
        // SAFETY: panel jp / NR of dst.
        let out = unsafe { dst.add(jp * kc) };
        let (blocks, steps) = if b.rs == 1 {
            (w - w % 8, kc - kc % 8)
        } else {
            (0, 0)
        };
        for j0 in (0..blocks).step_by(8) {
            for p0 in (0..steps).step_by(8) {
                // SAFETY: columns jc + jp + j0.. (8, j0 + 8 <= w) from row pc + p0 (8,
                // p0 + 8 <= kc) are inside the block, each column contiguous (rs == 1);
                // the 8 x 8 destination is inside the panel.
                unsafe {
                    let col = |j: usize| _mm256_loadu_ps(b.at(pc + p0, jc + jp + j0 + j));
                    let rows = transpose8([
                        col(0),
                        col(1),
                        col(2),
                        col(3),
                        col(4),
                        col(5),
                        col(6),
                        col(7),
                    ]);
                    for (p, r) in rows.into_iter().enumerate() {
                        _mm256_storeu_ps(out.add((p0 + p) * nr + j0), r);
                    }
                }
            }
        }
        for j in 0..nr {
            let first = if j < blocks { steps } else { 0 };
            for p in first..kc {
                let x = if j < w {
                    // SAFETY: (pc + p, jc + jp + j) is inside the block.
                    unsafe { b.at(pc + p, jc + jp + j).read() }
                } else {
                    0.0
                };
                // SAFETY: inside the panel.
                unsafe { out.add(p * nr + j).write(x) }
            }
        }
    }
}

/// Packs rows `ic..ic + mc` and columns `pc..pc + kc` of `a` into panels of `MR` rows:
/// panel `q` holds rows `ic + q * MR..`, step `p` at `dst[q * MR * kc + p * MR..][..MR]`
/// (rows past `mc` are left as they were: the tile does not read them).
///
/// # Safety
/// The block is inside `a`; `dst` has room for `mc.next_multiple_of(MR) * kc` floats.
#[target_feature(enable = "avx2,fma")]
unsafe fn pack_a<K: Tile>(mc: usize, kc: usize, a: Mat, ic: usize, pc: usize, dst: *mut f32) {
    let mr = K::MR;
    for ip in (0..mc).step_by(mr) {
        let h = mr.min(mc - ip);
        // SAFETY: panel ip / MR of dst.
        let out = unsafe { dst.add(ip * kc) };
        if a.rs == 1 {
            // A transposed: each step's h rows are contiguous.
            for p in 0..kc {
                // SAFETY: rows ic + ip.. (h of them) of column pc + p are inside A,
                // contiguous (rs == 1); step p of the panel has room for MR >= h.
                unsafe { std::ptr::copy_nonoverlapping(a.at(ic + ip, pc + p), out.add(p * mr), h) }
            }
            continue;
        }
        for i in 0..h {
            // SAFETY: row ic + ip + i, columns pc.., are inside A.
            let row = unsafe { a.at(ic + ip + i, pc) };
            for p in 0..kc {
                // SAFETY: (ic + ip + i, pc + p) is inside A; the slot inside the panel.
                unsafe {
                    out.add(p * mr + i)
                        .write(row.offset(p as isize * a.cs).read())
                }
            }
        }
    }
}

/// The 8 x 8 transpose: row `p` of the result holds element `p` of each input vector.
///
/// # Safety
/// The CPU has AVX.
#[inline]
#[target_feature(enable = "avx")]
unsafe fn transpose8(r: [__m256; 8]) -> [__m256; 8] {
    let t: [__m256; 8] = std::array::from_fn(|i| {
        let (x, y) = (r[i / 2 * 2], r[i / 2 * 2 + 1]);
        if i % 2 == 0 {
            _mm256_unpacklo_ps(x, y)
        } else {
            _mm256_unpackhi_ps(x, y)
        }
    });
    // s[0..4] from t[0..4] (inputs 0-3), s[4..8] from t[4..8] (inputs 4-7).
    let s: [__m256; 8] = std::array::from_fn(|i| {
        let base = i / 4 * 4;
        let (x, y) = (t[base + (i % 4) / 2], t[base + 2 + (i % 4) / 2]);
        if i % 2 == 0 {
            _mm256_shuffle_ps::<0x44>(x, y)
        } else {
            _mm256_shuffle_ps::<0xEE>(x, y)
        }
    });
    std::array::from_fn(|p| {
        if p < 4 {
            _mm256_permute2f128_ps::<0x20>(s[p], s[p + 4])
        } else {
            _mm256_permute2f128_ps::<0x31>(s[p - 4], s[p])
        }
    })
}

#[cfg(test)]
mod tests {
    use super::super::{View, f32_avx2::Avx2, f32_avx512::Avx512};
    use super::{ALIASED_B_DIRECT_TILES, Blocks, DIRECT_B_MAX_ROWS, Epi, Mat, Tile, epilogue};
    use crate::kernels::gemm::epilogue::Act;
    use proptest::prelude::*;

    /// How a test stores a matrix.
    #[derive(Clone, Copy, Debug)]
    enum Layout {
        /// Row-major, rows `pad` elements longer than needed.
        Rows(usize),
        /// Column-major (a transposed operand), columns `pad` longer.
        Cols(usize),
        /// Both strides above one: every other element, rows padded.
        Sparse(usize),
    }

    /// A matrix in a buffer of its own, with its view's strides.
    struct Stored {
        buf: Vec<f32>,
        rs: usize,
        cs: usize,
    }

    impl Stored {
        fn new(rows: usize, cols: usize, layout: Layout, fill: &mut impl FnMut() -> f32) -> Self {
            let (rs, cs) = match layout {
                Layout::Rows(pad) => (cols + pad, 1),
                Layout::Cols(pad) => (1, rows + pad),
                Layout::Sparse(pad) => (2 * cols + pad, 2),
            };
            let len = if rows == 0 || cols == 0 {
                0
            } else {
                (rows - 1) * rs + (cols - 1) * cs + 1
            };
            // Gaps hold NaN: reading one shows up in the result.
            let mut buf = vec![f32::NAN; len];
            for i in 0..rows {
                for j in 0..cols {
                    buf[i * rs + j * cs] = fill();
                }
            }
            Stored { buf, rs, cs }
        }

        fn get(&self, i: usize, j: usize) -> f32 {
            self.buf[i * self.rs + j * self.cs]
        }

        fn view(&mut self) -> View {
            View::new(
                self.buf.as_mut_ptr() as *mut u8,
                self.rs as u64,
                self.cs as u64,
            )
        }
    }

    /// A small deterministic generator (xorshift) of values in [-1, 1).
    fn values(seed: u64) -> impl FnMut() -> f32 {
        let mut s = seed | 1;
        move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            ((s >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
        }
    }

    /// Multiplies with `kernel` and checks every element against an f64 sum, within
    /// `k * eps * sum |a| |b|` (the classic bound for a dot product of length k). Then
    /// again with a bias and ReLU epilogue, whose every element must be the bits of the
    /// separate ops on the plain product's: the tiles apply it after the last K block
    /// only, and to their own columns' bias.
    #[allow(clippy::too_many_arguments)]
    fn check(
        kernel: Kernel,
        m: usize,
        n: usize,
        k: usize,
        la: Layout,
        lb: Layout,
        lc: Layout,
        seed: u64,
    ) {
        let mut fill = values(seed);
        let mut a = Stored::new(m, k, la, &mut fill);
        let mut b = Stored::new(k, n, lb, &mut fill);
        let mut c = Stored::new(m, n, lc, &mut || f32::NAN);
        // SAFETY: each view covers its matrix inside its own buffer; c overlaps neither.
        unsafe { kernel(m, n, k, a.view(), b.view(), c.view(), Epi::NONE) };
        for i in 0..m {
            for j in 0..n {
                let (mut want, mut mag) = (0f64, 0f64);
                for p in 0..k {
                    let t = a.get(i, p) as f64 * b.get(p, j) as f64;
                    want += t;
                    mag += t.abs();
                }
                let got = c.get(i, j) as f64;
                let bound = k as f64 * f32::EPSILON as f64 * mag + f32::MIN_POSITIVE as f64;
                assert!(
                    (got - want).abs() <= bound,
                    "({i}, {j}) of {m}x{n}x{k} {la:?} {lb:?} {lc:?}: got {got}, want {want} \
                     (bound {bound})"
                );
            }
        }
        let bias: Vec<f32> = (0..n).map(|_| fill()).collect();
        let scale: Vec<f32> = (0..n).map(|_| fill()).collect();
        // A bias and ReLU on odd seeds, a scale, bias and clamp on even ones.
        let epi = if seed % 2 == 1 {
            Epi {
                scale: std::ptr::null(),
                bias: bias.as_ptr(),
                act: Act::Relu,
            }
        } else {
            Epi {
                scale: scale.as_ptr(),
                bias: bias.as_ptr(),
                act: Act::Clamp(-0.25, 0.5),
            }
        };
        let mut e = Stored::new(m, n, lc, &mut || f32::NAN);
        // SAFETY: as above; the vectors have n floats outside e.
        unsafe { kernel(m, n, k, a.view(), b.view(), e.view(), epi) };
        for i in 0..m {
            for j in 0..n {
                // The separate ops, element by element (Epi::element is checked against
                // StableHLO's definitions in `epilogue`).
                // SAFETY: j < n.
                let want = unsafe { epi.element(c.get(i, j), j) };
                let got = e.get(i, j);
                assert_eq!(
                    got.to_bits(),
                    want.to_bits(),
                    "epilogue ({i}, {j}) of {m}x{n}x{k} {la:?} {lb:?} {lc:?}: got {got}, \
                     want {want}"
                );
            }
        }
    }

    fn has_avx2() -> bool {
        is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma")
    }

    fn has_avx512() -> bool {
        has_avx2() && is_x86_feature_detected!("avx512f")
    }

    /// Our product with the 256-bit tile, after the feature check its contract needs.
    unsafe fn avx2(m: usize, n: usize, k: usize, l: View, r: View, o: View, epi: Epi) {
        assert!(has_avx2(), "the AVX2 tile needs AVX2 and FMA");
        // SAFETY: forwarded; the features were checked just above.
        unsafe { super::gemm::<Avx2>(m, n, k, l, r, o, epi) }
    }

    /// Our product with the 512-bit tile, after the feature check.
    unsafe fn avx512(m: usize, n: usize, k: usize, l: View, r: View, o: View, epi: Epi) {
        assert!(
            has_avx512(),
            "the AVX-512 tile needs AVX-512F, AVX2 and FMA"
        );
        // SAFETY: forwarded; the features were checked just above.
        unsafe { super::gemm::<Avx512>(m, n, k, l, r, o, epi) }
    }

    /// The crate's product, then the epilogue over the whole output.
    unsafe fn with_crate(m: usize, n: usize, k: usize, l: View, r: View, o: View, epi: Epi) {
        // SAFETY: forwarded.
        unsafe {
            super::super::with_crate::<f32>(m, n, k, l, r, o);
            epilogue::apply(
                o.ptr as *mut f32,
                o.rs,
                o.cs,
                m,
                n,
                epi,
                crate::Isa::host().avx,
            );
        }
    }

    type Kernel = unsafe fn(usize, usize, usize, View, View, View, Epi);

    /// The kernels this CPU can run: ours where it has the features, and the crate.
    fn kernels() -> Vec<(&'static str, Kernel)> {
        let mut v: Vec<(&'static str, Kernel)> = vec![("crate", with_crate)];
        if has_avx2() {
            v.push(("avx2", avx2));
        }
        if has_avx512() {
            v.push(("avx512", avx512));
        }
        v
    }

    fn layout() -> impl Strategy<Value = Layout> {
        prop_oneof![
            (0..3usize).prop_map(Layout::Rows),
            (0..3usize).prop_map(Layout::Cols),
            (0..3usize).prop_map(Layout::Sparse),
        ]
    }

    /// [`super::super::thin`] on its own (the dispatch gives it only large products): any
    /// A and C layout, a row-major B (possibly padded), 1 to `THIN_ROWS` rows, and widths
    /// over a chunk with tails.
    unsafe fn thin(m: usize, n: usize, k: usize, l: View, r: View, o: View, epi: Epi) {
        assert!(has_avx2(), "thin needs AVX2 and FMA");
        let (a, b, c) = (Mat::of(l), Mat::of(r), Mat::of(o));
        // SAFETY: the features were checked; the check's shapes have 1..=THIN_ROWS rows,
        // k >= 1 and a row-major B; the rest is forwarded.
        unsafe {
            super::super::thin::gemm(m, n, k, a, b, c);
            epilogue::apply(c.ptr, c.rs, c.cs, m, n, epi, true);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(60))]

        #[test]
        fn thin_rows_match_reference(
            m in 1..=super::super::thin::THIN_ROWS, n in 1..1100usize, k in 1..24usize,
            la in layout(), pad in 0..3usize, lc in layout(), seed in any::<u64>(),
        ) {
            if has_avx2() {
                check(thin, m, n, k, la, Layout::Rows(pad), lc, seed);
            }
        }
    }

    /// The dispatch sends a few rows by a B beyond L2 to `thin`, in blocks of
    /// `THIN_ROWS` rows (here 8 + 3 and 8 + 8), and everything else to the tile.
    #[test]
    fn few_rows_by_a_large_b_stream_it() {
        use super::{STREAM_MAX_ROWS, streams_b};
        assert!(streams_b::<Avx2>(11, 900, 600, 1));
        assert!(streams_b::<Avx2>(STREAM_MAX_ROWS, 1030, 513, 1));
        assert!(!streams_b::<Avx2>(STREAM_MAX_ROWS + 1, 1030, 513, 1));
        assert!(!streams_b::<Avx2>(3, 1030, 513, 2));
        assert!(!streams_b::<Avx2>(3, 512, 512, 1));
        if !has_avx2() {
            return;
        }
        check(
            avx2,
            11,
            900,
            600,
            Layout::Rows(1),
            Layout::Rows(0),
            Layout::Sparse(1),
            3,
        );
        check(
            avx2,
            16,
            1030,
            513,
            Layout::Cols(2),
            Layout::Rows(3),
            Layout::Rows(0),
            4,
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Random small shapes and layouts, ours and the portable crate alike.
        #[test]
        fn random_shapes_match_reference(
            m in 0..100usize, n in 0..100usize, k in 0..100usize,
            la in layout(), lb in layout(), lc in layout(), seed in any::<u64>(),
        ) {
            for (_, kernel) in kernels() {
                check(kernel, m, n, k, la, lb, lc, seed);
            }
        }
    }

    /// The epilogue on sums that are NaN, exact zeros and negative, in full and partial
    /// tiles of every kernel: NaN stays NaN, zeros and negatives become +0.
    #[test]
    fn epilogue_keeps_nan_and_zeroes_the_rest() {
        let (m, n, k) = (7, 70, 3);
        for (name, kernel) in kernels() {
            // Row 0 of A has a NaN; in rows 1.. the sums are i - 3 + bias[j] with bias
            // in {-1, -0, +0, 1, 0.5}: exact zeros of both signs, negatives, positives.
            let mut a = Stored::new(m, k, Layout::Rows(0), &mut || 0.0);
            let mut b = Stored::new(k, n, Layout::Rows(0), &mut || 1.0);
            for i in 0..m {
                a.buf[i * k] = i as f32 - 3.0;
            }
            a.buf[1] = f32::NAN;
            let bias: Vec<f32> = (0..n).map(|j| [-1.0, -0.0, 0.0, 1.0, 0.5][j % 5]).collect();
            let mut c = Stored::new(m, n, Layout::Rows(0), &mut || f32::NAN);
            let epi = Epi {
                scale: std::ptr::null(),
                bias: bias.as_ptr(),
                act: Act::Relu,
            };
            // SAFETY: each view covers its matrix in its own buffer; bias has n floats.
            unsafe { kernel(m, n, k, a.view(), b.view(), c.view(), epi) };
            for i in 0..m {
                for (j, &bj) in bias.iter().enumerate() {
                    let y = c.get(i, j);
                    if i == 0 {
                        assert!(y.is_nan(), "{name} ({i}, {j}): {y}");
                        continue;
                    }
                    let s = i as f32 - 3.0 + bj;
                    let want = if s > 0.0 { s } else { 0.0 };
                    assert_eq!(y.to_bits(), want.to_bits(), "{name} ({i}, {j}): {y}");
                }
            }
        }
    }

    #[test]
    fn b_rows_a_multiple_of_256_bytes_apart_alias() {
        use super::rows_alias_in_l1;
        assert!(rows_alias_in_l1(64) && rows_alias_in_l1(1024) && rows_alias_in_l1(-2048));
        assert!(!rows_alias_in_l1(33) && !rows_alias_in_l1(771) && !rows_alias_in_l1(1000));
    }

    #[test]
    fn summation_blocks_are_even_and_at_most_kc() {
        let b = Blocks {
            kc: 512,
            mc: 72,
            nc: 128,
        };
        assert_eq!(b.kc_for(1), 8);
        assert_eq!(b.kc_for(300), 304);
        assert_eq!(b.kc_for(512), 512);
        assert_eq!(b.kc_for(513), 264);
        assert_eq!(b.kc_for(784), 392);
        assert_eq!(b.kc_for(1021), 512);
        assert_eq!(b.kc_for(1536), 512);
        for k in 1..3000 {
            let kc = b.kc_for(k);
            assert!(kc <= b.kc && kc.is_multiple_of(8), "k {k}: kc {kc}");
            assert_eq!(k.div_ceil(kc), k.div_ceil(b.kc), "k {k}: kc {kc}");
        }
    }

    /// Shapes on either side of every blocking boundary (tile, KC, MC, NC) of either
    /// tile's blocks, dense and transposed.
    #[test]
    fn block_boundaries() {
        let (mr, nr) = (Avx512::MR.max(Avx2::MR), Avx512::NR);
        let mut blocks = vec![Avx2::BLOCKS, Avx512::BLOCKS];
        blocks.dedup();
        let shapes = blocks.into_iter().flat_map(
            |Blocks {
                 kc: kc_blk,
                 mc: mc_blk,
                 nc: nc_blk,
             }| {
                [
                    (mr - 1, nr - 1, 1),
                    (mr, nr, kc_blk),
                    (mr + 1, nr + 1, kc_blk + 1),
                    (5, 16, 9),
                    (13, 17, 31),
                    (mc_blk - 1, 2 * nr + 3, kc_blk - 1),
                    (mc_blk, 33, 2 * kc_blk),
                    (mc_blk + 1, 17, 2 * kc_blk + 1),
                    (2 * mc_blk + 5, 40, 70),
                    (DIRECT_B_MAX_ROWS, 2 * nr + 1, 20),
                    (DIRECT_B_MAX_ROWS + 1, 2 * nr + 1, kc_blk + 3),
                    // B rows 256 bytes apart: read in place up to ALIASED_B_DIRECT_TILES
                    // row tiles of the AVX2 tile, packed past them.
                    (9, 64, 37),
                    (Avx2::MR * ALIASED_B_DIRECT_TILES, 256, 41),
                    (Avx2::MR * ALIASED_B_DIRECT_TILES + 1, 256, 41),
                    (DIRECT_B_MAX_ROWS, 128, kc_blk + 1),
                    // Rows 4 KiB apart (k = 1024 dense, or 1021 padded by 3), and 8 KiB
                    // apart; one summation block or several.
                    (13, 130, 1024),
                    (mc_blk + 1, 70, 2048),
                    (mc_blk + 7, 129, 1021),
                    (7, nc_blk + 5, 3),
                    (3, nc_blk - 1, kc_blk + 2),
                    (1, 300, 700),
                    (1, 7, 5),
                    (2, 129, 300),
                ]
            },
        );
        for (idx, (m, n, k)) in shapes.enumerate() {
            for (la, lb) in [
                (Layout::Rows(0), Layout::Rows(0)),
                (Layout::Cols(1), Layout::Cols(0)),
                (Layout::Rows(3), Layout::Sparse(1)),
            ] {
                for (_, kernel) in kernels() {
                    check(
                        kernel,
                        m,
                        n,
                        k,
                        la,
                        lb,
                        Layout::Rows(idx % 3),
                        idx as u64 + 7,
                    );
                }
            }
        }
    }
}
