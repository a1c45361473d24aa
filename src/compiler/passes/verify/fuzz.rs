//! Random, mostly malformed ops: the verifier and the evaluator must answer with an error
//! or a result, never panic.
use super::*;
use crate::compiler::eval;
use crate::compiler::ir::{
    CompareDirection, ConvAttrs, DotDims, GatherAttrs, Literal, Loc, ScatterAttrs, WindowAttrs,
};
use proptest::prelude::*;

/// xorshift64*, enough to drive the generator from one proptest seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    /// Small integers, mostly valid dimension numbers, sometimes wild.
    fn int(&mut self) -> i64 {
        match self.below(20) {
            0 => i64::MIN,
            1 => i64::MAX,
            2 => -1,
            _ => self.below(4) as i64,
        }
    }

    fn ints(&mut self) -> Vec<i64> {
        let n = self.below(4);
        (0..n).map(|_| self.int()).collect()
    }

    fn dtype(&mut self) -> DType {
        DType::ALL[self.below(DType::ALL.len() as u64) as usize]
    }

    fn ty(&mut self) -> TensorType {
        let rank = self.below(4);
        let shape = (0..rank)
            .map(|_| {
                if self.below(30) == 0 {
                    -1
                } else {
                    self.below(4) as i64
                }
            })
            .collect::<Vec<_>>();
        TensorType::new(self.dtype(), shape)
    }

    fn bool(&mut self) -> bool {
        self.below(2) == 0
    }
}

fn opcode(r: &mut Rng) -> Opcode {
    use BinaryOp as B;
    use UnaryOp as U;
    match r.below(32) {
        0 => {
            let ty = r.ty();
            let n = crate::compiler::passes::verify::check_type(&ty)
                .map(|_| ty.byte_size() as usize)
                .unwrap_or(0)
                .min(64);
            Opcode::Constant(Literal {
                ty,
                bytes: vec![0; n].into(),
            })
        }
        1 => Opcode::Iota { dimension: r.int() },
        2 => Opcode::Unary(
            [
                U::Abs,
                U::Neg,
                U::Not,
                U::PopCnt,
                U::CountLeadingZeros,
                U::Sign,
                U::IsFinite,
                U::Exp,
            ][r.below(8) as usize],
        ),
        3 => Opcode::Binary(
            [
                B::Add,
                B::Div,
                B::Rem,
                B::Pow,
                B::ShiftLeft,
                B::ShiftRightArithmetic,
                B::Max,
                B::Atan2,
            ][r.below(8) as usize],
        ),
        4 => Opcode::Compare {
            direction: CompareDirection::Lt,
            compare_type: None,
        },
        5 => Opcode::Select,
        6 => Opcode::Clamp,
        7 => Opcode::Convert,
        8 => Opcode::BitcastConvert,
        9 => Opcode::BroadcastInDim {
            broadcast_dimensions: r.ints(),
        },
        10 => Opcode::Reshape,
        11 => Opcode::Transpose {
            permutation: r.ints(),
        },
        12 => Opcode::Slice {
            start: r.ints(),
            limit: r.ints(),
            strides: r.ints(),
        },
        13 => Opcode::Concatenate { dimension: r.int() },
        14 => Opcode::Pad {
            low: r.ints(),
            high: r.ints(),
            interior: r.ints(),
        },
        15 => Opcode::Reverse {
            dimensions: r.ints(),
        },
        16 => Opcode::DynamicSlice {
            slice_sizes: r.ints(),
        },
        17 => Opcode::DynamicUpdateSlice,
        18 => Opcode::Reduce {
            dimensions: r.ints(),
        },
        19 => Opcode::ReduceWindow(Box::new(WindowAttrs {
            window_dimensions: r.ints(),
            window_strides: r.ints(),
            base_dilations: r.ints(),
            window_dilations: r.ints(),
            padding: r.ints().into_iter().map(|x| (x, x)).collect(),
        })),
        20 => Opcode::DotGeneral(Box::new(DotDims {
            lhs_batch: r.ints(),
            rhs_batch: r.ints(),
            lhs_contracting: r.ints(),
            rhs_contracting: r.ints(),
        })),
        21 => Opcode::Convolution(Box::new(ConvAttrs {
            window_strides: r.ints(),
            padding: r
                .ints()
                .into_iter()
                .map(|x| (x, x.wrapping_neg()))
                .collect(),
            lhs_dilation: r.ints(),
            rhs_dilation: r.ints(),
            window_reversal: r.ints().into_iter().map(|x| x > 0).collect(),
            input_batch_dim: r.int(),
            input_feature_dim: r.int(),
            input_spatial_dims: r.ints(),
            kernel_input_feature_dim: r.int(),
            kernel_output_feature_dim: r.int(),
            kernel_spatial_dims: r.ints(),
            output_batch_dim: r.int(),
            output_feature_dim: r.int(),
            output_spatial_dims: r.ints(),
            feature_group_count: r.int(),
            batch_group_count: r.int(),
        })),
        22 => Opcode::Gather(Box::new(GatherAttrs {
            offset_dims: r.ints(),
            collapsed_slice_dims: r.ints(),
            operand_batching_dims: r.ints(),
            start_indices_batching_dims: r.ints(),
            start_index_map: r.ints(),
            index_vector_dim: r.int(),
            slice_sizes: r.ints(),
            indices_are_sorted: false,
        })),
        23 => Opcode::Scatter(Box::new(ScatterAttrs {
            update_window_dims: r.ints(),
            inserted_window_dims: r.ints(),
            input_batching_dims: r.ints(),
            scatter_indices_batching_dims: r.ints(),
            scatter_dims_to_operand_dims: r.ints(),
            index_vector_dim: r.int(),
            indices_are_sorted: false,
            unique_indices: false,
        })),
        24 => Opcode::Sort {
            dimension: r.int(),
            is_stable: true,
        },
        25 => Opcode::While,
        26 => Opcode::If,
        27 => Opcode::Case,
        28 => Opcode::SelectAndScatter {
            window_dimensions: r.ints(),
            window_strides: r.ints(),
            padding: vec![],
        },
        29 => Opcode::Cholesky { lower: r.bool() },
        30 => Opcode::TriangularSolve {
            left_side: r.bool(),
            lower: r.bool(),
            unit_diagonal: r.bool(),
            transpose_a: crate::compiler::ir::Transpose::Transpose,
        },
        _ => Opcode::OptimizationBarrier,
    }
}

