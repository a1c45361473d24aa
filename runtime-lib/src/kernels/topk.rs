//! `Step::TopK`: the first `k` of each slice of a stable sort by one key, by selection.
//!
//! Each key becomes a `u64` rank that orders like the key (IEEE total order for floats,
//! two's complement or unsigned for integers), complemented for a descending order, so
//! that the best element has the smallest rank. A slice keeps its `k` best (rank,
//! position) pairs in a max-heap: an element replaces the heap's worst only if its rank
//! is strictly smaller, since its position is larger than every position in the heap;
//! so equal keys stay in position order, as the stable sort would have them. The `k`
//! pairs are sorted at the end. Cost: one pass reading the keys plus `O(k log k)` and a
//! `log k` per replacement, where a full sort costs `n log n` comparator calls.

use super::Bases;
use crate::DType;
use crate::format::{KeyOrder, TopK};
use std::collections::BinaryHeap;

/// A key type: how to read the rank of element `i` of a key buffer.
trait Key {
    /// # Safety
    /// `p` points at a buffer of at least `i + 1` elements of this key's type.
    unsafe fn rank(p: *const u8, i: usize) -> u64;
}

/// Float bits of `W` bits -> an unsigned integer in IEEE total order.
fn total_order(bits: u64, w: u32) -> u64 {
    let sign = 1u64 << (w - 1);
    let mask = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
    if bits & sign != 0 {
        !bits & mask
    } else {
        bits | sign
    }
}

macro_rules! float_key {
    ($name:ident, $t:ty, $w:expr) => {
        struct $name;
        impl Key for $name {
            unsafe fn rank(p: *const u8, i: usize) -> u64 {
                // SAFETY: in bounds by the caller's contract; unaligned reads are fine.
                let b = unsafe { std::ptr::read_unaligned((p as *const $t).add(i)) };
                total_order(b as u64, $w)
            }
        }
    };
}

macro_rules! int_key {
    ($name:ident, $t:ty, signed) => {
        struct $name;
        impl Key for $name {
            unsafe fn rank(p: *const u8, i: usize) -> u64 {
                // SAFETY: in bounds by the caller's contract.
                let v = unsafe { std::ptr::read_unaligned((p as *const $t).add(i)) };
                (v as i64 as u64) ^ (1 << 63)
            }
        }
    };
    ($name:ident, $t:ty, unsigned) => {
        struct $name;
        impl Key for $name {
            unsafe fn rank(p: *const u8, i: usize) -> u64 {
                // SAFETY: in bounds by the caller's contract.
                let v = unsafe { std::ptr::read_unaligned((p as *const $t).add(i)) };
                v as u64
            }
        }
    };
}

float_key!(F16Key, u16, 16);
float_key!(F32Key, u32, 32);
float_key!(F64Key, u64, 64);
int_key!(I8Key, i8, signed);
int_key!(I16Key, i16, signed);
int_key!(I32Key, i32, signed);
int_key!(I64Key, i64, signed);
int_key!(U8Key, u8, unsigned);
int_key!(U16Key, u16, unsigned);
int_key!(U32Key, u32, unsigned);
int_key!(U64Key, u64, unsigned);

/// Runs a validated top_k step.
///
/// # Safety
/// `t` was validated by [`crate::format::Pjx::from_bytes`] against the regions of `bases`
/// (inputs hold `shape` elements, outputs `shape` with `k` along the dimension, outputs
/// writable and disjoint from everything else, the key's dtype comparable in its order).
pub unsafe fn top_k(t: &TopK, bases: &Bases) {
    let key = &t.operands[0];
    let signed = t.order == KeyOrder::Signed;
    let ranks: RanksFn = match (key.dtype, signed) {
        (DType::F16 | DType::BF16, _) => ranks::<F16Key>,
        (DType::F32, _) => ranks::<F32Key>,
        (DType::F64, _) => ranks::<F64Key>,
        (DType::I8 | DType::U8 | DType::I1, true) => ranks::<I8Key>,
        (DType::I16 | DType::U16, true) => ranks::<I16Key>,
        (DType::I32 | DType::U32, true) => ranks::<I32Key>,
        (DType::I64 | DType::U64, true) => ranks::<I64Key>,
        (d, false) => match d.size() {
            1 => ranks::<U8Key>,
            2 => ranks::<U16Key>,
            4 => ranks::<U32Key>,
            _ => ranks::<U64Key>,
        },
        // The decoder admits no other key types.
        _ => return,
    };
    // SAFETY: the caller's contract, passed on, with `ranks` for the key's type.
    unsafe { run(t, bases, ranks) }
}

/// Fills `out` with the ranks of the `n` keys at `p + (base + j * stride)` elements,
/// XORed with `flip`. The only code per key type: the rest of a step is shared.
type RanksFn =
    unsafe fn(p: *const u8, base: usize, stride: usize, n: usize, flip: u64, out: &mut Vec<u64>);

