//! Batched matrix multiply ([`crate::format::Gemm`]).
//!
//! f32 products on x86_64 run our own cache-blocked kernel ([`blocked`]) with a 512-bit
//! tile ([`f32_avx512`]) where the artifact's [`Isa`] has AVX-512F, a 256-bit one
//! ([`f32_avx2`]) where it has AVX2 and FMA; f64 runs the `gemm` crate; bf16 (into bf16,
//! or into f32) runs [`bf16`]'s pair products where the `Isa` has AVX-512 BF16, and
//! otherwise widens to f32 as f16 always does (rounding a half output once); 8-bit
//! integers into i32 run [`int8`]; other integer and boolean products run loops along
//! contiguous rows that the compiler vectorizes. `PJRTC_GEMM=crate` (or `avx2`) in the
//! environment narrows the f32 choice, and `widen` the bf16 one, for comparisons.

use super::{Bases, Elem, with_elem};
use crate::DType;
use crate::format::{Gemm, MatrixView};
use crate::isa::Isa;
use gemm::Parallelism;
use std::cell::RefCell;
use std::sync::OnceLock;

#[cfg(test)]
pub(crate) use epilogue::Act;
pub(crate) use epilogue::Epi;

/// Applies `epi` to an f32 block after the fact (see [`epilogue::apply`]).
///
/// # Safety
/// As [`epilogue::apply`]; `isa` holds on this CPU.
pub(crate) unsafe fn apply_epilogue(
    c: *mut f32,
    rs: isize,
    cs: isize,
    rows: usize,
    cols: usize,
    epi: Epi,
    isa: Isa,
) {
    // SAFETY: forwarded; AVX only where `isa` has it.
    unsafe { epilogue::apply(c, rs, cs, rows, cols, epi, isa.avx) }
}

// Only x86_64 has a pair tile (and the tests a portable one): elsewhere bf16 widens, and
// the driver is compiled but unused.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub mod bf16;
#[cfg(target_arch = "x86_64")]
mod blocked;
#[cfg(target_arch = "x86_64")]
mod dot_rows;
mod epilogue;
#[cfg(target_arch = "x86_64")]
mod f32_avx2;
#[cfg(target_arch = "x86_64")]
mod f32_avx512;
pub(crate) mod int8;
mod pack;
#[cfg(target_arch = "x86_64")]
mod thin;

/// The code that multiplies f32 matrices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum F32Gemm {
    /// The `gemm` crate (portable; it picks its own SIMD width at run time).
    Crate,
    /// [`blocked`] with the 6 x 16 ymm tile: x86_64 with AVX2 and FMA.
    Avx2,
    /// [`blocked`] with the 6 x 64 zmm tile: x86_64 with AVX-512F (and AVX2, FMA).
    Avx512,
}

/// `PJRTC_GEMM` (read once; empty when unset).
fn forced() -> &'static str {
    static FORCED: OnceLock<String> = OnceLock::new();
    FORCED.get_or_init(|| std::env::var("PJRTC_GEMM").unwrap_or_default())
}

/// The f32 kernel for `isa` (narrowed by `PJRTC_GEMM`).
pub fn f32_gemm(isa: Isa) -> F32Gemm {
    let forced = forced();
    if forced == "crate" || !cfg!(target_arch = "x86_64") {
        return F32Gemm::Crate;
    }
    if isa.avx512f && forced != "avx2" {
        F32Gemm::Avx512
    } else if isa.avx2_fma {
        F32Gemm::Avx2
    } else {
        F32Gemm::Crate
    }
}

/// The element types of one product: the output's and the operands'.
#[derive(Clone, Copy, Debug)]
struct Types {
    out: DType,
    lhs: DType,
    rhs: DType,
}

/// Computes `g` over the buffers at `base`.
///
/// # Safety
/// `g` must have been validated by [`crate::format::Pjx::from_bytes`] against regions of
/// the sizes that `base` points to (so every element touched is in bounds and aligned), and
/// no other thread may access the output while this runs.
pub unsafe fn gemm(g: &Gemm, base: &Bases, threads: usize, isa: Isa) {
    let epi = Epi::of(&g.epilogue, base);
    let first = Views {
        l: View::new(base.ptr(&g.lhs.buf), g.lhs.row_stride, g.lhs.col_stride),
        r: View::new(base.ptr(&g.rhs.buf), g.rhs.row_stride, g.rhs.col_stride),
        o: View::new(base.ptr(&g.out.buf), g.out.row_stride, g.out.col_stride),
    };
    if g.lhs_dtype == DType::BF16
        && g.dtype == DType::F32
        && bf16::bf16_gemm(isa) == bf16::Bf16Gemm::Widened
    {
        // SAFETY: forwarded.
        return unsafe { widened_step(g, first, epi, threads, isa) };
    }
    // SAFETY: forwarded.
    unsafe { step(g, first, epi, threads, isa) }
}

