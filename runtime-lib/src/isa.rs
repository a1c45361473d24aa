//! Which instruction-set paths the runtime's routines may take for one artifact.
//!
//! The one place that decides: an [`Isa`] is the CPU features an artifact records
//! ([`crate::format::Target::features`]) intersected with the host's, made when the
//! artifact is loaded and handed to every routine it runs (GEMM, convolution, softmax)
//! and to the loader, which links each runtime import to the variant of that level. So an
//! artifact compiled for x86-64-v3 runs no AVX-512 instruction anywhere, even on a CPU
//! that has it, and gives the same results on every machine that can load it.

use crate::format::Target;

/// The x86_64 features beyond x86-64-v3 the runtime's routines use, as
/// [`Target::features`] names them. Codegen does not use them; the compiler records the
/// host's so that the runtime may.
pub const RUNTIME_ONLY_FEATURES: &[&str] = &[
    "avx512f",
    "avx512vl",
    "avx512dq",
    "avx512bw",
    "avx512vnni",
    "avx512bf16",
];

/// The instruction-set paths routines may take.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Isa {
    /// x86_64 AVX (the 256-bit direct convolution loops).
    pub avx: bool,
    /// x86_64 AVX2 and FMA: the 8-lane paths.
    pub avx2_fma: bool,
    /// x86_64 AVX-512F (with AVX2 and FMA): the 16-lane paths.
    pub avx512f: bool,
    /// AVX-512VL (with AVX-512F): 32 registers for 8-lane code.
    pub avx512vl: bool,
    /// AVX-512DQ (with AVX-512F).
    pub avx512dq: bool,
    /// AVX-512BW (with AVX-512F).
    pub avx512bw: bool,
    /// AVX-512 VNNI (with AVX-512F and BW): `vpdpbusd`.
    pub avx512vnni: bool,
    /// AVX-512 BF16 (with AVX-512F and BW): `vdpbf16ps`, the bf16 GEMM's pair products.
    pub avx512bf16: bool,
}

impl Isa {
    /// No vector paths: what every machine runs.
    pub const PORTABLE: Isa = Isa {
        avx: false,
        avx2_fma: false,
        avx512f: false,
        avx512vl: false,
        avx512dq: false,
        avx512bw: false,
        avx512vnni: false,
        avx512bf16: false,
    };

    /// Everything this machine has (std caches the CPUID answers). For tests and tools
    /// that run routines outside an artifact.
    pub fn host() -> Isa {
        Isa::from_features(crate::loader::host_has)
    }

    /// What an artifact for `target` may use on this machine: the features it records
    /// that the host has. A feature missing on the host is refused by the loader before
    /// any of this matters; the intersection keeps the routines safe regardless.
    pub fn for_target(target: &Target) -> Isa {
        if !target.triple.starts_with(std::env::consts::ARCH) {
            return Isa::PORTABLE;
        }
        Isa::from_features(|f| target.features.iter().any(|g| g == f) && crate::loader::host_has(f))
    }

    /// The paths whose features `has` grants, each only with what it builds on.
    pub fn from_features(has: impl Fn(&str) -> bool) -> Isa {
        let avx = cfg!(target_arch = "x86_64") && has("avx");
        let avx2_fma = avx && has("avx2") && has("fma");
        let avx512f = avx2_fma && has("avx512f");
        let avx512bw = avx512f && has("avx512bw");
        Isa {
            avx,
            avx2_fma,
            avx512f,
            avx512vl: avx512f && has("avx512vl"),
            avx512dq: avx512f && has("avx512dq"),
            avx512bw,
            avx512vnni: avx512bw && has("avx512vnni"),
            avx512bf16: avx512bw && has("avx512bf16"),
        }
    }

    /// AVX-512F, VL and DQ: the vector math routines' 16-lane and 32-register paths.
    pub fn wide_vectors(self) -> bool {
        self.avx512f && self.avx512vl && self.avx512dq
    }

    /// This level without AVX-512 (`PJRTC_GEMM=avx2`-style comparisons, tests).
    pub fn without_avx512(self) -> Isa {
        Isa {
            avx512f: false,
            avx512vl: false,
            avx512dq: false,
            avx512bw: false,
            avx512vnni: false,
            avx512bf16: false,
            ..self
        }
    }
}

