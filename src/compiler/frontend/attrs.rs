//! Attribute values: numbers, strings, arrays, dictionaries, `array<i64: ...>`,
//! `dense<...>` literals and the StableHLO dialect attributes (`#stablehlo.gather<...>`,
//! `#stablehlo<comparison_direction GT>`, `#stablehlo.conv<...>`).

use super::lexer::{Kind, Lexer, unescape};
use super::literal::parse_dense_body;
use super::types::{OpTypes, parse_op_types, parse_tensor_type_ext};
use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::{Attr, CallAttr, DType, Literal, TensorType};

/// Nesting bound for arrays/dicts, so hostile input cannot overflow the stack.
pub const MAX_DEPTH: usize = 256;

#[derive(Clone, Debug, PartialEq)]
pub enum AttrValue {
    Unit,
    Bool(bool),
    Int(i128),
    Float(f64),
    /// An integer with its type (`85 : ui8`); `index` and signless/signed names map to the
    /// signed type of that width.
    TypedInt(i128, DType),
    /// A float with its type (`1.5 : f32`).
    TypedFloat(f64, DType),
    Str(String),
    Array(Vec<AttrValue>),
    /// `array<i64: 1, 2>`
    I64Array(Vec<i64>),
    /// `array<i1: true, false>`
    BoolArray(Vec<bool>),
    /// `array<i32: 1, 2>` and other integer element types than i64.
    IntArray(DType, Vec<i64>),
    /// `array<f32: 1.5>`.
    FloatArray(DType, Vec<f64>),
    Dense(Literal),
    Dict(Vec<(String, AttrValue)>),
    Symbol(String),
    /// A bare keyword such as `DEFAULT` (pretty forms).
    Ident(String),
    /// `#stablehlo<comparison_direction GT>` or `#stablehlo.precision<DEFAULT>`: (kind, value).
    Enum(String, String),
    /// `#stablehlo.gather<offset_dims = [1], ...>`: (kind, fields).
    Struct(String, Vec<(String, AttrValue)>),
    Conv(ConvDims),
    /// `dense_resource<name> : type`: bytes from the file's `{-# dialect_resources #-}` section
    /// (name, type, position of the name).
    Resource(String, TensorType, usize),
    /// A function type `(inputs) -> outputs` (`function_type` of a generic `func.func`).
    FuncType(Vec<TensorType>, Vec<TensorType>),
    /// Kept as source text.
    Other(String),
}

/// `#stablehlo.conv` dimension numbers.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ConvDims {
    pub input_batch: i64,
    pub input_feature: i64,
    pub input_spatial: Vec<i64>,
    pub kernel_input_feature: i64,
    pub kernel_output_feature: i64,
    pub kernel_spatial: Vec<i64>,
    pub output_batch: i64,
    pub output_feature: i64,
    pub output_spatial: Vec<i64>,
}

/// Scalar type names that may follow an integer or float attribute (`1 : i64`).
fn is_scalar_type_name(s: &str) -> bool {
    matches!(
        s,
        "i1" | "i8"
            | "i16"
            | "i32"
            | "i64"
            | "ui8"
            | "ui16"
            | "ui32"
            | "ui64"
            | "si8"
            | "si16"
            | "si32"
            | "si64"
            | "f16"
            | "bf16"
            | "f32"
            | "f64"
            | "index"
    )
}

pub fn expect_punct(lx: &mut Lexer, p: &str, ctx: &str) -> Result<usize, Diagnostic> {
    let t = lx.next_token()?;
    if !t.is_punct(p) {
        return Err(lx.error(t.pos, format!("expected '{p}' {ctx}")));
    }
    Ok(t.pos)
}

pub fn parse_int_text(text: &str) -> Option<i128> {
    let (neg, digits) = match text.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, text),
    };
    let v = match digits.strip_prefix("0x") {
        Some(h) => u128::from_str_radix(h, 16)
            .ok()
            .and_then(|v| i128::try_from(v).ok())?,
        None => digits.parse::<i128>().ok()?,
    };
    Some(if neg { -v } else { v })
}

