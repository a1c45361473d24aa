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
//!
//! Pixels whose windows lie inside the input along the last spatial dimension come in
//! runs along it, located once: each pixel's first tap is a fixed step after the previous
//! one's, and with one input feature per output feature [`PIXELS`] of them run together,
//! loading each tap's kernel vector once (MobileNet's 3x3 over 112x112x32 at one thread
//! on a Zen 4, with its scale/bias/relu6 epilogue: 392 -> 233 us; per-pixel locating had
//! cost a quarter of the time). A run in the first or last rows, whose windows the
//! padding cuts off at the top or bottom, lists its taps once too.

use super::{Float, Geometry, Taps};

/// Output features per block: four 256-bit vectors of f32.
const BLOCK: usize = 32;
/// Output features per block of the remainder.
const SMALL: usize = 8;
/// Output rows (pixels) per call of the epilogue.
const EPI_ROWS: usize = 16;
/// Output pixels computed together where their windows lie inside the input: each tap's
/// kernel vector is loaded once for all of them.
const PIXELS: usize = 4;
/// Output features per block of [`block_pixels`]: two 256-bit vectors of f32, so the
/// [`PIXELS`] pixels' sums stay in registers.
const PIXEL_BLOCK: usize = 16;

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
    let mut row = begin;
    while row < end {
        let (ob, opix) = (row / geo.o_pix, row % geo.o_pix);
        let xrow = ob * geo.in_pix * geo.c;
        geo.locate(opix, &mut taps);
        // A run of pixels along the last spatial dimension whose windows lie inside the
        // input along it: they clip the same taps in the other dimensions (one output row
        // of the higher ones), so one list serves them all, each pixel's first tap `step`
        // elements after the previous one's. Inside in every dimension, the list is
        // `inside` from the run's first tap; otherwise it is this pixel's own (`border`,
        // from 0): a window cut off at the top or bottom of the input still runs along
        // the row, and only the pixels near its ends go one at a time.
        let o = *taps.opos.last().expect("a spatial dimension");
        let along = (geo.inside.as_ref())
            .and_then(|ins| ins.dims.last())
            .filter(|d| o >= d.lo && o < d.hi)
            .map(|d| {
                // At most EPI_ROWS, so the epilogue finds the run's rows still in L1.
                let len = ((d.hi - o) as usize).min(end - row).min(EPI_ROWS);
                (len, d.stride as usize * d.scale * geo.c)
            });
        let (len, step) = along.unwrap_or((1, 0));
        let (list, x0): (&[(usize, usize)], usize) = match geo.inside_base(&taps.opos) {
            Some(base) => (&inside, xrow + base * geo.c),
            None => {
                geo.taps(opix, &mut taps);
                border.clear();
                border.extend(
                    (taps.list.iter().enumerate())
                        .filter_map(|(t, p)| p.map(|p| (t * geo.of, xrow + p * geo.c))),
                );
                (&border, 0)
            }
        };
        let mut j = 0;
        if mult == 1 {
            while j + PIXELS <= len {
                let x0s: [usize; PIXELS] = std::array::from_fn(|p| x0 + (j + p) * step);
                let orows: [*mut T; PIXELS] =
                    std::array::from_fn(|p| out.wrapping_add((row + j + p) * geo.of));
                let mut o0 = 0;
                while o0 + PIXEL_BLOCK <= geo.of {
                    // SAFETY: features o0..o0 + PIXEL_BLOCK are output (= input) features;
                    // every pixel's listed taps lie inside the input (the run's); the rows
                    // are this thread's.
                    unsafe {
                        block_pixels::<T, PIXEL_BLOCK>(list, &x0s, o0, input, kernel, &orows)
                    };
                    o0 += PIXEL_BLOCK;
                }
                for (p, &x) in x0s.iter().enumerate() {
                    // SAFETY: the features left of each pixel, as below.
                    unsafe {
                        rest::<T>(
                            list,
                            x,
                            o0,
                            geo.of,
                            mult,
                            input,
                            kernel,
                            out,
                            (row + j + p) * geo.of,
                        )
                    };
                }
                j += PIXELS;
            }
        }
        while j < len {
            // SAFETY: the pixel's listed taps are inside the input (the run's); its row is
            // this thread's.
            unsafe { pixel::<T>(geo, list, x0 + j * step, input, kernel, out, row + j) };
            j += 1;
        }
        row += len;
        if !geo.epi.is_none() && (row - chunk >= EPI_ROWS || row == end) {
            // SAFETY: rows chunk..row are this thread's and written.
            unsafe { epilogue(geo, out, chunk, row) };
            chunk = row;
        }
    }
}

