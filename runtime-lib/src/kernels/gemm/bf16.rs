//! bf16 products (bf16 x bf16 into f32, or into bf16 rounded once at the end) over pairs of
//! summation steps, for a tile that multiplies bf16 pairs into f32 sums (AVX-512 BF16's
//! `vdpbf16ps`, or [`Portable`], which computes the same in plain Rust for the tests).
//!
//! Where the artifact's [`Isa`] has AVX-512 BF16 (with F and BW; x86-64-v3 artifacts never
//! do, see [`crate::isa`]) the product runs here ([`bf16_gemm`]); elsewhere (AVX2,
//! aarch64, `PJRTC_GEMM=widen`) both operands widen to f32 and run the f32 kernel
//! (`super::widened`), as f16 always does.
//!
//! Layout, following the 8-bit product ([`super::int8`]): a block of `KC` steps and `NC`
//! columns of B is packed into panels of `NR` columns, pair `q` of a panel `NR` 32-bit
//! words, word `j` the two bf16 `b[2q, j]` (low half) and `b[2q + 1, j]` (high half). A
//! row-major A with an even `k` is read in place: its rows already are such words, `a[i,
//! 2q]` low and `a[i, 2q + 1]` high. Any other A is packed into panels of `MR` rows, pair
//! `q` of a panel the `MR` words of its rows. A missing step past an odd `k` is a zero on
//! both sides (a zero product, never `0 * inf`). The `MR x NR` tile holds its sums in f32
//! registers, storing (or adding to the earlier blocks') each `KC` block; the epilogue of
//! an f32 output is applied as the last block stores. An output of bf16, or of f32 with
//! a column stride other than 1, is summed into a dense f32 scratch first and then rounded
//! (round to nearest even, `half::bf16::from_f32`) or copied.
//!
//! Numerics: a product of two bf16 (8-bit significands) is exact in f32, so the result
//! differs from the widened path (f32 FMAs in the order of `p`) only by the order and
//! pairing of the f32 additions, and by denormals: `vdpbf16ps` rounds to nearest even
//! and, whatever MXCSR says, treats bf16 denormal inputs as zero and flushes f32 denormal
//! results (of each of its two additions) to zero. So each sum is within about
//! `k * 2^-24 * sum |a b|` of the exact one, plus `2^-126`-sized flushes; XLA CPU's
//! `vdpbf16ps` kernels have the same character. A bf16 output then rounds that once
//! (`2^-8` relative).

use super::View;
use super::epilogue::{self, Epi};
use super::pack::{Line, room};
use crate::isa::Isa;
use std::cell::RefCell;

#[cfg(target_arch = "x86_64")]
pub(super) mod dpbf16;

/// The code that multiplies bf16 matrices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bf16Gemm {
    /// [`gemm`] with the AVX-512 BF16 tile ([`dpbf16`]).
    Dot,
    /// Widened to f32 and multiplied by the f32 kernel.
    Widened,
}

/// The bf16 kernel for `isa`: the pair products where it has AVX-512 BF16, unless
/// `PJRTC_GEMM` narrows the choice (`widen`, `avx2` or `crate`: the f32 kernels).
pub fn bf16_gemm(isa: Isa) -> Bf16Gemm {
    let forced = super::forced();
    if cfg!(target_arch = "x86_64")
        && isa.avx512bf16
        && !matches!(forced, "widen" | "avx2" | "crate")
    {
        Bf16Gemm::Dot
    } else {
        Bf16Gemm::Widened
    }
}

/// Summation steps per packed block (even): a 64-column panel of B is `KC / 2 * 256`
/// bytes.
const KC: usize = 512;
/// Columns per packed block of B.
const NC: usize = 512;
/// Rows per block of A (a multiple of every tile's `MR`).
const MC: usize = 144;

/// A register tile over pairs of bf16 steps.
pub(crate) trait PairTile {
    /// Rows of the tile.
    const MR: usize;
    /// Columns of the tile, a multiple of 16 (panels stay 64-byte aligned).
    const NR: usize;

