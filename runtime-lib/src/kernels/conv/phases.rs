//! Convolutions with lhs dilation (transposed convolutions) as ordinary ones, one per
//! output phase, so no product with an inserted zero is computed.
//!
//! In one spatial dimension (input `I`, lhs dilation `L`, stride `S`, rhs dilation `D`,
//! low padding `lo`), output `o` reads the dilated position `o S + k D - lo` with kernel
//! tap `k`, a real input element `(o S + k D - lo) / L` only where `L` divides it. With
//! `P = L / gcd(S, L)`, the outputs `o = r + P q` of one phase `r` all have the same
//! taps: those with `k D = lo - r S (mod L)`, an arithmetic progression `k0 + T t` (`T =
//! L / gcd(D, L)`). They read input `base + q S' + t D'` (`base = (r S + k0 D - lo) /
//! L`, `S' = P S / L`, `D' = T D / L`): an ordinary convolution of the same input with
//! the phase's taps as its kernel, stride `S'`, rhs dilation `D'` and low padding
//! `-base`. Its products are the original's nonzero ones, in the same (kernel) order.
//! Each phase writes a dense scratch output that is then copied to its positions; a
//! phase without taps writes the empty sum.

use super::{Geometry, run};
use crate::format::Conv;
use crate::isa::Isa;
use crate::kernels::gemm::{Epi, apply_epilogue};
use crate::kernels::{Elem, with_elem};
use crate::tensor::AlignedBytes;

/// One spatial dimension of one phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PhaseDim {
    /// The phase's first output coordinate and the step between its outputs.
    first: u64,
    step: u64,
    /// Its output count.
    outs: u64,
    /// Its first tap and the step between taps, and their count.
    k0: u64,
    kstep: u64,
    taps: u64,
    /// The ordinary convolution's stride, rhs dilation and low padding.
    stride: u64,
    dilation: u64,
    pad: i64,
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The phases of dimension `d` of `c` (see the module docs).
fn phases(c: &Conv, d: usize) -> Vec<PhaseDim> {
    let (l, s, dil) = (c.lhs_dilation[d], c.strides[d], c.rhs_dilation[d]);
    let (k, o, lo) = (c.kernel_spatial[d], c.out_spatial[d], c.padding[d].0);
    let p = l / gcd(s, l);
    let t = l / gcd(dil, l);
    (0..p)
        .map(|r| {
            let outs = if r < o { (o - r).div_ceil(p) } else { 0 };
            // The first tap with r S + k D - lo = 0 (mod L): one among 0..T if any.
            let rem = |k: u64| {
                (r as i128 * s as i128 + k as i128 * dil as i128 - lo as i128).rem_euclid(l as i128)
            };
            let k0 = (0..t.min(k)).find(|&k| rem(k) == 0);
            match k0 {
                Some(k0) => {
                    let base =
                        (r as i128 * s as i128 + k0 as i128 * dil as i128 - lo as i128) / l as i128;
                    PhaseDim {
                        first: r,
                        step: p,
                        outs,
                        k0,
                        kstep: t,
                        taps: (k - 1 - k0) / t + 1,
                        stride: p * s / l,
                        dilation: t * dil / l,
                        // |base| < 2^42: the decoder bounds every extent by 2^40.
                        pad: -(base as i64),
                    }
                }
                None => PhaseDim {
                    first: r,
                    step: p,
                    outs,
                    k0: 0,
                    kstep: t,
                    taps: 0,
                    stride: 1,
                    dilation: 1,
                    pad: 0,
                },
            }
        })
        .collect()
}

/// Whether `c` runs by phases: some lhs dilation above one.
pub(super) fn applies(c: &Conv) -> bool {
    c.lhs_dilation.iter().any(|&l| l > 1)
}

