//! In-place updates and loop-carried buffers ([`super::inplace`]): every program runs
//! three ways (reference evaluator, kir interpreter, native code) and must agree bit for
//! bit; the schedules are checked for what the mechanism promises (an update kernel over
//! the update's shape only, no copy of an unchanged or updated-in-place carried value).

use super::LoweredProgram;
use super::tests::three_ways;
use crate::compiler::eval::{literal_from_f64, literal_from_i128};
use crate::compiler::ir::*;
use pjrtc_runtime::format::{Region, Step, walk_steps};

fn lit_f(dt: DType, shape: &[i64], v: &[f64]) -> Literal {
    literal_from_f64(TensorType::new(dt, shape), v)
}

fn lit_i(dt: DType, shape: &[i64], v: &[i128]) -> Literal {
    literal_from_i128(TensorType::new(dt, shape), v)
}

fn f32s(b: &[u8]) -> Vec<f32> {
    b.chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn ramp(n: usize, scale: f64) -> Vec<f64> {
    (0..n).map(|i| (i as f64 * 0.37).sin() * scale).collect()
}

/// The body of the program's (first) loop.
fn loop_body(p: &LoweredProgram) -> &[Step] {
    let mut found = None;
    walk_steps(&p.steps, &mut |s| {
        if let (None, Step::While { body, .. }) = (&found, s) {
            found = Some(body.as_slice());
        }
    });
    found.expect("a loop")
}

/// The copies of at least `bytes` bytes in `steps` (nested lists included).
fn big_copies(steps: &[Step], bytes: u64) -> usize {
    let mut n = 0;
    walk_steps(steps, &mut |s| {
        if let Step::Copy { src, .. } = s
            && src.size >= bytes
        {
            n += 1;
        }
    });
    n
}

/// Domains of the kernels dispatched in `steps` whose name contains `name`.
fn domains(p: &LoweredProgram, steps: &[Step], name: &str) -> Vec<Vec<i64>> {
    let mut out = Vec::new();
    walk_steps(steps, &mut |s| {
        if let Step::Dispatch { kernel, .. } = s {
            let k = &p.kernels[*kernel as usize];
            if k.name.contains(name) {
                out.push(k.domain.clone());
            }
        }
    });
    out
}

/// A scan: row `i` of a 7x5 f32 buffer gets `h * i` each trip, while an f16 accumulator
/// and an i64 counter are carried too, and the body reads the old accumulator after the
/// new one is computed.
const SCAN: &str = r#"
func.func public @main(%h: tensor<1x5xf32>, %n: tensor<i32>) -> (tensor<7x5xf32>, tensor<f16>, tensor<i64>) {
  %zs = stablehlo.constant dense<0.0> : tensor<f32>
  %z = stablehlo.broadcast_in_dim %zs, dims = [] : (tensor<f32>) -> tensor<7x5xf32>
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %a0 = stablehlo.constant dense<1.5> : tensor<f16>
  %k0 = stablehlo.constant dense<3> : tensor<i64>
  %r:4 = stablehlo.while(%i = %c0, %buf = %z, %acc = %a0, %k = %k0) : tensor<i32>, tensor<7x5xf32>, tensor<f16>, tensor<i64>
  cond {
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    %fi = stablehlo.convert %i : (tensor<i32>) -> tensor<f32>
    %fb = stablehlo.broadcast_in_dim %fi, dims = [] : (tensor<f32>) -> tensor<1x5xf32>
    %row = stablehlo.multiply %h, %fb : tensor<1x5xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %nb = stablehlo.dynamic_update_slice %buf, %row, %i, %c : (tensor<7x5xf32>, tensor<1x5xf32>, tensor<i32>, tensor<i32>) -> tensor<7x5xf32>
    %two = stablehlo.constant dense<2.0> : tensor<f16>
    %na = stablehlo.multiply %acc, %two : tensor<f16>
    %kk = stablehlo.convert %acc : (tensor<f16>) -> tensor<i64>
    %nk = stablehlo.add %k, %kk : tensor<i64>
    stablehlo.return %j, %nb, %na, %nk : tensor<i32>, tensor<7x5xf32>, tensor<f16>, tensor<i64>
  }
  return %r#1, %r#2, %r#3 : tensor<7x5xf32>, tensor<f16>, tensor<i64>
}
"#;

#[test]
fn scan_updates_its_carried_buffer_in_place() {
    let h = lit_f(DType::F32, &[1, 5], &[1.0, -2.0, 0.5, 3.0, 0.25]);
    // 9 trips write past the last row: the start is clamped to row 6.
    for n in [0i128, 1, 4, 7, 9] {
        let (out, p) = three_ways(SCAN, &[h.clone(), lit_i(DType::I32, &[], &[n])]);
        let body = loop_body(&p);
        // The update kernel covers the row only, and the 140-byte buffer is never
        // copied in the body nor into the loop (its zeros are written in place).
        assert_eq!(domains(&p, body, "dynamic_update_slice"), [vec![1, 5]]);
        assert_eq!(big_copies(body, 140), 0);
        assert_eq!(big_copies(&p.steps, 140), 1, "only the copy to the output");
        let rows = f32s(&out[0]);
        for i in 0..7usize {
            // Trip i writes row min(i, 6).
            let last = (0..n as usize).filter(|&t| t.min(6) == i).max();
            for c in 0..5 {
                let want = last.map_or(0.0, |t| [1.0, -2.0, 0.5, 3.0, 0.25][c] * t as f32);
                assert_eq!(rows[i * 5 + c], want, "n={n} row {i}");
            }
        }
    }
}

/// `dynamic_update_slice` along the middle axis of a 3-d buffer, with start indices of
/// several integer types that fall before, inside and after the valid range.
const MIDDLE_AXIS: &str = r#"
func.func public @main(%x: tensor<3x11x6xf32>, %u: tensor<2x3x5xf32>, %a: tensor<i64>, %b: tensor<i64>, %c: tensor<i64>, %d: tensor<i16>, %e: tensor<i16>, %f: tensor<i16>) -> (tensor<3x11x6xf32>, tensor<3x11x6xf32>) {
  %ex = stablehlo.multiply %x, %x : tensor<3x11x6xf32>
  %y = stablehlo.dynamic_update_slice %ex, %u, %a, %b, %c : (tensor<3x11x6xf32>, tensor<2x3x5xf32>, tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<3x11x6xf32>
  %s = stablehlo.negate %y : tensor<3x11x6xf32>
  %z = stablehlo.dynamic_update_slice %s, %u, %d, %e, %f : (tensor<3x11x6xf32>, tensor<2x3x5xf32>, tensor<i16>, tensor<i16>, tensor<i16>) -> tensor<3x11x6xf32>
  return %y, %z : tensor<3x11x6xf32>, tensor<3x11x6xf32>
}
"#;

#[test]
fn update_slices_at_clamped_positions() {
    let x = lit_f(DType::F32, &[3, 11, 6], &ramp(3 * 11 * 6, 1.0));
    let u = lit_f(DType::F32, &[2, 3, 5], &ramp(30, 10.0));
    for (a, b, c) in [
        (0, 0, 0),
        (1, 4, 1),
        (-5, -1, 9),
        (2, 32767, -32768),
        (7, 8, 0),
    ] {
        let i = |v: i128| lit_i(DType::I64, &[], &[v]);
        let j = |v: i128| lit_i(DType::I16, &[], &[v]);
        let (_, p) = three_ways(
            MIDDLE_AXIS,
            &[x.clone(), u.clone(), i(a), i(b), i(c), j(c), j(a), j(b)],
        );
        // Each update kernel runs over the 30 updated elements only.
        assert_eq!(
            domains(&p, &p.steps, "dynamic_update_slice"),
            [vec![2, 3, 5], vec![2, 3, 5]]
        );
    }
}

/// The target is read again after the update: it must not be updated in place.
const STILL_READ: &str = r#"
func.func public @main(%x: tensor<4x3xf32>, %u: tensor<1x3xf32>, %i: tensor<i32>) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  %e = stablehlo.multiply %x, %x : tensor<4x3xf32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %y = stablehlo.dynamic_update_slice %e, %u, %i, %c : (tensor<4x3xf32>, tensor<1x3xf32>, tensor<i32>, tensor<i32>) -> tensor<4x3xf32>
  %t = stablehlo.abs %y : tensor<4x3xf32>
  %s = stablehlo.add %t, %e : tensor<4x3xf32>
  return %s, %y : tensor<4x3xf32>, tensor<4x3xf32>
}
"#;

#[test]
fn a_target_read_later_is_copied_once() {
    let x = lit_f(DType::F32, &[4, 3], &ramp(12, 1.0));
    let u = lit_f(DType::F32, &[1, 3], &[7.0, 8.0, 9.0]);
    for i in [-1, 0, 2, 3, 4] {
        let (_, p) = three_ways(
            STILL_READ,
            &[x.clone(), u.clone(), lit_i(DType::I32, &[], &[i])],
        );
        assert_eq!(big_copies(&p.steps, 48), 1, "one copy of the target");
    }
}

/// The update reads the buffer it is written into (a row shifted down by one, read from
/// the carried buffer itself), so it is computed aside before the in-place store.
const SELF_READ: &str = r#"
func.func public @main(%x: tensor<6x4xf32>, %n: tensor<i32>) -> tensor<6x4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %c0, %b = %x) : tensor<i32>, tensor<6x4xf32>
  cond {
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %prev = stablehlo.dynamic_slice %b, %i, %c, sizes = [2, 4] : (tensor<6x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x4xf32>
    %rev = stablehlo.reverse %prev, dims = [0, 1] : tensor<2x4xf32>
    %h = stablehlo.constant dense<0.5> : tensor<2x4xf32>
    %upd = stablehlo.multiply %rev, %h : tensor<2x4xf32>
    %nb = stablehlo.dynamic_update_slice %b, %upd, %j, %c : (tensor<6x4xf32>, tensor<2x4xf32>, tensor<i32>, tensor<i32>) -> tensor<6x4xf32>
    stablehlo.return %j, %nb : tensor<i32>, tensor<6x4xf32>
  }
  return %r#1 : tensor<6x4xf32>
}
"#;

