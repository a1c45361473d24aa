//! Gemm epilogues end to end: which `dot -> add(bias) [-> maximum(0)]` chains become one
//! Gemm step, and that every program gives the reference evaluator's bits three ways
//! ([`three_ways`]). Inputs are small integers and halves, so every order of summation
//! is exact and the comparison can be bit for bit.

use super::LoweredProgram;
use super::tests::three_ways;
use crate::compiler::eval::literal_from_f64;
use crate::compiler::ir::*;
use pjrtc_runtime::format::{Activation, Epilogue, Gemm, Region, Step};

/// `count` values from `{-3, -1, 1, 3}` (no zeros: no signed-zero sums), plus `shift`.
fn odd(shape: &[i64], seed: usize, shift: f64) -> Literal {
    let ty = TensorType::new(DType::F32, shape);
    let n = ty.num_elements() as usize;
    let v: Vec<f64> = (0..n)
        .map(|i| (((i * 5 + seed) % 4) as f64) * 2.0 - 3.0 + shift)
        .collect();
    literal_from_f64(ty, &v)
}

fn gemms(p: &LoweredProgram) -> Vec<&Gemm> {
    p.steps
        .iter()
        .filter_map(|s| match s {
            Step::Gemm(g) => Some(g),
            _ => None,
        })
        .collect()
}

fn dispatches(p: &LoweredProgram) -> usize {
    p.steps
        .iter()
        .filter(|s| matches!(s, Step::Dispatch { .. }))
        .count()
}

fn input(i: u32) -> pjrtc_runtime::format::BufRef {
    pjrtc_runtime::format::BufRef {
        region: Region::Input(i),
        offset: 0,
        size: 0,
    }
}

fn bias_in(i: u32, relu: bool) -> Epilogue {
    Epilogue {
        scale: None,
        bias: Some(input(i)),
        activation: if relu {
            Activation::Relu
        } else {
            Activation::None
        },
    }
}

fn clamp(lo: f32, hi: f32) -> Activation {
    Activation::Clamp {
        lo: lo.to_bits(),
        hi: hi.to_bits(),
    }
}

/// The epilogue with the vectors' offsets and sizes dropped (they are the planner's).
fn shape_of(e: &Epilogue) -> Epilogue {
    let drop = |b: Option<pjrtc_runtime::format::BufRef>| {
        b.map(|b| pjrtc_runtime::format::BufRef {
            offset: 0,
            size: 0,
            ..b
        })
    };
    Epilogue {
        scale: drop(e.scale),
        bias: drop(e.bias),
        ..*e
    }
}

/// Two dense layers as JAX prints them (bias broadcast in two steps, ReLU as a maximum
/// with a broadcast zero): two Gemm steps and nothing else; the second writes the output.
#[test]
fn dense_layers_are_gemms_with_epilogues() {
    let src = r#"
func.func public @main(%x: tensor<5x7xf32>, %w1: tensor<7x20xf32>, %b1: tensor<20xf32>,
                       %w2: tensor<20x3xf32>, %b2: tensor<3xf32>) -> tensor<5x3xf32> {
  %0 = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<5x7xf32>, tensor<7x20xf32>) -> tensor<5x20xf32>
  %1 = stablehlo.broadcast_in_dim %b1, dims = [1] : (tensor<20xf32>) -> tensor<1x20xf32>
  %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x20xf32>) -> tensor<5x20xf32>
  %3 = stablehlo.add %0, %2 : tensor<5x20xf32>
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x20xf32>
  %5 = stablehlo.maximum %3, %4 : tensor<5x20xf32>
  %6 = stablehlo.dot_general %5, %w2, contracting_dims = [1] x [0] : (tensor<5x20xf32>, tensor<20x3xf32>) -> tensor<5x3xf32>
  %7 = stablehlo.broadcast_in_dim %b2, dims = [1] : (tensor<3xf32>) -> tensor<5x3xf32>
  %8 = stablehlo.add %7, %6 : tensor<5x3xf32>
  return %8 : tensor<5x3xf32>
}"#;
    let args = [
        odd(&[5, 7], 0, 0.0),
        odd(&[7, 20], 1, 0.0),
        odd(&[20], 2, 0.5),
        odd(&[20, 3], 3, 0.0),
        odd(&[3], 1, 0.5),
    ];
    let (out, p) = three_ways(src, &args);
    // Some elements of the first layer are cut by the ReLU, some pass it.
    assert!(out[0].iter().any(|&b| b != 0));
    assert_eq!(dispatches(&p), 0, "{:?}", p.steps);
    let g = gemms(&p);
    assert_eq!(g.len(), 2);
    assert_eq!(shape_of(&g[0].epilogue), bias_in(2, true));
    assert_eq!(shape_of(&g[1].epilogue), bias_in(4, false));
    assert_eq!(g[1].out.buf.region, Region::Output(0));
}

