//! Steps that do the work of the actual sizes, not of the bounds (bounded dynamic shapes).
//!
//! In a program compiled for every size up to a bound, a value with a dynamic dimension
//! holds data at the positions below that dimension's size, known at run time, and no op
//! reads the positions past it ([`ValidExtents`](crate::compiler::ir::ValidExtents)).
//! Steps that write only such values skip what lies past the sizes:
//! - a kernel gets run-time limits (`Kernel::limits`) on the domain dimensions every
//!   store of a point writes at a dynamic dimension's position: codegen's loops stop at
//!   the size read from a bound buffer, and when the limited dimension is the first of
//!   more than one point, the dispatch also runs only the workgroups that cover it (an
//!   [`Extent`]);
//! - a Gemm runs the batches, rows and columns of its output that hold data;
//! - a convolution runs the images that hold data;
//! - a softmax runs the rows that hold data.
//!
//! Which buffers qualify is decided per buffer: every value placed in it, with the same
//! shape and sizes (a buffer shared with a value whose padding someone reads does not).
//! A size must be in a buffer when the step runs: an entry argument, a constant, or a
//! value an earlier top-level step wrote.

use super::Lowerer;
use super::kir::{Body, KBuffer, Kernel, Node};
use super::plan::for_each_bufref_ref;
use crate::compiler::codegen;
use crate::compiler::ir::{DType, Padding, ValueId};
use pjrtc_runtime::format::{BufRef, Extent, Gemm, MatrixView, Region, Step, walk_steps};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// What every value in a buffer says of its positions: its shape, and per dimension the
/// value holding its size and what lies past it (`None`: all of it holds data).
#[derive(Clone, PartialEq, Eq, Debug)]
struct Claim {
    shape: Vec<i64>,
    sizes: Vec<Option<(ValueId, Padding)>>,
}

impl Claim {
    /// The size of dimension `j` if no one reads past it.
    fn unread(&self, j: usize) -> Option<ValueId> {
        match self.sizes[j] {
            Some((v, Padding::Unread)) => Some(v),
            _ => None,
        }
    }

    /// The size of dimension `j` if the buffer's one reader may stop there.
    fn masked(&self, j: usize) -> Option<ValueId> {
        match self.sizes[j] {
            Some((v, Padding::Masked)) => Some(v),
            _ => None,
        }
    }
}

