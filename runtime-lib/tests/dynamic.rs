//! Calls of programs with bounded dynamic dimensions: inputs checked and padded to their
//! bounds, outputs cut to the sizes the program returns, assertions and sizes checked.

mod common;

use common::*;
use pjrtc_runtime::format::*;
use pjrtc_runtime::{DType, Executable, RunError, Tensor};

fn load(p: Pjx) -> Executable {
    Executable::from_pjx(p).unwrap()
}

fn run_err(exe: &Executable, inputs: &[&Tensor]) -> String {
    exe.run(inputs).unwrap_err().to_string()
}

#[test]
fn outputs_are_the_valid_region_at_every_size() {
    let exe = load(copy_program(&["b<=4,3"], true));
    for b in [0, 1, 2, 4] {
        let x = iota(&[b, 3]);
        let out = exe.run(&[&x]).unwrap();
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].dtype, DType::F32);
        assert_eq!(out[0].shape, vec![b, 3]);
        assert_eq!(out[0].bytes(), x.bytes(), "b = {b}");

        // What the compiled program got: the input padded with zeros, then its size.
        let padded = exe.pad_inputs(&[&x]).unwrap();
        assert_eq!(padded.len(), 2);
        assert_eq!(padded[0].shape, vec![4, 3]);
        let mut want = f32s(&x);
        want.resize(12, 0.0);
        assert_eq!(f32s(&padded[0]), want);
        assert_eq!(padded[1].shape, Vec::<u64>::new());
        assert_eq!(padded[1].bytes(), (b as i64).to_le_bytes());

        // The same call in parts.
        let refs: Vec<&Tensor> = padded.iter().collect();
        let mut outputs = exe.new_outputs().unwrap();
        exe.run_into(&refs, &mut outputs).unwrap();
        let cut = exe.cut_outputs(outputs).unwrap();
        assert_eq!(cut[0].shape, vec![b, 3]);
        assert_eq!(cut[0].bytes(), x.bytes());
    }
}

#[test]
fn two_dynamic_dimensions_of_different_symbols() {
    let exe = load(copy_program(&["b<=4,c<=5"], true));
    for (b, c) in [(1, 1), (2, 3), (4, 5), (3, 2), (4, 1), (1, 5)] {
        let x = iota(&[b, c]);
        let out = exe.run(&[&x]).unwrap();
        assert_eq!(out[0].shape, vec![b, c]);
        assert_eq!(out[0].bytes(), x.bytes(), "{b}x{c}");
        let padded = exe.pad_inputs(&[&x]).unwrap();
        // Row i of the input is at row i of the 4x5 bound, zeros after it.
        let p = f32s(&padded[0]);
        for i in 0..4u64 {
            for j in 0..5u64 {
                let want = if i < b && j < c {
                    (i * c + j + 1) as f32
                } else {
                    0.0
                };
                assert_eq!(p[(i * 5 + j) as usize], want, "{b}x{c} at {i},{j}");
            }
        }
        assert_eq!(padded[1].bytes(), (b as i64).to_le_bytes());
        assert_eq!(padded[2].bytes(), (c as i64).to_le_bytes());
    }
}

/// Unnamed dimensions are independent of each other.
#[test]
fn unnamed_dimensions_take_any_sizes() {
    let exe = load(copy_program(&["?<=4,2", "?<=3"], true));
    let (x, y) = (iota(&[3, 2]), iota(&[1]));
    let out = exe.run(&[&x, &y]).unwrap();
    assert_eq!(
        (out[0].shape.clone(), out[1].shape.clone()),
        (vec![3, 2], vec![1])
    );
    assert_eq!(out[0].bytes(), x.bytes());
    assert_eq!(out[1].bytes(), y.bytes());
}

