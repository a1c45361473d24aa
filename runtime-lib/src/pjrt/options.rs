//! The few fields of `xla.CompileOptionsProto` pjrtc needs: replica and partition counts and
//! the device assignment. Hand-decoded protobuf wire format (no protoc, no generated code);
//! every other field is skipped.
//!
//! Field numbers (xla/pjrt/proto/compile_options.proto, xla/xla.proto, xla/xla_data.proto):
//! CompileOptionsProto.executable_build_options = 3; ExecutableBuildOptionsProto
//! {num_replicas = 4, num_partitions = 5, device_assignment = 9}; DeviceAssignmentProto
//! {replica_count = 1, computation_count = 2, computation_devices = 3}; ComputationDevice
//! {replica_device_ids = 1}.

use super::error::{PjrtError, Result};

/// Where the copies of a program run: `devices[r * partitions + p]` runs replica `r`,
/// partition `p` (the order of XLA's addressable devices).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    pub replicas: usize,
    pub partitions: usize,
    /// Device ids, `replicas * partitions` of them.
    pub devices: Vec<i32>,
}

impl Placement {
    /// One replica, one partition, on device 0.
    pub fn single() -> Placement {
        Placement {
            replicas: 1,
            partitions: 1,
            devices: vec![0],
        }
    }

    /// Reads a serialized CompileOptionsProto; empty bytes mean the default (one device).
    /// Without a device assignment, replica r / partition p gets device `r * partitions + p`.
    pub fn from_compile_options(bytes: &[u8]) -> Result<Placement> {
        let mut replicas = 1u64;
        let mut partitions = 1u64;
        let mut assignment: Option<(u64, u64, Vec<Vec<i64>>)> = None;
        for f in fields(bytes)? {
            if let (3, Value::Bytes(build)) = f {
                for g in fields(build)? {
                    match g {
                        (4, Value::Int(v)) => replicas = v,
                        (5, Value::Int(v)) => partitions = v,
                        (9, Value::Bytes(da)) => assignment = Some(device_assignment(da)?),
                        _ => {}
                    }
                }
            }
        }
        // Proto3 leaves 0 for "unset"; XLA reads it as 1.
        let replicas = replicas.max(1);
        let partitions = partitions.max(1);
        let n = replicas
            .checked_mul(partitions)
            .filter(|&n| n <= super::client::MAX_DEVICES as u64)
            .ok_or_else(|| {
                PjrtError::invalid(format!(
                    "{replicas} replicas x {partitions} partitions exceed {} devices",
                    super::client::MAX_DEVICES
                ))
            })? as usize;
        let (replicas, partitions) = (replicas as usize, partitions as usize);
        let devices = match assignment {
            None => (0..n as i32).collect(),
            Some((rc, cc, comps)) => {
                if rc as usize != replicas
                    || cc as usize != partitions
                    || comps.len() != partitions
                    || comps.iter().any(|c| c.len() != replicas)
                {
                    return Err(PjrtError::invalid(format!(
                        "the device assignment ({rc} replicas x {cc} computations) does not match \
                         {replicas} replicas x {partitions} partitions"
                    )));
                }
                let mut devices = Vec::with_capacity(n);
                for r in 0..replicas {
                    for c in &comps {
                        let id = c[r];
                        devices.push(i32::try_from(id).map_err(|_| {
                            PjrtError::invalid(format!("device id {id} in the device assignment"))
                        })?);
                    }
                }
                devices
            }
        };
        let mut seen = devices.clone();
        seen.sort_unstable();
        seen.dedup();
        if seen.len() != devices.len() {
            return Err(PjrtError::invalid(format!(
                "the device assignment {devices:?} names a device twice"
            )));
        }
        Ok(Placement {
            replicas,
            partitions,
            devices,
        })
    }

    /// `xla.DeviceAssignmentProto` of this placement.
    pub fn device_assignment_proto(&self) -> Vec<u8> {
        let mut out = Vec::new();
        put_field_int(&mut out, 1, self.replicas as u64);
        put_field_int(&mut out, 2, self.partitions as u64);
        for p in 0..self.partitions {
            let mut ids = Vec::new();
            for r in 0..self.replicas {
                put_varint(
                    &mut ids,
                    self.devices[r * self.partitions + p] as i64 as u64,
                );
            }
            // replica_device_ids, packed.
            let mut comp = Vec::new();
            put_varint(&mut comp, 1 << 3 | 2);
            put_varint(&mut comp, ids.len() as u64);
            comp.extend(ids);
            put_varint(&mut out, 3 << 3 | 2);
            put_varint(&mut out, comp.len() as u64);
            out.extend(comp);
        }
        out
    }
}

