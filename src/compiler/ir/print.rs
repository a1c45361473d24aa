//! Prints the IR as StableHLO text (generic op form) that the text front end reads back.
//!
//! Every value is named `%v<id>` after its [`ValueId`], so printed IR can be matched with
//! the value table; constants are printed as hex blobs so they round-trip bit-exactly.

use std::fmt::Write;

use super::collective::CollectiveKind;
use super::literal::Literal;
use super::module::{Attr, Func, Loc, Module, Op, Region, ValueId};
use super::op::{CallAttr, FftType, Opcode, RngAlgorithm, Transpose};
use super::types::DType;

/// Prints a module in generic form.
pub fn print_module(m: &Module) -> String {
    let mut out = String::new();
    match &m.name {
        Some(n) => {
            let _ = writeln!(out, "module {} {{", symbol(n));
        }
        None => out.push_str("module {\n"),
    }
    for f in &m.funcs {
        print_func(&mut out, f);
    }
    out.push_str("}\n");
    out
}

fn print_func(out: &mut String, f: &Func) {
    let vis = if f.public { "public" } else { "private" };
    let _ = write!(out, "  func.func {vis} {}(", symbol(&f.name));
    for (i, &a) in f.body.args.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "{}: {}", value(a), f.ty(a));
        if let Some(attrs) = f.arg_attrs.get(i).filter(|a| !a.is_empty()) {
            out.push(' ');
            print_dict(out, attrs);
        }
    }
    out.push(')');
    if !f.result_types.is_empty() {
        out.push_str(" -> (");
        for (i, t) in f.result_types.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            let _ = write!(out, "{t}");
            if let Some(attrs) = f.result_attrs.get(i).filter(|a| !a.is_empty()) {
                out.push(' ');
                print_dict(out, attrs);
            }
        }
        out.push(')');
    }
    out.push_str(" {\n");
    print_ops(out, f, &f.body, 2);
    print_return(out, f, &f.body, "func.return", 2);
    out.push_str("  }");
    print_loc(out, &f.loc);
    out.push('\n');
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("  ");
    }
}

fn print_ops(out: &mut String, f: &Func, r: &Region, depth: usize) {
    for op in &r.ops {
        print_op(out, f, op, depth);
    }
}

fn print_return(out: &mut String, f: &Func, r: &Region, name: &str, depth: usize) {
    indent(out, depth);
    let _ = write!(out, "\"{name}\"(");
    print_values(out, &r.yields);
    out.push_str(") : (");
    print_types(out, f, &r.yields);
    out.push_str(") -> ()");
    print_loc(out, &r.yield_loc);
    out.push('\n');
}

fn print_values(out: &mut String, vs: &[ValueId]) {
    for (i, &v) in vs.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(&value(v));
    }
}

fn print_types(out: &mut String, f: &Func, vs: &[ValueId]) {
    for (i, &v) in vs.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "{}", f.ty(v));
    }
}

fn print_loc(out: &mut String, loc: &Loc) {
    if let Some(m) = &loc.mlir {
        let _ = write!(out, " {m}");
    }
}

fn value(v: ValueId) -> String {
    format!("%v{}", v.0)
}

fn print_op(out: &mut String, f: &Func, op: &Op, depth: usize) {
    indent(out, depth);
    if !op.results.is_empty() {
        print_values(out, &op.results);
        out.push_str(" = ");
    }
    let _ = write!(out, "\"{}\"(", op.opcode.name());
    print_values(out, &op.operands);
    out.push(')');
    let attrs = op_attrs(&op.opcode);
    if !attrs.is_empty() {
        let _ = write!(out, " <{{{}}}>", attrs.join(", "));
    }
    if !op.regions.is_empty() {
        out.push_str(" (");
        for (i, r) in op.regions.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str("{\n");
            if !r.args.is_empty() {
                indent(out, depth);
                out.push_str("^bb0(");
                for (j, &a) in r.args.iter().enumerate() {
                    if j > 0 {
                        out.push_str(", ");
                    }
                    let _ = write!(out, "{}: {}", value(a), f.ty(a));
                }
                out.push_str("):\n");
            }
            print_ops(out, f, r, depth + 1);
            print_return(out, f, r, "stablehlo.return", depth + 1);
            indent(out, depth);
            out.push('}');
        }
        out.push(')');
    }
    out.push_str(" : (");
    print_types(out, f, &op.operands);
    out.push_str(") -> ");
    if op.results.len() == 1 {
        let _ = write!(out, "{}", f.ty(op.results[0]));
    } else {
        out.push('(');
        print_types(out, f, &op.results);
        out.push(')');
    }
    print_loc(out, &op.loc);
    out.push('\n');
}