/// bf16 operands into f32 without the pair products: every product's operands widened
/// to f32 once (by rows, split across the threads), then the f32 step over those. Parts of
/// products widened on their own would each widen all of B (x86-64-v3 bf16_matmul on two
/// threads: 15% of the call).
///
/// # Safety
/// As [`gemm`], `g` of bf16 operands into f32, `first` its first product's views.
unsafe fn widened_step(g: &Gemm, first: Views, epi: Epi, threads: usize, isa: Isa) {
    let (m, n, k) = (g.m as usize, g.n as usize, g.k as usize);
    let batch = g.batch as usize;
    with_widened(|w| {
        // Operand `v`'s `batch x rows x cols` into `dst`, dense.
        let widen_all = |v: View, bs: u64, rows: usize, cols: usize, dst: &mut Vec<f32>| {
            dst.clear();
            dst.resize(batch * rows * cols, 0.0);
            let out = View::new(dst.as_mut_ptr() as *mut u8, cols as u64, 1);
            let all = batch * rows;
            // Parts of at least 64 Ki elements: below that the pool costs more than it saves.
            let parts = threads.clamp(1, (all * cols / (1 << 16)).max(1));
            // SAFETY: row `r` of the widened batches is row `r % rows` of product
            // `r / rows`, inside the operand (the decoder's checks on the step); each part
            // writes its own rows of `dst`, which has `batch * rows * cols` floats.
            super::par::chunks(all, parts, |r0, r1| unsafe {
                // Whole views (Sync), not their pointer fields.
                let (v, out) = (v, out);
                for r in r0..r1 {
                    let (t, i) = (r / rows, r % rows);
                    let src = View {
                        ptr: v.ptr.wrapping_add(t * bs as usize * 2),
                        ..v
                    }
                    .skip_rows(i, 2);
                    let dst = out.skip_rows(r, 4);
                    let row = std::slice::from_raw_parts_mut(dst.ptr as *mut f32, cols);
                    widen_rows::<half::bf16>(src, 1, cols, row);
                }
            });
        };
        widen_all(first.l, g.lhs.batch_stride, m, k, &mut w.l);
        widen_all(first.r, g.rhs.batch_stride, k, n, &mut w.r);
        let dense_view = |rows: usize, cols: usize| MatrixView {
            batch_stride: (rows * cols) as u64,
            row_stride: cols as u64,
            col_stride: 1,
            ..g.out
        };
        let f = Gemm {
            lhs_dtype: DType::F32,
            rhs_dtype: DType::F32,
            lhs: dense_view(m, k),
            rhs: dense_view(k, n),
            ..*g
        };
        let views = Views {
            l: View::new(w.l.as_mut_ptr() as *mut u8, k as u64, 1),
            r: View::new(w.r.as_mut_ptr() as *mut u8, n as u64, 1),
            o: first.o,
        };
        // SAFETY: the widened operands are dense f32 batches of exactly these shapes; the
        // output as `gemm`'s contract says.
        unsafe { step(&f, views, epi, threads, isa) }
    })
}

/// [`gemm`] over the views of its first product, `first`.
///
/// # Safety
/// As [`gemm`]; `first` and `g`'s strides describe the operands and output it checked.
unsafe fn step(g: &Gemm, first: Views, epi: Epi, threads: usize, isa: Isa) {
    let t = Types {
        out: g.dtype,
        lhs: g.lhs_dtype,
        rhs: g.rhs_dtype,
    };
    let (m, n, k) = (g.m as usize, g.n as usize, g.k as usize);
    let batch = g.batch as usize;
    let macs = m.saturating_mul(n).saturating_mul(k);
    // Many products, each too small to split by rows: give each thread whole products.
    let parts = threads.clamp(1, batch.max(1));
    if parts > 1
        && macs < PARALLEL_MIN_MACS
        && macs.saturating_mul(batch) >= PARALLEL_MIN_MACS
        && batches_disjoint(g, first.o)
    {
        // SAFETY: forwarded from this function's contract; each thread writes the outputs
        // of its own products, which do not overlap (checked above).
        super::par::chunks(batch, parts, |b0, b1| unsafe {
            for b in b0..b1 {
                let v = first.batch(g, b, t);
                one(t, m, n, k, v.l, v.r, v.o, epi, isa);
            }
        });
        return;
    }
    for b in 0..batch {
        let v = first.batch(g, b, t);
        // SAFETY: forwarded from this function's contract.
        unsafe { split_product(t, m, n, k, v.l, v.r, v.o, epi, threads, isa) }
    }
}

/// The three matrices of one product.
#[derive(Clone, Copy)]
struct Views {
    l: View,
    r: View,
    o: View,
}

impl Views {
    /// The matrices of product `b` (addresses only formed: strides fit in isize, checked by
    /// the decoder, and only products that exist are asked for).
    fn batch(self, g: &Gemm, b: usize, t: Types) -> Views {
        let at = |v: View, stride: u64, d: DType| View {
            ptr: v.ptr.wrapping_add(b * stride as usize * d.size()),
            ..v
        };
        Views {
            l: at(self.l, g.lhs.batch_stride, t.lhs),
            r: at(self.r, g.rhs.batch_stride, t.rhs),
            o: at(self.o, g.out.batch_stride, t.out),
        }
    }
}

/// Whether the outputs of different products never share an element, so threads may
/// write them concurrently: the batch stride steps past the last element of a product
/// (non-negative strides only; the compiler emits dense row-major outputs).
fn batches_disjoint(g: &Gemm, o: View) -> bool {
    if o.rs < 0 || o.cs < 0 || g.m == 0 || g.n == 0 {
        return false;
    }
    let last = (g.m as isize - 1)
        .checked_mul(o.rs)
        .zip((g.n as isize - 1).checked_mul(o.cs))
        .and_then(|(a, b)| a.checked_add(b));
    matches!(last, Some(last) if (g.out.batch_stride as i128) > last as i128)
}

/// Below this many multiply-adds (about 20 us on one core) a matrix is not worth splitting
/// across threads: handing rows to the pool's workers costs a few microseconds, and each
/// part packs the right-hand side again.
pub(crate) const PARALLEL_MIN_MACS: usize = 1 << 20;

/// Least size of B, in bytes, that makes a product of a few rows worth splitting across
/// threads whatever its multiply-adds ([`f32_streams_b`]): reading it takes 25 us or more
/// on one core. Zen 3, two threads, median microseconds, one thread -> split by columns:
/// 1 x 3136 x 128 (1.6 MB) 25-42 -> 21-30, 1 x 1280 x 1000 94-121 -> 59-72, 2 x 768 x 3072
/// 222-286 -> 165-199 (six and three alternated runs of 2000 and 300 calls).
#[cfg(target_arch = "x86_64")]
const PARALLEL_MIN_B_BYTES: usize = 1 << 20;

/// Whether an f32 product of `m` rows by `r` (`k x n`) is bound by reading B: a few rows
/// ([`blocked::STREAM_MAX_ROWS`]; the matrix-vector loop, [`thin`] or a tile that meets
/// each line of B once) of at least [`PARALLEL_MIN_B_BYTES`], row-major. Such a product
/// is split across threads by columns, each part reading its own.
#[cfg(target_arch = "x86_64")]
fn f32_streams_b(m: usize, n: usize, k: usize, r: View, isa: Isa) -> bool {
    f32_product_kernel(m, n, r, isa) != F32Gemm::Crate
        && r.cs == 1
        && m <= blocked::STREAM_MAX_ROWS
        && k.saturating_mul(n).saturating_mul(4) >= PARALLEL_MIN_B_BYTES
}

