//! Steps limited to the actual sizes, on variants the benchmarks and goldens leave out: an
//! inner dynamic dimension, a contraction along it (a Gemm's terms), a transpose that moves
//! it outermost, odd bounds and sizes. Each program is compiled once, run at several sizes
//! (debug builds fill the arena with 0xff bytes before every call, so a step reading what
//! a limited step left unwritten shows up as NaN) and compared with the reference
//! evaluator on the dynamic program at that size.
use crate::compiler::eval::{eval_func, literal_from_f64};
use crate::compiler::ir::{DYN, Literal, TensorType};
use crate::compiler::passes::refine::{self, Bounds};
use crate::compiler::passes::{inline, verify};
use crate::compiler::{self, Options, Timings, frontend};
use pjrtc_runtime::format::{Pjx, Step, walk_steps};
use pjrtc_runtime::{Executable, Tensor};

fn bounds(b: i64) -> Bounds {
    Bounds {
        named: vec![],
        default: Some(b),
    }
}

/// Compiles `src` once for sizes up to `bound`, runs it at each of `sizes` and checks
/// every output against the evaluator; returns the artifact.
fn check(src: &str, bound: i64, sizes: &[i64]) -> Pjx {
    let module = frontend::parse(src.as_bytes())
        .unwrap_or_else(|d| panic!("{}", d.render("t", src.as_bytes())));
    verify::verify_module_dynamic(&module).unwrap();
    let f = inline::inline_entry(&module).unwrap();
    let pjx = compiler::compile_bounded(
        &module,
        &bounds(bound),
        &Options::default(),
        &mut Timings::default(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let exe = Executable::load(&pjx.to_bytes()).unwrap();
    for &size in sizes {
        let args: Vec<Literal> = (f.param_types().iter().enumerate())
            .map(|(k, t)| {
                let shape: Vec<i64> = t
                    .shape
                    .iter()
                    .map(|&d| if d == DYN { size } else { d })
                    .collect();
                let t = TensorType::new(t.dtype, shape);
                let v: Vec<f64> = (0..t.num_elements() as usize)
                    .map(|i| ((i * 7 + k * 3) % 11) as f64 / 4.0 - 1.25)
                    .collect();
                literal_from_f64(t, &v)
            })
            .collect();
        let want = eval_func(&f, &args).unwrap();
        let tensors: Vec<Tensor> = args
            .iter()
            .map(|a| {
                let shape: Vec<u64> = a.ty.shape.iter().map(|&d| d as u64).collect();
                Tensor::from_bytes(a.ty.dtype, &shape, a.bytes.as_ref()).unwrap()
            })
            .collect();
        // Twice: the second call finds the first one's data in the arena.
        for call in 0..2 {
            let got = exe.run(&tensors.iter().collect::<Vec<_>>()).unwrap();
            for (k, (g, w)) in got.iter().zip(&want).enumerate() {
                let shape: Vec<u64> = w.ty.shape.iter().map(|&d| d as u64).collect();
                assert_eq!(g.shape, shape, "output {k} at size {size}");
                let f32s = |b: &[u8]| -> Vec<f32> {
                    b.chunks(4)
                        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
                        .collect()
                };
                for (i, (x, y)) in f32s(g.bytes())
                    .iter()
                    .zip(f32s(w.bytes.as_ref()))
                    .enumerate()
                {
                    assert!(
                        (x - y).abs() <= 1e-5 * (1.0 + y.abs()),
                        "output {k} at size {size}, call {call}, element {i}: {x} != {y}"
                    );
                }
            }
        }
    }
    pjx
}

/// The lowered kernels of `src` bounded at `bound`, straight from the bound function
/// (no fold or CSE): their run-time limits.
fn kernel_limits(src: &str, bound: i64) -> Vec<(String, Vec<(usize, usize)>)> {
    let module = frontend::parse(src.as_bytes()).unwrap();
    let f = inline::inline_entry(&module).unwrap();
    let b = refine::bound(&f, &bounds(bound)).unwrap();
    let lowered = super::lower(&b.func, &crate::compiler::codegen::Target::host()).unwrap();
    lowered
        .kernels
        .iter()
        .map(|k| (k.name.clone(), k.limits.clone()))
        .collect()
}

const INNER: &str = r#"
func.func @main(%x: tensor<3x?xf32>, %w: tensor<?x5xf32>) -> (tensor<3x?xf32>, tensor<3x5xf32>, tensor<?x3xf32>, tensor<3xf32>) {
  %e = stablehlo.exponential %x : tensor<3x?xf32>
  %s = stablehlo.multiply %e, %x : tensor<3x?xf32>
  %d = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<3x?xf32>, tensor<?x5xf32>) -> tensor<3x5xf32>
  %t = stablehlo.transpose %s, dims = [1, 0] : (tensor<3x?xf32>) -> tensor<?x3xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<3x?xf32>, tensor<f32>) -> tensor<3xf32>
  return %s, %d, %t, %m : tensor<3x?xf32>, tensor<3x5xf32>, tensor<?x3xf32>, tensor<3xf32>
}
"#;

