//! Kernel IR: what lowering produces and code generation consumes.
//!
//! A [`Kernel`] is a loop nest over an index space (`domain`, innermost dimension last)
//! whose body is a small scalar SSA program ([`Body`]) evaluated once per point. The body
//! reads elements of bound buffers ([`Node::Load`]), computes with scalar ops, and writes
//! elements ([`Node::Store`]). Reductions are nested loops with carried accumulators
//! ([`Node::Reduce`]).
//!
//! Contract between the two sides:
//! - Every `Load`/`Store` index is in bounds for every point of the domain (lowering clamps
//!   or selects where a source may be out of range, e.g. `pad`); codegen does not check.
//! - Index values are `I64`. Arithmetic on them uses the ordinary [`BinaryOp`]s.
//! - Scalar semantics are StableHLO's (see [`crate::compiler::ir::op`]): integer division
//!   and shifts are total (never trap), float min/max propagate NaN, `f16`/`bf16` values
//!   are computed in f32 and rounded to their type after every op.
//! - Each point is computed independently: no two points store to the same element, and
//!   no point reads an element another point of the same kernel writes. So codegen may
//!   vectorize along the innermost dimension and split the domain into workgroups freely.
//! - A top-level reduce's body may store (a scan: each step writes its accumulators), in
//!   the loop's order; it never loads what it or another point stores.
//!   The one exception is a kernel marked [`Kernel::sequential`] (scatter): its points run
//!   one after another in row-major order, and a point sees what earlier points stored.

use crate::compiler::ir::{BinaryOp, CompareDirection, DType, UnaryOp};
use rustc_hash::FxHashMap as HashMap;

/// A node of a [`Body`]: index into `Body::nodes`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct NodeId(pub u32);

impl NodeId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A buffer bound to a kernel: binding slot `i` is `Kernel::buffers[i]`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct KBuffer {
    pub dtype: DType,
    /// Row-major dense shape; `Load`/`Store` indices have one entry per dimension.
    pub shape: Vec<i64>,
    /// True if the kernel stores into it.
    pub writable: bool,
}

#[derive(Clone, PartialEq, Debug)]
pub struct Kernel {
    /// A symbol name, unique within the artifact.
    pub name: String,
    pub buffers: Vec<KBuffer>,
    /// Iteration space, one loop per entry, innermost last. Empty = a single point.
    pub domain: Vec<i64>,
    pub body: Body,
    /// Points run one after another in row-major order on one thread, and a point may
    /// read (and overwrite) what earlier points wrote: scatter with colliding indices.
    /// Codegen then neither vectorizes nor splits the domain (one workgroup) and keeps
    /// every point's loads and stores in program order. False for every other kernel.
    pub sequential: bool,
    /// Run-time limits of domain dimensions: `(d, b)` says the points whose coordinate `d`
    /// is at or past the i64 in (0-d) buffer `b` need not be computed: what they store is
    /// padding no one reads (bounded dynamic shapes, see `lower::extents`). Codegen skips
    /// them where its loops allow and may ignore the limit elsewhere.
    pub limits: Vec<(usize, usize)>,
}

/// A scalar SSA program: nodes in evaluation order; a node may only refer to earlier nodes.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Body {
    pub nodes: Vec<Node>,
    /// Result type of each node (`Store` nodes: the stored value's type).
    pub types: Vec<DType>,
    /// For a body nested in a [`Node::Reduce`]: the new accumulator values, one per carried
    /// accumulator. Empty for a kernel's top-level body.
    pub yields: Vec<NodeId>,
    /// For a reduce body lowered from a reducer region: the nodes bound to the region's
    /// element arguments, one per accumulator, so codegen can apply the reducer to two
    /// partial results (lane partials of a vectorized reduction). Empty when unknown.
    pub elems: Vec<NodeId>,
    /// Pure nodes already in `nodes`, so pushing an identical one returns the existing one
    /// (hash-consing: a value expanded twice at the same index is one node).
    pub(crate) interned: Interned,
}

/// The hash-consing table of a [`Body`]. It is derived from the nodes, so it takes no
/// part in comparisons (nor in debug output).
#[derive(Clone, Default)]
pub(crate) struct Interned(HashMap<(Node, DType), NodeId>, Expanded);

/// Lowering's memo of the node a tensor value (by number) expanded to at an index of this
/// body, so a value read many times at one index is expanded once.
pub(crate) type Expanded = HashMap<(u32, Vec<NodeId>), NodeId>;

impl std::fmt::Debug for Interned {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("..")
    }
}

