//! Schema of [`Step::Linalg`](super::Step::Linalg): LAPACK-style routines with the
//! operand and result conventions of JAX's CPU custom calls (`lapack_sgetrf_ffi`, ...).
//!
//! [`Linalg::layout`] is the one statement of each routine's operands and results (element
//! type and count); the compiler builds steps from it and the decoder checks them against it.

use crate::DType;

use super::BufRef;

/// One LAPACK-style routine over a batch of matrices. Every operand and result is a dense
/// row-major tensor whose last two dimensions (one for vectors, none for `info`) belong to
/// one matrix of the batch; the routines read matrices by logical index, so the
/// column-major layouts JAX requests are the compiler's business, not theirs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Linalg {
    pub routine: Routine,
    /// Element type of the matrices (`f32`, `f64`, `complex<f32>`, `complex<f64>`); real
    /// results of complex routines (eigenvalues, singular values) use its part type.
    pub dtype: DType,
    /// Matrices in the batch (the product of the batch dimensions).
    pub batch: u64,
    /// Rows of the main matrix.
    pub m: u64,
    /// Columns of the main matrix.
    pub n: u64,
    /// A third size where the routine has one ([`Routine`] says which).
    pub k: u64,
    /// [`flags`] bits.
    pub flags: u32,
    pub operands: Vec<BufRef>,
    pub results: Vec<BufRef>,
}

/// Bits of [`Linalg::flags`].
pub mod flags {
    /// `uplo = 'L'`: the lower triangle is read (potrf, syevd, sytrd) or the triangular
    /// matrix is lower (trsm).
    pub const LOWER: u32 = 1;
    /// `side = 'L'` (trsm) or `left = true` (ormqr).
    pub const LEFT: u32 = 2;
    /// `trans_x = 'T'` or `'C'` (trsm), `transpose = true` (ormqr).
    pub const TRANSPOSE: u32 = 4;
    /// `trans_x = 'C'` (trsm).
    pub const CONJUGATE: u32 = 8;
    /// `diag = 'U'` (trsm).
    pub const UNIT_DIAGONAL: u32 = 16;
    /// Vectors are computed: `mode = 'V'` (syevd, gees), `mode = 'A'`/`'S'` (gesdd, gesvd),
    /// `compute_right = 'V'` (geev).
    pub const VECTORS: u32 = 32;
    /// Full `u` and `vt` (`mode = 'A'`, or the full shapes of `'N'`) (gesdd, gesvd).
    pub const FULL: u32 = 64;
    /// `compute_left = 'V'` (geev).
    pub const LEFT_VECTORS: u32 = 128;
    /// Every bit defined above.
    pub const ALL: u32 = 255;
}

