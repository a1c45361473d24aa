//! Tests over real artifacts: the generated corpus in tests/bytecode (VHLO portable
//! artifacts at several StableHLO versions, with JAX inputs/outputs), the shared JAX
//! exports and bench models when present, and corruption (mutation) tests.

use super::parse_bytecode;
use crate::compiler::ir::{DType, Module, Op, Opcode, SourcePos, TensorType};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Records the largest single allocation made by the current thread (test binary only), so
/// the mutation test can check that corrupt counts never cause huge allocations.
struct Tracking;

thread_local! {
    static LARGEST: Cell<usize> = const { Cell::new(0) };
}

fn note(size: usize) {
    let _ = LARGEST.try_with(|l| l.set(l.get().max(size)));
}

// SAFETY: forwards every call unchanged to the system allocator.
unsafe impl GlobalAlloc for Tracking {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        note(l.size());
        // SAFETY: the caller upholds GlobalAlloc::alloc's contract, which System shares.
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        // SAFETY: p was allocated by System (every allocation goes through it) with l.
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        note(n);
        // SAFETY: p was allocated by System with l; the caller upholds realloc's contract.
        unsafe { System.realloc(p, l, n) }
    }
}

#[global_allocator]
static GLOBAL: Tracking = Tracking;

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bytecode")
}

fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    v.sort();
    v
}

fn bytecode_files(dir: &Path) -> Vec<PathBuf> {
    sorted_entries(dir)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "mlirbc"))
        .collect()
}

/// Dtype and shape from a .npy header.
fn npy_type(path: &Path) -> TensorType {
    npy(path).0
}

/// Dtype, shape and raw little-endian data of a .npy file.
fn npy(path: &Path) -> (TensorType, Vec<u8>) {
    let b = std::fs::read(path).unwrap();
    assert_eq!(&b[..6], b"\x93NUMPY", "{}", path.display());
    let (len, start) = if b[6] == 1 {
        (u16::from_le_bytes([b[8], b[9]]) as usize, 10)
    } else {
        (u32::from_le_bytes([b[8], b[9], b[10], b[11]]) as usize, 12)
    };
    let h = String::from_utf8_lossy(&b[start..start + len]).to_string();
    let descr = h
        .split("'descr': '")
        .nth(1)
        .unwrap()
        .split('\'')
        .next()
        .unwrap();
    let dtype = match &descr[1..] {
        "b1" => DType::I1,
        "i1" => DType::I8,
        "i2" => DType::I16,
        "i4" => DType::I32,
        "i8" => DType::I64,
        "u1" => DType::U8,
        "u2" => DType::U16,
        "u4" => DType::U32,
        "u8" => DType::U64,
        "f2" => DType::F16,
        "f4" => DType::F32,
        "f8" => DType::F64,
        "V2" => DType::BF16,
        "c8" => DType::C64,
        "c16" => DType::C128,
        d => panic!("{}: dtype {d}", path.display()),
    };
    let shape = h
        .split("'shape': (")
        .nth(1)
        .unwrap()
        .split(')')
        .next()
        .unwrap();
    let shape: Vec<i64> = shape
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    (TensorType::new(dtype, shape), b[start + len..].to_vec())
}

/// `stablehlo.*` op names in the order the text shows them (pre-order, all functions),
/// without region terminators.
fn text_ops(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while let Some(k) = text[i..].find("stablehlo.") {
        let at = i + k;
        let start = at + "stablehlo.".len();
        let mut end = start;
        while end < b.len() && (b[end].is_ascii_alphanumeric() || b[end] == b'_') {
            end += 1;
        }
        let prev = if at > 0 { b[at - 1] } else { b' ' };
        let name = &text[start..end];
        // An op name, not an attribute name like `{stablehlo.mesh = ..}` of `sdy.mesh`.
        let is_attr_key = text[end..].starts_with(" = ");
        // Read as the identity (see `vhlo_text_ops`).
        let sharding = name == "custom_call" && text[end..].starts_with(" @Sharding(");
        if prev != b'#'
            && prev != b'!'
            && name != "return"
            && !name.is_empty()
            && !is_attr_key
            && !sharding
        {
            out.push(format!("stablehlo.{name}"));
        }
        i = end;
    }
    out
}

/// Op names of VHLO text (`"vhlo.add_v1"(...)`, `vhlo.func_v1 @main`), mapped to the StableHLO
/// names, without functions, calls, composites (read as calls of their decomposition),
/// terminators and `custom_call @Sharding` (read as the identity).
fn vhlo_text_ops(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while let Some(k) = text[i..].find("vhlo.") {
        let at = i + k;
        let start = at + "vhlo.".len();
        let mut end = start;
        while end < b.len() && (b[end].is_ascii_alphanumeric() || b[end] == b'_') {
            end += 1;
        }
        let prev = if at > 0 { b[at - 1] } else { b' ' };
        i = end;
        if prev == b'#' || prev == b'!' {
            continue;
        }
        let Some((name, _)) = text[start..end].rsplit_once("_v") else {
            continue;
        };
        if !matches!(name, "func" | "return" | "call" | "composite")
            && !is_vhlo_sharding_call(&text[at..])
        {
            out.push(format!("stablehlo.{name}"));
        }
    }
    out
}

/// Whether the VHLO op printed at the start of `op_text` (`vhlo.` or `"vhlo.`, up to the
/// end of its line) is a `custom_call @Sharding`, which the reader reads as the identity.
fn is_vhlo_sharding_call(op_text: &str) -> bool {
    let line = op_text.split('\n').next().unwrap_or("");
    line.trim_start_matches('"')
        .starts_with("vhlo.custom_call_v")
        && line.contains("call_target_name = #vhlo.string_v1<\"Sharding\">")
}

/// Whether VHLO text holds a `composite "chlo.*"`, which the reader expands into the CHLO
/// op's StableHLO decomposition rather than reading op for op (the expansion is checked
/// against the text front end's by tests/bytecode.rs, bit for bit).
fn has_chlo_composite(vhlo_text: &str) -> bool {
    vhlo_text.contains("name = #vhlo.string_v1<\"chlo.")
}

/// The reader expanded every CHLO composite: no call of a `chlo.*` decomposition remains.
fn check_chlo_expanded(m: &Module, what: &str) {
    for f in &m.funcs {
        f.body.walk(&mut |op: &Op| {
            if let Opcode::Call { callee } = &op.opcode {
                assert!(!callee.starts_with("chlo."), "{what}: call of {callee}");
            }
        });
    }
}

