//! Connection reading: can two strings of one colour be connected, or disconnected?
//!
//! A minimax search in the spirit of GNU Go's connection reader (`readconnect.c`, described in
//! its documentation chapter on reading; no code is taken from it), built on the tactical
//! reader: a string that can be captured is cut off, and capturing a cutting string connects.
//!
//! * [`Reader::string_connect`]: the owner moves first; [`WIN`] when some move connects.
//! * [`Reader::disconnect`]: the opponent moves first; [`WIN`] when some move cuts.
//!
//! Results use the reading codes (0, [`WIN`], [`KO_A`], [`KO_B`]) with the move. Nodes are
//! counted as connection nodes; the tactical reads they call count as reading nodes. Results
//! go to the same transposition table as tactical reads, keyed by both strings.
//!
//! The search is bounded by [`MAX_CONNECT_DEPTH`] moves; a position the search leaves open is
//! judged by a static test ([`quiet_connected`]): one string, two shared liberties, or a shared
//! liberty the opponent cannot play (suicide, or a self-atari we capture).

use crate::board::{Board, Cell, Color, Point};
use crate::tactics::reading::moves::{MoveList, Points, libs_of, origin};
use crate::tactics::reading::tt::Routine;
use crate::tactics::reading::{KO_B, ReadResult, Reader, WIN, quality, reverse};

/// Moves (both sides) a connection search reads before judging statically.
pub const MAX_CONNECT_DEPTH: u32 = 20;

/// Beyond this many moves into a connection search, only the most direct moves are tried.
const CONNECT_BRANCH_DEPTH: u32 = 5;

/// The score of a move that saves one of the strings: above every candidate's (their scores
/// are distances, negated).
const MUST_DEFEND_FIRST: i32 = 1;

mod distance;
pub(crate) use distance::{Distances, MOVE};

impl Reader {
    /// Can the strings at `s1` and `s2` be connected, their owner moving first? `WIN` with no
    /// move (`PASS`) when they already form one string. 0 when the points are empty or of
    /// different colours.
    pub fn string_connect(&mut self, b: &mut Board, s1: Point, s2: Point) -> ReadResult {
        let (Some(c1), Some(c2)) = (b.color_at(s1), b.color_at(s2)) else {
            return (0, None);
        };
        if c1 != c2 {
            return (0, None);
        }
        if b.string_id(s1) == b.string_id(s2) {
            return (WIN, None);
        }
        self.begin(b);
        let root = self.stackp;
        let (code, mv) = self.persistent_question(b, Routine::Connect, s1, s2, |r, b| {
            r.connect_node(b, s1, s2, root)
        });
        self.end();
        (code, (code != 0 && mv != Point::NONE).then_some(mv))
    }

    /// Can the strings at `s1` and `s2` be disconnected, the opponent moving first? 0 when they
    /// are one string.
    pub fn disconnect(&mut self, b: &mut Board, s1: Point, s2: Point) -> ReadResult {
        let (Some(c1), Some(c2)) = (b.color_at(s1), b.color_at(s2)) else {
            return (0, None);
        };
        if c1 != c2 || b.string_id(s1) == b.string_id(s2) {
            return (0, None);
        }
        self.begin(b);
        let root = self.stackp;
        let (code, mv) = self.persistent_question(b, Routine::Disconnect, s1, s2, |r, b| {
            r.disconnect_node(b, s1, s2, root)
        });
        self.end();
        (code, (code != 0 && mv != Point::NONE).then_some(mv))
    }

    /// Owner to move: can the strings be joined?
    fn connect_node(&mut self, b: &mut Board, s1: Point, s2: Point, root: u32) -> (i32, Point) {
        let (Some(color), Some(_)) = (b.color_at(s1), b.color_at(s2)) else {
            return (0, Point::NONE);
        };
        if b.string_id(s1) == b.string_id(s2) {
            return (WIN, Point::NONE);
        }
        if !self.count_connection_node() {
            return (0, Point::NONE);
        }
        let (s1, s2) = ordered(b, s1, s2);
        let key = Self::position_key(b, color);
        let q = self.question(Routine::Connect, s1, s2);
        if let Some(r) = self.tt_get(key, &q) {
            return r;
        }
        let r = self.connect_search(b, s1, s2, color, root);
        let name = (vertex(b, s1), vertex(b, s2));
        self.note(|| format!("connect {}/{}: {} {}", name.0, name.1, r.0, vertex(b, r.1)));
        self.tt_put(key, &q, r);
        r
    }

