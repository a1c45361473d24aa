//! The routines checked by what defines them (`P A = L U`, `Q R = A`, `A V = V W`, ...)
//! and by LAPACK's conventions on small cases worked out by hand. The golden tests
//! compare whole JAX programs with JAX's CPU results.

use super::linalg;
use crate::DType;
use crate::format::linalg::{Linalg, flags};
use crate::format::{BufRef, Region, Routine};
use crate::kernels::Bases;

/// Deterministic values in [-1, 1).
pub(super) fn values(seed: u64, n: usize) -> Vec<f64> {
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            (s >> 11) as f64 / (1u64 << 52) as f64 - 1.0
        })
        .collect()
}

/// A buffer of f64, f32 or i32 elements.
#[derive(Clone, Debug)]
pub(super) enum Buf {
    F(Vec<f64>),
    I(Vec<i32>),
}

impl Buf {
    pub(super) fn f(&self) -> &[f64] {
        match self {
            Buf::F(v) => v,
            Buf::I(_) => panic!("not a float buffer"),
        }
    }
    pub(super) fn i(&self) -> &[i32] {
        match self {
            Buf::I(v) => v,
            Buf::F(_) => panic!("not an int buffer"),
        }
    }
}

/// Runs one step on `ops` (f64 data converted to `dtype`; complex data as (re, im)
/// pairs) and returns its results.
#[allow(clippy::too_many_arguments)]
pub(super) fn call(
    routine: Routine,
    dtype: DType,
    batch: u64,
    (m, n, k): (u64, u64, u64),
    fl: u32,
    ops: &[Buf],
    threads: usize,
) -> Vec<Buf> {
    let mut l = Linalg {
        routine,
        dtype,
        batch,
        m,
        n,
        k,
        flags: fl,
        operands: Vec::new(),
        results: Vec::new(),
    };
    let (op_parts, res_parts) = l.layout().unwrap();
    let bytes = |b: &Buf, d: DType| -> Vec<u8> {
        match (b, d) {
            (Buf::F(v), DType::F64 | DType::C128) => {
                v.iter().flat_map(|x| x.to_le_bytes()).collect()
            }
            (Buf::F(v), DType::F32 | DType::C64) => {
                v.iter().flat_map(|&x| (x as f32).to_le_bytes()).collect()
            }
            (Buf::I(v), DType::I32) => v.iter().flat_map(|x| x.to_le_bytes()).collect(),
            _ => panic!("operand type mismatch"),
        }
    };
    // u64 storage keeps every buffer 8-byte aligned.
    let aligned = |b: Vec<u8>| -> Vec<u64> {
        let mut v = vec![0u64; b.len().div_ceil(8)];
        // SAFETY: the u64s hold at least b.len() bytes.
        unsafe { std::ptr::copy_nonoverlapping(b.as_ptr(), v.as_mut_ptr().cast(), b.len()) };
        v
    };
    let mut inputs: Vec<Vec<u64>> = Vec::new();
    for (i, (b, &(d, count))) in ops.iter().zip(&op_parts).enumerate() {
        let data = bytes(b, d);
        assert_eq!(
            data.len() as u64,
            count * d.size() as u64,
            "operand {i} size"
        );
        l.operands.push(BufRef {
            region: Region::Input(i as u32),
            offset: 0,
            size: data.len() as u64,
        });
        inputs.push(aligned(data));
    }
    let mut outputs: Vec<Vec<u64>> = Vec::new();
    for (j, &(d, count)) in res_parts.iter().enumerate() {
        let size = count * d.size() as u64;
        l.results.push(BufRef {
            region: Region::Output(j as u32),
            offset: 0,
            size,
        });
        // NaN-filled, so results a routine forgets to write show up.
        outputs.push(vec![u64::MAX; (size as usize).div_ceil(8)]);
    }
    let in_ptrs: Vec<*mut u8> = inputs.iter_mut().map(|v| v.as_mut_ptr().cast()).collect();
    let out_ptrs: Vec<*mut u8> = outputs.iter_mut().map(|v| v.as_mut_ptr().cast()).collect();
    let bases = Bases {
        inputs: &in_ptrs,
        outputs: &out_ptrs,
        arena: std::ptr::null_mut(),
        constants: std::ptr::null_mut(),
    };
    // SAFETY: every buffer has the size layout() asks for, 8-byte aligned, all distinct.
    unsafe { linalg(&l, &bases, threads) };
    res_parts
        .iter()
        .zip(&outputs)
        .map(|(&(d, count), v)| {
            let b: &[u8] =
                // SAFETY: reading the u64 storage as bytes.
                unsafe { std::slice::from_raw_parts(v.as_ptr().cast(), count as usize * d.size()) };
            match d {
                DType::F64 | DType::C128 => Buf::F(
                    b.chunks(8)
                        .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
                        .collect(),
                ),
                DType::F32 | DType::C64 => Buf::F(
                    b.chunks(4)
                        .map(|c| f32::from_le_bytes(c.try_into().unwrap()) as f64)
                        .collect(),
                ),
                DType::I32 => Buf::I(
                    b.chunks(4)
                        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
                        .collect(),
                ),
                d => panic!("unexpected result type {d}"),
            }
        })
        .collect()
}

