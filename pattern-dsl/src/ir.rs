//! The intermediate representation: validated patterns as point constraints relative to the
//! `*` anchor, with their distinct symmetries.
//!
//! Coordinates follow the figures: `dx` grows to the right, `dy` grows downwards, and the anchor
//! `*` is `(0, 0)`.

use crate::ast::BinOp;
use crate::registry::PredicateId;

/// Relative point codes, as `PatternBoard::code` answers them.
pub mod code {
    /// An empty point.
    pub const EMPTY: u8 = 0;
    /// A stone of the side the matcher is asked about.
    pub const OURS: u8 = 1;
    /// An opponent stone.
    pub const THEIRS: u8 = 2;
    /// A point off the board.
    pub const OFF_BOARD: u8 = 3;
}

/// What a figure character asks of its point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cell {
    /// `.`: an empty point.
    Empty,
    /// `*`: the move; an empty point.
    Anchor,
    /// `O`: our stone.
    Ours,
    /// `X`: an opponent stone.
    Theirs,
    /// `o`: our stone or an empty point.
    OursOrEmpty,
    /// `x`: an opponent stone or an empty point.
    TheirsOrEmpty,
    /// `#`: off the board.
    OffBoard,
    /// space or `?`: anything, including off the board.
    DontCare,
}

impl Cell {
    /// Every cell kind, in a fixed order.
    pub const ALL: [Cell; 8] = [
        Cell::Empty,
        Cell::Anchor,
        Cell::Ours,
        Cell::Theirs,
        Cell::OursOrEmpty,
        Cell::TheirsOrEmpty,
        Cell::OffBoard,
        Cell::DontCare,
    ];

    /// The cell a figure character stands for, `None` for a character outside the alphabet.
    pub fn from_char(c: char) -> Option<Cell> {
        Some(match c {
            '.' => Cell::Empty,
            '*' => Cell::Anchor,
            'O' => Cell::Ours,
            'X' => Cell::Theirs,
            'o' => Cell::OursOrEmpty,
            'x' => Cell::TheirsOrEmpty,
            '#' => Cell::OffBoard,
            ' ' | '?' => Cell::DontCare,
            _ => return None,
        })
    }

    /// The canonical figure character of the cell (`?` for don't care).
    pub fn to_char(self) -> char {
        match self {
            Cell::Empty => '.',
            Cell::Anchor => '*',
            Cell::Ours => 'O',
            Cell::Theirs => 'X',
            Cell::OursOrEmpty => 'o',
            Cell::TheirsOrEmpty => 'x',
            Cell::OffBoard => '#',
            Cell::DontCare => '?',
        }
    }

    /// The 2-bit `(mask, value)` pair: a point with code `c` matches iff `c & mask == value`.
    pub fn mask_value(self) -> (u8, u8) {
        match self {
            Cell::Empty | Cell::Anchor => (0b11, 0b00),
            Cell::Ours => (0b11, 0b01),
            Cell::Theirs => (0b11, 0b10),
            Cell::OffBoard => (0b11, 0b11),
            Cell::OursOrEmpty => (0b10, 0b00),
            Cell::TheirsOrEmpty => (0b01, 0b00),
            Cell::DontCare => (0b00, 0b00),
        }
    }

    /// Whether a point with relative code `code` (0..=3) satisfies the cell.
    pub fn accepts(self, code: u8) -> bool {
        let (m, v) = self.mask_value();
        code & m == v
    }

    /// The cell certainly holds a stone (`O`, `X`).
    pub fn is_stone(self) -> bool {
        matches!(self, Cell::Ours | Cell::Theirs)
    }

    /// The cell may hold a stone (`O`, `X`, `o`, `x`, don't care).
    pub fn may_be_stone(self) -> bool {
        matches!(
            self,
            Cell::Ours | Cell::Theirs | Cell::OursOrEmpty | Cell::TheirsOrEmpty | Cell::DontCare
        )
    }

    /// The cell may be an empty point (`.`, `*`, `o`, `x`, don't care).
    pub fn may_be_empty(self) -> bool {
        matches!(
            self,
            Cell::Empty | Cell::Anchor | Cell::OursOrEmpty | Cell::TheirsOrEmpty | Cell::DontCare
        )
    }
}

