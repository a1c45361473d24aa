//! The passes in pipeline order, on a small module.
use super::{cse, dce, fold, inline, verify};
use crate::compiler::eval::{eval_func, literal_bits, literal_from_f64};
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
