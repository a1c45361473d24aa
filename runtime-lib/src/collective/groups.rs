//! StableHLO's process grid and the strategies that split it into process groups
//! (spec, "Collective ops"): processes are numbered by their flattened id
//! `replica * partitions + partition`.

use crate::format::GroupMode;

/// `num_replicas` x `num_partitions` processes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    pub replicas: u32,
    pub partitions: u32,
}

impl Grid {
    pub fn single() -> Grid {
        Grid {
            replicas: 1,
            partitions: 1,
        }
    }

    pub fn processes(&self) -> u32 {
        self.replicas * self.partitions
    }

    pub fn flat(&self, replica: u32, partition: u32) -> u32 {
        replica * self.partitions + partition
    }

    pub fn coords(&self, flat: u32) -> (u32, u32) {
        (flat / self.partitions, flat % self.partitions)
    }
}

/// The process groups `ids` stand for under `mode` (the spec's `cross_replica`,
/// `cross_partition`, `cross_replica_and_partition` and `flattened_ids`), as flattened ids.
/// Empty `ids` means one group of every id. Ids must be in range and unique.
pub fn process_groups(
    mode: GroupMode,
    ids: &[Vec<u32>],
    grid: Grid,
) -> Result<Vec<Vec<u32>>, String> {
    let space = match mode {
        GroupMode::CrossReplica | GroupMode::CrossReplicaAndPartition => grid.replicas,
        GroupMode::CrossPartition => grid.partitions,
        GroupMode::FlattenedIds => grid.processes(),
    };
    let all;
    let ids = if ids.is_empty() {
        all = vec![(0..space).collect::<Vec<u32>>()];
        &all[..]
    } else {
        ids
    };
    unique_in_range(ids.iter().flatten().copied(), space, mode)?;
    let mut out = Vec::new();
    match mode {
        GroupMode::CrossReplica => {
            for g in ids {
                for p in 0..grid.partitions {
                    out.push(g.iter().map(|&r| grid.flat(r, p)).collect());
                }
            }
        }
        GroupMode::CrossPartition => {
            for g in ids {
                for r in 0..grid.replicas {
                    out.push(g.iter().map(|&p| grid.flat(r, p)).collect());
                }
            }
        }
        GroupMode::CrossReplicaAndPartition => {
            for g in ids {
                let mut group = Vec::with_capacity(g.len() * grid.partitions as usize);
                for p in 0..grid.partitions {
                    group.extend(g.iter().map(|&r| grid.flat(r, p)));
                }
                out.push(group);
            }
        }
        GroupMode::FlattenedIds => out = ids.to_vec(),
    }
    Ok(out)
}

fn unique_in_range(
    ids: impl Iterator<Item = u32>,
    space: u32,
    mode: GroupMode,
) -> Result<(), String> {
    let what = match mode {
        GroupMode::CrossReplica | GroupMode::CrossReplicaAndPartition => "replica",
        GroupMode::CrossPartition => "partition",
        GroupMode::FlattenedIds => "device",
    };
    let mut seen = vec![false; space as usize];
    for id in ids {
        match seen.get_mut(id as usize) {
            None => {
                return Err(format!(
                    "{what} id {id} in the process groups is out of range ({space} {what}s)"
                ));
            }
            Some(true) => {
                return Err(format!(
                    "{what} id {id} appears twice in the process groups"
                ));
            }
            Some(s) => *s = true,
        }
    }
    Ok(())
}

/// The group holding process `me`, with `me`'s position in it.
pub fn find(groups: &[Vec<u32>], me: u32) -> Option<(&[u32], usize)> {
    groups
        .iter()
        .find_map(|g| g.iter().position(|&x| x == me).map(|i| (g.as_slice(), i)))
}

/// The devices of a permute's process group and its `(source, target)` pairs, both as
/// flattened ids.
pub type PermuteGroups = (Vec<u32>, Vec<(u32, u32)>);

