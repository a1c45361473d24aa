//! CHLO ops with structure: top_k (a stable sort of the operand with an iota, then the
//! first k; lowering recognizes the pattern and runs it as a selection), ragged_dot (per
//! group, a masked dot_general) and scan (a while loop over the scanned dimension), as
//! StableHLO's `ConvertTopKOp`, `ConvertRaggedDotOp` and `ConvertScanOp` build them.

use crate::compiler::ir::builder::{Builder, Result};
use crate::compiler::ir::{
    CompareDirection, CompareType, DType, DotDims, Opcode, Region, TensorType, ValueId,
};

/// `chlo.top_k(x, k)`: values and i32 indices of the `min(k, n)` largest elements along
/// the last dimension, in descending order (floats in total order: +NaN first), equal
/// elements in index order.
pub fn top_k(b: &mut Builder, x: ValueId, k: i64) -> Result<Vec<ValueId>> {
    let ty = b.ty(x).clone();
    let Some(&n) = ty.shape.last() else {
        return Err(b.err("'chlo.top_k' expects an operand of rank 1 or more"));
    };
    if k < 0 {
        return Err(b.err(format!("'chlo.top_k' k = {k} is negative")));
    }
    let rank = ty.rank();
    let dim = rank as i64 - 1;
    let iota = b.iota(DType::I32, &ty.shape, dim);
    let compare_type = ty.dtype.is_float().then_some(CompareType::TotalOrder);
    let args: Vec<ValueId> = [ty.dtype, ty.dtype, DType::I32, DType::I32]
        .into_iter()
        .map(|d| b.new_value(TensorType::scalar(d)))
        .collect();
    let comparator = b.region(args.clone(), |b| {
        Ok(vec![b.compare_typed(
            CompareDirection::Gt,
            compare_type,
            args[0],
            args[1],
        )])
    })?;
    let sorted = b.op_n(
        Opcode::Sort {
            dimension: dim,
            is_stable: true,
        },
        &[x, iota],
        vec![ty.clone(), ty.with_dtype(DType::I32)],
        vec![comparator],
    );
    let mut limit = ty.shape.clone();
    limit[rank - 1] = k.min(n);
    let start = vec![0; rank];
    let values = b.slice(sorted[0], start.clone(), limit.clone());
    let indices = b.slice(sorted[1], start, limit);
    Ok(vec![values, indices])
}

/// `#chlo.ragged_dot<...>` dimension numbers.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct RaggedDotDims {
    pub lhs_batch: Vec<i64>,
    pub rhs_batch: Vec<i64>,
    pub lhs_contracting: Vec<i64>,
    pub rhs_contracting: Vec<i64>,
    pub lhs_ragged: Vec<i64>,
    pub rhs_group: Vec<i64>,
}

/// The group sizes' leading (batch) shape, the number of groups, and group `i`'s sizes
/// as i64 of the batch shape.
fn group_size(b: &mut Builder, sizes: ValueId, i: i64) -> ValueId {
    let shape = b.shape(sizes);
    let r = shape.len();
    let mut start = vec![0; r];
    start[r - 1] = i;
    let mut limit = shape.clone();
    limit[r - 1] = i + 1;
    let s = b.slice(sizes, start, limit);
    let s = b.reshape(s, &shape[..r - 1]);
    if b.dtype(s) == DType::I64 {
        s
    } else {
        b.convert(s, DType::I64)
    }
}