/// Legacy ops pjrtc reads as their general forms.
fn canonical(mut v: Vec<String>) -> Vec<String> {
    for n in &mut v {
        match n.as_str() {
            "stablehlo.dot" => *n = "stablehlo.dot_general".into(),
            "stablehlo.broadcast" => *n = "stablehlo.broadcast_in_dim".into(),
            _ => {}
        }
    }
    v
}

fn distinct(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v.dedup();
    v
}

fn ir_ops(m: &Module) -> Vec<String> {
    let mut out = Vec::new();
    for f in &m.funcs {
        f.body.walk(&mut |op: &Op| {
            let n = op.opcode.name();
            if n.starts_with("stablehlo.") {
                out.push(n);
            }
        });
    }
    out
}

fn parse_file(p: &Path) -> Module {
    let bytes = std::fs::read(p).unwrap();
    parse_bytecode(&bytes).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// `(major, minor, patch)` from `model.vX.Y.Z.mlirbc`.
fn version_of(p: &Path) -> Vec<u32> {
    let n = p.file_name().unwrap().to_string_lossy().to_string();
    let v = n.trim_start_matches("model.v").trim_end_matches(".mlirbc");
    v.split('.').map(|x| x.parse().unwrap_or(0)).collect()
}

#[test]
fn corpus_matches_text_and_signatures() {
    let mut files = 0;
    let mut cases = 0;
    for case in sorted_entries(&corpus_dir()) {
        let Ok(text) = std::fs::read_to_string(case.join("model.mlir")) else {
            continue;
        };
        cases += 1;
        // The StableHLO text is printed before JAX's serialization passes (constants may be
        // deduplicated or moved), so only the set of op kinds must agree with it; the VHLO
        // text of the same artifact gives the exact op sequence.
        let want_kinds = distinct(canonical(text_ops(&text)))
            .into_iter()
            .filter(|k| k != "stablehlo.composite")
            .collect::<Vec<_>>();
        let vhlo_text = std::fs::read_to_string(case.join("model.vhlo.mlir")).unwrap();
        let want_ops = canonical(vhlo_text_ops(&vhlo_text));
        let chlo = has_chlo_composite(&vhlo_text);
        if !chlo {
            assert_eq!(distinct(want_ops.clone()), want_kinds, "{}", case.display());
        }
        let inputs: Vec<TensorType> = (0..)
            .map(|i| case.join(format!("input_{i}.npy")))
            .take_while(|p| p.exists())
            .map(|p| npy_type(&p))
            .collect();
        let outputs: Vec<TensorType> = (0..)
            .map(|i| case.join(format!("expected_{i}.npy")))
            .take_while(|p| p.exists())
            .map(|p| npy_type(&p))
            .collect();
        let paths = bytecode_files(&case);
        let newest = paths.iter().max_by_key(|p| version_of(p)).unwrap().clone();
        let unsupported = case
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("unsupported_");
        for p in paths {
            files += 1;
            if unsupported {
                let e = parse_bytecode(&std::fs::read(&p).unwrap()).unwrap_err();
                assert!(
                    e.message.starts_with("unsupported: "),
                    "{}: {e}",
                    p.display()
                );
                continue;
            }
            let m = parse_file(&p);
            let f = m
                .entry()
                .unwrap_or_else(|| panic!("{}: no entry", p.display()));
            // Hand-written text cases have no .npy files.
            if !outputs.is_empty() {
                assert_eq!(f.param_types(), inputs, "{}", p.display());
                assert_eq!(f.result_types, outputs, "{}", p.display());
            }
            if chlo {
                check_chlo_expanded(&m, &p.display().to_string());
            } else {
                assert_eq!(distinct(ir_ops(&m)), want_kinds, "{}", p.display());
                if p == newest {
                    assert_eq!(ir_ops(&m), want_ops, "{}", p.display());
                }
            }
            assert!(
                f.body.ops.iter().all(|op| op.loc.mlir.is_some()),
                "{}: missing locations",
                p.display()
            );
        }
    }
    assert!(cases >= 20, "only {cases} corpus cases");
    eprintln!("{cases} cases, {files} bytecode files decoded");
}

#[test]
fn shared_examples_and_bench_models() {
    let mut n = 0;
    let shared = &shared_bytecode_dir();
    for p in bytecode_files(shared) {
        let m = parse_file(&p);
        let name = p.file_name().unwrap().to_string_lossy();
        let stem = name.split('.').next().unwrap();
        if let Ok(text) = std::fs::read_to_string(shared.join(format!("{stem}.mlir"))) {
            assert_eq!(
                distinct(ir_ops(&m)),
                distinct(text_ops(&text)),
                "{}",
                p.display()
            );
        }
        if !name.contains("export")
            && let Ok(text) = std::fs::read_to_string(shared.join(format!("{stem}.vhlo.mlir")))
        {
            assert_eq!(ir_ops(&m), vhlo_text_ops(&text), "{}", p.display());
        }
        n += 1;
    }
    for d in sorted_entries(bench_workloads_dir().as_path()) {
        let p = d.join("model.mlirbc");
        if !p.exists() {
            continue;
        }
        let m = parse_file(&p);
        if let Ok(text) = std::fs::read_to_string(d.join("model.mlir")) {
            // CHLO ops in the text expand like the bytecode's composites (or like JAX's
            // serializer expanded them): compare what both front ends make of them.
            let want = if text.contains("chlo.") {
                let t = crate::compiler::frontend::parse(text.as_bytes())
                    .unwrap_or_else(|e| panic!("{}: {e:?}", d.display()));
                distinct(ir_ops(&t))
            } else {
                distinct(text_ops(&text))
            };
            assert_eq!(distinct(ir_ops(&m)), want, "{}", p.display());
        }
        n += 1;
    }
    assert!(n >= 6, "../shared/bytecode/*.mlirbc not found");
    eprintln!("{n} shared/bench files decoded");
}

/// Deterministic xorshift PRNG.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn mutate(data: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut d = data.to_vec();
    let rounds = 1 + rng.below(3);
    for _ in 0..rounds {
        let len = d.len().max(1);
        match rng.below(6) {
            0 => {
                let i = rng.below(len);
                if let Some(b) = d.get_mut(i) {
                    *b ^= 1 << rng.below(8);
                }
            }
            1 => {
                let i = rng.below(len);
                if let Some(b) = d.get_mut(i) {
                    *b = rng.next() as u8;
                }
            }
            2 => d.truncate(rng.below(len)),
            3 => {
                let i = rng.below(len + 1).min(d.len());
                let n = 1 + rng.below(8);
                let ins: Vec<u8> = (0..n).map(|_| rng.next() as u8).collect();
                d.splice(i..i, ins);
            }
            4 => {
                let i = rng.below(len).min(d.len());
                let n = (1 + rng.below(16)).min(d.len() - i);
                d.drain(i..i + n);
            }
            _ => {
                // A large varint-looking value somewhere (counts, sizes, indices).
                let i = rng.below(len).min(d.len());
                let v = [0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f];
                let n = 1 + rng.below(v.len());
                d.splice(i..(i + n).min(d.len()), v[..n].iter().copied());
            }
        }
    }
    d
}

