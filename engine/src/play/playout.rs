//! The heavy playout policy of the Monte Carlo search: answers to ataris next to the last
//! move, 3×3 shapes, and refusal of self-ataris, on top of the light uniform policy of
//! [`crate::board::playout`].

use crate::board::playout::{PlayoutResult, Rng, draw_empty_point, self_atari};
use crate::board::{Board, Cell, Color, MAX_SIZE, Move, Point};
use crate::pattern::Kind;
use crate::play::neighbourhood::{CODES, relative_code, tabulate};
use crate::tactics::pattern_view::PatternSet;
use std::sync::{Mutex, OnceLock};

/// The playout policy's 3×3 shapes (`kind playout`, `patterns/playout.db`): for every
/// [`relative_code`] of an empty point, the weight of a move there among the shape moves next
/// to the last move, 0 when no shape pattern matches.
///
/// The weights are integers (e^(value / 100) in 1/256ths, at least 1) so the policy draws
/// among the matching neighbours with one integer random number.
#[derive(Clone, Debug)]
pub struct PlayoutShapes {
    weight: Box<[u16; CODES]>,
}

/// What is wrong with a playout database.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PlayoutShapeError {
    #[error(
        "the playout database reaches {radius} points from `*`: its figures must fit the 3x3 ring around the move"
    )]
    TooLarge { radius: i32 },
}

impl PlayoutShapes {
    /// No shapes: the policy answers ataris and plays at random.
    pub fn none() -> &'static PlayoutShapes {
        static NONE: OnceLock<PlayoutShapes> = OnceLock::new();
        NONE.get_or_init(|| PlayoutShapes {
            weight: Box::new([0; CODES]),
        })
    }

    /// The shapes of the `kind playout` database of `patterns`; `None` when there is none.
    /// A pattern reaching beyond the 3×3 ring is an error: the table only sees the ring.
    pub fn from_patterns(
        patterns: &dyn PatternSet,
    ) -> Result<Option<PlayoutShapes>, PlayoutShapeError> {
        let Some(tables) = patterns.matcher(Kind::Playout) else {
            return Ok(None);
        };
        let radius = tables
            .footprint
            .iter()
            .map(|&(dx, dy)| i32::from(dx.abs().max(dy.abs())))
            .max()
            .unwrap_or(0);
        if radius > 1 {
            return Err(PlayoutShapeError::TooLarge { radius });
        }
        let mut weight = Box::new([0u16; CODES]);
        tabulate(patterns, Kind::Playout, &mut |code, matched| {
            if matched.is_empty() {
                return;
            }
            let log_weight: i64 = matched
                .iter()
                .map(|&k| i64::from(tables.patterns[k].value))
                .sum();
            let w = 256.0 * (log_weight as f64 / 100.0).exp();
            weight[code as usize] = w.round().clamp(1.0, f64::from(u16::MAX)) as u16;
        });
        Ok(Some(PlayoutShapes { weight }))
    }

    /// [`PlayoutShapes::from_patterns`], read once per database for the whole process;
    /// [`PlayoutShapes::none`] when the set has no valid playout database.
    pub fn cached(patterns: &dyn PatternSet) -> &'static PlayoutShapes {
        type Cache = Vec<(usize, &'static PlayoutShapes)>;
        static CACHE: Mutex<Cache> = Mutex::new(Vec::new());
        let Some(tables) = patterns.matcher(Kind::Playout) else {
            return PlayoutShapes::none();
        };
        let key = std::ptr::from_ref(tables) as usize;
        let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&(_, shapes)) = cache.iter().find(|(k, _)| *k == key) {
            return shapes;
        }
        let shapes: &'static PlayoutShapes = match PlayoutShapes::from_patterns(patterns) {
            Ok(Some(s)) => Box::leak(Box::new(s)),
            _ => PlayoutShapes::none(),
        };
        cache.push((key, shapes));
        shapes
    }

    /// Shapes whose neighbourhood `code` ([`relative_code`]) weighs `weight(code)` (in
    /// 1/256ths; 0: not a shape move): for tests and experiments without a database.
    pub fn from_fn(weight: impl Fn(u16) -> u16) -> PlayoutShapes {
        let mut table = Box::new([0u16; CODES]);
        for (code, w) in table.iter_mut().enumerate() {
            *w = weight(code as u16);
        }
        PlayoutShapes { weight: table }
    }

    /// The weight of `color`'s move at the empty point `p` (0: not a shape move).
    #[inline(always)]
    pub fn weight(&self, board: &Board, p: Point, color: Color) -> u16 {
        self.weight[relative_code(board, p, color) as usize]
    }

    /// The weight of the neighbourhood `code` ([`relative_code`]).
    pub fn weight_of_code(&self, code: u16) -> u16 {
        self.weight[code as usize]
    }

    /// How many neighbourhoods are shape moves.
    pub fn len(&self) -> usize {
        self.weight.iter().filter(|&&w| w > 0).count()
    }

    /// Whether no neighbourhood is a shape move.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The heavy playout policy of the Monte Carlo search. In order:
