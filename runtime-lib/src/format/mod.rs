//! The `.pjx` artifact: schema (this file), encoder (`write.rs`) and validating decoder
//! (`read.rs`).
//!
//! The schema is owned by neither the compiler nor the runtime: the compiler fills a
//! [`Pjx`] and calls [`Pjx::to_bytes`]; the runtime calls [`Pjx::from_bytes`], which checks
//! every byte (magic, version, section table, checksum, every offset and size against its
//! region) so that nothing later needs to bounds-check again. Version it as a schema: add
//! fields at the end of a section and bump [`FORMAT_VERSION`] on any change.

pub mod analysis;
pub mod call;
mod collective;
mod describe;
mod dynamic;
pub mod linalg;
mod read;
mod write;

pub use call::{CallAttr, CallBuffer, CustomCall};
pub use collective::*;
pub use describe::{buf, dynamic_lines, region, step_line};
pub use linalg::{Linalg, Routine};
pub use read::FormatError;

use crate::DType;
use std::sync::Arc;

/// The artifact's checksum: the low 32 bits of XXH3-64 of everything after the checksum
/// field. XXH3 rather than CRC32: it reads at memory speed (weights can be hundreds of MB)
/// and the runtime links it anyway, where crc32fast cost the size-built runner 26 KB.
pub fn checksum(bytes: &[u8]) -> u32 {
    xxhash_rust::xxh3::xxh3_64(bytes) as u32
}

/// `PJX\0`.
pub const MAGIC: [u8; 4] = *b"PJX\0";
/// Bumped on every incompatible change of the layout below.
pub const FORMAT_VERSION: u32 = 7;

/// A whole artifact, as the compiler produces it and the loader consumes it.
#[derive(Clone, Debug, PartialEq)]
pub struct Pjx {
    /// Who wrote it, e.g. `pjrtc 0.1.0`.
    pub producer: String,
    pub target: Target,
    pub signature: Signature,
    /// Bytes of scratch memory the schedule needs (one arena, offsets planned by the compiler).
    pub arena_size: u64,
    /// Constant data, used in place; every constant starts at a 64-byte aligned offset.
    pub constants: Constants,
    /// Native code and read-only data, laid out as one image (text first).
    pub code: CodeImage,
    /// Kernels: entry points into `code`.
    pub kernels: Vec<KernelEntry>,
    /// What a call runs, in order.
    pub steps: Vec<Step>,
    /// Shared libraries whose XLA FFI handlers the custom calls use (`pjrtc compile
    /// --ffi-lib`); the runtime loads them with the artifact.
    pub ffi_libraries: Vec<FfiLibrary>,
    /// For a program with dynamic dimensions compiled once for bounds on them: what the
    /// caller sees (see [`DynamicShapes`]). `None` for a static program.
    pub dynamic: Option<DynamicShapes>,
}

/// A program with dynamic dimensions (`tensor<?x128xf32>`) compiled once for every size up
/// to a bound, as XLA's bounded dynamic shapes are: the compiled program ([`Pjx::signature`])
/// is static, every dynamic dimension at its bound, each input padded to that bound, and
/// it takes each input's actual sizes as extra scalar inputs and returns each output's
/// actual sizes (and its shape assertions' values) as extra scalar outputs.
///
/// The compiled program's inputs are the caller's inputs (at their bounds) followed by the
/// size inputs; its outputs are the caller's outputs (at their bounds) followed by the
/// size and assertion outputs. Every slot named below indexes those lists.
///
/// A call: each input's dimensions are checked against [`DynamicShapes::inputs`] (static
/// ones equal, dynamic ones at most their bound, dimensions of one symbol equal), copied
/// into a zeroed buffer of the bound shape (the valid region at the low corner, row-major
/// in the bound shape), its sizes passed as i64 scalars; after the run every assertion is
/// checked (failing: [`Assertion::message`] with `{i}` replaced by its i-th value), and each
/// output's valid region (its sizes read from the size outputs, each at most its bound)
/// copied out into a tensor of that shape.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct DynamicShapes {
    /// One per caller input, in order: its dtype, and its dimensions.
    pub inputs: Vec<DynamicTensor>,
    /// One per caller output.
    pub outputs: Vec<DynamicTensor>,
    /// Shape assertions (`@shape_assertion` of `jax.export`), checked after every call.
    pub assertions: Vec<Assertion>,
}

