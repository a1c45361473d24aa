use super::*;
use crate::compiler::ir::{
    CompareDirection, ConvAttrs, DotDims, GatherAttrs, Literal, Loc, SourcePos,
};

/// A tiny builder: one function whose args are given and whose single op is under test.
struct B {
    f: Func,
}

fn t(d: DType, s: &[i64]) -> TensorType {
    TensorType::new(d, s)
}

fn f32t(s: &[i64]) -> TensorType {
    t(DType::F32, s)
}

impl B {
    fn new(args: &[TensorType]) -> B {
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
        for a in args {
            let v = f.new_value(a.clone());
            f.body.args.push(v);
        }
        B { f }
    }

    fn arg(&self, i: usize) -> ValueId {
        self.f.body.args[i]
    }

    fn op(&mut self, opcode: Opcode, operands: Vec<ValueId>, results: &[TensorType]) -> ValueId {
        self.op_with(opcode, operands, results, vec![])
    }

    fn op_with(
        &mut self,
        opcode: Opcode,
        operands: Vec<ValueId>,
        results: &[TensorType],
        regions: Vec<Region>,
    ) -> ValueId {
        let results: Vec<ValueId> = results
            .iter()
            .map(|r| self.f.new_value(r.clone()))
            .collect();
        self.f.body.ops.push(Op {
            opcode,
            operands,
            results: results.clone(),
            regions,
            loc: Loc {
                pos: SourcePos::Text { line: 3, col: 7 },
                mlir: None,
            },
        });
        results.first().copied().unwrap_or(ValueId(u32::MAX))
    }

    /// A region `(a, b) -> a <op> b` on scalars of `d`.
    fn binary_region(&mut self, d: DType, op: BinaryOp) -> Region {
        let s = TensorType::scalar(d);
        let a = self.f.new_value(s.clone());
        let b = self.f.new_value(s.clone());
        let c = self.f.new_value(s);
        Region {
            args: vec![a, b],
            ops: vec![Op {
                opcode: Opcode::Binary(op),
                operands: vec![a, b],
                results: vec![c],
                regions: vec![],
                loc: Loc::default(),
            }],
            yields: vec![c],
            yield_loc: Loc::default(),
        }
    }

    fn ret(mut self, vs: &[ValueId]) -> Func {
        self.f.body.yields = vs.to_vec();
        self.f.result_types = vs.iter().map(|&v| self.f.ty(v).clone()).collect();
        self.f
    }

    fn err(self, v: ValueId) -> String {
        let f = self.ret(&[v]);
        verify_func(&f)
            .expect_err("expected a verifier error")
            .message
    }

    fn ok(self, v: ValueId) {
        let f = self.ret(&[v]);
        verify_func(&f).unwrap();
    }
}

#[track_caller]
fn assert_has(msg: &str, want: &str) {
    assert!(msg.contains(want), "message {msg:?} lacks {want:?}");
}

#[test]
fn add_type_mismatch() {
    let mut b = B::new(&[f32t(&[4]), t(DType::I32, &[4])]);
    let (x, y) = (b.arg(0), b.arg(1));
    let r = b.op(Opcode::Binary(BinaryOp::Add), vec![x, y], &[f32t(&[4])]);
    let f = b.ret(&[r]);
    let e = verify_func(&f).unwrap_err();
    assert_eq!(
        e.message,
        "'stablehlo.add' operand types differ: tensor<4xf32> vs tensor<4xi32>"
    );
    assert_eq!(e.pos, SourcePos::Text { line: 3, col: 7 });
}

#[test]
fn unary_and_compare_types() {
    let mut b = B::new(&[t(DType::I32, &[2])]);
    let x = b.arg(0);
    let r = b.op(Opcode::Unary(UnaryOp::Exp), vec![x], &[t(DType::I32, &[2])]);
    assert_has(
        &b.err(r),
        "'stablehlo.exponential' operand type tensor<2xi32> is not supported",
    );

    let mut b = B::new(&[f32t(&[2]), f32t(&[2])]);
    let (x, y) = (b.arg(0), b.arg(1));
    let cmp = Opcode::Compare {
        direction: CompareDirection::Lt,
        compare_type: None,
    };
    let r = b.op(cmp.clone(), vec![x, y], &[f32t(&[2])]);
    assert_has(
        &b.err(r),
        "result 0 has type tensor<2xf32>, expected tensor<2xi1>",
    );
    let mut b = B::new(&[f32t(&[2]), f32t(&[2])]);
    let (x, y) = (b.arg(0), b.arg(1));
    let r = b.op(cmp, vec![x, y], &[t(DType::I1, &[2])]);
    b.ok(r);
}

