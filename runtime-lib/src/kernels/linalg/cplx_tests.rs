//! The complex routines and `geev`, checked by what defines them (`P A = L U`, `Q R = A`
//! with `R`'s diagonal real, `A V = V diag(w)`, ...) on complex<f32> and complex<f64>.

use super::tests::{Buf, call, values};
use crate::DType;
use crate::format::Routine;
use crate::format::linalg::flags;
use faer::c64;

const BOTH: [DType; 2] = [DType::C64, DType::C128];

/// A dense row-major complex matrix.
#[derive(Clone, Debug)]
struct Z {
    r: usize,
    c: usize,
    d: Vec<c64>,
}

impl Z {
    fn from_fn(r: usize, c: usize, f: impl Fn(usize, usize) -> c64) -> Z {
        Z {
            r,
            c,
            d: (0..r * c).map(|x| f(x / c, x % c)).collect(),
        }
    }
    fn random(seed: u64, r: usize, c: usize, dtype: DType) -> Z {
        let v = values(seed, 2 * r * c);
        let round = |x: f64| {
            if dtype == DType::C64 {
                x as f32 as f64
            } else {
                x
            }
        };
        Z::from_fn(r, c, |i, j| {
            let k = 2 * (i * c + j);
            c64::new(round(v[k]), round(v[k + 1]))
        })
    }
    /// Interleaved (re, im) pairs: the buffer layout.
    fn of(b: &Buf, r: usize, c: usize) -> Z {
        let f = b.f();
        assert_eq!(f.len(), 2 * r * c);
        Z::from_fn(r, c, |i, j| {
            let k = 2 * (i * c + j);
            c64::new(f[k], f[k + 1])
        })
    }
    fn buf(&self) -> Buf {
        Buf::F(self.d.iter().flat_map(|z| [z.re, z.im]).collect())
    }
    fn at(&self, i: usize, j: usize) -> c64 {
        self.d[i * self.c + j]
    }
    fn adj(&self) -> Z {
        Z::from_fn(self.c, self.r, |i, j| self.at(j, i).conj())
    }
    fn t(&self) -> Z {
        Z::from_fn(self.c, self.r, |i, j| self.at(j, i))
    }
    fn mul(&self, o: &Z) -> Z {
        assert_eq!(self.c, o.r);
        Z::from_fn(self.r, o.c, |i, j| {
            (0..self.c).map(|k| self.at(i, k) * o.at(k, j)).sum()
        })
    }
    fn eye(n: usize) -> Z {
        Z::from_fn(n, n, |i, j| c64::new((i == j) as u8 as f64, 0.0))
    }
    fn dist(&self, o: &Z) -> f64 {
        assert_eq!((self.r, self.c), (o.r, o.c));
        self.d
            .iter()
            .zip(&o.d)
            .map(|(a, b)| (a - b).norm())
            .fold(0.0, f64::max)
    }
}

fn close(a: &Z, b: &Z, tol: f64, what: &str) {
    let d = a.dist(b);
    assert!(
        d <= tol,
        "{what}: max difference {d:e} > {tol:e}\n{a:?}\n{b:?}"
    );
}

fn tol(dtype: DType, n: usize) -> f64 {
    let eps = match dtype {
        DType::C64 | DType::F32 => f32::EPSILON as f64,
        _ => f64::EPSILON,
    };
    eps * 50.0 * (n as f64 + 1.0)
}

