//! The SPMD partitioner for sharded `jit`: rewrites the whole program `@main` (calls
//! inlined) into what one device runs, each op on the device's shards of its operands
//! where a rule for the op says how, with collectives where data must move.
//!
//! Shardings are propagated forward, in program order, from the arguments' shardings:
//! each op's rule ([`rules`]) picks the splits it wants of its operands (from the splits
//! they have) and says how its results come out split; operands that arrive split
//! otherwise are resharded first ([`reshard`]: `all_to_all`, `all_gather`, or a local
//! `dynamic_slice` at the device's offset). A sharding constraint (`sdy.sharding_constraint`
//! / `sdy.reshard`, a [`MARKER`] custom call here) reshards its operand to what it names;
//! each result is resharded at the end to the sharding the caller asked for.
//!
//! An op without a rule (loops, gather/scatter, sort, custom calls, ...) runs on whole
//! values: its operands are gathered, it runs on every device, its results are replicated
//! (the fallback of [`super::replicate`], per op). Every such op that had a split operand
//! is listed in the [`Report`].
//!
//! Splits hold whole pieces only: a dimension splits into `k` pieces only when `k`
//! divides its size; a rule that would need an uneven split falls back instead.

mod reshard;
mod rules;
#[cfg(test)]
mod tests;

use std::collections::HashMap;

use super::replicate::{Plan, Position, Split};
use crate::compiler::ir::builder::Builder;
use crate::compiler::ir::{BinaryOp, Func, Loc, Op, Opcode, Region, TensorType, ValueId};

/// Partial sums of at least this many elements wait for their first use, which may take
/// them as a `reduce_scatter` (each device then runs what follows on its piece: a
/// data-parallel weight update) instead of an `all_reduce`. Below it, the second collective
/// (the gather after) costs more than the work it splits.
const SCATTER_MIN_ELEMENTS: i64 = 1 << 16;

/// The custom call target that stands for a sharding constraint until the partitioner
/// consumes it; its `backend_config` is the split ([`encode`]).
pub const MARKER: &str = "pjrtc.sharding_constraint";

/// A split as text: dimensions separated by `;`, each the indices of its mesh axes
/// separated by `,` (`"0;"`: the first dimension over axis 0, the second whole).
pub fn encode(split: &Split) -> String {
    split
        .iter()
        .map(|axes| {
            axes.iter()
                .map(|a| a.to_string())
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect::<Vec<_>>()
        .join(";")
}

/// The split [`encode`] wrote for a value of rank `rank`; `None` when malformed.
pub fn decode(s: &str, rank: usize) -> Option<Split> {
    if rank == 0 {
        return s.is_empty().then(Vec::new);
    }
    let split: Option<Split> = s
        .split(';')
        .map(|d| {
            if d.is_empty() {
                return Some(Vec::new());
            }
            d.split(',').map(|a| a.parse().ok()).collect()
        })
        .collect();
    split.filter(|s| s.len() == rank)
}

/// What the partitioner did to one program, for `pjrtc inspect` and `--timings`.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Report {
    /// Devices of the mesh.
    pub devices: i64,
    /// Ops that ran on the devices' shards (some operand or result split).
    pub partitioned: usize,
    /// Ops that ran on whole values because all their operands were whole.
    pub whole: usize,
    /// Ops without a rule that had a split operand: gathered and run on every device
    /// (op name, location).
    pub fallback: Vec<(String, String)>,
    /// Collectives inserted, by op name.
    pub collectives: Vec<(String, usize)>,
    /// Why the whole program fell back to the replicating partitioner, if it did.
    pub replicated_program: Option<String>,
}

impl Report {
    /// Counts one inserted collective (`all_reduce`, ...).
    fn collective(&mut self, name: &str) {
        match self.collectives.iter_mut().find(|(n, _)| n == name) {
            Some((_, c)) => *c += 1,
            None => self.collectives.push((name.to_string(), 1)),
        }
    }

    /// One line per fact, as `pjrtc inspect` prints them after `// `.
    pub fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(why) = &self.replicated_program {
            out.push(format!(
                "partitioned over {} devices by the replicating fallback ({why}): every device runs the whole program",
                self.devices
            ));
            return out;
        }
        let coll: Vec<String> = self
            .collectives
            .iter()
            .map(|(n, c)| format!("{c} {n}"))
            .collect();
        out.push(format!(
            "partitioned over {} devices: {} ops on shards, {} on whole values, {} fell back; collectives: {}",
            self.devices,
            self.partitioned,
            self.whole,
            self.fallback.len(),
            if coll.is_empty() {
                "none".to_string()
            } else {
                coll.join(", ")
            }
        ));
        for (name, loc) in &self.fallback {
            out.push(format!("fell back to whole values: {name} at {loc}"));
        }
        out
    }

    /// The report as a JSON object (for `--timings`).
    pub fn to_json(&self) -> String {
        let q = |s: &str| {
            let mut o = String::from("\"");
            for c in s.chars() {
                match c {
                    '"' => o.push_str("\\\""),
                    '\\' => o.push_str("\\\\"),
                    c if (c as u32) < 0x20 => o.push_str(&format!("\\u{:04x}", c as u32)),
                    c => o.push(c),
                }
            }
            o.push('"');
            o
        };
        let fallback: Vec<String> = self
            .fallback
            .iter()
            .map(|(n, l)| format!("{{\"op\": {}, \"loc\": {}}}", q(n), q(l)))
            .collect();
        let coll: Vec<String> = self
            .collectives
            .iter()
            .map(|(n, c)| format!("{}: {c}", q(n)))
            .collect();
        format!(
            "{{\"devices\": {}, \"partitioned\": {}, \"whole\": {}, \"fallback\": [{}], \"collectives\": {{{}}}, \"replicated_program\": {}}}",
            self.devices,
            self.partitioned,
            self.whole,
            fallback.join(", "),
            coll.join(", "),
            self.replicated_program
                .as_deref()
                .map(q)
                .unwrap_or_else(|| "null".into())
        )
    }
}

