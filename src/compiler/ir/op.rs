//! Operations: one enum variant per StableHLO op (or op family), each with typed attributes.
//!
//! Operand and result order follow the StableHLO spec. Region-carrying ops keep their regions
//! in [`super::Op::regions`] in spec order (reduce: body; while: cond, body; if: true, false;
//! case: branches; sort/scatter/reduce_window/select_and_scatter: their computations).

use super::literal::Literal;

/// `fft_type` of `stablehlo.fft` (the artifact's step uses the same enum).
pub use pjrtc_runtime::format::FftKind as FftType;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum UnaryOp {
    Abs,
    Neg,
    Sqrt,
    Rsqrt,
    Cbrt,
    Exp,
    Expm1,
    Log,
    Log1p,
    Logistic,
    Tanh,
    Sin,
    Cos,
    Tan,
    Floor,
    Ceil,
    RoundNearestAfz,
    RoundNearestEven,
    Sign,
    /// Bitwise not for integers, logical not for `i1`.
    Not,
    PopCnt,
    CountLeadingZeros,
    /// Result type is `i1`.
    IsFinite,
    /// The complementary error function on f32 (CHLO's `erfc`, which exact GELU uses);
    /// its bits are the runtime's `vecmath::erfc_f32` everywhere (evaluator, kernels).
    /// Not a StableHLO op: other float types expand into StableHLO ops at parse.
    Erfc,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    /// Integers: truncating; x/0 = -1 (all ones), INT_MIN/-1 = INT_MIN.
    Div,
    /// Sign of the dividend (C fmod); integers: x%0 = x, INT_MIN%-1 = 0.
    Rem,
    Pow,
    /// Floats: NaN-propagating.
    Max,
    Min,
    And,
    Or,
    Xor,
    /// Shift amounts >= bit width give 0 (left, logical) or the sign fill (arithmetic).
    ShiftLeft,
    ShiftRightArithmetic,
    ShiftRightLogical,
    Atan2,
}

impl UnaryOp {
    /// Every unary op, for tables keyed by op (e.g. name -> op).
    pub const ALL: [UnaryOp; 23] = {
        use UnaryOp::*;
        [
            Abs,
            Neg,
            Sqrt,
            Rsqrt,
            Cbrt,
            Exp,
            Expm1,
            Log,
            Log1p,
            Logistic,
            Tanh,
            Sin,
            Cos,
            Tan,
            Floor,
            Ceil,
            RoundNearestAfz,
            RoundNearestEven,
            Sign,
            Not,
            PopCnt,
            CountLeadingZeros,
            IsFinite,
        ]
    };
}

impl BinaryOp {
    /// Every binary op, for tables keyed by op (e.g. name -> op).
    pub const ALL: [BinaryOp; 15] = {
        use BinaryOp::*;
        [
            Add,
            Sub,
            Mul,
            Div,
            Rem,
            Pow,
            Max,
            Min,
            And,
            Or,
            Xor,
            ShiftLeft,
            ShiftRightArithmetic,
            ShiftRightLogical,
            Atan2,
        ]
    };
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CompareDirection {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// `compare_type` of `stablehlo.compare`; when absent it follows from the element type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CompareType {
    Float,
    TotalOrder,
    Signed,
    Unsigned,
}

impl CompareDirection {
    pub const ALL: [CompareDirection; 6] =
        [Self::Eq, Self::Ne, Self::Lt, Self::Le, Self::Gt, Self::Ge];

    /// The name StableHLO's `#stablehlo<comparison_direction ..>` and XLA's HLO use.
    pub fn name(self) -> &'static str {
        match self {
            Self::Eq => "EQ",
            Self::Ne => "NE",
            Self::Lt => "LT",
            Self::Le => "LE",
            Self::Gt => "GT",
            Self::Ge => "GE",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|d| d.name() == name)
    }
}

impl CompareType {
    pub const ALL: [CompareType; 4] = [Self::Float, Self::TotalOrder, Self::Signed, Self::Unsigned];

