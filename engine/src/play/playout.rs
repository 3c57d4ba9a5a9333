//! The heavy playout policy of the Monte Carlo search: answers to ataris next to the last
//! move, 3×3 shapes, and refusal of self-ataris, on top of the light uniform policy of
//! [`crate::board::playout`].

use crate::board::playout::{PlayoutResult, Rng, self_atari};
use crate::board::{Board, Cell, Color, MAX_SIZE, Move, Point};
use std::sync::OnceLock;

/// The 3×3 shapes the heavy policy plays next to the last move (after the Monte Carlo
/// programs of 2006): rows top first, the centre is the move. `X` and `O` are the two
/// colours, either way round (a good shape for one side to make is usually as good for the
/// other to prevent); `x` is "not X" (empty, `O` or edge), `o` "not O", `.` empty, `#` the
/// edge, `?` anything. Each shape counts in all eight orientations.
const SHAPES: [[&str; 3]; 13] = [
    // Hane that encloses a stone.
    ["XOX", "...", "???"],
    // Hane that does not leave a cut.
    ["XO.", "...", "?.?"],
    // Bending round a contact stone (magari).
    ["XO?", "X..", "x.?"],
    // Attaching diagonally or on the shoulder.
    [".O.", "X..", "..."],
    // Cutting where the cut cannot be answered by a connection.
    ["XO?", "O.o", "?o?"],
    // Cutting after a peep.
    ["XO?", "O.X", "???"],
    // Pushing through between two stones.
    ["?X?", "O.O", "ooo"],
    // Cutting the knight's move.
    ["OX?", "o.O", "???"],
    // On the edge: chasing along the side.
    ["X.?", "O.?", "###"],
    // On the edge: blocking the cut along the side.
    ["OX?", "X.O", "###"],
    // On the edge: blocking the connection underneath.
    ["?X?", "x.O", "###"],
    // On the edge: descending (sagari).
    ["?XO", "x.x", "###"],
    // On the edge: cutting.
    ["?OX", "X.O", "###"],
];

/// Offsets (row, column) of the eight neighbours in the order of [`neighbourhood_code`].
pub const RING: [(usize, usize); 8] = [
    (0, 0),
    (0, 1),
    (0, 2),
    (1, 0),
    (1, 2),
    (2, 0),
    (2, 1),
    (2, 2),
];

/// The eight neighbours of `p` (NW, N, NE, W, E, SW, S, SE), two bits each ([`Cell`]).
#[inline(always)]
pub fn neighbourhood_code(board: &Board, p: Point) -> u16 {
    let n = p.neighbors(); // N, W, E, S
    let d = p.diagonals(); // NW, NE, SW, SE
    let c = |q: Point| board.cell(q) as u16;
    c(d[0])
        | c(n[0]) << 2
        | c(d[1]) << 4
        | c(n[1]) << 6
        | c(n[2]) << 8
        | c(d[2]) << 10
        | c(n[3]) << 12
        | c(d[3]) << 14
}

/// `true` at every [`neighbourhood_code`] around which a [`SHAPES`] move is.
pub fn shape_table() -> &'static [bool; 1 << 16] {
    static TABLE: OnceLock<Box<[bool; 1 << 16]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Box::new([false; 1 << 16]);
        for (code, slot) in table.iter_mut().enumerate() {
            let mut grid = [[Cell::Empty; 3]; 3];
            for (k, &(r, c)) in RING.iter().enumerate() {
                grid[r][c] = match (code >> (2 * k)) & 3 {
                    0 => Cell::Empty,
                    1 => Cell::Black,
                    2 => Cell::White,
                    _ => Cell::Border,
                };
            }
            *slot = SHAPES.iter().any(|shape| shape_matches(shape, &grid));
        }
        table
    })
}

