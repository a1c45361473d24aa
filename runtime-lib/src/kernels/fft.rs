//! `Step::Fft`: `stablehlo.fft` through rustfft (complex transforms) and realfft (the real
//! ones). Plans are made once, when an executable is loaded ([`FftPlans::new`]), one per
//! distinct (kind, part type, lengths); a call only takes scratch buffers (kept by the
//! plan for later calls) and runs.
//!
//! A multi-dimensional transform is a 1-d transform along each dimension in turn, the
//! last (contiguous) one first. Rows along the last dimension are transformed where they
//! lie; along an outer dimension, a group of columns is gathered into contiguous rows,
//! transformed and scattered back. Rows or column groups are independent, so a large
//! step splits them across the pool's threads.

use super::Bases;
use super::par::chunks;
use crate::DType;
use crate::format::{Fft, FftKind, Step, walk_steps};
use pjrtc_fft_plans::{Complex, ComplexToReal, Part, Planners, RealToComplex};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

/// Work (elements times passes) from which a step splits across threads.
const PARALLEL_MIN_WORK: usize = 1 << 16;

/// Complex values a gathered column group holds (at least one column): 128 KiB of
/// complex64, so a group and the transform's scratch stay in the L2 cache.
const GROUP_ELEMS: usize = 1 << 14;

type Key = (FftKind, DType, Vec<u64>);

/// The plans of one executable's FFT steps.
#[derive(Default)]
pub struct FftPlans {
    plans: HashMap<Key, Plan>,
}

// A panic inside a call cannot leave a plan half-changed: plans are immutable once made
// (rustfft's twiddle tables), and their scratch lists are behind mutexes whose contents
// are valid whenever unlocked.
impl std::panic::RefUnwindSafe for FftPlans {}
impl std::panic::UnwindSafe for FftPlans {}

enum Plan {
    #[cfg(feature = "simd-fft")]
    F32(Typed<f32>),
    /// An f32 transform computed in f64 and rounded once. Without rustfft's SIMD
    /// algorithms (the size build) f32 runs no faster than f64, and leaving out
    /// rustfft's f32 instantiation keeps the runner about 160 KB smaller.
    #[cfg(not(feature = "simd-fft"))]
    Widened(Widened),
    F64(Typed<f64>),
}

impl FftPlans {
    /// Plans every FFT step of `steps` (nested lists included). The steps were
    /// validated: parts are f32 or f64, 1 to 3 lengths.
    pub fn new(steps: &[Step]) -> FftPlans {
        let mut plans = FftPlans::default();
        #[cfg(feature = "simd-fft")]
        let mut p32 = Planners::default();
        let mut p64 = Planners::default();
        walk_steps(steps, &mut |s| {
            if let Step::Fft(f) = s {
                let key = (f.kind, f.dtype, f.lengths.clone());
                if plans.plans.contains_key(&key) {
                    return;
                }
                let plan = match f.dtype {
                    DType::F64 => Plan::F64(Typed::new(f.kind, &f.lengths, &mut p64)),
                    #[cfg(feature = "simd-fft")]
                    _ => Plan::F32(Typed::new(f.kind, &f.lengths, &mut p32)),
                    #[cfg(not(feature = "simd-fft"))]
                    _ => Plan::Widened(Widened {
                        plan: Typed::new(f.kind, &f.lengths, &mut p64),
                        copies: Mutex::new(Vec::new()),
                    }),
                };
                plans.plans.insert(key, plan);
            }
        });
        plans
    }

