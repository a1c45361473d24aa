//! i32/ui32/i1 values on vector lanes: elementwise ops and lane-partial reductions,
//! compiled for the host and compared against the kir interpreter over random inputs
//! with edge values (INT_MIN, -1, 0, shifts >= 32, division by 0 and INT_MIN / -1).

use super::*;
use crate::compiler::lower::interp;

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// `n` i32 values: edge values, small ones, shift amounts around 32, and random ones.
fn int_inputs(n: usize, seed: u64) -> Vec<i32> {
    let edges = [
        0,
        1,
        -1,
        2,
        -2,
        7,
        -7,
        31,
        32,
        33,
        63,
        i32::MIN,
        i32::MIN + 1,
        i32::MAX,
        i32::MAX - 1,
        100,
        -100,
        1 << 30,
    ];
    let mut r = Rng(seed);
    (0..n)
        .map(|i| {
            let x = r.next();
            match x % 4 {
                0 => edges[(x >> 8) as usize % edges.len()],
                1 => ((x >> 8) % 64) as i32 - 32,
                _ if i % 3 == 0 => ((x >> 8) % 1000) as i32 - 500,
                _ => (x >> 16) as i32,
            }
        })
        .collect()
}

/// Runs `k` compiled and in the interpreter on the same inputs and compares every
/// buffer the kernel writes.
fn check_against_interp(k: &Kernel, bufs: &[Vec<u8>], what: &str) {
    let mut got = bufs.to_vec();
    run(k, &mut got);
    let mut want = bufs.to_vec();
    interp::run_kernel(k, &mut want);
    for (b, kb) in k.buffers.iter().enumerate() {
        if !kb.writable {
            continue;
        }
        let w = kb.dtype.size();
        for (i, (g, e)) in got[b].chunks(w).zip(want[b].chunks(w)).enumerate() {
            assert_eq!(g, e, "{what}: buffer {b} element {i}");
        }
    }
}

fn zeros(k: &Kernel, b: usize) -> Vec<u8> {
    let n: i64 = k.buffers[b].shape.iter().product();
    vec![0u8; n as usize * k.buffers[b].dtype.size()]
}

const INT_BINARY: [BinaryOp; 14] = [
    BinaryOp::Add,
    BinaryOp::Sub,
    BinaryOp::Mul,
    BinaryOp::Div,
    BinaryOp::Rem,
    BinaryOp::Max,
    BinaryOp::Min,
    BinaryOp::And,
    BinaryOp::Or,
    BinaryOp::Xor,
    BinaryOp::ShiftLeft,
    BinaryOp::ShiftRightLogical,
    BinaryOp::ShiftRightArithmetic,
    BinaryOp::Pow,
];

/// Every binary op on i32 and ui32 lanes, with the second operand per lane, uniform
/// (a load at a fixed index) and constant.
#[test]
fn int_lanes_binary_ops_match_the_interpreter() {
    let n = 1031i64;
    for dt in [DType::I32, DType::U32] {
        for op in INT_BINARY {
            let a = int_inputs(n as usize, 1 + op as u64);
            let b = int_inputs(n as usize, 100 + op as u64);
            // Per lane.
            let k = elementwise(&[dt, dt], dt, n, binop(op, dt));
            assert!(kernel::is_vectorized(&k), "{op:?} {dt:?}");
            check_against_interp(
                &k,
                &[to_bytes(&a), to_bytes(&b), zeros(&k, 2)],
                &format!("{op:?} {dt:?}"),
            );
            // Uniform: b[3] for every point.
            let k = elementwise(&[dt, dt], dt, n, |body, x| {
                let three = body.index_const(3);
                let u = body.push(
                    Node::Load {
                        buffer: 1,
                        index: vec![three],
                    },
                    dt,
                );
                binop(op, dt)(body, &[x[0], u])
            });
            assert!(kernel::is_vectorized(&k), "{op:?} {dt:?} uniform");
            for amount in [0, 1, 5, 31, 32, 33, -1, i32::MIN, 7, -7] {
                let mut bb = b.clone();
                bb[3] = amount;
                check_against_interp(
                    &k,
                    &[to_bytes(&a), to_bytes(&bb), zeros(&k, 2)],
                    &format!("{op:?} {dt:?} by uniform {amount}"),
                );
            }
        }
    }
}

