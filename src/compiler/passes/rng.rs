//! `rng_bit_generator` as plain StableHLO on unsigned integers: the counter-based
//! generators XLA expands it into (its `RngBitGeneratorExpander` and `prng` library), so
//! a program gives the bits it gives on XLA's CPU backend (`DEFAULT` is Philox there).
//! The evaluator evaluates the op through this expansion too ([`expand`]): the generators
//! are written once.
//!
//! The state is `ui64[n]`, its first word the key:
//! - ThreeFry-2x32 (20 rounds), `n = 2`: word 1 is a 64-bit counter. Element `i` of a
//!   64-bit result is the cipher of counter `c + i`; 32-bit results take both words of
//!   each cipher output, for pairs of elements along one dimension (the first even one,
//!   else the longest), so half as many counters are used. The new counter is `c` plus
//!   the counters used.
//! - Philox-4x32 (10 rounds), `n = 2` or `3`: the counter is 128 bits, words 1 and 2 (with
//!   `n = 2`, word 1 and the key as its high half). Counter `c + j` gives four 32-bit
//!   numbers, elements `4j..4j+4` in order (64-bit results: two elements per counter);
//!   the state keeps the key and the advanced counter (with `n = 2` its low word only).
//!
//! Results narrower than 32 bits keep the low bits of the 32-bit numbers; results of
//! other types (floats, signed) are those bits reinterpreted.

use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::builder::Builder;
use crate::compiler::ir::{
    BinaryOp, DType, Func, Op, Opcode, Region, RngAlgorithm, TensorType, ValueId,
};

/// Rewrites every `rng_bit_generator` of `func`; returns whether there was one.
pub fn legalize(func: &mut Func) -> Result<bool, Diagnostic> {
    let mut found = false;
    func.body
        .walk(&mut |op| found |= matches!(op.opcode, Opcode::RngBitGenerator { .. }));
    if !found {
        return Ok(false);
    }
    let mut body = std::mem::take(&mut func.body);
    let result = legalize_region(&mut func.values, &mut body);
    func.body = body;
    result.map(|()| true)
}

fn legalize_region(values: &mut Vec<TensorType>, r: &mut Region) -> Result<(), Diagnostic> {
    let ops = std::mem::take(&mut r.ops);
    let mut out = Vec::with_capacity(ops.len());
    for mut op in ops {
        for sub in &mut op.regions {
            legalize_region(values, sub)?;
        }
        let Opcode::RngBitGenerator { algorithm } = op.opcode else {
            out.push(op);
            continue;
        };
        let mut ops = Vec::new();
        let out_type = values[op.results[1].index()].clone();
        let mut b = Builder::new(values, &mut ops, op.loc.clone());
        let (state, bits) = expand(&mut b, algorithm, op.operands[0], &out_type)?;
        // The last ops computing the new state and the bits define the op's results.
        rename(&mut ops, state, op.results[0]);
        rename(&mut ops, bits, op.results[1]);
        out.extend(ops);
    }
    r.ops = out;
    Ok(())
}

/// Makes the op defining `from` define `to` instead (`from` is used by no other op).
fn rename(ops: &mut [Op], from: ValueId, to: ValueId) {
    for op in ops.iter_mut().rev() {
        if let Some(r) = op.results.iter_mut().find(|r| **r == from) {
            *r = to;
            return;
        }
    }
}

