//! Bounded dynamic shapes ([`DynamicShapes`]): the caller-visible view of a program
//! compiled once for every size up to its bounds, its encoding in the `dynamic` section,
//! and the decoder's checks of it against the compiled signature.
//!
//! Section layout: a flag byte (0: a static program, nothing follows; 1: dynamic), then
//! the caller inputs and outputs (each: name, dtype, rank, then per dimension a tag byte,
//! 0 static + u64 size or 1 dynamic + symbol + u64 bound + u32 slot), then the assertions
//! (u32 pred, list of u32 values, message).

use super::{Assertion, Dim, DynamicShapes, DynamicTensor, Pjx, Signature, TensorSpec};
use crate::DType;
use std::borrow::Cow;

impl Dim {
    /// The largest size this dimension takes: its size, or its bound.
    pub fn bound(&self) -> u64 {
        match self {
            Dim::Static(n) => *n,
            Dim::Dynamic { bound, .. } => *bound,
        }
    }

    pub fn is_dynamic(&self) -> bool {
        matches!(self, Dim::Dynamic { .. })
    }
}

impl DynamicTensor {
    /// A tensor of the spec's static shape.
    pub fn from_spec(spec: &TensorSpec) -> DynamicTensor {
        DynamicTensor {
            name: spec.name.clone(),
            dtype: spec.dtype,
            dims: spec.shape.iter().map(|&d| Dim::Static(d)).collect(),
        }
    }

    /// The shape at the bounds: what the compiled program takes or returns.
    pub fn bound_shape(&self) -> Vec<u64> {
        self.dims.iter().map(Dim::bound).collect()
    }

    /// Whether every dimension is static.
    pub fn is_static(&self) -> bool {
        !self.dims.iter().any(Dim::is_dynamic)
    }

    /// `f32[b<=64,128]`; an unnamed dynamic dimension is `?<=64`.
    pub fn type_string(&self) -> String {
        let dims: Vec<String> = self
            .dims
            .iter()
            .map(|d| match d {
                Dim::Static(n) => n.to_string(),
                Dim::Dynamic { symbol, bound, .. } => {
                    let s = if symbol.is_empty() { "?" } else { symbol };
                    format!("{s}<={bound}")
                }
            })
            .collect();
        format!("{}[{}]", self.dtype, dims.join(","))
    }
}

impl DynamicShapes {
    /// The view of a static program: its signature, every dimension static.
    pub fn from_signature(sig: &Signature) -> DynamicShapes {
        DynamicShapes {
            inputs: sig.inputs.iter().map(DynamicTensor::from_spec).collect(),
            outputs: sig.outputs.iter().map(DynamicTensor::from_spec).collect(),
            assertions: Vec::new(),
        }
    }
}

impl Assertion {
    /// The message of this assertion failing with `values` (the outputs it names, in
    /// order): `{i}` replaced by the i-th, as the compiler reports a shape assertion that
    /// fails at compile time.
    pub fn format(&self, values: &[i64]) -> String {
        let mut out = self.message.clone();
        for (i, v) in values.iter().enumerate() {
            out = out.replace(&format!("{{{i}}}"), &v.to_string());
        }
        out
    }
}

impl Pjx {
    /// What a caller passes and gets back: [`Pjx::dynamic`], or for a static program its
    /// signature.
    pub fn caller_shapes(&self) -> Cow<'_, DynamicShapes> {
        match &self.dynamic {
            Some(d) => Cow::Borrowed(d),
            None => Cow::Owned(DynamicShapes::from_signature(&self.signature)),
        }
    }
}

// ---- encoding ----

const DIM_STATIC: u8 = 0;
const DIM_DYNAMIC: u8 = 1;

