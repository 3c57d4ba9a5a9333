//! The heavy playout policy of the Monte Carlo search: answers to ataris next to the last
//! move, 3×3 shapes, and refusal of self-ataris, on top of the light uniform policy of
//! [`crate::board::playout`].

use crate::board::playout::{PlayoutResult, Rng, draw_empty_point, self_atari};
use crate::board::{Around, Board, Cell, Color, MAX_SIZE, Move, Point};
use crate::pattern::{Kind, Tables};
use crate::play::neighbourhood::{CODES, neighbourhood_code, swap_colors, tabulate};
use crate::play::prior::MovePredictor;
use crate::tactics::pattern_view::PatternSet;
use std::sync::{Mutex, OnceLock};

mod replies;
pub use replies::LastGoodReplies;

/// The playout policy's 3×3 shapes (`kind playout`, `patterns/playout.db`): for every
/// [`relative_code`](crate::play::neighbourhood::relative_code) of an empty point, the weight of a move there among the shape moves next
/// to the last move, 0 when no shape pattern matches.
///
/// The weights are integers (e^(value / 100) in 1/256ths, at least 1) so the policy draws
/// among the matching neighbours with one integer random number.
#[derive(Clone, Debug)]
pub struct PlayoutShapes {
    /// Indexed by the side to move, then by the absolute [`neighbourhood_code`]: the colour
    /// swap of [`relative_code`](crate::play::neighbourhood::relative_code) is done once here, not at every lookup.
    by_color: Box<[[u16; CODES]; 2]>,
}

/// Shapes made once per compiled database, keyed by the address of its tables.
type ShapeCache = Vec<(usize, &'static PlayoutShapes)>;

/// The shapes `cache` holds for `tables`, made by `make` the first time.
fn once_per_database(
    cache: &Mutex<ShapeCache>,
    tables: &Tables,
    make: impl FnOnce() -> &'static PlayoutShapes,
) -> &'static PlayoutShapes {
    let key = std::ptr::from_ref(tables) as usize;
    let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&(_, shapes)) = cache.iter().find(|(k, _)| *k == key) {
        return shapes;
    }
    let shapes = make();
    cache.push((key, shapes));
    shapes
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
        NONE.get_or_init(|| PlayoutShapes::from_relative(&[0; CODES]))
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
        Ok(Some(PlayoutShapes::from_relative(&weight)))
    }

    /// [`PlayoutShapes::from_patterns`], read once per database for the whole process;
    /// [`PlayoutShapes::none`] when the set has no valid playout database.
    pub fn cached(patterns: &dyn PatternSet) -> &'static PlayoutShapes {
        static CACHE: Mutex<ShapeCache> = Mutex::new(Vec::new());
        let Some(tables) = patterns.matcher(Kind::Playout) else {
            return PlayoutShapes::none();
        };
        once_per_database(&CACHE, tables, || {
            match PlayoutShapes::from_patterns(patterns) {
                Ok(Some(s)) => Box::leak(Box::new(s)),
                _ => PlayoutShapes::none(),
            }
        })
    }

    /// The shapes of the `kind playout` database with the move-prediction model's γ as
    /// weights: the same moves are shape moves, but a shape strong players choose more often
    /// is drawn more often. The weight is γ over the median γ of the shape moves, in 1/256ths
    /// (at least 1). [`PlayoutShapes::none`] when the set has no valid playout database.
    pub fn weighted_by_model(patterns: &dyn PatternSet, model: &MovePredictor) -> PlayoutShapes {
        let Ok(Some(shapes)) = PlayoutShapes::from_patterns(patterns) else {
            return PlayoutShapes::none().clone();
        };
        let black = &shapes.by_color[Color::Black as usize];
        let mut gammas: Vec<f32> = (0..CODES)
            .filter(|&c| black[c] > 0)
            .map(|c| model.shape_gamma(c as u16))
            .collect();
        if gammas.is_empty() {
            return shapes;
        }
        gammas.sort_by(f32::total_cmp);
        let median = gammas[gammas.len() / 2].max(f32::MIN_POSITIVE);
        let mut weight = Box::new([0u16; CODES]);
        for (code, w) in weight.iter_mut().enumerate() {
            if black[code] > 0 {
                let g = 256.0 * model.shape_gamma(code as u16) / median;
                *w = g.round().clamp(1.0, f32::from(u16::MAX)) as u16;
            }
        }
        PlayoutShapes::from_relative(&weight)
    }

    /// [`PlayoutShapes::weighted_by_model`] with the model of `patterns`, once per database
    /// for the whole process; the plain shapes when the set has no model.
    pub fn cached_with_model_weights(patterns: &dyn PatternSet) -> &'static PlayoutShapes {
        static CACHE: Mutex<ShapeCache> = Mutex::new(Vec::new());
        let (Some(tables), Some(model)) = (
            patterns.matcher(Kind::Playout),
            MovePredictor::cached(patterns),
        ) else {
            return PlayoutShapes::cached(patterns);
        };
        once_per_database(&CACHE, tables, || {
            Box::leak(Box::new(PlayoutShapes::weighted_by_model(patterns, model)))
        })
    }

    /// The per-colour tables of a table indexed by [`relative_code`](crate::play::neighbourhood::relative_code).
    fn from_relative(weight: &[u16; CODES]) -> PlayoutShapes {
        let mut by_color: Box<[[u16; CODES]; 2]> = vec![[0u16; CODES]; 2]
            .into_boxed_slice()
            .try_into()
            .expect("two tables");
        for code in 0..CODES {
            by_color[Color::Black as usize][code] = weight[code];
            by_color[Color::White as usize][code] = weight[swap_colors(code as u16) as usize];
        }
        PlayoutShapes { by_color }
    }

    /// Shapes whose neighbourhood `code` ([`relative_code`](crate::play::neighbourhood::relative_code)) weighs `weight(code)` (in
    /// 1/256ths; 0: not a shape move): for tests and experiments without a database.
    pub fn from_fn(weight: impl Fn(u16) -> u16) -> PlayoutShapes {
        let mut table = Box::new([0u16; CODES]);
        for (code, w) in table.iter_mut().enumerate() {
            *w = weight(code as u16);
        }
        PlayoutShapes::from_relative(&table)
    }

    /// The weight of `color`'s move at the empty point `p` (0: not a shape move).
    #[inline(always)]
    pub fn weight(&self, board: &Board, p: Point, color: Color) -> u16 {
        self.by_color[color as usize][neighbourhood_code(board, p) as usize]
    }

    /// The weight of the neighbourhood `code` ([`relative_code`](crate::play::neighbourhood::relative_code)).
    pub fn weight_of_code(&self, code: u16) -> u16 {
        self.by_color[Color::Black as usize][code as usize]
    }

    /// How many neighbourhoods are shape moves.
    pub fn len(&self) -> usize {
        self.by_color[Color::Black as usize]
            .iter()
            .filter(|&&w| w > 0)
            .count()
    }

    /// Whether no neighbourhood is a shape move.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The heavy playout policy of the Monte Carlo search. In order:
