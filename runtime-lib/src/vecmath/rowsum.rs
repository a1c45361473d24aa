//! Row sums of f32, `pjrt_rt_sum_f32_row_v1` and `pjrt_rt_sum_sq_sub_f32_row_v1`:
//! `init + sum_j row[j]` (softmax's denominators, layernorm's means, reduce_sum) and
//! `init + sum_j (row[j] - s)^2` (layernorm's variances), which generated kernels hand
//! over whole when a reduction is exactly that.
//!
//! The contract: the bits of the compiler's inline blocked sum (`reduce_nest` in
//! `codegen/kernel.rs`), NaN payloads aside. Float addition is not associative, so the
//! order is reproduced exactly:
//! - Blocks of 256 elements. In each, four f32x4 accumulators start at -0; every step of
//!   16 elements adds element `4u + l` of the step to lane `l` of accumulator `u`. The
//!   accumulators are then folded lane-wise, `(((-0 + a0) + a1) + a2) + a3`, and the
//!   four lanes of that join an f64 total, lane 0 first. The total starts at -0.
//! - After the blocks, the same over whole steps of 16, then steps of 4 added lane-wise
//!   into the folded vector, which joins the total the same way.
//! - The result is `f32(f64(init) + total)`, to which the last `n % 4` elements are
//!   added one at a time in f32.
//! - An element of the squared form is `(x - s) * (x - s)`: an f32 subtract and an f32
//!   multiply, not fused.
//!
//! The four accumulators of a 16-element step are exactly the sixteen lanes of one
//! AVX-512 vector (two AVX vectors), so the wide paths add whole vectors, one block
//! after another. (Blocks are independent until they join the total, but running four
//! side by side was slower, measured: 2.5x on rows streamed from DRAM, 3% on rows in
//! cache; the hardware prefetchers follow one stream better than four.)

/// Elements per block, per step and per vector of the inline code.
const BLOCK: usize = 256;
const STEP: usize = 16;
const LANES: usize = 4;

/// What is summed: the elements themselves, or their squared distances from a value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Summand {
    Plain,
    SquaredFrom(f32),
}

impl Summand {
    fn of(self, x: f32) -> f32 {
        match self {
            Summand::Plain => x,
            Summand::SquaredFrom(s) => {
                let d = x - s;
                d * d
            }
        }
    }
}

/// `init` plus the sum of `row`'s summands, in the inline code's order, on the fastest
/// path this CPU has.
pub fn row_sum(row: &[f32], init: f32, what: Summand) -> f32 {
    row_sum_with(row, init, what, true)
}

/// [`row_sum`], with AVX-512 only if `wide` and the CPU is not one where the 8-lane sums
/// are faster ([`crate::isa::narrow_row_sums`]); the same bits either way.
pub(super) fn row_sum_with(row: &[f32], init: f32, what: Summand, wide: bool) -> f32 {
    #[cfg(target_arch = "x86_64")]
    {
        if row.len() >= BLOCK {
            if wide && !crate::isa::narrow_row_sums() && std::is_x86_feature_detected!("avx512f") {
                // SAFETY: AVX-512F was detected just above.
                let (i, total) = unsafe { blocks_avx512(row, what) };
                return finish(row, i, total, init, what);
            }
            if std::is_x86_feature_detected!("avx") {
                // SAFETY: AVX was detected just above.
                let (i, total) = unsafe { blocks_avx(row, what) };
                return finish(row, i, total, init, what);
            }
        }
    }
    let _ = wide;
    row_sum_portable(row, init, what)
}

/// [`row_sum`] one lane at a time, whatever the CPU: the definition.
pub fn row_sum_portable(row: &[f32], init: f32, what: Summand) -> f32 {
    let mut total = -0.0f64;
    let mut i = 0;
    while i + BLOCK <= row.len() {
        join(&mut total, steps(&row[i..i + BLOCK], what));
        i += BLOCK;
    }
    finish(row, i, total, init, what)
}

