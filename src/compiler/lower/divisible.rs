//! `x % c == 0` (and `!= 0`) on 32-bit integers, for a constant `c`, as a divisibility
//! test by multiplication with the modular inverse (Granlund and Montgomery; Hacker's
//! Delight 10-17) instead of a division: one multiply, one add and one compare per
//! element, where the remainder costs a multiply-high, shifts and a multiply-subtract.
//!
//! Both the truncated remainder (`stablehlo.remainder`) and the floor modulo programs
//! build from it (`jnp.mod`, Python's `%`: the remainder plus the divisor when it is
//! non-zero and its sign differs from the divisor's) are recognized when they are only
//! compared with zero. Every rewrite below is exact for every 32-bit input; the proofs
//! are beside them.

use super::kir::{Body, Node, NodeId};
use crate::compiler::ir::{BinaryOp, CompareDirection, DType};

/// `a dir b` as a divisibility test if it is `rem(x, c) ==/!= 0` or `floor_mod(x, c)
/// ==/!= 0` (either operand order) for a 32-bit `x` and a constant `c`; `None` when it is
/// not of that form (or the rewrite would gain nothing: `c` = 0).
pub fn compare_with_zero(
    body: &mut Body,
    dir: CompareDirection,
    a: NodeId,
    b: NodeId,
) -> Option<NodeId> {
    if !matches!(dir, CompareDirection::Eq | CompareDirection::Ne) {
        return None;
    }
    let v = if is_zero(body, b) {
        a
    } else if is_zero(body, a) {
        b
    } else {
        return None;
    };
    let r = floor_mod_rem(body, v).unwrap_or(v);
    let (x, c) = rem_by_const(body, r)?;
    Some(divisible(body, x, c, dir == CompareDirection::Eq))
}

fn is_zero(body: &Body, n: NodeId) -> bool {
    body.nodes[n.index()] == Node::Const(0)
}

fn const_bits(body: &Body, n: NodeId) -> Option<u64> {
    match body.nodes[n.index()] {
        Node::Const(c) => Some(c),
        _ => None,
    }
}

/// `(x, c)` if `n` is `rem(x, c)` on i32/ui32 with a constant non-zero `c` (as bits).
fn rem_by_const(body: &Body, n: NodeId) -> Option<(NodeId, u32)> {
    if !matches!(body.ty(n), DType::I32 | DType::U32) {
        return None;
    }
    let Node::Binary {
        op: BinaryOp::Rem,
        a,
        b,
    } = body.nodes[n.index()]
    else {
        return None;
    };
    let c = const_bits(body, b)? as u32;
    (c != 0).then_some((a, c))
}

/// The remainder `r` if `n` is an i32 floor modulo built from it:
/// `select(cond, r + c, r)` with `r = rem(x, c)` for a constant `c` != 0, and `cond` an
/// `and` one of whose operands is `r != 0`. Then `n == 0` exactly when `r == 0`:
///
/// - `cond` false: `n` is `r`.
/// - `cond` true: `r != 0`, so `r == 0` is false, and so is `n == 0`: `r + c` wraps to 0
///   only if `r` is congruent to `-c` modulo 2^32, i.e. `r` is `-c` or `-c +- 2^32`. But
///   a truncated remainder is smaller in magnitude than its divisor, `|r| < |c| <= 2^31`,
///   which excludes `-c`, and `|-c +- 2^32| >= 2^32 - 2^31 = 2^31 > |r|` excludes the
///   others.
///
/// Signed only: for ui32 a remainder below `c` can be `2^32 - c` when `c > 2^31`.
fn floor_mod_rem(body: &mut Body, n: NodeId) -> Option<NodeId> {
    if body.ty(n) != DType::I32 {
        return None;
    }
    let Node::Select {
        cond,
        on_true,
        on_false: r,
    } = body.nodes[n.index()]
    else {
        return None;
    };
    let (x, c) = rem_by_const(body, r)?;
    let Node::Binary {
        op: BinaryOp::Add,
        a,
        b,
    } = body.nodes[on_true.index()]
    else {
        return None;
    };
    let other = if a == r {
        b
    } else if b == r {
        a
    } else {
        return None;
    };
    if const_bits(body, other)? as u32 != c {
        return None;
    }
    let Node::Binary {
        op: BinaryOp::And,
        a,
        b,
    } = body.nodes[cond.index()]
    else {
        return None;
    };
    // `r != 0` itself, or as this module rewrote it (an identical, so shared, node).
    let rewritten = divisible(body, x, c, false);
    let r_nonzero = |p: NodeId| {
        p == rewritten
            || match body.nodes[p.index()] {
                Node::Compare {
                    dir: CompareDirection::Ne,
                    a,
                    b,
                    ..
                } => (a == r && is_zero(body, b)) || (b == r && is_zero(body, a)),
                _ => false,
            }
    };
    (r_nonzero(a) || r_nonzero(b)).then_some(r)
}