/// A batched product whose columns are two dims (`n = 4 * 2`), with the bias a reshaped
/// vector of 8 and the zero the maximum's first operand.
#[test]
fn batched_product_with_two_column_dims() {
    let src = r#"
func.func public @main(%x: tensor<2x3x5xf32>, %w: tensor<2x5x4x2xf32>, %b: tensor<8xf32>) -> tensor<2x3x4x2xf32> {
  %0 = stablehlo.dot_general %x, %w, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x5xf32>, tensor<2x5x4x2xf32>) -> tensor<2x3x4x2xf32>
  %1 = stablehlo.reshape %b : (tensor<8xf32>) -> tensor<4x2xf32>
  %2 = stablehlo.broadcast_in_dim %1, dims = [2, 3] : (tensor<4x2xf32>) -> tensor<2x3x4x2xf32>
  %3 = stablehlo.add %2, %0 : tensor<2x3x4x2xf32>
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<2x3x4x2xf32>
  %4 = stablehlo.maximum %cst, %3 : tensor<2x3x4x2xf32>
  return %4 : tensor<2x3x4x2xf32>
}"#;
    let args = [
        odd(&[2, 3, 5], 0, 0.0),
        odd(&[2, 5, 4, 2], 2, 0.0),
        odd(&[8], 3, 0.5),
    ];
    let (_, p) = three_ways(src, &args);
    assert_eq!(dispatches(&p), 0, "{:?}", p.steps);
    let g = gemms(&p);
    assert_eq!(g.len(), 1);
    assert_eq!((g[0].batch, g[0].m, g[0].n), (2, 3, 8));
    assert_eq!(shape_of(&g[0].epilogue), bias_in(2, true));
}

/// A constant bias stays a vector: folding keeps the broadcast (no 5 x 3 matrix in the
/// constants section) and the Gemm reads the vector.
#[test]
fn constant_bias_stays_a_vector() {
    let src = r#"
func.func public @main(%x: tensor<5x7xf32>, %w: tensor<7x3xf32>) -> tensor<5x3xf32> {
  %b = stablehlo.constant dense<[5.000000e-01, -1.500000e+00, 2.500000e+00]> : tensor<3xf32>
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<5x7xf32>, tensor<7x3xf32>) -> tensor<5x3xf32>
  %1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<3xf32>) -> tensor<5x3xf32>
  %2 = stablehlo.add %0, %1 : tensor<5x3xf32>
  return %2 : tensor<5x3xf32>
}"#;
    let (_, p) = three_ways(src, &[odd(&[5, 7], 0, 0.0), odd(&[7, 3], 1, 0.0)]);
    assert_eq!(dispatches(&p), 0, "{:?}", p.steps);
    let g = gemms(&p);
    let bias = g[0].epilogue.bias.expect("a bias");
    assert_eq!((bias.region, bias.size), (Region::Constant, 12));
    assert_eq!(p.constants.len(), 12);
}

