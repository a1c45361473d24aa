//! f32 rows to bf16 or f16 and back: `pjrt_rt_f32_to_{bf16,f16}_map_v1(dst, src, n)` and
//! `pjrt_rt_{bf16,f16}_to_f32_map_v1(dst, src, n)`.
//!
//! Why they exist: a `convert` between f32 and a 16-bit float rounds in integer lanes,
//! which Cranelift runs four at a time; f32 -> bf16 of 512 x 1024 floats took 290 us
//! inline, for a memory-bound pass. Generated kernels call these when a row of one type
//! is converted into a row of the other (`kernel/tiles.rs`).
//!
//! The contract, as for every array routine: the bits of the inline code
//! (`codegen/scalar.rs`, `half_bits32` and `half_from_bits32`): round to nearest even,
//! overflow to infinity, f16 subnormals kept, a NaN stays a NaN with the quiet bit set
//! and its payload's top bits (bf16: `bits >> 16 | 0x40`; f16: `0x7e00 | payload >> 13`
//! with the sign). The conversions are written once, per element, below; the SIMD
//! variants are the same loops compiled for AVX2 (+F16C) or AVX-512, which LLVM
//! vectorizes (the f16 rounding's one float add is exact or correctly rounded on every
//! width). Tests compare every path with `half`'s conversions on every f32 class.

/// f32 -> bf16 bits, round to nearest even, NaN quieted.
#[inline(always)]
fn to_bf16(x: f32) -> u16 {
    let u = x.to_bits();
    let hi = u >> 16;
    if u & 0x7fff_ffff > 0x7f80_0000 {
        return (hi | 0x40) as u16;
    }
    (u.wrapping_add(hi & 1).wrapping_add(0x7fff) >> 16) as u16
}

/// f32 -> f16 bits, round to nearest even, overflow to infinity, subnormals kept, NaN
/// quieted.
#[inline(always)]
fn to_f16(x: f32) -> u16 {
    let u = x.to_bits();
    let a = u & 0x7fff_ffff;
    let sign = (u >> 16) & 0x8000;
    // Normal: rebias the exponent, then round the 13 dropped bits to nearest even.
    let r = a.wrapping_sub(0x3800_0000);
    let normal = r.wrapping_add((r >> 13) & 1).wrapping_add(0xfff) >> 13;
    // Subnormal: adding 0.5 makes the FPU round |x| to a multiple of 2^-24.
    let sub = (f32::from_bits(a) + 0.5)
        .to_bits()
        .wrapping_sub(0x3f00_0000);
    let mut res = if a >= 0x3880_0000 { normal } else { sub };
    if a >= 0x477f_f000 {
        res = 0x7c00;
    }
    if a > 0x7f80_0000 {
        res = ((a >> 13) & 0x3ff) | 0x7e00;
    }
    (res | sign) as u16
}

#[inline(always)]
fn from_bf16(h: u16) -> f32 {
    f32::from_bits(u32::from(h) << 16)
}

/// f16 bits -> f32 (exact).
#[inline(always)]
fn from_f16(h: u16) -> f32 {
    let h = u32::from(h);
    let sign = (h & 0x8000) << 16;
    let em = h & 0x7fff;
    let shifted = em << 13;
    let r = if em >= 0x7c00 {
        shifted | 0x7f80_0000
    } else if em < 0x400 {
        // Subnormal: mantissa * 2^-24, exact.
        (em as f32 * f32::from_bits(0x3380_0000)).to_bits()
    } else {
        shifted + 0x3800_0000
    };
    f32::from_bits(r | sign)
}

/// The element conversion of one routine, and the paths it runs on.
macro_rules! row_routines {
    ($($name:ident: $from:ty => $to:ty = $f:ident, $feats2:literal;)*) => {$(
        #[doc = concat!("`dst[i] = ", stringify!($f), "(src[i])` for i < n.")]
        ///
        /// # Safety
        /// `n == 0`, or `src` points to `n` initialized elements of its type and `dst`
        /// to room for `n` of its own (each aligned to its element), not overlapping,
        /// that nothing else accesses during the call. `WIDE`: AVX-512 allowed.
        pub unsafe extern "C" fn $name<const WIDE: bool>(dst: *mut $to, src: *const $from, n: usize) {
            if n == 0 || dst.is_null() || src.is_null() {
                return;
            }
            // SAFETY: the caller's contract.
            let (dst, src) = unsafe {
                (std::slice::from_raw_parts_mut(dst, n), std::slice::from_raw_parts(src, n))
            };
            #[inline(always)]
            fn each(dst: &mut [$to], src: &[$from]) {
                for (d, &s) in dst.iter_mut().zip(src) {
                    *d = $f(s);
                }
            }
            #[cfg(target_arch = "x86_64")]
            {
                #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2,f16c")]
                fn wide(dst: &mut [$to], src: &[$from]) {
                    each(dst, src)
                }
                #[target_feature(enable = $feats2)]
                fn narrow(dst: &mut [$to], src: &[$from]) {
                    each(dst, src)
                }
                use std::arch::is_x86_feature_detected as has;
                if WIDE && has!("avx512f") && has!("avx512bw") && has!("avx512vl") && has!("f16c") {
                    // SAFETY: the features were detected.
                    return unsafe { wide(dst, src) };
                }
                if has!("avx2") && has!("f16c") {
                    // SAFETY: the features were detected.
                    return unsafe { narrow(dst, src) };
                }
            }
            let _ = WIDE;
            each(dst, src)
        }
    )*};
}

