//! Module, functions, ops and values.
//!
//! Values are SSA: each is defined once (a function or region argument, or an op result)
//! and identified by a [`ValueId`] indexing its function's value table, which holds its type.
//! Regions are single-block: a list of ops and the values the terminator yields
//! (`func.return` / `stablehlo.return`).

use super::op::Opcode;
use super::types::TensorType;

/// A value of a function: index into [`Func::values`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct ValueId(pub u32);

impl ValueId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Where an op came from, for diagnostics.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Loc {
    /// Position in the input: text line/column (1-based) or a bytecode byte offset.
    pub pos: SourcePos,
    /// The MLIR location attribute (`loc("model.py":12:3)`), printed as written, if any.
    pub mlir: Option<String>,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum SourcePos {
    #[default]
    Unknown,
    /// 1-based line and column in the text input.
    Text { line: u32, col: u32 },
    /// Byte offset in a bytecode input.
    Byte(u64),
}

impl std::fmt::Display for SourcePos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SourcePos::Unknown => f.write_str("<unknown>"),
            SourcePos::Text { line, col } => write!(f, "{line}:{col}"),
            SourcePos::Byte(o) => write!(f, "byte {o}"),
        }
    }
}

/// A generic MLIR attribute value, for attributes pjrtc keeps but does not interpret
/// (function argument/result attributes such as `jax.result_info`, `mhlo.sharding`,
/// `tf.aliasing_output`).
#[derive(Clone, PartialEq, Debug)]
pub enum Attr {
    Unit,
    Bool(bool),
    Int(i64),
    Float(f64),
    String(String),
    Array(Vec<Attr>),
    Dict(Vec<(String, Attr)>),
    /// Anything else, kept as its source text.
    Other(String),
}

/// One operation.
#[derive(Clone, PartialEq, Debug)]
pub struct Op {
    pub opcode: Opcode,
    pub operands: Vec<ValueId>,
    pub results: Vec<ValueId>,
    pub regions: Vec<Region>,
    pub loc: Loc,
}

/// A single-block region: block arguments, ops in order, and the yielded values.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Region {
    pub args: Vec<ValueId>,
    pub ops: Vec<Op>,
    /// Operands of the terminator (`func.return`, `stablehlo.return`).
    pub yields: Vec<ValueId>,
    /// Location of the terminator.
    pub yield_loc: Loc,
}

/// A `func.func`. Its body's `args` are the parameters and its `yields` the results.
#[derive(Clone, PartialEq, Debug)]
pub struct Func {
    pub name: String,
    pub public: bool,
    /// Type of every value in this function, regions included, indexed by [`ValueId`].
    pub values: Vec<TensorType>,
    pub body: Region,
    /// Declared result types (the verifier checks them against `body.yields`).
    pub result_types: Vec<TensorType>,
    pub arg_attrs: Vec<Vec<(String, Attr)>>,
    pub result_attrs: Vec<Vec<(String, Attr)>>,
    pub loc: Loc,
    /// Of a program compiled for bounded dynamic shapes: the values whose padding no op
    /// reads (see [`ValidExtents`]). Empty otherwise.
    pub valid_extents: ValidExtents,
}

/// In a program compiled for bounded dynamic shapes (`passes::refine::bound`), the values
/// with dynamic dimensions, and per dimension the i64 scalar value of the function that
/// holds its size at run time and what lies past it (`None`: a static dimension).
///
/// A pass that makes uses of one value read another ([`ValidExtents::rename`]) keeps this
/// true; a pass that replaces a value by a new one drops its entry, which only costs speed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ValidExtents(std::collections::BTreeMap<ValueId, Vec<Option<(ValueId, Padding)>>>);

/// What the positions of a value past a dimension's run-time size hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Padding {
    /// Anything: no op reads them, so the step that writes the value may skip them.
    Unread,
    /// The value is an operand the bounded rewrites masked (for a reduction, contraction
    /// or pad): past the size it holds the fill its op needs there. An op that reduces or
    /// contracts along the dimension computes the same if it stops at the size.
    Masked,
}

impl ValidExtents {
    /// The size values of `v`'s dimensions, if it has a dynamic one.
    pub fn of(&self, v: ValueId) -> Option<&[Option<(ValueId, Padding)>]> {
        self.0.get(&v).map(Vec::as_slice)
    }

    pub fn insert(&mut self, v: ValueId, sizes: Vec<Option<(ValueId, Padding)>>) {
        self.0.insert(v, sizes);
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Every size value named (with repeats).
    pub fn sizes(&self) -> impl Iterator<Item = ValueId> + '_ {
        self.0.values().flatten().flatten().map(|&(v, _)| v)
    }

    /// Uses of each value `old` in `renames` now read `renames[old]`, a value that was
    /// there before. A reader of `old` may rely on all of its positions, so the new value
    /// keeps its entry only if `old` had the same; sizes that were `old` are the new values.
    pub fn rename(&mut self, renames: &rustc_hash::FxHashMap<ValueId, ValueId>) {
        if self.0.is_empty() || renames.is_empty() {
            return;
        }
        for (c, _) in self.0.values_mut().flatten().flatten() {
            if let Some(&n) = renames.get(c) {
                *c = n;
            }
        }
        for (old, new) in renames {
            if old != new && self.0.get(old) != self.0.get(new) {
                self.0.remove(new);
            }
        }
    }
}

impl Func {
    pub fn ty(&self, v: ValueId) -> &TensorType {
        &self.values[v.index()]
    }

    /// Adds a value of type `ty` to the table.
    pub fn new_value(&mut self, ty: TensorType) -> ValueId {
        self.values.push(ty);
        ValueId(self.values.len() as u32 - 1)
    }

    pub fn params(&self) -> &[ValueId] {
        &self.body.args
    }

    pub fn param_types(&self) -> Vec<TensorType> {
        self.body.args.iter().map(|&v| self.ty(v).clone()).collect()
    }

    /// Looks up an argument attribute by name.
    pub fn arg_attr(&self, arg: usize, name: &str) -> Option<&Attr> {
        self.arg_attrs
            .get(arg)?
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, a)| a)
    }
}

/// A `module`: its functions in source order.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Module {
    pub name: Option<String>,
    pub funcs: Vec<Func>,
    /// What the SPMD partitioner did, when the module is the per-device program of a
    /// sharded `jit` (its entry already partitioned).
    pub partition: Option<crate::compiler::frontend::bytecode::partition::Report>,
}

impl Module {
    pub fn func(&self, name: &str) -> Option<&Func> {
        self.funcs.iter().find(|f| f.name == name)
    }

    /// The entry function: `@main`, else the only public function, else the only function.
    pub fn entry(&self) -> Option<&Func> {
        if let Some(f) = self.func("main") {
            return Some(f);
        }
        let public: Vec<&Func> = self.funcs.iter().filter(|f| f.public).collect();
        match (public.as_slice(), self.funcs.as_slice()) {
            ([f], _) => Some(f),
            (_, [f]) => Some(f),
            _ => None,
        }
    }
}

impl Region {
    /// Visits every op of this region and of nested regions, outer op first.
    pub fn walk<'a>(&'a self, f: &mut impl FnMut(&'a Op)) {
        for op in &self.ops {
            f(op);
            for r in &op.regions {
                r.walk(f);
            }
        }
    }
}
