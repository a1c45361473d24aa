//! triangular_solve / cholesky / select_and_scatter: every case runs three ways that must
//! agree bit for bit (evaluator, lowering + kir interpreter, native code; see
//! [`check`]), and the linear algebra results are also checked against their definition
//! (`op(a) x = b`, `l l^T = a`) so the oracle itself is tested.

use super::interp::to_f64;
use super::scatter_tests::check;
use super::tests::FB;
use crate::compiler::eval::literal_from_f64;
use crate::compiler::eval::literal_from_i128;
use crate::compiler::ir::*;

const FLOATS: [DType; 4] = [DType::F16, DType::BF16, DType::F32, DType::F64];

/// A small deterministic generator (xorshift), uniform in [-1, 1).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 52) as f64 - 1.0
    }
}

fn lit(dt: DType, shape: &[i64], v: &[f64]) -> Literal {
    literal_from_f64(TensorType::new(dt, shape), v)
}

/// The values of a literal (already rounded to its type) as f64.
fn values(l: &Literal) -> Vec<f64> {
    let w = l.ty.dtype.size();
    l.bytes
        .chunks_exact(w)
        .map(|c| {
            let mut b = [0u8; 8];
            b[..w].copy_from_slice(c);
            to_f64(l.ty.dtype, u64::from_le_bytes(b))
        })
        .collect()
}

fn out_values(dt: DType, bytes: &[u8]) -> Vec<f64> {
    values(&Literal {
        ty: TensorType::new(dt, [bytes.len() as i64 / dt.size() as i64]),
        bytes: bytes.to_vec().into(),
    })
}

/// Relative tolerance of a result computed in f64 and rounded once to `dt`, with
/// condition numbers around 1 (diagonals dominate).
fn tolerance(dt: DType) -> f64 {
    match dt {
        DType::F16 => 4e-3,
        DType::BF16 => 3e-2,
        DType::F32 => 1e-6,
        _ => 1e-13,
    }
}

/// `batch` triangular-ish n x n matrices: the named triangle is well conditioned (|diag|
/// in [2, 3], off-diagonal in [-1, 1)); the other triangle holds large junk the op must
/// not read.
fn triangular(rng: &mut Rng, batch: usize, n: usize, lower: bool) -> Vec<f64> {
    let mut v = Vec::with_capacity(batch * n * n);
    for _ in 0..batch {
        for i in 0..n {
            for j in 0..n {
                let inside = if lower { j <= i } else { j >= i };
                v.push(if i == j {
                    let d = 2.0 + rng.next().abs();
                    if rng.next() < 0.0 { -d } else { d }
                } else if inside {
                    rng.next()
                } else {
                    1000.0
                });
            }
        }
    }
    v
}

