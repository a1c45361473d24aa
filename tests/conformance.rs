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