impl super::write::Enc {
    pub(super) fn dynamic(&mut self, d: Option<&DynamicShapes>) {
        let Some(d) = d else {
            self.u8(0);
            return;
        };
        self.u8(1);
        for list in [&d.inputs, &d.outputs] {
            self.count(list.len());
            for t in list {
                self.str(&t.name);
                self.u8(t.dtype.code());
                self.count(t.dims.len());
                for dim in &t.dims {
                    match dim {
                        Dim::Static(n) => {
                            self.u8(DIM_STATIC);
                            self.u64(*n);
                        }
                        Dim::Dynamic {
                            symbol,
                            bound,
                            slot,
                        } => {
                            self.u8(DIM_DYNAMIC);
                            self.str(symbol);
                            self.u64(*bound);
                            self.u32(*slot);
                        }
                    }
                }
            }
        }
        self.count(d.assertions.len());
        for a in &d.assertions {
            self.u32(a.pred);
            self.count(a.values.len());
            for &v in &a.values {
                self.u32(v);
            }
            self.str(&a.message);
        }
    }
}

// ---- decoding ----

use super::read::{R, Result as FResult};

/// The smallest encoded tensor (empty name, a dtype, rank 0) and dimension (static).
const TENSOR_MIN: usize = 4 + 1 + 4;
const DIM_MIN: usize = 1 + 8;
/// An assertion with no values and an empty message.
const ASSERTION_MIN: usize = 4 + 4 + 4;

impl R<'_> {
    /// The `dynamic` section, checked against the compiled signature `sig`.
    pub(super) fn dynamic(&mut self, sig: &Signature) -> FResult<Option<DynamicShapes>> {
        let at = self.pos;
        let d = match self.u8("dynamic flag")? {
            0 => return Ok(None),
            1 => DynamicShapes {
                inputs: self.dynamic_tensors("dynamic inputs")?,
                outputs: self.dynamic_tensors("dynamic outputs")?,
                assertions: {
                    let n = self.count(ASSERTION_MIN, "assertions")?;
                    let mut v = Vec::with_capacity(n);
                    for _ in 0..n {
                        let pred = self.u32("assertion pred")?;
                        let nv = self.count(4, "assertion values")?;
                        let mut values = Vec::with_capacity(nv);
                        for _ in 0..nv {
                            values.push(self.u32("assertion value")?);
                        }
                        let message = self.str("assertion message")?;
                        v.push(Assertion {
                            pred,
                            values,
                            message,
                        });
                    }
                    v
                },
            },
            f => return Err(self.err_at(at, format!("dynamic flag {f} is not 0 or 1"))),
        };
        check_dynamic(&d, sig).map_err(|m| self.err_at(at, m))?;
        Ok(Some(d))
    }

    fn dynamic_tensors(&mut self, what: &str) -> FResult<Vec<DynamicTensor>> {
        let n = self.count(TENSOR_MIN, what)?;
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            let name = self.str("dynamic tensor name")?;
            let dtype = self.dtype("dynamic tensor dtype")?;
            let rank = self.count(DIM_MIN, "dynamic tensor rank")?;
            let mut dims = Vec::with_capacity(rank);
            for _ in 0..rank {
                let at = self.pos;
                dims.push(match self.u8("dimension kind")? {
                    DIM_STATIC => Dim::Static(self.u64("dimension size")?),
                    DIM_DYNAMIC => Dim::Dynamic {
                        symbol: self.str("dimension symbol")?,
                        bound: self.u64("dimension bound")?,
                        slot: self.u32("dimension slot")?,
                    },
                    k => return Err(self.err_at(at, format!("invalid dimension kind {k}"))),
                });
            }
            out.push(DynamicTensor { name, dtype, dims });
        }
        Ok(out)
    }
}

/// `input 0 (%arg0)`.
fn named(what: &str, i: usize, name: &str) -> String {
    if name.is_empty() {
        format!("{what} {i}")
    } else {
        format!("{what} {i} ({name})")
    }
}

