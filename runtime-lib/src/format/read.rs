//! Validating decoder: [`Pjx::from_bytes`].
//!
//! Every count is checked against the bytes that remain before anything is allocated, every
//! size and index is computed with checked arithmetic, and every buffer a step touches is
//! proven to lie inside its region. After `from_bytes` returns `Ok`, the interpreter and the
//! kernels may index without bounds checks.

use super::write::*;
use super::*;
use crate::tensor::byte_size;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    #[error("not a .pjx artifact (bad magic {0:02x?})")]
    BadMagic(Vec<u8>),
    #[error("header: format version {found}, this runtime reads version {expected}")]
    Version { found: u32, expected: u32 },
    #[error("header: {0}")]
    Header(String),
    #[error(
        "checksum mismatch: stored {stored:#010x}, computed {computed:#010x} (corrupt or truncated file)"
    )]
    Checksum { stored: u32, computed: u32 },
    #[error("section '{section}' at byte {offset}: {msg}")]
    Section {
        section: &'static str,
        offset: u64,
        msg: String,
    },
}

pub(super) type Result<T> = std::result::Result<T, FormatError>;

/// Conv parameters, and the padded/dilated extents derived from them, stay below this so the
/// kernels can do their index arithmetic in i64 without overflow checks.
const CONV_LIMIT: u64 = 1 << 40;

/// A cursor over one section; errors carry the absolute file offset.
pub(super) struct R<'a> {
    sec: &'static str,
    base: u64,
    data: &'a [u8],
    pub(super) pos: usize,
}

impl<'a> R<'a> {
    /// An error in step `si` of list `path` (one function, not a `format!` per check).
    #[inline(never)]
    fn step_err(&self, at: usize, path: &str, si: usize, m: String) -> FormatError {
        self.err_at(at, format!("step {path}{si}: {m}"))
    }
    pub(super) fn err_at(&self, at: usize, msg: impl Into<String>) -> FormatError {
        FormatError::Section {
            section: self.sec,
            offset: self.base + at as u64,
            msg: msg.into(),
        }
    }
    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8]> {
        let rest = self.data.len() - self.pos;
        if n > rest {
            return Err(self.err_at(
                self.pos,
                format!("truncated: {what} needs {n} bytes, {rest} left"),
            ));
        }
        let s = &self.data[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }
    pub(super) fn u8(&mut self, what: &str) -> Result<u8> {
        Ok(self.take(1, what)?[0])
    }
    pub(super) fn u32(&mut self, what: &str) -> Result<u32> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes(b.try_into().expect("4 bytes")))
    }
    pub(super) fn u64(&mut self, what: &str) -> Result<u64> {
        let b = self.take(8, what)?;
        Ok(u64::from_le_bytes(b.try_into().expect("8 bytes")))
    }
    pub(super) fn i64(&mut self, what: &str) -> Result<i64> {
        Ok(self.u64(what)? as i64)
    }
    /// A list length, refused if even `min_item`-byte items could not fit in what is left.
    pub(super) fn count(&mut self, min_item: usize, what: &str) -> Result<usize> {
        let at = self.pos;
        let n = self.u32(what)? as usize;
        let rest = self.data.len() - self.pos;
        if n.checked_mul(min_item).is_none_or(|b| b > rest) {
            return Err(self.err_at(
                at,
                format!("{what} count {n} exceeds the {rest} bytes left"),
            ));
        }
        Ok(n)
    }
    pub(super) fn str(&mut self, what: &str) -> Result<String> {
        let n = self.count(1, what)?;
        let at = self.pos;
        let b = self.take(n, what)?;
        String::from_utf8(b.to_vec()).map_err(|_| self.err_at(at, format!("{what} is not UTF-8")))
    }
    pub(super) fn dtype(&mut self, what: &str) -> Result<DType> {
        let at = self.pos;
        let c = self.u8(what)?;
        DType::from_code(c)
            .ok_or_else(|| self.err_at(at, format!("{what}: invalid dtype code {c}")))
    }
    /// A custom call's attribute dictionary, nested at most [`call::MAX_ATTR_DEPTH`] deep.
    fn attrs(&mut self, depth: usize) -> Result<Vec<(String, CallAttr)>> {
        let at = self.pos;
        if depth > super::call::MAX_ATTR_DEPTH {
            return Err(self.err_at(at, "custom call attributes nest too deep"));
        }
        let n = self.count(6, "call attributes")?;
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            let key = self.str("call attribute name")?;
            let tag_at = self.pos;
            let a = match self.u8("call attribute kind")? {
                ATTR_INT => {
                    let d = self.dtype("call attribute type")?;
                    CallAttr::Int(d, self.i64("call attribute value")?)
                }
                ATTR_FLOAT => {
                    let d = self.dtype("call attribute type")?;
                    CallAttr::Float(d, f64::from_bits(self.u64("call attribute value")?))
                }
                ATTR_STR => CallAttr::Str(self.str("call attribute string")?),
                ATTR_INTS => {
                    let d = self.dtype("call attribute type")?;
                    let n = self.count(8, "call attribute array")?;
                    let mut v = Vec::with_capacity(n);
                    for _ in 0..n {
                        v.push(self.i64("call attribute element")?);
                    }
                    CallAttr::Ints(d, v)
                }
                ATTR_FLOATS => {
                    let d = self.dtype("call attribute type")?;
                    let n = self.count(8, "call attribute array")?;
                    let mut v = Vec::with_capacity(n);
                    for _ in 0..n {
                        v.push(f64::from_bits(self.u64("call attribute element")?));
                    }
                    CallAttr::Floats(d, v)
                }
                ATTR_DICT => CallAttr::Dict(self.attrs(depth + 1)?),
                t => return Err(self.err_at(tag_at, format!("invalid call attribute kind {t}"))),
            };
            out.push((key, a));
        }
        Ok(out)
    }
    pub(super) fn finish(&self) -> Result<()> {
        if self.pos != self.data.len() {
            return Err(self.err_at(
                self.pos,
                format!("{} unexpected trailing bytes", self.data.len() - self.pos),
            ));
        }
        Ok(())
    }
}

/// Sizes of every region, for range checks of buffer references.
pub(super) struct Regions {
    inputs: Vec<u64>,
    outputs: Vec<u64>,
    arena: u64,
    constants: u64,
}

impl Regions {
    pub(super) fn check(&self, b: &BufRef, what: &str) -> std::result::Result<(), String> {
        let (name, size) = match b.region {
            Region::Input(i) => (
                format!("input {i}"),
                *self.inputs.get(i as usize).ok_or_else(|| {
                    format!(
                        "{what}: input {i} out of range ({} inputs)",
                        self.inputs.len()
                    )
                })?,
            ),
            Region::Output(i) => (
                format!("output {i}"),
                *self.outputs.get(i as usize).ok_or_else(|| {
                    format!(
                        "{what}: output {i} out of range ({} outputs)",
                        self.outputs.len()
                    )
                })?,
            ),
            Region::Arena => ("arena".to_string(), self.arena),
            Region::Constant => ("constants".to_string(), self.constants),
        };
        match b.offset.checked_add(b.size) {
            Some(end) if end <= size => Ok(()),
            _ => Err(format!(
                "{what} out of range of region {name} (offset {} + size {} > {size})",
                b.offset, b.size
            )),
        }
    }
}

