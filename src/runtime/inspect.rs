//! `pjrtc inspect`: a readable summary of an artifact.

use pjrtc_runtime::format::analysis::{Cost, MemoryStats};
use pjrtc_runtime::format::{Pjx, Step, TensorSpec, step_line, walk_steps};
use std::fmt::Write;

/// The artifact's producer, target, signature, sections with their sizes, and schedule.
pub fn describe(pjx: &Pjx, file_len: usize) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "producer:  {}", pjx.producer);
    let _ = writeln!(
        s,
        "target:    {} [{}]",
        pjx.target.triple,
        pjx.target.features.join(",")
    );
    if let Some(d) = &pjx.dynamic {
        // What a caller passes and gets back; the compiled signature below has the
        // bounds and the size slots.
        let _ = writeln!(
            s,
            "dynamic shapes (one artifact for every size up to the bounds):"
        );
        for line in pjrtc_runtime::format::dynamic_lines(d) {
            let _ = writeln!(s, "  {line}");
        }
        let _ = writeln!(s, "compiled signature:");
    } else {
        let _ = writeln!(s, "signature:");
    }
    for (i, t) in pjx.signature.inputs.iter().enumerate() {
        let _ = writeln!(s, "  in{i}:  {}", spec(t));
    }
    for (i, t) in pjx.signature.outputs.iter().enumerate() {
        let alias = t
            .alias_of_input
            .map(|a| format!(" (may alias in{a})"))
            .unwrap_or_default();
        let _ = writeln!(s, "  out{i}: {}{alias}", spec(t));
    }
    let (mut all, mut dispatches) = (0, 0);
    walk_steps(&pjx.steps, &mut |s| {
        all += 1;
        dispatches += matches!(s, Step::Dispatch { .. }) as usize;
    });
    let _ = writeln!(s, "sections:");
    let _ = writeln!(
        s,
        "  code:       {:>10} bytes ({} text, {} import relocations, {} kernels)",
        pjx.code.bytes.len(),
        pjx.code.text_len,
        pjx.code.relocs.len(),
        pjx.kernels.len()
    );
    let _ = writeln!(s, "  constants:  {:>10} bytes", pjx.constants.len());
    let _ = writeln!(s, "  schedule:   {all:>10} steps ({dispatches} dispatches)");
    let _ = writeln!(
        s,
        "  arena:      {:>10} bytes (scratch per call)",
        pjx.arena_size
    );
    let _ = writeln!(s, "  file:       {file_len:>10} bytes");
    // What PJRT's GetCompiledMemoryStats and GetCostAnalysis report (JAX's
    // `memory_analysis()` and `cost_analysis()`).
    let m = MemoryStats::new(pjx, pjx.constants.len() as u64);
    let _ = writeln!(s, "memory:");
    let _ = writeln!(s, "  arguments:  {:>10} bytes", m.arguments);
    let _ = writeln!(
        s,
        "  outputs:    {:>10} bytes ({} may alias arguments)",
        m.outputs, m.aliased
    );
    let _ = writeln!(s, "  total:      {:>10} bytes", m.total());
    let c = Cost::new(pjx);
    let _ = writeln!(s, "cost:");
    let _ = writeln!(s, "  flops:            {:>14}", c.flops);
    let _ = writeln!(s, "  transcendentals:  {:>14}", c.transcendentals);
    let _ = writeln!(s, "  bytes accessed:   {:>14}", c.bytes_accessed);
    let _ = writeln!(s, "schedule:");
    schedule(&mut s, pjx, &pjx.steps, 1);
    s
}

/// One line per step, nested lists (loop condition and body, case branches) indented
/// under a heading line.
fn schedule(s: &mut String, pjx: &Pjx, steps: &[Step], depth: usize) {
    let pad = "  ".repeat(depth);
    for (i, step) in steps.iter().enumerate() {
        let _ = writeln!(s, "{pad}{i:>4}: {}", step_line(pjx, step));
        let heads: Vec<String> = match step {
            Step::While { .. } => vec!["cond:".into(), "body:".into()],
            Step::Case { branches, .. } => (0..branches.len())
                .map(|b| format!("branch {b}:"))
                .collect(),
            _ => vec![],
        };
        for (head, inner) in heads.iter().zip(step.nested()) {
            let _ = writeln!(s, "{pad}      {head}");
            schedule(s, pjx, inner, depth + 4);
        }
    }
}

fn spec(t: &TensorSpec) -> String {
    let dims: Vec<String> = t.shape.iter().map(|d| d.to_string()).collect();
    let name = if t.name.is_empty() {
        String::new()
    } else {
        format!("  {}", t.name)
    };
    format!("{}[{}]{name}", t.dtype, dims.join(","))
}

#[cfg(test)]
mod tests {
    use super::describe;
    use crate::compiler::{Options, compile};