fn i64s(v: &[i64]) -> String {
    let items: Vec<String> = v.iter().map(i64::to_string).collect();
    format!("[{}]", items.join(", "))
}

fn array(v: &[i64]) -> String {
    if v.is_empty() {
        return "array<i64>".to_string();
    }
    let items: Vec<String> = v.iter().map(i64::to_string).collect();
    format!("array<i64: {}>", items.join(", "))
}

fn padding(p: &[(i64, i64)]) -> String {
    if p.is_empty() {
        return "dense<> : tensor<0x2xi64>".to_string();
    }
    let rows: Vec<String> = p.iter().map(|(l, h)| format!("[{l}, {h}]")).collect();
    format!("dense<[{}]> : tensor<{}x2xi64>", rows.join(", "), p.len())
}

fn literal(l: &Literal) -> String {
    if l.bytes.is_empty() {
        return format!("dense<> : {}", l.ty);
    }
    let mut hex = String::with_capacity(l.bytes.len() * 2);
    for b in l.bytes.iter() {
        let _ = write!(hex, "{b:02X}");
    }
    format!("dense<\"0x{hex}\"> : {}", l.ty)
}

fn string(s: &str) -> String {
    let mut out = String::from("\"");
    for b in s.bytes() {
        match b {
            b'"' | b'\\' => {
                out.push('\\');
                out.push(b as char);
            }
            0x20..=0x7e => out.push(b as char),
            _ => {
                let _ = write!(out, "\\{b:02X}");
            }
        }
    }
    out.push('"');
    out
}

fn is_bare_ident(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'))
}

fn symbol(name: &str) -> String {
    if is_bare_ident(name) {
        format!("@{name}")
    } else {
        format!("@{}", string(name))
    }
}

fn print_dict(out: &mut String, attrs: &[(String, Attr)]) {
    out.push('{');
    for (i, (k, v)) in attrs.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        if is_bare_ident(k) {
            out.push_str(k);
        } else {
            out.push_str(&string(k));
        }
        out.push_str(" = ");
        print_attr(out, v);
    }
    out.push('}');
}

fn print_attr(out: &mut String, a: &Attr) {
    match a {
        Attr::Unit => out.push_str("unit"),
        Attr::Bool(b) => {
            let _ = write!(out, "{b}");
        }
        Attr::Int(i) => {
            let _ = write!(out, "{i} : i64");
        }
        Attr::Float(x) => {
            let _ = write!(out, "{x:?} : f64");
        }
        Attr::String(s) => out.push_str(&string(s)),
        Attr::Array(items) => {
            out.push('[');
            for (i, it) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                print_attr(out, it);
            }
            out.push(']');
        }
        Attr::Dict(items) => print_dict(out, items),
        Attr::Other(text) => out.push_str(text),
    }
}

