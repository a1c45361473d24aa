use super::*;
use crate::compiler::ir::{
    CompareDirection, CompareType, ConvAttrs, DType, DotDims, GatherAttrs, Loc, UnaryOp,
    WindowAttrs,
};
use half::{bf16, f16};
use proptest::prelude::*;

fn t(d: DType, s: &[i64]) -> TensorType {
    TensorType::new(d, s)
}

/// A function holding one op under test; its operands are the function's arguments.
struct B {
    f: Func,
}

impl B {
    fn new() -> B {
        B {
            f: Func {
                name: "main".into(),
                public: true,
                values: vec![],
                body: Region::default(),
                result_types: vec![],
                arg_attrs: vec![],
                result_attrs: vec![],
                loc: Loc::default(),
                valid_extents: Default::default(),
            },
        }
    }

    /// A region `(a, b) -> a op b` on scalars of `d`.
    fn binary_region(&mut self, d: DType, op: BinaryOp) -> Region {
        let s = TensorType::scalar(d);
        let a = self.f.new_value(s.clone());
        let b = self.f.new_value(s.clone());
        let c = self.f.new_value(s);
        Region {
            args: vec![a, b],
            ops: vec![mk(Opcode::Binary(op), vec![a, b], vec![c])],
            yields: vec![c],
            yield_loc: Loc::default(),
        }
    }

    fn run(
        mut self,
        opcode: Opcode,
        ins: &[Literal],
        outs: &[TensorType],
        regions: Vec<Region>,
    ) -> Result<Vec<Literal>, EvalError> {
        let operands = ins.iter().map(|l| self.f.new_value(l.ty.clone())).collect();
        let results = outs.iter().map(|o| self.f.new_value(o.clone())).collect();
        let mut op = mk(opcode, operands, results);
        op.regions = regions;
        eval_op(&self.f, &op, ins)
    }
}

fn mk(opcode: Opcode, operands: Vec<ValueId>, results: Vec<ValueId>) -> Op {
    Op {
        opcode,
        operands,
        results,
        regions: vec![],
        loc: Loc::default(),
    }
}

fn run1(opcode: Opcode, ins: &[Literal], out: TensorType) -> Literal {
    B::new().run(opcode, ins, &[out], vec![]).unwrap().remove(0)
}

fn f32s(shape: &[i64], v: &[f32]) -> Literal {
    literal_from_f64(
        t(DType::F32, shape),
        &v.iter().map(|&x| x as f64).collect::<Vec<_>>(),
    )
}

fn ints(d: DType, shape: &[i64], v: &[i128]) -> Literal {
    literal_from_i128(t(d, shape), v)
}

fn as_f32(l: &Literal) -> Vec<f32> {
    literal_bits(l)
        .iter()
        .map(|&b| f32::from_bits(b as u32))
        .collect()
}

fn as_int(l: &Literal) -> Vec<i128> {
    (0..l.bytes.len() / l.ty.dtype.size())
        .map(|i| tensor::to_int(l.ty.dtype, l.element_bits(i)))
        .collect()
}

fn bin(op: BinaryOp, x: Literal, y: Literal) -> Literal {
    let ty = x.ty.clone();
    run1(Opcode::Binary(op), &[x, y], ty)
}

fn un(op: UnaryOp, x: Literal) -> Literal {
    let ty = if op == UnaryOp::IsFinite {
        x.ty.with_dtype(DType::I1)
    } else {
        x.ty.clone()
    };
    run1(Opcode::Unary(op), &[x], ty)
}

const I32_MIN: i128 = i32::MIN as i128;

#[test]
fn integer_division_edge_cases() {
    let x = ints(DType::I32, &[5], &[7, I32_MIN, -7, 7, I32_MIN]);
    let y = ints(DType::I32, &[5], &[0, -1, 2, -2, 0]);
    assert_eq!(
        as_int(&bin(BinaryOp::Div, x.clone(), y.clone())),
        [-1, I32_MIN, -3, -3, -1]
    );
    assert_eq!(as_int(&bin(BinaryOp::Rem, x, y)), [7, 0, -1, 1, I32_MIN]);
    let x = ints(DType::U8, &[2], &[5, 200]);
    let y = ints(DType::U8, &[2], &[0, 7]);
    assert_eq!(as_int(&bin(BinaryOp::Div, x.clone(), y.clone())), [255, 28]);
    assert_eq!(as_int(&bin(BinaryOp::Rem, x, y)), [5, 4]);
    // Wrapping arithmetic.
    let x = ints(DType::I8, &[2], &[127, -128]);
    let y = ints(DType::I8, &[2], &[1, -1]);
    assert_eq!(
        as_int(&bin(BinaryOp::Add, x.clone(), y.clone())),
        [-128, 127]
    );
    assert_eq!(as_int(&bin(BinaryOp::Mul, x, y)), [127, -128]);
}

#[test]
fn shifts() {
    let x = ints(DType::I8, &[5], &[1, -128, -128, 1, -128]);
    let y = ints(DType::I8, &[5], &[8, 9, 7, -1, 3]);
    assert_eq!(
        as_int(&bin(BinaryOp::ShiftLeft, x.clone(), y.clone())),
        [0, 0, 0, 0, 0]
    );
    assert_eq!(
        as_int(&bin(BinaryOp::ShiftRightArithmetic, x.clone(), y.clone())),
        [0, -1, -1, 0, -16]
    );
    assert_eq!(
        as_int(&bin(BinaryOp::ShiftRightLogical, x, y)),
        [0, 0, 1, 0, 16]
    );
    let x = ints(DType::U32, &[2], &[0x8000_0000, 3]);
    let y = ints(DType::U32, &[2], &[31, 31]);
    assert_eq!(
        as_int(&bin(BinaryOp::ShiftRightArithmetic, x.clone(), y.clone())),
        [0xFFFF_FFFF, 0]
    );
    assert_eq!(as_int(&bin(BinaryOp::ShiftLeft, x, y)), [0, 0x8000_0000]);
}

#[test]
fn integer_pow_and_unary() {
    let x = ints(DType::I32, &[6], &[2, 2, -1, 1, 3, 0]);
    let y = ints(DType::I32, &[6], &[10, -1, -3, -5, 21, 0]);
    let p = as_int(&bin(BinaryOp::Pow, x, y));
    assert_eq!(p, [1024, 0, -1, 1, 3i128.pow(21) as i32 as i128, 1]);
    let x = ints(DType::I32, &[4], &[I32_MIN, -5, 0, 1]);
    assert_eq!(as_int(&un(UnaryOp::Abs, x.clone())), [I32_MIN, 5, 0, 1]);
    assert_eq!(as_int(&un(UnaryOp::Neg, x.clone())), [I32_MIN, 5, 0, -1]);
    assert_eq!(as_int(&un(UnaryOp::Sign, x.clone())), [-1, -1, 0, 1]);
    assert_eq!(
        as_int(&un(UnaryOp::CountLeadingZeros, x.clone())),
        [0, 0, 32, 31]
    );
    assert_eq!(as_int(&un(UnaryOp::PopCnt, x.clone())), [1, 31, 0, 1]);
    assert_eq!(as_int(&un(UnaryOp::Not, x)), [i32::MAX as i128, 4, -1, -2]);
    let b = ints(DType::I1, &[2], &[0, 1]);
    assert_eq!(as_int(&un(UnaryOp::Not, b.clone())), [1, 0]);
    assert_eq!(as_int(&bin(BinaryOp::Add, b.clone(), b.clone())), [0, 1]);
    assert_eq!(b.bytes, [0, 1]);
}

