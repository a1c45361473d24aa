//! The VHLO dialect: its attribute and type encodings, and the mapping of versioned VHLO
//! ops (`vhlo.add_v1`, `vhlo.dot_general_v2`, ...) onto pjrtc's IR.

use super::builtin::{self, attr_list, attr_text, read_float, read_int, svarints, type_list};
use super::container::{Attr, Bytecode, GOp, GRegion, Ty};
use super::reader::{BcError, Reader, Result};
use super::{partition, replicate, spmd};
use crate::compiler::chlo::{self, ChloOp, CompositeAttr};
use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::builder::Builder;
use crate::compiler::ir::{
    self, BinaryOp, CallAttr, Collective, CollectiveKind, CompareDirection, CompareType, ConvAttrs,
    DType, DotDims, DynOp, FftType, Func, GatherAttrs, LitBytes, Literal, Loc, Module, Opcode,
    Quantization, Region, RngAlgorithm, ScatterAttrs, SourcePos, TensorType, Transpose, UnaryOp,
    ValueId, WindowAttrs, quant,
};
use std::collections::HashMap;
use std::rc::Rc;

/// Largest constant materialized from a splat (64 MiB), so a corrupt shape cannot exhaust
/// memory; JAX writes big splats as a scalar constant plus `broadcast_in_dim`.
pub const MAX_LITERAL_BYTES: u64 = 1 << 26;
/// Budget of nodes when converting generic attributes (function argument attributes).
const ATTR_BUDGET: usize = 100_000;

pub fn read_attr(bc: &Bytecode<'_>, r: &mut Reader<'_>) -> Result<Attr> {
    let at = r.offset();
    let code = r.varint()?;
    let e = |kind: &'static str, r: &mut Reader<'_>| -> Result<Attr> {
        Ok(Attr::Enum {
            kind,
            value: r.varint()?,
        })
    };
    Ok(match code {
        1 => Attr::Array(attr_list(bc, r)?),
        2 => Attr::Bool(r.varint()? != 0),
        3 => e("comparison_direction", r)?,
        4 => e("comparison_type", r)?,
        5 => e("api_version", r)?,
        6 => {
            let n = r.count(2)?;
            let mut d = Vec::with_capacity(n);
            for _ in 0..n {
                let k = bc.attr(r)?;
                let v = bc.attr(r)?;
                d.push((builtin::attr_key(&k), v));
            }
            Attr::Dict(d)
        }
        7 => e("fft_type", r)?,
        8 => {
            let ty = bc.ty(r)?;
            let value = read_float(r, &ty)?;
            Attr::Float { ty, value }
        }
        9 => {
            let ty = bc.ty(r)?;
            let value = read_int(r, &ty)?;
            Attr::Int { ty, value }
        }
        10 => {
            svarints(r)?;
            r.svarint()?;
            svarints(r)?;
            Attr::Other("#vhlo.output_operand_alias".into())
        }
        11 => e("precision", r)?,
        12 => e("rng_algorithm", r)?,
        13 => e("rng_distribution", r)?,
        14 => Attr::Str(bc.string(r)?),
        15 => {
            let ty = bc.ty(r)?;
            let n = r.varint()?;
            let blob = r.bytes(n)?;
            let data = builtin::normalize_elements(&ty, blob).map_err(|m| r.err(m))?;
            Attr::Elements {
                ty,
                data: data.into(),
            }
        }
        16 => e("transpose", r)?,
        17 => Attr::Type(bc.ty(r)?),
        18 => {
            let b = svarints(r)?;
            Attr::Other(format!("#vhlo.type_extensions<bounds = {b:?}>"))
        }
        19 => e("result_accuracy_mode", r)?,
        20 => {
            read_float(r, &Ty::F64)?;
            read_float(r, &Ty::F64)?;
            r.svarint()?;
            bc.attr(r)?;
            Attr::Other("#vhlo.result_accuracy".into())
        }
        21 => {
            r.svarint()?;
            r.svarint()?;
            Attr::Other("#vhlo.sub_axis_info".into())
        }
        22 => {
            bc.attr(r)?;
            if r.varint()? != 0 {
                bc.attr(r)?;
            }
            Attr::Other("#vhlo.axis_ref".into())
        }
        23 => {
            bc.attr(r)?;
            bc.attr(r)?;
            Attr::Other("#vhlo.replica_group_mesh_axes".into())
        }
        24 => {
            bc.attr(r)?;
            r.svarint()?;
            Attr::Other("#vhlo.mesh_axis".into())
        }
        25 => {
            bc.attr(r)?;
            bc.optional_attr(r)?;
            Attr::Other("#vhlo.mesh".into())
        }
        _ => {
            return Err(BcError {
                offset: at,
                msg: format!("unsupported: VHLO attribute code {code}"),
            });
        }
    })
}

pub fn read_type(bc: &Bytecode<'_>, r: &mut Reader<'_>) -> Result<Ty> {
    let at = r.offset();
    let code = r.varint()?;
    let int = |width, signedness| Ty::Int { width, signedness };
    let other = |s: &str| Ty::Other(s.to_string());
    Ok(match code {
        0 => int(1, 0),
        1 => Ty::Complex(bc.ty(r)?),
        2 => Ty::BF16,
        3 => Ty::F16,
        4 => Ty::F32,
        5 => Ty::F64,
        6 => other("f8E4M3FN"),
        7 => other("f8E5M2"),
        8 => Ty::Func {
            inputs: type_list(bc, r)?,
            results: type_list(bc, r)?,
        },
        9 => Ty::Index,
        10 => int(4, 0),
        11 => int(8, 0),
        12 => int(16, 0),
        13 => int(32, 0),
        14 => int(64, 0),
        15 => int(4, 2),
        16 => int(8, 2),
        17 => int(16, 2),
        18 => int(32, 2),
        19 => int(64, 2),
        20 | 21 => {
            if code == 21 {
                bc.attr(r)?;
            }
            let shape = svarints(r)?;
            let elem = bc.ty(r)?;
            Ty::Tensor {
                shape,
                elem,
                encoded: code == 21,
            }
        }
        // Tokens are empty tensors, as in the text front end.
        22 => Ty::Tensor {
            shape: vec![0],
            elem: Rc::new(Ty::Int {
                width: 1,
                signedness: 0,
            }),
            encoded: false,
        },
        23 => {
            type_list(bc, r)?;
            other("tuple")
        }
        24 => {
            let flags = r.varint()?;
            let storage = bc.ty(r)?;
            let expressed = bc.ty(r)?;
            let scale = read_float(r, &Ty::F64)?;
            let zero_point = r.svarint()?;
            let (min, max) = (r.svarint()?, r.svarint()?);
            let mut q = quant_base(flags, &storage, &expressed, at)?;
            (q.scales, q.zero_points) = (vec![scale], vec![zero_point]);
            (q.storage_min, q.storage_max) = (min, max);
            checked_quant(q, at)?
        }
        25 => {
            bc.ty(r)?;
            other("unranked tensor")
        }
        26 => other("witness"),
        27 => other("f8E4M3FNUZ"),
        28 => other("f8E5M2FNUZ"),
        29 => other("f8E4M3B11FNUZ"),
        30 => {
            let flags = r.varint()?;
            let storage = bc.ty(r)?;
            let expressed = bc.ty(r)?;
            let axis = r.varint()?;
            let (min, max) = (r.svarint()?, r.svarint()?);
            let n = r.count(1)?;
            let scales = (0..n)
                .map(|_| read_float(r, &Ty::F64))
                .collect::<Result<Vec<_>>>()?;
            let zero_points = svarints(r)?;
            let mut q = quant_base(flags, &storage, &expressed, at)?;
            q.axis = Some(u32::try_from(axis).map_err(|_| BcError {
                offset: at,
                msg: format!("invalid quantization dimension {axis}"),
            })?);
            (q.scales, q.zero_points) = (scales, zero_points);
            (q.storage_min, q.storage_max) = (min, max);
            checked_quant(q, at)?
        }
        31 => int(2, 0),
        32 => int(2, 2),
        33 => other("none"),
        34 => other("tf32"),
        35 => other("f8E4M3"),
        36 => other("f8E3M4"),
        37 => other("f4E2M1FN"),
        38 => other("f6E2M3FN"),
        39 => other("f6E3M2FN"),
        40 => other("f8E8M0FNU"),
        41 => {
            svarints(r)?;
            bc.ty(r)?;
            other("buffer")
        }
        42 => {
            type_list(bc, r)?;
            other("future")
        }
        _ => {
            return Err(BcError {
                offset: at,
                msg: format!("unsupported: VHLO type code {code}"),
            });
        }
    })
}

/// The storage and expressed types of a VHLO quantized type (flag bit 0: signed storage).
fn quant_base(flags: u64, storage: &Ty, expressed: &Ty, at: u64) -> Result<Quantization> {
    let err = |msg: String| BcError { offset: at, msg };
    let storage = match *storage {
        Ty::Int { width, signedness } => {
            let signed = signedness == 1 || (signedness == 0 && flags & 1 == 1);
            let name = format!("{}{width}", if signed { "i" } else { "u" });
            quant::storage_from_name(&name)
        }
        _ => None,
    }
    .ok_or_else(|| {
        err(format!(
            "unsupported: quantized storage type {}",
            builtin::type_text(storage)
        ))
    })?;
    let expressed = dtype_of(expressed)
        .filter(|d| d.is_float())
        .ok_or_else(|| {
            err(format!(
                "unsupported: quantized expressed type {}",
                builtin::type_text(expressed)
            ))
        })?;
    Ok(Quantization::per_tensor(storage, expressed, 1.0, 0))
}

fn checked_quant(q: Quantization, at: u64) -> Result<Ty> {
    q.check().map_err(|m| BcError {
        offset: at,
        msg: format!("invalid quantized type: {m}"),
    })?;
    Ok(Ty::Quant(Rc::new(q)))
}

