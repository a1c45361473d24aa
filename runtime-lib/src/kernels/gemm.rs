//! Batched matrix multiply ([`crate::format::Gemm`]).

use super::{Bases, Elem, with_elem};
use crate::DType;
use crate::format::Gemm;
use gemm::Parallelism;

/// Computes `g` over the buffers at `base`.
///
/// # Safety
/// `g` must have been validated by [`crate::format::Pjx::from_bytes`] against regions of
/// the sizes that `base` points to (so every element touched is in bounds and aligned), and
/// no other thread may access the output while this runs.
pub unsafe fn gemm(g: &Gemm, base: &Bases, threads: usize) {
    let size = g.dtype.size();
    let first = Views {
        l: View::new(base.ptr(&g.lhs.buf), g.lhs.row_stride, g.lhs.col_stride),
        r: View::new(base.ptr(&g.rhs.buf), g.rhs.row_stride, g.rhs.col_stride),
        o: View::new(base.ptr(&g.out.buf), g.out.row_stride, g.out.col_stride),
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
                let v = first.batch(g, b, size);
                one(g.dtype, m, n, k, v.l, v.r, v.o);
            }
        });
        return;
    }
    for b in 0..batch {
        let v = first.batch(g, b, size);
        // SAFETY: forwarded from this function's contract.
        unsafe { split_rows(g.dtype, m, n, k, v.l, v.r, v.o, threads) }
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
    fn batch(self, g: &Gemm, b: usize, size: usize) -> Views {
        let at = |v: View, stride: u64| View {
            ptr: v.ptr.wrapping_add(b * stride as usize * size),
            ..v
        };
        Views {
            l: at(self.l, g.lhs.batch_stride),
            r: at(self.r, g.rhs.batch_stride),
            o: at(self.o, g.out.batch_stride),
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
/// part packs the right-hand side again. (It was 8M while each split spawned threads.)
pub(crate) const PARALLEL_MIN_MACS: usize = 1 << 20;

/// Splits the rows of one product across up to `threads` scoped threads.
///
/// # Safety
/// As [`one`].
#[allow(clippy::too_many_arguments)]
unsafe fn split_rows(
    dtype: DType,
    m: usize,
    n: usize,
    k: usize,
    l: View,
    r: View,
    o: View,
    threads: usize,
) {
    let macs = m.saturating_mul(n).saturating_mul(k);
    // Threads may only share an output whose rows provably do not interleave (row-major
    // views, which is what the compiler emits); anything else runs on one thread.
    let disjoint = o.cs >= 0 && (n as isize - 1).saturating_mul(o.cs) < o.rs;
    let parts = if macs >= PARALLEL_MIN_MACS && disjoint {
        threads.clamp(1, m.max(1))
    } else {
        1
    };
    if parts <= 1 {
        // SAFETY: forwarded.
        return unsafe { one(dtype, m, n, k, l, r, o) };
    }
    let size = dtype.size();
    // SAFETY: each thread writes its own rows of the output; lhs and rhs are only read.
    super::par::chunks(m, parts, |i0, i1| unsafe {
        one(
            dtype,
            i1 - i0,
            n,
            k,
            l.skip_rows(i0, size),
            r,
            o.skip_rows(i0, size),
        )
    });
}

/// One product `o = l * r` of `m x k` by `k x n`.
///
/// # Safety
/// Every element of the three views is in bounds and aligned, and the output is not
/// accessed by anyone else meanwhile.
unsafe fn one(dtype: DType, m: usize, n: usize, k: usize, l: View, r: View, o: View) {
    // SAFETY: forwarded.
    unsafe {
        match dtype {
            DType::F32 => fast::<f32>(m, n, k, l, r, o),
            DType::F64 => fast::<f64>(m, n, k, l, r, o),
            DType::F16 => fast::<half::f16>(m, n, k, l, r, o),
            DType::BF16 => bf16(m, n, k, l, r, o),
            d => with_elem!(d, T => naive::<T>(m, n, k, l, r, o)),
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

/// `o = l * r` with the `gemm` crate.
///
/// # Safety
/// Every element of the three views is in bounds and aligned.
pub(crate) unsafe fn fast<T: Elem + FromF32>(
    m: usize,
    n: usize,
    k: usize,
    l: View,
    r: View,
    o: View,
) {
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
impl FromF32 for half::f16 {
    fn from_f32(x: f32) -> Self {
        half::f16::from_f32(x)
    }
}

/// bf16: widen to f32, multiply with the gemm crate, round once.
unsafe fn bf16(m: usize, n: usize, k: usize, l: View, r: View, o: View) {
    if m == 0 || n == 0 {
        return;
    }
    let widen = |v: View, rows: usize, cols: usize| {
        let mut w = Vec::with_capacity(rows * cols);
        for i in 0..rows {
            for j in 0..cols {
                // SAFETY: (i, j) is inside the view.
                w.push(unsafe { v.at::<half::bf16>(i, j).read() }.to_f32());
            }
        }
        w
    };
    let mut lw = widen(l, m, k);
    let mut rw = widen(r, k, n);
    let mut ow = vec![0f32; m * n];
    let dense =
        |p: &mut Vec<f32>, cols: usize| View::new(p.as_mut_ptr() as *mut u8, cols as u64, 1);
    let ov = dense(&mut ow, n);
    // SAFETY: dense buffers of exactly these shapes.
    unsafe { fast::<f32>(m, n, k, dense(&mut lw, k), dense(&mut rw, n), ov) };
    for i in 0..m {
        for j in 0..n {
            // SAFETY: (i, j) is inside the output.
            unsafe {
                o.at::<half::bf16>(i, j)
                    .write(half::bf16::from_f32(ow[i * n + j]))
            }
        }
    }
}

/// Reference loops, used for integer and boolean types.
pub(crate) unsafe fn naive<T: Elem>(m: usize, n: usize, k: usize, l: View, r: View, o: View) {
    for i in 0..m {
        for j in 0..n {
            let mut acc = T::zero();
            for p in 0..k {
                // SAFETY: (i, p) and (p, j) are inside lhs and rhs.
                acc = unsafe { T::mac(acc, l.at::<T>(i, p).read(), r.at::<T>(p, j).read()) };
            }
            // SAFETY: (i, j) is inside the output.
            unsafe { o.at::<T>(i, j).write(T::done(acc)) }
        }
    }
}
