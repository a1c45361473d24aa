//! Programs partitioned over several devices (`mhlo.num_partitions = P`, Shardy shardings):
//! pjrtc runs the same compiled code on every device, so it writes down one per-device
//! program:
//!
//! - every argument and result of `@main` is replicated: each device runs the whole program
//!   on whole values;
//! - `@main` is one `sdy.manual_computation` over every axis of a mesh of P devices (what
//!   `jax.pmap` and `shard_map` over all axes lower to) whose in/out shardings are the
//!   shardings of `@main`'s arguments/results: each device runs the body on its own shards,
//!   which are exactly the buffers the framework hands that device;
//! - otherwise (sharded `jit`), when every argument and result names its sharding over one
//!   mesh of P devices: the SPMD partitioner ([`super::partition`]) propagates the
//!   shardings through the program and runs each op on the device's shards, with
//!   collectives where data must move (ops without a rule run on whole values); sharding
//!   constraints reshard. A program with dynamic shapes goes through the replicating
//!   fallback ([`replicate`]) instead: gather the arguments, run the whole program on every
//!   device, slice each device's shards of the results.
//!
//! The body may communicate: its collectives (`psum`, `all_gather`, `ppermute`, ...) and
//! `partition_id` name devices by partition, which the runtime resolves against the grid
//! of the call. Anything else is refused here with an `unsupported:` message rather than
//! compiled into a wrong per-device program.

use std::collections::HashMap;
use std::rc::Rc;

use super::container::{Attr, GBlock, GOp, GRegion, Ty};
use super::replicate;
use super::sdy::{Mesh, Sdy, TensorSharding};

/// What the module says about partitioning.
#[derive(Default)]
pub struct Partitioning {
    /// `mhlo.num_partitions` (1 when absent).
    pub num_partitions: i64,
    /// `mhlo.num_replicas` (1 when absent).
    pub num_replicas: i64,
    pub meshes: HashMap<String, Mesh>,
}

impl Partitioning {
    /// Reads `mhlo.num_partitions` and `mhlo.num_replicas` from the module's attributes.
    pub fn new(module_attrs: &[(String, Rc<Attr>)]) -> Partitioning {
        let int = |key: &str| {
            module_attrs
                .iter()
                .find(|(k, _)| k == key)
                .and_then(|(_, a)| match &**a {
                    Attr::Int { value, .. } => Some(*value),
                    _ => None,
                })
                .unwrap_or(1)
        };
        Partitioning {
            num_partitions: int("mhlo.num_partitions"),
            num_replicas: int("mhlo.num_replicas"),
            meshes: HashMap::new(),
        }
    }

    /// Records an `sdy.mesh` op (its name and mesh are properties).
    pub fn add_mesh(&mut self, op: &GOp) {
        let mut name = None;
        let mut mesh = None;
        for (_, a) in &op.attrs {
            match &**a {
                Attr::Str(s) => name = Some(s.clone()),
                Attr::Sdy(s) => {
                    if let Sdy::Mesh(m) = &**s {
                        mesh = Some(m.clone());
                    }
                }
                _ => {}
            }
        }
        if let (Some(n), Some(m)) = (name, mesh) {
            self.meshes.insert(n, m);
        }
    }
}

fn unsupported(p: i64, why: &str) -> String {
    format!(
        "unsupported: a program partitioned over {p} devices (sharded jit) where {why}; pjrtc \
         runs partitioned programs whose arguments and results all name their shardings over \
         one mesh of all the devices, in whole axes, and shard_map/pmap over all mesh axes"
    )
}

/// The sharding attribute (`sdy.sharding`) in each of `n` argument/result dictionaries.
fn shardings(dicts: Option<&Rc<Attr>>, n: usize) -> Vec<Option<TensorSharding>> {
    let mut out = vec![None; n];
    if let Some(Attr::Array(v)) = dicts.map(|a| &**a) {
        for (slot, d) in out.iter_mut().zip(v) {
            if let Attr::Dict(d) = &**d
                && let Some((_, a)) = d.iter().find(|(k, _)| k == "sdy.sharding")
                && let Attr::Sdy(s) = &**a
                && let Sdy::TensorSharding(t) = &**s
            {
                *slot = Some(t.clone());
            }
        }
    }
    out
}

