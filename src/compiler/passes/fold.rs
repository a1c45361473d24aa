//! Constant folding, with the reference evaluator, and identity folds.
//!
//! - An op whose operands are all constants (and that has no regions, or is a reduce) is
//!   replaced by constants when each result has at most [`MAX_FOLDED_ELEMENTS`] elements
//!   and evaluating it is cheap enough. Iota (no operands) is left alone: a constant would
//!   only make the artifact bigger; but ops of iotas and constants fold (interpolation
//!   weights computed from positions are constants, not work for every call).
//! - reshape/convert/broadcast_in_dim/transpose that do not change anything are replaced
//!   by their operand.
//! - `if`/`case` on a constant are replaced by the ops of the branch taken.
use rustc_hash::FxHashMap as HashMap;

use crate::compiler::diag::Diagnostic;
use crate::compiler::eval::{self, EvalError};
use crate::compiler::ir::{Func, Literal, Op, Opcode, Region, TensorType, ValueId};

/// Largest result (in elements) that folding may create.
pub const MAX_FOLDED_ELEMENTS: i64 = 65_536;

/// Bound on the multiply-adds / element visits of one fold, to keep compile time sane.
const MAX_FOLD_WORK: u128 = 1 << 24;

pub fn fold(f: &mut Func) -> Result<(), Diagnostic> {
    let mut body = std::mem::take(&mut f.body);
    let mut st = State {
        consts: HashMap::default(),
        subst: HashMap::default(),
    };
    let r = fold_region(f, &mut body, &mut st);
    f.body = body;
    f.valid_extents.rename(&st.subst);
    r
}

struct State {
    /// Values defined by constant ops seen so far (SSA scoping makes one map enough).
    consts: HashMap<ValueId, Literal>,
    /// Results of removed identity ops -> their operand.
    subst: HashMap<ValueId, ValueId>,
}

fn fold_region(f: &Func, region: &mut Region, st: &mut State) -> Result<(), Diagnostic> {
    let ops = std::mem::take(&mut region.ops);
    let mut out = Vec::with_capacity(ops.len());
    for mut op in ops {
        for v in &mut op.operands {
            *v = st.subst.get(v).copied().unwrap_or(*v);
        }
        for r in &mut op.regions {
            fold_region(f, r, st)?;
        }
        if let Opcode::Constant(lit) = &op.opcode {
            if let [r] = op.results[..] {
                st.consts.insert(r, lit.clone());
            }
            out.push(op);
            continue;
        }
        if let Some(v) = identity_operand(f, &op) {
            st.subst.insert(op.results[0], v);
            continue;
        }
        if let Some(i) = constant_branch(&op, st) {
            // The taken branch's ops move into this region (everything they use is in
            // scope here too); the op's results become the branch's yields.
            let branch = op.regions.swap_remove(i);
            for (&r, &y) in op.results.iter().zip(&branch.yields) {
                st.subst.insert(r, y);
            }
            out.extend(branch.ops);
            continue;
        }
        // An iota stays (as a constant it would only make the artifact bigger), but what
        // is computed from it alone folds: interpolation weights, masks, index tables.
        if let (Opcode::Iota { .. }, [r]) = (&op.opcode, &op.results[..])
            && f.values
                .get(r.index())
                .is_some_and(|t| elements(t) <= MAX_FOLDED_ELEMENTS as u128)
            && let Ok(mut lits) = eval::eval_op(f, &op, &[])
            && let Some(lit) = lits.pop()
        {
            st.consts.insert(*r, lit);
            out.push(op);
            continue;
        }
        match try_fold(f, &op, st)? {
            // A broadcast of a constant vector stays a broadcast (its consumers read the
            // vector, and a Gemm adds it as a bias); later folds still see its values.
            Some(lits) if expands_constant(f, &op, &lits) => {
                st.consts
                    .insert(op.results[0], lits.into_iter().next().expect("one"));
                out.push(op);
            }
            Some(lits) => {
                for (&r, lit) in op.results.iter().zip(lits) {
                    st.consts.insert(r, lit.clone());
                    out.push(Op {
                        opcode: Opcode::Constant(lit),
                        operands: vec![],
                        results: vec![r],
                        regions: vec![],
                        loc: op.loc.clone(),
                    });
                }
            }
            None => out.push(op),
        }
    }
    for v in &mut region.yields {
        *v = st.subst.get(v).copied().unwrap_or(*v);
    }
    region.ops = out;
    Ok(())
}

