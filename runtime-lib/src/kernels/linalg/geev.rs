//! `geev`: eigenvalues and left/right eigenvectors of a general matrix, on faer's
//! Hessenberg reduction, Schur QR iteration and triangular eigenvector solve.
//!
//! LAPACK returns eigenvectors normalized as `dgeev`/`zgeev` do: Euclidean norm 1 and the
//! component of largest modulus real (for a real matrix, complex conjugate pairs of
//! eigenvalues have conjugate eigenvectors, stored as `re +- i im` of two columns, which
//! JAX's handler expands to complex columns as done here). The phase of an eigenvector is
//! otherwise free: a real eigenvector's sign may differ from LAPACK's.

use super::{Job, scratch, with_stack};
use faer::c64;
use faer::linalg::evd::{ComputeEigenvectors, evd_cplx, evd_real, evd_scratch};
use faer::{Col, Mat, MatMut, Par};

fn compute(yes: bool) -> ComputeEigenvectors {
    if yes {
        ComputeEigenvectors::Yes
    } else {
        ComputeEigenvectors::No
    }
}

/// Scales each column to norm 1, its largest component real: LAPACK's normalization.
/// `real` columns (real eigenvectors of a real matrix) only get their norm scaled.
fn normalize(mut v: MatMut<'_, c64>, real: &[bool]) {
    let n = v.nrows();
    for j in 0..v.ncols() {
        let mut norm = 0.0f64;
        for i in 0..n {
            norm = norm.hypot(v[(i, j)].norm());
        }
        if norm == 0.0 {
            continue;
        }
        let mut scale = c64::new(1.0 / norm, 0.0);
        let mut big = 0;
        if !real[j] {
            for i in 1..n {
                if v[(i, j)].norm_sqr() > v[(big, j)].norm_sqr() {
                    big = i;
                }
            }
            let b = v[(big, j)];
            scale *= b.conj() / b.norm();
        }
        for i in 0..n {
            v[(i, j)] *= scale;
        }
        if !real[j] {
            v[(big, j)].im = 0.0;
        }
    }
}

/// `(a) -> (wr, wi, vl, vr, info)` of a real matrix.
pub(super) fn geev_real(job: &mut Job<'_, f64>, n: usize, left: bool, right: bool) {
    let a = job.op_mat(0, n, n);
    let mut wr = Col::<f64>::zeros(n);
    let mut wi = Col::<f64>::zeros(n);
    let mut ul = Mat::<f64>::zeros(n, n);
    let mut ur = Mat::<f64>::zeros(n, n);
    let mut buf = scratch(evd_scratch::<f64>(
        n,
        compute(left),
        compute(right),
        Par::Seq,
        Default::default(),
    ));
    let ok = with_stack(&mut buf, |stack| {
        evd_real(
            a.as_ref(),
            wr.as_diagonal_mut(),
            wi.as_diagonal_mut(),
            left.then_some(ul.as_mut()),
            right.then_some(ur.as_mut()),
            Par::Seq,
            stack,
            Default::default(),
        )
    })
    .is_ok();
    for (slot, w) in [(0, &wr), (1, &wi)] {
        for (o, i) in job.res(slot).iter_mut().zip(0..n) {
            *o = w[i];
        }
    }
    let real: Vec<bool> = (0..n).map(|j| wi[j] == 0.0).collect();
    for (slot, u, wanted) in [(2, &ul, left), (3, &ur, right)] {
        let mut v = Mat::<c64>::zeros(n, n);
        if wanted && ok {
            // A pair (j, j + 1) is stored as the real and imaginary parts of column j's
            // vector; column j + 1's is its conjugate.
            let mut j = 0;
            while j < n {
                if real[j] || j + 1 == n {
                    for i in 0..n {
                        v[(i, j)] = c64::new(u[(i, j)], 0.0);
                    }
                    j += 1;
                } else {
                    for i in 0..n {
                        v[(i, j)] = c64::new(u[(i, j)], u[(i, j + 1)]);
                        v[(i, j + 1)] = c64::new(u[(i, j)], -u[(i, j + 1)]);
                    }
                    j += 2;
                }
            }
            normalize(v.as_mut(), &real);
        }
        job.put_cmat(slot, v.as_ref());
    }
    job.put_i32(4, if ok { 0 } else { 1 });
}

/// `(a) -> (w, vl, vr, info)` of a complex matrix.
pub(super) fn geev_complex(job: &mut Job<'_, c64>, n: usize, left: bool, right: bool) {
    let a = job.op_mat(0, n, n);
    let mut w = Col::<c64>::zeros(n);
    let mut ul = Mat::<c64>::zeros(n, n);
    let mut ur = Mat::<c64>::zeros(n, n);
    let mut buf = scratch(evd_scratch::<c64>(
        n,
        compute(left),
        compute(right),
        Par::Seq,
        Default::default(),
    ));
    let ok = with_stack(&mut buf, |stack| {
        evd_cplx(
            a.as_ref(),
            w.as_diagonal_mut(),
            left.then_some(ul.as_mut()),
            right.then_some(ur.as_mut()),
            Par::Seq,
            stack,
            Default::default(),
        )
    })
    .is_ok();
    for (o, i) in job.res(0).iter_mut().zip(0..n) {
        *o = w[i];
    }
    let real = vec![false; n];
    for (slot, mut u, wanted) in [(1, ul, left), (2, ur, right)] {
        if wanted && ok {
            normalize(u.as_mut(), &real);
        } else {
            u.fill(c64::new(0.0, 0.0));
        }
        job.put_mat(slot, u.as_ref());
    }
    job.put_i32(3, if ok { 0 } else { 1 });
}
