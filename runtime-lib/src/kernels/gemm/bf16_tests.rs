//! The bf16 product against f64 sums of the exact products: the driver with the portable
//! tile on any CPU, the AVX-512 BF16 tile where the host has it, and the Gemm step
//! (batches, threads, both output types) on the path the `Isa` picks and on the widened
//! one.

use super::{Bf16Gemm, Out, Portable, bf16_gemm};
use crate::DType;
use crate::format::{BufRef, Epilogue, Gemm, MatrixView, Region, Target};
use crate::isa::Isa;
use crate::kernels::Bases;
use crate::kernels::gemm::{Act, Epi, View, gemm};
use proptest::prelude::*;

/// f32's unit roundoff.
const U32: f64 = 1.0 / (1u64 << 24) as f64;
/// bf16's unit roundoff (8-bit significand).
const U16: f64 = 1.0 / 256.0;

fn bf(x: f32) -> u16 {
    half::bf16::from_f32(x).to_bits()
}

fn f(b: u16) -> f64 {
    half::bf16::from_bits(b).to_f32() as f64
}

/// Uniform bf16 values in [-2, 2) from a xorshift generator.
fn values(len: usize, seed: u64) -> Vec<u16> {
    let mut s = 0x9e3779b97f4a7c15u64 ^ seed.wrapping_mul(0x2545f4914f6cdd1d);
    (0..len)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            bf(((s >> 40) as f32 / (1u64 << 24) as f32) * 4.0 - 2.0)
        })
        .collect()
}

/// A matrix of bf16 with the given strides: row-major with `pad` elements after each row,
/// or transposed (column-major) with `pad` after each column.
struct Mat {
    data: Vec<u16>,
    rs: usize,
    cs: usize,
}

impl Mat {
    fn new(rows: usize, cols: usize, trans: bool, pad: usize, seed: u64) -> Mat {
        let (rs, cs) = if trans {
            (1, rows + pad)
        } else {
            (cols + pad, 1)
        };
        let len = (rows.max(1) - 1) * rs + (cols.max(1) - 1) * cs + 1;
        Mat {
            data: values(len, seed),
            rs,
            cs,
        }
    }
    fn get(&self, i: usize, j: usize) -> u16 {
        self.data[i * self.rs + j * self.cs]
    }
    fn view(&mut self) -> View {
        View::new(
            self.data.as_mut_ptr() as *mut u8,
            self.rs as u64,
            self.cs as u64,
        )
    }
}

/// The exact sum of row `i` of `a` times column `j` of `b`, and the sum of the products'
/// magnitudes.
fn exact(a: &Mat, b: &Mat, k: usize, i: usize, j: usize) -> (f64, f64) {
    (0..k).fold((0.0, 0.0), |(s, m), p| {
        let x = f(a.get(i, p)) * f(b.get(p, j));
        (s + x, m + x.abs())
    })
}

/// How far an f32 sum of `k` exact products may be from the exact sum: `k` roundings of
/// partial sums bounded by `mag` (`k * u * mag`; pairs only shorten the chains), plus a
/// flushed denormal (below 2^-126) per addition.
fn bound(k: usize, mag: f64) -> f64 {
    (k + 1) as f64 * U32 * mag + k as f64 * f32::MIN_POSITIVE as f64
}

type Kernel = unsafe fn(usize, usize, usize, View, View, View, Out);

/// The tiles to run the driver with: the portable one, and this CPU's.
fn kernels() -> Vec<(&'static str, Kernel)> {
    // Only x86_64 adds its own tile.
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
    let mut v: Vec<(&'static str, Kernel)> = vec![("portable", |m, n, k, l, r, o, out| unsafe {
        // SAFETY: forwarded; the portable tile needs no CPU feature.
        super::gemm::<Portable>(m, n, k, l, r, o, out)
    })];
    #[cfg(target_arch = "x86_64")]
    if Isa::host().avx512bf16 {
        v.push(("dpbf16", |m, n, k, l, r, o, out| unsafe {
            // SAFETY: forwarded; the host has AVX-512 F, BW and BF16 (checked when listed).
            super::gemm::<super::dpbf16::Dpbf16>(m, n, k, l, r, o, out)
        }));
    }
    v
}

