//! CI guard: the StableHLO conformance vectors of tiers 1 and 2 (../shared/conformance/suite,
//! beside the checkout) and those of tier 3 about complex numbers, CHLO and quantized types
//! (../shared/conformance/suite-tier3), and its programs over several processes
//! (`interpreter.run_parallel` with collectives), run through the same code as `pjrtc test`, and the
//! number of passing files must not drop below the one recorded in
//! tests/conformance_baseline.txt. Raise the baseline when a fix makes more files pass.

use pjrtc::runtime::conformance::{Status, TestOptions, suite};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// The recorded pass count of `tier` (`tier1 <N>`, `tier2 <N>` lines).
fn baseline(tier: &str) -> usize {
    let path = root().join("tests/conformance_baseline.txt");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    text.lines()
        .filter_map(|l| l.split_once(' '))
        .find(|(t, _)| *t == tier)
        .and_then(|(_, n)| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("{} has no `{tier} <N>` line", path.display()))
}

/// Runs every file of `tier` and checks its pass count against the baseline.
fn pass_count_does_not_drop(tier: &str) {
    let dir = root().join("../shared/conformance/suite").join(tier);
    assert!(
        dir.is_dir(),
        "the conformance suite is missing: expected {} (the shared conformance directory \
         beside the checkout); this test cannot pass without it",
        dir.display()
    );
    let files = suite::collect_files(&[dir]).expect("listing the suite");
    files_pass_count_does_not_drop(tier, files);
}

/// The public tier 3 files whose manifest row `keep(why, ops)` accepts.
fn tier3_files(keep: impl Fn(&str, &str) -> bool) -> Vec<PathBuf> {
    let dir = root().join("../shared/conformance/suite-tier3");
    let manifest = dir.join("manifest.tsv");
    let text = std::fs::read_to_string(&manifest).unwrap_or_else(|e| {
        panic!(
            "the tier 3 conformance suite is missing: reading {}: {e}",
            manifest.display()
        )
    });
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").split('\t').collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|&h| h == name)
            .unwrap_or_else(|| panic!("{} has no `{name}` column", manifest.display()))
    };
    let (file, why, split, ops) = (col("file"), col("why"), col("split"), col("ops"));
    lines
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .filter(|row| row.get(split) == Some(&"public"))
        .filter(|row| keep(row.get(why).unwrap_or(&""), row.get(ops).unwrap_or(&"")))
        .map(|row| dir.join(row[file]))
        .collect()
}

/// Tier 3 about complex numbers, CHLO and quantized types (not collectives, dynamic
/// shapes or interpreter-only programs).
fn tier3_types_files() -> Vec<PathBuf> {
    tier3_files(|why, _| {
        why.split(';')
            .all(|r| matches!(r, "complex" | "chlo" | "quantized"))
    })
}

/// Ops that make an interpreter-only tier 3 file a collectives file.
const COLLECTIVE_OPS: &[&str] = &[
    "all_reduce",
    "all_gather",
    "reduce_scatter",
    "all_to_all",
    "collective_permute",
    "collective_broadcast",
    "collective_reduce",
    "replica_id",
    "partition_id",
    "send",
    "recv",
];

/// Tier 3 programs over several processes: interpreter-only files with collective ops.
fn tier3_collective_files() -> Vec<PathBuf> {
    tier3_files(|why, ops| {
        why.split(';').any(|r| r == "interpreter-only")
            && ops.split(',').any(|o| COLLECTIVE_OPS.contains(&o))
    })
}

/// Runs `files` and checks their pass count against the baseline of `tier`.
fn files_pass_count_does_not_drop(tier: &str, files: Vec<PathBuf>) {
    assert!(!files.is_empty(), "no .mlir files in the {tier} suite");
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let start = std::time::Instant::now();
    let results = suite::run_files(&files, &TestOptions::default(), jobs, |_| {});
    let c = suite::count(&results);
    let want = baseline(tier);
    println!(
        "{tier}: {} files, {} passed, {} failed, {} errors, {} crashed (baseline {want}) in {:.1} s",
        c.total(),
        c.pass,
        c.fail,
        c.error,
        c.crash,
        start.elapsed().as_secs_f64()
    );
    for r in results.iter().filter(|r| r.status != Status::Pass) {
        let first = r
            .messages
            .first()
            .map_or("", |m| m.lines().next().unwrap_or(""));
        println!("  {} {}: {first}", r.status.name(), r.path.display());
    }
    assert_eq!(c.total(), files.len());
    assert_eq!(c.crash, 0, "{tier}: {} files crashed", c.crash);
    assert!(
        c.pass >= want,
        "{tier} conformance regressed: {} files pass, the baseline is {want}",
        c.pass
    );
}