/// Native op properties (bytecode v5+): `builtin.module` stores its optional `sym_name` and
/// `sym_visibility`; a VHLO op stores each of its attributes, all required, sorted by name.
pub fn read_properties(
    bc: &Bytecode<'_>,
    name: &str,
    r: &mut Reader<'_>,
) -> Result<Vec<(String, Rc<Attr>)>> {
    let mut out = Vec::new();
    if name == "builtin.module" {
        for key in ["sym_name", "sym_visibility"] {
            if let Some(a) = bc.optional_attr(r)? {
                out.push((key.to_string(), a));
            }
        }
        return Ok(out);
    }
    let names = name
        .strip_prefix("vhlo.")
        .and_then(|n| OP_ATTRS.iter().find(|(op, _)| *op == n))
        .map(|(_, a)| *a)
        .ok_or_else(|| r.err(format!("unsupported: native properties of {name}")))?;
    for key in names {
        out.push((key.to_string(), bc.attr(r)?));
    }
    if !r.is_empty() {
        return Err(r.err(format!("trailing bytes in the properties of {name}")));
    }
    Ok(out)
}

/// Attribute names of `vhlo.convolution_v1`, shared with `vhlo.dynamic_conv_v1`
/// (sorted, as properties are stored).
const CONV_ATTRS: &[&str] = &[
    "batch_group_count",
    "feature_group_count",
    "input_batch_dimension",
    "input_feature_dimension",
    "input_spatial_dimensions",
    "kernel_input_feature_dimension",
    "kernel_output_feature_dimension",
    "kernel_spatial_dimensions",
    "lhs_dilation",
    "output_batch_dimension",
    "output_feature_dimension",
    "output_spatial_dimensions",
    "padding",
    "precision_config",
    "rhs_dilation",
    "window_reversal",
    "window_strides",
];

/// The attributes of every VHLO op (from `VhloOps.td`), sorted by name: the order in which
/// they are stored as properties.
const OP_ATTRS: &[(&str, &[&str])] = &[
    ("abs_v1", &[]),
    ("add_v1", &[]),
    ("after_all_v1", &[]),
    (
        "all_gather_v1",
        &[
            "all_gather_dim",
            "channel_id",
            "replica_groups",
            "use_global_device_ids",
        ],
    ),
    (
        "all_gather_v2",
        &[
            "all_gather_dim",
            "channel_id",
            "replica_groups",
            "use_global_device_ids",
        ],
    ),
    (
        "all_reduce_v1",
        &["channel_id", "replica_groups", "use_global_device_ids"],
    ),
    (
        "all_reduce_v2",
        &["channel_id", "replica_groups", "use_global_device_ids"],
    ),
    (
        "all_to_all_v1",
        &[
            "channel_id",
            "concat_dimension",
            "replica_groups",
            "split_count",
            "split_dimension",
        ],
    ),
    (
        "all_to_all_v2",
        &[
            "channel_id",
            "concat_dimension",
            "replica_groups",
            "split_count",
            "split_dimension",
        ],
    ),
    ("and_v1", &[]),
    ("async_start_v1", &[]),
    ("async_done_v1", &[]),
    ("atan2_v1", &[]),
    ("batch_norm_grad_v1", &["epsilon", "feature_index"]),
    ("batch_norm_inference_v1", &["epsilon", "feature_index"]),
    ("batch_norm_training_v1", &["epsilon", "feature_index"]),
    ("bitcast_convert_v1", &[]),
    ("broadcast_in_dim_v1", &["broadcast_dimensions"]),
    ("broadcast_v1", &["broadcast_sizes"]),
    ("call_v1", &["callee"]),
    ("case_v1", &[]),
    ("cbrt_v1", &[]),
    ("cbrt_v2", &["result_accuracy"]),
    ("ceil_v1", &[]),
    ("cholesky_v1", &["lower"]),
    ("clamp_v1", &[]),
    ("count_leading_zeros_v1", &[]),
    ("collective_broadcast_v1", &["channel_id", "replica_groups"]),
    (
        "collective_broadcast_v2",
        &["channel_id", "has_dynamic_root", "replica_groups"],
    ),
    (
        "collective_reduce_v1",
        &[
            "channel_id",
            "has_dynamic_root",
            "replica_groups",
            "use_global_device_ids",
        ],
    ),
    (
        "collective_permute_v1",
        &["channel_id", "source_target_pairs"],
    ),
    ("compare_v1", &["compare_type", "comparison_direction"]),
    ("complex_v1", &[]),
    (
        "composite_v1",
        &["composite_attributes", "decomposition", "name", "version"],
    ),
    (
        "composite_v2",
        &["composite_attributes", "decomposition", "name", "version"],
    ),
    ("concatenate_v1", &["dimension"]),
    ("constant_v1", &["value"]),
    ("convert_v1", &[]),
    ("convolution_v1", CONV_ATTRS),
    ("cosine_v1", &[]),
    ("cosine_v2", &["result_accuracy"]),
    ("create_token_v1", &[]),
    (
        "custom_call_v1",
        &[
            "api_version",
            "backend_config",
            "call_target_name",
            "called_computations",
            "has_side_effect",
            "operand_layouts",
            "output_operand_aliases",
            "result_layouts",
        ],
    ),
    (
        "custom_call_v2",
        &[
            "api_version",
            "backend_config",
            "call_target_name",
            "called_computations",
            "has_side_effect",
            "operand_layouts",
            "output_operand_aliases",
            "result_layouts",
            "result_tilings",
        ],
    ),
    ("divide_v1", &[]),
    (
        "dot_general_v1",
        &[
            "lhs_batching_dimensions",
            "lhs_contracting_dimensions",
            "precision_config",
            "rhs_batching_dimensions",
            "rhs_contracting_dimensions",
        ],
    ),
    (
        "dot_general_v2",
        &[
            "accumulation_type",
            "allow_imprecise_accumulation",
            "lhs_batching_dimensions",
            "lhs_component_count",
            "lhs_contracting_dimensions",
            "lhs_precision_type",
            "num_primitive_operations",
            "precision_config",
            "rhs_batching_dimensions",
            "rhs_component_count",
            "rhs_contracting_dimensions",
            "rhs_precision_type",
        ],
    ),
    ("dot_v1", &["precision_config"]),
    (
        "dynamic_broadcast_in_dim_v1",
        &[
            "broadcast_dimensions",
            "known_expanding_dimensions",
            "known_nonexpanding_dimensions",
        ],
    ),
    ("dynamic_conv_v1", CONV_ATTRS),
    (
        "dynamic_conv_v2",
        &[
            "batch_group_count",
            "feature_group_count",
            "input_batch_dimension",
            "input_feature_dimension",
            "input_spatial_dimensions",
            "kernel_input_feature_dimension",
            "kernel_output_feature_dimension",
            "kernel_spatial_dimensions",
            "lhs_dilation",
            "output_batch_dimension",
            "output_feature_dimension",
            "output_spatial_dimensions",
            "precision_config",
            "rhs_dilation",
            "window_reversal",
            "window_strides",
        ],
    ),
    (
        "dynamic_gather_v1",
        &[
            "collapsed_slice_dims",
            "index_vector_dim",
            "indices_are_sorted",
            "offset_dims",
            "start_index_map",
        ],
    ),
    (
        "dynamic_gather_v2",
        &[
            "collapsed_slice_dims",
            "index_vector_dim",
            "indices_are_sorted",
            "offset_dims",
            "operand_batching_dims",
            "start_index_map",
            "start_indices_batching_dims",
        ],
    ),
    ("dynamic_iota_v1", &["iota_dimension"]),
    ("dynamic_pad_v1", &[]),
    ("dynamic_reshape_v1", &[]),
    ("dynamic_slice_v1", &["slice_sizes"]),
    ("dynamic_update_slice_v1", &[]),
    ("einsum_v1", &["einsum_config"]),
    ("exponential_minus_one_v1", &[]),
    ("exponential_minus_one_v2", &["result_accuracy"]),
    ("exponential_v1", &[]),
    ("exponential_v2", &["result_accuracy"]),
    ("fft_v1", &["fft_length", "fft_type"]),
    ("floor_v1", &[]),
    (
        "func_v1",
        &[
            "arg_attrs",
            "function_type",
            "res_attrs",
            "sym_name",
            "sym_visibility",
        ],
    ),
    (
        "gather_v1",
        &[
            "collapsed_slice_dims",
            "index_vector_dim",
            "indices_are_sorted",
            "offset_dims",
            "slice_sizes",
            "start_index_map",
        ],
    ),
    (
        "gather_v2",
        &[
            "collapsed_slice_dims",
            "index_vector_dim",
            "indices_are_sorted",
            "offset_dims",
            "operand_batching_dims",
            "slice_sizes",
            "start_index_map",
            "start_indices_batching_dims",
        ],
    ),
    ("get_dimension_size_v1", &["dimension"]),
    ("get_tuple_element_v1", &["index"]),
    ("if_v1", &[]),
    ("imag_v1", &[]),
    ("infeed_v1", &["infeed_config", "layout"]),
    ("iota_v1", &["iota_dimension"]),
    ("is_finite_v1", &[]),
    ("log_plus_one_v1", &[]),
    ("log_plus_one_v2", &["result_accuracy"]),
    ("logistic_v1", &[]),
    ("logistic_v2", &["result_accuracy"]),
    ("log_v1", &[]),
    ("log_v2", &["result_accuracy"]),
    ("map_v1", &["dimensions"]),
    ("maximum_v1", &[]),
    ("minimum_v1", &[]),
    ("multiply_v1", &[]),
    ("negate_v1", &[]),
    ("not_v1", &[]),
    ("optimization_barrier_v1", &[]),
    ("or_v1", &[]),
    ("outfeed_v1", &["outfeed_config"]),
    (
        "pad_v1",
        &["edge_padding_high", "edge_padding_low", "interior_padding"],
    ),
    ("partition_id_v1", &[]),
    ("popcnt_v1", &[]),
    ("power_v1", &[]),
    ("real_dynamic_slice_v1", &[]),
    ("real_v1", &[]),
    (
        "recv_v1",
        &["channel_id", "channel_type", "is_host_transfer"],
    ),
    (
        "recv_v2",
        &[
            "channel_id",
            "channel_type",
            "is_host_transfer",
            "source_target_pairs",
        ],
    ),
    ("reduce_v1", &["dimensions"]),
    ("reduce_precision_v1", &["exponent_bits", "mantissa_bits"]),
    (
        "reduce_scatter_v1",
        &[
            "channel_id",
            "replica_groups",
            "scatter_dimension",
            "use_global_device_ids",
        ],
    ),
    (
        "reduce_window_v1",
        &[
            "base_dilations",
            "padding",
            "window_dilations",
            "window_dimensions",
            "window_strides",
        ],
    ),
    ("remainder_v1", &[]),
    ("replica_id_v1", &[]),
    ("reshape_v1", &[]),
    ("return_v1", &[]),
    ("reverse_v1", &["dimensions"]),
    ("rng_bit_generator_v1", &["rng_algorithm"]),
    ("rng_v1", &["rng_distribution"]),
    ("round_nearest_even_v1", &[]),
    ("round_nearest_afz_v1", &[]),
    ("rsqrt_v1", &[]),
    ("rsqrt_v2", &["result_accuracy"]),
    (
        "scatter_v1",
        &[
            "index_vector_dim",
            "indices_are_sorted",
            "inserted_window_dims",
            "scatter_dims_to_operand_dims",
            "unique_indices",
            "update_window_dims",
        ],
    ),
    (
        "scatter_v2",
        &[
            "index_vector_dim",
            "indices_are_sorted",
            "input_batching_dims",
            "inserted_window_dims",
            "scatter_dims_to_operand_dims",
            "scatter_indices_batching_dims",
            "unique_indices",
            "update_window_dims",
        ],
    ),
    (
        "select_and_scatter_v1",
        &["padding", "window_dimensions", "window_strides"],
    ),
    ("select_v1", &[]),
    (
        "send_v1",
        &["channel_id", "channel_type", "is_host_transfer"],
    ),
    (
        "send_v2",
        &[
            "channel_id",
            "channel_type",
            "is_host_transfer",
            "source_target_pairs",
        ],
    ),
    ("set_dimension_size_v1", &["dimension"]),
    ("shift_left_v1", &[]),
    ("shift_right_arithmetic_v1", &[]),
    ("shift_right_logical_v1", &[]),
    ("sign_v1", &[]),
    ("sine_v1", &[]),
    ("sine_v2", &["result_accuracy"]),
    ("slice_v1", &["limit_indices", "start_indices", "strides"]),
    ("sort_v1", &["dimension", "is_stable"]),
    ("sqrt_v1", &[]),
    ("sqrt_v2", &["result_accuracy"]),
    ("subtract_v1", &[]),
    ("tan_v1", &[]),
    ("tan_v2", &["result_accuracy"]),
    ("tanh_v1", &[]),
    ("tanh_v2", &["result_accuracy"]),
    ("torch_index_select_v1", &["batch_dims", "dim"]),
    ("transpose_v1", &["permutation"]),
    (
        "triangular_solve_v1",
        &["left_side", "lower", "transpose_a", "unit_diagonal"],
    ),
    ("tuple_v1", &[]),
    ("unary_einsum_v1", &["einsum_config"]),
    ("uniform_dequantize_v1", &[]),
    ("uniform_quantize_v1", &[]),
    ("while_v1", &[]),
    ("xor_v1", &[]),
];

