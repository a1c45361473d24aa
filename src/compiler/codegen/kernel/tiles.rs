//! The innermost loop in tiles around array math calls.
//!
//! Cranelift's widest vectors on x86_64 are f32x4, while the runtime's array math
//! routines (`pjrt_rt_*_f32_array_v1`) run eight lanes with AVX2 and give the same bits
//! as the inline f32x4 code. A kernel whose innermost loop computes such a function runs
//! that loop in tiles of up to [`tile_points`] points: per tile, a phase computes each function's
//! argument into a stack buffer, one call replaces the buffer by the function's values,
//! and the last phase evaluates the rest of the body reading them back. Functions whose
//! arguments need other functions' values come in later phases. The buffers stay in L1,
//! so the extra stores and loads cost far less than the narrower math they replace
//! (softmax's exp pass: see docs/ARCHITECTURE.md).
//!
//! A function whose argument is a contiguous f32 load (`sin(x)` of an input row) skips
//! the copy: the runtime's `pjrt_rt_<f>_f32_map_v1(dst, src, n)` reads the row itself.
//!
//! f32 divides go the same way: the runtime divides eight lanes in the time `divps`
//! takes for four, and the quotients are the same (IEEE division is correctly rounded).
//! The divide routine also reads its operands where they are: a dividend or divisor
//! that is a contiguous f32 load is read from the input row itself, and a divisor the
//! same for the whole row (softmax's sum) is passed as one value, so `x / s` over rows
//! takes no phase at all, only calls. Adds, subtracts and multiplies run through the
//! same kind of routine when that leaves a tile no loop at all (see [`plan`]).
//!
//! Conversions between f32 and bf16/f16 rows are calls too (`pjrt_rt_f32_to_bf16_map_v1`
//! and the like): rounding in integer lanes is a dozen instructions per four points
//! inline. Narrowing writes its store's row directly; f16 widening also feeds a loop.

use super::{Class, Emitter, Pre, operands, unroll_factor_of};
use crate::compiler::codegen::scalar::R;
use crate::compiler::ir::{BinaryOp, DType, UnaryOp};
use crate::compiler::lower::kir::{Body, Kernel, Node};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{
    InstBuilder, MemFlagsData, StackSlot, StackSlotData, StackSlotKind, Value, types,
};

/// Bytes of stack buffers a tile may fill: a quarter of a 32 KiB L1 data cache, so the
/// buffers stay in L1 beside the rows the tile streams.
const TILE_BYTES: i64 = 8 << 10;

/// Points per tile for a kernel with `buffers` tile-sized f32 buffers: as many as fit
/// [`TILE_BYTES`], a multiple of 64 between 256 and 1024. Longer tiles make fewer calls
/// and switch less often between the math call and the inline loop's streams (measured
/// on elementwise's `x * y + sin(x)`, one buffer: 1024 points 4% faster than 256).
fn tile_points(buffers: usize) -> i64 {
    let fit = TILE_BYTES / 4 / buffers.max(1) as i64;
    (fit & !63).clamp(256, 1024)
}

/// Rows shorter than this stay inline: a call and its spills cost about as much as the
/// narrower math on this many points.
const MIN_ROW: i64 = 32;

/// One function applied through an array call.
#[derive(Clone, Debug)]
struct Call {
    /// The node it computes.
    node: usize,
    /// That node's operands (a function's argument, or a divide's dividend and divisor)
    /// and where the call finds each.
    args: Vec<(usize, Source)>,
    kind: Kind,
    import: &'static str,
    /// The store node that is this value's only use, if it writes it contiguously to an
    /// f32 buffer: then the argument goes straight to the output, the call runs there,
    /// and the store is not emitted. (Points are independent and outputs never alias the
    /// kernel's inputs, so the output region holds nothing anyone reads meanwhile.)
    direct: Option<usize>,
    /// Otherwise, a store node whose output row holds the values meanwhile: the only
    /// store to its buffer, contiguous f32, in the tile's last phase, which reads the
    /// values back at each point before it stores that point. The call's stores then
    /// bring the output's cache lines in while the math runs, instead of the last
    /// phase's stores missing on them after it (and no stack buffer is needed).
    scratch: Option<usize>,
}

