//! .pjx round trip, targeted validation errors, and a never-panic mutation test.

mod common;

use common::copy_program;
use pjrtc_runtime::format::*;
use pjrtc_runtime::{DType, Executable, Tensor};
use std::sync::Arc;

fn spec(name: &str, dtype: DType, shape: &[u64]) -> TensorSpec {
    TensorSpec {
        name: name.into(),
        dtype,
        shape: shape.to_vec(),
        alias_of_input: None,
    }
}

fn buf(region: Region, offset: u64, size: u64) -> BufRef {
    BufRef {
        region,
        offset,
        size,
    }
}

/// An artifact using every section and step kind.
pub fn rich() -> Pjx {
    let mut out1 = spec("out1", DType::F32, &[1, 2, 2, 2]);
    out1.alias_of_input = None;
    let mut alias = spec("alias", DType::F32, &[4, 8]);
    alias.alias_of_input = Some(0);
    Pjx {
        producer: "pjrtc test 0.1 ✓".into(),
        target: Target {
            triple: "x86_64-unknown-linux-gnu".into(),
            features: vec!["avx2".into(), "fma".into()],
        },
        signature: Signature {
            inputs: vec![
                spec("%arg0", DType::F32, &[4, 8]),
                spec("%arg1", DType::F32, &[8, 3]),
                spec("%arg2", DType::F32, &[1, 3, 3, 2]),
            ],
            outputs: vec![spec("out0", DType::F32, &[4, 3]), out1, alias],
        },
        arena_size: 4096,
        constants: (0..128u8).collect(),
        code: CodeImage {
            bytes: vec![0xc3; 256],
            text_len: 128,
            relocs: vec![ImportReloc {
                offset: 128,
                import: 0,
                addend: -4,
            }],
        },
        kernels: vec![
            KernelEntry {
                name: "fused_0".into(),
                offset: 0,
            },
            KernelEntry {
                name: "fused_1".into(),
                offset: 64,
            },
        ],
        steps: vec![
            Step::Dispatch {
                kernel: 1,
                bindings: vec![
                    buf(Region::Input(0), 0, 128),
                    buf(Region::Arena, 64, 128),
                    buf(Region::Constant, 0, 128),
                ],
                workgroups: 7,
                extent: Some(Extent {
                    count: buf(Region::Arena, 4000, 8),
                    per: 3,
                    block: 2,
                }),
            },
            Step::Gemm(Gemm {
                dtype: DType::F32,
                lhs_dtype: DType::F32,
                rhs_dtype: DType::F32,
                batch: 1,
                m: 4,
                n: 3,
                k: 8,
                lhs: MatrixView {
                    buf: buf(Region::Input(0), 0, 128),
                    batch_stride: 0,
                    row_stride: 8,
                    col_stride: 1,
                },
                rhs: MatrixView {
                    buf: buf(Region::Input(1), 0, 96),
                    batch_stride: 0,
                    row_stride: 3,
                    col_stride: 1,
                },
                out: MatrixView {
                    buf: buf(Region::Output(0), 0, 48),
                    batch_stride: 0,
                    row_stride: 3,
                    col_stride: 1,
                },
                epilogue: Epilogue {
                    scale: None,
                    bias: Some(buf(Region::Constant, 0, 12)),
                    activation: Activation::Relu,
                },
                extents: [
                    None,
                    Some(Extent {
                        count: buf(Region::Input(0), 8, 8),
                        per: 1,
                        block: 1,
                    }),
                    None,
                    Some(Extent {
                        count: buf(Region::Arena, 4000, 8),
                        per: 2,
                        block: 1,
                    }),
                ],
            }),
            Step::Conv(Conv {
                dtype: DType::F32,
                input: buf(Region::Input(2), 0, 72),
                kernel: buf(Region::Constant, 64, 2 * 2 * 2 * 2 * 4),
                output: buf(Region::Output(1), 0, 32),
                batch: 1,
                in_features: 2,
                out_features: 2,
                in_spatial: vec![3, 3],
                kernel_spatial: vec![2, 2],
                out_spatial: vec![2, 2],
                strides: vec![1, 1],
                padding: vec![(0, 0), (1, -1)],
                lhs_dilation: vec![1, 1],
                rhs_dilation: vec![1, 1],
                feature_groups: 1,
                batch_groups: 1,
                epilogue: Default::default(),
                extent: None,
            }),
            Step::Copy {
                src: buf(Region::Input(0), 0, 128),
                dst: buf(Region::Output(2), 0, 128),
            },
            Step::While {
                cond: vec![Step::Copy {
                    src: buf(Region::Arena, 0, 1),
                    dst: buf(Region::Arena, 1, 1),
                }],
                pred: buf(Region::Arena, 1, 1),
                body: vec![Step::Case {
                    index: buf(Region::Arena, 0, 1),
                    branches: vec![vec![], vec![]],
                }],
            },
            Step::Case {
                index: buf(Region::Constant, 4, 4),
                branches: vec![
                    vec![Step::Copy {
                        src: buf(Region::Constant, 0, 64),
                        dst: buf(Region::Arena, 1024, 64),
                    }],
                    vec![],
                    vec![Step::Copy {
                        src: buf(Region::Constant, 64, 64),
                        dst: buf(Region::Arena, 1024, 64),
                    }],
                ],
            },
            Step::Sort(Sort {
                comparator: 0,
                dimension: 1,
                shape: vec![4, 8],
                operands: vec![
                    SortOperand {
                        dtype: DType::F32,
                        input: buf(Region::Input(0), 0, 128),
                        output: buf(Region::Arena, 2048, 128),
                    },
                    SortOperand {
                        dtype: DType::I32,
                        input: buf(Region::Constant, 0, 128),
                        output: buf(Region::Arena, 2176, 128),
                    },
                ],
                stable: true,
            }),
            Step::Softmax(Softmax {
                src: buf(Region::Input(0), 0, 128),
                dst: buf(Region::Arena, 2432, 128),
                rows: 4,
                cols: 8,
                extent: None,
            }),
            Step::Collective(Collective {
                kind: CollectiveKind::AllReduce,
                mode: GroupMode::CrossReplicaAndPartition,
                ids: vec![vec![0]],
                channel: 1,
                operands: vec![CollectiveOperand {
                    dtype: DType::F32,
                    in_shape: vec![4, 8],
                    out_shape: vec![4, 8],
                    input: Some(buf(Region::Input(0), 0, 128)),
                    output: Some(buf(Region::Arena, 2560, 128)),
                }],
                combiner: Some(Combiner {
                    chunk: 0,
                    chunk_workgroups: 4,
                    point: 1,
                    point_workgroups: 1,
                }),
            }),
            Step::Collective(Collective {
                kind: CollectiveKind::AllGather { dim: 0 },
                mode: GroupMode::CrossReplica,
                ids: vec![],
                channel: 0,
                operands: vec![CollectiveOperand {
                    dtype: DType::F32,
                    in_shape: vec![4, 8],
                    out_shape: vec![4, 8],
                    input: Some(buf(Region::Input(0), 0, 128)),
                    output: Some(buf(Region::Arena, 2688, 128)),
                }],
                combiner: None,
            }),
        ],
        ffi_libraries: Vec::new(),
        dynamic: None,
    }
}

