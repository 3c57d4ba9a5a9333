//! Candidate generators of the tactical search: ladders, boundary captures and backfilling,
//! edge and draw-back moves, breaking the chain of surrounding strings, superstring
//! liberties, and the preparation of a move that would be self-atari.

use super::moves::*;
use super::search::{MAX_STACKP, Side};
use super::superstring::Superstring;
use super::{Reader, WIN};
use crate::board::{Board, Cell, Color, Point};

/// The attacker takes the liberties of a superstring member only when the member has at most
/// this many: one with more is not where the superstring is short.
pub(super) const SUPERSTRING_LIBERTY_CAP: usize = 3;

/// A superstring with more liberties than this (counting the members within
/// [`SUPERSTRING_LIBERTY_CAP`]) is not short of them: its liberties are no attack.
pub(super) const SUPERSTRING_SHORT: usize = 5;

impl Reader {
    /// A ladder read: the attacker only plays ataris on a two-liberty string, the defender
    /// only extends or captures.
    pub(crate) fn simple_ladder(&mut self, b: &mut Board, s: Point) -> (i32, Point) {
        let Some(color) = b.color_at(s) else {
            return (0, Point::NONE);
        };
        if !self.count_node() || b.libs(s) != 2 || self.depth_now() >= MAX_STACKP {
            return (0, Point::NONE);
        }
        let other = color.opponent();
        let libs = libs_of(b, s);
        let mut moves = MoveList::new();
        for &l in libs.as_slice() {
            moves.add(l, 0);
        }
        self.order(b, s, color, &mut moves, Side::Attacker);
        for i in 0..moves.len {
            let m = moves.pts[i];
            let Some(_) = self.trymove(b, m, other, false) else {
                continue;
            };
            let mut captured = b.libs(m) > 1 || b.libs(s) == 0;
            if captured {
                captured = !self.ladder_escape(b, s, color);
            }
            self.popmove(b);
            if captured {
                return (WIN, m);
            }
        }
        (0, Point::NONE)
    }

    /// Defender to move in a ladder: the string (in atari) escapes.
    pub(super) fn ladder_escape(&mut self, b: &mut Board, s: Point, color: Color) -> bool {
        if b.color_at(s) != Some(color) {
            return false;
        }
        if !self.count_node() {
            return true;
        }
        let lib = b.liberties(s).next().expect("one liberty");
        let mut moves = MoveList::new();
        moves.add(lib, 0);
        self.break_chain(b, &Boundary::of(b, s), &mut moves, 10);
        self.order(b, s, color, &mut moves, Side::Defender);
        for i in 0..moves.len {
            let m = moves.pts[i];
            let Some(_) = self.trymove(b, m, color, false) else {
                continue;
            };
            let libs = b.libs(s);
            let safe = libs >= 3 || (libs == 2 && self.simple_ladder(b, s).0 == 0);
            self.popmove(b);
            if safe {
                return true;
            }
        }
        false
    }

    // -----------------------------------------------------------------------------------------
    // Move generators: attacker
    // -----------------------------------------------------------------------------------------

    /// Our (the attacker's) strings next to the target that are short of liberties: save them
    /// (extend, or capture a string that ataris them), since the defender would escape by
    /// capturing them.
    pub(super) fn save_boundary(
        &mut self,
        b: &mut Board,
        s: Point,
        moves: &mut MoveList,
        score: i32,
    ) {
        let adj = adjacent_strings(b, s, 2);
        for &t in adj.as_slice() {
            let short = b.libs(t) == 1;
            // Two liberties matter when the target shares them: our ataris would be short.
            if !short && (self.depth_now() > 1 || !b.liberties(t).any(|l| b.has_liberty(s, l))) {
                continue;
            }
            if short {
                moves.add(b.liberties(t).next().expect("one liberty"), score);
            }
            // Capture defender strings in atari next to it (back-capture): it gains room, and
            // one holding it in atari no longer does.
            capture_ataris_next_to(b, t, s, moves, score + if short { 5 } else { 0 });
            // Near the root, a capturing race: shorten the defender strings (other than the
            // target) that hold it, from their outside liberties, so that they fall first.
            if self.depth_now() <= 1 {
                let racers = adjacent_strings(b, t, 3);
                for &u in racers.as_slice() {
                    if b.string_id(u) == b.string_id(s) || b.libs(u) < 2 {
                        continue;
                    }
                    add_outside_liberties(b, u, t, moves, score - 5);
                }
            }
        }
    }

