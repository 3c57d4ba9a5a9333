//! Connection distances: roughly how many moves a string needs to reach each nearby point
//! safely, with the shapes a Go player reads as (nearly) connected already counted as short
//! steps — a point the opponent cannot play, a diagonal, a bamboo joint, a point where an
//! opponent stone would be in atari at once.
//!
//! The candidates of connection reading are the points where the two strings' distances meet
//! (the points "between" them), ordered by how near the strings would be after the move
//! ([`Reader::connection_candidates`]). The idea is that of GNU Go's connection reader (its
//! documentation on reading); the steps and their costs here are our own.

use crate::board::{Board, Cell, Color, NUM_CELLS, Point, STRIDE};
use crate::tactics::reading::Reader;
use crate::tactics::reading::moves::{MoveList, adjacent_strings, edge_distance, origin};

/// One move, in distance units.
pub(crate) const MOVE: u32 = 1000;

/// No distance: the point was not reached.
const FAR: u32 = u32::MAX;

/// Points farther than this from the string are not expanded.
const CUTOFF: u32 = 3 * MOVE;

/// The four directions in turning order (north, east, south, west): direction `k + 1` is a
/// right angle from direction `k`, so each pair spans one quadrant.
const DIRS: [i32; 4] = [-(STRIDE as i32), 1, STRIDE as i32, -1];

#[inline]
fn step(p: Point, d: i32) -> Point {
    Point((p.0 as i32 + d) as u16)
}

/// One quadrant around a point: `a` one step `right`, `g` one step `up` (a right angle from
/// it), and `b` the diagonal between them.
struct Quadrant {
    up: i32,
    a: Point,
    g: Point,
    b: Point,
}

/// The four quadrants around `pos`, turning.
fn quadrants(pos: Point) -> impl Iterator<Item = Quadrant> {
    (0..4).map(move |k| {
        let (right, up) = (DIRS[k], DIRS[(k + 1) % 4]);
        let a = step(pos, right);
        Quadrant {
            up,
            a,
            g: step(pos, up),
            b: step(a, up),
        }
    })
}

/// Distances from one string, with how much of each point's distance its own step cost (what
/// playing there would save) and the point it was reached from.
pub(crate) struct Distances {
    pub dist: [u32; NUM_CELLS],
    pub delta: [u32; NUM_CELLS],
    pub from: [Point; NUM_CELLS],
    /// The two crossing points of the diagonal link that reached the point, if any: a second
    /// diagonal through the same point is no independent link.
    weak: [[Point; 2]; NUM_CELLS],
    /// Points reached, in the order they were settled (then the unsettled ones).
    pub queue: [Point; NUM_CELLS],
    pub len: usize,
}

impl Distances {
    pub fn new() -> Box<Distances> {
        Box::new(Distances {
            dist: [FAR; NUM_CELLS],
            delta: [0; NUM_CELLS],
            from: [Point::NONE; NUM_CELLS],
            weak: [[Point::NONE; 2]; NUM_CELLS],
            queue: [Point::NONE; NUM_CELLS],
            len: 0,
        })
    }

    fn reset(&mut self) {
        for i in 0..self.len {
            let p = self.queue[i].index();
            self.dist[p] = FAR;
            self.delta[p] = 0;
            self.from[p] = Point::NONE;
            self.weak[p] = [Point::NONE; 2];
        }
        self.len = 0;
    }

    #[inline]
    pub fn reached(&self, p: Point) -> bool {
        self.dist[p.index()] != FAR
    }

    /// The distance that remains once the player has a stone at `p`.
    #[inline]
    pub fn after_move(&self, p: Point) -> u32 {
        self.dist[p.index()].saturating_sub(self.delta[p.index()])
    }

    /// Records `p` at distance `d` (its step costing `delta`) if that is shorter; a stone
    /// enters with its whole string.
    fn reach(&mut self, b: &Board, from: Point, p: Point, d: u32, delta: u32, weak: [Point; 2]) {
        if d >= self.dist[p.index()] {
            return;
        }
        if b.cell(p) == Cell::Empty {
            self.set(from, p, d, delta, weak);
        } else {
            for st in b.string_stones(p) {
                if d < self.dist[st.index()] {
                    self.set(from, st, d, delta, weak);
                }
            }
        }
    }

    fn set(&mut self, from: Point, p: Point, d: u32, delta: u32, weak: [Point; 2]) {
        let i = p.index();
        if self.dist[i] == FAR {
            self.queue[self.len] = p;
            self.len += 1;
        }
        self.dist[i] = d;
        self.delta[i] = delta;
        self.from[i] = from;
        self.weak[i] = weak;
    }