#[test]
fn round_trip() {
    let p = rich();
    let bytes = p.to_bytes();
    assert_eq!(Pjx::from_bytes(&bytes).unwrap(), p);
    let empty = Pjx {
        producer: String::new(),
        target: Target {
            triple: String::new(),
            features: vec![],
        },
        signature: Signature::default(),
        arena_size: 0,
        constants: Default::default(),
        code: CodeImage::default(),
        kernels: vec![],
        steps: vec![],
        ffi_libraries: Vec::new(),
        dynamic: None,
    };
    assert_eq!(Pjx::from_bytes(&empty.to_bytes()).unwrap(), empty);
}

/// Constants given as shared pieces are written with zeros up to each piece's aligned
/// offset, the same bytes as one piece holding the whole section; the streaming writer
/// gives the bytes `to_bytes` does.
#[test]
fn constants_in_pieces() {
    let mut p = rich();
    p.constants.clear();
    let a: Vec<u8> = (1..=70).collect();
    let b = vec![0xee; 3];
    assert_eq!(p.constants.push(Arc::new(a.clone())), 0);
    assert_eq!(p.constants.push(Arc::new(b.clone())), 128);
    let mut want = vec![0u8; 131];
    want[..70].copy_from_slice(&a);
    want[128..].copy_from_slice(&b);
    assert_eq!(p.constants.len(), 131);
    assert_eq!(p.constants.to_vec(), want);
    let bytes = p.to_bytes();
    let mut streamed = Vec::new();
    p.write_to(&mut streamed).unwrap();
    assert_eq!(streamed, bytes);
    let aligned = p.to_aligned_bytes();
    assert_eq!(aligned.as_slice(), bytes.as_slice());
    assert!(aligned.is_aligned());
    let back = Pjx::from_bytes(&bytes).unwrap();
    assert_eq!(back.constants.to_vec(), want);
    assert_eq!(back, p);
    let mut whole = p.clone();
    whole.constants = want.into();
    assert_eq!(whole.to_bytes(), bytes);
    assert_ne!(whole.constants, rich().constants);
}

/// Lists of the smallest possible items must not trip the count checks.
#[test]
fn round_trip_minimal_items() {
    let mut p = rich();
    p.signature.inputs = (0..5).map(|_| spec("", DType::I1, &[])).collect();
    p.signature.outputs = vec![spec("", DType::I8, &[])];
    p.steps = (0..3)
        .map(|i| Step::Dispatch {
            kernel: 0,
            bindings: (0..i).map(|_| buf(Region::Input(0), 0, 1)).collect(),
            workgroups: 0,
            extent: None,
        })
        .collect();
    p.code.relocs.clear();
    p.constants.clear();
    p.target.features = vec![String::new(); 3];
    p.kernels = vec![KernelEntry {
        name: String::new(),
        offset: 0,
    }];
    assert_eq!(Pjx::from_bytes(&p.to_bytes()).unwrap(), p);
}

