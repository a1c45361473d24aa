//! Code generation on several threads, and identical kernels sharing one compiled
//! function: the artifact is the same bytes whatever the thread count, and kernels that
//! share code compute what the reference evaluator computes.

mod common;
#[path = "../benches/compile_scaling/gen.rs"]
mod generated;

use pjrtc::compiler::{self, Options, eval, frontend, ir::Literal, passes};
use pjrtc_runtime::{Executable, Pjx, Tensor};

fn compile(source: &[u8], threads: usize) -> Pjx {
    let options = Options {
        threads,
        ..Options::default()
    };
    compiler::compile(source, &options).expect("compiles")
}

/// Distinct code offsets among the artifact's kernels.
fn distinct_code(pjx: &Pjx) -> usize {
    let mut offsets: Vec<u64> = pjx.kernels.iter().map(|k| k.offset).collect();
    offsets.sort_unstable();
    offsets.dedup();
    offsets.len()
}

#[test]
fn codegen_threads_give_the_same_artifact() {
    // Layers of every kind the generator makes (dense, norms, attention, convolutions,
    // pools, activations, loops), some of them repeated.
    let source = generated::program(700, 3);
    let one = compile(source.as_bytes(), 1);
    let bytes = one.to_bytes();
    assert!(one.kernels.len() > 40, "{} kernels", one.kernels.len());
    assert!(
        distinct_code(&one) < one.kernels.len(),
        "repeated layers share code"
    );
    for threads in [2, 3, 8] {
        let pjx = compile(source.as_bytes(), threads);
        assert!(
            pjx.to_bytes() == bytes,
            "{threads} threads gave a different artifact"
        );
    }
}

#[test]
fn identical_kernels_share_code_and_compute_their_own_buffers() {
    // y0 and y1 are the same kernel on different buffers; y2 differs only by a constant,
    // so it must not share their code.
    let source =
        "func.func public @main(%a: tensor<5x33xf32>, %b: tensor<5x33xf32>, %c: tensor<5x33xf32>)
      -> (tensor<5x33xf32>, tensor<5x33xf32>, tensor<5x33xf32>) {
  %k2 = stablehlo.constant dense<2.0> : tensor<5x33xf32>
  %k3 = stablehlo.constant dense<3.0> : tensor<5x33xf32>
  %x0 = stablehlo.multiply %a, %k2 : tensor<5x33xf32>
  %y0 = stablehlo.tanh %x0 : tensor<5x33xf32>
  %x1 = stablehlo.multiply %b, %k2 : tensor<5x33xf32>
  %y1 = stablehlo.tanh %x1 : tensor<5x33xf32>
  %x2 = stablehlo.multiply %c, %k3 : tensor<5x33xf32>
  %y2 = stablehlo.tanh %x2 : tensor<5x33xf32>
  return %y0, %y1, %y2 : tensor<5x33xf32>, tensor<5x33xf32>, tensor<5x33xf32>
}
";
    let pjx = compile(source.as_bytes(), 2);
    assert_eq!(pjx.kernels.len(), 3);
    assert_eq!(distinct_code(&pjx), 2, "{:?}", pjx.kernels);
    let inputs = common::synth_inputs(&pjx.signature);
    let exe = Executable::load(&pjx.to_bytes()).expect("loads");
    let refs: Vec<&Tensor> = inputs.iter().collect();
    let got = exe.run(&refs).expect("runs");

    let module = frontend::parse(source.as_bytes()).unwrap();
    let func = passes::inline::inline_entry(&module).unwrap();
    let args: Vec<Literal> = inputs
        .iter()
        .zip(func.param_types())
        .map(|(t, ty)| Literal::new(ty, t.bytes().to_vec()))
        .collect();
    let want = eval::eval_func(&func, &args).expect("evaluates");
    assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        let shape: Vec<u64> = w.ty.shape.iter().map(|&d| d as u64).collect();
        let w = Tensor::from_bytes(w.ty.dtype, &shape, &w.bytes).unwrap();
        let c = common::compare(g, &w, 1e-5, 1e-6).unwrap();
        assert!(c.first_failure.is_none(), "out{i}: {:?}", c.first_failure);
    }
    // The three inputs differ, so a kernel writing another's buffer would show.
    assert_ne!(got[0].bytes(), got[1].bytes());
}