/// The routine a call runs, by its arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// `f(data, n)`: in place on the computed argument.
    InPlace,
    /// `f_map(dst, src, n)`: from an input row.
    Map,
    /// `f_map_sub(dst, src, n, s)`: of an input row minus a hoisted f32 (softmax's
    /// `exp(x - max)`); args: the row, then the scalar.
    MapSub,
    /// `op(dst, a, b, b_step, n)`: `a op b` for add, subtract, multiply or divide.
    Arith,
}

/// Where a call finds one operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    /// A phase computes it into the call's buffer: the values' buffer for the first
    /// operand (the math routines work in place), a second buffer for a divisor.
    Computed,
    /// It is a contiguous f32 load: the call reads the input row in place.
    Row,
    /// It is hoisted, one f32 for the whole row: the divide routine gets it in a slot.
    Scalar,
    /// It is an earlier call's values: the divide routine reads them where they are.
    Values(usize),
}

/// How a kernel's innermost loop runs in tiles.
#[derive(Debug)]
pub(super) struct TilePlan {
    calls: Vec<Call>,
    /// The phases of a tile, in order; the last one computes no call's argument but
    /// the kernel's remaining stores (absent when every store is direct).
    phases: Vec<Phase>,
    /// The nodes that give the direct and scratch stores' indices and the rows' load
    /// indices.
    direct_index: Option<Vec<bool>>,
}

/// One loop over a tile's points.
#[derive(Debug)]
struct Phase {
    /// Calls whose arguments it computes (and then runs).
    calls: Vec<usize>,
    /// Calls whose values it reads back.
    reads: Vec<usize>,
    /// The nodes it computes (the others are hoisted, read back, or not needed).
    need: Vec<bool>,
    /// Vectors per iteration.
    unroll: i64,
    /// Does it loop over the points? Not when its calls read every operand in place.
    loops: bool,
}

/// The call computing node `i` of `body` on f32, with where it finds its operands
/// (`row(i)`: node `i` is a contiguous f32 load; `scalar(i)`: it is hoisted f32), if
/// there is an array routine for it.
fn array_call(
    body: &Body,
    i: usize,
    row: impl Fn(usize) -> bool,
    scalar: impl Fn(usize) -> bool,
) -> Option<Call> {
    let (import, kind, args) = match &body.nodes[i] {
        Node::Unary { op, x } => {
            // In place on a computed buffer, mapping an input row, or mapping a row minus
            // a hoisted value (erfc has no routine for the last: no softmax-like shift
            // feeds it).
            let (in_place, map, map_sub) = match op {
                UnaryOp::Exp => (
                    "pjrt_rt_exp_f32_array_v1",
                    "pjrt_rt_exp_f32_map_v1",
                    Some("pjrt_rt_exp_f32_map_sub_v1"),
                ),
                UnaryOp::Tanh => (
                    "pjrt_rt_tanh_f32_array_v1",
                    "pjrt_rt_tanh_f32_map_v1",
                    Some("pjrt_rt_tanh_f32_map_sub_v1"),
                ),
                UnaryOp::Logistic => (
                    "pjrt_rt_logistic_f32_array_v1",
                    "pjrt_rt_logistic_f32_map_v1",
                    Some("pjrt_rt_logistic_f32_map_sub_v1"),
                ),
                UnaryOp::Sin => (
                    "pjrt_rt_sin_f32_array_v1",
                    "pjrt_rt_sin_f32_map_v1",
                    Some("pjrt_rt_sin_f32_map_sub_v1"),
                ),
                UnaryOp::Cos => (
                    "pjrt_rt_cos_f32_array_v1",
                    "pjrt_rt_cos_f32_map_v1",
                    Some("pjrt_rt_cos_f32_map_sub_v1"),
                ),
                UnaryOp::Erfc => ("pjrt_rt_erfc_f32_array_v1", "pjrt_rt_erfc_f32_map_v1", None),
                _ => return None,
            };
            let x = x.index();
            match (&body.nodes[x], map_sub) {
                _ if row(x) => (map, Kind::Map, vec![(x, Source::Row)]),
                (
                    Node::Binary {
                        op: BinaryOp::Sub,
                        a,
                        b,
                    },
                    Some(map_sub),
                ) if body.types[x] == DType::F32 && row(a.index()) && scalar(b.index()) => (
                    map_sub,
                    Kind::MapSub,
                    vec![(a.index(), Source::Row), (b.index(), Source::Scalar)],
                ),
                _ => (in_place, Kind::InPlace, vec![(x, Source::Computed)]),
            }
        }
        Node::Binary {
            op: BinaryOp::Div,
            a,
            b,
        } => {
            let (a, b) = (a.index(), b.index());
            let from = |i: usize, scalar_ok: bool| {
                if row(i) {
                    Source::Row
                } else if scalar_ok && scalar(i) {
                    Source::Scalar
                } else {
                    Source::Computed
                }
            };
            // A hoisted dividend makes the divide per point only through the divisor;
            // it is computed (splatted) like any other operand.
            let args = vec![(a, from(a, false)), (b, from(b, true))];
            ("pjrt_rt_div_f32_array_v1", Kind::Arith, args)
        }
        _ => return None,
    };
    Some(Call {
        node: i,
        args,
        kind,
        import,
        direct: None,
        scratch: None,
    })
}