/// The op's attributes in generic form (`name = value`).
fn op_attrs(op: &Opcode) -> Vec<String> {
    let mut a: Vec<String> = Vec::new();
    let mut push = |k: &str, v: String| a.push(format!("{k} = {v}"));
    match op {
        Opcode::Constant(l) => push("value", literal(l)),
        Opcode::Iota { dimension } => push("iota_dimension", format!("{dimension} : i64")),
        Opcode::Compare {
            direction,
            compare_type,
        } => {
            push(
                "comparison_direction",
                format!("#stablehlo<comparison_direction {}>", direction.name()),
            );
            if let Some(t) = compare_type {
                push(
                    "compare_type",
                    format!("#stablehlo<comparison_type {}>", t.name()),
                );
            }
        }
        Opcode::ReducePrecision {
            exponent_bits,
            mantissa_bits,
        } => {
            push("exponent_bits", format!("{exponent_bits} : i32"));
            push("mantissa_bits", format!("{mantissa_bits} : i32"));
        }
        Opcode::BroadcastInDim {
            broadcast_dimensions,
        } => push("broadcast_dimensions", array(broadcast_dimensions)),
        Opcode::Transpose { permutation } => push("permutation", array(permutation)),
        Opcode::Slice {
            start,
            limit,
            strides,
        } => {
            push("start_indices", array(start));
            push("limit_indices", array(limit));
            push("strides", array(strides));
        }
        Opcode::Concatenate { dimension } => push("dimension", format!("{dimension} : i64")),
        Opcode::Pad {
            low,
            high,
            interior,
        } => {
            push("edge_padding_low", array(low));
            push("edge_padding_high", array(high));
            push("interior_padding", array(interior));
        }
        Opcode::Reverse { dimensions } | Opcode::Reduce { dimensions } => {
            push("dimensions", array(dimensions))
        }
        Opcode::DynamicSlice { slice_sizes } => push("slice_sizes", array(slice_sizes)),
        Opcode::ReduceWindow(w) => {
            push("window_dimensions", array(&w.window_dimensions));
            push("window_strides", array(&w.window_strides));
            push("base_dilations", array(&w.base_dilations));
            push("window_dilations", array(&w.window_dilations));
            push("padding", padding(&w.padding));
        }
        Opcode::SelectAndScatter {
            window_dimensions,
            window_strides,
            padding: p,
        } => {
            push("window_dimensions", array(window_dimensions));
            push("window_strides", array(window_strides));
            push("padding", padding(p));
        }
        Opcode::DotGeneral(d) => push(
            "dot_dimension_numbers",
            format!(
                "#stablehlo.dot<lhs_batching_dimensions = {}, rhs_batching_dimensions = {}, \
                 lhs_contracting_dimensions = {}, rhs_contracting_dimensions = {}>",
                i64s(&d.lhs_batch),
                i64s(&d.rhs_batch),
                i64s(&d.lhs_contracting),
                i64s(&d.rhs_contracting)
            ),
        ),
        Opcode::Convolution(c) => {
            push("window_strides", array(&c.window_strides));
            push("padding", padding(&c.padding));
            push("lhs_dilation", array(&c.lhs_dilation));
            push("rhs_dilation", array(&c.rhs_dilation));
            let rev: Vec<&str> = c
                .window_reversal
                .iter()
                .map(|&r| if r { "true" } else { "false" })
                .collect();
            push(
                "window_reversal",
                if rev.is_empty() {
                    "array<i1>".to_string()
                } else {
                    format!("array<i1: {}>", rev.join(", "))
                },
            );
            push(
                "dimension_numbers",
                format!(
                    "#stablehlo.conv<raw input_batch_dimension = {}, input_feature_dimension = {}, \
                     input_spatial_dimensions = {}, kernel_input_feature_dimension = {}, \
                     kernel_output_feature_dimension = {}, kernel_spatial_dimensions = {}, \
                     output_batch_dimension = {}, output_feature_dimension = {}, \
                     output_spatial_dimensions = {}>",
                    c.input_batch_dim,
                    c.input_feature_dim,
                    i64s(&c.input_spatial_dims),
                    c.kernel_input_feature_dim,
                    c.kernel_output_feature_dim,
                    i64s(&c.kernel_spatial_dims),
                    c.output_batch_dim,
                    c.output_feature_dim,
                    i64s(&c.output_spatial_dims)
                ),
            );
            push(
                "feature_group_count",
                format!("{} : i64", c.feature_group_count),
            );
            push(
                "batch_group_count",
                format!("{} : i64", c.batch_group_count),
            );
        }
        Opcode::Gather(g) => {
            push(
                "dimension_numbers",
                format!(
                    "#stablehlo.gather<offset_dims = {}, collapsed_slice_dims = {}, \
                     operand_batching_dims = {}, start_indices_batching_dims = {}, \
                     start_index_map = {}, index_vector_dim = {}>",
                    i64s(&g.offset_dims),
                    i64s(&g.collapsed_slice_dims),
                    i64s(&g.operand_batching_dims),
                    i64s(&g.start_indices_batching_dims),
                    i64s(&g.start_index_map),
                    g.index_vector_dim
                ),
            );
            push("slice_sizes", array(&g.slice_sizes));
            push("indices_are_sorted", g.indices_are_sorted.to_string());
        }
        Opcode::Scatter(s) => {
            push(
                "scatter_dimension_numbers",
                format!(
                    "#stablehlo.scatter<update_window_dims = {}, inserted_window_dims = {}, \
                     input_batching_dims = {}, scatter_indices_batching_dims = {}, \
                     scatter_dims_to_operand_dims = {}, index_vector_dim = {}>",
                    i64s(&s.update_window_dims),
                    i64s(&s.inserted_window_dims),
                    i64s(&s.input_batching_dims),
                    i64s(&s.scatter_indices_batching_dims),
                    i64s(&s.scatter_dims_to_operand_dims),
                    s.index_vector_dim
                ),
            );
            push("indices_are_sorted", s.indices_are_sorted.to_string());
            push("unique_indices", s.unique_indices.to_string());
        }
        Opcode::Sort {
            dimension,
            is_stable,
        } => {
            push("dimension", format!("{dimension} : i64"));
            push("is_stable", is_stable.to_string());
        }
        Opcode::Call { callee } => push("callee", symbol(callee)),
        Opcode::RngBitGenerator { algorithm } => {
            let a = match algorithm {
                RngAlgorithm::Default => "DEFAULT",
                RngAlgorithm::ThreeFry => "THREE_FRY",
                RngAlgorithm::Philox => "PHILOX",
            };
            push("rng_algorithm", format!("#stablehlo<rng_algorithm {a}>"));
        }
        Opcode::TriangularSolve {
            left_side,
            lower,
            unit_diagonal,
            transpose_a,
        } => {
            push("left_side", left_side.to_string());
            push("lower", lower.to_string());
            push("unit_diagonal", unit_diagonal.to_string());
            let t = match transpose_a {
                Transpose::NoTranspose => "NO_TRANSPOSE",
                Transpose::Transpose => "TRANSPOSE",
                Transpose::Adjoint => "ADJOINT",
            };
            push("transpose_a", format!("#stablehlo<transpose {t}>"));
        }
        Opcode::Cholesky { lower } => push("lower", lower.to_string()),
        Opcode::Fft {
            kind,
            lengths,
            packed,
        } => {
            let t = match kind {
                FftType::Fft => "FFT",
                FftType::Ifft => "IFFT",
                FftType::Rfft => "RFFT",
                FftType::Irfft => "IRFFT",
            };
            push("fft_type", format!("#stablehlo<fft_type {t}>"));
            push("fft_length", array(lengths));
            if *packed {
                // Only after the complex legalization, which nothing prints to re-read.
                push("pjrtc.packed_complex", "true".into());
            }
        }
        Opcode::CustomCall {
            target,
            has_side_effect,
            backend_config,
            api_version,
            config,
        } => {
            push("call_target_name", string(target));
            push("has_side_effect", has_side_effect.to_string());
            push("backend_config", string(backend_config));
            push("api_version", format!("{api_version} : i32"));
            if !config.is_empty() {
                push("mhlo.backend_config", call_attrs(config));
            }
        }
        Opcode::Collective(c) => {
            match c.kind {
                CollectiveKind::AllGather { dim } => push("all_gather_dim", format!("{dim} : i64")),
                CollectiveKind::ReduceScatter { dim } => {
                    push("scatter_dimension", format!("{dim} : i64"))
                }
                CollectiveKind::AllToAll {
                    split_dimension,
                    concat_dimension,
                    split_count,
                } => {
                    push("split_dimension", format!("{split_dimension} : i64"));
                    push("concat_dimension", format!("{concat_dimension} : i64"));
                    push("split_count", format!("{split_count} : i64"));
                }
                _ => {}
            }
            if !c.groups.is_empty() {
                // Ragged groups padded with -1, as XLA writes them.
                let cols = c.groups.iter().map(Vec::len).max().unwrap_or(0);
                let rows: Vec<String> = c
                    .groups
                    .iter()
                    .map(|g| {
                        let ids: Vec<String> = (0..cols)
                            .map(|k| g.get(k).copied().unwrap_or(-1).to_string())
                            .collect();
                        format!("[{}]", ids.join(", "))
                    })
                    .collect();
                let key = if c.kind == CollectiveKind::CollectivePermute {
                    "source_target_pairs"
                } else {
                    "replica_groups"
                };
                push(
                    key,
                    format!(
                        "dense<[{}]> : tensor<{}x{cols}xi64>",
                        rows.join(", "),
                        c.groups.len()
                    ),
                );
            }
            if c.channel_id != 0 {
                push(
                    "channel_handle",
                    format!(
                        "#stablehlo.channel_handle<handle = {}, type = 0>",
                        c.channel_id
                    ),
                );
            }
            if c.use_global_device_ids {
                push("use_global_device_ids", "true".to_string());
            }
        }
        Opcode::RunParallel { programs } => {
            let rows: Vec<String> = programs
                .iter()
                .map(|r| {
                    let syms: Vec<String> = r.iter().map(|p| symbol(p)).collect();
                    format!("[{}]", syms.join(", "))
                })
                .collect();
            push("programs", format!("[{}]", rows.join(", ")));
        }
        Opcode::Check {
            constant,
            tolerance,
            max_ulp_difference,
            min_ulp_difference,
            ..
        } => {
            if let Some(l) = constant {
                push("value", literal(l));
            }
            if let Some(t) = tolerance {
                push("tolerance", format!("{t:?} : f64"));
            }
            if let Some(m) = max_ulp_difference {
                push("max_ulp_difference", format!("{m} : i64"));
            }
            if let Some(m) = min_ulp_difference {
                push("min_ulp_difference", format!("{m} : i64"));
            }
        }
        Opcode::Dynamic(d) => {
            // The static op's attributes under the same names, plus what only the
            // dynamic form has.
            use super::DynOp as D;
            let same = match d {
                D::GetDimensionSize { dimension } | D::SetDimensionSize { dimension } => {
                    push("dimension", format!("{dimension} : i64"));
                    None
                }
                D::BroadcastInDim {
                    broadcast_dimensions,
                } => Some(Opcode::BroadcastInDim {
                    broadcast_dimensions: broadcast_dimensions.clone(),
                }),
                D::Iota { dimension } => Some(Opcode::Iota {
                    dimension: *dimension,
                }),
                D::Gather(g) => Some(Opcode::Gather(g.clone())),
                D::Conv(c) => Some(Opcode::Convolution(c.clone())),
                D::ShapeAssertion { message } => {
                    push("call_target_name", string("shape_assertion"));
                    push("has_side_effect", "true".to_string());
                    push("error_message", string(message));
                    None
                }
                D::ReduceWindow { body } => {
                    push("call_target_name", string(D::REDUCE_WINDOW_TARGET));
                    push("called_computations", format!("[@{body}]"));
                    None
                }
                D::Reshape | D::Slice | D::Pad => None,
            };
            if let Some(op) = same {
                a.extend(
                    op_attrs(&op).into_iter().filter(|kv| {
                        !kv.starts_with("padding =") && !kv.starts_with("slice_sizes =")
                    }),
                );
            }
        }
        Opcode::Unary(_)
        | Opcode::Binary(_)
        | Opcode::Select
        | Opcode::Clamp
        | Opcode::Convert
        | Opcode::Real
        | Opcode::Imag
        | Opcode::Complex
        | Opcode::BitcastConvert
        | Opcode::UniformQuantize
        | Opcode::UniformDequantize
        | Opcode::Reshape
        | Opcode::DynamicUpdateSlice
        | Opcode::While
        | Opcode::If
        | Opcode::Case
        | Opcode::OptimizationBarrier => {}
    }
    a
}

