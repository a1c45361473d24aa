//! Innermost loops in tiles around the runtime's array math calls (`kernel/tiles.rs`).
//! The runtime routines give the bits of the inline f32x4 code, so a kernel compiled
//! for the host (AVX2 and FMA: tiled) and for the host without AVX2 (the same FMA
//! polynomials, inline) must write identical outputs, whatever the row length, the
//! workgroup split, the phases or the access pattern.

use super::*;

/// The host, whose kernels are tiled, and the host without AVX2, whose kernels compute
/// the same functions inline; `None` if the host cannot run tiled code.
pub(super) fn targets() -> Option<(Target, Target)> {
    let host = Target::host();
    let has = |f: &str| host.features.iter().any(|g| g == f);
    if !(host.is_x86_64() && has("avx2") && has("fma") && has("avx")) {
        return None;
    }
    let mut inline = host.clone();
    inline.features.retain(|f| f != "avx2");
    Some((host, inline))
}

/// Runs `k` on `inputs` (one per buffer but the last, which it writes) for both targets
/// and asserts the outputs are bit-identical and that only the host's code is tiled.
fn check_tiled(k: &Kernel, inputs: &[Vec<f32>], what: &str) {
    let (host, inline) = targets().expect("checked by the caller");
    assert!(kernel::is_tiled(k, &host), "{what}: not tiled for the host");
    assert!(!kernel::is_tiled(k, &inline), "{what}: tiled without AVX2");
    let n_out: i64 = k.buffers.last().unwrap().shape.iter().product();
    let mut outs = Vec::new();
    for target in [&host, &inline] {
        let mut bufs: Vec<Vec<u8>> = inputs.iter().map(|x| to_bytes(x)).collect();
        bufs.push(vec![0u8; n_out as usize * 4]);
        run_on(k, &mut bufs, target);
        outs.push(from_bytes::<f32>(bufs.last().unwrap()));
    }
    for (i, (a, b)) in outs[0].iter().zip(&outs[1]).enumerate() {
        assert!(
            same_f32(*a, *b),
            "{what}: [{i}] tiled {a:e} vs inline {b:e}"
        );
    }
}

/// `n` inputs cycling through the math test inputs from `offset`.
pub(super) fn inputs(n: i64, offset: usize) -> Vec<f32> {
    let all = math_inputs();
    (0..n as usize)
        .map(|i| all[(i + offset) % all.len()])
        .collect()
}

fn un(b: &mut Body, op: UnaryOp, x: NodeId) -> NodeId {
    b.push(Node::Unary { op, x }, DType::F32)
}

fn bin(b: &mut Body, op: BinaryOp, a: NodeId, c: NodeId) -> NodeId {
    b.push(Node::Binary { op, a, b: c }, DType::F32)
}

fn cst(b: &mut Body, v: f32) -> NodeId {
    b.push(Node::Const(v.to_bits() as u64), DType::F32)
}

const FUNCS: [UnaryOp; 6] = [
    UnaryOp::Exp,
    UnaryOp::Tanh,
    UnaryOp::Logistic,
    UnaryOp::Sin,
    UnaryOp::Cos,
    UnaryOp::Erfc,
];

#[test]
fn elementwise_functions_tiled_match_inline() {
    if targets().is_none() {
        return cross_compiled_code_calls_array_math();
    }
    // Shorter than a tile, tile-sized, with remainders of every kind, and long enough
    // to split into workgroups whose ranges start inside a tile.
    for n in [32i64, 37, 256, 257, 1000, 5003, 40_000] {
        for (f, op) in FUNCS.into_iter().enumerate() {
            let k = elementwise(&[DType::F32], DType::F32, n, unop(op, DType::F32));
            check_tiled(&k, &[inputs(n, f * 977)], &format!("{op:?} n={n}"));
            // f(x) of an input row into an output row: calls only, no loop.
            assert_eq!(kernel::tile_loops(&k, &targets().unwrap().0), Some(0));
        }
    }
}

