//! Semeai: the capturing race between two adjacent dragons of opposite colours.
//!
//! Each dragon is represented by its *target*, its weakest string of two stones or more next
//! to the enemy (see `target`): the race is lost by the side whose target is captured. A
//! small alpha-beta search over the race's moves decides it (values for dragon A: +1 B
//! captured, 0 seki — both pass, neither captured — and -1 A captured), with a
//! transposition table and a node budget; beyond the budget (or the depth limit) the race
//! is judged by counting liberties, the side to move winning ties, as in the classical
//! counting rule (outside, shared and eye liberties all count once each for the
//! side that has them; filling them is what the search plays out).
//!
//! The moves of the side to move, in order:
//! 1. captures of enemy strings in atari next to its own target (they gain liberties and can
//!    make an eye);
//! 2. the liberties of the enemy target: outside liberties first, those next to the mover's
//!    own stones before those in the enemy's area, then shared ones (filling a shared liberty
//!    costs the filler one too), then eye liberties;
//! 3. *approach moves*: when filling a liberty would be self-atari (a shared liberty next to
//!    the filler's own short string, the last points of a big eye), the empty points next to
//!    it, which take the liberty away from outside first;
//! 4. liberties of its own target that gain liberties (extending out of the race);
//! 5. pass, which ends the race in seki when the opponent passes too.
//!
//! Ko: the board's simple-ko rule applies inside the search; a race that only ko decides is
//! reported as won or lost by whoever the search finds, not as a ko result.

use std::collections::HashMap;

use crate::board::{Board, Color, Point};

/// How far the semeai search may go.
#[derive(Clone, Copy, Debug)]
pub struct SemeaiOptions {
    /// Nodes for one search (one side moving first); beyond it liberties are counted.
    pub node_budget: u64,
    /// Plies beyond which liberties are counted.
    pub max_depth: u32,
}

impl Default for SemeaiOptions {
    fn default() -> Self {
        SemeaiOptions {
            node_budget: 4_000,
            max_depth: 6,
        }
    }
}

/// The answer of [`analyze_semeai`], GNU Go's three values, all with A moving first: `1 1`
/// A kills B, `1 0` seki (or both live), `0 0` A loses the race.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SemeaiResult {
    /// Does dragon A survive (kill or seki): 1, else 0.
    pub survives: i32,
    /// Does A capture B: 1, else 0.
    pub kills: i32,
    /// A's move (`None`: pass, or no move saves A).
    pub mv: Option<Point>,
}

/// The race's outcome for A: B captured.
pub const WIN: i32 = 1;
/// Neither captured.
pub const SEKI: i32 = 0;
/// A captured.
pub const LOSS: i32 = -1;

struct Search {
    a: Point,
    b: Point,
    color_a: Color,
    nodes: u64,
    opts: SemeaiOptions,
    /// (hash, side, passes) → (lower, upper) bounds of the value.
    tt: HashMap<(u64, u8, u8), (i32, i32)>,
}

/// The target of a dragon in a race with `enemy`: among its strings next to the enemy
/// dragon, the one with the fewest liberties (the larger on a tie) — where the race is
/// decided; its largest string when none touches the enemy. A lone stone is the target only
/// when no larger string touches the enemy: a stone thrown in or left in the enemy's area
/// is given up, the race is the body's (semeai area 466 -> 470 of 821, owl area +1).
fn target(board: &Board, stones: &[Point], enemy: &[Point]) -> Option<Point> {
    let touches = |p: Point| {
        board
            .string_stones(p)
            .any(|s| s.neighbors().iter().any(|n| enemy.contains(n)))
    };
    let key = |p: Point, contact: bool| {
        let body = board.string_size(p) >= 2;
        (
            contact,
            body,
            std::cmp::Reverse(if contact { board.libs(p) } else { 0 }),
            board.string_size(p),
        )
    };
    let mut best: Option<(Point, bool)> = None;
    for &p in stones {
        if board.color_at(p).is_none() {
            continue;
        }
        let c = touches(p);
        if best.is_none_or(|(q, cq)| key(p, c) > key(q, cq)) {
            best = Some((p, c));
        }
    }
    best.map(|(p, _)| p)
}