///
/// 1. next to the last move, capture a string in atari (the biggest), or save one of ours it
///    put in atari by capturing an attacker or by extending to at least two liberties (not
///    into a working ladder, [`ladder_captures`]); else
///    capture a string our own previous move put in atari and the opponent left there;
/// 2. when the last move took 3 to 6 of our stones and left an eye space of that shape, its
///    vital point (nakade, [`nakade_point`]);
/// 3. with [`HeavyPlayout::with_last_good_replies`], the reply the winners of earlier
///    playouts of the search played to the last move ([`LastGoodReplies`]: after our previous
///    move and the last, else after the last alone), when legal, no own eye and no
///    self-atari;
/// 4. one of the [`PlayoutShapes`] moves among the last move's eight neighbours (not a
///    self-atari), drawn in proportion to their weights;
/// 5. a uniformly random move that does not fill an own eye nor put its stones into atari,
///    unless it is a lone stone placed in the opponent's two-point eye space
///    ([`placement_in_two_point_eye`]); a pass when there is none.
///
/// Nothing is allocated per playout: the scratch buffer lives in the runner.
#[derive(Clone, Debug)]
pub struct HeavyPlayout {
    rng: Rng,
    candidates: Vec<Point>,
    shapes: &'static PlayoutShapes,
    /// The last move around which the latest atari scan found no string in atari.
    quiet_around: Point,
    /// Replies learnt from the search's earlier playouts (off: `None`).
    replies: Option<Box<LastGoodReplies>>,
}

/// Out of 256: how often the shape step is tried (a little randomness keeps the playouts
/// from repeating one sequence).
const SHAPE_RATE: usize = 230;

