//! The legalization against the evaluator's spec-level oracle (`eval::quant`), and the
//! compiled programs against the legalized ones, on variants the conformance files do not
//! use: per-axis types on every axis, narrow storage ranges, unsigned, 4- and 16-bit
//! storage, f16/bf16 expressed types, odd sizes, other layouts.
//!
//! Quantized results compare as stored integers. Where the legalization computes in
//! integers what the spec computes in floats (add, requantization, dot_general,
//! convolution) they may differ by one step when the float result lies within rounding
//! error of a rounding boundary; elsewhere the ops are the same and must agree exactly.
use super::legalize;
use crate::compiler::eval::{eval_func, literal_bits, literal_from_bits};
use crate::compiler::ir::{DType, Func, Literal, TensorType};
use crate::compiler::{Options, compile_module, frontend, passes};
use pjrtc_runtime::{Executable, Tensor};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Uniform in `[lo, hi]`.
    fn int(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }

    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

fn entry(src: &str) -> Func {
    let m = frontend::parse(src.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{src}"));
    passes::verify::verify_module(&m).unwrap_or_else(|e| panic!("{e}\n{src}"));
    passes::inline::inline_entry(&m).unwrap()
}

/// Random arguments: stored integers over the storage range (at most +-1000, so that
/// 32-bit values stay exact in the oracle's f32), floats over `+-span` with a few special
/// values and exact ties of the first quantized result's grid.
fn args(f: &Func, rng: &mut Rng, span: f64) -> Vec<Literal> {
    f.param_types()
        .into_iter()
        .map(|t| {
            let n = t.num_elements() as usize;
            let bits: Vec<u64> = match &t.quant {
                Some(q) => (0..n)
                    .map(|_| {
                        let v = rng.int(q.storage_min.max(-1000), q.storage_max.min(1000));
                        q.storage.wrap_int(v as i128)
                    })
                    .collect(),
                None if t.dtype.is_float() => (0..n)
                    .map(|i| {
                        let x = match i % 17 {
                            3 => f64::NAN,
                            5 => f64::INFINITY,
                            7 => -0.0,
                            11 => (rng.int(-40, 40) as f64 + 0.5) * 0.25,
                            _ => (rng.unit() * 2.0 - 1.0) * span,
                        };
                        crate::compiler::eval::literal_bits(
                            &crate::compiler::eval::literal_from_f64(
                                TensorType::scalar(t.dtype),
                                &[x],
                            ),
                        )[0]
                    })
                    .collect(),
                None => {
                    let (lo, hi) = t.dtype.int_range();
                    (0..n)
                        .map(|_| {
                            t.dtype
                                .wrap_int(rng.int(lo.max(-3) as i64, hi.min(9) as i64) as i128)
                        })
                        .collect()
                }
            };
            literal_from_bits(t, &bits)
        })
        .collect()
}

/// Element values for comparison: stored integers, or float bits.
fn values(l: &Literal) -> Vec<i128> {
    literal_bits(l)
        .iter()
        .map(|&b| {
            if l.ty.dtype.is_float() {
                b as i128
            } else {
                l.ty.dtype.int_value(b)
            }
        })
        .collect()
}

/// How closely two results must agree.
#[derive(Clone, Copy)]
enum Agree {
    /// Bit for bit.
    Exact,
    /// Stored integers within one step in at most 2% of the elements: where one side
    /// rounds exact integers and the other floats, they differ only where the float
    /// result lies within rounding error of a rounding boundary. A systematic error
    /// (truncating instead of rounding, a wrong zero point) would be frequent.
    RareStep,
    /// Stored integers within one step anywhere (add rounds each requantized operand,
    /// the spec only the sum).
    Step,
}

/// Integers as `agree` says; floats within `ulps` (NaNs by bits).
fn assert_close(
    what: &str,
    got: &Literal,
    want: &Literal,
    agree: Agree,
    ulps: i128,
    ty: &TensorType,
) {
    let (mut g, mut w) = (values(got), values(want));
    assert_eq!(g.len(), w.len(), "{what}");
    let tol = if ty.dtype.is_float() {
        // Float bits as a monotonic integer line, so ulp distance is a difference.
        let bits = ty.dtype.bits();
        let line = |b: i128| {
            let sign = 1i128 << (bits - 1);
            if b & sign != 0 { -(b & (sign - 1)) } else { b }
        };
        g.iter_mut().for_each(|b| *b = line(*b));
        w.iter_mut().for_each(|b| *b = line(*b));
        ulps
    } else {
        match agree {
            Agree::Exact => 0,
            Agree::RareStep | Agree::Step => 1,
        }
    };
    let bad: Vec<(usize, i128, i128)> = g
        .iter()
        .zip(&w)
        .enumerate()
        .filter(|(_, (a, b))| (*a - *b).abs() > tol)
        .map(|(i, (a, b))| (i, *a, *b))
        .take(5)
        .collect();
    assert!(bad.is_empty(), "{what}: {ty}: (index, got, want) {bad:?}");
    let off = g.iter().zip(&w).filter(|(a, b)| a != b).count();
    if matches!(agree, Agree::RareStep) && !ty.dtype.is_float() {
        assert!(
            off * 50 <= g.len().max(50),
            "{what}: {ty}: {off} of {} elements differ",
            g.len()
        );
    }
}

/// Runs `src` (whose @main takes random arguments) as the oracle on the quantized program,
/// the evaluator on the legalized one, and compiled: the legalized results agree with the
/// oracle as `agree` says, the compiled ones with the legalized ones as `run` says.
fn check(src: &str, agree: Agree, run: Agree) {
    let f = entry(src);
    let mut legal = f.clone();
    assert!(legalize(&mut legal).unwrap());
    passes::verify::verify_func(&legal).unwrap_or_else(|e| panic!("{e}"));
    assert!(legal.values.iter().all(|t| !t.is_quantized()));
    let pjx = compile_module(
        &frontend::parse(src.as_bytes()).unwrap(),
        &Options::default(),
        &mut Default::default(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let exe = Executable::load(&pjx.to_bytes()).unwrap();
    let mut rng = Rng(0x9e3779b97f4a7c15);
    for round in 0..3 {
        let a = args(&f, &mut rng, 3.0);
        let oracle = eval_func(&f, &a).unwrap_or_else(|e| panic!("oracle: {e}"));
        let storage: Vec<Literal> = a
            .iter()
            .map(|l| Literal {
                ty: l.ty.storage(),
                bytes: l.bytes.clone(),
            })
            .collect();
        let got = eval_func(&legal, &storage).unwrap_or_else(|e| panic!("legalized: {e}"));
        for (i, (g, o)) in got.iter().zip(&oracle).enumerate() {
            assert_close(
                &format!("round {round} result {i}"),
                g,
                o,
                agree,
                0,
                &f.result_types[i],
            );
        }
        let inputs: Vec<Tensor> = storage
            .iter()
            .map(|l| {
                let shape: Vec<u64> = l.ty.shape.iter().map(|&d| d as u64).collect();
                Tensor::from_bytes(l.ty.dtype, &shape, &l.bytes).unwrap()
            })
            .collect();
        let refs: Vec<&Tensor> = inputs.iter().collect();
        let ran = exe.run(&refs).unwrap();
        for (i, (r, g)) in ran.iter().zip(&got).enumerate() {
            let r = Literal::new(g.ty.clone(), r.bytes().to_vec());
            // Compiled float sums may add in another order: a few ulp.
            assert_close(
                &format!("round {round} compiled result {i}"),
                &r,
                g,
                run,
                4,
                &g.ty,
            );
        }
    }
}

/// Per-axis parameters for `n` channels, `!quant.uniform<storage:expressed:axis, {...}>`.
fn per_axis(storage: &str, expressed: &str, axis: usize, n: usize, seed: u64) -> String {
    per_axis_scaled(storage, expressed, axis, n, seed, 0.01)
}

/// Per-axis parameters with scales in `[s, 11 s]`.
fn per_axis_scaled(
    storage: &str,
    expressed: &str,
    axis: usize,
    n: usize,
    seed: u64,
    s: f64,
) -> String {
    let mut rng = Rng(seed | 1);
    let (lo, hi) = match storage {
        "u8" => (0, 255),
        "i4" => (-8, 7),
        "u4" => (0, 15),
        _ => (-100, 100),
    };
    let params: Vec<String> = (0..n)
        .map(|_| {
            let scale = s * (1.0 + rng.unit() * 10.0);
            format!("{scale:?}:{}", rng.int(lo / 2, hi / 2))
        })
        .collect();
    format!(
        "!quant.uniform<{storage}:{expressed}:{axis}, {{{}}}>",
        params.join(",")
    )
}

#[test]
fn quantize_rounds_ties_to_even_clamps_and_maps_nan_to_zero() {
    let q = "!quant.uniform<i8<-127:127>:f32, 0.5:3>";
    let src = format!(
        "func.func @main(%x: tensor<9xf32>) -> tensor<9x{q}> {{
  %0 = stablehlo.uniform_quantize %x : (tensor<9xf32>) -> tensor<9x{q}>
  return %0 : tensor<9x{q}>
}}"
    );
    let f = entry(&src);
    let xs = [
        0.25,
        0.75,
        -1.75,
        100.0,
        -100.0,
        f64::NAN,
        f64::INFINITY,
        -0.0,
        61.9,
    ];
    let x = crate::compiler::eval::literal_from_f64(TensorType::new(DType::F32, [9]), &xs);
    // x / 0.5 + 3: 3.5 -> 4, 4.5 -> 4, -0.5 -> -0 (ties to even), clamped to +-127,
    // NaN -> 0, 126.8 -> 127.
    let want = [4, 4, 0, 127, -127, 0, 127, 3, 127];
    let oracle = eval_func(&f, std::slice::from_ref(&x)).unwrap();
    assert_eq!(values(&oracle[0]), want.map(i128::from));
    let mut legal = f.clone();
    legalize(&mut legal).unwrap();
    let got = eval_func(&legal, &[x]).unwrap();
    assert_eq!(values(&got[0]), want.map(i128::from));
    check(&src, Agree::Exact, Agree::Exact);
}

#[test]
fn spec_examples_of_uniform_quantize() {
    let (a, b) = (
        "!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>",
        "!quant.uniform<i8:f32:0, {0.1:-20,0.2:-30}>",
    );
    let src = format!(
        "func.func @main(%x: tensor<2xf32>) -> (tensor<2x{a}>, tensor<2x{b}>) {{
  %0 = stablehlo.uniform_quantize %x : (tensor<2xf32>) -> tensor<2x{a}>
  %1 = stablehlo.uniform_quantize %0 : (tensor<2x{a}>) -> tensor<2x{b}>
  return %0, %1 : tensor<2x{a}>, tensor<2x{b}>
}}"
    );
    let mut f = entry(&src);
    let x = crate::compiler::eval::literal_from_f64(TensorType::new(DType::F32, [2]), &[4.0, 15.0]);
    for legalized in [false, true] {
        if legalized {
            legalize(&mut f).unwrap();
        }
        let out = eval_func(&f, std::slice::from_ref(&x)).unwrap();
        assert_eq!(values(&out[0]), [10, 10], "legalized: {legalized}");
        assert_eq!(values(&out[1]), [20, 45], "legalized: {legalized}");
    }
}

