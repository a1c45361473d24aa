//! `gees`: the real Schur form `A = Z T Z^T` (the complex one is in `cschur`).
//!
//! The Hessenberg reduction and `Z`'s first factor are faer's. faer 0.24 keeps its real
//! Schur QR iteration crate-private, so the iteration is LAPACK's `dlahqr` (Francis
//! double-shift QR with the Ahues-Kressner deflation test) written out below, with
//! `dlanv2`'s standardization of each 2x2 block (equal diagonal, off-diagonal entries of
//! opposite signs), which gives the Schur form LAPACK's `dgees` returns for the same
//! Hessenberg matrix. Unlike `dgees` the matrix is neither permuted nor scaled first.

use super::{Job, Real, scratch, with_stack};
use faer::linalg::evd::hessenberg::{hessenberg_in_place, hessenberg_in_place_scratch};
use faer::linalg::householder::{
    apply_block_householder_sequence_on_the_right_in_place_scratch,
    apply_block_householder_sequence_on_the_right_in_place_with_conj,
};
use faer::linalg::qr::no_pivoting::factor::recommended_block_size;
use faer::reborrow::{Reborrow, ReborrowMut};
use faer::traits::ComplexField;
use faer::{Conj, Mat, MatMut, Par};

/// `(a) -> (t, z, wr, wi, sdim, info)`; without `vectors` `z` is zero. `info = i + 1` if
/// the iteration did not converge for eigenvalue `i` (then `t` is not triangular from
/// there on).
pub(super) fn gees<T: Real>(job: &mut Job<'_, T>, n: usize, vectors: bool) {
    let mut h = job.op_mat(0, n, n);
    let mut z = Mat::<T>::zeros(n, n);
    if vectors {
        for i in 0..n {
            z[(i, i)] = T::ONE;
        }
    }
    hessenberg_with_z(h.as_mut(), vectors.then_some(z.as_mut()));
    let mut wr = vec![T::ZERO; n];
    let mut wi = vec![T::ZERO; n];
    let info = lahqr(h.as_mut(), vectors.then_some(z.as_mut()), &mut wr, &mut wi);
    job.put_mat(0, h.as_ref());
    job.put_mat(1, z.as_ref());
    job.res(2).copy_from_slice(&wr);
    job.res(3).copy_from_slice(&wi);
    job.put_i32(4, 0);
    job.put_i32(5, info);
}

/// Reduces `h` to upper Hessenberg form in place (faer's reduction; the entries below the
/// subdiagonal are zeroed) and multiplies `z`, the identity on entry, by the reduction's
/// unitary factor: the start of `gees` on real and complex matrices.
pub(super) fn hessenberg_with_z<T: ComplexField>(mut h: MatMut<'_, T>, z: Option<MatMut<'_, T>>) {
    let n = h.nrows();
    if n < 2 {
        return;
    }
    let bs = recommended_block_size::<T>(n - 1, n - 1).max(1);
    let mut factor = Mat::<T>::zeros(bs, n - 1);
    let mut buf = scratch(faer::dyn_stack::StackReq::any_of(&[
        hessenberg_in_place_scratch::<T>(n, bs, Par::Seq, Default::default()),
        apply_block_householder_sequence_on_the_right_in_place_scratch::<T>(n - 1, bs, n - 1),
    ]));
    with_stack(&mut buf, |stack| {
        hessenberg_in_place(
            h.rb_mut(),
            factor.as_mut(),
            Par::Seq,
            stack,
            Default::default(),
        );
        if let Some(z) = z {
            apply_block_householder_sequence_on_the_right_in_place_with_conj(
                h.rb().submatrix(1, 0, n - 1, n - 1),
                factor.as_ref(),
                Conj::No,
                z.submatrix_mut(1, 1, n - 1, n - 1),
                Par::Seq,
                stack,
            );
        }
    });
    for j in 0..n {
        for i in j + 2..n {
            h[(i, j)] = T::zero_impl();
        }
    }
}

