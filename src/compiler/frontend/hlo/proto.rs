//! The fields of `xla/service/hlo.proto` and `xla/xla_data.proto` (openxla/xla) that the
//! HLO front end reads, and a protobuf wire-format reader for them. Field numbers are the
//! protos'; fields pjrtc does not read are skipped.
//!
//! The wire format (keys, varints, wire types) is prost's (`prost::encoding`, without its
//! derive: prost-derive turns on syn features no other dependency uses, which rebuilds every
//! proc-macro crate and what depends on them); the messages below map field numbers to
//! the fields the front end reads and skip the rest.

/// A malformed protobuf: what was wrong and at which byte of the enclosing message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError(pub String);

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

use prost::encoding::{WireType, decode_key, decode_varint};

type Result<T> = std::result::Result<T, DecodeError>;

fn err<T>(msg: impl Into<String>) -> Result<T> {
    Err(DecodeError(msg.into()))
}

/// One field's value as the wire format carries it.
#[derive(Clone, Copy, Debug)]
pub enum Field<'a> {
    Varint(u64),
    Fixed64(u64),
    Bytes(&'a [u8]),
    Fixed32(u32),
}

/// A varint at `pos`, by prost's decoder; `pos` moves past it.
fn varint(buf: &[u8], pos: &mut usize) -> Result<u64> {
    let mut rest = buf.get(*pos..).unwrap_or_default();
    let before = rest.len();
    let v = decode_varint(&mut rest).map_err(|e| DecodeError(format!("{e} at byte {}", *pos)))?;
    *pos += before - rest.len();
    Ok(v)
}

/// The next `n` bytes of field `number` (which starts at byte `start`).
fn take<'a>(
    buf: &'a [u8],
    pos: &mut usize,
    n: usize,
    number: u32,
    start: usize,
) -> Result<&'a [u8]> {
    let end = pos
        .checked_add(n)
        .filter(|&e| e <= buf.len())
        .ok_or_else(|| DecodeError(format!("field {number} at byte {start} runs past the end")))?;
    let s = &buf[*pos..end];
    *pos = end;
    Ok(s)
}

/// The fields of a message, in order: (field number, value). Keys and varints are read by
/// prost's wire-format decoder; this walks a message without decoding it into a struct
/// so that each message below keeps only the fields pjrtc reads.
pub fn fields(buf: &[u8]) -> impl Iterator<Item = Result<(u32, Field<'_>)>> {
    let mut pos = 0;
    std::iter::from_fn(move || {
        if pos >= buf.len() {
            return None;
        }
        let start = pos;
        let next = (|| {
            let mut rest = &buf[pos..];
            let before = rest.len();
            let (number, wire) =
                decode_key(&mut rest).map_err(|e| DecodeError(format!("{e} at byte {start}")))?;
            pos += before - rest.len();
            let field = match wire {
                WireType::Varint => Field::Varint(varint(buf, &mut pos)?),
                WireType::SixtyFourBit => Field::Fixed64(u64::from_le_bytes(
                    take(buf, &mut pos, 8, number, start)?
                        .try_into()
                        .unwrap_or([0; 8]),
                )),
                WireType::LengthDelimited => {
                    let n = varint(buf, &mut pos)?;
                    let n =
                        usize::try_from(n).map_err(|_| DecodeError("length too large".into()))?;
                    Field::Bytes(take(buf, &mut pos, n, number, start)?)
                }
                WireType::ThirtyTwoBit => Field::Fixed32(u32::from_le_bytes(
                    take(buf, &mut pos, 4, number, start)?
                        .try_into()
                        .unwrap_or([0; 4]),
                )),
                WireType::StartGroup | WireType::EndGroup => {
                    return err(format!(
                        "field {number} at byte {start}: groups are not used by HLO protos"
                    ));
                }
            };
            Ok((number, field))
        })();
        if next.is_err() {
            pos = buf.len(); // stop after the first error
        }
        Some(next)
    })
}

