//! Times the f32 GEMM steps of the benchmark workloads without Python or the compiler:
//! each shape as a `Gemm` step on dense row-major buffers, median of many runs, GFLOP/s.
//!
//!     cargo bench -p pjrtc-runtime --bench gemm -- [--threads T] [--ms MS] [--only NAME]
//!         [--epilogue] [--shape MxNxK[,MxNxK...]]
//!
//! `--shape` times the given row-major products instead of the list below (to take a
//! slow shape apart dimension by dimension).
//!
//! `--epilogue` gives every product a bias and ReLU epilogue (a dense layer's).
//! `--bf16` makes the operands bf16 (the values rounded), into f32 (`--bf16-out`: into
//! bf16), the kernel then [`bf16_gemm`]'s choice (`PJRTC_GEMM=widen`: the widened one).
//! The kernel is this process's choice ([`f32_gemm`]); run once more with
//! `PJRTC_GEMM=crate` in the environment for the `gemm` crate, alternating, under
//! `taskset -c 0` for one thread.

use pjrtc_runtime::DType;
use pjrtc_runtime::format::{Activation, BufRef, Epilogue, Gemm, MatrixView, Region};
use pjrtc_runtime::kernels::Bases;
use pjrtc_runtime::kernels::gemm::{bf16::bf16_gemm, f32_gemm, gemm};
use std::time::{Duration, Instant};

/// (name, batch, m, n, k, rhs transposed): the GEMMs of matmul_256, matmul_1024,
/// batched_matmul, mlp, conv2d (its im2col GEMM), transformer_block, small_cnn,
/// decode_attention (one query row against the cached keys, then the values) and
/// lstm_scan (its step's input and recurrent products: 16 rows, B read in place).
const SHAPES: &[(&str, usize, usize, usize, usize, bool)] = &[
    ("matmul_256", 1, 256, 256, 256, false),
    ("matmul_1024", 1, 1024, 1024, 1024, false),
    ("batched_16x128x128x64", 16, 128, 128, 64, false),
    ("mlp_64x512x784", 1, 64, 512, 784, false),
    ("mlp_64x512x512", 1, 64, 512, 512, false),
    ("mlp_64x10x512", 1, 64, 10, 512, false),
    ("conv2d_3136x64x576", 1, 3136, 64, 576, false),
    ("tf_128x256x256", 1, 128, 256, 256, false),
    ("tf_128x1024x256", 1, 128, 1024, 256, false),
    ("tf_128x256x1024", 1, 128, 256, 1024, false),
    ("tf_4x128x128x64_bt", 4, 128, 128, 64, true),
    ("tf_4x64x128x128", 4, 64, 128, 128, false),
    ("cnn_1x128x3136", 1, 1, 128, 3136, false),
    ("cnn_1x10x128", 1, 1, 10, 128, false),
    ("decode_8x1x512x64_bt", 8, 1, 512, 64, true),
    ("lstm_16x512x64", 1, 16, 512, 64, false),
    ("lstm_16x512x128", 1, 16, 512, 128, false),
    ("decode_8x1x64x512", 8, 1, 64, 512, false),
    ("bf16_matmul_512x512x1024", 1, 512, 512, 1024, false),
];

