//! Element types shared by the artifact format, the runtime and the compiler.

use crate::minifloat::Format;
use std::fmt;

/// The element type of a tensor. `I1` (MLIR `i1`, numpy `bool`) is stored as one byte per
/// element holding 0 or 1; the sub-byte integers `I2`, `I4`, `U2`, `U4` are stored as one
/// byte per element holding the value's two's-complement low `bits()` bits with the upper
/// bits zero (`I4` -1 is `0x0f`). That is what ml_dtypes' `int4`/`uint4`/`int2`/`uint2`
/// arrays hold (`np.array([-1], ml_dtypes.int4).view(np.uint8)` is `[15]`), and ml_dtypes
/// ignores the upper bits when reading. pjrtc writes only this canonical form (literals,
/// buffers, `.npy`, PJRT) and, like ml_dtypes, ignores the upper bits of what it reads. Every other type is
/// stored little-endian at its natural width, except the 8-, 6- and 4-bit floats (see
/// [`crate::minifloat`]): one byte per element holding the format's code in its low bits.
/// The complex types `C64` (`complex<f32>`) and `C128` (`complex<f64>`) are a pair of their
/// component floats, the real part first (numpy's `complex64`/`complex128` layout).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum DType {
    I1,
    I8,
    I16,
    I32,
    I64,
    U8,
    U16,
    U32,
    U64,
    F16,
    BF16,
    F32,
    F64,
    I2,
    I4,
    U2,
    U4,
    F8E4M3FN,
    F8E5M2,
    F8E4M3FNUZ,
    F8E5M2FNUZ,
    F8E4M3B11FNUZ,
    F8E3M4,
    F8E4M3,
    F8E8M0FNU,
    F6E2M3FN,
    F6E3M2FN,
    F4E2M1FN,
    C64,
    C128,
}

impl DType {
    pub const ALL: [DType; 30] = [
        DType::I1,
        DType::I8,
        DType::I16,
        DType::I32,
        DType::I64,
        DType::U8,
        DType::U16,
        DType::U32,
        DType::U64,
        DType::F16,
        DType::BF16,
        DType::F32,
        DType::F64,
        DType::I2,
        DType::I4,
        DType::U2,
        DType::U4,
        DType::F8E4M3FN,
        DType::F8E5M2,
        DType::F8E4M3FNUZ,
        DType::F8E5M2FNUZ,
        DType::F8E4M3B11FNUZ,
        DType::F8E3M4,
        DType::F8E4M3,
        DType::F8E8M0FNU,
        DType::F6E2M3FN,
        DType::F6E3M2FN,
        DType::F4E2M1FN,
        DType::C64,
        DType::C128,
    ];

    /// Bytes one element occupies in memory.
    pub fn size(self) -> usize {
        match self {
            DType::I1 | DType::I8 | DType::U8 => 1,
            DType::I2 | DType::I4 | DType::U2 | DType::U4 => 1,
            DType::F8E4M3FN
            | DType::F8E5M2
            | DType::F8E4M3FNUZ
            | DType::F8E5M2FNUZ
            | DType::F8E4M3B11FNUZ
            | DType::F8E3M4
            | DType::F8E4M3
            | DType::F8E8M0FNU
            | DType::F6E2M3FN
            | DType::F6E3M2FN
            | DType::F4E2M1FN => 1,
            DType::I16 | DType::U16 | DType::F16 | DType::BF16 => 2,
            DType::I32 | DType::U32 | DType::F32 => 4,
            DType::I64 | DType::U64 | DType::F64 | DType::C64 => 8,
            DType::C128 => 16,
        }
    }

    /// Bits of the value (1 for `I1`, 4 for `I4`, unlike `size`).
    pub fn bits(self) -> u32 {
        match self {
            DType::I1 => 1,
            DType::I2 | DType::U2 => 2,
            DType::I4 | DType::U4 => 4,
            d if d.minifloat().is_some() => d.minifloat().map_or(8, |f| f.bits()),
            other => other.size() as u32 * 8,
        }
    }

    /// `C64` or `C128`. Complex types are not floats: `is_float` is false for them.
    pub fn is_complex(self) -> bool {
        matches!(self, DType::C64 | DType::C128)
    }

