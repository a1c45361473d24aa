//! The HLO front end: a serialized `HloModuleProto` (what PyTorch/XLA, TensorFlow and
//! older PJRT clients send as program format `"hlo"`, and what
//! `jax.jit(f).lower(x).compiler_ir("hlo").as_serialized_hlo_module_proto()` writes) ->
//! ir::Module.
//!
//! HLO ops map one to one onto StableHLO ops, except for tuples: an instruction's value
//! is the list of its tuple-shaped result's leaves (in order), so `tuple` concatenates
//! lists, `get-tuple-element` takes a range of one, and tuple parameters and results of
//! the entry computation become flat argument and result lists (as PJRT passes them).
//! Called computations become regions (reduce, sort, while, ...) with one argument per
//! leaf of their parameters; `call` and `fusion` are inlined; `conditional` branches
//! read their operand from the enclosing scope. Opcodes pjrtc has no mapping for are
//! refused with the opcode and the instruction's name.

mod proto;

use std::collections::HashMap;

use super::super::chlo::{self, ChloOp};
use super::super::diag::Diagnostic;
use super::super::ir::builder::Builder;
use super::super::ir::{
    BinaryOp, CompareDirection, CompareType, ConvAttrs, DType, DotDims, FftType, Func, GatherAttrs,
    Literal, Loc, Module, Op, Opcode, Region, RngAlgorithm, ScatterAttrs, SourcePos, TensorType,
    Transpose, UnaryOp, ValueId, WindowAttrs,
};
use proto::{
    HloComputationProto, HloInstructionProto, HloModuleProto, LiteralProto, Message, ShapeProto,
};

type Result<T> = std::result::Result<T, Diagnostic>;

/// Is `bytes` (not MLIR bytecode) a binary protobuf rather than MLIR text? Text never
/// holds control characters other than tab and line breaks; a serialized HloModuleProto
/// always does (field tags and lengths below 0x20).
pub fn looks_like_proto(bytes: &[u8]) -> bool {
    bytes
        .iter()
        .take(4096)
        .any(|&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r'))
}

/// Reads a serialized `HloModuleProto` into a module with one public function `main`
/// (the entry computation).
pub fn parse_hlo(bytes: &[u8]) -> Result<Module> {
    let module = HloModuleProto::decode(bytes).map_err(|e| {
        Diagnostic::new(
            SourcePos::Byte(0),
            format!("not a valid HloModuleProto: {e}"),
        )
    })?;
    let comps: HashMap<i64, &HloComputationProto> =
        module.computations.iter().map(|c| (c.id, c)).collect();
    let entry = comps
        .get(&module.entry_computation_id)
        .copied()
        .or_else(|| {
            module
                .computations
                .iter()
                .find(|c| c.name == module.entry_computation_name)
        })
        .ok_or_else(|| {
            Diagnostic::new(
                SourcePos::Unknown,
                format!(
                    "HloModuleProto {:?}: no entry computation (id {}, name {:?})",
                    module.name, module.entry_computation_id, module.entry_computation_name
                ),
            )
        })?;
    let mut func = Func {
        name: "main".to_string(),
        public: true,
        values: Vec::new(),
        body: Region::default(),
        result_types: Vec::new(),
        arg_attrs: Vec::new(),
        result_attrs: Vec::new(),
        loc: Loc::default(),
        valid_extents: Default::default(),
    };
    let mut reader = Reader {
        comps,
        values: &mut func.values,
        depth: 0,
    };
    // Entry parameters, in parameter order, each flattened to its leaves.
    let (args, param_leaves) = reader.parameters(entry)?;
    let mut ops = Vec::new();
    let yields = reader.computation(entry, &param_leaves, &mut ops)?;
    drop(reader);
    func.result_types = yields.iter().map(|&v| func.ty(v).clone()).collect();
    func.arg_attrs = vec![Vec::new(); args.len()];
    func.result_attrs = vec![Vec::new(); yields.len()];
    func.body = Region {
        args,
        ops,
        yields,
        yield_loc: Loc::default(),
    };
    Ok(Module {
        name: Some(module.name.clone()),
        funcs: vec![func],
        partition: None,
    })
}

/// Converts computations into the ops of one function.
struct Reader<'a> {
    comps: HashMap<i64, &'a HloComputationProto>,
    values: &'a mut Vec<TensorType>,
    /// Nesting of inlined calls, to refuse recursion instead of overflowing the stack.
    depth: usize,
}

/// Calls nested deeper than this are refused (HLO has no recursion; this bounds a
/// malformed module that calls itself).
const MAX_CALL_DEPTH: usize = 64;

fn loc(comp: &HloComputationProto, inst: &HloInstructionProto) -> Loc {
    let mut text = format!("{}/{}", comp.name, inst.name);
    if let Some(m) = &inst.metadata
        && !m.source_file.is_empty()
    {
        text.push_str(&format!(" ({}:{})", m.source_file, m.source_line));
    }
    Loc {
        pos: SourcePos::Unknown,
        mlir: Some(text),
    }
}

fn at(
    comp: &HloComputationProto,
    inst: &HloInstructionProto,
    msg: impl Into<String>,
) -> Diagnostic {
    Diagnostic::at(
        &loc(comp, inst),
        format!("HLO {} {:?}: {}", inst.opcode, inst.name, msg.into()),
    )
}

