//! `while`, `if`, `case` and `sort`.
//!
//! Regions of control-flow ops are lowered like the entry body, into nested step lists:
//!
//! - `while`: each carried value gets one fixed buffer that the op's results, the
//!   condition's and the body's arguments all use ([`place_while`]). The operands are
//!   copied in before the loop (unless the carried buffer is the operand's own); the
//!   body's yields are copied back at the end of each iteration (unless they were
//!   computed in place there; through a temporary when a yield is another carried
//!   buffer, which the copy-back may overwrite first). The condition's yield is the loop
//!   predicate.
//! - `if`/`case`: every branch ends by copying its yields into the op's result buffers.
//!   `if` is a case over `[false branch, true branch]` indexed by the i1 predicate byte.
//! - `sort`: a [`Step::Sort`] whose comparator region is compiled as a single-point kernel
//!   over 0-d bindings (`lhs_0, rhs_0, lhs_1, rhs_1, ..., out`).

use super::Lowerer;
use super::kir::{Body, KBuffer, Kernel, Node};
use super::reduce::translate_reducer;
use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::{DType, Op, Opcode, Region};
use pjrtc_runtime::format::{BufRef, Sort, SortOperand, Step};

/// Ops whose regions are lowered into nested step lists.
pub(crate) fn is_control_flow(op: &Opcode) -> bool {
    matches!(op, Opcode::While | Opcode::If | Opcode::Case)
}

/// Ops that read their operands from buffers (they cannot be fused into them).
pub(crate) fn reads_operands_in_place(op: &Opcode) -> bool {
    is_control_flow(op)
        || matches!(
            op,
            Opcode::Sort { .. }
                | Opcode::CustomCall { .. }
                | Opcode::Fft { .. }
                | Opcode::Collective(_)
        )
}

/// Places a `while`'s carried buffers: one per result, shared with the region arguments.
/// A value the body passes through stays in its operand's buffer; an operand nothing
/// reads once the loop starts is the carried buffer itself ([`super::inplace`]).
pub(crate) fn place_while(lw: &mut Lowerer, op: &Op) {
    let n = op.results.len();
    let mut bufs: Vec<Option<BufRef>> = (0..n).map(|k| lw.pass_through_buffer(op, k)).collect();
    let mut claimed: Vec<BufRef> = bufs.iter().flatten().copied().collect();
    for (k, b) in bufs.iter_mut().enumerate() {
        if b.is_none() {
            let own = lw.dead_operand_buffer(op, k, &claimed).unwrap_or_else(|| {
                let size = lw.ty(op.results[k]).byte_size();
                lw.new_arena(size)
            });
            claimed.push(own);
            *b = Some(own);
        }
    }
    for (i, &r) in op.results.iter().enumerate() {
        let b = bufs[i].expect("every carried value is placed");
        lw.buf.set(r, Some(b));
        for region in &op.regions {
            if let Some(&a) = region.args.get(i) {
                lw.buf.set(a, Some(b));
            }
        }
    }
}

/// The buffer holding value `v` (materialized because it is yielded or read in place).
fn buffer_of(lw: &Lowerer, v: crate::compiler::ir::ValueId, op: &Op) -> Result<BufRef, Diagnostic> {
    lw.buf[lw.r(v).index()].ok_or_else(|| {
        Diagnostic::at(
            &op.loc,
            format!(
                "internal: {} reads a value without a buffer",
                op.opcode.name()
            ),
        )
    })
}

/// Lowers the ops of `region` into a fresh step list.
fn lower_region<'f>(lw: &mut Lowerer<'f>, region: &'f Region) -> Result<Vec<Step>, Diagnostic> {
    let outer = std::mem::take(&mut lw.steps);
    let mut result = Ok(());
    for rop in &region.ops {
        result = lw.emit_op(rop);
        if result.is_err() {
            break;
        }
    }
    let inner = std::mem::replace(&mut lw.steps, outer);
    result.map(|()| inner)
}

fn region_count(op: &Op, n: usize) -> Result<(), Diagnostic> {
    if op.regions.len() != n {
        return Err(Diagnostic::at(
            &op.loc,
            format!("{} with {} regions", op.opcode.name(), op.regions.len()),
        ));
    }
    Ok(())
}

pub(crate) fn lower_while<'f>(lw: &mut Lowerer<'f>, op: &'f Op) -> Result<(), Diagnostic> {
    region_count(op, 2)?;
    let (cond, body) = (&op.regions[0], &op.regions[1]);
    let carried: Vec<BufRef> = op
        .results
        .iter()
        .map(|&r| buffer_of(lw, r, op))
        .collect::<Result<_, _>>()?;
    if op.operands.len() != carried.len() || body.yields.len() != carried.len() {
        return Err(Diagnostic::at(
            &op.loc,
            "while: carried value counts differ",
        ));
    }
    for (&x, &c) in op.operands.iter().zip(&carried) {
        if c.size == 0 {
            continue;
        }
        match lw.buf[lw.r(x).index()] {
            Some(src) if src == c => {}
            Some(src) => lw.steps.push(Step::Copy { src, dst: c }),
            // A splat constant: filled in.
            None => super::inplace::write_value(lw, x, c)?,
        }
    }
    let cond_steps = lower_region(lw, cond)?;
    let [p] = cond.yields[..] else {
        return Err(Diagnostic::at(
            &op.loc,
            "while condition must yield one value",
        ));
    };
    let pred = buffer_of(lw, p, op)?;
    let mut body_steps = lower_region(lw, body)?;
    // Copy the next values into the carried buffers. A yield living in another carried
    // buffer is staged first: the copy-back could overwrite it before it is read.
    let mut back = Vec::new();
    for (i, &y) in body.yields.iter().enumerate() {
        let (src, dst) = (buffer_of(lw, y, op)?, carried[i]);
        if dst.size == 0 || src == dst {
            continue;
        }
        if carried.contains(&src) {
            let tmp = lw.new_arena(src.size);
            body_steps.push(Step::Copy { src, dst: tmp });
            back.push(Step::Copy { src: tmp, dst });
        } else {
            back.push(Step::Copy { src, dst });
        }
    }
    body_steps.extend(back);
    lw.steps.push(Step::While {
        cond: cond_steps,
        pred,
        body: body_steps,
    });
    Ok(())
}

