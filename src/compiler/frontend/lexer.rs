//! MLIR text lexer. Tokens are produced on demand so that parsers of special syntax
//! (tensor shapes like `2x3xf32`, `loc(...)`, opaque attributes) can scan raw text at
//! the cursor without a token buffer getting in the way.

use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::SourcePos;
use std::borrow::Cow;
use std::cell::RefCell;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Eof,
    /// Bare identifier or keyword: `func.func`, `tensor`, `dense`, `x`, `GT`, `e11m52`.
    Ident,
    /// `%name`, `%0`, `%0#1` (text without the `%`).
    Value,
    /// `@name` or `@"quoted"` (text without the `@`, quotes kept for quoted names).
    Symbol,
    /// `^bb0` (text without the `^`).
    Block,
    /// `#loc1`, `#stablehlo.gather`, `#stablehlo` (text without the `#`).
    Hash,
    /// Decimal or hex integer, possibly with a leading `-`.
    Int,
    /// Decimal float literal, possibly with a leading `-`.
    Float,
    /// A string literal (text with the quotes).
    Str,
    /// `->`
    Arrow,
    /// Any other single character: `( ) { } [ ] < > , : = ! ? * + -`.
    Punct,
}

#[derive(Clone, Copy, Debug)]
pub struct Token<'a> {
    pub kind: Kind,
    pub text: &'a str,
    /// Byte offset of the token start.
    pub pos: usize,
    /// Byte offset just past the token.
    pub end: usize,
}

impl Token<'_> {
    pub fn is(&self, kind: Kind, text: &str) -> bool {
        self.kind == kind && self.text == text
    }

    pub fn is_punct(&self, c: &str) -> bool {
        self.is(Kind::Punct, c)
    }

    pub fn is_ident(&self, s: &str) -> bool {
        self.is(Kind::Ident, s)
    }

    /// A human-readable rendering for messages.
    pub fn describe(&self) -> String {
        match self.kind {
            Kind::Eof => "end of input".to_string(),
            Kind::Value => format!("'%{}'", self.text),
            Kind::Symbol => format!("'@{}'", self.text),
            Kind::Block => format!("'^{}'", self.text),
            Kind::Hash => format!("'#{}'", self.text),
            _ => format!("'{}'", self.text),
        }
    }
}

pub struct Lexer<'a> {
    pub src: &'a str,
    pub pos: usize,
    /// Offsets where lines start, computed on the first error (only messages need them).
    /// Built as far as positions are asked for (every op records one), so the text is
    /// scanned for newlines once, and hex blobs (no newlines) not at all.
    lines: RefCell<Lines>,
    /// The token last lexed, so that `peek` then `next_token` lex it once (a hex blob
    /// of megabytes is scanned once, not twice). The source never changes, so a token
    /// stays valid for its position.
    last: Option<Token<'a>>,
}

/// Offsets where lines start, for the text before `scanned`.
struct Lines {
    starts: Vec<usize>,
    scanned: usize,
    /// The line (1-based) of the last position asked for: ops come in text order, so the
    /// next one is on that line or a few after it (a binary search per op was 7% of
    /// parsing a 100k-line program).
    hint: usize,
}

impl Lines {
    fn scan_to(&mut self, src: &[u8], offset: usize) {
        if offset > self.scanned {
            let from = self.scanned;
            self.starts
                .extend(memchr::memchr_iter(b'\n', &src[from..offset]).map(|i| from + i + 1));
            self.scanned = offset;
        }
    }
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'.'
}