fn shape_of<'p>(
    comp: &HloComputationProto,
    inst: &'p HloInstructionProto,
) -> Result<&'p ShapeProto> {
    inst.shape
        .as_ref()
        .ok_or_else(|| at(comp, inst, "instruction has no shape"))
}

/// The pjrtc element type of an XLA `PrimitiveType`.
fn dtype(code: i32) -> Option<DType> {
    DType::from_xla_primitive_type(code)
}

const TUPLE: i32 = 13;

/// The array types of the leaves of `shape`, in order.
fn leaf_types(
    comp: &HloComputationProto,
    inst: &HloInstructionProto,
    shape: &ShapeProto,
) -> Result<Vec<TensorType>> {
    let mut out = Vec::new();
    collect_leaves(comp, inst, shape, &mut out)?;
    Ok(out)
}

fn collect_leaves(
    comp: &HloComputationProto,
    inst: &HloInstructionProto,
    shape: &ShapeProto,
    out: &mut Vec<TensorType>,
) -> Result<()> {
    if shape.element_type == TUPLE {
        for s in &shape.tuple_shapes {
            collect_leaves(comp, inst, s, out)?;
        }
        return Ok(());
    }
    out.push(array_type(comp, inst, shape)?);
    Ok(())
}

fn array_type(
    comp: &HloComputationProto,
    inst: &HloInstructionProto,
    shape: &ShapeProto,
) -> Result<TensorType> {
    let dt = dtype(shape.element_type).ok_or_else(|| {
        at(
            comp,
            inst,
            format!(
                "unsupported: element type {} (XLA PrimitiveType; tokens and opaque values have no pjrtc type)",
                shape.element_type
            ),
        )
    })?;
    if shape.is_dynamic_dimension.iter().any(|&d| d) {
        return Err(at(comp, inst, "unsupported: dynamic dimensions"));
    }
    if shape.dimensions.iter().any(|&d| d < 0) {
        return Err(at(comp, inst, "negative dimension"));
    }
    let bytes = shape
        .dimensions
        .iter()
        .try_fold(dt.size() as i64, |n, &d| n.checked_mul(d));
    if bytes.is_none() {
        return Err(at(comp, inst, "shape too large"));
    }
    Ok(TensorType::new(dt, shape.dimensions.clone()))
}

/// Number of leaves of a shape.
fn leaf_count(shape: &ShapeProto) -> usize {
    if shape.element_type == TUPLE {
        shape.tuple_shapes.iter().map(leaf_count).sum()
    } else {
        1
    }
}

fn unary_op(name: &str) -> Option<UnaryOp> {
    use UnaryOp as U;
    Some(match name {
        "abs" => U::Abs,
        "negate" => U::Neg,
        "sqrt" => U::Sqrt,
        "rsqrt" => U::Rsqrt,
        "cbrt" => U::Cbrt,
        "exponential" => U::Exp,
        "exponential-minus-one" => U::Expm1,
        "log" => U::Log,
        "log-plus-one" => U::Log1p,
        "logistic" => U::Logistic,
        "tanh" => U::Tanh,
        "sine" => U::Sin,
        "cosine" => U::Cos,
        "tan" => U::Tan,
        "floor" => U::Floor,
        "ceil" => U::Ceil,
        "round-nearest-afz" => U::RoundNearestAfz,
        "round-nearest-even" => U::RoundNearestEven,
        "sign" => U::Sign,
        "not" => U::Not,
        "popcnt" => U::PopCnt,
        "count-leading-zeros" => U::CountLeadingZeros,
        "is-finite" => U::IsFinite,
        _ => return None,
    })
}

fn binary_op(name: &str) -> Option<BinaryOp> {
    use BinaryOp as B;
    Some(match name {
        "add" => B::Add,
        "subtract" => B::Sub,
        "multiply" => B::Mul,
        "divide" => B::Div,
        "remainder" => B::Rem,
        "power" => B::Pow,
        "maximum" => B::Max,
        "minimum" => B::Min,
        "and" => B::And,
        "or" => B::Or,
        "xor" => B::Xor,
        "shift-left" => B::ShiftLeft,
        "shift-right-arithmetic" => B::ShiftRightArithmetic,
        "shift-right-logical" => B::ShiftRightLogical,
        "atan2" => B::Atan2,
        _ => return None,
    })
}

/// Padding, strides and dilations of a `Window`, zeros (unset fields) read as defaults.
struct WindowParts {
    sizes: Vec<i64>,
    strides: Vec<i64>,
    padding: Vec<(i64, i64)>,
    base_dilations: Vec<i64>,
    window_dilations: Vec<i64>,
    reversal: Vec<bool>,
}

fn window(inst: &HloInstructionProto) -> WindowParts {
    let dims = inst
        .window
        .as_ref()
        .map(|w| w.dimensions.as_slice())
        .unwrap_or(&[]);
    let one = |v: i64| if v == 0 { 1 } else { v };
    WindowParts {
        sizes: dims.iter().map(|d| d.size).collect(),
        strides: dims.iter().map(|d| one(d.stride)).collect(),
        padding: dims
            .iter()
            .map(|d| (d.padding_low, d.padding_high))
            .collect(),
        base_dilations: dims.iter().map(|d| one(d.base_dilation)).collect(),
        window_dilations: dims.iter().map(|d| one(d.window_dilation)).collect(),
        reversal: dims.iter().map(|d| d.window_reversal).collect(),
    }
}