/// Parses an attribute value and also returns its source text.
pub fn parse_attr_text<'a>(
    lx: &mut Lexer<'a>,
    depth: usize,
) -> Result<(AttrValue, &'a str), Diagnostic> {
    lx.skip_trivia();
    let start = lx.pos;
    let v = parse_attr(lx, depth)?;
    Ok((v, lx.src[start..lx.pos].trim_end()))
}

pub fn parse_attr(lx: &mut Lexer, depth: usize) -> Result<AttrValue, Diagnostic> {
    let t = lx.peek()?;
    if depth > MAX_DEPTH {
        return Err(lx.error(t.pos, "attribute nesting too deep"));
    }
    let v = match t.kind {
        Kind::Int => {
            lx.next_token()?;
            let v = parse_int_text(t.text)
                .ok_or_else(|| lx.error(t.pos, "integer literal out of range"))?;
            match scalar_type_suffix(lx)? {
                Some(d) => AttrValue::TypedInt(v, d),
                None => AttrValue::Int(v),
            }
        }
        Kind::Float => {
            lx.next_token()?;
            let v: f64 = t
                .text
                .parse()
                .map_err(|_| lx.error(t.pos, "invalid float literal"))?;
            match scalar_type_suffix(lx)? {
                Some(d) => AttrValue::TypedFloat(v, d),
                None => AttrValue::Float(v),
            }
        }
        Kind::Str => {
            lx.next_token()?;
            AttrValue::Str(String::from_utf8_lossy(&unescape(t.text)).into_owned())
        }
        Kind::Symbol => {
            lx.next_token()?;
            AttrValue::Symbol(t.text.trim_matches('"').to_string())
        }
        Kind::Punct if t.text == "[" => {
            lx.next_token()?;
            let mut items = Vec::new();
            if !lx.peek()?.is_punct("]") {
                loop {
                    items.push(parse_attr(lx, depth + 1)?);
                    let sep = lx.next_token()?;
                    if sep.is_punct("]") {
                        break;
                    }
                    if !sep.is_punct(",") {
                        return Err(lx.error(sep.pos, "expected ',' or ']' in array attribute"));
                    }
                }
            } else {
                lx.next_token()?;
            }
            AttrValue::Array(items)
        }
        Kind::Punct if t.text == "{" => AttrValue::Dict(parse_attr_dict(lx, depth + 1)?),
        Kind::Punct if t.text == "(" => match parse_op_types(lx)? {
            OpTypes::Function(i, o) => AttrValue::FuncType(i, o),
            OpTypes::List(_) => return Err(lx.error(t.pos, "expected function type")),
        },
        // An attribute in its dialect's short form, e.g. `algorithm = <...>` of dot_general.
        Kind::Punct if t.text == "<" => AttrValue::Other(lx.skip_balanced()?.to_string()),
        Kind::Ident => match t.text {
            "true" | "false" => {
                lx.next_token()?;
                AttrValue::Bool(t.text == "true")
            }
            "unit" => {
                lx.next_token()?;
                AttrValue::Unit
            }
            "dense" => {
                lx.next_token()?;
                AttrValue::Dense(parse_dense(lx)?)
            }
            "array" => {
                lx.next_token()?;
                parse_array_attr(lx)?
            }
            "dense_resource" => {
                lx.next_token()?;
                expect_punct(lx, "<", "after 'dense_resource'")?;
                let name = lx.next_token()?;
                let key = match name.kind {
                    Kind::Ident => name.text.to_string(),
                    Kind::Str => String::from_utf8_lossy(&unescape(name.text)).into_owned(),
                    _ => return Err(lx.error(name.pos, "expected resource name")),
                };
                expect_punct(lx, ">", "to close 'dense_resource'")?;
                expect_punct(lx, ":", "after 'dense_resource'")?;
                let ty = parse_tensor_type_ext(lx, true)?;
                AttrValue::Resource(key, ty, name.pos)
            }
            "sparse" | "dense_array" => {
                return Err(lx.error(t.pos, format!("unsupported: '{}' attribute", t.text)));
            }
            _ => {
                lx.next_token()?;
                if lx.peek()?.is_punct("<") {
                    // Opaque parametric attribute or type (`affine_map<...>`, `tensor<...>`).
                    let body = lx.skip_balanced()?;
                    AttrValue::Other(format!("{}{body}", t.text))
                } else if t.text == "loc" && lx.peek()?.is_punct("(") {
                    let body = lx.skip_balanced()?;
                    AttrValue::Other(format!("loc{body}"))
                } else {
                    AttrValue::Ident(t.text.to_string())
                }
            }
        },
        Kind::Hash => {
            lx.next_token()?;
            parse_dialect_attr(lx, t.text, depth)?
        }
        Kind::Punct if t.text == "-" => {
            // `-inf`
            lx.next_token()?;
            let n = lx.next_token()?;
            match n.text {
                "inf" => AttrValue::Float(f64::NEG_INFINITY),
                _ => return Err(lx.error(t.pos, "expected attribute value")),
            }
        }
        _ => {
            return Err(lx.error(
                t.pos,
                format!("expected attribute value, found {}", t.describe()),
            ));
        }
    };
    Ok(v)
}