fn device_assignment(bytes: &[u8]) -> Result<(u64, u64, Vec<Vec<i64>>)> {
    let (mut rc, mut cc, mut comps) = (0, 0, Vec::new());
    for f in fields(bytes)? {
        match f {
            (1, Value::Int(v)) => rc = v,
            (2, Value::Int(v)) => cc = v,
            (3, Value::Bytes(c)) => {
                let mut ids = Vec::new();
                for g in fields(c)? {
                    match g {
                        (1, Value::Int(v)) => ids.push(v as i64),
                        // Packed repeated int64.
                        (1, Value::Bytes(mut packed)) => {
                            while !packed.is_empty() {
                                ids.push(varint(&mut packed)? as i64);
                            }
                        }
                        _ => {}
                    }
                }
                comps.push(ids);
            }
            _ => {}
        }
    }
    Ok((rc, cc, comps))
}

enum Value<'a> {
    Int(u64),
    Bytes(&'a [u8]),
    Other,
}

fn bad(what: &str) -> PjrtError {
    PjrtError::invalid(format!("malformed compile options: {what}"))
}

fn varint(b: &mut &[u8]) -> Result<u64> {
    let mut v = 0u64;
    for shift in (0..64).step_by(7) {
        let (&byte, rest) = b.split_first().ok_or_else(|| bad("truncated varint"))?;
        *b = rest;
        v |= u64::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 {
            return Ok(v);
        }
    }
    Err(bad("varint longer than 10 bytes"))
}

/// The top-level fields of one message, in order.
fn fields(mut b: &[u8]) -> Result<Vec<(u64, Value<'_>)>> {
    let mut out = Vec::new();
    while !b.is_empty() {
        let key = varint(&mut b)?;
        let value = match key & 7 {
            0 => Value::Int(varint(&mut b)?),
            1 | 5 => {
                let n = if key & 7 == 1 { 8 } else { 4 };
                b = b
                    .get(n..)
                    .ok_or_else(|| bad("truncated fixed-width field"))?;
                Value::Other
            }
            2 => {
                let n = usize::try_from(varint(&mut b)?).map_err(|_| bad("length"))?;
                let (v, rest) = (b.get(..n), b.get(n..));
                b = rest.ok_or_else(|| bad("truncated length-delimited field"))?;
                Value::Bytes(v.ok_or_else(|| bad("truncated length-delimited field"))?)
            }
            w => return Err(bad(&format!("wire type {w}"))),
        };
        out.push((key >> 3, value));
    }
    Ok(out)
}

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    loop {
        let b = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
    }
}

fn put_field_int(out: &mut Vec<u8>, field: u64, v: u64) {
    put_varint(out, field << 3);
    put_varint(out, v);
}

fn put_field_bytes(out: &mut Vec<u8>, field: u64, v: &[u8]) {
    put_varint(out, (field << 3) | 2);
    put_varint(out, v.len() as u64);
    out.extend_from_slice(v);
}

/// Packed repeated varints (proto3's encoding of `repeated int64`/`bool`) as field `field`.
fn put_field_packed(out: &mut Vec<u8>, field: u64, values: impl IntoIterator<Item = u64>) {
    let mut body = Vec::new();
    for v in values {
        put_varint(&mut body, v);
    }
    put_field_bytes(out, field, &body);
}

/// An `xla.ShapeProto` (xla/xla_data.proto: `element_type` = 2, `dimensions` = 3,
/// `layout` = 5, `is_dynamic_dimension` = 6) of a static array of XLA primitive type
/// `element_type` with non-negative `dims`, in the dense row-major layout
/// (`LayoutProto.minor_to_major` = 1: the last dimension first).
pub fn shape_proto(element_type: i32, dims: &[u64]) -> Vec<u8> {
    let mut out = Vec::new();
    put_field_int(&mut out, 2, element_type as u64);
    put_field_packed(&mut out, 3, dims.iter().copied());
    let mut layout = Vec::new();
    put_field_packed(&mut layout, 1, (0..dims.len() as u64).rev());
    put_field_bytes(&mut out, 5, &layout);
    put_field_packed(&mut out, 6, dims.iter().map(|_| 0));
    out
}

