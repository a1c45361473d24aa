//! The builtin dialect's bytecode encodings (attributes, locations and types), the
//! dense-elements data rules shared with VHLO, and a small parser for the assembly-format
//! text that stands in for attributes/types without a custom encoding.

use super::container::{Attr, Bytecode, Ty};
use super::reader::{Reader, Result};
use crate::compiler::ir::DType;
use std::rc::Rc;

/// Longest location text kept; deeper fused/callsite trees are cut here.
const MAX_LOC_TEXT: usize = 2048;

pub fn read_attr(bc: &Bytecode<'_>, r: &mut Reader<'_>) -> Result<Attr> {
    let at = r.offset();
    let code = r.varint()?;
    Ok(match code {
        0 => Attr::Array(attr_list(bc, r)?),
        1 => {
            let n = r.count(2)?;
            let mut d = Vec::with_capacity(n);
            for _ in 0..n {
                let k = bc.attr(r)?;
                let v = bc.attr(r)?;
                d.push((attr_key(&k), v));
            }
            Attr::Dict(d)
        }
        2 => Attr::Str(bc.string(r)?),
        3 => {
            let s = bc.string(r)?;
            bc.ty(r)?;
            Attr::Str(s)
        }
        4 => Attr::SymRef(attr_key(&*bc.attr(r)?)),
        5 => {
            let mut s = attr_key(&*bc.attr(r)?);
            for n in attr_list(bc, r)? {
                if let Attr::SymRef(x) = &*n {
                    s.push_str("::@");
                    s.push_str(x);
                }
            }
            Attr::SymRef(s)
        }
        6 => Attr::Type(bc.ty(r)?),
        7 => Attr::Unit,
        8 => {
            let ty = bc.ty(r)?;
            let value = read_int(r, &ty)?;
            Attr::Int { ty, value }
        }
        9 => {
            let ty = bc.ty(r)?;
            let value = read_float(r, &ty)?;
            Attr::Float { ty, value }
        }
        10 => {
            let callee = loc_text(&*bc.attr(r)?);
            let caller = loc_text(&*bc.attr(r)?);
            Attr::Loc(cap(format!("callsite({callee} at {caller})")))
        }
        11 => {
            let file = attr_key(&*bc.attr(r)?);
            let line = r.varint()?;
            let col = r.varint()?;
            Attr::Loc(cap(format!("{}:{line}:{col}", quote(&file))))
        }
        12 | 13 => {
            let locs = attr_list(bc, r)?;
            let meta = if code == 13 {
                format!("<{}>", attr_text(&*bc.attr(r)?))
            } else {
                String::new()
            };
            let parts: Vec<String> = locs.iter().map(|l| loc_text(l)).collect();
            Attr::Loc(cap(format!("fused{meta}[{}]", parts.join(", "))))
        }
        14 => {
            let name = attr_key(&*bc.attr(r)?);
            let child = loc_text(&*bc.attr(r)?);
            if child == "unknown" {
                Attr::Loc(quote(&name))
            } else {
                Attr::Loc(cap(format!("{}({child})", quote(&name))))
            }
        }
        15 => Attr::Loc("unknown".into()),
        16 => {
            let ty = bc.ty(r)?;
            let (key, blob) = bc.resource(r)?;
            match blob {
                Some(b) => Attr::Elements {
                    data: normalize_elements(&ty, b).map_err(|m| r.err(m))?.into(),
                    ty,
                },
                None => Attr::Other(format!("dense_resource<{key}>")),
            }
        }
        17 => {
            let elem = bc.ty(r)?;
            let len = r.varint()?;
            let n = r.varint()?;
            let data = r.bytes(n)?.to_vec();
            Attr::DenseArray { elem, len, data }
        }
        18 => {
            let ty = bc.ty(r)?;
            let n = r.varint()?;
            let blob = r.bytes(n)?;
            let data = normalize_elements(&ty, blob).map_err(|m| r.err(m))?;
            Attr::Elements {
                ty,
                data: data.into(),
            }
        }
        19 => {
            let ty = bc.ty(r)?;
            let splat = r.varint()?;
            let count = if splat != 0 {
                1
            } else {
                num_elements(&ty).ok_or_else(|| r.err("bad dense string type"))?
            };
            if count > r.remaining() as u64 {
                return Err(r.err("dense string count exceeds the remaining data"));
            }
            for _ in 0..count {
                bc.string(r)?;
            }
            Attr::Other("dense<strings>".into())
        }
        20 => {
            bc.ty(r)?;
            bc.attr(r)?;
            bc.attr(r)?;
            Attr::Other("sparse<...>".into())
        }
        21 => return bc.attr(r).map(|a| (*a).clone()),
        22 => {
            let file = attr_key(&*bc.attr(r)?);
            let n = r.count(1)?;
            let mut v = Vec::with_capacity(n);
            for _ in 0..n {
                v.push(r.varint()?);
            }
            let f = quote(&file);
            Attr::Loc(match v.as_slice() {
                [] => f,
                [l] => format!("{f}:{l}"),
                [l, c] => format!("{f}:{l}:{c}"),
                [l, c, ec] => format!("{f}:{l}:{c} to :{ec}"),
                [l, c, ec, el, ..] => format!("{f}:{l}:{c} to {el}:{ec}"),
            })
        }
        _ => {
            return Err(super::reader::BcError {
                offset: at,
                msg: format!("unsupported: builtin attribute code {code}"),
            });
        }
    })
}