#[test]
fn quantize_and_dequantize_per_axis_along_every_axis() {
    for (axis, n) in [(0, 3), (1, 5), (2, 7)] {
        for (storage, expressed) in [("u8", "f32"), ("i4", "f16"), ("i16", "bf16"), ("u4", "f32")] {
            let q = per_axis(storage, expressed, axis, n, 7 + axis as u64);
            let (t, tq) = (
                format!("tensor<3x5x7x{expressed}>"),
                format!("tensor<3x5x7x{q}>"),
            );
            let src = format!(
                "func.func @main(%x: {t}, %s: {tq}) -> ({tq}, {t}) {{
  %0 = stablehlo.uniform_quantize %x : ({t}) -> {tq}
  %1 = stablehlo.uniform_dequantize %s : ({tq}) -> {t}
  return %0, %1 : {tq}, {t}
}}"
            );
            check(&src, Agree::Exact, Agree::Exact);
        }
    }
}

#[test]
fn requantization_is_within_one_step_of_the_spec() {
    let cases = [
        // per-tensor -> per-axis, i8 -> u8 with a narrow range
        (
            "!quant.uniform<i8:f32, 0.05:-7>".to_string(),
            "!quant.uniform<u8<1:250>:f32:1, {0.03:100,0.11:5,0.07:200,0.5:128,0.02:1}>"
                .to_string(),
        ),
        // per-axis -> per-axis along the same axis
        (
            per_axis("i8", "f32", 1, 5, 3),
            per_axis("i8", "f32", 1, 5, 4),
        ),
        // per-axis -> per-tensor, 16-bit storage
        (
            per_axis("i16", "f32", 1, 5, 5),
            "!quant.uniform<i8:f32, 0.2:3>".to_string(),
        ),
        // i32 -> i8 (a dot or convolution result narrowed)
        (
            "!quant.uniform<i32:f32, 1.5e-5>".to_string(),
            "!quant.uniform<i8:f32, 0.004:-128>".to_string(),
        ),
    ];
    for (a, b) in cases {
        let src = format!(
            "func.func @main(%x: tensor<3x5x{a}>) -> tensor<3x5x{b}> {{
  %0 = stablehlo.uniform_quantize %x : (tensor<3x5x{a}>) -> tensor<3x5x{b}>
  return %0 : tensor<3x5x{b}>
}}"
        );
        check(&src, Agree::RareStep, Agree::Exact);
    }
}

