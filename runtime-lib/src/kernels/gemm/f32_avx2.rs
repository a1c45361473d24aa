//! f32 matrix multiply for x86_64 with AVX2 and FMA.
//!
//! BLIS's loop order: for each block of `NC` output columns and `KC` summation steps, the
//! right-hand side is packed into panels of `NR` columns (`k` rows of `NR` contiguous
//! floats, zero-padded, 32-byte aligned); for each block of `MC` rows the left-hand side
//! is packed into panels of `MR` rows; then a register-blocked micro-kernel multiplies one
//! `MR x k` panel by one `k x NR` panel, holding the `MR x NR` tile in `MR * NR / 8` ymm
//! accumulators. A panel of B (16 KiB at `KC = 256`) stays in L1 while the row panels of
//! the `MC x KC` block of A (L2) stream past it. Edge tiles run the same kernel on the
//! zero-padded panels and store only their valid part.
//!
//! A single-row product (`m = 1`, a matrix-vector product such as a classifier layer)
//! skips packing: it reads B's rows once, as they lie, with eight accumulators per 64
//! columns.
//!
//! Sums stay f32: each tile adds its `KC` products with FMA in order, then adds them to
//! what earlier `KC` blocks left in the output.

use super::View;
use std::arch::x86_64::*;
use std::cell::RefCell;

/// Rows of the register tile.
const MR: usize = 4;
/// Columns of the register tile, in ymm vectors of 8 floats.
const NV: usize = 3;
/// Columns of the register tile.
const NR: usize = NV * 8;
/// Summation steps per packed block: a `KC x NR` panel of B is 16 KiB, half of L1.
const KC: usize = 256;
/// Rows per packed block of A: `MC x KC` floats are 144 KiB, well inside the 512 KiB L2.
const MC: usize = 144;
/// Columns per packed block of B: `KC x NC` floats are 4 MiB, a slice of L3.
const NC: usize = 256;

/// One 64-byte line of packed floats (the alignment the aligned loads need).
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Line([f32; 16]);

thread_local! {
    /// Packing scratch of this thread, kept between calls: (A block, B block).
    static SCRATCH: RefCell<(Vec<Line>, Vec<Line>)> = const { RefCell::new((Vec::new(), Vec::new())) };
}

/// `o = l * r` for an `m x k` by `k x n` product of f32 views (any strides).
///
/// # Safety
/// The CPU supports AVX2 and FMA. Every element of the three views is in bounds and
/// aligned for f32, and the output is not accessed by anyone else meanwhile (nor does it
/// overlap the inputs).
#[target_feature(enable = "avx2,fma")]
pub(super) unsafe fn gemm(m: usize, n: usize, k: usize, l: View, r: View, o: View) {
    if m == 0 || n == 0 {
        return;
    }
    let (a, b, c) = (
        Mat::of(l),
        Mat::of(r),
        Mat {
            ptr: o.ptr as *mut f32,
            rs: o.rs,
            cs: o.cs,
        },
    );
    if k == 0 {
        for i in 0..m {
            for j in 0..n {
                // SAFETY: (i, j) is inside the output.
                unsafe { c.at(i, j).write(0.0) }
            }
        }
        return;
    }
    if m == 1 && b.cs == 1 {
        // SAFETY: forwarded; row 0 of A and C, all of B, are in bounds.
        return unsafe { gemv(n, k, a, b, c) };
    }
    let grab = |cell: &RefCell<(Vec<Line>, Vec<Line>)>| {
        // A fresh pair when this thread's scratch is already in use (not expected: the
        // kernels do not nest).
        match cell.try_borrow_mut() {
            Ok(mut s) => {
                let mut pair = std::mem::take(&mut *s);
                // SAFETY: forwarded.
                unsafe { blocked(m, n, k, a, b, c, &mut pair) };
                *s = pair;
            }
            Err(_) => {
                let mut pair = (Vec::new(), Vec::new());
                // SAFETY: forwarded.
                unsafe { blocked(m, n, k, a, b, c, &mut pair) };
            }
        }
    };
    SCRATCH.with(grab);
}