/// Analyses the race between dragon `a` and dragon `b` (stones of each; they must be of
/// opposite colours) with A to move: whether A survives, whether it kills B, and its move.
pub fn analyze_semeai(
    board: &mut Board,
    a: &[Point],
    b: &[Point],
    opts: SemeaiOptions,
) -> Option<SemeaiResult> {
    let ta = target(board, a, b)?;
    let tb = target(board, b, a)?;
    let color_a = board.color_at(ta)?;
    if board.color_at(tb) != Some(color_a.opponent()) {
        return None;
    }
    let mut s = Search {
        a: ta,
        b: tb,
        color_a,
        nodes: 0,
        opts,
        tt: HashMap::new(),
    };
    // A first: the root keeps the best move, trying real moves before the pass.
    let mut best = (i32::MIN, None);
    for m in s.moves(board, color_a) {
        if !board.try_play(m, color_a) {
            continue;
        }
        let v = s.value(board, color_a.opponent(), 0, 1, LOSS, WIN);
        board.undo();
        if v > best.0 {
            best = (v, Some(m));
        }
        if v == WIN {
            break;
        }
    }
    if best.0 < WIN {
        board.pass(color_a);
        let v = s.value(board, color_a.opponent(), 1, 1, LOSS, WIN);
        board.undo();
        if v > best.0 || (v == best.0 && v >= SEKI) {
            // Passing is as good: GNU Go answers PASS when no move is needed.
            best = (v, None);
        }
    }
    Some(SemeaiResult {
        survives: i32::from(best.0 >= SEKI),
        kills: i32::from(best.0 == WIN),
        mv: if best.0 >= SEKI { best.1 } else { None },
    })
}

impl Search {
    fn captured(board: &Board, t: Point, c: Color) -> bool {
        board.color_at(t) != Some(c)
    }

    /// The counting judgement for A with `to_move` to play (see [`Race`]).
    fn count(&self, board: &mut Board, to_move: Color) -> i32 {
        Race::from_board(board, self.a, self.b).solve(to_move == self.color_a)
    }

