//! The attack and defence searches: one routine per liberty count, each generating its
//! candidates in phases (cheap and forcing first), ordering them by playing them out, and
//! trying them until one wins.

use super::moves::*;
use super::superstring::Superstring;
use super::tt::Routine;
use super::{KO_A, KO_B, Reader, WIN, quality, reverse};
use crate::board::{Board, Cell, Color, Point};
use crate::pattern::Kind;
use crate::tactics::pattern_view::PatternView;

/// Which side a move list is for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Side {
    Attacker,
    Defender,
}

/// Hard stop on the depth of any line (ladders included).
const MAX_STACKP: u32 = 240;

impl Reader {
    // -----------------------------------------------------------------------------------------
    // Roots
    // -----------------------------------------------------------------------------------------

    /// The attack question at the root, with pattern candidates when enabled.
    pub(crate) fn root_attack(&mut self, b: &mut Board, s: Point) -> (i32, Point) {
        let s = origin(b, s);
        let r = self.attack_node(b, s, self.opts.use_patterns);
        let name = vertex(b, s);
        let mv = vertex(b, r.1);
        self.note(|| format!("attack {name}: {} {mv}", r.0));
        r
    }

    /// The defence question at the root.
    pub(crate) fn root_defend(&mut self, b: &mut Board, s: Point) -> (i32, Point) {
        let s = origin(b, s);
        let r = self.defend_node(b, s, self.opts.use_patterns);
        let name = vertex(b, s);
        let mv = vertex(b, r.1);
        self.note(|| format!("find_defense {name}: {} {mv}", r.0));
        r
    }

    /// `color` plays `mv`, then the other side reads the string at `s`. The result is for
    /// `color`: whether the move attacks (`attacking`) or defends the string.
    pub(crate) fn after_move(
        &mut self,
        b: &mut Board,
        mv: Point,
        color: Color,
        s: Point,
        attacking: bool,
    ) -> i32 {
        let owner = b.color_at(s).expect("a string");
        self.captures_before = b.captures(color);
        let Some(tried) = self.trymove(b, mv, color, false) else {
            return 0;
        };
        let code = if b.color_at(s) != Some(owner) {
            if attacking {
                self.capture_code(b, s, owner, mv, tried.ko_capture)
            } else {
                0
            }
        } else if attacking {
            reverse(self.defend_or_tenuki(b, s))
        } else {
            reverse(self.do_attack(b, s).0)
        };
        self.popmove(b);
        code
    }

    /// Candidate moves from the attack or defense pattern databases whose target is the
    /// string at `s` (root only: the conditions of these patterns may read).
    fn pattern_candidates(&mut self, b: &mut Board, s: Point, side: Side) -> MoveList {
        let mut out = MoveList::new();
        if !self.opts.use_patterns {
            return out;
        }
        let color = b.color_at(s).expect("a string");
        let (kind, us) = match side {
            Side::Attacker => (Kind::Attack, color.opponent()),
            Side::Defender => (Kind::Defense, color),
        };
        if self.patterns.matcher(kind).is_none() {
            return out;
        }
        // Points within distance 2 of the string (patterns anchor at the move).
        let mut area = Points::new();
        let mut near = MoveList::new();
        for st in b.string_stones(s) {
            for n in st.neighbors() {
                if b.cell(n) == Cell::Empty {
                    near.add(n, 0);
                }
            }
            for d in st.diagonals() {
                if b.cell(d) == Cell::Empty {
                    near.add(d, 0);
                }
            }
        }
        for i in 0..near.len {
            let p = near.pts[i];
            area.push_unique(p);
            for n in p.neighbors() {
                if b.cell(n) == Cell::Empty {
                    area.push_unique(n);
                }
            }
        }
        let stones: Vec<(i32, i32)> = b
            .string_stones(s)
            .map(|p| {
                let (x, y) = p.xy();
                (x as i32, y as i32)
            })
            .collect();
        let patterns = self.patterns;
        // The matchers look this far from the points they are asked about: all of that is in
        // the reading shadow.
        let reach = patterns.matcher(kind).map_or(0, |m| {
            m.footprint
                .iter()
                .map(|&(dx, dy)| dx.unsigned_abs().max(dy.unsigned_abs()) as isize)
                .max()
                .unwrap_or(0)
        });
        let size = b.size() as isize;
        for &p in area.as_slice() {
            let (x, y) = p.xy();
            for dy in -reach..=reach {
                for dx in -reach..=reach {
                    let (nx, ny) = (x as isize + dx, y as isize + dy);
                    if (0..size).contains(&nx) && (0..size).contains(&ny) {
                        self.shadow.insert(Point::from_xy(nx as usize, ny as usize));
                    }
                }
            }
        }
        let view = PatternView::new(b);
        for &p in area.as_slice() {
            let (x, y) = p.xy();
            patterns.match_at(kind, &view, x as i32, y as i32, us, &mut |m| {
                if m.target().is_some_and(|t| stones.contains(&t)) {
                    out.add(p, 30);
                }
            });
        }
        out
    }

