//! Fft steps run through the Executable against a direct DFT computed here in f64
//! (not against the FFT library itself): every kind, 1 to 3 dimensions, batches, even,
//! odd and prime lengths, f32 and f64, one and several threads; and the decoder's checks.

use pjrtc_runtime::format::*;
use pjrtc_runtime::{DType, Executable, Tensor};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % 20001) as f64 / 10000.0 - 1.0
    }
}

type C = (f64, f64);

/// The DFT (or the inverse, scaled) of every line of `x` (shape `dims`) along `axis`.
fn dft(x: &[C], dims: &[usize], axis: usize, inverse: bool) -> Vec<C> {
    let n = dims[axis];
    let inner: usize = dims[axis + 1..].iter().product();
    let outer: usize = dims[..axis].iter().product();
    let sign = if inverse { 1.0 } else { -1.0 };
    let mut out = vec![(0.0, 0.0); x.len()];
    for o in 0..outer {
        for i in 0..inner {
            for f in 0..n {
                let (mut re, mut im) = (0.0, 0.0);
                for j in 0..n {
                    let a = std::f64::consts::TAU * ((j * f) % n) as f64 / n as f64;
                    let (c, s) = (a.cos(), sign * a.sin());
                    let v = x[(o * n + j) * inner + i];
                    re += v.0 * c - v.1 * s;
                    im += v.0 * s + v.1 * c;
                }
                let k = if inverse { 1.0 / n as f64 } else { 1.0 };
                out[(o * n + f) * inner + i] = (re * k, im * k);
            }
        }
    }
    out
}

/// Expected output values (complex, or reals as (x, 0)) of a step.
fn reference(kind: FftKind, batch: usize, lengths: &[usize], input: &[C]) -> Vec<C> {
    let k = lengths.len();
    let mut dims = vec![batch];
    dims.extend(lengths);
    let last = dims.len() - 1;
    match kind {
        FftKind::Fft | FftKind::Ifft => {
            let mut x = input.to_vec();
            for a in 1..=k {
                x = dft(&x, &dims, a, kind == FftKind::Ifft);
            }
            x
        }
        FftKind::Rfft => {
            let mut x = input.to_vec();
            for a in 1..=k {
                x = dft(&x, &dims, a, false);
            }
            let n = dims[last];
            let h = n / 2 + 1;
            x.chunks(n).flat_map(|r| r[..h].to_vec()).collect()
        }
        FftKind::Irfft => {
            let n = dims[last];
            let h = n / 2 + 1;
            let mut half = dims.clone();
            half[last] = h;
            let mut x = input.to_vec();
            for a in 1..k {
                x = dft(&x, &half, a, true);
            }
            // Hermitian extension along the last dimension, inverse, real part.
            let full: Vec<C> = x
                .chunks(h)
                .flat_map(|r| {
                    (0..n).map(move |j| {
                        if j < h {
                            r[j]
                        } else {
                            (r[n - j].0, -r[n - j].1)
                        }
                    })
                })
                .collect();
            dft(&full, &dims, last, true)
                .into_iter()
                .map(|(re, _)| (re, 0.0))
                .collect()
        }
    }
}

fn encode(dtype: DType, complex: bool, v: &[C]) -> Vec<u8> {
    let mut out = Vec::new();
    for &(re, im) in v {
        let parts: &[f64] = if complex { &[re, im] } else { &[re] };
        for &p in parts {
            match dtype {
                DType::F32 => out.extend((p as f32).to_le_bytes()),
                _ => out.extend(p.to_le_bytes()),
            }
        }
    }
    out
}

fn decode(dtype: DType, complex: bool, b: &[u8]) -> Vec<C> {
    let vals: Vec<f64> = match dtype {
        DType::F32 => b
            .chunks(4)
            .map(|c| f32::from_le_bytes(c.try_into().unwrap()) as f64)
            .collect(),
        _ => b
            .chunks(8)
            .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
            .collect(),
    };
    if complex {
        vals.chunks(2).map(|p| (p[0], p[1])).collect()
    } else {
        vals.into_iter().map(|x| (x, 0.0)).collect()
    }
}

