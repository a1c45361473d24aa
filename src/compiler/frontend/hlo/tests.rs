//! Unit tests of the HLO front end on hand-built protos; the golden corpus
//! (tests/golden/*/model.hlo.pb, made by JAX) checks the results of whole programs.

use super::*;

/// A tiny protobuf writer for building test inputs.
#[derive(Default)]
struct W(Vec<u8>);

impl W {
    fn varint(&mut self, mut v: u64) {
        while v >= 0x80 {
            self.0.push((v as u8) | 0x80);
            v >>= 7;
        }
        self.0.push(v as u8);
    }
    fn int(mut self, n: u32, v: i64) -> W {
        self.varint(u64::from(n) << 3);
        self.varint(v as u64);
        self
    }
    fn bytes(mut self, n: u32, b: &[u8]) -> W {
        self.varint((u64::from(n) << 3) | 2);
        self.varint(b.len() as u64);
        self.0.extend_from_slice(b);
        self
    }
    fn str(self, n: u32, s: &str) -> W {
        self.bytes(n, s.as_bytes())
    }
    fn msg(self, n: u32, m: W) -> W {
        self.bytes(n, &m.0)
    }
}

const F32: i64 = 11;
const TUPLE_TY: i64 = 13;

fn shape(element_type: i64, dims: &[i64]) -> W {
    dims.iter()
        .fold(W::default().int(2, element_type), |w, &d| w.int(3, d))
}

fn tuple(shapes: Vec<W>) -> W {
    shapes
        .into_iter()
        .fold(W::default().int(2, TUPLE_TY), |w, s| w.msg(4, s))
}

/// An instruction: id, name, opcode, shape, operands; `extra` adds fields.
fn inst(
    id: i64,
    name: &str,
    opcode: &str,
    shape: W,
    operands: &[i64],
    extra: impl FnOnce(W) -> W,
) -> W {
    let w = W::default()
        .str(1, name)
        .str(2, opcode)
        .msg(3, shape)
        .int(35, id);
    extra(operands.iter().fold(w, |w, &o| w.int(36, o)))
}

fn module(instructions: Vec<W>, root_id: i64) -> Vec<u8> {
    let comp = instructions.into_iter().fold(
        W::default().str(1, "main").int(5, 1).int(6, root_id),
        |w, i| w.msg(2, i),
    );
    W::default()
        .str(1, "m")
        .str(2, "main")
        .int(6, 1)
        .msg(3, comp)
        .0
}

#[test]
fn tuple_parameters_and_results_are_flattened() {
    let pair = tuple(vec![shape(F32, &[2]), shape(F32, &[3])]);
    let p = inst(1, "p", "parameter", pair, &[], |w| w.int(9, 0));
    let g1 = inst(2, "g1", "get-tuple-element", shape(F32, &[3]), &[1], |w| {
        w.int(13, 1)
    });
    let g0 = inst(3, "g0", "get-tuple-element", shape(F32, &[2]), &[1], |w| {
        w.int(13, 0)
    });
    let neg = inst(4, "n", "negate", shape(F32, &[3]), &[2], |w| w);
    let out = tuple(vec![shape(F32, &[3]), shape(F32, &[2])]);
    let root = inst(5, "t", "tuple", out, &[4, 3], |w| w);
    let bytes = module(vec![p, g1, g0, neg, root], 5);
    assert!(looks_like_proto(&bytes));
    let m = parse_hlo(&bytes).unwrap();
    let f = m.entry().unwrap();
    assert_eq!(f.params().len(), 2);
    assert_eq!(
        f.result_types,
        vec![
            TensorType::new(DType::F32, vec![3]),
            TensorType::new(DType::F32, vec![2])
        ]
    );
    // The second result is the first parameter's first leaf, untouched.
    assert_eq!(f.body.yields[1], f.params()[0]);
    assert_eq!(f.body.ops.len(), 1);
    assert_eq!(f.body.ops[0].operands, vec![f.params()[1]]);
}

#[test]
fn packed_and_unpacked_repeated_fields_read_alike() {
    // dimensions = [2, 3] unpacked (two varint fields) and packed (one length-delimited).
    let unpacked = shape(F32, &[2, 3]).0;
    let packed = W::default().int(2, F32).bytes(3, &[2, 3]).0;
    let a = proto::ShapeProto::decode(&unpacked).unwrap();
    let b = proto::ShapeProto::decode(&packed).unwrap();
    assert_eq!(a.dimensions, vec![2, 3]);
    assert_eq!(a, b);
}

