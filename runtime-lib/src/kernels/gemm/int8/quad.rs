//! The blocked 8-bit product over groups of four summation steps, for a tile that
//! multiplies unsigned bytes by signed bytes four at a time (AVX-512 VNNI's `vpdpbusd`,
//! or [`Portable`], which computes the same).
//!
//! A block of `KC` steps and `NC` columns of B is packed into panels of `NR` columns:
//! quad `q` of a panel is `NR` words, word `j` the four bytes `b[4q..4q + 4, j]`. A block
//! of `MC` rows of A is packed row by row, quad `q` of a row the word of bytes `a[i,
//! 4q..4q + 4]`. Missing steps past `k` are zero bytes on both sides. One operand goes in
//! the instruction's unsigned slot, the other in its signed one (see [`Plan`]); a flipped
//! sign bit is corrected per row or column when the tile stores.

use super::super::View;
use super::super::pack::{Line, room};
use super::{Signs, byte};
use std::cell::RefCell;

/// Summation steps per packed block (a multiple of 4).
const KC: usize = 1024;
/// Columns per packed block of B.
const NC: usize = 512;
/// Rows per packed block of A.
const MC: usize = 96;

/// A register tile over quads of steps.
pub(crate) trait QuadTile {
    /// Rows of the tile.
    const MR: usize;
    /// Columns of the tile, a multiple of 16.
    const NR: usize;

    /// Sets (or with `add`, increases) the `mr x nr` tile at `c` (element `(i, j)` at
    /// `c + i * rs + j * cs`) by `rowcorr[i] + colcorr[j] + sum_q dot4(a_i[q], b[q][j])`,
    /// where `a_i` is the row at `a + i * ars` and quad `q` of the panel is the `NR` words
    /// at `b + q * NR`. With `a_unsigned`, `dot4(x, y)` multiplies the bytes of A's word
    /// as unsigned by B's as signed; otherwise A's as signed by B's as unsigned. All in
    /// wrapping i32.
    ///
    /// # Safety
    /// The CPU has the tile's features; `1 <= mr <= MR`, `1 <= nr <= NR`; A's rows hold
    /// `kcq` words, the panel `kcq * NR` words (64-byte aligned), `rowcorr` `mr` and
    /// `colcorr` `NR`; the tile is inside C and nothing else accesses it meanwhile.
    #[allow(clippy::too_many_arguments)]
    unsafe fn tile(
        mr: usize,
        kcq: usize,
        a: *const i32,
        ars: usize,
        b: *const i32,
        c: *mut i32,
        rs: isize,
        cs: isize,
        nr: usize,
        add: bool,
        a_unsigned: bool,
        rowcorr: *const i32,
        colcorr: *const i32,
    );
}

/// How the operands map onto the unsigned x signed instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Plan {
    /// A goes in the unsigned slot (else B does).
    pub a_unsigned: bool,
    /// XOR applied to A's bytes while packing (0x80 flips i8 to `a + 128` as u8).
    pub a_xor: u8,
    /// XOR applied to B's bytes (0x80 flips u8 to `b - 128` as i8).
    pub b_xor: u8,
}

impl Plan {
    pub(crate) fn of(signs: Signs) -> Plan {
        match (signs.lhs, signs.rhs) {
            (false, true) => Plan {
                a_unsigned: true,
                a_xor: 0,
                b_xor: 0,
            },
            (true, false) => Plan {
                a_unsigned: false,
                a_xor: 0,
                b_xor: 0,
            },
            // a = (a + 128) - 128: the sums are off by 128 * colsum(B).
            (true, true) => Plan {
                a_unsigned: true,
                a_xor: 0x80,
                b_xor: 0,
            },
            // b = (b - 128) + 128: the sums are off by -128 * rowsum(A).
            (false, false) => Plan {
                a_unsigned: true,
                a_xor: 0,
                b_xor: 0x80,
            },
        }
    }
}

