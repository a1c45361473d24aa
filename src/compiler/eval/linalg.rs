//! dot_general and convolution. Float products are accumulated as [`Acc`] describes (in
//! order, f32 or f64 by result type, like StableHLO's reference); integer ones wrap at
//! the result width.
use super::complex::{pack, parts};
use super::tensor::{
    Tensor, dims, for_each_index, from_f64, from_int, ravel, strides, to_f64, to_int,
};
use crate::compiler::ir::{ConvAttrs, DType, DotDims, TensorType};

/// Sum of products, in the domain of the result dtype. Floats accumulate in order over
/// the contraction in the precision compiled code uses (f32 for f16/bf16/f32, f64 for f64)
/// and round once at the end: a folded product must equal the one computed at run time,
/// and both match StableHLO's reference (which sums in the element type), not a more
/// exact f64 sum.
///
/// Complex products are complex multiplies (`ar br - ai bi`, `ar bi + ai br`, each
/// product rounded) added in order, in f32 for complex<f32> and f64 for complex<f64>:
/// what compiled code does for small dots and XLA's complex dots do (large ones run as
/// a real GEMM, which fuses and orders its multiply-adds its own way).
struct Acc {
    out: DType,
    f: f64,
    f32: f32,
    i: i128,
    c: (f64, f64),
    c32: (f32, f32),
}

impl Acc {
    fn new(out: DType) -> Acc {
        Acc {
            out,
            f: 0.0,
            f32: 0.0,
            i: 0,
            c: (0.0, 0.0),
            c32: (0.0, 0.0),
        }
    }

    fn add(&mut self, a: &Tensor, ai: usize, b: &Tensor, bi: usize) {
        match self.out {
            DType::C128 => {
                let (p, q) = (value_c(a, ai), value_c(b, bi));
                self.c.0 += p.0 * q.0 - p.1 * q.1;
                self.c.1 += p.0 * q.1 + p.1 * q.0;
            }
            DType::C64 => {
                let (p, q) = (value_c(a, ai), value_c(b, bi));
                let (pr, pi, qr, qi) = (p.0 as f32, p.1 as f32, q.0 as f32, q.1 as f32);
                self.c32.0 += pr * qr - pi * qi;
                self.c32.1 += pr * qi + pi * qr;
            }
            DType::F64 => self.f += value_f64(a, ai) * value_f64(b, bi),
            d if d.is_float() => {
                let (x, y) = (value_f64(a, ai) as f32, value_f64(b, bi) as f32);
                // Separate multiply and add, as the reference does (no FMA contraction).
                self.f32 += x * y;
            }
            _ => {
                let p = to_int(a.dtype(), a.word(ai)).wrapping_mul(to_int(b.dtype(), b.word(bi)));
                self.i = self.i.wrapping_add(p);
            }
        }
    }

    fn bits(&self) -> u128 {
        u128::from(match self.out {
            DType::C128 => return pack(self.out, self.c),
            DType::C64 => return pack(self.out, (self.c32.0 as f64, self.c32.1 as f64)),
            DType::F64 => from_f64(self.out, self.f),
            d if d.is_float() => from_f64(self.out, self.f32 as f64),
            DType::I1 => (self.i != 0) as u64,
            _ => from_int(self.out, self.i),
        })
    }
}

fn value_f64(t: &Tensor, i: usize) -> f64 {
    let d = t.dtype();
    if d.is_complex() {
        parts(d, t.bits[i]).0
    } else if d.is_float() {
        to_f64(d, t.word(i))
    } else {
        to_int(d, t.word(i)) as f64
    }
}

/// Element `i` as a complex value (a real element with a zero imaginary part).
fn value_c(t: &Tensor, i: usize) -> (f64, f64) {
    let d = t.dtype();
    if d.is_complex() {
        parts(d, t.bits[i])
    } else {
        (value_f64(t, i), 0.0)
    }
}

