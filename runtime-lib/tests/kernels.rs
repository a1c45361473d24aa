//! Gemm and Conv steps run through the Executable, against naive f64 references.
//! Values are small integers, so every dtype (bf16 included) must match exactly.

use pjrtc_runtime::format::*;
use pjrtc_runtime::{DType, Executable, Tensor};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
    fn u(&mut self, lo: u64, hi: u64) -> u64 {
        self.range(lo as i64, hi as i64) as u64
    }
}

fn encode(dtype: DType, vals: &[i64]) -> Vec<u8> {
    let mut out = Vec::new();
    for &v in vals {
        match dtype {
            DType::I1 => out.push((v != 0) as u8),
            DType::I8 | DType::U8 => out.push(v as u8),
            DType::I16 | DType::U16 => out.extend((v as u16).to_le_bytes()),
            DType::I32 | DType::U32 => out.extend((v as u32).to_le_bytes()),
            DType::I64 | DType::U64 => out.extend(v.to_le_bytes()),
            DType::F16 => out.extend(half::f16::from_f64(v as f64).to_le_bytes()),
            DType::BF16 => out.extend(half::bf16::from_f64(v as f64).to_le_bytes()),
            DType::F32 => out.extend((v as f32).to_le_bytes()),
            DType::F64 => out.extend((v as f64).to_le_bytes()),
            // `v + vi`: `(v + vi)(w + wi) = 2vw i`, so a dot's imaginary part is twice the
            // real sum and its real part zero (`decode` reads the half).
            DType::C64 => {
                out.extend((v as f32).to_le_bytes());
                out.extend((v as f32).to_le_bytes());
            }
            DType::C128 => {
                out.extend((v as f64).to_le_bytes());
                out.extend((v as f64).to_le_bytes());
            }
            d if d.is_sub_byte_int() => out.push(d.wrap_int(v.into()) as u8),
            d => out.push(minifloat(d).encode(v as f64) as u8),
        }
    }
    out
}

/// The values of a dot's or a conv's output (complex: half the imaginary part, see
/// `encode`; the real part must be zero).
fn decode(dtype: DType, b: &[u8]) -> Vec<i64> {
    b.chunks(dtype.size())
        .map(|c| match dtype {
            DType::C64 | DType::C128 => {
                let part = dtype.complex_part().unwrap();
                let (re, im) = c.split_at(c.len() / 2);
                assert_eq!(decode(part, re), [0], "real part of a product of v + vi");
                decode(part, im)[0] / 2
            }
            DType::I1 | DType::U8 => c[0] as i64,
            DType::I8 => c[0] as i8 as i64,
            DType::I16 => i16::from_le_bytes(c.try_into().unwrap()) as i64,
            DType::U16 => u16::from_le_bytes(c.try_into().unwrap()) as i64,
            DType::I32 => i32::from_le_bytes(c.try_into().unwrap()) as i64,
            DType::U32 => u32::from_le_bytes(c.try_into().unwrap()) as i64,
            DType::I64 | DType::U64 => i64::from_le_bytes(c.try_into().unwrap()),
            DType::F16 => half::f16::from_le_bytes(c.try_into().unwrap()).to_f64() as i64,
            DType::BF16 => half::bf16::from_le_bytes(c.try_into().unwrap()).to_f64() as i64,
            DType::F32 => f32::from_le_bytes(c.try_into().unwrap()) as i64,
            DType::F64 => f64::from_le_bytes(c.try_into().unwrap()) as i64,
            d if d.is_sub_byte_int() => d.int_value(c[0].into()) as i64,
            d => minifloat(d).decode(c[0].into()) as i64,
        })
        .collect()
}

fn minifloat(d: DType) -> pjrtc_runtime::minifloat::Format {
    d.minifloat()
        .unwrap_or_else(|| panic!("{d} is not a minifloat"))
}

/// What a dot of small values gives in `dtype` (unsigned and sub-byte wrap, bool
/// OR-of-AND; minifloats accumulate exactly in f32 and round the sum once).
fn expect(dtype: DType, sum: i64) -> i64 {
    match dtype {
        d if d.is_sub_byte_int() => d.int_value(d.wrap_int(sum.into())) as i64,
        d if d.minifloat().is_some() => {
            let f = minifloat(d);
            f.decode(f.encode(sum as f64)) as i64
        }
        DType::I1 => (sum != 0) as i64,
        DType::U8 => sum as u8 as i64,
        DType::U16 => sum as u16 as i64,
        DType::U32 => sum as u32 as i64,
        _ => sum,
    }
}

