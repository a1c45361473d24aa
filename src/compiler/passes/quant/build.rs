//! Emits the plain StableHLO ops that replace a quantized op: new values in the function's
//! table, ops appended in order, all at the replaced op's location.
use crate::compiler::eval::{literal_from_f64, literal_from_i128};
use crate::compiler::ir::{BinaryOp, DType, Loc, Op, Opcode, Region, TensorType, UnaryOp, ValueId};

pub(super) struct Builder<'f> {
    pub values: &'f mut Vec<TensorType>,
    pub ops: Vec<Op>,
    pub loc: Loc,
}

impl Builder<'_> {
    pub fn ty(&self, v: ValueId) -> &TensorType {
        &self.values[v.index()]
    }

    pub fn new_value(&mut self, ty: TensorType) -> ValueId {
        self.values.push(ty);
        ValueId(self.values.len() as u32 - 1)
    }

    /// Appends `opcode(operands)` defining `results` (values already in the table).
    pub fn emit_to(&mut self, opcode: Opcode, operands: Vec<ValueId>, results: Vec<ValueId>) {
        self.emit_with_regions(opcode, operands, results, Vec::new());
    }

    pub fn emit_with_regions(
        &mut self,
        opcode: Opcode,
        operands: Vec<ValueId>,
        results: Vec<ValueId>,
        regions: Vec<Region>,
    ) {
        self.ops.push(Op {
            opcode,
            operands,
            results,
            regions,
            loc: self.loc.clone(),
        });
    }

    /// Appends a single-result op and returns its new result of type `ty`.
    pub fn emit(&mut self, opcode: Opcode, operands: Vec<ValueId>, ty: TensorType) -> ValueId {
        let v = self.new_value(ty);
        self.emit_to(opcode, operands, vec![v]);
        v
    }

    /// A scalar float constant (the value rounded to `dtype`).
    pub fn scalar_f(&mut self, dtype: DType, x: f64) -> ValueId {
        let ty = TensorType::scalar(dtype);
        let lit = literal_from_f64(ty.clone(), &[x]);
        self.emit(Opcode::Constant(lit), vec![], ty)
    }

    /// A scalar integer constant (`v` must fit `dtype`).
    pub fn scalar_i(&mut self, dtype: DType, v: i64) -> ValueId {
        let ty = TensorType::scalar(dtype);
        let lit = literal_from_i128(ty.clone(), &[v as i128]);
        self.emit(Opcode::Constant(lit), vec![], ty)
    }

    /// `x` of rank 0 broadcast to `shape`.
    pub fn splat(&mut self, x: ValueId, shape: &[i64]) -> ValueId {
        let ty = self.ty(x).with_shape(shape.to_vec());
        self.broadcast(x, vec![], ty)
    }

    pub fn broadcast(&mut self, x: ValueId, dims: Vec<i64>, ty: TensorType) -> ValueId {
        self.emit(
            Opcode::BroadcastInDim {
                broadcast_dimensions: dims,
            },
            vec![x],
            ty,
        )
    }

    /// Per-channel parameters as a tensor of `shape`: one value for every channel along
    /// `axis`, or one for all (`axis` `None`, a single value). Floats are rounded to
    /// `dtype` from f64; integers converted exactly.
    pub fn channels(
        &mut self,
        dtype: DType,
        values: &[f64],
        axis: Option<usize>,
        shape: &[i64],
    ) -> ValueId {
        let scalar = |b: &mut Self, x: f64| {
            if dtype.is_float() {
                b.scalar_f(dtype, x)
            } else {
                b.scalar_i(dtype, x as i64)
            }
        };
        let uniform = values.iter().all(|&v| v.to_bits() == values[0].to_bits());
        match axis {
            Some(axis) if !uniform => {
                let vty = TensorType::new(dtype, [values.len() as i64]);
                let lit = if dtype.is_float() {
                    literal_from_f64(vty.clone(), values)
                } else {
                    let ints: Vec<i128> = values.iter().map(|&v| v as i128).collect();
                    literal_from_i128(vty.clone(), &ints)
                };
                let c = self.emit(Opcode::Constant(lit), vec![], vty);
                self.broadcast(c, vec![axis as i64], TensorType::new(dtype, shape.to_vec()))
            }
            _ => {
                let s = scalar(self, values[0]);
                self.splat(s, shape)
            }
        }
    }

    pub fn convert(&mut self, x: ValueId, dtype: DType) -> ValueId {
        let ty = self.ty(x).with_dtype(dtype);
        self.emit(Opcode::Convert, vec![x], ty)
    }

    pub fn binary(&mut self, op: BinaryOp, a: ValueId, b: ValueId) -> ValueId {
        let ty = self.ty(a).clone();
        self.emit(Opcode::Binary(op), vec![a, b], ty)
    }

    pub fn unary(&mut self, op: UnaryOp, a: ValueId) -> ValueId {
        let ty = self.ty(a).clone();
        self.emit(Opcode::Unary(op), vec![a], ty)
    }

    /// `clamp(lo, x, hi)` with scalar bounds of `x`'s element type.
    pub fn clamp(&mut self, lo: f64, x: ValueId, hi: f64) -> ValueId {
        let dt = self.ty(x).dtype;
        let (lo, hi) = if dt.is_float() {
            (self.scalar_f(dt, lo), self.scalar_f(dt, hi))
        } else {
            (self.scalar_i(dt, lo as i64), self.scalar_i(dt, hi as i64))
        };
        let ty = self.ty(x).clone();
        self.emit(Opcode::Clamp, vec![lo, x, hi], ty)
    }

    /// Sum of integer `x` over `dims` (accumulating in its own type).
    pub fn reduce_sum(&mut self, x: ValueId, dims: Vec<i64>) -> ValueId {
        let t = self.ty(x).clone();
        let dt = t.dtype;
        let shape: Vec<i64> = (0..t.rank() as i64)
            .filter(|d| !dims.contains(d))
            .map(|d| t.shape[d as usize])
            .collect();
        let init = self.scalar_i(dt, 0);
        let (a, b) = (
            self.new_value(TensorType::scalar(dt)),
            self.new_value(TensorType::scalar(dt)),
        );
        let s = self.new_value(TensorType::scalar(dt));
        let body = Region {
            args: vec![a, b],
            ops: vec![Op {
                opcode: Opcode::Binary(BinaryOp::Add),
                operands: vec![a, b],
                results: vec![s],
                regions: vec![],
                loc: self.loc.clone(),
            }],
            yields: vec![s],
            yield_loc: self.loc.clone(),
        };
        let out = self.new_value(TensorType::new(dt, shape));
        self.emit_with_regions(
            Opcode::Reduce { dimensions: dims },
            vec![x, init],
            vec![out],
            vec![body],
        );
        out
    }
}
