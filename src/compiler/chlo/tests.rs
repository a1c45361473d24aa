//! The decompositions against high-precision references (testdata/reference.txt, made by
//! testdata/gen_reference.py with mpmath): each function parsed as a `chlo.*` op, run by
//! the reference evaluator and as compiled native code, every value within the error
//! bound of its function and type. The bounds are what StableHLO's approximations
//! achieve (measured, rounded up): a change that makes a decomposition or the math it
//! compiles to less accurate fails here.

use crate::compiler::eval::{eval_func, literal_from_bits};
use crate::compiler::ir::{DType, Literal, TensorType};
use crate::compiler::lower::tests::run_native;
use crate::compiler::{Options, Timings, compile_module, frontend, passes};
use std::collections::BTreeMap;

const REFERENCE: &str = include_str!("testdata/reference.txt");

fn dtype(name: &str) -> DType {
    DType::from_mlir_name(name).expect("dtype")
}

/// Cases of one function and type: inputs per operand, expected bits.
#[derive(Default)]
struct Group {
    args: Vec<Vec<u64>>,
    want: Vec<u64>,
}

fn groups() -> BTreeMap<(String, String), Group> {
    let mut out: BTreeMap<(String, String), Group> = BTreeMap::new();
    for line in REFERENCE.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        let g = out.entry((f[0].to_string(), f[1].to_string())).or_default();
        let vals: Vec<u64> = f[2..]
            .iter()
            .map(|h| u64::from_str_radix(h, 16).expect("hex"))
            .collect();
        let (want, args) = vals.split_last().expect("a value");
        if g.args.is_empty() {
            g.args = vec![Vec::new(); args.len()];
        }
        for (a, &v) in g.args.iter_mut().zip(args) {
            a.push(v);
        }
        g.want.push(*want);
    }
    out
}

/// The program applying `chlo.<name>` to operands of `tensor<Nx<dt>>`.
fn program(name: &str, dt: &str, n: usize, arity: usize) -> String {
    let t = format!("tensor<{n}x{dt}>");
    let params: Vec<String> = (0..arity).map(|i| format!("%a{i}: {t}")).collect();
    let args: Vec<String> = (0..arity).map(|i| format!("%a{i}")).collect();
    let types = vec![t.clone(); arity].join(", ");
    format!(
        "func.func @main({}) -> {t} {{
  %0 = chlo.{name} {} : {types} -> {t}
  return %0 : {t}
}}",
        params.join(", "),
        args.join(", ")
    )
}

/// Value of float bits as f64.
fn value(d: DType, bits: u64) -> f64 {
    crate::compiler::ir::literal::scalar_to_f64(d, bits)
}

/// Spacing of `d`'s values at magnitude `x` (finite).
fn ulp(d: DType, x: f64) -> f64 {
    let (p, emin) = match d {
        DType::F16 => (11, -14),
        DType::BF16 => (8, -126),
        DType::F32 => (24, -126),
        _ => (53, -1022),
    };
    let e = if x == 0.0 {
        emin
    } else {
        (x.abs().log2().floor() as i32).max(emin)
    };
    2f64.powi(e - p + 1)
}

/// Error of `got` against `want`: 0 when equal (both NaN, or the same infinity), else in
/// units of `want`'s ulp, `inf` when only one is NaN or infinite.
fn error(d: DType, got: u64, want: u64) -> (f64, f64) {
    let (g, w) = (value(d, got), value(d, want));
    if g.is_nan() && w.is_nan() || g == w {
        return (0.0, 0.0);
    }
    if !g.is_finite() || !w.is_finite() {
        return (f64::INFINITY, f64::INFINITY);
    }
    ((g - w).abs() / ulp(d, w), (g - w).abs())
}

