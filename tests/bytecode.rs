//! Bytecode and text agree: for every VHLO artifact in tests/bytecode/ (several StableHLO
//! target versions per program) and ../shared/bytecode/, the compiled bytecode gives outputs
//! bit-identical to the compiled text on the same inputs; where the compiler refuses both
//! for the same unsupported op (while, sort, scatter, ...), the reference evaluator runs
//! both modules after inlining and their results must be bit-identical instead. (The exact op sequence of each artifact is checked against its VHLO text
//! by the bytecode reader's unit tests; serialization may reorder constants, so the printed
//! IR of the two front ends is not compared line by line.)

mod common;

use pjrtc::compiler::{self, Options, eval, frontend, ir::Literal, passes};
use pjrtc_runtime::{Executable, Tensor};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// Outputs of compiling and running `source` on `inputs`, or the compile error.
fn outputs(source: &[u8], inputs: &[Tensor]) -> Result<Vec<Tensor>, String> {
    let pjx = compiler::compile(source, &Options::default()).map_err(|e| e.to_string())?;
    let exe = Executable::load(&pjx.to_bytes()).map_err(|e| format!("load: {e}"))?;
    let refs: Vec<&Tensor> = inputs.iter().collect();
    exe.run(&refs).map_err(|e| format!("run: {e}"))
}

/// Checks one bytecode file against its text.
fn check_pair(text_path: &Path, bc_path: &Path) -> Result<Checked, String> {
    let text = std::fs::read(text_path).map_err(|e| e.to_string())?;
    let bc = std::fs::read(bc_path).map_err(|e| e.to_string())?;
    let pjx = match compiler::compile(&text, &Options::default()) {
        Ok(pjx) => pjx,
        Err(e) => {
            // The text is refused: the bytecode must be refused for the same reason.
            let msg = e.to_string();
            let be = compiler::compile(&bc, &Options::default())
                .err()
                .map(|e| e.to_string());
            // What is unsupported (the op), without the position or location around it.
            let reason = |m: &str| {
                let rest = m.split("unsupported: ").nth(1)?;
                rest.split_whitespace().next().map(str::to_string)
            };
            return match be {
                Some(bm) if msg.contains("unsupported: ") && reason(&bm) == reason(&msg) => {
                    evaluate_both(&text, &bc).map(|e| match e {
                        Evaluated::Same => Checked::Evaluated,
                        Evaluated::NotEvaluable(m) => Checked::NeitherRuns(m),
                    })
                }
                other => Err(format!("text: {msg}; bytecode: {other:?}")),
            };
        }
    };
    let inputs = common::synth_inputs(&pjx.signature);
    let (a, b) = (outputs(&text, &inputs)?, outputs(&bc, &inputs)?);
    if a.len() != b.len()
        || a.iter()
            .zip(&b)
            .any(|(x, y)| x.bytes() != y.bytes() || x.shape != y.shape)
    {
        return Err("outputs differ from the text's".into());
    }
    Ok(Checked::Ran)
}

/// Runs the reference evaluator on the inlined entry function of both sources with the
/// same synthesized inputs; the results must be bit-identical.
fn evaluate_both(text: &[u8], bc: &[u8]) -> Result<Evaluated, String> {
    let entry = |src: &[u8]| {
        let m = frontend::parse(src).map_err(|e| e.to_string())?;
        passes::inline::inline_entry(&m).map_err(|e| e.to_string())
    };
    let (ft, fb) = (entry(text)?, entry(bc)?);
    let sig = pjrtc_runtime::format::Signature {
        inputs: ft
            .param_types()
            .iter()
            .map(|t| pjrtc_runtime::format::TensorSpec {
                name: String::new(),
                dtype: t.dtype,
                shape: t.shape.iter().map(|&d| d as u64).collect(),
                alias_of_input: None,
            })
            .collect(),
        outputs: vec![],
    };
    let args: Vec<Literal> = common::synth_inputs(&sig)
        .iter()
        .zip(ft.param_types())
        .map(|(t, ty)| Literal {
            ty,
            bytes: t.bytes().to_vec().into(),
        })
        .collect();
    match (eval::eval_func(&ft, &args), eval::eval_func(&fb, &args)) {
        (Ok(rt), Ok(rb)) if rt == rb => Ok(Evaluated::Same),
        (Ok(_), Ok(_)) => Err("evaluated results differ from the text's".into()),
        // Neither runs (e.g. a custom call): both front ends must at least have read
        // the same op that stops the evaluator.
        (Err(et), Err(eb)) if et.to_string() == eb.to_string() => {
            Ok(Evaluated::NotEvaluable(et.to_string()))
        }
        (et, eb) => Err(format!(
            "eval text: {:?}; eval bytecode: {:?}",
            et.err(),
            eb.err()
        )),
    }
}

