//! `pjrt_rt_<f>_f32_map_v1(dst, src, n)`: the array functions reading their arguments
//! from one array and writing the values to another. Generated kernels call these when
//! a function's argument is a contiguous f32 load (`sin(x)` over an input row): the
//! routine reads the input row itself instead of a stack buffer a kernel loop copied it
//! into. Same bits as the in-place routines (the same vector code, loading from `src`).
//! `pjrt_rt_<f>_f32_map_sub_v1(dst, src, n, s)` computes `f(src[i] - s)` (softmax's
//! `exp(x - max)`), the subtraction rounded as the kernel's own would be.

use super::{Func, Shift, apply_with, map_simd, map_sub_each_add_simd};

/// `dst[i] = f(src[i])` for i < n.
///
/// # Safety
/// `n == 0`, or `src` and `dst` point to `n` initialized f32 each (4-byte aligned),
/// identical or not overlapping, that nothing else accesses during the call.
/// Not inlined, as [`map_sub_each_raw`]: one copy for every export.
#[inline(never)]
unsafe fn map_raw(f: Func, dst: *mut f32, src: *const f32, n: usize, wide: bool) {
    if n == 0 || dst.is_null() || src.is_null() {
        return;
    }
    // SAFETY: forwarded.
    if unsafe { map_simd(f, dst, src, n, Shift::None, wide) }.is_some() {
        return;
    }
    if !std::ptr::eq(dst, src) {
        // SAFETY: the caller's contract: n f32 each, not overlapping.
        unsafe { std::ptr::copy_nonoverlapping(src, dst, n) };
    }
    // SAFETY: the caller's contract.
    let data = unsafe { std::slice::from_raw_parts_mut(dst, n) };
    apply_with(f, data, wide);
}

/// `dst[i] = f(src[i] - s)` for i < n (AVX-512 only if `wide`).
///
/// # Safety
/// As [`map_raw`]. Not inlined, as [`map_raw`].
#[inline(never)]
pub(super) unsafe fn map_sub_raw(
    f: Func,
    dst: *mut f32,
    src: *const f32,
    n: usize,
    s: f32,
    wide: bool,
) {
    if n == 0 || dst.is_null() || src.is_null() {
        return;
    }
    // SAFETY: forwarded.
    if unsafe { map_simd(f, dst, src, n, Shift::One(s), wide) }.is_some() {
        return;
    }
    for i in 0..n {
        // SAFETY: i < n; each element is read before its own index is written, so
        // dst == src is fine too.
        unsafe { *dst.add(i) = *src.add(i) - s };
    }
    // SAFETY: the caller's contract.
    let data = unsafe { std::slice::from_raw_parts_mut(dst, n) };
    apply_with(f, data, wide);
}

macro_rules! map_imports {
    ($($name:ident => $f:ident;)*) => {$(
        #[doc = concat!("`dst[i] = ", stringify!($f), "(src[i])` for i < n.")]
        ///
        /// # Safety
        /// `n == 0`, or `src` and `dst` point to `n` initialized f32 each (4-byte
        /// aligned), identical or not overlapping, that nothing else accesses during
        /// the call.
        pub unsafe extern "C" fn $name<const WIDE: bool>(dst: *mut f32, src: *const f32, n: usize) {
            // SAFETY: forwarded.
            unsafe { map_raw(Func::$f, dst, src, n, WIDE) }
        }
    )*};
}

macro_rules! map_sub_imports {
    ($($name:ident => $f:ident;)*) => {$(
        #[doc = concat!("`dst[i] = ", stringify!($f), "(src[i] - s)` for i < n.")]
        ///
        /// # Safety
        /// `n == 0`, or `src` and `dst` point to `n` initialized f32 each (4-byte
        /// aligned), identical or not overlapping, that nothing else accesses during
        /// the call.
        pub unsafe extern "C" fn $name<const WIDE: bool>(
            dst: *mut f32,
            src: *const f32,
            n: usize,
            s: f32,
        ) {
            // SAFETY: forwarded.
            unsafe { map_sub_raw(Func::$f, dst, src, n, s, WIDE) }
        }
    )*};
}

map_sub_imports! {
    pjrt_rt_exp_f32_map_sub_v1 => Exp;
    pjrt_rt_tanh_f32_map_sub_v1 => Tanh;
    pjrt_rt_logistic_f32_map_sub_v1 => Logistic;
    pjrt_rt_sin_f32_map_sub_v1 => Sin;
    pjrt_rt_cos_f32_map_sub_v1 => Cos;
}