#[test]
fn getrf_factors_complex_matrices() {
    for dtype in BOTH {
        let (m, n) = (5, 4);
        let a = Z::random(1, m, n, dtype);
        let out = call(
            Routine::Getrf,
            dtype,
            1,
            (m as u64, n as u64, 0),
            0,
            &[a.buf()],
            1,
        );
        let lu = Z::of(&out[0], m, n);
        assert_eq!(out[2].i(), &[0]);
        let l = Z::from_fn(m, n, |i, j| match i.cmp(&j) {
            std::cmp::Ordering::Greater => lu.at(i, j),
            std::cmp::Ordering::Equal => c64::new(1.0, 0.0),
            _ => c64::new(0.0, 0.0),
        });
        let u = Z::from_fn(n, n, |i, j| {
            if i <= j {
                lu.at(i, j)
            } else {
                c64::new(0.0, 0.0)
            }
        });
        let mut pa = a.clone();
        for (i, &p) in out[1].i().iter().enumerate() {
            let p = p as usize - 1;
            for j in 0..n {
                pa.d.swap(i * n + j, p * n + j);
            }
        }
        close(&l.mul(&u), &pa, tol(dtype, m), "P A = L U");
        // Pivots are the largest |re| + |im| (LAPACK's izamax), so |l| <= sqrt(2).
        for i in 0..m {
            for j in 0..i.min(n) {
                let x = lu.at(i, j);
                assert!(x.norm() <= 2f64.sqrt() + 1e-6, "{x}");
            }
        }
    }
}

#[test]
fn getrf_reports_an_exactly_singular_complex_matrix() {
    // The second column is i times the first: pivot 2 is exactly zero.
    let i = c64::new(0.0, 1.0);
    let a = Z::from_fn(2, 2, |r, _| c64::new(r as f64 + 1.0, 0.0));
    let a = Z::from_fn(
        2,
        2,
        |r, c| if c == 1 { a.at(r, 0) * i } else { a.at(r, 0) },
    );
    let out = call(Routine::Getrf, DType::C128, 1, (2, 2, 0), 0, &[a.buf()], 1);
    assert_eq!(out[2].i(), &[2]);
    assert_eq!(out[1].i(), &[2, 2]);
}

#[test]
fn geqrf_and_ungqr_follow_lapack_with_a_real_diagonal() {
    for dtype in BOTH {
        let (m, n) = (6, 4);
        let a = Z::random(2, m, n, dtype);
        let out = call(
            Routine::Geqrf,
            dtype,
            1,
            (m as u64, n as u64, 0),
            0,
            &[a.buf()],
            1,
        );
        let qr = Z::of(&out[0], m, n);
        let r = Z::from_fn(n, n, |i, j| {
            if i <= j {
                qr.at(i, j)
            } else {
                c64::new(0.0, 0.0)
            }
        });
        for k in 0..n {
            assert_eq!(r.at(k, k).im, 0.0, "zlarfg's beta is real");
        }
        let q = call(
            Routine::Orgqr,
            dtype,
            1,
            (m as u64, n as u64, n as u64),
            0,
            &[out[0].clone(), out[1].clone()],
            1,
        );
        let q = Z::of(&q[0], m, n);
        close(&q.mul(&r), &a, tol(dtype, m), "Q R = A");
        close(&q.adj().mul(&q), &Z::eye(n), tol(dtype, m), "Q^H Q = I");
        // H_1 = I - tau v v^H with v = (1, qr[1.., 0]) maps a's first column to beta e_1.
        let tau = Z::of(&out[1], 1, n).at(0, 0);
        let v = Z::from_fn(m, 1, |i, _| {
            if i == 0 {
                c64::new(1.0, 0.0)
            } else {
                qr.at(i, 0)
            }
        });
        let h = Z::from_fn(m, m, |i, j| {
            Z::eye(m).at(i, j) - tau * v.at(i, 0) * v.at(j, 0).conj()
        });
        let col = Z::from_fn(m, 1, |i, _| a.at(i, 0));
        let e1 = Z::from_fn(m, 1, |i, _| {
            if i == 0 {
                r.at(0, 0)
            } else {
                c64::new(0.0, 0.0)
            }
        });
        close(&h.adj().mul(&col), &e1, tol(dtype, m), "H^H a = beta e_1");
    }
}

