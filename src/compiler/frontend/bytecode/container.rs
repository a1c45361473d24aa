//! The MLIR bytecode container: header, sections, string/dialect/op-name tables, the lazy
//! attribute/type table, resources, properties, and the IR section decoded into a generic
//! op tree whose values are numbered file-wide.

use super::reader::{BcError, Reader, Result};
use super::{builtin, vhlo};
use crate::compiler::ir::LitBytes;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

const SEC_STRING: u8 = 0;
const SEC_DIALECT: u8 = 1;
const SEC_ATTR_TYPE: u8 = 2;
const SEC_ATTR_TYPE_OFFSET: u8 = 3;
const SEC_IR: u8 = 4;
const SEC_RESOURCE: u8 = 5;
const SEC_RESOURCE_OFFSET: u8 = 6;
const SEC_DIALECT_VERSIONS: u8 = 7;
const SEC_PROPERTIES: u8 = 8;
const NUM_SECTIONS: usize = 9;

// Bytecode versions that changed the encoding.
const V_DIALECT_VERSIONING: u64 = 1;
const V_LAZY_LOADING: u64 = 2;
const V_USE_LIST_ORDERING: u64 = 3;
const V_ELIDE_UNKNOWN_BLOCK_ARG_LOC: u64 = 4;
const V_NATIVE_PROPERTIES: u64 = 5;
pub const V_MAX: u64 = 6;

// Op encoding mask bits.
const HAS_ATTRS: u8 = 0x01;
const HAS_RESULTS: u8 = 0x02;
const HAS_OPERANDS: u8 = 0x04;
const HAS_SUCCESSORS: u8 = 0x08;
const HAS_INLINE_REGIONS: u8 = 0x10;
const HAS_USE_LIST_ORDERS: u8 = 0x20;
const HAS_PROPERTIES: u8 = 0x40;

/// Maximum nesting of attributes/types referring to each other (deep Python call stacks give
/// deep `callsite` locations); deeper input is rejected instead of overflowing the stack.
pub const MAX_ATTR_DEPTH: u32 = 256;
/// Maximum nesting of regions.
pub const MAX_REGION_DEPTH: u32 = 64;

/// A decoded type (builtin and VHLO types share this model).
#[derive(Clone, Debug, PartialEq)]
pub enum Ty {
    /// `signedness`: 0 signless, 1 signed, 2 unsigned.
    Int {
        width: u64,
        signedness: u8,
    },
    Index,
    BF16,
    F16,
    F32,
    F64,
    Func {
        inputs: Vec<Rc<Ty>>,
        results: Vec<Rc<Ty>>,
    },
    Tensor {
        shape: Vec<i64>,
        elem: Rc<Ty>,
        /// Whether an encoding attribute (e.g. bounds of a dynamic dimension) is present.
        encoded: bool,
    },
    /// A `!quant.uniform` element type (VHLO's UniformQuantized(PerAxis)V1).
    Quant(Rc<crate::compiler::ir::Quantization>),
    /// `complex<part>`.
    Complex(Rc<Ty>),
    /// A type pjrtc does not model, by name (`!vhlo.token_v1`, `tuple`, ...).
    Other(String),
}

/// A decoded attribute (builtin and VHLO attributes share this model).
#[derive(Clone, Debug, PartialEq)]
pub enum Attr {
    Array(Vec<Rc<Attr>>),
    Dict(Vec<(String, Rc<Attr>)>),
    Str(String),
    SymRef(String),
    Type(Rc<Ty>),
    Unit,
    Bool(bool),
    Int {
        ty: Rc<Ty>,
        value: i64,
    },
    Float {
        ty: Rc<Ty>,
        value: f64,
    },
    /// A VHLO enum attribute: `kind` is the VHLO attribute name, `value` its code.
    Enum {
        kind: &'static str,
        value: u64,
    },
    /// Dense elements: `data` holds every element (row-major, little-endian, one byte per
    /// i1) or exactly one element for a splat. The constant made from it shares these
    /// bytes (weights are copied out of the input once).
    Elements {
        ty: Rc<Ty>,
        data: LitBytes,
    },
    DenseArray {
        elem: Rc<Ty>,
        len: u64,
        data: Vec<u8>,
    },
    /// A location, as the text inside `loc(...)`.
    Loc(String),
    /// A Shardy attribute (meshes, shardings, manual axes).
    Sdy(Rc<super::sdy::Sdy>),
    /// Anything else, as text.
    Other(String),
}

