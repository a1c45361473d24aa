//! The routines on complex matrices (`lapack_c*_ffi`, `lapack_z*_ffi`) with LAPACK's `z`
//! conventions, in complex<f64> (complex<f32> matrices are widened, as f32 ones are).
//!
//! faer does the numerics where its results are LAPACK's: LU (its pivot is the largest
//! `|re| + |im|`, as `izamax`), Cholesky, the Hermitian eigensolver, the SVD and the
//! triangular solves; Cholesky (`chol::potrf`) and the drivers of the eigensolver and
//! the SVD (`eig::self_adjoint`, `svd::factor`) are the real routines' own, generic over
//! faer's scalars. Householder QR is LAPACK's unblocked `zgeqr2`/`zung2r` here: LAPACK
//! makes each reflector's `beta` real (`zlarfg`), faer keeps the head's phase, so faer's
//! reflectors and `tau`s are not the ones JAX's `ungqr` and users of `geqrf` expect; the
//! other Householder reductions are in `cplx_reduce`, the Schur form in `cschur`.

use super::{Job, scratch, with_stack};
use crate::format::Routine;
use crate::format::linalg::{Linalg, flags};
use faer::c64;
use faer::linalg::lu::partial_pivoting::factor::{lu_in_place, lu_in_place_scratch};
use faer::linalg::triangular_solve::{
    solve_lower_triangular_in_place_with_conj, solve_unit_lower_triangular_in_place_with_conj,
    solve_unit_upper_triangular_in_place_with_conj, solve_upper_triangular_in_place_with_conj,
};
use faer::{Conj, Mat, MatMut, MatRef, Par};

const ZERO: c64 = c64 { re: 0.0, im: 0.0 };
const ONE: c64 = c64 { re: 1.0, im: 0.0 };

/// One complex matrix of the batch.
pub(super) fn run(l: &Linalg, job: &mut Job<'_, c64>) {
    let (m, n, k) = (l.m as usize, l.n as usize, l.k as usize);
    let f = |bit| l.flags & bit != 0;
    match l.routine {
        Routine::Getrf => getrf(job, m, n),
        Routine::Geqrf => geqrf(job, m, n),
        Routine::Orgqr => ungqr(job, m, n, k),
        Routine::Potrf => super::chol::potrf(job, n, f(flags::LOWER)),
        Routine::Syevd => heevd(job, n, f(flags::LOWER), f(flags::VECTORS)),
        Routine::Gesdd | Routine::Gesvd => gesdd(job, m, n, f(flags::VECTORS), f(flags::FULL)),
        Routine::Trsm => trsm(job, m, n, l.flags),
        Routine::Geev => {
            super::geev::geev_complex(job, n, f(flags::LEFT_VECTORS), f(flags::VECTORS))
        }
        Routine::Gees => super::cschur::gees(job, n, f(flags::VECTORS)),
        Routine::Gehrd => super::cplx_reduce::gehrd(job, n),
        Routine::Geqp3 => super::cplx_reduce::geqp3(job, m, n),
        Routine::Sytrd => super::cplx_reduce::hetrd(job, n, f(flags::LOWER)),
        Routine::Ormqr => {
            super::cplx_reduce::unmqr(job, m, n, k, f(flags::LEFT), f(flags::TRANSPOSE))
        }
        Routine::Gtsv => super::gtsv::gtsv(job, m, n),
    }
}

/// `|re| + |im|`: LAPACK's `cabs1`, which picks complex pivots.
fn abs1(z: c64) -> f64 {
    z.re.abs() + z.im.abs()
}