/// Constant divisors (multiply-high magic numbers) and constant shift amounts, against
/// the interpreter, on every dividend class.
#[test]
fn int_lanes_constant_divisors_and_shifts_are_exact() {
    let mut consts: Vec<i32> = vec![
        0,
        1,
        -1,
        2,
        -2,
        3,
        -3,
        5,
        6,
        7,
        -7,
        10,
        25,
        31,
        32,
        33,
        64,
        100,
        641,
        1 << 20,
        -(1 << 20),
        1_000_000_007,
        i32::MAX,
        i32::MIN,
        i32::MIN + 1,
        i32::MAX - 1,
    ];
    let mut r = Rng(7);
    consts.extend((0..16).map(|_| r.next() as i32));
    consts.extend((0..8).map(|_| (r.next() % 2000) as i32 - 1000));
    let n = 4099i64;
    let a = int_inputs(n as usize, 99);
    let ops = [
        BinaryOp::Div,
        BinaryOp::Rem,
        BinaryOp::ShiftLeft,
        BinaryOp::ShiftRightLogical,
        BinaryOp::ShiftRightArithmetic,
    ];
    for dt in [DType::I32, DType::U32] {
        // One kernel storing x op c for every (op, c).
        let mut body = Body::default();
        let i = body.push(Node::Index(0), DType::I64);
        let x = body.push(
            Node::Load {
                buffer: 0,
                index: vec![i],
            },
            dt,
        );
        let mut out = 0;
        for op in ops {
            for &c in &consts {
                let c = body.const_int(dt, c as i64);
                let v = body.push(Node::Binary { op, a: x, b: c }, dt);
                out += 1;
                body.push(
                    Node::Store {
                        buffer: out,
                        index: vec![i],
                        value: v,
                    },
                    dt,
                );
            }
        }
        let mut buffers = vec![buf(dt, &[n], false)];
        buffers.extend((0..out).map(|_| buf(dt, &[n], true)));
        let k = Kernel {
            name: "consts".into(),
            buffers,
            domain: vec![n],
            body,
            sequential: false,
            limits: Vec::new(),
        };
        assert!(kernel::is_vectorized(&k));
        let mut bufs = vec![to_bytes(&a)];
        bufs.extend((0..out).map(|_| vec![0u8; n as usize * 4]));
        check_against_interp(&k, &bufs, &format!("{dt:?} by constants {consts:?}"));
    }
}

/// `x % c == 0` and `!= 0` through lowering's divisibility rewrite (multiply by the
/// inverse, add, one signed or unsigned lane compare; jnp's floor modulo too), compiled,
/// against the interpreter running the plain remainder, for many divisors and dividends
/// (edges, multiples of `c` and their neighbours, random).
#[test]
fn int_lanes_divisibility_tests_match_the_remainder() {
    use crate::compiler::lower::divisible::tests::{dividends, divisors, kernel};
    let mut cs = divisors();
    let mut r = Rng(11);
    cs.extend((0..24).map(|_| r.next() as i32).filter(|&c| c != 0));
    for &c in &cs {
        let xs = dividends(c);
        let n = xs.len() as i64;
        for dt in [DType::I32, DType::U32] {
            for floor in [false, true] {
                if floor && dt == DType::U32 {
                    continue;
                }
                for eq in [true, false] {
                    let plain = kernel(dt, &[c], floor, eq, n, 0);
                    let mut want = vec![to_bytes(&xs), vec![0u8; 4 * n as usize]];
                    interp::run_kernel(&plain, &mut want);
                    let k = kernel(dt, &[c], floor, eq, n, 2);
                    // (x % 1 == 0 is a constant: nothing to vectorize.)
                    assert!(
                        c.unsigned_abs() == 1 || kernel::is_vectorized(&k),
                        "{dt:?} {c}"
                    );
                    let mut got = vec![to_bytes(&xs), vec![0u8; 4 * n as usize]];
                    run(&k, &mut got);
                    for (i, x) in xs.iter().enumerate() {
                        assert_eq!(
                            got[1][4 * i..4 * i + 4],
                            want[1][4 * i..4 * i + 4],
                            "{dt:?} x={x} c={c} floor={floor} eq={eq}"
                        );
                    }
                }
            }
        }
    }
}