/// The tiled code's calls resolve to runtime imports that exist: compiled for x86_64
/// with AVX2 and FMA (the cross target), which hosts without them can still compile.
fn cross_compiled_code_calls_array_math() {
    let target = Target::from_triple(target::X86_64).unwrap();
    let k = elementwise(
        &[DType::F32],
        DType::F32,
        1000,
        unop(UnaryOp::Exp, DType::F32),
    );
    assert!(kernel::is_tiled(&k, &target));
    let code = compile_kernels(std::slice::from_ref(&k), &target).unwrap();
    // exp of an input row: the mapping routine reads the row itself.
    let exp = pjrtc_runtime::imports::index_of("pjrt_rt_exp_f32_map_v1").unwrap();
    assert!(code.image.relocs.iter().any(|r| r.import == exp));
    eprintln!("host lacks AVX2/FMA: tiled code compiled for x86_64 but not run");
}

/// `out[i, j] = f(x[i, j] - max_j' x[i, j'])`: softmax's exp pass, its row maximum a
/// reduction hoisted before the tiles.
fn shifted_rows(rows: i64, cols: i64, op: UnaryOp) -> Kernel {
    let mut rb = Body::default();
    let j = rb.push(Node::Index(0), DType::I64);
    let oi = rb.push(Node::Outer(NodeId(0)), DType::I64);
    let x = rb.push_load(0, vec![oi, j], DType::F32);
    let acc = rb.push(Node::Acc(0), DType::F32);
    let m = bin(&mut rb, BinaryOp::Max, acc, x);
    rb.yields = vec![m];
    let mut body = Body::default();
    let i = body.push(Node::Index(0), DType::I64);
    let j = body.push(Node::Index(1), DType::I64);
    let init = cst(&mut body, f32::NEG_INFINITY);
    let r = body.push(
        Node::Reduce {
            extents: vec![cols],
            inits: vec![init],
            body: Box::new(rb),
        },
        DType::F32,
    );
    let x = body.push_load(0, vec![i, j], DType::F32);
    let d = bin(&mut body, BinaryOp::Sub, x, r);
    let y = un(&mut body, op, d);
    body.push(
        Node::Store {
            buffer: 1,
            index: vec![i, j],
            value: y,
        },
        DType::F32,
    );
    Kernel {
        name: "shifted_rows".into(),
        buffers: vec![
            buf(DType::F32, &[rows, cols], false),
            buf(DType::F32, &[rows, cols], true),
        ],
        domain: vec![rows, cols],
        body,
        sequential: false,
        limits: Vec::new(),
    }
}

#[test]
fn hoisted_row_reduction_feeds_the_tiles() {
    if targets().is_none() {
        return cross_compiled_code_calls_array_math();
    }
    for (rows, cols) in [(5i64, 1030i64), (300, 40), (3, 33), (2, 4096)] {
        let k = shifted_rows(rows, cols, UnaryOp::Exp);
        assert!(kernel::hoistable(&k).is_some_and(|h| h[3]), "max hoisted");
        let x: Vec<f32> = inputs(rows * cols, 5)
            .into_iter()
            .map(|v| {
                if v.is_finite() {
                    v.clamp(-90.0, 90.0)
                } else {
                    1.0
                }
            })
            .collect();
        check_tiled(&k, &[x], &format!("softmax exp {rows}x{cols}"));
        // exp(x - max) of an input row into an output row: calls only, no loop.
        assert_eq!(kernel::tile_loops(&k, &targets().unwrap().0), Some(0));
    }
}

/// `out = exp(sin x) * tanh(y) + cos(logistic(x) * y)` and GELU's tanh form over rows
/// of `cols`: calls of two phases, several per phase, and math around them.
fn chained(rows: i64, cols: i64) -> Kernel {
    two_input_rows("chained", rows, cols, |body, x, y| {
        let s = un(body, UnaryOp::Sin, x);
        let e = un(body, UnaryOp::Exp, s);
        let t = un(body, UnaryOp::Tanh, y);
        let et = bin(body, BinaryOp::Mul, e, t);
        let l = un(body, UnaryOp::Logistic, x);
        let ly = bin(body, BinaryOp::Mul, l, y);
        let c = un(body, UnaryOp::Cos, ly);
        let a = bin(body, BinaryOp::Add, et, c);
        // gelu(x) = 0.5 x (1 + tanh(0.7978846 (x + 0.044715 x^3)))
        let x3 = bin(body, BinaryOp::Mul, x, x);
        let x3 = bin(body, BinaryOp::Mul, x3, x);
        let k1 = cst(body, 0.044715);
        let u = bin(body, BinaryOp::Mul, k1, x3);
        let u = bin(body, BinaryOp::Add, x, u);
        let k2 = cst(body, 0.797_884_6);
        let u = bin(body, BinaryOp::Mul, k2, u);
        let th = un(body, UnaryOp::Tanh, u);
        let one = cst(body, 1.0);
        let g = bin(body, BinaryOp::Add, one, th);
        let half = cst(body, 0.5);
        let hx = bin(body, BinaryOp::Mul, half, x);
        let g = bin(body, BinaryOp::Mul, hx, g);
        bin(body, BinaryOp::Add, a, g)
    })
}

