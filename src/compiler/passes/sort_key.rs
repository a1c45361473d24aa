//! A sort whose comparator compares one function of an operand's two elements becomes a
//! sort by that function's values, computed once per element before the sort:
//!
//! ```text
//! sort(x, i) { cmp(g(a0), g(b0)) }   ->   k = g(x);  sort(k, x, i) { cmp(ka, kb) }
//! ```
//!
//! Why: a comparator is a compiled function called `n log n` times, each call paying
//! for `g` twice. JAX sorts floats this way: `jnp.sort` and `argsort` canonicalize both
//! elements (`-0` to `+0`, every NaN to one NaN) and compare the results in total order,
//! so no float sort from JAX was a plain comparison the runtime could run natively. With
//! `g` computed by an ordinary elementwise kernel, the comparator is one comparison of
//! operand 0, which lowering runs as a native key sort (`lower/topk.rs`).
//!
//! Exact: a sort only sees its elements through the comparator, and `cmp(g(a), g(b))`
//! orders them as sorting the keys `g(x)` does, stability included. `g` is any tree of
//! elementwise ops over the one argument and constants (the same tree for both sides, up
//! to which side is which); the new operand's sorted values are not read (its result is
//! dead). Comparators that read more than one operand, or anything else, stay as they
//! are.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::compiler::ir::builder::Builder;
use crate::compiler::ir::{DType, Func, Op, Opcode, Region, TensorType, ValueId};

/// Rewrites every such sort of `func` (in nested regions too); returns how many.
pub fn rewrite(func: &mut Func) -> usize {
    let mut body = std::mem::take(&mut func.body);
    let n = rewrite_region(&mut func.values, &mut body);
    func.body = body;
    n
}

fn rewrite_region(values: &mut Vec<TensorType>, region: &mut Region) -> usize {
    let mut n = 0;
    let ops = std::mem::take(&mut region.ops);
    let mut out = Vec::with_capacity(ops.len());
    for mut op in ops {
        for r in &mut op.regions {
            n += rewrite_region(values, r);
        }
        match key_function(&op, values) {
            Some(key) => {
                let mut b = Builder::new(values, &mut out, op.loc.clone());
                let sort = by_key(&mut b, op, &key);
                out.push(sort);
                n += 1;
            }
            None => out.push(op),
        }
    }
    region.ops = out;
    n
}

/// A comparator of the form `compare(g(a_i), g(b_i))`.
struct KeyFunction {
    /// The operand `g` reads.
    operand: usize,
    /// The comparator's ops computing `g(a_i)`, in order.
    ops: Vec<Op>,
    /// `a_i`, and `g(a_i)`.
    arg: ValueId,
    out: ValueId,
    /// The comparison, and whether it takes `g(b_i)` first.
    compare: Opcode,
    swapped: bool,
}

/// Ops a key function may consist of: elementwise and pure, each a scalar of the
/// comparator (the caller checks that a bitcast keeps its width).
fn elementwise(op: &Opcode) -> bool {
    op.is_elementwise() || matches!(op, Opcode::Constant(_) | Opcode::BitcastConvert)
}

fn key_function(op: &Op, values: &[TensorType]) -> Option<KeyFunction> {
    let Opcode::Sort { .. } = op.opcode else {
        return None;
    };
    let region = op.regions.first()?;
    let [cmp_value] = region.yields[..] else {
        return None;
    };
    let def: HashMap<ValueId, &Op> = region
        .ops
        .iter()
        .flat_map(|o| o.results.iter().map(move |&r| (r, o)))
        .collect();
    let cmp = def.get(&cmp_value)?;
    let Opcode::Compare { .. } = cmp.opcode else {
        return None;
    };
    let [x, y] = cmp.operands[..] else {
        return None;
    };
    // The argument each side reads (exactly one, and no value from outside the region).
    let arg_of = |v: ValueId| -> Option<ValueId> {
        let mut found = None;
        let mut stack = vec![v];
        while let Some(v) = stack.pop() {
            match def.get(&v) {
                Some(o) => {
                    // One scalar per element (a bitcast between widths would add a
                    // dimension), and no complex values (legalized already).
                    let ty = &values[v.index()];
                    if !elementwise(&o.opcode)
                        || o.results.len() != 1
                        || !o.regions.is_empty()
                        || !ty.shape.is_empty()
                        || ty.dtype.is_complex()
                    {
                        return None;
                    }
                    stack.extend(&o.operands);
                }
                None if region.args.contains(&v) => {
                    if found.is_some_and(|f| f != v) {
                        return None;
                    }
                    found = Some(v);
                }
                None => return None,
            }
        }
        found
    };
    let (ax, ay) = (arg_of(x)?, arg_of(y)?);
    let (ix, iy) = (position(&region.args, ax)?, position(&region.args, ay)?);
    // The two elements of one operand: arguments 2i and 2i + 1.
    if ix / 2 != iy / 2 || ix == iy {
        return None;
    }
    let (operand, swapped) = (ix / 2, ix % 2 == 1);
    if !same_tree(x, y, ax, ay, &def, &mut HashSet::default()) {
        return None;
    }
    // A bare comparison of operand 0 is already what lowering runs natively.
    if operand == 0 && x == ax {
        return None;
    }
    let tree = tree(x, &def);
    let ops = region
        .ops
        .iter()
        .filter(|o| tree.contains(&o.results[0]))
        .cloned()
        .collect();
    Some(KeyFunction {
        operand,
        ops,
        arg: ax,
        out: x,
        compare: cmp.opcode.clone(),
        swapped,
    })
}