/// A dense row-major matrix for checking.
#[derive(Clone, Debug, PartialEq)]
struct M {
    r: usize,
    c: usize,
    d: Vec<f64>,
}

impl M {
    fn new(r: usize, c: usize, d: &[f64]) -> M {
        assert_eq!(d.len(), r * c);
        M {
            r,
            c,
            d: d.to_vec(),
        }
    }
    fn eye(n: usize) -> M {
        M::from_fn(n, n, |i, j| if i == j { 1.0 } else { 0.0 })
    }
    fn from_fn(r: usize, c: usize, f: impl Fn(usize, usize) -> f64) -> M {
        M {
            r,
            c,
            d: (0..r * c).map(|x| f(x / c, x % c)).collect(),
        }
    }
    fn at(&self, i: usize, j: usize) -> f64 {
        self.d[i * self.c + j]
    }
    fn t(&self) -> M {
        M::from_fn(self.c, self.r, |i, j| self.at(j, i))
    }
    fn mul(&self, o: &M) -> M {
        assert_eq!(self.c, o.r);
        M::from_fn(self.r, o.c, |i, j| {
            (0..self.c).map(|k| self.at(i, k) * o.at(k, j)).sum()
        })
    }
    /// Largest absolute elementwise difference.
    fn dist(&self, o: &M) -> f64 {
        assert_eq!((self.r, self.c), (o.r, o.c));
        self.d
            .iter()
            .zip(&o.d)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max)
    }
}

fn close(a: &M, b: &M, tol: f64, what: &str) {
    let d = a.dist(b);
    assert!(
        d <= tol,
        "{what}: max difference {d:e} > {tol:e}\n{a:?}\n{b:?}"
    );
}

/// Tolerance of a backward-stable result for an `n`-sized problem with entries O(1).
fn tol(dtype: DType, n: usize) -> f64 {
    let eps = if dtype == DType::F32 {
        f32::EPSILON as f64
    } else {
        f64::EPSILON
    };
    eps * 50.0 * (n as f64 + 1.0)
}

const BOTH: [DType; 2] = [DType::F32, DType::F64];

/// `A` as rounded to `dtype`, so invariants compare with what the routine saw.
fn rounded(a: &[f64], dtype: DType) -> Vec<f64> {
    a.iter()
        .map(|&x| {
            if dtype == DType::F32 {
                x as f32 as f64
            } else {
                x
            }
        })
        .collect()
}

/// The row permutation of LAPACK pivots (`(P A)[i] = A[perm[i]]`).
fn perm_of(ipiv: &[i32], m: usize) -> Vec<usize> {
    let mut p: Vec<usize> = (0..m).collect();
    for (i, &v) in ipiv.iter().enumerate() {
        p.swap(i, v as usize - 1);
    }
    p
}

#[test]
fn getrf_factors_with_lapack_pivots() {
    for dtype in BOTH {
        for (m, n, batch) in [(4, 4, 1), (5, 3, 2), (3, 6, 1), (17, 17, 3), (40, 33, 1)] {
            let a = rounded(&values((m * 31 + n) as u64, batch * m * n), dtype);
            let r = call(
                Routine::Getrf,
                dtype,
                batch as u64,
                (m as u64, n as u64, 0),
                0,
                &[Buf::F(a.clone())],
                2,
            );
            let k = m.min(n);
            for b in 0..batch {
                let lu = M::new(m, n, &r[0].f()[b * m * n..(b + 1) * m * n]);
                let ipiv = &r[1].i()[b * k..(b + 1) * k];
                assert_eq!(r[2].i()[b], 0);
                let l = M::from_fn(m, k, |i, j| match i.cmp(&j) {
                    std::cmp::Ordering::Greater => lu.at(i, j),
                    std::cmp::Ordering::Equal => 1.0,
                    _ => 0.0,
                });
                let u = M::from_fn(k, n, |i, j| if i <= j { lu.at(i, j) } else { 0.0 });
                // Partial pivoting: every multiplier is at most 1 in magnitude.
                assert!(l.d.iter().all(|x| x.abs() <= 1.0));
                let a = M::new(m, n, &a[b * m * n..(b + 1) * m * n]);
                let p = perm_of(ipiv, m);
                let pa = M::from_fn(m, n, |i, j| a.at(p[i], j));
                close(&l.mul(&u), &pa, tol(dtype, m.max(n)), "P A = L U");
                assert!(ipiv.iter().enumerate().all(|(i, &v)| v as usize > i));
            }
        }
    }
}