#[test]
fn add_requantizes_both_operands_to_the_result() {
    let (a, b, c) = (
        "!quant.uniform<i8:f32, 0.031:-3>",
        "!quant.uniform<i8:f32, 0.017:12>",
        "!quant.uniform<i8<-100:100>:f32, 0.043:5>",
    );
    let src = format!(
        "func.func @main(%x: tensor<3x7x{a}>, %y: tensor<3x7x{b}>) -> tensor<3x7x{c}> {{
  %0 = stablehlo.add %x, %y : (tensor<3x7x{a}>, tensor<3x7x{b}>) -> tensor<3x7x{c}>
  return %0 : tensor<3x7x{c}>
}}"
    );
    // Each operand is rounded to the result's grid before the sum (as StableHLO's lowering
    // does; tests/quantized and the conformance vectors check that exactly), the spec
    // rounds only the sum.
    check(&src, Agree::Step, Agree::Exact);
    // One per-axis i32 type throughout: integers added, the zero points subtracted.
    let q = "!quant.uniform<i32:f32:0, {0.5:3,0.25:-2,0.125:0}>";
    let src = format!(
        "func.func @main(%x: tensor<3x4x{q}>, %y: tensor<3x4x{q}>) -> tensor<3x4x{q}> {{
  %0 = stablehlo.add %x, %y : tensor<3x4x{q}>
  return %0 : tensor<3x4x{q}>
}}"
    );
    check(&src, Agree::Exact, Agree::Exact);
}

