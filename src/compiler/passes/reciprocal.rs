//! Division by a broadcast or a constant becomes multiplication by its reciprocal, as XLA's
//! algebraic simplifier rewrites it on the CPU backend (`A / Const => A * (1 / Const)`,
//! `A / Broadcast(B) => A * Broadcast(1 / B)`):
//!
//! ```text
//! y = divide(a, broadcast_in_dim(b))   ->   y = multiply(a, broadcast_in_dim(divide(1, b)))
//! y = divide(a, c)   (c constant)       ->   y = multiply(a, 1 / c)   (1 / c folded)
//! ```
//!
//! Why: a normalization divides every element by a per-row value (layernorm's standard
//! deviation, softmax's sum, a mean's count), and a divide costs several times a multiply
//! (`vdivps` issues every 3.5 cycles on Zen 3, `vmulps` twice per cycle). With the
//! reciprocal computed once per row, layernorm's last pass is the cost of its loads and
//! stores.
//!
//! Numerics: `a * (1 / b)` is within about 1.5 ulp of `a / b` (two roundings instead of
//! one), the results JAX users get from XLA's CPU backend, which applies the same rewrite:
//! `x / s` for `s: f32[n, 1]` broadcast along rows gives `x * (1 / s)` there bit for bit
//! (jax 0.10.2; 27% of elements differ from the correctly rounded quotient). Like XLA,
//! not when the dividend is a constant too (the fold computes the exact quotient), and
//! only under optimization (`--pipeline unoptimized` keeps IEEE division). f32 and f64
//! only: in f16 and bf16 the reciprocal's own rounding is 2^-11 and 2^-8 relative, which
//! a quotient should not carry (XLA's bf16 `x / s` is the correctly rounded quotient
//! too); integer division is exact and complex division is legalized apart.
//!
//! It runs right after inlining, before the quantized legalization: `uniform_quantize`'s
//! `round(x / scale)` must keep the spec's quotient, or values at a rounding boundary
//! would move by one step. Constant divisors are recognised as constants or broadcasts of
//! constants, which is how programs arrive (before any fold).
//!
//! Only where the divisor is smaller than the quotient: a full-size divisor would need a
//! full-size reciprocal, one divide per element again. Constant divisors of more than
//! [`MAX_FOLDED_ELEMENTS`] elements stay divides, as the fold would leave them.
use rustc_hash::FxHashMap as HashMap;

use crate::compiler::diag::Diagnostic;
use crate::compiler::eval;
use crate::compiler::eval::tensor::from_f64;
use crate::compiler::ir::builder::Builder;
use crate::compiler::ir::{
    BinaryOp, DType, Func, Literal, Op, Opcode, Region, TensorType, ValueId,
};
use crate::compiler::passes::fold::MAX_FOLDED_ELEMENTS;

/// Rewrites every qualifying divide of `func` (in regions too); returns how many.
pub fn rewrite(func: &mut Func) -> Result<usize, Diagnostic> {
    let mut body = std::mem::take(&mut func.body);
    let mut st = State::default();
    let r = rewrite_region(func, &mut body, &mut st);
    func.body = body;
    r.map(|()| st.rewritten)
}

#[derive(Default)]
struct State {
    /// Values defined by constants (SSA scoping makes one map enough for all regions).
    consts: HashMap<ValueId, Literal>,
    /// Values defined by `broadcast_in_dim`: its operand and dimensions.
    broadcasts: HashMap<ValueId, (ValueId, Vec<i64>)>,
    rewritten: usize,
}

fn rewrite_region(f: &mut Func, region: &mut Region, st: &mut State) -> Result<(), Diagnostic> {
    let ops = std::mem::take(&mut region.ops);
    let mut out = Vec::with_capacity(ops.len());
    for mut op in ops {
        for r in &mut op.regions {
            rewrite_region(f, r, st)?;
        }
        match (&op.opcode, &op.operands[..], &op.results[..]) {
            (Opcode::Constant(lit), [], [r]) => {
                st.consts.insert(*r, lit.clone());
            }
            (
                Opcode::BroadcastInDim {
                    broadcast_dimensions,
                },
                [x],
                [r],
            ) => {
                st.broadcasts.insert(*r, (*x, broadcast_dimensions.clone()));
            }
            (Opcode::Binary(BinaryOp::Div), [a, b], [y])
                if is_f32_or_f64(f.values[y.index()].dtype) && !st.consts.contains_key(a) =>
            {
                let (a, b, y) = (*a, *b, *y);
                let mut new_ops = Vec::new();
                if reciprocal_multiply(f, st, &op, a, b, y, &mut new_ops)? {
                    st.rewritten += 1;
                    out.extend(new_ops);
                    continue;
                }
            }
            _ => {}
        }
        out.push(op);
    }
    region.ops = out;
    Ok(())
}

