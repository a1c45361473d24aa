//! `gees` on complex matrices: the Schur form `A = Z T Z^H`, `T` upper triangular.
//!
//! The Hessenberg reduction is faer's (shared with the real `gees`). faer 0.24 keeps its
//! complex Schur QR iteration crate-private, so the iteration is LAPACK's `zlahqr`
//! (single-shift QR with Wilkinson shifts, made-real subdiagonals and the Ahues-Kressner
//! deflation test) written out below: the subdiagonal's phases are normalized first, so
//! `T` and the order of its eigenvalues are those `zgees` gives for the same matrix (up to
//! rounding; `zgees` also permutes isolated eigenvalues to the ends first, this does not).

use super::Job;
use super::schur::hessenberg_with_z;
use faer::c64;
use faer::{Mat, MatMut};

const ZERO: c64 = c64 { re: 0.0, im: 0.0 };
const ONE: c64 = c64 { re: 1.0, im: 0.0 };

/// `(a) -> (t, z, w, sdim, info)`; without `vectors` `z` is zero, `w` is `t`'s diagonal.
/// `info = i + 1` if the iteration did not converge for eigenvalue `i`.
pub(super) fn gees(job: &mut Job<'_, c64>, n: usize, vectors: bool) {
    let mut h = job.op_mat(0, n, n);
    let mut z = Mat::<c64>::zeros(n, n);
    if vectors {
        for i in 0..n {
            z[(i, i)] = ONE;
        }
    }
    hessenberg_with_z(h.as_mut(), vectors.then_some(z.as_mut()));
    let mut w = vec![ZERO; n];
    let info = lahqr(h.as_mut(), vectors.then_some(z.as_mut()), &mut w);
    job.put_mat(0, h.as_ref());
    job.put_mat(1, z.as_ref());
    job.res(2).copy_from_slice(&w);
    job.put_i32(3, 0);
    job.put_i32(4, info);
}

/// `|re| + |im|`.
fn abs1(z: c64) -> f64 {
    z.re.abs() + z.im.abs()
}

/// Scales row `r`'s columns `cols` of `h` by `s`.
fn scale_row(h: &mut MatMut<'_, c64>, r: usize, cols: std::ops::Range<usize>, s: c64) {
    for j in cols {
        h[(r, j)] *= s;
    }
}

/// Scales column `c`'s rows `rows` of `h` by `s`.
fn scale_col(h: &mut MatMut<'_, c64>, c: usize, rows: std::ops::Range<usize>, s: c64) {
    for i in rows {
        h[(i, c)] *= s;
    }
}

/// LAPACK's `zlarfg` for a vector of two: `(alpha, x) -> (beta, v, tau)` with
/// `(I - tau (1, v) (1, v)^H)^H (alpha, x) = (beta, 0)`, `beta` real.
fn larfg2(alpha: c64, x: c64) -> (c64, c64, c64) {
    let xnorm = x.norm();
    if xnorm == 0.0 && alpha.im == 0.0 {
        return (alpha, x, ZERO);
    }
    let beta = -alpha.re.hypot(alpha.im).hypot(xnorm).copysign(alpha.re);
    let tau = c64::new((beta - alpha.re) / beta, -alpha.im / beta);
    let v = x / (alpha - c64::new(beta, 0.0));
    (c64::new(beta, 0.0), v, tau)
}