#[test]
fn getrf_pivots_match_a_hand_worked_case() {
    // Column 0's largest entry is in row 2 (rows 0 and 2 swap: [4 5 6], [2 1 1], [1 2 3]);
    // the updated column 1 below the diagonal is (-1.5, 0.75): no swap.
    let a = [1.0, 2.0, 3.0, 2.0, 1.0, 1.0, 4.0, 5.0, 6.0];
    let r = call(
        Routine::Getrf,
        DType::F64,
        1,
        (3, 3, 0),
        0,
        &[Buf::F(a.to_vec())],
        1,
    );
    assert_eq!(r[1].i(), [3, 2, 3]);
    let lu = r[0].f();
    assert_eq!(lu, [4.0, 5.0, 6.0, 0.5, -1.5, -2.0, 0.25, -0.5, 0.5]);
}

#[test]
fn getrf_of_a_singular_matrix_reports_the_zero_pivot_without_nans() {
    // Rank 1: the second pivot is exactly zero.
    let a = [1.0, 2.0, 3.0, 2.0, 4.0, 6.0, 3.0, 6.0, 9.0];
    for dtype in BOTH {
        let r = call(
            Routine::Getrf,
            dtype,
            1,
            (3, 3, 0),
            0,
            &[Buf::F(a.to_vec())],
            1,
        );
        assert_eq!(r[2].i(), [2]);
        assert!(r[0].f().iter().all(|x| x.is_finite()), "{:?}", r[0]);
        assert_eq!(r[0].f()[4], 0.0);
        // The zero matrix: every pivot is zero, nothing is scaled.
        let r = call(
            Routine::Getrf,
            dtype,
            1,
            (2, 2, 0),
            0,
            &[Buf::F(vec![0.0; 4])],
            1,
        );
        assert_eq!(r[2].i(), [1]);
        assert_eq!(r[1].i(), [1, 2]);
        assert_eq!(r[0].f(), [0.0; 4]);
    }
}

/// `Q` of `geqrf`'s reflectors through `orgqr`, full `m x m` when `m <= n`.
fn q_of(qr: &[f64], tau: &[f64], m: usize, n: usize, dtype: DType) -> M {
    let k = tau.len();
    let cols = m.min(n);
    // orgqr takes the first `cols` columns (k <= cols <= m).
    let a = M::new(m, n, qr);
    let basis = M::from_fn(m, cols, |i, j| a.at(i, j));
    let r = call(
        Routine::Orgqr,
        dtype,
        1,
        (m as u64, cols as u64, k as u64),
        0,
        &[Buf::F(basis.d), Buf::F(tau.to_vec())],
        1,
    );
    M::new(m, cols, r[0].f())
}

#[test]
fn geqrf_and_orgqr_reconstruct_the_matrix() {
    for dtype in BOTH {
        for (m, n) in [(3, 3), (6, 4), (4, 7), (50, 50), (70, 45)] {
            let a = rounded(&values((m * 7 + n) as u64, m * n), dtype);
            let r = call(
                Routine::Geqrf,
                dtype,
                1,
                (m as u64, n as u64, 0),
                0,
                &[Buf::F(a.clone())],
                1,
            );
            let k = m.min(n);
            let q = q_of(r[0].f(), r[1].f(), m, n, dtype);
            let qr = M::new(m, n, r[0].f());
            let rr = M::from_fn(k, n, |i, j| if i <= j { qr.at(i, j) } else { 0.0 });
            let t = tol(dtype, m.max(n));
            close(&q.mul(&rr), &M::new(m, n, &a), t, "Q R = A");
            close(&q.t().mul(&q), &M::eye(k), t, "Q^T Q = I");
        }
    }
}