    #[test]
    fn nested_steps_are_indented() {
        let src = r#"
func.func public @main(%n: tensor<i32>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %a = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %1 = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.add %i, %one : tensor<i32>
    %2 = "stablehlo.sort"(%a) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%l: tensor<f32>, %r: tensor<f32>):
      %3 = stablehlo.compare GT, %l, %r, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %3 : tensor<i1>
    }) : (tensor<4xf32>) -> tensor<4xf32>
    %4 = "stablehlo.case"(%i) ({
      stablehlo.return %2 : tensor<4xf32>
    }, {
      %5 = stablehlo.negate %2 : tensor<4xf32>
      stablehlo.return %5 : tensor<4xf32>
    }) : (tensor<i32>) -> tensor<4xf32>
    stablehlo.return %1, %4 : tensor<i32>, tensor<4xf32>
  }
  return %0#1 : tensor<4xf32>
}
"#;
        let pjx = compile(src.as_bytes(), &Options::default()).unwrap();
        let text = describe(&pjx, 0);
        let lines: Vec<&str> = text.lines().collect();
        let at = |needle: &str| {
            lines
                .iter()
                .find(|l| l.contains(needle))
                .unwrap_or_else(|| panic!("no '{needle}' in\n{text}"))
                .to_string()
        };
        let indent = |l: String| l.len() - l.trim_start().len();
        let w = at("while (predicate arena+");
        let cond = at("cond:");
        let sort = at(": sort dim 0 of [4] by k");
        let case = at(": case on i32 arena+");
        let branch = at("branch 1:");
        assert!(indent(cond) > indent(w.clone()), "{text}");
        assert!(indent(sort.clone()) > indent(w), "{text}");
        assert!(indent(branch) > indent(case.clone()), "{text}");
        assert_eq!(indent(sort), indent(case));
        assert!(sort_is_stable(&text), "{text}");
    }

    /// The numbers PJRT reports for JAX's `memory_analysis()`/`cost_analysis()` come from
    /// the same functions as these lines; here they are checked against the program.
    #[test]
    fn memory_and_cost_lines_count_a_batched_matmul_and_a_softmax() {
        let src = r#"
func.func public @main(%a: tensor<2x3x5xf32>, %b: tensor<2x5x7xf32>, %c: tensor<6x9xf32>) -> (tensor<2x3x7xf32>, tensor<6x9xf32>) {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x5xf32>, tensor<2x5x7xf32>) -> tensor<2x3x7xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = stablehlo.reduce(%c init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<6x9xf32>, tensor<f32>) -> tensor<6xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<6xf32>) -> tensor<6x9xf32>
  %d = stablehlo.subtract %c, %mb : tensor<6x9xf32>
  %e = stablehlo.exponential %d : tensor<6x9xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [1] : (tensor<6x9xf32>, tensor<f32>) -> tensor<6xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<6xf32>) -> tensor<6x9xf32>
  %r = stablehlo.divide %e, %sb : tensor<6x9xf32>
  return %0, %r : tensor<2x3x7xf32>, tensor<6x9xf32>
}
"#;
        let pjx = compile(src.as_bytes(), &Options::default()).unwrap();
        let text = describe(&pjx, 0);
        let value = |label: &str| -> u64 {
            let line = text
                .lines()
                .find(|l| l.trim_start().starts_with(label))
                .unwrap_or_else(|| panic!("no '{label}' in\n{text}"));
            line[line.find(label).unwrap() + label.len()..]
                .split_whitespace()
                .next()
                .unwrap()
                .parse()
                .unwrap()
        };
        assert_eq!(
            value("arguments:"),
            4 * (2 * 3 * 5 + 2 * 5 * 7 + 6 * 9),
            "{text}"
        );
        assert_eq!(value("outputs:"), 4 * (2 * 3 * 7 + 6 * 9), "{text}");
        let code = value("code:");
        let constants = value("constants:");
        let arena = value("arena:");
        assert_eq!(
            value("total:"),
            code + constants
                + arena
                + 4 * (2 * 3 * 5 + 2 * 5 * 7 + 6 * 9)
                + 4 * (2 * 3 * 7 + 6 * 9),
            "{text}"
        );
        let gemm = text.contains(": gemm ");
        let softmax = text.contains(": softmax ");
        // 2 flops per multiply-add of the batched product, when it is a GEMM step; one
        // exponential per element of the softmax, when the compiler recognised it.
        assert_eq!(
            value("flops:"),
            if gemm { 2 * 2 * 3 * 7 * 5 } else { 0 },
            "{text}"
        );
        assert_eq!(
            value("transcendentals:"),
            if softmax { 6 * 9 } else { 0 },
            "{text}"
        );
        assert!(gemm, "the batched matmul is a GEMM step:\n{text}");
        // Every step reads or writes something.
        assert!(value("bytes accessed:") >= value("outputs:"), "{text}");
    }

    fn sort_is_stable(text: &str) -> bool {
        text.contains("_sort_comparator, stable (f32 arena+")
    }
}