/// A StableHLO version `major.minor.patch`.
pub type Version = (u32, u32, u32);

pub const MIN_VERSION: Version = (0, 9, 0);
pub const MAX_VERSION: Version = (1, 20, 0);

/// The StableHLO version a portable artifact targets, from its producer `StableHLO_vX.Y.Z`.
pub fn producer_version(producer: &str) -> Option<Version> {
    let v = producer.strip_prefix("StableHLO_v")?;
    let mut it = v.split('.').map(|p| p.parse::<u32>().ok());
    let v = (it.next()??, it.next()??, it.next()??);
    if it.next().is_some() {
        return None;
    }
    Some(v)
}

pub fn version_text(v: Option<Version>) -> String {
    match v {
        Some((a, b, c)) => format!("StableHLO version {a}.{b}.{c}"),
        None => "unknown StableHLO version".into(),
    }
}

/// Converts the top-level ops of the IR section into a module.
pub fn convert(
    top: &[GOp],
    version: Option<Version>,
    partitioner: super::Partitioner,
) -> std::result::Result<Module, Diagnostic> {
    let vtext = version_text(version);
    let mut module = Module::default();
    let mut part = spmd::Partitioning::new(&[]);
    let funcs: &[GOp] = match top {
        [m] if m.name == "builtin.module" => {
            part = spmd::Partitioning::new(&m.attrs);
            if let Some((_, a)) = m.attrs.iter().find(|(k, _)| k == "sym_name")
                && let Attr::Str(s) = &**a
            {
                module.name = Some(s.clone());
            }
            match m.regions.first().map(|r| r.blocks.as_slice()) {
                Some([b]) => &b.ops,
                Some([]) | None => &[],
                Some(_) => return Err(op_err(m, "a module with several blocks", &vtext)),
            }
        }
        ops => ops,
    };
    // Meshes first: the entry's partitioning needs them, and it decides how every
    // function reads its sharding constraints.
    for f in funcs {
        if f.name == "sdy.mesh" {
            part.add_mesh(f);
        }
    }
    let is_main = |f: &GOp| {
        f.attrs
            .iter()
            .any(|(k, a)| k == "sym_name" && matches!(&**a, Attr::Str(s) if s == "main"))
    };
    let mut plan = None;
    let mut main_op = None;
    for f in funcs {
        // A Shardy mesh declares device axes for sharding annotations: no computation.
        if f.name == "sdy.mesh" {
            continue;
        }
        if f.name != "vhlo.func_v1" {
            return Err(op_err(
                f,
                &format!("unsupported: {} ({vtext}) at byte {}", f.name, f.offset),
                "",
            ));
        }
        if is_main(f) {
            main_op = Some(f);
            // The entry function of a partitioned program becomes what one device runs.
            if let spmd::PerDevice::Replicate(p) =
                spmd::per_device(f, &part).map_err(|m| op_err(f, &m, &vtext))?
            {
                plan = Some(p);
            }
        }
    }
    for f in funcs {
        if f.name == "sdy.mesh" {
            continue;
        }
        let local = if is_main(f) && plan.is_none() {
            spmd::per_device(f, &part).map_err(|m| op_err(f, &m, &vtext))?
        } else {
            spmd::PerDevice::Same
        };
        let func = match local {
            spmd::PerDevice::Same => FnCx::func(f, &vtext, plan.as_ref())?,
            spmd::PerDevice::Manual(body) => FnCx::func(&body, &vtext, None)?,
            spmd::PerDevice::Replicate(_) => unreachable!("handled with the plan"),
        };
        module.funcs.push(func);
    }
    if let (Some(plan), Some(main_op)) = (plan, main_op) {
        partition_module(&mut module, &plan, partitioner)
            .map_err(|m| op_err(main_op, &m, &vtext))?;
    }
    Ok(module)
}

/// Replaces the module by the per-device program of its entry (calls inlined): the
/// SPMD partitioner's, or the replicating fallback's when the program still has
/// dynamic shapes (the partitioner needs static ones).
fn partition_module(
    module: &mut Module,
    plan: &replicate::Plan,
    partitioner: super::Partitioner,
) -> std::result::Result<(), String> {
    use crate::compiler::passes;
    let render = |d: Diagnostic| d.message;
    passes::verify::verify_module_dynamic(module).map_err(render)?;
    let mut func = passes::inline::inline_entry(module).map_err(render)?;
    let replicate_why = if passes::refine::needs_refinement(&func) {
        Some("dynamic shapes")
    } else if partitioner == super::Partitioner::Replicate {
        Some("asked for")
    } else {
        None
    };
    let report = if let Some(why) = replicate_why {
        partition::strip_markers(&mut func);
        replicate::apply(&mut func, plan)?;
        partition::Report {
            devices: plan.mesh.iter().product(),
            replicated_program: Some(why.into()),
            ..partition::Report::default()
        }
    } else {
        partition::partition(&mut func, plan)?
    };
    module.funcs = vec![func];
    module.partition = Some(report);
    Ok(())
}

/// Sharding annotations are identities on one device: `sdy.sharding_constraint`,
/// `sdy.reshard`, and GSPMD's `custom_call @Sharding` (what `jax.random` emits around
/// keys); so are the type casts around them. Returns `(operand, result type, result)` when `op` is one; the caller checks
/// that the types agree.
fn identity_annotation(op: &GOp) -> Option<(u32, &Ty, u32)> {
    let ([operand], [(ty, result)]) = (op.operands.as_slice(), op.results.as_slice()) else {
        return None;
    };
    let is_annotation = match op.name.as_str() {
        "sdy.sharding_constraint" | "sdy.reshard" => true,
        // The serializer brackets non-VHLO ops (Shardy's) with casts between VHLO and
        // builtin tensor types; both denote the same tensor type here.
        "builtin.unrealized_conversion_cast" => true,
        "vhlo.custom_call_v1" | "vhlo.custom_call_v2" => op.attrs.iter().any(|(k, a)| {
            k == "call_target_name" && matches!(&**a, Attr::Str(s) if s == "Sharding")
        }),
        _ => false,
    };
    is_annotation.then_some((*operand, &**ty, *result))
}

fn loc_of(op: &GOp) -> Loc {
    let mlir = match &*op.loc {
        Attr::Loc(l) => Some(format!("loc({l})")),
        _ => None,
    };
    Loc {
        pos: SourcePos::Byte(op.offset),
        mlir,
    }
}