/// The blocks' total so far, the rest of `row` from `i` (less than a block) on.
fn finish(row: &[f32], mut i: usize, mut total: f64, init: f32, what: Summand) -> f32 {
    let n = row.len();
    let whole = i + (n - i) / STEP * STEP;
    let mut folded = steps(&row[i..whole], what);
    i = whole;
    while i + LANES <= n {
        for (l, f) in folded.iter_mut().enumerate() {
            *f += what.of(row[i + l]);
        }
        i += LANES;
    }
    join(&mut total, folded);
    let mut r = (f64::from(init) + total) as f32;
    for &x in &row[i..] {
        r += what.of(x);
    }
    r
}

/// Whole steps of 16 into four accumulators from -0, folded lane-wise from -0.
fn steps(part: &[f32], what: Summand) -> [f32; LANES] {
    let mut acc = [[-0.0f32; LANES]; LANES];
    for step in part.chunks_exact(STEP) {
        for (u, a) in acc.iter_mut().enumerate() {
            for (l, v) in a.iter_mut().enumerate() {
                *v += what.of(step[LANES * u + l]);
            }
        }
    }
    fold(&acc)
}

/// `(((-0 + a0) + a1) + a2) + a3`, lane-wise.
fn fold(acc: &[[f32; LANES]; LANES]) -> [f32; LANES] {
    let mut f = [-0.0f32; LANES];
    for a in acc {
        for (f, v) in f.iter_mut().zip(a) {
            *f += v;
        }
    }
    f
}

/// A block's 16 accumulator lanes as a wide path holds them (lane `4u + l` is
/// accumulator `u`'s lane `l`), folded.
#[cfg(target_arch = "x86_64")]
fn fold_step_lanes(lanes: &[f32; STEP]) -> [f32; LANES] {
    let mut acc = [[0.0f32; LANES]; LANES];
    for (a, l) in acc.iter_mut().zip(lanes.chunks_exact(LANES)) {
        a.copy_from_slice(l);
    }
    fold(&acc)
}

/// The folded lanes into the f64 total, lane 0 first.
fn join(total: &mut f64, folded: [f32; LANES]) {
    for v in folded {
        *total += f64::from(v);
    }
}

/// The whole blocks of `row` on 16 lanes: where they end and their total.
///
/// # Safety
/// The CPU has AVX-512F.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn blocks_avx512(row: &[f32], what: Summand) -> (usize, f64) {
    use std::arch::x86_64::*;
    let p = row.as_ptr();
    let (square, s) = match what {
        Summand::Plain => (false, _mm512_setzero_ps()),
        Summand::SquaredFrom(s) => (true, _mm512_set1_ps(s)),
    };
    // Callers keep `at + 16 <= row.len()`.
    let load = |at: usize| {
        // SAFETY: the caller's bound.
        let x = unsafe { _mm512_loadu_ps(p.add(at)) };
        if square {
            let d = _mm512_sub_ps(x, s);
            _mm512_mul_ps(d, d)
        } else {
            x
        }
    };
    let store = |v: __m512| {
        let mut lanes = [0.0f32; STEP];
        // SAFETY: `lanes` holds 16 f32.
        unsafe { _mm512_storeu_ps(lanes.as_mut_ptr(), v) };
        fold_step_lanes(&lanes)
    };
    let n = row.len();
    let mut total = -0.0f64;
    let mut i = 0;
    while i + BLOCK <= n {
        let mut acc = _mm512_set1_ps(-0.0);
        for at in (0..BLOCK).step_by(STEP) {
            super::prefetch(p.wrapping_add(i + at + super::PREFETCH_AHEAD));
            acc = _mm512_add_ps(acc, load(i + at));
        }
        join(&mut total, store(acc));
        i += BLOCK;
    }
    (i, total)
}

