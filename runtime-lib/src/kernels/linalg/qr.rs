//! Householder QR: `geqrf`, `geqp3`, `orgqr`, `ormqr`.
//!
//! LAPACK and faer build the same reflectors (`beta = -sign(alpha) |x|`, unit head, the
//! vector's tail below the diagonal) but describe them differently: LAPACK by `tau` in
//! `H = I - tau v v^T`, faer by `t = 1 / tau` in `H = I - v v^T / t` and blocks of them by
//! an upper triangular factor `T` with the `t`s on its diagonal. faer's own QR also stops
//! reflecting a column whose norm is negligible (a rank-revealing variant), where LAPACK
//! reflects every column; so the factorization loop is LAPACK's blocked one, built on
//! faer's reflector generation and block reflector application.

use super::{Job, Real, scratch, with_stack};
use faer::linalg::householder::{
    apply_block_householder_on_the_left_in_place_scratch,
    apply_block_householder_sequence_on_the_left_in_place_scratch,
    apply_block_householder_sequence_on_the_left_in_place_with_conj,
    apply_block_householder_sequence_on_the_right_in_place_with_conj,
    apply_block_householder_sequence_transpose_on_the_left_in_place_scratch,
    apply_block_householder_sequence_transpose_on_the_left_in_place_with_conj,
    apply_block_householder_sequence_transpose_on_the_right_in_place_with_conj,
    apply_block_householder_transpose_on_the_left_in_place_with_conj, make_householder_in_place,
    upgrade_householder_factor,
};
use faer::linalg::qr::no_pivoting::factor::recommended_block_size;
use faer::reborrow::{Reborrow, ReborrowMut};
use faer::{Conj, Mat, MatMut, MatRef, Par};

/// Reflectors per block of the blocked loops (faer's choice for the matrix's shape).
fn block_size<T: Real>(m: usize, n: usize) -> usize {
    recommended_block_size::<T>(m, n).max(1)
}

/// faer's block factors (`bs x k`, block `j` in columns `j*bs..`) of the `k` reflectors
/// whose vectors are below the diagonal of `basis` and whose LAPACK coefficients are
/// `tau`.
pub(super) fn factor_from_tau<T: Real>(basis: MatRef<'_, T>, tau: &[T], bs: usize) -> Mat<T> {
    let k = tau.len();
    let mut f = Mat::zeros(bs, k);
    let mut j = 0;
    while j < k {
        let b = bs.min(k - j);
        let mut blk = f.as_mut().get_mut(0..b, j..j + b);
        for i in 0..b {
            // tau = 0 (H = I) gives t = inf, which the application treats as no reflection.
            blk[(i, i)] = T::ONE / tau[j + i];
        }
        upgrade_householder_factor(blk, basis.get(j.., j..j + b), b, 1, Par::Seq);
        j += b;
    }
    f
}

/// Reflects column `c` of `a` at row `r` (LAPACK's `dlarfg` on `a[r.., c]`): `a[r, c]`
/// becomes beta, `a[r+1.., c]` the vector's tail. Returns faer's `t` (inf for H = I).
fn reflect<T: Real>(a: MatMut<'_, T>, r: usize, c: usize) -> T {
    let m = a.nrows();
    let col = a.col_mut(c).subrows_mut(r, m - r);
    let (head, tail) = col.split_at_row_mut(1);
    let head = head.get_mut(0);
    make_householder_in_place(head, tail).tau
}

/// Applies `H^T` (= `H`) of the reflector stored at `a[r.., c]` with faer coefficient `t`
/// to columns `cols` of `a` (rows `r..`).
fn apply_one<T: Real>(
    mut a: MatMut<'_, T>,
    r: usize,
    c: usize,
    t: T,
    cols: std::ops::Range<usize>,
) {
    let m = a.nrows();
    let inv = T::ONE / t;
    if inv == T::ZERO {
        return;
    }
    for j in cols {
        let mut dot = a[(r, j)];
        for i in r + 1..m {
            dot += a[(i, c)] * a[(i, j)];
        }
        let k = -(dot * inv);
        a[(r, j)] += k;
        for i in r + 1..m {
            let v = a[(i, c)];
            a[(i, j)] += k * v;
        }
    }
}

/// LAPACK's `dgeqrf` on `a` in place: R on and above the diagonal, reflectors below;
/// returns faer's `t` of each reflector.
pub(super) fn geqrf_in_place<T: Real>(mut a: MatMut<'_, T>) -> Vec<T> {
    let (m, n) = (a.nrows(), a.ncols());
    let k = m.min(n);
    let mut t = vec![T::ZERO; k];
    let bs = block_size::<T>(m, n);
    let mut buf = scratch(apply_block_householder_on_the_left_in_place_scratch::<T>(
        m, bs, n,
    ));
    let mut j = 0;
    while j < k {
        let b = bs.min(k - j);
        // The panel, one reflector at a time.
        for (c, tc) in t.iter_mut().enumerate().skip(j).take(b) {
            *tc = reflect(a.rb_mut(), c, c);
            apply_one(a.rb_mut(), c, c, *tc, c + 1..j + b);
        }
        // The rest of the matrix, one block reflector.
        if j + b < n {
            let basis = a.rb().get(j.., j..j + b);
            let mut f = Mat::<T>::zeros(b, b);
            for i in 0..b {
                f[(i, i)] = t[j + i];
            }
            upgrade_householder_factor(f.as_mut(), basis, b, 1, Par::Seq);
            let (left, right) = a.rb_mut().split_at_col_mut(j + b);
            let basis = left.rb().get(j.., j..j + b);
            with_stack(&mut buf, |stack| {
                apply_block_householder_transpose_on_the_left_in_place_with_conj(
                    basis,
                    f.as_ref(),
                    Conj::Yes,
                    right.get_mut(j.., ..),
                    Par::Seq,
                    stack,
                )
            });
        }
        j += b;
    }
    t
}