pub(super) fn writable(b: &BufRef, what: &str) -> std::result::Result<(), String> {
    match b.region {
        Region::Output(_) | Region::Arena => Ok(()),
        r => Err(format!("{what} writes to read-only region {r:?}")),
    }
}

pub(super) fn aligned(b: &BufRef, dtype: DType, what: &str) -> std::result::Result<(), String> {
    if !b.offset.is_multiple_of(dtype.size() as u64) {
        return Err(format!(
            "{what} offset {} is not aligned to {dtype} ({} bytes)",
            b.offset,
            dtype.size()
        ));
    }
    Ok(())
}

fn check_view(
    v: &MatrixView,
    dtype: DType,
    batch: u64,
    rows: u64,
    cols: u64,
    what: &str,
) -> std::result::Result<(), String> {
    aligned(&v.buf, dtype, what)?;
    let limit = (isize::MAX as u64) / dtype.size() as u64;
    for (s, n) in [
        (v.batch_stride, "batch_stride"),
        (v.row_stride, "row_stride"),
        (v.col_stride, "col_stride"),
    ] {
        if s > limit {
            return Err(format!("{what} {n} {s} is too large"));
        }
    }
    if batch == 0 || rows == 0 || cols == 0 {
        return Ok(()); // touches nothing
    }
    let overflow = || format!("{what}: element index overflows");
    // Views never repeat elements, so there are at most as many as the buffer holds; this
    // also bounds the work of a step by its buffer sizes.
    let count = batch
        .checked_mul(rows)
        .and_then(|n| n.checked_mul(cols))
        .ok_or_else(overflow)?;
    if count > v.buf.size / dtype.size() as u64 {
        return Err(format!(
            "{what}: {batch}x{rows}x{cols} elements exceed its buffer of {} bytes",
            v.buf.size
        ));
    }
    let max = (batch - 1)
        .checked_mul(v.batch_stride)
        .and_then(|a| Some((a, (rows - 1).checked_mul(v.row_stride)?)))
        .and_then(|(a, b)| a.checked_add(b))
        .and_then(|a| a.checked_add((cols - 1).checked_mul(v.col_stride)?))
        .ok_or_else(overflow)?;
    let need = max
        .checked_add(1)
        .and_then(|n| n.checked_mul(dtype.size() as u64))
        .ok_or_else(overflow)?;
    if need > v.buf.size {
        return Err(format!(
            "{what} touches {need} bytes (max element index {max}) but its buffer has {}",
            v.buf.size
        ));
    }
    Ok(())
}

/// Whether two byte ranges of the same region intersect (a kernel's output must not alias
/// its operands: it is written while they are still being read).
pub(super) fn overlap(a: &BufRef, b: &BufRef) -> bool {
    a.region == b.region
        && a.size > 0
        && b.size > 0
        && a.offset < b.offset.saturating_add(b.size)
        && b.offset < a.offset.saturating_add(a.size)
}

fn check_gemm(g: &Gemm, regions: &Regions) -> std::result::Result<(), String> {
    for (v, n) in [(&g.lhs, "lhs"), (&g.rhs, "rhs"), (&g.out, "out")] {
        regions.check(&v.buf, &format!("gemm {n}"))?;
    }
    writable(&g.out.buf, "gemm out")?;
    if overlap(&g.out.buf, &g.lhs.buf) || overlap(&g.out.buf, &g.rhs.buf) {
        return Err("gemm out overlaps an operand".into());
    }
    if !Gemm::supports(g.dtype, g.lhs_dtype, g.rhs_dtype) {
        return Err(format!(
            "gemm of {} x {} into {} is not supported",
            g.lhs_dtype, g.rhs_dtype, g.dtype
        ));
    }
    check_view(&g.lhs, g.lhs_dtype, g.batch, g.m, g.k, "gemm lhs")?;
    check_view(&g.rhs, g.rhs_dtype, g.batch, g.k, g.n, "gemm rhs")?;
    check_view(&g.out, g.dtype, g.batch, g.m, g.n, "gemm out")?;
    check_epilogue(&g.epilogue, g.dtype, g.n, &g.out.buf, regions, "gemm")
}

/// An epilogue's vectors: `n` aligned f32 each, in their regions, not overlapping the
/// output `out` they are read beside; only f32 steps have one.
fn check_epilogue(
    e: &Epilogue,
    dtype: DType,
    n: u64,
    out: &BufRef,
    regions: &Regions,
    what: &str,
) -> std::result::Result<(), String> {
    if e.is_identity() {
        return Ok(());
    }
    if dtype != DType::F32 {
        return Err(format!("{what} epilogue on {dtype}: only f32 has one"));
    }
    for (b, part) in [(&e.scale, "scale"), (&e.bias, "bias")] {
        let Some(b) = b else { continue };
        let name = format!("{what} {part}");
        regions.check(b, &name)?;
        aligned(b, DType::F32, &name)?;
        if Some(b.size) != n.checked_mul(4) {
            return Err(format!("{name} has {} bytes, not n = {n} floats", b.size));
        }
        if overlap(out, b) {
            return Err(format!("{what} out overlaps its {part}"));
        }
    }
    Ok(())
}

/// Output extent of one spatial dimension, or `None` if out of the supported range.
pub(crate) fn conv_out_dim(
    input: u64,
    kernel: u64,
    stride: u64,
    pad: (i64, i64),
    lhs_dil: u64,
    rhs_dil: u64,
) -> Option<u64> {
    let (i, k, s) = (input as i128, kernel as i128, stride as i128);
    let dilated_in = if i == 0 {
        0
    } else {
        (i - 1).checked_mul(lhs_dil as i128)? + 1
    };
    let padded = dilated_in + pad.0 as i128 + pad.1 as i128;
    let dilated_k = if k == 0 {
        0
    } else {
        (k - 1).checked_mul(rhs_dil as i128)? + 1
    };
    let lim = CONV_LIMIT as i128;
    if padded.abs() > lim || dilated_k > lim || s == 0 {
        return None;
    }
    Some(if padded < dilated_k || padded <= 0 {
        0
    } else {
        ((padded - dilated_k) / s + 1) as u64
    })
}

