//! Tests over real artifacts: the shared JAX exports, the bench models and the generated
//! corpus under tests/bytecode, plus corruption (mutation) tests.

use super::*;
use crate::compiler::ir::{Op, Opcode, Region};
use std::path::{Path, PathBuf};

fn op_names(r: &Region, out: &mut Vec<String>) {
    r.walk(&mut |op: &Op| out.push(op.opcode.name()));
}

fn files_in(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    v.retain(|p| p.to_string_lossy().ends_with(suffix));
    v.sort();
    v
}

#[test]
fn decodes_shared_examples() {
    let dir = Path::new("/work/shared/bytecode");
    for p in files_in(dir, ".mlirbc") {
        let bytes = std::fs::read(&p).unwrap();
        let m = parse_bytecode(&bytes).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        let f = m.entry().unwrap();
        let mut names = Vec::new();
        op_names(&f.body, &mut names);
        eprintln!("{}: {:?} {:?} -> {:?}", p.display(), m.name, f.param_types(), f.result_types);
        eprintln!("  {names:?}");
    }
}

#[test]
fn decodes_bench_models() {
    for d in files_in(Path::new("/work/bench-workloads"), "") {
        let p = d.join("model.mlirbc");
        let Ok(bytes) = std::fs::read(&p) else { continue };
        let m = parse_bytecode(&bytes).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        let f = m.entry().unwrap();
        let mut names = Vec::new();
        op_names(&f.body, &mut names);
        eprintln!("{}: {} ops, {:?}", p.display(), names.len(), f.param_types());
        let _ = Opcode::Select;
    }
}
