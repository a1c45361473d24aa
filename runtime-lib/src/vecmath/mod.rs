//! f32 exp, tanh, logistic, sin and cos over arrays, 8 lanes at a time: the runtime
//! imports `pjrt_rt_*_f32_array_v1` that generated kernels call on tiles of up to a few
//! hundred elements.
//!
//! Why they exist: Cranelift's widest vectors on x86_64 are f32x4, so the compiler's
//! inline math (`src/compiler/codegen/vmath.rs`) does 4 lanes per instruction where XLA
//! and IREE do 8 with AVX2. A kernel whose body holds a heavy f32 function computes the
//! function's argument for a tile into a stack buffer, calls one of these on it (in
//! place), and carries on reading the buffer.
//!
//! The contract: bit-identical to the inline f32x4 code compiled for a target with FMA
//! (the `scalar` module transcribes it operation by operation), NaN payloads and signed
//! zeros included, so a kernel gives the same bits whichever path it takes. The
//! compiler's `vmath_f32_matches_runtime_array_functions` checks every bit on 1.1M
//! inputs with every tail length, and its ignored `..._exhaustive` variant on all 2^32
//! f32 (no difference). Quirks of the inline code reproduced here:
//!
//! - sin and cos work on lane groups: an f32x4 with any |x| > 6000 goes whole to an f64
//!   helper (and with any |x| > 1e6, whole to the runtime's f64 sin/cos), so here
//!   `data[4k..4k + 4]` is one f32x4 and the last `n % 4` elements are the scalars of
//!   the inline code's remainder loop. A tile that starts on a multiple of 4 of the
//!   kernel's vector loop gets exactly the inline loop's results; elsewhere a lane next
//!   to a huge one may differ by the f32 path's error (<= 2 ulp).
//! - The sign of sin/cos of NaN is that of the NaN operand Cranelift's `vfmadd` form
//!   propagates (x's, today); see `scalar::sincos_fast`.
//! - tanh(-0) and sin(-0) are +0.
//!
//! On x86_64 with AVX2 and FMA (detected at run time) the `avx2` module does 8 lanes per
//! instruction, four vectors per step so that their dependency chains interleave, tails
//! included (masked loads and stores); with AVX-512 too, arrays of 64 or more take
//! `avx512`'s 16 lanes (the same algorithms, one macro). Elsewhere,
//! `scalar` does the same operations one lane at a time (with `f32::mul_add`). Every
//! path gives the same bits.
//! Any `n` works (kernels pass at most a few thousand); nothing here panics or unwinds.

mod arith;
mod map;
mod minmax;
mod narrow;
mod rowmax;
mod rowsum;
mod scalar;
mod softmax;
pub mod trig64;

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;

pub use arith::{
    ArithOp, arith, arith_portable, pjrt_rt_add_f32_array_v1, pjrt_rt_div_f32_array_v1,
    pjrt_rt_mul_f32_array_v1, pjrt_rt_sub_f32_array_v1,
};
pub use map::pjrt_rt_erfc_f32_map_v1;
pub use map::{
    pjrt_rt_cos_f32_map_sub_each_v1, pjrt_rt_exp_f32_map_sub_each_v1,
    pjrt_rt_logistic_f32_map_sub_each_v1, pjrt_rt_sin_f32_map_sub_each_v1,
    pjrt_rt_tanh_f32_map_sub_each_v1,
};
pub use map::{
    pjrt_rt_cos_f32_map_sub_v1, pjrt_rt_cos_f32_map_v1, pjrt_rt_exp_f32_map_sub_v1,
    pjrt_rt_exp_f32_map_v1, pjrt_rt_logistic_f32_map_sub_v1, pjrt_rt_logistic_f32_map_v1,
    pjrt_rt_sin_f32_map_sub_v1, pjrt_rt_sin_f32_map_v1, pjrt_rt_tanh_f32_map_sub_v1,
    pjrt_rt_tanh_f32_map_v1,
};
pub use map::{
    pjrt_rt_exp_f32_map_sub_each_add_v1, pjrt_rt_logistic_f32_map_sub_each_add_v1,
    pjrt_rt_tanh_f32_map_sub_each_add_v1,
};
pub use minmax::{pjrt_rt_max_f32_array_v1, pjrt_rt_min_f32_array_v1};
pub use narrow::{
    pjrt_rt_bf16_to_f32_map_v1, pjrt_rt_f16_to_f32_map_v1, pjrt_rt_f32_to_bf16_map_v1,
    pjrt_rt_f32_to_f16_map_v1,
};
pub use rowmax::{ROW_MAX_NAN, pjrt_rt_max_f32_row_v1, row_max, row_max_portable};
pub use rowsum::{
    Summand, pjrt_rt_sum_f32_row_v1, pjrt_rt_sum_sq_sub_f32_row_v1, row_sum, row_sum_portable,
};
pub use softmax::softmax_rows;