    /// The name StableHLO's `#stablehlo<comparison_type ..>` and XLA's HLO use.
    pub fn name(self) -> &'static str {
        match self {
            Self::Float => "FLOAT",
            Self::TotalOrder => "TOTALORDER",
            Self::Signed => "SIGNED",
            Self::Unsigned => "UNSIGNED",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// `stablehlo.dot_general` dimension numbers.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct DotDims {
    pub lhs_batch: Vec<i64>,
    pub rhs_batch: Vec<i64>,
    pub lhs_contracting: Vec<i64>,
    pub rhs_contracting: Vec<i64>,
}

/// `stablehlo.convolution` attributes, with every optional attribute filled in with its
/// default (strides 1, padding 0, dilations 1, no reversal).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct ConvAttrs {
    pub window_strides: Vec<i64>,
    /// `(low, high)` per spatial dimension.
    pub padding: Vec<(i64, i64)>,
    pub lhs_dilation: Vec<i64>,
    pub rhs_dilation: Vec<i64>,
    pub window_reversal: Vec<bool>,
    pub input_batch_dim: i64,
    pub input_feature_dim: i64,
    pub input_spatial_dims: Vec<i64>,
    pub kernel_input_feature_dim: i64,
    pub kernel_output_feature_dim: i64,
    pub kernel_spatial_dims: Vec<i64>,
    pub output_batch_dim: i64,
    pub output_feature_dim: i64,
    pub output_spatial_dims: Vec<i64>,
    pub feature_group_count: i64,
    pub batch_group_count: i64,
}

