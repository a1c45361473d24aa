//! Each rule on small programs: the partitioned program runs on every device of the mesh
//! (one thread each, meeting in one rendezvous) and each device's result must be its piece
//! of what the whole program computes on one device. Inputs are small integers, so f32
//! sums are exact in any order.

use super::super::replicate::{Plan, Split};
use super::*;
use crate::compiler::{Options, Timings, compile_module, frontend};
use pjrtc_runtime::collective::{Device, Grid, Rendezvous};
use pjrtc_runtime::{DType as RtType, Executable, Tensor};

/// A global f32 array.
#[derive(Clone, Debug, PartialEq)]
struct Array {
    shape: Vec<i64>,
    data: Vec<f32>,
}

fn array(shape: &[i64], f: impl Fn(usize) -> f32) -> Array {
    let n: i64 = shape.iter().product();
    Array {
        shape: shape.to_vec(),
        data: (0..n as usize).map(f).collect(),
    }
}

/// Device `d`'s piece of `a` under `split`.
fn piece(plan: &Plan, a: &Array, split: &Split, d: i64) -> Array {
    let ranges: Vec<(i64, i64)> = a
        .shape
        .iter()
        .zip(split)
        .map(|(&n, axes)| {
            let mut index = 0;
            for &ax in axes {
                index = index * plan.mesh[ax] + d / plan.stride(ax) % plan.mesh[ax];
            }
            let len = n / plan.pieces(axes);
            (index * len, len)
        })
        .collect();
    let shape: Vec<i64> = ranges.iter().map(|r| r.1).collect();
    let strides = TensorType::new(crate::compiler::ir::DType::F32, a.shape.clone()).strides();
    let n: i64 = shape.iter().product();
    let mut data = Vec::with_capacity(n as usize);
    for flat in 0..n {
        let mut rest = flat;
        let mut at = 0;
        for k in (0..shape.len()).rev() {
            let i = rest % shape[k];
            rest /= shape[k];
            at += (ranges[k].0 + i) * strides[k];
        }
        data.push(a.data[at as usize]);
    }
    Array { shape, data }
}

fn tensor(a: &Array) -> Tensor {
    let bytes: Vec<u8> = a.data.iter().flat_map(|x| x.to_le_bytes()).collect();
    let shape: Vec<u64> = a.shape.iter().map(|&d| d as u64).collect();
    Tensor::from_bytes(RtType::F32, &shape, &bytes).unwrap()
}

fn out_array(t: &Tensor) -> Array {
    Array {
        shape: t.shape.iter().map(|&d| d as i64).collect(),
        data: t
            .bytes()
            .chunks(4)
            .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
            .collect(),
    }
}

fn compile(m: &crate::compiler::ir::Module) -> Executable {
    let pjx = compile_module(m, &Options::default(), &mut Timings::default()).unwrap();
    Executable::load(&pjx.to_bytes()).unwrap()
}