impl<'a> Reader<'a> {
    fn new_value(&mut self, ty: TensorType) -> ValueId {
        self.values.push(ty);
        ValueId(self.values.len() as u32 - 1)
    }

    fn ty(&self, v: ValueId) -> &TensorType {
        &self.values[v.index()]
    }

    fn called(
        &self,
        comp: &HloComputationProto,
        inst: &HloInstructionProto,
        i: usize,
    ) -> Result<&'a HloComputationProto> {
        let id = *inst
            .called_computation_ids
            .get(i)
            .ok_or_else(|| at(comp, inst, format!("needs called computation #{i}")))?;
        self.comps
            .get(&id)
            .copied()
            .ok_or_else(|| at(comp, inst, format!("calls unknown computation id {id}")))
    }

    /// Appends the ops of computation `comp` to `ops`, its parameter `i` standing for the
    /// values `params[i]` (its leaves); returns the leaves of its root.
    fn computation(
        &mut self,
        comp: &HloComputationProto,
        params: &[Vec<ValueId>],
        ops: &mut Vec<Op>,
    ) -> Result<Vec<ValueId>> {
        self.depth += 1;
        if self.depth > MAX_CALL_DEPTH {
            return Err(Diagnostic::new(
                SourcePos::Unknown,
                format!(
                    "HLO computation {:?}: calls nested deeper than {MAX_CALL_DEPTH} (recursive?)",
                    comp.name
                ),
            ));
        }
        let mut env: HashMap<i64, Vec<ValueId>> = HashMap::new();
        for inst in &comp.instructions {
            let leaves = self.instruction(comp, inst, params, &env, ops)?;
            let want = leaf_count(shape_of(comp, inst)?);
            if leaves.len() != want {
                return Err(at(
                    comp,
                    inst,
                    format!("gives {} values, its shape has {want}", leaves.len()),
                ));
            }
            env.insert(inst.id, leaves);
        }
        self.depth -= 1;
        env.remove(&comp.root_id).ok_or_else(|| {
            Diagnostic::new(
                SourcePos::Unknown,
                format!(
                    "HLO computation {:?}: root id {} is not one of its instructions",
                    comp.name, comp.root_id
                ),
            )
        })
    }

    /// One fresh value per leaf of `comp`'s parameters, in parameter order: all of them,
    /// and grouped by parameter. Parameter numbers must be 0, 1, ...
    fn parameters(
        &mut self,
        comp: &HloComputationProto,
    ) -> Result<(Vec<ValueId>, Vec<Vec<ValueId>>)> {
        let mut params: Vec<(i64, &HloInstructionProto)> = comp
            .instructions
            .iter()
            .filter(|i| i.opcode == "parameter")
            .map(|i| (i.parameter_number, i))
            .collect();
        params.sort_by_key(|p| p.0);
        let mut args = Vec::new();
        let mut leaves = Vec::new();
        for (n, (number, inst)) in params.into_iter().enumerate() {
            if number != n as i64 {
                return Err(at(comp, inst, format!("parameter numbers skip {n}")));
            }
            let l: Vec<ValueId> = leaf_types(comp, inst, shape_of(comp, inst)?)?
                .into_iter()
                .map(|t| self.new_value(t))
                .collect();
            args.extend(&l);
            leaves.push(l);
        }
        Ok((args, leaves))
    }

    /// A region computing `comp`: one fresh argument per leaf of its parameters.
    fn region(&mut self, comp: &HloComputationProto) -> Result<Region> {
        let (args, leaves) = self.parameters(comp)?;
        let mut ops = Vec::new();
        let yields = self.computation(comp, &leaves, &mut ops)?;
        Ok(Region {
            args,
            ops,
            yields,
            yield_loc: Loc::default(),
        })
    }

    /// A region without arguments computing `comp` with its parameters bound to `params`
    /// (values of the enclosing scope): a conditional's branch.
    fn capturing_region(
        &mut self,
        comp: &HloComputationProto,
        params: &[Vec<ValueId>],
    ) -> Result<Region> {
        let mut ops = Vec::new();
        let yields = self.computation(comp, params, &mut ops)?;
        Ok(Region {
            args: Vec::new(),
            ops,
            yields,
            yield_loc: Loc::default(),
        })
    }

    fn push(
        &mut self,
        ops: &mut Vec<Op>,
        loc: Loc,
        opcode: Opcode,
        operands: Vec<ValueId>,
        tys: Vec<TensorType>,
        regions: Vec<Region>,
    ) -> Vec<ValueId> {
        let results: Vec<ValueId> = tys.into_iter().map(|t| self.new_value(t)).collect();
        ops.push(Op {
            opcode,
            operands,
            results: results.clone(),
            regions,
            loc,
        });
        results
    }

    fn instruction(
        &mut self,
        comp: &HloComputationProto,
        inst: &HloInstructionProto,
        params: &[Vec<ValueId>],
        env: &HashMap<i64, Vec<ValueId>>,
        ops: &mut Vec<Op>,
    ) -> Result<Vec<ValueId>> {
        let shape = shape_of(comp, inst)?;
        let l = loc(comp, inst);
        let mut operands: Vec<&Vec<ValueId>> = Vec::with_capacity(inst.operand_ids.len());
        for id in &inst.operand_ids {
            operands.push(env.get(id).ok_or_else(|| {
                at(
                    comp,
                    inst,
                    format!("operand id {id} is not defined before it"),
                )
            })?);
        }
        // Every operand of an array op is one array.
        let arrays = |n: Option<usize>| -> Result<Vec<ValueId>> {
            if let Some(n) = n
                && operands.len() != n
            {
                return Err(at(
                    comp,
                    inst,
                    format!("expects {n} operands, has {}", operands.len()),
                ));
            }
            operands
                .iter()
                .map(|o| match o.as_slice() {
                    [v] => Ok(*v),
                    _ => Err(at(comp, inst, "an operand is a tuple")),
                })
                .collect()
        };
        let op = inst.opcode.as_str();
        let simple = |this: &mut Self,
                      ops: &mut Vec<Op>,
                      opcode: Opcode,
                      n: Option<usize>|
         -> Result<Vec<ValueId>> {
            let xs = arrays(n)?;
            let ty = array_type(comp, inst, shape)?;
            Ok(this.push(ops, l.clone(), opcode, xs, vec![ty], Vec::new()))
        };
        if let Some(u) = unary_op(op) {
            return simple(self, ops, Opcode::Unary(u), Some(1));
        }
        if let Some(b) = binary_op(op) {
            return simple(self, ops, Opcode::Binary(b), Some(2));
        }
        match op {
            "parameter" => {
                let n = inst.parameter_number;
                params
                    .get(usize::try_from(n).unwrap_or(usize::MAX))
                    .cloned()
                    .ok_or_else(|| at(comp, inst, format!("parameter {n} is not passed")))
            }
            "constant" => {
                let lit = inst
                    .literal
                    .as_ref()
                    .ok_or_else(|| at(comp, inst, "constant without a literal"))?;
                let mut lits = Vec::new();
                literals(comp, inst, lit, shape, &mut lits)?;
                Ok(lits
                    .into_iter()
                    .flat_map(|lit| {
                        let ty = lit.ty.clone();
                        self.push(
                            ops,
                            l.clone(),
                            Opcode::Constant(lit),
                            vec![],
                            vec![ty],
                            vec![],
                        )
                    })
                    .collect())
            }
            "tuple" => Ok(operands.iter().flat_map(|o| o.iter().copied()).collect()),
            "get-tuple-element" => {
                let [tuple] = operands.as_slice() else {
                    return Err(at(comp, inst, "expects 1 operand"));
                };
                let tshape = self.operand_shape(comp, inst, 0)?;
                let i = usize::try_from(inst.tuple_index).unwrap_or(usize::MAX);
                if tshape.element_type != TUPLE || i >= tshape.tuple_shapes.len() {
                    return Err(at(
                        comp,
                        inst,
                        format!("index {} out of its operand's tuple", inst.tuple_index),
                    ));
                }
                let start: usize = tshape.tuple_shapes[..i].iter().map(leaf_count).sum();
                let n = leaf_count(&tshape.tuple_shapes[i]);
                tuple
                    .get(start..start + n)
                    .map(<[ValueId]>::to_vec)
                    .ok_or_else(|| at(comp, inst, "operand does not match its shape"))
            }
            // Copies and layout hints are the identity on values.
            "copy"
            | "copy-start"
            | "copy-done"
            | "optimization-barrier"
            | "domain"
            | "add-dependency" => {
                if op == "add-dependency" {
                    return Ok(operands.first().map(|o| (*o).clone()).unwrap_or_default());
                }
                Ok(operands.iter().flat_map(|o| o.iter().copied()).collect())
            }
            "compare" => {
                let d = inst.comparison_direction.as_str();
                let direction = CompareDirection::from_name(d)
                    .ok_or_else(|| at(comp, inst, format!("unknown comparison direction {d:?}")))?;
                let compare_type =
                    match inst.comparison_type.as_str() {
                        "" => None,
                        t => Some(CompareType::from_name(t).ok_or_else(|| {
                            at(comp, inst, format!("unknown comparison type {t:?}"))
                        })?),
                    };
                simple(
                    self,
                    ops,
                    Opcode::Compare {
                        direction,
                        compare_type,
                    },
                    Some(2),
                )
            }
            "select" => simple(self, ops, Opcode::Select, Some(3)),
            "clamp" => simple(self, ops, Opcode::Clamp, Some(3)),
            "convert" => simple(self, ops, Opcode::Convert, Some(1)),
            "bitcast-convert" => simple(self, ops, Opcode::BitcastConvert, Some(1)),
            "real" => simple(self, ops, Opcode::Real, Some(1)),
            "imag" => simple(self, ops, Opcode::Imag, Some(1)),
            "complex" => simple(self, ops, Opcode::Complex, Some(2)),
            "reduce-precision" => simple(
                self,
                ops,
                Opcode::ReducePrecision {
                    exponent_bits: inst.exponent_bits,
                    mantissa_bits: inst.mantissa_bits,
                },
                Some(1),
            ),
            "broadcast" => simple(
                self,
                ops,
                Opcode::BroadcastInDim {
                    broadcast_dimensions: inst.dimensions.clone(),
                },
                Some(1),
            ),
            "reshape" => simple(self, ops, Opcode::Reshape, Some(1)),
            "transpose" => simple(
                self,
                ops,
                Opcode::Transpose {
                    permutation: inst.dimensions.clone(),
                },
                Some(1),
            ),
            "reverse" => simple(
                self,
                ops,
                Opcode::Reverse {
                    dimensions: inst.dimensions.clone(),
                },
                Some(1),
            ),
            "slice" => {
                let s = &inst.slice_dimensions;
                simple(
                    self,
                    ops,
                    Opcode::Slice {
                        start: s.iter().map(|d| d.start).collect(),
                        limit: s.iter().map(|d| d.limit).collect(),
                        strides: s.iter().map(|d| d.stride.max(1)).collect(),
                    },
                    Some(1),
                )
            }
            "concatenate" => {
                let dimension = *inst
                    .dimensions
                    .first()
                    .ok_or_else(|| at(comp, inst, "no concatenate dimension"))?;
                simple(self, ops, Opcode::Concatenate { dimension }, None)
            }
            "pad" => {
                let p = inst
                    .padding_config
                    .as_ref()
                    .map(|p| p.dimensions.as_slice())
                    .unwrap_or(&[]);
                simple(
                    self,
                    ops,
                    Opcode::Pad {
                        low: p.iter().map(|d| d.edge_padding_low).collect(),
                        high: p.iter().map(|d| d.edge_padding_high).collect(),
                        interior: p.iter().map(|d| d.interior_padding).collect(),
                    },
                    Some(2),
                )
            }
            "iota" => {
                let dimension = inst.dimensions.first().copied().unwrap_or(0);
                simple(self, ops, Opcode::Iota { dimension }, Some(0))
            }
            "dynamic-slice" => simple(
                self,
                ops,
                Opcode::DynamicSlice {
                    slice_sizes: inst.dynamic_slice_sizes.clone(),
                },
                None,
            ),
            "dynamic-update-slice" => simple(self, ops, Opcode::DynamicUpdateSlice, None),
            "dot" => {
                let d = inst.dot_dimension_numbers.clone().unwrap_or_default();
                simple(
                    self,
                    ops,
                    Opcode::DotGeneral(Box::new(DotDims {
                        lhs_batch: d.lhs_batch_dimensions,
                        rhs_batch: d.rhs_batch_dimensions,
                        lhs_contracting: d.lhs_contracting_dimensions,
                        rhs_contracting: d.rhs_contracting_dimensions,
                    })),
                    Some(2),
                )
            }
            "convolution" => {
                let d = inst
                    .convolution_dimension_numbers
                    .clone()
                    .ok_or_else(|| at(comp, inst, "no convolution_dimension_numbers"))?;
                let w = window(inst);
                let spatial = d.input_spatial_dimensions.len();
                let pad_to = |v: Vec<i64>, fill: i64| {
                    if v.is_empty() { vec![fill; spatial] } else { v }
                };
                let attrs = ConvAttrs {
                    window_strides: pad_to(w.strides, 1),
                    padding: if w.padding.is_empty() {
                        vec![(0, 0); spatial]
                    } else {
                        w.padding
                    },
                    lhs_dilation: pad_to(w.base_dilations, 1),
                    rhs_dilation: pad_to(w.window_dilations, 1),
                    window_reversal: if w.reversal.is_empty() {
                        vec![false; spatial]
                    } else {
                        w.reversal
                    },
                    input_batch_dim: d.input_batch_dimension,
                    input_feature_dim: d.input_feature_dimension,
                    input_spatial_dims: d.input_spatial_dimensions,
                    kernel_input_feature_dim: d.kernel_input_feature_dimension,
                    kernel_output_feature_dim: d.kernel_output_feature_dimension,
                    kernel_spatial_dims: d.kernel_spatial_dimensions,
                    output_batch_dim: d.output_batch_dimension,
                    output_feature_dim: d.output_feature_dimension,
                    output_spatial_dims: d.output_spatial_dimensions,
                    feature_group_count: inst.feature_group_count.max(1),
                    batch_group_count: inst.batch_group_count.max(1),
                };
                simple(self, ops, Opcode::Convolution(Box::new(attrs)), Some(2))
            }
            "gather" => {
                let d = inst
                    .gather_dimension_numbers
                    .clone()
                    .ok_or_else(|| at(comp, inst, "no gather_dimension_numbers"))?;
                simple(
                    self,
                    ops,
                    Opcode::Gather(Box::new(GatherAttrs {
                        offset_dims: d.offset_dims,
                        collapsed_slice_dims: d.collapsed_slice_dims,
                        operand_batching_dims: d.operand_batching_dims,
                        start_indices_batching_dims: d.start_indices_batching_dims,
                        start_index_map: d.start_index_map,
                        index_vector_dim: d.index_vector_dim,
                        slice_sizes: inst.gather_slice_sizes.clone(),
                        indices_are_sorted: inst.indices_are_sorted,
                    })),
                    Some(2),
                )
            }
            "reduce" | "reduce-window" | "scatter" | "sort" | "select-and-scatter" => {
                self.with_regions(comp, inst, shape, arrays(None)?, l, ops)
            }
            "while" => {
                let init = operands
                    .first()
                    .map(|o| (*o).clone())
                    .ok_or_else(|| at(comp, inst, "expects 1 operand"))?;
                // Which called computation is the condition: the one yielding a pred.
                let (a, b) = (self.called(comp, inst, 0)?, self.called(comp, inst, 1)?);
                let yields_pred = |c: &HloComputationProto| {
                    c.instructions.iter().any(|i| {
                        i.id == c.root_id
                            && i.shape
                                .as_ref()
                                .is_some_and(|s| s.element_type == 1 && s.dimensions.is_empty())
                    })
                };
                let (cond, body) = if yields_pred(a) && !yields_pred(b) {
                    (a, b)
                } else {
                    (b, a)
                };
                let cond = self.region(cond)?;
                let body = self.region(body)?;
                let tys = leaf_types(comp, inst, shape)?;
                Ok(self.push(ops, l, Opcode::While, init, tys, vec![cond, body]))
            }
            "conditional" => {
                let selector = match operands.first().map(|o| o.as_slice()) {
                    Some([v]) => *v,
                    _ => return Err(at(comp, inst, "the branch selector is not an array")),
                };
                let n = inst.called_computation_ids.len();
                if operands.len() != n + 1 {
                    return Err(at(
                        comp,
                        inst,
                        format!("{n} branches but {} branch operands", operands.len() - 1),
                    ));
                }
                let mut regions = Vec::new();
                for i in 0..n {
                    let branch = self.called(comp, inst, i)?;
                    let arg = operands[i + 1].clone();
                    regions.push(self.capturing_region(branch, &[arg])?);
                }
                let opcode = if self.ty(selector).dtype == DType::I1 {
                    Opcode::If
                } else {
                    Opcode::Case
                };
                let tys = leaf_types(comp, inst, shape)?;
                Ok(self.push(ops, l, opcode, vec![selector], tys, regions))
            }
            "call" | "fusion" | "async-start" => {
                if op == "async-start" {
                    return Err(at(comp, inst, "unsupported: asynchronous HLO"));
                }
                let callee = self.called(comp, inst, 0)?;
                let args: Vec<Vec<ValueId>> = operands.iter().map(|o| (*o).clone()).collect();
                self.computation(callee, &args, ops)
            }
            "rng-bit-generator" => {
                let algorithm = match inst.rng_algorithm {
                    0 => RngAlgorithm::Default,
                    1 => RngAlgorithm::ThreeFry,
                    2 => RngAlgorithm::Philox,
                    a => return Err(at(comp, inst, format!("unknown RNG algorithm {a}"))),
                };
                let xs = arrays(Some(1))?;
                let tys = leaf_types(comp, inst, shape)?;
                Ok(self.push(
                    ops,
                    l,
                    Opcode::RngBitGenerator { algorithm },
                    xs,
                    tys,
                    vec![],
                ))
            }
            "cholesky" => simple(
                self,
                ops,
                Opcode::Cholesky {
                    lower: inst.cholesky_options.as_ref().is_some_and(|o| o.lower),
                },
                Some(1),
            ),
            "triangular-solve" => {
                let o = inst.triangular_solve_options.clone().unwrap_or_default();
                let transpose_a = match o.transpose_a {
                    0 | 1 => Transpose::NoTranspose,
                    2 => Transpose::Transpose,
                    3 => Transpose::Adjoint,
                    t => return Err(at(comp, inst, format!("unknown transpose_a {t}"))),
                };
                simple(
                    self,
                    ops,
                    Opcode::TriangularSolve {
                        left_side: o.left_side,
                        lower: o.lower,
                        unit_diagonal: o.unit_diagonal,
                        transpose_a,
                    },
                    Some(2),
                )
            }
            "fft" => {
                let kind = match inst.fft_type {
                    0 => FftType::Fft,
                    1 => FftType::Ifft,
                    2 => FftType::Rfft,
                    3 => FftType::Irfft,
                    t => return Err(at(comp, inst, format!("unknown fft_type {t}"))),
                };
                simple(
                    self,
                    ops,
                    Opcode::Fft {
                        kind,
                        lengths: inst.fft_length.clone(),
                        packed: false,
                    },
                    Some(1),
                )
            }
            "erf" => {
                let tys = leaf_types(comp, inst, shape)?;
                let op = ChloOp::Unary(chlo::Unary::Erf);
                self.chlo("chlo.erf", &op, arrays(Some(1))?, tys, l, ops)
            }
            "topk" => {
                if !inst.largest {
                    return Err(at(comp, inst, "unsupported: topk of the smallest elements"));
                }
                let tys = leaf_types(comp, inst, shape)?;
                let op = ChloOp::TopK { k: inst.k };
                self.chlo("chlo.top_k", &op, arrays(Some(1))?, tys, l, ops)
            }
            "batch-norm-inference" | "batch-norm-training" => {
                let tys = leaf_types(comp, inst, shape)?;
                let name = op.replace('-', "_");
                let op = ChloOp::batch_norm(&name, f64::from(inst.epsilon), inst.feature_index)
                    .expect("a batch-norm opcode");
                let n = if matches!(op, ChloOp::BatchNormInference { .. }) {
                    5
                } else {
                    3
                };
                self.chlo(&name, &op, arrays(Some(n))?, tys, l, ops)
            }
            "custom-call" => self.custom_call(comp, inst, shape, operands, l, ops),
            _ => Err(at(
                comp,
                inst,
                format!("unsupported: HLO opcode {op:?} has no pjrtc mapping"),
            )),
        }
    }

    /// The shape of operand `i` (the instruction defining it, in this computation).
    fn operand_shape<'c>(
        &self,
        comp: &'c HloComputationProto,
        inst: &HloInstructionProto,
        i: usize,
    ) -> Result<&'c ShapeProto> {
        let id = inst.operand_ids[i];
        let def = comp
            .instructions
            .iter()
            .find(|d| d.id == id)
            .ok_or_else(|| at(comp, inst, format!("operand id {id} not found")))?;
        shape_of(comp, def)
    }

    /// Appends the CHLO expansion of `op` (named `name`) with results `tys`.
    fn chlo(
        &mut self,
        name: &str,
        op: &ChloOp,
        xs: Vec<ValueId>,
        tys: Vec<TensorType>,
        l: Loc,
        ops: &mut Vec<Op>,
    ) -> Result<Vec<ValueId>> {
        let mut b = Builder::new(&mut *self.values, ops, l);
        chlo::expand(&mut b, name, op, &xs, &tys, Vec::new())
    }

    /// Ops with computations as regions, whose operands are all arrays.
    fn with_regions(
        &mut self,
        comp: &HloComputationProto,
        inst: &HloInstructionProto,
        shape: &ShapeProto,
        xs: Vec<ValueId>,
        l: Loc,
        ops: &mut Vec<Op>,
    ) -> Result<Vec<ValueId>> {
        let tys = leaf_types(comp, inst, shape)?;
        let (opcode, regions) = match inst.opcode.as_str() {
            "reduce" => (
                Opcode::Reduce {
                    dimensions: inst.dimensions.clone(),
                },
                vec![self.region(self.called(comp, inst, 0)?)?],
            ),
            "reduce-window" => {
                let w = window(inst);
                (
                    Opcode::ReduceWindow(Box::new(WindowAttrs {
                        window_dimensions: w.sizes,
                        window_strides: w.strides,
                        base_dilations: w.base_dilations,
                        window_dilations: w.window_dilations,
                        padding: w.padding,
                    })),
                    vec![self.region(self.called(comp, inst, 0)?)?],
                )
            }
            "select-and-scatter" => {
                let w = window(inst);
                let select = self.region(self.called(comp, inst, 0)?)?;
                let scatter = self.region(self.called(comp, inst, 1)?)?;
                (
                    Opcode::SelectAndScatter {
                        window_dimensions: w.sizes,
                        window_strides: w.strides,
                        padding: w.padding,
                    },
                    vec![select, scatter],
                )
            }
            "scatter" => {
                let d = inst
                    .scatter_dimension_numbers
                    .clone()
                    .ok_or_else(|| at(comp, inst, "no scatter_dimension_numbers"))?;
                (
                    Opcode::Scatter(Box::new(ScatterAttrs {
                        update_window_dims: d.update_window_dims,
                        inserted_window_dims: d.inserted_window_dims,
                        input_batching_dims: d.input_batching_dims,
                        scatter_indices_batching_dims: d.scatter_indices_batching_dims,
                        scatter_dims_to_operand_dims: d.scatter_dims_to_operand_dims,
                        index_vector_dim: d.index_vector_dim,
                        indices_are_sorted: inst.indices_are_sorted,
                        unique_indices: inst.unique_indices,
                    })),
                    vec![self.region(self.called(comp, inst, 0)?)?],
                )
            }
            _ => (
                Opcode::Sort {
                    dimension: inst.dimensions.first().copied().unwrap_or(0),
                    is_stable: inst.is_stable,
                },
                vec![self.region(self.called(comp, inst, 0)?)?],
            ),
        };
        Ok(self.push(ops, l, opcode, xs, tys, regions))
    }

    /// Custom calls: sharding annotations are identities; other targets become
    /// `stablehlo.custom_call`s, which lowering accepts for the targets it knows.
    fn custom_call(
        &mut self,
        comp: &HloComputationProto,
        inst: &HloInstructionProto,
        shape: &ShapeProto,
        operands: Vec<&Vec<ValueId>>,
        l: Loc,
        ops: &mut Vec<Op>,
    ) -> Result<Vec<ValueId>> {
        let target = inst.custom_call_target.as_str();
        if matches!(
            target,
            "Sharding" | "SPMDFullToShardShape" | "SPMDShardToFullShape"
        ) && operands.len() == 1
        {
            return Ok(operands[0].clone());
        }
        let mut xs = Vec::new();
        for o in &operands {
            match o.as_slice() {
                [v] => xs.push(*v),
                _ => return Err(at(comp, inst, "a custom call operand is a tuple")),
            }
        }
        // The typed FFI (api version 4) carries its attributes as an MLIR dictionary in
        // `backend_config`, the text of StableHLO's `mhlo.backend_config`.
        let typed = inst.custom_call_api_version == 4;
        let text = std::str::from_utf8(&inst.backend_config)
            .map_err(|_| at(comp, inst, "backend_config is not UTF-8"))?;
        let config = if typed && !text.trim().is_empty() {
            let mut lx = super::lexer::Lexer::new(text);
            super::attrs::parse_attr_dict(&mut lx, 0)
                .map_err(|e| at(comp, inst, format!("backend_config: {}", e.message)))?
                .iter()
                .map(|(k, v)| Some((k.clone(), v.to_call_attr()?)))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| at(comp, inst, "unsupported: a backend_config attribute kind"))?
        } else {
            Vec::new()
        };
        let tys = leaf_types(comp, inst, shape)?;
        let opcode = Opcode::CustomCall {
            target: target.to_string(),
            has_side_effect: inst.custom_call_has_side_effect,
            backend_config: if typed {
                String::new()
            } else {
                text.to_string()
            },
            api_version: inst.custom_call_api_version.max(1),
            config,
        };
        Ok(self.push(ops, l, opcode, xs, tys, Vec::new()))
    }
}

