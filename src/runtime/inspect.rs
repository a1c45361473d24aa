//! `pjrtc inspect`: a readable summary of an artifact.

use pjrtc_runtime::format::{Pjx, Region, Step, TensorSpec};
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
    let dispatches = pjx
        .steps
        .iter()
        .filter(|s| matches!(s, Step::Dispatch { .. }))
        .count();
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
    let _ = writeln!(
        s,
        "  schedule:   {:>10} steps ({dispatches} dispatches)",
        pjx.steps.len()
    );
    let _ = writeln!(
        s,
        "  arena:      {:>10} bytes (scratch per call)",
        pjx.arena_size
    );
    let _ = writeln!(s, "  file:       {file_len:>10} bytes");
    let _ = writeln!(s, "schedule:");
    for (i, step) in pjx.steps.iter().enumerate() {
        let _ = writeln!(s, "  {i:>4}: {}", step_line(pjx, step));
    }
    s
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

fn region(r: &Region) -> String {
    match r {
        Region::Input(i) => format!("in{i}"),
        Region::Output(i) => format!("out{i}"),
        Region::Arena => "arena".into(),
        Region::Constant => "const".into(),
    }
}

fn step_line(pjx: &Pjx, step: &Step) -> String {
    match step {
        Step::Dispatch {
            kernel,
            bindings,
            workgroups,
        } => {
            let name = pjx
                .kernels
                .get(*kernel as usize)
                .map_or("?", |k| k.name.as_str());
            let b: Vec<String> = bindings
                .iter()
                .map(|b| format!("{}+{}", region(&b.region), b.offset))
                .collect();
            format!("dispatch {name} x{workgroups} ({})", b.join(", "))
        }
        Step::Gemm(g) => format!(
            "gemm {} batch={} m={} n={} k={} -> {}+{}",
            g.dtype,
            g.batch,
            g.m,
            g.n,
            g.k,
            region(&g.out.buf.region),
            g.out.buf.offset
        ),
        Step::Conv(c) => format!(
            "conv {} in={:?} kernel={:?} out={:?} groups={}/{}",
            c.dtype,
            c.in_spatial,
            c.kernel_spatial,
            c.out_spatial,
            c.feature_groups,
            c.batch_groups
        ),
        Step::Copy { src, dst } => format!(
            "copy {} bytes {}+{} -> {}+{}",
            src.size,
            region(&src.region),
            src.offset,
            region(&dst.region),
            dst.offset
        ),
    }
}