/// `broadcast_in_dim` of a constant, byte runs at a time (the evaluator goes element by
/// element through 64-bit values): models broadcast their biases and zeros, and folding
/// those took most of the fold time. `None` (left to the evaluator) on anything unusual.
fn broadcast_bytes(x: &Literal, ty: &TensorType, dims: &[i64]) -> Option<Literal> {
    let w = x.ty.dtype.size();
    let n = usize::try_from(ty.num_elements()).ok()?;
    if ty.dtype != x.ty.dtype
        || dims.len() != x.ty.rank()
        || x.bytes.len() != usize::try_from(x.ty.num_elements()).ok()? * w
        || x.bytes.is_empty()
    {
        return None;
    }
    if x.is_splat() {
        return Some(Literal::splat(ty.clone(), &x.bytes[..w]));
    }
    // Per result dim: the step in the operand's elements (0 where it repeats).
    let shape: Vec<usize> = ty
        .shape
        .iter()
        .map(|&d| usize::try_from(d).ok())
        .collect::<Option<_>>()?;
    let mut step = vec![0usize; shape.len()];
    let mut stride = 1;
    for (k, &d) in dims.iter().enumerate().rev() {
        let d = usize::try_from(d).ok().filter(|&d| d < shape.len())?;
        let xd = usize::try_from(x.ty.shape[k]).ok()?;
        if xd != 1 {
            if xd != shape[d] {
                return None;
            }
            step[d] += stride;
        }
        stride *= xd;
    }
    let mut out = Vec::with_capacity(n * w);
    let Some((&inner, outer)) = shape.split_last() else {
        out.extend_from_slice(&x.bytes[..w]);
        return Some(Literal::new(ty.clone(), out));
    };
    let inner_step = step[outer.len()];
    eval::for_each_index(outer, |i| {
        let base: usize = i.iter().zip(&step).map(|(a, b)| a * b).sum();
        match inner_step {
            1 => out.extend_from_slice(&x.bytes[base * w..(base + inner) * w]),
            0 => {
                for _ in 0..inner {
                    out.extend_from_slice(&x.bytes[base * w..(base + 1) * w]);
                }
            }
            s => {
                for j in 0..inner {
                    let o = base + j * s;
                    out.extend_from_slice(&x.bytes[o * w..(o + 1) * w]);
                }
            }
        }
    });
    (out.len() == n * w).then(|| Literal::new(ty.clone(), out))
}

/// The branch an `if`/`case` with a constant predicate/index takes.
fn constant_branch(op: &Op, st: &State) -> Option<usize> {
    let lit = st.consts.get(op.operands.first()?)?;
    if lit.bytes.is_empty() || !op.regions.iter().all(|r| r.args.is_empty()) {
        return None;
    }
    let n = op.regions.len();
    let i = match op.opcode {
        Opcode::If if n == 2 => {
            if lit.bytes[0] & 1 == 1 {
                0
            } else {
                1
            }
        }
        Opcode::Case if n > 0 && lit.bytes.len() == 4 => {
            // Out-of-range indices take the last branch.
            let v = i32::from_le_bytes(lit.bytes[..4].try_into().ok()?);
            if v < 0 || v as usize >= n {
                n - 1
            } else {
                v as usize
            }
        }
        _ => return None,
    };
    (op.regions[i].yields.len() == op.results.len()).then_some(i)
}

/// Whether `op` is a `broadcast_in_dim` that makes more elements than its operand has,
/// into a result `lits` that is not one repeated value: writing that out as a constant
/// would only make the artifact bigger and each reader load more (a dense layer's bias
/// would become a whole matrix).
fn expands_constant(f: &Func, op: &Op, lits: &[Literal]) -> bool {
    matches!(op.opcode, Opcode::BroadcastInDim { .. })
        && matches!(lits, [l] if !l.is_splat())
        && op
            .operands
            .first()
            .and_then(|x| f.values.get(x.index()))
            .is_some_and(|x| elements(x) < elements(&lits[0].ty))
}

