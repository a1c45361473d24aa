//! Schema of the step for programs that run on several devices: the [`Collective`] step
//! (tag 11).
//!
//! A collective names its process groups the way StableHLO does (a strategy and the raw
//! `replica_groups` / `source_target_pairs` ids); the runtime resolves them against the
//! process grid of the call, so an artifact does not depend on how many devices run it.

use super::BufRef;
use crate::DType;

/// Elements of each run a [`Combiner`]'s chunk kernel combines in one call.
pub const COMBINE_CHUNK: u64 = 1024;

/// One collective operation (or device query) among the processes running the artifact.
#[derive(Clone, Debug, PartialEq)]
pub struct Collective {
    pub kind: CollectiveKind,
    /// How the process grid splits into groups; `ids` are replica, partition or flattened
    /// ids as `mode` says. Empty `ids`: one group of every id. For a permute, each inner
    /// list is a `[source, target]` pair.
    pub mode: GroupMode,
    pub ids: Vec<Vec<u32>>,
    /// `channel_handle` (0 when absent); send/recv match on it.
    pub channel: i64,
    pub operands: Vec<CollectiveOperand>,
    /// The reduction of `all_reduce`, `reduce_scatter` and `collective_reduce`.
    pub combiner: Option<Combiner>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CollectiveKind {
    AllReduce,
    /// Concatenates the group's operands along `dim`.
    AllGather {
        dim: u32,
    },
    /// Reduces, then member k keeps block k along `dim`.
    ReduceScatter {
        dim: u32,
    },
    /// Splits along `split_dim` into one part per member, part k to member k, the parts
    /// received concatenated along `concat_dim` in member order.
    AllToAll {
        split_dim: u32,
        concat_dim: u32,
    },
    /// Every target receives its source's operand; processes no pair targets get zeros.
    CollectivePermute,
    /// Every member receives the first member's operand; processes in no group get zeros.
    CollectiveBroadcast,
    /// The first member receives the reduction, every other process zeros.
    CollectiveReduce,
    /// Writes the process's replica id (ui32) to the output.
    ReplicaId,
    /// Writes the process's partition id (ui32) to the output.
    PartitionId,
    /// Puts the operands on channel `channel`.
    Send,
    /// Takes the next value sent on channel `channel` into the outputs.
    Recv,
}

/// StableHLO's process-group strategies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupMode {
    CrossReplica,
    CrossPartition,
    CrossReplicaAndPartition,
    FlattenedIds,
}

/// One operand of a collective: its input (absent for `recv` and the id queries) and
/// output (absent for `send`), dense row-major tensors of `dtype`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CollectiveOperand {
    pub dtype: DType,
    pub in_shape: Vec<u64>,
    pub out_shape: Vec<u64>,
    pub input: Option<BufRef>,
    pub output: Option<BufRef>,
}

/// A reduction body as two kernels with bindings `(a, b, out)`, `out = body(a, b)`
/// elementwise: `chunk` over [`COMBINE_CHUNK`] contiguous elements, `point` over one. The
/// runtime points the bindings at the runs it combines; `out` never overlaps `a` or `b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Combiner {
    pub chunk: u32,
    pub chunk_workgroups: u64,
    pub point: u32,
    pub point_workgroups: u64,
}

impl Collective {
    /// The op's name in messages.
    pub fn name(&self) -> &'static str {
        match self.kind {
            CollectiveKind::AllReduce => "all_reduce",
            CollectiveKind::AllGather { .. } => "all_gather",
            CollectiveKind::ReduceScatter { .. } => "reduce_scatter",
            CollectiveKind::AllToAll { .. } => "all_to_all",
            CollectiveKind::CollectivePermute => "collective_permute",
            CollectiveKind::CollectiveBroadcast => "collective_broadcast",
            CollectiveKind::CollectiveReduce => "collective_reduce",
            CollectiveKind::ReplicaId => "replica_id",
            CollectiveKind::PartitionId => "partition_id",
            CollectiveKind::Send => "send",
            CollectiveKind::Recv => "recv",
        }
    }

    /// Whether the op needs a combiner.
    pub fn reduces(&self) -> bool {
        matches!(
            self.kind,
            CollectiveKind::AllReduce
                | CollectiveKind::ReduceScatter { .. }
                | CollectiveKind::CollectiveReduce
        )
    }
}

// ---- encoding ----