///
/// 1. next to the last move, capture a string in atari (the biggest), or save one of ours it
///    put in atari by capturing an attacker or by extending to at least two liberties; else
///    capture a string our own previous move put in atari and the opponent left there;
/// 2. one of the [`PlayoutShapes`] moves among the last move's eight neighbours (not a
///    self-atari), drawn in proportion to their weights;
/// 3. a uniformly random move that does not fill an own eye nor put two or more stones into
///    atari (nor, three times in four, a single stone); a pass when there is none.
///
/// Nothing is allocated per playout: the scratch buffer lives in the runner.
#[derive(Clone, Debug)]
pub struct HeavyPlayout {
    rng: Rng,
    candidates: Vec<Point>,
    shapes: &'static PlayoutShapes,
}

/// Out of 256: how often the shape step is tried (a little randomness keeps the playouts
/// from repeating one sequence).
const SHAPE_RATE: usize = 230;
/// Out of 256: how often a random move that puts a single stone into atari is refused.
const LONE_SELF_ATARI_REFUSAL: usize = 192;

impl HeavyPlayout {
    /// A runner whose shape step plays `shapes` ([`PlayoutShapes::cached`] gives the
    /// compiled `patterns/playout.db`).
    pub fn new(seed: u64, shapes: &'static PlayoutShapes) -> HeavyPlayout {
        HeavyPlayout {
            rng: Rng::new(seed),
            candidates: Vec::with_capacity(MAX_SIZE * MAX_SIZE),
            shapes,
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

    /// A [`PlayoutShapes`] move among the eight neighbours of `last`, drawn in proportion to
    /// its weight among those that are legal, fill no own eye and are no self-atari.
    ///
    /// Drawn first and checked after: a refused move leaves the draw and the rest are drawn
    /// again, which gives the same distribution while checking about one move per call.
    fn shape_answer(&mut self, board: &mut Board, last: Point, color: Color) -> Option<Point> {
        let mut found = [(Point::NONE, 0u32); 8];
        let mut count = 0;
        let mut total = 0u32;
        let [n, w, e, s] = last.neighbors();
        let [nw, ne, sw, se] = last.diagonals();
        for p in [n, w, e, s, nw, ne, sw, se] {
            if board.cell(p) != Cell::Empty {
                continue;
            }
            let weight = self.shapes.weight(board, p, color);
            if weight > 0 {
                total += u32::from(weight);
                found[count] = (p, total);
                count += 1;
            }
        }
        while count > 0 {
            let r = self.rng.below(total as usize) as u32;
            let k = found[..count]
                .iter()
                .position(|&(_, upto)| r < upto)
                .unwrap_or(count - 1);
            let p = found[k].0;
            if !board.is_eye(p, color)
                && board.is_legal_simple(p, color)
                && !self_atari(board, p, color, 1)
            {
                return Some(p);
            }
            let below = if k == 0 { 0 } else { found[k - 1].1 };
            let weight = found[k].1 - below;
            for j in k + 1..count {
                found[j - 1] = (found[j].0, found[j].1 - weight);
            }
            count -= 1;
            total -= weight;
        }
        None
    }

    /// A uniformly random move that is legal, does not fill an own eye, and is not a
    /// self-atari of two stones or more nor, most of the time, of a single stone.
    fn random_move(&mut self, board: &mut Board, color: Color) -> Option<Point> {
        draw_empty_point(
            &mut self.rng,
            &mut self.candidates,
            &mut &mut *board,
            |rng, b, p| {
                if b.is_eye(p, color) || !b.is_legal_simple(p, color) {
                    return false;
                }
                // A lone stone in atari is mostly a gift of a tempo, but sometimes the
                // throw-in that kills an eye: refused most of the time, not always.
                let min_stones = if rng.below(256) < LONE_SELF_ATARI_REFUSAL {
                    1
                } else {
                    2
                };
                !self_atari(b, p, color, min_stones)
            },
        )
    }
}

/// The answer to the last move's ataris: capture the biggest enemy string in atari next to
/// `last` (or `last` itself), else save our biggest string it put in atari, by capturing a
/// neighbour of it in atari or by extending when that gives two liberties or more.
pub fn atari_answer(board: &mut Board, last: Point, color: Color) -> Option<Point> {
    let n = last.neighbors();
    let around = [last, n[0], n[1], n[2], n[3]];
    // Most moves put nothing in atari: one branch-free test settles them.
    if !around.iter().fold(false, |any, &s| any | board.in_atari(s)) {
        return None;
    }
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
    let around = [at, n[0], n[1], n[2], n[3]];
    if !around.iter().fold(false, |any, &s| any | board.in_atari(s)) {
        return None;
    }
    let mut capture: Option<(usize, Point)> = None;
    for s in around {
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
            if board.in_atari(n) && board.color_at(n) == Some(enemy) {
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
    // Legal and not a self-atari: the extension has two liberties or more.
    (board.is_legal_simple(l, color) && !self_atari(board, l, color, 1)).then_some(l)
}

#[cfg(test)]
mod tests;