#[test]
fn an_update_reading_its_target_is_staged() {
    let x = lit_f(DType::F32, &[6, 4], &ramp(24, 3.0));
    for n in [0, 1, 3, 6] {
        let (_, p) = three_ways(SELF_READ, &[x.clone(), lit_i(DType::I32, &[], &[n])]);
        assert_eq!(big_copies(loop_body(&p), 96), 0);
    }
}

/// An entry parameter updated and returned, and returned unchanged too: the update
/// gets one copy of it, and the parameter stays intact.
const PARAM: &str = r#"
func.func public @main(%x: tensor<5x8xi32>, %u: tensor<2x3xi32>, %i: tensor<i32>) -> (tensor<5x8xi32>, tensor<5x8xi32>) {
  %y = stablehlo.dynamic_update_slice %x, %u, %i, %i : (tensor<5x8xi32>, tensor<2x3xi32>, tensor<i32>, tensor<i32>) -> tensor<5x8xi32>
  return %y, %x : tensor<5x8xi32>, tensor<5x8xi32>
}
"#;

#[test]
fn a_parameter_is_copied_once_then_updated() {
    let x = lit_i(DType::I32, &[5, 8], &(0..40).collect::<Vec<_>>());
    let u = lit_i(DType::I32, &[2, 3], &[-1, -2, -3, -4, -5, -6]);
    for i in [-2, 0, 3, 6] {
        let (out, p) = three_ways(PARAM, &[x.clone(), u.clone(), lit_i(DType::I32, &[], &[i])]);
        assert_eq!(out[1], x.bytes.to_vec());
        let copies: Vec<(Region, Region)> = p
            .steps
            .iter()
            .filter_map(|s| match s {
                Step::Copy { src, dst } => Some((src.region, dst.region)),
                _ => None,
            })
            .collect();
        assert_eq!(
            copies,
            [
                (Region::Input(0), Region::Output(0)),
                (Region::Input(0), Region::Output(1))
            ]
        );
    }
}

