use super::scalar;
use super::*;

/// Distance in f32 ulps (0 for two NaNs, huge for NaN against a number).
fn ulps(a: f32, b: f32) -> u64 {
    if a.is_nan() || b.is_nan() {
        return if a.is_nan() && b.is_nan() {
            0
        } else {
            u64::MAX
        };
    }
    let key = |x: f32| {
        let i = x.to_bits() as i32;
        (if i < 0 { i32::MIN - i } else { i }) as i64
    };
    (key(a) - key(b)).unsigned_abs()
}

/// The f64 function each array function approximates.
fn reference(f: Func, x: f32) -> f32 {
    let x = f64::from(x);
    (match f {
        Func::Exp => x.exp(),
        Func::Tanh => x.tanh(),
        Func::Logistic => 1.0 / (1.0 + (-x).exp()),
        Func::Sin => x.sin(),
        Func::Cos => x.cos(),
        Func::Erfc => libm::erfc(x),
    }) as f32
}

struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn specials() -> Vec<f32> {
    let mut v = vec![
        0.0,
        -0.0,
        1.0,
        -1.0,
        f32::MIN_POSITIVE,
        -f32::MIN_POSITIVE,
        1e-40,
        -1e-40,
        f32::from_bits(1),
        f32::from_bits(0x8000_0001),
        f32::MAX,
        f32::MIN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        -f32::NAN,
        f32::from_bits(0x7f80_0001), // signalling NaN
        f32::from_bits(0xffc0_1235), // negative quiet NaN with a payload
        // exp's clamp and overflow/underflow edges.
        89.0,
        89.000_01,
        88.72283,
        88.72284,
        -104.0,
        -104.000_01,
        -103.972_08,
        -87.33655,
        -87.33654,
        // tanh's switch.
        0.625,
        -0.625,
        0.624_999_94,
        44.0,
        -44.0,
        // sin/cos: multiples of pi/2 and the reduction's limits.
        std::f32::consts::FRAC_PI_2,
        std::f32::consts::PI,
        -std::f32::consts::PI,
        5999.999,
        6000.0,
        -6000.0,
        6000.0005,
        -6000.0005,
        6433.5,
        999_999.94,
        1e6,
        1_000_000.06,
        -1e6,
        1.5e6,
        3e7,
        1e30,
        -1e30,
        8388609.0,
    ];
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    for _ in 0..64 {
        v.push(f32::from_bits(rng.next() as u32));
    }
    v
}

/// Dense sweeps over each function's interesting range plus random bit patterns.
fn sweep(f: Func) -> Vec<f32> {
    let mut v = specials();
    let (lo, hi) = match f {
        Func::Exp => (-110.0f32, 95.0f32),
        Func::Tanh | Func::Logistic => (-30.0, 30.0),
        Func::Sin | Func::Cos => (-7000.0, 7000.0),
        Func::Erfc => (-12.0, 12.0),
    };
    let steps = 400_000;
    for i in 0..=steps {
        v.push(lo + (hi - lo) * (i as f32 / steps as f32));
    }
    // Near zero, where relative accuracy matters.
    for i in -20_000..=20_000 {
        v.push(i as f32 * 1e-5);
    }
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    for _ in 0..300_000 {
        v.push(f32::from_bits(rng.next() as u32));
    }
    v
}

fn check_accuracy(f: Func, run: impl Fn(Func, &mut [f32])) {
    let x = sweep(f);
    let mut y = x.clone();
    run(f, &mut y);
    let mut worst = (0u64, 0.0f32);
    for (&a, &r) in x.iter().zip(&y) {
        let want = reference(f, a);
        // erfc's tail below 2^-100 (x > 10.05): e^(-x^2) is subnormal or flushed to 0
        // there (as in XLA's expansion); only the absolute error counts.
        if f == Func::Erfc && want.abs() < 2f32.powi(-100) {
            assert!(
                (r - want).abs() < 2f32.powi(-100),
                "erfc({a:e}) = {r:e}, not {want:e}"
            );
            continue;
        }
        let mut u = ulps(r, want);
        if f == Func::Erfc {
            // Cephes' single-precision erfc: e^(-x^2) of the rounded x^2 is off by up to
            // x^2 ulp (XLA's expansion the same).
            u = u.saturating_sub((a * a) as u64);
        }
        if u > worst.0 {
            worst = (u, a);
        }
    }
    // erfc below |x| = 1 is 1 - erf x: the subtraction cancels up to 5x erf's ulp near 1.
    let bound = if f == Func::Erfc { 10 } else { 3 };
    assert!(
        worst.0 <= bound,
        "{f:?}: {} ulp at x = {:e} ({:#010x})",
        worst.0,
        worst.1,
        worst.1.to_bits()
    );
}