fn values(rng: &mut Rng, dtype: DType, n: usize) -> Vec<i64> {
    let (lo, hi) = match dtype {
        DType::I1 => (0, 1),
        DType::I2 => (-2, 1),
        // Powers of two only, and no zero.
        DType::F8E8M0FNU => (1, 2),
        _ => (-2, 2),
    };
    (0..n).map(|_| rng.range(lo, hi)).collect()
}

fn spec(dtype: DType, n: u64) -> TensorSpec {
    TensorSpec {
        name: String::new(),
        dtype,
        shape: vec![n],
        alias_of_input: None,
    }
}

/// Round-trips through the encoder so the decoder's checks run, then loads.
fn load(p: Pjx) -> Executable {
    let p = Pjx::from_bytes(&p.to_bytes()).unwrap_or_else(|e| panic!("{e}"));
    Executable::from_pjx(p).unwrap()
}

fn artifact(inputs: Vec<TensorSpec>, outputs: Vec<TensorSpec>, steps: Vec<Step>) -> Pjx {
    Pjx {
        producer: "test".into(),
        target: Target {
            triple: String::new(),
            features: vec![],
        },
        signature: Signature { inputs, outputs },
        arena_size: 0,
        constants: Default::default(),
        code: CodeImage::default(),
        kernels: vec![],
        steps,
        ffi_libraries: Vec::new(),
        dynamic: None,
    }
}

fn buf(region: Region, size: u64) -> BufRef {
    BufRef {
        region,
        offset: 0,
        size,
    }
}

/// A random strided layout for `batch x rows x cols`; returns (view strides, elements).
fn layout(rng: &mut Rng, batch: u64, rows: u64, cols: u64) -> ([u64; 3], u64) {
    let pad = rng.u(0, 2);
    let (rs, cs) = if rng.next().is_multiple_of(2) {
        (cols + pad, 1)
    } else {
        (1, rows + pad)
    };
    let mat = if rows == 0 || cols == 0 {
        0
    } else {
        (rows - 1) * rs + (cols - 1) * cs + 1
    };
    let bs = mat + rng.u(0, 3);
    let n = if mat == 0 || batch == 0 {
        0
    } else {
        (batch - 1) * bs + mat
    };
    ([bs, rs, cs], n)
}

#[test]
fn gemm_matches_reference() {
    let mut rng = Rng(42);
    for case in 0..400 {
        let dtype = DType::ALL[case % DType::ALL.len()];
        let (batch, m, n, k) = (rng.u(1, 3), rng.u(0, 7), rng.u(0, 7), rng.u(0, 9));
        let size = dtype.size() as u64;
        let (ls, ln) = layout(&mut rng, batch, m, k);
        let (rs, rn) = layout(&mut rng, batch, k, n);
        let (mut os, on) = layout(&mut rng, batch, m, n);
        if os[0] == 0 {
            os[0] = on; // output batches must not collide
        }
        let on = if batch == 0 || m == 0 || n == 0 {
            0
        } else {
            (batch - 1) * os[0] + (m - 1) * os[1] + (n - 1) * os[2] + 1
        };
        let view = |region, s: [u64; 3], elems: u64| MatrixView {
            buf: buf(region, elems * size),
            batch_stride: s[0],
            row_stride: s[1],
            col_stride: s[2],
        };
        let g = Gemm {
            dtype,
            lhs_dtype: dtype,
            rhs_dtype: dtype,
            batch,
            m,
            n,
            k,
            lhs: view(Region::Input(0), ls, ln),
            rhs: view(Region::Input(1), rs, rn),
            out: view(Region::Output(0), os, on),
            epilogue: Epilogue::default(),
            extents: [None; 4],
        };
        let exe = load(artifact(
            vec![spec(dtype, ln), spec(dtype, rn)],
            vec![spec(dtype, on)],
            vec![Step::Gemm(g)],
        ));
        let a = values(&mut rng, dtype, ln as usize);
        let b = values(&mut rng, dtype, rn as usize);
        let ta = Tensor::from_bytes(dtype, &[ln], &encode(dtype, &a)).unwrap();
        let tb = Tensor::from_bytes(dtype, &[rn], &encode(dtype, &b)).unwrap();
        let out = exe.run(&[&ta, &tb]).unwrap();
        let got = decode(dtype, out[0].bytes());
        let mut want = vec![0i64; on as usize];
        for bi in 0..batch {
            for i in 0..m {
                for j in 0..n {
                    let mut s = 0i64;
                    for p in 0..k {
                        let av = a[(bi * ls[0] + i * ls[1] + p * ls[2]) as usize];
                        let bv = b[(bi * rs[0] + p * rs[1] + j * rs[2]) as usize];
                        s += av * bv;
                    }
                    want[(bi * os[0] + i * os[1] + j * os[2]) as usize] = expect(dtype, s);
                }
            }
        }
        assert_eq!(got, want, "case {case}: {dtype} b{batch} m{m} n{n} k{k}");
    }
}