/// `(a) -> (lu, ipiv, info)`, as the real `getrf`.
fn getrf(job: &mut Job<'_, c64>, m: usize, n: usize) {
    let mut a = job.op_mat(0, m, n);
    let mut perm = vec![0usize; m];
    let mut perm_inv = vec![0usize; m];
    let mut buf = scratch(lu_in_place_scratch::<usize, c64>(
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
    let info = if (0..m.min(n)).any(|i| a[(i, i)] == ZERO) {
        // As in the real getrf: an exactly zero pivot takes LAPACK's unblocked
        // elimination, which skips the column instead of dividing by it.
        a = job.op_mat(0, m, n);
        getf2(a.as_mut(), job.res_i32(1))
    } else {
        super::lu::transpositions(&perm, job.res_i32(1));
        0
    };
    job.put_mat(0, a.as_ref());
    job.put_i32(2, info);
}

/// LAPACK's `zgetf2`: the first largest `cabs1` in each column is the pivot; a zero pivot
/// sets `info` and its column is left unscaled.
fn getf2(mut a: MatMut<'_, c64>, ipiv: &mut [i32]) -> i32 {
    let (m, n) = (a.nrows(), a.ncols());
    let mut info = 0;
    for j in 0..m.min(n) {
        let mut p = j;
        for i in j + 1..m {
            if abs1(a[(i, j)]) > abs1(a[(p, j)]) {
                p = i;
            }
        }
        ipiv[j] = p as i32 + 1;
        let pivot = a[(p, j)];
        if pivot != ZERO {
            if p != j {
                for c in 0..n {
                    let t = a[(p, c)];
                    a[(p, c)] = a[(j, c)];
                    a[(j, c)] = t;
                }
            }
            if pivot.norm() >= f64::MIN_POSITIVE {
                let r = ONE / pivot;
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
            if u != ZERO {
                for i in j + 1..m {
                    let l = a[(i, j)];
                    a[(i, c)] -= l * u;
                }
            }
        }
    }
    info
}

/// LAPACK's `zlarfg` on the column `x = a[r.., c]`: makes `H^H x = beta e_1` with `beta`
/// real, `H = I - tau v v^H`, `v = (1, a[r+1.., c])`. Returns `tau` (zero for `H = I`).
pub(super) fn larfg(mut a: MatMut<'_, c64>, r: usize, c: usize) -> c64 {
    let m = a.nrows();
    let alpha = a[(r, c)];
    let mut xnorm = 0.0f64;
    for i in r + 1..m {
        xnorm = xnorm.hypot(a[(i, c)].norm());
    }
    if xnorm == 0.0 && alpha.im == 0.0 {
        return ZERO;
    }
    let beta = -alpha.re.hypot(alpha.im).hypot(xnorm).copysign(alpha.re);
    let tau = c64::new((beta - alpha.re) / beta, -alpha.im / beta);
    let scale = ONE / (alpha - c64::new(beta, 0.0));
    for i in r + 1..m {
        a[(i, c)] *= scale;
    }
    a[(r, c)] = c64::new(beta, 0.0);
    tau
}

/// Applies `I - tau v v^H` from the left to columns `cols` of `a` (rows `r..`), `v` the
/// reflector stored at `a[r.., c]` with its head taken as one (LAPACK's `zlarf`).
fn larf_left(mut a: MatMut<'_, c64>, r: usize, c: usize, tau: c64, cols: std::ops::Range<usize>) {
    if tau == ZERO {
        return;
    }
    let m = a.nrows();
    for j in cols {
        let mut w = a[(r, j)];
        for i in r + 1..m {
            w += a[(i, c)].conj() * a[(i, j)];
        }
        let k = tau * w;
        a[(r, j)] -= k;
        for i in r + 1..m {
            let v = a[(i, c)];
            a[(i, j)] -= v * k;
        }
    }
}

/// `(a) -> (qr, tau)`: LAPACK's `zgeqr2`, reflector `i` applied as `H_i^H`.
fn geqrf(job: &mut Job<'_, c64>, m: usize, n: usize) {
    let mut a = job.op_mat(0, m, n);
    let k = m.min(n);
    let mut taus = vec![ZERO; k];
    for (i, tau) in taus.iter_mut().enumerate() {
        *tau = larfg(a.as_mut(), i, i);
        larf_left(a.as_mut(), i, i, tau.conj(), i + 1..n);
    }
    job.put_mat(0, a.as_ref());
    job.res(1).copy_from_slice(&taus);
}

/// `(a, tau) -> (q)`: LAPACK's `zung2r`, the first `n` columns of `H_1 ... H_k`.
fn ungqr(job: &mut Job<'_, c64>, m: usize, n: usize, k: usize) {
    let mut a = job.op_mat(0, m, n);
    let taus = job.op(1).to_vec();
    for j in k..n {
        for i in 0..m {
            a[(i, j)] = ZERO;
        }
        a[(j, j)] = ONE;
    }
    for i in (0..k).rev() {
        if i + 1 < n {
            // larf_left takes the head as one without reading it.
            larf_left(a.as_mut(), i, i, taus[i], i + 1..n);
        }
        for r in i + 1..m {
            a[(r, i)] *= -taus[i];
        }
        a[(i, i)] = ONE - taus[i];
        for r in 0..i {
            a[(r, i)] = ZERO;
        }
    }
    job.put_mat(0, a.as_ref());
}

/// `(a) -> (v, w, info)`: the Hermitian matrix of `a`'s `lower` (else upper) triangle
/// (the diagonal's imaginary parts ignored, as LAPACK does), eigenvalues ascending.
fn heevd(job: &mut Job<'_, c64>, n: usize, lower: bool, vectors: bool) {
    let input = job.op_mat(0, n, n);
    if n == 0 {
        job.put_i32(2, 0);
        return;
    }
    let a = Mat::<c64>::from_fn(n, n, |i, j| {
        if i == j {
            c64::new(input[(i, i)].re, 0.0)
        } else if (i > j) == lower {
            input[(i, j)]
        } else {
            input[(j, i)].conj()
        }
    });
    let (ok, w, v) = super::eig::self_adjoint(a.as_ref(), vectors);
    job.put_mat(0, if vectors { v.as_ref() } else { input.as_ref() });
    for (o, i) in job.res_f64(1).iter_mut().zip(0..n) {
        *o = w[i].re;
    }
    job.put_i32(2, if ok { 0 } else { 1 });
}

/// `(a) -> (a_out, s, u, vt, info)`: `A = U diag(s) V^H`, as the real `gesdd`.
fn gesdd(job: &mut Job<'_, c64>, m: usize, n: usize, vectors: bool, full: bool) {
    let a = job.op_mat(0, m, n);
    let (ok, s, u, v) = super::svd::factor(a.as_ref(), vectors, full);
    job.put_mat(0, a.as_ref());
    for (o, i) in job.res_f64(1).iter_mut().zip(0..s.nrows()) {
        *o = s[i].re;
    }
    job.put_mat(2, u.as_ref());
    let vt = Mat::<c64>::from_fn(v.ncols(), n, |i, j| v[(j, i)].conj());
    job.put_mat(3, vt.as_ref());
    job.put_i32(4, if ok { 0 } else { 1 });
}

/// `(a, b) -> (x)`: `op(A) X = B` or `X op(A) = B`, `op(A)` = `A`, `A^T` or `A^H`.
fn trsm(job: &mut Job<'_, c64>, m: usize, n: usize, fl: u32) {
    let f = |bit| fl & bit != 0;
    let (left, lower, transpose, unit) = (
        f(flags::LEFT),
        f(flags::LOWER),
        f(flags::TRANSPOSE),
        f(flags::UNIT_DIAGONAL),
    );
    let conj = if f(flags::CONJUGATE) {
        Conj::Yes
    } else {
        Conj::No
    };
    let k = if left { m } else { n };
    let a = job.op_mat(0, k, k);
    let mut x = job.op_mat(1, m, n);
    // X op(A) = B is op(A)^T X^T = B^T; op(A) = A^H conjugates A in either form.
    let (op_a, rhs): (MatRef<'_, c64>, MatMut<'_, c64>) = match (left, transpose) {
        (true, false) => (a.as_ref(), x.as_mut()),
        (true, true) => (a.as_ref().transpose(), x.as_mut()),
        (false, false) => (a.as_ref().transpose(), x.as_mut().transpose_mut()),
        (false, true) => (a.as_ref(), x.as_mut().transpose_mut()),
    };
    let sees_lower = lower != (left == transpose);
    match (sees_lower, unit) {
        (true, false) => solve_lower_triangular_in_place_with_conj(op_a, conj, rhs, Par::Seq),
        (true, true) => solve_unit_lower_triangular_in_place_with_conj(op_a, conj, rhs, Par::Seq),
        (false, false) => solve_upper_triangular_in_place_with_conj(op_a, conj, rhs, Par::Seq),
        (false, true) => solve_unit_upper_triangular_in_place_with_conj(op_a, conj, rhs, Par::Seq),
    }
    job.put_mat(0, x.as_ref());
}