fn check_softmax(s: &Softmax, regions: &Regions) -> std::result::Result<(), String> {
    let need = s
        .rows
        .checked_mul(s.cols)
        .and_then(|n| n.checked_mul(4))
        .ok_or_else(|| format!("softmax {}x{} is too large", s.rows, s.cols))?;
    for (b, what) in [(&s.src, "softmax src"), (&s.dst, "softmax dst")] {
        regions.check(b, what)?;
        aligned(b, DType::F32, what)?;
        if b.size != need {
            return Err(format!(
                "{what} has {} bytes, {}x{} f32 needs {need}",
                b.size, s.rows, s.cols
            ));
        }
    }
    writable(&s.dst, "softmax dst")?;
    // In place is fine (each row is read before it is written); a shifted overlap is not.
    if s.src != s.dst && overlap(&s.src, &s.dst) {
        return Err("softmax dst partly overlaps its src".into());
    }
    Ok(())
}

fn check_custom_call(c: &CustomCall, regions: &Regions) -> std::result::Result<(), String> {
    let name = &c.target;
    for (list, what) in [(&c.operands, "operand"), (&c.results, "result")] {
        for (i, b) in list.iter().enumerate() {
            let what = format!("custom call @{name} {what} {i}");
            regions.check(&b.buf, &what)?;
            aligned(&b.buf, b.dtype, &what)?;
            let dims: Vec<u64> = b.dims.clone();
            let need = byte_size(b.dtype, &dims)
                .ok_or_else(|| format!("{what}: shape {dims:?} is too large"))?
                as u64;
            if b.buf.size != need {
                return Err(format!(
                    "{what} has {} bytes, {}{dims:?} needs {need}",
                    b.buf.size, b.dtype
                ));
            }
        }
    }
    // A handler may read any operand while it writes any result.
    for (i, r) in c.results.iter().enumerate() {
        writable(&r.buf, &format!("custom call @{name} result {i}"))?;
        for (j, o) in c.operands.iter().enumerate() {
            if overlap(&r.buf, &o.buf) {
                return Err(format!(
                    "custom call @{name} result {i} overlaps operand {j}"
                ));
            }
        }
        for (j, o) in c.results.iter().enumerate().skip(i + 1) {
            if overlap(&r.buf, &o.buf) {
                return Err(format!(
                    "custom call @{name} result {i} overlaps result {j}"
                ));
            }
        }
    }
    Ok(())
}

/// Sizes the matrices of a linalg step may have: the routines index in `usize` and faer in
/// `isize`, and their work grows with the cube of these.
const LINALG_DIM_LIMIT: u64 = 1 << 31;

fn check_linalg(l: &Linalg, regions: &Regions) -> std::result::Result<(), String> {
    let name = l.routine.name();
    for (v, what) in [(l.m, "m"), (l.n, "n"), (l.k, "k")] {
        if v > LINALG_DIM_LIMIT {
            return Err(format!("{name} {what} = {v} is too large"));
        }
    }
    let (ops, res) = l.layout().map_err(|m| format!("{name}: {m}"))?;
    for (list, parts, what) in [(&l.operands, &ops, "operand"), (&l.results, &res, "result")] {
        if list.len() != parts.len() {
            return Err(format!(
                "{name} has {} {what}s, needs {}",
                list.len(),
                parts.len()
            ));
        }
        for (i, (b, &(dtype, count))) in list.iter().zip(parts.iter()).enumerate() {
            let what = format!("{name} {what} {i}");
            regions.check(b, &what)?;
            aligned(b, dtype, &what)?;
            let need = count * dtype.size() as u64; // layout() checked the product
            if b.size != need {
                return Err(format!(
                    "{what} has {} bytes, {count} {dtype} need {need}",
                    b.size
                ));
            }
        }
    }
    // Results are written while operands may still be read, and each result separately.
    for (i, r) in l.results.iter().enumerate() {
        writable(r, &format!("{name} result {i}"))?;
        for (j, o) in l.operands.iter().enumerate() {
            if overlap(r, o) {
                return Err(format!("{name} result {i} overlaps operand {j}"));
            }
        }
        for (j, o) in l.results.iter().enumerate().skip(i + 1) {
            if overlap(r, o) {
                return Err(format!("{name} result {i} overlaps result {j}"));
            }
        }
    }
    Ok(())
}

/// Longest FFT dimension accepted (plans and scratch are sized by it).
const FFT_MAX_LENGTH: u64 = 1 << 32;

fn check_fft(f: &Fft, regions: &Regions) -> std::result::Result<(), String> {
    if !matches!(f.dtype, DType::F32 | DType::F64) {
        return Err(format!("fft of {}: only f32 and f64 parts", f.dtype));
    }
    if f.lengths.is_empty() || f.lengths.len() > 3 {
        return Err(format!(
            "fft over {} dimensions, not 1 to 3",
            f.lengths.len()
        ));
    }
    if f.lengths.iter().any(|&d| d > FFT_MAX_LENGTH) {
        return Err(format!("fft lengths {:?} too long", f.lengths));
    }
    let size = f.dtype.size() as u64;
    let (ins, outs) = f
        .kind
        .counts(&f.lengths)
        .ok_or_else(|| format!("fft lengths {:?} overflow", f.lengths))?;
    let bytes = |count: u64, output: bool| {
        let per = if f.kind.is_complex(output) {
            2 * size
        } else {
            size
        };
        count
            .checked_mul(f.batch)
            .and_then(|n| n.checked_mul(per))
            .ok_or_else(|| format!("fft of {} x {:?} is too large", f.batch, f.lengths))
    };
    for (b, count, output, what) in [
        (&f.input, ins, false, "fft input"),
        (&f.output, outs, true, "fft output"),
    ] {
        regions.check(b, what)?;
        aligned(b, f.dtype, what)?;
        let need = bytes(count, output)?;
        if b.size != need {
            return Err(format!(
                "{what} has {} bytes, {} x {:?} {:?} needs {need}",
                b.size, f.batch, f.lengths, f.kind
            ));
        }
    }
    writable(&f.output, "fft output")?;
    if overlap(&f.input, &f.output) {
        return Err("fft output overlaps its input".into());
    }
    Ok(())
}

fn check_sort(s: &Sort, cx: &StepCtx) -> std::result::Result<(), String> {
    if s.comparator as usize >= cx.kernels {
        return Err(format!(
            "sort comparator kernel {} out of range ({} kernels)",
            s.comparator, cx.kernels
        ));
    }
    if s.dimension as usize >= s.shape.len() {
        return Err(format!(
            "sort dimension {} out of range for rank {}",
            s.dimension,
            s.shape.len()
        ));
    }
    if s.operands.is_empty() {
        return Err("sort without operands".into());
    }
    for (i, o) in s.operands.iter().enumerate() {
        let need = byte_size(o.dtype, &s.shape)
            .ok_or_else(|| format!("sort shape {:?} is too large", s.shape))?
            as u64;
        for (b, what) in [(&o.input, "input"), (&o.output, "output")] {
            let what = format!("sort operand {i} {what}");
            cx.regions.check(b, &what)?;
            aligned(b, o.dtype, &what)?;
            if b.size != need {
                return Err(format!(
                    "{what} has {} bytes, {}{:?} needs {need}",
                    b.size, o.dtype, s.shape
                ));
            }
        }
        writable(&o.output, &format!("sort operand {i} output"))?;
    }
    // Outputs are written while inputs are still read (permuting slice by slice).
    for (i, o) in s.operands.iter().enumerate() {
        for (j, p) in s.operands.iter().enumerate() {
            if overlap(&o.output, &p.input) || (i != j && overlap(&o.output, &p.output)) {
                return Err(format!("sort output {i} overlaps operand {j}"));
            }
        }
    }
    Ok(())
}