/// Partitions `src` under `mesh`, `args` and `results` splits, runs it on every device and
/// checks each device's results against its pieces of the whole program's. Returns the
/// partitioner's report and the per-device function.
fn check(
    src: &str,
    mesh: &[i64],
    args: Vec<Split>,
    results: Vec<Split>,
    inputs: &[Array],
) -> (Report, Func) {
    let module = frontend::parse(src.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{src}"));
    // The whole program on one device, constraints as identities.
    let mut whole = module.clone();
    strip_markers(&mut whole.funcs[0]);
    let exe = compile(&whole);
    let ins: Vec<Tensor> = inputs.iter().map(tensor).collect();
    let refs: Vec<&Tensor> = ins.iter().collect();
    let mut outs = exe.new_outputs().unwrap();
    exe.run_into(&refs, &mut outs).unwrap();
    let expected: Vec<Array> = outs.iter().map(out_array).collect();

    let plan = Plan {
        mesh: mesh.to_vec(),
        axis_names: (0..mesh.len()).map(|i| format!("a{i}")).collect(),
        args,
        results,
    };
    let mut part = module.clone();
    let report = partition(&mut part.funcs[0], &plan).unwrap();
    let func = part.funcs[0].clone();
    let exe = compile(&part);
    let n = plan.devices();
    let rendezvous = Rendezvous::new(std::time::Duration::from_secs(60));
    let grid = Grid {
        replicas: 1,
        partitions: n as u32,
    };
    let got: Vec<Vec<Array>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..n)
            .map(|d| {
                let ins: Vec<Tensor> = inputs
                    .iter()
                    .zip(&plan.args)
                    .map(|(a, sp)| tensor(&piece(&plan, a, sp, d)))
                    .collect();
                let (exe, rendezvous) = (&exe, &rendezvous);
                s.spawn(move || {
                    let device = Device::new(grid, 0, d as u32, rendezvous);
                    let refs: Vec<&Tensor> = ins.iter().collect();
                    let mut outs = exe.new_outputs().unwrap();
                    exe.run_on(&device, &refs, &mut outs).unwrap();
                    outs.iter().map(out_array).collect()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (d, outs) in got.iter().enumerate() {
        for (i, (o, e)) in outs.iter().zip(&expected).enumerate() {
            let want = piece(&plan, e, &plan.results[i], d as i64);
            assert_eq!(o, &want, "device {d}, result {i}\n{report:?}");
        }
    }
    (report, func)
}

fn ints(n: usize, m: usize) -> impl Fn(usize) -> f32 {
    move |i| ((i * 7 + 3 + n * 5) % m) as f32 - (m / 2) as f32
}

fn rows() -> Split {
    vec![vec![0], vec![]]
}

fn whole2() -> Split {
    vec![vec![], vec![]]
}

#[test]
fn elementwise_and_broadcasts_run_on_row_pieces() {
    let src = "func.func @main(%x: tensor<8x4xf32>, %b: tensor<4xf32>) -> tensor<8x4xf32> {
      %c = stablehlo.constant dense<2.0> : tensor<8x4xf32>
      %z = stablehlo.constant dense<0.0> : tensor<f32>
      %zb = stablehlo.broadcast_in_dim %z, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
      %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<4xf32>) -> tensor<8x4xf32>
      %0 = stablehlo.multiply %x, %c : tensor<8x4xf32>
      %1 = stablehlo.add %0, %bb : tensor<8x4xf32>
      %2 = stablehlo.maximum %1, %zb : tensor<8x4xf32>
      %p = stablehlo.compare GT, %2, %zb : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xi1>
      %3 = stablehlo.select %p, %2, %x : tensor<8x4xi1>, tensor<8x4xf32>
      return %3 : tensor<8x4xf32>
    }";
    let (r, f) = check(
        src,
        &[2],
        vec![rows(), vec![vec![]]],
        vec![rows()],
        &[array(&[8, 4], ints(0, 9)), array(&[4], ints(1, 5))],
    );
    assert!(r.fallback.is_empty(), "{r:?}");
    assert!(r.collectives.is_empty(), "{r:?}");
    // The two broadcasts are of whole values (and remade at the pieces' shape where used).
    assert_eq!((r.partitioned, r.whole), (5, 2), "{r:?}");
    // No value of the whole 8x4 shape is left once the whole constants and broadcasts,
    // remade at the pieces' shape, are dead.
    let mut f = f;
    crate::compiler::passes::dce::dce(&mut f);
    let mut big = 0;
    f.body.walk(&mut |op| {
        big += op
            .results
            .iter()
            .filter(|v| f.ty(**v).shape == [8, 4])
            .count()
    });
    let m = crate::compiler::ir::Module {
        name: None,
        funcs: vec![f],
        partition: None,
    };
    assert_eq!(big, 0, "{}", crate::compiler::ir::print::print_module(&m));
}

#[test]
fn dot_with_split_rows_is_local() {
    let src = "func.func @main(%x: tensor<8x6xf32>, %w: tensor<6x4xf32>) -> tensor<8x4xf32> {
      %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x6xf32>, tensor<6x4xf32>) -> tensor<8x4xf32>
      return %0 : tensor<8x4xf32>
    }";
    let (r, _) = check(
        src,
        &[2],
        vec![rows(), whole2()],
        vec![rows()],
        &[array(&[8, 6], ints(0, 7)), array(&[6, 4], ints(1, 5))],
    );
    assert!(r.collectives.is_empty(), "{r:?}");
}

