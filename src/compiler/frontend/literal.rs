//! `dense<...>` literals: nested lists, splats, booleans, integers (range-checked), decimal
//! and hex floats, complex `(re, im)` pairs of those, and hex blobs of raw little-endian
//! element bytes.
//!
//! The element type follows the literal (`dense<[1, 2]> : tensor<2xi8>`), so element lists
//! are skipped first and read again once the type is known: elements are encoded straight
//! into the literal's bytes, with no intermediate tree.

use super::attrs::parse_int_text;
use super::lexer::{Kind, Lexer, Token, unescape};
use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::{DType, Literal, TensorType};

/// Largest constant a splat may expand to; bigger splats are rejected rather than allocated.
const MAX_SPLAT_BYTES: u64 = 1 << 28;

/// One element as written (`-1.5`, `0x7FC00000`, `true`, `-inf`) and its position.
struct Leaf<'a> {
    text: &'a str,
    hex: bool,
    pos: usize,
}

/// The contents of `dense<...>`, before the tensor type is known.
#[derive(Debug)]
pub enum DenseBody {
    Empty,
    /// Hex blob bytes and the blob's position.
    Blob(Vec<u8>, usize),
    /// A list or a single element, starting at this offset.
    Elements(usize),
}

/// Parses after `dense<` (whose `<` is at `open`) up to and including the closing `>`.
pub fn parse_dense_body(lx: &mut Lexer, open: usize) -> Result<DenseBody, Diagnostic> {
    if let Some(body) = hex_blob_fast(lx)? {
        return Ok(body);
    }
    let t = lx.peek()?;
    if t.kind == Kind::Str {
        lx.next_token()?;
        let raw = unescape(t.text);
        let Some(hex) = raw.strip_prefix(b"0x") else {
            return Err(lx.error(t.pos, "expected hex blob \"0x...\" in dense literal"));
        };
        let bytes = super::parser::decode_hex(hex)
            .ok_or_else(|| lx.error(t.pos, "invalid hex digit in blob"))?;
        let close = lx.next_token()?;
        if !close.is_punct(">") {
            return Err(lx.error(close.pos, "expected '>' to close dense literal"));
        }
        return Ok(DenseBody::Blob(bytes, t.pos));
    }
    if t.is_punct(">") {
        lx.next_token()?;
        return Ok(DenseBody::Empty);
    }
    lx.pos = open;
    lx.skip_balanced()?;
    Ok(DenseBody::Elements(t.pos))
}

/// A hex blob `"0x..."` without escapes, decoded straight from the source: the blob's
/// digits are read by the decoder only (after a `memchr` for the closing quote), not by
/// the lexer first. `None` (nothing consumed) when the body is anything else, including
/// blobs with escapes or bad digits, which the general path handles and reports.
fn hex_blob_fast(lx: &mut Lexer) -> Result<Option<DenseBody>, Diagnostic> {
    lx.skip_trivia();
    let start = lx.pos;
    let b = lx.src.as_bytes();
    let Some(rest) = b.get(start..).and_then(|r| r.strip_prefix(b"\"0x")) else {
        return Ok(None);
    };
    let Some(len) = memchr::memchr(b'"', rest) else {
        return Ok(None);
    };
    let Some(bytes) = super::parser::decode_hex(&rest[..len]) else {
        return Ok(None);
    };
    lx.no_newlines(start + 3..start + 3 + len);
    lx.pos = start + 3 + len + 1;
    let close = lx.next_token()?;
    if !close.is_punct(">") {
        return Err(lx.error(close.pos, "expected '>' to close dense literal"));
    }
    Ok(Some(DenseBody::Blob(bytes, start)))
}

