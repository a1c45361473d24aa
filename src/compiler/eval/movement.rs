//! Data movement: iota, broadcast, reshape, transpose, slices, concatenate, pad, reverse,
//! dynamic (update) slices and gather. Results are built index by index from the spec's
//! definition of each result element.
use super::EvalError;
use super::tensor::{Tensor, dims, for_each_index, int_to_float, ravel, strides};
use crate::compiler::ir::{GatherAttrs, TensorType};

/// Gathers `out[i] = x[src(i)]` over the result's indices.
fn build(ty: &TensorType, x: &Tensor, mut src: impl FnMut(&[usize]) -> usize) -> Tensor {
    let mut bits = Vec::with_capacity(ty.num_elements().max(0) as usize);
    for_each_index(&dims(ty), |i| bits.push(x.bits[src(i)]));
    Tensor::new(ty.clone(), bits)
}

pub(crate) fn iota(ty: &TensorType, dimension: usize) -> Tensor {
    let d = ty.dtype;
    let mut bits = Vec::new();
    for_each_index(&dims(ty), |i| {
        let v = i[dimension] as i128;
        bits.push(u128::from(match d.complex_part() {
            // (i, +0): the real part above a zero imaginary part's bits.
            Some(part) => int_to_float(part, v),
            None if d.is_float() => int_to_float(d, v),
            None => super::tensor::from_int(d, v),
        }))
    });
    Tensor::new(ty.clone(), bits)
}

pub(crate) fn broadcast_in_dim(x: &Tensor, ty: &TensorType, bdims: &[i64]) -> Tensor {
    let (xs, st) = (x.shape(), strides(&x.shape()));
    build(ty, x, |i| {
        bdims
            .iter()
            .enumerate()
            .map(|(k, &d)| if xs[k] == 1 { 0 } else { i[d as usize] * st[k] })
            .sum()
    })
}

pub(crate) fn transpose(x: &Tensor, ty: &TensorType, perm: &[i64]) -> Tensor {
    let st = strides(&x.shape());
    build(ty, x, |i| {
        perm.iter()
            .enumerate()
            .map(|(k, &p)| i[k] * st[p as usize])
            .sum()
    })
}

pub(crate) fn slice(x: &Tensor, ty: &TensorType, start: &[i64], step: &[i64]) -> Tensor {
    let st = strides(&x.shape());
    build(ty, x, |i| {
        (0..i.len())
            .map(|k| (start[k] as usize + i[k] * step[k] as usize) * st[k])
            .sum()
    })
}

pub(crate) fn concatenate(xs: &[Tensor], ty: &TensorType, dim: usize) -> Tensor {
    let mut bits = Vec::new();
    for_each_index(&dims(ty), |i| {
        let mut pos = i[dim];
        for x in xs {
            let n = x.shape()[dim];
            if pos < n {
                let mut j = i.to_vec();
                j[dim] = pos;
                bits.push(x.bits[ravel(&j, &strides(&x.shape()))]);
                return;
            }
            pos -= n;
        }
    });
    Tensor::new(ty.clone(), bits)
}

pub(crate) fn pad(
    x: &Tensor,
    value: u128,
    ty: &TensorType,
    low: &[i64],
    interior: &[i64],
) -> Tensor {
    let (xs, st) = (x.shape(), strides(&x.shape()));
    let mut bits = Vec::new();
    for_each_index(&dims(ty), |i| {
        let mut at = 0usize;
        for k in 0..i.len() {
            // Position in the interior-padded operand; negative low padding crops.
            let p = i[k] as i128 - low[k] as i128;
            let step = interior[k] as i128 + 1;
            if p < 0 || p % step != 0 || p / step >= xs[k] as i128 {
                bits.push(value);
                return;
            }
            at += (p / step) as usize * st[k];
        }
        bits.push(x.bits[at]);
    });
    Tensor::new(ty.clone(), bits)
}