#[test]
fn dot_general_in_integers() {
    // Zero points on both sides, batch and two contracting dims, i32 result at the
    // product scale (the exact sum).
    let (l, r) = (
        "!quant.uniform<i8:f32, 0.0625:-5>",
        "!quant.uniform<i8:f32, 0.125:7>",
    );
    let o = "!quant.uniform<i32:f32, 0.0078125>";
    let src = format!(
        "func.func @main(%x: tensor<2x3x4x5x{l}>, %y: tensor<2x5x4x3x{r}>) -> tensor<2x3x3x{o}> {{
  %0 = stablehlo.dot_general %x, %y, batching_dims = [0] x [0], contracting_dims = [2, 3] x [2, 1] : (tensor<2x3x4x5x{l}>, tensor<2x5x4x3x{r}>) -> tensor<2x3x3x{o}>
  return %0 : tensor<2x3x3x{o}>
}}"
    );
    check(&src, Agree::Exact, Agree::Exact);
    // Per-axis rhs (along its free dimension 0, so result dimension 1) and result,
    // rescaled to i8.
    let r = zero_points_to_zero(&per_axis("i8", "f32", 0, 6, 11));
    // Output scales that keep most results inside the storage range.
    let o = per_axis_scaled("i8", "f32", 1, 6, 12, 0.15);
    let src = format!(
        "func.func @main(%x: tensor<3x11x{l}>, %y: tensor<6x11x{r}>) -> tensor<3x6x{o}> {{
  %0 = stablehlo.dot_general %x, %y, contracting_dims = [1] x [1] : (tensor<3x11x{l}>, tensor<6x11x{r}>) -> tensor<3x6x{o}>
  return %0 : tensor<3x6x{o}>
}}"
    );
    check(&src, Agree::RareStep, Agree::Exact);
    // Unsigned 8-bit storage (widened before the product), result in i16.
    let (l, r, o) = (
        "!quant.uniform<u8:f32, 0.02:128>",
        "!quant.uniform<u8:f32, 0.03:100>",
        "!quant.uniform<i16:f32, 0.05:-9>",
    );
    let src = format!(
        "func.func @main(%x: tensor<4x9x{l}>, %y: tensor<9x5x{r}>) -> tensor<4x5x{o}> {{
  %0 = stablehlo.dot_general %x, %y, contracting_dims = [1] x [0] : (tensor<4x9x{l}>, tensor<9x5x{r}>) -> tensor<4x5x{o}>
  return %0 : tensor<4x5x{o}>
}}"
    );
    check(&src, Agree::RareStep, Agree::Exact);
}

