//! .npy read/write (format versions 1.0, 2.0 and 3.0).
//!
//! Every [`DType`] is supported, spelled as ml_dtypes writes it: bfloat16 is the raw-bytes
//! descr `<V2`, and the one-byte ml_dtypes types (int2/int4/uint2/uint4 and the float8/6/4
//! types, one element per byte) are `<V1`. ml_dtypes saves float8_e5m2 as `<f1`, which
//! numpy cannot load back; it is read, but written as `<V1` like the others. `<V1` does not say which of those it is, so reading one needs the
//! expected type ([`read_npy_as`], [`decode_npy_as`]; the runner passes the signature's). Big-endian files are byte-swapped and Fortran-order files transposed, so the
//! result is always a little-endian, row-major [`Tensor`].

use crate::DType;
use crate::tensor::{Tensor, byte_size};
use std::path::Path;

const MAGIC: &[u8] = b"\x93NUMPY";

#[derive(Debug, thiserror::Error)]
pub enum NpyError {
    #[error("{file}: {source}")]
    Io {
        file: String,
        source: std::io::Error,
    },
    #[error("{file}: {part}: {msg}")]
    Format {
        file: String,
        /// `header` or `data`.
        part: &'static str,
        msg: String,
    },
}

/// Reads a .npy file.
pub fn read_npy(path: &Path) -> Result<Tensor, NpyError> {
    read_npy_as(path, None)
}

/// Reads a .npy file; `expected` resolves the raw one-byte descr `<V1` (see module docs).
pub fn read_npy_as(path: &Path, expected: Option<DType>) -> Result<Tensor, NpyError> {
    let file = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| NpyError::Io {
        file: file.clone(),
        source,
    })?;
    decode_npy_as(&bytes, &file, expected)
}

/// Types stored as one raw byte, descr `<V1`.
fn is_raw_byte(d: DType) -> bool {
    d.is_sub_byte_int() || d.minifloat().is_some()
}

/// Writes a .npy file (version 1.0, or 2.0 if the header needs it).
pub fn write_npy(path: &Path, t: &Tensor) -> Result<(), NpyError> {
    std::fs::write(path, encode_npy(t)).map_err(|source| NpyError::Io {
        file: path.display().to_string(),
        source,
    })
}

fn descr(dtype: DType) -> &'static str {
    match dtype {
        DType::I1 => "|b1",
        DType::I8 => "|i1",
        DType::I16 => "<i2",
        DType::I32 => "<i4",
        DType::I64 => "<i8",
        DType::U8 => "|u1",
        DType::U16 => "<u2",
        DType::U32 => "<u4",
        DType::U64 => "<u8",
        DType::F16 => "<f2",
        DType::BF16 => "<V2",
        DType::F32 => "<f4",
        DType::F64 => "<f8",
        DType::C64 => "<c8",
        DType::C128 => "<c16",
        // ml_dtypes saves float8_e5m2 as '<f1', which np.load cannot read back; '<V1' (read
        // back as raw bytes, then `.view(ml_dtypes.float8_e5m2)`) can.
        DType::I2
        | DType::I4
        | DType::U2
        | DType::U4
        | DType::F8E4M3FN
        | DType::F8E5M2
        | DType::F8E4M3FNUZ
        | DType::F8E5M2FNUZ
        | DType::F8E4M3B11FNUZ
        | DType::F8E3M4
        | DType::F8E4M3
        | DType::F8E8M0FNU
        | DType::F6E2M3FN
        | DType::F6E3M2FN
        | DType::F4E2M1FN => "<V1",
    }
}

/// The bytes of a .npy file holding `t`.
pub fn encode_npy(t: &Tensor) -> Vec<u8> {
    let shape = match t.shape.len() {
        0 => "()".to_string(),
        1 => format!("({},)", t.shape[0]),
        _ => {
            let dims: Vec<String> = t.shape.iter().map(|d| d.to_string()).collect();
            format!("({})", dims.join(", "))
        }
    };
    let mut header = format!(
        "{{'descr': '{}', 'fortran_order': False, 'shape': {shape}, }}",
        descr(t.dtype)
    );
    // Pad with spaces and end with '\n' so the data starts 64-byte aligned, as numpy does.
    let (version, prefix) = if header.len() + 1 + 10 <= u16::MAX as usize {
        (1u8, 10)
    } else {
        (2u8, 12)
    };
    let total = (prefix + header.len() + 1).div_ceil(64) * 64;
    while prefix + header.len() + 1 < total {
        header.push(' ');
    }
    header.push('\n');
    let mut out = Vec::with_capacity(total + t.bytes().len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&[version, 0]);
    if version == 1 {
        out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    } else {
        out.extend_from_slice(&(header.len() as u32).to_le_bytes());
    }
    out.extend_from_slice(header.as_bytes());
    out.extend_from_slice(t.bytes());
    out
}

/// Parses the bytes of a .npy file; `file` names it in errors.
pub fn decode_npy(bytes: &[u8], file: &str) -> Result<Tensor, NpyError> {
    decode_npy_as(bytes, file, None)
}

