//! Tensor types: `tensor<2x3xf32>`, `tensor<f32>`, `tensor<4xcomplex<f32>>`,
//! `tensor<4x!quant.uniform<i8:f32, 0.5>>`; `!stablehlo.token` is `tensor<0xi1>`. Anything
//! else pjrtc cannot represent (dynamic or unranked shapes, tuples, encodings) is rejected
//! with an "unsupported: ..." diagnostic at its position.

use super::lexer::{Kind, Lexer};
use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::quant::{Quantization, storage_from_name};
use crate::compiler::ir::{DType, DYN, TensorType};

/// Upper bound on the rank we accept (no real program comes close).
const MAX_RANK: usize = 64;

/// Parses an element type name (`f32`, `ui8`, ...).
pub fn dtype_from_name(name: &str) -> Option<DType> {
    DType::from_mlir_name(name)
}

/// Parses a tensor type at the cursor.
pub fn parse_tensor_type(lx: &mut Lexer) -> Result<TensorType, Diagnostic> {
    parse_tensor_type_ext(lx, false)
}

/// Parses a tensor type; `index_as_i64` accepts `index` elements (only in attributes such
/// as custom_call layouts, where they are plain integers).
pub fn parse_tensor_type_ext(lx: &mut Lexer, index_as_i64: bool) -> Result<TensorType, Diagnostic> {
    let t = lx.peek()?;
    match t.kind {
        Kind::Ident if t.text == "tensor" => {}
        Kind::Ident if t.text == "tuple" => {
            return Err(lx.error(t.pos, "unsupported: tuple type"));
        }
        Kind::Ident if t.text == "complex" => {
            return Err(lx.error(
                t.pos,
                "unsupported: scalar type 'complex' (expected a tensor type)",
            ));
        }
        Kind::Punct if t.text == "!" && lx.peek2()?.text == "stablehlo.token" => {
            // Tokens only order side effects, which program order does already: they are
            // empty tensors, as the bool[0] buffers JAX passes for them.
            lx.next_token()?;
            lx.next_token()?;
            return Ok(TensorType::new(DType::I1, [0]));
        }
        Kind::Punct if t.text == "!" => {
            let name = lx.peek2()?;
            let what = if name.text.starts_with("quant") {
                "quantized type"
            } else if name.text.contains("token") {
                "token type"
            } else {
                "dialect type"
            };
            return Err(lx.error(t.pos, format!("unsupported: {what} '!{}'", name.text)));
        }
        Kind::Ident if dtype_from_name(t.text).is_some() => {
            return Err(lx.error(
                t.pos,
                format!(
                    "unsupported: scalar type '{}' (expected a tensor type)",
                    t.text
                ),
            ));
        }
        _ => {
            return Err(lx.error(
                t.pos,
                format!("expected tensor type, found {}", t.describe()),
            ));
        }
    }
    lx.next_token()?;
    let open = lx.next_token()?;
    if !open.is_punct("<") {
        return Err(lx.error(open.pos, "expected '<' in tensor type"));
    }
    // Dimensions are scanned from raw text: `2x3xf32` is not a sequence of ordinary tokens.
    let mut shape = Vec::new();
    let bytes = lx.src.as_bytes();
    loop {
        lx.skip_trivia();
        let start = lx.pos;
        match bytes.get(start) {
            Some(b'?') => {
                if bytes.get(start + 1) != Some(&b'x') {
                    return Err(lx.error(start + 1, "expected 'x' in dimension list"));
                }
                shape.push(DYN);
                if shape.len() > MAX_RANK {
                    return Err(lx.error(start, format!("unsupported: rank above {MAX_RANK}")));
                }
                lx.pos = start + 2;
            }
            Some(b'*') => return Err(lx.error(start, "unsupported: unranked tensor")),
            Some(c) if c.is_ascii_digit() => {
                let mut end = start;
                while end < bytes.len() && bytes[end].is_ascii_digit() {
                    end += 1;
                }
                if bytes.get(end) != Some(&b'x') {
                    return Err(lx.error(end, "expected 'x' in dimension list"));
                }
                let dim: i64 = lx.src[start..end]
                    .parse()
                    .map_err(|_| lx.error(start, "dimension too large"))?;
                shape.push(dim);
                if shape.len() > MAX_RANK {
                    return Err(lx.error(start, format!("unsupported: rank above {MAX_RANK}")));
                }
                lx.pos = end + 1;
            }
            _ => break,
        }
    }
    let elem = lx.peek()?;
    let mut quant = None;
    let dtype = match elem.kind {
        Kind::Ident => match dtype_from_name(elem.text) {
            Some(d) => d,
            None if index_as_i64 && elem.text == "index" => DType::I64,
            None if elem.text == "complex" => {
                lx.next_token()?;
                let dtype = parse_complex_parts(lx)?;
                return finish(lx, dtype, None, shape, elem.pos);
            }
            None => {
                return Err(lx.error(
                    elem.pos,
                    format!("unsupported: element type '{}'", elem.text),
                ));
            }
        },
        Kind::Punct if elem.text == "!" && lx.peek2()?.is_ident("quant.uniform") => {
            let q = parse_quant_uniform(lx)?;
            let storage = q.storage;
            quant = Some(q);
            storage
        }
        Kind::Punct if elem.text == "!" => {
            return Err(lx.error(elem.pos, "unsupported: quantized or dialect element type"));
        }
        _ => {
            return Err(lx.error(
                elem.pos,
                format!("expected element type, found {}", elem.describe()),
            ));
        }
    };
    if quant.is_none() {
        lx.next_token()?;
    }
    finish(lx, dtype, quant, shape, elem.pos)
}