struct ConvCase {
    c: Conv,
    input: Vec<i64>,
    kernel: Vec<i64>,
}

fn out_dim(i: u64, k: u64, s: u64, (lo, hi): (i64, i64), ld: u64, rd: u64) -> u64 {
    let di = if i == 0 {
        0
    } else {
        (i as i64 - 1) * ld as i64 + 1
    };
    let dk = if k == 0 {
        0
    } else {
        (k as i64 - 1) * rd as i64 + 1
    };
    let p = di + lo + hi;
    if p < dk || p <= 0 {
        0
    } else {
        ((p - dk) / s as i64 + 1) as u64
    }
}

fn unflatten(mut x: u64, dims: &[u64]) -> Vec<u64> {
    let mut v = vec![0; dims.len()];
    for d in (0..dims.len()).rev() {
        v[d] = x % dims[d];
        x /= dims[d];
    }
    v
}

/// StableHLO convolution semantics, written from the spec independently of the kernel.
fn conv_reference(t: &ConvCase) -> Vec<i64> {
    let c = &t.c;
    let (fg, bg) = (c.feature_groups, c.batch_groups);
    let ob_n = c.batch / bg;
    let cg = c.in_features / fg;
    let r = c.in_spatial.len();
    let o_pix: u64 = c.out_spatial.iter().product();
    let k_pix: u64 = c.kernel_spatial.iter().product();
    let in_pix: u64 = c.in_spatial.iter().product();
    let mut out = vec![0i64; (ob_n * o_pix * c.out_features) as usize];
    for ob in 0..ob_n {
        for op in 0..o_pix {
            let opos = unflatten(op, &c.out_spatial);
            for of in 0..c.out_features {
                let (ib, c0) = if bg > 1 {
                    (of / (c.out_features / bg) * ob_n + ob, 0)
                } else {
                    (ob, of / (c.out_features / fg) * cg)
                };
                let mut s = 0;
                for kp in 0..k_pix {
                    let kpos = unflatten(kp, &c.kernel_spatial);
                    let mut ipix = Some(0u64);
                    for d in 0..r {
                        let t = (opos[d] * c.strides[d] + kpos[d] * c.rhs_dilation[d]) as i64;
                        let u = t - c.padding[d].0;
                        let ld = c.lhs_dilation[d] as i64;
                        if u < 0 || u % ld != 0 || u / ld >= c.in_spatial[d] as i64 {
                            ipix = None;
                        } else if let Some(p) = ipix {
                            ipix = Some(p * c.in_spatial[d] + (u / ld) as u64);
                        }
                    }
                    let Some(ipix) = ipix else { continue };
                    for ci in 0..cg {
                        let x = t.input[((ib * in_pix + ipix) * c.in_features + c0 + ci) as usize];
                        let w = t.kernel[((kp * cg + ci) * c.out_features + of) as usize];
                        s += x * w;
                    }
                }
                out[((ob * o_pix + op) * c.out_features + of) as usize] = expect(c.dtype, s);
            }
        }
    }
    out
}

