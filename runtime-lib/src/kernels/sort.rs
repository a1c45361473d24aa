//! `Step::Sort`: a stable merge sort of each slice's positions, ordered by a compiled
//! comparator kernel, then every operand permuted into its output.
//!
//! The comparator is arbitrary compiled code (it need not be a strict weak order), so the
//! sort never assumes one: it is a plain top-down merge sort that splits like the
//! compiler's reference evaluator (left half `n / 2`), takes from the right half only when
//! the comparator says right < left, and cannot fail or loop whatever the answers.

use super::Bases;
use crate::format::Sort;
use crate::loader::KernelFn;

/// Runs a validated sort step.
///
/// # Safety
/// `s` was validated by [`crate::format::Pjx::from_bytes`] against the regions of `bases`
/// (every input and output holds exactly `shape` elements, outputs are writable and
/// disjoint from everything else), and `cmp` is the kernel `s.comparator` compiled for
/// `2 * operands + 1` 0-d bindings of the operands' dtypes and an i1 result.
pub unsafe fn sort(s: &Sort, bases: &Bases, cmp: KernelFn) {
    let dim = s.dimension as usize;
    let n = s.shape[dim] as usize;
    let inner: usize = s.shape[dim + 1..].iter().map(|&d| d as usize).product();
    let outer: usize = s.shape[..dim].iter().map(|&d| d as usize).product();
    if n == 0 || inner == 0 || outer == 0 {
        return;
    }
    let sizes: Vec<usize> = s.operands.iter().map(|o| o.dtype.size()).collect();
    let ins: Vec<*mut u8> = s.operands.iter().map(|o| bases.ptr(&o.input)).collect();
    let outs: Vec<*mut u8> = s.operands.iter().map(|o| bases.ptr(&o.output)).collect();
    let mut result = 0u8;
    let mut bindings: Vec<*mut u8> = vec![std::ptr::null_mut(); 2 * ins.len() + 1];
    let last = bindings.len() - 1;
    bindings[last] = &mut result as *mut u8;
    let mut perm: Vec<usize> = Vec::with_capacity(n);
    let mut tmp: Vec<usize> = vec![0; n];
    for o in 0..outer {
        for i in 0..inner {
            // Element j of this slice is at linear index `base + j * inner`.
            let base = o * n * inner + i;
            let mut less = |a: usize, b: usize| -> bool {
                let (ea, eb) = (base + a * inner, base + b * inner);
                for (k, (&p, &sz)) in ins.iter().zip(&sizes).enumerate() {
                    bindings[2 * k] = p.wrapping_add(ea * sz);
                    bindings[2 * k + 1] = p.wrapping_add(eb * sz);
                }
                result = 0;
                // SAFETY: the bindings point at elements inside the validated inputs (a, b
                // < n) and at `result`; the comparator only reads the former and writes
                // one byte to the latter (the caller's contract). Single point: [0, 1).
                unsafe { cmp(bindings.as_ptr(), 0, 1) };
                // SAFETY: `result` was written through a raw pointer by the kernel.
                unsafe { std::ptr::read_volatile(&result) & 1 == 1 }
            };
            perm.clear();
            perm.extend(0..n);
            merge_sort(&mut perm, &mut tmp, &mut less);
            for (k, (&src, &dst)) in ins.iter().zip(&outs).enumerate() {
                let sz = sizes[k];
                for (j, &from) in perm.iter().enumerate() {
                    // SAFETY: both elements lie inside their validated buffers, which do
                    // not overlap (checked by the decoder).
                    unsafe {
                        std::ptr::copy_nonoverlapping(
                            src.add((base + from * inner) * sz),
                            dst.add((base + j * inner) * sz),
                            sz,
                        )
                    }
                }
            }
        }
    }
}

/// Sorts `v` stably by `less`, using `tmp` (at least as long) as scratch.
fn merge_sort(v: &mut [usize], tmp: &mut [usize], less: &mut impl FnMut(usize, usize) -> bool) {
    let n = v.len();
    if n <= 1 {
        return;
    }
    let mid = n / 2;
    merge_sort(&mut v[..mid], tmp, less);
    merge_sort(&mut v[mid..], tmp, less);
    tmp[..n].copy_from_slice(v);
    let (left, right) = tmp[..n].split_at(mid);
    let (mut l, mut r) = (0, 0);
    for slot in v.iter_mut() {
        // Take from the right only when strictly less: equal elements keep their order.
        let take_right = l == left.len() || (r < right.len() && less(right[r], left[l]));
        if take_right {
            *slot = right[r];
            r += 1;
        } else {
            *slot = left[l];
            l += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::merge_sort;

    #[test]
    fn merge_sort_is_stable_and_total() {
        let keys = [3, 1, 2, 1, 3, 0, 2];
        let mut v: Vec<usize> = (0..keys.len()).collect();
        let mut tmp = vec![0; v.len()];
        merge_sort(&mut v, &mut tmp, &mut |a, b| keys[a] < keys[b]);
        assert_eq!(v, [5, 1, 3, 2, 6, 0, 4]);
        // A comparator that is not an order still yields a permutation.
        let mut v: Vec<usize> = (0..9).collect();
        let mut flip = false;
        merge_sort(&mut v, &mut [0; 9], &mut |_, _| {
            flip = !flip;
            flip
        });
        let mut seen = v.clone();
        seen.sort();
        assert_eq!(seen, (0..9).collect::<Vec<_>>());
    }
}