/// A caller-visible tensor of a [`DynamicShapes`] program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DynamicTensor {
    pub name: String,
    pub dtype: DType,
    pub dims: Vec<Dim>,
}

/// One dimension of a [`DynamicTensor`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dim {
    Static(u64),
    /// A size known at call time, at most `bound`. `symbol` is the name `jax.export` gave
    /// it (`b`), or empty when the program does not say. For an input, `slot` is the
    /// compiled program's input (an i64 scalar) that receives the size; for an output, the
    /// compiled program's output (an i64 scalar) that holds it.
    Dynamic {
        symbol: String,
        bound: u64,
        slot: u32,
    },
}

/// A condition on the sizes the program checks (`@shape_assertion`): the compiled
/// program's output `pred` (an i1 scalar) must be true; `values` are outputs (i64 scalars)
/// substituted for `{0}`, `{1}`, ... in `message`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assertion {
    pub pred: u32,
    pub values: Vec<u32>,
    pub message: String,
}

/// A shared library carried by an artifact, and the handler symbols it provides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FfiLibrary {
    /// Its file name, for messages.
    pub name: String,
    pub bytes: Arc<Vec<u8>>,
    /// `(custom call target, exported symbol of its XLA_FFI_Handler)`.
    pub handlers: Vec<(String, String)>,
}

/// The constants section: byte strings at 64-byte aligned offsets, zeros between them.
/// The compiler's pieces are the parsed literals' bytes, shared rather than copied (the
/// weights can be most of an artifact, and copying megabytes into fresh memory costs
/// more than the rest of lowering); the writer writes them out piece by piece. A decoded
/// artifact has one piece. Equality compares the bytes, not how they are split.
#[derive(Clone, Debug, Default)]
pub struct Constants {
    /// (offset, bytes), in offset order, each offset 64-byte aligned and past the end
    /// of the piece before.
    pieces: Vec<(usize, Arc<Vec<u8>>)>,
    len: usize,
}

/// Alignment of each piece of [`Constants`].
pub const CONSTANT_ALIGN: usize = 64;

impl Constants {
    /// Appends `bytes` at the next 64-byte aligned offset, which it returns.
    pub fn push(&mut self, bytes: Arc<Vec<u8>>) -> usize {
        let offset = self.len.next_multiple_of(CONSTANT_ALIGN);
        self.len = offset + bytes.len();
        self.pieces.push((offset, bytes));
        offset
    }

    /// Length in bytes, up to the end of the last piece.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn clear(&mut self) {
        *self = Constants::default();
    }

    /// The pieces as (offset, bytes), in order; the bytes between them are zero.
    pub fn pieces(&self) -> impl Iterator<Item = (usize, &[u8])> {
        self.pieces.iter().map(|(o, b)| (*o, b.as_slice()))
    }

    /// Writes the section's bytes into `out`, which is `len()` long and zeroed.
    pub fn copy_into(&self, out: &mut [u8]) {
        for (offset, bytes) in self.pieces() {
            out[offset..offset + bytes.len()].copy_from_slice(bytes);
        }
    }

    /// The section's bytes in one buffer.
    pub fn to_vec(&self) -> Vec<u8> {
        let mut out = vec![0; self.len];
        self.copy_into(&mut out);
        out
    }
}

impl From<Vec<u8>> for Constants {
    fn from(bytes: Vec<u8>) -> Constants {
        let mut c = Constants::default();
        if !bytes.is_empty() {
            c.push(Arc::new(bytes));
        }
        c
    }
}

impl FromIterator<u8> for Constants {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Constants {
        Vec::from_iter(iter).into()
    }
}

impl PartialEq for Constants {
    fn eq(&self, other: &Constants) -> bool {
        match (self.pieces.as_slice(), other.pieces.as_slice()) {
            ([], []) => true,
            ([(0, a)], [(0, b)]) => a == b,
            _ => self.len == other.len && self.to_vec() == other.to_vec(),
        }
    }
}

/// The machine an artifact was compiled for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// `x86_64-unknown-linux-gnu`, `aarch64-unknown-linux-gnu`.
    pub triple: String,
    /// CPU features the code uses (`avx`, `avx2`, `fma`, ...), checked at load.
    pub features: Vec<String>,
}