/// Error bound per function: in ulps, or absolute (whichever is looser) for functions
/// whose values cross zero where their arguments do not (relative error is unbounded
/// near lgamma's and digamma's roots).
fn bound(name: &str, dt: &str) -> (f64, f64) {
    const NONE: f64 = 0.0;
    match (name, dt) {
        // f16/bf16 are computed in f32 (or by f32 ops) and rounded once more.
        ("lgamma", "f16" | "bf16" | "f32") => (24.0, 2e-6),
        ("lgamma", _) => (8.0, 1e-14),
        ("digamma", "f64") => (96.0, 1e-14),
        ("digamma", _) => (24.0, 1e-6),
        (_, "f16" | "bf16") => (1.0, NONE),
        ("erf", "f32") => (5.0, NONE),
        // 0 once exp(-x^2) would underflow: subnormal results are not computed.
        ("erfc", "f32") => (5.0, f32::MIN_POSITIVE as f64),
        ("erfc", _) => (5.0, f64::MIN_POSITIVE),
        ("erf_inv", "f32") => (3.0, NONE),
        // 1 - x^2 rounds first: near +-1 the relative error grows like 1e-16 / (1 - x^2).
        ("erf_inv", _) => (32.0, 1e-11),
        ("bessel_i1e", "f32") => (12.0, NONE),
        ("bessel_i1e", _) => (6.0, NONE),
        ("polygamma", "f32") => (24.0, NONE),
        ("polygamma", _) => (12.0, NONE),
        ("zeta", "f32") => (16.0, NONE),
        ("zeta", _) => (16.0, NONE),
        // e^(x + log(1/2)) for large |x|: x + log(1/2) rounds to x's ulp, which e^ scales
        // by |x| (StableHLO's formula, chosen to overflow only where the result does).
        ("cosh" | "sinh", "f32") => (32.0, NONE),
        ("cosh" | "sinh", _) => (512.0, NONE),
        ("acosh", _) => (3.0, NONE),
        _ => (2.0, NONE),
    }
}

/// Runs one group; returns a message per value out of bounds.
fn run_group(name: &str, dt: &str, g: &Group) -> Vec<String> {
    let mut failures = Vec::new();
    let d = dtype(dt);
    let n = g.want.len();
    let src = program(name, dt, n, g.args.len());
    let module = frontend::parse(src.as_bytes()).unwrap_or_else(|e| panic!("{name}: {e:?}"));
    let args: Vec<Literal> = g
        .args
        .iter()
        .map(|a| literal_from_bits(TensorType::new(d, [n as i64]), a))
        .collect();
    let f = passes::inline::inline_entry(&module).expect("inline");
    let eval = eval_func(&f, &args).expect("eval").remove(0);
    let pjx =
        compile_module(&module, &Options::default(), &mut Timings::default()).expect("compile");
    let native = run_native(pjx, &args).remove(0);
    let native = Literal::new(TensorType::new(d, [n as i64]), native);
    let (ulps, abs) = bound(name, dt);
    for (how, got) in [("eval", &eval), ("native", &native)] {
        let mut worst = (0.0f64, 0.0f64, 0usize);
        for i in 0..n {
            let gbits = got.element_bits(i);
            let ok = if d.is_float() {
                let (u, a) = error(d, gbits, g.want[i]);
                if a > abs && u > worst.0 {
                    worst = (u, a, i);
                }
                u <= ulps || a <= abs
            } else {
                gbits == g.want[i]
            };
            if !ok {
                failures.push(format!(
                    "{name} {dt} ({how}) at {:?}: got {:#x} ({}), want {:#x} ({})",
                    g.args.iter().map(|a| value(d, a[i])).collect::<Vec<_>>(),
                    gbits,
                    value(d, gbits),
                    g.want[i],
                    value(d, g.want[i])
                ));
            }
        }
        println!(
            "{name} {dt} {how}: worst {:.2} ulp / {:.3e} at {:?}",
            worst.0,
            worst.1,
            g.args
                .iter()
                .map(|a| value(d, a[worst.2]))
                .collect::<Vec<_>>()
        );
    }
    failures
}

#[test]
fn decompositions_match_high_precision_references() {
    let groups = groups();
    assert!(
        groups.len() > 30,
        "reference.txt has {} groups",
        groups.len()
    );
    let failures: Vec<String> = groups
        .iter()
        .flat_map(|((name, dt), g)| run_group(name, dt, g))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
