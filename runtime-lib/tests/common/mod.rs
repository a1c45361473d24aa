//! Programs with bounded dynamic dimensions built by hand (no kernels: copies only), for
//! the tests of their format, calls, runner and C API.

// Each test crate uses a part of this.
#![allow(dead_code)]

use pjrtc_runtime::format::*;
use pjrtc_runtime::{DType, Tensor};

/// Parses `b<=4,3` (`?<=4`: an unnamed dynamic dimension) into dimensions, every slot 0.
pub fn dims(s: &str) -> Vec<Dim> {
    s.split(',')
        .filter(|d| !d.is_empty())
        .map(|d| match d.split_once("<=") {
            Some((sym, bound)) => Dim::Dynamic {
                symbol: if sym == "?" { "" } else { sym }.into(),
                bound: bound.parse().unwrap(),
                slot: 0,
            },
            None => Dim::Static(d.parse().unwrap()),
        })
        .collect()
}

pub fn spec(name: &str, dtype: DType, shape: &[u64]) -> TensorSpec {
    TensorSpec {
        name: name.into(),
        dtype,
        shape: shape.to_vec(),
        alias_of_input: None,
    }
}

pub fn bufref(region: Region, offset: u64, size: u64) -> BufRef {
    BufRef {
        region,
        offset,
        size,
    }
}

/// Byte offsets in the constants of [`copy_program`]: the assertion's predicate byte, an
/// i64 99 and an i64 -1 (sizes tests write to a size output instead of the right one).
pub const PRED_AT: u64 = 0;
pub const NINETY_NINE_AT: u64 = 8;
pub const MINUS_ONE_AT: u64 = 16;

/// A program with f32 inputs of the given types (`b<=4,3`) whose compiled program copies
/// each padded input to the output of the same type, and each size input to its size
/// output. A named symbol has one size input and output, an unnamed dimension its own.
/// Its one assertion holds if `holds`; its value is the first size.
pub fn copy_program(inputs: &[&str], holds: bool) -> Pjx {
    let n = inputs.len() as u32;
    let mut symbols: Vec<String> = Vec::new();
    let mut callers = Vec::new();
    for (i, s) in inputs.iter().enumerate() {
        let mut ds = dims(s);
        for d in &mut ds {
            if let Dim::Dynamic { symbol, slot, .. } = d {
                let k = match symbols.iter().position(|x| !x.is_empty() && x == symbol) {
                    Some(k) => k,
                    None => {
                        symbols.push(symbol.clone());
                        symbols.len() - 1
                    }
                };
                *slot = n + k as u32;
            }
        }
        callers.push(DynamicTensor {
            name: format!("%arg{i}"),
            dtype: DType::F32,
            dims: ds,
        });
    }
    let nk = symbols.len() as u32;
    let bound = |t: &DynamicTensor| -> Vec<u64> { t.dims.iter().map(|d| d.bound()).collect() };
    let mut sig = Signature::default();
    let mut steps = Vec::new();
    for (i, t) in callers.iter().enumerate() {
        let s = spec(&t.name, DType::F32, &bound(t));
        let bytes = s.byte_size();
        sig.inputs.push(s);
        sig.outputs
            .push(spec(&format!("out{i}"), DType::F32, &bound(t)));
        steps.push(Step::Copy {
            src: bufref(Region::Input(i as u32), 0, bytes),
            dst: bufref(Region::Output(i as u32), 0, bytes),
        });
    }
    for k in 0..nk {
        sig.inputs.push(spec(&format!("%size{k}"), DType::I64, &[]));
        sig.outputs.push(spec(&format!("size{k}"), DType::I64, &[]));
        steps.push(Step::Copy {
            src: bufref(Region::Input(n + k), 0, 8),
            dst: bufref(Region::Output(n + k), 0, 8),
        });
    }
    let pred = n + nk;
    sig.outputs.push(spec("ok", DType::I1, &[]));
    steps.push(Step::Copy {
        src: bufref(Region::Constant, PRED_AT, 1),
        dst: bufref(Region::Output(pred), 0, 1),
    });
    let outputs = callers
        .iter()
        .enumerate()
        .map(|(i, t)| DynamicTensor {
            name: format!("out{i}"),
            dtype: t.dtype,
            // The size outputs mirror the size inputs: slot n + k in both lists.
            dims: t.dims.clone(),
        })
        .collect();
    let mut constants = vec![0u8; 24];
    constants[PRED_AT as usize] = holds as u8;
    constants[8..16].copy_from_slice(&99i64.to_le_bytes());
    constants[16..24].copy_from_slice(&(-1i64).to_le_bytes());
    let first = symbols.first().map_or("b", |s| s.as_str());
    Pjx {
        producer: "test".into(),
        target: Target {
            triple: String::new(),
            features: vec![],
        },
        signature: sig,
        arena_size: 0,
        constants: constants.into(),
        code: CodeImage::default(),
        kernels: vec![],
        steps,
        ffi_libraries: Vec::new(),
        dynamic: Some(DynamicShapes {
            inputs: callers,
            outputs,
            assertions: vec![Assertion {
                pred,
                values: if nk > 0 { vec![n] } else { vec![] },
                message: format!("'{first}' = {{0}} is not allowed, from specification '{first}'"),
            }],
        }),
    }
}

/// An f32 tensor of `shape` holding 1, 2, 3, ...
pub fn iota(shape: &[u64]) -> Tensor {
    let n: u64 = shape.iter().product();
    let bytes: Vec<u8> = (0..n)
        .flat_map(|i| (i as f32 + 1.0).to_le_bytes())
        .collect();
    Tensor::from_bytes(DType::F32, shape, &bytes).unwrap()
}

pub fn f32s(t: &Tensor) -> Vec<f32> {
    t.bytes()
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}
