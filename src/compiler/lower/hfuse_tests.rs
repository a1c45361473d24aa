//! Horizontal fusion and the divisibility rewrite, end to end: each program runs three
//! ways that must agree bit for bit (the reference evaluator on the unoptimized function,
//! lowering + the kir interpreter, and the full compiler + runtime), and the tests assert
//! how many kernels lowering made.

use super::LoweredProgram;
use super::tests::three_ways;
use crate::compiler::eval::literal_from_i128;
use crate::compiler::ir::*;
use pjrtc_runtime::format::Step;

fn dispatches(p: &LoweredProgram) -> usize {
    p.steps
        .iter()
        .filter(|s| matches!(s, Step::Dispatch { .. }))
        .count()
}

/// Does `k` store a comparison of a remainder (not rewritten)?
fn stores_compare_of_rem(k: &super::kir::Kernel) -> bool {
    use super::kir::Node;
    let body = &k.body;
    let is_rem = |n: &super::kir::NodeId| {
        matches!(
            body.nodes[n.index()],
            Node::Binary {
                op: BinaryOp::Rem,
                ..
            }
        )
    };
    body.nodes.iter().any(|n| match n {
        Node::Store { value, .. } => match &body.nodes[value.index()] {
            Node::Compare { a, b, .. } => is_rem(a) || is_rem(b),
            _ => false,
        },
        _ => false,
    })
}