    /// Nets and caps: empty points next to two liberties of the string (not liberties
    /// themselves), which keep the string short of liberties however it runs.
    pub(super) fn cap_moves(&mut self, b: &mut Board, s: Point, moves: &mut MoveList, score: i32) {
        let libs = libs_of(b, s);
        for &l in libs.as_slice() {
            for n in l.neighbors() {
                if b.cell(n) != Cell::Empty || libs.contains(n) {
                    continue;
                }
                let touching = n.neighbors().iter().filter(|&&x| libs.contains(x)).count();
                if touching >= 2 {
                    moves.add(n, score);
                } else if libs.len == 2 {
                    // A loose net: the point blocks the way out through one liberty while the
                    // other liberty is hemmed in.
                    let other_lib = if libs.pts[0] == l {
                        libs.pts[1]
                    } else {
                        libs.pts[0]
                    };
                    if b.empty_neighbors(other_lib) <= 2 && b.empty_neighbors(l) >= 2 {
                        moves.add(n, score - 5);
                    }
                }
            }
        }
    }

    /// A liberty where our atari would be self-atari: first fill the liberty that our stone
    /// would need (backfilling), or approach from outside.
    pub(super) fn backfill_attack(
        &mut self,
        b: &mut Board,
        s: Point,
        color: Color,
        moves: &mut MoveList,
        score: i32,
    ) {
        let other = color.opponent();
        let libs = libs_of(b, s);
        for &l in libs.as_slice() {
            if !b.is_legal_simple(l, other) {
                // Suicide for us: approach from a neighbouring empty point.
                for n in l.neighbors() {
                    if b.cell(n) == Cell::Empty && !libs.contains(n) {
                        moves.add(n, score);
                    }
                }
                continue;
            }
            b.play_unchecked(l, other);
            let self_atari = b.color_at(s) == Some(color) && b.libs(l) == 1;
            let backfill = if self_atari {
                b.liberties(l).next()
            } else {
                None
            };
            b.undo();
            if let Some(r) = backfill {
                if !libs.contains(r) {
                    moves.add(r, score);
                }
                // Or make the point safe by playing next to it.
                for n in l.neighbors() {
                    if b.cell(n) == Cell::Empty && !libs.contains(n) {
                        moves.add(n, score - 5);
                    }
                }
            }
        }
    }

    /// Liberties of the target's superstring (see [`Superstring`]) and of the strings that
    /// share two of its liberties or a liberty the opponent cannot fill ([`tight_group`]):
    /// shortening them shortens the target. Only members with at most
    /// [`SUPERSTRING_LIBERTY_CAP`] liberties count.
    ///
    /// A superstring with more than [`SUPERSTRING_SHORT`] such liberties in all (the
    /// target's own included) is not short of liberties: filling one of them captures
    /// nothing, so there is no move then but the squeezes ([`Reader::squeeze`]).
    pub(super) fn superstring_liberties(
        &mut self,
        b: &mut Board,
        s: Point,
        moves: &mut MoveList,
        score: i32,
    ) {
        let Some(ss) = Superstring::of(b, s) else {
            return;
        };
        let attacker = ss.color().opponent();
        self.squeeze(b, s, attacker, moves, score);
        let mut members = tight_group(b, s);
        for &m in ss.strings() {
            members.push_unique(m);
        }
        let mut all = libs_of(b, s);
        let mut to_fill = Points::new();
        for &m in members.as_slice().iter().skip(1) {
            // A member with liberties to spare is not where the superstring is short: taking
            // its liberties only chases it (the reading of one corner string became the
            // reading of a group running across the board). GNU Go caps the liberties of the
            // members it looks at the same way.
            if b.libs(m) > SUPERSTRING_LIBERTY_CAP {
                continue;
            }
            for &l in libs_of(b, m).as_slice() {
                all.push_unique(l);
                to_fill.push_unique(l);
            }
        }
        if all.len > SUPERSTRING_SHORT {
            return;
        }
        for &l in to_fill.as_slice() {
            moves.add(l, score);
            // Where our stone would be short of liberties, fill first (backfilling).
            prepare(b, l, attacker, moves, score - 5);
        }
    }

