//! bf16 x bf16 -> f32 dots (`preferred_element_type` f32) end to end: the Gemm step reads
//! the bf16 operands as they are, and the results are the exact sums of the exact
//! products within f32 summation error, for the host (AVX-512 BF16's pair products where
//! it has them) and for x86-64-v3 (widened to f32; its artifact records no AVX-512
//! feature, so its Isa never picks the pair products).

use pjrtc::compiler::{self, Options, Target};
use pjrtc_runtime::format::Step;
use pjrtc_runtime::{DType, Executable, Tensor};

/// A batched dot with a transposed right-hand side, a bias and ReLU after it (an epilogue
/// for the Gemm), and a plain one with an odd contraction; f32 inputs rounded to bf16.
const SOURCE: &str = r#"
func.func public @main(%a: tensor<2x37x65xf32>, %b: tensor<2x21x65xf32>, %bias: tensor<21xf32>,
                       %c: tensor<3x129xf32>, %d: tensor<129x70xf32>)
    -> (tensor<2x37x21xf32>, tensor<3x70xf32>) {
  %a16 = stablehlo.convert %a : (tensor<2x37x65xf32>) -> tensor<2x37x65xbf16>
  %b16 = stablehlo.convert %b : (tensor<2x21x65xf32>) -> tensor<2x21x65xbf16>
  %p = stablehlo.dot_general %a16, %b16, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x37x65xbf16>, tensor<2x21x65xbf16>) -> tensor<2x37x21xf32>
  %bb = stablehlo.broadcast_in_dim %bias, dims = [2] : (tensor<21xf32>) -> tensor<2x37x21xf32>
  %s = stablehlo.add %p, %bb : tensor<2x37x21xf32>
  %z = stablehlo.constant dense<0.0> : tensor<2x37x21xf32>
  %r = stablehlo.maximum %s, %z : tensor<2x37x21xf32>
  %c16 = stablehlo.convert %c : (tensor<3x129xf32>) -> tensor<3x129xbf16>
  %d16 = stablehlo.convert %d : (tensor<129x70xf32>) -> tensor<129x70xbf16>
  %q = stablehlo.dot_general %c16, %d16, contracting_dims = [1] x [0] : (tensor<3x129xbf16>, tensor<129x70xbf16>) -> tensor<3x70xf32>
  return %r, %q : tensor<2x37x21xf32>, tensor<3x70xf32>
}
"#;

fn values(len: usize, seed: u64) -> Vec<f32> {
    let mut s = 0x9e3779b97f4a7c15u64 ^ seed;
    (0..len)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            ((s >> 40) as f32 / (1u64 << 24) as f32) * 4.0 - 2.0
        })
        .collect()
}

fn tensor(shape: &[u64], v: &[f32]) -> Tensor {
    let bytes: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
    Tensor::from_bytes(DType::F32, shape, &bytes).unwrap()
}

fn floats(t: &Tensor) -> Vec<f32> {
    t.bytes()
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes(b.try_into().unwrap()))
        .collect()
}

fn bf(x: f32) -> f64 {
    half::bf16::from_f32(x).to_f64()
}

/// Checks `got` (`rows x cols` per batch) against the exact sums `sum_p lhs(t, i, p) *
/// rhs(t, p, j)` of `k` bf16 products, then `post`, within `(k + 1) * 2^-24 * sum |a b|`
/// (f32 sums; the products are exact) plus flushed denormals.
#[allow(clippy::too_many_arguments)]
fn check(
    what: &str,
    got: &[f32],
    batch: usize,
    rows: usize,
    cols: usize,
    k: usize,
    lhs: impl Fn(usize, usize, usize) -> f32,
    rhs: impl Fn(usize, usize, usize) -> f32,
    post: impl Fn(usize, f64) -> f64,
) {
    for t in 0..batch {
        for i in 0..rows {
            for j in 0..cols {
                let (mut s, mut mag) = (0f64, 0f64);
                for p in 0..k {
                    let x = bf(lhs(t, i, p)) * bf(rhs(t, p, j));
                    s += x;
                    mag += x.abs();
                }
                let want = post(j, s);
                let g = got[(t * rows + i) * cols + j] as f64;
                // The epilogue's add rounds once more (half an ulp of the result).
                let tol = (k + 1) as f64 * mag * 2f64.powi(-24)
                    + want.abs() * 2f64.powi(-24)
                    + k as f64 * f32::MIN_POSITIVE as f64;
                assert!(
                    (g - want).abs() <= tol,
                    "{what} [{t}]({i}, {j}): got {g}, want {want}"
                );
            }
        }
    }
}

fn run(target: Target) {
    let triple = target.triple.clone();
    let options = Options {
        target,
        ..Options::default()
    };
    let pjx = compiler::compile(SOURCE.as_bytes(), &options).unwrap();
    // Both dots are Gemm steps into f32, the first with its epilogue; of bf16 operands
    // where the target multiplies bf16 pairs (AVX-512 BF16), else of f32 ones (bf16
    // widened exactly by the kernels that produce them).
    let pairs = options.target.features.iter().any(|f| f == "avx512bf16");
    let operand = if pairs { DType::BF16 } else { DType::F32 };
    let gemms: Vec<_> = pjx
        .steps
        .iter()
        .filter_map(|s| match s {
            Step::Gemm(g) => Some(*g),
            _ => None,
        })
        .collect();
    assert_eq!(gemms.len(), 2, "{:?}", pjx.steps);
    for g in &gemms {
        assert_eq!(
            (g.lhs_dtype, g.rhs_dtype, g.dtype),
            (operand, operand, DType::F32)
        );
    }
    assert!(gemms.iter().any(|g| !g.epilogue.is_identity()));
    let bytes = pjx.to_bytes();
    let mut exe = Executable::load(&bytes).unwrap();
    if triple == "x86_64-unknown-linux-gnu" && !pjx.target.features.iter().any(|f| f == "avx512f") {
        assert!(
            !exe.isa().avx512bf16 && !exe.isa().avx512f,
            "{:?}",
            exe.isa()
        );
    }
    let (a, b, bias) = (
        values(2 * 37 * 65, 1),
        values(2 * 21 * 65, 2),
        values(21, 3),
    );
    let (c, d) = (values(3 * 129, 4), values(129 * 70, 5));
    let inputs = [
        tensor(&[2, 37, 65], &a),
        tensor(&[2, 21, 65], &b),
        tensor(&[21], &bias),
        tensor(&[3, 129], &c),
        tensor(&[129, 70], &d),
    ];
    for threads in [1, 2] {
        exe.set_threads(threads);
        let refs: Vec<&Tensor> = inputs.iter().collect();
        let out = exe.run(&refs).unwrap();
        let what = format!("{triple} {:?} threads={threads}", exe.isa());
        check(
            &format!("{what} batched"),
            &floats(&out[0]),
            2,
            37,
            21,
            65,
            |t, i, p| a[(t * 37 + i) * 65 + p],
            |t, p, j| b[(t * 21 + j) * 65 + p],
            |j, s| (s + bias[j] as f64).max(0.0),
        );
        check(
            &format!("{what} plain"),
            &floats(&out[1]),
            1,
            3,
            70,
            129,
            |_, i, p| c[i * 129 + p],
            |_, p, j| d[p * 70 + j],
            |_, s| s,
        );
    }
}

#[test]
fn bf16_dots_into_f32_on_the_host() {
    run(Target::host());
}

#[cfg(target_arch = "x86_64")]
#[test]
fn bf16_dots_into_f32_at_x86_64_v3() {
    run(Target::from_triple("x86_64-unknown-linux-gnu").unwrap());
}
