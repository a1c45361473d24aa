//! Attributes of the ops that communicate between the processes of StableHLO's process
//! grid (`all_reduce`, `all_gather`, ...) or ask where they run (`replica_id`,
//! `partition_id`): one [`Collective`] under [`super::Opcode::Collective`].

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CollectiveKind {
    /// `(operands...)`, region 0 the reducer.
    AllReduce,
    AllGather {
        dim: i64,
    },
    /// Region 0 the reducer.
    ReduceScatter {
        dim: i64,
    },
    AllToAll {
        split_dimension: i64,
        concat_dimension: i64,
        split_count: i64,
    },
    /// `groups` are the `source_target_pairs`.
    CollectivePermute,
    CollectiveBroadcast,
    /// Region 0 the reducer; the first process of each group gets the result.
    CollectiveReduce,
    /// No operands; a `ui32` scalar.
    ReplicaId,
    PartitionId,
    /// `(values..., token) -> token`: queues the values on the channel.
    Send,
    /// `(token) -> (values..., token)`: takes the oldest values sent on the channel.
    Recv,
}

/// A collective's kind and how it splits the process grid into groups.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Collective {
    pub kind: CollectiveKind,
    /// `replica_groups` rows (the `-1` padding of ragged groups dropped), or
    /// `source_target_pairs` for a permute (empty: absent).
    pub groups: Vec<Vec<i64>>,
    /// `channel_handle.handle` (0 when absent).
    pub channel_id: i64,
    pub use_global_device_ids: bool,
}

/// How a collective's ids name processes (the spec's process-group strategies).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GroupStrategy {
    CrossReplica,
    CrossPartition,
    CrossReplicaAndPartition,
    FlattenedIds,
}

impl Collective {
    pub fn new(kind: CollectiveKind) -> Collective {
        Collective {
            kind,
            groups: Vec::new(),
            channel_id: 0,
            use_global_device_ids: false,
        }
    }

    /// The StableHLO op name without dialect (`all_reduce`).
    pub fn op_name(&self) -> &'static str {
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

    /// Whether region 0 is a reducer.
    pub fn has_reducer(&self) -> bool {
        matches!(
            self.kind,
            CollectiveKind::AllReduce
                | CollectiveKind::ReduceScatter { .. }
                | CollectiveKind::CollectiveReduce
        )
    }

    /// The strategy the spec derives from `channel_id` and `use_global_device_ids` for
    /// this op (`None`: the combination is invalid).
    pub fn strategy(&self) -> Option<GroupStrategy> {
        use GroupStrategy as S;
        let channel = self.channel_id > 0;
        match self.kind {
            CollectiveKind::AllReduce
            | CollectiveKind::AllGather { .. }
            | CollectiveKind::ReduceScatter { .. }
            | CollectiveKind::CollectiveReduce => match (channel, self.use_global_device_ids) {
                (false, false) => Some(S::CrossReplica),
                (true, false) => Some(S::CrossReplicaAndPartition),
                (true, true) => Some(S::FlattenedIds),
                (false, true) => None,
            },
            CollectiveKind::AllToAll { .. }
            | CollectiveKind::CollectivePermute
            | CollectiveKind::CollectiveBroadcast => Some(if channel {
                S::CrossPartition
            } else {
                S::CrossReplica
            }),
            // No groups: a device's own id, or a channel between two devices.
            CollectiveKind::ReplicaId
            | CollectiveKind::PartitionId
            | CollectiveKind::Send
            | CollectiveKind::Recv => Some(S::CrossReplica),
        }
    }
}
