//! The complex legalization against the evaluator: programs over complex values, compiled
//! (legalized to real ops, lowered, code generated) and run, give the evaluator's bits
//! (the formulas are shared, so any difference is a bug in the rewrite or in lowering),
//! on inputs that include zeros of both signs, infinities, NaNs, huge and tiny values.

use crate::compiler::eval::{eval_func, literal_complex, literal_from_complex};
use crate::compiler::ir::{DType, Literal, TensorType};
use crate::compiler::{Options, Timings, compile_module, frontend, passes};
use pjrtc_runtime::{Executable, Tensor};

/// Complex test values: ordinary ones, then the special ones in every combination.
fn values(n: usize) -> Vec<(f64, f64)> {
    let special = [
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        -2.5,
        1e-3,
        3e-8,
        1e30,
        -1e200,
        1e-300,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
    ];
    let mut out = Vec::new();
    let mut s = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s % 4001) as f64 / 1000.0 - 2.0
    };
    for &a in &special {
        for &b in &special {
            out.push((a, b));
        }
    }
    while out.len() < n {
        out.push((next() * 3.0, next() * 3.0));
    }
    out.truncate(n);
    out
}

/// Parses `text`, compiles `@main` unoptimized (so nothing folds) and runs it; also
/// evaluates it. Returns (compiled, evaluated) outputs.
fn both(text: &str, args: &[Literal]) -> (Vec<Literal>, Vec<Literal>) {
    let m = frontend::parse(text.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let f = passes::inline::inline_entry(&m).unwrap();
    let want = eval_func(&f, args).unwrap_or_else(|e| panic!("eval: {e}\n{text}"));
    let opts = Options {
        optimize: false,
        ..Options::default()
    };
    let pjx = compile_module(&m, &opts, &mut Timings::default())
        .unwrap_or_else(|e| panic!("compile: {e}\n{text}"));
    let exe = Executable::load(&pjx.to_bytes()).unwrap();
    let inputs: Vec<Tensor> = args
        .iter()
        .map(|l| {
            let shape: Vec<u64> = l.ty.shape.iter().map(|&d| d as u64).collect();
            Tensor::from_bytes(l.ty.dtype, &shape, &l.bytes).unwrap()
        })
        .collect();
    let refs: Vec<&Tensor> = inputs.iter().collect();
    let got = exe.run(&refs).unwrap();
    let got = got
        .iter()
        .zip(&want)
        .map(|(t, w)| Literal::new(w.ty.clone(), t.bytes().to_vec()))
        .collect();
    (got, want)
}

/// Bit-identical, except that any NaN matches any NaN.
fn same_bits(got: &Literal, want: &Literal, what: &str) {
    assert_eq!(got.ty, want.ty, "{what}");
    let d = want.ty.dtype;
    let part = d.complex_part().unwrap_or(d);
    let w = part.size();
    for (i, (g, e)) in got.bytes.chunks(w).zip(want.bytes.chunks(w)).enumerate() {
        let nan = |b: &[u8]| match w {
            4 => f32::from_le_bytes(b.try_into().unwrap()).is_nan(),
            8 => f64::from_le_bytes(b.try_into().unwrap()).is_nan(),
            _ => false,
        };
        if g != e && !(part.is_float() && nan(g) && nan(e)) {
            let (gc, ec) = (literal_complex(got), literal_complex(want));
            let k = if d.is_complex() { i / 2 } else { i };
            panic!(
                "{what}: element {k} differs: got {:?}, expected {:?}",
                gc.get(k),
                ec.get(k)
            );
        }
    }
}

const UNARY: &[&str] = &[
    "negate",
    "sqrt",
    "rsqrt",
    "cbrt",
    "exponential",
    "exponential_minus_one",
    "log",
    "log_plus_one",
    "logistic",
    "tanh",
    "sine",
    "cosine",
    "tan",
    "sign",
];

const BINARY: &[&str] = &[
    "add", "subtract", "multiply", "divide", "power", "atan2", "maximum", "minimum",
];

#[test]
fn elementwise_ops_compile_to_the_evaluators_bits() {
    for (dt, name) in [(DType::C64, "complex<f32>"), (DType::C128, "complex<f64>")] {
        let n = 196 + 60;
        let ty = TensorType::new(dt, [n as i64]);
        let xs = values(n);
        let mut ys = xs.clone();
        ys.rotate_left(37);
        let (x, y) = (
            literal_from_complex(ty.clone(), &xs),
            literal_from_complex(ty.clone(), &ys),
        );
        for op in UNARY {
            let text = format!(
                "func.func @main(%x: tensor<{n}x{name}>) -> tensor<{n}x{name}> {{\n  %0 = stablehlo.{op} %x : tensor<{n}x{name}>\n  return %0 : tensor<{n}x{name}>\n}}"
            );
            let (got, want) = both(&text, std::slice::from_ref(&x));
            same_bits(&got[0], &want[0], &format!("{op} on {name}"));
        }
        for op in BINARY {
            let text = format!(
                "func.func @main(%x: tensor<{n}x{name}>, %y: tensor<{n}x{name}>) -> tensor<{n}x{name}> {{\n  %0 = stablehlo.{op} %x, %y : tensor<{n}x{name}>\n  return %0 : tensor<{n}x{name}>\n}}"
            );
            let (got, want) = both(&text, &[x.clone(), y.clone()]);
            same_bits(&got[0], &want[0], &format!("{op} on {name}"));
        }
        let part = if dt == DType::C64 { "f32" } else { "f64" };
        let text = format!(
            "func.func @main(%x: tensor<{n}x{name}>, %y: tensor<{n}x{name}>) -> (tensor<{n}x{part}>, tensor<{n}x{part}>, tensor<{n}x{part}>, tensor<{n}xi1>, tensor<{n}xi1>, tensor<{n}xi1>, tensor<{n}x{name}>) {{
  %0 = stablehlo.abs %x : (tensor<{n}x{name}>) -> tensor<{n}x{part}>
  %1 = stablehlo.real %x : (tensor<{n}x{name}>) -> tensor<{n}x{part}>
  %2 = stablehlo.imag %y : (tensor<{n}x{name}>) -> tensor<{n}x{part}>
  %3 = stablehlo.compare EQ, %x, %y : (tensor<{n}x{name}>, tensor<{n}x{name}>) -> tensor<{n}xi1>
  %4 = stablehlo.compare NE, %x, %x : (tensor<{n}x{name}>, tensor<{n}x{name}>) -> tensor<{n}xi1>
  %5 = stablehlo.compare LT, %x, %y : (tensor<{n}x{name}>, tensor<{n}x{name}>) -> tensor<{n}xi1>
  %6 = stablehlo.complex %2, %1 : tensor<{n}x{name}>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<{n}x{part}>, tensor<{n}x{part}>, tensor<{n}x{part}>, tensor<{n}xi1>, tensor<{n}xi1>, tensor<{n}xi1>, tensor<{n}x{name}>
}}"
        );
        let (got, want) = both(&text, &[x.clone(), y.clone()]);
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            same_bits(g, w, &format!("result {i} on {name}"));
        }
    }
}