/// Consumes a `: type` suffix after a number and returns the type, if there is one.
fn scalar_type_suffix(lx: &mut Lexer) -> Result<Option<DType>, Diagnostic> {
    if lx.peek()?.is_punct(":") {
        let ty = lx.peek2()?;
        if ty.kind == Kind::Ident && is_scalar_type_name(ty.text) {
            lx.next_token()?;
            lx.next_token()?;
            return Ok(scalar_dtype(ty.text));
        }
    }
    Ok(None)
}

/// The element type of a scalar type name (`si8` and `i8` are both `I8`, `index` is i64).
fn scalar_dtype(name: &str) -> Option<DType> {
    match name {
        "index" => Some(DType::I64),
        _ => DType::from_mlir_name(name.strip_prefix('s').unwrap_or(name)),
    }
}

/// `{name = value, flag, ...}` at the cursor.
pub fn parse_attr_dict(
    lx: &mut Lexer,
    depth: usize,
) -> Result<Vec<(String, AttrValue)>, Diagnostic> {
    Ok(parse_attr_dict_text(lx, depth)?
        .into_iter()
        .map(|(k, v, _)| (k, v))
        .collect())
}

/// Like [`parse_attr_dict`] but also returns each value's source text.
pub fn parse_attr_dict_text<'a>(
    lx: &mut Lexer<'a>,
    depth: usize,
) -> Result<Vec<(String, AttrValue, &'a str)>, Diagnostic> {
    expect_punct(lx, "{", "to start attribute dictionary")?;
    let mut out = Vec::new();
    if lx.peek()?.is_punct("}") {
        lx.next_token()?;
        return Ok(out);
    }
    loop {
        let key = lx.next_token()?;
        let name = match key.kind {
            Kind::Ident => key.text.to_string(),
            Kind::Str => String::from_utf8_lossy(&unescape(key.text)).into_owned(),
            _ => {
                return Err(lx.error(
                    key.pos,
                    format!("expected attribute name, found {}", key.describe()),
                ));
            }
        };
        if lx.peek()?.is_punct("=") {
            lx.next_token()?;
            let (v, text) = parse_attr_text(lx, depth + 1)?;
            out.push((name, v, text));
        } else {
            out.push((name, AttrValue::Unit, "unit"));
        }
        let sep = lx.next_token()?;
        if sep.is_punct("}") {
            return Ok(out);
        }
        if !sep.is_punct(",") {
            return Err(lx.error(sep.pos, "expected ',' or '}' in attribute dictionary"));
        }
    }
}