/// A diagnostic at an op; a message without "at byte" gets the op name and version added.
fn op_err(op: &GOp, msg: &str, vtext: &str) -> Diagnostic {
    let message = if msg.contains(" at byte ") {
        msg.to_string()
    } else {
        format!("{msg}: {} ({vtext}) at byte {}", op.name, op.offset)
    };
    Diagnostic::at(&loc_of(op), message)
}

/// The attributes of one op; tracks which were looked at so unknown ones are reported.
struct OpAttrs<'o> {
    op: &'o GOp,
    used: Vec<bool>,
    vtext: &'o str,
}

type DResult<T> = std::result::Result<T, Diagnostic>;

/// An attribute that annotates an op without changing its value: dialect-prefixed
/// (`mhlo.sharding`) or a layout from XLA's HLO importer.
fn is_discardable(name: &str) -> bool {
    name.contains('.') || matches!(name, "result_layout" | "xla_shape")
}

impl<'o> OpAttrs<'o> {
    fn new(op: &'o GOp, vtext: &'o str) -> Self {
        OpAttrs {
            op,
            used: vec![false; op.attrs.len()],
            vtext,
        }
    }

    fn err(&self, msg: &str) -> Diagnostic {
        op_err(self.op, msg, self.vtext)
    }

    fn opt(&mut self, name: &str) -> Option<Rc<Attr>> {
        let i = self.op.attrs.iter().position(|(k, _)| k == name)?;
        self.used[i] = true;
        Some(self.op.attrs[i].1.clone())
    }

    fn req(&mut self, name: &str) -> DResult<Rc<Attr>> {
        self.opt(name)
            .ok_or_else(|| self.err(&format!("missing attribute '{name}'")))
    }

    /// Attributes known but without meaning for pjrtc's CPU code (precision hints, ...).
    fn ignore(&mut self, names: &[&str]) {
        for n in names {
            self.opt(n);
        }
    }

    /// Rejects attributes the op does not define. Dialect-prefixed names (`mhlo.sharding`)
    /// are discardable annotations and are allowed, as are the physical layouts XLA's HLO
    /// importer leaves on ops PyTorch/XLA sends (`result_layout`, `xla_shape`): pjrtc
    /// picks its own layouts, and the op's value does not depend on them.
    fn check_known(&self) -> DResult<()> {
        let Some(known) = self
            .op
            .name
            .strip_prefix("vhlo.")
            .and_then(|n| OP_ATTRS.iter().find(|(op, _)| *op == n))
            .map(|(_, a)| *a)
        else {
            return Ok(());
        };
        // JAX's `@shape_assertion` custom calls carry their message as an attribute of
        // no dialect; `finish` refuses it on any other custom call.
        let shape_assertion_message =
            |k: &str| k == "error_message" && self.op.name.starts_with("vhlo.custom_call_v");
        for (k, _) in &self.op.attrs {
            if !is_discardable(k) && !known.contains(&k.as_str()) && !shape_assertion_message(k) {
                return Err(self.err(&format!("unsupported: attribute '{k}'")));
            }
        }
        Ok(())
    }

    fn finish(&self) -> DResult<()> {
        for (i, (k, _)) in self.op.attrs.iter().enumerate() {
            if !self.used[i] && !is_discardable(k) {
                return Err(self.err(&format!("unsupported: attribute '{k}'")));
            }
        }
        Ok(())
    }

    fn ints(&mut self, name: &str) -> DResult<Vec<i64>> {
        let a = self.req(name)?;
        ints_of(&a)
            .ok_or_else(|| self.err(&format!("attribute '{name}' is not a list of integers")))
    }

    /// An integer list, or `None` when absent or empty (the op's default applies).
    fn ints_opt(&mut self, name: &str) -> DResult<Option<Vec<i64>>> {
        match self.opt(name) {
            None => Ok(None),
            Some(a) => {
                let v = ints_of(&a).ok_or_else(|| {
                    self.err(&format!("attribute '{name}' is not a list of integers"))
                })?;
                Ok(if v.is_empty() { None } else { Some(v) })
            }
        }
    }

    /// The attributes of `convolution` and `dynamic_conv`; `padding` is read when the op
    /// carries it as an attribute (`dynamic_conv` takes it as an operand: empty here).
    fn conv_attrs(&mut self, padding: bool) -> DResult<ConvAttrs> {
        let input_spatial_dims = self.ints("input_spatial_dimensions")?;
        let n = input_spatial_dims.len();
        Ok(ConvAttrs {
            window_strides: self.ints_opt("window_strides")?.unwrap_or(vec![1; n]),
            padding: if padding {
                self.pairs("padding", n)?
            } else {
                Vec::new()
            },
            lhs_dilation: self.ints_opt("lhs_dilation")?.unwrap_or(vec![1; n]),
            rhs_dilation: self.ints_opt("rhs_dilation")?.unwrap_or(vec![1; n]),
            window_reversal: self
                .ints_opt("window_reversal")?
                .map(|v| v.into_iter().map(|x| x != 0).collect())
                .unwrap_or(vec![false; n]),
            input_batch_dim: self.int("input_batch_dimension")?,
            input_feature_dim: self.int("input_feature_dimension")?,
            input_spatial_dims,
            kernel_input_feature_dim: self.int("kernel_input_feature_dimension")?,
            kernel_output_feature_dim: self.int("kernel_output_feature_dimension")?,
            kernel_spatial_dims: self.ints("kernel_spatial_dimensions")?,
            output_batch_dim: self.int("output_batch_dimension")?,
            output_feature_dim: self.int("output_feature_dimension")?,
            output_spatial_dims: self.ints("output_spatial_dimensions")?,
            feature_group_count: self.int("feature_group_count")?,
            batch_group_count: self.int("batch_group_count")?,
        })
    }

    fn int(&mut self, name: &str) -> DResult<i64> {
        let a = self.req(name)?;
        match &*a {
            Attr::Int { value, .. } => Ok(*value),
            _ => Err(self.err(&format!("attribute '{name}' is not an integer"))),
        }
    }

    fn boolean(&mut self, name: &str, default: bool) -> DResult<bool> {
        match self.opt(name).as_deref() {
            None => Ok(default),
            Some(Attr::Bool(b)) => Ok(*b),
            Some(Attr::Int { value, .. }) => Ok(*value != 0),
            Some(_) => Err(self.err(&format!("attribute '{name}' is not a boolean"))),
        }
    }

    fn enum_value(&mut self, name: &str) -> DResult<Option<u64>> {
        match self.opt(name).as_deref() {
            None => Ok(None),
            Some(Attr::Enum { value, .. }) => Ok(Some(*value)),
            Some(_) => Err(self.err(&format!("attribute '{name}' is not an enum"))),
        }
    }

    fn string(&mut self, name: &str) -> DResult<String> {
        match self.opt(name).as_deref() {
            None => Ok(String::new()),
            Some(Attr::Str(s)) => Ok(s.clone()),
            Some(a) => Ok(attr_text(a)),
        }
    }

    fn pairs(&mut self, name: &str, n: usize) -> DResult<Vec<(i64, i64)>> {
        match self.ints_opt(name)? {
            None => Ok(vec![(0, 0); n]),
            Some(v) if v.len() % 2 == 0 => Ok(v.chunks(2).map(|c| (c[0], c[1])).collect()),
            Some(_) => Err(self.err(&format!("attribute '{name}' is not a list of pairs"))),
        }
    }
}

/// The attributes of a collective op (`base`: its VHLO name without version), as the text
/// front end reads them (`frontend::ops`): groups without XLA's `-1` padding, the channel
/// handle's id, the strategy checked.
fn collective(a: &mut OpAttrs, base: &str) -> DResult<Collective> {
    let kind = match base {
        "all_reduce" => CollectiveKind::AllReduce,
        "all_gather" => CollectiveKind::AllGather {
            dim: a.int("all_gather_dim")?,
        },
        "reduce_scatter" => CollectiveKind::ReduceScatter {
            dim: a.int("scatter_dimension")?,
        },
        "all_to_all" => CollectiveKind::AllToAll {
            split_dimension: a.int("split_dimension")?,
            concat_dimension: a.int("concat_dimension")?,
            split_count: a.int("split_count")?,
        },
        "collective_permute" => CollectiveKind::CollectivePermute,
        "collective_broadcast" => CollectiveKind::CollectiveBroadcast,
        "collective_reduce" => CollectiveKind::CollectiveReduce,
        "replica_id" => CollectiveKind::ReplicaId,
        _ => CollectiveKind::PartitionId,
    };
    if a.boolean("has_dynamic_root", false)? {
        return Err(a.err("unsupported: a collective whose root is chosen at run time"));
    }
    let mut c = Collective::new(kind);
    let key = if kind == CollectiveKind::CollectivePermute {
        "source_target_pairs"
    } else {
        "replica_groups"
    };
    if let Some(g) = a.opt(key) {
        c.groups = groups_of(&g).ok_or_else(|| {
            a.err(&format!(
                "unsupported: attribute '{key}' is not a 2-D tensor of non-negative integers"
            ))
        })?;
    }
    c.channel_id = match a.opt("channel_id").as_deref() {
        None => 0,
        Some(Attr::Int { value, .. }) => *value,
        Some(_) => return Err(a.err("attribute 'channel_id' is not an integer")),
    };
    c.use_global_device_ids = a.boolean("use_global_device_ids", false)?;
    if c.strategy().is_none() {
        return Err(a.err("use_global_device_ids needs a channel_id above 0"));
    }
    Ok(c)
}