#[test]
fn ssa_errors() {
    // Use before definition.
    let mut b = B::new(&[f32t(&[])]);
    let x = b.arg(0);
    let later = ValueId(5);
    let r = b.op(Opcode::Binary(BinaryOp::Add), vec![x, later], &[f32t(&[])]);
    b.f.values.resize(6, f32t(&[]));
    assert_has(&b.err(r), "uses value %5 before its definition");
    // Out of range.
    let mut b = B::new(&[f32t(&[])]);
    let x = b.arg(0);
    let r = b.op(
        Opcode::Binary(BinaryOp::Add),
        vec![x, ValueId(99)],
        &[f32t(&[])],
    );
    assert_has(&b.err(r), "uses value %99 which is out of range");
    // Return of an out-of-range value and mismatched declared results.
    let b = B::new(&[f32t(&[])]);
    let mut f = b.ret(&[]);
    f.body.yields = vec![ValueId(7)];
    assert_has(&verify_func(&f).unwrap_err().message, "out of range");
    let b = B::new(&[f32t(&[])]);
    let x = b.arg(0);
    let mut f = b.ret(&[x]);
    f.result_types = vec![f32t(&[1])];
    assert_has(
        &verify_func(&f).unwrap_err().message,
        "'func.return' returns (tensor<f32>) but @main declares results (tensor<1xf32>)",
    );
    // Values of a region are not visible after it.
    let mut b = B::new(&[t(DType::I1, &[]), f32t(&[])]);
    let (p, x) = (b.arg(0), b.arg(1));
    let inner = b.f.new_value(f32t(&[]));
    let region = |yields| Region {
        ops: vec![Op {
            opcode: Opcode::Unary(UnaryOp::Neg),
            operands: vec![x],
            results: yields,
            regions: vec![],
            loc: Loc::default(),
        }],
        yields: vec![x],
        ..Region::default()
    };
    let iff = b.op_with(
        Opcode::If,
        vec![p],
        &[f32t(&[])],
        vec![
            region(vec![inner]),
            Region {
                yields: vec![x],
                ..Region::default()
            },
        ],
    );
    let r = b.op(
        Opcode::Binary(BinaryOp::Add),
        vec![iff, inner],
        &[f32t(&[])],
    );
    assert_has(
        &b.err(r),
        &format!(
            "uses value %{} before its definition or out of its scope",
            inner.0
        ),
    );
}

#[test]
fn bad_types_do_not_panic() {
    let mut b = B::new(&[f32t(&[-1])]);
    let x = b.arg(0);
    let r = b.op(Opcode::Unary(UnaryOp::Neg), vec![x], &[f32t(&[-1])]);
    assert_has(&b.err(r), "negative dimension -1");
    let mut b = B::new(&[f32t(&[1 << 40, 1 << 40])]);
    let x = b.arg(0);
    let r = b.op(Opcode::Unary(UnaryOp::Neg), vec![x], &[f32t(&[])]);
    assert_has(&b.err(r), "element count overflows");
}

#[test]
fn broadcast_reshape_transpose() {
    let mut b = B::new(&[f32t(&[3])]);
    let x = b.arg(0);
    let r = b.op(
        Opcode::BroadcastInDim {
            broadcast_dimensions: vec![1],
        },
        vec![x],
        &[f32t(&[2, 4])],
    );
    assert_has(
        &b.err(r),
        "operand dimension 0 of size 3 cannot broadcast to result dimension 1 of size 4",
    );
    let mut b = B::new(&[f32t(&[3])]);
    let x = b.arg(0);
    let r = b.op(
        Opcode::BroadcastInDim {
            broadcast_dimensions: vec![0, 1],
        },
        vec![x],
        &[f32t(&[3, 4])],
    );
    assert_has(&b.err(r), "broadcast_dimensions has 2 entries, expected 1");
    let mut b = B::new(&[f32t(&[2, 3])]);
    let x = b.arg(0);
    let r = b.op(Opcode::Reshape, vec![x], &[f32t(&[5])]);
    assert_has(&b.err(r), "element counts differ");
    let mut b = B::new(&[f32t(&[2, 3])]);
    let x = b.arg(0);
    let r = b.op(
        Opcode::Transpose {
            permutation: vec![1, 1],
        },
        vec![x],
        &[f32t(&[3, 2])],
    );
    assert_has(&b.err(r), "permutation entry 1 appears twice");
    let mut b = B::new(&[f32t(&[2, 3])]);
    let x = b.arg(0);
    let r = b.op(
        Opcode::Transpose {
            permutation: vec![1, 0],
        },
        vec![x],
        &[f32t(&[3, 2])],
    );
    b.ok(r);
}