/// `<f32>` or `<f64>` after `complex`, as the complex dtype.
fn parse_complex_parts(lx: &mut Lexer) -> Result<DType, Diagnostic> {
    let open = lx.next_token()?;
    if !open.is_punct("<") {
        return Err(lx.error(open.pos, "expected '<' after 'complex'"));
    }
    let part = lx.next_token()?;
    let dtype = match part.text {
        "f32" => DType::C64,
        "f64" => DType::C128,
        _ => {
            return Err(lx.error(
                part.pos,
                format!(
                    "unsupported: complex<{}> (complex parts are f32 or f64)",
                    part.text
                ),
            ));
        }
    };
    let close = lx.next_token()?;
    if !close.is_punct(">") {
        return Err(lx.error(close.pos, "expected '>' to close complex type"));
    }
    Ok(dtype)
}

/// The rest of a tensor type after its element type: the element count check and `>`.
fn finish(
    lx: &mut Lexer,
    dtype: DType,
    quant: Option<Quantization>,
    shape: Vec<i64>,
    pos: usize,
) -> Result<TensorType, Diagnostic> {
    // The element count must fit comfortably in memory arithmetic.
    let mut n: i64 = 1;
    for &d in shape.iter().filter(|&&d| d != DYN) {
        n = n
            .checked_mul(d)
            .filter(|&n| n <= i64::MAX / 8)
            .ok_or_else(|| lx.error(pos, "tensor type has too many elements"))?;
    }
    let mut close = lx.next_token()?;
    if close.is_punct(",") {
        // `#stablehlo.bounds<8, ?>`: upper bounds of dynamic dimensions. Refinement makes
        // every dimension static, so the bounds are read past, not kept.
        lx.skip_trivia();
        let rest = &lx.src[lx.pos..];
        let Some(body) = rest.strip_prefix("#stablehlo.bounds<") else {
            return Err(lx.error(close.pos, "unsupported: tensor encoding"));
        };
        let Some(end) = body.find('>') else {
            return Err(lx.error(lx.pos, "expected '>' to close #stablehlo.bounds"));
        };
        lx.pos += "#stablehlo.bounds<".len() + end + 1;
        close = lx.next_token()?;
    }
    if !close.is_punct(">") {
        return Err(lx.error(close.pos, "expected '>' in tensor type"));
    }
    match quant {
        Some(q) => {
            q.check_for_shape(&shape)
                .map_err(|m| lx.error(pos, format!("invalid quantized type: {m}")))?;
            Ok(TensorType::quantized(shape, q))
        }
        None => Ok(TensorType::new(dtype, shape)),
    }
}