impl DenseBody {
    /// Builds the literal for type `ty`; `pos` locates errors about the literal as a whole.
    pub fn into_literal(
        self,
        lx: &mut Lexer,
        pos: usize,
        ty: TensorType,
    ) -> Result<Literal, Diagnostic> {
        let n = ty.num_elements() as u64;
        let w = ty.dtype.size();
        match self {
            DenseBody::Empty => {
                if n != 0 {
                    return Err(lx.error(pos, format!("empty dense literal for {ty}")));
                }
                Ok(Literal {
                    ty,
                    bytes: Vec::new().into(),
                })
            }
            DenseBody::Blob(mut bytes, bpos) => {
                if ty.dtype == DType::I1 {
                    for b in &mut bytes {
                        *b = (*b != 0) as u8;
                    }
                } else if ty.dtype.is_sub_byte_int() || ty.dtype.bits() < 8 {
                    // One byte per element; keep only the value bits (the canonical form).
                    for b in &mut bytes {
                        *b &= ((1u16 << ty.dtype.bits()) - 1) as u8;
                    }
                }
                if bytes.len() as u64 == n * w as u64 {
                    Ok(Literal::new(ty, bytes))
                } else if bytes.len() == w {
                    splat(lx, pos, ty, &bytes)
                } else {
                    Err(lx.error(
                        bpos,
                        format!(
                            "hex blob has {} bytes but {ty} needs {}",
                            bytes.len(),
                            n * w as u64
                        ),
                    ))
                }
            }
            DenseBody::Elements(start) => {
                let end = lx.pos;
                lx.pos = start;
                let lit = if lx.peek()?.is_punct("[") {
                    let mut bytes = Vec::with_capacity((n * w as u64).min(1 << 20) as usize);
                    read_list(lx, &ty, 0, &mut bytes)?;
                    Literal::new(ty, bytes)
                } else {
                    let mut e = Vec::with_capacity(w);
                    read_element(lx, ty.dtype, &mut e)?;
                    splat(lx, pos, ty, &e)?
                };
                let close = lx.next_token()?;
                if !close.is_punct(">") {
                    return Err(lx.error(close.pos, "expected '>' to close dense literal"));
                }
                lx.pos = end;
                Ok(lit)
            }
        }
    }
}

/// Reads a `[...]` list at nesting level `dim`, appending its elements' bytes.
fn read_list(
    lx: &mut Lexer,
    ty: &TensorType,
    dim: usize,
    out: &mut Vec<u8>,
) -> Result<(), Diagnostic> {
    let open = lx.next_token()?;
    let mismatch =
        |lx: &Lexer| lx.error(open.pos, format!("dense literal shape does not match {ty}"));
    if dim >= ty.rank() {
        return Err(mismatch(lx));
    }
    let mut count = 0;
    if lx.peek()?.is_punct("]") {
        lx.next_token()?;
    } else {
        loop {
            count += 1;
            if count > ty.shape[dim] {
                return Err(mismatch(lx));
            }
            if dim + 1 < ty.rank() {
                let t = lx.peek()?;
                if !t.is_punct("[") {
                    return Err(
                        lx.error(t.pos, format!("dense literal nesting does not match {ty}"))
                    );
                }
                read_list(lx, ty, dim + 1, out)?;
            } else {
                if lx.peek()?.is_punct("[") {
                    return Err(mismatch(lx));
                }
                read_element(lx, ty.dtype, out)?;
            }
            let sep = lx.next_token()?;
            if sep.is_punct("]") {
                break;
            }
            if !sep.is_punct(",") {
                return Err(lx.error(sep.pos, "expected ',' or ']' in dense literal"));
            }
        }
    }
    if count != ty.shape[dim] {
        return Err(mismatch(lx));
    }
    Ok(())
}

/// Reads one element of `dtype` and appends its bytes: a leaf, or for complex types a
/// `(re, im)` pair of leaves of the part type.
fn read_element(lx: &mut Lexer, dtype: DType, out: &mut Vec<u8>) -> Result<(), Diagnostic> {
    let Some(part) = dtype.complex_part() else {
        let leaf = read_leaf(lx)?;
        return encode(lx, dtype, &leaf, out);
    };
    let open = lx.next_token()?;
    if !open.is_punct("(") {
        return Err(lx.error(
            open.pos,
            format!(
                "expected '(' to start a {dtype} value (real, imaginary), found {}",
                open.describe()
            ),
        ));
    }
    let re = read_leaf(lx)?;
    encode(lx, part, &re, out)?;
    let comma = lx.next_token()?;
    if !comma.is_punct(",") {
        return Err(lx.error(comma.pos, "expected ',' between real and imaginary parts"));
    }
    let im = read_leaf(lx)?;
    encode(lx, part, &im, out)?;
    let close = lx.next_token()?;
    if !close.is_punct(")") {
        return Err(lx.error(close.pos, "expected ')' to close a complex value"));
    }
    Ok(())
}

