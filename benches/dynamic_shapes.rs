//! One artifact for every size up to a bound (`--max-dim`) against the static program
//! compiled for each size (`--dim`), at several sizes.
//!
//! The programs (made by `dynamic_shapes/gen.py` with `jax.export`): an MLP over a
//! symbolic batch `b` and a transformer block over a symbolic sequence length `s`, each
//! bounded at 256. The bounded artifact's steps run over the call's sizes where they
//! can (docs/ARCHITECTURE.md, Dynamic shapes); what remains is the cost of padding
//! inputs, masked reductions over the bound and cutting outputs.
//!
//!     cargo bench --bench dynamic_shapes -- [--iters 30] [--threads 1]
//!
//! Prints, per program and size, the median milliseconds per call of both (calls
//! alternating) and their ratio.

use pjrtc::compiler::passes::refine::Bounds;
use pjrtc::compiler::{self, Options, Timings};
use pjrtc_runtime::{Executable, Tensor};
use std::path::Path;
use std::time::Instant;

const BOUND: i64 = 256;
const SIZES: [i64; 4] = [256, 192, 64, 16];

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Deterministic pseudo-random floats in [-1, 1) of `shape`.
fn input(shape: &[u64], seed: u64) -> Tensor {
    let n: u64 = shape.iter().product();
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let bytes: Vec<u8> = (0..n)
        .flat_map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            ((x >> 40) as f32 / (1u64 << 23) as f32 - 1.0).to_le_bytes()
        })
        .collect();
    Tensor::from_bytes(pjrtc_runtime::DType::F32, shape, &bytes).expect("sizes agree")
}

/// Median milliseconds per call of `a` and of `b` on `inputs`, their calls alternating so
/// that both see the same machine (a shared one drifts by 10-20% over seconds).
fn time_pair(a: &Executable, b: &Executable, inputs: &[Tensor], iters: usize) -> (f64, f64) {
    let refs: Vec<&Tensor> = inputs.iter().collect();
    let mut ms = [Vec::with_capacity(iters), Vec::with_capacity(iters)];
    for i in 0..iters + 3 {
        for (exe, ms) in [a, b].into_iter().zip(&mut ms) {
            let t = Instant::now();
            let out = exe.run(&refs).expect("runs");
            if i >= 3 {
                ms.push(t.elapsed().as_secs_f64() * 1e3);
            }
            std::hint::black_box(out);
        }
    }
    let [x, y] = ms;
    (median(x), median(y))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let flag = |name: &str, default: usize| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .map_or(default, |s| s.parse().expect("a number"))
    };
    let iters = flag("--iters", 30);
    let threads = flag("--threads", 1);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/dynamic_shapes");
    println!("| program | size | bounded ms | static ms | bounded / static |");
    println!("|---|---|---|---|---|");
    for (file, symbol, weights) in [
        (
            "mlp.mlir",
            "b",
            vec![vec![512, 1024], vec![1024, 1024], vec![1024, 256]],
        ),
        (
            "transformer.mlir",
            "s",
            vec![
                vec![256, 768],
                vec![256, 256],
                vec![256, 1024],
                vec![1024, 256],
            ],
        ),
    ] {
        let source = std::fs::read(dir.join(file)).expect("run gen.py first");
        let module = compiler::frontend::parse(&source).expect("parses");
        let bounds = Bounds {
            named: vec![(symbol.to_string(), BOUND)],
            default: None,
        };
        let options = Options::default();
        let bounded =
            compiler::compile_bounded(&module, &bounds, &options, &mut Timings::default())
                .expect("compiles bounded");
        let mut bounded = Executable::load(&bounded.to_bytes()).expect("loads");
        bounded.set_threads(threads);
        let width = if symbol == "b" { 512 } else { 256 };
        for size in SIZES {
            let fixed = compiler::compile_with_dims(
                &source,
                &[(symbol.to_string(), size)],
                &options,
                &mut Timings::default(),
            )
            .expect("compiles static");
            let mut fixed = Executable::load(&fixed.to_bytes()).expect("loads");
            fixed.set_threads(threads);
            let mut inputs = vec![input(&[size as u64, width], 1)];
            for (k, w) in weights.iter().enumerate() {
                inputs.push(input(w, k as u64 + 2));
            }
            let (a, b) = time_pair(&bounded, &fixed, &inputs, iters);
            println!(
                "| {} | {symbol}={size} (bound {BOUND}) | {a:.3} | {b:.3} | {:.2} |",
                file.trim_end_matches(".mlir"),
                a / b
            );
        }
    }
}