#[test]
fn float_max_min_nan_and_signed_zero() {
    let nan = f32::NAN;
    let x = f32s(&[4], &[nan, 1.0, -0.0, 0.0]);
    let y = f32s(&[4], &[1.0, nan, 0.0, -0.0]);
    let mx = as_f32(&bin(BinaryOp::Max, x.clone(), y.clone()));
    let mn = as_f32(&bin(BinaryOp::Min, x, y));
    assert!(mx[0].is_nan() && mx[1].is_nan() && mn[0].is_nan() && mn[1].is_nan());
    assert_eq!(mx[2].to_bits(), 0.0f32.to_bits());
    assert_eq!(mx[3].to_bits(), 0.0f32.to_bits());
    assert_eq!(mn[2].to_bits(), (-0.0f32).to_bits());
    assert_eq!(mn[3].to_bits(), (-0.0f32).to_bits());
    let r = as_f32(&bin(
        BinaryOp::Rem,
        f32s(&[2], &[-7.5, 7.5]),
        f32s(&[2], &[2.0, -2.0]),
    ));
    assert_eq!(r, [-1.5, 1.5]);
    let a = as_f32(&bin(
        BinaryOp::Atan2,
        f32s(&[1], &[1.0]),
        f32s(&[1], &[-1.0]),
    ));
    assert_eq!(a[0], 1.0f32.atan2(-1.0));
}

#[test]
fn float_unary_special_values() {
    let x = f32s(&[6], &[f32::NAN, -0.0, 2.5, -2.5, 0.5, -3.0]);
    let s = as_f32(&un(UnaryOp::Sign, x.clone()));
    assert!(s[0].is_nan());
    assert_eq!(s[1].to_bits(), (-0.0f32).to_bits());
    assert_eq!(&s[2..], [1.0, -1.0, 1.0, -1.0]);
    assert_eq!(
        as_f32(&un(UnaryOp::RoundNearestAfz, x.clone()))[2..],
        [3.0, -3.0, 1.0, -3.0]
    );
    assert_eq!(
        as_f32(&un(UnaryOp::RoundNearestEven, x.clone()))[2..],
        [2.0, -2.0, 0.0, -3.0]
    );
    assert_eq!(
        as_int(&un(
            UnaryOp::IsFinite,
            f32s(&[3], &[f32::INFINITY, f32::NAN, 1.0])
        )),
        [0, 0, 1]
    );
    let c = as_f32(&un(UnaryOp::Cbrt, f32s(&[1], &[-27.0])));
    assert_eq!(c, [-3.0]);
    let l = as_f32(&un(UnaryOp::Logistic, f32s(&[2], &[0.0, -200.0])));
    assert_eq!(l, [0.5, 0.0]);
    let e = as_f32(&un(UnaryOp::Expm1, f32s(&[1], &[1e-10])));
    assert_eq!(e, [1e-10]);
    let e = as_f32(&un(UnaryOp::Log1p, f32s(&[1], &[-1.0])));
    assert_eq!(e, [f32::NEG_INFINITY]);
}

#[test]
fn f16_and_bf16_round_after_each_op() {
    let h = |v: &[f32]| {
        literal_from_bits(
            t(DType::F16, &[v.len() as i64]),
            &v.iter()
                .map(|&x| f16::from_f32(x).to_bits() as u64)
                .collect::<Vec<_>>(),
        )
    };
    let ulp = 2f32.powi(-10);
    let r = bin(
        BinaryOp::Add,
        h(&[1.0, 1.0, 65504.0]),
        h(&[ulp / 2.0, 1.5 * ulp, 16.0]),
    );
    let got: Vec<f32> = literal_bits(&r)
        .iter()
        .map(|&b| f16::from_bits(b as u16).to_f32())
        .collect();
    // Ties go to even; 65504 + 16 is the overflow midpoint and rounds to infinity.
    assert_eq!(got, [1.0, 1.0 + 2.0 * ulp, f32::INFINITY]);
    let b16 = |v: &[f32]| {
        literal_from_bits(
            t(DType::BF16, &[v.len() as i64]),
            &v.iter()
                .map(|&x| bf16::from_f32(x).to_bits() as u64)
                .collect::<Vec<_>>(),
        )
    };
    let r = bin(
        BinaryOp::Mul,
        b16(&[1.0 + 2f32.powi(-7), 3.0]),
        b16(&[1.0 + 2f32.powi(-7), 1.0 / 3.0]),
    );
    let got: Vec<f32> = literal_bits(&r)
        .iter()
        .map(|&b| bf16::from_bits(b as u16).to_f32())
        .collect();
    // (1 + 2^-7)^2 = 1 + 2^-6 + 2^-14 -> 1 + 2^-6; 3 * bf16(1/3) = 513/512 -> 1.
    assert_eq!(got, [1.0 + 2f32.powi(-6), 1.0]);
}

#[test]
fn convert_rules() {
    let x = f32s(
        &[7],
        &[2.9, -2.9, f32::NAN, 1e10, f32::NEG_INFINITY, -0.0, 0.5],
    );
    let r = run1(
        Opcode::Convert,
        std::slice::from_ref(&x),
        t(DType::I32, &[7]),
    );
    assert_eq!(as_int(&r), [2, -2, 0, i32::MAX as i128, I32_MIN, 0, 0]);
    let r = run1(
        Opcode::Convert,
        std::slice::from_ref(&x),
        t(DType::U8, &[7]),
    );
    assert_eq!(as_int(&r), [2, 0, 0, 255, 0, 0, 0]);
    let r = run1(Opcode::Convert, &[x], t(DType::I1, &[7]));
    assert_eq!(as_int(&r), [1, 1, 1, 1, 1, 0, 1]);
    let big = ints(
        DType::I64,
        &[3],
        &[(1 << 24) + 1, (1 << 24) + 3, -(1 << 53) - 1],
    );
    let r = run1(Opcode::Convert, &[big], t(DType::F32, &[3]));
    assert_eq!(as_f32(&r), [16777216.0, 16777220.0, -(2f32.powi(53))]);
    let r = run1(
        Opcode::Convert,
        &[ints(DType::I32, &[3], &[257, 259, 70000])],
        t(DType::BF16, &[3]),
    );
    let got: Vec<f32> = literal_bits(&r)
        .iter()
        .map(|&b| bf16::from_bits(b as u16).to_f32())
        .collect();
    assert_eq!(got, [256.0, 260.0, 70144.0]);
    // f64 -> f16 rounds once: through f32 it would tie and round down to 1.0.
    let x = literal_from_bits(
        t(DType::F64, &[1]),
        &[(1.0 + 2f64.powi(-11) + 2f64.powi(-40)).to_bits()],
    );
    let r = run1(Opcode::Convert, &[x], t(DType::F16, &[1]));
    assert_eq!(literal_bits(&r), [0x3C01]);
    let r = run1(
        Opcode::Convert,
        &[ints(DType::I32, &[2], &[-1, 300])],
        t(DType::U8, &[2]),
    );
    assert_eq!(as_int(&r), [255, 44]);
}

#[test]
fn compare_types() {
    let cmp = |dir, ty, x, y| {
        let out = TensorType::new(DType::I1, [2]);
        as_int(&run1(
            Opcode::Compare {
                direction: dir,
                compare_type: ty,
            },
            &[x, y],
            out,
        ))
    };
    let x = f32s(&[2], &[-0.0, f32::NAN]);
    let y = f32s(&[2], &[0.0, f32::NAN]);
    use CompareDirection as D;
    assert_eq!(
        cmp(D::Lt, Some(CompareType::Float), x.clone(), y.clone()),
        [0, 0]
    );
    assert_eq!(cmp(D::Ne, None, x.clone(), y.clone()), [0, 1]);
    assert_eq!(
        cmp(D::Lt, Some(CompareType::TotalOrder), x.clone(), y.clone()),
        [1, 0]
    );
    assert_eq!(cmp(D::Eq, Some(CompareType::TotalOrder), x, y), [0, 1]);
    let x = ints(DType::I32, &[2], &[-1, 1]);
    let y = ints(DType::I32, &[2], &[1, 1]);
    assert_eq!(cmp(D::Gt, Some(CompareType::Signed), x, y), [0, 0]);
    let x = ints(DType::U32, &[2], &[0xFFFF_FFFF, 1]);
    let y = ints(DType::U32, &[2], &[1, 1]);
    assert_eq!(cmp(D::Gt, None, x.clone(), y.clone()), [1, 0]);
    assert_eq!(cmp(D::Ge, Some(CompareType::Unsigned), x, y), [1, 1]);
}