#[test]
fn geqrf_follows_lapack_sign_and_tau_conventions() {
    // x = (3, 4): beta = -sign(3) * 5, v = (1, 4 / (3 + 5)), tau = (beta - alpha) / beta.
    let r = call(
        Routine::Geqrf,
        DType::F64,
        1,
        (2, 1, 0),
        0,
        &[Buf::F(vec![3.0, 4.0])],
        1,
    );
    assert_eq!(r[0].f(), [-5.0, 0.5]);
    assert_eq!(r[1].f(), [1.6]);
    // A zero column below the diagonal is not reflected: tau = 0, R keeps the entry.
    let r = call(
        Routine::Geqrf,
        DType::F64,
        1,
        (2, 2, 0),
        0,
        &[Buf::F(vec![-2.0, 1.0, 0.0, 3.0])],
        1,
    );
    assert_eq!(r[0].f(), [-2.0, 1.0, 0.0, 3.0]);
    assert_eq!(r[1].f(), [0.0, 0.0]);
}

#[test]
fn ormqr_applies_q_from_either_side() {
    let (m, n, k) = (5, 3, 3);
    let a = values(11, m * k);
    let r = call(
        Routine::Geqrf,
        DType::F64,
        1,
        (m as u64, k as u64, 0),
        0,
        &[Buf::F(a)],
        1,
    );
    let (vecs, tau) = (r[0].f().to_vec(), r[1].f().to_vec());
    // Q (m x m) applied to the identity's columns gives Q itself.
    let full_q = {
        let r = call(
            Routine::Ormqr,
            DType::F64,
            1,
            (m as u64, m as u64, k as u64),
            flags::LEFT,
            &[
                Buf::F(vecs.clone()),
                Buf::F(tau.clone()),
                Buf::F(M::eye(m).d),
            ],
            1,
        );
        M::new(m, m, r[0].f())
    };
    close(&full_q.t().mul(&full_q), &M::eye(m), 1e-13, "Q orthogonal");
    let c = M::new(m, n, &values(12, m * n));
    let c2 = M::new(n, m, &values(13, n * m));
    for (left, tr) in [(true, false), (true, true), (false, false), (false, true)] {
        let (cm, want) = match (left, tr) {
            (true, false) => (&c, full_q.mul(&c)),
            (true, true) => (&c, full_q.t().mul(&c)),
            (false, false) => (&c2, c2.mul(&full_q)),
            (false, true) => (&c2, c2.mul(&full_q.t())),
        };
        let fl = if left { flags::LEFT } else { 0 } | if tr { flags::TRANSPOSE } else { 0 };
        let r = call(
            Routine::Ormqr,
            DType::F64,
            1,
            (cm.r as u64, cm.c as u64, k as u64),
            fl,
            &[
                Buf::F(vecs.clone()),
                Buf::F(tau.clone()),
                Buf::F(cm.d.clone()),
            ],
            1,
        );
        close(
            &M::new(cm.r, cm.c, r[0].f()),
            &want,
            1e-13,
            &format!("ormqr {left} {tr}"),
        );
    }
}

#[test]
fn geqp3_pivots_the_largest_column_first() {
    for dtype in BOTH {
        let (m, n) = (6, 5);
        let mut a = values(21, m * n);
        // Column 3 is much larger: it is chosen first.
        for i in 0..m {
            a[i * n + 3] *= 10.0;
        }
        let a = rounded(&a, dtype);
        let r = call(
            Routine::Geqp3,
            dtype,
            1,
            (m as u64, n as u64, 0),
            0,
            &[Buf::F(a.clone()), Buf::I(vec![0; n])],
            1,
        );
        let jpvt = r[1].i();
        assert_eq!(jpvt[0], 4);
        let mut sorted = jpvt.to_vec();
        sorted.sort();
        assert_eq!(sorted, [1, 2, 3, 4, 5]);
        let q = q_of(r[0].f(), r[2].f(), m, n, dtype);
        let qr = M::new(m, n, r[0].f());
        let rr = M::from_fn(n, n, |i, j| if i <= j { qr.at(i, j) } else { 0.0 });
        let ap = M::from_fn(m, n, |i, j| a[i * n + jpvt[j] as usize - 1]);
        close(&q.mul(&rr), &ap, tol(dtype, m), "Q R = A P");
        // |R| decreases along the diagonal.
        for i in 1..n {
            assert!(rr.at(i, i).abs() <= rr.at(i - 1, i - 1).abs() * (1.0 + 1e-6));
        }
    }
}