    /// The type of a complex type's parts (`F32` for `C64`), `None` for other types.
    pub fn complex_part(self) -> Option<DType> {
        match self {
            DType::C64 => Some(DType::F32),
            DType::C128 => Some(DType::F64),
            _ => None,
        }
    }

    /// The complex type whose parts are `self` (`C64` for `F32`), `None` for other types.
    pub fn complex_of(self) -> Option<DType> {
        match self {
            DType::F32 => Some(DType::C64),
            DType::F64 => Some(DType::C128),
            _ => None,
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, DType::F16 | DType::BF16 | DType::F32 | DType::F64)
            || self.minifloat().is_some()
    }

    /// The format of the 8-, 6- and 4-bit float types (one byte per element).
    pub fn minifloat(self) -> Option<Format> {
        Some(match self {
            DType::F8E4M3FN => Format::F8E4M3FN,
            DType::F8E5M2 => Format::F8E5M2,
            DType::F8E4M3FNUZ => Format::F8E4M3FNUZ,
            DType::F8E5M2FNUZ => Format::F8E5M2FNUZ,
            DType::F8E4M3B11FNUZ => Format::F8E4M3B11FNUZ,
            DType::F8E3M4 => Format::F8E3M4,
            DType::F8E4M3 => Format::F8E4M3,
            DType::F8E8M0FNU => Format::F8E8M0FNU,
            DType::F6E2M3FN => Format::F6E2M3FN,
            DType::F6E3M2FN => Format::F6E3M2FN,
            DType::F4E2M1FN => Format::F4E2M1FN,
            _ => return None,
        })
    }

    /// Signed integers (not `I1`, which behaves as an unsigned bool).
    pub fn is_signed_int(self) -> bool {
        matches!(
            self,
            DType::I2 | DType::I4 | DType::I8 | DType::I16 | DType::I32 | DType::I64
        )
    }

    pub fn is_unsigned_int(self) -> bool {
        matches!(
            self,
            DType::U2 | DType::U4 | DType::U8 | DType::U16 | DType::U32 | DType::U64
        )
    }

    /// Any integer type, `I1` included.
    pub fn is_int(self) -> bool {
        self == DType::I1 || self.is_signed_int() || self.is_unsigned_int()
    }