    // -----------------------------------------------------------------------------------------
    // Nodes
    // -----------------------------------------------------------------------------------------

    /// Attacker to move: can the string at `s` be captured?
    pub(crate) fn do_attack(&mut self, b: &mut Board, s: Point) -> (i32, Point) {
        let s = origin(b, s);
        self.attack_node(b, s, false)
    }

    /// Defender to move: can the string at `s` be saved?
    pub(crate) fn do_defend(&mut self, b: &mut Board, s: Point) -> (i32, Point) {
        let s = origin(b, s);
        self.defend_node(b, s, false)
    }

    /// With `patterns` (the root only: their conditions read too), the attack database adds
    /// candidates.
    fn attack_node(&mut self, b: &mut Board, s: Point, patterns: bool) -> (i32, Point) {
        let Some(color) = b.color_at(s) else {
            return (WIN, Point::NONE);
        };
        if !self.count_node() {
            return (0, Point::NONE);
        }
        let libs = b.libs(s);
        let d = self.depth_now();
        if libs > 4
            || (libs == 4 && d > self.opts.fourlib_depth)
            || (libs == 3 && d > self.opts.depth)
            || d >= MAX_STACKP
        {
            return (0, Point::NONE);
        }
        let routine = if patterns {
            Routine::AttackRoot
        } else {
            Routine::Attack
        };
        let key = Self::position_key(b, color.opponent());
        let q = self.question(routine, s, Point::NONE);
        if let Some(r) = self.tt_get(key, &q) {
            self.note(|| {
                format!(
                    "attack {}: {} {} (cached)",
                    vertex(b, s),
                    r.0,
                    vertex(b, r.1)
                )
            });
            return r;
        }
        let extra = if patterns {
            self.pattern_candidates(b, s, Side::Attacker)
        } else {
            MoveList::new()
        };
        let extra = &extra;
        let r = match libs {
            1 => self.attack1(b, s, color, extra),
            2 => self.attack2(b, s, color, extra),
            3 => self.attack3(b, s, color, extra),
            _ => self.attack4(b, s, color, extra),
        };
        self.note(|| format!("attack{libs} {}: {} {}", vertex(b, s), r.0, vertex(b, r.1)));
        self.tt_put(key, &q, r);
        r
    }

    fn defend_node(&mut self, b: &mut Board, s: Point, patterns: bool) -> (i32, Point) {
        let Some(color) = b.color_at(s) else {
            return (0, Point::NONE);
        };
        if !self.count_node() {
            return (WIN, Point::NONE);
        }
        let libs = b.libs(s);
        let d = self.depth_now();
        if libs >= 5
            || (libs == 4 && d > self.opts.fourlib_depth)
            || (libs == 3 && d > self.opts.depth)
            || d >= MAX_STACKP
        {
            return (WIN, Point::NONE);
        }
        let routine = if patterns {
            Routine::DefendRoot
        } else {
            Routine::Defend
        };
        let key = Self::position_key(b, color);
        let q = self.question(routine, s, Point::NONE);
        if let Some(r) = self.tt_get(key, &q) {
            self.note(|| {
                format!(
                    "defend {}: {} {} (cached)",
                    vertex(b, s),
                    r.0,
                    vertex(b, r.1)
                )
            });
            return r;
        }
        let extra = if patterns {
            self.pattern_candidates(b, s, Side::Defender)
        } else {
            MoveList::new()
        };
        let extra = &extra;
        let r = match self.fast_defense(b, s, color) {
            Some(m) => (WIN, m),
            None => match libs {
                1 => self.defend1(b, s, color, extra),
                2 => self.defend2(b, s, color, extra),
                3 => self.defend3(b, s, color, extra),
                _ => self.defend4(b, s, color, extra),
            },
        };
        self.note(|| format!("defend{libs} {}: {} {}", vertex(b, s), r.0, vertex(b, r.1)));
        self.tt_put(key, &q, r);
        r
    }