/// [`blocks_avx512`] on 8 lanes: a step's accumulators are two vectors.
///
/// # Safety
/// The CPU has AVX.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
unsafe fn blocks_avx(row: &[f32], what: Summand) -> (usize, f64) {
    use std::arch::x86_64::*;
    let p = row.as_ptr();
    let (square, s) = match what {
        Summand::Plain => (false, _mm256_setzero_ps()),
        Summand::SquaredFrom(s) => (true, _mm256_set1_ps(s)),
    };
    let load = |at: usize| {
        // SAFETY: callers keep `at + 8 <= row.len()`.
        let x = unsafe { _mm256_loadu_ps(p.add(at)) };
        if square {
            let d = _mm256_sub_ps(x, s);
            _mm256_mul_ps(d, d)
        } else {
            x
        }
    };
    let store = |lo: __m256, hi: __m256| {
        let mut lanes = [0.0f32; STEP];
        // SAFETY: `lanes` holds 16 f32, 8 per store.
        unsafe {
            _mm256_storeu_ps(lanes.as_mut_ptr(), lo);
            _mm256_storeu_ps(lanes.as_mut_ptr().add(8), hi);
        }
        fold_step_lanes(&lanes)
    };
    let n = row.len();
    let mut total = -0.0f64;
    let mut i = 0;
    while i + BLOCK <= n {
        let (mut lo, mut hi) = (_mm256_set1_ps(-0.0), _mm256_set1_ps(-0.0));
        for at in (0..BLOCK).step_by(STEP) {
            super::prefetch(p.wrapping_add(i + at + super::PREFETCH_AHEAD));
            lo = _mm256_add_ps(lo, load(i + at));
            hi = _mm256_add_ps(hi, load(i + at + 8));
        }
        join(&mut total, store(lo, hi));
        i += BLOCK;
    }
    (i, total)
}

/// `init + sum_j data[j]` for j < n, in the inline code's order.
///
/// # Safety
/// `n == 0`, or `data` points to `n` initialized f32 (4-byte aligned) that nothing
/// writes during the call.
pub unsafe extern "C" fn pjrt_rt_sum_f32_row_v1<const WIDE: bool>(
    data: *const f32,
    n: usize,
    init: f32,
) -> f32 {
    if n == 0 || data.is_null() {
        return row_sum_portable(&[], init, Summand::Plain);
    }
    // SAFETY: the caller's contract.
    row_sum_with(
        unsafe { std::slice::from_raw_parts(data, n) },
        init,
        Summand::Plain,
        WIDE,
    )
}