#[test]
fn select_clamp_bitcast() {
    let p = ints(DType::I1, &[3], &[1, 0, 1]);
    let a = f32s(&[3], &[1.0, 2.0, 3.0]);
    let b = f32s(&[3], &[4.0, 5.0, 6.0]);
    let r = run1(
        Opcode::Select,
        &[p, a.clone(), b.clone()],
        t(DType::F32, &[3]),
    );
    assert_eq!(as_f32(&r), [1.0, 5.0, 3.0]);
    let p = ints(DType::I1, &[], &[0]);
    let r = run1(Opcode::Select, &[p, a.clone(), b], t(DType::F32, &[3]));
    assert_eq!(as_f32(&r), [4.0, 5.0, 6.0]);
    let lo = f32s(&[], &[1.5]);
    let hi = f32s(&[3], &[1.8, 1.8, 2.5]);
    let r = run1(Opcode::Clamp, &[lo, a, hi], t(DType::F32, &[3]));
    assert_eq!(as_f32(&r), [1.5, 1.8, 2.5]);
    let r = run1(
        Opcode::BitcastConvert,
        &[f32s(&[1], &[1.0])],
        t(DType::U8, &[1, 4]),
    );
    assert_eq!(as_int(&r), [0, 0, 0x80, 0x3f]);
    let r = run1(
        Opcode::BitcastConvert,
        &[ints(DType::I32, &[1], &[0x3f80_0000])],
        t(DType::F32, &[1]),
    );
    assert_eq!(as_f32(&r), [1.0]);
}