/// The tile plan of kernel `k` whose top-level nodes have classes `cls` (its innermost
/// loop vectorizes) and of which `hoist` are computed before that loop; `None` when no
/// node per point is an f32 function or divide with an array import, or the row is
/// short, or a phase needs a reduction per point (which two phases would compute twice).
///
/// Adds, subtracts and multiplies become calls too when that leaves a tile no loop at
/// all and no such call streams an input row that no earlier call of the tile read
/// (`sin x + x`: two calls, the add reading x back from L1). Each call is a pass over the
/// tile, eight lanes wide; a loop does the whole chain in one pass on four, so a long
/// chain of cheap operations stays inline, and so does anything around a loop that
/// remains anyway. A call that streams a fresh row waits on its loads alone, where the
/// loop overlaps them with its other loads and stores: 1M floats at one thread on a Zen 4,
/// `x * y + sin x` 0.47 ms as three calls, 0.36 with the product and sum in one loop;
/// `exp(x) * y` 0.34 / 0.32, `tanh(x) * y + x` 0.63 / 0.57; but `sin x + x` 0.29 as
/// calls, 0.31 with a loop.
pub(super) fn plan(k: &Kernel, cls: &[Class], hoist: Option<&[bool]>) -> Option<TilePlan> {
    // A tile's phases keep values in output rows that a sequential kernel also loads.
    if k.sequential {
        return None;
    }
    let plain = plan_with(k, cls, hoist, false)?;
    if plain.loops() == 0 {
        return Some(plain);
    }
    match plan_with(k, cls, hoist, true) {
        Some(calls_only) if calls_only.loops() == 0 && !calls_only.arith_streams_a_row() => {
            Some(calls_only)
        }
        _ => Some(plain),
    }
}

/// Which of `k`'s buffers some load reads (in any body).
fn loaded_buffers(k: &Kernel) -> Vec<bool> {
    fn mark(body: &Body, loaded: &mut [bool]) {
        for n in &body.nodes {
            match n {
                Node::Load { buffer, .. } => loaded[*buffer] = true,
                Node::Reduce { body, .. } => mark(body, loaded),
                _ => {}
            }
        }
    }
    let mut loaded = vec![false; k.buffers.len()];
    mark(&k.body, &mut loaded);
    loaded
}