fn buf(region: Region, size: u64) -> BufRef {
    BufRef {
        region,
        offset: 0,
        size,
    }
}

fn spec(dtype: DType, n: u64) -> TensorSpec {
    TensorSpec {
        name: String::new(),
        dtype,
        shape: vec![n],
        alias_of_input: None,
    }
}

fn artifact(f: Fft, in_spec: TensorSpec, out_spec: TensorSpec) -> Pjx {
    Pjx {
        producer: "test".into(),
        target: Target {
            triple: String::new(),
            features: vec![],
        },
        signature: Signature {
            inputs: vec![in_spec],
            outputs: vec![out_spec],
        },
        arena_size: 0,
        constants: Default::default(),
        code: CodeImage::default(),
        kernels: vec![],
        steps: vec![Step::Fft(f)],
        ffi_libraries: Vec::new(),
        dynamic: None,
    }
}

/// Runs one step on random data and returns the largest error relative to the largest
/// expected magnitude.
fn run(kind: FftKind, dtype: DType, batch: usize, lengths: &[usize], threads: usize) -> f64 {
    let (ins, outs) = kind
        .counts(&lengths.iter().map(|&d| d as u64).collect::<Vec<_>>())
        .unwrap();
    let (n_in, n_out) = (ins as usize * batch, outs as usize * batch);
    let (cin, cout) = (kind.is_complex(false), kind.is_complex(true));
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ (batch * 31 + lengths.iter().sum::<usize>()) as u64);
    let input: Vec<C> = (0..n_in)
        .map(|_| (rng.next(), if cin { rng.next() } else { 0.0 }))
        .collect();
    // The runtime reads the inputs at their type's precision: so does the reference.
    let input = decode(dtype, cin, &encode(dtype, cin, &input));
    let bytes = encode(dtype, cin, &input);
    let w = dtype.size() as u64;
    let in_bytes = n_in as u64 * w * if cin { 2 } else { 1 };
    let out_bytes = n_out as u64 * w * if cout { 2 } else { 1 };
    let f = Fft {
        kind,
        dtype,
        batch: batch as u64,
        lengths: lengths.iter().map(|&d| d as u64).collect(),
        input: buf(Region::Input(0), in_bytes),
        output: buf(Region::Output(0), out_bytes),
    };
    let spec_of = |complex: bool, n: usize| {
        let d = if complex {
            dtype.complex_of().unwrap()
        } else {
            dtype
        };
        spec(d, n as u64)
    };
    let p = artifact(f, spec_of(cin, n_in), spec_of(cout, n_out));
    let p = Pjx::from_bytes(&p.to_bytes()).unwrap_or_else(|e| panic!("{e}"));
    let mut exe = Executable::from_pjx(p).unwrap();
    exe.set_threads(threads);
    let t = Tensor::from_bytes(spec_of(cin, n_in).dtype, &[n_in as u64], &bytes).unwrap();
    let got = decode(dtype, cout, exe.run(&[&t]).unwrap()[0].bytes());
    let want = reference(kind, batch, lengths, &input);
    assert_eq!(got.len(), want.len());
    let scale = want
        .iter()
        .map(|v| v.0.abs().max(v.1.abs()))
        .fold(1e-30, f64::max);
    got.iter()
        .zip(&want)
        .map(|(g, w)| (g.0 - w.0).abs().max((g.1 - w.1).abs()) / scale)
        .fold(0.0, f64::max)
}

