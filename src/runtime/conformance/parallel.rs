//! `interpreter.run_parallel`: a conformance case whose entry runs programs as the
//! processes of a `replicas x partitions` grid (`programs[replica][partition]`).
//!
//! The entry is split at the op: a prefix program computes its operands, each process
//! program is compiled as its own artifact and run in a thread of its own on its share of
//! them (in process order) with a [`Device`] of one shared [`Rendezvous`], and the entry
//! runs again with the op's results as arguments to evaluate the checks.

use crate::compiler::ir::{Func, Module, Opcode};
use crate::compiler::{self, CompileError, Options, Timings};
use pjrtc_runtime::collective::{Device, Grid, Rendezvous};
use pjrtc_runtime::{Executable, Tensor};
use std::collections::HashMap;

/// The index of the entry's top-level `interpreter.run_parallel`, if it has one.
pub fn find(entry: &Func) -> Option<usize> {
    entry
        .body
        .ops
        .iter()
        .position(|op| matches!(op.opcode, Opcode::RunParallel { .. }))
}

/// Runs the entry of `module` (checks already extracted, its `run_parallel` at `at`):
/// its outputs, as a plain run would produce them.
pub fn run(module: &Module, at: usize, options: &Options) -> Result<Vec<Tensor>, String> {
    let entry = module.entry().ok_or("no entry function")?;
    let rp = &entry.body.ops[at];
    let Opcode::RunParallel { programs } = &rp.opcode else {
        return Err("internal: not a run_parallel".into());
    };
    if entry.body.ops[at + 1..]
        .iter()
        .any(|op| matches!(op.opcode, Opcode::RunParallel { .. }))
    {
        return Err("unsupported: several interpreter.run_parallel ops in one function".into());
    }
    let grid = Grid {
        replicas: programs.len() as u32,
        partitions: programs[0].len() as u32,
    };

    // The operands, computed by the ops before the run_parallel.
    let mut prefix = entry.clone();
    prefix.body.ops.truncate(at);
    prefix.body.yields = rp.operands.clone();
    prefix.result_types = rp.operands.iter().map(|&v| entry.ty(v).clone()).collect();
    prefix.result_attrs = vec![Vec::new(); rp.operands.len()];
    let inputs = compile(module, prefix, options)?
        .run(&[])
        .map_err(|e| format!("running the operands of run_parallel: {e}"))?;

    // One executable per distinct program, its parameter count, in process order.
    let mut exes: HashMap<&str, Executable> = HashMap::new();
    for name in programs.iter().flatten() {
        if !exes.contains_key(name.as_str()) {
            let f = module
                .func(name)
                .ok_or_else(|| format!("run_parallel: unknown function @{name}"))?;
            let exe = compile(module, f.clone(), options).map_err(|e| format!("@{name}: {e}"))?;
            exes.insert(name, exe);
        }
    }
    let order: Vec<(u32, u32, &Executable)> = programs
        .iter()
        .enumerate()
        .flat_map(|(r, row)| {
            row.iter()
                .enumerate()
                .map(move |(p, name)| (r as u32, p as u32, name.as_str()))
        })
        .map(|(r, p, name)| (r, p, &exes[name]))
        .collect();
    let mut shares = Vec::with_capacity(order.len());
    let mut next = 0;
    for &(_, _, exe) in &order {
        let n = exe.signature().inputs.len();
        let share: Vec<&Tensor> = inputs.get(next..next + n).into_iter().flatten().collect();
        if share.len() != n {
            return Err(format!(
                "run_parallel has {} operands, its programs take more",
                inputs.len()
            ));
        }
        shares.push(share);
        next += n;
    }
    if next != inputs.len() {
        return Err(format!(
            "run_parallel has {} operands, its programs take {next}",
            inputs.len()
        ));
    }

    let rendezvous = Rendezvous::with_env_timeout();
    let results: Vec<Result<Vec<Tensor>, String>> = std::thread::scope(|s| {
        let handles: Vec<_> = order
            .iter()
            .zip(&shares)
            .map(|(&(r, p, exe), share)| {
                let rendezvous = &rendezvous;
                s.spawn(move || {
                    let device = Device::new(grid, r, p, rendezvous);
                    let run = || -> Result<Vec<Tensor>, String> {
                        let mut outs = exe.new_outputs().map_err(|e| e.to_string())?;
                        exe.run_on(&device, share, &mut outs)
                            .map_err(|e| e.to_string())?;
                        Ok(outs)
                    };
                    let result = run().map_err(|m| format!("process ({r}, {p}): {m}"));
                    if let Err(m) = &result {
                        // The others stop waiting for this one.
                        rendezvous.abort(m);
                    }
                    result
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err("a process panicked".into()))
            })
            .collect()
    });
    let mut outputs = Vec::new();
    for r in results {
        outputs.extend(r?);
    }
    if outputs.len() != rp.results.len() {
        return Err(format!(
            "run_parallel has {} results, its programs return {}",
            rp.results.len(),
            outputs.len()
        ));
    }

    // The entry again, the run_parallel's results as its arguments.
    let mut rest = entry.clone();
    rest.body.ops.remove(at);
    rest.body.args = rp.results.clone();
    rest.arg_attrs = vec![Vec::new(); rp.results.len()];
    let args: Vec<&Tensor> = outputs.iter().collect();
    compile(module, rest, options)?
        .run(&args)
        .map_err(|e| format!("running the checks after run_parallel: {e}"))
}

/// Compiles `func` as the entry of `module`.
fn compile(module: &Module, mut func: Func, options: &Options) -> Result<Executable, String> {
    let mut m = module.clone();
    m.funcs.retain(|f| f.name != func.name && f.name != "main");
    func.name = "main".into();
    func.public = true;
    m.funcs.push(func);
    let pjx =
        compiler::compile_module(&m, options, &mut Timings::default()).map_err(|e| match e {
            CompileError::Program(d) => d.message.clone(),
            other => other.to_string(),
        })?;
    Executable::from_pjx(pjx).map_err(|e| format!("loading: {e}"))
}