/// The rows of a 2-D integer tensor (`replica_groups`, `source_target_pairs`) without the
/// `-1` that pads ragged groups; `None` when it is not one or holds other negatives.
fn groups_of(a: &Attr) -> Option<Vec<Vec<i64>>> {
    let Attr::Elements { ty, .. } = a else {
        return None;
    };
    let Ty::Tensor { shape, .. } = &**ty else {
        return None;
    };
    let [rows, cols] = shape[..] else {
        return None;
    };
    let (rows, cols) = (usize::try_from(rows).ok()?, usize::try_from(cols).ok()?);
    let v = ints_of(a)?;
    if v.len() != rows * cols {
        return None;
    }
    let groups: Vec<Vec<i64>> = (0..rows)
        .map(|r| {
            v[r * cols..(r + 1) * cols]
                .iter()
                .copied()
                .filter(|&x| x != -1)
                .collect()
        })
        .collect();
    groups.iter().flatten().all(|&x| x >= 0).then_some(groups)
}

/// Integers of a dense integer tensor, an array of integers, or a dense array.
fn ints_of(a: &Attr) -> Option<Vec<i64>> {
    match a {
        Attr::Elements { ty, data } => {
            let (shape_n, elem) = match &**ty {
                Ty::Tensor { elem, .. } => (builtin::num_elements(ty)?, elem),
                _ => return None,
            };
            let (width, signed) = match &**elem {
                Ty::Int { width, signedness } => (*width, *signedness != 2),
                Ty::Index => (64, true),
                _ => return None,
            };
            let w = if width == 1 {
                1
            } else {
                width.div_ceil(8) as usize
            };
            if w == 0 || w > 8 {
                return None;
            }
            let get = |i: usize| {
                let mut b = [0u8; 8];
                b[..w].copy_from_slice(&data[i * w..(i + 1) * w]);
                builtin::extend(u64::from_le_bytes(b), width, signed)
            };
            if data.len() == w && shape_n != 1 {
                // A splat dimension list longer than this is corrupt input.
                if shape_n > 1 << 20 {
                    return None;
                }
                Some(vec![get(0); shape_n as usize])
            } else {
                Some((0..data.len() / w).map(get).collect())
            }
        }
        Attr::Array(v) => v
            .iter()
            .map(|x| match &**x {
                Attr::Int { value, .. } => Some(*value),
                Attr::Bool(b) => Some(*b as i64),
                _ => None,
            })
            .collect(),
        Attr::DenseArray { elem, len, data } => {
            let width = builtin::int_width(elem)?;
            let w = if width == 1 {
                1
            } else {
                width.div_ceil(8) as usize
            };
            if w == 0 || w > 8 || (data.len() as u64) != len.checked_mul(w as u64)? {
                return None;
            }
            Some(
                data.chunks(w)
                    .map(|c| {
                        let mut b = [0u8; 8];
                        b[..w].copy_from_slice(c);
                        builtin::extend(u64::from_le_bytes(b), width, true)
                    })
                    .collect(),
            )
        }
        _ => None,
    }
}

/// A custom call attribute as its handler receives it (numbers, strings, dense arrays and
/// elements, dictionaries of those).
fn call_attr(a: &Attr) -> Option<CallAttr> {
    let scalar = |t: &Ty| match t {
        Ty::Index => Some(DType::I64),
        t => dtype_of(t),
    };
    Some(match a {
        Attr::Int { ty, value } => CallAttr::Int(scalar(ty)?, *value),
        Attr::Bool(b) => CallAttr::Int(DType::I1, *b as i64),
        Attr::Float { ty, value } => CallAttr::Float(scalar(ty)?, *value),
        Attr::Str(s) => CallAttr::Str(s.clone()),
        Attr::Dict(items) => CallAttr::Dict(
            items
                .iter()
                .map(|(k, v)| Some((k.clone(), call_attr(v)?)))
                .collect::<Option<_>>()?,
        ),
        Attr::DenseArray { elem, .. } | Attr::Elements { ty: elem, .. } => {
            let d = match &**elem {
                Ty::Tensor { elem, .. } => scalar(elem)?,
                t => scalar(t)?,
            };
            if d.is_int() {
                CallAttr::Ints(d, ints_of(a)?)
            } else if matches!(d, DType::F32 | DType::F64) {
                let (data, n) = match a {
                    Attr::DenseArray { data, len, .. } => (data.as_slice(), *len),
                    Attr::Elements { ty, data } => (&data[..], builtin::num_elements(ty)?),
                    _ => return None,
                };
                let w = d.size();
                let get = |c: &[u8]| {
                    if w == 4 {
                        f32::from_le_bytes(c.try_into().expect("4 bytes")) as f64
                    } else {
                        f64::from_le_bytes(c.try_into().expect("8 bytes"))
                    }
                };
                let vals: Vec<f64> = data.chunks_exact(w).map(get).collect();
                if vals.len() as u64 == n {
                    CallAttr::Floats(d, vals)
                } else if vals.len() == 1 && n <= 1 << 20 {
                    CallAttr::Floats(d, vec![vals[0]; n as usize])
                } else {
                    return None;
                }
            } else {
                return None;
            }
        }
        _ => return None,
    })
}

fn dtype_of(t: &Ty) -> Option<DType> {
    Some(match t {
        Ty::Int {
            width: 1,
            signedness: 0,
        } => DType::I1,
        Ty::Int {
            width,
            signedness: 0 | 1,
        } => match width {
            2 => DType::I2,
            4 => DType::I4,
            8 => DType::I8,
            16 => DType::I16,
            32 => DType::I32,
            64 => DType::I64,
            _ => return None,
        },
        Ty::Int { width, .. } => match width {
            2 => DType::U2,
            4 => DType::U4,
            8 => DType::U8,
            16 => DType::U16,
            32 => DType::U32,
            64 => DType::U64,
            _ => return None,
        },
        Ty::BF16 => DType::BF16,
        Ty::F16 => DType::F16,
        Ty::F32 => DType::F32,
        Ty::F64 => DType::F64,
        Ty::Complex(part) => match **part {
            Ty::F32 => DType::C64,
            Ty::F64 => DType::C128,
            _ => return None,
        },
        t => return builtin::minifloat_dtype(t),
    })
}

fn tensor_type(t: &Ty) -> std::result::Result<TensorType, String> {
    match t {
        Ty::Tensor {
            shape,
            elem,
            encoded,
        } => {
            // A dynamic dimension is negative (MLIR's kDynamic); an encoding is the bounds
            // of dynamic dimensions, which refinement does not need.
            let _ = encoded;
            let shape: Vec<i64> = shape
                .iter()
                .map(|&d| if d < 0 { crate::compiler::ir::DYN } else { d })
                .collect();
            let shape = &shape;
            if let Ty::Quant(q) = &**elem {
                q.check_for_shape(shape).map_err(|m| {
                    format!("invalid quantized type {}: {m}", builtin::type_text(t))
                })?;
                return Ok(TensorType::quantized(shape.clone(), (**q).clone()));
            }
            let dtype = dtype_of(elem)
                .ok_or_else(|| format!("unsupported: element type {}", builtin::type_text(elem)))?;
            Ok(TensorType::new(dtype, shape.clone()))
        }
        other => Err(format!("unsupported: type {}", builtin::type_text(other))),
    }
}

fn literal(a: &Attr) -> std::result::Result<Literal, String> {
    let Attr::Elements { ty, data } = a else {
        return Err("constant value is not dense elements".into());
    };
    // A quantized constant holds storage integers.
    let tt = tensor_type(ty)?.storage();
    let w = tt.dtype.size() as u64;
    // Sub-byte integers and floats: one byte per element; keep only the value bits (the
    // canonical form). Other constants share the attribute's bytes: weights are not
    // copied again.
    let data = if tt.dtype.bits() < 8 && tt.dtype != DType::I1 {
        let mask = ((1u16 << tt.dtype.bits()) - 1) as u8;
        LitBytes::from(data.iter().map(|&b| b & mask).collect::<Vec<u8>>())
    } else {
        data.clone()
    };
    let n = builtin::num_elements(ty).ok_or("bad constant shape")?;
    let total = n.checked_mul(w).ok_or("constant too large")?;
    if data.len() as u64 == total {
        return Ok(Literal {
            ty: tt,
            bytes: data,
        });
    }
    if data.len() as u64 == w {
        if total > MAX_LITERAL_BYTES {
            return Err(format!("constant of {total} bytes is too large"));
        }
        return Ok(Literal::splat(tt, &data));
    }
    Err("constant data does not match its type".into())
}

/// Converts a generic attribute to an IR attribute within a node budget.
fn ir_attr(a: &Attr, budget: &mut usize) -> ir::Attr {
    if *budget == 0 {
        return ir::Attr::Other("...".into());
    }
    *budget -= 1;
    match a {
        Attr::Unit => ir::Attr::Unit,
        Attr::Bool(b) => ir::Attr::Bool(*b),
        Attr::Int { value, ty } => match &**ty {
            Ty::Int { width: 1, .. } => ir::Attr::Bool(*value != 0),
            _ => ir::Attr::Int(*value),
        },
        Attr::Float { value, .. } => ir::Attr::Float(*value),
        Attr::Str(s) => ir::Attr::String(s.clone()),
        Attr::Array(v) => ir::Attr::Array(v.iter().map(|x| ir_attr(x, budget)).collect()),
        Attr::Dict(d) => ir::Attr::Dict(
            d.iter()
                .map(|(k, v)| (k.clone(), ir_attr(v, budget)))
                .collect(),
        ),
        other => ir::Attr::Other(attr_text(other)),
    }
}

fn attr_dicts(a: Option<Rc<Attr>>, n: usize) -> Vec<Vec<(String, ir::Attr)>> {
    let mut budget = ATTR_BUDGET;
    let mut out: Vec<Vec<(String, ir::Attr)>> = match a.as_deref() {
        Some(Attr::Array(v)) => v
            .iter()
            .map(|d| match ir_attr(d, &mut budget) {
                ir::Attr::Dict(d) => d,
                _ => Vec::new(),
            })
            .collect(),
        _ => Vec::new(),
    };
    out.resize(n, Vec::new());
    out
}

