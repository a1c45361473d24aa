//! StableHLO ops: the pretty (custom assembly) syntax of each op, and the mapping from an
//! op name plus attributes to an [`Opcode`]. Pretty forms produce attribute lists keyed by
//! their pretty names (`dims`) or generic names (`broadcast_dimensions`); [`build_opcode`]
//! accepts both, so the two forms give the same IR by construction.

use std::sync::OnceLock;

use super::attrs::{
    AttrValue, ConvDims, parse_attr, parse_attr_dict, parse_conv_dims, parse_int_text,
};
use super::chlo_ops;
use super::lexer::{Kind, Token};
use super::parser::{Parsed, ParsedChlo, ParsedOp, Parser};
use super::types::{OpTypes, parse_op_types, parse_tensor_type};
use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::{
    BinaryOp, Collective, CollectiveKind, CompareDirection, CompareType, ConvAttrs, DType, DotDims,
    DynOp, FftType, GatherAttrs, Literal, Opcode, Region, RngAlgorithm, ScatterAttrs, TensorType,
    Transpose, UnaryOp, ValueId, WindowAttrs,
};

/// The elementwise unary or binary op named `name` (names as in [`Opcode::name`]).
fn elementwise(name: &str) -> Option<Opcode> {
    static TABLE: OnceLock<rustc_hash::FxHashMap<String, Opcode>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let unary = UnaryOp::ALL.iter().map(|&u| Opcode::Unary(u));
        let binary = BinaryOp::ALL.iter().map(|&b| Opcode::Binary(b));
        unary.chain(binary).map(|op| (op.name(), op)).collect()
    });
    table.get(name).cloned()
}

/// StableHLO/CHLO ops pjrtc does not compile (yet): reported as unsupported, not unknown.
const UNSUPPORTED_OPS: &[&str] = &[
    "batch_norm_grad",
    "compute_reshape_shape",
    "cross-replica-sum",
    "cstr_reshapable",
    "einsum",
    "infeed",
    "map",
    "outfeed",
    "rng",
    "torch_index_select",
    "trace",
    "unary_einsum",
];

/// Ops whose pretty form is `op items... : types` (operands, keywords, `key = value`).
fn is_items_op(name: &str) -> bool {
    if let Some(op) = name.strip_prefix("stablehlo.") {
        return elementwise(name).is_some()
            || matches!(
                op,
                "constant"
                    | "iota"
                    | "compare"
                    | "select"
                    | "clamp"
                    | "convert"
                    | "bitcast_convert"
                    | "uniform_quantize"
                    | "uniform_dequantize"
                    | "reduce_precision"
                    | "broadcast_in_dim"
                    | "broadcast"
                    | "dynamic_iota"
                    | "dynamic_reshape"
                    | "dynamic_broadcast_in_dim"
                    | "get_dimension_size"
                    | "set_dimension_size"
                    | "real_dynamic_slice"
                    | "dynamic_pad"
                    | "reshape"
                    | "transpose"
                    | "slice"
                    | "concatenate"
                    | "pad"
                    | "reverse"
                    | "dynamic_slice"
                    | "dynamic_update_slice"
                    | "dot_general"
                    | "dot"
                    | "optimization_barrier"
                    | "rng_bit_generator"
                    | "cholesky"
                    | "triangular_solve"
                    | "after_all"
                    | "create_token"
                    | "real"
                    | "imag"
                    | "complex"
                    | "fft"
                    | "replica_id"
                    | "partition_id"
            );
    }
    name.starts_with("check.")
}

/// The value of every token: pjrtc represents `!stablehlo.token` as `tensor<0xi1>`.
pub fn token() -> Literal {
    Literal::new(TensorType::new(DType::I1, [0]), Vec::new())
}

/// Operands of the IR op for a source op that pjrtc rewrites: the operands of token ops
/// are redundant.
pub fn desugar_operands(name: &str, operands: Vec<ValueId>) -> Vec<ValueId> {
    match (name, operands.as_slice()) {
        ("stablehlo.after_all" | "stablehlo.create_token", _) => Vec::new(),
        _ => operands,
    }
}

/// A dynamic-shape op whose shapes are all static is its static version (what JAX writes
/// for shape-polymorphic code at a known size): the shape operands go.
pub fn static_form(
    opcode: &mut Opcode,
    operands: &mut Vec<ValueId>,
    result_types: &[TensorType],
    values: &[TensorType],
) {
    let Opcode::Dynamic(d) = &*opcode else {
        return;
    };
    let static_results = result_types.iter().all(|t| !t.is_dynamic());
    let new = match d {
        DynOp::Iota { dimension } if static_results => Opcode::Iota {
            dimension: *dimension,
        },
        DynOp::Reshape if static_results && !operands.is_empty() => Opcode::Reshape,
        DynOp::BroadcastInDim {
            broadcast_dimensions,
        } if static_results && !operands.is_empty() => Opcode::BroadcastInDim {
            broadcast_dimensions: broadcast_dimensions.clone(),
        },
        DynOp::GetDimensionSize { dimension } => {
            let size = operands
                .first()
                .and_then(|v| values.get(v.index()))
                .and_then(|t| t.shape.get(usize::try_from(*dimension).ok()?))
                .copied();
            match size {
                Some(size) if size != crate::compiler::ir::DYN => Opcode::Constant(Literal {
                    ty: TensorType::scalar(crate::compiler::ir::DType::I32),
                    bytes: (size as i32).to_le_bytes().to_vec().into(),
                }),
                _ => return,
            }
        }
        _ => return,
    };
    let keep = usize::from(matches!(
        new,
        Opcode::Reshape | Opcode::BroadcastInDim { .. }
    ));
    operands.truncate(keep);
    *opcode = new;
}

/// Cross-device ops pjrtc reads only in their StableHLO form (legacy spellings, newer
/// versions than the reader knows).
const CROSS_DEVICE_OPS: &[&str] = &[
    "all_gather",
    "all_reduce",
    "all_to_all",
    "collective_broadcast",
    "collective_permute",
    "collective_reduce",
    "cross-replica-sum",
    "partition_id",
    "reduce_scatter",
    "replica_id",
];

/// What to append to the `unsupported:` message of a cross-device op (by its name without
/// dialect prefix) in a form pjrtc does not read; empty for other ops.
pub(crate) fn cross_device_note(short: &str) -> &'static str {
    if CROSS_DEVICE_OPS.contains(&short) {
        " (pjrtc runs collectives written as the StableHLO ops all_reduce, all_gather, \
         reduce_scatter, all_to_all, collective_permute, collective_broadcast, replica_id and \
         partition_id, in the op versions of StableHLO 1.17)"
    } else {
        ""
    }
}

fn unknown_or_unsupported(p: &Parser, name: &str, pos: usize) -> Diagnostic {
    let short = name
        .strip_prefix("stablehlo.")
        .or_else(|| name.strip_prefix("mhlo."));
    if short.is_some_and(|s| UNSUPPORTED_OPS.contains(&s)) || name.starts_with("chlo.") {
        let note = short.map_or("", cross_device_note);
        return p.err(pos, format!("unsupported: op '{name}'{note}"));
    }
    p.err(pos, format!("unknown op '{name}'"))
}

