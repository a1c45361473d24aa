//! `stablehlo.tuple` and `stablehlo.get_tuple_element` within a function. The IR has no
//! tuple values, so a tuple exists only while parsing: its name maps to its elements, and
//! `get_tuple_element` names the element again. Any other use of a tuple is unsupported.

use super::attrs::parse_attr_dict;
use super::lexer::{Kind, Token};
use super::parser::Parser;
use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::ValueId;

/// A tuple element: a tensor value or a nested tuple.
#[derive(Clone, Debug)]
pub enum TupleVal {
    Tensor(ValueId),
    Tuple(Vec<TupleVal>),
}

/// Parses a tuple op after its name and binds its single result name.
pub fn parse_tuple_op<'a>(
    p: &mut Parser<'a>,
    name: &str,
    name_tok: Token<'a>,
    defs: &[(Token<'a>, usize)],
) -> Result<(), Diagnostic> {
    let generic = name_tok.kind == Kind::Str;
    let [(def, 1)] = defs else {
        return Err(p.err(name_tok.pos, format!("'{name}' defines exactly one result")));
    };
    let mut attrs = Vec::new();
    let mut operands = Vec::new();
    let mut index = None;
    if generic {
        p.expect("(", "to start operand list")?;
        if !p.peek()?.is_punct(")") {
            loop {
                operands.push(element(p)?);
                if !p.eat(",")? {
                    break;
                }
            }
        }
        p.expect(")", "to close operand list")?;
        if p.eat("<")? {
            attrs.extend(parse_attr_dict(&mut p.lx, 0)?);
            p.expect(">", "to close properties")?;
        }
    } else if name == "stablehlo.tuple" {
        while p.peek()?.kind == Kind::Value {
            operands.push(element(p)?);
            if !p.eat(",")? {
                break;
            }
        }
    } else {
        operands.push(element(p)?);
        p.expect("[", "before the tuple index")?;
        let t = p.next()?;
        index = t.text.parse::<usize>().ok().filter(|_| t.kind == Kind::Int);
        if index.is_none() {
            return Err(p.err(t.pos, "expected tuple index"));
        }
        p.expect("]", "after the tuple index")?;
    }
    if p.peek()?.is_punct("{") {
        attrs.extend(parse_attr_dict(&mut p.lx, 0)?);
    }
    p.expect(":", "after operand list")?;
    skip_type(p)?;
    if p.peek()?.kind == Kind::Arrow {
        p.next()?;
        skip_type(p)?;
    }
    let value = if name == "stablehlo.tuple" {
        TupleVal::Tuple(operands)
    } else {
        if let Some((_, a)) = attrs.iter().find(|(k, _)| k == "index") {
            index = a.as_i64().and_then(|i| usize::try_from(i).ok());
        }
        let (Some(i), [TupleVal::Tuple(elems)]) = (index, operands.as_slice()) else {
            return Err(p.err(
                name_tok.pos,
                "'stablehlo.get_tuple_element' expects a tuple and an index",
            ));
        };
        elems
            .get(i)
            .cloned()
            .ok_or_else(|| p.err(name_tok.pos, format!("tuple index {i} out of range")))?
    };
    match value {
        TupleVal::Tensor(v) => p.bind(*def, vec![v]),
        t => {
            p.check_fresh(*def)?;
            p.tuples.insert(def.text.to_string(), t);
            Ok(())
        }
    }
}

/// An operand: a tuple name or a tensor value.
fn element(p: &mut Parser) -> Result<TupleVal, Diagnostic> {
    let t = p.next()?;
    if t.kind != Kind::Value {
        return Err(p.err(
            t.pos,
            format!("expected SSA operand, found {}", t.describe()),
        ));
    }
    if let Some(tuple) = p.tuples.get(t.text) {
        return Ok(tuple.clone());
    }
    Ok(TupleVal::Tensor(p.lookup(t)?))
}

/// Skips one type (`tuple<...>`, `tensor<...>`) or a parenthesized type list.
fn skip_type(p: &mut Parser) -> Result<(), Diagnostic> {
    let t = p.peek()?;
    if t.is_punct("(") {
        p.lx.skip_balanced()?;
        return Ok(());
    }
    if t.kind == Kind::Ident && p.lx.peek2()?.is_punct("<") {
        p.next()?;
        p.lx.skip_balanced()?;
        return Ok(());
    }
    Err(p.err(t.pos, format!("expected type, found {}", t.describe())))
}
