//! Tensor types: `tensor<2x3xf32>`, `tensor<f32>`. Anything pjrtc cannot represent
//! (dynamic or unranked shapes, complex, quantized, tuples, tokens, encodings) is rejected
//! with an "unsupported: ..." diagnostic at its position.

use super::lexer::{Kind, Lexer};
use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::{DType, TensorType};

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
            return Err(lx.error(t.pos, "unsupported: complex type"));
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
            Some(b'?') => return Err(lx.error(start, "unsupported: dynamic dimension '?'")),
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
    let dtype = match elem.kind {
        Kind::Ident => match dtype_from_name(elem.text) {
            Some(d) => d,
            None if index_as_i64 && elem.text == "index" => DType::I64,
            None if elem.text == "complex" => {
                return Err(lx.error(elem.pos, "unsupported: complex element type"));
            }
            None => {
                return Err(lx.error(
                    elem.pos,
                    format!("unsupported: element type '{}'", elem.text),
                ));
            }
        },
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
    lx.next_token()?;
    // The element count must fit comfortably in memory arithmetic.
    let mut n: i64 = 1;
    for &d in &shape {
        n = n
            .checked_mul(d)
            .filter(|&n| n <= i64::MAX / 8)
            .ok_or_else(|| lx.error(elem.pos, "tensor type has too many elements"))?;
    }
    let close = lx.next_token()?;
    if close.is_punct(",") {
        return Err(lx.error(close.pos, "unsupported: tensor encoding"));
    }
    if !close.is_punct(">") {
        return Err(lx.error(close.pos, "expected '>' in tensor type"));
    }
    Ok(TensorType::new(dtype, shape))
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
    }

    #[test]
    fn rejects_unsupported_types() {
        for (s, col) in [
            ("tensor<?x3xf32>", 8),
            ("tensor<complex<f32>>", 8),
            ("tuple<tensor<f32>>", 1),
            ("!stablehlo.token", 1),
            ("tensor<2x!quant.uniform<i8:f32, 1.0>>", 10),
            ("tensor<*xf32>", 8),
        ] {
            let e = ty(s).unwrap_err();
            assert!(e.message.starts_with("unsupported:"), "{s}: {}", e.message);
            assert_eq!(e.pos.to_string(), format!("1:{col}"), "{s}");
        }
        let e = ty("tensor<99999999999x99999999999xf32>").unwrap_err();
        assert!(e.message.contains("too many"));
    }
}
