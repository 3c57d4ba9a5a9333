//! The owl's search: attacker and defender nodes, the best of their moves, ko (waiting it out,
//! retaking after a threat), the transposition table's use, and the trace.

use super::evaluate::{ENCLOSED_OUTER_LIBS, leaf_eyes};
use super::{Candidates, LifeStatus, Owl, model_rank};
use crate::board::{Board, Color, Move, Point, Vertex};
use crate::tactics::reading::{KO_B, WIN, better_of, reverse, worse_of};

/// The largest main string the tactical check gives the search back for
/// (`Owl::anchor_captured_tactically`): one of more stones caught in a ladder is the dragon.
const SACRIFICE_MAX_STONES: usize = 2;

impl Owl {
    pub(super) fn attack_node(&mut self, b: &mut Board, depth: u32) -> (i32, Point) {
        self.nodes += 1;
        if self.is_captured(b) {
            return (WIN, Point::NONE);
        }
        let key = self.tt_key(b, true);
        if let Some(hit) = self.tt_get(key, depth) {
            return hit;
        }
        let info = self.evaluate(b, depth);
        match info.status {
            // A static "alive" with the attacker to move is checked by reading near the root:
            // the eye values and the open-space count are optimistic.
            LifeStatus::Alive if depth >= self.opts.attack_verify_depth => {
                return (0, Point::NONE);
            }
            LifeStatus::Dead => return (WIN, Point::NONE),
            _ => {}
        }
        // A main string the tactical reader captures is the dragon's death, however open the
        // ground it runs to: a ladder is longer than the owl's depth.
        if depth > 0
            && let Some(m) = self.anchor_captured_tactically(b, depth, true)
        {
            return (WIN, m);
        }
        if depth >= self.opts.max_depth || self.out_of_budget() {
            // An enclosed group's eye spaces are played out in turn (miai spaces give the
            // defender one of two); a group with room outside can still make eyes there, so
            // its best eyes count.
            let eyes = if info.outer_libs.len() < ENCLOSED_OUTER_LIBS {
                leaf_eyes(&info.spaces, false)
            } else {
                info.eyes_max
            };
            let code = if eyes >= 2 { 0 } else { WIN };
            return (code, Point::NONE);
        }
        let moves = self.attacker_moves(b, &info, depth);
        if self.trace {
            self.print_candidates(b.size(), "attacker", &moves);
        }
        self.best_of_moves(b, moves, true, depth, key)
    }

    pub(super) fn defend_node(&mut self, b: &mut Board, depth: u32) -> (i32, Point) {
        self.nodes += 1;
        if self.is_captured(b) {
            return (0, Point::NONE);
        }
        let key = self.tt_key(b, false);
        if let Some(hit) = self.tt_get(key, depth) {
            return hit;
        }
        let info = self.evaluate(b, depth);
        match info.status {
            // The root's static "alive" is not trusted (eye values and the open-space count
            // are optimistic): the root is always searched, children keep the verdict.
            LifeStatus::Alive if depth > 0 => return (WIN, Point::NONE),
            LifeStatus::Dead => return (0, Point::NONE),
            _ => {}
        }
        if depth > 0 && self.anchor_captured_tactically(b, depth, false).is_some() {
            return (0, Point::NONE);
        }
        if depth >= self.opts.max_depth || self.out_of_budget() {
            let code = if info.eyes_max >= 2 { WIN } else { 0 };
            return (code, Point::NONE);
        }
        let moves = self.defender_moves(b, &info, depth);
        if self.trace {
            self.print_candidates(b.size(), "defender", &moves);
        }
        self.best_of_moves(b, moves, false, depth, key)
    }

