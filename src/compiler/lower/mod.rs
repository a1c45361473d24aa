//! Lowering: the optimized entry function -> kernels (kir) + a planned schedule.
//!
//! 1. Decide which values are materialized in a buffer. The rest (single-use results of
//!    elementwise and data-movement ops, plus splat constants and iotas anywhere) are
//!    fused: computed inline at the index where their consumer needs them ([`builder`]).
//!    Reductions, Gemm/Conv and relayout kernels fuse their operands the same way.
//! 2. Place buffers: parameters are inputs, returned values are written straight into
//!    the outputs, non-splat constants live in the constants section, reshapes of a
//!    buffer share it, the rest goes to the arena.
//! 3. Emit the steps of each materializing op in program order: a kernel dispatch, a Gemm
//!    or a Conv (with relayout kernels around them when layouts need it), a Softmax (a
//!    whole softmax along rows, [`softmax`]), or a Copy.
//! 4. Plan arena offsets from liveness ([`plan`]).
//!
//! `while`, `if` and `case` nest: their regions are lowered like the entry body, into the
//! step lists of [`Step::While`] and [`Step::Case`] ([`control`]). Values are numbered per
//! function, so the per-value tables below cover region values too.

#[cfg(test)]
pub(crate) mod interp;
pub mod kir;

mod buffers;
mod builder;
mod collective;
#[cfg(test)]
mod columns_calls_tests;
#[cfg(test)]
mod columns_tests;
mod control;
#[cfg(test)]
mod control_tests;
mod conv;
mod custom_call;
pub(crate) mod divisible;
mod dot;
mod elementwise;
mod epilogue;
#[cfg(test)]
mod epilogue_tests;
mod extents;
#[cfg(test)]
mod extents_tests;
mod fft;
mod hfuse;
#[cfg(test)]
mod hfuse_tests;
mod inplace;
#[cfg(test)]
mod inplace_tests;
mod lapack;
mod linalg;
#[cfg(test)]
mod linalg_tests;
mod plan;
mod reduce;
mod scan;
#[cfg(test)]
mod scan_tests;
mod scatter;
#[cfg(test)]
mod scatter_tests;
mod select_scatter;
mod softmax;
#[cfg(test)]
mod softmax_tests;
#[cfg(test)]
pub(crate) mod tests;
mod topk;
#[cfg(test)]
mod topk_tests;
#[cfg(test)]
mod window_tests;

use super::codegen::Target;
use super::diag::Diagnostic;
use super::ffi::FfiTargets;
use super::ir::{
    Attr, BinaryOp, Func, Literal, Op, Opcode, Region as IrRegion, TensorType, UnaryOp, ValueId,
};
use buffers::Buffers;
use pjrtc_runtime::format::{
    BufRef, Constants, FfiLibrary, Region, Signature, Softmax, Step, TensorSpec, walk_steps,
    walk_steps_mut,
};

/// The entry function, lowered.
#[derive(Clone, Debug)]
pub struct LoweredProgram {
    /// `Step::Dispatch::kernel` indexes this list. Its `workgroups` are filled in after
    /// code generation (codegen decides how a kernel's domain is split).
    pub kernels: Vec<kir::Kernel>,
    /// The schedule, with every buffer placed (inputs, outputs, arena offsets, constants).
    pub steps: Vec<Step>,
    pub arena_size: u64,
    pub constants: Constants,
    pub signature: Signature,
    /// Libraries whose handlers the custom calls use (`--ffi-lib`).
    pub ffi_libraries: Vec<FfiLibrary>,
}

/// Lowers `func` for `target`, which decides only whether runtime row routines replace
/// kernels (see [`softmax`]); the kernels themselves are target-neutral. Custom calls of
/// XLA FFI handlers need their targets in `ffi`.
pub fn lower(func: &Func, target: &Target) -> Result<LoweredProgram, Diagnostic> {
    lower_with(func, target, &FfiTargets::default())
}

/// [`lower`] with XLA FFI targets.
pub fn lower_with(
    func: &Func,
    target: &Target,
    ffi: &FfiTargets,
) -> Result<LoweredProgram, Diagnostic> {
    let mut lw = Lowerer::new(func, ffi)?;
    lw.bf16_pairs = dot::bf16_pair_products(target);
    lw.decide_materialization();
    if super::codegen::array_math(target) {
        lw.absorb_softmaxes();
    }
    lw.pos = Some(lw.positions());
    lw.place_buffers();
    for i in 0..func.body.ops.len() {
        lw.emit_op(&func.body.ops[i])?;
    }
    lw.finish_outputs();
    lw.limit_to_valid_extents();
    let (offsets, arena_size) = plan::plan(&lw.arena, &lw.steps, &lw.kernels);
    let mut steps = lw.steps;
    walk_steps_mut(&mut steps, &mut |step| {
        plan::for_each_bufref(step, |b| {
            if b.region == Region::Arena {
                b.offset = offsets[b.offset as usize];
            }
        })
    });
    Ok(LoweredProgram {
        kernels: lw.kernels,
        steps,
        arena_size,
        constants: lw.constants,
        signature: signature(func),
        ffi_libraries: super::ffi::artifact_libraries(ffi, &lw.ffi_used),
    })
}

/// How a consumer reads one of its operands, for fusion decisions.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Use {
    /// Evaluated at most about once per element of the operand: any single-use
    /// expression-capable producer may be fused.
    Inline,
    /// Evaluated many times per operand element (broadcast, window, concatenate...):
    /// only cheap producers are fused.
    Expanding,
}

