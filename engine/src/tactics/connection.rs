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

use crate::board::{Board, Cell, Color, NUM_CELLS, Point};
use crate::tactics::reading::moves::{MoveList, Points, libs_of, origin};
use crate::tactics::reading::persistent::PointSet;
use crate::tactics::reading::tt::Routine;
use crate::tactics::reading::{KO_B, ReadResult, Reader, WIN, quality, reverse};

/// Moves (both sides) a connection search reads before judging statically.
pub const MAX_CONNECT_DEPTH: u32 = 10;

/// Beyond this many moves into a connection search, only the most direct moves are tried.
const CONNECT_BRANCH_DEPTH: u32 = 5;

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
            // Strings with three liberties or more count as safe here (four near the root).
            if b.libs(s) > if depth == 0 { 3 } else { 2 } {
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
        if depth >= MAX_CONNECT_DEPTH {
            return (0, Point::NONE);
        }
        let mut moves = MoveList::new();
        self.connection_moves(b, s1, s2, &mut moves, depth);
        for i in 0..must_defend.len {
            moves.add(must_defend.pts[i], must_defend.scores[i]);
        }
        self.order_connection(b, s1, s2, color, &mut moves, true);
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
            let (a, am) = self.do_attack(b, s);
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
        self.cutting_moves(b, s1, s2, &mut moves, depth);
        self.order_connection(b, s1, s2, color, &mut moves, false);
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

    /// Candidate moves for the owner: shared liberties, liberties that bring the strings
    /// within one move of each other, and captures or ataris of the strings that cut them.
    fn connection_moves(
        &mut self,
        b: &mut Board,
        s1: Point,
        s2: Point,
        moves: &mut MoveList,
        depth: u32,
    ) {
        let l1 = libs_of(b, s1);
        let l2 = libs_of(b, s2);
        for &l in l1.as_slice() {
            if l2.contains(l) {
                moves.add(l, 40);
            }
        }
        // One-space links: a liberty of one next to a liberty of the other, or next to the
        // other string's diagonal.
        for (la, lb) in [(&l1, &l2), (&l2, &l1)] {
            for &l in la.as_slice() {
                if l.neighbors().iter().any(|&n| lb.contains(n)) {
                    moves.add(l, 20);
                }
            }
        }
        // Cutting strings: enemy strings next to both.
        let cutters = common_neighbors(b, s1, s2);
        for &t in cutters.as_slice() {
            let n = b.libs(t);
            if n <= 3 || depth == 0 {
                for l in b.liberties(t) {
                    moves.add(l, if n == 1 { 60 } else { 30 });
                }
            }
            if n <= if depth <= 1 { 3 } else { 2 } {
                let (a, am) = self.do_attack(b, t);
                if a != 0 {
                    moves.add(am, 55);
                }
            }
        }
        // Points on the shortest paths between the strings (through our stones).
        path_points(b, s1, s2, moves, 15, &mut self.shadow);
        // Near the root, also the second-order points between the strings.
        if depth <= 2 {
            for &l in l1.as_slice() {
                for n in l.neighbors() {
                    if b.cell(n) == Cell::Empty && n.neighbors().iter().any(|&x| l2.contains(x)) {
                        moves.add(l, 10);
                        moves.add(n, 10);
                    }
                }
            }
        }
    }

    /// Candidate moves for the opponent: shared liberties, the points between the strings,
    /// ataris on them, and saving its own cutting strings.
    fn cutting_moves(
        &mut self,
        b: &mut Board,
        s1: Point,
        s2: Point,
        moves: &mut MoveList,
        depth: u32,
    ) {
        let l1 = libs_of(b, s1);
        let l2 = libs_of(b, s2);
        for &l in l1.as_slice() {
            if l2.contains(l) {
                moves.add(l, 40);
            }
        }
        for (la, lb) in [(&l1, &l2), (&l2, &l1)] {
            for &l in la.as_slice() {
                if l.neighbors().iter().any(|&n| lb.contains(n)) {
                    moves.add(l, 25);
                }
            }
        }
        path_points(b, s1, s2, moves, 15, &mut self.shadow);
        // Points next to liberties of both (the gap of a two-space jump).
        if depth <= 3 {
            for &l in l1.as_slice() {
                for n in l.neighbors() {
                    if b.cell(n) == Cell::Empty
                        && !l1.contains(n)
                        && n.neighbors().iter().any(|&x| l2.contains(x))
                    {
                        moves.add(n, 15);
                    }
                }
            }
        }
        // Ataris on a short string.
        for ls in [&l1, &l2] {
            if ls.len <= 2 {
                for &l in ls.as_slice() {
                    moves.add(l, 20);
                }
            }
        }
        // Our cutting strings in danger: save them.
        let cutters = common_neighbors(b, s1, s2);
        for &t in cutters.as_slice() {
            if b.libs(t) <= 2 {
                for l in b.liberties(t) {
                    moves.add(l, 30);
                }
                let (a, _) = self.do_attack(b, t);
                if a != 0 {
                    let (d, dm) = self.do_defend(b, t);
                    if d != 0 {
                        moves.add(dm, 35);
                    }
                }
            }
        }
    }

    /// Orders candidates: for the owner, moves that leave the strings sharing liberties (or
    /// joined) first; for the opponent, moves that leave them far apart and short.
    fn order_connection(
        &mut self,
        b: &mut Board,
        s1: Point,
        s2: Point,
        color: Color,
        moves: &mut MoveList,
        owner: bool,
    ) {
        let mover = if owner { color } else { color.opponent() };
        for &m in &moves.pts[..moves.len] {
            self.shadow.insert(m);
        }
        let mut i = 0;
        while i < moves.len {
            let m = moves.pts[i];
            if !b.on_board(m) || b.cell(m) != Cell::Empty {
                moves.remove(i);
                continue;
            }
            if !b.is_legal_simple(m, mover) {
                if crate::tactics::reading::moves::is_ko(b, m, mover).is_some() {
                    moves.scores[i] -= 200;
                    i += 1;
                } else {
                    moves.remove(i);
                }
                continue;
            }
            b.play_unchecked(m, mover);
            let alive = b.color_at(s1) == Some(color) && b.color_at(s2) == Some(color);
            let joined = alive && b.string_id(s1) == b.string_id(s2);
            let shared = if alive && !joined {
                b.shared_liberties(s1, s2) as i32
            } else {
                0
            };
            let ml = b.libs(m) as i32;
            let (n1, n2) = if alive {
                (b.libs(s1) as i32, b.libs(s2) as i32)
            } else {
                (0, 0)
            };
            b.undo();
            let mut score = moves.scores[i];
            if owner {
                if joined {
                    score += 100;
                }
                score += 20 * shared.min(2) + 3 * n1.min(n2).min(5);
                if ml == 1 {
                    score -= 40;
                }
            } else {
                if !alive {
                    score += 200;
                }
                score -= 20 * shared.min(2);
                score -= 3 * n1.min(n2).min(5);
                if ml == 1 {
                    score -= 40;
                }
                score += 2 * ml.min(4);
            }
            moves.scores[i] = score;
            i += 1;
        }
        moves.sort();
    }
}