pub fn read_type(bc: &Bytecode<'_>, r: &mut Reader<'_>) -> Result<Ty> {
    let at = r.offset();
    let code = r.varint()?;
    Ok(match code {
        0 => {
            let v = r.varint()?;
            Ty::Int {
                width: v >> 2,
                signedness: (v & 3) as u8,
            }
        }
        1 => Ty::Index,
        2 => {
            let inputs = type_list(bc, r)?;
            let results = type_list(bc, r)?;
            Ty::Func { inputs, results }
        }
        3 => Ty::BF16,
        4 => Ty::F16,
        5 => Ty::F32,
        6 => Ty::F64,
        7 => Ty::Other("f80".into()),
        8 => Ty::Other("f128".into()),
        9 => Ty::Complex(bc.ty(r)?),
        12 => Ty::Other("none".into()),
        13 | 14 => {
            if code == 14 {
                bc.attr(r)?;
            }
            let shape = svarints(r)?;
            let elem = bc.ty(r)?;
            Ty::Tensor {
                shape,
                elem,
                encoded: code == 14,
            }
        }
        15 => {
            type_list(bc, r)?;
            Ty::Other("tuple".into())
        }
        18 => {
            bc.ty(r)?;
            Ty::Other("unranked tensor".into())
        }
        _ => {
            return Err(super::reader::BcError {
                offset: at,
                msg: format!("unsupported: builtin type code {code}"),
            });
        }
    })
}

pub fn attr_list(bc: &Bytecode<'_>, r: &mut Reader<'_>) -> Result<Vec<Rc<Attr>>> {
    let n = r.count(1)?;
    let mut v = Vec::with_capacity(n);
    for _ in 0..n {
        v.push(bc.attr(r)?);
    }
    Ok(v)
}

pub fn type_list(bc: &Bytecode<'_>, r: &mut Reader<'_>) -> Result<Vec<Rc<Ty>>> {
    let n = r.count(1)?;
    let mut v = Vec::with_capacity(n);
    for _ in 0..n {
        v.push(bc.ty(r)?);
    }
    Ok(v)
}

pub fn svarints(r: &mut Reader<'_>) -> Result<Vec<i64>> {
    let n = r.count(1)?;
    let mut v = Vec::with_capacity(n);
    for _ in 0..n {
        v.push(r.svarint()?);
    }
    Ok(v)
}

/// Bit width of an integer-like element type (index is 64-bit).
pub fn int_width(ty: &Ty) -> Option<u64> {
    match ty {
        Ty::Int { width, .. } => Some(*width),
        Ty::Index => Some(64),
        _ => None,
    }
}

