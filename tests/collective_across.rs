//! Reductions compiled from StableHLO, run with the devices in one process and spread
//! over simulated processes (the exchange of `collective::across` over threads instead of
//! MPI): every device gets the same bits either way, so results do not depend on the
//! process layout. The operands are larger than the combiner's chunk times the group, so
//! the in-process all_reduce splits the work between members while the one across
//! processes reduces everything on each device.

use pjrtc::compiler::{self, Options};
use pjrtc_runtime::collective::across::LocalProcesses;
use pjrtc_runtime::collective::{Across, Device, Grid, Rendezvous};
use pjrtc_runtime::{DType, Executable, Tensor};
use std::time::Duration;

const N: usize = 5000;

fn program() -> Executable {
    let src = format!(
        r#"func.func @main(%x: tensor<{N}xf32>) -> (tensor<{N}xf32>, tensor<{q}xf32>, tensor<{N}xf32>) {{
  %0 = "stablehlo.all_reduce"(%x) ({{
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }}) {{
    replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
    use_global_device_ids
  }} : (tensor<{N}xf32>) -> tensor<{N}xf32>
  %1 = "stablehlo.reduce_scatter"(%x) ({{
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }}) {{
    scatter_dimension = 0 : i64,
    replica_groups = dense<[[3, 1, 0, 2]]> : tensor<1x4xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>,
    use_global_device_ids
  }} : (tensor<{N}xf32>) -> tensor<{q}xf32>
  %2 = "stablehlo.all_reduce"(%0) ({{
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.multiply %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }}) {{
    replica_groups = dense<[[0, 2], [3, 1]]> : tensor<2x2xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>,
    use_global_device_ids
  }} : (tensor<{N}xf32>) -> tensor<{N}xf32>
  return %0, %1, %2 : tensor<{N}xf32>, tensor<{q}xf32>, tensor<{N}xf32>
}}"#,
        q = N / 4
    );
    let pjx = compiler::compile(src.as_bytes(), &Options::default()).expect("compiles");
    Executable::load(&pjx.to_bytes()).expect("loads")
}

const GRID: Grid = Grid {
    replicas: 1,
    partitions: 4,
};

/// Device `k`'s input: values whose float sums depend on the order of the terms.
fn input(k: u32) -> Tensor {
    let bytes: Vec<u8> = (0..N)
        .map(|i| (i as f32 * 0.37 + k as f32 * 1.3).sin() * 10f32.powi((i % 7) as i32 - 3))
        .flat_map(f32::to_le_bytes)
        .collect();
    Tensor::from_bytes(DType::F32, &[N as u64], &bytes).unwrap()
}

fn outputs_bytes(outs: &[Tensor]) -> Vec<Vec<u8>> {
    outs.iter().map(|t| t.bytes().to_vec()).collect()
}

fn in_one_process(exe: &Executable) -> Vec<Vec<Vec<u8>>> {
    let rv = Rendezvous::new(Duration::from_secs(60));
    std::thread::scope(|s| {
        let hs: Vec<_> = (0..4)
            .map(|k| {
                let rv = &rv;
                s.spawn(move || {
                    let device = Device::new(GRID, 0, k, rv);
                    let mut outs = exe.new_outputs().unwrap();
                    exe.run_on(&device, &[&input(k)], &mut outs).unwrap();
                    outputs_bytes(&outs)
                })
            })
            .collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

fn across_processes(exe: &Executable, layout: &[Vec<u32>]) -> Vec<Vec<Vec<u8>>> {
    let net = LocalProcesses::new(layout.len());
    let mut by_device = vec![Vec::new(); 4];
    let all: Vec<Vec<(u32, Vec<Vec<u8>>)>> = std::thread::scope(|s| {
        let hs: Vec<_> = layout
            .iter()
            .enumerate()
            .map(|(p, local)| {
                let net = &net;
                s.spawn(move || {
                    let transport = net.process(p);
                    let across = Across::new(&transport, 0, local.clone());
                    let rv = Rendezvous::new(Duration::from_secs(60));
                    let got: Vec<(u32, Vec<Vec<u8>>)> = std::thread::scope(|s| {
                        let hs: Vec<_> = local
                            .iter()
                            .map(|&k| {
                                let (rv, across) = (&rv, &across);
                                s.spawn(move || {
                                    let device = Device::spanning(GRID, 0, k, rv, across);
                                    let mut outs = exe.new_outputs().unwrap();
                                    exe.run_on(&device, &[&input(k)], &mut outs).unwrap();
                                    (k, outputs_bytes(&outs))
                                })
                            })
                            .collect();
                        hs.into_iter().map(|h| h.join().unwrap()).collect()
                    });
                    across.finish(None).unwrap();
                    got
                })
            })
            .collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (k, outs) in all.into_iter().flatten() {
        by_device[k as usize] = outs;
    }
    by_device
}

#[test]
fn reductions_across_processes_give_the_bits_of_one_process() {
    let exe = program();
    let want = in_one_process(&exe);
    // The sum is the same on every device, in group order; the data tells orders apart.
    assert!(want.iter().all(|d| d[0] == want[0][0]));
    let values = |t: &Tensor| -> Vec<f32> {
        t.bytes()
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
            .collect()
    };
    let xs: Vec<Vec<f32>> = (0..4).map(|k| values(&input(k))).collect();
    let sum = |order: [usize; 4]| -> Vec<u8> {
        (0..N)
            .map(|i| {
                order[1..]
                    .iter()
                    .fold(xs[order[0]][i], |acc, &k| acc + xs[k][i])
            })
            .flat_map(f32::to_le_bytes)
            .collect()
    };
    assert_eq!(want[0][0], sum([0, 1, 2, 3]));
    assert_ne!(want[0][0], sum([3, 2, 1, 0]));
    for layout in [
        vec![vec![0], vec![1], vec![2], vec![3]],
        vec![vec![0, 1], vec![2, 3]],
        vec![vec![2, 0], vec![3], vec![1]],
    ] {
        let got = across_processes(&exe, &layout);
        assert_eq!(got, want, "layout {layout:?}");
    }
}