#[test]
fn portable_within_3_ulp() {
    for f in Func::ALL {
        check_accuracy(f, apply_portable);
    }
}

#[test]
fn dispatched_within_3_ulp() {
    for f in Func::ALL {
        check_accuracy(f, apply);
    }
}

/// Exact values the algorithms must give: signed zeros, infinities, saturation.
#[test]
fn special_values() {
    let one = |f: Func, x: f32| {
        let mut v = [x];
        apply(f, &mut v);
        v[0]
    };
    for f in Func::ALL {
        assert!(one(f, f32::NAN).is_nan(), "{f:?}(NaN)");
    }
    assert_eq!(one(Func::Exp, 0.0), 1.0);
    assert_eq!(one(Func::Exp, -0.0), 1.0);
    assert_eq!(one(Func::Exp, f32::INFINITY), f32::INFINITY);
    assert_eq!(one(Func::Exp, 89.0), f32::INFINITY);
    assert_eq!(one(Func::Exp, f32::NEG_INFINITY).to_bits(), 0);
    assert_eq!(one(Func::Exp, -104.0).to_bits(), 0);
    // tanh(-0) and sin(-0) are +0, as in the inline code, whose x + x^3 * P(x^2) adds
    // (-0 * -0.33...) = +0 to -0 (IEEE's tanh and sin keep the sign).
    assert_eq!(one(Func::Tanh, -0.0).to_bits(), 0);
    assert_eq!(one(Func::Tanh, 0.0).to_bits(), 0);
    assert_eq!(one(Func::Tanh, f32::INFINITY), 1.0);
    assert_eq!(one(Func::Tanh, f32::NEG_INFINITY), -1.0);
    assert_eq!(one(Func::Tanh, 1e-40), 1e-40);
    assert_eq!(one(Func::Logistic, 0.0), 0.5);
    assert_eq!(one(Func::Logistic, f32::INFINITY), 1.0);
    assert_eq!(one(Func::Logistic, f32::NEG_INFINITY), 0.0);
    assert_eq!(one(Func::Sin, -0.0).to_bits(), 0);
    assert_eq!(one(Func::Sin, 1e-40), 1e-40);
    assert_eq!(one(Func::Cos, 0.0), 1.0);
    assert!(one(Func::Sin, f32::INFINITY).is_nan());
    assert!(one(Func::Cos, f32::NEG_INFINITY).is_nan());
    // Huge arguments: the runtime's f64 functions, rounded once.
    for x in [1e30f32, -3e38, 1.5e6, f32::MAX] {
        assert_eq!(one(Func::Sin, x), (f64::from(x)).sin() as f32);
        assert_eq!(one(Func::Cos, x), (f64::from(x)).cos() as f32);
    }
}