/// What the reference evaluator said of a program the compiler refuses.
enum Evaluated {
    Same,
    NotEvaluable(String),
}

/// How one artifact was checked against its text.
enum Checked {
    /// Compiled; outputs bit-identical.
    Ran,
    /// Refused alike by the compiler; evaluated bit-identical.
    Evaluated,
    /// Refused alike by the compiler, and neither evaluates: same stopping op (the message).
    NeitherRuns(String),
}

fn bytecode_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|r| r.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    v.retain(|p| p.extension().is_some_and(|e| e == "mlirbc"));
    v.sort();
    v
}

#[test]
fn bytecode_matches_text_across_versions() {
    let corpus = root().join("tests/bytecode");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&corpus)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("model.mlir").is_file())
        .collect();
    cases.sort();
    let (mut compared, mut evaluated, mut failures) = (0, 0, Vec::new());
    let mut neither = std::collections::BTreeSet::new();
    let mut programs_compared = std::collections::BTreeSet::new();
    for case in &cases {
        let name = case.file_name().unwrap().to_string_lossy().to_string();
        if name.starts_with("unsupported_") {
            continue; // covered by the front end's own tests: every version must be refused
        }
        for bc in bytecode_files(case) {
            match check_pair(&case.join("model.mlir"), &bc) {
                Ok(Checked::Ran) => {
                    compared += 1;
                    programs_compared.insert(name.clone());
                }
                Ok(Checked::Evaluated) => evaluated += 1,
                Ok(Checked::NeitherRuns(why)) => {
                    neither.insert(format!("{name} ({why})"));
                }
                Err(e) => failures.push(format!(
                    "{}: {e}",
                    bc.strip_prefix(&corpus).unwrap().display()
                )),
            }
        }
    }
    println!(
        "bytecode: {compared} artifacts ({} programs) ran identical to text, {evaluated} not \
         compiled yet evaluated identical to text, {} failed",
        programs_compared.len(),
        failures.len()
    );
    for n in &neither {
        println!("neither compiled nor evaluated, read as the same op by both front ends: {n}");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        programs_compared.len() >= 29,
        "only {} programs compared",
        programs_compared.len()
    );
}

#[test]
fn shared_bytecode_examples_match_text() {
    let dir = root().join("../shared/bytecode");
    let files = bytecode_files(&dir);
    assert!(
        files.len() >= 6,
        "../shared/bytecode not found beside the checkout"
    );
    for bc in files {
        let name = bc.file_name().unwrap().to_string_lossy().to_string();
        let stem = name.split('.').next().unwrap();
        let checked = check_pair(&dir.join(format!("{stem}.mlir")), &bc)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            matches!(checked, Checked::Ran),
            "{name}: expected to compile and run"
        );
    }
}

/// Programs with `while`, `if`, `case` and `sort` compile (they used to be refused and only
/// evaluated): the compiled text must match the outputs JAX recorded beside it, where there
/// are some, and the reference evaluator on synthesized inputs; `bytecode_matches_text_across_versions`
/// then holds every bytecode version to the compiled text's outputs.
#[test]
fn control_flow_programs_compile_and_match_jax_and_the_evaluator() {
    let numbered = |dir: &Path, prefix: &str| -> Vec<Tensor> {
        (0..)
            .map(|i| dir.join(format!("{prefix}{i}.npy")))
            .take_while(|p| p.is_file())
            .map(|p| common::read_npy(&p))
            .collect()
    };
    for name in ["cond", "sort", "switch", "text_if", "while_loop"] {
        let dir = root().join("tests/bytecode").join(name);
        let text = std::fs::read(dir.join("model.mlir")).unwrap();
        let pjx =
            compiler::compile(&text, &Options::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let inputs = numbered(&dir, "input_");
        let expected = numbered(&dir, "expected_");
        if !expected.is_empty() {
            let got = outputs(&text, &inputs).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(got.len(), expected.len(), "{name}");
            for (i, (g, w)) in got.iter().zip(&expected).enumerate() {
                let c = common::compare(g, w, 1e-6, 1e-6).unwrap_or_else(|e| panic!("{name}: {e}"));
                assert!(
                    c.first_failure.is_none(),
                    "{name} out{i}: {:?}",
                    c.first_failure
                );
            }
        }
        let synth = common::synth_inputs(&pjx.signature);
        let got = outputs(&text, &synth).unwrap_or_else(|e| panic!("{name}: {e}"));
        let m = frontend::parse(&text).unwrap();
        let f = passes::inline::inline_entry(&m).unwrap();
        let args: Vec<Literal> = synth
            .iter()
            .zip(f.param_types())
            .map(|(t, ty)| Literal {
                ty,
                bytes: t.bytes().to_vec().into(),
            })
            .collect();
        let want = eval::eval_func(&f, &args).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(got.len(), want.len(), "{name}");
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            let shape: Vec<u64> = w.ty.shape.iter().map(|&d| d as u64).collect();
            let w = Tensor::from_bytes(w.ty.dtype, &shape, &w.bytes).unwrap();
            let c = common::compare(g, &w, 1e-6, 1e-6).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(
                c.first_failure.is_none(),
                "{name} out{i} vs eval: {:?}",
                c.first_failure
            );
        }
    }
}

