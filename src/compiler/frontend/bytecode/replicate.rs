//! The fallback partitioner for sharded `jit`: every device gathers the whole of each
//! sharded argument, runs the whole program, and keeps its own shard of each result.
//! The SPMD partitioner ([`super::partition`]) uses it for whole programs it cannot
//! partition (dynamic shapes), and its pieces (mesh geometry, [`all_gather`], the offsets
//! of [`Position`]) per value and per op.
//!
//! Always correct whatever the program does between its arguments and results (no
//! sharding is propagated through it), at the price of computing everything on every
//! device and of one `all_gather` per sharded dimension of each argument. The per-device
//! program is ordinary StableHLO: `all_gather` over the devices that hold the pieces of a
//! dimension, and a `dynamic_slice` at the offset `partition_id` gives each result.

use crate::compiler::ir::builder::Builder;
use crate::compiler::ir::{
    BinaryOp, Collective, CollectiveKind, DType, Func, Op, Opcode, TensorType, ValueId,
};

/// How one value is split: per dimension, the mesh axes (indices into
/// [`Plan::mesh`], major to minor) whose devices hold its pieces.
pub type Split = Vec<Vec<usize>>;

/// The partitioning of `@main`: a mesh of `Π sizes` devices numbered row-major (the first
/// axis the most significant), and the split of each argument and result.
pub struct Plan {
    pub mesh: Vec<i64>,
    /// The mesh axes' names, for messages and sharding constraints.
    pub axis_names: Vec<String>,
    pub args: Vec<Split>,
    pub results: Vec<Split>,
}

impl Plan {
    pub fn devices(&self) -> i64 {
        self.mesh.iter().product()
    }

    /// Devices between consecutive positions along mesh axis `a`.
    pub fn stride(&self, a: usize) -> i64 {
        self.mesh[a + 1..].iter().product()
    }

    /// The groups of devices that hold the pieces of one dimension split over `axes`: one
    /// group per position on the other axes, its members in the order of their pieces.
    pub fn groups(&self, axes: &[usize]) -> Vec<Vec<i64>> {
        let pieces: i64 = axes.iter().map(|&a| self.mesh[a]).product();
        (0..self.devices())
            .filter(|d| axes.iter().all(|&a| d / self.stride(a) % self.mesh[a] == 0))
            .map(|first| {
                (0..pieces)
                    .map(|k| {
                        // `k` in mixed radix over `axes`, the last one fastest.
                        let mut rest = k;
                        let mut id = first;
                        for &a in axes.iter().rev() {
                            id += rest % self.mesh[a] * self.stride(a);
                            rest /= self.mesh[a];
                        }
                        id
                    })
                    .collect()
            })
            .collect()
    }

    pub fn pieces(&self, axes: &[usize]) -> i64 {
        axes.iter().map(|&a| self.mesh[a]).product()
    }

    /// The shape of one device's piece of a value of `shape` split as `split`.
    pub fn local_shape(
        &self,
        shape: &[i64],
        split: &Split,
        what: &str,
    ) -> Result<Vec<i64>, String> {
        if split.len() != shape.len() {
            return Err(format!(
                "{what}: a sharding of rank {} for a value of rank {}",
                split.len(),
                shape.len()
            ));
        }
        shape
            .iter()
            .zip(split)
            .enumerate()
            .map(|(d, (&n, axes))| {
                let k = self.pieces(axes);
                if n % k != 0 {
                    return Err(format!(
                        "unsupported: {what}: dimension {d} of size {n} split into {k} pieces \
                         (pjrtc needs dimensions that divide evenly)"
                    ));
                }
                Ok(n / k)
            })
            .collect()
    }
}

/// An `all_gather` along `dim` over `groups` (partition ids: the program has one replica).
pub fn all_gather(dim: usize, groups: Vec<Vec<i64>>) -> Opcode {
    Opcode::Collective(Collective {
        kind: CollectiveKind::AllGather { dim: dim as i64 },
        groups,
        // Flattened ids: the groups name partitions (the program has one replica).
        channel_id: 1,
        use_global_device_ids: true,
    })
}

/// The device's position along each mesh axis, computed from `partition_id` at first use
/// and reused after (every use is in the entry's top-level block, after the first).
pub struct Position {
    axes: Vec<Option<ValueId>>,
}

impl Position {
    pub fn new(plan: &Plan) -> Position {
        Position {
            axes: vec![None; plan.mesh.len()],
        }
    }

