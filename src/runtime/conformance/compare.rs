//! Element-wise comparison of a computed tensor against an expected one, with the
//! semantics of the StableHLO conformance checks (see `CheckKind`).

use crate::compiler::checks::CheckKind;
use pjrtc_runtime::{DType, Tensor};
use std::fmt::Write as _;

/// How many mismatching elements a failure message lists.
const SHOWN: usize = 3;

/// One element of a tensor, decoded.
#[derive(Clone, Copy, Debug)]
enum Elem {
    /// Integers and bools, exactly.
    Int(i128),
    /// A float widened to f64 (exact for every float type), with its own bit pattern.
    Float { value: f64, bits: u64 },
}

fn elem(dtype: DType, bytes: &[u8]) -> Elem {
    let mut b = [0u8; 8];
    b[..bytes.len()].copy_from_slice(bytes);
    let raw = u64::from_le_bytes(b);
    let float = |value: f64| Elem::Float { value, bits: raw };
    match dtype {
        DType::F16 => float(half::f16::from_bits(raw as u16).to_f64()),
        DType::BF16 => float(half::bf16::from_bits(raw as u16).to_f64()),
        DType::F32 => float(f32::from_bits(raw as u32) as f64),
        DType::F64 => float(f64::from_bits(raw)),
        DType::I1 => Elem::Int(i128::from(raw != 0)),
        DType::I8 => Elem::Int(raw as u8 as i8 as i128),
        DType::I16 => Elem::Int(raw as u16 as i16 as i128),
        DType::I32 => Elem::Int(raw as u32 as i32 as i128),
        DType::I64 => Elem::Int(raw as i64 as i128),
        DType::U8 | DType::U16 | DType::U32 | DType::U64 => Elem::Int(raw as i128),
        DType::I2 | DType::I4 | DType::U2 | DType::U4 => Elem::Int(dtype.int_value(raw)),
        d => float(d.minifloat().map_or(f64::NAN, |f| f.decode(raw as u32))),
    }
}

/// ULP distance of two floats of type `dtype` given as bits: the difference of their
/// magnitude bit patterns, or their sum when the signs differ; bit-equal or both NaN is 0,
/// and any other pair with a non-finite value has no distance (`None`: the check fails).
pub fn ulp_distance(dtype: DType, a: u64, e: u64) -> Option<u64> {
    if let Some(f) = dtype.minifloat() {
        let (va, ve) = (f.decode(a as u32), f.decode(e as u32));
        if a == e || (va.is_nan() && ve.is_nan()) {
            return Some(0);
        }
        if !va.is_finite() || !ve.is_finite() {
            return None;
        }
        // Codes order magnitudes; E8M0FNU has no sign bit.
        let sign = if dtype == DType::F8E8M0FNU {
            1 << 8
        } else {
            1u64 << (dtype.bits() - 1)
        };
        let (ma, me) = (a & (sign - 1), e & (sign - 1));
        let same_sign = (a ^ e) & sign == 0 || dtype == DType::F8E8M0FNU;
        return Some(if same_sign { ma.abs_diff(me) } else { ma + me });
    }
    let (sign, exp_mask): (u64, u64) = match dtype {
        DType::F16 => (1 << 15, 0x7c00),
        DType::BF16 => (1 << 15, 0x7f80),
        DType::F32 => (1 << 31, 0x7f80_0000),
        DType::F64 => (1 << 63, 0x7ff0_0000_0000_0000),
        _ => return None,
    };
    let (ma, me) = (a & (sign - 1), e & (sign - 1));
    let non_finite = |m: u64| m & exp_mask == exp_mask;
    let nan = |m: u64| non_finite(m) && m & !exp_mask != 0;
    if a == e || (nan(ma) && nan(me)) {
        return Some(0);
    }
    if non_finite(ma) || non_finite(me) {
        return None;
    }
    Some(if (a ^ e) & sign == 0 {
        ma.abs_diff(me)
    } else {
        ma + me
    })
}

