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
/// Output rows (pixels) per call of the epilogue.
const EPI_ROWS: usize = 16;

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
    // Per tap, padding skipped: (element offset of its kernel pixel's features, element
    // offset of its input pixel's features from `x0`), so the loops below only add. A
    // pixel whose window lies inside the input uses the same offsets from its first tap
    // (`inside`, made once); the others list their own taps (`border`, from 0).
    let inside: Vec<(usize, usize)> = (geo.inside.iter())
        .flat_map(|i| i.koff.iter().enumerate())
        .map(|(t, &o)| (t * geo.of, o * geo.c))
        .collect();
    let mut border: Vec<(usize, usize)> = Vec::with_capacity(geo.k_pix);
    let mut chunk = begin;
    for row in begin..end {
        let (ob, opix) = (row / geo.o_pix, row % geo.o_pix);
        let xrow = ob * geo.in_pix * geo.c;
        geo.locate(opix, &mut taps);
        let (list, x0) = match geo.inside_base(&taps.opos) {
            Some(base) if geo.inside.is_some() => (&inside, xrow + base * geo.c),
            _ => {
                geo.taps(opix, &mut taps);
                border.clear();
                border.extend(
                    (taps.list.iter().enumerate())
                        .filter_map(|(t, p)| p.map(|p| (t * geo.of, xrow + p * geo.c))),
                );
                (&border, 0)
            }
        };
        let orow = row * geo.of;
        let mut o0 = 0;
        while o0 + BLOCK <= geo.of {
            // SAFETY: features o0..o0 + BLOCK are output features; the taps are the
            // row's, inside the input; the row is this thread's.
            unsafe { block::<T, BLOCK>(list, x0, o0, mult, input, kernel, out.add(orow)) };
            o0 += BLOCK;
        }
        while o0 + SMALL <= geo.of {
            // SAFETY: as above.
            unsafe { block::<T, SMALL>(list, x0, o0, mult, input, kernel, out.add(orow)) };
            o0 += SMALL;
        }
        for o in o0..geo.of {
            let mut a = T::zero();
            for &(k, x) in list {
                let x = x0 + x;
                // SAFETY: input feature o / mult of a tap's input pixel (inside the input)
                // and feature o of its kernel pixel.
                a = a + unsafe { input.add(x + o / mult).read() * kernel.add(k + o).read() };
            }
            // SAFETY: feature o of the row, which this thread owns.
            unsafe { out.add(orow + o).write(a) };
        }
        if !geo.epi.is_none() && (row + 1 - chunk == EPI_ROWS || row + 1 == end) {
            // The epilogue of the rows since the last one, while they are in L1: f32
            // (only f32 has one), `of` floats a row, its vectors `of` floats. One call
            // per few rows: per row, the call cost as much as the row's products.
            // SAFETY: rows chunk..=row are this thread's and contiguous; the decoder
            // checked the vectors.
            unsafe {
                super::gemm::apply_epilogue(
                    out.add(chunk * geo.of) as *mut f32,
                    geo.of as isize,
                    1,
                    row + 1 - chunk,
                    geo.of,
                    geo.epi,
                    geo.isa,
                )
            };
            chunk = row + 1;
        }
    }
}

/// Output features `o0..o0 + N` of one row: the taps' products added in kernel order.
///
/// # Safety
/// `o0 + N <= geo.of`; for each `(k, x)` of `list`, `k` is the element offset of a kernel
/// pixel's features and `x0 + x` that of an input pixel's (of this row's batch);
/// `orow` points to the row's `of` outputs, which only this thread writes.
#[inline(always)]
unsafe fn block<T: Float, const N: usize>(
    list: &[(usize, usize)],
    x0: usize,
    o0: usize,
    mult: usize,
    input: *const T,
    kernel: *const T,
    orow: *mut T,
) {
    let mut acc = [T::zero(); N];
    for &(k, x) in list {
        let x = x0 + x;
        // SAFETY: N kernel elements of the tap's pixel from feature o0 (o0 + N <= of).
        let w = unsafe { (kernel.add(k + o0) as *const [T; N]).read_unaligned() };
        let x: [T; N] = if mult == 1 {
            // SAFETY: input features o0..o0 + N of the pixel (features = output features).
            unsafe { (input.add(x + o0) as *const [T; N]).read_unaligned() }
        } else {
            // SAFETY: feature (o0 + l) / mult < c of the pixel.
            std::array::from_fn(|l| unsafe { input.add(x + (o0 + l) / mult).read() })
        };
        for ((a, &x), &w) in acc.iter_mut().zip(&x).zip(&w) {
            *a = *a + x * w;
        }
    }
    // SAFETY: N outputs of the row from o0.
    unsafe { (orow.add(o0) as *mut [T; N]).write_unaligned(acc) };
}
