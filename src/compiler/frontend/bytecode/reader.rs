//! Primitive encodings of MLIR bytecode: bytes, PrefixVarInt, zigzag varints, null-terminated
//! strings, aligned sections. Every read is bounds-checked and reports the absolute byte offset.

use std::fmt;

/// A decoding error at an absolute byte offset of the input file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BcError {
    pub offset: u64,
    pub msg: String,
}

impl fmt::Display for BcError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.msg, self.offset)
    }
}

pub type Result<T> = std::result::Result<T, BcError>;

/// Byte used to pad sections and blobs up to their alignment.
pub const ALIGNMENT_BYTE: u8 = 0xCB;

/// A cursor over a slice of the file; `base` is the file offset of `data[0]`.
#[derive(Clone, Debug)]
pub struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
    base: u64,
}

impl<'a> Reader<'a> {
    pub fn new(data: &'a [u8], base: u64) -> Reader<'a> {
        Reader { data, pos: 0, base }
    }

    /// Absolute file offset of the next byte.
    pub fn offset(&self) -> u64 {
        self.base + self.pos as u64
    }

    pub fn remaining(&self) -> usize {
        self.data.len() - self.pos
    }

    pub fn is_empty(&self) -> bool {
        self.pos == self.data.len()
    }

    pub fn err(&self, msg: impl Into<String>) -> BcError {
        BcError {
            offset: self.offset(),
            msg: msg.into(),
        }
    }

    pub fn byte(&mut self) -> Result<u8> {
        let b = *self
            .data
            .get(self.pos)
            .ok_or_else(|| self.err("unexpected end of data"))?;
        self.pos += 1;
        Ok(b)
    }

    pub fn bytes(&mut self, n: u64) -> Result<&'a [u8]> {
        if n > self.remaining() as u64 {
            return Err(self.err(format!(
                "{n} bytes requested but only {} remain",
                self.remaining()
            )));
        }
        let s = &self.data[self.pos..self.pos + n as usize];
        self.pos += n as usize;
        Ok(s)
    }