    /// Runs a step on up to `threads` threads.
    ///
    /// # Safety
    /// `f` was validated against the regions `bases` points at (sizes as
    /// [`FftKind::counts`] gives them, aligned to the part type, disjoint, the output
    /// writable) and planned by [`FftPlans::new`].
    pub unsafe fn run(&self, f: &Fft, bases: &Bases, threads: usize) {
        let key = (f.kind, f.dtype, f.lengths.clone());
        let (input, output) = (bases.ptr(&f.input), bases.ptr(&f.output));
        let (ins, outs) = (f.input.size as usize, f.output.size as usize);
        match self.plans.get(&key) {
            // SAFETY: forwarded; the byte sizes are the validated buffer sizes.
            #[cfg(feature = "simd-fft")]
            Some(Plan::F32(p)) => unsafe { p.run(input, ins, output, outs, threads) },
            // SAFETY: as above, for f32 buffers.
            #[cfg(not(feature = "simd-fft"))]
            Some(Plan::Widened(p)) => unsafe { p.run(input, ins, output, outs, threads) },
            // SAFETY: as above.
            Some(Plan::F64(p)) => unsafe { p.run(input, ins, output, outs, threads) },
            // Every step was planned at load; nothing to run is not reachable.
            None => debug_assert!(false, "unplanned fft step {key:?}"),
        }
    }
}

/// One step's plan for part type `T`.
struct Typed<T: Part> {
    kind: FftKind,
    lengths: Vec<usize>,
    /// Per dimension, the complex transform (forward for FFT/RFFT, inverse for
    /// IFFT/IRFFT); `None` for the last dimension of the real transforms and for empty
    /// dimensions.
    c2c: Vec<Option<Arc<dyn pjrtc_fft_plans::Fft<T>>>>,
    r2c: Option<Arc<dyn RealToComplex<T>>>,
    c2r: Option<Arc<dyn ComplexToReal<T>>>,
    /// Scratch of finished parts, reused by later ones (a part takes one or makes one).
    scratch: Mutex<Vec<Scratch<T>>>,
    /// IRFFT over several dimensions: the complex copy the inverse transforms work on.
    staging: Mutex<Vec<Vec<Complex<T>>>>,
}

#[derive(Default)]
struct Scratch<T> {
    complex: Vec<Complex<T>>,
    real: Vec<T>,
}

impl<T: Part> Typed<T> {
    fn new(kind: FftKind, lengths: &[u64], planners: &mut Planners<T>) -> Typed<T> {
        let lengths: Vec<usize> = lengths.iter().map(|&d| d as usize).collect();
        let inverse = matches!(kind, FftKind::Ifft | FftKind::Irfft);
        let real = matches!(kind, FftKind::Rfft | FftKind::Irfft);
        let last = lengths.len() - 1;
        let c2c = lengths
            .iter()
            .enumerate()
            .map(|(d, &n)| {
                if n == 0 || (real && d == last) {
                    None
                } else {
                    Some(T::plan_complex(planners, n, inverse))
                }
            })
            .collect();
        let n = lengths[last];
        Typed {
            kind,
            c2c,
            r2c: (kind == FftKind::Rfft && n > 0).then(|| T::plan_real_forward(planners, n)),
            c2r: (kind == FftKind::Irfft && n > 0).then(|| T::plan_real_inverse(planners, n)),
            lengths,
            scratch: Mutex::new(Vec::new()),
            staging: Mutex::new(Vec::new()),
        }
    }

    fn lock<U>(m: &Mutex<U>) -> MutexGuard<'_, U> {
        // Only held to push or pop; a poisoned list of buffers is still valid.
        m.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Runs `f` with a scratch buffer of this plan.
    fn with_scratch(&self, f: impl FnOnce(&mut Scratch<T>)) {
        let mut s = Self::lock(&self.scratch).pop().unwrap_or_default();
        f(&mut s);
        Self::lock(&self.scratch).push(s);
    }