pub(crate) fn lower_case<'f>(lw: &mut Lowerer<'f>, op: &'f Op) -> Result<(), Diagnostic> {
    let index = buffer_of(lw, op.operands[0], op)?;
    let want = if let Opcode::If = op.opcode { 1 } else { 4 };
    if index.size != want {
        return Err(Diagnostic::at(
            &op.loc,
            format!("{}: index of {} bytes", op.opcode.name(), index.size),
        ));
    }
    // `if` selects by the predicate byte: 0 (false) -> the else region.
    let regions: Vec<&'f Region> = if let Opcode::If = op.opcode {
        region_count(op, 2)?;
        vec![&op.regions[1], &op.regions[0]]
    } else {
        if op.regions.is_empty() {
            return Err(Diagnostic::at(&op.loc, "case without branches"));
        }
        op.regions.iter().collect()
    };
    let results: Vec<BufRef> = op
        .results
        .iter()
        .map(|&r| buffer_of(lw, r, op))
        .collect::<Result<_, _>>()?;
    let mut branches = Vec::with_capacity(regions.len());
    for region in regions {
        let mut steps = lower_region(lw, region)?;
        if region.yields.len() != results.len() {
            return Err(Diagnostic::at(
                &op.loc,
                "branch yields the wrong number of values",
            ));
        }
        for (&y, &dst) in region.yields.iter().zip(&results) {
            let src = buffer_of(lw, y, op)?;
            if dst.size > 0 && src != dst {
                steps.push(Step::Copy { src, dst });
            }
        }
        branches.push(steps);
    }
    lw.steps.push(Step::Case { index, branches });
    Ok(())
}

pub(crate) fn lower_sort(lw: &mut Lowerer, op: &Op, dimension: i64) -> Result<(), Diagnostic> {
    region_count(op, 1)?;
    let ty = lw.ty(op.operands[0]);
    let rank = ty.rank() as i64;
    let dim = if dimension < 0 {
        dimension + rank
    } else {
        dimension
    };
    if !(0..rank).contains(&dim) {
        return Err(Diagnostic::at(
            &op.loc,
            format!("sort dimension {dimension} out of range for rank {rank}"),
        ));
    }
    if op.results.len() != op.operands.len() {
        return Err(Diagnostic::at(
            &op.loc,
            "sort: operand and result counts differ",
        ));
    }
    // The comparator: one point, 0-d operands bound in pairs, one i1 result.
    let dtypes: Vec<DType> = op.operands.iter().map(|&o| lw.ty(o).dtype).collect();
    let mut buffers = Vec::with_capacity(2 * dtypes.len() + 1);
    let mut body = Body::default();
    let mut elems = Vec::with_capacity(2 * dtypes.len());
    for &dt in &dtypes {
        for _ in 0..2 {
            buffers.push(KBuffer {
                dtype: dt,
                shape: vec![],
                writable: false,
            });
            let buffer = buffers.len() - 1;
            elems.push(body.push(
                Node::Load {
                    buffer,
                    index: vec![],
                },
                dt,
            ));
        }
    }
    let yields = translate_reducer(lw, op, &op.regions[0], &[], &elems, &mut body)?;
    let [less] = yields[..] else {
        return Err(Diagnostic::at(
            &op.loc,
            "sort comparator must yield one value",
        ));
    };
    if body.ty(less) != DType::I1 {
        return Err(Diagnostic::at(&op.loc, "sort comparator must yield an i1"));
    }
    buffers.push(KBuffer {
        dtype: DType::I1,
        shape: vec![],
        writable: true,
    });
    body.push(
        Node::Store {
            buffer: buffers.len() - 1,
            index: vec![],
            value: less,
        },
        DType::I1,
    );
    let comparator = lw.add_kernel(Kernel {
        name: "sort_comparator".into(),
        buffers,
        domain: vec![],
        body,
        sequential: false,
        limits: Vec::new(),
    });
    let mut operands = Vec::with_capacity(dtypes.len());
    for (k, &dtype) in dtypes.iter().enumerate() {
        operands.push(SortOperand {
            dtype,
            input: buffer_of(lw, op.operands[k], op)?,
            output: buffer_of(lw, op.results[k], op)?,
        });
    }
    let stable = matches!(
        op.opcode,
        Opcode::Sort {
            is_stable: true,
            ..
        }
    );
    lw.steps.push(Step::Sort(Sort {
        comparator,
        dimension: dim as u32,
        shape: ty.shape.iter().map(|&d| d as u64).collect(),
        operands,
        stable,
    }));
    Ok(())
}