#[test]
fn potrf_factors_either_triangle_of_a_hermitian_matrix() {
    for dtype in BOTH {
        let n = 4;
        let b = Z::random(3, n, n, dtype);
        let round = |x: f64| {
            if dtype == DType::C64 {
                x as f32 as f64
            } else {
                x
            }
        };
        let a = Z::from_fn(n, n, |i, j| {
            let z = b.mul(&b.adj()).at(i, j) + Z::eye(n).at(i, j);
            c64::new(round(z.re), round(z.im))
        });
        for lower in [true, false] {
            let fl = if lower { flags::LOWER } else { 0 };
            let out = call(
                Routine::Potrf,
                dtype,
                1,
                (n as u64, n as u64, 0),
                fl,
                &[a.buf()],
                1,
            );
            assert_eq!(out[1].i(), &[0]);
            let f = Z::of(&out[0], n, n);
            let zero = c64::new(0.0, 0.0);
            let t = Z::from_fn(n, n, |i, j| {
                if (i >= j) == lower || i == j {
                    f.at(i, j)
                } else {
                    zero
                }
            });
            let prod = if lower {
                t.mul(&t.adj())
            } else {
                t.adj().mul(&t)
            };
            close(&prod, &a, tol(dtype, n) * 10.0, "A = L L^H / U^H U");
            // The other triangle is the input's.
            for i in 0..n {
                for j in 0..n {
                    if (i > j) != lower && i != j {
                        assert_eq!(f.at(i, j), a.at(i, j));
                    }
                }
            }
        }
    }
}

#[test]
fn heevd_reads_one_triangle() {
    for dtype in BOTH {
        let n = 5;
        let a = Z::random(4, n, n, dtype);
        for lower in [true, false] {
            // The Hermitian matrix of the triangle read, the diagonal's imaginary parts dropped.
            let h = Z::from_fn(n, n, |i, j| {
                if i == j {
                    c64::new(a.at(i, i).re, 0.0)
                } else if (i > j) == lower {
                    a.at(i, j)
                } else {
                    a.at(j, i).conj()
                }
            });
            let fl = flags::VECTORS | if lower { flags::LOWER } else { 0 };
            let out = call(
                Routine::Syevd,
                dtype,
                1,
                (n as u64, n as u64, 0),
                fl,
                &[a.buf()],
                1,
            );
            let v = Z::of(&out[0], n, n);
            let w = out[1].f();
            assert!(w.windows(2).all(|p| p[0] <= p[1]), "ascending {w:?}");
            let vw = Z::from_fn(n, n, |i, j| v.at(i, j) * w[j]);
            close(&h.mul(&v), &vw, tol(dtype, n) * 10.0, "A V = V W");
            close(&v.adj().mul(&v), &Z::eye(n), tol(dtype, n), "V^H V = I");
        }
    }
}

#[test]
fn gesdd_gives_u_s_v_adjoint() {
    for dtype in BOTH {
        for (m, n) in [(5, 3), (3, 5)] {
            let k = m.min(n);
            let a = Z::random(5, m, n, dtype);
            let fl = flags::VECTORS;
            let out = call(
                Routine::Gesdd,
                dtype,
                1,
                (m as u64, n as u64, 0),
                fl,
                &[a.buf()],
                1,
            );
            let s = out[1].f();
            let u = Z::of(&out[2], m, k);
            let vt = Z::of(&out[3], k, n);
            let us = Z::from_fn(m, k, |i, j| u.at(i, j) * s[j]);
            close(&us.mul(&vt), &a, tol(dtype, m + n) * 10.0, "U S V^H = A");
            assert!(s.windows(2).all(|p| p[0] >= p[1]), "descending {s:?}");
        }
    }
}

