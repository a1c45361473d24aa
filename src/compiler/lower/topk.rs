//! Sorts of which only a leading slice is read become a selection ([`Step::TopK`]), and
//! sorts by one plain comparison become a native key sort (the same step, all of each
//! slice selected).
//!
//! `top_k` in StableHLO is a stable sort of the operand with an iota along the sorted
//! dimension, then a slice of the first `k` of both results (CHLO's decomposition, and
//! what JAX's composite holds). Sorting all `n` elements with a compiled comparator costs
//! `n log n` calls; when
//! - the comparator is one strict comparison of operand 0's two elements (`GT` or `LT`,
//!   in total order for floats, signed or unsigned for integers), and
//! - every result is read only by a slice `[0, k)` along the sorted dimension (the same
//!   `k`, whole elsewhere, unit strides),
//!
//! the runtime selects the `k` best of each slice by native comparisons of the key and
//! gathers every operand at their positions, which gives exactly the stable sort's first
//! `k` (see `runtime-lib/src/kernels/topk.rs`). An operand that is an iota along the
//! sorted dimension is not read: the step writes the positions. The slices are written
//! by the step; the sort's own results get no buffer.
//!
//! With the same comparator and results read otherwise, the step sorts whole slices
//! (`k` = the dimension's length) into the results: native comparisons of ranks instead
//! of `n log n` calls of the compiled comparator. JAX's float comparators become this
//! form in `passes/sort_key.rs`.

use super::Lowerer;
use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::{CompareDirection, CompareType, DType, Op, Opcode, ValueId};
use pjrtc_runtime::format::{KeyOrder, Step, TopK, TopKOperand};

/// A sort run as a top-k selection.
#[derive(Clone, Debug)]
pub(crate) struct PartialSort {
    pub dimension: usize,
    /// The length of the slices, or the whole dimension for a full sort.
    pub k: i64,
    pub descending: bool,
    pub order: KeyOrder,
    /// Per operand: an iota along the dimension (its positions are written, not read).
    pub positions: Vec<bool>,
    /// Per result: the slice reading it (a full sort: the result itself), if any.
    pub slices: Vec<Option<ValueId>>,
    /// Whether all of each slice is sorted (`k` is the dimension's length): the results
    /// are written, not slices of them.
    pub full: bool,
}

/// The key order and direction of a comparator that is a single strict comparison of
/// operand 0's elements, or `None`.
fn comparator_order(op: &Op, key: DType) -> Option<(KeyOrder, bool)> {
    let region = op.regions.first()?;
    let [cmp] = region.ops.as_slice() else {
        return None;
    };
    let Opcode::Compare {
        direction,
        compare_type,
    } = &cmp.opcode
    else {
        return None;
    };
    if region.yields.as_slice() != cmp.results.as_slice() || region.args.len() < 2 {
        return None;
    }
    let (a, b) = (region.args[0], region.args[1]);
    let swapped = match cmp.operands.as_slice() {
        [x, y] if (*x, *y) == (a, b) => false,
        [x, y] if (*x, *y) == (b, a) => true,
        _ => return None,
    };
    let descending = match direction {
        CompareDirection::Gt => !swapped,
        CompareDirection::Lt => swapped,
        _ => return None,
    };
    let order = match (key, compare_type) {
        (d, Some(CompareType::TotalOrder)) if d.is_float() => KeyOrder::FloatTotal,
        (d, None | Some(CompareType::Signed)) if d.is_signed_int() => KeyOrder::Signed,
        (d, None | Some(CompareType::Unsigned)) if d.is_unsigned_int() || d == DType::I1 => {
            KeyOrder::Unsigned
        }
        _ => return None,
    };
    order.admits(key).then_some((order, descending))
}

