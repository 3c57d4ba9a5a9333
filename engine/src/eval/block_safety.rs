//! Freedom and danger of a block: how much room a set of stones has around it and how many
//! points are at stake if it lacks eyes. Both are functions of a plain stone set (`&[Point]`,
//! one colour), so they apply to strings today and to dragons once those exist.
//!
//! The formulas, constants and diagrams are in `docs/evaluation.md`, "Freedom and danger".
//!
//! - **Freedom**, three schemes: ([`Freedom::adjacent`]) empty points adjacent or diagonal to
//!   the stones; ([`Freedom::jumps`]) empty points a one-point jump or a knight's move away
//!   that are not already adjacent or diagonal; ([`Freedom::wulu_degree2`],
//!   [`Freedom::wulu_degree25`]) Wulu's liberty points of degree 2 and 2.5, by
//!   [`crate::eval::influence::reach_from`] (enemy stones block, hane rule on).
//! - **Danger** in moku: what the opponent gains by killing the block, `2 × stones` (the
//!   stones become prisoners and their points territory) plus the eye space, scaled by the
//!   lack of eyes, `(2 − eyes) / 2` clamped to 0…1, and halved for every extra move the
//!   opponent needs to surround it: `extra = wulu_freedom / POINTS_PER_SURROUNDING_MOVE`.

use crate::board::{Board, Cell, MAX_SIZE, NUM_CELLS, Point, flood_empty_region};
use crate::eval::influence::{Degree, reach_from};

/// The three freedom counts of a block.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Freedom {
    /// (a) Empty points adjacent or diagonal to a stone.
    pub adjacent: u32,
    /// (b) Empty points a one-point jump or a knight's move from a stone, not counted in (a).
    pub jumps: u32,
    /// (c) Wulu: empty points whose nearest degree of liberty from the block is 2.
    pub wulu_degree2: u32,
    /// (c) Wulu: empty points whose nearest degree of liberty from the block is 2.5.
    pub wulu_degree25: u32,
}

impl Freedom {
    /// Wulu's outer freedom: the degree-2 and degree-2.5 points together.
    pub fn wulu(&self) -> u32 {
        self.wulu_degree2 + self.wulu_degree25
    }
}

/// Empty points of degree 2 or 2.5 that one surrounding stone takes away, roughly: a stone
/// played against the block blocks its own point, the jump behind it and the knight's moves
/// beside that.
pub const POINTS_PER_SURROUNDING_MOVE: u32 = 4;

/// Eyes a block needs to live.
pub const EYES_TO_LIVE: f32 = 2.0;

/// Computes the freedom of the stones (one colour; empty points and other colours in
/// `stones` are ignored).
pub fn freedom(board: &Board, stones: &[Point]) -> Freedom {
    let Some(color) = stones.iter().find_map(|&s| board.color_at(s)) else {
        return Freedom::default();
    };
    let enemy = |q: Point| board.color_at(q) == Some(color.opponent());
    let own = stones
        .iter()
        .copied()
        .filter(|&s| board.color_at(s) == Some(color));
    Reach::from_points(board, own, enemy).count(board, |_| false)
}

/// Where a set of points reaches: the empty points adjacent or diagonal to one of them, a
/// jump or knight's move away, and the best Wulu degree (influence's rules) of each point.
/// Shared by the freedom of a stone set and of a block's whole area.
pub(crate) struct Reach {
    near: [bool; NUM_CELLS],
    far: [bool; NUM_CELLS],
    /// Best Wulu degree code per point: 0 none, else Degree as 1..=4.
    degree: [u8; NUM_CELLS],
}

impl Reach {
    pub(crate) fn from_points(
        board: &Board,
        sources: impl IntoIterator<Item = Point>,
        enemy: impl Fn(Point) -> bool + Copy,
    ) -> Reach {
        let mut r = Reach {
            near: [false; NUM_CELLS],
            far: [false; NUM_CELLS],
            degree: [0; NUM_CELLS],
        };
        let n = board.size() as i32;
        for s in sources {
            for q in s.neighbors().into_iter().chain(s.diagonals()) {
                if board.cell(q) == Cell::Empty {
                    r.near[q.index()] = true;
                }
            }
            let (sx, sy) = s.xy();
            for (dx, dy) in JUMPS_AND_KNIGHTS {
                let (x, y) = (sx as i32 + dx, sy as i32 + dy);
                if x >= 0 && y >= 0 && x < n && y < n {
                    let q = Point::from_xy(x as usize, y as usize);
                    if board.cell(q) == Cell::Empty {
                        r.far[q.index()] = true;
                    }
                }
            }
            reach_from(board, s, true, enemy, |q, d| {
                let code = d as u8 + 1;
                let slot = &mut r.degree[q.index()];
                if *slot == 0 || code < *slot {
                    *slot = code;
                }
            });
        }
        r
    }

    /// Whether point index `i` is adjacent or diagonal to a source.
    pub(crate) fn is_near(&self, i: usize) -> bool {
        self.near[i]
    }