pub(crate) fn reverse(x: &Tensor, rdims: &[i64]) -> Tensor {
    let (xs, st) = (x.shape(), strides(&x.shape()));
    build(&x.ty, x, |i| {
        (0..i.len())
            .map(|k| {
                let j = if rdims.contains(&(k as i64)) {
                    xs[k] - 1 - i[k]
                } else {
                    i[k]
                };
                j * st[k]
            })
            .sum()
    })
}

/// Start indices clamped so the window `size` fits in `dim`.
fn clamp_start(start: i128, dim: usize, size: usize) -> usize {
    start.clamp(0, (dim - size) as i128) as usize
}

pub(crate) fn dynamic_slice(x: &Tensor, starts: &[Tensor], ty: &TensorType) -> Tensor {
    let (xs, st) = (x.shape(), strides(&x.shape()));
    let size = dims(ty);
    let s: Vec<usize> = (0..xs.len())
        .map(|k| clamp_start(starts[k].int(0), xs[k], size[k]))
        .collect();
    build(ty, x, |i| (0..i.len()).map(|k| (s[k] + i[k]) * st[k]).sum())
}

pub(crate) fn dynamic_update_slice(x: &Tensor, upd: &Tensor, starts: &[Tensor]) -> Tensor {
    let (xs, st) = (x.shape(), strides(&x.shape()));
    let us = upd.shape();
    let s: Vec<usize> = (0..xs.len())
        .map(|k| clamp_start(starts[k].int(0), xs[k], us[k]))
        .collect();
    let mut out = x.clone();
    let mut n = 0;
    for_each_index(&us, |i| {
        let at: usize = (0..i.len()).map(|k| (s[k] + i[k]) * st[k]).sum();
        out.bits[at] = upd.bits[n];
        n += 1;
    });
    out
}

/// `stablehlo.gather`, following the spec's definition of each result element.
pub(crate) fn gather(
    x: &Tensor,
    idx: &Tensor,
    ty: &TensorType,
    g: &GatherAttrs,
) -> Result<Tensor, EvalError> {
    let (xs, xst) = (x.shape(), strides(&x.shape()));
    let (is, ist) = (idx.shape(), strides(&idx.shape()));
    let ivd = g.index_vector_dim as usize;
    let out_rank = ty.rank();
    let batch_dims: Vec<usize> = (0..out_rank)
        .filter(|d| !g.offset_dims.contains(&(*d as i64)))
        .collect();
    // Operand dims the offsets run over, in order.
    let offset_operand_dims: Vec<usize> = (0..xs.len())
        .filter(|d| {
            !g.collapsed_slice_dims.contains(&(*d as i64))
                && !g.operand_batching_dims.contains(&(*d as i64))
        })
        .collect();
    let mut bits = Vec::new();
    for_each_index(&dims(ty), |i| {
        let batch_index: Vec<usize> = batch_dims.iter().map(|&d| i[d]).collect();
        // Index into start_indices with the index vector dim left free.
        let mut si = batch_index.clone();
        if ivd <= si.len() {
            si.insert(ivd, 0);
        }
        let mut operand_index = vec![0usize; xs.len()];
        for (k, &d) in g.start_index_map.iter().enumerate() {
            let d = d as usize;
            let v = if ivd < is.len() {
                si[ivd] = k;
                idx.int(ravel(&si, &ist))
            } else {
                idx.int(ravel(&si[..is.len()], &ist))
            };
            operand_index[d] = clamp_start(v, xs[d], g.slice_sizes[d] as usize);
        }
        for (&od, &sd) in g
            .operand_batching_dims
            .iter()
            .zip(&g.start_indices_batching_dims)
        {
            let sd = sd as usize;
            operand_index[od as usize] = batch_index[if sd < ivd { sd } else { sd - 1 }];
        }
        for (k, &d) in g.offset_dims.iter().enumerate() {
            operand_index[offset_operand_dims[k]] += i[d as usize];
        }
        bits.push(x.bits[ravel(&operand_index, &xst)]);
    });
    Ok(Tensor::new(ty.clone(), bits))
}
