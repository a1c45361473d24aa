//! Inlines every call into the entry function.
use rustc_hash::FxHashMap as HashMap;

use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::{DynOp, Func, Module, Op, Opcode, Region, SourcePos, ValueId};

/// The module's entry function with every `func.call` inlined (recursively, also inside
/// regions). Callee values are appended to the caller's value table.
pub fn inline_entry(m: &Module) -> Result<Func, Diagnostic> {
    let entry = m.entry().ok_or_else(no_entry)?;
    inline_into(m, entry.clone())
}

/// [`inline_entry`] for a module nobody needs afterwards: the entry's body and value
/// table move out of it instead of being copied (the copy was most of this pass on a
/// 100k-op program). Callees are still copied per call. A call back into the entry is
/// refused as recursion before its (now empty) body is looked at, as in `inline_entry`.
pub fn inline_entry_owned(mut m: Module) -> Result<Func, Diagnostic> {
    let entry = m.entry().ok_or_else(no_entry)?;
    let i = m
        .funcs
        .iter()
        .position(|f| std::ptr::eq(f, entry))
        .ok_or_else(no_entry)?;
    let e = &mut m.funcs[i];
    let out = Func {
        name: e.name.clone(),
        public: e.public,
        values: std::mem::take(&mut e.values),
        body: std::mem::take(&mut e.body),
        result_types: e.result_types.clone(),
        arg_attrs: e.arg_attrs.clone(),
        result_attrs: e.result_attrs.clone(),
        loc: e.loc.clone(),
        valid_extents: Default::default(),
    };
    inline_into(&m, out)
}

fn no_entry() -> Diagnostic {
    Diagnostic::new(
        SourcePos::Unknown,
        "no entry function: expected @main, a single public function or a single function",
    )
}

/// Inlines the calls of `out`, the entry function of `m` (its body possibly moved out of
/// `m` already).
fn inline_into(m: &Module, mut out: Func) -> Result<Func, Diagnostic> {
    let body = std::mem::take(&mut out.body);
    let mut subst = HashMap::default();
    let mut stack = vec![out.name.clone()];
    let mut body = inline_region(m, &mut out, body, &mut stack, &mut subst)?;
    if !subst.is_empty() {
        // Call results now stand for the callee's yields: rewrite every use.
        for_each_use_mut(&mut body, &mut |v| *v = resolve(&subst, *v));
    }
    out.body = body;
    Ok(out)
}

/// Follows substitution chains (a call result mapped to an inlined call's result ...).
fn resolve(subst: &HashMap<ValueId, ValueId>, mut v: ValueId) -> ValueId {
    // Chains are acyclic by construction; the bound only guards against surprises.
    for _ in 0..=subst.len() {
        match subst.get(&v) {
            Some(&w) => v = w,
            None => break,
        }
    }
    v
}

fn inline_region(
    m: &Module,
    f: &mut Func,
    region: Region,
    stack: &mut Vec<String>,
    subst: &mut HashMap<ValueId, ValueId>,
) -> Result<Region, Diagnostic> {
    let Region {
        args,
        ops,
        yields,
        yield_loc,
    } = region;
    let mut out_ops = Vec::with_capacity(ops.len());
    for mut op in ops {
        if let Opcode::Dynamic(DynOp::ReduceWindow { body }) = &op.opcode
            && op.regions.is_empty()
        {
            // The reducer function becomes the op's region, its parameters the region's
            // arguments, as in a static reduce_window.
            let callee_fn = m.func(body).ok_or_else(|| {
                Diagnostic::at(
                    &op.loc,
                    format!("reducer @{body} is not a function of the module"),
                )
            })?;
            op.regions.push(renumbered_body(f, callee_fn));
        }
        let Opcode::Call { callee } = &op.opcode else {
            let regions = std::mem::take(&mut op.regions);
            for r in regions {
                let r = inline_region(m, f, r, stack, subst)?;
                op.regions.push(r);
            }
            out_ops.push(op);
            continue;
        };
        let callee_fn = m.func(callee).ok_or_else(|| {
            Diagnostic::at(
                &op.loc,
                format!("'func.call' to unknown function @{callee}"),
            )
        })?;
        if let Some(pos) = stack.iter().position(|n| n == callee) {
            let mut cycle: Vec<String> = stack[pos..].iter().map(|n| format!("@{n}")).collect();
            cycle.push(format!("@{callee}"));
            return Err(Diagnostic::at(
                &op.loc,
                format!(
                    "'func.call' recursion cannot be inlined: {}",
                    cycle.join(" -> ")
                ),
            ));
        }
        if callee_fn.body.args.len() != op.operands.len()
            || callee_fn.body.yields.len() != op.results.len()
        {
            return Err(Diagnostic::at(
                &op.loc,
                format!(
                    "'func.call' to @{callee} has {} operands and {} results, the callee takes {} and returns {}",
                    op.operands.len(),
                    op.results.len(),
                    callee_fn.body.args.len(),
                    callee_fn.body.yields.len()
                ),
            ));
        }
        let body = renumbered_body(f, callee_fn);
        for (&param, &arg) in body.args.iter().zip(&op.operands) {
            subst.insert(param, arg);
        }
        stack.push(callee.clone());
        let body = inline_region(m, f, body, stack, subst)?;
        stack.pop();
        out_ops.extend(body.ops);
        for (&res, &y) in op.results.iter().zip(&body.yields) {
            subst.insert(res, y);
        }
    }
    Ok(Region {
        args,
        ops: out_ops,
        yields,
        yield_loc,
    })
}