/// [`plan`], with the arithmetic on call values and rows as calls if `cheap`.
fn plan_with(k: &Kernel, cls: &[Class], hoist: Option<&[bool]>, cheap: bool) -> Option<TilePlan> {
    let body = &k.body;
    if *k.domain.last()? < MIN_ROW {
        return None;
    }
    let hoisted = |i: usize| hoist.is_some_and(|h| h[i]);
    let mut uses = vec![0usize; body.nodes.len()];
    for n in &body.nodes {
        for o in operands(n) {
            uses[o.index()] += 1;
        }
    }
    let row = |i: usize| match &body.nodes[i] {
        Node::Load { buffer, index } => {
            cls[i] == Class::Vector
                && !hoisted(i)
                && k.buffers[*buffer].dtype == DType::F32
                && super::contiguous(index, cls)
        }
        _ => false,
    };
    let scalar = |i: usize| hoisted(i) && body.types[i] == DType::F32;
    let mut calls = Vec::new();
    let mut call_of = vec![None; body.nodes.len()];
    for (i, &ty) in body.types.iter().enumerate() {
        if cls[i] == Class::Vector
            && !hoisted(i)
            && ty == DType::F32
            && let Some(call) = array_call(body, i, row, scalar)
        {
            call_of[i] = Some(calls.len());
            calls.push(call);
        }
    }
    // A row converted between f32 and a 16-bit float: the runtime rounds or widens a
    // whole row per call (sixteen lanes) where inline code works on four in integer
    // lanes. Narrowing needs the store it feeds (the values are 16-bit, which no later
    // phase could read back as f32); bf16's widening is one shift, cheaper inline unless
    // the row goes straight to a store.
    let loaded = loaded_buffers(k);
    for (i, node) in body.nodes.iter().enumerate() {
        let Node::Convert { x } = node else {
            continue;
        };
        let x = x.index();
        let (from, to) = (body.types[x], body.types[i]);
        let import = match (from, to) {
            (DType::F32, DType::BF16) => "pjrt_rt_f32_to_bf16_map_v1",
            (DType::F32, DType::F16) => "pjrt_rt_f32_to_f16_map_v1",
            (DType::BF16, DType::F32) => "pjrt_rt_bf16_to_f32_map_v1",
            (DType::F16, DType::F32) => "pjrt_rt_f16_to_f32_map_v1",
            _ => continue,
        };
        let source_row = match &body.nodes[x] {
            Node::Load { buffer, index } => {
                cls[x] == Class::Vector
                    && !hoisted(x)
                    && k.buffers[*buffer].dtype == from
                    && super::contiguous(index, cls)
            }
            _ => false,
        };
        if cls[i] != Class::Vector || hoisted(i) || !source_row || call_of[i].is_some() {
            continue;
        }
        let direct = (body.nodes.iter().enumerate()).find_map(|(s, n)| match n {
            Node::Store {
                buffer,
                index,
                value,
            } if value.index() == i
                && uses[i] == 1
                && k.buffers[*buffer].dtype == to
                && !loaded[*buffer]
                && super::contiguous(index, cls) =>
            {
                Some(s)
            }
            _ => None,
        });
        if direct.is_none() && from != DType::F16 {
            continue;
        }
        call_of[i] = Some(calls.len());
        calls.push(Call {
            node: i,
            args: vec![(x, Source::Row)],
            kind: Kind::Map,
            import,
            direct,
            scratch: None,
        });
    }
    if calls.is_empty() {
        return None;
    }
    for call in calls.iter_mut() {
        if call.kind == Kind::Arith {
            for (arg, from) in call.args.iter_mut() {
                if let (Source::Computed, Some(v)) = (*from, call_of[*arg]) {
                    *from = Source::Values(v);
                }
            }
        }
    }
    // Cheap arithmetic whose operands are all there without a loop: input rows, earlier
    // calls' values, a hoisted second operand (nodes come in dependency order).
    for i in (0..body.nodes.len()).filter(|_| cheap) {
        let Node::Binary { op, a, b } = &body.nodes[i] else {
            continue;
        };
        let import = match op {
            BinaryOp::Add => "pjrt_rt_add_f32_array_v1",
            BinaryOp::Sub => "pjrt_rt_sub_f32_array_v1",
            BinaryOp::Mul => "pjrt_rt_mul_f32_array_v1",
            _ => continue,
        };
        if call_of[i].is_some() || cls[i] != Class::Vector || hoisted(i) {
            continue;
        }
        if body.types[i] != DType::F32 {
            continue;
        }
        let first = |x: usize| match call_of[x] {
            Some(c) => Some(Source::Values(c)),
            None => row(x).then_some(Source::Row),
        };
        let second = |x: usize| first(x).or_else(|| scalar(x).then_some(Source::Scalar));
        let (a, b) = (a.index(), b.index());
        let commutes = matches!(op, BinaryOp::Add | BinaryOp::Mul);
        let args = match (first(a), second(b), first(b), second(a)) {
            (Some(fa), Some(sb), _, _) => vec![(a, fa), (b, sb)],
            // `s * row`: the hoisted operand goes second.
            (_, _, Some(fb), Some(sa)) if commutes => vec![(b, fb), (a, sa)],
            _ => continue,
        };
        call_of[i] = Some(calls.len());
        calls.push(Call {
            node: i,
            args,
            kind: Kind::Arith,
            import,
            direct: None,
            scratch: None,
        });
    }
    // A buffer the kernel also loads (an elementwise update in place: each point reads
    // and writes its own element) holds its old values until the last phase stores.
    for (s, node) in body.nodes.iter().enumerate() {
        if let Node::Store {
            buffer,
            index,
            value,
        } = node
            && let Some(c) = call_of[value.index()]
            && uses[value.index()] == 1
            && k.buffers[*buffer].dtype == DType::F32
            && !loaded[*buffer]
            && super::contiguous(index, cls)
        {
            calls[c].direct = Some(s);
        }
    }
    // Phase of each node: the number of calls on its longest operand path.
    let mut depth = vec![0usize; body.nodes.len()];
    for (i, node) in body.nodes.iter().enumerate() {
        if hoisted(i) {
            continue;
        }
        let d = operands(node)
            .iter()
            .map(|o| depth[o.index()])
            .max()
            .unwrap_or(0);
        depth[i] = d + usize::from(call_of[i].is_some());
    }
    // A call runs in the phase after its computed operands' and its operand calls'.
    let arg_depth = |c: &Call| {
        c.args
            .iter()
            .filter(|&&(_, from)| matches!(from, Source::Computed | Source::Values(_)))
            .map(|&(a, _)| depth[a])
            .max()
            .unwrap_or(0)
    };
    let nphases = calls.iter().map(arg_depth).max()? + 1;
    let mut phases = Vec::with_capacity(nphases + 1);
    for p in 0..nphases {
        let mine: Vec<usize> = (0..calls.len())
            .filter(|&c| arg_depth(&calls[c]) == p)
            .collect();
        // The computed operands (indices of rows and direct stores are computed once per
        // tile, with `direct_index`).
        let roots: Vec<usize> = (mine.iter())
            .flat_map(|&c| calls[c].args.iter())
            .filter(|&&(_, from)| from == Source::Computed)
            .map(|&(a, _)| a)
            .collect();
        let loops = !roots.is_empty();
        let (need, reads) = closure(k, roots, &hoisted, &call_of)?;
        phases.push(Phase {
            unroll: unroll_factor_of(body, |i| need[i] && call_of[i].is_none()),
            calls: mine,
            reads,
            need,
            loops,
        });
    }
    let direct: Vec<usize> = calls.iter().filter_map(|c| c.direct).collect();
    // The remaining stores' rows serve as the first calls' buffers.
    let mut scratch_rows = (0..body.nodes.len()).filter(|&s| match &body.nodes[s] {
        Node::Store { buffer, index, .. } => {
            !direct.contains(&s)
                && !loaded[*buffer]
                && k.buffers[*buffer].dtype == DType::F32
                && super::contiguous(index, cls)
                && (body.nodes.iter())
                    .filter(|n| matches!(n, Node::Store { buffer: b, .. } if b == buffer))
                    .count()
                    == 1
        }
        _ => false,
    });
    for call in calls.iter_mut().filter(|c| c.direct.is_none()) {
        call.scratch = scratch_rows.next();
    }
    let scratch: Vec<usize> = calls.iter().filter_map(|c| c.scratch).collect();
    let rows: Vec<usize> = (calls.iter())
        .flat_map(|c| c.args.iter().filter(|&&(_, from)| from == Source::Row))
        .map(|&(a, _)| a)
        .collect();
    let stores: Vec<usize> = (0..body.nodes.len())
        .filter(|&s| matches!(body.nodes[s], Node::Store { .. }) && !direct.contains(&s))
        .collect();
    if !stores.is_empty() {
        let (need, reads) = closure(k, stores, &hoisted, &call_of)?;
        phases.push(Phase {
            unroll: unroll_factor_of(body, |i| need[i] && call_of[i].is_none()),
            calls: Vec::new(),
            reads,
            need,
            loops: true,
        });
    }
    let direct_index = if direct.is_empty() && rows.is_empty() && scratch.is_empty() {
        None
    } else {
        let roots =
            direct
                .iter()
                .chain(&rows)
                .chain(&scratch)
                .flat_map(|&s| match &body.nodes[s] {
                    Node::Store { index, .. } | Node::Load { index, .. } => {
                        index.iter().map(|n| n.index()).collect()
                    }
                    _ => Vec::new(),
                });
        Some(closure(k, roots.collect(), &hoisted, &call_of)?.0)
    };
    Some(TilePlan {
        calls,
        phases,
        direct_index,
    })
}

