//! Small fixed-capacity lists and board queries the move generators share.

use crate::board::{Board, Cell, Color, Point};

/// Capacity of a candidate list; generators stop adding beyond it. The longest list over
/// reading.tst, connect.tst and owl.tst holds 36; every node makes several lists, and each is
/// filled in when made, so a list no longer than needed keeps that cost down.
pub(crate) const MAX_MOVES: usize = 48;

/// Candidate moves with scores; a point appears once (keeping its best score).
#[derive(Clone)]
pub(crate) struct MoveList {
    pub pts: [Point; MAX_MOVES],
    pub scores: [i32; MAX_MOVES],
    pub len: usize,
}

impl MoveList {
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            pts: [Point::NONE; MAX_MOVES],
            scores: [0; MAX_MOVES],
            len: 0,
        }
    }

    /// Adds `p` with `score`, or raises the score of `p` if it is there.
    #[inline]
    pub fn add(&mut self, p: Point, score: i32) {
        if p == Point::NONE {
            return;
        }
        for i in 0..self.len {
            if self.pts[i] == p {
                self.scores[i] = self.scores[i].max(score);
                return;
            }
        }
        if self.len < MAX_MOVES {
            self.pts[self.len] = p;
            self.scores[self.len] = score;
            self.len += 1;
        }
    }

    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        self.pts[..self.len].contains(&p)
    }

    /// Removes entry `i`, keeping the order of the rest.
    pub fn remove(&mut self, i: usize) {
        for j in i + 1..self.len {
            self.pts[j - 1] = self.pts[j];
            self.scores[j - 1] = self.scores[j];
        }
        self.len -= 1;
    }

    /// Sorts by score, highest first; equal scores keep their order.
    pub fn sort(&mut self) {
        for i in 1..self.len {
            let (p, s) = (self.pts[i], self.scores[i]);
            let mut j = i;
            while j > 0 && self.scores[j - 1] < s {
                self.pts[j] = self.pts[j - 1];
                self.scores[j] = self.scores[j - 1];
                j -= 1;
            }
            self.pts[j] = p;
            self.scores[j] = s;
        }
    }

    pub fn truncate(&mut self, n: usize) {
        self.len = self.len.min(n);
    }
}

/// A small set of points (string heads, liberties) without allocation.
#[derive(Clone)]
pub(crate) struct Points {
    pub pts: [Point; 64],
    pub len: usize,
}

impl Points {
    #[inline]
    pub fn new() -> Points {
        Points {
            pts: [Point::NONE; 64],
            len: 0,
        }
    }

    #[inline]
    pub fn push_unique(&mut self, p: Point) -> bool {
        if self.pts[..self.len].contains(&p) || self.len == self.pts.len() {
            return false;
        }
        self.pts[self.len] = p;
        self.len += 1;
        true
    }

    /// Adds `p`, known not to be there yet (nothing when full).
    #[inline]
    pub fn push_new(&mut self, p: Point) {
        if self.len < self.pts.len() {
            self.pts[self.len] = p;
            self.len += 1;
        }
    }

    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        self.pts[..self.len].contains(&p)
    }

    #[inline]
    pub fn as_slice(&self) -> &[Point] {
        &self.pts[..self.len]
    }
}

/// The smallest point of the string at `s`: a name for the string that does not depend on
/// how it was built.
#[inline]
pub(crate) fn origin(b: &Board, s: Point) -> Point {
    if b.color_at(s).is_some() {
        b.string_origin(s)
    } else {
        s
    }
}

/// The liberties of the string at `s` (at most 64).
#[inline]
pub(crate) fn libs_of(b: &Board, s: Point) -> Points {
    let mut out = Points::new();
    for l in b.liberties(s) {
        if out.len == out.pts.len() {
            break;
        }
        out.pts[out.len] = l;
        out.len += 1;
    }
    out
}

/// Representatives (origins) of the enemy strings adjacent to the string at `s` that have at
/// most `max_libs` liberties.
pub(crate) fn adjacent_strings(b: &Board, s: Point, max_libs: usize) -> Points {
    let Some(color) = b.color_at(s) else {
        return Points::new();
    };
    let enemy = Cell::from(color.opponent());
    let mut heads = Points::new();
    let mut out = Points::new();
    for st in b.string_stones(s) {
        for n in st.neighbors() {
            // One origin per string: the heads already tell them apart.
            if b.cell(n) == enemy && b.libs(n) <= max_libs && heads.push_unique(b.string_id(n)) {
                out.push_new(origin(b, n));
            }
        }
    }
    out
}

/// Enemy strings (origins) adjacent to any of the strings `members` (of one colour) that have
/// at most `max_libs` liberties.
pub(crate) fn boundary_strings(b: &Board, members: &Points, max_libs: usize) -> Points {
    let mut out = Points::new();
    let mut heads = Points::new();
    for &m in members.as_slice() {
        let Some(color) = b.color_at(m) else { continue };
        let enemy = Cell::from(color.opponent());
        for st in b.string_stones(m) {
            for n in st.neighbors() {
                if b.cell(n) == enemy && b.libs(n) <= max_libs && heads.push_unique(b.string_id(n))
                {
                    out.push_new(origin(b, n));
                }
            }
        }
    }
    out
}