#[test]
fn dot_over_split_contracting_dims_sums_with_all_reduce() {
    // The weight gradient of data parallelism: both operands split on the batch, which
    // the dot contracts.
    let src = "func.func @main(%x: tensor<8x6xf32>, %d: tensor<8x4xf32>) -> tensor<6x4xf32> {
      %0 = stablehlo.dot_general %x, %d, contracting_dims = [0] x [0] : (tensor<8x6xf32>, tensor<8x4xf32>) -> tensor<6x4xf32>
      return %0 : tensor<6x4xf32>
    }";
    let (r, _) = check(
        src,
        &[2],
        vec![rows(), rows()],
        vec![whole2()],
        &[array(&[8, 6], ints(0, 7)), array(&[8, 4], ints(1, 5))],
    );
    assert_eq!(r.collectives, [("all_reduce".to_string(), 1)], "{r:?}");
    // Split differently: the rhs is resharded (sliced: it is whole) to match.
    let (r, _) = check(
        src,
        &[4],
        vec![rows(), whole2()],
        vec![whole2()],
        &[array(&[8, 6], ints(0, 7)), array(&[8, 4], ints(1, 5))],
    );
    assert_eq!(r.collectives, [("all_reduce".to_string(), 1)], "{r:?}");
}

#[test]
fn tensor_parallel_matmul_on_a_2x2_mesh_needs_no_communication() {
    let src = "func.func @main(%x: tensor<6x4xf32>, %w: tensor<4x8xf32>) -> tensor<6x8xf32> {
      %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<6x4xf32>, tensor<4x8xf32>) -> tensor<6x8xf32>
      %1 = stablehlo.tanh %0 : tensor<6x8xf32>
      return %1 : tensor<6x8xf32>
    }";
    let (r, _) = check(
        src,
        &[2, 2],
        vec![rows(), vec![vec![], vec![1]]],
        vec![vec![vec![0], vec![1]]],
        &[array(&[6, 4], ints(0, 5)), array(&[4, 8], ints(1, 3))],
    );
    assert!(r.collectives.is_empty(), "{r:?}");
    assert_eq!(r.partitioned, 2, "{r:?}");
    // Both operands split on the contracting dimension over the second axis: partial sums
    // over that axis only.
    let src = "func.func @main(%x: tensor<6x4xf32>, %w: tensor<4x8xf32>) -> tensor<6x8xf32> {
      %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<6x4xf32>, tensor<4x8xf32>) -> tensor<6x8xf32>
      return %0 : tensor<6x8xf32>
    }";
    let (r, f) = check(
        src,
        &[2, 2],
        vec![vec![vec![0], vec![1]], vec![vec![1], vec![]]],
        vec![vec![vec![0], vec![]]],
        &[array(&[6, 4], ints(0, 5)), array(&[4, 8], ints(1, 3))],
    );
    assert_eq!(r.collectives, [("all_reduce".to_string(), 1)], "{r:?}");
    let mut groups = Vec::new();
    f.body.walk(&mut |op| {
        if let Opcode::Collective(c) = &op.opcode {
            groups.push(c.groups.clone());
        }
    });
    assert_eq!(groups, [vec![vec![0, 1], vec![2, 3]]]);
}

#[test]
fn reduce_max_over_a_split_dimension_combines_with_max() {
    let src = "func.func @main(%x: tensor<8x6xf32>) -> tensor<6xf32> {
      %i = stablehlo.constant dense<0xFF800000> : tensor<f32>
      %0 = stablehlo.reduce(%x init: %i) applies stablehlo.maximum across dimensions = [0] : (tensor<8x6xf32>, tensor<f32>) -> tensor<6xf32>
      return %0 : tensor<6xf32>
    }";
    let x = array(&[8, 6], |i| ((i * 37 + 11) % 23) as f32 - 15.0);
    // 2x2 mesh: rows over the first axis, columns over the second; the result keeps the
    // columns' split.
    let (r, f) = check(
        src,
        &[2, 2],
        vec![vec![vec![0], vec![1]]],
        vec![vec![vec![1]]],
        std::slice::from_ref(&x),
    );
    assert_eq!(r.collectives, [("all_reduce".to_string(), 1)], "{r:?}");
    let mut reducers = Vec::new();
    f.body.walk(&mut |op| {
        if let Opcode::Collective(c) = &op.opcode {
            assert_eq!(c.groups, [vec![0, 2], vec![1, 3]]);
            reducers.push(op.regions[0].ops[0].opcode.clone());
        }
    });
    assert_eq!(
        reducers,
        [Opcode::Binary(crate::compiler::ir::BinaryOp::Max)]
    );
}

