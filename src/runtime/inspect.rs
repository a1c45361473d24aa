//! `pjrtc inspect`: a readable summary of an artifact.

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
    let _ = writeln!(s, "signature:");
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

    fn sort_is_stable(text: &str) -> bool {
        text.contains("_sort_comparator, stable (f32 arena+")
    }
}
