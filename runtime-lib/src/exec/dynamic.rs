//! Calls of a program compiled for bounded dynamic dimensions ([`DynamicShapes`]): the
//! caller's tensors are checked against the dynamic view and padded to their bounds, with
//! their sizes as i64 scalars; the compiled program's outputs are checked (assertions,
//! sizes) and cut to their valid regions.

use super::{RunError, paren, type_string};
use crate::format::{Dim, DynamicShapes, DynamicTensor, Signature};
use crate::tensor::{AlignedBytes, Tensor, byte_size};

/// The compiled program's inputs for one call, beside the caller's: a padded copy of each
/// caller input not already at its bound shape, and the size scalars. `None` where the
/// caller's input is used in place.
pub(super) struct Padded(Vec<Option<Tensor>>);

impl Padded {
    /// The compiled program's inputs: the caller's `inputs` where they are used in place.
    pub(super) fn refs<'a>(&'a self, inputs: &[&'a Tensor]) -> Vec<&'a Tensor> {
        self.0
            .iter()
            .enumerate()
            .map(|(i, t)| t.as_ref().unwrap_or_else(|| inputs[i]))
            .collect()
    }

    /// [`Padded::refs`] as owned tensors (the caller's copied).
    pub(super) fn into_tensors(self, inputs: &[&Tensor]) -> Vec<Tensor> {
        self.0
            .into_iter()
            .enumerate()
            .map(|(i, t)| t.unwrap_or_else(|| inputs[i].clone()))
            .collect()
    }
}

/// Checks `inputs` against `d` and builds the compiled program's inputs (`sig`'s).
pub(super) fn pad(
    d: &DynamicShapes,
    sig: &Signature,
    inputs: &[&Tensor],
) -> Result<Padded, RunError> {
    let mut compiled: Vec<Option<Tensor>> = (0..sig.inputs.len()).map(|_| None).collect();
    for (slot, size) in check_inputs(d, inputs)? {
        compiled[slot as usize] = Some(Tensor {
            dtype: crate::DType::I64,
            shape: Vec::new(),
            data: AlignedBytes::from_slice(&size.to_le_bytes()),
        });
    }
    for (i, (t, dt)) in inputs.iter().zip(&d.inputs).enumerate() {
        let bound = dt.bound_shape();
        if t.shape == bound {
            continue; // used in place
        }
        let mut padded = Tensor::try_zeros(t.dtype, &bound).ok_or(RunError::OutOfMemory {
            what: "padded inputs",
            bytes: sig.inputs[i].byte_size(),
        })?;
        let (src, dst) = (t.bytes(), padded.data.as_mut_slice());
        runs(&t.shape, &bound, t.dtype.size(), |dense, at, n| {
            dst[at..at + n].copy_from_slice(&src[dense..dense + n])
        });
        compiled[i] = Some(padded);
    }
    Ok(Padded(compiled))
}

/// Checks the caller's inputs: types, static dimensions, dynamic ones within their bounds
/// and equal across a symbol. Returns each size input's slot and value.
fn check_inputs(d: &DynamicShapes, inputs: &[&Tensor]) -> Result<Vec<(u32, i64)>, RunError> {
    if inputs.len() != d.inputs.len() {
        return Err(RunError::Count {
            what: "inputs",
            expected: d.inputs.len(),
            got: inputs.len(),
        });
    }
    let mut sizes = Vec::new();
    // The first dimension of each named symbol: (symbol, input, dimension, size). A few
    // symbols: a vector, not a hash map (the runtime's size budget).
    let mut seen: Vec<(&str, usize, usize, u64)> = Vec::new();
    for (index, (t, dt)) in inputs.iter().zip(&d.inputs).enumerate() {
        check_type(index, t, dt)?;
        for (dim, (&size, want)) in t.shape.iter().zip(&dt.dims).enumerate() {
            match want {
                Dim::Static(n) if size != *n => {
                    return Err(RunError::StaticDim {
                        what: "input",
                        index,
                        name: paren(&dt.name),
                        dim,
                        expected: *n,
                        got: size,
                    });
                }
                Dim::Static(_) => {}
                Dim::Dynamic {
                    symbol,
                    bound,
                    slot,
                } => {
                    if size > *bound {
                        return Err(RunError::DimOutOfRange {
                            what: "input",
                            index,
                            name: paren(&dt.name),
                            dim,
                            symbol: paren(symbol),
                            size: i64::try_from(size).unwrap_or(i64::MAX),
                            bound: *bound,
                        });
                    }
                    if !symbol.is_empty() {
                        let &(_, first, first_dim, first_size) =
                            match seen.iter().find(|s| s.0 == symbol.as_str()) {
                                Some(s) => s,
                                None => {
                                    seen.push((symbol, index, dim, size));
                                    &seen[seen.len() - 1]
                                }
                            };
                        if first_size != size {
                            return Err(RunError::SymbolMismatch {
                                index,
                                name: paren(&dt.name),
                                dim,
                                symbol: symbol.clone(),
                                size,
                                first,
                                first_dim,
                                first_size,
                            });
                        }
                    }
                    // At most the bound, which fits the compiled program's i64 sizes.
                    sizes.push((*slot, size as i64));
                }
            }
        }
    }
    Ok(sizes)
}

/// The dtype and rank of input `index`, and that its storage holds its shape.
fn check_type(index: usize, t: &Tensor, dt: &DynamicTensor) -> Result<(), RunError> {
    let len_ok = byte_size(t.dtype, &t.shape) == Some(t.data.len());
    if t.dtype == dt.dtype && t.shape.len() == dt.dims.len() && len_ok {
        return Ok(());
    }
    let mut got = type_string(t.dtype, &t.shape);
    if !len_ok {
        got = format!("{got} with {} bytes of storage", t.data.len());
    }
    Err(RunError::Mismatch {
        what: "input",
        index,
        name: paren(&dt.name),
        expected: dt.type_string(),
        got,
    })
}

/// The value of an i64 scalar output (the decoder checked every size and assertion
/// value slot is one).
fn scalar_i64(t: &Tensor) -> i64 {
    t.bytes()
        .first_chunk::<8>()
        .map_or(0, |b| i64::from_le_bytes(*b))
}

/// Checks the compiled program's `outputs` (its assertions, then each output's sizes
/// against its bounds) and returns the caller's outputs, each its valid region.
pub(super) fn cut(d: &DynamicShapes, mut outputs: Vec<Tensor>) -> Result<Vec<Tensor>, RunError> {
    for a in &d.assertions {
        // An i1 scalar (checked by the decoder): one byte, 0 or 1.
        let holds = outputs[a.pred as usize]
            .bytes()
            .first()
            .is_some_and(|b| b & 1 != 0);
        if !holds {
            let values: Vec<i64> = a
                .values
                .iter()
                .map(|&v| scalar_i64(&outputs[v as usize]))
                .collect();
            return Err(RunError::ShapeAssertion {
                message: a.format(&values),
            });
        }
    }
    let mut shapes = Vec::with_capacity(d.outputs.len());
    for (index, dt) in d.outputs.iter().enumerate() {
        let mut shape = Vec::with_capacity(dt.dims.len());
        for (dim, want) in dt.dims.iter().enumerate() {
            shape.push(match want {
                Dim::Static(n) => *n,
                Dim::Dynamic {
                    symbol,
                    bound,
                    slot,
                } => {
                    let size = scalar_i64(&outputs[*slot as usize]);
                    match u64::try_from(size) {
                        Ok(s) if s <= *bound => s,
                        _ => {
                            return Err(RunError::DimOutOfRange {
                                what: "output",
                                index,
                                name: paren(&dt.name),
                                dim,
                                symbol: paren(symbol),
                                size,
                                bound: *bound,
                            });
                        }
                    }
                }
            });
        }
        shapes.push(shape);
    }
    outputs.truncate(d.outputs.len());
    for (out, shape) in outputs.iter_mut().zip(shapes) {
        if out.shape == shape {
            continue; // at its bounds: returned as it is
        }
        let mut valid = Tensor::try_zeros(out.dtype, &shape).ok_or(RunError::OutOfMemory {
            what: "outputs",
            bytes: out.data.len() as u64,
        })?;
        let (src, dst) = (out.bytes(), valid.data.as_mut_slice());
        runs(&shape, &out.shape, out.dtype.size(), |dense, at, n| {
            dst[dense..dense + n].copy_from_slice(&src[at..at + n])
        });
        *out = valid;
    }
    Ok(outputs)
}

/// Calls `f(dense, padded, len)` for each contiguous run of bytes of the region `shape`
/// at the low corner of a row-major tensor of shape `bound` (each dimension at most the
/// bound's): `len` bytes at offset `dense` of a dense tensor of `shape`, and at offset
/// `padded` of one of `bound`. The inner dimensions in which `shape` equals `bound`, and
/// the first one that differs, make one run: with only the outermost dimension short,
/// the whole region is one prefix.
fn runs(shape: &[u64], bound: &[u64], elem: usize, mut f: impl FnMut(usize, usize, usize)) {
    if shape.contains(&0) {
        return;
    }
    // Sizes are at most the bound's, whose byte size the decoder checked fits an isize.
    let rank = shape.len();
    let mut run = elem;
    let mut outer = 0; // dimensions [0, outer) are iterated, the rest are one run
    for j in (0..rank).rev() {
        run *= shape[j] as usize;
        if shape[j] != bound[j] {
            outer = j;
            break;
        }
    }
    // Byte strides of the padded tensor.
    let mut stride = vec![0usize; outer];
    let mut s = elem * bound[outer..].iter().product::<u64>() as usize;
    for j in (0..outer).rev() {
        stride[j] = s;
        s *= bound[j] as usize;
    }
    let mut idx = vec![0u64; outer];
    let (mut dense, mut padded) = (0, 0);
    loop {
        f(dense, padded, run);
        dense += run;
        // The next index in row-major order over shape[..outer].
        let mut j = outer;
        loop {
            if j == 0 {
                return;
            }
            j -= 1;
            idx[j] += 1;
            padded += stride[j];
            if idx[j] < shape[j] {
                break;
            }
            padded -= stride[j] * shape[j] as usize;
            idx[j] = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::runs;

    /// The runs of `shape` in `bound`, as (dense, padded, len) in elements of 1 byte.
    fn all(shape: &[u64], bound: &[u64]) -> Vec<(usize, usize, usize)> {
        let mut v = Vec::new();
        runs(shape, bound, 1, |a, b, n| v.push((a, b, n)));
        v
    }

    #[test]
    fn runs_are_as_long_as_the_layouts_allow() {
        assert_eq!(all(&[], &[]), vec![(0, 0, 1)]);
        assert_eq!(all(&[2, 3], &[2, 3]), vec![(0, 0, 6)]);
        // Only the outermost dimension short: one prefix.
        assert_eq!(all(&[2, 3], &[4, 3]), vec![(0, 0, 6)]);
        assert_eq!(all(&[2, 3], &[2, 5]), vec![(0, 0, 3), (3, 5, 3)]);
        assert_eq!(
            all(&[2, 2, 3], &[3, 2, 4]),
            vec![(0, 0, 3), (3, 4, 3), (6, 8, 3), (9, 12, 3)]
        );
        // A short middle dimension: runs of the inner ones, strided by the outer.
        assert_eq!(all(&[2, 1, 2], &[2, 3, 2]), vec![(0, 0, 2), (2, 6, 2)]);
        assert_eq!(all(&[0, 3], &[4, 3]), vec![]);
        assert_eq!(all(&[2, 0], &[2, 3]), vec![]);
    }

    /// Every element of the region, and no other, is copied, at its row-major places.
    #[test]
    fn runs_cover_the_region_exactly() {
        let bound = [3u64, 4, 2];
        for a in 0..=3u64 {
            for b in 0..=4u64 {
                for c in 0..=2u64 {
                    let shape = [a, b, c];
                    let mut dense = vec![false; (a * b * c) as usize];
                    let mut padded = vec![None; 24];
                    runs(&shape, &bound, 1, |d, p, n| {
                        for k in 0..n {
                            assert!(!dense[d + k]);
                            dense[d + k] = true;
                            assert!(padded[p + k].is_none());
                            padded[p + k] = Some(d + k);
                        }
                    });
                    assert!(dense.iter().all(|&x| x), "{shape:?}");
                    for (p, v) in padded.iter().enumerate() {
                        let (i, j, k) = (p / 8, p / 2 % 4, p % 2);
                        let inside = (i as u64) < a && (j as u64) < b && (k as u64) < c;
                        let want = inside.then(|| (i * (b * c) as usize) + j * c as usize + k);
                        assert_eq!(*v, want, "{shape:?} at {p}");
                    }
                }
            }
        }
    }
}
