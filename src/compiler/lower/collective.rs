//! Collectives: one [`Step::Collective`] per op, over the buffers of its operands and
//! results. The process groups stay as the source wrote them (strategy and raw ids); the
//! runtime resolves them against the grid of the call. A reducer region becomes a
//! [`Combiner`]: two kernels `out = reducer(a, b)` elementwise, one over
//! [`COMBINE_CHUNK`] elements and one over a single element, whose workgroup counts
//! codegen fills in.

use super::Lowerer;
use super::kir::{Body, KBuffer, Kernel, Node};
use super::reduce::translate_reducer;
use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::{Collective, CollectiveKind, DType, GroupStrategy, Op};
use pjrtc_runtime::format::{
    self as fmt, BufRef, COMBINE_CHUNK, CollectiveOperand, Combiner, GroupMode, Step,
};

pub(crate) fn lower_collective(
    lw: &mut Lowerer,
    op: &Op,
    c: &Collective,
) -> Result<(), Diagnostic> {
    let err = |m: String| Diagnostic::at(&op.loc, format!("{}: {m}", c.op_name()));
    let kind = match c.kind {
        CollectiveKind::AllReduce => fmt::CollectiveKind::AllReduce,
        CollectiveKind::AllGather { dim } => fmt::CollectiveKind::AllGather { dim: dim as u32 },
        CollectiveKind::ReduceScatter { dim } => {
            fmt::CollectiveKind::ReduceScatter { dim: dim as u32 }
        }
        CollectiveKind::AllToAll {
            split_dimension,
            concat_dimension,
            ..
        } => fmt::CollectiveKind::AllToAll {
            split_dim: split_dimension as u32,
            concat_dim: concat_dimension as u32,
        },
        CollectiveKind::CollectivePermute => fmt::CollectiveKind::CollectivePermute,
        CollectiveKind::CollectiveBroadcast => fmt::CollectiveKind::CollectiveBroadcast,
        CollectiveKind::CollectiveReduce => fmt::CollectiveKind::CollectiveReduce,
        CollectiveKind::ReplicaId => fmt::CollectiveKind::ReplicaId,
        CollectiveKind::PartitionId => fmt::CollectiveKind::PartitionId,
        CollectiveKind::Send => fmt::CollectiveKind::Send,
        CollectiveKind::Recv => fmt::CollectiveKind::Recv,
    };
    let mode = match c.strategy() {
        Some(GroupStrategy::CrossReplica) => GroupMode::CrossReplica,
        Some(GroupStrategy::CrossPartition) => GroupMode::CrossPartition,
        Some(GroupStrategy::CrossReplicaAndPartition) => GroupMode::CrossReplicaAndPartition,
        Some(GroupStrategy::FlattenedIds) => GroupMode::FlattenedIds,
        None => {
            return Err(err(
                "use_global_device_ids needs a channel id above 0".into()
            ));
        }
    };
    let ids = c
        .groups
        .iter()
        .map(|g| {
            g.iter()
                .map(|&x| u32::try_from(x).map_err(|_| err(format!("process id {x}"))))
                .collect()
        })
        .collect::<Result<Vec<Vec<u32>>, _>>()?;
    let shape = |v| -> Vec<u64> { lw.ty(v).shape.iter().map(|&d| d as u64).collect() };
    let buffer = |v| -> Result<BufRef, Diagnostic> {
        lw.buf[lw.r(v).index()].ok_or_else(|| err("internal: a value without a buffer".into()))
    };
    let mut operands = Vec::with_capacity(op.results.len());
    if c.kind == CollectiveKind::Send {
        // The values before the token go out; the token result carries nothing.
        for &o in &op.operands[..op.operands.len().saturating_sub(1)] {
            operands.push(CollectiveOperand {
                dtype: lw.ty(o).dtype,
                in_shape: shape(o),
                out_shape: shape(o),
                input: Some(buffer(o)?),
                output: None,
            });
        }
    } else if c.kind == CollectiveKind::Recv {
        // The results before the token come in.
        for &r in &op.results[..op.results.len().saturating_sub(1)] {
            operands.push(CollectiveOperand {
                dtype: lw.ty(r).dtype,
                in_shape: shape(r),
                out_shape: shape(r),
                input: None,
                output: Some(buffer(r)?),
            });
        }
    } else if op.operands.is_empty() {
        // replica_id / partition_id: one result, no input.
        for &r in &op.results {
            operands.push(CollectiveOperand {
                dtype: lw.ty(r).dtype,
                in_shape: vec![],
                out_shape: shape(r),
                input: None,
                output: Some(buffer(r)?),
            });
        }
    } else {
        for (&o, &r) in op.operands.iter().zip(&op.results) {
            operands.push(CollectiveOperand {
                dtype: lw.ty(o).dtype,
                in_shape: shape(o),
                out_shape: shape(r),
                input: Some(buffer(o)?),
                output: Some(buffer(r)?),
            });
        }
    }
    let combiner = if c.has_reducer() {
        let dtype = lw.ty(op.operands[0]).dtype;
        Some(Combiner {
            chunk: combiner_kernel(lw, op, dtype, Some(COMBINE_CHUNK as i64))?,
            chunk_workgroups: 0,
            point: combiner_kernel(lw, op, dtype, None)?,
            point_workgroups: 0,
        })
    } else {
        None
    };
    lw.steps.push(Step::Collective(fmt::Collective {
        kind,
        mode,
        ids,
        channel: c.channel_id.max(0),
        operands,
        combiner,
    }));
    Ok(())
}

/// `out[i] = reducer(a[i], b[i])` over `len` elements (`None`: 0-d bindings).
fn combiner_kernel(
    lw: &mut Lowerer,
    op: &Op,
    dtype: DType,
    len: Option<i64>,
) -> Result<u32, Diagnostic> {
    let shape: Vec<i64> = len.into_iter().collect();
    let mut body = Body::default();
    let index: Vec<_> = if len.is_some() {
        vec![body.push(Node::Index(0), DType::I64)]
    } else {
        vec![]
    };
    let mut buffers = Vec::with_capacity(3);
    let mut elems = Vec::with_capacity(2);
    for buffer in 0..2 {
        buffers.push(KBuffer {
            dtype,
            shape: shape.clone(),
            writable: false,
        });
        elems.push(body.push(
            Node::Load {
                buffer,
                index: index.clone(),
            },
            dtype,
        ));
    }
    let yields = translate_reducer(lw, op, &op.regions[0], &[], &elems, &mut body)?;
    let [value] = yields[..] else {
        return Err(Diagnostic::at(&op.loc, "the reducer must yield one value"));
    };
    if body.ty(value) != dtype {
        return Err(Diagnostic::at(
            &op.loc,
            format!("the reducer must yield a {dtype}"),
        ));
    }
    buffers.push(KBuffer {
        dtype,
        shape: shape.clone(),
        writable: true,
    });
    body.push(
        Node::Store {
            buffer: 2,
            index,
            value,
        },
        dtype,
    );
    Ok(lw.add_kernel(Kernel {
        name: if len.is_some() {
            "combine_chunk".into()
        } else {
            "combine_point".into()
        },
        buffers,
        domain: shape,
        body,
        sequential: false,
        limits: Vec::new(),
    }))
}