#[test]
fn sums_with_an_init_that_is_not_zero_gather_first() {
    let src = "func.func @main(%x: tensor<8x6xf32>) -> tensor<6xf32> {
      %i = stablehlo.constant dense<1.0> : tensor<f32>
      %0 = stablehlo.reduce(%x init: %i) applies stablehlo.add across dimensions = [0] : (tensor<8x6xf32>, tensor<f32>) -> tensor<6xf32>
      return %0 : tensor<6xf32>
    }";
    let (r, _) = check(
        src,
        &[2],
        vec![rows()],
        vec![vec![vec![]]],
        &[array(&[8, 6], ints(0, 9))],
    );
    assert_eq!(r.collectives, [("all_gather".to_string(), 1)], "{r:?}");
    // A zero init: local sums and an all_reduce; the kept dimension keeps its split.
    let src = src.replace("dense<1.0>", "dense<0.0>");
    let (r, _) = check(
        &src,
        &[2, 2],
        vec![vec![vec![0], vec![1]]],
        vec![vec![vec![1]]],
        &[array(&[8, 6], ints(0, 9))],
    );
    assert_eq!(r.collectives, [("all_reduce".to_string(), 1)], "{r:?}");
}

#[test]
fn transpose_and_reshape_carry_the_split() {
    let src = "func.func @main(%x: tensor<8x6xf32>) -> tensor<6x2x4xf32> {
      %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<8x6xf32>) -> tensor<6x8xf32>
      %1 = stablehlo.reshape %0 : (tensor<6x8xf32>) -> tensor<6x2x4xf32>
      return %1 : tensor<6x2x4xf32>
    }";
    let (r, _) = check(
        src,
        &[2],
        vec![rows()],
        vec![vec![vec![], vec![0], vec![]]],
        &[array(&[8, 6], ints(0, 11))],
    );
    assert!(r.collectives.is_empty(), "{r:?}");
    // 4 pieces of 2 do not fit the leading dimension of size 2: the reshape gathers.
    let (r, _) = check(
        src,
        &[4],
        vec![rows()],
        vec![vec![vec![], vec![], vec![]]],
        &[array(&[8, 6], ints(0, 11))],
    );
    assert_eq!(r.collectives, [("all_gather".to_string(), 1)], "{r:?}");
}

#[test]
fn a_constraint_from_rows_to_columns_is_one_all_to_all() {
    let src = "func.func @main(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
      %0 = stablehlo.custom_call @pjrtc.sharding_constraint(%x) {backend_config = \";0\"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
      %1 = stablehlo.exponential %0 : tensor<8x8xf32>
      return %1 : tensor<8x8xf32>
    }";
    let x = array(&[8, 8], |i| (i % 5) as f32 * 0.25);
    let (r, _) = check(
        src,
        &[2],
        vec![rows()],
        vec![vec![vec![], vec![0]]],
        std::slice::from_ref(&x),
    );
    assert_eq!(r.collectives, [("all_to_all".to_string(), 1)], "{r:?}");
    // Over a 2x2 mesh, moving the second axis.
    let (r, _) = check(
        src.replace("\";0\"", "\"0;1\"").as_str(),
        &[2, 2],
        vec![vec![vec![0, 1], vec![]]],
        vec![vec![vec![0], vec![1]]],
        std::slice::from_ref(&x),
    );
    // [0,1] -> [0] is not one move: a gather of the rows, then a local slice of columns.
    assert_eq!(r.collectives, [("all_gather".to_string(), 1)], "{r:?}");
    // A constraint that does not divide (6 columns in 4 pieces) is a hint only.
    let (r, _) = check(
        src.replace("8x8", "8x6").as_str(),
        &[4],
        vec![rows()],
        vec![rows()],
        &[array(&[8, 6], ints(0, 7))],
    );
    assert!(r.collectives.is_empty(), "{r:?}");
}

