//! Generated StableHLO programs of any size for compile-time measurements: a network of
//! layers drawn at random from what real models are made of (dense layers with GELU, layer
//! norms, attention with softmax, 3x3 convolutions with bias and ReLU, global pools feeding
//! a dense layer, activation functions with residuals, small while loops), weights as
//! arguments, widths varying from layer to layer. The same `(ops, seed)` always gives the
//! same text.
//!
//! Shared by `benches/compile_scaling.rs` and the tests that need a large program.

use std::fmt::Write;

/// Rows of the hidden state `h: tensor<ROWSxDxf32>`.
const ROWS: i64 = 64;
/// Spatial size of the image state `img: tensor<1xSIDExSIDExCxf32>`.
const SIDE: i64 = 32;
const WIDTHS: [i64; 5] = [64, 96, 128, 192, 256];
const CHANNELS: [i64; 4] = [16, 24, 32, 48];
/// Splat constants real programs use (GELU's, epsilons, halves, leaky slopes).
const CONSTANTS: [f64; 8] = [0.5, 1.0, 2.0, 1e-5, 0.044715, 0.7978845608, 0.1, 3.0];

/// A program of about `ops` operations (region ops included; it ends at the first layer
/// boundary past `ops`), as MLIR text in the pretty form JAX prints.
pub fn program(ops: usize, seed: u64) -> String {
    let mut g = Gen {
        rng: seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1,
        body: String::new(),
        params: Vec::new(),
        next: 0,
        ops: 0,
        d: 128,
        c: 32,
        h: String::new(),
        img: String::new(),
    };
    g.h = g.param(&format!("tensor<{ROWS}x128xf32>"));
    g.img = g.param(&format!("tensor<1x{SIDE}x{SIDE}x32xf32>"));
    while g.ops < ops {
        match g.below(16) {
            0..=2 => g.dense(),
            3..=4 => g.layer_norm(),
            5..=6 => g.attention(),
            7..=9 => g.elementwise(),
            10..=11 => g.conv(),
            12 => g.pool(),
            _ => g.while_loop(),
        }
    }
    let params: Vec<String> = g
        .params
        .iter()
        .map(|(name, ty)| format!("{name}: {ty}"))
        .collect();
    let (hty, ity) = (g.hty(), g.ity());
    format!(
        "module @generated {{\n  func.func public @main({}) -> ({hty}, {ity}) {{\n{}    return {}, {} : {hty}, {ity}\n  }}\n}}\n",
        params.join(", "),
        g.body,
        g.h,
        g.img
    )
}

struct Gen {
    rng: u64,
    body: String,
    params: Vec<(String, String)>,
    next: usize,
    ops: usize,
    /// Width of `h` and channels of `img`.
    d: i64,
    c: i64,
    h: String,
    img: String,
}

impl Gen {
    fn below(&mut self, n: u64) -> u64 {
        // xorshift64*
        self.rng ^= self.rng >> 12;
        self.rng ^= self.rng << 25;
        self.rng ^= self.rng >> 27;
        (self.rng.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) % n
    }

    fn pick<T: Copy>(&mut self, from: &[T]) -> T {
        from[self.below(from.len() as u64) as usize]
    }

    fn hty(&self) -> String {
        format!("tensor<{ROWS}x{}xf32>", self.d)
    }

