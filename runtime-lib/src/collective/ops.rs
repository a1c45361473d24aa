//! What each collective does once its group has met: reads of the other members' buffers
//! in place, between the barriers that keep them unchanged meanwhile.
//!
//! Reductions apply the combiner in group order, `((x0 op x1) op x2) ...`, whoever computes
//! an element, so every member of a group gets the same bits.

use super::groups::{self, process_groups};
use super::rendezvous::{Entry, Key};
use super::{Device, Grid};
use crate::format::{COMBINE_CHUNK, Collective, CollectiveKind, CollectiveOperand};
use crate::kernels::Bases;
use crate::loader::KernelFn;
use crate::tensor::AlignedBytes;

/// A reduction of two runs of elements: the combiner's kernels.
struct Combine {
    chunk: KernelFn,
    chunk_workgroups: u64,
    point: KernelFn,
    point_workgroups: u64,
    esize: usize,
    /// Two chunks for intermediate results.
    scratch: [AlignedBytes; 2],
}

impl Combine {
    /// `out[i] = op(...op(op(srcs[0][i], srcs[1][i]), srcs[2][i])..., srcs[g-1][i])` for
    /// `i < n`.
    ///
    /// # Safety
    /// Each source holds `n` elements of the combiner's dtype, `out` has room for `n` and
    /// overlaps none of them.
    unsafe fn runs(&mut self, srcs: &[*const u8], out: *mut u8, n: usize) {
        let es = self.esize;
        if let [only] = srcs {
            // SAFETY: per the contract: `n` elements each, disjoint.
            unsafe { std::ptr::copy_nonoverlapping(*only, out, n * es) };
            return;
        }
        let chunk = COMBINE_CHUNK as usize;
        let mut off = 0;
        while off < n {
            let len = (n - off).min(chunk);
            let mut prev = srcs[0].wrapping_add(off * es);
            for (j, &src) in srcs.iter().enumerate().skip(1) {
                let dst = if j == srcs.len() - 1 {
                    out.wrapping_add(off * es)
                } else {
                    self.scratch[j % 2].as_mut_ptr()
                };
                let b = src.wrapping_add(off * es);
                if len == chunk {
                    let bindings = [prev as *mut u8, b as *mut u8, dst];
                    // SAFETY: three runs of `chunk` elements: two read, one written, the
                    // written one disjoint from both (out is disjoint from the sources,
                    // the scratch buffers alternate).
                    unsafe { (self.chunk)(bindings.as_ptr(), 0, self.chunk_workgroups) };
                } else {
                    for e in 0..len {
                        let bindings = [
                            prev.wrapping_add(e * es) as *mut u8,
                            b.wrapping_add(e * es) as *mut u8,
                            dst.wrapping_add(e * es),
                        ];
                        // SAFETY: as above, one element each.
                        unsafe { (self.point)(bindings.as_ptr(), 0, self.point_workgroups) };
                    }
                }
                prev = dst;
            }
            off += len;
        }
    }
}

fn numel(shape: &[u64]) -> usize {
    shape.iter().map(|&d| d as usize).product()
}

/// Copies the block of extent `ext` at `a_start` of the row-major tensor `src` (shape `a`)
/// to `b_start` of `dst` (shape `b`).
///
/// # Safety
/// Both blocks lie inside their tensors, which do not overlap.
#[allow(clippy::too_many_arguments)]
unsafe fn copy_block(
    src: *const u8,
    a: &[u64],
    a_start: &[u64],
    dst: *mut u8,
    b: &[u64],
    b_start: &[u64],
    ext: &[u64],
    es: usize,
) {
    if ext.contains(&0) {
        return;
    }
    let rank = ext.len();
    // Trailing dimensions covered whole in both tensors join the contiguous run.
    let mut k = rank;
    while k > 0 && ext[k - 1] == a[k - 1] && ext[k - 1] == b[k - 1] {
        k -= 1;
    }
    // Dimension `split` (if any) is covered partly: its range is contiguous too, and the
    // dimensions before it are iterated.
    let split = k.saturating_sub(1);
    let run = ext[split..].iter().map(|&d| d as usize).product::<usize>() * es;
    let strides = |s: &[u64]| {
        let mut st = vec![1usize; s.len()];
        for d in (0..s.len().saturating_sub(1)).rev() {
            st[d] = st[d + 1] * s[d + 1] as usize;
        }
        st
    };
    let (sa, sb) = (strides(a), strides(b));
    let mut idx = vec![0u64; split];
    loop {
        let mut oa = 0usize;
        let mut ob = 0usize;
        for d in 0..rank {
            let i = if d < split { idx[d] } else { 0 };
            oa += (a_start[d] + i) as usize * sa[d];
            ob += (b_start[d] + i) as usize * sb[d];
        }
        // SAFETY: per the contract, the run lies inside both blocks.
        unsafe { std::ptr::copy_nonoverlapping(src.add(oa * es), dst.add(ob * es), run) };
        let mut d = split;
        loop {
            if d == 0 {
                return;
            }
            d -= 1;
            idx[d] += 1;
            if idx[d] < ext[d] {
                break;
            }
            idx[d] = 0;
        }
    }
}