fn random_conv(rng: &mut Rng, dtype: DType) -> ConvCase {
    let r = rng.u(1, 3) as usize;
    let (mut fg, mut bg) = (1, 1);
    match rng.next() % 3 {
        0 => fg = rng.u(1, 3),
        1 => bg = rng.u(1, 3),
        _ => {}
    }
    let groups = fg * bg;
    let batch = rng.u(1, 2) * bg;
    let in_features = rng.u(1, 3) * fg;
    let out_features = rng.u(1, 2) * groups;
    let small = r == 3;
    let mut c = Conv {
        dtype,
        input: buf(Region::Input(0), 0),
        kernel: buf(Region::Input(1), 0),
        output: buf(Region::Output(0), 0),
        batch,
        in_features,
        out_features,
        in_spatial: vec![],
        kernel_spatial: vec![],
        out_spatial: vec![],
        strides: vec![],
        padding: vec![],
        lhs_dilation: vec![],
        rhs_dilation: vec![],
        feature_groups: fg,
        batch_groups: bg,
        epilogue: Default::default(),
        extent: None,
    };
    for _ in 0..r {
        let i = rng.u(1, if small { 3 } else { 6 });
        let k = rng.u(1, 3);
        let s = rng.u(1, 3);
        let pad = (rng.range(-1, 2), rng.range(-1, 2));
        let ld = rng.u(1, 2);
        let rd = rng.u(1, 2);
        c.in_spatial.push(i);
        c.kernel_spatial.push(k);
        c.strides.push(s);
        c.padding.push(pad);
        c.lhs_dilation.push(ld);
        c.rhs_dilation.push(rd);
        c.out_spatial.push(out_dim(i, k, s, pad, ld, rd));
    }
    let n_in = batch * c.in_spatial.iter().product::<u64>() * in_features;
    let n_k = c.kernel_spatial.iter().product::<u64>() * (in_features / fg) * out_features;
    let n_out = batch / bg * c.out_spatial.iter().product::<u64>() * out_features;
    let size = dtype.size() as u64;
    c.input.size = n_in * size;
    c.kernel.size = n_k * size;
    c.output.size = n_out * size;
    let input = values(rng, dtype, n_in as usize);
    let kernel = values(rng, dtype, n_k as usize);
    ConvCase { c, input, kernel }
}

fn run_conv(t: &ConvCase) -> Vec<i64> {
    let c = &t.c;
    let size = c.dtype.size() as u64;
    let (ni, nk, no) = (
        c.input.size / size,
        c.kernel.size / size,
        c.output.size / size,
    );
    let exe = load(artifact(
        vec![spec(c.dtype, ni), spec(c.dtype, nk)],
        vec![spec(c.dtype, no)],
        vec![Step::Conv(c.clone())],
    ));
    let ti = Tensor::from_bytes(c.dtype, &[ni], &encode(c.dtype, &t.input)).unwrap();
    let tk = Tensor::from_bytes(c.dtype, &[nk], &encode(c.dtype, &t.kernel)).unwrap();
    decode(c.dtype, exe.run(&[&ti, &tk]).unwrap()[0].bytes())
}

#[test]
fn conv_matches_reference() {
    let mut rng = Rng(7);
    let mut nonempty = 0;
    for case in 0..600 {
        // Mostly the two paths (f32 im2col, i32 direct), then every dtype.
        let dtype = match case % 4 {
            0 => DType::F32,
            1 => DType::I32,
            2 => DType::F64,
            _ => DType::ALL[case / 4 % DType::ALL.len()],
        };
        let t = random_conv(&mut rng, dtype);
        let want = conv_reference(&t);
        nonempty += want.iter().any(|&x| x != 0) as usize;
        assert_eq!(run_conv(&t), want, "case {case}: {:?}", t.c);
    }
    assert!(nonempty > 250, "{nonempty}");
}

#[test]
fn run_checks_inputs() {
    let exe = load(artifact(
        vec![
            TensorSpec {
                name: "%arg0".into(),
                dtype: DType::F32,
                shape: vec![4, 8],
                alias_of_input: None,
            },
            TensorSpec {
                name: "%arg1".into(),
                dtype: DType::F32,
                shape: vec![4, 8],
                alias_of_input: None,
            },
        ],
        vec![spec(DType::F32, 32)],
        vec![Step::Copy {
            src: buf(Region::Input(1), 128),
            dst: buf(Region::Output(0), 128),
        }],
    ));
    let a = Tensor::zeros(DType::F32, &[4, 8]);
    let bad = Tensor::zeros(DType::F32, &[4, 9]);
    let e = exe.run(&[&a, &bad]).unwrap_err().to_string();
    assert_eq!(e, "input 1 (%arg1): expected f32[4,8], got f32[4,9]");
    let e = exe.run(&[&a]).unwrap_err().to_string();
    assert_eq!(e, "expected 2 inputs, got 1");
    let lying = Tensor {
        dtype: DType::F32,
        shape: vec![4, 8],
        data: pjrtc_runtime::AlignedBytes::zeroed(4),
    };
    let e = exe.run(&[&a, &lying]).unwrap_err().to_string();
    assert_eq!(
        e,
        "input 1 (%arg1): expected f32[4,8], got f32[4,8] with 4 bytes of storage"
    );
    let vals: Vec<i64> = (0..32).collect();
    let b = Tensor::from_bytes(DType::F32, &[4, 8], &encode(DType::F32, &vals)).unwrap();
    let out = exe.run(&[&a, &b]).unwrap();
    assert_eq!(decode(DType::F32, out[0].bytes()), vals);
}

