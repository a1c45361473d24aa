"""Linear algebra on pjrtc (the LAPACK custom calls of JAX's CPU lowering) vs JAX on CPU.

Unique results (solves, inverses, determinants, LU and Cholesky factors, Householder Q and
R, eigen- and singular values) are compared directly; where LAPACK's answer is one of
several (eigenvector signs, Schur forms) the comparison is of what they determine.
"""

import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
import numpy as np
import pytest

rng = np.random.default_rng(7)

DTYPES = [np.float32, np.float64]
TOL = {np.float32: 2e-4, np.float64: 1e-10}


def matrix(shape, dtype, dominant=True):
    a = rng.standard_normal(shape)
    if dominant:
        a = a + 3.0 * np.sqrt(shape[-1]) * np.eye(shape[-1])
    return a.astype(dtype)


def spd(shape, dtype):
    b = rng.standard_normal(shape)
    return (b @ np.swapaxes(b, -1, -2) / shape[-1] + np.eye(shape[-1])).astype(dtype)


def symmetric(shape, dtype):
    b = rng.standard_normal(shape)
    return ((b + np.swapaxes(b, -1, -2)) / 2).astype(dtype)


@pytest.fixture
def checked(check):
    """check() with x64 on for f64 inputs."""

    def run(f, *args, dtype):
        tol = TOL[dtype]
        with jax.enable_x64(dtype == np.float64):
            return check(f, *args, rtol=tol, atol=tol)

    return run


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_inv_det_slogdet_solve(checked, dtype):
    a = matrix((5, 5), dtype)
    ab = matrix((3, 4, 4), dtype)
    b = rng.standard_normal((5, 2)).astype(dtype)
    checked(lambda a, ab, b: (jnp.linalg.inv(a), jnp.linalg.inv(ab), jnp.linalg.det(a),
                              jnp.linalg.det(ab), *jnp.linalg.slogdet(ab), jnp.linalg.solve(a, b)),
            a, ab, b, dtype=dtype)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_det_of_a_singular_matrix_is_zero(checked, dtype):
    a = np.array([[1, 2, 3], [2, 4, 6], [1, 0, 1.5], ], dtype)
    a4 = np.eye(4, dtype=dtype)
    a4[3] = a4[2]
    got = checked(lambda a, a4: (jnp.linalg.det(a), jnp.linalg.det(a4), jsl.lu_factor(a4)),
                  a, a4, dtype=dtype)
    assert got[0] == 0 and got[1] == 0


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_qr(checked, dtype):
    a = rng.standard_normal((6, 4)).astype(dtype)
    w = rng.standard_normal((2, 3, 5)).astype(dtype)
    checked(lambda a, w: (*jnp.linalg.qr(a), *jnp.linalg.qr(w, mode="complete"),
                          jnp.linalg.qr(a, mode="r")), a, w, dtype=dtype)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_eigh_and_eigvalsh(checked, dtype):
    a = symmetric((2, 5, 5), dtype)

    def f(a):
        w, v = jnp.linalg.eigh(a)
        # Eigenvectors are unique up to sign (the eigenvalues are distinct).
        recon = (v * w[..., None, :]) @ jnp.swapaxes(v, -1, -2)
        return w, recon, jnp.abs(v), jnp.linalg.eigvalsh(a, UPLO="U")

    checked(f, a, dtype=dtype)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_svd(checked, dtype):
    a = rng.standard_normal((6, 4)).astype(dtype)
    w = rng.standard_normal((2, 3, 5)).astype(dtype)

    def f(a, w):
        u, s, vt = jnp.linalg.svd(a, full_matrices=False)
        uw, sw, vtw = jnp.linalg.svd(w, full_matrices=True)
        return (s, (u * s) @ vt, jnp.abs(u), jnp.abs(vt), sw, jnp.abs(uw), jnp.abs(vtw[..., :3, :]),
                jnp.linalg.svd(w, compute_uv=False), jnp.linalg.pinv(a))

    checked(f, a, w, dtype=dtype)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_cholesky(checked, dtype):
    a = spd((3, 4, 4), dtype)
    b = rng.standard_normal((4, 2)).astype(dtype)
    checked(lambda a, b: (jnp.linalg.cholesky(a), jsl.cholesky(a[0], lower=False),
                          jsl.cho_solve(jsl.cho_factor(a[0]), b)), a, b, dtype=dtype)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_scipy_lu_and_solve_triangular(checked, dtype):
    a = matrix((5, 5), dtype)
    w = rng.standard_normal((3, 5)).astype(dtype)
    b = rng.standard_normal((5, 3)).astype(dtype)
    st = jsl.solve_triangular
    checked(lambda a, w, b: (*jsl.lu(a), *jsl.lu(w), st(a, b, lower=True), st(a, b, trans=1),
                             st(a, b, lower=True, unit_diagonal=True)), a, w, b, dtype=dtype)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_schur(checked, dtype):
    a = rng.standard_normal((6, 6)).astype(dtype)

    def f(a):
        t, z = jsl.schur(a)
        # The real Schur form is one of several: compare what determines it.
        return (z @ t @ z.T, z.T @ z, jnp.sort(jnp.diagonal(t)), jnp.tril(t, -2))

    checked(f, a, dtype=dtype)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_hessenberg_and_tridiagonal(checked, dtype):
    a = rng.standard_normal((5, 5)).astype(dtype)
    s = symmetric((5, 5), dtype)
    checked(lambda a, s: (*jsl.hessenberg(a, calc_q=True), *jax.lax.linalg.tridiagonal(s)),
            a, s, dtype=dtype)


