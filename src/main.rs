//! The `pjrtc` command line: compile, run and inspect StableHLO programs.

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};
use pjrtc::compiler::{self, CompileError, Options, Timings};
use pjrtc::deploy;
use pjrtc_runtime::runner::{RunOptions, run_loaded};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// mimalloc instead of glibc's malloc: the compiler allocates and frees millions of small
/// objects (IR ops, Cranelift's per-function tables), and glibc's bin consolidation and
/// page trimming were a sixth of the CPU time of a 100k-op compile (1.86 -> 1.54 s of
/// CPU, one compile thread). Kernels run on the artifact's arenas, not on this heap.
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "pjrtc",
    version,
    about = "Ahead-of-time compiler and runtime for StableHLO"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Compile a StableHLO program (MLIR text or bytecode) into a native .pjx artifact,
    /// an object file for C programs, or a self-contained executable.
    Compile {
        /// The StableHLO program.
        input: PathBuf,
        /// Where to write the artifact.
        #[arg(short, long)]
        output: PathBuf,
        /// Print one JSON line with the time of each compile phase to stderr (and, for a
        /// sharded jit, what the SPMD partitioner split and what fell back).
        #[arg(long)]
        timings: bool,
        /// Compile a one-op program first and discard it, so the timed compile runs in a
        /// warm process: the compiler's code paged in, as when an application or a PJRT
        /// client compiles its second program (and as run_anchors.py times XLA).
        #[arg(long)]
        warm_up: bool,
        /// The machine to compile for (default: this one, with all its CPU features).
        #[arg(long, value_name = "TRIPLE")]
        target: Option<String>,
        /// What to write: the .pjx artifact; an object file with the artifact as a C
        /// symbol plus a C header beside it (OUT.h); or a self-contained executable (linked
        /// by the system C compiler with runtime-lib's static library).
        #[arg(long, value_enum, default_value_t = Emit::Pjx)]
        emit: Emit,
        /// runtime-lib's static library (or its directory) for --emit exe (default:
        /// $PJRTC_RUNTIME_LIB, else beside pjrtc in cargo's target directory).
        #[arg(long, value_name = "PATH")]
        runtime_lib: Option<PathBuf>,
        /// A shared library with XLA FFI handlers for the program's custom calls: a
        /// target calls the exported symbol of its name (or the one --ffi-target names).
        /// The artifact carries the libraries it uses; the runtime loads them with it.
        #[arg(long = "ffi-lib", value_name = "LIB.so")]
        ffi_libs: Vec<PathBuf>,
        /// TARGET=SYMBOL: custom call TARGET's handler is SYMBOL of an --ffi-lib library.
        #[arg(long = "ffi-target", value_name = "TARGET=SYMBOL")]
        ffi_targets: Vec<String>,
        /// NAME=SIZE: the size of symbolic dimension NAME (as `jax.export` names it) in a
        /// program with dynamic shapes; the artifact is the static program for these
        /// sizes. Without names in the program, one --dim SIZE-for-every-dynamic-dimension.
        #[arg(long = "dim", value_name = "NAME=SIZE", conflicts_with = "max_dims")]
        dims: Vec<String>,
        /// NAME=BOUND, or BOUND for every dynamic dimension without its own: compile a
        /// program with dynamic shapes once for every size up to the bounds; `run` takes
        /// inputs of any such size.
        #[arg(long = "max-dim", value_name = "NAME=BOUND")]
        max_dims: Vec<String>,
    },
    /// Run a .pjx artifact on .npy inputs.
    Run {
        /// The artifact.
        artifact: PathBuf,
        /// Input .npy files in argument order, comma-separated.
        #[arg(long, value_delimiter = ',')]
        inputs: Vec<PathBuf>,
        /// Write outputs as DIR/out0.npy, DIR/out1.npy, ...; without it, print a summary.
        #[arg(long, value_name = "DIR")]
        outputs: Option<PathBuf>,
        /// Untimed calls before timing (with --iters), continued for at least 0.2 s.
        #[arg(long, default_value_t = 3)]
        warmup: u32,
        /// Time this many calls and print one JSON line with median/min/max milliseconds.
        #[arg(long)]
        iters: Option<u32>,
        /// Threads per call: the calling one and T-1 pool workers (default 1).
        #[arg(long)]
        threads: Option<usize>,
        /// With --iters: then time every step of the schedule (loop bodies too) over N
        /// more calls and print a table, slowest first: each step's median time per call
        /// and its share of the call.
        #[arg(long, requires = "iters")]
        profile: bool,
    },
    /// Run conformance tests: programs whose checks (`check.expect_*`) must hold.
    ///
    /// Exits 0 only if every check of every file holds.
    Test {
        /// .mlir files, or directories to search for them.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Files tested in parallel (default: all cores).
        #[arg(long)]
        jobs: Option<usize>,
        /// Write one TSV line per file (file, status, first message, ops).
        #[arg(long, value_name = "FILE")]
        report: Option<PathBuf>,
        /// Which compile pipelines each case must pass.
        #[arg(long, value_enum, default_value_t = PipelineArg::Both)]
        pipeline: PipelineArg,
        /// Also list passing files.
        #[arg(short, long)]
        verbose: bool,
    },
    /// Show an artifact's target, signature, sections and sizes; or print a StableHLO
    /// program (text or bytecode) as StableHLO text that `compile` accepts again.
    Inspect {
        /// A .pjx artifact, or a StableHLO program.
        file: PathBuf,
    },
}