    /// Squeezing: a liberty of the target that the attacker cannot fill (suicide) is kept by
    /// a neighbouring defender string; when that string has one other liberty, a stone there
    /// (even one the defender can take) threatens to capture it through the kept liberty,
    /// and so to fill the target's liberty.
    fn squeeze(
        &mut self,
        b: &mut Board,
        s: Point,
        attacker: Color,
        moves: &mut MoveList,
        score: i32,
    ) {
        let target = b.string_id(s);
        for &l in libs_of(b, s).as_slice() {
            if b.is_legal_simple(l, attacker) {
                continue;
            }
            for n in l.neighbors() {
                if b.color_at(n) != Some(attacker.opponent())
                    || b.string_id(n) == target
                    || b.libs(n) != 2
                {
                    continue;
                }
                let mut two = [Point::NONE; 2];
                b.first_liberties(n, &mut two);
                let other = if two[0] == l { two[1] } else { two[0] };
                // The squeezing stone stands in atari (a plain fill is a superstring
                // liberty); it is worth it when the defender's capture leaves the capturing
                // stone short of liberties (fewer than three, counted before the squeeze).
                let mut taken_at = [Point::NONE; 1];
                if room_after(b, other, attacker, &mut taken_at) == 1
                    && b.cell(taken_at[0]) == Cell::Empty
                    && b.approx_libs_after(taken_at[0], attacker.opponent()) < 3
                {
                    moves.add(other, score);
                }
            }
        }
    }

    /// Edge tricks: on the first two lines, block along the edge (hane) to take liberties
    /// from outside.
    pub(super) fn edge_attack(
        &mut self,
        b: &mut Board,
        s: Point,
        moves: &mut MoveList,
        score: i32,
    ) {
        let libs = libs_of(b, s);
        for &l in libs.as_slice() {
            if edge_distance(b, l) > 1 {
                continue;
            }
            for n in l.neighbors() {
                if b.cell(n) == Cell::Empty && !libs.contains(n) && edge_distance(b, n) <= 1 {
                    moves.add(n, score);
                }
            }
        }
    }