const KIND_ALL_REDUCE: u8 = 0;
const KIND_ALL_GATHER: u8 = 1;
const KIND_REDUCE_SCATTER: u8 = 2;
const KIND_ALL_TO_ALL: u8 = 3;
const KIND_PERMUTE: u8 = 4;
const KIND_BROADCAST: u8 = 5;
const KIND_COLLECTIVE_REDUCE: u8 = 6;
const KIND_REPLICA_ID: u8 = 7;
const KIND_PARTITION_ID: u8 = 8;
const KIND_SEND: u8 = 9;
const KIND_RECV: u8 = 10;

/// Group and id counts above this are malformed (a grid has at most this many processes).
pub const MAX_PROCESSES: u32 = 1 << 16;

impl super::write::Enc {
    pub(super) fn collective(&mut self, c: &Collective) {
        let (tag, a, b) = match c.kind {
            CollectiveKind::AllReduce => (KIND_ALL_REDUCE, 0, 0),
            CollectiveKind::AllGather { dim } => (KIND_ALL_GATHER, dim, 0),
            CollectiveKind::ReduceScatter { dim } => (KIND_REDUCE_SCATTER, dim, 0),
            CollectiveKind::AllToAll {
                split_dim,
                concat_dim,
            } => (KIND_ALL_TO_ALL, split_dim, concat_dim),
            CollectiveKind::CollectivePermute => (KIND_PERMUTE, 0, 0),
            CollectiveKind::CollectiveBroadcast => (KIND_BROADCAST, 0, 0),
            CollectiveKind::CollectiveReduce => (KIND_COLLECTIVE_REDUCE, 0, 0),
            CollectiveKind::ReplicaId => (KIND_REPLICA_ID, 0, 0),
            CollectiveKind::PartitionId => (KIND_PARTITION_ID, 0, 0),
            CollectiveKind::Send => (KIND_SEND, 0, 0),
            CollectiveKind::Recv => (KIND_RECV, 0, 0),
        };
        self.u8(tag);
        self.u32(a);
        self.u32(b);
        self.u8(match c.mode {
            GroupMode::CrossReplica => 0,
            GroupMode::CrossPartition => 1,
            GroupMode::CrossReplicaAndPartition => 2,
            GroupMode::FlattenedIds => 3,
        });
        self.count(c.ids.len());
        for g in &c.ids {
            self.count(g.len());
            for &id in g {
                self.u32(id);
            }
        }
        self.i64(c.channel);
        self.count(c.operands.len());
        for o in &c.operands {
            self.u8(o.dtype.code());
            for shape in [&o.in_shape, &o.out_shape] {
                self.count(shape.len());
                for &d in shape {
                    self.u64(d);
                }
            }
            for b in [&o.input, &o.output] {
                match b {
                    Some(b) => {
                        self.u8(1);
                        self.buf(b);
                    }
                    None => self.u8(0),
                }
            }
        }
        match &c.combiner {
            Some(k) => {
                self.u8(1);
                self.u32(k.chunk);
                self.u64(k.chunk_workgroups);
                self.u32(k.point);
                self.u64(k.point_workgroups);
            }
            None => self.u8(0),
        }
    }
}

// ---- decoding ----

use super::read::{R, Result as FResult, StepCtx, aligned, overlap, writable};
use crate::tensor::byte_size;