/// Conversion state of one function: its value table and the file value -> IR value map.
struct FnCx<'v> {
    func: Func,
    map: HashMap<u32, ValueId>,
    vtext: &'v str,
    /// The partitioning of a sharded `jit`: sharding constraints become
    /// [`partition::MARKER`] calls for the partitioner.
    plan: Option<&'v replicate::Plan>,
}

impl<'v> FnCx<'v> {
    fn func(op: &GOp, vtext: &'v str, plan: Option<&'v replicate::Plan>) -> DResult<Func> {
        let mut a = OpAttrs::new(op, vtext);
        a.check_known()?;
        let name = match a.req("sym_name")?.as_ref() {
            Attr::Str(s) => s.clone(),
            _ => return Err(a.err("sym_name is not a string")),
        };
        let fty = a.req("function_type")?;
        let (inputs, results) = match &*fty {
            Attr::Type(t) => match &**t {
                Ty::Func { inputs, results } => (inputs.clone(), results.clone()),
                _ => return Err(a.err("function_type is not a function type")),
            },
            _ => return Err(a.err("function_type is not a type")),
        };
        let public = match a.opt("sym_visibility").as_deref() {
            None => true,
            Some(Attr::Str(s)) => s == "public",
            Some(_) => return Err(a.err("sym_visibility is not a string")),
        };
        let arg_attrs = attr_dicts(a.opt("arg_attrs"), inputs.len());
        let result_attrs = attr_dicts(a.opt("res_attrs"), results.len());
        a.finish()?;
        let mut result_types = Vec::new();
        for t in &results {
            result_types.push(tensor_type(t).map_err(|m| a.err(&m))?);
        }
        let mut cx = FnCx {
            func: Func {
                name,
                public,
                values: Vec::new(),
                body: Region::default(),
                result_types,
                arg_attrs,
                result_attrs,
                loc: loc_of(op),
                valid_extents: Default::default(),
            },
            map: HashMap::new(),
            vtext,
            plan,
        };
        let body = match op.regions.as_slice() {
            [r] => cx.region(op, r)?,
            _ => return Err(a.err("function without a body")),
        };
        if body.args.len() != inputs.len() {
            return Err(a.err("function arguments do not match its type"));
        }
        cx.func.body = body;
        Ok(cx.func)
    }

    fn value(&self, op: &GOp, v: u32) -> DResult<ValueId> {
        self.map
            .get(&v)
            .copied()
            .ok_or_else(|| op_err(op, "operand defined outside the function", self.vtext))
    }

    fn define(&mut self, op: &GOp, ty: &Ty, v: u32) -> DResult<ValueId> {
        let tt = tensor_type(ty).map_err(|m| op_err(op, &m, self.vtext))?;
        let id = self.func.new_value(tt);
        self.map.insert(v, id);
        Ok(id)
    }

    /// A single-block region whose last op is `vhlo.return_v1`.
    fn region(&mut self, owner: &GOp, r: &GRegion) -> DResult<Region> {
        let [block] = r.blocks.as_slice() else {
            return Err(op_err(
                owner,
                "unsupported: a region without exactly one block",
                self.vtext,
            ));
        };
        let mut out = Region::default();
        for (t, v) in &block.args {
            out.args.push(self.define(owner, t, *v)?);
        }
        let Some((term, body)) = block.ops.split_last() else {
            return Err(op_err(owner, "a region without a terminator", self.vtext));
        };
        for op in body {
            if let Some((operand, ty, result)) = identity_annotation(op) {
                let v = self.value(op, operand)?;
                if let Some(plan) = self.plan
                    && matches!(op.name.as_str(), "sdy.sharding_constraint" | "sdy.reshard")
                    && let Some(split) = spmd::constraint_split(op, plan)
                    && split.len() == self.func.ty(v).rank()
                {
                    let ty = self.func.ty(v).clone();
                    let r = self.func.new_value(ty);
                    self.map.insert(result, r);
                    out.ops.push(ir::Op {
                        opcode: Opcode::CustomCall {
                            target: partition::MARKER.into(),
                            has_side_effect: false,
                            backend_config: partition::encode(&split),
                            api_version: 4,
                            config: Vec::new(),
                        },
                        operands: vec![v],
                        results: vec![r],
                        regions: Vec::new(),
                        loc: loc_of(op),
                    });
                    continue;
                }
                if tensor_type(ty).ok().as_ref() == Some(self.func.ty(v)) {
                    self.map.insert(result, v);
                    continue;
                }
            }
            if self.expand_chlo_composite(op, &mut out.ops)?
                || self.expand_batch_norm(op, &mut out.ops)?
            {
                continue;
            }
            out.ops.push(self.op(op)?);
        }
        if term.name != "vhlo.return_v1" {
            return Err(op_err(
                term,
                "expected vhlo.return_v1 to end the region",
                self.vtext,
            ));
        }
        OpAttrs::new(term, self.vtext).finish()?;
        for &v in &term.operands {
            out.yields.push(self.value(term, v)?);
        }
        out.yield_loc = loc_of(term);
        Ok(out)
    }

    /// `batch_norm_inference` / `batch_norm_training` (PyTorch/XLA sends them): appends
    /// their expansion, the one the text and HLO front ends make too. False for other ops.
    fn expand_batch_norm(&mut self, op: &GOp, ops: &mut Vec<ir::Op>) -> DResult<bool> {
        if !matches!(
            op.name.as_str(),
            "vhlo.batch_norm_inference_v1" | "vhlo.batch_norm_training_v1"
        ) {
            return Ok(false);
        }
        let mut a = OpAttrs::new(op, self.vtext);
        a.check_known()?;
        let epsilon = match a.opt("epsilon").as_deref() {
            Some(Attr::Float { value, .. }) => *value,
            Some(_) => return Err(a.err("attribute 'epsilon' is not a float")),
            None => return Err(a.err("missing attribute 'epsilon'")),
        };
        let feature_index = a.int("feature_index")?;
        a.finish()?;
        let chlo_op =
            ChloOp::batch_norm(&op.name, epsilon, feature_index).expect("a batch-norm op name");
        let name = op.name.trim_start_matches("vhlo.").trim_end_matches("_v1");
        self.append_expansion(op, ops, name, &chlo_op)?;
        Ok(true)
    }

    /// Appends the expansion of `chlo_op` (named `name`) over `op`'s operands, with
    /// `op`'s result types, and maps `op`'s results to it.
    fn append_expansion(
        &mut self,
        op: &GOp,
        ops: &mut Vec<ir::Op>,
        name: &str,
        chlo_op: &ChloOp,
    ) -> DResult<()> {
        let operands = op
            .operands
            .iter()
            .map(|&v| self.value(op, v))
            .collect::<DResult<Vec<_>>>()?;
        let mut result_types = Vec::with_capacity(op.results.len());
        for (t, _) in &op.results {
            result_types.push(tensor_type(t).map_err(|m| op_err(op, &m, self.vtext))?);
        }
        let results = {
            let mut b = Builder::new(&mut self.func.values, ops, loc_of(op));
            chlo::expand(&mut b, name, chlo_op, &operands, &result_types, Vec::new())?
        };
        for ((_, v), id) in op.results.iter().zip(results) {
            self.map.insert(*v, id);
        }
        Ok(())
    }

    /// A `composite "chlo.<op>"` (how JAX sends erf, top_k, asin, ...): appends the
    /// expansion of that CHLO op (the one the text front end makes of `chlo.<op>`) and
    /// maps the results to it. False for other composites, which call their decomposition.
    fn expand_chlo_composite(&mut self, op: &GOp, ops: &mut Vec<ir::Op>) -> DResult<bool> {
        if !matches!(op.name.as_str(), "vhlo.composite_v1" | "vhlo.composite_v2") {
            return Ok(false);
        }
        let attr = |name: &str| op.attrs.iter().find(|(k, _)| k == name).map(|(_, a)| a);
        let Some(Attr::Str(name)) = attr("name").map(|a| &**a) else {
            return Ok(false);
        };
        let composite: Vec<(String, CompositeAttr)> = match attr("composite_attributes") {
            None => Vec::new(),
            Some(a) => match &**a {
                Attr::Dict(items) => items
                    .iter()
                    .map(|(k, v)| {
                        let v = match &**v {
                            Attr::Int { value, .. } => CompositeAttr::Int(*value),
                            Attr::Bool(b) => CompositeAttr::Bool(*b),
                            _ => CompositeAttr::Other,
                        };
                        (k.clone(), v)
                    })
                    .collect(),
                _ => return Ok(false),
            },
        };
        let Some(chlo_op) = ChloOp::from_composite(name, &composite) else {
            return Ok(false);
        };
        self.append_expansion(op, ops, name, &chlo_op)?;
        Ok(true)
    }