fn attr<'a>(op: &'a GOp, key: &str) -> Option<&'a Rc<Attr>> {
    op.attrs.iter().find(|(k, _)| k == key).map(|(_, a)| a)
}

/// What one device runs of the entry function.
pub enum PerDevice {
    /// The function itself (one partition, or replicated arguments and results).
    Same,
    /// The body of the manual computation that is all of `@main`.
    Manual(GOp),
    /// The function on whole values, its sharded arguments gathered and its sharded
    /// results sliced ([`replicate`]).
    Replicate(replicate::Plan),
}

/// The per-device form of the entry function `func`, or the reason pjrtc cannot run it.
pub fn per_device(func: &GOp, part: &Partitioning) -> Result<PerDevice, String> {
    let p = part.num_partitions;
    let Some(Attr::Type(fty)) = attr(func, "function_type").map(|a| &**a) else {
        return Ok(PerDevice::Same);
    };
    let Ty::Func { inputs, results } = &**fty else {
        return Ok(PerDevice::Same);
    };
    let Some(block) = func.regions.first().and_then(|r| r.blocks.first()) else {
        return Ok(PerDevice::Same);
    };
    let manual: Vec<&GOp> = block
        .ops
        .iter()
        .filter(|o| o.name == "sdy.manual_computation")
        .collect();
    let arg_sh = shardings(attr(func, "arg_attrs"), inputs.len());
    let res_sh = shardings(attr(func, "res_attrs"), results.len());
    let [mc] = manual.as_slice() else {
        if manual.len() > 1 {
            return Err(unsupported(p, "@main holds several manual computations"));
        }
        if p <= 1 {
            return Ok(PerDevice::Same);
        }
        if arg_sh
            .iter()
            .chain(&res_sh)
            .all(|s| s.as_ref().is_some_and(|s| s.is_replicated()))
        {
            return Ok(PerDevice::Same);
        }
        return replicate_plan(&arg_sh, &res_sh, part).map(PerDevice::Replicate);
    };
    manual_body(func, block, mc, &arg_sh, &res_sh, part).map(PerDevice::Manual)
}

/// The plan of the fallback partitioner: every argument and result names its sharding
/// over one mesh of all the devices, in whole axes.
fn replicate_plan(
    arg_sh: &[Option<TensorSharding>],
    res_sh: &[Option<TensorSharding>],
    part: &Partitioning,
) -> Result<replicate::Plan, String> {
    let p = part.num_partitions;
    if part.num_replicas != 1 {
        return Err(unsupported(
            p,
            &format!("there are also {} replicas", part.num_replicas),
        ));
    }
    let mut mesh_name = None;
    let mut split = |s: &Option<TensorSharding>,
                     what: String|
     -> Result<replicate::Split, String> {
        let s = s.as_ref().ok_or_else(|| {
            unsupported(
                p,
                &format!("the sharding of {what} is left to the compiler (give it in_shardings/out_shardings)"),
            )
        })?;
        if !s.unreduced.is_empty() {
            return Err(unsupported(p, &format!("{what} is unreduced")));
        }
        if s.is_replicated() {
            return Ok(vec![Vec::new(); s.dims.len()]);
        }
        let name = s
            .mesh_name()
            .ok_or_else(|| unsupported(p, &format!("{what} is sharded over an inline mesh")))?;
        if *mesh_name.get_or_insert(name.to_string()) != name {
            return Err(unsupported(
                p,
                "the arguments and results use several meshes",
            ));
        }
        let mesh = part
            .meshes
            .get(name)
            .ok_or_else(|| unsupported(p, &format!("mesh @{name} is not declared")))?;
        s.dims
            .iter()
            .map(|d| {
                d.axes
                    .iter()
                    .map(|a| {
                        if a.sub.is_some() {
                            return Err(unsupported(
                                p,
                                &format!("{what} is sharded over a sub-axis"),
                            ));
                        }
                        mesh.axes
                            .iter()
                            .position(|(n, _)| *n == a.name)
                            .ok_or_else(|| {
                                unsupported(
                                    p,
                                    &format!("{what} names axis \"{}\" not in @{name}", a.name),
                                )
                            })
                    })
                    .collect()
            })
            .collect()
    };
    let args = arg_sh
        .iter()
        .enumerate()
        .map(|(i, s)| split(s, format!("argument {i}")))
        .collect::<Result<Vec<_>, _>>()?;
    let results = res_sh
        .iter()
        .enumerate()
        .map(|(i, s)| split(s, format!("result {i}")))
        .collect::<Result<Vec<_>, _>>()?;
    let name = mesh_name.ok_or_else(|| unsupported(p, "no sharding names a mesh"))?;
    let mesh = &part.meshes[&name];
    let size: i64 = mesh.axes.iter().map(|(_, s)| *s).product();
    if size != p {
        return Err(unsupported(p, &format!("mesh @{name} has {size} devices")));
    }
    if !mesh.device_ids.is_empty() && !mesh.device_ids.iter().copied().eq(0..size) {
        return Err(unsupported(p, "the mesh orders its devices explicitly"));
    }
    Ok(replicate::Plan {
        mesh: mesh.axes.iter().map(|(_, s)| *s).collect(),
        axis_names: mesh.axes.iter().map(|(n, _)| n.clone()).collect(),
        args,
        results,
    })
}