impl R<'_> {
    pub(super) fn collective(&mut self) -> FResult<Collective> {
        let at = self.pos;
        let tag = self.u8("collective kind")?;
        let a = self.u32("collective")?;
        let b = self.u32("collective")?;
        let kind = match tag {
            KIND_ALL_REDUCE => CollectiveKind::AllReduce,
            KIND_ALL_GATHER => CollectiveKind::AllGather { dim: a },
            KIND_REDUCE_SCATTER => CollectiveKind::ReduceScatter { dim: a },
            KIND_ALL_TO_ALL => CollectiveKind::AllToAll {
                split_dim: a,
                concat_dim: b,
            },
            KIND_PERMUTE => CollectiveKind::CollectivePermute,
            KIND_BROADCAST => CollectiveKind::CollectiveBroadcast,
            KIND_COLLECTIVE_REDUCE => CollectiveKind::CollectiveReduce,
            KIND_REPLICA_ID => CollectiveKind::ReplicaId,
            KIND_PARTITION_ID => CollectiveKind::PartitionId,
            KIND_SEND => CollectiveKind::Send,
            KIND_RECV => CollectiveKind::Recv,
            t => return Err(self.err_at(at, format!("invalid collective kind {t}"))),
        };
        let at = self.pos;
        let mode = match self.u8("collective group mode")? {
            0 => GroupMode::CrossReplica,
            1 => GroupMode::CrossPartition,
            2 => GroupMode::CrossReplicaAndPartition,
            3 => GroupMode::FlattenedIds,
            m => return Err(self.err_at(at, format!("invalid collective group mode {m}"))),
        };
        let ng = self.count(4, "collective groups")?;
        let mut ids = Vec::with_capacity(ng);
        for _ in 0..ng {
            let n = self.count(4, "collective group")?;
            let mut g = Vec::with_capacity(n);
            for _ in 0..n {
                g.push(self.u32("collective group id")?);
            }
            ids.push(g);
        }
        let channel = self.i64("collective channel")?;
        let no = self.count(1 + 4 + 4 + 2, "collective operands")?;
        let mut operands = Vec::with_capacity(no);
        for _ in 0..no {
            let dtype = self.dtype("collective operand dtype")?;
            let mut shapes = [Vec::new(), Vec::new()];
            for shape in &mut shapes {
                let rank = self.count(8, "collective operand rank")?;
                for _ in 0..rank {
                    shape.push(self.u64("collective operand shape")?);
                }
            }
            let mut bufs = [None, None];
            for buf in &mut bufs {
                let at = self.pos;
                *buf = match self.u8("collective buffer flag")? {
                    0 => None,
                    1 => Some(self.bufref("collective buffer")?),
                    f => {
                        return Err(self.err_at(at, format!("collective buffer flag {f}")));
                    }
                };
            }
            let [in_shape, out_shape] = shapes;
            let [input, output] = bufs;
            operands.push(CollectiveOperand {
                dtype,
                in_shape,
                out_shape,
                input,
                output,
            });
        }
        let at = self.pos;
        let combiner = match self.u8("collective combiner flag")? {
            0 => None,
            1 => Some(Combiner {
                chunk: self.u32("combiner")?,
                chunk_workgroups: self.u64("combiner")?,
                point: self.u32("combiner")?,
                point_workgroups: self.u64("combiner")?,
            }),
            f => return Err(self.err_at(at, format!("collective combiner flag {f}"))),
        };
        Ok(Collective {
            kind,
            mode,
            ids,
            channel,
            operands,
            combiner,
        })
    }
}

