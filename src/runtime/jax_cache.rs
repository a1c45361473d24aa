//! Entries of JAX's persistent compilation cache, so `pjrtc run`/`inspect` can take a
//! cached pjrtc executable as it lies in the cache directory.
//!
//! An entry is compressed (zstd when Python has it, else zlib) and holds a 4-byte
//! big-endian compile time followed by the runtime's serialized executable. For a PJRT
//! plugin that is IFRT's wrapping of what `PJRT_Executable_Serialize` returned, i.e. of
//! the `.pjx` itself (see [`find_pjx`]); the artifact's own checksum confirms the find.

use std::io::Read;

use pjrtc_runtime::format::MAGIC;

/// Decompressed entries larger than this are refused (a corrupt length cannot make us
/// allocate without bound).
const MAX_ENTRY: usize = 1 << 32;
const ZSTD_MAGIC: [u8; 4] = [0x28, 0xB5, 0x2F, 0xFD];

#[derive(Debug, thiserror::Error)]
pub enum CacheEntryError {
    #[error("not a .pjx nor a JAX compilation cache entry (unknown leading bytes {0:02x?})")]
    Unknown(Vec<u8>),
    #[error("JAX cache entry: {0} decompression failed: {1}")]
    Decompress(&'static str, String),
    #[error("JAX cache entry is shorter than its 4-byte compile time")]
    Short,
    #[error("JAX cache entry holds no pjrtc executable (compiled by another backend?)")]
    NoArtifact,
}

/// The `.pjx` bytes of `bytes`: `bytes` itself when it is an artifact, else the artifact
/// inside a JAX compilation cache entry.
pub fn artifact_bytes(bytes: Vec<u8>) -> Result<Vec<u8>, CacheEntryError> {
    if bytes.starts_with(&MAGIC) {
        return Ok(bytes);
    }
    let raw = decompress(&bytes)?;
    let exe = raw.get(4..).ok_or(CacheEntryError::Short)?;
    find_pjx(exe)
        .map(<[u8]>::to_vec)
        .ok_or(CacheEntryError::NoArtifact)
}

fn decompress(bytes: &[u8]) -> Result<Vec<u8>, CacheEntryError> {
    if bytes.starts_with(&ZSTD_MAGIC) {
        let dec = ruzstd::decoding::StreamingDecoder::new(bytes)
            .map_err(|e| CacheEntryError::Decompress("zstd", e.to_string()))?;
        let mut out = Vec::new();
        dec.take(MAX_ENTRY as u64 + 1)
            .read_to_end(&mut out)
            .map_err(|e| CacheEntryError::Decompress("zstd", e.to_string()))?;
        return bounded(out, "zstd");
    }
    // A zlib stream: CMF 0x78 (deflate, 32K window) and a header checksum multiple of 31.
    if let [0x78, flg, ..] = *bytes
        && (0x7800u16 | flg as u16).is_multiple_of(31)
    {
        let out = miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(bytes, MAX_ENTRY + 1)
            .map_err(|e| CacheEntryError::Decompress("zlib", format!("{:?}", e.status)))?;
        return bounded(out, "zlib");
    }
    Err(CacheEntryError::Unknown(
        bytes.iter().take(4).copied().collect(),
    ))
}

fn bounded(out: Vec<u8>, what: &'static str) -> Result<Vec<u8>, CacheEntryError> {
    if out.len() > MAX_ENTRY {
        return Err(CacheEntryError::Decompress(
            what,
            "entry larger than 4 GiB".into(),
        ));
    }
    Ok(out)
}

/// The `.pjx` inside the runtime's serialized executable: IFRT writes a varint length,
/// that many bytes of its own metadata (a protobuf naming the serializer, devices,
/// entry name), then the bytes `PJRT_Executable_Serialize` returned. A bare `.pjx` (no
/// IFRT layer) is accepted too.
fn find_pjx(exe: &[u8]) -> Option<&[u8]> {
    let mut r = exe;
    let candidate = match varint(&mut r).and_then(|n| r.get(usize::try_from(n).ok()?..)) {
        Some(rest) if rest.starts_with(&MAGIC) => rest,
        _ => exe,
    };
    pjrtc_runtime::Pjx::from_bytes(candidate)
        .is_ok()
        .then_some(candidate)
}

fn varint(r: &mut &[u8]) -> Option<u64> {
    let mut v = 0u64;
    for shift in (0..64).step_by(7) {
        let (&b, rest) = r.split_first()?;
        *r = rest;
        v |= u64::from(b & 0x7f) << shift;
        if b & 0x80 == 0 {
            return Some(v);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny_pjx() -> Vec<u8> {
        crate::compiler::compile(
            b"func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {\n  %0 = stablehlo.add %x, %x : tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n",
            &crate::compiler::Options::default(),
        )
        .unwrap()
        .to_bytes()
    }

    fn field(tag: u64, payload: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        for mut v in [tag << 3 | 2, payload.len() as u64] {
            loop {
                let b = (v & 0x7f) as u8;
                v >>= 7;
                out.push(if v == 0 { b } else { b | 0x80 });
                if v == 0 {
                    break;
                }
            }
        }
        out.extend_from_slice(payload);
        out
    }

    /// An entry laid out like JAX 0.10's: time, IFRT's length-prefixed metadata, the
    /// executable.
    fn entry(pjx: &[u8]) -> Vec<u8> {
        let mut meta = vec![0x08, 0x03]; // a varint field
        meta.extend(field(2, b"pjrt_ifrt"));
        meta.extend(field(7, b"main"));
        let mut raw = vec![0, 0, 0, 7, meta.len() as u8];
        raw.extend(meta);
        raw.extend_from_slice(pjx);
        raw
    }

    #[test]
    fn artifact_passes_through() {
        let pjx = tiny_pjx();
        assert_eq!(artifact_bytes(pjx.clone()).unwrap(), pjx);
    }

    #[test]
    fn zlib_entry_yields_the_artifact() {
        let pjx = tiny_pjx();
        let z = miniz_oxide::deflate::compress_to_vec_zlib(&entry(&pjx), 6);
        assert_eq!(artifact_bytes(z).unwrap(), pjx);
    }

    #[test]
    fn zstd_entry_yields_the_artifact() {
        let pjx = tiny_pjx();
        let z = ruzstd::encoding::compress_to_vec(
            &entry(&pjx)[..],
            ruzstd::encoding::CompressionLevel::Fastest,
        );
        assert_eq!(artifact_bytes(z).unwrap(), pjx);
    }

    #[test]
    fn bad_entries_are_errors() {
        assert!(matches!(
            artifact_bytes(b"hello".to_vec()),
            Err(CacheEntryError::Unknown(_))
        ));
        let no_pjx = miniz_oxide::deflate::compress_to_vec_zlib(&entry(b"not an artifact")[..], 6);
        assert!(matches!(
            artifact_bytes(no_pjx),
            Err(CacheEntryError::NoArtifact)
        ));
        let mut pjx = tiny_pjx();
        *pjx.last_mut().unwrap() ^= 1; // damaged inside: the checksum refuses it
        let damaged = miniz_oxide::deflate::compress_to_vec_zlib(&entry(&pjx), 6);
        assert!(matches!(
            artifact_bytes(damaged),
            Err(CacheEntryError::NoArtifact)
        ));
        let truncated = miniz_oxide::deflate::compress_to_vec_zlib(&entry(&tiny_pjx()), 6);
        assert!(artifact_bytes(truncated[..truncated.len() / 2].to_vec()).is_err());
    }
}