/// Fewest rows per part of an f32 product split by rows: two of the register tiles' 6
/// rows. Fewer, and each part ends in a partial tile that does a full tile's loads for a
/// fraction of its multiply-adds (an LSTM step's 16 x 128 x 512 in two parts: 6 + 2 rows
/// each, four tiles per panel of B where one thread runs three); such products are split
/// by columns instead, every part keeping the product's row tiles.
#[cfg(target_arch = "x86_64")]
const SPLIT_MIN_ROWS: usize = 12;

/// Columns per block of a product split by columns: the widest register tile's.
const SPLIT_COLUMNS: usize = 64;

/// Splits the rows (or the columns) of one product into up to `threads` parts that the
/// pool runs.
///
/// # Safety
/// As [`one`].
#[allow(clippy::too_many_arguments)]
unsafe fn split_product(
    t: Types,
    m: usize,
    n: usize,
    k: usize,
    l: View,
    r: View,
    o: View,
    epi: Epi,
    threads: usize,
    isa: Isa,
) {
    let macs = m.saturating_mul(n).saturating_mul(k);
    // Threads may only share an output whose rows provably do not interleave (row-major
    // views, which is what the compiler emits); anything else runs on one thread.
    let disjoint = o.cs >= 0 && (n as isize - 1).saturating_mul(o.cs) < o.rs;
    #[cfg(target_arch = "x86_64")]
    let streams = t.out == DType::F32 && t.lhs == DType::F32 && f32_streams_b(m, n, k, r, isa);
    #[cfg(not(target_arch = "x86_64"))]
    let streams = false;
    let parts = if streams && disjoint {
        // By columns (below), in whole blocks.
        threads.min(n / SPLIT_COLUMNS).max(1)
    } else if macs >= PARALLEL_MIN_MACS && disjoint {
        threads.clamp(1, m.max(1))
    } else {
        1
    };
    if parts <= 1 {
        // SAFETY: forwarded.
        return unsafe { one(t, m, n, k, l, r, o, epi, isa) };
    }
    // Whether to split by columns: where row parts would each pack all of B (the f32
    // tile's own packing rule; the bf16 pair products always pack B, as its rows
    // interleave into pairs: bf16_matmul on two threads, best of four runs, 442 -> 454
    // GFLOP/s by columns) or read all of it at memory speed (`streams`), or where each
    // would end in a partial tile (fewer than `SPLIT_MIN_ROWS`).
    #[cfg(target_arch = "x86_64")]
    let by_columns = if t.out == DType::F32 && t.lhs == DType::F32 {
        streams || m.div_ceil(parts) < SPLIT_MIN_ROWS || f32_packs_b(m.div_ceil(parts), n, r, isa)
    } else {
        m / parts > blocked::DIRECT_B_MAX_ROWS
            || (t.rhs == DType::BF16 && bf16::bf16_gemm(isa) == bf16::Bf16Gemm::Dot)
    };
    #[cfg(target_arch = "x86_64")]
    if by_columns && o.cs > 0 && n >= SPLIT_COLUMNS * parts {
        // Parts of many rows each pack the whole right-hand side; parts of columns
        // pack only their own (matmul_1024 on two threads: 0.97x the time). Column blocks
        // are whole multiples of `SPLIT_COLUMNS`, so every tile but the last is full.
        let blocks = n.div_ceil(SPLIT_COLUMNS);
        // SAFETY: each thread writes its own columns of the output (rows do not
        // interleave and `cs > 0`: `disjoint` above); lhs, rhs and bias are only read.
        return super::par::chunks(blocks, parts, |b0, b1| unsafe {
            let (j0, j1) = (b0 * SPLIT_COLUMNS, (b1 * SPLIT_COLUMNS).min(n));
            one(
                t,
                m,
                j1 - j0,
                k,
                l,
                r.skip_cols(j0, t.rhs.size()),
                o.skip_cols(j0, t.out.size()),
                epi.at_column(j0),
                isa,
            )
        });
    }
    // SAFETY: each thread writes its own rows of the output; lhs and rhs are only read.
    super::par::chunks(m, parts, |i0, i1| unsafe {
        one(
            t,
            i1 - i0,
            n,
            k,
            l.skip_rows(i0, t.lhs.size()),
            r,
            o.skip_rows(i0, t.out.size()),
            epi,
            isa,
        )
    });
}

/// One product `o = epi(l * r)` of `m x k` by `k x n`.
///
/// # Safety
/// Every element of the three views is in bounds and aligned, and the output is not
/// accessed by anyone else meanwhile; an epilogue only comes with f32 and a bias of `n`
/// floats (the decoder checks both).
#[allow(clippy::too_many_arguments)]
unsafe fn one(
    t: Types,
    m: usize,
    n: usize,
    k: usize,
    l: View,
    r: View,
    o: View,
    epi: Epi,
    isa: Isa,
) {
    let byte = |d: DType| matches!(d, DType::I8 | DType::U8);
    if t.out == DType::I32 && byte(t.lhs) && byte(t.rhs) {
        let signs = int8::Signs {
            lhs: t.lhs == DType::I8,
            rhs: t.rhs == DType::I8,
        };
        // SAFETY: forwarded; the decoder checked the views against these types.
        return unsafe { int8::gemm(m, n, k, l, r, o, signs, isa) };
    }
    if t.lhs == DType::BF16 {
        // bf16 x bf16 (the decoder's check) into bf16 or f32.
        let out = if t.out == DType::F32 {
            bf16::Out::F32(epi)
        } else {
            bf16::Out::Bf16
        };
        // SAFETY: forwarded; the decoder checked the views against these types.
        return unsafe { bf16_product(m, n, k, l, r, o, out, isa) };
    }
    // SAFETY: forwarded (the operands have the output's type: the decoder's check).
    unsafe {
        match t.out {
            DType::F32 => f32_product(m, n, k, l, r, o, epi, isa),
            DType::F64 => fast::<f64>(m, n, k, l, r, o, isa),
            DType::F16 => widened::<half::f16>(m, n, k, l, r, o, isa),
            d => with_elem!(d, T => rows::<T>(m, n, k, l, r, o)),
        }
    }
}

