//! Superstrings: a string together with the friendly strings it cannot be cut from in one
//! move, as GNU Go's documentation describes them (no code is taken from it).
//!
//! Two strings of one colour are joined when
//! * they are one string (a solid connection),
//! * a point next to both (the point of a diagonal or of a one-point jump) is one the opponent
//!   cannot play: illegal, or a self-atari that captures nothing (we take the stone at once),
//! * they form a bamboo joint: two neighbouring empty points each next to both strings (if
//!   the opponent takes one, we take the other).
//!
//! A *loose* superstring ([`Superstring::loose`]) also joins strings the opponent could cut
//! only by playing two moves in a row: two shared liberties anywhere, or a diagonal with both
//! cutting points empty; and a point where the cutting stone is left in atari even when it
//! captures (the defender may take it back).
//!
//! The relation is closed transitively. The tactical reader uses a superstring's liberties as
//! attacking moves (shortening a member shortens the whole) and its liberties and the enemy
//! strings around it as defences (capturing a neighbour of a member gives the whole room).

use super::moves::{Points, libs_of, origin};
use super::persistent::PointSet;
use crate::board::{Board, Cell, Color, Point};

/// The most strings a superstring gathers (the search stops growing it there).
pub const MAX_STRINGS: usize = 16;

/// A string and the strings joined to it (see the module documentation). Fixed size: no
/// allocation.
#[derive(Clone)]
pub struct Superstring {
    color: Color,
    strings: Points,
    stones: PointSet,
    liberties: Points,
    enemies: Points,
}

impl Superstring {
    /// The superstring of the stone at `s`; `None` on an empty point. The board is left as
    /// found (a link test plays and takes back the opponent's cut).
    pub fn of(b: &mut Board, s: Point) -> Option<Superstring> {
        Superstring::gather(b, s, false)
    }

    /// The loose superstring of the stone at `s` (see the module documentation).
    pub fn loose(b: &mut Board, s: Point) -> Option<Superstring> {
        Superstring::gather(b, s, true)
    }

    fn gather(b: &mut Board, s: Point, loose: bool) -> Option<Superstring> {
        let color = b.color_at(s)?;
        let mut strings = Points::new();
        strings.push_unique(origin(b, s));
        let mut k = 0;
        while k < strings.len && strings.len < MAX_STRINGS {
            let m = strings.pts[k];
            k += 1;
            // A copy (fixed size): the link tests play on the board.
            let libs = libs_of(b, m);
            for &l in libs.as_slice() {
                for n in l.neighbors() {
                    if b.color_at(n) != Some(color) || strings.contains(origin(b, n)) {
                        continue;
                    }
                    if joined_at(b, m, n, l, color, loose)
                        || bamboo_joint(b, m, n, l)
                        || (loose && b.shared_liberties(m, n) >= 2)
                    {
                        strings.push_unique(origin(b, n));
                        if strings.len >= MAX_STRINGS {
                            break;
                        }
                    }
                }
            }
            if loose {
                for st in b.string_stones(m) {
                    for d in st.diagonals() {
                        if b.color_at(d) == Some(color)
                            && !strings.contains(origin(b, d))
                            && cutting_points(st, d)
                                .iter()
                                .all(|&c| b.cell(c) == Cell::Empty)
                        {
                            strings.push_unique(origin(b, d));
                        }
                    }
                }
            }
        }
        let mut stones = PointSet::new();
        let mut liberties = Points::new();
        let mut enemies = Points::new();
        let enemy = Cell::from(color.opponent());
        for &m in strings.as_slice() {
            for st in b.string_stones(m) {
                stones.insert(st);
                for n in st.neighbors() {
                    match b.cell(n) {
                        Cell::Empty => {
                            liberties.push_unique(n);
                        }
                        c if c == enemy => {
                            enemies.push_unique(origin(b, n));
                        }
                        _ => {}
                    }
                }
            }
        }
        Some(Superstring {
            color,
            strings,
            stones,
            liberties,
            enemies,
        })
    }

    pub fn color(&self) -> Color {
        self.color
    }

    /// The member strings by their origins (smallest point), the asked string first.
    pub fn strings(&self) -> &[Point] {
        self.strings.as_slice()
    }

    /// Every stone of every member.
    pub fn stones(&self) -> impl Iterator<Item = Point> + '_ {
        self.stones.iter()
    }

    pub fn contains(&self, p: Point) -> bool {
        self.stones.contains(p)
    }

    /// The empty points next to any member (at most 64).
    pub fn liberties(&self) -> &[Point] {
        self.liberties.as_slice()
    }

    /// The enemy strings next to any member, by their origins.
    pub fn adjacent_enemies(&self) -> &[Point] {
        self.enemies.as_slice()
    }
}

/// The opponent of `color` cannot play at `l`, a point next to both strings `a` and `c`:
/// illegal, or a self-atari that captures nothing (`loose`: whatever it captures, its stone
/// is left in atari).
fn joined_at(b: &mut Board, a: Point, c: Point, l: Point, color: Color, loose: bool) -> bool {
    if !b.has_liberty(a, l) || !b.has_liberty(c, l) {
        return false;
    }
    let cutter = color.opponent();
    if !b.is_legal_simple(l, cutter) {
        return true;
    }
    let caps = b.captures(cutter);
    b.play_unchecked(l, cutter);
    let dead = b.libs(l) == 1 && (loose || b.captures(cutter) == caps);
    b.undo();
    dead
}

/// The two points next to both of two diagonal neighbours.
fn cutting_points(p: Point, d: Point) -> [Point; 2] {
    let ((x1, y1), (x2, y2)) = (p.xy(), d.xy());
    [Point::from_xy(x1, y2), Point::from_xy(x2, y1)]
}

/// `l` and one of its neighbours are both empty and both next to the strings `a` and `c`.
fn bamboo_joint(b: &Board, a: Point, c: Point, l: Point) -> bool {
    if !b.has_liberty(a, l) || !b.has_liberty(c, l) {
        return false;
    }
    l.neighbors()
        .iter()
        .any(|&n| b.cell(n) == Cell::Empty && b.has_liberty(a, n) && b.has_liberty(c, n))
}

#[cfg(test)]
mod tests;
