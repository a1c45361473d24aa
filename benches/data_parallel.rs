//! A data-parallel training step on 2 devices x 1 thread against the same step on 1 device
//! x 2 threads, and the share of the 2-device step spent in collectives.
//!
//! The programs are what JAX hands the pjrtc plugin (made by `data_parallel/gen.py`): one
//! SGD step of an MLP (784 -> 1024 -> 1024 -> 10, batch 256), jitted over a 2-device mesh
//! with the batch sharded and the parameters replicated (`dp2.mlirbc`, partitioned by the
//! compiler into the per-device program with its collectives), and on one device
//! (`one.mlirbc`). Each device of the 2-device call runs in its own thread with its own
//! one-thread pool, as the plugin's Execute does; the 1-device step runs on a pool of 2.
//! Inputs are deterministic pseudo-random floats (timing does not depend on them).
//!
//!     cargo bench --bench data_parallel -- [--iters 40]
//!
//! Prints the median and minimum milliseconds per step of each (the 1-device step also at
//! one thread: what the 2-device step would cost per device with the work halved exactly),
//! and for the 2-device step each device's time in collective steps (their waits for the
//! other device included) as a share of its step. The 2-device step is compiled twice: by
//! the SPMD partitioner, and by the replicating fallback (every device computes the whole
//! step) for comparison.

use pjrtc::compiler::frontend::bytecode::Partitioner;
use pjrtc::compiler::{self, Options};
use pjrtc_runtime::collective::{Device, Grid, Rendezvous};
use pjrtc_runtime::exec::StepProfile;
use pjrtc_runtime::format::{Step, walk_steps};
use pjrtc_runtime::{Executable, Tensor};
use std::path::Path;
use std::time::{Duration, Instant};

fn load(name: &str, partitioner: Partitioner) -> Executable {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("benches/data_parallel")
        .join(name);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let options = Options {
        partitioner,
        ..Options::default()
    };
    let mut t = compiler::Timings::default();
    let pjx = compiler::compile_with_timings(&bytes, &options, &mut t)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    if let Some(p) = &t.partition {
        println!("{name} ({partitioner:?}): {p}");
    }
    Executable::load(&pjx.to_bytes()).expect("load")
}

/// Pseudo-random f32 inputs of `exe`'s signature in [-1, 1).
fn inputs(exe: &Executable, seed: u64) -> Vec<Tensor> {
    let mut state = seed | 1;
    exe.signature()
        .inputs
        .iter()
        .map(|spec| {
            assert_eq!(spec.dtype, pjrtc_runtime::DType::F32, "{}", spec.name);
            let n: u64 = spec.shape.iter().product();
            let bytes: Vec<u8> = (0..n)
                .flat_map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    let x = (state >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0;
                    (x * 0.05).to_le_bytes()
                })
                .collect();
            Tensor::from_bytes(spec.dtype, &spec.shape, &bytes).expect("input")
        })
        .collect()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Runs the 2-device step `iters` times (after 3 warm-up steps): milliseconds per step,
/// each device's share in collectives per step, and (collective steps, all steps).
fn two_devices(mut dp: Executable, iters: usize) -> (Vec<f64>, Vec<Vec<f64>>, (usize, usize)) {
    dp.set_threads(1);
    let dp = &dp;
    assert!(dp.has_collectives(), "the 2-device step has no collectives");
    let grid = Grid {
        replicas: 1,
        partitions: 2,
    };
    let dev_in: Vec<Vec<Tensor>> = (0..2).map(|d| inputs(dp, 7 + d)).collect();
    let mut collective = vec![false; 0];
    walk_steps(&dp.pjx().steps, &mut |s| {
        collective.push(matches!(s, Step::Collective(_)))
    });
    let mut dp_ms = Vec::new();
    let mut shares = vec![Vec::new(); 2];
    for i in 0..iters + 3 {
        let rendezvous = Rendezvous::new(Duration::from_secs(60));
        let t = Instant::now();
        let per_device: Vec<(Duration, Duration)> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..2u32)
                .map(|d| {
                    let (rendezvous, ins) = (&rendezvous, &dev_in[d as usize]);
                    let collective = &collective;
                    s.spawn(move || {
                        let device = Device::new(grid, 0, d, rendezvous);
                        let refs: Vec<&Tensor> = ins.iter().collect();
                        let mut outs = dp.new_outputs().expect("outputs");
                        let mut prof = StepProfile::new(dp.pjx());
                        let t = Instant::now();
                        dp.run_on_profiled(&device, &refs, &mut outs, &mut prof)
                            .expect("run");
                        let total = t.elapsed();
                        let coll = prof
                            .time
                            .iter()
                            .zip(collective)
                            .filter(|(_, c)| **c)
                            .map(|(t, _)| *t)
                            .sum();
                        (total, coll)
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        if i >= 3 {
            dp_ms.push(t.elapsed().as_secs_f64() * 1e3);
            for (d, (total, coll)) in per_device.iter().enumerate() {
                shares[d].push(coll.as_secs_f64() / total.as_secs_f64());
            }
        }
    }

    let steps = collective.iter().filter(|c| **c).count();
    (dp_ms, shares, (steps, collective.len()))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let iters: usize = args
        .iter()
        .position(|a| a == "--iters")
        .and_then(|i| args.get(i + 1))
        .map_or(40, |s| s.parse().expect("--iters N"));

    let mut one = load("one.mlirbc", Partitioner::Spmd);
    let one_in = inputs(&one, 7);
    let refs: Vec<&Tensor> = one_in.iter().collect();
    let mut outs = one.new_outputs().expect("outputs");
    let mut one_ms = vec![Vec::new(), Vec::new()];
    for (threads, ms) in [1, 2].into_iter().zip(&mut one_ms) {
        one.set_threads(threads);
        for i in 0..iters + 3 {
            let t = Instant::now();
            one.run_into(&refs, &mut outs).expect("run");
            if i >= 3 {
                ms.push(t.elapsed().as_secs_f64() * 1e3);
            }
        }
    }

    let (rep_ms, rep_shares, rep_steps) =
        two_devices(load("dp2.mlirbc", Partitioner::Replicate), iters);
    let (dp_ms, shares, steps) = two_devices(load("dp2.mlirbc", Partitioner::Spmd), iters);

    let min = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
    println!(
        "| configuration | median ms | min ms | in collectives (median share, device 0 / 1) |"
    );
    println!("|---|---:|---:|---|");
    for (threads, ms) in [1, 2].iter().zip(&one_ms) {
        println!(
            "| 1 device x {threads} thread{} | {:.2} | {:.2} | - |",
            if *threads == 1 { "" } else { "s" },
            median(ms.clone()),
            min(ms)
        );
    }
    let row = |what: &str, ms: &[f64], shares: &[Vec<f64>]| {
        println!(
            "| 2 devices x 1 thread, {what} | {:.2} | {:.2} | {:.0}% / {:.0}% |",
            median(ms.to_vec()),
            min(ms),
            100.0 * median(shares[0].clone()),
            100.0 * median(shares[1].clone())
        );
    };
    row("replicating fallback", &rep_ms, &rep_shares);
    row("SPMD partitioner", &dp_ms, &shares);
    println!(
        "({iters} steps each; collective steps of all steps: fallback {} of {}, partitioned {} of {})",
        rep_steps.0, rep_steps.1, steps.0, steps.1
    );
}