/// `x.at[idx].op(u)` on a carried buffer, with duplicate and out-of-range indices, for
/// each combiner; the buffer is updated in place.
fn scatter_loop(combiner: &str, dt: &str) -> String {
    format!(
        r#"
func.func public @main(%x: tensor<5x3x{dt}>, %idx: tensor<4x1xi32>, %u: tensor<4x3x{dt}>, %n: tensor<i32>) -> tensor<5x3x{dt}> {{
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %c0, %b = %x) : tensor<i32>, tensor<5x3x{dt}>
  cond {{
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }} do {{
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    %s = "stablehlo.scatter"(%b, %idx, %u) <{{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}}> ({{
    ^bb0(%p0: tensor<{dt}>, %p1: tensor<{dt}>):
      {combiner}
    }}) : (tensor<5x3x{dt}>, tensor<4x1xi32>, tensor<4x3x{dt}>) -> tensor<5x3x{dt}>
    stablehlo.return %j, %s : tensor<i32>, tensor<5x3x{dt}>
  }}
  return %r#1 : tensor<5x3x{dt}>
}}
"#
    )
}

#[test]
fn scatter_on_a_carried_buffer_runs_in_place_for_every_combiner() {
    let combiners = [
        (
            "f32",
            "%v = stablehlo.add %p0, %p1 : tensor<f32>\n      stablehlo.return %v : tensor<f32>",
        ),
        (
            "f32",
            "%v = stablehlo.multiply %p0, %p1 : tensor<f32>\n      stablehlo.return %v : tensor<f32>",
        ),
        (
            "f32",
            "%v = stablehlo.maximum %p0, %p1 : tensor<f32>\n      stablehlo.return %v : tensor<f32>",
        ),
        (
            "f32",
            "%v = stablehlo.minimum %p0, %p1 : tensor<f32>\n      stablehlo.return %v : tensor<f32>",
        ),
        ("f32", "stablehlo.return %p1 : tensor<f32>"),
        (
            "i32",
            "%v = stablehlo.add %p0, %p1 : tensor<i32>\n      stablehlo.return %v : tensor<i32>",
        ),
        (
            "i32",
            "%v = stablehlo.subtract %p0, %p1 : tensor<i32>\n      stablehlo.return %v : tensor<i32>",
        ),
    ];
    // Rows 1 and 3 updated twice, -1 and 5 out of range (skipped).
    let idx = lit_i(DType::I32, &[4, 1], &[1, 3, -1, 1]);
    let idx2 = lit_i(DType::I32, &[4, 1], &[5, 3, 3, 0]);
    for (dt, c) in combiners {
        let src = scatter_loop(c, dt);
        let (x, u) = if dt == "f32" {
            (
                lit_f(DType::F32, &[5, 3], &ramp(15, 2.0)),
                lit_f(DType::F32, &[4, 3], &ramp(12, 1.5)),
            )
        } else {
            (
                lit_i(DType::I32, &[5, 3], &(0..15).collect::<Vec<_>>()),
                lit_i(
                    DType::I32,
                    &[4, 3],
                    &(0..12).map(|v| v * 7 - 20).collect::<Vec<_>>(),
                ),
            )
        };
        for ix in [&idx, &idx2] {
            for n in [0, 1, 3] {
                let (_, p) = three_ways(
                    &src,
                    &[
                        x.clone(),
                        ix.clone(),
                        u.clone(),
                        lit_i(DType::I32, &[], &[n]),
                    ],
                );
                assert_eq!(big_copies(loop_body(&p), 60), 0, "{c}");
            }
        }
    }
}

