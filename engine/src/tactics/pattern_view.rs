//! The board as generated pattern matchers see it: [`PatternBoard`] for [`Board`].
//!
//! Matchers only read the board, but the reading predicates (`attack`, `defend`,
//! `connected`) must try moves. They do so on a scratch copy made the first time one is asked
//! for, so a scan that never reaches such a condition never copies the board (`libs_after`
//! and `self_atari` read the move's effect off the board itself).

use crate::board::{Board, Cell, Color, Point};
use crate::pattern::{self, Kind, Match, PatternBoard, Tables};
use crate::tactics::reading;
use std::cell::RefCell;

/// A board ready for pattern matching.
pub struct PatternView<'a> {
    board: &'a Board,
    scratch: RefCell<Option<Board>>,
}

impl<'a> PatternView<'a> {
    pub fn new(board: &'a Board) -> PatternView<'a> {
        PatternView {
            board,
            scratch: RefCell::new(None),
        }
    }

    /// The board being matched.
    pub fn board(&self) -> &Board {
        self.board
    }

    #[inline]
    fn point(&self, x: i32, y: i32) -> Option<Point> {
        let n = self.board.size() as i32;
        ((0..n).contains(&x) && (0..n).contains(&y)).then(|| Point::from_xy(x as usize, y as usize))
    }

    fn with_scratch<R>(&self, f: impl FnOnce(&mut Board) -> R) -> R {
        let mut slot = self.scratch.borrow_mut();
        let board = slot.get_or_insert_with(|| self.board.clone());
        f(board)
    }
}

impl PatternBoard for PatternView<'_> {
    #[inline]
    fn size(&self) -> i32 {
        self.board.size() as i32
    }

    #[inline]
    fn cells(&self) -> Option<&[u8]> {
        Some(self.board.cell_codes())
    }

    #[inline]
    fn code(&self, x: i32, y: i32, us: Color) -> u8 {
        let Some(p) = self.point(x, y) else {
            return pattern::OFF_BOARD;
        };
        match self.board.cell(p) {
            Cell::Empty => pattern::EMPTY,
            Cell::Border => pattern::OFF_BOARD,
            c if c == Cell::from(us) => pattern::OURS,
            _ => pattern::THEIRS,
        }
    }

    fn lib(&self, x: i32, y: i32) -> i32 {
        self.point(x, y).map_or(0, |p| self.board.libs(p) as i32)
    }

    fn stones(&self, x: i32, y: i32) -> i32 {
        self.point(x, y)
            .map_or(0, |p| self.board.string_size(p) as i32)
    }

    fn libs_after(&self, x: i32, y: i32, us: Color) -> i32 {
        let Some(p) = self.point(x, y) else { return 0 };
        self.board.libs_after(p, us) as i32
    }

    fn self_atari(&self, x: i32, y: i32, us: Color) -> bool {
        self.libs_after(x, y, us) <= 1
    }

    fn ko(&self, x: i32, y: i32) -> bool {
        let Some(p) = self.point(x, y) else {
            return false;
        };
        if self.board.ko_point().is_some_and(|(k, _)| k == p) {
            return true;
        }
        // A lone stone in atari whose capturer would itself be a lone stone in atari.
        let Some(color) = self.board.color_at(p) else {
            return false;
        };
        if self.board.string_size(p) != 1 || self.board.libs(p) != 1 {
            return false;
        }
        let l = self.board.liberties(p).next().expect("one liberty");
        l.neighbors().iter().all(|&n| {
            n == p || matches!(self.board.cell(n), Cell::Border) || {
                self.board.color_at(n) == Some(color.opponent())
            }
        })
    }

    fn edge_dist(&self, x: i32, y: i32) -> i32 {
        let n = self.board.size() as i32;
        x.min(y).min(n - 1 - x).min(n - 1 - y)
    }

    fn attack(&self, x: i32, y: i32) -> i32 {
        let Some(p) = self.point(x, y) else { return 0 };
        self.with_scratch(|b| reading::attack(b, p).0)
    }

    fn defend(&self, x: i32, y: i32) -> i32 {
        let Some(p) = self.point(x, y) else { return 0 };
        self.with_scratch(|b| reading::defend(b, p).0)
    }

    fn connected(&self, x1: i32, y1: i32, x2: i32, y2: i32) -> bool {
        let (Some(a), Some(b)) = (self.point(x1, y1), self.point(x2, y2)) else {
            return false;
        };
        self.with_scratch(|board| reading::connected(board, a, b))
    }
}

/// The compiled pattern databases, as the engine's stages consume them.
///
/// The engine cannot name the generated modules (they are compiled into the `tesuji` package
/// by `build.rs`), so stages take this trait instead; it is object-safe, so a GTP session can
/// hold one as `&'static dyn PatternSet`. Tests can implement it over small inline databases
/// written with `pattern-macros`.
pub trait PatternSet: Send + Sync {
    /// The tables of the database of this kind, if the set has one (names, values, figures);
    /// matching goes through [`PatternSet::match_at`], the database's generated code.
    fn matcher(&self, kind: Kind) -> Option<&'static Tables>;

    /// Calls `f` for every pattern of the database of `kind` whose `*` sits at `(x, y)` for
    /// `us` and whose conditions hold.
    fn match_at(
        &self,
        kind: Kind,
        view: &PatternView<'_>,
        x: i32,
        y: i32,
        us: Color,
        f: &mut dyn FnMut(Match),
    );
}

/// A set with no databases: every stage still works, without pattern knowledge.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoPatterns;

impl PatternSet for NoPatterns {
    fn matcher(&self, _: Kind) -> Option<&'static Tables> {
        None
    }

    fn match_at(
        &self,
        _: Kind,
        _: &PatternView<'_>,
        _: i32,
        _: i32,
        _: Color,
        _: &mut dyn FnMut(Match),
    ) {
    }
}

#[cfg(test)]
mod tests;