/// `stablehlo.reduce_window` attributes, defaults filled in (strides 1, dilations 1,
/// padding 0), one entry per operand dimension.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct WindowAttrs {
    pub window_dimensions: Vec<i64>,
    pub window_strides: Vec<i64>,
    pub base_dilations: Vec<i64>,
    pub window_dilations: Vec<i64>,
    pub padding: Vec<(i64, i64)>,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct GatherAttrs {
    pub offset_dims: Vec<i64>,
    pub collapsed_slice_dims: Vec<i64>,
    pub operand_batching_dims: Vec<i64>,
    pub start_indices_batching_dims: Vec<i64>,
    pub start_index_map: Vec<i64>,
    pub index_vector_dim: i64,
    pub slice_sizes: Vec<i64>,
    pub indices_are_sorted: bool,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct ScatterAttrs {
    pub update_window_dims: Vec<i64>,
    pub inserted_window_dims: Vec<i64>,
    pub input_batching_dims: Vec<i64>,
    pub scatter_indices_batching_dims: Vec<i64>,
    pub scatter_dims_to_operand_dims: Vec<i64>,
    pub index_vector_dim: i64,
    pub indices_are_sorted: bool,
    pub unique_indices: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RngAlgorithm {
    Default,
    ThreeFry,
    Philox,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Transpose {
    NoTranspose,
    Transpose,
    Adjoint,
}

/// An attribute a custom call hands its handler (the XLA FFI attribute kinds); the
/// artifact's type, so a call's attributes go from source to `.pjx` unchanged.
pub use pjrtc_runtime::format::CallAttr;

/// An operation with its typed attributes. Operands, results and regions live in
/// [`super::Op`].
///
/// Attribute sets of more than a few words are boxed: every pass moves and walks ops by
/// the hundred thousand, and the largest variant sizes them all (with `ConvAttrs` inline
/// an `Op` was ~380 bytes, about half of it for the rare convolution).
#[derive(Clone, PartialEq, Debug)]
pub enum Opcode {
    /// `stablehlo.constant`; no operands.
    Constant(Literal),
    /// `stablehlo.iota`; no operands.
    Iota {
        dimension: i64,
    },
    /// Elementwise unary op; one operand.
    Unary(UnaryOp),
    /// Elementwise binary op; two operands of the same type.
    Binary(BinaryOp),
    /// `stablehlo.compare`; result element type `i1`.
    Compare {
        direction: CompareDirection,
        compare_type: Option<CompareType>,
    },
    /// `stablehlo.select(pred, on_true, on_false)`; `pred` is `i1` of the same shape or a scalar.
    Select,
    /// `stablehlo.clamp(min, operand, max)`; `min`/`max` same shape as operand or scalars.
    Clamp,
    /// `stablehlo.convert`.
    Convert,
    /// `stablehlo.bitcast_convert`.
    BitcastConvert,
    /// `stablehlo.uniform_quantize`: float -> quantized, or quantized -> quantized
    /// (requantization). Removed by `passes::quant` like every quantized type.
    UniformQuantize,
    /// `stablehlo.uniform_dequantize`: quantized -> its expressed float type.
    UniformDequantize,
    /// `stablehlo.real`: the real part of a complex value (a float is its own real part).
    Real,
    /// `stablehlo.imag`: the imaginary part of a complex value (zero for a float).
    Imag,
    /// `stablehlo.complex(real, imag)`.
    Complex,
    /// `stablehlo.fft` over the last `lengths.len()` (1 to 3) dimensions. `packed`: each
    /// complex operand or result is a float tensor with a trailing dimension of 2 holding
    /// (real, imaginary), as the complex legalization leaves it; front ends never set it.
    Fft {
        kind: FftType,
        lengths: Vec<i64>,
        packed: bool,
    },
    ReducePrecision {
        exponent_bits: i32,
        mantissa_bits: i32,
    },
    BroadcastInDim {
        broadcast_dimensions: Vec<i64>,
    },
    Reshape,
    Transpose {
        permutation: Vec<i64>,
    },
    Slice {
        start: Vec<i64>,
        limit: Vec<i64>,
        strides: Vec<i64>,
    },
    Concatenate {
        dimension: i64,
    },
    /// `stablehlo.pad(operand, padding_value)`; negative low/high crop.
    Pad {
        low: Vec<i64>,
        high: Vec<i64>,
        interior: Vec<i64>,
    },
    Reverse {
        dimensions: Vec<i64>,
    },
    /// `(operand, start_indices...)`: one scalar integer start operand per dimension.
    DynamicSlice {
        slice_sizes: Vec<i64>,
    },
    /// `(operand, update, start_indices...)`.
    DynamicUpdateSlice,
    /// `(inputs..., init_values...)`; region 0 is the reducer.
    Reduce {
        dimensions: Vec<i64>,
    },
    /// `(inputs..., init_values...)`; region 0 is the reducer.
    ReduceWindow(Box<WindowAttrs>),
    /// `(operand, source, init_value)`; region 0 select, region 1 scatter.
    SelectAndScatter {
        window_dimensions: Vec<i64>,
        window_strides: Vec<i64>,
        padding: Vec<(i64, i64)>,
    },
    DotGeneral(Box<DotDims>),
    /// `(lhs, rhs)`.
    Convolution(Box<ConvAttrs>),
    /// `(operand, start_indices)`.
    Gather(Box<GatherAttrs>),
    /// `(inputs..., scatter_indices, updates...)`; region 0 is the update computation.
    Scatter(Box<ScatterAttrs>),
    /// `(inputs...)`; region 0 is the comparator.
    Sort {
        dimension: i64,
        is_stable: bool,
    },
    /// Loop-carried values; region 0 cond, region 1 body.
    While,
    /// `(pred)`; region 0 true branch, region 1 false branch.
    If,
    /// `(index)`; one region per branch.
    Case,
    /// `func.call`.
    Call {
        callee: String,
    },
    /// `(initial_state)` -> `(output_state, output)`.
    RngBitGenerator {
        algorithm: RngAlgorithm,
    },
    /// `(a, b)`.
    TriangularSolve {
        left_side: bool,
        lower: bool,
        unit_diagonal: bool,
        transpose_a: Transpose,
    },
    Cholesky {
        lower: bool,
    },
    /// Identity on its operands (`stablehlo.optimization_barrier`).
    OptimizationBarrier,
    /// `stablehlo.custom_call`: LAPACK targets (`lapack_*_ffi`), XLA FFI handlers (users'
    /// and host callbacks), checks of the conformance suite; other targets are refused.
    CustomCall {
        target: String,
        has_side_effect: bool,
        /// The string `backend_config` (empty when it is a dictionary).
        backend_config: String,
        /// `api_version` (1 for the original ABI, 4 for the typed XLA FFI).
        api_version: i32,
        /// Attributes for the handler: the dictionary `mhlo.backend_config` (what
        /// `jax.ffi` emits) or a dictionary `backend_config`, in source order.
        config: Vec<(String, CallAttr)>,
    },
    /// Communication between the processes running the program, or a query of where it
    /// runs (`all_reduce`, `replica_id`, ...); region 0 the reducer where there is one.
    Collective(super::collective::Collective),
    /// `interpreter.run_parallel` of the conformance suite: runs `programs[replica]
    /// [partition]` as the processes of a grid, each on its share of the operands (in
    /// process order), and returns their results in the same order. Only the conformance
    /// runner executes it.
    RunParallel {
        programs: Vec<Vec<String>>,
    },
    /// Ops of the conformance `check` dialect: `check.expect_eq_const` and friends.
    /// `name` is the op name without the dialect (`expect_eq_const`), `constant` the
    /// expected value for `*_const` forms, `tolerance`/ulp bounds when given.
    Check {
        name: String,
        constant: Option<Box<Literal>>,
        tolerance: Option<f64>,
        max_ulp_difference: Option<i64>,
        min_ulp_difference: Option<i64>,
    },
    /// An op of dynamic shapes; shape refinement (`passes::refine`) replaces each by its
    /// static form, so nothing after it sees one.
    Dynamic(DynOp),
}

/// Ops whose shapes come from operand values (`stablehlo.dynamic_*`,
/// `get_dimension_size`, JAX's `@shape_assertion`). Shape operands are 1-D integer
/// tensors with one entry per result dimension (per spatial dimension for padding).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum DynOp {
    /// `(operand)` -> `tensor<i32>`: the size of `dimension`.
    GetDimensionSize { dimension: i64 },
    /// `(operand, size)`: the operand with `dimension` set to `size` (a bounded dimension's
    /// actual size; here the size must equal the static one).
    SetDimensionSize { dimension: i64 },
    /// `(operand, output_dimensions)`.
    BroadcastInDim { broadcast_dimensions: Vec<i64> },
    /// `(operand, output_shape)`.
    Reshape,
    /// `(output_shape)`.
    Iota { dimension: i64 },
    /// `real_dynamic_slice (operand, start_indices, limit_indices, strides)`.
    Slice,
    /// `(operand, padding_value, edge_padding_low, edge_padding_high, interior_padding)`.
    Pad,
    /// `(operand, start_indices, slice_sizes)`; `slice_sizes` of the attributes is empty.
    Gather(Box<GatherAttrs>),
    /// `(lhs, rhs, padding)` with padding `[spatial dims, 2]`; `padding` of the attributes
    /// is empty.
    Conv(Box<ConvAttrs>),
    /// JAX's `custom_call @shape_assertion(pred, dims...)`: fails with `message`, its `{i}`
    /// replaced by `dims[i]`, when `pred` is false.
    ShapeAssertion { message: String },
    /// JAX's `custom_call @stablehlo.dynamic_reduce_window(inputs..., inits...,
    /// window_dimensions, window_strides, base_dilations, window_dilations, padding)`:
    /// `reduce_window` with its window as operands (what `jnp.cumsum` over a symbolic axis
    /// gives). `body` names the reducer function (`called_computations`); inlining makes
    /// it the op's region.
    ReduceWindow { body: String },
}

impl DynOp {
    /// The custom call target of [`DynOp::ReduceWindow`].
    pub const REDUCE_WINDOW_TARGET: &'static str = "stablehlo.dynamic_reduce_window";

    pub fn name(&self) -> &'static str {
        match self {
            DynOp::GetDimensionSize { .. } => "stablehlo.get_dimension_size",
            DynOp::SetDimensionSize { .. } => "stablehlo.set_dimension_size",
            DynOp::BroadcastInDim { .. } => "stablehlo.dynamic_broadcast_in_dim",
            DynOp::Reshape => "stablehlo.dynamic_reshape",
            DynOp::Iota { .. } => "stablehlo.dynamic_iota",
            DynOp::Slice => "stablehlo.real_dynamic_slice",
            DynOp::Pad => "stablehlo.dynamic_pad",
            DynOp::Gather(_) => "stablehlo.dynamic_gather",
            DynOp::Conv(_) => "stablehlo.dynamic_conv",
            DynOp::ShapeAssertion { .. } | DynOp::ReduceWindow { .. } => "stablehlo.custom_call",
        }
    }
}

impl Opcode {
    /// The StableHLO op name (`stablehlo.add`), for messages and the printer.
    pub fn name(&self) -> String {
        use BinaryOp as B;
        use UnaryOp as U;
        if let Opcode::Unary(U::Erfc) = self {
            // CHLO's op, which the parser reads back into this one.
            return "chlo.erfc".into();
        }
        let s = match self {
            Opcode::Constant(_) => "constant",
            Opcode::Iota { .. } => "iota",
            Opcode::Unary(u) => match u {
                U::Abs => "abs",
                U::Neg => "negate",
                U::Sqrt => "sqrt",
                U::Rsqrt => "rsqrt",
                U::Cbrt => "cbrt",
                U::Exp => "exponential",
                U::Expm1 => "exponential_minus_one",
                U::Log => "log",
                U::Log1p => "log_plus_one",
                U::Logistic => "logistic",
                U::Tanh => "tanh",
                U::Sin => "sine",
                U::Cos => "cosine",
                U::Tan => "tan",
                U::Floor => "floor",
                U::Ceil => "ceil",
                U::RoundNearestAfz => "round_nearest_afz",
                U::RoundNearestEven => "round_nearest_even",
                U::Sign => "sign",
                U::Not => "not",
                U::PopCnt => "popcnt",
                U::CountLeadingZeros => "count_leading_zeros",
                U::IsFinite => "is_finite",
                U::Erfc => unreachable!("named above"),
            },
            Opcode::Binary(b) => match b {
                B::Add => "add",
                B::Sub => "subtract",
                B::Mul => "multiply",
                B::Div => "divide",
                B::Rem => "remainder",
                B::Pow => "power",
                B::Max => "maximum",
                B::Min => "minimum",
                B::And => "and",
                B::Or => "or",
                B::Xor => "xor",
                B::ShiftLeft => "shift_left",
                B::ShiftRightArithmetic => "shift_right_arithmetic",
                B::ShiftRightLogical => "shift_right_logical",
                B::Atan2 => "atan2",
            },
            Opcode::Compare { .. } => "compare",
            Opcode::Select => "select",
            Opcode::Clamp => "clamp",
            Opcode::Convert => "convert",
            Opcode::BitcastConvert => "bitcast_convert",
            Opcode::UniformQuantize => "uniform_quantize",
            Opcode::UniformDequantize => "uniform_dequantize",
            Opcode::Real => "real",
            Opcode::Imag => "imag",
            Opcode::Complex => "complex",
            Opcode::Fft { .. } => "fft",
            Opcode::ReducePrecision { .. } => "reduce_precision",
            Opcode::BroadcastInDim { .. } => "broadcast_in_dim",
            Opcode::Reshape => "reshape",
            Opcode::Transpose { .. } => "transpose",
            Opcode::Slice { .. } => "slice",
            Opcode::Concatenate { .. } => "concatenate",
            Opcode::Pad { .. } => "pad",
            Opcode::Reverse { .. } => "reverse",
            Opcode::DynamicSlice { .. } => "dynamic_slice",
            Opcode::DynamicUpdateSlice => "dynamic_update_slice",
            Opcode::Reduce { .. } => "reduce",
            Opcode::ReduceWindow(_) => "reduce_window",
            Opcode::SelectAndScatter { .. } => "select_and_scatter",
            Opcode::DotGeneral(_) => "dot_general",
            Opcode::Convolution(_) => "convolution",
            Opcode::Gather(_) => "gather",
            Opcode::Scatter(_) => "scatter",
            Opcode::Sort { .. } => "sort",
            Opcode::While => "while",
            Opcode::If => "if",
            Opcode::Case => "case",
            Opcode::Call { .. } => return "func.call".to_string(),
            Opcode::RngBitGenerator { .. } => "rng_bit_generator",
            Opcode::TriangularSolve { .. } => "triangular_solve",
            Opcode::Cholesky { .. } => "cholesky",
            Opcode::OptimizationBarrier => "optimization_barrier",
            Opcode::CustomCall { .. } => "custom_call",
            Opcode::Check { name, .. } => return format!("check.{name}"),
            Opcode::Dynamic(d) => return d.name().to_string(),
            Opcode::Collective(c) => c.op_name(),
            Opcode::RunParallel { .. } => return "interpreter.run_parallel".to_string(),
        };
        format!("stablehlo.{s}")
    }

    /// Ops computing each result element from the operand elements at the same index,
    /// one element of the same shape each (`bitcast_convert` may change the element
    /// width, and with it the shape, so it is not one).
    pub fn is_elementwise(&self) -> bool {
        matches!(
            self,
            Opcode::Unary(_)
                | Opcode::Binary(_)
                | Opcode::Compare { .. }
                | Opcode::Select
                | Opcode::Clamp
                | Opcode::Convert
                | Opcode::ReducePrecision { .. }
        )
    }

    /// True for ops whose result is fully determined by their operands (foldable, CSE-able,
    /// removable when unused).
    pub fn is_pure(&self) -> bool {
        !matches!(
            self,
            Opcode::CustomCall { .. }
                | Opcode::Check { .. }
                | Opcode::Dynamic(DynOp::ShapeAssertion { .. })
                | Opcode::Call { .. }
                | Opcode::Collective(_)
                | Opcode::RunParallel { .. }
        )
    }
}