/// `init + sum_j (data[j] - s) * (data[j] - s)` for j < n, in the inline code's order.
///
/// # Safety
/// As [`pjrt_rt_sum_f32_row_v1`].
pub unsafe extern "C" fn pjrt_rt_sum_sq_sub_f32_row_v1<const WIDE: bool>(
    data: *const f32,
    n: usize,
    init: f32,
    s: f32,
) -> f32 {
    let what = Summand::SquaredFrom(s);
    if n == 0 || data.is_null() {
        return row_sum_portable(&[], init, what);
    }
    // SAFETY: the caller's contract.
    row_sum_with(
        unsafe { std::slice::from_raw_parts(data, n) },
        init,
        what,
        WIDE,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values of mixed magnitudes and signs, so that any change of order shows.
    fn values(n: usize, seed: u32) -> Vec<f32> {
        let mut s = seed | 1;
        (0..n)
            .map(|_| {
                s ^= s << 13;
                s ^= s >> 17;
                s ^= s << 5;
                let m = (s >> 8) as f32 / (1 << 24) as f32 - 0.5;
                m * [1.0, 1e-3, 1e4, 3.0][(s & 3) as usize]
            })
            .collect()
    }

    fn same(a: f32, b: f32) -> bool {
        (a.is_nan() && b.is_nan()) || a.to_bits() == b.to_bits()
    }

    /// Every path gives the portable definition's bits, for every length up to 1300
    /// (blocks, steps, vectors and scalars in every combination) and both summands.
    #[test]
    fn paths_match_portable() {
        for n in 0..1300 {
            let v = values(n, n as u32 + 11);
            for what in [Summand::Plain, Summand::SquaredFrom(0.25)] {
                let want = row_sum_portable(&v, 1.5, what);
                let got = row_sum(&v, 1.5, what);
                assert!(same(got, want), "n={n} {what:?}: {got:e} vs {want:e}");
                #[cfg(target_arch = "x86_64")]
                if n >= BLOCK && std::is_x86_feature_detected!("avx") {
                    // SAFETY: AVX detected.
                    let (i, total) = unsafe { blocks_avx(&v, what) };
                    let avx = finish(&v, i, total, 1.5, what);
                    assert!(same(avx, want), "avx n={n} {what:?}");
                }
                // row_sum takes the 8-lane path on AMD cores; the 16-lane one is checked
                // on its own.
                #[cfg(target_arch = "x86_64")]
                if n >= BLOCK && std::is_x86_feature_detected!("avx512f") {
                    // SAFETY: AVX-512F detected.
                    let (i, total) = unsafe { blocks_avx512(&v, what) };
                    let wide = finish(&v, i, total, 1.5, what);
                    assert!(same(wide, want), "avx512 n={n} {what:?}");
                }
            }
        }
    }

    /// The order is the documented one, not some other: a block's value differs from a
    /// left-to-right sum on these inputs, and matches a hand-written reference.
    #[test]
    fn order_is_the_inline_codes() {
        // One block: element j in accumulator (j % 16) / 4, lane j % 4.
        let v = values(BLOCK + 7, 3);
        // by_lane[l][u]: accumulator u's lane l.
        let mut by_lane = [[-0.0f32; 4]; 4];
        for (j, &x) in v[..BLOCK].iter().enumerate() {
            by_lane[j % 4][(j % 16) / 4] += x;
        }
        let mut total = -0.0f64;
        for [a0, a1, a2, a3] in by_lane {
            let f = (((-0.0f32 + a0) + a1) + a2) + a3;
            total += f64::from(f);
        }
        // The 7 left: one vector of 4 into a fresh folded vector, then 3 scalars.
        for &x in &v[BLOCK..BLOCK + 4] {
            total += f64::from(-0.0f32 + x);
        }
        let mut want = (f64::from(2.0f32) + total) as f32;
        for &x in &v[BLOCK + 4..] {
            want += x;
        }
        let got = row_sum(&v, 2.0, Summand::Plain);
        assert_eq!(got.to_bits(), want.to_bits());
        let naive = v.iter().fold(2.0f32, |a, &x| a + x);
        assert_ne!(
            naive.to_bits(),
            want.to_bits(),
            "inputs too tame to tell orders apart"
        );
    }

    #[test]
    fn special_values_and_empty_rows() {
        // SAFETY: n == 0 is accepted without access.
        let empty = unsafe { pjrt_rt_sum_f32_row_v1::<true>(std::ptr::null(), 0, -0.0) };
        assert_eq!(empty.to_bits(), (-0.0f32).to_bits());
        // -0 stays -0 through -0 accumulators and an f64 total of -0.
        let zeros = vec![-0.0f32; 600];
        let z = row_sum(&zeros, -0.0, Summand::Plain);
        assert_eq!(z.to_bits(), (-0.0f32).to_bits());
        for special in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
            for at in [0, 255, 256, 1000, 1029] {
                let mut v = values(1030, 5);
                v[at] = special;
                for what in [Summand::Plain, Summand::SquaredFrom(-2.0)] {
                    let want = row_sum_portable(&v, 0.0, what);
                    // SAFETY: v holds v.len() f32.
                    let got = unsafe {
                        match what {
                            Summand::Plain => {
                                pjrt_rt_sum_f32_row_v1::<true>(v.as_ptr(), v.len(), 0.0)
                            }
                            Summand::SquaredFrom(s) => {
                                pjrt_rt_sum_sq_sub_f32_row_v1::<true>(v.as_ptr(), v.len(), 0.0, s)
                            }
                        }
                    };
                    assert!(same(got, want), "{special} at {at}: {got} vs {want}");
                }
            }
        }
    }
}