/// Runs every tile on one product (`ta`, `tb`: transposed operands; `pad`: elements
/// between rows; `ocs`: the output's column stride) into f32 and into bf16, and checks
/// each element against the exact sum: f32 within [`bound`], bf16 within that plus its
/// own rounding. Elements of the output outside the matrix stay untouched.
#[allow(clippy::too_many_arguments)]
fn check(m: usize, n: usize, k: usize, ta: bool, tb: bool, pad: usize, ocs: usize, seed: u64) {
    let mut a = Mat::new(m, k, ta, pad, seed);
    let mut b = Mat::new(k, n, tb, pad, seed ^ 0x5555);
    let (l, r) = (a.view(), b.view());
    let ors = n * ocs + pad;
    let len = m.max(1) * ors;
    let want: Vec<(f64, f64)> = (0..m * n).map(|e| exact(&a, &b, k, e / n, e % n)).collect();
    let inside = |e: usize| e % ors < n * ocs && (e % ors).is_multiple_of(ocs) && e / ors < m;
    for (name, kernel) in kernels() {
        let what = format!("{name} {m}x{n}x{k} ta={ta} tb={tb} pad={pad} ocs={ocs}");
        let mut c = vec![f32::NAN; len];
        let o = View::new(c.as_mut_ptr() as *mut u8, ors as u64, ocs as u64);
        // SAFETY: each view covers its matrix inside its own buffer.
        unsafe { kernel(m, n, k, l, r, o, Out::F32(Epi::NONE)) };
        let mut h = vec![0x7fc1u16; len];
        let o = View::new(h.as_mut_ptr() as *mut u8, ors as u64, ocs as u64);
        // SAFETY: as above.
        unsafe { kernel(m, n, k, l, r, o, Out::Bf16) };
        for e in 0..len {
            if !inside(e) {
                assert!(c[e].is_nan() && h[e] == 0x7fc1, "{what}: wrote padding {e}");
                continue;
            }
            let (i, j) = (e / ors, e % ors / ocs);
            let (w, mag) = want[i * n + j];
            let got = c[e] as f64;
            assert!(
                (got - w).abs() <= bound(k, mag),
                "{what} f32 ({i}, {j}): got {got}, want {w}"
            );
            let got = f(h[e]);
            assert!(
                (got - w).abs() <= U16 * w.abs() + bound(k, mag),
                "{what} bf16 ({i}, {j}): got {got}, want {w}"
            );
        }
    }
}

/// The sizes the benchmark never has: single rows and columns, odd everything (an odd
/// `k` leaves a pair with one step), partial tiles on both sides.
#[test]
fn odd_shapes_and_layouts() {
    let sizes = [1, 3, 17, 33, 127];
    let mut seed = 0;
    for &m in &sizes {
        for &n in &sizes {
            for &k in &[1, 2, 3, 17, 33, 64, 127] {
                seed += 1;
                let (ta, tb) = (seed % 2 == 1, seed % 3 == 1);
                check(m, n, k, ta, tb, (seed % 3) as usize, 1, seed);
            }
        }
    }
}