    /// The defender's result after an attacking move: its best defence, or, when no move
    /// saves the string, playing elsewhere (the string may not be capturable at all: every
    /// defence would only make it worse).
    fn defend_or_tenuki(&mut self, b: &mut Board, s: Point) -> i32 {
        let d = self.do_defend(b, s).0;
        if d != 0 || self.aborted || self.depth_now() > self.opts.tenuki_depth {
            return d;
        }
        reverse(self.do_attack(b, s).0)
    }

    /// A liberty whose play gives the string as many liberties as the attack gives up on one
    /// level down: an immediate defence without reading.
    fn fast_defense(&mut self, b: &mut Board, s: Point, color: Color) -> Option<Point> {
        let d = self.depth_now() + 1;
        let safe = if d > self.opts.depth {
            3
        } else if d > self.opts.fourlib_depth {
            4
        } else {
            5
        };
        let libs = libs_of(b, s);
        for &l in libs.as_slice() {
            // Cheap bound first: the new string cannot have more than this.
            if b.approx_libs_after(l, color) + 2 < safe {
                continue;
            }
            if !b.is_legal_simple(l, color) {
                continue;
            }
            b.play_unchecked(l, color);
            let n = b.libs(s);
            b.undo();
            if n >= safe {
                self.note(|| format!("fast defense at {}", vertex(b, l)));
                return Some(l);
            }
        }
        None
    }

    // -----------------------------------------------------------------------------------------
    // The move loop
    // -----------------------------------------------------------------------------------------

    /// What the attacker gets for taking the string off the board with `m`: a ko capture the
    /// defender may retake is only `KO_A`, and a capture that leaves the capturing string in
    /// atari is a snapback, no capture at all.
    fn capture_code(
        &self,
        b: &Board,
        s: Point,
        owner: Color,
        m: Point,
        ko_capture: Option<Point>,
    ) -> i32 {
        if ko_capture.is_some() {
            if self.ko.may_take_ko_at(b, s, owner) {
                KO_A
            } else {
                WIN
            }
        } else if b.libs(m) == 1 && b.captures(owner.opponent()) - self.captures_before == 1 {
            // Took one stone and can be taken back with interest: a snapback.
            0
        } else {
            WIN
        }
    }

    /// Tries `moves` in order for `side`, updating `best`; true when one wins outright.
    fn try_moves(
        &mut self,
        b: &mut Board,
        s: Point,
        color: Color,
        moves: &MoveList,
        side: Side,
        best: &mut (i32, Point),
    ) -> bool {
        let mover = match side {
            Side::Attacker => color.opponent(),
            Side::Defender => color,
        };
        for i in 0..moves.len {
            let m = moves.pts[i];
            if m == best.1 {
                continue;
            }
            let allow_conditional = self.depth_now() <= self.opts.ko_depth && best.0 == 0;
            self.captures_before = b.captures(mover);
            let Some(tried) = self.trymove(b, m, mover, allow_conditional) else {
                continue;
            };
            let code = if b.color_at(s) != Some(color) {
                self.capture_code(b, s, color, m, tried.ko_capture)
            } else {
                match side {
                    Side::Attacker => reverse(self.defend_or_tenuki(b, s)),
                    Side::Defender => reverse(self.do_attack(b, s).0),
                }
            };
            self.popmove(b);
            if self.aborted {
                return false;
            }
            let code = if tried.conditional && code != 0 {
                KO_B
            } else {
                code
            };
            if code == WIN {
                *best = (WIN, m);
                return true;
            }
            if quality(code) > quality(best.0) {
                *best = (code, m);
            }
        }
        false
    }

