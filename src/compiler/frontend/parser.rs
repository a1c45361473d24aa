//! The structural parser: modules, functions, regions and blocks, SSA value names, and
//! the generic op form `"dialect.op"(operands) <{props}> (regions) {attrs} : (types) -> types`.
//! Pretty per-op syntax lives in [`super::ops`].

pub use super::hex::decode_hex;
use std::collections::HashMap;

use rustc_hash::FxHashMap;

use super::attrs::{AttrValue, expect_punct, parse_attr_dict, parse_attr_dict_text};
use super::lexer::{Kind, Lexer, Token};
use super::types::{OpTypes, parse_op_types, parse_tensor_type};
use super::{chlo_ops, ops};
use crate::compiler::chlo::{self, ChloOp};
use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::builder::Builder;
use crate::compiler::ir::{Attr, Func, Loc, Module, Op, Opcode, Region, TensorType, ValueId};

/// Bound on region nesting (each level takes several stack frames).
const MAX_REGION_DEPTH: usize = 64;

/// An op as parsed, before its results are named.
pub struct ParsedOp {
    pub opcode: Opcode,
    pub operands: Vec<ValueId>,
    pub result_types: Vec<TensorType>,
    pub regions: Vec<Region>,
}

/// A CHLO op as parsed (or a composite standing for one), to expand into StableHLO.
pub struct ParsedChlo {
    /// The op name, for messages (`chlo.erf`).
    pub name: String,
    pub op: ChloOp,
    pub operands: Vec<ValueId>,
    pub result_types: Vec<TensorType>,
    pub regions: Vec<Region>,
}

/// What an op parses into: an IR op, or a CHLO op that expands into several.
pub enum Parsed {
    Op(ParsedOp),
    Chlo(ParsedChlo),
}

/// A statement of a block: an op, or the block's terminator.
enum Stmt {
    Op(Box<Op>),
    /// The expansion of a CHLO op (its results are bound to the expansion's values).
    Ops(Vec<Op>),
    Return(Vec<ValueId>, Loc),
    /// An op that only names existing values (sharding annotations, tuples); emits nothing.
    Alias,
}

pub struct Parser<'a> {
    pub lx: Lexer<'a>,
    /// Types of the values of the function being parsed.
    pub values: Vec<TensorType>,
    /// Visible value names, innermost region last; a name maps to all results it binds.
    /// Keys borrow the source text and hash with Fx (a fresh `String` per name and
    /// SipHash were a quarter of parsing a 100k-op program).
    scopes: Vec<FxHashMap<&'a str, Vec<ValueId>>>,
    /// Tuple values of the function (they exist only while parsing, see `tuple`).
    pub tuples: HashMap<String, super::tuple::TupleVal>,
    loc_aliases: HashMap<String, String>,
    /// Blobs of the `{-# dialect_resources: ... #-}` section, for `dense_resource<name>`.
    pub resources: HashMap<String, Vec<u8>>,
    /// End of the program text (start of the resource trailer, if any).
    program_end: usize,
    /// Region nesting depth, bounded so that hostile input cannot overflow the stack.
    depth: usize,
}

impl<'a> Parser<'a> {
    pub fn new(src: &'a str) -> Parser<'a> {
        Parser {
            lx: Lexer::new(src),
            values: Vec::new(),
            scopes: Vec::new(),
            tuples: HashMap::new(),
            loc_aliases: HashMap::new(),
            resources: HashMap::new(),
            program_end: src.len(),
            depth: 0,
        }
    }

    /// Reads the `{-# dialect_resources: { builtin: { name: "0x..." } } #-}` trailer, whose
    /// blobs start with a 4-byte alignment. Returns where the trailer starts (the end of the
    /// program text), or the text length if there is none.
    pub fn read_resources(&mut self) -> Result<usize, Diagnostic> {
        let src = self.lx.src;
        // The trailer starts a line (a `{-#` inside a string literal does not count).
        // Found from newline to newline backwards: a substring search backwards has no
        // vector prefilter and crawls through megabytes of weights, while the newlines
        // are found a vector at a time (hex blobs have none).
        let b = src.as_bytes();
        let start = match memchr::memrchr_iter(b'\n', b).find(|&i| b[i + 1..].starts_with(b"{-#")) {
            Some(i) => i + 1,
            None if src.starts_with("{-#") => 0,
            None => return Ok(src.len()),
        };
        let mut lx = Lexer::new(src);
        lx.pos = start + 3;
        loop {
            let t = lx.next_token()?;
            if t.kind == Kind::Eof || (t.kind == Kind::Hash && t.text == "-") {
                break;
            }
            if matches!(t.kind, Kind::Ident | Kind::Str) && lx.peek()?.is_punct(":") {
                lx.next_token()?;
                let v = lx.peek()?;
                if v.kind == Kind::Str {
                    lx.next_token()?;
                    let raw = super::lexer::unescape(v.text);
                    let bytes = raw
                        .strip_prefix(b"0x")
                        .and_then(decode_hex)
                        .ok_or_else(|| lx.error(v.pos, "expected hex blob \"0x...\""))?;
                    let key = match t.kind {
                        Kind::Str => {
                            String::from_utf8_lossy(&super::lexer::unescape(t.text)).into_owned()
                        }
                        _ => t.text.to_string(),
                    };
                    self.resources
                        .insert(key, bytes.get(4..).unwrap_or_default().to_vec());
                }
            }
        }
        Ok(start)
    }

    pub fn err(&self, pos: usize, msg: impl Into<String>) -> Diagnostic {
        self.lx.error(pos, msg)
    }

    pub fn loc(&self, pos: usize) -> Loc {
        Loc {
            pos: self.lx.source_pos(pos),
            mlir: None,
        }
    }

    pub fn peek(&mut self) -> Result<Token<'a>, Diagnostic> {
        self.lx.peek()
    }