#[test]
fn tier1_pass_count_does_not_drop() {
    pass_count_does_not_drop("tier1");
}

#[test]
fn tier2_pass_count_does_not_drop() {
    pass_count_does_not_drop("tier2");
}

#[test]
fn tier3_pass_count_does_not_drop() {
    files_pass_count_does_not_drop("tier3", tier3_types_files());
}

#[test]
fn tier3_collectives_pass_count_does_not_drop() {
    files_pass_count_does_not_drop("tier3-collectives", tier3_collective_files());
}

/// Tier 3 programs with dynamic shapes (`tensor<?x4xf32>`, JAX's shape polymorphism): at
/// two sizes for every dynamic dimension (and the dimension size arguments old-style
/// exports take first set to match), the reference evaluator runs the dynamic program on
/// deterministic inputs, shape refinement + the compiler make the static program for those
/// input types, and the compiled outputs must match the evaluator's. The number of files
/// matching at both sizes must not drop below the `tier3-dynamic` baseline.
#[test]
fn tier3_dynamic_programs_match_the_evaluator() {
    use std::collections::BTreeMap;
    use std::sync::Mutex;
    let files = tier3_files(|why, _| why.split(';').any(|r| r == "dynamic"));
    assert!(!files.is_empty(), "no tier 3 files with dynamic shapes");
    let start = std::time::Instant::now();
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let outcomes: Mutex<Vec<(PathBuf, Result<(), String>)>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(path) = files.get(i) else { break };
                    let r = dynamic::run_file(path);
                    outcomes.lock().unwrap().push((path.clone(), r));
                }
            });
        }
    });
    let outcomes = outcomes.into_inner().unwrap();
    let matched = outcomes.iter().filter(|(_, r)| r.is_ok()).count();
    let mut by_reason: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (p, r) in &outcomes {
        if let Err(m) = r {
            let reason = m.split(':').next().unwrap_or("").to_string();
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            by_reason
                .entry(reason)
                .or_default()
                .push(format!("{name}: {}", m.lines().next().unwrap_or("")));
        }
    }
    let want = baseline("tier3-dynamic");
    println!(
        "tier3-dynamic: {} files, {matched} match the evaluator at both sizes (baseline {want}) in {:.1} s",
        outcomes.len(),
        start.elapsed().as_secs_f64()
    );
    for (reason, list) in &by_reason {
        println!("  {reason}: {} files", list.len());
        for l in list {
            println!("    {l}");
        }
    }
    assert!(
        matched >= want,
        "tier3-dynamic regressed: {matched} files match, the baseline is {want}"
    );
}

/// The same programs compiled once for every size up to a bound (bounded dynamic shapes,
/// `passes::refine::bound`): the bounded program is evaluated by the reference evaluator
/// on inputs whose padding holds garbage (NaN, large integers), and its valid region must
/// equal the evaluation of the dynamic program at the actual sizes, at each size. This
/// checks the pass's rewrites without the compiler in between; the compiled artifact is
/// checked by `tier3_dynamic_artifacts_run_at_every_size`.
#[test]
fn tier3_dynamic_programs_bounded_match_the_evaluator() {
    let files = tier3_files(|why, _| why.split(';').any(|r| r == "dynamic"));
    let mut failures = Vec::new();
    let mut matched = 0;
    for path in &files {
        match dynamic::run_bounded_in_evaluator(path) {
            Ok(()) => matched += 1,
            Err(e) => failures.push(format!(
                "{}: {e}",
                path.file_name().unwrap().to_string_lossy()
            )),
        }
    }
    println!(
        "tier3-dynamic bounded (evaluator): {} files, {matched} match",
        files.len()
    );
    for f in &failures {
        println!("  {f}");
    }
    let want = baseline("tier3-dynamic-bounded");
    assert!(
        matched >= want,
        "tier3-dynamic bounded regressed: {matched} files match, the baseline is {want}"
    );
}