/// Rough speed of the fast paths: `cargo test --release --test kernels -- --ignored --nocapture`.
#[test]
#[ignore]
fn speed() {
    let time = |exe: &Executable, inputs: &[&Tensor], flops: f64, what: &str| {
        exe.run(inputs).unwrap();
        let mut best = f64::MAX;
        for _ in 0..5 {
            let t0 = std::time::Instant::now();
            exe.run(inputs).unwrap();
            best = best.min(t0.elapsed().as_secs_f64());
        }
        eprintln!(
            "{what}: {:.3} ms, {:.1} GFLOP/s",
            best * 1e3,
            flops / best / 1e9
        );
    };
    let n = 512u64;
    let view = |region, cols| MatrixView {
        buf: buf(region, n * n * 4),
        batch_stride: 0,
        row_stride: cols,
        col_stride: 1,
    };
    let g = Gemm {
        dtype: DType::F32,
        lhs_dtype: DType::F32,
        rhs_dtype: DType::F32,
        batch: 1,
        m: n,
        n,
        k: n,
        lhs: view(Region::Input(0), n),
        rhs: view(Region::Input(1), n),
        out: view(Region::Output(0), n),
        epilogue: Epilogue::default(),
        extents: [None; 4],
    };
    let exe = load(artifact(
        vec![spec(DType::F32, n * n), spec(DType::F32, n * n)],
        vec![spec(DType::F32, n * n)],
        vec![Step::Gemm(g)],
    ));
    let a = Tensor::zeros(DType::F32, &[n * n]);
    time(&exe, &[&a, &a], 2.0 * (n * n * n) as f64, "gemm f32 512^3");

    // 3x3 conv, 1x56x56x64 -> 64, padding 1.
    let (hw, c) = (56u64, 64u64);
    let conv = Conv {
        dtype: DType::F32,
        input: buf(Region::Input(0), hw * hw * c * 4),
        kernel: buf(Region::Input(1), 9 * c * c * 4),
        output: buf(Region::Output(0), hw * hw * c * 4),
        batch: 1,
        in_features: c,
        out_features: c,
        in_spatial: vec![hw, hw],
        kernel_spatial: vec![3, 3],
        out_spatial: vec![hw, hw],
        strides: vec![1, 1],
        padding: vec![(1, 1), (1, 1)],
        lhs_dilation: vec![1, 1],
        rhs_dilation: vec![1, 1],
        feature_groups: 1,
        batch_groups: 1,
        epilogue: Default::default(),
        extent: None,
    };
    let exe = load(artifact(
        vec![spec(DType::F32, hw * hw * c), spec(DType::F32, 9 * c * c)],
        vec![spec(DType::F32, hw * hw * c)],
        vec![Step::Conv(conv)],
    ));
    let x = Tensor::zeros(DType::F32, &[hw * hw * c]);
    let w = Tensor::zeros(DType::F32, &[9 * c * c]);
    let flops = 2.0 * (hw * hw * c * 9 * c) as f64;
    time(&exe, &[&x, &w], flops, "conv f32 3x3 56x56x64->64");
}