#[test]
fn slice_pad_concat() {
    let mut b = B::new(&[f32t(&[10])]);
    let x = b.arg(0);
    let r = b.op(
        Opcode::Slice {
            start: vec![1],
            limit: vec![11],
            strides: vec![1],
        },
        vec![x],
        &[f32t(&[10])],
    );
    assert_has(&b.err(r), "limit (11) <= size (10)");
    let mut b = B::new(&[f32t(&[10])]);
    let x = b.arg(0);
    let r = b.op(
        Opcode::Slice {
            start: vec![1],
            limit: vec![10],
            strides: vec![4],
        },
        vec![x],
        &[f32t(&[3])],
    );
    b.ok(r);
    // Pad: 3 + (-1) + 2 + 2*1 = 6.
    let mut b = B::new(&[f32t(&[3]), f32t(&[])]);
    let (x, p) = (b.arg(0), b.arg(1));
    let pad = Opcode::Pad {
        low: vec![-1],
        high: vec![2],
        interior: vec![1],
    };
    let r = b.op(pad.clone(), vec![x, p], &[f32t(&[7])]);
    assert_has(
        &b.err(r),
        "result 0 has type tensor<7xf32>, expected tensor<6xf32>",
    );
    let mut b = B::new(&[f32t(&[3]), f32t(&[])]);
    let (x, p) = (b.arg(0), b.arg(1));
    let r = b.op(
        Opcode::Pad {
            low: vec![-10],
            high: vec![0],
            interior: vec![0],
        },
        vec![x, p],
        &[f32t(&[0])],
    );
    assert_has(&b.err(r), "dimension 0 would have size -7");
    let mut b = B::new(&[f32t(&[2, 3]), f32t(&[2, 4])]);
    let (x, y) = (b.arg(0), b.arg(1));
    let r = b.op(
        Opcode::Concatenate { dimension: 0 },
        vec![x, y],
        &[f32t(&[4, 3])],
    );
    assert_has(
        &b.err(r),
        "operand 1 type tensor<2x4xf32> differs from tensor<2x3xf32> outside dimension 0",
    );
}

#[test]
fn dot_general_checks() {
    let dims = DotDims {
        lhs_batch: vec![0],
        rhs_batch: vec![0],
        lhs_contracting: vec![2],
        rhs_contracting: vec![1],
    };
    let mut b = B::new(&[f32t(&[5, 2, 3]), f32t(&[5, 3, 4])]);
    let (x, y) = (b.arg(0), b.arg(1));
    let r = b.op(
        Opcode::DotGeneral(Box::new(dims.clone())),
        vec![x, y],
        &[f32t(&[5, 2, 4])],
    );
    b.ok(r);
    let mut b = B::new(&[f32t(&[5, 2, 3]), f32t(&[5, 4, 4])]);
    let (x, y) = (b.arg(0), b.arg(1));
    let r = b.op(
        Opcode::DotGeneral(Box::new(dims.clone())),
        vec![x, y],
        &[f32t(&[5, 2, 4])],
    );
    assert_has(
        &b.err(r),
        "'stablehlo.dot_general' lhs contracting dimension 2 (size 3) and rhs contracting dimension 1 (size 4) differ",
    );
    let mut b = B::new(&[f32t(&[5, 2, 3]), f32t(&[6, 3, 4])]);
    let (x, y) = (b.arg(0), b.arg(1));
    let r = b.op(
        Opcode::DotGeneral(Box::new(dims)),
        vec![x, y],
        &[f32t(&[5, 2, 4])],
    );
    assert_has(
        &b.err(r),
        "batching dimension 0 (size 5) and rhs batching dimension 0 (size 6) differ",
    );
}

