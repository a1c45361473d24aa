//! N-d convolution ([`crate::format::Conv`]) in the canonical layouts:
//! input `[batch, spatial..., C]`, kernel `[kspatial..., C/fg, OF]`, output
//! `[batch/bg, ospatial..., OF]`.
//!
//! f32/f64 with long sums: im2col of a block of output positions into scratch, then one
//! GEMM per group. Short sums and other types: direct loops that add the products in the
//! reference's order (input feature, then kernel position) with a separate multiply and
//! add, so they equal the evaluator's (constant folding) results bit for bit. Both visit
//! the same taps, computed by `Geometry::taps`.

use super::gemm::{FromF32, View, fast};
use super::{Bases, Elem, with_elem};
use crate::DType;
use crate::format::Conv;

/// Target scratch size of one im2col block.
const SCRATCH_BYTES: usize = 4 << 20;

/// Sums of at most this many products (kernel pixels x input features per group) run
/// the direct loops. There the GEMM's packing buys little, and its reordered, fused
/// (FMA) sums would round differently from StableHLO's reference, which adds each rounded
/// product in order: with cancellation a 3-term sum then ends many ulp from the expected
/// value (td__conv_general_dilated_float32_2_3_9: 12 ulp).
const DIRECT_MAX_TERMS: usize = 16;

/// Computes `c` over the buffers at `base`.
///
/// # Safety
/// As [`super::gemm::gemm`]: `c` validated against regions of the sizes `base` points to.
pub unsafe fn conv(c: &Conv, base: &Bases, threads: usize) {
    if c.output.size == 0 {
        return; // nothing to write (and the other extents may be large)
    }
    let geo = Geometry::new(c);
    let (i, k, o) = (base.ptr(&c.input), base.ptr(&c.kernel), base.ptr(&c.output));
    let short = geo.k_pix * geo.cg <= DIRECT_MAX_TERMS;
    // SAFETY: forwarded from this function's contract.
    unsafe {
        match c.dtype {
            DType::F32 if !short => split_rows(&geo, i, k, o, threads, im2col::<f32>),
            DType::F64 if !short => split_rows(&geo, i, k, o, threads, im2col::<f64>),
            d => with_elem!(d, T => split_rows(&geo, i, k, o, threads, direct::<T>)),
        }
    }
}

/// Sizes in usize (the decoder bounded every parameter by 2^40 and every buffer by isize).
struct Geometry {
    in_sp: Vec<i64>,
    k_sp: Vec<usize>,
    o_sp: Vec<usize>,
    strides: Vec<i64>,
    lo: Vec<i64>,
    lhs_dil: Vec<i64>,
    rhs_dil: Vec<i64>,
    in_pix: usize,
    k_pix: usize,
    o_pix: usize,
    c: usize,
    /// Input features per group.
    cg: usize,
    of: usize,
    /// Output features per group.
    ofg: usize,
    out_batch: usize,
    groups: usize,
    by_batch: bool,
}

impl Geometry {
    fn new(c: &Conv) -> Geometry {
        let groups = (c.feature_groups * c.batch_groups) as usize;
        Geometry {
            in_sp: c.in_spatial.iter().map(|&x| x as i64).collect(),
            k_sp: c.kernel_spatial.iter().map(|&x| x as usize).collect(),
            o_sp: c.out_spatial.iter().map(|&x| x as usize).collect(),
            strides: c.strides.iter().map(|&x| x as i64).collect(),
            lo: c.padding.iter().map(|p| p.0).collect(),
            lhs_dil: c.lhs_dilation.iter().map(|&x| x as i64).collect(),
            rhs_dil: c.rhs_dilation.iter().map(|&x| x as i64).collect(),
            in_pix: c.in_spatial.iter().product::<u64>() as usize,
            k_pix: c.kernel_spatial.iter().product::<u64>() as usize,
            o_pix: c.out_spatial.iter().product::<u64>() as usize,
            c: c.in_features as usize,
            cg: (c.in_features / c.feature_groups) as usize,
            of: c.out_features as usize,
            ofg: (c.out_features as usize).checked_div(groups).unwrap_or(0),
            out_batch: (c.batch / c.batch_groups) as usize,
            groups,
            by_batch: c.batch_groups > 1,
        }
    }

