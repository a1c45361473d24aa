//! `potrf`: Cholesky factorization of one triangle, of real or complex matrices.

use super::{Job, scratch, with_stack};
use faer::linalg::cholesky::llt::factor::{
    LltError, LltRegularization, cholesky_in_place, cholesky_in_place_scratch,
};
use faer::traits::ComplexField;
use faer::traits::math_utils::conj;
use faer::{Mat, Par};

/// `(a) -> (factor, info)`: with `lower`, `L` with `A = L L^H` from the lower triangle;
/// else `U` with `A = U^H U` from the upper one (`^H` is `^T` for real matrices). The
/// other triangle keeps the input's values, as LAPACK leaves it.
pub(super) fn potrf<T: ComplexField + Copy>(job: &mut Job<'_, T>, n: usize, lower: bool) {
    let input = job.op_mat(0, n, n);
    // faer factors the lower triangle; the upper triangle of A is the lower one of A^H.
    let mut a = Mat::<T>::from_fn(n, n, |i, j| {
        if lower {
            input[(i, j)]
        } else {
            conj(&input[(j, i)])
        }
    });
    let mut buf = scratch(cholesky_in_place_scratch::<T>(
        n,
        Par::Seq,
        Default::default(),
    ));
    let result = with_stack(&mut buf, |stack| {
        cholesky_in_place(
            a.as_mut(),
            LltRegularization::default(),
            Par::Seq,
            stack,
            Default::default(),
        )
    });
    let info = match result {
        Ok(_) => 0,
        Err(LltError::NonPositivePivot { index }) => index as i32 + 1,
    };
    let mut out = input;
    for j in 0..n {
        for i in j..n {
            if lower {
                out[(i, j)] = a[(i, j)];
            } else {
                out[(j, i)] = conj(&a[(i, j)]);
            }
        }
    }
    job.put_mat(0, out.as_ref());
    job.put_i32(1, info);
}
