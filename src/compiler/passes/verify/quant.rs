//! The quantization rules of ops with quantized operands or results (the spec's
//! "if the operation uses quantized tensors" constraints). Shapes and everything else are
//! checked by the ordinary rules on [`generic_view`]s of the types.
use super::Check;
use crate::compiler::ir::{Func, Op, Opcode, Quantization, TensorType, ValueId};

macro_rules! bail {
    ($($t:tt)*) => { return Err(format!($($t)*)) };
}

/// The type the ordinary rules check in place of a quantized one: its storage type for ops
/// that see stored integers (constants, bitcasts), else its expressed float type (the op
/// computes on dequantized values, or only moves them).
pub(super) fn generic_view(op: &Opcode, t: &TensorType) -> TensorType {
    match &t.quant {
        None => t.clone(),
        Some(_) if matches!(op, Opcode::Constant(_) | Opcode::BitcastConvert) => t.storage(),
        Some(q) => TensorType::new(q.expressed, t.shape.clone()),
    }
}

/// True if the op's own quantization rules apply: it has quantized types, or it is one of
/// the ops that convert between float and quantized.
pub(super) fn applies(op: &Op, ops: &[TensorType], res: &[TensorType]) -> bool {
    matches!(
        op.opcode,
        Opcode::UniformQuantize | Opcode::UniformDequantize
    ) || ops.iter().chain(res).any(TensorType::is_quantized)
}

/// Parameters equal except for the quantized dimension (data movement may move it).
fn same_but_axis(a: &Quantization, b: &Quantization) -> bool {
    a.storage == b.storage
        && (a.storage_min, a.storage_max) == (b.storage_min, b.storage_max)
        && a.expressed == b.expressed
        && a.axis.is_some() == b.axis.is_some()
        && a.zero_points == b.zero_points
        && a.scales.len() == b.scales.len()
        && a.scales
            .iter()
            .zip(&b.scales)
            .all(|(x, y)| x.to_bits() == y.to_bits())
}

fn q(t: &TensorType) -> Option<&Quantization> {
    t.quant.as_deref()
}

pub(super) fn check(f: &Func, op: &Op, ops: &[TensorType], res: &[TensorType]) -> Check {
    use Opcode as O;
    match &op.opcode {
        O::UniformQuantize => {
            let ([x], [r]) = (ops, res) else {
                bail!("expects 1 operand and 1 result");
            };
            let Some(rq) = q(r) else {
                bail!("result {r} must be quantized");
            };
            let from = match q(x) {
                Some(xq) => {
                    if let (Some(a), Some(b)) = (xq.axis, rq.axis)
                        && a != b
                    {
                        bail!("cannot requantize from dimension {a} to dimension {b}");
                    }
                    xq.expressed
                }
                None if x.dtype.is_float() => x.dtype,
                None => bail!("operand {x} must be float or quantized"),
            };
            if from != rq.expressed {
                bail!("result {r} must express the operand's {from}");
            }
            if x.shape != r.shape {
                bail!("result {r} must have the shape of operand {x}");
            }
            Ok(())
        }
        O::UniformDequantize => {
            let ([x], [r]) = (ops, res) else {
                bail!("expects 1 operand and 1 result");
            };
            let Some(xq) = q(x) else {
                bail!("operand {x} must be quantized");
            };
            let want = TensorType::new(xq.expressed, x.shape.clone());
            if *r != want {
                bail!("result {r} must be {want}");
            }
            Ok(())
        }
        O::Constant(_) | O::BitcastConvert | O::Call { .. } => Ok(()),
        O::DotGeneral(_) | O::Convolution(_) => dot_like(op, ops, res),
        O::Compare { .. } => {
            if ops.iter().any(|t| !t.is_quantized()) {
                bail!("operands must both be quantized or both not");
            }
            Ok(())
        }
        O::Select => all_or_none(ops.get(1..).unwrap_or_default(), res),
        O::Unary(_)
        | O::Binary(_)
        | O::Clamp
        | O::ReducePrecision { .. }
        | O::TriangularSolve { .. }
        | O::Cholesky { .. } => all_or_none(ops, res),
        O::Iota { .. } => Ok(()),
        O::Transpose { permutation } => {
            movement(ops, res)?;
            if let (Some(a), Some(b)) = (q(&ops[0]).and_then(|q| q.axis), q(&res[0])) {
                let want = permutation.iter().position(|&p| p == a as i64);
                if b.axis.map(|x| x as usize) != want {
                    bail!("result must be quantized along dimension {want:?}, the operand's {a}");
                }
            }
            Ok(())
        }
        O::BroadcastInDim {
            broadcast_dimensions: dims,
        } => {
            let (Some(a), Some(b)) = (q(&ops[0]), q(&res[0])) else {
                return movement(ops, res);
            };
            let Some(axis) = a.axis else {
                return movement(ops, res);
            };
            let want = dims.get(axis as usize).copied();
            if b.axis.map(i64::from) != want {
                bail!("result must be quantized along dimension {want:?}, the operand's {axis}");
            }
            // A quantized dimension of size 1 broadcasts its parameters along with it.
            if a.scales.len() == 1 && b.scales.len() > 1 {
                let n = b.scales.len();
                let mut a = a.clone();
                a.scales = vec![a.scales[0]; n];
                a.zero_points = vec![a.zero_points[0]; n];
                if !same_but_axis(&a, b) {
                    bail!("result must repeat the operand's parameters along dimension {want:?}");
                }
                return Ok(());
            }
            movement(ops, res)
        }
        O::Reshape => {
            movement(ops, res)?;
            if let (Some(a), Some(b)) = (
                q(&ops[0]).and_then(|q| q.axis),
                q(&res[0]).and_then(|q| q.axis),
            ) {
                let before = |t: &TensorType, d: u32| t.shape[..d as usize].iter().product::<i64>();
                if before(&ops[0], a) != before(&res[0], b) {
                    bail!("reshape must keep the quantized dimension apart ({a} -> {b})");
                }
            }
            Ok(())
        }
        O::Slice { .. }
        | O::Concatenate { .. }
        | O::Pad { .. }
        | O::Reverse { .. }
        | O::DynamicSlice { .. }
        | O::DynamicUpdateSlice
        | O::Gather(_) => {
            per_tensor_only(ops, res)?;
            movement(ops, res)
        }
        O::Scatter(_)
        | O::Sort { .. }
        | O::Reduce { .. }
        | O::ReduceWindow(_)
        | O::SelectAndScatter { .. } => {
            per_tensor_only(ops, res)?;
            regions(f, op, ops, res)
        }
        O::OptimizationBarrier | O::While | O::If | O::Case => regions(f, op, ops, res),
        other => bail!(
            "unsupported: quantized operands or results of {}",
            other.name()
        ),
    }
}