#[test]
fn mutated_bytecode_never_panics() {
    let mut files: Vec<PathBuf> = Vec::new();
    for case in sorted_entries(&corpus_dir()) {
        files.extend(bytecode_files(&case));
    }
    files.extend(bytecode_files(shared_bytecode_dir().as_path()));
    for d in sorted_entries(bench_workloads_dir().as_path()) {
        files.extend(bytecode_files(&d));
    }
    // Quantized programs: VHLO's uniform quantized type encodings.
    let quantized = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/quantized");
    for d in sorted_entries(&quantized) {
        files.extend(bytecode_files(&d));
    }
    assert!(!files.is_empty());
    // BYTECODE_MUTATIONS=N runs a longer campaign than the default 1,000 per file.
    let rounds: usize = std::env::var("BYTECODE_MUTATIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    let mut ok = 0usize;
    let mut err = 0usize;
    for (k, p) in files.iter().enumerate() {
        let data = std::fs::read(p).unwrap();
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ (k as u64 + 1));
        for i in 0..rounds {
            let m = mutate(&data, &mut rng);
            LARGEST.with(|l| l.set(0));
            let t = Instant::now();
            let r = std::panic::catch_unwind(|| parse_bytecode(&m));
            let dt = t.elapsed();
            match r {
                Ok(Ok(_)) => ok += 1,
                Ok(Err(_)) => err += 1,
                Err(_) => panic!("{}: mutation {i} panicked", p.display()),
            }
            assert!(
                dt < Duration::from_secs(2),
                "{}: mutation {i} took {dt:?}",
                p.display()
            );
            let big = LARGEST.with(|l| l.get());
            assert!(
                big as u64 <= super::vhlo::MAX_LITERAL_BYTES,
                "{}: mutation {i} allocated {big} bytes at once",
                p.display()
            );
        }
    }
    eprintln!(
        "{} files x {rounds} mutations: {ok} Ok, {err} Err",
        files.len()
    );
}

#[test]
fn constants_match_jax_outputs() {
    // The `constants` case returns constants of every dtype: their decoded bytes (i1
    // unpacked, splats expanded, f16/bf16 bit patterns) must equal what JAX computed.
    let case = corpus_dir().join("constants");
    let mut checked = 0;
    for p in bytecode_files(&case) {
        let m = parse_file(&p);
        let f = m.entry().unwrap();
        for (i, y) in f.body.yields.iter().enumerate() {
            let (ty, data) = npy(&case.join(format!("expected_{i}.npy")));
            let Some(op) = f.body.ops.iter().find(|op| op.results.contains(y)) else {
                continue;
            };
            if let Opcode::Constant(lit) = &op.opcode {
                assert_eq!(lit.ty, ty, "{} output {i}", p.display());
                assert_eq!(lit.bytes, data, "{} output {i}", p.display());
                checked += 1;
            }
        }
    }
    assert!(checked >= 7 * 12, "only {checked} constants checked");
}

/// Replaces the first occurrence of `from` by `to` (same length) in `data`.
fn patch(data: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    assert_eq!(from.len(), to.len());
    let i = data
        .windows(from.len())
        .position(|w| w == from)
        .unwrap_or_else(|| panic!("{:?} not found", String::from_utf8_lossy(from)));
    let mut d = data.to_vec();
    d[i..i + to.len()].copy_from_slice(to);
    d
}

fn read(rel: &str) -> Vec<u8> {
    std::fs::read(corpus_dir().join(rel)).unwrap()
}

#[test]
fn unknown_op_names_op_version_and_offset() {
    let d = patch(
        &read("reduce_sum/model.v1.17.0.mlirbc"),
        b"add_v1",
        b"foo_v3",
    );
    let e = parse_bytecode(&d).unwrap_err();
    assert!(
        e.message
            .starts_with("unsupported: vhlo.foo_v3 (StableHLO version 1.17.0) at byte "),
        "{}",
        e.message
    );
    let SourcePos::Byte(at) = e.pos else {
        panic!("{e:?}")
    };
    assert!(
        e.message.ends_with(&format!("at byte {at}")),
        "{}",
        e.message
    );
    assert!(e.mlir_loc.is_some());
}

#[test]
fn unknown_attribute_is_reported() {
    // Bytecode v0 (StableHLO 0.9.0) keeps op attributes in a dictionary keyed by name.
    let d = patch(
        &read("gather/model.v0.9.0.mlirbc"),
        b"index_vector_dim",
        b"index_vector_dix",
    );
    let e = parse_bytecode(&d).unwrap_err();
    assert!(
        e.message.contains("attribute 'index_vector_dix'"),
        "{}",
        e.message
    );
    assert!(
        e.message
            .contains("vhlo.gather_v1 (StableHLO version 0.9.0) at byte"),
        "{}",
        e.message
    );
}

#[test]
fn unsupported_versions_are_reported() {
    let base = read("reduce_sum/model.v1.17.0.mlirbc");
    let d = patch(&base, b"StableHLO_v1.17.0", b"StableHLO_v1.99.0");
    let e = parse_bytecode(&d).unwrap_err();
    assert!(
        e.message.contains("StableHLO version 1.99.0"),
        "{}",
        e.message
    );
    let d = patch(&base, b"StableHLO_v1.17.0", b"StableHLO_v0.08.0");
    assert!(parse_bytecode(&d).is_err());
    // MLIR bytecode version 7 does not exist yet.
    let mut d = base.clone();
    d[4] = (7 << 1) | 1;
    let e = parse_bytecode(&d).unwrap_err();
    assert!(e.message.contains("bytecode version 7"), "{}", e.message);
    assert!(parse_bytecode(b"not bytecode").is_err());
    assert!(parse_bytecode(b"").is_err());
}

