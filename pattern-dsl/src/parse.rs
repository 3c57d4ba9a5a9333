//! The nom parser: source text to [`ast::File`](crate::ast::File), line by line, recovering after every error so
//! that one pass reports all syntax errors of a file.

use nom::{
    IResult, Parser,
    bytes::complete::{tag, take, take_till, take_while},
    character::complete::{char, digit1, satisfy, space0, space1},
    combinator::{opt, recognize},
    error::{ErrorKind, ParseError},
    sequence::pair,
};
use nom_locate::LocatedSpan;

use crate::ast::{
    AttrArg, BinOp, CellChar, Diagram, Expr, ExprKind, File, Ident, KindDirective, PatternDef, Row,
    Statement, UnOp,
};
use crate::diag::{Diagnostic, Span};

type In<'a> = LocatedSpan<&'a str>;

/// The parser's error: the furthest position reached and what was expected there.
#[derive(Debug, Clone, PartialEq, Eq)]
struct PErr {
    pos: usize,
    expected: &'static str,
}

impl<'a> ParseError<In<'a>> for PErr {
    fn from_error_kind(input: In<'a>, _kind: ErrorKind) -> Self {
        PErr {
            pos: input.location_offset(),
            expected: "",
        }
    }

    fn append(_input: In<'a>, _kind: ErrorKind, other: Self) -> Self {
        other
    }

    fn or(self, other: Self) -> Self {
        if other.pos >= self.pos { other } else { self }
    }
}

type Res<'a, O> = IResult<In<'a>, O, PErr>;

fn off(i: &In) -> usize {
    i.location_offset()
}

fn span_of(i: &In) -> Span {
    Span::new(off(i), off(i) + i.fragment().len())
}

/// Names the expectation of errors that happen where `p` starts.
fn expect<'a, O>(
    mut p: impl Parser<In<'a>, Output = O, Error = PErr>,
    what: &'static str,
) -> impl FnMut(In<'a>) -> Res<'a, O> {
    move |i: In<'a>| {
        let start = off(&i);
        p.parse(i).map_err(|e| {
            // A limit's failure keeps its own words wherever it happens.
            let limit =
                matches!(&e, nom::Err::Failure(f) if [TOO_DEEP, TOO_LONG].contains(&f.expected));
            e.map(|mut e| {
                if !limit && (e.expected.is_empty() || e.pos == start) {
                    e.pos = e.pos.max(start);
                    e.expected = what;
                }
                e
            })
        })
    }
}

fn ident(i: In) -> Res<In> {
    recognize(pair(
        satisfy(|c| c.is_ascii_alphabetic() || c == '_'),
        take_while(|c: char| c.is_ascii_alphanumeric() || c == '_'),
    ))
    .parse(i)
}

fn to_ident(i: &In) -> Ident {
    Ident {
        name: i.fragment().to_string(),
        span: span_of(i),
    }
}

/// Optional spaces, an optional `//` comment, then the end of the line.
fn line_end(i: In) -> Res<()> {
    let (i, _) = space0(i)?;
    if i.fragment().is_empty() || i.fragment().starts_with("//") {
        // `take` counts characters, not bytes.
        let n = i.fragment().chars().count();
        let (i, _) = take(n)(i)?;
        Ok((i, ()))
    } else {
        Err(nom::Err::Error(PErr {
            pos: off(&i),
            expected: "the end of the line",
        }))
    }
}

fn integer(i: In) -> Res<(i64, Span)> {
    let (rest, digits) = recognize(pair(opt(char('-')), digit1)).parse(i)?;
    let v = digits.fragment().parse::<i64>().unwrap_or(i64::MAX);
    Ok((rest, (v, span_of(&digits))))
}

// ---------------------------------------------------------------------------------------------
// Expressions: or < and < comparison (non-associative) < additive < unary < primary.

fn mk(kind: ExprKind, start: usize, end: &In) -> Expr {
    Expr {
        kind,
        span: Span::new(start, off(end)),
    }
}

/// How deep a condition may nest (parentheses, `!` and `-` chains, arguments) and how many
/// binary operators it may hold. Every later stage walks the tree recursively, and so does
/// rustc on the generated code: the limits keep a hostile file from overflowing either stack,
/// far above anything a pattern author writes.
pub const MAX_NESTING: usize = 64;
/// See [`MAX_NESTING`].
pub const MAX_OPERATORS: usize = 256;

