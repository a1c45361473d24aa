//! `getrf`: LU with partial pivoting.

use super::{Job, Real, scratch, with_stack};
use faer::linalg::lu::partial_pivoting::factor::{lu_in_place, lu_in_place_scratch};
use faer::{MatMut, Par};

/// `(a) -> (lu, ipiv, info)`.
pub(super) fn getrf<T: Real>(job: &mut Job<'_, T>, m: usize, n: usize) {
    let mut a = job.op_mat(0, m, n);
    let size = m.min(n);
    let mut perm = vec![0usize; m];
    let mut perm_inv = vec![0usize; m];
    let mut buf = scratch(lu_in_place_scratch::<usize, T>(
        m,
        n,
        Par::Seq,
        Default::default(),
    ));
    with_stack(&mut buf, |stack| {
        lu_in_place(
            a.as_mut(),
            &mut perm,
            &mut perm_inv,
            Par::Seq,
            stack,
            Default::default(),
        );
    });
    let info = if (0..size).any(|i| a[(i, i)] == T::ZERO) {
        // faer divides by an exactly zero pivot (filling the column below with NaN);
        // LAPACK skips that column's scaling and reports the pivot in `info`. Singular
        // matrices (det = 0 in JAX) take LAPACK's unblocked elimination instead.
        a = job.op_mat(0, m, n);
        getf2(a.as_mut(), job.res_i32(1))
    } else {
        transpositions(&perm, job.res_i32(1));
        0
    };
    job.put_mat(0, a.as_ref());
    job.put_i32(2, info);
}

/// LAPACK's pivots (1-based, `ipiv[i]` the row swapped with row `i` at step `i`) of the
/// row permutation `perm` (`(P A)[i] = A[perm[i]]`): the unique sequence of interchanges
/// with `ipiv[i] >= i` that produces it, which is the one the elimination performed.
pub(super) fn transpositions(perm: &[usize], ipiv: &mut [i32]) {
    let m = perm.len();
    let mut row_at: Vec<usize> = (0..m).collect();
    let mut pos_of: Vec<usize> = (0..m).collect();
    for (i, p) in ipiv.iter_mut().enumerate() {
        let j = pos_of[perm[i]];
        *p = j as i32 + 1;
        let (ri, rj) = (row_at[i], row_at[j]);
        row_at.swap(i, j);
        pos_of[ri] = j;
        pos_of[rj] = i;
    }
}

/// LAPACK's `dgetf2` (unblocked right-looking elimination): the first largest magnitude
/// in each column is the pivot; a zero pivot sets `info` (first one, 1-based) and its
/// column is left unscaled. Returns `info`.
pub(super) fn getf2<T: Real>(mut a: MatMut<'_, T>, ipiv: &mut [i32]) -> i32 {
    let (m, n) = (a.nrows(), a.ncols());
    let mut info = 0;
    for j in 0..m.min(n) {
        let mut p = j;
        for i in j + 1..m {
            if a[(i, j)].abs() > a[(p, j)].abs() {
                p = i;
            }
        }
        ipiv[j] = p as i32 + 1;
        let pivot = a[(p, j)];
        if pivot != T::ZERO {
            if p != j {
                for c in 0..n {
                    let t = a[(p, c)];
                    a[(p, c)] = a[(j, c)];
                    a[(j, c)] = t;
                }
            }
            if pivot.abs() >= T::SAFMIN {
                let r = T::ONE / pivot;
                for i in j + 1..m {
                    a[(i, j)] *= r;
                }
            } else {
                for i in j + 1..m {
                    a[(i, j)] /= pivot;
                }
            }
        } else if info == 0 {
            info = j as i32 + 1;
        }
        for c in j + 1..n {
            let u = a[(j, c)];
            if u != T::ZERO {
                for i in j + 1..m {
                    let l = a[(i, j)];
                    a[(i, c)] -= l * u;
                }
            }
        }
    }
    info
}
