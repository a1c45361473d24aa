//! Products of 8-bit integer matrices (i8 or u8 operands, in any combination) into i32.
//!
//! Every path is exact: i32 sums wrap, and a wrapping sum is the same in any order, so
//! the paths agree with the reference loops bit for bit.
//!
//! - AVX-512 VNNI ([`vnni`]): `vpdpbusd` multiplies unsigned bytes by signed bytes and
//!   adds each group of four products to an i32 lane, without saturation. Packing makes
//!   one operand unsigned and the other signed: u8 x i8 and i8 x u8 as they are (the u8
//!   side in the unsigned slot), i8 x i8 by flipping A's sign bit (`a + 128`, a
//!   correction of `-128 * colsum(B)` per column), u8 x u8 by flipping B's (`b - 128`,
//!   `+128 * rowsum(A)` per row). The driver, packing and corrections are portable code
//!   ([`quad`]); [`quad::Portable`] emulates the instruction, so tests cover that logic on
//!   any machine.
//! - AVX2 ([`avx2`]): `vpmaddubsw` saturates its i16 pair sums (255 * 127 * 2 does not
//!   fit), so both operands are widened to i16 while packing (sign- or zero-extended, by
//!   operand) and `vpmaddwd` multiplies pairs into i32 exactly (8-bit values cannot reach
//!   its one overflowing case, -32768 * -32768 twice).
//! - Elsewhere, loops the compiler vectorizes ([`portable`]).

use super::View;
use crate::isa::Isa;

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(any(target_arch = "x86_64", test))]
pub(super) mod quad;
#[cfg(target_arch = "x86_64")]
mod vnni;

/// The signedness of the two operands' bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Signs {
    pub lhs: bool,
    pub rhs: bool,
}

/// Reads byte `(i, j)` of an 8-bit matrix view as an i32.
///
/// # Safety
/// `(i, j)` is inside the matrix.
#[inline(always)]
pub(super) unsafe fn byte(v: View, signed: bool, i: usize, j: usize) -> i32 {
    // SAFETY: in bounds by the caller's contract; bytes need no alignment.
    let b = unsafe { *v.ptr.offset(i as isize * v.rs + j as isize * v.cs) };
    if signed { b as i8 as i32 } else { b as i32 }
}

/// `o = l * r` for an `m x k` by `k x n` product of 8-bit matrices (`signs` says which
/// are signed) into an i32 matrix, on the fastest path `isa` allows.
///
/// # Safety
/// Every element of the three views is in bounds (`o` aligned for i32), the output
/// overlaps neither input and nobody else accesses it meanwhile; `isa` holds on this CPU.
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn gemm(
    m: usize,
    n: usize,
    k: usize,
    l: View,
    r: View,
    o: View,
    signs: Signs,
    isa: Isa,
) {
    if m == 0 || n == 0 {
        return;
    }
    #[cfg(target_arch = "x86_64")]
    {
        if isa.avx512vnni {
            // SAFETY: forwarded; the CPU has AVX-512 VNNI (and F, BW) by `isa`.
            return unsafe { quad::gemm::<vnni::Vnni>(m, n, k, l, r, o, signs) };
        }
        if isa.avx2_fma {
            // SAFETY: forwarded; the CPU has AVX2 by `isa`.
            return unsafe { avx2::gemm(m, n, k, l, r, o, signs) };
        }
    }
    let _ = isa;
    // SAFETY: forwarded.
    unsafe { portable(m, n, k, l, r, o, signs) }
}