/// `o = l * r` for bf16 operands into `out`: [`bf16::gemm`]'s pair products where
/// [`bf16::bf16_gemm`] picks them, else widened to f32.
///
/// # Safety
/// As [`one`], for bf16 operands and an output of `out`'s type.
#[allow(clippy::too_many_arguments)]
unsafe fn bf16_product(
    m: usize,
    n: usize,
    k: usize,
    l: View,
    r: View,
    o: View,
    out: bf16::Out,
    isa: Isa,
) {
    #[cfg(target_arch = "x86_64")]
    if bf16::bf16_gemm(isa) == bf16::Bf16Gemm::Dot {
        // SAFETY: forwarded; the CPU has AVX-512F, BW and BF16 by `isa` (bf16_gemm).
        return unsafe { bf16::gemm::<bf16::dpbf16::Dpbf16>(m, n, k, l, r, o, out) };
    }
    // SAFETY: forwarded.
    unsafe {
        match out {
            bf16::Out::F32(epi) => widened_into_f32::<half::bf16>(m, n, k, l, r, o, epi, isa),
            bf16::Out::Bf16 => widened::<half::bf16>(m, n, k, l, r, o, isa),
        }
    }
}

/// One matrix: base pointer and element strides.
#[derive(Clone, Copy)]
pub(crate) struct View {
    pub ptr: *mut u8,
    pub rs: isize,
    pub cs: isize,
}

// SAFETY: a View is an address and strides; whoever shares one with other threads (the
// splits above) guarantees the threads touch disjoint outputs.
unsafe impl Send for View {}
// SAFETY: as for Send; a View has no interior mutability.
unsafe impl Sync for View {}

impl View {
    /// The view of rows `i0..` (the address is only formed, not dereferenced).
    pub(crate) fn skip_rows(self, i0: usize, size: usize) -> View {
        View {
            ptr: self
                .ptr
                .wrapping_offset(i0 as isize * self.rs * size as isize),
            ..self
        }
    }

    /// The view of columns `j0..` (the address is only formed, not dereferenced).
    #[cfg(target_arch = "x86_64")]
    pub(crate) fn skip_cols(self, j0: usize, size: usize) -> View {
        View {
            ptr: self
                .ptr
                .wrapping_offset(j0 as isize * self.cs * size as isize),
            ..self
        }
    }

    pub(crate) fn new(ptr: *mut u8, rs: u64, cs: u64) -> View {
        View {
            ptr,
            rs: rs as isize,
            cs: cs as isize,
        }
    }
    /// # Safety
    /// `(i, j)` must be inside the matrix this view describes.
    unsafe fn at<T>(self, i: usize, j: usize) -> *mut T {
        // SAFETY: in bounds by the caller's contract.
        unsafe {
            (self.ptr as *mut T)
                .offset(i as isize * self.rs)
                .offset(j as isize * self.cs)
        }
    }
}

/// Writes zeros into an `m x n` matrix (a product with `k = 0`).
unsafe fn zero<T: Elem>(m: usize, n: usize, o: View) {
    for i in 0..m {
        for j in 0..n {
            // SAFETY: (i, j) is inside the output.
            unsafe { o.at::<T>(i, j).write(T::done(T::zero())) }
        }
    }
}

/// `o = l * r`: f32 with [`f32_gemm`]'s kernel, other types with the `gemm` crate.
///
/// # Safety
/// Every element of the three views is in bounds and aligned; the output overlaps neither
/// input and nobody else accesses it meanwhile.
pub(crate) unsafe fn fast<T: Elem + FromF32>(
    m: usize,
    n: usize,
    k: usize,
    l: View,
    r: View,
    o: View,
    isa: Isa,
) {
    if std::any::TypeId::of::<T>() == std::any::TypeId::of::<f32>() {
        // SAFETY: T is f32, so the views hold f32; the rest is forwarded.
        return unsafe { f32_product(m, n, k, l, r, o, Epi::NONE, isa) };
    }
    // SAFETY: forwarded.
    unsafe { with_crate::<T>(m, n, k, l, r, o) }
}

/// `o = epi(l * r)` for f32 views: [`f32_gemm`]'s kernel, which applies the epilogue to
/// each tile as it completes, or the `gemm` crate and the epilogue after it.
///
/// # Safety
/// As [`fast`], for views of f32; a non-null bias has `n` readable floats.
#[allow(clippy::too_many_arguments)]
unsafe fn f32_product(m: usize, n: usize, k: usize, l: View, r: View, o: View, epi: Epi, isa: Isa) {
    #[cfg(target_arch = "x86_64")]
    {
        match f32_product_kernel(m, n, r, isa) {
            F32Gemm::Avx512 => {
                // SAFETY: T is f32, so the views hold f32; f32_gemm found AVX-512F,
                // AVX2 and FMA in `isa`, which holds on this CPU.
                return unsafe { blocked::gemm::<f32_avx512::Avx512>(m, n, k, l, r, o, epi) };
            }
            F32Gemm::Avx2 => {
                // SAFETY: T is f32, so the views hold f32; f32_gemm found AVX2 and FMA
                // in `isa`, which holds on this CPU.
                return unsafe { blocked::gemm::<f32_avx2::Avx2>(m, n, k, l, r, o, epi) };
            }
            F32Gemm::Crate => {}
        }
    }
    // SAFETY: forwarded; the m x n output holds f32 and only this call accesses it.
    unsafe {
        with_crate::<f32>(m, n, k, l, r, o);
        epilogue::apply(o.ptr as *mut f32, o.rs, o.cs, m, n, epi, isa.avx);
    }
}