/// One of the 8 symmetries of the square, acting on offsets from the anchor.
///
/// The discriminants (0..8) are the same as those of the runtime
/// `tesuji_engine::pattern::Transform`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Transform {
    /// `(x, y) -> (x, y)`
    Identity = 0,
    /// A quarter turn clockwise as drawn: `(x, y) -> (-y, x)`.
    Rot90 = 1,
    /// A half turn: `(x, y) -> (-x, -y)`.
    Rot180 = 2,
    /// A quarter turn anticlockwise as drawn: `(x, y) -> (y, -x)`.
    Rot270 = 3,
    /// Mirror left-right: `(x, y) -> (-x, y)`.
    FlipX = 4,
    /// Mirror top-bottom: `(x, y) -> (x, -y)`.
    FlipY = 5,
    /// Mirror in the main diagonal: `(x, y) -> (y, x)`.
    Transpose = 6,
    /// Mirror in the anti-diagonal: `(x, y) -> (-y, -x)`.
    AntiTranspose = 7,
}

impl Transform {
    /// All 8 transformations, identity first, in discriminant order.
    pub const ALL: [Transform; 8] = [
        Transform::Identity,
        Transform::Rot90,
        Transform::Rot180,
        Transform::Rot270,
        Transform::FlipX,
        Transform::FlipY,
        Transform::Transpose,
        Transform::AntiTranspose,
    ];

    /// Apply to an offset.
    pub fn apply(self, dx: i32, dy: i32) -> (i32, i32) {
        match self {
            Transform::Identity => (dx, dy),
            Transform::Rot90 => (-dy, dx),
            Transform::Rot180 => (-dx, -dy),
            Transform::Rot270 => (dy, -dx),
            Transform::FlipX => (-dx, dy),
            Transform::FlipY => (dx, -dy),
            Transform::Transpose => (dy, dx),
            Transform::AntiTranspose => (-dy, -dx),
        }
    }

    /// `self` after `first`: the transformation mapping `p` to `self.apply(first.apply(p))`.
    pub fn after(self, first: Transform) -> Transform {
        let (ax, ay) = first.apply(1, 0);
        let (bx, by) = first.apply(0, 1);
        let want = (self.apply(ax, ay), self.apply(bx, by));
        Transform::ALL
            .into_iter()
            .find(|t| (t.apply(1, 0), t.apply(0, 1)) == want)
            .expect("the symmetries of the square form a group")
    }

    /// The transformation that undoes `self`.
    pub fn inverse(self) -> Transform {
        Transform::ALL
            .into_iter()
            .find(|t| t.after(self) == Transform::Identity)
            .expect("the symmetries of the square form a group")
    }

    /// The index 0..8 (the discriminant).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The transformation with index `i` (0..8).
    pub fn from_index(i: usize) -> Option<Transform> {
        Transform::ALL.get(i).copied()
    }

    /// The name used in `symmetry` attributes.
    pub fn name(self) -> &'static str {
        match self {
            Transform::Identity => "identity",
            Transform::Rot90 => "rot90",
            Transform::Rot180 => "rot180",
            Transform::Rot270 => "rot270",
            Transform::FlipX => "flip_x",
            Transform::FlipY => "flip_y",
            Transform::Transpose => "transpose",
            Transform::AntiTranspose => "antitranspose",
        }
    }

    /// The transformation called `name` in a `symmetry` attribute.
    pub fn from_name(name: &str) -> Option<Transform> {
        Transform::ALL.into_iter().find(|t| t.name() == name)
    }

    /// The name of the variant of the runtime enum.
    pub fn variant_name(self) -> &'static str {
        match self {
            Transform::Identity => "Identity",
            Transform::Rot90 => "Rot90",
            Transform::Rot180 => "Rot180",
            Transform::Rot270 => "Rot270",
            Transform::FlipX => "FlipX",
            Transform::FlipY => "FlipY",
            Transform::Transpose => "Transpose",
            Transform::AntiTranspose => "AntiTranspose",
        }
    }
}

/// The kind of a database, given by its `kind` directive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Moves that change the value of a move by a percentage (`value`).
    Efficiency,
    /// Moves that attack an opponent string (`attack`).
    Attack,
    /// Moves that defend one of our strings (`defend`).
    Defense,
    /// Moves that link two of our strings (`link`).
    Connection,
    /// Joseki moves with a value (`value`).
    Joseki,
    /// Vital moves that help kill a dragon, ranked by `value` (owl search candidates).
    OwlAttack,
    /// Vital moves that help a dragon live, ranked by `value` (owl search candidates).
    OwlDefense,
    /// A move-prediction model (`value` = 100 ln γ of a shape or of a `feature` level),
    /// learned from game records by `tesuji patterns train`.
    Prior,
    /// The playout policy's shapes: moves next to the last one that the Monte Carlo
    /// playouts prefer, weighted by `value` (100 ln of the relative weight).
    Playout,
    /// Anything else (`value` optional).
    Generic,
}