fn check_topk(t: &TopK, regions: &Regions) -> std::result::Result<(), String> {
    let rank = t.shape.len();
    if t.dimension as usize >= rank {
        return Err(format!(
            "top_k dimension {} out of range for rank {rank}",
            t.dimension
        ));
    }
    let n = t.shape[t.dimension as usize];
    if t.k > n {
        return Err(format!("top_k k = {} exceeds the slice length {n}", t.k));
    }
    if n > u32::MAX as u64 {
        return Err(format!("top_k slice length {n} is too large"));
    }
    let Some(key) = t.operands.first() else {
        return Err("top_k without operands".into());
    };
    if key.input.is_none() || !t.order.admits(key.dtype) {
        return Err(format!(
            "top_k key of {} cannot be compared as {:?}",
            key.dtype, t.order
        ));
    }
    let mut out_shape = t.shape.clone();
    out_shape[t.dimension as usize] = t.k;
    for (i, o) in t.operands.iter().enumerate() {
        let size = |shape: &[u64]| {
            byte_size(o.dtype, shape)
                .map(|n| n as u64)
                .ok_or_else(|| format!("top_k shape {shape:?} is too large"))
        };
        match &o.input {
            Some(b) => {
                let what = format!("top_k operand {i} input");
                regions.check(b, &what)?;
                aligned(b, o.dtype, &what)?;
                let need = size(&t.shape)?;
                if b.size != need {
                    return Err(format!(
                        "{what} has {} bytes, {}{:?} needs {need}",
                        b.size, o.dtype, t.shape
                    ));
                }
            }
            None if !o.dtype.is_int() || o.dtype.is_sub_byte_int() => {
                return Err(format!("top_k positions operand {i} of type {}", o.dtype));
            }
            None => {}
        }
        let what = format!("top_k operand {i} output");
        regions.check(&o.output, &what)?;
        aligned(&o.output, o.dtype, &what)?;
        writable(&o.output, &what)?;
        let need = size(&out_shape)?;
        if o.output.size != need {
            return Err(format!(
                "{what} has {} bytes, {}{:?} needs {need}",
                o.output.size, o.dtype, out_shape
            ));
        }
    }
    // Outputs are written while inputs are still read (slice by slice).
    for (i, o) in t.operands.iter().enumerate() {
        for (j, p) in t.operands.iter().enumerate() {
            let into_input = p.input.is_some_and(|b| overlap(&o.output, &b));
            if into_input || (i != j && overlap(&o.output, &p.output)) {
                return Err(format!("top_k output {i} overlaps operand {j}"));
            }
        }
    }
    Ok(())
}

fn check_conv(c: &Conv, regions: &Regions) -> std::result::Result<(), String> {
    check_epilogue(
        &c.epilogue,
        c.dtype,
        c.out_features,
        &c.output,
        regions,
        "conv",
    )?;
    regions.check(&c.input, "conv input")?;
    regions.check(&c.kernel, "conv kernel")?;
    regions.check(&c.output, "conv output")?;
    writable(&c.output, "conv output")?;
    if overlap(&c.output, &c.input) || overlap(&c.output, &c.kernel) {
        return Err("conv output overlaps an operand".into());
    }
    for (b, n) in [
        (&c.input, "conv input"),
        (&c.kernel, "conv kernel"),
        (&c.output, "conv output"),
    ] {
        aligned(b, c.dtype, n)?;
    }
    let scalars = [
        ("batch", c.batch),
        ("in_features", c.in_features),
        ("out_features", c.out_features),
        ("feature_groups", c.feature_groups),
        ("batch_groups", c.batch_groups),
    ];
    for (n, v) in scalars {
        if v > CONV_LIMIT {
            return Err(format!("conv {n} {v} is too large"));
        }
    }
    let (fg, bg) = (c.feature_groups, c.batch_groups);
    if fg == 0 || bg == 0 || (fg > 1 && bg > 1) {
        return Err(format!(
            "conv feature_groups {fg} / batch_groups {bg}: both must be >= 1 and one must be 1"
        ));
    }
    if !c.in_features.is_multiple_of(fg) || !c.out_features.is_multiple_of(fg) {
        return Err(format!(
            "conv in_features {} and out_features {} must be multiples of feature_groups {fg}",
            c.in_features, c.out_features
        ));
    }
    if !c.batch.is_multiple_of(bg) || !c.out_features.is_multiple_of(bg) {
        return Err(format!(
            "conv batch {} and out_features {} must be multiples of batch_groups {bg}",
            c.batch, c.out_features
        ));
    }
    for d in 0..c.in_spatial.len() {
        let vals = [
            c.in_spatial[d],
            c.kernel_spatial[d],
            c.out_spatial[d],
            c.strides[d],
            c.lhs_dilation[d],
            c.rhs_dilation[d],
            c.padding[d].0.unsigned_abs(),
            c.padding[d].1.unsigned_abs(),
        ];
        if vals.iter().any(|&v| v > CONV_LIMIT) {
            return Err(format!("conv spatial dim {d}: parameter too large"));
        }
        if c.strides[d] == 0 || c.lhs_dilation[d] == 0 || c.rhs_dilation[d] == 0 {
            return Err(format!(
                "conv spatial dim {d}: stride and dilations must be >= 1"
            ));
        }
        let want = conv_out_dim(
            c.in_spatial[d],
            c.kernel_spatial[d],
            c.strides[d],
            c.padding[d],
            c.lhs_dilation[d],
            c.rhs_dilation[d],
        )
        .ok_or_else(|| format!("conv spatial dim {d}: extents too large"))?;
        if want != c.out_spatial[d] {
            return Err(format!(
                "conv spatial dim {d}: out_spatial {} but the parameters give {want}",
                c.out_spatial[d]
            ));
        }
    }
    let size = |what: &str, dims: Vec<u64>, b: &BufRef| {
        // Also bound the product of the non-zero dims: kernels multiply extents of empty
        // buffers too (a zero batch does not make a 2^80-pixel image harmless).
        let mut nonzero = dims.iter().filter(|&&d| d != 0);
        if nonzero
            .try_fold(1u64, |a, &d| a.checked_mul(d))
            .is_none_or(|n| n > 1 << 56)
        {
            return Err(format!("conv {what} dims {dims:?} are too large"));
        }
        let need =
            byte_size(c.dtype, &dims).ok_or_else(|| format!("conv {what} size overflows"))?;
        if need as u64 != b.size {
            return Err(format!(
                "conv {what} buffer has {} bytes, {:?} of {} needs {need}",
                b.size, dims, c.dtype
            ));
        }
        Ok(())
    };
    let mut d = vec![c.batch];
    d.extend(&c.in_spatial);
    d.push(c.in_features);
    size("input", d, &c.input)?;
    let mut d = c.kernel_spatial.clone();
    d.push(c.in_features / fg);
    d.push(c.out_features);
    size("kernel", d, &c.kernel)?;
    let mut d = vec![c.batch / bg];
    d.extend(&c.out_spatial);
    d.push(c.out_features);
    size("output", d, &c.output)?;
    Ok(())
}

