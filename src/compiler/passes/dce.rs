//! Dead code elimination: drops pure ops none of whose results are used (the sizes
//! [`ValidExtents`](crate::compiler::ir::ValidExtents) names count as used).
use crate::compiler::ir::{Func, Op, Region};

pub fn dce(f: &mut Func) {
    let mut uses = vec![0u32; f.values.len()];
    count_uses(&f.body, &mut uses);
    // The sizes bounded dynamic shapes name are read by the steps they limit.
    for v in f.valid_extents.sizes() {
        if let Some(u) = uses.get_mut(v.index()) {
            *u += 1;
        }
    }
    // Sweeping ops in reverse frees whole dead chains in one pass; repeat for what nested
    // regions free in their enclosing regions.
    while sweep(&mut f.body, &mut uses) {}
}

fn count_uses(r: &Region, uses: &mut [u32]) {
    r.walk(&mut |op: &Op| {
        for v in &op.operands {
            if let Some(u) = uses.get_mut(v.index()) {
                *u += 1;
            }
        }
    });
    for_each_yield(r, &mut |v| {
        if let Some(u) = uses.get_mut(v) {
            *u += 1;
        }
    });
}

/// Yields of `r` and of every nested region.
fn for_each_yield(r: &Region, f: &mut impl FnMut(usize)) {
    r.yields.iter().for_each(|v| f(v.index()));
    for op in &r.ops {
        for sub in &op.regions {
            for_each_yield(sub, f);
        }
    }
}

/// An op is removable when it and everything nested in it is free of side effects.
fn removable(op: &Op) -> bool {
    op.opcode.is_pure() && op.regions.iter().all(|r| r.ops.iter().all(removable))
}

/// One reverse sweep over `r` (and the regions nested in the ops it keeps); returns
/// whether it removed anything. Dead ops are marked and dropped together at the end, so a
/// sweep stays linear however many ops die.
fn sweep(r: &mut Region, uses: &mut [u32]) -> bool {
    let mut dead = vec![false; r.ops.len()];
    let mut changed = false;
    for i in (0..r.ops.len()).rev() {
        let op = &mut r.ops[i];
        let unused = op
            .results
            .iter()
            .all(|v| uses.get(v.index()).is_none_or(|&u| u == 0));
        if unused && removable(op) {
            let mut release = |v: usize| {
                if let Some(u) = uses.get_mut(v) {
                    *u = u.saturating_sub(1);
                }
            };
            op.operands.iter().for_each(|v| release(v.index()));
            for sub in &op.regions {
                sub.walk(&mut |o: &Op| o.operands.iter().for_each(|v| release(v.index())));
                for_each_yield(sub, &mut release);
            }
            dead[i] = true;
            changed = true;
        } else {
            for sub in &mut op.regions {
                changed |= sweep(sub, uses);
            }
        }
    }
    if changed {
        let mut dead = dead.into_iter();
        r.ops.retain(|_| !dead.next().unwrap_or(false));
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compiler::ir::{BinaryOp, DType, Loc, Opcode, TensorType, UnaryOp, ValueId};

    fn op(opcode: Opcode, operands: Vec<ValueId>, results: Vec<ValueId>) -> Op {
        Op {
            opcode,
            operands,
            results,
            regions: vec![],
            loc: Loc::default(),
        }
    }

    fn func() -> Func {
        Func {
            name: "main".into(),
            public: true,
            values: vec![],
            body: Region::default(),
            result_types: vec![],
            arg_attrs: vec![],
            result_attrs: vec![],
            loc: Loc::default(),
            valid_extents: Default::default(),
        }
    }

    #[test]
    fn removes_dead_chains_keeps_side_effects() {
        let mut f = func();
        let t = TensorType::new(DType::F32, [2]);
        let x = f.new_value(t.clone());
        let a = f.new_value(t.clone());
        let b = f.new_value(t.clone());
        let c = f.new_value(t.clone());
        let d = f.new_value(t.clone());
        f.body.args = vec![x];
        f.body.ops = vec![
            op(Opcode::Unary(UnaryOp::Exp), vec![x], vec![a]),
            op(Opcode::Binary(BinaryOp::Add), vec![a, a], vec![b]),
            op(
                Opcode::CustomCall {
                    target: "print".into(),
                    has_side_effect: true,
                    backend_config: String::new(),
                    api_version: 1,
                    config: Vec::new(),
                },
                vec![x],
                vec![d],
            ),
            op(Opcode::Unary(UnaryOp::Neg), vec![x], vec![c]),
        ];
        f.body.yields = vec![c];
        dce(&mut f);
        let names: Vec<String> = f.body.ops.iter().map(|o| o.opcode.name()).collect();
        assert_eq!(names, ["stablehlo.custom_call", "stablehlo.negate"]);
    }

    #[test]
    fn removes_inside_regions_and_frees_outer_values() {
        let mut f = func();
        let s = TensorType::scalar(DType::F32);
        let x = f.new_value(s.clone());
        let outer = f.new_value(s.clone());
        let r = f.new_value(s.clone());
        let inner = f.new_value(s.clone());
        let pred = f.new_value(TensorType::scalar(DType::I1));
        let mut iff = op(Opcode::If, vec![pred], vec![r]);
        iff.regions = vec![
            Region {
                ops: vec![op(Opcode::Unary(UnaryOp::Exp), vec![outer], vec![inner])],
                yields: vec![x],
                ..Region::default()
            },
            Region {
                yields: vec![x],
                ..Region::default()
            },
        ];
        f.body.args = vec![x, pred];
        f.body.ops = vec![op(Opcode::Unary(UnaryOp::Neg), vec![x], vec![outer]), iff];
        f.body.yields = vec![r];
        dce(&mut f);
        assert_eq!(f.body.ops.len(), 1);
        assert!(f.body.ops[0].regions[0].ops.is_empty());
    }
}