/// Whether [`f32_product`] of `m` rows packs the right-hand side `r` (`n` columns): then
/// parts of rows would each pack all of it, and a product split across threads is split
/// by columns instead (an MLP layer, 64 x 512 x 784 with rows of B 2 KiB apart, on two
/// threads: each half of the rows packed all 1.6 MB of B).
#[cfg(target_arch = "x86_64")]
fn f32_packs_b(m: usize, n: usize, r: View, isa: Isa) -> bool {
    match f32_product_kernel(m, n, r, isa) {
        F32Gemm::Avx512 => blocked::packs_b::<f32_avx512::Avx512>(m, r.rs, r.cs),
        F32Gemm::Avx2 => blocked::packs_b::<f32_avx2::Avx2>(m, r.rs, r.cs),
        F32Gemm::Crate => m > blocked::DIRECT_B_MAX_ROWS,
    }
}

/// The kernel [`f32_product`] runs an `m x n` product with right-hand side `r` on:
/// [`f32_gemm`]'s, except that under AVX-512 products below 64 columns go to the crate.
/// There most of a 64-wide tile would be padding (64 x 10 x 512: 12 GFLOP/s), and the
/// crate's 512-bit kernels beat the 16-wide tile too (57 against 51-55), except for a
/// single row (1 x 10 x 128: 0.29 us against 0.54), which `blocked::gemm` hands to its
/// matrix-vector loop.
#[cfg(target_arch = "x86_64")]
fn f32_product_kernel(m: usize, n: usize, r: View, isa: Isa) -> F32Gemm {
    match f32_gemm(isa) {
        F32Gemm::Avx512 if n < 64 && !(m == 1 && r.cs == 1) => F32Gemm::Crate,
        kernel => kernel,
    }
}

/// Whether [`segmented`] runs on this CPU for a convolution's product `n` columns wide
/// whose rows have `taps` kernel pixels: with the tile [`fast`] would give the product
/// (the 512-bit one from 64 columns, the 256-bit one on CPUs without AVX-512), and under
/// AVX-512 also with the 256-bit tile from 16 columns where the alternative, im2col into
/// scratch and the `gemm` crate, pays for its copy: several taps (the copy holds each
/// input pixel `taps` times), or a width of whole 16-column panels. Zen 4, one thread,
/// implicit / im2col time: 3x3 convs 56x56x128 -> 16/24/32/40/48 0.83/0.92/0.81/0.89/0.99,
/// 14x14x256 -> 32 0.87; 1x1 convs 14x14x512 -> 32/48 0.87/0.93, 28x28x200 -> 32/48
/// 0.91/0.95, 56x56x64 -> 32 1.02; but 1x1 7x7x640 -> 56 1.19 (four 16-wide panels for 56
/// columns).
pub(crate) fn segmented_tile(n: usize, taps: usize, isa: Isa) -> bool {
    match f32_gemm(isa) {
        F32Gemm::Avx512 => n >= 64 || (n >= 16 && (taps > 1 || n.is_multiple_of(16))),
        F32Gemm::Avx2 => n >= 16,
        F32Gemm::Crate => false,
    }
}

/// Writes the pointer table of rows `i0..i0 + rows` of a [`segmented`] product into
/// `table`: segment `s` of row `i0 + i` at `table[i * nseg + s]`.
pub(crate) type FillRows<'a> = dyn FnMut(usize, usize, &mut [*const f32]) + 'a;

/// `o = A * r` for f32, `m x k` by `k x n`, where the rows of A are read in place in
/// segments (see [`blocked::segmented`]): `fill(i0, rows, table)` lists the segment
/// pointers of rows `i0..i0 + rows`, segment `s` of row `i0 + i` at `table[i *
/// lens.len() + s]`, each the start of `lens[s]` floats.
///
/// # Safety
/// This CPU has a tile ([`f32_gemm`] is not `Crate`; [`segmented_tile`] says where it
/// pays); no `lens[s]` is 0; every pointer `fill` writes points to `lens[s]`
/// readable floats; `r` (`k x n`, `k = sum(lens)`) and `o` (`m x n`, unit column stride)
/// are in bounds and aligned for f32; the output overlaps no input and nobody else
/// accesses it meanwhile.
pub(crate) unsafe fn segmented(
    m: usize,
    n: usize,
    lens: &[usize],
    fill: &mut FillRows,
    r: View,
    o: View,
    isa: Isa,
) {
    #[cfg(target_arch = "x86_64")]
    let (b, c) = (blocked::Mat::of(r), blocked::Mat::of(o));
    match f32_gemm(isa) {
        // SAFETY: forwarded; f32_gemm detected AVX-512F, AVX2 and FMA.
        #[cfg(target_arch = "x86_64")]
        F32Gemm::Avx512 if n >= 64 => unsafe {
            blocked::segmented::<f32_avx512::Avx512>(m, n, lens, fill, b, c)
        },
        // SAFETY: forwarded; f32_gemm detected AVX2 and FMA (also under AVX-512, where
        // fewer than 64 columns run the narrower tile).
        #[cfg(target_arch = "x86_64")]
        F32Gemm::Avx2 | F32Gemm::Avx512 => unsafe {
            blocked::segmented::<f32_avx2::Avx2>(m, n, lens, fill, b, c)
        },
        _ => {
            let _ = (m, n, lens, fill, r, o);
            unreachable!("segmented needs an x86_64 tile (segmented_tile)")
        }
    }
}

/// `o = l * r` with the `gemm` crate.
///
/// # Safety
/// As [`fast`].
unsafe fn with_crate<T: Elem + FromF32>(m: usize, n: usize, k: usize, l: View, r: View, o: View) {
    if m == 0 || n == 0 {
        return;
    }
    if k == 0 {
        // SAFETY: forwarded.
        return unsafe { zero::<T>(m, n, o) };
    }
    // SAFETY: the views are in bounds; gemm only reads lhs/rhs and writes dst.
    unsafe {
        gemm::gemm(
            m,
            n,
            k,
            o.ptr as *mut T,
            o.cs,
            o.rs,
            false,
            l.ptr as *const T,
            l.cs,
            l.rs,
            r.ptr as *const T,
            r.cs,
            r.rs,
            T::from_f32(0.0),
            T::from_f32(1.0),
            false,
            false,
            false,
            Parallelism::None,
        )
    }
}