/// The same programs compiled once, bounded at `dynamic::BOUND`, into an artifact that
/// runs at sizes 1 and 3 (inputs of those shapes, through `Executable::run`); outputs must
/// match the evaluator's on the dynamic program at those sizes.
#[test]
fn tier3_dynamic_artifacts_run_at_every_size() {
    let files = tier3_files(|why, _| why.split(';').any(|r| r == "dynamic"));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let outcomes = std::sync::Mutex::new(Vec::new());
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(path) = files.get(i) else { break };
                    let r = dynamic::run_file_bounded(path);
                    outcomes.lock().unwrap().push((path.clone(), r));
                }
            });
        }
    });
    let outcomes = outcomes.into_inner().unwrap();
    let matched = outcomes.iter().filter(|(_, r)| r.is_ok()).count();
    println!(
        "tier3-dynamic compiled once: {} files, {matched} match the evaluator at both sizes",
        outcomes.len()
    );
    for (p, r) in &outcomes {
        if let Err(e) = r {
            println!("  {}: {e}", p.file_name().unwrap().to_string_lossy());
        }
    }
    let want = baseline("tier3-dynamic-bounded");
    assert!(
        matched >= want,
        "tier3-dynamic compiled once regressed: {matched} files match, the baseline is {want}"
    );
}

mod dynamic {
    use pjrtc::compiler::checks::CheckKind;
    use pjrtc::compiler::ir::{DYN, Literal, TensorType};
    use pjrtc::compiler::passes::refine::{self, Inputs};
    use pjrtc::compiler::{self, Options, Timings, eval, frontend, passes};
    use pjrtc::runtime::conformance::compare::compare;
    use pjrtc_runtime::{Executable, Tensor};
    use std::path::Path;

    /// The sizes every dynamic dimension takes in turn.
    const SIZES: [i64; 2] = [1, 3];

    /// `Err("stage: message")`, the stage naming the reason (parse, eval, compile, ...).
    pub fn run_file(path: &Path) -> Result<(), String> {
        let source = std::fs::read(path).map_err(|e| format!("read: {e}"))?;
        let module = frontend::parse(&source).map_err(|d| format!("parse: {}", d.message))?;
        let func =
            passes::inline::inline_entry(&module).map_err(|d| format!("inline: {}", d.message))?;
        let params = func.param_types();
        // Old-style exports pass dimension sizes as leading scalar integer arguments.
        let n_dim_args = dimension_args(&params);
        for size in SIZES {
            let args = args_at(&params, size);
            let expected =
                eval::eval_func(&func, &args).map_err(|e| format!("eval: size {size}: {e}"))?;
            let inputs = Inputs {
                types: args.iter().map(|a| Some(a.ty.clone())).collect(),
                values: args
                    .iter()
                    .enumerate()
                    .map(|(i, a)| (i < n_dim_args).then(|| a.clone()))
                    .collect(),
            };
            let pjx = compiler::compile_refined(
                &module,
                &inputs,
                &Options::default(),
                &mut Timings::default(),
            )
            .map_err(|e| format!("compile: size {size}: {e}"))?;
            let exe = Executable::from_pjx(pjx).map_err(|e| format!("load: {e}"))?;
            let tensors: Vec<Tensor> = args.iter().map(tensor).collect();
            let refs: Vec<&Tensor> = tensors.iter().collect();
            let outputs = exe
                .run(&refs)
                .map_err(|e| format!("run: size {size}: {e}"))?;
            matches(size, &outputs, &expected)?;
        }
        Ok(())
    }

    /// Compiles the program once bounded at [`BOUND`] and runs the artifact at every size
    /// in [`SIZES`] against the evaluator.
    pub fn run_file_bounded(path: &Path) -> Result<(), String> {
        let source = std::fs::read(path).map_err(|e| format!("read: {e}"))?;
        let module = frontend::parse(&source).map_err(|d| format!("parse: {}", d.message))?;
        let func =
            passes::inline::inline_entry(&module).map_err(|d| format!("inline: {}", d.message))?;
        let bounds = refine::Bounds {
            named: vec![],
            default: Some(BOUND),
        };
        let pjx = compiler::compile_bounded(
            &module,
            &bounds,
            &Options::default(),
            &mut Timings::default(),
        )
        .map_err(|e| format!("compile: {e}"))?;
        let exe = Executable::load(&pjx.to_bytes()).map_err(|e| format!("load: {e}"))?;
        let params = func.param_types();
        for size in SIZES {
            let args = args_at(&params, size);
            let expected =
                eval::eval_func(&func, &args).map_err(|e| format!("eval: size {size}: {e}"))?;
            let tensors: Vec<Tensor> = args.iter().map(tensor).collect();
            let refs: Vec<&Tensor> = tensors.iter().collect();
            let outputs = exe
                .run(&refs)
                .map_err(|e| format!("run: size {size}: {e}"))?;
            matches(size, &outputs, &expected)?;
        }
        Ok(())
    }