/// Carried values passed through unchanged (a parameter, a constant, a computed value
/// also used after the loop) are read where they are; an operand computed for the loop
/// only is the carried buffer; a body value whose argument is dead is written straight
/// into the carried buffer, while one whose argument is read later (`b` below, read by
/// `%nb` after `%na` is computed) is not.
const CARRIED: &str = r#"
func.func public @main(%w: tensor<16xf32>, %x: tensor<16xf32>, %n: tensor<i32>) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %k = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0]> : tensor<16xf32>
  %e = stablehlo.multiply %x, %x : tensor<16xf32>
  %s = stablehlo.negate %x : tensor<16xf32>
  %r:6 = stablehlo.while(%i = %c0, %a = %w, %kk = %k, %ee = %e, %b = %s, %c = %x) : tensor<i32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
  cond {
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    %t = stablehlo.multiply %a, %kk : tensor<16xf32>
    %na = stablehlo.add %b, %ee : tensor<16xf32>
    %nb = stablehlo.multiply %b, %ee : tensor<16xf32>
    stablehlo.return %j, %a, %kk, %ee, %na, %nb : tensor<i32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
  }
  %f = stablehlo.add %r#3, %e : tensor<16xf32>
  return %r#4, %r#5, %f, %r#1 : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
}
"#;