fn err_of(p: &Pjx) -> String {
    Pjx::from_bytes(&p.to_bytes()).unwrap_err().to_string()
}

#[test]
fn validation_errors_name_the_problem() {
    let mut p = rich();
    if let Step::Dispatch { bindings, .. } = &mut p.steps[0] {
        bindings[1].offset = 4000;
    }
    let e = err_of(&p);
    assert!(e.starts_with("section 'schedule' at byte "), "{e}");
    assert!(
        e.contains(
            "step 0: binding 1 out of range of region arena (offset 4000 + size 128 > 4096)"
        ),
        "{e}"
    );

    let mut p = rich();
    if let Step::Gemm(g) = &mut p.steps[1] {
        g.lhs.row_stride = 9;
    }
    assert!(
        err_of(&p).contains("gemm lhs touches 140 bytes"),
        "{}",
        err_of(&p)
    );

    fn gemm(p: &mut Pjx) -> &mut Gemm {
        match &mut p.steps[1] {
            Step::Gemm(g) => g,
            s => panic!("step 1 is {s:?}"),
        }
    }
    let mut p = rich();
    gemm(&mut p).epilogue.bias = Some(buf(Region::Constant, 0, 16));
    assert!(
        err_of(&p).contains("step 1: gemm bias has 16 bytes, not n = 3 floats"),
        "{}",
        err_of(&p)
    );
    let mut p = rich();
    gemm(&mut p).epilogue.bias = Some(buf(Region::Output(0), 8, 12));
    assert!(err_of(&p).contains("gemm out overlaps its bias"));
    let mut p = rich();
    gemm(&mut p).lhs_dtype = DType::I8;
    assert!(
        err_of(&p).contains("gemm of i8 x f32 into f32 is not supported"),
        "{}",
        err_of(&p)
    );
    // bf16 operands into f32 (a dot with f32 as its preferred type), epilogue included;
    // not one bf16 operand alone, nor into another type.
    let mut p = rich();
    let g = gemm(&mut p);
    (g.lhs_dtype, g.rhs_dtype) = (DType::BF16, DType::BF16);
    assert_eq!(Pjx::from_bytes(&p.to_bytes()).unwrap(), p);
    gemm(&mut p).rhs_dtype = DType::F32;
    assert!(
        err_of(&p).contains("gemm of bf16 x f32 into f32 is not supported"),
        "{}",
        err_of(&p)
    );
    let g = gemm(&mut p);
    (g.rhs_dtype, g.dtype) = (DType::BF16, DType::F16);
    assert!(
        err_of(&p).contains("gemm of bf16 x bf16 into f16 is not supported"),
        "{}",
        err_of(&p)
    );
    let mut p = rich();
    gemm(&mut p).epilogue.scale = Some(buf(Region::Constant, 0, 8));
    assert!(
        err_of(&p).contains("gemm scale has 8 bytes, not n = 3 floats"),
        "{}",
        err_of(&p)
    );
    let mut p = rich();
    gemm(&mut p).epilogue.activation = Activation::Clamp {
        lo: 6f32.to_bits(),
        hi: 0f32.to_bits(),
    };
    assert!(
        err_of(&p).contains("clamp bounds 6 and 0 are not ordered"),
        "{}",
        err_of(&p)
    );
    let mut p = rich();
    gemm(&mut p).epilogue.bias = Some(buf(Region::Constant, 2, 12));
    assert!(err_of(&p).contains("gemm bias offset 2 is not aligned"));
    let mut p = rich();
    gemm(&mut p).epilogue.bias = Some(buf(Region::Input(0), 120, 12));
    assert!(err_of(&p).contains("gemm bias out of range of region input 0"));
    let mut p = rich();
    let g = gemm(&mut p);
    g.dtype = DType::F16;
    g.lhs_dtype = DType::F16;
    g.rhs_dtype = DType::F16;
    g.epilogue.bias = None;
    assert!(err_of(&p).contains("gemm epilogue on f16: only f32 has one"));
    // The flag and activation bytes follow the out view: corrupt each in the encoding.
    let good = rich().to_bytes();
    let mut p = rich();
    gemm(&mut p).epilogue.activation = Activation::None;
    let none = p.to_bytes();
    let at = (0..good.len())
        .find(|&i| good[i] != none[i] && i >= 12)
        .expect("the activation byte differs");
    let mut bad = good.clone();
    bad[at] = 7;
    fix_header(&mut bad);
    let e = Pjx::from_bytes(&bad).unwrap_err().to_string();
    assert!(e.contains("epilogue activation 7 is not known"), "{e}");
    let flag = at - 1 - 21;
    assert_eq!(good[flag], 2, "the flags (bias only) precede the bias");
    let mut bad = good;
    bad[flag] = 4;
    fix_header(&mut bad);
    let e = Pjx::from_bytes(&bad).unwrap_err().to_string();
    assert!(e.contains("epilogue flags 0x4 name unknown parts"), "{e}");

    let mut p = rich();
    if let Step::Conv(c) = &mut p.steps[2] {
        c.out_spatial[1] = 3;
    }
    assert!(err_of(&p).contains("out_spatial 3 but the parameters give 2"));

    let mut p = rich();
    if let Step::Copy { dst, .. } = &mut p.steps[3] {
        dst.region = Region::Input(1);
        dst.size = 96;
    }
    assert!(err_of(&p).contains("copy sizes differ") || err_of(&p).contains("read-only"));

    let mut p = rich();
    p.kernels[1].offset = 128;
    assert!(err_of(&p).contains("kernel 1 'fused_1' offset 128 outside text"));

    let mut p = rich();
    p.code.relocs[0].offset = 250;
    assert!(err_of(&p).contains("reloc 0 at offset 250 outside"));

    let mut p = rich();
    if let Step::Dispatch { kernel, .. } = &mut p.steps[0] {
        *kernel = 2;
    }
    assert!(err_of(&p).contains("kernel 2 out of range"));

    let mut bytes = rich().to_bytes();
    bytes[4] = 9;
    assert!(matches!(
        Pjx::from_bytes(&bytes),
        Err(FormatError::Version { found: 9, .. })
    ));
    let mut bytes = rich().to_bytes();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    assert!(matches!(
        Pjx::from_bytes(&bytes),
        Err(FormatError::Checksum { .. })
    ));
    assert!(Pjx::from_bytes(b"PJX").is_err());
    assert!(Pjx::from_bytes(b"").is_err());
}

