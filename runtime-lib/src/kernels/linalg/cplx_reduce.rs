//! The Householder routines on complex matrices beyond QR: `gehrd`, `hetrd`, `geqp3`,
//! `unmqr`, as LAPACK's unblocked `zgehd2`, `zhetd2`, `zlaqp2` and `zunm2r`.
//!
//! Their reflectors follow `zlarfg` (`beta` real, so Hessenberg subdiagonals, tridiagonal
//! off-diagonals and `R`'s diagonal come out real, and `tau` is complex), which faer's
//! complex reflectors do not (they keep the head's phase); so these are written out
//! over [`super::cplx::larfg`] rather than built on faer's blocked reductions as the real
//! routines are. JAX hands the reflectors and `tau`s to `ungqr`/`unmqr`, which read them
//! LAPACK's way.

use super::Job;
use super::cplx::larfg;
use super::qr::{fixed_columns_first, pivot_and_reflect};
use faer::c64;
use faer::{Mat, MatMut};

const ZERO: c64 = c64 { re: 0.0, im: 0.0 };
const ONE: c64 = c64 { re: 1.0, im: 0.0 };

/// The reflector stored at `a[r.., c]` as LAPACK keeps it: `(1, a[r+1.., c])`.
fn vector(a: &Mat<c64>, r: usize, c: usize) -> Vec<c64> {
    std::iter::once(ONE)
        .chain((r + 1..a.nrows()).map(|i| a[(i, c)]))
        .collect()
}

/// `C[r.., cols] = (I - tau v v^H) C[r.., cols]`, `v` covering rows `r..r + v.len()`.
fn reflect_left(
    mut c: MatMut<'_, c64>,
    r: usize,
    v: &[c64],
    tau: c64,
    cols: std::ops::Range<usize>,
) {
    if tau == ZERO {
        return;
    }
    for j in cols {
        let w: c64 = v
            .iter()
            .enumerate()
            .map(|(i, x)| x.conj() * c[(r + i, j)])
            .sum();
        let k = tau * w;
        for (i, x) in v.iter().enumerate() {
            c[(r + i, j)] -= x * k;
        }
    }
}

/// `C[rows, r..] = C[rows, r..] (I - tau v v^H)`, `v` covering columns `r..r + v.len()`:
/// transposed, `C^T = (I - tau conj(v) conj(v)^H) C^T`, the left reflection (the same
/// products and sums, so the same bits).
fn reflect_right(c: MatMut<'_, c64>, r: usize, v: &[c64], tau: c64, rows: std::ops::Range<usize>) {
    let conj: Vec<c64> = v.iter().map(|x| x.conj()).collect();
    reflect_left(c.transpose_mut(), r, &conj, tau, rows);
}

/// `(a) -> (h, tau, info)`: `A = Q H Q^H`, `Q = H_1 ... H_{n-1}`, reflector `i`'s vector
/// below `h[i + 1, i]`, the subdiagonal real (LAPACK's `zgehd2`, `ilo = 1`, `ihi = n`).
pub(super) fn gehrd(job: &mut Job<'_, c64>, n: usize) {
    let mut a = job.op_mat(0, n, n);
    let mut taus = vec![ZERO; n.saturating_sub(1)];
    for (i, tau) in taus.iter_mut().enumerate() {
        *tau = larfg(a.as_mut(), i + 1, i);
        let v = vector(&a, i + 1, i);
        reflect_right(a.as_mut(), i + 1, &v, *tau, 0..n);
        reflect_left(a.as_mut(), i + 1, &v, tau.conj(), i + 1..n);
    }
    job.put_mat(0, a.as_ref());
    job.res(1).copy_from_slice(&taus);
    job.put_i32(2, 0);
}

