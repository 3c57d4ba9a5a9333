//! A direct interpreter of the IR, the reference the generated matchers are tested against.
//!
//! [`InterpBoard`] mirrors `tesuji_engine::pattern::PatternBoard` method for method, with the
//! side type left open (`type Side`), so that a test can implement it for any board by
//! delegating to the engine's `PatternBoard`. [`Database::match_at`] and [`Database::scan`]
//! report matches in the same order as the generated `match_at` / `scan`: pattern-major, then
//! in the order of [`Pattern::transforms`](crate::ir::Pattern::transforms).

use crate::ast::BinOp;
use crate::ir::{Database, Expr, PointRef, Transform, Variant, code};
use crate::registry::PredicateId;

/// What the interpreter asks of a board: the mirror of `PatternBoard`.
pub trait InterpBoard {
    /// The colour type passed as `us`.
    type Side: Copy;
    /// Side length.
    fn size(&self) -> i32;
    /// `EMPTY` (0), `OURS` (1), `THEIRS` (2) or `OFF_BOARD` (3) as seen by `us`; `OFF_BOARD`
    /// for any coordinate outside the board.
    fn code(&self, x: i32, y: i32, us: Self::Side) -> u8;
    /// Liberties of the string at the point (0 for empty).
    fn lib(&self, x: i32, y: i32) -> i32;
    /// Stones of the string at the point (0 for empty).
    fn stones(&self, x: i32, y: i32) -> i32;
    /// Liberties `us` would have after playing at the point (0 if illegal).
    fn libs_after(&self, x: i32, y: i32, us: Self::Side) -> i32;
    /// Playing `us` at the point leaves the new string in atari (or is illegal).
    fn self_atari(&self, x: i32, y: i32, us: Self::Side) -> bool;
    /// The point is a ko point or a stone that could be retaken as a ko.
    fn ko(&self, x: i32, y: i32) -> bool;
    /// Distance to the nearest edge (0 on the first line).
    fn edge_dist(&self, x: i32, y: i32) -> i32;
    /// Tactical attack result on the string (0, 1, 2, 3).
    fn attack(&self, x: i32, y: i32) -> i32;
    /// Tactical defence result of the string (0, 1, 2, 3).
    fn defend(&self, x: i32, y: i32) -> i32;
    /// The two stones are connected.
    fn connected(&self, x1: i32, y1: i32, x2: i32, y2: i32) -> bool;
}

/// A match found by the interpreter.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct InterpMatch {
    /// Index of the pattern in [`Database::patterns`].
    pub pattern: usize,
    /// The transformation it matched under.
    pub transform: Transform,
    /// Anchor column.
    pub x: i32,
    /// Anchor row.
    pub y: i32,
    /// Board coordinates of the targets named by the kind's attribute.
    pub targets: Vec<(i32, i32)>,
}

/// A value of a condition expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// An integer.
    Int(i32),
    /// A truth value.
    Bool(bool),
}

impl Value {
    fn int(self) -> i32 {
        match self {
            Value::Int(v) => v,
            Value::Bool(_) => panic!("type-checked expression produced a bool for an int"),
        }
    }

    fn bool(self) -> bool {
        match self {
            Value::Bool(b) => b,
            Value::Int(_) => panic!("type-checked expression produced an int for a bool"),
        }
    }
}