/// How far ahead of what they read the row routines prefetch, in elements (8 KiB): one
/// prefetch per cache line read. Rows streamed from memory are read faster than the
/// hardware prefetchers alone fetch them (one Xeon core, paired runs, reduce_sum 4096 x
/// 4096: 0.89-0.94x the time 4 or 8 KiB ahead, 0.91x 2 KiB, 0.93x 16 KiB, 0.95x 32 KiB;
/// softmax 0.90x more with the row maximum, its first read of each row, prefetching too).
/// The array functions (`map`) and arithmetic prefetch their source rows and, for writing,
/// their destinations the same distance ahead: within a kernel's rows that brings the next
/// rows in while the math runs (softmax 0.97x in three paired runs of 10-12 rounds).
/// Measured on the 16-lane paths; the 8-lane ones do the same. Not on AMD cores, where
/// they cost (see [`crate::isa::hardware_prefetch_suffices`]).
#[cfg(target_arch = "x86_64")]
const PREFETCH_AHEAD: usize = 2048;

/// Asks for the cache line at `p` into L1; a hint, so `p` may be past the row's end (it
/// is not dereferenced).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn prefetch(p: *const f32) {
    use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
    if crate::isa::hardware_prefetch_suffices() {
        return;
    }
    // SAFETY: SSE is part of x86_64; prefetch never faults, whatever the address.
    unsafe { _mm_prefetch::<_MM_HINT_T0>(p.cast()) }
}

/// Asks for the cache line at `p` into L1 for writing (`prefetchw`), so a store there
/// does not wait for the line; a hint, like [`prefetch`].
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn prefetch_write(p: *const f32) {
    use std::arch::x86_64::{_MM_HINT_ET0, _mm_prefetch};
    if crate::isa::hardware_prefetch_suffices() {
        return;
    }
    // SAFETY: prefetch never faults, whatever the address.
    unsafe { _mm_prefetch::<_MM_HINT_ET0>(p.cast()) }
}

#[cfg(test)]
mod tests;

/// What the array functions subtract from their arguments first.
// Only the x86_64 SIMD paths read the values; elsewhere `map_simd` declines every call.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
#[derive(Clone, Copy, Debug)]
pub(crate) enum Shift {
    None,
    /// One value for all (softmax's row maximum).
    One(f32),
    /// `subs[i]` from argument i: an array of `n` f32 (a column block's maxima).
    Each(*const f32),
}

/// One of the array functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Func {
    Exp,
    Tanh,
    Logistic,
    Sin,
    Cos,
    /// The complementary error function (CHLO's `erfc`, exact GELU's core).
    Erfc,
}

impl Func {
    pub const ALL: [Func; 6] = [
        Func::Exp,
        Func::Tanh,
        Func::Logistic,
        Func::Sin,
        Func::Cos,
        Func::Erfc,
    ];
}

/// Can this CPU run the 8-lane path? (std caches the CPUID answer.)
pub fn has_avx2_fma() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("fma")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Can the 8-lane path use AVX-512VL's 32 registers? Only where `wide` allows AVX-512
/// (the import variant an artifact's [`crate::Isa`] links, see [`crate::imports`]).
#[cfg(target_arch = "x86_64")]
fn has_avx512vl(wide: bool) -> bool {
    wide && std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512vl")
}

/// `data[i] = f(data[i])`, on the fastest path this CPU has.
pub fn apply(f: Func, data: &mut [f32]) {
    apply_with(f, data, true);
}

/// [`apply`], with AVX-512 only if `wide`.
fn apply_with(f: Func, data: &mut [f32], wide: bool) {
    let p = data.as_mut_ptr();
    // SAFETY: in place over `data`, which this call borrows uniquely.
    if unsafe { map_simd(f, p, p, data.len(), Shift::None, wide) }.is_none() {
        scalar::apply(f, data);
    }
}

/// erfc of one f32: the bits every path of `pjrt_rt_erfc_f32_*` gives (the evaluator's
/// and the kernel interpreter's definition of f32 `erfc`).
pub fn erfc_f32(x: f32) -> f32 {
    scalar::erfc(x)
}