/// What members compare before touching each other's buffers: the op and every operand's
/// type, so that no member reads past what another published.
fn signature(c: &Collective) -> String {
    let ops: Vec<String> = c
        .operands
        .iter()
        .map(|o| format!("{}{:?}->{:?}", o.dtype, o.in_shape, o.out_shape))
        .collect();
    format!("{:?} {}", c.kind, ops.join(","))
}

/// Checks the operand shapes against a group of `g` members.
/// The process group `me` belongs to and its position there, with the operands' shapes
/// checked against the group's size; `None` when `me` is in no group of a
/// collective_broadcast (its outputs are zeros), an error for any other kind.
fn member_group(
    c: &Collective,
    grid: Grid,
    me: u32,
    what: &str,
) -> Result<Option<(Vec<u32>, usize)>, String> {
    let groups = process_groups(c.mode, &c.ids, grid).map_err(|m| format!("{what}: {m}"))?;
    let Some((group, pos)) = groups::find(&groups, me) else {
        if c.kind == CollectiveKind::CollectiveBroadcast {
            return Ok(None);
        }
        return Err(format!(
            "{what}: process {me} is in none of the process groups {groups:?}"
        ));
    };
    check_group_shapes(c, group.len() as u64).map_err(|m| format!("{what}: {m}"))?;
    Ok(Some((group.to_vec(), pos)))
}

fn check_group_shapes(c: &Collective, g: u64) -> Result<(), String> {
    for (i, o) in c.operands.iter().enumerate() {
        let (a, b) = (&o.in_shape, &o.out_shape);
        let ok = match c.kind {
            CollectiveKind::AllGather { dim } => {
                let d = dim as usize;
                b[d] == a[d] * g
            }
            CollectiveKind::ReduceScatter { dim } => {
                let d = dim as usize;
                a[d] == b[d] * g
            }
            CollectiveKind::AllToAll {
                split_dim,
                concat_dim,
            } => {
                let (s, t) = (split_dim as usize, concat_dim as usize);
                let mut want = a.clone();
                if a[s] % g == 0 {
                    want[s] = a[s] / g;
                    want[t] *= g;
                    want == *b
                } else {
                    false
                }
            }
            _ => true,
        };
        if !ok {
            return Err(format!(
                "operand {i} of shape {a:?} -> {b:?} does not fit a group of {g} processes"
            ));
        }
    }
    Ok(())
}

