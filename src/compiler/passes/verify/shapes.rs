//! Result-shape inference of the structured ops (window, dot, convolution, gather,
//! scatter). Attribute values are arbitrary i64s, so arithmetic is done in i128.
use super::{check_dims, check_len, check_sorted, is_integer};
use crate::compiler::ir::{
    ConvAttrs, DotDims, FftType, GatherAttrs, ScatterAttrs, TensorType, WindowAttrs,
};

type Res<T> = Result<T, String>;

fn to_dim(what: &str, v: i128) -> Res<i64> {
    if v < 0 || v > i64::MAX as i128 {
        return Err(format!("{what} would have size {v}"));
    }
    Ok(v as i64)
}

/// Number of windows along one dimension (StableHLO's reduce_window/convolution rule).
fn num_windows(
    size: i64,
    window: i64,
    stride: i64,
    base_dil: i64,
    win_dil: i64,
    pad: (i64, i64),
) -> i128 {
    let dilated = if size == 0 {
        0
    } else {
        (size as i128 - 1) * base_dil as i128 + 1
    };
    let padded = pad.0 as i128 + dilated + pad.1 as i128;
    let dw = (window as i128 - 1) * win_dil as i128 + 1;
    if padded <= 0 || dw > padded {
        0
    } else {
        (padded - dw) / stride as i128 + 1
    }
}

pub(crate) fn window_shape(shape: &[i64], w: &WindowAttrs) -> Res<Vec<i64>> {
    let r = shape.len();
    check_len("window_dimensions", w.window_dimensions.len(), r)?;
    check_len("window_strides", w.window_strides.len(), r)?;
    check_len("base_dilations", w.base_dilations.len(), r)?;
    check_len("window_dilations", w.window_dilations.len(), r)?;
    check_len("padding", w.padding.len(), r)?;
    (0..r)
        .map(|d| {
            let (wd, s, bd, wdl) = (
                w.window_dimensions[d],
                w.window_strides[d],
                w.base_dilations[d],
                w.window_dilations[d],
            );
            if wd <= 0 || s <= 0 || bd <= 0 || wdl <= 0 {
                return Err(format!(
                    "dimension {d}: window size ({wd}), stride ({s}) and dilations ({bd}, {wdl}) must be positive"
                ));
            }
            to_dim(
                &format!("dimension {d}"),
                num_windows(shape[d], wd, s, bd, wdl, w.padding[d]),
            )
        })
        .collect()
}

pub(crate) fn dot_shape(lhs: &TensorType, rhs: &TensorType, d: &DotDims) -> Res<Vec<i64>> {
    check_len(
        "rhs_batching_dimensions",
        d.rhs_batch.len(),
        d.lhs_batch.len(),
    )?;
    check_len(
        "rhs_contracting_dimensions",
        d.rhs_contracting.len(),
        d.lhs_contracting.len(),
    )?;
    let lhs_all: Vec<i64> = d
        .lhs_batch
        .iter()
        .chain(&d.lhs_contracting)
        .copied()
        .collect();
    let rhs_all: Vec<i64> = d
        .rhs_batch
        .iter()
        .chain(&d.rhs_contracting)
        .copied()
        .collect();
    check_dims("lhs batching/contracting dimension", &lhs_all, lhs.rank())?;
    check_dims("rhs batching/contracting dimension", &rhs_all, rhs.rank())?;
    for (&l, &r) in d.lhs_batch.iter().zip(&d.rhs_batch) {
        let (a, b) = (lhs.shape[l as usize], rhs.shape[r as usize]);
        if a != b {
            return Err(format!(
                "lhs batching dimension {l} (size {a}) and rhs batching dimension {r} (size {b}) differ"
            ));
        }
    }
    for (&l, &r) in d.lhs_contracting.iter().zip(&d.rhs_contracting) {
        let (a, b) = (lhs.shape[l as usize], rhs.shape[r as usize]);
        if a != b {
            return Err(format!(
                "lhs contracting dimension {l} (size {a}) and rhs contracting dimension {r} (size {b}) differ"
            ));
        }
    }
    let mut shape: Vec<i64> = d.lhs_batch.iter().map(|&b| lhs.shape[b as usize]).collect();
    shape.extend(free_dims(lhs.rank(), &lhs_all).map(|i| lhs.shape[i]));
    shape.extend(free_dims(rhs.rank(), &rhs_all).map(|i| rhs.shape[i]));
    Ok(shape)
}

