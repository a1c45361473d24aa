//! Throughput of the f32 array math imports on an L1-resident tile, the SIMD path the
//! CPU gets (8 or 16 lanes) against the portable one:
//!
//!     taskset -c 0 cargo bench -p pjrtc-runtime --bench vecmath -- [TILE] [ROUNDS]
//!
//! Each round refills the tile from its source (the copy is timed alone too and taken
//! off) and applies the function in place; the best of 15 passes is reported in ns per
//! element. The inline f32x4 code's numbers for the same tile come from the compiler's
//! `bench_vmath_tile_inline_vs_runtime` test.

use pjrtc_runtime::vecmath::{self, Func};
use std::hint::black_box;
use std::time::Instant;

/// The tile's values: the range kernels mostly see (no huge sin/cos arguments).
fn source(f: Func, n: usize) -> Vec<f32> {
    let (lo, hi) = match f {
        Func::Exp => (-20.0, 20.0),
        Func::Tanh | Func::Logistic => (-8.0, 8.0),
        Func::Erfc => (-5.0, 5.0),
        Func::Sin | Func::Cos => (-100.0, 100.0),
    };
    (0..n)
        .map(|i| lo + (hi - lo) * ((i * 7919) % n) as f32 / n as f32)
        .collect()
}

/// Best ns per element of `rounds` x (refill, then `run` on the tile).
fn time(src: &[f32], rounds: usize, run: impl Fn(&mut [f32])) -> f64 {
    let mut buf = src.to_vec();
    let mut best = f64::MAX;
    for _ in 0..15 {
        let t = Instant::now();
        for _ in 0..rounds {
            buf.copy_from_slice(black_box(src));
            run(black_box(&mut buf));
        }
        best = best.min(t.elapsed().as_secs_f64());
        black_box(&buf);
    }
    best * 1e9 / (rounds * src.len()) as f64
}

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let tile = args.first().copied().unwrap_or(256);
    let rounds = args.get(1).copied().unwrap_or(20_000);
    println!(
        "tile {tile} f32, {rounds} rounds, best of 15; AVX2+FMA: {}",
        vecmath::has_avx2_fma()
    );
    println!(
        "{:<9} {:>12} {:>12} {:>9}",
        "function", "SIMD ns/el", "portable", "speed-up"
    );
    for f in Func::ALL {
        let src = source(f, tile);
        let copy = time(&src, rounds, |_| {});
        let fast = time(&src, rounds, |b| vecmath::apply(f, b)) - copy;
        let portable = time(&src, rounds, |b| vecmath::apply_portable(f, b)) - copy;
        println!(
            "{:<9} {:>12.3} {:>12.3} {:>8.2}x",
            format!("{f:?}"),
            fast,
            portable,
            portable / fast
        );
    }
}