fn read_leaf<'a>(lx: &mut Lexer<'a>) -> Result<Leaf<'a>, Diagnostic> {
    let t: Token<'a> = lx.next_token()?;
    match t.kind {
        Kind::Int | Kind::Float => Ok(Leaf {
            text: t.text,
            hex: t.text.trim_start_matches('-').starts_with("0x"),
            pos: t.pos,
        }),
        Kind::Ident if matches!(t.text, "true" | "false" | "inf" | "nan") => Ok(Leaf {
            text: t.text,
            hex: false,
            pos: t.pos,
        }),
        Kind::Punct if t.text == "-" && lx.peek()?.is_ident("inf") => {
            lx.next_token()?;
            Ok(Leaf {
                text: "-inf",
                hex: false,
                pos: t.pos,
            })
        }
        Kind::Punct if t.text == "(" => Err(lx.error(
            t.pos,
            "complex value (real, imaginary) for an element type that is not complex",
        )),
        _ => Err(lx.error(
            t.pos,
            format!("expected element literal, found {}", t.describe()),
        )),
    }
}

fn splat(lx: &Lexer, pos: usize, ty: TensorType, element: &[u8]) -> Result<Literal, Diagnostic> {
    if ty.byte_size() > MAX_SPLAT_BYTES {
        return Err(lx.error(
            pos,
            format!("unsupported: splat constant of {} bytes", ty.byte_size()),
        ));
    }
    Ok(Literal::splat(ty, element))
}