    /// The race's value for A with `to_move` to play, alpha-beta in `[alpha, beta]`.
    fn value(
        &mut self,
        board: &mut Board,
        to_move: Color,
        passes: u8,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        if Self::captured(board, self.a, self.color_a) {
            return LOSS;
        }
        if Self::captured(board, self.b, self.color_a.opponent()) {
            return WIN;
        }
        if passes >= 2 {
            return SEKI;
        }
        self.nodes += 1;
        if self.nodes > self.opts.node_budget || depth > self.opts.max_depth {
            return self.count(board, to_move);
        }
        let key = (board.hash(), to_move as u8, passes);
        let (lo, hi) = self.tt.get(&key).copied().unwrap_or((LOSS, WIN));
        if lo == hi {
            return lo;
        }
        alpha = alpha.max(lo);
        beta = beta.min(hi);
        if alpha >= beta {
            return if lo >= beta { lo } else { hi };
        }
        let (a0, b0) = (alpha, beta);
        let maximizing = to_move == self.color_a;
        let mut best = if maximizing { LOSS - 1 } else { WIN + 1 };
        let moves = self.moves(board, to_move);
        for m in moves.into_iter().map(Some).chain(std::iter::once(None)) {
            let v = match m {
                Some(p) => {
                    if !board.try_play(p, to_move) {
                        continue;
                    }
                    let v = self.value(board, to_move.opponent(), 0, depth + 1, alpha, beta);
                    board.undo();
                    v
                }
                None => {
                    board.pass(to_move);
                    let v = self.value(
                        board,
                        to_move.opponent(),
                        passes + 1,
                        depth + 1,
                        alpha,
                        beta,
                    );
                    board.undo();
                    v
                }
            };
            if maximizing {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        // Store bounds (a fail-high is a lower bound, a fail-low an upper one).
        let entry = if best <= a0 {
            (lo, best.min(hi))
        } else if best >= b0 {
            (best.max(lo), hi)
        } else {
            (best, best)
        };
        if self.nodes <= self.opts.node_budget {
            self.tt.insert(key, entry);
        }
        best
    }

    /// The race's moves for `color`, in the order of the module documentation.
    fn moves(&self, board: &mut Board, color: Color) -> Vec<Point> {
        let (own, enemy) = if color == self.color_a {
            (self.a, self.b)
        } else {
            (self.b, self.a)
        };
        let mut out: Vec<Point> = Vec::new();
        let push = |out: &mut Vec<Point>, p: Point| {
            if !out.contains(&p) {
                out.push(p);
            }
        };
        // 1. Captures next to the own target.
        let own_stones: Vec<Point> = board.string_stones(own).collect();
        for &s in &own_stones {
            for n in s.neighbors() {
                if board.color_at(n) == Some(color.opponent()) && board.libs(n) == 1 {
                    if let Some(l) = board.liberties(n).next() {
                        push(&mut out, l);
                    }
                }
            }
        }
        // 2. The enemy target's liberties: outside, shared, then eyes (points whose every
        //    neighbour is the enemy's).
        let own_libs: Vec<Point> = board.liberties(own).collect();
        let enemy_libs: Vec<Point> = board.liberties(enemy).collect();
        let is_eye = |board: &Board, l: Point| {
            l.neighbors()
                .into_iter()
                .filter(|&n| board.on_board(n))
                .all(|n| board.color_at(n) == Some(color.opponent()))
        };
        let mut outside = Vec::new();
        let mut shared = Vec::new();
        let mut eyes = Vec::new();
        for &l in &enemy_libs {
            if own_libs.contains(&l) {
                shared.push(l);
            } else if is_eye(board, l) {
                eyes.push(l);
            } else {
                outside.push(l);
            }
        }
        // Outside liberties are filled from outside: a point next to our own stones first.
        // Such a stone is connected and safe, while one played deep in the enemy's area can
        // be captured or leave it eye space (semeai area 458 -> 466 of 821).
        let own_neighbours = |l: Point| {
            l.neighbors()
                .into_iter()
                .filter(|&n| board.color_at(n) == Some(color))
                .count()
        };
        outside.sort_by_key(|&l| std::cmp::Reverse(own_neighbours(l)));
        let mut approach = Vec::new();
        for l in outside.into_iter().chain(shared).chain(eyes) {
            let self_atari = board.libs_after(l, color) == 1 && !captures(board, l, color);
            if self_atari {
                for n in l.neighbors() {
                    if board.on_board(n) && board.color_at(n).is_none() && n != l {
                        approach.push(n);
                    }
                }
            }
            push(&mut out, l);
        }
        // 3. Approach moves.
        for p in approach {
            push(&mut out, p);
        }
        // 4. Own liberties that gain liberties.
        let now = board.libs(own);
        for &l in &own_libs {
            if board.libs_after(l, color) > now {
                push(&mut out, l);
            }
        }
        out
    }
}

/// Liberties a big eye of `n` points is worth in a race (the classical table: 1, 2, 3, 5, 8,
/// 12, 17).
pub fn big_eye_liberties(n: usize) -> u32 {
    match n {
        0 => 0,
        1 => 1,
        2 => 2,
        3 => 3,
        4 => 5,
        5 => 8,
        6 => 12,
        _ => 17,
    }
}

/// A race reduced to counts: each side's outside liberties (with the approach moves they
/// need), eye liberties (a big eye's value) and the shared liberties, solved exactly by a
/// tiny minimax. `A` is the side whose value is returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Race {
    /// Outside liberties of A (only A's, not in an eye), plus approach moves B needs.
    pub outside_a: u32,
    /// Eye liberties of A.
    pub eye_a: u32,
    /// The same for B.
    pub outside_b: u32,
    /// Eye liberties of B.
    pub eye_b: u32,
    /// Liberties of both.
    pub shared: u32,
    /// A has two eyes or more: it cannot be captured.
    pub alive_a: bool,
    /// B has two eyes or more.
    pub alive_b: bool,
}

impl Race {
    /// The counts of the race between the strings at `a` and `b`.
    pub fn from_board(board: &mut Board, a: Point, b: Point) -> Race {
        let ca = board.color_at(a).expect("a stone");
        let la: Vec<Point> = board.liberties(a).collect();
        let lb: Vec<Point> = board.liberties(b).collect();
        let shared = la.iter().filter(|l| lb.contains(l)).count() as u32;
        let (oa, ea, alive_a) = side_counts(board, a, ca, &la, &lb);
        let (ob, eb, alive_b) = side_counts(board, b, ca.opponent(), &lb, &la);
        Race {
            outside_a: oa,
            eye_a: ea,
            outside_b: ob,
            eye_b: eb,
            shared,
            alive_a,
            alive_b,
        }
    }

