//! Human-readable descriptions of schedule steps, shared by `pjrtc inspect` and the
//! runner's `--profile` table.

use super::{
    Activation, BufRef, CollectiveKind, Dim, DynamicShapes, DynamicTensor, Epilogue, Extent,
    GroupMode, Pjx, Region, Step,
};

/// `arena+4096`.
pub fn buf(b: &BufRef) -> String {
    format!("{}+{}", region(&b.region), b.offset)
}

/// ` * scale in2+0 + bias in3+0, clamp(0, 6)`: an epilogue's parts (empty for none).
fn epilogue(e: &Epilogue) -> String {
    let mut s = String::new();
    if let Some(b) = &e.scale {
        s += &format!(" * scale {}", buf(b));
    }
    if let Some(b) = &e.bias {
        s += &format!(" + bias {}", buf(b));
    }
    match e.activation {
        Activation::None => {}
        Activation::Relu => s += ", relu",
        Activation::Clamp { lo, hi } => {
            s += &format!(", clamp({}, {})", f32::from_bits(lo), f32::from_bits(hi))
        }
    }
    s
}

/// `in0`, `out1`, `arena`, `const`.
pub fn region(r: &Region) -> String {
    match r {
        Region::Input(i) => format!("in{i}"),
        Region::Output(i) => format!("out{i}"),
        Region::Arena => "arena".into(),
        Region::Constant => "const".into(),
    }
}

/// What a caller of a program with dynamic dimensions sees, as `pjrtc inspect` prints
/// it: a line per input and output (`in0:  f32[b<=64,128] %arg0 (sizes: b -> in2)`, the
/// compiled program's size inputs and outputs named by their slots), then one per
/// assertion (`assert out3 (values out2): "..."`).
pub fn dynamic_lines(d: &DynamicShapes) -> Vec<String> {
    let tensor = |prefix: &str, i: usize, t: &DynamicTensor, arrow: &str| {
        let slots: Vec<String> = t
            .dims
            .iter()
            .filter_map(|d| match d {
                Dim::Dynamic { symbol, slot, .. } => {
                    let s = if symbol.is_empty() { "?" } else { symbol };
                    Some(format!("{s} {arrow} {prefix}{slot}"))
                }
                Dim::Static(_) => None,
            })
            .collect();
        let name = if t.name.is_empty() {
            String::new()
        } else {
            format!(" {}", t.name)
        };
        let sizes = if slots.is_empty() {
            String::new()
        } else {
            format!(" (sizes: {})", slots.join(", "))
        };
        let pad = if prefix == "in" { "  " } else { " " };
        format!("{prefix}{i}:{pad}{}{name}{sizes}", t.type_string())
    };
    let mut lines = Vec::new();
    for (i, t) in d.inputs.iter().enumerate() {
        lines.push(tensor("in", i, t, "->"));
    }
    for (i, t) in d.outputs.iter().enumerate() {
        lines.push(tensor("out", i, t, "<-"));
    }
    for a in &d.assertions {
        let values: Vec<String> = a.values.iter().map(|v| format!("out{v}")).collect();
        let values = if values.is_empty() {
            String::new()
        } else {
            format!(" (values {})", values.join(", "))
        };
        lines.push(format!("assert out{}{values}: {:?}", a.pred, a.message));
    }
    lines
}

/// How an [`Extent`] limits a step: ` first(count*per/block)` units, or nothing.
fn leading(e: &Option<Extent>) -> String {
    e.map_or_else(String::new, |e| {
        format!(" first({}*{}/{})", buf(&e.count), e.per, e.block)
    })
}