#[derive(Clone, Debug)]
struct Entry<'a> {
    dialect: usize,
    custom: bool,
    data: &'a [u8],
    base: u64,
}

/// A generic op from the IR section.
#[derive(Clone, Debug)]
pub struct GOp {
    pub name: String,
    /// File offset of the op's encoding.
    pub offset: u64,
    pub loc: Rc<Attr>,
    pub attrs: Vec<(String, Rc<Attr>)>,
    /// `(type, value id)` per result.
    pub results: Vec<(Rc<Ty>, u32)>,
    pub operands: Vec<u32>,
    pub regions: Vec<GRegion>,
}

#[derive(Clone, Debug, Default)]
pub struct GRegion {
    pub blocks: Vec<GBlock>,
}

#[derive(Clone, Debug, Default)]
pub struct GBlock {
    pub args: Vec<(Rc<Ty>, u32)>,
    pub ops: Vec<GOp>,
}

/// The parsed file: tables plus lazily decoded attributes and types.
pub struct Bytecode<'a> {
    pub version: u64,
    pub producer: String,
    strings: Vec<&'a [u8]>,
    dialects: Vec<String>,
    op_names: Vec<(String, Option<bool>)>,
    attrs: Vec<Entry<'a>>,
    types: Vec<Entry<'a>>,
    attr_cache: RefCell<Vec<Option<Rc<Attr>>>>,
    type_cache: RefCell<Vec<Option<Rc<Ty>>>>,
    /// Dialect resource handles in file order: key and blob (if a blob was given).
    resources: Vec<(String, Option<&'a [u8]>)>,
    properties: Vec<Reader<'a>>,
    attr_depth: Cell<u32>,
    region_depth: Cell<u32>,
    next_value: Cell<u32>,
}

/// A guard that bounds recursion through attribute/type references.
struct DepthGuard<'b>(&'b Cell<u32>);

impl Drop for DepthGuard<'_> {
    fn drop(&mut self) {
        self.0.set(self.0.get() - 1);
    }
}

