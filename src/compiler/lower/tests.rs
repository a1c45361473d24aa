//! Lowering tests: hand-built functions, lowered, then run by a schedule interpreter
//! (kernels via [`super::interp`], Gemm/Conv via naive reference loops).

use super::interp::{from_f64, run_kernel, to_f64};
use super::kir::{Body, Node};
use super::plan::{assign, for_each_bufref_ref};
use super::{LoweredProgram, lower};
use crate::compiler::codegen::Target;
use crate::compiler::eval::eval_func;
use crate::compiler::ir::*;
use crate::compiler::{Options, Timings, compile_module, frontend, passes};
use pjrtc_runtime::format::{
    Activation, BufRef, Conv, Epilogue, Gemm, MatrixView, Region as MemRegion, Step,
};
use pjrtc_runtime::{Executable, Tensor};

// ---------------------------------------------------------------- IR builder

pub struct FB {
    pub f: Func,
}

impl FB {
    pub fn new() -> FB {
        FB {
            f: Func {
                name: "main".into(),
                public: true,
                values: Vec::new(),
                body: Region::default(),
                result_types: Vec::new(),
                arg_attrs: Vec::new(),
                result_attrs: Vec::new(),
                loc: Loc::default(),
                valid_extents: Default::default(),
            },
        }
    }

    pub fn param(&mut self, dt: DType, shape: &[i64]) -> ValueId {
        let v = self.f.new_value(TensorType::new(dt, shape));
        self.f.body.args.push(v);
        self.f.arg_attrs.push(Vec::new());
        v
    }

    pub fn op(
        &mut self,
        opcode: Opcode,
        operands: &[ValueId],
        dt: DType,
        shape: &[i64],
    ) -> ValueId {
        self.op_multi(opcode, operands, vec![TensorType::new(dt, shape)], vec![])[0]
    }

    pub fn op_multi(
        &mut self,
        opcode: Opcode,
        operands: &[ValueId],
        results: Vec<TensorType>,
        regions: Vec<Region>,
    ) -> Vec<ValueId> {
        let results: Vec<ValueId> = results.into_iter().map(|t| self.f.new_value(t)).collect();
        self.f.body.ops.push(Op {
            opcode,
            operands: operands.to_vec(),
            results: results.clone(),
            regions,
            loc: Loc::default(),
        });
        results
    }

    pub fn constant(&mut self, dt: DType, shape: &[i64], bytes: Vec<u8>) -> ValueId {
        let ty = TensorType::new(dt, shape);
        self.op(Opcode::Constant(Literal::new(ty, bytes)), &[], dt, shape)
    }

    pub fn bin(&mut self, op: BinaryOp, a: ValueId, b: ValueId) -> ValueId {
        let t = self.f.ty(a).clone();
        self.op(Opcode::Binary(op), &[a, b], t.dtype, &t.shape)
    }

    /// A reducer region: `n` accumulators then `n` elements, built by `body`.
    pub fn region(
        &mut self,
        dts: &[DType],
        body: impl FnOnce(&mut FB, &[ValueId]) -> Vec<ValueId>,
    ) -> Region {
        let saved = std::mem::take(&mut self.f.body.ops);
        let mut args = Vec::new();
        for _ in 0..2 {
            for &d in dts {
                args.push(self.f.new_value(TensorType::scalar(d)));
            }
        }
        let yields = body(self, &args);
        let ops = std::mem::replace(&mut self.f.body.ops, saved);
        Region {
            args,
            ops,
            yields,
            yield_loc: Loc::default(),
        }
    }

    pub fn binary_region(&mut self, dt: DType, op: BinaryOp) -> Region {
        self.region(&[dt], |b, a| vec![b.bin(op, a[0], a[1])])
    }

    pub fn ret(mut self, yields: &[ValueId]) -> Func {
        self.f.body.yields = yields.to_vec();
        self.f.result_types = yields.iter().map(|&y| self.f.ty(y).clone()).collect();
        self.f.result_attrs = vec![Vec::new(); yields.len()];
        self.f
    }
}

// ---------------------------------------------------------------- bytes

