//! `Step::Linalg`: the LAPACK routines JAX's CPU custom calls name (`lapack_sgetrf_ffi`,
//! ...), computed with [faer](https://docs.rs/faer).
//!
//! Each matrix of the batch is copied from its row-major buffer into a column-major faer
//! matrix, factored there, and its results written back row-major; batches split across
//! threads by matrices. What LAPACK returns that faer's routines do not (compact
//! Householder coefficients, 1-based pivots, `info` codes, the triangle LAPACK leaves
//! untouched) is converted here; where faer has no public routine (the Schur forms' QR
//! iterations, the tridiagonal solve) or its results are not LAPACK's (complex Householder
//! reflectors) the module computes it itself, said in each place.

mod chol;
mod cplx;
mod cplx_reduce;
mod cschur;
mod eig;
mod geev;
mod gtsv;
mod lu;
mod qr;
mod schur;
mod svd;
mod trsm;

use super::Bases;
use super::par::chunks;
use crate::DType;
use crate::format::linalg::Linalg;
use crate::format::{Routine, linalg::flags};
use faer::dyn_stack::{MemBuffer, MemStack, StackReq};
use faer::{Mat, MatMut, MatRef};

/// The real element type the routines run on (f64; f32 matrices are widened, see
/// [`run_widened`]).
pub(crate) trait Real:
    faer::traits::RealField
    + Copy
    + PartialOrd
    + Default
    + Send
    + Sync
    + std::fmt::Debug
    + core::ops::Add<Output = Self>
    + core::ops::Sub<Output = Self>
    + core::ops::Mul<Output = Self>
    + core::ops::Div<Output = Self>
    + core::ops::Neg<Output = Self>
    + core::ops::AddAssign
    + core::ops::SubAssign
    + core::ops::MulAssign
    + 'static
{
    const ZERO: Self;
    const ONE: Self;
    /// Relative machine precision (LAPACK's `dlamch('P')`: epsilon times the base).
    const EPS: Self;
    /// Smallest normal number (`dlamch('S')`).
    const SAFMIN: Self;
    fn of(x: f64) -> Self;
    fn to_f64(self) -> f64;
    fn abs(self) -> Self;
    fn sqrt(self) -> Self;
    fn max(self, o: Self) -> Self;
    fn min(self, o: Self) -> Self;
    /// `|self|` with the sign of `s`.
    fn copysign(self, s: Self) -> Self;
    fn hypot(self, o: Self) -> Self;
}

macro_rules! real {
    ($t:ty) => {
        impl Real for $t {
            const ZERO: Self = 0.0;
            const ONE: Self = 1.0;
            const EPS: Self = <$t>::EPSILON;
            const SAFMIN: Self = <$t>::MIN_POSITIVE;
            fn of(x: f64) -> Self {
                x as $t
            }
            fn to_f64(self) -> f64 {
                self as f64
            }
            fn abs(self) -> Self {
                <$t>::abs(self)
            }
            fn sqrt(self) -> Self {
                <$t>::sqrt(self)
            }
            fn max(self, o: Self) -> Self {
                <$t>::max(self, o)
            }
            fn min(self, o: Self) -> Self {
                <$t>::min(self, o)
            }
            fn copysign(self, s: Self) -> Self {
                <$t>::copysign(self, s)
            }
            fn hypot(self, o: Self) -> Self {
                <$t>::hypot(self, o)
            }
        }
    };
}
real!(f64);

/// The buffers of one matrix of the batch: operands (read) and results (written).
pub(crate) struct Job<'a, T> {
    pub ops: Vec<&'a [u8]>,
    pub res: Vec<&'a mut [u8]>,
    _t: std::marker::PhantomData<T>,
}