/// The inverse of odd `d` modulo 2^32 (Newton's iteration: each step doubles the
/// number of correct low bits, starting from 3 for `x = d`).
pub fn inverse_mod_2_32(d: u32) -> u32 {
    let mut x = d;
    for _ in 0..4 {
        x = x.wrapping_mul(2u32.wrapping_sub(d.wrapping_mul(x)));
    }
    x
}

/// `x % c == 0` (`eq`) or `x % c != 0` for i32/ui32 `x` and constant `c` != 0 (bits), as
/// an i1 node. With `|c| = 2^t d` (`d` odd; `|c|` read as unsigned for ui32, and 2^31 for
/// i32 `c` = INT_MIN), the remainder is zero exactly when `c` divides `x` (for both
/// dtypes: `rem` truncates, and INT_MIN % -1 is 0), i.e. when `2^t` and `d` (coprime)
/// both divide `x`:
///
/// - `2^t | x` iff the low `t` bits of `x` (two's complement) are zero;
/// - `d | x`, for `d` >= 3 with inverse `inv` (`d inv = 1 mod 2^32`), write `M = 2^32`.
///   ui32 (`x` in `[0, M)`): with `L = floor((M - 1) / d)`, `d | x` iff
///   `x inv mod M <= L`. Multiples `x = k d` have `k` in `[0, L]` and `x inv = k`. Conversely
///   if `x inv = k (mod M)` with `k <= L`, then `x = k d (mod M)` and both lie in `[0, M)`,
///   so `x = k d`.
///   i32 (`x` in `[-2^31, 2^31)`): with `C = floor((2^31 - 1) / d)`, which is also
///   `floor(2^31 / d)` as odd `d` does not divide 2^31, the multiples are `k d` for `k` in
///   `[-C, C]`, and `d | x` iff `(x inv + C) mod M <= 2C` (the same argument, on the
///   interval `[-2^31, 2^31)` of `M` consecutive integers, after shifting `k` by `C`).
///   The unsigned `u <= 2C` is computed as the signed `(u + 2^31) < 2C + 1 - 2^31` (adding
///   2^31 modulo `M` maps unsigned order onto signed order), so the bias folds into the
///   one addition and the compare is a single signed vector compare.
fn divisible(body: &mut Body, x: NodeId, c: u32, eq: bool) -> NodeId {
    let dt = body.ty(x);
    let signed = dt == DType::I32;
    let mag = if signed { (c as i32).unsigned_abs() } else { c };
    let t = mag.trailing_zeros();
    let d = mag >> t;
    let k32 = |body: &mut Body, v: u32| body.push(Node::Const(u64::from(v)), dt);
    let cmp = |body: &mut Body, dir: CompareDirection, a: NodeId, b: NodeId| {
        body.push(
            Node::Compare {
                dir,
                a,
                b,
                total_order: false,
            },
            DType::I1,
        )
    };
    let (is, is_not) = (CompareDirection::Eq, CompareDirection::Ne);
    let mut tests = Vec::new();
    if t > 0 {
        let mask = k32(body, ((1u64 << t) - 1) as u32);
        let low = body.push(
            Node::Binary {
                op: BinaryOp::And,
                a: x,
                b: mask,
            },
            dt,
        );
        let zero = k32(body, 0);
        tests.push(cmp(body, if eq { is } else { is_not }, low, zero));
    }
    if d > 1 {
        let inv = k32(body, inverse_mod_2_32(d));
        let p = body.push(
            Node::Binary {
                op: BinaryOp::Mul,
                a: x,
                b: inv,
            },
            dt,
        );
        let (lt, ge) = (CompareDirection::Lt, CompareDirection::Ge);
        let test = if signed {
            let cc = (i32::MAX as u32) / d;
            let bias = k32(body, cc.wrapping_add(1 << 31));
            let u = body.push(
                Node::Binary {
                    op: BinaryOp::Add,
                    a: p,
                    b: bias,
                },
                dt,
            );
            let bound = k32(body, (2 * cc + 1).wrapping_add(1 << 31));
            cmp(body, if eq { lt } else { ge }, u, bound)
        } else {
            // ui32 compares unsigned: `x inv < L + 1` (L + 1 <= 2^32 / 3 + 1).
            let bound = k32(body, u32::MAX / d + 1);
            cmp(body, if eq { lt } else { ge }, p, bound)
        };
        tests.push(test);
    }
    let join = if eq { BinaryOp::And } else { BinaryOp::Or };
    match tests[..] {
        [] => body.push(Node::Const(u64::from(eq)), DType::I1),
        [a] => a,
        [a, b] => body.push(Node::Binary { op: join, a, b }, DType::I1),
        _ => unreachable!("at most two tests"),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::compiler::lower::interp;
    use crate::compiler::lower::kir::{KBuffer, Kernel};

    #[test]
    fn inverses_are_inverses() {
        for d in (1..20_001u32)
            .step_by(2)
            .chain([u32::MAX, 0x8000_0001, 641])
        {
            assert_eq!(d.wrapping_mul(inverse_mod_2_32(d)), 1, "{d}");
        }
    }

    /// Divisors: signs, powers of two, odd and even composites, extremes.
    pub(crate) fn divisors() -> Vec<i32> {
        let mut v = vec![
            1,
            -1,
            2,
            -2,
            3,
            -3,
            4,
            5,
            6,
            7,
            -7,
            8,
            9,
            10,
            12,
            14,
            -14,
            24,
            48,
            641,
            -641,
            1 << 16,
            3 << 20,
            1 << 30,
            -(1 << 30),
            (1 << 30) + 1,
            1_000_000_007,
            i32::MAX,
            -i32::MAX,
            i32::MIN,
            i32::MIN + 1,
            0x7FFF_FFFE,
            -0x7FFF_FFFE,
        ];
        // ui32 divisors above 2^31 come from the negative ones read unsigned.
        v.extend([-3, -5, -6, -12, -48]);
        v
    }

    /// Dividends for `c`: edges, multiples of `c` and their neighbours, and a sweep.
    pub(crate) fn dividends(c: i32) -> Vec<i32> {
        let mut v = vec![
            0,
            1,
            -1,
            2,
            -2,
            i32::MIN,
            i32::MIN + 1,
            i32::MAX,
            i32::MAX - 1,
        ];
        for k in [
            0i64,
            1,
            -1,
            2,
            -2,
            3,
            7,
            -7,
            1000,
            -1000,
            (i32::MAX as i64) / (c as i64).abs().max(1),
            -(i32::MAX as i64) / (c as i64).abs().max(1),
            (u32::MAX as i64) / (c as u32 as i64).max(1),
        ] {
            for e in -2..=2 {
                v.push(k.wrapping_mul(c as i64).wrapping_add(e) as i32);
                v.push(k.wrapping_mul(c as u32 as i64).wrapping_add(e) as i32);
            }
        }
        let mut s = 0x9E37_79B9u32;
        for i in 0..3000 {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            v.push(if i % 3 == 0 {
                (s % 2000) as i32 - 1000
            } else {
                s as i32
            });
        }
        v
    }

    /// One kernel comparing `x % c` (or jnp's floor modulo) with zero for every `c`, built
    /// with the plain remainder (`rewrite` 0) or rewritten: the final compare (1), or also
    /// the floor modulo's `r != 0` as lowering does (2).
    pub(crate) fn kernel(
        dt: DType,
        cs: &[i32],
        floor: bool,
        eq: bool,
        n: i64,
        rewrite: u8,
    ) -> Kernel {
        let mut body = Body::default();
        let i = body.push(Node::Index(0), DType::I64);
        let x = body.push_load(0, vec![i], dt);
        let zero = body.push(Node::Const(0), dt);
        let dir = if eq {
            CompareDirection::Eq
        } else {
            CompareDirection::Ne
        };
        for (j, &c) in cs.iter().enumerate() {
            let cn = body.push(Node::Const(u64::from(c as u32)), dt);
            let r = body.push(
                Node::Binary {
                    op: BinaryOp::Rem,
                    a: x,
                    b: cn,
                },
                dt,
            );
            let v = if floor {
                // jnp.remainder: r + c where r != 0 and (r < 0) != (c < 0).
                let rneg = body.push(
                    Node::Compare {
                        dir: CompareDirection::Lt,
                        a: r,
                        b: zero,
                        total_order: false,
                    },
                    DType::I1,
                );
                let cneg = body.push(Node::Const(u64::from(c < 0)), DType::I1);
                let differ = body.push(
                    Node::Compare {
                        dir: CompareDirection::Ne,
                        a: rneg,
                        b: cneg,
                        total_order: false,
                    },
                    DType::I1,
                );
                // As lowering builds it: `r != 0` is rewritten too.
                let nz = if rewrite == 2 {
                    compare_with_zero(&mut body, CompareDirection::Ne, r, zero).expect("rem")
                } else {
                    body.push(
                        Node::Compare {
                            dir: CompareDirection::Ne,
                            a: r,
                            b: zero,
                            total_order: false,
                        },
                        DType::I1,
                    )
                };
                let cond = body.push(
                    Node::Binary {
                        op: BinaryOp::And,
                        a: differ,
                        b: nz,
                    },
                    DType::I1,
                );
                let sum = body.push(
                    Node::Binary {
                        op: BinaryOp::Add,
                        a: r,
                        b: cn,
                    },
                    dt,
                );
                body.push(
                    Node::Select {
                        cond,
                        on_true: sum,
                        on_false: r,
                    },
                    dt,
                )
            } else {
                r
            };
            let t = if rewrite > 0 {
                compare_with_zero(&mut body, dir, v, zero)
                    .unwrap_or_else(|| panic!("not rewritten: {dt:?} c={c} floor={floor}"))
            } else {
                body.push(
                    Node::Compare {
                        dir,
                        a: v,
                        b: zero,
                        total_order: false,
                    },
                    DType::I1,
                )
            };
            // Stored as i32 0/1, as selects and converts use it (i1 stores stay scalar).
            let t = body.push(Node::Convert { x: t }, DType::I32);
            let jn = body.push(Node::Const(j as u64), DType::I64);
            body.push(
                Node::Store {
                    buffer: 1,
                    index: vec![jn, i],
                    value: t,
                },
                DType::I32,
            );
        }
        Kernel {
            name: "divisible".into(),
            buffers: vec![
                KBuffer {
                    dtype: dt,
                    shape: vec![n],
                    writable: false,
                },
                KBuffer {
                    dtype: DType::I32,
                    shape: vec![cs.len() as i64, n],
                    writable: true,
                },
            ],
            domain: vec![n],
            body,
            sequential: false,
            limits: Vec::new(),
        }
    }

    /// The rewrite against the remainder it replaces, in the interpreter, for every
    /// divisor, dividend class, dtype, remainder kind and direction.
    #[test]
    fn divisibility_tests_match_the_remainder() {
        let cs = divisors();
        for c in &cs {
            let xs = dividends(*c);
            let n = xs.len() as i64;
            let input: Vec<u8> = xs.iter().flat_map(|v| v.to_le_bytes()).collect();
            for dt in [DType::I32, DType::U32] {
                for floor in [false, true] {
                    if floor && dt == DType::U32 {
                        continue;
                    }
                    for eq in [true, false] {
                        let run = |rewrite: u8| {
                            let k = kernel(dt, &[*c], floor, eq, n, rewrite);
                            let mut bufs = vec![input.clone(), vec![0u8; 4 * n as usize]];
                            interp::run_kernel(&k, &mut bufs);
                            bufs.pop().unwrap()
                        };
                        let want = run(0);
                        for mode in [1, 2] {
                            let got = run(mode);
                            for (i, x) in xs.iter().enumerate() {
                                assert_eq!(
                                    got[4 * i],
                                    want[4 * i],
                                    "{dt:?} x={x} c={c} floor={floor} eq={eq} mode={mode}"
                                );
                            }
                        }
                        // Both outcomes occur, so the test cannot pass by a constant.
                        if c.unsigned_abs() > 1 {
                            let ones = want.chunks(4).filter(|w| w[0] == 1).count();
                            assert!(ones > 0 && ones < xs.len(), "{dt:?} c={c}");
                        }
                    }
                }
            }
        }
    }

    /// Only a remainder by a non-zero constant (or its floor modulo) compared with zero
    /// is rewritten.
    #[test]
    fn other_compares_are_left_alone() {
        let mut body = Body::default();
        let i = body.push(Node::Index(0), DType::I64);
        let x = body.push_load(0, vec![i], DType::I32);
        let y = body.push_load(1, vec![i], DType::I32);
        let zero = body.push(Node::Const(0), DType::I32);
        let one = body.push(Node::Const(1), DType::I32);
        let seven = body.push(Node::Const(7), DType::I32);
        let rem = |body: &mut Body, a, b| {
            body.push(
                Node::Binary {
                    op: BinaryOp::Rem,
                    a,
                    b,
                },
                DType::I32,
            )
        };
        let r7 = rem(&mut body, x, seven);
        let ry = rem(&mut body, x, y);
        let r0 = rem(&mut body, x, zero);
        use CompareDirection as D;
        assert!(compare_with_zero(&mut body, D::Eq, r7, zero).is_some());
        assert!(compare_with_zero(&mut body, D::Ne, zero, r7).is_some());
        assert!(compare_with_zero(&mut body, D::Lt, r7, zero).is_none());
        assert!(compare_with_zero(&mut body, D::Eq, r7, one).is_none());
        assert!(compare_with_zero(&mut body, D::Eq, ry, zero).is_none());
        assert!(compare_with_zero(&mut body, D::Eq, r0, zero).is_none());
        assert!(compare_with_zero(&mut body, D::Eq, x, zero).is_none());
        // r + 7 selected without the r != 0 guard is not a floor modulo.
        let s = body.push(
            Node::Binary {
                op: BinaryOp::Add,
                a: r7,
                b: seven,
            },
            DType::I32,
        );
        let c = body.push_load(2, vec![i], DType::I1);
        let sel = body.push(
            Node::Select {
                cond: c,
                on_true: s,
                on_false: r7,
            },
            DType::I32,
        );
        assert!(compare_with_zero(&mut body, D::Eq, sel, zero).is_none());
    }
}