/// Large enough products are split across threads; the result must not change.
#[test]
fn threads_give_the_same_results() {
    let mut rng = Rng(99);
    let n = 300u64;
    let view = |region| MatrixView {
        buf: buf(region, n * n * 4),
        batch_stride: 0,
        row_stride: n,
        col_stride: 1,
    };
    let g = Gemm {
        dtype: DType::F32,
        lhs_dtype: DType::F32,
        rhs_dtype: DType::F32,
        batch: 1,
        m: n,
        n,
        k: n,
        lhs: view(Region::Input(0)),
        rhs: view(Region::Input(1)),
        out: view(Region::Output(0)),
        epilogue: Epilogue::default(),
        extents: [None; 4],
    };
    let mut exe = load(artifact(
        vec![spec(DType::F32, n * n), spec(DType::F32, n * n)],
        vec![spec(DType::F32, n * n)],
        vec![Step::Gemm(g)],
    ));
    let a = values(&mut rng, DType::F32, (n * n) as usize);
    let b = values(&mut rng, DType::F32, (n * n) as usize);
    let ta = Tensor::from_bytes(DType::F32, &[n * n], &encode(DType::F32, &a)).unwrap();
    let tb = Tensor::from_bytes(DType::F32, &[n * n], &encode(DType::F32, &b)).unwrap();
    let one = exe.run(&[&ta, &tb]).unwrap();
    exe.set_threads(3);
    let three = exe.run(&[&ta, &tb]).unwrap();
    assert_eq!(one[0].bytes(), three[0].bytes());
    let n = n as usize;
    for (i, j) in [(0, 0), (299, 299), (150, 7), (100, 200)] {
        let want: i64 = (0..n).map(|p| a[i * n + p] * b[p * n + j]).sum();
        assert_eq!(decode(DType::F32, three[0].bytes())[i * n + j], want);
    }

    let (hw, c, of) = (48u64, 16u64, 32u64);
    let conv = Conv {
        dtype: DType::F32,
        input: buf(Region::Input(0), hw * hw * c * 4),
        kernel: buf(Region::Input(1), 9 * (c / 2) * of * 4),
        output: buf(Region::Output(0), hw * hw * of * 4),
        batch: 1,
        in_features: c,
        out_features: of,
        in_spatial: vec![hw, hw],
        kernel_spatial: vec![3, 3],
        out_spatial: vec![hw, hw],
        strides: vec![1, 1],
        padding: vec![(1, 1), (1, 1)],
        lhs_dilation: vec![1, 1],
        rhs_dilation: vec![1, 1],
        feature_groups: 2,
        batch_groups: 1,
        epilogue: Default::default(),
        extent: None,
    };
    let t = ConvCase {
        input: values(&mut rng, DType::F32, (hw * hw * c) as usize),
        kernel: values(&mut rng, DType::F32, (9 * (c / 2) * of) as usize),
        c: conv,
    };
    let mut exe = load(artifact(
        vec![
            spec(DType::F32, hw * hw * c),
            spec(DType::F32, 9 * (c / 2) * of),
        ],
        vec![spec(DType::F32, hw * hw * of)],
        vec![Step::Conv(t.c.clone())],
    ));
    exe.set_threads(3);
    let ti = Tensor::from_bytes(DType::F32, &[hw * hw * c], &encode(DType::F32, &t.input)).unwrap();
    let tk = Tensor::from_bytes(
        DType::F32,
        &[9 * (c / 2) * of],
        &encode(DType::F32, &t.kernel),
    )
    .unwrap();
    let got = decode(DType::F32, exe.run(&[&ti, &tk]).unwrap()[0].bytes());
    assert_eq!(got, conv_reference(&t));
}

/// Many products too small to split by rows are shared out whole between threads (the
/// total is above the threading threshold); the results must not change.
#[test]
fn threads_split_batched_products() {
    let mut rng = Rng(7);
    let (batch, n) = (40u64, 64u64);
    let view = |region| MatrixView {
        buf: buf(region, batch * n * n * 4),
        batch_stride: n * n,
        row_stride: n,
        col_stride: 1,
    };
    let g = Gemm {
        dtype: DType::F32,
        lhs_dtype: DType::F32,
        rhs_dtype: DType::F32,
        batch,
        m: n,
        n,
        k: n,
        lhs: view(Region::Input(0)),
        rhs: view(Region::Input(1)),
        out: view(Region::Output(0)),
        epilogue: Epilogue::default(),
        extents: [None; 4],
    };
    let len = batch * n * n;
    let mut exe = load(artifact(
        vec![spec(DType::F32, len), spec(DType::F32, len)],
        vec![spec(DType::F32, len)],
        vec![Step::Gemm(g)],
    ));
    let a = values(&mut rng, DType::F32, len as usize);
    let b = values(&mut rng, DType::F32, len as usize);
    let ta = Tensor::from_bytes(DType::F32, &[len], &encode(DType::F32, &a)).unwrap();
    let tb = Tensor::from_bytes(DType::F32, &[len], &encode(DType::F32, &b)).unwrap();
    let one = exe.run(&[&ta, &tb]).unwrap();
    exe.set_threads(3);
    let three = exe.run(&[&ta, &tb]).unwrap();
    assert_eq!(one[0].bytes(), three[0].bytes());
    let got = decode(DType::F32, three[0].bytes());
    let n = n as usize;
    for (bi, i, j) in [(0, 0, 0), (39, 63, 63), (13, 5, 60), (27, 32, 1)] {
        let (l, r) = (&a[bi * n * n..], &b[bi * n * n..]);
        let want: i64 = (0..n).map(|p| l[i * n + p] * r[p * n + j]).sum();
        assert_eq!(got[bi * n * n + i * n + j], want, "batch {bi} ({i}, {j})");
    }
}