/// The entry function's parameters and results.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Signature {
    pub inputs: Vec<TensorSpec>,
    pub outputs: Vec<TensorSpec>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TensorSpec {
    /// A name for messages (`%arg0`, or the `jax.result_info` of an output); may be empty.
    pub name: String,
    pub dtype: DType,
    pub shape: Vec<u64>,
    /// For an output: the input whose buffer it may reuse (`tf.aliasing_output`), if any.
    pub alias_of_input: Option<u32>,
}

impl TensorSpec {
    /// Bytes of a dense tensor of this spec (the decoder has checked it does not overflow).
    pub fn byte_size(&self) -> u64 {
        crate::tensor::byte_size(self.dtype, &self.shape).unwrap_or(usize::MAX) as u64
    }
}

/// Native code: one position-dependent image in which the compiler has already resolved
/// every internal reference. What is left for the loader are 64-bit absolute slots that
/// must receive the address of a runtime import (see [`crate::imports`]).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct CodeImage {
    pub bytes: Vec<u8>,
    /// `bytes[..text_len]` is mapped executable, the rest read-only.
    pub text_len: u64,
    pub relocs: Vec<ImportReloc>,
}

/// Write the absolute address of import `import` (an index into the runtime's import table,
/// by name in `imports`) as a little-endian u64 at `offset` in the code image, plus `addend`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImportReloc {
    pub offset: u64,
    pub import: u32,
    pub addend: i64,
}

/// One compiled kernel: `extern "C" fn(bindings: *const *mut u8, begin: u64, end: u64)`,
/// computing workgroups `[begin, end)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelEntry {
    pub name: String,
    /// Offset of the function in the code image's text.
    pub offset: u64,
}

/// Where a buffer lives, as a byte range of one memory region.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BufRef {
    pub region: Region,
    pub offset: u64,
    pub size: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Region {
    /// The caller's input `i`.
    Input(u32),
    /// Output `i`, allocated by the runtime for each call.
    Output(u32),
    /// The per-call scratch arena.
    Arena,
    /// The artifact's constant section.
    Constant,
}

/// One step of the schedule.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// Run kernel `kernel` over workgroups `[0, workgroups)` with these buffers bound in order
    /// (the first [`Extent::units`] of them with an `extent`).
    Dispatch {
        kernel: u32,
        bindings: Vec<BufRef>,
        workgroups: u64,
        extent: Option<Extent>,
    },
    /// Batched matrix multiply, see [`Gemm`].
    Gemm(Gemm),
    /// Direct convolution in canonical layout, see [`Conv`].
    Conv(Conv),
    /// `dst = src` (equal sizes).
    Copy { src: BufRef, dst: BufRef },
    /// A loop: run `cond`, then read the i1 byte at `pred`; if it is non-zero run `body`
    /// and start over. The carried values live in fixed buffers that both lists read and
    /// `body` rewrites (the compiler adds copies where an in-place update is not safe).
    While {
        cond: Vec<Step>,
        pred: BufRef,
        body: Vec<Step>,
    },
    /// Runs one of `branches`: the one numbered by the value at `index`, an unsigned byte
    /// if `index` is 1 byte (an i1 predicate: `if` is a case over `[false, true]`) or an
    /// i32 if it is 4 bytes. An index out of range, negative included, selects the last
    /// branch (StableHLO `case`).
    Case {
        index: BufRef,
        branches: Vec<Vec<Step>>,
    },
    /// Sorts slices of equal-shaped operands together, see [`Sort`].
    Sort(Sort),
    /// Softmax along the rows of an f32 matrix, see [`Softmax`].
    Softmax(Softmax),
    /// The first `k` of each slice in a sort by one key, see [`TopK`].
    TopK(TopK),
    /// A LAPACK-style routine over a batch of matrices, see [`Linalg`].
    Linalg(Linalg),
    /// A call of an XLA FFI handler, see [`CustomCall`].
    CustomCall(CustomCall),
    /// Fourier transforms over the last dimensions of a batch, see [`Fft`].
    Fft(Fft),
    /// Communication with the other devices running the program, see [`Collective`].
    Collective(Collective),
}

