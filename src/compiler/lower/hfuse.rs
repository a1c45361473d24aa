//! Horizontal fusion: two kernels dispatched one after the other over the same index
//! space and reading a common buffer become one kernel, so the common input is read once
//! (argmax and a masked sum over the rows of the same matrix: one pass instead of two).
//!
//! Two elementwise kernels concatenate their bodies; two kernels with one reduction each
//! over the same extents get one reduce node carrying both sets of accumulators, so one
//! loop reads each element once (identical loads of the two bodies are one node). The
//! merged kernel is only kept when codegen runs it as it ran both parts (vectorized
//! innermost loop, and a reduction on f32x4 lanes or lane partials), so fusion never
//! trades a vector loop for a scalar one.
//!
//! Merging is sound when no point of either kernel reads or writes an element the other
//! writes: the merged kernel runs each point of the first kernel before the same point of
//! the second, not all points of the first before any of the second.

use super::kir::{Body, Kernel, Node, NodeId};
use pjrtc_runtime::format::{BufRef, Region};

/// Bound on the buffers of a merged kernel (one base pointer register each).
const MAX_BUFFERS: usize = 12;

/// `a` then `b` as one kernel (named as `a`), with its bindings, if that is sound and
/// keeps both as fast; see the module docs. Arena buffers are identified by the id
/// lowering gives them until planning (their `offset`).
pub(crate) fn merge(
    a: &Kernel,
    a_bind: &[BufRef],
    b: &Kernel,
    b_bind: &[BufRef],
) -> Option<(Kernel, Vec<BufRef>)> {
    if a.sequential || b.sequential || a.domain != b.domain || a.domain.is_empty() {
        return None;
    }
    if scans(a) || scans(b) {
        return None;
    }
    // A common input, read by both.
    let shares = a_bind.iter().zip(&a.buffers).any(|(x, kx)| {
        !kx.writable
            && b_bind
                .iter()
                .zip(&b.buffers)
                .any(|(y, ky)| !ky.writable && x == y)
    });
    if !shares {
        return None;
    }
    // No element written by one is touched by the other.
    let clash = |w: &[BufRef], wk: &Kernel, other: &[BufRef]| {
        w.iter()
            .zip(&wk.buffers)
            .any(|(x, kx)| kx.writable && other.iter().any(|y| overlap(x, y)))
    };
    if clash(a_bind, a, b_bind) || clash(b_bind, b, a_bind) {
        return None;
    }
    // Buffers: `a`'s, then `b`'s not already bound read-only with the same shape.
    let mut buffers = a.buffers.clone();
    let mut bindings = a_bind.to_vec();
    let mut bmap = Vec::with_capacity(b.buffers.len());
    for (y, ky) in b_bind.iter().zip(&b.buffers) {
        let same =
            (0..bindings.len()).find(|&i| !ky.writable && bindings[i] == *y && buffers[i] == *ky);
        bmap.push(same.unwrap_or_else(|| {
            buffers.push(ky.clone());
            bindings.push(*y);
            buffers.len() - 1
        }));
    }
    if buffers.len() > MAX_BUFFERS {
        return None;
    }
    let ident: Vec<usize> = (0..a.buffers.len()).collect();
    let body = merge_bodies(&a.body, &b.body, &ident, &bmap)?;
    let merged = Kernel {
        name: a.name.clone(),
        buffers,
        domain: a.domain.clone(),
        body,
        sequential: false,
        limits: Vec::new(),
    };
    let (pa, pb) = (vector_profile(a), vector_profile(b));
    let pm = vector_profile(&merged);
    // Every reduction keeps its mode; the loop stays vectorized if both were.
    let same_mode =
        pa.1.iter()
            .chain(&pb.1)
            .all(|m| pm.1.iter().all(|x| x == m));
    (pa.0 == pb.0 && pm.0 == pa.0 && same_mode).then_some((merged, bindings))
}

/// Does a reduce of `k` store at each step (a scan)? Its loop is not merged.
fn scans(k: &Kernel) -> bool {
    k.body.nodes.iter().any(|n| match n {
        Node::Reduce { body, .. } => body.nodes.iter().any(|m| matches!(m, Node::Store { .. })),
        _ => false,
    })
}