impl Lowerer<'_> {
    /// Gives each step that qualifies (see the module docs) its run-time extents.
    pub(super) fn limit_to_valid_extents(&mut self) {
        if self.func.valid_extents.is_empty() {
            return;
        }
        let mut claims = self.claims();
        if claims.is_empty() {
            return;
        }
        let mut dispatches = vec![0u32; self.kernels.len()];
        walk_steps(&self.steps, &mut |s| {
            if let Step::Dispatch { kernel, .. } = s {
                dispatches[*kernel as usize] += 1;
            }
        });
        let mut steps = std::mem::take(&mut self.steps);
        // Gemms first: one that stops its sums at a size leaves the padding of an operand
        // laid out for it alone unread.
        let relaid: HashSet<BufRef> = self.relaid.iter().map(|r| r.0).collect();
        self.each_step(&mut steps, &mut |lw, step, written| {
            if let Step::Gemm(g) = step {
                lw.limit_gemm(g, &mut claims, written, &relaid);
            }
        });
        self.each_step(&mut steps, &mut |lw, step, written| {
            lw.limit_step(step, &claims, written, &dispatches)
        });
        self.steps = steps;
    }

    /// Calls `f` on every step, nested ones first, with the buffers the top-level steps
    /// before it wrote.
    fn each_step(
        &mut self,
        steps: &mut [Step],
        f: &mut dyn FnMut(&mut Self, &mut Step, &HashSet<BufRef>),
    ) {
        fn visit<L>(
            lw: &mut L,
            step: &mut Step,
            written: &HashSet<BufRef>,
            f: &mut dyn FnMut(&mut L, &mut Step, &HashSet<BufRef>),
        ) {
            for list in step.nested_mut() {
                for s in list {
                    visit(lw, s, written, f);
                }
            }
            f(lw, step, written);
        }
        let mut written: HashSet<BufRef> = HashSet::default();
        for step in steps {
            visit(self, step, &written, f);
            walk_steps(std::slice::from_ref(step), &mut |s| {
                for_each_bufref_ref(s, &self.kernels, |b, w| {
                    if w {
                        written.insert(*b);
                    }
                })
            });
        }
    }

    /// The extent of the first of `units` of a buffer read as a dense `[units, rest]`
    /// matrix that makes claim `c`: from the size of the first dimension of more than one
    /// element of those making up `units`, if nothing past it is read.
    fn leading_units(
        &self,
        c: Option<&Claim>,
        [units, rest]: [u64; 2],
        written: &HashSet<BufRef>,
    ) -> Option<Extent> {
        let c = c?;
        let [dims, _] = groups(&c.shape, &[units, rest])?;
        self.extent(c, dims, Claim::unread, written)
    }

    /// The extent of the group of dimensions `dims` of claim `c`, from its first dimension
    /// of more than one element, if `size` gives that dimension's size.
    fn extent(
        &self,
        c: &Claim,
        dims: std::ops::Range<usize>,
        size: fn(&Claim, usize) -> Option<ValueId>,
        written: &HashSet<BufRef>,
    ) -> Option<Extent> {
        let (v, per) = leading(c, dims, size)?;
        let count = self.size_buffer(v, written)?;
        Some(Extent {
            count,
            per,
            block: 1,
        })
    }

    /// The buffer of size value `v`, if it is ready (see the module docs).
    fn size_buffer(&self, v: ValueId, written: &HashSet<BufRef>) -> Option<BufRef> {
        let b = self.buf[self.r(v).index()]?;
        let ready = matches!(b.region, Region::Input(_) | Region::Constant);
        (b.size == 8 && (ready || written.contains(&b))).then_some(b)
    }

    /// A Gemm's extents: the batches, rows and columns of its output that hold data, and
    /// its terms when an operand is masked along the contracted dimensions (read densely).
    fn limit_gemm(
        &self,
        g: &mut Gemm,
        claims: &mut HashMap<BufRef, Claim>,
        written: &HashSet<BufRef>,
        relaid: &HashSet<BufRef>,
    ) {
        let dense = |v: &MatrixView, rows: u64, cols: u64| {
            (g.batch == 1 || v.batch_stride == rows * cols)
                && v.row_stride == cols
                && v.col_stride == 1
        };
        if let Some(c) = claims.get(&g.out.buf)
            && dense(&g.out, g.m, g.n)
            && let Some(groups) = groups(&c.shape, &[g.batch, g.m, g.n])
        {
            for (e, dims) in g.extents.iter_mut().zip(groups) {
                *e = self.extent(c, dims, Claim::unread, written);
            }
        }
        // (operand, its [batch, rows, cols], the position of `k` there)
        let operands = [
            (g.lhs, [g.batch, g.m, g.k], 2),
            (g.rhs, [g.batch, g.k, g.n], 1),
        ];
        let terms = |claims: &HashMap<BufRef, Claim>,
                     (v, sizes, at): (MatrixView, [u64; 3], usize)| {
            let c = claims.get(&v.buf)?;
            if !dense(&v, sizes[1], sizes[2]) {
                return None;
            }
            let k = groups(&c.shape, &sizes)?[at].clone();
            let j = k.clone().find(|&j| c.shape[j] > 1)?;
            let (size, per) = leading(c, k, Claim::masked)?;
            Some((size, per, j))
        };
        let Some((size, per, _)) = operands.iter().find_map(|&o| terms(claims, o)) else {
            return;
        };
        let Some(count) = self.size_buffer(size, written) else {
            return;
        };
        g.extents[3] = Some(Extent {
            count,
            per,
            block: 1,
        });
        for o in operands {
            if relaid.contains(&o.0.buf)
                && let Some((s, _, j)) = terms(claims, o)
                && s == size
                && let Some(c) = claims.get_mut(&o.0.buf)
            {
                c.sizes[j] = Some((s, Padding::Unread));
            }
        }
    }

    /// A dispatch's or softmax's extents (see the module docs).
    fn limit_step(
        &mut self,
        step: &mut Step,
        claims: &HashMap<BufRef, Claim>,
        written: &HashSet<BufRef>,
        dispatches: &[u32],
    ) {
        match step {
            Step::Dispatch {
                kernel,
                bindings,
                extent,
                ..
            } if dispatches[*kernel as usize] == 1 => {
                let k = &self.kernels[*kernel as usize];
                let Some(limits) = kernel_limits(k, bindings, claims) else {
                    return;
                };
                let mut k = k.clone();
                for (d, v) in limits {
                    let Some(b) = self.size_buffer(v, written) else {
                        continue;
                    };
                    let slot = match bindings.iter().position(|x| *x == b) {
                        Some(i) if !k.buffers[i].writable => i,
                        _ => {
                            bindings.push(b);
                            k.buffers.push(KBuffer {
                                dtype: DType::I64,
                                shape: vec![],
                                writable: false,
                            });
                            k.buffers.len() - 1
                        }
                    };
                    k.limits.push((d, slot));
                    if k.domain[..d].iter().all(|&e| e == 1)
                        && let Some((per, block)) = codegen::leading_workgroups(&k, d)
                    {
                        *extent = Some(Extent {
                            count: b,
                            per,
                            block,
                        });
                    }
                }
                self.kernels[*kernel as usize] = k;
            }
            Step::Conv(v) if v.batch_groups == 1 => {
                let rest = v.output.size / (v.dtype.size() as u64 * v.batch).max(1);
                v.extent = self.leading_units(claims.get(&v.output), [v.batch, rest], written);
            }
            Step::Softmax(s) => {
                s.extent = self.leading_units(claims.get(&s.dst), [s.rows, s.cols], written);
            }
            _ => {}
        }
    }

    /// The buffers every value of which makes the same [`Claim`], with a dynamic size.
    fn claims(&self) -> HashMap<BufRef, Claim> {
        let mut claims: HashMap<BufRef, Option<Claim>> = HashMap::default();
        let mut add = |b: BufRef, c: Option<Claim>| {
            claims
                .entry(b)
                .and_modify(|old| {
                    if *old != c {
                        *old = None
                    }
                })
                .or_insert(c);
        };
        for (i, t) in self.func.values.iter().enumerate() {
            if let Some(b) = self.buf[i] {
                let sizes = self.func.valid_extents.of(ValueId(i as u32));
                add(
                    b,
                    sizes.map(|s| Claim {
                        shape: t.shape.clone(),
                        sizes: s.to_vec(),
                    }),
                );
            }
        }
        // A value in another dimension order, read only by a consumer of the value.
        for (b, v, order) in &self.relaid {
            let t = self.ty(*v);
            let sizes = self.func.valid_extents.of(*v);
            add(
                *b,
                sizes.map(|s| Claim {
                    shape: order.iter().map(|&d| t.shape[d]).collect(),
                    sizes: order.iter().map(|&d| s[d]).collect(),
                }),
            );
        }
        claims
            .into_iter()
            .filter_map(|(b, c)| Some((b, c?)))
            .collect()
    }
}