pub(crate) fn dot_general(lhs: &Tensor, rhs: &Tensor, ty: &TensorType, d: &DotDims) -> Tensor {
    let (ls, rs) = (lhs.shape(), rhs.shape());
    let (lst, rst) = (strides(&ls), strides(&rs));
    let lhs_used: Vec<i64> = d
        .lhs_batch
        .iter()
        .chain(&d.lhs_contracting)
        .copied()
        .collect();
    let rhs_used: Vec<i64> = d
        .rhs_batch
        .iter()
        .chain(&d.rhs_contracting)
        .copied()
        .collect();
    let lfree: Vec<usize> = (0..ls.len())
        .filter(|i| !lhs_used.contains(&(*i as i64)))
        .collect();
    let rfree: Vec<usize> = (0..rs.len())
        .filter(|i| !rhs_used.contains(&(*i as i64)))
        .collect();
    let cshape: Vec<usize> = d.lhs_contracting.iter().map(|&c| ls[c as usize]).collect();
    let nb = d.lhs_batch.len();
    let mut bits = Vec::new();
    for_each_index(&dims(ty), |o| {
        let (mut li, mut ri) = (vec![0usize; ls.len()], vec![0usize; rs.len()]);
        for k in 0..nb {
            li[d.lhs_batch[k] as usize] = o[k];
            ri[d.rhs_batch[k] as usize] = o[k];
        }
        for (k, &f) in lfree.iter().enumerate() {
            li[f] = o[nb + k];
        }
        for (k, &f) in rfree.iter().enumerate() {
            ri[f] = o[nb + lfree.len() + k];
        }
        let mut acc = Acc::new(ty.dtype);
        for_each_index(&cshape, |c| {
            for k in 0..c.len() {
                li[d.lhs_contracting[k] as usize] = c[k];
                ri[d.rhs_contracting[k] as usize] = c[k];
            }
            acc.add(lhs, ravel(&li, &lst), rhs, ravel(&ri, &rst));
        });
        bits.push(acc.bits());
    });
    Tensor::new(ty.clone(), bits)
}

/// `stablehlo.convolution` straight from the spec: every output element sums over its
/// feature group's input features and the kernel window; positions falling in padding or
/// in the holes of lhs dilation contribute nothing.
pub(crate) fn convolution(lhs: &Tensor, rhs: &Tensor, ty: &TensorType, c: &ConvAttrs) -> Tensor {
    let (ls, rs) = (lhs.shape(), rhs.shape());
    let (lst, rst) = (strides(&ls), strides(&rs));
    let n_sp = c.input_spatial_dims.len();
    let batch = ls[c.input_batch_dim as usize];
    let k_in = rs[c.kernel_input_feature_dim as usize];
    let k_out = rs[c.kernel_output_feature_dim as usize];
    let (fg, bg) = (c.feature_group_count as usize, c.batch_group_count as usize);
    let out_batch = batch / bg;
    let ksp: Vec<usize> = c
        .kernel_spatial_dims
        .iter()
        .map(|&d| rs[d as usize])
        .collect();
    let mut bits = Vec::new();
    for_each_index(&dims(ty), |o| {
        let ob = o[c.output_batch_dim as usize];
        let of = o[c.output_feature_dim as usize];
        // Batch groups split the input batch; feature groups split the input features.
        let in_b = (of / (k_out / bg)) * out_batch + ob;
        let f_base = (of / (k_out / fg)) * k_in;
        let mut acc = Acc::new(ty.dtype);
        let (mut li, mut ri) = (vec![0usize; ls.len()], vec![0usize; rs.len()]);
        li[c.input_batch_dim as usize] = in_b;
        ri[c.kernel_output_feature_dim as usize] = of;
        for kc in 0..k_in {
            li[c.input_feature_dim as usize] = f_base + kc;
            ri[c.kernel_input_feature_dim as usize] = kc;
            for_each_index(&ksp, |k| {
                for s in 0..n_sp {
                    // i128: attributes are arbitrary i64s.
                    let pos = o[c.output_spatial_dims[s] as usize] as i128
                        * c.window_strides[s] as i128
                        + k[s] as i128 * c.rhs_dilation[s] as i128
                        - c.padding[s].0 as i128;
                    let ld = c.lhs_dilation[s] as i128;
                    let size = ls[c.input_spatial_dims[s] as usize] as i128;
                    if pos < 0 || pos % ld != 0 || pos / ld >= size {
                        return;
                    }
                    li[c.input_spatial_dims[s] as usize] = (pos / ld) as usize;
                    let kk = if c.window_reversal[s] {
                        ksp[s] - 1 - k[s]
                    } else {
                        k[s]
                    };
                    ri[c.kernel_spatial_dims[s] as usize] = kk;
                }
                acc.add(lhs, ravel(&li, &lst), rhs, ravel(&ri, &rst));
            });
        }
        bits.push(acc.bits());
    });
    Tensor::new(ty.clone(), bits)
}