/// `dst[i] = f(src[i] - subs[i])` for i < n (AVX-512 only if `wide`).
///
/// # Safety
/// As [`map_raw`], and `subs` points to `n` f32, identical to `dst` or not overlapping
/// it.
///
/// Not inlined: one copy serves the five exports (their per-call dispatch on `f` is
/// nothing beside a row of work; inlined, each export carried its own fallback loops,
/// 6 KB of the aarch64 runner).
#[inline(never)]
unsafe fn map_sub_each_raw(
    f: Func,
    dst: *mut f32,
    src: *const f32,
    subs: *const f32,
    n: usize,
    wide: bool,
) {
    if n == 0 || dst.is_null() || src.is_null() || subs.is_null() {
        return;
    }
    // SAFETY: forwarded.
    if unsafe { map_simd(f, dst, src, n, Shift::Each(subs), wide) }.is_some() {
        return;
    }
    for i in 0..n {
        // SAFETY: i < n; each element is read before its own index is written.
        unsafe { *dst.add(i) = *src.add(i) - *subs.add(i) };
    }
    // SAFETY: the caller's contract.
    let data = unsafe { std::slice::from_raw_parts_mut(dst, n) };
    apply_with(f, data, wide);
}

macro_rules! map_sub_each_imports {
    ($($name:ident => $f:ident;)*) => {$(
        #[doc = concat!("`dst[i] = ", stringify!($f), "(src[i] - subs[i])` for i < n: a column")]
        /// block's `f(x - max)`, the subtraction rounded as the kernel's own would be.
        ///
        /// # Safety
        /// `n == 0`, or `src`, `subs` and `dst` point to `n` initialized f32 each
        /// (4-byte aligned), `src` and `subs` each identical to `dst` or not overlapping
        /// it, that nothing else accesses during the call.
        pub unsafe extern "C" fn $name<const WIDE: bool>(
            dst: *mut f32,
            src: *const f32,
            subs: *const f32,
            n: usize,
        ) {
            // SAFETY: forwarded.
            unsafe { map_sub_each_raw(Func::$f, dst, src, subs, n, WIDE) }
        }
    )*};
}

map_sub_each_imports! {
    pjrt_rt_exp_f32_map_sub_each_v1 => Exp;
    pjrt_rt_tanh_f32_map_sub_each_v1 => Tanh;
    pjrt_rt_logistic_f32_map_sub_each_v1 => Logistic;
    pjrt_rt_sin_f32_map_sub_each_v1 => Sin;
    pjrt_rt_cos_f32_map_sub_each_v1 => Cos;
}

/// `acc[i] = acc[i] + f(src[i] - subs[i])` for i < n (AVX-512 only if `wide`).
///
/// # Safety
/// `n == 0`, or `acc`, `src` and `subs` point to `n` f32 each, `src` and `subs` each
/// identical to `acc` or not overlapping it, that nothing else accesses meanwhile.
/// Not inlined, as [`map_sub_each_raw`].
#[inline(never)]
unsafe fn map_sub_each_add_raw(
    f: Func,
    acc: *mut f32,
    src: *const f32,
    subs: *const f32,
    n: usize,
    wide: bool,
) {
    if n == 0 || acc.is_null() || src.is_null() || subs.is_null() {
        return;
    }
    // SAFETY: forwarded.
    if unsafe { map_sub_each_add_simd(f, acc, src, subs, n, wide) }.is_some() {
        return;
    }
    // Chunks of 64 (a multiple of 4, so sin and cos group their lanes as over the
    // whole array), each through the in-place routine.
    let mut i = 0;
    while i < n {
        let m = (n - i).min(64);
        let mut t = [0.0f32; 64];
        for (j, t) in t[..m].iter_mut().enumerate() {
            // SAFETY: i + j < n, inside every array.
            *t = unsafe { *src.add(i + j) - *subs.add(i + j) };
        }
        apply_with(f, &mut t[..m], wide);
        for (j, t) in t[..m].iter().enumerate() {
            // SAFETY: as above; src and subs were read for this chunk already.
            unsafe { *acc.add(i + j) += *t };
        }
        i += m;
    }
}

macro_rules! map_sub_each_add_imports {
    ($($name:ident => $f:ident;)*) => {$(
        #[doc = concat!("`acc[i] = acc[i] + ", stringify!($f), "(src[i] - subs[i])` for i < n: a")]
        /// column block's row step of a sum of `f(x - max)` in one pass.
        ///
        /// # Safety
        /// `n == 0`, or `acc`, `src` and `subs` point to `n` initialized f32 each
        /// (4-byte aligned), `src` and `subs` each identical to `acc` or not overlapping
        /// it, that nothing else accesses during the call.
        pub unsafe extern "C" fn $name<const WIDE: bool>(
            acc: *mut f32,
            src: *const f32,
            subs: *const f32,
            n: usize,
        ) {
            // SAFETY: forwarded.
            unsafe { map_sub_each_add_raw(Func::$f, acc, src, subs, n, WIDE) }
        }
    )*};
}