fn i32_out(b: &[u8]) -> Vec<i32> {
    b.chunks_exact(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// `rows x cols` i32s with ties (small values repeat), extremes and multiples of 7.
fn int_matrix(rows: i64, cols: i64, seed: u64) -> (Vec<i32>, Literal) {
    let mut s = seed;
    let v: Vec<i32> = (0..rows * cols)
        .map(|i| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            match s % 8 {
                0 => [i32::MIN, i32::MAX, -1, 0, 7, -7, i32::MIN + 1][(s >> 8) as usize % 7],
                1 | 2 => (s >> 16) as i32 % 5,
                3 => ((s >> 16) as i32 % 1000) * 7,
                _ => (s >> 16) as i32 ^ (i as i32),
            }
        })
        .collect();
    let lit = literal_from_i128(
        TensorType::new(DType::I32, [rows, cols]),
        &v.iter().map(|&x| x as i128).collect::<Vec<_>>(),
    );
    (v, lit)
}

/// The int32_ops benchmark at `rows x cols` with divisor `c`, as JAX exports it:
/// `argmax(x, 1)` and `sum(where(x % c == 0, x >> 2, x ^ 0x5A5A), 1)` with jnp's floor `%`.
fn int32_ops(rows: i64, cols: i64, c: i32) -> String {
    let t = format!("tensor<{rows}x{cols}xi32>");
    let r = format!("tensor<{rows}xi32>");
    format!(
        r#"
func.func public @main(%arg0: {t}) -> ({r}, {r}) {{
  %0 = call @argmax(%arg0) : ({t}) -> {r}
  %c = stablehlo.constant dense<{c}> : tensor<i32>
  %1 = call @remainder(%arg0, %c) : ({t}, tensor<i32>) -> {t}
  %c_0 = stablehlo.constant dense<0> : tensor<i32>
  %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> {t}
  %3 = stablehlo.compare EQ, %1, %2, SIGNED : ({t}, {t}) -> tensor<{rows}x{cols}xi1>
  %c_1 = stablehlo.constant dense<2> : tensor<i32>
  %4 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> {t}
  %5 = stablehlo.shift_right_arithmetic %arg0, %4 : {t}
  %c_2 = stablehlo.constant dense<23130> : tensor<i32>
  %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> {t}
  %7 = stablehlo.xor %arg0, %6 : {t}
  %8 = stablehlo.select %3, %5, %7 : tensor<{rows}x{cols}xi1>, {t}
  %c_3 = stablehlo.constant dense<0> : tensor<i32>
  %9 = stablehlo.reduce(%8 init: %c_3) applies stablehlo.add across dimensions = [1] : ({t}, tensor<i32>) -> {r}
  return %0, %9 : {r}, {r}
}}
func.func private @argmax(%arg0: {t}) -> {r} {{
  %0 = stablehlo.iota dim = 1 : {t}
  %c = stablehlo.constant dense<-2147483648> : tensor<i32>
  %c_0 = stablehlo.constant dense<0> : tensor<i32>
  %1:2 = stablehlo.reduce(%arg0 init: %c), (%0 init: %c_0) across dimensions = [1] : ({t}, {t}, tensor<i32>, tensor<i32>) -> ({r}, {r})
   reducer(%arg1: tensor<i32>, %arg3: tensor<i32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {{
    %2 = stablehlo.compare GT, %arg1, %arg3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.compare NE, %arg1, %arg1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %4 = stablehlo.or %2, %3 : tensor<i1>
    %5 = stablehlo.compare EQ, %arg1, %arg3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %6 = stablehlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %7 = stablehlo.and %5, %6 : tensor<i1>
    %8 = stablehlo.or %4, %7 : tensor<i1>
    %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<i32>
    %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>
    stablehlo.return %9, %10 : tensor<i32>, tensor<i32>
  }}
  return %1#1 : {r}
}}
func.func private @remainder(%arg0: {t}, %arg1: tensor<i32>) -> {t} {{
  %0 = stablehlo.convert %arg1 : tensor<i32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %c_0 = stablehlo.constant dense<1> : tensor<i32>
  %2 = stablehlo.select %1, %c_0, %0 : tensor<i1>, tensor<i32>
  %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> {t}
  %4 = stablehlo.remainder %arg0, %3 : {t}
  %c_1 = stablehlo.constant dense<0> : tensor<i32>
  %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> {t}
  %6 = stablehlo.compare NE, %4, %5, SIGNED : ({t}, {t}) -> tensor<{rows}x{cols}xi1>
  %7 = stablehlo.compare LT, %4, %5, SIGNED : ({t}, {t}) -> tensor<{rows}x{cols}xi1>
  %c_3 = stablehlo.constant dense<0> : tensor<i32>
  %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<{rows}x{cols}xi1>
  %11 = stablehlo.compare NE, %7, %10, UNSIGNED : (tensor<{rows}x{cols}xi1>, tensor<{rows}x{cols}xi1>) -> tensor<{rows}x{cols}xi1>
  %12 = stablehlo.and %11, %6 : tensor<{rows}x{cols}xi1>
  %14 = stablehlo.add %4, %3 : {t}
  %15 = stablehlo.select %12, %14, %4 : tensor<{rows}x{cols}xi1>, {t}
  return %15 : {t}
}}
"#
    )
}

/// The argmax (first index among equal maxima) and the floor-mod masked sum of the same
/// rows run as one kernel in one pass, the unused maximum unstored; results as the
/// evaluator's and as computed here directly, for several divisors.
#[test]
fn argmax_and_masked_sum_are_one_kernel() {
    let (rows, cols) = (6i64, 77i64);
    for (seed, c) in [
        (1u64, 7i32),
        (2, -7),
        (3, 6),
        (4, 641),
        (5, 3),
        (6, 8),
        (7, i32::MIN),
    ] {
        let (x, lit) = int_matrix(rows, cols, seed);
        let (out, p) = three_ways(&int32_ops(rows, cols, c), &[lit]);
        assert_eq!(dispatches(&p), 1, "c={c}");
        assert_eq!(p.kernels.len(), 1, "c={c}");
        assert_eq!(p.arena_size, 0, "argmax's maximum is not stored (c={c})");
        let (am, sums) = (i32_out(&out[0]), i32_out(&out[1]));
        for (r, row) in x.chunks(cols as usize).enumerate() {
            let mx = *row.iter().max().unwrap();
            let first = row.iter().position(|&v| v == mx).unwrap() as i32;
            assert_eq!(am[r], first, "row {r} c={c}");
            let s = row.iter().fold(0i32, |s, &v| {
                let m = (v as i64) % (c as i64) == 0;
                s.wrapping_add(if m { v >> 2 } else { v ^ 0x5A5A })
            });
            assert_eq!(sums[r], s, "row {r} c={c}");
        }
    }
}

/// The truncated remainder compared with zero, elementwise, in both directions and both
/// operand orders, for ui32 too.
#[test]
fn remainder_compared_with_zero_elementwise() {
    let cases = [
        (7i64, 14i64, "i32"),
        (-12, 5, "i32"),
        (641, -641, "i32"),
        (7, 6, "ui32"),
        (3_000_000_000, 3, "ui32"),
    ];
    for (c, c2, dt) in cases {
        let t = format!("tensor<5x33x{dt}>");
        let src = format!(
            r#"
func.func public @main(%arg0: {t}) -> (tensor<5x33xi1>, tensor<5x33xi1>) {{
  %c = stablehlo.constant dense<{c}> : {t}
  %c2 = stablehlo.constant dense<{c2}> : {t}
  %z = stablehlo.constant dense<0> : {t}
  %r = stablehlo.remainder %arg0, %c : {t}
  %r2 = stablehlo.remainder %arg0, %c2 : {t}
  %e = stablehlo.compare EQ, %r, %z : ({t}, {t}) -> tensor<5x33xi1>
  %n = stablehlo.compare NE, %z, %r2 : ({t}, {t}) -> tensor<5x33xi1>
  return %e, %n : tensor<5x33xi1>, tensor<5x33xi1>
}}
"#
        );
        let dtype = if dt == "i32" { DType::I32 } else { DType::U32 };
        let (x, _) = int_matrix(5, 33, c as u64);
        let vals: Vec<i128> = x
            .iter()
            .map(|&v| {
                if dtype == DType::U32 {
                    v as u32 as i128
                } else {
                    v as i128
                }
            })
            .collect();
        let lit = literal_from_i128(TensorType::new(dtype, [5, 33]), &vals);
        let (out, p) = three_ways(&src, &[lit]);
        // Both outputs from one kernel: siblings over the same input.
        assert_eq!(dispatches(&p), 1, "{c} {dt}");
        assert!(!stores_compare_of_rem(&p.kernels[0]), "{c} {dt}: rewritten");
        for o in &out {
            let hits = o.iter().filter(|&&b| b == 1).count();
            assert!(hits > 0 && hits < o.len(), "{c} {dt}: both outcomes occur");
        }
    }
}

/// Elementwise siblings merge; a kernel reading what the one before it writes does not.
#[test]
fn sibling_kernels_merge_only_without_dependences() {
    let src = r#"
func.func public @main(%arg0: tensor<4x40xi32>) -> (tensor<4x40xi32>, tensor<4x40xi32>, tensor<4x40xi32>) {
  %c = stablehlo.constant dense<3> : tensor<4x40xi32>
  %a = stablehlo.multiply %arg0, %c : tensor<4x40xi32>
  %b = stablehlo.xor %arg0, %c : tensor<4x40xi32>
  %d = stablehlo.add %a, %arg0 : tensor<4x40xi32>
  return %a, %b, %d : tensor<4x40xi32>, tensor<4x40xi32>, tensor<4x40xi32>
}
"#;
    let (_, lit) = int_matrix(4, 40, 9);
    let (_, p) = three_ways(src, &[lit]);
    // %a and %b in one kernel; %d reads %a's output, so it is dispatched after it.
    assert_eq!(dispatches(&p), 2);
}

/// Two f32 row reductions of the same input (sum and max) become one reduce node with two
/// accumulators, still vectorized; values exact (small integers).
#[test]
fn sibling_f32_row_reductions_share_one_loop() {
    let src = r#"
func.func public @main(%arg0: tensor<3x64xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %s = stablehlo.reduce(%arg0 init: %z) applies stablehlo.add across dimensions = [1] : (tensor<3x64xf32>, tensor<f32>) -> tensor<3xf32>
  %x = stablehlo.reduce(%arg0 init: %m) applies stablehlo.maximum across dimensions = [1] : (tensor<3x64xf32>, tensor<f32>) -> tensor<3xf32>
  return %s, %x : tensor<3xf32>, tensor<3xf32>
}
"#;
    let v: Vec<f64> = (0..3 * 64)
        .map(|i| ((i * 37) % 101) as f64 - 50.0)
        .collect();
    let lit = crate::compiler::eval::literal_from_f64(TensorType::new(DType::F32, [3, 64]), &v);
    let (_, p) = three_ways(src, &[lit]);
    assert_eq!(dispatches(&p), 1);
    let k = &p.kernels[0];
    let reduces: Vec<usize> = k
        .body
        .nodes
        .iter()
        .filter_map(|n| match n {
            super::kir::Node::Reduce { inits, .. } => Some(inits.len()),
            _ => None,
        })
        .collect();
    assert_eq!(reduces, [2], "one loop carrying both accumulators");
    assert_eq!(
        crate::compiler::codegen::vector_profile(k).1,
        [2],
        "on f32x4"
    );
}
