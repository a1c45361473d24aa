//! gather / scatter / reduce_precision: each function runs three ways, and all must agree
//! bit for bit: the reference evaluator (`eval`), lowering + the kir interpreter, and the
//! full compiler (codegen) + the runtime.

use super::lower;
use super::tests::{FB, run, run_native};
use crate::compiler::eval::{eval_func, literal_from_bits, literal_from_f64, literal_from_i128};
use crate::compiler::ir::*;
use crate::compiler::{Options, Timings, codegen, compile_module};

fn lit_f(dt: DType, shape: &[i64], v: &[f64]) -> Literal {
    literal_from_f64(TensorType::new(dt, shape), v)
}

fn lit_i(dt: DType, shape: &[i64], v: &[i128]) -> Literal {
    literal_from_i128(TensorType::new(dt, shape), v)
}

/// Runs `f` on `args` three ways; returns the (agreed) output bytes.
pub(super) fn check(f: &Func, args: &[Literal]) -> Vec<Vec<u8>> {
    let expected: Vec<Vec<u8>> = eval_func(f, args)
        .expect("eval")
        .into_iter()
        .map(|l| l.bytes.to_vec())
        .collect();
    let p = lower(f, &crate::compiler::codegen::Target::host()).expect("lower");
    let interp = run(&p, args.iter().map(|a| a.bytes.to_vec()).collect());
    assert_eq!(interp, expected, "kir interpreter vs eval");
    for k in &p.kernels {
        if k.sequential {
            assert_eq!(codegen::workgroups(k), 1, "{} is split", k.name);
        }
    }
    let module = Module {
        name: None,
        funcs: vec![f.clone()],
        partition: None,
    };
    let pjx =
        compile_module(&module, &Options::default(), &mut Timings::default()).expect("compile");
    let native = run_native(pjx, args);
    for (j, (n, e)) in native.iter().zip(&expected).enumerate() {
        let w = f.ty(f.body.yields[j]).dtype.size();
        let bad = (0..e.len() / w.max(1)).find(|&i| n[i * w..(i + 1) * w] != e[i * w..(i + 1) * w]);
        if let Some(i) = bad {
            let arg: Vec<u8> = args
                .first()
                .map_or(vec![], |a| a.bytes[i * w..(i + 1) * w].to_vec());
            panic!(
                "native code vs eval: output {j} element {i}: {:?} != {:?} (first input {arg:?})",
                &n[i * w..(i + 1) * w],
                &e[i * w..(i + 1) * w]
            );
        }
    }
    expected
}