#[test]
fn converts_and_bitcasts_between_complex_and_real() {
    let n = 196;
    let xs = values(n);
    let x = literal_from_complex(TensorType::new(DType::C128, [n as i64]), &xs);
    let text = format!(
        "func.func @main(%x: tensor<{n}xcomplex<f64>>) -> (tensor<{n}xcomplex<f32>>, tensor<{n}xf32>, tensor<{n}xi32>, tensor<{n}xi1>, tensor<{n}xcomplex<f64>>, tensor<{n}x2xcomplex<f32>>, tensor<{n}x2xf64>, tensor<{n}xcomplex<f64>>) {{
  %0 = stablehlo.convert %x : (tensor<{n}xcomplex<f64>>) -> tensor<{n}xcomplex<f32>>
  %1 = stablehlo.convert %x : (tensor<{n}xcomplex<f64>>) -> tensor<{n}xf32>
  %2 = stablehlo.convert %0 : (tensor<{n}xcomplex<f32>>) -> tensor<{n}xi32>
  %3 = stablehlo.convert %x : (tensor<{n}xcomplex<f64>>) -> tensor<{n}xi1>
  %4 = stablehlo.convert %2 : (tensor<{n}xi32>) -> tensor<{n}xcomplex<f64>>
  %5 = stablehlo.bitcast_convert %x : (tensor<{n}xcomplex<f64>>) -> tensor<{n}x2xcomplex<f32>>
  %6 = stablehlo.bitcast_convert %x : (tensor<{n}xcomplex<f64>>) -> tensor<{n}x2xf64>
  %7 = stablehlo.bitcast_convert %5 : (tensor<{n}x2xcomplex<f32>>) -> tensor<{n}xcomplex<f64>>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<{n}xcomplex<f32>>, tensor<{n}xf32>, tensor<{n}xi32>, tensor<{n}xi1>, tensor<{n}xcomplex<f64>>, tensor<{n}x2xcomplex<f32>>, tensor<{n}x2xf64>, tensor<{n}xcomplex<f64>>
}}"
    );
    let (got, want) = both(&text, std::slice::from_ref(&x));
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        same_bits(g, w, &format!("result {i}"));
    }
    // A bitcast round trip is the identity.
    same_bits(&got[7], &x, "bitcast round trip");
}

