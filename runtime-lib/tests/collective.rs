//! Collective steps on several devices, each in a thread of its own, built by hand (no
//! compiler): data movement lands where the spec says, in odd shapes and group orders,
//! and a device that never arrives is an error, not a hang.

use pjrtc_runtime::collective::across::LocalProcesses;
use pjrtc_runtime::collective::{Across, Device, Grid, Rendezvous};
use pjrtc_runtime::format::*;
use pjrtc_runtime::{DType, Executable, Tensor};
use std::time::Duration;

fn spec(name: &str, shape: &[u64]) -> TensorSpec {
    TensorSpec {
        name: name.into(),
        dtype: DType::I32,
        shape: shape.to_vec(),
        alias_of_input: None,
    }
}

fn whole(region: Region, shape: &[u64]) -> BufRef {
    BufRef {
        region,
        offset: 0,
        size: 4 * shape.iter().product::<u64>(),
    }
}

/// One collective from input 0 to output 0, `i32` tensors.
fn program(
    kind: CollectiveKind,
    mode: GroupMode,
    ids: Vec<Vec<u32>>,
    a: &[u64],
    b: &[u64],
) -> Executable {
    let pjx = Pjx {
        producer: "test".into(),
        target: Target {
            triple: String::new(),
            features: vec![],
        },
        signature: Signature {
            inputs: vec![spec("x", a)],
            outputs: vec![spec("y", b)],
        },
        arena_size: 0,
        constants: Default::default(),
        code: CodeImage::default(),
        kernels: vec![],
        ffi_libraries: Vec::new(),
        dynamic: None,
        steps: vec![Step::Collective(Collective {
            kind,
            mode,
            ids,
            channel: 0,
            operands: vec![CollectiveOperand {
                dtype: DType::I32,
                in_shape: a.to_vec(),
                out_shape: b.to_vec(),
                input: Some(whole(Region::Input(0), a)),
                output: Some(whole(Region::Output(0), b)),
            }],
            combiner: None,
        })],
    };
    let pjx = Pjx::from_bytes(&pjx.to_bytes()).unwrap_or_else(|e| panic!("{e}"));
    Executable::from_pjx(pjx).unwrap()
}

fn tensor(shape: &[u64], values: impl Iterator<Item = i32>) -> Tensor {
    let bytes: Vec<u8> = values.flat_map(i32::to_le_bytes).collect();
    Tensor::from_bytes(DType::I32, shape, &bytes).unwrap()
}

