//! The quantized legalization's own constructions over the shared op builder
//! (`ir::builder`): per-channel parameters, clamps to a storage range, integer sums.
use crate::compiler::eval::{literal_from_f64, literal_from_i128};
use crate::compiler::ir::builder::Builder;
use crate::compiler::ir::{BinaryOp, DType, Op, Opcode, Region, TensorType, ValueId};

/// Per-channel parameters as a tensor of `shape`: one value for every channel along
/// `axis`, or one for all (`axis` `None`, a single value). Floats are rounded to `dtype`
/// from f64; integers converted exactly.
pub(super) fn channels(
    b: &mut Builder,
    dtype: DType,
    values: &[f64],
    axis: Option<usize>,
    shape: &[i64],
) -> ValueId {
    let uniform = values.iter().all(|&v| v.to_bits() == values[0].to_bits());
    match axis {
        Some(axis) if !uniform => {
            let vty = TensorType::new(dtype, [values.len() as i64]);
            let lit = if dtype.is_float() {
                literal_from_f64(vty.clone(), values)
            } else {
                let ints: Vec<i128> = values.iter().map(|&v| v as i128).collect();
                literal_from_i128(vty.clone(), &ints)
            };
            let c = b.op(Opcode::Constant(lit), &[], vty);
            b.broadcast_in_dim(c, shape, vec![axis as i64])
        }
        _ => {
            let s = scalar(b, dtype, values[0]);
            b.splat(s, shape)
        }
    }
}

/// A scalar of `dtype`: floats rounded from f64, integers converted exactly.
fn scalar(b: &mut Builder, dtype: DType, x: f64) -> ValueId {
    if dtype.is_float() {
        b.scalar(dtype, x)
    } else {
        b.scalar_int(dtype, x as i128)
    }
}

/// `clamp(lo, x, hi)` with scalar bounds of `x`'s element type.
pub(super) fn clamp(b: &mut Builder, lo: f64, x: ValueId, hi: f64) -> ValueId {
    let dt = b.dtype(x);
    let (lo, hi) = (scalar(b, dt, lo), scalar(b, dt, hi));
    b.clamp(lo, x, hi)
}

/// Sum of integer `x` over `dims` (accumulating in its own type).
pub(super) fn reduce_sum(b: &mut Builder, x: ValueId, dims: Vec<i64>) -> ValueId {
    let t = b.ty(x).clone();
    let dt = t.dtype;
    let shape: Vec<i64> = (0..t.rank() as i64)
        .filter(|d| !dims.contains(d))
        .map(|d| t.shape[d as usize])
        .collect();
    let init = b.scalar_int(dt, 0);
    let (l, r, s) = (
        b.new_value(TensorType::scalar(dt)),
        b.new_value(TensorType::scalar(dt)),
        b.new_value(TensorType::scalar(dt)),
    );
    let loc = b.loc().clone();
    let body = Region {
        args: vec![l, r],
        ops: vec![Op {
            opcode: Opcode::Binary(BinaryOp::Add),
            operands: vec![l, r],
            results: vec![s],
            regions: vec![],
            loc: loc.clone(),
        }],
        yields: vec![s],
        yield_loc: loc,
    };
    b.op_n(
        Opcode::Reduce { dimensions: dims },
        &[x, init],
        vec![TensorType::new(dt, shape)],
        vec![body],
    )[0]
}
