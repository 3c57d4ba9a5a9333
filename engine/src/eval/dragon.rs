//! Dragons (GNU Go's term): strings of one colour that cannot be separated. Handtalk's *block*
//! is a dragon with the area it holds ([`crate::eval::block`]).
//!
//! Strings are joined (union-find over string origins) when
//!
//! * they share two liberties: a cut at one is answered at the other;
//! * they border one small eye space of their colour ([`crate::eval::eyes`]): the opponent cannot
//!   cut through an eye;
//! * a pattern of `patterns/connection.db` links them through an empty point, or they share
//!   one liberty, or touch diagonally with both crossing points empty — and connection
//!   reading confirms that the opponent, moving first, cannot disconnect them.
//!
//! A dragon is named by its origin, the smallest point of its stones.

use crate::board::{Board, Cell, Color, NUM_CELLS, Point};
use crate::eval::eyes;
use crate::pattern::Kind;
use crate::tactics::pattern_view::PatternSet;
use crate::tactics::pattern_view::PatternView;
use crate::tactics::reading::Reader;

/// Eye spaces up to this size join the strings around them.
pub const EYE_LINK_MAX: usize = 12;

/// One dragon.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dragon {
    pub color: Color,
    /// The smallest of its stones.
    pub origin: Point,
    /// Every stone, sorted.
    pub stones: Vec<Point>,
    /// The origin of each of its strings, sorted.
    pub strings: Vec<Point>,
}

/// The dragons of a position.
#[derive(Clone, Debug)]
pub struct Dragons {
    /// Index into `list` per point, `u32::MAX` for an empty point.
    id: Vec<u32>,
    list: Vec<Dragon>,
}

/// Union-find over point indices.
struct Union {
    parent: Vec<u16>,
}

impl Union {
    fn new() -> Union {
        Union {
            parent: (0..NUM_CELLS as u16).collect(),
        }
    }

    fn find(&mut self, mut p: usize) -> usize {
        while self.parent[p] as usize != p {
            let up = self.parent[self.parent[p] as usize];
            self.parent[p] = up;
            p = up as usize;
        }
        p
    }

    fn join(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.parent[ra.max(rb)] = ra.min(rb) as u16;
        }
    }
}

impl Dragons {
    /// Finds the dragons of `board` (left as found), reading with `reader` and the
    /// connection patterns of `patterns`.
    pub fn new(board: &mut Board, reader: &mut Reader, patterns: &dyn PatternSet) -> Dragons {
        let mut union = Union::new();
        let sid = |b: &Board, p: Point| b.string_id(p).index();
        // Solid links: two shared liberties, or a shared small eye space.
        let strings: Vec<Point> = {
            let mut seen = vec![false; NUM_CELLS];
            let mut out = Vec::new();
            for p in board.points() {
                if board.color_at(p).is_some() && !seen[board.string_id(p).index()] {
                    seen[board.string_id(p).index()] = true;
                    out.push(p);
                }
            }
            out
        };
        let mut candidates: Vec<(Point, Point)> = Vec::new();
        for (i, &a) in strings.iter().enumerate() {
            for &b in &strings[i + 1..] {
                if board.color_at(a) != board.color_at(b) {
                    continue;
                }
                let shared = board.shared_liberties(a, b);
                if shared >= 2 {
                    union.join(sid(board, a), sid(board, b));
                } else if shared == 1 || touch_diagonally(board, a, b) {
                    candidates.push((a, b));
                }
            }
        }
        for color in [Color::Black, Color::White] {
            for space in eyes::eye_spaces(board, color) {
                if space.points.len() > EYE_LINK_MAX {
                    continue;
                }
                let mut first: Option<usize> = None;
                for &p in &space.points {
                    for n in p.neighbors() {
                        // A string in atari is taken by the opponent's move into the space
                        // (legal, as it captures): the space links nothing to it.
                        if board.color_at(n) == Some(color) && board.libs(n) > 1 {
                            let s = sid(board, n);
                            match first {
                                None => first = Some(s),
                                Some(f) => union.join(f, s),
                            }
                        }
                    }
                }
            }
        }
        // Links proposed by the connection patterns.
        if let Some(_matcher) = patterns.matcher(Kind::Connection) {
            let view = PatternView::new(board);
            let n = board.size() as i32;
            for color in [Color::Black, Color::White] {
                for y in 0..n {
                    for x in 0..n {
                        let p = Point::from_xy(x as usize, y as usize);
                        if board.cell(p) != Cell::Empty {
                            continue;
                        }
                        patterns.match_at(Kind::Connection, &view, x, y, color, &mut |m| {
                            if let [a, b] = m.targets() {
                                let pa = Point::from_xy(a.0 as usize, a.1 as usize);
                                let pb = Point::from_xy(b.0 as usize, b.1 as usize);
                                candidates.push((pa, pb));
                            }
                        });
                    }
                }
            }
        }
        // Reading confirms the looser links.
        for (a, b) in candidates {
            if board.color_at(a).is_none() || board.color_at(a) != board.color_at(b) {
                continue;
            }
            if union.find(sid(board, a)) == union.find(sid(board, b)) {
                continue;
            }
            if reader.disconnect(board, a, b).0 == 0 {
                union.join(sid(board, a), sid(board, b));
            }
        }
        // Collect.
        let mut id = vec![u32::MAX; NUM_CELLS];
        let mut root_to_id = vec![u32::MAX; NUM_CELLS];
        let mut list: Vec<Dragon> = Vec::new();
        for p in board.points() {
            let Some(color) = board.color_at(p) else {
                continue;
            };
            let root = union.find(sid(board, p));
            if root_to_id[root] == u32::MAX {
                root_to_id[root] = list.len() as u32;
                list.push(Dragon {
                    color,
                    origin: p,
                    stones: Vec::new(),
                    strings: Vec::new(),
                });
            }
            let d = root_to_id[root];
            id[p.index()] = d;
            let dragon = &mut list[d as usize];
            dragon.stones.push(p);
            let origin = board.string_origin(p);
            if !dragon.strings.contains(&origin) {
                dragon.strings.push(origin);
            }
        }
        for d in &mut list {
            d.stones.sort();
            d.strings.sort();
            d.origin = d.stones[0];
        }
        Dragons { id, list }
    }