/// Appends the little-endian bytes of one element to `out`.
fn encode(lx: &Lexer, dtype: DType, leaf: &Leaf, out: &mut Vec<u8>) -> Result<(), Diagnostic> {
    let w = dtype.size();
    let text = leaf.text;
    let bad = |what: &str| {
        lx.error(
            leaf.pos,
            format!("{what} '{text}' for element type {dtype}"),
        )
    };
    if dtype.is_float() {
        if leaf.hex {
            // Hex floats are the raw bit pattern.
            let bits = parse_int_text(text)
                .filter(|&v| v >= 0 && (w == 16 || v >> (8 * w) == 0) && v >> dtype.bits() == 0);
            let bits = bits.ok_or_else(|| bad("hex float out of range"))? as u64;
            out.extend_from_slice(&bits.to_le_bytes()[..w]);
            return Ok(());
        }
        if matches!(text, "true" | "false") {
            return Err(bad("invalid float literal"));
        }
        // str::parse rounds correctly (Eisel-Lemire, then exact big-decimal fallback).
        match dtype {
            DType::F32 => {
                let v: f32 = text.parse().map_err(|_| bad("invalid float literal"))?;
                out.extend_from_slice(&v.to_le_bytes());
            }
            _ => {
                let v: f64 = text.parse().map_err(|_| bad("invalid float literal"))?;
                match dtype {
                    DType::F64 => out.extend_from_slice(&v.to_le_bytes()),
                    DType::F16 => out.extend_from_slice(&half::f16::from_f64(v).to_le_bytes()),
                    // Rounded once, from the f64 of the text.
                    d if let Some(f) = d.minifloat() => out.push(f.encode(v) as u8),
                    _ => out.extend_from_slice(&half::bf16::from_f64(v).to_le_bytes()),
                }
            }
        }
        return Ok(());
    }
    let v: i128 = match text {
        "true" => 1,
        "false" => 0,
        _ if text.contains(['.', 'e', 'E', 'i', 'n']) && !leaf.hex => {
            return Err(bad("expected integer literal, found"));
        }
        _ => parse_int_text(text).ok_or_else(|| bad("integer literal out of range"))?,
    };
    let bits = dtype.bits();
    let (lo, hi): (i128, i128) = if dtype == DType::I1 {
        (0, 1)
    } else if dtype.is_signed_int() && !leaf.hex {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    } else {
        (0, (1i128 << bits) - 1)
    };
    if v < lo || v > hi {
        return Err(bad("integer literal out of range"));
    }
    out.extend_from_slice(&dtype.wrap_int(v).to_le_bytes()[..w]);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::attrs::parse_dense;
    use super::*;

    fn lit(s: &str) -> Result<Literal, Diagnostic> {
        let mut lx = Lexer::new(s);
        let t = lx.next_token().unwrap();
        assert!(t.is_ident("dense"));
        parse_dense(&mut lx)
    }

    fn bytes(s: &str) -> Vec<u8> {
        lit(s).unwrap_or_else(|e| panic!("{s}: {e}")).bytes.to_vec()
    }

    #[test]
    fn integers_of_every_width() {
        assert_eq!(bytes("dense<[-128, 127]> : tensor<2xi8>"), vec![0x80, 0x7f]);
        assert_eq!(bytes("dense<255> : tensor<ui8>"), vec![255]);
        assert_eq!(bytes("dense<-2> : tensor<i16>"), vec![0xfe, 0xff]);
        assert_eq!(bytes("dense<65535> : tensor<ui16>"), vec![0xff, 0xff]);
        assert_eq!(
            bytes("dense<-2147483648> : tensor<i32>"),
            vec![0, 0, 0, 0x80]
        );
        assert_eq!(bytes("dense<4294967295> : tensor<ui32>"), vec![0xff; 4]);
        assert_eq!(bytes("dense<-9223372036854775808> : tensor<i64>"), {
            let mut v = vec![0; 7];
            v.push(0x80);
            v
        });
        assert_eq!(
            bytes("dense<18446744073709551615> : tensor<ui64>"),
            vec![0xff; 8]
        );
        assert_eq!(
            bytes("dense<[true, false, 1]> : tensor<3xi1>"),
            vec![1, 0, 1]
        );
        assert_eq!(bytes("dense<0xFF> : tensor<i8>"), vec![0xff]);
    }

    #[test]
    fn sub_byte_integers_are_one_byte_of_value_bits() {
        assert_eq!(bytes("dense<[-8, -1, 7]> : tensor<3xi4>"), vec![8, 0xf, 7]);
        assert_eq!(bytes("dense<[-2, 1]> : tensor<2xi2>"), vec![2, 1]);
        assert_eq!(bytes("dense<[0, 15]> : tensor<2xui4>"), vec![0, 15]);
        assert_eq!(bytes("dense<3> : tensor<2xui2>"), vec![3, 3]);
        assert_eq!(bytes("dense<0xF> : tensor<i4>"), vec![0xf]);
        assert_eq!(bytes("dense<\"0xFF01\"> : tensor<2xi4>"), vec![0xf, 1]);
        assert!(lit("dense<8> : tensor<i4>").is_err());
        assert!(lit("dense<-3> : tensor<i2>").is_err());
        assert!(lit("dense<4> : tensor<ui2>").is_err());
    }

    #[test]
    fn minifloats_round_once_and_take_hex_codes() {
        assert_eq!(
            bytes("dense<[0.0, -0.0, 1.0, 0.1, 3.1415, 0x07, 0x0F]> : tensor<7xf4E2M1FN>"),
            vec![0, 8, 2, 0, 5, 7, 15]
        );
        assert_eq!(bytes("dense<448.0> : tensor<f8E4M3FN>"), vec![0x7e]);
        assert_eq!(bytes("dense<1.0e9> : tensor<f8E4M3FN>"), vec![0x7f]); // NaN
        assert_eq!(bytes("dense<1.0e9> : tensor<f8E5M2>"), vec![0x7c]); // inf
        assert_eq!(bytes("dense<-0.0> : tensor<f8E4M3FNUZ>"), vec![0]);
        assert_eq!(bytes("dense<0.1> : tensor<f8E8M0FNU>"), vec![124]); // 0.125
        assert!(lit("dense<0x10> : tensor<f4E2M1FN>").is_err());
        assert!(lit("dense<0x40> : tensor<f6E3M2FN>").is_err());
    }

    #[test]
    fn integer_range_errors() {
        for (s, col) in [
            ("dense<128> : tensor<i8>", 7),
            ("dense<[1, -1]> : tensor<2xui8>", 11),
            ("dense<2> : tensor<i1>", 7),
            ("dense<1.5> : tensor<i32>", 7),
            ("dense<65536> : tensor<ui16>", 7),
        ] {
            let e = lit(s).unwrap_err();
            assert_eq!(e.pos.to_string(), format!("1:{col}"), "{s}: {}", e.message);
        }
    }

    #[test]
    fn floats_of_every_width() {
        assert_eq!(bytes("dense<1.0> : tensor<f32>"), 1.0f32.to_le_bytes());
        assert_eq!(bytes("dense<0.1> : tensor<f64>"), 0.1f64.to_le_bytes());
        // Parsed directly as f32: correctly rounded from the decimal.
        assert_eq!(
            bytes("dense<0.953698933> : tensor<f32>"),
            "0.953698933".parse::<f32>().unwrap().to_le_bytes()
        );
        assert_eq!(
            bytes("dense<5.087890e-01> : tensor<f16>"),
            half::f16::from_f64(0.508789).to_le_bytes()
        );
        assert_eq!(
            bytes("dense<3.281250e+00> : tensor<bf16>"),
            half::bf16::from_f32(3.28125).to_le_bytes()
        );
        assert_eq!(
            bytes("dense<0x7FC00000> : tensor<f32>"),
            f32::NAN.to_le_bytes()
        );
        assert_eq!(
            bytes("dense<0xFC00> : tensor<f16>"),
            half::f16::NEG_INFINITY.to_le_bytes()
        );
        assert_eq!(
            bytes("dense<0x7FF0000000000000> : tensor<f64>"),
            f64::INFINITY.to_le_bytes()
        );
        assert_eq!(
            bytes("dense<[inf, -inf]> : tensor<2xf32>")[4..],
            f32::NEG_INFINITY.to_le_bytes()
        );
        assert_eq!(
            bytes("dense<-0.000000e+00> : tensor<f32>"),
            (-0.0f32).to_le_bytes()
        );
        assert!(lit("dense<0x7FC000000> : tensor<f32>").is_err());
    }

    #[test]
    fn tricky_decimals_round_correctly() {
        // (text, f32 bits, f64 bits): subnormals, halfway cases (ties to even), more
        // digits than any float holds, exponent forms, and the extremes.
        let cases: [(&str, u32, u64); 14] = [
            ("1.401298464324817e-45", 0x0000_0001, 0x36a0_0000_0000_0000),
            ("7.006492321624085e-46", 0x0000_0000, 0x3690_0000_0000_0000), // f32 tie -> 0
            ("7.006492321624086e-46", 0x0000_0001, 0x3690_0000_0000_0000),
            ("1.1754942e-38", 0x007f_ffff, 0x380f_ffff_bb1d_d6a1),
            ("16777217.0", 0x4b80_0000, 0x4170_0000_1000_0000), // f32 tie -> even
            ("16777219", 0x4b80_0002, 0x4170_0000_3000_0000),   // f32 tie -> even (up)
            ("9007199254740993", 0x5a00_0000, 0x4340_0000_0000_0000), // f64 tie -> even
            (
                "0.1000000000000000055511151231257827021181583404541015625",
                0x3dcc_cccd,
                0x3fb9_9999_9999_999a,
            ),
            ("3.4028235677973366e38", 0x7f7f_ffff, 0x47ef_ffff_f000_0000),
            ("3.4028235677973367e38", 0x7f80_0000, 0x47ef_ffff_f000_0000), // f32 overflow
            ("1.7976931348623157e308", 0x7f80_0000, 0x7fef_ffff_ffff_ffff),
            (
                "4.9406564584124654E-324",
                0x0000_0000,
                0x0000_0000_0000_0001,
            ),
            ("-2.5e-1", 0xbe80_0000, 0xbfd0_0000_0000_0000),
            ("1e400", 0x7f80_0000, 0x7ff0_0000_0000_0000),
        ];
        for (text, b32, b64) in cases {
            let f = bytes(&format!("dense<{text}> : tensor<f32>"));
            assert_eq!(f, b32.to_le_bytes(), "{text} as f32");
            let d = bytes(&format!("dense<[{text}, {text}]> : tensor<2xf64>"));
            assert_eq!(d[8..], b64.to_le_bytes(), "{text} as f64");
        }
        // Hex forms are bit patterns: infinities and NaNs with payloads.
        assert_eq!(
            bytes("dense<[0x7F800000, 0xFF800000, 0x7FC00001]> : tensor<3xf32>"),
            [0x7f80_0000u32, 0xff80_0000, 0x7fc0_0001]
                .iter()
                .flat_map(|b| b.to_le_bytes())
                .collect::<Vec<_>>()
        );
        assert_eq!(
            bytes("dense<0x7FF8000000000001> : tensor<f64>"),
            0x7ff8_0000_0000_0001u64.to_le_bytes()
        );
        assert_eq!(
            bytes("dense<[nan, -inf]> : tensor<2xf64>")[8..],
            f64::NEG_INFINITY.to_le_bytes()
        );
        assert!(
            f64::from_le_bytes(bytes("dense<nan> : tensor<f64>")[..].try_into().unwrap()).is_nan()
        );
        assert!(lit("dense<1.0.0> : tensor<f32>").is_err());
    }

    #[test]
    fn complex_values_are_pairs_of_their_part_type() {
        let pair = |re: f32, im: f32| [re.to_le_bytes(), im.to_le_bytes()].concat();
        assert_eq!(
            bytes("dense<(1.5, -2.0)> : tensor<complex<f32>>"),
            pair(1.5, -2.0)
        );
        assert_eq!(
            bytes("dense<[(1.0,2.0), (-0.0, inf)]> : tensor<2xcomplex<f32>>"),
            [pair(1.0, 2.0), pair(-0.0, f32::INFINITY)].concat()
        );
        // A splat, and hex parts as bit patterns of the part type.
        assert_eq!(
            bytes("dense<(0x7FC00000, -1)> : tensor<2xcomplex<f32>>"),
            [pair(f32::NAN, -1.0), pair(f32::NAN, -1.0)].concat()
        );
        assert_eq!(
            bytes("dense<(0x0123456789ABCDEF, 0.1)> : tensor<complex<f64>>"),
            [0x0123_4567_89ab_cdefu64.to_le_bytes(), 0.1f64.to_le_bytes()].concat()
        );
        assert_eq!(
            bytes("dense<[[(1.0, 2.0)], [(3.0, 4.0)]]> : tensor<2x1xcomplex<f64>>").len(),
            32
        );
        // Blobs are raw (re, im) pairs.
        assert_eq!(
            bytes("dense<\"0x0000803F00000040\"> : tensor<2xcomplex<f32>>"),
            [pair(1.0, 2.0), pair(1.0, 2.0)].concat()
        );
        for (s, col) in [
            ("dense<1.0> : tensor<complex<f32>>", 7),
            ("dense<(1.0 2.0)> : tensor<complex<f32>>", 12),
            ("dense<(1.0, 2.0> : tensor<complex<f32>>", 16),
            ("dense<(1.0, 2.0)> : tensor<f32>", 7),
            ("dense<(1.0, 1e99)> : tensor<complex<f32>>", 0),
        ] {
            match lit(s) {
                Err(e) if col > 0 => assert_eq!(e.pos.to_string(), format!("1:{col}"), "{s}"),
                Err(e) => panic!("{s}: {}", e.message),
                Ok(l) if col == 0 => {
                    assert_eq!(l.bytes[4..], f32::INFINITY.to_le_bytes(), "{s}")
                }
                Ok(_) => panic!("{s} parsed"),
            }
        }
    }

    #[test]
    fn hex_blobs_decode_and_reject_bad_digits() {
        assert_eq!(
            bytes("dense<\"0x00ff7Fa0\"> : tensor<4xui8>"),
            vec![0, 0xff, 0x7f, 0xa0]
        );
        for bad in ["0x0g", "0x0", "0x 0", "0xG0"] {
            assert!(
                lit(&format!("dense<\"{bad}\"> : tensor<1xui8>")).is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn shapes_splats_and_blobs() {
        let l = lit("dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>").unwrap();
        assert_eq!(l.element_i64(5), 6);
        let l = lit("dense<7> : tensor<2x2xi16>").unwrap();
        assert_eq!(l.bytes, vec![7, 0, 7, 0, 7, 0, 7, 0]);
        let l = lit("dense<\"0x0000803F00000040\"> : tensor<2xf32>").unwrap();
        assert_eq!(l.element_f64(1), 2.0);
        let l = lit("dense<\"0x0000803F\"> : tensor<3xf32>").unwrap();
        assert_eq!(l.element_f64(2), 1.0);
        let l = lit("dense<\"0x000102\"> : tensor<3xi1>").unwrap();
        assert_eq!(l.bytes, vec![0, 1, 1]);
        assert_eq!(
            lit("dense<> : tensor<0xf32>").unwrap().bytes,
            Vec::<u8>::new()
        );
        assert_eq!(
            lit("dense<[]> : tensor<0xf32>").unwrap().bytes,
            Vec::<u8>::new()
        );
        let e = lit("dense<[[1, 2], [3]]> : tensor<2x2xi32>").unwrap_err();
        assert_eq!(e.pos.to_string(), "1:16");
        let e = lit("dense<\"0x00\"> : tensor<2xf32>").unwrap_err();
        assert_eq!(e.pos.to_string(), "1:7");
        let e = lit("dense<1.0> : tensor<100000x100000x100000xf32>").unwrap_err();
        assert!(e.message.starts_with("unsupported:"));
    }
}