/// Dimensions of `0..rank` not listed in `used`, in order.
pub(crate) fn free_dims(rank: usize, used: &[i64]) -> impl Iterator<Item = usize> + '_ {
    (0..rank).filter(move |&i| !used.contains(&(i as i64)))
}

pub(crate) fn conv_shape(lhs: &TensorType, rhs: &TensorType, c: &ConvAttrs) -> Res<Vec<i64>> {
    let n = c.input_spatial_dims.len();
    let rank = n + 2;
    if lhs.rank() != rank || rhs.rank() != rank {
        return Err(format!(
            "lhs {lhs} and rhs {rhs} must have rank {rank} for {n} spatial dimensions"
        ));
    }
    check_len("kernel spatial dimensions", c.kernel_spatial_dims.len(), n)?;
    check_len("output spatial dimensions", c.output_spatial_dims.len(), n)?;
    check_len("window_strides", c.window_strides.len(), n)?;
    check_len("padding", c.padding.len(), n)?;
    check_len("lhs_dilation", c.lhs_dilation.len(), n)?;
    check_len("rhs_dilation", c.rhs_dilation.len(), n)?;
    check_len("window_reversal", c.window_reversal.len(), n)?;
    let mut inp = vec![c.input_batch_dim, c.input_feature_dim];
    inp.extend(&c.input_spatial_dims);
    check_dims("input dimension", &inp, rank)?;
    let mut ker = vec![c.kernel_input_feature_dim, c.kernel_output_feature_dim];
    ker.extend(&c.kernel_spatial_dims);
    check_dims("kernel dimension", &ker, rank)?;
    let mut out = vec![c.output_batch_dim, c.output_feature_dim];
    out.extend(&c.output_spatial_dims);
    check_dims("output dimension", &out, rank)?;
    let (fg, bg) = (c.feature_group_count, c.batch_group_count);
    if fg <= 0 || bg <= 0 || (fg > 1 && bg > 1) {
        return Err(format!(
            "feature_group_count ({fg}) and batch_group_count ({bg}) must be positive and not both > 1"
        ));
    }
    let batch = lhs.shape[c.input_batch_dim as usize];
    let in_feat = lhs.shape[c.input_feature_dim as usize];
    let k_in = rhs.shape[c.kernel_input_feature_dim as usize];
    let k_out = rhs.shape[c.kernel_output_feature_dim as usize];
    if in_feat % fg != 0 || k_out % fg != 0 {
        return Err(format!(
            "input features ({in_feat}) and kernel output features ({k_out}) must be divisible by feature_group_count ({fg})"
        ));
    }
    if batch % bg != 0 || k_out % bg != 0 {
        return Err(format!(
            "input batch ({batch}) and kernel output features ({k_out}) must be divisible by batch_group_count ({bg})"
        ));
    }
    if k_in != in_feat / fg {
        return Err(format!(
            "kernel input features ({k_in}) must equal input features ({in_feat}) / feature_group_count ({fg})"
        ));
    }
    let mut shape = vec![0i64; rank];
    shape[c.output_batch_dim as usize] = batch / bg;
    shape[c.output_feature_dim as usize] = k_out;
    for i in 0..n {
        let (s, ld, rd) = (c.window_strides[i], c.lhs_dilation[i], c.rhs_dilation[i]);
        if s <= 0 || ld <= 0 || rd <= 0 {
            return Err(format!(
                "spatial dimension {i}: stride ({s}) and dilations ({ld}, {rd}) must be positive"
            ));
        }
        let size = lhs.shape[c.input_spatial_dims[i] as usize];
        let k = rhs.shape[c.kernel_spatial_dims[i] as usize];
        let w = num_windows(size, k, s, ld, rd, c.padding[i]);
        shape[c.output_spatial_dims[i] as usize] = to_dim(&format!("spatial dimension {i}"), w)?;
    }
    Ok(shape)
}

/// Size of the index vector of `indices` along `ivd` (an implicit 1 when `ivd == rank`).
fn index_vector_size(indices: &TensorType, ivd: i64) -> Res<i64> {
    let r = indices.rank() as i64;
    if !is_integer(indices.dtype) {
        return Err(format!("indices {indices} must be integers"));
    }
    if ivd < 0 || ivd > r {
        return Err(format!(
            "index_vector_dim {ivd} is out of range for rank {r}"
        ));
    }
    Ok(if ivd == r {
        1
    } else {
        indices.shape[ivd as usize]
    })
}