/// Parses an op in pretty form, after its name.
pub fn parse_pretty_op(p: &mut Parser, name: &str, pos: usize) -> Result<Parsed, Diagnostic> {
    let op = match name {
        "stablehlo.reduce" => parse_reduce(p, pos),
        "stablehlo.while" => parse_while(p, pos),
        "stablehlo.convolution" => parse_convolution(p, pos),
        "stablehlo.custom_call" | "call" | "func.call" => parse_call_like(p, name, pos),
        "stablehlo.composite" => return parse_composite(p, pos),
        _ if chlo_ops::is_chlo(name) => return chlo_ops::parse_pretty(p, name, pos),
        _ if is_items_op(name) => parse_items_op(p, name, pos),
        _ => Err(unknown_or_unsupported(p, name, pos)),
    };
    op.map(Parsed::Op)
}

/// Operands with their tokens (for type-mismatch messages).
type Operands<'a> = (Vec<Token<'a>>, Vec<ValueId>);

fn parse_operand_toks<'a>(p: &mut Parser<'a>, close: &str) -> Result<Operands<'a>, Diagnostic> {
    let mut toks = Vec::new();
    let mut ids = Vec::new();
    if p.peek()?.is_punct(close) {
        return Ok((toks, ids));
    }
    loop {
        let t = p.next()?;
        if t.kind != Kind::Value {
            return Err(p.err(
                t.pos,
                format!("expected SSA operand, found {}", t.describe()),
            ));
        }
        ids.push(p.lookup(t)?);
        toks.push(t);
        if !p.eat(",")? {
            return Ok((toks, ids));
        }
    }
}

/// `: (inputs) -> outputs`, checked against the operands; returns the result types.
fn parse_function_type(
    p: &mut Parser,
    pos: usize,
    ops: &Operands,
) -> Result<Vec<TensorType>, Diagnostic> {
    let colon = p.peek()?;
    if !colon.is_punct(":") {
        return Err(p.err(colon.pos, "expected ':' after operand list"));
    }
    p.next()?;
    match parse_op_types(&mut p.lx)? {
        OpTypes::Function(ins, outs) => {
            p.check_operand_types(pos, &ops.0, &ops.1, &ins)?;
            Ok(outs)
        }
        OpTypes::List(_) => Err(p.err(colon.pos, "expected function type '(...) -> ...'")),
    }
}

/// The common pretty form: `op %a, %b, GT, key = value, [0:2], dense<...> {attrs} : types`.
fn parse_items_op(p: &mut Parser, name: &str, pos: usize) -> Result<ParsedOp, Diagnostic> {
    let items = parse_items(p, name, pos)?;
    let opcode = build_opcode(p, name, pos, &items.attrs, &items.operands)?;
    Ok(ParsedOp {
        opcode,
        operands: desugar_operands(name, items.operands),
        result_types: items.result_types,
        regions: Vec::new(),
    })
}

/// An op of the common pretty form, before its opcode is built.
pub(super) struct Items {
    pub operands: Vec<ValueId>,
    pub attrs: Vec<(String, AttrValue)>,
    pub result_types: Vec<TensorType>,
}

/// Reads the common pretty form (see [`parse_items_op`]).
pub(super) fn parse_items(p: &mut Parser, name: &str, pos: usize) -> Result<Items, Diagnostic> {
    let mut toks: Vec<Token> = Vec::new();
    let mut operands = Vec::new();
    let mut attrs: Vec<(String, AttrValue)> = Vec::new();
    let mut words: Vec<Token> = Vec::new();
    let mut literal_ty = None;
    loop {
        let t = p.peek()?;
        if t.is_punct(":") || t.is_punct("{") || t.is_punct("}") || t.kind == Kind::Eof {
            break;
        }
        if t.is_ident("loc") && p.lx.peek2()?.is_punct("(") {
            break;
        }
        match t.kind {
            Kind::Value => {
                p.next()?;
                operands.push(p.lookup(t)?);
                toks.push(t);
            }
            Kind::Ident if t.text == "dense" || t.text == "dense_resource" => {
                let v = parse_attr(&mut p.lx, 0)?;
                literal_ty = match &v {
                    AttrValue::Dense(l) => Some(l.ty.clone()),
                    AttrValue::Resource(_, ty, _) => Some(ty.clone()),
                    _ => None,
                };
                attrs.push(("value".to_string(), v));
                // The literal's type ends the op (`check.expect_eq_const %x, dense<1> : t`).
                break;
            }
            Kind::Ident if p.lx.peek2()?.is_punct("=") => {
                p.next()?;
                p.next()?;
                let mut v = parse_attr(&mut p.lx, 0)?;
                // `batching_dims = [0] x [0]`
                if p.peek()?.is_ident("x") {
                    p.next()?;
                    let rhs = parse_attr(&mut p.lx, 0)?;
                    v = AttrValue::Array(vec![v, rhs]);
                }
                attrs.push((t.text.to_string(), v));
            }
            Kind::Ident => {
                p.next()?;
                words.push(t);
            }
            Kind::Punct if t.text == "[" && name == "stablehlo.slice" => {
                parse_slice_spec(p, &mut attrs)?;
            }
            // `stablehlo.constant() <{value = ...}> : () -> t`
            Kind::Punct if t.text == "(" && name == "stablehlo.constant" && operands.is_empty() => {
                p.next()?;
                p.expect(")", "(a constant has no operands)")?;
            }
            Kind::Punct if t.text == "<" && p.lx.peek2()?.is_punct("{") => {
                p.next()?;
                attrs.extend(parse_attr_dict(&mut p.lx, 0)?);
                p.expect(">", "to close properties")?;
            }
            _ => {
                return Err(p.err(
                    t.pos,
                    format!("expected operand or attribute, found {}", t.describe()),
                ));
            }
        }
        // Items are comma-separated, except before slice ranges and properties.
        if !p.eat(",")? {
            let t = p.peek()?;
            if !(t.is_punct("[") || t.is_punct("<") || t.is_punct("(")) {
                break;
            }
        }
    }
    if p.peek()?.is_punct("{") {
        attrs.extend(parse_attr_dict(&mut p.lx, 0)?);
    }
    let is_check = name.starts_with("check.");
    let types = if p.peek()?.is_punct(":") {
        p.next()?;
        Some(parse_op_types(&mut p.lx)?)
    } else {
        None
    };
    if p.peek()?.is_punct("{") {
        attrs.extend(parse_attr_dict(&mut p.lx, 0)?);
    }
    // Keywords of the pretty form: `compare GT, %a, %b, FLOAT`.
    match (name, words.as_slice()) {
        (_, []) => {}
        ("stablehlo.compare", [dir, rest @ ..]) if rest.len() <= 1 => {
            attrs.push((
                "comparison_direction".into(),
                AttrValue::Ident(dir.text.into()),
            ));
            if let [ty] = rest {
                attrs.push(("compare_type".into(), AttrValue::Ident(ty.text.into())));
            }
        }
        (_, [w, ..]) => return Err(p.err(w.pos, format!("unexpected '{}'", w.text))),
    }
    let result_types = match types {
        None if name == "stablehlo.constant" && literal_ty.is_some() => {
            literal_ty.into_iter().collect()
        }
        None if is_check => Vec::new(),
        None => {
            let t = p.peek()?;
            return Err(p.err(t.pos, "expected ':' after operand list"));
        }
        Some(OpTypes::Function(ins, outs)) => {
            p.check_operand_types(pos, &toks, &operands, &ins)?;
            outs
        }
        Some(OpTypes::List(ts)) => {
            if is_check {
                Vec::new()
            } else if name == "stablehlo.optimization_barrier" {
                ts
            } else if name == "stablehlo.select" && ts.len() == 2 {
                // `select %p, %a, %b : pred_type, result_type`
                vec![ts[1].clone()]
            } else if ts.len() == 1 {
                // One type for all operands and the result, except for the scalar
                // bounds of clamp, the predicate of select and the real parts of
                // complex (whose type is the result's).
                if !matches!(
                    name,
                    "stablehlo.select" | "stablehlo.clamp" | "stablehlo.complex"
                ) {
                    for (&v, &t) in operands.iter().zip(&toks) {
                        p.check_type(t, v, &ts[0])?;
                    }
                }
                ts
            } else {
                return Err(p.err(pos, format!("'{name}' expects a single result type")));
            }
        }
    };
    Ok(Items {
        operands,
        attrs,
        result_types,
    })
}

