//! Bounded programs against the dynamic ones in the evaluator: inputs padded with NaN
//! (and large integers) beyond their actual sizes, the valid region of every output equal
//! to the evaluation at the actual sizes. Variants the tier 3 files and goldens leave out:
//! an inner dynamic dimension, three-way concatenation, contraction and sorting along the
//! dynamic dimension, interior padding, clamped starts.
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

/// Row-major index -> position in `shape`'s layout.
fn flat(idx: &[i64], shape: &[i64]) -> usize {
    idx.iter().zip(shape).fold(0, |a, (&i, &n)| a * n + i) as usize
}

fn indices(shape: &[i64]) -> Vec<Vec<i64>> {
    let mut out = vec![vec![]];
    for &n in shape {
        out = out
            .into_iter()
            .flat_map(|p| {
                (0..n).map(move |i| {
                    let mut q = p.clone();
                    q.push(i);
                    q
                })
            })
            .collect();
    }
    out
}

/// `l` in the low corner of `shape`, NaN (or 0x55 bytes for integers) elsewhere.
fn padded(l: &Literal, shape: &[i64]) -> Literal {
    let es = l.ty.dtype.size();
    let fill = if l.ty.dtype.is_float() { 0xFF } else { 0x55 };
    let n: i64 = shape.iter().product();
    let mut bytes = vec![fill; n as usize * es];
    let src = l.bytes.to_vec();
    for (i, idx) in indices(&l.ty.shape).iter().enumerate() {
        let o = flat(idx, shape);
        bytes[o * es..(o + 1) * es].copy_from_slice(&src[i * es..(i + 1) * es]);
    }
    Literal::new(l.ty.with_shape(shape.to_vec()), bytes)
}

fn cut(l: &Literal, sizes: &[i64]) -> Literal {
    let es = l.ty.dtype.size();
    let src = l.bytes.to_vec();
    let mut bytes = Vec::new();
    for idx in indices(sizes) {
        let o = flat(&idx, &l.ty.shape);
        bytes.extend_from_slice(&src[o * es..(o + 1) * es]);
    }
    Literal::new(l.ty.with_shape(sizes.to_vec()), bytes)
}

/// Bounds `src` at `bound` and checks it at every size in `sizes` (each dynamic
/// dimension of every argument takes the size; `scalars` are the values of scalar
/// integer arguments).
fn check(src: &str, bound: i64, sizes: &[i64], scalars: &[i128]) {
    let f = entry(src);
    let b = bound_fn(&f, bound);
    verify::verify_func(&b.func).unwrap();
    for &size in sizes {
        let mut next_scalar = scalars.iter();
        let args: Vec<Literal> = f
            .param_types()
            .iter()
            .enumerate()
            .map(|(k, t)| {
                let t = t.with_shape(
                    t.shape
                        .iter()
                        .map(|&d| if d == DYN { size } else { d })
                        .collect::<Vec<_>>(),
                );
                if t.rank() == 0 && !t.dtype.is_float() {
                    return literal_from_i128(t, &[*next_scalar.next().expect("a scalar")]);
                }
                let n = t.num_elements() as usize;
                let v: Vec<f64> = (0..n)
                    .map(|i| ((i * 7 + k * 3) % 11) as f64 - 5.0)
                    .collect();
                literal_from_f64(t, &v)
            })
            .collect();
        let want = eval_func(&f, &args).unwrap();
        let mut bargs = Vec::new();
        let mut size_args = Vec::new();
        for (a, dims) in args.iter().zip(&b.inputs) {
            let shape: Vec<i64> = dims
                .iter()
                .enumerate()
                .map(|(d, dim)| match dim {
                    BoundDim::Static(n) => *n,
                    BoundDim::Dynamic { bound, slot, .. } => {
                        size_args.push((*slot, a.ty.shape[d]));
                        *bound
                    }
                })
                .collect();
            bargs.push(padded(a, &shape));
        }
        size_args.sort();
        for (_, n) in size_args {
            bargs.push(literal_from_i128(
                TensorType::scalar(DType::I64),
                &[i128::from(n)],
            ));
        }
        let got = eval_func(&b.func, &bargs).unwrap();
        let scalar = |slot: usize| literal_ints(&got[slot])[0];
        for (k, (w, dims)) in want.iter().zip(&b.outputs).enumerate() {
            let sizes: Vec<i64> = dims
                .iter()
                .map(|d| match d {
                    BoundDim::Static(n) => *n,
                    BoundDim::Dynamic { slot, .. } => scalar(*slot),
                })
                .collect();
            assert_eq!(sizes, w.ty.shape, "output {k} at size {size}");
            assert_eq!(
                cut(&got[k], &sizes).bytes.to_vec(),
                w.bytes.to_vec(),
                "output {k} at size {size}"
            );
        }
    }
}

