//! `batch_norm_inference` and `batch_norm_training`: StableHLO ops (and HLO instructions)
//! that no CPU kernel needs to know, expanded at import the way XLA's BatchNormExpander
//! does. PyTorch/XLA emits them for `nn.BatchNorm*`; JAX never does.
//!
//! The per-feature vectors (`scale`, `offset`, `mean`, `variance`) run along dimension
//! `feature_index` of the operand; the statistics of training reduce every other dimension.

use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::builder::Builder;
use crate::compiler::ir::{Opcode, TensorType, UnaryOp, ValueId};

type Result<T> = std::result::Result<T, Diagnostic>;

/// Checks what both ops require: a float operand, `feature_index` one of its dimensions,
/// and 1-D per-feature operands of its element type and that dimension's size.
fn check(b: &Builder, name: &str, x: ValueId, features: &[ValueId], fi: i64) -> Result<()> {
    let ty = b.ty(x);
    if !ty.dtype.is_float() {
        return Err(b.err(format!("'{name}' needs a float operand, got {ty}")));
    }
    if fi < 0 || fi >= ty.rank() as i64 {
        return Err(b.err(format!(
            "'{name}': feature_index {fi} is not a dimension of {ty}"
        )));
    }
    let want = TensorType::new(ty.dtype, vec![ty.shape[fi as usize]]);
    for &f in features {
        if *b.ty(f) != want {
            return Err(b.err(format!(
                "'{name}': a per-feature operand is {}, expected {want}",
                b.ty(f)
            )));
        }
    }
    Ok(())
}

/// A per-feature vector broadcast to the operand's shape.
fn along(b: &mut Builder, v: ValueId, like: ValueId, fi: i64) -> ValueId {
    let shape = b.shape(like);
    b.broadcast_in_dim(v, &shape, vec![fi])
}

/// `(x - mean) * (rsqrt(variance + epsilon) * scale) + offset`, per feature.
fn normalize(
    b: &mut Builder,
    [x, scale, offset, mean, variance]: [ValueId; 5],
    epsilon: f64,
    fi: i64,
) -> ValueId {
    let eps = b.constant_like(variance, epsilon);
    let shifted = b.add(variance, eps);
    let inv = b.unary(UnaryOp::Rsqrt, shifted);
    let factor = b.mul(inv, scale);
    let mean = along(b, mean, x, fi);
    let factor = along(b, factor, x, fi);
    let offset = along(b, offset, x, fi);
    let centered = b.sub(x, mean);
    let scaled = b.mul(centered, factor);
    b.add(scaled, offset)
}

/// `batch_norm_inference(x, scale, offset, mean, variance)`.
pub fn inference(
    b: &mut Builder,
    operands: &[ValueId],
    epsilon: f64,
    feature_index: i64,
) -> Result<ValueId> {
    let &[x, scale, offset, mean, variance] = operands else {
        return Err(b.err(format!(
            "'batch_norm_inference' takes 5 operands, got {}",
            operands.len()
        )));
    };
    check(
        b,
        "batch_norm_inference",
        x,
        &[scale, offset, mean, variance],
        feature_index,
    )?;
    Ok(normalize(
        b,
        [x, scale, offset, mean, variance],
        epsilon,
        feature_index,
    ))
}

/// `batch_norm_training(x, scale, offset)` -> `(output, batch_mean, batch_var)`: the
/// statistics over every dimension but `feature_index` (the variance is the biased one,
/// the mean of the squared deviations), then the normalization with them.
pub fn training(
    b: &mut Builder,
    operands: &[ValueId],
    epsilon: f64,
    feature_index: i64,
) -> Result<Vec<ValueId>> {
    let &[x, scale, offset] = operands else {
        return Err(b.err(format!(
            "'batch_norm_training' takes 3 operands, got {}",
            operands.len()
        )));
    };
    check(b, "batch_norm_training", x, &[scale, offset], feature_index)?;
    let ty = b.ty(x).clone();
    let fi = feature_index as usize;
    let others: Vec<i64> = (0..ty.rank() as i64)
        .filter(|&d| d != feature_index)
        .collect();
    let count: i64 = others.iter().map(|&d| ty.shape[d as usize]).product();
    let mean_of = |b: &mut Builder, v: ValueId| -> Result<ValueId> {
        let sum = reduce_sum(b, v, &others, &[ty.shape[fi]])?;
        let n = b.constant_like(sum, count as f64);
        Ok(b.div(sum, n))
    };
    let mean = mean_of(b, x)?;
    let mean_b = along(b, mean, x, feature_index);
    let deviation = b.sub(x, mean_b);
    let squared = b.mul(deviation, deviation);
    let variance = mean_of(b, squared)?;
    let output = normalize(
        b,
        [x, scale, offset, mean, variance],
        epsilon,
        feature_index,
    );
    Ok(vec![output, mean, variance])
}

/// The sum of `x` over `dims`, of shape `shape`.
fn reduce_sum(b: &mut Builder, x: ValueId, dims: &[i64], shape: &[i64]) -> Result<ValueId> {
    let dtype = b.dtype(x);
    let scalar = TensorType::scalar(dtype);
    let zero = b.scalar(dtype, 0.0);
    let (acc, next) = (b.new_value(scalar.clone()), b.new_value(scalar));
    let body = b.region(vec![acc, next], |b| Ok(vec![b.add(acc, next)]))?;
    let out = TensorType::new(dtype, shape.to_vec());
    Ok(b.op_n(
        Opcode::Reduce {
            dimensions: dims.to_vec(),
        },
        &[x, zero],
        vec![out],
        vec![body],
    )[0])
}