#[test]
fn every_truncation_is_an_error() {
    let base = read("while_loop/model.v1.17.0.mlirbc");
    for n in 0..base.len() {
        assert!(parse_bytecode(&base[..n]).is_err(), "prefix of {n} bytes");
    }
}

#[test]
fn locations_and_function_attributes() {
    let m = parse_file(&corpus_dir().join("call/model.v1.17.0.mlirbc"));
    assert_eq!(m.name.as_deref(), Some("jit_call"));
    let main = m.entry().unwrap();
    assert!(main.public);
    assert!(
        m.funcs.iter().any(|f| !f.public),
        "the called function is private"
    );
    let call = main
        .body
        .ops
        .iter()
        .find(|op| matches!(op.opcode, Opcode::Call { .. }))
        .unwrap();
    let Opcode::Call { callee } = &call.opcode else {
        unreachable!()
    };
    assert!(m.func(callee).is_some(), "callee {callee}");
    let loc = call.loc.mlir.as_deref().unwrap();
    assert!(
        loc.starts_with("loc(") && loc.contains("gen_bytecode.py"),
        "{loc}"
    );
    assert!(matches!(call.loc.pos, SourcePos::Byte(_)));
    assert_eq!(
        main.arg_attrs.len(),
        main.params().len(),
        "one attribute dictionary per argument"
    );
    let info = main.result_attrs[0]
        .iter()
        .find(|(k, _)| k == "jax.result_info");
    assert!(info.is_some(), "{:?}", main.result_attrs);
}

#[test]
fn region_ops_have_their_regions() {
    let counts = |case: &str| {
        let m = parse_file(&corpus_dir().join(format!("{case}/model.v1.17.0.mlirbc")));
        let mut v = Vec::new();
        for f in &m.funcs {
            f.body.walk(&mut |op: &Op| {
                if !op.regions.is_empty() {
                    v.push((op.opcode.name(), op.regions.len()));
                }
            });
        }
        v
    };
    assert!(counts("while_loop").contains(&("stablehlo.while".into(), 2)));
    assert!(counts("switch").contains(&("stablehlo.case".into(), 3)));
    assert!(counts("sort").contains(&("stablehlo.sort".into(), 1)));
    assert!(counts("scatter_add").contains(&("stablehlo.scatter".into(), 1)));
    assert!(counts("pool_grad").contains(&("stablehlo.select_and_scatter".into(), 2)));
    let m = parse_file(&corpus_dir().join("conv/model.v0.9.0.mlirbc"));
    let conv = m
        .entry()
        .unwrap()
        .body
        .ops
        .iter()
        .find_map(|op| match &op.opcode {
            Opcode::Convolution(c) => Some(c.clone()),
            _ => None,
        });
    let c = conv.unwrap();
    assert_eq!(c.window_strides, vec![2, 1]);
    assert_eq!(c.padding, vec![(1, 1), (0, 2)]);
    assert_eq!(c.rhs_dilation, vec![1, 2]);
    assert_eq!(c.lhs_dilation, vec![1, 1]);
    assert_eq!(c.window_reversal, vec![false, false]);
    assert_eq!((c.input_batch_dim, c.input_feature_dim), (0, 3));
    assert_eq!(c.input_spatial_dims, vec![1, 2]);
    assert_eq!(
        (c.kernel_input_feature_dim, c.kernel_output_feature_dim),
        (2, 3)
    );
}

/// A minimal MLIR bytecode writer for hand-built test files.
mod enc {
    pub struct W(pub Vec<u8>);

    impl W {
        pub fn new() -> W {
            W(Vec::new())
        }
        pub fn varint(&mut self, v: u64) -> &mut W {
            if v < (1 << 56) {
                let mut n = 1;
                while n < 8 && v >= 1u64 << (7 * n) {
                    n += 1;
                }
                let x = ((v << 1) | 1) << (n - 1);
                self.0.extend_from_slice(&x.to_le_bytes()[..n]);
            } else {
                self.0.push(0);
                self.0.extend_from_slice(&v.to_le_bytes());
            }
            self
        }
        pub fn svarint(&mut self, v: i64) -> &mut W {
            self.varint(((v << 1) ^ (v >> 63)) as u64)
        }
        pub fn byte(&mut self, b: u8) -> &mut W {
            self.0.push(b);
            self
        }
        pub fn blob(&mut self, b: &[u8]) -> &mut W {
            self.varint(b.len() as u64);
            self.0.extend_from_slice(b);
            self
        }
        pub fn section(&mut self, id: u8, data: &[u8]) -> &mut W {
            self.byte(id);
            self.varint(data.len() as u64);
            self.0.extend_from_slice(data);
            self
        }
    }

    /// A v0 bytecode file: `strings`, dialect names (string indices), op names
    /// `(dialect, string)`, attributes/types `(dialect, encoding)` (custom encodings), IR.
    pub struct File {
        pub strings: Vec<String>,
        pub dialects: Vec<usize>,
        pub ops: Vec<(usize, usize)>,
        pub attrs: Vec<(usize, Vec<u8>)>,
        pub types: Vec<(usize, Vec<u8>)>,
        pub ir: Vec<u8>,
        /// Blobs of the builtin dialect's resources: (key string, data).
        pub resources: Vec<(u64, Vec<u8>)>,
    }

    impl File {
        pub fn string(&mut self, s: &str) -> u64 {
            if let Some(i) = self.strings.iter().position(|x| x == s) {
                return i as u64;
            }
            self.strings.push(s.to_string());
            self.strings.len() as u64 - 1
        }
        pub fn bytes(&self) -> Vec<u8> {
            let mut f = W::new();
            f.0.extend_from_slice(b"ML\xefR");
            f.varint(0);
            f.0.extend_from_slice(b"StableHLO_v0.9.0\0");
            let mut s = W::new();
            s.varint(self.strings.len() as u64);
            for x in self.strings.iter().rev() {
                s.varint(x.len() as u64 + 1);
            }
            for x in &self.strings {
                s.0.extend_from_slice(x.as_bytes());
                s.0.push(0);
            }
            f.section(0, &s.0);
            let mut d = W::new();
            d.varint(self.dialects.len() as u64);
            for &x in &self.dialects {
                d.varint(x as u64);
            }
            for &(dialect, name) in &self.ops {
                d.varint(dialect as u64).varint(1).varint(name as u64);
            }
            f.section(1, &d.0);
            let mut data = W::new();
            let mut offs = W::new();
            offs.varint(self.attrs.len() as u64)
                .varint(self.types.len() as u64);
            for (dialect, e) in self.attrs.iter().chain(&self.types) {
                data.0.extend_from_slice(e);
                offs.varint(*dialect as u64)
                    .varint(1)
                    .varint(((e.len() as u64) << 1) | 1);
            }
            f.section(2, &data.0);
            f.section(3, &offs.0);
            f.section(4, &self.ir);
            if !self.resources.is_empty() {
                let mut res = W::new();
                let mut offs = W::new();
                offs.varint(0).varint(0).varint(self.resources.len() as u64);
                for (key, blob) in &self.resources {
                    let start = res.0.len();
                    res.varint(1).blob(blob);
                    offs.varint(*key)
                        .varint((res.0.len() - start) as u64)
                        .byte(0);
                }
                f.section(5, &res.0);
                f.section(6, &offs.0);
            }
            f.0
        }
    }
}

