//! .npy: fixtures written by numpy (tests/data/make_npy.py), round trips, corrupt files.

use pjrtc_runtime::npy::{decode_npy, decode_npy_as, encode_npy, read_npy, read_npy_as, write_npy};
use pjrtc_runtime::{DType, Tensor};
use std::path::PathBuf;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// Each element's value; a complex element gives its real and imaginary parts.
fn values(t: &Tensor) -> Vec<f64> {
    let part = t.dtype.complex_part();
    let (dtype, size) = part.map_or((t.dtype, t.dtype.size()), |p| (p, p.size()));
    t.bytes()
        .chunks(size)
        .map(|c| match dtype {
            DType::I1 | DType::U8 => c[0] as f64,
            DType::I8 => c[0] as i8 as f64,
            DType::I16 => i16::from_le_bytes(c.try_into().unwrap()) as f64,
            DType::U16 => u16::from_le_bytes(c.try_into().unwrap()) as f64,
            DType::I32 => i32::from_le_bytes(c.try_into().unwrap()) as f64,
            DType::U32 => u32::from_le_bytes(c.try_into().unwrap()) as f64,
            DType::I64 => i64::from_le_bytes(c.try_into().unwrap()) as f64,
            DType::U64 => u64::from_le_bytes(c.try_into().unwrap()) as f64,
            DType::F16 => half::f16::from_le_bytes(c.try_into().unwrap()).to_f64(),
            DType::BF16 => half::bf16::from_le_bytes(c.try_into().unwrap()).to_f64(),
            DType::F32 => f32::from_le_bytes(c.try_into().unwrap()) as f64,
            DType::F64 => f64::from_le_bytes(c.try_into().unwrap()),
            d if d.is_sub_byte_int() => d.int_value(u64::from(c[0])) as f64,
            d => d
                .minifloat()
                .map_or(f64::NAN, |f| f.decode(u32::from(c[0]))),
        })
        .collect()
}

fn arange(n: usize, dtype: DType) -> Vec<f64> {
    if dtype.is_complex() {
        // make_npy.py: real parts arange(n), imaginary parts 10 + arange(n).
        return (0..n).flat_map(|i| [i as f64, 10.0 + i as f64]).collect();
    }
    (0..n)
        .map(|i| {
            if dtype == DType::I1 {
                (i % 2) as f64
            } else if dtype.minifloat().is_some() {
                // make_npy.py: powers of two every minifloat format holds.
                [0.5, 1.0, 2.0, 4.0, 0.5, 1.0][i % 6]
            } else if dtype.is_sub_byte_int() {
                // numpy's astype wraps: int2 holds 0 1 -2 -1 0 1.
                dtype.int_value(dtype.wrap_int(i as i128)) as f64
            } else {
                i as f64
            }
        })
        .collect()
}

#[test]
fn reads_numpy_files_of_every_dtype() {
    for d in DType::ALL {
        let t = read_npy_as(&data(&format!("{}_2x3.npy", d.numpy_name())), Some(d)).unwrap();
        assert_eq!((t.dtype, &t.shape[..]), (d, &[2u64, 3][..]));
        assert_eq!(values(&t), arange(6, d), "{d}");
    }
}

#[test]
fn writes_what_numpy_writes() {
    for d in DType::ALL {
        let path = data(&format!("{}_2x3.npy", d.numpy_name()));
        let bytes = std::fs::read(&path).unwrap();
        // float8_e5m2: ml_dtypes writes '<f1' (which np.load refuses); pjrtc writes '<V1'.
        let mut want = bytes;
        if d == DType::F8E5M2 {
            let at = want.windows(5).position(|w| w == b"'<f1'").expect("descr");
            want[at + 2] = b'V';
        }
        assert_eq!(
            encode_npy(&read_npy_as(&path, Some(d)).unwrap()),
            want,
            "{d}"
        );
    }
    let path = data("float32_scalar.npy");
    assert_eq!(
        encode_npy(&read_npy(&path).unwrap()),
        std::fs::read(&path).unwrap()
    );
}

