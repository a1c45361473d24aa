//! Maps a code image into executable memory.
//!
//! Stages (W^X, undone on failure): map anonymous RW memory, copy the image, write each
//! import address into its slot, then protect text RX and the rest R (flushing the
//! instruction cache on aarch64).

use crate::format::{CodeImage, KernelEntry, Target};
use crate::imports::IMPORTS;

/// A kernel entry point: computes workgroups `[begin, end)` of its index space.
pub type KernelFn = unsafe extern "C" fn(bindings: *const *mut u8, begin: u64, end: u64);

#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("artifact is for target {artifact}, this machine is {host}")]
    WrongTarget { artifact: String, host: String },
    #[error("artifact needs CPU feature '{0}', which this machine lacks")]
    MissingFeature(String),
    #[error("code image: {0}")]
    BadImage(String),
    #[error("cannot map code: {0}")]
    Map(String),
}

/// A code image loaded into executable memory; unmapped on drop.
pub struct LoadedCode {
    base: *mut u8,
    map_len: usize,
    text_len: usize,
    /// Entry offsets given at load, validated.
    kernels: Vec<usize>,
}

// SAFETY: the mapping is immutable (RX/R) after `load` and only freed by `Drop`.
unsafe impl Send for LoadedCode {}
// SAFETY: as above; shared access only reads or executes the mapping.
unsafe impl Sync for LoadedCode {}

/// The triple prefix of this machine's architecture.
fn host_arch() -> &'static str {
    if cfg!(target_arch = "x86_64") {
        "x86_64"
    } else if cfg!(target_arch = "aarch64") {
        "aarch64"
    } else {
        "unknown"
    }
}

/// Is CPU feature `f` (named as in [`Target::features`]) present on this machine?
/// The compiler asks the same question to choose the host's features, so what it
/// records is exactly what this loader checks.
pub fn host_has(f: &str) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        match f {
            "sse3" => std::is_x86_feature_detected!("sse3"),
            "ssse3" => std::is_x86_feature_detected!("ssse3"),
            "sse4.1" => std::is_x86_feature_detected!("sse4.1"),
            "sse4.2" => std::is_x86_feature_detected!("sse4.2"),
            "popcnt" => std::is_x86_feature_detected!("popcnt"),
            "avx" => std::is_x86_feature_detected!("avx"),
            "avx2" => std::is_x86_feature_detected!("avx2"),
            "fma" => std::is_x86_feature_detected!("fma"),
            "bmi1" => std::is_x86_feature_detected!("bmi1"),
            "bmi2" => std::is_x86_feature_detected!("bmi2"),
            "lzcnt" => std::is_x86_feature_detected!("lzcnt"),
            "f16c" => std::is_x86_feature_detected!("f16c"),
            "avx512f" => std::is_x86_feature_detected!("avx512f"),
            "avx512vl" => std::is_x86_feature_detected!("avx512vl"),
            "avx512dq" => std::is_x86_feature_detected!("avx512dq"),
            "avx512bw" => std::is_x86_feature_detected!("avx512bw"),
            "avx512vnni" => std::is_x86_feature_detected!("avx512vnni"),
            "avx512bf16" => std::is_x86_feature_detected!("avx512bf16"),
            _ => false,
        }
    }
    #[cfg(target_arch = "aarch64")]
    {
        match f {
            "neon" => std::arch::is_aarch64_feature_detected!("neon"),
            "fp16" => std::arch::is_aarch64_feature_detected!("fp16"),
            _ => false,
        }
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        let _ = f;
        false
    }
}

/// Checks that code for `target` can run here.
pub fn check_target(target: &Target) -> Result<(), LoadError> {
    let arch = target.triple.split('-').next().unwrap_or("");
    if arch != host_arch() || !target.triple.contains("linux") {
        return Err(LoadError::WrongTarget {
            artifact: target.triple.clone(),
            host: format!("{}-unknown-linux-gnu", host_arch()),
        });
    }
    match target.features.iter().find(|f| !host_has(f)) {
        Some(f) => Err(LoadError::MissingFeature(f.clone())),
        None => Ok(()),
    }
}

fn validate(image: &CodeImage, kernels: &[KernelEntry]) -> Result<(), LoadError> {
    let len = image.bytes.len() as u64;
    if image.text_len > len {
        return Err(LoadError::BadImage(format!(
            "text length {} exceeds image size {len}",
            image.text_len
        )));
    }
    for r in &image.relocs {
        if r.offset.checked_add(8).is_none_or(|end| end > len) {
            return Err(LoadError::BadImage(format!(
                "relocation at {} outside the image ({len} bytes)",
                r.offset
            )));
        }
        if r.import as usize >= IMPORTS.len() {
            return Err(LoadError::BadImage(format!(
                "relocation at {} names import {}, this runtime has {}",
                r.offset,
                r.import,
                IMPORTS.len()
            )));
        }
    }
    for k in kernels {
        if k.offset >= image.text_len {
            return Err(LoadError::BadImage(format!(
                "kernel {} at offset {} outside text ({} bytes)",
                k.name, k.offset, image.text_len
            )));
        }
    }
    Ok(())
}