thread_local! {
    /// Nesting depth and operator count of the condition being parsed.
    static BUDGET: std::cell::Cell<(usize, usize)> = const { std::cell::Cell::new((0, 0)) };
}

const TOO_DEEP: &str = "at most 64 levels of nesting";
const TOO_LONG: &str = "at most 256 operators in one condition";

/// Runs `p` one nesting level deeper, failing (not backtracking) past [`MAX_NESTING`].
fn nested<'a, O>(i: In<'a>, p: impl FnOnce(In<'a>) -> Res<'a, O>) -> Res<'a, O> {
    let (depth, ops) = BUDGET.get();
    if depth >= MAX_NESTING {
        return Err(nom::Err::Failure(PErr {
            pos: off(&i),
            expected: TOO_DEEP,
        }));
    }
    BUDGET.set((depth + 1, ops));
    let r = p(i);
    let (_, ops) = BUDGET.get();
    BUDGET.set((depth, ops));
    r
}

/// Counts one binary operator at `i`, failing past [`MAX_OPERATORS`].
fn count_operator(i: &In) -> Result<(), nom::Err<PErr>> {
    let (depth, ops) = BUDGET.get();
    if ops >= MAX_OPERATORS {
        return Err(nom::Err::Failure(PErr {
            pos: off(i),
            expected: TOO_LONG,
        }));
    }
    BUDGET.set((depth, ops + 1));
    Ok(())
}

/// Parses one whole condition with a fresh nesting and operator budget.
fn condition_expr(i: In) -> Res<Expr> {
    BUDGET.set((0, 0));
    expect(expr, "a condition").parse(i)
}

fn binary(op: BinOp, l: Expr, r: Expr) -> Expr {
    let span = l.span.to(r.span);
    Expr {
        kind: ExprKind::Binary(op, Box::new(l), Box::new(r)),
        span,
    }
}

/// A left-associative level: `next (op next)*`.
fn left_assoc<'a>(
    i: In<'a>,
    ops: &[(&'static str, BinOp)],
    next: fn(In<'a>) -> Res<'a, Expr>,
) -> Res<'a, Expr> {
    let (mut i, mut l) = next(i)?;
    'outer: loop {
        let (j, _) = space0(i)?;
        for &(sym, op) in ops {
            if let Ok((k, _)) = tag::<_, _, PErr>(sym).parse(j) {
                // `<` must not steal the first half of `<=`, nor `|` of a figure.
                count_operator(&j)?;
                let (k, r) = expect(next, "an operand").parse(k)?;
                l = binary(op, l, r);
                i = k;
                continue 'outer;
            }
        }
        return Ok((i, l));
    }
}

fn expr(i: In) -> Res<Expr> {
    left_assoc(i, &[("||", BinOp::Or)], and_expr)
}

fn and_expr(i: In) -> Res<Expr> {
    left_assoc(i, &[("&&", BinOp::And)], cmp_expr)
}

fn cmp_expr(i: In) -> Res<Expr> {
    let (i, l) = add_expr(i)?;
    let (j, _) = space0(i)?;
    for (sym, op) in [
        ("==", BinOp::Eq),
        ("!=", BinOp::Ne),
        ("<=", BinOp::Le),
        (">=", BinOp::Ge),
        ("<", BinOp::Lt),
        (">", BinOp::Gt),
    ] {
        if let Ok((k, _)) = tag::<_, _, PErr>(sym).parse(j) {
            count_operator(&j)?;
            let (k, r) = expect(add_expr, "an operand").parse(k)?;
            return Ok((k, binary(op, l, r)));
        }
    }
    Ok((i, l))
}

fn add_expr(i: In) -> Res<Expr> {
    left_assoc(i, &[("+", BinOp::Add), ("-", BinOp::Sub)], unary_expr)
}

