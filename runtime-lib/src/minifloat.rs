//! The 8-, 6- and 4-bit float formats (`f8E4M3FN`, `f8E5M2`, ..., `f4E2M1FN`): one
//! parametrised conversion between a format's code and f64, following LLVM APFloat (which
//! the StableHLO interpreter uses) and ml_dtypes.
//!
//! Storage is one byte per element holding the code in its low bits (6- and 4-bit formats:
//! upper bits zero, ignored when read). Encoding rounds to nearest, ties to even, with
//! subnormals. What a format does with values it cannot hold:
//!
//! | kind | formats | inf | NaN | overflow |
//! |---|---|---|---|---|
//! | IEEE | E5M2, E4M3, E3M4 | yes | exponent all ones, mantissa non-zero | inf |
//! | FN | E4M3FN | no | `S.1111.111` | NaN |
//! | FNUZ | E4M3FNUZ, E5M2FNUZ, E4M3B11FNUZ | no, no -0 | `0x80` | NaN |
//! | finite | E2M3FN, E3M2FN (f6), E2M1FN (f4) | no | none: NaN encodes as 0 | saturates |
//! | E8M0FNU | E8M0FNU | no, no sign, no zero | `0xff` | NaN |
//!
//! E8M0FNU holds only powers of two, 2^-127..2^127; zero encodes as the smallest (APFloat's
//! choice for a format without zero; ml_dtypes gives NaN), negative values as NaN. The
//! finite-only formats have no NaN: NaN encodes as +0 (ml_dtypes gives -0).
//!
//! Checked end to end against ml_dtypes 0.6.0 (`pjrtc run` of f32 -> format -> f32 converts
//! on 106k values: random, every midpoint of adjacent values and its neighbours, specials):
//! bit-identical but for the two choices above and f32-subnormal inputs to E8M0FNU, which
//! ml_dtypes rounds up although 2^-127 is nearer.

/// How a format encodes values outside its finite range.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Ieee,
    Fn,
    Fnuz,
    FiniteOnly,
    E8M0,
}

/// A minifloat format: exponent and mantissa widths, exponent bias and kind.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Format {
    pub ebits: u32,
    pub mbits: u32,
    pub bias: i32,
    pub kind: Kind,
}

impl Format {
    pub const F8E5M2: Format = Format::new(5, 2, 15, Kind::Ieee);
    pub const F8E4M3: Format = Format::new(4, 3, 7, Kind::Ieee);
    pub const F8E3M4: Format = Format::new(3, 4, 3, Kind::Ieee);
    pub const F8E4M3FN: Format = Format::new(4, 3, 7, Kind::Fn);
    pub const F8E4M3FNUZ: Format = Format::new(4, 3, 8, Kind::Fnuz);
    pub const F8E5M2FNUZ: Format = Format::new(5, 2, 16, Kind::Fnuz);
    pub const F8E4M3B11FNUZ: Format = Format::new(4, 3, 11, Kind::Fnuz);
    pub const F8E8M0FNU: Format = Format::new(8, 0, 127, Kind::E8M0);
    pub const F6E2M3FN: Format = Format::new(2, 3, 1, Kind::FiniteOnly);
    pub const F6E3M2FN: Format = Format::new(3, 2, 3, Kind::FiniteOnly);
    pub const F4E2M1FN: Format = Format::new(2, 1, 1, Kind::FiniteOnly);

    const fn new(ebits: u32, mbits: u32, bias: i32, kind: Kind) -> Format {
        Format {
            ebits,
            mbits,
            bias,
            kind,
        }
    }

    /// Bits of a code (sign included, except for E8M0FNU).
    pub fn bits(self) -> u32 {
        self.ebits + self.mbits + u32::from(self.kind != Kind::E8M0)
    }

    fn sign_bit(self) -> u32 {
        1 << (self.ebits + self.mbits)
    }

    fn exp_ones(self) -> u32 {
        (1 << self.ebits) - 1
    }

    /// Exponent of the smallest normal value.
    fn emin(self) -> i32 {
        1 - self.bias
    }

