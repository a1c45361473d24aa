//! Sorts read through a leading slice run as a selection: which programs become a
//! `Step::TopK`, and that it gives the stable sort's bits (eval, the kir interpreter's
//! independent sort and the native runtime agree, `three_ways`).

use super::tests::{bits, three_ways};
use crate::compiler::eval::{literal_from_bits, literal_from_f64, literal_from_i128};
use crate::compiler::ir::*;
use pjrtc_runtime::format::{Step, walk_steps};

fn count_steps(p: &super::LoweredProgram) -> (usize, usize) {
    let (mut topk, mut sort) = (0, 0);
    walk_steps(&p.steps, &mut |s| match s {
        Step::TopK(_) => topk += 1,
        Step::Sort(_) => sort += 1,
        _ => {}
    });
    (topk, sort)
}

fn shape_text(shape: &[i64], dtype: &str) -> String {
    let dims: String = shape.iter().map(|d| format!("{d}x")).collect();
    format!("tensor<{dims}{dtype}>")
}

/// `chlo.top_k(x, k)` of `x: dtype[shape]`.
fn top_k_program(shape: &[i64], dtype: &str, k: i64) -> String {
    let mut out = shape.to_vec();
    let last = out.len() - 1;
    out[last] = k.min(out[last]);
    let (t, tv, ti) = (
        shape_text(shape, dtype),
        shape_text(&out, dtype),
        shape_text(&out, "i32"),
    );
    format!(
        "func.func @main(%x: {t}) -> ({tv}, {ti}) {{
  %v, %i = chlo.top_k(%x, k = {k}) : {t} -> ({tv}, {ti})
  return %v, %i : {tv}, {ti}
}}"
    )
}

#[test]
fn top_k_of_floats_with_nans_zeros_and_ties() {
    // Every special value, many repeats: ties must keep position order, +NaN first,
    // -NaN last, +0 before -0 (IEEE total order).
    let specials = [
        0x7FC0_0000u64,
        0xFFC0_0000,
        0x7F80_0000,
        0xFF80_0000,
        0,
        0x8000_0000,
        0x3F80_0000,
        0xBF80_0000,
        1,
    ];
    let n = 37;
    let data: Vec<u64> = bits(3 * n, 7)
        .iter()
        .map(|b| specials[(*b % specials.len() as u64) as usize])
        .collect();
    for k in [1, 5, 36, 37, 40] {
        let x = literal_from_bits(TensorType::new(DType::F32, [3, n as i64]), &data);
        let (_, p) = three_ways(&top_k_program(&[3, n as i64], "f32", k), &[x]);
        assert_eq!(count_steps(&p), (1, 0), "k = {k}");
    }
}

#[test]
fn top_k_of_every_key_type() {
    for (dtype, d) in [
        ("f16", DType::F16),
        ("bf16", DType::BF16),
        ("f64", DType::F64),
        ("i8", DType::I8),
        ("i16", DType::I16),
        ("i32", DType::I32),
        ("i64", DType::I64),
        ("ui8", DType::U8),
        ("ui16", DType::U16),
        ("ui32", DType::U32),
        ("ui64", DType::U64),
        ("i1", DType::I1),
    ] {
        let shape = [2, 3, 29];
        let mask = if d == DType::I1 {
            1
        } else if d.size() == 8 {
            u64::MAX
        } else {
            (1u64 << (8 * d.size())) - 1
        };
        // Few distinct values, so that ties are common.
        let data: Vec<u64> = bits(2 * 3 * 29, 11)
            .iter()
            .map(|b| {
                let v = if d.is_float() {
                    // Small integers as floats, and their negatives.
                    let f = ((b % 9) as f64) - 4.0;
                    literal_from_f64(TensorType::scalar(d), &[f]).element_bits(0)
                } else {
                    b % 7 * (mask / 6)
                };
                v & mask
            })
            .collect();
        let x = literal_from_bits(TensorType::new(d, shape), &data);
        let (_, p) = three_ways(&top_k_program(&shape, dtype, 4), &[x]);
        assert_eq!(count_steps(&p), (1, 0), "{dtype}");
    }
}