/// `op`, a sort, as a top-k selection if it is one (see the module docs). `yielded`
/// tells values that leave their region or the function (they must stay whole).
pub(crate) fn find(
    lw: &Lowerer,
    op: &Op,
    ops: &[(&Op, usize)],
    users: &[Vec<usize>],
    yielded: &[bool],
) -> Option<PartialSort> {
    let Opcode::Sort { dimension, .. } = op.opcode else {
        return None;
    };
    let ty = lw.ty(*op.operands.first()?);
    let rank = ty.rank() as i64;
    let dim = if dimension < 0 {
        dimension + rank
    } else {
        dimension
    };
    let dim = usize::try_from(dim).ok().filter(|&d| d < ty.rank())?;
    if op.results.len() != op.operands.len() {
        return None;
    }
    let (order, descending) = comparator_order(op, ty.dtype)?;
    if op.results.iter().any(|&r| lw.r(r) != r) {
        return None;
    }
    let (k, slices, full) = match leading_slices(lw, op, dim, ops, users, yielded) {
        Some((k, slices)) => (k, slices, false),
        // A full sort: the step writes the results that are read.
        None => (
            ty.shape[dim],
            op.results
                .iter()
                .map(|&r| (!users[r.index()].is_empty() || yielded[r.index()]).then_some(r))
                .collect(),
            true,
        ),
    };
    let positions = op
        .operands
        .iter()
        .enumerate()
        .map(|(i, &o)| {
            i > 0
                && matches!(lw.def_op(o), Some((d, _)) if d.opcode == Opcode::Iota { dimension: dim as i64 })
                && lw.ty(o).dtype.is_int()
        })
        .collect();
    Some(PartialSort {
        dimension: dim,
        full,
        k,
        descending,
        order,
        positions,
        slices,
    })
}

/// `k` and the slice reading each result, if every result is read only by a slice
/// `[0, k)` along `dim` (or not at all) and some result is.
fn leading_slices(
    lw: &Lowerer,
    op: &Op,
    dim: usize,
    ops: &[(&Op, usize)],
    users: &[Vec<usize>],
    yielded: &[bool],
) -> Option<(i64, Vec<Option<ValueId>>)> {
    let ty = lw.ty(op.operands[0]);
    let mut k = None;
    let mut slices = Vec::with_capacity(op.results.len());
    for &r in &op.results {
        if yielded[r.index()] {
            return None;
        }
        let slice = match users[r.index()].as_slice() {
            [] => None,
            [u] => {
                let s = ops[*u].0;
                let Opcode::Slice {
                    start,
                    limit,
                    strides,
                } = &s.opcode
                else {
                    return None;
                };
                let whole = (0..ty.rank()).all(|d| {
                    start[d] == 0 && strides[d] == 1 && (d == dim || limit[d] == ty.shape[d])
                });
                if !whole || k.is_some_and(|k| k != limit[dim]) {
                    return None;
                }
                k = Some(limit[dim]);
                Some(s.results[0])
            }
            _ => return None,
        };
        slices.push(slice);
    }
    Some((k?, slices))
}

/// Emits the [`Step::TopK`] of a partial sort.
pub(crate) fn emit(lw: &mut Lowerer, op: &Op, ps: &PartialSort) -> Result<(), Diagnostic> {
    let ty = lw.ty(op.operands[0]);
    let shape: Vec<u64> = ty.shape.iter().map(|&d| d as u64).collect();
    if shape.iter().product::<u64>() == 0 {
        return Ok(());
    }
    let mut out_shape = ty.shape.clone();
    out_shape[ps.dimension] = ps.k;
    let mut operands = Vec::with_capacity(op.operands.len());
    for (i, (&o, slice)) in op.operands.iter().zip(&ps.slices).enumerate() {
        let dtype = lw.ty(o).dtype;
        let output = match slice {
            Some(s) => lw.buf[s.index()].ok_or_else(|| internal(op))?,
            // The key's sorted values are needed by nobody, but the step writes them.
            None if i == 0 => {
                let size = out_shape.iter().product::<i64>() as u64 * dtype.size() as u64;
                lw.new_arena(size)
            }
            None => continue,
        };
        let input = if ps.positions[i] {
            None
        } else {
            Some(lw.buf[lw.r(o).index()].ok_or_else(|| internal(op))?)
        };
        operands.push(TopKOperand {
            dtype,
            input,
            output,
        });
    }
    lw.steps.push(Step::TopK(TopK {
        dimension: ps.dimension as u32,
        shape,
        k: ps.k as u64,
        descending: ps.descending,
        order: ps.order,
        operands,
    }));
    Ok(())
}

fn internal(op: &Op) -> Diagnostic {
    Diagnostic::at(
        &op.loc,
        "internal: top_k operand or result without a buffer",
    )
}
