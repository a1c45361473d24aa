//! `gather` (an expression: each result element loads one operand element) and `scatter`
//! (a copy of the operands, then a [`Kernel::sequential`](super::kir::Kernel) kernel
//! combining the updates in row-major order).

use super::Lowerer;
use super::builder::{KernelBuilder, and1, domain_index, ibin, iclamp, icmp, select};
use super::elementwise::convert;
use super::inplace::write_base;
use super::kir::{Body, Node, NodeId};
use super::reduce::translate_reducer;
use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::{
    BinaryOp, CompareDirection, DType, GatherAttrs, Op, ScatterAttrs, ValueId,
};

/// An index element as I64. A u64 above `i64::MAX` saturates instead of wrapping negative,
/// so clamping and bounds checks see it as the huge value it is.
fn index_i64(body: &mut Body, x: NodeId) -> NodeId {
    let x = if body.ty(x) == DType::U64 {
        let m = body.const_int(DType::U64, i64::MAX);
        body.push(
            Node::Binary {
                op: BinaryOp::Min,
                a: x,
                b: m,
            },
            DType::U64,
        )
    } else {
        x
    };
    convert(body, x, DType::I64)
}

/// Where the start indices of batch position `batch` live: the index of the indices
/// tensor with the index vector dimension (if it is a real dimension) left for `k`.
struct StartIndices {
    value: ValueId,
    at: Vec<NodeId>,
    /// Position of the index vector dimension in `at`, if the tensor has it.
    ivd: Option<usize>,
}

impl StartIndices {
    fn new(
        kb: &KernelBuilder,
        body: &mut Body,
        value: ValueId,
        batch: &[NodeId],
        ivd: i64,
    ) -> Self {
        let rank = kb.lw.ty(value).rank();
        let ivd = ivd as usize;
        let mut at = batch.to_vec();
        let ivd = (ivd < rank).then(|| {
            at.insert(ivd, body.index_const(0));
            ivd
        });
        StartIndices { value, at, ivd }
    }

    /// Component `k` of the index vector, as I64.
    fn get(&self, kb: &mut KernelBuilder, body: &mut Body, k: usize) -> Result<NodeId, Diagnostic> {
        let mut at = self.at.clone();
        if let Some(d) = self.ivd {
            at[d] = body.index_const(k as i64);
        }
        let x = kb.value_at(body, self.value, &at)?;
        Ok(index_i64(body, x))
    }
}

/// Batch dimension `sd` of the indices tensor as a position in the batch index (which
/// leaves out the index vector dimension).
fn batch_pos(sd: i64, ivd: i64) -> usize {
    if sd < ivd {
        sd as usize
    } else {
        sd as usize - 1
    }
}

fn contains(v: &[i64], d: usize) -> bool {
    v.contains(&(d as i64))
}

impl KernelBuilder<'_, '_> {
    /// Element `idx` of the result of gather `op`. Start indices are clamped so the slice
    /// stays inside the operand, so every load is in bounds.
    pub(crate) fn gather(
        &mut self,
        body: &mut Body,
        op: &Op,
        g: &GatherAttrs,
        idx: &[NodeId],
    ) -> Result<NodeId, Diagnostic> {
        let xs = self.lw.ty(op.operands[0]).shape.clone();
        let batch: Vec<NodeId> = (0..idx.len())
            .filter(|&d| !contains(&g.offset_dims, d))
            .map(|d| idx[d])
            .collect();
        let starts = StartIndices::new(self, body, op.operands[1], &batch, g.index_vector_dim);
        let mut at: Vec<NodeId> = (0..xs.len()).map(|_| body.index_const(0)).collect();
        for (k, &d) in g.start_index_map.iter().enumerate() {
            let d = d as usize;
            let s = starts.get(self, body, k)?;
            at[d] = iclamp(body, s, 0, (xs[d] - g.slice_sizes[d]).max(0));
        }
        for (&od, &sd) in g
            .operand_batching_dims
            .iter()
            .zip(&g.start_indices_batching_dims)
        {
            at[od as usize] = batch[batch_pos(sd, g.index_vector_dim)];
        }
        let offset_operand_dims = (0..xs.len())
            .filter(|&d| !contains(&g.collapsed_slice_dims, d))
            .filter(|&d| !contains(&g.operand_batching_dims, d));
        for (&d, od) in g.offset_dims.iter().zip(offset_operand_dims) {
            at[od] = ibin(body, BinaryOp::Add, at[od], idx[d as usize]);
        }
        self.value_at(body, op.operands[0], &at)
    }
}

/// `scatter`: each result starts as a copy of its input; then one sequential kernel walks
/// the update points in row-major order (the spec leaves the order of colliding updates
/// to the implementation; this is the reference interpreter's), combines each with the current result element through the update computation
/// and stores it back. Updates whose full index falls outside the result are skipped:
/// the index is clamped for the load and store, and the old value is stored.
pub(crate) fn lower_scatter(lw: &mut Lowerer, op: &Op, s: &ScatterAttrs) -> Result<(), Diagnostic> {
    let n = op.operands.len() / 2;
    let (inputs, indices, updates) = (&op.operands[..n], op.operands[n], &op.operands[n + 1..]);
    let region = op
        .regions
        .first()
        .ok_or_else(|| Diagnostic::at(&op.loc, "scatter without an update computation"))?;
    // Results updated in place: the kernel must not read what it writes but through
    // the written binding, so indices and updates reading those buffers are staged.
    let mut staged = Vec::new();
    for (&x, &r) in inputs.iter().zip(&op.results) {
        let dst = lw.buf[r.index()].expect("scatter results are materialized");
        if lw.buf[lw.r(x).index()] == Some(dst) {
            let reads: Vec<ValueId> = std::iter::once(indices)
                .chain(updates.iter().copied())
                .collect();
            staged.extend(lw.stage(&reads, dst)?);
        }
    }
    for k in 0..n {
        write_base(lw, op, k)?;
    }
    let result = scatter_kernel(lw, op, s, region);
    lw.unstage(&staged);
    result
}