/// Evaluates `e` for a variant anchored at `(x, y)`; `labels` are the variant's transformed
/// label offsets.
pub fn eval<B: InterpBoard + ?Sized>(
    e: &Expr,
    board: &B,
    x: i32,
    y: i32,
    labels: &[(i32, i32)],
    us: B::Side,
) -> Value {
    let at = |r: &PointRef| match r {
        PointRef::Anchor => (x, y),
        PointRef::Label(i) => (x + labels[*i].0, y + labels[*i].1),
    };
    match e {
        Expr::Int(v) => Value::Int(*v),
        Expr::Bool(b) => Value::Bool(*b),
        Expr::Not(e) => Value::Bool(!eval(e, board, x, y, labels, us).bool()),
        Expr::Neg(e) => Value::Int(eval(e, board, x, y, labels, us).int().wrapping_neg()),
        Expr::Binary(op, l, r) => {
            let l = eval(l, board, x, y, labels, us);
            // Short-circuit like the generated code.
            match op {
                BinOp::And if !l.bool() => return Value::Bool(false),
                BinOp::Or if l.bool() => return Value::Bool(true),
                _ => {}
            }
            let r = eval(r, board, x, y, labels, us);
            match op {
                BinOp::Or | BinOp::And => Value::Bool(r.bool()),
                BinOp::Eq => Value::Bool(l == r),
                BinOp::Ne => Value::Bool(l != r),
                BinOp::Lt => Value::Bool(l.int() < r.int()),
                BinOp::Le => Value::Bool(l.int() <= r.int()),
                BinOp::Gt => Value::Bool(l.int() > r.int()),
                BinOp::Ge => Value::Bool(l.int() >= r.int()),
                BinOp::Add => Value::Int(l.int().wrapping_add(r.int())),
                BinOp::Sub => Value::Int(l.int().wrapping_sub(r.int())),
            }
        }
        Expr::Call(id, args) => {
            let (ax, ay) = at(&args[0]);
            match id {
                PredicateId::Lib => Value::Int(board.lib(ax, ay)),
                PredicateId::Stones => Value::Int(board.stones(ax, ay)),
                PredicateId::LibsAfter => Value::Int(board.libs_after(ax, ay, us)),
                PredicateId::SelfAtari => Value::Bool(board.self_atari(ax, ay, us)),
                PredicateId::Ko => Value::Bool(board.ko(ax, ay)),
                PredicateId::EdgeDist => Value::Int(board.edge_dist(ax, ay)),
                PredicateId::Attack => Value::Int(board.attack(ax, ay)),
                PredicateId::Defend => Value::Int(board.defend(ax, ay)),
                PredicateId::Connected => {
                    let (bx, by) = at(&args[1]);
                    Value::Bool(board.connected(ax, ay, bx, by))
                }
            }
        }
    }
}

impl Database {
    /// Whether `variant` matches with its anchor at `(x, y)` (figure and conditions).
    pub fn variant_matches<B: InterpBoard + ?Sized>(
        &self,
        variant: &Variant,
        board: &B,
        x: i32,
        y: i32,
        us: B::Side,
    ) -> bool {
        if board.code(x, y, us) != code::EMPTY {
            return false;
        }
        let figure_ok = variant
            .points
            .iter()
            .all(|p| p.cell.accepts(board.code(x + p.dx, y + p.dy, us) & 3));
        figure_ok
            && self.patterns[variant.pattern]
                .conditions
                .iter()
                .all(|c| eval(c, board, x, y, &variant.labels, us).bool())
    }

    /// Every match with the anchor at `(x, y)`, in generated-matcher order.
    pub fn match_at<B: InterpBoard + ?Sized>(
        &self,
        board: &B,
        x: i32,
        y: i32,
        us: B::Side,
    ) -> Vec<InterpMatch> {
        let mut out = Vec::new();
        for (i, p) in self.matched_patterns() {
            for &t in &p.transforms {
                let v = p.variant(i, t);
                if self.variant_matches(&v, board, x, y, us) {
                    out.push(InterpMatch {
                        pattern: i,
                        transform: t,
                        x,
                        y,
                        targets: v.labels[..p.targets]
                            .iter()
                            .map(|&(dx, dy)| (x + dx, y + dy))
                            .collect(),
                    });
                }
            }
        }
        out
    }

    /// [`Database::match_at`] at every empty point, row by row.
    pub fn scan<B: InterpBoard + ?Sized>(&self, board: &B, us: B::Side) -> Vec<InterpMatch> {
        let mut out = Vec::new();
        for y in 0..board.size() {
            for x in 0..board.size() {
                if board.code(x, y, us) == code::EMPTY {
                    out.extend(self.match_at(board, x, y, us));
                }
            }
        }
        out
    }
}

/// A list of board coordinates.
pub type Points = Vec<(i32, i32)>;

/// A colour for [`Grid`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Black, `X` in [`Grid::parse`].
    Black,
    /// White, `O` in [`Grid::parse`].
    White,
}

impl Side {
    /// The other colour.
    pub fn other(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }
}

/// A small square board for tests, with simple rules-level answers to the predicates:
/// strings and liberties by flood fill, `libs_after` by playing and capturing, `self_atari` as
/// `libs_after <= 1`, `connected` as "same string", `attack` as `WIN` when the string has one
/// liberty, `defend` as `WIN` when it has two or more, and `ko` from an explicit set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    size: i32,
    cells: Vec<Option<Side>>,
    /// Points for which [`InterpBoard::ko`] answers true.
    pub ko_points: Vec<(i32, i32)>,
}