#[allow(clippy::too_many_arguments)]
fn solve_case(
    dt: DType,
    left_side: bool,
    lower: bool,
    unit_diagonal: bool,
    transpose_a: Transpose,
    n: usize,
    other: usize,
    seed: u64,
) {
    let batch = 2;
    let mut rng = Rng(seed);
    let a_shape = [batch as i64, n as i64, n as i64];
    let b_shape = if left_side {
        [batch as i64, n as i64, other as i64]
    } else {
        [batch as i64, other as i64, n as i64]
    };
    let a = lit(dt, &a_shape, &triangular(&mut rng, batch, n, lower));
    let bv: Vec<f64> = (0..batch * n * other).map(|_| 4.0 * rng.next()).collect();
    let b = lit(dt, &b_shape, &bv);

    let mut fb = FB::new();
    let pa = fb.param(dt, &a_shape);
    let pb = fb.param(dt, &b_shape);
    let r = fb.op(
        Opcode::TriangularSolve {
            left_side,
            lower,
            unit_diagonal,
            transpose_a,
        },
        &[pa, pb],
        dt,
        &b_shape,
    );
    let f = fb.ret(&[r]);
    let what =
        format!("{dt:?} left={left_side} lower={lower} unit={unit_diagonal} {transpose_a:?}");
    let out = check(&f, &[a.clone(), b.clone()]);
    let x = out_values(dt, &out[0]);

    // Residual of op(a) x = b (or x op(a) = b) from the rounded inputs.
    let (av, bv) = (values(&a), values(&b));
    let m = |bi: usize, p: usize, q: usize| -> f64 {
        let (p, q) = if transpose_a == Transpose::NoTranspose {
            (p, q)
        } else {
            (q, p)
        };
        let inside = if lower { q <= p } else { q >= p };
        if p == q && unit_diagonal {
            1.0
        } else if inside {
            av[bi * n * n + p * n + q]
        } else {
            0.0
        }
    };
    let (rows, cols) = (b_shape[1] as usize, b_shape[2] as usize);
    for bi in 0..batch {
        for i in 0..rows {
            for j in 0..cols {
                let at = |r: usize, c: usize| x[bi * rows * cols + r * cols + c];
                let terms: Vec<f64> = if left_side {
                    (0..n).map(|k| m(bi, i, k) * at(k, j)).collect()
                } else {
                    (0..n).map(|k| at(i, k) * m(bi, k, j)).collect()
                };
                let got: f64 = terms.iter().sum();
                let mag: f64 = terms.iter().map(|t| t.abs()).sum();
                let want = bv[bi * rows * cols + i * cols + j];
                assert!(
                    (got - want).abs() <= 4.0 * tolerance(dt) * (mag + 1.0),
                    "{what}: residual at [{bi},{i},{j}]: {got} vs {want}"
                );
            }
        }
    }
}

#[test]
fn triangular_solve_matches_evaluator_for_every_option_and_dtype() {
    let mut seed = 1;
    for dt in FLOATS {
        for left_side in [true, false] {
            for lower in [true, false] {
                for unit_diagonal in [false, true] {
                    for t in [
                        Transpose::NoTranspose,
                        Transpose::Transpose,
                        Transpose::Adjoint,
                    ] {
                        seed += 1;
                        solve_case(dt, left_side, lower, unit_diagonal, t, 5, 3, seed);
                    }
                }
            }
        }
    }
}

#[test]
fn triangular_solve_single_matrix_and_vector_rhs() {
    // No batch dimension: rank 2, one right-hand side column / row.
    let a = lit(DType::F32, &[3, 3], &[2., 0., 0., 1., 4., 0., -1., 2., 5.]);
    let b = lit(DType::F32, &[3, 1], &[2., 9., 16.]);
    let mut fb = FB::new();
    let pa = fb.param(DType::F32, &[3, 3]);
    let pb = fb.param(DType::F32, &[3, 1]);
    let r = fb.op(
        Opcode::TriangularSolve {
            left_side: true,
            lower: true,
            unit_diagonal: false,
            transpose_a: Transpose::NoTranspose,
        },
        &[pa, pb],
        DType::F32,
        &[3, 1],
    );
    let f = fb.ret(&[r]);
    let out = check(&f, &[a, b]);
    // x0 = 1, x1 = (9 - 1) / 4 = 2, x2 = (16 + 1 - 4) / 5 = 2.6
    assert_eq!(out_values(DType::F32, &out[0]), [1.0, 2.0, 2.6f32 as f64]);
}

/// `batch` symmetric positive definite n x n matrices (`m m^T + n I`), with junk in the
/// triangle `lower` does not name.
fn spd(rng: &mut Rng, batch: usize, n: usize, lower: bool) -> Vec<f64> {
    let mut v = Vec::with_capacity(batch * n * n);
    for _ in 0..batch {
        let m: Vec<f64> = (0..n * n).map(|_| rng.next()).collect();
        for i in 0..n {
            for j in 0..n {
                let named = if lower { j <= i } else { j >= i };
                let s: f64 = (0..n).map(|k| m[i * n + k] * m[j * n + k]).sum();
                v.push(if !named {
                    -777.0
                } else if i == j {
                    s + n as f64
                } else {
                    s
                });
            }
        }
    }
    v
}