#[test]
fn nested_steps_are_validated() {
    // Errors inside nested lists name the path to the step.
    let mut p = rich();
    if let Step::While { body, .. } = &mut p.steps[4] {
        body.push(Step::Copy {
            src: buf(Region::Arena, 0, 8),
            dst: buf(Region::Constant, 0, 8),
        });
    }
    let e = err_of(&p);
    assert!(e.starts_with("section 'schedule' at byte "), "{e}");
    assert!(
        e.contains("step 4.body.1: copy dst writes to read-only"),
        "{e}"
    );

    let mut p = rich();
    if let Step::While { pred, .. } = &mut p.steps[4] {
        pred.size = 4;
    }
    assert!(err_of(&p).contains("step 4: while pred has 4 bytes, not 1"));

    let mut p = rich();
    if let Step::Case { index, .. } = &mut p.steps[5] {
        index.size = 2;
    }
    assert!(err_of(&p).contains("case index has 2 bytes"));
    let mut p = rich();
    if let Step::Case { branches, .. } = &mut p.steps[5] {
        branches.clear();
    }
    assert!(err_of(&p).contains("step 5: case without branches"));
    let mut p = rich();
    if let Step::Case { branches, .. } = &mut p.steps[5] {
        branches[2][0] = Step::Dispatch {
            kernel: 5,
            bindings: vec![],
            workgroups: 1,
            extent: None,
        };
    }
    assert!(err_of(&p).contains("step 5.branch2.0: kernel 5 out of range"));

    // Deep nesting is refused before it could exhaust the stack.
    let mut p = rich();
    let mut deep = Step::Copy {
        src: buf(Region::Arena, 0, 1),
        dst: buf(Region::Arena, 1, 1),
    };
    for _ in 0..=MAX_NESTING {
        deep = Step::Case {
            index: buf(Region::Arena, 0, 1),
            branches: vec![vec![deep]],
        };
    }
    p.steps = vec![deep];
    assert!(
        err_of(&p).contains("nesting deeper than 64 levels"),
        "{}",
        err_of(&p)
    );
    // One level less is fine.
    if let Step::Case { branches, .. } = &p.steps[0] {
        p.steps = branches[0].clone();
    }
    assert!(Pjx::from_bytes(&p.to_bytes()).is_ok());
}

#[test]
fn sort_steps_are_validated() {
    fn sort(p: &mut Pjx) -> &mut Sort {
        match &mut p.steps[6] {
            Step::Sort(s) => s,
            _ => unreachable!(),
        }
    }
    type Mutation<'a> = (&'a dyn Fn(&mut Sort), &'a str);
    let cases: [Mutation; 7] = [
        (
            &|s| s.comparator = 2,
            "sort comparator kernel 2 out of range",
        ),
        (
            &|s| s.dimension = 2,
            "sort dimension 2 out of range for rank 2",
        ),
        (&|s| s.operands.clear(), "sort without operands"),
        (
            &|s| s.shape = vec![4, 9],
            "sort operand 0 input has 128 bytes, f32[4, 9] needs 144",
        ),
        (
            &|s| s.operands[1].output.offset = 2100,
            "sort output 0 overlaps operand 1",
        ),
        (
            &|s| s.operands[0].output = buf(Region::Constant, 0, 128),
            "read-only",
        ),
        (
            &|s| s.operands[0].output.offset = 2050,
            "not aligned to f32",
        ),
    ];
    for (mutate, want) in cases {
        let mut p = rich();
        mutate(sort(&mut p));
        assert!(err_of(&p).contains(want), "{want}: {}", err_of(&p));
    }
}