/// `(a) -> (a_out, d, e, tau, info)`: `A = Q T Q^H` with `T` real symmetric tridiagonal
/// (`d` its diagonal, `e` its off-diagonal) from the Hermitian matrix of `a`'s `lower`
/// (else upper) triangle, stored as LAPACK's `zhetd2` stores it (see the real `sytrd`).
pub(super) fn hetrd(job: &mut Job<'_, c64>, n: usize, lower: bool) {
    let input = job.op_mat(0, n, n);
    // The upper variant is the lower one of the matrix with rows and columns reversed,
    // as in the real `sytrd`.
    let src = if lower {
        input.as_ref()
    } else {
        input.as_ref().reverse_rows_and_cols()
    };
    // Both triangles of the Hermitian matrix (the diagonal's imaginary parts ignored, as
    // LAPACK does).
    let mut a = Mat::<c64>::from_fn(n, n, |i, j| match i.cmp(&j) {
        std::cmp::Ordering::Equal => c64::new(src[(i, i)].re, 0.0),
        std::cmp::Ordering::Greater => src[(i, j)],
        std::cmp::Ordering::Less => src[(j, i)].conj(),
    });
    let n1 = n.saturating_sub(1);
    let mut taus = vec![ZERO; n1];
    for (i, tau) in taus.iter_mut().enumerate() {
        *tau = larfg(a.as_mut(), i + 1, i);
        if *tau != ZERO {
            // A[i+1.., i+1..] -= v w^H + w v^H with x = tau A v, w = x - tau/2 (x^H v) v.
            let v = vector(&a, i + 1, i);
            let r = i + 1;
            let x: Vec<c64> = (0..v.len())
                .map(|p| *tau * (0..v.len()).map(|q| a[(r + p, r + q)] * v[q]).sum::<c64>())
                .collect();
            let xv: c64 = x.iter().zip(&v).map(|(x, v)| x.conj() * v).sum();
            let alpha = -(*tau * xv) * 0.5;
            let w: Vec<c64> = x.iter().zip(&v).map(|(x, v)| x + alpha * v).collect();
            for p in 0..v.len() {
                for q in 0..v.len() {
                    let d = v[p] * w[q].conj() + w[p] * v[q].conj();
                    a[(r + p, r + q)] -= d;
                }
                a[(r + p, r + p)].im = 0.0;
            }
        }
    }
    let d: Vec<f64> = (0..n).map(|i| a[(i, i)].re).collect();
    let e: Vec<f64> = (1..n).map(|i| a[(i, i - 1)].re).collect();
    // The triangle not referenced keeps the input's values.
    let mut out = input.clone();
    let rev = |i: usize| n - 1 - i;
    for j in 0..n {
        for i in j..n {
            let (r, c) = if lower { (i, j) } else { (rev(i), rev(j)) };
            out[(r, c)] = a[(i, j)];
        }
    }
    job.put_mat(0, out.as_ref());
    fn order<T>(mut v: Vec<T>, lower: bool) -> Vec<T> {
        if !lower {
            v.reverse()
        }
        v
    }
    job.res_f64(1).copy_from_slice(&order(d, lower));
    job.res_f64(2).copy_from_slice(&order(e, lower));
    job.res(3).copy_from_slice(&order(taus, lower));
    job.put_i32(4, 0);
}

/// `(a, jpvt) -> (qr, jpvt, tau)`: LAPACK's `zgeqp3` with `zlaqp2`'s column choice, as the
/// real `geqp3` (fixed columns first and unpivoted; then the largest remaining partial
/// norm, first on ties, norms downdated and recomputed as LAPACK does); `R`'s diagonal
/// is real.
pub(super) fn geqp3(job: &mut Job<'_, c64>, m: usize, n: usize) {
    let mut a = job.op_mat(0, m, n);
    let k = m.min(n);
    let (mut jpvt, nfixed) = fixed_columns_first(a.as_mut(), job.op_i32(1));
    let mut taus = vec![ZERO; k];
    // Reflects column i and applies H_i^H to the columns after it.
    let step = |a: &mut Mat<c64>, i: usize| -> c64 {
        let tau = larfg(a.as_mut(), i, i);
        let v = vector(a, i, i);
        reflect_left(a.as_mut(), i, &v, tau.conj(), i + 1..n);
        tau
    };
    let nf = nfixed.min(k);
    for (i, tau) in taus.iter_mut().enumerate().take(nf) {
        *tau = step(&mut a, i);
    }
    pivot_and_reflect(&mut a, &mut jpvt, nf, &mut taus, |x| x.norm(), step);
    job.put_mat(0, a.as_ref());
    for (o, j) in job.res_i32(1).iter_mut().zip(jpvt) {
        *o = j as i32 + 1;
    }
    job.res(2).copy_from_slice(&taus);
}

/// `(a, tau, c) -> (c)`: `Q C`, `Q^H C`, `C Q` or `C Q^H` with `Q = H_1 ... H_t`, the
/// reflectors in `a`'s first `t` columns (LAPACK's `zunm2r`; JAX's `transpose` is the
/// conjugate transpose on complex matrices).
pub(super) fn unmqr(
    job: &mut Job<'_, c64>,
    m: usize,
    n: usize,
    k: usize,
    left: bool,
    transpose: bool,
) {
    let r = if left { m } else { n };
    let a = job.op_mat(0, r, k);
    let tau = job.op(1);
    let mut c = job.op_mat(2, m, n);
    // Q C and C Q^H apply H_t first; Q^H C and C Q apply H_1 first.
    let order: Vec<usize> = if left != transpose {
        (0..tau.len()).rev().collect()
    } else {
        (0..tau.len()).collect()
    };
    for i in order {
        let v = vector(&a, i, i);
        let t = if transpose { tau[i].conj() } else { tau[i] };
        if left {
            reflect_left(c.as_mut(), i, &v, t, 0..n);
        } else {
            reflect_right(c.as_mut(), i, &v, t, 0..m);
        }
    }
    job.put_mat(0, c.as_ref());
}