/// `array<i64: 1, 2>` after the `array` keyword (integer, boolean and f32/f64 elements).
fn parse_array_attr(lx: &mut Lexer) -> Result<AttrValue, Diagnostic> {
    expect_punct(lx, "<", "after 'array'")?;
    let ty = lx.next_token()?;
    let dtype = scalar_dtype(ty.text)
        .filter(|d| d.is_int() || matches!(d, DType::F32 | DType::F64))
        .ok_or_else(|| {
            lx.error(
                ty.pos,
                format!("unsupported: array element type {}", ty.describe()),
            )
        })?;
    let is_bool = dtype == DType::I1;
    let mut ints = Vec::new();
    let mut floats = Vec::new();
    let mut bools = Vec::new();
    let mut sep = lx.next_token()?;
    if sep.is_punct(":") {
        loop {
            let mut v = lx.next_token()?;
            let neg = v.is_punct("-");
            if neg {
                v = lx.next_token()?;
            }
            match (v.kind, v.text) {
                (Kind::Ident, "true" | "false") if is_bool && !neg => bools.push(v.text == "true"),
                (Kind::Int, _) if dtype.is_float() => {
                    let x = parse_int_text(v.text)
                        .ok_or_else(|| lx.error(v.pos, "invalid array element"))?;
                    floats.push(if neg { -(x as f64) } else { x as f64 });
                }
                (Kind::Float, _) if dtype.is_float() => {
                    let x: f64 = v
                        .text
                        .parse()
                        .map_err(|_| lx.error(v.pos, "invalid float literal"))?;
                    floats.push(if neg { -x } else { x });
                }
                (Kind::Int, _) if !is_bool => ints.push(
                    parse_int_text(v.text)
                        .map(|x| if neg { -x } else { x })
                        .and_then(|v| {
                            i64::try_from(v)
                                .ok()
                                .or_else(|| u64::try_from(v).ok().map(|u| u as i64))
                        })
                        .ok_or_else(|| lx.error(v.pos, "integer out of range for 64 bits"))?,
                ),
                _ => return Err(lx.error(v.pos, "expected array element")),
            }
            sep = lx.next_token()?;
            if !sep.is_punct(",") {
                break;
            }
        }
    }
    if !sep.is_punct(">") {
        return Err(lx.error(sep.pos, "expected '>' to close array attribute"));
    }
    Ok(match dtype {
        DType::I1 => AttrValue::BoolArray(bools),
        DType::I64 => AttrValue::I64Array(ints),
        d if d.is_float() => AttrValue::FloatArray(d, floats),
        d => AttrValue::IntArray(d, ints),
    })
}

/// `dense<...> : tensor<...>` after the `dense` keyword.
pub fn parse_dense(lx: &mut Lexer) -> Result<Literal, Diagnostic> {
    let open = expect_punct(lx, "<", "after 'dense'")?;
    let body = parse_dense_body(lx, open)?;
    expect_punct(lx, ":", "after dense literal")?;
    let ty = parse_tensor_type_ext(lx, true)?;
    body.into_literal(lx, open, ty)
}

/// `#...` attributes, after the hash token whose text is `name`.
fn parse_dialect_attr(lx: &mut Lexer, name: &str, depth: usize) -> Result<AttrValue, Diagnostic> {
    if !lx.peek()?.is_punct("<") {
        // An alias reference such as `#loc3`.
        return Ok(AttrValue::Other(format!("#{name}")));
    }
    let save = lx.pos;
    let (_, kind) = name.split_once('.').unwrap_or((name, ""));
    lx.next_token()?;
    if kind.is_empty() {
        // `#stablehlo<comparison_direction GT>`
        let k = lx.peek()?;
        let v = lx.peek2()?;
        if k.kind == Kind::Ident && v.kind == Kind::Ident {
            lx.next_token()?;
            lx.next_token()?;
            if lx.peek()?.is_punct(">") {
                lx.next_token()?;
                return Ok(AttrValue::Enum(k.text.to_string(), v.text.to_string()));
            }
        }
    } else if kind == "conv" {
        let dims = parse_conv_dims(lx, depth)?;
        expect_punct(lx, ">", "to close '#stablehlo.conv'")?;
        return Ok(AttrValue::Conv(dims));
    } else {
        let k = lx.peek()?;
        let next = lx.peek2()?;
        if k.kind == Kind::Ident && next.is_punct("=") {
            let fields = parse_fields(lx, depth)?;
            expect_punct(lx, ">", &format!("to close '#{name}'"))?;
            return Ok(AttrValue::Struct(kind.to_string(), fields));
        }
        if k.kind == Kind::Ident && next.is_punct(">") {
            lx.next_token()?;
            lx.next_token()?;
            return Ok(AttrValue::Enum(kind.to_string(), k.text.to_string()));
        }
        if k.is_punct(">") {
            lx.next_token()?;
            return Ok(AttrValue::Struct(kind.to_string(), Vec::new()));
        }
    }
    // Anything else is kept as text.
    lx.pos = save;
    let body = lx.skip_balanced()?;
    Ok(AttrValue::Other(format!("#{name}{body}")))
}