    /// Orders candidates by playing each: for the attacker, fewer liberties left to the
    /// string and a safe attacking stone; for the defender, more liberties. Drops illegal
    /// moves (but keeps ko captures the ko rule forbids, last, for conditional tries).
    fn order(&mut self, b: &mut Board, s: Point, color: Color, moves: &mut MoveList, side: Side) {
        let mover = match side {
            Side::Attacker => color.opponent(),
            Side::Defender => color,
        };
        let libs_before = b.libs(s) as i32;
        let mut i = 0;
        while i < moves.len {
            let m = moves.pts[i];
            if !b.on_board(m) || b.cell(m) != Cell::Empty {
                moves.remove(i);
                continue;
            }
            if !b.is_legal_simple(m, mover) {
                if is_ko(b, m, mover).is_some() {
                    moves.scores[i] -= 400;
                    i += 1;
                } else {
                    moves.remove(i);
                }
                continue;
            }
            let caps_before = b.captures(mover);
            b.play_unchecked(m, mover);
            let alive = b.color_at(s) == Some(color);
            let tl = if alive { b.libs(s) as i32 } else { 0 };
            let ml = b.libs(m) as i32;
            let cap = (b.captures(mover) - caps_before) as i32;
            let mut escape = 0;
            if side == Side::Attacker && tl == 1 {
                let l = b.liberties(s).next().expect("one liberty");
                escape = b.approx_libs_after(l, color) as i32;
            }
            // Enemy strings the move puts in atari (the target aside): forcing moves first.
            let enemy = Cell::from(mover.opponent());
            let mut ataris = 0;
            let mut seen = [Point::NONE; 4];
            for (k, n) in m.neighbors().into_iter().enumerate() {
                if b.cell(n) == enemy && b.libs(n) == 1 {
                    let h = b.string_id(n);
                    if !seen.contains(&h) && (!alive || h != b.string_id(s)) {
                        ataris += 1;
                    }
                    seen[k] = h;
                }
            }
            b.undo();
            let edge = edge_distance(b, m) == 0;
            let mut score = moves.scores[i];
            match side {
                Side::Attacker => {
                    if !alive {
                        score += 1000;
                    } else {
                        score += 100 - 20 * tl;
                        if tl == 1 {
                            score -= 6 * escape;
                        }
                    }
                    if ml == 1 && cap == 0 {
                        score -= 45;
                    }
                    score += 4 * ml.min(5) + 12 * cap.min(3) + 8 * ataris;
                    if edge {
                        score -= 3;
                    }
                }
                Side::Defender => {
                    // Crawling along the first line that gains nothing, with three liberties or
                    // more, only delays.
                    if libs_before >= 3
                        && edge
                        && self.stackp > self.base_stackp + 1
                        && tl <= libs_before
                        && cap == 0
                        && ataris == 0
                        && b.has_liberty(s, m)
                    {
                        moves.remove(i);
                        continue;
                    }
                    score += 25 * tl.min(6) + 20 * ataris;
                    if edge {
                        score -= 8;
                    }
                    if tl <= 1 && cap == 0 {
                        score -= 100;
                    }
                    score += 15 * cap.min(3);
                    if ml == 1 && !b.has_liberty(s, m) && cap == 0 {
                        score -= 30;
                    }
                }
            }
            moves.scores[i] = score;
            i += 1;
        }
        moves.sort();
    }