#[test]
fn movement_reductions_sorts_and_control_flow() {
    let xs = values(24);
    let x = literal_from_complex(TensorType::new(DType::C64, [4, 6]), &xs[..24]);
    let text = "func.func @main(%x: tensor<4x6xcomplex<f32>>, %i: tensor<i32>) -> (tensor<6x4xcomplex<f32>>, tensor<3x8xcomplex<f32>>, tensor<2x3xcomplex<f32>>, tensor<5x7xcomplex<f32>>, tensor<4xcomplex<f32>>, tensor<6xcomplex<f32>>, tensor<24xcomplex<f32>>, tensor<4x6xcomplex<f32>>, tensor<2x6xcomplex<f32>>) {
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<4x6xcomplex<f32>>) -> tensor<6x4xcomplex<f32>>
  %1 = stablehlo.reshape %x : (tensor<4x6xcomplex<f32>>) -> tensor<3x8xcomplex<f32>>
  %2 = stablehlo.slice %x [1:3, 0:6:2] : (tensor<4x6xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  %k = stablehlo.constant dense<(1.5, -2.0)> : tensor<complex<f32>>
  %3 = stablehlo.pad %x, %k, low = [1, 0], high = [0, 1], interior = [0, 0] : (tensor<4x6xcomplex<f32>>, tensor<complex<f32>>) -> tensor<5x7xcomplex<f32>>
  %z = stablehlo.constant dense<(0.0, 0.0)> : tensor<complex<f32>>
  %4 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x6xcomplex<f32>>, tensor<complex<f32>>) -> tensor<4xcomplex<f32>>
  %one = stablehlo.constant dense<(1.0, 0.0)> : tensor<complex<f32>>
  %5 = stablehlo.reduce(%x init: %one) applies stablehlo.multiply across dimensions = [0] : (tensor<4x6xcomplex<f32>>, tensor<complex<f32>>) -> tensor<6xcomplex<f32>>
  %f = stablehlo.reshape %x : (tensor<4x6xcomplex<f32>>) -> tensor<24xcomplex<f32>>
  %6 = \"stablehlo.sort\"(%f) ({
  ^bb0(%a: tensor<complex<f32>>, %b: tensor<complex<f32>>):
    %lt = stablehlo.compare LT, %a, %b : (tensor<complex<f32>>, tensor<complex<f32>>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<24xcomplex<f32>>) -> tensor<24xcomplex<f32>>
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %7:2 = stablehlo.while(%n = %c0, %acc = %x) : tensor<i32>, tensor<4x6xcomplex<f32>>
    cond {
      %c = stablehlo.compare LT, %n, %i : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %c1 = stablehlo.constant dense<1> : tensor<i32>
      %n1 = stablehlo.add %n, %c1 : tensor<i32>
      %m = stablehlo.multiply %acc, %acc : tensor<4x6xcomplex<f32>>
      %s = stablehlo.sine %m : tensor<4x6xcomplex<f32>>
      stablehlo.return %n1, %s : tensor<i32>, tensor<4x6xcomplex<f32>>
    }
  %8 = stablehlo.dynamic_slice %x, %i, %c0, sizes = [2, 6] : (tensor<4x6xcomplex<f32>>, tensor<i32>, tensor<i32>) -> tensor<2x6xcomplex<f32>>
  return %0, %1, %2, %3, %4, %5, %6, %7#1, %8 : tensor<6x4xcomplex<f32>>, tensor<3x8xcomplex<f32>>, tensor<2x3xcomplex<f32>>, tensor<5x7xcomplex<f32>>, tensor<4xcomplex<f32>>, tensor<6xcomplex<f32>>, tensor<24xcomplex<f32>>, tensor<4x6xcomplex<f32>>, tensor<2x6xcomplex<f32>>
}";
    let two = Literal::new(TensorType::scalar(DType::I32), 2i32.to_le_bytes().to_vec());
    let (got, want) = both(text, &[x, two]);
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        same_bits(g, w, &format!("result {i}"));
    }
}