#[test]
fn softmax_steps_are_validated() {
    fn softmax(p: &mut Pjx) -> &mut Softmax {
        match &mut p.steps[7] {
            Step::Softmax(s) => s,
            _ => unreachable!(),
        }
    }
    type Mutation<'a> = (&'a dyn Fn(&mut Softmax), &'a str);
    let cases: [Mutation; 6] = [
        (
            &|s| s.cols = 9,
            "softmax src has 128 bytes, 4x9 f32 needs 144",
        ),
        (
            &|s| s.rows = u64::MAX,
            "softmax 18446744073709551615x8 is too large",
        ),
        (&|s| s.dst.offset = 4000, "softmax dst"),
        (&|s| s.dst = buf(Region::Constant, 0, 128), "read-only"),
        (&|s| s.dst.offset = 2434, "not aligned to f32"),
        (
            &|s| {
                s.src = buf(Region::Arena, 2432, 128);
                s.dst.offset = 2496;
            },
            "softmax dst partly overlaps its src",
        ),
    ];
    for (mutate, want) in cases {
        let mut p = rich();
        mutate(softmax(&mut p));
        assert!(err_of(&p).contains(want), "{want}: {}", err_of(&p));
    }
    // In place is allowed.
    let mut p = rich();
    softmax(&mut p).src = buf(Region::Arena, 2432, 128);
    assert!(Pjx::from_bytes(&p.to_bytes()).is_ok());
}

#[test]
fn collective_steps_are_validated() {
    fn coll(p: &mut Pjx, i: usize) -> &mut Collective {
        match &mut p.steps[i] {
            Step::Collective(c) => c,
            _ => unreachable!(),
        }
    }
    type Mutation<'a> = (usize, &'a dyn Fn(&mut Collective), &'a str);
    let cases: [Mutation; 7] = [
        (8, &|c| c.combiner = None, "all_reduce without a combiner"),
        (
            9,
            &|c| c.combiner = coll_combiner(),
            "all_gather with a combiner",
        ),
        (
            8,
            &|c| c.combiner.as_mut().unwrap().point = 2,
            "combiner kernel 2 out of range",
        ),
        (
            8,
            &|c| c.operands[0].output = Some(buf(Region::Input(0), 0, 128)),
            "read-only",
        ),
        (
            9,
            // The same bytes (the size check comes first), laid out otherwise.
            &|c| c.operands[0].out_shape = vec![2, 16],
            "differ off dimension 0",
        ),
        (
            8,
            &|c| c.operands[0].output = Some(buf(Region::Arena, 2560, 64)),
            "has 64 bytes",
        ),
        (
            8,
            &|c| {
                c.operands[0].input = Some(buf(Region::Arena, 2560, 128));
            },
            "output 0 overlaps operand 0",
        ),
    ];
    for (i, mutate, want) in cases {
        let mut p = rich();
        mutate(coll(&mut p, i));
        assert!(err_of(&p).contains(want), "{want}: {}", err_of(&p));
    }
}

fn coll_combiner() -> Option<Combiner> {
    Some(Combiner {
        chunk: 0,
        chunk_workgroups: 1,
        point: 0,
        point_workgroups: 1,
    })
}

/// xorshift64*: deterministic, no dependency.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn fix_header(b: &mut [u8]) {
    if b.len() >= 64 {
        let len = b.len() as u64;
        b[24..32].copy_from_slice(&len.to_le_bytes());
        let crc = pjrtc_runtime::format::checksum(&b[12..]);
        b[8..12].copy_from_slice(&crc.to_le_bytes());
    }
}

fn mutate(rng: &mut Rng, good: &[u8], i: usize) -> Vec<u8> {
    {
        let mut b = good.to_vec();
        let edits = 1 + rng.below(3);
        for _ in 0..edits {
            match rng.below(6) {
                0 | 1 => {
                    let at = rng.below(b.len());
                    if at < b.len() {
                        b[at] ^= 1 << rng.below(8);
                    }
                }
                2 => {
                    // Overwrite a little-endian u32/u64 field with an extreme value.
                    let at = rng.below(b.len().saturating_sub(8));
                    let v = [0u64, 1, u32::MAX as u64, u64::MAX, 1 << 40, 64][rng.below(6)];
                    let w = if rng.below(2) == 0 { 4 } else { 8 };
                    if at + w <= b.len() {
                        b[at..at + w].copy_from_slice(&v.to_le_bytes()[..w]);
                    }
                }
                3 => b.truncate(rng.below(b.len())),
                4 => {
                    let at = rng.below(b.len());
                    b.insert(at.min(b.len()), rng.next() as u8);
                }
                _ => {
                    if !b.is_empty() {
                        let at = rng.below(b.len());
                        b.remove(at);
                    }
                }
            }
        }
        // Most mutations get the checksum recomputed so the structural checks run.
        if !i.is_multiple_of(4) {
            fix_header(&mut b);
        }
        b
    }
}

