//! `Step::Softmax`: rows split across threads, each part run by
//! [`crate::vecmath::softmax_rows`].

use super::Bases;
use super::par::chunks;
use crate::format::Softmax;

/// Runs the step on up to `threads` threads (contiguous blocks of rows).
///
/// # Safety
/// `s` was validated against the regions `bases` points at (both buffers hold `rows *
/// cols` f32, identical or disjoint, `dst` writable).
pub unsafe fn softmax(s: &Softmax, bases: &Bases, threads: usize, isa: crate::Isa) {
    let wide = isa.wide_vectors();
    let (rows, cols) = (s.rows as usize, s.cols as usize);
    let src = bases.ptr(&s.src) as usize;
    let dst = bases.ptr(&s.dst) as usize;
    chunks(rows, threads, |begin, end| {
        let (src, dst) = (src as *const f32, dst as *mut f32);
        // SAFETY: rows [begin, end) of both buffers (validated sizes); parts are
        // disjoint row blocks, so no two threads touch the same row.
        unsafe {
            crate::vecmath::softmax_rows(
                src.wrapping_add(begin * cols),
                dst.wrapping_add(begin * cols),
                end - begin,
                cols,
                wide,
            )
        }
    });
}