/// Elementwise computations on dequantized values: the data operands and the results are
/// all quantized or none are.
fn all_or_none(ops: &[TensorType], res: &[TensorType]) -> Check {
    let n = ops.iter().chain(res).filter(|t| t.is_quantized()).count();
    if n != 0 && n != ops.len() + res.len() {
        bail!("operands and results must all be quantized or none");
    }
    Ok(())
}

fn per_tensor_only(ops: &[TensorType], res: &[TensorType]) -> Check {
    if let Some(t) = ops
        .iter()
        .chain(res)
        .find(|t| q(t).is_some_and(Quantization::is_per_axis))
    {
        bail!("unsupported: per-axis quantized {t} here (only per-tensor)");
    }
    Ok(())
}

/// Ops that move elements: every quantized operand and result has one element type (up to
/// the quantized dimension), and no data changes between float and quantized (index
/// operands are integers).
fn movement(ops: &[TensorType], res: &[TensorType]) -> Check {
    let Some(first) = ops.iter().chain(res).find_map(q) else {
        return Ok(());
    };
    for t in ops.iter().chain(res) {
        match q(t) {
            Some(tq) if !same_but_axis(tq, first) => {
                bail!("quantized types differ: {t} vs {first}")
            }
            None if t.dtype.is_float() => bail!("{t} mixes with quantized {first}"),
            _ => {}
        }
    }
    Ok(())
}