/// Chains the epilogue cannot take, each checked for its result and for what stays a
/// kernel: `(source, epilogue expected, dispatches expected)`.
#[test]
fn other_chains_keep_their_kernels() {
    let head = "func.func public @main(%x: tensor<5x7xf32>, %w: tensor<7x3xf32>, \
                %b: tensor<3xf32>, %r: tensor<5xf32>) -> (tensor<5x3xf32>, tensor<5x3xf32>) {\n\
                %d = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : \
                (tensor<5x7xf32>, tensor<7x3xf32>) -> tensor<5x3xf32>\n\
                %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<3xf32>) -> tensor<5x3xf32>\n";
    let cases: [(&str, &str, Option<Epilogue>, usize); 7] = [
        (
            "bias along the rows",
            "%rb = stablehlo.broadcast_in_dim %r, dims = [0] : (tensor<5xf32>) -> tensor<5x3xf32>
             %s = stablehlo.add %d, %rb : tensor<5x3xf32>
             return %s, %rb : tensor<5x3xf32>, tensor<5x3xf32>",
            None,
            2,
        ),
        (
            "the product read twice",
            "%s = stablehlo.add %d, %bb : tensor<5x3xf32>
             return %s, %d : tensor<5x3xf32>, tensor<5x3xf32>",
            None,
            1,
        ),
        (
            "a maximum with 0.5: a clamp from below",
            "%h = stablehlo.constant dense<5.000000e-01> : tensor<5x3xf32>
             %s = stablehlo.add %d, %bb : tensor<5x3xf32>
             %m = stablehlo.maximum %s, %h : tensor<5x3xf32>
             return %m, %bb : tensor<5x3xf32>, tensor<5x3xf32>",
            Some(Epilogue {
                activation: clamp(0.5, f32::INFINITY),
                ..bias_in(2, false)
            }),
            1,
        ),
        (
            "a maximum with -0: not a ReLU, a clamp at -0",
            "%h = stablehlo.constant dense<-0.000000e+00> : tensor<5x3xf32>
             %s = stablehlo.add %d, %bb : tensor<5x3xf32>
             %m = stablehlo.maximum %s, %h : tensor<5x3xf32>
             return %m, %bb : tensor<5x3xf32>, tensor<5x3xf32>",
            Some(Epilogue {
                activation: clamp(-0.0, f32::INFINITY),
                ..bias_in(2, false)
            }),
            1,
        ),
        (
            "a minimum with a bound below the maximum's: the maximum only",
            "%lo = stablehlo.constant dense<1.000000e+00> : tensor<5x3xf32>
             %hi = stablehlo.constant dense<-1.000000e+00> : tensor<5x3xf32>
             %s = stablehlo.add %d, %bb : tensor<5x3xf32>
             %m = stablehlo.maximum %s, %lo : tensor<5x3xf32>
             %n = stablehlo.minimum %hi, %m : tensor<5x3xf32>
             return %n, %bb : tensor<5x3xf32>, tensor<5x3xf32>",
            Some(Epilogue {
                activation: clamp(1.0, f32::INFINITY),
                ..bias_in(2, false)
            }),
            2,
        ),
        (
            "the add read twice: the bias only",
            "%z = stablehlo.constant dense<0.000000e+00> : tensor<5x3xf32>
             %s = stablehlo.add %d, %bb : tensor<5x3xf32>
             %m = stablehlo.maximum %s, %z : tensor<5x3xf32>
             return %m, %s : tensor<5x3xf32>, tensor<5x3xf32>",
            Some(bias_in(2, false)),
            1,
        ),
        (
            "a bias computed after the product",
            "%b2 = stablehlo.multiply %b, %b : tensor<3xf32>
             %b2b = stablehlo.broadcast_in_dim %b2, dims = [1] : (tensor<3xf32>) -> tensor<5x3xf32>
             %s = stablehlo.add %d, %b2b : tensor<5x3xf32>
             return %s, %bb : tensor<5x3xf32>, tensor<5x3xf32>",
            None,
            3,
        ),
    ];
    let args = [
        odd(&[5, 7], 0, 0.0),
        odd(&[7, 3], 1, 0.0),
        odd(&[3], 2, 0.5),
        odd(&[5], 3, 0.5),
    ];
    for (what, tail, epilogue, kernels) in cases {
        let src = format!("{head}{tail}\n}}");
        let (_, p) = three_ways(&src, &args);
        let g = gemms(&p);
        assert_eq!(g.len(), 1, "{what}");
        let want = epilogue.unwrap_or_default();
        assert_eq!(shape_of(&g[0].epilogue), want, "{what}");
        assert_eq!(dispatches(&p), kernels, "{what}: {:?}", p.steps);
    }
}

/// A batch-norm folded after a product: `x * scale + shift`, then relu6 as `jnp.clip`
/// writes it (maximum with a broadcast 0, minimum with a broadcast 6, the bounds first):
/// one Gemm step, scale and bias read from the parameters.
#[test]
fn scale_bias_and_relu6_on_a_product() {
    let src = r#"
func.func public @main(%x: tensor<6x9xf32>, %w: tensor<9x20xf32>, %s: tensor<20xf32>, %t: tensor<20xf32>) -> tensor<6x20xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<6x9xf32>, tensor<9x20xf32>) -> tensor<6x20xf32>
  %1 = stablehlo.broadcast_in_dim %s, dims = [1] : (tensor<20xf32>) -> tensor<6x20xf32>
  %2 = stablehlo.multiply %0, %1 : tensor<6x20xf32>
  %3 = stablehlo.broadcast_in_dim %t, dims = [1] : (tensor<20xf32>) -> tensor<6x20xf32>
  %4 = stablehlo.add %2, %3 : tensor<6x20xf32>
  %z = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %zb = stablehlo.broadcast_in_dim %z, dims = [] : (tensor<f32>) -> tensor<6x20xf32>
  %5 = stablehlo.maximum %zb, %4 : tensor<6x20xf32>
  %six = stablehlo.constant dense<6.000000e+00> : tensor<f32>
  %sb = stablehlo.broadcast_in_dim %six, dims = [] : (tensor<f32>) -> tensor<6x20xf32>
  %6 = stablehlo.minimum %sb, %5 : tensor<6x20xf32>
  return %6 : tensor<6x20xf32>
}"#;
    let args = [
        odd(&[6, 9], 0, 0.0),
        odd(&[9, 20], 1, 0.0),
        odd(&[20], 2, 0.0),
        odd(&[20], 3, 0.5),
    ];
    let (out, p) = three_ways(src, &args);
    // Values below 0, inside (0, 6) and above 6 all occur.
    let v: Vec<f32> = out[0]
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes(b.try_into().unwrap()))
        .collect();
    assert!(v.contains(&0.0) && v.contains(&6.0) && v.iter().any(|&x| x > 0.0 && x < 6.0));
    assert_eq!(dispatches(&p), 0, "{:?}", p.steps);
    let g = gemms(&p);
    assert_eq!(g.len(), 1);
    let want = Epilogue {
        scale: Some(input(2)),
        bias: Some(input(3)),
        activation: clamp(0.0, 6.0),
    };
    assert_eq!(shape_of(&g[0].epilogue), want);
}