const BUFREF_LEN: usize = 1 + 4 + 8 + 8;
/// A scalar spec with an empty name: name length, dtype, rank, alias.
const SPEC_MIN: usize = 4 + 1 + 4 + 4;

impl R<'_> {
    pub(super) fn bufref(&mut self, what: &str) -> Result<BufRef> {
        let at = self.pos;
        let tag = self.u8(what)?;
        let idx = self.u32(what)?;
        let region = match tag {
            REGION_INPUT => Region::Input(idx),
            REGION_OUTPUT => Region::Output(idx),
            REGION_ARENA => Region::Arena,
            REGION_CONSTANT => Region::Constant,
            t => return Err(self.err_at(at, format!("{what}: invalid region tag {t}"))),
        };
        Ok(BufRef {
            region,
            offset: self.u64(what)?,
            size: self.u64(what)?,
        })
    }
    fn epilogue(&mut self) -> Result<Epilogue> {
        let at = self.pos;
        let flags = self.u8("epilogue flags")?;
        if flags > 3 {
            return Err(self.err_at(at, format!("epilogue flags {flags:#x} name unknown parts")));
        }
        let scale = if flags & 1 != 0 {
            Some(self.bufref("epilogue scale")?)
        } else {
            None
        };
        let bias = if flags & 2 != 0 {
            Some(self.bufref("epilogue bias")?)
        } else {
            None
        };
        let at = self.pos;
        let activation = match self.u8("epilogue activation")? {
            ACTIVATION_NONE => Activation::None,
            ACTIVATION_RELU => Activation::Relu,
            ACTIVATION_CLAMP => {
                let (lo, hi) = (self.u32("clamp")?, self.u32("clamp")?);
                let (l, h) = (f32::from_bits(lo), f32::from_bits(hi));
                if l.partial_cmp(&h) != Some(std::cmp::Ordering::Less) {
                    return Err(
                        self.err_at(at, format!("clamp bounds {l} and {h} are not ordered"))
                    );
                }
                Activation::Clamp { lo, hi }
            }
            a => return Err(self.err_at(at, format!("epilogue activation {a} is not known"))),
        };
        Ok(Epilogue {
            scale,
            bias,
            activation,
        })
    }
    /// An optional [`Extent`]: its count an in-bounds i64, `per` and `block` at least 1.
    fn extent(&mut self, regions: &Regions) -> Result<Option<Extent>> {
        let at = self.pos;
        if self.u8("extent")? == 0 {
            return Ok(None);
        }
        let count = self.bufref("extent")?;
        let (per, block) = (self.u64("extent")?, self.u64("extent")?);
        let ok = regions.check(&count, "extent").is_ok();
        if !ok || count.size != 8 || per == 0 || block == 0 || self.data[at] != 1 {
            return Err(self.err_at(at, String::from("invalid extent")));
        }
        Ok(Some(Extent { count, per, block }))
    }
    fn view(&mut self, what: &str) -> Result<MatrixView> {
        Ok(MatrixView {
            buf: self.bufref(what)?,
            batch_stride: self.u64(what)?,
            row_stride: self.u64(what)?,
            col_stride: self.u64(what)?,
        })
    }
    fn spec(&mut self, what: &str) -> Result<TensorSpec> {
        let at = self.pos;
        let name = self.str(what)?;
        let dtype = self.dtype(what)?;
        let rank = self.count(8, what)?;
        let mut shape = Vec::with_capacity(rank);
        for _ in 0..rank {
            shape.push(self.u64(what)?);
        }
        let alias = self.u32(what)?;
        if byte_size(dtype, &shape).is_none() {
            return Err(self.err_at(at, format!("{what}: {dtype}{shape:?} is too large")));
        }
        Ok(TensorSpec {
            name,
            dtype,
            shape,
            alias_of_input: (alias != NO_ALIAS).then_some(alias),
        })
    }
}

fn header_u32(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().expect("4 bytes"))
}
fn header_u64(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().expect("8 bytes"))
}

impl Pjx {
    /// Decodes and validates an artifact (see the module documentation of [`super`]).
    pub fn from_bytes(bytes: &[u8]) -> Result<Pjx> {
        let (mut pjx, constants) = Pjx::decode(bytes)?;
        pjx.constants = Constants::from(constants.to_vec());
        Ok(pjx)
    }

    /// [`Pjx::from_bytes`] with the constants section left in `bytes`: the decoded
    /// artifact's `constants` are empty and the section is returned beside it, so a loader
    /// can copy it once, straight into the memory it runs from (the weights can be most of
    /// an artifact, and every copy into fresh memory costs page faults).
    pub fn decode(bytes: &[u8]) -> Result<(Pjx, &[u8])> {
        if bytes.len() < 4 || bytes[0..4] != MAGIC {
            return Err(FormatError::BadMagic(bytes[..bytes.len().min(4)].to_vec()));
        }
        if bytes.len() < HEADER_LEN {
            return Err(FormatError::Header(format!(
                "file is {} bytes, shorter than the {HEADER_LEN}-byte header",
                bytes.len()
            )));
        }
        let version = header_u32(bytes, 4);
        if version != FORMAT_VERSION {
            return Err(FormatError::Version {
                found: version,
                expected: FORMAT_VERSION,
            });
        }
        let total = header_u64(bytes, 24);
        if total != bytes.len() as u64 {
            return Err(FormatError::Header(format!(
                "header says {total} bytes, file has {} (truncated or padded)",
                bytes.len()
            )));
        }
        let stored = header_u32(bytes, CHECKSUM_OFFSET);
        let computed = super::checksum(&bytes[CHECKSUM_OFFSET + 4..]);
        if stored != computed {
            return Err(FormatError::Checksum { stored, computed });
        }
        let flags = header_u32(bytes, 12);
        if flags != 0 {
            return Err(FormatError::Header(format!("unknown flags {flags:#x}")));
        }
        let count = header_u32(bytes, 16) as usize;
        let table_end = count
            .checked_mul(TABLE_ENTRY_LEN)
            .and_then(|n| n.checked_add(HEADER_LEN))
            .filter(|&e| e <= bytes.len())
            .ok_or_else(|| {
                FormatError::Header(format!("section count {count} exceeds the file"))
            })?;

        let mut found: [Option<&[u8]>; SECTIONS.len()] = [None; SECTIONS.len()];
        let mut offsets = [0u64; SECTIONS.len()];
        for i in 0..count {
            let at = HEADER_LEN + i * TABLE_ENTRY_LEN;
            let id = header_u32(bytes, at);
            let off = header_u64(bytes, at + 8);
            let len = header_u64(bytes, at + 16);
            let slot = SECTIONS
                .iter()
                .position(|&(sid, _)| sid == id)
                .ok_or_else(|| {
                    FormatError::Header(format!("section table entry {i}: unknown section id {id}"))
                })?;
            let name = SECTIONS[slot].1;
            if found[slot].is_some() {
                return Err(FormatError::Header(format!(
                    "section '{name}' appears twice"
                )));
            }
            let end = off.checked_add(len).filter(|&e| e <= bytes.len() as u64);
            if end.is_none() || off < table_end as u64 || !off.is_multiple_of(SECTION_ALIGN as u64)
            {
                return Err(FormatError::Header(format!(
                    "section '{name}': range {off}+{len} is misaligned or outside the file"
                )));
            }
            found[slot] = Some(&bytes[off as usize..(off + len) as usize]);
            offsets[slot] = off;
        }
        let mut sec = |slot: usize| -> Result<R<'_>> {
            let (_, name) = SECTIONS[slot];
            let data = found[slot]
                .take()
                .ok_or_else(|| FormatError::Header(format!("section '{name}' is missing")))?;
            Ok(R {
                sec: name,
                base: offsets[slot],
                data,
                pos: 0,
            })
        };
        let mut producer_r = sec(0)?;
        let mut target_r = sec(1)?;
        let mut sig_r = sec(2)?;
        let mut sched_r = sec(3)?;
        let consts_r = sec(4)?;
        let mut code_r = sec(5)?;
        let mut ffi_r = sec(6)?;
        let mut dynamic_r = sec(7)?;