    /// The compiled outputs against the evaluator's, by the suite's rules for dynamic files.
    fn matches(size: i64, outputs: &[Tensor], expected: &[Literal]) -> Result<(), String> {
        if outputs.len() != expected.len() {
            return Err(format!(
                "mismatch: {} outputs, the evaluator gives {}",
                outputs.len(),
                expected.len()
            ));
        }
        for (k, (got, want)) in outputs.iter().zip(expected).enumerate() {
            let want = tensor(want);
            let float = want.dtype.is_float() || want.dtype.is_complex();
            let ok = compare(CheckKind::Eq, got, &want).is_ok()
                || (float
                    && (compare(
                        CheckKind::Close {
                            min_ulp: 0,
                            max_ulp: 8,
                        },
                        got,
                        &want,
                    )
                    .is_ok()
                        || compare(CheckKind::AlmostEq { tolerance: 1e-3 }, got, &want).is_ok()));
            if !ok {
                let m = compare(CheckKind::AlmostEq { tolerance: 1e-3 }, got, &want)
                    .err()
                    .unwrap_or_else(|| format!("got {:?}, want {:?}", got.shape, want.shape));
                return Err(format!("mismatch: size {size} output {k}: {m}"));
            }
        }
        Ok(())
    }

    /// The bound every dynamic dimension gets in the bounded tests.
    pub const BOUND: i64 = 4;

    /// Pads `l` to `shape` (valid elements at the low corner), the rest garbage.
    pub fn pad_with_garbage(l: &Literal, shape: &[i64]) -> Literal {
        let t = l.ty.with_shape(shape.to_vec());
        let es = l.ty.dtype.size();
        let garbage: Vec<u8> = if l.ty.dtype == pjrtc_runtime::DType::I1 {
            vec![1; es]
        } else if l.ty.dtype.is_float() || l.ty.dtype.is_complex() {
            vec![0xFF; es]
        } else {
            vec![0x55; es]
        };
        let n = t.num_elements() as usize;
        let mut bytes: Vec<u8> = garbage.iter().copied().cycle().take(n * es).collect();
        let src = l.bytes.to_vec();
        for_each_index(&l.ty.shape, |i, idx| {
            let o = flat(idx, shape);
            bytes[o * es..(o + 1) * es].copy_from_slice(&src[i * es..(i + 1) * es]);
        });
        Literal::new(t, bytes)
    }

    /// The low corner of `l` of the given sizes.
    pub fn cut(l: &Literal, sizes: &[i64]) -> Literal {
        let es = l.ty.dtype.size();
        let src = l.bytes.to_vec();
        let mut bytes = Vec::new();
        for_each_index(sizes, |_, idx| {
            let o = flat(idx, &l.ty.shape);
            bytes.extend_from_slice(&src[o * es..(o + 1) * es]);
        });
        Literal::new(l.ty.with_shape(sizes.to_vec()), bytes)
    }

    fn flat(idx: &[i64], shape: &[i64]) -> usize {
        idx.iter()
            .zip(shape)
            .fold(0i64, |acc, (&i, &n)| acc * n + i) as usize
    }

    /// Calls `f(row-major position, index)` for every index of `shape`.
    fn for_each_index(shape: &[i64], mut f: impl FnMut(usize, &[i64])) {
        let n: i64 = shape.iter().product();
        let mut idx = vec![0i64; shape.len()];
        for i in 0..n.max(0) as usize {
            f(i, &idx);
            for d in (0..shape.len()).rev() {
                idx[d] += 1;
                if idx[d] < shape[d] {
                    break;
                }
                idx[d] = 0;
            }
        }
    }