/// `[0:2, 1:4:2]` of the pretty slice.
fn parse_slice_spec(
    p: &mut Parser,
    attrs: &mut Vec<(String, AttrValue)>,
) -> Result<(), Diagnostic> {
    p.expect("[", "to start slice ranges")?;
    let (mut start, mut limit, mut strides) = (Vec::new(), Vec::new(), Vec::new());
    let int = |p: &mut Parser| -> Result<i64, Diagnostic> {
        let t = p.next()?;
        parse_int_text(t.text)
            .filter(|_| t.kind == Kind::Int)
            .and_then(|v| i64::try_from(v).ok())
            .ok_or_else(|| p.err(t.pos, "expected integer in slice range"))
    };
    if !p.eat("]")? {
        loop {
            start.push(int(p)?);
            p.expect(":", "in slice range")?;
            limit.push(int(p)?);
            strides.push(if p.eat(":")? { int(p)? } else { 1 });
            if p.eat("]")? {
                break;
            }
            p.expect(",", "or ']' in slice ranges")?;
        }
    }
    attrs.push(("start_indices".into(), AttrValue::I64Array(start)));
    attrs.push(("limit_indices".into(), AttrValue::I64Array(limit)));
    attrs.push(("strides".into(), AttrValue::I64Array(strides)));
    Ok(())
}

/// `stablehlo.custom_call @target(%a) {attrs} : (...) -> ...` and `call @f(%a) : ...`.
fn parse_call_like(p: &mut Parser, name: &str, pos: usize) -> Result<ParsedOp, Diagnostic> {
    let target = p.next()?;
    if target.kind != Kind::Symbol {
        return Err(p.err(target.pos, "expected '@' symbol name"));
    }
    let target_name = target.text.trim_matches('"').to_string();
    p.expect("(", "to start operand list")?;
    let ops = parse_operand_toks(p, ")")?;
    p.expect(")", "to close operand list")?;
    let mut attrs = Vec::new();
    if p.peek()?.is_punct("{") {
        attrs = parse_attr_dict(&mut p.lx, 0)?;
    }
    let result_types = parse_function_type(p, pos, &ops)?;
    let opcode = if name == "stablehlo.custom_call" {
        attrs.push(("call_target_name".into(), AttrValue::Str(target_name)));
        build_opcode(p, name, pos, &attrs, &ops.1)?
    } else {
        Opcode::Call {
            callee: target_name,
        }
    };
    Ok(ParsedOp {
        opcode,
        operands: ops.1,
        result_types,
        regions: Vec::new(),
    })
}

/// `stablehlo.composite "name" %a, %b {composite_attributes = {..}, decomposition = @f} : T`
/// is a call of its decomposition, or the CHLO op it names (`"chlo.erf"`, as JAX writes
/// them), expanded like that op.
fn parse_composite(p: &mut Parser, pos: usize) -> Result<Parsed, Diagnostic> {
    let t = p.next()?;
    if t.kind != Kind::Str {
        return Err(p.err(t.pos, "expected composite name string"));
    }
    let name = String::from_utf8_lossy(&super::lexer::unescape(t.text)).into_owned();
    let ops = parse_operand_toks(p, "{")?;
    let mut attrs = Vec::new();
    if p.peek()?.is_punct("{") {
        attrs = parse_attr_dict(&mut p.lx, 0)?;
    }
    let result_types = parse_function_type(p, pos, &ops)?;
    attrs.push(("name".into(), AttrValue::Str(name.clone())));
    if let Some(op) = chlo_ops::chlo_of(p, "stablehlo.composite", pos, &attrs)? {
        return Ok(Parsed::Chlo(ParsedChlo {
            name,
            op,
            operands: ops.1,
            result_types,
            regions: Vec::new(),
        }));
    }
    let opcode = build_opcode(p, "stablehlo.composite", pos, &attrs, &ops.1)?;
    Ok(Parsed::Op(ParsedOp {
        opcode,
        operands: ops.1,
        result_types,
        regions: Vec::new(),
    }))
}

/// `stablehlo.reduce(%x init: %i), ... applies stablehlo.add across dimensions = [1] : T`
/// or `... across dimensions = [1] : T reducer(%a: t, %b: t) (...) { body }`.
fn parse_reduce(p: &mut Parser, pos: usize) -> Result<ParsedOp, Diagnostic> {
    let mut inputs: Operands = (Vec::new(), Vec::new());
    let mut inits: Operands = (Vec::new(), Vec::new());
    loop {
        p.expect("(", "to start reduce operand")?;
        let t = p.next()?;
        if t.kind != Kind::Value {
            return Err(p.err(t.pos, "expected SSA operand"));
        }
        inputs.1.push(p.lookup(t)?);
        inputs.0.push(t);
        p.expect_ident("init", "in reduce operand")?;
        p.expect(":", "after 'init'")?;
        let t = p.next()?;
        if t.kind != Kind::Value {
            return Err(p.err(t.pos, "expected SSA operand"));
        }
        inits.1.push(p.lookup(t)?);
        inits.0.push(t);
        p.expect(")", "to close reduce operand")?;
        if !p.eat(",")? {
            break;
        }
    }
    let applies = if p.eat_ident("applies")? {
        let t = p.next()?;
        if t.kind != Kind::Ident {
            return Err(p.err(t.pos, "expected op name after 'applies'"));
        }
        Some(t)
    } else {
        None
    };
    p.expect_ident("across", "in reduce")?;
    p.expect_ident("dimensions", "in reduce")?;
    p.expect("=", "after 'dimensions'")?;
    let dims = parse_attr(&mut p.lx, 0)?;
    let mut attrs = vec![("dimensions".to_string(), dims)];
    if p.peek()?.is_punct("{") {
        attrs.extend(parse_attr_dict(&mut p.lx, 0)?);
    }
    let all: Operands = (
        inputs.0.iter().chain(&inits.0).copied().collect(),
        inputs.1.iter().chain(&inits.1).copied().collect(),
    );
    let result_types = parse_function_type(p, pos, &all)?;
    let n = inputs.1.len();
    let region = match applies {
        Some(op) => {
            // Expand into the region the short form stands for: two scalar block arguments
            // per input and the named op applied to them.
            let tys: Vec<TensorType> = inits
                .1
                .iter()
                .map(|&v| p.values[v.index()].clone())
                .collect();
            let mut r = Region::default();
            for ty in tys.iter().chain(&tys) {
                let id = p.new_value(ty.clone());
                r.args.push(id);
            }
            for (i, ty) in tys.iter().enumerate() {
                let operands = [r.args[i], r.args[n + i]];
                let opcode = build_opcode(p, op.text, op.pos, &[], &operands)?;
                if !matches!(opcode, Opcode::Binary(_)) {
                    return Err(p.err(op.pos, "expected a binary op after 'applies'"));
                }
                let res = p.new_value(ty.clone());
                r.ops.push(crate::compiler::ir::Op {
                    opcode,
                    operands: operands.to_vec(),
                    results: vec![res],
                    regions: Vec::new(),
                    loc: p.loc(op.pos),
                });
                r.yields.push(res);
            }
            r.yield_loc = p.loc(op.pos);
            r
        }
        None => {
            p.expect_ident("reducer", "in reduce")?;
            let mut firsts = Vec::new();
            let mut seconds = Vec::new();
            for _ in 0..n {
                p.expect("(", "to start reducer arguments")?;
                for k in 0..2 {
                    let name = p.next()?;
                    if name.kind != Kind::Value {
                        return Err(p.err(name.pos, "expected block argument name"));
                    }
                    p.expect(":", "after block argument name")?;
                    let ty = parse_tensor_type(&mut p.lx)?;
                    p.parse_opt_loc()?;
                    if k == 0 {
                        firsts.push((name, ty));
                        p.expect(",", "between reducer arguments")?;
                    } else {
                        seconds.push((name, ty));
                    }
                }
                p.expect(")", "to close reducer arguments")?;
            }
            firsts.extend(seconds);
            p.parse_region_with_args(&firsts)?
        }
    };
    let opcode = build_opcode(p, "stablehlo.reduce", pos, &attrs, &all.1)?;
    Ok(ParsedOp {
        opcode,
        operands: all.1,
        result_types,
        regions: vec![region],
    })
}