fn values(t: &Tensor) -> Vec<i32> {
    t.bytes()
        .chunks_exact(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// Runs `exe` on every process of `grid` (process k's input: `k * 100 + i`), returning
/// each process's result or error.
fn run_all(
    exe: &Executable,
    grid: Grid,
    shape: &[u64],
    timeout: Duration,
) -> Vec<Result<Vec<i32>, String>> {
    let rv = Rendezvous::new(timeout);
    let n: u64 = shape.iter().product();
    std::thread::scope(|s| {
        let hs: Vec<_> = (0..grid.processes())
            .map(|k| {
                let rv = &rv;
                s.spawn(move || {
                    let (r, p) = grid.coords(k);
                    let device = Device::new(grid, r, p, rv);
                    let x = tensor(shape, (0..n as i32).map(|i| k as i32 * 100 + i));
                    let mut outs = exe.new_outputs().unwrap();
                    exe.run_on(&device, &[&x], &mut outs)
                        .map(|()| values(&outs[0]))
                        .map_err(|e| e.to_string())
                })
            })
            .collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

fn ok(r: Vec<Result<Vec<i32>, String>>) -> Vec<Vec<i32>> {
    r.into_iter()
        .map(|r| r.unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

#[test]
fn all_gather_along_a_middle_dimension_in_group_order() {
    // 4 partitions in groups [3, 0] and [1, 2]; 2x1x3 per process, gathered along dim 1.
    let grid = Grid {
        replicas: 1,
        partitions: 4,
    };
    let exe = program(
        CollectiveKind::AllGather { dim: 1 },
        GroupMode::CrossPartition,
        vec![vec![3, 0], vec![1, 2]],
        &[2, 1, 3],
        &[2, 2, 3],
    );
    let got = ok(run_all(&exe, grid, &[2, 1, 3], Duration::from_secs(60)));
    let a = vec![300, 301, 302, 0, 1, 2, 303, 304, 305, 3, 4, 5];
    let b = vec![100, 101, 102, 200, 201, 202, 103, 104, 105, 203, 204, 205];
    assert_eq!(got, vec![a.clone(), b.clone(), b, a]);
}

#[test]
fn all_to_all_splits_rows_and_concatenates_columns() {
    // 3 replicas, one group of all; 3x2 per process, part j (row j) to member j, the
    // parts received side by side: 1x6.
    let grid = Grid {
        replicas: 3,
        partitions: 1,
    };
    let exe = program(
        CollectiveKind::AllToAll {
            split_dim: 0,
            concat_dim: 1,
        },
        GroupMode::CrossReplica,
        vec![],
        &[3, 2],
        &[1, 6],
    );
    let got = ok(run_all(&exe, grid, &[3, 2], Duration::from_secs(60)));
    assert_eq!(
        got,
        vec![
            vec![0, 1, 100, 101, 200, 201],
            vec![2, 3, 102, 103, 202, 203],
            vec![4, 5, 104, 105, 204, 205],
        ]
    );
}

#[test]
fn permute_across_replicas_stays_in_each_partition() {
    // 2 replicas x 2 partitions (processes r * 2 + p); replica 0 -> replica 1.
    let grid = Grid {
        replicas: 2,
        partitions: 2,
    };
    let exe = program(
        CollectiveKind::CollectivePermute,
        GroupMode::CrossReplica,
        vec![vec![0, 1]],
        &[3],
        &[3],
    );
    let got = ok(run_all(&exe, grid, &[3], Duration::from_secs(60)));
    assert_eq!(
        got,
        vec![
            vec![0, 0, 0],
            vec![0, 0, 0],
            vec![0, 1, 2],
            vec![100, 101, 102]
        ]
    );
}

#[test]
fn broadcast_from_the_first_member_of_each_group() {
    let grid = Grid {
        replicas: 1,
        partitions: 3,
    };
    let exe = program(
        CollectiveKind::CollectiveBroadcast,
        GroupMode::CrossPartition,
        vec![vec![2, 0]],
        &[2],
        &[2],
    );
    let got = ok(run_all(&exe, grid, &[2], Duration::from_secs(60)));
    // Process 1 is in no group: zeros.
    assert_eq!(got, vec![vec![200, 201], vec![0, 0], vec![200, 201]]);
}

#[test]
fn a_device_that_never_arrives_is_an_error_not_a_hang() {
    // The artifact names 2 partitions, but only process 0 of the grid runs.
    let exe = program(
        CollectiveKind::AllGather { dim: 0 },
        GroupMode::CrossPartition,
        vec![],
        &[2],
        &[4],
    );
    let rv = Rendezvous::new(Duration::from_millis(100));
    let grid = Grid {
        replicas: 1,
        partitions: 2,
    };
    let device = Device::new(grid, 0, 0, &rv);
    let x = tensor(&[2], 0..2);
    let mut outs = exe.new_outputs().unwrap();
    let e = exe
        .run_on(&device, &[&x], &mut outs)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("timed out") && e.contains("processes [1]"),
        "{e}"
    );
}

#[test]
fn shapes_that_do_not_fit_the_group_are_errors() {
    // Gathering 2 into 4 needs groups of 2; the grid has 3 partitions in one group.
    let exe = program(
        CollectiveKind::AllGather { dim: 0 },
        GroupMode::CrossPartition,
        vec![],
        &[2],
        &[4],
    );
    let grid = Grid {
        replicas: 1,
        partitions: 3,
    };
    for r in run_all(&exe, grid, &[2], Duration::from_secs(60)) {
        let e = r.unwrap_err();
        assert!(e.contains("does not fit a group of 3"), "{e}");
    }
}

/// [`run_all`] with the devices spread over simulated processes (`layout[p]`: process
/// `p`'s devices, flattened grid ids): every collective goes through the exchange
/// between processes. Results by grid id.
fn run_across(
    exe: &Executable,
    grid: Grid,
    shape: &[u64],
    layout: &[Vec<u32>],
) -> Vec<Result<Vec<i32>, String>> {
    let net = LocalProcesses::new(layout.len());
    let n: u64 = shape.iter().product();
    let mut by_id: Vec<Option<Result<Vec<i32>, String>>> = vec![None; grid.processes() as usize];
    type Results = Vec<(u32, Result<Vec<i32>, String>)>;
    let per_process: Vec<Results> = std::thread::scope(|s| {
        let hs: Vec<_> = layout
            .iter()
            .enumerate()
            .map(|(p, local)| {
                let net = &net;
                s.spawn(move || {
                    let transport = net.process(p);
                    let across = Across::new(&transport, 0, local.clone());
                    let rv = Rendezvous::new(Duration::from_secs(60));
                    let results: Results = std::thread::scope(|s| {
                        let hs: Vec<_> = local
                            .iter()
                            .map(|&k| {
                                let (rv, across) = (&rv, &across);
                                s.spawn(move || {
                                    let (r, q) = grid.coords(k);
                                    let device = Device::spanning(grid, r, q, rv, across);
                                    let x =
                                        tensor(shape, (0..n as i32).map(|i| k as i32 * 100 + i));
                                    let mut outs = exe.new_outputs().unwrap();
                                    let res = exe
                                        .run_on(&device, &[&x], &mut outs)
                                        .map(|()| values(&outs[0]))
                                        .map_err(|e| e.to_string());
                                    if let Err(e) = &res {
                                        rv.abort(e);
                                    }
                                    (k, res)
                                })
                            })
                            .collect();
                        hs.into_iter().map(|h| h.join().unwrap()).collect()
                    });
                    let failed = results.iter().find_map(|(_, r)| r.clone().err());
                    let end = across.finish(failed.as_deref());
                    results
                        .into_iter()
                        .map(|(k, r)| (k, r.and_then(|v| end.clone().map(|()| v))))
                        .collect()
                })
            })
            .collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (k, r) in per_process.into_iter().flatten() {
        by_id[k as usize] = Some(r);
    }
    by_id
        .into_iter()
        .map(|r| r.expect("every device ran"))
        .collect()
}

#[test]
fn across_processes_every_kind_gives_the_in_process_results() {
    let g4 = Grid {
        replicas: 1,
        partitions: 4,
    };
    let g22 = Grid {
        replicas: 2,
        partitions: 2,
    };
    let cases = [
        (
            program(
                CollectiveKind::AllGather { dim: 1 },
                GroupMode::CrossPartition,
                vec![vec![3, 0], vec![1, 2]],
                &[2, 1, 3],
                &[2, 2, 3],
            ),
            g4,
            vec![2u64, 1, 3],
        ),
        (
            program(
                CollectiveKind::AllToAll {
                    split_dim: 0,
                    concat_dim: 1,
                },
                GroupMode::CrossPartition,
                vec![],
                &[4, 2],
                &[1, 8],
            ),
            g4,
            vec![4, 2],
        ),
        (
            program(
                CollectiveKind::CollectivePermute,
                GroupMode::CrossReplica,
                vec![vec![0, 1]],
                &[3],
                &[3],
            ),
            g22,
            vec![3],
        ),
        (
            program(
                CollectiveKind::CollectiveBroadcast,
                GroupMode::CrossPartition,
                vec![vec![2, 0]],
                &[2],
                &[2],
            ),
            g4,
            vec![2],
        ),
    ];
    // Layouts: one device per process, two per process (in and out of grid order), and
    // all in one process.
    let layouts: [Vec<Vec<u32>>; 4] = [
        vec![vec![0], vec![1], vec![2], vec![3]],
        vec![vec![0, 1], vec![2, 3]],
        vec![vec![3, 0], vec![2, 1]],
        vec![vec![0, 1, 2, 3]],
    ];
    for (exe, grid, shape) in &cases {
        let want = ok(run_all(exe, *grid, shape, Duration::from_secs(60)));
        for layout in &layouts {
            let got = ok(run_across(exe, *grid, shape, layout));
            assert_eq!(got, want, "{layout:?}");
        }
    }
}

#[test]
fn across_processes_a_group_error_reaches_every_process() {
    // Gathering 2 into 4 needs groups of 2; the grid has 3 partitions in one group. Every
    // process reports it (after the exchange), none hangs.
    let exe = program(
        CollectiveKind::AllGather { dim: 0 },
        GroupMode::CrossPartition,
        vec![],
        &[2],
        &[4],
    );
    let grid = Grid {
        replicas: 1,
        partitions: 3,
    };
    for r in run_across(&exe, grid, &[2], &[vec![0], vec![1, 2]]) {
        let e = r.unwrap_err();
        assert!(e.contains("does not fit a group of 3"), "{e}");
    }
}