/// # Safety
/// Every key read lies inside the buffer at `p`, of `K`'s type.
unsafe fn ranks<K: Key>(
    p: *const u8,
    base: usize,
    stride: usize,
    n: usize,
    flip: u64,
    out: &mut Vec<u64>,
) {
    out.clear();
    // SAFETY: the caller's bound.
    out.extend((0..n).map(|j| unsafe { K::rank(p, base + j * stride) } ^ flip));
}

/// # Safety
/// As [`top_k`], with `ranks` reading the key operand's type.
unsafe fn run(t: &TopK, bases: &Bases, ranks: RanksFn) {
    let dim = t.dimension as usize;
    let n = t.shape[dim] as usize;
    let inner: usize = t.shape[dim + 1..].iter().map(|&d| d as usize).product();
    let outer: usize = t.shape[..dim].iter().map(|&d| d as usize).product();
    let k = t.k as usize;
    if k == 0 || inner == 0 || outer == 0 {
        return;
    }
    let keys = bases.ptr(t.operands[0].input.as_ref().expect("validated key input")) as *const u8;
    let flip = if t.descending { u64::MAX } else { 0 };
    let mut heap: BinaryHeap<(u64, u32)> = BinaryHeap::with_capacity(k);
    let mut best: Vec<(u64, u32)> = Vec::with_capacity(k);
    let mut slice_ranks: Vec<u64> = Vec::with_capacity(n);
    for o in 0..outer {
        for i in 0..inner {
            let base = o * n * inner + i;
            // SAFETY: positions j < n of this slice are inside the key buffer.
            unsafe { ranks(keys, base, inner, n, flip, &mut slice_ranks) };
            select(k, n, |j| slice_ranks[j], &mut heap, &mut best);
            let out_base = o * k * inner + i;
            for op in &t.operands {
                let sz = op.dtype.size();
                let dst = bases.ptr(&op.output);
                match &op.input {
                    Some(input) => {
                        let src = bases.ptr(input) as *const u8;
                        for (r, &(_, pos)) in best.iter().enumerate() {
                            // SAFETY: both elements lie inside their validated buffers,
                            // which do not overlap.
                            unsafe {
                                std::ptr::copy_nonoverlapping(
                                    src.add((base + pos as usize * inner) * sz),
                                    dst.add((out_base + r * inner) * sz),
                                    sz,
                                )
                            }
                        }
                    }
                    None => {
                        for (r, &(_, pos)) in best.iter().enumerate() {
                            let bytes = u64::from(pos).to_le_bytes();
                            // SAFETY: the element lies inside the validated output.
                            unsafe {
                                std::ptr::copy_nonoverlapping(
                                    bytes.as_ptr(),
                                    dst.add((out_base + r * inner) * sz),
                                    sz,
                                )
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The `k` (at most `n`) positions of smallest `rank`, ties in position order, into
/// `best` as (rank, position) in that order.
fn select(
    k: usize,
    n: usize,
    rank: impl Fn(usize) -> u64,
    heap: &mut BinaryHeap<(u64, u32)>,
    best: &mut Vec<(u64, u32)>,
) {
    heap.clear();
    let k = k.min(n);
    if k == n {
        // All of them: a sort of the pairs, positions breaking ties.
        best.clear();
        best.extend((0..n).map(|j| (rank(j), j as u32)));
        best.sort_unstable();
        return;
    }
    for j in 0..k {
        heap.push((rank(j), j as u32));
    }
    if k > 0 && k < n {
        let mut worst = heap.peek().map_or(0, |w| w.0);
        for j in k..n {
            let r = rank(j);
            if r < worst {
                if let Some(mut top) = heap.peek_mut() {
                    *top = (r, j as u32);
                }
                worst = heap.peek().map_or(0, |w| w.0);
            }
        }
    }
    best.clear();
    best.extend(heap.drain());
    best.sort_unstable();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn total_order_ranks_floats() {
        let xs = [
            f32::from_bits(0xFFC0_0000), // -NaN
            f32::NEG_INFINITY,
            -1.5,
            -0.0,
            0.0,
            1e-45,
            2.0,
            f32::INFINITY,
            f32::NAN,
        ];
        let ranks: Vec<u64> = xs
            .iter()
            .map(|x| total_order(x.to_bits() as u64, 32))
            .collect();
        assert!(ranks.windows(2).all(|w| w[0] < w[1]), "{ranks:?}");
    }

    #[test]
    fn select_keeps_ties_in_position_order() {
        let keys = [3u64, 1, 2, 1, 3, 0, 2, 1];
        let (mut heap, mut best) = (BinaryHeap::new(), Vec::new());
        for k in 0..=keys.len() + 1 {
            select(k, keys.len(), |j| keys[j], &mut heap, &mut best);
            let mut want: Vec<(u64, u32)> = keys
                .iter()
                .enumerate()
                .map(|(j, &r)| (r, j as u32))
                .collect();
            want.sort_by_key(|&(r, _)| r); // stable: equal ranks keep position order
            want.truncate(k);
            assert_eq!(best, want, "k = {k}");
        }
    }
}