    /// +1 when B is captured, 0 seki, -1 when A is captured, with A to move when
    /// `a_to_move`.
    pub fn solve(&self, a_to_move: bool) -> i32 {
        // A side with two eyes cannot be captured: it kills the other unless that one
        // holds an eye and liberties it shares (seki).
        let holds = |eye: u32| eye > 0 && self.shared > 0;
        match (self.alive_a, self.alive_b) {
            (true, true) => return SEKI,
            (true, false) => return if holds(self.eye_b) { SEKI } else { WIN },
            (false, true) => return if holds(self.eye_a) { SEKI } else { LOSS },
            (false, false) => {}
        }
        // Counts beyond a dozen do not change a race's shape; the cap bounds the memo.
        let cap = |n: u32| n.min(12);
        let st = [
            cap(self.outside_a),
            cap(self.eye_a),
            cap(self.outside_b),
            cap(self.eye_b),
            cap(self.shared),
        ];
        RACE_MEMO.with(|m| {
            let memo = &mut m.borrow_mut();
            if memo.len() > 1 << 20 {
                memo.clear();
            }
            if a_to_move {
                race_value(st, 0, memo)
            } else {
                -race_value([st[2], st[3], st[0], st[1], st[4]], 0, memo)
            }
        })
    }
}

/// Outside liberties (with approach moves), eye liberties and two-eye life of the string at
/// `t` of colour `c`, whose liberties are `own` (`other` the enemy's).
fn side_counts(
    board: &mut Board,
    t: Point,
    c: Color,
    own: &[Point],
    other: &[Point],
) -> (u32, u32, bool) {
    let mut outside = 0;
    let mut eyes = 0;
    let mut n_eyes = 0;
    let mut seen: Vec<Point> = Vec::new();
    for &l in own {
        if other.contains(&l) || seen.contains(&l) {
            continue;
        }
        if let Some((region, enemy)) = eye_region(board, l, c) {
            seen.extend(region.iter().copied());
            eyes += big_eye_liberties(region.len())
                .saturating_sub(enemy as u32)
                .max(1);
            n_eyes += 1;
            continue;
        }
        outside += 1;
        // An approach move: the enemy filling here would be self-atari.
        if board.try_play(l, c.opponent()) {
            if board.libs(l) == 1 && board.color_at(t) == Some(c) && board.libs(t) > 1 {
                outside += 1;
            }
            board.undo();
        }
    }
    (outside, eyes, n_eyes >= 2)
}

/// The region around the empty `p` through empty points and enemy stones, when every stone
/// bounding it is `c` and it has at most 7 points: an eye of that colour (enemy stones
/// inside are dead ones that already fill part of it). Returns the region's size and its
/// enemy stones.
fn eye_region(board: &Board, p: Point, c: Color) -> Option<(Vec<Point>, usize)> {
    let mut region = vec![p];
    let mut enemy = 0;
    let mut i = 0;
    while i < region.len() {
        let q = region[i];
        i += 1;
        for n in q.neighbors() {
            if !board.on_board(n) || board.color_at(n) == Some(c) || region.contains(&n) {
                continue;
            }
            if board.color_at(n).is_some() {
                enemy += 1;
            }
            region.push(n);
            if region.len() > 7 {
                return None;
            }
        }
    }
    Some((region, enemy))
}

type RaceMemo = HashMap<([u32; 5], u8), i32>;

thread_local! {
    /// The counting game's values: they depend on the counts alone, so they are kept.
    static RACE_MEMO: std::cell::RefCell<RaceMemo> = std::cell::RefCell::new(HashMap::new());
}

/// The counting game: `[outside, eye]` of the side to move, then of its opponent, then the
/// shared liberties; value for the side to move. `passes` ends it in seki at 2.
fn race_value(st: [u32; 5], passes: u8, memo: &mut RaceMemo) -> i32 {
    if passes >= 2 {
        return SEKI;
    }
    if let Some(&v) = memo.get(&(st, passes)) {
        return v;
    }
    let [om, em, oo, eo, s] = st;
    let mine = om + em + s;
    let theirs = oo + eo + s;
    let mut best = LOSS - 1;
    let consider = |best: &mut i32, v: i32| *best = (*best).max(v);
    // Fill an outside liberty of the opponent.
    if oo > 0 {
        if theirs == 1 {
            consider(&mut best, WIN);
        } else {
            consider(&mut best, -race_value([oo - 1, eo, om, em, s], 0, memo));
        }
    }
    // Fill a shared liberty (not suicide: it must capture or leave us a liberty).
    if s > 0 {
        if theirs == 1 {
            consider(&mut best, WIN);
        } else if mine > 1 {
            consider(&mut best, -race_value([oo, eo, om, em, s - 1], 0, memo));
        }
    }
    // Fill an eye liberty: the last one only as the capture.
    if eo > 0 {
        if theirs == 1 {
            consider(&mut best, WIN);
        } else if eo >= 2 {
            consider(&mut best, -race_value([oo, eo - 1, om, em, s], 0, memo));
        }
    }
    consider(
        &mut best,
        -race_value([oo, eo, om, em, s], passes + 1, memo),
    );
    memo.insert((st, passes), best);
    best
}

/// Whether `color` playing at the empty `p` captures something.
fn captures(board: &Board, p: Point, color: Color) -> bool {
    p.neighbors()
        .into_iter()
        .any(|n| board.color_at(n) == Some(color.opponent()) && board.libs(n) == 1)
}

#[cfg(test)]
mod tests;