/// Whether `shape` matches `grid` in some orientation and colouring.
fn shape_matches(shape: &[&str; 3], grid: &[[Cell; 3]; 3]) -> bool {
    let rows: Vec<&[u8]> = shape.iter().map(|r| r.as_bytes()).collect();
    for (x, o) in [(Cell::Black, Cell::White), (Cell::White, Cell::Black)] {
        for t in 0..8 {
            let fits = (0..3).all(|r| {
                (0..3).all(|c| {
                    // Reflect, then rotate a quarter turn t % 4 times.
                    let (mut rr, mut cc) = if t >= 4 { (r, 2 - c) } else { (r, c) };
                    for _ in 0..t % 4 {
                        (rr, cc) = (cc, 2 - rr);
                    }
                    let cell = grid[rr][cc];
                    match rows[r][c] {
                        b'X' => cell == x,
                        b'O' => cell == o,
                        b'x' => cell != x,
                        b'o' => cell != o,
                        b'.' => cell == Cell::Empty,
                        b'#' => cell == Cell::Border,
                        _ => true,
                    }
                })
            });
            if fits {
                return true;
            }
        }
    }
    false
}

/// The heavy playout policy of the Monte Carlo search. In order:
///
/// 1. next to the last move, capture a string in atari (the biggest), or save one of ours it
///    put in atari by capturing an attacker or by extending to at least two liberties; else
///    capture a string our own previous move put in atari and the opponent left there;
/// 2. one of the [`SHAPES`] moves among the last move's eight neighbours (not a self-atari);
/// 3. a uniformly random move that does not fill an own eye nor put two or more stones into
///    atari (nor, three times in four, a single stone); a pass when there is none.
///
/// Nothing is allocated per playout: the scratch buffer lives in the runner.
#[derive(Clone, Debug)]
pub struct HeavyPlayout {
    rng: Rng,
    candidates: Vec<Point>,
    shapes: &'static [bool; 1 << 16],
}

/// Out of 256: how often the shape step is tried (a little randomness keeps the playouts
/// from repeating one sequence).
const SHAPE_RATE: usize = 230;
/// Out of 256: how often a random move that puts a single stone into atari is refused.
const LONE_SELF_ATARI_REFUSAL: usize = 192;

impl HeavyPlayout {
    pub fn new(seed: u64) -> HeavyPlayout {
        HeavyPlayout {
            rng: Rng::new(seed),
            candidates: Vec::with_capacity(MAX_SIZE * MAX_SIZE),
            shapes: shape_table(),
        }
    }