fn builtin_file() -> enc::File {
    let mut f = enc::File {
        strings: Vec::new(),
        dialects: Vec::new(),
        ops: Vec::new(),
        attrs: Vec::new(),
        types: Vec::new(),
        ir: vec![1], // an empty top-level block
        resources: Vec::new(),
    };
    let b = f.string("builtin") as usize;
    f.dialects.push(b);
    f
}

#[test]
fn builtin_attributes_and_types() {
    use super::builtin::{attr_text, type_text};
    use super::container::{Attr, Bytecode, Ty};
    use enc::W;
    let mut f = builtin_file();
    let ty = |f: &mut enc::File, w: &mut W| {
        f.types.push((0, std::mem::replace(w, W::new()).0));
        f.types.len() as u64 - 1
    };
    let i32t = ty(&mut f, W::new().varint(0).varint(32 << 2));
    let f32t = ty(&mut f, W::new().varint(5));
    let t2x3 = ty(
        &mut f,
        W::new()
            .varint(13)
            .varint(2)
            .svarint(2)
            .svarint(3)
            .varint(f32t),
    );
    let ui8 = ty(&mut f, W::new().varint(0).varint((8 << 2) | 2));
    let i1 = ty(&mut f, W::new().varint(0).varint(1 << 2));
    let t10i1 = ty(&mut f, W::new().varint(13).varint(1).svarint(10).varint(i1));
    let func = ty(
        &mut f,
        W::new()
            .varint(2)
            .varint(2)
            .varint(i32t)
            .varint(f32t)
            .varint(1)
            .varint(t2x3),
    );
    let bf16 = ty(&mut f, W::new().varint(3));
    let f16 = ty(&mut f, W::new().varint(4));
    let f64t = ty(&mut f, W::new().varint(6));
    let index = ty(&mut f, W::new().varint(1));
    let si16 = ty(&mut f, W::new().varint(0).varint((16 << 2) | 1));
    let i128 = ty(&mut f, W::new().varint(0).varint(128 << 2));
    let i64t = ty(&mut f, W::new().varint(0).varint(64 << 2));
    let tuple = ty(
        &mut f,
        W::new().varint(15).varint(2).varint(i32t).varint(f32t),
    );
    let none = ty(&mut f, W::new().varint(12));
    // Attribute 0 is the string the encoded tensor type below refers to.
    let hello = f.string("hello");
    let fpy = f.string("f.py");
    let n = f.string("n");
    let enc_t = ty(
        &mut f,
        W::new()
            .varint(14)
            .varint(0)
            .varint(2)
            .svarint(-1)
            .svarint(2)
            .varint(f32t),
    );
    let at = |f: &mut enc::File, w: &mut W| {
        f.attrs.push((0, std::mem::replace(w, W::new()).0));
        f.attrs.len() as u64 - 1
    };
    let a_hello = at(&mut f, W::new().varint(2).varint(hello));
    let a_unit = at(&mut f, W::new().varint(7));
    let a_m5 = at(&mut f, W::new().varint(8).varint(i32t).svarint(-5));
    let a_u200 = at(&mut f, W::new().varint(8).varint(ui8).byte(200));
    let a_true = at(&mut f, W::new().varint(8).varint(i1).byte(1));
    let a_f32 = at(
        &mut f,
        W::new()
            .varint(9)
            .varint(f32t)
            .svarint(1.5f32.to_bits() as i64),
    );
    let a_bf16 = at(&mut f, W::new().varint(9).varint(bf16).svarint(0xC060));
    let a_f16 = at(&mut f, W::new().varint(9).varint(f16).svarint(0x3C00));
    let a_f64 = at(
        &mut f,
        W::new()
            .varint(9)
            .varint(f64t)
            .svarint(0.1f64.to_bits() as i64),
    );
    let a_arr = at(
        &mut f,
        W::new().varint(0).varint(2).varint(a_hello).varint(a_unit),
    );
    let a_dict = at(
        &mut f,
        W::new().varint(1).varint(1).varint(a_hello).varint(a_m5),
    );
    let a_flat = at(&mut f, W::new().varint(4).varint(a_hello));
    let a_sym = at(
        &mut f,
        W::new().varint(5).varint(a_hello).varint(1).varint(a_flat),
    );
    let a_type = at(&mut f, W::new().varint(6).varint(t2x3));
    let a_unknown = at(&mut f, W::new().varint(15));
    let a_fpy = at(&mut f, W::new().varint(2).varint(fpy));
    let a_n = at(&mut f, W::new().varint(2).varint(n));
    let a_flc = at(
        &mut f,
        W::new().varint(11).varint(a_fpy).varint(3).varint(7),
    );
    let a_name = at(&mut f, W::new().varint(14).varint(a_n).varint(a_flc));
    let a_name_only = at(&mut f, W::new().varint(14).varint(a_n).varint(a_unknown));
    let a_call = at(&mut f, W::new().varint(10).varint(a_name).varint(a_flc));
    let a_fused = at(
        &mut f,
        W::new()
            .varint(12)
            .varint(2)
            .varint(a_flc)
            .varint(a_name_only),
    );
    let a_fused_meta = at(
        &mut f,
        W::new().varint(13).varint(1).varint(a_flc).varint(a_hello),
    );
    let a_splat = at(
        &mut f,
        W::new().varint(18).varint(t2x3).blob(&1.0f32.to_le_bytes()),
    );
    let a_bits = at(
        &mut f,
        W::new().varint(18).varint(t10i1).blob(&[0b1000_0101, 0b10]),
    );
    let a_darr = at(
        &mut f,
        W::new()
            .varint(17)
            .varint(i32t)
            .varint(2)
            .blob(&[1, 0, 0, 0, 2, 0, 0, 0]),
    );
    let a_str_ty = at(&mut f, W::new().varint(3).varint(hello).varint(i32t));
    let a_distinct = at(&mut f, W::new().varint(21).varint(a_m5));
    let a_range = at(
        &mut f,
        W::new()
            .varint(22)
            .varint(a_fpy)
            .varint(3)
            .varint(3)
            .varint(7)
            .varint(9),
    );
    let a_dstr = at(
        &mut f,
        W::new().varint(19).varint(t2x3).varint(1).varint(hello),
    );
    let a_i128 = at(&mut f, W::new().varint(8).varint(i128).varint(1).svarint(5));
    let a_min = at(&mut f, W::new().varint(8).varint(i64t).svarint(i64::MIN));
    let key = f.string("blob_0");
    f.resources.push((
        key,
        [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0]
            .iter()
            .flat_map(|x| x.to_le_bytes())
            .collect(),
    ));
    let a_resource = at(&mut f, W::new().varint(16).varint(t2x3).varint(0));
    let a_bad_resource = at(&mut f, W::new().varint(16).varint(t2x3).varint(5));
    let a_cycle = f.attrs.len() as u64;
    at(&mut f, W::new().varint(0).varint(1).varint(a_cycle));
    let a_bad_code = at(&mut f, W::new().varint(99));
    let a_trailing = at(&mut f, W::new().varint(7).byte(0));

    let bytes = f.bytes();
    let (bc, _) = Bytecode::parse(&bytes).unwrap();
    let a = |i: u64| bc.attr_at(i, 0).unwrap();
    let t = |i: u64| type_text(&bc.ty_at(i, 0).unwrap());
    assert_eq!(t(i32t), "i32");
    assert_eq!(t(ui8), "ui8");
    assert_eq!(t(si16), "si16");
    assert_eq!(t(i1), "i1");
    assert_eq!(t(index), "index");
    assert_eq!(t(bf16), "bf16");
    assert_eq!(t(f16), "f16");
    assert_eq!(t(f64t), "f64");
    assert_eq!(t(t2x3), "tensor<2x3xf32>");
    assert_eq!(t(func), "(i32, f32) -> (tensor<2x3xf32>)");
    assert_eq!(t(enc_t), "tensor<?x2xf32>");
    assert!(matches!(
        *bc.ty_at(enc_t, 0).unwrap(),
        Ty::Tensor { encoded: true, .. }
    ));
    assert_eq!(t(tuple), "tuple");
    assert_eq!(t(none), "none");
    assert_eq!(*a(a_hello), Attr::Str("hello".into()));
    assert_eq!(*a(a_unit), Attr::Unit);
    let int = |i| match *a(i) {
        Attr::Int { value, .. } => value,
        ref other => panic!("{other:?}"),
    };
    let float = |i| match *a(i) {
        Attr::Float { value, .. } => value,
        ref other => panic!("{other:?}"),
    };
    assert_eq!(int(a_m5), -5);
    assert_eq!(int(a_u200), 200);
    assert_eq!(int(a_true), 1);
    assert_eq!(int(a_i128), 5);
    assert_eq!(int(a_min), i64::MIN);
    assert_eq!(float(a_f32), 1.5);
    assert_eq!(float(a_bf16), -3.5);
    assert_eq!(float(a_f16), 1.0);
    assert_eq!(float(a_f64), 0.1);
    assert_eq!(attr_text(&a(a_arr)), "[\"hello\", unit]");
    assert_eq!(attr_text(&a(a_dict)), "{hello = -5 : i32}");
    assert_eq!(*a(a_flat), Attr::SymRef("hello".into()));
    assert_eq!(*a(a_sym), Attr::SymRef("hello::@hello".into()));
    assert_eq!(attr_text(&a(a_type)), "tensor<2x3xf32>");
    let loc = |i| match &*a(i) {
        Attr::Loc(l) => l.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(loc(a_unknown), "unknown");
    assert_eq!(loc(a_flc), "\"f.py\":3:7");
    assert_eq!(loc(a_name), "\"n\"(\"f.py\":3:7)");
    assert_eq!(loc(a_name_only), "\"n\"");
    assert_eq!(loc(a_call), "callsite(\"n\"(\"f.py\":3:7) at \"f.py\":3:7)");
    assert_eq!(loc(a_fused), "fused[\"f.py\":3:7, \"n\"]");
    assert_eq!(loc(a_fused_meta), "fused<\"hello\">[\"f.py\":3:7]");
    assert_eq!(loc(a_range), "\"f.py\":3:7 to :9");
    match &*a(a_splat) {
        Attr::Elements { data, .. } => assert_eq!(**data, 1.0f32.to_le_bytes().to_vec()),
        other => panic!("{other:?}"),
    }
    match &*a(a_bits) {
        Attr::Elements { data, .. } => assert_eq!(**data, vec![1, 0, 1, 0, 0, 0, 0, 1, 0, 1]),
        other => panic!("{other:?}"),
    }
    assert!(matches!(*a(a_darr), Attr::DenseArray { len: 2, .. }));
    assert_eq!(*a(a_str_ty), Attr::Str("hello".into()));
    assert_eq!(*a(a_distinct), *a(a_m5));
    assert!(matches!(*a(a_dstr), Attr::Other(_)));
    match &*a(a_resource) {
        Attr::Elements { data, .. } => assert_eq!(data.len(), 24),
        other => panic!("{other:?}"),
    }
    assert!(bc.attr_at(a_bad_resource, 0).is_err());
    assert!(
        bc.attr_at(a_cycle, 0).is_err(),
        "self-referencing attribute"
    );
    assert!(bc.attr_at(a_bad_code, 0).is_err());
    assert!(bc.attr_at(a_trailing, 0).is_err());
    assert!(bc.attr_at(999, 0).is_err());
    assert!(bc.ty_at(999, 0).is_err());
}

#[test]
fn shared_attributes_do_not_blow_up() {
    use super::builtin::attr_text;
    use super::container::Bytecode;
    use enc::W;
    // 60 levels of [prev, prev]: 2^60 leaves if expanded; text and decoding stay bounded.
    let mut f = builtin_file();
    f.attrs.push((0, W::new().varint(7).0.clone()));
    for i in 0..60u64 {
        f.attrs.push((
            0,
            W::new().varint(0).varint(2).varint(i).varint(i).0.clone(),
        ));
    }
    // And a chain of 250 nested arrays (within the nesting bound), then one of 300.
    let base = f.attrs.len() as u64;
    f.attrs.push((0, W::new().varint(7).0.clone()));
    for i in 0..300u64 {
        f.attrs
            .push((0, W::new().varint(0).varint(1).varint(base + i).0.clone()));
    }
    let bytes = f.bytes();
    let (bc, _) = Bytecode::parse(&bytes).unwrap();
    let text = attr_text(&bc.attr_at(60, 0).unwrap());
    assert!(text.len() < 4096, "{}", text.len());
    bc.attr_at(base + 250, 0).unwrap();
    let (bc, _) = Bytecode::parse(&bytes).unwrap();
    let e = bc.attr_at(base + 300, 0).unwrap_err();
    assert!(e.msg.contains("nesting"), "{}", e.msg);
}

#[test]
fn text_cases_attributes() {
    use crate::compiler::ir::{DotDims, FftType, Transpose};
    for v in ["0.9.0", "1.17.0"] {
        let m = parse_file(&corpus_dir().join(format!("text_linalg/model.v{v}.mlirbc")));
        let ops: Vec<Opcode> = m
            .entry()
            .unwrap()
            .body
            .ops
            .iter()
            .map(|o| o.opcode.clone())
            .collect();
        assert_eq!(
            ops,
            vec![
                Opcode::TriangularSolve {
                    left_side: true,
                    lower: true,
                    unit_diagonal: false,
                    transpose_a: Transpose::Transpose
                },
                Opcode::Cholesky { lower: true }
            ]
        );
        let m = parse_file(&corpus_dir().join(format!("text_legacy/model.v{v}.mlirbc")));
        let f = m.entry().unwrap();
        let ops: Vec<&Opcode> = f.body.ops.iter().map(|o| &o.opcode).collect();
        assert_eq!(
            ops[0],
            &Opcode::DotGeneral(Box::new(DotDims {
                lhs_contracting: vec![1],
                rhs_contracting: vec![0],
                ..DotDims::default()
            }))
        );
        assert_eq!(
            ops[1],
            &Opcode::BroadcastInDim {
                broadcast_dimensions: vec![1, 2]
            }
        );
        assert_eq!(
            ops[2],
            &Opcode::ReducePrecision {
                exponent_bits: 5,
                mantissa_bits: 10
            }
        );
        assert_eq!(
            ops[4],
            &Opcode::CustomCall {
                target: "my_target".into(),
                has_side_effect: true,
                backend_config: "cfg".into(),
                api_version: 1,
                config: Vec::new(),
            }
        );
        let m = parse_file(&corpus_dir().join(format!("text_if/model.v{v}.mlirbc")));
        let op = &m.entry().unwrap().body.ops[0];
        assert_eq!(op.opcode, Opcode::If);
        assert_eq!(op.regions.len(), 2);
        assert_eq!(
            op.regions[1].yields,
            m.entry().unwrap().body.args[1..].to_vec()
        );
    }
    // Complex types, a complex constant and the complex ops, in every version.
    for p in bytecode_files(&corpus_dir().join("text_complex")) {
        let m = parse_file(&p);
        let f = m.entry().unwrap();
        let ops: Vec<&Opcode> = f.body.ops.iter().map(|o| &o.opcode).collect();
        let name = p.display().to_string();
        // The serializer hoists constants, so the order differs between versions.
        assert!(ops.contains(&&Opcode::Complex), "{name}");
        let k = ops
            .iter()
            .find_map(|o| match o {
                Opcode::Constant(l) => Some(l),
                _ => None,
            })
            .unwrap_or_else(|| panic!("{name}: no constant"));
        assert_eq!(k.ty, TensorType::new(DType::C64, [2]), "{name}");
        let parts: Vec<f32> = k
            .bytes
            .chunks(4)
            .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        assert_eq!(parts[..2], [1.5, -2.0], "{name}");
        assert!(parts[2].is_nan() && parts[3] == 0.25, "{name}");
        assert!(ops.contains(&&Opcode::Imag), "{name}");
        assert!(
            ops.contains(&&Opcode::Fft {
                kind: FftType::Ifft,
                lengths: vec![2],
                packed: false
            }),
            "{name}"
        );
        assert_eq!(
            f.result_types[1],
            TensorType::new(DType::C128, [2]),
            "{name}"
        );
    }
}

/// One step of a pre-order walk: values defined (function/block arguments, op results) or
/// used (op operands, terminator operands).
#[derive(Debug)]
enum Step<T> {
    Args(Vec<T>),
    Op { results: Vec<T>, operands: Vec<T> },
    Return(Vec<T>),
}

fn region_steps(r: &crate::compiler::ir::Region, out: &mut Vec<Step<u32>>) {
    if !r.args.is_empty() {
        out.push(Step::Args(r.args.iter().map(|v| v.0).collect()));
    }
    for op in &r.ops {
        out.push(Step::Op {
            results: op.results.iter().map(|v| v.0).collect(),
            operands: op.operands.iter().map(|v| v.0).collect(),
        });
        for sub in &op.regions {
            region_steps(sub, out);
        }
    }
    out.push(Step::Return(r.yields.iter().map(|v| v.0).collect()));
}

/// `%a`, `%b#1` names of a parenthesized list starting at `open` (an index of `(`);
/// with `defs`, only names followed by `:` (argument declarations).
fn names_in_parens(text: &str, open: usize, defs: bool) -> Vec<String> {
    let b = text.as_bytes();
    let mut depth = 0;
    let mut end = open;
    for (i, &c) in b.iter().enumerate().skip(open) {
        match c {
            b'(' | b'<' | b'[' | b'{' => depth += 1,
            b')' | b'>' | b']' | b'}' => {
                depth -= 1;
                if depth == 0 {
                    end = i;
                    break;
                }
            }
            _ => {}
        }
    }
    let inner = &text[open + 1..end];
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(k) = inner[i..].find('%') {
        let s = i + k;
        let mut e = s + 1;
        let ib = inner.as_bytes();
        while e < ib.len() && (ib[e].is_ascii_alphanumeric() || ib[e] == b'_' || ib[e] == b'#') {
            e += 1;
        }
        if !defs || inner[e..].starts_with(':') {
            out.push(inner[s..e].to_string());
        }
        i = e;
    }
    out
}

/// The same walk over VHLO text (generic op form, as printed by MLIR). Sharding
/// annotations, which the reader drops as identities (`custom_call @Sharding`, Shardy ops
/// and the casts around them), become aliases of their operand instead of steps.
fn vhlo_text_steps(text: &str) -> Vec<Step<String>> {
    let mut out = Vec::new();
    let mut alias = std::collections::HashMap::<String, String>::new();
    let resolve = |alias: &std::collections::HashMap<String, String>, v: String| {
        alias.get(&v).cloned().unwrap_or(v)
    };
    let mut i = 0;
    loop {
        let next = [
            "vhlo.func_v1 @",
            "^bb0(",
            "\"vhlo.",
            "builtin.unrealized_conversion_cast %",
            "sdy.sharding_constraint %",
            "sdy.reshard %",
        ]
        .iter()
        .filter_map(|p| text[i..].find(p).map(|k| (i + k, *p)))
        .min();
        let Some((at, pat)) = next else { break };
        let line_start = text[..at].rfind('\n').map_or(0, |k| k + 1);
        let line_end = at + text[at..].find('\n').unwrap_or(text.len() - at);
        if pat.ends_with(" %") || (pat == "\"vhlo." && is_vhlo_sharding_call(&text[at..])) {
            // `%r = op %operand ...` or `%r = "vhlo.custom_call_v1"(%operand) ...`
            let result = text[line_start..at].trim().trim_end_matches('=').trim();
            let rest = &text[at + pat.len() - 1..line_end];
            let rest = rest.trim_start_matches(|c| c != '%');
            let operand: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || matches!(c, '%' | '_' | '#'))
                .collect();
            let target = resolve(&alias, operand);
            alias.insert(result.to_string(), target);
            i = line_end;
            continue;
        }
        match pat {
            "vhlo.func_v1 @" => {
                alias.clear(); // value names restart in every function
                let open = at + text[at..].find('(').unwrap();
                out.push(Step::Args(names_in_parens(text, open, true)));
                i = open;
            }
            "^bb0(" => {
                out.push(Step::Args(names_in_parens(text, at + 4, true)));
                i = at + 5;
            }
            _ => {
                let name_end = at + 1 + text[at + 1..].find('"').unwrap();
                let name = &text[at + 1..name_end];
                let operands: Vec<String> = names_in_parens(text, name_end + 1, false)
                    .into_iter()
                    .map(|v| resolve(&alias, v))
                    .collect();
                let lhs = text[line_start..at].trim().trim_end_matches('=').trim();
                let mut results = Vec::new();
                for r in lhs.split(',').map(str::trim).filter(|r| !r.is_empty()) {
                    if let Some((base, n)) = r.split_once(':') {
                        for k in 0..n.parse::<usize>().unwrap() {
                            results.push(format!("{base}#{k}"));
                        }
                    } else {
                        results.push(r.to_string());
                    }
                }
                if name == "vhlo.return_v1" {
                    out.push(Step::Return(operands));
                } else {
                    out.push(Step::Op { results, operands });
                }
                i = name_end;
            }
        }
    }
    out
}