/// LAPACK's `dlahqr` with `wantt`, on all of `h` (`ilo = 1`, `ihi = n`), accumulating into
/// `z`. Returns `info` (0, or the 1-based row where it stopped converging).
fn lahqr<T: Real>(
    mut h: MatMut<'_, T>,
    mut z: Option<MatMut<'_, T>>,
    wr: &mut [T],
    wi: &mut [T],
) -> i32 {
    let n = h.nrows();
    if n == 0 {
        return 0;
    }
    if n == 1 {
        wr[0] = h[(0, 0)];
        wi[0] = T::ZERO;
        return 0;
    }
    let dat1 = T::of(0.75);
    let dat2 = T::of(-0.4375);
    const KEXSH: usize = 10;
    let ulp = T::EPS;
    let smlnum = T::SAFMIN * (T::of(n as f64) / ulp);
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
                if h[(k, k - 1)].abs() <= smlnum {
                    break;
                }
                let mut tst = h[(k - 1, k - 1)].abs() + h[(k, k)].abs();
                if tst == T::ZERO {
                    if k >= 2 {
                        tst += h[(k - 1, k - 2)].abs();
                    }
                    if k + 1 < n {
                        tst += h[(k + 1, k)].abs();
                    }
                }
                if h[(k, k - 1)].abs() <= ulp * tst {
                    let ab = h[(k, k - 1)].abs().max(h[(k - 1, k)].abs());
                    let ba = h[(k, k - 1)].abs().min(h[(k - 1, k)].abs());
                    let aa = h[(k, k)].abs().max((h[(k - 1, k - 1)] - h[(k, k)]).abs());
                    let bb = h[(k, k)].abs().min((h[(k - 1, k - 1)] - h[(k, k)]).abs());
                    let s = aa + ab;
                    if ba * (ab / s) <= smlnum.max(ulp * (bb * (aa / s))) {
                        break;
                    }
                }
                k -= 1;
            }
            l = k;
            if l > 0 {
                h[(l, l - 1)] = T::ZERO;
            }
            if l + 1 >= iu {
                converged = true;
                break;
            }
            kdefl += 1;
            // Shifts.
            let (mut h11, mut h12, mut h21, mut h22);
            if kdefl.is_multiple_of(2 * KEXSH) {
                let s = h[(iu, iu - 1)].abs() + h[(iu - 1, iu - 2)].abs();
                h11 = dat1 * s + h[(iu, iu)];
                h12 = dat2 * s;
                h21 = s;
                h22 = h11;
            } else if kdefl.is_multiple_of(KEXSH) {
                let s = h[(l + 1, l)].abs() + h[(l + 2, l + 1)].abs();
                h11 = dat1 * s + h[(l, l)];
                h12 = dat2 * s;
                h21 = s;
                h22 = h11;
            } else {
                h11 = h[(iu - 1, iu - 1)];
                h21 = h[(iu, iu - 1)];
                h12 = h[(iu - 1, iu)];
                h22 = h[(iu, iu)];
            }
            let s = h11.abs() + h12.abs() + h21.abs() + h22.abs();
            let (rt1r, rt1i, rt2r, rt2i);
            if s == T::ZERO {
                (rt1r, rt1i, rt2r, rt2i) = (T::ZERO, T::ZERO, T::ZERO, T::ZERO);
            } else {
                h11 /= s;
                h21 /= s;
                h12 /= s;
                h22 /= s;
                let tr = (h11 + h22) / T::of(2.0);
                let det = (h11 - tr) * (h22 - tr) - h12 * h21;
                let rtdisc = det.abs().sqrt();
                if det >= T::ZERO {
                    rt1r = tr * s;
                    rt2r = rt1r;
                    rt1i = rtdisc * s;
                    rt2i = -rt1i;
                } else {
                    let a = tr + rtdisc;
                    let b = tr - rtdisc;
                    let r = if (a - h22).abs() <= (b - h22).abs() {
                        a * s
                    } else {
                        b * s
                    };
                    rt1r = r;
                    rt2r = r;
                    rt1i = T::ZERO;
                    rt2i = T::ZERO;
                }
            }
            // Two consecutive small subdiagonal elements.
            let mut v = [T::ZERO; 3];
            let mut m = iu - 2;
            loop {
                let h21s = h[(m + 1, m)];
                let s = (h[(m, m)] - rt2r).abs() + rt2i.abs() + h21s.abs();
                let h21s = h[(m + 1, m)] / s;
                v[0] = h21s * h[(m, m + 1)] + (h[(m, m)] - rt1r) * ((h[(m, m)] - rt2r) / s)
                    - rt1i * (rt2i / s);
                v[1] = h21s * (h[(m, m)] + h[(m + 1, m + 1)] - rt1r - rt2r);
                v[2] = h21s * h[(m + 2, m + 1)];
                let s = v[0].abs() + v[1].abs() + v[2].abs();
                v[0] /= s;
                v[1] /= s;
                v[2] /= s;
                if m == l {
                    break;
                }
                let h00 = h[(m, m - 1)].abs() * (v[1].abs() + v[2].abs());
                let h01 = ulp
                    * v[0].abs()
                    * (h[(m - 1, m - 1)].abs() + h[(m, m)].abs() + h[(m + 1, m + 1)].abs());
                if h00 <= h01 {
                    break;
                }
                m -= 1;
            }
            // The double-shift QR sweep.
            for k in m..iu {
                let nr = 3.min(iu - k + 1);
                if k > m {
                    for (r, vr) in v.iter_mut().enumerate().take(nr) {
                        *vr = h[(k + r, k - 1)];
                    }
                }
                let (alpha, t1) = larfg(v[0], &mut v[1..nr]);
                v[0] = alpha;
                if k > m {
                    h[(k, k - 1)] = v[0];
                    h[(k + 1, k - 1)] = T::ZERO;
                    if k + 1 < iu {
                        h[(k + 2, k - 1)] = T::ZERO;
                    }
                } else if m > l {
                    h[(k, k - 1)] *= T::ONE - t1;
                }
                let v2 = v[1];
                let t2 = t1 * v2;
                if nr == 3 {
                    let v3 = v[2];
                    let t3 = t1 * v3;
                    for j in k..n {
                        let sum = h[(k, j)] + v2 * h[(k + 1, j)] + v3 * h[(k + 2, j)];
                        h[(k, j)] -= sum * t1;
                        h[(k + 1, j)] -= sum * t2;
                        h[(k + 2, j)] -= sum * t3;
                    }
                    for j in 0..=(k + 3).min(iu) {
                        let sum = h[(j, k)] + v2 * h[(j, k + 1)] + v3 * h[(j, k + 2)];
                        h[(j, k)] -= sum * t1;
                        h[(j, k + 1)] -= sum * t2;
                        h[(j, k + 2)] -= sum * t3;
                    }
                    if let Some(z) = z.as_mut() {
                        for j in 0..n {
                            let sum = z[(j, k)] + v2 * z[(j, k + 1)] + v3 * z[(j, k + 2)];
                            z[(j, k)] -= sum * t1;
                            z[(j, k + 1)] -= sum * t2;
                            z[(j, k + 2)] -= sum * t3;
                        }
                    }
                } else if nr == 2 {
                    for j in k..n {
                        let sum = h[(k, j)] + v2 * h[(k + 1, j)];
                        h[(k, j)] -= sum * t1;
                        h[(k + 1, j)] -= sum * t2;
                    }
                    for j in 0..=iu {
                        let sum = h[(j, k)] + v2 * h[(j, k + 1)];
                        h[(j, k)] -= sum * t1;
                        h[(j, k + 1)] -= sum * t2;
                    }
                    if let Some(z) = z.as_mut() {
                        for j in 0..n {
                            let sum = z[(j, k)] + v2 * z[(j, k + 1)];
                            z[(j, k)] -= sum * t1;
                            z[(j, k + 1)] -= sum * t2;
                        }
                    }
                }
            }
        }
        if !converged {
            return iu as i32 + 1;
        }
        if l == iu {
            wr[iu] = h[(iu, iu)];
            wi[iu] = T::ZERO;
        } else {
            // A 2x2 block: standardize it and apply the rotation to the rest.
            let p = iu - 1;
            let (mut a, mut b, mut c, mut d) = (h[(p, p)], h[(p, iu)], h[(iu, p)], h[(iu, iu)]);
            let (rt1, rt2, cs, sn) = lanv2(&mut a, &mut b, &mut c, &mut d);
            h[(p, p)] = a;
            h[(p, iu)] = b;
            h[(iu, p)] = c;
            h[(iu, iu)] = d;
            (wr[p], wi[p]) = rt1;
            (wr[iu], wi[iu]) = rt2;
            for j in iu + 1..n {
                let (x, y) = (h[(p, j)], h[(iu, j)]);
                h[(p, j)] = cs * x + sn * y;
                h[(iu, j)] = cs * y - sn * x;
            }
            for j in 0..p {
                let (x, y) = (h[(j, p)], h[(j, iu)]);
                h[(j, p)] = cs * x + sn * y;
                h[(j, iu)] = cs * y - sn * x;
            }
            if let Some(z) = z.as_mut() {
                for j in 0..n {
                    let (x, y) = (z[(j, p)], z[(j, iu)]);
                    z[(j, p)] = cs * x + sn * y;
                    z[(j, iu)] = cs * y - sn * x;
                }
            }
        }
        kdefl = 0;
        i = l as isize - 1;
    }
    0
}