/// The values `v` is computed from inside the region, `v` included.
fn tree(v: ValueId, def: &HashMap<ValueId, &Op>) -> HashSet<ValueId> {
    let mut seen = HashSet::default();
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        if seen.insert(v)
            && let Some(o) = def.get(&v)
        {
            stack.extend(&o.operands);
        }
    }
    seen
}

fn position(args: &[ValueId], v: ValueId) -> Option<usize> {
    args.iter().position(|&a| a == v)
}

/// Whether `x` (over argument `ax`) and `y` (over `ay`) are the same tree of ops.
/// `checked` holds the pairs found equal so far (trees may share subtrees).
fn same_tree(
    x: ValueId,
    y: ValueId,
    ax: ValueId,
    ay: ValueId,
    def: &HashMap<ValueId, &Op>,
    checked: &mut HashSet<(ValueId, ValueId)>,
) -> bool {
    if x == ax || y == ay {
        return x == ax && y == ay;
    }
    if checked.contains(&(x, y)) {
        return true;
    }
    let same = if x == y {
        // One shared value: the same on both sides if no argument reaches it.
        let t = tree(x, def);
        !t.contains(&ax) && !t.contains(&ay)
    } else {
        match (def.get(&x), def.get(&y)) {
            (Some(ox), Some(oy)) => {
                ox.opcode == oy.opcode
                    && ox.operands.len() == oy.operands.len()
                    && ox
                        .operands
                        .iter()
                        .zip(&oy.operands)
                        .all(|(&u, &v)| same_tree(u, v, ax, ay, def, checked))
            }
            _ => false,
        }
    };
    if same {
        checked.insert((x, y));
    }
    same
}

/// The sort `op` by the key its comparator computes: the key's ops over the whole
/// operand are appended to `b`, and the returned sort takes the key first.
fn by_key(b: &mut Builder, op: Op, key: &KeyFunction) -> Op {
    let operand = op.operands[key.operand];
    let shape = b.shape(operand);
    let mut map: HashMap<ValueId, ValueId> = HashMap::default();
    map.insert(key.arg, operand);
    for o in &key.ops {
        let dtype = b.dtype(o.results[0]);
        let v = match &o.opcode {
            Opcode::Constant(_) => {
                let s = b.op(o.opcode.clone(), &[], TensorType::scalar(dtype));
                b.splat(s, &shape)
            }
            _ => {
                let operands: Vec<ValueId> = o.operands.iter().map(|u| map[u]).collect();
                b.op(
                    o.opcode.clone(),
                    &operands,
                    TensorType::new(dtype, shape.clone()),
                )
            }
        };
        map.insert(o.results[0], v);
    }
    let key_values = if key.arg == key.out {
        operand
    } else {
        map[&key.out]
    };
    let key_dtype: DType = b.dtype(key_values);
    let ka = b.new_value(TensorType::scalar(key_dtype));
    let kb = b.new_value(TensorType::scalar(key_dtype));
    let region = &op.regions[0];
    let mut comparator = Region {
        args: [ka, kb]
            .into_iter()
            .chain(region.args.iter().copied())
            .collect(),
        ops: Vec::new(),
        yields: Vec::new(),
        yield_loc: region.yield_loc.clone(),
    };
    let cmp = b.new_value(TensorType::scalar(DType::I1));
    comparator.ops.push(Op {
        opcode: key.compare.clone(),
        operands: if key.swapped {
            vec![kb, ka]
        } else {
            vec![ka, kb]
        },
        results: vec![cmp],
        regions: Vec::new(),
        loc: op.loc.clone(),
    });
    comparator.yields.push(cmp);
    let sorted_key = b.new_value(TensorType::new(key_dtype, shape));
    Op {
        opcode: op.opcode,
        operands: std::iter::once(key_values).chain(op.operands).collect(),
        results: std::iter::once(sorted_key).chain(op.results).collect(),
        regions: vec![comparator],
        loc: op.loc,
    }
}