/// The split an `sdy.sharding_constraint` or `sdy.reshard` asks for, in the axes of
/// `plan`'s mesh; `None` when it names axes that are not whole axes of that mesh (the
/// constraint is then only a hint that pjrtc does not follow).
pub fn constraint_split(op: &GOp, plan: &replicate::Plan) -> Option<replicate::Split> {
    let t = op.attrs.iter().find_map(|(_, a)| match &**a {
        Attr::Sdy(s) => match &**s {
            Sdy::TensorSharding(t) => Some(t.clone()),
            _ => None,
        },
        _ => None,
    })?;
    if !t.unreduced.is_empty() {
        return None;
    }
    t.dims
        .iter()
        .map(|d| {
            d.axes
                .iter()
                .map(|a| {
                    if a.sub.is_some() {
                        return None;
                    }
                    plan.axis_names.iter().position(|n| *n == a.name)
                })
                .collect()
        })
        .collect()
}

fn manual_body(
    func: &GOp,
    block: &GBlock,
    mc: &GOp,
    arg_sh: &[Option<TensorSharding>],
    res_sh: &[Option<TensorSharding>],
    part: &Partitioning,
) -> Result<GOp, String> {
    let p = part.num_partitions;
    // Only casts around the manual computation and the return may surround it.
    let mut alias: HashMap<u32, u32> = HashMap::new();
    // Malformed bytecode can make the casts a cycle: a chain longer than the casts is one.
    let resolve = |alias: &HashMap<u32, u32>, mut v: u32| {
        for _ in 0..=alias.len() {
            match alias.get(&v) {
                Some(&w) => v = w,
                None => return Ok(v),
            }
        }
        Err(format!(
            "malformed bytecode: the casts around @main's manual computation form a cycle (value {v})"
        ))
    };
    let mut ret = None;
    for op in &block.ops {
        match op.name.as_str() {
            "sdy.manual_computation" => {}
            "builtin.unrealized_conversion_cast"
                if op.operands.len() == 1 && op.results.len() == 1 =>
            {
                alias.insert(op.results[0].1, op.operands[0]);
            }
            "vhlo.return_v1" | "func.return" => ret = Some(op),
            _ => {
                return Err(unsupported(
                    p,
                    &format!(
                        "@main computes outside its manual computation ({})",
                        op.name
                    ),
                ));
            }
        }
    }
    let ret = ret.ok_or_else(|| unsupported(p, "@main has no return"))?;
    let args: Vec<u32> = block.args.iter().map(|(_, v)| *v).collect();
    let operands: Vec<u32> = mc
        .operands
        .iter()
        .map(|&v| resolve(&alias, v))
        .collect::<Result<_, _>>()?;
    let returned: Vec<u32> = ret
        .operands
        .iter()
        .map(|&v| resolve(&alias, v))
        .collect::<Result<_, _>>()?;
    let mc_results: Vec<u32> = mc.results.iter().map(|(_, v)| *v).collect();
    if operands != args || returned != mc_results {
        return Err(unsupported(
            p,
            "@main's arguments and results are not exactly those of its manual computation",
        ));
    }
    // Properties: in_shardings, out_shardings (per-value lists, in that order), manual_axes.
    let mut per_value = Vec::new();
    let mut manual_axes = None;
    for (_, a) in &mc.attrs {
        if let Attr::Sdy(s) = &**a {
            match &**s {
                Sdy::PerValue(v) => per_value.push(v.clone()),
                Sdy::ManualAxes(m) => manual_axes = Some(m.clone()),
                _ => {}
            }
        }
    }
    let (Some(manual_axes), [ins, outs]) = (manual_axes, per_value.as_slice()) else {
        return Err(unsupported(
            p,
            "the manual computation's shardings could not be read",
        ));
    };
    let mesh_name = ins
        .iter()
        .chain(outs)
        .map(|s| s.mesh_name())
        .next()
        .flatten()
        .ok_or_else(|| unsupported(p, "the manual computation names no mesh"))?;
    let mesh = part
        .meshes
        .get(mesh_name)
        .ok_or_else(|| unsupported(p, &format!("mesh @{mesh_name} is not declared")))?;
    let size: i64 = mesh.axes.iter().map(|(_, s)| *s).product();
    if size != p {
        return Err(unsupported(
            p,
            &format!("mesh @{mesh_name} has {size} devices"),
        ));
    }
    if !mesh.device_ids.is_empty() && !mesh.device_ids.iter().copied().eq(0..size) {
        return Err(unsupported(p, "the mesh orders its devices explicitly"));
    }
    if let Some((axis, _)) = mesh
        .axes
        .iter()
        .find(|(a, s)| *s > 1 && !manual_axes.contains(a))
    {
        return Err(unsupported(
            p,
            &format!("mesh axis \"{axis}\" is not manual in the manual computation"),
        ));
    }
    let same = |outer: &[Option<TensorSharding>], inner: &[TensorSharding]| {
        outer.len() == inner.len()
            && outer.iter().zip(inner).all(|(o, i)| {
                o.as_ref() == Some(i) && i.mesh_name() == Some(mesh_name) && i.unreduced.is_empty()
            })
    };
    if !same(arg_sh, ins) || !same(res_sh, outs) {
        return Err(unsupported(
            p,
            "@main's argument or result shardings differ from its manual computation's",
        ));
    }
    // The body's block arguments and the values `sdy.return` yields become the function's.
    let body = match mc.regions.as_slice() {
        [GRegion { blocks }] if blocks.len() == 1 => &blocks[0],
        _ => {
            return Err(unsupported(
                p,
                "the manual computation has no single-block body",
            ));
        }
    };
    let Some((last, ops)) = body.ops.split_last() else {
        return Err(unsupported(p, "the manual computation's body is empty"));
    };
    if last.name != "sdy.return" {
        return Err(unsupported(
            p,
            "the manual computation's body does not end in sdy.return",
        ));
    }
    let mut types: HashMap<u32, Rc<Ty>> = body.args.iter().map(|(t, v)| (*v, t.clone())).collect();
    for op in ops {
        for (t, v) in &op.results {
            types.insert(*v, t.clone());
        }
    }
    let result_types = last
        .operands
        .iter()
        .map(|v| types.get(v).cloned())
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| unsupported(p, "the manual computation returns a value from outside"))?;
    let mut new_ret = ret.clone();
    new_ret.operands = last.operands.clone();
    let mut new_ops = ops.to_vec();
    new_ops.push(new_ret);
    let mut f = func.clone();
    for (k, a) in f.attrs.iter_mut() {
        if k == "function_type" {
            *a = Rc::new(Attr::Type(Rc::new(Ty::Func {
                inputs: body.args.iter().map(|(t, _)| t.clone()).collect(),
                results: result_types.clone(),
            })));
        }
    }
    f.regions = vec![GRegion {
        blocks: vec![GBlock {
            args: body.args.clone(),
            ops: new_ops,
        }],
    }];
    Ok(f)
}