    /// Input batch and first input feature of group `g` for output batch `ob`.
    fn group_input(&self, g: usize, ob: usize) -> (usize, usize) {
        if self.by_batch {
            (g * self.out_batch + ob, 0)
        } else {
            (ob, g * self.cg)
        }
    }

    /// For output pixel `opix`, every kernel pixel with the input pixel it reads (`None` in
    /// padding or a dilation hole), in kernel order.
    fn taps(&self, opix: usize, taps: &mut Vec<Option<usize>>) {
        let r = self.o_sp.len();
        // Unflatten the output position.
        let mut opos = vec![0i64; r];
        let mut rest = opix;
        for d in (0..r).rev() {
            opos[d] = (rest % self.o_sp[d]) as i64;
            rest /= self.o_sp[d];
        }
        taps.clear();
        let mut kp = vec![0usize; r];
        for _ in 0..self.k_pix {
            let mut ipix: Option<usize> = Some(0);
            for d in 0..r {
                // Position in the padded, lhs-dilated input; i64 cannot overflow (< 2^42).
                let p = opos[d] * self.strides[d] + kp[d] as i64 * self.rhs_dil[d] - self.lo[d];
                let ok = p >= 0 && p % self.lhs_dil[d] == 0 && p / self.lhs_dil[d] < self.in_sp[d];
                ipix = match (ipix, ok) {
                    (Some(acc), true) => {
                        Some(acc * self.in_sp[d] as usize + (p / self.lhs_dil[d]) as usize)
                    }
                    _ => None,
                };
            }
            taps.push(ipix);
            for d in (0..r).rev() {
                kp[d] += 1;
                if kp[d] < self.k_sp[d] {
                    break;
                }
                kp[d] = 0;
            }
        }
    }
}

/// Direct loops for any element type, over output rows (`batch x spatial` positions)
/// `[begin, end)`. Each output feature's products are added in the reference's order:
/// input feature outer, kernel position inner (padding taps skipped). The innermost loop
/// runs over the output features of a group, contiguous in kernel and output.
unsafe fn direct<T: Elem>(
    geo: &Geometry,
    input: *mut u8,
    kernel: *mut u8,
    out: *mut u8,
    begin: usize,
    end: usize,
) {
    let (input, kernel, out) = (input as *const T, kernel as *const T, out as *mut T);
    let mut taps = Vec::with_capacity(geo.k_pix);
    let mut acc = vec![T::zero(); geo.ofg];
    for row in begin..end {
        let (ob, opix) = (row / geo.o_pix, row % geo.o_pix);
        geo.taps(opix, &mut taps);
        for g in 0..geo.groups {
            let (ib, c0) = geo.group_input(g, ob);
            acc.fill(T::zero());
            for ci in 0..geo.cg {
                for (kpix, ipix) in taps.iter().enumerate() {
                    let Some(ipix) = ipix else { continue };
                    // SAFETY: the channel is inside the input shape the decoder matched
                    // to the buffer size.
                    let x = unsafe { input.add((ib * geo.in_pix + ipix) * geo.c + c0 + ci).read() };
                    let w0 = (kpix * geo.cg + ci) * geo.of + g * geo.ofg;
                    for (j, a) in acc.iter_mut().enumerate() {
                        // SAFETY: w0 + j < (kpix * cg + ci + 1) * of: inside the kernel.
                        *a = T::mac(*a, x, unsafe { kernel.add(w0 + j).read() });
                    }
                }
            }
            let o0 = row * geo.of + g * geo.ofg;
            for (j, &a) in acc.iter().enumerate() {
                // SAFETY: o0 + j is inside the output shape.
                unsafe { out.add(o0 + j).write(T::done(a)) }
            }
        }
    }
}