fn convs(p: &LoweredProgram) -> Vec<&pjrtc_runtime::format::Conv> {
    p.steps
        .iter()
        .filter_map(|s| match s {
            Step::Conv(c) => Some(c),
            _ => None,
        })
        .collect()
}

/// A depthwise conv with a folded batch-norm and relu6 (the MobileNet block, batch 2, 5
/// channels, stride 2): one Conv step with the epilogue; the same chain after an NCHW
/// conv (not written in place) stays a kernel.
#[test]
fn conv_epilogues() {
    let src = r#"
func.func public @main(%x: tensor<2x7x6x5xf32>, %k: tensor<3x3x1x5xf32>, %s: tensor<5xf32>, %t: tensor<5xf32>) -> tensor<2x4x3x5xf32> {
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 5 : i64} : (tensor<2x7x6x5xf32>, tensor<3x3x1x5xf32>) -> tensor<2x4x3x5xf32>
  %1 = stablehlo.broadcast_in_dim %s, dims = [3] : (tensor<5xf32>) -> tensor<2x4x3x5xf32>
  %2 = stablehlo.multiply %0, %1 : tensor<2x4x3x5xf32>
  %3 = stablehlo.broadcast_in_dim %t, dims = [3] : (tensor<5xf32>) -> tensor<2x4x3x5xf32>
  %4 = stablehlo.add %2, %3 : tensor<2x4x3x5xf32>
  %z = stablehlo.constant dense<0.000000e+00> : tensor<2x4x3x5xf32>
  %5 = stablehlo.maximum %z, %4 : tensor<2x4x3x5xf32>
  %six = stablehlo.constant dense<6.000000e+00> : tensor<2x4x3x5xf32>
  %6 = stablehlo.minimum %six, %5 : tensor<2x4x3x5xf32>
  return %6 : tensor<2x4x3x5xf32>
}"#;
    let args = [
        odd(&[2, 7, 6, 5], 0, 0.0),
        odd(&[3, 3, 1, 5], 1, 0.0),
        odd(&[5], 2, 0.0),
        odd(&[5], 3, 0.5),
    ];
    let (_, p) = three_ways(src, &args);
    assert_eq!(dispatches(&p), 0, "{:?}", p.steps);
    let c = convs(&p);
    assert_eq!(c.len(), 1);
    let want = Epilogue {
        scale: Some(input(2)),
        bias: Some(input(3)),
        activation: clamp(0.0, 6.0),
    };
    assert_eq!(shape_of(&c[0].epilogue), want);
    assert_eq!(c[0].output.region, Region::Output(0));

    let nchw = r#"
func.func public @main(%x: tensor<1x3x6x6xf32>, %k: tensor<4x3x3x3xf32>, %t: tensor<4xf32>) -> tensor<1x4x6x6xf32> {
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x6x6xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  %1 = stablehlo.broadcast_in_dim %t, dims = [1] : (tensor<4xf32>) -> tensor<1x4x6x6xf32>
  %2 = stablehlo.add %0, %1 : tensor<1x4x6x6xf32>
  return %2 : tensor<1x4x6x6xf32>
}"#;
    let args = [
        odd(&[1, 3, 6, 6], 0, 0.0),
        odd(&[4, 3, 3, 3], 1, 0.0),
        odd(&[4], 2, 0.5),
    ];
    let (_, p) = three_ways(nchw, &args);
    let c = convs(&p);
    assert_eq!(c.len(), 1);
    assert!(c[0].epilogue.is_identity(), "{:?}", c[0].epilogue);
}