/// `out = f(x, y)` over `rows x cols` f32 inputs `x` (buffer 0) and `y` (buffer 1), into
/// buffer 2, with `f` building the value's nodes.
fn two_input_rows(
    name: &str,
    rows: i64,
    cols: i64,
    f: impl FnOnce(&mut Body, NodeId, NodeId) -> NodeId,
) -> Kernel {
    let mut body = Body::default();
    let i = body.push(Node::Index(0), DType::I64);
    let j = body.push(Node::Index(1), DType::I64);
    let x = body.push_load(0, vec![i, j], DType::F32);
    let y = body.push_load(1, vec![i, j], DType::F32);
    let out = f(&mut body, x, y);
    body.push(
        Node::Store {
            buffer: 2,
            index: vec![i, j],
            value: out,
        },
        DType::F32,
    );
    Kernel {
        name: name.into(),
        buffers: vec![
            buf(DType::F32, &[rows, cols], false),
            buf(DType::F32, &[rows, cols], false),
            buf(DType::F32, &[rows, cols], true),
        ],
        domain: vec![rows, cols],
        body,
        sequential: false,
        limits: Vec::new(),
    }
}

#[test]
fn calls_in_two_phases_with_math_around_them() {
    if targets().is_none() {
        return cross_compiled_code_calls_array_math();
    }
    for (rows, cols) in [(3i64, 700i64), (64, 33), (1, 9000)] {
        let k = chained(rows, cols);
        let n = rows * cols;
        check_tiled(
            &k,
            &[inputs(n, 11), inputs(n, 40_017)],
            &format!("chained {rows}x{cols}"),
        );
    }
}

/// `out = arith(x, y, f(x))` over rows of `cols`: the arithmetic around a call (`form` 0:
/// `x * y + sin x`; 1: `cos(x) * 0.5 - y`; 2: `0.25 * y + exp(x)`, its hoisted operand
/// first: these read y, which no call reads before; 3: `sin x + x`; 4: `0.25 * exp(x) -
/// x`: these read only the row the call read).
fn around_a_call(rows: i64, cols: i64, form: u8) -> Kernel {
    two_input_rows("around_a_call", rows, cols, |body, x, y| match form {
        3 => {
            let s = un(body, UnaryOp::Sin, x);
            bin(body, BinaryOp::Add, s, x)
        }
        4 => {
            let e = un(body, UnaryOp::Exp, x);
            let q = cst(body, 0.25);
            let qe = bin(body, BinaryOp::Mul, q, e);
            bin(body, BinaryOp::Sub, qe, x)
        }
        0 => {
            let xy = bin(body, BinaryOp::Mul, x, y);
            let s = un(body, UnaryOp::Sin, x);
            bin(body, BinaryOp::Add, xy, s)
        }
        1 => {
            let c = un(body, UnaryOp::Cos, x);
            let half = cst(body, 0.5);
            let h = bin(body, BinaryOp::Mul, c, half);
            bin(body, BinaryOp::Sub, h, y)
        }
        _ => {
            let q = cst(body, 0.25);
            let qy = bin(body, BinaryOp::Mul, q, y);
            let e = un(body, UnaryOp::Exp, x);
            bin(body, BinaryOp::Add, qy, e)
        }
    })
}

