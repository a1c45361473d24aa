//! `rng_bit_generator` beyond the JAX goldens (tests/golden/rng_bit_generator_*, XLA's
//! bits for 2-word states and unsigned results): the 3-word Philox state JAX never
//! writes, results reinterpreted as signed, float and 8-bit types, the compiled program
//! against the evaluator, and the errors.
use crate::compiler::eval::{eval_func, literal_bits, literal_from_bits};
use crate::compiler::ir::{Func, Literal, TensorType};
use crate::compiler::{Options, compile_module, frontend, passes};
use pjrtc_runtime::{Executable, Tensor};

fn parse(src: &str) -> crate::compiler::ir::Module {
    frontend::parse(src.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{src}"))
}

fn entry(src: &str) -> Func {
    let m = parse(src);
    passes::verify::verify_module(&m).unwrap_or_else(|e| panic!("{e}\n{src}"));
    passes::inline::inline_entry(&m).unwrap()
}

/// `rng_bit_generator` of `state` (`tensor<Nxui64>`) with `algorithm` giving `out`.
fn program(algorithm: &str, words: usize, out: &str) -> String {
    format!(
        "func.func @main(%s: tensor<{words}xui64>) -> (tensor<{words}xui64>, {out}) {{
  %n, %b = stablehlo.rng_bit_generator %s, algorithm = {algorithm} : (tensor<{words}xui64>) -> (tensor<{words}xui64>, {out})
  return %n, %b : tensor<{words}xui64>, {out}
}}"
    )
}

fn state(words: &[u64]) -> Literal {
    literal_from_bits(
        TensorType::new(crate::compiler::ir::DType::U64, vec![words.len() as i64]),
        words,
    )
}

/// The evaluator's results, checked against the compiled program's (bit for bit).
fn run(src: &str, words: &[u64]) -> Vec<Vec<u64>> {
    let f = entry(src);
    let want = eval_func(&f, &[state(words)]).unwrap_or_else(|e| panic!("eval: {e}\n{src}"));
    let pjx = compile_module(&parse(src), &Options::default(), &mut Default::default())
        .unwrap_or_else(|e| panic!("{e}\n{src}"));
    let exe = Executable::load(&pjx.to_bytes()).unwrap();
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let input =
        Tensor::from_bytes(pjrtc_runtime::DType::U64, &[words.len() as u64], &bytes).unwrap();
    let got = exe.run(&[&input]).unwrap();
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(
            g.bytes(),
            &w.bytes[..],
            "result {i} compiled vs evaluated\n{src}"
        );
    }
    want.iter().map(literal_bits).collect()
}

#[test]
fn philox_with_three_words_is_two_words_with_the_key_as_the_counters_high_half() {
    let key = 0x0123_4567_89ab_cdef;
    for (low, out) in [
        (5, "tensor<5x3xui32>"),
        (u64::MAX - 2, "tensor<7xui64>"),
        (u64::MAX, "tensor<2x2x3xui16>"),
    ] {
        let two = run(&program("PHILOX", 2, out), &[key, low]);
        let three = run(&program("PHILOX", 3, out), &[key, low, key]);
        assert_eq!(two[1], three[1], "bits of {out}");
        assert_eq!(
            two[0][..2],
            three[0][..2],
            "key and low counter word of {out}"
        );
        // The counter's high word is the key: the 3-word state shows the carry.
        let carried = two[0][1] < low;
        assert_eq!(three[0][2], key + u64::from(carried), "{out}");
    }
}

#[test]
fn results_of_other_types_are_the_same_bits() {
    let words = [42, 7];
    for algorithm in ["THREE_FRY", "PHILOX", "DEFAULT"] {
        let unsigned = run(&program(algorithm, 2, "tensor<3x5xui32>"), &words);
        for other in ["tensor<3x5xi32>", "tensor<3x5xf32>"] {
            let got = run(&program(algorithm, 2, other), &words);
            assert_eq!(got, unsigned, "{algorithm} {other}");
        }
        // (Not f16: a compiled f16 bitcast quiets signaling NaNs, which the evaluator
        // keeps; see the note in docs/ARCHITECTURE.md's rng section.)
        let u16s = run(&program(algorithm, 2, "tensor<3x5xui16>"), &words);
        let i16s = run(&program(algorithm, 2, "tensor<3x5xi16>"), &words);
        assert_eq!(u16s, i16s, "{algorithm} i16");
        // 8- and 16-bit results keep the low bits of the 32-bit numbers.
        let u8s = run(&program(algorithm, 2, "tensor<3x5xui8>"), &words);
        let low8: Vec<u64> = unsigned[1].iter().map(|b| b & 0xff).collect();
        let low16: Vec<u64> = unsigned[1].iter().map(|b| b & 0xffff).collect();
        assert_eq!(u8s[1], low8, "{algorithm} ui8");
        assert_eq!(u16s[1], low16, "{algorithm} ui16");
        let i8s = run(&program(algorithm, 2, "tensor<3x5xi8>"), &words);
        assert_eq!(i8s[1], low8, "{algorithm} i8");
        let u64s = run(&program(algorithm, 2, "tensor<4xui64>"), &words);
        let f64s = run(&program(algorithm, 2, "tensor<4xf64>"), &words);
        assert_eq!(u64s, f64s, "{algorithm} f64");
    }
}

#[test]
fn the_state_advances_by_the_counters_used() {
    // ThreeFry: one counter per pair of 32-bit numbers (3x5 pairs along the longest
    // dimension: 3 x 3), one per 64-bit number. Philox: four 32-bit or two 64-bit
    // numbers per counter.
    for (algorithm, out, used) in [
        ("THREE_FRY", "tensor<3x5xui32>", 9),
        ("THREE_FRY", "tensor<6xui64>", 6),
        ("THREE_FRY", "tensor<ui32>", 1),
        ("PHILOX", "tensor<3x5xui32>", 4),
        ("PHILOX", "tensor<5xui64>", 3),
    ] {
        let got = run(&program(algorithm, 2, out), &[9, 100]);
        assert_eq!(got[0], vec![9, 100 + used], "{algorithm} {out}");
    }
}

#[test]
fn unsupported_states_and_types_are_errors_at_the_op() {
    for (src, want) in [
        (
            program("THREE_FRY", 3, "tensor<4xui32>"),
            "THREE_FRY needs a state of 2 words, got 3",
        ),
        (
            program("PHILOX", 4, "tensor<4xui32>"),
            "PHILOX needs a state of 2 or 3 words, got 4",
        ),
        (
            program("DEFAULT", 2, "tensor<4xui4>"),
            "of ui4 elements is not supported",
        ),
        (
            program("DEFAULT", 2, "tensor<4xi1>"),
            "output must be integer or float",
        ),
    ] {
        let e = compile_module(&parse(&src), &Options::default(), &mut Default::default())
            .err()
            .unwrap_or_else(|| panic!("compiled: {src}"));
        let msg = e.to_string();
        assert!(msg.contains(want), "{msg}");
        assert!(msg.starts_with("2:3: "), "not at the op (line 2): {msg}");
    }
}
