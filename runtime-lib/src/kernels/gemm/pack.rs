//! Packing buffers of the packed GEMM kernels (f32, int8 on AVX2 and VNNI, bf16 pairs):
//! 64-byte aligned lines of sixteen 32-bit words, grown on demand and kept per thread
//! between calls.

/// Sixteen 32-bit words on one cache line (one zmm load, two ymm loads).
#[derive(Clone, Copy)]
#[repr(C, align(64))]
pub(crate) struct Line([u32; 16]);

/// Grows `v` to at least `words` 32-bit words and returns its start, 64-byte aligned, as
/// words of type `W` (`f32`, `i32` or `u32`).
pub(crate) fn room<W>(v: &mut Vec<Line>, words: usize) -> *mut W {
    const { assert!(std::mem::size_of::<W>() == 4) };
    let lines = words.div_ceil(16);
    if v.len() < lines {
        v.resize(lines, Line([0; 16]));
    }
    v.as_mut_ptr().cast()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn room_grows_to_whole_aligned_lines_and_keeps_them() {
        let mut v = Vec::new();
        let p: *mut i32 = room(&mut v, 17);
        assert_eq!(v.len(), 2);
        assert_eq!(p as usize % 64, 0);
        let q: *mut u32 = room(&mut v, 5);
        assert_eq!((v.len(), q as usize), (2, p as usize));
    }
}