fn is_f32_or_f64(d: DType) -> bool {
    matches!(d, DType::F32 | DType::F64)
}

fn elements(t: &TensorType) -> u128 {
    t.shape.iter().map(|&d| d.max(0) as u128).product()
}

/// Appends to `out` the ops computing `y = a * (1 / b)` for the divide `op`, if `b` is a
/// constant or an expanding broadcast; false (nothing appended) otherwise.
fn reciprocal_multiply(
    f: &mut Func,
    st: &mut State,
    op: &Op,
    a: ValueId,
    b: ValueId,
    y: ValueId,
    out: &mut Vec<Op>,
) -> Result<bool, Diagnostic> {
    let b_ty = f.values[b.index()].clone();
    // The value whose reciprocal is taken, and how it is broadcast to the divisor.
    let (inner, dims) = match st.broadcasts.get(&b) {
        Some((x, dims)) if elements(&f.values[x.index()]) < elements(&b_ty) => {
            (*x, Some(dims.clone()))
        }
        _ if st.consts.contains_key(&b) => (b, None),
        _ => return Ok(false),
    };
    let inner_ty = f.values[inner.index()].clone();
    let inv = if let Some(c) = st.consts.get(&inner) {
        if elements(&inner_ty) > MAX_FOLDED_ELEMENTS as u128 {
            return Ok(false);
        }
        let lit = reciprocal_literal(f, op, c)?;
        let mut bld = Builder::new(&mut f.values, out, op.loc.clone());
        let v = bld.op(Opcode::Constant(lit.clone()), &[], inner_ty);
        st.consts.insert(v, lit);
        v
    } else {
        let one = ones(&inner_ty);
        let mut bld = Builder::new(&mut f.values, out, op.loc.clone());
        let one = bld.op(Opcode::Constant(one), &[], inner_ty);
        bld.div(one, inner)
    };
    let mut bld = Builder::new(&mut f.values, out, op.loc.clone());
    let scale = match dims {
        Some(broadcast_dimensions) => bld.op(
            Opcode::BroadcastInDim {
                broadcast_dimensions,
            },
            &[inv],
            b_ty,
        ),
        None => inv,
    };
    bld.op_into(Opcode::Binary(BinaryOp::Mul), &[a, scale], &[y]);
    Ok(true)
}

/// A splat of 1 of type `ty` (what the fold makes of a broadcast scalar constant).
fn ones(ty: &TensorType) -> Literal {
    let bits = from_f64(ty.dtype, 1.0).to_le_bytes();
    Literal::splat(ty.clone(), &bits[..ty.dtype.size()])
}

/// `1 / c`, element by element, with the evaluator's division (the fold's).
fn reciprocal_literal(f: &mut Func, op: &Op, c: &Literal) -> Result<Literal, Diagnostic> {
    let one = ones(&c.ty);
    // A divide of two values typed like `c`, for the evaluator (which reads result types
    // from the function).
    f.values.push(c.ty.clone());
    let r = ValueId(f.values.len() as u32 - 1);
    let div = Op {
        opcode: Opcode::Binary(BinaryOp::Div),
        operands: vec![r, r],
        results: vec![r],
        regions: Vec::new(),
        loc: op.loc.clone(),
    };
    let result = eval::eval_op(f, &div, &[one, c.clone()]);
    f.values.pop();
    match result {
        Ok(mut lits) if lits.len() == 1 => Ok(lits.pop().expect("one result")),
        Ok(_) => Err(Diagnostic::at(&op.loc, "reciprocal: expected one result")),
        Err(e) => Err(Diagnostic::at(
            &op.loc,
            format!("cannot compute the reciprocal of a constant divisor: {e}"),
        )),
    }
}