/// The dimensions of `shape` whose products are `sizes` in order (a dense row-major
/// `[batch, m, n]` view, say), as ranges; `None` if they do not line up.
fn groups<const N: usize>(shape: &[i64], sizes: &[u64; N]) -> Option<[std::ops::Range<usize>; N]> {
    let mut out: [std::ops::Range<usize>; N] = std::array::from_fn(|_| 0..0);
    let mut at = 0;
    for (g, &want) in sizes.iter().enumerate() {
        let start = at;
        let mut p = 1u64;
        // Unit dimensions go to the earlier group; the last group takes the rest.
        while at < shape.len() && (p < want || (g + 1 == N)) {
            p = p.checked_mul(shape[at] as u64)?;
            at += 1;
        }
        if p != want {
            return None;
        }
        out[g] = start..at;
    }
    (at == shape.len()).then_some(out)
}

/// The size of the first dimension of more than one element of `dims` (as `size` reads
/// it from the claim), and the units of the group per position along it (the product of the later
/// dimensions of the group).
fn leading(
    c: &Claim,
    dims: std::ops::Range<usize>,
    size: fn(&Claim, usize) -> Option<ValueId>,
) -> Option<(ValueId, u64)> {
    let j = dims.clone().find(|&j| c.shape[j] > 1)?;
    let v = size(c, j)?;
    let per = c.shape[j + 1..dims.end].iter().product::<i64>() as u64;
    Some((v, per))
}

/// The run-time limits kernel `k` (bound to `bindings`) can take: `(d, size)` for each
/// domain dimension `d` that every store writes at a dimension of its buffer whose
/// positions past `size` are padding. `None` if a written buffer makes no claim.
fn kernel_limits(
    k: &Kernel,
    bindings: &[BufRef],
    claims: &HashMap<BufRef, Claim>,
) -> Option<Vec<(usize, ValueId)>> {
    if k.sequential || k.domain.is_empty() || !k.limits.is_empty() {
        return None;
    }
    let mut written: HashMap<usize, &Claim> = HashMap::default();
    for (i, (b, kb)) in bindings.iter().zip(&k.buffers).enumerate() {
        if kb.writable {
            let c = claims.get(b)?;
            if c.shape != kb.shape {
                return None;
            }
            written.insert(i, c);
        }
    }
    if written.is_empty() || k.body.nodes.iter().any(nested_store) {
        return None;
    }
    let body = &k.body;
    let mut limits = Vec::new();
    for d in 0..k.domain.len() {
        if k.domain[d] <= 1 {
            continue;
        }
        let mut size: Option<ValueId> = None;
        let mut every = true;
        for node in &body.nodes {
            let Node::Store { buffer, index, .. } = node else {
                continue;
            };
            let c = written.get(buffer)?;
            // The dynamic dimension this store writes coordinate `d` at.
            let at = (0..index.len()).find_map(|j| {
                let s = c.unread(j)?;
                (body.nodes[index[j].index()] == Node::Index(d)).then_some(s)
            });
            match (at, size) {
                (Some(s), None) => size = Some(s),
                (Some(s), Some(t)) if s == t => {}
                _ => every = false,
            }
        }
        if every && let Some(s) = size {
            limits.push((d, s));
        }
    }
    (!limits.is_empty()).then_some(limits)
}

/// Whether `n` is a reduce whose body (or one nested in it) stores: a scan, whose
/// stores are not at the point's own coordinates.
fn nested_store(n: &Node) -> bool {
    fn stores(body: &Body) -> bool {
        body.nodes.iter().any(|n| match n {
            Node::Store { .. } => true,
            Node::Reduce { body, .. } => stores(body),
            _ => false,
        })
    }
    matches!(n, Node::Reduce { body, .. } if stores(body))
}