pub(crate) fn gather_shape(
    operand: &TensorType,
    idx: &TensorType,
    g: &GatherAttrs,
) -> Res<Vec<i64>> {
    let r = operand.rank();
    let ivs = index_vector_size(idx, g.index_vector_dim)?;
    check_len("slice_sizes", g.slice_sizes.len(), r)?;
    for d in 0..r {
        if g.slice_sizes[d] < 0 || g.slice_sizes[d] > operand.shape[d] {
            return Err(format!(
                "slice size {} of dimension {d} is not in [0, {}]",
                g.slice_sizes[d], operand.shape[d]
            ));
        }
    }
    check_sorted("collapsed_slice_dims", &g.collapsed_slice_dims)?;
    check_sorted("operand_batching_dims", &g.operand_batching_dims)?;
    let both: Vec<i64> = g
        .collapsed_slice_dims
        .iter()
        .chain(&g.operand_batching_dims)
        .copied()
        .collect();
    check_dims("collapsed/batching dimension", &both, r)?;
    for &d in &both {
        if g.slice_sizes[d as usize] > 1 {
            return Err(format!(
                "collapsed or batching dimension {d} has slice size {}",
                g.slice_sizes[d as usize]
            ));
        }
    }
    check_len(
        "start_indices_batching_dims",
        g.start_indices_batching_dims.len(),
        g.operand_batching_dims.len(),
    )?;
    check_dims(
        "start_indices_batching_dim",
        &g.start_indices_batching_dims,
        idx.rank(),
    )?;
    for (&o, &s) in g
        .operand_batching_dims
        .iter()
        .zip(&g.start_indices_batching_dims)
    {
        if s == g.index_vector_dim {
            return Err("start_indices_batching_dims contains index_vector_dim".into());
        }
        if operand.shape[o as usize] != idx.shape[s as usize] {
            return Err(format!(
                "operand batching dimension {o} and indices batching dimension {s} differ in size"
            ));
        }
    }
    check_len("start_index_map", g.start_index_map.len(), ivs as usize)?;
    check_dims("start_index_map entry", &g.start_index_map, r)?;
    if g.start_index_map
        .iter()
        .any(|d| g.operand_batching_dims.contains(d))
    {
        return Err("start_index_map contains an operand batching dimension".into());
    }
    let batch: Vec<i64> = free_dims(idx.rank(), &[g.index_vector_dim])
        .map(|d| idx.shape[d])
        .collect();
    let offsets: Vec<i64> = free_dims(r, &both).map(|d| g.slice_sizes[d]).collect();
    check_len("offset_dims", g.offset_dims.len(), offsets.len())?;
    check_sorted("offset_dims", &g.offset_dims)?;
    let out_rank = batch.len() + offsets.len();
    check_dims("offset dimension", &g.offset_dims, out_rank)?;
    let (mut b, mut o) = (batch.iter(), offsets.iter());
    Ok((0..out_rank)
        .map(|d| {
            if g.offset_dims.contains(&(d as i64)) {
                *o.next().unwrap_or(&0)
            } else {
                *b.next().unwrap_or(&0)
            }
        })
        .collect())
}