/// LAPACK's `dlarfg` for the reflector of `(alpha, x)`: scales `x` into the vector's tail
/// and returns `(beta, tau)`.
fn larfg<T: Real>(alpha: T, x: &mut [T]) -> (T, T) {
    if x.is_empty() {
        return (alpha, T::ZERO);
    }
    let norm = |x: &[T]| x.iter().fold(T::ZERO, |s, &v| s.hypot(v));
    let mut xnorm = norm(x);
    if xnorm == T::ZERO {
        return (alpha, T::ZERO);
    }
    let mut alpha = alpha;
    let mut beta = -alpha.hypot(xnorm).copysign(alpha);
    let safmin = T::SAFMIN / (T::EPS / T::of(2.0));
    let rsafmn = T::ONE / safmin;
    let mut knt = 0;
    if beta.abs() < safmin {
        loop {
            knt += 1;
            x.iter_mut().for_each(|v| *v *= rsafmn);
            beta *= rsafmn;
            alpha *= rsafmn;
            if !(beta.abs() < safmin && knt < 20) {
                break;
            }
        }
        xnorm = norm(x);
        beta = -alpha.hypot(xnorm).copysign(alpha);
    }
    let tau = (beta - alpha) / beta;
    let scale = T::ONE / (alpha - beta);
    x.iter_mut().for_each(|v| *v *= scale);
    for _ in 0..knt {
        beta *= safmin;
    }
    (beta, tau)
}