/// The magic numbers alone, emulated in Rust over many dividends per divisor.
#[test]
fn signed_magic_numbers_divide_exactly() {
    let mut r = Rng(3);
    let mut divisors: Vec<i32> = (2..300).flat_map(|d| [d, -d]).collect();
    divisors.extend([i32::MIN, i32::MAX, i32::MIN + 1, 1 << 30, -(1 << 30)]);
    divisors.extend(
        (0..200)
            .map(|_| r.next() as i32)
            .filter(|d| d.unsigned_abs() >= 2),
    );
    let mut dividends: Vec<i32> = vec![0, 1, -1, i32::MIN, i32::MAX, i32::MIN + 1];
    dividends.extend((0..3000).map(|_| r.next() as i32));
    dividends.extend(-3000..3000);
    for &d in &divisors {
        let (m, s) = super::super::intlanes::magic_s32(d);
        for &n in &dividends {
            let mut q = ((n as i64 * m as i64) >> 32) as i32;
            if d > 0 && m < 0 {
                q = q.wrapping_add(n);
            } else if d < 0 && m > 0 {
                q = q.wrapping_sub(n);
            }
            q >>= s;
            q = q.wrapping_add((q as u32 >> 31) as i32);
            assert_eq!(q, n.wrapping_div(d), "{n} / {d}");
        }
    }
}

/// Unary ops, compares (signed and unsigned, stored through i1 -> i32 converts), selects
/// and converts between i32/ui32/f32/i1 on lanes.
#[test]
fn int_lanes_unary_compare_select_convert() {
    let n = 517i64;
    let a = int_inputs(n as usize, 5);
    let b = int_inputs(n as usize, 6);
    for dt in [DType::I32, DType::U32] {
        for op in [
            UnaryOp::Abs,
            UnaryOp::Neg,
            UnaryOp::Not,
            UnaryOp::Sign,
            UnaryOp::PopCnt,
            UnaryOp::CountLeadingZeros,
        ] {
            let k = elementwise(&[dt], dt, n, unop(op, dt));
            assert!(kernel::is_vectorized(&k), "{op:?}");
            check_against_interp(&k, &[to_bytes(&a), zeros(&k, 1)], &format!("{op:?} {dt:?}"));
        }
        for dir in [
            CompareDirection::Eq,
            CompareDirection::Ne,
            CompareDirection::Lt,
            CompareDirection::Le,
            CompareDirection::Gt,
            CompareDirection::Ge,
        ] {
            // out = (a dir b) != (a < 5) ? a : b, and a convert of the predicate.
            let k = elementwise(&[dt, dt], dt, n, |body, x| {
                let c = body.push(
                    Node::Compare {
                        dir,
                        a: x[0],
                        b: x[1],
                        total_order: false,
                    },
                    DType::I1,
                );
                let five = body.const_int(dt, 5);
                let l = body.push(
                    Node::Compare {
                        dir: CompareDirection::Lt,
                        a: x[0],
                        b: five,
                        total_order: false,
                    },
                    DType::I1,
                );
                let ne = body.push(
                    Node::Compare {
                        dir: CompareDirection::Ne,
                        a: c,
                        b: l,
                        total_order: false,
                    },
                    DType::I1,
                );
                let s = body.push(
                    Node::Select {
                        cond: ne,
                        on_true: x[0],
                        on_false: x[1],
                    },
                    dt,
                );
                let ci = body.push(Node::Convert { x: c }, dt);
                body.push(
                    Node::Binary {
                        op: BinaryOp::Add,
                        a: s,
                        b: ci,
                    },
                    dt,
                )
            });
            assert!(kernel::is_vectorized(&k), "{dir:?}");
            check_against_interp(
                &k,
                &[to_bytes(&a), to_bytes(&b), zeros(&k, 2)],
                &format!("{dir:?} {dt:?}"),
            );
        }
        // int -> f32 -> int, and f32 specials -> int (saturating, NaN -> 0).
        let k = elementwise(&[dt], DType::F32, n, |body, x| {
            body.push(Node::Convert { x: x[0] }, DType::F32)
        });
        assert!(kernel::is_vectorized(&k));
        check_against_interp(&k, &[to_bytes(&a), zeros(&k, 1)], &format!("{dt:?} -> f32"));
        let f: Vec<f32> = float_specials()
            .into_iter()
            .chain([3e9, -3e9, 2147483520.0, 4294967040.0, -0.7, 0.7, 1e10])
            .cycle()
            .take(n as usize)
            .collect();
        let k = elementwise(&[DType::F32], dt, n, |body, x| {
            body.push(Node::Convert { x: x[0] }, dt)
        });
        assert!(kernel::is_vectorized(&k));
        check_against_interp(&k, &[to_bytes(&f), zeros(&k, 1)], &format!("f32 -> {dt:?}"));
        // Bitcasts both ways and iota.
        let k = elementwise(&[dt], dt, n, |body, x| {
            let f = body.push(Node::Bitcast { x: x[0] }, DType::F32);
            let back = body.push(Node::Bitcast { x: f }, dt);
            let iota = body.push(Node::Convert { x: NodeId(0) }, dt);
            body.push(
                Node::Binary {
                    op: BinaryOp::Xor,
                    a: back,
                    b: iota,
                },
                dt,
            )
        });
        assert!(kernel::is_vectorized(&k));
        check_against_interp(
            &k,
            &[to_bytes(&a), zeros(&k, 1)],
            &format!("bitcast {dt:?}"),
        );
    }
}