/// Checks `d` against the compiled signature `sig`: each caller tensor is the compiled one
/// at its bounds, every slot names an extra compiled input or output of the right type,
/// and the extra ones are exactly the slots (see [`DynamicShapes`]). Written for size as
/// much as for clarity: the size-built runner links it, under a 2 MB budget.
pub(super) fn check_dynamic(d: &DynamicShapes, sig: &Signature) -> Result<(), String> {
    for (what, callers, compiled) in [
        ("input", &d.inputs, &sig.inputs),
        ("output", &d.outputs, &sig.outputs),
    ] {
        if callers.len() > compiled.len() {
            return Err(format!(
                "{} caller {what}s, the compiled program has {}",
                callers.len(),
                compiled.len()
            ));
        }
        for (i, (t, spec)) in callers.iter().zip(compiled.iter()).enumerate() {
            let zero = t
                .dims
                .iter()
                .any(|d| matches!(d, Dim::Dynamic { bound: 0, .. }));
            if zero || t.dtype != spec.dtype || t.bound_shape() != spec.shape {
                return Err(format!(
                    "{} at its bounds is not the compiled program's {what} {i} ({})",
                    named(what, i, &t.name),
                    crate::exec::type_string(spec.dtype, &spec.shape)
                ));
            }
        }
    }
    // Which symbol, if any, uses each extra input and output; which are used.
    let mut inputs: Vec<Option<&str>> = vec![None; sig.inputs.len()];
    let mut outputs: Vec<Option<&str>> = vec![None; sig.outputs.len()];
    let mut bounds: Vec<(&str, u64)> = Vec::new();
    for (is_input, list, specs, slots, first) in [
        (true, &d.inputs, &sig.inputs, &mut inputs, d.inputs.len()),
        (
            false,
            &d.outputs,
            &sig.outputs,
            &mut outputs,
            d.outputs.len(),
        ),
    ] {
        for t in list {
            for dim in &t.dims {
                let Dim::Dynamic {
                    symbol,
                    bound,
                    slot,
                } = dim
                else {
                    continue;
                };
                claim(slots, specs, first, *slot, DType::I64, symbol)?;
                if is_input && !symbol.is_empty() {
                    match bounds.iter().find(|(n, _)| n == symbol) {
                        Some(&(_, b)) if b != *bound => {
                            return Err(format!("symbol {symbol} has bounds {b} and {bound}"));
                        }
                        Some(_) => {}
                        None => bounds.push((symbol, *bound)),
                    }
                }
            }
        }
    }
    // An assertion may read a size output too.
    for a in &d.assertions {
        let slots =
            std::iter::once((a.pred, DType::I1)).chain(a.values.iter().map(|&v| (v, DType::I64)));
        for (slot, dtype) in slots {
            let s = slot as usize;
            let shared = outputs.get(s).copied().flatten();
            let spec = sig.outputs.get(s).filter(|_| s >= d.outputs.len());
            if !spec.is_some_and(|p| p.dtype == dtype && p.shape.is_empty()) {
                return Err(format!("slot {slot} is not an extra {dtype} scalar"));
            }
            outputs[s] = Some(shared.unwrap_or(""));
        }
    }
    for (what, slots, first) in [
        ("input", &inputs, d.inputs.len()),
        ("output", &outputs, d.outputs.len()),
    ] {
        if let Some(s) = (first..slots.len()).find(|&s| slots[s].is_none()) {
            return Err(format!(
                "compiled {what} {s} is neither a caller's nor a size or assertion slot"
            ));
        }
    }
    Ok(())
}

/// Marks extra compiled input or output `slot` as used by `symbol` ("" for none): it must
/// be past the caller's (`first`), a scalar of `dtype`, and used once, or only by
/// dimensions of one named symbol.
fn claim<'a>(
    slots: &mut [Option<&'a str>],
    specs: &[TensorSpec],
    first: usize,
    slot: u32,
    dtype: DType,
    symbol: &'a str,
) -> Result<(), String> {
    let s = slot as usize;
    let spec = specs.get(s).filter(|_| s >= first);
    if !spec.is_some_and(|p| p.dtype == dtype && p.shape.is_empty()) {
        return Err(format!("slot {slot} is not an extra {dtype} scalar"));
    }
    if let Some(other) = slots[s]
        && (other.is_empty() || other != symbol)
    {
        return Err(format!("slot {slot} is used twice"));
    }
    slots[s] = Some(symbol);
    Ok(())
}