#[test]
fn data_movement() {
    let x = f32s(&[2, 3], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    let r = run1(
        Opcode::Transpose {
            permutation: vec![1, 0],
        },
        std::slice::from_ref(&x),
        t(DType::F32, &[3, 2]),
    );
    assert_eq!(as_f32(&r), [1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
    let r = run1(
        Opcode::BroadcastInDim {
            broadcast_dimensions: vec![0, 2],
        },
        &[f32s(&[2, 1], &[1.0, 2.0])],
        t(DType::F32, &[2, 2, 3]),
    );
    assert_eq!(
        as_f32(&r),
        [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0]
    );
    let r = run1(
        Opcode::Slice {
            start: vec![0, 1],
            limit: vec![2, 3],
            strides: vec![1, 2],
        },
        std::slice::from_ref(&x),
        t(DType::F32, &[2, 1]),
    );
    assert_eq!(as_f32(&r), [2.0, 5.0]);
    let r = run1(
        Opcode::Concatenate { dimension: 1 },
        &[x.clone(), f32s(&[2, 1], &[7.0, 8.0])],
        t(DType::F32, &[2, 4]),
    );
    assert_eq!(as_f32(&r), [1.0, 2.0, 3.0, 7.0, 4.0, 5.0, 6.0, 8.0]);
    // Row: crop 1 on the left, interior 1, pad 2 on the right: [2, 0, 3, 0, 0].
    let r = run1(
        Opcode::Pad {
            low: vec![0, -1],
            high: vec![-1, 2],
            interior: vec![0, 1],
        },
        &[x.clone(), f32s(&[], &[0.0])],
        t(DType::F32, &[1, 6]),
    );
    assert_eq!(as_f32(&r), [0.0, 2.0, 0.0, 3.0, 0.0, 0.0]);
    let r = run1(
        Opcode::Reverse {
            dimensions: vec![1],
        },
        std::slice::from_ref(&x),
        t(DType::F32, &[2, 3]),
    );
    assert_eq!(as_f32(&r), [3.0, 2.0, 1.0, 6.0, 5.0, 4.0]);
    let r = run1(
        Opcode::Reshape,
        std::slice::from_ref(&x),
        t(DType::F32, &[3, 2]),
    );
    assert_eq!(as_f32(&r), [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    let r = run1(Opcode::Iota { dimension: 1 }, &[], t(DType::I32, &[2, 3]));
    assert_eq!(as_int(&r), [0, 1, 2, 0, 1, 2]);
    // Starts are clamped to keep the window inside.
    let s = |v| ints(DType::I32, &[], &[v]);
    let r = run1(
        Opcode::DynamicSlice {
            slice_sizes: vec![1, 2],
        },
        &[x.clone(), s(5), s(-3)],
        t(DType::F32, &[1, 2]),
    );
    assert_eq!(as_f32(&r), [4.0, 5.0]);
    let r = run1(
        Opcode::DynamicUpdateSlice,
        &[x, f32s(&[1, 2], &[9.0, 9.0]), s(0), s(7)],
        t(DType::F32, &[2, 3]),
    );
    assert_eq!(as_f32(&r), [1.0, 9.0, 9.0, 4.0, 5.0, 6.0]);
}

#[test]
fn reduce_sum_and_variadic() {
    let mut b = B::new();
    let body = b.binary_region(DType::F32, BinaryOp::Add);
    let x = f32s(&[2, 3], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    let r = b
        .run(
            Opcode::Reduce {
                dimensions: vec![1],
            },
            &[x.clone(), f32s(&[], &[10.0])],
            &[t(DType::F32, &[2])],
            vec![body],
        )
        .unwrap();
    assert_eq!(as_f32(&r[0]), [16.0, 25.0]);
    // Variadic: (sum of x, max of y) over dimension 0, through the general region path.
    let mut b = B::new();
    let s = TensorType::scalar(DType::F32);
    let si = TensorType::scalar(DType::I32);
    let a0 = b.f.new_value(s.clone());
    let a1 = b.f.new_value(si.clone());
    let b0 = b.f.new_value(s.clone());
    let b1 = b.f.new_value(si.clone());
    let c0 = b.f.new_value(s.clone());
    let c1 = b.f.new_value(si.clone());
    let body = Region {
        args: vec![a0, a1, b0, b1],
        ops: vec![
            mk(Opcode::Binary(BinaryOp::Add), vec![a0, b0], vec![c0]),
            mk(Opcode::Binary(BinaryOp::Max), vec![a1, b1], vec![c1]),
        ],
        yields: vec![c0, c1],
        yield_loc: Loc::default(),
    };
    let y = ints(DType::I32, &[2, 3], &[1, 9, 3, 7, 5, 6]);
    let r = b
        .run(
            Opcode::Reduce {
                dimensions: vec![0],
            },
            &[
                x,
                y,
                f32s(&[], &[0.0]),
                ints(DType::I32, &[], &[i32::MIN as i128]),
            ],
            &[t(DType::F32, &[3]), t(DType::I32, &[3])],
            vec![body],
        )
        .unwrap();
    assert_eq!(as_f32(&r[0]), [5.0, 7.0, 9.0]);
    assert_eq!(as_int(&r[1]), [7, 9, 6]);
}

#[test]
fn reduce_window_max_pool() {
    let mut b = B::new();
    let body = b.binary_region(DType::F32, BinaryOp::Max);
    let x = f32s(&[5], &[1.0, 3.0, 2.0, 5.0, 4.0]);
    let w = WindowAttrs {
        window_dimensions: vec![2],
        window_strides: vec![2],
        base_dilations: vec![1],
        window_dilations: vec![1],
        padding: vec![(1, 0)],
    };
    let r = b
        .run(
            Opcode::ReduceWindow(Box::new(w)),
            &[x, f32s(&[], &[f32::NEG_INFINITY])],
            &[t(DType::F32, &[3])],
            vec![body],
        )
        .unwrap();
    assert_eq!(as_f32(&r[0]), [1.0, 3.0, 5.0]);
}

#[test]
fn dot_general_batched() {
    let lhs = f32s(&[2, 1, 2], &[1.0, 2.0, 3.0, 4.0]);
    let rhs = f32s(&[2, 2, 2], &[1.0, 0.0, 0.0, 1.0, 2.0, 1.0, 1.0, 2.0]);
    let d = DotDims {
        lhs_batch: vec![0],
        rhs_batch: vec![0],
        lhs_contracting: vec![2],
        rhs_contracting: vec![1],
    };
    let r = run1(
        Opcode::DotGeneral(Box::new(d)),
        &[lhs, rhs],
        t(DType::F32, &[2, 1, 2]),
    );
    assert_eq!(as_f32(&r), [1.0, 2.0, 10.0, 11.0]);
    // Integer dot wraps at the result width.
    let d = DotDims {
        lhs_contracting: vec![0],
        rhs_contracting: vec![0],
        ..DotDims::default()
    };
    let x = ints(DType::I8, &[2], &[100, 100]);
    let r = run1(
        Opcode::DotGeneral(Box::new(d)),
        &[x.clone(), x],
        t(DType::I8, &[]),
    );
    assert_eq!(as_int(&r), [(20000i32 as i8) as i128]);
}

/// f32 dot products sum in f32, in contraction order (as compiled code and StableHLO's
/// reference do), not in f64 rounded once: the two differ by 128 ulp here, where
/// cancellation leaves a small result (row 0, column 1 of the conformance vector
/// `td__dot_general_int8_4_3_float32_3_6`).
#[test]
fn dot_general_f32_accumulates_in_f32() {
    let lhs = f32s(&[1, 3], &[-3.0, -2.0, -1.0]);
    let rhs = f32s(&[3, 1], &[2.589_194_5, -1.430_497_4, -4.933_214]);
    let d = DotDims {
        lhs_contracting: vec![1],
        rhs_contracting: vec![0],
        ..DotDims::default()
    };
    let r = run1(
        Opcode::DotGeneral(Box::new(d)),
        &[lhs, rhs],
        t(DType::F32, &[1, 1]),
    );
    let want = (-3.0f32 * 2.589_194_5) + (-2.0f32 * -1.430_497_4) + (-1.0f32 * -4.933_214);
    assert_eq!(as_f32(&r)[0].to_bits(), want.to_bits());
    assert_eq!(want.to_bits(), 0x3cda_1d00);
}

/// bitcast_convert between widths works on bits (i1 is one bit, not one byte): the
/// conformance vectors `interp__bitcast_convert__001/003`.
#[test]
fn bitcast_convert_between_widths() {
    let word = 0x0123_4567_89ab_cdefu64;
    let bits: Vec<i128> = (0..64).map(|k| ((word >> k) & 1) as i128).collect();
    let b = ints(DType::I1, &[64], &bits);
    let r = run1(
        Opcode::BitcastConvert,
        std::slice::from_ref(&b),
        t(DType::I64, &[]),
    );
    assert_eq!(r.bytes, word.to_le_bytes());
    let f = Literal {
        ty: t(DType::F64, &[]),
        bytes: word.to_le_bytes().to_vec().into(),
    };
    let r = run1(
        Opcode::BitcastConvert,
        std::slice::from_ref(&f),
        t(DType::I1, &[64]),
    );
    assert_eq!(r, b);
    let r = run1(Opcode::BitcastConvert, &[f], t(DType::U16, &[4]));
    assert_eq!(as_int(&r), [0xcdef, 0x89ab, 0x4567, 0x0123]);
    let r = run1(Opcode::BitcastConvert, &[r], t(DType::F64, &[]));
    assert_eq!(r.bytes, word.to_le_bytes());
}

fn conv1d(pad: (i64, i64), stride: i64, lhs_dil: i64, groups: i64, reversal: bool) -> ConvAttrs {
    ConvAttrs {
        window_strides: vec![stride],
        padding: vec![pad],
        lhs_dilation: vec![lhs_dil],
        rhs_dilation: vec![1],
        window_reversal: vec![reversal],
        input_batch_dim: 0,
        input_feature_dim: 1,
        input_spatial_dims: vec![2],
        kernel_input_feature_dim: 1,
        kernel_output_feature_dim: 0,
        kernel_spatial_dims: vec![2],
        output_batch_dim: 0,
        output_feature_dim: 1,
        output_spatial_dims: vec![2],
        feature_group_count: groups,
        batch_group_count: 1,
    }
}

#[test]
fn convolution_1d() {
    // x = [1 2 3 4], k = [1 10], padding (1, 0): windows [0 1] [1 2] [2 3] [3 4].
    let x = f32s(&[1, 1, 4], &[1.0, 2.0, 3.0, 4.0]);
    let k = f32s(&[1, 1, 2], &[1.0, 10.0]);
    let r = run1(
        Opcode::Convolution(Box::new(conv1d((1, 0), 1, 1, 1, false))),
        &[x.clone(), k.clone()],
        t(DType::F32, &[1, 1, 4]),
    );
    assert_eq!(as_f32(&r), [10.0, 21.0, 32.0, 43.0]);
    let r = run1(
        Opcode::Convolution(Box::new(conv1d((0, 0), 2, 1, 1, true))),
        &[x.clone(), k.clone()],
        t(DType::F32, &[1, 1, 2]),
    );
    assert_eq!(as_f32(&r), [12.0, 34.0]);
    // lhs dilation 2: [1 0 2 0 3 0 4] -> 7 elements, 6 windows.
    let r = run1(
        Opcode::Convolution(Box::new(conv1d((0, 0), 1, 2, 1, false))),
        &[x, k],
        t(DType::F32, &[1, 1, 6]),
    );
    assert_eq!(as_f32(&r), [1.0, 20.0, 2.0, 30.0, 3.0, 40.0]);
    // Two feature groups: each output feature sees only its own input feature.
    let x = f32s(&[1, 2, 2], &[1.0, 2.0, 3.0, 4.0]);
    let k = f32s(&[2, 1, 1], &[10.0, 100.0]);
    let r = run1(
        Opcode::Convolution(Box::new(conv1d((0, 0), 1, 1, 2, false))),
        &[x, k],
        t(DType::F32, &[1, 2, 2]),
    );
    assert_eq!(as_f32(&r), [10.0, 20.0, 300.0, 400.0]);
}

#[test]
fn batch_group_convolution() {
    // Batch 2 split into 2 groups; output feature g uses batch g with kernel feature g.
    let mut c = conv1d((0, 0), 1, 1, 1, false);
    c.batch_group_count = 2;
    let x = f32s(&[2, 1, 2], &[1.0, 2.0, 3.0, 4.0]);
    let k = f32s(&[2, 1, 1], &[10.0, 100.0]);
    let r = run1(
        Opcode::Convolution(Box::new(c)),
        &[x, k],
        t(DType::F32, &[1, 2, 2]),
    );
    assert_eq!(as_f32(&r), [10.0, 20.0, 300.0, 400.0]);
}

#[test]
fn gather_rows_with_clamping() {
    let x = f32s(&[3, 2], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    let idx = ints(DType::I32, &[3], &[2, 0, 7]);
    let g = GatherAttrs {
        offset_dims: vec![1],
        collapsed_slice_dims: vec![0],
        operand_batching_dims: vec![],
        start_indices_batching_dims: vec![],
        start_index_map: vec![0],
        index_vector_dim: 1,
        slice_sizes: vec![1, 2],
        indices_are_sorted: false,
    };
    let r = run1(
        Opcode::Gather(Box::new(g)),
        &[x, idx],
        t(DType::F32, &[3, 2]),
    );
    assert_eq!(as_f32(&r), [5.0, 6.0, 1.0, 2.0, 5.0, 6.0]);
}

#[test]
fn sort_is_stable_by_key() {
    let mut b = B::new();
    let s = TensorType::scalar(DType::F32);
    let si = TensorType::scalar(DType::I32);
    let (k0, k1) = (b.f.new_value(s.clone()), b.f.new_value(s.clone()));
    let (v0, v1) = (b.f.new_value(si.clone()), b.f.new_value(si.clone()));
    let lt = b.f.new_value(TensorType::scalar(DType::I1));
    let cmp = Region {
        args: vec![k0, k1, v0, v1],
        ops: vec![mk(
            Opcode::Compare {
                direction: CompareDirection::Lt,
                compare_type: None,
            },
            vec![k0, k1],
            vec![lt],
        )],
        yields: vec![lt],
        yield_loc: Loc::default(),
    };
    let keys = f32s(&[2, 3], &[3.0, 1.0, 3.0, 2.0, 2.0, 1.0]);
    let vals = ints(DType::I32, &[2, 3], &[0, 1, 2, 3, 4, 5]);
    let r = b
        .run(
            Opcode::Sort {
                dimension: 1,
                is_stable: true,
            },
            &[keys, vals],
            &[t(DType::F32, &[2, 3]), t(DType::I32, &[2, 3])],
            vec![cmp],
        )
        .unwrap();
    assert_eq!(as_f32(&r[0]), [1.0, 3.0, 3.0, 1.0, 2.0, 2.0]);
    assert_eq!(as_int(&r[1]), [1, 0, 2, 5, 3, 4]);
}

#[test]
fn malformed_input_is_an_error() {
    let e = B::new()
        .run(
            Opcode::Binary(BinaryOp::Add),
            &[f32s(&[2], &[1.0, 2.0]), f32s(&[3], &[1.0, 2.0, 3.0])],
            &[t(DType::F32, &[2])],
            vec![],
        )
        .unwrap_err();
    assert!(
        matches!(e, EvalError::Invalid(ref m) if m.contains("operand types differ")),
        "{e}"
    );
    let bad = Literal {
        ty: t(DType::F32, &[2]),
        bytes: vec![0; 3].into(),
    };
    let e = B::new()
        .run(
            Opcode::Unary(UnaryOp::Neg),
            &[bad],
            &[t(DType::F32, &[2])],
            vec![],
        )
        .unwrap_err();
    assert!(matches!(e, EvalError::Invalid(_)));
    let e = B::new()
        .run(
            Opcode::Transpose {
                permutation: vec![5],
            },
            &[f32s(&[2], &[1.0, 2.0])],
            &[t(DType::F32, &[2])],
            vec![],
        )
        .unwrap_err();
    assert!(matches!(e, EvalError::Invalid(_)));
}

proptest! {
    #[test]
    fn i64_to_f32_matches_rust(v in any::<i64>()) {
        prop_assert_eq!(tensor::int_to_float(DType::F32, v as i128), (v as f32).to_bits() as u64);
        prop_assert_eq!(tensor::int_to_float(DType::F64, v as i128), (v as f64).to_bits());
    }

    #[test]
    fn f32_to_half_rounds_like_half(bits in any::<u32>()) {
        let x = f32::from_bits(bits);
        prop_assume!(!x.is_nan());
        let d = tensor::convert_bits(DType::F32, DType::F16, bits as u64);
        prop_assert_eq!(d, f16::from_f32(x).to_bits() as u64);
        let d = tensor::convert_bits(DType::F32, DType::BF16, bits as u64);
        prop_assert_eq!(d, bf16::from_f32(x).to_bits() as u64);
    }

    #[test]
    fn i32_binary_ops_match_wrapping_semantics(a in any::<i32>(), b in any::<i32>()) {
        let x = ints(DType::I32, &[], &[a as i128]);
        let y = ints(DType::I32, &[], &[b as i128]);
        let get = |op| as_int(&bin(op, x.clone(), y.clone()))[0];
        prop_assert_eq!(get(BinaryOp::Add), a.wrapping_add(b) as i128);
        prop_assert_eq!(get(BinaryOp::Mul), a.wrapping_mul(b) as i128);
        let div = if b == 0 { -1 } else { a.wrapping_div(b) };
        prop_assert_eq!(get(BinaryOp::Div), div as i128);
        let rem = if b == 0 { a } else { a.wrapping_rem(b) };
        prop_assert_eq!(get(BinaryOp::Rem), rem as i128);
    }
}

#[test]
fn scatter_add_rows_skipping_out_of_bounds() {
    use crate::compiler::ir::ScatterAttrs;
    let mut b = B::new();
    let body = b.binary_region(DType::F32, BinaryOp::Add);
    let x = f32s(&[3, 2], &[1.0, 1.0, 1.0, 1.0, 1.0, 1.0]);
    // Rows 2, 0, 2 and an out-of-bounds 5 (skipped, not clamped).
    let idx = ints(DType::I32, &[4, 1], &[2, 0, 2, 5]);
    let upd = f32s(&[4, 2], &[1.0, 2.0, 10.0, 20.0, 100.0, 200.0, 7.0, 7.0]);
    let s = ScatterAttrs {
        update_window_dims: vec![1],
        inserted_window_dims: vec![0],
        input_batching_dims: vec![],
        scatter_indices_batching_dims: vec![],
        scatter_dims_to_operand_dims: vec![0],
        index_vector_dim: 1,
        indices_are_sorted: false,
        unique_indices: false,
    };
    let r = b
        .run(
            Opcode::Scatter(Box::new(s)),
            &[x, idx, upd],
            &[t(DType::F32, &[3, 2])],
            vec![body],
        )
        .unwrap();
    assert_eq!(as_f32(&r[0]), [11.0, 21.0, 1.0, 1.0, 102.0, 203.0]);
}

#[test]
fn reduce_precision_to_f16_range() {
    let x = f32s(
        &[6],
        &[
            1.0 + 2f32.powi(-11),
            1.0 + 3.0 * 2f32.powi(-11),
            65520.0,
            1e-8,
            -1e9,
            f32::NAN,
        ],
    );
    let r = run1(
        Opcode::ReducePrecision {
            exponent_bits: 5,
            mantissa_bits: 10,
        },
        &[x],
        t(DType::F32, &[6]),
    );
    let v = as_f32(&r);
    assert_eq!(
        v[..5],
        [
            1.0,
            1.0 + 2f32.powi(-9),
            f32::INFINITY,
            0.0,
            f32::NEG_INFINITY
        ]
    );
    assert!(v[5].is_nan());
}

#[test]
fn select_and_scatter_routes_to_window_max() {
    let mut b = B::new();
    let s = TensorType::scalar(DType::F32);
    let (p, q) = (b.f.new_value(s.clone()), b.f.new_value(s.clone()));
    let ge = b.f.new_value(TensorType::scalar(DType::I1));
    let select = Region {
        args: vec![p, q],
        ops: vec![mk(
            Opcode::Compare {
                direction: CompareDirection::Ge,
                compare_type: None,
            },
            vec![p, q],
            vec![ge],
        )],
        yields: vec![ge],
        yield_loc: Loc::default(),
    };
    let scatter = b.binary_region(DType::F32, BinaryOp::Add);
    // Windows of 2 with stride 1 over [1 5 2 5]: maxima at 1, 1, and 1 (ties keep the first).
    let x = f32s(&[4], &[1.0, 5.0, 2.0, 5.0]);
    let src = f32s(&[3], &[10.0, 20.0, 30.0]);
    let r = b
        .run(
            Opcode::SelectAndScatter {
                window_dimensions: vec![2],
                window_strides: vec![1],
                padding: vec![(0, 0)],
            },
            &[x, src, f32s(&[], &[0.0])],
            &[t(DType::F32, &[4])],
            vec![select, scatter],
        )
        .unwrap();
    assert_eq!(as_f32(&r[0]), [0.0, 30.0, 0.0, 30.0]);
}

/// A random shape of rank 1..=4 with dims 1..=3, with `n` elements of data.
fn shape_and_data() -> impl Strategy<Value = (Vec<i64>, Vec<i32>)> {
    prop::collection::vec(1i64..=3, 1..=4).prop_flat_map(|shape| {
        let n = shape.iter().product::<i64>() as usize;
        (Just(shape), prop::collection::vec(any::<i32>(), n))
    })
}

proptest! {
    #[test]
    fn transpose_then_inverse_is_identity(
        (shape, data) in shape_and_data(),
        perm_seed in any::<u64>(),
    ) {
        let rank = shape.len();
        // A permutation from the seed (Fisher-Yates).
        let mut perm: Vec<i64> = (0..rank as i64).collect();
        let mut s = perm_seed;
        for i in (1..rank).rev() {
            let j = (s % (i as u64 + 1)) as usize;
            s /= i as u64 + 1;
            perm.swap(i, j);
        }
        let mut inv = vec![0i64; rank];
        for (i, &p) in perm.iter().enumerate() {
            inv[p as usize] = i as i64;
        }
        let vals: Vec<i128> = data.iter().map(|&v| v as i128).collect();
        let x = ints(DType::I32, &shape, &vals);
        let tshape: Vec<i64> = perm.iter().map(|&p| shape[p as usize]).collect();
        let y = run1(
            Opcode::Transpose { permutation: perm },
            std::slice::from_ref(&x),
            t(DType::I32, &tshape),
        );
        let z = run1(Opcode::Transpose { permutation: inv }, &[y], t(DType::I32, &shape));
        prop_assert_eq!(z, x);
    }

    #[test]
    fn slice_undoes_pad(
        (shape, data) in shape_and_data(),
        pads in prop::collection::vec((0i64..3, 0i64..3, 0i64..3), 4),
    ) {
        let rank = shape.len();
        let low: Vec<i64> = pads[..rank].iter().map(|p| p.0).collect();
        let high: Vec<i64> = pads[..rank].iter().map(|p| p.1).collect();
        let interior: Vec<i64> = pads[..rank].iter().map(|p| p.2).collect();
        let padded: Vec<i64> = (0..rank)
            .map(|d| low[d] + high[d] + shape[d] + (shape[d] - 1) * interior[d])
            .collect();
        let vals: Vec<i128> = data.iter().map(|&v| v as i128).collect();
        let x = ints(DType::I32, &shape, &vals);
        let y = run1(
            Opcode::Pad { low: low.clone(), high, interior: interior.clone() },
            &[x.clone(), ints(DType::I32, &[], &[-7])],
            t(DType::I32, &padded),
        );
        let limit: Vec<i64> = (0..rank)
            .map(|d| low[d] + (shape[d] - 1) * (interior[d] + 1) + 1)
            .collect();
        let strides: Vec<i64> = interior.iter().map(|i| i + 1).collect();
        let s = run1(
            Opcode::Slice { start: low, limit, strides },
            std::slice::from_ref(&y),
            t(DType::I32, &shape),
        );
        prop_assert_eq!(s, x);
        let n_pad = as_int(&y).iter().filter(|&&v| v == -7).count();
        prop_assert!(n_pad >= y.bytes.len() / 4 - data.len());
    }

    #[test]
    fn dot_general_matches_naive_matmul(
        m in 1usize..4, k in 1usize..4, n in 1usize..4,
        seed in prop::collection::vec(-50i32..50, 32),
    ) {
        let a: Vec<i128> = (0..m * k).map(|i| seed[i % 32] as i128).collect();
        let b: Vec<i128> = (0..k * n).map(|i| seed[(i * 7 + 3) % 32] as i128).collect();
        let d = DotDims {
            lhs_contracting: vec![1],
            rhs_contracting: vec![0],
            ..DotDims::default()
        };
        let r = run1(
            Opcode::DotGeneral(Box::new(d)),
            &[
                ints(DType::I32, &[m as i64, k as i64], &a),
                ints(DType::I32, &[k as i64, n as i64], &b),
            ],
            t(DType::I32, &[m as i64, n as i64]),
        );
        let mut want = vec![0i128; m * n];
        for i in 0..m {
            for j in 0..n {
                for l in 0..k {
                    want[i * n + j] += a[i * k + l] * b[l * n + j];
                }
            }
        }
        prop_assert_eq!(as_int(&r), want);
    }
}

/// `main(n: i32, x: f32) = if n > 0 { while i < n { x = x * 2 } } else { -x }`: regions
/// use values of the enclosing scope.
#[test]
fn eval_func_with_control_flow_and_captures() {
    let mut f = B::new().f;
    let si = TensorType::scalar(DType::I32);
    let sf = TensorType::scalar(DType::F32);
    let sb = TensorType::scalar(DType::I1);
    let n = f.new_value(si.clone());
    let x = f.new_value(sf.clone());
    f.body.args = vec![n, x];
    let zero = f.new_value(si.clone());
    let one = f.new_value(si.clone());
    let two = f.new_value(sf.clone());
    let pos = f.new_value(sb.clone());
    let res = f.new_value(sf.clone());
    let cst = |v: Literal, r| mk(Opcode::Constant(v), vec![], vec![r]);
    // while (i, acc): cond i < n (captured), body (i + 1, acc * two (captured)).
    let (ci, ca, bi, ba) = (
        f.new_value(si.clone()),
        f.new_value(sf.clone()),
        f.new_value(si.clone()),
        f.new_value(sf.clone()),
    );
    let (lt, i1, a1) = (
        f.new_value(sb.clone()),
        f.new_value(si.clone()),
        f.new_value(sf.clone()),
    );
    let (wi, wa) = (f.new_value(si.clone()), f.new_value(sf.clone()));
    let lt_op = Opcode::Compare {
        direction: CompareDirection::Lt,
        compare_type: None,
    };
    let mut w = mk(Opcode::While, vec![zero, x], vec![wi, wa]);
    w.regions = vec![
        Region {
            args: vec![ci, ca],
            ops: vec![mk(lt_op, vec![ci, n], vec![lt])],
            yields: vec![lt],
            yield_loc: Loc::default(),
        },
        Region {
            args: vec![bi, ba],
            ops: vec![
                mk(Opcode::Binary(BinaryOp::Add), vec![bi, one], vec![i1]),
                mk(Opcode::Binary(BinaryOp::Mul), vec![ba, two], vec![a1]),
            ],
            yields: vec![i1, a1],
            yield_loc: Loc::default(),
        },
    ];
    let neg = f.new_value(sf.clone());
    let mut iff = mk(Opcode::If, vec![pos], vec![res]);
    iff.regions = vec![
        Region {
            ops: vec![w],
            yields: vec![wa],
            ..Region::default()
        },
        Region {
            ops: vec![mk(Opcode::Unary(UnaryOp::Neg), vec![x], vec![neg])],
            yields: vec![neg],
            ..Region::default()
        },
    ];
    f.body.ops = vec![
        cst(ints(DType::I32, &[], &[0]), zero),
        cst(ints(DType::I32, &[], &[1]), one),
        cst(f32s(&[], &[2.0]), two),
        mk(
            Opcode::Compare {
                direction: CompareDirection::Gt,
                compare_type: None,
            },
            vec![n, zero],
            vec![pos],
        ),
        iff,
    ];
    f.body.yields = vec![res];
    f.result_types = vec![sf.clone()];
    crate::compiler::passes::verify::verify_func(&f).unwrap();
    let run = |n: i128, x: f32| {
        as_f32(&eval_func(&f, &[ints(DType::I32, &[], &[n]), f32s(&[], &[x])]).unwrap()[0])[0]
    };
    assert_eq!(run(3, 1.5), 12.0);
    assert_eq!(run(0, 1.5), -1.5);
    assert_eq!(run(-2, 4.0), -4.0);
    let e = eval_func(&f, &[f32s(&[], &[1.0]), f32s(&[], &[1.0])]).unwrap_err();
    assert!(matches!(e, EvalError::Invalid(_)), "{e}");
}

/// The same 2-D convolution in NCHW/OIHW/NCHW and in NHWC/HWIO/NHWC layouts (operands
/// transposed) gives the same numbers, and they match a naive loop nest.
#[test]
fn convolution_layouts_agree_with_naive_loops() {
    let (n, c, h, w, o, kh, kw, fg) = (
        2usize, 4usize, 5usize, 4usize, 6usize, 3usize, 2usize, 2usize,
    );
    let (sy, sx, dy, dx, ly, lx) = (2i64, 1i64, 2i64, 1i64, 1i64, 2i64);
    let (py, px) = ((1i64, 1i64), (0i64, 1i64));
    let x: Vec<f32> = (0..n * c * h * w)
        .map(|i| ((i * 7) % 11) as f32 - 5.0)
        .collect();
    let k: Vec<f32> = (0..o * (c / fg) * kh * kw)
        .map(|i| ((i * 5) % 7) as f32 - 3.0)
        .collect();
    let out_dim = |size: usize, k: usize, s: i64, d: i64, l: i64, p: (i64, i64)| {
        let dil_in = (size as i64 - 1) * l + 1 + p.0 + p.1;
        let dil_k = (k as i64 - 1) * d + 1;
        ((dil_in - dil_k) / s + 1) as usize
    };
    let (oh, ow) = (
        out_dim(h, kh, sy, dy, ly, py),
        out_dim(w, kw, sx, dx, lx, px),
    );
    // Naive loops, NCHW.
    let mut want = vec![0f32; n * o * oh * ow];
    let tap = |pos: i64, lo: i64, l: i64, size: usize| {
        let p = pos - lo;
        (p >= 0 && p % l == 0 && ((p / l) as usize) < size).then(|| (p / l) as usize)
    };
    for b in 0..n {
        for oc in 0..o {
            let g = oc / (o / fg);
            for y in 0..oh {
                for xx in 0..ow {
                    let mut acc = 0f32;
                    for ci in 0..c / fg {
                        for ky in 0..kh {
                            for kx in 0..kw {
                                let iy = tap(y as i64 * sy + ky as i64 * dy, py.0, ly, h);
                                let ix = tap(xx as i64 * sx + kx as i64 * dx, px.0, lx, w);
                                if let (Some(iy), Some(ix)) = (iy, ix) {
                                    let cc = g * (c / fg) + ci;
                                    acc += x[((b * c + cc) * h + iy) * w + ix]
                                        * k[((oc * (c / fg) + ci) * kh + ky) * kw + kx];
                                }
                            }
                        }
                    }
                    want[((b * o + oc) * oh + y) * ow + xx] = acc;
                }
            }
        }
    }
    let attrs = |inp: [i64; 4], ker: [i64; 4], out: [i64; 4]| ConvAttrs {
        window_strides: vec![sy, sx],
        padding: vec![py, px],
        lhs_dilation: vec![ly, lx],
        rhs_dilation: vec![dy, dx],
        window_reversal: vec![false, false],
        input_batch_dim: inp[0],
        input_feature_dim: inp[1],
        input_spatial_dims: vec![inp[2], inp[3]],
        kernel_input_feature_dim: ker[1],
        kernel_output_feature_dim: ker[0],
        kernel_spatial_dims: vec![ker[2], ker[3]],
        output_batch_dim: out[0],
        output_feature_dim: out[1],
        output_spatial_dims: vec![out[2], out[3]],
        feature_group_count: fg as i64,
        batch_group_count: 1,
    };
    let sh = |v: [usize; 4]| v.map(|d| d as i64);
    let xl = f32s(&sh([n, c, h, w]), &x);
    let kl = f32s(&sh([o, c / fg, kh, kw]), &k);
    let nchw = run1(
        Opcode::Convolution(Box::new(attrs([0, 1, 2, 3], [0, 1, 2, 3], [0, 1, 2, 3]))),
        &[xl.clone(), kl.clone()],
        t(DType::F32, &sh([n, o, oh, ow])),
    );
    assert_eq!(as_f32(&nchw), want);
    let tr = |l: &Literal, perm: [i64; 4]| {
        let shape: Vec<i64> = perm.iter().map(|&p| l.ty.shape[p as usize]).collect();
        run1(
            Opcode::Transpose {
                permutation: perm.to_vec(),
            },
            std::slice::from_ref(l),
            t(DType::F32, &shape),
        )
    };
    // NHWC input, HWIO kernel, NHWC output.
    let nhwc = run1(
        Opcode::Convolution(Box::new(attrs([0, 3, 1, 2], [3, 2, 0, 1], [0, 3, 1, 2]))),
        &[tr(&xl, [0, 2, 3, 1]), tr(&kl, [2, 3, 1, 0])],
        t(DType::F32, &sh([n, oh, ow, o])),
    );
    assert_eq!(tr(&nhwc, [0, 3, 1, 2]), nchw);
}

#[test]
fn gather_index_vectors_windows_and_batching() {
    let x = f32s(&[3, 4], &(0..12).map(|v| v as f32).collect::<Vec<_>>());
    let g = |offset_dims: Vec<i64>, collapsed: Vec<i64>, sizes: Vec<i64>| GatherAttrs {
        offset_dims,
        collapsed_slice_dims: collapsed,
        operand_batching_dims: vec![],
        start_indices_batching_dims: vec![],
        start_index_map: vec![0, 1],
        index_vector_dim: 1,
        slice_sizes: sizes,
        indices_are_sorted: false,
    };
    let idx = ints(DType::I64, &[3, 2], &[0, 1, 2, 3, 5, -1]);
    // Points x[i, j], starts clamped: (5, -1) -> (2, 0).
    let r = run1(
        Opcode::Gather(Box::new(g(vec![], vec![0, 1], vec![1, 1]))),
        &[x.clone(), idx.clone()],
        t(DType::F32, &[3]),
    );
    assert_eq!(as_f32(&r), [1.0, 11.0, 8.0]);
    // 2x2 windows: starts clamped to (1, 2) for (2, 3) and (1, 0) for (5, -1).
    let r = run1(
        Opcode::Gather(Box::new(g(vec![1, 2], vec![], vec![2, 2]))),
        &[x.clone(), idx],
        t(DType::F32, &[3, 2, 2]),
    );
    assert_eq!(
        as_f32(&r),
        [1.0, 2.0, 5.0, 6.0, 6.0, 7.0, 10.0, 11.0, 4.0, 5.0, 8.0, 9.0]
    );
    // Batching: result[b] = x[b, idx[b]] for a [2, 3] operand batched along dim 0.
    let xb = f32s(&[2, 3], &[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]);
    let gb = GatherAttrs {
        offset_dims: vec![],
        collapsed_slice_dims: vec![1],
        operand_batching_dims: vec![0],
        start_indices_batching_dims: vec![0],
        start_index_map: vec![1],
        index_vector_dim: 1,
        slice_sizes: vec![1, 1],
        indices_are_sorted: false,
    };
    let r = run1(
        Opcode::Gather(Box::new(gb)),
        &[xb, ints(DType::I32, &[2, 1], &[2, 1])],
        t(DType::F32, &[2]),
    );
    assert_eq!(as_f32(&r), [2.0, 4.0]);
}

#[test]
fn cholesky_and_triangular_solve() {
    use crate::compiler::ir::Transpose;
    // A = L L^T with L = [[2, 0], [1, 3]] -> A = [[4, 2], [2, 10]]; the unused triangle
    // holds garbage that must be ignored.
    let a = f32s(&[2, 2], &[4.0, 99.0, 2.0, 10.0]);
    let l = run1(
        Opcode::Cholesky { lower: true },
        &[a],
        t(DType::F32, &[2, 2]),
    );
    assert_eq!(as_f32(&l), [2.0, 0.0, 1.0, 3.0]);
    let a = f32s(&[2, 2], &[4.0, 2.0, -7.0, 10.0]);
    let u = run1(
        Opcode::Cholesky { lower: false },
        &[a],
        t(DType::F32, &[2, 2]),
    );
    assert_eq!(as_f32(&u), [2.0, 1.0, 0.0, 3.0]);
    let solve = |left_side, lower, unit_diagonal, transpose_a, a: &Literal, b: &Literal| {
        let ty = b.ty.clone();
        as_f32(&run1(
            Opcode::TriangularSolve {
                left_side,
                lower,
                unit_diagonal,
                transpose_a,
            },
            &[a.clone(), b.clone()],
            ty,
        ))
    };
    let lmat = f32s(&[2, 2], &[2.0, 55.0, 1.0, 3.0]);
    // L x = b with b = L [1, 2]^T = [2, 7].
    let b = f32s(&[2, 1], &[2.0, 7.0]);
    assert_eq!(
        solve(true, true, false, Transpose::NoTranspose, &lmat, &b),
        [1.0, 2.0]
    );
    // L^T x = b with b = L^T [1, 2]^T = [4, 6].
    let b = f32s(&[2, 1], &[4.0, 6.0]);
    assert_eq!(
        solve(true, true, false, Transpose::Transpose, &lmat, &b),
        [1.0, 2.0]
    );
    // x L = b with b = [1, 2] L = [4, 6].
    let b = f32s(&[1, 2], &[4.0, 6.0]);
    assert_eq!(
        solve(false, true, false, Transpose::NoTranspose, &lmat, &b),
        [1.0, 2.0]
    );
    // Unit diagonal: [[1, 0], [1, 1]] x = [1, 3] -> [1, 2].
    let b = f32s(&[2, 1], &[1.0, 3.0]);
    assert_eq!(
        solve(true, true, true, Transpose::NoTranspose, &lmat, &b),
        [1.0, 2.0]
    );
}

proptest! {
    #[test]
    fn small_int_ops_match_rust(
        a in any::<i8>(),
        b in any::<i8>(),
        c in any::<u16>(),
        d in any::<u16>(),
    ) {
        let x = ints(DType::I8, &[], &[a as i128]);
        let y = ints(DType::I8, &[], &[b as i128]);
        let get = |op| as_int(&bin(op, x.clone(), y.clone()))[0];
        let amount = b as u8 as u32;
        let shl = if amount >= 8 { 0 } else { ((a as u8) << amount) as i8 };
        let sra = if amount >= 8 { a >> 7 } else { a >> amount };
        let srl = if amount >= 8 { 0 } else { ((a as u8) >> amount) as i8 };
        prop_assert_eq!(get(BinaryOp::ShiftLeft), shl as i128);
        prop_assert_eq!(get(BinaryOp::ShiftRightArithmetic), sra as i128);
        prop_assert_eq!(get(BinaryOp::ShiftRightLogical), srl as i128);
        prop_assert_eq!(get(BinaryOp::Sub), a.wrapping_sub(b) as i128);
        let x = ints(DType::U16, &[], &[c as i128]);
        let y = ints(DType::U16, &[], &[d as i128]);
        let get = |op| as_int(&bin(op, x.clone(), y.clone()))[0];
        prop_assert_eq!(get(BinaryOp::Div), c.checked_div(d).unwrap_or(u16::MAX) as i128);
        prop_assert_eq!(get(BinaryOp::Rem), c.checked_rem(d).unwrap_or(c) as i128);
        prop_assert_eq!(get(BinaryOp::Pow), c.wrapping_pow(d as u32) as i128);
        prop_assert_eq!(
            as_int(&un(UnaryOp::CountLeadingZeros, x.clone()))[0],
            c.leading_zeros() as i128
        );
    }
}

/// Sub-byte integers wrap at their width; results are canonical bytes (value bits only).
#[test]
fn sub_byte_int_arithmetic_wraps_at_the_type_width() {
    use BinaryOp as Bi;
    let bin = |d: DType, op: Bi, a: i128, b: i128| {
        let r = elementwise::binary_elem(op, d, d.wrap_int(a), d.wrap_int(b)).unwrap();
        assert_eq!(
            r,
            d.wrap_int(d.int_value(r)),
            "{op:?} {d} result not canonical"
        );
        d.int_value(r)
    };
    assert_eq!(bin(DType::I4, Bi::Add, 7, 1), -8);
    assert_eq!(bin(DType::I4, Bi::Mul, -8, -1), -8);
    assert_eq!(bin(DType::I4, Bi::Div, -8, -1), -8);
    assert_eq!(bin(DType::I4, Bi::Div, 7, 0), -1);
    assert_eq!(bin(DType::I2, Bi::Sub, -2, 1), 1);
    assert_eq!(bin(DType::U4, Bi::Add, 15, 1), 0);
    assert_eq!(bin(DType::U2, Bi::Mul, 3, 3), 1);
    assert_eq!(bin(DType::I4, Bi::ShiftRightLogical, -1, 1), 7);
    assert_eq!(bin(DType::I4, Bi::ShiftRightArithmetic, -8, 2), -2);
    assert_eq!(bin(DType::U4, Bi::ShiftRightArithmetic, 8, 1), 12);
    assert_eq!(bin(DType::I4, Bi::ShiftLeft, 1, 3), -8);
    assert_eq!(bin(DType::I4, Bi::ShiftLeft, 1, 4), 0);
    assert_eq!(bin(DType::I4, Bi::ShiftLeft, 1, -1), 0); // negative amount: huge
    assert_eq!(bin(DType::I4, Bi::Max, -8, 7), 7);
    assert_eq!(bin(DType::U4, Bi::Max, 8, 7), 8);
    let un = |d: DType, op: UnaryOp, a: i128| {
        d.int_value(elementwise::unary_elem(op, d, d.wrap_int(a)).unwrap())
    };
    assert_eq!(un(DType::I4, UnaryOp::Neg, -8), -8);
    assert_eq!(un(DType::I4, UnaryOp::Not, 0), -1);
    assert_eq!(un(DType::U4, UnaryOp::Not, 0), 15);
    assert_eq!(un(DType::I4, UnaryOp::PopCnt, -1), 4);
    assert_eq!(un(DType::U4, UnaryOp::CountLeadingZeros, 1), 3);
    // 2 leading zeros does not fit i2: the count wraps like any i2 result.
    assert_eq!(un(DType::I2, UnaryOp::CountLeadingZeros, 0), -2);
    // Conversions: ints wrap, floats saturate (NaN -> 0), as for the wider types.
    let cv = |from: DType, to: DType, bits: u64| to.int_value(tensor::convert_bits(from, to, bits));
    assert_eq!(cv(DType::I32, DType::I4, 9), -7);
    assert_eq!(cv(DType::I4, DType::I32, 0x8) as i32, -8);
    assert_eq!(cv(DType::I4, DType::U4, 0xf), 15);
    assert_eq!(cv(DType::F32, DType::I4, 100.0f32.to_bits() as u64), 7);
    assert_eq!(cv(DType::F32, DType::I4, (-100.0f32).to_bits() as u64), -8);
    assert_eq!(cv(DType::F32, DType::U2, (-1.5f32).to_bits() as u64), 0);
    assert_eq!(cv(DType::F32, DType::I2, f32::NAN.to_bits() as u64), 0);
    assert_eq!(
        f32::from_bits(tensor::convert_bits(DType::I4, DType::F32, 0x9) as u32),
        -7.0
    );
}

/// Minifloats round once, from the exact f64 result, and overflow as their kind says.
#[test]
fn minifloat_arithmetic_rounds_once_per_op() {
    let m = |d: DType, x: f64| u64::from(d.minifloat().unwrap().encode(x));
    let v = |d: DType, bits: u64| tensor::to_f64(d, bits);
    let add = |d: DType, a: f64, b: f64| {
        v(
            d,
            elementwise::binary_elem(BinaryOp::Add, d, m(d, a), m(d, b)).unwrap(),
        )
    };
    // 1 + 0.0625 is the midpoint of 1 and 1.125 in e4m3: ties to even.
    assert_eq!(add(DType::F8E4M3FN, 1.0, 0.0625), 1.0);
    assert_eq!(add(DType::F8E4M3FN, 1.0, 0.125), 1.125);
    assert_eq!(add(DType::F8E4M3FN, 448.0, 16.0), 448.0); // tie at 464 -> 448 (even)
    assert!(add(DType::F8E4M3FN, 448.0, 32.0).is_nan()); // 480 is past max
    assert!(add(DType::F8E4M3FN, 448.0, 64.0).is_nan()); // FN overflows to NaN
    assert_eq!(add(DType::F8E5M2, 57344.0, 57344.0), f64::INFINITY);
    assert!(add(DType::F8E4M3FNUZ, 240.0, 240.0).is_nan());
    assert_eq!(add(DType::F4E2M1FN, 6.0, 6.0), 6.0); // finite-only saturates
    assert_eq!(add(DType::F6E3M2FN, 28.0, -0.5), 28.0);
    assert_eq!(add(DType::F8E8M0FNU, 2.0, 2.0), 4.0);
    assert_eq!(add(DType::F8E3M4, 1.0, 1.0 / 32.0), 1.0); // midpoint: even
    // Conversions: ints round to the format, floats to ints truncate.
    let cv = |from: DType, to: DType, bits: u64| tensor::convert_bits(from, to, bits);
    assert_eq!(
        v(DType::F8E4M3FN, cv(DType::I32, DType::F8E4M3FN, 17)),
        16.0
    );
    assert_eq!(
        v(DType::F8E4M3FN, cv(DType::I32, DType::F8E4M3FN, 19)),
        20.0
    );
    assert_eq!(
        cv(DType::F8E4M3FN, DType::I32, m(DType::F8E4M3FN, -2.5)) as i32,
        -2
    );
    assert_eq!(
        v(
            DType::F8E5M2,
            cv(DType::F8E4M3FN, DType::F8E5M2, m(DType::F8E4M3FN, 1.125))
        ),
        1.0
    );
}