/// A row reduction kernel over `[rows, cols]` i32 inputs with the given reduce body
/// builder: `f(body, elements) -> (inits as constants, yields)`.
fn row_reduce(
    rows: i64,
    cols: i64,
    inputs: usize,
    inits: &[(DType, i64)],
    record_elems: bool,
    f: impl FnOnce(&mut Body, &[NodeId], &[NodeId]) -> Vec<NodeId>,
) -> Kernel {
    let mut rb = Body::default();
    let j = rb.push(Node::Index(0), DType::I64);
    let oi = rb.push(Node::Outer(NodeId(0)), DType::I64);
    let mut elems: Vec<NodeId> = (0..inputs)
        .map(|b| {
            rb.push(
                Node::Load {
                    buffer: b,
                    index: vec![oi, j],
                },
                DType::I32,
            )
        })
        .collect();
    // The column index as an element too (argmax's iota).
    elems.push(rb.push(Node::Convert { x: j }, DType::I32));
    let accs: Vec<NodeId> = inits
        .iter()
        .enumerate()
        .map(|(k, &(dt, _))| rb.push(Node::Acc(k), dt))
        .collect();
    rb.yields = f(&mut rb, &accs, &elems);
    if record_elems {
        rb.elems = elems[..inits.len()].to_vec();
        if inits.len() > inputs {
            rb.elems[inputs] = elems[inputs];
        }
    }
    let mut body = Body::default();
    let i = body.push(Node::Index(0), DType::I64);
    let init_nodes: Vec<NodeId> = inits.iter().map(|&(dt, v)| body.const_int(dt, v)).collect();
    let red = body.push(
        Node::Reduce {
            extents: vec![cols],
            inits: init_nodes,
            body: Box::new(rb),
        },
        inits[0].0,
    );
    let mut buffers: Vec<KBuffer> = (0..inputs)
        .map(|_| buf(DType::I32, &[rows, cols], false))
        .collect();
    for (k, &(dt, _)) in inits.iter().enumerate() {
        let v = if k == 0 {
            red
        } else {
            body.push(Node::ReduceResult { reduce: red, k }, dt)
        };
        let out_dt = if dt == DType::I1 { DType::I32 } else { dt };
        let v = if out_dt != dt {
            body.push(Node::Convert { x: v }, out_dt)
        } else {
            v
        };
        buffers.push(buf(out_dt, &[rows], true));
        body.push(
            Node::Store {
                buffer: inputs + k,
                index: vec![i],
                value: v,
            },
            out_dt,
        );
    }
    Kernel {
        name: "row_reduce".into(),
        buffers,
        domain: vec![rows],
        body,
        sequential: false,
        limits: Vec::new(),
    }
}