impl HeavyPlayout {
    /// A runner whose shape step plays `shapes` ([`PlayoutShapes::cached`] gives the
    /// compiled `patterns/playout.db`).
    pub fn new(seed: u64, shapes: &'static PlayoutShapes) -> HeavyPlayout {
        HeavyPlayout {
            rng: Rng::new(seed),
            candidates: Vec::with_capacity(MAX_SIZE * MAX_SIZE),
            shapes,
            quiet_around: Point::NONE,
            replies: None,
        }
    }

    /// The same runner playing the last good replies it is taught ([`HeavyPlayout::learn`]).
    pub fn with_last_good_replies(mut self) -> HeavyPlayout {
        self.replies = Some(Box::default());
        self
    }

    /// Teaches the replies of a finished playout (its moves from the search's root on) won
    /// by `winner`; nothing without [`HeavyPlayout::with_last_good_replies`].
    pub fn learn(&mut self, moves: impl Iterator<Item = (Color, Move)>, winner: Color) {
        if let Some(r) = &mut self.replies {
            r.learn(moves, winner);
        }
    }

    /// Plays to two passes in a row (or a cap of three moves per point), like
    /// [`Playout::run`].
    pub fn run(&mut self, board: &mut Board, to_move: Color) -> PlayoutResult {
        let (moves, capped) = self.play_to_end(board, to_move);
        PlayoutResult {
            score: board.area_score(),
            moves,
            capped,
        }
    }

    /// [`HeavyPlayout::run`] without the count of the final position, for a caller that
    /// counts it its own way (the search): the moves played, passes included, and whether
    /// the cap stopped them.
    pub fn play_to_end(&mut self, board: &mut Board, to_move: Color) -> (usize, bool) {
        let cap = 3 * board.size() * board.size();
        let (mut color, mut passes, mut moves) = (to_move, 0, 0);
        // Each side's previous move in this playout.
        let mut previous = [Point::NONE; 2];
        self.quiet_around = Point::NONE;
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
        (moves, passes < 2)
    }

    /// `color`'s move under the policy; `None` means pass. `board` is left as it was.
    pub fn choose_move(&mut self, board: &mut Board, color: Color) -> Option<Point> {
        self.choose(board, color, Point::NONE)
    }