/// Whether one element pair passes; `Err` carries a note for the message (e.g. the ULP
/// distance).
fn element_ok(kind: CheckKind, dtype: DType, a: Elem, e: Elem) -> Result<(), String> {
    match (kind, a, e) {
        (CheckKind::Eq, Elem::Int(a), Elem::Int(e)) => ok_if(a == e, String::new),
        (CheckKind::Eq, Elem::Float { value: a, .. }, Elem::Float { value: e, .. }) => {
            ok_if(a == e, String::new)
        }
        (CheckKind::Close { min_ulp, max_ulp }, Elem::Int(a), Elem::Int(e)) => {
            let d = a.abs_diff(e);
            ok_if(
                (u128::from(min_ulp)..=u128::from(max_ulp)).contains(&d),
                || format!("distance {d}, allowed {min_ulp}..={max_ulp}"),
            )
        }
        (
            CheckKind::Close { min_ulp, max_ulp },
            Elem::Float { bits: a, .. },
            Elem::Float { bits: e, .. },
        ) => match ulp_distance(dtype, a, e) {
            Some(d) => ok_if((min_ulp..=max_ulp).contains(&d), || {
                format!("{d} ulp, allowed {min_ulp}..={max_ulp}")
            }),
            None => Err("non-finite mismatch".into()),
        },
        (CheckKind::AlmostEq { tolerance }, Elem::Int(a), Elem::Int(e)) => {
            let d = a.abs_diff(e);
            ok_if(d as f64 <= tolerance, || {
                format!("difference {d} > {tolerance:e}")
            })
        }
        (
            CheckKind::AlmostEq { tolerance },
            Elem::Float { value: a, .. },
            Elem::Float { value: e, .. },
        ) => {
            if a.is_nan() || e.is_nan() {
                ok_if(a.is_nan() && e.is_nan(), || "NaN mismatch".into())
            } else if a.is_infinite() || e.is_infinite() {
                ok_if(a == e, || "infinity mismatch".into())
            } else {
                let d = (a - e).abs();
                ok_if(d <= tolerance, || {
                    format!("difference {d:e} > {tolerance:e}")
                })
            }
        }
        // Both elements come from tensors of the same dtype.
        _ => Err("element kinds differ".into()),
    }
}

fn ok_if(ok: bool, note: impl FnOnce() -> String) -> Result<(), String> {
    if ok { Ok(()) } else { Err(note()) }
}

/// Whether a complex element pair passes, as StableHLO's checks define it: both parts
/// equal (or almost equal), or the larger of the parts' ULP distances in range.
fn complex_ok(kind: CheckKind, part: DType, a: &[u8], e: &[u8]) -> Result<(), String> {
    let w = part.size();
    let (ar, ai) = a.split_at(w);
    let (er, ei) = e.split_at(w);
    if let CheckKind::Close { min_ulp, max_ulp } = kind {
        let d = |x: &[u8], y: &[u8]| match (elem(part, x), elem(part, y)) {
            (Elem::Float { bits: x, .. }, Elem::Float { bits: y, .. }) => ulp_distance(part, x, y),
            _ => None,
        };
        return match (d(ar, er), d(ai, ei)) {
            (Some(r), Some(i)) => {
                let m = r.max(i);
                ok_if((min_ulp..=max_ulp).contains(&m), || {
                    format!("{m} ulp, allowed {min_ulp}..={max_ulp}")
                })
            }
            _ => Err("non-finite mismatch".into()),
        };
    }
    element_ok(kind, part, elem(part, ar), elem(part, er))?;
    element_ok(kind, part, elem(part, ai), elem(part, ei))
}