/// `(a) -> (qr, tau)`.
pub(super) fn geqrf<T: Real>(job: &mut Job<'_, T>, m: usize, n: usize) {
    let mut a = job.op_mat(0, m, n);
    let t = geqrf_in_place(a.as_mut());
    job.put_mat(0, a.as_ref());
    for (tau, t) in job.res(1).iter_mut().zip(t) {
        *tau = T::ONE / t;
    }
}

/// `(a, jpvt) -> (qr, jpvt, tau)`: LAPACK's `dgeqp3` (`dlaqp2`'s column choice: the
/// largest remaining partial norm, first on ties; norms downdated as LAPACK does and
/// recomputed when cancellation makes them inaccurate). Columns with a nonzero `jpvt`
/// entry are moved to the front first and factored without pivoting, as LAPACK does.
pub(super) fn geqp3<T: Real>(job: &mut Job<'_, T>, m: usize, n: usize) {
    let mut a = job.op_mat(0, m, n);
    let k = m.min(n);
    let (mut jpvt, nfixed) = fixed_columns_first(a.as_mut(), job.op_i32(1));
    let mut taus = vec![T::ZERO; k];
    // The fixed columns: a plain QR, then its reflectors applied to the rest.
    let nf = nfixed.min(k);
    if nf > 0 {
        let (mut left, mut right) = a.as_mut().split_at_col_mut(nf);
        let t = geqrf_in_place(left.rb_mut());
        for (tau, t) in taus.iter_mut().zip(&t) {
            *tau = T::ONE / *t;
        }
        if right.ncols() > 0 {
            let bs = block_size::<T>(m, nf);
            let f = factor_from_tau(left.rb(), &taus[..nf], bs);
            let mut buf = scratch(
                apply_block_householder_sequence_transpose_on_the_left_in_place_scratch::<T>(
                    m,
                    bs,
                    right.ncols(),
                ),
            );
            with_stack(&mut buf, |stack| {
                apply_block_householder_sequence_transpose_on_the_left_in_place_with_conj(
                    left.rb(),
                    f.as_ref(),
                    Conj::Yes,
                    right.rb_mut(),
                    Par::Seq,
                    stack,
                )
            });
        }
    }
    // The free columns, pivoted by partial norms (LAPACK's dlaqp2).
    pivot_and_reflect(
        &mut a,
        &mut jpvt,
        nf,
        &mut taus,
        |x| x.abs().to_f64(),
        |a, i| {
            let t = reflect(a.as_mut(), i, i);
            apply_one(a.as_mut(), i, i, t, i + 1..n);
            T::ONE / t
        },
    );
    job.put_mat(0, a.as_ref());
    for (o, j) in job.res_i32(1).iter_mut().zip(jpvt) {
        *o = j as i32 + 1;
    }
    job.res(2).copy_from_slice(&taus);
}

/// Moves the columns with a nonzero `jpvt` entry to the front, in order, as `dgeqp3`
/// does; returns the column order (0-based) and how many were moved.
pub(super) fn fixed_columns_first<T: Copy>(
    mut a: MatMut<'_, T>,
    jin: &[i32],
) -> (Vec<usize>, usize) {
    let mut jpvt: Vec<usize> = (0..a.ncols()).collect();
    let mut nfixed = 0;
    for (j, &fixed) in jin.iter().enumerate().take(a.ncols()) {
        if fixed != 0 {
            if j != nfixed {
                swap_cols(a.rb_mut(), j, nfixed);
                jpvt.swap(j, nfixed);
            }
            nfixed += 1;
        }
    }
    (jpvt, nfixed)
}