#[test]
fn every_kind_matches_a_direct_dft() {
    let shapes: &[(usize, &[usize])] = &[
        (1, &[1]),
        (3, &[8]),
        (2, &[17]), // prime
        (1, &[30]),
        (4, &[6, 5]),
        (2, &[3, 7]),
        (1, &[4, 3, 6]),
        (2, &[2, 5, 3]),
        (1, &[1, 9, 1]),
    ];
    for kind in [FftKind::Fft, FftKind::Ifft, FftKind::Rfft, FftKind::Irfft] {
        for &(batch, lengths) in shapes {
            for (dtype, tol) in [(DType::F32, 2e-6), (DType::F64, 1e-13)] {
                let err = run(kind, dtype, batch, lengths, 1);
                assert!(
                    err <= tol,
                    "{kind:?} {dtype} batch {batch} lengths {lengths:?}: error {err:e}"
                );
            }
        }
    }
}

#[test]
fn large_steps_split_across_threads() {
    // Past the parallel threshold: rows split (last dimension), column groups split
    // (outer dimensions), real rows split; the same results as one thread.
    for (kind, batch, lengths) in [
        (FftKind::Fft, 64, &[1024usize][..]),
        (FftKind::Fft, 2, &[96, 400][..]),
        (FftKind::Irfft, 3, &[40, 50, 60][..]),
        (FftKind::Rfft, 80, &[1000][..]),
    ] {
        let one = run(kind, DType::F32, batch, lengths, 1);
        let two = run(kind, DType::F32, batch, lengths, 2);
        assert!(
            one <= 1e-5 && two <= 1e-5,
            "{kind:?} {lengths:?}: {one:e} {two:e}"
        );
    }
}

#[test]
fn irfft_ignores_impossible_imaginary_parts() {
    // A real signal's transform has real zero and n/2 frequencies: their imaginary parts
    // are ignored (numpy/XLA's irfft), not an error.
    let f = Fft {
        kind: FftKind::Irfft,
        dtype: DType::F64,
        batch: 1,
        lengths: vec![4],
        input: buf(Region::Input(0), 3 * 16),
        output: buf(Region::Output(0), 4 * 8),
    };
    let p = artifact(f, spec(DType::C128, 3), spec(DType::F64, 4));
    let exe = Executable::from_pjx(p).unwrap();
    let x = encode(DType::F64, true, &[(10.0, 5.0), (-2.0, 2.0), (-2.0, -7.0)]);
    let t = Tensor::from_bytes(DType::C128, &[3], &x).unwrap();
    let got = decode(DType::F64, false, exe.run(&[&t]).unwrap()[0].bytes());
    let want = [1.0, 2.0, 3.0, 4.0];
    for (g, w) in got.iter().zip(want) {
        assert!((g.0 - w).abs() < 1e-12, "{got:?}");
    }
}

#[test]
fn decoder_refuses_bad_fft_steps() {
    let good = Fft {
        kind: FftKind::Fft,
        dtype: DType::F32,
        batch: 2,
        lengths: vec![4],
        input: buf(Region::Input(0), 64),
        output: buf(Region::Output(0), 64),
    };
    let check = |f: Fft, want: &str| {
        let p = artifact(f, spec(DType::C64, 8), spec(DType::C64, 8));
        let e = Pjx::from_bytes(&p.to_bytes()).unwrap_err().to_string();
        assert!(e.contains(want), "{e}");
    };
    assert!(
        Pjx::from_bytes(
            &artifact(good.clone(), spec(DType::C64, 8), spec(DType::C64, 8)).to_bytes()
        )
        .is_ok()
    );
    check(
        Fft {
            dtype: DType::F16,
            ..good.clone()
        },
        "only f32 and f64",
    );
    check(
        Fft {
            lengths: vec![],
            ..good.clone()
        },
        "not 1 to 3",
    );
    check(
        Fft {
            lengths: vec![1, 1, 2, 2],
            ..good.clone()
        },
        "not 1 to 3",
    );
    check(
        Fft {
            batch: 3,
            ..good.clone()
        },
        "needs 96",
    );
    check(
        Fft {
            output: buf(Region::Input(0), 64),
            ..good.clone()
        },
        "read-only",
    );
    check(
        Fft {
            kind: FftKind::Rfft,
            ..good
        },
        "fft input has 64 bytes",
    );
}