/// The leading part of a step's work that a size read at run time asks for, in a program
/// compiled for bounded dynamic shapes (format version 7): the rows of the step's output
/// past that size are padding no later step reads, so the step leaves them unwritten.
/// The units are workgroups of a dispatch, batches, rows, columns or terms of a [`Gemm`],
/// images of a [`Conv`], rows of a [`Softmax`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Extent {
    /// An i64: the number of the output's leading rows that hold data.
    pub count: BufRef,
    /// Units per `block` rows (at least 1).
    pub per: u64,
    pub block: u64,
}

impl Extent {
    /// How many of `full` units cover `rows` leading rows (negative: none):
    /// `ceil(rows * per / block)`, at most `full`.
    pub fn units(&self, rows: i64, full: u64) -> u64 {
        let rows = rows.max(0) as u64;
        rows.saturating_mul(self.per)
            .div_ceil(self.block.max(1))
            .min(full)
    }
}

/// Nesting limit of [`Step::While`] and [`Step::Case`] step lists; deeper is malformed.
pub const MAX_NESTING: usize = 64;

impl Step {
    /// The step lists nested in this step (loop condition and body, case branches).
    pub fn nested(&self) -> Vec<&[Step]> {
        match self {
            Step::While { cond, body, .. } => vec![cond, body],
            Step::Case { branches, .. } => branches.iter().map(|b| b.as_slice()).collect(),
            _ => Vec::new(),
        }
    }

    /// Mutable [`Step::nested`].
    pub fn nested_mut(&mut self) -> Vec<&mut Vec<Step>> {
        match self {
            Step::While { cond, body, .. } => vec![cond, body],
            Step::Case { branches, .. } => branches.iter_mut().collect(),
            _ => Vec::new(),
        }
    }
}

/// Calls `f` on every step of `steps` and of the lists nested in them, parents first.
pub fn walk_steps<'a>(steps: &'a [Step], f: &mut impl FnMut(&'a Step)) {
    for s in steps {
        f(s);
        for inner in s.nested() {
            walk_steps(inner, f);
        }
    }
}

/// Mutable [`walk_steps`].
pub fn walk_steps_mut(steps: &mut [Step], f: &mut impl FnMut(&mut Step)) {
    for s in steps {
        f(s);
        for inner in s.nested_mut() {
            walk_steps_mut(inner, f);
        }
    }
}

/// `stablehlo.sort`: for every 1-d slice along `dimension` of `shape`, a stable merge sort
/// of the slice's positions ordered by kernel `comparator`, then each operand's elements
/// permuted into its output. The comparator is an ordinary kernel with a single point whose
/// bindings are 0-d buffers `lhs_0, rhs_0, lhs_1, rhs_1, ..., out` (`out` an i1 byte, true
/// if lhs goes before rhs); the runtime points them at the two elements compared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sort {
    pub comparator: u32,
    pub dimension: u32,
    pub shape: Vec<u64>,
    pub operands: Vec<SortOperand>,
    /// `is_stable`; the runtime always sorts stably, so this is informational.
    pub stable: bool,
}

/// `dst[r] = exp(src[r] - max(src[r])) * (1 / sum(exp(src[r] - max(src[r]))))` for each
/// of `rows` rows of `cols` f32 (row-major, dense): the maximum from -inf, the sum from +0
/// in the order of generated row sums, each value as the separate operations round it.
/// `src` and `dst` are the same buffer or disjoint. (Runtimes before 2026-11-28 divided by
/// the sum instead, correctly rounded; the compiler's `reciprocal` pass made the multiply
/// its form. The two differ by at most about 1.5 ulp, so the layout stays version 5.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Softmax {
    pub src: BufRef,
    pub dst: BufRef,
    pub rows: u64,
    pub cols: u64,
    /// Rows a run-time size asks for.
    pub extent: Option<Extent>,
}

/// A sort whose results are read only up to position `k` along `dimension` (`top_k`: a
/// stable sort by one key, then the first `k`), run as a selection: for every 1-d slice
/// along `dimension` of `shape`, the positions of its `k` first elements in the order of
/// operand 0 (the key: ascending, or descending with `descending`, compared as `order`
/// says), equal keys in position order, then each operand's elements at those positions
/// into its output, of `shape` with `k` along `dimension`. An operand without input is an
/// iota along `dimension` (the positions themselves, in its integer type).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TopK {
    pub dimension: u32,
    pub shape: Vec<u64>,
    pub k: u64,
    pub descending: bool,
    pub order: KeyOrder,
    pub operands: Vec<TopKOperand>,
}

