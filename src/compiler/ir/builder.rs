//! The builder of StableHLO ops for decompositions (CHLO's expansions in the front ends,
//! the quantized legalization among the passes): it appends ops to a region's op list and
//! allocates their results in the function's value table, every op located at the source
//! op it replaces.

use crate::compiler::diag::Diagnostic;
use crate::compiler::eval::tensor::{from_f64, from_int};
use crate::compiler::ir::{
    BinaryOp, CompareDirection, CompareType, DType, Literal, Loc, Op, Opcode, Region, TensorType,
    UnaryOp, ValueId,
};

pub struct Builder<'a> {
    values: &'a mut Vec<TensorType>,
    ops: &'a mut Vec<Op>,
    loc: Loc,
}

/// Decompositions report problems with the source op as diagnostics at its location.
pub type Result<T> = std::result::Result<T, Diagnostic>;

impl<'a> Builder<'a> {
    /// Appends to `ops`, allocating values in `values` (the function's value table).
    pub fn new(values: &'a mut Vec<TensorType>, ops: &'a mut Vec<Op>, loc: Loc) -> Self {
        Builder { values, ops, loc }
    }

    /// Where the ops appended next come from (a pass rewriting a region op by op).
    pub fn set_loc(&mut self, loc: Loc) {
        self.loc = loc;
    }

    /// The function's value table, to retype a value or to rewrite a nested region.
    pub fn values_mut(&mut self) -> &mut Vec<TensorType> {
        self.values
    }

    /// Appends an existing op unchanged.
    pub fn push(&mut self, op: Op) {
        self.ops.push(op);
    }

    /// The op appended last.
    pub fn last_op_mut(&mut self) -> Option<&mut Op> {
        self.ops.last_mut()
    }

    pub fn ty(&self, v: ValueId) -> &TensorType {
        &self.values[v.index()]
    }

    pub fn dtype(&self, v: ValueId) -> DType {
        self.ty(v).dtype
    }

    pub fn shape(&self, v: ValueId) -> Vec<i64> {
        self.ty(v).shape.clone()
    }

    /// The location of the ops appended next.
    pub fn loc(&self) -> &Loc {
        &self.loc
    }

    /// An error at the source op.
    pub fn err(&self, msg: impl Into<String>) -> Diagnostic {
        Diagnostic::at(&self.loc, msg)
    }

    pub fn new_value(&mut self, ty: TensorType) -> ValueId {
        self.values.push(ty);
        ValueId(self.values.len() as u32 - 1)
    }

    /// Appends an op with fresh results of types `tys` and returns them.
    pub fn op_n(
        &mut self,
        opcode: Opcode,
        operands: &[ValueId],
        tys: Vec<TensorType>,
        regions: Vec<Region>,
    ) -> Vec<ValueId> {
        let results: Vec<ValueId> = tys.into_iter().map(|t| self.new_value(t)).collect();
        self.ops.push(Op {
            opcode,
            operands: operands.to_vec(),
            results: results.clone(),
            regions,
            loc: self.loc.clone(),
        });
        results
    }

    /// Appends an op with one result of type `ty`.
    pub fn op(&mut self, opcode: Opcode, operands: &[ValueId], ty: TensorType) -> ValueId {
        self.op_n(opcode, operands, vec![ty], Vec::new())[0]
    }

    /// Appends an op defining the existing values `results` (a region's arguments that
    /// the expansion computes instead of receiving).
    pub fn op_into(&mut self, opcode: Opcode, operands: &[ValueId], results: &[ValueId]) {
        self.ops.push(Op {
            opcode,
            operands: operands.to_vec(),
            results: results.to_vec(),
            regions: Vec::new(),
            loc: self.loc.clone(),
        });
    }

    /// Appends the ops of another region (already numbered in this function).
    pub fn extend(&mut self, ops: Vec<Op>) {
        self.ops.extend(ops);
    }

    /// A single-block region with arguments `args` (existing values) whose body `body`
    /// builds and whose yields it returns.
    pub fn region(
        &mut self,
        args: Vec<ValueId>,
        body: impl FnOnce(&mut Builder) -> Result<Vec<ValueId>>,
    ) -> Result<Region> {
        let mut ops = Vec::new();
        let yields = {
            let mut b = Builder::new(self.values, &mut ops, self.loc.clone());
            body(&mut b)?
        };
        Ok(Region {
            args,
            ops,
            yields,
            yield_loc: self.loc.clone(),
        })
    }

    // ---- constants ----