/// The sequential kernel of [`lower_scatter`], over the results already holding the inputs.
fn scatter_kernel(
    lw: &mut Lowerer,
    op: &Op,
    s: &ScatterAttrs,
    region: &crate::compiler::ir::Region,
) -> Result<(), Diagnostic> {
    let n = op.operands.len() / 2;
    let (indices, updates) = (op.operands[n], &op.operands[n + 1..]);
    let xs = lw.ty(op.results[0]).shape.clone();
    let us = lw.ty(updates[0]).shape.clone();
    if xs.contains(&0) || us.contains(&0) {
        return Ok(());
    }

    let mut kb = KernelBuilder::new(lw);
    let mut body = Body::default();
    let u = domain_index(&mut body, us.len());
    let scatter_index: Vec<NodeId> = (0..us.len())
        .filter(|&d| !contains(&s.update_window_dims, d))
        .map(|d| u[d])
        .collect();
    let starts = StartIndices::new(&kb, &mut body, indices, &scatter_index, s.index_vector_dim);
    let mut at: Vec<NodeId> = (0..xs.len()).map(|_| body.index_const(0)).collect();
    // Per operand dimension: the exclusive bound of its index when it is one coordinate
    // of a window or batch dimension no longer than the operand's (always in range: no
    // check, no clamp, so a row of the window stays a contiguous row of lanes), or None.
    let mut bound: Vec<Option<i64>> = vec![Some(1); xs.len()];
    let mut terms = vec![0usize; xs.len()];
    for (k, &d) in s.scatter_dims_to_operand_dims.iter().enumerate() {
        let d = d as usize;
        let v = starts.get(&mut kb, &mut body, k)?;
        bound[d] = None;
        terms[d] += 1;
        at[d] = ibin(&mut body, BinaryOp::Add, at[d], v);
    }
    for (&od, &sd) in s
        .input_batching_dims
        .iter()
        .zip(&s.scatter_indices_batching_dims)
    {
        let od = od as usize;
        let pos = batch_pos(sd, s.index_vector_dim);
        let b = scatter_index[pos];
        at[od] = ibin(&mut body, BinaryOp::Add, at[od], b);
        let extent = kb.lw.ty(indices).shape.get(sd as usize).copied();
        bound[od] = extent.filter(|_| terms[od] == 0);
        terms[od] += 1;
    }
    let window_operand_dims = (0..xs.len())
        .filter(|&d| !contains(&s.inserted_window_dims, d))
        .filter(|&d| !contains(&s.input_batching_dims, d));
    for (&d, od) in s.update_window_dims.iter().zip(window_operand_dims) {
        at[od] = if terms[od] == 0 {
            u[d as usize]
        } else {
            ibin(&mut body, BinaryOp::Add, at[od], u[d as usize])
        };
        bound[od] = Some(us[d as usize]).filter(|_| terms[od] == 0);
        terms[od] += 1;
    }
    let mut inside: Option<NodeId> = None;
    let mut clamped = Vec::with_capacity(xs.len());
    for (d, &a) in at.iter().enumerate() {
        if bound[d].is_some_and(|b| b <= xs[d]) {
            clamped.push(a);
            continue;
        }
        let zero = body.index_const(0);
        let size = body.index_const(xs[d]);
        let ge = icmp(&mut body, CompareDirection::Ge, a, zero);
        let lt = icmp(&mut body, CompareDirection::Lt, a, size);
        let ok = and1(&mut body, ge, lt);
        inside = Some(match inside {
            Some(c) => and1(&mut body, c, ok),
            None => ok,
        });
        clamped.push(iclamp(&mut body, a, 0, xs[d] - 1));
    }
    let mut outs = Vec::with_capacity(n);
    let mut current = Vec::with_capacity(n);
    for &r in &op.results {
        let ty = kb.lw.ty(r);
        let b = kb.lw.buf[r.index()].expect("scatter results are materialized");
        let buffer = kb.bind_write(b, ty);
        // Read through the written binding: earlier points may have stored here.
        current.push(body.push(
            Node::Load {
                buffer,
                index: clamped.clone(),
            },
            ty.dtype,
        ));
        outs.push(buffer);
    }
    let mut upd = Vec::with_capacity(n);
    for &v in updates {
        upd.push(kb.value_at(&mut body, v, &u)?);
    }
    let new = translate_reducer(kb.lw, op, region, &current, &upd, &mut body)?;
    if new.len() != n {
        return Err(Diagnostic::at(
            &region.yield_loc,
            "scatter update computation must yield one value per input",
        ));
    }
    for ((&cur, &val), &buffer) in current.iter().zip(&new).zip(&outs) {
        let dt = body.ty(cur);
        let v = convert(&mut body, val, dt);
        let v = match inside {
            Some(c) => select(&mut body, c, v, cur),
            None => v,
        };
        body.push(
            Node::Store {
                buffer,
                index: clamped.clone(),
                value: v,
            },
            dt,
        );
    }
    let (mut k, bindings) = kb.finish("scatter", us, body);
    k.sequential = true;
    lw.push_kernel(k, bindings);
    Ok(())
}
