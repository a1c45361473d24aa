//! The tensor IR every front end produces and every pass consumes.

pub mod builder;
pub mod collective;
pub mod literal;
pub mod module;
pub mod op;
pub mod print;
pub mod quant;
pub mod types;

pub use collective::{Collective, CollectiveKind, GroupStrategy};
pub use literal::{LitBytes, Literal};
pub use module::{Attr, Func, Loc, Module, Op, Padding, Region, SourcePos, ValidExtents, ValueId};
pub use op::{
    BinaryOp, CallAttr, CompareDirection, CompareType, ConvAttrs, DotDims, DynOp, FftType,
    GatherAttrs, Opcode, RngAlgorithm, ScatterAttrs, Transpose, UnaryOp, WindowAttrs,
};
pub use quant::Quantization;
pub use types::{DType, DYN, TensorType};