#[test]
fn carried_values_are_copied_only_when_they_change() {
    let w = lit_f(DType::F32, &[16], &ramp(16, 1.0));
    let x = lit_f(DType::F32, &[16], &ramp(16, 0.5));
    for n in [0, 1, 2, 5] {
        let (_, p) = three_ways(
            CARRIED,
            &[w.clone(), x.clone(), lit_i(DType::I32, &[], &[n])],
        );
        let mut into_loop = Vec::new();
        let mut in_body = Vec::new();
        let mut before = true;
        for s in &p.steps {
            match s {
                Step::Copy { src, .. } if src.size == 64 && before => into_loop.push(src.region),
                Step::While { body, .. } => {
                    before = false;
                    for b in body {
                        if let Step::Copy { src, .. } = b
                            && src.size == 64
                        {
                            in_body.push(src.region);
                        }
                    }
                }
                _ => {}
            }
        }
        // w, k and e pass through: read in place. s is the carried buffer. x is copied
        // in (it is a parameter and changes).
        assert_eq!(
            into_loop.iter().filter(|r| **r == Region::Input(1)).count(),
            1
        );
        assert!(!into_loop.contains(&Region::Input(0)));
        assert!(!into_loop.contains(&Region::Constant));
        // One copy back: `%na` cannot go to `%b`'s buffer (read later by `%nb`), while
        // `%nb` goes straight to `%c`'s (nothing reads `%c` in the body).
        assert_eq!(in_body.len(), 1, "{:?}", p.steps);
    }
}