#[derive(Clone, Copy, PartialEq, clap::ValueEnum)]
enum Emit {
    Pjx,
    Obj,
    Exe,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum PipelineArg {
    /// fold + CSE + DCE, as `pjrtc compile` (constant programs are folded by the evaluator).
    Optimized,
    /// No optimizing passes: every op goes through lowering and codegen.
    Unoptimized,
    Both,
}

fn main() -> ExitCode {
    // A panic is a pjrtc bug; report it as one line like any other error, not a trace.
    std::panic::set_hook(Box::new(|info| {
        let what = info.to_string().replace('\n', " ");
        eprintln!("error: internal error (a bug in pjrtc, please report it): {what}");
    }));
    let cli = Cli::parse();
    match std::panic::catch_unwind(|| dispatch(cli.command)) {
        Ok(Ok(code)) => code,
        Ok(Err(e)) => {
            // One line (a compile diagnostic adds its source line and caret below it).
            eprintln!("error: {}", error_chain(&e));
            ExitCode::FAILURE
        }
        Err(_) => ExitCode::FAILURE,
    }
}

/// The error and its causes joined by `: `, leaving out a cause whose text the message
/// before it already ends with (library errors print their source in their own message).
fn error_chain(e: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in e.chain() {
        let part = cause.to_string();
        if text.is_empty() {
            text = part;
        } else if !text.ends_with(&part) {
            text = format!("{text}: {part}");
        }
    }
    text
}

fn dispatch(command: Command) -> Result<ExitCode> {
    let done = |()| ExitCode::SUCCESS;
    match command {
        Command::Compile {
            input,
            output,
            timings,
            warm_up,
            target,
            emit,
            runtime_lib,
            ffi_libs,
            ffi_targets,
            dims,
            max_dims,
        } => {
            let target = match target {
                Some(t) => compiler::Target::from_triple(&t).map_err(anyhow::Error::msg)?,
                None => compiler::Target::host(),
            };
            let out = Output {
                path: output,
                emit,
                runtime_lib,
            };
            let ffi = ffi_options(&ffi_libs, &ffi_targets)?;
            let dims = dims
                .iter()
                .map(|d| {
                    let (name, size) = d
                        .split_once('=')
                        .with_context(|| format!("--dim {d:?}: expected NAME=SIZE"))?;
                    let size: i64 =
                        size.trim()
                            .parse()
                            .ok()
                            .filter(|&n| n >= 0)
                            .with_context(|| {
                                format!("--dim {d:?}: SIZE must be a non-negative integer")
                            })?;
                    Ok((name.trim().to_string(), size))
                })
                .collect::<Result<Vec<_>>>()?;
            let sizes = if max_dims.is_empty() {
                Sizes::Fixed(dims)
            } else {
                Sizes::Bounded(parse_bounds(&max_dims)?)
            };
            compile_file(&input, &out, target, ffi, &sizes, timings, warm_up).map(done)
        }
        Command::Run {
            artifact,
            inputs,
            outputs,
            warmup,
            iters,
            threads,
            profile,
        } => {
            let exe = load_artifact(&artifact)?;
            let opts = RunOptions {
                inputs,
                outputs,
                warmup,
                iters,
                threads,
                profile,
            };
            let mut stdout = std::io::stdout().lock();
            run_loaded(exe, &opts, &mut stdout)
                .with_context(|| format!("running {}", artifact.display()))
                .map(done)
        }
        Command::Inspect { file } => {
            let bytes = read(&file)?;
            let bytes = if compiler::frontend::bytecode::is_bytecode(&bytes)
                || std::str::from_utf8(&bytes).is_ok()
                || (!bytes.starts_with(&pjrtc_runtime::format::MAGIC)
                    && compiler::frontend::hlo::parse_hlo(&bytes).is_ok())
            {
                bytes
            } else {
                jax_cache_artifact(bytes, &file)?
            };
            if bytes.starts_with(&pjrtc_runtime::format::MAGIC) {
                let pjx = pjrtc_runtime::Pjx::from_bytes(&bytes)
                    .with_context(|| format!("reading {}", file.display()))?;
                print!("{}", pjrtc::runtime::inspect::describe(&pjx, bytes.len()));
            } else {
                let module = compiler::frontend::parse(&bytes).map_err(|d| {
                    anyhow::anyhow!("{}", d.render(&file.display().to_string(), &bytes))
                })?;
                print!("{}", compiler::ir::print::print_module(&module));
                // A sharded jit: what the partitioner split and what ran on whole values.
                if let Some(report) = &module.partition {
                    for line in report.lines() {
                        println!("// {line}");
                    }
                }
                // A program with dynamic shapes: the names `--dim` takes, where JAX gave them.
                if let Ok(func) = compiler::passes::inline::inline_entry(&module)
                    && compiler::passes::refine::needs_refinement(&func)
                {
                    let dims = compiler::passes::refine::symbolic_dims(&func);
                    let named: Vec<String> = dims
                        .iter()
                        .map(|(n, a, d)| format!("{n} = argument {a} dimension {d}"))
                        .collect();
                    let inputs: Vec<String> =
                        func.param_types().iter().map(|t| t.to_string()).collect();
                    println!("// dynamic input signature: ({})", inputs.join(", "));
                    if !named.is_empty() {
                        println!(
                            "// symbolic dimensions (--dim NAME=SIZE): {}",
                            named.join(", ")
                        );
                    }
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Test {
            paths,
            jobs,
            report,
            pipeline,
            verbose,
        } => test(paths, jobs, report, pipeline, verbose),
    }
}

fn test(
    paths: Vec<PathBuf>,
    jobs: Option<usize>,
    report: Option<PathBuf>,
    pipeline: PipelineArg,
    verbose: bool,
) -> Result<ExitCode> {
    use pjrtc::runtime::conformance::{Pipeline, TestOptions, suite};
    let pipelines = match pipeline {
        PipelineArg::Optimized => vec![Pipeline::Optimized],
        PipelineArg::Unoptimized => vec![Pipeline::Unoptimized],
        PipelineArg::Both => vec![Pipeline::Optimized, Pipeline::Unoptimized],
    };
    let opts = suite::CliOptions {
        paths,
        jobs: jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        report,
        test: TestOptions { pipelines },
        verbose,
    };
    let all_pass = suite::run_cli(&opts, &mut std::io::stdout().lock())?;
    Ok(if all_pass {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Where and what `compile` writes.
struct Output {
    path: PathBuf,
    emit: Emit,
    runtime_lib: Option<PathBuf>,
}

/// What `compile --warm-up` compiles first: one op, so one kernel through every phase.
const WARM_UP_PROGRAM: &str = "func.func public @main(%x: tensor<f32>) -> tensor<f32> {
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %y = stablehlo.add %x, %one : tensor<f32>
  return %y : tensor<f32>
}
";

/// The XLA FFI targets `--ffi-lib` and `--ffi-target` give.
fn ffi_options(libs: &[PathBuf], targets: &[String]) -> Result<compiler::ffi::FfiTargets> {
    let mut ffi = compiler::ffi::FfiTargets::default();
    for path in libs {
        ffi.libraries
            .push(compiler::ffi::Library::read(path).map_err(anyhow::Error::msg)?);
    }
    for t in targets {
        let Some((target, symbol)) = t.split_once('=') else {
            bail!("--ffi-target {t:?}: expected TARGET=SYMBOL");
        };
        if !ffi
            .libraries
            .iter()
            .any(|l| l.exports.iter().any(|e| e == symbol))
        {
            bail!("--ffi-target {t:?}: no --ffi-lib library exports '{symbol}'");
        }
        ffi.symbols.push((target.to_string(), symbol.to_string()));
    }
    Ok(ffi)
}

/// How `compile` treats dynamic dimensions.
enum Sizes {
    /// `--dim`: the static program for these sizes (none: the program must be static).
    Fixed(Vec<(String, i64)>),
    /// `--max-dim`: one program for every size up to these bounds.
    Bounded(compiler::passes::refine::Bounds),
}

/// `--max-dim b=64 --max-dim 16`: named bounds, and the default.
fn parse_bounds(args: &[String]) -> Result<compiler::passes::refine::Bounds> {
    let mut bounds = compiler::passes::refine::Bounds::default();
    for a in args {
        let (name, n) = match a.split_once('=') {
            Some((name, n)) => (Some(name.trim()), n),
            None => (None, a.as_str()),
        };
        let n: i64 =
            n.trim().parse().ok().filter(|&n| n >= 1).with_context(|| {
                format!("--max-dim {a:?}: the bound must be a positive integer")
            })?;
        match name {
            Some("") => bail!("--max-dim {a:?}: empty name"),
            Some(name) => bounds.named.push((name.to_string(), n)),
            None if bounds.default.is_some() => {
                bail!("--max-dim {a:?}: a second bound for every dimension")
            }
            None => bounds.default = Some(n),
        }
    }
    Ok(bounds)
}

fn compile_file(
    input: &Path,
    output: &Output,
    target: compiler::Target,
    ffi: compiler::ffi::FfiTargets,
    sizes: &Sizes,
    print_timings: bool,
    warm_up: bool,
) -> Result<()> {
    let source = read(input)?;
    let options = Options {
        target,
        ffi,
        ..Options::default()
    };
    if warm_up {
        compiler::compile(WARM_UP_PROGRAM.as_bytes(), &options)
            .context("compiling the warm-up program")?;
    }
    let progress = pjrtc::runtime::progress::CompileProgress::start();
    let mut timings = Timings::with_progress(&progress);
    let start = std::time::Instant::now();
    // Find the linker's inputs before compiling, so a missing library fails fast.
    let host = compiler::Target::host().triple;
    let runtime_lib = match output.emit {
        Emit::Exe => Some(deploy::link::find_runtime_lib(
            output.runtime_lib.as_deref(),
            &options.target.triple,
            &host,
        )?),
        _ => None,
    };
    let compiled = match sizes {
        Sizes::Fixed(dims) if dims.is_empty() => {
            compiler::compile_with_timings(&source, &options, &mut timings)
        }
        Sizes::Fixed(dims) => compiler::compile_with_dims(&source, dims, &options, &mut timings),
        Sizes::Bounded(bounds) => {
            compiler::compile_source_bounded(&source, bounds, &options, &mut timings)
        }
    };
    let pjx = match compiled {
        Ok(pjx) => pjx,
        Err(CompileError::Program(d)) => {
            bail!("{}", d.render(&input.display().to_string(), &source))
        }
        Err(e) => bail!("{}: {e}", input.display()),
    };
    let path = &output.path;
    let triple = &options.target.triple;
    match output.emit {
        // Straight from the `Pjx` to the file: no artifact-sized buffer in between.
        Emit::Pjx => timings
            .record("write", || {
                pjx.write_to(&mut std::io::BufWriter::new(create_output(path)?))
            })
            .with_context(|| format!("writing {}", path.display()))?,
        Emit::Obj => {
            let bytes = pjx.to_bytes();
            let stem = path
                .file_stem()
                .map(|s| s.to_string_lossy())
                .unwrap_or_default();
            let stem = deploy::c_identifier(&stem);
            let name = deploy::header::symbol(&stem);
            let obj = deploy::object::artifact_object(&bytes, triple, &name)?;
            std::fs::write(path, obj).with_context(|| format!("writing {}", path.display()))?;
            let header = path.with_extension("h");
            std::fs::write(
                &header,
                deploy::header::c_header(&stem, triple, &pjx.caller_shapes()),
            )
            .with_context(|| format!("writing {}", header.display()))?;
        }
        Emit::Exe => {
            let bytes = pjx.to_bytes();
            let obj =
                deploy::object::artifact_object(&bytes, triple, deploy::link::EMBEDDED_SYMBOL)?;
            let cc = deploy::link::linker_for(triple, &host);
            let lib = runtime_lib.as_deref().unwrap_or(Path::new(""));
            let loads_libraries = !pjx.ffi_libraries.is_empty();
            let linkage = timings
                .record("link", || {
                    deploy::link::link_executable_for(&obj, lib, &cc, path, loads_libraries)
                })
                .with_context(|| format!("linking {}", path.display()))?;
            if linkage == deploy::link::Linkage::DynamicLibc && !loads_libraries {
                progress.finish();
                eprintln!(
                    "note: {cc} could not link statically (no static C library?); {} needs the shared C library",
                    path.display()
                );
            }
        }
    }
    progress.finish();
    if print_timings {
        let total = start.elapsed().as_secs_f64() * 1e3;
        eprintln!("{}", timings.to_json(total));
    }
    Ok(())
}

/// Creates the output file. An existing regular file is removed first, as linkers do
/// (binutils' `unlink_if_ordinary`): truncating a file that holds data makes ext4 write
/// the new data back at once (`auto_da_alloc`), which costs milliseconds on a busy disk;
/// a new file is written back later. If removing fails, the file is truncated instead.
fn create_output(path: &Path) -> std::io::Result<std::fs::File> {
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_file()) {
        let _ = std::fs::remove_file(path);
    }
    std::fs::File::create(path)
}

/// A `.pjx`, or the pjrtc executable inside an entry of JAX's compilation cache.
fn read_artifact(path: &Path) -> Result<Vec<u8>> {
    jax_cache_artifact(read(path)?, path)
}

/// Loads [`read_artifact`]'s executable; a `.pjx` file is read once into the memory its
/// constants are used from ([`Executable::load_file`]).
fn load_artifact(path: &Path) -> Result<pjrtc_runtime::Executable> {
    let mut magic = [0u8; 4];
    let is_pjx = std::fs::File::open(path)
        .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut magic))
        .is_ok()
        && magic == pjrtc_runtime::format::MAGIC;
    let what = || format!("loading {}", path.display());
    if is_pjx {
        return pjrtc_runtime::Executable::load_file(path).with_context(what);
    }
    pjrtc_runtime::Executable::load(&read_artifact(path)?).with_context(what)
}

fn jax_cache_artifact(bytes: Vec<u8>, path: &Path) -> Result<Vec<u8>> {
    pjrtc::runtime::jax_cache::artifact_bytes(bytes)
        .with_context(|| format!("reading {}", path.display()))
}

fn read(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).with_context(|| format!("reading {}", path.display()))
}