impl<'a, T: faer::traits::ComplexField + Copy> Job<'a, T> {
    /// Operand `i` as elements of `T`.
    pub fn op(&self, i: usize) -> &'a [T] {
        // SAFETY: the decoder checked the buffer is aligned for its element type and holds
        // whole elements; `T` is that type (layout() gives the operand types).
        unsafe { cast(self.ops[i]) }
    }
    /// Operand `i` as i32.
    pub fn op_i32(&self, i: usize) -> &'a [i32] {
        // SAFETY: as in `op`, the operand is i32.
        unsafe { cast(self.ops[i]) }
    }
    /// Result `i` as elements of `T`.
    pub fn res(&mut self, i: usize) -> &mut [T] {
        // SAFETY: as in `op`.
        unsafe { cast_mut(self.res[i]) }
    }
    pub fn res_i32(&mut self, i: usize) -> &mut [i32] {
        // SAFETY: as in `op`, the result is i32.
        unsafe { cast_mut(self.res[i]) }
    }
    /// Result `i` as f64: the real results (eigenvalues, singular values) of complex
    /// routines, which run in complex<f64>.
    pub fn res_f64(&mut self, i: usize) -> &mut [f64] {
        // SAFETY: as in `op`, the result is f64 (complex<f32> routines run widened).
        unsafe { cast_mut(self.res[i]) }
    }
    /// Result `i` as complex<f64>: the eigenvectors of a real `geev`.
    pub fn res_c64(&mut self, i: usize) -> &mut [faer::c64] {
        // SAFETY: as in `op`, the result is complex<f64> (complex<f32> ones run widened);
        // c64 is two f64 (`repr(C)` in num-complex), aligned as f64.
        unsafe { cast_mut(self.res[i]) }
    }
    /// Writes the complex `m` into result `i` (row-major).
    pub fn put_cmat(&mut self, i: usize, m: MatRef<'_, faer::c64>) {
        let (r, c) = (m.nrows(), m.ncols());
        MatMut::from_row_major_slice_mut(self.res_c64(i), r, c).copy_from(m);
    }
    /// Operand `i` as an `r x c` matrix (a column-major copy).
    pub fn op_mat(&self, i: usize, r: usize, c: usize) -> Mat<T> {
        let mut m = Mat::zeros(r, c);
        m.copy_from(MatRef::from_row_major_slice(self.op(i), r, c));
        m
    }
    /// Writes `m` into result `i` (row-major).
    pub fn put_mat(&mut self, i: usize, m: MatRef<'_, T>) {
        let (r, c) = (m.nrows(), m.ncols());
        MatMut::from_row_major_slice_mut(self.res(i), r, c).copy_from(m);
    }
    /// Sets every i32 result `i` element (an `info` or `sdim`).
    pub fn put_i32(&mut self, i: usize, v: i32) {
        self.res_i32(i).fill(v);
    }
}

/// # Safety
/// `b` is aligned for `T` and its length a multiple of `T`'s size.
unsafe fn cast<T>(b: &[u8]) -> &[T] {
    // SAFETY: forwarded from the caller.
    unsafe { std::slice::from_raw_parts(b.as_ptr().cast(), b.len() / size_of::<T>()) }
}

/// # Safety
/// As [`cast`].
unsafe fn cast_mut<T>(b: &mut [u8]) -> &mut [T] {
    // SAFETY: forwarded from the caller.
    unsafe { std::slice::from_raw_parts_mut(b.as_mut_ptr().cast(), b.len() / size_of::<T>()) }
}

/// A scratch stack of at least `req`.
pub(crate) fn scratch(req: StackReq) -> MemBuffer {
    MemBuffer::new(req)
}

/// Runs `f` with a [`MemStack`] over `buf`.
pub(crate) fn with_stack<R>(buf: &mut MemBuffer, f: impl FnOnce(&mut MemStack) -> R) -> R {
    f(MemStack::new(buf))
}