    pub fn next(&mut self) -> Result<Token<'a>, Diagnostic> {
        self.lx.next_token()
    }

    pub fn expect(&mut self, p: &str, ctx: &str) -> Result<usize, Diagnostic> {
        expect_punct(&mut self.lx, p, ctx)
    }

    /// Consumes `p` if it is next.
    pub fn eat(&mut self, p: &str) -> Result<bool, Diagnostic> {
        if self.peek()?.is_punct(p) {
            self.next()?;
            return Ok(true);
        }
        Ok(false)
    }

    pub fn eat_ident(&mut self, s: &str) -> Result<bool, Diagnostic> {
        if self.peek()?.is_ident(s) {
            self.next()?;
            return Ok(true);
        }
        Ok(false)
    }

    pub fn expect_ident(&mut self, s: &str, ctx: &str) -> Result<usize, Diagnostic> {
        let t = self.next()?;
        if !t.is_ident(s) {
            return Err(self.err(t.pos, format!("expected '{s}' {ctx}")));
        }
        Ok(t.pos)
    }

    // ---- module level ----

    pub fn parse_module(&mut self) -> Result<Module, Diagnostic> {
        self.program_end = self.read_resources()?;
        let mut module = Module::default();
        let mut seen_module = false;
        loop {
            let t = self.peek()?;
            if t.pos >= self.program_end {
                break;
            }
            match t.kind {
                Kind::Eof => break,
                Kind::Hash => self.parse_alias_def()?,
                Kind::Ident if t.text == "module" || t.text == "builtin.module" => {
                    if seen_module {
                        return Err(self.err(t.pos, "unsupported: more than one module"));
                    }
                    seen_module = true;
                    self.next()?;
                    if self.peek()?.kind == Kind::Symbol {
                        module.name = Some(self.next()?.text.trim_matches('"').to_string());
                    }
                    if self.eat_ident("attributes")? {
                        parse_attr_dict(&mut self.lx, 0)?;
                    }
                    self.expect("{", "to start module body")?;
                    loop {
                        let t = self.peek()?;
                        if t.is_punct("}") {
                            self.next()?;
                            break;
                        }
                        self.parse_module_item(&mut module)?;
                    }
                    self.parse_opt_loc()?;
                }
                Kind::Str if t.text == "\"builtin.module\"" => {
                    if seen_module {
                        return Err(self.err(t.pos, "unsupported: more than one module"));
                    }
                    seen_module = true;
                    self.parse_generic_module(&mut module)?;
                }
                _ => self.parse_module_item(&mut module)?,
            }
        }
        self.resolve_loc_aliases(&mut module);
        Ok(module)
    }

    fn parse_module_item(&mut self, module: &mut Module) -> Result<(), Diagnostic> {
        let t = self.peek()?;
        match t.kind {
            Kind::Ident if t.text == "func.func" => {
                let f = self.parse_func()?;
                if module.funcs.iter().any(|g| g.name == f.name) {
                    return Err(self.err(t.pos, format!("redefinition of symbol '@{}'", f.name)));
                }
                module.funcs.push(f);
                Ok(())
            }
            Kind::Str if t.text == "\"func.func\"" => {
                let f = self.parse_generic_func()?;
                if module.funcs.iter().any(|g| g.name == f.name) {
                    return Err(self.err(t.pos, format!("redefinition of symbol '@{}'", f.name)));
                }
                module.funcs.push(f);
                Ok(())
            }
            // Sharding meshes carry no computation.
            Kind::Ident if t.text == "sdy.mesh" => {
                self.next()?;
                self.next()?; // @name
                self.expect("=", "after mesh name")?;
                self.lx.skip_balanced()?;
                if self.peek()?.is_punct("{") {
                    parse_attr_dict(&mut self.lx, 0)?;
                }
                self.parse_opt_loc()?;
                Ok(())
            }
            Kind::Hash => self.parse_alias_def(),
            Kind::Eof => Err(self.err(t.pos, "expected '}' to close module")),
            _ => Err(self.err(
                t.pos,
                format!("expected 'func.func' or 'module', found {}", t.describe()),
            )),
        }
    }

    /// `"builtin.module"() <{sym_name = "m"}> ({ funcs }) : () -> ()`
    fn parse_generic_module(&mut self, module: &mut Module) -> Result<(), Diagnostic> {
        self.next()?;
        self.expect("(", "after op name")?;
        self.expect(")", "(a module has no operands)")?;
        let mut props = Vec::new();
        if self.eat("<")? {
            props = parse_attr_dict(&mut self.lx, 0)?;
            self.expect(">", "to close properties")?;
        }
        if let Some((_, AttrValue::Str(n))) = props.iter().find(|(k, _)| k == "sym_name") {
            module.name = Some(n.clone());
        }
        self.expect("(", "to start the module region")?;
        self.expect("{", "to start the module region")?;
        if self.peek()?.kind == Kind::Block {
            self.next()?;
            self.expect(":", "after block label")?;
        }
        while !self.eat("}")? {
            self.parse_module_item(module)?;
        }
        self.expect(")", "to close the module region")?;
        if self.peek()?.is_punct("{") {
            parse_attr_dict(&mut self.lx, 0)?;
        }
        self.expect(":", "after the module region")?;
        parse_op_types(&mut self.lx)?;
        self.parse_opt_loc()?;
        Ok(())
    }

    /// `"func.func"() <{function_type = (..) -> .., sym_name = "f", ...}> ({ ^bb0(..): .. }) : () -> ()`
    fn parse_generic_func(&mut self) -> Result<Func, Diagnostic> {
        let start = self.next()?.pos;
        self.expect("(", "after op name")?;
        self.expect(")", "(a function has no operands)")?;
        let mut props = Vec::new();
        if self.eat("<")? {
            props = parse_attr_dict(&mut self.lx, 0)?;
            self.expect(">", "to close properties")?;
        }
        let region_pos = self.expect("(", "to start the function body")?;
        let get = |props: &[(String, AttrValue)], k: &str| {
            props.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone())
        };
        let (inputs, result_types) = match get(&props, "function_type") {
            Some(AttrValue::FuncType(i, o)) => (i, o),
            _ => return Err(self.err(start, "'func.func' op requires attribute 'function_type'")),
        };
        let name = match get(&props, "sym_name") {
            Some(AttrValue::Str(s)) => s,
            _ => return Err(self.err(start, "'func.func' op requires attribute 'sym_name'")),
        };
        let public =
            !matches!(get(&props, "sym_visibility"), Some(AttrValue::Str(v)) if v != "public");
        let dicts = |v: Option<AttrValue>| -> Vec<Vec<(String, Attr)>> {
            match v {
                Some(AttrValue::Array(items)) => items
                    .iter()
                    .map(|d| match d {
                        AttrValue::Dict(kv) => kv
                            .iter()
                            .map(|(k, a)| (k.clone(), a.to_ir(&format!("{a:?}"))))
                            .collect(),
                        _ => Vec::new(),
                    })
                    .collect(),
                _ => Vec::new(),
            }
        };
        let mut arg_attrs = dicts(get(&props, "arg_attrs"));
        let mut result_attrs = dicts(get(&props, "res_attrs"));
        if arg_attrs.iter().all(Vec::is_empty) {
            arg_attrs.clear();
        }
        if result_attrs.iter().all(Vec::is_empty) {
            result_attrs.clear();
        }
        self.values.clear();
        self.scopes = vec![FxHashMap::default()];
        self.tuples.clear();
        let mut body = Region::default();
        self.parse_block(&mut body, true)?;
        let arg_types: Vec<TensorType> = body
            .args
            .iter()
            .map(|a| self.values[a.index()].clone())
            .collect();
        if arg_types != inputs {
            return Err(self.err(
                region_pos,
                "entry block arguments do not match 'function_type'",
            ));
        }
        self.expect(")", "to close the function body")?;
        if self.peek()?.is_punct("{") {
            parse_attr_dict(&mut self.lx, 0)?;
        }
        self.expect(":", "after the function body")?;
        parse_op_types(&mut self.lx)?;
        let mlir = self.parse_opt_loc()?;
        Ok(Func {
            name,
            public,
            values: std::mem::take(&mut self.values),
            body,
            result_types,
            arg_attrs,
            result_attrs,
            loc: Loc {
                pos: self.lx.source_pos(start),
                mlir,
            },
            valid_extents: Default::default(),
        })
    }

    /// `#name = value` (location aliases are remembered; others are skipped).
    fn parse_alias_def(&mut self) -> Result<(), Diagnostic> {
        let name = self.next()?;
        self.expect("=", "in attribute alias definition")?;
        let t = self.peek()?;
        if t.is_ident("loc") {
            self.next()?;
            let body = self.lx.skip_balanced()?;
            self.loc_aliases
                .insert(name.text.to_string(), format!("loc{body}"));
        } else {
            super::attrs::parse_attr(&mut self.lx, 0)?;
        }
        Ok(())
    }

    /// `loc(...)` if present, as text.
    pub fn parse_opt_loc(&mut self) -> Result<Option<String>, Diagnostic> {
        if self.peek()?.is_ident("loc") && self.lx.peek2()?.is_punct("(") {
            self.next()?;
            let body = self.lx.skip_balanced()?;
            return Ok(Some(format!("loc{body}")));
        }
        Ok(None)
    }

    fn resolve_loc_aliases(&self, module: &mut Module) {
        fn fix(aliases: &HashMap<String, String>, loc: &mut Loc) {
            if let Some(m) = &mut loc.mlir
                && m.contains('#')
            {
                *m = expand_loc_aliases(m, aliases);
            }
        }
        fn walk(aliases: &HashMap<String, String>, r: &mut Region) {
            fix(aliases, &mut r.yield_loc);
            for op in &mut r.ops {
                fix(aliases, &mut op.loc);
                for r in &mut op.regions {
                    walk(aliases, r);
                }
            }
        }
        if self.loc_aliases.is_empty() {
            return;
        }
        for f in &mut module.funcs {
            fix(&self.loc_aliases, &mut f.loc);
            walk(&self.loc_aliases, &mut f.body);
        }
    }

    // ---- functions ----

    fn parse_func(&mut self) -> Result<Func, Diagnostic> {
        let start = self.expect_ident("func.func", "")?;
        let mut public = true;
        let t = self.peek()?;
        if t.kind == Kind::Ident && matches!(t.text, "public" | "private" | "nested") {
            self.next()?;
            public = t.text == "public";
        }
        let name = self.next()?;
        if name.kind != Kind::Symbol {
            return Err(self.err(name.pos, "expected function name '@...'"));
        }
        self.values.clear();
        self.scopes = vec![FxHashMap::default()];
        self.tuples.clear();
        let mut body = Region::default();
        let mut arg_attrs = Vec::new();
        self.expect("(", "to start function arguments")?;
        if !self.eat(")")? {
            loop {
                let v = self.next()?;
                if v.kind != Kind::Value {
                    return Err(self.err(v.pos, "expected SSA value name for function argument"));
                }
                self.expect(":", "after function argument name")?;
                let ty = parse_tensor_type(&mut self.lx)?;
                let id = self.new_value(ty);
                self.bind(v, vec![id])?;
                body.args.push(id);
                arg_attrs.push(self.parse_opt_ir_attrs()?);
                self.parse_opt_loc()?;
                if self.eat(")")? {
                    break;
                }
                self.expect(",", "or ')' in function arguments")?;
            }
        }
        let mut result_types = Vec::new();
        let mut result_attrs = Vec::new();
        if self.peek()?.kind == Kind::Arrow {
            self.next()?;
            if self.eat("(")? {
                if !self.eat(")")? {
                    loop {
                        result_types.push(parse_tensor_type(&mut self.lx)?);
                        result_attrs.push(self.parse_opt_ir_attrs()?);
                        if self.eat(")")? {
                            break;
                        }
                        self.expect(",", "or ')' in function results")?;
                    }
                }
            } else {
                result_types.push(parse_tensor_type(&mut self.lx)?);
                result_attrs.push(Vec::new());
            }
        }
        if self.eat_ident("attributes")? {
            parse_attr_dict(&mut self.lx, 0)?;
        }
        let open = self.peek()?;
        if !open.is_punct("{") {
            return Err(self.err(
                open.pos,
                "unsupported: function declaration without a body (expected '{')",
            ));
        }
        self.parse_block(&mut body, true)?;
        let mlir = self.parse_opt_loc()?;
        // Argument/result attribute lists are kept only when some are present.
        if arg_attrs.iter().all(Vec::is_empty) {
            arg_attrs.clear();
        }
        if result_attrs.iter().all(Vec::is_empty) {
            result_attrs.clear();
        }
        Ok(Func {
            name: name.text.trim_matches('"').to_string(),
            public,
            values: std::mem::take(&mut self.values),
            body,
            result_types,
            arg_attrs,
            result_attrs,
            loc: Loc {
                pos: self.lx.source_pos(start),
                mlir,
            },
            valid_extents: Default::default(),
        })
    }

    fn parse_opt_ir_attrs(&mut self) -> Result<Vec<(String, Attr)>, Diagnostic> {
        if !self.peek()?.is_punct("{") {
            return Ok(Vec::new());
        }
        Ok(parse_attr_dict_text(&mut self.lx, 0)?
            .into_iter()
            .map(|(k, v, text)| {
                let a = v.to_ir(text);
                (k, a)
            })
            .collect())
    }

    // ---- values ----

    pub fn new_value(&mut self, ty: TensorType) -> ValueId {
        self.values.push(ty);
        ValueId(self.values.len() as u32 - 1)
    }

    /// Binds a value name (token text without `%`) to values in the innermost scope.
    pub fn bind(&mut self, name: Token<'a>, ids: Vec<ValueId>) -> Result<(), Diagnostic> {
        self.check_fresh(name)?;
        self.scopes
            .last_mut()
            .expect("a scope is open")
            .insert(name.text, ids);
        Ok(())
    }

    /// Checks that a value name being defined is valid and not visible yet.
    pub fn check_fresh(&self, name: Token) -> Result<(), Diagnostic> {
        if name.text.contains('#') {
            return Err(self.err(name.pos, "invalid SSA value name"));
        }
        if self.scopes.iter().any(|s| s.contains_key(name.text))
            || self.tuples.contains_key(name.text)
        {
            return Err(self.err(name.pos, format!("redefinition of value '%{}'", name.text)));
        }
        Ok(())
    }

    /// Resolves a value use `%name` or `%name#i`.
    pub fn lookup(&self, tok: Token) -> Result<ValueId, Diagnostic> {
        let (name, index) = match tok.text.split_once('#') {
            Some((n, i)) => (n, i.parse::<usize>().ok()),
            None => (tok.text, None),
        };
        let ids = self
            .scopes
            .iter()
            .rev()
            .find_map(|s| s.get(name))
            .ok_or_else(|| {
                if self.tuples.contains_key(name) {
                    return self.err(
                        tok.pos,
                        format!("unsupported: tuple value '%{name}' used other than by get_tuple_element"),
                    );
                }
                self.err(tok.pos, format!("use of undefined value '%{name}'"))
            })?;
        let i = match (index, tok.text.contains('#')) {
            (Some(i), _) => i,
            (None, false) => 0,
            (None, true) => return Err(self.err(tok.pos, "invalid result number")),
        };
        ids.get(i).copied().ok_or_else(|| {
            self.err(
                tok.pos,
                format!(
                    "result number {i} out of range: '%{name}' has {} results",
                    ids.len()
                ),
            )
        })
    }

    /// Parses a `%value` use.
    pub fn parse_operand(&mut self) -> Result<ValueId, Diagnostic> {
        let t = self.next()?;
        if t.kind != Kind::Value {
            return Err(self.err(
                t.pos,
                format!("expected SSA operand, found {}", t.describe()),
            ));
        }
        self.lookup(t)
    }

    /// `%a, %b, ...` (possibly empty when `close` follows).
    pub fn parse_operand_list(&mut self, close: &str) -> Result<Vec<ValueId>, Diagnostic> {
        let mut out = Vec::new();
        if self.peek()?.is_punct(close) {
            return Ok(out);
        }
        loop {
            out.push(self.parse_operand()?);
            if !self.eat(",")? {
                return Ok(out);
            }
        }
    }

    pub fn push_scope(&mut self) {
        self.scopes.push(FxHashMap::default());
    }

    pub fn pop_scope(&mut self) {
        self.scopes.pop();
    }

    // ---- regions and blocks ----

    /// Parses `{ [^bb0(args):] ops terminator }` into `region` (whose `args` may already be
    /// set by the caller, e.g. function parameters or `while` iteration arguments).
    pub fn parse_block(&mut self, region: &mut Region, is_func: bool) -> Result<(), Diagnostic> {
        let open = self.expect("{", "to start region")?;
        self.depth += 1;
        if self.depth > MAX_REGION_DEPTH {
            return Err(self.err(open, "regions nested too deeply"));
        }
        if self.peek()?.kind == Kind::Block {
            let label = self.next()?;
            if self.eat("(")? && !self.eat(")")? {
                if !region.args.is_empty() {
                    return Err(self.err(label.pos, "block arguments given twice"));
                }
                loop {
                    let v = self.next()?;
                    if v.kind != Kind::Value {
                        return Err(self.err(v.pos, "expected block argument name"));
                    }
                    self.expect(":", "after block argument name")?;
                    let ty = parse_tensor_type(&mut self.lx)?;
                    let id = self.new_value(ty);
                    self.bind(v, vec![id])?;
                    region.args.push(id);
                    self.parse_opt_loc()?;
                    if self.eat(")")? {
                        break;
                    }
                    self.expect(",", "or ')' in block arguments")?;
                }
            }
            self.expect(":", "after block label")?;
        }
        loop {
            let t = self.peek()?;
            if t.is_punct("}") {
                return Err(self.err(
                    t.pos,
                    if is_func {
                        "expected 'return' at the end of the function body"
                    } else {
                        "expected 'stablehlo.return' at the end of the region"
                    },
                ));
            }
            if t.kind == Kind::Block {
                return Err(self.err(t.pos, "unsupported: multiple blocks in a region"));
            }
            match self.parse_stmt()? {
                Stmt::Op(op) => region.ops.push(*op),
                Stmt::Ops(ops) => region.ops.extend(ops),
                Stmt::Alias => {}
                Stmt::Return(values, loc) => {
                    region.yields = values;
                    region.yield_loc = loc;
                    let close = self.next()?;
                    if !close.is_punct("}") {
                        return Err(self.err(close.pos, "expected '}' after the terminator"));
                    }
                    self.depth -= 1;
                    return Ok(());
                }
            }
        }
    }

    /// A region of a stablehlo op: `{ ... }` in a scope of its own.
    pub fn parse_region(&mut self) -> Result<Region, Diagnostic> {
        let mut r = Region::default();
        self.push_scope();
        let res = self.parse_block(&mut r, false);
        self.pop_scope();
        res.map(|()| r)
    }

    /// A region whose block arguments are given by the op syntax (`while`, `reduce`).
    pub fn parse_region_with_args(
        &mut self,
        args: &[(Token<'a>, TensorType)],
    ) -> Result<Region, Diagnostic> {
        let mut r = Region::default();
        self.push_scope();
        let res = (|| {
            for (name, ty) in args {
                let id = self.new_value(ty.clone());
                self.bind(*name, vec![id])?;
                r.args.push(id);
            }
            self.parse_block(&mut r, false)
        })();
        self.pop_scope();
        res.map(|()| r)
    }

    // ---- statements ----

    fn parse_stmt(&mut self) -> Result<Stmt, Diagnostic> {
        let start = self.peek()?.pos;
        // Result names: `%0`, `%0:2`, `%a, %b`.
        let mut defs: Vec<(Token<'a>, usize)> = Vec::new();
        if self.peek()?.kind == Kind::Value {
            loop {
                let v = self.next()?;
                if v.kind != Kind::Value {
                    return Err(self.err(v.pos, "expected SSA result name"));
                }
                let mut count = 1;
                if self.eat(":")? {
                    let n = self.next()?;
                    count = n
                        .text
                        .parse::<usize>()
                        .ok()
                        .filter(|&c| c > 0 && n.kind == Kind::Int && c < 1 << 20)
                        .ok_or_else(|| self.err(n.pos, "expected result count"))?;
                }
                defs.push((v, count));
                if !self.eat(",")? {
                    break;
                }
            }
            self.expect("=", "after SSA result names")?;
        }
        let name_tok = self.next()?;
        let name: String = match name_tok.kind {
            Kind::Ident => name_tok.text.to_string(),
            Kind::Str => {
                String::from_utf8_lossy(&super::lexer::unescape(name_tok.text)).into_owned()
            }
            _ => {
                return Err(self.err(
                    name_tok.pos,
                    format!("expected operation name, found {}", name_tok.describe()),
                ));
            }
        };
        if matches!(
            name.as_str(),
            "return" | "func.return" | "stablehlo.return" | "mhlo.return"
        ) {
            if let Some((v, _)) = defs.first() {
                return Err(self.err(v.pos, format!("'{name}' has no results")));
            }
            let values = if name_tok.kind == Kind::Str {
                self.expect("(", "to start operand list")?;
                let v = self.parse_operand_list(")")?;
                self.expect(")", "to close operand list")?;
                if self.peek()?.is_punct("{") {
                    parse_attr_dict(&mut self.lx, 0)?;
                }
                self.expect(":", "after operand list")?;
                parse_op_types(&mut self.lx)?;
                v
            } else {
                let v = if self.peek()?.kind == Kind::Value {
                    self.parse_operand_list(":")?
                } else {
                    Vec::new()
                };
                if !v.is_empty() {
                    self.expect(":", "after operand list")?;
                    let tys = super::types::parse_type_list(&mut self.lx)?;
                    if tys.len() != v.len() {
                        return Err(self.err(
                            start,
                            format!(
                                "{} operands present, but {} types given",
                                v.len(),
                                tys.len()
                            ),
                        ));
                    }
                }
                v
            };
            let mlir = self.parse_opt_loc()?;
            let mut loc = self.loc(name_tok.pos);
            loc.mlir = mlir;
            return Ok(Stmt::Return(values, loc));
        }
        if matches!(
            name.as_str(),
            "stablehlo.tuple" | "stablehlo.get_tuple_element"
        ) {
            super::tuple::parse_tuple_op(self, &name, name_tok, &defs)?;
            self.parse_opt_loc()?;
            return Ok(Stmt::Alias);
        }
        if name == "sdy.sharding_constraint" && name_tok.kind == Kind::Ident {
            // `%1 = sdy.sharding_constraint %0 <@mesh, [{}]> : t`: sharding is irrelevant on
            // one device, so `%1` names `%0`.
            let v = self.parse_operand()?;
            self.lx.skip_balanced()?;
            if self.peek()?.is_punct("{") {
                parse_attr_dict(&mut self.lx, 0)?;
            }
            self.expect(":", "after operand list")?;
            parse_op_types(&mut self.lx)?;
            self.parse_opt_loc()?;
            return self.bind_alias(start, defs, v);
        }
        let parsed = if name_tok.kind == Kind::Str {
            self.parse_generic_op(&name, name_tok.pos)?
        } else {
            ops::parse_pretty_op(self, &name, name_tok.pos)?
        };
        let mlir = self.parse_opt_loc()?;
        let mut parsed = match parsed {
            Parsed::Op(op) => op,
            Parsed::Chlo(c) => return self.expand_chlo(start, defs, c, mlir),
        };
        ops::static_form(
            &mut parsed.opcode,
            &mut parsed.operands,
            &parsed.result_types,
            &self.values,
        );
        // `custom_call @Sharding(%x)` (sharding annotation of older JAX) is the identity.
        if let Opcode::CustomCall { target, .. } = &parsed.opcode
            && target == "Sharding"
            && parsed.operands.len() == 1
            && parsed.result_types.len() == 1
            && self.values[parsed.operands[0].index()] == parsed.result_types[0]
        {
            return self.bind_alias(start, defs, parsed.operands[0]);
        }
        let total: usize = defs.iter().map(|d| d.1).sum();
        if total != parsed.result_types.len() {
            return Err(self.err(
                start,
                format!(
                    "operation defines {} results but was provided {} to bind",
                    parsed.result_types.len(),
                    total
                ),
            ));
        }
        let results: Vec<ValueId> = parsed
            .result_types
            .into_iter()
            .map(|t| self.new_value(t))
            .collect();
        let mut next = 0;
        for (tok, count) in defs {
            self.bind(tok, results[next..next + count].to_vec())?;
            next += count;
        }
        Ok(Stmt::Op(Box::new(Op {
            opcode: parsed.opcode,
            operands: parsed.operands,
            results,
            regions: parsed.regions,
            loc: Loc {
                pos: self.lx.source_pos(start),
                mlir,
            },
        })))
    }

    /// Appends the StableHLO expansion of a CHLO op and binds its result names to the
    /// values the expansion computes.
    fn expand_chlo(
        &mut self,
        start: usize,
        defs: Vec<(Token<'a>, usize)>,
        c: ParsedChlo,
        mlir: Option<String>,
    ) -> Result<Stmt, Diagnostic> {
        let total: usize = defs.iter().map(|d| d.1).sum();
        if total != c.result_types.len() {
            return Err(self.err(
                start,
                format!(
                    "operation defines {} results but was provided {} to bind",
                    c.result_types.len(),
                    total
                ),
            ));
        }
        let loc = Loc {
            pos: self.lx.source_pos(start),
            mlir,
        };
        let mut ops = Vec::new();
        let results = {
            let mut b = Builder::new(&mut self.values, &mut ops, loc);
            chlo::expand(
                &mut b,
                &c.name,
                &c.op,
                &c.operands,
                &c.result_types,
                c.regions,
            )?
        };
        let mut next = 0;
        for (tok, count) in defs {
            self.bind(tok, results[next..next + count].to_vec())?;
            next += count;
        }
        Ok(Stmt::Ops(ops))
    }

    /// Binds the single result name of an identity op to its operand.
    fn bind_alias(
        &mut self,
        start: usize,
        defs: Vec<(Token<'a>, usize)>,
        v: ValueId,
    ) -> Result<Stmt, Diagnostic> {
        match defs.as_slice() {
            [(name, 1)] => {
                self.bind(*name, vec![v])?;
                Ok(Stmt::Alias)
            }
            _ => Err(self.err(start, "expected exactly one result name")),
        }
    }

    /// `"name"(operands) <{props}> (regions) {attrs} : (types) -> types`
    fn parse_generic_op(&mut self, name: &str, pos: usize) -> Result<Parsed, Diagnostic> {
        self.expect("(", "to start operand list")?;
        let mut operand_toks = Vec::new();
        if !self.peek()?.is_punct(")") {
            loop {
                let t = self.next()?;
                if t.kind != Kind::Value {
                    return Err(self.err(
                        t.pos,
                        format!("expected SSA operand, found {}", t.describe()),
                    ));
                }
                operand_toks.push(t);
                if !self.eat(",")? {
                    break;
                }
            }
        }
        self.expect(")", "to close operand list")?;
        let operands = operand_toks
            .iter()
            .map(|&t| self.lookup(t))
            .collect::<Result<Vec<_>, _>>()?;
        let t = self.peek()?;
        if t.is_punct("[") {
            return Err(self.err(t.pos, "unsupported: successor blocks"));
        }
        let mut attrs: Vec<(String, AttrValue)> = Vec::new();
        if t.is_punct("<") {
            self.next()?;
            attrs.extend(parse_attr_dict(&mut self.lx, 0)?);
            self.expect(">", "to close properties")?;
        }
        let mut regions = Vec::new();
        if self.peek()?.is_punct("(") {
            self.next()?;
            loop {
                regions.push(self.parse_region()?);
                if !self.eat(",")? {
                    break;
                }
            }
            self.expect(")", "to close region list")?;
        }
        if self.peek()?.is_punct("{") {
            attrs.extend(parse_attr_dict(&mut self.lx, 0)?);
        }
        let colon = self.peek()?;
        if !colon.is_punct(":") {
            return Err(self.err(colon.pos, "expected ':' after operand list"));
        }
        self.next()?;
        let (inputs, outputs) = match parse_op_types(&mut self.lx)? {
            OpTypes::Function(i, o) => (i, o),
            OpTypes::List(_) => return Err(self.err(colon.pos + 1, "expected function type")),
        };
        self.check_operand_types(pos, &operand_toks, &operands, &inputs)?;
        if let Some(op) = chlo_ops::chlo_of(self, name, pos, &attrs)? {
            return Ok(Parsed::Chlo(ParsedChlo {
                name: chlo_ops::source_name(name, &attrs),
                op,
                operands,
                result_types: outputs,
                regions,
            }));
        }
        let opcode = ops::build_opcode(self, name, pos, &attrs, &operands)?;
        Ok(Parsed::Op(ParsedOp {
            opcode,
            operands: ops::desugar_operands(name, operands),
            result_types: outputs,
            regions,
        }))
    }

    /// Checks that the declared operand types match the operands' types.
    pub fn check_operand_types(
        &self,
        pos: usize,
        toks: &[Token],
        operands: &[ValueId],
        types: &[TensorType],
    ) -> Result<(), Diagnostic> {
        if types.len() != operands.len() {
            return Err(self.err(
                pos,
                format!(
                    "{} operands present, but expected {}",
                    operands.len(),
                    types.len()
                ),
            ));
        }
        for ((&v, ty), tok) in operands.iter().zip(types).zip(toks) {
            self.check_type(*tok, v, ty)?;
        }
        Ok(())
    }

    /// Checks that the use `tok` of value `v` is declared with `v`'s type.
    pub fn check_type(&self, tok: Token, v: ValueId, ty: &TensorType) -> Result<(), Diagnostic> {
        let actual = &self.values[v.index()];
        if actual != ty {
            return Err(self.err(
                tok.pos,
                format!(
                    "use of value '%{}' expects different type than prior uses: {ty} vs {actual}",
                    tok.text
                ),
            ));
        }
        Ok(())
    }
}

/// Replaces `#locN` references in a location by their definitions: `loc(#loc2)` with
/// `#loc2 = loc("f"(#loc1))` and `#loc1 = loc("x.py":3:1)` gives `loc("f"("x.py":3:1))`.
/// Expansion is bounded, as aliases may nest deeply (or, in bad input, refer to themselves).
fn expand_loc_aliases(text: &str, aliases: &HashMap<String, String>) -> String {
    const MAX_LEN: usize = 4096;
    let mut cur = text.to_string();
    for _ in 0..16 {
        let mut out = String::with_capacity(cur.len());
        let mut changed = false;
        let mut rest = cur.as_str();
        while let Some(i) = rest.find('#') {
            out.push_str(&rest[..i]);
            let after = &rest[i + 1..];
            let end = after
                .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.' | '-')))
                .unwrap_or(after.len());
            match aliases.get(&after[..end]) {
                Some(def) => {
                    // A nested location is written without its `loc(...)` wrapper.
                    let inner = def
                        .strip_prefix("loc(")
                        .and_then(|d| d.strip_suffix(')'))
                        .unwrap_or(def);
                    out.push_str(inner);
                    changed = true;
                }
                None => {
                    out.push('#');
                    out.push_str(&after[..end]);
                }
            }
            rest = &after[end..];
        }
        out.push_str(rest);
        if !changed || out.len() > MAX_LEN {
            return if out.len() > MAX_LEN { cur } else { out };
        }
        cur = out;
    }
    cur
}