/// Arithmetic on the call's row, call values and hoisted values around a math call runs
/// as calls (no loop left), arithmetic that streams another input row in one loop, both
/// with the inline code's bits; a chain that keeps a loop anyway keeps its arithmetic
/// inline, and its first call's values wait in the output row.
#[test]
fn arithmetic_around_a_call_runs_as_calls() {
    if targets().is_none() {
        return cross_compiled_code_calls_array_math();
    }
    let host = targets().unwrap().0;
    for form in 0..5 {
        for (rows, cols) in [(3i64, 700i64), (64, 33), (1, 9000)] {
            let k = around_a_call(rows, cols, form);
            let n = rows * cols;
            let what = format!("form {form} {rows}x{cols}");
            check_tiled(&k, &[inputs(n, 5), inputs(n, 20_011)], &what);
            let loops = if form < 3 { 1 } else { 0 };
            assert_eq!(kernel::tile_loops(&k, &host), Some(loops), "{what}");
        }
    }
    let k = chained(3, 700);
    assert!(kernel::tile_loops(&k, &host).is_some_and(|l| l > 0));
    assert_eq!(kernel::tile_scratch(&k, &host), Some(1));
}

/// `out[j, i] = tanh(x[i, j])`: the store scatters lanes (a relayout), the load is
/// contiguous.
#[test]
fn transposed_store_of_a_tiled_function() {
    if targets().is_none() {
        return cross_compiled_code_calls_array_math();
    }
    let (rows, cols) = (9i64, 300i64);
    let mut body = Body::default();
    let i = body.push(Node::Index(0), DType::I64);
    let j = body.push(Node::Index(1), DType::I64);
    let x = body.push_load(0, vec![i, j], DType::F32);
    let t = un(&mut body, UnaryOp::Tanh, x);
    body.push(
        Node::Store {
            buffer: 1,
            index: vec![j, i],
            value: t,
        },
        DType::F32,
    );
    let k = Kernel {
        name: "transposed".into(),
        buffers: vec![
            buf(DType::F32, &[rows, cols], false),
            buf(DType::F32, &[cols, rows], true),
        ],
        domain: vec![rows, cols],
        body,
        sequential: false,
        limits: Vec::new(),
    };
    check_tiled(&k, &[inputs(rows * cols, 3)], "transposed tanh");
}

/// The divides the tiles run through the runtime, by where their operands come from.
#[derive(Clone, Copy, Debug)]
enum Quotient {
    /// `x[i, j] / sum_j' x[i, j']`: softmax's last pass, an input row over a hoisted sum.
    RowOverRowSum,
    /// `x[i, j] / y[i, j]`: both operands read in place.
    RowOverRow,
    /// `exp(x) / (y * 2)`: a call's values over a computed divisor, in a second phase.
    CallOverComputed,
    /// `out[j, i] = 1 / x[i, j]`: a constant dividend, a transposed store.
    ConstOverRowTransposed,
}

fn quotient(rows: i64, cols: i64, form: Quotient) -> Kernel {
    let mut body = Body::default();
    let i = body.push(Node::Index(0), DType::I64);
    let j = body.push(Node::Index(1), DType::I64);
    let x = body.push_load(0, vec![i, j], DType::F32);
    let y = body.push_load(1, vec![i, j], DType::F32);
    let (q, out_index) = match form {
        Quotient::RowOverRowSum => {
            let mut rb = Body::default();
            let rj = rb.push(Node::Index(0), DType::I64);
            let oi = rb.push(Node::Outer(NodeId(0)), DType::I64);
            let rx = rb.push_load(0, vec![oi, rj], DType::F32);
            let acc = rb.push(Node::Acc(0), DType::F32);
            rb.yields = vec![bin(&mut rb, BinaryOp::Add, acc, rx)];
            let init = cst(&mut body, 0.0);
            let sum = body.push(
                Node::Reduce {
                    extents: vec![cols],
                    inits: vec![init],
                    body: Box::new(rb),
                },
                DType::F32,
            );
            (bin(&mut body, BinaryOp::Div, x, sum), vec![i, j])
        }
        Quotient::RowOverRow => (bin(&mut body, BinaryOp::Div, x, y), vec![i, j]),
        Quotient::CallOverComputed => {
            let e = un(&mut body, UnaryOp::Exp, x);
            let two = cst(&mut body, 2.0);
            let d = bin(&mut body, BinaryOp::Mul, y, two);
            (bin(&mut body, BinaryOp::Div, e, d), vec![i, j])
        }
        Quotient::ConstOverRowTransposed => {
            let one = cst(&mut body, 1.0);
            (bin(&mut body, BinaryOp::Div, one, x), vec![j, i])
        }
    };
    let transposed = matches!(form, Quotient::ConstOverRowTransposed);
    body.push(
        Node::Store {
            buffer: 2,
            index: out_index,
            value: q,
        },
        DType::F32,
    );
    let out_shape = if transposed {
        [cols, rows]
    } else {
        [rows, cols]
    };
    Kernel {
        name: "quotient".into(),
        buffers: vec![
            buf(DType::F32, &[rows, cols], false),
            buf(DType::F32, &[rows, cols], false),
            buf(DType::F32, &out_shape, true),
        ],
        domain: vec![rows, cols],
        body,
        sequential: false,
        limits: Vec::new(),
    }
}