fn cholesky_fn(dt: DType, shape: &[i64], lower: bool) -> Func {
    let mut fb = FB::new();
    let p = fb.param(dt, shape);
    let r = fb.op(Opcode::Cholesky { lower }, &[p], dt, shape);
    fb.ret(&[r])
}

#[test]
fn cholesky_matches_evaluator_and_factors() {
    let (batch, n) = (3, 6);
    let shape = [batch as i64, n as i64, n as i64];
    let mut seed = 100;
    for dt in FLOATS {
        for lower in [true, false] {
            seed += 1;
            let mut rng = Rng(seed);
            let a = lit(dt, &shape, &spd(&mut rng, batch, n, lower));
            let out = check(&cholesky_fn(dt, &shape, lower), std::slice::from_ref(&a));
            let l = out_values(dt, &out[0]);
            let av = values(&a);
            for bi in 0..batch {
                let o = bi * n * n;
                // l[i][k] of the lower factor, whichever way it is stored.
                let lf = |i: usize, k: usize| {
                    if lower {
                        l[o + i * n + k]
                    } else {
                        l[o + k * n + i]
                    }
                };
                for i in 0..n {
                    for j in 0..n {
                        if j > i {
                            assert_eq!(lf(i, j), 0.0, "{dt:?} lower={lower}: not triangular");
                            continue;
                        }
                        let got: f64 = (0..n).map(|k| lf(i, k) * lf(j, k)).sum();
                        let want = if lower {
                            av[o + i * n + j]
                        } else {
                            av[o + j * n + i]
                        };
                        assert!(
                            (got - want).abs() <= 4.0 * tolerance(dt) * (n as f64 + 1.0),
                            "{dt:?} lower={lower}: (l l^T)[{i}][{j}] = {got}, a = {want}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn cholesky_of_an_indefinite_matrix_agrees_with_the_evaluator() {
    // Implementation-defined per spec; ours is the evaluator's (NaN from the failing pivot).
    for dt in [DType::F32, DType::F64] {
        let a = lit(dt, &[3, 3], &[4., 2., 1., 2., -3., 0., 1., 0., 2.]);
        let out = check(&cholesky_fn(dt, &[3, 3], true), &[a]);
        let l = out_values(dt, &out[0]);
        assert_eq!(&l[..2], &[2.0, 0.0]);
        assert!(l[4].is_nan(), "{dt:?}: {l:?}");
    }
}

/// select_and_scatter of `x` (shape `xs`) with windows `win`/`strides`/`pad`, selecting
/// with compare `dir` and scattering with `scatter_op`.
#[allow(clippy::too_many_arguments)]
fn sas_fn(
    dt: DType,
    xs: &[i64],
    ss: &[i64],
    win: &[i64],
    strides: &[i64],
    pad: &[(i64, i64)],
    dir: CompareDirection,
    scatter_op: BinaryOp,
) -> Func {
    let mut fb = FB::new();
    let x = fb.param(dt, xs);
    let s = fb.param(dt, ss);
    let init = fb.param(dt, &[]);
    let sel = fb.region(&[dt], |b, a| {
        vec![b.op(
            Opcode::Compare {
                direction: dir,
                compare_type: None,
            },
            &[a[0], a[1]],
            DType::I1,
            &[],
        )]
    });
    let sc = fb.binary_region(dt, scatter_op);
    let r = fb.op_multi(
        Opcode::SelectAndScatter {
            window_dimensions: win.to_vec(),
            window_strides: strides.to_vec(),
            padding: pad.to_vec(),
        },
        &[x, s, init],
        vec![TensorType::new(dt, xs)],
        vec![sel, sc],
    );
    fb.ret(&r)
}

fn numel(s: &[i64]) -> usize {
    s.iter().product::<i64>() as usize
}

/// Operand shape, source shape, window, strides, padding.
type WindowCase = (
    &'static [i64],
    &'static [i64],
    &'static [i64],
    &'static [i64],
    &'static [(i64, i64)],
);

#[test]
fn select_and_scatter_matches_evaluator_for_every_dtype() {
    // Overlapping windows (stride 1 < window 2) collide; padding puts windows partly (and
    // with pad 2 entirely) outside the operand.
    let cases: [WindowCase; 4] = [
        (&[4, 6], &[3, 5], &[2, 2], &[1, 1], &[(0, 0), (0, 0)]),
        (&[4, 6], &[2, 3], &[2, 2], &[2, 2], &[(0, 0), (0, 0)]),
        (
            &[2, 3, 5],
            &[2, 2, 3],
            &[1, 3, 3],
            &[1, 2, 2],
            &[(0, 0), (1, 1), (1, 1)],
        ),
        (&[5], &[7], &[2], &[1], &[(2, 1)]),
    ];
    let dtypes = [
        DType::F16,
        DType::BF16,
        DType::F32,
        DType::F64,
        DType::I8,
        DType::I32,
        DType::I64,
        DType::U8,
        DType::U16,
        DType::U32,
        DType::U64,
    ];
    let mut rng = Rng(7);
    for dt in dtypes {
        for (xs, ss, win, strides, pad) in cases {
            for dir in [CompareDirection::Ge, CompareDirection::Lt] {
                // Few distinct values, so ties (the first pick stays on GE) happen.
                let xv: Vec<f64> = (0..numel(xs)).map(|_| (rng.next() * 4.0).round()).collect();
                let sv: Vec<f64> = (0..numel(ss)).map(|_| (rng.next() * 8.0).round()).collect();
                let (x, s, init) = if dt.is_float() {
                    (lit(dt, xs, &xv), lit(dt, ss, &sv), lit(dt, &[], &[0.5]))
                } else {
                    let i = |v: &[f64], shape: &[i64]| {
                        let v: Vec<i128> = v.iter().map(|&f| (f as i128).rem_euclid(7)).collect();
                        literal_from_i128(TensorType::new(dt, shape), &v)
                    };
                    (
                        i(&xv, xs),
                        i(&sv, ss),
                        literal_from_i128(TensorType::scalar(dt), &[3]),
                    )
                };
                let f = sas_fn(dt, xs, ss, win, strides, pad, dir, BinaryOp::Add);
                check(&f, &[x, s, init]);
            }
        }
    }
}

#[test]
fn select_and_scatter_routes_to_the_window_max() {
    // The evaluator's own example: windows of 2 over [1 5 2 5]; ties keep the first.
    let f = sas_fn(
        DType::F32,
        &[4],
        &[3],
        &[2],
        &[1],
        &[(0, 0)],
        CompareDirection::Ge,
        BinaryOp::Add,
    );
    let out = check(
        &f,
        &[
            lit(DType::F32, &[4], &[1., 5., 2., 5.]),
            lit(DType::F32, &[3], &[10., 20., 30.]),
            lit(DType::F32, &[], &[0.]),
        ],
    );
    assert_eq!(out_values(DType::F32, &out[0]), [0., 30., 0., 30.]);
}

#[test]
fn select_and_scatter_on_bool_with_or() {
    let (xs, ss) = ([2i64, 4, 6], [1i64, 3, 5]);
    let mut rng = Rng(99);
    let mut bools =
        |n: usize| -> Vec<i128> { (0..n).map(|_| (rng.next() > 0.0) as i128).collect() };
    let x = literal_from_i128(TensorType::new(DType::I1, xs), &bools(numel(&xs)));
    let s = literal_from_i128(TensorType::new(DType::I1, ss), &bools(numel(&ss)));
    let init = literal_from_i128(TensorType::scalar(DType::I1), &[0]);
    let f = sas_fn(
        DType::I1,
        &xs,
        &ss,
        &[2, 2, 2],
        &[1, 1, 1],
        &[(0, 0); 3],
        CompareDirection::Ge,
        BinaryOp::Or,
    );
    let out = check(&f, &[x, s, init]);
    assert!(out[0].contains(&1), "some source bit reaches the result");
}