fn cmp(body: &mut Body, dir: CompareDirection, a: NodeId, b: NodeId) -> NodeId {
    body.push(
        Node::Compare {
            dir,
            a,
            b,
            total_order: false,
        },
        DType::I1,
    )
}

fn bin(body: &mut Body, op: BinaryOp, a: NodeId, b: NodeId) -> NodeId {
    let ty = body.ty(a);
    body.push(Node::Binary { op, a, b }, ty)
}

fn sel(body: &mut Body, c: NodeId, t: NodeId, f: NodeId) -> NodeId {
    let ty = body.ty(t);
    body.push(
        Node::Select {
            cond: c,
            on_true: t,
            on_false: f,
        },
        ty,
    )
}

/// Row inputs with many ties (small value ranges), runs of INT_MIN and constant rows.
fn row_inputs(rows: i64, cols: i64, seed: u64) -> Vec<i32> {
    let mut r = Rng(seed);
    (0..rows * cols)
        .map(|p| {
            let row = p / cols;
            match row % 5 {
                0 => (r.next() % 5) as i32 - 2,
                1 => i32::MIN,
                2 => 42,
                3 => r.next() as i32,
                _ => int_inputs(1, r.next())[0],
            }
        })
        .collect()
}

/// jnp.argmax's reducer (value, index) with first-index ties, on lanes, against the
/// interpreter, for row lengths around the lane, unroll and peel boundaries.
#[test]
fn lane_reduce_argmax_first_index_ties() {
    let rows = 10i64;
    for cols in [8i64, 9, 15, 16, 17, 31, 32, 33, 47, 100, 1024] {
        for unsigned in [false, true] {
            let vdt = if unsigned { DType::U32 } else { DType::I32 };
            let init = if unsigned { 0 } else { i32::MIN as i64 };
            let k = row_reduce(
                rows,
                cols,
                1,
                &[(vdt, init), (DType::I32, 0)],
                true,
                |rb, acc, x| {
                    let xv = if unsigned {
                        rb.push(Node::Bitcast { x: x[0] }, DType::U32)
                    } else {
                        x[0]
                    };
                    use CompareDirection as D;
                    let gt = cmp(rb, D::Gt, acc[0], xv);
                    let nan = cmp(rb, D::Ne, acc[0], acc[0]);
                    let keep = bin(rb, BinaryOp::Or, gt, nan);
                    let eq = cmp(rb, D::Eq, acc[0], xv);
                    let lt = cmp(rb, D::Lt, acc[1], x[1]);
                    let tie = bin(rb, BinaryOp::And, eq, lt);
                    let keep_i = bin(rb, BinaryOp::Or, keep, tie);
                    vec![sel(rb, keep, acc[0], xv), sel(rb, keep_i, acc[1], x[1])]
                },
            );
            // The unsigned variant's element is a bitcast of the load: record it.
            let k = if unsigned {
                let mut k = k;
                if let Node::Reduce { body, .. } = &mut k.body.nodes[3] {
                    let bc = body
                        .nodes
                        .iter()
                        .position(|n| matches!(n, Node::Bitcast { .. }))
                        .unwrap();
                    body.elems[0] = NodeId(bc as u32);
                }
                k
            } else {
                k
            };
            assert!(kernel::reduce_is_lane_reduced(&k), "cols {cols}");
            let input = row_inputs(rows, cols, cols as u64);
            let bufs = vec![to_bytes(&input), zeros(&k, 1), zeros(&k, 2)];
            check_against_interp(&k, &bufs, &format!("argmax {vdt:?} cols {cols}"));
        }
    }
}