#[test]
fn divides_tiled_match_inline() {
    if targets().is_none() {
        return cross_compiled_code_calls_array_math();
    }
    use Quotient::*;
    for form in [
        RowOverRowSum,
        RowOverRow,
        CallOverComputed,
        ConstOverRowTransposed,
    ] {
        for (rows, cols) in [(5i64, 1030i64), (300, 40), (3, 33), (1, 5003)] {
            let k = quotient(rows, cols, form);
            let n = rows * cols;
            check_tiled(
                &k,
                &[inputs(n, 17), inputs(n, 20_011)],
                &format!("{form:?} {rows}x{cols}"),
            );
        }
    }
    // Softmax's divide reads its row in place and gets the hoisted sum as one value:
    // its tiles are calls only. Otherwise a loop computes the operands a phase needs
    // (the divisor `y * 2`, while exp maps its input row and the divide reads exp's
    // values where they are) or the stores the calls do not make.
    let host = targets().unwrap().0;
    let loops = |form| kernel::tile_loops(&quotient(4, 1024, form), &host);
    assert!(kernel::hoistable(&quotient(4, 1024, RowOverRowSum)).is_some_and(|h| h[5]));
    assert_eq!(loops(RowOverRowSum), Some(0));
    assert_eq!(loops(RowOverRow), Some(0));
    assert_eq!(loops(CallOverComputed), Some(1));
    assert_eq!(loops(ConstOverRowTransposed), Some(2));
}

#[test]
fn short_rows_and_other_types_stay_inline() {
    let host = Target::from_triple(target::X86_64).unwrap();
    // Rows shorter than a call is worth.
    let k = shifted_rows(100, 31, UnaryOp::Exp);
    assert!(!kernel::is_tiled(&k, &host));
    assert!(kernel::is_tiled(
        &shifted_rows(100, 32, UnaryOp::Exp),
        &host
    ));
    // No array routine: log stays inline.
    let k = elementwise(
        &[DType::F32],
        DType::F32,
        1000,
        unop(UnaryOp::Log, DType::F32),
    );
    assert!(!kernel::is_tiled(&k, &host));
    // f16 values are computed in f32 but typed f16: inline.
    let k = elementwise(
        &[DType::F16],
        DType::F16,
        1000,
        unop(UnaryOp::Exp, DType::F16),
    );
    assert!(kernel::is_vectorized(&k) && !kernel::is_tiled(&k, &host));
    // aarch64's f32x4 is its full width: inline.
    let a = Target::from_triple(target::AARCH64).unwrap();
    let k = elementwise(
        &[DType::F32],
        DType::F32,
        1000,
        unop(UnaryOp::Exp, DType::F32),
    );
    assert!(!kernel::is_tiled(&k, &a));
}

/// Runs `k` on byte buffers (one per buffer but the last, which it writes) for both
/// targets and asserts the outputs are byte-identical and that the host's code is tiled.
fn check_tiled_bytes(k: &Kernel, inputs: &[Vec<u8>], what: &str) {
    let (host, inline) = targets().expect("checked by the caller");
    assert!(kernel::is_tiled(k, &host), "{what}: not tiled for the host");
    assert!(!kernel::is_tiled(k, &inline), "{what}: tiled without AVX2");
    let out = k.buffers.last().unwrap();
    let n_out = out.shape.iter().product::<i64>() as usize * out.dtype.size();
    let mut outs = Vec::new();
    for target in [&host, &inline] {
        let mut bufs = inputs.to_vec();
        bufs.push(vec![0u8; n_out]);
        run_on(k, &mut bufs, target);
        outs.push(bufs.pop().unwrap());
    }
    if let Some(at) = (0..n_out).find(|&b| outs[0][b] != outs[1][b]) {
        panic!(
            "{what}: byte {at} tiled {:#04x} vs inline {:#04x}",
            outs[0][at], outs[1][at]
        );
    }
}

