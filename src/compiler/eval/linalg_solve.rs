//! cholesky and triangular_solve on batches of matrices, computed in f64 (complex
//! matrices as (re, im) pairs of f64) and rounded to the element type. Only the triangle
//! the op names is read; the other triangle of a cholesky result (implementation-defined
//! in the spec) is zero.
use super::complex::{self, F64};
use super::tensor::{Tensor, from_f64, to_f64};
use crate::compiler::ir::Transpose;

/// The scalars of real and complex matrices.
trait Scalar: Copy {
    fn zero() -> Self;
    fn one() -> Self;
    fn sub(self, o: Self) -> Self;
    fn mul(self, o: Self) -> Self;
    fn div(self, o: Self) -> Self;
    /// The complex conjugate (the identity for reals).
    fn conj(self) -> Self;
    /// The square root (of a real value: cholesky's diagonal).
    fn sqrt(self) -> Self;
    fn read(t: &Tensor, i: usize) -> Self;
    fn write(d: crate::compiler::ir::DType, v: Self) -> u128;
}

impl Scalar for f64 {
    fn zero() -> f64 {
        0.0
    }
    fn one() -> f64 {
        1.0
    }
    fn sub(self, o: f64) -> f64 {
        self - o
    }
    fn mul(self, o: f64) -> f64 {
        self * o
    }
    fn div(self, o: f64) -> f64 {
        self / o
    }
    fn conj(self) -> f64 {
        self
    }
    fn sqrt(self) -> f64 {
        f64::sqrt(self)
    }
    fn read(t: &Tensor, i: usize) -> f64 {
        to_f64(t.dtype(), t.word(i))
    }
    fn write(d: crate::compiler::ir::DType, v: f64) -> u128 {
        u128::from(from_f64(d, v))
    }
}

impl Scalar for (f64, f64) {
    fn zero() -> Self {
        (0.0, 0.0)
    }
    fn one() -> Self {
        (1.0, 0.0)
    }
    fn sub(self, o: Self) -> Self {
        complex::sub(&mut F64, self, o)
    }
    fn mul(self, o: Self) -> Self {
        complex::mul(&mut F64, self, o)
    }
    fn div(self, o: Self) -> Self {
        complex::div(&mut F64, self, o)
    }
    fn conj(self) -> Self {
        (self.0, -self.1)
    }
    fn sqrt(self) -> Self {
        complex::sqrt(&mut F64, self)
    }
    fn read(t: &Tensor, i: usize) -> Self {
        complex::parts(t.dtype(), t.bits[i])
    }
    fn write(d: crate::compiler::ir::DType, v: Self) -> u128 {
        complex::pack(d, v)
    }
}

/// The matrices of a `[..., r, c]` tensor as row-major vectors.
fn matrices<T: Scalar>(t: &Tensor) -> (usize, usize, Vec<Vec<T>>) {
    let s = t.shape();
    let (r, c) = (s[s.len() - 2], s[s.len() - 1]);
    let per = r * c;
    let mats = match t.bits.len().checked_div(per) {
        None => vec![Vec::new(); s[..s.len() - 2].iter().product()],
        Some(n) => (0..n)
            .map(|m| (0..per).map(|i| T::read(t, m * per + i)).collect())
            .collect(),
    };
    (r, c, mats)
}

fn pack<T: Scalar>(like: &Tensor, mats: &[Vec<T>]) -> Tensor {
    let d = like.dtype();
    let bits = mats.iter().flatten().map(|&x| T::write(d, x)).collect();
    Tensor::new(like.ty.clone(), bits)
}

pub(crate) fn cholesky(a: &Tensor, lower: bool) -> Tensor {
    if a.dtype().is_complex() {
        cholesky_of::<(f64, f64)>(a, lower)
    } else {
        cholesky_of::<f64>(a, lower)
    }
}

