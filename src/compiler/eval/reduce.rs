//! Ops with a scalar computation region: reduce, reduce_window and sort.
use super::tensor::{Tensor, dims, for_each_index, ravel, strides, try_for_each_index};
use super::{Env, EvalError, Scalars};
use crate::compiler::ir::{Region, TensorType, WindowAttrs};

/// `stablehlo.reduce`: each result element folds the input elements that map to it, in
/// row-major order of the reduced dimensions: `acc = body(acc, x)`.
pub(crate) fn reduce(
    body: &Scalars,
    inputs: &[Tensor],
    inits: &[Tensor],
    rdims: &[i64],
    out_types: &[TensorType],
) -> Result<Vec<Tensor>, EvalError> {
    let xs = inputs[0].shape();
    let st = strides(&xs);
    let kept: Vec<usize> = (0..xs.len())
        .filter(|d| !rdims.contains(&(*d as i64)))
        .collect();
    let reduced: Vec<usize> = rdims.iter().map(|&d| d as usize).collect();
    let rshape: Vec<usize> = reduced.iter().map(|&d| xs[d]).collect();
    let mut outs: Vec<Vec<u128>> = vec![Vec::new(); inputs.len()];
    try_for_each_index(&dims(&out_types[0]), |o| {
        let mut acc: Vec<u128> = inits.iter().map(|t| t.bits[0]).collect();
        let mut base = vec![0usize; xs.len()];
        for (k, &d) in kept.iter().enumerate() {
            base[d] = o[k];
        }
        try_for_each_index(&rshape, |r| {
            let mut at = ravel(&base, &st);
            for (k, &d) in reduced.iter().enumerate() {
                at += r[k] * st[d];
            }
            let xsv: Vec<u128> = inputs.iter().map(|t| t.bits[at]).collect();
            acc = body.call(&acc, &xsv)?;
            Ok(())
        })?;
        for (out, a) in outs.iter_mut().zip(acc) {
            out.push(a);
        }
        Ok(())
    })?;
    Ok(out_types
        .iter()
        .zip(outs)
        .map(|(t, b)| Tensor::new(t.clone(), b))
        .collect())
}

/// `stablehlo.reduce_window`: windows over the padded, base-dilated input; padding and
/// dilation holes hold the init values, as in the spec.
pub(crate) fn reduce_window(
    body: &Scalars,
    inputs: &[Tensor],
    inits: &[Tensor],
    w: &WindowAttrs,
    out_types: &[TensorType],
) -> Result<Vec<Tensor>, EvalError> {
    let xs = inputs[0].shape();
    let st = strides(&xs);
    let wshape: Vec<usize> = w.window_dimensions.iter().map(|&d| d as usize).collect();
    let init: Vec<u128> = inits.iter().map(|t| t.bits[0]).collect();
    let mut outs: Vec<Vec<u128>> = vec![Vec::new(); inputs.len()];
    try_for_each_index(&dims(&out_types[0]), |o| {
        let mut acc = init.clone();
        try_for_each_index(&wshape, |k| {
            let mut at = Some(0usize);
            for d in 0..xs.len() {
                // i128: attributes are arbitrary i64s.
                let p = o[d] as i128 * w.window_strides[d] as i128
                    + k[d] as i128 * w.window_dilations[d] as i128
                    - w.padding[d].0 as i128;
                let bd = w.base_dilations[d] as i128;
                if p < 0 || p % bd != 0 || p / bd >= xs[d] as i128 {
                    at = None;
                    break;
                }
                at = at.map(|a| a + (p / bd) as usize * st[d]);
            }
            let xsv: Vec<u128> = match at {
                Some(a) => inputs.iter().map(|t| t.bits[a]).collect(),
                None => init.clone(),
            };
            acc = body.call(&acc, &xsv)?;
            Ok(())
        })?;
        for (out, a) in outs.iter_mut().zip(acc) {
            out.push(a);
        }
        Ok(())
    })?;
    Ok(out_types
        .iter()
        .zip(outs)
        .map(|(t, b)| Tensor::new(t.clone(), b))
        .collect())
}