/// Parses `!quant.uniform<Storage[<min:max>]:Expressed[:axis], Params>` at the cursor, where
/// Params is `scale[:zero_point]` or `{scale[:zp], ...}` (per-axis), and checks the
/// parameters' constraints.
pub fn parse_quant_uniform(lx: &mut Lexer) -> Result<Quantization, Diagnostic> {
    let start = lx.next_token()?.pos; // `!`
    lx.next_token()?; // `quant.uniform`
    let expect = |lx: &mut Lexer, p: &str| -> Result<(), Diagnostic> {
        let t = lx.next_token()?;
        if t.is_punct(p) {
            Ok(())
        } else {
            Err(lx.error(
                t.pos,
                format!("expected '{p}' in quantized type, found {}", t.describe()),
            ))
        }
    };
    let int = |lx: &mut Lexer| -> Result<i64, Diagnostic> {
        let t = lx.next_token()?;
        let v = if t.kind == Kind::Int {
            t.text.parse::<i64>().ok()
        } else {
            None
        };
        v.ok_or_else(|| {
            lx.error(
                t.pos,
                format!(
                    "expected an integer in quantized type, found {}",
                    t.describe()
                ),
            )
        })
    };
    expect(lx, "<")?;
    let st = lx.next_token()?;
    let storage = (st.kind == Kind::Ident)
        .then(|| storage_from_name(st.text))
        .flatten()
        .ok_or_else(|| {
            lx.error(
                st.pos,
                format!(
                    "unsupported: quantized storage type {} (expected i2..i32 or u2..u32)",
                    st.describe()
                ),
            )
        })?;
    let mut q = Quantization::per_tensor(storage, DType::F32, 1.0, 0);
    if lx.peek()?.is_punct("<") {
        lx.next_token()?;
        q.storage_min = int(lx)?;
        expect(lx, ":")?;
        q.storage_max = int(lx)?;
        expect(lx, ">")?;
    }
    expect(lx, ":")?;
    let et = lx.next_token()?;
    q.expressed = (et.kind == Kind::Ident)
        .then(|| dtype_from_name(et.text))
        .flatten()
        .filter(|d| d.is_float())
        .ok_or_else(|| {
            lx.error(
                et.pos,
                format!("expected a float expressed type, found {}", et.describe()),
            )
        })?;
    if lx.peek()?.is_punct(":") {
        lx.next_token()?;
        let at = lx.peek()?.pos;
        let axis = int(lx)?;
        q.axis = Some(
            u32::try_from(axis)
                .map_err(|_| lx.error(at, format!("invalid quantization dimension {axis}")))?,
        );
    }
    expect(lx, ",")?;
    let braced = lx.peek()?.is_punct("{");
    if braced {
        lx.next_token()?;
    }
    q.scales.clear();
    q.zero_points.clear();
    loop {
        let t = lx.next_token()?;
        let scale = match t.kind {
            Kind::Float | Kind::Int => t.text.parse::<f64>().ok(),
            _ => None,
        }
        .ok_or_else(|| {
            lx.error(
                t.pos,
                format!("expected a scale in quantized type, found {}", t.describe()),
            )
        })?;
        let zp = if lx.peek()?.is_punct(":") {
            lx.next_token()?;
            int(lx)?
        } else {
            0
        };
        q.scales.push(scale);
        q.zero_points.push(zp);
        if !(braced && lx.peek()?.is_punct(",")) {
            break;
        }
        lx.next_token()?;
    }
    if braced {
        expect(lx, "}")?;
    }
    expect(lx, ">")?;
    if braced != q.axis.is_some() {
        return Err(lx.error(
            start,
            "invalid quantized type: per-axis parameters go in braces after a quantization dimension",
        ));
    }
    q.check()
        .map_err(|m| lx.error(start, format!("invalid quantized type: {m}")))?;
    Ok(q)
}

/// Parses `t` or `(t, ...)` (a parenthesized list, possibly empty).
pub fn parse_type_list_maybe_paren(lx: &mut Lexer) -> Result<Vec<TensorType>, Diagnostic> {
    if lx.peek()?.is_punct("(") {
        lx.next_token()?;
        let mut out = Vec::new();
        if lx.peek()?.is_punct(")") {
            lx.next_token()?;
            return Ok(out);
        }
        loop {
            out.push(parse_tensor_type(lx)?);
            let t = lx.next_token()?;
            if t.is_punct(")") {
                return Ok(out);
            }
            if !t.is_punct(",") {
                return Err(lx.error(t.pos, "expected ',' or ')' in type list"));
            }
        }
    }
    Ok(vec![parse_tensor_type(lx)?])
}

/// Parses a comma-separated list of types, without parentheses.
pub fn parse_type_list(lx: &mut Lexer) -> Result<Vec<TensorType>, Diagnostic> {
    let mut out = vec![parse_tensor_type(lx)?];
    while lx.peek()?.is_punct(",") {
        lx.next_token()?;
        out.push(parse_tensor_type(lx)?);
    }
    Ok(out)
}

/// The trailing type of an op: a plain type list (`t` or `t1, t2`), or a function type
/// `(a, b) -> c` / `(a) -> (b, c)`.
pub enum OpTypes {
    List(Vec<TensorType>),
    Function(Vec<TensorType>, Vec<TensorType>),
}