fn page_size() -> usize {
    // SAFETY: sysconf has no preconditions.
    let p = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    if p > 0 { p as usize } else { 4096 }
}

impl LoadedCode {
    /// Checks `target` against the host, validates the image, then maps it with the
    /// entry points `kernels` (addressed by position in [`LoadedCode::kernel`]).
    pub fn load(
        image: &CodeImage,
        target: &Target,
        kernels: &[KernelEntry],
    ) -> Result<LoadedCode, LoadError> {
        check_target(target)?;
        validate(image, kernels)?;
        // Each import is linked in the variant of the artifact's level, so generated code
        // reaches no instruction the artifact did not ask for.
        let isa = crate::Isa::for_target(target);
        let page = page_size();
        let text_len = image.text_len as usize;
        // Text and read-only data get their own pages so they can be protected apart.
        let text_pages = text_len.div_ceil(page).max(1) * page;
        let rest = image.bytes.len() - text_len;
        let map_len = text_pages + rest.div_ceil(page) * page;
        // SAFETY: anonymous private mapping with no address hint; the result is checked.
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                map_len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if base == libc::MAP_FAILED {
            return Err(LoadError::Map(std::io::Error::last_os_error().to_string()));
        }
        let code = LoadedCode {
            base: base as *mut u8,
            map_len,
            text_len,
            kernels: kernels.iter().map(|k| k.offset as usize).collect(),
        };
        // SAFETY: the mapping is map_len >= bytes.len() + padding bytes, writable and
        // disjoint from `image`; text goes at 0 and the rest at text_pages.
        unsafe {
            std::ptr::copy_nonoverlapping(image.bytes.as_ptr(), code.base, text_len);
            std::ptr::copy_nonoverlapping(
                image.bytes.as_ptr().add(text_len),
                code.base.add(text_pages),
                rest,
            );
        }
        for r in &image.relocs {
            let value = (IMPORTS[r.import as usize].for_isa(isa) as i64).wrapping_add(r.addend);
            let off = r.offset as usize;
            let at = if off < text_len {
                off
            } else {
                off - text_len + text_pages
            };
            // SAFETY: validate() checked offset + 8 <= bytes.len(), so the slot lies in
            // the copied region; it may be unaligned, hence write_unaligned.
            unsafe { (code.base.add(at) as *mut i64).write_unaligned(value) };
        }
        code.protect(0, text_pages, libc::PROT_READ | libc::PROT_EXEC)?;
        if map_len > text_pages {
            code.protect(text_pages, map_len - text_pages, libc::PROT_READ)?;
        }
        #[cfg(target_arch = "aarch64")]
        code.flush_icache();
        if std::env::var_os("PJRTC_PERF_MAP").is_some() {
            code.write_perf_map(kernels);
        }
        Ok(code)
    }

    /// Appends the kernels' addresses to `/tmp/perf-<pid>.map`, where `perf report`
    /// looks up symbols of code it finds in anonymous memory. Each kernel's extent runs
    /// to the next kernel's entry (or the text's end). Best effort: a profiling aid, so
    /// a failed write is reported once and otherwise ignored.
    fn write_perf_map(&self, kernels: &[KernelEntry]) {
        use std::io::Write;
        let mut starts: Vec<usize> = self.kernels.clone();
        starts.push(self.text_len);
        starts.sort_unstable();
        let mut text = String::new();
        for (k, &off) in kernels.iter().zip(&self.kernels) {
            let end = starts
                .iter()
                .copied()
                .find(|&s| s > off)
                .unwrap_or(self.text_len);
            text += &format!(
                "{:x} {:x} {}\n",
                self.base as usize + off,
                end - off,
                k.name
            );
        }
        let path = format!("/tmp/perf-{}.map", std::process::id());
        let written = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .and_then(|mut f| f.write_all(text.as_bytes()));
        if let Err(e) = written {
            eprintln!("pjrtc: PJRTC_PERF_MAP: cannot write {path}: {e}");
        }
    }

    fn protect(&self, start: usize, len: usize, prot: libc::c_int) -> Result<(), LoadError> {
        // SAFETY: [start, start+len) is a page-aligned part of our own mapping.
        let rc = unsafe { libc::mprotect(self.base.add(start) as *mut libc::c_void, len, prot) };
        if rc != 0 {
            return Err(LoadError::Map(std::io::Error::last_os_error().to_string()));
        }
        Ok(())
    }

    #[cfg(target_arch = "aarch64")]
    fn flush_icache(&self) {
        unsafe extern "C" {
            fn __clear_cache(start: *mut libc::c_char, end: *mut libc::c_char);
        }
        // SAFETY: the range is our own mapping; __clear_cache only maintains caches.
        unsafe {
            __clear_cache(
                self.base as *mut libc::c_char,
                self.base.add(self.text_len) as *mut libc::c_char,
            )
        };
    }

