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


def test_eig(check, pj):
    # Eigenvectors of a general real matrix are complex (LAPACK's geev returns them as
    # complex arrays); without complex element types pjrtc refuses the program, naming why.
    a = matrix((4, 4), np.float32, dominant=False)
    with pytest.raises(Exception, match=r"unsupported: .*complex"):
        jax.jit(jnp.linalg.eig)(jax.device_put(a, pj))[0].block_until_ready()