    /// The index of the dragon at `p` (`None` for an empty point).
    pub fn dragon_id(&self, p: Point) -> Option<usize> {
        let i = self.id[p.index()];
        (i != u32::MAX).then_some(i as usize)
    }

    /// The dragon at `p`.
    pub fn dragon_at(&self, p: Point) -> Option<&Dragon> {
        self.dragon_id(p).map(|i| &self.list[i])
    }

    /// Every dragon, ordered by the first stone met row by row.
    pub fn dragons(&self) -> &[Dragon] {
        &self.list
    }

    /// The stones of dragon `id` (what scoring and danger functions take).
    pub fn stones(&self, id: usize) -> &[Point] {
        &self.list[id].stones
    }

    /// Are `a` and `b` stones of one dragon?
    pub fn same_dragon(&self, a: Point, b: Point) -> bool {
        self.dragon_id(a).is_some() && self.dragon_id(a) == self.dragon_id(b)
    }

    /// The liberties of dragon `id`, sorted.
    pub fn liberties(&self, board: &Board, id: usize) -> Vec<Point> {
        let mut libs: Vec<Point> = Vec::new();
        for &s in &self.list[id].strings {
            libs.extend(board.liberties(s));
        }
        libs.sort();
        libs.dedup();
        libs
    }

    /// The dragons of the other colour next to dragon `id`, sorted by index.
    pub fn neighbours(&self, id: usize) -> Vec<usize> {
        let mut out: Vec<usize> = Vec::new();
        for &p in &self.list[id].stones {
            for n in p.neighbors() {
                if let Some(d) = self.dragon_id(n)
                    && self.list[d].color != self.list[id].color
                    && !out.contains(&d)
                {
                    out.push(d);
                }
            }
        }
        out.sort();
        out
    }
}

/// Two stones of the strings at `a` and `b` touch diagonally with both crossing points empty.
fn touch_diagonally(b: &Board, a: Point, c: Point) -> bool {
    let target = b.string_id(c);
    b.string_stones(a).any(|s| {
        s.diagonals_with_crossings().iter().any(|&(d, x, y)| {
            b.color_at(d).is_some()
                && b.string_id(d) == target
                && b.cell(x) == Cell::Empty
                && b.cell(y) == Cell::Empty
        })
    })
}

#[cfg(test)]
mod tests;