pub fn f32s(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
pub fn to_f32s(b: &[u8]) -> Vec<f32> {
    b.chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}
pub fn i32s(v: &[i32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
pub fn to_i32s(b: &[u8]) -> Vec<i32> {
    b.chunks_exact(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}
fn iota_f32(n: usize) -> Vec<f32> {
    (0..n).map(|i| i as f32).collect()
}

// ---------------------------------------------------------------- schedule interpreter

struct Mem {
    inputs: Vec<Vec<u8>>,
    outputs: Vec<Vec<u8>>,
    arena: Vec<u8>,
    constants: Vec<u8>,
}

impl Mem {
    fn read(&self, b: &BufRef) -> Vec<u8> {
        let (o, s) = (b.offset as usize, b.size as usize);
        match b.region {
            MemRegion::Input(i) => self.inputs[i as usize][o..o + s].to_vec(),
            MemRegion::Output(i) => self.outputs[i as usize][o..o + s].to_vec(),
            MemRegion::Arena => self.arena[o..o + s].to_vec(),
            MemRegion::Constant => self.constants[o..o + s].to_vec(),
        }
    }
    fn write(&mut self, b: &BufRef, data: &[u8]) {
        let (o, s) = (b.offset as usize, b.size as usize);
        assert_eq!(data.len(), s);
        let dst = match b.region {
            MemRegion::Output(i) => &mut self.outputs[i as usize][o..o + s],
            MemRegion::Arena => &mut self.arena[o..o + s],
            r => panic!("write to {r:?}"),
        };
        dst.copy_from_slice(data);
    }
}

fn elem(dt: DType, bytes: &[u8], i: u64) -> f64 {
    let w = dt.size();
    let mut b = [0u8; 8];
    b[..w].copy_from_slice(&bytes[i as usize * w..i as usize * w + w]);
    let bits = u64::from_le_bytes(b);
    if dt.is_float() {
        to_f64(dt, bits)
    } else {
        super::interp::to_int(dt, bits) as f64
    }
}

fn put(dt: DType, bytes: &mut [u8], i: u64, x: f64) {
    let w = dt.size();
    let bits = if dt.is_float() {
        from_f64(dt, x)
    } else {
        super::interp::from_int(dt, x as i128)
    };
    bytes[i as usize * w..i as usize * w + w].copy_from_slice(&bits.to_le_bytes()[..w]);
}

/// The product in f64, rounded once to the element type; then the epilogue in f32 (each
/// f64 operation on f32 values rounded back is the f32 operation).
/// `e` applied to element `oi` of `out` (column `j`), each op in f32 with StableHLO's
/// rules (the f64 operations on f32 values rounded back are the f32 operations).
fn run_epilogue(mem: &Mem, e: &Epilogue, out: &mut [u8], oi: u64, j: u64) {
    if e.is_identity() {
        return;
    }
    let mut y = elem(DType::F32, out, oi) as f32;
    if let Some(s) = &e.scale {
        y *= elem(DType::F32, &mem.read(s), j) as f32;
    }
    if let Some(b) = &e.bias {
        y += elem(DType::F32, &mem.read(b), j) as f32;
    }
    let max = |a: f32, b: f32| {
        if a.is_nan() || b.is_nan() {
            f32::NAN
        } else if a == 0.0 && b == 0.0 {
            if a.is_sign_positive() || b.is_sign_positive() {
                0.0
            } else {
                -0.0
            }
        } else {
            a.max(b)
        }
    };
    let min = |a: f32, b: f32| {
        if a.is_nan() || b.is_nan() {
            f32::NAN
        } else if a == 0.0 && b == 0.0 {
            if a.is_sign_negative() || b.is_sign_negative() {
                -0.0
            } else {
                0.0
            }
        } else {
            a.min(b)
        }
    };
    y = match e.activation {
        Activation::None => y,
        Activation::Relu => max(y, 0.0),
        Activation::Clamp { lo, hi } => min(max(y, f32::from_bits(lo)), f32::from_bits(hi)),
    };
    put(DType::F32, out, oi, y as f64);
}

fn run_gemm(mem: &mut Mem, g: &Gemm) {
    let (a, b) = (mem.read(&g.lhs.buf), mem.read(&g.rhs.buf));
    let mut out = mem.read(&g.out.buf);
    for bi in 0..g.batch {
        for i in 0..g.m {
            for j in 0..g.n {
                let (mut s, mut si) = (0.0, 0i128);
                for k in 0..g.k {
                    let ai = bi * g.lhs.batch_stride + i * g.lhs.row_stride + k * g.lhs.col_stride;
                    let bj = bi * g.rhs.batch_stride + k * g.rhs.row_stride + j * g.rhs.col_stride;
                    let (x, y) = (elem(g.lhs_dtype, &a, ai), elem(g.rhs_dtype, &b, bj));
                    s += x * y;
                    // Integers exactly (the element values are exact in f64), wrapped
                    // when stored; booleans as an OR of ANDs.
                    si = if g.dtype == DType::I1 {
                        si | (x != 0.0 && y != 0.0) as i128
                    } else {
                        si.wrapping_add(x as i128 * y as i128)
                    };
                }
                let oi = bi * g.out.batch_stride + i * g.out.row_stride + j * g.out.col_stride;
                if g.dtype.is_float() {
                    put(g.dtype, &mut out, oi, s);
                } else {
                    let w = g.dtype.size();
                    let bits = super::interp::from_int(g.dtype, si);
                    out[oi as usize * w..oi as usize * w + w]
                        .copy_from_slice(&bits.to_le_bytes()[..w]);
                }
                run_epilogue(mem, &g.epilogue, &mut out, oi, j);
            }
        }
    }
    mem.write(&g.out.buf, &out);
}

/// Naive canonical-layout convolution (StableHLO semantics).
fn run_conv(mem: &mut Mem, c: &Conv) {
    let (x, w) = (mem.read(&c.input), mem.read(&c.kernel));
    let mut out = mem.read(&c.output);
    let nsp = c.in_spatial.len();
    let cin = c.in_features;
    let cg = cin / c.feature_groups;
    let o = c.out_features;
    let ob = c.batch / c.batch_groups;
    let prod = |v: &[u64]| v.iter().product::<u64>();
    let idx_of = |i: u64, dims: &[u64]| {
        let mut r = vec![0u64; dims.len()];
        let mut t = i;
        for d in (0..dims.len()).rev() {
            r[d] = t % dims[d];
            t /= dims[d];
        }
        r
    };
    let lin = |idx: &[u64], dims: &[u64]| idx.iter().zip(dims).fold(0, |a, (&i, &d)| a * d + i);
    let mut oi = 0u64;
    for b in 0..ob {
        for os in 0..prod(&c.out_spatial) {
            let osi = idx_of(os, &c.out_spatial);
            for of in 0..o {
                let g = of / (o / c.feature_groups);
                let bg = of / (o / c.batch_groups);
                let ib = bg * ob + b;
                let mut s = 0.0;
                for ks in 0..prod(&c.kernel_spatial) {
                    let ksi = idx_of(ks, &c.kernel_spatial);
                    let mut pos = Vec::with_capacity(nsp);
                    let mut ok = true;
                    for d in 0..nsp {
                        let p = (osi[d] * c.strides[d]) as i64
                            + (ksi[d] * c.rhs_dilation[d]) as i64
                            - c.padding[d].0;
                        let ld = c.lhs_dilation[d] as i64;
                        if p < 0 || p % ld != 0 || p / ld >= c.in_spatial[d] as i64 {
                            ok = false;
                            break;
                        }
                        pos.push((p / ld) as u64);
                    }
                    if !ok {
                        continue;
                    }
                    for ci in 0..cg {
                        let cfull = g * cg + ci;
                        let mut xi = vec![ib];
                        xi.extend(&pos);
                        xi.push(cfull);
                        let mut xd = vec![c.batch];
                        xd.extend(&c.in_spatial);
                        xd.push(cin);
                        let mut wi = ksi.clone();
                        wi.extend([ci, of]);
                        let mut wd = c.kernel_spatial.clone();
                        wd.extend([cg, o]);
                        s += elem(c.dtype, &x, lin(&xi, &xd)) * elem(c.dtype, &w, lin(&wi, &wd));
                    }
                }
                put(c.dtype, &mut out, oi, s);
                run_epilogue(mem, &c.epilogue, &mut out, oi, of);
                oi += 1;
            }
        }
    }
    mem.write(&c.output, &out);
}

/// Runs a lowered program on `inputs`, checking that every binding matches its kernel
/// buffer's size and that arena buffers stay in the arena and are aligned.
pub fn run(p: &LoweredProgram, inputs: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
    for (i, s) in p.signature.inputs.iter().enumerate() {
        assert_eq!(inputs[i].len() as u64, s.byte_size(), "input {i} size");
    }
    let mut mem = Mem {
        inputs,
        outputs: p
            .signature
            .outputs
            .iter()
            .map(|s| vec![0xAB; s.byte_size() as usize])
            .collect(),
        arena: vec![0xCD; p.arena_size as usize],
        constants: p.constants.to_vec(),
    };
    run_steps(p, &mut mem, &p.steps);
    mem.outputs
}

/// Runs a step list (recursing into loops and branches) on `mem`.
fn run_steps(p: &LoweredProgram, mem: &mut Mem, steps: &[Step]) {
    for step in steps {
        for_each_bufref_ref(step, &p.kernels, |b, _| {
            if b.region == MemRegion::Arena && b.size > 0 {
                assert!(b.offset % 64 == 0 && b.offset + b.size <= p.arena_size);
            }
        });
        match step {
            Step::Dispatch {
                kernel, bindings, ..
            } => {
                let k = &p.kernels[*kernel as usize];
                assert_eq!(k.buffers.len(), bindings.len());
                let mut bufs: Vec<Vec<u8>> = bindings.iter().map(|b| mem.read(b)).collect();
                for (b, kb) in bindings.iter().zip(&k.buffers) {
                    let n: i64 = kb.shape.iter().product();
                    assert_eq!(b.size, n as u64 * kb.dtype.size() as u64, "binding size");
                }
                run_kernel(k, &mut bufs);
                for ((b, kb), data) in bindings.iter().zip(&k.buffers).zip(&bufs) {
                    if kb.writable {
                        mem.write(b, data);
                    }
                }
            }
            Step::Gemm(g) => run_gemm(mem, g),
            Step::Conv(c) => run_conv(mem, c),
            Step::Copy { src, dst } => {
                let d = mem.read(src);
                mem.write(dst, &d);
            }
            Step::While { cond, pred, body } => loop {
                run_steps(p, mem, cond);
                if mem.read(pred)[0] & 1 == 0 {
                    break;
                }
                run_steps(p, mem, body);
            },
            Step::Case { index, branches } => {
                let b = mem.read(index);
                let i = if b.len() == 1 {
                    i64::from(b[0])
                } else {
                    i64::from(i32::from_le_bytes(b[..4].try_into().unwrap()))
                };
                let last = branches.len() - 1;
                let i = usize::try_from(i).map_or(last, |i| i.min(last));
                run_steps(p, mem, &branches[i]);
            }
            Step::Sort(st) => run_sort(p, mem, st),
            Step::TopK(t) => run_topk(mem, t),
            // The runtime's routine (tested against the row functions in runtime-lib).
            Step::Softmax(sm) => {
                let src = mem.read(&sm.src);
                let mut dst = vec![0u8; src.len()];
                let n = (sm.rows * sm.cols) as usize;
                let x: Vec<f32> = (0..n)
                    .map(|i| f32::from_le_bytes(src[4 * i..4 * i + 4].try_into().unwrap()))
                    .collect();
                let mut y = vec![0.0f32; n];
                // SAFETY: x and y hold rows * cols f32 and do not overlap.
                unsafe {
                    pjrtc_runtime::vecmath::softmax_rows(
                        x.as_ptr(),
                        y.as_mut_ptr(),
                        sm.rows as usize,
                        sm.cols as usize,
                        true,
                    )
                };
                for (i, v) in y.iter().enumerate() {
                    dst[4 * i..4 * i + 4].copy_from_slice(&v.to_le_bytes());
                }
                mem.write(&sm.dst, &dst);
            }
            // Library routines and handlers are tested by running artifacts (golden, runtime).
            Step::Linalg(_) | Step::CustomCall(_) => {
                panic!("the kir interpreter does not run library routines")
            }
            // Collectives meet other devices: tested by running artifacts on a grid.
            Step::Collective(_) => panic!("the kir interpreter runs one device"),
            Step::Fft(_) => {
                panic!("no fft in the schedule interpreter: fft programs run on the Executable")
            }
        }
    }
}

/// Sorts like the runtime (a stable merge sort of positions), with the comparator kernel
/// run by the kir interpreter.
fn run_sort(p: &LoweredProgram, mem: &mut Mem, st: &pjrtc_runtime::format::Sort) {
    let k = &p.kernels[st.comparator as usize];
    let d = st.dimension as usize;
    let n = st.shape[d] as usize;
    let inner: usize = st.shape[d + 1..].iter().map(|&x| x as usize).product();
    let outer: usize = st.shape[..d].iter().map(|&x| x as usize).product();
    let ins: Vec<Vec<u8>> = st.operands.iter().map(|o| mem.read(&o.input)).collect();
    let mut outs = ins.clone();
    let sz: Vec<usize> = st.operands.iter().map(|o| o.dtype.size()).collect();
    for o in 0..outer {
        for i in 0..inner {
            let base = o * n * inner + i;
            let el = |k: usize, j: usize| ins[k][(base + j * inner) * sz[k]..][..sz[k]].to_vec();
            let less = |a: usize, b: usize| {
                let mut bufs = Vec::new();
                for kk in 0..ins.len() {
                    bufs.push(el(kk, a));
                    bufs.push(el(kk, b));
                }
                bufs.push(vec![0]);
                run_kernel(k, &mut bufs);
                bufs.last().unwrap()[0] & 1 == 1
            };
            fn msort(v: Vec<usize>, less: &dyn Fn(usize, usize) -> bool) -> Vec<usize> {
                if v.len() <= 1 {
                    return v;
                }
                let mut l = v;
                let r = l.split_off(l.len() / 2);
                let (l, r) = (msort(l, less), msort(r, less));
                let (mut a, mut b, mut out) = (0, 0, Vec::new());
                while a < l.len() && b < r.len() {
                    if less(r[b], l[a]) {
                        out.push(r[b]);
                        b += 1;
                    } else {
                        out.push(l[a]);
                        a += 1;
                    }
                }
                out.extend(&l[a..]);
                out.extend(&r[b..]);
                out
            }
            let perm = msort((0..n).collect(), &less);
            for kk in 0..ins.len() {
                for (j, &from) in perm.iter().enumerate() {
                    let e = el(kk, from);
                    outs[kk][(base + j * inner) * sz[kk]..][..sz[kk]].copy_from_slice(&e);
                }
            }
        }
    }
    for (o, data) in st.operands.iter().zip(&outs) {
        mem.write(&o.output, data);
    }
}

/// A top-k step as the stable sort it replaces: positions sorted stably by the key
/// (compared with the standard library's total orders), the first `k` gathered.
fn run_topk(mem: &mut Mem, t: &pjrtc_runtime::format::TopK) {
    use pjrtc_runtime::format::KeyOrder;
    use std::cmp::Ordering;
    let d = t.dimension as usize;
    let n = t.shape[d] as usize;
    let k = t.k as usize;
    let inner: usize = t.shape[d + 1..].iter().map(|&x| x as usize).product();
    let outer: usize = t.shape[..d].iter().map(|&x| x as usize).product();
    let key = &t.operands[0];
    let keys = mem.read(key.input.as_ref().unwrap());
    let ksz = key.dtype.size();
    let bits = |j: usize| {
        let mut b = [0u8; 8];
        b[..ksz].copy_from_slice(&keys[j * ksz..][..ksz]);
        u64::from_le_bytes(b)
    };
    let cmp = |a: u64, b: u64| -> Ordering {
        match (t.order, key.dtype) {
            (KeyOrder::FloatTotal, DType::F64) => f64::from_bits(a).total_cmp(&f64::from_bits(b)),
            (KeyOrder::FloatTotal, DType::F32) => {
                f32::from_bits(a as u32).total_cmp(&f32::from_bits(b as u32))
            }
            (KeyOrder::FloatTotal, DType::F16) => {
                half::f16::from_bits(a as u16).total_cmp(&half::f16::from_bits(b as u16))
            }
            (KeyOrder::FloatTotal, _) => {
                half::bf16::from_bits(a as u16).total_cmp(&half::bf16::from_bits(b as u16))
            }
            (KeyOrder::Signed, _) => {
                let s = |v: u64| ((v << (64 - 8 * ksz)) as i64) >> (64 - 8 * ksz);
                s(a).cmp(&s(b))
            }
            (KeyOrder::Unsigned, _) => a.cmp(&b),
        }
    };
    let ins: Vec<Option<Vec<u8>>> = t
        .operands
        .iter()
        .map(|o| o.input.as_ref().map(|b| mem.read(b)))
        .collect();
    let mut outs: Vec<Vec<u8>> = t.operands.iter().map(|o| mem.read(&o.output)).collect();
    for o in 0..outer {
        for i in 0..inner {
            let base = o * n * inner + i;
            let mut perm: Vec<usize> = (0..n).collect();
            perm.sort_by(|&a, &b| {
                let c = cmp(bits(base + a * inner), bits(base + b * inner));
                if t.descending { c.reverse() } else { c }
            });
            for (r, &pos) in perm[..k].iter().enumerate() {
                let at = o * k * inner + r * inner + i;
                for (j, op) in t.operands.iter().enumerate() {
                    let sz = op.dtype.size();
                    let e = match &ins[j] {
                        Some(data) => data[(base + pos * inner) * sz..][..sz].to_vec(),
                        None => (pos as u64).to_le_bytes()[..sz].to_vec(),
                    };
                    outs[j][at * sz..][..sz].copy_from_slice(&e);
                }
            }
        }
    }
    for (o, data) in t.operands.iter().zip(&outs) {
        mem.write(&o.output, data);
    }
}

/// Runs `src` on `args` three ways; returns the agreed outputs and the lowered program
/// (after the optimizing passes, as the compiler lowers it). The expected values are the
/// evaluator's of the optimized function: the `reciprocal` pass changes how divides by
/// broadcasts round, on purpose (see its docs).
pub fn three_ways(src: &str, args: &[Literal]) -> (Vec<Vec<u8>>, LoweredProgram) {
    let module = frontend::parse(src.as_bytes()).expect("parse");
    let mut f = passes::inline::inline_entry(&module).expect("inline");
    let unoptimized: Vec<Vec<u8>> = eval_func(&f, args)
        .expect("eval")
        .into_iter()
        .map(|l| l.bytes.to_vec())
        .collect();
    let reciprocals = passes::reciprocal::rewrite(&mut f).expect("reciprocal");
    passes::fold::fold(&mut f).expect("fold");
    passes::cse::cse(&mut f);
    passes::dce::dce(&mut f);
    let expected: Vec<Vec<u8>> = eval_func(&f, args)
        .expect("eval")
        .into_iter()
        .map(|l| l.bytes.to_vec())
        .collect();
    if reciprocals == 0 {
        assert_eq!(expected, unoptimized, "optimized vs unoptimized eval");
    }
    let p = lower(&f, &Target::host()).expect("lower");
    let interp = run(&p, args.iter().map(|a| a.bytes.to_vec()).collect());
    assert_eq!(interp, expected, "kir interpreter vs eval");
    let pjx =
        compile_module(&module, &Options::default(), &mut Timings::default()).expect("compile");
    assert_eq!(run_native(pjx, args), expected, "native code vs eval");
    (expected, p)
}

/// `n` pseudo-random 64-bit words (xorshift) from `seed`, reproducible.
pub fn bits(n: usize, seed: u64) -> Vec<u64> {
    let mut s = seed | 1;
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        })
        .collect()
}

/// Loads `pjx` and runs it on `args`: each output's bytes.
pub fn run_native(pjx: pjrtc_runtime::format::Pjx, args: &[Literal]) -> Vec<Vec<u8>> {
    let exe = Executable::from_pjx(pjx).expect("load");
    let inputs: Vec<Tensor> = args
        .iter()
        .map(|a| {
            let shape: Vec<u64> = a.ty.shape.iter().map(|&d| d as u64).collect();
            Tensor::from_bytes(a.ty.dtype, &shape, &a.bytes).expect("input")
        })
        .collect();
    let refs: Vec<&Tensor> = inputs.iter().collect();
    exe.run(&refs)
        .expect("run")
        .iter()
        .map(|t| t.bytes().to_vec())
        .collect()
}

fn lower_run(f: &Func, inputs: Vec<Vec<u8>>) -> (LoweredProgram, Vec<Vec<u8>>) {
    lower_run_for(f, inputs, &Target::host())
}

fn lower_run_for(f: &Func, inputs: Vec<Vec<u8>>, t: &Target) -> (LoweredProgram, Vec<Vec<u8>>) {
    let p = lower(f, t).expect("lower");
    let out = run(&p, inputs);
    (p, out)
}

fn dispatches(p: &LoweredProgram) -> usize {
    p.steps
        .iter()
        .filter(|s| matches!(s, Step::Dispatch { .. }))
        .count()
}

// ---------------------------------------------------------------- elementwise

#[test]
fn elementwise_chain_fuses_into_one_kernel() {
    let mut b = FB::new();
    let x = b.param(DType::F32, &[2, 3]);
    let y = b.param(DType::F32, &[2, 3]);
    let s = b.bin(BinaryOp::Add, x, y);
    let two = b.constant(DType::F32, &[], f32s(&[2.0]));
    let twob = b.op(
        Opcode::BroadcastInDim {
            broadcast_dimensions: vec![],
        },
        &[two],
        DType::F32,
        &[2, 3],
    );
    let m = b.bin(BinaryOp::Mul, s, twob);
    let n = b.op(Opcode::Unary(UnaryOp::Neg), &[m], DType::F32, &[2, 3]);
    let f = b.ret(&[n]);
    let (p, out) = lower_run(&f, vec![f32s(&iota_f32(6)), f32s(&[1.0; 6])]);
    assert_eq!(dispatches(&p), 1);
    assert_eq!(p.arena_size, 0);
    assert_eq!(
        to_f32s(&out[0]),
        (0..6).map(|i| -(i as f32 + 1.0) * 2.0).collect::<Vec<_>>()
    );
}

#[test]
fn integer_ops_select_clamp_compare() {
    let mut b = FB::new();
    let x = b.param(DType::I32, &[4]);
    let y = b.param(DType::I32, &[4]);
    let d = b.bin(BinaryOp::Div, x, y);
    let r = b.bin(BinaryOp::Rem, x, y);
    let sh = b.bin(BinaryOp::ShiftLeft, x, y);
    let c = b.op(
        Opcode::Compare {
            direction: CompareDirection::Lt,
            compare_type: None,
        },
        &[x, y],
        DType::I1,
        &[4],
    );
    let sel = b.op(Opcode::Select, &[c, x, y], DType::I32, &[4]);
    let lo = b.constant(DType::I32, &[], i32s(&[-1]));
    let hi = b.constant(DType::I32, &[], i32s(&[5]));
    let cl = b.op(Opcode::Clamp, &[lo, x, hi], DType::I32, &[4]);
    let t = b.constant(DType::I1, &[], vec![0]);
    let sel2 = b.op(Opcode::Select, &[t, x, y], DType::I32, &[4]);
    let f = b.ret(&[d, r, sh, sel, cl, sel2]);
    let xs = [7, i32::MIN, -9, 100];
    let ys = [0, -1, 2, 40];
    let (_, out) = lower_run(&f, vec![i32s(&xs), i32s(&ys)]);
    assert_eq!(to_i32s(&out[0]), vec![-1, i32::MIN, -4, 2]);
    assert_eq!(to_i32s(&out[1]), vec![7, 0, -1, 20]);
    assert_eq!(to_i32s(&out[2]), vec![7, 0, -36, 0]);
    assert_eq!(to_i32s(&out[3]), vec![0, i32::MIN, -9, 40]);
    assert_eq!(to_i32s(&out[4]), vec![5, -1, -1, 5]);
    assert_eq!(to_i32s(&out[5]), ys.to_vec());
}

#[test]
fn convert_bitcast_iota_total_order() {
    let mut b = FB::new();
    let x = b.param(DType::F32, &[4]);
    let ci = b.op(Opcode::Convert, &[x], DType::I32, &[4]);
    let bc = b.op(Opcode::BitcastConvert, &[x], DType::U32, &[4]);
    let io = b.op(Opcode::Iota { dimension: 1 }, &[], DType::F32, &[2, 3]);
    let to = b.op(
        Opcode::Compare {
            direction: CompareDirection::Lt,
            compare_type: Some(CompareType::TotalOrder),
        },
        &[x, x],
        DType::I1,
        &[4],
    );
    let f = b.ret(&[ci, bc, io, to]);
    let xs = [1.9f32, -2.5, f32::NAN, 3e10];
    let (_, out) = lower_run(&f, vec![f32s(&xs)]);
    assert_eq!(to_i32s(&out[0]), vec![1, -2, 0, i32::MAX]);
    assert_eq!(
        to_i32s(&out[1]),
        xs.iter().map(|x| x.to_bits() as i32).collect::<Vec<_>>()
    );
    assert_eq!(to_f32s(&out[2]), vec![0., 1., 2., 0., 1., 2.]);
    assert_eq!(out[3], vec![0, 0, 0, 0]);
}

/// Between widths the narrow side gets a minor dimension holding the wide value's pieces,
/// least significant first; `i1` is a single bit.
#[test]
fn bitcast_between_widths() {
    let mut b = FB::new();
    let x = b.param(DType::F64, &[2]);
    let split = b.op(Opcode::BitcastConvert, &[x], DType::U16, &[2, 4]);
    let bools = b.op(Opcode::BitcastConvert, &[x], DType::I1, &[2, 64]);
    let back = b.op(Opcode::BitcastConvert, &[bools], DType::I64, &[2]);
    let joined = b.op(Opcode::BitcastConvert, &[split], DType::F64, &[2]);
    let f = b.ret(&[split, bools, back, joined]);
    let xs = [f64::from_bits(0x0123_4567_89ab_cdef), -2.5];
    let bytes: Vec<u8> = xs.iter().flat_map(|v| v.to_le_bytes()).collect();
    let (_, out) = lower_run(&f, vec![bytes.clone()]);
    assert_eq!(out[0], bytes);
    let want_bits: Vec<u8> = xs
        .iter()
        .flat_map(|v| (0..64).map(move |k| ((v.to_bits() >> k) & 1) as u8))
        .collect();
    assert_eq!(out[1], want_bits);
    assert_eq!(out[2], bytes);
    assert_eq!(out[3], bytes);
}

/// Lowering itself has no rule for `rng_bit_generator` (`passes::rng` expands it before,
/// in the pipeline): called directly, it names the op.
#[test]
fn unsupported_op_is_diagnosed() {
    let mut b = FB::new();
    let x = b.param(DType::U64, &[2]);
    let y = b.op_multi(
        Opcode::RngBitGenerator {
            algorithm: RngAlgorithm::ThreeFry,
        },
        &[x],
        vec![
            TensorType::new(DType::U64, [2]),
            TensorType::new(DType::U32, [4]),
        ],
        vec![],
    );
    let f = b.ret(&[y[1]]);
    let e = lower(&f, &Target::host()).unwrap_err();
    assert_eq!(
        e.message,
        "unsupported: stablehlo.rng_bit_generator is not compiled yet"
    );
}

// ---------------------------------------------------------------- data movement

#[test]
fn transpose_reshape_reverse() {
    let mut b = FB::new();
    let x = b.param(DType::F32, &[2, 3, 4]);
    let t = b.op(
        Opcode::Transpose {
            permutation: vec![2, 0, 1],
        },
        &[x],
        DType::F32,
        &[4, 2, 3],
    );
    let r = b.op(Opcode::Reshape, &[x], DType::F32, &[4, 6]);
    let v = b.op(
        Opcode::Reverse {
            dimensions: vec![0, 2],
        },
        &[x],
        DType::F32,
        &[2, 3, 4],
    );
    let f = b.ret(&[t, r, v]);
    let xs = iota_f32(24);
    let (_, out) = lower_run(&f, vec![f32s(&xs)]);
    let mut want = Vec::new();
    for k in 0..4 {
        for i in 0..2 {
            for j in 0..3 {
                want.push(xs[i * 12 + j * 4 + k]);
            }
        }
    }
    assert_eq!(to_f32s(&out[0]), want);
    assert_eq!(to_f32s(&out[1]), xs);
    let mut want = Vec::new();
    for i in 0..2 {
        for j in 0..3 {
            for k in 0..4 {
                want.push(xs[(1 - i) * 12 + j * 4 + (3 - k)]);
            }
        }
    }
    assert_eq!(to_f32s(&out[2]), want);
}

#[test]
fn fused_transpose_then_reshape() {
    let mut b = FB::new();
    let x = b.param(DType::F32, &[2, 3]);
    let t = b.op(
        Opcode::Transpose {
            permutation: vec![1, 0],
        },
        &[x],
        DType::F32,
        &[3, 2],
    );
    let r = b.op(Opcode::Reshape, &[t], DType::F32, &[6]);
    let f = b.ret(&[r]);
    let (p, out) = lower_run(&f, vec![f32s(&iota_f32(6))]);
    assert_eq!(dispatches(&p), 1);
    assert_eq!(to_f32s(&out[0]), vec![0., 3., 1., 4., 2., 5.]);
}

#[test]
fn slice_with_strides() {
    let mut b = FB::new();
    let x = b.param(DType::F32, &[4, 6]);
    let s = b.op(
        Opcode::Slice {
            start: vec![1, 0],
            limit: vec![4, 5],
            strides: vec![2, 2],
        },
        &[x],
        DType::F32,
        &[2, 3],
    );
    let f = b.ret(&[s]);
    let (_, out) = lower_run(&f, vec![f32s(&iota_f32(24))]);
    assert_eq!(to_f32s(&out[0]), vec![6., 8., 10., 18., 20., 22.]);
}

#[test]
fn pad_negative_and_interior() {
    let mut b = FB::new();
    let x = b.param(DType::F32, &[2, 3]);
    let pv = b.constant(DType::F32, &[], f32s(&[-1.0]));
    // dim0: low 1, high 0, interior 1 -> 1 + 3 = 4; dim1: low -1, high 2, interior 1 -> 5-1+2 = 6
    let p = b.op(
        Opcode::Pad {
            low: vec![1, -1],
            high: vec![0, 2],
            interior: vec![1, 1],
        },
        &[x, pv],
        DType::F32,
        &[4, 6],
    );
    let f = b.ret(&[p]);
    let (_, out) = lower_run(&f, vec![f32s(&[1., 2., 3., 4., 5., 6.])]);
    #[rustfmt::skip]
    let want = vec![
        -1., -1., -1., -1., -1., -1.,
        -1., 2., -1., 3., -1., -1.,
        -1., -1., -1., -1., -1., -1.,
        -1., 5., -1., 6., -1., -1.,
    ];
    assert_eq!(to_f32s(&out[0]), want);
}

#[test]
fn concatenate_with_empty_piece() {
    let mut b = FB::new();
    let x = b.param(DType::F32, &[2, 1]);
    let e = b.param(DType::F32, &[2, 0]);
    let y = b.param(DType::F32, &[2, 2]);
    let c = b.op(
        Opcode::Concatenate { dimension: 1 },
        &[x, e, y, x],
        DType::F32,
        &[2, 4],
    );
    let f = b.ret(&[c]);
    let (_, out) = lower_run(&f, vec![f32s(&[1., 2.]), vec![], f32s(&[3., 4., 5., 6.])]);
    assert_eq!(to_f32s(&out[0]), vec![1., 3., 4., 1., 2., 5., 6., 2.]);
}

#[test]
fn broadcast_in_dim_expands_unit_dims() {
    let mut b = FB::new();
    let x = b.param(DType::F32, &[1, 3]);
    let y = b.op(
        Opcode::BroadcastInDim {
            broadcast_dimensions: vec![0, 2],
        },
        &[x],
        DType::F32,
        &[2, 2, 3],
    );
    let f = b.ret(&[y]);
    let (_, out) = lower_run(&f, vec![f32s(&[1., 2., 3.])]);
    assert_eq!(to_f32s(&out[0]), [1., 2., 3.].repeat(4));
}

#[test]
fn dynamic_slice_and_update_clamp_starts() {
    let mut b = FB::new();
    let x = b.param(DType::F32, &[3, 4]);
    let i = b.param(DType::I32, &[]);
    let j = b.param(DType::I32, &[]);
    let ds = b.op(
        Opcode::DynamicSlice {
            slice_sizes: vec![2, 2],
        },
        &[x, i, j],
        DType::F32,
        &[2, 2],
    );
    let u = b.param(DType::F32, &[2, 2]);
    let dus = b.op(
        Opcode::DynamicUpdateSlice,
        &[x, u, i, j],
        DType::F32,
        &[3, 4],
    );
    let f = b.ret(&[ds, dus]);
    // i = 5 clamps to 1, j = -3 clamps to 0.
    let (_, out) = lower_run(
        &f,
        vec![
            f32s(&iota_f32(12)),
            i32s(&[5]),
            i32s(&[-3]),
            f32s(&[-1., -2., -3., -4.]),
        ],
    );
    assert_eq!(to_f32s(&out[0]), vec![4., 5., 8., 9.]);
    assert_eq!(
        to_f32s(&out[1]),
        vec![0., 1., 2., 3., -1., -2., 6., 7., -3., -4., 10., 11.]
    );
}

#[test]
fn outputs_param_constant_and_duplicate() {
    let mut b = FB::new();
    let x = b.param(DType::F32, &[2]);
    let c = b.constant(DType::F32, &[2], f32s(&[7., 8.]));
    let s = b.bin(BinaryOp::Add, x, c);
    let f = b.ret(&[x, c, s, s]);
    let (p, out) = lower_run(&f, vec![f32s(&[1., 2.])]);
    assert_eq!(to_f32s(&out[0]), vec![1., 2.]);
    assert_eq!(to_f32s(&out[1]), vec![7., 8.]);
    assert_eq!(to_f32s(&out[2]), vec![8., 10.]);
    assert_eq!(to_f32s(&out[3]), vec![8., 10.]);
    assert_eq!(p.signature.inputs[0].name, "%arg0");
}

// ---------------------------------------------------------------- reductions

#[test]
fn reduce_sum_rows() {
    let mut b = FB::new();
    let x = b.param(DType::F32, &[3, 4]);
    let z = b.constant(DType::F32, &[], f32s(&[0.0]));
    let reg = b.binary_region(DType::F32, BinaryOp::Add);
    let r = b.op_multi(
        Opcode::Reduce {
            dimensions: vec![1],
        },
        &[x, z],
        vec![TensorType::new(DType::F32, [3])],
        vec![reg],
    );
    let f = b.ret(&r);
    let (_, out) = lower_run(&f, vec![f32s(&iota_f32(12))]);
    assert_eq!(to_f32s(&out[0]), vec![6., 22., 38.]);
}

#[test]
fn reduce_argmax_variadic() {
    let mut b = FB::new();
    let x = b.param(DType::F32, &[2, 4]);
    let idx = b.op(Opcode::Iota { dimension: 1 }, &[], DType::I32, &[2, 4]);
    let ninf = b.constant(DType::F32, &[], f32s(&[f32::NEG_INFINITY]));
    let zero = b.constant(DType::I32, &[], i32s(&[0]));
    let reg = b.region(&[DType::F32, DType::I32], |b, a| {
        let (av, ai, bv, bi) = (a[0], a[1], a[2], a[3]);
        let gt = b.op(
            Opcode::Compare {
                direction: CompareDirection::Gt,
                compare_type: None,
            },
            &[bv, av],
            DType::I1,
            &[],
        );
        let v = b.op(Opcode::Select, &[gt, bv, av], DType::F32, &[]);
        let i = b.op(Opcode::Select, &[gt, bi, ai], DType::I32, &[]);
        vec![v, i]
    });
    let r = b.op_multi(
        Opcode::Reduce {
            dimensions: vec![1],
        },
        &[x, idx, ninf, zero],
        vec![
            TensorType::new(DType::F32, [2]),
            TensorType::new(DType::I32, [2]),
        ],
        vec![reg],
    );
    let f = b.ret(&r);
    let (p, out) = lower_run(&f, vec![f32s(&[1., 5., 2., 5., 9., -1., 3., 0.])]);
    assert_eq!(dispatches(&p), 1, "iota fused into the reduce");
    assert_eq!(to_f32s(&out[0]), vec![5., 9.]);
    assert_eq!(to_i32s(&out[1]), vec![1, 0]);
}

fn window(dims: &[i64], strides: &[i64], padding: &[(i64, i64)]) -> WindowAttrs {
    WindowAttrs {
        window_dimensions: dims.to_vec(),
        window_strides: strides.to_vec(),
        base_dilations: vec![1; dims.len()],
        window_dilations: vec![1; dims.len()],
        padding: padding.to_vec(),
    }
}

#[test]
fn reduce_window_max_pool() {
    let mut b = FB::new();
    let x = b.param(DType::F32, &[1, 4, 4, 1]);
    let ninf = b.constant(DType::F32, &[], f32s(&[f32::NEG_INFINITY]));
    let reg = b.binary_region(DType::F32, BinaryOp::Max);
    let w = window(&[1, 2, 2, 1], &[1, 2, 2, 1], &[(0, 0); 4]);
    let r = b.op_multi(
        Opcode::ReduceWindow(Box::new(w)),
        &[x, ninf],
        vec![TensorType::new(DType::F32, [1, 2, 2, 1])],
        vec![reg],
    );
    let f = b.ret(&r);
    let (p, out) = lower_run(&f, vec![f32s(&iota_f32(16))]);
    assert_eq!(to_f32s(&out[0]), vec![5., 7., 13., 15.]);
    // The 2x2 window is unrolled into the body, so the kernel vectorizes.
    assert!(
        p.kernels
            .iter()
            .all(|k| !format!("{k:?}").contains("Reduce"))
    );
}

/// A 2x2 stride-2 max pool over channels (NHWC, as a CNN has it) unrolls into a kernel
/// the codegen vectorizes along the channels.
#[test]
fn reduce_window_max_pool_over_channels_vectorizes() {
    let mut b = FB::new();
    let x = b.param(DType::F32, &[1, 4, 4, 8]);
    let ninf = b.constant(DType::F32, &[], f32s(&[f32::NEG_INFINITY]));
    let reg = b.binary_region(DType::F32, BinaryOp::Max);
    let w = window(&[1, 2, 2, 1], &[1, 2, 2, 1], &[(0, 0); 4]);
    let r = b.op_multi(
        Opcode::ReduceWindow(Box::new(w)),
        &[x, ninf],
        vec![TensorType::new(DType::F32, [1, 2, 2, 8])],
        vec![reg],
    );
    let f = b.ret(&r);
    // Values that make every window position the maximum somewhere.
    let xs: Vec<f32> = (0..128).map(|i| ((i * 37) % 101) as f32 - 50.0).collect();
    let (p, out) = lower_run(&f, vec![f32s(&xs)]);
    let mut want = Vec::new();
    for (oh, ow, c) in (0..2).flat_map(|h| (0..2).flat_map(move |w| (0..8).map(move |c| (h, w, c))))
    {
        let at = |h: usize, w: usize| xs[(h * 4 + w) * 8 + c];
        let m = [(0, 0), (0, 1), (1, 0), (1, 1)]
            .iter()
            .map(|&(dh, dw)| at(2 * oh + dh, 2 * ow + dw))
            .fold(f32::NEG_INFINITY, f32::max);
        want.push(m);
    }
    assert_eq!(to_f32s(&out[0]), want);
    assert_eq!(p.kernels.len(), 1);
    assert!(crate::compiler::codegen::is_vectorized(&p.kernels[0]));
}

/// Windows longer than the unrolling limit keep the reduce loop; padding still adds the
/// init (a 5x5 padded sum: 25 positions).
#[test]
fn reduce_window_large_window_loops() {
    let mut b = FB::new();
    let x = b.param(DType::F32, &[3, 3]);
    let z = b.constant(DType::F32, &[], f32s(&[0.0]));
    let reg = b.binary_region(DType::F32, BinaryOp::Add);
    let w = window(&[5, 5], &[1, 1], &[(2, 2), (2, 2)]);
    let r = b.op_multi(
        Opcode::ReduceWindow(Box::new(w)),
        &[x, z],
        vec![TensorType::new(DType::F32, [3, 3])],
        vec![reg],
    );
    let f = b.ret(&r);
    let (p, out) = lower_run(&f, vec![f32s(&iota_f32(9))]);
    assert!(
        p.kernels
            .iter()
            .any(|k| format!("{k:?}").contains("Reduce"))
    );
    // Every window covers the whole 3x3 input: 0 + 1 + ... + 8.
    assert_eq!(to_f32s(&out[0]), vec![36.; 9]);
}

#[test]
fn reduce_window_padded_sum_and_base_dilation() {
    let mut b = FB::new();
    let x = b.param(DType::F32, &[3, 3]);
    let z = b.constant(DType::F32, &[], f32s(&[0.0]));
    let reg = b.binary_region(DType::F32, BinaryOp::Add);
    let w = window(&[3, 3], &[1, 1], &[(1, 1), (1, 1)]);
    let r = b.op_multi(
        Opcode::ReduceWindow(Box::new(w)),
        &[x, z],
        vec![TensorType::new(DType::F32, [3, 3])],
        vec![reg.clone()],
    );
    let mut w2 = window(&[2], &[1], &[(0, 0)]);
    w2.base_dilations = vec![2];
    let y = b.param(DType::F32, &[3]);
    // dilated base: [a, 0, b, 0, c] (holes are init = 0) -> windows of 2: a, b, b, c
    let r2 = b.op_multi(
        Opcode::ReduceWindow(Box::new(w2)),
        &[y, z],
        vec![TensorType::new(DType::F32, [4])],
        vec![reg],
    );
    let f = b.ret(&[r[0], r2[0]]);
    let (_, out) = lower_run(&f, vec![f32s(&[1.; 9]), f32s(&[1., 2., 3.])]);
    assert_eq!(to_f32s(&out[0]), vec![4., 6., 4., 6., 9., 6., 4., 6., 4.]);
    assert_eq!(to_f32s(&out[1]), vec![1., 2., 2., 3.]);
}

#[test]
fn softmax_fuses_exp_into_sum() {
    let mut b = FB::new();
    let x = b.param(DType::F32, &[2, 3]);
    let ninf = b.constant(DType::F32, &[], f32s(&[f32::NEG_INFINITY]));
    let zero = b.constant(DType::F32, &[], f32s(&[0.0]));
    let maxr = b.binary_region(DType::F32, BinaryOp::Max);
    let m = b.op_multi(
        Opcode::Reduce {
            dimensions: vec![1],
        },
        &[x, ninf],
        vec![TensorType::new(DType::F32, [2])],
        vec![maxr],
    )[0];
    let bc = |b: &mut FB, v| {
        b.op(
            Opcode::BroadcastInDim {
                broadcast_dimensions: vec![0],
            },
            &[v],
            DType::F32,
            &[2, 3],
        )
    };
    let mb = bc(&mut b, m);
    let d = b.bin(BinaryOp::Sub, x, mb);
    let e = b.op(Opcode::Unary(UnaryOp::Exp), &[d], DType::F32, &[2, 3]);
    let sumr = b.binary_region(DType::F32, BinaryOp::Add);
    let s = b.op_multi(
        Opcode::Reduce {
            dimensions: vec![1],
        },
        &[e, zero],
        vec![TensorType::new(DType::F32, [2])],
        vec![sumr],
    )[0];
    let sb = bc(&mut b, s);
    let r = b.bin(BinaryOp::Div, e, sb);
    let f = b.ret(&[r]);
    let xs = [1., 2., 3., 0., 0., 0.];
    let (p, out) = lower_run(&f, vec![f32s(&xs)]);
    assert!(dispatches(&p) <= 4);
    let got = to_f32s(&out[0]);
    for row in 0..2 {
        let r = &xs[row * 3..row * 3 + 3];
        let mx = r.iter().cloned().fold(f32::NEG_INFINITY, f32::max);
        let den: f32 = r.iter().map(|v| (v - mx).exp()).sum();
        for c in 0..3 {
            let want = (r[c] - mx).exp() / den;
            assert!((got[row * 3 + c] - want).abs() < 1e-6);
        }
    }
}

/// A row reduction of `x` over its last dimension with `op` from `init`.
fn row_reduce(b: &mut FB, x: ValueId, op: BinaryOp, init: f32) -> ValueId {
    let t = b.f.ty(x).clone();
    let c = b.constant(DType::F32, &[], f32s(&[init]));
    let reg = b.binary_region(DType::F32, op);
    let shape = t.shape[..t.rank() - 1].to_vec();
    b.op_multi(
        Opcode::Reduce {
            dimensions: vec![t.rank() as i64 - 1],
        },
        &[x, c],
        vec![TensorType::new(DType::F32, shape)],
        vec![reg],
    )[0]
}

fn bcast(b: &mut FB, v: ValueId, dims: &[i64], shape: &[i64]) -> ValueId {
    b.op(
        Opcode::BroadcastInDim {
            broadcast_dimensions: dims.to_vec(),
        },
        &[v],
        DType::F32,
        shape,
    )
}

fn kernel_names(p: &LoweredProgram) -> Vec<&str> {
    p.kernels.iter().map(|k| k.name.as_str()).collect()
}

/// Softmax as JAX writes it, where it stays kernels (targets without the runtime's row
/// routines; elsewhere it is one `Softmax` step, `softmax_tests`): the row max goes into
/// the exp kernel and the row sum into the divide kernel, each computed once per row
/// there (no reduce kernels, no broadcast kernels); the exp, read by both the sum and the
/// divide, stays in a buffer (computing it twice costs more).
#[test]
fn softmax_row_reductions_fuse_into_their_consumers() {
    let (rows, cols) = (3i64, 10i64);
    let mut b = FB::new();
    let x = b.param(DType::F32, &[rows, cols]);
    let m = row_reduce(&mut b, x, BinaryOp::Max, f32::NEG_INFINITY);
    let m1 = bcast(&mut b, m, &[0], &[rows, 1]);
    let mb = bcast(&mut b, m1, &[0, 1], &[rows, cols]);
    let d = b.bin(BinaryOp::Sub, x, mb);
    let e = b.op(Opcode::Unary(UnaryOp::Exp), &[d], DType::F32, &[rows, cols]);
    let s = row_reduce(&mut b, e, BinaryOp::Add, 0.0);
    let s1 = bcast(&mut b, s, &[0], &[rows, 1]);
    let sb = bcast(&mut b, s1, &[0, 1], &[rows, cols]);
    let r = b.bin(BinaryOp::Div, e, sb);
    let f = b.ret(&[r]);
    let xs: Vec<f32> = (0..rows * cols)
        .map(|i| (i % 7) as f32 * 0.5 - 1.0)
        .collect();
    let aarch64 = Target::from_triple("aarch64-unknown-linux-gnu").expect("target");
    let (p, out) = lower_run_for(&f, vec![f32s(&xs)], &aarch64);
    assert_eq!(kernel_names(&p), ["k0_exponential", "k1_divide"]);
    let got = to_f32s(&out[0]);
    for row in xs.chunks(cols as usize).enumerate() {
        let (i, r) = row;
        let mx = r.iter().cloned().fold(f32::NEG_INFINITY, f32::max);
        let den: f64 = r.iter().map(|v| ((v - mx) as f64).exp()).sum();
        for c in 0..cols as usize {
            let want = ((r[c] - mx) as f64).exp() / den;
            let g = got[i * cols as usize + c] as f64;
            assert!((g - want).abs() < 1e-6, "[{i},{c}] {g} vs {want}");
        }
    }
}

/// Layernorm: mean and variance fuse into the one output kernel; `x - mean`, read by the
/// variance and the output, is recomputed (a subtraction) rather than stored.
#[test]
fn layernorm_is_one_kernel() {
    let (rows, cols) = (4i64, 9i64);
    let mut b = FB::new();
    let x = b.param(DType::F32, &[rows, cols]);
    let g = b.param(DType::F32, &[cols]);
    let n = b.constant(DType::F32, &[], f32s(&[cols as f32]));
    let nb = bcast(&mut b, n, &[], &[rows, 1]);
    let sum = row_reduce(&mut b, x, BinaryOp::Add, 0.0);
    let sum1 = bcast(&mut b, sum, &[0], &[rows, 1]);
    let mean = b.bin(BinaryOp::Div, sum1, nb);
    let meanb = bcast(&mut b, mean, &[0, 1], &[rows, cols]);
    let xc = b.bin(BinaryOp::Sub, x, meanb);
    let sq = b.bin(BinaryOp::Mul, xc, xc);
    let var = row_reduce(&mut b, sq, BinaryOp::Add, 0.0);
    let var1 = bcast(&mut b, var, &[0], &[rows, 1]);
    let var1 = b.bin(BinaryOp::Div, var1, nb);
    let eps = b.constant(DType::F32, &[], f32s(&[1e-5]));
    let epsb = bcast(&mut b, eps, &[], &[rows, 1]);
    let ve = b.bin(BinaryOp::Add, var1, epsb);
    let rs = b.op(Opcode::Unary(UnaryOp::Rsqrt), &[ve], DType::F32, &[rows, 1]);
    let rsb = bcast(&mut b, rs, &[0, 1], &[rows, cols]);
    let y = b.bin(BinaryOp::Mul, xc, rsb);
    let gb = bcast(&mut b, g, &[1], &[rows, cols]);
    let y = b.bin(BinaryOp::Mul, y, gb);
    let f = b.ret(&[y]);
    let xs: Vec<f32> = (0..rows * cols)
        .map(|i| ((i * 5) % 11) as f32 - 4.0)
        .collect();
    let gs: Vec<f32> = (0..cols).map(|i| 1.0 + i as f32 * 0.125).collect();
    let (p, out) = lower_run(&f, vec![f32s(&xs), f32s(&gs)]);
    assert_eq!(dispatches(&p), 1);
    assert_eq!(p.arena_size, 0);
    let got = to_f32s(&out[0]);
    for (i, r) in xs.chunks(cols as usize).enumerate() {
        let mean = r.iter().map(|&v| v as f64).sum::<f64>() / cols as f64;
        let var = r.iter().map(|&v| (v as f64 - mean).powi(2)).sum::<f64>() / cols as f64;
        for c in 0..cols as usize {
            let want = (r[c] as f64 - mean) / (var + 1e-5).sqrt() * gs[c] as f64;
            let g = got[i * cols as usize + c] as f64;
            assert!((g - want).abs() < 1e-5, "[{i},{c}] {g} vs {want}");
        }
    }
}

/// A row reduction broadcast along a dimension that is not the consumer's innermost one
/// would be recomputed for every copy: it keeps its own kernel.
#[test]
fn row_reduction_broadcast_along_outer_dim_stays_materialized() {
    let mut b = FB::new();
    let x = b.param(DType::F32, &[2, 8]);
    let y = b.param(DType::F32, &[2, 3, 8]);
    let s = row_reduce(&mut b, x, BinaryOp::Add, 0.0);
    let sb = bcast(&mut b, s, &[0], &[2, 3, 8]);
    let r = b.bin(BinaryOp::Mul, y, sb);
    let f = b.ret(&[r]);
    let xs = iota_f32(16);
    let ys: Vec<f32> = (0..48).map(|i| (i % 5) as f32).collect();
    let (p, out) = lower_run(&f, vec![f32s(&xs), f32s(&ys)]);
    assert_eq!(kernel_names(&p), ["k0_reduce", "k1_multiply"]);
    let sums = [28.0f32, 92.0];
    let want: Vec<f32> = (0..48).map(|i| ys[i] * sums[i / 24]).collect();
    assert_eq!(to_f32s(&out[0]), want);
}

/// Broadcasts of splat constants and iotas read by several consumers are recomputed in
/// each, and an integer `remainder` read four times by ops that all end up in one reduce
/// kernel is computed there (once: identical expansions are one node).
#[test]
fn multi_use_cheap_and_same_kernel_values_are_fused() {
    let (rows, cols) = (3i64, 16i64);
    let mut b = FB::new();
    let x = b.param(DType::I32, &[rows, cols]);
    let seven = b.constant(DType::I32, &[], i32s(&[7]));
    let zero = b.constant(DType::I32, &[], i32s(&[0]));
    let ib = |b: &mut FB, v| {
        b.op(
            Opcode::BroadcastInDim {
                broadcast_dimensions: vec![],
            },
            &[v],
            DType::I32,
            &[rows, cols],
        )
    };
    let sevenb = ib(&mut b, seven);
    let zerob = ib(&mut b, zero);
    let rem = b.bin(BinaryOp::Rem, x, sevenb);
    let cmp = |b: &mut FB, dir, a, c| {
        b.op(
            Opcode::Compare {
                direction: dir,
                compare_type: None,
            },
            &[a, c],
            DType::I1,
            &[rows, cols],
        )
    };
    let neg = cmp(&mut b, CompareDirection::Lt, rem, zerob);
    let fixed = b.bin(BinaryOp::Add, rem, sevenb);
    let m = b.op(
        Opcode::Select,
        &[neg, fixed, rem],
        DType::I32,
        &[rows, cols],
    );
    let is0 = cmp(&mut b, CompareDirection::Eq, m, zerob);
    let alt = b.bin(BinaryOp::Xor, x, sevenb);
    let v = b.op(Opcode::Select, &[is0, x, alt], DType::I32, &[rows, cols]);
    let reg = b.binary_region(DType::I32, BinaryOp::Add);
    let r = b.op_multi(
        Opcode::Reduce {
            dimensions: vec![1],
        },
        &[v, zero],
        vec![TensorType::new(DType::I32, [rows])],
        vec![reg],
    )[0];
    let f = b.ret(&[r]);
    let xs: Vec<i32> = (0..rows * cols).map(|i| (i as i32 - 20) * 3).collect();
    let (p, out) = lower_run(&f, vec![i32s(&xs)]);
    assert_eq!(kernel_names(&p), ["k0_reduce"]);
    assert_eq!(p.arena_size, 0);
    let Node::Reduce { body, .. } = p.kernels[0]
        .body
        .nodes
        .iter()
        .find(|n| matches!(n, Node::Reduce { .. }))
        .unwrap()
    else {
        unreachable!()
    };
    let rems = body
        .nodes
        .iter()
        .filter(|n| {
            matches!(
                n,
                Node::Binary {
                    op: BinaryOp::Rem,
                    ..
                }
            )
        })
        .count();
    assert_eq!(rems, 1);
    let want: Vec<i32> = xs
        .chunks(cols as usize)
        .map(|r| {
            r.iter()
                .map(|&x| if x.rem_euclid(7) == 0 { x } else { x ^ 7 })
                .sum()
        })
        .collect();
    assert_eq!(to_i32s(&out[0]), want);
}

/// A chain of values each read twice by the next, all fused into one kernel: each value
/// is expanded once per index, not once per path (2^48 of them).
#[test]
fn fused_dag_is_expanded_once_per_value() {
    let mut b = FB::new();
    let x = b.param(DType::F32, &[2, 8]);
    let mut v = x;
    for _ in 0..48 {
        v = b.bin(BinaryOp::Add, v, v);
    }
    let f = b.ret(&[v]);
    let xs = iota_f32(16);
    let (p, out) = lower_run(&f, vec![f32s(&xs)]);
    assert_eq!(dispatches(&p), 1);
    let adds = p.kernels[0]
        .body
        .nodes
        .iter()
        .filter(|n| matches!(n, Node::Binary { .. }))
        .count();
    assert_eq!(adds, 48);
    let want: Vec<f32> = xs.iter().map(|x| x * 2f32.powi(48)).collect();
    assert_eq!(to_f32s(&out[0]), want);
}

/// Identical pure nodes are one node; loads only through `push_load`; stores and reduces
/// never.
#[test]
fn body_push_shares_identical_pure_nodes() {
    let mut body = Body::default();
    let i = body.push(Node::Index(0), DType::I64);
    assert_eq!(body.push(Node::Index(0), DType::I64), i);
    let c = body.push(Node::Const(1), DType::I64);
    assert_ne!(
        body.push(Node::Const(1), DType::I32),
        c,
        "types are part of the key"
    );
    let l = body.push_load(0, vec![i], DType::F32);
    assert_eq!(body.push_load(0, vec![i], DType::F32), l);
    let load = Node::Load {
        buffer: 0,
        index: vec![i],
    };
    assert_ne!(
        body.push(load, DType::F32),
        l,
        "plain pushes of loads stay apart"
    );
    let a = body.push(
        Node::Binary {
            op: BinaryOp::Add,
            a: l,
            b: l,
        },
        DType::F32,
    );
    let a2 = body.push(
        Node::Binary {
            op: BinaryOp::Add,
            a: l,
            b: l,
        },
        DType::F32,
    );
    assert_eq!(a, a2);
    let st = Node::Store {
        buffer: 1,
        index: vec![i],
        value: a,
    };
    let s1 = body.push(st.clone(), DType::F32);
    assert_ne!(body.push(st, DType::F32), s1);
}

// ---------------------------------------------------------------- dot_general

/// Naive dot_general on f64 values with the spec's result layout.
fn ref_dot(l: &[f64], ls: &[i64], r: &[f64], rs: &[i64], d: &DotDims) -> Vec<f64> {
    let free = |rank: usize, b: &[i64], c: &[i64]| -> Vec<usize> {
        (0..rank)
            .filter(|x| !b.contains(&(*x as i64)) && !c.contains(&(*x as i64)))
            .collect()
    };
    let lf = free(ls.len(), &d.lhs_batch, &d.lhs_contracting);
    let rf = free(rs.len(), &d.rhs_batch, &d.rhs_contracting);
    let mut out_dims: Vec<i64> = d.lhs_batch.iter().map(|&x| ls[x as usize]).collect();
    out_dims.extend(lf.iter().map(|&x| ls[x]));
    out_dims.extend(rf.iter().map(|&x| rs[x]));
    let cdims: Vec<i64> = d.lhs_contracting.iter().map(|&x| ls[x as usize]).collect();
    let unflat = |mut i: i64, dims: &[i64]| {
        let mut r = vec![0; dims.len()];
        for k in (0..dims.len()).rev() {
            r[k] = i % dims[k];
            i /= dims[k];
        }
        r
    };
    let flat = |idx: &[i64], dims: &[i64]| idx.iter().zip(dims).fold(0, |a, (&i, &n)| a * n + i);
    let n_out: i64 = out_dims.iter().product();
    let n_c: i64 = cdims.iter().product();
    let nb = d.lhs_batch.len();
    (0..n_out)
        .map(|o| {
            let oi = unflat(o, &out_dims);
            let mut s = 0.0;
            for c in 0..n_c {
                let ci = unflat(c, &cdims);
                let mut li = vec![0; ls.len()];
                let mut ri = vec![0; rs.len()];
                for k in 0..nb {
                    li[d.lhs_batch[k] as usize] = oi[k];
                    ri[d.rhs_batch[k] as usize] = oi[k];
                }
                for (k, &x) in lf.iter().enumerate() {
                    li[x] = oi[nb + k];
                }
                for (k, &x) in rf.iter().enumerate() {
                    ri[x] = oi[nb + lf.len() + k];
                }
                for k in 0..ci.len() {
                    li[d.lhs_contracting[k] as usize] = ci[k];
                    ri[d.rhs_contracting[k] as usize] = ci[k];
                }
                s += l[flat(&li, ls) as usize] * r[flat(&ri, rs) as usize];
            }
            s
        })
        .collect()
}

fn check_dot(dt: DType, ls: &[i64], rs: &[i64], d: DotDims) -> LoweredProgram {
    let nl: i64 = ls.iter().product();
    let nr: i64 = rs.iter().product();
    let l: Vec<f64> = (0..nl).map(|i| (i % 7) as f64 - 3.0).collect();
    let r: Vec<f64> = (0..nr).map(|i| (i % 5) as f64 - 1.0).collect();
    let want = ref_dot(&l, ls, &r, rs, &d);
    let mut out_shape: Vec<i64> = d.lhs_batch.iter().map(|&x| ls[x as usize]).collect();
    for x in 0..ls.len() as i64 {
        if !d.lhs_batch.contains(&x) && !d.lhs_contracting.contains(&x) {
            out_shape.push(ls[x as usize]);
        }
    }
    for x in 0..rs.len() as i64 {
        if !d.rhs_batch.contains(&x) && !d.rhs_contracting.contains(&x) {
            out_shape.push(rs[x as usize]);
        }
    }
    let mut b = FB::new();
    let x = b.param(dt, ls);
    let y = b.param(dt, rs);
    let o = b.op(Opcode::DotGeneral(Box::new(d)), &[x, y], dt, &out_shape);
    let f = b.ret(&[o]);
    let enc = |v: &[f64]| {
        let mut bytes = vec![0u8; v.len() * dt.size()];
        for (i, &x) in v.iter().enumerate() {
            put(dt, &mut bytes, i as u64, x);
        }
        bytes
    };
    let (p, out) = lower_run(&f, vec![enc(&l), enc(&r)]);
    let got: Vec<f64> = (0..want.len())
        .map(|i| elem(dt, &out[0], i as u64))
        .collect();
    assert_eq!(got, want);
    p
}

fn dd(lb: &[i64], rb: &[i64], lc: &[i64], rc: &[i64]) -> DotDims {
    DotDims {
        lhs_batch: lb.to_vec(),
        rhs_batch: rb.to_vec(),
        lhs_contracting: lc.to_vec(),
        rhs_contracting: rc.to_vec(),
    }
}

fn gemms(p: &LoweredProgram) -> usize {
    p.steps
        .iter()
        .filter(|s| matches!(s, Step::Gemm(_)))
        .count()
}

#[test]
fn dot_plain_and_transposed_use_views() {
    for (ls, rs, d) in [
        (vec![2, 3], vec![3, 4], dd(&[], &[], &[1], &[0])),
        (vec![3, 2], vec![3, 4], dd(&[], &[], &[0], &[0])),
        (vec![2, 3], vec![4, 3], dd(&[], &[], &[1], &[1])),
        (vec![5, 2, 3], vec![5, 3, 4], dd(&[0], &[0], &[2], &[1])),
        (vec![2, 3, 4], vec![3, 4, 5], dd(&[], &[], &[1, 2], &[0, 1])),
        (vec![3], vec![3], dd(&[], &[], &[0], &[0])),
    ] {
        let p = check_dot(DType::F32, &ls, &rs, d);
        assert_eq!(gemms(&p), 1);
        assert_eq!(dispatches(&p), 0, "{ls:?} {rs:?}");
    }
}

#[test]
fn dot_needing_relayout() {
    // Batch dim in the middle of lhs, contracting dims in swapped order.
    let p = check_dot(
        DType::F32,
        &[3, 2, 4],
        &[2, 4, 5],
        dd(&[1], &[0], &[2], &[1]),
    );
    assert_eq!(gemms(&p), 1);
    check_dot(
        DType::F64,
        &[2, 3, 4],
        &[4, 3, 5],
        dd(&[], &[], &[2, 1], &[0, 1]),
    );
    check_dot(
        DType::F32,
        &[2, 3, 4, 2],
        &[2, 4, 2, 6],
        dd(&[0, 3], &[0, 2], &[2], &[1]),
    );
}

/// A computed operand (the negation of a parameter) whose canonical `[batch, rows,
/// cols]` order would move its last dimension: one kernel writes it in its own order and
/// the Gemm reads it strided. `which` 0 negates lhs, 1 rhs.
fn check_dot_of_computed(ls: &[i64], rs: &[i64], d: DotDims, which: usize) -> MatrixView {
    let nl: i64 = ls.iter().product();
    let nr: i64 = rs.iter().product();
    let l: Vec<f64> = (0..nl).map(|i| (i % 7) as f64 - 3.0).collect();
    let r: Vec<f64> = (0..nr).map(|i| (i % 5) as f64 - 1.0).collect();
    let want: Vec<f64> = ref_dot(&l, ls, &r, rs, &d).iter().map(|x| -x).collect();
    let out_shape: Vec<i64> = {
        let free = |s: &[i64], b: &[i64], c: &[i64]| -> Vec<i64> {
            (0..s.len() as i64)
                .filter(|x| !b.contains(x) && !c.contains(x))
                .map(|x| s[x as usize])
                .collect()
        };
        let batch = d.lhs_batch.iter().map(|&x| ls[x as usize]);
        batch
            .chain(free(ls, &d.lhs_batch, &d.lhs_contracting))
            .chain(free(rs, &d.rhs_batch, &d.rhs_contracting))
            .collect()
    };
    let mut b = FB::new();
    let x = b.param(DType::F32, ls);
    let y = b.param(DType::F32, rs);
    let (x, y) = if which == 0 {
        (b.op(Opcode::Unary(UnaryOp::Neg), &[x], DType::F32, ls), y)
    } else {
        (x, b.op(Opcode::Unary(UnaryOp::Neg), &[y], DType::F32, rs))
    };
    let o = b.op(
        Opcode::DotGeneral(Box::new(d)),
        &[x, y],
        DType::F32,
        &out_shape,
    );
    let f = b.ret(&[o]);
    let enc = |v: &[f64]| f32s(&v.iter().map(|&x| x as f32).collect::<Vec<_>>());
    let (p, out) = lower_run(&f, vec![enc(&l), enc(&r)]);
    let got: Vec<f64> = to_f32s(&out[0]).iter().map(|&x| f64::from(x)).collect();
    assert_eq!(got, want, "{ls:?} {rs:?}");
    assert_eq!(dispatches(&p), 1, "one kernel computes the operand");
    let gemm = p.steps.iter().find_map(|s| match s {
        Step::Gemm(g) => Some(*g),
        _ => None,
    });
    let g = gemm.expect("a Gemm");
    if which == 0 { g.lhs } else { g.rhs }
}

#[test]
fn computed_operands_keep_their_rows() {
    // rhs contracted along its last dim (attention's `P V` with P computed): read
    // transposed, row stride 1.
    let v = check_dot_of_computed(&[2, 3], &[4, 3], dd(&[], &[], &[1], &[1]), 1);
    assert_eq!((v.row_stride, v.col_stride), (1, 3));
    let v = check_dot_of_computed(&[2, 5, 3], &[2, 4, 3], dd(&[0], &[0], &[2], &[2]), 1);
    assert_eq!((v.batch_stride, v.row_stride, v.col_stride), (12, 1, 3));
    // lhs contracted along its first dim: column-major A.
    let v = check_dot_of_computed(&[3, 2], &[3, 4], dd(&[], &[], &[0], &[0]), 0);
    assert_eq!((v.row_stride, v.col_stride), (1, 2));
    // Canonical order already keeps the last dim last: the relayout writes it as before.
    let v = check_dot_of_computed(&[2, 3], &[3, 4], dd(&[], &[], &[1], &[0]), 1);
    assert_eq!((v.row_stride, v.col_stride), (4, 1));
    // Batch dim last in lhs: the batches interleave (stride 1), still one strided view.
    let v = check_dot_of_computed(&[3, 4, 2], &[2, 4, 5], dd(&[2], &[0], &[1], &[1]), 0);
    assert_eq!((v.batch_stride, v.row_stride, v.col_stride), (1, 8, 2));
}

#[test]
fn dot_integer_is_a_gemm() {
    for dt in [DType::I32, DType::I16, DType::I64] {
        let p = check_dot(dt, &[2, 3, 4], &[2, 4, 5], dd(&[0], &[0], &[2], &[1]));
        assert_eq!(gemms(&p), 1, "{dt}");
    }
}

/// 8-bit operands into i32 (every sign pair, the extremes included, sums long enough to
/// pass i16 and with odd lengths, a batch and a transposed operand): one Gemm reading
/// the bytes as they are, the evaluator's bits three ways (native code: the runtime's
/// integer GEMM).
#[test]
fn dot_of_bytes_into_i32() {
    for (lt, rt) in [("i8", "i8"), ("ui8", "i8"), ("i8", "ui8"), ("ui8", "ui8")] {
        let src = format!(
            r#"
func.func public @main(%a: tensor<2x7x37x{lt}>, %b: tensor<2x19x37x{rt}>) -> tensor<2x7x19xi32> {{
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x7x37x{lt}>, tensor<2x19x37x{rt}>) -> tensor<2x7x19xi32>
  return %0 : tensor<2x7x19xi32>
}}"#
        );
        let bytes = |n: usize, seed: usize| -> Vec<u8> {
            (0..n)
                .map(|i| match (i * 7 + seed) % 9 {
                    0 => 0x80,
                    1 => 0x7f,
                    2 => 0xff,
                    _ => ((i * 37 + seed * 11) % 256) as u8,
                })
                .collect()
        };
        let ty = |d: &str, shape: &[i64]| {
            let dt = if d == "i8" { DType::I8 } else { DType::U8 };
            TensorType::new(dt, shape)
        };
        let args = [
            Literal::new(ty(lt, &[2, 7, 37]), bytes(2 * 7 * 37, 1)),
            Literal::new(ty(rt, &[2, 19, 37]), bytes(2 * 19 * 37, 2)),
        ];
        let (_, p) = three_ways(&src, &args);
        let g: Vec<&Gemm> = p
            .steps
            .iter()
            .filter_map(|s| match s {
                Step::Gemm(g) => Some(g),
                _ => None,
            })
            .collect();
        assert_eq!(g.len(), 1, "{lt} x {rt}");
        assert_eq!(g[0].dtype, DType::I32);
        assert_eq!(
            (g[0].lhs_dtype, g[0].rhs_dtype),
            (args[0].ty.dtype, args[1].ty.dtype)
        );
    }
}

// ---------------------------------------------------------------- convolution

#[allow(clippy::too_many_arguments)]
fn conv_attrs(
    layout_in: [i64; 4],
    layout_k: [i64; 4],
    layout_out: [i64; 4],
    strides: &[i64],
    padding: &[(i64, i64)],
    lhs_dil: &[i64],
    rhs_dil: &[i64],
    groups: i64,
) -> ConvAttrs {
    // layout arrays: [batch/in_f, feature/out_f, spatial0, spatial1] positions.
    ConvAttrs {
        window_strides: strides.to_vec(),
        padding: padding.to_vec(),
        lhs_dilation: lhs_dil.to_vec(),
        rhs_dilation: rhs_dil.to_vec(),
        window_reversal: vec![false; 2],
        input_batch_dim: layout_in[0],
        input_feature_dim: layout_in[1],
        input_spatial_dims: vec![layout_in[2], layout_in[3]],
        kernel_input_feature_dim: layout_k[0],
        kernel_output_feature_dim: layout_k[1],
        kernel_spatial_dims: vec![layout_k[2], layout_k[3]],
        output_batch_dim: layout_out[0],
        output_feature_dim: layout_out[1],
        output_spatial_dims: vec![layout_out[2], layout_out[3]],
        feature_group_count: groups,
        batch_group_count: 1,
    }
}

fn permute(data: &[f32], shape: &[i64], perm: &[usize]) -> Vec<f32> {
    // result dim i = source dim perm[i]
    let nshape: Vec<i64> = perm.iter().map(|&p| shape[p]).collect();
    let strides = super::builder::row_major_strides(shape);
    let n: i64 = shape.iter().product();
    (0..n)
        .map(|o| {
            let mut rem = o;
            let mut src = 0;
            for d in (0..nshape.len()).rev() {
                src += (rem % nshape[d]) * strides[perm[d]];
                rem /= nshape[d];
            }
            data[src as usize]
        })
        .collect()
}

#[test]
fn conv_nhwc_and_nchw_agree() {
    // N=2, H=5, W=4, C=4, O=6, kernel 3x2, groups 2, stride (2,1), pad (1,0),(1,1),
    // rhs dilation (1,2), lhs dilation (1,1).
    let (n, h, w, c, o): (usize, usize, usize, usize, usize) = (2, 5, 4, 4, 6);
    let (kh, kw, g): (usize, usize, usize) = (3, 2, 2);
    let sh = |v: &[usize]| v.iter().map(|&x| x as i64).collect::<Vec<i64>>();
    let x: Vec<f32> = (0..n * h * w * c)
        .map(|i| ((i * 7) % 11) as f32 - 5.0)
        .collect();
    let k: Vec<f32> = (0..kh * kw * (c / g) * o)
        .map(|i| ((i * 3) % 7) as f32 - 3.0)
        .collect();
    let strides = [2, 1];
    let pad = [(1, 0), (1, 1)];
    let rd = [1, 2];
    // out spatial: H: (5 + 1 - 3)/2 + 1 = 2; W: (4 + 2 - 3)/1 + 1 = 4 (dilated kernel 3)
    let (oh, ow): (i64, i64) = (2, 4);
    let mut b = FB::new();
    let xi = b.param(DType::F32, &sh(&[n, h, w, c]));
    let ki = b.param(DType::F32, &sh(&[kh, kw, c / g, o]));
    let attrs = conv_attrs(
        [0, 3, 1, 2],
        [2, 3, 0, 1],
        [0, 3, 1, 2],
        &strides,
        &pad,
        &[1, 1],
        &rd,
        g as i64,
    );
    let y = b.op(
        Opcode::Convolution(Box::new(attrs)),
        &[xi, ki],
        DType::F32,
        &[n as i64, oh, ow, o as i64],
    );
    let f = b.ret(&[y]);
    let (p, out) = lower_run(&f, vec![f32s(&x), f32s(&k)]);
    assert_eq!(dispatches(&p), 0, "NHWC/HWIO needs no relayout");
    let nhwc = to_f32s(&out[0]);
    // Spot-check one element by hand: out[0, 0, 0, 0], group 0, input channels 0..2.
    let mut s = 0.0;
    for a in 0..kh {
        for bq in 0..kw {
            let (ih, iw) = (a as i64 - 1, bq as i64 * 2 - 1);
            if ih < 0 || iw < 0 || ih >= h as i64 || iw >= w as i64 {
                continue;
            }
            for ci in 0..2 {
                s +=
                    x[((ih as usize) * w + iw as usize) * c + ci] * k[((a * kw + bq) * 2 + ci) * o];
            }
        }
    }
    assert_eq!(nhwc[0], s);

    // Same conv in NCHW / OIHW / NCHW.
    let xn = permute(&x, &[n as i64, h as i64, w as i64, c as i64], &[0, 3, 1, 2]);
    let kn = permute(
        &k,
        &[kh as i64, kw as i64, (c / g) as i64, o as i64],
        &[3, 2, 0, 1],
    );
    let mut b = FB::new();
    let xi = b.param(DType::F32, &[n as i64, c as i64, h as i64, w as i64]);
    let ki = b.param(
        DType::F32,
        &[o as i64, (c / g) as i64, kh as i64, kw as i64],
    );
    let attrs = conv_attrs(
        [0, 1, 2, 3],
        [1, 0, 2, 3],
        [0, 1, 2, 3],
        &strides,
        &pad,
        &[1, 1],
        &rd,
        g as i64,
    );
    let y = b.op(
        Opcode::Convolution(Box::new(attrs)),
        &[xi, ki],
        DType::F32,
        &[n as i64, o as i64, oh, ow],
    );
    let f = b.ret(&[y]);
    let (p, out) = lower_run(&f, vec![f32s(&xn), f32s(&kn)]);
    assert_eq!(dispatches(&p), 3);
    let want = permute(&nhwc, &[n as i64, oh, ow, o as i64], &[0, 3, 1, 2]);
    assert_eq!(to_f32s(&out[0]), want);
}

#[test]
fn conv_window_reversal_reverses_kernel() {
    let mut b = FB::new();
    let x = b.param(DType::F32, &[1, 3, 1, 1]);
    let k = b.param(DType::F32, &[2, 1, 1, 1]);
    let mut attrs = conv_attrs(
        [0, 3, 1, 2],
        [2, 3, 0, 1],
        [0, 3, 1, 2],
        &[1, 1],
        &[(0, 0); 2],
        &[1, 1],
        &[1, 1],
        1,
    );
    attrs.window_reversal = vec![true, false];
    let y = b.op(
        Opcode::Convolution(Box::new(attrs)),
        &[x, k],
        DType::F32,
        &[1, 2, 1, 1],
    );
    let f = b.ret(&[y]);
    let (_, out) = lower_run(&f, vec![f32s(&[1., 2., 3.]), f32s(&[10., 1.])]);
    // reversed kernel [1, 10]: [1*1 + 2*10, 2*1 + 3*10]
    assert_eq!(to_f32s(&out[0]), vec![21., 32.]);
}

// ---------------------------------------------------------------- arena plan

#[test]
fn arena_reuses_dead_buffers() {
    // A chain of materialized (multi-use) values: each only needs its predecessor alive.
    let mut b = FB::new();
    let mut v = b.param(DType::F32, &[64]);
    for _ in 0..6 {
        let e = b.op(Opcode::Unary(UnaryOp::Abs), &[v], DType::F32, &[64]);
        v = b.bin(BinaryOp::Add, e, e);
    }
    let f = b.ret(&[v]);
    let (p, out) = lower_run(&f, vec![f32s(&[1.0; 64])]);
    assert_eq!(to_f32s(&out[0]), vec![64.0; 64]);
    assert!(p.arena_size <= 2 * 256, "arena {}", p.arena_size);
}

proptest::proptest! {
    #[test]
    fn plan_never_overlaps_live_buffers(
        raw in proptest::collection::vec((0usize..20, 0usize..6, 0u64..500), 0..40)
    ) {
        let intervals: Vec<(usize, usize, u64)> =
            raw.iter().map(|&(f, len, s)| (f, f + len, s)).collect();
        let (offsets, high) = assign(&intervals);
        for i in 0..intervals.len() {
            let (fi, li, si) = intervals[i];
            proptest::prop_assert!(offsets[i] % 64 == 0);
            proptest::prop_assert!(si == 0 || offsets[i] + si <= high);
            for j in 0..i {
                let (fj, lj, sj) = intervals[j];
                if si == 0 || sj == 0 || li < fj || lj < fi {
                    continue;
                }
                let disjoint = offsets[i] + si <= offsets[j] || offsets[j] + sj <= offsets[i];
                proptest::prop_assert!(disjoint, "{:?} {:?} {:?}", intervals[i], intervals[j], offsets);
            }
        }
    }
}

// ---------------------------------------------------------------- scalar semantics

fn unary_out(b: &mut FB, op: UnaryOp, x: ValueId) -> ValueId {
    let t = b.f.ty(x).clone();
    b.op(Opcode::Unary(op), &[x], t.dtype, &t.shape)
}

#[test]
fn scalar_semantics_u32_i64_i1_f64() {
    let mut b = FB::new();
    let u = b.param(DType::U32, &[3]);
    let v = b.param(DType::U32, &[3]);
    let l = b.param(DType::I64, &[2]);
    let m = b.param(DType::I64, &[2]);
    let p = b.param(DType::I1, &[2]);
    let q = b.param(DType::I1, &[2]);
    let x = b.param(DType::F64, &[3]);
    let y = b.param(DType::F32, &[3]);
    let o0 = b.bin(BinaryOp::Div, u, v);
    let o1 = b.bin(BinaryOp::Max, u, v);
    let o2 = b.op(
        Opcode::Compare {
            direction: CompareDirection::Lt,
            compare_type: None,
        },
        &[u, v],
        DType::I1,
        &[3],
    );
    let o3 = b.bin(BinaryOp::Mul, l, m);
    let o4 = b.bin(BinaryOp::Rem, l, m);
    let o5 = unary_out(&mut b, UnaryOp::Not, p);
    let o6 = b.bin(BinaryOp::Xor, p, q);
    let o7 = b.bin(BinaryOp::Max, x, x);
    let o8 = unary_out(&mut b, UnaryOp::Sqrt, x);
    let o9 = b.op(Opcode::Convert, &[y], DType::U32, &[3]);
    let o10 = unary_out(&mut b, UnaryOp::CountLeadingZeros, u);
    let o11 = unary_out(&mut b, UnaryOp::PopCnt, u);
    let o12 = b.bin(BinaryOp::ShiftRightLogical, u, v);
    let f = b.ret(&[o0, o1, o2, o3, o4, o5, o6, o7, o8, o9, o10, o11, o12]);
    let u32s = |v: &[u32]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    let i64s = |v: &[i64]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    let f64s = |v: &[f64]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    let (_, out) = lower_run(
        &f,
        vec![
            u32s(&[7, 0x8000_0000, 1]),
            u32s(&[0, 1, 40]),
            i64s(&[i64::MAX, i64::MIN]),
            i64s(&[2, -1]),
            vec![0, 1],
            vec![1, 1],
            f64s(&[2.0, f64::NAN, -1.0]),
            f32s(&[-1.5, 5e9, 3.7]),
        ],
    );
    let to_u32 = |b: &[u8]| to_i32s(b).iter().map(|&x| x as u32).collect::<Vec<_>>();
    assert_eq!(to_u32(&out[0]), vec![u32::MAX, 0x8000_0000, 0]);
    assert_eq!(to_u32(&out[1]), vec![7, 0x8000_0000, 40]);
    assert_eq!(out[2], vec![0, 0, 1]);
    let to_i64 = |b: &[u8]| {
        b.chunks_exact(8)
            .map(|c| i64::from_le_bytes(c.try_into().unwrap()))
            .collect::<Vec<_>>()
    };
    assert_eq!(to_i64(&out[3]), vec![-2, i64::MIN]);
    assert_eq!(to_i64(&out[4]), vec![1, 0]);
    assert_eq!(out[5], vec![1, 0]);
    assert_eq!(out[6], vec![1, 0]);
    let to_f64s = |b: &[u8]| {
        b.chunks_exact(8)
            .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
            .collect::<Vec<_>>()
    };
    let mx = to_f64s(&out[7]);
    assert!(mx[0] == 2.0 && mx[1].is_nan() && mx[2] == -1.0);
    let sq = to_f64s(&out[8]);
    assert!(sq[0] == 2f64.sqrt() && sq[2].is_nan());
    assert_eq!(to_u32(&out[9]), vec![0, u32::MAX, 3]);
    assert_eq!(to_u32(&out[10]), vec![29, 0, 31]);
    assert_eq!(to_u32(&out[11]), vec![3, 1, 1]);
    assert_eq!(to_u32(&out[12]), vec![7, 0x4000_0000, 0]);
}

#[test]
fn aliased_output_is_not_written_before_input_is_read() {
    // out0 = x + 1 aliases x, but x is read again afterwards (by out1 = x * x).
    let mut b = FB::new();
    let x = b.param(DType::F32, &[4]);
    b.f.arg_attrs[0].push(("tf.aliasing_output".into(), Attr::Int(0)));
    b.f.arg_attrs[0].push(("jax.arg_info".into(), Attr::String("x".into())));
    let one = b.constant(DType::F32, &[], f32s(&[1.0]));
    let ob = b.op(
        Opcode::BroadcastInDim {
            broadcast_dimensions: vec![],
        },
        &[one],
        DType::F32,
        &[4],
    );
    let s = b.bin(BinaryOp::Add, x, ob);
    let m = b.bin(BinaryOp::Mul, x, x);
    let mut f = b.ret(&[s, m]);
    f.result_attrs[1].push(("jax.result_info".into(), Attr::String("sq".into())));
    let p = lower(&f, &Target::host()).unwrap();
    assert_eq!(p.signature.outputs[0].alias_of_input, Some(0));
    assert_eq!(p.signature.inputs[0].name, "x");
    assert_eq!(p.signature.outputs[1].name, "sq");
    // Emulate donation: the output 0 buffer is the input's memory.
    let mut last_read = 0;
    let mut first_write = usize::MAX;
    for (i, st) in p.steps.iter().enumerate() {
        for_each_bufref_ref(st, &p.kernels, |b, w| {
            if b.region == MemRegion::Input(0) {
                last_read = i;
            }
            if b.region == MemRegion::Output(0) && w {
                first_write = first_write.min(i);
            }
        });
    }
    assert!(first_write > last_read);
    let out = run(&p, vec![f32s(&[1., 2., 3., 4.])]);
    assert_eq!(to_f32s(&out[0]), vec![2., 3., 4., 5.]);
    assert_eq!(to_f32s(&out[1]), vec![1., 4., 9., 16.]);
}

#[test]
fn reduce_over_empty_dim_gives_init() {
    let mut b = FB::new();
    let x = b.param(DType::F32, &[2, 0]);
    let z = b.constant(DType::F32, &[], f32s(&[5.0]));
    let reg = b.binary_region(DType::F32, BinaryOp::Add);
    let r = b.op_multi(
        Opcode::Reduce {
            dimensions: vec![1],
        },
        &[x, z],
        vec![TensorType::new(DType::F32, [2])],
        vec![reg],
    );
    let f = b.ret(&r);
    let (_, out) = lower_run(&f, vec![vec![]]);
    assert_eq!(to_f32s(&out[0]), vec![5., 5.]);
}

proptest::proptest! {
    /// Random DAGs of elementwise ops whose values are reused (so many are materialized
    /// in the arena): a plan that let two live buffers overlap would corrupt the result.
    #[test]
    fn random_dags_match_reference(
        ops in proptest::collection::vec((0usize..4, 0usize..100, 0usize..100), 1..25),
        ret in proptest::collection::vec(0usize..100, 1..4),
    ) {
        let n = 16;
        let mut b = FB::new();
        let x = b.param(DType::F32, &[n as i64]);
        let mut vals = vec![x];
        let xs: Vec<f32> = (0..n).map(|i| i as f32 * 0.25 - 1.0).collect();
        let mut refs = vec![xs.clone()];
        for &(kind, a, c) in &ops {
            let (a, c) = (a % vals.len(), c % vals.len());
            let (op, f): (BinaryOp, fn(f32, f32) -> f32) = match kind {
                0 => (BinaryOp::Add, |p, q| p + q),
                1 => (BinaryOp::Sub, |p, q| p - q),
                2 => (BinaryOp::Mul, |p, q| p * q),
                _ => (BinaryOp::Max, f32::max),
            };
            let v = b.bin(op, vals[a], vals[c]);
            let r: Vec<f32> = refs[a].iter().zip(&refs[c]).map(|(&p, &q)| f(p, q)).collect();
            vals.push(v);
            refs.push(r);
        }
        let picks: Vec<usize> = ret.iter().map(|&r| r % vals.len()).collect();
        let f = b.ret(&picks.iter().map(|&i| vals[i]).collect::<Vec<_>>());
        let (_, out) = lower_run(&f, vec![f32s(&xs)]);
        for (o, &i) in out.iter().zip(&picks) {
            let got = to_f32s(o);
            for (g, w) in got.iter().zip(&refs[i]) {
                proptest::prop_assert!(g == w || g.is_nan() && w.is_nan(), "{} vs {}", g, w);
            }
        }
    }
}

#[test]
fn reshape_of_buffer_is_a_view() {
    // dot(reshape(x), y): the reshape shares x's buffer, no copy kernel.
    let mut b = FB::new();
    let x = b.param(DType::F32, &[2, 2, 3]);
    let y = b.param(DType::F32, &[3, 2]);
    let r = b.op(Opcode::Reshape, &[x], DType::F32, &[4, 3]);
    let d = b.op(
        Opcode::DotGeneral(Box::new(dd(&[], &[], &[1], &[0]))),
        &[r, y],
        DType::F32,
        &[4, 2],
    );
    let e = b.op(Opcode::Reshape, &[d], DType::F32, &[8]);
    let n = b.op(Opcode::Unary(UnaryOp::Neg), &[e], DType::F32, &[8]);
    let f = b.ret(&[n]);
    let (p, out) = lower_run(
        &f,
        vec![f32s(&iota_f32(12)), f32s(&[1., 0., 0., 1., 1., 1.])],
    );
    assert_eq!(dispatches(&p), 1);
    assert_eq!(
        to_f32s(&out[0]),
        vec![-2., -3., -8., -9., -14., -15., -20., -21.]
    );
}

#[test]
fn mlp_layer_with_bias_relu_and_sum() {
    // y = relu(x @ w + b); out = sum(y, axis=1)
    let mut b = FB::new();
    let x = b.param(DType::F32, &[2, 3]);
    let w = b.param(DType::F32, &[3, 4]);
    let bias = b.param(DType::F32, &[4]);
    let d = b.op(
        Opcode::DotGeneral(Box::new(dd(&[], &[], &[1], &[0]))),
        &[x, w],
        DType::F32,
        &[2, 4],
    );
    let bb = b.op(
        Opcode::BroadcastInDim {
            broadcast_dimensions: vec![1],
        },
        &[bias],
        DType::F32,
        &[2, 4],
    );
    let s = b.bin(BinaryOp::Add, d, bb);
    let z = b.constant(DType::F32, &[], f32s(&[0.0]));
    let zb = b.op(
        Opcode::BroadcastInDim {
            broadcast_dimensions: vec![],
        },
        &[z],
        DType::F32,
        &[2, 4],
    );
    let y = b.bin(BinaryOp::Max, s, zb);
    let reg = b.binary_region(DType::F32, BinaryOp::Add);
    let r = b.op_multi(
        Opcode::Reduce {
            dimensions: vec![1],
        },
        &[y, z],
        vec![TensorType::new(DType::F32, [2])],
        vec![reg],
    );
    let f = b.ret(&[y, r[0]]);
    let xs = [1., -2., 3., 0., 1., -1.];
    let ws: Vec<f32> = (0..12).map(|i| (i % 5) as f32 - 2.0).collect();
    let bs = [0.5, -0.5, 1.0, -10.0];
    let (p, out) = lower_run(&f, vec![f32s(&xs), f32s(&ws), f32s(&bs)]);
    let mut want = vec![0f32; 8];
    for i in 0..2 {
        for j in 0..4 {
            let mut acc = bs[j];
            for k in 0..3 {
                acc += xs[i * 3 + k] * ws[k * 4 + j];
            }
            want[i * 4 + j] = acc.max(0.0);
        }
    }
    assert_eq!(to_f32s(&out[0]), want);
    let sums: Vec<f32> = want.chunks(4).map(|c| c.iter().sum()).collect();
    assert_eq!(to_f32s(&out[1]), sums);
    // The gemm adds the bias and applies the ReLU (writing y's output), then the reduce.
    assert_eq!(p.steps.len(), 2);
    let Step::Gemm(g) = &p.steps[0] else {
        panic!("{:?}", p.steps[0]);
    };
    assert_eq!(g.epilogue.activation, Activation::Relu);
    assert_eq!(g.epilogue.bias.map(|b| b.region), Some(MemRegion::Input(2)));
    assert_eq!(g.out.buf.region, MemRegion::Output(0));
}

#[test]
fn f16_dot_and_mixed_precision_convert() {
    // bf16 x bf16 -> f32 (preferred element type): operands converted for the Gemm.
    let mut b = FB::new();
    let x = b.param(DType::BF16, &[2, 2]);
    let y = b.param(DType::BF16, &[2, 2]);
    let d = b.op(
        Opcode::DotGeneral(Box::new(dd(&[], &[], &[1], &[0]))),
        &[x, y],
        DType::F32,
        &[2, 2],
    );
    let f = b.ret(&[d]);
    let enc = |v: &[f32]| {
        v.iter()
            .flat_map(|&x| half::bf16::from_f32(x).to_bits().to_le_bytes())
            .collect::<Vec<u8>>()
    };
    let (_, out) = lower_run(&f, vec![enc(&[1., 2., 3., 4.]), enc(&[1., 0., 0.5, 1.])]);
    assert_eq!(to_f32s(&out[0]), vec![2., 2., 5., 4.]);
}

#[test]
fn reduce_window_dilated_window_and_stride() {
    let mut b = FB::new();
    let x = b.param(DType::F32, &[6]);
    let z = b.constant(DType::F32, &[], f32s(&[0.0]));
    let reg = b.binary_region(DType::F32, BinaryOp::Add);
    let mut w = window(&[2], &[1], &[(0, 0)]);
    w.window_dilations = vec![2];
    let r = b.op_multi(
        Opcode::ReduceWindow(Box::new(w)),
        &[x, z],
        vec![TensorType::new(DType::F32, [4])],
        vec![reg.clone()],
    );
    let w2 = window(&[3], &[2], &[(2, 1)]);
    // padded: [p, p, 0, 1, 2, 3, 4, 5, p] windows at 0, 2, 4, 6
    let r2 = b.op_multi(
        Opcode::ReduceWindow(Box::new(w2)),
        &[x, z],
        vec![TensorType::new(DType::F32, [4])],
        vec![reg],
    );
    let f = b.ret(&[r[0], r2[0]]);
    let (_, out) = lower_run(&f, vec![f32s(&iota_f32(6))]);
    assert_eq!(to_f32s(&out[0]), vec![2., 4., 6., 8.]);
    assert_eq!(to_f32s(&out[1]), vec![0., 3., 9., 9.]);
}

#[test]
fn bool_and_widening_integer_dots() {
    let mut b = FB::new();
    let p = b.param(DType::I1, &[2, 2]);
    let q = b.param(DType::I1, &[2, 2]);
    let pq = b.op(
        Opcode::DotGeneral(Box::new(dd(&[], &[], &[1], &[0]))),
        &[p, q],
        DType::I1,
        &[2, 2],
    );
    let x = b.param(DType::I8, &[1, 2]);
    let y = b.param(DType::I8, &[2, 1]);
    let xy = b.op(
        Opcode::DotGeneral(Box::new(dd(&[], &[], &[1], &[0]))),
        &[x, y],
        DType::I32,
        &[1, 1],
    );
    let f = b.ret(&[pq, xy]);
    let (_, out) = lower_run(
        &f,
        vec![
            vec![1, 0, 1, 1],
            vec![0, 1, 1, 0],
            vec![100, 100],
            vec![100, 100],
        ],
    );
    assert_eq!(out[0], vec![0, 1, 1, 1]);
    assert_eq!(to_i32s(&out[1]), vec![20000]);
}

#[test]
fn integer_conv_uses_conv_step() {
    let mut b = FB::new();
    let x = b.param(DType::I32, &[1, 3, 1, 1]);
    let k = b.param(DType::I32, &[2, 1, 1, 1]);
    let attrs = conv_attrs(
        [0, 3, 1, 2],
        [2, 3, 0, 1],
        [0, 3, 1, 2],
        &[1, 1],
        &[(0, 0); 2],
        &[1, 1],
        &[1, 1],
        1,
    );
    let y = b.op(
        Opcode::Convolution(Box::new(attrs)),
        &[x, k],
        DType::I32,
        &[1, 2, 1, 1],
    );
    let f = b.ret(&[y]);
    let (p, out) = lower_run(&f, vec![i32s(&[1, 2, 3]), i32s(&[10, 1])]);
    assert!(matches!(p.steps[0], Step::Conv(ref c) if c.dtype == DType::I32));
    assert_eq!(to_i32s(&out[0]), vec![12, 23]);
}

#[test]
fn pad_and_slice_fuse_into_consumer() {
    let mut b = FB::new();
    let x = b.param(DType::F32, &[4]);
    let pv = b.constant(DType::F32, &[], f32s(&[0.0]));
    let p = b.op(
        Opcode::Pad {
            low: vec![1],
            high: vec![1],
            interior: vec![0],
        },
        &[x, pv],
        DType::F32,
        &[6],
    );
    let s = b.op(
        Opcode::Slice {
            start: vec![0],
            limit: vec![6],
            strides: vec![2],
        },
        &[p],
        DType::F32,
        &[3],
    );
    let e = b.op(Opcode::Unary(UnaryOp::Abs), &[s], DType::F32, &[3]);
    let f = b.ret(&[e]);
    let (p, out) = lower_run(&f, vec![f32s(&[-1., -2., -3., -4.])]);
    assert_eq!(dispatches(&p), 1);
    assert_eq!(to_f32s(&out[0]), vec![0., 2., 4.]);
}

#[test]
fn transposed_gemm_operand_is_read_in_place() {
    // dot(transpose(x), y) with x: [3, 2] -> x^T: [2, 3]; y: [3, 2].
    let mut b = FB::new();
    let x = b.param(DType::F32, &[3, 2]);
    let y = b.param(DType::F32, &[3, 2]);
    let t = b.op(
        Opcode::Transpose {
            permutation: vec![1, 0],
        },
        &[x],
        DType::F32,
        &[2, 3],
    );
    let d = b.op(
        Opcode::DotGeneral(Box::new(dd(&[], &[], &[1], &[0]))),
        &[t, y],
        DType::F32,
        &[2, 2],
    );
    // A fused elementwise operand goes through one relayout kernel.
    let e = b.op(Opcode::Unary(UnaryOp::Neg), &[y], DType::F32, &[3, 2]);
    let d2 = b.op(
        Opcode::DotGeneral(Box::new(dd(&[], &[], &[1], &[0]))),
        &[t, e],
        DType::F32,
        &[2, 2],
    );
    let f = b.ret(&[d, d2]);
    let (p, out) = lower_run(
        &f,
        vec![f32s(&iota_f32(6)), f32s(&[1., 0., 0., 1., 1., 1.])],
    );
    // x^T = [[0, 2, 4], [1, 3, 5]]
    assert_eq!(to_f32s(&out[0]), vec![4., 6., 6., 8.]);
    assert_eq!(to_f32s(&out[1]), vec![-4., -6., -6., -8.]);
    assert_eq!(dispatches(&p), 1);
}

#[test]
fn concatenate_fused_and_piecewise() {
    let mut b = FB::new();
    let x = b.param(DType::F32, &[1, 2]);
    let y = b.param(DType::F32, &[2, 2]);
    let c = b.op(
        Opcode::Concatenate { dimension: 0 },
        &[y, x],
        DType::F32,
        &[3, 2],
    );
    let n = b.op(Opcode::Unary(UnaryOp::Neg), &[c], DType::F32, &[3, 2]);
    let c2 = b.op(
        Opcode::Concatenate { dimension: 0 },
        &[n, n],
        DType::F32,
        &[6, 2],
    );
    let f = b.ret(&[c2]);
    let (p, out) = lower_run(&f, vec![f32s(&[1., 2.]), f32s(&[3., 4., 5., 6.])]);
    // n (fused concat inside), then one kernel per piece of c2.
    assert_eq!(dispatches(&p), 3);
    assert_eq!(to_f32s(&out[0]), [-3., -4., -5., -6., -1., -2.].repeat(2));
}

#[test]
fn concatenate_along_the_innermost_dim_is_written_piecewise() {
    // Used once, but along the last dimension: each piece is copied by its own kernel
    // and the consumer reads one buffer (fused, every lane would pick its piece alone).
    for (xs, ys) in [(&[3usize, 1][..], &[3usize, 2][..]), (&[5][..], &[3][..])] {
        let rank = xs.len();
        let mut out_shape = xs.to_vec();
        out_shape[rank - 1] += ys[rank - 1];
        let i64s = |s: &[usize]| s.iter().map(|&d| d as i64).collect::<Vec<_>>();
        let mut b = FB::new();
        let x = b.param(DType::F32, &i64s(xs));
        let y = b.param(DType::F32, &i64s(ys));
        let c = b.op(
            Opcode::Concatenate {
                dimension: rank as i64 - 1,
            },
            &[x, y],
            DType::F32,
            &i64s(&out_shape),
        );
        let n = b.op(
            Opcode::Unary(UnaryOp::Neg),
            &[c],
            DType::F32,
            &i64s(&out_shape),
        );
        let f = b.ret(&[n]);
        let xv = iota_f32(xs.iter().product());
        let yv: Vec<f32> = (0..ys.iter().product::<usize>())
            .map(|i| 100. + i as f32)
            .collect();
        let (p, out) = lower_run(&f, vec![f32s(&xv), f32s(&yv)]);
        assert_eq!(dispatches(&p), 3, "{xs:?} ++ {ys:?}");
        let (xw, yw) = (xs[rank - 1], ys[rank - 1]);
        let rows = xv.len() / xw;
        let want: Vec<f32> = (0..rows)
            .flat_map(|r| {
                let (xr, yr) = (&xv[r * xw..][..xw], &yv[r * yw..][..yw]);
                xr.iter().chain(yr).map(|v| -v).collect::<Vec<_>>()
            })
            .collect();
        assert_eq!(to_f32s(&out[0]), want, "{xs:?} ++ {ys:?}");
    }
}

#[test]
fn returned_reshape_of_param_is_a_copy() {
    let mut b = FB::new();
    let x = b.param(DType::F32, &[2, 3]);
    let r = b.op(Opcode::Reshape, &[x], DType::F32, &[3, 2]);
    let f = b.ret(&[r]);
    let (p, out) = lower_run(&f, vec![f32s(&iota_f32(6))]);
    assert!(matches!(p.steps.as_slice(), [Step::Copy { .. }]));
    assert_eq!(to_f32s(&out[0]), iota_f32(6));
}

/// A pool whose windows do not overlap reads each element once, so the bias + ReLU before
/// it is computed inside its kernel; overlapping windows (stride 1) and dilated ones keep
/// the producer in a buffer of its own. Each checked against the evaluator.
#[test]
fn producer_fuses_into_a_pool_without_overlap() {
    use crate::compiler::eval::literal_from_f64;
    for (window, stride, dilation, out, kernels) in [
        (2, 2, 1, 3, 1),
        (2, 3, 1, 2, 1),
        (2, 1, 1, 5, 2),
        (2, 2, 2, 2, 2),
    ] {
        let src = format!(
            r#"
func.func public @main(%x: tensor<6x6x4xf32>, %b: tensor<4xf32>) -> tensor<{out}x{out}x4xf32> {{
  %bb = stablehlo.broadcast_in_dim %b, dims = [2] : (tensor<4xf32>) -> tensor<6x6x4xf32>
  %s = stablehlo.add %x, %bb : tensor<6x6x4xf32>
  %z = stablehlo.constant dense<0.000000e+00> : tensor<6x6x4xf32>
  %r = stablehlo.maximum %s, %z : tensor<6x6x4xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %p = "stablehlo.reduce_window"(%r, %ninf) <{{window_dimensions = array<i64: {window}, {window}, 1>, window_strides = array<i64: {stride}, {stride}, 1>, window_dilations = array<i64: {dilation}, {dilation}, 1>}}> ({{
  ^bb0(%a: tensor<f32>, %c: tensor<f32>):
    %m = stablehlo.maximum %a, %c : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }}) : (tensor<6x6x4xf32>, tensor<f32>) -> tensor<{out}x{out}x4xf32>
  return %p : tensor<{out}x{out}x4xf32>
}}"#
        );
        let xs: Vec<f64> = (0..144).map(|i| ((i * 37 % 29) as f64) - 14.0).collect();
        let args = [
            literal_from_f64(TensorType::new(DType::F32, [6, 6, 4]), &xs),
            literal_from_f64(TensorType::new(DType::F32, [4]), &[0.5, -3.5, 1.0, -20.0]),
        ];
        let (_, p) = three_ways(&src, &args);
        assert_eq!(
            dispatches(&p),
            kernels,
            "window {window} stride {stride} dilation {dilation}"
        );
    }
}

#[test]
fn exact_gelu_between_dots_is_one_kernel() {
    use crate::compiler::eval::literal_from_f64;
    // jax.nn.gelu(approximate=False) as jax prints it: `chlo.erfc` expands into a DAG whose
    // values (x, x^2, |x|, the clamped tail) each feed several selects and polynomials.
    // All of them are computed at each point of the one kernel writing the second dot's
    // operand, each once (shared nodes), not stored in kernels of their own.
    let src = r#"
func.func public @main(%x: tensor<5x12xf32>, %w: tensor<12x20xf32>, %b: tensor<20xf32>, %v: tensor<20x3xf32>) -> tensor<5x3xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<5x12xf32>, tensor<12x20xf32>) -> tensor<5x20xf32>
  %1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<20xf32>) -> tensor<5x20xf32>
  %2 = stablehlo.add %0, %1 : tensor<5x20xf32>
  %h = stablehlo.constant dense<5.000000e-01> : tensor<5x20xf32>
  %3 = stablehlo.multiply %h, %2 : tensor<5x20xf32>
  %4 = stablehlo.negate %2 : tensor<5x20xf32>
  %s = stablehlo.constant dense<0.707106769> : tensor<5x20xf32>
  %5 = stablehlo.multiply %4, %s : tensor<5x20xf32>
  %6 = chlo.erfc %5 : tensor<5x20xf32> -> tensor<5x20xf32>
  %7 = stablehlo.multiply %3, %6 : tensor<5x20xf32>
  %8 = stablehlo.dot_general %7, %v, contracting_dims = [1] x [0] : (tensor<5x20xf32>, tensor<20x3xf32>) -> tensor<5x3xf32>
  return %8 : tensor<5x3xf32>
}"#;
    let ramp = |n: usize, s: f64| -> Vec<f64> {
        (0..n).map(|i| ((i * 7 % 23) as f64 - 11.0) * s).collect()
    };
    let args = [
        literal_from_f64(TensorType::new(DType::F32, [5, 12]), &ramp(60, 0.3)),
        literal_from_f64(TensorType::new(DType::F32, [12, 20]), &ramp(240, 0.1)),
        literal_from_f64(TensorType::new(DType::F32, [20]), &ramp(20, 0.2)),
        literal_from_f64(TensorType::new(DType::F32, [20, 3]), &ramp(60, 0.05)),
    ];
    // exp is the evaluator's libm and the compiled code's vmath (<= 3 ulp): close, not
    // bit-identical.
    let module = frontend::parse(src.as_bytes()).expect("parse");
    let mut f = passes::inline::inline_entry(&module).expect("inline");
    let want = eval_func(&f, &args).expect("eval").remove(0);
    let pjx =
        compile_module(&module, &Options::default(), &mut Timings::default()).expect("compile");
    let got = run_native(pjx, &args).remove(0);
    for i in 0..15 {
        let g = f32::from_le_bytes(got[4 * i..4 * i + 4].try_into().unwrap()) as f64;
        let w = want.element_f64(i);
        assert!((g - w).abs() <= 1e-5 * (1.0 + w.abs()), "{i}: {g} vs {w}");
    }
    passes::fold::fold(&mut f).expect("fold");
    passes::cse::cse(&mut f);
    passes::dce::dce(&mut f);
    let p = lower(&f, &Target::host()).expect("lower");
    assert_eq!(dispatches(&p), 1, "{:?}", p.steps);
}