    /// Tries `moves` for the attacker (`attacking`) or the defender and keeps the best
    /// result for the side moving, stopping at a clean win; when none wins cleanly the
    /// threat-backed retake of a ko is tried last. The answer goes into the table unless the
    /// budget ran out under it. The defender's moves are remembered in `played` (the group
    /// grows with them).
    pub(super) fn best_of_moves(
        &mut self,
        b: &mut Board,
        moves: Candidates,
        attacking: bool,
        depth: u32,
        key: u64,
    ) -> (i32, Point) {
        let mover = self.mover(attacking);
        let (mut best, mut best_move) = (0, Point::NONE);
        if depth == 0 {
            self.root_moves.clear();
        }
        let moves = if attacking && self.opts.eye_order_depth.is_some_and(|d| depth <= d) {
            self.order_attacks_by_vital_points(b, moves, depth)
        } else {
            moves
        };
        // Only the question's own root verifies its successes, not the roots read below it.
        let verify = depth == 0 && std::mem::take(&mut self.verify_armed);
        let mut unread = moves.len();
        for (i, &(m, _)) in moves.iter().enumerate() {
            // Every root move gets the whole budget: a move tried late is read as deeply as
            // the first.
            if depth == 0 {
                self.question_start = self.nodes;
            }
            if !b.try_play(m, mover) {
                continue;
            }
            if !attacking {
                self.played.push(m);
            }
            self.trace_enter(m);
            let mut code = self.after_move(b, attacking, depth);
            if verify && code == WIN {
                code = self.reread_reply_as_root(b, attacking);
            }
            self.trace_leave(b.size(), mover, code);
            if !attacking {
                self.played.pop();
            }
            b.undo();
            if depth == 0 {
                self.root_moves.push((m, self.nodes - self.question_start));
            }
            if code != 0 && better_of(code, best) == code && code != best {
                best = code;
                best_move = m;
            }
            if best == WIN {
                unread = i + 1;
                break;
            }
        }
        if best == WIN && depth == 0 && self.opts.likelier_success {
            best_move = self.likelier_success(b, &moves[unread..], attacking, best_move);
        }
        if best != WIN {
            let extra = match self.conditional_retake(b, attacking, depth) {
                Some(tried) => Some(tried),
                None => self.wait_out_ko(b, attacking, depth),
            };
            if let Some((m, code)) = extra {
                if code != 0 && better_of(code, best) == code && code != best {
                    best = code;
                    best_move = m;
                }
            }
        }
        if !self.out_of_budget() {
            self.tt_put(key, best, best_move, depth);
        }
        (best, best_move)
    }

    /// The root's answer once `success` has worked: the model's likeliest move among
    /// `unread` when the model prefers it to `success` and it works too, else `success`.
    pub(super) fn likelier_success(
        &mut self,
        b: &mut Board,
        unread: &[(Point, i32)],
        attacking: bool,
        success: Point,
    ) -> Point {
        let Some(model) = self.likelihood else {
            return success;
        };
        let mover = self.mover(attacking);
        let rank = |b: &mut Board, p: Point| model_rank(model.likelihood(b, p, mover));
        let success_rank = rank(b, success);
        let Some((rival_rank, rival)) = unread
            .iter()
            .map(|&(p, _)| (rank(b, p), p))
            .max_by_key(|&(r, _)| r)
        else {
            return success;
        };
        // The rival's reply is read one move down, then, when the root verifies its
        // successes, as at a root too (only one of the two reads: owl area 221, not 223).
        if rival_rank > success_rank
            && self.read_root_move(b, rival, attacking, 1) == Some(WIN)
            && (!self.opts.verify_root_success
                || self.read_root_move(b, rival, attacking, 0) == Some(WIN))
        {
            rival
        } else {
            success
        }
    }

    /// The result of the root move just played (by the attacker when `attacking`) once the
    /// other side's reply is read as at a root: its root breadth and ordering, a whole budget
    /// for each reply and the depth limit a move further away. One move down the search is
    /// narrower than at the root, so a move can seem to work only because the reply that
    /// refutes it is not read there. The reading of the move so far counts against the
    /// reply node itself: when it spent the budget, the node is judged statically (a budget
    /// of its own lost owl.tst 22 and was slower; docs/evaluation.md).
    fn reread_reply_as_root(&mut self, b: &mut Board, attacking: bool) -> i32 {
        let root_moves = std::mem::take(&mut self.root_moves);
        let (start, hint) = (self.question_start, self.root_hint);
        self.root_hint = Point::NONE;
        let code = self.reply(b, attacking, 0);
        self.root_hint = hint;
        self.question_start = start;
        self.root_moves = root_moves;
        code
    }

    /// Plays the root move `m` for the attacker (`attacking`) or the defender with a whole
    /// budget of its own, reads the other side's reply at `reply_depth` (0: as at a root),
    /// and takes `m` back: the result for the side that played it, `None` when illegal.
    fn read_root_move(
        &mut self,
        b: &mut Board,
        m: Point,
        attacking: bool,
        reply_depth: u32,
    ) -> Option<i32> {
        let mover = self.mover(attacking);
        if !b.try_play(m, mover) {
            return None;
        }
        if !attacking {
            self.played.push(m);
        }
        self.question_start = self.nodes;
        self.trace_enter(m);
        let code = self.reply(b, attacking, reply_depth);
        self.trace_leave(b.size(), mover, code);
        if !attacking {
            self.played.pop();
        }
        b.undo();
        Some(code)
    }