    /// Opponent to move: can the strings be kept apart?
    fn disconnect_node(&mut self, b: &mut Board, s1: Point, s2: Point, root: u32) -> (i32, Point) {
        let (Some(color), Some(_)) = (b.color_at(s1), b.color_at(s2)) else {
            return (WIN, Point::NONE);
        };
        if b.string_id(s1) == b.string_id(s2) {
            return (0, Point::NONE);
        }
        if !self.count_connection_node() {
            return (0, Point::NONE);
        }
        let (s1, s2) = ordered(b, s1, s2);
        let key = Self::position_key(b, color.opponent());
        let q = self.question(Routine::Disconnect, s1, s2);
        if let Some(r) = self.tt_get(key, &q) {
            return r;
        }
        let r = self.disconnect_search(b, s1, s2, color, root);
        let name = (vertex(b, s1), vertex(b, s2));
        self.note(|| {
            format!(
                "disconnect {}/{}: {} {}",
                name.0,
                name.1,
                r.0,
                vertex(b, r.1)
            )
        });
        self.tt_put(key, &q, r);
        r
    }

    fn connect_search(
        &mut self,
        b: &mut Board,
        s1: Point,
        s2: Point,
        color: Color,
        root: u32,
    ) -> (i32, Point) {
        let depth = self.stackp - root;
        // A string that cannot be saved cannot be connected; one that is attacked must be
        // defended by the connecting move.
        let mut must_defend = MoveList::new();
        for s in [s1, s2] {
            // Strings with three liberties or more count as safe here (two below the root:
            // a string the cut puts short of liberties is the disconnecting side's to take).
            if b.libs(s) > if depth == 0 { 2 } else { 1 } {
                continue;
            }
            let (a, _) = self.do_attack(b, s);
            if a != 0 {
                let (d, dm) = self.do_defend(b, s);
                if d == 0 {
                    return (0, Point::NONE);
                }
                must_defend.add(dm, 50);
            }
        }
        if must_defend.len == 0 && quiet_connected(b, s1, s2) {
            return (WIN, Point::NONE);
        }
        // Capturing a string that touches both joins them.
        if must_defend.len == 0 {
            let cutters = common_neighbors(b, s1, s2);
            for &t in cutters.as_slice() {
                if b.libs(t) <= if depth <= 1 { 3 } else { 2 } {
                    let (a, am) = self.do_attack(b, t);
                    if a == WIN {
                        return (WIN, am);
                    }
                }
            }
        }
        if must_defend.len == 0 {
            // A shared liberty joins them at once.
            for &l in libs_of(b, s1).as_slice() {
                if b.has_liberty(s2, l)
                    && b.is_legal_simple(l, color)
                    && b.move_effect(l, color).libs >= 2
                {
                    return (WIN, l);
                }
            }
        }
        if depth >= MAX_CONNECT_DEPTH {
            return (0, Point::NONE);
        }
        let mut moves = MoveList::new();
        let total = self.connection_candidates(b, s1, s2, true, &mut moves);
        for i in 0..must_defend.len {
            // A string in danger is saved first (the candidates' scores are at most zero).
            moves.add(must_defend.pts[i], MUST_DEFEND_FIRST);
        }
        moves.sort();
        if moves.len == 0 {
            // No move between them: joined already if they are near.
            return if total < MOVE {
                (WIN, Point::NONE)
            } else {
                (0, Point::NONE)
            };
        }
        if depth > CONNECT_BRANCH_DEPTH {
            moves.truncate(3);
        }
        let mut best = (0, Point::NONE);
        for i in 0..moves.len {
            let m = moves.pts[i];
            let allow_conditional = self.stackp <= self.opts.ko_depth && best.0 == 0;
            let Some(tried) = self.trymove(b, m, color, allow_conditional) else {
                continue;
            };
            let code = if b.color_at(s1) != Some(color) || b.color_at(s2) != Some(color) {
                0
            } else {
                reverse(self.disconnect_node(b, s1, s2, root).0)
            };
            self.popmove(b);
            if self.aborted {
                break;
            }
            let code = if tried.conditional && code != 0 {
                KO_B
            } else {
                code
            };
            if code == WIN {
                return (WIN, m);
            }
            if quality(code) > quality(best.0) {
                best = (code, m);
            }
        }
        best
    }