/// A copy of `callee`'s body whose values are appended to `f`'s table.
fn renumbered_body(f: &mut Func, callee: &Func) -> Region {
    let offset = f.values.len() as u32;
    f.values.extend(callee.values.iter().cloned());
    let mut body = callee.body.clone();
    for_each_value_mut(&mut body, &mut |v| v.0 = v.0.saturating_add(offset));
    body
}

/// Visits every value id of a region: arguments, operands, results and yields, nested too.
pub(crate) fn for_each_value_mut(r: &mut Region, f: &mut impl FnMut(&mut ValueId)) {
    r.args.iter_mut().for_each(&mut *f);
    for op in &mut r.ops {
        op.operands.iter_mut().for_each(&mut *f);
        op.results.iter_mut().for_each(&mut *f);
        for sub in &mut op.regions {
            for_each_value_mut(sub, f);
        }
    }
    r.yields.iter_mut().for_each(f);
}

/// Visits every use of a value (operands and yields), nested regions included.
pub(crate) fn for_each_use_mut(r: &mut Region, f: &mut impl FnMut(&mut ValueId)) {
    for op in &mut r.ops {
        op_uses_mut(op, f);
    }
    r.yields.iter_mut().for_each(f);
}

fn op_uses_mut(op: &mut Op, f: &mut impl FnMut(&mut ValueId)) {
    op.operands.iter_mut().for_each(&mut *f);
    for sub in &mut op.regions {
        for_each_use_mut(sub, f);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compiler::ir::{BinaryOp, DType, Loc, TensorType};

    fn func(name: &str, public: bool) -> Func {
        Func {
            name: name.into(),
            public,
            values: vec![],
            body: Region::default(),
            result_types: vec![],
            arg_attrs: vec![],
            result_attrs: vec![],
            loc: Loc::default(),
            valid_extents: Default::default(),
        }
    }

    fn op(opcode: Opcode, operands: Vec<ValueId>, results: Vec<ValueId>) -> Op {
        Op {
            opcode,
            operands,
            results,
            regions: vec![],
            loc: Loc::default(),
        }
    }

    fn t() -> TensorType {
        TensorType::new(DType::F32, [4])
    }

    /// @double(x) = x + x
    fn double() -> Func {
        let mut f = func("double", false);
        let x = f.new_value(t());
        let y = f.new_value(t());
        f.body.args = vec![x];
        f.body.ops = vec![op(Opcode::Binary(BinaryOp::Add), vec![x, x], vec![y])];
        f.body.yields = vec![y];
        f.result_types = vec![t()];
        f
    }

    /// @quad(x) = double(double(x))
    fn quad() -> Func {
        let mut f = func("quad", false);
        let x = f.new_value(t());
        let a = f.new_value(t());
        let b = f.new_value(t());
        let call = |i, o| {
            op(
                Opcode::Call {
                    callee: "double".into(),
                },
                vec![i],
                vec![o],
            )
        };
        f.body.args = vec![x];
        f.body.ops = vec![call(x, a), call(a, b)];
        f.body.yields = vec![b];
        f.result_types = vec![t()];
        f
    }

    fn main_calling(callee: &str) -> Func {
        let mut f = func("main", true);
        let x = f.new_value(t());
        let r = f.new_value(t());
        let s = f.new_value(t());
        f.body.args = vec![x];
        f.body.ops = vec![
            op(
                Opcode::Call {
                    callee: callee.into(),
                },
                vec![x],
                vec![r],
            ),
            op(Opcode::Binary(BinaryOp::Mul), vec![r, x], vec![s]),
        ];
        f.body.yields = vec![s];
        f.result_types = vec![t()];
        f
    }

    #[test]
    fn inlines_nested_calls() {
        let m = Module {
            name: None,
            funcs: vec![main_calling("quad"), quad(), double()],
            partition: None,
        };
        let f = inline_entry(&m).unwrap();
        let mut n_calls = 0;
        f.body.walk(&mut |op| {
            if matches!(op.opcode, Opcode::Call { .. }) {
                n_calls += 1
            }
        });
        assert_eq!(n_calls, 0);
        assert_eq!(f.body.ops.len(), 3);
        let x = f.body.args[0];
        let first = &f.body.ops[0];
        assert_eq!(first.operands, vec![x, x]);
        let second = &f.body.ops[1];
        assert_eq!(second.operands, vec![first.results[0]; 2]);
        let mul = &f.body.ops[2];
        assert_eq!(mul.operands, vec![second.results[0], x]);
        assert_eq!(f.body.yields, mul.results);
        for v in [first.results[0], second.results[0]] {
            assert_eq!(f.ty(v), &t());
        }
        crate::compiler::passes::verify::verify_func(&f).unwrap();
    }

    #[test]
    fn inlines_calls_in_regions() {
        let mut main = func("main", true);
        let p = main.new_value(TensorType::scalar(DType::I1));
        let x = main.new_value(t());
        let r = main.new_value(t());
        let inner = main.new_value(t());
        let mut iff = op(Opcode::If, vec![p], vec![r]);
        let tb = Region {
            ops: vec![op(
                Opcode::Call {
                    callee: "double".into(),
                },
                vec![x],
                vec![inner],
            )],
            yields: vec![inner],
            ..Region::default()
        };
        let fb = Region {
            yields: vec![x],
            ..Region::default()
        };
        iff.regions = vec![tb, fb];
        main.body.args = vec![p, x];
        main.body.ops = vec![iff];
        main.body.yields = vec![r];
        main.result_types = vec![t()];
        let m = Module {
            name: None,
            funcs: vec![main, double()],
            partition: None,
        };
        let f = inline_entry(&m).unwrap();
        let tb = &f.body.ops[0].regions[0];
        assert_eq!(tb.ops.len(), 1);
        assert!(matches!(tb.ops[0].opcode, Opcode::Binary(BinaryOp::Add)));
        assert_eq!(tb.ops[0].operands, vec![x, x]);
        assert_eq!(tb.yields, tb.ops[0].results);
        crate::compiler::passes::verify::verify_func(&f).unwrap();
    }

    #[test]
    fn detects_recursion() {
        let mut a = main_calling("b");
        a.name = "a".into();
        let mut b = main_calling("a");
        b.name = "b".into();
        b.public = false;
        let m = Module {
            name: None,
            funcs: vec![a, b],
            partition: None,
        };
        let e = inline_entry(&m).unwrap_err();
        assert!(e.message.contains("@a -> @b -> @a"), "{}", e.message);
    }

    #[test]
    fn owned_inlining_matches_borrowed() {
        let m = Module {
            name: None,
            funcs: vec![main_calling("quad"), quad(), double()],
            partition: None,
        };
        assert_eq!(inline_entry_owned(m.clone()), inline_entry(&m));
        // A call back into the entry (whose body has moved out) is still recursion.
        let mut a = main_calling("b");
        a.name = "a".into();
        let mut b = main_calling("a");
        b.name = "b".into();
        b.public = false;
        let m = Module {
            name: None,
            funcs: vec![a, b],
            partition: None,
        };
        let e = inline_entry_owned(m.clone()).unwrap_err();
        assert_eq!(e.message, inline_entry(&m).unwrap_err().message);
        assert!(e.message.contains("@a -> @b -> @a"), "{}", e.message);
        let e = inline_entry_owned(Module::default()).unwrap_err();
        assert!(e.message.contains("no entry"), "{}", e.message);
    }

    #[test]
    fn missing_entry_and_callee() {
        let m = Module::default();
        assert!(inline_entry(&m).unwrap_err().message.contains("no entry"));
        let m = Module {
            name: None,
            funcs: vec![main_calling("nope")],
            partition: None,
        };
        let e = inline_entry(&m).unwrap_err();
        assert!(
            e.message.contains("unknown function @nope"),
            "{}",
            e.message
        );
    }
}