/// A matrix of f32: element `(i, j)` at `ptr + i * rs + j * cs`.
#[derive(Clone, Copy)]
struct Mat {
    ptr: *mut f32,
    rs: isize,
    cs: isize,
}

impl Mat {
    fn of(v: View) -> Mat {
        Mat {
            ptr: v.ptr as *mut f32,
            rs: v.rs,
            cs: v.cs,
        }
    }

    /// # Safety
    /// `(i, j)` is inside the matrix.
    #[inline(always)]
    unsafe fn at(self, i: usize, j: usize) -> *mut f32 {
        // SAFETY: in bounds by the caller's contract.
        unsafe { self.ptr.offset(i as isize * self.rs + j as isize * self.cs) }
    }
}

/// Grows `v` to at least `lines` lines and returns its start.
fn room(v: &mut Vec<Line>, lines: usize) -> *mut f32 {
    if v.len() < lines {
        v.resize(lines, Line([0.0; 16]));
    }
    v.as_mut_ptr() as *mut f32
}

/// The blocked product (see the module docs).
///
/// # Safety
/// As [`gemm`], with `m, n, k > 0`.
#[allow(clippy::too_many_arguments)]
#[target_feature(enable = "avx2,fma")]
unsafe fn blocked(
    m: usize,
    n: usize,
    k: usize,
    a: Mat,
    b: Mat,
    c: Mat,
    scratch: &mut (Vec<Line>, Vec<Line>),
) {
    let kc_max = k.min(KC);
    let mc_max = m.min(MC).next_multiple_of(MR);
    let nc_max = n.min(NC).next_multiple_of(NR);
    let apack = room(&mut scratch.0, (mc_max * kc_max).div_ceil(16));
    let bpack = room(&mut scratch.1, (nc_max * kc_max).div_ceil(16));
    for jc in (0..n).step_by(NC) {
        let nc = NC.min(n - jc);
        for pc in (0..k).step_by(KC) {
            let kc = KC.min(k - pc);
            // SAFETY: the block is inside B; bpack holds nc rounded up to NR times kc.
            unsafe { pack_b(kc, nc, b, pc, jc, bpack) };
            for ic in (0..m).step_by(MC) {
                let mc = MC.min(m - ic);
                // Row-major A is read in place, except for a last panel of fewer than MR
                // rows (the kernel reads MR rows); anything else is packed.
                let direct = a.cs == 1;
                let packed_rows = if direct { mc - mc % MR } else { 0 };
                // SAFETY: the block's rows from packed_rows are inside A; apack holds
                // mc rounded up to MR times kc.
                unsafe { pack_a(mc - packed_rows, kc, a, ic + packed_rows, pc, apack) };
                for jr in (0..nc).step_by(NR) {
                    let nr = NR.min(nc - jr);
                    // SAFETY: the panel of B was packed above (kc x NR, 64-byte aligned as
                    // bpack is and jr * kc floats are a multiple of 16).
                    let bp = unsafe { bpack.add(jr * kc) };
                    for ir in (0..mc).step_by(MR) {
                        let mr = MR.min(mc - ir);
                        // SAFETY: the tile's mr x nr valid elements are inside C, which
                        // only this call writes; the rows of A are full rows of A (ir + MR
                        // <= packed_rows) or a panel packed above.
                        unsafe {
                            let ct = c.at(ic + ir, jc + jr);
                            if ir < packed_rows {
                                let at = a.at(ic + ir, pc);
                                tile::<true>(kc, at, a.rs, bp, ct, c.rs, c.cs, mr, nr, pc > 0)
                            } else {
                                let at = apack.add((ir - packed_rows) * kc);
                                tile::<false>(kc, at, 0, bp, ct, c.rs, c.cs, mr, nr, pc > 0)
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Packs rows `pc..pc + kc` and columns `jc..jc + nc` of `b` into panels of `NR` columns:
/// panel `q` holds columns `jc + q * NR..`, step `p` at `dst[q * NR * kc + p * NR..][..NR]`,
/// columns past `nc` zero.
///
/// # Safety
/// The block is inside `b`; `dst` has room for `nc.next_multiple_of(NR) * kc` floats.
#[target_feature(enable = "avx2,fma")]
unsafe fn pack_b(kc: usize, nc: usize, b: Mat, pc: usize, jc: usize, dst: *mut f32) {
    let full = if b.cs == 1 { nc - nc % NR } else { 0 };
    // Row-major B: row by row, each row's full panels' worth of columns read in order
    // (one stream the prefetcher follows, rather than a page per row and panel).
    for p in 0..kc {
        for jp in (0..full).step_by(NR) {
            // SAFETY: NR contiguous floats of row pc + p from column jc + jp are in B
            // (cs == 1, jp + NR <= nc); the destination step is inside panel jp / NR.
            unsafe {
                let src = b.at(pc + p, jc + jp);
                let out = dst.add(jp * kc + p * NR);
                for v in 0..NV {
                    _mm256_storeu_ps(out.add(8 * v), _mm256_loadu_ps(src.add(8 * v)));
                }
            }
        }
    }
    // Transposed or strided B, or the last, narrower panel: element by element, reading
    // each column in order.
    for jp in (full..nc).step_by(NR) {
        let w = NR.min(nc - jp);
        // SAFETY: panel jp / NR of dst.
        let out = unsafe { dst.add(jp * kc) };
        for j in 0..NR {
            for p in 0..kc {
                let x = if j < w {
                    // SAFETY: (pc + p, jc + jp + j) is inside the block.
                    unsafe { b.at(pc + p, jc + jp + j).read() }
                } else {
                    0.0
                };
                // SAFETY: inside the panel.
                unsafe { out.add(p * NR + j).write(x) }
            }
        }
    }
}

/// Packs rows `ic..ic + mc` and columns `pc..pc + kc` of `a` into panels of `MR` rows:
/// panel `q` holds rows `ic + q * MR..`, step `p` at `dst[q * MR * kc + p * MR..][..MR]`,
/// rows past `mc` zero.
///
/// # Safety
/// The block is inside `a`; `dst` has room for `mc.next_multiple_of(MR) * kc` floats.
#[target_feature(enable = "avx2,fma")]
unsafe fn pack_a(mc: usize, kc: usize, a: Mat, ic: usize, pc: usize, dst: *mut f32) {
    for ip in (0..mc).step_by(MR) {
        let h = MR.min(mc - ip);
        // SAFETY: panel ip / MR of dst.
        let out = unsafe { dst.add(ip * kc) };
        for i in 0..MR {
            if i < h {
                // SAFETY: row ic + ip + i, columns pc.., are inside A.
                let row = unsafe { a.at(ic + ip + i, pc) };
                for p in 0..kc {
                    // SAFETY: (ic + ip + i, pc + p) is inside A; the slot inside the panel.
                    unsafe { out.add(p * MR + i).write(row.offset(p as isize * a.cs).read()) }
                }
            } else {
                for p in 0..kc {
                    // SAFETY: inside the panel.
                    unsafe { out.add(p * MR + i).write(0.0) }
                }
            }
        }
    }
}

/// The micro-kernel: the `MR x NR` tile `c` (valid part `mr x nr`, element `(i, j)` at
/// `c + i * rs + j * cs`) is set to, or with `add` increased by, the product of `a` and
/// the packed panel `b` (`kc` steps of `NR`, 32-byte aligned). With `DIRECT`, `a` is `MR`
/// rows of a row-major matrix (element `(i, p)` at `a + i * ars + p`); otherwise a packed
/// panel (`kc` steps of `MR`, `ars` unused).
///
/// # Safety
/// `a` and `b` hold `kc` steps; `b` is 32-byte aligned; the valid part of the tile is
/// inside C, and nothing else accesses it meanwhile.
#[allow(clippy::too_many_arguments)]
#[target_feature(enable = "avx2,fma")]
unsafe fn tile<const DIRECT: bool>(
    kc: usize,
    a: *const f32,
    ars: isize,
    b: *const f32,
    c: *mut f32,
    rs: isize,
    cs: isize,
    mr: usize,
    nr: usize,
    add: bool,
) {
    let mut acc = [[_mm256_setzero_ps(); NV]; MR];
    // One summation step: MR broadcasts of A, NV loads of B, MR * NV FMAs.
    let step = |acc: &mut [[__m256; NV]; MR], p: usize| {
        // SAFETY: step p of `a` and `b` is in bounds (p < kc); b + p * NR is 32-byte
        // aligned (b is, and NR floats are 64 bytes).
        unsafe {
            let bp = b.add(p * NR);
            let bv: [__m256; NV] = std::array::from_fn(|v| _mm256_load_ps(bp.add(8 * v)));
            for (i, row) in acc.iter_mut().enumerate() {
                let ai = if DIRECT {
                    _mm256_broadcast_ss(&*a.add(p).offset(i as isize * ars))
                } else {
                    _mm256_broadcast_ss(&*a.add(p * MR + i))
                };
                for (x, &bv) in row.iter_mut().zip(&bv) {
                    *x = _mm256_fmadd_ps(ai, bv, *x);
                }
            }
        }
    };
    // Four steps per iteration: the loop and address arithmetic of one step would
    // otherwise take dispatch slots the loads and FMAs need.
    let mut p = 0;
    while p + 4 <= kc {
        step(&mut acc, p);
        step(&mut acc, p + 1);
        step(&mut acc, p + 2);
        step(&mut acc, p + 3);
        p += 4;
    }
    while p < kc {
        step(&mut acc, p);
        p += 1;
    }
    if mr == MR && nr == NR && cs == 1 {
        for (i, row) in acc.iter().enumerate() {
            for (v, &x) in row.iter().enumerate() {
                // SAFETY: a full tile with unit column stride: 8 contiguous floats of row i.
                unsafe {
                    let dst = c.offset(i as isize * rs).add(8 * v);
                    let y = if add {
                        _mm256_add_ps(_mm256_loadu_ps(dst), x)
                    } else {
                        x
                    };
                    _mm256_storeu_ps(dst, y);
                }
            }
        }
        return;
    }
    let mut tmp = [[0f32; NR]; MR];
    for (t, row) in tmp.iter_mut().zip(&acc) {
        for (v, &x) in row.iter().enumerate() {
            // SAFETY: 8 floats inside the temporary's row.
            unsafe { _mm256_storeu_ps(t.as_mut_ptr().add(8 * v), x) }
        }
    }
    for (i, t) in tmp.iter().enumerate().take(mr) {
        for (j, &x) in t.iter().enumerate().take(nr) {
            // SAFETY: (i, j) is in the valid part of the tile.
            unsafe {
                let dst = c.offset(i as isize * rs + j as isize * cs);
                dst.write(if add { dst.read() + x } else { x });
            }
        }
    }
}

/// Columns per block of the matrix-vector product: eight ymm accumulators.
const GEMV_COLS: usize = 64;

/// `c = a * b` for one row: `a` is `1 x k`, `b` is `k x n` with unit column stride.
///
/// # Safety
/// As [`gemm`] with `m = 1`, `k > 0` and `b.cs == 1`.
#[target_feature(enable = "avx2,fma")]
unsafe fn gemv(n: usize, k: usize, a: Mat, b: Mat, c: Mat) {
    const V: usize = GEMV_COLS / 8;
    let mut j0 = 0;
    while j0 + GEMV_COLS <= n {
        let mut acc = [_mm256_setzero_ps(); V];
        for p in 0..k {
            // SAFETY: (0, p) is in A; row p of B has the 64 columns from j0 (cs == 1).
            unsafe {
                let x = _mm256_broadcast_ss(&*a.at(0, p));
                let row = b.at(p, j0);
                for (v, s) in acc.iter_mut().enumerate() {
                    *s = _mm256_fmadd_ps(x, _mm256_loadu_ps(row.add(8 * v)), *s);
                }
            }
        }
        let mut out = [0f32; GEMV_COLS];
        for (v, &s) in acc.iter().enumerate() {
            // SAFETY: 8 floats inside `out`.
            unsafe { _mm256_storeu_ps(out.as_mut_ptr().add(8 * v), s) }
        }
        for (j, &x) in out.iter().enumerate() {
            // SAFETY: (0, j0 + j) is inside C.
            unsafe { c.at(0, j0 + j).write(x) }
        }
        j0 += GEMV_COLS;
    }
    // The last columns: whole vectors, then one masked vector.
    while j0 < n {
        let w = (n - j0).min(8);
        let lanes: [i32; 8] = std::array::from_fn(|l| if l < w { -1 } else { 0 });
        // SAFETY: plain register setup.
        let mask = unsafe { _mm256_loadu_si256(lanes.as_ptr() as *const __m256i) };
        let mut s = _mm256_setzero_ps();
        for p in 0..k {
            // SAFETY: (0, p) is in A; the masked load reads only the w columns of row p
            // from j0, which are in B.
            unsafe {
                let x = _mm256_broadcast_ss(&*a.at(0, p));
                s = _mm256_fmadd_ps(x, _mm256_maskload_ps(b.at(p, j0), mask), s);
            }
        }
        let mut out = [0f32; 8];
        // SAFETY: 8 floats inside `out`.
        unsafe { _mm256_storeu_ps(out.as_mut_ptr(), s) };
        for (j, &x) in out.iter().enumerate().take(w) {
            // SAFETY: (0, j0 + j) is inside C.
            unsafe { c.at(0, j0 + j).write(x) }
        }
        j0 += w;
    }
}

#[cfg(test)]
mod tests {
    use super::super::{View, with_crate};
    use super::{KC, MC, MR, NC, NR};
    use proptest::prelude::*;

    /// How a test stores a matrix.
    #[derive(Clone, Copy, Debug)]
    enum Layout {
        /// Row-major, rows `pad` elements longer than needed.
        Rows(usize),
        /// Column-major (a transposed operand), columns `pad` longer.
        Cols(usize),
        /// Both strides above one: every other element, rows padded.
        Sparse(usize),
    }

    /// A matrix in a buffer of its own, with its view's strides.
    struct Stored {
        buf: Vec<f32>,
        rs: usize,
        cs: usize,
    }

    impl Stored {
        fn new(rows: usize, cols: usize, layout: Layout, fill: &mut impl FnMut() -> f32) -> Self {
            let (rs, cs) = match layout {
                Layout::Rows(pad) => (cols + pad, 1),
                Layout::Cols(pad) => (1, rows + pad),
                Layout::Sparse(pad) => (2 * cols + pad, 2),
            };
            let len = if rows == 0 || cols == 0 {
                0
            } else {
                (rows - 1) * rs + (cols - 1) * cs + 1
            };
            // Gaps hold NaN: reading one shows up in the result.
            let mut buf = vec![f32::NAN; len];
            for i in 0..rows {
                for j in 0..cols {
                    buf[i * rs + j * cs] = fill();
                }
            }
            Stored { buf, rs, cs }
        }

        fn get(&self, i: usize, j: usize) -> f32 {
            self.buf[i * self.rs + j * self.cs]
        }

        fn view(&mut self) -> View {
            View::new(
                self.buf.as_mut_ptr() as *mut u8,
                self.rs as u64,
                self.cs as u64,
            )
        }
    }

    /// A small deterministic generator (xorshift) of values in [-1, 1).
    fn values(seed: u64) -> impl FnMut() -> f32 {
        let mut s = seed | 1;
        move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            ((s >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
        }
    }

    /// Multiplies with `kernel` and checks every element against an f64 sum, within
    /// `k * eps * sum |a| |b|` (the classic bound for a dot product of length k).
    #[allow(clippy::too_many_arguments)]
    fn check(
        kernel: unsafe fn(usize, usize, usize, View, View, View),
        m: usize,
        n: usize,
        k: usize,
        la: Layout,
        lb: Layout,
        lc: Layout,
        seed: u64,
    ) {
        let mut fill = values(seed);
        let mut a = Stored::new(m, k, la, &mut fill);
        let mut b = Stored::new(k, n, lb, &mut fill);
        let mut c = Stored::new(m, n, lc, &mut || f32::NAN);
        // SAFETY: each view covers its matrix inside its own buffer; c overlaps neither.
        unsafe { kernel(m, n, k, a.view(), b.view(), c.view()) };
        for i in 0..m {
            for j in 0..n {
                let (mut want, mut mag) = (0f64, 0f64);
                for p in 0..k {
                    let t = a.get(i, p) as f64 * b.get(p, j) as f64;
                    want += t;
                    mag += t.abs();
                }
                let got = c.get(i, j) as f64;
                let bound = k as f64 * f32::EPSILON as f64 * mag + f32::MIN_POSITIVE as f64;
                assert!(
                    (got - want).abs() <= bound,
                    "({i}, {j}) of {m}x{n}x{k} {la:?} {lb:?} {lc:?}: got {got}, want {want} \
                     (bound {bound})"
                );
            }
        }
    }

    fn has_avx2() -> bool {
        is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma")
    }

    /// Our kernel, with the feature check its contract needs.
    unsafe fn ours(m: usize, n: usize, k: usize, l: View, r: View, o: View) {
        assert!(has_avx2(), "the AVX2 kernel needs AVX2 and FMA");
        // SAFETY: forwarded; the features were checked just above.
        unsafe { super::gemm(m, n, k, l, r, o) }
    }

    fn layout() -> impl Strategy<Value = Layout> {
        prop_oneof![
            (0..3usize).prop_map(Layout::Rows),
            (0..3usize).prop_map(Layout::Cols),
            (0..3usize).prop_map(Layout::Sparse),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Random small shapes and layouts, ours and the portable crate alike.
        #[test]
        fn random_shapes_match_reference(
            m in 0..100usize, n in 0..100usize, k in 0..100usize,
            la in layout(), lb in layout(), lc in layout(), seed in any::<u64>(),
        ) {
            if has_avx2() {
                check(ours, m, n, k, la, lb, lc, seed);
            }
            check(with_crate::<f32>, m, n, k, la, lb, lc, seed);
        }
    }

    /// Shapes on either side of every blocking boundary (tile, KC, MC, NC), dense and
    /// transposed.
    #[test]
    fn block_boundaries() {
        // On a CPU without the features the portable path takes the same test.
        let kernel = if has_avx2() { ours } else { with_crate::<f32> };
        let shapes = [
            (MR - 1, NR - 1, 1),
            (MR, NR, KC),
            (MR + 1, NR + 1, KC + 1),
            (MC - 1, 2 * NR + 3, KC - 1),
            (MC, 33, 2 * KC),
            (MC + 1, 17, 2 * KC + 1),
            (2 * MC + 5, 40, 70),
            (7, NC + 5, 3),
            (3, NC - 1, KC + 2),
            (1, 300, 700),
            (1, 7, 5),
            (2, 129, 300),
        ];
        for (idx, &(m, n, k)) in shapes.iter().enumerate() {
            for (la, lb) in [
                (Layout::Rows(0), Layout::Rows(0)),
                (Layout::Cols(1), Layout::Cols(0)),
                (Layout::Rows(3), Layout::Sparse(1)),
            ] {
                check(kernel, m, n, k, la, lb, Layout::Rows(idx % 3), idx as u64 + 7);
            }
        }
    }
}
