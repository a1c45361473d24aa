//! `While` and `Case` steps interpreted by the executor, with copies only (no kernels): a
//! loop driven by a shift register, and every kind of case index.

use pjrtc_runtime::format::*;
use pjrtc_runtime::{DType, Executable, Tensor};

fn buf(region: Region, offset: u64, size: u64) -> BufRef {
    BufRef {
        region,
        offset,
        size,
    }
}

fn copy(src: BufRef, dst: BufRef) -> Step {
    Step::Copy { src, dst }
}

fn pjx(inputs: Vec<TensorSpec>, out_bytes: u64, constants: Vec<u8>, steps: Vec<Step>) -> Pjx {
    Pjx {
        producer: "test".into(),
        target: Target {
            triple: "x86_64-unknown-linux-gnu".into(),
            features: vec![],
        },
        signature: Signature {
            inputs,
            outputs: vec![TensorSpec {
                name: String::new(),
                dtype: DType::U8,
                shape: vec![out_bytes],
                alias_of_input: None,
            }],
        },
        arena_size: 64,
        constants: constants.into(),
        code: CodeImage::default(),
        kernels: vec![],
        steps,
        ffi_libraries: Vec::new(),
        dynamic: None,
    }
}

#[test]
fn loop_runs_until_its_predicate_clears() {
    // arena[0..8] = [1, 1, 1, 0, ...]; each iteration shifts it left by one byte and shifts
    // a 1 into the output tally, so the loop runs three times.
    let a = |o, n| buf(Region::Arena, o, n);
    let out = |o, n| buf(Region::Output(0), o, n);
    let steps = vec![
        copy(buf(Region::Constant, 0, 8), a(0, 8)),
        Step::While {
            cond: vec![copy(a(0, 1), a(32, 1))],
            pred: a(32, 1),
            body: vec![
                copy(a(1, 7), a(0, 7)),
                copy(out(0, 7), out(1, 7)),
                copy(buf(Region::Constant, 0, 1), out(0, 1)),
            ],
        },
    ];
    let p = pjx(vec![], 8, vec![1, 1, 1, 0, 0, 0, 0, 0], steps);
    let exe = Executable::load(&p.to_bytes()).unwrap();
    let got = exe.run(&[]).unwrap();
    assert_eq!(got[0].bytes(), [1, 1, 1, 0, 0, 0, 0, 0]);
}

#[test]
fn case_index_selects_a_branch_and_out_of_range_takes_the_last() {
    // The i32 index is the input; branch b writes b + 10 into the output.
    let constants: Vec<u8> = vec![10, 11, 12, 0];
    let branches = (0..3)
        .map(|b| {
            vec![copy(
                buf(Region::Constant, b, 1),
                buf(Region::Output(0), 0, 1),
            )]
        })
        .collect();
    let steps = vec![Step::Case {
        index: buf(Region::Input(0), 0, 4),
        branches,
    }];
    let spec = TensorSpec {
        name: String::new(),
        dtype: DType::I32,
        shape: vec![],
        alias_of_input: None,
    };
    let artifact = pjx(vec![spec], 1, constants, steps);
    // Loaded from a slice (constants copied), from shared aligned bytes and from a file
    // (constants read where they lie): the same results.
    let shared = std::sync::Arc::new(artifact.to_aligned_bytes());
    let file = std::env::temp_dir().join(format!("pjrtc-control-{}.pjx", std::process::id()));
    std::fs::write(&file, artifact.to_bytes()).unwrap();
    let loaded = [
        Executable::load(&artifact.to_bytes()).unwrap(),
        Executable::load_shared(shared.clone()).unwrap(),
        Executable::load_file(&file).unwrap(),
    ];
    std::fs::remove_file(&file).unwrap();
    let in_place = loaded[1].constants().as_ptr_range();
    assert!(shared.as_slice().as_ptr_range().contains(&in_place.start));
    for exe in &loaded {
        for (i, want) in [(0, 10), (1, 11), (2, 12), (3, 12), (-1, 12), (i32::MIN, 12)] {
            let x = Tensor::from_bytes(DType::I32, &[], &i32::to_le_bytes(i)).unwrap();
            assert_eq!(exe.run(&[&x]).unwrap()[0].bytes(), [want], "index {i}");
        }
    }
    // The view keeps the bytes alive after the caller's handle is gone.
    drop(shared);
    let x = Tensor::from_bytes(DType::I32, &[], &i32::to_le_bytes(1)).unwrap();
    assert_eq!(loaded[1].run(&[&x]).unwrap()[0].bytes(), [11]);
    let missing = std::env::temp_dir().join("pjrtc-no-such-artifact.pjx");
    let e = Executable::load_file(&missing).err().unwrap().to_string();
    assert!(e.contains("pjrtc-no-such-artifact.pjx"), "{e}");
    // A 1-byte index is an i1 predicate: 0 -> branch 0, 1 -> branch 1.
    let steps = vec![Step::Case {
        index: buf(Region::Input(0), 0, 1),
        branches: vec![
            vec![copy(
                buf(Region::Constant, 0, 1),
                buf(Region::Output(0), 0, 1),
            )],
            vec![copy(
                buf(Region::Constant, 1, 1),
                buf(Region::Output(0), 0, 1),
            )],
        ],
    }];
    let spec = TensorSpec {
        name: String::new(),
        dtype: DType::I1,
        shape: vec![],
        alias_of_input: None,
    };
    let exe = Executable::load(&pjx(vec![spec], 1, vec![10, 11], steps).to_bytes()).unwrap();
    for (p, want) in [(0u8, 10), (1, 11)] {
        let x = Tensor::from_bytes(DType::I1, &[], &[p]).unwrap();
        assert_eq!(exe.run(&[&x]).unwrap()[0].bytes(), [want]);
    }
}