#[test]
fn trsm_transposes_and_conjugates() {
    for dtype in BOTH {
        let (m, n) = (3, 2);
        for left in [true, false] {
            let k = if left { m } else { n };
            let a = Z::from_fn(k, k, |i, j| {
                Z::random(6, k, k, dtype).at(i, j) + Z::eye(k).at(i, j) * 3.0
            });
            let b = Z::random(7, m, n, dtype);
            for lower in [true, false] {
                for (trans, conj) in [(false, false), (true, false), (true, true)] {
                    let tri = Z::from_fn(k, k, |i, j| {
                        if (i >= j) == lower || i == j {
                            a.at(i, j)
                        } else {
                            c64::new(0.0, 0.0)
                        }
                    });
                    let op = match (trans, conj) {
                        (false, _) => tri.clone(),
                        (true, false) => tri.t(),
                        (true, true) => tri.adj(),
                    };
                    let fl = [
                        (left, flags::LEFT),
                        (lower, flags::LOWER),
                        (trans, flags::TRANSPOSE),
                    ]
                    .iter()
                    .filter(|x| x.0)
                    .fold(if conj { flags::CONJUGATE } else { 0 }, |f, x| f | x.1);
                    let out = call(
                        Routine::Trsm,
                        dtype,
                        1,
                        (m as u64, n as u64, k as u64),
                        fl,
                        &[a.buf(), b.buf()],
                        1,
                    );
                    let x = Z::of(&out[0], m, n);
                    let back = if left { op.mul(&x) } else { x.mul(&op) };
                    close(
                        &back,
                        &b,
                        tol(dtype, k) * 10.0,
                        &format!("trsm flags {fl:#x}"),
                    );
                }
            }
        }
    }
}

/// Checks `geev`'s eigenpairs: `A V = V diag(w)`, `V_L^H A = diag(w) V_L^H`, each vector
/// of norm 1 with its largest component real.
fn check_eigenpairs(a: &Z, w: &[c64], vl: &Z, vr: &Z, tol: f64) {
    let n = a.r;
    let vw = Z::from_fn(n, n, |i, j| vr.at(i, j) * w[j]);
    close(&a.mul(vr), &vw, tol, "A V = V diag(w)");
    let wvl = Z::from_fn(n, n, |i, j| w[i] * vl.adj().at(i, j));
    close(&vl.adj().mul(a), &wvl, tol, "V_L^H A = diag(w) V_L^H");
    for v in [vl, vr] {
        for j in 0..n {
            let norm: f64 = (0..n).map(|i| v.at(i, j).norm_sqr()).sum::<f64>().sqrt();
            assert!((norm - 1.0).abs() < tol, "norm {norm}");
            let big = (0..n)
                .max_by(|&x, &y| v.at(x, j).norm().total_cmp(&v.at(y, j).norm()))
                .unwrap();
            assert!(
                v.at(big, j).im.abs() <= tol,
                "largest component {}",
                v.at(big, j)
            );
        }
    }
}

#[test]
fn geev_of_real_matrices_with_complex_eigenvalues() {
    for dtype in [DType::F32, DType::F64] {
        let n = 5;
        // A rotation block gives one conjugate pair at least.
        let mut a = values(8, n * n);
        a[0] = 0.1;
        a[1] = 2.0;
        a[n] = -2.0;
        a[n + 1] = 0.1;
        if dtype == DType::F32 {
            a.iter_mut().for_each(|x| *x = *x as f32 as f64);
        }
        let fl = flags::VECTORS | flags::LEFT_VECTORS;
        let out = call(
            Routine::Geev,
            dtype,
            1,
            (n as u64, n as u64, 0),
            fl,
            &[Buf::F(a.clone())],
            1,
        );
        assert_eq!(out[4].i(), &[0]);
        let w: Vec<c64> = (0..n)
            .map(|i| c64::new(out[0].f()[i], out[1].f()[i]))
            .collect();
        assert!(w.iter().any(|z| z.im != 0.0), "{w:?}");
        let az = Z::from_fn(n, n, |i, j| c64::new(a[i * n + j], 0.0));
        let (vl, vr) = (Z::of(&out[2], n, n), Z::of(&out[3], n, n));
        check_eigenpairs(&az, &w, &vl, &vr, tol(dtype, n) * 20.0);
        // Without vectors only the values are computed; the vectors are zero.
        let out = call(
            Routine::Geev,
            dtype,
            1,
            (n as u64, n as u64, 0),
            0,
            &[Buf::F(a)],
            1,
        );
        assert!(out[2].f().iter().chain(out[3].f()).all(|&x| x == 0.0));
        let mut w2: Vec<f64> = out[0].f().to_vec();
        let mut w1: Vec<f64> = w.iter().map(|z| z.re).collect();
        w1.sort_by(f64::total_cmp);
        w2.sort_by(f64::total_cmp);
        assert_eq!(w1, w2);
    }
}