    /// The `i32` start, in a dimension of pieces of `len` elements split over `axes`, of
    /// the device's piece: its positions on `axes` in mixed radix (the first the most
    /// significant) times `len`.
    pub fn start(&mut self, b: &mut Builder, plan: &Plan, axes: &[usize], len: i64) -> ValueId {
        let mut index = b.scalar_int(DType::I32, 0);
        for &a in axes {
            let p = match self.axes[a] {
                Some(p) => p,
                None => {
                    let id = b.op(
                        Opcode::Collective(Collective::new(CollectiveKind::PartitionId)),
                        &[],
                        TensorType::new(DType::U32, []),
                    );
                    let id = b.op(Opcode::Convert, &[id], TensorType::new(DType::I32, []));
                    let stride = b.scalar_int(DType::I32, plan.stride(a) as i128);
                    let size = b.scalar_int(DType::I32, plan.mesh[a] as i128);
                    let q = b.binary(BinaryOp::Div, id, stride);
                    let p = b.binary(BinaryOp::Rem, q, size);
                    self.axes[a] = Some(p);
                    p
                }
            };
            let size = b.scalar_int(DType::I32, plan.mesh[a] as i128);
            let scaled = b.binary(BinaryOp::Mul, index, size);
            index = b.binary(BinaryOp::Add, scaled, p);
        }
        let len = b.scalar_int(DType::I32, len as i128);
        b.binary(BinaryOp::Mul, index, len)
    }
}