    /// # Safety
    /// `input`/`output` point at `ins`/`outs` bytes, disjoint, aligned to `T`, sized for
    /// this plan's kind and lengths (a whole number of transforms).
    unsafe fn run(&self, input: *mut u8, ins: usize, output: *mut u8, outs: usize, threads: usize) {
        let size = std::mem::size_of::<T>();
        let total: usize = self.lengths.iter().product();
        let last = *self.lengths.last().unwrap_or(&0);
        if total == 0 || ins == 0 || outs == 0 {
            return;
        }
        // Complex-side dimensions: the last one halved for the real transforms.
        let mut half = self.lengths.clone();
        if let Some(l) = half.last_mut() {
            *l = *l / 2 + 1;
        }
        let scale = T::from_f64(1.0 / total as f64).unwrap_or_else(T::one);
        match self.kind {
            FftKind::Fft | FftKind::Ifft => {
                let n = outs / (2 * size);
                // SAFETY: the buffers hold `n` complex values each, disjoint (contract).
                let (src, dst) = unsafe {
                    (
                        std::slice::from_raw_parts(input as *const Complex<T>, n),
                        std::slice::from_raw_parts_mut(output as *mut Complex<T>, n),
                    )
                };
                // The last dimension reads the input where it lies (rustfft leaves it
                // untouched); the others transform the output in place.
                let scale = (self.kind == FftKind::Ifft).then_some(scale);
                let k = self.lengths.len() - 1;
                let only = if k == 0 { scale } else { None };
                if let Some(fft) = &self.c2c[k] {
                    self.rows_from(src, dst, fft.as_ref(), last, only, threads);
                }
                self.axes(
                    dst,
                    &self.lengths,
                    k,
                    if k == 0 { None } else { scale },
                    threads,
                );
            }
            FftKind::Rfft => {
                let n = ins / size;
                let m = outs / (2 * size);
                // SAFETY: `n` reals in, `m` complex values out, disjoint (contract).
                let (src, dst) = unsafe {
                    (
                        std::slice::from_raw_parts(input as *const T, n),
                        std::slice::from_raw_parts_mut(output as *mut Complex<T>, m),
                    )
                };
                self.real_rows(src, dst, last, threads);
                self.axes(dst, &half, self.lengths.len() - 1, None, threads);
            }
            FftKind::Irfft => {
                let m = ins / (2 * size);
                let n = outs / size;
                // SAFETY: `m` complex values in, `n` reals out, disjoint (contract).
                let (src, dst) = unsafe {
                    (
                        std::slice::from_raw_parts(input as *const Complex<T>, m),
                        std::slice::from_raw_parts_mut(output as *mut T, n),
                    )
                };
                if self.lengths.len() == 1 {
                    self.complex_rows_to_real(src, dst, last, scale, threads);
                } else {
                    // The inverse transforms of the outer dimensions need a copy to work
                    // on (the input is only read), then the last dimension's rows.
                    let mut staging = Self::lock(&self.staging).pop().unwrap_or_default();
                    staging.clear();
                    staging.extend_from_slice(src);
                    self.axes(&mut staging, &half, self.lengths.len() - 1, None, threads);
                    self.complex_rows_to_real(&staging, dst, last, scale, threads);
                    Self::lock(&self.staging).push(staging);
                }
            }
        }
    }

    /// The complex transforms of dimensions `..upto` of `dims`, the last one first, over
    /// `data` (whole transforms of `dims`); `scale` multiplies every value at the end.
    fn axes(
        &self,
        data: &mut [Complex<T>],
        dims: &[usize],
        upto: usize,
        scale: Option<T>,
        threads: usize,
    ) {
        for d in (0..upto).rev() {
            let Some(fft) = &self.c2c[d] else { continue };
            let inner: usize = dims[d + 1..].iter().product();
            // Scaling rides along with the last pass (the outermost dimension).
            let s = if d == 0 { scale } else { None };
            if inner == 1 {
                self.rows(data, fft.as_ref(), dims[d], s, threads);
            } else {
                self.columns(data, fft.as_ref(), dims[d], inner, s, threads);
            }
        }
        if upto == 0
            && let Some(s) = scale
        {
            scale_all(data, s);
        }
    }

    /// Transforms contiguous rows of length `n` of `src` into `dst`.
    fn rows_from(
        &self,
        src: &[Complex<T>],
        dst: &mut [Complex<T>],
        fft: &dyn pjrtc_fft_plans::Fft<T>,
        n: usize,
        scale: Option<T>,
        threads: usize,
    ) {
        let rows = src.len() / n;
        let base = dst.as_mut_ptr() as usize;
        chunks(rows, parts(src.len(), threads), |b, e| {
            // SAFETY: rows [b, e) of `dst` (as long as `src`); parts are disjoint ranges.
            let out = unsafe {
                std::slice::from_raw_parts_mut((base as *mut Complex<T>).add(b * n), (e - b) * n)
            };
            self.with_scratch(|s| {
                grow(&mut s.complex, fft.get_immutable_scratch_len());
                fft.process_immutable_with_scratch(&src[b * n..e * n], out, &mut s.complex);
            });
            if let Some(s) = scale {
                scale_all(out, s);
            }
        });
    }