/// A symmetric positive definite matrix: `B B^T + n I`.
fn spd(seed: u64, n: usize) -> M {
    let b = M::new(n, n, &values(seed, n * n));
    let mut a = b.mul(&b.t());
    for i in 0..n {
        a.d[i * n + i] += n as f64;
    }
    a
}

#[test]
fn potrf_factors_either_triangle_and_keeps_the_other() {
    for dtype in BOTH {
        for n in [1, 4, 33] {
            let a = M::new(n, n, &rounded(&spd(n as u64, n).d, dtype));
            // Garbage in the triangle that is not read.
            for lower in [true, false] {
                let input = M::from_fn(n, n, |i, j| {
                    if (i > j && !lower) || (i < j && lower) {
                        7.5
                    } else {
                        a.at(i, j)
                    }
                });
                let r = call(
                    Routine::Potrf,
                    dtype,
                    1,
                    (n as u64, n as u64, 0),
                    if lower { flags::LOWER } else { 0 },
                    &[Buf::F(input.d.clone())],
                    1,
                );
                assert_eq!(r[1].i(), [0]);
                let out = M::new(n, n, r[0].f());
                let l = M::from_fn(n, n, |i, j| {
                    if lower && i >= j {
                        out.at(i, j)
                    } else if !lower && i >= j {
                        // L = U^T, U on and above the diagonal.
                        out.at(j, i)
                    } else {
                        0.0
                    }
                });
                close(&l.mul(&l.t()), &a, tol(dtype, n) * n as f64, "L L^T = A");
                for i in 0..n {
                    for j in 0..n {
                        if (i > j && !lower) || (i < j && lower) {
                            assert_eq!(out.at(i, j), 7.5, "untouched triangle");
                        }
                    }
                }
            }
        }
    }
    // Not positive definite at order 2.
    let r = call(
        Routine::Potrf,
        DType::F64,
        1,
        (2, 2, 0),
        flags::LOWER,
        &[Buf::F(vec![1.0, 2.0, 2.0, 1.0])],
        1,
    );
    assert_eq!(r[1].i(), [2]);
}

#[test]
fn syevd_diagonalizes_from_either_triangle() {
    for dtype in BOTH {
        for (n, batch) in [(1, 1), (5, 2), (40, 1)] {
            let mut data = Vec::new();
            let mut mats = Vec::new();
            for b in 0..batch {
                let x = M::new(n, n, &values((n * 3 + b) as u64, n * n));
                let s = M::from_fn(n, n, |i, j| x.at(i, j) + x.at(j, i));
                let s = M::new(n, n, &rounded(&s.d, dtype));
                data.extend_from_slice(&s.d);
                mats.push(s);
            }
            for lower in [true, false] {
                let r = call(
                    Routine::Syevd,
                    dtype,
                    batch as u64,
                    (n as u64, n as u64, 0),
                    flags::VECTORS | if lower { flags::LOWER } else { 0 },
                    &[Buf::F(data.clone())],
                    2,
                );
                for (b, s) in mats.iter().enumerate() {
                    let v = M::new(n, n, &r[0].f()[b * n * n..(b + 1) * n * n]);
                    let w = &r[1].f()[b * n..(b + 1) * n];
                    assert_eq!(r[2].i()[b], 0);
                    assert!(w.windows(2).all(|p| p[0] <= p[1]), "ascending {w:?}");
                    let vw = M::from_fn(n, n, |i, j| v.at(i, j) * w[j]);
                    let t = tol(dtype, n) * 4.0;
                    close(&s.mul(&v), &vw, t, "A V = V W");
                    close(&v.t().mul(&v), &M::eye(n), t, "V^T V = I");
                }
            }
        }
    }
}