/// The routines. `m x n` is the main matrix; square routines have `m == n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Routine {
    /// LU with partial pivoting. `(a) -> (lu, ipiv: i32[min(m,n)], info: i32)`; pivots are
    /// 1-based row interchanges, `info = i + 1` for the first exactly zero pivot `u[i, i]`.
    Getrf,
    /// Householder QR. `(a) -> (qr, tau[min(m,n)])`: R on and above the diagonal, the
    /// reflectors' vectors below it (unit head implied), `H = I - tau v v^H`.
    Geqrf,
    /// QR with column pivoting. `(a, jpvt: i32[n]) -> (qr, jpvt: i32[n], tau[min(m,n)])`,
    /// `jpvt` 1-based column numbers; on complex matrices `R`'s diagonal is real.
    Geqp3,
    /// The first `n` columns of `H_1 ... H_k`. `(a, tau[k]) -> (q)`, `k <= n <= m`.
    Orgqr,
    /// `C` times `Q = H_1 ... H_t` or its (conjugate) transpose, from the left or the right
    /// ([`flags::LEFT`], [`flags::TRANSPOSE`]). `(a[r x k], tau[t], c[m x n]) -> (c)`: `a`
    /// is a `geqrf` result, `t = min(r, k)` its reflectors, `r` is `m` from the left and
    /// `n` from the right.
    Ormqr,
    /// Cholesky of the [`flags::LOWER`] or upper triangle. `(a) -> (l, info: i32)`; the
    /// other triangle is left as it was, `info = k` if the leading minor of order `k` is
    /// not positive definite.
    Potrf,
    /// Symmetric (Hermitian) eigendecomposition of one triangle. `(a) -> (v, w: real[n],
    /// info: i32)`, eigenvalues ascending, eigenvectors in `v`'s columns.
    Syevd,
    /// SVD (divide and conquer in LAPACK). `(a) -> (a_out, s: real[min], u, vt, info:
    /// i32)`: `u` is `m x m` and `vt` `n x n` with [`flags::FULL`], else `m x min` and
    /// `min x n`; singular values descending.
    Gesdd,
    /// SVD (QR iteration in LAPACK), same conventions as [`Routine::Gesdd`].
    Gesvd,
    /// Schur form `A = Z T Z^H`, `z` the Schur vectors. Real: `(a) -> (t, z, wr[n], wi[n],
    /// sdim: i32, info: i32)`, `t` quasi-upper-triangular with standardized 2x2 blocks;
    /// complex: `(a) -> (t, z, w[n], sdim, info)`, `t` upper triangular, `w` its diagonal.
    Gees,
    /// Hessenberg reduction (`ilo = 1`, `ihi = n`). `(a) -> (h, tau[n - 1], info: i32)`.
    Gehrd,
    /// Symmetric (Hermitian) tridiagonal reduction of one triangle. `(a) -> (a_out,
    /// d: real[n], e: real[n - 1], tau[n - 1], info: i32)`.
    Sytrd,
    /// Triangular solve `op(A) X = B` or `X op(A) = B` ([`flags::LEFT`]).
    /// `(a[k x k], b[m x n]) -> (x)`, `k` is `m` from the left, `n` from the right.
    Trsm,
    /// Tridiagonal solve with partial pivoting. `(dl[m], d[m], du[m], b[m x n]) ->
    /// (dl, d, du, x, info: i32)`, `dl[0]` and `du[m - 1]` unused.
    Gtsv,
    /// Eigendecomposition of a general matrix. Real: `(a) -> (wr[n], wi[n], vl, vr,
    /// info: i32)`; complex: `(a) -> (w[n], vl, vr, info)`; `vl`, `vr` are `n x n` of the
    /// complex type, left ([`flags::LEFT_VECTORS`]) and right ([`flags::VECTORS`])
    /// eigenvectors in columns, each of norm 1 with its largest component real (zero
    /// when not asked for).
    Geev,
}

impl Routine {
    pub const ALL: [Routine; 15] = [
        Routine::Getrf,
        Routine::Geqrf,
        Routine::Geqp3,
        Routine::Orgqr,
        Routine::Ormqr,
        Routine::Potrf,
        Routine::Syevd,
        Routine::Gesdd,
        Routine::Gesvd,
        Routine::Gees,
        Routine::Gehrd,
        Routine::Sytrd,
        Routine::Trsm,
        Routine::Gtsv,
        Routine::Geev,
    ];

    /// Code in the artifact.
    pub fn code(self) -> u8 {
        match self {
            Routine::Getrf => 0,
            Routine::Geqrf => 1,
            Routine::Geqp3 => 2,
            Routine::Orgqr => 3,
            Routine::Ormqr => 4,
            Routine::Potrf => 5,
            Routine::Syevd => 6,
            Routine::Gesdd => 7,
            Routine::Gesvd => 8,
            Routine::Gees => 9,
            Routine::Gehrd => 10,
            Routine::Sytrd => 11,
            Routine::Trsm => 12,
            Routine::Gtsv => 13,
            Routine::Geev => 14,
        }
    }

    pub fn from_code(c: u8) -> Option<Routine> {
        Routine::ALL.into_iter().find(|r| r.code() == c)
    }