/// Across the blocking: more than `KC` steps (odd, so the last block ends in half a
/// pair), more than `NC` columns and `MC` rows, strided outputs.
#[test]
fn block_boundaries() {
    for (q, &(m, n, k, ta, tb)) in [
        (7, 530, 1031, false, false),
        (150, 70, 600, true, false),
        (145, 65, 1025, false, true),
        (13, 200, 514, true, true),
    ]
    .iter()
    .enumerate()
    {
        check(m, n, k, ta, tb, q % 2, 1 + q % 2, q as u64);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// Random small shapes, layouts, strides and output strides.
    #[test]
    fn random_shapes_match_reference(
        m in 1..40usize, n in 1..80usize, k in 0..70usize,
        ta in any::<bool>(), tb in any::<bool>(), pad in 0..3usize, ocs in 1..3usize,
        seed in any::<u64>(),
    ) {
        check(m, n, k, ta, tb, pad, ocs, seed);
    }
}

/// `vdpbf16ps` on this CPU matches its definition ([`super::dot2`]) where that is exact, and
/// flushes denormals as documented: a bf16 denormal input is read as zero, and a
/// denormal f32 sum becomes zero, where the widened f32 path keeps both.
#[cfg(target_arch = "x86_64")]
#[test]
fn denormals_flush_to_zero() {
    if !Isa::host().avx512bf16 {
        eprintln!("skipped: no AVX-512 BF16 here");
        return;
    }
    let tiny = f32::from_bits(0x0001_0000); // a bf16 denormal, 2^-133
    let min = f32::MIN_POSITIVE; // 2^-126, a normal bf16
    for (x, y, want) in [
        // Denormal input times 2^100: 2^-33 in exact arithmetic, 0 here.
        (tiny, 2f32.powi(100), 0.0),
        // Normal inputs, denormal product 2^-127: flushed.
        (min, 0.5, 0.0),
        // Normal inputs, normal product: exact.
        (min, 2.0, 2.0 * min),
        (1.5, -3.0, -4.5),
    ] {
        assert_eq!(
            super::dot2(0.0, bf(x) as u32, bf(y) as u32),
            want,
            "{x} * {y}"
        );
        let mut a = vec![bf(x), 0];
        let mut b = vec![bf(y), 0];
        let mut c = [f32::NAN];
        let l = View::new(a.as_mut_ptr() as *mut u8, 2, 1);
        let r = View::new(b.as_mut_ptr() as *mut u8, 1, 1);
        let o = View::new(c.as_mut_ptr() as *mut u8, 1, 1);
        for (name, kernel) in kernels() {
            // SAFETY: a 1 x 2 by 2 x 1 product of dense buffers.
            unsafe { kernel(1, 1, 2, l, r, o, Out::F32(Epi::NONE)) };
            assert_eq!(c[0], want, "{name}: {x} * {y}");
        }
    }
}

/// NaN and infinity reach exactly the outputs whose sums they are in, also from the
/// last, unpaired step of an odd `k`, and the zero padding of pairs, panels and row
/// tiles never turns them into NaN elsewhere.
#[test]
fn specials_stay_in_their_sums() {
    let (m, n, k) = (7, 70, 5);
    let mut a = Mat::new(m, k, false, 0, 1);
    let mut b = Mat::new(k, n, false, 0, 2);
    a.data[3 * k + 4] = bf(f32::INFINITY); // A(3, 4): the unpaired step
    b.data[4 * n + 69] = bf(f32::NAN); // B(4, 69): last step, last column
    b.data[2 * n + 5] = bf(f32::NEG_INFINITY); // B(2, 5)
    let (l, r) = (a.view(), b.view());
    for (name, kernel) in kernels() {
        let mut c = vec![0f32; m * n];
        let o = View::new(c.as_mut_ptr() as *mut u8, n as u64, 1);
        // SAFETY: dense buffers of these shapes.
        unsafe { kernel(m, n, k, l, r, o, Out::F32(Epi::NONE)) };
        for i in 0..m {
            for j in 0..n {
                let (w, _) = exact(&a, &b, k, i, j);
                let got = c[i * n + j];
                let same = if w.is_finite() {
                    got.is_finite()
                } else if w.is_nan() {
                    got.is_nan()
                } else {
                    got as f64 == w
                };
                assert!(same, "{name} ({i}, {j}): got {got}, want {w}");
            }
        }
    }
}

/// The epilogue of an f32 output: each element the bits of the separate ops applied to
/// the plain product's (as the f32 kernel's tests check), in place and strided.
#[test]
fn epilogue_matches_separate_ops() {
    let (m, n, k) = (13, 150, 41);
    let mut a = Mat::new(m, k, false, 1, 3);
    let mut b = Mat::new(k, n, true, 0, 4);
    let (l, r) = (a.view(), b.view());
    let scale: Vec<f32> = values(n, 5).into_iter().map(|x| f(x) as f32).collect();
    let bias: Vec<f32> = values(n, 6).into_iter().map(|x| f(x) as f32).collect();
    for (name, kernel) in kernels() {
        for ocs in [1, 2] {
            let ors = n * ocs;
            let mut plain = vec![0f32; m * ors];
            let o = View::new(plain.as_mut_ptr() as *mut u8, ors as u64, ocs as u64);
            // SAFETY: dense buffers of these shapes.
            unsafe { kernel(m, n, k, l, r, o, Out::F32(Epi::NONE)) };
            for (with_scale, act) in [(false, Act::Relu), (true, Act::Clamp(-0.25, 0.5))] {
                let epi = Epi {
                    scale: if with_scale {
                        scale.as_ptr()
                    } else {
                        std::ptr::null()
                    },
                    bias: bias.as_ptr(),
                    act,
                };
                let mut c = vec![0f32; m * ors];
                let o = View::new(c.as_mut_ptr() as *mut u8, ors as u64, ocs as u64);
                // SAFETY: as above; scale and bias have n floats.
                unsafe { kernel(m, n, k, l, r, o, Out::F32(epi)) };
                for i in 0..m {
                    for j in 0..n {
                        // SAFETY: scale and bias have n floats.
                        let want = unsafe { epi.element(plain[i * ors + j * ocs], j) };
                        let got = c[i * ors + j * ocs];
                        assert_eq!(
                            got.to_bits(),
                            want.to_bits(),
                            "{name} ocs={ocs} ({i}, {j}) {epi:?}: got {got}, want {want}"
                        );
                    }
                }
            }
        }
    }
}

/// A Gemm step of bf16 operands into `out` (f32 or bf16): batches of row-major or
/// transposed operands, through [`gemm`] on `threads` threads.
#[allow(clippy::too_many_arguments)]
fn step_check(
    out: DType,
    batch: usize,
    m: usize,
    n: usize,
    k: usize,
    ta: bool,
    tb: bool,
    threads: usize,
    isa: Isa,
) {
    let mats = |rows: usize, cols: usize, trans: bool, seed: u64| -> Vec<Mat> {
        (0..batch)
            .map(|t| Mat::new(rows, cols, trans, 1, seed + t as u64))
            .collect()
    };
    let (a, b) = (mats(m, k, ta, 10), mats(k, n, tb, 20));
    // Each operand's batches one after another in one buffer.
    let join = |v: &[Mat]| -> (Vec<u16>, MatrixView, usize) {
        let len = v[0].data.len();
        let data: Vec<u16> = v.iter().flat_map(|x| x.data.iter().copied()).collect();
        let mv = MatrixView {
            buf: BufRef {
                region: Region::Input(0),
                offset: 0,
                size: 0,
            },
            batch_stride: len as u64,
            row_stride: v[0].rs as u64,
            col_stride: v[0].cs as u64,
        };
        (data, mv, len)
    };
    let (mut ad, lhs, _) = join(&a);
    let (mut bd, mut rhs, _) = join(&b);
    rhs.buf.region = Region::Input(1);
    let size = out.size();
    // Words, so that the output is aligned for f32.
    let mut c = vec![0xa5a5_a5a5u32; (batch * m * n * size).div_ceil(4)];
    let g = Gemm {
        dtype: out,
        lhs_dtype: DType::BF16,
        rhs_dtype: DType::BF16,
        batch: batch as u64,
        m: m as u64,
        n: n as u64,
        k: k as u64,
        lhs,
        rhs,
        out: MatrixView {
            buf: BufRef {
                region: Region::Output(0),
                offset: 0,
                size: 0,
            },
            batch_stride: (m * n) as u64,
            row_stride: n as u64,
            col_stride: 1,
        },
        epilogue: Epilogue::default(),
        extents: [None; 4],
    };
    let inputs = [ad.as_mut_ptr() as *mut u8, bd.as_mut_ptr() as *mut u8];
    let outputs = [c.as_mut_ptr() as *mut u8];
    let bases = Bases::io(&inputs, &outputs);
    // SAFETY: each view's batches lie inside its own buffer, the output is dense.
    unsafe { gemm(&g, &bases, threads, isa) };
    let c: Vec<u8> = c.iter().flat_map(|w| w.to_le_bytes()).collect();
    for t in 0..batch {
        for i in 0..m {
            for j in 0..n {
                let (w, mag) = exact(&a[t], &b[t], k, i, j);
                let e = (t * m * n + i * n + j) * size;
                let (got, tol) = if out == DType::F32 {
                    let x = f32::from_le_bytes(c[e..e + 4].try_into().unwrap());
                    (x as f64, bound(k, mag))
                } else {
                    let x = u16::from_le_bytes(c[e..e + 2].try_into().unwrap());
                    (f(x), U16 * w.abs() + bound(k, mag))
                };
                assert!(
                    (got - w).abs() <= tol,
                    "{out:?} [{t}]({i}, {j}) of {batch}x{m}x{n}x{k} ta={ta} tb={tb} \
                     threads={threads} {isa:?}: got {got}, want {w}"
                );
            }
        }
    }
}

/// Gemm steps of both output types, batched and split across threads (by rows, by
/// columns, by products), on the host's path and on the widened one (whose operands
/// into f32 are widened once per step, by parts of rows).
#[test]
fn steps_on_every_path() {
    for isa in [Isa::host(), Isa::host().without_avx512(), Isa::PORTABLE] {
        for out in [DType::F32, DType::BF16] {
            for threads in [1, 2] {
                step_check(out, 3, 17, 33, 127, false, true, threads, isa);
                step_check(out, 2, 33, 3, 17, true, false, threads, isa);
                // Large enough to split: by rows, then by columns (parts over 256 rows).
                step_check(out, 1, 300, 130, 31, false, false, threads, isa);
                step_check(out, 1, 600, 129, 16, true, true, threads, isa);
                // Many products below the split size: by products.
                step_check(out, 20, 60, 70, 65, false, false, threads, isa);
                // Operands large enough to be widened in parts (a transposed A).
                step_check(out, 2, 300, 64, 257, true, false, threads, isa);
            }
        }
    }
}

/// Which path each level takes: AVX-512 BF16 only where the artifact's features and the
/// host both have it; an x86-64-v3 artifact never, whatever the host.
#[test]
fn only_avx512_bf16_levels_pick_the_pair_products() {
    let v3 = Target {
        triple: "x86_64-unknown-linux-gnu".into(),
        features: [
            "sse3", "ssse3", "sse4.1", "sse4.2", "popcnt", "avx", "avx2", "fma",
        ]
        .map(String::from)
        .to_vec(),
    };
    assert_eq!(bf16_gemm(Isa::for_target(&v3)), Bf16Gemm::Widened);
    assert_eq!(bf16_gemm(Isa::host().without_avx512()), Bf16Gemm::Widened);
    assert_eq!(bf16_gemm(Isa::PORTABLE), Bf16Gemm::Widened);
    // Everything but BF16 itself.
    let no_bf16 = Isa {
        avx512bf16: false,
        ..Isa::host()
    };
    assert_eq!(bf16_gemm(no_bf16), Bf16Gemm::Widened);
    // The features the compiler records for a host that has them all.
    let mut all = v3.clone();
    all.features.extend(
        crate::isa::RUNTIME_ONLY_FEATURES
            .iter()
            .map(|f| f.to_string()),
    );
    let host = Isa::for_target(&all);
    let forced = std::env::var("PJRTC_GEMM").unwrap_or_default();
    let narrowed = matches!(forced.as_str(), "widen" | "avx2" | "crate");
    assert_eq!(
        bf16_gemm(host) == Bf16Gemm::Dot,
        cfg!(target_arch = "x86_64")
            && ["avx2", "fma", "avx512f", "avx512bw", "avx512bf16"]
                .iter()
                .all(|f| crate::loader::host_has(f))
            && !narrowed,
    );
}

/// The packed panels: pairs of steps in the words' halves, zeros past the block, the
/// same from the AVX-512 packing as from the portable one.
#[test]
fn panels_pair_the_steps() {
    for (kc, w) in [(1usize, 1usize), (5, 17), (6, 64), (9, 40)] {
        let rs = w + 3;
        let src: Vec<u16> = (0..kc * rs).map(|x| x as u16 + 1).collect();
        let nr = 64;
        let words = kc.div_ceil(2) * nr;
        let mut want = vec![0u32; words];
        for q in 0..kc.div_ceil(2) {
            for j in 0..w {
                let lo = src[2 * q * rs + j] as u32;
                let hi = if 2 * q + 1 < kc {
                    src[(2 * q + 1) * rs + j] as u32
                } else {
                    0
                };
                want[q * nr + j] = lo | hi << 16;
            }
        }
        #[repr(C, align(64))]
        struct Panel([u32; 5 * 64]);
        let mut p = Panel([0xdead; 5 * 64]);
        // SAFETY: the kc x w block is inside src; the panel has room (kc <= 10).
        unsafe { super::pack_panel(kc, w, nr, |p, j| src[p * rs + j], p.0.as_mut_ptr()) };
        assert_eq!(&p.0[..words], &want[..], "portable {kc}x{w}");
        #[cfg(target_arch = "x86_64")]
        if Isa::host().avx512bf16 {
            let mut p = Panel([0xdead; 5 * 64]);
            // SAFETY: as above; the host has the tile's features (checked).
            unsafe {
                <super::dpbf16::Dpbf16 as super::PairTile>::pack_rows(
                    kc,
                    w,
                    src.as_ptr(),
                    rs as isize,
                    p.0.as_mut_ptr(),
                )
            };
            assert_eq!(&p.0[..words], &want[..], "dpbf16 {kc}x{w}");
        }
    }
}