/// LAPACK's `zlahqr` with `wantt` on all of the Hessenberg matrix `h` (`ilo = 1`,
/// `ihi = n`), accumulating into `z`. Returns `info` (0, or the 1-based row where it
/// stopped converging).
fn lahqr(mut h: MatMut<'_, c64>, mut z: Option<MatMut<'_, c64>>, w: &mut [c64]) -> i32 {
    let n = h.nrows();
    if n == 0 {
        return 0;
    }
    if n == 1 {
        w[0] = h[(0, 0)];
        return 0;
    }
    // Real subdiagonal entries, by a diagonal unitary similarity.
    for i in 1..n {
        let s = h[(i, i - 1)];
        if s.im != 0.0 {
            let sc = s / abs1(s);
            let sc = sc.conj() / sc.norm();
            h[(i, i - 1)] = c64::new(s.norm(), 0.0);
            scale_row(&mut h, i, i..n, sc);
            scale_col(&mut h, i, 0..(i + 2).min(n), sc.conj());
            if let Some(z) = z.as_mut() {
                scale_col(z, i, 0..n, sc.conj());
            }
        }
    }
    const DAT1: f64 = 0.75;
    const KEXSH: usize = 10;
    let ulp = f64::EPSILON;
    let smlnum = f64::MIN_POSITIVE * (n as f64 / ulp);
    let itmax = 30 * n.max(10);
    let mut kdefl = 0usize;
    // 0-based: the active block is rows/columns l..=i.
    let mut i = n as isize - 1;
    while i >= 0 {
        let iu = i as usize;
        let mut l = 0usize;
        let mut converged = false;
        for _its in 0..=itmax {
            // A single small subdiagonal element.
            let mut k = iu;
            while k > l {
                if abs1(h[(k, k - 1)]) <= smlnum {
                    break;
                }
                let mut tst = abs1(h[(k - 1, k - 1)]) + abs1(h[(k, k)]);
                if tst == 0.0 {
                    if k >= 2 {
                        tst += h[(k - 1, k - 2)].re.abs();
                    }
                    if k + 1 < n {
                        tst += h[(k + 1, k)].re.abs();
                    }
                }
                if h[(k, k - 1)].re.abs() <= ulp * tst {
                    let (sub, sup) = (abs1(h[(k, k - 1)]), abs1(h[(k - 1, k)]));
                    let (ab, ba) = (sub.max(sup), sub.min(sup));
                    let (kk, diff) = (abs1(h[(k, k)]), abs1(h[(k - 1, k - 1)] - h[(k, k)]));
                    let (aa, bb) = (kk.max(diff), kk.min(diff));
                    let s = aa + ab;
                    if ba * (ab / s) <= smlnum.max(ulp * (bb * (aa / s))) {
                        break;
                    }
                }
                k -= 1;
            }
            l = k;
            if l > 0 {
                h[(l, l - 1)] = ZERO;
            }
            if l >= iu {
                converged = true;
                break;
            }
            kdefl += 1;
            // The shift.
            let t = if kdefl.is_multiple_of(2 * KEXSH) {
                c64::new(DAT1 * h[(iu, iu - 1)].re.abs(), 0.0) + h[(iu, iu)]
            } else if kdefl.is_multiple_of(KEXSH) {
                c64::new(DAT1 * h[(l + 1, l)].re.abs(), 0.0) + h[(l, l)]
            } else {
                // Wilkinson's: the eigenvalue of the trailing 2x2 block nearer h[i, i].
                let mut t = h[(iu, iu)];
                let u = h[(iu - 1, iu)].sqrt() * h[(iu, iu - 1)].sqrt();
                let s = abs1(u);
                if s != 0.0 {
                    let x = (h[(iu - 1, iu - 1)] - t) * 0.5;
                    let sx = abs1(x);
                    let s = s.max(sx);
                    let (xs, us) = (x / s, u / s);
                    let mut y = (xs * xs + us * us).sqrt() * s;
                    if sx > 0.0 {
                        let xn = x / sx;
                        if xn.re * y.re + xn.im * y.im < 0.0 {
                            y = -y;
                        }
                    }
                    t -= u * (u / (x + y));
                }
                t
            };
            // Two consecutive small subdiagonal elements: where the sweep starts.
            let start = |h: &MatMut<'_, c64>, m: usize| {
                let h11s = h[(m, m)] - t;
                let h21 = h[(m + 1, m)].re;
                let s = abs1(h11s) + h21.abs();
                (h11s / s, h21 / s)
            };
            let mut m = iu - 1;
            let mut v;
            loop {
                v = start(&h, m);
                if m == l {
                    break;
                }
                let h10 = h[(m, m - 1)].re;
                let (h11, h22) = (h[(m, m)], h[(m + 1, m + 1)]);
                if h10.abs() * v.1.abs() <= ulp * (abs1(v.0) * (abs1(h11) + abs1(h22))) {
                    break;
                }
                m -= 1;
            }
            let mut v = [v.0, c64::new(v.1, 0.0)];
            // The single-shift QR sweep, chasing the bulge down rows m..=i.
            for k in m..iu {
                if k > m {
                    v = [h[(k, k - 1)], h[(k + 1, k - 1)]];
                }
                let (beta, v2, t1) = larfg2(v[0], v[1]);
                v = [beta, v2];
                if k > m {
                    h[(k, k - 1)] = beta;
                    h[(k + 1, k - 1)] = ZERO;
                }
                let t2 = (t1 * v2).re;
                for j in k..n {
                    let sum = t1.conj() * h[(k, j)] + h[(k + 1, j)] * t2;
                    h[(k, j)] -= sum;
                    h[(k + 1, j)] -= sum * v2;
                }
                for j in 0..=(k + 2).min(iu) {
                    let sum = t1 * h[(j, k)] + h[(j, k + 1)] * t2;
                    h[(j, k)] -= sum;
                    h[(j, k + 1)] -= sum * v2.conj();
                }
                if let Some(z) = z.as_mut() {
                    for j in 0..n {
                        let sum = t1 * z[(j, k)] + z[(j, k + 1)] * t2;
                        z[(j, k)] -= sum;
                        z[(j, k + 1)] -= sum * v2.conj();
                    }
                }
                if k == m && m > l {
                    // Started below l: keep h[m, m - 1] real.
                    let temp = ONE - t1;
                    let temp = temp / temp.norm();
                    h[(m + 1, m)] *= temp.conj();
                    if m + 2 <= iu {
                        h[(m + 2, m + 1)] *= temp;
                    }
                    for j in m..=iu {
                        if j != m + 1 {
                            scale_row(&mut h, j, j + 1..n, temp);
                            scale_col(&mut h, j, 0..j, temp.conj());
                            if let Some(z) = z.as_mut() {
                                scale_col(z, j, 0..n, temp.conj());
                            }
                        }
                    }
                }
            }
            // Keep h[i, i - 1] real.
            let temp = h[(iu, iu - 1)];
            if temp.im != 0.0 {
                let r = temp.norm();
                h[(iu, iu - 1)] = c64::new(r, 0.0);
                let temp = temp / r;
                scale_row(&mut h, iu, iu + 1..n, temp.conj());
                scale_col(&mut h, iu, 0..iu, temp);
                if let Some(z) = z.as_mut() {
                    scale_col(z, iu, 0..n, temp);
                }
            }
        }
        if !converged {
            return iu as i32 + 1;
        }
        // h[i, i - 1] is negligible: one eigenvalue has converged.
        w[iu] = h[(iu, iu)];
        kdefl = 0;
        i = l as isize - 1;
    }
    0
}
