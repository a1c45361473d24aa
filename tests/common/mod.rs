//! Helpers shared by the integration tests: running an artifact the way the CLI does and
//! comparing tensors with a tolerance.

#![allow(dead_code)]

pub mod golden;

use pjrtc::compiler::{self, Options};
use pjrtc_runtime::{DType, Executable, Pjx, Tensor};
use std::path::Path;

/// Compiles `source`, serializes the artifact, loads it back from bytes and runs it: the
/// same path as `pjrtc compile` followed by `pjrtc run`.
pub fn compile_and_run(source: &[u8], inputs: &[Tensor]) -> Result<Vec<Tensor>, String> {
    let pjx =
        compiler::compile(source, &Options::default()).map_err(|e| format!("compile: {e}"))?;
    let bytes = pjx.to_bytes();
    let exe = Executable::load(&bytes).map_err(|e| format!("load: {e}"))?;
    let refs: Vec<&Tensor> = inputs.iter().collect();
    exe.run(&refs).map_err(|e| format!("run: {e}"))
}

pub fn compile_to_bytes(source: &[u8]) -> Result<Vec<u8>, String> {
    let pjx: Pjx = compiler::compile(source, &Options::default()).map_err(|e| format!("{e}"))?;
    Ok(pjx.to_bytes())
}