/// The two strings' origins in a fixed order (the table key must not depend on the order in
/// which they were asked).
fn ordered(b: &Board, s1: Point, s2: Point) -> (Point, Point) {
    let (a, c) = (origin(b, s1), origin(b, s2));
    if a <= c { (a, c) } else { (c, a) }
}

/// Walking distances from the string at `s`: entering an empty point costs one, a stone of
/// ours nothing, enemy stones block. Points farther than `max` stay at `u8::MAX`.
///
/// Read level by level (Dial's algorithm for costs of zero and one): a point is pushed on a
/// level's list only when its distance drops to that level, so one fixed list per level is
/// enough and nothing is allocated (connection reading asks this at every node).
fn distances(b: &Board, s: Point, max: u8) -> [u8; NUM_CELLS] {
    let mut d = [u8::MAX; NUM_CELLS];
    let Some(color) = b.color_at(s) else {
        return d;
    };
    let own = Cell::from(color);
    // Two lists, the current level's and the next one's, taking turns.
    let mut lists = [[Point::NONE; NUM_CELLS]; 2];
    let mut lens = [0usize; 2];
    for st in b.string_stones(s) {
        d[st.index()] = 0;
        lists[0][lens[0]] = st;
        lens[0] += 1;
    }
    for k in 0..=max {
        let (cur, nxt) = (usize::from(k % 2), usize::from((k + 1) % 2));
        while lens[cur] > 0 {
            lens[cur] -= 1;
            let p = lists[cur][lens[cur]];
            if d[p.index()] != k {
                continue;
            }
            for n in p.neighbors() {
                let cell = b.cell(n);
                if cell == own && d[n.index()] > k {
                    d[n.index()] = k;
                    lists[cur][lens[cur]] = n;
                    lens[cur] += 1;
                } else if cell == Cell::Empty && k < max && d[n.index()] > k + 1 {
                    d[n.index()] = k + 1;
                    lists[nxt][lens[nxt]] = n;
                    lens[nxt] += 1;
                }
            }
        }
    }
    d
}

/// Empty points on the shortest paths between the two strings (and those one step longer),
/// scored by how short the path through them is. Every point the walks reach goes into the
/// reading `shadow`.
fn path_points(
    b: &Board,
    s1: Point,
    s2: Point,
    moves: &mut MoveList,
    score: i32,
    shadow: &mut PointSet,
) {
    const MAX: u8 = 4;
    let d1 = distances(b, s1, MAX);
    let d2 = distances(b, s2, MAX);
    for (i, (&a, &c)) in d1.iter().zip(&d2).enumerate() {
        if a != u8::MAX || c != u8::MAX {
            shadow.insert(Point(i as u16));
        }
    }
    // Empty points on a path, in board order: the order of `Board::empty_points` changes
    // with every move tried and undone, and the answer must not.
    let on_path = || {
        d1.iter().zip(&d2).enumerate().filter_map(|(i, (&a, &c))| {
            let p = Point(i as u16);
            (a != u8::MAX && c != u8::MAX && b.cell(p) == Cell::Empty)
                .then_some((p, a as u16 + c as u16))
        })
    };
    let Some(best) = on_path().map(|(_, total)| total).min() else {
        return;
    };
    for (p, total) in on_path() {
        if total <= best + 1 {
            moves.add(p, score - 5 * (total - best) as i32);
        }
    }
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