/// `key = value, key = value` (stops before `>`).
fn parse_fields(lx: &mut Lexer, depth: usize) -> Result<Vec<(String, AttrValue)>, Diagnostic> {
    let mut fields = Vec::new();
    loop {
        let key = lx.next_token()?;
        if key.kind != Kind::Ident {
            return Err(lx.error(
                key.pos,
                format!("expected field name, found {}", key.describe()),
            ));
        }
        expect_punct(lx, "=", &format!("after '{}'", key.text))?;
        let v = parse_attr(lx, depth + 1)?;
        fields.push((key.text.to_string(), v));
        if !lx.peek()?.is_punct(",") {
            return Ok(fields);
        }
        lx.next_token()?;
    }
}

/// The body of `#stablehlo.conv<...>`: `raw key = value, ...` or the compact
/// `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]` (also used by the pretty convolution).
pub fn parse_conv_dims(lx: &mut Lexer, depth: usize) -> Result<ConvDims, Diagnostic> {
    let t = lx.peek()?;
    if t.is_ident("raw") {
        lx.next_token()?;
        let fields = parse_fields(lx, depth)?;
        let mut d = ConvDims::default();
        for (k, v) in &fields {
            let int = || {
                v.as_i64()
                    .ok_or_else(|| lx.error(t.pos, format!("'{k}' must be an integer")))
            };
            let ints = || {
                v.as_i64s()
                    .ok_or_else(|| lx.error(t.pos, format!("'{k}' must be an integer list")))
            };
            match k.as_str() {
                "input_batch_dimension" => d.input_batch = int()?,
                "input_feature_dimension" => d.input_feature = int()?,
                "input_spatial_dimensions" => d.input_spatial = ints()?,
                "kernel_input_feature_dimension" => d.kernel_input_feature = int()?,
                "kernel_output_feature_dimension" => d.kernel_output_feature = int()?,
                "kernel_spatial_dimensions" => d.kernel_spatial = ints()?,
                "output_batch_dimension" => d.output_batch = int()?,
                "output_feature_dimension" => d.output_feature = int()?,
                "output_spatial_dimensions" => d.output_spatial = ints()?,
                _ => return Err(lx.error(t.pos, format!("unknown convolution dimension '{k}'"))),
            }
        }
        return Ok(d);
    }
    let (ib, ifeat, isp) = parse_conv_layout(lx, ["b", "f"])?;
    let x = lx.next_token()?;
    if !x.is_ident("x") {
        return Err(lx.error(x.pos, "expected 'x' in convolution dimension numbers"));
    }
    let (ki, ko, ksp) = parse_conv_layout(lx, ["i", "o"])?;
    let arrow = lx.next_token()?;
    if arrow.kind != Kind::Arrow {
        return Err(lx.error(arrow.pos, "expected '->' in convolution dimension numbers"));
    }
    let (ob, of, osp) = parse_conv_layout(lx, ["b", "f"])?;
    Ok(ConvDims {
        input_batch: ib,
        input_feature: ifeat,
        input_spatial: isp,
        kernel_input_feature: ki,
        kernel_output_feature: ko,
        kernel_spatial: ksp,
        output_batch: ob,
        output_feature: of,
        output_spatial: osp,
    })
}