/// sin/cos treat `data[4k..4k + 4]` as one f32x4 of the inline code: one huge lane
/// sends its whole group through the f64 path. The last `n % 4` lanes are scalars.
#[test]
fn sincos_groups_follow_the_inline_f32x4() {
    for cos in [false, true] {
        let f = if cos { Func::Cos } else { Func::Sin };
        let slow = |v: &[f32]| {
            let mut out = vec![0.0; v.len()];
            scalar::huge_group(v, &mut out, cos);
            out
        };
        // Arguments whose f32-path and f64-path results differ, so that the test can
        // tell which path a lane took.
        let probe: Vec<f32> = (1..4000)
            .map(|i| i as f32 * 0.37)
            .filter(|&x| scalar::sincos_fast(x, cos) != slow(&[x])[0])
            .take(9)
            .collect();
        assert_eq!(probe.len(), 9, "the f32 and f64 paths never differ?");
        let big = 7000.5f32;
        // Groups [p0 p1 p2 big] [p3 p4 p5 p6] [p7 p8] (tail of two scalars, one huge).
        let data = vec![
            probe[0], probe[1], probe[2], big, probe[3], probe[4], probe[5], probe[6], probe[7],
            2e6,
        ];
        for run in [apply_portable as fn(Func, &mut [f32]), apply] {
            let mut y = data.clone();
            run(f, &mut y);
            assert_eq!(y[..4], slow(&data[..4])[..], "{f:?}: huge group");
            for i in 4..9 {
                assert_eq!(y[i], scalar::sincos_fast(data[i], cos), "{f:?}: lane {i}");
            }
            // A lone scalar beyond 1e6: the runtime's f64 function.
            let r = if cos { 2e6f64.cos() } else { 2e6f64.sin() };
            assert_eq!(y[9], r as f32);
            // The same lanes in a group with a lane beyond 1e6: all through f64 sin/cos.
            let mut g = [probe[0], probe[1], 2e6, probe[2]];
            run(f, &mut g);
            for (k, &x) in [probe[0], probe[1], 2e6, probe[2]].iter().enumerate() {
                let x = f64::from(x);
                assert_eq!(g[k], if cos { x.cos() } else { x.sin() } as f32);
            }
        }
    }
}

/// Every length 0..=40 at every offset 0..8 (misaligned pointers, all tails), through
/// the C entry points: each lane as if computed alone (exp, tanh, logistic) or as the
/// portable path computes the same slice (sin/cos, whose groups depend on position).
#[test]
fn lengths_offsets_and_entry_points() {
    // Both variants: with AVX-512 allowed, and without (an x86-64-v3 artifact's).
    let entry: [(Func, unsafe extern "C" fn(*mut f32, usize)); 10] = [
        (Func::Exp, pjrt_rt_exp_f32_array_v1::<true>),
        (Func::Tanh, pjrt_rt_tanh_f32_array_v1::<true>),
        (Func::Logistic, pjrt_rt_logistic_f32_array_v1::<true>),
        (Func::Sin, pjrt_rt_sin_f32_array_v1::<true>),
        (Func::Cos, pjrt_rt_cos_f32_array_v1::<true>),
        (Func::Exp, pjrt_rt_exp_f32_array_v1::<false>),
        (Func::Tanh, pjrt_rt_tanh_f32_array_v1::<false>),
        (Func::Logistic, pjrt_rt_logistic_f32_array_v1::<false>),
        (Func::Sin, pjrt_rt_sin_f32_array_v1::<false>),
        (Func::Cos, pjrt_rt_cos_f32_array_v1::<false>),
    ];
    let mut rng = XorShift(77);
    // Mostly ordinary values, some huge (so that sin/cos groups mix).
    let src: Vec<f32> = (0..64)
        .map(|i| {
            let r = rng.next();
            if i % 7 == 3 {
                f32::from_bits(r as u32)
            } else {
                (r % 20_000) as f32 / 1000.0 - 10.0
            }
        })
        .collect();
    for (f, g) in entry {
        for off in 0..8 {
            for n in 0..=40 {
                let mut buf = src.clone();
                let want: Vec<f32> = match f {
                    Func::Sin | Func::Cos => {
                        let mut w = src[off..off + n].to_vec();
                        apply_portable(f, &mut w);
                        w
                    }
                    _ => src[off..off + n]
                        .iter()
                        .map(|&x| {
                            let mut v = [x];
                            apply_portable(f, &mut v);
                            v[0]
                        })
                        .collect(),
                };
                // SAFETY: off + n <= 48 < buf.len(); the buffer is ours alone.
                unsafe { g(buf.as_mut_ptr().add(off), n) };
                for i in 0..buf.len() {
                    let expect = if (off..off + n).contains(&i) {
                        want[i - off]
                    } else {
                        src[i]
                    };
                    assert_eq!(
                        buf[i].to_bits(),
                        expect.to_bits(),
                        "{f:?} n={n} off={off} lane {i}"
                    );
                }
            }
        }
        // n = 0 with a null pointer is allowed.
        // SAFETY: n == 0 touches nothing.
        unsafe { g(std::ptr::null_mut(), 0) };
    }
}