    /// The MLIR spelling (`f32`, `i1`, `ui8`, `bf16`).
    pub fn mlir_name(self) -> &'static str {
        match self {
            DType::I1 => "i1",
            DType::I8 => "i8",
            DType::I16 => "i16",
            DType::I32 => "i32",
            DType::I64 => "i64",
            DType::U8 => "ui8",
            DType::U16 => "ui16",
            DType::U32 => "ui32",
            DType::U64 => "ui64",
            DType::F16 => "f16",
            DType::BF16 => "bf16",
            DType::F32 => "f32",
            DType::F64 => "f64",
            DType::I2 => "i2",
            DType::I4 => "i4",
            DType::U2 => "ui2",
            DType::U4 => "ui4",
            DType::F8E4M3FN => "f8E4M3FN",
            DType::F8E5M2 => "f8E5M2",
            DType::F8E4M3FNUZ => "f8E4M3FNUZ",
            DType::F8E5M2FNUZ => "f8E5M2FNUZ",
            DType::F8E4M3B11FNUZ => "f8E4M3B11FNUZ",
            DType::F8E3M4 => "f8E3M4",
            DType::F8E4M3 => "f8E4M3",
            DType::F8E8M0FNU => "f8E8M0FNU",
            DType::F6E2M3FN => "f6E2M3FN",
            DType::F6E3M2FN => "f6E3M2FN",
            DType::F4E2M1FN => "f4E2M1FN",
            DType::C64 => "complex<f32>",
            DType::C128 => "complex<f64>",
        }
    }

    pub fn from_mlir_name(name: &str) -> Option<DType> {
        DType::ALL.into_iter().find(|d| d.mlir_name() == name)
    }

    /// The numpy name (`float32`, `bool`, `uint8`, `bfloat16`).
    pub fn numpy_name(self) -> &'static str {
        match self {
            DType::I1 => "bool",
            DType::I8 => "int8",
            DType::I16 => "int16",
            DType::I32 => "int32",
            DType::I64 => "int64",
            DType::U8 => "uint8",
            DType::U16 => "uint16",
            DType::U32 => "uint32",
            DType::U64 => "uint64",
            DType::F16 => "float16",
            DType::BF16 => "bfloat16",
            DType::F32 => "float32",
            DType::F64 => "float64",
            DType::I2 => "int2",
            DType::I4 => "int4",
            DType::U2 => "uint2",
            DType::U4 => "uint4",
            DType::F8E4M3FN => "float8_e4m3fn",
            DType::F8E5M2 => "float8_e5m2",
            DType::F8E4M3FNUZ => "float8_e4m3fnuz",
            DType::F8E5M2FNUZ => "float8_e5m2fnuz",
            DType::F8E4M3B11FNUZ => "float8_e4m3b11fnuz",
            DType::F8E3M4 => "float8_e3m4",
            DType::F8E4M3 => "float8_e4m3",
            DType::F8E8M0FNU => "float8_e8m0fnu",
            DType::F6E2M3FN => "float6_e2m3fn",
            DType::F6E3M2FN => "float6_e3m2fn",
            DType::F4E2M1FN => "float4_e2m1fn",
            DType::C64 => "complex64",
            DType::C128 => "complex128",
        }
    }

    /// Stable one-byte code used by the `.pjx` format. Never renumber.
    pub fn code(self) -> u8 {
        match self {
            DType::I1 => 1,
            DType::I8 => 2,
            DType::I16 => 3,
            DType::I32 => 4,
            DType::I64 => 5,
            DType::U8 => 6,
            DType::U16 => 7,
            DType::U32 => 8,
            DType::U64 => 9,
            DType::F16 => 10,
            DType::BF16 => 11,
            DType::F32 => 12,
            DType::F64 => 13,
            DType::I2 => 14,
            DType::I4 => 15,
            DType::U2 => 16,
            DType::U4 => 17,
            DType::F8E4M3FN => 18,
            DType::F8E5M2 => 19,
            DType::F8E4M3FNUZ => 20,
            DType::F8E5M2FNUZ => 21,
            DType::F8E4M3B11FNUZ => 22,
            DType::F8E3M4 => 23,
            DType::F8E4M3 => 24,
            DType::F8E8M0FNU => 25,
            DType::F6E2M3FN => 26,
            DType::F6E3M2FN => 27,
            DType::F4E2M1FN => 28,
            DType::C64 => 29,
            DType::C128 => 30,
        }
    }

    /// True for the integer types narrower than their one-byte storage (`I2`, `I4`, `U2`,
    /// `U4`), whose results must be wrapped back to the canonical byte after each op.
    pub fn is_sub_byte_int(self) -> bool {
        matches!(self, DType::I2 | DType::I4 | DType::U2 | DType::U4)
    }

    /// The smallest and largest value of an integer type, as i128.
    pub fn int_range(self) -> (i128, i128) {
        let b = self.bits();
        if self.is_signed_int() {
            (-(1i128 << (b - 1)), (1i128 << (b - 1)) - 1)
        } else {
            (0, (1i128 << b) - 1)
        }
    }

    /// Wraps an exact integer to this integer type (two's complement at `bits()`) and
    /// returns its canonical storage bits, zero-extended to u64 (`I4` -1 is `0x0f`).
    pub fn wrap_int(self, v: i128) -> u64 {
        match self.bits() {
            64 => v as u64,
            b => (v as u64) & ((1u64 << b) - 1),
        }
    }

    /// The exact value of canonical (or any: upper bits are ignored) storage bits of an
    /// integer type, zero-extended to u64: sign-extended from `bits()` for signed types.
    pub fn int_value(self, bits: u64) -> i128 {
        let b = self.bits();
        if self.is_signed_int() {
            (((bits << (64 - b)) as i64) >> (64 - b)) as i128
        } else if b == 64 {
            bits as i128
        } else {
            (bits & ((1u64 << b) - 1)) as i128
        }
    }

    pub fn from_code(code: u8) -> Option<DType> {
        DType::ALL.into_iter().find(|d| d.code() == code)
    }

    /// XLA's `PrimitiveType` number (xla/xla_data.proto), what HloModuleProto and
    /// ShapeProto carry; `None` for the f6 types, which have none in the XLA pjrtc reads.
    pub fn xla_primitive_type(self) -> Option<i32> {
        Some(match self {
            DType::I1 => 1,
            DType::I8 => 2,
            DType::I16 => 3,
            DType::I32 => 4,
            DType::I64 => 5,
            DType::U8 => 6,
            DType::U16 => 7,
            DType::U32 => 8,
            DType::U64 => 9,
            DType::F16 => 10,
            DType::F32 => 11,
            DType::F64 => 12,
            DType::C64 => 15,
            DType::BF16 => 16,
            DType::C128 => 18,
            DType::F8E5M2 => 19,
            DType::F8E4M3FN => 20,
            DType::I4 => 21,
            DType::U4 => 22,
            DType::F8E4M3B11FNUZ => 23,
            DType::F8E5M2FNUZ => 24,
            DType::F8E4M3FNUZ => 25,
            DType::I2 => 26,
            DType::U2 => 27,
            DType::F8E4M3 => 28,
            DType::F8E3M4 => 29,
            DType::F4E2M1FN => 32,
            DType::F8E8M0FNU => 33,
            DType::F6E2M3FN | DType::F6E3M2FN => return None,
        })
    }

    pub fn from_xla_primitive_type(code: i32) -> Option<DType> {
        DType::ALL
            .into_iter()
            .find(|d| d.xla_primitive_type() == Some(code))
    }
}