impl<'a> Bytecode<'a> {
    /// Parses the header and the tables; the IR is decoded by [`Bytecode::ir`].
    pub fn parse(file: &'a [u8]) -> Result<(Bytecode<'a>, Reader<'a>)> {
        let mut r = Reader::new(file, 0);
        if r.bytes(4).ok() != Some(b"ML\xefR".as_slice()) {
            return Err(BcError {
                offset: 0,
                msg: "not MLIR bytecode (missing magic ML\\xEFR)".into(),
            });
        }
        let at = r.offset();
        let version = r.varint()?;
        if version > V_MAX {
            return Err(BcError {
                offset: at,
                msg: format!(
                    "unsupported: MLIR bytecode version {version} (supported: 0 to {V_MAX})"
                ),
            });
        }
        let producer = String::from_utf8_lossy(r.cstr()?).into_owned();
        let mut sections: [Option<Reader<'a>>; NUM_SECTIONS] = Default::default();
        while !r.is_empty() {
            let at = r.offset();
            let (id, data) = r.section()?;
            let slot = sections.get_mut(id as usize).ok_or_else(|| BcError {
                offset: at,
                msg: format!("invalid section id {id}"),
            })?;
            if slot.is_some() {
                return Err(BcError {
                    offset: at,
                    msg: format!("duplicate section {id}"),
                });
            }
            *slot = Some(data);
        }
        let end = r.offset();
        let mut take = |id: u8| {
            sections[id as usize].take().ok_or_else(|| BcError {
                offset: end,
                msg: format!("missing section {id}"),
            })
        };
        let strings = parse_strings(take(SEC_STRING)?)?;
        let dialect_sec = take(SEC_DIALECT)?;
        let attr_type = take(SEC_ATTR_TYPE)?;
        let attr_type_offsets = take(SEC_ATTR_TYPE_OFFSET)?;
        let ir = take(SEC_IR)?;
        let resource = sections[SEC_RESOURCE as usize].take();
        let resource_offsets = sections[SEC_RESOURCE_OFFSET as usize].take();
        let properties = match sections[SEC_PROPERTIES as usize].take() {
            Some(p) => parse_properties(p)?,
            None if version >= V_NATIVE_PROPERTIES => {
                return Err(BcError {
                    offset: end,
                    msg: "missing properties section".into(),
                });
            }
            None => Vec::new(),
        };
        let mut bc = Bytecode {
            version,
            producer,
            strings,
            dialects: Vec::new(),
            op_names: Vec::new(),
            attrs: Vec::new(),
            types: Vec::new(),
            attr_cache: RefCell::new(Vec::new()),
            type_cache: RefCell::new(Vec::new()),
            resources: Vec::new(),
            properties,
            attr_depth: Cell::new(0),
            region_depth: Cell::new(0),
            next_value: Cell::new(0),
        };
        bc.parse_dialects(dialect_sec)?;
        match (resource, resource_offsets) {
            (Some(res), Some(offs)) => bc.parse_resources(res, offs)?,
            (None, None) => {}
            _ => {
                return Err(BcError {
                    offset: end,
                    msg: "resource and resource offset sections must come together".into(),
                });
            }
        }
        bc.parse_attr_type_offsets(attr_type, attr_type_offsets)?;
        *bc.attr_cache.borrow_mut() = vec![None; bc.attrs.len()];
        *bc.type_cache.borrow_mut() = vec![None; bc.types.len()];
        Ok((bc, ir))
    }

    pub fn string(&self, r: &mut Reader<'_>) -> Result<String> {
        let at = r.offset();
        let i = r.varint()?;
        self.string_at(i, at)
    }

    fn string_at(&self, i: u64, at: u64) -> Result<String> {
        let s = self.strings.get(i as usize).ok_or_else(|| BcError {
            offset: at,
            msg: format!("invalid string index {i}"),
        })?;
        Ok(String::from_utf8_lossy(s).into_owned())
    }

    fn dialect_index(&self, r: &mut Reader<'_>) -> Result<usize> {
        let at = r.offset();
        let i = r.varint()?;
        if i as usize >= self.dialects.len() {
            return Err(BcError {
                offset: at,
                msg: format!("invalid dialect index {i}"),
            });
        }
        Ok(i as usize)
    }

    fn parse_dialects(&mut self, mut r: Reader<'a>) -> Result<()> {
        let n = r.count(1)?;
        for _ in 0..n {
            if self.version < V_DIALECT_VERSIONING {
                let name = self.string(&mut r)?;
                self.dialects.push(name);
                continue;
            }
            let at = r.offset();
            let (idx, has_version) = r.varint_flag()?;
            self.dialects.push(self.string_at(idx, at)?);
            if has_version {
                // Dialect versions are only read by the dialect (VHLO carries its version
                // in the producer string instead); skip the nested section.
                let at = r.offset();
                let (id, _) = r.section()?;
                if id != SEC_DIALECT_VERSIONS {
                    return Err(BcError {
                        offset: at,
                        msg: "expected a dialect version section".into(),
                    });
                }
            }
        }
        if self.version >= V_ELIDE_UNKNOWN_BLOCK_ARG_LOC {
            r.varint()?; // total number of op names, a reservation hint
        }
        while !r.is_empty() {
            let d = self.dialect_index(&mut r)?;
            let n = r.count(1)?;
            for _ in 0..n {
                let (name, registered) = if self.version < V_NATIVE_PROPERTIES {
                    (self.string(&mut r)?, None)
                } else {
                    let at = r.offset();
                    let (i, reg) = r.varint_flag()?;
                    (self.string_at(i, at)?, Some(reg))
                };
                let full = if name.is_empty() {
                    self.dialects[d].clone()
                } else {
                    format!("{}.{}", self.dialects[d], name)
                };
                self.op_names.push((full, registered));
            }
        }
        Ok(())
    }

    fn parse_resources(&mut self, res: Reader<'a>, mut offs: Reader<'a>) -> Result<()> {
        let mut res = res;
        let n_external = offs.count(1)?;
        for _ in 0..n_external {
            self.string(&mut offs)?;
            self.parse_resource_group(&mut res, &mut offs, false)?;
        }
        while !offs.is_empty() {
            self.dialect_index(&mut offs)?;
            self.parse_resource_group(&mut res, &mut offs, true)?;
        }
        Ok(())
    }

    fn parse_resource_group(
        &mut self,
        res: &mut Reader<'a>,
        offs: &mut Reader<'a>,
        keep: bool,
    ) -> Result<()> {
        let n = offs.count(3)?;
        for _ in 0..n {
            let key = self.string(offs)?;
            let size = offs.varint()?;
            let kind = offs.byte()?;
            let mut entry = res.sub(size)?;
            // Kind 0 is a blob: alignment, size, padding, bytes. Bools and strings are
            // not used by the dialects pjrtc reads.
            let blob = if kind == 0 && !entry.is_empty() {
                let align = entry.varint()?;
                let len = entry.varint()?;
                entry.align_to(align)?;
                Some(entry.bytes(len)?)
            } else {
                None
            };
            if keep {
                self.resources.push((key, blob));
            }
        }
        Ok(())
    }

    fn parse_attr_type_offsets(&mut self, data: Reader<'a>, mut offs: Reader<'a>) -> Result<()> {
        let n_attrs = offs.count(1)?;
        let n_types = offs.count(1)?;
        if n_attrs + n_types > offs.remaining() {
            return Err(offs.err("attribute/type counts exceed the offset section"));
        }
        let mut data = data;
        for (n, is_attr) in [(n_attrs, true), (n_types, false)] {
            let mut out = Vec::with_capacity(n);
            while out.len() < n {
                let d = self.dialect_index(&mut offs)?;
                let k = offs.count(1)?;
                if out.len() + k > n {
                    return Err(offs.err("attribute/type group exceeds the declared count"));
                }
                for _ in 0..k {
                    let (size, custom) = offs.varint_flag()?;
                    let base = data.offset();
                    let bytes = data.bytes(size).map_err(|_| {
                        offs.err("attribute/type entry points past the end of its section")
                    })?;
                    out.push(Entry {
                        dialect: d,
                        custom,
                        data: bytes,
                        base,
                    });
                }
            }
            if is_attr {
                self.attrs = out;
            } else {
                self.types = out;
            }
        }
        if !offs.is_empty() {
            return Err(offs.err("trailing data in the attribute/type offset section"));
        }
        Ok(())
    }

    fn enter<'b>(counter: &'b Cell<u32>, max: u32, r: &Reader<'_>) -> Result<DepthGuard<'b>> {
        if counter.get() >= max {
            return Err(r.err(format!("nesting deeper than {max} levels")));
        }
        counter.set(counter.get() + 1);
        Ok(DepthGuard(counter))
    }

    /// Reads an attribute reference (index into the attribute table) and decodes it.
    pub fn attr(&self, r: &mut Reader<'_>) -> Result<Rc<Attr>> {
        let at = r.offset();
        let i = r.varint()?;
        self.attr_at(i, at)
    }

    /// `(index << 1) | present`.
    pub fn optional_attr(&self, r: &mut Reader<'_>) -> Result<Option<Rc<Attr>>> {
        let at = r.offset();
        let (i, present) = r.varint_flag()?;
        if !present {
            return Ok(None);
        }
        self.attr_at(i, at).map(Some)
    }

    pub fn attr_at(&self, i: u64, at: u64) -> Result<Rc<Attr>> {
        let e = self.attrs.get(i as usize).ok_or_else(|| BcError {
            offset: at,
            msg: format!("invalid attribute index {i}"),
        })?;
        if let Some(a) = &self.attr_cache.borrow()[i as usize] {
            return Ok(a.clone());
        }
        let mut r = Reader::new(e.data, e.base);
        let _g = Self::enter(&self.attr_depth, MAX_ATTR_DEPTH, &r)?;
        let dialect = self.dialects[e.dialect].as_str();
        let a = if e.custom {
            let a = match dialect {
                "builtin" => builtin::read_attr(self, &mut r)?,
                "vhlo" => vhlo::read_attr(self, &mut r)?,
                // Shardy's attributes say how values split over devices; a partitioned
                // program becomes its per-device form through them (see `spmd`). One this
                // reader cannot decode stays opaque: it means nothing on one device, and
                // `spmd` refuses a partitioned program whose shardings it cannot read.
                "sdy" => match super::sdy::read_attr(self, &mut r) {
                    Ok(a) => a,
                    Err(_) => {
                        return Ok(self.cache_attr(i, Attr::Other("#sdy<opaque>".into())));
                    }
                },
                d => return Err(r.err(format!("unsupported: attributes of dialect '{d}'"))),
            };
            if !r.is_empty() {
                return Err(r.err("trailing bytes after attribute"));
            }
            a
        } else {
            let text = String::from_utf8_lossy(r.cstr()?).into_owned();
            builtin::parse_attr_text(&text)
        };
        Ok(self.cache_attr(i, a))
    }

    fn cache_attr(&self, i: u64, a: Attr) -> Rc<Attr> {
        let a = Rc::new(a);
        self.attr_cache.borrow_mut()[i as usize] = Some(a.clone());
        a
    }

    pub fn ty(&self, r: &mut Reader<'_>) -> Result<Rc<Ty>> {
        let at = r.offset();
        let i = r.varint()?;
        self.ty_at(i, at)
    }

    pub fn ty_at(&self, i: u64, at: u64) -> Result<Rc<Ty>> {
        let e = self.types.get(i as usize).ok_or_else(|| BcError {
            offset: at,
            msg: format!("invalid type index {i}"),
        })?;
        if let Some(t) = &self.type_cache.borrow()[i as usize] {
            return Ok(t.clone());
        }
        let mut r = Reader::new(e.data, e.base);
        let _g = Self::enter(&self.attr_depth, MAX_ATTR_DEPTH, &r)?;
        let dialect = self.dialects[e.dialect].as_str();
        let t = if e.custom {
            let t = match dialect {
                "builtin" => builtin::read_type(self, &mut r)?,
                "vhlo" => vhlo::read_type(self, &mut r)?,
                d => return Err(r.err(format!("unsupported: types of dialect '{d}'"))),
            };
            if !r.is_empty() {
                return Err(r.err("trailing bytes after type"));
            }
            t
        } else {
            let text = String::from_utf8_lossy(r.cstr()?).into_owned();
            builtin::parse_type_text(&text)
        };
        let t = Rc::new(t);
        self.type_cache.borrow_mut()[i as usize] = Some(t.clone());
        Ok(t)
    }

    /// A `dense_resource` handle: index into the dialect resources.
    pub fn resource(&self, r: &mut Reader<'_>) -> Result<(String, Option<&'a [u8]>)> {
        let at = r.offset();
        let i = r.varint()?;
        self.resources
            .get(i as usize)
            .cloned()
            .ok_or_else(|| BcError {
                offset: at,
                msg: format!("invalid resource index {i}"),
            })
    }

    /// Decodes the IR section into the ops of the top-level block.
    pub fn ir(&self, r: Reader<'a>) -> Result<Vec<GOp>> {
        let mut r = r;
        let mut scopes = vec![Scope::default()];
        // The top-level block has no value count; its ops define none.
        scopes[0].regions.push(RegionVals {
            start: 0,
            len: 0,
            next: 0,
        });
        let block = self.block(&mut r, &mut scopes)?;
        if !r.is_empty() {
            return Err(r.err("trailing data in the IR section"));
        }
        Ok(block.ops)
    }

    fn fresh_value(&self) -> u32 {
        let v = self.next_value.get();
        self.next_value.set(v.wrapping_add(1));
        v
    }

    fn block(&self, r: &mut Reader<'a>, scopes: &mut Vec<Scope>) -> Result<GBlock> {
        let (num_ops, has_args) = r.varint_flag()?;
        if num_ops > r.remaining() as u64 {
            return Err(r.err("op count exceeds the remaining data"));
        }
        let mut block = GBlock::default();
        if has_args {
            let n = r.count(1)?;
            for _ in 0..n {
                let (ty, _loc) = if self.version >= V_ELIDE_UNKNOWN_BLOCK_ARG_LOC {
                    let at = r.offset();
                    let (t, has_loc) = r.varint_flag()?;
                    let ty = self.ty_at(t, at)?;
                    let loc = if has_loc { Some(self.attr(r)?) } else { None };
                    (ty, loc)
                } else {
                    (self.ty(r)?, Some(self.attr(r)?))
                };
                let v = self.define(r, scopes)?;
                block.args.push((ty, v));
            }
        }
        if self.version >= V_USE_LIST_ORDERING && has_args && r.byte()? != 0 {
            skip_use_list_orders(r, block.args.len() as u64)?;
        }
        for _ in 0..num_ops {
            block.ops.push(self.op(r, scopes)?);
        }
        Ok(block)
    }

    fn op(&self, r: &mut Reader<'a>, scopes: &mut Vec<Scope>) -> Result<GOp> {
        let offset = r.offset();
        let i = r.varint()?;
        let (name, registered) = self
            .op_names
            .get(i as usize)
            .cloned()
            .ok_or_else(|| BcError {
                offset,
                msg: format!("invalid op name index {i}"),
            })?;
        let mask = r.byte()?;
        let loc = self.attr(r)?;
        let mut attrs = Vec::new();
        if mask & HAS_ATTRS != 0 {
            let at = r.offset();
            match &*self.attr(r)? {
                Attr::Dict(d) => attrs = d.clone(),
                _ => {
                    return Err(BcError {
                        offset: at,
                        msg: format!("attributes of {name} are not a dictionary"),
                    });
                }
            }
        }
        if mask & HAS_PROPERTIES != 0 {
            match registered {
                None => return Err(r.err("op properties in a bytecode version without them")),
                // Unregistered ops keep their properties as one attribute.
                Some(false) => {
                    if let Attr::Dict(d) = &*self.attr(r)? {
                        attrs.extend(d.iter().cloned());
                    }
                }
                // Shardy's ops: their properties (ODS' encoding: one attribute per
                // property, in declaration order) are kept as `sdy.prop<i>` for the
                // meshes and manual computations `spmd` reads; other ops' are skipped.
                Some(true) if name.starts_with("sdy.") => {
                    let pi = r.varint()?;
                    if matches!(name.as_str(), "sdy.mesh" | "sdy.manual_computation")
                        && let Some(p) = self.properties.get(pi as usize)
                    {
                        // Best effort, as for the attributes above.
                        let mut p = p.clone();
                        let mut props = Vec::new();
                        while !p.is_empty() {
                            match self.attr(&mut p) {
                                Ok(a) => props.push((format!("sdy.prop{}", props.len()), a)),
                                Err(_) => {
                                    props.clear();
                                    break;
                                }
                            }
                        }
                        attrs.extend(props);
                    }
                }
                Some(true) => {
                    let at = r.offset();
                    let pi = r.varint()?;
                    let mut p =
                        self.properties
                            .get(pi as usize)
                            .cloned()
                            .ok_or_else(|| BcError {
                                offset: at,
                                msg: format!("invalid properties index {pi}"),
                            })?;
                    attrs.extend(vhlo::read_properties(self, &name, &mut p)?);
                }
            }
        }
        let mut result_types = Vec::new();
        if mask & HAS_RESULTS != 0 {
            let n = r.count(1)?;
            for _ in 0..n {
                result_types.push(self.ty(r)?);
            }
        }
        let mut operands = Vec::new();
        if mask & HAS_OPERANDS != 0 {
            let n = r.count(1)?;
            for _ in 0..n {
                operands.push(self.operand(r, scopes)?);
            }
        }
        if mask & HAS_SUCCESSORS != 0 {
            let n = r.count(1)?;
            for _ in 0..n {
                r.varint()?;
            }
            if n > 0 {
                return Err(BcError {
                    offset,
                    msg: format!("unsupported: {name} has block successors"),
                });
            }
        }
        if self.version >= V_USE_LIST_ORDERING && mask & HAS_USE_LIST_ORDERS != 0 {
            skip_use_list_orders(r, result_types.len() as u64)?;
        }
        let mut num_regions = 0;
        let mut isolated = false;
        if mask & HAS_INLINE_REGIONS != 0 {
            let (n, iso) = r.varint_flag()?;
            if n > r.remaining() as u64 {
                return Err(r.err("region count exceeds the remaining data"));
            }
            num_regions = n;
            isolated = iso;
        }
        let mut results = Vec::with_capacity(result_types.len());
        for t in result_types {
            results.push((t, self.define(r, scopes)?));
        }
        let mut regions = Vec::new();
        if num_regions > 0 {
            let _g = Self::enter(&self.region_depth, MAX_REGION_DEPTH, r)?;
            if isolated {
                scopes.push(Scope::default());
            }
            // Pop the scope on every path, errors included.
            let res = self.op_regions(r, scopes, num_regions, isolated);
            if isolated {
                scopes.pop();
            }
            regions = res?;
        }
        Ok(GOp {
            name,
            offset,
            loc,
            attrs,
            results,
            operands,
            regions,
        })
    }

    fn op_regions(
        &self,
        r: &mut Reader<'a>,
        scopes: &mut Vec<Scope>,
        n: u64,
        isolated: bool,
    ) -> Result<Vec<GRegion>> {
        if !(isolated && self.version >= V_LAZY_LOADING) {
            return self.regions(r, scopes, n);
        }
        // Isolated regions are stored in a nested IR section since bytecode v2.
        let at = r.offset();
        let (id, mut sec) = r.section()?;
        if id != SEC_IR {
            return Err(BcError {
                offset: at,
                msg: "expected an IR section for an isolated region".into(),
            });
        }
        let res = self.regions(&mut sec, scopes, n)?;
        if !sec.is_empty() {
            return Err(sec.err("trailing data in a region section"));
        }
        Ok(res)
    }

    fn regions(&self, r: &mut Reader<'a>, scopes: &mut Vec<Scope>, n: u64) -> Result<Vec<GRegion>> {
        let mut out = Vec::new();
        for _ in 0..n {
            let num_blocks = r.varint()?;
            if num_blocks == 0 {
                out.push(GRegion::default());
                continue;
            }
            let num_values = r.varint()?;
            if num_blocks > r.remaining() as u64 || num_values > r.remaining() as u64 {
                return Err(r.err("block or value count exceeds the remaining data"));
            }
            let scope = scopes.last_mut().expect("scope");
            let start = scope.regions.last().map_or(0, |g| g.start + g.len);
            scope.regions.push(RegionVals {
                start,
                len: num_values,
                next: start,
            });
            let mut region = GRegion::default();
            let mut res = Ok(());
            for _ in 0..num_blocks {
                match self.block(r, scopes) {
                    Ok(b) => region.blocks.push(b),
                    Err(e) => {
                        res = Err(e);
                        break;
                    }
                }
            }
            let scope = scopes.last_mut().expect("scope");
            let g = scope.regions.pop().expect("region");
            res?;
            // Every forward reference into this region must have been defined.
            let end = g.start + g.len;
            let mut unresolved = false;
            scope.slots.retain(|&k, s| {
                if k >= g.start && k < end {
                    unresolved |= s.1;
                    false
                } else {
                    true
                }
            });
            if unresolved {
                return Err(r.err("operand refers to a value that is never defined"));
            }
            out.push(region);
        }
        Ok(out)
    }

    fn define(&self, r: &Reader<'_>, scopes: &mut [Scope]) -> Result<u32> {
        let Some(scope) = scopes.last_mut() else {
            return Err(r.err("value defined outside a region"));
        };
        let Some(g) = scope.regions.last_mut() else {
            return Err(r.err("value defined outside a region"));
        };
        if g.next >= g.start + g.len {
            return Err(r.err("more values defined than the region declares"));
        }
        let slot = g.next;
        g.next += 1;
        match scope.slots.get_mut(&slot) {
            Some((v, pending @ true)) => {
                *pending = false;
                Ok(*v)
            }
            Some(_) => Err(r.err("value defined twice")),
            None => {
                let v = self.fresh_value();
                scope.slots.insert(slot, (v, false));
                Ok(v)
            }
        }
    }

    fn operand(&self, r: &mut Reader<'_>, scopes: &mut [Scope]) -> Result<u32> {
        let at = r.offset();
        let i = r.varint()?;
        let Some(scope) = scopes.last_mut() else {
            return Err(r.err("operand outside a region"));
        };
        let limit = scope.regions.last().map_or(0, |g| g.start + g.len);
        if i >= limit {
            return Err(BcError {
                offset: at,
                msg: format!("invalid value index {i}"),
            });
        }
        if let Some((v, _)) = scope.slots.get(&i) {
            return Ok(*v);
        }
        // A use before the definition (graph regions): reserve the id now.
        let v = self.fresh_value();
        scope.slots.insert(i, (v, true));
        Ok(v)
    }
}

/// Values of one isolated-from-above scope: slot -> (value id, still a forward reference).
#[derive(Default)]
struct Scope {
    slots: HashMap<u64, (u32, bool)>,
    regions: Vec<RegionVals>,
}

struct RegionVals {
    start: u64,
    len: u64,
    next: u64,
}

/// Use-list orders only affect the order of use lists in MLIR's in-memory IR; skip them.
fn skip_use_list_orders(r: &mut Reader<'_>, range: u64) -> Result<()> {
    let n = if range > 1 { r.count(1)? as u64 } else { 1 };
    for _ in 0..n {
        if range > 1 {
            r.varint()?;
        }
        // `(numIndices << 1) | isIndexPairEncoding`, then the indices.
        let (k, _pairs) = r.varint_flag()?;
        if k > r.remaining() as u64 {
            return Err(r.err("use-list order count exceeds the remaining data"));
        }
        for _ in 0..k {
            r.varint()?;
        }
    }
    Ok(())
}

fn parse_strings(mut r: Reader<'_>) -> Result<Vec<&[u8]>> {
    let n = r.count(1)?;
    let mut sizes = Vec::with_capacity(n);
    for _ in 0..n {
        sizes.push(r.varint()?);
    }
    // Sizes are stored in reverse order and include the null terminator; the string
    // data fills the rest of the section.
    let data = r.bytes(r.remaining() as u64)?;
    let mut end = data.len() as u64;
    let mut out = vec![&data[..0]; n];
    for (k, &size) in sizes.iter().enumerate() {
        if size == 0 || size > end {
            return Err(r.err("string table sizes exceed the string data"));
        }
        let start = end - size;
        out[n - 1 - k] = &data[start as usize..(end - 1) as usize];
        end = start;
    }
    if end != 0 {
        return Err(r.err("unexpected data between string sizes and string data"));
    }
    Ok(out)
}

fn parse_properties(mut r: Reader<'_>) -> Result<Vec<Reader<'_>>> {
    if r.is_empty() {
        return Ok(Vec::new());
    }
    let n = r.count(1)?;
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        let len = r.varint()?;
        out.push(r.sub(len)?);
    }
    if !r.is_empty() {
        return Err(r.err("trailing data in the properties section"));
    }
    Ok(out)
}
