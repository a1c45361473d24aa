//! Gemm epilogues ([`crate::format::Epilogue`]) as the f32 kernels apply them: the
//! blocked product's register tiles apply one to their sums as they store the last
//! summation block (`store!` in the tiles); other paths apply [`apply`] to their whole
//! output afterwards.
//!
//! Each element becomes exactly what the separate StableHLO ops give: `x + bias[j]`
//! rounded once, then `maximum(_, +0.0)` with NaN kept and -0 made +0. x86's `maxps`
//! returns its second operand on NaN and on two zeros, so `max(0, y)` keeps a NaN `y`
//! and `+ 0.0` then turns the -0 it keeps into +0 (positives and NaN pass unchanged).
//!
//! The tiles skip that `+ 0.0`: their `y` is never -0. Under round-to-nearest a sum is
//! -0 only if both addends are; the accumulators start at +0 and add products (an FMA
//! of a -0 product and a +0 sum gives +0), so no sum is -0, nor is a sum plus the
//! previous blocks' stored sums, nor either plus any bias.

/// An epilogue's operands at run time.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Epi {
    /// Column `j` adds `bias[j]` (null: no bias).
    pub bias: *const f32,
    pub relu: bool,
}

// SAFETY: an Epi is an address of floats that every thread only reads (the decoder
// checked that no output overlaps a bias).
unsafe impl Send for Epi {}
// SAFETY: as for Send; no interior mutability.
unsafe impl Sync for Epi {}

impl Epi {
    /// No epilogue.
    pub const NONE: Epi = Epi {
        bias: std::ptr::null(),
        relu: false,
    };

    pub fn is_none(self) -> bool {
        self.bias.is_null() && !self.relu
    }

    /// The epilogue of the columns from `j0` on (the address is only formed).
    #[cfg(target_arch = "x86_64")]
    pub fn at_column(self, j0: usize) -> Epi {
        Epi {
            bias: if self.bias.is_null() {
                self.bias
            } else {
                self.bias.wrapping_add(j0)
            },
            ..self
        }
    }

    /// One element of column `j`.
    ///
    /// # Safety
    /// A non-null bias has a float at `j`.
    #[inline(always)]
    pub unsafe fn element(self, x: f32, j: usize) -> f32 {
        // SAFETY: by the contract.
        let y = if self.bias.is_null() {
            x
        } else {
            x + unsafe { *self.bias.add(j) }
        };
        if self.relu && !(y > 0.0 || y.is_nan()) {
            0.0
        } else {
            y
        }
    }
}

/// Applies `epi` to the `rows x cols` f32 block at `c` (element `(i, j)` at `c + i * rs +
/// j * cs`), whose column `j` adds `epi.bias[j]`.
///
/// `avx`: the CPU has AVX and the artifact's [`crate::Isa`] allows it.
///
/// # Safety
/// The block is inside an f32 matrix nobody else accesses meanwhile; a non-null bias has
/// `cols` readable floats, none of them in the block; `avx` holds.
pub(crate) unsafe fn apply(
    c: *mut f32,
    rs: isize,
    cs: isize,
    rows: usize,
    cols: usize,
    epi: Epi,
    avx: bool,
) {
    if epi.is_none() {
        return;
    }
    #[cfg(target_arch = "x86_64")]
    if cs == 1 && avx {
        // SAFETY: forwarded; the CPU has AVX.
        return unsafe { apply_avx(c, rs, rows, cols, epi) };
    }
    for i in 0..rows {
        for j in 0..cols {
            // SAFETY: (i, j) is inside the block, and bias[j] readable (the contract).
            unsafe {
                let p = c.offset(i as isize * rs + j as isize * cs);
                p.write(epi.element(p.read(), j));
            }
        }
    }
}