/// The nodes `roots` need (themselves included), back to hoisted nodes and calls, and
/// the calls they read; `None` if that includes a reduction.
fn closure(
    k: &Kernel,
    roots: Vec<usize>,
    hoisted: &impl Fn(usize) -> bool,
    call_of: &[Option<usize>],
) -> Option<(Vec<bool>, Vec<usize>)> {
    let body = &k.body;
    let mut need = vec![false; body.nodes.len()];
    let mut reads = Vec::new();
    let mut stack = roots;
    while let Some(i) = stack.pop() {
        if need[i] || hoisted(i) {
            continue;
        }
        if let Some(c) = call_of[i] {
            if !reads.contains(&c) {
                reads.push(c);
            }
            continue;
        }
        if matches!(
            body.nodes[i],
            Node::Reduce { .. } | Node::ReduceResult { .. }
        ) {
            return None;
        }
        need[i] = true;
        stack.extend(operands(&body.nodes[i]).iter().map(|o| o.index()));
    }
    Some((need, reads))
}

impl TilePlan {
    /// How many loops over the points a tile runs.
    pub(super) fn loops(&self) -> usize {
        self.phases.iter().filter(|p| p.loops).count()
    }

    /// Whether an arithmetic call reads an input row in place that no call before it
    /// read (so the row comes from memory during that call alone).
    fn arith_streams_a_row(&self) -> bool {
        let mut read: Vec<usize> = Vec::new();
        for c in &self.calls {
            for &(node, source) in &c.args {
                if source != Source::Row {
                    continue;
                }
                if c.kind == Kind::Arith && !read.contains(&node) {
                    return true;
                }
                read.push(node);
            }
        }
        false
    }