    /// Orders one phase of candidates, drops those already tried, and tries them.
    #[allow(clippy::too_many_arguments)]
    fn run_phase(
        &mut self,
        b: &mut Board,
        s: Point,
        color: Color,
        moves: &mut MoveList,
        tried: &mut MoveList,
        side: Side,
        best: &mut (i32, Point),
        max_moves: usize,
    ) -> bool {
        let mut i = 0;
        while i < moves.len {
            if tried.contains(moves.pts[i]) {
                moves.remove(i);
            } else {
                i += 1;
            }
        }
        if moves.len == 0 {
            return false;
        }
        // Every candidate ordered is looked at: part of the reading shadow.
        for &m in &moves.pts[..moves.len] {
            self.shadow.insert(m);
        }
        self.order(b, s, color, moves, side);
        moves.truncate(max_moves);
        for i in 0..moves.len {
            tried.add(moves.pts[i], 0);
        }
        if self.trace.is_some() {
            let list: Vec<String> = (0..moves.len)
                .map(|i| format!("{} ({})", vertex(b, moves.pts[i]), moves.scores[i]))
                .collect();
            let who = if side == Side::Attacker {
                "attack"
            } else {
                "defend"
            };
            self.note(|| format!("move order for {who} {}: {}", vertex(b, s), list.join(" ")));
        }
        self.try_moves(b, s, color, moves, side, best)
    }

    // -----------------------------------------------------------------------------------------
    // Attack routines
    // -----------------------------------------------------------------------------------------