/// # Safety
/// See [`super::run`].
pub(super) unsafe fn run(
    c: &Collective,
    bases: &Bases,
    kernels: &[KernelFn],
    device: &Device,
) -> Result<(), String> {
    let me = device.process();
    let what = format!("{} on process {me}", c.name());
    let out_ptr = |o: &CollectiveOperand| o.output.as_ref().map(|b| bases.ptr(b));
    let in_ptr = |o: &CollectiveOperand| o.input.as_ref().map(|b| bases.ptr(b) as *const u8);
    let zero_outputs = || {
        for o in &c.operands {
            if let (Some(p), Some(b)) = (out_ptr(o), &o.output) {
                // SAFETY: a validated output buffer of `b.size` bytes.
                unsafe { std::ptr::write_bytes(p, 0, b.size as usize) };
            }
        }
    };
    let grid = device.grid;
    match c.kind {
        CollectiveKind::ReplicaId | CollectiveKind::PartitionId => {
            let v = if c.kind == CollectiveKind::ReplicaId {
                device.replica
            } else {
                device.partition
            };
            let p = out_ptr(&c.operands[0]).expect("validated: one output");
            // SAFETY: a validated 4-byte output.
            unsafe { std::ptr::write_unaligned(p as *mut u32, v) };
            return Ok(());
        }
        CollectiveKind::Send | CollectiveKind::Recv if device.across.is_some() => {
            return Err(format!(
                "{what}: send and recv between devices of different processes are not \
                 supported (docs/DISTRIBUTED.md)"
            ));
        }
        CollectiveKind::Send => {
            let values = c
                .operands
                .iter()
                .map(|o| {
                    let p = in_ptr(o).expect("validated: an input");
                    let n = o.input.as_ref().map_or(0, |b| b.size as usize);
                    // SAFETY: a validated input of `n` bytes.
                    unsafe { std::slice::from_raw_parts(p, n) }.to_vec()
                })
                .collect();
            return device
                .rendezvous
                .send(c.channel, values)
                .map_err(|m| format!("{what}: {m}"));
        }
        CollectiveKind::Recv => {
            let values = device.rendezvous.recv(c.channel, &what)?;
            let sizes: Vec<u64> = c
                .operands
                .iter()
                .map(|o| o.output.as_ref().map_or(0, |b| b.size))
                .collect();
            let got: Vec<u64> = values.iter().map(|v| v.len() as u64).collect();
            if sizes != got {
                return Err(format!(
                    "{what}: channel {} carried values of {got:?} bytes, the recv expects {sizes:?}",
                    c.channel
                ));
            }
            for (o, v) in c.operands.iter().zip(&values) {
                let p = out_ptr(o).expect("validated: an output");
                // SAFETY: a validated output of exactly `v.len()` bytes (checked above).
                unsafe { std::ptr::copy_nonoverlapping(v.as_ptr(), p, v.len()) };
            }
            return Ok(());
        }
        _ => {}
    }
    let entry = Entry {
        op: signature(c),
        inputs: c
            .operands
            .iter()
            .map(|o| in_ptr(o).map_or(0, |p| p as usize))
            .collect(),
        outputs: c
            .operands
            .iter()
            .map(|o| out_ptr(o).map_or(0, |p| p as usize))
            .collect(),
        sizes: c
            .operands
            .iter()
            .map(|o| o.input.as_ref().map_or(0, |b| b.size as usize))
            .collect(),
    };
    if let Some(across) = device.across {
        // SAFETY: forwarded from this function's contract; `entry` is made from `bases`.
        return unsafe { run_across(c, bases, kernels, device, across, entry, &what) };
    }
    if c.kind == CollectiveKind::CollectivePermute {
        let (members, pairs) =
            groups::permute_groups(c.mode, &c.ids, grid, me).map_err(|m| format!("{what}: {m}"))?;
        let pos = members
            .iter()
            .position(|&m| m == me)
            .expect("a member of its own row");
        let key = device.next_key(&members);
        let peers = device.rendezvous.join(&key, pos, entry, &what)?;
        match pairs.iter().find(|&&(_, t)| t == me) {
            Some(&(s, _)) => {
                let from = &peers[members.iter().position(|&m| m == s).expect("a member")];
                for (i, o) in c.operands.iter().enumerate() {
                    let n = o.output.as_ref().map_or(0, |b| b.size as usize);
                    let dst = out_ptr(o).expect("validated");
                    // SAFETY: the source published an input of the same type (the joined
                    // signatures agree), disjoint from this device's output.
                    unsafe { std::ptr::copy_nonoverlapping(from.inputs[i] as *const u8, dst, n) };
                }
            }
            None => zero_outputs(),
        }
        return device.rendezvous.barrier(&key, 1, true, &what);
    }
    let Some((group, pos)) = member_group(c, grid, me, &what)? else {
        zero_outputs();
        return Ok(());
    };
    let group = &group[..];
    let g = group.len();
    let key: Key = device.next_key(group);
    let peers = device.rendezvous.join(&key, pos, entry, &what)?;
    let mut combine = combiner(c, kernels);
    let whole = |i: usize| (0, numel(&c.operands[i].in_shape));
    if c.kind != CollectiveKind::AllReduce {
        // SAFETY: the members' entries are the validated buffers of the same signature,
        // unchanged until the barrier below.
        unsafe { compute(c, bases, &mut combine, &peers, pos, &whole) };
        return device.rendezvous.barrier(&key, 1, true, &what);
    }
    let chunks: Vec<usize> = c
        .operands
        .iter()
        .map(|o| numel(&o.in_shape).div_ceil(COMBINE_CHUNK as usize))
        .collect();
    // Large operands: member k reduces its share of the chunks, then every member
    // copies the others' shares from their outputs.
    let split = chunks.iter().any(|&n| n > g);
    let share = |i: usize, k: usize| {
        let n = numel(&c.operands[i].in_shape);
        let ch = COMBINE_CHUNK as usize;
        let lo = (chunks[i] * k / g * ch).min(n);
        let hi = (chunks[i] * (k + 1) / g * ch).min(n);
        (lo, hi)
    };
    if !split {
        // SAFETY: as above.
        unsafe { compute(c, bases, &mut combine, &peers, pos, &whole) };
        return device.rendezvous.barrier(&key, 1, true, &what);
    }
    // SAFETY: as above.
    unsafe { compute(c, bases, &mut combine, &peers, pos, &|i| share(i, pos)) };
    device.rendezvous.barrier(&key, 1, false, &what)?;
    for (i, o) in c.operands.iter().enumerate() {
        let es = o.dtype.size();
        let out = out_ptr(o).expect("validated");
        for (k, peer) in peers.iter().enumerate() {
            if k == pos {
                continue;
            }
            let (lo, hi) = share(i, k);
            // SAFETY: member k finished its share before barrier 1 and leaves
            // its output alone until barrier 2.
            unsafe {
                std::ptr::copy_nonoverlapping(
                    (peer.outputs[i] as *const u8).add(lo * es),
                    out.add(lo * es),
                    (hi - lo) * es,
                )
            };
        }
    }
    device.rendezvous.barrier(&key, 2, true, &what)
}