/// Checks that every operand of the decoded module is the value the VHLO text names.
fn check_value_numbering(m: &Module, vhlo_text: &str, what: &str) {
    let mut ours = Vec::new();
    for f in &m.funcs {
        ours.push(Step::Args(f.body.args.iter().map(|v| v.0).collect()));
        let mut body = f.body.clone();
        body.args.clear();
        region_steps(&body, &mut ours);
    }
    let theirs = vhlo_text_steps(vhlo_text);
    assert_eq!(ours.len(), theirs.len(), "{what}: {ours:?} vs {theirs:?}");
    let mut map = std::collections::HashMap::new();
    let define =
        |names: &[String], ids: &[u32], map: &mut std::collections::HashMap<String, u32>| {
            assert_eq!(names.len(), ids.len(), "{what}");
            for (n, &v) in names.iter().zip(ids) {
                map.insert(n.clone(), v);
            }
        };
    for (o, t) in ours.iter().zip(&theirs) {
        match (o, t) {
            (Step::Args(ids), Step::Args(names)) => {
                if names.first().is_some_and(|n| n == "%arg0") {
                    map.clear(); // a new function
                }
                define(names, ids, &mut map)
            }
            (
                Step::Op { results, operands },
                Step::Op {
                    results: rn,
                    operands: on,
                },
            ) => {
                let used: Vec<u32> = on.iter().map(|n| map[n]).collect();
                assert_eq!(&used, operands, "{what}: operands {on:?}");
                define(rn, results, &mut map);
            }
            (Step::Return(ids), Step::Return(names)) => {
                let used: Vec<u32> = names.iter().map(|n| map[n]).collect();
                assert_eq!(&used, ids, "{what}: return {names:?}");
            }
            _ => panic!("{what}: {o:?} vs {t:?}"),
        }
    }
}

