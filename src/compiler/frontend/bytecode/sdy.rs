//! Shardy (`sdy`) attributes in MLIR bytecode: the parts of Shardy's own encoding that say
//! how values are split over devices (meshes, tensor shardings, manual axes). The kinds are
//! numbered by Shardy's bytecode definition (`shardy/dialect/sdy/ir/bytecode.td`); nested
//! attributes are references into the attribute table. Kinds pjrtc does not need (sharding
//! rules, collective parameters) stay opaque.

use std::rc::Rc;

use super::container::{Attr, Bytecode};
use super::reader::{Reader, Result};

/// One decoded Shardy attribute.
#[derive(Clone, Debug, PartialEq)]
pub enum Sdy {
    ManualAxes(Vec<String>),
    MeshAxis {
        name: String,
        size: i64,
    },
    Mesh(Mesh),
    SubAxisInfo {
        pre_size: i64,
        size: i64,
    },
    AxisRef(AxisRef),
    DimSharding(DimSharding),
    TensorSharding(TensorSharding),
    PerValue(Vec<TensorSharding>),
    /// A kind pjrtc does not decode, by its number.
    Opaque(u64),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Mesh {
    pub axes: Vec<(String, i64)>,
    /// Empty: devices in iota order.
    pub device_ids: Vec<i64>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct AxisRef {
    pub name: String,
    /// `(pre_size, size)` of a sub-axis.
    pub sub: Option<(i64, i64)>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct DimSharding {
    pub axes: Vec<AxisRef>,
    pub is_closed: bool,
    pub priority: Option<u64>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TensorSharding {
    /// A mesh by name (`@mesh`) or inline.
    pub mesh: Rc<Attr>,
    pub dims: Vec<DimSharding>,
    pub replicated: Vec<AxisRef>,
    pub unreduced: Vec<AxisRef>,
}

impl TensorSharding {
    /// Every device holds the whole value.
    pub fn is_replicated(&self) -> bool {
        self.dims.iter().all(|d| d.axes.is_empty()) && self.unreduced.is_empty()
    }

    /// The mesh's symbol name, when it is referenced by name.
    pub fn mesh_name(&self) -> Option<&str> {
        match &*self.mesh {
            Attr::SymRef(s) | Attr::Str(s) => Some(s.trim_start_matches('@')),
            _ => None,
        }
    }
}

/// Decodes one `sdy` attribute entry.
pub fn read_attr(bc: &Bytecode<'_>, r: &mut Reader<'_>) -> Result<Attr> {
    let kind = r.varint()?;
    let a = match kind {
        0 => Sdy::ManualAxes(list(r, |r| string_attr(bc, r))?),
        1 => Sdy::MeshAxis {
            name: bc.string(r)?,
            size: r.svarint()?,
        },
        2 => {
            let axes = list(r, |r| match sdy(bc, r)? {
                Sdy::MeshAxis { name, size } => Ok((name, size)),
                _ => Err(r.err("sdy mesh axis expected")),
            })?;
            let device_ids = list(r, |r| list(r, |r| r.svarint()))?;
            Sdy::Mesh(Mesh {
                axes,
                device_ids: device_ids.into_iter().flatten().collect(),
            })
        }
        3 => Sdy::SubAxisInfo {
            pre_size: r.svarint()?,
            size: r.svarint()?,
        },
        4 => Sdy::AxisRef(axis_ref_body(bc, r)?),
        5 => Sdy::DimSharding(DimSharding {
            axes: list(r, |r| axis_ref(bc, r))?,
            is_closed: r.byte()? != 0,
            priority: {
                let (v, present) = r.varint_flag()?;
                present.then_some(v)
            },
        }),
        6 | 15 | 17 => Sdy::TensorSharding(tensor_sharding_body(bc, r, kind)?),
        7 | 16 => Sdy::PerValue(list(r, |r| match sdy(bc, r)? {
            Sdy::TensorSharding(t) => Ok(t),
            _ => Err(r.err("sdy tensor sharding expected")),
        })?),
        k => {
            // Not decoded: skip the rest of this entry (entries are sized).
            r.bytes(r.remaining() as u64)?;
            Sdy::Opaque(k)
        }
    };
    Ok(Attr::Sdy(Rc::new(a)))
}

fn list<T>(r: &mut Reader<'_>, mut f: impl FnMut(&mut Reader<'_>) -> Result<T>) -> Result<Vec<T>> {
    let n = r.count(1)?;
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        out.push(f(r)?);
    }
    Ok(out)
}

/// A referenced Shardy attribute.
fn sdy(bc: &Bytecode<'_>, r: &mut Reader<'_>) -> Result<Sdy> {
    match &*bc.attr(r)? {
        Attr::Sdy(s) => Ok((**s).clone()),
        _ => Err(r.err("sdy attribute expected")),
    }
}

fn string_attr(bc: &Bytecode<'_>, r: &mut Reader<'_>) -> Result<String> {
    match &*bc.attr(r)? {
        Attr::Str(s) => Ok(s.clone()),
        _ => Err(r.err("string attribute expected")),
    }
}

fn axis_ref_body(bc: &Bytecode<'_>, r: &mut Reader<'_>) -> Result<AxisRef> {
    let name = bc.string(r)?;
    let sub = match bc.optional_attr(r)?.as_deref() {
        None => None,
        Some(Attr::Sdy(s)) => match &**s {
            Sdy::SubAxisInfo { pre_size, size } => Some((*pre_size, *size)),
            _ => return Err(r.err("sdy sub-axis info expected")),
        },
        Some(_) => return Err(r.err("sdy sub-axis info expected")),
    };
    Ok(AxisRef { name, sub })
}

fn axis_ref(bc: &Bytecode<'_>, r: &mut Reader<'_>) -> Result<AxisRef> {
    match sdy(bc, r)? {
        Sdy::AxisRef(a) => Ok(a),
        _ => Err(r.err("sdy axis reference expected")),
    }
}

fn tensor_sharding_body(
    bc: &Bytecode<'_>,
    r: &mut Reader<'_>,
    kind: u64,
) -> Result<TensorSharding> {
    let mesh = bc.attr(r)?;
    let dims = list(r, |r| match sdy(bc, r)? {
        Sdy::DimSharding(d) => Ok(d),
        _ => Err(r.err("sdy dimension sharding expected")),
    })?;
    let replicated = list(r, |r| axis_ref(bc, r))?;
    let unreduced = if kind == 6 {
        Vec::new()
    } else {
        list(r, |r| axis_ref(bc, r))?
    };
    if kind == 17 {
        // The reduction of unreduced axes: irrelevant once unreduced axes are refused.
        r.svarint()?;
    }
    Ok(TensorSharding {
        mesh,
        dims,
        replicated,
        unreduced,
    })
}