fn vector_profile(k: &Kernel) -> (bool, Vec<u8>) {
    crate::compiler::codegen::vector_profile(k)
}

/// Do two bindings share bytes? Arena buffers before planning: the same id.
fn overlap(x: &BufRef, y: &BufRef) -> bool {
    if x.region != y.region || x.size == 0 || y.size == 0 {
        return false;
    }
    if x.region == Region::Arena {
        return x.offset == y.offset;
    }
    x.offset < y.offset + y.size && y.offset < x.offset + x.size
}

/// The top-level reduce node of `body`, if it has exactly one; `Some(None)` if none.
fn single_reduce(body: &Body) -> Option<Option<usize>> {
    let mut it = body
        .nodes
        .iter()
        .enumerate()
        .filter(|(_, n)| matches!(n, Node::Reduce { .. }))
        .map(|(i, _)| i);
    let first = it.next();
    it.next().is_none().then_some(first)
}

/// `a`'s body then `b`'s (buffers renumbered by `ident` and `bmap`), with their reduce nodes,
/// if each has one over the same extents, merged into one.
fn merge_bodies(a: &Body, b: &Body, ident: &[usize], bmap: &[usize]) -> Option<Body> {
    let ra = single_reduce(a)?;
    let rb = single_reduce(b)?;
    let mut out = Body::default();
    let mut ma: Vec<NodeId> = Vec::with_capacity(a.nodes.len());
    let mut mb: Vec<NodeId> = Vec::with_capacity(b.nodes.len());
    let (sa, sb) = match (ra, rb) {
        (None, None) => (a.nodes.len(), b.nodes.len()),
        (Some(i), Some(j)) => (i, j),
        _ => return None,
    };
    copy_range(a, 0..sa, &mut ma, &mut out, ident, 0, None)?;
    copy_range(b, 0..sb, &mut mb, &mut out, bmap, 0, None)?;
    if let (Some(i), Some(j)) = (ra, rb) {
        let (
            Node::Reduce {
                extents: ea,
                inits: ia,
                body: ba,
            },
            Node::Reduce {
                extents: eb,
                inits: ib,
                body: bb,
            },
        ) = (&a.nodes[i], &b.nodes[j])
        else {
            return None;
        };
        let na = ia.len();
        if ea != eb || ba.elems.len() != na || bb.elems.len() != ib.len() {
            return None;
        }
        let mut inner = Body::default();
        let (mut ia_map, mut ib_map) = (Vec::new(), Vec::new());
        copy_range(
            ba,
            0..ba.nodes.len(),
            &mut ia_map,
            &mut inner,
            ident,
            0,
            Some(&ma),
        )?;
        copy_range(
            bb,
            0..bb.nodes.len(),
            &mut ib_map,
            &mut inner,
            bmap,
            na,
            Some(&mb),
        )?;
        let pick =
            |m: &[NodeId], ns: &[NodeId]| ns.iter().map(|n| m[n.index()]).collect::<Vec<_>>();
        inner.yields = pick(&ia_map, &ba.yields);
        inner.yields.extend(pick(&ib_map, &bb.yields));
        inner.elems = pick(&ia_map, &ba.elems);
        inner.elems.extend(pick(&ib_map, &bb.elems));
        let mut inits = pick(&ma, ia);
        inits.extend(pick(&mb, ib));
        let ty0 = out.ty(inits[0]);
        let red = out.push(
            Node::Reduce {
                extents: ea.clone(),
                inits,
                body: Box::new(inner),
            },
            ty0,
        );
        ma.push(red);
        let rb0 = out.push(
            Node::ReduceResult { reduce: red, k: na },
            b.ty(NodeId(j as u32)),
        );
        mb.push(rb0);
        // Results of either reduce now name the merged one (`b`'s shifted by `na`).
        let ra_id = NodeId(i as u32);
        let rb_id = NodeId(j as u32);
        copy_rest(a, i + 1, &mut ma, &mut out, ident, (ra_id, red, 0))?;
        copy_rest(b, j + 1, &mut mb, &mut out, bmap, (rb_id, red, na))?;
    }
    Some(out)
}