        let producer = producer_r.str("producer")?;
        producer_r.finish()?;

        let r = &mut target_r;
        let triple = r.str("triple")?;
        let nf = r.count(4, "features")?;
        let mut features = Vec::with_capacity(nf);
        for _ in 0..nf {
            features.push(r.str("feature")?);
        }
        r.finish()?;
        let target = Target { triple, features };

        let r = &mut sig_r;
        let mut signature = Signature::default();
        let n = r.count(SPEC_MIN, "inputs")?;
        for i in 0..n {
            signature.inputs.push(r.spec(&format!("input {i}"))?);
        }
        let n = r.count(SPEC_MIN, "outputs")?;
        for i in 0..n {
            let at = r.pos;
            let s = r.spec(&format!("output {i}"))?;
            if let Some(a) = s.alias_of_input {
                let ok = signature
                    .inputs
                    .get(a as usize)
                    .is_some_and(|inp| inp.byte_size() == s.byte_size());
                if !ok {
                    return Err(r.err_at(
                        at,
                        format!(
                            "output {i} aliases input {a}, which is missing or of another size"
                        ),
                    ));
                }
            }
            signature.outputs.push(s);
        }
        r.finish()?;

        let dynamic = dynamic_r.dynamic(&signature)?;
        dynamic_r.finish()?;

        let constants = consts_r.data;

        let r = &mut code_r;
        let text_len = r.u64("text_len")?;
        let nrel = r.count(20, "relocs")?;
        let mut relocs = Vec::with_capacity(nrel);
        for _ in 0..nrel {
            let at = r.pos;
            let reloc = ImportReloc {
                offset: r.u64("reloc")?,
                import: r.u32("reloc")?,
                addend: r.i64("reloc")?,
            };
            relocs.push((at, reloc));
        }
        let len_at = r.pos;
        let blen = r.u64("code length")?;
        let blen = usize::try_from(blen)
            .map_err(|_| r.err_at(len_at, format!("code length {blen} too large")))?;
        let code_bytes = r.take(blen, "code bytes")?.to_vec();
        r.finish()?;
        if text_len > blen as u64 {
            return Err(code_r.err_at(0, format!("text_len {text_len} > image size {blen}")));
        }
        for (i, (at, rel)) in relocs.iter().enumerate() {
            if rel.offset.checked_add(8).is_none_or(|e| e > blen as u64) {
                return Err(code_r.err_at(
                    *at,
                    format!(
                        "reloc {i} at offset {} outside the {blen}-byte image",
                        rel.offset
                    ),
                ));
            }
        }
        let code = CodeImage {
            bytes: code_bytes,
            text_len,
            relocs: relocs.into_iter().map(|(_, r)| r).collect(),
        };

        let r = &mut sched_r;
        let at = r.pos;
        let arena_size = r.u64("arena_size")?;
        if arena_size > isize::MAX as u64 {
            return Err(r.err_at(at, format!("arena_size {arena_size} too large")));
        }
        let nk = r.count(12, "kernels")?;
        let mut kernels = Vec::with_capacity(nk);
        for i in 0..nk {
            let at = r.pos;
            let name = r.str("kernel name")?;
            let offset = r.u64("kernel offset")?;
            if offset >= text_len {
                return Err(r.err_at(
                    at,
                    format!("kernel {i} '{name}' offset {offset} outside text ({text_len} bytes)"),
                ));
            }
            kernels.push(KernelEntry { name, offset });
        }
        let regions = Regions {
            inputs: signature.inputs.iter().map(|s| s.byte_size()).collect(),
            outputs: signature.outputs.iter().map(|s| s.byte_size()).collect(),
            arena: arena_size,
            constants: constants.len() as u64,
        };
        let cx = StepCtx {
            regions: &regions,
            kernels: nk,
        };
        let steps = r.steps(&cx, 0, "")?;
        r.finish()?;

        // Library headers, then the libraries' bytes in order.
        let r = &mut ffi_r;
        let nl = r.count(16, "ffi libraries")?;
        let mut heads = Vec::with_capacity(nl);
        for _ in 0..nl {
            let at = r.pos;
            let name = r.str("library name")?;
            let nh = r.count(8, "library handlers")?;
            let mut handlers = Vec::with_capacity(nh);
            for _ in 0..nh {
                let target = r.str("handler target")?;
                let symbol = r.str("handler symbol")?;
                if target.is_empty() || symbol.is_empty() {
                    return Err(r.err_at(at, format!("library '{name}': empty target or symbol")));
                }
                handlers.push((target, symbol));
            }
            let len = r.u64("library size")?;
            heads.push((name, handlers, len));
        }
        let mut ffi_libraries = Vec::with_capacity(nl);
        for (name, handlers, len) in heads {
            let len = usize::try_from(len).map_err(|_| r.err_at(r.pos, "library too large"))?;
            let bytes = r.take(len, "library bytes")?.to_vec();
            ffi_libraries.push(FfiLibrary {
                name,
                bytes: Arc::new(bytes),
                handlers,
            });
        }
        r.finish()?;

        let pjx = Pjx {
            producer,
            target,
            signature,
            arena_size,
            constants: Constants::default(),
            code,
            kernels,
            steps,
            ffi_libraries,
            dynamic,
        };
        Ok((pjx, constants))
    }
}