pub(crate) struct Lowerer<'f> {
    pub func: &'f Func,
    /// Defining op and result number of every value defined by a lowered op (top level
    /// or in a `while`/`if`/`case` region; region arguments have none).
    def: Vec<Option<(&'f Op, usize)>>,
    /// Identity ops (optimization_barrier) resolved away: value -> value it forwards.
    forward: Vec<ValueId>,
    uses: Vec<u32>,
    /// Output index of each returned value (first occurrence).
    output_of: Vec<Option<u32>>,
    /// Yielded by a `while`/`if`/`case` region, or read in place by a control-flow op or
    /// a sort: must be in a buffer.
    needs_buffer: Vec<bool>,
    /// Placed buffer of every materialized value; arena buffers carry their id in `offset`
    /// until the plan assigns offsets.
    pub buf: Buffers,
    /// Sizes of arena buffers by id.
    pub arena: Vec<u64>,
    pub kernels: Vec<kir::Kernel>,
    pub steps: Vec<Step>,
    pub constants: Constants,
    materialize: Vec<bool>,
    /// Reshapes that share their operand's buffer.
    view_of: Vec<Option<ValueId>>,
    /// Dots whose Gemm applies an epilogue, by the dot's value ([`epilogue`]).
    pub epilogue: Vec<Option<epilogue::Fused>>,
    /// Values a Gemm's epilogue writes: their own ops emit nothing.
    from_gemm: Vec<bool>,
    /// Softmax results written by one `Step::Softmax`: by the result value, its input
    /// and the rows and columns.
    softmax: Vec<Option<(ValueId, u64, u64)>>,
    /// Sorts run as a top-k selection, by their first result ([`topk`]).
    partial_sorts: std::collections::HashMap<ValueId, topk::PartialSort>,
    /// Slices of those sorts' results: the selection writes them, their ops emit nothing.
    from_topk: Vec<bool>,
    /// Where custom calls of XLA FFI handlers find them.
    ffi: &'f FfiTargets,
    /// `(library, target, symbol)` of the handlers used from libraries.
    pub ffi_used: Vec<(usize, String, String)>,
    /// Gemm steps take bf16 operands as they are (see `dot::bf16_pair_products`).
    pub bf16_pairs: bool,
    /// Buffers holding a value in another dimension order (`dot::relayout`): the value
    /// and the order, so they can hold rows of the value ([`rows`]).
    pub relaid: Vec<(BufRef, ValueId, Vec<usize>)>,
    /// Program positions and last reads, for sharing buffers ([`inplace`]); computed
    /// once materialization is decided.
    pos: Option<inplace::Positions<'f>>,
}

pub(crate) fn unsupported(op: &Op) -> Diagnostic {
    let msg = match &op.opcode {
        Opcode::CustomCall { target, .. } => format!("unsupported: custom_call @{target}"),
        o => format!("unsupported: {} is not compiled yet", o.name()),
    };
    Diagnostic::at(&op.loc, msg)
}

impl<'f> Lowerer<'f> {
    fn new(func: &'f Func, ffi: &'f FfiTargets) -> Result<Self, Diagnostic> {
        let n = func.values.len();
        let mut def = vec![None; n];
        let mut forward: Vec<ValueId> = (0..n as u32).map(ValueId).collect();
        for op in lowered_ops(&func.body) {
            check_supported(op, ffi)?;
            // `passes::complex` turns every complex value into real ones first.
            if let Some(&v) = op.results.iter().find(|&&v| func.ty(v).dtype.is_complex()) {
                return Err(Diagnostic::at(
                    &op.loc,
                    format!(
                        "internal: complex value %{} of {} reached lowering",
                        v.0,
                        op.opcode.name()
                    ),
                ));
            }
            for (r, &v) in op.results.iter().enumerate() {
                def[v.index()] = Some((op, r));
            }
            if matches!(op.opcode, Opcode::OptimizationBarrier) {
                for (r, &v) in op.results.iter().enumerate() {
                    forward[v.index()] = forward[op.operands[r].index()];
                }
            }
        }
        Ok(Lowerer {
            func,
            def,
            forward,
            uses: vec![0; n],
            output_of: vec![None; n],
            needs_buffer: vec![false; n],
            buf: Buffers::new(n),
            arena: Vec::new(),
            kernels: Vec::new(),
            steps: Vec::new(),
            constants: Constants::default(),
            materialize: vec![false; n],
            view_of: vec![None; n],
            epilogue: vec![None; n],
            from_gemm: vec![false; n],
            softmax: vec![None; n],
            partial_sorts: std::collections::HashMap::new(),
            from_topk: vec![false; n],
            ffi,
            ffi_used: Vec::new(),
            bf16_pairs: false,
            relaid: Vec::new(),
            pos: None,
        })
    }

    /// The value `v` stands for, looking through identity ops.
    pub fn r(&self, v: ValueId) -> ValueId {
        self.forward[v.index()]
    }