    /// A sub-reader over the next `n` bytes (keeps absolute offsets).
    pub fn sub(&mut self, n: u64) -> Result<Reader<'a>> {
        let base = self.offset();
        Ok(Reader::new(self.bytes(n)?, base))
    }

    /// PrefixVarInt: the count of trailing zero bits of the first byte is the number of
    /// extra bytes; a zero first byte means 8 extra bytes holding the full value.
    pub fn varint(&mut self) -> Result<u64> {
        let first = self.byte()?;
        if first & 1 == 1 {
            return Ok((first >> 1) as u64);
        }
        if first == 0 {
            let b = self.bytes(8)?;
            return Ok(u64::from_le_bytes(b.try_into().expect("8 bytes")));
        }
        let extra = first.trailing_zeros() as usize;
        let rest = self.bytes(extra as u64)?;
        let mut buf = [0u8; 8];
        buf[0] = first;
        buf[1..=extra].copy_from_slice(rest);
        Ok(u64::from_le_bytes(buf) >> (extra + 1))
    }

    /// Zigzag-encoded signed varint.
    pub fn svarint(&mut self) -> Result<i64> {
        let v = self.varint()?;
        Ok(((v >> 1) as i64) ^ -((v & 1) as i64))
    }

    /// `(value << 1) | flag`.
    pub fn varint_flag(&mut self) -> Result<(u64, bool)> {
        let v = self.varint()?;
        Ok((v >> 1, v & 1 == 1))
    }

    /// A count of items each taking at least `min_bytes` bytes, checked against the data
    /// left so that a corrupt count cannot trigger a huge allocation.
    pub fn count(&mut self, min_bytes: usize) -> Result<usize> {
        let at = self.offset();
        let n = self.varint()?;
        if n.saturating_mul(min_bytes as u64) > self.remaining() as u64 {
            return Err(BcError {
                offset: at,
                msg: format!("count {n} exceeds the remaining data"),
            });
        }
        Ok(n as usize)
    }

    pub fn cstr(&mut self) -> Result<&'a [u8]> {
        let rest = &self.data[self.pos..];
        let nul = rest
            .iter()
            .position(|&b| b == 0)
            .ok_or_else(|| self.err("string without a null terminator"))?;
        self.pos += nul + 1;
        Ok(&rest[..nul])
    }

    /// Skips 0xCB padding up to `align` (a power of two), relative to the file start.
    pub fn align_to(&mut self, align: u64) -> Result<()> {
        if !align.is_power_of_two() {
            return Err(self.err(format!("alignment {align} is not a power of two")));
        }
        while self.offset() & (align - 1) != 0 {
            if self.byte()? != ALIGNMENT_BYTE {
                return Err(BcError {
                    offset: self.offset() - 1,
                    msg: "expected alignment padding byte 0xCB".into(),
                });
            }
        }
        Ok(())
    }

    /// A section: `idAndIsAligned` byte, length, optional alignment + padding, data.
    pub fn section(&mut self) -> Result<(u8, Reader<'a>)> {
        let id_and_align = self.byte()?;
        let len = self.varint()?;
        if id_and_align & 0x80 != 0 {
            let align = self.varint()?;
            self.align_to(align)?;
        }
        Ok((id_and_align & 0x7f, self.sub(len)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn enc(v: u64) -> Vec<u8> {
        // Reference PrefixVarInt encoder for the tests.
        if v < (1 << 56) {
            let mut n = 1;
            while n < 8 && v >= 1u64 << (7 * n) {
                n += 1;
            }
            let x = ((v << 1) | 1) << (n - 1);
            x.to_le_bytes()[..n].to_vec()
        } else {
            let mut out = vec![0];
            out.extend_from_slice(&v.to_le_bytes());
            out
        }
    }

    #[test]
    fn varints_round_trip() {
        for v in [
            0u64,
            1,
            63,
            64,
            127,
            128,
            300,
            (1 << 14) - 1,
            1 << 14,
            1 << 21,
            1 << 35,
            (1 << 49) + 5,
            (1 << 56) - 1,
            1 << 56,
            u64::MAX,
        ] {
            let b = enc(v);
            let mut r = Reader::new(&b, 0);
            assert_eq!(r.varint().unwrap(), v, "{v}");
            assert!(r.is_empty());
        }
    }

    #[test]
    fn known_encodings() {
        assert_eq!(Reader::new(&[0x0d], 0).varint().unwrap(), 6);
        assert_eq!(Reader::new(&[0x02, 0x01], 0).varint().unwrap(), 64);
        assert_eq!(Reader::new(&[0x03], 0).svarint().unwrap(), -1);
        assert_eq!(Reader::new(&[0x05], 0).svarint().unwrap(), 1);
        assert_eq!(Reader::new(&[0x07], 0).varint_flag().unwrap(), (1, true));
        assert!(Reader::new(&[0x02], 0).varint().is_err());
        assert!(Reader::new(&[], 0).byte().is_err());
    }

    #[test]
    fn zigzag_extremes() {
        let mut b = vec![0];
        b.extend_from_slice(&u64::MAX.to_le_bytes());
        assert_eq!(Reader::new(&b, 0).svarint().unwrap(), i64::MIN);
        let mut b = vec![0];
        b.extend_from_slice(&(u64::MAX - 1).to_le_bytes());
        assert_eq!(Reader::new(&b, 0).svarint().unwrap(), i64::MAX);
    }

    #[test]
    fn strings_counts_sections() {
        let mut r = Reader::new(b"ab\0c", 0);
        assert_eq!(r.cstr().unwrap(), b"ab");
        assert!(r.cstr().is_err());
        let mut r = Reader::new(&[0x21, 1, 2], 0);
        assert!(r.count(1).is_err());
        // Section id 2, aligned to 4, length 1, padding to offset 4.
        let data = [0x82, 0x03, 0x09, 0xCB, 0x7];
        let mut r = Reader::new(&data, 0);
        let (id, mut s) = r.section().unwrap();
        assert_eq!(id, 2);
        assert_eq!(s.offset(), 4);
        assert_eq!(s.byte().unwrap(), 7);
        let bad = [0x82, 0x03, 0x09, 0x00, 0x7];
        assert!(Reader::new(&bad, 0).section().is_err());
    }
}