/// A short f32 conv adds each rounded product in order (input feature, then kernel
/// position), as StableHLO's reference does: with cancellation, a fused or reordered sum
/// lands ulps away. 1-d, 2 input features, kernel 3 with rhs dilation 2 (6 terms).
#[test]
fn short_f32_conv_sums_in_reference_order() {
    let mut rng = Rng(11);
    let (w_in, k, cin, cout) = (64u64, 3u64, 2u64, 4u64);
    let o = w_in - 2 * (k - 1);
    let mut f = || (rng.next() >> 40) as f32 / (1u64 << 24) as f32 * 8.0 - 4.0;
    let input: Vec<f32> = (0..w_in * cin).map(|_| f()).collect();
    let kernel: Vec<f32> = (0..k * cin * cout).map(|_| f()).collect();
    let c = Conv {
        dtype: DType::F32,
        input: buf(Region::Input(0), w_in * cin * 4),
        kernel: buf(Region::Input(1), k * cin * cout * 4),
        output: buf(Region::Output(0), o * cout * 4),
        batch: 1,
        in_features: cin,
        out_features: cout,
        in_spatial: vec![w_in],
        kernel_spatial: vec![k],
        out_spatial: vec![o],
        strides: vec![1],
        padding: vec![(0, 0)],
        lhs_dilation: vec![1],
        rhs_dilation: vec![2],
        feature_groups: 1,
        batch_groups: 1,
        epilogue: Default::default(),
        extent: None,
    };
    let exe = load(artifact(
        vec![
            spec(DType::F32, w_in * cin),
            spec(DType::F32, k * cin * cout),
        ],
        vec![spec(DType::F32, o * cout)],
        vec![Step::Conv(c)],
    ));
    let bytes = |v: &[f32]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    let ti = Tensor::from_bytes(DType::F32, &[w_in * cin], &bytes(&input)).unwrap();
    let tk = Tensor::from_bytes(DType::F32, &[k * cin * cout], &bytes(&kernel)).unwrap();
    let out = exe.run(&[&ti, &tk]).unwrap();
    let got: Vec<f32> = out[0]
        .bytes()
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes(b.try_into().unwrap()))
        .collect();
    for p in 0..o as usize {
        for of in 0..cout as usize {
            let mut s = 0f32;
            for ci in 0..cin as usize {
                for t in 0..k as usize {
                    let x = input[(p + 2 * t) * cin as usize + ci];
                    let w = kernel[(t * cin as usize + ci) * cout as usize + of];
                    s += x * w;
                }
            }
            let g = got[p * cout as usize + of];
            assert_eq!(g.to_bits(), s.to_bits(), "output [{p}, {of}]: {g} != {s}");
        }
    }
}