    /// Number of kernels given at load.
    pub fn num_kernels(&self) -> usize {
        self.kernels.len()
    }

    /// The function of kernel `i` (in the order given to [`LoadedCode::load`]).
    pub fn kernel(&self, i: usize) -> KernelFn {
        let off = self.kernels[i];
        assert!(off < self.text_len);
        // SAFETY: `off` was validated to lie in the text, which is mapped RX for as long
        // as `self` lives; the compiler placed a function with this ABI there.
        unsafe { std::mem::transmute::<*mut u8, KernelFn>(self.base.add(off)) }
    }

    /// Address of the text (for profilers' symbol maps).
    pub fn text(&self) -> (*const u8, usize) {
        (self.base, self.text_len)
    }
}

impl Drop for LoadedCode {
    fn drop(&mut self) {
        // SAFETY: base/map_len are exactly what mmap returned in `load`.
        unsafe { libc::munmap(self.base as *mut libc::c_void, self.map_len) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::ImportReloc;

    fn host_target() -> Target {
        Target {
            triple: format!("{}-unknown-linux-gnu", host_arch()),
            features: vec![],
        }
    }

    #[test]
    fn loader_refuses_wrong_target() {
        let image = CodeImage {
            bytes: vec![0xc3],
            text_len: 1,
            relocs: vec![],
        };
        let other = if host_arch() == "x86_64" {
            "aarch64"
        } else {
            "x86_64"
        };
        let t = Target {
            triple: format!("{other}-unknown-linux-gnu"),
            features: vec![],
        };
        assert!(matches!(
            LoadedCode::load(&image, &t, &[]),
            Err(LoadError::WrongTarget { .. })
        ));
        let t = Target {
            features: vec!["no-such-feature".into()],
            ..host_target()
        };
        assert!(matches!(
            LoadedCode::load(&image, &t, &[]),
            Err(LoadError::MissingFeature(_))
        ));
    }

    #[test]
    fn loader_refuses_bad_relocs_and_offsets() {
        let image = CodeImage {
            bytes: vec![0; 16],
            text_len: 8,
            relocs: vec![ImportReloc {
                offset: 12,
                import: 0,
                addend: 0,
            }],
        };
        assert!(matches!(
            LoadedCode::load(&image, &host_target(), &[]),
            Err(LoadError::BadImage(_))
        ));
        let image = CodeImage {
            relocs: vec![ImportReloc {
                offset: 0,
                import: u32::MAX,
                addend: 0,
            }],
            ..image
        };
        assert!(LoadedCode::load(&image, &host_target(), &[]).is_err());
        let image = CodeImage {
            relocs: vec![],
            ..image
        };
        let k = KernelEntry {
            name: "k".into(),
            offset: 8,
        };
        assert!(LoadedCode::load(&image, &host_target(), &[k]).is_err());
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn loader_runs_code_and_patches_imports() {
        // movabs rax, imm64 (slot at 2); ret -- returns the patched import address.
        let mut bytes = vec![0x48, 0xb8];
        bytes.extend_from_slice(&[0; 8]);
        bytes.push(0xc3);
        bytes.extend_from_slice(&[1, 2, 3]); // read-only data after text
        let image = CodeImage {
            text_len: 11,
            bytes,
            relocs: vec![ImportReloc {
                offset: 2,
                import: 0,
                addend: 0,
            }],
        };
        let k = KernelEntry {
            name: "f".into(),
            offset: 0,
        };
        let code = LoadedCode::load(&image, &host_target(), &[k]).unwrap();
        let f = code.kernel(0);
        // SAFETY: the code returns a value and ignores its arguments.
        let g: extern "C" fn() -> usize = unsafe { std::mem::transmute(f) };
        assert_eq!(g(), IMPORTS[0].addr as usize);
    }

    #[test]
    fn perf_map_names_each_kernel_to_the_next_entry() {
        // Two one-byte functions (ret; ret) and a third from offset 2 to the text's end.
        let image = CodeImage {
            text_len: 5,
            bytes: vec![0xc3; 5],
            relocs: vec![],
        };
        let names = ["perf_map_test_b", "perf_map_test_a", "perf_map_test_c"];
        let kernels: Vec<KernelEntry> = [1u64, 0, 2]
            .iter()
            .zip(names)
            .map(|(&offset, name)| KernelEntry {
                name: name.into(),
                offset,
            })
            .collect();
        let code = LoadedCode::load(&image, &host_target(), &kernels).unwrap();
        code.write_perf_map(&kernels);
        let map = std::fs::read_to_string(format!("/tmp/perf-{}.map", std::process::id())).unwrap();
        let base = code.text().0 as usize;
        for (start, len, name) in [(1, 1, names[0]), (0, 1, names[1]), (2, 3, names[2])] {
            let line = format!("{:x} {len:x} {name}", base + start);
            assert!(map.lines().any(|l| l == line), "{line} not in:\n{map}");
        }
    }
}
