//! Hex blobs (`dense<"0x...">`, dialect resources) to bytes: the weights of a model
//! arrive as megabytes of hex digits, so decoding works on whole vectors of digits with
//! one validity check at the end, not digit by digit.

/// Decodes hex digits (an even number of them, either case) into bytes; `None` if the
/// length is odd or some byte is not a hex digit.
pub fn decode_hex(hex: &[u8]) -> Option<Vec<u8>> {
    if !hex.len().is_multiple_of(2) {
        return None;
    }
    // Zeroed memory comes from the allocator without a pass over it.
    let mut out = vec![0u8; hex.len() / 2];
    prefault(&mut out);
    let (done, mut bad) = decode_vectors(hex, &mut out);
    let mut dst = out[done / 2..].chunks_exact_mut(4);
    let mut src = hex[done..].chunks_exact(8);
    for (d, s) in (&mut dst).zip(&mut src) {
        let (v, b) = hex8(u64::from_le_bytes(s.try_into().expect("8 digits")));
        d.copy_from_slice(&v.to_le_bytes());
        bad |= b;
    }
    let (dst, src) = (dst.into_remainder(), src.remainder());
    for (d, p) in dst.iter_mut().zip(src.chunks_exact(2)) {
        let (h, l) = (HEX_DIGIT[p[0] as usize], HEX_DIGIT[p[1] as usize]);
        bad |= u64::from(h | l) & 0xf0;
        *d = h << 4 | l;
    }
    (bad == 0).then_some(out)
}

/// A copy of `bytes` in fresh memory mapped up front (see [`prefault`]): weights in
/// bytecode are copied out of the input this way.
pub(crate) fn copy_large(bytes: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; bytes.len()];
    prefault(&mut out);
    out.copy_from_slice(bytes);
    out
}