    fn attack1(&mut self, b: &mut Board, s: Point, color: Color, extra: &MoveList) -> (i32, Point) {
        let other = color.opponent();
        let lib = b.liberties(s).next().expect("one liberty");
        let mut best = (0, Point::NONE);
        let mut tried = MoveList::new();
        let mut moves = MoveList::new();
        moves.add(lib, 0);
        if self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Attacker,
            &mut best,
            99,
        ) {
            return best;
        }
        // Taking is a ko or forbidden: capture a defender stone next to the liberty first (the
        // capturing stone then has room), or save our strings the defender threatens.
        let mut moves = extra.clone();
        let snapback = b.is_legal_simple(lib, other) && {
            let caps = b.captures(other);
            b.play_unchecked(lib, other);
            let r = b.libs(lib) == 1 && !(b.captures(other) - caps == 1 && b.string_size(lib) == 1);
            b.undo();
            r
        };
        if snapback || is_ko(b, lib, other).is_some() || !b.is_legal_simple(lib, other) {
            for n in lib.neighbors() {
                if b.color_at(n) == Some(color)
                    && b.libs(n) == 1
                    && b.string_id(n) != b.string_id(s)
                {
                    moves.add(b.liberties(n).next().expect("one liberty"), 10);
                }
                // A neighbour with two liberties: atari it first, so that the capture takes it
                // too and is no ko.
                if b.color_at(n) == Some(color)
                    && (2..=3).contains(&b.libs(n))
                    && b.string_id(n) != b.string_id(s)
                {
                    for l in b.liberties(n) {
                        if l != lib {
                            moves.add(l, 8);
                        }
                    }
                }
                // Our strings that the capturing stone would join: give them room first.
                if b.color_at(n) == Some(other) {
                    for l in b.liberties(n) {
                        if l != lib {
                            moves.add(l, 5);
                        }
                    }
                    let threats = adjacent_strings(b, n, 1);
                    for &t in threats.as_slice() {
                        moves.add(b.liberties(t).next().expect("one liberty"), 10);
                    }
                }
            }
            self.save_boundary(b, s, &mut moves, 0);
        }
        self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Attacker,
            &mut best,
            99,
        );
        best
    }

    fn attack2(&mut self, b: &mut Board, s: Point, color: Color, extra: &MoveList) -> (i32, Point) {
        let d = self.depth_now();
        let deep = d > self.opts.depth;
        let mut best = (0, Point::NONE);
        let mut tried = MoveList::new();

        let mut moves = with_liberties(b, s, extra);
        self.save_boundary(b, s, &mut moves, 5);
        if self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Attacker,
            &mut best,
            99,
        ) {
            return best;
        }
        if deep {
            return best;
        }

        let mut moves = MoveList::new();
        if d <= self.opts.backfill_depth {
            self.backfill_attack(b, s, color, &mut moves, 0);
            self.edge_attack(b, s, &mut moves, 0);
        }
        if d <= self.opts.superstring_depth {
            self.superstring_liberties(b, s, &mut moves, 0);
        }
        self.cap_moves(b, s, &mut moves, 0);
        self.draw_back(b, s, &mut moves, 0);
        if d <= self.opts.backfill2_depth {
            self.second_order_liberties(b, s, &mut moves, -10);
        }
        self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Attacker,
            &mut best,
            99,
        );
        best
    }

    fn attack3(&mut self, b: &mut Board, s: Point, color: Color, extra: &MoveList) -> (i32, Point) {
        let d = self.depth_now();
        let narrow = d > self.opts.branch_depth;
        let mut best = (0, Point::NONE);
        let mut tried = MoveList::new();

        let mut moves = with_liberties(b, s, extra);
        self.save_boundary(b, s, &mut moves, 5);
        let max = if narrow { 1 } else { 99 };
        if self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Attacker,
            &mut best,
            max,
        ) {
            return best;
        }
        if narrow {
            return best;
        }

        let mut moves = MoveList::new();
        self.cap_moves(b, s, &mut moves, 0);
        if d <= self.opts.superstring_depth {
            self.superstring_liberties(b, s, &mut moves, 0);
        }
        if d <= self.opts.backfill_depth {
            self.backfill_attack(b, s, color, &mut moves, 0);
            self.edge_attack(b, s, &mut moves, 0);
            self.draw_back(b, s, &mut moves, 0);
        }
        if d <= self.opts.backfill2_depth {
            self.second_order_liberties(b, s, &mut moves, -10);
        }
        self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Attacker,
            &mut best,
            99,
        );
        best
    }

    fn attack4(&mut self, b: &mut Board, s: Point, color: Color, extra: &MoveList) -> (i32, Point) {
        let d = self.depth_now();
        let narrow = d > self.opts.branch_depth;
        let mut best = (0, Point::NONE);
        let mut tried = MoveList::new();

        let mut moves = with_liberties(b, s, extra);
        self.save_boundary(b, s, &mut moves, 5);
        let max = if narrow { 1 } else { 99 };
        if self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Attacker,
            &mut best,
            max,
        ) {
            return best;
        }
        if narrow || d > self.opts.backfill2_depth {
            return best;
        }
        let mut moves = MoveList::new();
        self.cap_moves(b, s, &mut moves, 0);
        self.backfill_attack(b, s, color, &mut moves, 0);
        self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Attacker,
            &mut best,
            99,
        );
        best
    }

    // -----------------------------------------------------------------------------------------
    // Defence routines
    // -----------------------------------------------------------------------------------------

    fn defend1(&mut self, b: &mut Board, s: Point, color: Color, extra: &MoveList) -> (i32, Point) {
        let lib = b.liberties(s).next().expect("one liberty");
        let mut best = (0, Point::NONE);
        let mut tried = MoveList::new();

        let mut moves = extra.clone();
        moves.add(lib, 0);
        self.break_chain(b, s, &mut moves, 10);
        if self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Defender,
            &mut best,
            99,
        ) {
            return best;
        }
        // Captures of a boundary string through the superstring, and backfilling that turns
        // the capture into a ko.
        let d = self.depth_now();
        let mut moves = MoveList::new();
        if d <= self.opts.superstring_depth {
            self.superstring_break_chain(b, s, color, &mut moves, 0);
        }
        if d <= self.opts.backfill_depth {
            self.defend_backfill(b, s, color, &mut moves, 0);
        }
        self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Defender,
            &mut best,
            99,
        );
        best
    }

    /// The slower defence generators of the second phase, each within its depth cut-off:
    /// breaking the chain through a superstring, third-order chain moves, second-order
    /// liberties.
    fn deep_defence_moves(
        &mut self,
        b: &mut Board,
        s: Point,
        color: Color,
        d: u32,
        moves: &mut MoveList,
    ) {
        if d <= self.opts.superstring_depth {
            self.superstring_break_chain(b, s, color, moves, 0);
        }
        if d <= self.opts.break_chain_depth {
            self.break_chain3(b, s, moves, -5);
        }
        if d <= self.opts.backfill2_depth {
            self.second_order_liberties(b, s, moves, -10);
        }
    }

    fn defend2(&mut self, b: &mut Board, s: Point, color: Color, extra: &MoveList) -> (i32, Point) {
        let d = self.depth_now();
        let mut best = (0, Point::NONE);
        let mut tried = MoveList::new();

        let mut moves = with_liberties(b, s, extra);
        self.break_chain(b, s, &mut moves, 10);
        self.break_chain2_efficient(b, s, &mut moves, 0);
        if self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Defender,
            &mut best,
            99,
        ) {
            return best;
        }
        let mut moves = MoveList::new();
        if d > self.opts.break_chain_depth {
            // Deep: only ataris on boundary strings that cannot run away (ladders).
            self.break_chain2_ladder(b, s, color, &mut moves, 0);
        } else {
            self.break_chain2(b, s, color, &mut moves, 0);
        }
        if d > self.opts.depth {
            self.run_phase(
                b,
                s,
                color,
                &mut moves,
                &mut tried,
                Side::Defender,
                &mut best,
                99,
            );
            return best;
        }

        if d <= self.opts.backfill_depth {
            self.special_rescue(b, s, color, &mut moves, 0);
            self.defend_backfill(b, s, color, &mut moves, 0);
        }
        self.deep_defence_moves(b, s, color, d, &mut moves);
        self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Defender,
            &mut best,
            99,
        );
        best
    }

    fn defend3(&mut self, b: &mut Board, s: Point, color: Color, extra: &MoveList) -> (i32, Point) {
        let d = self.depth_now();
        let mut best = (0, Point::NONE);
        let mut tried = MoveList::new();

        let mut moves = with_liberties(b, s, extra);
        self.break_chain(b, s, &mut moves, 10);
        self.break_chain2_efficient(b, s, &mut moves, 0);
        if self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Defender,
            &mut best,
            99,
        ) {
            return best;
        }

        let mut moves = MoveList::new();
        self.break_chain2(b, s, color, &mut moves, 0);
        if d <= self.opts.backfill_depth {
            self.special_rescue(b, s, color, &mut moves, 0);
        }
        self.deep_defence_moves(b, s, color, d, &mut moves);
        self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Defender,
            &mut best,
            99,
        );
        best
    }

    fn defend4(&mut self, b: &mut Board, s: Point, color: Color, extra: &MoveList) -> (i32, Point) {
        let d = self.depth_now();
        let mut best = (0, Point::NONE);
        let mut tried = MoveList::new();

        let mut moves = with_liberties(b, s, extra);
        self.break_chain(b, s, &mut moves, 10);
        if self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Defender,
            &mut best,
            99,
        ) {
            return best;
        }
        let mut moves = MoveList::new();
        if d <= self.opts.break_chain_depth {
            self.break_chain2(b, s, color, &mut moves, 0);
        }
        if d <= self.opts.superstring_depth {
            self.superstring_break_chain(b, s, color, &mut moves, 0);
        }
        self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Defender,
            &mut best,
            99,
        );
        best
    }

    // -----------------------------------------------------------------------------------------
    // Ladders
    // -----------------------------------------------------------------------------------------

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
    fn ladder_escape(&mut self, b: &mut Board, s: Point, color: Color) -> bool {
        if b.color_at(s) != Some(color) {
            return false;
        }
        if !self.count_node() {
            return true;
        }
        let lib = b.liberties(s).next().expect("one liberty");
        let mut moves = MoveList::new();
        moves.add(lib, 0);
        self.break_chain(b, s, &mut moves, 10);
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
    fn save_boundary(&mut self, b: &mut Board, s: Point, moves: &mut MoveList, score: i32) {
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
            let threats = adjacent_strings(b, t, 1);
            for &u in threats.as_slice() {
                if b.string_id(u) != b.string_id(s) {
                    moves.add(
                        b.liberties(u).next().expect("one liberty"),
                        score + if short { 5 } else { 0 },
                    );
                }
            }
        }
    }

    /// Nets and caps: empty points next to two liberties of the string (not liberties
    /// themselves), which keep the string short of liberties however it runs.
    fn cap_moves(&mut self, b: &mut Board, s: Point, moves: &mut MoveList, score: i32) {
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
                    if empty_neighbors(b, other_lib) <= 2 && empty_neighbors(b, l) >= 2 {
                        moves.add(n, score - 5);
                    }
                }
            }
        }
    }

    /// A liberty where our atari would be self-atari: first fill the liberty that our stone
    /// would need (backfilling), or approach from outside.
    fn backfill_attack(
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
    /// shortening them shortens the target.
    fn superstring_liberties(&mut self, b: &mut Board, s: Point, moves: &mut MoveList, score: i32) {
        let Some(ss) = Superstring::of(b, s) else {
            return;
        };
        let attacker = ss.color().opponent();
        let mut members = tight_group(b, s);
        for &m in ss.strings() {
            members.push_unique(m);
        }
        for &m in members.as_slice().iter().skip(1) {
            for &l in libs_of(b, m).as_slice() {
                moves.add(l, score);
                // Where our stone would be short of liberties, fill first (backfilling).
                prepare(b, l, attacker, moves, score - 5);
            }
        }
    }

    /// Edge tricks: on the first two lines, block along the edge (hane) to take liberties
    /// from outside.
    fn edge_attack(&mut self, b: &mut Board, s: Point, moves: &mut MoveList, score: i32) {
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
    fn draw_back(&mut self, b: &mut Board, s: Point, moves: &mut MoveList, score: i32) {
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
    fn break_chain(&mut self, b: &mut Board, s: Point, moves: &mut MoveList, score: i32) {
        let adj = boundary_strings(b, &tight_group(b, s), 1);
        for &t in adj.as_slice() {
            moves.add(b.liberties(t).next().expect("one liberty"), score);
        }
    }

    /// Atari a boundary string with two liberties when the atari also gains a liberty or the
    /// string cannot escape.
    fn break_chain2_efficient(
        &mut self,
        b: &mut Board,
        s: Point,
        moves: &mut MoveList,
        score: i32,
    ) {
        let adj = boundary_strings(b, &tight_group(b, s), 2);
        for &t in adj.as_slice() {
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
    fn break_chain2(
        &mut self,
        b: &mut Board,
        s: Point,
        color: Color,
        moves: &mut MoveList,
        score: i32,
    ) {
        let adj = boundary_strings(b, &tight_group(b, s), 2);
        for &t in adj.as_slice() {
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
    fn break_chain2_ladder(
        &mut self,
        b: &mut Board,
        s: Point,
        color: Color,
        moves: &mut MoveList,
        score: i32,
    ) {
        let adj = boundary_strings(b, &tight_group(b, s), 2);
        for &t in adj.as_slice() {
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
    fn break_chain3(&mut self, b: &mut Board, s: Point, moves: &mut MoveList, score: i32) {
        let adj = boundary_strings(b, &tight_group(b, s), 4);
        for &t in adj.as_slice() {
            let n = b.libs(t);
            if n < 3 || (n == 4 && !b.liberties(t).any(|l| b.has_liberty(s, l))) {
                continue;
            }
            for l in libs_of(b, t).as_slice() {
                moves.add(*l, score);
            }
        }
    }

    /// Moves next to a liberty that make the attacker's play there a self-atari or gain
    /// room: hane and jumps out of a net.
    fn special_rescue(
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
                if empty_neighbors(b, l) <= 2
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
    fn defend_backfill(
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
    fn superstring_break_chain(
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
    fn second_order_liberties(
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

/// GTP text of a point, for traces.
pub(crate) fn vertex(b: &Board, p: Point) -> String {
    if p == Point::NONE || !b.on_board(p) {
        return "PASS".into();
    }
    crate::board::Vertex::from_point(p, b.size()).to_string()
}

/// `extra` (pattern or caller candidates) followed by every liberty of the string: the first
/// candidates of each routine for two to four liberties.
fn with_liberties(b: &Board, s: Point, extra: &MoveList) -> MoveList {
    let mut moves = extra.clone();
    for &l in libs_of(b, s).as_slice() {
        moves.add(l, 0);
    }
    moves
}
