//! `select_and_scatter`: the result is filled with the init value, then one
//! [`Kernel::sequential`](super::kir::Kernel) kernel walks the source points in row-major
//! order. Each point reduces its window with the `select` region as a carried
//! (found, value, position) accumulator and combines its source element into the
//! selected result element with the `scatter` region; colliding windows apply in order,
//! as in the reference evaluator.

use super::Lowerer;
use super::builder::{KernelBuilder, and1, domain_index, iadd_c, ibin, icmp, imul_c, select};
use super::elementwise::convert;
use super::kir::{Body, Node, NodeId};
use super::reduce::translate_reducer;
use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::{BinaryOp, CompareDirection, DType, Op, Region};

fn region<'a>(op: &'a Op, i: usize, what: &str) -> Result<&'a Region, Diagnostic> {
    op.regions.get(i).ok_or_else(|| {
        Diagnostic::at(
            &op.loc,
            format!("select_and_scatter without a {what} region"),
        )
    })
}

/// One yielded value of region `r` translated into `body`.
fn single(
    lw: &Lowerer,
    op: &Op,
    r: &Region,
    accs: &[NodeId],
    elems: &[NodeId],
    body: &mut Body,
) -> Result<NodeId, Diagnostic> {
    let ys = translate_reducer(lw, op, r, accs, elems, body)?;
    match ys[..] {
        [y] => Ok(y),
        _ => Err(Diagnostic::at(
            &r.yield_loc,
            "select_and_scatter regions must yield one value",
        )),
    }
}

pub(crate) fn lower_select_and_scatter(
    lw: &mut Lowerer,
    op: &Op,
    window_dimensions: &[i64],
    window_strides: &[i64],
    padding: &[(i64, i64)],
) -> Result<(), Diagnostic> {
    let (x, source, init) = (op.operands[0], op.operands[1], op.operands[2]);
    let select_region = region(op, 0, "select")?;
    let scatter_region = region(op, 1, "scatter")?;
    let rty = lw.ty(op.results[0]);
    let xs = lw.ty(x).shape.clone();
    let ss = lw.ty(source).shape.clone();
    let rank = xs.len();
    if window_dimensions.len() != rank || ss.len() != rank {
        return Err(Diagnostic::at(
            &op.loc,
            "select_and_scatter window rank differs from the operand's",
        ));
    }
    let out = lw.buf[op.results[0].index()].expect("select_and_scatter result is materialized");

    // The result starts as the init value everywhere.
    let mut kb = KernelBuilder::new(lw);
    let mut body = Body::default();
    let idx = domain_index(&mut body, rank);
    let v = kb.value_at(&mut body, init, &[])?;
    let v = convert(&mut body, v, rty.dtype);
    let ob = kb.bind_write(out, rty);
    body.push(
        Node::Store {
            buffer: ob,
            index: idx,
            value: v,
        },
        rty.dtype,
    );
    let (k, bindings) = kb.finish("select_and_scatter_init", rty.shape.clone(), body);
    lw.push_kernel(k, bindings);
    if ss.contains(&0) || window_dimensions.contains(&0) {
        return Ok(());
    }

    let xdt = lw.ty(x).dtype;
    let mut kb = KernelBuilder::new(lw);
    let mut body = Body::default();
    let o = domain_index(&mut body, rank);
    // Accumulators: found (i1), selected value, its position per dimension.
    let mut inits = vec![
        body.push(Node::Const(0), DType::I1),
        body.push(Node::Const(0), xdt),
    ];
    let zero = body.index_const(0);
    inits.extend(std::iter::repeat_n(zero, rank));

    let mut inner = Body::default();
    let found = inner.push(Node::Acc(0), DType::I1);
    let best = inner.push(Node::Acc(1), xdt);
    let best_pos: Vec<NodeId> = (0..rank)
        .map(|d| inner.push(Node::Acc(2 + d), DType::I64))
        .collect();
    let mut inside: Option<NodeId> = None;
    let mut clamped = Vec::with_capacity(rank);
    for d in 0..rank {
        let od = inner.push(Node::Outer(o[d]), DType::I64);
        let kd = inner.push(Node::Index(d), DType::I64);
        let stride = window_strides.get(d).copied().unwrap_or(1);
        let lo = padding.get(d).map_or(0, |p| p.0);
        let s = imul_c(&mut inner, od, stride);
        let p = ibin(&mut inner, BinaryOp::Add, s, kd);
        let p = iadd_c(&mut inner, p, -lo);
        let z = inner.index_const(0);
        let n = inner.index_const(xs[d]);
        let ge = icmp(&mut inner, CompareDirection::Ge, p, z);
        let lt = icmp(&mut inner, CompareDirection::Lt, p, n);
        let ok = and1(&mut inner, ge, lt);
        inside = Some(match inside {
            Some(c) => and1(&mut inner, c, ok),
            None => ok,
        });
        clamped.push(super::builder::iclamp(&mut inner, p, 0, xs[d] - 1));
    }
    // Rank 0: the window is the one element.
    let inside = inside.unwrap_or_else(|| inner.push(Node::Const(1), DType::I1));
    let cand = kb.value_at(&mut inner, x, &clamped)?;
    // The evaluator keeps the current pick when select(current, candidate) holds.
    let keep = single(kb.lw, op, select_region, &[best], &[cand], &mut inner)?;
    let keep = and1(&mut inner, found, keep);
    let f = inner.push(Node::Const(0), DType::I1);
    let take = select(&mut inner, keep, f, inside);
    let now_found = inner.push(
        Node::Binary {
            op: BinaryOp::Or,
            a: found,
            b: inside,
        },
        DType::I1,
    );
    let mut yields = vec![now_found, select(&mut inner, take, cand, best)];
    for d in 0..rank {
        yields.push(select(&mut inner, take, clamped[d], best_pos[d]));
    }
    inner.yields = yields;
    let red = body.push(
        Node::Reduce {
            extents: window_dimensions.to_vec(),
            inits,
            body: Box::new(inner),
        },
        DType::I1,
    );
    let pos: Vec<NodeId> = (0..rank)
        .map(|d| {
            body.push(
                Node::ReduceResult {
                    reduce: red,
                    k: 2 + d,
                },
                DType::I64,
            )
        })
        .collect();
    let ob = kb.bind_write(out, rty);
    // Read through the written binding: earlier points may have stored here.
    let cur = body.push(
        Node::Load {
            buffer: ob,
            index: pos.clone(),
        },
        rty.dtype,
    );
    let src = kb.value_at(&mut body, source, &o)?;
    let new = single(kb.lw, op, scatter_region, &[cur], &[src], &mut body)?;
    let new = convert(&mut body, new, rty.dtype);
    // A window entirely in the padding selects nothing: store the old value back.
    let v = select(&mut body, red, new, cur);
    body.push(
        Node::Store {
            buffer: ob,
            index: pos,
            value: v,
        },
        rty.dtype,
    );
    let (mut k, bindings) = kb.finish("select_and_scatter", ss, body);
    k.sequential = true;
    lw.push_kernel(k, bindings);
    Ok(())
}