/// The operand of an op that returns it unchanged.
fn identity_operand(f: &Func, op: &Op) -> Option<ValueId> {
    let ([x], [r]) = (&op.operands[..], &op.results[..]) else {
        return None;
    };
    let (tx, tr) = (f.values.get(x.index())?, f.values.get(r.index())?);
    if tx != tr {
        return None;
    }
    let identity = |dims: &[i64]| dims.iter().enumerate().all(|(i, &d)| d == i as i64);
    let ok = match &op.opcode {
        Opcode::Reshape | Opcode::Convert => true,
        Opcode::BroadcastInDim {
            broadcast_dimensions: d,
        } => d.len() == tx.rank() && identity(d),
        Opcode::Transpose { permutation: p } => p.len() == tx.rank() && identity(p),
        _ => false,
    };
    ok.then_some(*x)
}

fn elements(t: &TensorType) -> u128 {
    t.shape.iter().map(|&d| d.max(0) as u128).product()
}

/// Rough count of the element visits evaluating `op` takes.
fn work(f: &Func, op: &Op, operands: &[&Literal]) -> u128 {
    let out: u128 = op
        .results
        .iter()
        .filter_map(|r| f.values.get(r.index()))
        .map(elements)
        .sum();
    let inputs: u128 = operands.iter().map(|l| elements(&l.ty)).sum();
    let per_output: u128 = match &op.opcode {
        Opcode::DotGeneral(d) => operands.first().map_or(1, |l| {
            d.lhs_contracting
                .iter()
                .filter_map(|&c| l.ty.shape.get(c.max(0) as usize))
                .map(|&n| n.max(0) as u128)
                .product()
        }),
        Opcode::Convolution(c) => operands.get(1).map_or(1, |k| {
            elements(&k.ty)
                / k.ty
                    .shape
                    .get(c.kernel_output_feature_dim.max(0) as usize)
                    .map_or(1, |&n| n.max(1) as u128)
        }),
        Opcode::ReduceWindow(w) => w
            .window_dimensions
            .iter()
            .map(|&n| n.max(0) as u128)
            .product(),
        // A direct DFT along each dimension: a dimension's length per output element.
        Opcode::Fft { lengths, .. } => lengths.iter().map(|&n| n.max(1) as u128).sum(),
        _ => 1,
    };
    inputs.saturating_add(out.saturating_mul(per_output))
}