fn loc_text(loc: &Loc) -> String {
    match &loc.mlir {
        Some(m) => format!("{} {m}", loc.pos),
        None => loc.pos.to_string(),
    }
}

/// Drops the constraint markers of a program the replicating fallback runs (there,
/// constraints are identities).
pub fn strip_markers(func: &mut Func) {
    strip(func, true);
}

/// Drops the markers in `func`'s nested regions (with `top`, also in its body), each
/// result replaced by its operand.
fn strip(func: &mut Func, top: bool) {
    fn drop_in(r: &mut Region, here: bool, subst: &mut HashMap<ValueId, ValueId>) {
        if here {
            r.ops.retain(|op| {
                if is_marker(op) {
                    subst.insert(op.results[0], op.operands[0]);
                    false
                } else {
                    true
                }
            });
        }
        for op in &mut r.ops {
            for r in &mut op.regions {
                drop_in(r, true, subst);
            }
        }
    }
    let mut subst: HashMap<ValueId, ValueId> = HashMap::new();
    drop_in(&mut func.body, top, &mut subst);
    if subst.is_empty() {
        return;
    }
    let resolve = |mut v: ValueId| {
        // Markers of markers: follow the chain (acyclic: SSA).
        while let Some(&w) = subst.get(&v) {
            v = w;
        }
        v
    };
    fn each_use(r: &mut Region, f: &dyn Fn(ValueId) -> ValueId) {
        for op in &mut r.ops {
            for v in &mut op.operands {
                *v = f(*v);
            }
            for r in &mut op.regions {
                each_use(r, f);
            }
        }
        for v in &mut r.yields {
            *v = f(*v);
        }
    }
    each_use(&mut func.body, &resolve);
}

fn is_marker(op: &Op) -> bool {
    matches!(&op.opcode, Opcode::CustomCall { target, .. } if target == MARKER)
        && op.operands.len() == 1
        && op.results.len() == 1
}

/// The partitioner's state while it rewrites one function.
struct Part<'p> {
    plan: &'p Plan,
    /// The function's value table: the original values (whole types) first, then what
    /// the rewrite adds.
    values: Vec<TensorType>,
    /// The per-device program so far.
    ops: Vec<Op>,
    /// Each original top-level value: the per-device value that holds it and its split.
    cur: HashMap<ValueId, (ValueId, Split)>,
    /// Copies of original values at other splits, made once.
    copies: HashMap<(ValueId, Split), ValueId>,
    /// Defining ops of cheap whole values (constants, broadcasts, iotas), recomputed at
    /// the shape of a piece rather than sliced when consumed split.
    defs: HashMap<ValueId, Op>,
    position: Position,
    /// Splits wanted downstream of whole values ([`rules::hints`]).
    hints: HashMap<ValueId, Split>,
    /// Original values whose per-device value is still a partial result, to be combined
    /// over these mesh axes with this reducer.
    partial: HashMap<ValueId, (Vec<usize>, BinaryOp)>,
    /// How many times each original value is used (operands, in regions too, and
    /// results).
    uses: HashMap<ValueId, usize>,
    report: Report,
}