/// What steps are checked against.
pub(super) struct StepCtx<'a> {
    pub(super) regions: &'a Regions,
    pub(super) kernels: usize,
}

impl R<'_> {
    /// A step list at nesting `depth`; `path` prefixes step numbers in messages
    /// (`3.body.` for the body of loop step 3).
    fn steps(&mut self, cx: &StepCtx, depth: usize, path: &str) -> Result<Vec<Step>> {
        let at = self.pos;
        if depth > MAX_NESTING {
            return Err(self.err_at(
                at,
                format!("step {path}: nesting deeper than {MAX_NESTING} levels"),
            ));
        }
        // The smallest step is a dispatch with no bindings.
        let ns = self.count(1 + 4 + 8 + 4, "steps")?;
        let mut steps = Vec::with_capacity(ns);
        for si in 0..ns {
            steps.push(self.step(cx, depth, path, si)?);
        }
        Ok(steps)
    }

    fn step(&mut self, cx: &StepCtx, depth: usize, path: &str, si: usize) -> Result<Step> {
        let r = self;
        let at = r.pos;
        let tag = r.u8("step tag")?;
        let step = match tag {
            STEP_DISPATCH => {
                let kernel = r.u32("dispatch")?;
                let workgroups = r.u64("dispatch")?;
                let nb = r.count(BUFREF_LEN, "bindings")?;
                let mut bindings = Vec::with_capacity(nb);
                for bi in 0..nb {
                    let b = r.bufref("binding")?;
                    cx.regions
                        .check(&b, &format!("binding {bi}"))
                        .map_err(|m| r.step_err(at, path, si, m))?;
                    bindings.push(b);
                }
                if kernel as usize >= cx.kernels {
                    return Err(r.err_at(
                        at,
                        format!(
                            "step {path}{si}: kernel {kernel} out of range ({} kernels)",
                            cx.kernels
                        ),
                    ));
                }
                let extent = r.extent(cx.regions)?;
                Step::Dispatch {
                    kernel,
                    bindings,
                    workgroups,
                    extent,
                }
            }
            STEP_GEMM => {
                let dtype = r.dtype("gemm dtype")?;
                let mut g = Gemm {
                    dtype,
                    lhs_dtype: r.dtype("gemm lhs dtype")?,
                    rhs_dtype: r.dtype("gemm rhs dtype")?,
                    batch: r.u64("gemm")?,
                    m: r.u64("gemm")?,
                    n: r.u64("gemm")?,
                    k: r.u64("gemm")?,
                    lhs: r.view("gemm lhs")?,
                    rhs: r.view("gemm rhs")?,
                    out: r.view("gemm out")?,
                    epilogue: r.epilogue()?,
                    extents: [None; 4],
                };
                for e in &mut g.extents {
                    *e = r.extent(cx.regions)?;
                }
                check_gemm(&g, cx.regions).map_err(|m| r.step_err(at, path, si, m))?;
                Step::Gemm(g)
            }
            STEP_CONV => {
                let dtype = r.dtype("conv dtype")?;
                let input = r.bufref("conv input")?;
                let kernel = r.bufref("conv kernel")?;
                let output = r.bufref("conv output")?;
                let batch = r.u64("conv")?;
                let in_features = r.u64("conv")?;
                let out_features = r.u64("conv")?;
                let feature_groups = r.u64("conv")?;
                let batch_groups = r.u64("conv")?;
                let rank = r.count(64, "conv rank")?;
                let mut c = Conv {
                    dtype,
                    input,
                    kernel,
                    output,
                    batch,
                    in_features,
                    out_features,
                    in_spatial: Vec::with_capacity(rank),
                    kernel_spatial: Vec::with_capacity(rank),
                    out_spatial: Vec::with_capacity(rank),
                    strides: Vec::with_capacity(rank),
                    padding: Vec::with_capacity(rank),
                    lhs_dilation: Vec::with_capacity(rank),
                    rhs_dilation: Vec::with_capacity(rank),
                    feature_groups,
                    batch_groups,
                    epilogue: Epilogue::default(),
                    extent: None,
                };
                for _ in 0..rank {
                    c.in_spatial.push(r.u64("conv")?);
                    c.kernel_spatial.push(r.u64("conv")?);
                    c.out_spatial.push(r.u64("conv")?);
                    c.strides.push(r.u64("conv")?);
                    c.padding.push((r.i64("conv")?, r.i64("conv")?));
                    c.lhs_dilation.push(r.u64("conv")?);
                    c.rhs_dilation.push(r.u64("conv")?);
                }
                c.epilogue = r.epilogue()?;
                c.extent = r.extent(cx.regions)?;
                check_conv(&c, cx.regions).map_err(|m| r.step_err(at, path, si, m))?;
                Step::Conv(c)
            }
            STEP_COPY => {
                let src = r.bufref("copy src")?;
                let dst = r.bufref("copy dst")?;
                let check = || -> std::result::Result<(), String> {
                    cx.regions.check(&src, "copy src")?;
                    cx.regions.check(&dst, "copy dst")?;
                    writable(&dst, "copy dst")?;
                    if src.size != dst.size {
                        return Err(format!(
                            "copy sizes differ (src {} bytes, dst {} bytes)",
                            src.size, dst.size
                        ));
                    }
                    Ok(())
                };
                check().map_err(|m| r.step_err(at, path, si, m))?;
                Step::Copy { src, dst }
            }
            STEP_WHILE => {
                let cond = r.steps(cx, depth + 1, &format!("{path}{si}.cond."))?;
                let pat = r.pos;
                let pred = r.bufref("while pred")?;
                let check = || -> std::result::Result<(), String> {
                    cx.regions.check(&pred, "while pred")?;
                    if pred.size != 1 {
                        return Err(format!("while pred has {} bytes, not 1", pred.size));
                    }
                    Ok(())
                };
                check().map_err(|m| r.step_err(pat, path, si, m))?;
                let body = r.steps(cx, depth + 1, &format!("{path}{si}.body."))?;
                Step::While { cond, pred, body }
            }
            STEP_CASE => {
                let index = r.bufref("case index")?;
                let check = || -> std::result::Result<(), String> {
                    cx.regions.check(&index, "case index")?;
                    if index.size != 1 && index.size != 4 {
                        return Err(format!("case index has {} bytes, not 1 or 4", index.size));
                    }
                    Ok(())
                };
                check().map_err(|m| r.step_err(at, path, si, m))?;
                let bat = r.pos;
                let nb = r.count(4, "case branches")?;
                if nb == 0 {
                    return Err(r.err_at(bat, format!("step {path}{si}: case without branches")));
                }
                let mut branches = Vec::with_capacity(nb);
                for b in 0..nb {
                    branches.push(r.steps(cx, depth + 1, &format!("{path}{si}.branch{b}."))?);
                }
                Step::Case { index, branches }
            }
            STEP_SORT => {
                let comparator = r.u32("sort comparator")?;
                let dimension = r.u32("sort dimension")?;
                let sat = r.pos;
                let stable = match r.u8("sort stable")? {
                    0 => false,
                    1 => true,
                    b => {
                        return Err(r.err_at(sat, format!("step {path}{si}: sort stable flag {b}")));
                    }
                };
                let rank = r.count(8, "sort rank")?;
                let mut shape = Vec::with_capacity(rank);
                for _ in 0..rank {
                    shape.push(r.u64("sort shape")?);
                }
                let n = r.count(1 + 2 * BUFREF_LEN, "sort operands")?;
                let mut operands = Vec::with_capacity(n);
                for _ in 0..n {
                    operands.push(SortOperand {
                        dtype: r.dtype("sort operand dtype")?,
                        input: r.bufref("sort input")?,
                        output: r.bufref("sort output")?,
                    });
                }
                let s = Sort {
                    comparator,
                    dimension,
                    shape,
                    operands,
                    stable,
                };
                check_sort(&s, cx).map_err(|m| r.step_err(at, path, si, m))?;
                Step::Sort(s)
            }
            STEP_TOPK => {
                let dimension = r.u32("top_k dimension")?;
                let k = r.u64("top_k k")?;
                let dat = r.pos;
                let descending = match r.u8("top_k descending")? {
                    0 => false,
                    1 => true,
                    b => {
                        return Err(r.err_at(dat, format!("step {path}{si}: top_k direction {b}")));
                    }
                };
                let oat = r.pos;
                let order = match r.u8("top_k key order")? {
                    KEY_FLOAT_TOTAL => KeyOrder::FloatTotal,
                    KEY_SIGNED => KeyOrder::Signed,
                    KEY_UNSIGNED => KeyOrder::Unsigned,
                    b => {
                        return Err(r.err_at(oat, format!("step {path}{si}: top_k key order {b}")));
                    }
                };
                let rank = r.count(8, "top_k rank")?;
                let mut shape = Vec::with_capacity(rank);
                for _ in 0..rank {
                    shape.push(r.u64("top_k shape")?);
                }
                let n = r.count(2 + BUFREF_LEN, "top_k operands")?;
                let mut operands = Vec::with_capacity(n);
                for _ in 0..n {
                    let dtype = r.dtype("top_k operand dtype")?;
                    let iat = r.pos;
                    let input = match r.u8("top_k input flag")? {
                        0 => None,
                        1 => Some(r.bufref("top_k input")?),
                        b => {
                            return Err(
                                r.err_at(iat, format!("step {path}{si}: top_k input flag {b}"))
                            );
                        }
                    };
                    operands.push(TopKOperand {
                        dtype,
                        input,
                        output: r.bufref("top_k output")?,
                    });
                }
                let t = TopK {
                    dimension,
                    shape,
                    k,
                    descending,
                    order,
                    operands,
                };
                check_topk(&t, cx.regions).map_err(|m| r.step_err(at, path, si, m))?;
                Step::TopK(t)
            }
            STEP_SOFTMAX => {
                let s = Softmax {
                    src: r.bufref("softmax src")?,
                    dst: r.bufref("softmax dst")?,
                    rows: r.u64("softmax rows")?,
                    cols: r.u64("softmax cols")?,
                    extent: r.extent(cx.regions)?,
                };
                check_softmax(&s, cx.regions).map_err(|m| r.step_err(at, path, si, m))?;
                Step::Softmax(s)
            }
            STEP_CUSTOM_CALL => {
                let target = r.str("custom call target")?;
                let attrs = r.attrs(0)?;
                let mut lists = [Vec::new(), Vec::new()];
                for (list, what) in lists.iter_mut().zip(["call operands", "call results"]) {
                    let count = r.count(BUFREF_LEN + 5, what)?;
                    for _ in 0..count {
                        let buf = r.bufref(what)?;
                        let dtype = r.dtype(what)?;
                        let rank = r.count(8, "call buffer rank")?;
                        let mut dims = Vec::with_capacity(rank);
                        for _ in 0..rank {
                            dims.push(r.u64("call buffer dimension")?);
                        }
                        list.push(CallBuffer { buf, dtype, dims });
                    }
                }
                let [operands, results] = lists;
                let c = CustomCall {
                    target,
                    attrs,
                    operands,
                    results,
                };
                check_custom_call(&c, cx.regions).map_err(|m| r.step_err(at, path, si, m))?;
                Step::CustomCall(c)
            }
            STEP_LINALG => {
                let at_routine = r.pos;
                let code = r.u8("linalg routine")?;
                let routine = Routine::from_code(code).ok_or_else(|| {
                    r.err_at(
                        at_routine,
                        format!("step {path}{si}: invalid linalg routine {code}"),
                    )
                })?;
                let dtype = r.dtype("linalg dtype")?;
                let batch = r.u64("linalg batch")?;
                let m = r.u64("linalg m")?;
                let n = r.u64("linalg n")?;
                let k = r.u64("linalg k")?;
                let flags = r.u32("linalg flags")?;
                let mut lists = [Vec::new(), Vec::new()];
                for (list, what) in lists.iter_mut().zip(["linalg operands", "linalg results"]) {
                    let count = r.count(BUFREF_LEN, what)?;
                    for _ in 0..count {
                        list.push(r.bufref(what)?);
                    }
                }
                let [operands, results] = lists;
                let l = Linalg {
                    routine,
                    dtype,
                    batch,
                    m,
                    n,
                    k,
                    flags,
                    operands,
                    results,
                };
                check_linalg(&l, cx.regions).map_err(|m| r.step_err(at, path, si, m))?;
                Step::Linalg(l)
            }
            STEP_FFT => {
                let kat = r.pos;
                let code = r.u8("fft kind")?;
                let kind = FFT_KINDS
                    .iter()
                    .find(|(c, _)| *c == code)
                    .map(|(_, k)| *k)
                    .ok_or_else(|| r.err_at(kat, format!("step {path}{si}: fft kind {code}")))?;
                let dtype = r.dtype("fft dtype")?;
                let batch = r.u64("fft batch")?;
                let rank = r.count(8, "fft rank")?;
                let mut lengths = Vec::with_capacity(rank);
                for _ in 0..rank {
                    lengths.push(r.u64("fft lengths")?);
                }
                let f = Fft {
                    kind,
                    dtype,
                    batch,
                    lengths,
                    input: r.bufref("fft input")?,
                    output: r.bufref("fft output")?,
                };
                check_fft(&f, cx.regions).map_err(|m| r.step_err(at, path, si, m))?;
                Step::Fft(f)
            }
            STEP_COLLECTIVE => {
                let c = r.collective()?;
                super::collective::check_collective(&c, cx)
                    .map_err(|m| r.step_err(at, path, si, m))?;
                Step::Collective(c)
            }
            t => return Err(r.err_at(at, format!("step {path}{si}: invalid step tag {t}"))),
        };
        Ok(step)
    }
}