/// Maps the pages of a large, fresh buffer in one system call. Weights are megabytes, and
/// writing them into fresh memory otherwise takes one page fault per 4 KiB page, which
/// costs more than decoding the page. Best effort: nothing happens where the kernel
/// (before Linux 5.14) does not know the request.
fn prefault(buf: &mut [u8]) {
    #[cfg(target_os = "linux")]
    if buf.len() >= 1 << 16 {
        const PAGE: usize = 4096;
        let start = buf.as_mut_ptr().addr().next_multiple_of(PAGE);
        let end = (buf.as_mut_ptr().addr() + buf.len()) & !(PAGE - 1);
        if end > start {
            // SAFETY: [start, end) is page-aligned and inside `buf`, which we own and may
            // write; MADV_POPULATE_WRITE only maps its pages as a write would, without
            // changing their contents (fresh pages stay zero, written ones keep their
            // bytes). A failure leaves the memory as it was.
            unsafe {
                libc::madvise(
                    buf.as_mut_ptr().add(start - buf.as_mut_ptr().addr()).cast(),
                    end - start,
                    libc::MADV_POPULATE_WRITE,
                )
            };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = buf;
}

/// Digit values, 0xff for the bytes that are not hex digits.
const HEX_DIGIT: [u8; 256] = {
    let mut t = [0xff; 256];
    let mut c = 0;
    while c < 256 {
        t[c] = match c as u8 {
            b @ b'0'..=b'9' => b - b'0',
            b @ b'a'..=b'f' => b - b'a' + 10,
            b @ b'A'..=b'F' => b - b'A' + 10,
            _ => 0xff,
        };
        c += 1;
    }
    t
};

/// Decodes 8 hex digits (little-endian in `x`: the first digit in the low byte) into 4
/// bytes; the second value is nonzero if some byte of `x` is not a hex digit.
#[inline(always)]
fn hex8(x: u64) -> (u32, u64) {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = ONES * 0x80;
    // Range tests per byte: for a byte v < 0x80, v + (0x80 - a) has its high bit set
    // iff v >= a, and no sum carries into the next byte. Bytes >= 0x80 are rejected by
    // `!x`; a carry out of such a byte only disturbs flags of a chunk already rejected.
    let lower = x | (ONES * 0x20);
    let digit = x.wrapping_add(ONES * (0x80 - 0x30)) & !x.wrapping_add(ONES * (0x7f - 0x39));
    let alpha =
        lower.wrapping_add(ONES * (0x80 - 0x61)) & !lower.wrapping_add(ONES * (0x7f - 0x66));
    let bad = ((digit | alpha) & !x & HIGH) ^ HIGH;
    // '0'..'9' -> low nibble; 'a'..'f' and 'A'..'F' -> low nibble (1..6) + 9.
    let nibbles = (x & (ONES * 0x0f)) + ((alpha & HIGH) >> 7) * 9;
    // Byte pairs (high digit first) -> one byte in the low half of each 16-bit lane,
    // then the four lanes' bytes packed together.
    const LANES: u64 = 0x00ff_00ff_00ff_00ff;
    let t = ((nibbles & LANES) << 4) | ((nibbles >> 8) & LANES);
    let t = (t | (t >> 8)) & 0x0000_ffff_0000_ffff;
    let t = (t | (t >> 16)) & 0xffff_ffff;
    (t as u32, bad)
}

/// Decodes a prefix of `hex` in 32-digit vectors into `out` (at least half as long);
/// returns the digits consumed and a value that is nonzero if one of them was not a hex
/// digit.
#[cfg(target_arch = "x86_64")]
fn decode_vectors(hex: &[u8], out: &mut [u8]) -> (usize, u64) {
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2 (checked just above).
        return unsafe { avx2::decode(hex, out) };
    }
    // SAFETY: SSE2 is part of the x86_64 baseline: every x86_64 CPU has it.
    unsafe { sse2::decode(hex, out) }
}

/// 64 digits at a time; digit pairs are combined by one multiply-add.
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::*;

    #[target_feature(enable = "avx2")]
    fn splat(b: u8) -> __m256i {
        _mm256_set1_epi8(b as i8)
    }

    /// 32 digits -> 16 bytes, one in the low half of each 16-bit lane, and a mask of
    /// the bytes that are hex digits (all ones).
    #[target_feature(enable = "avx2")]
    fn decode32(v: __m256i) -> (__m256i, __m256i) {
        // Signed compares: bytes >= 0x80 are negative and fall outside both ranges.
        let digit = _mm256_and_si256(
            _mm256_cmpgt_epi8(v, splat(b'0' - 1)),
            _mm256_cmpgt_epi8(splat(b'9' + 1), v),
        );
        let lower = _mm256_or_si256(v, splat(0x20));
        let alpha = _mm256_and_si256(
            _mm256_cmpgt_epi8(lower, splat(b'a' - 1)),
            _mm256_cmpgt_epi8(splat(b'f' + 1), lower),
        );
        let nibbles = _mm256_add_epi8(
            _mm256_and_si256(v, splat(0x0f)),
            _mm256_and_si256(alpha, splat(9)),
        );
        // Lane = high digit * 16 + low digit (the high digit comes first).
        let pairs = _mm256_maddubs_epi16(nibbles, _mm256_set1_epi16(0x0110));
        (pairs, _mm256_or_si256(digit, alpha))
    }

    #[target_feature(enable = "avx2")]
    pub fn decode(hex: &[u8], out: &mut [u8]) -> (usize, u64) {
        let mut valid = _mm256_set1_epi8(-1);
        let mut n = 0;
        for (s, d) in hex.chunks_exact(64).zip(out.chunks_exact_mut(32)) {
            // SAFETY: `s` is 64 readable bytes and `d` 32 writable ones; the unaligned
            // load and store intrinsics have no alignment requirement.
            let (lo, hi) = unsafe {
                (
                    _mm256_loadu_si256(s.as_ptr().cast()),
                    _mm256_loadu_si256(s.as_ptr().add(32).cast()),
                )
            };
            let ((lo, vlo), (hi, vhi)) = (decode32(lo), decode32(hi));
            valid = _mm256_and_si256(valid, _mm256_and_si256(vlo, vhi));
            // packus works within 128-bit halves: lo.0 hi.0 lo.1 hi.1 -> lo.0 lo.1 hi.0 hi.1.
            let bytes = _mm256_permute4x64_epi64(_mm256_packus_epi16(lo, hi), 0b11_01_10_00);
            // SAFETY: as above.
            unsafe { _mm256_storeu_si256(d.as_mut_ptr().cast(), bytes) };
            n += 64;
        }
        (n, (_mm256_movemask_epi8(valid) as u32 ^ u32::MAX) as u64)
    }
}

#[cfg(target_arch = "x86_64")]
mod sse2 {
    use std::arch::x86_64::*;

    #[target_feature(enable = "sse2")]
    fn splat(b: u8) -> __m128i {
        _mm_set1_epi8(b as i8)
    }

    /// 16 digits -> 8 bytes in the low half of each 16-bit lane, and a mask of the
    /// bytes that are hex digits (all ones).
    #[target_feature(enable = "sse2")]
    fn decode16(v: __m128i) -> (__m128i, __m128i) {
        // Signed compares: bytes >= 0x80 are negative and fall outside both ranges.
        let digit = _mm_and_si128(
            _mm_cmpgt_epi8(v, splat(b'0' - 1)),
            _mm_cmplt_epi8(v, splat(b'9' + 1)),
        );
        let lower = _mm_or_si128(v, splat(0x20));
        let alpha = _mm_and_si128(
            _mm_cmpgt_epi8(lower, splat(b'a' - 1)),
            _mm_cmplt_epi8(lower, splat(b'f' + 1)),
        );
        let nibbles = _mm_add_epi8(
            _mm_and_si128(v, splat(0x0f)),
            _mm_and_si128(alpha, splat(9)),
        );
        // Lane = high digit | low digit << 8 -> (high << 4 | low) in the low byte.
        let pairs = _mm_or_si128(_mm_slli_epi16(nibbles, 4), _mm_srli_epi16(nibbles, 8));
        let bytes = _mm_and_si128(pairs, _mm_set1_epi16(0x00ff));
        (bytes, _mm_or_si128(digit, alpha))
    }

