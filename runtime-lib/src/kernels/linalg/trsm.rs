//! `trsm`: triangular solves with one or many right-hand sides.

use super::{Job, Real};
use faer::linalg::triangular_solve::{
    solve_lower_triangular_in_place, solve_unit_lower_triangular_in_place,
    solve_unit_upper_triangular_in_place, solve_upper_triangular_in_place,
};
use faer::{MatMut, MatRef, Par};

/// `(a, b) -> (x)`: `op(A) X = B` (`left`) or `X op(A) = B`, `op(A)` = `A` or `A^T`, `A`
/// lower or upper triangular, unit diagonal or not. Only `A`'s triangle is read.
#[allow(clippy::too_many_arguments)]
pub(super) fn trsm<T: Real>(
    job: &mut Job<'_, T>,
    m: usize,
    n: usize,
    left: bool,
    lower: bool,
    transpose: bool,
    unit: bool,
) {
    let k = if left { m } else { n };
    let a = job.op_mat(0, k, k);
    let mut x = job.op_mat(1, m, n);
    // X op(A) = B is op(A)^T X^T = B^T.
    let (op_a, rhs): (MatRef<'_, T>, MatMut<'_, T>) = match (left, transpose) {
        (true, false) => (a.as_ref(), x.as_mut()),
        (true, true) => (a.as_ref().transpose(), x.as_mut()),
        (false, false) => (a.as_ref().transpose(), x.as_mut().transpose_mut()),
        (false, true) => (a.as_ref(), x.as_mut().transpose_mut()),
    };
    // Transposing the matrix flips the triangle faer sees.
    let sees_lower = lower != (left == transpose);
    match (sees_lower, unit) {
        (true, false) => solve_lower_triangular_in_place(op_a, rhs, Par::Seq),
        (true, true) => solve_unit_lower_triangular_in_place(op_a, rhs, Par::Seq),
        (false, false) => solve_upper_triangular_in_place(op_a, rhs, Par::Seq),
        (false, true) => solve_unit_upper_triangular_in_place(op_a, rhs, Par::Seq),
    }
    job.put_mat(0, x.as_ref());
}
