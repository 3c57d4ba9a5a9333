//! Semeai: the capturing race between two adjacent dragons of opposite colours.
//!
//! Each dragon is represented by its *target*, its largest string: the race is lost by the
//! side whose target is captured. A small alpha-beta search over the race's moves decides it
//! (values for dragon A: +1 B captured, 0 seki — both pass, neither captured — and -1 A
//! captured), with a transposition table and a node budget; beyond the budget (or the depth
//! limit) the race is judged by counting liberties, the side to move winning ties, as in the
//! classical counting rule (outside, shared and eye liberties all count once each for the
//! side that has them; filling them is what the search plays out).
//!
//! The moves of the side to move, in order:
//! 1. captures of enemy strings in atari next to its own target (they gain liberties and can
//!    make an eye);
//! 2. the liberties of the enemy target: outside liberties first, then shared ones (filling a
//!    shared liberty costs the filler one too), then eye liberties;
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
            node_budget: 20_000,
            max_depth: 40,
        }
    }
}

/// The answer of [`analyze_semeai`], GNU Go's three values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SemeaiResult {
    /// Does dragon A survive (win or seki) when A moves first: 1, else 0.
    pub a_first: i32,
    /// Does dragon A survive when B moves first.
    pub b_first: i32,
    /// A's move when A moves first (`None`: pass, or no move saves A).
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

/// The target of a dragon: its largest string (the first stone given breaks ties).
fn target(board: &Board, stones: &[Point]) -> Option<Point> {
    let mut best: Option<Point> = None;
    for &p in stones {
        if board.color_at(p).is_none() {
            continue;
        }
        if best.is_none_or(|q| board.string_size(p) > board.string_size(q)) {
            best = Some(p);
        }
    }
    best
}

/// Analyses the race between dragon `a` and dragon `b` (stones of each; they must be of
/// opposite colours): whether A survives moving first and moving second, and A's move.
pub fn analyze_semeai(
    board: &mut Board,
    a: &[Point],
    b: &[Point],
    opts: SemeaiOptions,
) -> Option<SemeaiResult> {
    let ta = target(board, a)?;
    let tb = target(board, b)?;
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
    s.nodes = 0;
    let second = s.value(board, color_a.opponent(), 0, 0, LOSS, WIN);
    let a_first = i32::from(best.0 >= SEKI);
    Some(SemeaiResult {
        a_first,
        b_first: i32::from(second >= SEKI),
        mv: if a_first == 1 { best.1 } else { None },
    })
}

impl Search {
    fn captured(board: &Board, t: Point, c: Color) -> bool {
        board.color_at(t) != Some(c)
    }

    /// Liberty count judgement for A with `to_move` to play.
    fn count(&self, board: &Board, to_move: Color) -> i32 {
        let la = board.libs(self.a) as i32 + i32::from(to_move == self.color_a);
        let lb = board.libs(self.b) as i32 + i32::from(to_move != self.color_a);
        (la - lb).signum()
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
                    let v =
                        self.value(board, to_move.opponent(), passes + 1, depth + 1, alpha, beta);
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

/// Whether `color` playing at the empty `p` captures something.
fn captures(board: &Board, p: Point, color: Color) -> bool {
    p.neighbors()
        .into_iter()
        .any(|n| board.color_at(n) == Some(color.opponent()) && board.libs(n) == 1)
}

#[cfg(test)]
mod tests;