/// `stablehlo.while(%iterArg = %0, ...) : t0, ... cond { ... } do { ... }`
fn parse_while(p: &mut Parser, pos: usize) -> Result<ParsedOp, Diagnostic> {
    p.expect("(", "after 'stablehlo.while'")?;
    let mut names = Vec::new();
    let mut ops: Operands = (Vec::new(), Vec::new());
    if !p.eat(")")? {
        loop {
            let name = p.next()?;
            if name.kind != Kind::Value {
                return Err(p.err(name.pos, "expected iteration argument name"));
            }
            p.expect("=", "after iteration argument name")?;
            let t = p.next()?;
            if t.kind != Kind::Value {
                return Err(p.err(t.pos, "expected SSA operand"));
            }
            ops.1.push(p.lookup(t)?);
            ops.0.push(t);
            names.push(name);
            if p.eat(")")? {
                break;
            }
            p.expect(",", "or ')' in while arguments")?;
        }
    }
    let mut types = Vec::new();
    if !names.is_empty() {
        p.expect(":", "after while arguments")?;
        types = super::types::parse_type_list(&mut p.lx)?;
    }
    p.check_operand_types(pos, &ops.0, &ops.1, &types)?;
    if p.peek()?.is_ident("attributes") {
        p.next()?;
        parse_attr_dict(&mut p.lx, 0)?;
    }
    let args: Vec<(Token, TensorType)> = names.into_iter().zip(types.iter().cloned()).collect();
    p.expect_ident("cond", "in while")?;
    let cond = p.parse_region_with_args(&args)?;
    p.expect_ident("do", "in while")?;
    let body = p.parse_region_with_args(&args)?;
    Ok(ParsedOp {
        opcode: Opcode::While,
        operands: ops.1,
        result_types: types,
        regions: vec![cond, body],
    })
}

/// `stablehlo.convolution(%a, %b) dim_numbers = [..]x[..]->[..], window = {...} {attrs} : T`
fn parse_convolution(p: &mut Parser, pos: usize) -> Result<ParsedOp, Diagnostic> {
    p.expect("(", "after 'stablehlo.convolution'")?;
    let ops = parse_operand_toks(p, ")")?;
    p.expect(")", "to close operand list")?;
    p.expect_ident("dim_numbers", "in convolution")?;
    p.expect("=", "after 'dim_numbers'")?;
    let dims = parse_conv_dims(&mut p.lx, 0)?;
    let mut attrs = vec![("dimension_numbers".to_string(), AttrValue::Conv(dims))];
    if p.eat(",")? {
        p.expect_ident("window", "in convolution")?;
        p.expect("=", "after 'window'")?;
        for (k, v) in parse_attr_dict(&mut p.lx, 0)? {
            let generic = match k.as_str() {
                "stride" => "window_strides",
                "pad" => "padding",
                "lhs_dilate" => "lhs_dilation",
                "rhs_dilate" => "rhs_dilation",
                "reverse" => "window_reversal",
                _ => return Err(p.err(pos, format!("unknown convolution window attribute '{k}'"))),
            };
            attrs.push((generic.to_string(), v));
        }
    }
    if p.peek()?.is_punct("{") {
        attrs.extend(parse_attr_dict(&mut p.lx, 0)?);
    }
    let result_types = parse_function_type(p, pos, &ops)?;
    let opcode = build_opcode(p, "stablehlo.convolution", pos, &attrs, &ops.1)?;
    Ok(ParsedOp {
        opcode,
        operands: ops.1,
        result_types,
        regions: Vec::new(),
    })
}

// ---- op name + attributes -> Opcode ----

/// Attribute lookup for one op, with messages naming the op.
pub(super) struct Attrs<'x, 'a> {
    p: &'x Parser<'a>,
    name: &'x str,
    pos: usize,
    items: &'x [(String, AttrValue)],
}

impl<'x, 'a> Attrs<'x, 'a> {
    pub(super) fn new(
        p: &'x Parser<'a>,
        name: &'x str,
        pos: usize,
        items: &'x [(String, AttrValue)],
    ) -> Self {
        Attrs {
            p,
            name,
            pos,
            items,
        }
    }
}

impl Attrs<'_, '_> {
    pub(super) fn get(&self, keys: &[&str]) -> Option<&AttrValue> {
        keys.iter()
            .find_map(|k| self.items.iter().find(|(n, _)| n == k).map(|(_, v)| v))
    }

    pub(super) fn missing(&self, key: &str) -> Diagnostic {
        self.p.err(
            self.pos,
            format!("'{}' op requires attribute '{key}'", self.name),
        )
    }

    pub(super) fn invalid(&self, key: &str) -> Diagnostic {
        self.p.err(
            self.pos,
            format!("'{}' op attribute '{key}' has an invalid value", self.name),
        )
    }

    pub(super) fn i64s_opt(&self, keys: &[&str]) -> Result<Option<Vec<i64>>, Diagnostic> {
        match self.get(keys) {
            None => Ok(None),
            Some(v) => v.as_i64s().map(Some).ok_or_else(|| self.invalid(keys[0])),
        }
    }

    pub(super) fn i64s(&self, keys: &[&str]) -> Result<Vec<i64>, Diagnostic> {
        self.i64s_opt(keys)?.ok_or_else(|| self.missing(keys[0]))
    }

    fn i64s_or(&self, keys: &[&str], n: usize, default: i64) -> Result<Vec<i64>, Diagnostic> {
        Ok(self.i64s_opt(keys)?.unwrap_or_else(|| vec![default; n]))
    }

    pub(super) fn int_opt(&self, keys: &[&str]) -> Result<Option<i64>, Diagnostic> {
        match self.get(keys) {
            None => Ok(None),
            Some(v) => v.as_i64().map(Some).ok_or_else(|| self.invalid(keys[0])),
        }
    }

    pub(super) fn int(&self, keys: &[&str]) -> Result<i64, Diagnostic> {
        self.int_opt(keys)?.ok_or_else(|| self.missing(keys[0]))
    }