/// Every output feature of output pixel (row) `row`, from taps `list` at `x0`.
///
/// # Safety
/// For each `(k, x)` of `list`, `x0 + x` is an input pixel's element offset (of the row's
/// batch) and `k` a kernel pixel's; only this thread writes the row.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
unsafe fn pixel<T: Float>(
    geo: &Geometry,
    list: &[(usize, usize)],
    x0: usize,
    input: *const T,
    kernel: *const T,
    out: *mut T,
    row: usize,
) {
    let orow = row * geo.of;
    let mut o0 = 0;
    while o0 + BLOCK <= geo.of {
        // SAFETY: features o0..o0 + BLOCK are output features; the caller's contract.
        unsafe { block::<T, BLOCK>(list, x0, o0, geo.ofg, input, kernel, out.add(orow)) };
        o0 += BLOCK;
    }
    // SAFETY: features o0.. of the row.
    unsafe { rest::<T>(list, x0, o0, geo.of, geo.ofg, input, kernel, out, orow) };
}

/// Features `o0..of` of one row: blocks of [`SMALL`], then one at a time.
///
/// # Safety
/// As [`block`] for the row at element `orow` of `out`, with `o0 <= of == geo.of`.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
unsafe fn rest<T: Float>(
    list: &[(usize, usize)],
    x0: usize,
    mut o0: usize,
    of: usize,
    mult: usize,
    input: *const T,
    kernel: *const T,
    out: *mut T,
    orow: usize,
) {
    while o0 + SMALL <= of {
        // SAFETY: the caller's contract.
        unsafe { block::<T, SMALL>(list, x0, o0, mult, input, kernel, out.add(orow)) };
        o0 += SMALL;
    }
    for o in o0..of {
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
}

/// The epilogue of rows `[chunk, row)`, while they are in L1: f32 (only f32 has one),
/// `of` floats a row, its vectors `of` floats. One call per few rows: per row, the call
/// cost as much as the row's products.
///
/// # Safety
/// Rows `chunk..row` are this thread's and written; the decoder checked the vectors.
#[inline(always)]
unsafe fn epilogue<T>(geo: &Geometry, out: *mut T, chunk: usize, row: usize) {
    // SAFETY: the caller's contract.
    unsafe {
        super::gemm::apply_epilogue(
            out.add(chunk * geo.of) as *mut f32,
            geo.of as isize,
            1,
            row - chunk,
            geo.of,
            geo.epi,
            geo.isa,
        )
    };
}

/// Output features `o0..o0 + N` of [`PIXELS`] rows at once (one input feature per output
/// feature): each tap's kernel vector is loaded once and multiplied with every pixel's
/// input; each sum adds its products in kernel order, as [`block`] does.
///
/// # Safety
/// As [`block`] with `mult == 1`, for each pixel `p`: `x0s[p]` its first tap's input
/// element offset, `orows[p]` its row of `of` outputs.
#[inline(always)]
unsafe fn block_pixels<T: Float, const N: usize>(
    list: &[(usize, usize)],
    x0s: &[usize; PIXELS],
    o0: usize,
    input: *const T,
    kernel: *const T,
    orows: &[*mut T; PIXELS],
) {
    let mut acc = [[T::zero(); N]; PIXELS];
    for &(k, x) in list {
        // SAFETY: N kernel elements of the tap's pixel from feature o0 (o0 + N <= of).
        let w = unsafe { (kernel.add(k + o0) as *const [T; N]).read_unaligned() };
        for (acc, &x0) in acc.iter_mut().zip(x0s) {
            // SAFETY: input features o0..o0 + N of the pixel's tap, inside the input.
            let x = unsafe { (input.add(x0 + x + o0) as *const [T; N]).read_unaligned() };
            for ((a, &x), &w) in acc.iter_mut().zip(&x).zip(&w) {
                *a = *a + x * w;
            }
        }
    }
    for (acc, &orow) in acc.iter().zip(orows) {
        // SAFETY: N outputs of the pixel's row from o0.
        unsafe { (orow.add(o0) as *mut [T; N]).write_unaligned(*acc) };
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
