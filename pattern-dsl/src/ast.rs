//! The syntax tree of a `.db` file, with spans, before validation.

use crate::diag::Span;

/// A name with its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    /// The text.
    pub name: String,
    /// Where.
    pub span: Span,
}

/// A whole file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct File {
    /// The `kind` directives (exactly one is valid).
    pub kinds: Vec<KindDirective>,
    /// The patterns in file order.
    pub patterns: Vec<PatternDef>,
}

/// `kind NAME`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KindDirective {
    /// The kind's name.
    pub name: Ident,
    /// Whether a pattern came before it.
    pub after_pattern: bool,
}

/// One figure character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellChar {
    /// The character.
    pub ch: char,
    /// Where.
    pub span: Span,
}

/// One `|...|` row of a diagram.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The characters between the delimiters.
    pub cells: Vec<CellChar>,
    /// The whole row including delimiters.
    pub span: Span,
    /// The row had no closing `|` (an error was reported).
    pub broken: bool,
}

/// A block of consecutive rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// The rows, top to bottom.
    pub rows: Vec<Row>,
}

impl Diagram {
    /// Span of the first row.
    pub fn span(&self) -> Span {
        self.rows.first().map(|r| r.span).unwrap_or_default()
    }
}

/// `pattern NAME { ... }`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternDef {
    /// Its name.
    pub name: Ident,
    /// The `pattern NAME {` line.
    pub header: Span,
    /// The diagrams: the figure, then the optional label diagram (more are an error).
    pub diagrams: Vec<Diagram>,
    /// Attribute lines and conditions, in order.
    pub statements: Vec<Statement>,
    /// The closing `}`; `None` when unterminated (an error was reported).
    pub end: Option<Span>,
}

/// A line of a pattern body other than a diagram row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Statement {
    /// `KEY ARG*`, e.g. `value -15`, `attack A`, `link a b`, `symmetry rot90 flip_x`.
    Attr {
        /// The key.
        key: Ident,
        /// The arguments.
        args: Vec<AttrArg>,
        /// The whole statement.
        span: Span,
    },
    /// `if EXPR`
    If {
        /// The condition.
        expr: Expr,
        /// The whole statement.
        span: Span,
    },
}

/// An attribute argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AttrArg {
    /// A signed integer.
    Int(i64, Span),
    /// A name or label.
    Name(Ident),
    /// `*`
    Star(Span),
}

impl AttrArg {
    /// Where.
    pub fn span(&self) -> Span {
        match self {
            AttrArg::Int(_, s) | AttrArg::Star(s) => *s,
            AttrArg::Name(i) => i.span,
        }
    }
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    /// `!`
    Not,
    /// `-`
    Neg,
}

/// Binary operators of conditions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    /// `||`
    Or,
    /// `&&`
    And,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `+`
    Add,
    /// `-`
    Sub,
}

impl BinOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Or => "||",
            BinOp::And => "&&",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Add => "+",
            BinOp::Sub => "-",
        }
    }
}

/// A condition expression as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    /// What.
    pub kind: ExprKind,
    /// Where.
    pub span: Span,
}

/// The forms of expressions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExprKind {
    /// An integer literal.
    Int(i64),
    /// A bare name: `true`, `false`, a constant (`WIN`) or a label.
    Name(String),
    /// `*`
    Star,
    /// `name(args)`
    Call(Ident, Vec<Expr>),
    /// `!e`, `-e`
    Unary(UnOp, Box<Expr>),
    /// `l op r`
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `(e)`
    Paren(Box<Expr>),
}