/// A message read field by field.
pub trait Message: Default {
    fn merge(&mut self, number: u32, field: Field<'_>) -> Result<()>;

    fn decode(buf: &[u8]) -> Result<Self> {
        Self::decode_nested(buf, 0)
    }

    fn decode_nested(buf: &[u8], depth: usize) -> Result<Self> {
        if depth > MAX_DEPTH {
            return err(format!("messages nested deeper than {MAX_DEPTH}"));
        }
        DEPTH.with(|d| d.set(depth));
        let mut m = Self::default();
        for f in fields(buf) {
            let (number, field) = f?;
            m.merge(number, field)?;
        }
        Ok(m)
    }
}

/// Nesting bound (protobuf's own default recursion limit), so a crafted input cannot
/// overflow the stack.
const MAX_DEPTH: usize = 100;

thread_local! {
    static DEPTH: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

fn nested<M: Message>(f: Field<'_>) -> Result<M> {
    match f {
        Field::Bytes(b) => {
            let depth = DEPTH.with(|d| d.get());
            let m = M::decode_nested(b, depth + 1);
            DEPTH.with(|d| d.set(depth));
            m
        }
        _ => err("a message field is not length-delimited"),
    }
}

fn int(f: Field<'_>) -> Result<u64> {
    match f {
        Field::Varint(v) => Ok(v),
        _ => err("an integer field is not a varint"),
    }
}

fn bytes(f: Field<'_>) -> Result<&[u8]> {
    match f {
        Field::Bytes(b) => Ok(b),
        _ => err("a string or bytes field is not length-delimited"),
    }
}

/// Repeated varints, packed or not.
fn ints(f: Field<'_>, out: &mut Vec<u64>) -> Result<()> {
    match f {
        Field::Varint(v) => out.push(v),
        Field::Bytes(b) => {
            let mut pos = 0;
            while pos < b.len() {
                out.push(varint(b, &mut pos)?);
            }
        }
        _ => return err("a repeated integer field has the wrong wire type"),
    }
    Ok(())
}

/// Repeated fixed-width values, packed or not.
fn fixed<const N: usize>(f: Field<'_>, out: &mut Vec<[u8; N]>) -> Result<()> {
    match f {
        Field::Fixed32(v) if N == 4 => out.push(v.to_le_bytes()[..N].try_into().unwrap_or([0; N])),
        Field::Fixed64(v) if N == 8 => out.push(v.to_le_bytes()[..N].try_into().unwrap_or([0; N])),
        Field::Bytes(b) if b.len() % N == 0 => {
            out.extend(b.chunks_exact(N).map(|c| c.try_into().unwrap_or([0; N])))
        }
        _ => return err("a repeated float field has the wrong wire type or length"),
    }
    Ok(())
}

/// How a field is read: its Rust type and the merge of one occurrence.
macro_rules! field_kind {
    (@ty int64) => { i64 };
    (@ty int32) => { i32 };
    (@ty float) => { f32 };
    (@ty bool) => { bool };
    (@ty string) => { String };
    (@ty bytes) => { Vec<u8> };
    (@ty ints) => { Vec<i64> };
    (@ty ints32) => { Vec<i32> };
    (@ty uints32) => { Vec<u32> };
    (@ty uints64) => { Vec<u64> };
    (@ty bools) => { Vec<bool> };
    (@ty floats) => { Vec<f32> };
    (@ty doubles) => { Vec<f64> };
    (@ty msg $t:ty) => { Option<$t> };
    (@ty msgs $t:ty) => { Vec<$t> };

    (@merge int64, $dst:expr, $f:expr) => { $dst = int($f)? as i64 };
    (@merge int32, $dst:expr, $f:expr) => { $dst = int($f)? as i32 };
    (@merge bool, $dst:expr, $f:expr) => { $dst = int($f)? != 0 };
    (@merge float, $dst:expr, $f:expr) => {
        $dst = match $f {
            Field::Fixed32(v) => f32::from_bits(v),
            _ => return err("a float field is not fixed32"),
        }
    };
    (@merge string, $dst:expr, $f:expr) => {
        $dst = String::from_utf8(bytes($f)?.to_vec())
            .map_err(|_| DecodeError("a string field is not UTF-8".into()))?
    };
    (@merge bytes, $dst:expr, $f:expr) => { $dst = bytes($f)?.to_vec() };
    (@merge ints, $dst:expr, $f:expr) => {{
        let mut v = Vec::new();
        ints($f, &mut v)?;
        $dst.extend(v.into_iter().map(|x| x as i64));
    }};
    (@merge ints32, $dst:expr, $f:expr) => {{
        let mut v = Vec::new();
        ints($f, &mut v)?;
        $dst.extend(v.into_iter().map(|x| x as i32));
    }};
    (@merge uints32, $dst:expr, $f:expr) => {{
        let mut v = Vec::new();
        ints($f, &mut v)?;
        $dst.extend(v.into_iter().map(|x| x as u32));
    }};
    (@merge uints64, $dst:expr, $f:expr) => { ints($f, &mut $dst)? };
    (@merge bools, $dst:expr, $f:expr) => {{
        let mut v = Vec::new();
        ints($f, &mut v)?;
        $dst.extend(v.into_iter().map(|x| x != 0));
    }};
    (@merge floats, $dst:expr, $f:expr) => {{
        let mut v = Vec::<[u8; 4]>::new();
        fixed($f, &mut v)?;
        $dst.extend(v.into_iter().map(f32::from_le_bytes));
    }};
    (@merge doubles, $dst:expr, $f:expr) => {{
        let mut v = Vec::<[u8; 8]>::new();
        fixed($f, &mut v)?;
        $dst.extend(v.into_iter().map(f64::from_le_bytes));
    }};
    (@merge msg, $dst:expr, $f:expr) => { $dst = Some(nested($f)?) };
    (@merge msgs, $dst:expr, $f:expr) => { $dst.push(nested($f)?) };
}

/// A message struct with its fields' numbers and kinds, and its [`Message`] impl.
macro_rules! message {
    ($(#[$m:meta])* pub struct $name:ident {
        $($(#[$fm:meta])* $num:literal => $field:ident : $kind:ident $(($t:ty))?,)*
    }) => {
        $(#[$m])*
        #[derive(Clone, Debug, Default, PartialEq)]
        pub struct $name {
            $($(#[$fm])* pub $field: field_kind!(@ty $kind $($t)?),)*
        }

        impl Message for $name {
            fn merge(&mut self, number: u32, f: Field<'_>) -> Result<()> {
                match number {
                    $($num => field_kind!(@merge $kind, self.$field, f),)*
                    _ => {}
                }
                Ok(())
            }
        }
    };
}

message! {
    pub struct HloModuleProto {
        1 => name: string,
        2 => entry_computation_name: string,
        6 => entry_computation_id: int64,
        3 => computations: msgs(HloComputationProto),
    }
}

message! {
    pub struct HloComputationProto {
        1 => name: string,
        2 => instructions: msgs(HloInstructionProto),
        5 => id: int64,
        6 => root_id: int64,
    }
}

message! {
    pub struct SliceDimensions {
        1 => start: int64,
        2 => limit: int64,
        3 => stride: int64,
    }
}

message! {
    pub struct HloInstructionProto {
        1 => name: string,
        2 => opcode: string,
        3 => shape: msg(ShapeProto),
        7 => metadata: msg(OpMetadata),
        8 => literal: msg(LiteralProto),
        9 => parameter_number: int64,
        13 => tuple_index: int64,
        14 => dimensions: ints,
        15 => window: msg(Window),
        16 => convolution_dimension_numbers: msg(ConvolutionDimensionNumbers),
        50 => feature_group_count: int64,
        58 => batch_group_count: int64,
        17 => slice_dimensions: msgs(SliceDimensions),
        18 => exponent_bits: int32,
        19 => mantissa_bits: int32,
        20 => dynamic_slice_sizes: ints,
        21 => padding_config: msg(PaddingConfig),
        28 => custom_call_target: string,
        30 => dot_dimension_numbers: msg(DotDimensionNumbers),
        24 => epsilon: float,
        25 => feature_index: int64,
        31 => fft_type: int32,
        32 => fft_length: ints,
        63 => comparison_direction: string,
        33 => gather_dimension_numbers: msg(GatherDimensionNumbers),
        34 => gather_slice_sizes: ints,
        35 => id: int64,
        36 => operand_ids: ints,
        38 => called_computation_ids: ints,
        43 => backend_config: bytes,
        60 => is_stable: bool,
        48 => scatter_dimension_numbers: msg(ScatterDimensionNumbers),
        59 => triangular_solve_options: msg(TriangularSolveOptions),
        62 => cholesky_options: msg(CholeskyOptions),
        65 => custom_call_has_side_effect: bool,
        67 => indices_are_sorted: bool,
        69 => unique_indices: bool,
        70 => rng_algorithm: int32,
        72 => comparison_type: string,
        77 => custom_call_api_version: int32,
        81 => k: int64,
        85 => largest: bool,
    }
}

message! {
    pub struct OpMetadata {
        1 => op_type: string,
        2 => op_name: string,
        3 => source_file: string,
        4 => source_line: int32,
    }
}

message! {
    pub struct LayoutProto {
        1 => minor_to_major: ints,
    }
}

message! {
    pub struct ShapeProto {
        2 => element_type: int32,
        3 => dimensions: ints,
        6 => is_dynamic_dimension: bools,
        4 => tuple_shapes: msgs(ShapeProto),
        5 => layout: msg(LayoutProto),
    }
}

message! {
    pub struct LiteralProto {
        1 => shape: msg(ShapeProto),
        2 => preds: bools,
        26 => s2s: bytes,
        21 => s4s: bytes,
        15 => s8s: bytes,
        27 => u2s: bytes,
        22 => u4s: bytes,
        3 => u8s: bytes,
        4 => s32s: ints32,
        5 => s64s: ints,
        6 => u32s: uints32,
        7 => u64s: uints64,
        8 => f32s: floats,
        9 => f64s: doubles,
        12 => c64s: floats,
        18 => c128s: doubles,
        10 => tuple_literals: msgs(LiteralProto),
        11 => f16s: bytes,
        13 => bf16s: bytes,
        16 => u16s: bytes,
        17 => s16s: bytes,
        32 => f4e2m1fns: bytes,
        29 => f8e3m4s: bytes,
        23 => f8e4m3b11fnuzs: bytes,
        20 => f8e4m3fns: bytes,
        25 => f8e4m3fnuzs: bytes,
        28 => f8e4m3s: bytes,
        24 => f8e5m2fnuzs: bytes,
        19 => f8e5m2s: bytes,
        33 => f8e8m0fnus: bytes,
    }
}

message! {
    pub struct PaddingConfigDimension {
        1 => edge_padding_low: int64,
        2 => edge_padding_high: int64,
        3 => interior_padding: int64,
    }
}

message! {
    pub struct PaddingConfig {
        1 => dimensions: msgs(PaddingConfigDimension),
    }
}

message! {
    pub struct WindowDimension {
        1 => size: int64,
        2 => stride: int64,
        3 => padding_low: int64,
        4 => padding_high: int64,
        5 => window_dilation: int64,
        6 => base_dilation: int64,
        7 => window_reversal: bool,
    }
}

message! {
    pub struct Window {
        1 => dimensions: msgs(WindowDimension),
    }
}

message! {
    pub struct GatherDimensionNumbers {
        1 => offset_dims: ints,
        2 => collapsed_slice_dims: ints,
        3 => start_index_map: ints,
        4 => index_vector_dim: int64,
        5 => operand_batching_dims: ints,
        6 => start_indices_batching_dims: ints,
    }
}

message! {
    pub struct ScatterDimensionNumbers {
        1 => update_window_dims: ints,
        2 => inserted_window_dims: ints,
        3 => scatter_dims_to_operand_dims: ints,
        4 => index_vector_dim: int64,
        5 => input_batching_dims: ints,
        6 => scatter_indices_batching_dims: ints,
    }
}

message! {
    pub struct ConvolutionDimensionNumbers {
        7 => input_batch_dimension: int64,
        8 => input_feature_dimension: int64,
        11 => input_spatial_dimensions: ints,
        3 => kernel_input_feature_dimension: int64,
        4 => kernel_output_feature_dimension: int64,
        6 => kernel_spatial_dimensions: ints,
        9 => output_batch_dimension: int64,
        10 => output_feature_dimension: int64,
        12 => output_spatial_dimensions: ints,
    }
}

message! {
    pub struct DotDimensionNumbers {
        1 => lhs_contracting_dimensions: ints,
        2 => rhs_contracting_dimensions: ints,
        3 => lhs_batch_dimensions: ints,
        4 => rhs_batch_dimensions: ints,
    }
}

message! {
    pub struct TriangularSolveOptions {
        1 => left_side: bool,
        2 => lower: bool,
        3 => unit_diagonal: bool,
        /// 1 NO_TRANSPOSE, 2 TRANSPOSE, 3 ADJOINT.
        4 => transpose_a: int32,
    }
}

message! {
    pub struct CholeskyOptions {
        1 => lower: bool,
    }
}