#[test]
fn geev_of_complex_matrices_batched() {
    for dtype in BOTH {
        let n = 4;
        let (a0, a1) = (Z::random(9, n, n, dtype), Z::random(10, n, n, dtype));
        let both = Buf::F([a0.buf().f(), a1.buf().f()].concat());
        let fl = flags::VECTORS | flags::LEFT_VECTORS;
        let out = call(
            Routine::Geev,
            dtype,
            2,
            (n as u64, n as u64, 0),
            fl,
            &[both],
            1,
        );
        assert_eq!(out[3].i(), &[0, 0]);
        for (b, a) in [a0, a1].iter().enumerate() {
            let wz = Z::of(&out[0], 2, n);
            let w: Vec<c64> = (0..n).map(|j| wz.at(b, j)).collect();
            let m = 2 * n * n;
            let part = |o: &Buf| Z::of(&Buf::F(o.f()[b * m..(b + 1) * m].to_vec()), n, n);
            check_eigenpairs(a, &w, &part(&out[1]), &part(&out[2]), tol(dtype, n) * 20.0);
        }
    }
}

/// Matrix `b` of a batch of `r x c` complex matrices.
fn part(o: &Buf, b: usize, r: usize, c: usize) -> Z {
    let m = 2 * r * c;
    Z::of(&Buf::F(o.f()[b * m..(b + 1) * m].to_vec()), r, c)
}

/// The matrices one after the other: a batch operand.
fn batch(zs: &[Z]) -> Buf {
    Buf::F(zs.iter().flat_map(|z| z.buf().f().to_vec()).collect())
}

/// `H_{i_1} H_{i_2} ...` over `(v, tau)` in order, `H = I - tau v v^H`, `v` of length `n`.
fn reflectors_product(n: usize, hs: &[(Vec<c64>, c64)]) -> Z {
    let mut q = Z::eye(n);
    for (v, tau) in hs {
        let h = Z::from_fn(n, n, |i, j| Z::eye(n).at(i, j) - *tau * v[i] * v[j].conj());
        q = q.mul(&h);
    }
    q
}

/// Reflector `i` stored LAPACK's way below row `r` of column `i` of `a` (`m` rows): zero
/// above row `r`, one at `r`, `a[r+1.., i]` below.
fn stored_reflector(a: &Z, r: usize, i: usize) -> Vec<c64> {
    (0..a.r)
        .map(|p| match p.cmp(&r) {
            std::cmp::Ordering::Less => c64::new(0.0, 0.0),
            std::cmp::Ordering::Equal => c64::new(1.0, 0.0),
            std::cmp::Ordering::Greater => a.at(p, i),
        })
        .collect()
}

fn assert_upper(t: &Z, below: usize, what: &str) {
    for i in 0..t.r {
        for j in 0..t.c {
            if i > j + below {
                assert_eq!(t.at(i, j), c64::new(0.0, 0.0), "{what}: entry ({i}, {j})");
            }
        }
    }
}