#[test]
fn mutations_never_panic() {
    let good = rich().to_bytes();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut ok = 0;
    for i in 0..10_000 {
        if Pjx::from_bytes(&mutate(&mut rng, &good, i)).is_ok() {
            ok += 1;
        }
    }
    // Some mutations (e.g. of a constant byte) stay valid; most do not.
    assert!(ok < 10_000);
}

/// Whatever the decoder accepts, the interpreter and kernels can run: mutate an artifact
/// without kernels and execute every mutant that decodes (if its buffers are small).
#[test]
fn accepted_mutants_run() {
    let mut p = rich();
    p.kernels.clear();
    p.code = CodeImage::default();
    p.steps.remove(0);
    // Without kernels there is no comparator or combiner; a mutated loop predicate could
    // spin forever.
    p.steps.retain(|s| match s {
        Step::Sort(_) | Step::While { .. } => false,
        Step::Collective(c) => c.combiner.is_none(),
        _ => true,
    });
    // Also a grouped, dilated i32 conv (the direct path).
    p.signature
        .inputs
        .push(spec("%arg3", DType::I32, &[2, 5, 4]));
    p.signature
        .outputs
        .push(spec("out3", DType::I32, &[1, 2, 4]));
    p.steps.push(Step::Conv(Conv {
        dtype: DType::I32,
        input: buf(Region::Input(3), 0, 160),
        kernel: buf(Region::Constant, 0, 2 * 4 * 4 * 4),
        output: buf(Region::Output(3), 0, 32),
        batch: 2,
        in_features: 4,
        out_features: 4,
        in_spatial: vec![5],
        kernel_spatial: vec![2],
        out_spatial: vec![2],
        strides: vec![2],
        padding: vec![(1, -1)],
        lhs_dilation: vec![1],
        rhs_dilation: vec![2],
        feature_groups: 1,
        batch_groups: 2,
        epilogue: Default::default(),
        extent: None,
    }));
    let good = p.to_bytes();
    Pjx::from_bytes(&good).unwrap();
    let mut rng = Rng(0x1234_5678);
    let mut ran = 0;
    for i in 0..10_000 {
        let Ok(p) = Pjx::from_bytes(&mutate(&mut rng, &good, i)) else {
            continue;
        };
        let sig = &p.signature;
        let small = |s: &TensorSpec| s.byte_size() < 1 << 20;
        if p.arena_size > 1 << 20 || !sig.inputs.iter().chain(&sig.outputs).all(small) {
            continue;
        }
        let inputs: Vec<Tensor> = sig
            .inputs
            .iter()
            .map(|s| Tensor::zeros(s.dtype, &s.shape))
            .collect();
        let refs: Vec<&Tensor> = inputs.iter().collect();
        let exe = Executable::from_pjx(p).unwrap();
        exe.run(&refs).unwrap();
        ran += 1;
    }
    assert!(ran > 100, "{ran}");
}

/// The bounded dynamic shapes of a program round-trip, beside its compiled signature.
#[test]
fn dynamic_round_trip() {
    for types in [
        &["b<=4,3"][..],
        &["b<=4,c<=5", "b<=4", "7"],
        &["?<=4,?<=2", "1,?<=1"],
    ] {
        let p = copy_program(types, true);
        let back = Pjx::from_bytes(&p.to_bytes()).unwrap();
        assert_eq!(back, p);
        assert!(back.dynamic.is_some());
    }
    // A program with no inputs or outputs, dynamic or not, is told apart.
    let mut p = rich();
    p.signature = Signature::default();
    p.steps.clear();
    p.dynamic = Some(DynamicShapes::default());
    assert_eq!(Pjx::from_bytes(&p.to_bytes()).unwrap(), p);
    p.dynamic = None;
    assert_eq!(Pjx::from_bytes(&p.to_bytes()).unwrap().dynamic, None);
}