    /// The freedom counted over the board's points, leaving out those `skip` names.
    pub(crate) fn count(&self, board: &Board, skip: impl Fn(usize) -> bool) -> Freedom {
        let mut f = Freedom::default();
        for p in board.points() {
            let i = p.index();
            if skip(i) {
                continue;
            }
            f.adjacent += u32::from(self.near[i]);
            f.jumps += u32::from(self.far[i] && !self.near[i]);
            f.wulu_degree2 += u32::from(self.degree[i] == Degree::Jump as u8 + 1);
            f.wulu_degree25 += u32::from(self.degree[i] == Degree::Knight as u8 + 1);
        }
        f
    }
}

const JUMPS_AND_KNIGHTS: [(i32, i32); 12] = [
    (0, -2),
    (-2, 0),
    (2, 0),
    (0, 2),
    (-1, -2),
    (1, -2),
    (-2, -1),
    (2, -1),
    (-2, 1),
    (2, 1),
    (-1, 2),
    (1, 2),
];

/// A simple eye estimate for a block when nothing better is known: every region of empty
/// points bounded only by the block's colour (and the edge) that touches the block counts
/// by its size — one point: 1 if it is a real eye ([`Board::is_eye`]), else ½ (a false or
/// doubtful eye); two points: 1; three to five: 1½ (one eye, maybe two); six or more: 2.
/// The sum is capped at 2. Regions larger than [`MAX_EYE_REGION`] are open space, not eyes.
pub fn simple_eye_estimate(board: &Board, stones: &[Point]) -> EyeEstimate {
    let Some(color) = stones.iter().find_map(|&s| board.color_at(s)) else {
        return EyeEstimate::default();
    };
    let mut seen = [false; NUM_CELLS];
    let mut stack = [Point::NONE; MAX_SIZE * MAX_SIZE];
    let mut est = EyeEstimate::default();
    for &s in stones {
        for start in s.neighbors() {
            if board.cell(start) != Cell::Empty || seen[start.index()] {
                continue;
            }
            // Flood the whole region (so no part of it is taken again from another stone);
            // it is open space when it is too big or meets the opponent.
            let mut enclosed = true;
            let size = flood_empty_region(board, start, &mut seen, &mut stack, |n| {
                enclosed &= board.color_at(n) != Some(color.opponent());
            }) as usize;
            if !enclosed || size > MAX_EYE_REGION {
                continue;
            }
            est.space += size as u32;
            est.eyes += match size {
                1 if board.is_eye(start, color) => 1.0,
                1 => 0.5,
                2 => 1.0,
                3..=5 => 1.5,
                _ => 2.0,
            };
        }
    }
    est.eyes = est.eyes.min(EYES_TO_LIVE);
    est
}

/// What [`simple_eye_estimate`] finds.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct EyeEstimate {
    /// Eyes, in halves, at most 2.
    pub eyes: f32,
    /// Empty points of the enclosed regions counted.
    pub space: u32,
}

/// Largest empty region [`simple_eye_estimate`] takes for eye space.
pub const MAX_EYE_REGION: usize = 12;

/// How much a block is in danger.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Danger {
    /// Points the opponent gains by killing the block: `2 × stones + eye_space`.
    pub stake: f32,
    /// `(2 − eyes) / 2`, clamped to 0…1.
    pub eye_lack: f32,
    /// Moves beyond the first the opponent needs to surround the block.
    pub extra_surrounding_moves: u32,
    /// The danger: `stake × eye_lack × 2^−extra_surrounding_moves`, in moku.
    pub moku: f32,
}

/// The danger of a block of `stones` stones with `eyes` eyes (an estimate: 0, ½, 1, 1½, 2…),
/// `eye_space` empty points inside it, and this freedom.
pub fn danger(stones: usize, eyes: f32, eye_space: u32, freedom: &Freedom) -> Danger {
    let stake = 2.0 * stones as f32 + eye_space as f32;
    let eye_lack = ((EYES_TO_LIVE - eyes) / EYES_TO_LIVE).clamp(0.0, 1.0);
    let extra = freedom.wulu() / POINTS_PER_SURROUNDING_MOVE;
    let moku = stake * eye_lack * 0.5f32.powi(extra.min(64) as i32);
    Danger {
        stake,
        eye_lack,
        extra_surrounding_moves: extra,
        moku,
    }
}

/// Freedom, the simple eye estimate and the danger with that estimate, for one block.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BlockSafety {
    pub freedom: Freedom,
    pub eyes: EyeEstimate,
    pub danger: Danger,
}

/// Everything about one block at once.
pub fn assess(board: &Board, stones: &[Point]) -> BlockSafety {
    let freedom = freedom(board, stones);
    let eyes = simple_eye_estimate(board, stones);
    let danger = danger(stones.len(), eyes.eyes, eyes.space, &freedom);
    BlockSafety {
        freedom,
        eyes,
        danger,
    }
}

#[cfg(test)]
mod tests;