    /// Transforms contiguous rows of length `n` in place.
    fn rows(
        &self,
        data: &mut [Complex<T>],
        fft: &dyn pjrtc_fft_plans::Fft<T>,
        n: usize,
        scale: Option<T>,
        threads: usize,
    ) {
        let rows = data.len() / n;
        let base = data.as_mut_ptr() as usize;
        chunks(rows, parts(data.len(), threads), |b, e| {
            // SAFETY: rows [b, e) of `data`; parts are disjoint row ranges.
            let block = unsafe {
                std::slice::from_raw_parts_mut((base as *mut Complex<T>).add(b * n), (e - b) * n)
            };
            self.with_scratch(|s| {
                grow(&mut s.complex, fft.get_inplace_scratch_len());
                fft.process_with_scratch(block, &mut s.complex);
            });
            if let Some(s) = scale {
                scale_all(block, s);
            }
        });
    }

    /// Transforms the columns of `[outer][n][inner]` blocks in place, in groups of
    /// columns gathered into contiguous rows.
    fn columns(
        &self,
        data: &mut [Complex<T>],
        fft: &dyn pjrtc_fft_plans::Fft<T>,
        n: usize,
        inner: usize,
        scale: Option<T>,
        threads: usize,
    ) {
        let outer = data.len() / (n * inner);
        let group = (GROUP_ELEMS / n).clamp(1, inner);
        let groups = inner.div_ceil(group);
        let base = data.as_mut_ptr() as usize;
        let len = data.len();
        chunks(outer * groups, parts(len, threads), |b, e| {
            self.with_scratch(|s| {
                let need = fft.get_inplace_scratch_len();
                grow(&mut s.complex, group * n + need);
                let (rows, fs) = s.complex.split_at_mut(group * n);
                for item in b..e {
                    let (o, g) = (item / groups, item % groups);
                    let c0 = g * group;
                    let w = group.min(inner - c0);
                    let at = o * n * inner + c0;
                    let rows = &mut rows[..w * n];
                    // SAFETY: columns [c0, c0 + w) of block `o`: `at + i * inner + j`
                    // stays below `(o + 1) * n * inner <= len`; parts own disjoint
                    // (block, column group) items.
                    let col = |i: usize, j: usize| unsafe {
                        (base as *mut Complex<T>).add(at + i * inner + j)
                    };
                    for i in 0..n {
                        for j in 0..w {
                            // SAFETY: see `col`.
                            rows[j * n + i] = unsafe { *col(i, j) };
                        }
                    }
                    fft.process_with_scratch(rows, &mut fs[..need]);
                    let k = scale.unwrap_or_else(T::one);
                    for i in 0..n {
                        for j in 0..w {
                            let v = rows[j * n + i];
                            // SAFETY: see `col`.
                            unsafe { *col(i, j) = if scale.is_some() { v * k } else { v } };
                        }
                    }
                }
            });
        });
        debug_assert!(outer * n * inner == len);
    }

    /// RFFT of the last dimension: each row of `n` reals of `src` to `n / 2 + 1`
    /// complex values of `dst`.
    fn real_rows(&self, src: &[T], dst: &mut [Complex<T>], n: usize, threads: usize) {
        let Some(r2c) = &self.r2c else { return };
        let h = n / 2 + 1;
        let rows = src.len() / n;
        let base = dst.as_mut_ptr() as usize;
        chunks(rows, parts(src.len(), threads), |b, e| {
            self.with_scratch(|s| {
                grow(&mut s.complex, r2c.get_scratch_len());
                grow(&mut s.real, n);
                for r in b..e {
                    // realfft uses its input as scratch: transform a copy of the row.
                    s.real[..n].copy_from_slice(&src[r * n..(r + 1) * n]);
                    // SAFETY: row `r` of `dst` (rows * h values); parts own disjoint rows.
                    let out = unsafe {
                        std::slice::from_raw_parts_mut((base as *mut Complex<T>).add(r * h), h)
                    };
                    // Sizes match the plan, so this cannot fail.
                    let _ = r2c.process_with_scratch(&mut s.real[..n], out, &mut s.complex);
                }
            });
        });
    }