/// Parses the bytes of a .npy file; `expected` resolves the raw descr `<V1`.
pub fn decode_npy_as(
    bytes: &[u8],
    file: &str,
    expected: Option<DType>,
) -> Result<Tensor, NpyError> {
    let err = |part: &'static str, msg: String| NpyError::Format {
        file: file.to_string(),
        part,
        msg,
    };
    if bytes.len() < 10 || &bytes[..6] != MAGIC {
        return Err(err("header", "not a .npy file (bad magic)".into()));
    }
    let (major, minor) = (bytes[6], bytes[7]);
    let (len, start): (usize, usize) = match major {
        1 => (u16::from_le_bytes([bytes[8], bytes[9]]) as usize, 10),
        2 | 3 if bytes.len() >= 12 => (
            u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes")) as usize,
            12,
        ),
        2 | 3 => return Err(err("header", "truncated".into())),
        _ => {
            return Err(err(
                "header",
                format!("unsupported format version {major}.{minor}"),
            ));
        }
    };
    let end = start
        .checked_add(len)
        .filter(|&e| e <= bytes.len())
        .ok_or_else(|| err("header", format!("header of {len} bytes is truncated")))?;
    let raw = &bytes[start..end];
    // Versions 1 and 2 are latin-1, 3 is UTF-8; a valid header is ASCII either way.
    let text = match major {
        3 => std::str::from_utf8(raw).map_err(|_| err("header", "not UTF-8".into()))?,
        _ => std::str::from_utf8(raw)
            .ok()
            .filter(|s| s.is_ascii())
            .ok_or_else(|| err("header", "not ASCII".into()))?,
    };
    let h = parse_header(text).map_err(|m| err("header", m))?;
    let (dtype, big) = parse_descr(&h.descr, expected).map_err(|m| err("header", m))?;
    let n = byte_size(dtype, &h.shape)
        .ok_or_else(|| err("header", format!("shape {:?} is too large", h.shape)))?;
    let data = &bytes[end..];
    if data.len() != n {
        return Err(err(
            "data",
            format!(
                "{} bytes, but {} of shape {:?} needs {n}",
                data.len(),
                dtype.numpy_name(),
                h.shape
            ),
        ));
    }
    let mut t = Tensor::from_bytes(dtype, &h.shape, data).expect("size checked above");
    let size = dtype.size();
    let buf = t.data.as_mut_slice();
    // A complex element is two floats, each in the file's byte order.
    let swap = dtype.complex_part().unwrap_or(dtype).size();
    if big && swap > 1 {
        for e in buf.chunks_exact_mut(swap) {
            e.reverse();
        }
    }
    if dtype == DType::I1 {
        for b in buf.iter_mut() {
            *b = (*b != 0) as u8;
        }
    }
    if h.fortran && t.shape.len() > 1 {
        t.data = crate::tensor::AlignedBytes::from_slice(&fortran_to_c(t.bytes(), &t.shape, size));
    }
    Ok(t)
}

