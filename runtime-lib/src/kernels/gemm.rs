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
    let (lhs, rhs, out) = (
        base.ptr(&g.lhs.buf),
        base.ptr(&g.rhs.buf),
        base.ptr(&g.out.buf),
    );
    let (m, n, k) = (g.m as usize, g.n as usize, g.k as usize);
    for b in 0..g.batch as usize {
        // Strides fit in isize (checked by the decoder); offsets are only formed for batches
        // that exist.
        let at = |p: *mut u8, stride: u64| p.wrapping_add(b * stride as usize * g.dtype.size());
        let l = View::new(
            at(lhs, g.lhs.batch_stride),
            g.lhs.row_stride,
            g.lhs.col_stride,
        );
        let r = View::new(
            at(rhs, g.rhs.batch_stride),
            g.rhs.row_stride,
            g.rhs.col_stride,
        );
        let o = View::new(
            at(out, g.out.batch_stride),
            g.out.row_stride,
            g.out.col_stride,
        );
        // SAFETY: forwarded from this function's contract.
        unsafe { split_rows(g.dtype, m, n, k, l, r, o, threads) }
    }
}

/// Below this many multiply-adds (about 20 us on one core) a matrix is not worth splitting
/// across threads: handing rows to the pool's workers costs a few microseconds, and each
/// part packs the right-hand side again. (It was 8M while each split spawned threads.)
pub(crate) const PARALLEL_MIN_MACS: usize = 1 << 20;

/// Splits the rows of one product across up to `threads` threads of the pool.
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
    let chunk = m.div_ceil(parts);
    let size = dtype.size();
    crate::pool::run(threads, parts, &|p| {
        let i0 = p * chunk;
        if i0 < m {
            let rows = chunk.min(m - i0);
            let (l, o) = (l.skip_rows(i0, size), o.skip_rows(i0, size));
            // SAFETY: each part writes its own rows of the output; lhs and rhs are only
            // read.
            unsafe { one(dtype, rows, n, k, l, r, o) }
        }
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

// SAFETY: a View is an address and strides; whoever moves one to another thread (the row
// split above) guarantees the threads touch disjoint outputs.
unsafe impl Send for View {}
// SAFETY: as above (the pool shares one View among the parts, each writing its own rows).
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