/// Folds `acc = acc op x` with i32/ui32 accumulators (wrapping sums and products,
/// min/max, bit ops), recognised without recorded elements, and i1 all/any reductions.
#[test]
fn lane_reduce_integer_folds_and_predicates() {
    let rows = 6i64;
    for cols in [8i64, 13, 32, 77, 1000] {
        let input = row_inputs(rows, cols, 11 + cols as u64);
        for dt in [DType::I32, DType::U32] {
            for (op, init) in [
                (BinaryOp::Add, 0i64),
                (BinaryOp::Add, 12345),
                (BinaryOp::Mul, 1),
                (BinaryOp::Max, i32::MIN as i64),
                (BinaryOp::Min, -1),
                (BinaryOp::And, -1),
                (BinaryOp::Or, 0),
                (BinaryOp::Xor, 0),
            ] {
                let k = row_reduce(rows, cols, 1, &[(dt, init)], false, |rb, acc, x| {
                    let xv = rb.push(Node::Bitcast { x: x[0] }, dt);
                    let xv = if dt == DType::I32 { x[0] } else { xv };
                    vec![bin(rb, op, xv, acc[0])]
                });
                assert!(kernel::reduce_is_lane_reduced(&k), "{op:?} {dt:?}");
                check_against_interp(
                    &k,
                    &[to_bytes(&input), zeros(&k, 1)],
                    &format!("{op:?} {dt:?} init {init} cols {cols}"),
                );
            }
        }
        // all(x >= -2) and any(x == 42) as i1 accumulators.
        for (op, init, dir, c) in [
            (BinaryOp::And, 1i64, CompareDirection::Ge, -2i64),
            (BinaryOp::Or, 0, CompareDirection::Eq, 42),
        ] {
            let k = row_reduce(rows, cols, 1, &[(DType::I1, init)], false, |rb, acc, x| {
                let c = rb.const_int(DType::I32, c);
                let p = cmp(rb, dir, x[0], c);
                vec![bin(rb, op, acc[0], p)]
            });
            assert!(kernel::reduce_is_lane_reduced(&k), "{op:?} i1");
            check_against_interp(
                &k,
                &[to_bytes(&input), zeros(&k, 1)],
                &format!("{op:?} i1 cols {cols}"),
            );
        }
    }
}

/// The int32_ops workload's sum: a select of a floor-mod-by-7 test between a shift and a
/// xor, summed along rows, with constants the fused form has.
#[test]
fn lane_reduce_select_shift_xor_sum() {
    let (rows, cols) = (5i64, 300i64);
    let k = row_reduce(rows, cols, 1, &[(DType::I32, 0)], false, |rb, acc, x| {
        use CompareDirection as D;
        let seven = rb.const_int(DType::I32, 7);
        let zero = rb.const_int(DType::I32, 0);
        let r = bin(rb, BinaryOp::Rem, x[0], seven);
        let neg = cmp(rb, D::Lt, r, zero);
        let nz = cmp(rb, D::Ne, r, zero);
        let fix = bin(rb, BinaryOp::And, neg, nz);
        let r7 = bin(rb, BinaryOp::Add, r, seven);
        let m = sel(rb, fix, r7, r);
        let is0 = cmp(rb, D::Eq, m, zero);
        let two = rb.const_int(DType::I32, 2);
        let sh = bin(rb, BinaryOp::ShiftRightArithmetic, x[0], two);
        let c = rb.const_int(DType::I32, 23130);
        let xo = bin(rb, BinaryOp::Xor, x[0], c);
        let v = sel(rb, is0, sh, xo);
        vec![bin(rb, BinaryOp::Add, acc[0], v)]
    });
    assert!(kernel::reduce_is_lane_reduced(&k));
    let input = row_inputs(rows, cols, 5);
    check_against_interp(
        &k,
        &[to_bytes(&input), zeros(&k, 1)],
        "select shift xor sum",
    );
}