map_sub_each_add_imports! {
    pjrt_rt_exp_f32_map_sub_each_add_v1 => Exp;
    pjrt_rt_tanh_f32_map_sub_each_add_v1 => Tanh;
    pjrt_rt_logistic_f32_map_sub_each_add_v1 => Logistic;
}

map_imports! {
    pjrt_rt_exp_f32_map_v1 => Exp;
    pjrt_rt_tanh_f32_map_v1 => Tanh;
    pjrt_rt_logistic_f32_map_v1 => Logistic;
    pjrt_rt_sin_f32_map_v1 => Sin;
    pjrt_rt_cos_f32_map_v1 => Cos;
    pjrt_rt_erfc_f32_map_v1 => Erfc;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vecmath::apply;

    /// Arguments of every magnitude up to 90, NaN, -0, a huge one and infinity.
    fn sources() -> Vec<f32> {
        (0..3000)
            .map(|i| f32::from_bits((i as u32).wrapping_mul(0x9e37_79b9) >> 2))
            .map(|x| if x.is_finite() { x % 90.0 } else { x })
            .chain([f32::NAN, -0.0, 1e7, f32::INFINITY])
            .collect()
    }

    /// Every function, every length up to 40 and a long one, from another array and in
    /// place: the in-place routine's bits.
    #[test]
    fn map_matches_in_place() {
        let src = sources();
        let maps = [
            (
                Func::Exp,
                pjrt_rt_exp_f32_map_v1::<false> as unsafe extern "C" fn(_, _, _),
            ),
            (Func::Tanh, pjrt_rt_tanh_f32_map_v1::<false>),
            (Func::Logistic, pjrt_rt_logistic_f32_map_v1::<false>),
            (Func::Sin, pjrt_rt_sin_f32_map_v1::<false>),
            (Func::Cos, pjrt_rt_cos_f32_map_v1::<false>),
            (Func::Erfc, pjrt_rt_erfc_f32_map_v1::<false>),
        ];
        for (f, map) in maps {
            for n in (0..=40).chain([src.len()]) {
                let mut want = src[..n].to_vec();
                apply(f, &mut want);
                let mut out = vec![0.0f32; n];
                // SAFETY: src and out hold n f32 and do not overlap.
                unsafe { map(out.as_mut_ptr(), src.as_ptr(), n) };
                let mut inplace = src[..n].to_vec();
                // SAFETY: dst == src, n f32.
                unsafe { map(inplace.as_mut_ptr(), inplace.as_ptr(), n) };
                for i in 0..n {
                    assert_eq!(out[i].to_bits(), want[i].to_bits(), "{f:?} n={n} [{i}]");
                    assert_eq!(inplace[i].to_bits(), want[i].to_bits(), "{f:?} n={n} [{i}]");
                }
            }
        }
    }

    /// `f(src[i] - s)`: the in-place routine on the rounded differences, bit for bit.
    #[test]
    fn map_sub_matches_subtract_then_in_place() {
        let src = sources();
        let maps = [
            (
                Func::Exp,
                pjrt_rt_exp_f32_map_sub_v1::<false> as unsafe extern "C" fn(_, _, _, _),
            ),
            (Func::Tanh, pjrt_rt_tanh_f32_map_sub_v1::<false>),
            (Func::Logistic, pjrt_rt_logistic_f32_map_sub_v1::<false>),
            (Func::Sin, pjrt_rt_sin_f32_map_sub_v1::<false>),
            (Func::Cos, pjrt_rt_cos_f32_map_sub_v1::<false>),
        ];
        for (f, map) in maps {
            for s in [0.0f32, -0.0, 3.25, -1e-3, f32::INFINITY] {
                for n in [0usize, 1, 7, 33, src.len()] {
                    let mut want: Vec<f32> = src[..n].iter().map(|x| x - s).collect();
                    apply(f, &mut want);
                    let mut out = vec![0.0f32; n];
                    // SAFETY: src and out hold n f32 and do not overlap.
                    unsafe { map(out.as_mut_ptr(), src.as_ptr(), n, s) };
                    for i in 0..n {
                        assert!(
                            out[i].to_bits() == want[i].to_bits()
                                || (out[i].is_nan() && want[i].is_nan()),
                            "{f:?} s={s} n={n} [{i}]"
                        );
                    }
                }
            }
        }
    }

    /// `acc[i] + f(src[i] - subs[i])`: the separate subtract, in-place routine and add,
    /// bit for bit, on both widths, every length to 40 and long ones.
    #[test]
    fn map_sub_each_add_matches_separate_passes() {
        type Add = unsafe extern "C" fn(*mut f32, *const f32, *const f32, usize);
        let src = sources();
        let subs: Vec<f32> = src
            .iter()
            .map(|x| if x.is_finite() { x * 0.25 } else { 1.0 })
            .collect();
        let accs: Vec<f32> = src.iter().rev().map(|x| x * 3.0).collect();
        let maps: [(Func, Add, Add); 3] = [
            (
                Func::Exp,
                pjrt_rt_exp_f32_map_sub_each_add_v1::<true>,
                pjrt_rt_exp_f32_map_sub_each_add_v1::<false>,
            ),
            (
                Func::Tanh,
                pjrt_rt_tanh_f32_map_sub_each_add_v1::<true>,
                pjrt_rt_tanh_f32_map_sub_each_add_v1::<false>,
            ),
            (
                Func::Logistic,
                pjrt_rt_logistic_f32_map_sub_each_add_v1::<true>,
                pjrt_rt_logistic_f32_map_sub_each_add_v1::<false>,
            ),
        ];
        for (f, wide, narrow) in maps {
            for n in (0..=40).chain([63, 64, 65, 200, src.len()]) {
                let mut e: Vec<f32> = (0..n).map(|i| src[i] - subs[i]).collect();
                apply(f, &mut e);
                let want: Vec<f32> = (0..n).map(|i| accs[i] + e[i]).collect();
                for map in [wide, narrow] {
                    let mut acc = accs[..n].to_vec();
                    // SAFETY: acc, src and subs hold n f32; acc overlaps neither.
                    unsafe { map(acc.as_mut_ptr(), src.as_ptr(), subs.as_ptr(), n) };
                    for i in 0..n {
                        let (a, w) = (acc[i], want[i]);
                        assert!(
                            a.to_bits() == w.to_bits() || (a.is_nan() && w.is_nan()),
                            "{f:?} n={n} [{i}] {a} vs {w}"
                        );
                    }
                }
            }
        }
    }

    /// `f(src[i] - subs[i])`: the in-place routine on the rounded differences, bit for
    /// bit, on both widths, every length to 40 and long ones, into another array and in
    /// place over the subtrahends.
    #[test]
    fn map_sub_each_matches_subtract_then_in_place() {
        type Each = unsafe extern "C" fn(*mut f32, *const f32, *const f32, usize);
        let src = sources();
        let subs: Vec<f32> = src
            .iter()
            .rev()
            .map(|x| if x.is_finite() { x * 0.5 } else { 2.0 })
            .collect();
        let maps: [(Func, Each, Each); 5] = [
            (
                Func::Exp,
                pjrt_rt_exp_f32_map_sub_each_v1::<true>,
                pjrt_rt_exp_f32_map_sub_each_v1::<false>,
            ),
            (
                Func::Tanh,
                pjrt_rt_tanh_f32_map_sub_each_v1::<true>,
                pjrt_rt_tanh_f32_map_sub_each_v1::<false>,
            ),
            (
                Func::Logistic,
                pjrt_rt_logistic_f32_map_sub_each_v1::<true>,
                pjrt_rt_logistic_f32_map_sub_each_v1::<false>,
            ),
            (
                Func::Sin,
                pjrt_rt_sin_f32_map_sub_each_v1::<true>,
                pjrt_rt_sin_f32_map_sub_each_v1::<false>,
            ),
            (
                Func::Cos,
                pjrt_rt_cos_f32_map_sub_each_v1::<true>,
                pjrt_rt_cos_f32_map_sub_each_v1::<false>,
            ),
        ];
        for (f, wide, narrow) in maps {
            for n in (0..=40).chain([63, 64, 65, 200, src.len()]) {
                let mut want: Vec<f32> = (0..n).map(|i| src[i] - subs[i]).collect();
                apply(f, &mut want);
                for map in [wide, narrow] {
                    let mut out = vec![0.0f32; n];
                    // SAFETY: src, subs and out hold n f32; out overlaps neither.
                    unsafe { map(out.as_mut_ptr(), src.as_ptr(), subs.as_ptr(), n) };
                    let mut inplace = subs[..n].to_vec();
                    let p = inplace.as_mut_ptr();
                    // SAFETY: dst == subs, n f32; src overlaps neither.
                    unsafe { map(p, src.as_ptr(), p, n) };
                    for i in 0..n {
                        let same = |x: f32| {
                            x.to_bits() == want[i].to_bits() || (x.is_nan() && want[i].is_nan())
                        };
                        assert!(same(out[i]), "{f:?} n={n} [{i}]");
                        assert!(same(inplace[i]), "{f:?} in place n={n} [{i}]");
                    }
                }
            }
        }
    }
}
