//! `stablehlo.fft` by the definition: a direct discrete Fourier transform along each of
//! the last `k` dimensions, in f64 (O(n^2) per line: a reference, independent of the
//! runtime's FFT library, not a fast path), rounded once at the end.
//!
//! Twiddle angles are reduced exactly (`(j * m) mod n`) before `sin`/`cos`, so long
//! transforms do not lose accuracy to huge arguments. IRFFT extends the last dimension's
//! `n / 2 + 1` values Hermitian-symmetrically and keeps the real part, which ignores the
//! imaginary parts of the zero and (even `n`) `n / 2` frequencies, as FFT libraries do.

use super::complex::{pack, parts};
use super::tensor::{Tensor, dims, from_f64, to_f64};
use crate::compiler::ir::{FftType, TensorType};
use std::f64::consts::TAU;

type C = (f64, f64);

/// The transform of `x` into a tensor of type `ty` over the last `k` dimensions.
pub(crate) fn fft(x: &Tensor, ty: &TensorType, kind: FftType, k: usize) -> Tensor {
    let d = x.dtype();
    // Work on complex values in the operand's shape.
    let mut data: Vec<C> = if d.is_complex() {
        x.bits.iter().map(|&b| parts(d, b)).collect()
    } else {
        x.bits.iter().map(|&b| (to_f64(d, b as u64), 0.0)).collect()
    };
    let mut shape = x.shape();
    let rank = shape.len();
    let first = rank - k;
    match kind {
        FftType::Fft | FftType::Ifft => {
            let inverse = kind == FftType::Ifft;
            for axis in first..rank {
                data = dft_axis(&data, &shape, axis, shape[axis], inverse);
            }
        }
        FftType::Rfft => {
            for axis in first..rank {
                data = dft_axis(&data, &shape, axis, shape[axis], false);
            }
            // Keep the non-negative frequencies of the last dimension.
            let n = shape[rank - 1];
            let h = if n == 0 { 0 } else { n / 2 + 1 };
            data = data
                .chunks(n.max(1))
                .flat_map(|row| row[..h.min(row.len())].to_vec())
                .collect();
            shape[rank - 1] = h;
        }
        FftType::Irfft => {
            for axis in first..rank - 1 {
                data = dft_axis(&data, &shape, axis, shape[axis], true);
            }
            // The last dimension: Hermitian extension to the result's length, inverse
            // transform, real part.
            let n = ty.shape[rank - 1].max(0) as usize;
            let h = shape[rank - 1];
            let rows = data.len().checked_div(h).unwrap_or(0);
            let mut full = Vec::with_capacity(rows * n);
            for r in 0..rows {
                let row = &data[r * h..(r + 1) * h];
                full.extend((0..n).map(|j| {
                    if j < h {
                        row[j]
                    } else {
                        let c = row[n - j];
                        (c.0, -c.1)
                    }
                }));
            }
            shape[rank - 1] = n;
            data = dft_axis(&full, &shape, rank - 1, n, true);
            for v in &mut data {
                v.1 = 0.0;
            }
        }
    }
    let out = ty.dtype;
    let bits = if out.is_complex() {
        data.iter().map(|&z| pack(out, z)).collect()
    } else {
        data.iter()
            .map(|&(re, _)| u128::from(from_f64(out, re)))
            .collect()
    };
    debug_assert_eq!(shape, dims(ty));
    Tensor::new(ty.clone(), bits)
}

/// The DFT (or inverse, scaled by `1 / n`) of every line of `data` (shape `shape`) along
/// `axis`, whose length is `n`.
fn dft_axis(data: &[C], shape: &[usize], axis: usize, n: usize, inverse: bool) -> Vec<C> {
    let inner: usize = shape[axis + 1..].iter().product();
    let outer: usize = shape[..axis].iter().product();
    let mut out = vec![(0.0, 0.0); data.len()];
    if n == 0 {
        return out;
    }
    // e^(-2 pi i m / n) (forward) or e^(2 pi i m / n), m in 0..n.
    let sign = if inverse { 1.0 } else { -1.0 };
    let twiddles: Vec<C> = (0..n)
        .map(|m| {
            let a = TAU * m as f64 / n as f64;
            (a.cos(), sign * a.sin())
        })
        .collect();
    let scale = if inverse { 1.0 / n as f64 } else { 1.0 };
    for o in 0..outer {
        for i in 0..inner {
            let at = |j: usize| (o * n + j) * inner + i;
            for f in 0..n {
                let (mut re, mut im) = (0.0, 0.0);
                for j in 0..n {
                    let (xr, xi) = data[at(j)];
                    let (wr, wi) = twiddles[(j * f) % n];
                    re += xr * wr - xi * wi;
                    im += xr * wi + xi * wr;
                }
                out[at(f)] = (re * scale, im * scale);
            }
        }
    }
    out
}