/// A function whose arguments feed one random op (with random regions).
fn random_func(seed: u64) -> (Func, Vec<TensorType>) {
    let mut r = Rng(seed | 1);
    let mut f = Func {
        name: "main".into(),
        public: true,
        values: vec![],
        body: Region::default(),
        result_types: vec![],
        arg_attrs: vec![],
        result_attrs: vec![],
        loc: Loc::default(),
        valid_extents: Default::default(),
    };
    // Arguments related to one base type, so that many ops get past the first checks.
    let base = r.ty();
    let args: Vec<TensorType> = vec![
        base.clone(),
        base.clone(),
        TensorType::scalar(base.dtype),
        TensorType::scalar(DType::I32),
        base.with_dtype(DType::I1),
        TensorType::scalar(DType::I1),
        r.ty(),
    ];
    let n_args = args.len() as u64;
    for t in &args {
        let v = f.new_value(t.clone());
        f.body.args.push(v);
    }
    let opcode = opcode(&mut r);
    let rank = base.rank() as u64;
    let typical = match &opcode {
        Opcode::Constant(_) | Opcode::Iota { .. } => 0,
        Opcode::Binary(_) | Opcode::Compare { .. } | Opcode::Pad { .. } => 2,
        Opcode::TriangularSolve { .. } => 2,
        Opcode::Reduce { .. } | Opcode::ReduceWindow(_) | Opcode::DotGeneral(_) => 2,
        Opcode::Convolution(_) | Opcode::Gather(_) => 2,
        Opcode::Select | Opcode::Clamp | Opcode::Scatter(_) | Opcode::SelectAndScatter { .. } => 3,
        Opcode::DynamicSlice { .. } => 1 + rank,
        Opcode::DynamicUpdateSlice => 2 + rank,
        _ => 1,
    };
    let n_operands = if r.below(4) == 0 { r.below(5) } else { typical };
    let operands = (0..n_operands)
        .enumerate()
        .map(|(i, _)| match (r.below(4), &opcode) {
            (0, _) => ValueId(r.below(n_args + 1) as u32),
            // Scalars where the op usually wants them.
            (_, Opcode::Pad { .. } | Opcode::Reduce { .. } | Opcode::ReduceWindow(_)) if i > 0 => {
                ValueId(2)
            }
            (_, Opcode::DynamicSlice { .. }) if i > 0 => ValueId(3),
            (_, Opcode::DynamicUpdateSlice) if i > 1 => ValueId(3),
            (_, Opcode::Select | Opcode::If) if i == 0 => ValueId(4 + r.below(2) as u32),
            _ => ValueId(0),
        })
        .collect();
    let mut regions = Vec::new();
    for _ in 0..r.below(3) {
        let mut reg = Region::default();
        for _ in 0..r.below(5) {
            let d = if r.bool() { base.dtype } else { r.dtype() };
            let v = f.new_value(TensorType::scalar(d));
            reg.args.push(v);
        }
        if !reg.args.is_empty() && r.bool() {
            let (a, b) = (
                reg.args[0],
                reg.args[r.below(reg.args.len() as u64) as usize],
            );
            let c = f.new_value(f.ty(a).clone());
            reg.ops.push(Op {
                opcode: Opcode::Binary(BinaryOp::Add),
                operands: vec![a, b],
                results: vec![c],
                regions: vec![],
                loc: Loc::default(),
            });
            reg.yields.push(c);
        }
        for _ in 0..r.below(3) {
            let n = reg.args.len() as u64;
            if n > 0 {
                reg.yields.push(reg.args[r.below(n) as usize]);
            }
        }
        regions.push(reg);
    }
    let n_results = if r.below(4) == 0 { r.below(3) } else { 1 };
    let results: Vec<ValueId> = (0..n_results)
        .map(|_| {
            // Often the type of an operand, so more ops get past the first checks.
            let t = match r.below(4) {
                0 => r.ty(),
                1 => TensorType::scalar(base.dtype),
                _ => base.clone(),
            };
            f.new_value(t)
        })
        .collect();
    f.body.ops.push(Op {
        opcode,
        operands,
        results: results.clone(),
        regions,
        loc: Loc::default(),
    });
    f.body.yields = results.clone();
    f.result_types = results.iter().map(|&v| f.ty(v).clone()).collect();
    (f, args)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn random_ops_never_panic(seed in any::<u64>()) {
        let (f, _) = random_func(seed);
        let _ = verify_func(&f);
        let op = &f.body.ops[0];
        // Evaluate on zero literals of the operand types (when those types are sane).
        let lits: Option<Vec<Literal>> = op
            .operands
            .iter()
            .map(|&v| {
                let t = f.values.get(v.index())?;
                check_type(t).ok()?;
                (t.num_elements() <= 64).then(|| Literal {
                    ty: t.clone(),
                    bytes: vec![0; t.byte_size() as usize].into(),
                })
            })
            .collect();
        if let Some(lits) = lits {
            let _ = eval::eval_op(&f, op, &lits);
        }
        let mut g = f.clone();
        let _ = crate::compiler::passes::fold::fold(&mut g);
        crate::compiler::passes::cse::cse(&mut g);
        crate::compiler::passes::dce::dce(&mut g);
    }
}