/// Appends the ops computing `rng_bit_generator(state)` with result type `out`; returns
/// the new state and the bits. Errors name what is not supported.
pub fn expand(
    b: &mut Builder,
    algorithm: RngAlgorithm,
    state: ValueId,
    out: &TensorType,
) -> Result<(ValueId, ValueId), Diagnostic> {
    let words = match b.shape(state).as_slice() {
        &[n] if b.dtype(state) == DType::U64 => n,
        _ => return Err(b.err("'rng_bit_generator' expects a state of type tensor<Nxui64>")),
    };
    let width = match out.dtype {
        d if d.is_complex() || d == DType::I1 => 0,
        d => d.bits(),
    };
    if !matches!(width, 8 | 16 | 32 | 64) {
        return Err(b.err(format!(
            "'rng_bit_generator' of {} elements is not supported (8-, 16-, 32- or 64-bit types)",
            out.dtype.mlir_name()
        )));
    }
    let key = word(b, state, 0);
    let (new_state, bits) = match algorithm {
        RngAlgorithm::ThreeFry => {
            if words != 2 {
                return Err(b.err(format!(
                    "'rng_bit_generator' THREE_FRY needs a state of 2 words, got {words}"
                )));
            }
            let counter = word(b, state, 1);
            let (counter, bits) = threefry(b, key, counter, &out.shape, width);
            let counter = b.reshape(counter, &[1]);
            let key = b.reshape(key, &[1]);
            (concat(b, &[key, counter]), bits)
        }
        RngAlgorithm::Philox | RngAlgorithm::Default => {
            if !(2..=3).contains(&words) {
                return Err(b.err(format!(
                    "'rng_bit_generator' PHILOX needs a state of 2 or 3 words, got {words}"
                )));
            }
            let low = word(b, state, 1);
            let high = if words == 3 { word(b, state, 2) } else { key };
            let ((low, high), bits) = philox(b, key, (low, high), &out.shape, width);
            let mut parts = vec![b.reshape(key, &[1]), b.reshape(low, &[1])];
            if words == 3 {
                parts.push(b.reshape(high, &[1]));
            }
            (concat(b, &parts), bits)
        }
    };
    // Narrow results keep the low bits; then the result type reinterprets them.
    let unsigned = match width {
        8 => DType::U8,
        16 => DType::U16,
        32 => DType::U32,
        _ => DType::U64,
    };
    let bits = if width < 32 {
        let low = b.int_like(bits, (1 << width) - 1);
        let masked = b.and(bits, low);
        b.convert(masked, unsigned)
    } else {
        bits
    };
    let bits = if out.dtype == unsigned {
        bits
    } else {
        b.bitcast(bits, out.dtype)
    };
    Ok((new_state, bits))
}

/// Word `i` of the state, as a scalar.
fn word(b: &mut Builder, state: ValueId, i: i64) -> ValueId {
    let w = b.slice(state, vec![i], vec![i + 1]);
    b.reshape(w, &[])
}

fn concat(b: &mut Builder, parts: &[ValueId]) -> ValueId {
    let dtype = b.dtype(parts[0]);
    let len: i64 = parts.iter().map(|&p| b.shape(p)[0]).sum();
    b.op(
        Opcode::Concatenate { dimension: 0 },
        parts,
        TensorType::new(dtype, vec![len]),
    )
}

fn shl(b: &mut Builder, x: ValueId, n: i128) -> ValueId {
    let n = b.int_like(x, n);
    b.binary(BinaryOp::ShiftLeft, x, n)
}

fn shr(b: &mut Builder, x: ValueId, n: i128) -> ValueId {
    let n = b.int_like(x, n);
    b.binary(BinaryOp::ShiftRightLogical, x, n)
}

fn xor(b: &mut Builder, x: ValueId, y: ValueId) -> ValueId {
    b.binary(BinaryOp::Xor, x, y)
}

/// The low and high 32-bit words of 64-bit `x`.
fn split64(b: &mut Builder, x: ValueId) -> (ValueId, ValueId) {
    let mask = b.int_like(x, 0xffff_ffff);
    let low = b.and(x, mask);
    let low = b.convert(low, DType::U32);
    let high = shr(b, x, 32);
    let high = b.convert(high, DType::U32);
    (low, high)
}

/// `low | high << 32` of 32-bit words.
fn join64(b: &mut Builder, low: ValueId, high: ValueId) -> ValueId {
    let low = b.convert(low, DType::U64);
    let high = b.convert(high, DType::U64);
    let high = shl(b, high, 32);
    b.or(low, high)
}

/// `x + k` for a 32-bit constant `k`.
fn add_const(b: &mut Builder, x: ValueId, k: u32) -> ValueId {
    let k = b.int_like(x, i128::from(k));
    b.add(x, k)
}