#[test]
fn unknown_opcodes_are_refused_with_opcode_and_instruction_name() {
    let p = inst(1, "x.1", "parameter", shape(F32, &[4]), &[], |w| {
        w.int(9, 0)
    });
    let bad = inst(
        2,
        "frobnicate.7",
        "frobnicate",
        shape(F32, &[4]),
        &[1],
        |w| w,
    );
    let err = parse_hlo(&module(vec![p, bad], 2)).unwrap_err();
    assert!(err.message.contains("\"frobnicate\""), "{}", err.message);
    assert!(err.message.contains("frobnicate.7"), "{}", err.message);
}

#[test]
fn malformed_input_is_an_error_not_a_panic() {
    // A length running past the end, a truncated varint.
    assert!(parse_hlo(b"\x0a\xff\xff\xff\xff\x0f").is_err());
    assert!(parse_hlo(b"\x0a\x05ab").is_err());
    assert!(parse_hlo(b"\x30\xff").is_err());
    // An operand defined nowhere.
    let n = inst(1, "n", "negate", shape(F32, &[4]), &[9], |w| w);
    let err = parse_hlo(&module(vec![n], 1)).unwrap_err();
    assert!(err.message.contains("operand id 9"), "{}", err.message);
    // A literal shorter than its shape: f32s = [1.0, 2.0] packed.
    let lit = W::default().bytes(8, &[0, 0, 0x80, 0x3f, 0, 0, 0, 0x40]);
    let c = inst(1, "c", "constant", shape(F32, &[4]), &[], |w| w.msg(8, lit));
    let err = parse_hlo(&module(vec![c], 1)).unwrap_err();
    assert!(
        err.message.contains("literal holds 8 bytes"),
        "{}",
        err.message
    );
    // Messages nested beyond the limit.
    let mut deep = shape(F32, &[1]);
    for _ in 0..200 {
        deep = W::default().int(2, TUPLE_TY).msg(4, deep);
    }
    assert!(proto::ShapeProto::decode(&deep.0).is_err());
}

#[test]
fn mlir_text_does_not_look_like_a_proto() {
    assert!(!looks_like_proto(
        b"module @m {\n\tfunc.func @main() {\r\n}}"
    ));
}

#[test]
fn batch_norm_inference_normalizes_along_the_feature_dimension() {
    // x: f32[2,3] with features on dimension 1; epsilon 0.5.
    let f32_lit = |v: &[f32]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    let param = |id: i64, n: i64, dims: &[i64]| {
        inst(
            id,
            &format!("p{n}"),
            "parameter",
            shape(F32, dims),
            &[],
            |w| w.int(9, n),
        )
    };
    let bn = inst(
        6,
        "bn",
        "batch-norm-inference",
        shape(F32, &[2, 3]),
        &[1, 2, 3, 4, 5],
        |w| {
            let mut w = w.int(25, 1);
            w.varint((24 << 3) | 5);
            w.0.extend_from_slice(&0.5f32.to_le_bytes());
            w
        },
    );
    let bytes = module(
        vec![
            param(1, 0, &[2, 3]),
            param(2, 1, &[3]),
            param(3, 2, &[3]),
            param(4, 3, &[3]),
            param(5, 4, &[3]),
            bn,
        ],
        6,
    );
    let m = parse_hlo(&bytes).unwrap();
    let lit = |dims: &[i64], v: &[f32]| {
        Literal::new(TensorType::new(DType::F32, dims.to_vec()), f32_lit(v))
    };
    let x = [1.0, 2.0, 3.0, -1.0, 0.0, 5.0];
    let (scale, offset, mean, var) = (
        [2.0, 1.0, 0.5],
        [0.0, 1.0, -1.0],
        [1.0, 0.0, 2.0],
        [3.5, 0.5, 1.5],
    );
    let args = [
        lit(&[2, 3], &x),
        lit(&[3], &scale),
        lit(&[3], &offset),
        lit(&[3], &mean),
        lit(&[3], &var),
    ];
    let out = crate::compiler::eval::eval_func(m.entry().unwrap(), &args).unwrap();
    let got: Vec<f32> = out[0]
        .bytes
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    for (i, g) in got.iter().enumerate() {
        let c = i % 3;
        let want = (x[i] - mean[c]) / (var[c] + 0.5f32).sqrt() * scale[c] + offset[c];
        assert!((g - want).abs() < 1e-6, "element {i}: {g} vs {want}");
    }
}
