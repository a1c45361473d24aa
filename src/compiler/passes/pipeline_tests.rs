//! The passes in pipeline order, on a small module.
use super::{cse, dce, fold, inline, verify};
use crate::compiler::eval::{eval_func, literal_bits, literal_from_f64, literal_from_i128};
use crate::compiler::ir::{
    BinaryOp, DType, Func, Loc, Module, Op, Opcode, Region, TensorType, UnaryOp, ValueId,
};

fn op(opcode: Opcode, operands: Vec<ValueId>, results: Vec<ValueId>) -> Op {
    Op {
        opcode,
        operands,
        results,
        regions: vec![],
        loc: Loc::default(),
    }
}

fn func(name: &str, public: bool) -> Func {
    Func {
        name: name.into(),
        public,
        values: vec![],
        body: Region::default(),
        result_types: vec![],
        arg_attrs: vec![],
        result_attrs: vec![],
        loc: Loc::default(),
        valid_extents: Default::default(),
    }
}

fn t() -> TensorType {
    TensorType::new(DType::F32, [2])
}

/// `@scale(x) = x * (c + c)` with a local constant `c = [1, 2]`.
fn scale() -> Func {
    let mut f = func("scale", false);
    let x = f.new_value(t());
    let c = f.new_value(t());
    let s = f.new_value(t());
    let y = f.new_value(t());
    f.body.args = vec![x];
    f.body.ops = vec![
        op(
            Opcode::Constant(literal_from_f64(t(), &[1.0, 2.0])),
            vec![],
            vec![c],
        ),
        op(Opcode::Binary(BinaryOp::Add), vec![c, c], vec![s]),
        op(Opcode::Binary(BinaryOp::Mul), vec![x, s], vec![y]),
    ];
    f.body.yields = vec![y];
    f.result_types = vec![t()];
    f
}

/// `@main(x) = scale(x) + scale(x)`, plus a dead `exp`.
fn main_fn() -> Func {
    let mut f = func("main", true);
    let x = f.new_value(t());
    let a = f.new_value(t());
    let b = f.new_value(t());
    let dead = f.new_value(t());
    let r = f.new_value(t());
    let call = |i, o| {
        op(
            Opcode::Call {
                callee: "scale".into(),
            },
            vec![i],
            vec![o],
        )
    };
    f.body.args = vec![x];
    f.body.ops = vec![
        call(x, a),
        call(x, b),
        op(Opcode::Unary(UnaryOp::Exp), vec![x], vec![dead]),
        op(Opcode::Binary(BinaryOp::Add), vec![a, b], vec![r]),
    ];
    f.body.yields = vec![r];
    f.result_types = vec![t()];
    f
}

#[test]
fn inline_fold_cse_dce_preserve_meaning() {
    let m = Module {
        name: None,
        funcs: vec![main_fn(), scale()],
        partition: None,
    };
    verify::verify_module(&m).unwrap();
    let input = literal_from_f64(t(), &[3.0, -1.0]);
    let mut f = inline::inline_entry(&m).unwrap();
    verify::verify_func(&f).unwrap();
    let before = eval_func(&f, std::slice::from_ref(&input)).unwrap();
    fold::fold(&mut f).unwrap();
    cse::cse(&mut f);
    dce::dce(&mut f);
    verify::verify_func(&f).unwrap();
    let names: Vec<String> = f.body.ops.iter().map(|o| o.opcode.name()).collect();
    assert_eq!(
        names,
        ["stablehlo.constant", "stablehlo.multiply", "stablehlo.add"]
    );
    let add = &f.body.ops[2];
    assert_eq!(add.operands[0], add.operands[1]);
    let after = eval_func(&f, &[input]).unwrap();
    assert_eq!(before, after);
    let vals: Vec<f32> = literal_bits(&after[0])
        .iter()
        .map(|&b| f32::from_bits(b as u32))
        .collect();
    assert_eq!(vals, [12.0, -8.0]);
}

/// A random DAG of elementwise ops over two arguments and a few constants, with duplicate
/// subexpressions and dead ops, on i32 (exact) tensors of shape [3].
fn random_program(seed: u64) -> Func {
    let mut s = seed | 1;
    let mut next = move |n: u64| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s % n
    };
    let ty = TensorType::new(DType::I32, [3]);
    let mut f = func("main", true);
    let mut vals = vec![f.new_value(ty.clone()), f.new_value(ty.clone())];
    f.body.args = vals.clone();
    let bins = [
        BinaryOp::Add,
        BinaryOp::Sub,
        BinaryOp::Mul,
        BinaryOp::Div,
        BinaryOp::Rem,
        BinaryOp::Max,
        BinaryOp::ShiftLeft,
        BinaryOp::Xor,
    ];
    let uns = [UnaryOp::Neg, UnaryOp::Abs, UnaryOp::Not, UnaryOp::PopCnt];
    for _ in 0..(4 + next(12)) {
        let r = f.new_value(ty.clone());
        let pick = |k: u64| vals[(k % vals.len() as u64) as usize];
        let o = match next(6) {
            0 => {
                let v: Vec<i128> = (0..3).map(|_| next(9) as i128 - 4).collect();
                op(
                    Opcode::Constant(literal_from_i128(ty.clone(), &v)),
                    vec![],
                    vec![r],
                )
            }
            1 => op(
                Opcode::Unary(uns[next(4) as usize]),
                vec![pick(next(64))],
                vec![r],
            ),
            2 => op(Opcode::Reshape, vec![pick(next(64))], vec![r]),
            _ => op(
                Opcode::Binary(bins[next(8) as usize]),
                vec![pick(next(64)), pick(next(64))],
                vec![r],
            ),
        };
        // Sometimes the same op twice, for CSE.
        if next(4) == 0 {
            let r2 = f.new_value(ty.clone());
            let mut dup = o.clone();
            dup.results = vec![r2];
            f.body.ops.push(o);
            f.body.ops.push(dup);
            vals.push(r);
            vals.push(r2);
        } else {
            f.body.ops.push(o);
            vals.push(r);
        }
    }
    let n = vals.len() as u64;
    f.body.yields = vec![vals[(n - 1) as usize], vals[next(n) as usize]];
    f.result_types = vec![ty.clone(), ty];
    f
}

proptest::proptest! {
    #[test]
    fn passes_preserve_random_programs(
        seed in proptest::prelude::any::<u64>(),
        a in proptest::prelude::any::<[i32; 6]>(),
    ) {
        let mut f = random_program(seed);
        verify::verify_func(&f).unwrap();
        let ty = TensorType::new(DType::I32, [3]);
        let args = [
            literal_from_i128(ty.clone(), &[a[0] as i128, a[1] as i128, a[2] as i128]),
            literal_from_i128(ty, &[a[3] as i128, a[4] as i128, a[5] as i128]),
        ];
        let before = eval_func(&f, &args).unwrap();
        fold::fold(&mut f).unwrap();
        cse::cse(&mut f);
        dce::dce(&mut f);
        verify::verify_func(&f).unwrap();
        let after = eval_func(&f, &args).unwrap();
        proptest::prop_assert_eq!(before, after);
        // Nothing dead or duplicated is left.
        let mut seen = Vec::new();
        for o in &f.body.ops {
            let key = (format!("{:?}", o.opcode), o.operands.clone());
            proptest::prop_assert!(!seen.contains(&key), "duplicate {:?}", key);
            seen.push(key);
        }
    }
}