/// How [`TopK`] compares keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyOrder {
    /// Floats in IEEE total order: -NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN.
    FloatTotal,
    /// Integers as two's complement (i1 holds 0 or 1).
    Signed,
    Unsigned,
}

impl KeyOrder {
    /// Whether [`TopK`] compares keys of `dtype` in this order.
    pub fn admits(self, dtype: DType) -> bool {
        match self {
            KeyOrder::FloatTotal => {
                matches!(dtype, DType::F16 | DType::BF16 | DType::F32 | DType::F64)
            }
            KeyOrder::Signed | KeyOrder::Unsigned => {
                (dtype.is_int() && !dtype.is_sub_byte_int()) || dtype == DType::I1
            }
        }
    }
}

/// One operand of a [`TopK`]; `input` is `None` for the positions (an iota).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TopKOperand {
    pub dtype: DType,
    pub input: Option<BufRef>,
    pub output: BufRef,
}

/// `stablehlo.fft` of a batch: `batch` transforms, each over `lengths` (1 to 3 dimensions,
/// outermost first), of dense row-major data. Complex values are pairs of `dtype` (F32 or
/// F64), real part first. Per transform:
///
/// - `Fft`/`Ifft`: `prod(lengths)` complex values in and out; the inverse is scaled by
///   `1 / prod(lengths)`.
/// - `Rfft`: `prod(lengths)` reals in; out the non-negative frequencies of the last
///   dimension, `prod(lengths[..-1]) * (lengths[-1] / 2 + 1)` complex values.
/// - `Irfft`: the inverse of `Rfft` (complex values in that shape in, reals out, scaled);
///   the imaginary parts of the last dimension's zero frequency (and of `lengths[-1] / 2`
///   for even lengths), which a real signal's transform cannot have, are ignored.
///
/// `input` and `output` are disjoint; the input is only read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fft {
    pub kind: FftKind,
    pub dtype: DType,
    pub batch: u64,
    pub lengths: Vec<u64>,
    pub input: BufRef,
    pub output: BufRef,
}

/// The four transforms of `stablehlo.fft`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FftKind {
    Fft,
    Ifft,
    Rfft,
    Irfft,
}

impl FftKind {
    /// Elements (complex or real, as the kind reads them) of one transform's input and
    /// output, `None` on overflow.
    pub fn counts(self, lengths: &[u64]) -> Option<(u64, u64)> {
        let (&last, outer) = lengths.split_last()?;
        let outer = outer.iter().try_fold(1u64, |a, &d| a.checked_mul(d))?;
        let full = outer.checked_mul(last)?;
        // An empty last dimension stays empty (not `0 / 2 + 1`).
        let half = outer.checked_mul(if last == 0 { 0 } else { last / 2 + 1 })?;
        Some(match self {
            FftKind::Fft | FftKind::Ifft => (full, full),
            FftKind::Rfft => (full, half),
            FftKind::Irfft => (half, full),
        })
    }

    /// Whether the input (`side` false) or the output (`side` true) holds complex values.
    pub fn is_complex(self, output: bool) -> bool {
        match self {
            FftKind::Fft | FftKind::Ifft => true,
            FftKind::Rfft => output,
            FftKind::Irfft => !output,
        }
    }
}

/// One operand of a [`Sort`]: a dense row-major tensor of the sort's shape, and where its
/// sorted copy goes (disjoint from every input and other output).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SortOperand {
    pub dtype: DType,
    pub input: BufRef,
    pub output: BufRef,
}

/// A strided view of a batch of matrices: element `(b, i, j)` is at
/// `buf + (b * batch_stride + i * row_stride + j * col_stride) * dtype.size()`.
/// Strides are in elements and never negative.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatrixView {
    pub buf: BufRef,
    pub batch_stride: u64,
    pub row_stride: u64,
    pub col_stride: u64,
}