/// A scan nested in a scan: the outer loop writes row i of a matrix with a row the inner
/// loop builds element by element; the inner loop also reads the outer matrix.
const NESTED: &str = r#"
func.func public @main(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %zs = stablehlo.constant dense<0.0> : tensor<f32>
  %m0 = stablehlo.broadcast_in_dim %zs, dims = [] : (tensor<f32>) -> tensor<4x3xf32>
  %r:2 = stablehlo.while(%i = %c0, %m = %m0) : tensor<i32>, tensor<4x3xf32>
  cond {
    %four = stablehlo.constant dense<4> : tensor<i32>
    %p = stablehlo.compare LT, %i, %four, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %z = stablehlo.constant dense<0.0> : tensor<1x3xf32>
    %q:2 = stablehlo.while(%j = %c0, %row = %z) : tensor<i32>, tensor<1x3xf32>
    cond {
      %three = stablehlo.constant dense<3> : tensor<i32>
      %p = stablehlo.compare LT, %j, %three, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i32>
      %jj = stablehlo.add %j, %one : tensor<i32>
      %xe = stablehlo.dynamic_slice %x, %i, %j, sizes = [1, 1] : (tensor<4x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x1xf32>
      %im = stablehlo.add %i, %c0 : tensor<i32>
      %pm = stablehlo.dynamic_slice %m, %im, %j, sizes = [1, 1] : (tensor<4x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x1xf32>
      %v = stablehlo.add %xe, %pm : tensor<1x1xf32>
      %nr = stablehlo.dynamic_update_slice %row, %v, %c0, %j : (tensor<1x3xf32>, tensor<1x1xf32>, tensor<i32>, tensor<i32>) -> tensor<1x3xf32>
      stablehlo.return %jj, %nr : tensor<i32>, tensor<1x3xf32>
    }
    %one = stablehlo.constant dense<1> : tensor<i32>
    %ii = stablehlo.add %i, %one : tensor<i32>
    %nm = stablehlo.dynamic_update_slice %m, %q#1, %i, %c0 : (tensor<4x3xf32>, tensor<1x3xf32>, tensor<i32>, tensor<i32>) -> tensor<4x3xf32>
    stablehlo.return %ii, %nm : tensor<i32>, tensor<4x3xf32>
  }
  return %r#1 : tensor<4x3xf32>
}
"#;

#[test]
fn nested_scans() {
    let x = lit_f(DType::F32, &[4, 3], &ramp(12, 2.0));
    let (out, p) = three_ways(NESTED, &[x]);
    assert_eq!(big_copies(&p.steps, 48), 1, "only the copy to the output");
    assert_eq!(f32s(&out[0])[4], ramp(12, 2.0)[4] as f32);
}

/// Newton steps on a carried vector: the new value's kernel reads the old one at the
/// point it writes, so it writes the carried buffer in place (no copy back); a reversed
/// read, or a maximum over the whole vector, is not a point's own element: those kernels
/// write a buffer of their own and the loop copies it back.
fn newton(step: &str) -> String {
    format!(
        r#"
func.func public @main(%x: tensor<37xf32>, %n: tensor<i32>) -> (tensor<37xf32>, tensor<i32>) {{
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1.0> : tensor<37xf32>
  %r:3 = stablehlo.while(%i = %c0, %y = %one, %xx = %x) : tensor<i32>, tensor<37xf32>, tensor<37xf32>
  cond {{
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }} do {{
    %c1 = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %c1 : tensor<i32>
    {step}
    stablehlo.return %j, %ny, %xx : tensor<i32>, tensor<37xf32>, tensor<37xf32>
  }}
  return %r#1, %r#0 : tensor<37xf32>, tensor<i32>
}}
"#
    )
}

#[test]
fn elementwise_updates_of_carried_values_run_in_place() {
    let half = "%h = stablehlo.constant dense<0.5> : tensor<37xf32>";
    let cases = [
        (
            format!(
                "{half}\n    %q = stablehlo.divide %xx, %y : tensor<37xf32>\n    %s = stablehlo.add %y, %q : tensor<37xf32>\n    %ny = stablehlo.multiply %h, %s : tensor<37xf32>"
            ),
            0,
        ),
        (
            format!(
                "{half}\n    %rv = stablehlo.reverse %y, dims = [0] : tensor<37xf32>\n    %ny = stablehlo.add %rv, %h : tensor<37xf32>"
            ),
            1,
        ),
        (
            "%z = stablehlo.constant dense<0.0> : tensor<f32>\n    %sm = stablehlo.reduce(%y init: %z) applies stablehlo.maximum across dimensions = [0] : (tensor<37xf32>, tensor<f32>) -> tensor<f32>\n    %sb = stablehlo.broadcast_in_dim %sm, dims = [] : (tensor<f32>) -> tensor<37xf32>\n    %ny = stablehlo.divide %y, %sb : tensor<37xf32>"
                .to_string(),
            1,
        ),
    ];
    let x = lit_f(
        DType::F32,
        &[37],
        &(1..=37).map(|v| f64::from(v) * 3.0).collect::<Vec<_>>(),
    );
    for (step, copies) in cases {
        let src = newton(&step);
        for n in [0, 1, 5] {
            let (_, p) = three_ways(&src, &[x.clone(), lit_i(DType::I32, &[], &[n])]);
            // The counter's `i + 1` is a point reading its own element too.
            let body = loop_body(&p);
            assert_eq!(big_copies(body, 4), copies, "{step}: {body:?}");
        }
    }
}
