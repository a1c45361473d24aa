//! Encoder: [`Pjx::to_bytes`].
//!
//! Layout (all little-endian):
//!
//! ```text
//! 0   magic "PJX\0"
//! 4   u32 format version
//! 8   u32 checksum of bytes[12..]: low 32 bits of XXH3-64 (`format::checksum`)
//! 12  u32 flags (0)
//! 16  u32 section count
//! 20  u32 reserved (0)
//! 24  u64 total length
//! 32  zero padding up to 64
//! 64  section table: count x { u32 id, u32 reserved, u64 offset, u64 length }
//!     sections, each at a 64-byte aligned offset, zero padding between them
//! ```
//!
//! Inside sections, strings are `u32 length + UTF-8`, lists are `u32 count + items`.
//! Step lists nest (`while`, `case`): a nested list is encoded like the top-level one.

use super::*;
use std::borrow::Cow;

pub(super) const HEADER_LEN: usize = 64;
pub(super) const CHECKSUM_OFFSET: usize = 8;
pub(super) const TABLE_ENTRY_LEN: usize = 24;
pub(super) const SECTION_ALIGN: usize = 64;

pub(super) const SEC_PRODUCER: u32 = 1;
pub(super) const SEC_TARGET: u32 = 2;
pub(super) const SEC_SIGNATURE: u32 = 3;
pub(super) const SEC_SCHEDULE: u32 = 4;
pub(super) const SEC_CONSTANTS: u32 = 5;
pub(super) const SEC_CODE: u32 = 6;
pub(super) const SEC_FFI: u32 = 7;
pub(super) const SEC_DYNAMIC: u32 = 8;

pub(super) const SECTIONS: [(u32, &str); 8] = [
    (SEC_PRODUCER, "producer"),
    (SEC_TARGET, "target"),
    (SEC_SIGNATURE, "signature"),
    (SEC_SCHEDULE, "schedule"),
    (SEC_CONSTANTS, "constants"),
    (SEC_CODE, "code"),
    (SEC_FFI, "ffi"),
    (SEC_DYNAMIC, "dynamic"),
];

pub(super) const STEP_DISPATCH: u8 = 0;
pub(super) const STEP_GEMM: u8 = 1;
pub(super) const STEP_CONV: u8 = 2;
pub(super) const STEP_COPY: u8 = 3;
pub(super) const STEP_WHILE: u8 = 4;
pub(super) const STEP_CASE: u8 = 5;
pub(super) const STEP_SORT: u8 = 6;
pub(super) const STEP_SOFTMAX: u8 = 7;
pub(super) const STEP_TOPK: u8 = 9;

pub(super) const KEY_FLOAT_TOTAL: u8 = 0;
pub(super) const KEY_SIGNED: u8 = 1;
pub(super) const KEY_UNSIGNED: u8 = 2;
pub(super) const STEP_LINALG: u8 = 10;
pub(super) const STEP_CUSTOM_CALL: u8 = 16;

pub(super) const ATTR_INT: u8 = 0;
pub(super) const ATTR_FLOAT: u8 = 1;
pub(super) const ATTR_STR: u8 = 2;
pub(super) const ATTR_INTS: u8 = 3;
pub(super) const ATTR_FLOATS: u8 = 4;
pub(super) const ATTR_DICT: u8 = 5;
pub(super) const STEP_FFT: u8 = 8;

pub(super) const FFT_KINDS: [(u8, FftKind); 4] = [
    (0, FftKind::Fft),
    (1, FftKind::Ifft),
    (2, FftKind::Rfft),
    (3, FftKind::Irfft),
];
pub(super) const STEP_COLLECTIVE: u8 = 11;

pub(super) const ACTIVATION_NONE: u8 = 0;
pub(super) const ACTIVATION_RELU: u8 = 1;
pub(super) const ACTIVATION_CLAMP: u8 = 2;

pub(super) const REGION_INPUT: u8 = 0;
pub(super) const REGION_OUTPUT: u8 = 1;
pub(super) const REGION_ARENA: u8 = 2;
pub(super) const REGION_CONSTANT: u8 = 3;

/// Marks "no alias" in a tensor spec.
pub(super) const NO_ALIAS: u32 = u32::MAX;