#[test]
fn svd_reconstructs_thin_and_full() {
    for dtype in BOTH {
        for (m, n) in [(4, 4), (6, 3), (3, 7), (30, 20)] {
            let a = M::new(m, n, &rounded(&values((m * 5 + n) as u64, m * n), dtype));
            let k = m.min(n);
            for full in [true, false] {
                for routine in [Routine::Gesdd, Routine::Gesvd] {
                    let fl = flags::VECTORS | if full { flags::FULL } else { 0 };
                    let r = call(
                        routine,
                        dtype,
                        1,
                        (m as u64, n as u64, 0),
                        fl,
                        &[Buf::F(a.d.clone())],
                        1,
                    );
                    let s = r[1].f();
                    assert!(s.windows(2).all(|p| p[0] >= p[1]) && s[k - 1] >= 0.0);
                    let (uc, vr) = if full { (m, n) } else { (k, k) };
                    let u = M::new(m, uc, r[2].f());
                    let vt = M::new(vr, n, r[3].f());
                    let us = M::from_fn(m, k, |i, j| u.at(i, j) * s[j]);
                    let vtk = M::from_fn(k, n, |i, j| vt.at(i, j));
                    let t = tol(dtype, m.max(n)) * 4.0;
                    close(&us.mul(&vtk), &a, t, "U S V^T = A");
                    close(&u.t().mul(&u), &M::eye(uc), t, "U^T U = I");
                    close(&vt.mul(&vt.t()), &M::eye(vr), t, "V^T V = I");
                    assert_eq!(r[4].i(), [0]);
                }
            }
            // Values only: the same singular values, zero vectors.
            let r = call(
                Routine::Gesdd,
                dtype,
                1,
                (m as u64, n as u64, 0),
                0,
                &[Buf::F(a.d.clone())],
                1,
            );
            let full = call(
                Routine::Gesdd,
                dtype,
                1,
                (m as u64, n as u64, 0),
                flags::VECTORS,
                &[Buf::F(a.d.clone())],
                1,
            );
            close(
                &M::new(1, k, r[1].f()),
                &M::new(1, k, full[1].f()),
                tol(dtype, m.max(n)) * 4.0,
                "values only",
            );
            assert!(r[2].f().iter().all(|&x| x == 0.0));
        }
    }
}

/// `Q` of `gehrd`'s reflectors (vectors below the subdiagonal).
fn hessenberg_q(h: &M, tau: &[f64]) -> M {
    let n = h.r;
    let mut q = M::eye(n);
    // Q = H_0 H_1 ... H_{n-2}; apply right to left to the identity.
    for i in (0..tau.len()).rev() {
        let v: Vec<f64> = (0..n)
            .map(|r| match r.cmp(&(i + 1)) {
                std::cmp::Ordering::Less => 0.0,
                std::cmp::Ordering::Equal => 1.0,
                _ => h.at(r, i),
            })
            .collect();
        for c in 0..n {
            let dot: f64 = (0..n).map(|r| v[r] * q.at(r, c)).sum();
            for (r, &vr) in v.iter().enumerate().take(n) {
                q.d[r * n + c] -= tau[i] * vr * dot;
            }
        }
    }
    q
}

#[test]
fn gehrd_reduces_to_hessenberg_form() {
    for dtype in BOTH {
        for n in [1, 2, 5, 30] {
            let a = M::new(n, n, &rounded(&values(n as u64 + 40, n * n), dtype));
            let r = call(
                Routine::Gehrd,
                dtype,
                1,
                (n as u64, n as u64, 0),
                0,
                &[Buf::F(a.d.clone())],
                1,
            );
            let out = M::new(n, n, r[0].f());
            let hmat = M::from_fn(n, n, |i, j| if i <= j + 1 { out.at(i, j) } else { 0.0 });
            let q = hessenberg_q(&out, r[1].f());
            close(
                &q.mul(&hmat).mul(&q.t()),
                &a,
                tol(dtype, n) * 4.0,
                "Q H Q^T = A",
            );
            assert_eq!(r[2].i(), [0]);
        }
    }
}