    fn op(&mut self, op: &GOp) -> DResult<ir::Op> {
        let vtext = self.vtext;
        let mut a = OpAttrs::new(op, vtext);
        a.check_known()?;
        let mut operands = op
            .operands
            .iter()
            .map(|&v| self.value(op, v))
            .collect::<DResult<Vec<_>>>()?;
        let base = op
            .name
            .strip_prefix("vhlo.")
            .and_then(|n| n.rsplit_once("_v"));
        // Tokens are constants (empty tensors): what they join does not matter.
        if matches!(base, Some(("after_all" | "create_token", "1"))) {
            operands.clear();
        }
        let unsupported = || {
            let note = base.map_or("", |(b, _)| {
                crate::compiler::frontend::ops::cross_device_note(b)
            });
            op_err(
                op,
                &format!(
                    "unsupported: {} ({vtext}) at byte {}{note}",
                    op.name, op.offset
                ),
                vtext,
            )
        };
        let Some((base, ver)) = base else {
            return Err(unsupported());
        };
        let ver: u32 = ver.parse().map_err(|_| unsupported())?;
        // Elementwise math ops gained a `result_accuracy` attribute in v2; pjrtc's
        // implementations are accurate, so the requested mode is not needed.
        let unary = |u| Some(Opcode::Unary(u));
        let binary = |b| Some(Opcode::Binary(b));
        use BinaryOp as B;
        use UnaryOp as U;
        let simple = match (base, ver) {
            ("abs", 1) => unary(U::Abs),
            ("negate", 1) => unary(U::Neg),
            ("sqrt", 1 | 2) => unary(U::Sqrt),
            ("rsqrt", 1 | 2) => unary(U::Rsqrt),
            ("cbrt", 1 | 2) => unary(U::Cbrt),
            ("exponential", 1 | 2) => unary(U::Exp),
            ("exponential_minus_one", 1 | 2) => unary(U::Expm1),
            ("log", 1 | 2) => unary(U::Log),
            ("log_plus_one", 1 | 2) => unary(U::Log1p),
            ("logistic", 1 | 2) => unary(U::Logistic),
            ("tanh", 1 | 2) => unary(U::Tanh),
            ("sine", 1 | 2) => unary(U::Sin),
            ("cosine", 1 | 2) => unary(U::Cos),
            ("tan", 1 | 2) => unary(U::Tan),
            ("floor", 1) => unary(U::Floor),
            ("ceil", 1) => unary(U::Ceil),
            ("round_nearest_afz", 1) => unary(U::RoundNearestAfz),
            ("round_nearest_even", 1) => unary(U::RoundNearestEven),
            ("sign", 1) => unary(U::Sign),
            ("not", 1) => unary(U::Not),
            ("popcnt", 1) => unary(U::PopCnt),
            ("count_leading_zeros", 1) => unary(U::CountLeadingZeros),
            ("is_finite", 1) => unary(U::IsFinite),
            ("add", 1) => binary(B::Add),
            ("subtract", 1) => binary(B::Sub),
            ("multiply", 1) => binary(B::Mul),
            ("divide", 1) => binary(B::Div),
            ("remainder", 1) => binary(B::Rem),
            ("power", 1) => binary(B::Pow),
            ("maximum", 1) => binary(B::Max),
            ("minimum", 1) => binary(B::Min),
            ("and", 1) => binary(B::And),
            ("or", 1) => binary(B::Or),
            ("xor", 1) => binary(B::Xor),
            ("shift_left", 1) => binary(B::ShiftLeft),
            ("shift_right_arithmetic", 1) => binary(B::ShiftRightArithmetic),
            ("shift_right_logical", 1) => binary(B::ShiftRightLogical),
            ("atan2", 1) => binary(B::Atan2),
            ("select", 1) => Some(Opcode::Select),
            ("clamp", 1) => Some(Opcode::Clamp),
            ("convert", 1) => Some(Opcode::Convert),
            ("bitcast_convert", 1) => Some(Opcode::BitcastConvert),
            ("uniform_quantize", 1) => Some(Opcode::UniformQuantize),
            ("uniform_dequantize", 1) => Some(Opcode::UniformDequantize),
            ("real", 1) => Some(Opcode::Real),
            ("imag", 1) => Some(Opcode::Imag),
            ("complex", 1) => Some(Opcode::Complex),
            ("reshape", 1) => Some(Opcode::Reshape),
            ("dynamic_update_slice", 1) => Some(Opcode::DynamicUpdateSlice),
            ("while", 1) => Some(Opcode::While),
            ("if", 1) => Some(Opcode::If),
            ("case", 1) => Some(Opcode::Case),
            ("optimization_barrier", 1) => Some(Opcode::OptimizationBarrier),
            _ => None,
        };
        let opcode = if let Some(oc) = simple {
            a.ignore(&["result_accuracy"]);
            oc
        } else {
            match (base, ver) {
                ("constant", 1) => {
                    let v = a.req("value")?;
                    Opcode::Constant(literal(&v).map_err(|m| a.err(&m))?)
                }
                ("after_all" | "create_token", 1) => {
                    Opcode::Constant(crate::compiler::frontend::ops::token())
                }
                ("iota", 1) => Opcode::Iota {
                    dimension: a.int("iota_dimension")?,
                },
                ("compare", 1) => {
                    let d = a.enum_value("comparison_direction")?;
                    let direction = match d {
                        Some(0) => CompareDirection::Eq,
                        Some(1) => CompareDirection::Ne,
                        Some(2) => CompareDirection::Ge,
                        Some(3) => CompareDirection::Gt,
                        Some(4) => CompareDirection::Le,
                        Some(5) => CompareDirection::Lt,
                        _ => return Err(a.err("bad comparison_direction")),
                    };
                    let compare_type = match a.enum_value("compare_type")? {
                        None | Some(0) => None,
                        Some(1) => Some(CompareType::Float),
                        Some(2) => Some(CompareType::TotalOrder),
                        Some(3) => Some(CompareType::Signed),
                        Some(4) => Some(CompareType::Unsigned),
                        Some(_) => return Err(a.err("bad compare_type")),
                    };
                    Opcode::Compare {
                        direction,
                        compare_type,
                    }
                }
                ("reduce_precision", 1) => Opcode::ReducePrecision {
                    exponent_bits: a.int("exponent_bits")? as i32,
                    mantissa_bits: a.int("mantissa_bits")? as i32,
                },
                ("broadcast_in_dim", 1) => Opcode::BroadcastInDim {
                    broadcast_dimensions: a.ints("broadcast_dimensions")?,
                },
                ("broadcast", 1) => {
                    // `broadcast` prepends `broadcast_sizes` dimensions to the operand.
                    let k = a.ints("broadcast_sizes")?.len() as i64;
                    let rank = self.rank_of_operand(op, 0)?;
                    Opcode::BroadcastInDim {
                        broadcast_dimensions: (k..k + rank).collect(),
                    }
                }
                ("transpose", 1) => Opcode::Transpose {
                    permutation: a.ints("permutation")?,
                },
                ("slice", 1) => Opcode::Slice {
                    start: a.ints("start_indices")?,
                    limit: a.ints("limit_indices")?,
                    strides: a.ints("strides")?,
                },
                ("concatenate", 1) => Opcode::Concatenate {
                    dimension: a.int("dimension")?,
                },
                ("pad", 1) => Opcode::Pad {
                    low: a.ints("edge_padding_low")?,
                    high: a.ints("edge_padding_high")?,
                    interior: a.ints("interior_padding")?,
                },
                ("reverse", 1) => Opcode::Reverse {
                    dimensions: a.ints("dimensions")?,
                },
                ("dynamic_slice", 1) => Opcode::DynamicSlice {
                    slice_sizes: a.ints("slice_sizes")?,
                },
                ("reduce", 1) => Opcode::Reduce {
                    dimensions: a.ints("dimensions")?,
                },
                ("reduce_window", 1) => {
                    let window_dimensions = a.ints("window_dimensions")?;
                    let n = window_dimensions.len();
                    Opcode::ReduceWindow(Box::new(WindowAttrs {
                        window_strides: a.ints_opt("window_strides")?.unwrap_or(vec![1; n]),
                        base_dilations: a.ints_opt("base_dilations")?.unwrap_or(vec![1; n]),
                        window_dilations: a.ints_opt("window_dilations")?.unwrap_or(vec![1; n]),
                        padding: a.pairs("padding", n)?,
                        window_dimensions,
                    }))
                }
                ("select_and_scatter", 1) => {
                    let window_dimensions = a.ints("window_dimensions")?;
                    let n = window_dimensions.len();
                    Opcode::SelectAndScatter {
                        window_strides: a.ints_opt("window_strides")?.unwrap_or(vec![1; n]),
                        padding: a.pairs("padding", n)?,
                        window_dimensions,
                    }
                }
                ("dot_general", 1 | 2) => {
                    a.ignore(&[
                        "precision_config",
                        "lhs_precision_type",
                        "rhs_precision_type",
                        "accumulation_type",
                        "lhs_component_count",
                        "rhs_component_count",
                        "num_primitive_operations",
                        "allow_imprecise_accumulation",
                    ]);
                    Opcode::DotGeneral(Box::new(DotDims {
                        lhs_batch: a.ints("lhs_batching_dimensions")?,
                        rhs_batch: a.ints("rhs_batching_dimensions")?,
                        lhs_contracting: a.ints("lhs_contracting_dimensions")?,
                        rhs_contracting: a.ints("rhs_contracting_dimensions")?,
                    }))
                }
                ("dot", 1) => {
                    a.ignore(&["precision_config"]);
                    let lr = self.rank_of_operand(op, 0)?;
                    Opcode::DotGeneral(Box::new(DotDims {
                        lhs_contracting: vec![lr - 1],
                        rhs_contracting: vec![0],
                        ..DotDims::default()
                    }))
                }
                ("convolution", 1) => {
                    a.ignore(&["precision_config"]);
                    Opcode::Convolution(Box::new(a.conv_attrs(true)?))
                }
                ("gather", 1 | 2) => Opcode::Gather(Box::new(GatherAttrs {
                    offset_dims: a.ints("offset_dims")?,
                    collapsed_slice_dims: a.ints("collapsed_slice_dims")?,
                    operand_batching_dims: a.ints_opt("operand_batching_dims")?.unwrap_or_default(),
                    start_indices_batching_dims: a
                        .ints_opt("start_indices_batching_dims")?
                        .unwrap_or_default(),
                    start_index_map: a.ints("start_index_map")?,
                    index_vector_dim: a.int("index_vector_dim")?,
                    slice_sizes: a.ints("slice_sizes")?,
                    indices_are_sorted: a.boolean("indices_are_sorted", false)?,
                })),
                ("scatter", 1 | 2) => Opcode::Scatter(Box::new(ScatterAttrs {
                    update_window_dims: a.ints("update_window_dims")?,
                    inserted_window_dims: a.ints("inserted_window_dims")?,
                    input_batching_dims: a.ints_opt("input_batching_dims")?.unwrap_or_default(),
                    scatter_indices_batching_dims: a
                        .ints_opt("scatter_indices_batching_dims")?
                        .unwrap_or_default(),
                    scatter_dims_to_operand_dims: a.ints("scatter_dims_to_operand_dims")?,
                    index_vector_dim: a.int("index_vector_dim")?,
                    indices_are_sorted: a.boolean("indices_are_sorted", false)?,
                    unique_indices: a.boolean("unique_indices", false)?,
                })),
                ("sort", 1) => Opcode::Sort {
                    dimension: a.int("dimension")?,
                    is_stable: a.boolean("is_stable", false)?,
                },
                // A composite is its decomposition (e.g. `chlo.erf` as JAX sends it).
                ("composite", 1 | 2) => {
                    a.ignore(&["composite_attributes", "name", "version"]);
                    let callee = match a.req("decomposition")?.as_ref() {
                        Attr::Str(s) | Attr::SymRef(s) => s.clone(),
                        _ => return Err(a.err("decomposition is not a symbol")),
                    };
                    Opcode::Call { callee }
                }
                ("call", 1) => {
                    let callee = match a.req("callee")?.as_ref() {
                        Attr::Str(s) | Attr::SymRef(s) => s.clone(),
                        _ => return Err(a.err("callee is not a symbol")),
                    };
                    Opcode::Call { callee }
                }
                ("rng_bit_generator", 1) => Opcode::RngBitGenerator {
                    algorithm: match a.enum_value("rng_algorithm")? {
                        None | Some(0) => RngAlgorithm::Default,
                        Some(1) => RngAlgorithm::ThreeFry,
                        Some(2) => RngAlgorithm::Philox,
                        Some(_) => return Err(a.err("bad rng_algorithm")),
                    },
                },
                ("triangular_solve", 1) => Opcode::TriangularSolve {
                    left_side: a.boolean("left_side", false)?,
                    lower: a.boolean("lower", false)?,
                    unit_diagonal: a.boolean("unit_diagonal", false)?,
                    transpose_a: match a.enum_value("transpose_a")? {
                        None | Some(1) => Transpose::NoTranspose,
                        Some(2) => Transpose::Transpose,
                        Some(3) => Transpose::Adjoint,
                        Some(_) => return Err(a.err("bad transpose_a")),
                    },
                },
                ("cholesky", 1) => Opcode::Cholesky {
                    lower: a.boolean("lower", false)?,
                },
                ("fft", 1) => Opcode::Fft {
                    kind: match a.enum_value("fft_type")? {
                        Some(0) => FftType::Fft,
                        Some(1) => FftType::Ifft,
                        Some(2) => FftType::Rfft,
                        Some(3) => FftType::Irfft,
                        _ => return Err(a.err("bad fft_type")),
                    },
                    lengths: a.ints("fft_length")?,
                    packed: false,
                },
                ("custom_call", 1 | 2)
                    if a.string("call_target_name").is_ok_and(|t| {
                        t == "shape_assertion" || t.contains("\"shape_assertion\"")
                    }) =>
                {
                    a.ignore(&[
                        "api_version",
                        "has_side_effect",
                        "backend_config",
                        "called_computations",
                        "operand_layouts",
                        "result_layouts",
                        "output_operand_aliases",
                    ]);
                    // The string itself, also where it comes as attribute text
                    // (`"..."`, or wrapped in a VHLO attribute).
                    let message = a.string("error_message")?;
                    let message = match (message.find('"'), message.rfind('"')) {
                        (Some(b), Some(e)) if b < e => message[b + 1..e].to_string(),
                        _ => message,
                    };
                    Opcode::Dynamic(DynOp::ShapeAssertion { message })
                }
                ("dynamic_broadcast_in_dim", 1) => {
                    a.ignore(&[
                        "known_expanding_dimensions",
                        "known_nonexpanding_dimensions",
                    ]);
                    Opcode::Dynamic(DynOp::BroadcastInDim {
                        broadcast_dimensions: a.ints("broadcast_dimensions")?,
                    })
                }
                ("dynamic_reshape", 1) => Opcode::Dynamic(DynOp::Reshape),
                ("dynamic_iota", 1) => Opcode::Dynamic(DynOp::Iota {
                    dimension: a.int("iota_dimension")?,
                }),
                ("get_dimension_size", 1) => Opcode::Dynamic(DynOp::GetDimensionSize {
                    dimension: a.int("dimension")?,
                }),
                ("set_dimension_size", 1) => Opcode::Dynamic(DynOp::SetDimensionSize {
                    dimension: a.int("dimension")?,
                }),
                ("real_dynamic_slice", 1) => Opcode::Dynamic(DynOp::Slice),
                ("dynamic_pad", 1) => Opcode::Dynamic(DynOp::Pad),
                ("dynamic_gather", 1 | 2) => {
                    Opcode::Dynamic(DynOp::Gather(Box::new(GatherAttrs {
                        offset_dims: a.ints("offset_dims")?,
                        collapsed_slice_dims: a.ints("collapsed_slice_dims")?,
                        operand_batching_dims: a
                            .ints_opt("operand_batching_dims")?
                            .unwrap_or_default(),
                        start_indices_batching_dims: a
                            .ints_opt("start_indices_batching_dims")?
                            .unwrap_or_default(),
                        start_index_map: a.ints("start_index_map")?,
                        index_vector_dim: a.int("index_vector_dim")?,
                        slice_sizes: Vec::new(),
                        indices_are_sorted: a.boolean("indices_are_sorted", false)?,
                    })))
                }
                ("dynamic_conv", 1 | 2) => {
                    // The padding is the third operand.
                    a.ignore(&["precision_config", "padding"]);
                    Opcode::Dynamic(DynOp::Conv(Box::new(a.conv_attrs(false)?)))
                }
                ("custom_call", 1 | 2)
                    if a.string("call_target_name").is_ok_and(|t| {
                        let want = DynOp::REDUCE_WINDOW_TARGET;
                        t == want || t.contains(&format!("\"{want}\""))
                    }) =>
                {
                    a.ignore(&[
                        "api_version",
                        "has_side_effect",
                        "backend_config",
                        "operand_layouts",
                        "result_layouts",
                        "output_operand_aliases",
                        "result_tilings",
                    ]);
                    let body = match a.req("called_computations")?.as_ref() {
                        Attr::Array(items) => match items.as_slice() {
                            [s] => match s.as_ref() {
                                Attr::Str(s) | Attr::SymRef(s) => s.clone(),
                                _ => return Err(a.err("called_computations is not a symbol")),
                            },
                            _ => return Err(a.err("called_computations must name one function")),
                        },
                        _ => return Err(a.err("called_computations is not an array")),
                    };
                    Opcode::Dynamic(DynOp::ReduceWindow { body })
                }
                ("custom_call", 1 | 2) => {
                    a.ignore(&[
                        "called_computations",
                        "operand_layouts",
                        "result_layouts",
                        "output_operand_aliases",
                        "result_tilings",
                    ]);
                    let api_version = match a.opt("api_version").as_deref() {
                        None => 1,
                        Some(Attr::Enum { value, .. }) => *value as i32,
                        Some(Attr::Int { value, .. }) => *value as i32,
                        Some(_) => return Err(a.err("attribute 'api_version' is not an enum")),
                    };
                    // Handler attributes: `mhlo.backend_config` (jax.ffi) or a dictionary
                    // `backend_config`.
                    let dict = a
                        .opt("mhlo.backend_config")
                        .filter(|d| matches!(**d, Attr::Dict(_)))
                        .or_else(|| {
                            a.opt("backend_config")
                                .filter(|d| matches!(**d, Attr::Dict(_)))
                        });
                    // XLA reads a dictionary `mhlo.backend_config` as the typed FFI
                    // (api version 4), whatever `api_version` says (JAX's say 1).
                    let api_version = if dict.is_some() {
                        api_version.max(4)
                    } else {
                        api_version
                    };
                    let config = match dict.as_deref() {
                        Some(Attr::Dict(items)) => items
                            .iter()
                            .map(|(k, v)| Some((k.clone(), call_attr(v)?)))
                            .collect::<Option<Vec<_>>>()
                            .ok_or_else(|| {
                                a.err("unsupported: a custom call attribute without an FFI form")
                            })?,
                        _ => Vec::new(),
                    };
                    let backend_config = match a.opt("backend_config").as_deref() {
                        Some(Attr::Str(s)) => s.clone(),
                        _ => String::new(),
                    };
                    Opcode::CustomCall {
                        target: a.string("call_target_name")?,
                        has_side_effect: a.boolean("has_side_effect", false)?,
                        backend_config,
                        api_version,
                        config,
                    }
                }
                ("all_reduce" | "all_gather" | "all_to_all" | "collective_broadcast", 1 | 2)
                | (
                    "reduce_scatter" | "collective_permute" | "collective_reduce" | "replica_id"
                    | "partition_id",
                    1,
                ) => Opcode::Collective(collective(&mut a, base)?),
                _ => return Err(unsupported()),
            }
        };
        a.finish()?;
        let mut regions = Vec::with_capacity(op.regions.len());
        for r in &op.regions {
            regions.push(self.region(op, r)?);
        }
        let mut results = Vec::with_capacity(op.results.len());
        for (t, v) in &op.results {
            results.push(self.define(op, t, *v)?);
        }
        let (mut opcode, mut operands) = (opcode, operands);
        let result_types: Vec<TensorType> =
            results.iter().map(|&r| self.func.ty(r).clone()).collect();
        crate::compiler::frontend::ops::static_form(
            &mut opcode,
            &mut operands,
            &result_types,
            &self.func.values,
        );
        Ok(ir::Op {
            opcode,
            operands,
            results,
            regions,
            loc: loc_of(op),
        })
    }

    fn rank_of_operand(&self, op: &GOp, i: usize) -> DResult<i64> {
        let v = op
            .operands
            .get(i)
            .ok_or_else(|| op_err(op, "missing operand", self.vtext))?;
        let id = self.value(op, *v)?;
        Ok(self.func.ty(id).rank() as i64)
    }
}