    /// How many calls keep their values in an output row until the last phase.
    #[cfg(test)]
    pub(super) fn scratch_calls(&self) -> usize {
        self.calls.iter().filter(|c| c.scratch.is_some()).count()
    }
}

/// Where one call reads and writes in a tile.
struct CallAddrs {
    /// Its values: the output row (direct or scratch) or its stack buffer.
    values: Value,
    /// Per operand, where the call reads it.
    operands: Vec<Value>,
}

impl Emitter<'_, '_> {
    /// The innermost loop over `[lo, hi)` in tiles by `plan`; `hoisted` as in `nest`.
    pub(super) fn tiled_row(
        &mut self,
        plan: &TilePlan,
        lo: Value,
        hi: Value,
        coords: &mut Vec<Value>,
        hoisted: &[Option<Value>],
    ) -> R<()> {
        // Per call, its values' buffer (unless direct) and a computed or scalar divisor's.
        let buffers = plan
            .calls
            .iter()
            .map(|c| {
                let divisors = matches!(
                    (c.kind, c.args.get(1)),
                    (Kind::Arith, Some((_, Source::Computed)))
                );
                usize::from(c.direct.is_none() && c.scratch.is_none()) + usize::from(divisors)
            })
            .sum();
        let tile = tile_points(buffers);
        let mut slots: Vec<[Option<StackSlot>; 2]> = Vec::with_capacity(plan.calls.len());
        for c in &plan.calls {
            let mut slot = |points: i64| {
                Some(self.cx.b.create_sized_stack_slot(StackSlotData::new(
                    StackSlotKind::ExplicitSlot,
                    (points * 4) as u32,
                    4, // 16 bytes
                )))
            };
            let in_row = c.direct.is_some() || c.scratch.is_some();
            let values = if in_row { None } else { slot(tile) };
            let divisors = match (c.kind, c.args.get(1)) {
                (Kind::Arith, Some((_, Source::Computed))) => slot(tile),
                (Kind::Arith, Some((_, Source::Scalar))) => slot(1),
                _ => None,
            };
            slots.push([values, divisors]);
        }
        // for (t = lo; t < hi; t = end) { end = min(t + tile, hi); tile(t, end) }
        let b = &mut *self.cx.b;
        let header = b.create_block();
        let body_blk = b.create_block();
        let exit = b.create_block();
        b.append_block_param(header, types::I64);
        b.ins().jump(header, &[lo.into()]);
        b.switch_to_block(header);
        let t = b.block_params(header)[0];
        let done = b.ins().icmp(IntCC::SignedGreaterThanOrEqual, t, hi);
        super::loop_branch(b, done, exit, &[], body_blk);
        b.switch_to_block(body_blk);
        let end = b.ins().iadd_imm_s(t, tile);
        let end = b.ins().smin(end, hi);
        self.tile(plan, &slots, t, end, coords, hoisted)?;
        let b = &mut *self.cx.b;
        b.ins().jump(header, &[end.into()]);
        b.switch_to_block(exit);
        Ok(())
    }