    /// When no root move succeeds, the first `reread_failed_attacks` (or
    /// `reread_failed_defences`, and `reread_costliest_defences` more of the rest whose
    /// refutation took the most nodes) of the root's moves are read again with the other side
    /// answering as at a root: its root breadth, a full budget per reply and the depth limit
    /// one move further away. One move down the search is narrower than at the root, so a
    /// move can fail there only because the side that made it, two moves down, lacks a reply
    /// its own root would read (on the owl area, 12 of the moves GNU Go answers that our
    /// search refuted were not refuted by a fresh search after them). `(code, move)` of the
    /// best move found this way, `(0, NONE)` when none succeeds.
    pub(super) fn reread_failed_root_moves(
        &mut self,
        b: &mut Board,
        attacking: bool,
    ) -> (i32, Point) {
        // The root's own list, in the order it was read (the fresh searches below replace it).
        let mut moves = std::mem::take(&mut self.root_moves);
        let count = if attacking {
            self.opts.reread_failed_attacks
        } else {
            self.opts.reread_failed_defences
        };
        if !attacking && moves.len() > count {
            // The first moves in the root's order, then those of the rest whose refutation
            // took most reading: those are the least sure.
            moves[count..].sort_by_key(|&(_, nodes)| std::cmp::Reverse(nodes));
            moves.truncate(count + self.opts.reread_costliest_defences);
        } else {
            moves.truncate(count);
        }
        let best = self.best_read(b, moves.iter().map(|e| e.0), |owl, b, m| {
            owl.read_root_move(b, m, attacking, 0)
        });
        // Kept for the next question: its allocation is reused.
        self.root_moves = moves;
        best
    }

    /// The best of `moves` by `read` (the result for the side that played the move, `None`
    /// when it is illegal), stopping at a clean win: `(code, move)`, `(0, NONE)` when none
    /// succeeds.
    fn best_read(
        &mut self,
        b: &mut Board,
        moves: impl Iterator<Item = Point>,
        mut read: impl FnMut(&mut Self, &mut Board, Point) -> Option<i32>,
    ) -> (i32, Point) {
        let (mut best, mut best_move) = (0, Point::NONE);
        for m in moves {
            let Some(code) = read(self, b, m) else {
                continue;
            };
            if code != 0 && better_of(code, best) == code && code != best {
                best = code;
                best_move = m;
            }
            if best == WIN {
                break;
            }
        }
        (best, best_move)
    }

    /// When every root attack failed, also when read again: the attacker's candidates the
    /// root's breadth left out and the group's second liberties (a move at a distance: a
    /// placement from outside, a jump that closes the eye space), the first
    /// [`CUT_ATTACKS_READ`] of them, each with the defender's reply read one move down and
    /// then as at a root; the worse of the two results counts (owl area 223 -> 225; the same
    /// for the defender gained nothing). `(code, move)` of the best, `(0, NONE)` when none.
    pub(super) fn read_cut_root_moves(&mut self, b: &mut Board) -> (i32, Point) {
        const CUT_ATTACKS_READ: usize = 10;
        let mut moves = std::mem::take(&mut self.root_cut);
        moves.truncate(CUT_ATTACKS_READ);
        let best = self.best_read(b, moves.iter().copied(), |owl, b, m| {
            // The second read only for a move the first found working.
            match owl.read_root_move(b, m, true, 1)? {
                0 => Some(0),
                code => Some(worse_of(code, owl.read_root_move(b, m, true, 0)?)),
            }
        });
        self.root_cut = moves;
        best
    }