    /// The policy's move, `own_previous` being `color`'s move before the opponent's last (or
    /// `Point::NONE`): a string it put in atari that the opponent left there is taken.
    fn choose(&mut self, board: &mut Board, color: Color, own_previous: Point) -> Option<Point> {
        if let Some((_, Move::Play(last))) = board.last_move() {
            // The opponent's scan before its last move looked around our previous move: if
            // nothing there was in atari, its move can only have put its own string at
            // `last` in atari, which the atari answer below takes first.
            let quiet_before = self.quiet_around;
            self.quiet_around = Point::NONE;
            if atari_around(board, last) {
                if let Some(p) = atari_answer(board, last, color) {
                    return Some(p);
                }
            } else {
                self.quiet_around = last;
            }
            if own_previous != Point::NONE
                && own_previous != quiet_before
                && let Some(p) = capture_next_to(board, own_previous, color)
            {
                return Some(p);
            }
            if let Some(p) = nakade_point(board, color) {
                return Some(p);
            }
            if let Some(p) = self.good_reply(board, color, last) {
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

    /// The last good reply to `last` (learnt after our previous move and `last`, else after
    /// `last` alone) when it is a sensible move: empty, legal, no own eye, no self-atari.
    fn good_reply(&self, board: &mut Board, color: Color, last: Point) -> Option<Point> {
        let replies = self.replies.as_deref()?;
        let previous = match board.recent_move(1) {
            Some((c, Move::Play(p))) if c == color => p,
            _ => Point::NONE,
        };
        replies
            .replies(color, previous, last)
            .into_iter()
            .find(|&p| {
                p != Point::NONE && board.cell(p) == Cell::Empty && sensible(board, p, color)
            })
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
        let ring = [n, w, e, s, nw, ne, sw, se];
        // Whether a neighbour is empty, and whether it is a shape move, are coin tosses that
        // a branch predictor loses: the empty ones are found without a branch and walked as
        // bits, and a weight of 0 is stored and then overwritten.
        let around = board.cells_around(last);
        let ring_cells = [
            Around::N,
            Around::W,
            Around::E,
            Around::S,
            Around::NW,
            Around::NE,
            Around::SW,
            Around::SE,
        ];
        let mut empty = 0u32;
        for (k, &c) in ring_cells.iter().enumerate() {
            empty |= u32::from(around[c] == Cell::Empty) << k;
        }
        while empty != 0 {
            let p = ring[empty.trailing_zeros() as usize];
            empty &= empty - 1;
            let weight = u32::from(self.shapes.weight(board, p, color));
            total += weight;
            found[count] = (p, total);
            count += usize::from(weight > 0);
        }
        while count > 0 {
            let r = self.rng.below(total as usize) as u32;
            let k = found[..count]
                .iter()
                .position(|&(_, upto)| r < upto)
                .unwrap_or(count - 1);
            let p = found[k].0;
            if sensible(board, p, color) {
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
    /// self-atari except the placement that kills a two-point eye.
    fn random_move(&mut self, board: &mut Board, color: Color) -> Option<Point> {
        draw_empty_point(
            &mut self.rng,
            &mut self.candidates,
            &mut &mut *board,
            // A self-atari gives the opponent a tempo, and a random one between two groups
            // in seki is how a playout loses the seki: only the sensible moves, and the
            // placement that reduces a two-point eye to one (legal, and no own eye).
            // Two empty neighbours settle it inline (the draw's two call sites each get this
            // test, and a call only for the crowded points).
            #[inline(always)]
            |b, p| b.empty_neighbors(p) >= 2 || crowded_random_move(b, p, color),
        )
    }
}

/// The random step's test for a point with fewer than two empty neighbours: [`sensible`], or
/// the placement in a two-point eye.
#[inline(never)]
fn crowded_random_move(board: &mut Board, p: Point, color: Color) -> bool {
    let around = board.cells_around(p);
    let code = |k: usize| around[Around::NEIGHBORS[k]] as u8;
    // Black = 1, White = 2, Border = 3: the AND of the neighbours keeps a colour's bit
    // exactly when they are all that colour's stones or the edge.
    let all = code(0) & code(1) & code(2) & code(3);
    let enemy = Cell::from(color.opponent()) as u8;
    if all & (enemy ^ 3) != 0 {
        // All ours or the edge: no empty neighbour, so no placement.
        return crowded_and_sensible(board, p, color);
    }
    if all & enemy != 0 {
        // All the opponent's or the edge, one at least the opponent's: the end of a playout
        // is mostly such points, its eyes. No placement (no empty neighbour) and no eye of
        // ours; the move is legal only as a capture (no empty neighbour, no own string to
        // join), which one test of the neighbours' liberties rules out for most of them.
        let ns = p.neighbors();
        let capturable =
            |k: usize| code(k) != Cell::Border as u8 && board.libs_unchecked(ns[k]) <= 1;
        if !(capturable(0) | capturable(1) | capturable(2) | capturable(3)) {
            return false;
        }
        return board.is_legal_simple(p, color) && !self_atari(board, p, color, 1);
    }
    crowded_and_sensible(board, p, color) || placement_in_two_point_eye(board, p, color)
}

/// Whether `color`'s stone at `p` is the placement in a two-point eye space of the opponent:
/// every neighbour of `p` is the opponent's stone or the edge but one empty point, whose
/// other neighbours are all the opponent's or the edge too. Answered by the capture, it
/// leaves one eye where there was room for two moves, which is how a group with that eye
/// alone dies.
fn placement_in_two_point_eye(board: &Board, p: Point, color: Color) -> bool {
    let enemy = Cell::from(color.opponent());
    let closed = |n: Point| {
        let c = board.cell(n);
        c == enemy || c == Cell::Border
    };
    let mut other = Point::NONE;
    for &n in &p.neighbors() {
        if board.cell(n) == Cell::Empty && other == Point::NONE {
            other = n;
        } else if !closed(n) {
            return false;
        }
    }
    other != Point::NONE && other.neighbors().iter().all(|&m| m == p || closed(m))
}

/// Whether `color`'s move at the empty point `p` is one the policy may play: legal, no own
/// eye, no self-atari. Two empty neighbours settle it at once (most points, most of the
/// playout), inline in the caller; the rest is a call.
#[inline(always)]
fn sensible(board: &mut Board, p: Point, color: Color) -> bool {
    board.empty_neighbors(p) >= 2 || sensible_when_crowded(board, p, color)
}

/// [`sensible`] for a point with fewer than two empty neighbours.
#[inline(never)]
fn sensible_when_crowded(board: &mut Board, p: Point, color: Color) -> bool {
    crowded_and_sensible(board, p, color)
}

/// The body of [`sensible_when_crowded`], for callers that inline it.
#[inline(always)]
fn crowded_and_sensible(board: &mut Board, p: Point, color: Color) -> bool {
    !board.is_eye(p, color) && board.is_legal_simple(p, color) && !self_atari(board, p, color, 1)
}

/// The answer to the last move's ataris: capture the biggest enemy string in atari next to
/// `last` (or `last` itself), else save our biggest string it put in atari, by capturing a
/// neighbour of it in atari or by extending when that gives two liberties or more.
pub fn atari_answer(board: &mut Board, last: Point, color: Color) -> Option<Point> {
    let n = last.neighbors();
    let around = [last, n[0], n[1], n[2], n[3]];
    // The points in atari as bits, found without a branch each (usually one of the five).
    let mut in_atari = board.atari_bits_around(last);
    let mut capture: Option<(usize, Point)> = None;
    // Our strings in atari, each once, as (size, stone).
    let mut ours = [(0usize, Point::NONE); 5];
    let mut count = 0;
    while in_atari != 0 {
        let s = around[in_atari.trailing_zeros() as usize];
        in_atari &= in_atari - 1;
        let size = board.string_size(s);
        if board.color_at(s) != Some(color) {
            if capture.is_some_and(|(best, _)| best >= size) {
                continue;
            }
            let mut lib = [Point::NONE; 1];
            board.first_liberties(s, &mut lib);
            if board.is_legal_simple(lib[0], color) {
                capture = Some((size, lib[0]));
            }
        } else if !ours[..count]
            .iter()
            .any(|&(_, o)| board.string_id(o) == board.string_id(s))
        {
            ours[count] = (size, s);
            count += 1;
        }
    }
    if let Some((_, p)) = capture {
        return Some(p);
    }
    // The biggest string that can be saved (the first found among equals).
    ours[..count].sort_by_key(|&(size, _)| std::cmp::Reverse(size));
    ours[..count]
        .iter()
        .find_map(|&(_, s)| rescue_move(board, s, color))
}

/// After the opponent's last move took 3 to 6 of `color`'s stones (their points are now an
/// eye space of its: every point around them is its stone or the edge), the vital point:
/// the one point with more neighbours in the space than any other — the middle of a
/// straight or bent three, the centre of a pyramid four, bulky or cross five, rabbity six.
/// Played there, the space makes one eye, not two. A square four (dead as it is) and the
/// spaces that live (straight and bent fours, a 2×3 six) have no such single point.
fn nakade_point(board: &Board, color: Color) -> Option<Point> {
    let mut space = [Point::NONE; 6];
    let size = board.last_captured(&mut space);
    if !(3..=6).contains(&size) {
        return None;
    }
    let space = &space[..size];
    let (mut vital, mut most, mut tied) = (Point::NONE, 0, false);
    for &p in space {
        let inside = p.neighbors().iter().filter(|n| space.contains(n)).count();
        if inside > most {
            (vital, most, tied) = (p, inside, false);
        } else if inside == most {
            tied = true;
        }
    }
    (!tied && most >= 2 && board.is_legal_simple(vital, color)).then_some(vital)
}

/// A string at or next to `p` is in atari. Most moves put nothing in atari: one
/// branch-free test settles them.
#[inline(always)]
fn atari_around(board: &Board, p: Point) -> bool {
    board.atari_at_or_next_to(p)
}

/// The capture of the biggest enemy string in atari at or next to `at`.
fn capture_next_to(board: &Board, at: Point, color: Color) -> Option<Point> {
    if !atari_around(board, at) {
        return None;
    }
    let n = at.neighbors();
    let around = [at, n[0], n[1], n[2], n[3]];
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
    let enemy = Cell::from(color.opponent());
    // An enemy string in atari next to ours is rare: one test per stone, branch-free.
    let enemy_in_atari = |n: Point| board.in_atari(n) & (board.cell(n) == enemy);
    for stone in board.string_stones(s) {
        let [n, w, e, so] = stone.neighbors();
        if !(enemy_in_atari(n) | enemy_in_atari(w) | enemy_in_atari(e) | enemy_in_atari(so)) {
            continue;
        }
        for n in [n, w, e, so] {
            if enemy_in_atari(n) {
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
    if !board.is_legal_simple(l, color) || self_atari(board, l, color, 1) {
        return None;
    }
    // Running out of a working ladder only feeds the opponent more stones. (Three liberties
    // without counting captures settle it without playing.)
    if has_room(board, l, color, Point::NONE, 3) {
        return Some(l);
    }
    board.play_unchecked(l, color);
    let mut budget = LADDER_BUDGET;
    let caught = board.libs(l) == 2 && ladder_captures(board, l, l, &mut budget);
    board.undo();
    (!caught).then_some(l)
}

/// A `color` stone at the empty point `p` would have at least `room` (at most 4)
/// liberties, `without` (or `Point::NONE`) not counted, captures not counted either (they
/// only add liberties): read from the neighbours, stopping as soon as there are enough.
fn has_room(board: &Board, p: Point, color: Color, without: Point, room: usize) -> bool {
    let own = Cell::from(color);
    // Branch-free first: enough empty neighbours, or an own neighbour whose string has room
    // + 2 liberties (it keeps `room` whatever `p` and `without` take).
    let ns = p.neighbors();
    let open = |n: Point| usize::from((board.cell(n) == Cell::Empty) & (n != without));
    let roomy = |n: Point| (board.cell(n) == own) & (board.libs_unchecked(n) >= room + 2);
    if open(ns[0]) + open(ns[1]) + open(ns[2]) + open(ns[3]) >= room
        || roomy(ns[0]) | roomy(ns[1]) | roomy(ns[2]) | roomy(ns[3])
    {
        return true;
    }
    let mut found = [Point::NONE; 4];
    let mut count = 0;
    let mut add = |l: Point| {
        if l != p && l != without && !found[..count].contains(&l) {
            found[count] = l;
            count += 1;
        }
        count >= room
    };
    for &n in &p.neighbors() {
        match board.cell(n) {
            Cell::Empty if add(n) => return true,
            Cell::Empty => {}
            c if c == own => {
                // A string with room + 2 liberties keeps `room` whatever `p` and `without` take.
                if board.libs(n) >= room + 2 {
                    return true;
                }
                let mut libs = [Point::NONE; 5];
                let k = board.first_liberties(n, &mut libs);
                for &l in &libs[..k] {
                    if add(l) {
                        return true;
                    }
                }
            }
            _ => {}
        }
    }
    false
}

/// Ataris a ladder read may try before it gives up (and calls the string safe).
const LADDER_BUDGET: u32 = 64;

/// The string at `s` (two liberties, its newest stone at `newest`) is captured in a ladder,
/// its opponent to move: the attacker ataris from either liberty with a stone that is not
/// itself short of room; the defender extends, unless a stone of the attacker next to its
/// newest stone is in atari (taking it breaks the ladder: elsewhere the attacker's strings
/// lost no liberty since the read began). Three liberties after the extension is an escape.
/// Out of `budget` ataris, the string is called safe.
pub fn ladder_captures(board: &mut Board, s: Point, newest: Point, budget: &mut u32) -> bool {
    let Some(defender) = board.color_at(s) else {
        return false;
    };
    let attacker = defender.opponent();
    let mut libs = [Point::NONE; 2];
    if board.first_liberties(s, &mut libs) != 2 {
        return false;
    }
    for &(a, e) in &[(libs[0], libs[1]), (libs[1], libs[0])] {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        // Read from the neighbours first (captures only add liberties, so these are safe):
        // an atari stone short of room is no atari, and an extension at `e` that finds three
        // liberties once `a` is filled escapes.
        if !board.is_legal_simple(a, attacker)
            || !has_room(board, a, attacker, Point::NONE, 2)
            || has_room(board, e, defender, a, 3)
        {
            continue;
        }
        board.play_unchecked(a, attacker);
        let caught = escape_fails(board, e, newest, defender, budget);
        board.undo();
        if caught {
            return true;
        }
    }
    false
}

/// The defender (to move, its string in atari with its last liberty at `e`, its newest
/// stone at `newest`) cannot run: no attacker stone next to `newest` is in atari, and
/// extending at `e` gives at most two liberties that the ladder takes again.
fn escape_fails(
    board: &mut Board,
    e: Point,
    newest: Point,
    defender: Color,
    budget: &mut u32,
) -> bool {
    let attacker = Some(defender.opponent());
    for &n in &newest.neighbors() {
        if board.in_atari(n) && board.color_at(n) == attacker {
            return false;
        }
    }
    if !board.is_legal_simple(e, defender) {
        return true;
    }
    board.play_unchecked(e, defender);
    let caught = match board.libs(e) {
        0 | 1 => true,
        2 => ladder_captures(board, e, e, budget),
        _ => false,
    };
    board.undo();
    caught
}

#[cfg(test)]
mod tests;