pub(crate) trait FromF32 {
    fn from_f32(x: f32) -> Self;
}
impl FromF32 for f32 {
    fn from_f32(x: f32) -> Self {
        x
    }
}
impl FromF32 for f64 {
    fn from_f32(x: f32) -> Self {
        x as f64
    }
}
/// A 16-bit float that products widen to f32.
trait Half: Copy {
    fn widen(self) -> f32;
    fn round(x: f32) -> Self;
    /// `dst[j] = src[j].widen()`: a loop the compiler vectorizes where it can.
    fn widen_row(src: &[Self], dst: &mut [f32]) {
        for (d, &x) in dst.iter_mut().zip(src) {
            *d = x.widen();
        }
    }
}
impl Half for half::f16 {
    fn widen(self) -> f32 {
        self.to_f32()
    }
    fn round(x: f32) -> Self {
        half::f16::from_f32(x)
    }
}
impl Half for half::bf16 {
    fn widen(self) -> f32 {
        self.to_f32()
    }
    fn round(x: f32) -> Self {
        half::bf16::from_f32(x)
    }
    fn widen_row(src: &[Self], dst: &mut [f32]) {
        // A bf16 is the high half of the f32 it widens to (NaN payloads included).
        for (d, &x) in dst.iter_mut().zip(src) {
            *d = f32::from_bits((x.to_bits() as u32) << 16);
        }
    }
}

/// The f32 copies of a widened product (operands, output), kept by each thread between
/// calls: a fresh matrix of megabytes is fresh pages, faulted in on every call (bf16_matmul
/// at x86-64-v3: about 10% of the call).
#[derive(Default)]
struct Widened {
    l: Vec<f32>,
    r: Vec<f32>,
    o: Vec<f32>,
}

thread_local! {
    static WIDENED: RefCell<Widened> = RefCell::new(Widened::default());
}

/// Buffers up to this many floats stay with the thread after a widened product (16 MiB).
const WIDENED_KEEP: usize = 1 << 22;

/// Runs `f` with this thread's [`Widened`] buffers (fresh ones if they are in use).
fn with_widened<R>(f: impl FnOnce(&mut Widened) -> R) -> R {
    WIDENED.with(|cell| match cell.try_borrow_mut() {
        Ok(mut w) => {
            let r = f(&mut w);
            let w = &mut *w;
            for v in [&mut w.l, &mut w.r, &mut w.o] {
                if v.capacity() > WIDENED_KEEP {
                    *v = Vec::new();
                }
            }
            r
        }
        // Not expected (the kernels do not nest), but then fresh buffers serve.
        Err(_) => f(&mut Widened::default()),
    })
}

/// The `rows x cols` matrix of half floats `v` widened into `w`, dense row-major.
///
/// # Safety
/// Every element of the view is in bounds and aligned.
unsafe fn widen<T: Half>(v: View, rows: usize, cols: usize, w: &mut Vec<f32>) {
    w.clear();
    w.resize(rows * cols, 0.0);
    // SAFETY: forwarded; `w` has rows x cols floats.
    unsafe { widen_rows::<T>(v, rows, cols, w) }
}

/// The `rows x cols` matrix of half floats `v` widened into `w` (dense row-major, at least
/// `rows * cols` floats).
///
/// # Safety
/// Every element of the view is in bounds and aligned.
unsafe fn widen_rows<T: Half>(v: View, rows: usize, cols: usize, w: &mut [f32]) {
    for (i, dst) in w.chunks_exact_mut(cols.max(1)).enumerate().take(rows) {
        if v.cs == 1 {
            // SAFETY: row i's `cols` contiguous elements are inside the view.
            let src = unsafe { std::slice::from_raw_parts(v.at::<T>(i, 0), cols) };
            T::widen_row(src, dst);
        } else {
            for (j, d) in dst.iter_mut().enumerate() {
                // SAFETY: (i, j) is inside the view.
                *d = unsafe { v.at::<T>(i, j).read() }.widen();
            }
        }
    }
}

/// A dense row-major f32 matrix of `cols` columns as a view.
fn dense(p: &mut [f32], cols: usize) -> View {
    View::new(p.as_mut_ptr() as *mut u8, cols as u64, 1)
}

/// Half operands into an f32 output: widened (exactly) to f32 and multiplied with the
/// f32 kernel, which applies `epi`.
///
/// # Safety
/// As [`fast`], for views of `T` and an f32 output; a non-null scale or bias has `n`
/// readable floats.
#[allow(clippy::too_many_arguments)]
unsafe fn widened_into_f32<T: Half>(
    m: usize,
    n: usize,
    k: usize,
    l: View,
    r: View,
    o: View,
    epi: Epi,
    isa: Isa,
) {
    if m == 0 || n == 0 {
        return;
    }
    with_widened(|w| {
        // SAFETY: forwarded; then dense operands of exactly these shapes, the output as
        // the contract says.
        unsafe {
            widen::<T>(l, m, k, &mut w.l);
            widen::<T>(r, k, n, &mut w.r);
            f32_product(m, n, k, dense(&mut w.l, k), dense(&mut w.r, n), o, epi, isa)
        }
    })
}

/// f16 and bf16: widen to f32, multiply with the f32 kernel, round each output once
/// (the products and sums in f32, as XLA CPU computes half-precision dots).
unsafe fn widened<T: Half>(m: usize, n: usize, k: usize, l: View, r: View, o: View, isa: Isa) {
    if m == 0 || n == 0 {
        return;
    }
    with_widened(|w| {
        // SAFETY: forwarded.
        unsafe {
            widen::<T>(l, m, k, &mut w.l);
            widen::<T>(r, k, n, &mut w.r);
        }
        w.o.clear();
        w.o.resize(m * n, 0.0);
        let ov = dense(&mut w.o, n);
        // SAFETY: dense buffers of exactly these shapes.
        unsafe { fast::<f32>(m, n, k, dense(&mut w.l, k), dense(&mut w.r, n), ov, isa) };
        for i in 0..m {
            for j in 0..n {
                // SAFETY: (i, j) is inside the output.
                unsafe { o.at::<T>(i, j).write(T::round(w.o[i * n + j])) }
            }
        }
    })
}