#[test]
fn operands_match_vhlo_text() {
    let mut n = 0;
    for case in sorted_entries(&corpus_dir()) {
        let Ok(text) = std::fs::read_to_string(case.join("model.vhlo.mlir")) else {
            continue;
        };
        if case
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("unsupported_")
        {
            continue;
        }
        // Older targets hold the same program, so the newest VHLO text applies to all.
        for p in bytecode_files(&case) {
            let m = parse_file(&p);
            if has_chlo_composite(&text) {
                check_chlo_expanded(&m, &p.display().to_string());
            } else {
                check_value_numbering(&m, &text, &p.display().to_string());
            }
        }
        n += 1;
    }
    let shared = &shared_bytecode_dir();
    for p in bytecode_files(shared) {
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        if name.contains("export") {
            continue;
        }
        let stem = name.split('.').next().unwrap();
        let text = std::fs::read_to_string(shared.join(format!("{stem}.vhlo.mlir"))).unwrap();
        check_value_numbering(&parse_file(&p), &text, &name);
        n += 1;
    }
    assert!(n >= 30, "{n}");
}

/// `../shared/bytecode` beside the checkout (CI clones the repository with shared/ beside it).
fn shared_bytecode_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/bytecode")
}

/// Workloads made by `../shared/bench/models.py --out DIR`, named by `PJRTC_BENCH_WORKLOADS`
/// (they are ~120 MB and not committed); without it the bench models are not read.
fn bench_workloads_dir() -> std::path::PathBuf {
    std::env::var_os("PJRTC_BENCH_WORKLOADS")
        .map(Into::into)
        .unwrap_or_default()
}