    pub(super) fn bool_or(&self, keys: &[&str], default: bool) -> Result<bool, Diagnostic> {
        match self.get(keys) {
            None => Ok(default),
            Some(v) => v.as_bool().ok_or_else(|| self.invalid(keys[0])),
        }
    }

    fn padding_or(&self, keys: &[&str], n: usize) -> Result<Vec<(i64, i64)>, Diagnostic> {
        match self.get(keys) {
            None => Ok(vec![(0, 0); n]),
            Some(AttrValue::Dense(l))
                if l.ty.rank() == 0 || l.is_splat() && l.ty.num_elements() > 0 =>
            {
                // `dense<0> : tensor<2x2xi64>`
                let v = l.element_i64(0);
                let rows = l.ty.shape.first().copied().unwrap_or(n as i64).max(0) as usize;
                Ok(vec![(v, v); rows])
            }
            Some(v) => v.as_padding().ok_or_else(|| self.invalid(keys[0])),
        }
    }

    /// A constant: `dense<...>` or `dense_resource<name>`.
    pub(super) fn literal(&self, key: &str) -> Result<Option<Literal>, Diagnostic> {
        match self.get(&[key]) {
            None => Ok(None),
            Some(AttrValue::Dense(l)) => Ok(Some(l.clone())),
            Some(AttrValue::Resource(name, ty, pos)) => {
                let bytes = self.p.resources.get(name).ok_or_else(|| {
                    self.p.err(
                        *pos,
                        format!("unsupported: missing or elided resource '{name}'"),
                    )
                })?;
                if bytes.len() as u64 != ty.byte_size() {
                    return Err(self.p.err(
                        *pos,
                        format!(
                            "resource '{name}' has {} bytes but {ty} needs {}",
                            bytes.len(),
                            ty.byte_size()
                        ),
                    ));
                }
                let mut bytes = bytes.clone();
                if ty.dtype == crate::compiler::ir::DType::I1 {
                    bytes.iter_mut().for_each(|b| *b = (*b != 0) as u8);
                }
                Ok(Some(Literal {
                    ty: ty.clone(),
                    bytes: bytes.into(),
                }))
            }
            Some(_) => Err(self.invalid(key)),
        }
    }

    pub(super) fn enum_opt(&self, keys: &[&str]) -> Result<Option<&str>, Diagnostic> {
        match self.get(keys) {
            None => Ok(None),
            Some(v) => v.as_enum().map(Some).ok_or_else(|| self.invalid(keys[0])),
        }
    }

    /// Fields of a struct attribute such as `#stablehlo.gather<...>`.
    pub(super) fn fields(&self, keys: &[&str], kind: &str) -> Result<Attrs<'_, '_>, Diagnostic> {
        match self.get(keys) {
            Some(AttrValue::Struct(k, fields)) if k == kind => Ok(Attrs {
                p: self.p,
                name: self.name,
                pos: self.pos,
                items: fields,
            }),
            Some(_) => Err(self.invalid(keys[0])),
            None => Err(self.missing(keys[0])),
        }
    }
}

fn rank_of(p: &Parser, operands: &[ValueId], i: usize) -> usize {
    operands.get(i).map_or(0, |v| p.values[v.index()].rank())
}

