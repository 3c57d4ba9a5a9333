//! Uniform random playouts: the light Monte Carlo policy and its small, fast RNG.
//!
//! From a position, the players alternate; each picks uniformly among its legal moves
//! (simple-ko legality) that do not fill one of its own one-point eyes ([`Board::is_eye`]),
//! and passes when there is none. The playout ends after two passes in a row, or at a move
//! cap (three times the number of points) as a safety net against long ko fights.
//!
//! Sampling allocates nothing per move: a random index into the board's empty-point list is
//! tried first (with replacement, a few times); only when those are refused is the list
//! copied into a reused buffer, where refused candidates are swapped out of the live range.
//! Both stages pick uniformly among the acceptable moves, so the policy is exactly uniform.

use crate::board::{AreaScore, Board, Cell, Color, MAX_SIZE, Point};

/// A small, fast, seedable generator (wyrand). Not cryptographic.
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator whose whole stream is fixed by `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0xa076_1d64_78bd_642f);
        let t = u128::from(self.state) * u128::from(self.state ^ 0xe703_7ed1_a0b4_28db);
        (t >> 64) as u64 ^ t as u64
    }

    /// A number in `0..n` (`n > 0`), by multiply-shift: no division, bias below 2^-32.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0 && n <= u32::MAX as usize);
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// What a playout did and how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayoutResult {
    /// Area score of the final position (no komi).
    pub score: AreaScore,
    /// Moves played, passes included.
    pub moves: usize,
    /// The playout hit the move cap instead of ending with two passes.
    pub capped: bool,
}

/// Draws with replacement before falling back to the exhaustive stage.
const QUICK_TRIES: usize = 4;

/// Runs uniform random playouts; keeps its RNG and scratch buffer between playouts.
#[derive(Clone, Debug)]
pub struct Playout {
    rng: Rng,
    candidates: Vec<Point>,
}

impl Playout {
    /// A playout runner whose choices are fixed by `seed`.
    pub fn new(seed: u64) -> Playout {
        Playout {
            rng: Rng::new(seed),
            candidates: Vec::with_capacity(MAX_SIZE * MAX_SIZE),
        }
    }

    /// The generator, for callers that want to share it.
    pub fn rng(&mut self) -> &mut Rng {
        &mut self.rng
    }

    /// A move the light policy allows `color` at `p`: legal and not filling its own eye.
    #[inline]
    fn acceptable(board: &Board, p: Point, color: Color) -> bool {
        !board.is_eye(p, color) && board.is_legal_simple(p, color)
    }

    /// Picks `color`'s move uniformly among the acceptable ones; `None` means pass.
    pub fn choose_move(&mut self, board: &Board, color: Color) -> Option<Point> {
        draw_empty_point(&mut self.rng, &mut self.candidates, &mut &*board, |b, p| {
            Self::acceptable(b, p, color)
        })
    }

    /// Plays a playout on `board` from its current position with `to_move` to play, and
    /// scores the final position. The board keeps the final position (and the moves in its
    /// undo history); clone it first, or undo, to get the start back.
    pub fn run(&mut self, board: &mut Board, to_move: Color) -> PlayoutResult {
        let cap = 3 * board.size() * board.size();
        let mut color = to_move;
        let mut passes = 0;
        let mut moves = 0;
        while passes < 2 && moves < cap {
            match self.choose_move(board, color) {
                Some(p) => {
                    board.play_unchecked(p, color);
                    passes = 0;
                }
                None => {
                    board.pass(color);
                    passes += 1;
                }
            }
            moves += 1;
            color = color.opponent();
        }
        PlayoutResult {
            score: board.area_score(),
            moves,
            capped: passes < 2,
        }
    }
}

/// A uniformly drawn point of `board`'s empty list that `accept` allows (`None` when it
/// allows none): a few draws with replacement first, then the list copied into `scratch`,
/// where refused points are swapped out of the live range. `accept` may, through
/// `B` = `&mut Board`, play and undo.
#[inline]
pub fn draw_empty_point<B: std::ops::Deref<Target = Board>>(
    rng: &mut Rng,
    scratch: &mut Vec<Point>,
    board: &mut B,
    mut accept: impl FnMut(&mut B, Point) -> bool,
) -> Option<Point> {
    let n = board.empty_points().len();
    if n == 0 {
        return None;
    }
    for _ in 0..QUICK_TRIES {
        let p = board.empty_points()[rng.below(n)];
        if accept(board, p) {
            return Some(p);
        }
    }
    scratch.clear();
    scratch.extend_from_slice(board.empty_points());
    let mut live = n;
    while live > 0 {
        let i = rng.below(live);
        let p = scratch[i];
        if accept(board, p) {
            return Some(p);
        }
        live -= 1;
        scratch.swap(i, live);
    }
    None
}

/// Playing `color` at `p` leaves a string of at least `min_stones` stones with one liberty.
///
/// Read from the neighbours without playing (the playouts ask this for most moves they
/// consider): the new string's liberties are `p`'s empty neighbours and the other liberties
/// of the own strings it joins; two distinct ones settle it. Only a move that captures is
/// played and undone, since the captured stones' points become liberties too.
#[inline]
pub fn self_atari(board: &mut Board, p: Point, color: Color, min_stones: usize) -> bool {
    let ns = p.neighbors();
    // The common case, branch-free: two empty neighbours are two liberties.
    let empty = |n: Point| u8::from(board.cell(n) == Cell::Empty);
    if empty(ns[0]) + empty(ns[1]) + empty(ns[2]) + empty(ns[3]) >= 2 {
        return false;
    }
    let own = Cell::from(color);
    // The next most common case, branch-free too: joining an own string with three
    // liberties or more keeps two.
    let strong_friend = |n: Point| (board.cell(n) == own) & (board.libs_unchecked(n) > 2);
    if strong_friend(ns[0]) | strong_friend(ns[1]) | strong_friend(ns[2]) | strong_friend(ns[3]) {
        return false;
    }
    let mut liberty = Point::NONE;
    let mut stones = 1;
    let mut joined = [Point::NONE; 4];
    // Adds `l` to the new string's liberties; false once there are two.
    let mut one_liberty = |l: Point| {
        if liberty == Point::NONE || liberty == l {
            liberty = l;
            true
        } else {
            false
        }
    };
    for (k, &n) in ns.iter().enumerate() {
        match board.cell(n) {
            Cell::Empty => {
                if !one_liberty(n) {
                    return false;
                }
            }
            Cell::Border => {}
            c if c == own => {
                let head = board.string_id(n);
                if joined[..k].contains(&head) {
                    continue;
                }
                joined[k] = head;
                if board.libs(n) > 2 {
                    return false;
                }
                let mut libs = [Point::NONE; 2];
                let count = board.first_liberties(n, &mut libs);
                for &l in &libs[..count] {
                    if l != p && !one_liberty(l) {
                        return false;
                    }
                }
                stones += board.string_size(n);
            }
            _ => {
                if board.libs(n) == 1 {
                    return self_atari_by_playing(board, p, color, min_stones);
                }
            }
        }
    }
    liberty != Point::NONE && stones >= min_stones
}

/// [`self_atari`] by playing the move and undoing it.
pub fn self_atari_by_playing(board: &mut Board, p: Point, color: Color, min_stones: usize) -> bool {
    board.play_unchecked(p, color);
    let bad = board.libs(p) == 1 && board.string_size(p) >= min_stones;
    board.undo();
    bad
}

#[cfg(test)]
mod tests;
