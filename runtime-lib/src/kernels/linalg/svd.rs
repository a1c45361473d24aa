//! `gesdd` / `gesvd`: singular value decomposition.

use super::{Job, Real, scratch, with_stack};
use faer::linalg::svd::{ComputeSvdVectors, svd, svd_scratch};
use faer::traits::ComplexField;
use faer::{Col, Mat, MatRef, Par};

/// `(a) -> (a_out, s, u, vt, info)`: `A = U diag(s) V^T`, `s` descending; `u` is `m x m`
/// and `vt` `n x n` with `full`, else `m x min(m, n)` and `min(m, n) x n`. Without
/// `vectors` `u` and `vt` are zero. `a_out` holds the input (LAPACK leaves its own
/// scratch there; JAX does not read it).
pub(super) fn gesdd<T: Real>(job: &mut Job<'_, T>, m: usize, n: usize, vectors: bool, full: bool) {
    let a = job.op_mat(0, m, n);
    let (ok, s, u, v) = factor(a.as_ref(), vectors, full);
    job.put_mat(0, a.as_ref());
    for (o, i) in job.res(1).iter_mut().zip(0..s.nrows()) {
        *o = s[i];
    }
    job.put_mat(2, u.as_ref());
    job.put_mat(3, v.as_ref().transpose());
    job.put_i32(4, if ok { 0 } else { 1 });
}

/// faer's SVD of the `m x n` matrix `a`, real or complex: whether it converged, then `s`
/// (descending, real values), `U` (`m x m` with `full`, else `m x min(m, n)`) and `V` (`n
/// x n` or `n x min(m, n)`), with `A = U diag(s) V^H`; without `vectors` `U` and `V` are
/// zero.
pub(super) fn factor<T: ComplexField>(
    a: MatRef<'_, T>,
    vectors: bool,
    full: bool,
) -> (bool, Col<T>, Mat<T>, Mat<T>) {
    let (m, n) = (a.nrows(), a.ncols());
    let k = m.min(n);
    let kind = match (vectors, full) {
        (false, _) => ComputeSvdVectors::No,
        (true, true) => ComputeSvdVectors::Full,
        (true, false) => ComputeSvdVectors::Thin,
    };
    let (uc, vc) = if full { (m, n) } else { (k, k) };
    let mut s = Col::<T>::zeros(k);
    let mut u = Mat::<T>::zeros(m, uc);
    let mut v = Mat::<T>::zeros(n, vc);
    let mut buf = scratch(svd_scratch::<T>(
        m,
        n,
        kind,
        kind,
        Par::Seq,
        Default::default(),
    ));
    let ok = with_stack(&mut buf, |stack| {
        svd(
            a,
            s.as_diagonal_mut(),
            vectors.then_some(u.as_mut()),
            vectors.then_some(v.as_mut()),
            Par::Seq,
            stack,
            Default::default(),
        )
    })
    .is_ok();
    (ok, s, u, v)
}