row_routines! {
    pjrt_rt_f32_to_bf16_map_v1: f32 => u16 = to_bf16, "avx2";
    pjrt_rt_f32_to_f16_map_v1: f32 => u16 = to_f16, "avx2,f16c";
    pjrt_rt_bf16_to_f32_map_v1: u16 => f32 = from_bf16, "avx2";
    pjrt_rt_f16_to_f32_map_v1: u16 => f32 = from_f16, "avx2,f16c";
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every f32 class: zeros, subnormals, normals near every f16/bf16 rounding edge,
    /// the f16 overflow edge, infinities, quiet and signalling NaNs with payloads.
    fn f32_inputs() -> Vec<f32> {
        let mut bits: Vec<u32> = vec![
            0,
            1,
            0x0000_8000,
            0x007f_ffff,
            0x0080_0000,
            0x3380_0000,
            0x3380_0001,
            0x337f_ffff,
            0x387f_e000,
            0x387f_f000,
            0x3880_0000,
            0x3f80_8000,
            0x3f81_8000,
            0x3f80_7fff,
            0x3f80_1000,
            0x3f80_3000,
            0x477f_efff,
            0x477f_f000,
            0x7f7f_ffff,
            0x7f80_0000,
            0x7f80_0001,
            0x7fa0_0000,
            0x7fc0_0000,
            0x7fff_ffff,
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            bits.push(state as u32);
        }
        let negated: Vec<u32> = bits.iter().map(|b| b ^ 0x8000_0000).collect();
        bits.extend(negated);
        bits.into_iter().map(f32::from_bits).collect()
    }

    type Narrow = unsafe extern "C" fn(*mut u16, *const f32, usize);
    type Widen = unsafe extern "C" fn(*mut f32, *const u16, usize);

    fn narrowing(f: Narrow, src: &[f32]) -> Vec<u16> {
        let mut dst = vec![0u16; src.len()];
        // SAFETY: both hold src.len() elements.
        unsafe { f(dst.as_mut_ptr(), src.as_ptr(), src.len()) };
        dst
    }

    fn widening(f: Widen, src: &[u16]) -> Vec<u32> {
        let mut dst = vec![0f32; src.len()];
        // SAFETY: both hold src.len() elements.
        unsafe { f(dst.as_mut_ptr(), src.as_ptr(), src.len()) };
        dst.into_iter().map(f32::to_bits).collect()
    }

    /// `half`'s f16 quiets a NaN keeping the payload's top bits (as the inline code
    /// does); its bf16 does so too. Our contract is those bits.
    #[test]
    fn narrowing_matches_half_on_every_class_and_path() {
        let src = f32_inputs();
        let bf: Vec<u16> = src
            .iter()
            .map(|&x| half::bf16::from_f32(x).to_bits())
            .collect();
        let hf: Vec<u16> = src.iter().map(|&x| to_f16_reference(x)).collect();
        for len in [src.len(), 1, 7, 15, 16, 17, 63, 64, 65, 1001] {
            let s = &src[..len];
            for (f, want, what) in [
                (
                    pjrt_rt_f32_to_bf16_map_v1::<true> as Narrow,
                    &bf,
                    "bf16 wide",
                ),
                (pjrt_rt_f32_to_bf16_map_v1::<false>, &bf, "bf16"),
                (pjrt_rt_f32_to_f16_map_v1::<true>, &hf, "f16 wide"),
                (pjrt_rt_f32_to_f16_map_v1::<false>, &hf, "f16"),
            ] {
                let got = narrowing(f, s);
                for (i, (g, w)) in got.iter().zip(want.iter()).enumerate() {
                    assert_eq!(g, w, "{what} n={len} [{i}] of {:#010x}", s[i].to_bits());
                }
            }
        }
        // The scalar functions, which every path compiles.
        for &x in &src {
            assert_eq!(to_bf16(x), half::bf16::from_f32(x).to_bits());
            assert_eq!(to_f16(x), to_f16_reference(x));
        }
    }

    /// IEEE f16 rounding with NaNs as the inline code writes them.
    fn to_f16_reference(x: f32) -> u16 {
        if x.is_nan() {
            let u = x.to_bits();
            return (((u >> 16) & 0x8000) | 0x7e00 | ((u >> 13) & 0x3ff)) as u16;
        }
        half::f16::from_f32(x).to_bits()
    }

    #[test]
    fn widening_is_exact_on_every_16_bit_pattern() {
        let all: Vec<u16> = (0..=u16::MAX).collect();
        // A NaN keeps its payload as it is, quiet or not (the inline code's bits; `half`
        // quiets a signalling one).
        let bf: Vec<u32> = (all.iter())
            .map(|&h| match half::bf16::from_bits(h) {
                x if x.is_nan() => u32::from(h) << 16,
                x => x.to_f32().to_bits(),
            })
            .collect();
        let hf: Vec<u32> = (all.iter())
            .map(|&h| match half::f16::from_bits(h) {
                x if x.is_nan() => {
                    let h = u32::from(h);
                    ((h & 0x8000) << 16) | 0x7f80_0000 | ((h & 0x3ff) << 13)
                }
                x => x.to_f32().to_bits(),
            })
            .collect();
        for len in [all.len(), 5, 33] {
            let s = &all[..len];
            for (f, want, what) in [
                (
                    pjrt_rt_bf16_to_f32_map_v1::<true> as Widen,
                    &bf,
                    "bf16 wide",
                ),
                (pjrt_rt_bf16_to_f32_map_v1::<false>, &bf, "bf16"),
                (pjrt_rt_f16_to_f32_map_v1::<true>, &hf, "f16 wide"),
                (pjrt_rt_f16_to_f32_map_v1::<false>, &hf, "f16"),
            ] {
                let got = widening(f, s);
                for (i, (g, w)) in got.iter().zip(want.iter()).enumerate() {
                    assert_eq!(g, w, "{what} [{i}] of {:#06x}", s[i]);
                }
            }
        }
    }
}
