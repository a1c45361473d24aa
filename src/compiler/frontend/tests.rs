//! Front-end tests over real inputs: the conformance suite, JAX examples, bench models.

use super::parse;
use std::path::{Path, PathBuf};

fn mlir_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            mlir_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "mlir") {
            out.push(p);
        }
    }
}

#[test]
fn parses_every_conformance_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance/suite");
    let mut files = Vec::new();
    mlir_files(&root, &mut files);
    files.sort();
    assert!(files.len() >= 1800, "expected the conformance suite at {}", root.display());
    let mut ok = 0;
    let mut unsupported = Vec::new();
    let mut failed = Vec::new();
    for f in &files {
        let src = std::fs::read(f).unwrap();
        match parse(&src) {
            Ok(m) => {
                assert!(!m.funcs.is_empty(), "{}", f.display());
                ok += 1;
            }
            Err(e) if e.message.starts_with("unsupported:") => {
                unsupported.push(format!("{}: {}", f.display(), e));
            }
            Err(e) => failed.push(format!("{}: {}", f.display(), e)),
        }
    }
    eprintln!(
        "conformance: {} files, {ok} parsed, {} unsupported, {} failed",
        files.len(),
        unsupported.len(),
        failed.len()
    );
    for u in &unsupported {
        eprintln!("  unsupported {u}");
    }
    assert!(failed.is_empty(), "{} files failed:\n{}", failed.len(), failed.join("\n"));
}
