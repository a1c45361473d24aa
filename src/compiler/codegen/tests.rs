//! End-to-end tests: hand-built kernels, compiled for the host, loaded and run.

use super::*;
use crate::compiler::ir::{BinaryOp, CompareDirection, DType, UnaryOp};
use crate::compiler::lower::kir::{Body, KBuffer, Kernel, Node, NodeId};
use pjrtc_runtime::loader::{LoadError, LoadedCode};

/// Element types the tests move in and out of buffers.
trait Elem: Copy + std::fmt::Debug {
    const DT: DType;
    fn put(self, out: &mut Vec<u8>);
    fn get(b: &[u8]) -> Self;
}

macro_rules! elem {
    ($($t:ty => $dt:ident),*) => {$(
        impl Elem for $t {
            const DT: DType = DType::$dt;
            fn put(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
            fn get(b: &[u8]) -> Self {
                <$t>::from_le_bytes(b.try_into().unwrap())
            }
        }
    )*};
}
elem!(i8 => I8, i16 => I16, i32 => I32, i64 => I64, u8 => U8, u16 => U16, u32 => U32,
      u64 => U64, f32 => F32, f64 => F64);

fn to_bytes<T: Elem>(v: &[T]) -> Vec<u8> {
    let mut out = Vec::new();
    v.iter().for_each(|x| x.put(&mut out));
    out
}

fn from_bytes<T: Elem>(b: &[u8]) -> Vec<T> {
    b.chunks(std::mem::size_of::<T>()).map(T::get).collect()
}

fn buf(dtype: DType, shape: &[i64], writable: bool) -> KBuffer {
    KBuffer {
        dtype,
        shape: shape.to_vec(),
        writable,
    }
}

/// Compiles `k` for the host and runs all its workgroups (in two dispatches, to test
/// `[begin, end)`), on `bufs` (binding order).
fn run(k: &Kernel, bufs: &mut [Vec<u8>]) {
    run_on(k, bufs, &Target::host());
}

/// [`run`] with code for `target` (which the host must be able to execute).
fn run_on(k: &Kernel, bufs: &mut [Vec<u8>], target: &Target) {
    for (b, kb) in bufs.iter().zip(&k.buffers) {
        let n: i64 = kb.shape.iter().product();
        assert_eq!(b.len(), n as usize * kb.dtype.size(), "buffer size");
    }
    let code = compile_kernels(std::slice::from_ref(k), target).unwrap();
    let loaded = LoadedCode::load(&code.image, &target.to_format(), &code.entries).unwrap();
    let f = loaded.kernel(0);
    let ptrs: Vec<*mut u8> = bufs.iter_mut().map(|b| b.as_mut_ptr()).collect();
    let wg = code.workgroups[0];
    let mid = wg / 2;
    // SAFETY: buffers match the kernel's bindings in count, dtype and shape.
    unsafe {
        f(ptrs.as_ptr(), 0, mid);
        f(ptrs.as_ptr(), mid, wg);
    }
}

/// out[i] = f(in_0[i], in_1[i], ...) over a 1-D domain of `n` points.
fn elementwise(
    ins: &[DType],
    out: DType,
    n: i64,
    f: impl FnOnce(&mut Body, &[NodeId]) -> NodeId,
) -> Kernel {
    let mut body = Body::default();
    let i = body.push(Node::Index(0), DType::I64);
    let xs: Vec<NodeId> = ins
        .iter()
        .enumerate()
        .map(|(b, &dt)| {
            body.push(
                Node::Load {
                    buffer: b,
                    index: vec![i],
                },
                dt,
            )
        })
        .collect();
    let v = f(&mut body, &xs);
    body.push(
        Node::Store {
            buffer: ins.len(),
            index: vec![i],
            value: v,
        },
        out,
    );
    let mut buffers: Vec<KBuffer> = ins.iter().map(|&d| buf(d, &[n], false)).collect();
    buffers.push(buf(out, &[n], true));
    Kernel {
        name: "k".into(),
        buffers,
        domain: vec![n],
        body,
        sequential: false,
        limits: Vec::new(),
    }
}

fn binop(op: BinaryOp, dt: DType) -> impl FnOnce(&mut Body, &[NodeId]) -> NodeId {
    move |b, x| {
        b.push(
            Node::Binary {
                op,
                a: x[0],
                b: x[1],
            },
            dt,
        )
    }
}

fn unop(op: UnaryOp, dt: DType) -> impl FnOnce(&mut Body, &[NodeId]) -> NodeId {
    move |b, x| b.push(Node::Unary { op, x: x[0] }, dt)
}

/// Runs a binary op over all pairs of `vals`.
fn run_binary<T: Elem, U: Elem>(op: BinaryOp, vals: &[T]) -> (Vec<(T, T)>, Vec<U>) {
    let pairs: Vec<(T, T)> = vals
        .iter()
        .flat_map(|&a| vals.iter().map(move |&b| (a, b)))
        .collect();
    let a: Vec<T> = pairs.iter().map(|p| p.0).collect();
    let b: Vec<T> = pairs.iter().map(|p| p.1).collect();
    let n = pairs.len() as i64;
    let k = elementwise(&[T::DT, T::DT], U::DT, n, binop(op, U::DT));
    let mut bufs = vec![
        to_bytes(&a),
        to_bytes(&b),
        vec![0u8; n as usize * U::DT.size()],
    ];
    run(&k, &mut bufs);
    (pairs, from_bytes(&bufs[2]))
}

fn run_unary<T: Elem, U: Elem>(op: UnaryOp, vals: &[T]) -> Vec<U> {
    let n = vals.len() as i64;
    let k = elementwise(&[T::DT], U::DT, n, unop(op, U::DT));
    let mut bufs = vec![to_bytes(vals), vec![0u8; n as usize * U::DT.size()]];
    run(&k, &mut bufs);
    from_bytes(&bufs[1])
}

#[test]
fn add_f32_elementwise() {
    let n = 1003;
    let a: Vec<f32> = (0..n).map(|i| i as f32 * 0.5).collect();
    let b: Vec<f32> = (0..n).map(|i| 1.0 / (i as f32 + 1.0)).collect();
    let k = elementwise(
        &[DType::F32, DType::F32],
        DType::F32,
        n,
        binop(BinaryOp::Add, DType::F32),
    );
    assert!(kernel::is_vectorized(&k));
    let mut bufs = vec![to_bytes(&a), to_bytes(&b), vec![0u8; n as usize * 4]];
    run(&k, &mut bufs);
    let out: Vec<f32> = from_bytes(&bufs[2]);
    for i in 0..n as usize {
        assert_eq!(out[i].to_bits(), (a[i] + b[i]).to_bits(), "at {i}");
    }
}

macro_rules! int_semantics_test {
    ($name:ident, $t:ty, $s:ty) => {
        #[test]
        fn $name() {
            let w = <$t>::BITS;
            let mut vals: Vec<$t> = vec![0, 1, 2, 3, 7, <$t>::MAX, <$t>::MIN, <$t>::MAX - 1];
            vals.push((w - 1) as $t);
            vals.push(w as $t);
            vals.push((w + 1) as $t);
            vals.push((0 as $t).wrapping_sub(1));
            vals.push((0 as $t).wrapping_sub(5));
            vals.push(100 as $t);
            let check = |op: BinaryOp, f: &dyn Fn($t, $t) -> $t| {
                let (pairs, out) = run_binary::<$t, $t>(op, &vals);
                for (&(a, b), &r) in pairs.iter().zip(&out) {
                    assert_eq!(r, f(a, b), "{op:?}({a}, {b})");
                }
            };
            check(BinaryOp::Add, &|a, b| a.wrapping_add(b));
            check(BinaryOp::Sub, &|a, b| a.wrapping_sub(b));
            check(BinaryOp::Mul, &|a, b| a.wrapping_mul(b));
            check(BinaryOp::Div, &|a, b| {
                if b == 0 { !0 } else { a.wrapping_div(b) }
            });
            check(BinaryOp::Rem, &|a, b| {
                if b == 0 { a } else { a.wrapping_rem(b) }
            });
            check(BinaryOp::Max, &|a, b| a.max(b));
            check(BinaryOp::Min, &|a, b| a.min(b));
            check(BinaryOp::And, &|a, b| a & b);
            check(BinaryOp::Or, &|a, b| a | b);
            check(BinaryOp::Xor, &|a, b| a ^ b);
            let big = |b: $t| (b as $s as u128 & ((1u128 << w) - 1)) >= w as u128;
            check(BinaryOp::ShiftLeft, &|a, b| {
                if big(b) { 0 } else { a << (b as u32) }
            });
            check(BinaryOp::ShiftRightLogical, &|a, b| {
                if big(b) {
                    0
                } else {
                    ((a as $s as u128 & ((1u128 << w) - 1)) >> (b as u32)) as $t
                }
            });
            check(BinaryOp::ShiftRightArithmetic, &|a, b| {
                let sh = if big(b) { w - 1 } else { b as u32 };
                ((a as $s) >> sh) as $t
            });
            check(BinaryOp::Pow, &|a, b| {
                let signed = <$t>::MIN != 0;
                if signed && (b as i64) < 0 {
                    match a as i64 {
                        1 => 1,
                        -1 => {
                            if b & 1 == 0 {
                                1
                            } else {
                                (0 as $t).wrapping_sub(1)
                            }
                        }
                        _ => 0,
                    }
                } else {
                    let mut acc: $t = 1;
                    let mut e = b as u128 & ((1u128 << w) - 1);
                    let mut x = a;
                    while e != 0 {
                        if e & 1 != 0 {
                            acc = acc.wrapping_mul(x);
                        }
                        x = x.wrapping_mul(x);
                        e >>= 1;
                    }
                    acc
                }
            });
            let un = |op: UnaryOp, f: &dyn Fn($t) -> $t| {
                let out: Vec<$t> = run_unary(op, &vals);
                for (&a, &r) in vals.iter().zip(&out) {
                    assert_eq!(r, f(a), "{op:?}({a})");
                }
            };
            un(UnaryOp::Not, &|a| !a);
            un(UnaryOp::Neg, &|a| a.wrapping_neg());
            un(UnaryOp::PopCnt, &|a| a.count_ones() as $t);
            un(UnaryOp::CountLeadingZeros, &|a| a.leading_zeros() as $t);
            un(UnaryOp::Abs, &|a| {
                if <$t>::MIN != 0 && (a as $s as i128) < 0 {
                    a.wrapping_neg()
                } else {
                    a
                }
            });
            un(UnaryOp::Sign, &|a| {
                if a == 0 {
                    0
                } else if <$t>::MIN != 0 && (a as $s as i128) < 0 {
                    (0 as $t).wrapping_sub(1)
                } else {
                    1
                }
            });
        }
    };
}

int_semantics_test!(int_semantics_i8, i8, i8);
int_semantics_test!(int_semantics_i16, i16, i16);
int_semantics_test!(int_semantics_i32, i32, i32);
int_semantics_test!(int_semantics_i64, i64, i64);
int_semantics_test!(int_semantics_u8, u8, i8);
int_semantics_test!(int_semantics_u16, u16, i16);
int_semantics_test!(int_semantics_u32, u32, i32);
int_semantics_test!(int_semantics_u64, u64, i64);

/// i2/i4/ui2/ui4: every op on every pair of values, against the evaluator; inputs also
/// carry garbage in their upper bits, which loads must ignore.
#[test]
fn sub_byte_int_semantics_match_the_evaluator() {
    use crate::compiler::eval::{binary_elem, unary_elem};
    use BinaryOp as B;
    use UnaryOp as U;
    for dt in [DType::I2, DType::I4, DType::U2, DType::U4] {
        let codes: Vec<u8> = (0..1u8 << dt.bits()).collect();
        let pairs: Vec<(u8, u8)> = codes
            .iter()
            .flat_map(|&a| codes.iter().map(move |&b| (a, b)))
            .collect();
        let n = pairs.len() as i64;
        // Garbage upper bits on `a` (ml_dtypes ignores them, so must we).
        let a: Vec<u8> = pairs.iter().map(|p| p.0 | 0xa0).collect();
        let b: Vec<u8> = pairs.iter().map(|p| p.1).collect();
        for op in [
            B::Add,
            B::Sub,
            B::Mul,
            B::Div,
            B::Rem,
            B::Pow,
            B::Max,
            B::Min,
            B::And,
            B::Or,
            B::Xor,
            B::ShiftLeft,
            B::ShiftRightLogical,
            B::ShiftRightArithmetic,
        ] {
            let k = elementwise(&[dt, dt], dt, n, binop(op, dt));
            let mut bufs = vec![a.clone(), b.clone(), vec![0u8; n as usize]];
            run(&k, &mut bufs);
            for (i, &(x, y)) in pairs.iter().enumerate() {
                let want = binary_elem(op, dt, u64::from(x), u64::from(y)).unwrap();
                assert_eq!(
                    u64::from(bufs[2][i]),
                    want,
                    "{op:?} {dt}: {} {}",
                    dt.int_value(x.into()),
                    dt.int_value(y.into())
                );
            }
        }
        for op in [
            U::Abs,
            U::Neg,
            U::Not,
            U::Sign,
            U::PopCnt,
            U::CountLeadingZeros,
        ] {
            let k = elementwise(&[dt], dt, codes.len() as i64, unop(op, dt));
            let input: Vec<u8> = codes.iter().map(|c| c | 0x50).collect();
            let mut bufs = vec![input, vec![0u8; codes.len()]];
            run(&k, &mut bufs);
            for (&x, &got) in codes.iter().zip(&bufs[1]) {
                let want = unary_elem(op, dt, u64::from(x)).unwrap();
                assert_eq!(
                    u64::from(got),
                    want,
                    "{op:?} {dt}: {}",
                    dt.int_value(x.into())
                );
            }
        }
    }
}

/// Every minifloat format: arithmetic on every pair of codes (computed in f32, rounded
/// once per op) against the evaluator, which rounds from f64.
#[test]
fn minifloat_semantics_match_the_evaluator() {
    use crate::compiler::eval::{binary_elem, unary_elem};
    use BinaryOp as B;
    use UnaryOp as U;
    let same = |dt: DType, got: u64, want: u64| {
        let f = dt.minifloat().unwrap();
        got == want || (f.decode(got as u32).is_nan() && f.decode(want as u32).is_nan())
    };
    for dt in DType::ALL.into_iter().filter(|d| d.minifloat().is_some()) {
        let codes: Vec<u8> = (0..(1u16 << dt.bits())).map(|c| c as u8).collect();
        let pairs: Vec<(u8, u8)> = codes
            .iter()
            .flat_map(|&a| codes.iter().map(move |&b| (a, b)))
            .collect();
        let n = pairs.len() as i64;
        let a: Vec<u8> = pairs.iter().map(|p| p.0).collect();
        let b: Vec<u8> = pairs.iter().map(|p| p.1).collect();
        for op in [B::Add, B::Sub, B::Mul, B::Div, B::Max, B::Min, B::Rem] {
            let k = elementwise(&[dt, dt], dt, n, binop(op, dt));
            let mut bufs = vec![a.clone(), b.clone(), vec![0u8; n as usize]];
            run(&k, &mut bufs);
            for (i, &(x, y)) in pairs.iter().enumerate() {
                let want = binary_elem(op, dt, u64::from(x), u64::from(y)).unwrap();
                let got = u64::from(bufs[2][i]);
                assert!(
                    same(dt, got, want),
                    "{op:?} {dt} {x:#x} {y:#x}: {got:#x} != {want:#x}"
                );
            }
        }
        for op in [
            U::Abs,
            U::Neg,
            U::Sqrt,
            U::Floor,
            U::Ceil,
            U::RoundNearestEven,
            U::Sign,
        ] {
            let k = elementwise(&[dt], dt, codes.len() as i64, unop(op, dt));
            let mut bufs = vec![codes.clone(), vec![0u8; codes.len()]];
            run(&k, &mut bufs);
            for (&x, &got) in codes.iter().zip(&bufs[1]) {
                let want = unary_elem(op, dt, u64::from(x)).unwrap();
                assert!(
                    same(dt, got.into(), want),
                    "{op:?} {dt} {x:#x}: {got:#x} != {want:#x}"
                );
            }
        }
    }
}

fn same_f32(a: f32, b: f32) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

fn float_specials() -> Vec<f32> {
    let mut v = vec![
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        -0.5,
        1.5,
        2.5,
        -2.5,
        0.49999997,
        3.7,
        -3.7,
        1e-40,
        -1e-45,
        f32::MAX,
        f32::MIN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        8388609.0,
        1e10,
    ];
    let mut s: u32 = 12345;
    for _ in 0..40 {
        s = s.wrapping_mul(1664525).wrapping_add(1013904223);
        v.push(f32::from_bits(s));
    }
    v
}

#[test]
fn f32_unary_and_binary_semantics() {
    let vals = float_specials();
    let un = |op: UnaryOp, f: &dyn Fn(f32) -> f32| {
        let out: Vec<f32> = run_unary(op, &vals);
        for (&a, &r) in vals.iter().zip(&out) {
            assert!(same_f32(r, f(a)), "{op:?}({a:e}) = {r:e}, want {:e}", f(a));
        }
    };
    un(UnaryOp::Abs, &|a| a.abs());
    un(UnaryOp::Neg, &|a| -a);
    un(UnaryOp::Sqrt, &|a| a.sqrt());
    un(UnaryOp::Floor, &|a| a.floor());
    un(UnaryOp::Ceil, &|a| a.ceil());
    un(UnaryOp::RoundNearestEven, &|a| a.round_ties_even());
    un(UnaryOp::RoundNearestAfz, &|a| a.round());
    un(UnaryOp::Sign, &|a| {
        if a == 0.0 || a.is_nan() {
            a
        } else {
            a.signum()
        }
    });
    let fin: Vec<u8> = {
        let n = vals.len() as i64;
        let k = elementwise(
            &[DType::F32],
            DType::I1,
            n,
            unop(UnaryOp::IsFinite, DType::I1),
        );
        let mut bufs = vec![to_bytes(&vals), vec![0u8; n as usize]];
        run(&k, &mut bufs);
        bufs.pop().unwrap()
    };
    for (&a, &r) in vals.iter().zip(&fin) {
        assert_eq!(r, a.is_finite() as u8, "is_finite({a})");
    }
    let bin = |op: BinaryOp, f: &dyn Fn(f32, f32) -> f32| {
        let (pairs, out) = run_binary::<f32, f32>(op, &vals);
        for (&(a, b), &r) in pairs.iter().zip(&out) {
            assert!(same_f32(r, f(a, b)), "{op:?}({a:e}, {b:e}) = {r:e}");
        }
    };
    let max = |a: f32, b: f32| {
        if a.is_nan() || b.is_nan() {
            f32::NAN
        } else if a == b {
            if a.is_sign_negative() { b } else { a }
        } else {
            a.max(b)
        }
    };
    let min = |a: f32, b: f32| {
        if a.is_nan() || b.is_nan() {
            f32::NAN
        } else if a == b {
            if a.is_sign_negative() { a } else { b }
        } else {
            a.min(b)
        }
    };
    bin(BinaryOp::Add, &|a, b| a + b);
    bin(BinaryOp::Div, &|a, b| a / b);
    bin(BinaryOp::Max, &max);
    bin(BinaryOp::Min, &min);
    bin(BinaryOp::Rem, &|a, b| a % b);
    bin(BinaryOp::Pow, &|a, b| (a as f64).powf(b as f64) as f32);
    bin(BinaryOp::Atan2, &|a, b| (a as f64).atan2(b as f64) as f32);
}

#[test]
fn compare_float_and_total_order() {
    let vals = float_specials();
    for total in [false, true] {
        for dir in [
            CompareDirection::Eq,
            CompareDirection::Ne,
            CompareDirection::Lt,
            CompareDirection::Le,
            CompareDirection::Gt,
            CompareDirection::Ge,
        ] {
            let pairs: Vec<(f32, f32)> = vals
                .iter()
                .flat_map(|&a| vals.iter().map(move |&b| (a, b)))
                .collect();
            let n = pairs.len() as i64;
            let k = elementwise(&[DType::F32, DType::F32], DType::I1, n, |b, x| {
                b.push(
                    Node::Compare {
                        dir,
                        a: x[0],
                        b: x[1],
                        total_order: total,
                    },
                    DType::I1,
                )
            });
            let a: Vec<f32> = pairs.iter().map(|p| p.0).collect();
            let bv: Vec<f32> = pairs.iter().map(|p| p.1).collect();
            let mut bufs = vec![to_bytes(&a), to_bytes(&bv), vec![7u8; n as usize]];
            run(&k, &mut bufs);
            for (&(a, b), &r) in pairs.iter().zip(&bufs[2]) {
                let want = if total {
                    let o = a.total_cmp(&b);
                    match dir {
                        CompareDirection::Eq => o.is_eq(),
                        CompareDirection::Ne => o.is_ne(),
                        CompareDirection::Lt => o.is_lt(),
                        CompareDirection::Le => o.is_le(),
                        CompareDirection::Gt => o.is_gt(),
                        CompareDirection::Ge => o.is_ge(),
                    }
                } else {
                    match dir {
                        CompareDirection::Eq => a == b,
                        CompareDirection::Ne => a != b,
                        CompareDirection::Lt => a < b,
                        CompareDirection::Le => a <= b,
                        CompareDirection::Gt => a > b,
                        CompareDirection::Ge => a >= b,
                    }
                };
                assert_eq!(r, want as u8, "{dir:?} total={total} ({a}, {b})");
            }
        }
    }
}

/// Every f16 (or bf16) bit pattern through add/mul/div with a few operands, in f32 then
/// rounded, against `half`.
#[test]
fn f16_bf16_arithmetic_rounds_to_nearest_even() {
    for dt in [DType::F16, DType::BF16] {
        let to_f32 = |b: u16| match dt {
            DType::F16 => half::f16::from_bits(b).to_f32(),
            _ => half::bf16::from_bits(b).to_f32(),
        };
        let from_f32 = |x: f32| match dt {
            DType::F16 => half::f16::from_f32(x).to_bits(),
            _ => half::bf16::from_f32(x).to_bits(),
        };
        let a: Vec<u16> = (0..=u16::MAX).collect();
        let others = [0x3c01u16, 0x4170, 0x0001, 0xc500, 0x7bff, 0x3555];
        for &o in &others {
            let b: Vec<u16> = vec![o; a.len()];
            for op in [BinaryOp::Add, BinaryOp::Mul, BinaryOp::Div, BinaryOp::Sub] {
                let n = a.len() as i64;
                let k = elementwise(&[dt, dt], dt, n, binop(op, dt));
                assert!(kernel::is_vectorized(&k));
                let mut bufs = vec![to_bytes(&a), to_bytes(&b), vec![0u8; n as usize * 2]];
                run(&k, &mut bufs);
                let out: Vec<u16> = from_bytes(&bufs[2]);
                for i in 0..a.len() {
                    let (x, y) = (to_f32(a[i]), to_f32(b[i]));
                    let r = match op {
                        BinaryOp::Add => x + y,
                        BinaryOp::Sub => x - y,
                        BinaryOp::Mul => x * y,
                        _ => x / y,
                    };
                    let want = from_f32(r);
                    let got = out[i];
                    assert!(
                        got == want || (to_f32(got).is_nan() && r.is_nan()),
                        "{dt:?} {op:?}({:#x}, {o:#x}) = {got:#x}, want {want:#x}",
                        a[i]
                    );
                }
            }
        }
        // sqrt over all patterns
        let out: Vec<u16> = {
            let n = a.len() as i64;
            let k = elementwise(&[dt], dt, n, unop(UnaryOp::Sqrt, dt));
            let mut bufs = vec![to_bytes(&a), vec![0u8; n as usize * 2]];
            run(&k, &mut bufs);
            from_bytes(&bufs[1])
        };
        for i in 0..a.len() {
            let r = to_f32(a[i]).sqrt();
            assert!(out[i] == from_f32(r) || (r.is_nan() && to_f32(out[i]).is_nan()));
        }
    }
}

/// A value of any dtype, as the reference sees it.
#[derive(Clone, Copy, Debug)]
enum V {
    I(i128),
    F(f64),
}

fn encode(dt: DType, v: V) -> Vec<u8> {
    let i = match v {
        V::I(i) => i,
        V::F(f) => {
            return match dt {
                d if let Some(m) = d.minifloat() => vec![m.encode(f) as u8],
                DType::F16 => half::f16::from_f64(f).to_bits().to_le_bytes().to_vec(),
                DType::BF16 => half::bf16::from_f64(f).to_bits().to_le_bytes().to_vec(),
                DType::F32 => (f as f32).to_le_bytes().to_vec(),
                _ => f.to_le_bytes().to_vec(),
            };
        }
    };
    dt.wrap_int(i).to_le_bytes()[..dt.size()].to_vec()
}

fn decode(dt: DType, b: &[u8]) -> V {
    let mut w = [0u8; 16];
    w[..b.len()].copy_from_slice(b);
    let u = u128::from_le_bytes(w);
    match dt {
        d if let Some(m) = d.minifloat() => V::F(m.decode(u as u32)),
        DType::F16 => V::F(half::f16::from_bits(u as u16).to_f64()),
        DType::BF16 => V::F(half::bf16::from_bits(u as u16).to_f64()),
        DType::F32 => V::F(f32::from_bits(u as u32) as f64),
        DType::F64 => V::F(f64::from_bits(u as u64)),
        DType::I8 => V::I(u as i8 as i128),
        DType::I16 => V::I(u as i16 as i128),
        DType::I32 => V::I(u as i32 as i128),
        DType::I64 => V::I(u as i64 as i128),
        d if d.is_sub_byte_int() => V::I(d.int_value(u as u64)),
        _ => V::I(u as i128),
    }
}

/// StableHLO convert, in Rust.
fn convert_ref(to: DType, v: V) -> Vec<u8> {
    match (v, to) {
        (V::I(i), DType::I1) => vec![(i != 0) as u8],
        (V::F(f), DType::I1) => vec![(f != 0.0) as u8],
        (V::I(i), t) if t.is_float() => encode(t, V::F(i as f64)),
        (V::I(i), t) => encode(t, V::I(i)),
        (V::F(f), t) if t.is_float() => encode(t, V::F(f)),
        (V::F(f), t) => {
            let i: i128 = match t {
                DType::I8 => f as i8 as i128,
                DType::I16 => f as i16 as i128,
                DType::I32 => f as i32 as i128,
                DType::I64 => f as i64 as i128,
                DType::U8 => f as u8 as i128,
                DType::U16 => f as u16 as i128,
                DType::U32 => f as u32 as i128,
                DType::U64 => f as u64 as i128,
                // Saturating like the wider types.
                t => {
                    let (lo, hi) = t.int_range();
                    (f as i64 as i128).clamp(lo, hi)
                }
            };
            encode(t, V::I(i))
        }
    }
}

#[test]
fn convert_between_all_dtypes() {
    let ints: Vec<i128> = vec![
        0,
        1,
        -1,
        2,
        127,
        128,
        -128,
        255,
        256,
        65504,
        65519,
        65520,
        70000,
        -70000,
        16777217,
        i32::MAX as i128,
        i32::MIN as i128,
        u32::MAX as i128,
        1 << 40,
        i64::MAX as i128,
        i64::MIN as i128,
        u64::MAX as i128,
        33,
        -300,
    ];
    let floats: Vec<f64> = vec![
        0.0,
        -0.0,
        0.5,
        1.5,
        2.5,
        -2.5,
        0.999,
        127.9,
        128.0,
        -129.0,
        255.5,
        256.0,
        65504.0,
        65520.0,
        1e10,
        -1e10,
        3e38,
        1e300,
        -1e300,
        5.96e-8,
        2.98e-8,
        1e-40,
        1e-320,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        1.00048828125,
        1.0009765625,
        3.4028235677973366e38,
        1.0000000596046448,
        9.223372036854776e18,
        1.8446744073709552e19,
        -9.3e18,
    ];
    // Complex values never reach codegen: the complex legalization makes them real.
    let real = || DType::ALL.into_iter().filter(|d| !d.is_complex());
    for from in real() {
        let vals: Vec<V> = if from.is_float() {
            floats.iter().map(|&f| V::F(f)).collect()
        } else {
            ints.iter().map(|&i| V::I(i)).collect()
        };
        // Inputs as stored in `from` (this normalizes them to the type).
        let input: Vec<u8> = vals
            .iter()
            .flat_map(|&v| {
                if from == DType::I1 {
                    vec![matches!(v, V::I(i) if i & 1 != 0) as u8]
                } else {
                    encode(from, v)
                }
            })
            .collect();
        let n = vals.len() as i64;
        for to in real() {
            let k = elementwise(&[from], to, n, |b, x| b.push(Node::Convert { x: x[0] }, to));
            let mut bufs = vec![input.clone(), vec![0u8; n as usize * to.size()]];
            run(&k, &mut bufs);
            for i in 0..n as usize {
                let src = &input[i * from.size()..][..from.size()];
                let v = decode(from, src);
                let want = convert_ref(to, v);
                let got = &bufs[1][i * to.size()..][..to.size()];
                let both_nan = to.is_float()
                    && matches!((decode(to, got), decode(to, &want)), (V::F(a), V::F(b)) if a.is_nan() && b.is_nan());
                assert!(
                    got == &want[..] || both_nan,
                    "convert {from:?} -> {to:?} of {v:?}: got {:?}, want {:?}",
                    decode(to, got),
                    decode(to, &want)
                );
            }
        }
    }
}

#[test]
fn bitcast_f32_i32_and_f16_u16() {
    let vals = float_specials();
    let out: Vec<i32> = {
        let n = vals.len() as i64;
        let k = elementwise(&[DType::F32], DType::I32, n, |b, x| {
            b.push(Node::Bitcast { x: x[0] }, DType::I32)
        });
        let mut bufs = vec![to_bytes(&vals), vec![0u8; n as usize * 4]];
        run(&k, &mut bufs);
        from_bytes(&bufs[1])
    };
    for (a, r) in vals.iter().zip(&out) {
        assert_eq!(a.to_bits() as i32, *r);
    }
    let bits: Vec<u16> = (0..=u16::MAX).step_by(7).collect();
    let n = bits.len() as i64;
    let k = elementwise(&[DType::U16], DType::U16, n, |b, x| {
        let h = b.push(Node::Bitcast { x: x[0] }, DType::F16);
        b.push(Node::Bitcast { x: h }, DType::U16)
    });
    let mut bufs = vec![to_bytes(&bits), vec![0u8; n as usize * 2]];
    run(&k, &mut bufs);
    let out: Vec<u16> = from_bytes(&bufs[1]);
    for (a, r) in bits.iter().zip(&out) {
        let nan = half::f16::from_bits(*a).is_nan();
        assert!(a == r || nan, "{a:#x} -> {r:#x}");
    }
}

/// out[i] = sum_j in[i, j]
fn row_sum(rows: i64, cols: i64) -> Kernel {
    row_reduce(rows, cols, BinaryOp::Add, 0.0)
}

/// out[i] = init op in[i, 0] op in[i, 1] op ...: an f32 row reduction.
fn row_reduce(rows: i64, cols: i64, op: BinaryOp, init: f32) -> Kernel {
    row_fold(rows, cols, init, false, |rb, acc, x, _| {
        rb.push(Node::Binary { op, a: acc, b: x }, DType::F32)
    })
}

/// out[i] = the fold of row i of in[rows, cols] from `init`: `fold(body, acc, x, mean)`
/// pushes the next accumulator. With `means`, the kernel also reads mean[i] (buffer 1,
/// before the output), which the fold gets as an outer value.
pub(super) fn row_fold(
    rows: i64,
    cols: i64,
    init: f32,
    means: bool,
    fold: impl FnOnce(&mut Body, NodeId, NodeId, Option<NodeId>) -> NodeId,
) -> Kernel {
    let mut rb = Body::default();
    let j = rb.push(Node::Index(0), DType::I64);
    let oi = rb.push(Node::Outer(NodeId(0)), DType::I64);
    let x = rb.push(
        Node::Load {
            buffer: 0,
            index: vec![oi, j],
        },
        DType::F32,
    );
    let mean = means.then(|| rb.push(Node::Outer(NodeId(1)), DType::F32));
    let acc = rb.push(Node::Acc(0), DType::F32);
    let s = fold(&mut rb, acc, x, mean);
    rb.yields = vec![s];
    let mut body = Body::default();
    let i = body.push(Node::Index(0), DType::I64);
    if means {
        body.push(
            Node::Load {
                buffer: 1,
                index: vec![i],
            },
            DType::F32,
        );
    }
    let init = body.push(Node::Const(init.to_bits() as u64), DType::F32);
    let r = body.push(
        Node::Reduce {
            extents: vec![cols],
            inits: vec![init],
            body: Box::new(rb),
        },
        DType::F32,
    );
    let out = 1 + usize::from(means);
    body.push(
        Node::Store {
            buffer: out,
            index: vec![i],
            value: r,
        },
        DType::F32,
    );
    let mut buffers = vec![buf(DType::F32, &[rows, cols], false)];
    if means {
        buffers.push(buf(DType::F32, &[rows], false));
    }
    buffers.push(buf(DType::F32, &[rows], true));
    Kernel {
        name: "row_reduce".into(),
        buffers,
        domain: vec![rows],
        body,
        sequential: false,
        limits: Vec::new(),
    }
}

#[test]
fn reduce_row_sum() {
    let (rows, cols) = (37, 129);
    let input: Vec<f32> = (0..rows * cols)
        .map(|i| (i % 17) as f32 * 0.25 - 1.0)
        .collect();
    let k = row_sum(rows, cols);
    let mut bufs = vec![to_bytes(&input), vec![0u8; rows as usize * 4]];
    run(&k, &mut bufs);
    let out: Vec<f32> = from_bytes(&bufs[1]);
    for r in 0..rows as usize {
        let want: f32 = input[r * cols as usize..][..cols as usize].iter().sum();
        assert_eq!(out[r], want, "row {r}");
    }
}

/// Points that reduce long rows get smaller workgroups (so a row-sum kernel splits across
/// threads), and every workgroup's rows come out right.
#[test]
fn long_reductions_split_into_workgroups() {
    let (rows, cols) = (1000, 2048);
    let k = row_sum(rows, cols);
    assert_eq!(
        kernel::plan(&k.domain, false).workgroups,
        1,
        "by points alone"
    );
    let wg = super::workgroups(&k);
    assert_eq!(wg, (rows as u64).div_ceil(64), "64 rows per workgroup");
    let input: Vec<f32> = (0..rows * cols).map(|i| (i % 13) as f32 - 6.0).collect();
    let mut bufs = vec![to_bytes(&input), vec![0u8; rows as usize * 4]];
    run(&k, &mut bufs);
    let out: Vec<f32> = from_bytes(&bufs[1]);
    for r in 0..rows as usize {
        let want: f32 = input[r * cols as usize..][..cols as usize].iter().sum();
        assert_eq!(out[r], want, "row {r}");
    }
}

/// `out[i, j] = x[i, j] * 2 - rowsum(x)[i]`, the row sum a reduce node of the top-level
/// body whose loads do not depend on `j`: computed once per row before the loop over `j`
/// (hoisted), with workgroups of whole rows.
fn centered_rows(rows: i64, cols: i64) -> Kernel {
    let mut k = row_sum(rows, cols);
    let Node::Reduce { body: rb, .. } = k.body.nodes[2].clone() else {
        unreachable!()
    };
    let mut body = Body::default();
    let i = body.push(Node::Index(0), DType::I64);
    let j = body.push(Node::Index(1), DType::I64);
    let zero = body.push(Node::Const(0), DType::F32);
    let r = body.push(
        Node::Reduce {
            extents: vec![cols],
            inits: vec![zero],
            body: rb,
        },
        DType::F32,
    );
    let x = body.push(
        Node::Load {
            buffer: 0,
            index: vec![i, j],
        },
        DType::F32,
    );
    let x2 = body.push(
        Node::Binary {
            op: BinaryOp::Add,
            a: x,
            b: x,
        },
        DType::F32,
    );
    let y = body.push(
        Node::Binary {
            op: BinaryOp::Sub,
            a: x2,
            b: r,
        },
        DType::F32,
    );
    body.push(
        Node::Store {
            buffer: 1,
            index: vec![i, j],
            value: y,
        },
        DType::F32,
    );
    k.name = "centered_rows".into();
    k.buffers[1] = buf(DType::F32, &[rows, cols], true);
    k.domain = vec![rows, cols];
    k.body = body;
    k
}

#[test]
fn row_reduction_hoisted_out_of_the_innermost_loop() {
    // Vectorized (long rows, a remainder), scalar (rows shorter than two vectors), and
    // rows short enough that a workgroup holds several.
    for (rows, cols, per_wg) in [(37i64, 1030i64, 1u64), (9, 5, 9), (300, 24, 85)] {
        let k = centered_rows(rows, cols);
        let hoisted = kernel::hoistable(&k).expect("hoistable");
        assert!(hoisted[3], "the reduce is hoisted");
        assert!(
            !hoisted[4] && !hoisted[7],
            "per-point loads and stores are not"
        );
        assert_eq!(
            super::workgroups(&k),
            (rows as u64).div_ceil(per_wg),
            "whole rows per workgroup ({rows}x{cols})"
        );
        // Integers: every summation order gives the same sums.
        let input: Vec<f32> = (0..rows * cols).map(|i| (i % 13) as f32 - 6.0).collect();
        let mut bufs = vec![to_bytes(&input), vec![0u8; (rows * cols) as usize * 4]];
        run(&k, &mut bufs);
        let out: Vec<f32> = from_bytes(&bufs[1]);
        for (r, row) in input.chunks(cols as usize).enumerate() {
            let sum: f32 = row.iter().sum();
            for (c, &x) in row.iter().enumerate() {
                assert_eq!(out[r * cols as usize + c], 2.0 * x - sum, "[{r},{c}]");
            }
        }
    }
}

/// Column sums over a [rows, cols] input: the reduce runs over rows inside a vectorized
/// loop over columns.
#[test]
fn reduce_column_sum_vectorized() {
    let (rows, cols) = (13, 1030);
    let mut rb = Body::default();
    let r = rb.push(Node::Index(0), DType::I64);
    let oj = rb.push(Node::Outer(NodeId(0)), DType::I64);
    let x = rb.push(
        Node::Load {
            buffer: 0,
            index: vec![r, oj],
        },
        DType::F32,
    );
    let acc = rb.push(Node::Acc(0), DType::F32);
    let s = rb.push(
        Node::Binary {
            op: BinaryOp::Add,
            a: acc,
            b: x,
        },
        DType::F32,
    );
    rb.yields = vec![s];
    let mut body = Body::default();
    let j = body.push(Node::Index(0), DType::I64);
    let zero = body.push(Node::Const(0), DType::F32);
    let red = body.push(
        Node::Reduce {
            extents: vec![rows],
            inits: vec![zero],
            body: Box::new(rb),
        },
        DType::F32,
    );
    body.push(
        Node::Store {
            buffer: 1,
            index: vec![j],
            value: red,
        },
        DType::F32,
    );
    let k = Kernel {
        name: "col_sum".into(),
        buffers: vec![
            buf(DType::F32, &[rows, cols], false),
            buf(DType::F32, &[cols], true),
        ],
        domain: vec![cols],
        body,
        sequential: false,
        limits: Vec::new(),
    };
    let input: Vec<f32> = (0..rows * cols).map(|i| (i % 23) as f32 - 7.5).collect();
    let mut bufs = vec![to_bytes(&input), vec![0u8; cols as usize * 4]];
    run(&k, &mut bufs);
    let out: Vec<f32> = from_bytes(&bufs[1]);
    for c in 0..cols as usize {
        let want: f32 = (0..rows as usize)
            .map(|r| input[r * cols as usize + c])
            .sum();
        assert_eq!(out[c], want, "col {c}");
    }
}

#[test]
fn reduce_argmax_two_accumulators() {
    let (rows, cols) = (9i64, 50i64);
    let mut rb = Body::default();
    let j = rb.push(Node::Index(0), DType::I64);
    let oi = rb.push(Node::Outer(NodeId(0)), DType::I64);
    let v = rb.push(
        Node::Load {
            buffer: 0,
            index: vec![oi, j],
        },
        DType::F32,
    );
    let j32 = rb.push(Node::Convert { x: j }, DType::I32);
    let a0 = rb.push(Node::Acc(0), DType::F32);
    let a1 = rb.push(Node::Acc(1), DType::I32);
    let gt = rb.push(
        Node::Compare {
            dir: CompareDirection::Gt,
            a: v,
            b: a0,
            total_order: false,
        },
        DType::I1,
    );
    let n0 = rb.push(
        Node::Select {
            cond: gt,
            on_true: v,
            on_false: a0,
        },
        DType::F32,
    );
    let n1 = rb.push(
        Node::Select {
            cond: gt,
            on_true: j32,
            on_false: a1,
        },
        DType::I32,
    );
    rb.yields = vec![n0, n1];
    let mut body = Body::default();
    let i = body.push(Node::Index(0), DType::I64);
    let ninf = body.push(Node::Const(f32::NEG_INFINITY.to_bits() as u64), DType::F32);
    let m1 = body.const_int(DType::I32, -1);
    let red = body.push(
        Node::Reduce {
            extents: vec![cols],
            inits: vec![ninf, m1],
            body: Box::new(rb),
        },
        DType::F32,
    );
    let idx = body.push(Node::ReduceResult { reduce: red, k: 1 }, DType::I32);
    body.push(
        Node::Store {
            buffer: 1,
            index: vec![i],
            value: red,
        },
        DType::F32,
    );
    body.push(
        Node::Store {
            buffer: 2,
            index: vec![i],
            value: idx,
        },
        DType::I32,
    );
    let k = Kernel {
        name: "argmax".into(),
        buffers: vec![
            buf(DType::F32, &[rows, cols], false),
            buf(DType::F32, &[rows], true),
            buf(DType::I32, &[rows], true),
        ],
        domain: vec![rows],
        body,
        sequential: false,
        limits: Vec::new(),
    };
    let input: Vec<f32> = (0..rows * cols)
        .map(|i| ((i * 7919) % 101) as f32)
        .collect();
    let mut bufs = vec![
        to_bytes(&input),
        vec![0u8; rows as usize * 4],
        vec![0u8; rows as usize * 4],
    ];
    run(&k, &mut bufs);
    let mx: Vec<f32> = from_bytes(&bufs[1]);
    let ix: Vec<i32> = from_bytes(&bufs[2]);
    for r in 0..rows as usize {
        let row = &input[r * cols as usize..][..cols as usize];
        let mut best = (f32::NEG_INFINITY, -1);
        for (c, &x) in row.iter().enumerate() {
            if x > best.0 {
                best = (x, c as i32);
            }
        }
        assert_eq!((mx[r], ix[r]), best, "row {r}");
    }
}

/// out[i, j] = in[j, i] over a domain big enough for several workgroups.
/// The scalar points of a short innermost dimension run unrolled (`UNROLL_TRIPS`): 3-d
/// permutations whose innermost output dimension is 3 (as image channels), 4, 1, or 7 and
/// 5 (a vector, then 3 or 1 scalar points), f32 and u8.
#[test]
fn permutations_of_small_dimensions() {
    for (dims, dtype) in [
        ([5i64, 7, 3], DType::F32),
        ([2, 3, 4], DType::F32),
        ([4, 4, 4], DType::U8),
        ([3, 1, 2], DType::U8),
        ([6, 5, 2], DType::F32),
    ] {
        let [a, b, c] = dims;
        // out[k, i, j] = in[i, j, k]: output domain (c, a, b).
        let mut body = Body::default();
        let k = body.push(Node::Index(0), DType::I64);
        let i = body.push(Node::Index(1), DType::I64);
        let j = body.push(Node::Index(2), DType::I64);
        let x = body.push(
            Node::Load {
                buffer: 0,
                index: vec![i, j, k],
            },
            dtype,
        );
        body.push(
            Node::Store {
                buffer: 1,
                index: vec![k, i, j],
                value: x,
            },
            dtype,
        );
        let kernel = Kernel {
            name: "permute".into(),
            buffers: vec![buf(dtype, &[a, b, c], false), buf(dtype, &[c, a, b], true)],
            domain: vec![c, a, b],
            body,
            sequential: false,
            limits: Vec::new(),
        };
        let size = dtype.size();
        let n = (a * b * c) as usize;
        let input: Vec<u8> = (0..n * size).map(|x| (x * 7 + 3) as u8).collect();
        let mut bufs = vec![input.clone(), vec![0u8; n * size]];
        run(&kernel, &mut bufs);
        for kk in 0..c {
            for ii in 0..a {
                for jj in 0..b {
                    let src = (((ii * b + jj) * c + kk) as usize) * size;
                    let dst = (((kk * a + ii) * b + jj) as usize) * size;
                    assert_eq!(
                        bufs[1][dst..dst + size],
                        input[src..src + size],
                        "{dims:?} {dtype:?} at ({kk}, {ii}, {jj})"
                    );
                }
            }
        }
    }
}

#[test]
fn transpose_by_index_permutation() {
    let (r, c) = (70i64, 130i64);
    let mut body = Body::default();
    let i = body.push(Node::Index(0), DType::I64);
    let j = body.push(Node::Index(1), DType::I64);
    let x = body.push(
        Node::Load {
            buffer: 0,
            index: vec![j, i],
        },
        DType::I64,
    );
    body.push(
        Node::Store {
            buffer: 1,
            index: vec![i, j],
            value: x,
        },
        DType::I64,
    );
    let k = Kernel {
        name: "transpose".into(),
        buffers: vec![
            buf(DType::I64, &[r, c], false),
            buf(DType::I64, &[c, r], true),
        ],
        domain: vec![c, r],
        body,
        sequential: false,
        limits: Vec::new(),
    };
    assert!(workgroups(&k) > 1);
    let input: Vec<i64> = (0..r * c).collect();
    let mut bufs = vec![to_bytes(&input), vec![0u8; (r * c) as usize * 8]];
    run(&k, &mut bufs);
    let out: Vec<i64> = from_bytes(&bufs[1]);
    for a in 0..c {
        for b in 0..r {
            assert_eq!(out[(a * r + b) as usize], input[(b * c + a) as usize]);
        }
    }
}

/// out[i, j] = max(a[i, j] * b[j] + c[i], 0): contiguous, broadcast-row and
/// invariant loads, f32x4 main loop plus a scalar remainder.
#[test]
fn vectorized_kernel_with_remainder() {
    let (r, c) = (5i64, 4099i64);
    let mut body = Body::default();
    let i = body.push(Node::Index(0), DType::I64);
    let j = body.push(Node::Index(1), DType::I64);
    let a = body.push(
        Node::Load {
            buffer: 0,
            index: vec![i, j],
        },
        DType::F32,
    );
    let bj = body.push(
        Node::Load {
            buffer: 1,
            index: vec![j],
        },
        DType::F32,
    );
    let ci = body.push(
        Node::Load {
            buffer: 2,
            index: vec![i],
        },
        DType::F32,
    );
    let m = body.push(
        Node::Binary {
            op: BinaryOp::Mul,
            a,
            b: bj,
        },
        DType::F32,
    );
    let s = body.push(
        Node::Binary {
            op: BinaryOp::Add,
            a: m,
            b: ci,
        },
        DType::F32,
    );
    let zero = body.push(Node::Const(0), DType::F32);
    let y = body.push(
        Node::Binary {
            op: BinaryOp::Max,
            a: s,
            b: zero,
        },
        DType::F32,
    );
    body.push(
        Node::Store {
            buffer: 3,
            index: vec![i, j],
            value: y,
        },
        DType::F32,
    );
    let k = Kernel {
        name: "affine_relu".into(),
        buffers: vec![
            buf(DType::F32, &[r, c], false),
            buf(DType::F32, &[c], false),
            buf(DType::F32, &[r], false),
            buf(DType::F32, &[r, c], true),
        ],
        domain: vec![r, c],
        body,
        sequential: false,
        limits: Vec::new(),
    };
    assert!(kernel::is_vectorized(&k));
    let av: Vec<f32> = (0..r * c).map(|x| (x % 13) as f32 - 6.0).collect();
    let bv: Vec<f32> = (0..c).map(|x| (x % 5) as f32 * 0.5).collect();
    let cv: Vec<f32> = (0..r).map(|x| x as f32 - 2.0).collect();
    let mut bufs = vec![
        to_bytes(&av),
        to_bytes(&bv),
        to_bytes(&cv),
        vec![0u8; (r * c) as usize * 4],
    ];
    run(&k, &mut bufs);
    let out: Vec<f32> = from_bytes(&bufs[3]);
    for x in 0..r as usize {
        for y in 0..c as usize {
            let want = (av[x * c as usize + y] * bv[y] + cv[x]).max(0.0);
            assert_eq!(out[x * c as usize + y], want, "({x}, {y})");
        }
    }
}

/// A running sum written in place: point i reads what point i - 1 stored, so it is only
/// right if the kernel runs as one row-major sequence (no split, no vector lanes).
#[test]
fn sequential_kernel_sees_earlier_points() {
    let (r, c) = (40i64, 300i64);
    let mut body = Body::default();
    let i = body.push(Node::Index(0), DType::I64);
    let j = body.push(Node::Index(1), DType::I64);
    let x = body.push(
        Node::Load {
            buffer: 0,
            index: vec![i, j],
        },
        DType::F32,
    );
    // The previous point in row-major order (clamped at the first one).
    let one = body.push(Node::Const(1), DType::I64);
    let zero = body.push(Node::Const(0), DType::I64);
    let first_col = body.push(
        Node::Compare {
            dir: CompareDirection::Eq,
            a: j,
            b: zero,
            total_order: false,
        },
        DType::I1,
    );
    let im1 = body.push(
        Node::Binary {
            op: BinaryOp::Sub,
            a: i,
            b: one,
        },
        DType::I64,
    );
    let im1 = body.push(
        Node::Binary {
            op: BinaryOp::Max,
            a: im1,
            b: zero,
        },
        DType::I64,
    );
    let pi = body.push(
        Node::Select {
            cond: first_col,
            on_true: im1,
            on_false: i,
        },
        DType::I64,
    );
    let jm1 = body.push(
        Node::Binary {
            op: BinaryOp::Sub,
            a: j,
            b: one,
        },
        DType::I64,
    );
    let last = body.push(Node::Const((c - 1) as u64), DType::I64);
    let pj = body.push(
        Node::Select {
            cond: first_col,
            on_true: last,
            on_false: jm1,
        },
        DType::I64,
    );
    let prev = body.push(
        Node::Load {
            buffer: 1,
            index: vec![pi, pj],
        },
        DType::F32,
    );
    let i0 = body.push(
        Node::Compare {
            dir: CompareDirection::Eq,
            a: i,
            b: zero,
            total_order: false,
        },
        DType::I1,
    );
    let very_first = body.push(
        Node::Binary {
            op: BinaryOp::And,
            a: i0,
            b: first_col,
        },
        DType::I1,
    );
    let fz = body.push(Node::Const(0), DType::F32);
    let prev = body.push(
        Node::Select {
            cond: very_first,
            on_true: fz,
            on_false: prev,
        },
        DType::F32,
    );
    let s = body.push(
        Node::Binary {
            op: BinaryOp::Add,
            a: prev,
            b: x,
        },
        DType::F32,
    );
    body.push(
        Node::Store {
            buffer: 1,
            index: vec![i, j],
            value: s,
        },
        DType::F32,
    );
    let mut k = Kernel {
        name: "running_sum".into(),
        buffers: vec![
            buf(DType::F32, &[r, c], false),
            buf(DType::F32, &[r, c], true),
        ],
        domain: vec![r, c],
        body,
        sequential: false,
        limits: Vec::new(),
    };
    // The same body as an ordinary kernel would be split across workgroups.
    assert!(workgroups(&k) > 1);
    k.sequential = true;
    assert_eq!(workgroups(&k), 1);
    assert!(!kernel::is_vectorized(&k));
    let n = (r * c) as usize;
    let mut bufs = vec![to_bytes(&vec![1f32; n]), vec![0u8; n * 4]];
    run(&k, &mut bufs);
    let want: Vec<f32> = (1..=n).map(|v| v as f32).collect();
    assert_eq!(from_bytes::<f32>(&bufs[1]), want);
}

#[test]
fn scalar_domain_and_empty_domain() {
    // rank 0: out[] = a[] * 3
    let mut body = Body::default();
    let a = body.push(
        Node::Load {
            buffer: 0,
            index: vec![],
        },
        DType::F64,
    );
    let three = body.push(Node::Const(3.0f64.to_bits()), DType::F64);
    let m = body.push(
        Node::Binary {
            op: BinaryOp::Mul,
            a,
            b: three,
        },
        DType::F64,
    );
    body.push(
        Node::Store {
            buffer: 1,
            index: vec![],
            value: m,
        },
        DType::F64,
    );
    let k = Kernel {
        name: "scalar".into(),
        buffers: vec![buf(DType::F64, &[], false), buf(DType::F64, &[], true)],
        domain: vec![],
        body,
        sequential: false,
        limits: Vec::new(),
    };
    let mut bufs = vec![to_bytes(&[2.5f64]), vec![0u8; 8]];
    run(&k, &mut bufs);
    assert_eq!(from_bytes::<f64>(&bufs[1]), vec![7.5]);
    assert_eq!(kernel::plan(&[3, 0, 5], false).workgroups, 0);
}

#[test]
fn aarch64_target_compiles() {
    let t = Target {
        triple: "aarch64-unknown-linux-gnu".into(),
        features: vec!["neon".into()],
    };
    let kernels = vec![
        row_sum(4, 100),
        elementwise(
            &[DType::F32, DType::F32],
            DType::F32,
            1000,
            binop(BinaryOp::Add, DType::F32),
        ),
        elementwise(
            &[DType::I32, DType::I32],
            DType::I32,
            10,
            binop(BinaryOp::Div, DType::I32),
        ),
        elementwise(
            &[DType::F16],
            DType::F16,
            10,
            unop(UnaryOp::Exp, DType::F16),
        ),
        elementwise(
            &[DType::F32],
            DType::F32,
            100,
            unop(UnaryOp::Sin, DType::F32),
        ),
        elementwise(
            &[DType::F64],
            DType::F64,
            10,
            unop(UnaryOp::Exp, DType::F64),
        ),
    ];
    let mut kernels = kernels;
    // Every vector form: math functions, masks, vector reduces.
    for op in [
        UnaryOp::Exp,
        UnaryOp::Expm1,
        UnaryOp::Log,
        UnaryOp::Log1p,
        UnaryOp::Logistic,
        UnaryOp::Tanh,
        UnaryOp::Cos,
        UnaryOp::Tan,
        UnaryOp::Cbrt,
        UnaryOp::Floor,
        UnaryOp::RoundNearestEven,
        UnaryOp::Rsqrt,
    ] {
        kernels.push(elementwise(
            &[DType::F32],
            DType::F32,
            100,
            unop(op, DType::F32),
        ));
    }
    for op in [BinaryOp::Pow, BinaryOp::Atan2, BinaryOp::Max, BinaryOp::Min] {
        kernels.push(elementwise(
            &[DType::F32, DType::F32],
            DType::F32,
            100,
            binop(op, DType::F32),
        ));
    }
    // Complex values never reach codegen: the complex legalization makes them real.
    for dt in DType::ALL.into_iter().filter(|d| !d.is_complex()) {
        kernels.push(elementwise(&[dt], DType::F32, 10, |b, x| {
            b.push(Node::Convert { x: x[0] }, DType::F32)
        }));
        kernels.push(elementwise(&[DType::F64], dt, 10, |b, x| {
            b.push(Node::Convert { x: x[0] }, dt)
        }));
    }
    let n = kernels.len();
    for (i, k) in kernels.iter_mut().enumerate() {
        k.name = format!("k{i}");
    }
    let code = compile_kernels(&kernels, &t).unwrap();
    assert_eq!(code.entries.len(), n);
    assert!(!code.image.relocs.is_empty());
}

#[test]
fn wrong_target_or_feature_is_refused() {
    let k = elementwise(
        &[DType::F32, DType::F32],
        DType::F32,
        10,
        binop(BinaryOp::Add, DType::F32),
    );
    let host = Target::host();
    let code = compile_kernels(&[k], &host).unwrap();
    // A feature this host lacks: AVX-512 where it has none (the case in practice: code
    // compiled for a Xeon loaded on an AVX2 machine), else one no CPU reports.
    let missing = ["avx512f", "avx512vnni", "sve"]
        .into_iter()
        .find(|f| !pjrtc_runtime::loader::host_has(f))
        .unwrap_or("no-such-feature");
    let mut t = host.to_format();
    t.features.push(missing.into());
    assert!(matches!(
        LoadedCode::load(&code.image, &t, &code.entries),
        Err(LoadError::MissingFeature(_))
    ));
    let mut t = host.to_format();
    t.triple = if host.triple.starts_with("x86_64") {
        "aarch64-unknown-linux-gnu".into()
    } else {
        "x86_64-unknown-linux-gnu".into()
    };
    assert!(matches!(
        LoadedCode::load(&code.image, &t, &code.entries),
        Err(LoadError::WrongTarget { .. })
    ));
}

/// Distance in f32 ulps (0 for two NaNs, huge for NaN vs number).
fn ulps(a: f32, b: f32) -> u64 {
    if a.is_nan() || b.is_nan() {
        return if a.is_nan() && b.is_nan() {
            0
        } else {
            u64::MAX
        };
    }
    let key = |x: f32| {
        let i = x.to_bits() as i32;
        (if i < 0 { i32::MIN - i } else { i }) as i64
    };
    (key(a) - key(b)).unsigned_abs()
}

fn math_inputs() -> Vec<f32> {
    let mut v = float_specials();
    let mut s: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    for _ in 0..40_000 {
        v.push(f32::from_bits(next() as u32));
    }
    for _ in 0..40_000 {
        v.push((next() % 2_000_000) as f32 / 50_000.0 - 20.0);
    }
    for _ in 0..20_000 {
        v.push(((next() % 2_000_000) as f32 / 1_000_000.0 - 1.0) * 1e-3);
    }
    v.extend([
        88.7, 88.73, -87.3, -103.9, -104.0, 1e6, -1e6, 1.5e6, 3e7, 1e30, 0.35, -0.35,
        // Around the f32 sin/cos reduction's limit (6000) and tanh's switch (0.625).
        5999.999, 6000.0, -6000.0, 6000.0005, 6433.5, 0.625, -0.625, 0.62499994,
    ]);
    v
}

/// Runs `op` over `x` both in a vectorized kernel and in a scalar one.
fn run_math(op: UnaryOp, x: &[f32], target: &Target) -> [Vec<f32>; 2] {
    let n = x.len() as i64;
    let vk = elementwise(&[DType::F32], DType::F32, n, unop(op, DType::F32));
    assert!(kernel::is_vectorized(&vk), "{op:?} not vectorized");
    let mut bufs = vec![to_bytes(x), vec![0u8; x.len() * 4]];
    run_on(&vk, &mut bufs, target);
    let vec_out: Vec<f32> = from_bytes(&bufs[1]);
    // Innermost extent 3: too short to vectorize.
    let rows = n / 3;
    let sk = unary_rows(op, rows, 3);
    assert!(!kernel::is_vectorized(&sk));
    let mut bufs = vec![
        to_bytes(&x[..rows as usize * 3]),
        vec![0u8; rows as usize * 12],
    ];
    run_on(&sk, &mut bufs, target);
    [vec_out, from_bytes(&bufs[1])]
}

#[test]
fn vmath_f32_within_3_ulp() {
    let x = math_inputs();
    let logistic = |v: f64| 1.0 / (1.0 + (-v).exp());
    let cases: [(UnaryOp, &dyn Fn(f64) -> f64); 10] = [
        (UnaryOp::Cbrt, &f64::cbrt),
        (UnaryOp::Exp, &f64::exp),
        (UnaryOp::Expm1, &f64::exp_m1),
        (UnaryOp::Log, &f64::ln),
        (UnaryOp::Log1p, &f64::ln_1p),
        (UnaryOp::Logistic, &logistic),
        (UnaryOp::Tanh, &f64::tanh),
        (UnaryOp::Sin, &f64::sin),
        (UnaryOp::Cos, &f64::cos),
        (UnaryOp::Tan, &f64::tan),
    ];
    // The host (with AVX2 and FMA, exp, tanh, logistic, sin and cos of long rows run
    // through the runtime's array routines: kernel/tiles.rs), the host without AVX2 (the
    // same functions inline), and without FMA (separate multiply and add in the
    // polynomials).
    let host = Target::host();
    let mut no_avx2 = host.clone();
    no_avx2.features.retain(|f| f != "avx2");
    let mut no_fma = host.clone();
    no_fma.features.retain(|f| f != "fma");
    for (op, f) in cases {
        let mut outs = run_math(op, &x, &host).to_vec();
        outs.extend(run_math(op, &x, &no_avx2));
        outs.extend(run_math(op, &x, &no_fma));
        for out in &outs {
            let mut worst = (0u64, 0.0f32);
            for (&a, &r) in x.iter().zip(out) {
                let want = f(a as f64) as f32;
                let u = ulps(r, want);
                if u > worst.0 {
                    worst = (u, a);
                }
            }
            eprintln!("{op:?}: max {} ulp (at {:e})", worst.0, worst.1);
            assert!(
                worst.0 <= 3,
                "{op:?}: {} ulp at x = {:e} ({:e})",
                worst.0,
                worst.1,
                worst.1
            );
        }
    }
}

/// `rows x cols` kernel out[i, j] = op(in[i, j]); a row is one innermost loop (f32x4
/// groups from its start, then `cols % 4` scalars, or only scalars when `cols` is below
/// two vectors) and never split between workgroups.
fn unary_rows(op: UnaryOp, rows: i64, cols: i64) -> Kernel {
    let mut body = Body::default();
    let i = body.push(Node::Index(0), DType::I64);
    let j = body.push(Node::Index(1), DType::I64);
    let a = body.push(
        Node::Load {
            buffer: 0,
            index: vec![i, j],
        },
        DType::F32,
    );
    let y = body.push(Node::Unary { op, x: a }, DType::F32);
    body.push(
        Node::Store {
            buffer: 1,
            index: vec![i, j],
            value: y,
        },
        DType::F32,
    );
    Kernel {
        name: "unary_rows".into(),
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

/// The host without AVX2: kernels compute exp, tanh, logistic, sin and cos inline with
/// the host's FMA (with AVX2 they would call the runtime's array functions, which the
/// tests using this compare them with: kernel/tiles.rs).
fn inline_math_target() -> Target {
    let mut t = Target::host();
    t.features.retain(|f| f != "avx2");
    t
}

/// The runtime's 8-lane array functions (`pjrtc_runtime::vecmath`, which kernels may
/// call on tiles instead of the inline code) give exactly the inline f32x4 code's bits on
/// a target with FMA: NaN payloads, signed zeros, and sin/cos's huge-argument groups
/// (a row here is a tile: its f32x4 groups, then its scalar remainder).
#[test]
fn vmath_f32_matches_runtime_array_functions() {
    use pjrtc_runtime::vecmath::{self, Func};
    let mut x = math_inputs();
    // Dense sweeps over exp's whole range and sin/cos's fast range, near zero, and
    // random bit patterns (about half of them huge for sin/cos).
    for k in 0..=300_000 {
        x.push(-110.0 + 205.0 * (k as f32 / 300_000.0));
        x.push(-7000.0 + 14000.0 * (k as f32 / 300_000.0));
    }
    for k in -50_000..=50_000 {
        x.push(k as f32 * 2e-5);
    }
    let mut s: u64 = 0x2545_f491_4f6c_dd1d;
    for _ in 0..350_000 {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        x.push(f32::from_bits(s as u32));
    }
    assert!(x.len() >= 1_000_000);
    let cases = [
        (UnaryOp::Exp, Func::Exp, f64::exp as fn(f64) -> f64),
        (UnaryOp::Tanh, Func::Tanh, f64::tanh),
        (UnaryOp::Logistic, Func::Logistic, |v: f64| {
            1.0 / (1.0 + (-v).exp())
        }),
        (UnaryOp::Sin, Func::Sin, f64::sin),
        (UnaryOp::Cos, Func::Cos, f64::cos),
    ];
    let inline = inline_math_target();
    let fma = inline.has_fma();
    for (op, func, reference) in cases {
        if !fma {
            // The inline code here rounds its products separately, so there is nothing
            // bit-identical to compare: check the runtime's functions (on their portable
            // path) against the f64 reference instead.
            let mut y = x.clone();
            vecmath::apply(func, &mut y);
            for (&a, &r) in x.iter().zip(&y) {
                let u = ulps(r, reference(a as f64) as f32);
                assert!(u <= 3, "{op:?}: {u} ulp at x = {a:e}");
            }
            continue;
        }
        // Tails of 3, 2 and 1 scalars after the f32x4 groups.
        for cols in [1027, 1026, 1025] {
            let rows = x.len() / cols;
            let xs = &x[..rows * cols];
            let k = unary_rows(op, rows as i64, cols as i64);
            assert!(kernel::is_vectorized(&k) && !kernel::is_tiled(&k, &inline));
            let mut bufs = vec![to_bytes(xs), vec![0u8; xs.len() * 4]];
            run_on(&k, &mut bufs, &inline);
            let inline: Vec<f32> = from_bytes(&bufs[1]);
            let mut arrays = xs.to_vec();
            for row in arrays.chunks_mut(cols) {
                vecmath::apply(func, row);
            }
            let bad: Vec<usize> = (0..xs.len())
                .filter(|&i| inline[i].to_bits() != arrays[i].to_bits())
                .collect();
            let show: Vec<String> = bad
                .iter()
                .take(8)
                .map(|&i| {
                    format!(
                        "x[{i}] = {:e} ({:#010x}): inline {:#010x}, runtime {:#010x}",
                        xs[i],
                        xs[i].to_bits(),
                        inline[i].to_bits(),
                        arrays[i].to_bits()
                    )
                })
                .collect();
            assert!(
                bad.is_empty(),
                "{op:?}, rows of {cols}: {} of {} differ:\n{}",
                bad.len(),
                xs.len(),
                show.join("\n")
            );
        }
    }
}

/// [`vmath_f32_matches_runtime_array_functions`] over every f32 bit pattern (a few
/// minutes; run with `--ignored`).
#[test]
#[ignore]
fn vmath_f32_matches_runtime_array_functions_exhaustive() {
    use pjrtc_runtime::vecmath::{self, Func};
    let host = inline_math_target();
    assert!(
        host.features.iter().any(|f| f == "fma"),
        "needs a host with FMA"
    );
    let (rows, cols) = (1024usize, 4096usize);
    let chunk = rows * cols;
    for (op, func) in [
        (UnaryOp::Exp, Func::Exp),
        (UnaryOp::Tanh, Func::Tanh),
        (UnaryOp::Logistic, Func::Logistic),
        (UnaryOp::Sin, Func::Sin),
        (UnaryOp::Cos, Func::Cos),
    ] {
        let k = unary_rows(op, rows as i64, cols as i64);
        assert!(!kernel::is_tiled(&k, &host));
        let code = compile_kernels(std::slice::from_ref(&k), &host).unwrap();
        let loaded = LoadedCode::load(&code.image, &host.to_format(), &code.entries).unwrap();
        let f = loaded.kernel(0);
        let mut input = vec![0f32; chunk];
        let mut inline = vec![0f32; chunk];
        let mut bad = 0u64;
        for c in 0..(1u64 << 32) / chunk as u64 {
            for (i, v) in input.iter_mut().enumerate() {
                *v = f32::from_bits((c * chunk as u64 + i as u64) as u32);
            }
            let ptrs = [
                input.as_mut_ptr() as *mut u8,
                inline.as_mut_ptr() as *mut u8,
            ];
            // SAFETY: both buffers hold rows x cols f32, as the kernel's bindings.
            unsafe { f(ptrs.as_ptr(), 0, code.workgroups[0]) };
            for row in input.chunks_mut(cols) {
                vecmath::apply(func, row);
            }
            for (i, (a, b)) in inline.iter().zip(&input).enumerate() {
                if a.to_bits() != b.to_bits() {
                    if bad < 8 {
                        let x = (c * chunk as u64 + i as u64) as u32;
                        eprintln!(
                            "{op:?}({x:#010x}): inline {:#010x}, runtime {:#010x}",
                            a.to_bits(),
                            b.to_bits()
                        );
                    }
                    bad += 1;
                }
            }
        }
        eprintln!("{op:?}: {bad} of 2^32 differ");
        assert_eq!(bad, 0, "{op:?}");
    }
}

/// ns per element on an L1-resident tile: the inline f32x4 code (a kernel y = f(x) over
/// TILE points, called over and over) against the runtime's 8-lane array functions (the
/// tile refilled and transformed in place), alternating, best of 15 passes each. Run with
/// `taskset -c 0 cargo test --release -p pjrtc --lib bench_vmath_tile -- --ignored
/// --nocapture`; optional env PJRTC_BENCH_TILE (default 256).
#[test]
#[ignore]
fn bench_vmath_tile_inline_vs_runtime() {
    use pjrtc_runtime::vecmath::{self, Func};
    use std::hint::black_box;
    let tile: usize = std::env::var("PJRTC_BENCH_TILE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256);
    let rounds = 4_000_000 / tile;
    let target = inline_math_target();
    eprintln!(
        "tile {tile}, {rounds} rounds; AVX2+FMA: {}",
        vecmath::has_avx2_fma()
    );
    for (op, func, lo, hi) in [
        (UnaryOp::Exp, Func::Exp, -20.0f32, 20.0f32),
        (UnaryOp::Tanh, Func::Tanh, -8.0, 8.0),
        (UnaryOp::Logistic, Func::Logistic, -8.0, 8.0),
        (UnaryOp::Sin, Func::Sin, -100.0, 100.0),
        (UnaryOp::Cos, Func::Cos, -100.0, 100.0),
    ] {
        let src: Vec<f32> = (0..tile)
            .map(|i| lo + (hi - lo) * ((i * 7919) % tile) as f32 / tile as f32)
            .collect();
        let k = elementwise(&[DType::F32], DType::F32, tile as i64, unop(op, DType::F32));
        let code = compile_kernels(std::slice::from_ref(&k), &target).unwrap();
        let loaded = LoadedCode::load(&code.image, &target.to_format(), &code.entries).unwrap();
        let f = loaded.kernel(0);
        let mut bufs = [to_bytes(&src), vec![0u8; tile * 4]];
        let ptrs: Vec<*mut u8> = bufs.iter_mut().map(|b| b.as_mut_ptr()).collect();
        let wg = code.workgroups[0];
        let mut buf = src.clone();
        let (mut inline, mut array, mut copy) = (f64::MAX, f64::MAX, f64::MAX);
        for _ in 0..15 {
            let t = std::time::Instant::now();
            for _ in 0..rounds {
                // SAFETY: the buffers match the kernel's bindings.
                unsafe { f(black_box(ptrs.as_ptr()), 0, wg) };
            }
            inline = inline.min(t.elapsed().as_secs_f64());
            let t = std::time::Instant::now();
            for _ in 0..rounds {
                buf.copy_from_slice(black_box(&src));
                vecmath::apply(func, black_box(&mut buf));
            }
            array = array.min(t.elapsed().as_secs_f64());
            let t = std::time::Instant::now();
            for _ in 0..rounds {
                buf.copy_from_slice(black_box(&src));
                black_box(&mut buf);
            }
            copy = copy.min(t.elapsed().as_secs_f64());
        }
        let per = |s: f64| s * 1e9 / (rounds * tile) as f64;
        let (inline, array) = (per(inline), per(array - copy));
        eprintln!(
            "{op:?}: inline f32x4 {inline:.3} ns/element, runtime 8-lane {array:.3} ({:.2}x)",
            inline / array
        );
    }
}

#[test]
fn vmath_pow_atan2_within_3_ulp() {
    let mut ys = float_specials();
    ys.extend([
        2.0,
        3.0,
        -3.0,
        0.5,
        -0.5,
        1e-3,
        100.0,
        -100.0,
        24.0,
        1.0 / 3.0,
    ]);
    let xs: Vec<f32> = math_inputs().into_iter().step_by(97).collect();
    let mut a = Vec::new();
    let mut b = Vec::new();
    for &x in &xs {
        for &y in &ys {
            a.push(x);
            b.push(y);
        }
    }
    // Some small integer bases with integer exponents (exact results).
    for x in -5..=5 {
        for y in -6..=6 {
            a.push(x as f32);
            b.push(y as f32);
        }
    }
    let n = a.len() as i64;
    for (op, f) in [
        (BinaryOp::Pow, f64::powf as fn(f64, f64) -> f64),
        (BinaryOp::Atan2, f64::atan2),
    ] {
        let k = elementwise(
            &[DType::F32, DType::F32],
            DType::F32,
            n,
            binop(op, DType::F32),
        );
        assert!(kernel::is_vectorized(&k));
        let mut bufs = vec![to_bytes(&a), to_bytes(&b), vec![0u8; n as usize * 4]];
        run(&k, &mut bufs);
        let out: Vec<f32> = from_bytes(&bufs[2]);
        let mut worst = (0u64, 0.0f32, 0.0f32);
        for i in 0..a.len() {
            let want = f(a[i] as f64, b[i] as f64) as f32;
            let u = ulps(out[i], want);
            if u > worst.0 {
                worst = (u, a[i], b[i]);
            }
        }
        eprintln!(
            "{op:?}: max {} ulp at ({:e}, {:e})",
            worst.0, worst.1, worst.2
        );
        assert!(
            worst.0 <= 3,
            "{op:?}: {} ulp at ({:e}, {:e})",
            worst.0,
            worst.1,
            worst.2
        );
    }
}

/// out[i] = where(a[i] > b[i] && !(a[i] > 10), exp(a[i]), floor(b[i])) on f32x4 masks.
#[test]
fn vectorized_compare_select_masks() {
    let n = 1037i64;
    let k = elementwise(&[DType::F32, DType::F32], DType::F32, n, |b, x| {
        let gt = b.push(
            Node::Compare {
                dir: CompareDirection::Gt,
                a: x[0],
                b: x[1],
                total_order: false,
            },
            DType::I1,
        );
        let ten = b.push(Node::Const(10f32.to_bits() as u64), DType::F32);
        let big = b.push(
            Node::Compare {
                dir: CompareDirection::Gt,
                a: x[0],
                b: ten,
                total_order: false,
            },
            DType::I1,
        );
        let small = b.push(
            Node::Unary {
                op: UnaryOp::Not,
                x: big,
            },
            DType::I1,
        );
        let c = b.push(
            Node::Binary {
                op: BinaryOp::And,
                a: gt,
                b: small,
            },
            DType::I1,
        );
        let e = b.push(
            Node::Unary {
                op: UnaryOp::Exp,
                x: x[0],
            },
            DType::F32,
        );
        let f = b.push(
            Node::Unary {
                op: UnaryOp::Floor,
                x: x[1],
            },
            DType::F32,
        );
        b.push(
            Node::Select {
                cond: c,
                on_true: e,
                on_false: f,
            },
            DType::F32,
        )
    });
    assert!(kernel::is_vectorized(&k));
    let a: Vec<f32> = (0..n).map(|i| ((i * 37) % 29) as f32 * 0.7 - 5.0).collect();
    let b: Vec<f32> = (0..n)
        .map(|i| ((i * 11) % 23) as f32 * 0.45 - 4.0)
        .collect();
    let mut bufs = vec![to_bytes(&a), to_bytes(&b), vec![0u8; n as usize * 4]];
    run(&k, &mut bufs);
    let out: Vec<f32> = from_bytes(&bufs[2]);
    for i in 0..n as usize {
        let want = if a[i] > b[i] && a[i] <= 10.0 {
            (a[i] as f64).exp() as f32
        } else {
            b[i].floor()
        };
        assert!(ulps(out[i], want) <= 1, "at {i}: {} vs {want}", out[i]);
    }
}

/// Rough single-thread throughput (run with `--ignored --nocapture`).
#[test]
#[ignore]
fn bench_elementwise_throughput() {
    let n = 1i64 << 22;
    let target = Target::host();
    for (name, k) in [
        (
            "add",
            elementwise(
                &[DType::F32, DType::F32],
                DType::F32,
                n,
                binop(BinaryOp::Add, DType::F32),
            ),
        ),
        (
            "exp",
            elementwise(&[DType::F32], DType::F32, n, unop(UnaryOp::Exp, DType::F32)),
        ),
        (
            "tanh",
            elementwise(
                &[DType::F32],
                DType::F32,
                n,
                unop(UnaryOp::Tanh, DType::F32),
            ),
        ),
        (
            "add_f16",
            elementwise(
                &[DType::F16, DType::F16],
                DType::F16,
                n,
                binop(BinaryOp::Add, DType::F16),
            ),
        ),
    ] {
        let code = compile_kernels(std::slice::from_ref(&k), &target).unwrap();
        let loaded = LoadedCode::load(&code.image, &target.to_format(), &code.entries).unwrap();
        let f = loaded.kernel(0);
        let mut bufs: Vec<Vec<u8>> = k
            .buffers
            .iter()
            .map(|b| vec![0x3cu8; n as usize * b.dtype.size()])
            .collect();
        let ptrs: Vec<*mut u8> = bufs.iter_mut().map(|b| b.as_mut_ptr()).collect();
        let mut best = f64::MAX;
        for _ in 0..10 {
            let t = std::time::Instant::now();
            // SAFETY: buffers match the kernel's bindings.
            unsafe { f(ptrs.as_ptr(), 0, code.workgroups[0]) };
            best = best.min(t.elapsed().as_secs_f64());
        }
        eprintln!(
            "{name}: {:.2} ns/element, {} bytes code",
            best * 1e9 / n as f64,
            code.image.bytes.len()
        );
    }
}

/// Softmax denominators: out[i] = sum_j exp(x[i, j] - max_j x[i, j]), with both reduces
/// on f32x4 accumulators (the max exactly, the sum reassociated).
#[test]
fn vectorized_row_reduces_max_and_sum() {
    let (rows, cols) = (7i64, 1001i64);
    let load_row = |rb: &mut Body| {
        let j = rb.push(Node::Index(0), DType::I64);
        let oi = rb.push(Node::Outer(NodeId(0)), DType::I64);
        rb.push(
            Node::Load {
                buffer: 0,
                index: vec![oi, j],
            },
            DType::F32,
        )
    };
    let mut mb = Body::default();
    let x = load_row(&mut mb);
    let acc = mb.push(Node::Acc(0), DType::F32);
    let m = mb.push(
        Node::Binary {
            op: BinaryOp::Max,
            a: acc,
            b: x,
        },
        DType::F32,
    );
    mb.yields = vec![m];
    let mut sb = Body::default();
    let x = load_row(&mut sb);
    // Outer(2) is the max reduce of the top-level body.
    let mx = sb.push(Node::Outer(NodeId(2)), DType::F32);
    let d = sb.push(
        Node::Binary {
            op: BinaryOp::Sub,
            a: x,
            b: mx,
        },
        DType::F32,
    );
    let e = sb.push(
        Node::Unary {
            op: UnaryOp::Exp,
            x: d,
        },
        DType::F32,
    );
    let acc = sb.push(Node::Acc(0), DType::F32);
    let s = sb.push(
        Node::Binary {
            op: BinaryOp::Add,
            a: e,
            b: acc,
        },
        DType::F32,
    );
    sb.yields = vec![s];
    let mut body = Body::default();
    let i = body.push(Node::Index(0), DType::I64);
    let ninf = body.push(Node::Const(f32::NEG_INFINITY.to_bits() as u64), DType::F32);
    let mred = body.push(
        Node::Reduce {
            extents: vec![cols],
            inits: vec![ninf],
            body: Box::new(mb),
        },
        DType::F32,
    );
    let zero = body.push(Node::Const(0), DType::F32);
    let sred = body.push(
        Node::Reduce {
            extents: vec![cols],
            inits: vec![zero],
            body: Box::new(sb),
        },
        DType::F32,
    );
    body.push(
        Node::Store {
            buffer: 1,
            index: vec![i],
            value: mred,
        },
        DType::F32,
    );
    body.push(
        Node::Store {
            buffer: 2,
            index: vec![i],
            value: sred,
        },
        DType::F32,
    );
    let k = Kernel {
        name: "softmax_stats".into(),
        buffers: vec![
            buf(DType::F32, &[rows, cols], false),
            buf(DType::F32, &[rows], true),
            buf(DType::F32, &[rows], true),
        ],
        domain: vec![rows],
        body,
        sequential: false,
        limits: Vec::new(),
    };
    assert!(kernel::reduce_is_vectorized(&k));
    let input: Vec<f32> = (0..rows * cols)
        .map(|i| ((i * 7919) % 1013) as f32 * 0.01 - 3.0)
        .collect();
    let mut bufs = vec![
        to_bytes(&input),
        vec![0u8; rows as usize * 4],
        vec![0u8; rows as usize * 4],
    ];
    run(&k, &mut bufs);
    let mx: Vec<f32> = from_bytes(&bufs[1]);
    let sm: Vec<f32> = from_bytes(&bufs[2]);
    for r in 0..rows as usize {
        let row = &input[r * cols as usize..][..cols as usize];
        let m = row.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        assert_eq!(mx[r], m, "max of row {r}");
        let s: f64 = row.iter().map(|&x| ((x - m) as f64).exp()).sum();
        assert!(
            ((sm[r] as f64) - s).abs() <= 1e-5 * s,
            "sum of row {r}: {} vs {s}",
            sm[r]
        );
    }
}

/// Causal mask, iota, gathered and scattered accesses on f32x4:
/// out[j, i] = (j <= i ? x[i, j] : -inf) + float(j) + y[j, i]  over domain [i, j].
#[test]
fn vectorized_index_compare_iota_gather_scatter() {
    let (r, c) = (9i64, 23i64);
    let mut body = Body::default();
    let i = body.push(Node::Index(0), DType::I64);
    let j = body.push(Node::Index(1), DType::I64);
    let x = body.push(
        Node::Load {
            buffer: 0,
            index: vec![i, j],
        },
        DType::F32,
    );
    let y = body.push(
        Node::Load {
            buffer: 1,
            index: vec![j, i],
        },
        DType::F32,
    );
    let le = body.push(
        Node::Compare {
            dir: CompareDirection::Le,
            a: j,
            b: i,
            total_order: false,
        },
        DType::I1,
    );
    let ninf = body.push(Node::Const(f32::NEG_INFINITY.to_bits() as u64), DType::F32);
    let m = body.push(
        Node::Select {
            cond: le,
            on_true: x,
            on_false: ninf,
        },
        DType::F32,
    );
    let jf = body.push(Node::Convert { x: j }, DType::F32);
    let s = body.push(
        Node::Binary {
            op: BinaryOp::Add,
            a: m,
            b: jf,
        },
        DType::F32,
    );
    let s = body.push(
        Node::Binary {
            op: BinaryOp::Add,
            a: s,
            b: y,
        },
        DType::F32,
    );
    body.push(
        Node::Store {
            buffer: 2,
            index: vec![j, i],
            value: s,
        },
        DType::F32,
    );
    let k = Kernel {
        name: "masked".into(),
        buffers: vec![
            buf(DType::F32, &[r, c], false),
            buf(DType::F32, &[c, r], false),
            buf(DType::F32, &[c, r], true),
        ],
        domain: vec![r, c],
        body,
        sequential: false,
        limits: Vec::new(),
    };
    assert!(kernel::is_vectorized(&k));
    let xv: Vec<f32> = (0..r * c).map(|v| v as f32 * 0.5).collect();
    let yv: Vec<f32> = (0..r * c).map(|v| (v % 7) as f32).collect();
    let mut bufs = vec![
        to_bytes(&xv),
        to_bytes(&yv),
        vec![0u8; (r * c) as usize * 4],
    ];
    run(&k, &mut bufs);
    let out: Vec<f32> = from_bytes(&bufs[2]);
    for a in 0..r as usize {
        for b in 0..c as usize {
            let m = if b <= a {
                xv[a * c as usize + b]
            } else {
                f32::NEG_INFINITY
            };
            let want = m + b as f32 + yv[b * r as usize + a];
            assert_eq!(out[b * r as usize + a], want, "({a}, {b})");
        }
    }
}

/// Index arithmetic that is not the innermost coordinate plus a constant (a reshape's
/// `j / 5`, `j % 5`, `j * 3`) keeps the kernel on lanes: each lane's index is computed
/// where a gather, a scatter, a compare or a conversion needs it. Odd extents (tails),
/// a quotient that changes inside a vector, a product striding the lanes.
#[test]
fn vectorized_per_lane_index_arithmetic() {
    let (r, c) = (3i64, 37i64);
    let mut body = Body::default();
    let i = body.push(Node::Index(0), DType::I64);
    let j = body.push(Node::Index(1), DType::I64);
    let ibin = |body: &mut Body, op: BinaryOp, a: NodeId, b: NodeId| {
        body.push(Node::Binary { op, a, b }, DType::I64)
    };
    let five = body.push(Node::Const(5), DType::I64);
    let three = body.push(Node::Const(3), DType::I64);
    let q = ibin(&mut body, BinaryOp::Div, j, five);
    let m = ibin(&mut body, BinaryOp::Rem, j, five);
    let j3 = ibin(&mut body, BinaryOp::Mul, j, three);
    let j3 = ibin(&mut body, BinaryOp::Add, j3, i);
    // x[i, j / 5, j % 5] of an [r, 8, 5] buffer: every lane at its own place.
    let x = body.push(
        Node::Load {
            buffer: 0,
            index: vec![i, q, m],
        },
        DType::F32,
    );
    // s[j / 5]: lanes share a few values.
    let sv = body.push(
        Node::Load {
            buffer: 1,
            index: vec![q],
        },
        DType::F32,
    );
    // t[3 j + i]: a stride of three.
    let t = body.push(
        Node::Load {
            buffer: 2,
            index: vec![j3],
        },
        DType::F32,
    );
    let two = body.push(Node::Const(2), DType::I64);
    let small = body.push(
        Node::Compare {
            dir: CompareDirection::Lt,
            a: m,
            b: two,
            total_order: false,
        },
        DType::I1,
    );
    let mf = body.push(Node::Convert { x: m }, DType::F32);
    let a = body.push(
        Node::Binary {
            op: BinaryOp::Mul,
            a: x,
            b: sv,
        },
        DType::F32,
    );
    let b = body.push(
        Node::Binary {
            op: BinaryOp::Add,
            a: t,
            b: mf,
        },
        DType::F32,
    );
    let v = body.push(
        Node::Select {
            cond: small,
            on_true: a,
            on_false: b,
        },
        DType::F32,
    );
    // Stored transposed through the split: out[i, j % 5, j / 5] of [r, 5, 8].
    body.push(
        Node::Store {
            buffer: 3,
            index: vec![i, m, q],
            value: v,
        },
        DType::F32,
    );
    let k = Kernel {
        name: "lanes".into(),
        buffers: vec![
            buf(DType::F32, &[r, 8, 5], false),
            buf(DType::F32, &[8], false),
            buf(DType::F32, &[3 * c + r], false),
            buf(DType::F32, &[r, 5, 8], true),
        ],
        domain: vec![r, c],
        body,
        sequential: false,
        limits: Vec::new(),
    };
    assert!(kernel::is_vectorized(&k));
    let xv: Vec<f32> = (0..r * 40).map(|v| v as f32 * 0.25 - 7.0).collect();
    let sv: Vec<f32> = (0..8).map(|v| 1.5 + v as f32).collect();
    let tv: Vec<f32> = (0..3 * c + r).map(|v| (v % 11) as f32 - 3.0).collect();
    let mut bufs = vec![
        to_bytes(&xv),
        to_bytes(&sv),
        to_bytes(&tv),
        vec![0u8; (r * 40) as usize * 4],
    ];
    run(&k, &mut bufs);
    let out: Vec<f32> = from_bytes(&bufs[3]);
    let mut written = vec![false; out.len()];
    for a in 0..r as usize {
        for b in 0..c as usize {
            let (q, m) = (b / 5, b % 5);
            let want = if m < 2 {
                xv[a * 40 + q * 5 + m] * sv[q]
            } else {
                tv[3 * b + a] + m as f32
            };
            let at = a * 40 + m * 8 + q;
            assert_eq!(out[at], want, "({a}, {b})");
            written[at] = true;
        }
    }
    // Points past the domain (j = 37..40 of each row) stay untouched.
    for (at, w) in written.iter().enumerate() {
        assert!(*w || out[at] == 0.0, "stray store at {at}");
    }
}

/// Baseline x86_64 (no SSE4.1): rounding becomes libcalls, linked to runtime imports,
/// and the vector math stays scalar; results equal the host build's.
#[cfg(target_arch = "x86_64")]
#[test]
fn baseline_x86_64_without_features() {
    let base = Target {
        triple: "x86_64-unknown-linux-gnu".into(),
        features: vec![],
    };
    let vals = float_specials();
    let n = vals.len() as i64;
    let mut kernels = Vec::new();
    for op in [
        UnaryOp::Floor,
        UnaryOp::Ceil,
        UnaryOp::RoundNearestEven,
        UnaryOp::RoundNearestAfz,
        UnaryOp::Exp,
        UnaryOp::Sin,
        UnaryOp::Tanh,
    ] {
        kernels.push(elementwise(
            &[DType::F32],
            DType::F32,
            n,
            unop(op, DType::F32),
        ));
    }
    kernels.push(elementwise(
        &[DType::F32, DType::F32],
        DType::F32,
        n,
        binop(BinaryOp::Pow, DType::F32),
    ));
    for (i, k) in kernels.iter_mut().enumerate() {
        k.name = format!("k{i}");
    }
    let run_on = |t: &Target| -> Vec<Vec<f32>> {
        let code = compile_kernels(&kernels, t).unwrap();
        let loaded = LoadedCode::load(&code.image, &t.to_format(), &code.entries).unwrap();
        kernels
            .iter()
            .enumerate()
            .map(|(i, k)| {
                let mut bufs: Vec<Vec<u8>> = k
                    .buffers
                    .iter()
                    .map(|b| {
                        if b.writable {
                            vec![0u8; n as usize * 4]
                        } else {
                            to_bytes(&vals)
                        }
                    })
                    .collect();
                let ptrs: Vec<*mut u8> = bufs.iter_mut().map(|b| b.as_mut_ptr()).collect();
                // SAFETY: buffers match the kernel's bindings.
                unsafe { loaded.kernel(i)(ptrs.as_ptr(), 0, code.workgroups[i]) };
                from_bytes(bufs.last().unwrap())
            })
            .collect()
    };
    let want = run_on(&Target::host());
    let got = run_on(&base);
    for (k, (g, w)) in got.iter().zip(&want).enumerate() {
        for i in 0..g.len() {
            assert!(
                ulps(g[i], w[i]) <= 1,
                "kernel {k} at {}: {} vs {}",
                vals[i],
                g[i],
                w[i]
            );
        }
    }
}

/// out[i, j] = i > 2 ? a[i, j] : -a[i, j]: a uniform condition selecting f32x4 values.
fn uniform_select_kernel(r: i64, c: i64) -> Kernel {
    let mut body = Body::default();
    let i = body.push(Node::Index(0), DType::I64);
    let j = body.push(Node::Index(1), DType::I64);
    let a = body.push(
        Node::Load {
            buffer: 0,
            index: vec![i, j],
        },
        DType::F32,
    );
    let two = body.index_const(2);
    let gt = body.push(
        Node::Compare {
            dir: CompareDirection::Gt,
            a: i,
            b: two,
            total_order: false,
        },
        DType::I1,
    );
    let na = body.push(
        Node::Unary {
            op: UnaryOp::Neg,
            x: a,
        },
        DType::F32,
    );
    let s = body.push(
        Node::Select {
            cond: gt,
            on_true: a,
            on_false: na,
        },
        DType::F32,
    );
    body.push(
        Node::Store {
            buffer: 1,
            index: vec![i, j],
            value: s,
        },
        DType::F32,
    );
    Kernel {
        name: "uniform_select".into(),
        buffers: vec![
            buf(DType::F32, &[r, c], false),
            buf(DType::F32, &[r, c], true),
        ],
        domain: vec![r, c],
        body,
        sequential: false,
        limits: Vec::new(),
    }
}

#[test]
fn vectorized_uniform_select() {
    let (r, c) = (5i64, 33i64);
    let k = uniform_select_kernel(r, c);
    assert!(kernel::is_vectorized(&k));
    let a: Vec<f32> = (0..r * c).map(|v| v as f32 - 50.0).collect();
    let mut bufs = vec![to_bytes(&a), vec![0u8; (r * c) as usize * 4]];
    run(&k, &mut bufs);
    let out: Vec<f32> = from_bytes(&bufs[1]);
    for x in 0..r as usize {
        for y in 0..c as usize {
            let v = a[x * c as usize + y];
            assert_eq!(out[x * c as usize + y], if x > 2 { v } else { -v });
        }
    }
    let t = Target {
        triple: "aarch64-unknown-linux-gnu".into(),
        features: vec!["neon".into()],
    };
    compile_kernels(&[k], &t).unwrap();
}

/// Row sums across the vectorized reduction's block, unroll and lane boundaries, against
/// exact f64 sums: blocked summation keeps the error near pairwise summation's.
#[test]
fn vectorized_row_sum_is_blocked_and_accurate() {
    for cols in [3i64, 8, 17, 255, 256, 257, 1000, 4099] {
        let mut rb = Body::default();
        let j = rb.push(Node::Index(0), DType::I64);
        let oi = rb.push(Node::Outer(NodeId(0)), DType::I64);
        let x = rb.push(
            Node::Load {
                buffer: 0,
                index: vec![oi, j],
            },
            DType::F32,
        );
        let acc = rb.push(Node::Acc(0), DType::F32);
        let s = rb.push(
            Node::Binary {
                op: BinaryOp::Add,
                a: acc,
                b: x,
            },
            DType::F32,
        );
        rb.yields = vec![s];
        let mut body = Body::default();
        let i = body.push(Node::Index(0), DType::I64);
        let init = body.push(Node::Const(0.5f32.to_bits() as u64), DType::F32);
        let red = body.push(
            Node::Reduce {
                extents: vec![cols],
                inits: vec![init],
                body: Box::new(rb),
            },
            DType::F32,
        );
        body.push(
            Node::Store {
                buffer: 1,
                index: vec![i],
                value: red,
            },
            DType::F32,
        );
        let rows = 3i64;
        let k = Kernel {
            name: "row_sum".into(),
            buffers: vec![
                buf(DType::F32, &[rows, cols], false),
                buf(DType::F32, &[rows], true),
            ],
            domain: vec![rows],
            body,
            sequential: false,
            limits: Vec::new(),
        };
        assert_eq!(kernel::reduce_is_vectorized(&k), cols >= 8, "cols {cols}");
        // Large values of alternating sign with a small exact sum: a long sequential chain
        // loses it, a blocked one keeps it.
        let input: Vec<f32> = (0..rows * cols)
            .map(|i| {
                let sign = if i % 2 == 0 { 1.0 } else { -1.0 };
                sign * (1000.0 + ((i * 7919) % 1013) as f32 * 0.37)
            })
            .collect();
        let mut bufs = vec![to_bytes(&input), vec![0u8; rows as usize * 4]];
        run(&k, &mut bufs);
        let got: Vec<f32> = from_bytes(&bufs[1]);
        for r in 0..rows as usize {
            let row = &input[r * cols as usize..][..cols as usize];
            let exact: f64 = 0.5 + row.iter().map(|&x| x as f64).sum::<f64>();
            let scale: f64 = 0.5 + row.iter().map(|&x| (x as f64).abs()).sum::<f64>();
            // Worst-case bound of the blocked scheme: the longest chain of roundings an
            // element goes through is its lane's chain inside a block (256 / 16), the
            // blocks (cols / 256), the unroll and lane folds and the scalar tail (< 16).
            // A single sequential chain would be bounded by `cols` instead.
            let chain = 16.0 + (cols as f64 / 256.0).ceil() + 16.0;
            assert!(
                ((got[r] as f64) - exact).abs() <= chain * f32::EPSILON as f64 * scale,
                "cols {cols} row {r}: {} vs {exact}",
                got[r]
            );
        }
    }
}

#[path = "intlanes_tests.rs"]
mod intlanes_tests;

#[path = "kernel/tiles_tests.rs"]
mod tiles_tests;

#[path = "kernel/row_reduce_tests.rs"]
mod row_reduce_tests;

/// A function of `adds` additions and, with `call`, one call to an imported function.
fn clif_function(adds: usize, call: bool) -> cranelift_codegen::ir::Function {
    use cranelift_codegen::ir::{AbiParam, ExtFuncData, ExternalName, InstBuilder, Signature};
    use cranelift_codegen::isa::CallConv;
    use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
    let mut sig = Signature::new(CallConv::SystemV);
    sig.params
        .push(AbiParam::new(cranelift_codegen::ir::types::I64));
    sig.returns
        .push(AbiParam::new(cranelift_codegen::ir::types::I64));
    let mut func =
        cranelift_codegen::ir::Function::with_name_signature(UserFuncName::user(0, 0), sig.clone());
    let mut fctx = FunctionBuilderContext::new();
    let mut b = FunctionBuilder::new(&mut func, &mut fctx);
    let block = b.create_block();
    b.append_block_params_for_function_params(block);
    b.switch_to_block(block);
    b.seal_block(block);
    let mut v = b.block_params(block)[0];
    for _ in 0..adds {
        v = b.ins().iadd(v, v);
    }
    if call {
        let sigref = b.import_signature(sig);
        let name = b
            .func
            .declare_imported_user_function(cranelift_codegen::ir::UserExternalName::new(2, 0));
        let callee = b.import_function(ExtFuncData {
            name: ExternalName::user(name),
            signature: sigref,
            colocated: false,
            patchable: false,
        });
        let r = b.ins().call(callee, &[v]);
        v = b.inst_results(r)[0];
    }
    b.ins().return_(&[v]);
    let isa = target::make_isa(&Target::host(), true).expect("host ISA");
    b.finalize(isa.frontend_config());
    func
}

/// Small kernels that call the runtime skip Cranelift's optimizer; kernels without calls,
/// or with many instructions of their own, keep it.
#[test]
fn optimizer_only_where_it_pays() {
    assert!(!worth_optimizing(&clif_function(10, true)));
    assert!(worth_optimizing(&clif_function(10, false)));
    // The additions, the call and the return: CALLER_MAX_INSTS in all, then one more.
    assert!(!worth_optimizing(&clif_function(
        CALLER_MAX_INSTS - 2,
        true
    )));
    assert!(worth_optimizing(&clif_function(CALLER_MAX_INSTS - 1, true)));
}

/// `out = in + 1` over `domain` (f32), with two i64 count bindings after `out`.
fn plus_one_with_counts(domain: &[i64], limits: Vec<(usize, usize)>) -> Kernel {
    let mut body = Body::default();
    let idx: Vec<NodeId> = (0..domain.len())
        .map(|d| body.push(Node::Index(d), DType::I64))
        .collect();
    let x = body.push(
        Node::Load {
            buffer: 0,
            index: idx.clone(),
        },
        DType::F32,
    );
    let one = body.push(Node::Const(1f32.to_bits() as u64), DType::F32);
    let v = body.push(
        Node::Binary {
            op: BinaryOp::Add,
            a: x,
            b: one,
        },
        DType::F32,
    );
    body.push(
        Node::Store {
            buffer: 1,
            index: idx,
            value: v,
        },
        DType::F32,
    );
    Kernel {
        name: "k".into(),
        buffers: vec![
            buf(DType::F32, domain, false),
            buf(DType::F32, domain, true),
            buf(DType::I64, &[], false),
            buf(DType::I64, &[], false),
        ],
        domain: domain.to_vec(),
        body,
        sequential: false,
        limits,
    }
}

#[test]
fn run_time_limits_skip_the_points_past_them_in_any_dimension() {
    // Limits on an outer dimension the workgroups split, on an inner one, both, at odd
    // extents, and counts of 0, negative and past the extent.
    type Case<'a> = (&'a [i64], Vec<(usize, usize)>);
    let cases: &[Case] = &[
        (&[3, 37, 45], vec![(1, 2), (2, 3)]),
        (&[1, 301, 7], vec![(1, 2)]),
        (&[130, 9], vec![(0, 2), (1, 3)]),
        (&[2000], vec![(0, 3)]),
    ];
    for (domain, limits) in cases {
        let k = plus_one_with_counts(domain, limits.clone());
        let n: i64 = domain.iter().product();
        for counts in [[5i64, 11], [0, 4], [-3, 2], [1000, 1000], [1, 1]] {
            let x: Vec<f32> = (0..n).map(|i| i as f32).collect();
            let sentinel = -7.5f32;
            let mut bufs = vec![
                to_bytes(&x),
                to_bytes(&vec![sentinel; n as usize]),
                counts[0].to_le_bytes().to_vec(),
                counts[1].to_le_bytes().to_vec(),
            ];
            run(&k, &mut bufs);
            let out: Vec<f32> = from_bytes(&bufs[1]);
            for (i, &o) in out.iter().enumerate() {
                // Coordinates of point i, row-major.
                let mut rest = i as i64;
                let mut coord = vec![0; domain.len()];
                for d in (0..domain.len()).rev() {
                    coord[d] = rest % domain[d];
                    rest /= domain[d];
                }
                let inside = limits.iter().all(|&(d, b)| coord[d] < counts[b - 2]);
                let want = if inside { x[i] + 1.0 } else { sentinel };
                assert_eq!(
                    o, want,
                    "{domain:?} {limits:?} counts {counts:?} at {coord:?}"
                );
            }
        }
    }
}

#[test]
fn a_kernel_without_limits_does_not_share_the_code_of_its_limited_twin() {
    let limited = plus_one_with_counts(&[64, 40], vec![(0, 2)]);
    let whole = plus_one_with_counts(&[64, 40], vec![]);
    let code = compile_kernels(&[limited, whole.clone()], &Target::host()).unwrap();
    assert_ne!(code.entries[0].offset, code.entries[1].offset);
    // And the twin computes every point.
    let x: Vec<f32> = (0..64 * 40).map(|i| i as f32).collect();
    let mut bufs = vec![
        to_bytes(&x),
        to_bytes(&vec![0f32; 64 * 40]),
        3i64.to_le_bytes().to_vec(),
        3i64.to_le_bytes().to_vec(),
    ];
    run(&whole, &mut bufs);
    let out: Vec<f32> = from_bytes(&bufs[1]);
    assert!(out.iter().zip(&x).all(|(o, x)| *o == x + 1.0));
}

/// A piece of a concatenate: `[d0, d1, d2]` copied into channels `off..` of a
/// `[d0, d1, total]` buffer. After Cranelift's optimizer the innermost loop holds no
/// arithmetic on the outer coordinates alone (their products with the strides, the
/// workgroup index divided into coordinates): it was hoisted out of the loop, which the
/// loop headers' branch order lets the optimizer do (`kernel::loop_branch`); before, those
/// were recomputed at every point and such copies ran at a third of memory speed.
#[test]
fn loop_invariant_index_arithmetic_leaves_the_innermost_loop() {
    use cranelift_codegen::ir::{Opcode, ValueDef};
    use cranelift_codegen::loop_analysis::LoopAnalysis;

    for (d0, d1, d2, total, off) in [(3i64, 57i64, 228i64, 233i64, 5i64), (2, 9, 130, 130, 0)] {
        let mut body = Body::default();
        let idx: Vec<NodeId> = (0..3)
            .map(|d| body.push(Node::Index(d), DType::I64))
            .collect();
        let x = body.push(
            Node::Load {
                buffer: 0,
                index: idx.clone(),
            },
            DType::F32,
        );
        let mut oidx = idx.clone();
        let c = body.index_const(off);
        oidx[2] = body.push(
            Node::Binary {
                op: BinaryOp::Add,
                a: idx[2],
                b: c,
            },
            DType::I64,
        );
        body.push(
            Node::Store {
                buffer: 1,
                index: oidx,
                value: x,
            },
            DType::F32,
        );
        let k = Kernel {
            name: "piece".into(),
            buffers: vec![
                buf(DType::F32, &[d0, d1, d2], false),
                buf(DType::F32, &[d0, d1, total], true),
            ],
            domain: vec![d0, d1, d2],
            body,
            sequential: false,
            limits: Vec::new(),
        };

        // The values: every element in its place, the other channels untouched.
        let input: Vec<f32> = (0..d0 * d1 * d2).map(|i| i as f32).collect();
        let mut bufs = vec![
            to_bytes(&input),
            to_bytes(&vec![-1f32; (d0 * d1 * total) as usize]),
        ];
        run(&k, &mut bufs);
        let out: Vec<f32> = from_bytes(&bufs[1]);
        for (p, row) in out.chunks(total as usize).enumerate() {
            for (j, &v) in row.iter().enumerate() {
                let want = if (off..off + d2).contains(&(j as i64)) {
                    input[p * d2 as usize + j - off as usize]
                } else {
                    -1.0
                };
                assert_eq!(v, want, "[{p}, {j}] of {d0}x{d1}x{d2} at {off}");
            }
        }

        // The optimized function: which instructions stay in innermost loops.
        let target = Target::host();
        let isa = target::make_isa(&target, true).unwrap();
        let caps = caps(&target, &isa);
        let mut ctx = cranelift_codegen::Context::new();
        kernel::build(&mut ctx.func, &k, &kernel::plan_kernel(&k), &caps).unwrap();
        ctx.optimize(&*isa, &mut Default::default()).unwrap();
        let func = &ctx.func;
        let mut loops = LoopAnalysis::new();
        loops.compute(func, &ctx.cfg, &ctx.domtree);
        let innermost: Vec<_> = loops
            .loops()
            .filter(|&lp| {
                loops
                    .loops()
                    .all(|o| o == lp || loops.loop_parent(o) != Some(lp))
            })
            .collect();
        assert!(!innermost.is_empty(), "the kernel has loops");
        for lp in innermost {
            for block in func.layout.blocks().filter(|&b| loops.is_in_loop(b, lp)) {
                for inst in func.layout.block_insts(block) {
                    let data = &func.dfg.insts[inst];
                    let args = func.dfg.inst_values(inst).collect::<Vec<_>>();
                    // Constants count as invariant wherever they are (Cranelift puts a
                    // copy of one beside each use).
                    let invariant = !args.is_empty()
                        && args.iter().all(|&a| match func.dfg.value_def(a) {
                            ValueDef::Result(i, _) => {
                                func.dfg.insts[i].opcode() == Opcode::Iconst
                                    || func
                                        .layout
                                        .inst_block(i)
                                        .is_some_and(|b| !loops.is_in_loop(b, lp))
                            }
                            ValueDef::Param(b, _) => !loops.is_in_loop(b, lp),
                            _ => false,
                        });
                    let arithmetic = matches!(
                        data.opcode(),
                        Opcode::Iadd
                            | Opcode::Isub
                            | Opcode::Imul
                            | Opcode::Udiv
                            | Opcode::Urem
                            | Opcode::Umulhi
                            | Opcode::Ishl
                            | Opcode::Ushr
                    );
                    assert!(
                        !(invariant && arithmetic),
                        "{}: loop-invariant `{}` left in an innermost loop:\n{}",
                        k.name,
                        func.dfg.display_inst(inst),
                        func.display()
                    );
                }
            }
        }
    }
}