/// Runs the step.
///
/// # Safety
/// `l` was validated against the regions `bases` points at (every operand and result has
/// the size and alignment [`Linalg::layout`] gives, results are writable and overlap
/// nothing else).
pub unsafe fn linalg(l: &Linalg, bases: &Bases, threads: usize) {
    let (ops, res) = l.layout().expect("validated");
    let batch = l.batch as usize;
    if batch == 0 {
        return;
    }
    // Bytes of each buffer per matrix of the batch, and the buffers' addresses.
    let per = |parts: &[(DType, u64)]| -> Vec<usize> {
        parts
            .iter()
            .map(|&(d, n)| n as usize / batch * d.size())
            .collect()
    };
    let (op_bytes, res_bytes) = (per(&ops), per(&res));
    let op_ptrs: Vec<usize> = l.operands.iter().map(|b| bases.ptr(b) as usize).collect();
    let res_ptrs: Vec<usize> = l.results.iter().map(|b| bases.ptr(b) as usize).collect();
    // Batches split by matrices when a matrix is worth a thread (a few thousand flops).
    let work = (l.m.max(1) * l.n.max(1) * l.m.max(l.n).max(1)) as usize;
    let parts = if threads > 1 && work >= 1 << 15 {
        threads
    } else {
        1
    };
    let (ops, res) = (&ops, &res);
    chunks(batch, parts, |begin, end| {
        for b in begin..end {
            // SAFETY: matrix `b` of each buffer lies inside it (sizes validated against
            // `batch` matrices); results are disjoint from every other buffer, and parts
            // take disjoint matrices, so these are the only references to their bytes.
            let job = unsafe {
                (
                    op_ptrs
                        .iter()
                        .zip(&op_bytes)
                        .map(|(&p, &n)| std::slice::from_raw_parts((p as *const u8).add(b * n), n))
                        .collect::<Vec<_>>(),
                    res_ptrs
                        .iter()
                        .zip(&res_bytes)
                        .map(|(&p, &n)| {
                            std::slice::from_raw_parts_mut((p as *mut u8).add(b * n), n)
                        })
                        .collect::<Vec<_>>(),
                )
            };
            match l.dtype {
                DType::F32 | DType::C64 => run_widened(l, job, ops, res),
                DType::F64 | DType::C128 => run_f64(l, job),
                d => unreachable!("validated dtype {d}"),
            }
        }
    });
}

/// One f32 or complex<f32> matrix: computed in f64 and rounded once. faer's routines are generic and large,
/// so one instantiation keeps the runtime small (`pjx-run`); the results are at least as
/// accurate as LAPACK's single precision (as pjrtc's own triangular_solve and cholesky
/// kernels, which compute in f64 too).
fn run_widened(
    l: &Linalg,
    (ops, res): (Vec<&[u8]>, Vec<&mut [u8]>),
    op_parts: &[(DType, u64)],
    res_parts: &[(DType, u64)],
) {
    let widen = |b: &[u8], d: DType| -> Vec<u8> {
        match d {
            DType::F32 | DType::C64 => b
                .chunks_exact(4)
                .flat_map(|c| {
                    (f32::from_le_bytes(c.try_into().expect("4 bytes")) as f64).to_le_bytes()
                })
                .collect(),
            _ => b.to_vec(),
        }
    };
    // 8-byte aligned copies (Vec<u64>) of the operands and results, f32 ones as f64.
    let aligned = |bytes: Vec<u8>| -> Vec<u64> {
        let mut v = vec![0u64; bytes.len().div_ceil(8)];
        // SAFETY: `v` holds at least `bytes.len()` bytes.
        unsafe {
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), v.as_mut_ptr().cast(), bytes.len())
        };
        v
    };
    let wide_len = |n: usize, d: DType| {
        if matches!(d, DType::F32 | DType::C64) {
            2 * n
        } else {
            n
        }
    };
    let op_store: Vec<(Vec<u64>, usize)> = ops
        .iter()
        .zip(op_parts)
        .map(|(b, &(d, _))| (aligned(widen(b, d)), wide_len(b.len(), d)))
        .collect();
    let mut res_store: Vec<(Vec<u64>, usize)> = res
        .iter()
        .zip(res_parts)
        .map(|(b, &(d, _))| {
            let n = wide_len(b.len(), d);
            (vec![0u64; n.div_ceil(8)], n)
        })
        .collect();
    {
        // SAFETY: each store holds its `len` bytes, 8-byte aligned.
        let wide_ops: Vec<&[u8]> = op_store
            .iter()
            .map(|(v, n)| unsafe { std::slice::from_raw_parts(v.as_ptr().cast::<u8>(), *n) })
            .collect();
        // SAFETY: as above; the stores are distinct.
        let wide_res: Vec<&mut [u8]> = res_store
            .iter_mut()
            .map(|(v, n)| unsafe {
                std::slice::from_raw_parts_mut(v.as_mut_ptr().cast::<u8>(), *n)
            })
            .collect();
        run_f64(l, (wide_ops, wide_res));
    }
    for ((out, &(d, _)), (v, n)) in res.into_iter().zip(res_parts).zip(&res_store) {
        // SAFETY: as above.
        let wide = unsafe { std::slice::from_raw_parts(v.as_ptr().cast::<u8>(), *n) };
        match d {
            DType::F32 | DType::C64 => {
                for (o, c) in out.chunks_exact_mut(4).zip(wide.chunks_exact(8)) {
                    let x = f64::from_le_bytes(c.try_into().expect("8 bytes")) as f32;
                    o.copy_from_slice(&x.to_le_bytes());
                }
            }
            _ => out.copy_from_slice(wide),
        }
    }
}

