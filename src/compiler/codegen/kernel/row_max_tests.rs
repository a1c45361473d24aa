//! Row maxima through the runtime's 16-lane routine (`kernel/row_max.rs`): the same
//! values as the inline f32x4 loop (the host without AVX2).

use super::tiles_tests::{inputs, targets};
use super::*;

/// `out[i] = max(init, max_j x[i, j])`: a row maximum, which runs as one call of the
/// runtime's 16-lane routine where the target has array math.
fn row_maxima(rows: i64, cols: i64, init: f32) -> Kernel {
    row_reduce(rows, cols, BinaryOp::Max, init)
}

/// The row maximum call gives the inline loop's values: the same bits for every row
/// without a NaN (signed zeros, infinities and the init included), a NaN for every row
/// with one.
#[test]
fn row_maximum_call_matches_inline() {
    let Some((host, inline)) = targets() else {
        return;
    };
    for (rows, cols, init) in [
        (40i64, 64i64, f32::NEG_INFINITY),
        (9, 1030, f32::NEG_INFINITY),
        (30, 100, 0.5),
        (64, 65, -0.0),
    ] {
        let k = row_maxima(rows, cols, init);
        let Node::Reduce { extents, body, .. } = &k.body.nodes[2] else {
            unreachable!()
        };
        assert!(kernel::row_max::is_row_max(&k, extents, body));
        // Rows of plain values, of zeros of both signs below the init, with a NaN, with
        // +-inf, each at several positions.
        let plain = inputs(rows * cols, 123);
        let x: Vec<f32> = (0..rows * cols)
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
            .collect();
        let mut outs = Vec::new();
        for target in [&host, &inline] {
            let mut bufs = vec![to_bytes(&x), vec![0u8; rows as usize * 4]];
            run_on(&k, &mut bufs, target);
            outs.push(from_bytes::<f32>(&bufs[1]));
        }
        for (r, (a, b)) in outs[0].iter().zip(&outs[1]).enumerate() {
            assert!(
                (a.is_nan() && b.is_nan()) || a.to_bits() == b.to_bits(),
                "{rows}x{cols} row {r}: call {a:e} vs inline {b:e}"
            );
        }
        assert!(outs[0].iter().any(|v| v.is_nan()), "a NaN row");
    }
}
