//! A reference interpreter for kir kernels: evaluates the body at every domain point.
//!
//! Slow and simple on purpose; it is the oracle the lowering tests compare against. Each
//! scalar op is the reference evaluator's ([`crate::compiler::eval`]), the contract in
//! [`super::kir`]: one definition of what an op computes, for kernels and for programs.

use super::kir::{Body, Kernel, Node};
use crate::compiler::eval::{self, tensor::convert_bits};
use crate::compiler::ir::{BinaryOp, CompareDirection, CompareType, DType, UnaryOp};

/// Runs `k` over its whole domain. `buffers[i]` is binding `i`, dense row-major bytes.
pub fn run_kernel(k: &Kernel, buffers: &mut [Vec<u8>]) {
    let total: i64 = k.domain.iter().product();
    let mut point = vec![0i64; k.domain.len()];
    for _ in 0..total {
        let mut vals = Vec::with_capacity(k.body.nodes.len());
        eval_body(k, &k.body, &point, &[], &[], &mut vals, buffers);
        next_point(&mut point, &k.domain);
    }
}

fn next_point(point: &mut [i64], extents: &[i64]) {
    for d in (0..point.len()).rev() {
        point[d] += 1;
        if point[d] < extents[d] {
            return;
        }
        point[d] = 0;
    }
}

fn linear(k: &Kernel, buffer: usize, index: &[u64]) -> usize {
    let shape = &k.buffers[buffer].shape;
    assert_eq!(shape.len(), index.len(), "index rank of buffer {buffer}");
    let mut lin = 0usize;
    for (d, &i) in index.iter().enumerate() {
        let i = i as i64;
        assert!(
            i >= 0 && i < shape[d],
            "out of bounds access to buffer {buffer}: index {i} of dim {d} (size {})",
            shape[d]
        );
        lin = lin * shape[d] as usize + i as usize;
    }
    lin
}

fn eval_body(
    k: &Kernel,
    body: &Body,
    point: &[i64],
    accs: &[u64],
    outer: &[u64],
    vals: &mut Vec<u64>,
    buffers: &mut [Vec<u8>],
) {
    let mut reduce_results: Vec<(usize, Vec<u64>)> = Vec::new();
    for (n, node) in body.nodes.iter().enumerate() {
        let ty = body.types[n];
        let v = |id: &super::kir::NodeId| vals[id.index()];
        let t = |id: &super::kir::NodeId| body.types[id.index()];
        let r = match node {
            Node::Index(d) => point[*d] as u64,
            Node::Const(b) => *b,
            Node::Load { buffer, index } => {
                let idx: Vec<u64> = index.iter().map(v).collect();
                let w = ty.size();
                let off = linear(k, *buffer, &idx) * w;
                let mut b = [0u8; 8];
                b[..w].copy_from_slice(&buffers[*buffer][off..off + w]);
                u64::from_le_bytes(b)
            }
            Node::Store {
                buffer,
                index,
                value,
            } => {
                let idx: Vec<u64> = index.iter().map(v).collect();
                let w = k.buffers[*buffer].dtype.size();
                assert_eq!(k.buffers[*buffer].dtype, t(value), "store dtype");
                assert!(k.buffers[*buffer].writable, "store to read-only buffer");
                let off = linear(k, *buffer, &idx) * w;
                let bytes = v(value).to_le_bytes();
                buffers[*buffer][off..off + w].copy_from_slice(&bytes[..w]);
                0
            }
            Node::Unary { op, x } => unary(*op, t(x), v(x)),
            Node::Binary { op, a, b } => binary(*op, ty, v(a), v(b)),
            Node::Compare {
                dir,
                a,
                b,
                total_order,
            } => compare(*dir, t(a), v(a), v(b), *total_order) as u64,
            Node::Select {
                cond,
                on_true,
                on_false,
            } => {
                if v(cond) & 1 != 0 {
                    v(on_true)
                } else {
                    v(on_false)
                }
            }
            Node::Convert { x } => convert_bits(t(x), ty, v(x)),
            Node::Bitcast { x } => {
                assert_eq!(t(x).bits(), ty.bits(), "bitcast width");
                v(x)
            }
            Node::Reduce {
                extents,
                inits,
                body: inner,
            } => {
                let mut acc: Vec<u64> = inits.iter().map(v).collect();
                let total: i64 = extents.iter().product();
                let mut p = vec![0i64; extents.len()];
                for _ in 0..total {
                    let mut inner_vals = Vec::with_capacity(inner.nodes.len());
                    eval_body(k, inner, &p, &acc, vals, &mut inner_vals, buffers);
                    acc = inner.yields.iter().map(|y| inner_vals[y.index()]).collect();
                    next_point(&mut p, extents);
                }
                let r = acc[0];
                reduce_results.push((n, acc));
                r
            }
            Node::Acc(i) => accs[*i],
            Node::Outer(id) => outer[id.index()],
            Node::ReduceResult { reduce, k } => {
                reduce_results
                    .iter()
                    .find(|(n, _)| *n == reduce.index())
                    .expect("ReduceResult of an earlier reduce")
                    .1[*k]
            }
        };
        vals.push(mask(ty, r));
    }
}

fn mask(ty: DType, bits: u64) -> u64 {
    if ty.bits() >= 64 {
        bits
    } else {
        bits & ((1u64 << ty.bits()) - 1)
    }
}

// Scalar semantics are the evaluator's: one source of truth for what each op computes, so
// the lowering tests hold kernels to exactly the behaviour the conformance suites check.
pub(crate) use crate::compiler::eval::tensor::{from_f64, from_int, to_f64, to_int};

fn unary(op: UnaryOp, xt: DType, x: u64) -> u64 {
    eval::unary_elem(op, xt, x).unwrap_or_else(|e| panic!("kir unary: {e}"))
}

fn binary(op: BinaryOp, ty: DType, a: u64, b: u64) -> u64 {
    eval::binary_elem(op, ty, a, b).unwrap_or_else(|e| panic!("kir binary: {e}"))
}

fn compare(dir: CompareDirection, ty: DType, a: u64, b: u64, total_order: bool) -> bool {
    // Without total order, the dtype's own comparison (float, signed or unsigned).
    let how = total_order.then_some(CompareType::TotalOrder);
    eval::compare_elem(dir, how, ty, a, b)
}