    /// The attacker's moves, the most vital first: a capture, then a static "dead" after the
    /// move, then the fewest eyes left at best; at the root then the move a strong player
    /// would choose, by the move model learnt from game records (without a model, the point
    /// worth most to the defender: its static judgement had the defender played there, the
    /// vital point being where both sides want to play); then the fewest eyes left at least;
    /// ties keep the generators' order. At the root the first killing move is the answer, so
    /// this names the natural kill among several (on the owl area the model ranks GNU Go's
    /// answer above ours in 29 of the 37 questions where ours failed with another move), and
    /// the defence, which tries the attack's move first, plays there too; below it the kill
    /// found first cuts the node short. (The defender's mirror, most eyes first, lost: its
    /// static "alive" after an escape ranks a run into open space above the eye-making move;
    /// see docs/evaluation.md.)
    pub(super) fn order_attacks_by_vital_points(
        &mut self,
        b: &mut Board,
        moves: Candidates,
        depth: u32,
    ) -> Candidates {
        let attacker = self.color.opponent();
        // (status after the attack, eyes at best and the root's preference (the defender's
        // outlook first without a model), eyes at least, generator order)
        type Key = (u8, i32, i32, u32, usize);
        let mut keyed: Vec<(Key, (Point, i32))> = Vec::with_capacity(moves.len());
        for (i, (m, v)) in moves.into_iter().enumerate() {
            let key = if !b.try_play(m, attacker) {
                (u8::MAX, 0, 0, 0, i)
            } else {
                let (status, eyes_max, eyes_min) = if self.is_captured(b) {
                    (0, 0, 0)
                } else {
                    let info = self.evaluate(b, 1);
                    // Below a capture (0): dead, unknown, alive.
                    (1 + info.status.rank(), info.eyes_max, info.eyes_min)
                };
                b.undo();
                let eyes_max = eyes_max as i32;
                match (depth, self.likelihood) {
                    (0, Some(model)) => {
                        let likelihood = model_rank(model.likelihood(b, m, attacker));
                        (status, eyes_max, -likelihood, eyes_min, i)
                    }
                    (0, None) => (
                        status,
                        -self.defender_outlook_at(b, m),
                        eyes_max,
                        eyes_min,
                        i,
                    ),
                    _ => (status, eyes_max, 0, eyes_min, i),
                }
            };
            keyed.push((key, (m, v)));
        }
        keyed.sort_unstable_by_key(|e| e.0);
        keyed.into_iter().map(|e| e.1).collect()
    }

    /// The static judgement had the defender played at `m`: its status (alive above
    /// unknown above dead) first, then its eyes at least plus at best; 0 where it cannot
    /// play or would be captured.
    fn defender_outlook_at(&mut self, b: &mut Board, m: Point) -> i32 {
        if !b.try_play(m, self.color) {
            return 0;
        }
        self.played.push(m);
        let outlook = if self.is_captured(b) {
            0
        } else {
            let info = self.evaluate(b, 1);
            i32::from(info.status.rank()) * 100 + (info.eyes_min + info.eyes_max) as i32
        };
        self.played.pop();
        b.undo();
        outlook
    }

    /// The goal's main string, in atari or (the attacker to move, `attacker_to_move`) with
    /// two liberties, is lost to the tactical reader (a ladder, a net): `Some(the capturing
    /// move)`, `Point::NONE` with the defender to move. A string of a stone or two may be a
    /// sacrifice that the search reads on (owl area 230 -> 229 without the exception:
    /// nicklas10's two stones are given up to capture the cutting stones).
    pub(super) fn anchor_captured_tactically(
        &mut self,
        b: &mut Board,
        depth: u32,
        attacker_to_move: bool,
    ) -> Option<Point> {
        let libs = b.libs(self.anchor);
        if b.string_size(self.anchor) <= SACRIFICE_MAX_STONES
            || libs > 2
            || (!attacker_to_move && libs > 1)
        {
            return None;
        }
        self.reader.set_base_depth(depth);
        let (code, mv) = self.reader.attack(b, self.anchor);
        if code != WIN {
            return None;
        }
        if attacker_to_move {
            return mv;
        }
        self.reader.set_base_depth(depth);
        (self.reader.find_defense(b, self.anchor).0 == 0).then_some(Point::NONE)
    }

    pub(super) fn mover(&self, attacking: bool) -> Color {
        if attacking {
            self.color.opponent()
        } else {
            self.color
        }
    }

    /// The result for the side that has just moved (the attacker when `attacking`), the
    /// other side replying. A capture of the goal by a ko capture is not final: the defender
    /// may still retake after a threat.
    pub(super) fn after_move(&mut self, b: &mut Board, attacking: bool, depth: u32) -> i32 {
        self.reply(b, attacking, depth + 1)
    }

    /// [`Owl::after_move`] with the reply read at `reply_depth`: 0 reads it as at a root.
    fn reply(&mut self, b: &mut Board, attacking: bool, reply_depth: u32) -> i32 {
        match (self.is_captured(b), attacking) {
            (true, true) => match self.conditional_retake(b, false, reply_depth) {
                Some((_, code)) => reverse(code),
                None => WIN,
            },
            (true, false) => 0,
            (false, true) => reverse(self.defend_node(b, reply_depth).0),
            (false, false) => reverse(self.attack_node(b, reply_depth).0),
        }
    }