/// `stablehlo.sort`: a stable merge sort along `dim` of every operand together, ordered by
/// the comparator (which must not be trusted to be a strict weak order).
pub(crate) fn sort(
    func: &crate::compiler::ir::Func,
    cmp: &Region,
    env: &Env,
    inputs: &[Tensor],
    dim: usize,
) -> Result<Vec<Tensor>, EvalError> {
    let xs = inputs[0].shape();
    let st = strides(&xs);
    let n = xs.get(dim).copied().unwrap_or(1);
    let mut outer = xs.clone();
    if dim < outer.len() {
        outer[dim] = 1;
    }
    let mut outs: Vec<Tensor> = inputs.to_vec();
    let scalar_types: Vec<TensorType> = inputs
        .iter()
        .map(|t| TensorType::scalar(t.dtype()))
        .collect();
    let less = |a: &[u128], b: &[u128]| -> Result<bool, EvalError> {
        let mut args = Vec::with_capacity(2 * a.len());
        for i in 0..a.len() {
            args.push(Tensor::new(scalar_types[i].clone(), vec![a[i]]));
            args.push(Tensor::new(scalar_types[i].clone(), vec![b[i]]));
        }
        let r = super::eval_region(func, cmp, args, env)?;
        Ok(r.first().and_then(|t| t.bits.first()).copied().unwrap_or(0) & 1 == 1)
    };
    let mut res = Ok(());
    for_each_index(&outer, |base| {
        if res.is_err() {
            return;
        }
        let start = ravel(base, &st);
        let step = st.get(dim).copied().unwrap_or(1);
        let rows: Vec<Vec<u128>> = (0..n)
            .map(|j| inputs.iter().map(|t| t.bits[start + j * step]).collect())
            .collect();
        match merge_sort(rows, &less) {
            Ok(sorted) => {
                for (j, row) in sorted.iter().enumerate() {
                    for (t, &v) in outs.iter_mut().zip(row) {
                        t.bits[start + j * step] = v;
                    }
                }
            }
            Err(e) => res = Err(e),
        }
    });
    res.map(|()| outs)
}

type Less<'a> = dyn Fn(&[u128], &[u128]) -> Result<bool, EvalError> + 'a;

fn merge_sort(v: Vec<Vec<u128>>, less: &Less) -> Result<Vec<Vec<u128>>, EvalError> {
    if v.len() <= 1 {
        return Ok(v);
    }
    let mut left = v;
    let right = left.split_off(left.len() / 2);
    let (left, right) = (merge_sort(left, less)?, merge_sort(right, less)?);
    let mut out = Vec::with_capacity(left.len() + right.len());
    let (mut l, mut r) = (left.into_iter().peekable(), right.into_iter().peekable());
    while let (Some(a), Some(b)) = (l.peek(), r.peek()) {
        // Take from the right only when strictly less: keeps equal elements in order.
        if less(b, a)? {
            out.extend(r.next());
        } else {
            out.extend(l.next());
        }
    }
    out.extend(l);
    out.extend(r);
    Ok(out)
}