    /// Where each call of `plan` reads and writes in the tile starting at `lo`.
    fn call_addrs(
        &mut self,
        plan: &TilePlan,
        slots: &[[Option<StackSlot>; 2]],
        lo: Value,
        coords: &mut Vec<Value>,
        hoisted: &[Option<Value>],
    ) -> R<Vec<CallAddrs>> {
        let k = self.k;
        // The direct stores' and the rows' indices at the tile's first point.
        let at_lo = match &plan.direct_index {
            Some(need) => {
                coords.push(lo);
                let v = self.eval_body(
                    &k.body,
                    coords,
                    &[],
                    &[],
                    None,
                    Pre::Use(hoisted, Some(need)),
                )?;
                coords.pop();
                v
            }
            None => Vec::new(),
        };
        let mut addrs = Vec::with_capacity(plan.calls.len());
        for (c, &[values, divisors]) in plan.calls.iter().zip(slots) {
            let values = match (c.direct.or(c.scratch).map(|s| &k.body.nodes[s]), values) {
                (Some(Node::Store { buffer, index, .. }), _) => {
                    let idx: Vec<Value> = index.iter().map(|n| at_lo[n.index()]).collect();
                    self.address(*buffer, &idx)
                }
                (_, Some(slot)) => self.cx.b.ins().stack_addr(types::I64, slot, 0),
                _ => return Err("tile call without a buffer".into()),
            };
            let mut operands = Vec::with_capacity(c.args.len());
            for (n, &(arg, from)) in c.args.iter().enumerate() {
                operands.push(match (from, &k.body.nodes[arg]) {
                    (Source::Computed, _) if n == 0 => values,
                    (Source::Row, Node::Load { buffer, index }) => {
                        let idx: Vec<Value> = index.iter().map(|n| at_lo[n.index()]).collect();
                        self.address(*buffer, &idx)
                    }
                    // A value argument, not an address.
                    (Source::Scalar, _) if c.kind == Kind::MapSub => {
                        let x = hoisted[arg].ok_or("tile scalar not hoisted")?;
                        if self.cx.ty(x) != types::F32 {
                            return Err("tile scalar is not one f32".into());
                        }
                        x
                    }
                    (Source::Computed | Source::Scalar, _) => {
                        let slot = divisors.ok_or("tile divide without a divisor slot")?;
                        let at = self.cx.b.ins().stack_addr(types::I64, slot, 0);
                        if from == Source::Scalar {
                            let x = hoisted[arg].ok_or("tile divisor not hoisted")?;
                            if self.cx.ty(x) != types::F32 {
                                return Err("tile divisor is not one f32".into());
                            }
                            self.cx.b.ins().store(MemFlagsData::trusted(), x, at, 0);
                        }
                        at
                    }
                    (Source::Values(v), _) => addrs
                        .get(v)
                        .map(|a: &CallAddrs| a.values)
                        .ok_or("tile operand call comes later")?,
                    (Source::Row, _) => return Err("tile row operand is not a load".into()),
                });
            }
            addrs.push(CallAddrs { values, operands });
        }
        Ok(addrs)
    }

