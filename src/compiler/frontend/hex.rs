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
    // SAFETY: SSE2 is part of the x86_64 baseline: every x86_64 CPU has it.
    unsafe { sse2::decode(hex, out) }
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