#[test]
fn ops_without_a_rule_run_on_whole_values_and_are_reported() {
    let src = "func.func @main(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
      %0 = stablehlo.negate %x : tensor<8x4xf32>
      %1 = \"stablehlo.sort\"(%0) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %c = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
        stablehlo.return %c : tensor<i1>
      }) {dimension = 0 : i64, is_stable = true} : (tensor<8x4xf32>) -> tensor<8x4xf32>
      %2 = stablehlo.abs %1 : tensor<8x4xf32>
      return %2 : tensor<8x4xf32>
    }";
    let (r, _) = check(
        src,
        &[2],
        vec![rows()],
        vec![rows()],
        &[array(&[8, 4], |i| ((i * 13) % 11) as f32)],
    );
    assert_eq!(r.fallback.len(), 1, "{r:?}");
    assert_eq!(r.fallback[0].0, "stablehlo.sort");
    assert!(r.fallback[0].1.starts_with("3:"), "{r:?}");
    assert_eq!(r.collectives, [("all_gather".to_string(), 1)], "{r:?}");
    assert!(r.lines()[1].contains("stablehlo.sort"), "{:?}", r.lines());
}

#[test]
fn convolution_with_split_images_is_local() {
    let src = "func.func @main(%x: tensor<4x5x5x2xf32>, %k: tensor<3x3x2x3xf32>) -> tensor<4x3x3x3xf32> {
      %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<4x5x5x2xf32>, tensor<3x3x2x3xf32>) -> tensor<4x3x3x3xf32>
      return %0 : tensor<4x3x3x3xf32>
    }";
    let r4 = |s: Vec<usize>| vec![s, vec![], vec![], vec![]];
    let (r, _) = check(
        src,
        &[2],
        vec![r4(vec![0]), r4(vec![])],
        vec![r4(vec![0])],
        &[
            array(&[4, 5, 5, 2], ints(0, 5)),
            array(&[3, 3, 2, 3], ints(1, 3)),
        ],
    );
    assert!(r.collectives.is_empty() && r.fallback.is_empty(), "{r:?}");
}

#[test]
fn a_data_parallel_training_step_splits_the_batch() {
    // Forward, loss mean and the gradients of one layer, as JAX writes them.
    let src = "func.func @main(%w: tensor<6x4xf32>, %x: tensor<8x6xf32>, %y: tensor<8x4xf32>) -> (tensor<6x4xf32>, tensor<f32>) {
      %h = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x6xf32>, tensor<6x4xf32>) -> tensor<8x4xf32>
      %e = stablehlo.subtract %h, %y : tensor<8x4xf32>
      %sq = stablehlo.multiply %e, %e : tensor<8x4xf32>
      %z = stablehlo.constant dense<0.0> : tensor<f32>
      %s = stablehlo.reduce(%sq init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<f32>
      %n = stablehlo.constant dense<32.0> : tensor<f32>
      %loss = stablehlo.divide %s, %n : tensor<f32>
      %two = stablehlo.constant dense<2.0> : tensor<f32>
      %tb = stablehlo.broadcast_in_dim %two, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
      %g = stablehlo.multiply %tb, %e : tensor<8x4xf32>
      %dw = stablehlo.dot_general %x, %g, contracting_dims = [0] x [0] : (tensor<8x6xf32>, tensor<8x4xf32>) -> tensor<6x4xf32>
      %w2 = stablehlo.subtract %w, %dw : tensor<6x4xf32>
      return %w2, %loss : tensor<6x4xf32>, tensor<f32>
    }";
    let (r, _) = check(
        src,
        &[2],
        vec![whole2(), rows(), rows()],
        vec![whole2(), Vec::new()],
        &[
            array(&[6, 4], ints(0, 5)),
            array(&[8, 6], ints(1, 7)),
            array(&[8, 4], ints(2, 3)),
        ],
    );
    assert_eq!(r.collectives, [("all_reduce".to_string(), 2)], "{r:?}");
    assert!(r.fallback.is_empty(), "{r:?}");
}

#[test]
fn markers_round_trip() {
    let s: Split = vec![vec![0, 1], vec![], vec![2]];
    assert_eq!(encode(&s), "0,1;;2");
    assert_eq!(decode("0,1;;2", 3), Some(s));
    assert_eq!(decode("", 0), Some(Vec::new()));
    assert_eq!(decode("0;x", 2), None);
    assert_eq!(decode("0", 2), None);
}

