//! CHLO ops in the text front end: their pretty syntax (`chlo.top_k(%x, k = 5)`,
//! `chlo.scan(%x) inits(%i) dimension=0 {...}`, and the common `op %a, %b {attrs} : types`
//! form of the others) and their attributes -> [`ChloOp`], which [`crate::compiler::chlo`]
//! expands into StableHLO. Composites named after a CHLO op (`stablehlo.composite
//! "chlo.erf"`) become that op too.

use super::attrs::{AttrValue, parse_attr_dict, parse_int_text};
use super::lexer::Kind;
use super::ops::{self, Attrs};
use super::parser::{Parsed, ParsedChlo, Parser};
use super::types::{OpTypes, parse_op_types};
use crate::compiler::chlo::{ChloOp, CompositeAttr, RaggedDotDims, Scalar};
use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::ValueId;

/// A CHLO op pjrtc expands.
pub fn is_chlo(name: &str) -> bool {
    name.starts_with("chlo.") && ChloOp::is_known(name)
}

/// Parses a CHLO op in pretty form, after its name.
pub fn parse_pretty(p: &mut Parser, name: &str, pos: usize) -> Result<Parsed, Diagnostic> {
    match name {
        "chlo.top_k" => parse_top_k(p, pos),
        "chlo.scan" => parse_scan(p, pos),
        _ => {
            let items = ops::parse_items(p, name, pos)?;
            let op = chlo_of(p, name, pos, &items.attrs)?
                .ok_or_else(|| p.err(pos, format!("unsupported: op '{name}'")))?;
            Ok(Parsed::Chlo(ParsedChlo {
                name: name.to_string(),
                op,
                operands: items.operands,
                result_types: items.result_types,
                regions: Vec::new(),
            }))
        }
    }
}

/// The op name to report for a parsed op: a composite's `name`, else `name`.
pub fn source_name(name: &str, attrs: &[(String, AttrValue)]) -> String {
    if name == "stablehlo.composite"
        && let Some((_, AttrValue::Str(s))) = attrs.iter().find(|(k, _)| k == "name")
    {
        return s.clone();
    }
    name.to_string()
}

/// The CHLO op that op `name` with `attrs` is, if it is one pjrtc expands: a known
/// `chlo.*` op, or a composite named after one whose composite attributes pjrtc reads
/// (other composites call their decomposition).
pub fn chlo_of(
    p: &Parser,
    name: &str,
    pos: usize,
    attrs: &[(String, AttrValue)],
) -> Result<Option<ChloOp>, Diagnostic> {
    if name == "stablehlo.composite" {
        let cname = source_name(name, attrs);
        let composite: Vec<(String, CompositeAttr)> =
            match attrs.iter().find(|(k, _)| k == "composite_attributes") {
                None => Vec::new(),
                Some((_, AttrValue::Dict(items))) => items
                    .iter()
                    .map(|(k, v)| (k.clone(), composite_attr(v)))
                    .collect(),
                Some(_) => return Ok(None),
            };
        return Ok(ChloOp::from_composite(&cname, &composite));
    }
    if matches!(
        name,
        "stablehlo.batch_norm_inference" | "stablehlo.batch_norm_training"
    ) {
        let a = Attrs::new(p, name, pos, attrs);
        let epsilon = match a.get(&["epsilon"]) {
            Some(v) => v.as_f64().ok_or_else(|| a.invalid("epsilon"))?,
            None => return Err(a.missing("epsilon")),
        };
        return Ok(ChloOp::batch_norm(
            name,
            epsilon,
            a.int(&["feature_index"])?,
        ));
    }
    if !is_chlo(name) {
        return Ok(None);
    }
    let a = Attrs::new(p, name, pos, attrs);
    let dims = |a: &Attrs| a.i64s_opt(&["broadcast_dimensions"]);
    let op = match name {
        "chlo.broadcast_compare" => {
            let (direction, compare_type) = ops::compare_attrs(&a)?;
            ChloOp::BroadcastCompare {
                dims: dims(&a)?,
                direction,
                compare_type,
            }
        }
        "chlo.constant" => ChloOp::Constant(a.literal("value")?.ok_or_else(|| a.missing("value"))?),
        "chlo.constant_like" => ChloOp::ConstantLike(match a.get(&["value"]) {
            // The value's own type (`2.5 : f32`) is the result's element type's concern.
            Some(AttrValue::Int(i) | AttrValue::TypedInt(i, _)) => Scalar::Int(*i),
            Some(AttrValue::Float(f) | AttrValue::TypedFloat(f, _)) => Scalar::Float(*f),
            Some(AttrValue::Bool(b)) => Scalar::Int(i128::from(*b)),
            Some(_) => return Err(a.invalid("value")),
            None => return Err(a.missing("value")),
        }),
        "chlo.top_k" => ChloOp::TopK { k: a.int(&["k"])? },
        "chlo.ragged_dot" => {
            let d = a.fields(&["ragged_dot_dimension_numbers"], "ragged_dot")?;
            let list = |k: &str| d.i64s_opt(&[k]).map(Option::unwrap_or_default);
            ChloOp::RaggedDot(RaggedDotDims {
                lhs_batch: list("lhs_batching_dimensions")?,
                rhs_batch: list("rhs_batching_dimensions")?,
                lhs_contracting: list("lhs_contracting_dimensions")?,
                rhs_contracting: list("rhs_contracting_dimensions")?,
                lhs_ragged: list("lhs_ragged_dimensions")?,
                rhs_group: list("rhs_group_dimensions")?,
            })
        }
        "chlo.scan" => {
            // Generic form: `operandSegmentSizes = array<i32: inputs, inits>`.
            let segments = a
                .i64s_opt(&["operandSegmentSizes", "operand_segment_sizes"])?
                .ok_or_else(|| a.missing("operandSegmentSizes"))?;
            let inputs = match segments.as_slice() {
                [i, _] if *i >= 0 => *i as usize,
                _ => return Err(a.invalid("operandSegmentSizes")),
            };
            ChloOp::Scan {
                dimension: a.int(&["dimension"])?,
                is_reverse: a.bool_or(&["is_reverse"], false)?,
                inputs,
            }
        }
        _ => {
            let mut op = ChloOp::without_attributes(name)
                .ok_or_else(|| p.err(pos, format!("unsupported: op '{name}'")))?;
            if let ChloOp::Broadcast { dims: d, .. } = &mut op {
                *d = dims(&a)?;
            }
            op
        }
    };
    Ok(Some(op))
}