    pub fn ty(&self, v: ValueId) -> &'f TensorType {
        self.func.ty(v)
    }

    /// The top-level op defining `v` (after forwarding), if any.
    pub fn def_op(&self, v: ValueId) -> Option<(&'f Op, usize)> {
        self.def[self.r(v).index()]
    }

    /// Whether a concatenate is written by one kernel per piece (each fusing its piece's
    /// producers) rather than fused into its consumer, which evaluates every piece at each
    /// point. Used more than once, or returned, it is. So is one along the innermost
    /// dimension: fused, each lane of a vector picks its piece at a clamped index of its
    /// own, so no piece is read with contiguous vector loads (a DenseNet layer's
    /// batch-norm + ReLU over such a concatenate ran at ~10 cycles per element), while
    /// copies of the pieces stream at memory speed and the consumer reads one buffer.
    fn concat_in_own_kernels(&self, op: &Op) -> bool {
        let r = op.results[0];
        let Opcode::Concatenate { dimension } = op.opcode else {
            return false;
        };
        self.uses[r.index()] != 1
            || self.output_of[r.index()].is_some()
            || dimension as usize + 1 == self.ty(r).rank()
    }

    fn operand_uses(&self, op: &Op) -> Vec<Use> {
        let numel = |v: ValueId| self.ty(v).num_elements();
        let out = op.results.first().map(|&r| numel(r)).unwrap_or(0);
        let n = op.operands.len();
        match &op.opcode {
            Opcode::BroadcastInDim { .. } | Opcode::Pad { .. } => {
                let mut u = vec![Use::Inline; n];
                if numel(op.operands[0]) < out {
                    u[0] = Use::Expanding;
                }
                u
            }
            // A materialized concatenate writes each piece with its own kernel; a fused
            // one evaluates every piece at each point.
            Opcode::Concatenate { .. } => {
                if self.concat_in_own_kernels(op) {
                    vec![Use::Inline; n]
                } else {
                    vec![Use::Expanding; n]
                }
            }
            Opcode::DynamicUpdateSlice => {
                let mut u = vec![Use::Inline; n];
                u[1] = Use::Expanding;
                u
            }
            // A scan reads each element once.
            Opcode::ReduceWindow(_) if scan::scan_of(self, op).is_some() => vec![Use::Inline; n],
            // Windows that do not overlap (a pool with stride >= window) read each
            // element at most once: the producer fuses into the pool's kernel.
            Opcode::ReduceWindow(w) => {
                let mut u = vec![Use::Inline; n];
                let at = |v: &[i64], d: usize| v.get(d).copied().unwrap_or(1);
                let disjoint = (0..w.window_dimensions.len()).all(|d| {
                    at(&w.window_dilations, d) == 1
                        && at(&w.window_strides, d) >= w.window_dimensions[d]
                });
                if !disjoint {
                    u[..n / 2].fill(Use::Expanding);
                }
                u
            }
            // Gemm/Conv read buffers in place, or a relayout kernel evaluates the operand
            // once per element (so a single-use producer can be fused into it).
            Opcode::DotGeneral(_) if dot::uses_gemm(self.ty(op.results[0]).dtype) => {
                vec![Use::Inline; n]
            }
            Opcode::DotGeneral(_) => vec![Use::Expanding; n],
            Opcode::Convolution(_) => vec![Use::Inline; n],
            // Each index vector is read once per slice element; operand elements may be
            // read any number of times.
            Opcode::Gather(_) => vec![Use::Expanding; n],
            Opcode::Scatter(_) => {
                let mut u = vec![Use::Inline; n];
                u[n / 2] = Use::Expanding;
                u
            }
            // The matrix is read once per element it multiplies; the operand of
            // select_and_scatter once per window holding it.
            Opcode::TriangularSolve { .. } | Opcode::SelectAndScatter { .. } => {
                let mut u = vec![Use::Inline; n];
                u[0] = Use::Expanding;
                u
            }
            _ => vec![Use::Inline; n],
        }
    }

    /// Cheap to recompute anywhere: splat constants, iotas, scalars and elementwise or
    /// movement ops of cheap values.
    fn cheap(&self, v: ValueId, depth: u32) -> bool {
        let Some((op, _)) = self.def_op(v) else {
            return false;
        };
        match &op.opcode {
            Opcode::Constant(l) => l.is_splat(),
            Opcode::Iota { .. } => true,
            // A load from the operand's buffer at another index.
            Opcode::BroadcastInDim { .. } | Opcode::Reshape if self.has_buffer(op.operands[0]) => {
                true
            }
            _ if depth > 4 || !is_expression_op(&op.opcode) => false,
            // Operands are decided before their consumers (program order): a cheap op
            // reads scalars from buffers or recomputes cheap fused values.
            _ => op.operands.iter().all(|&o| {
                let o = self.r(o);
                if self.def_op(o).is_none() || self.materialize[o.index()] {
                    self.ty(o).num_elements() <= 1
                } else {
                    self.cheap(o, depth + 1)
                }
            }),
        }
    }

    fn decide_materialization(&mut self) {
        let func = self.func;
        let mut expanding = vec![false; func.values.len()];
        let mut gemm_only = vec![true; func.values.len()];
        for (j, &y) in func.body.yields.iter().enumerate() {
            let y = self.r(y);
            if self.output_of[y.index()].is_none() {
                self.output_of[y.index()] = Some(j as u32);
            }
        }
        let all = lowered_ops(&func.body);
        self.find_partial_sorts(&all);
        let ops = all
            .iter()
            .copied()
            .filter(|op| !matches!(op.opcode, Opcode::OptimizationBarrier));
        for op in ops.clone() {
            for &o in &op.operands {
                let o = self.r(o);
                self.uses[o.index()] += 1;
            }
            if control::reads_operands_in_place(&op.opcode) {
                let positions = op
                    .results
                    .first()
                    .and_then(|r| self.partial_sorts.get(r))
                    .map(|ps| ps.positions.clone());
                for (i, &o) in op.operands.iter().enumerate() {
                    if positions.as_ref().is_some_and(|p| p[i]) {
                        continue;
                    }
                    let o = self.r(o);
                    // A loop's splat constant initial value is written straight into
                    // its carried buffer, not kept in the artifact and copied.
                    let splat = matches!(
                        self.def_op(o),
                        Some((Op { opcode: Opcode::Constant(l), .. }, _)) if l.is_splat()
                    );
                    if !(splat && matches!(op.opcode, Opcode::While)) {
                        self.needs_buffer[o.index()] = true;
                    }
                }
            }
            if control::is_control_flow(&op.opcode) {
                for region in &op.regions {
                    for &y in &region.yields {
                        let y = self.r(y);
                        self.uses[y.index()] += 1;
                        self.needs_buffer[y.index()] = true;
                    }
                }
            }
        }
        for op in ops {
            let kinds = self.operand_uses(op);
            let gemm = matches!(op.opcode, Opcode::DotGeneral(_))
                && dot::uses_gemm(self.ty(op.results[0]).dtype);
            for (&o, k) in op.operands.iter().zip(kinds) {
                let o = self.r(o);
                gemm_only[o.index()] &= gemm;
                if k == Use::Expanding {
                    expanding[o.index()] = true;
                }
            }
        }
        // Sizes in buffers, for the steps that read them ([`extents`]).
        for v in func.valid_extents.sizes() {
            let v = self.r(v);
            if self.def[v.index()].is_some() {
                self.needs_buffer[v.index()] = true;
            }
        }
        for op in all {
            for &v in &op.results {
                if self.r(v) != v {
                    continue;
                }
                let i = v.index();
                let used = self.uses[i] > 0 || self.output_of[i].is_some();
                let out = self.output_of[i].is_some() || self.needs_buffer[i];
                self.materialize[i] = match &op.opcode {
                    Opcode::OptimizationBarrier => false,
                    Opcode::Constant(l) => out || !l.is_splat() && used,
                    Opcode::Iota { .. } => out,
                    // A reshape of a value in a buffer is that buffer, seen with another
                    // shape: no copy, and consumers index it directly.
                    Opcode::Reshape
                        if self.has_buffer(op.operands[0]) && self.output_of[i].is_none() =>
                    {
                        self.view_of[i] = Some(self.r(op.operands[0]));
                        true
                    }
                    // Gemms read a transpose of a buffer in place (permuted strides).
                    Opcode::Transpose { .. }
                        if gemm_only[i] && self.has_buffer(op.operands[0]) && !out =>
                    {
                        false
                    }
                    Opcode::Concatenate { .. } if self.concat_in_own_kernels(op) => true,
                    // Cheap values are recomputed by each consumer, however many.
                    o if is_expression_op(o) => {
                        out || !self.cheap(v, 0) && (self.uses[i] != 1 || expanding[i])
                    }
                    // A result nothing reads (argmax's maximum) is computed, not stored;
                    // the op is emitted if another of its results is.
                    Opcode::Reduce { .. } | Opcode::ReduceWindow(_) if op.results.len() > 1 => used,
                    _ => true,
                };
            }
        }
        // A partial sort writes the slices of its results; the results get no buffer.
        for (r, ps) in &self.partial_sorts {
            let Some((op, _)) = self.def[r.index()] else {
                continue;
            };
            if ps.full {
                continue;
            }
            for (&res, slice) in op.results.iter().zip(&ps.slices) {
                self.materialize[res.index()] = false;
                if let Some(s) = slice {
                    self.materialize[s.index()] = true;
                    self.from_topk[s.index()] = true;
                }
            }
        }
        self.fuse_into_common_kernels(&expanding);
        self.fuse_epilogues();
    }

    /// Finds the sorts of which only a leading slice is read ([`topk`]).
    fn find_partial_sorts(&mut self, all: &[&'f Op]) {
        if !all
            .iter()
            .any(|op| matches!(op.opcode, Opcode::Sort { .. }))
        {
            return;
        }
        let (ops, users) = self.ops_and_users();
        let mut yielded = vec![false; self.func.values.len()];
        for (i, out) in self.output_of.iter().enumerate() {
            yielded[i] = out.is_some();
        }
        for op in all {
            if control::is_control_flow(&op.opcode) {
                for region in &op.regions {
                    for &y in &region.yields {
                        yielded[self.r(y).index()] = true;
                    }
                }
            }
        }
        for op in all {
            if let Some(ps) = topk::find(self, op, &ops, &users, &yielded) {
                self.partial_sorts.insert(op.results[0], ps);
            }
        }
    }

    /// Second fusion pass, consumers before producers: fuses
    /// - row reductions (`reduce` over the last dimension) whose result only reaches one
    ///   kernel, broadcast back along the reduced dimension to be its innermost one (or
    ///   read once per point): codegen computes such a reduction once per row, hoisted
    ///   out of the innermost loop (softmax's max and sum, layernorm's mean and variance).
    ///   The small row values between it and that kernel are fused too;
    /// - elementwise values read by several consumers that all end up in one kernel,
    ///   each once per element (identical expansions share nodes there).
    fn fuse_into_common_kernels(&mut self, expanding: &[bool]) {
        let func = self.func;
        let n = func.values.len();
        let (ops, users) = self.ops_and_users();
        let mut fx = FuseCx {
            ops,
            users,
            home: vec![None; n],
            movable: vec![false; n],
        };
        // Values computed exactly once per point of their kernel, at the point's index:
        // materialized elementwise values, Gemm operands computed by the relayout kernel,
        // and values fused into aligned elementwise consumers of their shape.
        let mut aligned = vec![false; n];
        // Values whose every use is an operand of a single-result op of the same region
        // (no region yields, no multi-result consumers), not returned or read in place.
        for p in 0..fx.ops.len() {
            let (op, region) = fx.ops[p];
            for &v in &op.results {
                let i = v.index();
                if self.r(v) != v || self.output_of[i].is_some() || self.needs_buffer[i] {
                    continue;
                }
                let uses: usize = fx.users[i]
                    .iter()
                    .map(|&u| {
                        let uop = fx.ops[u].0;
                        uop.operands.iter().filter(|&&o| self.r(o) == v).count()
                    })
                    .sum();
                fx.movable[i] = op.results.len() == 1
                    && uses == self.uses[i] as usize
                    && !fx.users[i].is_empty()
                    && fx.users[i]
                        .iter()
                        .all(|&u| fx.ops[u].1 == region && fx.ops[u].0.results.len() == 1);
            }
        }
        let mut fused_at: std::collections::HashMap<usize, HomeFusion> =
            std::collections::HashMap::new();
        for p in (0..fx.ops.len()).rev() {
            let op = fx.ops[p].0;
            // Ops without results (side-effecting custom calls) have nothing to fuse.
            let [v] = op.results[..] else {
                continue;
            };
            let i = v.index();
            if self.r(v) != v {
                continue;
            }
            if self.materialize[i] && fx.movable[i] {
                match &op.opcode {
                    Opcode::Reduce { dimensions } => {
                        let in_ty = self.ty(op.operands[0]);
                        let rank = in_ty.rank();
                        let last = rank as i64 - 1;
                        let rows = dimensions.as_slice() == [last];
                        let columns = !dimensions.is_empty()
                            && !dimensions.contains(&last)
                            && dimensions.iter().all(|&d| in_ty.shape[d as usize] > 1);
                        let mut found = RowFusion {
                            columns,
                            ..RowFusion::default()
                        };
                        if rank >= 1
                            && (rows || columns)
                            && in_ty.shape[rank - 1] > 1
                            && self.row_ok(
                                &fx,
                                v,
                                &vec![false; rank - dimensions.len()],
                                self.ty(v).num_elements(),
                                &mut found,
                                0,
                            )
                            && let Some(&home) = found.homes.first()
                            && found.homes.iter().all(|&h| h == home)
                            && let Some(kind) = home_fusion(&found)
                            && kind
                                .as_ref()
                                .is_none_or(|k| fused_at.get(&home).is_none_or(|f| f == k))
                        {
                            if let Some(kind) = kind {
                                fused_at.insert(home, kind);
                            }
                            self.materialize[i] = false;
                            for f in found.flips {
                                self.materialize[f.index()] = false;
                                fx.home[f.index()] = Some(home);
                            }
                        }
                    }
                    // Any cost: each consumer computes it at the same point of one kernel,
                    // where the body's hash-consing makes it one node (exact GELU's erfc
                    // polynomial, whose values feed several selects, is one kernel).
                    o if o.is_elementwise()
                        && !expanding[i]
                        && self.point_aligned(&fx, v, &aligned) =>
                    {
                        self.materialize[i] = false;
                    }
                    // Cheap: consumers may also be reductions, which compute it once more.
                    o if o.is_elementwise() && !expanding[i] && self.light(v, 0) => {
                        let shape = &self.ty(v).shape;
                        let same_kernel = fx.common_home(v).is_some()
                            && fx.users[i].iter().all(|&u| {
                                let uop = fx.ops[u].0;
                                match &uop.opcode {
                                    Opcode::Reduce { .. } => {
                                        let k = uop.operands.len() / 2;
                                        uop.operands[k..].iter().all(|&o| self.r(o) != v)
                                    }
                                    o => {
                                        o.is_elementwise()
                                            && self.ty(uop.results[0]).shape == *shape
                                    }
                                }
                            });
                        if same_kernel {
                            self.materialize[i] = false;
                        }
                    }
                    _ => {}
                }
            }
            aligned[i] = if self.materialize[i] {
                op.opcode.is_elementwise()
            } else {
                fx.movable[i] && (self.point_aligned(&fx, v, &aligned) || self.gemm_operand(&fx, v))
            };
            fx.home[i] = if self.materialize[i] {
                Some(p)
            } else if fx.movable[i] {
                fx.common_home(v)
            } else {
                None
            };
        }
    }

    /// Whether every consumer of `v` is an elementwise op of `v`'s shape computed once per
    /// point of one common kernel at the point's index (`aligned`), so that fusing `v`
    /// computes it once per point there.
    fn point_aligned(&self, fx: &FuseCx<'f>, v: ValueId, aligned: &[bool]) -> bool {
        let shape = &self.ty(v).shape;
        fx.common_home(v).is_some()
            && fx.users[v.index()].iter().all(|&u| {
                let uop = fx.ops[u].0;
                let r = uop.results[0];
                uop.opcode.is_elementwise() && self.ty(r).shape == *shape && aligned[r.index()]
            })
    }

    /// Whether `v`'s only consumer is a Gemm, whose relayout kernel computes each element
    /// of `v` once.
    fn gemm_operand(&self, fx: &FuseCx<'f>, v: ValueId) -> bool {
        match fx.users[v.index()].as_slice() {
            [u] => {
                let uop = fx.ops[*u].0;
                matches!(uop.opcode, Opcode::DotGeneral(_))
                    && dot::uses_gemm(self.ty(uop.results[0]).dtype)
            }
            _ => false,
        }
    }

    /// The ops lowering handles with their region (0: the entry body, then one number
    /// per `while`/`if`/`case` region), in program order, and for each value the
    /// positions of the ops reading it (each op once; identity ops read nothing).
    pub(super) fn ops_and_users(&self) -> (Vec<(&'f Op, usize)>, Vec<Vec<usize>>) {
        fn walk<'a>(
            body: &'a IrRegion,
            region: usize,
            next: &mut usize,
            out: &mut Vec<(&'a Op, usize)>,
        ) {
            for op in &body.ops {
                out.push((op, region));
                if control::is_control_flow(&op.opcode) {
                    for r in &op.regions {
                        *next += 1;
                        let id = *next;
                        walk(r, id, next, out);
                    }
                }
            }
        }
        let mut ops: Vec<(&'f Op, usize)> = Vec::new();
        walk(&self.func.body, 0, &mut 0, &mut ops);
        let mut users: Vec<Vec<usize>> = vec![Vec::new(); self.func.values.len()];
        for (p, &(op, _)) in ops.iter().enumerate() {
            if matches!(op.opcode, Opcode::OptimizationBarrier) {
                continue;
            }
            for &o in &op.operands {
                let o = self.r(o);
                if users[o.index()].last() != Some(&p) {
                    users[o.index()].push(p);
                }
            }
        }
        (ops, users)
    }

    /// Is `v` cheap enough to compute twice rather than store and load once: elementwise
    /// ops without math functions (a fused `exp` computed in a row sum and again in its
    /// consumer costs more than softmax's buffer), on buffers or such values.
    fn light(&self, v: ValueId, depth: u32) -> bool {
        let Some((op, _)) = self.def_op(v) else {
            return true;
        };
        if self.materialize[v.index()] && depth > 0 || self.cheap(v, 0) {
            return true;
        }
        let heavy = match &op.opcode {
            Opcode::Unary(u) => !matches!(
                u,
                UnaryOp::Abs
                    | UnaryOp::Neg
                    | UnaryOp::Sqrt
                    | UnaryOp::Rsqrt
                    | UnaryOp::Floor
                    | UnaryOp::Ceil
                    | UnaryOp::RoundNearestAfz
                    | UnaryOp::RoundNearestEven
                    | UnaryOp::Sign
                    | UnaryOp::Not
                    | UnaryOp::IsFinite
            ),
            Opcode::Binary(b) => matches!(b, BinaryOp::Pow | BinaryOp::Atan2),
            o => !o.is_elementwise() && !matches!(o, Opcode::BroadcastInDim { .. }),
        };
        !heavy
            && depth < 4
            && op
                .operands
                .iter()
                .all(|&o| self.light(self.r(o), depth + 1))
    }

    /// Can `v`, a fused value computed from a fused row reduction and constant along the
    /// dims `bcast` marks (broadcast copies of the reduction), be computed where its
    /// consumers need it, with the reduction evaluated once per row (hoisted out of the
    /// innermost loop) or once per point? Collects in `found` the kernels it reaches
    /// and the values on the way (materialized row values among them) that move there.
    fn row_ok(
        &self,
        fx: &FuseCx<'f>,
        v: ValueId,
        bcast: &[bool],
        rows: i64,
        found: &mut RowFusion,
        depth: u32,
    ) -> bool {
        // A bounded walk: paths through a DAG of values can be exponentially many.
        found.steps += 1;
        let columns = found.columns;
        if depth > 64 || found.steps > 4096 || !fx.movable[v.index()] {
            return false;
        }
        let shape = &self.ty(v).shape;
        if bcast.len() != shape.len() {
            return false;
        }
        // Broadcast copies along a dimension other than the innermost one would each
        // recompute a row reduction. A column reduction must vary along the innermost
        // dimension (or nowhere be broadcast): its kernel runs in column blocks.
        let kernel_ok = |bcast: &[bool], shape: &[i64]| {
            if columns {
                let last = shape.len().wrapping_sub(1);
                bcast.iter().all(|b| !b) || shape.len() >= 2 && !bcast[last] && shape[last] > 1
            } else {
                (0..shape.len().saturating_sub(1)).all(|d| !bcast[d] || shape[d] == 1)
            }
        };
        // A consumer `r` constant along `nb`: computed in its own kernel, or fused on.
        let next = |r: ValueId, nb: &[bool], found: &mut RowFusion| {
            let rs = &self.ty(r).shape;
            if !self.materialize[r.index()] {
                // Already fused: it moves with the reduction (its home changes).
                found.flips.push(r);
                return self.row_ok(fx, r, nb, rows, found, depth + 1);
            }
            // A materialized row value (no more elements than the reduction has rows:
            // small values, computed once per row where the reduction is) is fused on
            // into its consumers' kernel.
            let row_value = self.ty(r).num_elements() <= rows;
            if row_value && fx.movable[r.index()] && {
                let mut inner = RowFusion {
                    steps: found.steps,
                    columns,
                    ..RowFusion::default()
                };
                let ok = self.row_ok(fx, r, nb, rows, &mut inner, depth + 1);
                found.steps = inner.steps;
                if ok {
                    found.flips.push(r);
                    found.flips.extend(inner.flips);
                    found.homes.extend(inner.homes);
                    found.patterns.extend(inner.patterns);
                }
                ok
            } {
                return true;
            }
            match fx.home[r.index()] {
                Some(h) if kernel_ok(nb, rs) => {
                    found.homes.push(h);
                    found.patterns.push((h, nb.to_vec()));
                    true
                }
                _ => false,
            }
        };
        for &u in &fx.users[v.index()] {
            let uop = fx.ops[u].0;
            // A user without results (a side-effecting custom call) reads `v` whole.
            let Some(&r) = uop.results.first() else {
                return false;
            };
            let ok = match &uop.opcode {
                o if o.is_elementwise() => self.ty(r).shape == *shape && next(r, bcast, found),
                Opcode::BroadcastInDim {
                    broadcast_dimensions,
                } => {
                    let rs = &self.ty(r).shape;
                    let mut nb = vec![true; rs.len()];
                    let mut fine = broadcast_dimensions.len() == shape.len();
                    for (j, &d) in broadcast_dimensions.iter().enumerate() {
                        let d = d as usize;
                        if d >= rs.len() || j >= shape.len() {
                            fine = false;
                            break;
                        }
                        nb[d] = bcast[j] || shape[j] == 1 && rs[d] != 1;
                    }
                    fine && next(r, &nb, found)
                }
                // Read in the reduce body at the reduced coordinates, along which `v` is
                // constant: the reduction is computed in the enclosing body, once per
                // point of the consumer reduce (which must not be a broadcast copy).
                Opcode::Reduce { dimensions } => {
                    let k = uop.operands.len() / 2;
                    let fine = uop.operands[k..].iter().all(|&o| self.r(o) != v)
                        && (0..shape.len()).all(|d| {
                            let reduced = dimensions.contains(&(d as i64));
                            shape[d] == 1 || reduced == bcast[d]
                        });
                    match fx.home[r.index()] {
                        Some(h) if fine => {
                            found.homes.push(h);
                            true
                        }
                        _ => false,
                    }
                }
                _ => false,
            };
            if !ok {
                return false;
            }
        }
        true
    }

    /// True if `v` is (or will be) materialized: a parameter or a materialized result.
    fn has_buffer(&self, v: ValueId) -> bool {
        let v = self.r(v);
        self.def[v.index()].is_none() || self.materialize[v.index()]
    }

    fn place_buffers(&mut self) {
        let func = self.func;
        for (i, &p) in func.params().iter().enumerate() {
            let b = BufRef {
                region: Region::Input(i as u32),
                offset: 0,
                size: self.ty(p).byte_size(),
            };
            self.buf.set(p, Some(b));
        }
        for op in lowered_ops(&func.body) {
            if let Opcode::While = op.opcode {
                control::place_while(self, op);
                continue;
            }
            for (k, &v) in op.results.iter().enumerate() {
                if !self.materialize[v.index()] {
                    continue;
                }
                let size = self.ty(v).byte_size();
                let b = if let Some(src) = self.view_of[v.index()] {
                    self.buf[src.index()].expect("operands are placed first")
                } else if let Opcode::Constant(lit) = &op.opcode {
                    self.add_constant(lit)
                } else if let Some(j) = self.output_of[v.index()] {
                    BufRef {
                        region: Region::Output(j),
                        offset: 0,
                        size,
                    }
                } else if let Some(b) = self.in_place_buffer(op, k) {
                    b
                } else if let Some(b) = self.yield_buffer(op, v) {
                    b
                } else {
                    self.new_arena(size)
                };
                self.buf.set(v, Some(b));
            }
        }
    }

    fn add_constant(&mut self, lit: &Literal) -> BufRef {
        // The section refers to the literal's bytes: weights are not copied.
        let offset = self.constants.push(lit.bytes.shared());
        BufRef {
            region: Region::Constant,
            offset: offset as u64,
            size: lit.bytes.len() as u64,
        }
    }

    /// A fresh arena buffer; its `offset` is its id until planning.
    pub fn new_arena(&mut self, size: u64) -> BufRef {
        self.arena.push(size);
        BufRef {
            region: Region::Arena,
            offset: self.arena.len() as u64 - 1,
            size,
        }
    }

    pub fn push_kernel(&mut self, mut k: kir::Kernel, bindings: Vec<BufRef>) {
        // A sibling of the kernel dispatched just before (same index space, a common
        // input): one kernel reading that input once ([`hfuse`]).
        let last = self.kernels.len().wrapping_sub(1);
        if let Some(Step::Dispatch {
            kernel,
            bindings: lb,
            ..
        }) = self.steps.last_mut()
            && *kernel as usize == last
            && let Some((m, mb)) = hfuse::merge(&self.kernels[last], lb, &k, &bindings)
        {
            *lb = mb;
            self.kernels[last] = m;
            return;
        }
        k.name = format!("k{}_{}", self.kernels.len(), k.name);
        self.steps.push(Step::Dispatch {
            kernel: self.kernels.len() as u32,
            bindings,
            workgroups: 0,
            extent: None,
        });
        self.kernels.push(k);
    }

    /// Adds a kernel that no dispatch runs (a sort comparator); returns its index.
    pub fn add_kernel(&mut self, mut k: kir::Kernel) -> u32 {
        k.name = format!("k{}_{}", self.kernels.len(), k.name);
        self.kernels.push(k);
        self.kernels.len() as u32 - 1
    }

    /// Replaces each softmax [`softmax::find`] finds by one step: its input and result
    /// get buffers, the values in between neither buffer nor kernel.
    fn absorb_softmaxes(&mut self) {
        for m in softmax::find(self) {
            self.materialize[m.x.index()] = true;
            self.materialize[m.out.index()] = true;
            for v in m.inner {
                self.materialize[v.index()] = false;
            }
            self.softmax[m.out.index()] = Some((m.x, m.rows, m.cols));
        }
    }

    pub(crate) fn emit_op(&mut self, op: &'f Op) -> Result<(), Diagnostic> {
        if let Some(ps) = op
            .results
            .first()
            .and_then(|r| self.partial_sorts.get(r))
            .cloned()
        {
            return topk::emit(self, op, &ps);
        }
        if let [r] = op.results[..]
            && self.from_topk[r.index()]
        {
            return Ok(());
        }
        // Custom calls run even when nothing reads their results (side effects).
        if let Opcode::CustomCall {
            target,
            config,
            api_version,
            ..
        } = &op.opcode
        {
            if let Some(t) = lapack::parse_target(target) {
                return lapack::lower(self, op, &t, config);
            }
            return match self.ffi.resolve(target) {
                Some(how) => custom_call::lower(self, op, target, *api_version, config, how),
                None => Err(unsupported(op)),
            };
        }
        if let [r] = op.results[..]
            && let Some((x, rows, cols)) = self.softmax[r.index()]
        {
            let src = self.buf[self.r(x).index()].expect("a softmax input is materialized");
            let dst = self.buf[r.index()].expect("a softmax result is materialized");
            self.steps.push(Step::Softmax(Softmax {
                src,
                dst,
                rows,
                cols,
                extent: None,
            }));
            return Ok(());
        }
        if let (Opcode::DotGeneral(d), [r]) = (&op.opcode, &op.results[..])
            && self.epilogue[r.index()].is_some()
        {
            return dot::lower_dot(self, op, d);
        }
        if let (Opcode::Convolution(c), [r]) = (&op.opcode, &op.results[..])
            && self.epilogue[r.index()].is_some()
        {
            return conv::lower_conv(self, op, c);
        }
        // A send makes only an empty token, but its values must still go out.
        if let Opcode::Collective(c) = &op.opcode
            && c.kind == crate::compiler::ir::CollectiveKind::Send
        {
            return collective::lower_collective(self, op, c);
        }
        if !op.results.iter().any(|r| self.materialize[r.index()])
            || op.results.len() == 1 && self.from_gemm[op.results[0].index()]
        {
            return Ok(());
        }
        if op.results.iter().all(|&r| self.ty(r).num_elements() == 0) {
            return Ok(());
        }
        if op.results.len() == 1 && self.view_of[op.results[0].index()].is_some() {
            return Ok(());
        }
        match &op.opcode {
            Opcode::Constant(_) => Ok(()),
            // Same bytes: a returned reshape of a buffer is a copy.
            Opcode::Reshape if self.has_buffer(op.operands[0]) => {
                let src = self.buf[self.r(op.operands[0]).index()].expect("has a buffer");
                let dst = self.buf[op.results[0].index()].expect("materialized");
                self.steps.push(Step::Copy { src, dst });
                Ok(())
            }
            Opcode::Reduce { .. } => reduce::lower_reduce(self, op),
            Opcode::ReduceWindow(_) => reduce::lower_reduce_window(self, op),
            Opcode::DotGeneral(d) => dot::lower_dot(self, op, d),
            Opcode::Convolution(c) => conv::lower_conv(self, op, c),
            Opcode::Scatter(s) => scatter::lower_scatter(self, op, s),
            Opcode::SelectAndScatter {
                window_dimensions,
                window_strides,
                padding,
            } => select_scatter::lower_select_and_scatter(
                self,
                op,
                window_dimensions,
                window_strides,
                padding,
            ),
            Opcode::TriangularSolve {
                left_side,
                lower,
                unit_diagonal,
                transpose_a,
            } => linalg::lower_triangular_solve(
                self,
                op,
                *left_side,
                *lower,
                *unit_diagonal,
                *transpose_a,
            ),
            Opcode::Cholesky { lower } => linalg::lower_cholesky(self, op, *lower),
            Opcode::Concatenate { dimension } => {
                builder::lower_concatenate(self, op, *dimension as usize)
            }
            Opcode::While => control::lower_while(self, op),
            Opcode::If | Opcode::Case => control::lower_case(self, op),
            Opcode::DynamicUpdateSlice => inplace::lower_dynamic_update_slice(self, op),
            Opcode::Sort { dimension, .. } => control::lower_sort(self, op, *dimension),
            Opcode::Fft {
                kind,
                lengths,
                packed,
            } => fft::lower_fft(self, op, *kind, lengths, *packed),
            Opcode::Collective(c) => collective::lower_collective(self, op, c),
            o if is_expression_op(o) => builder::lower_expression_op(self, op),
            _ => Err(unsupported(op)),
        }
    }

    /// Copies into outputs that could not be written in place: returned parameters and
    /// constants, values returned twice, and outputs aliasing an input that is still read
    /// after the output would have been written.
    fn finish_outputs(&mut self) {
        let func = self.func;
        self.reroute_aliased_outputs();
        for (j, &y) in func.body.yields.iter().enumerate() {
            let y = self.r(y);
            let dst = BufRef {
                region: Region::Output(j as u32),
                offset: 0,
                size: self.ty(y).byte_size(),
            };
            if dst.size == 0 {
                continue;
            }
            let src = self.buf[y.index()].expect("returned values are materialized");
            if src.region != dst.region || src.offset != dst.offset {
                self.steps.push(Step::Copy { src, dst });
            }
        }
    }

    /// With `tf.aliasing_output`, output j may share memory with input i: writing it
    /// before the last read of input i would clobber the input. Such outputs are computed
    /// into the arena and copied at the end instead.
    fn reroute_aliased_outputs(&mut self) {
        let func = self.func;
        for i in 0..func.params().len() {
            let Some(Attr::Int(j)) = func.arg_attr(i, "tf.aliasing_output") else {
                continue;
            };
            let out = Region::Output(*j as u32);
            let input = Region::Input(i as u32);
            let mut last_read = None;
            let mut first_write = None;
            // Positions in the flattened schedule (nested lists in order, parents first).
            let mut s = 0usize;
            let mut loops = Vec::new();
            let kernels = &self.kernels;
            walk_steps(&self.steps, &mut |step| {
                if let Step::While { .. } = step {
                    let mut n = 0;
                    walk_steps(std::slice::from_ref(step), &mut |_| n += 1);
                    loops.push((s, s + n - 1));
                }
                // Copying the input into the output it aliases does nothing when they
                // share memory (the runtime skips it): neither a read nor a write.
                if let Step::Copy { src, dst } = step
                    && src.region == input
                    && dst.region == out
                    && src.offset == 0
                    && dst.offset == 0
                {
                    s += 1;
                    return;
                }
                plan::for_each_bufref_ref(step, kernels, |b, written| {
                    if b.region == input {
                        last_read = Some(s);
                    }
                    if b.region == out && written && first_write.is_none() {
                        first_write = Some(s);
                    }
                });
                s += 1;
            });
            // A read inside a loop happens again, after any write in that loop: it counts
            // as a read at the loop's end.
            if let Some(r) = last_read.as_mut() {
                for &(a, e) in &loops {
                    if a <= *r && *r <= e {
                        *r = (*r).max(e);
                    }
                }
            }
            let (Some(r), Some(w)) = (last_read, first_write) else {
                continue;
            };
            if w > r {
                continue;
            }
            let Some(&y) = func.body.yields.get(*j as usize) else {
                continue;
            };
            let new = self.new_arena(self.ty(y).byte_size());
            // Every value placed there (the output and reshapes viewing it) moves.
            self.buf.move_region(out, new);
            walk_steps_mut(&mut self.steps, &mut |step| {
                plan::for_each_bufref(step, |b| {
                    if b.region == out {
                        *b = new;
                    }
                })
            });
        }
    }
}

/// The ops lowering handles, in program order: `body`'s, each followed by the ops of its
/// `while`/`if`/`case` regions (recursively). Other ops' regions (reducers, comparators)
/// are translated into kernel bodies instead.
fn lowered_ops(body: &IrRegion) -> Vec<&Op> {
    fn walk<'a>(body: &'a IrRegion, out: &mut Vec<&'a Op>) {
        for op in &body.ops {
            out.push(op);
            if control::is_control_flow(&op.opcode) {
                for r in &op.regions {
                    walk(r, out);
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(body, &mut out);
    out
}

/// What the second fusion pass knows: ops in program order with their region, the ops
/// using each value, the op whose kernel computes each value (when that is one kernel),
/// and which values only feed single-result ops of their own region.
struct FuseCx<'f> {
    ops: Vec<(&'f Op, usize)>,
    users: Vec<Vec<usize>>,
    home: Vec<Option<usize>>,
    movable: Vec<bool>,
}

impl FuseCx<'_> {
    /// The one kernel all users of `v` are computed in, if there is one.
    fn common_home(&self, v: ValueId) -> Option<usize> {
        let mut h = None;
        for &u in &self.users[v.index()] {
            let hu = self.home[self.ops[u].0.results.first()?.index()]?;
            if h.is_some_and(|h| h != hu) {
                return None;
            }
            h = Some(hu);
        }
        h
    }
}

/// What fusing a row reduction involves: the values on the way to its consumers that
/// move into their kernel (fused ones, and materialized row values to fuse), and the
/// kernels it would be computed in (one for it to be fused).
#[derive(Default)]
struct RowFusion {
    flips: Vec<ValueId>,
    homes: Vec<usize>,
    /// Values visited so far.
    steps: u32,
    /// A reduction over leading dimensions (columns), broadcast back along them: its
    /// kernel runs in column blocks (codegen's `blocks`), where a row reduction's runs
    /// row by row with the reduction hoisted out of the innermost loop.
    columns: bool,
    /// The dimensions of each home kernel along which the reduction is broadcast.
    patterns: Vec<(usize, Vec<bool>)>,
}

/// How reductions fused into one kernel are broadcast there: all alike, so that codegen
/// can hoist every one of them the same way.
#[derive(Clone, PartialEq, Debug)]
enum HomeFusion {
    Rows,
    Columns(Vec<bool>),
}

/// How the reduction `found` describes is broadcast in its home kernel, if the same way
/// on every path there: `Some(None)` when it is only read inside other reductions there
/// (which are fused the same way as those).
fn home_fusion(found: &RowFusion) -> Option<Option<HomeFusion>> {
    if !found.columns {
        return Some(Some(HomeFusion::Rows));
    }
    let Some((_, first)) = found.patterns.first() else {
        return Some(None);
    };
    found
        .patterns
        .iter()
        .all(|p| p.1 == *first)
        .then(|| Some(HomeFusion::Columns(first.clone())))
}

/// Ops lowered as an expression at an output index (fusable into consumers).
pub(crate) fn is_expression_op(op: &Opcode) -> bool {
    matches!(
        op,
        Opcode::Constant(_)
            | Opcode::Iota { .. }
            | Opcode::Unary(_)
            | Opcode::Binary(_)
            | Opcode::Compare { .. }
            | Opcode::Select
            | Opcode::Clamp
            | Opcode::Convert
            | Opcode::BitcastConvert
            | Opcode::BroadcastInDim { .. }
            | Opcode::Reshape
            | Opcode::Transpose { .. }
            | Opcode::Slice { .. }
            | Opcode::Concatenate { .. }
            | Opcode::Pad { .. }
            | Opcode::Reverse { .. }
            | Opcode::DynamicSlice { .. }
            | Opcode::DynamicUpdateSlice
            | Opcode::Gather(_)
            | Opcode::ReducePrecision { .. }
    )
}

fn check_supported(op: &Op, ffi: &FfiTargets) -> Result<(), Diagnostic> {
    match &op.opcode {
        o if is_expression_op(o) => {}
        Opcode::Reduce { .. }
        | Opcode::ReduceWindow(_)
        | Opcode::DotGeneral(_)
        | Opcode::Convolution(_)
        | Opcode::Scatter(_)
        | Opcode::Sort { .. }
        | Opcode::While
        | Opcode::If
        | Opcode::Case
        | Opcode::SelectAndScatter { .. }
        | Opcode::TriangularSolve { .. }
        | Opcode::Cholesky { .. }
        | Opcode::Fft { .. }
        | Opcode::Collective(_)
        | Opcode::OptimizationBarrier => {}
        Opcode::CustomCall { target, .. } => match lapack::parse_target(target) {
            Some(_) => {}
            None if ffi.resolve(target).is_some() => {}
            None => return Err(unsupported(op)),
        },
        _ => return Err(unsupported(op)),
    }
    if op.results.len() != 1
        && !matches!(
            op.opcode,
            Opcode::Reduce { .. }
                | Opcode::ReduceWindow(_)
                | Opcode::Scatter(_)
                | Opcode::Sort { .. }
                | Opcode::While
                | Opcode::If
                | Opcode::Case
                | Opcode::Collective(_)
                | Opcode::OptimizationBarrier
                | Opcode::CustomCall { .. }
        )
    {
        return Err(Diagnostic::at(
            &op.loc,
            format!(
                "unsupported: {} with {} results",
                op.opcode.name(),
                op.results.len()
            ),
        ));
    }
    Ok(())
}

fn attr_string(a: Option<&Attr>) -> Option<String> {
    match a? {
        Attr::String(s) => Some(s.clone()),
        _ => None,
    }
}

fn spec(t: &TensorType, name: String) -> TensorSpec {
    TensorSpec {
        name,
        dtype: t.dtype,
        shape: t.shape.iter().map(|&d| d as u64).collect(),
        alias_of_input: None,
    }
}

fn signature(func: &Func) -> Signature {
    let inputs = func
        .params()
        .iter()
        .enumerate()
        .map(|(i, &p)| {
            let name =
                attr_string(func.arg_attr(i, "jax.arg_info")).unwrap_or_else(|| format!("%arg{i}"));
            spec(func.ty(p), name)
        })
        .collect();
    let mut outputs: Vec<TensorSpec> = func
        .body
        .yields
        .iter()
        .enumerate()
        .map(|(j, &y)| {
            let name = func
                .result_attrs
                .get(j)
                .and_then(|a| a.iter().find(|(n, _)| n == "jax.result_info"))
                .and_then(|(_, a)| attr_string(Some(a)))
                .unwrap_or_default();
            spec(func.ty(y), name)
        })
        .collect();
    for i in 0..func.params().len() {
        if let Some(Attr::Int(j)) = func.arg_attr(i, "tf.aliasing_output")
            && let Some(o) = outputs.get_mut(*j as usize)
        {
            o.alias_of_input = Some(i as u32);
        }
    }
    Signature { inputs, outputs }
}