    /// LAPACK's name without the type letter (`getrf`).
    pub fn name(self) -> &'static str {
        match self {
            Routine::Getrf => "getrf",
            Routine::Geqrf => "geqrf",
            Routine::Geqp3 => "geqp3",
            Routine::Orgqr => "orgqr",
            Routine::Ormqr => "ormqr",
            Routine::Potrf => "potrf",
            Routine::Syevd => "syevd",
            Routine::Gesdd => "gesdd",
            Routine::Gesvd => "gesvd",
            Routine::Gees => "gees",
            Routine::Gehrd => "gehrd",
            Routine::Sytrd => "sytrd",
            Routine::Trsm => "trsm",
            Routine::Gtsv => "gtsv",
            Routine::Geev => "geev",
        }
    }

    /// The routine and element type of the custom call target `lapack_<t><routine>_ffi`
    /// JAX's CPU lowering emits, `None` for other names.
    pub fn parse_lapack_target(name: &str) -> Option<(Routine, DType)> {
        let body = name.strip_prefix("lapack_")?.strip_suffix("_ffi")?;
        let mut chars = body.chars();
        let dtype = match chars.next()? {
            's' => DType::F32,
            'd' => DType::F64,
            'c' => DType::C64,
            'z' => DType::C128,
            _ => return None,
        };
        let routine = match chars.as_str() {
            "getrf" => Routine::Getrf,
            "geqrf" => Routine::Geqrf,
            "geqp3" => Routine::Geqp3,
            "orgqr" | "ungqr" => Routine::Orgqr,
            "ormqr" | "unmqr" => Routine::Ormqr,
            "potrf" => Routine::Potrf,
            "syevd" | "heevd" => Routine::Syevd,
            "gesdd" => Routine::Gesdd,
            "gesvd" => Routine::Gesvd,
            "gees" => Routine::Gees,
            "gehrd" => Routine::Gehrd,
            "sytrd" | "hetrd" => Routine::Sytrd,
            "trsm" => Routine::Trsm,
            "gtsv" => Routine::Gtsv,
            "geev" => Routine::Geev,
            _ => return None,
        };
        Some((routine, dtype))
    }
}

/// Element type and count of one operand or result.
pub type Part = (DType, u64);

/// An operand or result slot: its dtype and element count (`None` on overflow).
type Slot = (DType, Option<u64>);