fn try_fold(f: &Func, op: &Op, st: &State) -> Result<Option<Vec<Literal>>, Diagnostic> {
    let foldable_kind = match &op.opcode {
        Opcode::Reduce { .. } => true,
        Opcode::Iota { .. } | Opcode::OptimizationBarrier => false,
        other => other.is_pure() && op.regions.is_empty(),
    };
    if !foldable_kind || op.operands.is_empty() || op.results.is_empty() {
        return Ok(None);
    }
    let Some(operands) = op
        .operands
        .iter()
        .map(|v| st.consts.get(v))
        .collect::<Option<Vec<&Literal>>>()
    else {
        return Ok(None);
    };
    let small = op.results.iter().all(|r| {
        f.values
            .get(r.index())
            .is_some_and(|t| elements(t) <= MAX_FOLDED_ELEMENTS as u128)
    });
    // A reduce may run its body through the general (slow) region evaluator.
    let budget = match op.opcode {
        Opcode::Reduce { .. } => MAX_FOLD_WORK >> 4,
        _ => MAX_FOLD_WORK,
    };
    if !small || work(f, op, &operands) > budget {
        return Ok(None);
    }
    if let (
        Opcode::BroadcastInDim {
            broadcast_dimensions,
        },
        [x],
        [r],
    ) = (&op.opcode, &operands[..], &op.results[..])
        && let Some(ty) = f.values.get(r.index())
        && let Some(lit) = broadcast_bytes(x, ty, broadcast_dimensions)
    {
        return Ok(Some(vec![lit]));
    }
    let operands: Vec<Literal> = operands.into_iter().cloned().collect();
    match eval::eval_op(f, op, &operands) {
        Ok(lits) => Ok(Some(lits)),
        // Not every op has an evaluator; such ops simply stay.
        Err(EvalError::Unsupported(_) | EvalError::TooManyIterations(_)) => Ok(None),
        Err(e @ EvalError::Invalid(_)) => Err(Diagnostic::at(
            &op.loc,
            format!("cannot fold '{}': {e}", op.opcode.name()),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compiler::eval::{literal_bits, literal_from_f64, literal_from_i128};
    use crate::compiler::ir::{BinaryOp, DType, Loc, UnaryOp};

    struct B {
        f: Func,
    }

    impl B {
        fn new() -> B {
            B {
                f: Func {
                    name: "main".into(),
                    public: true,
                    values: vec![],
                    body: Region::default(),
                    result_types: vec![],
                    arg_attrs: vec![],
                    result_attrs: vec![],
                    loc: Loc::default(),
                    valid_extents: Default::default(),
                },
            }
        }

        fn arg(&mut self, t: TensorType) -> ValueId {
            let v = self.f.new_value(t);
            self.f.body.args.push(v);
            v
        }

        fn op(&mut self, opcode: Opcode, operands: &[ValueId], result: TensorType) -> ValueId {
            let r = self.f.new_value(result);
            self.f.body.ops.push(Op {
                opcode,
                operands: operands.to_vec(),
                results: vec![r],
                regions: vec![],
                loc: Loc::default(),
            });
            r
        }

        fn cst(&mut self, lit: Literal) -> ValueId {
            let t = lit.ty.clone();
            self.op(Opcode::Constant(lit), &[], t)
        }

        fn finish(mut self, ys: &[ValueId]) -> Func {
            self.f.body.yields = ys.to_vec();
            self.f.result_types = ys.iter().map(|&y| self.f.ty(y).clone()).collect();
            self.f
        }
    }

    fn f32t(s: &[i64]) -> TensorType {
        TensorType::new(DType::F32, s)
    }

    fn names(f: &Func) -> Vec<String> {
        f.body.ops.iter().map(|o| o.opcode.name()).collect()
    }

    /// The literal of the constant op defining `v`.
    fn const_of(f: &Func, v: ValueId) -> &Literal {
        f.body
            .ops
            .iter()
            .find_map(|o| match &o.opcode {
                Opcode::Constant(l) if o.results == [v] => Some(l),
                _ => None,
            })
            .expect("a constant")
    }

    #[test]
    fn folds_chains_of_constant_ops() {
        let mut b = B::new();
        let x = b.arg(f32t(&[2]));
        let c1 = b.cst(literal_from_f64(f32t(&[2]), &[1.0, 2.0]));
        let c2 = b.cst(literal_from_f64(f32t(&[2]), &[3.0, 4.0]));
        let s = b.op(Opcode::Binary(BinaryOp::Add), &[c1, c2], f32t(&[2]));
        let n = b.op(Opcode::Unary(UnaryOp::Neg), &[s], f32t(&[2]));
        let m = b.op(Opcode::Binary(BinaryOp::Mul), &[n, x], f32t(&[2]));
        let mut f = b.finish(&[m]);
        fold(&mut f).unwrap();
        let lit = const_of(&f, n);
        let vals: Vec<f32> = literal_bits(lit)
            .iter()
            .map(|&b| f32::from_bits(b as u32))
            .collect();
        assert_eq!(vals, [-4.0, -6.0]);
        assert_eq!(f.body.ops.last().unwrap().operands, vec![n, x]);
        crate::compiler::passes::dce::dce(&mut f);
        assert_eq!(names(&f), ["stablehlo.constant", "stablehlo.multiply"]);
        crate::compiler::passes::verify::verify_func(&f).unwrap();
    }

    #[test]
    fn integer_edge_cases_fold_per_spec() {
        let mut b = B::new();
        let t = TensorType::new(DType::I32, [2]);
        let x = b.cst(literal_from_i128(t.clone(), &[7, i32::MIN as i128]));
        let y = b.cst(literal_from_i128(t.clone(), &[0, -1]));
        let d = b.op(Opcode::Binary(BinaryOp::Div), &[x, y], t.clone());
        let mut f = b.finish(&[d]);
        fold(&mut f).unwrap();
        let bits = literal_bits(const_of(&f, d));
        assert_eq!(bits, [0xFFFF_FFFF, 0x8000_0000]);
    }

    #[test]
    fn identity_folds() {
        let mut b = B::new();
        let x = b.arg(f32t(&[2, 3]));
        let r = b.op(Opcode::Reshape, &[x], f32t(&[2, 3]));
        let c = b.op(Opcode::Convert, &[r], f32t(&[2, 3]));
        let t = b.op(
            Opcode::Transpose {
                permutation: vec![0, 1],
            },
            &[c],
            f32t(&[2, 3]),
        );
        let bc = b.op(
            Opcode::BroadcastInDim {
                broadcast_dimensions: vec![0, 1],
            },
            &[t],
            f32t(&[2, 3]),
        );
        let real = b.op(Opcode::Reshape, &[bc], f32t(&[3, 2]));
        let mut f = b.finish(&[real, bc]);
        fold(&mut f).unwrap();
        assert_eq!(names(&f), ["stablehlo.reshape"]);
        assert_eq!(f.body.ops[0].operands, vec![x]);
        assert_eq!(f.body.yields, vec![real, x]);
        crate::compiler::passes::verify::verify_func(&f).unwrap();
    }

    #[test]
    fn leaves_side_effects_large_results_and_iota() {
        let mut b = B::new();
        let c = b.cst(literal_from_f64(f32t(&[]), &[1.0]));
        let cc = b.op(
            Opcode::CustomCall {
                target: "foo".into(),
                has_side_effect: false,
                backend_config: String::new(),
                api_version: 1,
                config: Vec::new(),
            },
            &[c],
            f32t(&[]),
        );
        let big = b.op(
            Opcode::BroadcastInDim {
                broadcast_dimensions: vec![],
            },
            &[c],
            f32t(&[300, 300]),
        );
        let io = b.op(Opcode::Iota { dimension: 0 }, &[], f32t(&[4]));
        let mut f = b.finish(&[cc, big, io]);
        fold(&mut f).unwrap();
        assert_eq!(
            names(&f),
            [
                "stablehlo.constant",
                "stablehlo.custom_call",
                "stablehlo.broadcast_in_dim",
                "stablehlo.iota"
            ]
        );
    }

    /// Ops of an iota fold (the iota itself stays, for any other reader), along the
    /// second dimension of a 2-d iota too; a large iota's values are not evaluated.
    #[test]
    fn folds_what_is_computed_from_iotas() {
        let mut b = B::new();
        let io = b.op(Opcode::Iota { dimension: 1 }, &[], f32t(&[2, 3]));
        let c = b.cst(literal_from_f64(f32t(&[2, 3]), &[0.5; 6]));
        let w = b.op(Opcode::Binary(BinaryOp::Mul), &[io, c], f32t(&[2, 3]));
        let big = b.op(Opcode::Iota { dimension: 0 }, &[], f32t(&[300, 300]));
        let big_c = b.cst(literal_from_f64(f32t(&[]), &[1.0]));
        let bb = b.op(
            Opcode::BroadcastInDim {
                broadcast_dimensions: vec![],
            },
            &[big_c],
            f32t(&[300, 300]),
        );
        let bw = b.op(Opcode::Binary(BinaryOp::Add), &[big, bb], f32t(&[300, 300]));
        let mut f = b.finish(&[w, io, bw]);
        fold(&mut f).unwrap();
        let vals: Vec<f32> = literal_bits(const_of(&f, w))
            .into_iter()
            .map(|x| f32::from_bits(x as u32))
            .collect();
        assert_eq!(vals, [0.0, 0.5, 1.0, 0.0, 0.5, 1.0]);
        let n = names(&f);
        assert_eq!(n.iter().filter(|o| *o == "stablehlo.iota").count(), 2);
        assert!(n.contains(&"stablehlo.add".to_string()), "{n:?}");
    }

    #[test]
    fn folds_reduce_of_constant() {
        let mut b = B::new();
        let s = f32t(&[]);
        let x = b.cst(literal_from_f64(f32t(&[3]), &[1.0, 2.0, 3.5]));
        let init = b.cst(literal_from_f64(s.clone(), &[0.0]));
        let (p, q, r) = (
            b.f.new_value(s.clone()),
            b.f.new_value(s.clone()),
            b.f.new_value(s.clone()),
        );
        let sum = b.op(
            Opcode::Reduce {
                dimensions: vec![0],
            },
            &[x, init],
            s.clone(),
        );
        b.f.body.ops.last_mut().unwrap().regions = vec![Region {
            args: vec![p, q],
            ops: vec![Op {
                opcode: Opcode::Binary(BinaryOp::Add),
                operands: vec![p, q],
                results: vec![r],
                regions: vec![],
                loc: Loc::default(),
            }],
            yields: vec![r],
            yield_loc: Loc::default(),
        }];
        let mut f = b.finish(&[sum]);
        fold(&mut f).unwrap();
        assert_eq!(literal_bits(const_of(&f, sum)), [6.5f32.to_bits() as u64]);
    }

    #[test]
    fn if_on_constant_takes_its_branch() {
        let mut b = B::new();
        let x = b.arg(f32t(&[]));
        let p = b.cst(Literal {
            ty: TensorType::scalar(DType::I1),
            bytes: vec![0].into(),
        });
        let (neg, e) = (b.f.new_value(f32t(&[])), b.f.new_value(f32t(&[])));
        let branch = |opcode, r| Region {
            ops: vec![Op {
                opcode,
                operands: vec![x],
                results: vec![r],
                regions: vec![],
                loc: Loc::default(),
            }],
            yields: vec![r],
            ..Region::default()
        };
        let r = b.op(Opcode::If, &[p], f32t(&[]));
        b.f.body.ops.last_mut().unwrap().regions = vec![
            branch(Opcode::Unary(UnaryOp::Neg), neg),
            branch(Opcode::Unary(UnaryOp::Exp), e),
        ];
        let s = b.op(Opcode::Binary(BinaryOp::Add), &[r, r], f32t(&[]));
        let mut f = b.finish(&[s]);
        fold(&mut f).unwrap();
        crate::compiler::passes::dce::dce(&mut f);
        assert_eq!(names(&f), ["stablehlo.exponential", "stablehlo.add"]);
        assert_eq!(f.body.ops[1].operands, vec![e, e]);
        crate::compiler::passes::verify::verify_func(&f).unwrap();
    }

    #[test]
    fn invalid_op_is_a_diagnostic() {
        let mut b = B::new();
        let x = b.cst(literal_from_f64(f32t(&[2]), &[1.0, 2.0]));
        let y = b.cst(literal_from_f64(f32t(&[3]), &[1.0, 2.0, 3.0]));
        let s = b.op(Opcode::Binary(BinaryOp::Add), &[x, y], f32t(&[2]));
        let mut f = b.finish(&[s]);
        let e = fold(&mut f).unwrap_err();
        assert!(
            e.message.contains("cannot fold 'stablehlo.add'"),
            "{}",
            e.message
        );
    }

    #[test]
    fn broadcasts_fold_by_bytes_like_the_evaluator() {
        // (operand shape, dims, result shape): rows, columns, transposed, size-1 dims,
        // scalars, a splat, and i1.
        type Case<'a> = (DType, &'a [i64], &'a [i64], &'a [i64]);
        let cases: &[Case] = &[
            (DType::F32, &[3], &[1], &[2, 3]),
            (DType::F32, &[3], &[0], &[3, 2]),
            (DType::F32, &[1, 3], &[0, 1], &[4, 3]),
            (DType::F32, &[2, 3], &[1, 0], &[3, 2]),
            (DType::F32, &[2, 1, 3], &[0, 2, 3], &[2, 4, 5, 3]),
            (DType::F32, &[], &[], &[2, 2]),
            (DType::F32, &[], &[], &[]),
            (DType::I16, &[2, 3], &[2, 0], &[3, 4, 2]),
            (DType::I1, &[3], &[1], &[2, 3]),
            (DType::F64, &[2], &[0], &[2, 0]),
        ];
        for &(dt, xs, dims, rs) in cases {
            let xt = TensorType::new(dt, xs);
            let n = xt.num_elements();
            let vals: Vec<i128> = (0..n as i128).map(|v| (v * 7 + 1) % 2 + v % 5).collect();
            let x = if dt == DType::I1 {
                Literal::new(xt.clone(), (0..n).map(|i| (i % 2) as u8).collect())
            } else {
                literal_from_i128(xt.clone(), &vals)
            };
            let rt = TensorType::new(dt, rs);
            let mut b = B::new();
            let c = b.cst(x.clone());
            let opcode = Opcode::BroadcastInDim {
                broadcast_dimensions: dims.to_vec(),
            };
            let y = b.op(opcode, &[c], rt.clone());
            let f = b.finish(&[y]);
            let op = &f.body.ops[1];
            let expected = eval::eval_op(&f, op, std::slice::from_ref(&x)).expect("eval");
            let got = broadcast_bytes(&x, &rt, dims).expect("folds");
            assert_eq!(got, expected[0], "{xt} dims {dims:?} -> {rt}");
        }
        let splat = literal_from_f64(f32t(&[2]), &[1.5, 1.5]);
        let got = broadcast_bytes(&splat, &f32t(&[3, 2]), &[1]).expect("folds");
        assert_eq!(got, literal_from_f64(f32t(&[3, 2]), &[1.5; 6]));
    }
}