impl PartialEq for Interned {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Interned {}

impl std::hash::Hash for Body {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.nodes.hash(state);
        self.types.hash(state);
        self.yields.hash(state);
        self.elems.hash(state);
    }
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Node {
    /// The coordinate of domain dimension `d` at the current point (I64). In a nested
    /// reduce body: the coordinate of *that* reduce loop's dimension `d`.
    Index(usize),
    /// A constant: the value's bits, zero-extended (f32 as its u32 bits, f16 as u16 bits,
    /// integers as their two's complement truncated to the type's width, i1 as 0/1).
    Const(u64),
    /// Element of buffer `buffer` at `index` (one I64 node per buffer dimension).
    Load {
        buffer: usize,
        index: Vec<NodeId>,
    },
    /// Writes `value` (same dtype as the buffer) at `index`. In a top-level body, or in
    /// the body of a top-level [`Node::Reduce`] (a scan), at every step of its loop.
    Store {
        buffer: usize,
        index: Vec<NodeId>,
        value: NodeId,
    },
    Unary {
        op: UnaryOp,
        x: NodeId,
    },
    /// Both operands have the node's type, except shifts, which also take it for both.
    Binary {
        op: BinaryOp,
        a: NodeId,
        b: NodeId,
    },
    /// Result I1. `total_order`: IEEE totalOrder comparison for floats; otherwise IEEE
    /// (NaN compares unequal to everything). Integers compare signed/unsigned by dtype.
    Compare {
        dir: CompareDirection,
        a: NodeId,
        b: NodeId,
        total_order: bool,
    },
    /// `cond` is I1.
    Select {
        cond: NodeId,
        on_true: NodeId,
        on_false: NodeId,
    },
    /// StableHLO `convert` to the node's type (float->int truncates toward zero and
    /// saturates, NaN -> 0; int->float rounds to nearest; to i1 is `x != 0`).
    Convert {
        x: NodeId,
    },
    /// Reinterpret the bits of `x` (same bit width) as the node's type.
    Bitcast {
        x: NodeId,
    },
    /// Nested loops over `extents` (row-major, innermost last) carrying one accumulator per
    /// `init`. Inside `body`: [`Node::Index`] is this loop's coordinate, [`Node::Acc`] the
    /// current accumulator, [`Node::Outer`] a value of the enclosing body; `body.yields`
    /// are the next accumulators. The node's own value is accumulator 0 after the loop;
    /// others are read with [`Node::ReduceResult`]. The node's type is that of `inits[0]`.
    Reduce {
        extents: Vec<i64>,
        inits: Vec<NodeId>,
        body: Box<Body>,
    },
    /// Accumulator `k` of the enclosing [`Node::Reduce`] (inside its body only).
    Acc(usize),
    /// A value of the enclosing body (inside a reduce body only).
    Outer(NodeId),
    /// Accumulator `k` of reduce node `reduce` after its loop finished.
    ReduceResult {
        reduce: NodeId,
        k: usize,
    },
}

impl Body {
    /// Appends `node`, or returns an identical earlier node if `node` is pure: every kind
    /// but loads, stores and reductions (whose identity matters: a load may follow a
    /// store of a sequential kernel; see [`Body::push_load`]).
    pub fn push(&mut self, node: Node, ty: DType) -> NodeId {
        let pure = !matches!(
            node,
            Node::Load { .. } | Node::Store { .. } | Node::Reduce { .. }
        );
        if pure {
            return self.intern(node, ty);
        }
        self.append(node, ty)
    }

    /// A load, sharing an identical earlier load of this body. Only for kernels that
    /// never load what they store (every kernel but [`Kernel::sequential`] ones, and
    /// those where no store precedes the load).
    pub fn push_load(&mut self, buffer: usize, index: Vec<NodeId>, ty: DType) -> NodeId {
        self.intern(Node::Load { buffer, index }, ty)
    }

    /// The node value `v` expanded to at `index` of this body, if it was.
    pub(crate) fn expanded(&self, v: u32, index: &[NodeId]) -> Option<NodeId> {
        self.interned.1.get(&(v, index.to_vec())).copied()
    }

    pub(crate) fn set_expanded(&mut self, v: u32, index: &[NodeId], node: NodeId) {
        self.interned.1.insert((v, index.to_vec()), node);
    }

    fn intern(&mut self, node: Node, ty: DType) -> NodeId {
        let key = (node, ty);
        if let Some(&id) = self.interned.0.get(&key) {
            return id;
        }
        let id = self.append(key.0.clone(), ty);
        self.interned.0.insert(key, id);
        id
    }

    fn append(&mut self, node: Node, ty: DType) -> NodeId {
        self.nodes.push(node);
        self.types.push(ty);
        NodeId(self.nodes.len() as u32 - 1)
    }

    pub fn ty(&self, n: NodeId) -> DType {
        self.types[n.index()]
    }

    /// A constant of type `ty` from an i64 value (two's complement truncated to the width).
    pub fn const_int(&mut self, ty: DType, v: i64) -> NodeId {
        let bits = if ty.bits() >= 64 {
            v as u64
        } else {
            (v as u64) & ((1u64 << ty.bits()) - 1)
        };
        self.push(Node::Const(bits), ty)
    }

    pub fn index_const(&mut self, v: i64) -> NodeId {
        self.const_int(DType::I64, v)
    }
}