    /// The dynamic program bounded at [`BOUND`], evaluated at every size in [`SIZES`].
    pub fn run_bounded_in_evaluator(path: &Path) -> Result<(), String> {
        use pjrtc::compiler::passes::refine::{BoundDim, Bounds};
        let source = std::fs::read(path).map_err(|e| format!("read: {e}"))?;
        let module = frontend::parse(&source).map_err(|d| format!("parse: {}", d.message))?;
        let func =
            passes::inline::inline_entry(&module).map_err(|d| format!("inline: {}", d.message))?;
        let bounds = Bounds {
            named: vec![],
            default: Some(BOUND),
        };
        let bounded = refine::bound(&func, &bounds).map_err(|d| format!("bound: {}", d.message))?;
        passes::verify::verify_func(&bounded.func).map_err(|d| format!("verify: {}", d.message))?;
        let params = func.param_types();
        for size in SIZES {
            let args = args_at(&params, size);
            let expected =
                eval::eval_func(&func, &args).map_err(|e| format!("eval: size {size}: {e}"))?;
            let mut bargs: Vec<Literal> = Vec::new();
            let mut size_args = Vec::new();
            for (a, dims) in args.iter().zip(&bounded.inputs) {
                let shape: Vec<i64> = dims
                    .iter()
                    .map(|d| match d {
                        BoundDim::Static(n) => *n,
                        BoundDim::Dynamic { bound, .. } => *bound,
                    })
                    .collect();
                for (d, dim) in dims.iter().enumerate() {
                    if let BoundDim::Dynamic { slot, .. } = dim {
                        size_args.push((*slot, a.ty.shape[d]));
                    }
                }
                bargs.push(pad_with_garbage(a, &shape));
            }
            size_args.sort();
            for (k, (slot, n)) in size_args.iter().enumerate() {
                assert_eq!(*slot, args.len() + k, "size slots follow the arguments");
                bargs.push(eval::literal_from_i128(
                    TensorType::scalar(pjrtc_runtime::DType::I64),
                    &[i128::from(*n)],
                ));
            }
            let got = eval::eval_func(&bounded.func, &bargs)
                .map_err(|e| format!("eval bounded: size {size}: {e}"))?;
            let scalar = |slot: usize| refine::literal_ints(&got[slot])[0];
            for a in &bounded.assertions {
                if scalar(a.pred) == 0 {
                    return Err(format!("assertion: size {size}: {}", a.message));
                }
            }
            for (k, (want, dims)) in expected.iter().zip(&bounded.outputs).enumerate() {
                let sizes: Vec<i64> = dims
                    .iter()
                    .map(|d| match d {
                        BoundDim::Static(n) => *n,
                        BoundDim::Dynamic { slot, .. } => scalar(*slot),
                    })
                    .collect();
                if sizes != want.ty.shape {
                    return Err(format!(
                        "mismatch: size {size} output {k} has sizes {sizes:?}, the evaluator gives {:?}",
                        want.ty.shape
                    ));
                }
                let g = tensor(&cut(&got[k], &sizes));
                let w = tensor(want);
                if compare(CheckKind::Eq, &g, &w).is_err()
                    && compare(
                        CheckKind::Close {
                            min_ulp: 0,
                            max_ulp: 8,
                        },
                        &g,
                        &w,
                    )
                    .is_err()
                {
                    let m = compare(CheckKind::AlmostEq { tolerance: 1e-6 }, &g, &w)
                        .err()
                        .unwrap_or_default();
                    return Err(format!("mismatch: size {size} output {k}: {m}"));
                }
            }
        }
        Ok(())
    }

    /// How many leading scalar integer arguments carry dimension sizes (old-style exports).
    fn dimension_args(params: &[TensorType]) -> usize {
        params
            .iter()
            .take_while(|t| refine::is_dimension_arg(t))
            .count()
    }

    /// The arguments at `size` for every dynamic dimension: the dimension-size arguments
    /// set to it, deterministic inputs for the rest.
    fn args_at(params: &[TensorType], size: i64) -> Vec<Literal> {
        let n_dim_args = dimension_args(params);
        params
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let t = t.with_shape(
                    t.shape
                        .iter()
                        .map(|&d| if d == DYN { size } else { d })
                        .collect::<Vec<_>>(),
                );
                if i < n_dim_args {
                    eval::literal_from_i128(t, &[i128::from(size)])
                } else {
                    input(&t, i)
                }
            })
            .collect()
    }

    fn tensor(l: &Literal) -> Tensor {
        let shape: Vec<u64> = l.ty.shape.iter().map(|&d| d as u64).collect();
        Tensor::from_bytes(l.ty.dtype, &shape, &l.bytes).expect("literal bytes fit its type")
    }

    /// Deterministic input `i`: small values (integers in 0..4 so they index safely).
    fn input(t: &TensorType, i: usize) -> Literal {
        let n = t.num_elements() as usize;
        let values: Vec<f64> = (0..n)
            .map(|k| {
                let h = (k * 7 + i * 13 + 3) % 17;
                if t.dtype.is_float() || t.dtype.is_complex() {
                    h as f64 / 4.0 - 2.0
                } else {
                    (h % 4) as f64
                }
            })
            .collect();
        eval::literal_from_f64(t.clone(), &values)
    }
}