/// `out[b] = epilogue(lhs[b] (m x k) * rhs[b] (k x n))` for `b` in `0..batch`. `out` is
/// overwritten. For f16/bf16 the products are accumulated in f32 and rounded once.
///
/// `dtype` is the output's element type; the operands have `lhs_dtype` and `rhs_dtype`,
/// which are `dtype` too except for 8-bit integers (i8 or u8, in any combination) into
/// i32, whose products and sums are exact in wrapping i32 (format version 5), and bf16
/// into f32 (a `dot_general` with `preferred_element_type` f32: the exact bf16 products
/// summed in f32, not rounded to bf16). The layout is version 5's; a runtime from before
/// the bf16 case refuses such a step by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gemm {
    pub dtype: DType,
    pub lhs_dtype: DType,
    pub rhs_dtype: DType,
    pub batch: u64,
    pub m: u64,
    pub n: u64,
    pub k: u64,
    pub lhs: MatrixView,
    pub rhs: MatrixView,
    pub out: MatrixView,
    pub epilogue: Epilogue,
    /// The batches, rows (`m`) and columns (`n`) of `out` run-time sizes ask for, and the
    /// terms of each sum (`k`) when the operands are zero past a size along it.
    pub extents: [Option<Extent>; 4],
}

impl Gemm {
    /// Whether a Gemm may multiply operands of these types into `out`: the same type,
    /// 8-bit integers into i32, or bf16 into f32.
    pub fn supports(out: DType, lhs: DType, rhs: DType) -> bool {
        let byte = |d: DType| matches!(d, DType::I8 | DType::U8);
        (lhs == out && rhs == out)
            || (out == DType::I32 && byte(lhs) && byte(rhs))
            || (out == DType::F32 && lhs == DType::BF16 && rhs == DType::BF16)
    }
}

/// What a [`Gemm`] or [`Conv`] does to each element of its output once the element's sum
/// is complete: `activation(sum * scale[j] + bias[j])` for column (output feature) `j`,
/// each operation rounded as the separate StableHLO ops would round it (`multiply`,
/// `add`, then the activation's ops), so fusing them changes no result bit. f32 only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Epilogue {
    /// `n` contiguous elements, the same for every row and product; `None`: no scale.
    pub scale: Option<BufRef>,
    /// `n` contiguous elements; `None`: no bias.
    pub bias: Option<BufRef>,
    pub activation: Activation,
}

impl Epilogue {
    /// Whether this epilogue leaves the product as it is.
    pub fn is_identity(&self) -> bool {
        self.scale.is_none() && self.bias.is_none() && self.activation == Activation::None
    }
}

/// The elementwise function at the end of an [`Epilogue`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Activation {
    #[default]
    None,
    /// StableHLO `maximum(x, +0.0)`: NaN stays NaN, and -0 becomes +0.
    Relu,
    /// StableHLO `minimum(maximum(x, lo), hi)` with `lo < hi`, neither NaN, as f32 bits
    /// (relu6 is `Clamp(0, 6)`): NaN stays NaN; zeros compare as `-0 < +0`.
    Clamp { lo: u32, hi: u32 },
}

/// N-d convolution (cross-correlation, as StableHLO defines it) in the canonical layouts
///
/// - input  `[batch, in_spatial..., in_features]`,
/// - kernel `[kernel_spatial..., in_features / feature_groups, out_features]`,
/// - output `[out_batch, out_spatial..., out_features]` with
///   `out_batch = batch / batch_groups`,
///
/// all dense row-major. The compiler transposes into and out of these layouts and reverses
/// the kernel for `window_reversal`. Semantics are StableHLO's `convolution` with these
/// dimension numbers (padding may be negative; dilations >= 1; strides >= 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conv {
    pub dtype: DType,
    pub input: BufRef,
    pub kernel: BufRef,
    pub output: BufRef,
    pub batch: u64,
    pub in_features: u64,
    pub out_features: u64,
    pub in_spatial: Vec<u64>,
    pub kernel_spatial: Vec<u64>,
    pub out_spatial: Vec<u64>,
    pub strides: Vec<u64>,
    /// `(low, high)` per spatial dim; negative values crop.
    pub padding: Vec<(i64, i64)>,
    pub lhs_dilation: Vec<u64>,
    pub rhs_dilation: Vec<u64>,
    pub feature_groups: u64,
    pub batch_groups: u64,
    /// Applied to each output element (its column is its output feature).
    pub epilogue: Epilogue,
    /// The images (`batch`, with one batch group) a run-time size asks for.
    pub extent: Option<Extent>,
}