    /// Plays to two passes in a row (or a cap of three moves per point), like
    /// [`Playout::run`].
    pub fn run(&mut self, board: &mut Board, to_move: Color) -> PlayoutResult {
        let cap = 3 * board.size() * board.size();
        let (mut color, mut passes, mut moves) = (to_move, 0, 0);
        // Each side's previous move in this playout.
        let mut previous = [Point::NONE; 2];
        while passes < 2 && moves < cap {
            match self.choose(board, color, previous[color as usize]) {
                Some(p) => {
                    board.play_unchecked(p, color);
                    previous[color as usize] = p;
                    passes = 0;
                }
                None => {
                    board.pass(color);
                    previous[color as usize] = Point::NONE;
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

    /// `color`'s move under the policy; `None` means pass. `board` is left as it was.
    pub fn choose_move(&mut self, board: &mut Board, color: Color) -> Option<Point> {
        self.choose(board, color, Point::NONE)
    }

    /// The policy's move, `own_previous` being `color`'s move before the opponent's last (or
    /// `Point::NONE`): a string it put in atari that the opponent left there is taken.
    fn choose(&mut self, board: &mut Board, color: Color, own_previous: Point) -> Option<Point> {
        if let Some((_, Move::Play(last))) = board.last_move() {
            if let Some(p) = atari_answer(board, last, color) {
                return Some(p);
            }
            if own_previous != Point::NONE
                && let Some(p) = capture_next_to(board, own_previous, color)
            {
                return Some(p);
            }
            if self.rng.below(256) < SHAPE_RATE {
                if let Some(p) = self.shape_answer(board, last, color) {
                    return Some(p);
                }
            }
        }
        self.random_move(board, color)
    }

    /// A random [`SHAPES`] move among the eight neighbours of `last`.
    fn shape_answer(&mut self, board: &mut Board, last: Point, color: Color) -> Option<Point> {
        let mut found = [Point::NONE; 8];
        let mut count = 0;
        let n = last.neighbors();
        let d = last.diagonals();
        for p in n.into_iter().chain(d) {
            if board.cell(p) == Cell::Empty
                && self.shapes[neighbourhood_code(board, p) as usize]
                && !board.is_eye(p, color)
                && board.is_legal_simple(p, color)
                && !self_atari(board, p, color, 1)
            {
                found[count] = p;
                count += 1;
            }
        }
        (count > 0).then(|| found[self.rng.below(count)])
    }

    fn random_move(&mut self, board: &mut Board, color: Color) -> Option<Point> {
        let n = board.empty_points().len();
        self.candidates.clear();
        self.candidates.extend_from_slice(board.empty_points());
        let mut live = n;
        while live > 0 {
            let i = self.rng.below(live);
            let p = self.candidates[i];
            if !board.is_eye(p, color) && board.is_legal_simple(p, color) {
                // A lone stone in atari is mostly a gift of a tempo, but sometimes the
                // throw-in that kills an eye: refused most of the time, not always.
                let min_stones = if self.rng.below(256) < LONE_SELF_ATARI_REFUSAL {
                    1
                } else {
                    2
                };
                if !self_atari(board, p, color, min_stones) {
                    return Some(p);
                }
            }
            live -= 1;
            self.candidates.swap(i, live);
        }
        None
    }
}

/// The answer to the last move's ataris: capture the biggest enemy string in atari next to
/// `last` (or `last` itself), else save our biggest string it put in atari, by capturing a
/// neighbour of it in atari or by extending when that gives two liberties or more.
pub fn atari_answer(board: &mut Board, last: Point, color: Color) -> Option<Point> {
    let n = last.neighbors();
    let around = [last, n[0], n[1], n[2], n[3]];
    let mut capture: Option<(usize, Point)> = None;
    let mut rescue: Option<(usize, Point)> = None;
    for s in around {
        let Some(c) = board.color_at(s) else { continue };
        if board.libs(s) != 1 {
            continue;
        }
        let size = board.string_size(s);
        if c != color {
            if capture.is_some_and(|(best, _)| best >= size) {
                continue;
            }
            let mut lib = [Point::NONE; 1];
            board.first_liberties(s, &mut lib);
            if board.is_legal_simple(lib[0], color) {
                capture = Some((size, lib[0]));
            }
        } else if rescue.is_none_or(|(best, _)| best < size) {
            if let Some(p) = rescue_move(board, s, color) {
                rescue = Some((size, p));
            }
        }
    }
    capture.or(rescue).map(|(_, p)| p)
}

/// The capture of the biggest enemy string in atari at or next to `at`.
fn capture_next_to(board: &Board, at: Point, color: Color) -> Option<Point> {
    let n = at.neighbors();
    let mut capture: Option<(usize, Point)> = None;
    for s in [at, n[0], n[1], n[2], n[3]] {
        if board.color_at(s) != Some(color.opponent()) || board.libs(s) != 1 {
            continue;
        }
        let size = board.string_size(s);
        if capture.is_some_and(|(best, _)| best >= size) {
            continue;
        }
        let mut lib = [Point::NONE; 1];
        board.first_liberties(s, &mut lib);
        if board.is_legal_simple(lib[0], color) {
            capture = Some((size, lib[0]));
        }
    }
    capture.map(|(_, p)| p)
}

/// A move that saves our string at `s` (in atari): capturing a neighbouring enemy string in
/// atari, or extending to two liberties or more.
fn rescue_move(board: &mut Board, s: Point, color: Color) -> Option<Point> {
    let enemy = color.opponent();
    for stone in board.string_stones(s) {
        for n in stone.neighbors() {
            if board.color_at(n) == Some(enemy) && board.libs(n) == 1 {
                let mut lib = [Point::NONE; 1];
                board.first_liberties(n, &mut lib);
                if board.is_legal_simple(lib[0], color) {
                    return Some(lib[0]);
                }
            }
        }
    }
    let mut lib = [Point::NONE; 1];
    board.first_liberties(s, &mut lib);
    let l = lib[0];
    (board.is_legal_simple(l, color) && board.libs_after(l, color) >= 2).then_some(l)
}

#[cfg(test)]
mod tests;