fn unary_expr(i: In) -> Res<Expr> {
    let (i, _) = space0(i)?;
    let start = off(&i);
    let op = if i.fragment().starts_with('!') && !i.fragment().starts_with("!=") {
        Some(UnOp::Not)
    } else if i.fragment().starts_with('-') {
        Some(UnOp::Neg)
    } else {
        None
    };
    match op {
        Some(op) => {
            let (i, e) = nested(i, |i| {
                let (i, _) = take(1usize)(i)?;
                expect(unary_expr, "an operand").parse(i)
            })?;
            Ok((i, mk(ExprKind::Unary(op, Box::new(e)), start, &i)))
        }
        None => primary(i),
    }
}

fn primary(i: In) -> Res<Expr> {
    let (i, _) = space0(i)?;
    let start = off(&i);
    let t = *i.fragment();
    if t.starts_with(|c: char| c.is_ascii_digit()) {
        let (i, (v, _)) = integer(i)?;
        return Ok((i, mk(ExprKind::Int(v), start, &i)));
    }
    if t.starts_with('*') {
        let (i, _) = take(1usize)(i)?;
        return Ok((i, mk(ExprKind::Star, start, &i)));
    }
    if t.starts_with('(') {
        let (i, e) = nested(i, |i| {
            let (i, _) = take(1usize)(i)?;
            expect(expr, "an expression").parse(i)
        })?;
        let (i, _) = space0(i)?;
        let (i, _) = expect(char(')'), "`)`").parse(i)?;
        return Ok((i, mk(ExprKind::Paren(Box::new(e)), start, &i)));
    }
    let (i, name) = expect(ident, "an operand").parse(i)?;
    let (j, _) = space0(i)?;
    if j.fragment().starts_with('(') {
        let (mut j, _) = take(1usize)(j)?;
        let mut args = Vec::new();
        let (k, _) = space0(j)?;
        if k.fragment().starts_with(')') {
            j = k;
        } else {
            loop {
                let (k, a) = nested(j, |j| expect(expr, "an argument").parse(j))?;
                args.push(a);
                let (k, _) = space0(k)?;
                if k.fragment().starts_with(',') {
                    let (k, _) = take(1usize)(k)?;
                    j = k;
                } else {
                    j = k;
                    break;
                }
            }
        }
        let (j, _) = expect(char(')'), "`,` or `)`").parse(j)?;
        return Ok((j, mk(ExprKind::Call(to_ident(&name), args), start, &j)));
    }
    Ok((
        i,
        mk(ExprKind::Name(name.fragment().to_string()), start, &i),
    ))
}

// ---------------------------------------------------------------------------------------------
// Lines.

struct FileParser<'s> {
    source: &'s str,
    file: File,
    errors: Vec<Diagnostic>,
    current: Option<PatternDef>,
    in_block: bool,
    stray_rows: bool,
}

/// Parses a whole file. Never fails: syntax errors are returned with the (partial) tree.
pub fn parse(source: &str) -> (File, Vec<Diagnostic>) {
    let mut p = FileParser {
        source,
        file: File::default(),
        errors: Vec::new(),
        current: None,
        in_block: false,
        stray_rows: false,
    };
    let mut input = In::new(source);
    while !input.fragment().is_empty() {
        let (rest, mut line) =
            take_till::<_, _, PErr>(|c| c == '\n')(input).expect("take_till cannot fail");
        if line.fragment().ends_with('\r') {
            let n = line.fragment().chars().count() - 1;
            line = take::<_, _, PErr>(n)(line).expect("in bounds").1;
        }
        p.line(line);
        input = match char::<_, PErr>('\n')(rest) {
            Ok((r, _)) => r,
            Err(_) => rest,
        };
    }
    p.finish()
}

