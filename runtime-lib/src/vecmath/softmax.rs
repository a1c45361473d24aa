//! Softmax along rows: `dst = exp(x - max(x)) * (1 / sum(exp(x - max(x))))` for each row
//! `x`, the whole of a `Softmax` step (`crate::format::Softmax`). The reciprocal of the sum
//! times each element is the compiler's form of the division (its `reciprocal` pass, after
//! XLA's CPU backend) and costs a multiply per element instead of a divide.
//!
//! Why a routine: generated code computes softmax as two kernels, the maximum and the
//! exponentials in one, the sum and the divide in the other, with the exponentials in a
//! buffer between them. Here each row is read once from memory and its exponentials are
//! written once, straight into the output, where the sum and the scaling find them in
//! cache; and the scaling of one row runs in the same loop as the exponentials of the
//! next (see `avx2`'s `exp_sub_scale`).
//!
//! The same values as those kernels, bit for bit: the row maximum is [`row_max`], the
//! exponentials are the array routines' (the inline code's bits), the sum is [`row_sum`]
//! (the blocked loop's order, from +0), then `1 / sum` and the multiplies, IEEE's.

use super::rowmax::row_max_with;
use super::rowsum::row_sum_with;
use super::{ArithOp, Func, Summand};

/// Softmax of each of `rows` rows of `cols` f32 from `src` into `dst`; AVX-512 paths only
/// if `wide` (the same bits either way).
///
/// # Safety
/// `src` and `dst` point to `rows * cols` f32 each (4-byte aligned), identical or not
/// overlapping, that nothing else accesses during the call.
pub unsafe fn softmax_rows(src: *const f32, dst: *mut f32, rows: usize, cols: usize, wide: bool) {
    if rows == 0 || cols == 0 {
        return;
    }
    // The row before (in dst) and the reciprocal of its sum.
    let mut prev: Option<(*mut f32, f32)> = None;
    for r in 0..rows {
        let (x, d) = (src.wrapping_add(r * cols), dst.wrapping_add(r * cols));
        // SAFETY: row r lies inside both arrays; the slice lives for this statement only,
        // before anything writes the row.
        let max = row_max_with(unsafe { std::slice::from_raw_parts(x, cols) }, wide);
        let mut done = 0;
        if let Some((p, recip)) = prev {
            // SAFETY: rows r - 1 (p) and r (x, d) lie inside the arrays; p is another row.
            done = unsafe { exp_sub_scale(d, x, max, p, recip, cols, wide) };
            // SAFETY: the rest of row r - 1, in place.
            unsafe { scale(p.wrapping_add(done), recip, cols - done) };
        }
        // SAFETY: the rest of row r, from src to dst (identical or disjoint).
        unsafe {
            super::map::map_sub_raw(Func::Exp, d.add(done), x.add(done), cols - done, max, wide)
        };
        // SAFETY: row r of dst, all written just above; nothing writes it while the slice
        // lives (this statement).
        let sum = row_sum_with(
            unsafe { std::slice::from_raw_parts(d, cols) },
            0.0,
            Summand::Plain,
            wide,
        );
        prev = Some((d, 1.0 / sum));
    }
    if let Some((p, r)) = prev {
        // SAFETY: the last row of dst, in place.
        unsafe { scale(p, r, cols) };
    }
}

/// `p[i] = p[i] * r` for i < n.
///
/// # Safety
/// `p` points to `n` f32 that nothing else accesses meanwhile.
unsafe fn scale(p: *mut f32, r: f32, n: usize) {
    // SAFETY: in place over n f32; one factor.
    unsafe { super::arith::arith_raw(ArithOp::Mul, p, p, &r, 0, n, super::arith::has_avx()) }
}

