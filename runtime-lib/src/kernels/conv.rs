//! N-d convolution ([`crate::format::Conv`]) in the canonical layouts:
//! input `[batch, spatial..., C]`, kernel `[kspatial..., C/fg, OF]`, output
//! `[batch/bg, ospatial..., OF]`.
//!
//! f32 with long sums, where the CPU has a GEMM register tile: an implicit GEMM
//! ([`gemm::segmented`]): the tile reads each tap's input channels in place, one segment
//! of a row of A per kernel pixel (a row of zeros in padding). f32 elsewhere and f64 with
//! long sums: im2col of a block of output positions into scratch, then one GEMM per
//! group. Short sums and other types: direct loops that add the products in the
//! reference's order (input feature, then kernel position) with a separate multiply and
//! add, so they equal the evaluator's (constant folding) results bit for bit. Both visit
//! the same taps, computed by `Geometry::taps`.

/// Defines `$name`, a [`RowsFn`] over float element types that runs the
/// `#[inline(always)]` body `$body` compiled for AVX when the artifact's Isa has it (the
/// same code, wider vectors: the results are the same bits), and as is otherwise.
macro_rules! rows_with_avx {
    ($(#[$doc:meta])* $vis:vis fn $name:ident => $body:ident) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// As `RowsFn`: `geo` is a validated conv over these buffers and only this thread
        /// writes rows `[begin, end)`.
        $vis unsafe fn $name<T: Float>(
            geo: &Geometry,
            input: *mut u8,
            kernel: *mut u8,
            out: *mut u8,
            begin: usize,
            end: usize,
        ) {
            #[cfg(target_arch = "x86_64")]
            if geo.isa.avx {
                /// # Safety
                /// As the function above, on a CPU with AVX.
                #[target_feature(enable = "avx")]
                unsafe fn avx<T: Float>(
                    geo: &Geometry,
                    input: *mut u8,
                    kernel: *mut u8,
                    out: *mut u8,
                    begin: usize,
                    end: usize,
                ) {
                    // SAFETY: forwarded.
                    unsafe { $body::<T>(geo, input, kernel, out, begin, end) }
                }
                // SAFETY: forwarded; the CPU has AVX (the artifact's Isa, which holds here).
                return unsafe { avx::<T>(geo, input, kernel, out, begin, end) };
            }
            // SAFETY: forwarded.
            unsafe { $body::<T>(geo, input, kernel, out, begin, end) }
        }
    };
}

mod depthwise;
mod phases;

use super::gemm::{self, Epi, FromF32, View, fast};
use super::{Bases, Elem, with_elem};
use crate::DType;
use crate::format::Conv;
use crate::isa::Isa;

/// Longest segment of [`implicit`]: a kernel pixel's input features are split into
/// pieces of at most this many (a row of zeros this long stands in for padding).
const SEGMENT_MAX: usize = 512;

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
pub unsafe fn conv(c: &Conv, base: &Bases, threads: usize, isa: Isa) {
    if c.output.size == 0 {
        return; // nothing to write (and the other extents may be large)
    }
    let (i, k, o) = (base.ptr(&c.input), base.ptr(&c.kernel), base.ptr(&c.output));
    let epi = Epi::of(&c.epilogue, base);
    // SAFETY: forwarded from this function's contract.
    unsafe { run(c, i, k, o, threads, isa, epi) }
}

/// [`conv`] over the buffers at `input`, `kernel` and `out` (`c`'s buffer fields are not
/// read), its epilogue `epi` applied to every output element.
///
/// # Safety
/// `c` is a validated conv (or one of its phases, [`phases`]) whose operands these
/// buffers hold; the output is not empty and nobody else accesses it meanwhile; `epi`
/// is `c`'s (only f32 has one; its vectors have `out_features` floats).
unsafe fn run(c: &Conv, i: *mut u8, k: *mut u8, o: *mut u8, threads: usize, isa: Isa, epi: Epi) {
    if phases::applies(c) {
        // SAFETY: forwarded.
        return unsafe { phases::conv(c, i, k, o, threads, isa, epi) };
    }
    let geo = Geometry::new(c, isa, epi);
    let short = geo.k_pix * geo.cg <= DIRECT_MAX_TERMS;
    let depthwise = depthwise::applies(&geo);
    // SAFETY: forwarded from this function's contract.
    unsafe {
        match c.dtype {
            DType::F32 if depthwise => split_rows(
                &geo,
                i,
                k,
                o,
                threads,
                DIRECT_PARALLEL_MIN_MACS,
                depthwise::rows::<f32>,
                true,
            ),
            DType::F64 if depthwise => split_rows(
                &geo,
                i,
                k,
                o,
                threads,
                DIRECT_PARALLEL_MIN_MACS,
                depthwise::rows::<f64>,
                true,
            ),
            DType::F32 if !short && gemm::segmented_tile(geo.ofg, geo.k_pix, isa) => {
                split_rows(&geo, i, k, o, threads, PARALLEL_MIN_MACS, implicit, false)
            }
            DType::F32 if !short => split_rows(
                &geo,
                i,
                k,
                o,
                threads,
                PARALLEL_MIN_MACS,
                im2col::<f32>,
                false,
            ),
            DType::F64 if !short => split_rows(
                &geo,
                i,
                k,
                o,
                threads,
                PARALLEL_MIN_MACS,
                im2col::<f64>,
                false,
            ),
            DType::F32 => split_rows(
                &geo,
                i,
                k,
                o,
                threads,
                PARALLEL_MIN_MACS,
                direct_wide::<f32>,
                false,
            ),
            DType::F64 => split_rows(
                &geo,
                i,
                k,
                o,
                threads,
                PARALLEL_MIN_MACS,
                direct_wide::<f64>,
                false,
            ),
            d => {
                with_elem!(d, T => split_rows(&geo, i, k, o, threads, PARALLEL_MIN_MACS, direct::<T>, false))
            }
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
    /// Windows wholly inside the input, where there is no lhs dilation.
    inside: Option<Inside>,
    /// The paths the routines may take.
    isa: Isa,
    /// The epilogue of every output element (f32 only).
    epi: Epi,
}

/// The windows that lie wholly inside the input (no padding taps), with no lhs dilation:
/// their taps are the first tap's input pixel plus fixed offsets.
struct Inside {
    /// Per spatial dimension, which output coordinates have such windows.
    dims: Vec<InsideDim>,
    /// Per kernel pixel (kernel order), its offset in input pixels from the first tap's.
    koff: Vec<usize>,
}

/// One spatial dimension of the windows wholly inside the input: output coordinates `o` in
/// `lo..hi`, whose first tap reads input coordinate `o * stride - pad`, which counts
/// `scale` pixels (the product of the later dimensions' extents) in the flat index.
#[derive(Clone, Copy, Debug)]
struct InsideDim {
    lo: i64,
    hi: i64,
    stride: i64,
    pad: i64,
    scale: usize,
}

impl Inside {
    /// For a conv without lhs dilation.
    fn new(c: &Conv) -> Inside {
        let r = c.in_spatial.len();
        let mut dims = Vec::with_capacity(r);
        let mut scale = 1usize;
        for d in (0..r).rev() {
            // i64 cannot overflow: the decoder bounds every parameter and the dilated
            // window by 2^40.
            let (s, pad) = (c.strides[d] as i64, c.padding[d].0);
            let span = (c.kernel_spatial[d] as i64 - 1) * c.rhs_dilation[d] as i64;
            // First tap o * s - pad >= 0, last tap o * s - pad + span < in.
            let lo = if pad <= 0 { 0 } else { (pad + s - 1) / s };
            let top = c.in_spatial[d] as i64 - 1 - span + pad;
            let hi = if top < 0 {
                0
            } else {
                (top / s + 1).min(c.out_spatial[d] as i64)
            };
            dims.push(InsideDim {
                lo,
                hi,
                stride: s,
                pad,
                scale,
            });
            // At most the input's pixel count (the decoder bounds it by 2^56).
            scale *= c.in_spatial[d] as usize;
        }
        dims.reverse();
        let mut koff = vec![0usize];
        for (d, &k) in c.kernel_spatial.iter().enumerate() {
            let step = c.rhs_dilation[d] as usize;
            let mut next = Vec::with_capacity(koff.len() * k as usize);
            for &o in &koff {
                let o = o * c.in_spatial[d] as usize;
                next.extend((0..k as usize).map(|t| o + t * step));
            }
            koff = next;
        }
        Inside { dims, koff }
    }
}

impl Geometry {
    fn new(c: &Conv, isa: Isa, epi: Epi) -> Geometry {
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
            inside: c
                .lhs_dilation
                .iter()
                .all(|&d| d == 1)
                .then(|| Inside::new(c)),
            isa,
            epi,
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

    /// The input pixel of the first tap of the output pixel at `opos` when there is no lhs
    /// dilation and its whole window lies inside the input (no padding taps): then its
    /// taps are that pixel plus [`Inside::koff`].
    #[inline]
    fn inside_base(&self, opos: &[i64]) -> Option<usize> {
        let dims = &self.inside.as_ref()?.dims;
        let mut base = 0usize;
        for (&o, d) in opos.iter().zip(dims) {
            if o < d.lo || o >= d.hi {
                return None;
            }
            // In lo..hi the first tap's coordinate is in 0..in, so the sum stays below the
            // input's pixel count.
            base += (o * d.stride - d.pad) as usize * d.scale;
        }
        Some(base)
    }

    /// Sets `t.opos` to the coordinates of output pixel `opix`. Callers go through the
    /// pixels in order, so the pixel after the last one is a carry, not divisions (which
    /// showed in profiles: the implicit GEMM asks for every output row's taps).
    fn locate(&self, opix: usize, t: &mut Taps) {
        let r = self.o_sp.len();
        if t.opos.len() == r && t.opix == opix {
            return;
        }
        if t.opos.len() == r && t.opix.checked_add(1) == Some(opix) {
            t.opix = opix;
            for d in (0..r).rev() {
                t.opos[d] += 1;
                if t.opos[d] < self.o_sp[d] as i64 {
                    return;
                }
                t.opos[d] = 0;
            }
            return; // opix wrapped past the last pixel: all zeros, as divisions give
        }
        t.opix = opix;
        t.opos.clear();
        t.opos.resize(r, 0);
        let mut rest = opix;
        for d in (0..r).rev() {
            t.opos[d] = (rest % self.o_sp[d]) as i64;
            rest /= self.o_sp[d];
        }
    }

    /// For output pixel `opix`, every kernel pixel with the input pixel it reads (`None` in
    /// padding or a dilation hole), in kernel order.
    fn taps(&self, opix: usize, t: &mut Taps) {
        let r = self.o_sp.len();
        self.locate(opix, t);
        // A window wholly inside the input (the common case): its taps are the first
        // tap's pixel plus fixed offsets.
        if let (Some(inside), Some(base)) = (&self.inside, self.inside_base(&t.opos)) {
            t.list.clear();
            t.list.extend(inside.koff.iter().map(|&o| Some(base + o)));
            return;
        }
        // Per dimension, the input coordinate each kernel index reads (-1: none). Done
        // once per dimension, so the loop over kernel pixels below has no divisions.
        t.coord.clear();
        t.first.clear();
        for d in 0..r {
            t.first.push(t.coord.len());
            let dil = self.lhs_dil[d];
            for k in 0..self.k_sp[d] {
                // Position in the padded, lhs-dilated input; i64 cannot overflow (< 2^42).
                let p = t.opos[d] * self.strides[d] + k as i64 * self.rhs_dil[d] - self.lo[d];
                let c = if dil == 1 {
                    p
                } else if p % dil == 0 {
                    p / dil
                } else {
                    -1
                };
                t.coord
                    .push(if p >= 0 && c < self.in_sp[d] { c } else { -1 });
            }
        }
        // The taps are the product of the per-dimension lists, last dimension fastest
        // (kernel order), built one dimension at a time.
        t.list.clear();
        t.list.push(Some(0));
        for d in 0..r {
            t.next.clear();
            let coords = &t.coord[t.first[d]..][..self.k_sp[d]];
            for &prev in &t.list {
                t.next.extend(coords.iter().map(|&c| match prev {
                    Some(acc) if c >= 0 => Some(acc * self.in_sp[d] as usize + c as usize),
                    _ => None,
                }));
            }
            std::mem::swap(&mut t.list, &mut t.next);
        }
    }
}

impl Geometry {
    /// How many output pixels from the one at `opos` (at most `left`) read the same taps,
    /// each `stride` input pixels along the last dimension from the previous one's: the
    /// pixel's window is inside the input along the last dimension (only padding in outer
    /// dimensions cuts it), and so are the next ones' up to the end of the inside range,
    /// which lies within the output row. 0 when the window is cut along the last dimension
    /// or the input is lhs-dilated.
    fn run_along_row(&self, opos: &[i64], left: usize) -> usize {
        let Some(last) = self.inside.as_ref().and_then(|i| i.dims.last()) else {
            return 0;
        };
        let Some(&o) = opos.last() else {
            return 0;
        };
        if o < last.lo || o >= last.hi {
            return 0;
        }
        ((last.hi - o) as usize).min(left)
    }

    /// The direct loops' terms of the taps in `taps` for group `g` of input batch `ib`
    /// (first feature `c0`): (input offset, kernel offset of the group's feature 0) per
    /// product, in the reference's order (input feature, then kernel position).
    fn border_terms(
        &self,
        taps: &Taps,
        ib: usize,
        c0: usize,
        g: usize,
        terms: &mut Vec<(usize, usize)>,
    ) {
        terms.clear();
        for ci in 0..self.cg {
            for (kpix, ipix) in taps.list.iter().enumerate() {
                if let Some(ipix) = ipix {
                    terms.push((
                        (ib * self.in_pix + ipix) * self.c + c0 + ci,
                        (kpix * self.cg + ci) * self.of + g * self.ofg,
                    ));
                }
            }
        }
    }
}

/// The taps of one output pixel ([`Geometry::taps`]) with the buffers used to find them.
#[derive(Default)]
struct Taps {
    list: Vec<Option<usize>>,
    next: Vec<Option<usize>>,
    /// The output pixel last located and its coordinates (empty before the first).
    opix: usize,
    opos: Vec<i64>,
    /// Per-dimension input coordinates, dimension `d` from `first[d]`.
    coord: Vec<i64>,
    first: Vec<usize>,
}

/// Float types whose products and sums [`direct_float`] computes directly (`Acc = Self`).
trait Float: Elem<Acc = Self> + std::ops::Add<Output = Self> + std::ops::Mul<Output = Self> {}
impl Float for f32 {}
impl Float for f64 {}

rows_with_avx! {
    /// [`direct`] for f32/f64, compiled for AVX where the CPU has it: a block of output
    /// features is a few 256-bit multiplies and adds (still separate and in the same order,
    /// so the results are the same bits).
    fn direct_wide => direct_float
}

/// [`direct`] for f32/f64: per output row, the (input, kernel) element offsets of its
/// products in the reference's order (input feature, then kernel position) are listed
/// once, then each block of output features runs down that list with its accumulators
/// in registers.
#[inline(always)]
unsafe fn direct_float<T: Float>(
    geo: &Geometry,
    input: *mut u8,
    kernel: *mut u8,
    out: *mut u8,
    begin: usize,
    end: usize,
) {
    let (input, kernel, out) = (input as *const T, kernel as *const T, out as *mut T);
    let mut taps = Taps::default();
    let mut terms: Vec<(usize, usize)> = Vec::with_capacity(geo.k_pix * geo.cg);
    // The terms of a window inside the input, relative to its first tap's channel c0 and
    // the group's first kernel column: the same for every such row.
    let mut inner: Vec<(usize, usize)> = Vec::new();
    if let Some(inside) = &geo.inside {
        for ci in 0..geo.cg {
            for (kpix, &o) in inside.koff.iter().enumerate() {
                inner.push((o * geo.c + ci, (kpix * geo.cg + ci) * geo.of));
            }
        }
    }
    // f32 pairs rows whose windows lie inside the input: the two rows share each kernel
    // load, and twice the independent sums hide the add latency (small_cnn's first conv,
    // 1 -> 32 features, 9 products each: 23 -> 21 us). f64 blocks would not fit the
    // registers twice.
    let pairs = std::mem::size_of::<T>() == 4;
    let mut row = begin;
    while row < end {
        let (ob, opix) = (row / geo.o_pix, row % geo.o_pix);
        geo.locate(opix, &mut taps);
        let base = geo.inside_base(&taps.opos);
        let next = match base {
            Some(_) if pairs && row + 1 < end && opix + 1 < geo.o_pix => {
                geo.locate(opix + 1, &mut taps);
                geo.inside_base(&taps.opos)
            }
            _ => None,
        };
        if let (Some(b0), Some(b1)) = (base, next) {
            for g in 0..geo.groups {
                let (ib, c0) = geo.group_input(g, ob);
                let xoffs = [b0, b1].map(|b| (ib * geo.in_pix + b) * geo.c + c0);
                let o0s = [row, row + 1].map(|r| r * geo.of + g * geo.ofg);
                // SAFETY: both rows are in [begin, end) and of batch ob; the offsets
                // are their windows' (inside the input), as `features` requires.
                unsafe { features(&inner, xoffs, g * geo.ofg, geo.ofg, input, kernel, out, o0s) };
            }
            row += 2;
            continue;
        }
        if base.is_none() {
            geo.taps(opix, &mut taps);
            let along = geo.run_along_row(&taps.opos, end - row);
            if along > 1 {
                // Cut by padding in an outer dimension only: the next pixels of the row
                // read the same taps, `stride` input pixels further along each.
                let step = geo.strides[geo.strides.len() - 1] as usize * geo.c;
                for g in 0..geo.groups {
                    let (ib, c0) = geo.group_input(g, ob);
                    geo.border_terms(&taps, ib, c0, g, &mut terms);
                    let o0 = row * geo.of + g * geo.ofg;
                    let mut j = 0;
                    while j < along {
                        // SAFETY: rows row + j (+ 1) are in [begin, end) and of batch ob;
                        // their windows are the first one's moved j (+ 1) strides along
                        // the last dimension, inside the input there.
                        unsafe {
                            if pairs && j + 1 < along {
                                let xoffs = [j * step, (j + 1) * step];
                                let o0s = [o0 + j * geo.of, o0 + (j + 1) * geo.of];
                                features(&terms, xoffs, 0, geo.ofg, input, kernel, out, o0s);
                                j += 2;
                            } else {
                                let (xoff, o) = (j * step, o0 + j * geo.of);
                                features(&terms, [xoff], 0, geo.ofg, input, kernel, out, [o]);
                                j += 1;
                            }
                        }
                    }
                }
                row += along;
                continue;
            }
        }
        for g in 0..geo.groups {
            let (ib, c0) = geo.group_input(g, ob);
            let (list, xoff, woff) = match base {
                Some(base) => (&inner, (ib * geo.in_pix + base) * geo.c + c0, g * geo.ofg),
                None => {
                    geo.border_terms(&taps, ib, c0, g, &mut terms);
                    (&terms, 0, 0)
                }
            };
            let o0 = row * geo.of + g * geo.ofg;
            // SAFETY: the row is in [begin, end); the terms are its window's.
            unsafe { features(list, [xoff], woff, geo.ofg, input, kernel, out, [o0]) };
        }
        row += 1;
    }
}

/// The `ofg` output features of a group in `R` output rows, row `r` at `o0s[r]`: each
/// feature adds the products listed in `terms` (input offset - `xoffs[r]`, kernel offset
/// of feature 0 - `woff`) in order.
///
/// # Safety
/// The offsets come from [`direct_float`] (inside the buffers, `woff + ofg` within the
/// kernel's columns), and only this thread writes the output rows.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
unsafe fn features<T: Float, const R: usize>(
    terms: &[(usize, usize)],
    xoffs: [usize; R],
    woff: usize,
    ofg: usize,
    input: *const T,
    kernel: *const T,
    out: *mut T,
    o0s: [usize; R],
) {
    // Wide blocks keep several independent accumulator chains in flight (each add waits
    // for the previous one of its feature).
    let mut j0 = 0;
    while j0 + 32 <= ofg {
        // SAFETY: j0 + 32 <= ofg; terms, buffers and rows as float_block requires.
        unsafe { float_block::<T, 32, R>(terms, xoffs, woff, input, kernel, out, o0s, j0) };
        j0 += 32;
    }
    while j0 + 8 <= ofg {
        // SAFETY: j0 + 8 <= ofg; as above.
        unsafe { float_block::<T, 8, R>(terms, xoffs, woff, input, kernel, out, o0s, j0) };
        j0 += 8;
    }
    for (&xoff, &o0) in xoffs.iter().zip(&o0s) {
        for j in j0..ofg {
            let mut a = T::zero();
            for &(xi, wi) in terms {
                let (xi, wi) = (xi + xoff, wi + woff);
                // SAFETY: xi is inside the input; wi + j < (kpix * cg + ci) * of +
                // (g + 1) * ofg is inside the kernel.
                a = a + unsafe { input.add(xi).read() * kernel.add(wi + j).read() };
            }
            // SAFETY: o0 + j < (row + 1) * of: inside an output row this thread owns.
            unsafe { out.add(o0 + j).write(a) };
        }
    }
}

/// Output features `[j0, j0 + N)` of `R` output rows, row `r` at `o0s[r]`: each adds the
/// products listed in `terms` (input offset - `xoffs[r]`, kernel offset of feature 0 -
/// `woff`) in order. The rows share each load of the kernel.
///
/// # Safety
/// `j0 + N` is at most the group's feature count, the offsets come from
/// [`direct_float`] (inside the buffers), and only this thread writes the output rows.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
unsafe fn float_block<T: Float, const N: usize, const R: usize>(
    terms: &[(usize, usize)],
    xoffs: [usize; R],
    woff: usize,
    input: *const T,
    kernel: *const T,
    out: *mut T,
    o0s: [usize; R],
    j0: usize,
) {
    let mut acc = [[T::zero(); N]; R];
    for &(xi, wi) in terms {
        // SAFETY: wi + woff + j0 + N <= (kpix * cg + ci) * of + (g + 1) * ofg: inside the
        // kernel, which nobody writes meanwhile.
        let w = unsafe { (kernel.add(wi + woff + j0) as *const [T; N]).read_unaligned() };
        for (acc, &xoff) in acc.iter_mut().zip(&xoffs) {
            // SAFETY: xi + xoff is an element of the input (a channel of an input pixel
            // inside the shape the decoder matched to the buffer).
            let x = unsafe { input.add(xi + xoff).read() };
            for (a, &w) in acc.iter_mut().zip(&w) {
                *a = *a + x * w;
            }
        }
    }
    for (acc, &o0) in acc.iter().zip(&o0s) {
        // SAFETY: o0 + j0 + N <= (row + 1) * of: inside an output row this thread owns.
        unsafe { (out.add(o0 + j0) as *mut [T; N]).write_unaligned(*acc) };
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
    let mut taps = Taps::default();
    for row in begin..end {
        let (ob, opix) = (row / geo.o_pix, row % geo.o_pix);
        geo.taps(opix, &mut taps);
        for g in 0..geo.groups {
            let (ib, c0) = geo.group_input(g, ob);
            // Output features in blocks of LANES, so the accumulators stay in registers.
            for j0 in (0..geo.ofg).step_by(LANES) {
                let nj = LANES.min(geo.ofg - j0);
                let mut acc = [T::zero(); LANES];
                for ci in 0..geo.cg {
                    for (kpix, ipix) in taps.list.iter().enumerate() {
                        let Some(ipix) = ipix else { continue };
                        // SAFETY: the channel is inside the input shape the decoder matched
                        // to the buffer size.
                        let x =
                            unsafe { input.add((ib * geo.in_pix + ipix) * geo.c + c0 + ci).read() };
                        let w0 = (kpix * geo.cg + ci) * geo.of + g * geo.ofg + j0;
                        // SAFETY: w0 + nj <= (kpix * cg + ci + 1) * of: inside the kernel,
                        // which nobody writes meanwhile.
                        let w = unsafe { std::slice::from_raw_parts(kernel.add(w0), nj) };
                        // Each feature still adds its products in the reference's order;
                        // a full block has a fixed length, which the compiler vectorises.
                        match <&[T; LANES]>::try_from(w) {
                            Ok(w) => {
                                for (a, &w) in acc.iter_mut().zip(w) {
                                    *a = T::mac(*a, x, w);
                                }
                            }
                            Err(_) => {
                                for (a, &w) in acc.iter_mut().zip(w) {
                                    *a = T::mac(*a, x, w);
                                }
                            }
                        }
                    }
                }
                let o0 = row * geo.of + g * geo.ofg + j0;
                for (j, &a) in acc[..nj].iter().enumerate() {
                    // SAFETY: o0 + j is inside the output shape.
                    unsafe { out.add(o0 + j).write(T::done(a)) }
                }
            }
        }
    }
}

/// Output features per block of the direct loops.
const LANES: usize = 16;

/// Addresses moved to the threads of one conv.
#[derive(Clone, Copy)]
struct Ptrs(*mut u8, *mut u8, *mut u8);
// SAFETY: the threads only read input and kernel and write disjoint output rows.
unsafe impl Send for Ptrs {}
// SAFETY: as for Send; Ptrs holds only addresses.
unsafe impl Sync for Ptrs {}

impl Ptrs {
    /// The addresses (a method, so closures capture the whole Send + Sync struct rather
    /// than its raw-pointer fields).
    fn get(self) -> (*mut u8, *mut u8, *mut u8) {
        (self.0, self.1, self.2)
    }
}

/// Below this many multiply-adds a conv runs on one thread. Higher than a GEMM's
/// ([`super::gemm::PARALLEL_MIN_MACS`]): each part repeats the im2col and packing work,
/// and a pool worker that has gone to sleep takes a while to join. small_cnn's second
/// conv (14x14, 32 -> 64 features, 3x3: 3.6M) measured 74-82 us on 2 threads against
/// 74-83 on one on a Zen 4 (8M then); on a Zen 3, where it takes 125 us on one thread,
/// splitting it took small_cnn on two threads from 222-254 to 150-209 us (medians of six
/// alternated runs); conv2d (116M) halves.
const PARALLEL_MIN_MACS: usize = 2 << 20;

/// The same for loops without packing (depthwise): a part repeats nothing, so only the
/// pool's hand-off (microseconds) has to pay.
const DIRECT_PARALLEL_MIN_MACS: usize = 1 << 20;

/// Computes output rows `[begin, end)` of a conv.
type RowsFn = unsafe fn(&Geometry, *mut u8, *mut u8, *mut u8, usize, usize);

/// Splits the output rows (`batch x spatial` positions) of `rows_fn` across up to
/// `threads` threads.
#[allow(clippy::too_many_arguments)]
unsafe fn split_rows(
    geo: &Geometry,
    input: *mut u8,
    kernel: *mut u8,
    out: *mut u8,
    threads: usize,
    min_macs: usize,
    rows_fn: RowsFn,
    epi_in_rows: bool,
) {
    let rows = geo.out_batch * geo.o_pix;
    let macs = rows
        .saturating_mul(geo.of)
        .saturating_mul(geo.k_pix * geo.cg);
    let parts = if macs >= min_macs {
        threads.clamp(1, rows.max(1))
    } else {
        1
    };
    let p = Ptrs(input, kernel, out);
    // SAFETY: the row ranges are disjoint, and a row's outputs are written only by the
    // thread that owns it.
    let part = |r0: usize, r1: usize| unsafe {
        let (i, k, o) = p.get();
        rows_fn(geo, i, k, o, r0, r1);
        if !epi_in_rows && !geo.epi.is_none() {
            // The part's rows, still in cache: f32 (only f32 has an epilogue), `of`
            // floats each, the vectors `of` floats.
            let first = (o as *mut f32).wrapping_add(r0 * geo.of);
            gemm::apply_epilogue(first, geo.of as isize, 1, r1 - r0, geo.of, geo.epi, geo.isa);
        }
    };
    if parts <= 1 {
        return part(0, rows);
    }
    super::par::chunks(rows, parts, part);
}

/// Implicit GEMM for output rows `[begin, end)` of an f32 conv, per group: row `r` of A
/// is, per kernel pixel, the group's input features of the pixel that tap reads (or
/// zeros), in kernel order, which is the kernel's row order.
///
/// # Safety
/// As [`conv`], on a CPU with a GEMM tile ([`gemm::f32_gemm`] is not `Crate`).
unsafe fn implicit(
    geo: &Geometry,
    input: *mut u8,
    kernel: *mut u8,
    out: *mut u8,
    begin: usize,
    end: usize,
) {
    if let Some(run) = merged_run(geo) {
        // SAFETY: forwarded; `merged_run` checked its conditions.
        return unsafe { implicit_runs(geo, run, input, kernel, out, begin, end) };
    }
    let input = input as *const f32;
    let piece = geo.cg.min(SEGMENT_MAX);
    let pieces = geo.cg.div_ceil(piece);
    let lens: Vec<usize> = (0..geo.k_pix)
        .flat_map(|_| (0..pieces).map(|q| piece.min(geo.cg - q * piece)))
        .collect();
    let zeros = vec![0f32; piece];
    let mut taps = Taps::default();
    // Inside::koff in features rather than pixels.
    let koff_features: Option<Vec<usize>> =
        (geo.inside.as_ref()).map(|i| i.koff.iter().map(|&o| o * geo.c).collect());
    for g in 0..geo.groups {
        let mut fill = |i0: usize, rows: usize, table: &mut [*const f32]| {
            for (r, ptrs) in table.chunks_exact_mut(lens.len()).take(rows).enumerate() {
                let row = begin + i0 + r;
                let (ob, opix) = (row / geo.o_pix, row % geo.o_pix);
                let (ib, c0) = geo.group_input(g, ob);
                // Features c0 + q * piece.. of input pixel ipix: inside the input
                // (wrapping_add: computing it needs no unsafe).
                let pixel = |ipix: usize| input.wrapping_add((ib * geo.in_pix + ipix) * geo.c + c0);
                geo.locate(opix, &mut taps);
                // A window inside the input (most rows): its first tap's features plus fixed
                // offsets, without building the tap list.
                if let (Some(offsets), Some(base)) = (&koff_features, geo.inside_base(&taps.opos)) {
                    let first = pixel(base);
                    for (seg, &o) in ptrs.chunks_exact_mut(pieces).zip(offsets) {
                        for (q, p) in seg.iter_mut().enumerate() {
                            *p = first.wrapping_add(o + q * piece);
                        }
                    }
                    continue;
                }
                geo.taps(opix, &mut taps);
                for (seg, &tap) in ptrs.chunks_exact_mut(pieces).zip(&taps.list) {
                    for (q, p) in seg.iter_mut().enumerate() {
                        *p = match tap {
                            Some(ipix) => pixel(ipix).wrapping_add(q * piece),
                            None => zeros.as_ptr(),
                        };
                    }
                }
            }
        };
        let size = std::mem::size_of::<f32>();
        let rhs = View::new(kernel.wrapping_add(g * geo.ofg * size), geo.of as u64, 1);
        let o = View::new(
            out.wrapping_add((begin * geo.of + g * geo.ofg) * size),
            geo.of as u64,
            1,
        );
        // SAFETY: the tile exists (the contract); every segment has a feature (cg >= 1,
        // as k_pix * cg > DIRECT_MAX_TERMS; the last piece is cg - (pieces - 1) * piece
        // in 1..=piece); each pointer fill writes is `lens[s]` (at most `piece`) features
        // of an input pixel inside the group's features, or the zeros, `piece` long; the
        // kernel's group slice is (k_pix * cg) x ofg with row stride OF, the output block
        // (end - begin) x ofg with row stride OF, all in bounds and written only here.
        unsafe { gemm::segmented(end - begin, geo.ofg, &lens, &mut fill, rhs, o, geo.isa) };
    }
}

/// Input features below which [`implicit`] reads a kernel row's taps as one run.
const MERGE_FEATURES_BELOW: usize = 64;

/// The run length (kernel taps along the last spatial dimension times the features) when
/// [`implicit`] reads each kernel row's taps as one segment: with few input features (an
/// RGB stem: 3) a segment per tap is a few steps of the tile, and each segment costs it a
/// pointer load and a loop start (a 7x7 stem conv ran at 66% of the FMA peak). The taps of
/// a kernel row read consecutive input pixels when the last dimension has no dilation
/// and one group spans all features, so they are `kw * C` contiguous floats.
fn merged_run(geo: &Geometry) -> Option<usize> {
    let last = geo.k_sp.len().checked_sub(1)?;
    let kw = geo.k_sp[last];
    let run = kw * geo.c;
    (geo.groups == 1
        && geo.cg == geo.c
        && geo.c < MERGE_FEATURES_BELOW
        && kw > 1
        && run <= SEGMENT_MAX
        && geo.rhs_dil[last] == 1
        && geo.lhs_dil[last] == 1)
        .then_some(run)
}

/// [`implicit`] with a segment per kernel row ([`merged_run`]): `run` floats, the row's
/// taps in kernel order. Where a row's taps are not consecutive pixels (padding at an
/// edge, a dilation hole of another dimension), its run is assembled in scratch.
///
/// # Safety
/// As [`implicit`], with `run == merged_run(geo)`.
unsafe fn implicit_runs(
    geo: &Geometry,
    run: usize,
    input: *mut u8,
    kernel: *mut u8,
    out: *mut u8,
    begin: usize,
    end: usize,
) {
    let input = input as *const f32;
    let last = geo.k_sp.len() - 1;
    let kw = geo.k_sp[last];
    let nrun = geo.k_pix / kw;
    let lens = vec![run; nrun];
    let mut taps = Taps::default();
    // The first tap of each kernel row, in features from the window's first tap.
    let row_offsets: Option<Vec<usize>> =
        (geo.inside.as_ref()).map(|i| i.koff.iter().step_by(kw).map(|&o| o * geo.c).collect());
    // Runs of one block of rows assembled here; `fill` overwrites it for the next block
    // only after the tile has used the previous one.
    let mut scratch: Vec<f32> = Vec::new();
    let mut fill = |i0: usize, rows: usize, table: &mut [*const f32]| {
        scratch.clear();
        scratch.resize(rows * nrun * run, 0.0);
        for (r, ptrs) in table.chunks_exact_mut(nrun).take(rows).enumerate() {
            let row = begin + i0 + r;
            let (ob, opix) = (row / geo.o_pix, row % geo.o_pix);
            let batch = input.wrapping_add(ob * geo.in_pix * geo.c);
            geo.locate(opix, &mut taps);
            if let (Some(offsets), Some(base)) = (&row_offsets, geo.inside_base(&taps.opos)) {
                let first = batch.wrapping_add(base * geo.c);
                for (p, &o) in ptrs.iter_mut().zip(offsets) {
                    *p = first.wrapping_add(o);
                }
                continue;
            }
            geo.taps(opix, &mut taps);
            for (k, (p, row_taps)) in ptrs.iter_mut().zip(taps.list.chunks_exact(kw)).enumerate() {
                let consecutive = row_taps
                    .windows(2)
                    .all(|w| matches!((w[0], w[1]), (Some(a), Some(b)) if b == a + 1));
                if let (true, Some(first)) = (consecutive, row_taps[0]) {
                    *p = batch.wrapping_add(first * geo.c);
                    continue;
                }
                let slot = &mut scratch[(r * nrun + k) * run..][..run];
                for (dst, tap) in slot.chunks_exact_mut(geo.c).zip(row_taps) {
                    match tap {
                        // SAFETY: the tap's pixel is inside the input of batch `ob`, whose
                        // C features are readable floats (the contract).
                        Some(ipix) => dst.copy_from_slice(unsafe {
                            std::slice::from_raw_parts(batch.add(ipix * geo.c), geo.c)
                        }),
                        None => dst.fill(0.0),
                    }
                }
                *p = slot.as_ptr();
            }
        }
    };
    let rhs = View::new(kernel, geo.of as u64, 1);
    let o = View::new(
        out.wrapping_add(begin * geo.of * std::mem::size_of::<f32>()),
        geo.of as u64,
        1,
    );
    // SAFETY: the tile exists (the contract); one group, so the kernel is (k_pix * C) x
    // OF, its rows in kernel order, which is the order of the runs' taps; every pointer
    // fill writes is `run` floats: the consecutive pixels of a kernel row inside the
    // input, or a scratch slot of `run` floats that stays untouched until the next fill;
    // the output block (end - begin) x OF is in bounds and written only here.
    unsafe { gemm::segmented(end - begin, geo.ofg, &lens, &mut fill, rhs, o, geo.isa) };
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
    // Not zeroed: every block writes each element of its rows (a copy or a padding zero)
    // before the GEMM reads them, and zeroing megabytes per call costs 3% of a conv.
    let mut scratch: Vec<std::mem::MaybeUninit<T>> = Vec::with_capacity(block * cols);
    // SAFETY: MaybeUninit elements need no initialization.
    unsafe { scratch.set_len(block * cols) };
    let mut taps = Taps::default();
    let input = input as *const T;
    for g in 0..geo.groups {
        let mut r0 = begin;
        while r0 < rows {
            let nr = block.min(rows - r0);
            for r in 0..nr {
                let (ob, opix) = ((r0 + r) / geo.o_pix, (r0 + r) % geo.o_pix);
                let (ib, c0) = geo.group_input(g, ob);
                geo.taps(opix, &mut taps);
                let list = &taps.list;
                let mut kpix = 0;
                while kpix < list.len() {
                    // Taps reading consecutive input pixels (a kernel row inside the
                    // input) copy as one run when a pixel's channels are all the group's.
                    let mut run = 1;
                    if let Some(ipix) = list[kpix]
                        && geo.cg == geo.c
                    {
                        while list.get(kpix + run) == Some(&Some(ipix + run)) {
                            run += 1;
                        }
                    }
                    let dst = &mut scratch[r * cols + kpix * geo.cg..][..run * geo.cg];
                    match list[kpix] {
                        Some(ipix) => {
                            let src = (ib * geo.in_pix + ipix) * geo.c + c0;
                            // SAFETY: the cg channels from c0 of pixel ipix (of run pixels
                            // ipix.. when run > 1, where cg == c and c0 == 0) are inside the
                            // input; dst is a distinct Vec of that length.
                            unsafe {
                                std::ptr::copy_nonoverlapping(
                                    input.add(src),
                                    dst.as_mut_ptr() as *mut T,
                                    dst.len(),
                                )
                            }
                        }
                        None => dst.fill(std::mem::MaybeUninit::new(T::default())),
                    }
                    kpix += run;
                }
            }
            let lhs = View::new(scratch.as_mut_ptr() as *mut u8, cols as u64, 1);
            let rhs = View::new(kernel.wrapping_add(g * geo.ofg * size), geo.of as u64, 1);
            let o = View::new(
                out.wrapping_add((r0 * geo.of + g * geo.ofg) * size),
                geo.of as u64,
                1,
            );
            // SAFETY: scratch is nr x cols, every element of its first nr rows written
            // above; the kernel slice is cols x ofg with row stride OF; the output block is
            // nr x ofg with row stride OF, all in bounds.
            unsafe { fast::<T>(nr, geo.ofg, cols, lhs, rhs, o, geo.isa) };
            r0 += nr;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Epi, Geometry, direct_wide, gemm, im2col, implicit};
    use crate::DType;
    use crate::format::{BufRef, Conv, Region};
    use proptest::prelude::*;

    /// A 2-d f32 conv (batch groups 1) with the given extents; its buffers are the test's.
    #[allow(clippy::too_many_arguments)]
    fn conv2d(
        batch: u64,
        in_sp: [u64; 2],
        c: u64,
        k_sp: [u64; 2],
        of: u64,
        strides: [u64; 2],
        padding: [(i64, i64); 2],
        lhs_dil: [u64; 2],
        rhs_dil: [u64; 2],
        groups: u64,
    ) -> Conv {
        let out_sp: Vec<u64> = (0..2)
            .map(|d| {
                let padded = ((in_sp[d] - 1) * lhs_dil[d] + 1) as i64 + padding[d].0 + padding[d].1;
                let window = ((k_sp[d] - 1) * rhs_dil[d] + 1) as i64;
                if padded < window {
                    0
                } else {
                    ((padded - window) as u64) / strides[d] + 1
                }
            })
            .collect();
        let buf = BufRef {
            region: Region::Arena,
            offset: 0,
            size: 0,
        };
        Conv {
            dtype: DType::F32,
            input: buf,
            kernel: buf,
            output: buf,
            batch,
            in_features: c,
            out_features: of,
            in_spatial: in_sp.to_vec(),
            kernel_spatial: k_sp.to_vec(),
            out_spatial: out_sp,
            strides: strides.to_vec(),
            padding: padding.to_vec(),
            lhs_dilation: lhs_dil.to_vec(),
            rhs_dilation: rhs_dil.to_vec(),
            feature_groups: groups,
            batch_groups: 1,
            epilogue: Default::default(),
            extent: None,
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

    /// Runs `conv` with the implicit GEMM (where this CPU has its tile) and with im2col,
    /// and checks both against an f64 sum of the same taps, each element within
    /// `terms * eps * sum |x w|` (the bound of a dot product of that length).
    fn check(conv: &Conv, seed: u64) {
        let geo = Geometry::new(conv, crate::Isa::host(), Epi::NONE);
        let mut fill = values(seed);
        let input: Vec<f32> = (0..conv.batch as usize * geo.in_pix * geo.c)
            .map(|_| fill())
            .collect();
        let kernel: Vec<f32> = (0..geo.k_pix * geo.cg * geo.of).map(|_| fill()).collect();
        let rows = geo.out_batch * geo.o_pix;
        // The references: every output feature's products over the taps, as an f64 sum
        // with the sum of magnitudes, and as the direct loops add them, exactly: each
        // product rounded and added in the reference's order (input feature, then kernel
        // position).
        let mut want = vec![(0f64, 0f64); rows * geo.of];
        let mut exact = vec![0f32; rows * geo.of];
        let mut taps = super::Taps::default();
        for row in 0..rows {
            let (ob, opix) = (row / geo.o_pix, row % geo.o_pix);
            geo.taps(opix, &mut taps);
            for g in 0..geo.groups {
                let (ib, c0) = geo.group_input(g, ob);
                for j in 0..geo.ofg {
                    let (mut sum, mut mag, mut a) = (0f64, 0f64, 0f32);
                    for ci in 0..geo.cg {
                        for (kpix, ipix) in taps.list.iter().enumerate() {
                            let Some(ipix) = ipix else { continue };
                            let x = input[(ib * geo.in_pix + ipix) * geo.c + c0 + ci];
                            let w = kernel[(kpix * geo.cg + ci) * geo.of + g * geo.ofg + j];
                            sum += x as f64 * w as f64;
                            mag += (x as f64 * w as f64).abs();
                            a += x * w;
                        }
                    }
                    want[row * geo.of + g * geo.ofg + j] = (sum, mag);
                    exact[row * geo.of + g * geo.ofg + j] = a;
                }
            }
        }
        // inside_base against its definition: without lhs dilation, the window's first
        // and last taps inside the input in every dimension.
        let mut at = super::Taps::default();
        for opix in 0..geo.o_pix {
            geo.locate(opix, &mut at);
            let mut base = conv.lhs_dilation.iter().all(|&d| d == 1).then_some(0i64);
            for (d, &o) in at.opos.iter().enumerate() {
                let first = o * geo.strides[d] - geo.lo[d];
                let last = first + (geo.k_sp[d] as i64 - 1) * geo.rhs_dil[d];
                base = base
                    .filter(|_| first >= 0 && last < geo.in_sp[d])
                    .map(|b| b * geo.in_sp[d] + first);
            }
            assert_eq!(
                geo.inside_base(&at.opos),
                base.map(|b| b as usize),
                "output pixel {opix} of {conv:?}"
            );
        }
        let (i, k) = (input.as_ptr() as *mut u8, kernel.as_ptr() as *mut u8);
        for parts in [1, 3] {
            let mut out = vec![f32::NAN; rows * geo.of];
            for p in 0..parts {
                let (r0, r1) = (rows * p / parts, rows * (p + 1) / parts);
                // SAFETY: as for the runs below.
                unsafe { direct_wide::<f32>(&geo, i, k, out.as_mut_ptr() as *mut u8, r0, r1) };
            }
            for (e, (got, want)) in out.iter().zip(&exact).enumerate() {
                assert_eq!(
                    got.to_bits(),
                    want.to_bits(),
                    "direct ({parts} parts), element {e} of {conv:?}: got {got}, want {want}"
                );
            }
        }
        let terms = (geo.k_pix * geo.cg) as f64;
        let mut runs: Vec<(&str, super::RowsFn)> = vec![("im2col", im2col::<f32>)];
        // The implicit GEMM at any width wherever the CPU has a tile (conv() takes it only
        // where it pays).
        if gemm::f32_gemm(crate::Isa::host()) != gemm::F32Gemm::Crate {
            runs.push(("implicit", implicit));
        }
        for (name, f) in runs {
            for parts in [1, 3] {
                // NaN: an element the kernel does not write shows up.
                let mut out = vec![f32::NAN; rows * geo.of];
                let (i, k, o) = (
                    input.as_ptr() as *mut u8,
                    kernel.as_ptr() as *mut u8,
                    out.as_mut_ptr() as *mut u8,
                );
                // Split by hand, so small convs run several row ranges too.
                for p in 0..parts {
                    let (r0, r1) = (rows * p / parts, rows * (p + 1) / parts);
                    // SAFETY: the buffers have the conv's shapes; kernels only read input
                    // and kernel (never written through these pointers).
                    unsafe { f(&geo, i, k, o, r0, r1) };
                }
                for (e, (&got, &(sum, mag))) in out.iter().zip(&want).enumerate() {
                    let bound = terms * f32::EPSILON as f64 * mag + f32::MIN_POSITIVE as f64;
                    assert!(
                        (got as f64 - sum).abs() <= bound,
                        "{name} ({parts} parts), element {e} of {conv:?}: got {got}, want {sum} \
                         (bound {bound})"
                    );
                }
            }
        }
    }

    /// conv2d's benchmark shape, a 64 -> 64 feature 3x3 conv with SAME padding (smaller
    /// image), and the same with stride 2 and 70 output features (a partial panel).
    #[test]
    fn benchmark_like_shapes() {
        let same = [(1, 1), (1, 1)];
        check(
            &conv2d(1, [9, 11], 64, [3, 3], 64, [1, 1], same, [1, 1], [1, 1], 1),
            1,
        );
        check(
            &conv2d(2, [9, 8], 64, [3, 3], 70, [2, 2], same, [1, 1], [1, 1], 1),
            2,
        );
        check(
            &conv2d(1, [5, 5], 600, [1, 2], 128, [1, 1], same, [1, 1], [1, 1], 1),
            3,
        );
        check(
            &conv2d(1, [14, 14], 32, [3, 3], 64, [1, 1], same, [1, 1], [1, 1], 1),
            4,
        );
        // small_cnn's first conv (9 products: conv() runs it as direct loops), and the
        // same with 45 features (a block of 32, one of 8 and five single ones).
        check(
            &conv2d(1, [28, 28], 1, [3, 3], 32, [1, 1], same, [1, 1], [1, 1], 1),
            5,
        );
        check(
            &conv2d(2, [7, 6], 1, [3, 3], 45, [1, 1], same, [1, 1], [1, 1], 1),
            6,
        );
        // Few input features: a kernel row's taps read as one run (`merged_run`), edge
        // rows assembled in scratch. A ResNet-like RGB stem on a small image, and runs
        // under dilations of the first dimension with uneven padding and an odd width.
        check(
            &conv2d(
                1,
                [23, 23],
                3,
                [7, 7],
                64,
                [2, 2],
                [(3, 3), (3, 3)],
                [1, 1],
                [1, 1],
                1,
            ),
            7,
        );
        check(
            &conv2d(
                2,
                [10, 9],
                5,
                [3, 4],
                20,
                [1, 2],
                [(2, 0), (1, 2)],
                [2, 1],
                [2, 1],
                1,
            ),
            8,
        );
    }

    /// Runs `conv` through the dispatcher (`run`: depthwise loops, phases, GEMMs) on 1
    /// and 2 threads and checks every element against the reference taps: within the
    /// bound of a dot product of that length, and bit for bit where the dispatcher takes
    /// loops in the reference's order (depthwise convs, and the phases of a transposed
    /// one whose sums are short enough for the direct loops).
    fn check_dispatch(conv: &Conv, seed: u64) {
        let geo = Geometry::new(conv, crate::Isa::host(), Epi::NONE);
        let mut fill = values(seed);
        let input: Vec<f32> = (0..conv.batch as usize * geo.in_pix * geo.c)
            .map(|_| fill())
            .collect();
        let kernel: Vec<f32> = (0..geo.k_pix * geo.cg * geo.of).map(|_| fill()).collect();
        let rows = geo.out_batch * geo.o_pix;
        let mut want = vec![(0f64, 0f64, 0f32, 0usize); rows * geo.of];
        let mut taps = super::Taps::default();
        for row in 0..rows {
            let (ob, opix) = (row / geo.o_pix, row % geo.o_pix);
            geo.taps(opix, &mut taps);
            for g in 0..geo.groups {
                let (ib, c0) = geo.group_input(g, ob);
                for j in 0..geo.ofg {
                    let (mut sum, mut mag, mut a, mut terms) = (0f64, 0f64, 0f32, 0);
                    for ci in 0..geo.cg {
                        for (kpix, ipix) in taps.list.iter().enumerate() {
                            let Some(ipix) = ipix else { continue };
                            let x = input[(ib * geo.in_pix + ipix) * geo.c + c0 + ci];
                            let w = kernel[(kpix * geo.cg + ci) * geo.of + g * geo.ofg + j];
                            sum += x as f64 * w as f64;
                            mag += (x as f64 * w as f64).abs();
                            a += x * w;
                            terms += 1;
                        }
                    }
                    want[row * geo.of + g * geo.ofg + j] = (sum, mag, a, terms);
                }
            }
        }
        // Depthwise and short sums (the direct loops) add the products in the reference's
        // order, separately rounded.
        let short = geo.k_pix * geo.cg <= super::DIRECT_MAX_TERMS;
        let exact =
            (super::depthwise::applies(&geo) || short) && conv.lhs_dilation.iter().all(|&l| l == 1);
        for threads in [1, 2] {
            let mut out = vec![f32::NAN; rows * geo.of];
            // SAFETY: the buffers have the conv's shapes; the output is not empty.
            unsafe {
                super::run(
                    conv,
                    input.as_ptr() as *mut u8,
                    kernel.as_ptr() as *mut u8,
                    out.as_mut_ptr() as *mut u8,
                    threads,
                    crate::Isa::host(),
                    Epi::NONE,
                )
            };
            for (e, (&got, &(sum, mag, a, terms))) in out.iter().zip(&want).enumerate() {
                let bound = terms as f64 * f32::EPSILON as f64 * mag + f32::MIN_POSITIVE as f64;
                assert!(
                    (got as f64 - sum).abs() <= bound,
                    "element {e} of {conv:?} ({threads} threads): got {got}, want {sum}"
                );
                if exact {
                    assert_eq!(
                        got.to_bits(),
                        a.to_bits(),
                        "element {e} of {conv:?}: {got} != {a}"
                    );
                }
            }
        }
    }

    /// A depthwise conv's epilogue (scale, bias, clamp) is applied a few rows at a time:
    /// row counts that are not a multiple of that, split over threads, channel counts with
    /// tails, a channel multiplier; every element is the epilogue of the plain result.
    #[test]
    fn depthwise_epilogue_covers_every_row() {
        use crate::kernels::gemm::Act;
        for (batch, hw, c, mult) in [(2u64, [5u64, 7u64], 13u64, 2u64), (1, [9, 4], 40, 1)] {
            let conv = conv2d(
                batch,
                hw,
                c,
                [3, 3],
                c * mult,
                [1, 1],
                [(1, 1), (1, 1)],
                [1, 1],
                [1, 1],
                c,
            );
            let of = (c * mult) as usize;
            let mut fill = values(7);
            let geo = Geometry::new(&conv, crate::Isa::host(), Epi::NONE);
            let input: Vec<f32> = (0..batch as usize * geo.in_pix * geo.c)
                .map(|_| fill())
                .collect();
            let kernel: Vec<f32> = (0..geo.k_pix * of).map(|_| fill()).collect();
            let (scale, bias): (Vec<f32>, Vec<f32>) = (0..of).map(|_| (fill(), fill())).unzip();
            let epi = Epi {
                scale: scale.as_ptr(),
                bias: bias.as_ptr(),
                act: Act::Clamp(-0.5, 0.75),
            };
            let rows = geo.out_batch * geo.o_pix;
            let run = |threads, epi| {
                let mut out = vec![f32::NAN; rows * of];
                // SAFETY: the buffers have the conv's shapes; the vectors have `of` floats.
                unsafe {
                    super::run(
                        &conv,
                        input.as_ptr() as *mut u8,
                        kernel.as_ptr() as *mut u8,
                        out.as_mut_ptr() as *mut u8,
                        threads,
                        crate::Isa::host(),
                        epi,
                    )
                };
                out
            };
            let plain = run(1, Epi::NONE);
            for threads in [1, 2] {
                for (e, (&got, &x)) in run(threads, epi).iter().zip(&plain).enumerate() {
                    // SAFETY: the vectors have `of` floats.
                    let want = unsafe { epi.element(x, e % of) };
                    assert_eq!(
                        got.to_bits(),
                        want.to_bits(),
                        "element {e} ({threads} threads)"
                    );
                }
            }
        }
    }

    /// Depthwise rows the padding cuts off at the top or bottom run along the row with one
    /// tap list (the first and last rows here: a 5x3 window, stride 2 down, padding 2 and
    /// 1; and a dilated 3x3 whose top rows lose two kernel rows): wide rows with a tail of
    /// pixels and of features, one feature per input feature and a multiplier of 2, the
    /// reference's bits at one and two threads.
    #[test]
    fn depthwise_rows_cut_at_the_top_run_along_the_row() {
        for (c, mult, k, stride, pad, dil) in [
            (
                19u64,
                1u64,
                [5u64, 3u64],
                [2u64, 1u64],
                [(2i64, 1i64), (1, 1)],
                [1u64, 1u64],
            ),
            (7, 2, [3, 3], [1, 1], [(2, 2), (1, 0)], [2, 1]),
            (33, 1, [3, 5], [1, 2], [(1, 1), (2, 2)], [1, 1]),
        ] {
            let conv = conv2d(2, [7, 37], c, k, c * mult, stride, pad, [1, 1], dil, c);
            check_dispatch(&conv, c + mult);
        }
    }

    /// Short sums (the direct loops) in wide rows that padding cuts at the top and bottom:
    /// such a row runs along with one list of terms (a stem conv from one feature, two
    /// features with a stride, a dilated window with groups and an output width with a
    /// tail); the reference's bits at one and two threads.
    #[test]
    fn direct_rows_cut_at_the_top_run_along_the_row() {
        for (c, ofg, k, stride, pad, dil, groups) in [
            (
                1u64,
                32u64,
                [3u64, 3u64],
                [1u64, 1u64],
                [(1i64, 1i64), (1, 1)],
                [1u64, 1u64],
                1u64,
            ),
            (2, 13, [3, 2], [2, 1], [(2, 1), (0, 1)], [1, 1], 1),
            (4, 9, [2, 3], [1, 2], [(2, 2), (1, 1)], [2, 1], 2),
        ] {
            let conv = conv2d(
                2,
                [7, 37],
                c,
                k,
                ofg * groups,
                stride,
                pad,
                [1, 1],
                dil,
                groups,
            );
            let geo = Geometry::new(&conv, crate::Isa::host(), Epi::NONE);
            assert!(
                geo.k_pix * geo.cg <= super::DIRECT_MAX_TERMS,
                "{conv:?} is short"
            );
            check_dispatch(&conv, c * 7 + ofg);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(120))]

        /// Depthwise convs (one input feature per group) with channel multipliers, channel
        /// counts with tails, windows longer than the direct loops' limit, strides,
        /// dilations, padding and batches: the reference's bits.
        #[test]
        fn depthwise_matches_reference_bits(
            batch in 1..3u64, h in 1..10u64, w in 1..10u64, c in 2..45u64, mult in 1..4u64,
            kh in 1..6u64, kw in 1..6u64, sh in 1..3u64, sw in 1..3u64,
            ph in pad(), pw in pad(), dh in 1..3u64, dw in 1..3u64, seed in any::<u64>(),
        ) {
            let conv = conv2d(
                batch, [h, w], c, [kh, kw], c * mult, [sh, sw], [ph, pw], [1, 1], [dh, dw], c,
            );
            if conv.out_spatial.iter().all(|&o| o > 0) {
                check_dispatch(&conv, seed);
            }
        }

        /// Transposed convs (lhs dilation) with strides, rhs dilations, padding of both
        /// signs, groups and batches: by phases, against the reference taps.
        #[test]
        fn transposed_match_reference(
            batch in 1..3u64, h in 1..7u64, w in 1..7u64, cg in 1..20u64, ofg in 1..40u64,
            groups in 1..3u64, kh in 1..5u64, kw in 1..5u64, lh in 1..4u64, lw in 1..4u64,
            sh in 1..3u64, sw in 1..3u64, dh in 1..3u64, ph in -1..4i64, pw in -1..4i64,
            seed in any::<u64>(),
        ) {
            let conv = conv2d(
                batch, [h, w], cg * groups, [kh, kw], ofg * groups, [sh, sw],
                [(ph, ph + 1), (pw, pw)], [lh, lw], [dh, 1], groups,
            );
            if conv.out_spatial.iter().all(|&o| o > 0) {
                check_dispatch(&conv, seed);
            }
        }
    }

    /// The benchmarks' transposed conv (4x4, stride 2 as lhs dilation 2, SAME) at a
    /// smaller size, and a short one (3x3 taps, 3 features: direct loops per phase).
    #[test]
    fn transposed_shapes() {
        check_dispatch(
            &conv2d(
                1,
                [6, 5],
                64,
                [4, 4],
                32,
                [1, 1],
                [(2, 2), (2, 2)],
                [2, 2],
                [1, 1],
                1,
            ),
            9,
        );
        check_dispatch(
            &conv2d(
                2,
                [4, 4],
                3,
                [3, 3],
                5,
                [1, 1],
                [(1, 1), (1, 1)],
                [2, 2],
                [1, 1],
                1,
            ),
            10,
        );
    }

    fn pad() -> impl Strategy<Value = (i64, i64)> {
        (-1..3i64, -1..3i64)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(120))]

        /// Random 2-d shapes with padding (negative too), strides, dilations and feature
        /// groups: the implicit GEMM and im2col agree with the reference sums.
        #[test]
        fn random_shapes_match_reference(
            batch in 1..3u64, h in 1..9u64, w in 1..9u64, cg in 1..24u64,
            kh in 1..4u64, kw in 1..4u64, ofg in prop_oneof![1..20u64, 60..70u64],
            sh in 1..3u64, sw in 1..3u64, ph in pad(), pw in pad(),
            lhs in prop_oneof![Just(1u64), Just(2)], rhs in prop_oneof![Just(1u64), Just(2)],
            groups in 1..3u64, seed in any::<u64>(),
        ) {
            let conv = conv2d(
                batch, [h, w], cg * groups, [kh, kw], ofg * groups, [sh, sw], [ph, pw],
                [lhs, 1], [1, rhs], groups,
            );
            check(&conv, seed);
        }
    }
}