#[test]
fn dynamic_types_and_lines_describe_the_bounds() {
    let p = copy_program(&["b<=4,3", "?<=2"], true);
    let d = p.dynamic.as_ref().unwrap();
    assert_eq!(d.inputs[0].type_string(), "f32[b<=4,3]");
    assert_eq!(d.inputs[1].type_string(), "f32[?<=2]");
    assert_eq!(d.inputs[0].bound_shape(), vec![4, 3]);
    assert_eq!(
        dynamic_lines(d),
        vec![
            "in0:  f32[b<=4,3] %arg0 (sizes: b -> in2)",
            "in1:  f32[?<=2] %arg1 (sizes: ? -> in3)",
            "out0: f32[b<=4,3] out0 (sizes: b <- out2)",
            "out1: f32[?<=2] out1 (sizes: ? <- out3)",
            "assert out4 (values out2): \"'b' = {0} is not allowed, from specification 'b'\"",
        ]
    );
}

/// Every way a `dynamic` section can contradict its compiled signature is refused, by
/// what it is.
#[test]
fn dynamic_sections_are_validated() {
    type Edit = fn(&mut Pjx);
    fn d(p: &mut Pjx) -> &mut DynamicShapes {
        p.dynamic.as_mut().unwrap()
    }
    fn dim(p: &mut Pjx, output: bool, i: usize, j: usize) -> &mut Dim {
        let d = d(p);
        let list = if output {
            &mut d.outputs
        } else {
            &mut d.inputs
        };
        &mut list[i].dims[j]
    }
    fn set_slot(dm: &mut Dim, to: u32) {
        if let Dim::Dynamic { slot, .. } = dm {
            *slot = to;
        }
    }
    fn set_bound(dm: &mut Dim, to: u64) {
        if let Dim::Dynamic { bound, .. } = dm {
            *bound = to;
        }
    }
    // Two inputs `b<=4,3` and `c<=4`: compiled inputs 0, 1, sizes 2 (b) and 3 (c);
    // outputs 0, 1, sizes 2 and 3, the predicate 4.
    let cases: Vec<(Edit, &str)> = vec![
        (
            |p| set_slot(dim(p, false, 0, 0), 1),
            "slot 1 is not an extra i64 scalar",
        ),
        (
            |p| set_slot(dim(p, false, 0, 0), 4),
            "slot 4 is not an extra i64 scalar",
        ),
        (
            |p| p.signature.inputs[2].dtype = DType::I32,
            "slot 2 is not an extra i64 scalar",
        ),
        (
            |p| p.signature.inputs[3].shape = vec![1],
            "slot 3 is not an extra i64 scalar",
        ),
        (
            |p| set_bound(dim(p, false, 0, 0), 5),
            "input 0 (%arg0) at its bounds is not the compiled program's input 0 (f32[4,3])",
        ),
        (
            |p| *dim(p, false, 0, 1) = Dim::Static(2),
            "input 0 (%arg0) at its bounds is not the compiled program's input 0",
        ),
        (
            |p| d(p).inputs[1].dtype = DType::F64,
            "input 1 (%arg1) at its bounds is not the compiled program's input 1 (f32[4])",
        ),
        (
            |p| d(p).inputs[1].dims.push(Dim::Static(1)),
            "input 1 (%arg1) at its bounds is not the compiled program's input 1",
        ),
        (
            |p| {
                set_bound(dim(p, false, 1, 0), 0);
                p.signature.inputs[1].shape = vec![0];
            },
            "input 1 (%arg1) at its bounds is not the compiled program's input 1",
        ),
        (|p| set_slot(dim(p, false, 1, 0), 2), "slot 2 is used twice"),
        (
            |p| {
                let mut s = p.signature.inputs[3].clone();
                s.name = "%extra".into();
                p.signature.inputs.push(s);
            },
            "compiled input 4 is neither a caller's nor a size or assertion slot",
        ),
        (
            |p| {
                let t = d(p).inputs[1].clone();
                d(p).inputs.extend([t.clone(), t.clone(), t]);
            },
            "5 caller inputs, the compiled program has 4",
        ),
        (
            |p| {
                // Symbol b in input 1 too, at another bound.
                p.signature.inputs[0].shape = vec![3, 3];
                set_bound(dim(p, false, 0, 0), 3);
                *dim(p, false, 1, 0) = Dim::Dynamic {
                    symbol: "b".into(),
                    bound: 4,
                    slot: 2,
                };
            },
            "symbol b has bounds 3 and 4",
        ),
        (
            |p| set_slot(dim(p, true, 0, 0), 0),
            "slot 0 is not an extra i64 scalar",
        ),
        (
            |p| set_slot(dim(p, true, 0, 0), 4),
            "slot 4 is not an extra i64 scalar",
        ),
        (|p| set_slot(dim(p, true, 1, 0), 2), "slot 2 is used twice"),
        (
            |p| set_bound(dim(p, true, 0, 0), 2),
            "output 0 (out0) at its bounds is not the compiled program's output 0 (f32[4,3])",
        ),
        (
            |p| d(p).assertions[0].pred = 2,
            "slot 2 is not an extra i1 scalar",
        ),
        (
            |p| d(p).assertions[0].pred = 9,
            "slot 9 is not an extra i1 scalar",
        ),
        (
            |p| d(p).assertions[0].values.push(4),
            "slot 4 is not an extra i64 scalar",
        ),
        (
            |p| d(p).assertions.clear(),
            "compiled output 4 is neither a caller's nor a size or assertion slot",
        ),
    ];
    for (i, (edit, want)) in cases.into_iter().enumerate() {
        let mut p = copy_program(&["b<=4,3", "c<=4"], true);
        edit(&mut p);
        let e = err_of(&p);
        assert!(e.starts_with("section 'dynamic' at byte "), "case {i}: {e}");
        assert!(e.contains(want), "case {i}: {e}\nwanted: {want}");
    }
}