/// Checks a decoded collective against the artifact's regions and kernels.
pub(super) fn check_collective(c: &Collective, cx: &StepCtx) -> Result<(), String> {
    let name = c.name();
    let n_ids: usize = c.ids.iter().map(Vec::len).sum();
    if c.ids.len() > MAX_PROCESSES as usize || n_ids > MAX_PROCESSES as usize {
        return Err(format!("{name}: too many process ids"));
    }
    if let Some(id) = c.ids.iter().flatten().find(|&&i| i >= MAX_PROCESSES) {
        return Err(format!("{name}: process id {id} out of range"));
    }
    if c.kind == CollectiveKind::CollectivePermute && c.ids.iter().any(|p| p.len() != 2) {
        return Err(format!("{name}: source_target_pairs are not pairs"));
    }
    if c.ids.iter().any(Vec::is_empty) {
        return Err(format!("{name}: an empty process group"));
    }
    let (need_in, need_out) = match c.kind {
        CollectiveKind::ReplicaId | CollectiveKind::PartitionId | CollectiveKind::Recv => {
            (false, true)
        }
        CollectiveKind::Send => (true, false),
        _ => (true, true),
    };
    if matches!(
        c.kind,
        CollectiveKind::ReplicaId | CollectiveKind::PartitionId
    ) {
        let ok = matches!(c.operands.as_slice(), [o] if o.out_shape.is_empty()
            && matches!(o.dtype, DType::U32 | DType::I32));
        if !ok {
            return Err(format!("{name} must write one 32-bit integer scalar"));
        }
    }
    for (i, o) in c.operands.iter().enumerate() {
        let what = format!("{name} operand {i}");
        if o.input.is_some() != need_in || o.output.is_some() != need_out {
            return Err(format!("{what}: wrong buffers for the op"));
        }
        for (b, shape, io) in [
            (&o.input, &o.in_shape, "input"),
            (&o.output, &o.out_shape, "output"),
        ] {
            let Some(b) = b else { continue };
            let what = format!("{what} {io}");
            cx.regions.check(b, &what)?;
            aligned(b, o.dtype, &what)?;
            let need = byte_size(o.dtype, shape)
                .ok_or_else(|| format!("{what}: shape {shape:?} is too large"))?;
            if b.size != need as u64 {
                return Err(format!(
                    "{what} has {} bytes, {}{shape:?} needs {need}",
                    b.size, o.dtype
                ));
            }
        }
        if let Some(out) = &o.output {
            writable(out, &format!("{what} output"))?;
        }
        check_shapes(c, o).map_err(|m| format!("{what}: {m}"))?;
    }
    // Outputs are written while the group still reads every input.
    for (i, o) in c.operands.iter().enumerate() {
        let Some(out) = &o.output else { continue };
        for (j, p) in c.operands.iter().enumerate() {
            if p.input.as_ref().is_some_and(|b| overlap(out, b))
                || (i != j && p.output.as_ref().is_some_and(|b| overlap(out, b)))
            {
                return Err(format!("{name} output {i} overlaps operand {j}"));
            }
        }
    }
    match (&c.combiner, c.reduces()) {
        (None, false) => {}
        (Some(k), true) => {
            for kernel in [k.chunk, k.point] {
                if kernel as usize >= cx.kernels {
                    return Err(format!(
                        "{name}: combiner kernel {kernel} out of range ({} kernels)",
                        cx.kernels
                    ));
                }
            }
            if let Some(o) = c.operands.iter().find(|o| o.dtype != c.operands[0].dtype) {
                return Err(format!(
                    "{name}: operands of {} and {} share one combiner",
                    c.operands[0].dtype, o.dtype
                ));
            }
        }
        (None, true) => return Err(format!("{name} without a combiner")),
        (Some(_), false) => return Err(format!("{name} with a combiner")),
    }
    Ok(())
}

/// Shape relations that do not depend on the group size (the runtime checks the rest).
fn check_shapes(c: &Collective, o: &CollectiveOperand) -> Result<(), String> {
    let (i, out) = (&o.in_shape, &o.out_shape);
    let same_but = |dim: u32| -> Result<usize, String> {
        let d = dim as usize;
        if d >= i.len() || i.len() != out.len() {
            return Err(format!("dimension {dim} of shapes {i:?} -> {out:?}"));
        }
        if (0..i.len()).any(|k| k != d && i[k] != out[k]) {
            return Err(format!(
                "shapes {i:?} -> {out:?} differ off dimension {dim}"
            ));
        }
        Ok(d)
    };
    match c.kind {
        CollectiveKind::AllReduce
        | CollectiveKind::CollectivePermute
        | CollectiveKind::CollectiveBroadcast
        | CollectiveKind::CollectiveReduce => {
            if i != out {
                return Err(format!("shapes {i:?} -> {out:?} differ"));
            }
        }
        CollectiveKind::AllGather { dim } => {
            let d = same_but(dim)?;
            if i[d] == 0 && out[d] != 0 || i[d] != 0 && out[d] % i[d] != 0 {
                return Err(format!("gathers {} into {}", i[d], out[d]));
            }
        }
        CollectiveKind::ReduceScatter { dim } => {
            let d = same_but(dim)?;
            if out[d] == 0 && i[d] != 0 || out[d] != 0 && i[d] % out[d] != 0 {
                return Err(format!("scatters {} into blocks of {}", i[d], out[d]));
            }
        }
        CollectiveKind::AllToAll {
            split_dim,
            concat_dim,
        } => {
            let n = i.len();
            if out.len() != n || split_dim as usize >= n || concat_dim as usize >= n {
                return Err(format!(
                    "dimensions {split_dim}, {concat_dim} of shapes {i:?} -> {out:?}"
                ));
            }
            let count = |s: &[u64]| s.iter().try_fold(1u64, |a, &d| a.checked_mul(d));
            if count(i) != count(out) {
                return Err(format!("shapes {i:?} -> {out:?} differ in size"));
            }
        }
        CollectiveKind::ReplicaId | CollectiveKind::PartitionId => {}
        CollectiveKind::Send => {}
        CollectiveKind::Recv => {}
    }
    Ok(())
}