/// The import table holds the five entries, in the order the compiler codes against.
#[test]
fn import_table_order() {
    let names = [
        "pjrt_rt_exp_f32_array_v1",
        "pjrt_rt_tanh_f32_array_v1",
        "pjrt_rt_logistic_f32_array_v1",
        "pjrt_rt_sin_f32_array_v1",
        "pjrt_rt_cos_f32_array_v1",
    ];
    let first = crate::imports::index_of(names[0]).expect("in the table");
    for (k, name) in names.iter().enumerate() {
        assert_eq!(crate::imports::index_of(name), Some(first + k as u32));
    }
    let f = &crate::imports::IMPORTS[first as usize + 3];
    assert_eq!(f.addr, pjrt_rt_sin_f32_array_v1::<true> as *const u8);
    assert_eq!(f.narrow, pjrt_rt_sin_f32_array_v1::<false> as *const u8);
}

/// An array routine.
type Routine = fn(Func, &mut [f32]);

/// Every SIMD routine this CPU can run, by name (the dispatcher picks among them).
fn simd_paths() -> Vec<(&'static str, Routine)> {
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
    let mut paths: Vec<(&'static str, Routine)> = Vec::new();
    #[cfg(target_arch = "x86_64")]
    {
        if has_avx2_fma() {
            // SAFETY: AVX2 and FMA were detected.
            paths.push(("avx2", |f, d| unsafe { avx2::apply(f, d) }));
        }
        if has_avx2_fma() && has_avx512vl(true) {
            // SAFETY: AVX2, FMA, AVX-512F and AVX-512VL were detected.
            paths.push(("evex", |f, d| unsafe { avx2::apply_evex(f, d) }));
            // SAFETY: as above.
            paths.push(("zmm", |f, d| unsafe { avx512::apply_zmm(f, d) }));
        }
    }
    paths
}

/// `run` gives the portable path's bits for `f` over its sweep: whole, and cut into tiles
/// of 1..=`longest` elements so that every tail length, partial step and group position
/// occurs.
fn assert_matches_portable(name: &str, f: Func, run: impl Fn(Func, &mut [f32]), longest: usize) {
    let diff = |got: &[f32], want: &[f32]| {
        got.iter()
            .zip(want)
            .position(|(a, b)| a.to_bits() != b.to_bits())
    };
    let x = sweep(f);
    let mut want = x.clone();
    apply_portable(f, &mut want);
    let mut got = x.clone();
    run(f, &mut got);
    if let Some(i) = diff(&got, &want) {
        panic!(
            "{name} {f:?}({:e} = {:#010x}): {:#010x}, portable {:#010x}",
            x[i],
            x[i].to_bits(),
            got[i].to_bits(),
            want[i].to_bits()
        );
    }
    let mut tiled_got = x.clone();
    let mut tiled_want = x.clone();
    let mut at = 0;
    let mut len = 1;
    while at < x.len() {
        let end = (at + len).min(x.len());
        run(f, &mut tiled_got[at..end]);
        apply_portable(f, &mut tiled_want[at..end]);
        at = end;
        len = len % longest + 1;
    }
    assert_eq!(diff(&tiled_got, &tiled_want), None, "{name} {f:?} in tiles");
}

/// Each SIMD path gives the portable path's bits (tiles of up to 150 elements).
#[test]
fn simd_paths_match_portable() {
    for (name, run) in simd_paths() {
        for f in Func::ALL {
            assert_matches_portable(name, f, run, 150);
        }
    }
}

/// The dispatcher's fastest path gives the portable path's bits (tiles of up to 37
/// elements). Without AVX2+FMA, `apply_avx2` must refuse and leave the data alone.
#[test]
fn avx2_matches_portable() {
    for f in Func::ALL {
        let x = sweep(f);
        let mut got = x.clone();
        if apply_avx2(f, &mut got).is_none() {
            assert!(!has_avx2_fma());
            assert!(got.iter().zip(&x).all(|(a, b)| a.to_bits() == b.to_bits()));
            continue;
        }
        assert_matches_portable(
            "dispatch",
            f,
            |f, d| assert!(apply_avx2(f, d).is_some()),
            37,
        );
    }
}

/// `n` values of the xorshift32 sequence from `seed`, as signed integers divided by
/// `scale`: mixed signs and magnitudes, reproducible (the row routines' tests).
pub(super) fn xorshift_values(n: usize, seed: u32, scale: f32) -> Vec<f32> {
    let mut s = seed | 1;
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            (s as i32 as f32) / scale
        })
        .collect()
}