impl FileParser<'_> {
    fn error(&mut self, d: Diagnostic) {
        self.errors.push(d);
    }

    fn err_at(&mut self, e: nom::Err<PErr>, context: &str) {
        let pos = match e {
            nom::Err::Error(e) | nom::Err::Failure(e) => e,
            nom::Err::Incomplete(_) => PErr {
                pos: self.source.len(),
                expected: "",
            },
        };
        let found = self.source[pos.pos..]
            .chars()
            .next()
            .filter(|&c| c != '\n' && c != '\r')
            .map_or("the end of the line".to_string(), |c| format!("`{c}`"));
        let expected = if pos.expected.is_empty() {
            "something else"
        } else {
            pos.expected
        };
        self.error(Diagnostic::new(
            Span::at(pos.pos),
            format!("expected {expected} {context}, found {found}"),
        ));
    }

    fn finish(mut self) -> (File, Vec<Diagnostic>) {
        if let Some(p) = self.current.take() {
            self.error(
                Diagnostic::new(
                    p.name.span.to(p.header),
                    format!("unterminated pattern `{}`", p.name.name),
                )
                .note("expected `}` before the end of the file"),
            );
            self.file.patterns.push(p);
        }
        (self.file, self.errors)
    }

    fn line(&mut self, line: In) {
        let (rest, _) = space0::<_, PErr>(line).expect("space0 cannot fail");
        let t = *rest.fragment();
        if t.is_empty() || t.starts_with("//") {
            self.in_block = false;
            return;
        }
        if t.starts_with('|') {
            self.row(rest);
            return;
        }
        self.in_block = false;
        self.stray_rows = false;
        if t.starts_with('}') {
            self.close(rest);
            return;
        }
        match ident(rest) {
            Ok((after, kw)) => match *kw.fragment() {
                "kind" => self.kind(kw, after),
                "pattern" => self.header(kw, after),
                "if" => self.condition(kw, after),
                _ => self.attribute(kw, after),
            },
            Err(_) => {
                let c = t.chars().next().unwrap_or(' ');
                let what = if self.current.is_some() {
                    "a figure row `|...|`, an attribute, `if` or `}`"
                } else {
                    "`kind`, `pattern` or a `//` comment"
                };
                self.error(
                    Diagnostic::new(
                        Span::new(off(&rest), off(&rest) + c.len_utf8()),
                        format!("unexpected `{c}`"),
                    )
                    .note(format!("expected {what}")),
                );
            }
        }
    }

    fn row(&mut self, rest: In) {
        let start = off(&rest);
        let (body, _) = take::<_, _, PErr>(1usize)(rest).expect("starts with |");
        let (after, cells_in) =
            take_till::<_, _, PErr>(|c| c == '|')(body).expect("take_till cannot fail");
        let mut broken = false;
        let end;
        if after.fragment().starts_with('|') {
            let (after, _) = take::<_, _, PErr>(1usize)(after).expect("starts with |");
            end = off(&after);
            if let Err(e) = line_end(after) {
                self.err_at(e, "after the figure row");
            }
        } else {
            broken = true;
            end = off(&after);
            self.error(
                Diagnostic::new(Span::at(off(&after)), "figure row is not closed with `|`")
                    .note("every figure row is written `|...|`, so that trailing spaces count"),
            );
        }
        let base = off(&cells_in);
        let cells = cells_in
            .fragment()
            .char_indices()
            .map(|(k, ch)| CellChar {
                ch,
                span: Span::new(base + k, base + k + ch.len_utf8()),
            })
            .collect();
        let row = Row {
            cells,
            span: Span::new(start, end),
            broken,
        };
        let Some(p) = self.current.as_mut() else {
            if !self.stray_rows && !self.in_block {
                self.error(Diagnostic::new(row.span, "figure row outside of a pattern"));
            }
            self.stray_rows = true;
            self.in_block = true;
            return;
        };
        if !self.in_block {
            p.diagrams.push(Diagram { rows: Vec::new() });
        }
        p.diagrams.last_mut().expect("pushed").rows.push(row);
        self.in_block = true;
    }

    fn close(&mut self, rest: In) {
        let (after, brace) = take::<_, _, PErr>(1usize)(rest).expect("starts with }");
        if let Err(e) = line_end(after) {
            self.err_at(e, "after `}`");
        }
        match self.current.take() {
            Some(mut p) => {
                p.end = Some(span_of(&brace));
                self.file.patterns.push(p);
            }
            None => self.error(Diagnostic::new(
                span_of(&brace),
                "`}` without an open pattern",
            )),
        }
    }

    fn kind(&mut self, kw: In, after: In) {
        if self.current.is_some() {
            self.error(
                Diagnostic::new(span_of(&kw), "`kind` is not allowed inside a pattern")
                    .note("`kind` is a file-level directive; is a `}` missing above?"),
            );
            return;
        }
        let r = (space1, expect(ident, "a kind name"), line_end).parse(after);
        match r {
            Ok((_, (_, name, _))) => self.file.kinds.push(KindDirective {
                name: to_ident(&name),
                after_pattern: !self.file.patterns.is_empty(),
            }),
            Err(e) => self.err_at(e, "in the `kind` directive"),
        }
    }

    fn header(&mut self, kw: In, after: In) {
        let header_start = off(&kw);
        if let Some(p) = self.current.take() {
            self.error(
                Diagnostic::new(
                    p.name.span.to(p.header),
                    format!("unterminated pattern `{}`", p.name.name),
                )
                .note("expected `}` before the next `pattern`"),
            );
            self.file.patterns.push(p);
        }
        let name = match (space1::<_, PErr>, expect(ident, "a pattern name")).parse(after) {
            Ok((rest, (_, name))) => {
                let (rest2, _) = space0::<_, PErr>(rest).expect("space0 cannot fail");
                match expect(char('{'), "`{`").parse(rest2) {
                    Ok((rest3, _)) => {
                        if let Err(e) = line_end(rest3) {
                            self.err_at(e, "after `{`");
                        }
                    }
                    Err(e) => self.err_at(e, "after the pattern name"),
                }
                to_ident(&name)
            }
            Err(e) => {
                self.err_at(e, "after `pattern`");
                Ident {
                    name: String::new(),
                    span: span_of(&kw),
                }
            }
        };
        let line_end_off = after.location_offset() + after.fragment().len();
        self.current = Some(PatternDef {
            name,
            header: Span::new(header_start, line_end_off),
            diagrams: Vec::new(),
            statements: Vec::new(),
            end: None,
        });
    }

    fn condition(&mut self, kw: In, after: In) {
        let start = off(&kw);
        if self.current.is_none() {
            self.error(Diagnostic::new(
                span_of(&kw),
                "condition outside of a pattern",
            ));
            return;
        }
        let parsed = condition_expr(after).and_then(|(rest, e)| {
            let end = off(&rest);
            match line_end(rest) {
                Ok(_) => Ok((e, end)),
                Err(_) => {
                    let (r, _) = space0::<_, PErr>(rest).expect("space0 cannot fail");
                    Err(nom::Err::Error(PErr {
                        pos: off(&r),
                        expected: "an operator or the end of the line",
                    }))
                }
            }
        });
        match parsed {
            Ok((expr, end)) => {
                self.current
                    .as_mut()
                    .expect("checked")
                    .statements
                    .push(Statement::If {
                        expr,
                        span: Span::new(start, end),
                    })
            }
            Err(e) => self.err_at(e, "in the condition"),
        }
    }

    fn attribute(&mut self, kw: In, after: In) {
        if self.current.is_none() {
            self.error(
                Diagnostic::new(
                    span_of(&kw),
                    format!("`{}` outside of a pattern", kw.fragment()),
                )
                .note("expected `kind`, `pattern` or a `//` comment"),
            );
            return;
        }
        let mut args = Vec::new();
        let mut rest = after;
        let mut end = off(&after);
        loop {
            if line_end(rest).is_ok() {
                break;
            }
            let Ok((r, _)) = space1::<_, PErr>(rest) else {
                self.err_at(
                    nom::Err::Error(PErr {
                        pos: off(&rest),
                        expected: "a space",
                    }),
                    "between attribute arguments",
                );
                return;
            };
            let t = *r.fragment();
            if t.starts_with('*') {
                let (r2, s) = take::<_, _, PErr>(1usize)(r).expect("starts with *");
                args.push(AttrArg::Star(span_of(&s)));
                rest = r2;
            } else if let Ok((r2, (v, s))) = integer(r) {
                args.push(AttrArg::Int(v, s));
                rest = r2;
            } else if let Ok((r2, name)) = ident(r) {
                args.push(AttrArg::Name(to_ident(&name)));
                rest = r2;
            } else {
                self.err_at(
                    nom::Err::Error(PErr {
                        pos: off(&r),
                        expected: "a number, a name or `*`",
                    }),
                    "as an attribute argument",
                );
                return;
            }
            end = off(&rest);
        }
        let key = to_ident(&kw);
        let span = Span::new(key.span.start, end.max(key.span.end));
        self.current
            .as_mut()
            .expect("checked")
            .statements
            .push(Statement::Attr { key, args, span });
    }
}

#[cfg(test)]
mod tests;