CDTYPES = [np.complex64, np.complex128]
TOL.update({np.complex64: 2e-4, np.complex128: 1e-10})


def cnormal(shape, dtype):
    return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)


def adjoint(x):
    return jnp.conj(jnp.swapaxes(x, -1, -2))


@pytest.fixture
def cchecked(check):
    """check() with x64 on for complex128 inputs."""

    def run(f, *args, dtype):
        tol = TOL[dtype]
        with jax.enable_x64(dtype == np.complex128):
            return check(f, *args, rtol=tol, atol=tol)

    return run


@pytest.mark.parametrize("dtype", CDTYPES, ids=lambda d: np.dtype(d).name)
def test_complex_inv_solve_det_lu(cchecked, dtype):
    a = cnormal((5, 5), dtype) + 3.0 * np.sqrt(5) * np.eye(5, dtype=dtype)
    ab = cnormal((3, 4, 4), dtype) + 6.0 * np.eye(4, dtype=dtype)
    b = cnormal((5, 2), dtype)
    cchecked(lambda a, ab, b: (jnp.linalg.inv(a), jnp.linalg.inv(ab), jnp.linalg.det(ab),
                               *jnp.linalg.slogdet(ab), jnp.linalg.solve(a, b), *jsl.lu(a),
                               jsl.solve_triangular(a, b, lower=True, trans=2)),
             a, ab, b, dtype=dtype)


@pytest.mark.parametrize("dtype", CDTYPES, ids=lambda d: np.dtype(d).name)
def test_complex_qr(cchecked, dtype):
    a = cnormal((6, 4), dtype)
    w = cnormal((2, 3, 5), dtype)
    cchecked(lambda a, w: (*jnp.linalg.qr(a), *jnp.linalg.qr(w, mode="complete"),
                           jnp.linalg.qr(a, mode="r")), a, w, dtype=dtype)


@pytest.mark.parametrize("dtype", CDTYPES, ids=lambda d: np.dtype(d).name)
def test_complex_eigh_and_eigvalsh(cchecked, dtype):
    b = cnormal((2, 5, 5), dtype)
    a = (b + np.conj(np.swapaxes(b, -1, -2))) / 2

    def f(a):
        w, v = jnp.linalg.eigh(a)
        # Eigenvectors are unique up to a phase (the eigenvalues are distinct).
        return w, (v * w[..., None, :]) @ adjoint(v), jnp.abs(v), jnp.linalg.eigvalsh(a, UPLO="U")

    cchecked(f, a, dtype=dtype)


@pytest.mark.parametrize("dtype", CDTYPES, ids=lambda d: np.dtype(d).name)
def test_complex_svd(cchecked, dtype):
    a = cnormal((6, 4), dtype)
    w = cnormal((2, 3, 5), dtype)

    def f(a, w):
        u, s, vt = jnp.linalg.svd(a, full_matrices=False)
        uw, sw, vtw = jnp.linalg.svd(w, full_matrices=True)
        return (s, (u * s) @ vt, jnp.abs(u), jnp.abs(vt), sw, jnp.abs(uw), adjoint(uw) @ uw,
                jnp.linalg.svd(w, compute_uv=False), jnp.linalg.pinv(a))

    cchecked(f, a, w, dtype=dtype)


@pytest.mark.parametrize("dtype", CDTYPES, ids=lambda d: np.dtype(d).name)
def test_complex_cholesky(cchecked, dtype):
    b = cnormal((3, 4, 4), dtype)
    # numpy, not jnp: outside enable_x64 jnp would round complex128 inputs to complex64.
    a = b @ np.conj(np.swapaxes(b, -1, -2)) / 4 + np.eye(4)
    rhs = cnormal((4, 2), dtype)
    cchecked(lambda a, rhs: (jnp.linalg.cholesky(a), jsl.cholesky(a[0], lower=False),
                             jsl.cho_solve(jsl.cho_factor(a[0]), rhs)), a, rhs, dtype=dtype)


