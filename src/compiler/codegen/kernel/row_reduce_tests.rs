//! Row reductions through the runtime's 16-lane routines (`kernel/row_reduce.rs`): the
//! same values as the inline f32x4 loops (the host without AVX2).

use super::tiles_tests::{inputs, targets};
use super::*;
use crate::compiler::codegen::kernel::row_reduce::{RowReduce, row_form};

/// The reduce node of a `row_reduce`-shaped kernel and its form, asserted to be `want`.
fn assert_form(k: &Kernel, reduce: usize, want: fn(RowReduce) -> bool) {
    let Node::Reduce { extents, body, .. } = &k.body.nodes[reduce] else {
        unreachable!()
    };
    let form = row_form(k, extents, body, true).map(|(f, _)| f);
    assert!(form.is_some_and(want), "{form:?}");
}

/// Runs `k` on the host (array math) and on the host without AVX2 (inline loops) and
/// asserts the same bits in `rows` outputs (any NaN where the result is NaN).
fn assert_call_matches_inline(k: &Kernel, mut bufs: Vec<Vec<u8>>, rows: i64, what: &str) {
    let Some((host, inline)) = targets() else {
        return;
    };
    let out = bufs.len() - 1;
    let mut outs = Vec::new();
    for target in [&host, &inline] {
        bufs[out] = vec![0u8; rows as usize * 4];
        run_on(k, &mut bufs, target);
        outs.push(from_bytes::<f32>(&bufs[out]));
    }
    for (r, (a, b)) in outs[0].iter().zip(&outs[1]).enumerate() {
        assert!(
            (a.is_nan() && b.is_nan()) || a.to_bits() == b.to_bits(),
            "{what} row {r}: call {a:e} vs inline {b:e}"
        );
    }
}

/// Rows of plain values, of zeros of both signs below the init, with a NaN, with
/// +-inf, each at several positions.
fn special_rows(rows: i64, cols: i64) -> Vec<f32> {
    let plain = inputs(rows * cols, 123);
    (0..rows * cols)
        .map(|e| {
            let (r, c) = (e / cols, e % cols);
            match r % 5 {
                0 if c == (r * 7) % cols => f32::NAN,
                // -0 and -1, ending in +0 on even rows: the maximum is +0 or -0.
                1 if c == cols - 1 && r % 2 == 0 => 0.0,
                1 => [-0.0, -1.0][(c % 2) as usize],
                2 if c == (r * 3) % cols => f32::INFINITY,
                _ if plain[e as usize].is_nan() => 2.0,
                _ => plain[e as usize],
            }
        })
        .collect()
}

/// The row maximum call gives the inline loop's values: the same bits for every row
/// without a NaN (signed zeros, infinities and the init included), a NaN for every row
/// with one.
#[test]
fn row_maximum_call_matches_inline() {
    for (rows, cols, init) in [
        (40i64, 64i64, f32::NEG_INFINITY),
        (9, 1030, f32::NEG_INFINITY),
        (30, 100, 0.5),
        (64, 65, -0.0),
    ] {
        let k = row_reduce(rows, cols, BinaryOp::Max, init);
        assert_form(&k, 2, |f| f == RowReduce::Max);
        let x = special_rows(rows, cols);
        assert!(x.iter().any(|v| v.is_nan()), "a NaN row");
        let what = format!("max {rows}x{cols}");
        assert_call_matches_inline(&k, vec![to_bytes(&x), vec![]], rows, &what);
    }
}

/// The row sum call adds in the inline blocked loop's order: the same bits for rows of
/// every length class (blocks of 256, steps of 16, vectors of 4, scalars), values of
/// mixed magnitudes (where any other order shows), and the special values.
#[test]
fn row_sum_call_matches_inline() {
    for (rows, cols, init) in [
        (20i64, 64i64, 0.0f32),
        (9, 1030, -0.0),
        (12, 4096, 3.5),
        (30, 100, 0.5),
        (15, 517, -2.0),
    ] {
        let k = row_reduce(rows, cols, BinaryOp::Add, init);
        assert_form(&k, 2, |f| f == RowReduce::Sum);
        let what = format!("sum {rows}x{cols}");
        let mixed: Vec<f32> = inputs(rows * cols, 7)
            .iter()
            .enumerate()
            .map(|(i, v)| v * [1.0, 1e-3, 1e4, 3.0][i % 4])
            .collect();
        assert_call_matches_inline(&k, vec![to_bytes(&mixed), vec![]], rows, &what);
        let special = special_rows(rows, cols);
        assert_call_matches_inline(&k, vec![to_bytes(&special), vec![]], rows, &what);
    }
}

/// `out[i] = init + sum_j (x[i, j] - m[i])^2`, `m[i]` read by the enclosing point:
/// layernorm's variance.
fn row_sq_dev(rows: i64, cols: i64, init: f32) -> Kernel {
    row_fold(rows, cols, init, true, |rb, acc, x, mean| {
        let m = mean.expect("the kernel reads means");
        let d = rb.push(
            Node::Binary {
                op: BinaryOp::Sub,
                a: x,
                b: m,
            },
            DType::F32,
        );
        let e = rb.push(
            Node::Binary {
                op: BinaryOp::Mul,
                a: d,
                b: d,
            },
            DType::F32,
        );
        rb.push(
            Node::Binary {
                op: BinaryOp::Add,
                a: acc,
                b: e,
            },
            DType::F32,
        )
    })
}

/// The squared-distance sum call gives the inline loop's bits, with the distance taken
/// from a value the enclosing point reads.
#[test]
fn row_squared_distance_call_matches_inline() {
    for (rows, cols) in [(20i64, 64i64), (9, 1030), (12, 1024), (7, 300)] {
        let k = row_sq_dev(rows, cols, 0.0);
        assert_form(&k, 3, |f| matches!(f, RowReduce::SumSqSub(_)));
        let x = inputs(rows * cols, 99);
        let means: Vec<f32> = (0..rows).map(|r| r as f32 * 0.37 - 2.0).collect();
        let what = format!("sq {rows}x{cols}");
        let bufs = vec![to_bytes(&x), to_bytes(&means), vec![]];
        assert_call_matches_inline(&k, bufs, rows, &what);
        let special = special_rows(rows, cols);
        let bufs = vec![to_bytes(&special), to_bytes(&means), vec![]];
        assert_call_matches_inline(&k, bufs, rows, &what);
    }
}