#[test]
fn sytrd_reduces_either_triangle() {
    for dtype in BOTH {
        for n in [1, 2, 6, 25] {
            let x = M::new(n, n, &values(n as u64 + 60, n * n));
            let s = M::from_fn(n, n, |i, j| x.at(i, j) + x.at(j, i));
            let s = M::new(n, n, &rounded(&s.d, dtype));
            for lower in [true, false] {
                let r = call(
                    Routine::Sytrd,
                    dtype,
                    1,
                    (n as u64, n as u64, 0),
                    if lower { flags::LOWER } else { 0 },
                    &[Buf::F(s.d.clone())],
                    1,
                );
                let out = M::new(n, n, r[0].f());
                let (d, e, tau) = (r[1].f(), r[2].f(), r[3].f());
                let t = M::from_fn(n, n, |i, j| {
                    if i == j {
                        d[i]
                    } else if i == j + 1 {
                        e[j]
                    } else if j == i + 1 {
                        e[i]
                    } else {
                        0.0
                    }
                });
                // Q from the stored reflectors: lower, H_0 ... H_{n-2} with vectors below
                // the subdiagonal; upper, H_{n-2} ... H_0 with vectors above the
                // superdiagonal.
                let q = if lower {
                    hessenberg_q(&out, tau)
                } else {
                    let rev = |i: usize| n - 1 - i;
                    let flipped = M::from_fn(n, n, |i, j| out.at(rev(i), rev(j)));
                    let tr: Vec<f64> = tau.iter().rev().copied().collect();
                    let q = hessenberg_q(&flipped, &tr);
                    M::from_fn(n, n, |i, j| q.at(rev(i), rev(j)))
                };
                let tt = M::from_fn(n, n, |i, j| t.at(i, j));
                close(
                    &q.mul(&tt).mul(&q.t()),
                    &s,
                    tol(dtype, n) * 4.0,
                    "Q T Q^T = A",
                );
                assert_eq!(r[4].i(), [0]);
            }
        }
    }
}

#[test]
fn gees_gives_a_standardized_real_schur_form() {
    // A rotation by 90 degrees: eigenvalues +-i, already in standard form.
    let r = call(
        Routine::Gees,
        DType::F64,
        1,
        (2, 2, 0),
        flags::VECTORS,
        &[Buf::F(vec![0.0, -1.0, 1.0, 0.0])],
        1,
    );
    assert_eq!(r[2].f(), [0.0, 0.0]);
    assert_eq!(r[3].f(), [1.0, -1.0]);
    for dtype in BOTH {
        for n in [1, 3, 8, 40] {
            let a = M::new(n, n, &rounded(&values(n as u64 + 90, n * n), dtype));
            let r = call(
                Routine::Gees,
                dtype,
                1,
                (n as u64, n as u64, 0),
                flags::VECTORS,
                &[Buf::F(a.d.clone())],
                1,
            );
            assert_eq!(r[5].i(), [0]);
            let t = M::new(n, n, r[0].f());
            let z = M::new(n, n, r[1].f());
            let (wr, wi) = (r[2].f(), r[3].f());
            let tl = tol(dtype, n) * 10.0;
            close(&z.mul(&t).mul(&z.t()), &a, tl, "Z T Z^T = A");
            close(&z.t().mul(&z), &M::eye(n), tl, "Z^T Z = I");
            let mut i = 0;
            while i < n {
                for r in i + 2..n {
                    assert_eq!(t.at(r, i), 0.0);
                }
                if i + 1 < n && t.at(i + 1, i) != 0.0 {
                    // A 2x2 block: equal diagonal, off-diagonals of opposite signs, the
                    // eigenvalues a +- sqrt(|bc|) i.
                    let (a2, b, c, d) = (
                        t.at(i, i),
                        t.at(i, i + 1),
                        t.at(i + 1, i),
                        t.at(i + 1, i + 1),
                    );
                    assert_eq!(a2, d);
                    assert!(b * c < 0.0);
                    assert_eq!((wr[i], wr[i + 1]), (a2, a2));
                    assert!((wi[i] - (b.abs().sqrt() * c.abs().sqrt())).abs() <= tl);
                    assert_eq!(wi[i + 1], -wi[i]);
                    if i + 2 < n {
                        assert_eq!(t.at(i + 2, i + 1), 0.0);
                    }
                    i += 2;
                } else {
                    assert_eq!((wr[i], wi[i]), (t.at(i, i), 0.0));
                    i += 1;
                }
            }
            // Without vectors: the same eigenvalues.
            let r2 = call(
                Routine::Gees,
                dtype,
                1,
                (n as u64, n as u64, 0),
                0,
                &[Buf::F(a.d.clone())],
                1,
            );
            assert_eq!(r2[2].f(), wr);
            assert!(r2[1].f().iter().all(|&x| x == 0.0));
        }
    }
}