    fn ity(&self) -> String {
        format!("tensor<1x{SIDE}x{SIDE}x{}xf32>", self.c)
    }

    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }

    fn param(&mut self, ty: &str) -> String {
        let name = format!("%arg{}", self.params.len());
        self.params.push((name.clone(), ty.to_string()));
        name
    }

    /// Appends `%v = <rhs>` (one op) and returns `%v`.
    fn op(&mut self, rhs: &str) -> String {
        let v = self.fresh();
        let _ = writeln!(self.body, "    {v} = {rhs}");
        self.ops += 1;
        v
    }

    fn unary(&mut self, name: &str, x: &str, ty: &str) -> String {
        self.op(&format!("stablehlo.{name} {x} : {ty}"))
    }

    fn binary(&mut self, name: &str, a: &str, b: &str, ty: &str) -> String {
        self.op(&format!("stablehlo.{name} {a}, {b} : {ty}"))
    }

    /// A splat constant broadcast to `ty` (two ops, as JAX writes it).
    fn splat(&mut self, value: f64, ty: &str) -> String {
        let c = self.op(&format!(
            "stablehlo.constant dense<{value:.6e}> : tensor<f32>"
        ));
        self.op(&format!(
            "stablehlo.broadcast_in_dim {c}, dims = [] : (tensor<f32>) -> {ty}"
        ))
    }

    fn scalar(&mut self, value: f64) -> String {
        self.op(&format!(
            "stablehlo.constant dense<{value:.6e}> : tensor<f32>"
        ))
    }

    /// `reduce(x) applies op across dims` (the reduce and its body's op).
    fn reduce(
        &mut self,
        x: &str,
        init: &str,
        op: &str,
        dims: &str,
        from: &str,
        to: &str,
    ) -> String {
        let v = self.op(&format!(
            "stablehlo.reduce({x} init: {init}) applies stablehlo.{op} across dimensions = [{dims}] : ({from}, tensor<f32>) -> {to}"
        ));
        self.ops += 1;
        v
    }

    fn dot(&mut self, a: &str, b: &str, dims: &str, at: &str, bt: &str, rt: &str) -> String {
        self.op(&format!(
            "stablehlo.dot_general {a}, {b}, contracting_dims = {dims}, precision = [DEFAULT, DEFAULT] : ({at}, {bt}) -> {rt}"
        ))
    }

    /// Dense layer `h W + b` with tanh-approximated GELU; changes the width.
    fn dense(&mut self) {
        let (d1, d2) = (self.d, self.pick(&WIDTHS));
        let (hin, hout) = (self.hty(), format!("tensor<{ROWS}x{d2}xf32>"));
        let w = self.param(&format!("tensor<{d1}x{d2}xf32>"));
        let b = self.param(&format!("tensor<{d2}xf32>"));
        let h = self.h.clone();
        let y = self.dot(
            &h,
            &w,
            "[1] x [0]",
            &hin,
            &format!("tensor<{d1}x{d2}xf32>"),
            &hout,
        );
        let bb = self.op(&format!(
            "stablehlo.broadcast_in_dim {b}, dims = [1] : (tensor<{d2}xf32>) -> {hout}"
        ));
        let y = self.binary("add", &y, &bb, &hout);
        // 0.5 y (1 + tanh(sqrt(2/pi) (y + 0.044715 y^3)))
        let y3 = self.binary("multiply", &y, &y, &hout);
        let y3 = self.binary("multiply", &y3, &y, &hout);
        let k = self.splat(0.044715, &hout);
        let t = self.binary("multiply", &y3, &k, &hout);
        let t = self.binary("add", &y, &t, &hout);
        let k = self.splat(0.7978845608, &hout);
        let t = self.binary("multiply", &t, &k, &hout);
        let t = self.unary("tanh", &t, &hout);
        let one = self.splat(1.0, &hout);
        let t = self.binary("add", &t, &one, &hout);
        let half = self.splat(0.5, &hout);
        let t = self.binary("multiply", &t, &half, &hout);
        self.h = self.binary("multiply", &y, &t, &hout);
        self.d = d2;
    }

    fn layer_norm(&mut self) {
        let (d, ty) = (self.d, self.hty());
        let rows = format!("tensor<{ROWS}xf32>");
        let gamma = self.param(&format!("tensor<{d}xf32>"));
        let beta = self.param(&format!("tensor<{d}xf32>"));
        let h = self.h.clone();
        let zero = self.scalar(0.0);
        let s = self.reduce(&h, &zero, "add", "1", &ty, &rows);
        let n = self.splat(d as f64, &rows);
        let mean = self.binary("divide", &s, &n, &rows);
        let mb = self.op(&format!(
            "stablehlo.broadcast_in_dim {mean}, dims = [0] : ({rows}) -> {ty}"
        ));
        let x = self.binary("subtract", &h, &mb, &ty);
        let sq = self.binary("multiply", &x, &x, &ty);
        let v = self.reduce(&sq, &zero, "add", "1", &ty, &rows);
        let v = self.binary("divide", &v, &n, &rows);
        let eps = self.splat(1e-5, &rows);
        let v = self.binary("add", &v, &eps, &rows);
        let r = self.unary("rsqrt", &v, &rows);
        let rb = self.op(&format!(
            "stablehlo.broadcast_in_dim {r}, dims = [0] : ({rows}) -> {ty}"
        ));
        let x = self.binary("multiply", &x, &rb, &ty);
        let gb = self.op(&format!(
            "stablehlo.broadcast_in_dim {gamma}, dims = [1] : (tensor<{d}xf32>) -> {ty}"
        ));
        let x = self.binary("multiply", &x, &gb, &ty);
        let bb = self.op(&format!(
            "stablehlo.broadcast_in_dim {beta}, dims = [1] : (tensor<{d}xf32>) -> {ty}"
        ));
        self.h = self.binary("add", &x, &bb, &ty);
    }

    /// Self-attention of `h` with itself: `softmax(h h^T / c) h`, plus the residual.
    fn attention(&mut self) {
        let ty = self.hty();
        let sty = format!("tensor<{ROWS}x{ROWS}xf32>");
        let rows = format!("tensor<{ROWS}xf32>");
        let h = self.h.clone();
        let s = self.dot(&h, &h, "[1] x [1]", &ty, &ty, &sty);
        let k = self.pick(&CONSTANTS);
        let k = self.splat(k, &sty);
        let s = self.binary("multiply", &s, &k, &sty);
        let ninf = self.op("stablehlo.constant dense<0xFF800000> : tensor<f32>");
        let m = self.reduce(&s, &ninf, "maximum", "1", &sty, &rows);
        let mb = self.op(&format!(
            "stablehlo.broadcast_in_dim {m}, dims = [0] : ({rows}) -> {sty}"
        ));
        let e = self.binary("subtract", &s, &mb, &sty);
        let e = self.unary("exponential", &e, &sty);
        let zero = self.scalar(0.0);
        let z = self.reduce(&e, &zero, "add", "1", &sty, &rows);
        let zb = self.op(&format!(
            "stablehlo.broadcast_in_dim {z}, dims = [0] : ({rows}) -> {sty}"
        ));
        let p = self.binary("divide", &e, &zb, &sty);
        let o = self.dot(&p, &h, "[1] x [0]", &sty, &ty, &ty);
        self.h = self.binary("add", &o, &h, &ty);
    }

    /// An activation function from the menu real networks use, then a scaled residual:
    /// `h + k * act(h)`.
    fn elementwise(&mut self) {
        let ty = self.hty();
        let pty = format!("tensor<{ROWS}x{}xi1>", self.d);
        let x = self.h.clone();
        let a = match self.below(7) {
            0 => {
                let z = self.splat(0.0, &ty);
                self.binary("maximum", &x, &z, &ty)
            }
            1 => {
                // leaky ReLU through compare and select
                let z = self.splat(0.0, &ty);
                let p = self.op(&format!(
                    "stablehlo.compare  GT, {x}, {z},  FLOAT : ({ty}, {ty}) -> {pty}"
                ));
                let k = self.splat(0.1, &ty);
                let y = self.binary("multiply", &x, &k, &ty);
                self.op(&format!("stablehlo.select {p}, {x}, {y} : {pty}, {ty}"))
            }
            2 => {
                // swish
                let s = self.unary("logistic", &x, &ty);
                self.binary("multiply", &x, &s, &ty)
            }
            3 => {
                // hard swish: x * min(max(x + 3, 0), 6) / 6
                let three = self.splat(3.0, &ty);
                let t = self.binary("add", &x, &three, &ty);
                let z = self.splat(0.0, &ty);
                let t = self.binary("maximum", &t, &z, &ty);
                let six = self.splat(6.0, &ty);
                let t = self.binary("minimum", &t, &six, &ty);
                let t = self.binary("divide", &t, &six, &ty);
                self.binary("multiply", &x, &t, &ty)
            }
            4 => {
                // softsign: x / (1 + |x|)
                let a = self.unary("abs", &x, &ty);
                let one = self.splat(1.0, &ty);
                let a = self.binary("add", &a, &one, &ty);
                self.binary("divide", &x, &a, &ty)
            }
            5 => self.unary("tanh", &x, &ty),
            _ => {
                // ELU: x > 0 ? x : exp(x) - 1
                let z = self.splat(0.0, &ty);
                let p = self.op(&format!(
                    "stablehlo.compare  GT, {x}, {z},  FLOAT : ({ty}, {ty}) -> {pty}"
                ));
                let e = self.unary("exponential", &x, &ty);
                let one = self.splat(1.0, &ty);
                let e = self.binary("subtract", &e, &one, &ty);
                self.op(&format!("stablehlo.select {p}, {x}, {e} : {pty}, {ty}"))
            }
        };
        let k = self.pick(&CONSTANTS);
        let k = self.splat(k, &ty);
        let a = self.binary("multiply", &a, &k, &ty);
        self.h = self.binary("add", &x, &a, &ty);
    }

    /// 3x3 convolution (SAME padding) with bias and ReLU; changes the channels.
    fn conv(&mut self) {
        let (c1, c2) = (self.c, self.pick(&CHANNELS));
        let (iin, out) = (self.ity(), format!("tensor<1x{SIDE}x{SIDE}x{c2}xf32>"));
        let kty = format!("tensor<3x3x{c1}x{c2}xf32>");
        let k = self.param(&kty);
        let b = self.param(&format!("tensor<{c2}xf32>"));
        let img = self.img.clone();
        let y = self.op(&format!(
            "stablehlo.convolution({img}, {k}) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {{stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]}} {{batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}} : ({iin}, {kty}) -> {out}"
        ));
        let r = self.op(&format!(
            "stablehlo.reshape {b} : (tensor<{c2}xf32>) -> tensor<1x1x1x{c2}xf32>"
        ));
        let bb = self.op(&format!(
            "stablehlo.broadcast_in_dim {r}, dims = [0, 1, 2, 3] : (tensor<1x1x1x{c2}xf32>) -> {out}"
        ));
        let y = self.binary("add", &y, &bb, &out);
        let z = self.splat(0.0, &out);
        self.img = self.binary("maximum", &y, &z, &out);
        self.c = c2;
    }

    /// Global average pool of `img` through a dense layer, added to `h`.
    fn pool(&mut self) {
        let (c, d) = (self.c, self.d);
        let (ity, hty) = (self.ity(), self.hty());
        let w = self.param(&format!("tensor<{c}x{d}xf32>"));
        let img = self.img.clone();
        let zero = self.scalar(0.0);
        let p = self.reduce(
            &img,
            &zero,
            "add",
            "1, 2",
            &ity,
            &format!("tensor<1x{c}xf32>"),
        );
        let n = self.splat((SIDE * SIDE) as f64, &format!("tensor<1x{c}xf32>"));
        let p = self.binary("divide", &p, &n, &format!("tensor<1x{c}xf32>"));
        let y = self.dot(
            &p,
            &w,
            "[1] x [0]",
            &format!("tensor<1x{c}xf32>"),
            &format!("tensor<{c}x{d}xf32>"),
            &format!("tensor<1x{d}xf32>"),
        );
        let yb = self.op(&format!(
            "stablehlo.broadcast_in_dim {y}, dims = [0, 1] : (tensor<1x{d}xf32>) -> {hty}"
        ));
        let h = self.h.clone();
        self.h = self.binary("add", &h, &yb, &hty);
    }

    /// `for i in 0..n: h = h * k + tanh(h)` as a while loop.
    fn while_loop(&mut self) {
        let ty = self.hty();
        let n = 2 + self.below(4);
        let k = self.pick(&CONSTANTS);
        let i0 = self.op("stablehlo.constant dense<0> : tensor<i32>");
        let (res, i, x) = (self.fresh(), self.fresh(), self.fresh());
        let (lim, p, one, i1, t, kc, kb, m, y) = (
            self.fresh(),
            self.fresh(),
            self.fresh(),
            self.fresh(),
            self.fresh(),
            self.fresh(),
            self.fresh(),
            self.fresh(),
            self.fresh(),
        );
        let h = self.h.clone();
        let _ = write!(
            self.body,
            "    {res}:2 = stablehlo.while({i} = {i0}, {x} = {h}) : tensor<i32>, {ty}
    cond {{
      {lim} = stablehlo.constant dense<{n}> : tensor<i32>
      {p} = stablehlo.compare  LT, {i}, {lim},  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return {p} : tensor<i1>
    }} do {{
      {one} = stablehlo.constant dense<1> : tensor<i32>
      {i1} = stablehlo.add {i}, {one} : tensor<i32>
      {t} = stablehlo.tanh {x} : {ty}
      {kc} = stablehlo.constant dense<{k:.6e}> : tensor<f32>
      {kb} = stablehlo.broadcast_in_dim {kc}, dims = [] : (tensor<f32>) -> {ty}
      {m} = stablehlo.multiply {x}, {kb} : {ty}
      {y} = stablehlo.add {m}, {t} : {ty}
      stablehlo.return {i1}, {y} : tensor<i32>, {ty}
    }}
"
        );
        // The while, 2 ops in its condition and 7 in its body.
        self.ops += 1 + 2 + 7;
        self.h = format!("{res}#1");
    }
}