/// One `[b, 0, 1, f]` layout: positions of the two named dims and of each spatial dim.
fn parse_conv_layout(lx: &mut Lexer, names: [&str; 2]) -> Result<(i64, i64, Vec<i64>), Diagnostic> {
    let open = expect_punct(lx, "[", "to start convolution layout")?;
    let mut first = None;
    let mut second = None;
    let mut spatial: Vec<Option<i64>> = Vec::new();
    let mut pos = 0i64;
    if !lx.peek()?.is_punct("]") {
        loop {
            let t = lx.next_token()?;
            match t.kind {
                Kind::Ident if t.text == names[0] && first.is_none() => first = Some(pos),
                Kind::Ident if t.text == names[1] && second.is_none() => second = Some(pos),
                Kind::Int => {
                    let k = parse_int_text(t.text)
                        .filter(|&k| (0..64).contains(&k))
                        .ok_or_else(|| lx.error(t.pos, "invalid spatial dimension"))?
                        as usize;
                    if spatial.len() <= k {
                        spatial.resize(k + 1, None);
                    }
                    if spatial[k].is_some() {
                        return Err(lx.error(t.pos, "duplicate spatial dimension"));
                    }
                    spatial[k] = Some(pos);
                }
                _ => {
                    return Err(lx.error(
                        t.pos,
                        format!("unexpected {} in convolution layout", t.describe()),
                    ));
                }
            }
            pos += 1;
            let sep = lx.next_token()?;
            if sep.is_punct("]") {
                break;
            }
            if !sep.is_punct(",") {
                return Err(lx.error(sep.pos, "expected ',' or ']' in convolution layout"));
            }
        }
    } else {
        lx.next_token()?;
    }
    let spatial: Option<Vec<i64>> = spatial.into_iter().collect();
    match (first, second, spatial) {
        (Some(a), Some(b), Some(s)) => Ok((a, b, s)),
        _ => Err(lx.error(open, "incomplete convolution layout")),
    }
}