impl Grid {
    /// A board from square rows: `X` black, `O` white, anything else empty. Spaces between
    /// points are ignored, so rows can be written `". X O"`.
    pub fn parse(rows: &[&str]) -> Grid {
        let rows: Vec<Vec<char>> = rows
            .iter()
            .map(|r| r.chars().filter(|c| *c != ' ').collect())
            .collect();
        let size = rows.len() as i32;
        let mut cells = Vec::new();
        for r in &rows {
            assert_eq!(r.len() as i32, size, "Grid::parse needs a square board");
            cells.extend(r.iter().map(|c| match c {
                'X' => Some(Side::Black),
                'O' => Some(Side::White),
                _ => None,
            }));
        }
        Grid {
            size,
            cells,
            ko_points: Vec::new(),
        }
    }

    /// An empty board.
    pub fn empty(size: i32) -> Grid {
        Grid {
            size,
            cells: vec![None; (size * size) as usize],
            ko_points: Vec::new(),
        }
    }

    fn on(&self, x: i32, y: i32) -> bool {
        x >= 0 && y >= 0 && x < self.size && y < self.size
    }

    /// The stone at a point.
    pub fn get(&self, x: i32, y: i32) -> Option<Side> {
        if self.on(x, y) {
            self.cells[(y * self.size + x) as usize]
        } else {
            None
        }
    }

    /// Puts (or removes) a stone.
    pub fn set(&mut self, x: i32, y: i32, s: Option<Side>) {
        assert!(self.on(x, y));
        self.cells[(y * self.size + x) as usize] = s;
    }

    fn neighbours(&self, x: i32, y: i32) -> impl Iterator<Item = (i32, i32)> + '_ {
        [(1, 0), (-1, 0), (0, 1), (0, -1)]
            .into_iter()
            .map(move |(dx, dy)| (x + dx, y + dy))
            .filter(|&(a, b)| self.on(a, b))
    }

    /// The stones of the string at a point and its liberties.
    pub fn string(&self, x: i32, y: i32) -> (Points, Points) {
        let Some(c) = self.get(x, y) else {
            return (Vec::new(), Vec::new());
        };
        let mut stones = vec![(x, y)];
        let mut libs = Vec::new();
        let mut i = 0;
        while i < stones.len() {
            let (sx, sy) = stones[i];
            for (a, b) in self.neighbours(sx, sy) {
                match self.get(a, b) {
                    Some(d) if d == c && !stones.contains(&(a, b)) => stones.push((a, b)),
                    None if !libs.contains(&(a, b)) => libs.push((a, b)),
                    _ => {}
                }
            }
            i += 1;
        }
        (stones, libs)
    }

    /// The board after `s` plays at `(x, y)` with captures; `None` if occupied or suicide.
    pub fn play(&self, x: i32, y: i32, s: Side) -> Option<Grid> {
        if !self.on(x, y) || self.get(x, y).is_some() {
            return None;
        }
        let mut g = self.clone();
        g.set(x, y, Some(s));
        for (a, b) in self.neighbours(x, y) {
            if g.get(a, b) == Some(s.other()) {
                let (stones, libs) = g.string(a, b);
                if libs.is_empty() {
                    for (p, q) in stones {
                        g.set(p, q, None);
                    }
                }
            }
        }
        if g.string(x, y).1.is_empty() {
            return None;
        }
        Some(g)
    }
}

impl InterpBoard for Grid {
    type Side = Side;

    fn size(&self) -> i32 {
        self.size
    }

    fn code(&self, x: i32, y: i32, us: Side) -> u8 {
        if !self.on(x, y) {
            return code::OFF_BOARD;
        }
        match self.get(x, y) {
            None => code::EMPTY,
            Some(s) if s == us => code::OURS,
            Some(_) => code::THEIRS,
        }
    }

    fn lib(&self, x: i32, y: i32) -> i32 {
        self.string(x, y).1.len() as i32
    }

    fn stones(&self, x: i32, y: i32) -> i32 {
        self.string(x, y).0.len() as i32
    }

    fn libs_after(&self, x: i32, y: i32, us: Side) -> i32 {
        self.play(x, y, us)
            .map_or(0, |g| g.string(x, y).1.len() as i32)
    }

    fn self_atari(&self, x: i32, y: i32, us: Side) -> bool {
        self.libs_after(x, y, us) <= 1
    }

    fn ko(&self, x: i32, y: i32) -> bool {
        self.ko_points.contains(&(x, y))
    }

    fn edge_dist(&self, x: i32, y: i32) -> i32 {
        x.min(y).min(self.size - 1 - x).min(self.size - 1 - y)
    }