/// Whether this CPU's hardware prefetchers stream rows alone, so that the row routines
/// issue no prefetches of their own: true on AMD cores. Measured on a Zen 4 core, rows of
/// 4096 f32 summed from DRAM: 2.0 ms for 64 MiB without software prefetches, 2.4-2.7 ms
/// with them at any distance (512 B to 16 KiB) or hint; rows in L2 were not faster with
/// them either. On a Xeon core they save 6-11% (see `vecmath::PREFETCH_AHEAD`). A fact
/// of the core, not of the instruction set, so it is read from the CPU's vendor.
#[inline]
pub fn hardware_prefetch_suffices() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::sync::atomic::{AtomicU8, Ordering};
        // 0: not asked yet, 1: yes, 2: no.
        static ANSWER: AtomicU8 = AtomicU8::new(0);
        match ANSWER.load(Ordering::Relaxed) {
            1 => true,
            2 => false,
            _ => {
                let amd = host_vendor() == *b"AuthenticAMD";
                ANSWER.store(if amd { 1 } else { 2 }, Ordering::Relaxed);
                amd
            }
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// Whether the 8-lane row sums are the faster ones on this CPU even where AVX-512 is
/// allowed: AMD cores execute a 512-bit add as two 256-bit halves, and on a Zen 4 core the
/// 8-lane sum was faster both streaming from DRAM (2.0 ms against 2.2 ms for 64 MiB) and
/// from L2 (0.57 against 0.62 ms). Both give the same bits.
pub fn narrow_row_sums() -> bool {
    hardware_prefetch_suffices()
}

/// The CPU vendor's 12-byte name from CPUID leaf 0 (`GenuineIntel`, `AuthenticAMD`, ...).
#[cfg(target_arch = "x86_64")]
fn host_vendor() -> [u8; 12] {
    // CPUID is part of x86_64; leaf 0 exists on every such CPU.
    let r = std::arch::x86_64::__cpuid(0);
    let mut v = [0u8; 12];
    v[..4].copy_from_slice(&r.ebx.to_le_bytes());
    v[4..8].copy_from_slice(&r.edx.to_le_bytes());
    v[8..].copy_from_slice(&r.ecx.to_le_bytes());
    v
}

#[cfg(test)]
mod tests {
    use super::Isa;
    use crate::format::Target;

    /// An artifact for x86-64-v3 never gets an AVX-512 path, whatever the host has; one
    /// that records AVX-512 gets it only where the host has it too.
    #[test]
    fn artifact_features_bound_the_paths() {
        let v3: Vec<String> = [
            "sse3", "ssse3", "sse4.1", "sse4.2", "popcnt", "avx", "avx2", "fma",
        ]
        .map(String::from)
        .to_vec();
        let t = Target {
            triple: "x86_64-unknown-linux-gnu".into(),
            features: v3.clone(),
        };
        let isa = Isa::for_target(&t);
        assert!(
            !isa.avx512f && !isa.avx512vnni && !isa.avx512vl && !isa.avx512bf16,
            "{isa:?}"
        );
        let host = Isa::host();
        assert_eq!(isa.avx2_fma, host.avx2_fma);
        let mut all = v3;
        all.extend(super::RUNTIME_ONLY_FEATURES.iter().map(|f| f.to_string()));
        let t = Target {
            triple: "x86_64-unknown-linux-gnu".into(),
            features: all,
        };
        assert_eq!(Isa::for_target(&t), host);
        let a = Target {
            triple: "aarch64-unknown-linux-gnu".into(),
            features: vec!["neon".into()],
        };
        if cfg!(target_arch = "x86_64") {
            assert_eq!(Isa::for_target(&a), Isa::PORTABLE);
        }
        // Features only count with what they build on.
        let only512 = Isa::from_features(|f| f == "avx512f" || f == "avx512vnni");
        assert_eq!(only512, Isa::PORTABLE);
        let no_bw = Isa::from_features(|f| f != "avx512bw");
        assert!(!no_bw.avx512bf16 && !no_bw.avx512vnni, "{no_bw:?}");
        assert!(!Isa::host().without_avx512().avx512bf16);
    }
}