impl Part<'_> {
    fn b(&mut self, loc: &Loc) -> Builder<'_> {
        Builder::new(&mut self.values, &mut self.ops, loc.clone())
    }

    /// The whole (global) type of an original value.
    fn global(&self, v: ValueId) -> &TensorType {
        &self.values[v.index()]
    }

    /// The split an original value has now.
    fn split(&self, v: ValueId) -> &Split {
        &self.cur[&v].1
    }

    fn divides(&self, shape: &[i64], split: &Split) -> bool {
        split.len() == shape.len()
            && shape
                .iter()
                .zip(split)
                .all(|(&n, axes)| n % self.plan.pieces(axes) == 0)
    }

    fn local_type(&self, ty: &TensorType, split: &Split) -> TensorType {
        let shape = ty
            .shape
            .iter()
            .zip(split)
            .map(|(&n, axes)| n / self.plan.pieces(axes))
            .collect::<Vec<_>>();
        TensorType {
            shape,
            ..ty.clone()
        }
    }
}

/// Rewrites `func` (whole values, calls inlined, constraints as [`MARKER`] calls) into the
/// per-device program under `plan`.
pub fn partition(func: &mut Func, plan: &Plan) -> Result<Report, String> {
    if plan.args.len() != func.body.args.len() || plan.results.len() != func.body.yields.len() {
        return Err("the shardings do not match @main's arguments and results".into());
    }
    // Constraints inside regions (loop bodies, branches) are identities: regions run on
    // whole values.
    strip(func, false);
    let mut p = Part {
        plan,
        values: std::mem::take(&mut func.values),
        ops: Vec::new(),
        cur: HashMap::new(),
        copies: HashMap::new(),
        defs: HashMap::new(),
        position: Position::new(plan),
        hints: HashMap::new(),
        partial: HashMap::new(),
        uses: HashMap::new(),
        report: Report {
            devices: plan.devices(),
            ..Report::default()
        },
    };
    // Arguments arrive as the device's pieces.
    for (i, split) in plan.args.iter().enumerate() {
        let whole = func.body.args[i];
        let ty = p.values[whole.index()].clone();
        let local = plan.local_shape(&ty.shape, split, &format!("argument {i}"))?;
        let v = if local == ty.shape {
            whole
        } else {
            p.values.push(TensorType {
                shape: local,
                ..ty.clone()
            });
            ValueId(p.values.len() as u32 - 1)
        };
        func.body.args[i] = v;
        p.cur.insert(whole, (v, split.clone()));
    }
    // Results' splits are checked before they seed the hints.
    for (i, split) in plan.results.iter().enumerate() {
        let ty = &p.values[func.body.yields[i].index()];
        plan.local_shape(&ty.shape, split, &format!("result {i}"))?;
    }
    p.hints = rules::hints(&func.body, &plan.results, &p.values);
    let mut used = func.body.yields.clone();
    func.body
        .walk(&mut |op| used.extend(op.operands.iter().copied()));
    for r in func.body.ops.iter().flat_map(|op| &op.regions) {
        collect_yields(r, &mut used);
    }
    for v in used {
        *p.uses.entry(v).or_default() += 1;
    }
    let body = std::mem::take(&mut func.body.ops);
    for op in body {
        p.op(op)?;
    }
    // Results leave as the pieces the caller asked for.
    for (i, split) in plan.results.iter().enumerate() {
        let y = func.body.yields[i];
        let loc = func.body.yield_loc.clone();
        let v = p.get(y, split, &loc)?;
        func.body.yields[i] = v;
        func.result_types[i] = p.values[v.index()].clone();
    }
    func.body.ops = std::mem::take(&mut p.ops);
    func.values = std::mem::take(&mut p.values);
    Ok(p.report)
}