/// Characters allowed in `%name`, `@name`, `^name`, `#name` (MLIR suffix-id).
fn is_suffix_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.' | b'-')
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a str) -> Lexer<'a> {
        Lexer {
            src,
            pos: 0,
            lines: RefCell::new(Lines {
                starts: vec![0],
                scanned: 0,
                hint: 1,
            }),
            last: None,
        }
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn source_pos(&self, offset: usize) -> SourcePos {
        let mut offset = offset.min(self.src.len());
        while !self.src.is_char_boundary(offset) {
            offset -= 1;
        }
        let mut lines = self.lines.borrow_mut();
        lines.scan_to(self.src.as_bytes(), offset);
        // The 1-based line holding `offset`: the last start <= offset.
        let on_line = |l: usize, starts: &[usize]| {
            l >= 1
                && l <= starts.len()
                && starts[l - 1] <= offset
                && starts.get(l).is_none_or(|&next| next > offset)
        };
        let line = match (lines.hint..lines.hint + 4).find(|&l| on_line(l, &lines.starts)) {
            Some(l) => l,
            None => lines.starts.partition_point(|&s| s <= offset),
        };
        lines.hint = line;
        let start = lines.starts[line - 1];
        let col = self.src[start..offset].chars().count() + 1;
        SourcePos::Text {
            line: line as u32,
            col: col as u32,
        }
    }

    /// Tells the line index that `range` holds no newline (a hex blob the decoder
    /// checked), so that it need not be scanned.
    pub fn no_newlines(&self, range: std::ops::Range<usize>) {
        let mut lines = self.lines.borrow_mut();
        if lines.scanned <= range.start {
            lines.scan_to(self.src.as_bytes(), range.start);
            lines.scanned = range.end;
        }
    }

    pub fn error(&self, offset: usize, msg: impl Into<String>) -> Diagnostic {
        Diagnostic::new(self.source_pos(offset), msg)
    }

    fn bytes(&self) -> &'a [u8] {
        self.src.as_bytes()
    }

    /// Skips whitespace and `//` comments.
    pub fn skip_trivia(&mut self) {
        let b = self.bytes();
        loop {
            while self.pos < b.len() && b[self.pos].is_ascii_whitespace() {
                self.pos += 1;
            }
            if b[self.pos..].starts_with(b"//") {
                while self.pos < b.len() && b[self.pos] != b'\n' {
                    self.pos += 1;
                }
            } else {
                return;
            }
        }
    }

    /// The next token, without consuming it.
    pub fn peek(&mut self) -> Result<Token<'a>, Diagnostic> {
        self.skip_trivia();
        if let Some(t) = self.last
            && t.pos == self.pos
        {
            return Ok(t);
        }
        let t = self.lex_at(self.pos)?;
        self.last = Some(t);
        Ok(t)
    }

    /// The token after the next one, without consuming anything.
    pub fn peek2(&mut self) -> Result<Token<'a>, Diagnostic> {
        let first = self.peek()?;
        let save = self.pos;
        self.pos = first.end;
        let second = self.peek();
        self.pos = save;
        second
    }

    /// Consumes and returns the next token.
    pub fn next_token(&mut self) -> Result<Token<'a>, Diagnostic> {
        let t = self.peek()?;
        self.pos = t.end;
        Ok(t)
    }

    fn lex_at(&self, start: usize) -> Result<Token<'a>, Diagnostic> {
        let b = self.bytes();
        let tok = |kind, end: usize| Token {
            kind,
            text: &self.src[start..end],
            pos: start,
            end,
        };
        if start >= b.len() {
            return Ok(tok(Kind::Eof, start));
        }
        let c = b[start];
        let scan = |mut i: usize, f: fn(u8) -> bool| {
            while i < b.len() && f(b[i]) {
                i += 1;
            }
            i
        };
        match c {
            b'%' | b'^' | b'#' | b'@' => {
                let kind = match c {
                    b'%' => Kind::Value,
                    b'^' => Kind::Block,
                    b'#' => Kind::Hash,
                    _ => Kind::Symbol,
                };
                if c == b'@' && b.get(start + 1) == Some(&b'"') {
                    let end = self.scan_string(start + 1)?;
                    return Ok(Token {
                        kind,
                        text: &self.src[start + 1..end],
                        pos: start,
                        end,
                    });
                }
                let mut end = scan(start + 1, is_suffix_char);
                // `%0#1`: a use of result 1 of `%0`.
                if c == b'%'
                    && b.get(end) == Some(&b'#')
                    && b.get(end + 1).is_some_and(u8::is_ascii_digit)
                {
                    end = scan(end + 1, |c| c.is_ascii_digit());
                }
                if end == start + 1 {
                    return Err(
                        self.error(start, format!("expected identifier after '{}'", c as char))
                    );
                }
                Ok(Token {
                    kind,
                    text: &self.src[start + 1..end],
                    pos: start,
                    end,
                })
            }
            b'"' => {
                let end = self.scan_string(start)?;
                Ok(tok(Kind::Str, end))
            }
            b'-' if b.get(start + 1) == Some(&b'>') => Ok(tok(Kind::Arrow, start + 2)),
            b'-' if b.get(start + 1).is_some_and(u8::is_ascii_digit) => self.lex_number(start),
            b'0'..=b'9' => self.lex_number(start),
            c if is_ident_start(c) => Ok(tok(Kind::Ident, scan(start, is_ident_char))),
            c if c.is_ascii() => Ok(tok(Kind::Punct, start + 1)),
            _ => {
                let ch = self.src[start..].chars().next().unwrap_or('?');
                Err(self.error(start, format!("unexpected character '{ch}'")))
            }
        }
    }

    fn lex_number(&self, start: usize) -> Result<Token<'a>, Diagnostic> {
        let b = self.bytes();
        let mut i = start;
        if b[i] == b'-' {
            i += 1;
        }
        let digits = |mut i: usize| {
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            i
        };
        if b[i] == b'0'
            && b.get(i + 1) == Some(&b'x')
            && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
        {
            i += 2;
            while i < b.len() && b[i].is_ascii_hexdigit() {
                i += 1;
            }
            return Ok(Token {
                kind: Kind::Int,
                text: &self.src[start..i],
                pos: start,
                end: i,
            });
        }
        i = digits(i);
        let mut kind = Kind::Int;
        if b.get(i) == Some(&b'.') {
            kind = Kind::Float;
            i = digits(i + 1);
        }
        if matches!(b.get(i), Some(b'e' | b'E')) {
            let mut j = i + 1;
            if matches!(b.get(j), Some(b'+' | b'-')) {
                j += 1;
            }
            if b.get(j).is_some_and(u8::is_ascii_digit) {
                kind = Kind::Float;
                i = digits(j);
            }
        }
        Ok(Token {
            kind,
            text: &self.src[start..i],
            pos: start,
            end: i,
        })
    }

    /// Returns the end offset (after the closing quote) of the string starting at `start`.
    fn scan_string(&self, start: usize) -> Result<usize, Diagnostic> {
        let b = self.bytes();
        let mut i = start + 1;
        while i < b.len() {
            let Some(k) = memchr::memchr3(b'"', b'\\', b'\n', &b[i..]) else {
                break;
            };
            i += k;
            match b[i] {
                b'"' => return Ok(i + 1),
                b'\\' => i += 2,
                _ => break,
            }
        }
        Err(self.error(start, "expected '\"' in string literal"))
    }

    /// Skips a balanced group starting at the cursor (which must be at one of `(`, `[`, `{`,
    /// `<`) and returns the consumed text. Strings are skipped whole.
    pub fn skip_balanced(&mut self) -> Result<&'a str, Diagnostic> {
        self.skip_trivia();
        let b = self.bytes();
        let start = self.pos;
        let mut stack: Vec<u8> = Vec::new();
        let mut i = start;
        while i < b.len() {
            let c = b[i];
            match c {
                b'(' | b'[' | b'{' | b'<' => stack.push(c),
                b')' | b']' | b'}' | b'>' => {
                    // `->` inside a group is not a closing angle bracket.
                    if c == b'>' && i > start && b[i - 1] == b'-' {
                        i += 1;
                        continue;
                    }
                    let open = match c {
                        b')' => b'(',
                        b']' => b'[',
                        b'}' => b'{',
                        _ => b'<',
                    };
                    if stack.pop() != Some(open) {
                        return Err(self.error(i, format!("unbalanced '{}'", c as char)));
                    }
                    if stack.is_empty() {
                        self.pos = i + 1;
                        return Ok(&self.src[start..i + 1]);
                    }
                }
                b'"' => {
                    i = self.scan_string(i)?;
                    continue;
                }
                _ if stack.is_empty() => {
                    return Err(self.error(i, "expected '(', '[', '{' or '<'"));
                }
                _ => {}
            }
            i += 1;
        }
        Err(self.error(start, "unterminated group: expected a closing bracket"))
    }
}