#[test]
fn trsm_solves_every_variant() {
    for dtype in BOTH {
        let (m, n) = (5, 3);
        for left in [true, false] {
            for lower in [true, false] {
                for tr in [true, false] {
                    for unit in [true, false] {
                        let k = if left { m } else { n };
                        // A well-conditioned triangle, garbage in the other one.
                        let raw = values(k as u64 + 3, k * k);
                        let a = M::from_fn(k, k, |i, j| {
                            let inside = if lower { i >= j } else { i <= j };
                            if !inside {
                                99.0
                            } else if i == j {
                                if unit { 123.0 } else { 2.0 + raw[i * k + j] }
                            } else {
                                raw[i * k + j] * 0.5
                            }
                        });
                        let a = M::new(k, k, &rounded(&a.d, dtype));
                        let b = M::new(m, n, &rounded(&values(5, m * n), dtype));
                        let fl = [
                            (left, flags::LEFT),
                            (lower, flags::LOWER),
                            (tr, flags::TRANSPOSE),
                            (unit, flags::UNIT_DIAGONAL),
                        ]
                        .iter()
                        .filter(|p| p.0)
                        .fold(0, |f, p| f | p.1);
                        let r = call(
                            Routine::Trsm,
                            dtype,
                            1,
                            (m as u64, n as u64, k as u64),
                            fl,
                            &[Buf::F(a.d.clone()), Buf::F(b.d.clone())],
                            1,
                        );
                        let x = M::new(m, n, r[0].f());
                        // The matrix the solve used: the triangle, unit diagonal if asked.
                        let tri = M::from_fn(k, k, |i, j| {
                            let inside = if lower { i >= j } else { i <= j };
                            if i == j && unit {
                                1.0
                            } else if inside {
                                a.at(i, j)
                            } else {
                                0.0
                            }
                        });
                        let op = if tr { tri.t() } else { tri };
                        let got = if left { op.mul(&x) } else { x.mul(&op) };
                        close(
                            &got,
                            &b,
                            tol(dtype, k) * 10.0,
                            &format!("trsm {left} {lower} {tr} {unit}"),
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn gtsv_solves_tridiagonal_systems_with_pivoting() {
    for dtype in BOTH {
        let (m, nrhs) = (7, 2);
        let v = values(77, 3 * m);
        // A small diagonal forces row interchanges.
        let d: Vec<f64> = (0..m)
            .map(|i| if i % 3 == 0 { 0.01 } else { 2.0 + v[i] })
            .collect();
        let dl: Vec<f64> = (0..m)
            .map(|i| if i == 0 { 0.0 } else { v[m + i] })
            .collect();
        let du: Vec<f64> = (0..m)
            .map(|i| if i == m - 1 { 0.0 } else { v[2 * m + i] })
            .collect();
        let (d, dl, du) = (rounded(&d, dtype), rounded(&dl, dtype), rounded(&du, dtype));
        let b = M::new(m, nrhs, &rounded(&values(78, m * nrhs), dtype));
        let r = call(
            Routine::Gtsv,
            dtype,
            1,
            (m as u64, nrhs as u64, 0),
            0,
            &[
                Buf::F(dl.clone()),
                Buf::F(d.clone()),
                Buf::F(du.clone()),
                Buf::F(b.d.clone()),
            ],
            1,
        );
        assert_eq!(r[4].i(), [0]);
        let a = M::from_fn(m, m, |i, j| {
            if i == j {
                d[i]
            } else if i == j + 1 {
                dl[i]
            } else if j == i + 1 {
                du[i]
            } else {
                0.0
            }
        });
        let x = M::new(m, nrhs, r[3].f());
        close(&a.mul(&x), &b, tol(dtype, m) * 100.0, "A X = B");
    }
    // An exactly singular system reports its zero pivot.
    let r = call(
        Routine::Gtsv,
        DType::F64,
        1,
        (2, 1, 0),
        0,
        &[
            Buf::F(vec![0.0, 0.0]),
            Buf::F(vec![0.0, 1.0]),
            Buf::F(vec![0.0, 0.0]),
            Buf::F(vec![1.0, 1.0]),
        ],
        1,
    );
    assert_eq!(r[4].i(), [1]);
}

#[test]
fn empty_batches_and_zero_sized_matrices_are_fine() {
    let r = call(
        Routine::Getrf,
        DType::F64,
        0,
        (3, 3, 0),
        0,
        &[Buf::F(vec![])],
        1,
    );
    assert!(r[0].f().is_empty());
    let r = call(
        Routine::Geqrf,
        DType::F32,
        2,
        (0, 3, 0),
        0,
        &[Buf::F(vec![])],
        1,
    );
    assert!(r[1].f().is_empty());
    let r = call(
        Routine::Syevd,
        DType::F64,
        1,
        (0, 0, 0),
        flags::VECTORS,
        &[Buf::F(vec![])],
        1,
    );
    assert_eq!(r[2].i(), [0]);
}