    /// One tile, the points `[lo, hi)` (at most `tile_points`).
    fn tile(
        &mut self,
        plan: &TilePlan,
        slots: &[[Option<StackSlot>; 2]],
        lo: Value,
        hi: Value,
        coords: &mut Vec<Value>,
        hoisted: &[Option<Value>],
    ) -> R<()> {
        let k = self.k;
        let addrs = self.call_addrs(plan, slots, lo, coords, hoisted)?;
        for phase in &plan.phases {
            // Operands the phase computes, and the address each goes to.
            let computed: Vec<(usize, Value)> = (phase.calls.iter())
                .flat_map(|&c| {
                    let a = &addrs[c];
                    (plan.calls[c].args.iter().zip(&a.operands))
                        .filter(|((_, from), _)| *from == Source::Computed)
                        .map(|(&(arg, _), &at)| (arg, at))
                })
                .collect();
            if phase.loops {
                self.point_loops(lo, hi, phase.unroll, &mut |em, i, vector| {
                    let ty = if vector { types::F32X4 } else { types::F32 };
                    let flags = MemFlagsData::trusted();
                    let at = em.cx.b.ins().isub(i, lo);
                    let at = em.cx.b.ins().ishl_imm_u(at, 2);
                    let mut given: Vec<Option<Value>> = hoisted.to_vec();
                    given.resize(k.body.nodes.len(), None);
                    for &c in &phase.reads {
                        let addr = em.cx.b.ins().iadd(addrs[c].values, at);
                        given[plan.calls[c].node] = Some(em.cx.b.ins().load(ty, flags, addr, 0));
                    }
                    coords.push(i);
                    let cls = if vector { em.classes.clone() } else { None };
                    let vals = em.eval_body(
                        &k.body,
                        coords,
                        &[],
                        &[],
                        cls.as_deref(),
                        Pre::Use(&given, Some(&phase.need)),
                    )?;
                    coords.pop();
                    for &(arg, buf) in &computed {
                        // A uniform operand (a hoisted dividend) is one scalar: splat it.
                        let x = match &cls {
                            Some(cls) => em.vec_of(&vals, cls, arg),
                            None => vals[arg],
                        };
                        let addr = em.cx.b.ins().iadd(buf, at);
                        em.cx.b.ins().store(flags, x, addr, 0);
                    }
                    Ok(())
                })?;
            }
            if !phase.calls.is_empty() {
                let n = self.cx.b.ins().isub(hi, lo);
                for &c in &phase.calls {
                    let a = &addrs[c];
                    let call = &plan.calls[c];
                    let args = match (call.kind, a.operands.as_slice()) {
                        (Kind::InPlace, [_]) => vec![a.values, n],
                        (Kind::Map, &[src]) => vec![a.values, src, n],
                        (Kind::MapSub, &[src, s]) => vec![a.values, src, n, s],
                        (Kind::Arith, &[x, y]) => {
                            let step = i64::from(call.args[1].1 != Source::Scalar);
                            let step = self.cx.b.ins().iconst(types::I64, step);
                            vec![a.values, x, y, step, n]
                        }
                        _ => return Err("tile call's operands do not fit its routine".into()),
                    };
                    self.cx.call_void(plan.calls[c].import, &args)?;
                }
            }
        }
        Ok(())
    }
}
