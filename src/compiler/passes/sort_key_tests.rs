//! Sorts by a key function: which comparators the pass takes, and that the compiled
//! program (the key computed by a kernel, then a native key sort) gives the evaluator's
//! bits for the original program, NaNs, signed zeros and ties included.

use super::{inline, sort_key, verify};
use crate::compiler::eval::{eval_func, literal_from_bits};
use crate::compiler::ir::{DType, Func, Literal, Opcode, Region, TensorType};
use crate::compiler::lower::tests::{bits, run_native};
use crate::compiler::{Options, Timings, compile_module, frontend};
use pjrtc_runtime::format::{Step, walk_steps};

fn entry(src: &str) -> Func {
    let module = frontend::parse(src.as_bytes()).expect("parse");
    inline::inline_entry(&module).expect("inline")
}

fn sorts(r: &Region) -> usize {
    r.ops
        .iter()
        .map(|op| {
            usize::from(matches!(op.opcode, Opcode::Sort { .. }))
                + op.regions.iter().map(sorts).sum::<usize>()
        })
        .sum()
}

/// Runs `src` three ways on `args`: the evaluator on the program as written, the
/// evaluator after the pass, and the compiled artifact. All must agree bit for bit.
/// Returns how many sorts the pass rewrote and the artifact's (key sort, comparator
/// sort) step counts.
fn check(src: &str, args: &[Literal]) -> (usize, (usize, usize)) {
    let mut f = entry(src);
    let want: Vec<Vec<u8>> = eval_func(&f, args)
        .expect("eval")
        .into_iter()
        .map(|l| l.bytes.to_vec())
        .collect();
    let before = sorts(&f.body);
    let n = sort_key::rewrite(&mut f);
    verify::verify_func(&f).expect("verifies after the rewrite");
    assert_eq!(
        sorts(&f.body),
        before,
        "the pass replaces sorts one for one"
    );
    let after: Vec<Vec<u8>> = eval_func(&f, args)
        .expect("eval after")
        .into_iter()
        .map(|l| l.bytes.to_vec())
        .collect();
    assert_eq!(after, want, "evaluator after the pass");
    let module = frontend::parse(src.as_bytes()).expect("parse");
    let pjx =
        compile_module(&module, &Options::default(), &mut Timings::default()).expect("compile");
    let (mut topk, mut sort) = (0, 0);
    walk_steps(&pjx.steps, &mut |s| match s {
        Step::TopK(_) => topk += 1,
        Step::Sort(_) => sort += 1,
        _ => {}
    });
    assert_eq!(run_native(pjx, args), want, "native code vs eval");
    (n, (topk, sort))
}

/// JAX's float comparator (`jnp.sort`, `argsort`): both sides canonicalized (`-0` to
/// `+0`, NaNs to one NaN), then compared in total order.
fn canonical(t: &str, a: &str, out: &str) -> String {
    format!(
        "%z{out} = stablehlo.constant dense<0.0> : tensor<{t}>
    %e{out} = stablehlo.compare EQ, {a}, %z{out}, FLOAT : (tensor<{t}>, tensor<{t}>) -> tensor<i1>
    %c{out} = stablehlo.select %e{out}, %z{out}, {a} : tensor<i1>, tensor<{t}>
    %u{out} = stablehlo.compare NE, {a}, {a}, FLOAT : (tensor<{t}>, tensor<{t}>) -> tensor<i1>
    %n{out} = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %m{out} = stablehlo.convert %n{out} : (tensor<f32>) -> tensor<{t}>
    %{out} = stablehlo.select %u{out}, %m{out}, %c{out} : tensor<i1>, tensor<{t}>"
    )
}

/// An argsort along dimension 0 of three (not the last), with every special float value
/// and many ties, in f32, f64 and bf16: sorted values and positions match the evaluator,
/// and the artifact sorts natively.
#[test]
fn canonicalizing_float_comparators_sort_by_key() {
    let specials: [f64; 9] = [
        f64::NAN,
        -f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        0.0,
        -0.0,
        1.5,
        -2.0,
        1e-300,
    ];
    for (t, d) in [
        ("f32", DType::F32),
        ("f64", DType::F64),
        ("bf16", DType::BF16),
    ] {
        let shape = "23x2x3";
        let src = format!(
            "func.func @main(%x: tensor<{shape}x{t}>) -> (tensor<{shape}x{t}>, tensor<{shape}xi32>) {{
  %iota = stablehlo.iota dim = 0 : tensor<{shape}xi32>
  %s:2 = \"stablehlo.sort\"(%x, %iota) <{{dimension = 0 : i64, is_stable = true}}> ({{
  ^bb0(%a: tensor<{t}>, %b: tensor<{t}>, %i: tensor<i32>, %j: tensor<i32>):
    {ka}
    {kb}
    %lt = stablehlo.compare LT, %ka, %kb, TOTALORDER : (tensor<{t}>, tensor<{t}>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }}) : (tensor<{shape}x{t}>, tensor<{shape}xi32>) -> (tensor<{shape}x{t}>, tensor<{shape}xi32>)
  return %s#0, %s#1 : tensor<{shape}x{t}>, tensor<{shape}xi32>
}}",
            ka = canonical(t, "%a", "ka"),
            kb = canonical(t, "%b", "kb"),
        );
        let data: Vec<u64> = bits(23 * 6, 5)
            .iter()
            .map(|b| {
                let v = specials[(*b % specials.len() as u64) as usize];
                let l = crate::compiler::eval::literal_from_f64(TensorType::scalar(d), &[v]);
                l.element_bits(0)
            })
            .collect();
        let x = literal_from_bits(TensorType::new(d, [23, 2, 3]), &data);
        let (n, steps) = check(&src, &[x]);
        assert_eq!((n, steps), (1, (1, 0)), "{t}");
    }
}