/// `lhs` where the ragged coordinate (`iota`) is in `[start, limit)`, zero elsewhere;
/// `start`/`limit` have the group sizes' batch shape, broadcast along lhs' leading dims.
fn ragged_mask(
    b: &mut Builder,
    lhs: ValueId,
    zero: ValueId,
    start: ValueId,
    limit: ValueId,
    iota: ValueId,
) -> ValueId {
    let shape = b.shape(lhs);
    let batch: Vec<i64> = (0..b.ty(start).rank() as i64).collect();
    let start_b = b.broadcast_in_dim(start, &shape, batch.clone());
    let limit_b = b.broadcast_in_dim(limit, &shape, batch);
    let iota_b = b.broadcast_in_dim(iota, &shape, (0..shape.len() as i64).collect());
    let ge = b.ge(iota_b, start_b);
    let lt = b.lt(iota_b, limit_b);
    let mask = b.and(ge, lt);
    b.select(mask, lhs, zero)
}

pub fn ragged_dot(
    b: &mut Builder,
    dims: &RaggedDotDims,
    operands: &[ValueId],
    out: &TensorType,
) -> Result<ValueId> {
    let (lhs, rhs, sizes) = (operands[0], operands[1], operands[2]);
    let (lt, rt, st) = (b.ty(lhs).clone(), b.ty(rhs).clone(), b.ty(sizes).clone());
    if st.rank() == 0 || !st.dtype.is_int() {
        return Err(b.err(format!(
            "'chlo.ragged_dot' group sizes must be integers of rank 1 or more, got {st}"
        )));
    }
    let dim_ok = |d: &[i64], rank: usize| d.len() == 1 && (0..rank as i64).contains(&d[0]);
    if !dim_ok(&dims.lhs_ragged, lt.rank()) {
        return Err(b.err("'chlo.ragged_dot' expects one lhs ragged dimension"));
    }
    let lhs_ragged = dims.lhs_ragged[0];
    let batch_shape = st.shape[..st.rank() - 1].to_vec();
    let zeros_i64 = |b: &mut Builder| {
        let s = b.scalar(DType::I64, 0.0);
        b.splat(s, &batch_shape)
    };
    let zero_lhs = |b: &mut Builder| {
        let s = b.scalar(lt.dtype, 0.0);
        b.splat(s, &lt.shape)
    };
    let ragged_iota = |b: &mut Builder| {
        let mut shape = vec![1; lt.rank()];
        shape[lhs_ragged as usize] = lt.shape[lhs_ragged as usize];
        b.iota(DType::I64, &shape, lhs_ragged)
    };
    let dot = |b: &mut Builder, l, r, dd: DotDims, ty: TensorType| {
        b.op(Opcode::DotGeneral(Box::new(dd)), &[l, r], ty)
    };
    if lt.rank() < rt.rank() {
        // Mode 1: ragged non-contracting lhs dimension, rhs has a group dimension.
        if !dim_ok(&dims.rhs_group, rt.rank()) {
            return Err(b.err("'chlo.ragged_dot' expects one rhs group dimension"));
        }
        let gd = dims.rhs_group[0];
        let g = rt.shape[gd as usize];
        let adjust =
            |v: &[i64]| -> Vec<i64> { v.iter().map(|&d| if d > gd { d - 1 } else { d }).collect() };
        let dd = DotDims {
            lhs_batch: dims.lhs_batch.clone(),
            rhs_batch: adjust(&dims.rhs_batch),
            lhs_contracting: dims.lhs_contracting.clone(),
            rhs_contracting: adjust(&dims.rhs_contracting),
        };
        let mut start = zeros_i64(b);
        let iota = ragged_iota(b);
        let zero = zero_lhs(b);
        let mut out_v = None;
        for i in 0..g {
            let size = group_size(b, sizes, i);
            let limit = b.add(start, size);
            let masked = ragged_mask(b, lhs, zero, start, limit, iota);
            let mut s0 = vec![0; rt.rank()];
            s0[gd as usize] = i;
            let mut l0 = rt.shape.clone();
            l0[gd as usize] = i + 1;
            let slice = b.slice(rhs, s0, l0);
            let mut kept = rt.shape.clone();
            kept.remove(gd as usize);
            let r = b.reshape(slice, &kept);
            let d = dot(b, masked, r, dd.clone(), out.clone());
            out_v = Some(match out_v {
                None => d,
                Some(acc) => b.add(acc, d),
            });
            start = limit;
        }
        return out_v.ok_or_else(|| b.err("'chlo.ragged_dot' with zero groups"));
    }
    let dd = DotDims {
        lhs_batch: dims.lhs_batch.clone(),
        rhs_batch: dims.rhs_batch.clone(),
        lhs_contracting: dims.lhs_contracting.clone(),
        rhs_contracting: dims.rhs_contracting.clone(),
    };
    if lt.rank() < out.rank() {
        // Mode 2: ragged contracting dimension; one result per group, stacked.
        if !dims.lhs_contracting.contains(&lhs_ragged) {
            return Err(b.err(
                "'chlo.ragged_dot' lhs ragged dimension is neither non-contracting nor \
                 contracting",
            ));
        }
        let g = st.shape[st.rank() - 1];
        let mut start = zeros_i64(b);
        let iota = ragged_iota(b);
        let zero = zero_lhs(b);
        let one_ty = TensorType::new(out.dtype, out.shape[1..].to_vec());
        let mut parts = Vec::new();
        for i in 0..g {
            let size = group_size(b, sizes, i);
            let limit = b.add(start, size);
            let masked = ragged_mask(b, lhs, zero, start, limit, iota);
            let d = dot(b, masked, rhs, dd.clone(), one_ty.clone());
            let mut shape = vec![1];
            shape.extend_from_slice(&one_ty.shape);
            parts.push(b.reshape(d, &shape));
            start = limit;
        }
        if parts.is_empty() {
            return Err(b.err("'chlo.ragged_dot' with zero groups"));
        }
        return Ok(b.op(Opcode::Concatenate { dimension: 0 }, &parts, out.clone()));
    }
    // Mode 3: ragged batch dimension: groups are independent, a plain batched dot.
    Ok(dot(b, lhs, rhs, dd, out.clone()))
}