#[test]
fn an_inner_dynamic_dimension_limits_kernels_and_a_gemms_terms() {
    let pjx = check(INNER, 9, &[1, 4, 7, 9]);
    // The contraction along the dynamic dimension stops at its size.
    let mut terms = 0;
    walk_steps(&pjx.steps, &mut |s| {
        if let Step::Gemm(g) = s {
            terms += g.extents[3].is_some() as usize;
        }
    });
    assert_eq!(terms, 1, "{:#?}", pjx.steps);
    // The elementwise result is written along its inner dimension up to the size only.
    let limits = kernel_limits(INNER, 9);
    assert!(
        limits.iter().any(|(_, l)| l.iter().any(|&(d, _)| d == 1)),
        "{limits:?}"
    );
}

#[test]
fn an_outer_dynamic_dimension_limits_workgroups_rows_and_batches() {
    // Rows of a dense layer with a bias, a batched product over the dynamic batch, and a
    // row reduction: each step's leading units follow the size.
    let pjx = check(
        r#"
func.func @main(%x: tensor<?x6xf32>, %w: tensor<6x10xf32>, %y: tensor<?x2x6xf32>) -> (tensor<?x10xf32>, tensor<?x2x2xf32>, tensor<?xf32>) {
  %d = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<?x6xf32>, tensor<6x10xf32>) -> tensor<?x10xf32>
  %t = stablehlo.tanh %d : tensor<?x10xf32>
  %bb = stablehlo.dot_general %y, %y, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<?x2x6xf32>, tensor<?x2x6xf32>) -> tensor<?x2x2xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<?x6xf32>, tensor<f32>) -> tensor<?xf32>
  return %t, %bb, %r : tensor<?x10xf32>, tensor<?x2x2xf32>, tensor<?xf32>
}
"#,
        13,
        &[1, 2, 6, 13],
    );
    let (mut rows, mut batches, mut workgroups) = (0, 0, 0);
    walk_steps(&pjx.steps, &mut |s| match s {
        Step::Gemm(g) => {
            rows += g.extents[1].is_some() as usize;
            batches += g.extents[0].is_some() as usize;
        }
        Step::Dispatch { extent, .. } => workgroups += extent.is_some() as usize,
        _ => {}
    });
    assert!(
        rows >= 1 && batches >= 1 && workgroups >= 1,
        "{:#?}",
        pjx.steps
    );
}

#[test]
fn a_convolution_in_another_layout_runs_the_images_of_the_batch() {
    // Batch second in the input, last in the output: the relayouts around the step carry
    // the batch's size to the canonical buffers, and the step runs that many images.
    let pjx = check(
        r#"
func.func @main(%x: tensor<3x?x6x5xf32>, %w: tensor<2x3x3x4xf32>) -> tensor<4x6x3x?xf32> {
  %c = stablehlo.convolution(%x, %w) dim_numbers = [f, b, 0, 1]x[0, 1, i, o]->[f, 0, 1, b], window = {stride = [1, 2], pad = [[0, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<3x?x6x5xf32>, tensor<2x3x3x4xf32>) -> tensor<4x6x3x?xf32>
  return %c : tensor<4x6x3x?xf32>
}
"#,
        7,
        &[1, 3, 7],
    );
    let mut images = 0;
    walk_steps(&pjx.steps, &mut |s| {
        if let Step::Conv(c) = s {
            images += c.extent.is_some() as usize;
        }
    });
    assert_eq!(images, 1, "{:#?}", pjx.steps);
}
