//! cholesky and triangular_solve on batches of matrices, computed in f64 and rounded to
//! the element type. Only the triangle the op names is read; the other triangle of a
//! cholesky result (implementation-defined in the spec) is zero.
use super::tensor::{Tensor, from_f64, to_f64};
use crate::compiler::ir::Transpose;

/// The matrices of a `[..., r, c]` tensor as row-major f64 vectors.
fn matrices(t: &Tensor) -> (usize, usize, Vec<Vec<f64>>) {
    let s = t.shape();
    let (r, c) = (s[s.len() - 2], s[s.len() - 1]);
    let d = t.dtype();
    let per = r * c;
    let mats = if per == 0 {
        vec![Vec::new(); s[..s.len() - 2].iter().product()]
    } else {
        t.bits
            .chunks(per)
            .map(|m| m.iter().map(|&b| to_f64(d, b)).collect())
            .collect()
    };
    (r, c, mats)
}

fn pack(like: &Tensor, mats: &[Vec<f64>]) -> Tensor {
    let d = like.dtype();
    let bits = mats.iter().flatten().map(|&x| from_f64(d, x)).collect();
    Tensor::new(like.ty.clone(), bits)
}

pub(crate) fn cholesky(a: &Tensor, lower: bool) -> Tensor {
    let (n, _, mats) = matrices(a);
    let out: Vec<Vec<f64>> = mats
        .iter()
        .map(|m| {
            // Read the named triangle as the lower one of a symmetric matrix.
            let at = |i: usize, j: usize| if lower { m[i * n + j] } else { m[j * n + i] };
            let mut l = vec![0f64; n * n];
            for j in 0..n {
                let mut d = at(j, j);
                for k in 0..j {
                    d -= l[j * n + k] * l[j * n + k];
                }
                let d = d.sqrt();
                l[j * n + j] = d;
                for i in j + 1..n {
                    let mut s = at(i, j);
                    for k in 0..j {
                        s -= l[i * n + k] * l[j * n + k];
                    }
                    l[i * n + j] = s / d;
                }
            }
            if lower {
                l
            } else {
                (0..n * n).map(|p| l[(p % n) * n + p / n]).collect()
            }
        })
        .collect();
    pack(a, &out)
}

/// Solves `op(a) x = b` (`left_side`) or `x op(a) = b` for every matrix of the batch.
pub(crate) fn triangular_solve(
    a: &Tensor,
    b: &Tensor,
    left_side: bool,
    lower: bool,
    unit_diagonal: bool,
    transpose_a: Transpose,
) -> Tensor {
    let (n, _, amats) = matrices(a);
    let (r, c, bmats) = matrices(b);
    let transposed = transpose_a != Transpose::NoTranspose;
    let out: Vec<Vec<f64>> = amats
        .iter()
        .zip(&bmats)
        .map(|(am, bm)| {
            // The effective triangular matrix op(a), dense.
            let mut m = vec![0f64; n * n];
            for i in 0..n {
                for j in 0..n {
                    let inside = if lower { j <= i } else { j >= i };
                    let v = if i == j && unit_diagonal {
                        1.0
                    } else if inside {
                        am[i * n + j]
                    } else {
                        0.0
                    };
                    if transposed {
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
                let mt: Vec<f64> = (0..n * n).map(|p| m[(p % n) * n + p / n]).collect();
                let bt: Vec<f64> = (0..r * c).map(|p| bm[(p % r) * c + p / r]).collect();
                let xt = solve_left(&mt, !m_lower, n, &bt, r);
                (0..r * c).map(|p| xt[(p % c) * r + p / c]).collect()
            }
        })
        .collect();
    pack(b, &out)
}

/// Solves `m x = b` for triangular `m` (n x n), `b` and `x` n x `cols`.
fn solve_left(m: &[f64], lower: bool, n: usize, b: &[f64], cols: usize) -> Vec<f64> {
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
                    s -= m[i * n + k] * x[k * cols + col];
                }
            }
            x[i * cols + col] = s / m[i * n + i];
        }
    }
    x
}