/// Reorders column-major elements to row-major.
fn fortran_to_c(src: &[u8], shape: &[u64], size: usize) -> Vec<u8> {
    let r = shape.len();
    // Column-major strides, in elements.
    let mut fstride = vec![1usize; r];
    for d in 1..r {
        fstride[d] = fstride[d - 1] * shape[d - 1] as usize;
    }
    let mut out = Vec::with_capacity(src.len());
    let mut idx = vec![0u64; r];
    for _ in 0..src.len() / size.max(1) {
        let off: usize = (0..r).map(|d| idx[d] as usize * fstride[d]).sum();
        out.extend_from_slice(&src[off * size..(off + 1) * size]);
        for d in (0..r).rev() {
            idx[d] += 1;
            if idx[d] < shape[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    out
}

fn parse_descr(d: &str, expected: Option<DType>) -> Result<(DType, bool), String> {
    let unsupported = |why: &str| Err(format!("unsupported dtype '{d}'{why}"));
    let (order, code) = match d.chars().next() {
        Some(c @ ('<' | '>' | '|' | '=')) => (c, &d[1..]),
        _ => (
            if cfg!(target_endian = "big") {
                '>'
            } else {
                '<'
            },
            d,
        ),
    };
    let big = order == '>' || (order == '=' && cfg!(target_endian = "big"));
    let dtype = match code {
        "b1" | "?" => DType::I1,
        "i1" => DType::I8,
        "i2" => DType::I16,
        "i4" => DType::I32,
        "i8" => DType::I64,
        "u1" => DType::U8,
        "u2" => DType::U16,
        "u4" => DType::U32,
        "u8" => DType::U64,
        "f2" => DType::F16,
        "f4" => DType::F32,
        "f8" => DType::F64,
        "c8" => DType::C64,
        "c16" => DType::C128,
        // ml_dtypes' own spelling of float8_e5m2 (kind 'f', one byte).
        "f1" => DType::F8E5M2,
        // ml_dtypes saves bfloat16 as two raw bytes.
        "V2" => DType::BF16,
        // ml_dtypes' one-byte types all save as `V1`; only the reader's context says which.
        "V1" => match expected {
            Some(e) if is_raw_byte(e) => e,
            _ => {
                return Err(format!(
                    "descr '{d}' is one raw byte per element (an ml_dtypes int2/int4/uint2/uint4 or \
                     float8/6/4 type), which needs an expected type{}",
                    expected.map_or(String::new(), |e| format!(", not {}", e.numpy_name()))
                ));
            }
        },
        c if c.starts_with('c') => return unsupported(" (complex of an unsupported width)"),
        c if c.starts_with('U') || c.starts_with('S') => return unsupported(" (string)"),
        c if c.starts_with('O') => return unsupported(" (object)"),
        _ => return unsupported(""),
    };
    Ok((dtype, big))
}

struct Header {
    descr: String,
    fortran: bool,
    shape: Vec<u64>,
}

/// Parses numpy's header: a Python dict literal with keys descr, fortran_order, shape.
fn parse_header(s: &str) -> Result<Header, String> {
    let mut p = Parser {
        s: s.trim_end().as_bytes(),
        i: 0,
    };
    let (mut descr, mut fortran, mut shape) = (None, None, None);
    p.expect(b'{')?;
    loop {
        p.ws();
        if p.eat(b'}') {
            break;
        }
        let key = p.string()?;
        p.ws();
        p.expect(b':')?;
        p.ws();
        match key.as_str() {
            "descr" => {
                if p.peek() == Some(b'[') {
                    return Err("unsupported dtype (structured array)".into());
                }
                descr = Some(p.string()?)
            }
            "fortran_order" => fortran = Some(p.boolean()?),
            "shape" => shape = Some(p.tuple()?),
            k => return Err(format!("unexpected key '{k}'")),
        }
        p.ws();
        if !p.eat(b',') {
            p.ws();
            p.expect(b'}')?;
            break;
        }
    }
    Ok(Header {
        descr: descr.ok_or("missing 'descr'")?,
        fortran: fortran.ok_or("missing 'fortran_order'")?,
        shape: shape.ok_or("missing 'shape'")?,
    })
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }
    fn ws(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
            self.i += 1;
        }
    }
    fn eat(&mut self, c: u8) -> bool {
        let hit = self.peek() == Some(c);
        self.i += hit as usize;
        hit
    }
    fn expect(&mut self, c: u8) -> Result<(), String> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(format!("expected '{}' at character {}", c as char, self.i))
        }
    }
    fn string(&mut self) -> Result<String, String> {
        let q = self.peek().filter(|&c| c == b'\'' || c == b'"');
        let q = q.ok_or_else(|| format!("expected a string at character {}", self.i))?;
        self.i += 1;
        let start = self.i;
        while self.peek().is_some_and(|c| c != q) {
            self.i += 1;
        }
        let s = String::from_utf8_lossy(&self.s[start..self.i]).into_owned();
        self.expect(q)?;
        Ok(s)
    }
    fn boolean(&mut self) -> Result<bool, String> {
        for (word, v) in [(&b"True"[..], true), (&b"False"[..], false)] {
            if self.s[self.i..].starts_with(word) {
                self.i += word.len();
                return Ok(v);
            }
        }
        Err(format!("expected True or False at character {}", self.i))
    }
    fn tuple(&mut self) -> Result<Vec<u64>, String> {
        self.expect(b'(')?;
        let mut dims = Vec::new();
        loop {
            self.ws();
            if self.eat(b')') {
                return Ok(dims);
            }
            let start = self.i;
            while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.i += 1;
            }
            let num = std::str::from_utf8(&self.s[start..self.i]).unwrap_or("");
            let d = num
                .parse::<u64>()
                .map_err(|_| format!("bad dimension at character {start}"))?;
            // numpy writes Python ints; tolerate a trailing L from Python 2.
            self.eat(b'L');
            dims.push(d);
            self.ws();
            if !self.eat(b',') {
                self.ws();
                self.expect(b')')?;
                return Ok(dims);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_forms() {
        let h = parse_header("{'descr': '>f8', 'fortran_order': True, 'shape': (2, 3), }").unwrap();
        assert_eq!(
            (h.descr.as_str(), h.fortran, h.shape),
            (">f8", true, vec![2, 3])
        );
        let h =
            parse_header("{\"shape\": (), \"descr\": \"<i4\", \"fortran_order\": False}").unwrap();
        assert!(h.shape.is_empty());
        assert_eq!(
            parse_header("{'shape': (5,), 'descr': '|b1', 'fortran_order': False}")
                .unwrap()
                .shape,
            vec![5]
        );
        assert!(
            parse_header("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': ()}").is_err()
        );
        assert_eq!(parse_descr("<c8", None).unwrap(), (DType::C64, false));
        assert_eq!(parse_descr(">c16", None).unwrap(), (DType::C128, true));
        assert_eq!(
            parse_descr("<c32", None).unwrap_err(),
            "unsupported dtype '<c32' (complex of an unsupported width)"
        );
    }
}