impl Kind {
    /// All kinds.
    pub const ALL: [Kind; 10] = [
        Kind::Efficiency,
        Kind::Attack,
        Kind::Defense,
        Kind::Connection,
        Kind::Joseki,
        Kind::OwlAttack,
        Kind::OwlDefense,
        Kind::Prior,
        Kind::Playout,
        Kind::Generic,
    ];

    /// The name used in the `kind` directive.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Efficiency => "efficiency",
            Kind::Attack => "attack",
            Kind::Defense => "defense",
            Kind::Connection => "connection",
            Kind::Joseki => "joseki",
            Kind::OwlAttack => "owl_attack",
            Kind::OwlDefense => "owl_defense",
            Kind::Prior => "prior",
            Kind::Playout => "playout",
            Kind::Generic => "generic",
        }
    }

    /// The kind called `name`.
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The name of the variant of the runtime enum.
    pub fn variant_name(self) -> &'static str {
        match self {
            Kind::Efficiency => "Efficiency",
            Kind::Attack => "Attack",
            Kind::Defense => "Defense",
            Kind::Connection => "Connection",
            Kind::Joseki => "Joseki",
            Kind::OwlAttack => "OwlAttack",
            Kind::OwlDefense => "OwlDefense",
            Kind::Prior => "Prior",
            Kind::Playout => "Playout",
            Kind::Generic => "Generic",
        }
    }
}

/// How a joseki move stands in its joseki (the `mark` attribute of `joseki` patterns).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Mark {
    /// Not a joseki pattern.
    #[default]
    None,
    /// A standard joseki move (the default of `joseki` patterns).
    Good,
    /// A trick play: works if the opponent answers wrongly, loses if they find the refutation.
    Trick,
    /// A mistake: the tree shows it only to give its refutation; never play it.
    Bad,
}

impl Mark {
    /// The marks a `mark` attribute may name.
    pub const NAMED: [Mark; 3] = [Mark::Good, Mark::Trick, Mark::Bad];

    /// The name used in `mark` attributes (`none` for non-joseki patterns).
    pub fn name(self) -> &'static str {
        match self {
            Mark::None => "none",
            Mark::Good => "good",
            Mark::Trick => "trick",
            Mark::Bad => "bad",
        }
    }

    /// The mark called `name` in a `mark` attribute.
    pub fn from_name(name: &str) -> Option<Mark> {
        Mark::NAMED.into_iter().find(|m| m.name() == name)
    }

    /// The name of the variant of the runtime enum.
    pub fn variant_name(self) -> &'static str {
        match self {
            Mark::None => "None",
            Mark::Good => "Good",
            Mark::Trick => "Trick",
            Mark::Bad => "Bad",
        }
    }
}

/// A point an expression or attribute refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PointRef {
    /// `*`, the anchor.
    Anchor,
    /// The label with this index in [`Pattern::labels`].
    Label(usize),
}

/// A type-checked condition expression.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Expr {
    /// An integer literal (named constants such as `WIN` are folded to their value).
    Int(i32),
    /// `true` / `false`.
    Bool(bool),
    /// `!e`
    Not(Box<Expr>),
    /// `-e`
    Neg(Box<Expr>),
    /// `l op r`
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// A predicate of the registry applied to points.
    Call(PredicateId, Vec<PointRef>),
}

impl Expr {
    /// A canonical rendering with points replaced by `point(r)`; used to compare patterns.
    pub fn render_with(&self, point: &dyn Fn(PointRef) -> String) -> String {
        match self {
            Expr::Int(i) => i.to_string(),
            Expr::Bool(b) => b.to_string(),
            Expr::Not(e) => format!("!({})", e.render_with(point)),
            Expr::Neg(e) => format!("-({})", e.render_with(point)),
            Expr::Binary(op, l, r) => format!(
                "({} {} {})",
                l.render_with(point),
                op.symbol(),
                r.render_with(point)
            ),
            Expr::Call(id, args) => {
                let args: Vec<String> = args.iter().map(|a| point(*a)).collect();
                format!("{}({})", id.info().name, args.join(", "))
            }
        }
    }
}

/// A named point of a pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// The letter naming it.
    pub name: char,
    /// Offset from the anchor.
    pub dx: i32,
    /// Offset from the anchor.
    pub dy: i32,
    /// The figure cell under the label.
    pub cell: Cell,
}

/// One constrained point of a pattern (never the anchor, never a don't-care point).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Offset from the anchor.
    pub dx: i32,
    /// Offset from the anchor.
    pub dy: i32,
    /// What the point must hold.
    pub cell: Cell,
}