pub fn parse_op_types(lx: &mut Lexer) -> Result<OpTypes, Diagnostic> {
    if lx.peek()?.is_punct("(") {
        let inputs = parse_type_list_maybe_paren(lx)?;
        let arrow = lx.next_token()?;
        if arrow.kind != Kind::Arrow {
            return Err(lx.error(arrow.pos, "expected '->' in function type"));
        }
        let outputs = parse_type_list_maybe_paren(lx)?;
        return Ok(OpTypes::Function(inputs, outputs));
    }
    let list = parse_type_list(lx)?;
    // `t -> t` (CHLO prints unary function types without parentheses).
    if lx.peek()?.kind == Kind::Arrow {
        lx.next_token()?;
        let outputs = parse_type_list_maybe_paren(lx)?;
        return Ok(OpTypes::Function(list, outputs));
    }
    Ok(OpTypes::List(list))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ty(s: &str) -> Result<TensorType, Diagnostic> {
        parse_tensor_type(&mut Lexer::new(s))
    }

    #[test]
    fn parses_shapes_and_dtypes() {
        assert_eq!(
            ty("tensor<2x3xf32>").unwrap(),
            TensorType::new(DType::F32, [2, 3])
        );
        assert_eq!(ty("tensor<ui64>").unwrap(), TensorType::scalar(DType::U64));
        assert_eq!(
            ty("tensor<0xbf16>").unwrap(),
            TensorType::new(DType::BF16, [0])
        );
        for d in DType::ALL {
            let t = ty(&format!("tensor<4x{}>", d.mlir_name())).unwrap();
            assert_eq!(t.dtype, d);
        }
        assert_eq!(
            ty("tensor<complex<f64>>").unwrap(),
            TensorType::scalar(DType::C128)
        );
    }

    #[test]
    fn reads_dynamic_dimensions_and_bounds() {
        assert_eq!(
            ty("tensor<?x3xf32>").unwrap(),
            TensorType::new(DType::F32, [DYN, 3])
        );
        assert_eq!(
            ty("tensor<?x3xf32, #stablehlo.bounds<8, ?>>").unwrap(),
            TensorType::new(DType::F32, [DYN, 3])
        );
    }

    #[test]
    fn rejects_unsupported_types() {
        for (s, col) in [
            ("tensor<complex<bf16>>", 16),
            ("complex<f32>", 1),
            ("tuple<tensor<f32>>", 1),
            ("tensor<*xf32>", 8),
        ] {
            let e = ty(s).unwrap_err();
            assert!(e.message.starts_with("unsupported:"), "{s}: {}", e.message);
            assert_eq!(e.pos.to_string(), format!("1:{col}"), "{s}");
        }
        let e = ty("tensor<2x!quant.any<i8:f32>>").unwrap_err();
        assert!(e.message.starts_with("unsupported:"), "{}", e.message);
        let e = ty("tensor<99999999999x99999999999xf32>").unwrap_err();
        assert!(e.message.contains("too many"));
    }

    #[test]
    fn parses_quantized_types() {
        let t = ty("tensor<2x3x!quant.uniform<i8:f32, 0.0039172410964965817:-128>>").unwrap();
        assert_eq!(t.dtype, DType::I8);
        assert_eq!(t.shape, vec![2, 3]);
        let q = t.quant.as_deref().unwrap();
        assert_eq!(
            (q.scales[0], q.zero_points[0]),
            ("0.0039172410964965817".parse::<f64>().unwrap(), -128)
        );
        assert_eq!((q.storage_min, q.storage_max, q.axis), (-128, 127, None));
        let t = ty("tensor<!quant.uniform<i32:f32, 1.537725862903607E-5>>").unwrap();
        assert_eq!(t.quant.as_deref().unwrap().scales[0], 1.537725862903607e-5);
        let s = "tensor<4x2x!quant.uniform<i8<-127:127>:f32:1, {0.1:-3,0.2:4}>>";
        let t = ty(s).unwrap();
        let q = t.quant.as_deref().unwrap();
        assert_eq!(q.axis, Some(1));
        assert_eq!(q.zero_points, vec![-3, 4]);
        assert_eq!(q.storage_min, -127);
        assert_eq!(t.to_string(), s, "prints back as parsed");
        let t = ty("tensor<5x!quant.uniform<u4:bf16, 2.0:15>>").unwrap();
        assert_eq!(t.dtype, DType::U4);
        assert_eq!(t.quant.as_deref().unwrap().expressed, DType::BF16);
    }

    #[test]
    fn rejects_invalid_quantized_types() {
        for (s, what) in [
            (
                "tensor<2x!quant.uniform<i8:f32, 0.5:200>>",
                "outside the storage range",
            ),
            ("tensor<2x!quant.uniform<i8:f32, -1.0>>", "positive"),
            (
                "tensor<2x!quant.uniform<i8:f32:1, {0.5, 0.5}>>",
                "out of range for rank",
            ),
            (
                "tensor<2x3x!quant.uniform<i8:f32:1, {0.5, 0.5}>>",
                "has size 3",
            ),
            ("tensor<2x!quant.uniform<i8:f32, {0.5}>>", "braces"),
            (
                "tensor<2x!quant.uniform<i8:i32, 0.5>>",
                "float expressed type",
            ),
            ("tensor<2x!quant.uniform<i64:f64, 0.5>>", "unsupported"),
            (
                "tensor<2x!quant.uniform<i8<0:-1>:f32, 0.5>>",
                "storage range",
            ),
        ] {
            let e = ty(s).unwrap_err();
            assert!(e.message.contains(what), "{s}: {}", e.message);
        }
    }
}