#[test]
fn loops_run_on_whole_values_with_their_captures_and_constraints_gathered() {
    let src = r#"func.func @main(%x: tensor<8x4xf32>, %w: tensor<8x4xf32>) -> tensor<8x4xf32> {
      %c0 = stablehlo.constant dense<0> : tensor<i32>
      %n = stablehlo.constant dense<3> : tensor<i32>
      %e = stablehlo.multiply %w, %w : tensor<8x4xf32>
      %0:2 = stablehlo.while(%i = %c0, %a = %x) : tensor<i32>, tensor<8x4xf32>
      cond {
        %1 = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %1 : tensor<i1>
      } do {
        %c1 = stablehlo.constant dense<1> : tensor<i32>
        %1 = stablehlo.add %i, %c1 : tensor<i32>
        %2 = stablehlo.custom_call @pjrtc.sharding_constraint(%a) {backend_config = "0;"} : (tensor<8x4xf32>) -> tensor<8x4xf32>
        %3 = stablehlo.add %2, %e : tensor<8x4xf32>
        stablehlo.return %1, %3 : tensor<i32>, tensor<8x4xf32>
      }
      %r = stablehlo.negate %0#1 : tensor<8x4xf32>
      return %r : tensor<8x4xf32>
    }"#;
    let (r, f) = check(
        src,
        &[2],
        vec![rows(), rows()],
        vec![rows()],
        &[array(&[8, 4], ints(0, 7)), array(&[8, 4], ints(1, 5))],
    );
    assert_eq!(r.fallback.len(), 1, "{r:?}");
    assert_eq!(r.fallback[0].0, "stablehlo.while");
    // The loop's operand and the product it uses inside are gathered.
    assert_eq!(r.collectives, [("all_gather".to_string(), 2)], "{r:?}");
    let mut markers = 0;
    f.body.walk(&mut |op| markers += is_marker(op) as usize);
    assert_eq!(markers, 0);
}

#[test]
fn whole_arguments_with_split_results_compute_only_their_pieces() {
    let src = "func.func @main(%x: tensor<8x4xf32>, %y: tensor<4x8xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) {
      %0 = stablehlo.multiply %x, %x : tensor<8x4xf32>
      %t = stablehlo.transpose %y, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
      %1 = stablehlo.add %0, %t : tensor<8x4xf32>
      %2 = stablehlo.negate %x : tensor<8x4xf32>
      return %1, %2, %2 : tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>
    }";
    let (r, f) = check(
        src,
        &[2],
        vec![whole2(), whole2()],
        vec![rows(), rows(), whole2()],
        &[array(&[8, 4], ints(0, 7)), array(&[4, 8], ints(1, 5))],
    );
    assert!(r.collectives.is_empty(), "{r:?}");
    // multiply, transpose and add on pieces; the negate has a whole use and stays whole.
    assert_eq!((r.partitioned, r.whole), (3, 1), "{r:?}");
    let mut slices = 0;
    f.body
        .walk(&mut |op| slices += matches!(op.opcode, Opcode::DynamicSlice { .. }) as usize);
    // x and y sliced once each, the whole negate once for its split result.
    assert_eq!(slices, 3);
}