fn view(region: Region, rows: usize, cols: usize, batch_stride: usize, trans: bool) -> MatrixView {
    let (row_stride, col_stride) = if trans { (1, rows) } else { (cols, 1) };
    MatrixView {
        buf: BufRef {
            region,
            offset: 0,
            size: 0,
        },
        batch_stride: batch_stride as u64,
        row_stride: row_stride as u64,
        col_stride: col_stride as u64,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let threads: usize = arg("--threads").and_then(|s| s.parse().ok()).unwrap_or(1);
    let ms: u64 = arg("--ms").and_then(|s| s.parse().ok()).unwrap_or(300);
    let only = arg("--only");
    let custom: Vec<(String, usize, usize, usize, usize, bool)> = arg("--shape")
        .map(|list| {
            list.split(',')
                .map(|s| {
                    let d: Vec<usize> = s
                        .split('x')
                        .map(|x| x.parse().expect("--shape takes MxNxK"))
                        .collect();
                    assert_eq!(d.len(), 3, "--shape takes MxNxK");
                    (s.to_string(), 1, d[0], d[1], d[2], false)
                })
                .collect()
        })
        .unwrap_or_default();
    let shapes: Vec<(String, usize, usize, usize, usize, bool)> = if custom.is_empty() {
        SHAPES
            .iter()
            .map(|&(n, b, m, nn, k, t)| (n.to_string(), b, m, nn, k, t))
            .collect()
    } else {
        custom
    };
    let with_epilogue = args.iter().any(|a| a == "--epilogue");
    let bf16_out = args.iter().any(|a| a == "--bf16-out");
    let bf16 = bf16_out || args.iter().any(|a| a == "--bf16");
    let isa = pjrtc_runtime::Isa::host();
    if bf16 {
        println!("kernel {:?}, {threads} thread(s)", bf16_gemm(isa));
    } else {
        println!("kernel {:?}, {threads} thread(s)", f32_gemm(isa));
    }
    println!(
        "{:<24} {:>10} {:>9} {:>9}",
        "shape", "median us", "GFLOP/s", "best"
    );
    for (name, batch, m, n, k, bt) in shapes {
        let name = name.as_str();
        if only.as_deref().is_some_and(|o| !name.contains(o)) {
            continue;
        }
        let fill = |len: usize| -> Vec<f32> {
            (0..len)
                .map(|i| ((i * 7919 % 1000) as f32) / 1000.0 - 0.5)
                .collect()
        };
        let mut a = fill(batch * m * k);
        let mut b = fill(batch * k * n);
        let mut c = vec![0f32; batch * m * n];
        let mut bias = fill(n);
        // The bf16 operands, in the first halves of the f32 buffers.
        let (operands, out) = if bf16 {
            for v in [&mut a, &mut b] {
                let h: Vec<u16> = v
                    .iter()
                    .map(|&x| half::bf16::from_f32(x).to_bits())
                    .collect();
                for (i, w) in h.chunks(2).enumerate() {
                    v[i] = f32::from_bits(w[0] as u32 | (*w.get(1).unwrap_or(&0) as u32) << 16);
                }
            }
            let out = if bf16_out { DType::BF16 } else { DType::F32 };
            (DType::BF16, out)
        } else {
            (DType::F32, DType::F32)
        };
        let g = Gemm {
            dtype: out,
            lhs_dtype: operands,
            rhs_dtype: operands,
            batch: batch as u64,
            m: m as u64,
            n: n as u64,
            k: k as u64,
            lhs: view(Region::Input(0), m, k, m * k, false),
            rhs: view(Region::Input(1), k, n, k * n, bt),
            out: view(Region::Output(0), m, n, m * n, false),
            epilogue: if with_epilogue && out == DType::F32 {
                Epilogue {
                    scale: None,
                    bias: Some(BufRef {
                        region: Region::Input(2),
                        offset: 0,
                        size: 4 * n as u64,
                    }),
                    activation: Activation::Relu,
                }
            } else {
                Epilogue::default()
            },
            extents: [None; 4],
        };
        let inputs = [
            a.as_mut_ptr() as *mut u8,
            b.as_mut_ptr() as *mut u8,
            bias.as_mut_ptr() as *mut u8,
        ];
        let outputs = [c.as_mut_ptr() as *mut u8];
        let bases = Bases::io(&inputs, &outputs);
        // SAFETY: the views describe dense batch x rows x cols arrays inside the three
        // buffers above, which live until the end of this iteration; c overlaps neither,
        // nor the bias of n floats.
        let run = || unsafe { gemm(&g, &bases, threads, isa) };
        for _ in 0..3 {
            run();
        }
        let mut times = Vec::new();
        let start = Instant::now();
        while start.elapsed() < Duration::from_millis(ms) || times.len() < 5 {
            let t = Instant::now();
            run();
            times.push(t.elapsed().as_secs_f64());
        }
        times.sort_by(f64::total_cmp);
        let (med, best) = (times[times.len() / 2], times[0]);
        let flops = 2.0 * (batch * m * n * k) as f64;
        println!(
            "{name:<24} {:>10.2} {:>9.1} {:>9.1}",
            med * 1e6,
            flops / med / 1e9,
            flops / best / 1e9
        );
    }
}