/// `stablehlo.scatter`: every update element is combined into the result element its
/// index maps to (updates in row-major order); updates landing out of bounds are skipped.
pub(crate) fn scatter(
    body: &Scalars,
    inputs: &[Tensor],
    idx: &Tensor,
    updates: &[Tensor],
    s: &crate::compiler::ir::ScatterAttrs,
) -> Result<Vec<Tensor>, EvalError> {
    let xs = inputs[0].shape();
    let xst = strides(&xs);
    let (is, ist) = (idx.shape(), strides(&idx.shape()));
    let us = updates[0].shape();
    let ivd = s.index_vector_dim as usize;
    let has = |v: &[i64], d: usize| v.contains(&(d as i64));
    let scatter_dims: Vec<usize> = (0..us.len())
        .filter(|&d| !has(&s.update_window_dims, d))
        .collect();
    let window_operand_dims: Vec<usize> = (0..xs.len())
        .filter(|&d| !has(&s.inserted_window_dims, d) && !has(&s.input_batching_dims, d))
        .collect();
    let mut outs: Vec<Tensor> = inputs.to_vec();
    let mut n = 0usize;
    try_for_each_index(&us, |u| {
        let ui = n;
        n += 1;
        let scatter_index: Vec<usize> = scatter_dims.iter().map(|&d| u[d]).collect();
        let mut si = scatter_index.clone();
        if ivd <= si.len() {
            si.insert(ivd, 0);
        }
        let mut at = vec![0i128; xs.len()];
        for (k, &d) in s.scatter_dims_to_operand_dims.iter().enumerate() {
            let v = if ivd < is.len() {
                si[ivd] = k;
                idx.int(ravel(&si, &ist))
            } else {
                idx.int(ravel(&si[..is.len()], &ist))
            };
            at[d as usize] += v;
        }
        for (&od, &sd) in s
            .input_batching_dims
            .iter()
            .zip(&s.scatter_indices_batching_dims)
        {
            let sd = sd as usize;
            at[od as usize] += scatter_index[if sd < ivd { sd } else { sd - 1 }] as i128;
        }
        for (k, &d) in s.update_window_dims.iter().enumerate() {
            at[window_operand_dims[k]] += u[d as usize] as i128;
        }
        if at.iter().zip(&xs).any(|(&a, &n)| a < 0 || a >= n as i128) {
            return Ok(());
        }
        let pos: usize = at.iter().zip(&xst).map(|(&a, &s)| a as usize * s).sum();
        let cur: Vec<u128> = outs.iter().map(|t| t.bits[pos]).collect();
        let upd: Vec<u128> = updates.iter().map(|t| t.bits[ui]).collect();
        let new = body.call(&cur, &upd)?;
        for (t, v) in outs.iter_mut().zip(new) {
            t.bits[pos] = v;
        }
        Ok(())
    })?;
    Ok(outs)
}

type Select<'a> = dyn Fn(&Tensor, &Tensor) -> Result<bool, EvalError> + 'a;

/// `stablehlo.select_and_scatter`: in each window (padding positions are never selected)
/// pick an element with `select` (the current pick stays while `select(pick, e)`), then
/// combine the window's source element into the result at the pick with `scatter`; the
/// result starts as `init` everywhere.
pub(crate) fn select_and_scatter(
    select: &Select,
    scatter: &Scalars,
    x: &Tensor,
    source: &Tensor,
    init: &Tensor,
    w: &WindowAttrs,
) -> Result<Tensor, EvalError> {
    let xs = x.shape();
    let st = strides(&xs);
    let wshape: Vec<usize> = w.window_dimensions.iter().map(|&d| d as usize).collect();
    let scalar = |b: u128| Tensor::new(TensorType::scalar(x.dtype()), vec![b]);
    let mut out = Tensor::new(
        x.ty.with_dtype(init.dtype()),
        vec![init.bits[0]; x.bits.len()],
    );
    let mut n = 0usize;
    try_for_each_index(&source.shape(), |o| {
        let si = n;
        n += 1;
        let mut pick: Option<usize> = None;
        try_for_each_index(&wshape, |k| {
            let mut at = 0usize;
            for d in 0..xs.len() {
                let p = o[d] as i128 * w.window_strides[d] as i128 + k[d] as i128
                    - w.padding[d].0 as i128;
                if p < 0 || p >= xs[d] as i128 {
                    return Ok(());
                }
                at += p as usize * st[d];
            }
            pick = match pick {
                Some(cur) if select(&scalar(x.bits[cur]), &scalar(x.bits[at]))? => Some(cur),
                _ => Some(at),
            };
            Ok(())
        })?;
        if let Some(p) = pick {
            out.bits[p] = scatter.call(&[out.bits[p]], &[source.bits[si]])?[0];
        }
        Ok(())
    })?;
    Ok(out)
}