/// One line describing a step (nested step lists not included), as `pjrtc inspect` and
/// `pjrtc run --profile` print it.
pub fn step_line(pjx: &Pjx, step: &Step) -> String {
    match step {
        Step::Dispatch {
            kernel,
            bindings,
            workgroups,
            extent,
        } => {
            let name = pjx
                .kernels
                .get(*kernel as usize)
                .map_or("?", |k| k.name.as_str());
            let b: Vec<String> = bindings
                .iter()
                .map(|b| format!("{}+{}", region(&b.region), b.offset))
                .collect();
            format!(
                "dispatch {name} x{workgroups}{} ({})",
                leading(extent),
                b.join(", ")
            )
        }
        Step::Gemm(g) => {
            let epilogue = epilogue(&g.epilogue);
            let types = if g.lhs_dtype == g.dtype && g.rhs_dtype == g.dtype {
                g.dtype.to_string()
            } else {
                format!("{} x {} -> {}", g.lhs_dtype, g.rhs_dtype, g.dtype)
            };
            let [b, m, n, k] = &g.extents;
            format!(
                "gemm {types} batch={}{} m={}{} n={}{} k={}{}{epilogue} -> {}+{}",
                g.batch,
                leading(b),
                g.m,
                leading(m),
                g.n,
                leading(n),
                g.k,
                leading(k),
                region(&g.out.buf.region),
                g.out.buf.offset
            )
        }
        Step::Conv(c) => format!(
            "conv {} batch={}{} in={:?}x{} kernel={:?} out={:?}x{} groups={}/{}{}",
            c.dtype,
            c.batch,
            leading(&c.extent),
            c.in_spatial,
            c.in_features,
            c.kernel_spatial,
            c.out_spatial,
            c.out_features,
            c.feature_groups,
            c.batch_groups,
            epilogue(&c.epilogue)
        ),
        Step::Copy { src, dst } => format!(
            "copy {} bytes {}+{} -> {}+{}",
            src.size,
            region(&src.region),
            src.offset,
            region(&dst.region),
            dst.offset
        ),
        Step::While { pred, .. } => format!("while (predicate {})", buf(pred)),
        Step::Case { index, branches } => format!(
            "case on {} {} ({} branches)",
            if index.size == 1 { "i1" } else { "i32" },
            buf(index),
            branches.len()
        ),
        Step::Softmax(s) => format!(
            "softmax f32 {}x{}{} {} -> {}",
            s.rows,
            s.cols,
            leading(&s.extent),
            buf(&s.src),
            buf(&s.dst)
        ),
        Step::TopK(t) => {
            let ops: Vec<String> = t
                .operands
                .iter()
                .map(|o| match &o.input {
                    Some(i) => format!("{} {} -> {}", o.dtype, buf(i), buf(&o.output)),
                    None => format!("{} positions -> {}", o.dtype, buf(&o.output)),
                })
                .collect();
            format!(
                "top_k {} dim {} of {:?}, {} by {:?} ({})",
                t.k,
                t.dimension,
                t.shape,
                if t.descending { "largest" } else { "smallest" },
                t.order,
                ops.join(", ")
            )
        }
        Step::Fft(f) => format!(
            "fft {:?} {} {} x {:?} {} -> {}",
            f.kind,
            f.dtype,
            f.batch,
            f.lengths,
            buf(&f.input),
            buf(&f.output)
        ),
        Step::Sort(st) => {
            let name = pjx
                .kernels
                .get(st.comparator as usize)
                .map_or("?", |k| k.name.as_str());
            let ops: Vec<String> = st
                .operands
                .iter()
                .map(|o| format!("{} {} -> {}", o.dtype, buf(&o.input), buf(&o.output)))
                .collect();
            format!(
                "sort dim {} of {:?} by {name}{} ({})",
                st.dimension,
                st.shape,
                if st.stable { ", stable" } else { "" },
                ops.join(", ")
            )
        }
        Step::CustomCall(c) => {
            let list = |v: &[super::CallBuffer]| {
                v.iter()
                    .map(|b| {
                        format!(
                            "{} {}",
                            crate::exec::type_string(b.dtype, &b.dims),
                            buf(&b.buf)
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            format!(
                "custom_call @{} ({}) -> ({})",
                c.target,
                list(&c.operands),
                list(&c.results)
            )
        }
        Step::Linalg(l) => {
            let list = |v: &[BufRef]| v.iter().map(buf).collect::<Vec<_>>().join(", ");
            format!(
                "linalg {} {} batch={} m={} n={} k={} flags={:#x} ({}) -> ({})",
                l.routine.name(),
                l.dtype,
                l.batch,
                l.m,
                l.n,
                l.k,
                l.flags,
                list(&l.operands),
                list(&l.results)
            )
        }
        Step::Collective(c) => {
            let ops: Vec<String> = c
                .operands
                .iter()
                .map(|o| {
                    let i = o
                        .input
                        .as_ref()
                        .map(|b| format!("{}{:?} {} -> ", o.dtype, o.in_shape, buf(b)));
                    let o2 = o
                        .output
                        .as_ref()
                        .map(|b| format!("{}{:?} {}", o.dtype, o.out_shape, buf(b)));
                    format!("{}{}", i.unwrap_or_default(), o2.unwrap_or_default())
                })
                .collect();
            let params = match c.kind {
                CollectiveKind::AllGather { dim } | CollectiveKind::ReduceScatter { dim } => {
                    format!(" dim {dim}")
                }
                CollectiveKind::AllToAll {
                    split_dim,
                    concat_dim,
                } => format!(" split {split_dim} concat {concat_dim}"),
                _ => String::new(),
            };
            let mode = match c.mode {
                GroupMode::CrossReplica => "replicas",
                GroupMode::CrossPartition => "partitions",
                GroupMode::CrossReplicaAndPartition => "replicas x partitions",
                GroupMode::FlattenedIds => "devices",
            };
            let groups = if c.ids.is_empty() {
                "all".to_string()
            } else {
                format!("{:?}", c.ids)
            };
            let channel = if c.channel != 0 {
                format!(" channel {}", c.channel)
            } else {
                String::new()
            };
            format!(
                "collective {}{params} over {mode} {groups}{channel} ({})",
                c.name(),
                ops.join(", ")
            )
        }
    }
}