impl Part<'_> {
    /// Rewrites one top-level op.
    fn op(&mut self, op: Op) -> Result<(), String> {
        if is_marker(&op) {
            let x = op.operands[0];
            let ty = self.global(x).clone();
            let want = match &op.opcode {
                Opcode::CustomCall { backend_config, .. } => decode(backend_config, ty.rank()),
                _ => None,
            }
            .filter(|s| self.divides(&ty.shape, s));
            // A constraint pjrtc cannot follow exactly (an uneven split) is only a hint.
            let v = match &want {
                Some(s) => self.get(x, s, &op.loc)?,
                None => self.cur[&x].0,
            };
            let split = want.unwrap_or_else(|| self.split(x).clone());
            self.cur.insert(op.results[0], (v, split));
            return Ok(());
        }
        if matches!(op.opcode, Opcode::Constant(_) | Opcode::Iota { .. }) {
            let tys = op.results.iter().map(|&r| self.global(r).clone()).collect();
            let loc = op.loc.clone();
            let rs = self
                .b(&loc)
                .op_n(op.opcode.clone(), &op.operands, tys, Vec::new());
            let whole = vec![Vec::new(); self.global(op.results[0]).rank()];
            self.cur.insert(op.results[0], (rs[0], whole));
            self.defs.insert(op.results[0], op);
            return Ok(());
        }
        if let Some(local) = self.rule(&op) {
            let fits = op
                .operands
                .iter()
                .zip(&local.operands)
                .all(|(&v, s)| self.divides(&self.global(v).shape, s))
                && op
                    .results
                    .iter()
                    .zip(&local.results)
                    .all(|(&v, s)| self.divides(&self.global(v).shape, s));
            if fits {
                return self.emit(op, local);
            }
        }
        self.fallback(op)
    }

    /// Emits `op` on the pieces `local` names.
    fn emit(&mut self, op: Op, local: rules::Local) -> Result<(), String> {
        let split_anything = local
            .operands
            .iter()
            .chain(&local.results)
            .any(|s| s.iter().any(|a| !a.is_empty()));
        if split_anything {
            self.report.partitioned += 1;
        } else {
            self.report.whole += 1;
        }
        let mut operands = Vec::with_capacity(op.operands.len());
        for (&v, s) in op.operands.iter().zip(&local.operands) {
            operands.push(self.get(v, s, &op.loc)?);
        }
        let regions = self.captured(op.regions.clone(), &op.loc)?;
        let tys: Vec<TensorType> = op
            .results
            .iter()
            .zip(&local.results)
            .map(|(&r, s)| self.local_type(self.global(r), s))
            .collect();
        let loc = op.loc.clone();
        let opcode = local.opcode.unwrap_or_else(|| op.opcode.clone());
        let mut rs = self.b(&loc).op_n(opcode, &operands, tys, regions);
        if let Some((axes, reducer)) = &local.combine {
            let big = op.results.len() == 1
                && self.global(op.results[0]).num_elements() >= SCATTER_MIN_ELEMENTS;
            if big && *reducer == BinaryOp::Add {
                // Combined when first used: a consumer that can run on pieces takes a
                // reduce_scatter instead of an all_reduce ([`Part::get`]).
                self.partial.insert(op.results[0], (axes.clone(), *reducer));
            } else {
                rs = rs
                    .into_iter()
                    .map(|r| self.all_reduce(r, axes, *reducer, &loc))
                    .collect();
            }
        }
        if !split_anything && matches!(op.opcode, Opcode::BroadcastInDim { .. }) {
            self.defs.insert(op.results[0], op.clone());
        }
        for ((&orig, r), s) in op.results.iter().zip(rs).zip(local.results) {
            self.cur.insert(orig, (r, s));
        }
        Ok(())
    }

    /// Runs `op` on whole values on every device.
    fn fallback(&mut self, op: Op) -> Result<(), String> {
        let split_operand = op
            .operands
            .iter()
            .any(|v| self.split(*v).iter().any(|a| !a.is_empty()));
        if split_operand {
            self.report
                .fallback
                .push((op.opcode.name(), loc_text(&op.loc)));
        } else {
            self.report.whole += 1;
        }
        let mut operands = Vec::with_capacity(op.operands.len());
        for &v in &op.operands {
            let whole = vec![Vec::new(); self.global(v).rank()];
            operands.push(self.get(v, &whole, &op.loc)?);
        }
        let regions = self.captured(op.regions, &op.loc)?;
        let tys = op.results.iter().map(|&r| self.global(r).clone()).collect();
        let rs = self.b(&op.loc).op_n(op.opcode, &operands, tys, regions);
        for (&orig, r) in op.results.iter().zip(rs) {
            let whole = vec![Vec::new(); self.global(orig).rank()];
            self.cur.insert(orig, (r, whole));
        }
        Ok(())
    }

    /// `regions` with the top-level values they use replaced by whole copies (regions
    /// run on whole values).
    fn captured(&mut self, mut regions: Vec<Region>, loc: &Loc) -> Result<Vec<Region>, String> {
        let mut used = Vec::new();
        for r in &regions {
            r.walk(&mut |op| used.extend(op.operands.iter().copied()));
            collect_yields(r, &mut used);
        }
        let mut map = HashMap::new();
        for v in used {
            if self.cur.contains_key(&v) && !map.contains_key(&v) {
                let whole = vec![Vec::new(); self.global(v).rank()];
                map.insert(v, self.get(v, &whole, loc)?);
            }
        }
        if !map.is_empty() {
            for r in &mut regions {
                rename(r, &map);
            }
        }
        Ok(regions)
    }
}

fn collect_yields(r: &Region, out: &mut Vec<ValueId>) {
    out.extend(r.yields.iter().copied());
    for op in &r.ops {
        for r in &op.regions {
            collect_yields(r, out);
        }
    }
}

fn rename(r: &mut Region, map: &HashMap<ValueId, ValueId>) {
    for op in &mut r.ops {
        for v in &mut op.operands {
            if let Some(&w) = map.get(v) {
                *v = w;
            }
        }
        for r in &mut op.regions {
            rename(r, map);
        }
    }
    for v in &mut r.yields {
        if let Some(&w) = map.get(v) {
            *v = w;
        }
    }
}