#[test]
fn inputs_of_other_shapes_are_refused_by_name() {
    let exe = load(copy_program(&["b<=4,3", "b<=4"], true));
    let (x, y) = (iota(&[2, 3]), iota(&[2]));
    exe.run(&[&x, &y]).unwrap();

    let e = run_err(&exe, &[&x, &iota(&[3])]);
    assert_eq!(
        e,
        "input 1 (%arg1) dimension 0 (b) is 3, input 0 dimension 0 (b) is 2"
    );
    assert!(matches!(
        exe.run(&[&x, &iota(&[3])]),
        Err(RunError::SymbolMismatch { index: 1, .. })
    ));

    let e = run_err(&exe, &[&iota(&[5, 3]), &iota(&[5])]);
    assert_eq!(e, "input 0 (%arg0) dimension 0 (b) is 5, above its bound 4");

    let e = run_err(&exe, &[&iota(&[2, 2]), &y]);
    assert_eq!(e, "input 0 (%arg0) dimension 1 is 2, expected 3");

    let ints = Tensor::zeros(DType::I32, &[2, 3]);
    let e = run_err(&exe, &[&ints, &y]);
    assert_eq!(e, "input 0 (%arg0): expected f32[b<=4,3], got i32[2,3]");

    let e = run_err(&exe, &[&iota(&[2, 3, 1]), &y]);
    assert_eq!(e, "input 0 (%arg0): expected f32[b<=4,3], got f32[2,3,1]");

    let e = run_err(&exe, &[&x]);
    assert_eq!(e, "expected 2 inputs, got 1");

    // Storage that does not hold the shape.
    let mut short = iota(&[2, 3]);
    short.shape = vec![3, 3];
    let e = run_err(&exe, &[&short, &iota(&[3])]);
    assert_eq!(
        e,
        "input 0 (%arg0): expected f32[b<=4,3], got f32[3,3] with 24 bytes of storage"
    );
}

#[test]
fn a_failing_assertion_is_its_message() {
    let exe = load(copy_program(&["b<=4,3"], false));
    let e = exe.run(&[&iota(&[2, 3])]).unwrap_err();
    assert_eq!(
        e,
        RunError::ShapeAssertion {
            message: "'b' = 2 is not allowed, from specification 'b'".into()
        }
    );
    assert_eq!(
        e.to_string(),
        "'b' = 2 is not allowed, from specification 'b'"
    );
}

/// A program returning an output size beyond its bound (or negative) is an error, not a
/// read past the output.
#[test]
fn output_sizes_outside_their_bounds_are_refused() {
    for (at, want) in [
        (
            NINETY_NINE_AT,
            "output 0 (out0) dimension 0 (b) is 99, above its bound 4",
        ),
        (
            MINUS_ONE_AT,
            "output 0 (out0) dimension 0 (b) is -1, negative",
        ),
    ] {
        let mut p = copy_program(&["b<=4,3"], true);
        // The size output gets a constant instead of the size input.
        for s in &mut p.steps {
            if let Step::Copy { src, dst } = s
                && dst.region == Region::Output(1)
            {
                *src = bufref(Region::Constant, at, 8);
            }
        }
        // The assertion's value is that output: it still holds.
        let exe = load(p);
        assert_eq!(run_err(&exe, &[&iota(&[2, 3])]), want);
    }
}

/// A static program's view is its signature; its calls are unchanged.
#[test]
fn static_programs_are_their_signature() {
    let mut p = copy_program(&["2,3"], true);
    p.dynamic = None;
    p.signature.outputs.pop(); // the predicate, no longer an assertion's
    p.steps.pop();
    let exe = load(p);
    let shapes = exe.caller_shapes();
    assert_eq!(shapes.inputs[0].type_string(), "f32[2,3]");
    assert_eq!(shapes.outputs.len(), 1);
    let x = iota(&[2, 3]);
    assert_eq!(exe.run(&[&x]).unwrap()[0].bytes(), x.bytes());
    assert_eq!(exe.pad_inputs(&[&x]).unwrap()[0].bytes(), x.bytes());
    let e = run_err(&exe, &[&iota(&[1, 3])]);
    assert_eq!(e, "input 0 (%arg0): expected f32[2,3], got f32[1,3]");
}
