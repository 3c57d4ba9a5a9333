//! What a move would do, read from the board without playing it: the liberties of the string
//! the stone joins, the stones it takes, and the liberties other strings gain or lose.
//!
//! Why: the tactical reader orders a node's candidates by these numbers, and playing and
//! undoing each candidate just to count was a third of the owl's time. Liberty sets are
//! bitsets, so the union of the joined strings' sets is a few word ORs.

use super::string::LibSet;
use super::{Board, Cell, Color, Point};

/// The effect of one legal move, as [`Board::move_effect`] reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveEffect {
    point: Point,
    /// Liberties of the string the new stone belongs to (captures counted).
    pub libs: usize,
    /// Enemy stones the move takes off the board.
    pub captured: usize,
    /// Heads of the enemy strings it takes.
    captured_heads: [Point; 4],
    n_captured: u8,
}

impl MoveEffect {
    /// The enemy strings the move takes, by head.
    #[inline]
    fn captured_strings(&self) -> &[Point] {
        &self.captured_heads[..usize::from(self.n_captured)]
    }
}

impl Board {
    /// What `color` playing at the empty point `p` would do; the move must be legal (not
    /// suicide). Reads only: nothing is played.
    pub fn move_effect(&self, p: Point, color: Color) -> MoveEffect {
        debug_assert_eq!(self.cells[p.index()], Cell::Empty);
        let own = Cell::from(color);
        let enemy = Cell::from(color.opponent());
        let mut empties = [Point::NONE; 4];
        let mut n_empty = 0;
        let mut joined = [Point::NONE; 4];
        let mut n_joined = 0;
        let mut effect = MoveEffect {
            point: p,
            libs: 0,
            captured: 0,
            captured_heads: [Point::NONE; 4],
            n_captured: 0,
        };
        for n in p.neighbors() {
            let cell = self.cells[n.index()];
            if cell == Cell::Empty {
                empties[n_empty] = n;
                n_empty += 1;
            } else if cell == own {
                let h = self.head[n.index()];
                if !joined[..n_joined].contains(&h) {
                    joined[n_joined] = h;
                    n_joined += 1;
                }
            } else if cell == enemy {
                let h = self.head[n.index()];
                if self.string_nlibs[h.index()] == 1 && !effect.captured_strings().contains(&h) {
                    effect.captured_heads[usize::from(effect.n_captured)] = h;
                    effect.n_captured += 1;
                    effect.captured += usize::from(self.string_size[h.index()]);
                }
            }
        }
        // Most moves join at most one string and take nothing: counted without a set.
        if effect.n_captured == 0 && n_joined == 0 {
            effect.libs = n_empty;
            return effect;
        }
        if effect.n_captured == 0 && n_joined == 1 {
            let h = joined[0].index();
            let new = empties[..n_empty]
                .iter()
                .filter(|&&e| !self.libs[h].contains(e))
                .count();
            effect.libs = usize::from(self.string_nlibs[h]) - 1 + new;
            return effect;
        }
        let mut libs = LibSet::EMPTY;
        for &e in &empties[..n_empty] {
            libs.insert(e);
        }
        for &h in &joined[..n_joined] {
            libs.union_with(&self.libs[h.index()]);
        }
        // A taken stone next to the new string (the stone itself or a string it joins) is
        // one of its liberties.
        for &h in effect.captured_strings() {
            for st in self.string_stones(h) {
                let touches = st.neighbors().into_iter().any(|n| {
                    n == p
                        || (self.cells[n.index()] == own
                            && joined[..n_joined].contains(&self.head[n.index()]))
                });
                if touches {
                    libs.insert(st);
                }
            }
        }
        libs.remove(p);
        effect.libs = libs.count() as usize;
        effect
    }

    /// Liberties the string at `s` would have after the move of `effect`, when the new stone
    /// does not join it: its own but the point played, plus the taken stones next to it.
    pub fn libs_after_effect(&self, s: Point, effect: &MoveEffect) -> usize {
        let h = self.head[s.index()];
        let mut n = self.string_nlibs[h.index()] as usize;
        if self.libs[h.index()].contains(effect.point) {
            n -= 1;
        }
        for &c in effect.captured_strings() {
            for st in self.string_stones(c) {
                if st
                    .neighbors()
                    .into_iter()
                    .any(|x| self.cells[x.index()].color().is_some() && self.head[x.index()] == h)
                {
                    n += 1;
                }
            }
        }
        n
    }

    /// GNU Go's approximate liberties of a `color` stone at `l` ([`Board::approx_libs_after`]),
    /// read as if the other side had first played at `occupied`, taking nothing of `color`'s
    /// next to `l`: its empty neighbours but `occupied`, and the liberties of `color`'s strings
    /// next to it but `occupied`.
    pub fn approx_libs_after_with(&self, l: Point, color: Color, occupied: Point) -> usize {
        self.approx_libs(l, color, Some(occupied))
    }

    /// The empty neighbours of `l` and the liberties of `color`'s strings next to it, but `l`
    /// and `occupied`: one union of liberty sets.
    pub(super) fn approx_libs(&self, l: Point, color: Color, occupied: Option<Point>) -> usize {
        let own = Cell::from(color);
        let mut libs = LibSet::EMPTY;
        for n in l.neighbors() {
            let cell = self.cells[n.index()];
            if cell == Cell::Empty {
                libs.insert(n);
            } else if cell == own {
                libs.union_with(&self.libs[self.head[n.index()].index()]);
            }
        }
        libs.remove(l);
        if let Some(o) = occupied {
            libs.remove(o);
        }
        libs.count() as usize
    }
}