#[test]
fn small_dots_sum_in_order_large_ones_through_the_gemm() {
    for (m, k, n, exact) in [(3, 5, 4, true), (40, 48, 36, false)] {
        let ta = TensorType::new(DType::C64, [m, k]);
        let tb = TensorType::new(DType::C64, [k, n]);
        let a = literal_from_complex(ta, &values(196 + (m * k) as usize)[196..]);
        let b = literal_from_complex(tb, &values(196 + (k * n) as usize)[196..]);
        let text = format!(
            "func.func @main(%a: tensor<{m}x{k}xcomplex<f32>>, %b: tensor<{k}x{n}xcomplex<f32>>) -> tensor<{m}x{n}xcomplex<f32>> {{
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<{m}x{k}xcomplex<f32>>, tensor<{k}x{n}xcomplex<f32>>) -> tensor<{m}x{n}xcomplex<f32>>
  return %0 : tensor<{m}x{n}xcomplex<f32>>
}}"
        );
        let (got, want) = both(&text, &[a, b]);
        if exact {
            same_bits(&got[0], &want[0], "small dot");
        } else {
            let (g, w) = (literal_complex(&got[0]), literal_complex(&want[0]));
            for (x, y) in g.iter().zip(&w) {
                let err = (x.0 - y.0).abs().max((x.1 - y.1).abs());
                assert!(err < 1e-4 * (1.0 + y.0.abs() + y.1.abs()), "{x:?} vs {y:?}");
            }
        }
    }
}

#[test]
fn legalized_functions_have_no_complex_values_and_verify() {
    let text = "func.func @main(%x: tensor<4xcomplex<f64>>) -> (tensor<4xcomplex<f64>>, tensor<4xf64>) {
  %0 = stablehlo.exponential %x : tensor<4xcomplex<f64>>
  %1 = stablehlo.fft %0, type = FFT, length = [4] : (tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>>
  %2 = stablehlo.fft %1, type = IRFFT, length = [6] : (tensor<4xcomplex<f64>>) -> tensor<6xf64>
  %3 = stablehlo.slice %2 [0:4] : (tensor<6xf64>) -> tensor<4xf64>
  return %1, %3 : tensor<4xcomplex<f64>>, tensor<4xf64>
}";
    let m = frontend::parse(text.as_bytes()).unwrap();
    let mut f = passes::inline::inline_entry(&m).unwrap();
    assert!(passes::complex::legalize(&mut f).unwrap());
    passes::verify::verify_func(&f).unwrap();
    let mut defined = Vec::new();
    f.body
        .walk(&mut |op| defined.extend(op.results.iter().copied()));
    defined.extend(f.body.args.iter().copied());
    for v in defined {
        assert!(!f.ty(v).dtype.is_complex(), "%{} is {}", v.0, f.ty(v));
    }
    assert_eq!(f.result_types[0], TensorType::new(DType::F64, [4, 2]));
    // A real program is left alone.
    let real = frontend::parse(
        b"func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {\n  return %x : tensor<2xf32>\n}",
    )
    .unwrap();
    let mut f = passes::inline::inline_entry(&real).unwrap();
    assert!(!passes::complex::legalize(&mut f).unwrap());
}

#[test]
fn unsupported_complex_ops_are_diagnosed() {
    let text = "func.func @main(%x: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  %0 = stablehlo.remainder %x, %x : tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}";
    let m = frontend::parse(text.as_bytes()).unwrap();
    let e = compile_module(&m, &Options::default(), &mut Timings::default()).unwrap_err();
    let msg = e.to_string();
    assert!(
        msg.contains("2:3") && msg.contains("unsupported: stablehlo.remainder"),
        "{msg}"
    );
}