#[test]
fn reads_big_endian_fortran_scalar_empty_and_versions() {
    for (name, dtype, shape) in [
        ("float64_be_2x3.npy", DType::F64, vec![2, 3]),
        ("int32_be_2x3.npy", DType::I32, vec![2, 3]),
        ("int32_fortran_3x4.npy", DType::I32, vec![3, 4]),
        ("float32_fortran_2x3x4.npy", DType::F32, vec![2, 3, 4]),
        ("int16_v2_5.npy", DType::I16, vec![5]),
        ("int16_v3_5.npy", DType::I16, vec![5]),
        ("complex128_be_2x3.npy", DType::C128, vec![2, 3]),
    ] {
        let t = read_npy(&data(name)).unwrap();
        assert_eq!((t.dtype, &t.shape), (dtype, &shape), "{name}");
        let n = shape.iter().product::<u64>() as usize;
        assert_eq!(values(&t), arange(n, dtype), "{name}");
    }
    let s = read_npy(&data("float32_scalar.npy")).unwrap();
    assert!(s.shape.is_empty());
    assert_eq!(values(&s), vec![7.0]);
    let e = read_npy(&data("float32_0x3.npy")).unwrap();
    assert_eq!(e.shape, vec![0, 3]);
    assert!(e.bytes().is_empty());
}

#[test]
fn unsupported_dtype_is_named() {
    let e = read_npy(&data("complex256.npy")).unwrap_err().to_string();
    assert!(
        e.ends_with(
            "complex256.npy: header: unsupported dtype '<c32' (complex of an unsupported width)"
        ),
        "{e}"
    );
    let e = read_npy(&data("missing.npy")).unwrap_err().to_string();
    assert!(e.contains("missing.npy"), "{e}");
}

#[test]
fn round_trips_every_dtype() {
    let dir = std::env::temp_dir().join(format!("pjrtc-npy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for d in DType::ALL {
        for shape in [vec![], vec![0], vec![4], vec![2, 3, 1]] {
            let n = shape.iter().product::<u64>() as usize;
            let bytes: Vec<u8> = (0..n * d.size())
                .map(|i| {
                    if d == DType::I1 {
                        (i % 2) as u8
                    } else {
                        (i * 7) as u8
                    }
                })
                .collect();
            let t = Tensor::from_bytes(d, &shape, &bytes).unwrap();
            let enc = encode_npy(&t);
            assert_eq!((enc.len() - t.bytes().len()) % 64, 0);
            let back = decode_npy_as(&enc, "mem", Some(d)).unwrap();
            assert_eq!(
                (back.dtype, &back.shape, back.bytes()),
                (d, &shape, t.bytes())
            );
            let path = dir.join(format!("{d}.npy"));
            write_npy(&path, &t).unwrap();
            assert_eq!(read_npy_as(&path, Some(d)).unwrap().bytes(), t.bytes());
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn raw_byte_descr_needs_a_one_byte_ml_dtypes_type() {
    let path = data("int4_2x3.npy");
    let e = read_npy(&path).unwrap_err().to_string();
    assert!(e.contains("'<V1'") && e.contains("expected type"), "{e}");
    let e = read_npy_as(&path, Some(DType::U8)).unwrap_err().to_string();
    assert!(e.contains("not uint8"), "{e}");
    // float8_e5m2 as ml_dtypes writes it ('<f1') names itself.
    let t = read_npy(&data("float8_e5m2_2x3.npy")).unwrap();
    assert_eq!(t.dtype, DType::F8E5M2);
    // The same bytes read as another one-byte type are that type's values.
    let t = read_npy_as(&path, Some(DType::I2)).unwrap();
    assert_eq!(values(&t), [0.0, 1.0, -2.0, -1.0, 0.0, 1.0]);
}

#[test]
fn corrupt_files_give_errors() {
    let good = std::fs::read(data("float32_fortran_2x3x4.npy")).unwrap();
    for len in 0..good.len() {
        assert!(
            decode_npy(&good[..len], "x.npy").is_err(),
            "truncated to {len}"
        );
    }
    let mut state = 1u64;
    for _ in 0..5000 {
        let mut b = good.clone();
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let at = (state >> 33) as usize % 140;
        b[at] ^= 1 << ((state >> 20) % 8);
        let _ = decode_npy(&b, "x.npy");
    }
}