/// `chlo.scan`: a while loop over the scanned dimension carrying a counter, the carries
/// and the outputs; each iteration slices the inputs at the position (from the end for
/// `is_reverse`), runs the body and writes its outputs at that position.
#[allow(clippy::too_many_arguments)]
pub fn scan(
    b: &mut Builder,
    dimension: i64,
    is_reverse: bool,
    n_inputs: usize,
    operands: &[ValueId],
    result_types: &[TensorType],
    body: Region,
) -> Result<Vec<ValueId>> {
    let n_carries = operands
        .len()
        .checked_sub(n_inputs)
        .ok_or_else(|| b.err("'chlo.scan' has fewer operands than inputs"))?;
    let inputs = &operands[..n_inputs];
    let inits = &operands[n_inputs..];
    let n_outputs = result_types
        .len()
        .checked_sub(n_carries)
        .ok_or_else(|| b.err("'chlo.scan' has fewer results than carries"))?;
    if body.args.len() != n_inputs + n_carries || body.yields.len() != n_outputs + n_carries {
        return Err(b.err(format!(
            "'chlo.scan' body takes {} arguments and yields {}; expected {} and {}",
            body.args.len(),
            body.yields.len(),
            n_inputs + n_carries,
            n_outputs + n_carries
        )));
    }
    let dim = usize::try_from(dimension).map_err(|_| b.err("negative scan dimension"))?;
    let size = match (inputs.first(), result_types.first()) {
        (Some(&i), _) => b.ty(i).shape.get(dim).copied(),
        (None, Some(t)) if n_outputs > 0 => t.shape.get(dim).copied(),
        _ => None,
    }
    .ok_or_else(|| b.err(format!("scan dimension {dimension} is out of range")))?;
    for (k, &c) in inits.iter().enumerate() {
        let arg = body.args[n_inputs + k];
        if b.ty(c) != b.ty(arg) {
            return Err(b.err(format!(
                "'chlo.scan' carry {k}: init of type {} but the body takes {}",
                b.ty(c),
                b.ty(arg)
            )));
        }
    }
    let mut carried: Vec<TensorType> = vec![TensorType::scalar(DType::I64)];
    carried.extend(inits.iter().map(|&c| b.ty(c).clone()));
    carried.extend(result_types[..n_outputs].iter().cloned());
    let mut init_values = vec![b.scalar(DType::I64, 0.0)];
    init_values.extend_from_slice(inits);
    for t in &result_types[..n_outputs] {
        let z = b.scalar(t.dtype, 0.0);
        init_values.push(b.splat(z, &t.shape));
    }

    let cond_args: Vec<ValueId> = carried.iter().map(|t| b.new_value(t.clone())).collect();
    let cond = b.region(cond_args.clone(), |b| {
        let n = b.scalar(DType::I64, size as f64);
        Ok(vec![b.lt(cond_args[0], n)])
    })?;

    let index = b.new_value(TensorType::scalar(DType::I64));
    let outs: Vec<ValueId> = result_types[..n_outputs]
        .iter()
        .map(|t| b.new_value(t.clone()))
        .collect();
    let mut body_args = vec![index];
    body_args.extend_from_slice(&body.args[n_inputs..]);
    body_args.extend_from_slice(&outs);
    let Region {
        args: scan_args,
        ops: scan_ops,
        yields: scan_yields,
        ..
    } = body;
    let loop_body = b.region(body_args, |b| {
        let pos = if is_reverse {
            let n = b.scalar(DType::I64, size as f64);
            let one = b.scalar(DType::I64, 1.0);
            let last = b.sub(n, one);
            b.sub(last, index)
        } else {
            index
        };
        let zero = b.scalar(DType::I64, 0.0);
        for (&input, &arg) in inputs.iter().zip(&scan_args[..n_inputs]) {
            let mut sizes = b.shape(input);
            if dim >= sizes.len() {
                return Err(b.err(format!("scan dimension {dimension} is out of range")));
            }
            sizes[dim] = 1;
            let mut starts = vec![zero; sizes.len()];
            starts[dim] = pos;
            let mut operands = vec![input];
            operands.extend(starts);
            let ty = TensorType::new(b.dtype(input), sizes.clone());
            let slice = b.op(
                Opcode::DynamicSlice {
                    slice_sizes: sizes.clone(),
                },
                &operands,
                ty,
            );
            sizes.remove(dim);
            if b.ty(arg).shape != sizes || b.dtype(arg) != b.dtype(input) {
                return Err(b.err(format!(
                    "'chlo.scan' body argument of type {} does not match a slice of {}",
                    b.ty(arg),
                    b.ty(input)
                )));
            }
            b.op_into(Opcode::Reshape, &[slice], &[arg]);
        }
        b.extend(scan_ops);
        let mut yields = Vec::new();
        let one = b.scalar(DType::I64, 1.0);
        yields.push(b.add(index, one));
        yields.extend_from_slice(&scan_yields[n_outputs..]);
        for (&out, &elem) in outs.iter().zip(&scan_yields[..n_outputs]) {
            let mut shape = b.shape(out);
            if dim >= shape.len() {
                return Err(b.err(format!("scan dimension {dimension} is out of range")));
            }
            shape[dim] = 1;
            let e = b.reshape(elem, &shape);
            let mut starts = vec![zero; shape.len()];
            starts[dim] = pos;
            let mut operands = vec![out, e];
            operands.extend(starts);
            let ty = b.ty(out).clone();
            yields.push(b.op(Opcode::DynamicUpdateSlice, &operands, ty));
        }
        Ok(yields)
    })?;
    let results = b.op_n(Opcode::While, &init_values, carried, vec![cond, loop_body]);
    let mut out = results[1 + n_carries..].to_vec();
    out.extend_from_slice(&results[1..1 + n_carries]);
    Ok(out)
}
