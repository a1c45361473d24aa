//! The `chlo.broadcast_*` ops with static shapes (StableHLO's
//! `ConvertTrivialNumpyBroadcastBinaryOp`, `ConvertSelectOp`): numpy broadcasting, each
//! operand that differs from the result shape broadcast into it (rank prefix-padded,
//! size-1 dimensions expanded), then the elementwise op; and `chlo.constant_like`.

use super::{BroadcastOf, Scalar};
use crate::compiler::eval::tensor::from_int;
use crate::compiler::ir::builder::{Builder, Result};
use crate::compiler::ir::{CompareDirection, CompareType, Opcode, TensorType, ValueId};

/// Broadcasts `x` to `shape` the numpy way, or fails naming the shapes.
fn numpy_broadcast(b: &mut Builder, x: ValueId, shape: &[i64]) -> Result<ValueId> {
    let xs = b.shape(x);
    if xs == shape {
        return Ok(x);
    }
    let (r, rank) = (xs.len(), shape.len());
    let compatible = r <= rank
        && xs
            .iter()
            .enumerate()
            .all(|(i, &d)| d == 1 || d == shape[rank - r + i]);
    if !compatible {
        return Err(b.err(format!(
            "operand of shape {:?} does not broadcast to the result shape {:?}",
            xs, shape
        )));
    }
    let dims: Vec<i64> = (rank - r..rank).map(|d| d as i64).collect();
    Ok(b.broadcast_in_dim(x, shape, dims))
}

/// `broadcast_dimensions`, when given, must be numpy's (StableHLO's legalization refuses
/// other mappings).
fn check_dims(b: &Builder, dims: Option<&[i64]>, operands: &[ValueId], rank: usize) -> Result<()> {
    let Some(dims) = dims else { return Ok(()) };
    let lo = operands.iter().map(|&o| b.ty(o).rank()).min().unwrap_or(0);
    let numpy: Vec<i64> = (rank - lo.min(rank)..rank).map(|d| d as i64).collect();
    let same_rank = operands.iter().all(|&o| b.ty(o).rank() == rank);
    if dims == numpy || same_rank && dims.is_empty() {
        Ok(())
    } else {
        Err(b.err(format!(
            "unsupported: broadcast_dimensions {dims:?} other than numpy's prefix padding \
             {numpy:?}"
        )))
    }
}

fn broadcast_operands(
    b: &mut Builder,
    dims: Option<&[i64]>,
    operands: &[ValueId],
    out: &TensorType,
) -> Result<(ValueId, ValueId)> {
    check_dims(b, dims, operands, out.rank())?;
    let x = numpy_broadcast(b, operands[0], &out.shape)?;
    let y = numpy_broadcast(b, operands[1], &out.shape)?;
    if b.dtype(x) != b.dtype(y) {
        return Err(b.err(format!(
            "operand element types differ: {} vs {}",
            b.ty(operands[0]),
            b.ty(operands[1])
        )));
    }
    Ok((x, y))
}

/// `chlo.broadcast_<op> x, y -> out`.
pub fn binary(
    b: &mut Builder,
    op: BroadcastOf,
    dims: Option<&[i64]>,
    operands: &[ValueId],
    out: &TensorType,
) -> Result<ValueId> {
    let (x, y) = broadcast_operands(b, dims, operands, out)?;
    match op {
        BroadcastOf::Stablehlo(op) => Ok(b.binary(op, x, y)),
        BroadcastOf::Chlo(op) => super::binary(b, op, x, y),
        BroadcastOf::Complex => Err(b.err(
            "unsupported: 'chlo.broadcast_complex' (complex element types are not supported)",
        )),
    }
}

pub fn compare(
    b: &mut Builder,
    dims: Option<&[i64]>,
    direction: CompareDirection,
    compare_type: Option<CompareType>,
    operands: &[ValueId],
    out: &TensorType,
) -> Result<ValueId> {
    let (x, y) = broadcast_operands(b, dims, operands, out)?;
    Ok(b.compare_typed(direction, compare_type, x, y))
}

/// `chlo.broadcast_select pred, on_true, on_false`: a scalar predicate stays scalar
/// (StableHLO's select takes one).
pub fn select(b: &mut Builder, operands: &[ValueId], out: &TensorType) -> Result<ValueId> {
    let pred = operands[0];
    let pred = if b.ty(pred).rank() == 0 {
        pred
    } else {
        numpy_broadcast(b, pred, &out.shape)?
    };
    let t = numpy_broadcast(b, operands[1], &out.shape)?;
    let f = numpy_broadcast(b, operands[2], &out.shape)?;
    Ok(b.op(Opcode::Select, &[pred, t, f], out.clone()))
}

/// `chlo.constant_like {value} x`: a splat of `value` of the result type.
pub fn constant_like(b: &mut Builder, value: Scalar, out: &TensorType) -> ValueId {
    let s = match value {
        Scalar::Float(v) => b.scalar(out.dtype, v),
        Scalar::Int(v) if out.dtype.is_float() => b.scalar(out.dtype, v as f64),
        Scalar::Int(v) => b.scalar_bits(out.dtype, from_int(out.dtype, v)),
    };
    b.splat(s, &out.shape)
}