/// Row by row: each row of the output accumulates `a[i, p] * r[p, :]` over `p`, a loop
/// along a contiguous row that the compiler vectorizes.
///
/// # Safety
/// As [`gemm`].
pub(super) unsafe fn portable(
    m: usize,
    n: usize,
    k: usize,
    l: View,
    r: View,
    o: View,
    signs: Signs,
) {
    let mut acc = vec![0i32; n];
    let mut row = vec![0i32; n];
    for i in 0..m {
        acc.fill(0);
        for p in 0..k {
            // SAFETY: (i, p) is inside lhs.
            let a = unsafe { byte(l, signs.lhs, i, p) };
            if a == 0 {
                continue;
            }
            for (j, x) in row.iter_mut().enumerate() {
                // SAFETY: (p, j) is inside rhs.
                *x = unsafe { byte(r, signs.rhs, p, j) };
            }
            for (s, &x) in acc.iter_mut().zip(&row) {
                *s = s.wrapping_add(a.wrapping_mul(x));
            }
        }
        for (j, &s) in acc.iter().enumerate() {
            // SAFETY: (i, j) is inside the output, which holds i32.
            unsafe {
                (o.ptr as *mut i32)
                    .offset(i as isize * o.rs + j as isize * o.cs)
                    .write(s)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Signs, View};
    use crate::isa::Isa;
    use proptest::prelude::*;

    /// A byte matrix with the given strides (row-major padded, or transposed).
    fn matrix(rows: usize, cols: usize, trans: bool, pad: usize, seed: u64) -> (Vec<u8>, View) {
        let (rs, cs) = if trans {
            (1, rows + pad)
        } else {
            (cols + pad, 1)
        };
        let len = (rows.max(1) - 1) * rs + (cols.max(1) - 1) * cs + 1;
        let mut s = seed | 1;
        let mut data: Vec<u8> = (0..len)
            .map(|_| {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                (s >> 32) as u8
            })
            .collect();
        // The extremes, where saturating formulations fail.
        for (q, x) in data.iter_mut().enumerate().take(8) {
            *x = [0x80, 0x7f, 0xff, 0x00, 0x80, 0x80, 0xff, 0x7f][q];
        }
        let v = View::new(data.as_mut_ptr(), rs as u64, cs as u64);
        (data, v)
    }

    type Kernel = unsafe fn(usize, usize, usize, View, View, View, Signs);

    /// The kernels to compare: the portable loops, the VNNI driver with its portable
    /// tile, and this CPU's own paths.
    fn kernels() -> Vec<(&'static str, Kernel)> {
        // Only x86_64 adds its own kernels.
        #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
        let mut v: Vec<(&'static str, Kernel)> = vec![
            ("portable", super::portable),
            ("quad-portable", |m, n, k, l, r, o, s| unsafe {
                // SAFETY: forwarded; the portable tile needs no CPU feature.
                super::quad::gemm::<super::quad::Portable>(m, n, k, l, r, o, s)
            }),
        ];
        let isa = Isa::host();
        #[cfg(target_arch = "x86_64")]
        {
            if isa.avx2_fma {
                v.push(("avx2", |m, n, k, l, r, o, s| unsafe {
                    // SAFETY: forwarded; the host has AVX2 (checked when listed).
                    super::avx2::gemm(m, n, k, l, r, o, s)
                }));
            }
            if isa.avx512vnni {
                v.push(("vnni", |m, n, k, l, r, o, s| unsafe {
                    // SAFETY: forwarded; the host has AVX-512 VNNI (checked when listed).
                    super::quad::gemm::<super::vnni::Vnni>(m, n, k, l, r, o, s)
                }));
            }
        }
        let _ = isa;
        v
    }

    /// Every kernel against i64 sums of the products, wrapped to i32.
    #[allow(clippy::too_many_arguments)]
    fn check(
        m: usize,
        n: usize,
        k: usize,
        ta: bool,
        tb: bool,
        pad: usize,
        signs: Signs,
        seed: u64,
    ) {
        let (a, l) = matrix(m, k, ta, pad, seed);
        let (b, r) = matrix(k, n, tb, pad, seed ^ 0x5555);
        let get = |d: &[u8], v: View, signed: bool, i: usize, j: usize| {
            let x = d[i * v.rs as usize + j * v.cs as usize];
            if signed { x as i8 as i64 } else { x as i64 }
        };
        let mut want = vec![0i32; m * n];
        for i in 0..m {
            for j in 0..n {
                let s: i64 = (0..k)
                    .map(|p| get(&a, l, signs.lhs, i, p) * get(&b, r, signs.rhs, p, j))
                    .sum();
                want[i * n + j] = s as i32;
            }
        }
        for (name, kernel) in kernels() {
            let opad = pad + 1;
            let mut out = vec![0x5a5a5a5ai32; m.max(1) * (n + opad)];
            let o = View::new(out.as_mut_ptr() as *mut u8, (n + opad) as u64, 1);
            // SAFETY: each view covers its matrix inside its own buffer.
            unsafe { kernel(m, n, k, l, r, o, signs) };
            for i in 0..m {
                for j in 0..n {
                    assert_eq!(
                        out[i * (n + opad) + j],
                        want[i * n + j],
                        "{name} ({i}, {j}) of {m}x{n}x{k} ta={ta} tb={tb} {signs:?}"
                    );
                }
                for j in n..n + opad {
                    assert_eq!(out[i * (n + opad) + j], 0x5a5a5a5a, "{name} wrote padding");
                }
            }
        }
    }

    fn signs() -> impl Strategy<Value = Signs> {
        (any::<bool>(), any::<bool>()).prop_map(|(lhs, rhs)| Signs { lhs, rhs })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(150))]

        /// Random small shapes (odd k, partial tiles), layouts and every sign pair.
        #[test]
        fn random_shapes_match_reference(
            m in 0..30usize, n in 0..70usize, k in 0..40usize,
            ta in any::<bool>(), tb in any::<bool>(), pad in 0..3usize,
            signs in signs(), seed in any::<u64>(),
        ) {
            check(m, n, k, ta, tb, pad, signs, seed);
        }
    }

    /// Shapes across the blocking boundaries (k blocks, column blocks, row blocks), with
    /// every sign pair; sums long enough to wrap an i32 are not reachable with 8-bit
    /// inputs here, so wrapping is checked by [`wrapping_sums`].
    #[test]
    fn block_boundaries() {
        for (q, &(m, n, k)) in [(7, 300, 1100), (130, 33, 517), (1, 64, 2049), (25, 257, 64)]
            .iter()
            .enumerate()
        {
            for lhs in [false, true] {
                for rhs in [false, true] {
                    check(
                        m,
                        n,
                        k,
                        false,
                        q % 2 == 1,
                        q % 3,
                        Signs { lhs, rhs },
                        q as u64,
                    );
                }
            }
        }
    }

    /// Sums past i32's range wrap, on every path (255 * 255 * 40000 > 2^31).
    #[test]
    fn wrapping_sums() {
        let (m, n, k) = (3, 20, 40000);
        let mut a = vec![0xffu8; m * k];
        let mut b = vec![0xffu8; k * n];
        let l = View::new(a.as_mut_ptr(), k as u64, 1);
        let r = View::new(b.as_mut_ptr(), n as u64, 1);
        let want = (255i64 * 255 * k as i64) as i32;
        for (name, kernel) in kernels() {
            let mut out = vec![0i32; m * n];
            let o = View::new(out.as_mut_ptr() as *mut u8, n as u64, 1);
            let signs = Signs {
                lhs: false,
                rhs: false,
            };
            // SAFETY: dense buffers of these shapes.
            unsafe { kernel(m, n, k, l, r, o, signs) };
            assert!(
                out.iter().all(|&x| x == want),
                "{name}: {:?} != {want}",
                &out[..3]
            );
        }
    }
}