/// Integer, boolean and minifloat products: each output row accumulates `l[i, p] *
/// r[p, :]` over `p` along a contiguous row of accumulators (a loop the compiler
/// vectorizes for the machine integers), so every element still adds its products in
/// the order of `p`, as the reference does.
///
/// # Safety
/// As [`fast`].
pub(crate) unsafe fn rows<T: Elem>(m: usize, n: usize, k: usize, l: View, r: View, o: View) {
    let mut acc = vec![T::zero(); n];
    let mut row: Vec<T> = Vec::with_capacity(n);
    for i in 0..m {
        acc.fill(T::zero());
        for p in 0..k {
            // SAFETY: (i, p) is inside lhs.
            let a = unsafe { l.at::<T>(i, p).read() };
            row.clear();
            // SAFETY: (p, j) is inside rhs for every j < n.
            row.extend((0..n).map(|j| unsafe { r.at::<T>(p, j).read() }));
            for (s, &x) in acc.iter_mut().zip(&row) {
                *s = T::mac(*s, a, x);
            }
        }
        for (j, &s) in acc.iter().enumerate() {
            // SAFETY: (i, j) is inside the output.
            unsafe { o.at::<T>(i, j).write(T::done(s)) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{epilogue, gemm};
    use crate::DType;
    use crate::format::{Activation, BufRef, Epilogue, Gemm, MatrixView, Region};
    use crate::kernels::Bases;
    use proptest::prelude::*;

    /// A batch of matrices, row-major or transposed, with padded rows and batches.
    fn view(
        region: Region,
        rows: usize,
        cols: usize,
        trans: bool,
        pad: usize,
    ) -> (MatrixView, usize) {
        let (rs, cs) = if trans {
            (1, rows + pad)
        } else {
            (cols + pad, 1)
        };
        let span = (rows.max(1) - 1) * rs + (cols.max(1) - 1) * cs + 1;
        let v = MatrixView {
            buf: BufRef {
                region,
                offset: 0,
                size: 0,
            },
            batch_stride: (span + pad) as u64,
            row_stride: rs as u64,
            col_stride: cs as u64,
        };
        (v, span + pad)
    }

    /// A `Gemm` step of one element type without an epilogue.
    #[allow(clippy::too_many_arguments)]
    fn step(
        dtype: DType,
        batch: usize,
        m: usize,
        n: usize,
        k: usize,
        lhs: MatrixView,
        rhs: MatrixView,
        out: MatrixView,
    ) -> Gemm {
        Gemm {
            dtype,
            lhs_dtype: dtype,
            rhs_dtype: dtype,
            batch: batch as u64,
            m: m as u64,
            n: n as u64,
            k: k as u64,
            lhs,
            rhs,
            out,
            epilogue: Epilogue::default(),
            extents: [None; 4],
        }
    }

    /// Uniform values in [-1, 1) from a xorshift generator.
    fn uniform(seed: u64) -> impl FnMut() -> f32 {
        let mut s = 0x9e3779b97f4a7c15u64 ^ seed;
        move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            ((s >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
        }
    }

    /// Runs an f32 `Gemm` step over random data and checks each element against an f64
    /// sum within `k * eps * sum |a| |b|`; then with each epilogue, whose every element
    /// must be the bits of the separate ops (`+ bias[j]`, then `maximum(_, +0)`) applied
    /// to the plain product's.
    #[allow(clippy::too_many_arguments)]
    fn check(
        batch: usize,
        m: usize,
        n: usize,
        k: usize,
        ta: bool,
        tb: bool,
        pad: usize,
        threads: usize,
    ) {
        let (lhs, sa) = view(Region::Input(0), m, k, ta, pad);
        let (rhs, sb) = view(Region::Input(1), k, n, tb, pad);
        let (out, so) = view(Region::Output(0), m, n, false, pad);
        let mut next = uniform((batch * 131 + m * 31 + n * 7 + k) as u64);
        let mut a: Vec<f32> = (0..batch * sa).map(|_| next()).collect();
        let mut b: Vec<f32> = (0..batch * sb).map(|_| next()).collect();
        let mut bias: Vec<f32> = (0..n).map(|_| next()).collect();
        let mut scale: Vec<f32> = (0..n).map(|_| next()).collect();
        let mut c = vec![f32::NAN; batch * so];
        let mut g = step(DType::F32, batch, m, n, k, lhs, rhs, out);
        let inputs = [
            a.as_mut_ptr() as *mut u8,
            b.as_mut_ptr() as *mut u8,
            bias.as_mut_ptr() as *mut u8,
            scale.as_mut_ptr() as *mut u8,
        ];
        let run = |g: &Gemm, c: &mut Vec<f32>| {
            let outputs = [c.as_mut_ptr() as *mut u8];
            let bases = Bases::io(&inputs, &outputs);
            // SAFETY: each view's batches lie inside its own buffer (sizes computed by
            // `view`), and the bias has n floats.
            unsafe { gemm(g, &bases, threads, crate::Isa::host()) };
        };
        run(&g, &mut c);
        let at = |v: &MatrixView, t: usize, i: usize, j: usize| {
            t * v.batch_stride as usize + i * v.row_stride as usize + j * v.col_stride as usize
        };
        for t in 0..batch {
            for i in 0..m {
                for j in 0..n {
                    let (mut want, mut mag) = (0f64, 0f64);
                    for p in 0..k {
                        let x = a[at(&lhs, t, i, p)] as f64 * b[at(&rhs, t, p, j)] as f64;
                        want += x;
                        mag += x.abs();
                    }
                    let got = c[at(&out, t, i, j)] as f64;
                    let bound = k as f64 * f32::EPSILON as f64 * mag + f32::MIN_POSITIVE as f64;
                    assert!(
                        (got - want).abs() <= bound,
                        "[{t}]({i}, {j}) of {batch}x{m}x{n}x{k} ta={ta} tb={tb} threads={threads}: \
                         got {got}, want {want}"
                    );
                }
            }
        }
        let bias_ref = BufRef {
            region: Region::Input(2),
            offset: 0,
            size: 4 * n as u64,
        };
        let scale_ref = BufRef {
            region: Region::Input(3),
            ..bias_ref
        };
        let clamp = Activation::Clamp {
            lo: (-0.25f32).to_bits(),
            hi: 0.5f32.to_bits(),
        };
        for (with_scale, with_bias, activation) in [
            (false, true, Activation::None),
            (false, false, Activation::Relu),
            (false, true, Activation::Relu),
            (true, false, Activation::None),
            (true, true, clamp),
        ] {
            g.epilogue = Epilogue {
                scale: with_scale.then_some(scale_ref),
                bias: with_bias.then_some(bias_ref),
                activation,
            };
            let mut e = vec![f32::NAN; batch * so];
            run(&g, &mut e);
            for t in 0..batch {
                for i in 0..m {
                    for j in 0..n {
                        let mut want = c[at(&out, t, i, j)];
                        if with_scale {
                            want *= scale[j];
                        }
                        if with_bias {
                            want += bias[j];
                        }
                        want = match activation {
                            Activation::None => want,
                            Activation::Relu => epilogue::max(want, 0.0),
                            Activation::Clamp { lo, hi } => epilogue::min(
                                epilogue::max(want, f32::from_bits(lo)),
                                f32::from_bits(hi),
                            ),
                        };
                        let got = e[at(&out, t, i, j)];
                        assert_eq!(
                            got.to_bits(),
                            want.to_bits(),
                            "[{t}]({i}, {j}) of {batch}x{m}x{n}x{k} ta={ta} tb={tb} \
                             threads={threads} {:?}: got {got}, want {want}",
                            g.epilogue
                        );
                    }
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(100))]

        /// Small random batches, strides and transposes.
        #[test]
        fn random_batches(
            batch in 1..4usize, m in 0..40usize, n in 0..40usize, k in 0..40usize,
            ta in any::<bool>(), tb in any::<bool>(), pad in 0..3usize, threads in 1..3usize,
        ) {
            check(batch, m, n, k, ta, tb, pad, threads);
        }
    }

    /// f16 and bf16 products (widened to f32, rounded once): each element within half a
    /// unit in the last place of the half type, plus the f32 sum's own error, of the exact
    /// product; odd sizes, a transposed and padded operand, a batch.
    #[test]
    fn half_products_round_the_f32_product_once() {
        fn run<T: Copy>(dtype: DType, widen: fn(T) -> f32, round: fn(f32) -> T, unit: f64) {
            for (batch, m, n, k, tb) in [
                (1, 1, 1, 1, false),
                (2, 7, 9, 13, true),
                (1, 33, 70, 65, false),
            ] {
                let (lhs, sa) = view(Region::Input(0), m, k, false, 1);
                let (rhs, sb) = view(Region::Input(1), k, n, tb, 2);
                let (out, so) = view(Region::Output(0), m, n, false, 0);
                let mut uniform = uniform((m * 31 + n * 7 + k) as u64);
                let mut next = move || round(uniform() * 2.0);
                let mut a: Vec<T> = (0..batch * sa).map(|_| next()).collect();
                let mut b: Vec<T> = (0..batch * sb).map(|_| next()).collect();
                let mut c: Vec<T> = vec![round(f32::NAN); batch * so];
                let g = step(dtype, batch, m, n, k, lhs, rhs, out);
                let inputs = [a.as_mut_ptr() as *mut u8, b.as_mut_ptr() as *mut u8];
                let outputs = [c.as_mut_ptr() as *mut u8];
                let bases = Bases::io(&inputs, &outputs);
                // SAFETY: each view's batches lie inside its own buffer (sizes from `view`).
                unsafe { gemm(&g, &bases, 1, crate::Isa::host()) };
                let at = |v: &MatrixView, t: usize, i: usize, j: usize| {
                    t * v.batch_stride as usize
                        + i * v.row_stride as usize
                        + j * v.col_stride as usize
                };
                for t in 0..batch {
                    for i in 0..m {
                        for j in 0..n {
                            let (mut want, mut mag) = (0f64, 0f64);
                            for p in 0..k {
                                let x = widen(a[at(&lhs, t, i, p)]) as f64
                                    * widen(b[at(&rhs, t, p, j)]) as f64;
                                want += x;
                                mag += x.abs();
                            }
                            let got = widen(c[at(&out, t, i, j)]) as f64;
                            let bound =
                                unit * want.abs() + k as f64 * f32::EPSILON as f64 * mag + 1e-7;
                            assert!(
                                (got - want).abs() <= bound,
                                "{dtype:?} [{t}]({i}, {j}) of {batch}x{m}x{n}x{k}: got {got}, want {want}"
                            );
                        }
                    }
                }
            }
        }
        // Unit roundoff: 2^-11 for f16 (11-bit significand), 2^-8 for bf16.
        run(
            DType::F16,
            half::f16::to_f32,
            half::f16::from_f32,
            2f64.powi(-11),
        );
        run(
            DType::BF16,
            half::bf16::to_f32,
            half::bf16::from_f32,
            2f64.powi(-8),
        );
    }

    /// Products large enough to be split across threads: by rows (one product above
    /// `PARALLEL_MIN_MACS`), by columns (parts of more than `DIRECT_B_MAX_ROWS` rows; the
    /// last block of 200 columns is partial; and, under the AVX2 tile, 31-row parts of a
    /// B whose rows alias in L1; and products of a few rows by a B of a megabyte or more,
    /// whatever their multiply-adds: a row, 11 rows run as 8 + 3 by `thin` on one
    /// thread, 3 rows of a transposed A with odd columns; and products too short to give
    /// each part two row tiles) and by batch (many products below it).
    #[test]
    fn threaded_splits() {
        for threads in [1, 2, 3] {
            check(1, 1, 130, 2100, false, false, 0, threads);
            check(1, 11, 900, 600, false, false, 1, threads);
            check(1, 3, 1030, 513, true, false, 2, threads);
            // Parts of fewer than 12 rows: by columns where the width allows, else rows.
            check(1, 16, 200, 400, false, false, 1, threads);
            check(1, 20, 100, 600, false, true, 0, threads);
            check(1, 62, 192, 100, false, false, 0, threads);
            check(1, 201, 97, 70, false, false, 1, threads);
            check(1, 800, 200, 10, false, false, 0, threads);
            check(1, 800, 200, 10, true, true, 2, threads);
            check(2, 130, 70, 120, true, true, 0, threads);
            check(9, 50, 47, 60, false, true, 2, threads);
        }
    }
}