/// The combiner's kernels of a reduction (`None` for other kinds).
fn combiner(c: &Collective, kernels: &[KernelFn]) -> Option<Combine> {
    let esize = c.operands.first().map_or(1, |o| o.dtype.size());
    c.combiner.as_ref().map(|k| Combine {
        chunk: kernels[k.chunk as usize],
        chunk_workgroups: k.chunk_workgroups,
        point: kernels[k.point as usize],
        point_workgroups: k.point_workgroups,
        esize,
        scratch: std::array::from_fn(|_| AlignedBytes::zeroed(COMBINE_CHUNK as usize * esize)),
    })
}

/// A collective over a group whose devices are in several processes: this device's
/// part of the step's exchange ([`super::across`]), then its own result from every
/// member's inputs, computed as in one process.
///
/// # Safety
/// See [`super::run`]; `entry` is this device's, made from `bases`.
unsafe fn run_across(
    c: &Collective,
    bases: &Bases,
    kernels: &[KernelFn],
    device: &Device,
    across: &super::Across,
    entry: Entry,
    what: &str,
) -> Result<(), String> {
    let me = device.process();
    let op = entry.op.clone();
    let seq = device.next_step();
    let gathered = across.step(device.rendezvous, me, seq, entry, what)?;
    let out_ptr = |o: &CollectiveOperand| o.output.as_ref().map(|b| bases.ptr(b));
    let zero_outputs = || {
        for o in &c.operands {
            if let (Some(p), Some(b)) = (out_ptr(o), &o.output) {
                // SAFETY: a validated output buffer of `b.size` bytes.
                unsafe { std::ptr::write_bytes(p, 0, b.size as usize) };
            }
        }
    };
    if c.kind == CollectiveKind::CollectivePermute {
        let (_, pairs) = groups::permute_groups(c.mode, &c.ids, device.grid, me)
            .map_err(|m| format!("{what}: {m}"))?;
        match pairs.iter().find(|&&(_, t)| t == me) {
            Some(&(s, _)) => {
                let from = gathered.entry(s, &op, what)?;
                for (i, o) in c.operands.iter().enumerate() {
                    let n = o.output.as_ref().map_or(0, |b| b.size as usize);
                    if from.sizes.get(i) != Some(&n) || from.inputs[i] == 0 {
                        return Err(format!(
                            "{what}: process {s} sent {:?} bytes for operand {i}, {n} expected",
                            from.sizes.get(i)
                        ));
                    }
                    let dst = out_ptr(o).expect("validated");
                    // SAFETY: `n` bytes of the gathered input (checked), disjoint from
                    // this device's output.
                    unsafe { std::ptr::copy_nonoverlapping(from.inputs[i] as *const u8, dst, n) };
                }
            }
            None => zero_outputs(),
        }
        return Ok(());
    }
    let Some((group, pos)) = member_group(c, device.grid, me, what)? else {
        zero_outputs();
        return Ok(());
    };
    let peers = group
        .iter()
        .map(|&m| gathered.entry(m, &op, what))
        .collect::<Result<Vec<_>, _>>()?;
    for (m, p) in group.iter().zip(&peers) {
        for (i, o) in c.operands.iter().enumerate() {
            let want = o.input.as_ref().map_or(0, |b| b.size as usize);
            if p.sizes.get(i) != Some(&want) {
                return Err(format!(
                    "{what}: process {m} sent {:?} bytes for operand {i}, {want} expected",
                    p.sizes.get(i)
                ));
            }
        }
    }
    let mut combine = combiner(c, kernels);
    // SAFETY: every member's inputs are in `gathered` (alive until the end of this
    // function) with this operand's sizes (checked above), disjoint from the outputs.
    unsafe {
        compute(c, bases, &mut combine, &peers, pos, &|i| {
            (0, numel(&c.operands[i].in_shape))
        })
    };
    Ok(())
}