    fn attack(&self, x: i32, y: i32) -> i32 {
        let (stones, libs) = self.string(x, y);
        i32::from(!stones.is_empty() && libs.len() == 1)
    }

    fn defend(&self, x: i32, y: i32) -> i32 {
        let (stones, libs) = self.string(x, y);
        i32::from(!stones.is_empty() && libs.len() >= 2)
    }

    fn connected(&self, x1: i32, y1: i32, x2: i32, y2: i32) -> bool {
        self.get(x1, y1).is_some() && self.string(x1, y1).0.contains(&(x2, y2))
    }
}

/// Why a pattern did or did not match at a point (see [`Database::explain_at`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Figure and conditions hold: a match.
    Match,
    /// The figure fails on these points (a near miss when they are few).
    Figure(Vec<CellMiss>),
    /// The figure holds but condition `index` (0-based, in `if` order), rendered as `text`,
    /// is false.
    Condition {
        /// Index in [`Pattern::conditions`](crate::ir::Pattern::conditions).
        index: usize,
        /// The condition, labels by their letters and the anchor as `*`.
        text: String,
    },
}

/// A figure point that does not hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellMiss {
    /// Board column of the point (may be off the board).
    pub x: i32,
    /// Board row of the point (may be off the board).
    pub y: i32,
    /// What the figure asks there.
    pub expected: crate::ir::Cell,
    /// What the board holds, as seen by the side matched for: `EMPTY`, `OURS`, `THEIRS` or
    /// `OFF_BOARD`.
    pub found: u8,
}

/// One pattern under one transformation at a point, and why it matched or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// Index of the pattern in [`Database::patterns`].
    pub pattern: usize,
    /// The transformation.
    pub transform: Transform,
    /// The verdict.
    pub verdict: Verdict,
}

impl Explanation {
    /// Figure points that fail (0 for a match or a false condition).
    pub fn misses(&self) -> usize {
        match &self.verdict {
            Verdict::Figure(m) => m.len(),
            _ => 0,
        }
    }
}

impl Database {
    /// The pattern author's question, "why didn't my pattern fire here?": every variant with
    /// its anchor at `(x, y)` that matches, whose figure fails on at most `max_misses` points
    /// (with those points), or whose figure holds but a condition is false (the first false
    /// one). Matches first (in match order), then false conditions, then figure misses by how
    /// many points fail. An occupied `(x, y)` matches nothing: the anchor must be empty, which
    /// counts as one more failing point. Lookup patterns, which no matcher checks, are
    /// explained too: the engine's table finds them where their figure matches.
    pub fn explain_at<B: InterpBoard + ?Sized>(
        &self,
        board: &B,
        x: i32,
        y: i32,
        us: B::Side,
        max_misses: usize,
    ) -> Vec<Explanation> {
        let mut out = Vec::new();
        let anchor = board.code(x, y, us) & 3;
        for (i, p) in self.patterns.iter().enumerate() {
            for &t in &p.transforms {
                let v = p.variant(i, t);
                let mut misses: Vec<CellMiss> = Vec::new();
                if anchor != code::EMPTY {
                    misses.push(CellMiss {
                        x,
                        y,
                        expected: crate::ir::Cell::Anchor,
                        found: anchor,
                    });
                }
                for q in &v.points {
                    let found = board.code(x + q.dx, y + q.dy, us) & 3;
                    if !q.cell.accepts(found) {
                        misses.push(CellMiss {
                            x: x + q.dx,
                            y: y + q.dy,
                            expected: q.cell,
                            found,
                        });
                    }
                }
                let verdict = if !misses.is_empty() {
                    if misses.len() > max_misses {
                        continue;
                    }
                    Verdict::Figure(misses)
                } else {
                    let failed = p
                        .conditions
                        .iter()
                        .position(|c| !eval(c, board, x, y, &v.labels, us).bool());
                    match failed {
                        None => Verdict::Match,
                        Some(index) => Verdict::Condition {
                            index,
                            text: p.conditions[index].render_with(&|r| match r {
                                PointRef::Anchor => "*".to_string(),
                                PointRef::Label(l) => p.labels[l].name.to_string(),
                            }),
                        },
                    }
                };
                out.push(Explanation {
                    pattern: i,
                    transform: t,
                    verdict,
                });
            }
        }
        let rank = |e: &Explanation| match e.verdict {
            Verdict::Match => 0,
            Verdict::Condition { .. } => 1,
            Verdict::Figure(ref m) => 1 + m.len(),
        };
        out.sort_by_key(rank);
        out
    }
}