/// An `HloModuleProtoWithConfig` (xla/service/hlo.proto: `hlo_module` = 1, `config` = 2)
/// for a serialized HloModuleProto, what XLA's C API client reads back as
/// `"hlo_with_config"`. The config (`HloModuleConfigProto`, xla/xla.proto) carries what
/// the client checks: the entry computation layout (the module's `host_program_shape`,
/// field 4) and the replica (4) and partition (5) counts.
pub fn hlo_module_with_config(module: &[u8], replicas: usize, partitions: usize) -> Vec<u8> {
    let layout = fields(module).ok().and_then(|fs| {
        fs.into_iter().find_map(|(n, v)| match (n, v) {
            (4, Value::Bytes(b)) => Some(b),
            _ => None,
        })
    });
    let mut config = Vec::new();
    if let Some(layout) = layout {
        put_field_bytes(&mut config, 1, layout);
    }
    put_field_int(&mut config, 4, replicas as u64);
    put_field_int(&mut config, 5, partitions as u64);
    let mut out = Vec::with_capacity(module.len() + config.len() + 16);
    put_field_bytes(&mut out, 1, module);
    put_field_bytes(&mut out, 2, &config);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(field: u64, body: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        put_varint(&mut out, field << 3 | 2);
        put_varint(&mut out, body.len() as u64);
        out.extend(body);
        out
    }

    #[test]
    fn shape_protos_are_dense_row_major() {
        // f32 (11) [2, 3]: dims, layout minor_to_major [1, 0], no dynamic dimension.
        assert_eq!(
            shape_proto(11, &[2, 3]),
            [
                0x10, 11, 0x1a, 2, 2, 3, 0x2a, 4, 0x0a, 2, 1, 0, 0x32, 2, 0, 0
            ]
        );
        // A scalar: empty lists, still a layout.
        assert_eq!(
            shape_proto(1, &[]),
            [0x10, 1, 0x1a, 0, 0x2a, 2, 0x0a, 0, 0x32, 0]
        );
        // Dimensions past one varint byte.
        assert_eq!(shape_proto(2, &[300])[2..6], [0x1a, 2, 0xac, 0x02]);
    }

    #[test]
    fn empty_options_mean_one_device() {
        assert_eq!(
            Placement::from_compile_options(&[]).unwrap(),
            Placement::single()
        );
        assert_eq!(
            Placement::single().device_assignment_proto(),
            [8, 1, 16, 1, 26, 3, 10, 1, 0]
        );
    }

    #[test]
    fn counts_and_assignment_round_trip() {
        let want = Placement {
            replicas: 1,
            partitions: 4,
            devices: vec![3, 1, 2, 0],
        };
        let da = want.device_assignment_proto();
        let mut build = Vec::new();
        put_field_int(&mut build, 1, u64::MAX); // device_ordinal = -1
        put_field_int(&mut build, 4, 1);
        put_field_int(&mut build, 5, 4);
        build.extend(message(9, &da));
        let mut opts = message(3, &build);
        put_field_int(&mut opts, 5, u64::MAX); // profile_version = -1
        assert_eq!(Placement::from_compile_options(&opts).unwrap(), want);
    }

    #[test]
    fn defaults_without_assignment_and_errors() {
        let mut build = Vec::new();
        put_field_int(&mut build, 4, 2);
        put_field_int(&mut build, 5, 3);
        let p = Placement::from_compile_options(&message(3, &build)).unwrap();
        assert_eq!((p.replicas, p.partitions), (2, 3));
        assert_eq!(p.devices, [0, 1, 2, 3, 4, 5]);
        // Truncated bytes and an assignment of the wrong size are errors, not panics.
        assert!(Placement::from_compile_options(&[0x1a, 0x05, 0x20]).is_err());
        let da = Placement {
            replicas: 1,
            partitions: 2,
            devices: vec![0, 1],
        }
        .device_assignment_proto();
        let mut build = Vec::new();
        put_field_int(&mut build, 5, 4);
        build.extend(message(9, &da));
        assert!(Placement::from_compile_options(&message(3, &build)).is_err());
    }
}