fn bound_fn(f: &Func, b: i64) -> BoundedFunc {
    bound(
        f,
        &Bounds {
            named: vec![],
            default: Some(b),
        },
    )
    .unwrap_or_else(|d| panic!("{}", d.message))
}

#[test]
fn inner_dynamic_dimension_reduce_concatenate_reverse_dot() {
    check(
        r#"
func.func @main(%x: tensor<3x?xf32>, %y: tensor<3x?xf32>) -> (tensor<3xf32>, tensor<3x?xf32>, tensor<3x?xf32>, tensor<3x3xf32>) {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<3x?xf32>, tensor<f32>) -> tensor<3xf32>
  %c = stablehlo.concatenate %x, %y, %x, dim = 1 : (tensor<3x?xf32>, tensor<3x?xf32>, tensor<3x?xf32>) -> tensor<3x?xf32>
  %r = stablehlo.reverse %c, dims = [1] : tensor<3x?xf32>
  %d = stablehlo.dot_general %x, %y, contracting_dims = [1] x [1] : (tensor<3x?xf32>, tensor<3x?xf32>) -> tensor<3x3xf32>
  return %m, %c, %r, %d : tensor<3xf32>, tensor<3x?xf32>, tensor<3x?xf32>, tensor<3x3xf32>
}
"#,
        5,
        &[1, 2, 4, 5],
        &[],
    );
}

#[test]
fn interior_padding_clamped_slice_and_sort_along_the_dynamic_dimension() {
    check(
        r#"
func.func @main(%x: tensor<?x2xf32>, %i: tensor<i32>) -> (tensor<?x2xf32>, tensor<1x2xf32>, tensor<?x2xf32>) {
  %z = stablehlo.constant dense<-9.0> : tensor<f32>
  %p = stablehlo.pad %x, %z, low = [1, 0], high = [2, 0], interior = [1, 0] : (tensor<?x2xf32>, tensor<f32>) -> tensor<?x2xf32>
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %s = stablehlo.dynamic_slice %x, %i, %c0, sizes = [1, 2] : (tensor<?x2xf32>, tensor<i32>, tensor<i32>) -> tensor<1x2xf32>
  %sorted = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<?x2xf32>) -> tensor<?x2xf32>
  return %p, %s, %sorted : tensor<?x2xf32>, tensor<1x2xf32>, tensor<?x2xf32>
}
"#,
        6,
        &[1, 3, 6],
        // A start beyond every size: clamped to the actual last row, not the bound's.
        &[5],
    );
}

#[test]
fn a_reshape_that_would_move_elements_is_refused_by_name() {
    let f = entry(
        r#"
func.func @main(%x: tensor<2x?xf32>) -> tensor<?xf32> {
  %c = stablehlo.constant dense<2> : tensor<1xi32>
  %n = stablehlo.get_dimension_size %x, dim = 1 : (tensor<2x?xf32>) -> tensor<i32>
  %n1 = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %s = stablehlo.multiply %c, %n1 : tensor<1xi32>
  %r = stablehlo.dynamic_reshape %x, %s : (tensor<2x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
"#,
    );
    let e = bound(
        &f,
        &Bounds {
            named: vec![],
            default: Some(4),
        },
    )
    .unwrap_err();
    assert!(
        e.message.contains("stablehlo.dynamic_reshape"),
        "{}",
        e.message
    );
    assert!(
        e.message.contains("merges or splits dynamic dimension 1"),
        "{}",
        e.message
    );
    // Without a bound: the error says which flag gives one.
    let e = bound(&f, &Bounds::default()).unwrap_err();
    assert!(e.message.contains("--max-dim"), "{}", e.message);
}