/// The ThreeFry-2x32 cipher (20 rounds) of the words `x` under the key words `k`
/// (scalars, broadcast to `x`'s shape).
fn threefry_cipher(b: &mut Builder, x: [ValueId; 2], k: [ValueId; 2]) -> [ValueId; 2] {
    const ROTATIONS: [i128; 8] = [13, 15, 26, 6, 17, 29, 16, 24];
    let shape = b.shape(x[0]);
    let parity = b.scalar_int(DType::U32, 0x1BD1_1BDA);
    let k2 = xor(b, parity, k[0]);
    let k2 = xor(b, k2, k[1]);
    let ks = [k[0], k[1], k2].map(|s| b.splat(s, &shape));
    let mut x = [b.add(x[0], ks[0]), b.add(x[1], ks[1])];
    for block in 0..5usize {
        for r in 0..4 {
            let rot = ROTATIONS[(block % 2) * 4 + r];
            x[0] = b.add(x[0], x[1]);
            let left = shl(b, x[1], rot);
            let right = shr(b, x[1], 32 - rot);
            x[1] = b.or(left, right);
            x[1] = xor(b, x[0], x[1]);
        }
        // Key injection `block + 1`: words `ks[(block + 1) % 3]`, `ks[(block + 2) % 3]`.
        x[0] = b.add(x[0], ks[(block + 1) % 3]);
        x[1] = b.add(x[1], ks[(block + 2) % 3]);
        x[1] = add_const(b, x[1], block as u32 + 1);
    }
    x
}

/// ThreeFry bits of shape `shape` from counter `c` (a u64 scalar); returns the new
/// counter and the bits (u32, or u64 for 64-bit results).
fn threefry(
    b: &mut Builder,
    key: ValueId,
    c: ValueId,
    shape: &[i64],
    width: u32,
) -> (ValueId, ValueId) {
    let (k0, k1) = split64(b, key);
    if width == 64 {
        let (next, counters) = threefry_counters(b, c, shape);
        let words = split64(b, counters);
        let [lo, hi] = threefry_cipher(b, [words.0, words.1], [k0, k1]);
        return (next, join64(b, lo, hi));
    }
    // 32 bits (or fewer): each cipher output gives two elements along `split`.
    let (half, split) = match shape {
        [] => (vec![1], None),
        dims => {
            let split = dims.iter().position(|d| d % 2 == 0).unwrap_or_else(|| {
                // The first of the longest dimensions.
                let max = *dims.iter().max().expect("nonempty");
                dims.iter().position(|&d| d == max).expect("present")
            });
            let mut half = dims.to_vec();
            half[split] = (dims[split] + 1) / 2;
            half.insert(split + 1, 1);
            (half, Some(split))
        }
    };
    let (next, counters) = threefry_counters(b, c, &half);
    let words = split64(b, counters);
    let [lo, hi] = threefry_cipher(b, [words.0, words.1], [k0, k1]);
    let bits = match split {
        None => b.reshape(lo, &[]),
        Some(split) => {
            let mut pair = half.clone();
            pair[split + 1] = 2;
            let both = b.op(
                Opcode::Concatenate {
                    dimension: split as i64 + 1,
                },
                &[lo, hi],
                TensorType::new(DType::U32, pair),
            );
            let mut even = shape.to_vec();
            even[split] = half[split] * 2;
            let both = b.reshape(both, &even);
            if even[split] == shape[split] {
                both
            } else {
                b.slice(both, vec![0; shape.len()], shape.to_vec())
            }
        }
    };
    (next, bits)
}

/// ThreeFry's counters for `shape`: `c` plus each element's row-major index (dimensions of
/// size 1 skipped), and `c` plus the element count.
fn threefry_counters(b: &mut Builder, c: ValueId, shape: &[i64]) -> (ValueId, ValueId) {
    let mut counters = b.splat(c, shape);
    let mut stride: i128 = 1;
    for d in (0..shape.len()).rev() {
        if shape[d] < 2 {
            continue;
        }
        let iota = b.iota(DType::U64, shape, d as i64);
        let s = b.int_like(iota, stride);
        let offset = b.mul(iota, s);
        counters = b.add(counters, offset);
        stride *= i128::from(shape[d]);
    }
    let n = b.scalar_int(DType::U64, shape.iter().product::<i64>().into());
    (b.add(c, n), counters)
}