/// A key on the second operand, the comparator's arguments swapped (a descending
/// order), through a convert and an abs of a narrower integer: the first operand is the
/// payload, sorted along the middle dimension of an odd shape.
#[test]
fn a_key_of_another_operand_with_swapped_arguments() {
    let src = "func.func @main(%x: tensor<3x17x5xf32>, %y: tensor<3x17x5xi16>) -> (tensor<3x17x5xf32>, tensor<3x17x5xi16>) {
  %s:2 = \"stablehlo.sort\"(%x, %y) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i16>, %d: tensor<i16>):
    %cd = stablehlo.convert %d : (tensor<i16>) -> tensor<i32>
    %kd = stablehlo.abs %cd : tensor<i32>
    %cc = stablehlo.convert %c : (tensor<i16>) -> tensor<i32>
    %kc = stablehlo.abs %cc : tensor<i32>
    %lt = stablehlo.compare LT, %kd, %kc, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<3x17x5xf32>, tensor<3x17x5xi16>) -> (tensor<3x17x5xf32>, tensor<3x17x5xi16>)
  return %s#0, %s#1 : tensor<3x17x5xf32>, tensor<3x17x5xi16>
}";
    let n = 3 * 17 * 5;
    let xs: Vec<u64> = (0..n)
        .map(|i| u64::from((i as f32 * 0.5).to_bits()))
        .collect();
    // Few magnitudes of both signs, i16::MIN among them: ties and an abs that wraps.
    let ys: Vec<u64> = bits(n, 9)
        .iter()
        .map(|b| [0u16, 1, 0xFFFF, 7, 0xFFF9, 0x8000, 300][(*b % 7) as usize] as u64)
        .collect();
    let x = literal_from_bits(TensorType::new(DType::F32, [3, 17, 5]), &xs);
    let y = literal_from_bits(TensorType::new(DType::I16, [3, 17, 5]), &ys);
    assert_eq!(check(src, &[x, y]), (1, (1, 0)));
}

/// A key from a constant-only subtree (`2 * 3` computed in the comparator) and a
/// comparison the other way (`GT` of `x * c`): an unsigned key, a 1-d sort of odd length.
#[test]
fn constant_subtrees_and_unsigned_keys() {
    let src = "func.func @main(%x: tensor<45xui32>) -> tensor<45xui32> {
  %s = \"stablehlo.sort\"(%x) <{dimension = 0 : i64, is_stable = false}> ({
  ^bb0(%a: tensor<ui32>, %b: tensor<ui32>):
    %two = stablehlo.constant dense<2> : tensor<ui32>
    %three = stablehlo.constant dense<3> : tensor<ui32>
    %six = stablehlo.multiply %two, %three : tensor<ui32>
    %ka = stablehlo.multiply %a, %six : tensor<ui32>
    %kb = stablehlo.multiply %b, %six : tensor<ui32>
    %gt = stablehlo.compare GT, %ka, %kb, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
    stablehlo.return %gt : tensor<i1>
  }) : (tensor<45xui32>) -> tensor<45xui32>
  return %s : tensor<45xui32>
}";
    let xs: Vec<u64> = bits(45, 3).iter().map(|b| b & 0xFFFF_FFFF).collect();
    let x = literal_from_bits(TensorType::new(DType::U32, [45]), &xs);
    assert_eq!(check(src, &[x]), (1, (1, 0)));
}

/// Comparators the pass leaves alone: two operands (lexicographic), a plain comparison
/// of operand 0 (lowering takes it as it is), and the two sides computed differently.
#[test]
fn other_comparators_are_left_alone() {
    let lexicographic =
        "func.func @main(%x: tensor<9xi32>, %y: tensor<9xi32>) -> (tensor<9xi32>, tensor<9xi32>) {
  %s:2 = \"stablehlo.sort\"(%x, %y) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = stablehlo.compare LT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %eq = stablehlo.compare EQ, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %lt2 = stablehlo.compare LT, %c, %d, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %and = stablehlo.and %eq, %lt2 : tensor<i1>
    %or = stablehlo.or %lt, %and : tensor<i1>
    stablehlo.return %or : tensor<i1>
  }) : (tensor<9xi32>, tensor<9xi32>) -> (tensor<9xi32>, tensor<9xi32>)
  return %s#0, %s#1 : tensor<9xi32>, tensor<9xi32>
}";
    let xs: Vec<u64> = bits(9, 1).iter().map(|b| b % 3).collect();
    let ys: Vec<u64> = bits(9, 2).iter().map(|b| b % 5).collect();
    let x = literal_from_bits(TensorType::new(DType::I32, [9]), &xs);
    let y = literal_from_bits(TensorType::new(DType::I32, [9]), &ys);
    assert_eq!(check(lexicographic, &[x.clone(), y]), (0, (0, 1)));

    let plain = "func.func @main(%x: tensor<9xi32>) -> tensor<9xi32> {
  %s = \"stablehlo.sort\"(%x) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %lt = stablehlo.compare LT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<9xi32>) -> tensor<9xi32>
  return %s : tensor<9xi32>
}";
    // Not rewritten, but lowering sorts it natively all the same.
    assert_eq!(check(plain, std::slice::from_ref(&x)), (0, (1, 0)));

    let different = "func.func @main(%x: tensor<9xi32>) -> tensor<9xi32> {
  %s = \"stablehlo.sort\"(%x) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %na = stablehlo.negate %a : tensor<i32>
    %lt = stablehlo.compare LT, %na, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<9xi32>) -> tensor<9xi32>
  return %s : tensor<9xi32>
}";
    // Not an order at all, so only the pass is asked.
    assert_eq!(sort_key::rewrite(&mut entry(different)), 0);
}