/// `sign(a, b)`: `|a|` with the sign of `b`.
fn sign<T: Real>(a: T, b: T) -> T {
    a.copysign(b)
}

/// LAPACK's `dlanv2`: the standardized Schur factorization of the 2x2 block
/// `[a b; c d]` (updated in place). Returns both eigenvalues `(re, im)` and the rotation.
#[allow(clippy::type_complexity)]
fn lanv2<T: Real>(a: &mut T, b: &mut T, c: &mut T, d: &mut T) -> ((T, T), (T, T), T, T) {
    let half = T::of(0.5);
    let multpl = T::of(4.0);
    let eps = T::EPS;
    let safmn2 = T::of(2f64.powi(((T::SAFMIN / eps).to_f64().log2() / 2.0) as i32));
    let safmx2 = T::ONE / safmn2;
    let (mut cs, mut sn);
    if *c == T::ZERO {
        cs = T::ONE;
        sn = T::ZERO;
    } else if *b == T::ZERO {
        cs = T::ZERO;
        sn = T::ONE;
        std::mem::swap(a, d);
        *b = -*c;
        *c = T::ZERO;
    } else if *a - *d == T::ZERO && sign(T::ONE, *b) != sign(T::ONE, *c) {
        cs = T::ONE;
        sn = T::ZERO;
    } else {
        let mut temp = *a - *d;
        let mut p = half * temp;
        let bcmax = b.abs().max(c.abs());
        let bcmis = b.abs().min(c.abs()) * sign(T::ONE, *b) * sign(T::ONE, *c);
        let mut scale = p.abs().max(bcmax);
        let mut zz = (p / scale) * p + (bcmax / scale) * bcmis;
        if zz >= multpl * eps {
            // Real eigenvalues.
            zz = p + sign(scale.sqrt() * zz.sqrt(), p);
            *a = *d + zz;
            *d -= (bcmax / zz) * bcmis;
            let tau = c.hypot(zz);
            cs = zz / tau;
            sn = *c / tau;
            *b -= *c;
            *c = T::ZERO;
        } else {
            // Complex or nearly equal real eigenvalues: make the diagonal equal.
            let mut count = 0;
            let mut sigma = *b + *c;
            loop {
                count += 1;
                scale = temp.abs().max(sigma.abs());
                if scale >= safmx2 {
                    sigma *= safmn2;
                    temp *= safmn2;
                    if count <= 20 {
                        continue;
                    }
                }
                if scale <= safmn2 {
                    sigma *= safmx2;
                    temp *= safmx2;
                    if count <= 20 {
                        continue;
                    }
                }
                break;
            }
            p = half * temp;
            let tau = sigma.hypot(temp);
            cs = (half * (T::ONE + sigma.abs() / tau)).sqrt();
            sn = -(p / (tau * cs)) * sign(T::ONE, sigma);
            let aa = *a * cs + *b * sn;
            let bb = -*a * sn + *b * cs;
            let cc = *c * cs + *d * sn;
            let dd = -*c * sn + *d * cs;
            *a = aa * cs + cc * sn;
            *b = bb * cs + dd * sn;
            *c = -aa * sn + cc * cs;
            *d = -bb * sn + dd * cs;
            let temp = half * (*a + *d);
            *a = temp;
            *d = temp;
            if *c != T::ZERO {
                if *b != T::ZERO {
                    if sign(T::ONE, *b) == sign(T::ONE, *c) {
                        // Real eigenvalues after all: make the block upper triangular.
                        let sab = b.abs().sqrt();
                        let sac = c.abs().sqrt();
                        p = sign(sab * sac, *c);
                        let tau = T::ONE / (*b + *c).abs().sqrt();
                        *a = temp + p;
                        *d = temp - p;
                        *b -= *c;
                        *c = T::ZERO;
                        let cs1 = sab * tau;
                        let sn1 = sac * tau;
                        let t = cs * cs1 - sn * sn1;
                        sn = cs * sn1 + sn * cs1;
                        cs = t;
                    }
                } else {
                    *b = -*c;
                    *c = T::ZERO;
                    let t = cs;
                    cs = -sn;
                    sn = t;
                }
            }
        }
    }
    let (rt1i, rt2i) = if *c == T::ZERO {
        (T::ZERO, T::ZERO)
    } else {
        let im = b.abs().sqrt() * c.abs().sqrt();
        (im, -im)
    };
    ((*a, rt1i), (*d, rt2i), cs, sn)
}
