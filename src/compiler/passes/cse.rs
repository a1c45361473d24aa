//! Common subexpression elimination of pure ops, scoped by region nesting: an op may be
//! replaced by an equal op of its own region or of an enclosing one.
use std::fmt::Write as _;
use std::hash::{Hash, Hasher};

use rustc_hash::{FxHashMap as HashMap, FxHasher};

use crate::compiler::ir::{Func, Op, Opcode, Region, TensorType, ValueId};

pub fn cse(f: &mut Func) {
    let mut body = std::mem::take(&mut f.body);
    let mut scopes = Vec::new();
    let mut subst = HashMap::default();
    cse_region(&f.values, &mut body, &mut scopes, &mut subst);
    f.body = body;
    f.valid_extents.rename(&subst);
}

#[derive(Default)]
struct Scope {
    /// Hash of an op -> indices into `ops` of the kept ops with that hash.
    table: HashMap<u64, Vec<usize>>,
    ops: Vec<Op>,
}

fn resolve(subst: &HashMap<ValueId, ValueId>, v: ValueId) -> ValueId {
    // Replacements always point to kept values, so one step suffices.
    subst.get(&v).copied().unwrap_or(v)
}

fn cse_region(
    values: &[TensorType],
    region: &mut Region,
    scopes: &mut Vec<Scope>,
    subst: &mut HashMap<ValueId, ValueId>,
) {
    let ops = std::mem::take(&mut region.ops);
    scopes.push(Scope::default());
    for mut op in ops {
        for v in &mut op.operands {
            *v = resolve(subst, *v);
        }
        for r in &mut op.regions {
            cse_region(values, r, scopes, subst);
        }
        let candidate = op.opcode.is_pure() && !op.results.is_empty();
        let h = if candidate { op_hash(values, &op) } else { 0 };
        if candidate && let Some(existing) = find(values, scopes, h, &op) {
            for (&old, &new) in op.results.iter().zip(&existing) {
                subst.insert(old, new);
            }
            continue;
        }
        let Some(top) = scopes.last_mut() else {
            return;
        };
        if candidate {
            top.table.entry(h).or_default().push(top.ops.len());
        }
        top.ops.push(op);
    }
    for v in &mut region.yields {
        *v = resolve(subst, *v);
    }
    region.ops = scopes.pop().map(|s| s.ops).unwrap_or_default();
}

fn find(values: &[TensorType], scopes: &[Scope], h: u64, op: &Op) -> Option<Vec<ValueId>> {
    for scope in scopes.iter().rev() {
        for &i in scope.table.get(&h).into_iter().flatten() {
            let other = &scope.ops[i];
            if same_op(values, other, op, &mut HashMap::default()) {
                return Some(other.results.clone());
            }
        }
    }
    None
}

fn ty(values: &[TensorType], v: ValueId) -> Option<&TensorType> {
    values.get(v.index())
}

/// Feeds formatted text to a hasher as it is written, with no string in between.
struct HashWriter<'a, H>(&'a mut H);

impl<H: Hasher> std::fmt::Write for HashWriter<'_, H> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0.write(s.as_bytes());
        Ok(())
    }
}

fn op_hash(values: &[TensorType], op: &Op) -> u64 {
    let mut h = FxHasher::default();
    match &op.opcode {
        // Literals hash their type and the ends of their bytes (weights are megabytes;
        // equal literals still hash equal, and `same_op` compares all bytes); other
        // attributes are small, their debug form will do (streamed into the hasher: a
        // `format!` per op was a third of the pass).
        Opcode::Constant(lit) => lit.hash(&mut h),
        other => {
            let _ = write!(HashWriter(&mut h), "{other:?}");
        }
    }
    op.operands.hash(&mut h);
    for &r in &op.results {
        ty(values, r).hash(&mut h);
    }
    op.regions.len().hash(&mut h);
    h.finish()
}

/// Equality of two ops up to renaming of the values defined inside their regions:
/// `map` sends values of `b` to values of `a`.
fn same_op(values: &[TensorType], a: &Op, b: &Op, map: &mut HashMap<ValueId, ValueId>) -> bool {
    let m = |map: &HashMap<ValueId, ValueId>, v: ValueId| map.get(&v).copied().unwrap_or(v);
    a.opcode == b.opcode
        && a.operands.len() == b.operands.len()
        && a.operands
            .iter()
            .zip(&b.operands)
            .all(|(&x, &y)| x == m(map, y))
        && a.results.len() == b.results.len()
        && a.results
            .iter()
            .zip(&b.results)
            .all(|(&x, &y)| ty(values, x) == ty(values, y))
        && a.regions.len() == b.regions.len()
        && a.regions
            .iter()
            .zip(&b.regions)
            .all(|(ra, rb)| same_region(values, ra, rb, map))
}