/// One matrix of the batch in f64 or complex<f64> (f32 and complex<f32> ones widened).
fn run_f64(l: &Linalg, (ops, res): (Vec<&[u8]>, Vec<&mut [u8]>)) {
    if l.dtype.is_complex() {
        let mut job = Job::<faer::c64> {
            ops,
            res,
            _t: std::marker::PhantomData,
        };
        cplx::run(l, &mut job);
    } else {
        run(
            l,
            Job {
                ops,
                res,
                _t: std::marker::PhantomData,
            },
        );
    }
}

/// One real matrix of the batch.
fn run(l: &Linalg, mut job: Job<'_, f64>) {
    let (m, n, k) = (l.m as usize, l.n as usize, l.k as usize);
    let f = |bit| l.flags & bit != 0;
    match l.routine {
        Routine::Getrf => lu::getrf(&mut job, m, n),
        Routine::Geqrf => qr::geqrf(&mut job, m, n),
        Routine::Geqp3 => qr::geqp3(&mut job, m, n),
        Routine::Orgqr => qr::orgqr(&mut job, m, n, k),
        Routine::Ormqr => qr::ormqr(&mut job, m, n, k, f(flags::LEFT), f(flags::TRANSPOSE)),
        Routine::Potrf => chol::potrf(&mut job, n, f(flags::LOWER)),
        Routine::Syevd => eig::syevd(&mut job, n, f(flags::LOWER), f(flags::VECTORS)),
        Routine::Gesdd | Routine::Gesvd => {
            svd::gesdd(&mut job, m, n, f(flags::VECTORS), f(flags::FULL))
        }
        Routine::Gees => schur::gees(&mut job, n, f(flags::VECTORS)),
        Routine::Gehrd => eig::gehrd(&mut job, n),
        Routine::Sytrd => eig::sytrd(&mut job, n, f(flags::LOWER)),
        Routine::Trsm => trsm::trsm(
            &mut job,
            m,
            n,
            f(flags::LEFT),
            f(flags::LOWER),
            f(flags::TRANSPOSE),
            f(flags::UNIT_DIAGONAL),
        ),
        Routine::Gtsv => gtsv::gtsv(&mut job, m, n),
        Routine::Geev => geev::geev_real(&mut job, n, f(flags::LEFT_VECTORS), f(flags::VECTORS)),
    }
}

#[cfg(test)]
mod cplx_tests;
#[cfg(test)]
pub(crate) mod tests;