/// Compares `actual` with `expected` element by element. On failure, the message counts
/// the mismatches and shows the first few with their indices and values.
pub fn compare(kind: CheckKind, actual: &Tensor, expected: &Tensor) -> Result<(), String> {
    if actual.dtype != expected.dtype || actual.shape != expected.shape {
        return Err(format!(
            "type mismatch: got {}, expected {}",
            pjrtc_runtime::exec::type_string(actual.dtype, &actual.shape),
            pjrtc_runtime::exec::type_string(expected.dtype, &expected.shape)
        ));
    }
    let dtype = actual.dtype;
    let w = dtype.size();
    let n = actual.bytes().len() / w;
    let mut bad = 0usize;
    let mut shown = String::new();
    for i in 0..n {
        let (ab, eb) = (
            &actual.bytes()[i * w..(i + 1) * w],
            &expected.bytes()[i * w..(i + 1) * w],
        );
        let result = match dtype.complex_part() {
            Some(part) => complex_ok(kind, part, ab, eb),
            None => element_ok(kind, dtype, elem(dtype, ab), elem(dtype, eb)),
        };
        if let Err(note) = result {
            if bad < SHOWN {
                let _ = write!(
                    shown,
                    "\n    at {}: got {}, expected {}",
                    index_string(i as u64, &actual.shape),
                    show_bytes(dtype, ab),
                    show_bytes(dtype, eb)
                );
                if !note.is_empty() {
                    let _ = write!(shown, " ({note})");
                }
            }
            bad += 1;
        }
    }
    if bad == 0 {
        return Ok(());
    }
    let more = if bad > SHOWN {
        format!("\n    ... and {} more", bad - SHOWN)
    } else {
        String::new()
    };
    Err(format!(
        "{bad} of {n} elements differ ({}){shown}{more}",
        pjrtc_runtime::exec::type_string(dtype, &actual.shape)
    ))
}

/// `[1, 2]` for a row-major linear index, `[]` for a scalar.
fn index_string(mut linear: u64, shape: &[u64]) -> String {
    let mut idx = vec![0u64; shape.len()];
    for d in (0..shape.len()).rev() {
        if shape[d] > 0 {
            idx[d] = linear % shape[d];
            linear /= shape[d];
        }
    }
    let parts: Vec<String> = idx.iter().map(u64::to_string).collect();
    format!("[{}]", parts.join(", "))
}

/// An element's bytes as [`show`] writes it; a complex element as `(re, im)`.
fn show_bytes(dtype: DType, b: &[u8]) -> String {
    match dtype.complex_part() {
        Some(part) => {
            let (re, im) = b.split_at(part.size());
            format!(
                "({}, {})",
                show(part, elem(part, re)),
                show(part, elem(part, im))
            )
        }
        None => show(dtype, elem(dtype, b)),
    }
}

