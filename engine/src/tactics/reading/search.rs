//! The attack and defence searches: one routine per liberty count, each generating its
//! candidates in phases (cheap and forcing first), ordering them by playing them out, and
//! trying them until one wins.

use super::candidates::vertex;
use super::moves::*;
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
pub(super) const MAX_STACKP: u32 = 240;

/// The liberty of the string at `s` (in atari) when `attacker` can simply take it there: a
/// legal move, no ko capture, and the capturing string keeps two liberties or more (no
/// snapback).
fn plain_capture(b: &Board, s: Point, attacker: Color) -> Option<Point> {
    let lib = b.liberties(s).next()?;
    if !b.is_legal_simple(lib, attacker) || is_ko(b, lib, attacker).is_some() {
        return None;
    }
    (b.move_effect(lib, attacker).libs >= 2).then_some(lib)
}

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
    pub(super) fn pattern_candidates(&mut self, b: &mut Board, s: Point, side: Side) -> MoveList {
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
    pub(super) fn attack_node(&mut self, b: &mut Board, s: Point, patterns: bool) -> (i32, Point) {
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
        if libs == 1
            && let Some(m) = plain_capture(b, s, color.opponent())
        {
            // Taking it is no ko and no snapback: what the routine would answer at its
            // first try, without the table probe (a cache miss, dearer than the answer).
            self.shadow.insert(m);
            self.note(|| {
                format!(
                    "attack1 {}: {WIN} {} (plain capture)",
                    vertex(b, s),
                    vertex(b, m)
                )
            });
            return (WIN, m);
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

    pub(super) fn defend_node(&mut self, b: &mut Board, s: Point, patterns: bool) -> (i32, Point) {
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
    /// saves the string, playing elsewhere. A move after which the attacker cannot capture
    /// even moving twice threatened nothing (every defence would only make things worse, the
    /// string is safe as it stands). A threat to capture through a ko is a threat: with no
    /// answer to it the attack stands, as in GNU Go's verdicts (reading.tst grades so; taking
    /// the ko's code instead turned six of its answers into kos GNU Go calls captures).
    pub(super) fn defend_or_tenuki(&mut self, b: &mut Board, s: Point) -> i32 {
        let d = self.do_defend(b, s).0;
        if d != 0 || self.aborted || self.depth_now() > self.opts.tenuki_depth {
            return d;
        }
        if self.do_attack(b, s).0 == 0 { WIN } else { 0 }
    }

    /// A liberty whose play gives the string as many liberties as the attack gives up on one
    /// level down: an immediate defence without reading.
    pub(super) fn fast_defense(&mut self, b: &mut Board, s: Point, color: Color) -> Option<Point> {
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
            // `l` is a liberty: the string joins the new stone. A stone with three liberties
            // or more is legal; the test is for the record.
            let n = b.move_effect(l, color).libs;
            if n >= safe && b.is_legal_simple(l, color) {
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
    pub(super) fn capture_code(
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
    pub(super) fn try_moves(
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
        self.prefetch_children(b, s, side == Side::Attacker, &moves.pts[..moves.len]);
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
    pub(super) fn order(
        &mut self,
        b: &mut Board,
        s: Point,
        color: Color,
        moves: &mut MoveList,
        side: Side,
    ) {
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
            // Read off the board, not played: ordering plays no candidate.
            let effect = b.move_effect(m, mover);
            let joins_target = side == Side::Defender && b.has_liberty(s, m);
            let alive = !(side == Side::Attacker && libs_before == 1 && b.has_liberty(s, m));
            let tl = if !alive {
                0
            } else if joins_target {
                effect.libs as i32
            } else {
                b.libs_after_effect(s, &effect) as i32
            };
            let ml = effect.libs as i32;
            let cap = effect.captured as i32;
            let mut escape = 0;
            if side == Side::Attacker && tl == 1 {
                let l = b.liberties(s).find(|&l| l != m).expect("one liberty left");
                escape = b.approx_libs_after_with(l, color, m) as i32;
            }
            // Enemy strings the move puts in atari (the target aside): forcing moves first.
            let enemy = Cell::from(mover.opponent());
            let target = b.string_id(s);
            let mut ataris = 0;
            let mut seen = [Point::NONE; 4];
            for (k, n) in m.neighbors().into_iter().enumerate() {
                if b.cell(n) == enemy && b.libs(n) == 2 {
                    let h = b.string_id(n);
                    if !seen.contains(&h) && h != target {
                        ataris += 1;
                    }
                    seen[k] = h;
                }
            }
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
    pub(super) fn run_phase(
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
}