pub(crate) fn scatter_check(
    input: &TensorType,
    idx: &TensorType,
    upd: &TensorType,
    s: &ScatterAttrs,
) -> Res<()> {
    let r = input.rank();
    let ivs = index_vector_size(idx, s.index_vector_dim)?;
    check_sorted("update_window_dims", &s.update_window_dims)?;
    check_dims("update_window_dim", &s.update_window_dims, upd.rank())?;
    check_sorted("inserted_window_dims", &s.inserted_window_dims)?;
    check_sorted("input_batching_dims", &s.input_batching_dims)?;
    let both: Vec<i64> = s
        .inserted_window_dims
        .iter()
        .chain(&s.input_batching_dims)
        .copied()
        .collect();
    check_dims("inserted/batching dimension", &both, r)?;
    check_len(
        "scatter_indices_batching_dims",
        s.scatter_indices_batching_dims.len(),
        s.input_batching_dims.len(),
    )?;
    check_dims(
        "scatter_indices_batching_dim",
        &s.scatter_indices_batching_dims,
        idx.rank(),
    )?;
    for (&o, &i) in s
        .input_batching_dims
        .iter()
        .zip(&s.scatter_indices_batching_dims)
    {
        if i == s.index_vector_dim || input.shape[o as usize] != idx.shape[i as usize] {
            return Err(format!(
                "input batching dimension {o} does not match indices batching dimension {i}"
            ));
        }
    }
    check_len(
        "scatter_dims_to_operand_dims",
        s.scatter_dims_to_operand_dims.len(),
        ivs as usize,
    )?;
    check_dims(
        "scatter_dims_to_operand_dims entry",
        &s.scatter_dims_to_operand_dims,
        r,
    )?;
    if s.update_window_dims.len() + both.len() != r {
        return Err(format!(
            "update_window_dims ({}) + inserted/batching dims ({}) must equal the input rank {r}",
            s.update_window_dims.len(),
            both.len()
        ));
    }
    let scatter_sizes: Vec<i64> = free_dims(idx.rank(), &[s.index_vector_dim])
        .map(|d| idx.shape[d])
        .collect();
    let upd_scatter: Vec<i64> = free_dims(upd.rank(), &s.update_window_dims)
        .map(|d| upd.shape[d])
        .collect();
    if scatter_sizes != upd_scatter {
        return Err(format!(
            "update scatter dimensions {upd_scatter:?} must match the indices batch dimensions {scatter_sizes:?}"
        ));
    }
    for (&u, d) in s.update_window_dims.iter().zip(free_dims(r, &both)) {
        if upd.shape[u as usize] > input.shape[d] {
            return Err(format!(
                "update window dimension {u} (size {}) exceeds input dimension {d} (size {})",
                upd.shape[u as usize], input.shape[d]
            ));
        }
    }
    Ok(())
}

/// `stablehlo.fft`'s rules (C1-C5). `packed`: the form the complex legalization leaves
/// (`passes::complex`), each complex tensor as its parts, `f32[..., 2]` for
/// `complex<f32>[...]`.
pub(crate) fn fft_check(
    kind: FftType,
    lengths: &[i64],
    packed: bool,
    operand: &TensorType,
    result: &TensorType,
) -> Res<()> {
    let unpack = |t: &TensorType| -> Res<TensorType> {
        match (t.shape.split_last(), t.dtype.complex_of()) {
            (Some((2, shape)), Some(c)) => Ok(TensorType::new(c, shape.to_vec())),
            _ => Err(format!("{t} is not a complex tensor as f32/f64 pairs")),
        }
    };
    let (operand, result) = if packed {
        let o = if kind.is_complex(false) {
            unpack(operand)?
        } else {
            operand.clone()
        };
        let r = if kind.is_complex(true) {
            unpack(result)?
        } else {
            result.clone()
        };
        (o, r)
    } else {
        (operand.clone(), result.clone())
    };
    let k = lengths.len();
    if k == 0 || k > 3 {
        return Err(format!("fft_length has {k} entries, expected 1 to 3"));
    }
    if k > operand.rank() {
        return Err(format!(
            "fft_length {lengths:?} is longer than the rank of {operand}"
        ));
    }
    let (complex, real) = match kind {
        FftType::Fft | FftType::Ifft => (&operand, None),
        FftType::Rfft => (&result, Some(&operand)),
        FftType::Irfft => (&operand, Some(&result)),
    };
    let Some(part) = complex.dtype.complex_part() else {
        return Err(format!("{complex} must be complex for {kind:?}"));
    };
    let tail = |t: &TensorType| t.shape[t.rank() - k..].to_vec();
    match real {
        None => {
            if tail(&operand) != lengths {
                return Err(format!("{operand} does not end in fft_length {lengths:?}"));
            }
            if result != operand {
                return Err(format!("result {result} must have the type of {operand}"));
            }
        }
        Some(real) => {
            if real.dtype != part || real.rank() != complex.rank() {
                return Err(format!("{real} does not match {complex} for {kind:?}"));
            }
            if tail(real) != lengths {
                return Err(format!("{real} does not end in fft_length {lengths:?}"));
            }
            let mut want = real.shape.clone();
            let last = want.last_mut().expect("rank >= k >= 1");
            *last = if *last == 0 { 0 } else { *last / 2 + 1 };
            if complex.shape != want {
                return Err(format!(
                    "{complex} must have shape {want:?} for {kind:?} of {real}"
                ));
            }
        }
    }
    Ok(())
}