    /// IRFFT of the last dimension: each row of `n / 2 + 1` complex values of `src` to
    /// `n` reals of `dst`, times `scale`. The imaginary parts of the zero (and, for even
    /// `n`, the `n / 2`) frequency are ignored.
    fn complex_rows_to_real(
        &self,
        src: &[Complex<T>],
        dst: &mut [T],
        n: usize,
        scale: T,
        threads: usize,
    ) {
        let Some(c2r) = &self.c2r else { return };
        let h = n / 2 + 1;
        let rows = dst.len() / n;
        let base = dst.as_mut_ptr() as usize;
        chunks(rows, parts(dst.len(), threads), |b, e| {
            self.with_scratch(|s| {
                let need = c2r.get_scratch_len();
                grow(&mut s.complex, h + need);
                let (row, fs) = s.complex.split_at_mut(h);
                for r in b..e {
                    row.copy_from_slice(&src[r * h..(r + 1) * h]);
                    // SAFETY: row `r` of `dst` (rows * n reals); parts own disjoint rows.
                    let out =
                        unsafe { std::slice::from_raw_parts_mut((base as *mut T).add(r * n), n) };
                    // realfft zeroes the imaginary parts a real signal's transform cannot
                    // have and reports them as an error after transforming: the
                    // transform is what StableHLO asks for, so the report is dropped.
                    let _ = c2r.process_with_scratch(row, out, &mut fs[..need]);
                    for x in out.iter_mut() {
                        *x = *x * scale;
                    }
                }
            });
        });
    }
}

/// An f64 plan run on f32 buffers: the input widened into an f64 copy, the result
/// rounded into the output.
#[cfg(not(feature = "simd-fft"))]
struct Widened {
    plan: Typed<f64>,
    /// (input, output) copies of finished calls, reused by later ones.
    copies: Mutex<Vec<(Vec<f64>, Vec<f64>)>>,
}

#[cfg(not(feature = "simd-fft"))]
impl Widened {
    /// # Safety
    /// As [`Typed::run`], with f32 parts: `input`/`output` hold `ins`/`outs` bytes of
    /// f32, disjoint, aligned to f32.
    unsafe fn run(&self, input: *mut u8, ins: usize, output: *mut u8, outs: usize, threads: usize) {
        let (n_in, n_out) = (ins / 4, outs / 4);
        // SAFETY: the contract: `n_in` f32 parts at `input`, only read.
        let src = unsafe { std::slice::from_raw_parts(input as *const f32, n_in) };
        let (mut wide_in, mut wide_out) =
            Typed::<f64>::lock(&self.copies).pop().unwrap_or_default();
        wide_in.clear();
        wide_in.extend(src.iter().map(|&x| x as f64));
        wide_out.resize(n_out, 0.0);
        // SAFETY: two distinct vectors sized for the same transforms in f64 parts.
        unsafe {
            self.plan.run(
                wide_in.as_mut_ptr() as *mut u8,
                n_in * 8,
                wide_out.as_mut_ptr() as *mut u8,
                n_out * 8,
                threads,
            )
        };
        // SAFETY: the contract: `n_out` writable f32 parts at `output`, disjoint from
        // `input`.
        let dst = unsafe { std::slice::from_raw_parts_mut(output as *mut f32, n_out) };
        for (d, &w) in dst.iter_mut().zip(&wide_out) {
            *d = w as f32;
        }
        Typed::<f64>::lock(&self.copies).push((wide_in, wide_out));
    }
}

/// Threads for a pass over `elems` values.
fn parts(elems: usize, threads: usize) -> usize {
    if elems >= PARALLEL_MIN_WORK {
        threads
    } else {
        1
    }
}

fn grow<U: Default + Clone>(v: &mut Vec<U>, len: usize) {
    if v.len() < len {
        v.resize(len, U::default());
    }
}

fn scale_all<T: Part>(data: &mut [Complex<T>], s: T) {
    for x in data {
        *x = *x * s;
    }
}