#[derive(Default)]
pub(super) struct Enc(pub(super) Vec<u8>);

impl Enc {
    pub(super) fn u8(&mut self, v: u8) {
        self.0.push(v);
    }
    pub(super) fn u32(&mut self, v: u32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    pub(super) fn u64(&mut self, v: u64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    pub(super) fn i64(&mut self, v: i64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    /// Counts are u32 in the format; the compiler never produces 4 billion of anything.
    pub(super) fn count(&mut self, n: usize) {
        self.u32(u32::try_from(n).expect("count exceeds u32"));
    }
    pub(super) fn str(&mut self, s: &str) {
        self.count(s.len());
        self.0.extend_from_slice(s.as_bytes());
    }
    pub(super) fn buf(&mut self, b: &BufRef) {
        let (tag, idx) = match b.region {
            Region::Input(i) => (REGION_INPUT, i),
            Region::Output(i) => (REGION_OUTPUT, i),
            Region::Arena => (REGION_ARENA, 0),
            Region::Constant => (REGION_CONSTANT, 0),
        };
        self.u8(tag);
        self.u32(idx);
        self.u64(b.offset);
        self.u64(b.size);
    }
    /// A flag byte (bit 0: scale, bit 1: bias), those buffers, the activation's tag and
    /// its parameters.
    fn extent(&mut self, e: &Option<Extent>) {
        self.u8(e.is_some() as u8);
        if let Some(e) = e {
            self.buf(&e.count);
            self.u64(e.per);
            self.u64(e.block);
        }
    }
    fn epilogue(&mut self, e: &Epilogue) {
        self.u8(e.scale.is_some() as u8 | (e.bias.is_some() as u8) << 1);
        for b in [&e.scale, &e.bias].into_iter().flatten() {
            self.buf(b);
        }
        match e.activation {
            Activation::None => self.u8(ACTIVATION_NONE),
            Activation::Relu => self.u8(ACTIVATION_RELU),
            Activation::Clamp { lo, hi } => {
                self.u8(ACTIVATION_CLAMP);
                self.u32(lo);
                self.u32(hi);
            }
        }
    }
    fn view(&mut self, v: &MatrixView) {
        self.buf(&v.buf);
        self.u64(v.batch_stride);
        self.u64(v.row_stride);
        self.u64(v.col_stride);
    }
    fn spec(&mut self, s: &TensorSpec) {
        self.str(&s.name);
        self.u8(s.dtype.code());
        self.count(s.shape.len());
        for &d in &s.shape {
            self.u64(d);
        }
        self.u32(s.alias_of_input.unwrap_or(NO_ALIAS));
    }
    fn step(&mut self, step: &Step) {
        match step {
            Step::Dispatch {
                kernel,
                bindings,
                workgroups,
                extent,
            } => {
                self.u8(STEP_DISPATCH);
                self.u32(*kernel);
                self.u64(*workgroups);
                self.count(bindings.len());
                for b in bindings {
                    self.buf(b);
                }
                self.extent(extent);
            }
            Step::Gemm(g) => {
                self.u8(STEP_GEMM);
                self.u8(g.dtype.code());
                self.u8(g.lhs_dtype.code());
                self.u8(g.rhs_dtype.code());
                for v in [g.batch, g.m, g.n, g.k] {
                    self.u64(v);
                }
                self.view(&g.lhs);
                self.view(&g.rhs);
                self.view(&g.out);
                self.epilogue(&g.epilogue);
                for e in &g.extents {
                    self.extent(e);
                }
            }
            Step::Conv(c) => {
                self.u8(STEP_CONV);
                self.u8(c.dtype.code());
                self.buf(&c.input);
                self.buf(&c.kernel);
                self.buf(&c.output);
                for v in [c.batch, c.in_features, c.out_features] {
                    self.u64(v);
                }
                self.u64(c.feature_groups);
                self.u64(c.batch_groups);
                // Every per-dimension list must have the rank's length; the encoder writes
                // the rank once, so a mismatch is a compiler bug.
                let rank = c.in_spatial.len();
                for (what, len) in [
                    ("kernel_spatial", c.kernel_spatial.len()),
                    ("out_spatial", c.out_spatial.len()),
                    ("strides", c.strides.len()),
                    ("padding", c.padding.len()),
                    ("lhs_dilation", c.lhs_dilation.len()),
                    ("rhs_dilation", c.rhs_dilation.len()),
                ] {
                    assert_eq!(len, rank, "Conv.{what} has the wrong length");
                }
                self.count(rank);
                for d in 0..rank {
                    self.u64(c.in_spatial[d]);
                    self.u64(c.kernel_spatial[d]);
                    self.u64(c.out_spatial[d]);
                    self.u64(c.strides[d]);
                    self.i64(c.padding[d].0);
                    self.i64(c.padding[d].1);
                    self.u64(c.lhs_dilation[d]);
                    self.u64(c.rhs_dilation[d]);
                }
                self.epilogue(&c.epilogue);
                self.extent(&c.extent);
            }
            Step::Copy { src, dst } => {
                self.u8(STEP_COPY);
                self.buf(src);
                self.buf(dst);
            }
            Step::While { cond, pred, body } => {
                self.u8(STEP_WHILE);
                self.steps(cond);
                self.buf(pred);
                self.steps(body);
            }
            Step::Case { index, branches } => {
                self.u8(STEP_CASE);
                self.buf(index);
                self.count(branches.len());
                for b in branches {
                    self.steps(b);
                }
            }
            Step::Softmax(s) => {
                self.u8(STEP_SOFTMAX);
                self.buf(&s.src);
                self.buf(&s.dst);
                self.u64(s.rows);
                self.u64(s.cols);
                self.extent(&s.extent);
            }
            Step::TopK(t) => {
                self.u8(STEP_TOPK);
                self.u32(t.dimension);
                self.u64(t.k);
                self.u8(t.descending as u8);
                self.u8(match t.order {
                    KeyOrder::FloatTotal => KEY_FLOAT_TOTAL,
                    KeyOrder::Signed => KEY_SIGNED,
                    KeyOrder::Unsigned => KEY_UNSIGNED,
                });
                self.count(t.shape.len());
                for &d in &t.shape {
                    self.u64(d);
                }
                self.count(t.operands.len());
                for o in &t.operands {
                    self.u8(o.dtype.code());
                    match &o.input {
                        Some(b) => {
                            self.u8(1);
                            self.buf(b);
                        }
                        None => self.u8(0),
                    }
                    self.buf(&o.output);
                }
            }
            Step::Fft(f) => {
                self.u8(STEP_FFT);
                let kind = FFT_KINDS
                    .iter()
                    .find(|(_, k)| *k == f.kind)
                    .map(|(c, _)| *c);
                self.u8(kind.expect("every kind has a code"));
                self.u8(f.dtype.code());
                self.u64(f.batch);
                self.count(f.lengths.len());
                for &d in &f.lengths {
                    self.u64(d);
                }
                self.buf(&f.input);
                self.buf(&f.output);
            }
            Step::Sort(s) => {
                self.u8(STEP_SORT);
                self.u32(s.comparator);
                self.u32(s.dimension);
                self.u8(s.stable as u8);
                self.count(s.shape.len());
                for &d in &s.shape {
                    self.u64(d);
                }
                self.count(s.operands.len());
                for o in &s.operands {
                    self.u8(o.dtype.code());
                    self.buf(&o.input);
                    self.buf(&o.output);
                }
            }
            Step::CustomCall(c) => {
                self.u8(STEP_CUSTOM_CALL);
                self.str(&c.target);
                self.attrs(&c.attrs);
                for list in [&c.operands, &c.results] {
                    self.count(list.len());
                    for b in list {
                        self.buf(&b.buf);
                        self.u8(b.dtype.code());
                        self.count(b.dims.len());
                        for &d in &b.dims {
                            self.u64(d);
                        }
                    }
                }
            }
            Step::Linalg(l) => {
                self.u8(STEP_LINALG);
                self.u8(l.routine.code());
                self.u8(l.dtype.code());
                for v in [l.batch, l.m, l.n, l.k] {
                    self.u64(v);
                }
                self.u32(l.flags);
                for list in [&l.operands, &l.results] {
                    self.count(list.len());
                    for b in list {
                        self.buf(b);
                    }
                }
            }
            Step::Collective(c) => {
                self.u8(STEP_COLLECTIVE);
                self.collective(c);
            }
        }
    }
    fn attrs(&mut self, attrs: &[(String, CallAttr)]) {
        self.count(attrs.len());
        for (k, a) in attrs {
            self.str(k);
            match a {
                CallAttr::Int(d, v) => {
                    self.u8(ATTR_INT);
                    self.u8(d.code());
                    self.i64(*v);
                }
                CallAttr::Float(d, v) => {
                    self.u8(ATTR_FLOAT);
                    self.u8(d.code());
                    self.u64(v.to_bits());
                }
                CallAttr::Str(s) => {
                    self.u8(ATTR_STR);
                    self.str(s);
                }
                CallAttr::Ints(d, v) => {
                    self.u8(ATTR_INTS);
                    self.u8(d.code());
                    self.count(v.len());
                    v.iter().for_each(|&x| self.i64(x));
                }
                CallAttr::Floats(d, v) => {
                    self.u8(ATTR_FLOATS);
                    self.u8(d.code());
                    self.count(v.len());
                    v.iter().for_each(|x| self.u64(x.to_bits()));
                }
                CallAttr::Dict(d) => {
                    self.u8(ATTR_DICT);
                    self.attrs(d);
                }
            }
        }
    }
    fn steps(&mut self, steps: &[Step]) {
        self.count(steps.len());
        for s in steps {
            self.step(s);
        }
    }
}

impl Pjx {
    /// Serializes the artifact. Panics only on a malformed `Pjx` that no decoder could
    /// represent (a list longer than `u32::MAX`, conv lists of unequal lengths).
    pub fn to_bytes(&self) -> Vec<u8> {
        let layout = self.layout();
        let mut out = Vec::with_capacity(layout.total);
        layout
            .write_to(&mut out)
            .expect("writing to a Vec cannot fail");
        out
    }

    /// [`Pjx::to_bytes`] into 64-byte aligned memory, written once: an executable loaded
    /// from it ([`crate::Executable::load_shared`]) reads its constants there instead of
    /// copying them (sections start at 64-byte aligned offsets).
    pub fn to_aligned_bytes(&self) -> crate::AlignedBytes {
        let layout = self.layout();
        let chunks =
            std::iter::once(layout.header.as_slice()).chain(layout.chunks.iter().map(|c| &**c));
        crate::AlignedBytes::from_chunks(layout.total, chunks)
    }

    /// Writes the artifact to `w`, the same bytes as [`Pjx::to_bytes`] without building
    /// them in memory first: the constants (megabytes of weights) go from the `Pjx` to
    /// `w` directly, and the checksum is computed over the pieces.
    pub fn write_to(&self, w: &mut impl std::io::Write) -> std::io::Result<()> {
        self.layout().write_to(w)
    }

    fn layout(&self) -> Layout<'_> {
        // Each section body is a list of chunks (the constants: their pieces and the
        // zeros between them).
        let mut sections: Vec<(u32, Vec<Cow<'_, [u8]>>)> = Vec::new();

        let mut e = Enc::default();
        e.str(&self.producer);
        sections.push((SEC_PRODUCER, vec![e.0.into()]));

        let mut e = Enc::default();
        e.str(&self.target.triple);
        e.count(self.target.features.len());
        for f in &self.target.features {
            e.str(f);
        }
        sections.push((SEC_TARGET, vec![e.0.into()]));

        let mut e = Enc::default();
        e.count(self.signature.inputs.len());
        for s in &self.signature.inputs {
            e.spec(s);
        }
        e.count(self.signature.outputs.len());
        for s in &self.signature.outputs {
            e.spec(s);
        }
        sections.push((SEC_SIGNATURE, vec![e.0.into()]));

        let mut e = Enc::default();
        e.u64(self.arena_size);
        e.count(self.kernels.len());
        for k in &self.kernels {
            e.str(&k.name);
            e.u64(k.offset);
        }
        e.steps(&self.steps);
        sections.push((SEC_SCHEDULE, vec![e.0.into()]));

        let mut constants = Vec::new();
        let mut end = 0;
        for (offset, bytes) in self.constants.pieces() {
            constants.push(Cow::Borrowed(&ZEROS[..offset - end]));
            constants.push(Cow::Borrowed(bytes));
            end = offset + bytes.len();
        }
        sections.push((SEC_CONSTANTS, constants));

        let mut e = Enc::default();
        e.u64(self.code.text_len);
        e.count(self.code.relocs.len());
        for r in &self.code.relocs {
            e.u64(r.offset);
            e.u32(r.import);
            e.i64(r.addend);
        }
        e.u64(self.code.bytes.len() as u64);
        e.0.extend_from_slice(&self.code.bytes);
        sections.push((SEC_CODE, vec![e.0.into()]));

        let mut e = Enc::default();
        e.count(self.ffi_libraries.len());
        for l in &self.ffi_libraries {
            e.str(&l.name);
            e.count(l.handlers.len());
            for (target, symbol) in &l.handlers {
                e.str(target);
                e.str(symbol);
            }
            e.u64(l.bytes.len() as u64);
        }
        let mut ffi: Vec<Cow<'_, [u8]>> = vec![e.0.into()];
        ffi.extend(
            self.ffi_libraries
                .iter()
                .map(|l| Cow::Borrowed(l.bytes.as_slice())),
        );
        sections.push((SEC_FFI, ffi));

        let mut e = Enc::default();
        e.dynamic(self.dynamic.as_ref());
        sections.push((SEC_DYNAMIC, vec![e.0.into()]));

        let align = |n: usize| n.div_ceil(SECTION_ALIGN) * SECTION_ALIGN;
        let mut header = vec![0u8; HEADER_LEN + sections.len() * TABLE_ENTRY_LEN];
        let mut end = header.len();
        let count = sections.len() as u32;
        let mut chunks = Vec::with_capacity(2 * sections.len());
        for (i, (id, body)) in sections.into_iter().enumerate() {
            let offset = align(end);
            let len: usize = body.iter().map(|c| c.len()).sum();
            let at = HEADER_LEN + i * TABLE_ENTRY_LEN;
            header[at..at + 4].copy_from_slice(&id.to_le_bytes());
            header[at + 8..at + 16].copy_from_slice(&(offset as u64).to_le_bytes());
            header[at + 16..at + 24].copy_from_slice(&(len as u64).to_le_bytes());
            chunks.push(Cow::Borrowed(&ZEROS[..offset - end]));
            chunks.extend(body);
            end = offset + len;
        }
        header[0..4].copy_from_slice(&MAGIC);
        header[4..8].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
        header[12..16].copy_from_slice(&0u32.to_le_bytes());
        header[16..20].copy_from_slice(&count.to_le_bytes());
        header[24..32].copy_from_slice(&(end as u64).to_le_bytes());
        let mut hash = xxhash_rust::xxh3::Xxh3::new();
        hash.update(&header[CHECKSUM_OFFSET + 4..]);
        for c in &chunks {
            hash.update(c);
        }
        let sum = hash.digest() as u32;
        header[CHECKSUM_OFFSET..CHECKSUM_OFFSET + 4].copy_from_slice(&sum.to_le_bytes());
        Layout {
            header,
            chunks,
            total: end,
        }
    }
}

/// Zero padding between sections and between constants (less than one alignment unit).
static ZEROS: [u8; SECTION_ALIGN] = [0; SECTION_ALIGN];
const _: () = assert!(CONSTANT_ALIGN <= SECTION_ALIGN);

/// A serialized artifact in pieces: the header (with the section table and checksum),
/// then the chunks in order (section bodies, or parts of them, and zero padding).
struct Layout<'a> {
    header: Vec<u8>,
    chunks: Vec<Cow<'a, [u8]>>,
    total: usize,
}

impl Layout<'_> {
    fn write_to(&self, w: &mut impl std::io::Write) -> std::io::Result<()> {
        w.write_all(&self.header)?;
        let mut end = self.header.len();
        for c in &self.chunks {
            w.write_all(c)?;
            end += c.len();
        }
        debug_assert_eq!(end, self.total);
        Ok(())
    }
}