fn conv_nhwc(stride: i64, pad: (i64, i64), rhs_dil: i64, groups: i64) -> ConvAttrs {
    ConvAttrs {
        window_strides: vec![stride; 2],
        padding: vec![pad; 2],
        lhs_dilation: vec![1; 2],
        rhs_dilation: vec![rhs_dil; 2],
        window_reversal: vec![false; 2],
        input_batch_dim: 0,
        input_feature_dim: 3,
        input_spatial_dims: vec![1, 2],
        kernel_input_feature_dim: 2,
        kernel_output_feature_dim: 3,
        kernel_spatial_dims: vec![0, 1],
        output_batch_dim: 0,
        output_feature_dim: 3,
        output_spatial_dims: vec![1, 2],
        feature_group_count: groups,
        batch_group_count: 1,
    }
}

#[test]
fn convolution_shapes() {
    // 8x8 input, 3x3 kernel dilated by 2 (-> 5), padding 1/1 (-> 10), stride 2 -> 3.
    let mut b = B::new(&[f32t(&[1, 8, 8, 4]), f32t(&[3, 3, 2, 6])]);
    let (x, k) = (b.arg(0), b.arg(1));
    let r = b.op(
        Opcode::Convolution(Box::new(conv_nhwc(2, (1, 1), 2, 2))),
        vec![x, k],
        &[f32t(&[1, 3, 3, 6])],
    );
    b.ok(r);
    let mut b = B::new(&[f32t(&[1, 8, 8, 4]), f32t(&[3, 3, 2, 6])]);
    let (x, k) = (b.arg(0), b.arg(1));
    let r = b.op(
        Opcode::Convolution(Box::new(conv_nhwc(1, (0, 0), 1, 2))),
        vec![x, k],
        &[f32t(&[1, 7, 7, 6])],
    );
    assert_has(
        &b.err(r),
        "result tensor<1x7x7x6xf32> must have shape [1, 6, 6, 6]",
    );
    let mut b = B::new(&[f32t(&[1, 8, 8, 4]), f32t(&[3, 3, 4, 6])]);
    let (x, k) = (b.arg(0), b.arg(1));
    let r = b.op(
        Opcode::Convolution(Box::new(conv_nhwc(1, (0, 0), 1, 2))),
        vec![x, k],
        &[f32t(&[1, 6, 6, 6])],
    );
    assert_has(
        &b.err(r),
        "kernel input features (4) must equal input features (4) / feature_group_count (2)",
    );
}

#[test]
fn reduce_region_signature() {
    let mut b = B::new(&[f32t(&[4, 5]), f32t(&[])]);
    let (x, init) = (b.arg(0), b.arg(1));
    let body = b.binary_region(DType::F32, BinaryOp::Add);
    let r = b.op_with(
        Opcode::Reduce {
            dimensions: vec![1],
        },
        vec![x, init],
        &[f32t(&[4])],
        vec![body],
    );
    b.ok(r);
    let mut b = B::new(&[f32t(&[4, 5]), f32t(&[])]);
    let (x, init) = (b.arg(0), b.arg(1));
    let body = b.binary_region(DType::I32, BinaryOp::Add);
    let r = b.op_with(
        Opcode::Reduce {
            dimensions: vec![1],
        },
        vec![x, init],
        &[f32t(&[4])],
        vec![body],
    );
    assert_has(
        &b.err(r),
        "region 0 takes (tensor<i32>, tensor<i32>), expected (tensor<f32>, tensor<f32>)",
    );
    let mut b = B::new(&[f32t(&[4, 5]), f32t(&[])]);
    let (x, init) = (b.arg(0), b.arg(1));
    let r = b.op(
        Opcode::Reduce {
            dimensions: vec![2],
        },
        vec![x, init],
        &[f32t(&[4])],
    );
    assert_has(&b.err(r), "expects 1 regions, got 0");
}

#[test]
fn gather_shape_rule() {
    // The classic embedding lookup: operand [10, 8], indices [3, 1] -> [3, 8].
    let g = GatherAttrs {
        offset_dims: vec![1],
        collapsed_slice_dims: vec![0],
        operand_batching_dims: vec![],
        start_indices_batching_dims: vec![],
        start_index_map: vec![0],
        index_vector_dim: 1,
        slice_sizes: vec![1, 8],
        indices_are_sorted: false,
    };
    let mut b = B::new(&[f32t(&[10, 8]), t(DType::I32, &[3, 1])]);
    let (x, i) = (b.arg(0), b.arg(1));
    let r = b.op(
        Opcode::Gather(Box::new(g.clone())),
        vec![x, i],
        &[f32t(&[3, 8])],
    );
    b.ok(r);
    let mut g2 = g;
    g2.slice_sizes = vec![2, 8];
    let mut b = B::new(&[f32t(&[10, 8]), t(DType::I32, &[3, 1])]);
    let (x, i) = (b.arg(0), b.arg(1));
    let r = b.op(Opcode::Gather(Box::new(g2)), vec![x, i], &[f32t(&[3, 8])]);
    assert_has(
        &b.err(r),
        "collapsed or batching dimension 0 has slice size 2",
    );
}