/// Per-axis parameters with every zero point 0.
fn zero_points_to_zero(q: &str) -> String {
    let (head, params) = q.split_once('{').unwrap();
    let params = params.trim_end_matches("}>");
    let scales: Vec<&str> = params
        .split(',')
        .map(|p| p.split(':').next().unwrap())
        .collect();
    format!("{head}{{{}}}>", scales.join(","))
}

#[test]
fn convolution_in_integers() {
    // NHWC/HWIO with a zero rhs zero point: lhs padded with its zero point explicitly,
    // per-axis kernel and result along the output features, strides.
    let l = "!quant.uniform<i8:f32, 0.05:9>";
    let k = zero_points_to_zero(&per_axis("i8", "f32", 3, 4, 21));
    let o = per_axis_scaled("i8", "f32", 3, 4, 22, 0.15);
    let src = format!(
        "func.func @main(%x: tensor<2x7x6x3x{l}>, %w: tensor<3x2x3x4x{k}>) -> tensor<2x4x7x4x{o}> {{
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {{stride = [2, 1], pad = [[1, 2], [0, 2]]}} {{batch_group_count = 1 : i64, feature_group_count = 1 : i64}} : (tensor<2x7x6x3x{l}>, tensor<3x2x3x4x{k}>) -> tensor<2x4x7x4x{o}>
  return %0 : tensor<2x4x7x4x{o}>
}}"
    );
    check(&src, Agree::RareStep, Agree::Exact);
    // NCHW/OIHW with lhs dilation, a nonzero rhs zero point and feature groups: widened
    // operands minus their zero points; i32 result at the product scale.
    let (l, k) = (
        "!quant.uniform<i8:f32, 0.25:-4>",
        "!quant.uniform<i8:f32, 0.5:-3>",
    );
    let o = "!quant.uniform<i32:f32, 0.125>";
    let src = format!(
        "func.func @main(%x: tensor<1x4x5x3x{l}>, %w: tensor<6x2x2x2x{k}>) -> tensor<1x6x10x4x{o}> {{
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {{pad = [[1, 1], [1, 1]], lhs_dilate = [2, 1]}} {{batch_group_count = 1 : i64, feature_group_count = 2 : i64}} : (tensor<1x4x5x3x{l}>, tensor<6x2x2x2x{k}>) -> tensor<1x6x10x4x{o}>
  return %0 : tensor<1x6x10x4x{o}>
}}"
    );
    check(&src, Agree::Exact, Agree::Exact);
}