    fn shares_weak_point(&self, p: Point, a: Point, c: Point) -> bool {
        self.weak[p.index()]
            .iter()
            .any(|&w| w != Point::NONE && (w == a || w == c))
    }
}

impl Reader {
    /// Fills `out` with the distances from the string at `s` (stopping beyond `target`'s
    /// distance once it is reached).
    pub(crate) fn connection_distances(
        &mut self,
        b: &mut Board,
        s: Point,
        target: Point,
        out: &mut Distances,
    ) {
        out.reset();
        let Some(color) = b.color_at(s) else {
            return;
        };
        let other = color.opponent();
        let own = Cell::from(color);
        let enemy = Cell::from(other);
        out.reach(b, Point::NONE, s, 0, 0, [Point::NONE; 2]);
        let mut settled = 0;
        while settled < out.len {
            // The nearest unsettled point (the lists are short: the cutoff bounds them).
            let mut best = settled;
            for k in settled + 1..out.len {
                if out.dist[out.queue[k].index()] < out.dist[out.queue[best].index()] {
                    best = k;
                }
            }
            out.queue.swap(settled, best);
            let pos = out.queue[settled];
            settled += 1;
            let d = out.dist[pos.index()];
            let limit = if target != Point::NONE && out.reached(target) {
                out.dist[target.index()]
            } else {
                CUTOFF
            };
            if d > limit.min(CUTOFF) {
                break;
            }
            if b.cell(pos) == own {
                self.spread_from_stone(b, color, pos, d, out);
            } else if b.cell(pos) == Cell::Empty
                || (b.cell(pos) == enemy && cannot_escape_atari(b, pos))
            {
                spread_from_empty(b, own, pos, d, out);
            }
        }
    }

    /// The steps from one of our stones: the shapes that make a neighbouring or nearby point
    /// (nearly) ours without a move.
    fn spread_from_stone(
        &mut self,
        b: &mut Board,
        color: Color,
        pos: Point,
        d: u32,
        out: &mut Distances,
    ) {
        let other = color.opponent();
        let own = Cell::from(color);
        let enemy = Cell::from(other);
        let none = [Point::NONE; 2];
        for Quadrant { up, a, g, b: bb } in quadrants(pos) {
            let (ca, cg, cb) = (b.cell(a), b.cell(g), b.cell(bb));
            if ca == Cell::Empty {
                // With two liberties the string can be put in atari at its other one, and
                // must then fill `a` itself: that liberty is a weak point of the link.
                let weak = [a, second_liberty(b, pos, a)];
                if !b.is_legal_simple(a, other) {
                    // The opponent cannot play there: ours already.
                    out.reach(b, pos, a, d, 0, weak);
                } else {
                    let effect = b.move_effect(a, other);
                    if effect.libs <= 1 && effect.captured == 0 {
                        // An opponent stone there would be taken at once.
                        out.reach(b, pos, a, d + MOVE / 10, MOVE / 10, weak);
                    } else if d < MOVE && self.cut_is_ladder_capturable(b, a, other) {
                        out.reach(
                            b,
                            pos,
                            a,
                            d + 7 * MOVE / 10,
                            7 * MOVE / 10,
                            [a, Point::NONE],
                        );
                    }
                }
            }
            // A diagonal of ours with both crossing points empty: two ways to join.
            if cb == own
                && ca == Cell::Empty
                && cg == Cell::Empty
                && !out.shares_weak_point(pos, a, g)
            {
                out.reach(b, pos, bb, d + MOVE / 10, MOVE / 10, [a, g]);
            }
            // A bamboo joint: our pair here and our pair two lines up, the gap between empty.
            if cg != Cell::Border && cb != Cell::Border {
                let e = step(g, up);
                let f = step(bb, up);
                if ca == own
                    && cg == Cell::Empty
                    && cb == Cell::Empty
                    && b.cell(e) == own
                    && b.cell(f) == own
                {
                    out.reach(b, pos, g, d + MOVE / 10, MOVE / 10, none);
                    out.reach(b, pos, bb, d + MOVE / 10, MOVE / 10, none);
                }
            }
            // An opponent string that cannot get out of atari is a way through.
            if ca == enemy && cannot_escape_atari(b, a) {
                out.reach(b, pos, a, d + MOVE / 10, MOVE / 10, none);
            }
            // A plain step: one move.
            if ca == Cell::Empty || ca == enemy {
                out.reach(b, pos, a, d + MOVE, MOVE, none);
            }
            // A diagonal step to an empty point: one move that leaves a link the opponent
            // can cut only where the crossing is open.
            if cb == Cell::Empty && ca == Cell::Empty && cg == Cell::Empty {
                out.reach(b, pos, bb, d + MOVE + 3 * MOVE / 10, MOVE, none);
            } else if cb == Cell::Empty && (ca == Cell::Empty || cg == Cell::Empty) {
                out.reach(b, pos, bb, d + MOVE + 8 * MOVE / 10, 9 * MOVE / 10, none);
            }
        }
    }