    /// Our boundary strings with two liberties: extend them away from the target so that the
    /// atari that follows is not self-atari.
    pub(super) fn draw_back(&mut self, b: &mut Board, s: Point, moves: &mut MoveList, score: i32) {
        let adj = adjacent_strings(b, s, 2);
        for &t in adj.as_slice() {
            if b.libs(t) != 2 {
                continue;
            }
            for l in b.liberties(t) {
                if !b.has_liberty(s, l) {
                    moves.add(l, score);
                }
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // Move generators: defender
    // -----------------------------------------------------------------------------------------

    /// Capture a boundary string in atari.
    pub(super) fn break_chain(
        &mut self,
        b: &mut Board,
        boundary: &Boundary,
        moves: &mut MoveList,
        score: i32,
    ) {
        for &t in boundary.strings() {
            if b.libs(t) == 1 {
                moves.add(b.liberties(t).next().expect("one liberty"), score);
            }
        }
    }

    /// Atari a boundary string with two liberties when the atari also gains a liberty or the
    /// string cannot escape.
    pub(super) fn break_chain2_efficient(
        &mut self,
        b: &mut Board,
        s: Point,
        boundary: &Boundary,
        moves: &mut MoveList,
        score: i32,
    ) {
        for &t in boundary.strings() {
            if b.libs(t) != 2 {
                continue;
            }
            let tl = libs_of(b, t);
            for &l in tl.as_slice() {
                // The atari is also one of our liberties, or its other liberty is shared.
                let shared = b.has_liberty(s, l)
                    || tl.as_slice().iter().any(|&x| x != l && b.has_liberty(s, x));
                if shared {
                    moves.add(l, score);
                }
            }
        }
    }

    /// Atari every boundary string with two liberties; where the atari would be suicide or
    /// self-atari, prepare it (see [`prepare`]).
    pub(super) fn break_chain2(
        &mut self,
        b: &mut Board,
        boundary: &Boundary,
        color: Color,
        moves: &mut MoveList,
        score: i32,
    ) {
        for &t in boundary.strings() {
            if b.libs(t) != 2 {
                continue;
            }
            for &l in libs_of(b, t).as_slice() {
                moves.add(l, score);
                prepare(b, l, color, moves, score - 5);
            }
        }
    }

    /// Ataris on boundary strings with two liberties after which the string, extending, still
    /// has at most two liberties: the start of a ladder on it.
    pub(super) fn break_chain2_ladder(
        &mut self,
        b: &mut Board,
        boundary: &Boundary,
        color: Color,
        moves: &mut MoveList,
        score: i32,
    ) {
        for &t in boundary.strings() {
            if b.libs(t) != 2 {
                continue;
            }
            let tl = libs_of(b, t);
            for i in 0..2 {
                let (atari, escape) = (tl.pts[i], tl.pts[1 - i]);
                if !b.is_legal_simple(atari, color) {
                    continue;
                }
                b.play_unchecked(atari, color);
                let ok = b.libs(atari) >= 2
                    && b.color_at(t).is_some()
                    && b.approx_libs_after(escape, color.opponent()) <= 2;
                b.undo();
                if ok {
                    moves.add(atari, score);
                }
            }
        }
    }

    /// Shorten a boundary string with three liberties, or four when it shares one with the
    /// string (a capturing race: the attacker's atari would also fill its own liberty).
    pub(super) fn break_chain3(
        &mut self,
        b: &mut Board,
        s: Point,
        boundary: &Boundary,
        moves: &mut MoveList,
        score: i32,
    ) {
        for &t in boundary.strings() {
            let n = b.libs(t);
            if n < 3 || (n == 4 && !b.liberties(t).any(|l| b.has_liberty(s, l))) {
                continue;
            }
            for l in libs_of(b, t).as_slice() {
                moves.add(*l, score);
            }
        }
    }

    /// In a capturing race, the outside liberties of a boundary string of three liberties or
    /// fewer that shares a liberty with the string: the approach moves of the race.
    pub(super) fn race_liberties(
        &mut self,
        b: &mut Board,
        s: Point,
        boundary: &Boundary,
        moves: &mut MoveList,
        score: i32,
    ) {
        for &t in boundary.strings() {
            if b.libs(t) > 3 || !b.liberties(t).any(|l| b.has_liberty(s, l)) {
                continue;
            }
            add_outside_liberties(b, t, s, moves, score);
        }
    }

    /// Liberties of attacker strings that press on our liberties without touching us, when
    /// they are short of liberties (two or three): shortening them first turns the
    /// attacker's next move at our liberty into a self-atari.
    pub(super) fn press_back(
        &mut self,
        b: &mut Board,
        s: Point,
        color: Color,
        moves: &mut MoveList,
        score: i32,
    ) {
        // Those touching us are boundary strings, for the chain-breaking generators.
        let touching = adjacent_strings(b, s, 3);
        let mut seen = Points::new();
        for &l in libs_of(b, s).as_slice() {
            for n in l.neighbors() {
                if b.color_at(n) != Some(color.opponent())
                    || !(2..=3).contains(&b.libs(n))
                    || touching.contains(origin(b, n))
                    || !seen.push_unique(b.string_id(n))
                {
                    continue;
                }
                for &x in libs_of(b, n).as_slice() {
                    moves.add(x, score);
                }
            }
        }
    }

    /// In a capturing race with a boundary string short of liberties (at most `max_libs`),
    /// our other strings next to it that are in atari would give it liberties when taken:
    /// save them (extend, or capture an attacker string in atari next to them).
    pub(super) fn save_race_partners(
        &mut self,
        b: &mut Board,
        s: Point,
        boundary: &Boundary,
        max_libs: usize,
        moves: &mut MoveList,
        score: i32,
    ) {
        let target = b.string_id(s);
        for &racer in boundary.strings() {
            if b.libs(racer) > max_libs {
                continue;
            }
            let partners = adjacent_strings(b, racer, 1);
            for &t in partners.as_slice() {
                if b.string_id(t) == target {
                    continue;
                }
                moves.add(b.liberties(t).next().expect("one liberty"), score);
                capture_ataris_next_to(b, t, s, moves, score + 5);
            }
        }
    }

    /// Moves next to a liberty that make the attacker's play there a self-atari or gain
    /// room: hane and jumps out of a net.
    pub(super) fn special_rescue(
        &mut self,
        b: &mut Board,
        s: Point,
        color: Color,
        moves: &mut MoveList,
        score: i32,
    ) {
        let libs = libs_of(b, s);
        for &l in libs.as_slice() {
            for n in l.neighbors() {
                if b.cell(n) != Cell::Empty || libs.contains(n) {
                    continue;
                }
                // The attacker at the liberty would then be short of liberties.
                if b.empty_neighbors(l) <= 2
                    || b.color_at(n).is_none()
                        && n.neighbors().iter().any(|&x| {
                            b.color_at(x) == Some(color) && b.string_id(x) != b.string_id(s)
                        })
                {
                    moves.add(n, score);
                }
            }
        }
    }

    /// Backfilling for the defender: fill one of the attacker's liberties so that the
    /// attacker's capture would be self-atari.
    pub(super) fn defend_backfill(
        &mut self,
        b: &mut Board,
        s: Point,
        color: Color,
        moves: &mut MoveList,
        score: i32,
    ) {
        let adj = adjacent_strings(b, s, 3);
        for &t in adj.as_slice() {
            let tl = libs_of(b, t);
            if tl.len < 2 {
                continue;
            }
            for &l in tl.as_slice() {
                if !b.has_liberty(s, l) && is_self_atari(b, l, color) {
                    continue;
                }
                if !b.has_liberty(s, l) {
                    moves.add(l, score);
                }
            }
        }
    }

    /// Through the superstring (see [`Superstring`]): capture enemy strings in atari next to
    /// it, which gives the whole, and often the string, room; and extend from its
    /// liberties.
    pub(super) fn superstring_break_chain(
        &mut self,
        b: &mut Board,
        s: Point,
        _color: Color,
        moves: &mut MoveList,
        score: i32,
    ) {
        // Loose: every friendly string a move of ours here could make one with the target.
        let Some(ss) = Superstring::loose(b, s) else {
            return;
        };
        let own = b.string_id(s);
        for &m in ss.strings() {
            if b.string_id(m) == own {
                continue;
            }
            for &t in adjacent_strings(b, m, 1).as_slice() {
                moves.add(b.liberties(t).next().expect("one liberty"), score);
            }
            for l in b.liberties(m) {
                moves.add(
                    l,
                    if b.has_liberty(s, l) {
                        score
                    } else {
                        score - 5
                    },
                );
            }
        }
    }

    /// Empty neighbours of the liberties that are not liberties themselves.
    pub(super) fn second_order_liberties(
        &mut self,
        b: &mut Board,
        s: Point,
        moves: &mut MoveList,
        score: i32,
    ) {
        let libs = libs_of(b, s);
        for &l in libs.as_slice() {
            for n in l.neighbors() {
                if b.cell(n) == Cell::Empty && !libs.contains(n) {
                    moves.add(n, score);
                }
            }
        }
    }
}

/// When `mover` playing `m` would be suicide or self-atari, the moves that make it playable:
/// shortening an enemy string next to `m` that has two liberties (so that `m` captures), or
/// filling first the liberty our stone at `m` would be left with (backfilling).
pub(crate) fn prepare(b: &mut Board, m: Point, mover: Color, moves: &mut MoveList, score: i32) {
    if b.cell(m) != Cell::Empty {
        return;
    }
    let legal = b.is_legal_simple(m, mover);
    let mut backfill = None;
    if legal {
        let caps = b.captures(mover);
        b.play_unchecked(m, mover);
        if b.libs(m) == 1 && b.captures(mover) == caps {
            backfill = b.liberties(m).next();
        }
        b.undo();
        if backfill.is_none() {
            return;
        }
    }
    if let Some(r) = backfill {
        moves.add(r, score);
    }
    let enemy = Cell::from(mover.opponent());
    for n in m.neighbors() {
        if b.cell(n) == enemy && b.libs(n) == 2 {
            for l in b.liberties(n) {
                if l != m {
                    moves.add(l, score);
                }
            }
        }
    }
}

/// The liberties of the string at `t` that the string at `other` does not share: in a race
/// between the two, the moves that shorten `t` without filling a liberty of `other`.
fn add_outside_liberties(b: &Board, t: Point, other: Point, moves: &mut MoveList, score: i32) {
    for l in b.liberties(t) {
        if !b.has_liberty(other, l) {
            moves.add(l, score);
        }
    }
}

/// GTP text of a point, for traces.
pub(crate) fn vertex(b: &Board, p: Point) -> String {
    if p == Point::NONE || !b.on_board(p) {
        return "PASS".into();
    }
    crate::board::Vertex::from_point(p, b.size()).to_string()
}

/// The liberties `mover`'s stone at `p` would have, captures counted (0 when the move is
/// illegal); the first of them is written into `first`.
fn room_after(b: &mut Board, p: Point, mover: Color, first: &mut [Point; 1]) -> usize {
    if !b.is_legal_simple(p, mover) {
        return 0;
    }
    b.play_unchecked(p, mover);
    let n = b.libs(p);
    b.first_liberties(p, first);
    b.undo();
    n
}

/// The capturing moves of the enemy strings in atari next to the string at `t`, other than
/// the string at `except`: taking one gives `t` room, or removes what holds it in atari.
fn capture_ataris_next_to(b: &Board, t: Point, except: Point, moves: &mut MoveList, score: i32) {
    for &u in adjacent_strings(b, t, 1).as_slice() {
        if b.string_id(u) != b.string_id(except) {
            moves.add(b.liberties(u).next().expect("one liberty"), score);
        }
    }
}