/// A float the MLIR lexer reads back as one (a `.` in the mantissa; hex bits for NaN/inf).
fn float(v: f64) -> String {
    if !v.is_finite() {
        return format!("0x{:016X}", v.to_bits());
    }
    let s = format!("{v:e}");
    match s.split_once('e') {
        Some((m, e)) if !m.contains('.') => format!("{m}.0e{e}"),
        _ => s,
    }
}

/// A custom call's handler attributes as an attribute dictionary the parser reads back.
fn call_attrs(items: &[(String, CallAttr)]) -> String {
    fn one(a: &CallAttr) -> String {
        let num = |d: DType, v: i64| {
            if d == DType::I1 {
                (v != 0).to_string()
            } else if d.is_unsigned_int() {
                format!(
                    "{} : {}",
                    v as u64 & (u64::MAX >> (64 - d.bits().min(64))),
                    d.mlir_name()
                )
            } else {
                format!("{v} : {}", d.mlir_name())
            }
        };
        match a {
            CallAttr::Int(d, v) => num(*d, *v),
            CallAttr::Float(d, v) => format!("{} : {}", float(*v), d.mlir_name()),
            CallAttr::Str(s) => string(s),
            CallAttr::Ints(d, v) => {
                let items: Vec<String> = v
                    .iter()
                    .map(|&x| match *d {
                        DType::I1 => (x != 0).to_string(),
                        d if d.is_unsigned_int() => (x as u64).to_string(),
                        _ => x.to_string(),
                    })
                    .collect();
                if items.is_empty() {
                    format!("array<{}>", d.mlir_name())
                } else {
                    format!("array<{}: {}>", d.mlir_name(), items.join(", "))
                }
            }
            CallAttr::Floats(d, v) => {
                let items: Vec<String> = v.iter().map(|&x| float(x)).collect();
                if items.is_empty() {
                    format!("array<{}>", d.mlir_name())
                } else {
                    format!("array<{}: {}>", d.mlir_name(), items.join(", "))
                }
            }
            CallAttr::Dict(items) => call_attrs(items),
        }
    }
    let parts: Vec<String> = items
        .iter()
        .map(|(k, v)| format!("{k} = {}", one(v)))
        .collect();
    format!("{{{}}}", parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compiler::frontend::parse;
    use crate::compiler::ir::SourcePos;
    use std::path::Path;

    /// Clears text positions, which differ between the original and the printed text.
    fn strip_positions(m: &mut Module) {
        fn region(r: &mut Region) {
            r.yield_loc.pos = SourcePos::Unknown;
            for op in &mut r.ops {
                op.loc.pos = SourcePos::Unknown;
                op.regions.iter_mut().for_each(region);
            }
        }
        for f in &mut m.funcs {
            f.loc.pos = SourcePos::Unknown;
            region(&mut f.body);
        }
    }

    fn round_trip(src: &[u8], what: &str) {
        let mut m = parse(src).unwrap_or_else(|e| panic!("{what}: {e}"));
        let text = print_module(&m);
        let mut again = parse(text.as_bytes()).unwrap_or_else(|e| {
            panic!(
                "{what}: reparse failed: {}\n{text}",
                e.render("printed", text.as_bytes())
            )
        });
        strip_positions(&mut m);
        strip_positions(&mut again);
        assert_eq!(m, again, "{what}: round trip differs\n{text}");
    }

    #[test]
    fn round_trips_examples() {
        round_trip(
            br#"module @m {
  func.func public @main(%arg0: tensor<2x3xf32> {jax.arg_info = "x", mhlo.sharding = "{replicated}"}) -> (tensor<3xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3xf32>
    %1 = stablehlo.compare  GT, %0, %cst,  FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
    %2 = stablehlo.select %1, %0, %cst : tensor<3xi1>, tensor<3xf32>
    %3 = call @f(%2) : (tensor<3xf32>) -> tensor<3xf32> loc("x.py":3:4)
    return %3 : tensor<3xf32>
  }
  func.func private @f(%arg0: tensor<3xf32>) -> tensor<3xf32> {
    return %arg0 : tensor<3xf32>
  }
}"#,
            "example",
        );
    }

    #[test]
    fn round_trips_quantized_programs() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/quantized");
        let mut n = 0;
        for e in std::fs::read_dir(&root).unwrap().flatten() {
            let p = e.path().join("model.mlir");
            if let Ok(src) = std::fs::read(&p) {
                round_trip(&src, &p.display().to_string());
                n += 1;
            }
        }
        assert!(n >= 3, "{n} quantized programs");
        // Narrow ranges, unsigned storage, per-axis parameters and quantized constants.
        round_trip(
            br#"func.func @main(%x: tensor<2x3x!quant.uniform<u4<1:14>:bf16:1, {0.5:3,2.5e-7:1,1.0:14}>>) -> tensor<2x!quant.uniform<i8:f32, 0.1:-2>> {
  %c = stablehlo.constant() <{value = dense<[1, -2]> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 0.1:-2>>
  return %c : tensor<2x!quant.uniform<i8:f32, 0.1:-2>>
}"#,
            "quantized types",
        );
    }

    #[test]
    fn round_trips_conformance_suite() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance/suite");
        let mut stack = vec![root];
        let mut n = 0;
        while let Some(dir) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for e in entries.flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.extension().is_some_and(|x| x == "mlir") {
                    let src = std::fs::read(&p).unwrap();
                    if parse(&src).is_ok() {
                        round_trip(&src, &p.display().to_string());
                        n += 1;
                    }
                }
            }
        }
        eprintln!("round-tripped {n} conformance files");
        assert!(n > 1000);
    }
}
