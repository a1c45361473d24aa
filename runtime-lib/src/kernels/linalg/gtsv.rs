//! `gtsv`: tridiagonal systems by Gaussian elimination with partial pivoting. faer has
//! no banded solver, and LAPACK's `dgtsv`/`zgtsv` is a short recurrence, written out here
//! once for real and complex elements.

use super::Job;
use faer::c64;

/// An element `gtsv` runs on: f64 or complex<f64>.
pub(super) trait Elem:
    faer::traits::ComplexField
    + Copy
    + PartialEq
    + core::ops::Sub<Output = Self>
    + core::ops::Mul<Output = Self>
    + core::ops::Div<Output = Self>
    + core::ops::Neg<Output = Self>
    + core::ops::SubAssign
{
    const ZERO: Self;
    /// The size the pivot choice compares: `|x|`, `|re| + |im|` for complex (`cabs1`).
    fn abs1(self) -> f64;
}

impl Elem for f64 {
    const ZERO: Self = 0.0;
    fn abs1(self) -> f64 {
        self.abs()
    }
}

impl Elem for c64 {
    const ZERO: Self = c64 { re: 0.0, im: 0.0 };
    fn abs1(self) -> f64 {
        self.re.abs() + self.im.abs()
    }
}

/// `(dl, d, du, b) -> (dl, d, du, x, info)`, `dl[1..]` the subdiagonal and `du[..m-1]`
/// the superdiagonal (JAX's convention: full-length vectors). The outputs `dl`, `d`,
/// `du` hold what `dgtsv` leaves: the second superdiagonal of U in `dl[1..m-1]`, U's
/// diagonal and first superdiagonal in `d` and `du`. `info = i + 1` if `U[i, i]` is
/// exactly zero (then `x` is left as far as the elimination got).
pub(super) fn gtsv<T: Elem>(job: &mut Job<'_, T>, m: usize, nrhs: usize) {
    let mut dl: Vec<T> = job.op(0).to_vec();
    let mut d: Vec<T> = job.op(1).to_vec();
    let mut du: Vec<T> = job.op(2).to_vec();
    let mut b: Vec<T> = job.op(3).to_vec();
    // dgtsv's DL is our dl[1..]; its DU our du[..m-1]; row-major b: b[i * nrhs + j].
    let info = solve(&mut dl[m.min(1)..], &mut d, &mut du, &mut b, m, nrhs);
    job.res(0).copy_from_slice(&dl);
    job.res(1).copy_from_slice(&d);
    job.res(2).copy_from_slice(&du);
    job.res(3).copy_from_slice(&b);
    job.put_i32(4, info);
}

/// LAPACK's `dgtsv` (the general `nrhs` path; `zgtsv` is the same with `cabs1`): `dl` holds `m - 1` entries.
fn solve<T: Elem>(
    dl: &mut [T],
    d: &mut [T],
    du: &mut [T],
    b: &mut [T],
    m: usize,
    nrhs: usize,
) -> i32 {
    if m == 0 {
        return 0;
    }
    let row = |i: usize, j: usize| i * nrhs + j;
    for i in 0..m - 1 {
        if d[i].abs1() >= dl[i].abs1() {
            // No row interchange.
            if d[i] == T::ZERO {
                return i as i32 + 1;
            }
            let fact = dl[i] / d[i];
            d[i + 1] -= fact * du[i];
            for j in 0..nrhs {
                let (p, q) = (row(i, j), row(i + 1, j));
                let bi = b[p];
                b[q] -= fact * bi;
            }
            if i + 1 < m - 1 {
                dl[i] = T::ZERO;
            }
        } else {
            // Interchange rows i and i + 1.
            let fact = d[i] / dl[i];
            d[i] = dl[i];
            let temp = d[i + 1];
            d[i + 1] = du[i] - fact * temp;
            if i + 1 < m - 1 {
                dl[i] = du[i + 1];
                du[i + 1] = -fact * dl[i];
            }
            du[i] = temp;
            for j in 0..nrhs {
                let (p, q) = (row(i, j), row(i + 1, j));
                let temp = b[p];
                b[p] = b[q];
                b[q] = temp - fact * b[q];
            }
        }
    }
    if d[m - 1] == T::ZERO {
        return m as i32;
    }
    // Back substitution with U (diagonal d, superdiagonals du and dl).
    for j in 0..nrhs {
        let i = m - 1;
        b[row(i, j)] = b[row(i, j)] / d[i];
        if m > 1 {
            let i = m - 2;
            let q = row(i + 1, j);
            let v = (b[row(i, j)] - du[i] * b[q]) / d[i];
            b[row(i, j)] = v;
        }
        for i in (0..m.saturating_sub(2)).rev() {
            let v = (b[row(i, j)] - du[i] * b[row(i + 1, j)] - dl[i] * b[row(i + 2, j)]) / d[i];
            b[row(i, j)] = v;
        }
    }
    0
}