    #[target_feature(enable = "sse2")]
    pub fn decode(hex: &[u8], out: &mut [u8]) -> (usize, u64) {
        let mut valid = _mm_set1_epi8(-1);
        let mut n = 0;
        for (s, d) in hex.chunks_exact(32).zip(out.chunks_exact_mut(16)) {
            // SAFETY: `s` is 32 readable bytes and `d` 16 writable ones; the unaligned
            // load and store intrinsics have no alignment requirement.
            let (lo, hi) = unsafe {
                (
                    _mm_loadu_si128(s.as_ptr().cast()),
                    _mm_loadu_si128(s.as_ptr().add(16).cast()),
                )
            };
            let ((lo, vlo), (hi, vhi)) = (decode16(lo), decode16(hi));
            valid = _mm_and_si128(valid, _mm_and_si128(vlo, vhi));
            // SAFETY: as above.
            unsafe { _mm_storeu_si128(d.as_mut_ptr().cast(), _mm_packus_epi16(lo, hi)) };
            n += 32;
        }
        (n, (_mm_movemask_epi8(valid) ^ 0xffff) as u64)
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn decode_vectors(_hex: &[u8], _out: &mut [u8]) -> (usize, u64) {
    (0, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bytes of `hex` decoded one digit pair at a time, `None` on a non-digit.
    fn reference(hex: &[u8]) -> Option<Vec<u8>> {
        let digit = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
        hex.chunks(2)
            .map(|p| Some(digit(p[0])? << 4 | digit(p[1])?))
            .collect()
    }

    /// The vector loops of this CPU, with the digits each consumes per step.
    #[allow(clippy::type_complexity)]
    fn vector_paths() -> Vec<(&'static str, usize, fn(&[u8], &mut [u8]) -> (usize, u64))> {
        #[allow(unused_mut)]
        let mut paths: Vec<(&str, usize, fn(&[u8], &mut [u8]) -> (usize, u64))> = Vec::new();
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: SSE2 is part of the x86_64 baseline.
            paths.push(("sse2", 32, |h, o| unsafe { sse2::decode(h, o) }));
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: called only where the CPU has AVX2 (checked just above).
                paths.push(("avx2", 64, |h, o| unsafe { avx2::decode(h, o) }));
            }
        }
        paths
    }

    /// Each vector loop decodes whole vectors like the reference, and flags a blob as bad
    /// exactly when a byte it consumed is not a hex digit, whatever the byte and position.
    #[test]
    fn vector_loops_match_the_reference() {
        let digits = b"0123456789abcdefABCDEF";
        let base: Vec<u8> = (0..200)
            .map(|i| digits[(i * 7 + 3) % digits.len()])
            .collect();
        for (name, step, decode) in vector_paths() {
            for len in [
                0,
                step - 2,
                step,
                step + 2,
                3 * step,
                3 * step + 6,
                base.len(),
            ] {
                let hex = &base[..len];
                let mut out = vec![0u8; len / 2];
                let (n, bad) = decode(hex, &mut out);
                assert_eq!(n, len / step * step, "{name} length {len}");
                assert_eq!(bad, 0, "{name} length {len}");
                assert_eq!(Some(out[..n / 2].to_vec()), reference(&hex[..n]), "{name}");
            }
            for at in 0..base.len() {
                for c in 0..=255u8 {
                    let mut hex = base.clone();
                    hex[at] = c;
                    let mut out = vec![0u8; hex.len() / 2];
                    let (n, bad) = decode(&hex, &mut out);
                    if at >= n {
                        continue;
                    }
                    assert_eq!(bad != 0, !c.is_ascii_hexdigit(), "{name}: {c:#x} at {at}");
                    if c.is_ascii_hexdigit() {
                        assert_eq!(Some(out[..n / 2].to_vec()), reference(&hex[..n]));
                    }
                }
            }
        }
    }

    /// A blob of megabytes (the size that is prefaulted) decodes like the reference, and
    /// a bad digit near its end is still found.
    #[test]
    fn large_blobs_decode_like_the_reference() {
        let digits = b"0123456789abcdefABCDEF";
        let mut hex: Vec<u8> = (0..(1 << 21) + 38)
            .map(|i| digits[(i * 13 + i / 977) % digits.len()])
            .collect();
        assert_eq!(decode_hex(&hex), reference(&hex));
        let at = hex.len() - 100;
        hex[at] = b'g';
        assert_eq!(decode_hex(&hex), None);
    }
}
