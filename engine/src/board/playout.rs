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
        let empties = board.empty_points();
        let n = empties.len();
        if n == 0 {
            return None;
        }
        for _ in 0..QUICK_TRIES {
            let p = empties[self.rng.below(n)];
            if Self::acceptable(board, p, color) {
                return Some(p);
            }
        }
        let cand = &mut self.candidates;
        cand.clear();
        cand.extend_from_slice(empties);
        let mut live = n;
        while live > 0 {
            let i = self.rng.below(live);
            let p = cand[i];
            if Self::acceptable(board, p, color) {
                return Some(p);
            }
            live -= 1;
            cand.swap(i, live);
        }
        None
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

/// Playing `color` at `p` leaves a string of at least `min_stones` stones with one liberty.
#[inline]
pub fn self_atari(board: &mut Board, p: Point, color: Color, min_stones: usize) -> bool {
    let empty_neighbours = p
        .neighbors()
        .iter()
        .filter(|&&n| board.cell(n) == Cell::Empty)
        .count();
    if empty_neighbours >= 2 {
        return false;
    }
    board.play_unchecked(p, color);
    let bad = board.libs(p) == 1 && board.string_size(p) >= min_stones;
    board.undo();
    bad
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Move;

    #[test]
    fn rng_is_deterministic_and_in_range() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for n in 1..1000 {
            let x = a.below(n);
            assert_eq!(x, b.below(n));
            assert!(x < n);
        }
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
    }

    #[test]
    fn rng_is_roughly_uniform() {
        let mut r = Rng::new(3);
        let mut counts = [0u32; 10];
        for _ in 0..100_000 {
            counts[r.below(10)] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn playouts_terminate_and_leave_a_valid_board() {
        for size in [2, 3, 5, 9, 13, 19, 25] {
            let mut runner = Playout::new(size as u64);
            for _ in 0..8 {
                let mut b = Board::new(size).unwrap();
                let r = runner.run(&mut b, Color::Black);
                b.validate().unwrap();
                assert!(r.moves <= 3 * size * size);
                assert_eq!(b.move_count(), r.moves);
                let points = (size * size) as u32;
                assert!(r.score.black + r.score.white <= points);
                if !r.capped {
                    // Two passes: neither side had an acceptable move.
                    let (Some((c1, Move::Pass)), true) = (b.last_move(), r.moves >= 2) else {
                        panic!("playout did not end with passes");
                    };
                    for &p in b.empty_points() {
                        assert!(
                            !Playout::acceptable(&b, p, c1),
                            "{c1:?} passed with a move at {p:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn finished_playouts_score_almost_everything() {
        // On an empty 9x9 the final position is all stones and one-point eyes: only seki
        // points stay neutral.
        let mut runner = Playout::new(11);
        for _ in 0..50 {
            let mut b = Board::new(9).unwrap();
            let r = runner.run(&mut b, Color::Black);
            assert!(!r.capped);
            assert!(r.score.black + r.score.white >= 70, "{:?}\n{b:?}", r.score);
        }
    }

    #[test]
    fn playouts_are_deterministic_for_a_seed() {
        for size in [9, 19] {
            let mut a = Playout::new(42);
            let mut b = Playout::new(42);
            for _ in 0..5 {
                let mut ba = Board::new(size).unwrap();
                let mut bb = Board::new(size).unwrap();
                let ra = a.run(&mut ba, Color::White);
                let rb = b.run(&mut bb, Color::White);
                assert_eq!(ra, rb);
                assert_eq!(ba.hash(), bb.hash());
                assert!(ba.moves().eq(bb.moves()));
            }
        }
        let mut b1 = Board::new(9).unwrap();
        let mut b2 = Board::new(9).unwrap();
        Playout::new(1).run(&mut b1, Color::Black);
        Playout::new(2).run(&mut b2, Color::Black);
        assert_ne!(b1.hash(), b2.hash(), "different seeds, different games");
    }

    #[test]
    fn playout_then_undo_restores_the_start() {
        let mut b = Board::new(9).unwrap();
        let mut runner = Playout::new(5);
        // A few opening moves, then a playout from there.
        for _ in 0..6 {
            let p = runner.choose_move(&b, Color::Black).unwrap();
            b.play_unchecked(p, Color::Black);
            let p = runner.choose_move(&b, Color::White).unwrap();
            b.play_unchecked(p, Color::White);
        }
        let start = (b.to_ascii(), b.hash(), b.move_count());
        let r = runner.run(&mut b, Color::Black);
        for _ in 0..r.moves {
            assert!(b.undo());
        }
        b.validate().unwrap();
        assert_eq!((b.to_ascii(), b.hash(), b.move_count()), start);
    }
}