    /// Sets (or with `add`, increases) the `mr x nr` tile at `c` (element `(i, j)` at `c +
    /// i * rs + j`, f32) by `sum_q dot2(a_i[q], b[q][j])`, then applies `epi` (its column 0
    /// the tile's) unless it is [`Epi::NONE`]. Pair `q` of the panel is the `NR` words at
    /// `b + q * NR`; with `direct`, word `q` of row `i` is the (unaligned) 32 bits at
    /// `a + i * ars + 2 q` (in bf16 elements), else at `a + 2 (q * MR + i)`. `dot2(x, y)`
    /// is `x.lo * y.lo + x.hi * y.hi` of the bf16 halves, as `vdpbf16ps` adds them.
    ///
    /// # Safety
    /// The CPU has the tile's features; `1 <= mr <= MR`, `1 <= nr <= NR`; the rows hold
    /// `kcq` words, the panel `kcq * NR` words (64-byte aligned); the tile is inside C
    /// and nothing else accesses it meanwhile; a non-null scale or bias has `nr` floats.
    #[allow(clippy::too_many_arguments)]
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
    );

    /// Packs steps `0..kc` of the `w <= NR` columns of a B with unit column stride (step
    /// `p` at `src + p * rs`) into one panel: `kc.div_ceil(2)` pairs of `NR` words, zero
    /// past `w` and past `kc`.
    ///
    /// # Safety
    /// The CPU has the tile's features; the `kc x w` block is readable; `dst` has room
    /// for the panel and is 64-byte aligned.
    unsafe fn pack_rows(kc: usize, w: usize, src: *const u16, rs: isize, dst: *mut u32) {
        // SAFETY: forwarded.
        unsafe {
            pack_panel(
                kc,
                w,
                Self::NR,
                |p, j| *src.offset(p as isize * rs + j as isize),
                dst,
            )
        }
    }
}

/// Packs a `kc x w` block (element `(p, j)` the bits `get(p, j)`) into a panel of `nr`
/// columns (see [`PairTile::pack_rows`]).
///
/// # Safety
/// `get` may be called for every `p < kc`, `j < w`; `dst` has room for the panel.
unsafe fn pack_panel(
    kc: usize,
    w: usize,
    nr: usize,
    get: impl Fn(usize, usize) -> u16,
    dst: *mut u32,
) {
    for q in 0..kc.div_ceil(2) {
        for j in 0..nr {
            let (mut lo, mut hi) = (0u16, 0u16);
            if j < w {
                lo = get(2 * q, j);
                if 2 * q + 1 < kc {
                    hi = get(2 * q + 1, j);
                }
            }
            // SAFETY: word j of pair q, inside the panel.
            unsafe { dst.add(q * nr + j).write(lo as u32 | (hi as u32) << 16) }
        }
    }
}

/// Reads bf16 element `(i, j)` of a view as its bits.
///
/// # Safety
/// `(i, j)` is inside the matrix.
#[inline(always)]
unsafe fn bits(v: View, i: usize, j: usize) -> u16 {
    // SAFETY: in bounds by the caller's contract; the view holds aligned bf16.
    unsafe { *(v.ptr as *const u16).offset(i as isize * v.rs + j as isize * v.cs) }
}

/// What the product writes: f32 sums with an epilogue, or bf16 rounded once.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Out {
    F32(Epi),
    Bf16,
}