/// [`apply`] on the portable path (one lane at a time), whatever the CPU.
pub fn apply_portable(f: Func, data: &mut [f32]) {
    scalar::apply(f, data);
}

/// [`apply`] on the AVX2+FMA path; `None` (and `data` untouched) if the CPU lacks it.
pub fn apply_avx2(f: Func, data: &mut [f32]) -> Option<()> {
    let p = data.as_mut_ptr();
    // SAFETY: in place over `data`, which this call borrows uniquely.
    unsafe { map_simd(f, p, p, data.len(), Shift::None, true) }
}

/// `dst[i] = f(src[i])`, or minus `shift` first, on the fastest SIMD path this CPU has
/// (AVX-512 only if `wide`); `None` (nothing written) if it has none.
///
/// # Safety
/// `src` and `dst` point to `n` f32 each, identical or not overlapping, and so does a
/// `Shift::Each` array with `dst`, that nothing else accesses meanwhile.
unsafe fn map_simd(
    f: Func,
    dst: *mut f32,
    src: *const f32,
    n: usize,
    shift: Shift,
    wide: bool,
) -> Option<()> {
    #[cfg(target_arch = "x86_64")]
    if has_avx2_fma() {
        if has_avx512vl(wide) {
            // SAFETY: AVX2, FMA, AVX-512F and AVX-512VL were detected; the arrays by
            // the caller's contract.
            unsafe { avx512::map(f, dst, src, n, shift) };
        } else {
            // SAFETY: AVX2 and FMA were detected just above; the arrays as above.
            unsafe { avx2::map(f, dst, src, n, shift) };
        }
        return Some(());
    }
    let _ = (f, dst, src, n, shift, wide);
    None
}

/// `dst[i] = dst[i] + f(src[i] - subs[i])` on the fastest SIMD path this CPU has
/// (AVX-512 only if `wide`); `None` (nothing written) if it has none, or for sin and
/// cos.
///
/// # Safety
/// `src`, `subs` and `dst` point to `n` f32 each, `src` and `subs` each identical to
/// `dst` or not overlapping it, that nothing else accesses meanwhile.
unsafe fn map_sub_each_add_simd(
    f: Func,
    dst: *mut f32,
    src: *const f32,
    subs: *const f32,
    n: usize,
    wide: bool,
) -> Option<()> {
    #[cfg(target_arch = "x86_64")]
    if has_avx2_fma() {
        // SAFETY: the features were detected; the arrays by the caller's contract.
        let done = unsafe {
            if has_avx512vl(wide) {
                avx512::map_sub_each_add(f, dst, src, subs, n)
            } else {
                avx2::map_sub_each_add(f, dst, src, subs, n)
            }
        };
        return done.then_some(());
    }
    let _ = (f, dst, src, subs, n, wide);
    None
}

/// `apply(f, data[0..n])` for a raw pointer from generated code.
///
/// # Safety
/// `n == 0`, or `data` points to `n` initialized f32 (4-byte aligned) that nothing else
/// accesses during the call.
unsafe fn apply_raw(f: Func, data: *mut f32, n: usize, wide: bool) {
    if n == 0 || data.is_null() {
        return;
    }
    // SAFETY: the caller's contract.
    let data = unsafe { std::slice::from_raw_parts_mut(data, n) };
    apply_with(f, data, wide);
}

macro_rules! array_imports {
    ($($name:ident => $f:ident;)*) => {$(
        #[doc = concat!("`data[i] = ", stringify!($f), "(data[i])` for i < n, in place.")]
        ///
        /// # Safety
        /// `n == 0`, or `data` points to `n` initialized f32 (4-byte aligned) that
        /// nothing else accesses during the call. `WIDE`: AVX-512 paths allowed.
        pub unsafe extern "C" fn $name<const WIDE: bool>(data: *mut f32, n: usize) {
            // SAFETY: forwarded.
            unsafe { apply_raw(Func::$f, data, n, WIDE) }
        }
    )*};
}

array_imports! {
    pjrt_rt_exp_f32_array_v1 => Exp;
    pjrt_rt_tanh_f32_array_v1 => Tanh;
    pjrt_rt_logistic_f32_array_v1 => Logistic;
    pjrt_rt_sin_f32_array_v1 => Sin;
    pjrt_rt_cos_f32_array_v1 => Cos;
    pjrt_rt_erfc_f32_array_v1 => Erfc;
}