fn f32_out(b: &[u8]) -> Vec<f32> {
    b.chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn sattrs(window: &[i64], inserted: &[i64], to_operand: &[i64], ivd: i64) -> ScatterAttrs {
    ScatterAttrs {
        update_window_dims: window.to_vec(),
        inserted_window_dims: inserted.to_vec(),
        input_batching_dims: vec![],
        scatter_indices_batching_dims: vec![],
        scatter_dims_to_operand_dims: to_operand.to_vec(),
        index_vector_dim: ivd,
        indices_are_sorted: false,
        unique_indices: false,
    }
}

/// `x * 2 + u`: not commutative, so the order colliding updates apply in shows.
fn twice_plus(b: &mut FB, dt: DType) -> Region {
    b.region(&[dt], |b, a| {
        let t = b.bin(BinaryOp::Add, a[0], a[0]);
        vec![b.bin(BinaryOp::Add, t, a[1])]
    })
}

#[test]
fn scatter_colliding_updates_apply_in_order_and_out_of_bounds_are_skipped() {
    let mut b = FB::new();
    let x = b.param(DType::F32, &[4]);
    let i = b.param(DType::I32, &[6, 1]);
    let u = b.param(DType::F32, &[6]);
    let reg = twice_plus(&mut b, DType::F32);
    let r = b.op_multi(
        Opcode::Scatter(Box::new(sattrs(&[], &[0], &[0], 1))),
        &[x, i, u],
        vec![TensorType::new(DType::F32, [4])],
        vec![reg],
    );
    let f = b.ret(&r);
    let out = check(
        &f,
        &[
            lit_f(DType::F32, &[4], &[1., 1., 1., 1.]),
            lit_i(DType::I32, &[6, 1], &[1, 3, 1, 4, -1, 1]),
            lit_f(DType::F32, &[6], &[10., 20., 30., 40., 50., 60.]),
        ],
    );
    // x[1]: ((1*2+10)*2+30)*2+60 = 168; x[3] = 1*2+20; 4 and -1 are skipped.
    assert_eq!(f32_out(&out[0]), [1., 168., 1., 22.]);
}

#[test]
fn scatter_set_rows_skips_out_of_bounds_elements() {
    // Rows of a [3, 4] operand replaced by update rows ("set": the region yields the
    // update), row 2 twice (the later wins), a window hanging off the end skipped per
    // element.
    let mut b = FB::new();
    let x = b.param(DType::F32, &[3, 4]);
    let i = b.param(DType::I64, &[3, 2]);
    let u = b.param(DType::F32, &[3, 2]);
    let reg = b.region(&[DType::F32], |_, a| vec![a[1]]);
    let r = b.op_multi(
        Opcode::Scatter(Box::new(sattrs(&[1], &[0], &[0, 1], 1))),
        &[x, i, u],
        vec![TensorType::new(DType::F32, [3, 4])],
        vec![reg],
    );
    let f = b.ret(&r);
    let out = check(
        &f,
        &[
            lit_f(DType::F32, &[3, 4], &[0.; 12]),
            lit_i(DType::I64, &[3, 2], &[2, 0, 0, 3, 2, 1]),
            lit_f(DType::F32, &[3, 2], &[1., 2., 3., 4., 5., 6.]),
        ],
    );
    assert_eq!(
        f32_out(&out[0]),
        [0., 0., 0., 3., 0., 0., 0., 0., 1., 5., 6., 0.]
    );
}

#[test]
fn scatter_with_batching_dims() {
    // operand [2, 3, 4] batched along dim 0 with indices dim 0; each index picks a row
    // (dim 1) and the update window covers dim 2.
    let mut b = FB::new();
    let x = b.param(DType::F32, &[2, 3, 4]);
    let i = b.param(DType::I32, &[2, 2, 1]);
    let u = b.param(DType::F32, &[2, 2, 4]);
    let reg = twice_plus(&mut b, DType::F32);
    let mut s = sattrs(&[2], &[1], &[1], 2);
    s.input_batching_dims = vec![0];
    s.scatter_indices_batching_dims = vec![0];
    let r = b.op_multi(
        Opcode::Scatter(Box::new(s)),
        &[x, i, u],
        vec![TensorType::new(DType::F32, [2, 3, 4])],
        vec![reg],
    );
    let f = b.ret(&r);
    let xs: Vec<f64> = (0..24).map(f64::from).collect();
    let us: Vec<f64> = (0..16).map(|v| f64::from(v) * 100.).collect();
    check(
        &f,
        &[
            lit_f(DType::F32, &[2, 3, 4], &xs),
            lit_i(DType::I32, &[2, 2, 1], &[2, 2, 0, 5]),
            lit_f(DType::F32, &[2, 2, 4], &us),
        ],
    );
}

#[test]
fn variadic_scatter_combines_both_results() {
    // (a, b) <- (a * 2 + u, b + v * a): the second result reads the first's old value.
    let mut b = FB::new();
    let x0 = b.param(DType::F32, &[3]);
    let x1 = b.param(DType::F32, &[3]);
    let i = b.param(DType::I32, &[4]);
    let u0 = b.param(DType::F32, &[4]);
    let u1 = b.param(DType::F32, &[4]);
    let reg = b.region(&[DType::F32, DType::F32], |b, a| {
        let t = b.bin(BinaryOp::Add, a[0], a[0]);
        let r0 = b.bin(BinaryOp::Add, t, a[2]);
        let p = b.bin(BinaryOp::Mul, a[3], a[0]);
        let r1 = b.bin(BinaryOp::Add, a[1], p);
        vec![r0, r1]
    });
    // index_vector_dim == rank(indices): scalar indices.
    let r = b.op_multi(
        Opcode::Scatter(Box::new(sattrs(&[], &[0], &[0], 1))),
        &[x0, x1, i, u0, u1],
        vec![TensorType::new(DType::F32, [3]); 2],
        vec![reg],
    );
    let f = b.ret(&r);
    let out = check(
        &f,
        &[
            lit_f(DType::F32, &[3], &[1., 2., 3.]),
            lit_f(DType::F32, &[3], &[0., 0., 0.]),
            lit_i(DType::I32, &[4], &[0, 2, 0, 3]),
            lit_f(DType::F32, &[4], &[1., 1., 1., 1.]),
            lit_f(DType::F32, &[4], &[1., 2., 3., 4.]),
        ],
    );
    assert_eq!(f32_out(&out[0]), [7., 2., 7.]);
    assert_eq!(f32_out(&out[1]), [1. + 3. * 3., 0., 6.]);
}

fn gattrs(offset: &[i64], collapsed: &[i64], map: &[i64], ivd: i64, sizes: &[i64]) -> GatherAttrs {
    GatherAttrs {
        offset_dims: offset.to_vec(),
        collapsed_slice_dims: collapsed.to_vec(),
        operand_batching_dims: vec![],
        start_indices_batching_dims: vec![],
        start_index_map: map.to_vec(),
        index_vector_dim: ivd,
        slice_sizes: sizes.to_vec(),
        indices_are_sorted: false,
    }
}

#[test]
fn gather_clamps_starts() {
    let xs: Vec<f64> = (0..12).map(f64::from).collect();
    let idx = lit_i(DType::I64, &[3, 2], &[0, 1, 2, 3, 5, -1]);
    for (g, shape) in [
        (gattrs(&[], &[0, 1], &[0, 1], 1, &[1, 1]), vec![3]),
        (gattrs(&[1, 2], &[], &[0, 1], 1, &[2, 2]), vec![3, 2, 2]),
        // Windows first, then the batch dim; index components swapped.
        (gattrs(&[0, 1], &[], &[1, 0], 1, &[3, 2]), vec![3, 2, 3]),
    ] {
        let mut b = FB::new();
        let x = b.param(DType::F32, &[3, 4]);
        let i = b.param(DType::I64, &[3, 2]);
        let r = b.op(Opcode::Gather(Box::new(g)), &[x, i], DType::F32, &shape);
        let f = b.ret(&[r]);
        check(&f, &[lit_f(DType::F32, &[3, 4], &xs), idx.clone()]);
    }
}

#[test]
fn gather_with_batching_dims_and_huge_unsigned_index() {
    let mut b = FB::new();
    let x = b.param(DType::F32, &[2, 3, 2]);
    let i = b.param(DType::U64, &[3, 2]);
    let g = GatherAttrs {
        offset_dims: vec![2],
        collapsed_slice_dims: vec![1],
        operand_batching_dims: vec![0],
        start_indices_batching_dims: vec![1],
        start_index_map: vec![1],
        index_vector_dim: 2,
        slice_sizes: vec![1, 1, 2],
        indices_are_sorted: false,
    };
    let r = b.op(Opcode::Gather(Box::new(g)), &[x, i], DType::F32, &[3, 2, 2]);
    let f = b.ret(&[r]);
    let xs: Vec<f64> = (0..12).map(f64::from).collect();
    let out = check(
        &f,
        &[
            lit_f(DType::F32, &[2, 3, 2], &xs),
            lit_i(DType::U64, &[3, 2], &[0, 1, 2, u64::MAX as i128, 1, 0]),
        ],
    );
    // result[k, b, :] = x[b, clamp(i[k, b]), :]; u64::MAX clamps to row 2.
    assert_eq!(
        f32_out(&out[0]),
        [0., 1., 8., 9., 4., 5., 10., 11., 2., 3., 6., 7.]
    );
}

/// Bit patterns around every interesting boundary of a float format.
fn float_bits(width: u32, mbits: u32) -> Vec<u64> {
    let ebits = width - 1 - mbits;
    let exp_mask = ((1u64 << ebits) - 1) << mbits;
    let sign = 1u64 << (width - 1);
    let mut v = vec![
        0,
        1,
        exp_mask,
        exp_mask | 1,
        exp_mask | (1 << (mbits - 1)),
        3 << mbits,
    ];
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..200 {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        v.push((seed >> 7) & (sign - 1));
    }
    // Halfway and near-halfway mantissas at several exponents.
    for e in [1u64, 100, (1 << (ebits - 1)) - 1, (1 << ebits) - 2] {
        let e = (e.min((1 << ebits) - 2)) << mbits;
        for m in [0u64, 1, 0x10, 0x18, 0x8, 0x7ff, (1 << mbits) - 1] {
            v.push(e | (m & ((1 << mbits) - 1)));
        }
    }
    let neg: Vec<u64> = v.iter().map(|b| b | sign).collect();
    v.extend(neg);
    v
}

#[test]
fn reduce_precision_matches_evaluator() {
    for (dt, width, mbits) in [
        (DType::F32, 32, 23),
        (DType::F16, 16, 10),
        (DType::BF16, 16, 7),
        (DType::F64, 64, 52),
    ] {
        let mut bits = float_bits(width, mbits);
        if width == 16 {
            // Native code holds f16/bf16 values as f32, which quiets signaling NaNs (as
            // for every f16/bf16 op); the evaluator keeps them. Use quiet NaNs only.
            let exp = ((1u64 << (15 - mbits)) - 1) << mbits;
            for b in &mut bits {
                if *b & exp == exp && *b & ((1 << mbits) - 1) != 0 {
                    *b |= 1 << (mbits - 1);
                }
            }
        }
        let n = bits.len() as i64;
        let mut b = FB::new();
        let x = b.param(dt, &[n]);
        let mut outs = Vec::new();
        for (e, m) in [(5, 10), (8, 7), (8, 23), (2, 1), (1, 0), (11, 52), (4, 3)] {
            outs.push(b.op(
                Opcode::ReducePrecision {
                    exponent_bits: e,
                    mantissa_bits: m,
                },
                &[x],
                dt,
                &[n],
            ));
        }
        let f = b.ret(&outs);
        check(&f, &[literal_from_bits(TensorType::new(dt, [n]), &bits)]);
    }
}

/// Scatters of whole rows (the window covers the operand's innermost dimension, which
/// no index addresses) run their rows on vector lanes, one row after another; rows of
/// 13 leave a tail, indices repeat (the order shows: `x * 2 + u` does not commute) or
/// fall outside (skipped), and the rows go into the middle axis of a 3-d operand too.
/// A named combiner region builder.
type Combiner = (&'static str, fn(&mut FB, DType) -> Region);

#[test]
fn row_scatters_run_on_lanes_in_order() {
    let combiners: [Combiner; 3] = [
        ("twice_plus", twice_plus),
        ("max", |b, dt| b.binary_region(dt, BinaryOp::Max)),
        ("set", |b, dt| b.region(&[dt], |_, a| vec![a[1]])),
    ];
    for dt in [DType::F32, DType::I32] {
        for (name, combiner) in combiners {
            // [7, 13] <- rows of [5, 13] at indices [5].
            let mut b = FB::new();
            let x = b.param(dt, &[7, 13]);
            let i = b.param(DType::I32, &[5]);
            let u = b.param(dt, &[5, 13]);
            let reg = combiner(&mut b, dt);
            let r = b.op_multi(
                Opcode::Scatter(Box::new(sattrs(&[1], &[0], &[0], 1))),
                &[x, i, u],
                vec![TensorType::new(dt, [7, 13])],
                vec![reg],
            );
            let f = b.ret(&r);
            let p = lower(&f, &codegen::Target::host()).expect("lower");
            let k = p.kernels.iter().find(|k| k.sequential).expect("a scatter");
            assert!(codegen::vector_profile(k).0, "{name} {dt:?} runs on lanes");
            let xs: Vec<f64> = (0..91).map(|v| f64::from(v % 17) - 3.0).collect();
            let us: Vec<f64> = (0..65).map(|v| f64::from(v * 7 % 23) - 9.0).collect();
            let (x, u) = if dt == DType::F32 {
                (lit_f(dt, &[7, 13], &xs), lit_f(dt, &[5, 13], &us))
            } else {
                let ints = |v: &[f64]| v.iter().map(|&f| f as i128).collect::<Vec<_>>();
                (
                    lit_i(dt, &[7, 13], &ints(&xs)),
                    lit_i(dt, &[5, 13], &ints(&us)),
                )
            };
            check(&f, &[x, lit_i(DType::I32, &[5], &[3, 0, 3, 9, -2]), u]);

            // [4, 3, 13] <- rows into the middle axis: updates [4, 2, 13], indices [2, 1].
            let mut b = FB::new();
            let x = b.param(dt, &[4, 3, 13]);
            let i = b.param(DType::I32, &[2, 1]);
            let u = b.param(dt, &[4, 2, 13]);
            let reg = combiner(&mut b, dt);
            let r = b.op_multi(
                Opcode::Scatter(Box::new(sattrs(&[0, 2], &[1], &[1], 1))),
                &[x, i, u],
                vec![TensorType::new(dt, [4, 3, 13])],
                vec![reg],
            );
            let f = b.ret(&r);
            let p = lower(&f, &codegen::Target::host()).expect("lower");
            let k = p.kernels.iter().find(|k| k.sequential).expect("a scatter");
            assert!(
                codegen::vector_profile(k).0,
                "{name} {dt:?} middle axis on lanes"
            );
            let xs: Vec<f64> = (0..156).map(|v| f64::from(v % 11)).collect();
            let us: Vec<f64> = (0..104).map(|v| f64::from(v % 5) + 0.5).collect();
            let (x, u) = if dt == DType::F32 {
                (lit_f(dt, &[4, 3, 13], &xs), lit_f(dt, &[4, 2, 13], &us))
            } else {
                let ints = |v: &[f64]| v.iter().map(|&f| (f * 2.0) as i128).collect::<Vec<_>>();
                (
                    lit_i(dt, &[4, 3, 13], &ints(&xs)),
                    lit_i(dt, &[4, 2, 13], &ints(&us)),
                )
            };
            check(&f, &[x, lit_i(DType::I32, &[2, 1], &[2, 2]), u]);
        }
    }
}

/// A window along the innermost dimension that the index addresses may hang off the
/// end, element by element: it stays one point at a time.
#[test]
fn scatter_windows_at_an_indexed_innermost_dimension_stay_scalar() {
    let mut b = FB::new();
    let x = b.param(DType::F32, &[3, 20]);
    let i = b.param(DType::I32, &[2, 2]);
    let u = b.param(DType::F32, &[2, 12]);
    let reg = twice_plus(&mut b, DType::F32);
    let r = b.op_multi(
        Opcode::Scatter(Box::new(sattrs(&[1], &[0], &[0, 1], 1))),
        &[x, i, u],
        vec![TensorType::new(DType::F32, [3, 20])],
        vec![reg],
    );
    let f = b.ret(&r);
    let p = lower(&f, &codegen::Target::host()).expect("lower");
    let k = p.kernels.iter().find(|k| k.sequential).expect("a scatter");
    assert!(!codegen::vector_profile(k).0);
    let xs: Vec<f64> = (0..60).map(f64::from).collect();
    let us: Vec<f64> = (0..24).map(|v| f64::from(v) * 10.0).collect();
    check(
        &f,
        &[
            lit_f(DType::F32, &[3, 20], &xs),
            lit_i(DType::I32, &[2, 2], &[1, 13, 1, 2]),
            lit_f(DType::F32, &[2, 12], &us),
        ],
    );
}