impl fmt::Display for DType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.mlir_name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xla_primitive_types_round_trip() {
        for d in DType::ALL {
            if let Some(code) = d.xla_primitive_type() {
                assert_eq!(DType::from_xla_primitive_type(code), Some(d), "{d}");
            }
        }
        // xla_data.proto's numbers for a few (13 is TUPLE, not an array type).
        assert_eq!(DType::F32.xla_primitive_type(), Some(11));
        assert_eq!(DType::BF16.xla_primitive_type(), Some(16));
        assert_eq!(DType::F4E2M1FN.xla_primitive_type(), Some(32));
        assert_eq!(DType::from_xla_primitive_type(13), None);
    }

    #[test]
    fn codes_and_names_round_trip() {
        for d in DType::ALL {
            assert_eq!(DType::from_code(d.code()), Some(d));
            assert_eq!(DType::from_mlir_name(d.mlir_name()), Some(d));
        }
        assert_eq!(DType::from_code(0), None);
        assert_eq!(DType::from_mlir_name("f8"), None);
    }

    #[test]
    fn sub_byte_ints_wrap_to_their_canonical_byte() {
        assert_eq!(DType::I4.wrap_int(-1), 0x0f);
        assert_eq!(DType::I4.wrap_int(7), 7);
        assert_eq!(DType::I4.wrap_int(8), 0x08); // wraps to -8
        assert_eq!(DType::I4.int_value(0x08), -8);
        assert_eq!(DType::I4.int_value(0xf7), 7); // upper bits ignored, as ml_dtypes does
        assert_eq!(DType::I2.wrap_int(2), 2);
        assert_eq!(DType::I2.int_value(2), -2);
        assert_eq!(DType::U4.wrap_int(-1), 0x0f);
        assert_eq!(DType::U4.int_value(0xff), 15);
        assert_eq!(DType::U2.wrap_int(5), 1);
        assert_eq!(DType::I8.wrap_int(-1), 0xff);
        assert_eq!(DType::I32.wrap_int(-1), 0xffff_ffff);
        assert_eq!(DType::I64.wrap_int(-1), u64::MAX);
        assert_eq!(DType::I64.int_value(u64::MAX), -1);
        assert_eq!(DType::U64.int_value(u64::MAX), u64::MAX as i128);
        for d in DType::ALL
            .into_iter()
            .filter(|d| d.is_int() && *d != DType::I1)
        {
            let (lo, hi) = d.int_range();
            assert_eq!(d.int_value(d.wrap_int(lo)), lo, "{d}");
            assert_eq!(d.int_value(d.wrap_int(hi)), hi, "{d}");
            assert_eq!(d.int_value(d.wrap_int(hi + 1)), lo, "{d}");
        }
        assert_eq!(DType::I4.int_range(), (-8, 7));
        assert_eq!(DType::U2.int_range(), (0, 3));
    }
}