pub fn read_npy(path: &Path) -> Tensor {
    pjrtc_runtime::npy::read_npy(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Element `i` of a tensor as f64 (exact for every integer type up to 2^53; u64/i64 above
/// that compare through `element_bits`).
pub fn element_f64(t: &Tensor, i: usize) -> f64 {
    let w = t.dtype.size();
    let b = &t.bytes()[i * w..(i + 1) * w];
    match t.dtype {
        DType::I1 | DType::U8 => b[0] as f64,
        DType::I8 => b[0] as i8 as f64,
        DType::I16 => i16::from_le_bytes([b[0], b[1]]) as f64,
        DType::U16 => u16::from_le_bytes([b[0], b[1]]) as f64,
        DType::I32 => i32::from_le_bytes(b.try_into().unwrap()) as f64,
        DType::U32 => u32::from_le_bytes(b.try_into().unwrap()) as f64,
        DType::I64 => i64::from_le_bytes(b.try_into().unwrap()) as f64,
        DType::U64 => u64::from_le_bytes(b.try_into().unwrap()) as f64,
        DType::F16 => half::f16::from_le_bytes([b[0], b[1]]).to_f64(),
        DType::BF16 => half::bf16::from_le_bytes([b[0], b[1]]).to_f64(),
        DType::F32 => f32::from_le_bytes(b.try_into().unwrap()) as f64,
        DType::F64 => f64::from_le_bytes(b.try_into().unwrap()),
        DType::I2 | DType::I4 | DType::U2 | DType::U4 => t.dtype.int_value(b[0].into()) as f64,
        DType::F8E4M3FN
        | DType::F8E5M2
        | DType::F8E4M3FNUZ
        | DType::F8E5M2FNUZ
        | DType::F8E4M3B11FNUZ
        | DType::F8E3M4
        | DType::F8E4M3
        | DType::F8E8M0FNU
        | DType::F6E2M3FN
        | DType::F6E3M2FN
        | DType::F4E2M1FN => t
            .dtype
            .minifloat()
            .map_or(f64::NAN, |f| f.decode(b[0].into())),
        // The real part (`compare` looks at complex tensors part by part).
        DType::C64 => f32::from_le_bytes(b[..4].try_into().unwrap()) as f64,
        DType::C128 => f64::from_le_bytes(b[..8].try_into().unwrap()),
    }
}

/// A complex tensor as a tensor of its parts, one more dimension of 2 (the same bytes).
pub fn complex_as_parts(t: &Tensor) -> Tensor {
    let mut shape = t.shape.clone();
    shape.push(2);
    let part = t.dtype.complex_part().expect("a complex tensor");
    Tensor::from_bytes(part, &shape, t.bytes()).expect("same bytes")
}

/// Result of comparing one output with its expected value.
pub struct Comparison {
    /// Largest |got - want| over the elements (0 for exact types that match).
    pub max_abs_err: f64,
    /// First failing element: (linear index, got, want).
    pub first_failure: Option<(usize, f64, f64)>,
}

/// Floats: `|got - want| <= atol + rtol * |want|` per element, NaN only matches NaN and
/// infinities must be equal. Integers and bools: exact, bit for bit.
pub fn compare(got: &Tensor, want: &Tensor, rtol: f64, atol: f64) -> Result<Comparison, String> {
    if got.dtype != want.dtype || got.shape != want.shape {
        return Err(format!(
            "got {}{:?}, expected {}{:?}",
            got.dtype, got.shape, want.dtype, want.shape
        ));
    }
    if want.dtype.is_complex() {
        return compare(&complex_as_parts(got), &complex_as_parts(want), rtol, atol);
    }
    let mut cmp = Comparison {
        max_abs_err: 0.0,
        first_failure: None,
    };
    let n = want.num_elements() as usize;
    if !want.dtype.is_float() {
        if got.bytes() != want.bytes() {
            let w = want.dtype.size();
            let i = (0..n)
                .find(|&i| got.bytes()[i * w..(i + 1) * w] != want.bytes()[i * w..(i + 1) * w]);
            let i = i.unwrap_or(0);
            cmp.first_failure = Some((i, element_f64(got, i), element_f64(want, i)));
            cmp.max_abs_err = f64::INFINITY;
        }
        return Ok(cmp);
    }
    for i in 0..n {
        let (g, w) = (element_f64(got, i), element_f64(want, i));
        let ok = if w.is_nan() || g.is_nan() {
            w.is_nan() && g.is_nan()
        } else if w.is_infinite() || g.is_infinite() {
            g == w
        } else {
            let err = (g - w).abs();
            cmp.max_abs_err = cmp.max_abs_err.max(err);
            err <= atol + rtol * w.abs()
        };
        if !ok && cmp.first_failure.is_none() {
            cmp.first_failure = Some((i, g, w));
        }
    }
    Ok(cmp)
}

/// Deterministic inputs for a signature: small finite values of each dtype, so that two
/// compilations of one program can be compared on the same data.
pub fn synth_inputs(sig: &pjrtc_runtime::format::Signature) -> Vec<Tensor> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    sig.inputs
        .iter()
        .map(|spec| {
            let n: u64 = spec.shape.iter().product();
            let mut bytes = Vec::with_capacity(n as usize * spec.dtype.size());
            for _ in 0..n {
                let r = next();
                let f = ((r % 2001) as f64 - 1000.0) / 250.0; // in [-4, 4]
                let i = (r % 7) as i64 - 3;
                match spec.dtype {
                    DType::I1 => bytes.push((r & 1) as u8),
                    DType::F16 => bytes.extend(half::f16::from_f64(f).to_le_bytes()),
                    DType::BF16 => bytes.extend(half::bf16::from_f64(f).to_le_bytes()),
                    DType::F32 => bytes.extend((f as f32).to_le_bytes()),
                    DType::F64 => bytes.extend(f.to_le_bytes()),
                    DType::C64 => {
                        bytes.extend((f as f32).to_le_bytes());
                        bytes.extend((i as f32 * 0.75).to_le_bytes());
                    }
                    DType::C128 => {
                        bytes.extend(f.to_le_bytes());
                        bytes.extend((i as f64 * 0.75).to_le_bytes());
                    }
                    d => bytes.extend(&(i as u64).to_le_bytes()[..d.size()]),
                }
            }
            Tensor::from_bytes(spec.dtype, &spec.shape, &bytes).expect("sized to the shape")
        })
        .collect()
}