/// This device's results of a collective over the group whose members' inputs are
/// `peers` (this device is member `pos`); an all_reduce computes the elements `range(i)`
/// of operand `i` only.
///
/// # Safety
/// Each entry's inputs hold the operands' `in_shape` elements (signatures agree) and stay
/// unchanged meanwhile; the outputs behind `bases` are disjoint from them.
unsafe fn compute(
    c: &Collective,
    bases: &Bases,
    combine: &mut Option<Combine>,
    peers: &[Entry],
    pos: usize,
    range: &dyn Fn(usize) -> (usize, usize),
) {
    let g = peers.len();
    let out_ptr = |o: &CollectiveOperand| o.output.as_ref().map(|b| bases.ptr(b));
    let zero_outputs = || {
        for o in &c.operands {
            if let (Some(p), Some(b)) = (out_ptr(o), &o.output) {
                // SAFETY: a validated output buffer of `b.size` bytes.
                unsafe { std::ptr::write_bytes(p, 0, b.size as usize) };
            }
        }
    };
    let srcs = |i: usize, off: usize| -> Vec<*const u8> {
        peers
            .iter()
            .map(|e| (e.inputs[i] as *const u8).wrapping_add(off))
            .collect()
    };
    match c.kind {
        CollectiveKind::AllReduce => {
            let comb = combine.as_mut().expect("validated: a combiner");
            for (i, o) in c.operands.iter().enumerate() {
                let es = o.dtype.size();
                let out = out_ptr(o).expect("validated");
                let (lo, hi) = range(i);
                // SAFETY: every member's input holds the operand's elements (signatures
                // agree), and this device's output is disjoint from all inputs.
                unsafe { comb.runs(&srcs(i, lo * es), out.wrapping_add(lo * es), hi - lo) };
            }
        }
        CollectiveKind::CollectiveReduce => {
            if pos == 0 {
                let comb = combine.as_mut().expect("validated: a combiner");
                for (i, o) in c.operands.iter().enumerate() {
                    let out = out_ptr(o).expect("validated");
                    // SAFETY: as for all_reduce.
                    unsafe { comb.runs(&srcs(i, 0), out, numel(&o.in_shape)) };
                }
            } else {
                zero_outputs();
            }
        }
        CollectiveKind::ReduceScatter { dim } => {
            let comb = combine.as_mut().expect("validated: a combiner");
            let d = dim as usize;
            for (i, o) in c.operands.iter().enumerate() {
                let es = o.dtype.size();
                let (a, b) = (&o.in_shape, &o.out_shape);
                let outer = numel(&a[..d]);
                let inner = numel(&a[d + 1..]);
                let run = b[d] as usize * inner;
                let out = out_ptr(o).expect("validated");
                for r in 0..outer {
                    let src_off = (r * a[d] as usize * inner + pos * run) * es;
                    // SAFETY: block `pos` of row `r` lies inside every member's input; the
                    // output row lies inside this device's output.
                    unsafe { comb.runs(&srcs(i, src_off), out.add(r * run * es), run) };
                }
            }
        }
        CollectiveKind::AllGather { dim } => {
            let d = dim as usize;
            for (i, o) in c.operands.iter().enumerate() {
                let out = out_ptr(o).expect("validated");
                let zero = vec![0u64; o.in_shape.len()];
                for (j, peer) in peers.iter().enumerate() {
                    let mut start = zero.clone();
                    start[d] = j as u64 * o.in_shape[d];
                    // SAFETY: member j's input has `in_shape` (signatures agree); block j of
                    // this device's output fits it (shapes checked against the group).
                    unsafe {
                        copy_block(
                            peer.inputs[i] as *const u8,
                            &o.in_shape,
                            &zero,
                            out,
                            &o.out_shape,
                            &start,
                            &o.in_shape,
                            o.dtype.size(),
                        )
                    };
                }
            }
        }
        CollectiveKind::AllToAll {
            split_dim,
            concat_dim,
        } => {
            let (s, t) = (split_dim as usize, concat_dim as usize);
            for (i, o) in c.operands.iter().enumerate() {
                let out = out_ptr(o).expect("validated");
                let mut ext = o.in_shape.clone();
                ext[s] /= g as u64;
                for (j, peer) in peers.iter().enumerate() {
                    let mut a_start = vec![0u64; ext.len()];
                    a_start[s] = pos as u64 * ext[s];
                    let mut b_start = vec![0u64; ext.len()];
                    b_start[t] = j as u64 * ext[t];
                    // SAFETY: part `pos` of member j's input, to block j of this device's
                    // output; both inside (shapes checked against the group).
                    unsafe {
                        copy_block(
                            peer.inputs[i] as *const u8,
                            &o.in_shape,
                            &a_start,
                            out,
                            &o.out_shape,
                            &b_start,
                            &ext,
                            o.dtype.size(),
                        )
                    };
                }
            }
        }
        CollectiveKind::CollectiveBroadcast => {
            for (i, o) in c.operands.iter().enumerate() {
                let out = out_ptr(o).expect("validated");
                let n = o.output.as_ref().map_or(0, |b| b.size as usize);
                // SAFETY: the first member's input has this operand's type.
                unsafe { std::ptr::copy_nonoverlapping(peers[0].inputs[i] as *const u8, out, n) };
            }
        }
        CollectiveKind::CollectivePermute
        | CollectiveKind::ReplicaId
        | CollectiveKind::PartitionId
        | CollectiveKind::Send
        | CollectiveKind::Recv => unreachable!("handled above"),
    }
}