    /// After the other side's threat-backed retake the side to move, barred from taking the
    /// ko back at once, may play elsewhere (a pass here): the komaster then has to end the
    /// ko, or it is taken back legally. `(PASS, result)`; `None` outside that situation.
    pub(super) fn wait_out_ko(
        &mut self,
        b: &mut Board,
        attacking: bool,
        depth: u32,
    ) -> Option<(Point, i32)> {
        let mover = self.mover(attacking);
        let (_, forbidden) = b.ko_point()?;
        if forbidden != mover
            || self.komaster != Some(mover.opponent())
            || depth >= self.opts.max_depth
        {
            return None;
        }
        b.pass(mover);
        self.trace_enter(Point::PASS);
        let code = self.after_move(b, attacking, depth);
        self.trace_leave(b.size(), mover, code);
        b.undo();
        Some((Point::PASS, code))
    }

    /// The side to move (the attacker when `attacking`) retakes the ko the simple-ko rule
    /// forbids it, as if it had played a ko threat the opponent answered: `(retake, result)`,
    /// where a success is at best [`KO_B`] (it needs that threat). Once per line (the
    /// retaker becomes komaster): the retaker must then resolve the ko, since a ko it can
    /// never end is lost, and the other side may not answer in kind (no loop). Only while
    /// the depth limit leaves room; `None` when there is no such ko.
    pub(super) fn conditional_retake(
        &mut self,
        b: &mut Board,
        attacking: bool,
        depth: u32,
    ) -> Option<(Point, i32)> {
        let mover = self.mover(attacking);
        let (retake, forbidden) = b.ko_point()?;
        if !self.opts.ko_results
            || forbidden != mover
            || self.komaster.is_some()
            || depth >= self.opts.max_depth
        {
            return None;
        }
        self.komaster = Some(mover);
        b.play_unchecked(retake, mover);
        if !attacking {
            self.played.push(retake);
        }
        self.trace_enter(retake);
        let code = match self.after_move(b, attacking, depth) {
            0 => 0,
            _ => KO_B,
        };
        self.trace_leave(b.size(), mover, code);
        if !attacking {
            self.played.pop();
        }
        b.undo();
        self.komaster = None;
        Some((retake, code))
    }

    /// With tracing on, a move joins the line being read.
    pub(super) fn trace_enter(&mut self, m: Point) {
        if self.trace {
            self.line.push(m);
        }
    }

    /// With tracing on, prints the line ending in the last move entered and its result,
    /// then takes that move off the line.
    pub(super) fn trace_leave(&mut self, size: usize, mover: Color, code: i32) {
        if self.trace {
            self.print_line(size, mover, code);
            self.line.pop();
        }
    }

    /// Prints a node's candidate moves with their scores, best first, after the line that
    /// leads to it ("owl root" at the root, "owl at LINE" below it).
    pub(super) fn print_candidates(&self, size: usize, side: &str, moves: &Candidates) {
        let list: Vec<String> = moves
            .iter()
            .map(|&(p, s)| format!("{}:{s}", Vertex::format_move(Move::Play(p), size)))
            .collect();
        if self.line.is_empty() {
            eprintln!("owl root {side} candidates {}", list.join(" "));
        } else {
            let line: Vec<String> = self
                .line
                .iter()
                .map(|&p| Vertex::format_move(Move::Play(p), size))
                .collect();
            eprintln!(
                "owl at {} {side} candidates {}",
                line.join(" "),
                list.join(" ")
            );
        }
    }

    /// Prints the line being read and its result, one line per move tried (post-order:
    /// a move is printed after its replies).
    pub(super) fn print_line(&self, size: usize, mover: Color, code: i32) {
        let name = |p: Point| {
            let mv = if p == Point::PASS {
                Move::Pass
            } else {
                Move::Play(p)
            };
            Vertex::format_move(mv, size)
        };
        let (last, before) = self.line.split_last().expect("a move");
        let before: Vec<String> = before.iter().map(|&p| name(p)).collect();
        let side = if mover == Color::Black { "B" } else { "W" };
        eprintln!(
            "owl {} | {side} {} -> {code}",
            before.join(" "),
            name(*last)
        );
    }

    // -----------------------------------------------------------------------------------------
    // Static evaluation

    pub(super) fn next_mark(&mut self) -> u32 {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.marks.iter_mut().for_each(|m| *m = 0);
            self.generation = 1;
        }
        self.generation
    }
}
