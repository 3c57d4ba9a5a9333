//! Last good reply with forgetting (Drake 2009; Baier & Drake 2010): the playouts remember,
//! for each move of the opponent (and for each pair "our move, their answer"), the reply
//! that the winner of a playout played to it, and forget it when a playout in which it was
//! played is lost. A local answer that keeps working — the block after a hane, the connection
//! after a cut, the capture that settles a fight — is then played again in later playouts of
//! the same search, where the fixed policy would have left it to chance.

use crate::board::{Color, Move, NUM_CELLS, Point};

/// The replies learnt in one search: one table keyed by the opponent's last move, one by
/// our previous move and the opponent's last. `Point::NONE`: no reply stored.
#[derive(Clone, Debug)]
pub struct LastGoodReplies {
    /// `[color][last]`: `color`'s reply to the opponent's `last`.
    one: Vec<Point>,
    /// `[color][previous][last]`: `color`'s reply when its `previous` move was answered by
    /// the opponent's `last`.
    two: Vec<Point>,
}

impl Default for LastGoodReplies {
    fn default() -> Self {
        Self::new()
    }
}

impl LastGoodReplies {
    /// Empty tables (about 2 MB: the two-move table has an entry per colour and pair of
    /// points), allocated once per search.
    pub fn new() -> LastGoodReplies {
        LastGoodReplies {
            one: vec![Point::NONE; 2 * NUM_CELLS],
            two: vec![Point::NONE; 2 * NUM_CELLS * NUM_CELLS],
        }
    }

    #[inline]
    fn index_one(color: Color, last: Point) -> usize {
        color as usize * NUM_CELLS + last.index()
    }

    #[inline]
    fn index_two(color: Color, previous: Point, last: Point) -> usize {
        (color as usize * NUM_CELLS + previous.index()) * NUM_CELLS + last.index()
    }

    /// `color`'s stored replies to the opponent's `last`: the one learnt after `color`'s
    /// `previous` move (`Point::NONE` when none or `previous` is none), then the one learnt
    /// after `last` alone. A pass (or no move) has none.
    #[inline]
    pub fn replies(&self, color: Color, previous: Point, last: Point) -> [Point; 2] {
        if !is_stone(last) {
            return [Point::NONE; 2];
        }
        let two = if is_stone(previous) {
            self.two[Self::index_two(color, previous, last)]
        } else {
            Point::NONE
        };
        [two, self.one[Self::index_one(color, last)]]
    }

    /// Learns from one playout's moves (from the search's root position on, tree moves
    /// first) won by `winner`: each of the winner's moves becomes the reply to the move
    /// before it (and to the two before it); each of the loser's moves that is the stored
    /// reply there is forgotten. A pass is no move to answer nor an answer.
    pub fn learn(&mut self, moves: impl Iterator<Item = (Color, Move)>, winner: Color) {
        let (mut before_last, mut last) = (Point::NONE, Point::NONE);
        for (color, mv) in moves {
            let p = match mv {
                Move::Play(p) => p,
                Move::Pass => Point::NONE,
            };
            if is_stone(p) && is_stone(last) {
                let one = Self::index_one(color, last);
                let two = is_stone(before_last).then(|| Self::index_two(color, before_last, last));
                if color == winner {
                    self.one[one] = p;
                    if let Some(two) = two {
                        self.two[two] = p;
                    }
                } else {
                    if self.one[one] == p {
                        self.one[one] = Point::NONE;
                    }
                    if let Some(two) = two
                        && self.two[two] == p
                    {
                        self.two[two] = Point::NONE;
                    }
                }
            }
            before_last = last;
            last = p;
        }
    }
}

#[inline]
fn is_stone(p: Point) -> bool {
    p != Point::NONE && p != Point::PASS
}