/// Rewrites the whole-program `func` into what one device runs under `plan`.
pub fn apply(func: &mut Func, plan: &Plan) -> Result<(), String> {
    if plan.args.len() != func.body.args.len() || plan.results.len() != func.body.yields.len() {
        return Err("the shardings do not match @main's arguments and results".into());
    }
    let loc = func.loc.clone();
    // Arguments: the device's piece comes in; gathering each split dimension in turn
    // rebuilds the whole value under the argument's old id, so the body is unchanged.
    let mut prologue = Vec::new();
    for (i, split) in plan.args.iter().enumerate() {
        if split.iter().all(|a| a.is_empty()) {
            continue;
        }
        let whole = func.body.args[i];
        let ty = func.ty(whole).clone();
        let local = plan.local_shape(&ty.shape, split, &format!("argument {i}"))?;
        let mut cur = func.new_value(TensorType {
            shape: local.clone(),
            ..ty.clone()
        });
        func.body.args[i] = cur;
        let mut shape = local;
        let dims: Vec<usize> = (0..split.len()).filter(|&d| !split[d].is_empty()).collect();
        for (j, &d) in dims.iter().enumerate() {
            shape[d] = ty.shape[d];
            let out = if j + 1 == dims.len() {
                whole
            } else {
                func.new_value(TensorType {
                    shape: shape.clone(),
                    ..ty.clone()
                })
            };
            prologue.push(Op {
                opcode: all_gather(d, plan.groups(&split[d])),
                operands: vec![cur],
                results: vec![out],
                regions: Vec::new(),
                loc: loc.clone(),
            });
            cur = out;
        }
    }
    prologue.append(&mut func.body.ops);
    func.body.ops = prologue;

    // Results: each device keeps the piece at its position on the mesh.
    let mut ops = std::mem::take(&mut func.body.ops);
    let mut b = Builder::new(&mut func.values, &mut ops, loc);
    let mut position = Position::new(plan);
    for (i, split) in plan.results.iter().enumerate() {
        if split.iter().all(|a| a.is_empty()) {
            continue;
        }
        let y = func.body.yields[i];
        let ty = b.ty(y).clone();
        let local = plan.local_shape(&ty.shape, split, &format!("result {i}"))?;
        let starts: Vec<ValueId> = split
            .iter()
            .zip(&local)
            .map(|(axes, &len)| position.start(&mut b, plan, axes, len))
            .collect();
        let mut operands = vec![y];
        operands.extend(starts);
        let piece = b.op(
            Opcode::DynamicSlice {
                slice_sizes: local.clone(),
            },
            &operands,
            TensorType { shape: local, ..ty },
        );
        func.body.yields[i] = piece;
        func.result_types[i] = b.ty(piece).clone();
    }
    func.body.ops = ops;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(mesh: &[i64]) -> Plan {
        Plan {
            mesh: mesh.to_vec(),
            axis_names: Vec::new(),
            args: Vec::new(),
            results: Vec::new(),
        }
    }

    #[test]
    fn groups_hold_the_pieces_in_order() {
        // Mesh x=2, y=3: device = 3x + y.
        let p = plan(&[2, 3]);
        assert_eq!(p.groups(&[0]), [[0, 3], [1, 4], [2, 5]]);
        assert_eq!(p.groups(&[1]), [[0, 1, 2], [3, 4, 5]]);
        assert_eq!(p.groups(&[0, 1]), [[0, 1, 2, 3, 4, 5]]);
        // y major, x minor: piece k = 2y + x.
        assert_eq!(p.groups(&[1, 0]), [[0, 3, 1, 4, 2, 5]]);
    }

    /// A tensor-parallel matmul on a 2x2 mesh: `a` split by rows over x, `w` by columns
    /// over y, the product by rows over x and columns over y. Each device runs the rewritten
    /// program in its own thread and must hold its block of the whole product.
    #[test]
    fn devices_compute_their_blocks_of_a_sharded_matmul() {
        use crate::compiler::{Options, Timings, compile_module, frontend};
        use pjrtc_runtime::collective::{Device, Grid, Rendezvous};
        use pjrtc_runtime::{DType as RtType, Executable, Tensor};
        let src = "func.func @main(%a: tensor<6x3xf32>, %w: tensor<3x4xf32>) -> tensor<6x4xf32> {
          %0 = stablehlo.dot_general %a, %w, contracting_dims = [1] x [0] : (tensor<6x3xf32>, tensor<3x4xf32>) -> tensor<6x4xf32>
          return %0 : tensor<6x4xf32>
        }";
        let mut module = frontend::parse(src.as_bytes()).unwrap();
        let plan = Plan {
            mesh: vec![2, 2],
            axis_names: vec!["x".into(), "y".into()],
            args: vec![vec![vec![0], vec![]], vec![vec![], vec![1]]],
            results: vec![vec![vec![0], vec![1]]],
        };
        apply(&mut module.funcs[0], &plan).unwrap();
        let pjx = compile_module(&module, &Options::default(), &mut Timings::default()).unwrap();
        let exe = Executable::load(&pjx.to_bytes()).unwrap();
        let a: Vec<f32> = (0..18).map(|i| i as f32 - 5.0).collect();
        let w: Vec<f32> = (0..12).map(|i| (i * 7 % 5) as f32).collect();
        let block =
            |m: &[f32], cols: usize, r: std::ops::Range<usize>, c: std::ops::Range<usize>| {
                let mut v = Vec::new();
                for i in r {
                    v.extend_from_slice(&m[i * cols + c.start..i * cols + c.end]);
                }
                v
            };
        let tensor = |v: &[f32], shape: &[u64]| {
            let bytes: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
            Tensor::from_bytes(RtType::F32, shape, &bytes).unwrap()
        };
        let rendezvous = Rendezvous::new(std::time::Duration::from_secs(60));
        let grid = Grid {
            replicas: 1,
            partitions: 4,
        };
        let got: Vec<Vec<f32>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..4u32)
                .map(|d| {
                    let (x, y) = (d as usize / 2, d as usize % 2);
                    let a = tensor(&block(&a, 3, 3 * x..3 * x + 3, 0..3), &[3, 3]);
                    let w = tensor(&block(&w, 4, 0..3, 2 * y..2 * y + 2), &[3, 2]);
                    let (exe, rendezvous) = (&exe, &rendezvous);
                    s.spawn(move || {
                        let device = Device::new(grid, 0, d, rendezvous);
                        let mut outs = exe.new_outputs().unwrap();
                        exe.run_on(&device, &[&a, &w], &mut outs).unwrap();
                        let out = &outs[0];
                        assert_eq!(out.shape, [3, 2]);
                        out.bytes()
                            .chunks(4)
                            .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
                            .collect()
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        // Small integers: the f32 products and sums are exact.
        let mut product = vec![0f32; 24];
        for i in 0..6 {
            for j in 0..4 {
                product[i * 4 + j] = (0..3).map(|k| a[i * 3 + k] * w[k * 4 + j]).sum();
            }
        }
        for (d, g) in got.iter().enumerate() {
            let (x, y) = (d / 2, d % 2);
            assert_eq!(
                g,
                &block(&product, 4, 3 * x..3 * x + 3, 2 * y..2 * y + 2),
                "device {d}"
            );
        }
    }

    #[test]
    fn uneven_dimensions_are_refused() {
        let p = plan(&[4]);
        let err = p
            .local_shape(&[6, 2], &vec![vec![0], vec![]], "argument 0")
            .unwrap_err();
        assert!(
            err.contains("dimension 0 of size 6 split into 4 pieces"),
            "{err}"
        );
        assert_eq!(
            p.local_shape(&[8, 2], &vec![vec![], vec![0]], "x"),
            Err("unsupported: x: dimension 1 of size 2 split into 4 pieces (pjrtc needs dimensions that divide evenly)".into())
        );
        assert_eq!(
            p.local_shape(&[8, 2], &vec![vec![0], vec![]], "x"),
            Ok(vec![2, 2])
        );
    }
}