#[test]
fn select_clamp_bitcast_iota_constant() {
    let mut b = B::new(&[t(DType::I1, &[3]), f32t(&[2]), f32t(&[2])]);
    let (p, x, y) = (b.arg(0), b.arg(1), b.arg(2));
    let r = b.op(Opcode::Select, vec![p, x, y], &[f32t(&[2])]);
    assert_has(
        &b.err(r),
        "pred must be tensor<i1> or of the shape of tensor<2xf32>, got tensor<3xi1>",
    );
    let mut b = B::new(&[f32t(&[2]), f32t(&[3]), f32t(&[])]);
    let (lo, x, hi) = (b.arg(0), b.arg(1), b.arg(2));
    let r = b.op(Opcode::Clamp, vec![lo, x, hi], &[f32t(&[3])]);
    assert_has(
        &b.err(r),
        "min must be a scalar or of the type of operand tensor<3xf32>",
    );
    let mut b = B::new(&[f32t(&[3])]);
    let x = b.arg(0);
    let r = b.op(Opcode::BitcastConvert, vec![x], &[t(DType::U8, &[3, 4])]);
    b.ok(r);
    let mut b = B::new(&[f32t(&[3])]);
    let x = b.arg(0);
    let r = b.op(Opcode::BitcastConvert, vec![x], &[t(DType::F16, &[3])]);
    assert_has(&b.err(r), "cannot bitcast tensor<3xf32> to tensor<3xf16>");
    let mut b = B::new(&[]);
    let r = b.op(Opcode::Iota { dimension: 1 }, vec![], &[f32t(&[4])]);
    assert_has(&b.err(r), "iota_dimension 1 is out of range for rank 1");
    let mut b = B::new(&[]);
    let lit = Literal {
        ty: f32t(&[2]),
        bytes: vec![0; 4].into(),
    };
    let r = b.op(Opcode::Constant(lit), vec![], &[f32t(&[2])]);
    assert_has(
        &b.err(r),
        "literal has 4 bytes, its type tensor<2xf32> needs 8",
    );
}

#[test]
fn while_region_types() {
    let mut b = B::new(&[t(DType::I32, &[])]);
    let x = b.arg(0);
    let ca = b.f.new_value(t(DType::I32, &[]));
    let ba = b.f.new_value(t(DType::I32, &[]));
    let cond = Region {
        args: vec![ca],
        yields: vec![ca],
        ..Region::default()
    };
    let body = Region {
        args: vec![ba],
        yields: vec![ba],
        ..Region::default()
    };
    let r = b.op_with(
        Opcode::While,
        vec![x],
        &[t(DType::I32, &[])],
        vec![cond, body],
    );
    assert_has(
        &b.err(r),
        "region 0 yields (tensor<i32>), expected (tensor<i1>)",
    );
}

#[test]
fn calls_checked_against_callee() {
    let mut callee = B::new(&[f32t(&[2])]);
    callee.f.name = "g".into();
    callee.f.public = false;
    let a = callee.arg(0);
    let callee = callee.ret(&[a]);
    let mut b = B::new(&[f32t(&[3])]);
    let x = b.arg(0);
    let r = b.op(Opcode::Call { callee: "g".into() }, vec![x], &[f32t(&[2])]);
    let main = b.ret(&[r]);
    let m = Module {
        name: None,
        funcs: vec![main.clone(), callee],
        partition: None,
    };
    assert_has(
        &verify_module(&m).unwrap_err().message,
        "'func.call' operand types (tensor<3xf32>) do not match @g parameters (tensor<2xf32>)",
    );
    assert_has(&verify_func(&main).unwrap_err().message, "was not inlined");
}