/// [`apply`] for a block with unit column stride, eight floats at a time.
///
/// # Safety
/// As [`apply`] with `cs = 1`, on a CPU with AVX.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
unsafe fn apply_avx(c: *mut f32, rs: isize, rows: usize, cols: usize, epi: Epi) {
    use std::arch::x86_64::*;
    let zero = _mm256_setzero_ps();
    for i in 0..rows {
        // SAFETY: row i of the block (the contract).
        let row = unsafe { c.offset(i as isize * rs) };
        let mut j = 0;
        while j + 8 <= cols {
            // SAFETY: columns j..j + 8 of row i are in the block, and of the bias.
            unsafe {
                let mut y = _mm256_loadu_ps(row.add(j));
                if !epi.bias.is_null() {
                    y = _mm256_add_ps(y, _mm256_loadu_ps(epi.bias.add(j)));
                }
                if epi.relu {
                    // max(0, y): y where y is NaN or a zero; + 0.0 makes -0 +0.
                    y = _mm256_add_ps(_mm256_max_ps(zero, y), zero);
                }
                _mm256_storeu_ps(row.add(j), y);
            }
            j += 8;
        }
        for j in j..cols {
            // SAFETY: (i, j) is in the block, bias[j] readable.
            unsafe { row.add(j).write(epi.element(row.add(j).read(), j)) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// StableHLO's `maximum(y, +0.0)`, spelled out.
    fn relu_reference(y: f32) -> f32 {
        if y > 0.0 || y.is_nan() { y } else { 0.0 }
    }

    /// Values where the epilogue's rules matter: signed zeros, NaN, infinities, subnormals,
    /// and sums that round.
    fn specials() -> Vec<f32> {
        vec![
            0.0,
            -0.0,
            f32::NAN,
            -f32::NAN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::MIN_POSITIVE / 4.0,
            -f32::MIN_POSITIVE / 4.0,
            1.0,
            -1.0,
            1.0e-8,
            16_777_217.0,
            -3.5,
            0.1,
        ]
    }

    /// Every path (scalar, eight lanes, the lanes' remainder) gives the bits of `x + b`
    /// followed by StableHLO's maximum with +0 on every pair of special values (NaN: any
    /// NaN).
    #[test]
    fn matches_the_separate_ops() {
        let s = specials();
        let n = s.len();
        for relu in [false, true] {
            for with_bias in [false, true] {
                // Row i pairs x = s[i] with every bias; 16 + 3 columns cover two vectors
                // and a remainder.
                let cols = 19;
                let bias: Vec<f32> = (0..cols).map(|j| s[(j * 5 + 3) % n]).collect();
                let x: Vec<f32> = (0..n * cols).map(|e| s[(e / cols + e) % n]).collect();
                let epi = Epi {
                    bias: if with_bias {
                        bias.as_ptr()
                    } else {
                        std::ptr::null()
                    },
                    relu,
                };
                for cs_unit in [true, false] {
                    let mut got = x.clone();
                    let (rs, cs) = if cs_unit {
                        (cols as isize, 1)
                    } else {
                        // The same matrix read as its transpose's transpose: column-major.
                        (1, n as isize)
                    };
                    let mut buf = if cs_unit {
                        got.clone()
                    } else {
                        let mut t = vec![0f32; n * cols];
                        for i in 0..n {
                            for j in 0..cols {
                                t[j * n + i] = x[i * cols + j];
                            }
                        }
                        t
                    };
                    // SAFETY: the n x cols block fills `buf`; the bias has cols floats.
                    unsafe {
                        apply(
                            buf.as_mut_ptr(),
                            rs,
                            cs,
                            n,
                            cols,
                            epi,
                            crate::Isa::host().avx,
                        )
                    };
                    for i in 0..n {
                        for j in 0..cols {
                            got[i * cols + j] = buf[(i as isize * rs + j as isize * cs) as usize];
                        }
                    }
                    for i in 0..n {
                        for j in 0..cols {
                            let mut want = x[i * cols + j];
                            if with_bias {
                                want += bias[j];
                            }
                            if relu {
                                want = relu_reference(want);
                            }
                            let g = got[i * cols + j];
                            assert!(
                                g.to_bits() == want.to_bits() || g.is_nan() && want.is_nan(),
                                "relu {relu} bias {with_bias} unit {cs_unit} ({i}, {j}): \
                                 {g:?} ({:#x}) != {want:?} ({:#x})",
                                g.to_bits(),
                                want.to_bits()
                            );
                        }
                    }
                }
            }
        }
    }
}