fn composite_attr(v: &AttrValue) -> CompositeAttr {
    match v {
        AttrValue::Bool(b) => CompositeAttr::Bool(*b),
        _ => match v.as_i64() {
            Some(i) => CompositeAttr::Int(i),
            None => CompositeAttr::Other,
        },
    }
}

/// `chlo.top_k(%x, k = 5 [, is_stable = true]) {attrs} : T -> (T, Ti)`.
fn parse_top_k(p: &mut Parser, pos: usize) -> Result<Parsed, Diagnostic> {
    p.expect("(", "after 'chlo.top_k'")?;
    let tok = p.next()?;
    if tok.kind != Kind::Value {
        return Err(p.err(tok.pos, "expected SSA operand"));
    }
    let x = p.lookup(tok)?;
    let mut attrs: Vec<(String, AttrValue)> = Vec::new();
    while p.eat(",")? {
        let key = p.next()?;
        if key.kind != Kind::Ident {
            return Err(p.err(key.pos, "expected 'k' or 'is_stable'"));
        }
        p.expect("=", &format!("after '{}'", key.text))?;
        let v = p.next()?;
        let value = match (key.text, v.kind) {
            ("k", Kind::Int) => AttrValue::Int(
                parse_int_text(v.text).ok_or_else(|| p.err(v.pos, "integer out of range"))?,
            ),
            ("is_stable", Kind::Ident) if matches!(v.text, "true" | "false") => {
                AttrValue::Bool(v.text == "true")
            }
            _ => return Err(p.err(v.pos, format!("invalid value for '{}'", key.text))),
        };
        attrs.push((key.text.to_string(), value));
    }
    p.expect(")", "to close 'chlo.top_k' operands")?;
    if p.peek()?.is_punct("{") {
        attrs.extend(parse_attr_dict(&mut p.lx, 0)?);
    }
    let colon = p.expect(":", "after 'chlo.top_k' operands")?;
    let result_types = match parse_op_types(&mut p.lx)? {
        OpTypes::Function(ins, outs) => {
            p.check_operand_types(pos, &[tok], &[x], &ins)?;
            outs
        }
        OpTypes::List(_) => return Err(p.err(colon, "expected function type '... -> ...'")),
    };
    let op = chlo_of(p, "chlo.top_k", pos, &attrs)?.expect("chlo.top_k is known");
    Ok(Parsed::Chlo(ParsedChlo {
        name: "chlo.top_k".into(),
        op,
        operands: vec![x],
        result_types,
        regions: Vec::new(),
    }))
}

/// `chlo.scan(%in...) inits(%init...) dimension=N [attributes {..}] {region} : (..) -> (..)`.
fn parse_scan(p: &mut Parser, pos: usize) -> Result<Parsed, Diagnostic> {
    let mut toks = Vec::new();
    let mut lists: Vec<Vec<ValueId>> = Vec::new();
    for (i, what) in ["inputs", "inits"].into_iter().enumerate() {
        if i == 1 {
            p.expect_ident("inits", "in 'chlo.scan'")?;
        }
        p.expect("(", &format!("to start the scan {what}"))?;
        let mut ids = Vec::new();
        if !p.eat(")")? {
            loop {
                let t = p.next()?;
                if t.kind != Kind::Value {
                    return Err(p.err(t.pos, "expected SSA operand"));
                }
                ids.push(p.lookup(t)?);
                toks.push(t);
                if p.eat(")")? {
                    break;
                }
                p.expect(",", "or ')' in scan operands")?;
            }
        }
        lists.push(ids);
    }
    p.expect_ident("dimension", "in 'chlo.scan'")?;
    p.expect("=", "after 'dimension'")?;
    let d = p.next()?;
    let dimension = parse_int_text(d.text)
        .filter(|_| d.kind == Kind::Int)
        .and_then(|v| i64::try_from(v).ok())
        .ok_or_else(|| p.err(d.pos, "expected the scan dimension"))?;
    let mut attrs = Vec::new();
    if p.eat_ident("attributes")? {
        attrs = parse_attr_dict(&mut p.lx, 0)?;
    }
    let region = p.parse_region()?;
    let colon = p.expect(":", "after the scan body")?;
    let operands: Vec<ValueId> = lists.concat();
    let result_types = match parse_op_types(&mut p.lx)? {
        OpTypes::Function(ins, outs) => {
            p.check_operand_types(pos, &toks, &operands, &ins)?;
            outs
        }
        OpTypes::List(_) => return Err(p.err(colon, "expected function type '(...) -> ...'")),
    };
    let a = Attrs::new(p, "chlo.scan", pos, &attrs);
    let op = ChloOp::Scan {
        dimension,
        is_reverse: a.bool_or(&["is_reverse"], false)?,
        inputs: lists[0].len(),
    };
    Ok(Parsed::Chlo(ParsedChlo {
        name: "chlo.scan".into(),
        op,
        operands,
        result_types,
        regions: vec![region],
    }))
}