/// One 64-byte line of packed words.
#[derive(Default)]
struct Scratch {
    a: Vec<Line>,
    b: Vec<Line>,
    rowcorr: Vec<i32>,
    colcorr: Vec<i32>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// `o = l * r` (see [`super::gemm`]) with tile `T`.
///
/// # Safety
/// As [`super::gemm`], on a CPU with `T`'s features.
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn gemm<T: QuadTile>(
    m: usize,
    n: usize,
    k: usize,
    l: View,
    r: View,
    o: View,
    signs: Signs,
) {
    if m == 0 || n == 0 {
        return;
    }
    let at = |i: usize, j: usize| {
        (o.ptr as *mut i32).wrapping_offset(i as isize * o.rs + j as isize * o.cs)
    };
    if k == 0 {
        for i in 0..m {
            for j in 0..n {
                // SAFETY: (i, j) is inside the output.
                unsafe { at(i, j).write(0) }
            }
        }
        return;
    }
    let plan = Plan::of(signs);
    SCRATCH.with(|cell| {
        let mut own = Scratch::default();
        let mut held = cell.try_borrow_mut();
        let s = match &mut held {
            Ok(s) => &mut **s,
            // Not expected (the kernels do not nest), but then fresh scratch serves.
            Err(_) => &mut own,
        };
        let kcq_max = k.min(KC).div_ceil(4);
        let ncp = n.min(NC).next_multiple_of(T::NR);
        let apack = room::<i32>(&mut s.a, m.min(MC) * kcq_max);
        let bpack = room::<i32>(&mut s.b, ncp * kcq_max);
        s.rowcorr.resize(m.min(MC), 0);
        s.colcorr.resize(ncp, 0);
        for jc in (0..n).step_by(NC) {
            let nc = NC.min(n - jc);
            for pc in (0..k).step_by(KC) {
                let kc = KC.min(k - pc);
                let kcq = kc.div_ceil(4);
                // SAFETY: the block is inside B; bpack holds ncp x kcq words.
                let colsum =
                    unsafe { pack_b::<T>(kc, nc, r, pc, jc, signs.rhs, plan.b_xor, bpack) };
                for (c, &x) in s.colcorr.iter_mut().zip(&colsum) {
                    // -128 * colsum(B) when A was flipped.
                    *c = if plan.a_xor != 0 {
                        x.wrapping_mul(-128)
                    } else {
                        0
                    };
                }
                for ic in (0..m).step_by(MC) {
                    let mc = MC.min(m - ic);
                    // SAFETY: the block is inside A; apack holds mc x kcq words.
                    unsafe {
                        pack_a(
                            mc,
                            kc,
                            l,
                            ic,
                            pc,
                            signs.lhs,
                            plan.a_xor,
                            apack,
                            &mut s.rowcorr,
                        )
                    };
                    if plan.b_xor == 0 {
                        s.rowcorr[..mc].fill(0);
                    } else {
                        // +128 * rowsum(A) when B was flipped.
                        for x in &mut s.rowcorr[..mc] {
                            *x = x.wrapping_mul(128);
                        }
                    }
                    for jr in (0..nc).step_by(T::NR) {
                        let nr = T::NR.min(nc - jr);
                        for ir in (0..mc).step_by(T::MR) {
                            let mr = T::MR.min(mc - ir);
                            // SAFETY: rows ir.. of apack and panel jr / NR of bpack were
                            // packed above, with their corrections; the tile is inside
                            // the output; the CPU has T's features (the contract).
                            unsafe {
                                T::tile(
                                    mr,
                                    kcq,
                                    apack.add(ir * kcq),
                                    kcq,
                                    bpack.add(jr * kcq),
                                    at(ic + ir, jc + jr),
                                    o.rs,
                                    o.cs,
                                    nr,
                                    pc > 0,
                                    plan.a_unsigned,
                                    s.rowcorr.as_ptr().add(ir),
                                    s.colcorr.as_ptr().add(jr),
                                )
                            }
                        }
                    }
                }
            }
        }
    });
}

/// Packs steps `pc..pc + kc` and columns `jc..jc + nc` of B into panels of `NR` columns
/// (see the module docs), each byte XOR `xor`; returns each packed column's sum of its
/// values (before the XOR) over the block, `nc` rounded up to `NR` of them.
///
/// # Safety
/// The block is inside `b`; `dst` has room for `nc.next_multiple_of(NR) * kcq` words.
#[allow(clippy::too_many_arguments)]
unsafe fn pack_b<T: QuadTile>(
    kc: usize,
    nc: usize,
    b: View,
    pc: usize,
    jc: usize,
    signed: bool,
    xor: u8,
    dst: *mut i32,
) -> Vec<i32> {
    let kcq = kc.div_ceil(4);
    let mut sums = vec![0i32; nc.next_multiple_of(T::NR)];
    // Rows of B contiguous: whole panels from four row slices at a time.
    const { assert!(T::NR <= ZERO_ROW.len()) };
    let full = if b.cs == 1 { nc - nc % T::NR } else { 0 };
    for jp in (0..full).step_by(T::NR) {
        for q in 0..kcq {
            // SAFETY: NR contiguous bytes from column jc + jp of each step row of the
            // block (steps past kc are left out); quad q of panel jp / NR is NR words
            // inside dst.
            unsafe {
                let row = |t: usize| {
                    let p = 4 * q + t;
                    (p < kc).then(|| {
                        let at = b.ptr.offset((pc + p) as isize * b.rs + (jc + jp) as isize);
                        std::slice::from_raw_parts(at as *const u8, T::NR)
                    })
                };
                let out = std::slice::from_raw_parts_mut(dst.add(jp * kcq + q * T::NR), T::NR);
                interleave4(
                    [row(0), row(1), row(2), row(3)],
                    signed,
                    xor,
                    out,
                    &mut sums[jp..jp + T::NR],
                );
            }
        }
    }
    for jp in (full..nc).step_by(T::NR) {
        let w = T::NR.min(nc - jp);
        for q in 0..kcq {
            for j in 0..T::NR {
                let mut word = [0u8; 4];
                if j < w {
                    for (t, x) in word.iter_mut().enumerate() {
                        let p = 4 * q + t;
                        if p < kc {
                            // SAFETY: (pc + p, jc + jp + j) is inside the block.
                            let v = unsafe { byte(b, signed, pc + p, jc + jp + j) };
                            sums[jp + j] = sums[jp + j].wrapping_add(v);
                            *x = v as u8 ^ xor;
                        }
                    }
                }
                // SAFETY: word j of quad q of panel jp / NR, inside dst.
                unsafe {
                    dst.add(jp * kcq + q * T::NR + j)
                        .write(i32::from_le_bytes(word))
                }
            }
        }
    }
    sums
}

/// Packs rows `ic..ic + mc` and steps `pc..pc + kc` of A row by row (row `i` at
/// `dst + i * kcq`), each byte XOR `xor`; `rowsum[i]` gets each row's sum of its values
/// (before the XOR).
///
/// # Safety
/// The block is inside `a`; `dst` has room for `mc * kcq` words; `rowsum` has `mc`.
#[allow(clippy::too_many_arguments)]
unsafe fn pack_a(
    mc: usize,
    kc: usize,
    a: View,
    ic: usize,
    pc: usize,
    signed: bool,
    xor: u8,
    dst: *mut i32,
    rowsum: &mut [i32],
) {
    let kcq = kc.div_ceil(4);
    for (i, sum) in rowsum.iter_mut().enumerate().take(mc) {
        if a.cs == 1 {
            // A contiguous row: its quads are its bytes as they lie (zeros past kc).
            // SAFETY: kc bytes of row ic + i from step pc are inside A; packed row i is
            // kcq words inside dst.
            unsafe {
                let at = a.ptr.offset((ic + i) as isize * a.rs + pc as isize);
                let src = std::slice::from_raw_parts(at as *const u8, kc);
                let out = std::slice::from_raw_parts_mut(dst.add(i * kcq) as *mut u8, 4 * kcq);
                *sum = copy_xor(src, signed, xor, out);
            }
            continue;
        }
        *sum = 0;
        for q in 0..kcq {
            let mut word = [0u8; 4];
            for (t, x) in word.iter_mut().enumerate() {
                let p = 4 * q + t;
                if p < kc {
                    // SAFETY: (ic + i, pc + p) is inside the block.
                    let v = unsafe { byte(a, signed, ic + i, pc + p) };
                    *sum = sum.wrapping_add(v);
                    *x = v as u8 ^ xor;
                }
            }
            // SAFETY: quad q of packed row i, inside dst.
            unsafe { dst.add(i * kcq + q).write(i32::from_le_bytes(word)) }
        }
    }
}

/// The bytes of a missing step row in [`interleave4`]: panels are at most this wide.
const ZERO_ROW: [u8; 64] = [0; 64];

/// `out[..src.len()]` = `src` XOR `xor`, the rest of `out` zero; returns the sum of
/// `src`'s bytes read as i8 (`signed`) or u8. Plain loops over bytes, which the compiler
/// vectorizes.
fn copy_xor(src: &[u8], signed: bool, xor: u8, out: &mut [u8]) -> i32 {
    let (head, tail) = out.split_at_mut(src.len());
    for (o, &x) in head.iter_mut().zip(src) {
        *o = x ^ xor;
    }
    tail.fill(0);
    // At most KC bytes: the sum fits in i32 either way.
    if signed {
        src.iter().map(|&x| x as i8 as i32).sum()
    } else {
        src.iter().map(|&x| x as i32).sum()
    }
}

/// Word `j` of `out` = bytes `rows[t][j]` XOR `xor` for t = 0..4 (a missing row gives
/// zero bytes), and `sums[j]` increased by the four bytes read as i8 (`signed`) or u8.
/// Widened to u32 lanes and shifted into place, a form the compiler vectorizes.
fn interleave4(rows: [Option<&[u8]>; 4], signed: bool, xor: u8, out: &mut [i32], sums: &mut [i32]) {
    let n = out.len();
    let zero = &ZERO_ROW[..n];
    let has: [bool; 4] = std::array::from_fn(|t| rows[t].is_some());
    let r: [&[u8]; 4] = std::array::from_fn(|t| rows[t].unwrap_or(zero));
    let x: [u32; 4] = std::array::from_fn(|t| if has[t] { xor as u32 } else { 0 });
    for j in 0..n {
        out[j] = ((r[0][j] as u32 ^ x[0])
            | (r[1][j] as u32 ^ x[1]) << 8
            | (r[2][j] as u32 ^ x[2]) << 16
            | (r[3][j] as u32 ^ x[3]) << 24) as i32;
    }
    for (j, s) in sums.iter_mut().enumerate().take(n) {
        let add = if signed {
            r[0][j] as i8 as i32
                + r[1][j] as i8 as i32
                + r[2][j] as i8 as i32
                + r[3][j] as i8 as i32
        } else {
            r[0][j] as i32 + r[1][j] as i32 + r[2][j] as i32 + r[3][j] as i32
        };
        *s = s.wrapping_add(add);
    }
}

#[cfg(test)]
/// `vpdpbusd`'s lane: the four products of `u`'s bytes as unsigned and `s`'s as signed,
/// added to `acc` (wrapping, no saturation).
pub(crate) fn dot4(acc: i32, u: i32, s: i32) -> i32 {
    let (u, s) = (u.to_le_bytes(), s.to_le_bytes());
    (0..4).fold(acc, |a, t| a.wrapping_add(u[t] as i32 * s[t] as i8 as i32))
}

/// The tile in plain Rust, the semantics [`super::vnni::Vnni`] has in registers (the
/// tests run the driver with it on any CPU).
#[cfg(test)]
pub(crate) struct Portable;

#[cfg(test)]
impl QuadTile for Portable {
    const MR: usize = 8;
    const NR: usize = 32;

    unsafe fn tile(
        mr: usize,
        kcq: usize,
        a: *const i32,
        ars: usize,
        b: *const i32,
        c: *mut i32,
        rs: isize,
        cs: isize,
        nr: usize,
        add: bool,
        a_unsigned: bool,
        rowcorr: *const i32,
        colcorr: *const i32,
    ) {
        for i in 0..mr {
            for j in 0..nr {
                // SAFETY: the corrections and the tile's element by the contract.
                let (mut acc, dst) = unsafe {
                    (
                        (*rowcorr.add(i)).wrapping_add(*colcorr.add(j)),
                        c.offset(i as isize * rs + j as isize * cs),
                    )
                };
                for q in 0..kcq {
                    // SAFETY: quad q of row i and of the panel.
                    let (x, y) = unsafe { (*a.add(i * ars + q), *b.add(q * Self::NR + j)) };
                    acc = if a_unsigned {
                        dot4(acc, x, y)
                    } else {
                        dot4(acc, y, x)
                    };
                }
                // SAFETY: inside the tile.
                unsafe {
                    dst.write(if add {
                        dst.read().wrapping_add(acc)
                    } else {
                        acc
                    })
                }
            }
        }
    }
}