#[test]
fn gees_gives_a_unitary_z_and_an_upper_triangular_t() {
    for dtype in BOTH {
        for n in [5, 17] {
            let a: Vec<Z> = (0..2).map(|s| Z::random(20 + s, n, n, dtype)).collect();
            let shape = (n as u64, n as u64, 0);
            let out = call(
                Routine::Gees,
                dtype,
                2,
                shape,
                flags::VECTORS,
                &[batch(&a)],
                1,
            );
            assert_eq!(out[3].i(), &[0, 0], "sdim");
            assert_eq!(out[4].i(), &[0, 0], "info");
            let bare = call(Routine::Gees, dtype, 2, shape, 0, &[batch(&a)], 1);
            assert!(bare[1].f().iter().all(|&x| x == 0.0), "no vectors asked");
            for (b, a) in a.iter().enumerate() {
                let (t, z) = (part(&out[0], b, n, n), part(&out[1], b, n, n));
                let w = part(&out[2], b, 1, n);
                assert_upper(&t, 0, "T");
                let tol = tol(dtype, n) * 10.0;
                close(&z.adj().mul(&z), &Z::eye(n), tol, "Z^H Z = I");
                close(&z.mul(&t).mul(&z.adj()), a, tol, "Z T Z^H = A");
                for i in 0..n {
                    assert_eq!(w.at(0, i), t.at(i, i), "w = diag(T)");
                }
                assert_eq!(part(&bare[0], b, n, n).d, t.d, "T without vectors");
                assert_eq!(part(&bare[2], b, 1, n).d, w.d);
            }
        }
    }
}

#[test]
fn gehrd_gives_a_hessenberg_matrix_with_a_real_subdiagonal() {
    for dtype in BOTH {
        let n = 5;
        let a: Vec<Z> = (0..2).map(|s| Z::random(30 + s, n, n, dtype)).collect();
        let out = call(
            Routine::Gehrd,
            dtype,
            2,
            (n as u64, n as u64, 0),
            0,
            &[batch(&a)],
            1,
        );
        assert_eq!(out[2].i(), &[0, 0]);
        for (b, a) in a.iter().enumerate() {
            let hv = part(&out[0], b, n, n);
            let tau = part(&out[1], b, 1, n - 1);
            let h = Z::from_fn(n, n, |i, j| {
                if i <= j + 1 {
                    hv.at(i, j)
                } else {
                    c64::new(0.0, 0.0)
                }
            });
            for i in 1..n {
                assert_eq!(h.at(i, i - 1).im, 0.0, "subdiagonal {i} is real");
            }
            let hs: Vec<_> = (0..n - 1)
                .map(|i| (stored_reflector(&hv, i + 1, i), tau.at(0, i)))
                .collect();
            let q = reflectors_product(n, &hs);
            let tol = tol(dtype, n);
            close(&q.adj().mul(&q), &Z::eye(n), tol, "Q^H Q = I");
            close(&q.mul(&h).mul(&q.adj()), a, tol, "Q H Q^H = A");
        }
    }
}

#[test]
fn geqp3_pivots_by_column_norms() {
    for dtype in BOTH {
        for (m, n) in [(5, 3), (3, 5)] {
            let k = m.min(n);
            let a: Vec<Z> = (0..2).map(|s| Z::random(40 + s, m, n, dtype)).collect();
            // The second matrix fixes its last column first.
            let mut jpvt = vec![0; 2 * n];
            jpvt[2 * n - 1] = 1;
            let out = call(
                Routine::Geqp3,
                dtype,
                2,
                (m as u64, n as u64, 0),
                0,
                &[batch(&a), Buf::I(jpvt)],
                1,
            );
            for (b, a) in a.iter().enumerate() {
                let qr = part(&out[0], b, m, n);
                let tau = part(&out[2], b, 1, k);
                let p = &out[1].i()[b * n..(b + 1) * n];
                if b == 1 {
                    assert_eq!(p[0], n as i32, "the fixed column comes first");
                }
                let r = Z::from_fn(m, n, |i, j| {
                    if i <= j {
                        qr.at(i, j)
                    } else {
                        c64::new(0.0, 0.0)
                    }
                });
                let free = if b == 1 { 1 } else { 0 };
                for i in 0..k {
                    assert_eq!(r.at(i, i).im, 0.0, "R's diagonal is real");
                    if i > free {
                        assert!(r.at(i, i).norm() <= r.at(i - 1, i - 1).norm() * (1.0 + 1e-6));
                    }
                }
                let hs: Vec<_> = (0..k)
                    .map(|i| (stored_reflector(&qr, i, i), tau.at(0, i)))
                    .collect();
                let q = reflectors_product(m, &hs);
                let ap = Z::from_fn(m, n, |i, j| a.at(i, p[j] as usize - 1));
                let tol = tol(dtype, m.max(n));
                close(&q.adj().mul(&q), &Z::eye(m), tol, "Q^H Q = I");
                close(&q.mul(&r), &ap, tol, "A P = Q R");
            }
        }
    }
}