/// The lane forms compile for aarch64 (NEON) too: every binary op per lane and by a
/// constant, and an argmax lane reduction.
#[test]
fn int_lanes_compile_for_aarch64() {
    let t = Target {
        triple: "aarch64-unknown-linux-gnu".into(),
        features: vec!["neon".into()],
    };
    let mut kernels = Vec::new();
    for dt in [DType::I32, DType::U32] {
        for op in INT_BINARY {
            kernels.push(elementwise(&[dt, dt], dt, 64, binop(op, dt)));
            kernels.push(elementwise(&[dt], dt, 64, |body, x| {
                let c = body.const_int(dt, -7);
                body.push(Node::Binary { op, a: x[0], b: c }, dt)
            }));
        }
    }
    kernels.push(row_reduce(
        4,
        64,
        1,
        &[(DType::I32, 0), (DType::I32, 0)],
        true,
        |rb, acc, x| {
            let gt = cmp(rb, CompareDirection::Gt, acc[0], x[0]);
            vec![sel(rb, gt, acc[0], x[0]), sel(rb, gt, acc[1], x[1])]
        },
    ));
    for (i, k) in kernels.iter_mut().enumerate() {
        k.name = format!("k{i}");
    }
    compile_kernels(&kernels, &t).unwrap();
}

/// `out[i, j] = mask[0, j] ? x[i, j] * 0.125 : -inf` (a mask broadcast over rows, as
/// attention's causal mask is) and `m[i, j] = x[i, j] < y[i, j] & mask[0, j]` stored as
/// i1: i1 buffers read and written four bytes at a time as lane masks, against the
/// interpreter, on odd widths (the remainder scalar).
#[test]
fn i1_rows_load_and_store_as_lane_masks() {
    for (rows, cols) in [(3i64, 8i64), (5, 37), (2, 1029)] {
        let mut body = Body::default();
        let i = body.push(Node::Index(0), DType::I64);
        let j = body.push(Node::Index(1), DType::I64);
        let zero = body.push(Node::Const(0), DType::I64);
        let m = body.push_load(0, vec![zero, j], DType::I1);
        let x = body.push_load(1, vec![i, j], DType::F32);
        let y = body.push_load(2, vec![i, j], DType::F32);
        let eighth = body.push(Node::Const(0.125f32.to_bits() as u64), DType::F32);
        let scaled = body.push(
            Node::Binary {
                op: BinaryOp::Mul,
                a: x,
                b: eighth,
            },
            DType::F32,
        );
        let ninf = body.push(Node::Const(f32::NEG_INFINITY.to_bits() as u64), DType::F32);
        let s = sel(&mut body, m, scaled, ninf);
        body.push(
            Node::Store {
                buffer: 3,
                index: vec![i, j],
                value: s,
            },
            DType::F32,
        );
        let lt = cmp(&mut body, CompareDirection::Lt, x, y);
        let both = body.push(
            Node::Binary {
                op: BinaryOp::And,
                a: lt,
                b: m,
            },
            DType::I1,
        );
        body.push(
            Node::Store {
                buffer: 4,
                index: vec![i, j],
                value: both,
            },
            DType::I1,
        );
        let k = Kernel {
            name: "masks".into(),
            buffers: vec![
                buf(DType::I1, &[1, cols], false),
                buf(DType::F32, &[rows, cols], false),
                buf(DType::F32, &[rows, cols], false),
                buf(DType::F32, &[rows, cols], true),
                buf(DType::I1, &[rows, cols], true),
            ],
            domain: vec![rows, cols],
            body,
            sequential: false,
            limits: Vec::new(),
        };
        assert!(kernel::is_vectorized(&k), "{rows}x{cols}: on lanes");
        let mut r = Rng(rows as u64 * 131 + cols as u64);
        let mask: Vec<u8> = (0..cols)
            .map(|_| [0u8, 1, 1, 0, 1][r.next() as usize % 5])
            .collect();
        let f = |r: &mut Rng| (r.next() % 2001) as f32 / 100.0 - 10.0;
        let x: Vec<f32> = (0..rows * cols).map(|_| f(&mut r)).collect();
        let y: Vec<f32> = (0..rows * cols).map(|_| f(&mut r)).collect();
        let bufs = vec![mask, to_bytes(&x), to_bytes(&y), zeros(&k, 3), zeros(&k, 4)];
        check_against_interp(&k, &bufs, &format!("masks {rows}x{cols}"));
    }
}