/// `out[i, j] = convert(x[i, j])` (then `* scale + 1` in f32 when `then_affine`) over a
/// `rows x cols` domain, `x` of `from`, `out` of `to`.
fn convert_rows(rows: i64, cols: i64, from: DType, to: DType, then_affine: bool) -> Kernel {
    let mut body = Body::default();
    let i = body.push(Node::Index(0), DType::I64);
    let j = body.push(Node::Index(1), DType::I64);
    let x = body.push_load(0, vec![i, j], from);
    let mut y = body.push(Node::Convert { x }, to);
    if then_affine {
        let s = cst(&mut body, 0.75);
        let one = cst(&mut body, 1.0);
        let m = bin(&mut body, BinaryOp::Mul, y, s);
        y = bin(&mut body, BinaryOp::Add, m, one);
    }
    body.push(
        Node::Store {
            buffer: 1,
            index: vec![i, j],
            value: y,
        },
        to,
    );
    Kernel {
        name: "convert_rows".into(),
        buffers: vec![
            buf(from, &[rows, cols], false),
            buf(to, &[rows, cols], true),
        ],
        domain: vec![rows, cols],
        body,
        sequential: false,
        limits: Vec::new(),
    }
}

/// `n` f32 from the math test inputs with their low bits set, point by point, to just
/// below, at and just above a bf16 or an f16 rounding tie (every third one as is).
fn rounding_edges(n: i64) -> Vec<f32> {
    const LOW: [(u32, u32); 6] = [
        (0xffff, 0x7fff),
        (0xffff, 0x8000),
        (0xffff, 0x8001),
        (0x1fff, 0x0fff),
        (0x1fff, 0x1000),
        (0x1fff, 0x1001),
    ];
    (inputs(n, 31).into_iter().enumerate())
        .map(|(p, x)| match LOW.get(p % 9) {
            Some(&(mask, low)) => f32::from_bits((x.to_bits() & !mask) | low),
            None => x,
        })
        .collect()
}

/// Conversions between f32 and bf16/f16 rows run as runtime calls (rounding sixteen
/// lanes at a time) with the inline code's bits: every f32 class (subnormals, rounding
/// ties, the f16 overflow edge, NaN payloads) and every 16-bit pattern, rows of odd
/// lengths and rows split across workgroups.
#[test]
fn conversions_between_f32_and_16_bit_rows_tiled_match_inline() {
    if targets().is_none() {
        return cross_compiled_code_calls_array_math();
    }
    let host = targets().unwrap().0;
    let halves: Vec<u16> = (0..=u16::MAX).collect();
    for (rows, cols) in [
        (1i64, 32i64),
        (3, 37),
        (2, 257),
        (7, 1000),
        (1, 40_000),
        (64, 33),
    ] {
        let n = rows * cols;
        for to in [DType::BF16, DType::F16] {
            let k = convert_rows(rows, cols, DType::F32, to, false);
            let x = to_bytes(&rounding_edges(n));
            check_tiled_bytes(&k, &[x], &format!("f32 -> {to:?} {rows}x{cols}"));
            assert_eq!(kernel::tile_loops(&k, &host), Some(0), "calls only");
        }
        let h: Vec<u16> = (0..n as usize)
            .map(|p| halves[(p * 7) % halves.len()])
            .collect();
        for from in [DType::BF16, DType::F16] {
            let k = convert_rows(rows, cols, from, DType::F32, false);
            check_tiled_bytes(
                &k,
                &[to_bytes(&h)],
                &format!("{from:?} -> f32 {rows}x{cols}"),
            );
            assert_eq!(kernel::tile_loops(&k, &host), Some(0), "calls only");
        }
        // f16 widened, then arithmetic in a loop reading the call's values back.
        let k = convert_rows(rows, cols, DType::F16, DType::F32, true);
        check_tiled_bytes(
            &k,
            &[to_bytes(&h)],
            &format!("f16 -> f32 * s + 1 {rows}x{cols}"),
        );
    }
    // bf16 widened into arithmetic stays inline (one shift per lane).
    let k = convert_rows(4, 100, DType::BF16, DType::F32, true);
    assert!(!kernel::is_tiled(&k, &host));
}
