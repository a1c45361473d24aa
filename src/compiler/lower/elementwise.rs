//! Scalar kir for elementwise ops, shared by kernels and reducer bodies.

use super::kir::{Body, Node, NodeId};
use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::{BinaryOp, CompareType, DType, Op, Opcode};

/// Emits the scalar computation of elementwise `op` on `args` (already evaluated at the
/// same point); `result` is the op's element type.
pub fn emit_scalar(
    body: &mut Body,
    op: &Op,
    args: &[NodeId],
    result: DType,
) -> Result<NodeId, Diagnostic> {
    Ok(match &op.opcode {
        Opcode::Unary(u) => body.push(Node::Unary { op: *u, x: args[0] }, result),
        Opcode::Binary(b) => body.push(
            Node::Binary {
                op: *b,
                a: args[0],
                b: args[1],
            },
            result,
        ),
        Opcode::Compare {
            direction,
            compare_type,
        } => body.push(
            Node::Compare {
                dir: *direction,
                a: args[0],
                b: args[1],
                total_order: *compare_type == Some(CompareType::TotalOrder),
            },
            DType::I1,
        ),
        Opcode::Select => body.push(
            Node::Select {
                cond: args[0],
                on_true: args[1],
                on_false: args[2],
            },
            result,
        ),
        // clamp(min, x, max) = min(max(x, min), max)
        Opcode::Clamp => {
            let lo = body.push(
                Node::Binary {
                    op: BinaryOp::Max,
                    a: args[1],
                    b: args[0],
                },
                result,
            );
            body.push(
                Node::Binary {
                    op: BinaryOp::Min,
                    a: lo,
                    b: args[2],
                },
                result,
            )
        }
        Opcode::Convert => convert(body, args[0], result),
        Opcode::BitcastConvert => {
            let from = body.ty(args[0]);
            if from == result {
                args[0]
            } else if from.bits() != result.bits() {
                return Err(Diagnostic::at(
                    &op.loc,
                    "unsupported: stablehlo.bitcast_convert between different bit widths",
                ));
            } else {
                body.push(Node::Bitcast { x: args[0] }, result)
            }
        }
        // Shape-only ops on one element (reducer bodies work on 0-d tensors).
        Opcode::Reshape
        | Opcode::BroadcastInDim { .. }
        | Opcode::Transpose { .. }
        | Opcode::OptimizationBarrier => args[0],
        Opcode::Constant(lit) if lit.ty.num_elements() >= 1 && lit.is_splat() => {
            body.push(Node::Const(lit.element_bits(0)), result)
        }
        _ => {
            return Err(Diagnostic::at(
                &op.loc,
                format!(
                    "unsupported: {} is not a scalar elementwise op",
                    op.opcode.name()
                ),
            ));
        }
    })
}

/// `x` converted to `to` (no node if it already has that type).
pub fn convert(body: &mut Body, x: NodeId, to: DType) -> NodeId {
    if body.ty(x) == to {
        x
    } else {
        body.push(Node::Convert { x }, to)
    }
}