#[test]
fn hetrd_reduces_either_triangle_to_a_real_tridiagonal() {
    for dtype in BOTH {
        let n = 5;
        // Junk in the triangle not read and in the diagonal's imaginary parts.
        let a: Vec<Z> = (0..2).map(|s| Z::random(50 + s, n, n, dtype)).collect();
        for lower in [true, false] {
            let fl = if lower { flags::LOWER } else { 0 };
            let out = call(
                Routine::Sytrd,
                dtype,
                2,
                (n as u64, n as u64, 0),
                fl,
                &[batch(&a)],
                1,
            );
            assert_eq!(out[4].i(), &[0, 0]);
            for (b, a) in a.iter().enumerate() {
                let herm = Z::from_fn(n, n, |i, j| {
                    if i == j {
                        c64::new(a.at(i, i).re, 0.0)
                    } else if (i > j) == lower {
                        a.at(i, j)
                    } else {
                        a.at(j, i).conj()
                    }
                });
                let o = part(&out[0], b, n, n);
                let d = &out[1].f()[b * n..(b + 1) * n];
                let e = &out[2].f()[b * (n - 1)..(b + 1) * (n - 1)];
                let tau = part(&out[3], b, 1, n - 1);
                let t = Z::from_fn(n, n, |i, j| {
                    let x = if i == j {
                        d[i]
                    } else if i == j + 1 {
                        e[j]
                    } else if j == i + 1 {
                        e[i]
                    } else {
                        0.0
                    };
                    c64::new(x, 0.0)
                });
                // Lower: Q = H_1 ... H_{n-1}, v_i below o[i + 1, i]; upper: Q = H_{n-1} ...
                // H_1, v_i above o[i, i + 1].
                let hs: Vec<_> = if lower {
                    (0..n - 1)
                        .map(|i| (stored_reflector(&o, i + 1, i), tau.at(0, i)))
                        .collect()
                } else {
                    (0..n - 1)
                        .rev()
                        .map(|i| {
                            let v = (0..n)
                                .map(|p| match p.cmp(&i) {
                                    std::cmp::Ordering::Less => o.at(p, i + 1),
                                    std::cmp::Ordering::Equal => c64::new(1.0, 0.0),
                                    _ => c64::new(0.0, 0.0),
                                })
                                .collect();
                            (v, tau.at(0, i))
                        })
                        .collect()
                };
                let q = reflectors_product(n, &hs);
                let tol = tol(dtype, n);
                close(&q.adj().mul(&q), &Z::eye(n), tol, "Q^H Q = I");
                close(&q.mul(&t).mul(&q.adj()), &herm, tol, "Q T Q^H = A");
                for (i, &di) in d.iter().enumerate() {
                    assert_eq!(o.at(i, i), c64::new(di, 0.0), "diagonal holds d");
                    for j in 0..n {
                        if i != j && (i > j) != lower {
                            assert_eq!(o.at(i, j), a.at(i, j), "unread triangle kept");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn unmqr_applies_q_or_its_adjoint_from_either_side() {
    for dtype in BOTH {
        let (r, k, other) = (5, 3, 2);
        let a = Z::random(60, r, k, dtype);
        let qr = call(
            Routine::Geqrf,
            dtype,
            1,
            (r as u64, k as u64, 0),
            0,
            &[a.buf()],
            1,
        );
        // The explicit Q (r x r) from ungqr on the reflectors padded with zero columns.
        let f = Z::of(&qr[0], r, k);
        let padded = Z::from_fn(r, r, |i, j| {
            if j < k {
                f.at(i, j)
            } else {
                c64::new(0.0, 0.0)
            }
        });
        let q = call(
            Routine::Orgqr,
            dtype,
            1,
            (r as u64, r as u64, k as u64),
            0,
            &[padded.buf(), qr[1].clone()],
            1,
        );
        let q = Z::of(&q[0], r, r);
        for left in [true, false] {
            for transpose in [false, true] {
                let (m, n) = if left { (r, other) } else { (other, r) };
                let c: Vec<Z> = (0..2).map(|s| Z::random(61 + s, m, n, dtype)).collect();
                let mut fl = if left { flags::LEFT } else { 0 };
                if transpose {
                    fl |= flags::TRANSPOSE;
                }
                let out = call(
                    Routine::Ormqr,
                    dtype,
                    2,
                    (m as u64, n as u64, k as u64),
                    fl,
                    &[
                        batch(&[f.clone(), f.clone()]),
                        batch(&[Z::of(&qr[1], 1, k), Z::of(&qr[1], 1, k)]),
                        batch(&c),
                    ],
                    1,
                );
                let op = if transpose { q.adj() } else { q.clone() };
                for (b, c) in c.iter().enumerate() {
                    let want = if left { op.mul(c) } else { c.mul(&op) };
                    let what = format!("left {left} transpose {transpose}");
                    close(&part(&out[0], b, m, n), &want, tol(dtype, r), &what);
                }
            }
        }
    }
}

#[test]
fn gtsv_solves_complex_tridiagonal_systems_with_pivoting() {
    for dtype in BOTH {
        let (m, nrhs) = (7, 3);
        let sys: Vec<[Z; 4]> = (0..2)
            .map(|s| {
                let mut d = Z::random(70 + s, 1, m, dtype);
                // Small diagonal entries force row interchanges.
                for i in (0..m).step_by(3) {
                    d.d[i] *= 0.01;
                }
                let mut dl = Z::random(72 + s, 1, m, dtype);
                dl.d[0] = c64::new(0.0, 0.0);
                let mut du = Z::random(74 + s, 1, m, dtype);
                du.d[m - 1] = c64::new(0.0, 0.0);
                [dl, d, du, Z::random(76 + s, m, nrhs, dtype)]
            })
            .collect();
        let ops: Vec<Buf> = (0..4)
            .map(|i| batch(&sys.iter().map(|s| s[i].clone()).collect::<Vec<_>>()))
            .collect();
        let out = call(
            Routine::Gtsv,
            dtype,
            2,
            (m as u64, nrhs as u64, 0),
            0,
            &ops,
            1,
        );
        assert_eq!(out[4].i(), &[0, 0]);
        for (b, [dl, d, du, rhs]) in sys.iter().enumerate() {
            let a = Z::from_fn(m, m, |i, j| {
                if i == j {
                    d.at(0, i)
                } else if i == j + 1 {
                    dl.at(0, i)
                } else if j == i + 1 {
                    du.at(0, i)
                } else {
                    c64::new(0.0, 0.0)
                }
            });
            let x = part(&out[3], b, m, nrhs);
            close(&a.mul(&x), rhs, tol(dtype, m) * 100.0, "A X = B");
        }
    }
    // An exactly zero pivot: the second row is i times the first.
    let i = c64::new(0.0, 1.0);
    let z = c64::new(0.0, 0.0);
    let one = c64::new(1.0, 0.0);
    let v = |x: [c64; 2]| Z::from_fn(1, 2, |_, j| x[j]);
    let out = call(
        Routine::Gtsv,
        DType::C128,
        1,
        (2, 1, 0),
        0,
        &[
            v([z, i]).buf(),
            v([one, i]).buf(),
            v([one, z]).buf(),
            v([one, one]).buf(),
        ],
        1,
    );
    assert_eq!(out[4].i(), &[2]);
}