#[test]
fn a_large_weight_update_sums_its_gradient_with_reduce_scatter() {
    // w - 0.5 * transpose(x^T g): the gradient's partial sums are scattered, each device
    // updates half of the weight, and the new weight is gathered.
    let src = "func.func @main(%w: tensor<256x256xf32>, %x: tensor<8x256xf32>, %g: tensor<8x256xf32>) -> tensor<256x256xf32> {
      %d = stablehlo.dot_general %g, %x, contracting_dims = [0] x [0] : (tensor<8x256xf32>, tensor<8x256xf32>) -> tensor<256x256xf32>
      %t = stablehlo.transpose %d, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
      %h = stablehlo.constant dense<0.5> : tensor<f32>
      %hb = stablehlo.broadcast_in_dim %h, dims = [] : (tensor<f32>) -> tensor<256x256xf32>
      %s = stablehlo.multiply %hb, %t : tensor<256x256xf32>
      %0 = stablehlo.subtract %w, %s : tensor<256x256xf32>
      return %0 : tensor<256x256xf32>
    }";
    let (r, _) = check(
        src,
        &[2],
        vec![whole2(), rows(), rows()],
        vec![whole2()],
        &[
            array(&[256, 256], ints(0, 9)),
            array(&[8, 256], ints(1, 7)),
            array(&[8, 256], ints(2, 5)),
        ],
    );
    assert_eq!(
        r.collectives,
        [
            ("reduce_scatter".to_string(), 1),
            ("all_gather".to_string(), 1)
        ],
        "{r:?}"
    );
    // Used whole by a second result, it is all_reduced once instead.
    let src = src
        .replace(
            "-> tensor<256x256xf32> {",
            "-> (tensor<256x256xf32>, tensor<256x256xf32>) {",
        )
        .replace(
            "return %0 : tensor<256x256xf32>",
            "return %0, %d : tensor<256x256xf32>, tensor<256x256xf32>",
        );
    let (r, _) = check(
        &src,
        &[2],
        vec![whole2(), rows(), rows()],
        vec![whole2(), whole2()],
        &[
            array(&[256, 256], ints(0, 9)),
            array(&[8, 256], ints(1, 7)),
            array(&[8, 256], ints(2, 5)),
        ],
    );
    assert_eq!(r.collectives, [("all_reduce".to_string(), 1)], "{r:?}");
}

#[test]
fn shardings_that_do_not_fit_are_errors_not_panics() {
    let src = "func.func @main(%x: tensor<6x4xf32>) -> tensor<4x6xf32> {
      %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<6x4xf32>) -> tensor<4x6xf32>
      return %0 : tensor<4x6xf32>
    }";
    let module = frontend::parse(src.as_bytes()).unwrap();
    let plan = |args: Vec<Split>, results: Vec<Split>| Plan {
        mesh: vec![4],
        axis_names: vec!["d".into()],
        args,
        results,
    };
    for (p, want) in [
        (
            plan(vec![rows()], vec![whole2()]),
            "argument 0: dimension 0 of size 6 split into 4 pieces",
        ),
        (
            plan(vec![whole2()], vec![vec![vec![0]]]),
            "result 0: a sharding of rank 1 for a value of rank 2",
        ),
        (
            plan(vec![whole2()], vec![vec![vec![], vec![0]]]),
            "result 0: dimension 1 of size 6 split into 4 pieces",
        ),
    ] {
        let mut f = module.funcs[0].clone();
        let err = partition(&mut f, &p).unwrap_err();
        assert!(err.contains(want), "{err}");
    }
}

#[test]
fn slices_pads_and_concatenations_keep_the_split_of_the_dimensions_they_leave_alone() {
    // Rows split: the ops work on columns only, so nothing moves.
    let src = "func.func @main(%x: tensor<8x6xf32>, %y: tensor<8x2xf32>) -> tensor<8x9xf32> {
      %0 = stablehlo.slice %x [0:8, 1:5] : (tensor<8x6xf32>) -> tensor<8x4xf32>
      %z = stablehlo.constant dense<1.5> : tensor<f32>
      %1 = stablehlo.pad %0, %z, low = [0, 1], high = [0, 2], interior = [0, 0] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8x7xf32>
      %2 = stablehlo.concatenate %1, %y, dim = 1 : (tensor<8x7xf32>, tensor<8x2xf32>) -> tensor<8x9xf32>
      return %2 : tensor<8x9xf32>
    }";
    let inputs = [array(&[8, 6], ints(0, 7)), array(&[8, 2], ints(1, 5))];
    let (r, _) = check(src, &[2], vec![rows(), rows()], vec![rows()], &inputs);
    assert!(r.collectives.is_empty() && r.fallback.is_empty(), "{r:?}");
    assert_eq!(r.partitioned, 3, "{r:?}");
    // Columns split: the slice, pad and concatenation need whole columns.
    let cols = || vec![vec![], vec![0]];
    let (r, _) = check(src, &[2], vec![cols(), cols()], vec![whole2()], &inputs);
    assert_eq!(r.collectives, [("all_gather".to_string(), 2)], "{r:?}");
}