/// Runs `c` (see [`applies`]) phase by phase.
///
/// # Safety
/// As [`super::conv`]: `c` validated against buffers `input`, `kernel` and `out`.
pub(super) unsafe fn conv(
    c: &Conv,
    input: *mut u8,
    kernel: *mut u8,
    out: *mut u8,
    threads: usize,
    isa: Isa,
    epi: Epi,
) {
    let r = c.in_spatial.len();
    let per_dim: Vec<Vec<PhaseDim>> = (0..r).map(|d| phases(c, d)).collect();
    let size = c.dtype.size();
    let geo = Geometry::new(c, isa, epi);
    let cg_of = geo.cg * geo.of;
    // Every combination of the dimensions' phases, last dimension fastest.
    let count: usize = per_dim.iter().map(Vec::len).product();
    let mut pick = vec![0usize; r];
    for _ in 0..count {
        let dims: Vec<PhaseDim> = (0..r).map(|d| per_dim[d][pick[d]]).collect();
        // Advance the odometer for the next round.
        for d in (0..r).rev() {
            pick[d] += 1;
            if pick[d] < per_dim[d].len() {
                break;
            }
            pick[d] = 0;
        }
        if dims.iter().any(|p| p.outs == 0) {
            continue;
        }
        let outs: Vec<u64> = dims.iter().map(|p| p.outs).collect();
        let rows = geo.out_batch * outs.iter().product::<u64>() as usize;
        let mut sub_out = AlignedBytes::zeroed(rows * geo.of * size);
        if dims.iter().all(|p| p.taps > 0) {
            let sub = Conv {
                kernel_spatial: dims.iter().map(|p| p.taps).collect(),
                out_spatial: outs.clone(),
                strides: dims.iter().map(|p| p.stride).collect(),
                padding: dims.iter().map(|p| (p.pad, 0)).collect(),
                lhs_dilation: vec![1; r],
                rhs_dilation: dims.iter().map(|p| p.dilation).collect(),
                ..c.clone()
            };
            // The phase's taps, in kernel order: each a row of cg x of elements.
            let taps: usize = dims.iter().map(|p| p.taps as usize).product();
            let mut sub_kernel = AlignedBytes::zeroed(taps * cg_of * size);
            let mut t = vec![0u64; r];
            for q in 0..taps {
                let mut src = 0usize;
                for d in 0..r {
                    let k = dims[d].k0 + dims[d].kstep * t[d];
                    src = src * c.kernel_spatial[d] as usize + k as usize;
                }
                // SAFETY: tap `src` of the kernel has cg x of elements inside it; row q of
                // sub_kernel too.
                unsafe {
                    std::ptr::copy_nonoverlapping(
                        kernel.add(src * cg_of * size),
                        sub_kernel.as_mut_ptr().add(q * cg_of * size),
                        cg_of * size,
                    )
                };
                for d in (0..r).rev() {
                    t[d] += 1;
                    if t[d] < dims[d].taps {
                        break;
                    }
                    t[d] = 0;
                }
            }
            // SAFETY: `sub` is an ordinary conv of the same input whose windows read only
            // input elements of `c`'s (see the module docs), its kernel and output the
            // buffers just made at its sizes.
            unsafe {
                run(
                    &sub,
                    input,
                    sub_kernel.as_mut_ptr(),
                    sub_out.as_mut_ptr(),
                    threads,
                    isa,
                    epi,
                )
            };
        } else {
            // No taps: every output of the phase is the empty sum.
            let zero = with_elem!(c.dtype, T => {
                let z = T::done(T::zero());
                // SAFETY: reading the bytes of a plain value of `size` bytes.
                let b = unsafe { std::slice::from_raw_parts((&z as *const T).cast::<u8>(), size) };
                b.to_vec()
            });
            for e in sub_out.as_mut_slice().chunks_exact_mut(size) {
                e.copy_from_slice(&zero);
            }
            if !epi.is_none() {
                // SAFETY: f32 (only f32 has an epilogue), rows x of floats; the vectors
                // have `of` floats.
                unsafe {
                    apply_epilogue(
                        sub_out.as_mut_ptr() as *mut f32,
                        geo.of as isize,
                        1,
                        rows,
                        geo.of,
                        epi,
                        isa,
                    )
                };
            }
        }
        // Scatter the phase's rows to their output positions.
        let mut q = vec![0u64; r];
        let o_pix = geo.o_pix;
        for row in 0..rows {
            let ob = row / (rows / geo.out_batch);
            let mut opix = 0usize;
            for d in 0..r {
                let o = dims[d].first + dims[d].step * q[d];
                opix = opix * c.out_spatial[d] as usize + o as usize;
            }
            // SAFETY: row `row` of the scratch output; output row (ob, opix) is inside
            // the output (o < out_spatial by the phase's count) and written only here.
            unsafe {
                std::ptr::copy_nonoverlapping(
                    sub_out.as_ptr().add(row * geo.of * size),
                    out.add((ob * o_pix + opix) * geo.of * size),
                    geo.of * size,
                )
            };
            for d in (0..r).rev() {
                q[d] += 1;
                if q[d] < outs[d] {
                    break;
                }
                q[d] = 0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::phases;
    use crate::DType;
    use crate::format::{BufRef, Conv, Region};

    /// Every phase's taps and input positions are exactly the original's nonzero taps,
    /// for many 1-d combinations of sizes, dilations, strides and paddings.
    #[test]
    fn phases_cover_the_nonzero_taps() {
        let buf = BufRef {
            region: Region::Arena,
            offset: 0,
            size: 0,
        };
        for i in 1..6u64 {
            for k in 1..5u64 {
                for l in 1..4u64 {
                    for s in 1..4u64 {
                        for dil in 1..3u64 {
                            for lo in -2..4i64 {
                                let hi = 1i64;
                                let padded = ((i - 1) * l + 1) as i64 + lo + hi;
                                let win = ((k - 1) * dil + 1) as i64;
                                if padded < win {
                                    continue;
                                }
                                let o = (padded - win) as u64 / s + 1;
                                let c = Conv {
                                    dtype: DType::F32,
                                    input: buf,
                                    kernel: buf,
                                    output: buf,
                                    batch: 1,
                                    in_features: 1,
                                    out_features: 1,
                                    in_spatial: vec![i],
                                    kernel_spatial: vec![k],
                                    out_spatial: vec![o],
                                    strides: vec![s],
                                    padding: vec![(lo, hi)],
                                    lhs_dilation: vec![l],
                                    rhs_dilation: vec![dil],
                                    feature_groups: 1,
                                    batch_groups: 1,
                                    epilogue: Default::default(),
                                    extent: None,
                                };
                                let mut seen = vec![0; o as usize];
                                for p in phases(&c, 0) {
                                    for qq in 0..p.outs {
                                        let out = p.first + p.step * qq;
                                        seen[out as usize] += 1;
                                        // The original's taps reading real elements.
                                        let want: Vec<(u64, i64)> = (0..k)
                                            .filter_map(|kk| {
                                                let pos = (out * s + kk * dil) as i64 - lo;
                                                (pos >= 0
                                                    && pos % l as i64 == 0
                                                    && pos / (l as i64) < i as i64)
                                                    .then_some((kk, pos / l as i64))
                                            })
                                            .collect();
                                        // The phase's, through its ordinary conv.
                                        let got: Vec<(u64, i64)> = (0..p.taps)
                                            .filter_map(|t| {
                                                let x =
                                                    (qq * p.stride + t * p.dilation) as i64 - p.pad;
                                                (x >= 0 && x < i as i64)
                                                    .then_some((p.k0 + p.kstep * t, x))
                                            })
                                            .collect();
                                        assert_eq!(got, want, "out {out} of {c:?}: {p:?}");
                                    }
                                }
                                assert!(seen.iter().all(|&n| n == 1), "{c:?}: {seen:?}");
                            }
                        }
                    }
                }
            }
        }
    }
}