/// Addresses shared by the threads of one conv.
#[derive(Clone, Copy)]
struct Ptrs(*mut u8, *mut u8, *mut u8);
// SAFETY: the threads only read input and kernel and write disjoint output rows.
unsafe impl Sync for Ptrs {}
impl Ptrs {
    /// Through a method, so closures capture the whole (Sync) struct, not its fields.
    fn get(&self) -> (*mut u8, *mut u8, *mut u8) {
        (self.0, self.1, self.2)
    }
}

/// Computes output rows `[begin, end)` of a conv.
type RowsFn = unsafe fn(&Geometry, *mut u8, *mut u8, *mut u8, usize, usize);

/// Splits the output rows (`batch x spatial` positions) of `rows_fn` across up to
/// `threads` threads.
unsafe fn split_rows(
    geo: &Geometry,
    input: *mut u8,
    kernel: *mut u8,
    out: *mut u8,
    threads: usize,
    rows_fn: RowsFn,
) {
    let rows = geo.out_batch * geo.o_pix;
    let macs = rows
        .saturating_mul(geo.of)
        .saturating_mul(geo.k_pix * geo.cg);
    let parts = if macs >= super::gemm::PARALLEL_MIN_MACS {
        threads.clamp(1, rows.max(1))
    } else {
        1
    };
    if parts <= 1 {
        // SAFETY: forwarded.
        return unsafe { rows_fn(geo, input, kernel, out, 0, rows) };
    }
    let chunk = rows.div_ceil(parts);
    let p = Ptrs(input, kernel, out);
    crate::pool::run(threads, parts, &|t| {
        let r0 = t * chunk;
        let r1 = (r0 + chunk).min(rows);
        if r0 < r1 {
            let (input, kernel, out) = p.get();
            // SAFETY: the row ranges are disjoint, and a row's outputs are written only by
            // the part that owns it.
            unsafe { rows_fn(geo, input, kernel, out, r0, r1) }
        }
    });
}

/// im2col + GEMM for output rows `[begin, end)`, per group and per block of rows.
unsafe fn im2col<T: Elem + FromF32 + Default>(
    geo: &Geometry,
    input: *mut u8,
    kernel: *mut u8,
    out: *mut u8,
    begin: usize,
    end: usize,
) {
    let rows = end;
    let cols = geo.k_pix * geo.cg;
    let size = std::mem::size_of::<T>();
    let block = (SCRATCH_BYTES / (cols * size).max(1)).clamp(1, (end - begin).max(1));
    let mut scratch = vec![T::default(); block * cols];
    let mut taps = Vec::with_capacity(geo.k_pix);
    let input = input as *const T;
    for g in 0..geo.groups {
        let mut r0 = begin;
        while r0 < rows {
            let nr = block.min(rows - r0);
            for r in 0..nr {
                let (ob, opix) = ((r0 + r) / geo.o_pix, (r0 + r) % geo.o_pix);
                let (ib, c0) = geo.group_input(g, ob);
                geo.taps(opix, &mut taps);
                for (kpix, ipix) in taps.iter().enumerate() {
                    let dst = &mut scratch[r * cols + kpix * geo.cg..][..geo.cg];
                    match ipix {
                        Some(ipix) => {
                            let src = (ib * geo.in_pix + ipix) * geo.c + c0;
                            // SAFETY: the cg channels from c0 are inside the input; dst is
                            // a distinct Vec.
                            unsafe {
                                std::ptr::copy_nonoverlapping(
                                    input.add(src),
                                    dst.as_mut_ptr(),
                                    geo.cg,
                                )
                            }
                        }
                        None => dst.fill(T::default()),
                    }
                }
            }
            let lhs = View::new(scratch.as_mut_ptr() as *mut u8, cols as u64, 1);
            let rhs = View::new(kernel.wrapping_add(g * geo.ofg * size), geo.of as u64, 1);
            let o = View::new(
                out.wrapping_add((r0 * geo.of + g * geo.ofg) * size),
                geo.of as u64,
                1,
            );
            // SAFETY: scratch is nr x cols; the kernel slice is cols x ofg with row stride
            // OF; the output block is nr x ofg with row stride OF, all in bounds.
            unsafe { fast::<T>(nr, geo.ofg, cols, lhs, rhs, o) };
            r0 += nr;
        }
    }
}