/// `dlaqp2`'s (`zlaqp2`'s) pivoted steps on the free columns `nf..min(m, n)` of `a`: step
/// `i` swaps the column of largest remaining partial norm (by `modulus`, the first on ties)
/// into place `i` and calls `step(a, i)`, which reflects column `i` and applies the
/// reflector to the columns after it, returning its `tau`. The partial norms are
/// downdated as LAPACK does and recomputed where cancellation makes them inaccurate.
pub(super) fn pivot_and_reflect<T: Copy>(
    a: &mut Mat<T>,
    jpvt: &mut [usize],
    nf: usize,
    taus: &mut [T],
    modulus: impl Fn(T) -> f64,
    mut step: impl FnMut(&mut Mat<T>, usize) -> T,
) {
    let (m, n) = (a.nrows(), a.ncols());
    let norm = |a: &Mat<T>, j: usize, from: usize| -> f64 {
        (from..m).fold(0.0f64, |s, i| s.hypot(modulus(a[(i, j)])))
    };
    let mut vn1: Vec<f64> = (0..n).map(|j| norm(a, j, nf)).collect();
    let mut vn2 = vn1.clone();
    let tol3z = f64::EPSILON.sqrt();
    for i in nf..m.min(n) {
        let mut p = i;
        for j in i + 1..n {
            if vn1[j] > vn1[p] {
                p = j;
            }
        }
        if p != i {
            swap_cols(a.as_mut(), p, i);
            jpvt.swap(p, i);
            vn1[p] = vn1[i];
            vn2[p] = vn2[i];
        }
        taus[i] = step(a, i);
        for j in i + 1..n {
            if vn1[j] != 0.0 {
                let r = modulus(a[(i, j)]) / vn1[j];
                let temp = (1.0 - r * r).max(0.0);
                let ratio = vn1[j] / vn2[j];
                if temp * ratio * ratio <= tol3z {
                    vn1[j] = if i + 1 < m { norm(a, j, i + 1) } else { 0.0 };
                    vn2[j] = vn1[j];
                } else {
                    vn1[j] *= temp.sqrt();
                }
            }
        }
    }
}

pub(super) fn swap_cols<T: Copy>(mut a: MatMut<'_, T>, i: usize, j: usize) {
    for r in 0..a.nrows() {
        let t = a[(r, i)];
        a[(r, i)] = a[(r, j)];
        a[(r, j)] = t;
    }
}

/// `(a, tau) -> (q)`: the first `n` columns of `H_1 ... H_k`.
pub(super) fn orgqr<T: Real>(job: &mut Job<'_, T>, m: usize, n: usize, k: usize) {
    let a = job.op_mat(0, m, n);
    let tau = job.op(1);
    let mut q = Mat::<T>::zeros(m, n);
    for i in 0..n {
        q[(i, i)] = T::ONE;
    }
    if k > 0 {
        let basis = a.as_ref().get(.., 0..k);
        let bs = block_size::<T>(m, k);
        let f = factor_from_tau(basis, tau, bs);
        let mut buf =
            scratch(apply_block_householder_sequence_on_the_left_in_place_scratch::<T>(m, bs, n));
        with_stack(&mut buf, |stack| {
            apply_block_householder_sequence_on_the_left_in_place_with_conj(
                basis,
                f.as_ref(),
                Conj::No,
                q.as_mut(),
                Par::Seq,
                stack,
            )
        });
    }
    job.put_mat(0, q.as_ref());
}

/// `(a, tau, c) -> (c)`: `Q C`, `Q^T C`, `C Q` or `C Q^T` with `Q = H_1 ... H_t`, the
/// reflectors in `a`'s first `t` columns.
pub(super) fn ormqr<T: Real>(
    job: &mut Job<'_, T>,
    m: usize,
    n: usize,
    k: usize,
    left: bool,
    transpose: bool,
) {
    let r = if left { m } else { n };
    let a = job.op_mat(0, r, k);
    let tau = job.op(1);
    let k = tau.len();
    let mut c = job.op_mat(2, m, n);
    if k > 0 {
        let basis = a.as_ref().get(.., 0..k);
        let bs = block_size::<T>(r, k);
        let f = factor_from_tau(basis, tau, bs);
        let other = if left { n } else { m };
        let mut buf = scratch(StackReqs::seq::<T>(r, bs, other));
        with_stack(&mut buf, |stack| match (left, transpose) {
            (true, false) => apply_block_householder_sequence_on_the_left_in_place_with_conj(
                basis,
                f.as_ref(),
                Conj::No,
                c.as_mut(),
                Par::Seq,
                stack,
            ),
            (true, true) => {
                apply_block_householder_sequence_transpose_on_the_left_in_place_with_conj(
                    basis,
                    f.as_ref(),
                    Conj::No,
                    c.as_mut(),
                    Par::Seq,
                    stack,
                )
            }
            (false, false) => apply_block_householder_sequence_on_the_right_in_place_with_conj(
                basis,
                f.as_ref(),
                Conj::No,
                c.as_mut(),
                Par::Seq,
                stack,
            ),
            (false, true) => {
                apply_block_householder_sequence_transpose_on_the_right_in_place_with_conj(
                    basis,
                    f.as_ref(),
                    Conj::No,
                    c.as_mut(),
                    Par::Seq,
                    stack,
                )
            }
        });
    }
    job.put_mat(0, c.as_ref());
}

/// Scratch of the sequence applications (the larger of the two directions).
struct StackReqs;
impl StackReqs {
    fn seq<T: Real>(rows: usize, bs: usize, cols: usize) -> faer::dyn_stack::StackReq {
        faer::dyn_stack::StackReq::any_of(&[
            apply_block_householder_sequence_on_the_left_in_place_scratch::<T>(rows, bs, cols),
            apply_block_householder_sequence_transpose_on_the_left_in_place_scratch::<T>(
                rows, bs, cols,
            ),
        ])
    }
}