    /// A scalar constant of `dtype` with element bits `bits`.
    pub fn scalar_bits(&mut self, dtype: DType, bits: u64) -> ValueId {
        let ty = TensorType::scalar(dtype);
        let bytes = bits.to_le_bytes()[..dtype.size()].to_vec();
        self.op(Opcode::Constant(Literal::new(ty.clone(), bytes)), &[], ty)
    }

    /// A scalar integer constant, `v` wrapped to the width of `dtype`.
    pub fn scalar_int(&mut self, dtype: DType, v: i128) -> ValueId {
        self.scalar_bits(dtype, from_int(dtype, v))
    }

    /// `v` converted to `dtype` as `getConstantLike` does: rounded to nearest (ties to
    /// even) for floats, wrapped for integers (and 0/1 for i1).
    pub fn scalar(&mut self, dtype: DType, v: f64) -> ValueId {
        let bits = if dtype.is_float() {
            from_f64(dtype, v)
        } else if dtype == DType::I1 {
            u64::from(v != 0.0)
        } else {
            from_int(dtype, v as i128)
        };
        self.scalar_bits(dtype, bits)
    }

    /// A splat of `v` with the type of `like` (a scalar constant broadcast, as JAX writes
    /// them: folding and fusion treat it as cheap).
    pub fn constant_like(&mut self, like: ValueId, v: f64) -> ValueId {
        let ty = self.ty(like).clone();
        let s = self.scalar(ty.dtype, v);
        self.splat(s, &ty.shape)
    }

    /// A splat of the integer `v` (wrapped to the width) with the type of `like`.
    pub fn int_like(&mut self, like: ValueId, v: i128) -> ValueId {
        let ty = self.ty(like).clone();
        let s = self.scalar_int(ty.dtype, v);
        self.splat(s, &ty.shape)
    }

    /// A splat of element bits `bits` with the type of `like`.
    pub fn bits_like(&mut self, like: ValueId, bits: u64) -> ValueId {
        let ty = self.ty(like).clone();
        let s = self.scalar_bits(ty.dtype, bits);
        self.splat(s, &ty.shape)
    }

    /// Broadcasts the scalar `s` to `shape` (itself when `shape` is a scalar's).
    pub fn splat(&mut self, s: ValueId, shape: &[i64]) -> ValueId {
        if shape.is_empty() {
            return s;
        }
        let ty = TensorType::new(self.dtype(s), shape.to_vec());
        self.op(
            Opcode::BroadcastInDim {
                broadcast_dimensions: Vec::new(),
            },
            &[s],
            ty,
        )
    }

    // ---- elementwise ops (results typed like the first operand) ----

    pub fn unary(&mut self, u: UnaryOp, x: ValueId) -> ValueId {
        let ty = self.ty(x).clone();
        self.op(Opcode::Unary(u), &[x], ty)
    }

    pub fn binary(&mut self, b: BinaryOp, x: ValueId, y: ValueId) -> ValueId {
        let ty = self.ty(x).clone();
        self.op(Opcode::Binary(b), &[x, y], ty)
    }

    pub fn add(&mut self, x: ValueId, y: ValueId) -> ValueId {
        self.binary(BinaryOp::Add, x, y)
    }

    pub fn sub(&mut self, x: ValueId, y: ValueId) -> ValueId {
        self.binary(BinaryOp::Sub, x, y)
    }

    pub fn mul(&mut self, x: ValueId, y: ValueId) -> ValueId {
        self.binary(BinaryOp::Mul, x, y)
    }

    pub fn div(&mut self, x: ValueId, y: ValueId) -> ValueId {
        self.binary(BinaryOp::Div, x, y)
    }

    pub fn rem(&mut self, x: ValueId, y: ValueId) -> ValueId {
        self.binary(BinaryOp::Rem, x, y)
    }

    pub fn pow(&mut self, x: ValueId, y: ValueId) -> ValueId {
        self.binary(BinaryOp::Pow, x, y)
    }

    pub fn and(&mut self, x: ValueId, y: ValueId) -> ValueId {
        self.binary(BinaryOp::And, x, y)
    }

    pub fn or(&mut self, x: ValueId, y: ValueId) -> ValueId {
        self.binary(BinaryOp::Or, x, y)
    }

    pub fn neg(&mut self, x: ValueId) -> ValueId {
        self.unary(UnaryOp::Neg, x)
    }

    pub fn abs(&mut self, x: ValueId) -> ValueId {
        self.unary(UnaryOp::Abs, x)
    }

    pub fn exp(&mut self, x: ValueId) -> ValueId {
        self.unary(UnaryOp::Exp, x)
    }

    pub fn log(&mut self, x: ValueId) -> ValueId {
        self.unary(UnaryOp::Log, x)
    }