/// Group norm over NHWC as JAX writes it: channels split into groups by a reshape,
/// statistics over (H, W, channel in group), the normalized values reshaped back. The
/// kernel that normalizes reads the split value at `(c / g, c % g)` of its reshaped
/// buffer; those coordinates rejoin to `c`, and the statistics' `c / g` is computed per
/// lane, so the kernel runs on lanes (it had run one scalar point at a time). Odd sizes:
/// 3 groups of 5 channels, so a vector's lanes straddle groups. Results within a few ulp
/// of the reference (the sums fold in another order).
#[test]
fn group_norm_through_a_channel_split_runs_on_lanes() {
    let src = r#"
func.func public @main(%x: tensor<2x3x7x15xf32>) -> tensor<2x3x7x15xf32> {
  %0 = stablehlo.reshape %x : (tensor<2x3x7x15xf32>) -> tensor<2x3x7x3x5xf32>
  %z = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %s = stablehlo.reduce(%0 init: %z) applies stablehlo.add across dimensions = [1, 2, 4] : (tensor<2x3x7x3x5xf32>, tensor<f32>) -> tensor<2x3xf32>
  %n = stablehlo.constant dense<0.00952380952> : tensor<2x3xf32>
  %m = stablehlo.multiply %s, %n : tensor<2x3xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0, 3] : (tensor<2x3xf32>) -> tensor<2x3x7x3x5xf32>
  %d = stablehlo.subtract %0, %mb : tensor<2x3x7x3x5xf32>
  %q = stablehlo.multiply %d, %d : tensor<2x3x7x3x5xf32>
  %v = stablehlo.reduce(%q init: %z) applies stablehlo.add across dimensions = [1, 2, 4] : (tensor<2x3x7x3x5xf32>, tensor<f32>) -> tensor<2x3xf32>
  %vm = stablehlo.multiply %v, %n : tensor<2x3xf32>
  %e = stablehlo.constant dense<1.000000e-05> : tensor<2x3xf32>
  %ve = stablehlo.add %vm, %e : tensor<2x3xf32>
  %r = stablehlo.rsqrt %ve : tensor<2x3xf32>
  %rb = stablehlo.broadcast_in_dim %r, dims = [0, 3] : (tensor<2x3xf32>) -> tensor<2x3x7x3x5xf32>
  %y = stablehlo.multiply %d, %rb : tensor<2x3x7x3x5xf32>
  %o = stablehlo.reshape %y : (tensor<2x3x7x3x5xf32>) -> tensor<2x3x7x15xf32>
  %l = stablehlo.logistic %o : tensor<2x3x7x15xf32>
  %w = stablehlo.multiply %o, %l : tensor<2x3x7x15xf32>
  return %w : tensor<2x3x7x15xf32>
}
"#;
    let module = frontend::parse(src.as_bytes()).expect("parse");
    let mut f = passes::inline::inline_entry(&module).expect("inline");
    passes::fold::fold(&mut f).expect("fold");
    passes::cse::cse(&mut f);
    passes::dce::dce(&mut f);
    let p = lower(&f, &Target::host()).expect("lower");
    // The kernel writing the result (4-d, the program's shape) runs on lanes.
    let out = p
        .kernels
        .iter()
        .find(|k| k.domain == [2, 3, 7, 15])
        .expect("a kernel over the result");
    assert!(crate::compiler::codegen::is_vectorized(out));
    let n = 2 * 3 * 7 * 15;
    let xs: Vec<f64> = (0..n)
        .map(|i| ((i * 37) % 101) as f64 / 13.0 - 3.0)
        .collect();
    let x =
        crate::compiler::eval::literal_from_f64(TensorType::new(DType::F32, [2, 3, 7, 15]), &xs);
    let want = eval_func(&f, std::slice::from_ref(&x)).expect("eval");
    let pjx =
        compile_module(&module, &Options::default(), &mut Timings::default()).expect("compile");
    let got = run_native(pjx, std::slice::from_ref(&x));
    let (want, got) = (to_f32s(&want[0].bytes), to_f32s(&got[0]));
    for (i, (a, b)) in want.iter().zip(&got).enumerate() {
        assert!(
            (a - b).abs() <= 2e-6 * a.abs().max(1.0),
            "at {i}: {a} vs {b}"
        );
    }
}