/// Every op the verifier accepts is evaluated (or reported unsupported), with results of
/// the declared types.
#[test]
fn verified_ops_evaluate() {
    let mut verified = 0;
    for seed in 0..20000u64 {
        let (f, _) = random_func(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        if verify_func(&f).is_err() {
            continue;
        }
        verified += 1;
        let op = &f.body.ops[0];
        let lits: Vec<Literal> = op
            .operands
            .iter()
            .map(|&v| {
                let t = f.ty(v);
                Literal {
                    ty: t.clone(),
                    bytes: vec![0; t.byte_size() as usize].into(),
                }
            })
            .collect();
        match eval::eval_op(&f, op, &lits) {
            Ok(out) => {
                let tys: Vec<&TensorType> = out.iter().map(|l| &l.ty).collect();
                let want: Vec<&TensorType> = op.results.iter().map(|&v| f.ty(v)).collect();
                assert_eq!(tys, want, "{:?}", op.opcode);
                for l in &out {
                    assert_eq!(l.bytes.len() as u64, l.ty.byte_size());
                }
            }
            Err(eval::EvalError::Unsupported(_)) => {}
            Err(e) => panic!("{:?}: {e}", op.opcode),
        }
    }
    assert!(
        verified > 200,
        "the generator reaches too few valid ops: {verified}"
    );
}