/// Packing scratch of a thread, kept between calls.
#[derive(Default)]
struct Scratch {
    a: Vec<Line>,
    b: Vec<Line>,
    c: Vec<f32>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// `o = l * r` for an `m x k` by `k x n` product of bf16 views (any strides) into f32
/// (with `epi` applied) or bf16, with tile `T`.
///
/// # Safety
/// The CPU has `T`'s features. Every element of the three views is in bounds and aligned
/// for its type (bf16 operands, `out`'s output), nobody else accesses the output meanwhile
/// (nor does it overlap the inputs); a non-null scale or bias has `n` readable floats.
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn gemm<T: PairTile>(
    m: usize,
    n: usize,
    k: usize,
    l: View,
    r: View,
    o: View,
    out: Out,
) {
    if m == 0 || n == 0 {
        return;
    }
    SCRATCH.with(|cell| {
        let mut own = Scratch::default();
        let mut held = cell.try_borrow_mut();
        let s = match &mut held {
            Ok(s) => &mut **s,
            // Not expected (the kernels do not nest), but then fresh scratch serves.
            Err(_) => &mut own,
        };
        match out {
            Out::F32(epi) if o.cs == 1 => {
                // SAFETY: forwarded; an f32 output with unit column stride.
                unsafe { blocked::<T>(m, n, k, l, r, o.ptr as *mut f32, o.rs, epi, s) }
            }
            _ => {
                // Sums into dense f32, then rounded or copied (and the epilogue applied).
                let mut c = std::mem::take(&mut s.c);
                c.clear();
                c.resize(m * n, 0.0);
                // SAFETY: forwarded; `c` is a dense m x n f32 matrix.
                unsafe { blocked::<T>(m, n, k, l, r, c.as_mut_ptr(), n as isize, Epi::NONE, s) };
                for i in 0..m {
                    for j in 0..n {
                        let x = c[i * n + j];
                        let at = (i as isize * o.rs + j as isize * o.cs) as usize;
                        // SAFETY: (i, j) is inside the output, which holds `out`'s type.
                        unsafe {
                            match out {
                                Out::Bf16 => (o.ptr as *mut half::bf16)
                                    .wrapping_add(at)
                                    .write(half::bf16::from_f32(x)),
                                Out::F32(_) => (o.ptr as *mut f32).wrapping_add(at).write(x),
                            }
                        }
                    }
                }
                if let Out::F32(epi) = out {
                    // SAFETY: the m x n f32 output, which only this call accesses; a
                    // non-null scale or bias has n floats (the contract).
                    unsafe { epilogue::apply(o.ptr as *mut f32, o.rs, o.cs, m, n, epi, false) }
                }
                // Kept for the next call unless it is large (16 MiB).
                if c.capacity() <= 1 << 22 {
                    s.c = c;
                }
            }
        }
    });
}

/// The blocked product into f32 `c` (row stride `crs`, unit column stride; see the module
/// docs), `epi` applied as the last block stores.
///
/// # Safety
/// As [`gemm`], for an `m x n` f32 matrix at `c`.
#[allow(clippy::too_many_arguments)]
unsafe fn blocked<T: PairTile>(
    m: usize,
    n: usize,
    k: usize,
    a: View,
    b: View,
    c: *mut f32,
    crs: isize,
    epi: Epi,
    s: &mut Scratch,
) {
    let cat = |i: usize, j: usize| c.wrapping_offset(i as isize * crs + j as isize);
    if k == 0 {
        for i in 0..m {
            for j in 0..n {
                // SAFETY: (i, j) is inside the output.
                unsafe { cat(i, j).write(0.0) }
            }
        }
        // SAFETY: the output, which only this call accesses; the vectors by the contract.
        return unsafe { epilogue::apply(c, crs, 1, m, n, epi, false) };
    }
    const { assert!(KC.is_multiple_of(2) && MC.is_multiple_of(6)) };
    // Rows of a row-major A are pairs already; an odd k would read past the last step.
    let direct = a.cs == 1 && k.is_multiple_of(2);
    let kcq_max = k.min(KC).div_ceil(2);
    let apack = if direct {
        std::ptr::null_mut()
    } else {
        room::<u32>(&mut s.a, m.min(MC).next_multiple_of(T::MR) * kcq_max)
    };
    let bpack = room::<u32>(&mut s.b, n.min(NC).next_multiple_of(T::NR) * kcq_max);
    for jc in (0..n).step_by(NC) {
        let nc = NC.min(n - jc);
        for pc in (0..k).step_by(KC) {
            let kc = KC.min(k - pc);
            let kcq = kc.div_ceil(2);
            // The last block completes the sums: its tiles apply the epilogue.
            let epi = if pc + kc == k { epi } else { Epi::NONE };
            for jp in (0..nc).step_by(T::NR) {
                let w = T::NR.min(nc - jp);
                let dst = bpack.wrapping_add(jp * kcq);
                // SAFETY: the kc x w block from (pc, jc + jp) is inside B; panel jp / NR
                // of bpack has room for kcq * NR words; the CPU has T's features.
                unsafe {
                    if b.cs == 1 {
                        let src =
                            (b.ptr as *const u16).offset(pc as isize * b.rs + (jc + jp) as isize);
                        T::pack_rows(kc, w, src, b.rs, dst);
                    } else {
                        pack_panel(kc, w, T::NR, |p, j| bits(b, pc + p, jc + jp + j), dst);
                    }
                }
            }
            for ic in (0..m).step_by(MC) {
                let mc = MC.min(m - ic);
                if !direct {
                    // SAFETY: the block is inside A; apack holds mc rounded up to MR
                    // times kcq words.
                    unsafe { pack_a::<T>(mc, kc, a, ic, pc, apack) };
                }
                for jr in (0..nc).step_by(T::NR) {
                    let nr = T::NR.min(nc - jr);
                    let e = epi.at_column(jc + jr);
                    for ir in (0..mc).step_by(T::MR) {
                        let mr = T::MR.min(mc - ir);
                        let (ap, ars) = if direct {
                            let p = (a.ptr as *const u16)
                                .wrapping_offset((ic + ir) as isize * a.rs + pc as isize);
                            (p, a.rs)
                        } else {
                            (apack.wrapping_add(ir * kcq) as *const u16, 0)
                        };
                        // SAFETY: the rows of A are rows of A (direct: mr rows from ic +
                        // ir, steps pc..pc + kc, kc even) or the panel packed above; panel
                        // jr / NR of bpack was packed above; the tile is inside C, which
                        // only this call writes; the CPU has T's features (the contract).
                        unsafe {
                            T::tile(
                                mr,
                                kcq,
                                ap,
                                ars,
                                direct,
                                bpack.add(jr * kcq),
                                cat(ic + ir, jc + jr),
                                crs,
                                nr,
                                pc > 0,
                                e,
                            )
                        }
                    }
                }
            }
        }
    }
}

/// Packs rows `ic..ic + mc` and steps `pc..pc + kc` of A into panels of `MR` rows: panel
/// `t` at `dst + t * MR * kcq` words, pair `q` of row `i` its word `q * MR + i` (rows past
/// `mc` zero).
///
/// # Safety
/// The block is inside `a`; `dst` has room for `mc.next_multiple_of(MR) * kcq` words.
unsafe fn pack_a<T: PairTile>(mc: usize, kc: usize, a: View, ic: usize, pc: usize, dst: *mut u32) {
    let kcq = kc.div_ceil(2);
    for t in (0..mc).step_by(T::MR) {
        let panel = dst.wrapping_add(t * kcq);
        for q in 0..kcq {
            for i in 0..T::MR {
                let (mut lo, mut hi) = (0u16, 0u16);
                if t + i < mc {
                    // SAFETY: (ic + t + i, pc + 2q) and the next step (when below kc) are
                    // inside the block.
                    unsafe {
                        lo = bits(a, ic + t + i, pc + 2 * q);
                        if 2 * q + 1 < kc {
                            hi = bits(a, ic + t + i, pc + 2 * q + 1);
                        }
                    }
                }
                // SAFETY: word q * MR + i of the panel, inside dst.
                unsafe {
                    panel
                        .add(q * T::MR + i)
                        .write(lo as u32 | (hi as u32) << 16)
                }
            }
        }
    }
}

/// `vdpbf16ps`'s lane: `acc + x.hi * y.hi`, then `+ x.lo * y.lo`, each an f32 fused
/// multiply-add rounded to nearest even, with bf16 denormal inputs read as zero and f32
/// denormal results flushed to zero (Intel's definition; the hardware's sums differ from
/// it at most by rounding).
#[cfg(test)]
pub(crate) fn dot2(acc: f32, x: u32, y: u32) -> f32 {
    let daz = |h: u32| {
        let v = f32::from_bits((h & 0xffff) << 16);
        if v.is_subnormal() {
            0.0 * v.signum()
        } else {
            v
        }
    };
    let ftz = |v: f32| {
        if v.is_subnormal() {
            0.0 * v.signum()
        } else {
            v
        }
    };
    let hi = ftz(daz(x >> 16).mul_add(daz(y >> 16), acc));
    ftz(daz(x).mul_add(daz(y), hi))
}

/// The tile in plain Rust, the semantics [`dpbf16::Dpbf16`] has in registers (the tests
/// run the driver with it on any CPU).
#[cfg(test)]
pub(crate) struct Portable;

#[cfg(test)]
impl PairTile for Portable {
    const MR: usize = 6;
    const NR: usize = 32;

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
        for i in 0..mr {
            for j in 0..nr {
                let mut acc = 0f32;
                for q in 0..kcq {
                    // SAFETY: word q of row i and of the panel's column j (the contract).
                    let (x, y) = unsafe {
                        let w = if direct {
                            a.offset(i as isize * ars).add(2 * q)
                        } else {
                            a.add(2 * (q * Self::MR + i))
                        };
                        ((w as *const u32).read_unaligned(), *b.add(q * Self::NR + j))
                    };
                    acc = dot2(acc, x, y);
                }
                // SAFETY: inside the tile; the epilogue's vectors have nr floats.
                unsafe {
                    let dst = c.offset(i as isize * rs).add(j);
                    let y = if add { dst.read() + acc } else { acc };
                    dst.write(if epi.is_none() { y } else { epi.element(y, j) });
                }
            }
        }
    }
}

#[cfg(test)]
#[path = "bf16_tests.rs"]
mod tests;