/// The direct f32 loops' wide blocks (32 and 8 output features, then single ones) still
/// add each rounded product in the reference's order, for windows inside the input and
/// at the padded border alike: 2-d 3x3, padding 1, stride (1, 2), 2 input features
/// (18 terms would take the GEMM; 1 feature and a 2-row kernel keep 6 and 9 terms).
#[test]
fn short_f32_conv_wide_blocks_sum_in_reference_order() {
    for (cin, kh, cout) in [(1u64, 3u64, 43u64), (2, 2, 41), (1, 3, 8)] {
        let mut rng = Rng(13 + cout);
        let (h, w, kw) = (7u64, 9u64, 3u64);
        let (sh, sw) = (1u64, 2u64);
        let oh = (h + 2 - kh) / sh + 1;
        let ow = (w + 2 - kw) / sw + 1;
        let mut f = || (rng.next() >> 40) as f32 / (1u64 << 24) as f32 * 8.0 - 4.0;
        let input: Vec<f32> = (0..h * w * cin).map(|_| f()).collect();
        let kernel: Vec<f32> = (0..kh * kw * cin * cout).map(|_| f()).collect();
        let c = Conv {
            dtype: DType::F32,
            input: buf(Region::Input(0), h * w * cin * 4),
            kernel: buf(Region::Input(1), kh * kw * cin * cout * 4),
            output: buf(Region::Output(0), oh * ow * cout * 4),
            batch: 1,
            in_features: cin,
            out_features: cout,
            in_spatial: vec![h, w],
            kernel_spatial: vec![kh, kw],
            out_spatial: vec![oh, ow],
            strides: vec![sh, sw],
            padding: vec![(1, 1), (1, 1)],
            lhs_dilation: vec![1, 1],
            rhs_dilation: vec![1, 1],
            feature_groups: 1,
            batch_groups: 1,
            epilogue: Default::default(),
            extent: None,
        };
        let exe = load(artifact(
            vec![
                spec(DType::F32, h * w * cin),
                spec(DType::F32, kh * kw * cin * cout),
            ],
            vec![spec(DType::F32, oh * ow * cout)],
            vec![Step::Conv(c)],
        ));
        let bytes = |v: &[f32]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
        let ti = Tensor::from_bytes(DType::F32, &[h * w * cin], &bytes(&input)).unwrap();
        let tk = Tensor::from_bytes(DType::F32, &[kh * kw * cin * cout], &bytes(&kernel)).unwrap();
        let out = exe.run(&[&ti, &tk]).unwrap();
        let got: Vec<f32> = out[0]
            .bytes()
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes(b.try_into().unwrap()))
            .collect();
        let (cin, cout) = (cin as usize, cout as usize);
        for (y, x) in (0..oh as i64).flat_map(|y| (0..ow as i64).map(move |x| (y, x))) {
            for of in 0..cout {
                let mut s = 0f32;
                for ci in 0..cin {
                    for ky in 0..kh as i64 {
                        for kx in 0..kw as i64 {
                            let (iy, ix) = (y * sh as i64 + ky - 1, x * sw as i64 + kx - 1);
                            if iy < 0 || ix < 0 || iy >= h as i64 || ix >= w as i64 {
                                continue;
                            }
                            let xv = input[((iy * w as i64 + ix) as usize) * cin + ci];
                            let k = ((ky * kw as i64 + kx) as usize * cin + ci) * cout + of;
                            s += xv * kernel[k];
                        }
                    }
                }
                let g = got[((y * ow as i64 + x) as usize) * cout + of];
                assert_eq!(
                    g.to_bits(),
                    s.to_bits(),
                    "cin {cin} [{y}, {x}, {of}]: {g} != {s}"
                );
            }
        }
    }
}

/// A row times a matrix (f32, m = 1: a batch-1 dense layer) with a strided lhs and
/// output, long and empty sums, on 1 and 2 threads.
#[test]
fn f32_row_times_matrix_matches_reference() {
    let mut rng = Rng(5);
    for (n, k) in [
        (1u64, 3u64),
        (64, 300),
        (70, 0),
        (130, 600),
        (300, 600),
        (97, 1000),
    ] {
        for threads in [1, 2] {
            let (ls, os, rs) = (2u64, 3u64, n + 1);
            let (ln, rn, on) = (k.max(1) * ls, k * rs, n * os);
            let view = |region, row_stride, col_stride, elems: u64| MatrixView {
                buf: buf(region, elems * 4),
                batch_stride: elems,
                row_stride,
                col_stride,
            };
            let g = Gemm {
                dtype: DType::F32,
                lhs_dtype: DType::F32,
                rhs_dtype: DType::F32,
                batch: 1,
                m: 1,
                n,
                k,
                lhs: view(Region::Input(0), ln, ls, ln),
                rhs: view(Region::Input(1), rs, 1, rn),
                out: view(Region::Output(0), on, os, on),
                epilogue: Epilogue::default(),
                extents: [None; 4],
            };
            let mut exe = load(artifact(
                vec![spec(DType::F32, ln), spec(DType::F32, rn)],
                vec![spec(DType::F32, on)],
                vec![Step::Gemm(g)],
            ));
            exe.set_threads(threads);
            let a = values(&mut rng, DType::F32, ln as usize);
            let b = values(&mut rng, DType::F32, rn as usize);
            let ta = Tensor::from_bytes(DType::F32, &[ln], &encode(DType::F32, &a)).unwrap();
            let tb = Tensor::from_bytes(DType::F32, &[rn], &encode(DType::F32, &b)).unwrap();
            let got = decode(DType::F32, exe.run(&[&ta, &tb]).unwrap()[0].bytes());
            for j in 0..n {
                let want: i64 = (0..k)
                    .map(|p| a[(p * ls) as usize] * b[(p * rs + j) as usize])
                    .sum();
                assert_eq!(got[(j * os) as usize], want, "n{n} k{k} t{threads} col {j}");
            }
        }
    }
}