/// An APInt of the type's width: one byte up to 8 bits, a zigzag varint up to 64 bits,
/// else a list of zigzag 64-bit words (kept only when it fits in i64).
pub fn read_int(r: &mut Reader<'_>, ty: &Ty) -> Result<i64> {
    let width = int_width(ty).ok_or_else(|| r.err("integer attribute of a non-integer type"))?;
    let raw = read_apint(r, width)?;
    // i1 holds 0/1 (`true` is 1, not -1).
    let unsigned = matches!(ty, Ty::Int { signedness: 2, .. } | Ty::Int { width: 1, .. });
    Ok(extend(raw, width, !unsigned))
}

fn read_apint(r: &mut Reader<'_>, width: u64) -> Result<u64> {
    if width <= 8 {
        return Ok(r.byte()? as u64);
    }
    if width <= 64 {
        return Ok(r.svarint()? as u64);
    }
    let n = r.count(1)?;
    let mut first = 0;
    for i in 0..n {
        let w = r.svarint()? as u64;
        if i == 0 {
            first = w;
        }
    }
    Ok(first)
}

/// Truncates `raw` to `width` bits, then sign- or zero-extends it to 64 bits.
pub fn extend(raw: u64, width: u64, signed: bool) -> i64 {
    if width == 0 || width >= 64 {
        return raw as i64;
    }
    let shift = 64 - width;
    if signed {
        ((raw << shift) as i64) >> shift
    } else {
        ((raw << shift) >> shift) as i64
    }
}

/// The dtype of an 8-, 6- or 4-bit float type, which both the builtin dialect (as type
/// text) and VHLO (by type code) hand over by its MLIR name.
pub fn minifloat_dtype(ty: &Ty) -> Option<DType> {
    match ty {
        Ty::Other(name) => DType::from_mlir_name(name).filter(|d| d.minifloat().is_some()),
        _ => None,
    }
}

/// An APFloat with the type's semantics, encoded as the APInt of its bits.
pub fn read_float(r: &mut Reader<'_>, ty: &Ty) -> Result<f64> {
    if let Some(d) = minifloat_dtype(ty) {
        let raw = read_apint(r, u64::from(d.bits()))?;
        return Ok(d.minifloat().map_or(f64::NAN, |f| f.decode(raw as u32)));
    }
    let bits = match ty {
        Ty::BF16 | Ty::F16 => 16,
        Ty::F32 => 32,
        Ty::F64 => 64,
        _ => return Err(r.err("float attribute of an unsupported type")),
    };
    let raw = read_apint(r, bits)?;
    Ok(match ty {
        Ty::BF16 => half::bf16::from_bits(raw as u16).to_f64(),
        Ty::F16 => half::f16::from_bits(raw as u16).to_f64(),
        Ty::F32 => f32::from_bits(raw as u32) as f64,
        _ => f64::from_bits(raw),
    })
}

/// Storage size in bytes of one element, `None` for i1 (handled apart) and unsupported types.
pub fn elem_bytes(ty: &Ty) -> Option<usize> {
    match ty {
        Ty::Int { width: 1, .. } => None,
        Ty::Int { width, .. } if *width <= 64 => Some(width.div_ceil(8) as usize),
        Ty::Index => Some(8),
        Ty::BF16 | Ty::F16 => Some(2),
        Ty::F32 => Some(4),
        Ty::F64 => Some(8),
        Ty::Complex(part) => match **part {
            Ty::F32 | Ty::F64 => elem_bytes(part).map(|b| 2 * b),
            _ => None,
        },
        t if minifloat_dtype(t).is_some() => Some(1),
        _ => None,
    }
}

pub fn num_elements(ty: &Ty) -> Option<u64> {
    match ty {
        Ty::Tensor { shape, .. } => shape.iter().try_fold(1u64, |acc, &d| {
            if d < 0 {
                None
            } else {
                acc.checked_mul(d as u64)
            }
        }),
        _ => None,
    }
}