/// The pipelined part of a row on the fastest SIMD path (how many elements it did; 0
/// without one).
///
/// # Safety
/// As `exp_sub_scale`: `src`/`dst` and `prev` point to `n` f32, `prev` overlapping neither.
unsafe fn exp_sub_scale(
    dst: *mut f32,
    src: *const f32,
    max: f32,
    prev: *mut f32,
    recip: f32,
    n: usize,
    wide: bool,
) -> usize {
    #[cfg(target_arch = "x86_64")]
    if super::has_avx2_fma() {
        // SAFETY: the features were detected; the arrays by the caller's contract.
        return unsafe {
            if super::has_avx512vl(wide) {
                if n >= super::avx512::MIN_LEN {
                    super::avx512::exp_sub_scale_zmm(dst, src, max, prev, recip, n)
                } else {
                    super::avx2::exp_sub_scale_evex(dst, src, max, prev, recip, n)
                }
            } else {
                super::avx2::exp_sub_scale(dst, src, max, prev, recip, n)
            }
        };
    }
    let _ = (dst, src, max, prev, recip, n, wide);
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The row functions one after another, one lane at a time: what the two kernels
    /// compute.
    fn reference(x: &[f32], cols: usize) -> Vec<f32> {
        let mut out = Vec::with_capacity(x.len());
        for row in x.chunks(cols) {
            let max = super::super::row_max_portable(row);
            let mut e: Vec<f32> = row.iter().map(|v| v - max).collect();
            super::super::apply_portable(Func::Exp, &mut e);
            let sum = super::super::row_sum_portable(&e, 0.0, Summand::Plain);
            let r = 1.0 / sum;
            out.extend(e.iter().map(|v| v * r));
        }
        out
    }

    fn rows(n: usize, seed: u32) -> Vec<f32> {
        super::super::tests::xorshift_values(n, seed, 1e8)
    }

    fn same_bits(got: &[f32], want: &[f32], what: &str) {
        for (i, (g, w)) in got.iter().zip(want).enumerate() {
            assert!(
                g.to_bits() == w.to_bits() || g.is_nan() && w.is_nan(),
                "{what} [{i}]: {g:e} vs {w:e}"
            );
        }
    }

    /// Row lengths around every vector and step width, one row and many, out of place
    /// and in place: the reference's bits.
    #[test]
    fn softmax_rows_match_the_row_functions() {
        for cols in [
            1usize, 7, 16, 31, 63, 64, 65, 100, 128, 255, 256, 257, 1000, 1024,
        ] {
            for nrows in [1usize, 2, 5] {
                let x = rows(nrows * cols, (cols * 31 + nrows) as u32);
                let want = reference(&x, cols);
                let mut out = vec![0.0f32; x.len()];
                // SAFETY: x and out hold nrows * cols f32 and do not overlap.
                unsafe { softmax_rows(x.as_ptr(), out.as_mut_ptr(), nrows, cols, true) };
                same_bits(&out, &want, &format!("cols={cols} rows={nrows}"));
                let mut inplace = x.clone();
                let p = inplace.as_mut_ptr();
                // SAFETY: src == dst, nrows * cols f32.
                unsafe { softmax_rows(p, p, nrows, cols, true) };
                same_bits(
                    &inplace,
                    &want,
                    &format!("in place cols={cols} rows={nrows}"),
                );
            }
        }
    }

    /// Rows with NaN, infinities, all -inf, huge spreads (exponentials underflowing to
    /// zero and subnormals) and signed zeros.
    #[test]
    fn special_rows_match_too() {
        let cols = 80;
        let mut x = rows(6 * cols, 99);
        x[3] = f32::NAN;
        x[cols + 5] = f32::INFINITY;
        x[2 * cols..3 * cols].fill(f32::NEG_INFINITY);
        for (j, v) in x[3 * cols..4 * cols].iter_mut().enumerate() {
            *v = -(j as f32) * 1.5;
        }
        x[4 * cols..5 * cols].fill(-0.0);
        x[5 * cols + 7] = 0.0;
        x[5 * cols + 9] = f32::NEG_INFINITY;
        let want = reference(&x, cols);
        let mut out = vec![0.0f32; x.len()];
        // SAFETY: x and out hold 6 * cols f32 and do not overlap.
        unsafe { softmax_rows(x.as_ptr(), out.as_mut_ptr(), 6, cols, true) };
        same_bits(&out, &want, "special");
        assert!(out[..cols].iter().all(|v| v.is_nan()), "a NaN row is NaN");
    }
}
