use super::*;
use crate::compiler::eval::{eval_func, literal_from_f64, literal_from_i128};
use crate::compiler::frontend;
use crate::compiler::passes::{inline, verify};

fn entry(src: &str) -> Func {
    let m = frontend::parse(src.as_bytes())
        .unwrap_or_else(|d| panic!("{}", d.render("t", src.as_bytes())));
    verify::verify_module_dynamic(&m).unwrap();
    inline::inline_entry(&m).unwrap()
}

fn f32s(shape: &[i64], values: &[f64]) -> Literal {
    literal_from_f64(TensorType::new(DType::F32, shape), values)
}

fn floats(l: &Literal) -> Vec<f32> {
    l.bytes
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// JAX's old-style export: the dimension size first, a dynamic broadcast, an add.
const ADD_DYNAMIC: &str = r#"
func.func public @main(%arg0: tensor<i64>, %arg1: tensor<?x4xf32>, %arg2: tensor<2x?x4xf32>) -> tensor<2x?x4xf32> {
  %0 = stablehlo.constant dense<2> : tensor<1xi32>
  %1 = stablehlo.convert %arg0 : (tensor<i64>) -> tensor<i32>
  %2 = stablehlo.reshape %1 : (tensor<i32>) -> tensor<1xi32>
  %3 = stablehlo.constant dense<4> : tensor<1xi32>
  %4 = stablehlo.concatenate %0, %2, %3, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
  %5 = stablehlo.dynamic_broadcast_in_dim %arg1, %4, dims = [1, 2] : (tensor<?x4xf32>, tensor<3xi32>) -> tensor<2x?x4xf32>
  %6 = stablehlo.add %5, %arg2 : tensor<2x?x4xf32>
  return %6 : tensor<2x?x4xf32>
}
"#;

#[test]
fn refines_a_dimension_argument_program_to_static_ops() {
    let f = entry(ADD_DYNAMIC);
    assert!(needs_refinement(&f));
    let inputs = Inputs {
        types: vec![
            None,
            Some(TensorType::new(DType::F32, [3, 4])),
            Some(TensorType::new(DType::F32, [2, 3, 4])),
        ],
        values: vec![Some(literal_from_i128(
            TensorType::scalar(DType::I64),
            &[3],
        ))],
    };
    let r = refine(&f, &inputs).unwrap();
    assert!(!needs_refinement(&r));
    verify::verify_func(&r).unwrap();
    assert_eq!(r.result_types, vec![TensorType::new(DType::F32, [2, 3, 4])]);
    assert!(
        r.body
            .ops
            .iter()
            .any(|op| matches!(op.opcode, Opcode::BroadcastInDim { .. }))
    );
}

#[test]
fn an_unknown_dimension_argument_is_an_error_naming_the_op() {
    let f = entry(ADD_DYNAMIC);
    let inputs = Inputs {
        types: vec![
            None,
            Some(TensorType::new(DType::F32, [3, 4])),
            Some(TensorType::new(DType::F32, [2, 3, 4])),
        ],
        values: Vec::new(),
    };
    let e = refine(&f, &inputs).unwrap_err();
    assert!(
        e.message.contains("dynamic_broadcast_in_dim")
            && e.message.contains("not known at compile time"),
        "{}",
        e.message
    );
}

#[test]
fn contradicting_inputs_are_refused_naming_the_dimension() {
    let f = entry(ADD_DYNAMIC);
    // The static dimension 1 of argument 1 is 4.
    let inputs = Inputs {
        types: vec![None, Some(TensorType::new(DType::F32, [3, 5]))],
        values: Vec::new(),
    };
    let e = refine(&f, &inputs).unwrap_err();
    assert!(
        e.message.contains("argument 1 dimension 1 is 5"),
        "{}",
        e.message
    );
    // The size argument says 3, argument 2 has 2 rows of size 5 in the dynamic dimension.
    let inputs = Inputs {
        types: vec![
            None,
            Some(TensorType::new(DType::F32, [3, 4])),
            Some(TensorType::new(DType::F32, [2, 5, 4])),
        ],
        values: vec![Some(literal_from_i128(
            TensorType::scalar(DType::I64),
            &[3],
        ))],
    };
    let e = refine(&f, &inputs).unwrap_err();
    assert!(e.message.contains("stablehlo.add"), "{}", e.message);
}

/// What `jax.export` writes for `b, 4`: sizes from `get_dimension_size`, a shape
/// assertion, the computation in a function taking `b` as a global constant.
const NEW_STYLE: &str = r#"
func.func public @main(%arg0: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c = stablehlo.constant dense<2> : tensor<i32>
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %1 = stablehlo.compare GE, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  stablehlo.custom_call @shape_assertion(%1, %0) {api_version = 2 : i32, error_message = "Expected value >= 2 for dimension variable 'b'. Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), .", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
  %2 = call @inner(%0, %arg0) : (tensor<i32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %2 : tensor<?x4xf32>
}
func.func private @inner(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
  %1 = stablehlo.constant dense<4> : tensor<1xi32>
  %2 = stablehlo.concatenate %0, %1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %3 = stablehlo.dynamic_iota %2, dim = 0 : (tensor<2xi32>) -> tensor<?x4xf32>
  %4 = stablehlo.multiply %3, %arg1 : tensor<?x4xf32>
  %5 = stablehlo.exponential %4 : tensor<?x4xf32>
  return %5 : tensor<?x4xf32>
}
"#;

#[test]
fn symbolic_names_come_from_shape_assertion_messages() {
    let f = entry(NEW_STYLE);
    assert_eq!(symbolic_dims(&f), vec![("b".to_string(), 0, 0)]);
    let inputs = inputs_for_dims(&f, &[("b".to_string(), 3)]).unwrap();
    assert_eq!(
        inputs.types,
        vec![Some(TensorType::new(DType::F32, [3, 4]))]
    );
    let e = inputs_for_dims(&f, &[("n".to_string(), 3)]).unwrap_err();
    assert!(e.contains("no symbolic dimension 'n'"), "{e}");
    let r = refine(&f, &inputs).unwrap();
    verify::verify_func(&r).unwrap();
    assert_eq!(r.result_types, vec![TensorType::new(DType::F32, [3, 4])]);
}

#[test]
fn a_failing_shape_assertion_reports_jax_message_with_the_values() {
    let f = entry(NEW_STYLE);
    let inputs = inputs_for_dims(&f, &[("b".to_string(), 1)]).unwrap();
    let e = refine(&f, &inputs).unwrap_err();
    assert!(
        e.message
            .contains("Expected value >= 2 for dimension variable 'b'")
            && e.message.contains("'b' = 1 from")
            && e.message.contains("(= 1)"),
        "{}",
        e.message
    );
    // The evaluator gives the same message.
    let x = f32s(&[1, 4], &[0.0; 4]);
    let e = eval_func(&f, &[x]).unwrap_err();
    assert!(e.to_string().contains("'b' = 1 from"), "{e}");
}

#[test]
fn the_evaluator_runs_a_dynamic_program_at_the_shapes_of_its_arguments() {
    let f = entry(NEW_STYLE);
    for rows in [2usize, 3] {
        let vals: Vec<f64> = (0..rows * 4).map(|i| i as f64 / 8.0).collect();
        let x = f32s(&[rows as i64, 4], &vals);
        let out = eval_func(&f, &[x]).unwrap();
        assert_eq!(out[0].ty, TensorType::new(DType::F32, [rows as i64, 4]));
        let want: Vec<f32> = (0..rows * 4)
            .map(|i| ((i / 4) as f32 * (i as f32 / 8.0)).exp())
            .collect();
        assert_eq!(floats(&out[0]), want);
    }
}

#[test]
fn dynamic_slice_pad_gather_and_conv_take_their_static_forms() {
    let src = r#"
func.func public @main(%x: tensor<?x5xf32>, %w: tensor<3x5x2xf32>) -> (tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x2x5xf32>, tensor<1x?x2xf32>) {
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x5xf32>) -> tensor<i32>
  %n1 = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %c0 = stablehlo.constant dense<0> : tensor<1xi32>
  %c1 = stablehlo.constant dense<1> : tensor<1xi32>
  %c5 = stablehlo.constant dense<5> : tensor<1xi32>
  %start = stablehlo.concatenate %c1, %c0, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %limit = stablehlo.concatenate %n1, %c5, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %ones = stablehlo.concatenate %c1, %c1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %s = stablehlo.real_dynamic_slice %x, %start, %limit, %ones : (tensor<?x5xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x5xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %lo = stablehlo.concatenate %c1, %c0, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %z2 = stablehlo.concatenate %c0, %c0, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %p = stablehlo.dynamic_pad %s, %zero, %lo, %z2, %z2 : (tensor<?x5xf32>, tensor<f32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x5xf32>
  %idx = stablehlo.constant dense<[[0], [1]]> : tensor<2x1xi64>
  %sizes = stablehlo.concatenate %n1, %c1, %c5, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
  %x3 = stablehlo.reshape %x : (tensor<?x5xf32>) -> tensor<?x1x5xf32>
  %g = "stablehlo.dynamic_gather"(%x3, %idx, %sizes) {dimension_numbers = #stablehlo.gather<offset_dims = [0, 2], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>} : (tensor<?x1x5xf32>, tensor<2x1xi64>, tensor<3xi32>) -> tensor<?x2x5xf32>
  %xt = stablehlo.reshape %x : (tensor<?x5xf32>) -> tensor<1x?x5xf32>
  %pad = stablehlo.constant dense<[[1, 1]]> : tensor<1x2xi32>
  %c = "stablehlo.dynamic_conv"(%xt, %w, %pad) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64} : (tensor<1x?x5xf32>, tensor<3x5x2xf32>, tensor<1x2xi32>) -> tensor<1x?x2xf32>
  return %s, %p, %g, %c : tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x2x5xf32>, tensor<1x?x2xf32>
}
"#;
    let f = entry(src);
    let x = f32s(&[4, 5], &(0..20).map(f64::from).collect::<Vec<_>>());
    let w = f32s(
        &[3, 5, 2],
        &(0..30).map(|i| f64::from(i % 7) - 3.0).collect::<Vec<_>>(),
    );
    let r = refine(&f, &Inputs::from_literals(&[x.clone(), w.clone()])).unwrap();
    verify::verify_func(&r).unwrap();
    assert_eq!(
        r.result_types,
        vec![
            TensorType::new(DType::F32, [3, 5]),
            TensorType::new(DType::F32, [4, 5]),
            TensorType::new(DType::F32, [4, 2, 5]),
            TensorType::new(DType::F32, [1, 4, 2]),
        ]
    );
    let out = eval_func(&f, &[x, w]).unwrap();
    // The slice drops row 0, the pad puts a zero row back in front.
    let xs: Vec<f32> = (0..20).map(|i| i as f32).collect();
    assert_eq!(floats(&out[0]), xs[5..].to_vec());
    let mut padded = vec![0.0; 5];
    padded.extend_from_slice(&xs[5..]);
    assert_eq!(floats(&out[1]), padded);
}

/// `x[i : i + n]` with `i` from data, as JAX writes it (the start computed twice, the
/// limit `start + n` in either order, a stride): a `dynamic_slice` of the known size, the
/// evaluator's values at every start that stays inside.
#[test]
fn a_slice_from_an_unknown_start_plus_a_known_size_is_static() {
    let src = r#"
func.func public @main(%x: tensor<?x5xf32>, %i: tensor<i32>) -> (tensor<?x2xf32>, tensor<?x4xf32>) {
  %i1 = stablehlo.reshape %i : (tensor<i32>) -> tensor<1xi32>
  %c1 = stablehlo.constant dense<1> : tensor<1xi32>
  %start = stablehlo.concatenate %i1, %c1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %i1b = stablehlo.reshape %i : (tensor<i32>) -> tensor<1xi32>
  %startb = stablehlo.concatenate %i1b, %c1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %n = stablehlo.constant dense<[2, 4]> : tensor<2xi32>
  %limit = stablehlo.add %startb, %n : tensor<2xi32>
  %st = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %s = stablehlo.real_dynamic_slice %x, %start, %limit, %st : (tensor<?x5xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x2xf32>
  %ones = stablehlo.constant dense<1> : tensor<2xi32>
  %limit2 = stablehlo.add %n, %start : tensor<2xi32>
  %s2 = stablehlo.real_dynamic_slice %x, %start, %limit2, %ones : (tensor<?x5xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x4xf32>
  return %s, %s2 : tensor<?x2xf32>, tensor<?x4xf32>
}
"#;
    let f = entry(src);
    let x = f32s(&[4, 5], &(0..20).map(f64::from).collect::<Vec<_>>());
    let index = TensorType::new(DType::I32, []);
    let inputs = Inputs {
        types: vec![Some(x.ty.clone()), Some(index.clone())],
        values: vec![],
    };
    let r = refine(&f, &inputs).unwrap();
    verify::verify_func(&r).unwrap();
    assert_eq!(
        r.result_types,
        vec![
            TensorType::new(DType::F32, [2, 2]),
            TensorType::new(DType::F32, [2, 4]),
        ]
    );
    for i in 0..3 {
        let args = [x.clone(), literal_from_i128(index.clone(), &[i])];
        let got = eval_func(&r, &args).unwrap();
        let want = eval_func(&f, &args).unwrap();
        let rows = |cols: &[i128]| -> Vec<f32> {
            (i..i + 2)
                .flat_map(|r| cols.iter().map(move |c| (5 * r + c) as f32))
                .collect()
        };
        let (strided, dense) = (rows(&[1, 3]), rows(&[1, 2, 3, 4]));
        assert_eq!(floats(&got[0]), strided, "start {i}");
        assert_eq!(floats(&got[1]), dense, "start {i}");
        assert_eq!((floats(&want[0]), floats(&want[1])), (strided, dense));
    }
}

/// An unknown start whose limit is not it plus a known size: refused, naming both.
#[test]
fn a_slice_whose_size_depends_on_data_is_refused() {
    let src = r#"
func.func public @main(%x: tensor<?xf32>, %a: tensor<1xi32>, %b: tensor<1xi32>) -> tensor<?xf32> {
  %one = stablehlo.constant dense<1> : tensor<1xi32>
  %s = stablehlo.real_dynamic_slice %x, %a, %b, %one : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  return %s : tensor<?xf32>
}
"#;
    let f = entry(src);
    let t = |s: &[i64]| Some(TensorType::new(DType::I32, s));
    let inputs = Inputs {
        types: vec![Some(TensorType::new(DType::F32, [6])), t(&[1]), t(&[1])],
        values: vec![],
    };
    let e = refine(&f, &inputs).unwrap_err().message;
    assert!(
        e.contains("real_dynamic_slice") && e.contains("not it plus a known size"),
        "{e}"
    );
}

/// JAX's `custom_call @stablehlo.dynamic_reduce_window`, here a window of two rows with a
/// padded row in front (not the cumulative window JAX writes for cumsum): the reducer
/// function becomes the region of a static reduce_window.
const PAIR_SUMS: &str = r#"
func.func private @sum(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.add %a, %b : tensor<f32>
  return %0 : tensor<f32>
}
func.func public @main(%x: tensor<?x2xf32>, %w: tensor<2xi32>) -> tensor<?x2xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %ones = stablehlo.constant dense<1> : tensor<2xi32>
  %pad = stablehlo.constant dense<[[1, 0], [0, 0]]> : tensor<2x2xi32>
  %win = stablehlo.constant dense<[2, 1]> : tensor<2xi32>
  %r = stablehlo.custom_call @stablehlo.dynamic_reduce_window(%x, %zero, %WIN, %ones, %ones, %ones, %pad) {api_version = 2 : i32, called_computations = [@sum]} : (tensor<?x2xf32>, tensor<f32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}
"#;

#[test]
fn a_dynamic_reduce_window_takes_its_static_form_with_the_reducer_as_region() {
    let f = entry(&PAIR_SUMS.replace("%WIN", "%win"));
    let x = f32s(&[3, 2], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    let w = literal_from_i128(TensorType::new(DType::I32, [2]), &[0, 0]);
    let r = refine(&f, &Inputs::from_literals(&[x.clone(), w.clone()])).unwrap();
    verify::verify_func(&r).unwrap();
    let op = r
        .body
        .ops
        .iter()
        .find(|o| matches!(o.opcode, Opcode::ReduceWindow(_)));
    let Some(Op {
        opcode: Opcode::ReduceWindow(attrs),
        regions,
        ..
    }) = op
    else {
        panic!("no reduce_window in {:?}", r.body.ops);
    };
    assert_eq!(attrs.window_dimensions, vec![2, 1]);
    assert_eq!(attrs.padding, vec![(1, 0), (0, 0)]);
    assert_eq!(regions.len(), 1);
    assert_eq!(r.result_types, vec![TensorType::new(DType::F32, [3, 2])]);
    let out = eval_func(&f, &[x, w]).unwrap();
    assert_eq!(floats(&out[0]), vec![1.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
}

#[test]
fn a_dynamic_reduce_window_whose_window_comes_from_data_is_refused() {
    let f = entry(&PAIR_SUMS.replace("%WIN", "%w"));
    let x = f32s(&[3, 2], &[0.0; 6]);
    let inputs = Inputs {
        types: vec![Some(x.ty.clone()), Some(TensorType::new(DType::I32, [2]))],
        values: vec![],
    };
    let e = refine(&f, &inputs).unwrap_err().message;
    assert!(e.contains("stablehlo.custom_call"), "{e}");
}

#[test]
fn a_dynamic_reduce_window_without_its_reducer_is_an_error_at_the_op() {
    let src = PAIR_SUMS.replace("%WIN", "%win").replace(
        "called_computations = [@sum]",
        "called_computations = [@nope]",
    );
    let m = frontend::parse(src.as_bytes()).unwrap();
    let e = inline::inline_entry(&m).unwrap_err();
    assert!(e.message.contains("reducer @nope"), "{}", e.message);
    assert!(
        !matches!(e.pos, crate::compiler::ir::SourcePos::Unknown),
        "no location: {e:?}"
    );
}