#[test]
fn wrong_attribute_lengths_do_not_panic() {
    let mut b = B::new(&[f32t(&[2, 3])]);
    let x = b.arg(0);
    let r = b.op(
        Opcode::ReduceWindow(Box::new(crate::compiler::ir::WindowAttrs {
            window_dimensions: vec![1],
            window_strides: vec![],
            base_dilations: vec![],
            window_dilations: vec![],
            padding: vec![],
        })),
        vec![x, x],
        &[f32t(&[2, 3])],
    );
    let e = b.err(r);
    assert!(e.starts_with("'stablehlo.reduce_window'"), "{e}");
    let mut b = B::new(&[f32t(&[2, 3])]);
    let x = b.arg(0);
    let r = b.op(
        Opcode::DynamicSlice {
            slice_sizes: vec![1, 1],
        },
        vec![x],
        &[f32t(&[1, 1])],
    );
    assert_has(&b.err(r), "expects 3 operands, got 1");
    let mut b = B::new(&[f32t(&[2, 3])]);
    let x = b.arg(0);
    let mut c = conv_nhwc(1, (0, 0), 1, 1);
    c.padding = vec![];
    let r = b.op(
        Opcode::Convolution(Box::new(c)),
        vec![x, x],
        &[f32t(&[2, 3])],
    );
    assert_has(&b.err(r), "must have rank 4");
}

#[test]
fn values_are_defined_once() {
    let mut b = B::new(&[f32t(&[])]);
    let x = b.arg(0);
    let r = b.op(Opcode::Unary(UnaryOp::Neg), vec![x], &[f32t(&[])]);
    b.f.body.ops.push(Op {
        opcode: Opcode::Unary(UnaryOp::Neg),
        operands: vec![x],
        results: vec![r],
        regions: vec![],
        loc: Loc::default(),
    });
    assert_has(
        &b.err(r),
        &format!("result: value %{} is defined more than once", r.0),
    );
    let mut b = B::new(&[f32t(&[])]);
    let x = b.arg(0);
    let r = b.op(Opcode::Unary(UnaryOp::Neg), vec![x], &[f32t(&[])]);
    b.f.body.ops[0].results = vec![ValueId(40)];
    let f = b.ret(&[]);
    let _ = r;
    assert_has(
        &verify_func(&f).unwrap_err().message,
        "result %40 is out of range",
    );
}

#[test]
fn scatter_sort_case_checks() {
    use crate::compiler::ir::ScatterAttrs;
    let attrs = ScatterAttrs {
        update_window_dims: vec![1],
        inserted_window_dims: vec![0],
        input_batching_dims: vec![],
        scatter_indices_batching_dims: vec![],
        scatter_dims_to_operand_dims: vec![0],
        index_vector_dim: 1,
        indices_are_sorted: false,
        unique_indices: false,
    };
    let scatter = |upd: &[i64]| {
        let mut b = B::new(&[f32t(&[5, 3]), t(DType::I32, &[2, 1]), f32t(upd)]);
        let (x, i, u) = (b.arg(0), b.arg(1), b.arg(2));
        let body = b.binary_region(DType::F32, BinaryOp::Add);
        let r = b.op_with(
            Opcode::Scatter(Box::new(attrs.clone())),
            vec![x, i, u],
            &[f32t(&[5, 3])],
            vec![body],
        );
        b.ret(&[r])
    };
    verify_func(&scatter(&[2, 3])).unwrap();
    assert_has(
        &verify_func(&scatter(&[3, 3])).unwrap_err().message,
        "update scatter dimensions [3] must match the indices batch dimensions [2]",
    );
    assert_has(
        &verify_func(&scatter(&[2, 4])).unwrap_err().message,
        "update window dimension 1 (size 4) exceeds input dimension 1 (size 3)",
    );
    // Sort: the comparator must yield tensor<i1>.
    let mut b = B::new(&[f32t(&[4])]);
    let x = b.arg(0);
    let body = b.binary_region(DType::F32, BinaryOp::Max);
    let r = b.op_with(
        Opcode::Sort {
            dimension: 0,
            is_stable: true,
        },
        vec![x],
        &[f32t(&[4])],
        vec![body],
    );
    assert_has(
        &b.err(r),
        "region 0 yields (tensor<f32>), expected (tensor<i1>)",
    );
    // Case: the index is tensor<i32>.
    let mut b = B::new(&[t(DType::I64, &[]), f32t(&[])]);
    let (i, x) = (b.arg(0), b.arg(1));
    let branch = Region {
        yields: vec![x],
        ..Region::default()
    };
    let r = b.op_with(Opcode::Case, vec![i], &[f32t(&[])], vec![branch]);
    assert_has(
        &b.err(r),
        "'stablehlo.case' index must be tensor<i32>, got tensor<i64>",
    );
}