#[cfg(test)]
mod tests {
    use super::copy_block;

    #[test]
    fn copy_block_moves_a_sub_block() {
        // src 2x3x4 (values 0..24), block [1.., 1..3, 0..4] into dst 3x2x4 at [0, 0, 0].
        let src: Vec<u8> = (0..24).collect();
        let mut dst = vec![255u8; 24];
        // SAFETY: both blocks inside their buffers.
        unsafe {
            copy_block(
                src.as_ptr(),
                &[2, 3, 4],
                &[1, 1, 0],
                dst.as_mut_ptr(),
                &[3, 2, 4],
                &[2, 0, 0],
                &[1, 2, 4],
                1,
            )
        };
        assert_eq!(&dst[16..24], &[16, 17, 18, 19, 20, 21, 22, 23]);
        assert!(dst[..16].iter().all(|&b| b == 255));
        // A strided column: src 2x3 column 1 into dst 2x1.
        let src: Vec<u8> = (0..6).collect();
        let mut dst = vec![0u8; 2];
        // SAFETY: as above.
        unsafe {
            copy_block(
                src.as_ptr(),
                &[2, 3],
                &[0, 1],
                dst.as_mut_ptr(),
                &[2, 1],
                &[0, 0],
                &[2, 1],
                1,
            )
        };
        assert_eq!(dst, [1, 4]);
    }
}