/// Decodes the body of a string literal token (with quotes) into bytes, borrowing them
/// when there is no escape.
pub fn unescape(text: &str) -> Cow<'_, [u8]> {
    let inner = &text.as_bytes()[1..text.len().saturating_sub(1).max(1)];
    if memchr::memchr(b'\\', inner).is_none() {
        return Cow::Borrowed(inner);
    }
    let mut out = Vec::with_capacity(inner.len());
    let mut i = 0;
    while i < inner.len() {
        if inner[i] == b'\\' && i + 1 < inner.len() {
            let e = inner[i + 1];
            let hex = |c: u8| (c as char).to_digit(16);
            match e {
                b'n' => out.push(b'\n'),
                b't' => out.push(b'\t'),
                b'\\' | b'"' => out.push(e),
                _ => {
                    if let (Some(h), Some(l)) = (hex(e), inner.get(i + 2).and_then(|&c| hex(c))) {
                        out.push((h * 16 + l) as u8);
                        i += 3;
                        continue;
                    }
                    out.push(e);
                }
            }
            i += 2;
        } else {
            out.push(inner[i]);
            i += 1;
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<(Kind, String)> {
        let mut l = Lexer::new(s);
        let mut out = Vec::new();
        loop {
            let t = l.next_token().unwrap();
            if t.kind == Kind::Eof {
                return out;
            }
            out.push((t.kind, t.text.to_string()));
        }
    }

    #[test]
    fn lexes_values_numbers_and_punctuation() {
        let k = kinds("%0#1 = stablehlo.add -1.5e3, 0x7FC00000 -> @f // comment\n ^bb0");
        assert_eq!(
            k,
            vec![
                (Kind::Value, "0#1".into()),
                (Kind::Punct, "=".into()),
                (Kind::Ident, "stablehlo.add".into()),
                (Kind::Float, "-1.5e3".into()),
                (Kind::Punct, ",".into()),
                (Kind::Int, "0x7FC00000".into()),
                (Kind::Arrow, "->".into()),
                (Kind::Symbol, "f".into()),
                (Kind::Block, "bb0".into()),
            ]
        );
    }

    #[test]
    fn positions_are_one_based() {
        let l = Lexer::new("ab\n  cd");
        assert_eq!(l.source_pos(5), SourcePos::Text { line: 2, col: 3 });
        assert_eq!(&*unescape("\"a\\22b\\n\""), b"a\"b\n");
        assert_eq!(&*unescape("\"0xAB\""), b"0xAB");
    }
}