/// Ops with regions (and the barrier): each result, region argument and region yield has
/// the quantization of the operand it stands for (the ordinary rules compare expressed
/// types only).
fn regions(f: &Func, op: &Op, ops: &[TensorType], res: &[TensorType]) -> Check {
    type Qs = Vec<Option<std::sync::Arc<Quantization>>>;
    let qs = |ts: &[TensorType]| -> Qs { ts.iter().map(|t| t.quant.clone()).collect() };
    let (o, r) = (qs(ops), qs(res));
    let twice = |v: &[Option<std::sync::Arc<Quantization>>]| -> Qs {
        v.iter().flat_map(|x| [x.clone(), x.clone()]).collect()
    };
    let half = ops.len() / 2;
    // (region, argument quantizations, yield quantizations if determined) and the results.
    let (expect, results): (Vec<(usize, Qs, Option<Qs>)>, Qs) = match &op.opcode {
        Opcode::Reduce { .. } | Opcode::ReduceWindow(_) => {
            let inits = o[half..].to_vec();
            if o[..half] != inits[..] {
                bail!("inputs and init values must have the same quantization");
            }
            let args = [inits.clone(), inits.clone()].concat();
            (vec![(0, args, Some(inits.clone()))], inits)
        }
        Opcode::Sort { .. } => (vec![(0, twice(&o), None)], o.clone()),
        Opcode::Scatter(_) => {
            let n = half;
            let args = [o[..n].to_vec(), o[n + 1..].to_vec()].concat();
            (vec![(0, args, Some(o[..n].to_vec()))], o[..n].to_vec())
        }
        Opcode::SelectAndScatter { .. } => {
            if o[1] != o[2] {
                bail!("source and init value must have the same quantization");
            }
            let scatter = vec![o[1].clone(), o[1].clone()];
            (
                vec![
                    (0, twice(&o[..1]), None),
                    (1, scatter, Some(vec![o[1].clone()])),
                ],
                vec![o[1].clone()],
            )
        }
        Opcode::While => (
            vec![(0, o.clone(), None), (1, o.clone(), Some(o.clone()))],
            o.clone(),
        ),
        Opcode::If | Opcode::Case => (
            (0..op.regions.len())
                .map(|i| (i, Vec::new(), Some(r.clone())))
                .collect(),
            r.clone(),
        ),
        _ => (Vec::new(), o.clone()),
    };
    if results != r {
        bail!("results must have the quantization of the operands they come from");
    }
    let quant_of = |vs: &[ValueId]| -> Qs {
        vs.iter()
            .map(|v| f.values.get(v.index()).and_then(|t| t.quant.clone()))
            .collect()
    };
    for (i, args, yields) in expect {
        let Some(region) = op.regions.get(i) else {
            continue;
        };
        if quant_of(&region.args) != args {
            bail!("region {i} arguments must have the quantization of their operands");
        }
        if let Some(y) = yields
            && quant_of(&region.yields) != y
        {
            bail!("region {i} must yield the quantization of its results");
        }
    }
    Ok(())
}

/// dot_general and convolution: quantized (lhs, rhs and result quantized) or hybrid (float
/// lhs and result, quantized rhs).
fn dot_like(op: &Op, ops: &[TensorType], res: &[TensorType]) -> Check {
    let ([l, r], [o]) = (ops, res) else {
        bail!("expects 2 operands and 1 result");
    };
    let Some(rq) = q(r) else {
        bail!("rhs {r} must be quantized when lhs or result is");
    };
    if let Some(axis) = rq.axis {
        match &op.opcode {
            Opcode::DotGeneral(d) if d.rhs_contracting.contains(&i64::from(axis)) => {
                bail!("rhs is quantized along contracting dimension {axis}")
            }
            Opcode::Convolution(c) if i64::from(axis) != c.kernel_output_feature_dim => {
                bail!("rhs must be quantized along its output feature dimension")
            }
            _ => {}
        }
    }
    match (q(l), q(o)) {
        (Some(lq), Some(oq)) => {
            if lq.is_per_axis() {
                bail!("lhs {l} must be per-tensor quantized");
            }
            if lq.expressed != rq.expressed || oq.expressed != rq.expressed {
                bail!("lhs, rhs and result must have one expressed type");
            }
            if !rq.is_per_axis() && oq.is_per_axis() {
                bail!("result {o} must be per-tensor quantized like rhs");
            }
            if let Some(axis) = oq.axis {
                let want = result_axis(&op.opcode, l.rank(), r.rank(), rq.axis);
                if want != Some(axis as usize) {
                    bail!("result must be quantized along dimension {want:?}");
                }
            }
            Ok(())
        }
        (None, None) => {
            if l.dtype != rq.expressed || o.dtype != rq.expressed {
                bail!(
                    "hybrid lhs {l} and result {o} must be rhs's expressed {}",
                    rq.expressed
                );
            }
            Ok(())
        }
        _ => bail!("lhs {l} and result {o} must both be quantized or both float"),
    }
}

/// The result dimension that holds the rhs dimension `axis` (the rhs's per-axis channels):
/// conv's output feature dimension; for dot_general, batch dimensions come first, then
/// lhs's free dimensions, then rhs's.
pub(crate) fn result_axis(
    op: &Opcode,
    lhs_rank: usize,
    rhs_rank: usize,
    axis: Option<u32>,
) -> Option<usize> {
    match op {
        Opcode::Convolution(c) => Some(c.output_feature_dim as usize),
        Opcode::DotGeneral(d) => {
            let axis = i64::from(axis?);
            if let Some(i) = d.rhs_batch.iter().position(|&b| b == axis) {
                return Some(i);
            }
            let lhs_free = lhs_rank.checked_sub(d.lhs_batch.len() + d.lhs_contracting.len())?;
            let pos = (0..rhs_rank as i64)
                .filter(|x| !d.rhs_batch.contains(x) && !d.rhs_contracting.contains(x))
                .position(|x| x == axis)?;
            Some(d.lhs_batch.len() + lhs_free + pos)
        }
        _ => None,
    }
}