/// A validated pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// Its name, unique in the database.
    pub name: String,
    /// 1-based line of its `pattern` header.
    pub line: u32,
    /// The figure rows as written (between the `|` delimiters).
    pub figure: Vec<String>,
    /// The constrained points, in reading order, without the anchor.
    pub points: Vec<Point>,
    /// The labels: first the targets named by the kind's attributes (in attribute order), then
    /// the other labels in reading order.
    pub labels: Vec<Label>,
    /// How many of the first `labels` are targets (attack/defend: 1, link: 2, otherwise 0).
    pub targets: usize,
    /// The `value` attribute (0 when the kind has none and none was given).
    pub value: i32,
    /// The joseki `mark` attribute ([`Mark::None`] for the other kinds).
    pub mark: Mark,
    /// The `feature NAME LEVEL` attribute of a prior pattern: the pattern stands for that
    /// level of a move feature ([`crate::registry::PRIOR_FEATURES`]), not for its figure.
    pub feature: Option<(String, u8)>,
    /// The `lookup` attribute of a prior pattern: the engine finds it by its figure in a
    /// table (wide and large shapes, too many for matcher code), so no matcher checks it:
    /// it has no variant ([`Database::variants`]).
    pub lookup: bool,
    /// The conditions, all of which must hold (`if` lines, in order).
    pub conditions: Vec<Expr>,
    /// The transformations that were asked for (identity always included), in order.
    pub requested: Vec<Transform>,
    /// The distinct transformations kept: `requested` minus those that give a figure (with
    /// labels) identical to an earlier one.
    pub transforms: Vec<Transform>,
}

impl Pattern {
    /// Points and labels under `t`: the key that decides whether two variants are the same.
    pub fn transformed(&self, t: Transform) -> (Vec<Point>, Vec<(char, i32, i32)>) {
        let mut pts: Vec<Point> = self
            .points
            .iter()
            .map(|p| {
                let (dx, dy) = t.apply(p.dx, p.dy);
                Point {
                    dx,
                    dy,
                    cell: p.cell,
                }
            })
            .collect();
        pts.sort();
        let mut labels: Vec<(char, i32, i32)> = self
            .labels
            .iter()
            .map(|l| {
                let (dx, dy) = t.apply(l.dx, l.dy);
                (l.name, dx, dy)
            })
            .collect();
        labels.sort();
        (pts, labels)
    }

    /// The variant of this pattern under `t` (whether or not `t` is kept).
    pub fn variant(&self, pattern: usize, t: Transform) -> Variant {
        Variant {
            pattern,
            transform: t,
            points: self
                .points
                .iter()
                .map(|p| {
                    let (dx, dy) = t.apply(p.dx, p.dy);
                    Point {
                        dx,
                        dy,
                        cell: p.cell,
                    }
                })
                .collect(),
            labels: self.labels.iter().map(|l| t.apply(l.dx, l.dy)).collect(),
        }
    }
}

/// A pattern under one of its kept transformations: what one matcher entry checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    /// Index of the pattern in [`Database::patterns`].
    pub pattern: usize,
    /// The transformation applied to the figure.
    pub transform: Transform,
    /// The transformed constrained points, in the pattern's order.
    pub points: Vec<Point>,
    /// The transformed offsets of the pattern's labels, in [`Pattern::labels`] order.
    pub labels: Vec<(i32, i32)>,
}

/// A validated database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Database {
    /// The file name it was compiled from.
    pub file: String,
    /// Its kind.
    pub kind: Kind,
    /// Its patterns, in file order.
    pub patterns: Vec<Pattern>,
}

impl Database {
    /// The patterns a matcher checks, with their index: every one but the lookup patterns,
    /// which the engine finds by their figure in a table.
    pub fn matched_patterns(&self) -> impl Iterator<Item = (usize, &Pattern)> {
        self.patterns.iter().enumerate().filter(|(_, p)| !p.lookup)
    }

    /// Every (pattern, kept transformation) of the [`Database::matched_patterns`],
    /// pattern-major: the order in which matchers report.
    pub fn variants(&self) -> Vec<Variant> {
        self.matched_patterns()
            .flat_map(|(i, p)| p.transforms.iter().map(move |&t| p.variant(i, t)))
            .collect()
    }

    /// Number of (pattern, kept transformation) pairs, lookup patterns left out.
    pub fn variant_count(&self) -> usize {
        self.matched_patterns()
            .map(|(_, p)| p.transforms.len())
            .sum()
    }
}