/// Builds the opcode of op `name` from its attributes (generic or pretty names).
pub fn build_opcode(
    p: &Parser,
    name: &str,
    pos: usize,
    items: &[(String, AttrValue)],
    operands: &[ValueId],
) -> Result<Opcode, Diagnostic> {
    let a = Attrs {
        p,
        name,
        pos,
        items,
    };
    if let Some(op) = elementwise(name) {
        return Ok(op);
    }
    let rank0 = rank_of(p, operands, 0);
    let op = match name {
        "stablehlo.constant" => {
            let mut lit = a.literal("value")?.ok_or_else(|| a.missing("value"))?;
            // A quantized constant holds storage integers (the result type says more).
            lit.ty = lit.ty.storage();
            Opcode::Constant(lit)
        }
        // Tokens are empty tensors (`tensor<0xi1>`): program order already orders effects.
        "stablehlo.after_all" | "stablehlo.create_token" => Opcode::Constant(token()),
        "stablehlo.iota" => Opcode::Iota {
            dimension: a.int(&["iota_dimension", "dim"])?,
        },
        "stablehlo.compare" => {
            let (direction, compare_type) = compare_attrs(&a)?;
            Opcode::Compare {
                direction,
                compare_type,
            }
        }
        "stablehlo.select" => Opcode::Select,
        "stablehlo.clamp" => Opcode::Clamp,
        "stablehlo.convert" => Opcode::Convert,
        "stablehlo.bitcast_convert" => Opcode::BitcastConvert,
        "stablehlo.uniform_quantize" => Opcode::UniformQuantize,
        "stablehlo.uniform_dequantize" => Opcode::UniformDequantize,
        "stablehlo.real" => Opcode::Real,
        "stablehlo.imag" => Opcode::Imag,
        "stablehlo.complex" => Opcode::Complex,
        "stablehlo.fft" => Opcode::Fft {
            kind: match a.enum_opt(&["fft_type", "type"])? {
                Some("FFT") => FftType::Fft,
                Some("IFFT") => FftType::Ifft,
                Some("RFFT") => FftType::Rfft,
                Some("IRFFT") => FftType::Irfft,
                Some(_) => return Err(a.invalid("fft_type")),
                None => return Err(a.missing("fft_type")),
            },
            lengths: a.i64s(&["fft_length", "length"])?,
            packed: false,
        },
        "stablehlo.reshape" => Opcode::Reshape,
        "stablehlo.dynamic_update_slice" => Opcode::DynamicUpdateSlice,
        "stablehlo.optimization_barrier" => Opcode::OptimizationBarrier,
        "stablehlo.while" => Opcode::While,
        "stablehlo.if" => Opcode::If,
        "stablehlo.case" => Opcode::Case,
        "stablehlo.reduce_precision" => {
            let (e, m) = match (
                a.int_opt(&["exponent_bits"])?,
                a.int_opt(&["mantissa_bits"])?,
            ) {
                (Some(e), Some(m)) => (e, m),
                _ => {
                    // Pretty form: `format = e5m10`.
                    let f = a
                        .enum_opt(&["format"])?
                        .ok_or_else(|| a.missing("exponent_bits"))?;
                    f.strip_prefix('e')
                        .and_then(|s| s.split_once('m'))
                        .and_then(|(e, m)| Some((e.parse().ok()?, m.parse().ok()?)))
                        .ok_or_else(|| a.invalid("format"))?
                }
            };
            let e = i32::try_from(e).map_err(|_| a.invalid("exponent_bits"))?;
            let m = i32::try_from(m).map_err(|_| a.invalid("mantissa_bits"))?;
            Opcode::ReducePrecision {
                exponent_bits: e,
                mantissa_bits: m,
            }
        }
        "stablehlo.broadcast_in_dim" => Opcode::BroadcastInDim {
            broadcast_dimensions: a.i64s(&["broadcast_dimensions", "dims"])?,
        },
        // Legacy `broadcast` prepends the `broadcast_sizes` dimensions.
        "stablehlo.broadcast" => {
            let n = a.i64s(&["broadcast_sizes", "sizes"])?.len() as i64;
            Opcode::BroadcastInDim {
                broadcast_dimensions: (n..n + rank0 as i64).collect(),
            }
        }
        "stablehlo.transpose" => Opcode::Transpose {
            permutation: a.i64s(&["permutation", "dims"])?,
        },
        "stablehlo.slice" => {
            let start = a.i64s(&["start_indices"])?;
            let n = start.len();
            Opcode::Slice {
                start,
                limit: a.i64s(&["limit_indices"])?,
                strides: a.i64s_or(&["strides"], n, 1)?,
            }
        }
        "stablehlo.concatenate" => Opcode::Concatenate {
            dimension: a.int(&["dimension", "dim"])?,
        },
        "stablehlo.pad" => Opcode::Pad {
            low: a.i64s(&["edge_padding_low", "low"])?,
            high: a.i64s(&["edge_padding_high", "high"])?,
            interior: a.i64s_or(&["interior_padding", "interior"], rank0, 0)?,
        },
        "stablehlo.reverse" => Opcode::Reverse {
            dimensions: a.i64s(&["dimensions", "dims"])?,
        },
        "stablehlo.dynamic_slice" => Opcode::DynamicSlice {
            slice_sizes: a.i64s(&["slice_sizes", "sizes"])?,
        },
        "stablehlo.reduce" => Opcode::Reduce {
            dimensions: a.i64s(&["dimensions"])?,
        },
        "stablehlo.reduce_window" => {
            let window_dimensions = a.i64s(&["window_dimensions"])?;
            let n = window_dimensions.len();
            Opcode::ReduceWindow(Box::new(WindowAttrs {
                window_dimensions,
                window_strides: a.i64s_or(&["window_strides"], n, 1)?,
                base_dilations: a.i64s_or(&["base_dilations"], n, 1)?,
                window_dilations: a.i64s_or(&["window_dilations"], n, 1)?,
                padding: a.padding_or(&["padding"], n)?,
            }))
        }
        "stablehlo.select_and_scatter" => {
            let window_dimensions = a.i64s_or(&["window_dimensions"], rank0, 1)?;
            let n = window_dimensions.len();
            Opcode::SelectAndScatter {
                window_strides: a.i64s_or(&["window_strides"], n, 1)?,
                padding: a.padding_or(&["padding"], n)?,
                window_dimensions,
            }
        }
        "stablehlo.dot_general" => Opcode::DotGeneral(Box::new(dot_dims(&a)?)),
        "stablehlo.dot" => {
            let rhs_rank = rank_of(p, operands, 1);
            Opcode::DotGeneral(Box::new(DotDims {
                lhs_contracting: vec![rank0.saturating_sub(1) as i64],
                rhs_contracting: if rhs_rank == 0 { vec![] } else { vec![0] },
                ..DotDims::default()
            }))
        }
        "stablehlo.convolution" => conv_attrs(&a)?,
        "stablehlo.gather" => {
            let d = a.fields(&["dimension_numbers"], "gather")?;
            Opcode::Gather(Box::new(GatherAttrs {
                offset_dims: d.i64s_or(&["offset_dims"], 0, 0)?,
                collapsed_slice_dims: d.i64s_or(&["collapsed_slice_dims"], 0, 0)?,
                operand_batching_dims: d.i64s_or(&["operand_batching_dims"], 0, 0)?,
                start_indices_batching_dims: d.i64s_or(&["start_indices_batching_dims"], 0, 0)?,
                start_index_map: d.i64s_or(&["start_index_map"], 0, 0)?,
                index_vector_dim: d.int_opt(&["index_vector_dim"])?.unwrap_or(0),
                slice_sizes: a.i64s(&["slice_sizes"])?,
                indices_are_sorted: a.bool_or(&["indices_are_sorted"], false)?,
            }))
        }
        "stablehlo.scatter" => {
            let d = a.fields(&["scatter_dimension_numbers"], "scatter")?;
            Opcode::Scatter(Box::new(ScatterAttrs {
                update_window_dims: d.i64s_or(&["update_window_dims"], 0, 0)?,
                inserted_window_dims: d.i64s_or(&["inserted_window_dims"], 0, 0)?,
                input_batching_dims: d.i64s_or(&["input_batching_dims"], 0, 0)?,
                scatter_indices_batching_dims: d.i64s_or(
                    &["scatter_indices_batching_dims"],
                    0,
                    0,
                )?,
                scatter_dims_to_operand_dims: d.i64s_or(&["scatter_dims_to_operand_dims"], 0, 0)?,
                index_vector_dim: d.int_opt(&["index_vector_dim"])?.unwrap_or(0),
                indices_are_sorted: a.bool_or(&["indices_are_sorted"], false)?,
                unique_indices: a.bool_or(&["unique_indices"], false)?,
            }))
        }
        "stablehlo.sort" => {
            let mut dimension = a.int_opt(&["dimension"])?.unwrap_or(-1);
            if dimension < 0 {
                dimension += rank0 as i64;
            }
            Opcode::Sort {
                dimension,
                is_stable: a.bool_or(&["is_stable"], false)?,
            }
        }
        "stablehlo.composite" => match a.get(&["decomposition"]) {
            Some(AttrValue::Symbol(s)) => Opcode::Call { callee: s.clone() },
            Some(_) => return Err(a.invalid("decomposition")),
            None => return Err(a.missing("decomposition")),
        },
        // Dynamic-shape ops keep their shape operands; [`static_form`] turns them into
        // their static versions where the result type is static, refinement elsewhere.
        "stablehlo.dynamic_iota" => Opcode::Dynamic(DynOp::Iota {
            dimension: a.int(&["iota_dimension", "dim"])?,
        }),
        "stablehlo.dynamic_reshape" => Opcode::Dynamic(DynOp::Reshape),
        "stablehlo.dynamic_broadcast_in_dim" => Opcode::Dynamic(DynOp::BroadcastInDim {
            broadcast_dimensions: a.i64s(&["broadcast_dimensions", "dims"])?,
        }),
        "stablehlo.get_dimension_size" => Opcode::Dynamic(DynOp::GetDimensionSize {
            dimension: a.int(&["dimension", "dim"])?,
        }),
        "stablehlo.set_dimension_size" => Opcode::Dynamic(DynOp::SetDimensionSize {
            dimension: a.int(&["dimension", "dim"])?,
        }),
        "stablehlo.real_dynamic_slice" => Opcode::Dynamic(DynOp::Slice),
        "stablehlo.dynamic_pad" => Opcode::Dynamic(DynOp::Pad),
        "stablehlo.dynamic_gather" => {
            let d = a.fields(&["dimension_numbers"], "gather")?;
            Opcode::Dynamic(DynOp::Gather(Box::new(GatherAttrs {
                offset_dims: d.i64s_or(&["offset_dims"], 0, 0)?,
                collapsed_slice_dims: d.i64s_or(&["collapsed_slice_dims"], 0, 0)?,
                operand_batching_dims: d.i64s_or(&["operand_batching_dims"], 0, 0)?,
                start_indices_batching_dims: d.i64s_or(&["start_indices_batching_dims"], 0, 0)?,
                start_index_map: d.i64s_or(&["start_index_map"], 0, 0)?,
                index_vector_dim: d.int_opt(&["index_vector_dim"])?.unwrap_or(0),
                slice_sizes: Vec::new(),
                indices_are_sorted: a.bool_or(&["indices_are_sorted"], false)?,
            })))
        }
        "stablehlo.dynamic_conv" => match conv_attrs(&a)? {
            Opcode::Convolution(mut c) => {
                c.padding.clear();
                Opcode::Dynamic(DynOp::Conv(c))
            }
            other => other,
        },
        "func.call" | "call" => match a.get(&["callee"]) {
            Some(AttrValue::Symbol(s)) => Opcode::Call { callee: s.clone() },
            Some(_) => return Err(a.invalid("callee")),
            None => return Err(a.missing("callee")),
        },
        "stablehlo.rng_bit_generator" => Opcode::RngBitGenerator {
            algorithm: match a.enum_opt(&["rng_algorithm", "algorithm"])? {
                None | Some("DEFAULT") => RngAlgorithm::Default,
                Some("THREE_FRY") => RngAlgorithm::ThreeFry,
                Some("PHILOX") => RngAlgorithm::Philox,
                Some(_) => return Err(a.invalid("rng_algorithm")),
            },
        },
        "stablehlo.triangular_solve" => Opcode::TriangularSolve {
            left_side: a.bool_or(&["left_side"], false)?,
            lower: a.bool_or(&["lower"], false)?,
            unit_diagonal: a.bool_or(&["unit_diagonal"], false)?,
            transpose_a: match a.enum_opt(&["transpose_a"])? {
                None | Some("NO_TRANSPOSE") => Transpose::NoTranspose,
                Some("TRANSPOSE") => Transpose::Transpose,
                Some("ADJOINT") => Transpose::Adjoint,
                Some(_) => return Err(a.invalid("transpose_a")),
            },
        },
        "stablehlo.cholesky" => Opcode::Cholesky {
            lower: a.bool_or(&["lower"], false)?,
        },
        "stablehlo.custom_call" if matches!(a.get(&["call_target_name"]), Some(AttrValue::Str(t)) if t == "shape_assertion") => {
            Opcode::Dynamic(DynOp::ShapeAssertion {
                message: match a.get(&["error_message"]) {
                    Some(AttrValue::Str(s)) => s.clone(),
                    Some(_) => return Err(a.invalid("error_message")),
                    None => return Err(a.missing("error_message")),
                },
            })
        }
        "stablehlo.custom_call" if matches!(a.get(&["call_target_name"]), Some(AttrValue::Str(t)) if t == DynOp::REDUCE_WINDOW_TARGET) => {
            Opcode::Dynamic(DynOp::ReduceWindow {
                body: match a.get(&["called_computations"]) {
                    Some(AttrValue::Array(items)) => match items.as_slice() {
                        [AttrValue::Symbol(s)] => s.clone(),
                        _ => return Err(a.invalid("called_computations")),
                    },
                    Some(_) => return Err(a.invalid("called_computations")),
                    None => return Err(a.missing("called_computations")),
                },
            })
        }
        "stablehlo.custom_call" => {
            // Handler attributes: `mhlo.backend_config` (jax.ffi) or a dictionary
            // `backend_config` (typed FFI in StableHLO itself). XLA reads a dictionary
            // `mhlo.backend_config` as the typed FFI (api version 4), whatever
            // `api_version` says (JAX's custom calls say 1).
            let typed = matches!(a.get(&["mhlo.backend_config"]), Some(AttrValue::Dict(_)));
            let config = match a
                .get(&["mhlo.backend_config"])
                .or(a.get(&["backend_config"]))
            {
                Some(AttrValue::Dict(items)) => items
                    .iter()
                    .map(|(k, v)| Some((k.clone(), v.to_call_attr()?)))
                    .collect::<Option<Vec<_>>>()
                    .ok_or_else(|| a.invalid("backend_config"))?,
                _ => Vec::new(),
            };
            Opcode::CustomCall {
                target: match a.get(&["call_target_name"]) {
                    Some(AttrValue::Str(s)) => s.clone(),
                    Some(_) => return Err(a.invalid("call_target_name")),
                    None => return Err(a.missing("call_target_name")),
                },
                has_side_effect: a.bool_or(&["has_side_effect"], false)?,
                backend_config: match a.get(&["backend_config"]) {
                    Some(AttrValue::Str(s)) => s.clone(),
                    _ => String::new(),
                },
                api_version: match a.get(&["api_version"]) {
                    None if typed => 4,
                    None => 1,
                    Some(v) => match v.as_i64().or_else(|| match v.as_enum()? {
                        "API_VERSION_ORIGINAL" => Some(1),
                        "API_VERSION_STATUS_RETURNING" => Some(2),
                        "API_VERSION_STATUS_RETURNING_UNIFIED" => Some(3),
                        "API_VERSION_TYPED_FFI" => Some(4),
                        _ => None,
                    }) {
                        Some(v) if typed => v.max(4) as i32,
                        Some(v) => v as i32,
                        None => return Err(a.invalid("api_version")),
                    },
                },
                config,
            }
        }
        "stablehlo.all_reduce"
        | "stablehlo.all_gather"
        | "stablehlo.reduce_scatter"
        | "stablehlo.all_to_all"
        | "stablehlo.collective_permute"
        | "stablehlo.collective_broadcast"
        | "stablehlo.collective_reduce"
        | "stablehlo.replica_id"
        | "stablehlo.partition_id"
        | "stablehlo.send"
        | "stablehlo.recv" => Opcode::Collective(collective_attrs(&a, name)?),
        "interpreter.run_parallel" => {
            let Some(AttrValue::Array(rows)) = a.get(&["programs"]) else {
                return Err(a.missing("programs"));
            };
            let mut programs = Vec::with_capacity(rows.len());
            for row in rows {
                let AttrValue::Array(items) = row else {
                    return Err(a.invalid("programs"));
                };
                let row = items
                    .iter()
                    .map(|i| match i {
                        AttrValue::Symbol(s) => Ok(s.clone()),
                        _ => Err(a.invalid("programs")),
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                programs.push(row);
            }
            if programs.is_empty() || programs.iter().any(|r| r.len() != programs[0].len()) {
                return Err(a.invalid("programs"));
            }
            Opcode::RunParallel { programs }
        }
        _ if name.starts_with("check.") => {
            let constant = a.literal("value")?;
            let tolerance = match a.get(&["tolerance"]) {
                None => None,
                Some(v) => Some(v.as_f64().ok_or_else(|| a.invalid("tolerance"))?),
            };
            Opcode::Check {
                name: name["check.".len()..].to_string(),
                constant: constant.map(Box::new),
                tolerance,
                max_ulp_difference: a.int_opt(&["max_ulp_difference"])?,
                min_ulp_difference: a.int_opt(&["min_ulp_difference"])?,
            }
        }
        _ => return Err(unknown_or_unsupported(p, name, pos)),
    };
    // Count the operands the IR op will have.
    let found = desugar_operands(name, operands.to_vec()).len();
    if let Some(n) = fixed_arity(&op)
        && n != found
    {
        return Err(p.err(
            pos,
            format!(
                "'{name}' op expected {n} operands, but found {}",
                operands.len()
            ),
        ));
    }
    Ok(op)
}

/// `comparison_direction` and the optional `compare_type` of a comparison.
pub(super) fn compare_attrs(
    a: &Attrs,
) -> Result<(CompareDirection, Option<CompareType>), Diagnostic> {
    let dir = a
        .enum_opt(&["comparison_direction"])?
        .ok_or_else(|| a.missing("comparison_direction"))?;
    let direction =
        CompareDirection::from_name(dir).ok_or_else(|| a.invalid("comparison_direction"))?;
    let compare_type = match a.enum_opt(&["compare_type"])? {
        None | Some("NOTYPE") => None,
        Some(t) => Some(CompareType::from_name(t).ok_or_else(|| a.invalid("compare_type"))?),
    };
    Ok((direction, compare_type))
}

/// The attributes of a collective op (`name` with its dialect prefix).
fn collective_attrs(a: &Attrs, name: &str) -> Result<Collective, Diagnostic> {
    let kind = match name.trim_start_matches("stablehlo.") {
        "all_reduce" => CollectiveKind::AllReduce,
        "all_gather" => CollectiveKind::AllGather {
            dim: a.int(&["all_gather_dim"])?,
        },
        "reduce_scatter" => CollectiveKind::ReduceScatter {
            dim: a.int(&["scatter_dimension"])?,
        },
        "all_to_all" => CollectiveKind::AllToAll {
            split_dimension: a.int(&["split_dimension"])?,
            concat_dimension: a.int(&["concat_dimension"])?,
            split_count: a.int(&["split_count"])?,
        },
        "collective_permute" => CollectiveKind::CollectivePermute,
        "collective_broadcast" => CollectiveKind::CollectiveBroadcast,
        "collective_reduce" => CollectiveKind::CollectiveReduce,
        "replica_id" => CollectiveKind::ReplicaId,
        "send" => CollectiveKind::Send,
        "recv" => CollectiveKind::Recv,
        _ => CollectiveKind::PartitionId,
    };
    let mut c = Collective::new(kind);
    let key = if kind == CollectiveKind::CollectivePermute {
        "source_target_pairs"
    } else {
        "replica_groups"
    };
    if let Some(v) = a.get(&[key]) {
        // A 2-D integer tensor; XLA pads ragged replica groups with -1.
        let AttrValue::Dense(l) = v else {
            return Err(a.invalid(key));
        };
        if !l.ty.dtype.is_int() || l.ty.rank() != 2 {
            return Err(a.invalid(key));
        }
        let (rows, cols) = (l.ty.shape[0].max(0) as usize, l.ty.shape[1].max(0) as usize);
        c.groups = (0..rows)
            .map(|r| {
                (0..cols)
                    .map(|k| l.element_i64(r * cols + k))
                    .filter(|&x| x != -1)
                    .collect()
            })
            .collect();
        if c.groups.iter().flatten().any(|&x| x < 0) {
            return Err(a.invalid(key));
        }
    }
    match a.get(&["channel_handle", "channel_id"]) {
        None => {}
        Some(AttrValue::Struct(_, fields)) => {
            let handle = fields.iter().find(|(n, _)| n == "handle");
            c.channel_id = handle
                .and_then(|(_, v)| v.as_i64())
                .ok_or_else(|| a.invalid("channel_handle"))?;
        }
        Some(v) => c.channel_id = v.as_i64().ok_or_else(|| a.invalid("channel_handle"))?,
    }
    c.use_global_device_ids = a.bool_or(&["use_global_device_ids"], false)?;
    if c.strategy().is_none() {
        return Err(a.p.err(
            a.pos,
            format!("'{name}' op: use_global_device_ids needs a channel_handle above 0"),
        ));
    }
    Ok(c)
}

/// Operand count of ops that have a fixed one (the IR relies on it to index operands).
fn fixed_arity(op: &Opcode) -> Option<usize> {
    Some(match op {
        Opcode::Constant(_) | Opcode::Iota { .. } => 0,
        Opcode::Unary(_)
        | Opcode::Convert
        | Opcode::BitcastConvert
        | Opcode::Real
        | Opcode::Imag
        | Opcode::Fft { .. }
        | Opcode::ReducePrecision { .. }
        | Opcode::BroadcastInDim { .. }
        | Opcode::Reshape
        | Opcode::Transpose { .. }
        | Opcode::Slice { .. }
        | Opcode::Reverse { .. }
        | Opcode::Cholesky { .. }
        | Opcode::RngBitGenerator { .. }
        | Opcode::If
        | Opcode::Case => 1,
        Opcode::Binary(_)
        | Opcode::Complex
        | Opcode::Compare { .. }
        | Opcode::Pad { .. }
        | Opcode::DotGeneral(_)
        | Opcode::Convolution(_)
        | Opcode::Gather(_)
        | Opcode::TriangularSolve { .. } => 2,
        Opcode::Select | Opcode::Clamp | Opcode::SelectAndScatter { .. } => 3,
        _ => return None,
    })
}

fn dot_dims(a: &Attrs) -> Result<DotDims, Diagnostic> {
    if a.get(&["dot_dimension_numbers"]).is_some() {
        let d = a.fields(&["dot_dimension_numbers"], "dot")?;
        return Ok(DotDims {
            lhs_batch: d.i64s_or(&["lhs_batching_dimensions"], 0, 0)?,
            rhs_batch: d.i64s_or(&["rhs_batching_dimensions"], 0, 0)?,
            lhs_contracting: d.i64s_or(&["lhs_contracting_dimensions"], 0, 0)?,
            rhs_contracting: d.i64s_or(&["rhs_contracting_dimensions"], 0, 0)?,
        });
    }
    // Pretty form: `batching_dims = [0] x [0], contracting_dims = [2] x [1]`.
    let pair = |key: &str| -> Result<(Vec<i64>, Vec<i64>), Diagnostic> {
        match a.get(&[key]) {
            None => Ok((Vec::new(), Vec::new())),
            Some(AttrValue::Array(v)) if v.len() == 2 => match (v[0].as_i64s(), v[1].as_i64s()) {
                (Some(l), Some(r)) => Ok((l, r)),
                _ => Err(a.invalid(key)),
            },
            Some(_) => Err(a.invalid(key)),
        }
    };
    let (lhs_batch, rhs_batch) = pair("batching_dims")?;
    let (lhs_contracting, rhs_contracting) = pair("contracting_dims")?;
    Ok(DotDims {
        lhs_batch,
        rhs_batch,
        lhs_contracting,
        rhs_contracting,
    })
}

fn conv_attrs(a: &Attrs) -> Result<Opcode, Diagnostic> {
    let d: ConvDims = match a.get(&["dimension_numbers"]) {
        Some(AttrValue::Conv(d)) => d.clone(),
        Some(_) => return Err(a.invalid("dimension_numbers")),
        None => return Err(a.missing("dimension_numbers")),
    };
    let n = d.input_spatial.len();
    let window_reversal = match a.get(&["window_reversal"]) {
        None => vec![false; n],
        Some(v) => v.as_bools().ok_or_else(|| a.invalid("window_reversal"))?,
    };
    Ok(Opcode::Convolution(Box::new(ConvAttrs {
        window_strides: a.i64s_or(&["window_strides"], n, 1)?,
        padding: a.padding_or(&["padding"], n)?,
        lhs_dilation: a.i64s_or(&["lhs_dilation"], n, 1)?,
        rhs_dilation: a.i64s_or(&["rhs_dilation"], n, 1)?,
        window_reversal,
        input_batch_dim: d.input_batch,
        input_feature_dim: d.input_feature,
        input_spatial_dims: d.input_spatial,
        kernel_input_feature_dim: d.kernel_input_feature,
        kernel_output_feature_dim: d.kernel_output_feature,
        kernel_spatial_dims: d.kernel_spatial,
        output_batch_dim: d.output_batch,
        output_feature_dim: d.output_feature,
        output_spatial_dims: d.output_spatial,
        feature_group_count: a.int_opt(&["feature_group_count"])?.unwrap_or(1),
        batch_group_count: a.int_opt(&["batch_group_count"])?.unwrap_or(1),
    })))
}
