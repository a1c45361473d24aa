//! Symmetric eigendecomposition (`syevd`) and the reductions behind eigensolvers:
//! Hessenberg (`gehrd`) and symmetric tridiagonal (`sytrd`).

use super::{Job, Real, scratch, with_stack};
use faer::linalg::evd::hessenberg::{hessenberg_in_place, hessenberg_in_place_scratch};
use faer::linalg::evd::tridiag::{tridiag_in_place, tridiag_in_place_scratch};
use faer::linalg::evd::{ComputeEigenvectors, self_adjoint_evd, self_adjoint_evd_scratch};
use faer::linalg::qr::no_pivoting::factor::recommended_block_size;
use faer::traits::ComplexField;
use faer::{Col, Mat, MatRef, Par};

/// The symmetric matrix whose `lower` (else upper) triangle `a` holds, both triangles
/// filled: LAPACK reads only that triangle.
fn symmetric<T: Real>(a: MatRef<'_, T>, lower: bool) -> Mat<T> {
    let n = a.nrows();
    Mat::from_fn(n, n, |i, j| {
        let (r, c) = if (i >= j) == lower { (i, j) } else { (j, i) };
        a[(r, c)]
    })
}

/// `(a) -> (v, w, info)`: eigenvalues ascending, eigenvectors in `v`'s columns. Without
/// `vectors` (LAPACK's `jobz = 'N'`, which JAX never asks for) `v` holds the input.
pub(super) fn syevd<T: Real>(job: &mut Job<'_, T>, n: usize, lower: bool, vectors: bool) {
    let input = job.op_mat(0, n, n);
    if n == 0 {
        job.put_i32(2, 0);
        return;
    }
    let a = symmetric(input.as_ref(), lower);
    let (ok, w, v) = self_adjoint(a.as_ref(), vectors);
    job.put_mat(0, if vectors { v.as_ref() } else { input.as_ref() });
    for (o, i) in job.res(1).iter_mut().zip(0..n) {
        *o = w[i];
    }
    job.put_i32(2, if ok { 0 } else { 1 });
}

/// faer's eigendecomposition of the self-adjoint (symmetric or Hermitian) `n x n` matrix
/// `a`, both triangles filled: whether it converged, the eigenvalues ascending (real
/// values), and the eigenvectors in the columns of `V` (zero without `vectors`).
pub(super) fn self_adjoint<T: ComplexField>(
    a: MatRef<'_, T>,
    vectors: bool,
) -> (bool, Col<T>, Mat<T>) {
    let n = a.nrows();
    let mut w = Col::<T>::zeros(n);
    let mut v = Mat::<T>::zeros(n, n);
    let compute = if vectors {
        ComputeEigenvectors::Yes
    } else {
        ComputeEigenvectors::No
    };
    let mut buf = scratch(self_adjoint_evd_scratch::<T>(
        n,
        compute,
        Par::Seq,
        Default::default(),
    ));
    let ok = with_stack(&mut buf, |stack| {
        self_adjoint_evd(
            a,
            w.as_diagonal_mut(),
            vectors.then_some(v.as_mut()),
            Par::Seq,
            stack,
            Default::default(),
        )
    })
    .is_ok();
    (ok, w, v)
}

/// faer's reflector coefficient `t` of reflector `i` in block factors of `bs` rows.
fn t_of<T: Real>(factor: &Mat<T>, i: usize) -> T {
    factor[(i % factor.nrows(), i)]
}

/// `(a) -> (h, tau, info)`: `A = Q H Q^T`, H upper Hessenberg on and above the
/// subdiagonal, reflector `i`'s vector below `a[i + 1, i]` (LAPACK's `dgehrd` with `ilo =
/// 1`, `ihi = n`).
pub(super) fn gehrd<T: Real>(job: &mut Job<'_, T>, n: usize) {
    let mut a = job.op_mat(0, n, n);
    if n > 1 {
        let bs = recommended_block_size::<T>(n - 1, n - 1).max(1);
        let mut factor = Mat::<T>::zeros(bs, n - 1);
        let mut buf = scratch(hessenberg_in_place_scratch::<T>(
            n,
            bs,
            Par::Seq,
            Default::default(),
        ));
        with_stack(&mut buf, |stack| {
            hessenberg_in_place(
                a.as_mut(),
                factor.as_mut(),
                Par::Seq,
                stack,
                Default::default(),
            )
        });
        for (i, tau) in job.res(1).iter_mut().enumerate() {
            *tau = T::ONE / t_of(&factor, i);
        }
    }
    job.put_mat(0, a.as_ref());
    job.put_i32(2, 0);
}

/// `(a) -> (a_out, d, e, tau, info)`: `A = Q T Q^T` with `T` tridiagonal (`d` its
/// diagonal, `e` its off-diagonal) from the `lower` or upper triangle, as LAPACK's
/// `dsytrd` stores it: with `lower`, reflector `i`'s vector below `a[i + 1, i]`; else
/// `Q = H_{n-1} ... H_1` with reflector `i`'s vector above `a[i, i + 1]`.
pub(super) fn sytrd<T: Real>(job: &mut Job<'_, T>, n: usize, lower: bool) {
    let input = job.op_mat(0, n, n);
    // faer reduces the lower triangle from the top. LAPACK's upper variant is the same
    // reduction of the matrix with rows and columns reversed (its upper triangle read
    // backwards is that matrix's lower triangle): reflectors, `d`, `e` and `tau` come
    // out reversed.
    let mut a = Mat::<T>::zeros(n, n);
    a.copy_from(if lower {
        input.as_ref()
    } else {
        input.as_ref().reverse_rows_and_cols()
    });
    let mut taus = Vec::new();
    if n > 1 {
        let bs = recommended_block_size::<T>(n - 1, n - 1).max(1);
        let mut factor = Mat::<T>::zeros(bs, n - 1);
        let mut buf = scratch(tridiag_in_place_scratch::<T>(
            n,
            Par::Seq,
            Default::default(),
        ));
        with_stack(&mut buf, |stack| {
            tridiag_in_place(
                a.as_mut(),
                factor.as_mut(),
                Par::Seq,
                stack,
                Default::default(),
            )
        });
        taus = (0..n - 1).map(|i| T::ONE / t_of(&factor, i)).collect();
    }
    let d: Vec<T> = (0..n).map(|i| a[(i, i)]).collect();
    let e: Vec<T> = (1..n).map(|i| a[(i, i - 1)]).collect();
    // The triangle not referenced keeps the input's values.
    let mut out = input.clone();
    let rev = |i: usize| n - 1 - i;
    for j in 0..n {
        for i in j..n {
            if lower {
                out[(i, j)] = a[(i, j)];
            } else {
                out[(rev(i), rev(j))] = a[(i, j)];
            }
        }
    }
    job.put_mat(0, out.as_ref());
    let order = |v: &mut [T]| {
        if !lower {
            v.reverse()
        }
    };
    let dr = job.res(1);
    dr.copy_from_slice(&d);
    order(dr);
    let er = job.res(2);
    er.copy_from_slice(&e);
    order(er);
    let tr = job.res(3);
    tr.copy_from_slice(&taus);
    order(tr);
    job.put_i32(4, 0);
}