/// Programs JAX sent a 4-device pjrtc platform (tests/bytecode/gen_spmd_programs.py): a
/// pmap compiles into its per-device body and computes device 0's shard; a psum inside pmap
/// runs on four devices at once, each in its own thread; a sharded jit is refused with a
/// message that says why.
#[test]
fn partitioned_programs_from_jax() {
    let corpus = root().join("tests/bytecode");
    let one = |case: &str| {
        let files = bytecode_files(&corpus.join(case));
        assert_eq!(files.len(), 1, "{case}: {files:?}");
        std::fs::read(&files[0]).unwrap()
    };
    let case = corpus.join("spmd_pmap_affine");
    let input = common::read_npy(&case.join("input_0.npy"));
    let want = common::read_npy(&case.join("expected_0.npy"));
    assert_eq!(input.shape, [1, 3], "device 0's shard of a 4x3 array");
    let got = outputs(&one("spmd_pmap_affine"), &[input]).unwrap();
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].shape, [1, 3]);
    assert_eq!(got[0].bytes(), want.bytes());

    // psum: each device's shard is a row of arange(12).reshape(4, 3); every device gets
    // the column sums, added in device order.
    let pjx = compiler::compile(&one("spmd_pmap_psum"), &Options::default()).unwrap();
    let exe = Executable::load(&pjx.to_bytes()).unwrap();
    let rows: Vec<Vec<f32>> = (0..4)
        .map(|d| (0..3).map(|c| (3 * d + c) as f32).collect())
        .collect();
    let got = run_on_devices(&exe, &rows, [1, 3]);
    let sums: Vec<f32> = (0..3)
        .map(|c| rows.iter().fold(0.0, |s, r| s + r[c]))
        .collect();
    assert_eq!(sums, [18.0, 22.0, 26.0]);
    for (d, g) in got.iter().enumerate() {
        assert_eq!(g, &sums, "device {d}");
    }
    let err = outputs(&one("spmd_sharded_jit"), &[]).unwrap_err();
    assert!(
        err.contains("unsupported: a program partitioned over 4 devices"),
        "{err}"
    );
}

/// Runs `exe` as partitions `0..n` of one call, each device in its own thread with one f32
/// input of `shape` (its row of `inputs`); the first output of each, flattened.
fn run_on_devices(exe: &Executable, inputs: &[Vec<f32>], shape: [u64; 2]) -> Vec<Vec<f32>> {
    use pjrtc_runtime::collective::{Device, Grid, Rendezvous};
    let grid = Grid {
        replicas: 1,
        partitions: inputs.len() as u32,
    };
    let rendezvous = Rendezvous::new(std::time::Duration::from_secs(60));
    std::thread::scope(|s| {
        let handles: Vec<_> = inputs
            .iter()
            .enumerate()
            .map(|(d, v)| {
                let rendezvous = &rendezvous;
                s.spawn(move || {
                    let bytes: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
                    let t = Tensor::from_bytes(pjrtc_runtime::DType::F32, &shape, &bytes).unwrap();
                    let device = Device::new(grid, 0, d as u32, rendezvous);
                    let mut outs = exe.new_outputs().unwrap();
                    exe.run_on(&device, &[&t], &mut outs).unwrap();
                    outs[0]
                        .bytes()
                        .chunks(4)
                        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
                        .collect::<Vec<f32>>()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    })
}