/// Copies nodes `from..` of a top-level body after its reduce `r.0`, whose results are
/// now results `r.2..` of reduce `r.1`.
fn copy_rest(
    src: &Body,
    from: usize,
    map: &mut Vec<NodeId>,
    out: &mut Body,
    bmap: &[usize],
    r: (NodeId, NodeId, usize),
) -> Option<()> {
    for i in from..src.nodes.len() {
        if let Node::ReduceResult { reduce, k } = src.nodes[i]
            && reduce == r.0
        {
            let n = out.push(
                Node::ReduceResult {
                    reduce: r.1,
                    k: k + r.2,
                },
                src.types[i],
            );
            map.push(n);
            continue;
        }
        copy_range(src, i..i + 1, map, out, bmap, 0, None)?;
    }
    Some(())
}

/// Copies nodes `range` of `src` (whose earlier nodes `map` maps) into `out`, buffers
/// renumbered by `bmap`, accumulators shifted by `acc_shift`, and `Outer` references
/// mapped by `outer` (the enclosing body's map; `None` at the top level).
fn copy_range(
    src: &Body,
    range: std::ops::Range<usize>,
    map: &mut Vec<NodeId>,
    out: &mut Body,
    bmap: &[usize],
    acc_shift: usize,
    outer: Option<&[NodeId]>,
) -> Option<()> {
    for i in range {
        let m = |n: &NodeId| map[n.index()];
        let ty = src.types[i];
        let id = match &src.nodes[i] {
            Node::Index(d) => out.push(Node::Index(*d), ty),
            Node::Const(c) => out.push(Node::Const(*c), ty),
            Node::Load { buffer, index } => {
                out.push_load(*bmap.get(*buffer)?, index.iter().map(m).collect(), ty)
            }
            Node::Store {
                buffer,
                index,
                value,
            } => out.push(
                Node::Store {
                    buffer: *bmap.get(*buffer)?,
                    index: index.iter().map(m).collect(),
                    value: m(value),
                },
                ty,
            ),
            Node::Unary { op, x } => out.push(Node::Unary { op: *op, x: m(x) }, ty),
            Node::Binary { op, a, b } => out.push(
                Node::Binary {
                    op: *op,
                    a: m(a),
                    b: m(b),
                },
                ty,
            ),
            Node::Compare {
                dir,
                a,
                b,
                total_order,
            } => out.push(
                Node::Compare {
                    dir: *dir,
                    a: m(a),
                    b: m(b),
                    total_order: *total_order,
                },
                ty,
            ),
            Node::Select {
                cond,
                on_true,
                on_false,
            } => out.push(
                Node::Select {
                    cond: m(cond),
                    on_true: m(on_true),
                    on_false: m(on_false),
                },
                ty,
            ),
            Node::Convert { x } => out.push(Node::Convert { x: m(x) }, ty),
            Node::Bitcast { x } => out.push(Node::Bitcast { x: m(x) }, ty),
            Node::Reduce {
                extents,
                inits,
                body,
            } => {
                // A nested reduction: its own accumulators, `Outer`s into this body.
                let mut inner = Body::default();
                let mut imap = Vec::with_capacity(body.nodes.len());
                copy_range(
                    body,
                    0..body.nodes.len(),
                    &mut imap,
                    &mut inner,
                    bmap,
                    0,
                    Some(map),
                )?;
                inner.yields = body.yields.iter().map(|n| imap[n.index()]).collect();
                inner.elems = body.elems.iter().map(|n| imap[n.index()]).collect();
                out.push(
                    Node::Reduce {
                        extents: extents.clone(),
                        inits: inits.iter().map(m).collect(),
                        body: Box::new(inner),
                    },
                    ty,
                )
            }
            Node::Acc(k) => out.push(Node::Acc(k + acc_shift), ty),
            Node::Outer(o) => out.push(Node::Outer(*outer?.get(o.index())?), ty),
            Node::ReduceResult { reduce, k } => out.push(
                Node::ReduceResult {
                    reduce: m(reduce),
                    k: *k,
                },
                ty,
            ),
        };
        map.push(id);
    }
    Some(())
}
