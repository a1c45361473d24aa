//! Dispatch steps with a hand-assembled x86_64 kernel, run through the real loader.
//! Skipped where the loader is not available (other architectures, or a stub loader).

#![cfg(all(target_arch = "x86_64", target_os = "linux"))]

use pjrtc_runtime::format::*;
use pjrtc_runtime::{ArtifactError, DType, Executable, LoadError, Tensor};

/// `for i in begin..end { (bindings[0] as *mut u64)[i] = i }`, System V calling convention.
const KERNEL: [u8; 18] = [
    0x48, 0x8b, 0x07, // mov rax, [rdi]
    0x48, 0x39, 0xd6, // loop: cmp rsi, rdx
    0x73, 0x09, // jae done
    0x48, 0x89, 0x34, 0xf0, // mov [rax + rsi*8], rsi
    0x48, 0xff, 0xc6, // inc rsi
    0xeb, 0xf2, // jmp loop
    0xc3, // done: ret
];

fn artifact(n: u64) -> Pjx {
    let out = BufRef {
        region: Region::Output(0),
        offset: 0,
        size: n * 8,
    };
    Pjx {
        producer: "test".into(),
        target: Target {
            triple: "x86_64-unknown-linux-gnu".into(),
            features: vec![],
        },
        signature: Signature {
            inputs: vec![],
            outputs: vec![TensorSpec {
                name: String::new(),
                dtype: DType::U64,
                shape: vec![n],
                alias_of_input: None,
            }],
        },
        arena_size: 0,
        constants: Default::default(),
        code: CodeImage {
            bytes: KERNEL.to_vec(),
            text_len: KERNEL.len() as u64,
            relocs: vec![],
        },
        kernels: vec![KernelEntry {
            name: "iota".into(),
            offset: 0,
        }],
        steps: vec![Step::Dispatch {
            kernel: 0,
            bindings: vec![out],
            workgroups: n,
            extent: None,
        }],
        ffi_libraries: Vec::new(),
        dynamic: None,
    }
}

/// The artifact for `n` workgroups, loaded, or `None` where the loader is unavailable.
fn load(n: u64) -> Option<Executable> {
    match Executable::from_pjx(artifact(n)) {
        Ok(e) => Some(e),
        Err(ArtifactError::Load(LoadError::Map(m))) if m.contains("not written") => {
            eprintln!("skipped: {m}");
            None
        }
        Err(e) => panic!("{e}"),
    }
}

fn iota(n: u64) -> Vec<u8> {
    (0..n).flat_map(|i| i.to_le_bytes()).collect()
}

#[test]
fn dispatch_runs_every_workgroup_once() {
    // 8 KB runs on one thread whatever `threads` says; 1.6 MB is split across the pool.
    for n in [1000, 200_000] {
        let Some(mut exe) = load(n) else { return };
        let want = iota(n);
        for threads in [1, 3, 8] {
            exe.set_threads(threads);
            let out: Vec<Tensor> = exe.run(&[]).unwrap();
            assert_eq!(out[0].bytes(), &want[..], "n {n}, threads {threads}");
            // Again into the same outputs, cleared first, with the arena of the last call.
            let mut outs = out;
            outs[0] = Tensor::zeros(DType::U64, &[n]);
            exe.run_into(&[], &mut outs).unwrap();
            assert_eq!(outs[0].bytes(), &want[..], "n {n}, threads {threads}");
        }
    }
}

#[test]
fn concurrent_calls_on_one_executable_split_across_the_pool() {
    let n = 200_000;
    let Some(mut exe) = load(n) else { return };
    exe.set_threads(2);
    let want = iota(n);
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                for _ in 0..25 {
                    let out = exe.run(&[]).unwrap();
                    assert_eq!(out[0].bytes(), &want[..]);
                }
            });
        }
    });
}