fn same_region(
    values: &[TensorType],
    a: &Region,
    b: &Region,
    map: &mut HashMap<ValueId, ValueId>,
) -> bool {
    if a.args.len() != b.args.len()
        || a.ops.len() != b.ops.len()
        || a.yields.len() != b.yields.len()
    {
        return false;
    }
    for (&x, &y) in a.args.iter().zip(&b.args) {
        if ty(values, x) != ty(values, y) {
            return false;
        }
        map.insert(y, x);
    }
    for (oa, ob) in a.ops.iter().zip(&b.ops) {
        if !same_op(values, oa, ob, map) {
            return false;
        }
        for (&x, &y) in oa.results.iter().zip(&ob.results) {
            map.insert(y, x);
        }
    }
    a.yields
        .iter()
        .zip(&b.yields)
        .all(|(&x, &y)| x == map.get(&y).copied().unwrap_or(y))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compiler::ir::{BinaryOp, DType, Literal, Loc};

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

    fn cst(v: f32) -> Opcode {
        Opcode::Constant(Literal {
            ty: TensorType::scalar(DType::F32),
            bytes: v.to_le_bytes().to_vec().into(),
        })
    }

    /// A reduce-style region computing `a + b`.
    fn add_region(f: &mut Func) -> Region {
        let s = TensorType::scalar(DType::F32);
        let a = f.new_value(s.clone());
        let b = f.new_value(s.clone());
        let c = f.new_value(s);
        Region {
            args: vec![a, b],
            ops: vec![op(Opcode::Binary(BinaryOp::Add), vec![a, b], vec![c])],
            yields: vec![c],
            ..Region::default()
        }
    }

    #[test]
    fn merges_equal_ops_and_constants() {
        let mut f = func();
        let s = TensorType::scalar(DType::F32);
        let v: Vec<ValueId> = (0..7).map(|_| f.new_value(s.clone())).collect();
        f.body.args = vec![v[0]];
        f.body.ops = vec![
            op(cst(1.0), vec![], vec![v[1]]),
            op(cst(1.0), vec![], vec![v[2]]),
            op(cst(2.0), vec![], vec![v[3]]),
            op(Opcode::Binary(BinaryOp::Add), vec![v[0], v[1]], vec![v[4]]),
            op(Opcode::Binary(BinaryOp::Add), vec![v[0], v[2]], vec![v[5]]),
            op(Opcode::Binary(BinaryOp::Mul), vec![v[4], v[5]], vec![v[6]]),
        ];
        f.body.yields = vec![v[6], v[5], v[3]];
        cse(&mut f);
        assert_eq!(f.body.ops.len(), 4);
        assert_eq!(f.body.ops[2].operands, vec![v[0], v[1]]);
        assert_eq!(f.body.ops[3].operands, vec![v[4], v[4]]);
        assert_eq!(f.body.yields, vec![v[6], v[4], v[3]]);
    }

    #[test]
    fn keeps_side_effects_and_merges_structurally_equal_regions() {
        let mut f = func();
        let t = TensorType::new(DType::F32, [3]);
        let s = TensorType::scalar(DType::F32);
        let x = f.new_value(t.clone());
        let init = f.new_value(s.clone());
        let r1 = f.new_value(s.clone());
        let r2 = f.new_value(s.clone());
        let c1 = f.new_value(t.clone());
        let c2 = f.new_value(t.clone());
        let mut red1 = op(
            Opcode::Reduce {
                dimensions: vec![0],
            },
            vec![x, init],
            vec![r1],
        );
        red1.regions = vec![add_region(&mut f)];
        let mut red2 = op(
            Opcode::Reduce {
                dimensions: vec![0],
            },
            vec![x, init],
            vec![r2],
        );
        red2.regions = vec![add_region(&mut f)];
        let cc = || Opcode::CustomCall {
            target: "t".into(),
            has_side_effect: true,
            backend_config: String::new(),
            api_version: 1,
            config: Vec::new(),
        };
        f.body.args = vec![x, init];
        f.body.ops = vec![
            red1,
            red2,
            op(cc(), vec![x], vec![c1]),
            op(cc(), vec![x], vec![c2]),
        ];
        f.body.yields = vec![r1, r2, c1, c2];
        cse(&mut f);
        assert_eq!(f.body.ops.len(), 3);
        assert_eq!(f.body.yields, vec![r1, r1, c1, c2]);
    }

    #[test]
    fn replaces_uses_in_nested_regions_but_not_across_siblings() {
        let mut f = func();
        let s = TensorType::scalar(DType::F32);
        let p = f.new_value(TensorType::scalar(DType::I1));
        let x = f.new_value(s.clone());
        let outer = f.new_value(s.clone());
        let inner = f.new_value(s.clone());
        let inner_b = f.new_value(s.clone());
        let other = f.new_value(s.clone());
        let r = f.new_value(s.clone());
        let neg = Opcode::Unary(crate::compiler::ir::UnaryOp::Neg);
        let mut iff = op(Opcode::If, vec![p], vec![r]);
        iff.regions = vec![
            Region {
                ops: vec![op(neg.clone(), vec![x], vec![inner])],
                yields: vec![inner],
                ..Region::default()
            },
            Region {
                ops: vec![op(
                    Opcode::Unary(crate::compiler::ir::UnaryOp::Exp),
                    vec![x],
                    vec![inner_b],
                )],
                yields: vec![inner_b],
                ..Region::default()
            },
        ];
        f.body.args = vec![p, x];
        f.body.ops = vec![op(neg.clone(), vec![x], vec![outer]), iff];
        f.body.yields = vec![r];
        let _ = other;
        cse(&mut f);
        let iff = &f.body.ops[1];
        assert!(iff.regions[0].ops.is_empty());
        assert_eq!(iff.regions[0].yields, vec![outer]);
        assert_eq!(iff.regions[1].ops.len(), 1);
    }
}