#[test]
fn ascending_sort_along_a_leading_dimension_with_payloads() {
    // `LT` with the operands swapped is a descending order; dimension 0 of three; an f32
    // payload beside the i64 iota; results read through slices [0, 3).
    let src = "func.func @main(%x: tensor<11x2x3xi32>, %y: tensor<11x2x3xf32>) -> (tensor<3x2x3xi32>, tensor<3x2x3xi64>, tensor<3x2x3xf32>) {
  %iota = stablehlo.iota dim = 0 : tensor<11x2x3xi64>
  %s:3 = \"stablehlo.sort\"(%x, %iota, %y) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i64>, %d: tensor<i64>, %e: tensor<f32>, %f: tensor<f32>):
    %lt = stablehlo.compare LT, %b, %a : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<11x2x3xi32>, tensor<11x2x3xi64>, tensor<11x2x3xf32>) -> (tensor<11x2x3xi32>, tensor<11x2x3xi64>, tensor<11x2x3xf32>)
  %v = stablehlo.slice %s#0 [0:3, 0:2, 0:3] : (tensor<11x2x3xi32>) -> tensor<3x2x3xi32>
  %i = stablehlo.slice %s#1 [0:3, 0:2, 0:3] : (tensor<11x2x3xi64>) -> tensor<3x2x3xi64>
  %p = stablehlo.slice %s#2 [0:3, 0:2, 0:3] : (tensor<11x2x3xf32>) -> tensor<3x2x3xf32>
  return %v, %i, %p : tensor<3x2x3xi32>, tensor<3x2x3xi64>, tensor<3x2x3xf32>
}";
    let n = 11 * 2 * 3;
    let x = literal_from_i128(
        TensorType::new(DType::I32, [11, 2, 3]),
        &bits(n, 3)
            .iter()
            .map(|b| (b % 5) as i128 - 2)
            .collect::<Vec<_>>(),
    );
    let y = literal_from_f64(
        TensorType::new(DType::F32, [11, 2, 3]),
        &(0..n).map(|i| i as f64 * 0.5).collect::<Vec<_>>(),
    );
    let (_, p) = three_ways(src, &[x, y]);
    assert_eq!(count_steps(&p), (1, 0));
    // The iota is written by the step, not computed into a buffer.
    assert!(
        !p.kernels.iter().any(|k| k.name.contains("iota")),
        "{:?}",
        p.kernels.iter().map(|k| &k.name).collect::<Vec<_>>()
    );
}

#[test]
fn only_the_indices_read() {
    // `lax.top_k(x, k)[1]`: the values are unused but the key still selects.
    let src = "func.func @main(%x: tensor<4x50xf32>) -> tensor<4x7xi32> {
  %v, %i = chlo.top_k(%x, k = 7) : tensor<4x50xf32> -> (tensor<4x7xf32>, tensor<4x7xi32>)
  return %i : tensor<4x7xi32>
}";
    let x = literal_from_f64(
        TensorType::new(DType::F32, [4, 50]),
        &bits(200, 5)
            .iter()
            .map(|b| (b % 13) as f64)
            .collect::<Vec<_>>(),
    );
    let (_, p) = three_ways(src, &[x]);
    assert_eq!(count_steps(&p), (1, 0));
}

#[test]
fn other_sorts_stay_sorts() {
    // A partial-order comparator (FLOAT) stays a sort by the compiled comparator. Slices
    // of different lengths, or a result read whole, need the full sort: by native key
    // comparisons of whole slices. Each gives the sort's results.
    let body = |cmp: &str, uses: &str, ret: &str| {
        format!(
            "func.func @main(%x: tensor<2x9xf32>) -> ({ret}) {{
  %iota = stablehlo.iota dim = 1 : tensor<2x9xi32>
  %s:2 = \"stablehlo.sort\"(%x, %iota) <{{dimension = 1 : i64, is_stable = true}}> ({{
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %gt = stablehlo.compare GT, %a, %b, {cmp} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %gt : tensor<i1>
  }}) : (tensor<2x9xf32>, tensor<2x9xi32>) -> (tensor<2x9xf32>, tensor<2x9xi32>)
{uses}
}}"
        )
    };
    let slices = |kv: i64, ki: i64| {
        format!(
            "  %v = stablehlo.slice %s#0 [0:2, 0:{kv}] : (tensor<2x9xf32>) -> tensor<2x{kv}xf32>
  %i = stablehlo.slice %s#1 [0:2, 0:{ki}] : (tensor<2x9xi32>) -> tensor<2x{ki}xi32>
  return %v, %i : tensor<2x{kv}xf32>, tensor<2x{ki}xi32>"
        )
    };
    let x = literal_from_f64(
        TensorType::new(DType::F32, [2, 9]),
        &bits(18, 9)
            .iter()
            .map(|b| (b % 4) as f64)
            .collect::<Vec<_>>(),
    );
    let cases = [
        (
            body("FLOAT", &slices(3, 3), "tensor<2x3xf32>, tensor<2x3xi32>"),
            (0, 1),
        ),
        (
            body(
                "TOTALORDER",
                &slices(3, 4),
                "tensor<2x3xf32>, tensor<2x4xi32>",
            ),
            (1, 0),
        ),
        (
            body(
                "TOTALORDER",
                "  %v = stablehlo.slice %s#0 [0:2, 0:3] : (tensor<2x9xf32>) -> tensor<2x3xf32>
  return %v, %s#1 : tensor<2x3xf32>, tensor<2x9xi32>",
                "tensor<2x3xf32>, tensor<2x9xi32>",
            ),
            (1, 0),
        ),
    ];
    for (src, steps) in cases {
        let (_, p) = three_ways(&src, std::slice::from_ref(&x));
        assert_eq!(count_steps(&p), steps, "{src}");
        // The full sort's `k` is the whole dimension.
        walk_steps(&p.steps, &mut |s| {
            if let Step::TopK(t) = s {
                assert_eq!(t.k, 9, "{src}");
            }
        });
    }
}