    /// The largest finite value.
    pub fn max(self) -> f64 {
        let m = self.mbits as i32;
        let (emax, top) = match self.kind {
            // The all-ones exponent is inf/NaN.
            Kind::Ieee => (self.exp_ones() as i32 - 1 - self.bias, 2.0 - 2f64.powi(-m)),
            // The all-ones exponent is usable except its all-ones mantissa (NaN).
            Kind::Fn => (self.exp_ones() as i32 - self.bias, 2.0 - 2f64.powi(1 - m)),
            Kind::Fnuz | Kind::FiniteOnly => {
                (self.exp_ones() as i32 - self.bias, 2.0 - 2f64.powi(-m))
            }
            Kind::E8M0 => (254 - self.bias, 1.0),
        };
        top * 2f64.powi(emax)
    }

    /// The code of a NaN (`None` for the finite-only formats).
    pub fn nan(self) -> Option<u32> {
        match self.kind {
            // Quiet NaN: top mantissa bit set.
            Kind::Ieee => Some((self.exp_ones() << self.mbits) | (1 << (self.mbits - 1))),
            Kind::Fn => Some((1 << (self.ebits + self.mbits)) - 1),
            Kind::Fnuz => Some(0x80),
            Kind::FiniteOnly => None,
            Kind::E8M0 => Some(0xff),
        }
    }

    /// The value of a code (bits above the format's width are ignored).
    pub fn decode(self, code: u32) -> f64 {
        let code = code & ((1 << self.bits()) - 1);
        if self.kind == Kind::E8M0 {
            return if code == 0xff {
                f64::NAN
            } else {
                2f64.powi(code as i32 - self.bias)
            };
        }
        let neg = code & self.sign_bit() != 0;
        let exp = (code >> self.mbits) & self.exp_ones();
        let man = code & ((1 << self.mbits) - 1);
        let special = match self.kind {
            Kind::Ieee if exp == self.exp_ones() => {
                Some(if man == 0 { f64::INFINITY } else { f64::NAN })
            }
            Kind::Fn if exp == self.exp_ones() && man == (1 << self.mbits) - 1 => Some(f64::NAN),
            Kind::Fnuz if code == 0x80 => return f64::NAN,
            _ => None,
        };
        let m = self.mbits as i32;
        let mag = special.unwrap_or_else(|| {
            if exp == 0 {
                f64::from(man) * 2f64.powi(self.emin() - m)
            } else {
                (1.0 + f64::from(man) * 2f64.powi(-m)) * 2f64.powi(exp as i32 - self.bias)
            }
        });
        if neg { -mag } else { mag }
    }

    /// The code of `x` rounded to nearest, ties to even (see the module table for
    /// non-finite values and overflow).
    pub fn encode(self, x: f64) -> u32 {
        let nan = self.nan().unwrap_or(0);
        if x.is_nan() {
            return match self.kind {
                Kind::Ieee | Kind::Fn if x.is_sign_negative() => nan | self.sign_bit(),
                _ => nan,
            };
        }
        let neg = x.is_sign_negative();
        let a = x.abs();
        if self.kind == Kind::E8M0 {
            return self.encode_e8m0(neg, a);
        }
        let sign = if neg { self.sign_bit() } else { 0 };
        let max = self.max();
        let overflow = |s: u32| match self.kind {
            Kind::Ieee => s | (self.exp_ones() << self.mbits),
            Kind::FiniteOnly => s | self.encode_finite(max),
            Kind::Fn => nan | s,
            _ => nan,
        };
        if a.is_infinite() {
            return overflow(sign);
        }
        let m = self.mbits as i32;
        let e = exponent(a).max(self.emin());
        // a / quantum and its rounding are exact in f64.
        let quantum = 2f64.powi(e - m);
        let r = (a / quantum).round_ties_even() * quantum;
        if r > max {
            return overflow(sign);
        }
        if r == 0.0 {
            // FNUZ has no negative zero (its code is NaN).
            return if self.kind == Kind::Fnuz { 0 } else { sign };
        }
        sign | self.encode_finite(r)
    }

    /// The code of a representable positive value `r`.
    fn encode_finite(self, r: f64) -> u32 {
        let m = self.mbits as i32;
        let e = exponent(r);
        if e < self.emin() {
            (r / 2f64.powi(self.emin() - m)) as u32
        } else {
            let man = (r / 2f64.powi(e - m)) as u32 - (1 << self.mbits);
            (((e + self.bias) as u32) << self.mbits) | man
        }
    }