impl AttrValue {
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            AttrValue::Int(v) | AttrValue::TypedInt(v, _) => i64::try_from(*v).ok(),
            AttrValue::Dense(l) if l.ty.num_elements() == 1 && l.ty.dtype.is_int() => {
                Some(l.element_i64(0))
            }
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            AttrValue::Bool(b) => Some(*b),
            AttrValue::Unit => Some(true),
            _ => None,
        }
    }

    /// An integer list: `array<i64: ..>`, `[1, 2]` or `dense<[1, 2]> : tensor<2xi64>`.
    pub fn as_i64s(&self) -> Option<Vec<i64>> {
        match self {
            AttrValue::I64Array(v) | AttrValue::IntArray(_, v) => Some(v.clone()),
            AttrValue::Array(items) => items.iter().map(AttrValue::as_i64).collect(),
            AttrValue::Dense(l) if l.ty.dtype.is_int() => Some(
                (0..l.ty.num_elements() as usize)
                    .map(|i| l.element_i64(i))
                    .collect(),
            ),
            _ => None,
        }
    }

    pub fn as_bools(&self) -> Option<Vec<bool>> {
        match self {
            AttrValue::BoolArray(v) => Some(v.clone()),
            AttrValue::Array(items) => items
                .iter()
                .map(|a| a.as_bool().or_else(|| a.as_i64().map(|v| v != 0)))
                .collect(),
            _ => self.as_i64s().map(|v| v.iter().map(|&x| x != 0).collect()),
        }
    }

    /// A padding list `[[lo, hi], ...]` or `dense<[[lo, hi], ...]> : tensor<Nx2xi64>`.
    pub fn as_padding(&self) -> Option<Vec<(i64, i64)>> {
        match self {
            AttrValue::Array(rows) => rows
                .iter()
                .map(|r| match r.as_i64s()?.as_slice() {
                    [lo, hi] => Some((*lo, *hi)),
                    _ => None,
                })
                .collect(),
            AttrValue::Dense(l) if l.ty.rank() == 2 && l.ty.shape[1] == 2 => {
                let v = self.as_i64s()?;
                Some(v.chunks(2).map(|c| (c[0], c[1])).collect())
            }
            _ => None,
        }
    }

    /// The value of an enum attribute, in any of its spellings (`GT`, `#stablehlo<... GT>`).
    pub fn as_enum(&self) -> Option<&str> {
        match self {
            AttrValue::Ident(s) | AttrValue::Enum(_, s) | AttrValue::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        match self {
            AttrValue::Float(f) | AttrValue::TypedFloat(f, _) => Some(*f),
            AttrValue::Int(i) | AttrValue::TypedInt(i, _) => Some(*i as f64),
            _ => None,
        }
    }

    /// The attribute as a custom call's handler receives it, if it has such a form
    /// (numbers, strings, arrays, dense elements, dictionaries of those). Untyped numbers
    /// are MLIR's defaults, i64 and f64.
    pub fn to_call_attr(&self) -> Option<CallAttr> {
        let int = |v: i128| {
            i64::try_from(v)
                .ok()
                .or_else(|| u64::try_from(v).ok().map(|u| u as i64))
        };
        Some(match self {
            AttrValue::Int(v) => CallAttr::Int(DType::I64, int(*v)?),
            AttrValue::TypedInt(v, d) if d.is_int() => CallAttr::Int(*d, int(*v)?),
            AttrValue::TypedInt(v, d) => CallAttr::Float(*d, *v as f64),
            AttrValue::Bool(b) => CallAttr::Int(DType::I1, *b as i64),
            AttrValue::Float(f) => CallAttr::Float(DType::F64, *f),
            AttrValue::TypedFloat(f, d) => CallAttr::Float(*d, *f),
            AttrValue::Str(s) => CallAttr::Str(s.clone()),
            AttrValue::I64Array(v) => CallAttr::Ints(DType::I64, v.clone()),
            AttrValue::IntArray(d, v) => CallAttr::Ints(*d, v.clone()),
            AttrValue::BoolArray(v) => {
                CallAttr::Ints(DType::I1, v.iter().map(|&b| b as i64).collect())
            }
            AttrValue::FloatArray(d, v) => CallAttr::Floats(*d, v.clone()),
            AttrValue::Dense(l) if l.ty.dtype.is_int() => CallAttr::Ints(
                l.ty.dtype,
                (0..l.ty.num_elements() as usize)
                    .map(|i| l.element_i64(i))
                    .collect(),
            ),
            AttrValue::Dense(l) if matches!(l.ty.dtype, DType::F32 | DType::F64) => {
                CallAttr::Floats(
                    l.ty.dtype,
                    (0..l.ty.num_elements() as usize)
                        .map(|i| l.element_f64(i))
                        .collect(),
                )
            }
            AttrValue::Dict(items) => CallAttr::Dict(
                items
                    .iter()
                    .map(|(k, v)| Some((k.clone(), v.to_call_attr()?)))
                    .collect::<Option<_>>()?,
            ),
            _ => return None,
        })
    }

    /// True if [`Self::to_ir`] represents it without falling back to source text.
    fn is_simple(&self) -> bool {
        match self {
            AttrValue::Unit
            | AttrValue::Bool(_)
            | AttrValue::Float(_)
            | AttrValue::TypedFloat(..)
            | AttrValue::Str(_) => true,
            AttrValue::Int(i) | AttrValue::TypedInt(i, _) => i64::try_from(*i).is_ok(),
            AttrValue::Array(items) => items.iter().all(AttrValue::is_simple),
            AttrValue::Dict(items) => items.iter().all(|(_, a)| a.is_simple()),
            _ => false,
        }
    }

    /// Converts to the IR's generic attribute (function argument/result attributes).
    pub fn to_ir(&self, text: &str) -> Attr {
        match self {
            AttrValue::Unit => Attr::Unit,
            AttrValue::Bool(b) => Attr::Bool(*b),
            AttrValue::Int(i) | AttrValue::TypedInt(i, _) => match i64::try_from(*i) {
                Ok(v) => Attr::Int(v),
                Err(_) => Attr::Other(text.to_string()),
            },
            AttrValue::Float(f) | AttrValue::TypedFloat(f, _) => Attr::Float(*f),
            AttrValue::Str(s) => Attr::String(s.clone()),
            AttrValue::Array(items) if self.is_simple() => {
                Attr::Array(items.iter().map(|a| a.to_ir("")).collect())
            }
            AttrValue::Dict(items) if self.is_simple() => Attr::Dict(
                items
                    .iter()
                    .map(|(k, a)| (k.clone(), a.to_ir("")))
                    .collect(),
            ),
            _ => Attr::Other(text.to_string()),
        }
    }
}