#[test]
fn data_movement_moves_stored_integers() {
    let q = "!quant.uniform<i8:f32, 0.1:-2>";
    let pa = per_axis("u8", "f32", 2, 4, 31);
    let pt = pa.replace(":2,", ":0,");
    let pb = pa.replace(":2,", ":1,");
    let src = format!(
        "func.func @main(%x: tensor<3x5x{q}>, %y: tensor<3x5x4x{pa}>, %i: tensor<2x1xi32>) -> (tensor<5x3x{q}>, tensor<4x3x5x{pt}>, tensor<7x11x{q}>, tensor<2x5x{q}>, tensor<6x5x{q}>, tensor<2x3x{q}>, tensor<15x2x4x{pa}>, tensor<3x5x{q}>) {{
  %c = stablehlo.constant() <{{value = dense<5> : tensor<i8>}}> : () -> tensor<{q}>
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<3x5x{q}>) -> tensor<5x3x{q}>
  %1 = stablehlo.transpose %y, dims = [2, 0, 1] : (tensor<3x5x4x{pa}>) -> tensor<4x3x5x{pt}>
  %2 = stablehlo.pad %x, %c, low = [1, 2], high = [3, 0], interior = [0, 1] : (tensor<3x5x{q}>, tensor<{q}>) -> tensor<7x11x{q}>
  %3 = \"stablehlo.gather\"(%x, %i) <{{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 5>}}> : (tensor<3x5x{q}>, tensor<2x1xi32>) -> tensor<2x5x{q}>
  %4 = stablehlo.concatenate %x, %x, dim = 0 : (tensor<3x5x{q}>, tensor<3x5x{q}>) -> tensor<6x5x{q}>
  %5 = stablehlo.slice %x [0:3:2, 1:4] : (tensor<3x5x{q}>) -> tensor<2x3x{q}>
  %6 = stablehlo.reshape %y : (tensor<3x5x4x{pa}>) -> tensor<15x4x{pb}>
  %b = stablehlo.broadcast_in_dim %6, dims = [0, 2] : (tensor<15x4x{pb}>) -> tensor<15x2x4x{pa}>
  %7 = stablehlo.reverse %x, dims = [1] : tensor<3x5x{q}>
  return %0, %1, %2, %3, %4, %5, %b, %7 : tensor<5x3x{q}>, tensor<4x3x5x{pt}>, tensor<7x11x{q}>, tensor<2x5x{q}>, tensor<6x5x{q}>, tensor<2x3x{q}>, tensor<15x2x4x{pa}>, tensor<3x5x{q}>
}}"
    );
    check(&src, Agree::Exact, Agree::Exact);
}

#[test]
fn max_min_select_compare_and_elementwise_math() {
    let (a, b) = (
        "!quant.uniform<i8:f32, 0.05:3>",
        "!quant.uniform<u8:f32, 0.02:128>",
    );
    let src = format!(
        "func.func @main(%x: tensor<13x{a}>, %y: tensor<13x{a}>, %z: tensor<13x{b}>) -> (tensor<13x{a}>, tensor<13x{a}>, tensor<13x{a}>, tensor<13xi1>, tensor<13x{b}>, tensor<13x{b}>, tensor<13x{a}>, tensor<13x{b}>) {{
  %0 = stablehlo.maximum %x, %y : tensor<13x{a}>
  %1 = stablehlo.minimum %x, %y : tensor<13x{a}>
  %p = stablehlo.compare GT, %x, %z : (tensor<13x{a}>, tensor<13x{b}>) -> tensor<13xi1>
  %2 = stablehlo.select %p, %x, %y : tensor<13xi1>, tensor<13x{a}>
  %3 = stablehlo.tanh %x : (tensor<13x{a}>) -> tensor<13x{b}>
  %4 = stablehlo.multiply %x, %z : (tensor<13x{a}>, tensor<13x{b}>) -> tensor<13x{b}>
  %5 = stablehlo.negate %z : (tensor<13x{b}>) -> tensor<13x{a}>
  %6 = stablehlo.exponential %x : (tensor<13x{a}>) -> tensor<13x{b}>
  return %0, %1, %2, %p, %3, %4, %5, %6 : tensor<13x{a}>, tensor<13x{a}>, tensor<13x{a}>, tensor<13xi1>, tensor<13x{b}>, tensor<13x{b}>, tensor<13x{a}>, tensor<13x{b}>
}}"
    );
    // The compiled transcendental functions are within a few ulp of the evaluator's.
    check(&src, Agree::Exact, Agree::RareStep);
}