    fn disconnect_search(
        &mut self,
        b: &mut Board,
        s1: Point,
        s2: Point,
        color: Color,
        root: u32,
    ) -> (i32, Point) {
        let depth = self.stackp - root;
        // Capturing either string cuts.
        let mut best = (0, Point::NONE);
        for s in [s1, s2] {
            if b.libs(s) > if depth == 0 { 3 } else { 2 } {
                continue;
            }
            // Below the root a ladder is enough (the cut itself is what is read).
            let (a, am) = if depth == 0 || b.libs(s) == 1 {
                self.do_attack(b, s)
            } else {
                self.simple_ladder(b, s)
            };
            if a == WIN {
                return (WIN, am);
            }
            if quality(a) > quality(best.0) {
                best = (a, am);
            }
        }
        if quiet_connected(b, s1, s2) {
            return best;
        }
        if depth >= MAX_CONNECT_DEPTH {
            // Left open: judge it cut.
            return (WIN, Point::NONE);
        }
        let other = color.opponent();
        let mut moves = MoveList::new();
        let total = self.connection_candidates(b, s1, s2, false, &mut moves);
        if moves.len == 0 {
            // Nothing to cut: apart if they are far and the owner, moving, cannot join them.
            return if total >= MOVE && self.connect_node(b, s1, s2, root).0 == 0 {
                (WIN, Point::NONE)
            } else {
                best
            };
        }
        if depth > CONNECT_BRANCH_DEPTH {
            moves.truncate(3);
        }
        for i in 0..moves.len {
            let m = moves.pts[i];
            let allow_conditional = self.stackp <= self.opts.ko_depth && best.0 == 0;
            let Some(tried) = self.trymove(b, m, other, allow_conditional) else {
                continue;
            };
            let code = if b.color_at(s1) != Some(color) || b.color_at(s2) != Some(color) {
                WIN
            } else {
                reverse(self.connect_node(b, s1, s2, root).0)
            };
            self.popmove(b);
            if self.aborted {
                break;
            }
            let code = if tried.conditional && code != 0 {
                KO_B
            } else {
                code
            };
            if code == WIN {
                return (WIN, m);
            }
            if quality(code) > quality(best.0) {
                best = (code, m);
            }
        }
        best
    }
}

/// The two strings' origins in a fixed order (the table key must not depend on the order in
/// which they were asked).
fn ordered(b: &Board, s1: Point, s2: Point) -> (Point, Point) {
    let (a, c) = (origin(b, s1), origin(b, s2));
    if a <= c { (a, c) } else { (c, a) }
}

/// Enemy strings (origins) adjacent to both strings.
fn common_neighbors(b: &Board, s1: Point, s2: Point) -> Points {
    let mut out = Points::new();
    let Some(color) = b.color_at(s1) else {
        return out;
    };
    let enemy = Cell::from(color.opponent());
    let mut near2 = Points::new();
    for st in b.string_stones(s2) {
        for n in st.neighbors() {
            if b.cell(n) == enemy {
                near2.push_unique(b.string_id(n));
            }
        }
    }
    for st in b.string_stones(s1) {
        for n in st.neighbors() {
            if b.cell(n) == enemy && near2.contains(b.string_id(n)) {
                out.push_unique(origin(b, n));
            }
        }
    }
    out
}

/// Statically connected against any single opponent move: one string, two shared liberties,
/// or a shared liberty the opponent cannot use (suicide, or a stone we capture at once).
pub(crate) fn quiet_connected(b: &mut Board, s1: Point, s2: Point) -> bool {
    let Some(color) = b.color_at(s1) else {
        return false;
    };
    if b.color_at(s2) != Some(color) {
        return false;
    }
    if b.string_id(s1) == b.string_id(s2) {
        return true;
    }
    let other = color.opponent();
    let mut shared = 0;
    let mut safe_point = false;
    let libs = libs_of(b, s1);
    for &l in libs.as_slice() {
        if !b.has_liberty(s2, l) {
            continue;
        }
        shared += 1;
        if !b.is_legal_simple(l, other) {
            safe_point = true;
            continue;
        }
        b.play_unchecked(l, other);
        // The cutting stone is in atari and taking it is no snapback.
        let captured_back = b.libs(l) == 1 && {
            let r = b.liberties(l).next().expect("one liberty");
            let ok = b.is_legal_simple(r, color) && {
                b.play_unchecked(r, color);
                let safe = b.libs(r) > 1 || b.string_size(r) > 1;
                b.undo();
                safe
            };
            ok && b.libs(s1) > 1 && b.libs(s2) > 1
        };
        b.undo();
        if captured_back {
            safe_point = true;
        }
    }
    shared >= 2 || safe_point
}

fn vertex(b: &Board, p: Point) -> String {
    if p == Point::NONE || !b.on_board(p) {
        return "PASS".into();
    }
    crate::board::Vertex::from_point(p, b.size()).to_string()
}

#[cfg(test)]
mod tests;
