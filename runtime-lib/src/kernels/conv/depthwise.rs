//! Depthwise convolutions (one input feature per group, any channel multiplier): direct
//! loops vectorized across the output features, which are contiguous in the kernel and
//! the output (channels innermost).
//!
//! Output feature `o` of group `g = o / mult` adds, in kernel order, the products of its
//! taps' input feature `g` with `w[tap, o]`: each product rounded, then added, as the
//! reference does (one input feature per group, so kernel order is the reference's
//! order), whatever the window size. A block of features keeps its sums in registers
//! while the taps go by; the input vector is the taps' features `o / mult` (the features
//! themselves when `mult` is 1, a contiguous load).

use super::{Float, Geometry, Taps};

/// Output features per block: four 256-bit vectors of f32.
const BLOCK: usize = 32;
/// Output features per block of the remainder.
const SMALL: usize = 8;

/// Whether `geo` is a depthwise convolution this module runs: feature groups only, one
/// input feature each, more than one group.
pub(super) fn applies(geo: &Geometry) -> bool {
    !geo.by_batch && geo.cg == 1 && geo.groups > 1
}

rows_with_avx! {
    /// Output rows `[begin, end)` of a depthwise conv (see [`applies`]).
    pub(super) fn rows => rows_inline
}

#[inline(always)]
unsafe fn rows_inline<T: Float>(
    geo: &Geometry,
    input: *mut u8,
    kernel: *mut u8,
    out: *mut u8,
    begin: usize,
    end: usize,
) {
    let (input, kernel, out) = (input as *const T, kernel as *const T, out as *mut T);
    let mult = geo.ofg;
    let mut taps = Taps::default();
    // (kernel pixel, input pixel) of the row's taps, padding skipped.
    let mut list: Vec<(usize, usize)> = Vec::with_capacity(geo.k_pix);
    for row in begin..end {
        let (ob, opix) = (row / geo.o_pix, row % geo.o_pix);
        geo.locate(opix, &mut taps);
        list.clear();
        match (&geo.inside, geo.inside_base(&taps.opos)) {
            (Some(inside), Some(base)) => {
                list.extend(inside.koff.iter().enumerate().map(|(t, &o)| (t, base + o)))
            }
            _ => {
                geo.taps(opix, &mut taps);
                list.extend(
                    taps.list
                        .iter()
                        .enumerate()
                        .filter_map(|(t, p)| p.map(|p| (t, p))),
                );
            }
        }
        let xrow = ob * geo.in_pix * geo.c;
        let orow = row * geo.of;
        let mut o0 = 0;
        while o0 + BLOCK <= geo.of {
            // SAFETY: features o0..o0 + BLOCK are output features; the taps are the
            // row's, inside the input; the row is this thread's.
            unsafe { block::<T, BLOCK>(&list, xrow, geo, o0, mult, input, kernel, out.add(orow)) };
            o0 += BLOCK;
        }
        while o0 + SMALL <= geo.of {
            // SAFETY: as above.
            unsafe { block::<T, SMALL>(&list, xrow, geo, o0, mult, input, kernel, out.add(orow)) };
            o0 += SMALL;
        }
        for o in o0..geo.of {
            let mut a = T::zero();
            for &(t, p) in &list {
                // SAFETY: input feature o / mult of input pixel p (inside the input) and
                // kernel element (t, o).
                a = a + unsafe {
                    input.add(xrow + p * geo.c + o / mult).read()
                        * kernel.add(t * geo.of + o).read()
                };
            }
            // SAFETY: feature o of the row, which this thread owns.
            unsafe { out.add(orow + o).write(a) };
        }
        if !geo.epi.is_none() {
            // The row's epilogue while it is in L1: f32 (only f32 has one), `of` floats,
            // its vectors `of` floats.
            // SAFETY: the row is this thread's; the decoder checked the vectors.
            unsafe {
                super::gemm::apply_epilogue(
                    out.add(orow) as *mut f32,
                    0,
                    1,
                    1,
                    geo.of,
                    geo.epi,
                    geo.isa,
                )
            };
        }
    }
}

/// Output features `o0..o0 + N` of one row: the taps' products added in kernel order.
///
/// # Safety
/// `o0 + N <= geo.of`; each `(t, p)` of `list` is a kernel pixel and an input pixel of
/// batch `xrow / (in_pix * c)`; `orow` points to the row's `of` outputs, which only this
/// thread writes.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
unsafe fn block<T: Float, const N: usize>(
    list: &[(usize, usize)],
    xrow: usize,
    geo: &Geometry,
    o0: usize,
    mult: usize,
    input: *const T,
    kernel: *const T,
    orow: *mut T,
) {
    let mut acc = [T::zero(); N];
    for &(t, p) in list {
        let px = xrow + p * geo.c;
        // SAFETY: N kernel elements of pixel t from feature o0 (o0 + N <= of).
        let w = unsafe { (kernel.add(t * geo.of + o0) as *const [T; N]).read_unaligned() };
        let x: [T; N] = if mult == 1 {
            // SAFETY: input features o0..o0 + N of pixel p (features = output features).
            unsafe { (input.add(px + o0) as *const [T; N]).read_unaligned() }
        } else {
            // SAFETY: feature (o0 + l) / mult < c of pixel p.
            std::array::from_fn(|l| unsafe { input.add(px + (o0 + l) / mult).read() })
        };
        for ((a, &x), &w) in acc.iter_mut().zip(&x).zip(&w) {
            *a = *a + x * w;
        }
    }
    // SAFETY: N outputs of the row from o0.
    unsafe { (orow.add(o0) as *mut [T; N]).write_unaligned(acc) };
}