/// A value as the shortest decimal that reads back to it, floats with their bits.
fn show(dtype: DType, e: Elem) -> String {
    match e {
        Elem::Int(v) => v.to_string(),
        Elem::Float { value, bits, .. } => {
            let text = match dtype {
                DType::F16 => half::f16::from_f64(value).to_string(),
                DType::BF16 => half::bf16::from_f64(value).to_string(),
                DType::F32 => format!("{:?}", value as f32),
                _ => format!("{value:?}"),
            };
            let digits = dtype.size() * 2;
            format!("{text} (0x{bits:0digits$x})")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f32s(v: &[f32]) -> Tensor {
        let b: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
        Tensor::from_bytes(DType::F32, &[v.len() as u64], &b).unwrap()
    }

    fn tensor(dtype: DType, shape: &[u64], bytes: Vec<u8>) -> Tensor {
        Tensor::from_bytes(dtype, shape, &bytes).unwrap()
    }

    const CLOSE3: CheckKind = CheckKind::Close {
        min_ulp: 0,
        max_ulp: 3,
    };

    #[test]
    fn ulp_distance_definition() {
        let d = |a: u64, e: u64| ulp_distance(DType::F32, a, e);
        let one = 1.0f32.to_bits() as u64;
        assert_eq!(d(one, one + 3), Some(3));
        // Across zero the magnitudes add up; -0 and +0 both have magnitude 0.
        assert_eq!(d(1, (1 << 31) | 1), Some(2));
        assert_eq!(d(0, 1 << 31), Some(0));
        let (nan, other_nan, inf) = (0x7fc0_0000, 0xffc0_0001, 0x7f80_0000);
        assert_eq!(d(nan, other_nan), Some(0));
        assert_eq!(d(inf, inf), Some(0));
        assert_eq!(d(inf, 0x7f7f_ffff), None);
        assert_eq!(d(nan, one), None);
        assert_eq!(ulp_distance(DType::F16, 0x7c00, 0x7bff), None);
        assert_eq!(ulp_distance(DType::F16, 0x3c00, 0x3c02), Some(2));
        assert_eq!(ulp_distance(DType::BF16, 0x7f80, 0x7f7f), None);
        assert_eq!(ulp_distance(DType::BF16, 0x3f80, 0x3f81), Some(1));
        let big = 0x7fef_ffff_ffff_ffffu64;
        assert_eq!(ulp_distance(DType::F64, big, big - 5), Some(5));
    }

    #[test]
    fn ulp_distance_of_minifloats() {
        let d = |t: DType, a: u64, e: u64| ulp_distance(t, a, e);
        // 1.0 (0x38) and its neighbours in f8E4M3FN; NaN 0x7f.
        assert_eq!(d(DType::F8E4M3FN, 0x38, 0x3a), Some(2));
        assert_eq!(d(DType::F8E4M3FN, 0x01, 0x81), Some(2));
        assert_eq!(d(DType::F8E4M3FN, 0x7f, 0xff), Some(0));
        assert_eq!(d(DType::F8E4M3FN, 0x7f, 0x7e), None);
        assert_eq!(d(DType::F8E5M2, 0x7c, 0x7b), None); // inf
        assert_eq!(d(DType::F4E2M1FN, 0x1, 0x9), Some(2)); // 0.5 vs -0.5
        assert_eq!(d(DType::F8E8M0FNU, 0x80, 0x7e), Some(2));
        assert_eq!(d(DType::F8E4M3FNUZ, 0x80, 0x80), Some(0));
        assert_eq!(d(DType::F8E4M3FNUZ, 0x80, 0x01), None);
    }

    #[test]
    fn eq_floats_nan_fails_signed_zero_passes() {
        assert!(compare(CheckKind::Eq, &f32s(&[0.0, 1.5]), &f32s(&[-0.0, 1.5])).is_ok());
        assert!(compare(CheckKind::Eq, &f32s(&[f32::NAN]), &f32s(&[f32::NAN])).is_err());
    }

    #[test]
    fn eq_integers_and_bools() {
        let a = tensor(DType::I8, &[3], vec![0x80, 1, 2]);
        let b = tensor(DType::I8, &[3], vec![0x80, 1, 3]);
        assert!(compare(CheckKind::Eq, &a, &a).is_ok());
        let msg = compare(CheckKind::Eq, &a, &b).unwrap_err();
        assert!(msg.contains("1 of 3 elements differ"), "{msg}");
        assert!(msg.contains("at [2]: got 2, expected 3"), "{msg}");
        let t = tensor(DType::I1, &[2], vec![1, 0]);
        assert!(compare(CheckKind::Eq, &t, &t).is_ok());
        let u = tensor(DType::U64, &[1], u64::MAX.to_le_bytes().to_vec());
        let msg = compare(CheckKind::Eq, &u, &tensor(DType::U64, &[1], vec![0; 8])).unwrap_err();
        assert!(msg.contains(&u64::MAX.to_string()), "{msg}");
    }

    #[test]
    fn close_counts_ulps_and_honours_min() {
        let a = f32s(&[1.0]);
        let b = f32s(&[f32::from_bits(1.0f32.to_bits() + 3)]);
        let c = f32s(&[f32::from_bits(1.0f32.to_bits() + 4)]);
        assert!(compare(CLOSE3, &a, &b).is_ok());
        let msg = compare(CLOSE3, &a, &c).unwrap_err();
        assert!(msg.contains("4 ulp"), "{msg}");
        let at_least_one = CheckKind::Close {
            min_ulp: 1,
            max_ulp: 3,
        };
        assert!(compare(at_least_one, &a, &a).is_err());
        assert!(compare(CLOSE3, &f32s(&[f32::NAN]), &f32s(&[f32::NAN])).is_ok());
        assert!(compare(CLOSE3, &f32s(&[f32::INFINITY]), &f32s(&[f32::MAX])).is_err());
        assert!(compare(CLOSE3, &f32s(&[f32::NAN]), &f32s(&[1.0])).is_err());
    }

    #[test]
    fn almost_eq_in_f64_with_nan_and_infinity_rules() {
        let tol = CheckKind::AlmostEq { tolerance: 1e-3 };
        assert!(compare(tol, &f32s(&[1.0]), &f32s(&[1.0009])).is_ok());
        assert!(compare(tol, &f32s(&[1.0]), &f32s(&[1.002])).is_err());
        assert!(compare(tol, &f32s(&[f32::NAN]), &f32s(&[f32::NAN])).is_ok());
        assert!(compare(tol, &f32s(&[f32::NAN]), &f32s(&[1.0])).is_err());
        assert!(compare(tol, &f32s(&[f32::INFINITY]), &f32s(&[f32::INFINITY])).is_ok());
        assert!(compare(tol, &f32s(&[f32::INFINITY]), &f32s(&[f32::NEG_INFINITY])).is_err());
        assert!(compare(tol, &f32s(&[f32::INFINITY]), &f32s(&[f32::MAX])).is_err());
        let f64s = |v: f64| tensor(DType::F64, &[], v.to_le_bytes().to_vec());
        let wide = CheckKind::AlmostEq { tolerance: 0.1 };
        assert!(compare(wide, &f64s(5.0), &f64s(5.05)).is_ok());
        assert!(compare(wide, &f64s(5.0), &f64s(5.2)).is_err());
    }

    #[test]
    fn complex_parts_compare_separately() {
        let c64 = |v: &[(f32, f32)]| {
            let b: Vec<u8> = v
                .iter()
                .flat_map(|(r, i)| [r.to_le_bytes(), i.to_le_bytes()].concat())
                .collect();
            tensor(DType::C64, &[v.len() as u64], b)
        };
        let up = |x: f32, k: u32| f32::from_bits(x.to_bits() + k);
        // The larger part's distance counts.
        let a = c64(&[(1.0, 2.0)]);
        assert!(compare(CLOSE3, &a, &c64(&[(up(1.0, 1), up(2.0, 3))])).is_ok());
        let msg = compare(CLOSE3, &a, &c64(&[(1.0, up(2.0, 4))])).unwrap_err();
        assert!(msg.contains("4 ulp"), "{msg}");
        assert!(
            msg.contains("got (1.0 (0x3f800000), 2.0 (0x40000000))"),
            "{msg}"
        );
        // Exact and almost-equal checks hold for both parts.
        assert!(compare(CheckKind::Eq, &a, &c64(&[(1.0, -2.0)])).is_err());
        assert!(compare(CheckKind::Eq, &c64(&[(0.0, 1.0)]), &c64(&[(-0.0, 1.0)])).is_ok());
        let tol = CheckKind::AlmostEq { tolerance: 1e-3 };
        assert!(compare(tol, &a, &c64(&[(1.0005, 2.0005)])).is_ok());
        assert!(compare(tol, &a, &c64(&[(1.0, 2.01)])).is_err());
        assert!(compare(tol, &c64(&[(f32::NAN, 0.0)]), &c64(&[(f32::NAN, 0.0)])).is_ok());
    }

    #[test]
    fn messages_show_indices_and_counts() {
        let a = tensor(
            DType::I32,
            &[2, 3],
            (0..6i32).flat_map(|v| v.to_le_bytes()).collect(),
        );
        let b = tensor(
            DType::I32,
            &[2, 3],
            (1..7i32).flat_map(|v| v.to_le_bytes()).collect(),
        );
        let msg = compare(CheckKind::Eq, &a, &b).unwrap_err();
        assert!(
            msg.starts_with("6 of 6 elements differ (i32[2,3])"),
            "{msg}"
        );
        assert!(msg.contains("at [0, 0]: got 0, expected 1"), "{msg}");
        assert!(msg.contains("at [0, 2]"), "{msg}");
        assert!(msg.contains("and 3 more"), "{msg}");
        let other = tensor(DType::I32, &[6], vec![0; 24]);
        assert!(
            compare(CheckKind::Eq, &a, &other)
                .unwrap_err()
                .contains("type mismatch")
        );
    }
}