/// The processes that take part in a `collective_permute` with process `me` (the spec
/// splits the grid by `cross_replica` or `cross_partition` of the pairs: every replica of
/// `me`'s partition, or every partition of its replica), and the (source, target) pairs
/// as flattened ids among them.
pub fn permute_groups(
    mode: GroupMode,
    pairs: &[Vec<u32>],
    grid: Grid,
    me: u32,
) -> Result<PermuteGroups, String> {
    let (r, p) = grid.coords(me);
    let (space, what) = match mode {
        GroupMode::CrossReplica => (grid.replicas, "replica"),
        GroupMode::CrossPartition => (grid.partitions, "partition"),
        m => {
            return Err(format!(
                "collective_permute cannot use process groups {m:?}"
            ));
        }
    };
    let flat = |id: u32| match mode {
        GroupMode::CrossReplica => grid.flat(id, p),
        _ => grid.flat(r, id),
    };
    let mut sources = vec![false; space as usize];
    let mut targets = vec![false; space as usize];
    let mut out = Vec::with_capacity(pairs.len());
    for pair in pairs {
        let (s, t) = (pair[0], pair[1]);
        for (id, seen, role) in [(s, &mut sources, "source"), (t, &mut targets, "target")] {
            match seen.get_mut(id as usize) {
                None => {
                    return Err(format!(
                        "collective_permute {role} {what} {id} is out of range ({space} {what}s)"
                    ));
                }
                Some(true) => {
                    return Err(format!(
                        "collective_permute {role} {what} {id} appears in two pairs"
                    ));
                }
                Some(x) => *x = true,
            }
        }
        out.push((flat(s), flat(t)));
    }
    let members = (0..space).map(flat).collect();
    Ok((members, out))
}

#[cfg(test)]
mod tests {
    use super::*;

    const G24: Grid = Grid {
        replicas: 4,
        partitions: 2,
    };

    #[test]
    fn spec_examples() {
        // The spec's examples for each strategy (flattened ids r * 2 + p).
        let rg = vec![vec![0, 1], vec![2, 3]];
        assert_eq!(
            process_groups(GroupMode::CrossReplica, &rg, G24).unwrap(),
            vec![vec![0, 2], vec![1, 3], vec![4, 6], vec![5, 7]]
        );
        assert_eq!(
            process_groups(GroupMode::CrossReplicaAndPartition, &rg, G24).unwrap(),
            vec![vec![0, 2, 1, 3], vec![4, 6, 5, 7]]
        );
        let pg = vec![vec![0, 1]];
        assert_eq!(
            process_groups(GroupMode::CrossPartition, &pg, G24).unwrap(),
            vec![vec![0, 1], vec![2, 3], vec![4, 5], vec![6, 7]]
        );
        let fg = vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7]];
        assert_eq!(
            process_groups(GroupMode::FlattenedIds, &fg, G24).unwrap(),
            fg
        );
    }

    #[test]
    fn empty_groups_mean_everyone() {
        let g = Grid {
            replicas: 1,
            partitions: 3,
        };
        assert_eq!(
            process_groups(GroupMode::CrossPartition, &[], g).unwrap(),
            vec![vec![0, 1, 2]]
        );
        assert_eq!(
            process_groups(GroupMode::CrossReplica, &[], g).unwrap(),
            vec![vec![0], vec![1], vec![2]]
        );
    }

    #[test]
    fn bad_ids_are_errors() {
        let e = process_groups(GroupMode::CrossReplica, &[vec![0, 4]], G24).unwrap_err();
        assert!(
            e.contains("replica id 4") && e.contains("out of range"),
            "{e}"
        );
        let e = process_groups(GroupMode::FlattenedIds, &[vec![1], vec![1]], G24).unwrap_err();
        assert!(e.contains("appears twice"), "{e}");
    }

    #[test]
    fn permute_pairs() {
        let g = Grid {
            replicas: 1,
            partitions: 5,
        };
        let pairs = vec![vec![0, 1], vec![1, 2], vec![3, 3], vec![4, 4]];
        let (members, p) = permute_groups(GroupMode::CrossPartition, &pairs, g, 2).unwrap();
        assert_eq!(members, vec![0, 1, 2, 3, 4]);
        assert_eq!(p, vec![(0, 1), (1, 2), (3, 3), (4, 4)]);
        let e =
            permute_groups(GroupMode::CrossPartition, &[vec![0, 1], vec![2, 1]], g, 0).unwrap_err();
        assert!(e.contains("target partition 1 appears in two pairs"), "{e}");
        // Cross-replica pairs stay within the caller's partition.
        let (members, p) = permute_groups(GroupMode::CrossReplica, &[vec![0, 3]], G24, 5).unwrap();
        assert_eq!(members, vec![1, 3, 5, 7]);
        assert_eq!(p, vec![(1, 7)]);
    }
}