#[test]
fn reduce_and_iota_and_hybrid_dot() {
    let q = "!quant.uniform<i8:f32, 0.1:-4>";
    let k = per_axis("i8", "f32", 1, 3, 41);
    let src = format!(
        "func.func @main(%x: tensor<4x5x{q}>, %a: tensor<2x6xf32>, %w: tensor<6x3x{k}>) -> (tensor<4x{q}>, tensor<3x{q}>, tensor<2x3xf32>) {{
  %c = stablehlo.constant() <{{value = dense<-4> : tensor<i8>}}> : () -> tensor<{q}>
  %0 = \"stablehlo.reduce\"(%x, %c) <{{dimensions = array<i64: 1>}}> ({{
  ^bb0(%p: tensor<{q}>, %r: tensor<{q}>):
    %s = stablehlo.add %p, %r : tensor<{q}>
    stablehlo.return %s : tensor<{q}>
  }}) : (tensor<4x5x{q}>, tensor<{q}>) -> tensor<4x{q}>
  %1 = stablehlo.iota dim = 0 : tensor<3x{q}>
  %2 = stablehlo.dot_general %a, %w, contracting_dims = [1] x [0] : (tensor<2x6xf32>, tensor<6x3x{k}>) -> tensor<2x3xf32>
  return %0, %1, %2 : tensor<4x{q}>, tensor<3x{q}>, tensor<2x3xf32>
}}"
    );
    check(&src, Agree::Exact, Agree::Exact);
}

#[test]
fn verifier_rejects_malformed_quantized_ops() {
    let q = "!quant.uniform<i8:f32, 0.5>";
    let pa = "!quant.uniform<i8:f32:0, {0.5,0.25}>";
    for (body, want) in [
        (
            format!("%0 = stablehlo.uniform_quantize %h : (tensor<2xf16>) -> tensor<2x{q}>"),
            "must express",
        ),
        (
            "%0 = stablehlo.uniform_dequantize %f : (tensor<2xf32>) -> tensor<2xf32>".to_string(),
            "must be quantized",
        ),
        (
            format!("%0 = stablehlo.uniform_dequantize %q : (tensor<2x{q}>) -> tensor<2xf16>"),
            "must be tensor<2xf32>",
        ),
        (
            format!("%0 = stablehlo.add %q, %f : (tensor<2x{q}>, tensor<2xf32>) -> tensor<2x{q}>"),
            "all be quantized",
        ),
        (
            format!("%0 = stablehlo.reverse %p, dims = [0] : tensor<2x{pa}>"),
            "per-axis",
        ),
        (
            format!("%0 = stablehlo.popcnt %q : tensor<2x{q}>"),
            "not supported",
        ),
        (
            format!(
                "%0 = stablehlo.dot_general %f, %q, contracting_dims = [0] x [0] : (tensor<2xf32>, tensor<2x{q}>) -> tensor<!quant.uniform<i32:f32, 0.25>>"
            ),
            "both be quantized or both float",
        ),
    ] {
        let src = format!(
            "func.func @main(%h: tensor<2xf16>, %f: tensor<2xf32>, %q: tensor<2x{q}>, %p: tensor<2x{pa}>) {{
  {body}
  return
}}"
        );
        let m = frontend::parse(src.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{src}"));
        let e = passes::verify::verify_module(&m).unwrap_err();
        assert!(e.message.contains(want), "{body}: {}", e.message);
    }
}
