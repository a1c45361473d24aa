//! Target description -> a configured Cranelift ISA.

use super::Target;
use cranelift_codegen::isa::{self, OwnedTargetIsa};
use cranelift_codegen::settings::{self, Configurable};

/// x86_64 features codegen may use: (our name, Cranelift flag).
pub(crate) const X86_FEATURES: &[(&str, &str)] = &[
    ("sse3", "has_sse3"),
    ("ssse3", "has_ssse3"),
    ("sse4.1", "has_sse41"),
    ("sse4.2", "has_sse42"),
    ("popcnt", "has_popcnt"),
    ("avx", "has_avx"),
    ("avx2", "has_avx2"),
    ("fma", "has_fma"),
    ("bmi1", "has_bmi1"),
    ("bmi2", "has_bmi2"),
    ("lzcnt", "has_lzcnt"),
];

pub(crate) const X86_64: &str = "x86_64-unknown-linux-gnu";
pub(crate) const AARCH64: &str = "aarch64-unknown-linux-gnu";

impl Target {
    /// This machine, with every CPU feature it has that codegen uses, and those beyond
    /// x86-64-v3 that the runtime's routines use (`pjrtc_runtime::isa`): an artifact
    /// records what its routines may run.
    pub fn host() -> Target {
        #[cfg(target_arch = "x86_64")]
        {
            let codegen = X86_FEATURES.iter().map(|(f, _)| *f);
            let runtime = pjrtc_runtime::isa::RUNTIME_ONLY_FEATURES.iter().copied();
            Target {
                triple: X86_64.to_string(),
                features: codegen
                    .chain(runtime)
                    .filter(|f| pjrtc_runtime::loader::host_has(f))
                    .map(String::from)
                    .collect(),
            }
        }
        #[cfg(target_arch = "aarch64")]
        {
            Target {
                triple: AARCH64.to_string(),
                features: ["neon"]
                    .into_iter()
                    .filter(|f| pjrtc_runtime::loader::host_has(f))
                    .map(String::from)
                    .collect(),
            }
        }
    }

    /// The target named by `triple`: x86_64 at the x86-64-v3 level (on any machine, this
    /// one included: code and runtime routines then use nothing beyond AVX2 and FMA), or
    /// aarch64 with NEON (the baseline every AArch64 Linux machine has). Other triples
    /// are refused. The host with all its features is [`Target::host`].
    pub fn from_triple(triple: &str) -> Result<Target, String> {
        if triple == AARCH64 && cfg!(target_arch = "aarch64") {
            Ok(Target::host())
        } else if triple == AARCH64 {
            Ok(Target {
                triple: AARCH64.to_string(),
                features: vec!["neon".to_string()],
            })
        } else if triple == X86_64 {
            // The x86-64-v3 level (AVX2, FMA), the level of every x86_64 server of the
            // last decade.
            Ok(Target {
                triple: X86_64.to_string(),
                features: X86_FEATURES.iter().map(|(f, _)| f.to_string()).collect(),
            })
        } else {
            Err(format!(
                "unsupported target '{triple}' (supported: {X86_64}, {AARCH64})"
            ))
        }
    }

    /// Native fused multiply-add: always on aarch64; on x86_64 it needs FMA and AVX
    /// (Cranelift encodes it VEX only).
    pub(crate) fn has_fma(&self) -> bool {
        let has = |f: &str| self.features.iter().any(|g| g == f);
        !self.is_x86_64() || (has("fma") && has("avx"))
    }

    pub(crate) fn is_x86_64(&self) -> bool {
        self.triple.starts_with("x86_64")
    }
}

/// Builds the Cranelift ISA for `target`, with every flag set explicitly (the presets
/// such as `x86-64-v3` leave `has_avx` off, which silently turns `fma` into libcalls).
/// `optimize`: Cranelift's optimizer runs (`opt_level=speed`), or not (`none`); the code
/// of both links together.
pub(crate) fn make_isa(target: &Target, optimize: bool) -> Result<OwnedTargetIsa, String> {
    let mut fb = settings::builder();
    let set = |fb: &mut settings::Builder, k: &str, v: &str| {
        fb.set(k, v).map_err(|e| format!("setting {k}={v}: {e}"))
    };
    set(
        &mut fb,
        "opt_level",
        if optimize { "speed" } else { "none" },
    )?;
    set(&mut fb, "is_pic", "false")?;
    set(&mut fb, "use_colocated_libcalls", "false")?;
    set(
        &mut fb,
        "enable_verifier",
        if cfg!(debug_assertions) {
            "true"
        } else {
            "false"
        },
    )?;
    let mut ib =
        isa::lookup_by_name(&target.triple).map_err(|e| format!("{}: {e}", target.triple))?;
    if target.is_x86_64() {
        let runtime_only = pjrtc_runtime::isa::RUNTIME_ONLY_FEATURES;
        for f in target
            .features
            .iter()
            .filter(|f| !runtime_only.contains(&f.as_str()))
        {
            let flag = X86_FEATURES
                .iter()
                .find(|(n, _)| n == f)
                .map(|(_, c)| *c)
                .ok_or_else(|| format!("unknown x86_64 feature '{f}'"))?;
            ib.enable(flag)
                .map_err(|e| format!("enabling {flag}: {e}"))?;
        }
    } else if target.triple == AARCH64 {
        if let Some(f) = target.features.iter().find(|f| *f != "neon") {
            return Err(format!("unknown aarch64 feature '{f}'"));
        }
    } else {
        return Err(format!("unsupported target {}", target.triple));
    }
    ib.finish(settings::Flags::new(fb))
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triples_name_targets() {
        // x86_64 is x86-64-v3 on any machine: nothing a runtime routine could take past it.
        let v3 = Target::from_triple(X86_64).unwrap();
        let names: Vec<String> = X86_FEATURES.iter().map(|(f, _)| f.to_string()).collect();
        assert_eq!(v3.features, names);
        assert!(!v3.features.iter().any(|f| f.starts_with("avx512")));
        // The host records the runtime-only features it has, which codegen ignores.
        let host = Target::host();
        assert!(make_isa(&host, true).is_ok());
        for f in pjrtc_runtime::isa::RUNTIME_ONLY_FEATURES {
            assert_eq!(
                host.features.iter().any(|g| g == f),
                cfg!(target_arch = "x86_64") && pjrtc_runtime::loader::host_has(f),
                "{f}"
            );
        }
        let a = Target::from_triple(AARCH64).unwrap();
        assert_eq!(a.features, vec!["neon".to_string()]);
        assert!(make_isa(&a, true).is_ok());
        let x = Target::from_triple(X86_64).unwrap();
        assert!(x.features.iter().any(|f| f == "avx2") && make_isa(&x, true).is_ok());
        let e = Target::from_triple("riscv64gc-unknown-linux-gnu").unwrap_err();
        assert!(
            e.contains("unsupported target") && e.contains(AARCH64),
            "{e}"
        );
    }
}