    /// Whether an opponent stone at `p` (empty) could be captured in a ladder.
    fn cut_is_ladder_capturable(&mut self, b: &mut Board, p: Point, other: Color) -> bool {
        if !b.is_legal_simple(p, other) {
            return true;
        }
        let Some(_) = self.trymove(b, p, other, false) else {
            return true;
        };
        let captured = match b.libs(p) {
            1 => true,
            2 => self.simple_ladder(b, p).0 != 0,
            _ => false,
        };
        self.popmove(b);
        captured
    }

    /// Candidate moves for connecting (`connecting`) or cutting the strings at `s1` and `s2`,
    /// best first, and the distance between the strings (`MOVE` and more: not joined
    /// without a move).
    pub(super) fn connection_candidates(
        &mut self,
        b: &mut Board,
        s1: Point,
        s2: Point,
        connecting: bool,
        moves: &mut MoveList,
    ) -> u32 {
        let Some(color) = b.color_at(s1) else {
            return FAR;
        };
        let other = color.opponent();
        let mover = if connecting { color } else { other };
        // The buffers are made once per reader (a nested search that finds them taken makes
        // its own).
        let mut c1 = self.conn_dist[0].take().unwrap_or_else(Distances::new);
        let mut c2 = self.conn_dist[1].take().unwrap_or_else(Distances::new);
        let (d1, d2) = (&mut *c1, &mut *c2);
        self.connection_distances(b, s1, s2, d1);
        self.connection_distances(b, s2, s1, d2);
        // A string in atari must move to its liberty: the path starts there.
        // Every point the distances looked at is part of the reading shadow.
        for dn in [&*d1, &*d2] {
            for &p in &dn.queue[..dn.len] {
                self.shadow.insert(p);
                for n in p.neighbors().into_iter().chain(p.diagonals()) {
                    // Border cells are no part of an area (and have no neighbours to grow).
                    if b.on_board(n) {
                        self.shadow.insert(n);
                    }
                }
            }
        }
        atari_liberty_starts_the_path(b, s1, d1, d2);
        atari_liberty_starts_the_path(b, s2, d2, d1);
        let max1 = d1.dist[s2.index()];
        let max2 = d2.dist[s1.index()];
        let total = max1.min(max2);
        // Scores are distances: smaller is better. MoveList sorts largest first, so they are
        // stored negated.
        for k in 0..d1.len {
            let pos = d1.queue[k];
            if !d2.reached(pos) {
                continue;
            }
            let (a1, a2) = (d1.after_move(pos), d2.after_move(pos));
            if a1 + a2 > 5 * MOVE / 2
                || d1.dist[pos.index()] > max1.saturating_add(MOVE / 5)
                || d2.dist[pos.index()] > max2.saturating_add(MOVE / 5)
            {
                continue;
            }
            // Reached from the same point by both: beside the strings, not between them.
            if d1.from[pos.index()] != Point::NONE && d1.from[pos.index()] == d2.from[pos.index()] {
                continue;
            }
            let mut score = (a1 + a2) as i32;
            if 3 * a1 > 2 * a2 && 3 * a2 > 2 * a1 {
                score -= MOVE as i32 / 10;
            }
            match b.cell(pos) {
                Cell::Empty if !self_atari_without_ko(b, pos, mover) => {
                    moves.add(pos, -score);
                }
                c if c == Cell::from(other) => {
                    if origin(b, pos) != pos || b.libs(pos) > 3 {
                        continue;
                    }
                    let (a, am) = self.do_attack(b, pos);
                    if a == 0 {
                        continue;
                    }
                    if connecting {
                        let (dcode, _) = self.do_defend(b, pos);
                        let penalty = if dcode == 0 { MOVE as i32 / 2 } else { 0 };
                        moves.add(am, -(score + penalty - 15 * MOVE as i32 / 100));
                    } else {
                        let (dcode, dm) = self.do_defend(b, pos);
                        if dcode != 0 && dm != Point::NONE {
                            moves.add(dm, -(score - MOVE as i32 / 2));
                        }
                    }
                }
                _ => {}
            }
        }
        // Shapes that make a move urgent.
        for i in 0..moves.len {
            let m = moves.pts[i];
            let mut bonus = 0;
            let mut next_to_cutter = false;
            for n in m.neighbors() {
                match b.cell(n) {
                    c if c == Cell::from(other) => {
                        next_to_cutter = true;
                        bonus += 15;
                        if b.libs(n) <= 2 {
                            bonus += 20;
                        }
                    }
                    c if c == Cell::from(color) && b.libs(n) <= 2 => bonus += 20,
                    _ => {}
                }
            }
            if next_to_cutter && !connecting && edge_distance(b, m) == 0 {
                bonus += 10;
            }
            if (b.has_liberty(s1, m) && b.libs(s1) == 3)
                || (b.has_liberty(s2, m) && b.libs(s2) == 3)
            {
                bonus += 10;
            }
            // Stored negated: a bonus lowers the distance.
            moves.scores[i] += bonus * MOVE as i32 / 100;
        }
        moves.sort();
        // Far worse than the best: not worth reading.
        if moves.len > 0 {
            let best = moves.scores[0];
            let mut n = 0;
            while n < moves.len && moves.scores[n] >= best - 3 * MOVE as i32 / 2 {
                n += 1;
            }
            moves.truncate(n);
        }
        if self.trace.is_some() {
            let list: Vec<String> = (0..moves.len)
                .map(|i| format!("{} ({})", super::vertex(b, moves.pts[i]), -moves.scores[i]))
                .collect();
            let who = if connecting { "connect" } else { "disconnect" };
            self.note(|| format!("distance {total}, move order for {who}: {}", list.join(" ")));
        }
        self.conn_dist[0] = Some(c1);
        self.conn_dist[1] = Some(c2);
        total
    }
}

