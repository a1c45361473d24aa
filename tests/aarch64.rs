//! The golden programs compiled for aarch64 and run under qemu-user by the aarch64
//! `pjx-run`, compared with JAX's outputs by the golden tests' rule; plus one aarch64
//! `--emit exe` executable. Needs the cross toolchain and qemu, so it is ignored by
//! default; scripts/ci-aarch64.sh installs those, builds the aarch64 runtime and runs it.

mod common;

use common::golden::{Case, cases, read_outputs};
use pjrtc::compiler::{self, Options, Target};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const TRIPLE: &str = "aarch64-unknown-linux-gnu";
/// Names the aarch64 pjx-run; its directory must also hold the aarch64 libpjrtc_runtime.a.
const RUNNER_ENV: &str = "PJRTC_AARCH64_PJX_RUN";

fn qemu(program: &Path, args: &[String]) -> Output {
    let qemu = std::env::var("PJRTC_QEMU").unwrap_or_else(|_| "qemu-aarch64-static".into());
    let sysroot =
        std::env::var("PJRTC_QEMU_LD_PREFIX").unwrap_or_else(|_| "/usr/aarch64-linux-gnu".into());
    Command::new(&qemu)
        .arg("-L")
        .arg(sysroot)
        .arg(program)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("running {qemu}: {e}"))
}

fn inputs_arg(case: &Case) -> String {
    let v: Vec<String> = case
        .input_paths()
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    v.join(",")
}

fn run_case(case: &Case, runner: &Path, dir: &Path) -> Result<(), String> {
    let options = Options {
        target: Target::from_triple(TRIPLE)?,
        ..Options::default()
    };
    let pjx = compiler::compile(&case.source()?, &options).map_err(|e| format!("compile: {e}"))?;
    let file = dir.join(format!("{}.pjx", case.name));
    std::fs::write(&file, pjx.to_bytes()).map_err(|e| e.to_string())?;
    let outs = dir.join(format!("{}-out", case.name));
    let args = vec![
        file.display().to_string(),
        "--inputs".into(),
        inputs_arg(case),
        "--outputs".into(),
        outs.display().to_string(),
    ];
    let o = qemu(runner, &args);
    if !o.status.success() {
        return Err(format!(
            "pjx-run under qemu: {:?}: {}",
            o.status,
            String::from_utf8_lossy(&o.stderr).trim()
        ));
    }
    case.check(&read_outputs(&outs))
}

#[test]
#[ignore = "needs qemu-aarch64-static and the aarch64 runtime; run by scripts/ci-aarch64.sh with PJRTC_AARCH64_PJX_RUN set"]
fn golden_programs_on_aarch64_under_qemu() {
    let runner = PathBuf::from(std::env::var_os(RUNNER_ENV).unwrap_or_else(|| {
        panic!("{RUNNER_ENV} must name the aarch64 pjx-run (scripts/ci-aarch64.sh sets it)")
    }));
    assert!(runner.is_file(), "{} does not exist", runner.display());
    let dir = std::env::temp_dir().join(format!("pjrtc-aarch64-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();

    let (mut passed, mut unsupported, mut failures) = (0, 0, Vec::new());
    for case_dir in cases() {
        let case = Case::read(&case_dir).unwrap();
        match run_case(&case, &runner, &dir) {
            Ok(()) => passed += 1,
            Err(e) if e.starts_with("compile: ") && case.refused_as_unsupported(&e) => {
                unsupported += 1
            }
            Err(e) => failures.push(format!("{}: {e}", case.name)),
        }
    }
    println!(
        "aarch64 golden: {passed} passed, {} failed, {unsupported} unsupported (extra tier)",
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        passed >= 25,
        "only {passed} golden programs passed on aarch64"
    );

    // The programs with symbolic dimensions, each compiled once for aarch64 with bounds
    // (`--max-dim`) and run by the aarch64 pjx-run at every recorded size.
    let mut dyn_runs = 0;
    for case_dir in common::golden::dynamic_cases() {
        let case = common::golden::DynamicCase::read(&case_dir);
        let options = Options {
            target: Target::from_triple(TRIPLE).unwrap(),
            ..Options::default()
        };
        let source = std::fs::read(case.dir.join("model.mlir")).unwrap();
        let pjx = compiler::compile_source_bounded(
            &source,
            &case.bounds(),
            &options,
            &mut compiler::Timings::default(),
        )
        .unwrap_or_else(|e| panic!("{}: compile: {e}", case.name));
        let file = dir.join(format!("dyn-{}.pjx", case.name));
        std::fs::write(&file, pjx.to_bytes()).unwrap();
        for k in 0..case.sizes.len() {
            let outs = dir.join(format!("dyn-{}-{k}-out", case.name));
            let inputs: Vec<String> = case
                .input_paths(k)
                .iter()
                .map(|p| p.display().to_string())
                .collect();
            let o = qemu(
                &runner,
                &[
                    file.display().to_string(),
                    "--inputs".into(),
                    inputs.join(","),
                    "--outputs".into(),
                    outs.display().to_string(),
                ],
            );
            assert!(
                o.status.success(),
                "{} at {:?}: {}",
                case.name,
                case.sizes[k],
                String::from_utf8_lossy(&o.stderr)
            );
            case.check(k, &read_outputs(&outs))
                .unwrap_or_else(|e| panic!("{} at {:?}: {e}", case.name, case.sizes[k]));
            dyn_runs += 1;
        }
    }
    println!("aarch64 dynamic golden, compiled once: {dyn_runs} runs passed");

    // One self-contained aarch64 executable, linked with aarch64-linux-gnu-gcc.
    let case =
        Case::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/conv2d_nhwc_same"))
            .unwrap();
    let exe = dir.join("model");
    let lib = runner.with_file_name("libpjrtc_runtime.a");
    let o = Command::new(env!("CARGO_BIN_EXE_pjrtc"))
        .arg("compile")
        .arg(case.dir.join("model.mlir"))
        .args(["--target", TRIPLE, "--emit", "exe", "-o"])
        .arg(&exe)
        .arg("--runtime-lib")
        .arg(&lib)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let outs = dir.join("exe-out");
    let o = qemu(
        &exe,
        &[
            "--inputs".into(),
            inputs_arg(&case),
            "--outputs".into(),
            outs.display().to_string(),
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    case.check(&read_outputs(&outs)).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}