/// Where section `id` lies in `bytes` (from the section table).
fn section(bytes: &[u8], id: u32) -> (usize, usize) {
    let count = u32::from_le_bytes(bytes[16..20].try_into().unwrap()) as usize;
    for i in 0..count {
        let at = 64 + 24 * i;
        if u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) == id {
            let off = u64::from_le_bytes(bytes[at + 8..at + 16].try_into().unwrap());
            let len = u64::from_le_bytes(bytes[at + 16..at + 24].try_into().unwrap());
            return (off as usize, len as usize);
        }
    }
    panic!("no section {id}");
}

/// Malformed bytes in the `dynamic` section are errors.
#[test]
fn malformed_dynamic_bytes_are_refused() {
    const DYNAMIC: u32 = 8;
    let good = copy_program(&["b<=4,3"], true).to_bytes();
    let (off, len) = section(&good, DYNAMIC);
    let decode = |edit: &dyn Fn(&mut Vec<u8>)| {
        let mut b = good.clone();
        edit(&mut b);
        fix_header(&mut b);
        Pjx::from_bytes(&b).unwrap_err().to_string()
    };
    let e = decode(&|b| b[off] = 2);
    assert!(e.contains("dynamic flag 2 is not 0 or 1"), "{e}");
    // The first input's first dimension kind: after the flag, the count, the name
    // (`%arg0`), the dtype and the rank.
    let e = decode(&|b| b[off + 1 + 4 + 4 + 5 + 1 + 4] = 7);
    assert!(e.contains("invalid dimension kind 7"), "{e}");
    let e = decode(&|b| b[off + 1..off + 5].copy_from_slice(&u32::MAX.to_le_bytes()));
    assert!(e.contains("dynamic inputs count 4294967295 exceeds"), "{e}");
    // Cut short: the section's length in the table says less.
    let e = decode(&|b| {
        let at = 64 + 24 * 7 + 16;
        b[at..at + 8].copy_from_slice(&((len - 3) as u64).to_le_bytes());
    });
    assert!(
        e.contains("section 'dynamic'") && e.contains("exceeds the 45 bytes left"),
        "{e}"
    );
    // A static program's section with bytes after its flag.
    let mut p = rich();
    p.dynamic = None;
    let good = p.to_bytes();
    let (off, _) = section(&good, DYNAMIC);
    let mut b = good.clone();
    b[off] = 1;
    fix_header(&mut b);
    let e = Pjx::from_bytes(&b).unwrap_err().to_string();
    assert!(e.contains("section 'dynamic'"), "{e}");
}

#[test]
fn dynamic_mutations_never_panic() {
    let good = copy_program(&["b<=4,c<=5", "b<=4"], true).to_bytes();
    let mut rng = Rng(0x5eed_d1a6);
    for i in 0..10_000 {
        let _ = Pjx::from_bytes(&mutate(&mut rng, &good, i));
    }
}

/// Whatever dynamic program the decoder accepts runs, or is refused, on inputs of its
/// bounds and of smaller sizes.
#[test]
fn accepted_dynamic_mutants_run() {
    let good = copy_program(&["b<=4,c<=5", "b<=4"], true).to_bytes();
    let mut rng = Rng(0xd1a6_5eed);
    let mut ran = 0;
    for i in 0..10_000 {
        let Ok(p) = Pjx::from_bytes(&mutate(&mut rng, &good, i)) else {
            continue;
        };
        let Some(d) = p.dynamic.clone() else {
            continue;
        };
        let small = |t: &DynamicTensor| t.bound_shape().iter().product::<u64>() < 1 << 16;
        if !d.inputs.iter().chain(&d.outputs).all(small) {
            continue;
        }
        let exe = Executable::from_pjx(p).unwrap();
        for shrink in [0, 1] {
            let inputs: Vec<Tensor> = d
                .inputs
                .iter()
                .map(|t| {
                    let shape: Vec<u64> = t
                        .dims
                        .iter()
                        .map(|dm| match dm {
                            Dim::Static(n) => *n,
                            Dim::Dynamic { bound, .. } => bound.saturating_sub(shrink),
                        })
                        .collect();
                    Tensor::zeros(t.dtype, &shape)
                })
                .collect();
            let refs: Vec<&Tensor> = inputs.iter().collect();
            let _ = exe.run(&refs);
        }
        ran += 1;
    }
    assert!(ran > 100, "{ran}");
}