/// The enemy strings next to a string's tight group ([`tight_group`]) with at most four
/// liberties, in the order met: what the chain-breaking move generators of a defence node
/// choose from, each by its own liberty count. Gathered once per node.
pub(crate) struct Boundary(Points);

impl Boundary {
    pub fn of(b: &Board, s: Point) -> Boundary {
        Boundary(boundary_strings(b, &tight_group(b, s), 4))
    }

    /// The strings (origins).
    pub fn strings(&self) -> &[Point] {
        self.0.as_slice()
    }
}

/// The string at `s` and the friendly strings that live or die with it: those sharing two of
/// its liberties, or one liberty the opponent cannot fill (suicide). Origins, `s` first.
pub(crate) fn tight_group(b: &Board, s: Point) -> Points {
    let mut out = Points::new();
    out.push_unique(origin(b, s));
    let Some(color) = b.color_at(s) else {
        return out;
    };
    let own = Cell::from(color);
    let sid = b.string_id(s);
    let mut seen = Points::new();
    for l in b.liberties(s) {
        for n in l.neighbors() {
            if b.cell(n) != own || b.string_id(n) == sid || !seen.push_unique(b.string_id(n)) {
                continue;
            }
            let shared = b.shared_liberties(s, n);
            if shared >= 2 || is_suicide(b, l, color.opponent()) || opponent_short(b, l, color) {
                out.push_unique(origin(b, n));
            }
        }
    }
    out
}

/// The opponent of `color` playing at `l` would have at most one liberty, counting its
/// neighbours' liberties without merging (an upper bound) and not what it captures: it
/// cannot cut there for long.
fn opponent_short(b: &Board, l: Point, color: Color) -> bool {
    let enemy = Cell::from(color.opponent());
    let mut libs = 0;
    for n in l.neighbors() {
        match b.cell(n) {
            Cell::Empty => libs += 1,
            c if c == enemy => libs += b.libs(n).saturating_sub(1),
            _ => {}
        }
        if libs > 1 {
            return false;
        }
    }
    true
}

/// `color` playing at `p` would capture exactly one stone and leave its own stone alone with
/// that single liberty: a ko capture. Returns the stone it would take.
#[inline]
pub(crate) fn is_ko(b: &Board, p: Point, color: Color) -> Option<Point> {
    if b.cell(p) != Cell::Empty {
        return None;
    }
    let own = Cell::from(color);
    let mut captured = Point::NONE;
    for n in p.neighbors() {
        match b.cell(n) {
            Cell::Empty => return None,
            Cell::Border => {}
            c if c == own => return None,
            _ => {
                if b.libs(n) == 1 {
                    if b.string_size(n) != 1 || (captured != Point::NONE && captured != n) {
                        return None;
                    }
                    captured = n;
                }
            }
        }
    }
    (captured != Point::NONE).then_some(captured)
}

/// The two points are diagonal neighbours.
#[inline]
pub(crate) fn diagonal(a: Point, b: Point) -> bool {
    if a == Point::NONE || b == Point::NONE {
        return false;
    }
    let (ax, ay) = a.xy();
    let (bx, by) = b.xy();
    ax.abs_diff(bx) == 1 && ay.abs_diff(by) == 1
}

/// Distance of `p` to the nearest edge (0 on the first line).
#[inline]
pub(crate) fn edge_distance(b: &Board, p: Point) -> usize {
    let (x, y) = p.xy();
    let n = b.size() - 1;
    x.min(y).min(n - x).min(n - y)
}

/// `color` playing at empty `p` would be suicide (ko aside).
#[inline]
pub(crate) fn is_suicide(b: &Board, p: Point, color: Color) -> bool {
    if b.cell(p) != Cell::Empty {
        return false;
    }
    let own = Cell::from(color);
    for n in p.neighbors() {
        match b.cell(n) {
            Cell::Empty => return false,
            Cell::Border => {}
            c if c == own => {
                if b.libs(n) > 1 {
                    return false;
                }
            }
            _ => {
                if b.libs(n) == 1 {
                    return false;
                }
            }
        }
    }
    true
}

/// Liberties the string of `color` at `p` would have after playing there (0 if illegal),
/// and the number of stones it would capture, read off the board ([`Board::move_effect`]).
#[inline]
pub(crate) fn libs_and_captures_after(b: &Board, p: Point, color: Color) -> (usize, u32) {
    if !b.is_legal_simple(p, color) {
        return (0, 0);
    }
    let effect = b.move_effect(p, color);
    (effect.libs, effect.captured as u32)
}

/// The move would leave `color`'s new string in atari without capturing anything (or is
/// illegal).
#[inline]
pub(crate) fn is_self_atari(b: &mut Board, p: Point, color: Color) -> bool {
    let (l, c) = libs_and_captures_after(b, p, color);
    l == 0 || (l == 1 && c == 0)
}