/// `a = l l^H` (lower) or `u^H u` (upper) of a Hermitian positive definite matrix.
fn cholesky_of<T: Scalar>(a: &Tensor, lower: bool) -> Tensor {
    let (n, _, mats) = matrices::<T>(a);
    let out: Vec<Vec<T>> = mats
        .iter()
        .map(|m| {
            // Read the named triangle as the lower one of a Hermitian matrix.
            let at = |i: usize, j: usize| {
                if lower {
                    m[i * n + j]
                } else {
                    m[j * n + i].conj()
                }
            };
            let mut l = vec![T::zero(); n * n];
            for j in 0..n {
                let mut d = at(j, j);
                for k in 0..j {
                    d = d.sub(l[j * n + k].mul(l[j * n + k].conj()));
                }
                let d = d.sqrt();
                l[j * n + j] = d;
                for i in j + 1..n {
                    let mut s = at(i, j);
                    for k in 0..j {
                        s = s.sub(l[i * n + k].mul(l[j * n + k].conj()));
                    }
                    l[i * n + j] = s.div(d);
                }
            }
            if lower {
                l
            } else {
                (0..n * n).map(|p| l[(p % n) * n + p / n].conj()).collect()
            }
        })
        .collect();
    pack(a, &out)
}

/// Solves `op(a) x = b` (`left_side`) or `x op(a) = b` for every matrix of the batch;
/// `op` transposes for TRANSPOSE and also conjugates for ADJOINT.
pub(crate) fn triangular_solve(
    a: &Tensor,
    b: &Tensor,
    left_side: bool,
    lower: bool,
    unit_diagonal: bool,
    transpose_a: Transpose,
) -> Tensor {
    let args = (left_side, lower, unit_diagonal, transpose_a);
    if a.dtype().is_complex() {
        solve_of::<(f64, f64)>(a, b, args)
    } else {
        solve_of::<f64>(a, b, args)
    }
}

fn solve_of<T: Scalar>(a: &Tensor, b: &Tensor, args: (bool, bool, bool, Transpose)) -> Tensor {
    let (left_side, lower, unit_diagonal, transpose_a) = args;
    let (n, _, amats) = matrices::<T>(a);
    let (r, c, bmats) = matrices::<T>(b);
    let transposed = transpose_a != Transpose::NoTranspose;
    let out: Vec<Vec<T>> = amats
        .iter()
        .zip(&bmats)
        .map(|(am, bm)| {
            // The effective triangular matrix op(a), dense.
            let mut m = vec![T::zero(); n * n];
            for i in 0..n {
                for j in 0..n {
                    let inside = if lower { j <= i } else { j >= i };
                    let v = if i == j && unit_diagonal {
                        T::one()
                    } else if inside {
                        am[i * n + j]
                    } else {
                        T::zero()
                    };
                    if transposed {
                        let v = if transpose_a == Transpose::Adjoint {
                            v.conj()
                        } else {
                            v
                        };
                        m[j * n + i] = v;
                    } else {
                        m[i * n + j] = v;
                    }
                }
            }
            let m_lower = lower != transposed;
            if left_side {
                solve_left(&m, m_lower, n, bm, c)
            } else {
                // x m = b  <=>  m^T x^T = b^T.
                let mt: Vec<T> = (0..n * n).map(|p| m[(p % n) * n + p / n]).collect();
                let bt: Vec<T> = (0..r * c).map(|p| bm[(p % r) * c + p / r]).collect();
                let xt = solve_left(&mt, !m_lower, n, &bt, r);
                (0..r * c).map(|p| xt[(p % c) * r + p / c]).collect()
            }
        })
        .collect();
    pack(b, &out)
}

/// Solves `m x = b` for triangular `m` (n x n), `b` and `x` n x `cols`.
fn solve_left<T: Scalar>(m: &[T], lower: bool, n: usize, b: &[T], cols: usize) -> Vec<T> {
    let mut x = b.to_vec();
    let rows: Vec<usize> = if lower {
        (0..n).collect()
    } else {
        (0..n).rev().collect()
    };
    for col in 0..cols {
        for &i in &rows {
            let mut s = x[i * cols + col];
            for k in 0..n {
                let before = if lower { k < i } else { k > i };
                if before {
                    s = s.sub(m[i * n + k].mul(x[k * cols + col]));
                }
            }
            x[i * cols + col] = s.div(m[i * n + i]);
        }
    }
    x
}