/// The liberty other than `a` of the string at `s` when it has exactly two.
fn second_liberty(b: &Board, s: Point, a: Point) -> Point {
    if b.libs(s) != 2 {
        return Point::NONE;
    }
    b.liberties(s).find(|&l| l != a).unwrap_or(Point::NONE)
}

/// A string in atari must move to its liberty: the path starts there (`own` are the
/// string's distances, `other` the other string's).
fn atari_liberty_starts_the_path(b: &Board, s: Point, own: &mut Distances, other: &mut Distances) {
    if b.libs(s) != 1 {
        return;
    }
    let l = b.liberties(s).next().expect("one liberty");
    if own.reached(l) && other.reached(l) {
        own.dist[l.index()] = 0;
        own.from[l.index()] = Point::NONE;
        other.dist[l.index()] = other.dist[s.index()];
    }
}

/// From an empty point (or a capturable enemy stone) the path goes on: our stones next to it
/// join at no cost, other points take a move.
fn spread_from_empty(b: &Board, own: Cell, pos: Point, d: u32, out: &mut Distances) {
    let none = [Point::NONE; 2];
    for Quadrant { a, g, b: bb, .. } in quadrants(pos) {
        match b.cell(a) {
            c if c == own => {
                let cost = if double_threat_on_arrival(b, pos, a, out) {
                    MOVE
                } else {
                    0
                };
                out.reach(b, pos, a, d + cost, cost, out.weak[pos.index()]);
            }
            Cell::Border => {}
            _ => out.reach(b, pos, a, d + MOVE, MOVE, none),
        }
        if b.cell(bb) == Cell::Empty && b.cell(a) == Cell::Empty && b.cell(g) == Cell::Empty {
            out.reach(b, pos, bb, d + 3 * MOVE / 2, MOVE, none);
        }
    }
}

/// Arriving at our string `s` through `pos`, a point we hold without a move: when `s` has
/// two liberties, the opponent's atari at the other one forces us to fill `pos`; if that
/// atari also cuts the link that brought us to `pos`, it is a double threat and `pos` is no
/// free way in.
fn double_threat_on_arrival(b: &Board, pos: Point, s: Point, out: &Distances) -> bool {
    if out.delta[pos.index()] >= MOVE || b.libs(s) != 2 {
        return false;
    }
    let l = second_liberty(b, s, pos);
    if l == Point::NONE {
        return false;
    }
    let prev = out.from[pos.index()];
    out.weak[pos.index()].contains(&l)
        || (prev != Point::NONE && out.weak[prev.index()].contains(&l))
}

/// An opponent string in atari whose escape gives it no second liberty and that takes
/// nothing: a way through for us.
fn cannot_escape_atari(b: &Board, s: Point) -> bool {
    if b.libs(s) != 1 {
        return false;
    }
    let Some(color) = b.color_at(s) else {
        return false;
    };
    let lib = b.liberties(s).next().expect("one liberty");
    if b.is_legal_simple(lib, color) && b.move_effect(lib, color).libs > 1 {
        return false;
    }
    // A neighbour of ours it could capture instead.
    adjacent_strings(b, s, 1).as_slice().is_empty()
}

/// A move into atari that takes nothing and is no ko capture.
fn self_atari_without_ko(b: &Board, p: Point, color: Color) -> bool {
    if !b.is_legal_simple(p, color) {
        return false;
    }
    let e = b.move_effect(p, color);
    e.libs <= 1 && e.captured == 0
}