/// The array literals of `lit` (its leaves, for a tuple literal), checked against the
/// instruction's shape.
fn literals(
    comp: &HloComputationProto,
    inst: &HloInstructionProto,
    lit: &LiteralProto,
    shape: &ShapeProto,
    out: &mut Vec<Literal>,
) -> Result<()> {
    if shape.element_type == TUPLE {
        if lit.tuple_literals.len() != shape.tuple_shapes.len() {
            return Err(at(comp, inst, "tuple literal does not match its shape"));
        }
        for (l, s) in lit.tuple_literals.iter().zip(&shape.tuple_shapes) {
            literals(comp, inst, l, s, out)?;
        }
        return Ok(());
    }
    let ty = array_type(comp, inst, shape)?;
    let rank = ty.rank() as i64;
    // Literal data is in the order of its shape's layout: only the row-major one is read.
    let lit_layout = lit
        .shape
        .as_ref()
        .and_then(|s| s.layout.as_ref())
        .map(|l| l.minor_to_major.clone())
        .unwrap_or_default();
    if !lit_layout.is_empty() && lit_layout != (0..rank).rev().collect::<Vec<_>>() {
        return Err(at(
            comp,
            inst,
            format!("unsupported: literal in layout {lit_layout:?} (only row-major)"),
        ));
    }
    let n = ty.num_elements() as usize;
    let le = |v: &[u8]| v.to_vec();
    let bytes: Vec<u8> = match ty.dtype {
        DType::I1 => lit.preds.iter().map(|&b| u8::from(b)).collect(),
        DType::I8 => le(&lit.s8s),
        DType::U8 => le(&lit.u8s),
        DType::I2 => le(&lit.s2s),
        DType::U2 => le(&lit.u2s),
        DType::I4 => le(&lit.s4s),
        DType::U4 => le(&lit.u4s),
        DType::I16 => le(&lit.s16s),
        DType::U16 => le(&lit.u16s),
        DType::F16 => le(&lit.f16s),
        DType::BF16 => le(&lit.bf16s),
        DType::I32 => lit.s32s.iter().flat_map(|v| v.to_le_bytes()).collect(),
        DType::I64 => lit.s64s.iter().flat_map(|v| v.to_le_bytes()).collect(),
        DType::U32 => lit.u32s.iter().flat_map(|v| v.to_le_bytes()).collect(),
        DType::U64 => lit.u64s.iter().flat_map(|v| v.to_le_bytes()).collect(),
        DType::F32 => lit.f32s.iter().flat_map(|v| v.to_le_bytes()).collect(),
        DType::F64 => lit.f64s.iter().flat_map(|v| v.to_le_bytes()).collect(),
        DType::C64 => lit.c64s.iter().flat_map(|v| v.to_le_bytes()).collect(),
        DType::C128 => lit.c128s.iter().flat_map(|v| v.to_le_bytes()).collect(),
        DType::F8E5M2 => le(&lit.f8e5m2s),
        DType::F8E4M3FN => le(&lit.f8e4m3fns),
        DType::F8E4M3B11FNUZ => le(&lit.f8e4m3b11fnuzs),
        DType::F8E5M2FNUZ => le(&lit.f8e5m2fnuzs),
        DType::F8E4M3FNUZ => le(&lit.f8e4m3fnuzs),
        DType::F8E4M3 => le(&lit.f8e4m3s),
        DType::F8E3M4 => le(&lit.f8e3m4s),
        DType::F4E2M1FN => le(&lit.f4e2m1fns),
        DType::F8E8M0FNU => le(&lit.f8e8m0fnus),
        other => {
            return Err(at(
                comp,
                inst,
                format!("unsupported: literal of element type {other}"),
            ));
        }
    };
    let want = n * ty.dtype.size();
    if bytes.len() != want {
        return Err(at(
            comp,
            inst,
            format!("literal holds {} bytes, {} needs {want}", bytes.len(), ty),
        ));
    }
    out.push(Literal::new(ty, bytes));
    Ok(())
}

#[cfg(test)]
mod tests;