    fn encode_e8m0(self, neg: bool, a: f64) -> u32 {
        if a == 0.0 {
            return 0;
        }
        if neg || a.is_infinite() {
            return 0xff;
        }
        let e = exponent(a);
        let lower = 2f64.powi(e);
        // Nearest power of two. At the midpoint 1.5 * 2^e ties-to-even looks at the
        // significand's last bit, which here is the implicit 1 of both neighbours: odd, so
        // the tie rounds away from zero (as APFloat and ml_dtypes do).
        let mid = lower * 1.5;
        let mut code = e + self.bias;
        if a >= mid {
            code += 1;
        }
        if code > 254 { 0xff } else { code.max(0) as u32 }
    }
}

/// floor(log2(a)) of a finite positive f64 (subnormals included).
fn exponent(a: f64) -> i32 {
    let b = a.to_bits();
    let e = ((b >> 52) & 0x7ff) as i32;
    if e == 0 {
        // Subnormal f64: far below every minifloat's range.
        -1075 + (64 - (b & ((1 << 52) - 1)).leading_zeros()) as i32
    } else {
        e - 1023
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [(&str, Format); 11] = [
        ("f8E5M2", Format::F8E5M2),
        ("f8E4M3", Format::F8E4M3),
        ("f8E3M4", Format::F8E3M4),
        ("f8E4M3FN", Format::F8E4M3FN),
        ("f8E4M3FNUZ", Format::F8E4M3FNUZ),
        ("f8E5M2FNUZ", Format::F8E5M2FNUZ),
        ("f8E4M3B11FNUZ", Format::F8E4M3B11FNUZ),
        ("f8E8M0FNU", Format::F8E8M0FNU),
        ("f6E2M3FN", Format::F6E2M3FN),
        ("f6E3M2FN", Format::F6E3M2FN),
        ("f4E2M1FN", Format::F4E2M1FN),
    ];

    #[test]
    fn every_code_round_trips() {
        for (name, f) in ALL {
            let mut values = Vec::new();
            for code in 0..1u32 << f.bits() {
                let v = f.decode(code);
                let back = f.encode(v);
                if v.is_nan() {
                    assert!(f.decode(back).is_nan(), "{name} {code:#x}");
                } else {
                    assert_eq!(back, code, "{name} {code:#x} = {v}");
                    values.push(v);
                }
                // f32 carries every value exactly.
                assert!(v.is_nan() || f64::from(v as f32) == v, "{name} {code:#x}");
            }
            // Codes order the values monotonically within each sign (a sanity check on
            // the exponent/mantissa split); E8M0FNU has one sign.
            let pos: Vec<f64> = values
                .iter()
                .copied()
                .filter(|v| !v.is_sign_negative())
                .collect();
            assert!(pos.windows(2).all(|w| w[0] <= w[1]), "{name}");
            let finite_max = values
                .iter()
                .copied()
                .filter(|v| v.is_finite())
                .fold(0.0, f64::max);
            assert_eq!(finite_max, f.max(), "{name}");
        }
    }

    #[test]
    fn known_values() {
        assert_eq!(Format::F8E4M3FN.max(), 448.0);
        assert_eq!(Format::F8E5M2.max(), 57344.0);
        assert_eq!(Format::F8E4M3FNUZ.max(), 240.0);
        assert_eq!(Format::F8E5M2FNUZ.max(), 57344.0);
        assert_eq!(Format::F8E4M3B11FNUZ.max(), 30.0);
        assert_eq!(Format::F8E3M4.max(), 15.5);
        assert_eq!(Format::F8E4M3.max(), 240.0);
        assert_eq!(Format::F6E2M3FN.max(), 7.5);
        assert_eq!(Format::F6E3M2FN.max(), 28.0);
        assert_eq!(Format::F4E2M1FN.max(), 6.0);
        assert_eq!(Format::F8E8M0FNU.max(), 2f64.powi(127));
        // Codes ml_dtypes gives for -1.0.
        let minus_one = [
            (Format::F8E4M3FN, 0xb8),
            (Format::F8E5M2, 0xbc),
            (Format::F8E4M3FNUZ, 0xc0),
            (Format::F8E5M2FNUZ, 0xc0),
            (Format::F8E4M3B11FNUZ, 0xd8),
            (Format::F8E3M4, 0xb0),
            (Format::F8E4M3, 0xb8),
            (Format::F6E2M3FN, 0x28),
            (Format::F6E3M2FN, 0x2c),
            (Format::F4E2M1FN, 0x0a),
        ];
        for (f, code) in minus_one {
            assert_eq!(f.encode(-1.0), code, "{f:?}");
            assert_eq!(f.decode(code), -1.0, "{f:?}");
        }
        // The conformance suite's f4E2M1FN constants.
        let f4 = Format::F4E2M1FN;
        let got: Vec<f64> = [0.125, 0.1, 3.2, 0.25, 0.75, 5.0]
            .iter()
            .map(|&x| f4.decode(f4.encode(x)))
            .collect();
        // 0.25 is the midpoint of 0 and 0.5: ties to even (0); 0.75 of 0.5 and 1: to 1.0;
        // 5 of 4 and 6: to 4 (even mantissa).
        assert_eq!(got, [0.0, 0.0, 3.0, 0.0, 1.0, 4.0]);
        let e8 = Format::F8E8M0FNU;
        assert_eq!(e8.decode(e8.encode(0.1)), 0.125);
        assert_eq!(e8.decode(e8.encode(3.2)), 4.0);
        assert_eq!(e8.encode(3.0), 129); // midpoint of 2 and 4: away from zero (as ml_dtypes)
        assert_eq!(e8.encode(0.375), 126); // midpoint of 0.25 and 0.5
        assert_eq!(e8.encode(2.9999), 128);
        // Exact rounding of f32 subnormals (ml_dtypes gives 2^-126 here, though 2^-127 is
        // nearer).
        assert_eq!(e8.encode(6.4e-39), 0);
        assert_eq!(e8.encode(1e-30), 27); // as ml_dtypes
        assert_eq!(e8.encode(0.0), 0);
        assert_eq!(e8.encode(-1.0), 0xff);
        assert_eq!(e8.decode(0x80), 2.0);
    }

    #[test]
    fn midpoints_round_to_even_and_overflow_by_kind() {
        for (name, f) in ALL.into_iter().filter(|(_, f)| f.kind != Kind::E8M0) {
            // Every midpoint between adjacent positive finite values goes to the even code.
            let codes: Vec<u32> = (0..f.sign_bit())
                .filter(|&c| f.decode(c).is_finite())
                .collect();
            for w in codes.windows(2) {
                let (lo, hi) = (f.decode(w[0]), f.decode(w[1]));
                let mid = (lo + hi) / 2.0;
                let even = if w[0] & 1 == 0 { w[0] } else { w[1] };
                assert_eq!(f.encode(mid), even, "{name} mid of {lo} {hi}");
                assert_eq!(
                    f.encode(mid.next_down()),
                    w[0],
                    "{name} below mid {lo} {hi}"
                );
                assert_eq!(f.encode(mid.next_up()), w[1], "{name} above mid {lo} {hi}");
            }
            let max = f.max();
            let ulp = max - f.decode(f.encode(max) - 1);
            // Half an ulp above max is a tie: it overflows unless max's mantissa is even
            // (E4M3FN: 464 -> 448, as ml_dtypes).
            let tie = f.encode(max + ulp / 2.0);
            let max_even = f.encode(max) & 1 == 0;
            // (Finite-only formats saturate either way.)
            let saturates = f.kind == Kind::FiniteOnly;
            assert_eq!(tie == f.encode(max), max_even || saturates, "{name}");
            let over = f.encode(max + ulp / 2.0 + ulp / 1024.0);
            let under = f.encode(max + ulp / 2.0 - ulp / 1024.0);
            assert_eq!(under, f.encode(max), "{name}");
            match f.kind {
                Kind::Ieee => assert_eq!(f.decode(over), f64::INFINITY, "{name}"),
                Kind::FiniteOnly => {
                    assert_eq!(f.decode(over), max, "{name}");
                    assert_eq!(f.decode(f.encode(f64::NEG_INFINITY)), -max, "{name}");
                    assert_eq!(f.encode(f64::NAN), 0, "{name}");
                }
                _ => assert!(f.decode(over).is_nan(), "{name}"),
            }
            if f.kind == Kind::Fnuz {
                assert_eq!(f.encode(-0.0), 0, "{name}: no negative zero");
                assert_eq!(f.encode(-1e-30), 0, "{name}");
            } else {
                assert_eq!(f.encode(-0.0), f.sign_bit(), "{name}");
            }
        }
    }
}