/// Coordinates that a reshape split and a later one merges again fold back into the
/// coordinate (`(x / k) * k + x % k` is `x`; three levels too), and a buffer read at
/// split coordinates is indexed by the rejoined one; pairs that are not a split stay.
#[test]
fn split_coordinates_rejoin() {
    use super::builder::{ibin, imul_c};
    let mut body = Body::default();
    let x = body.push(Node::Index(0), DType::I64);
    let c = |body: &mut Body, v: i64| body.index_const(v);
    let (k4, k6, k24) = (c(&mut body, 4), c(&mut body, 6), c(&mut body, 24));
    // (x / 24, (x / 4) % 6, x % 4) of a [.., 6, 4] split.
    let hi = ibin(&mut body, BinaryOp::Div, x, k24);
    let x4 = ibin(&mut body, BinaryOp::Div, x, k4);
    let mid = ibin(&mut body, BinaryOp::Rem, x4, k6);
    let lo = ibin(&mut body, BinaryOp::Rem, x, k4);
    let t0 = imul_c(&mut body, hi, 24);
    let t1 = imul_c(&mut body, mid, 4);
    let s = ibin(&mut body, BinaryOp::Add, t0, t1);
    let back = ibin(&mut body, BinaryOp::Add, s, lo);
    assert_eq!(back, x, "{:?}", body.nodes);
    // A pair from different values stays a sum.
    let y = body.push(Node::Index(1), DType::I64);
    let ylo = ibin(&mut body, BinaryOp::Rem, y, k4);
    let x4m = imul_c(&mut body, x4, 4);
    let other = ibin(&mut body, BinaryOp::Add, x4m, ylo);
    assert!(matches!(
        body.nodes[other.index()],
        Node::Binary {
            op: BinaryOp::Add,
            ..
        }
    ));
    let (shape, idx) = super::builder::rejoin_splits(&body, &[5, 7, 6, 4], &[y, hi, mid, lo]);
    assert_eq!((shape, idx), (vec![5, 7 * 24], vec![y, x]));
    let (shape, idx) = super::builder::rejoin_splits(&body, &[7, 6, 4], &[hi, mid, ylo]);
    assert_eq!((shape, idx), (vec![7 * 6, 4], vec![x4, ylo]));
}