/// Normalizes raw dense-elements data of a tensor type: every element, or one element for a
/// splat; `i1` becomes one byte (0/1) per element. `i1` input may be bit-packed
/// (`ceil(n/8)` bytes), a single 0x00/0xFF splat byte, or one byte per element.
pub fn normalize_elements(ty: &Ty, blob: &[u8]) -> std::result::Result<Vec<u8>, String> {
    let elem = match ty {
        Ty::Tensor { elem, .. } => elem,
        _ => return Err("dense elements of a non-tensor type".into()),
    };
    let n = num_elements(ty).ok_or("dense elements of a tensor with a bad shape")?;
    if matches!(**elem, Ty::Int { width: 1, .. }) {
        let packed = n.div_ceil(8);
        if blob.len() == 1 && blob[0] == 0xFF {
            return Ok(vec![1]);
        }
        if blob.len() as u64 == packed && blob.len() as u64 != n {
            return Ok((0..n as usize)
                .map(|i| (blob[i / 8] >> (i % 8)) & 1)
                .collect());
        }
        if blob.len() as u64 == n || blob.len() == 1 {
            return Ok(blob.iter().map(|&b| (b != 0) as u8).collect());
        }
        return Err(format!(
            "i1 dense data of {} bytes for {n} elements",
            blob.len()
        ));
    }
    let w = elem_bytes(elem)
        .ok_or_else(|| format!("unsupported: dense elements of type {}", type_text(elem)))?
        as u64;
    if blob.len() as u64 == w || Some(blob.len() as u64) == n.checked_mul(w) {
        return Ok(crate::compiler::frontend::hex::copy_large(blob));
    }
    Err(format!(
        "dense data of {} bytes does not fit {n} elements of {w} bytes",
        blob.len()
    ))
}

/// The key of a dictionary entry or symbol: the string of a string attribute.
pub fn attr_key(a: &Attr) -> String {
    match a {
        Attr::Str(s) | Attr::SymRef(s) => s.clone(),
        other => attr_text(other),
    }
}

fn loc_text(a: &Attr) -> String {
    match a {
        Attr::Loc(s) => s.clone(),
        other => attr_text(other),
    }
}

fn cap(mut s: String) -> String {
    if s.len() > MAX_LOC_TEXT {
        let mut end = MAX_LOC_TEXT;
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        s.truncate(end);
        s.push_str("...");
    }
    s
}

pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\{:02X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A short text form of an attribute (for messages and for attributes kept as text). The
/// output is capped so that shared sub-attributes cannot blow up exponentially.
pub fn attr_text(a: &Attr) -> String {
    let mut out = String::new();
    write_attr(a, &mut out);
    cap(out)
}

pub fn type_text(t: &Ty) -> String {
    let mut out = String::new();
    write_type(t, &mut out);
    cap(out)
}

fn full(out: &str) -> bool {
    out.len() > MAX_LOC_TEXT
}

fn write_list<T>(items: &[T], out: &mut String, f: impl Fn(&T, &mut String)) {
    for (i, x) in items.iter().enumerate() {
        if full(out) {
            return;
        }
        if i > 0 {
            out.push_str(", ");
        }
        f(x, out);
    }
}

fn write_attr(a: &Attr, out: &mut String) {
    if full(out) {
        return;
    }
    match a {
        Attr::Array(v) => {
            out.push('[');
            write_list(v, out, |x, o| write_attr(x, o));
            out.push(']');
        }
        Attr::Dict(d) => {
            out.push('{');
            write_list(d, out, |(k, v), o| {
                o.push_str(k);
                o.push_str(" = ");
                write_attr(v, o);
            });
            out.push('}');
        }
        Attr::Str(s) => out.push_str(&quote(s)),
        Attr::SymRef(s) => {
            out.push('@');
            out.push_str(s);
        }
        Attr::Type(t) => write_type(t, out),
        Attr::Unit => out.push_str("unit"),
        Attr::Bool(b) => out.push_str(&b.to_string()),
        Attr::Int { ty, value } => {
            out.push_str(&format!("{value} : "));
            write_type(ty, out);
        }
        Attr::Float { ty, value } => {
            out.push_str(&format!("{value:e} : "));
            write_type(ty, out);
        }
        Attr::Enum { kind, value } => out.push_str(&format!("#vhlo.{kind}<{value}>")),
        Attr::Elements { ty, .. } => {
            out.push_str("dense<...> : ");
            write_type(ty, out);
        }
        Attr::DenseArray { elem, len, .. } => {
            out.push_str("array<");
            write_type(elem, out);
            out.push_str(&format!(": {len} elements>"));
        }
        Attr::Loc(l) => out.push_str(&format!("loc({l})")),
        Attr::Sdy(s) => out.push_str(&format!("#sdy<{s:?}>")),
        Attr::Other(s) => out.push_str(s),
    }
}

fn write_type(t: &Ty, out: &mut String) {
    if full(out) {
        return;
    }
    match t {
        Ty::Int {
            width,
            signedness: 0,
        } => out.push_str(&format!("i{width}")),
        Ty::Int {
            width,
            signedness: 1,
        } => out.push_str(&format!("si{width}")),
        Ty::Int { width, .. } => out.push_str(&format!("ui{width}")),
        Ty::Index => out.push_str("index"),
        Ty::BF16 => out.push_str("bf16"),
        Ty::F16 => out.push_str("f16"),
        Ty::F32 => out.push_str("f32"),
        Ty::F64 => out.push_str("f64"),
        Ty::Func { inputs, results } => {
            out.push('(');
            write_list(inputs, out, |x, o| write_type(x, o));
            out.push_str(") -> (");
            write_list(results, out, |x, o| write_type(x, o));
            out.push(')');
        }
        Ty::Tensor { shape, elem, .. } => {
            out.push_str("tensor<");
            for d in shape {
                if full(out) {
                    break;
                }
                if *d < 0 {
                    out.push_str("?x");
                } else {
                    out.push_str(&format!("{d}x"));
                }
            }
            write_type(elem, out);
            out.push('>');
        }
        Ty::Quant(q) => out.push_str(&q.to_string()),
        Ty::Complex(part) => {
            out.push_str("complex<");
            write_type(part, out);
            out.push('>');
        }
        Ty::Other(s) => out.push_str(s),
    }
}

/// Assembly-format fallback for attributes: the forms that occur for builtin attributes
/// (`unit`, booleans, strings, `N : iK`); anything else is kept as text.
pub fn parse_attr_text(text: &str) -> Attr {
    let t = text.trim();
    match t {
        "unit" => return Attr::Unit,
        "true" => return Attr::Bool(true),
        "false" => return Attr::Bool(false),
        _ => {}
    }
    if t.len() >= 2 && t.starts_with('"') && t.ends_with('"') && !t[1..t.len() - 1].contains('"') {
        return Attr::Str(t[1..t.len() - 1].to_string());
    }
    if let Some((v, ty)) = t.split_once(" : ")
        && let Ok(value) = v.trim().parse::<i64>()
    {
        let ty = parse_type_text(ty);
        if int_width(&ty).is_some() {
            return Attr::Int {
                ty: Rc::new(ty),
                value,
            };
        }
    }
    Attr::Other(t.to_string())
}

/// Assembly-format fallback for types: scalar builtin types; anything else is kept as text.
pub fn parse_type_text(text: &str) -> Ty {
    let t = text.trim();
    let int = |s: &str, signedness: u8| {
        s.parse::<u64>()
            .ok()
            .map(|width| Ty::Int { width, signedness })
    };
    let parsed = match t {
        "index" => Some(Ty::Index),
        "bf16" => Some(Ty::BF16),
        "f16" => Some(Ty::F16),
        "f32" => Some(Ty::F32),
        "f64" => Some(Ty::F64),
        _ => {
            if let Some(w) = t.strip_prefix("si") {
                int(w, 1)
            } else if let Some(w) = t.strip_prefix("ui") {
                int(w, 2)
            } else if let Some(w) = t.strip_prefix('i') {
                int(w, 0)
            } else {
                None
            }
        }
    };
    parsed.unwrap_or_else(|| Ty::Other(t.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tensor(shape: &[i64], elem: Ty) -> Ty {
        Ty::Tensor {
            shape: shape.to_vec(),
            elem: Rc::new(elem),
            encoded: false,
        }
    }

    const I1: Ty = Ty::Int {
        width: 1,
        signedness: 0,
    };

    #[test]
    fn i1_packing() {
        // 10 elements bit-packed into 2 bytes.
        let t = tensor(&[10], I1);
        let d = normalize_elements(&t, &[0b1000_0101, 0b10]).unwrap();
        assert_eq!(d, vec![1, 0, 1, 0, 0, 0, 0, 1, 0, 1]);
        // Splat true / false.
        assert_eq!(normalize_elements(&t, &[0xFF]).unwrap(), vec![1]);
        assert_eq!(normalize_elements(&t, &[0x00]).unwrap(), vec![0]);
        // A single element: one byte.
        assert_eq!(normalize_elements(&tensor(&[], I1), &[1]).unwrap(), vec![1]);
        // Three elements packed in one byte.
        assert_eq!(
            normalize_elements(&tensor(&[3], I1), &[0b110]).unwrap(),
            vec![0, 1, 1]
        );
        assert!(normalize_elements(&t, &[1, 2, 3]).is_err());
    }

    #[test]
    fn dense_sizes() {
        let t = tensor(&[2, 2], Ty::F32);
        assert_eq!(normalize_elements(&t, &[0; 4]).unwrap().len(), 4);
        assert_eq!(normalize_elements(&t, &[0; 16]).unwrap().len(), 16);
        assert!(normalize_elements(&t, &[0; 8]).is_err());
        let bad = tensor(&[-1, 2], Ty::F32);
        assert!(normalize_elements(&bad, &[0; 4]).is_err());
        let huge = tensor(&[i64::MAX, i64::MAX], Ty::BF16);
        assert!(normalize_elements(&huge, &[0; 6]).is_err());
    }

    #[test]
    fn apint_and_apfloat() {
        let i8t = Ty::Int {
            width: 8,
            signedness: 0,
        };
        assert_eq!(read_int(&mut Reader::new(&[0xFF], 0), &i8t).unwrap(), -1);
        let u8t = Ty::Int {
            width: 8,
            signedness: 2,
        };
        assert_eq!(read_int(&mut Reader::new(&[0xFF], 0), &u8t).unwrap(), 255);
        let i32t = Ty::Int {
            width: 32,
            signedness: 0,
        };
        // zigzag(-2) = 3 -> varint 0x07.
        assert_eq!(read_int(&mut Reader::new(&[0x07], 0), &i32t).unwrap(), -2);
        // f32 1.0 = 0x3F800000, zigzag -> 0x7F000000 (5-byte varint).
        let z: u64 = 0x3F80_0000u64 << 1;
        let enc = ((z << 1) | 1) << 4;
        let b = enc.to_le_bytes();
        let v = read_float(&mut Reader::new(&b[..5], 0), &Ty::F32).unwrap();
        assert_eq!(v, 1.0);
        assert_eq!(extend(0x80, 8, true), -128);
        assert_eq!(extend(1, 1, false), 1);
    }

    #[test]
    fn text_fallback() {
        assert_eq!(parse_attr_text("unit"), Attr::Unit);
        assert_eq!(parse_attr_text("\"abc\""), Attr::Str("abc".into()));
        match parse_attr_text("1 : i32") {
            Attr::Int { value: 1, ty } => assert_eq!(type_text(&ty), "i32"),
            other => panic!("{other:?}"),
        }
        assert_eq!(
            parse_type_text("ui16"),
            Ty::Int {
                width: 16,
                signedness: 2
            }
        );
        assert!(matches!(parse_type_text("!foo.bar"), Ty::Other(_)));
        assert_eq!(type_text(&tensor(&[2, -1], Ty::F32)), "tensor<2x?xf32>");
    }
}