@pytest.mark.parametrize("dtype", DTYPES + CDTYPES, ids=lambda d: np.dtype(d).name)
def test_eig(pj, dtype):
    # Eigenvalues are compared as sorted sets with JAX's CPU results; eigenvectors (whose
    # phase is free) by A v = lambda v, v_l^H A = lambda v_l^H and their unit norms.
    complex_in = np.dtype(dtype).kind == "c"
    a = cnormal((2, 5, 5), dtype) if complex_in else rng.standard_normal((2, 5, 5)).astype(dtype)
    single = dtype in (np.float32, np.complex64)
    tol = 2e-4 if single else 1e-10
    with jax.enable_x64(not single):
        cpu = jax.devices("cpu")[0]
        w_cpu = np.asarray(jax.jit(jnp.linalg.eigvals)(jax.device_put(a, cpu)))
        w, v = jax.jit(jnp.linalg.eig)(jax.device_put(a, pj))
        wl, vl, vr = jax.jit(lambda x: jax.lax.linalg.eig(
            x, compute_left_eigenvectors=True, compute_right_eigenvectors=True))(jax.device_put(a, pj))
        wv = np.asarray(jax.jit(jnp.linalg.eigvals)(jax.device_put(a, pj)))
    w, v, wl, vl, vr = (np.asarray(x) for x in (w, v, wl, vl, vr))
    assert w.dtype == w_cpu.dtype and v.dtype == w_cpu.dtype
    for got in (w, wl, wv):
        np.testing.assert_allclose(np.sort(got, axis=-1), np.sort(w_cpu, axis=-1), rtol=tol, atol=tol)
    scale = tol * 10
    ac = a.astype(w.dtype)
    for ww, vv in ((w, v), (wl, vr)):
        np.testing.assert_allclose(ac @ vv, vv * ww[..., None, :], atol=scale)
        np.testing.assert_allclose(np.linalg.norm(vv, axis=-2), 1.0, atol=scale)
    vlh = np.conj(np.swapaxes(vl, -1, -2))
    np.testing.assert_allclose(vlh @ ac, wl[..., :, None] * vlh, atol=scale)
    np.testing.assert_allclose(np.linalg.norm(vl, axis=-2), 1.0, atol=scale)


@pytest.mark.parametrize("dtype", CDTYPES, ids=lambda d: np.dtype(d).name)
def test_complex_schur(cchecked, dtype):
    a = cnormal((2, 6, 6), dtype)

    def f(a):
        t, z = jax.vmap(jsl.schur)(a)
        # Z's column phases are free: compare what determines the form.
        return (z @ t @ adjoint(z), adjoint(z) @ z, jnp.sort(jnp.diagonal(t, axis1=-2, axis2=-1)),
                jnp.tril(t, -1))

    cchecked(f, a, dtype=dtype)

    def g(r):
        # A real matrix's complex Schur form: its conjugate pairs share real parts up to
        # rounding, so the eigenvalues' real and imaginary parts are compared as sets.
        t, z = jsl.schur(r, output="complex")
        w = jnp.diagonal(t)
        return (z @ t @ adjoint(z), adjoint(z) @ z, jnp.sort(w.real), jnp.sort(w.imag),
                jnp.tril(t, -1))

    r = rng.standard_normal((5, 5)).astype(np.float32 if dtype == np.complex64 else np.float64)
    cchecked(g, r, dtype=dtype)


@pytest.mark.parametrize("dtype", CDTYPES, ids=lambda d: np.dtype(d).name)
def test_complex_hessenberg_tridiagonal_and_pivoted_qr(cchecked, dtype):
    # Unique with LAPACK's conventions (real subdiagonals and diagonal of R, zlarfg's taus).
    a = cnormal((7, 7), dtype)
    s = cnormal((2, 5, 5), dtype)
    s = (s + np.conj(np.swapaxes(s, -1, -2))) / 2
    w = (cnormal((6, 5), dtype) * np.array([1.0, 3.0, 0.5, 2.0, 1.5])).astype(dtype)
    cchecked(lambda a, s, w: (*jsl.hessenberg(a, calc_q=True), *jax.lax.linalg.tridiagonal(s),
                              *jax.lax.linalg.tridiagonal(s, lower=False),
                              *jsl.qr(w, pivoting=True, mode="economic")),
             a, s, w, dtype=dtype)


@pytest.mark.parametrize("dtype", CDTYPES, ids=lambda d: np.dtype(d).name)
def test_complex_ormqr_and_tridiagonal_solve(cchecked, dtype):
    a, tau = cnormal((5, 3), dtype), (0.5 * cnormal((3,), dtype)).astype(dtype)
    c, cr = cnormal((5, 2), dtype), cnormal((4, 5), dtype)
    d = (cnormal((2, 6), dtype) + np.array([0.01, 3, -0.02, 3, 3, 3])).astype(dtype)
    dl = (cnormal((2, 6), dtype) * np.array([0, 1, 1, 1, 1, 1])).astype(dtype)
    du = (cnormal((2, 6), dtype) * np.array([1, 1, 1, 1, 1, 0])).astype(dtype)
    b = cnormal((2, 6, 3), dtype)
    om = jax.lax.linalg.ormqr
    cchecked(lambda a, tau, c, cr, dl, d, du, b: (
        om(a, tau, c, left=True, transpose=True), om(a, tau, c, left=True, transpose=False),
        om(a, tau, cr, left=False, transpose=True), om(a, tau, cr, left=False, transpose=False),
        jax.lax.linalg.tridiagonal_solve(dl, d, du, b)), a, tau, c, cr, dl, d, du, b, dtype=dtype)