/// The 128-bit `(low, high) + x` of u64 words, `x` of the shape the result takes (`low`
/// and `high` scalars broadcast to it).
fn add128(b: &mut Builder, (low, high): (ValueId, ValueId), x: ValueId) -> (ValueId, ValueId) {
    let shape = b.shape(x);
    let low = b.splat(low, &shape);
    let high = b.splat(high, &shape);
    let sum = b.add(low, x);
    let carried = b.lt(sum, low);
    let one = b.int_like(high, 1);
    let up = b.add(high, one);
    (sum, b.select(carried, up, high))
}

/// The Philox-4x32 cipher (10 rounds) of the words `x` under the key words `k`
/// (scalars).
fn philox_cipher(b: &mut Builder, mut x: [ValueId; 4], k: [ValueId; 2]) -> [ValueId; 4] {
    const W: [u32; 2] = [0x9E37_79B9, 0xBB67_AE85];
    const M: [u32; 2] = [0xD251_1F53, 0xCD9E_8D57];
    let shape = b.shape(x[0]);
    let mut key = k.map(|s| b.splat(s, &shape));
    for round in 0..10 {
        if round > 0 {
            key = [add_const(b, key[0], W[0]), add_const(b, key[1], W[1])];
        }
        let mul = |b: &mut Builder, v: ValueId, m: u32| {
            let wide = b.convert(v, DType::U64);
            let m = b.int_like(wide, i128::from(m));
            let p = b.mul(wide, m);
            split64(b, p)
        };
        let (lo0, hi0) = mul(b, x[0], M[0]);
        let (lo1, hi1) = mul(b, x[2], M[1]);
        let y0 = xor(b, hi1, x[1]);
        let y0 = xor(b, y0, key[0]);
        let y2 = xor(b, hi0, x[3]);
        let y2 = xor(b, y2, key[1]);
        x = [y0, lo1, y2, lo0];
    }
    x
}

/// Philox bits of shape `shape` from the 128-bit counter `c`; returns the new counter and
/// the bits (u32, or u64 for 64-bit results).
fn philox(
    b: &mut Builder,
    key: ValueId,
    c: (ValueId, ValueId),
    shape: &[i64],
    width: u32,
) -> ((ValueId, ValueId), ValueId) {
    let n: i64 = shape.iter().product();
    let per_counter = if width == 64 { 2 } else { 4 };
    let counters = (n + per_counter - 1) / per_counter;
    let iota = b.iota(DType::U64, &[counters], 0);
    let (low, high) = add128(b, c, iota);
    let (x0, x1) = split64(b, low);
    let (x2, x3) = split64(b, high);
    let (k0, k1) = split64(b, key);
    let y = philox_cipher(b, [x0, x1, x2, x3], [k0, k1]);
    let step = b.scalar_int(DType::U64, counters.into());
    let step = b.reshape(step, &[1]);
    let (next_low, next_high) = add128(b, c, step);
    let next = (b.reshape(next_low, &[]), b.reshape(next_high, &[]));
    // Counter j's numbers are elements per_counter * j.. in order.
    let lanes: Vec<ValueId> = if width == 64 {
        vec![join64(b, y[0], y[1]), join64(b, y[2], y[3])]
    } else {
        y.to_vec()
    };
    let dtype = b.dtype(lanes[0]);
    let columns: Vec<ValueId> = lanes
        .iter()
        .map(|&l| b.reshape(l, &[counters, 1]))
        .collect();
    let all = b.op(
        Opcode::Concatenate { dimension: 1 },
        &columns,
        TensorType::new(dtype, vec![counters, per_counter]),
    );
    let flat = b.reshape(all, &[counters * per_counter]);
    let flat = if counters * per_counter == n {
        flat
    } else {
        b.slice(flat, vec![0], vec![n])
    };
    (next, b.reshape(flat, shape))
}