impl Linalg {
    /// The element types and counts of the operands and of the results, in order, or why
    /// the parameters are inconsistent.
    pub fn layout(&self) -> Result<(Vec<Part>, Vec<Part>), String> {
        let (b, m, n, k) = (self.batch, self.m, self.n, self.k);
        let t = self.dtype;
        let complex = match t {
            DType::F32 | DType::F64 => false,
            DType::C64 | DType::C128 => true,
            _ => return Err(format!("{} on {t} is not supported", self.routine.name())),
        };
        if self.flags & !flags::ALL != 0 {
            return Err(format!("unknown flag bits {:#x}", self.flags));
        }
        let real = t.complex_part().unwrap_or(t);
        let cplx = if complex {
            t
        } else if t == DType::F32 {
            DType::C64
        } else {
            DType::C128
        };
        let i32 = DType::I32;
        let min = m.min(n);
        let sq = || {
            if m == n {
                Ok(())
            } else {
                Err(format!(
                    "{} needs a square matrix, got {m}x{n}",
                    self.routine.name()
                ))
            }
        };
        // Element counts; `None` on overflow.
        let e = |x: &[u64]| x.iter().try_fold(b, |a, &y| a.checked_mul(y));
        let info = (i32, e(&[]));
        let (ops, res): (Vec<Slot>, Vec<Slot>) = match self.routine {
            Routine::Getrf => (
                vec![(t, e(&[m, n]))],
                vec![(t, e(&[m, n])), (i32, e(&[min])), info],
            ),
            Routine::Geqrf => (vec![(t, e(&[m, n]))], vec![(t, e(&[m, n])), (t, e(&[min]))]),
            Routine::Geqp3 => (
                vec![(t, e(&[m, n])), (i32, e(&[n]))],
                vec![(t, e(&[m, n])), (i32, e(&[n])), (t, e(&[min]))],
            ),
            Routine::Orgqr => {
                if !(k <= n && n <= m) {
                    return Err(format!("orgqr needs k <= n <= m, got m={m} n={n} k={k}"));
                }
                (vec![(t, e(&[m, n])), (t, e(&[k]))], vec![(t, e(&[m, n]))])
            }
            Routine::Ormqr => {
                let r = if self.flags & flags::LEFT != 0 { m } else { n };
                (
                    vec![(t, e(&[r, k])), (t, e(&[r.min(k)])), (t, e(&[m, n]))],
                    vec![(t, e(&[m, n]))],
                )
            }
            Routine::Potrf => {
                sq()?;
                (vec![(t, e(&[n, n]))], vec![(t, e(&[n, n])), info])
            }
            Routine::Syevd => {
                sq()?;
                (
                    vec![(t, e(&[n, n]))],
                    vec![(t, e(&[n, n])), (real, e(&[n])), info],
                )
            }
            Routine::Gesdd | Routine::Gesvd => {
                let full = self.flags & flags::FULL != 0;
                let (uc, vr) = if full { (m, n) } else { (min, min) };
                (
                    vec![(t, e(&[m, n]))],
                    vec![
                        (t, e(&[m, n])),
                        (real, e(&[min])),
                        (t, e(&[m, uc])),
                        (t, e(&[vr, n])),
                        info,
                    ],
                )
            }
            Routine::Gees => {
                sq()?;
                let values = if complex {
                    vec![(t, e(&[n]))]
                } else {
                    vec![(t, e(&[n])), (t, e(&[n]))]
                };
                let mats = vec![(t, e(&[n, n])), (t, e(&[n, n]))];
                (
                    vec![(t, e(&[n, n]))],
                    [mats, values, vec![info, info]].concat(),
                )
            }
            Routine::Gehrd => {
                sq()?;
                (
                    vec![(t, e(&[n, n]))],
                    vec![(t, e(&[n, n])), (t, e(&[n.saturating_sub(1)])), info],
                )
            }
            Routine::Sytrd => {
                sq()?;
                let n1 = n.saturating_sub(1);
                (
                    vec![(t, e(&[n, n]))],
                    vec![
                        (t, e(&[n, n])),
                        (real, e(&[n])),
                        (real, e(&[n1])),
                        (t, e(&[n1])),
                        info,
                    ],
                )
            }
            Routine::Trsm => {
                let a = if self.flags & flags::LEFT != 0 { m } else { n };
                if k != a {
                    return Err(format!(
                        "trsm: the triangular matrix is {k}x{k}, needs {a}x{a}"
                    ));
                }
                (
                    vec![(t, e(&[k, k])), (t, e(&[m, n]))],
                    vec![(t, e(&[m, n]))],
                )
            }
            Routine::Gtsv => (
                vec![(t, e(&[m])), (t, e(&[m])), (t, e(&[m])), (t, e(&[m, n]))],
                vec![
                    (t, e(&[m])),
                    (t, e(&[m])),
                    (t, e(&[m])),
                    (t, e(&[m, n])),
                    info,
                ],
            ),
            Routine::Geev => {
                sq()?;
                let vectors = [(cplx, e(&[n, n])), (cplx, e(&[n, n])), info];
                let values = if complex {
                    vec![(t, e(&[n]))]
                } else {
                    vec![(t, e(&[n])), (t, e(&[n]))]
                };
                (vec![(t, e(&[n, n]))], [values, vectors.to_vec()].concat())
            }
        };
        let bytes = |list: Vec<(DType, Option<u64>)>| {
            list.into_iter()
                .map(|(d, n)| {
                    n.filter(|n| n.checked_mul(d.size() as u64).is_some())
                        .map(|n| (d, n))
                        .ok_or_else(|| "sizes overflow".to_string())
                })
                .collect::<Result<Vec<Part>, String>>()
        };
        Ok((bytes(ops)?, bytes(res)?))
    }
}
