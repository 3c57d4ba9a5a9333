//! Joseki: the corner sequences of the `joseki` pattern database, offered to the move
//! generator as moves with an urgency.
//!
//! Each joseki pattern is a whole corner (every point of a square against the two edges is
//! drawn) with the next move of a standard sequence at `*`, so a match means the corner is
//! exactly at that point of the joseki. The move generator calls [`joseki_moves`] for the side
//! to move and adds the `Good` moves (and, if it likes gambles, the `Trick` ones) to its
//! candidates with their value; `Bad` moves are known mistakes to keep out of play.

use crate::board::{Board, Color, Point};
use crate::pattern::{Kind, Mark};
use crate::tactics::pattern_view::PatternSet;
use crate::tactics::pattern_view::PatternView;

/// A move the joseki database proposes (or warns against).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JosekiMove {
    /// Where to play.
    pub point: Point,
    /// Urgency 0-100 (the pattern's `value`): 90+ must be answered now, about 60 is the
    /// usual continuation, 30 and less leaves tenuki as good.
    pub value: i32,
    /// Standard move, trick play or known mistake.
    pub mark: Mark,
    /// The pattern that proposed it (for traces: `patterns/joseki.db` names it).
    pub pattern: &'static str,
}

impl JosekiMove {
    /// A move the engine may play: a standard joseki move (tricks and mistakes excluded).
    pub fn is_standard(&self) -> bool {
        self.mark == Mark::Good
    }
}

/// Every joseki move for `color` on `board`, one per point, most urgent first (ties in board
/// order). Where several patterns fire on one point, a `Bad` mark wins (a known mistake stays
/// one whatever else matches), otherwise the highest value. Illegal points (a ko retake) are
/// left out. Empty when `patterns` has no joseki database.
pub fn joseki_moves(board: &Board, color: Color, patterns: &dyn PatternSet) -> Vec<JosekiMove> {
    let Some(matcher) = patterns.matcher(Kind::Joseki) else {
        return Vec::new();
    };
    let view = PatternView::new(board);
    let size = board.size() as i32;
    let mut moves: Vec<JosekiMove> = Vec::new();
    for y in 0..size {
        for x in 0..size {
            let point = Point::from_xy(x as usize, y as usize);
            if !board.is_legal_simple(point, color) {
                continue;
            }
            let mut best: Option<JosekiMove> = None;
            patterns.match_at(Kind::Joseki, &view, x, y, color, &mut |m| {
                let info = &matcher.patterns[m.pattern];
                let found = JosekiMove {
                    point,
                    value: info.value,
                    mark: info.mark,
                    pattern: info.name,
                };
                best = Some(match best {
                    None => found,
                    Some(old) if old.mark == Mark::Bad => old,
                    Some(_) if found.mark == Mark::Bad => found,
                    Some(old) if old.value >= found.value => old,
                    Some(_) => found,
                });
            });
            moves.extend(best);
        }
    }
    // Stable: equal values stay in board order.
    moves.sort_by_key(|m| std::cmp::Reverse(m.value));
    moves
}

#[cfg(test)]
mod tests;