    pub fn log1p(&mut self, x: ValueId) -> ValueId {
        self.unary(UnaryOp::Log1p, x)
    }

    pub fn sqrt(&mut self, x: ValueId) -> ValueId {
        self.unary(UnaryOp::Sqrt, x)
    }

    pub fn floor(&mut self, x: ValueId) -> ValueId {
        self.unary(UnaryOp::Floor, x)
    }

    /// `is_finite x`, an i1 of `x`'s shape.
    pub fn is_finite(&mut self, x: ValueId) -> ValueId {
        let ty = self.ty(x).with_dtype(DType::I1);
        self.op(Opcode::Unary(UnaryOp::IsFinite), &[x], ty)
    }

    /// `compare direction x, y` with the element type's default comparison.
    pub fn compare(&mut self, direction: CompareDirection, x: ValueId, y: ValueId) -> ValueId {
        self.compare_typed(direction, None, x, y)
    }

    pub fn compare_typed(
        &mut self,
        direction: CompareDirection,
        compare_type: Option<CompareType>,
        x: ValueId,
        y: ValueId,
    ) -> ValueId {
        let ty = self.ty(x).with_dtype(DType::I1);
        self.op(
            Opcode::Compare {
                direction,
                compare_type,
            },
            &[x, y],
            ty,
        )
    }

    pub fn lt(&mut self, x: ValueId, y: ValueId) -> ValueId {
        self.compare(CompareDirection::Lt, x, y)
    }

    pub fn le(&mut self, x: ValueId, y: ValueId) -> ValueId {
        self.compare(CompareDirection::Le, x, y)
    }

    pub fn gt(&mut self, x: ValueId, y: ValueId) -> ValueId {
        self.compare(CompareDirection::Gt, x, y)
    }

    pub fn ge(&mut self, x: ValueId, y: ValueId) -> ValueId {
        self.compare(CompareDirection::Ge, x, y)
    }

    pub fn eq(&mut self, x: ValueId, y: ValueId) -> ValueId {
        self.compare(CompareDirection::Eq, x, y)
    }

    pub fn ne(&mut self, x: ValueId, y: ValueId) -> ValueId {
        self.compare(CompareDirection::Ne, x, y)
    }

    /// `select(pred, on_true, on_false)`, typed like `on_true`.
    pub fn select(&mut self, pred: ValueId, on_true: ValueId, on_false: ValueId) -> ValueId {
        let ty = self.ty(on_true).clone();
        self.op(Opcode::Select, &[pred, on_true, on_false], ty)
    }

    /// `clamp(lo, x, hi)`, typed like `x`.
    pub fn clamp(&mut self, lo: ValueId, x: ValueId, hi: ValueId) -> ValueId {
        let ty = self.ty(x).clone();
        self.op(Opcode::Clamp, &[lo, x, hi], ty)
    }

    pub fn convert(&mut self, x: ValueId, dtype: DType) -> ValueId {
        let ty = self.ty(x).with_dtype(dtype);
        self.op(Opcode::Convert, &[x], ty)
    }

    pub fn bitcast(&mut self, x: ValueId, dtype: DType) -> ValueId {
        let ty = self.ty(x).with_dtype(dtype);
        self.op(Opcode::BitcastConvert, &[x], ty)
    }

    // ---- shapes ----

    pub fn broadcast_in_dim(&mut self, x: ValueId, shape: &[i64], dims: Vec<i64>) -> ValueId {
        let ty = TensorType::new(self.dtype(x), shape.to_vec());
        self.op(
            Opcode::BroadcastInDim {
                broadcast_dimensions: dims,
            },
            &[x],
            ty,
        )
    }

    pub fn reshape(&mut self, x: ValueId, shape: &[i64]) -> ValueId {
        let ty = TensorType::new(self.dtype(x), shape.to_vec());
        self.op(Opcode::Reshape, &[x], ty)
    }

    pub fn iota(&mut self, dtype: DType, shape: &[i64], dimension: i64) -> ValueId {
        self.op(
            Opcode::Iota { dimension },
            &[],
            TensorType::new(dtype, shape.to_vec()),
        )
    }

    /// `x[start:limit]` with unit strides.
    pub fn slice(&mut self, x: ValueId, start: Vec<i64>, limit: Vec<i64>) -> ValueId {
        let shape: Vec<i64> = start.iter().zip(&limit).map(|(s, l)| l - s).collect();
        let ty = TensorType::new(self.dtype(x), shape);
        let strides = vec![1; start.len()];
        self.op(
            Opcode::Slice {
                start,
                limit,
                strides,
            },
            &[x],
            ty,
        )
    }
}
