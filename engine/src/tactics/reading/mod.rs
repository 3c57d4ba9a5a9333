//! Tactical reading: can a string be captured, can it be saved, can two strings be connected.
//!
//! A minimax search in the manner of GNU Go's `reading.c` (its documentation chapter "Tactical
//! reading" is the reference description; no code is taken from it). The attacker wins when it
//! physically takes the string off the board; the defender wins when the string gets enough
//! liberties: five always, four beyond [`ReadingOptions::fourlib_depth`], three beyond
//! [`ReadingOptions::depth`] (so ladders are read to any length, other attacks only near the
//! root).
//!
//! Results use GNU Go's codes: 0 (fails), [`WIN`], [`KO_A`] (succeeds through a ko the side to
//! move takes first), [`KO_B`] (succeeds through a ko that needs a threat first), each with the
//! move. Ko is handled with conditional ko captures and the komaster scheme of
//! [`komaster`]. Results are cached in a transposition table keyed by everything they depend
//! on, so they are identical with the table off; top-level answers also live on across moves
//! in the [`persistent`] cache while the area their reading looked at is unchanged. The move
//! generators work on [`superstring`]s as well as strings.
//!
//! The search only plays and undoes moves on the board it is given, never copies it.
//!
//! Entry points: [`Reader::attack`], [`Reader::find_defense`] and the connection reader in
//! [`crate::tactics::connection`]; the free functions [`attack`], [`find_defense`], [`defend`] and
//! [`connected`] use a per-thread reader (what pattern conditions call).

mod candidates;
pub mod komaster;
mod liberties;
pub(crate) mod moves;
pub mod options;
pub mod persistent;
mod search;
pub mod superstring;
pub mod trace;
pub(crate) mod tt;

#[cfg(test)]
mod tests;

use crate::board::{Board, Color, Point};
use crate::tactics::pattern_view::{NoPatterns, PatternSet};
use komaster::{KoState, Tried};
use persistent::{CacheKey, PersistentCache, PersistentStats, PointSet};
use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicU64, Ordering};
use trace::Trace;
use tt::{Question, Routine, TransTable};

pub use crate::pattern::{KO_A, KO_B, WIN};
pub use options::ReadingOptions;

/// A reading result: code (0, [`WIN`], [`KO_A`], [`KO_B`]) and the move that achieves it
/// (`None` when no move is needed or none works).
pub type ReadResult = (i32, Option<Point>);

/// Reading nodes searched by every reader of the process since the last reset.
static READING_NODES: AtomicU64 = AtomicU64::new(0);
/// Connection-reading nodes searched since the last reset.
static CONNECTION_NODES: AtomicU64 = AtomicU64::new(0);

/// Reading nodes since the last [`reset_reading_node_counter`].
pub fn reading_node_counter() -> u64 {
    READING_NODES.load(Ordering::Relaxed)
}

pub fn reset_reading_node_counter() {
    READING_NODES.store(0, Ordering::Relaxed);
}

/// Connection nodes since the last [`reset_connection_node_counter`].
pub fn connection_node_counter() -> u64 {
    CONNECTION_NODES.load(Ordering::Relaxed)
}

pub fn reset_connection_node_counter() {
    CONNECTION_NODES.store(0, Ordering::Relaxed);
}

/// A tactical reader: options, transposition table, counters and the state of the search in
/// progress. Reuse one across questions (the table is what makes that pay).
pub struct Reader {
    pub(crate) opts: ReadingOptions,
    pub(crate) tt: Option<TransTable>,
    /// Depth below the position asked about.
    pub(crate) stackp: u32,
    /// Depth of the root (moves played before the question, e.g. by GTP `trymove`).
    pub(crate) base_stackp: u32,
    pub(crate) ko: KoState,
    ko_stack: Vec<KoState>,
    /// The positions (stone hashes) before each move of the line being read.
    line: Vec<u64>,
    /// Nodes of the line this deep or deeper read a subtree in which a move was refused for
    /// repeating a position above them (see [`Reader::trymove`]): their results depend on
    /// how they were reached, so they are not stored. `usize::MAX`: none.
    repeat_taint: usize,
    /// How many positions of `line` fall in each of 64 buckets of their hash: most moves
    /// find theirs empty and need no scan of the line.
    line_buckets: [u16; 64],
    /// Reading nodes of this reader (all questions).
    pub(crate) nodes: u64,
    /// Connection nodes of this reader.
    pub(crate) conn_nodes: u64,
    /// Nodes (reading and connection) at the start of the current top-level question: the
    /// node limit counts both, so a connection search that reads little is bounded too.
    pub(crate) question_start: u64,
    /// The node limit was hit in the current question.
    pub(crate) aborted: bool,
    pub(crate) patterns: &'static dyn PatternSet,
    pub(crate) trace: Option<Trace>,
    /// Stones the mover had captured before the move being tried (snapback detection).
    pub(crate) captures_before: u32,
    /// Signature of the last root position (the table is cleared when it changes).
    root_signature: u64,
    /// Answers kept across positions, when [`ReadingOptions::persistent_cache`].
    persistent: Option<PersistentCache>,
    /// Points played or considered by the current top-level question (its reading shadow).
    pub(crate) shadow: PointSet,
    /// The shadows of every question read since the table was last cleared: a table entry
    /// stored by an earlier question may stand for any part of them.
    root_shadow: PointSet,
    /// Top-level questions since the table was last cleared (tags table entries).
    question_serial: u32,
    /// The current question used a table entry another question stored.
    foreign_hit: bool,
    /// A reader made for a question asked while this thread's reader is busy (a pattern
    /// condition): it hands its shadow to the busy one.
    nested: bool,
    /// Keep the table when the root position changes ([`Reader::keep_table_across_positions`]).
    keep_table: bool,
    /// Buffers of connection distances (made at the first connection question).
    pub(crate) conn_dist: [Option<Box<crate::tactics::connection::Distances>>; 2],
}

impl Reader {
    /// A reader with these options (the table is allocated now when `use_hash`).
    pub fn new(opts: ReadingOptions) -> Reader {
        Reader {
            opts,
            tt: opts.use_hash.then(|| TransTable::new(opts.hash_mb)),
            stackp: 0,
            base_stackp: 0,
            ko: KoState::default(),
            ko_stack: Vec::with_capacity(256),
            line: Vec::with_capacity(256),
            repeat_taint: usize::MAX,
            line_buckets: [0; 64],
            nodes: 0,
            conn_nodes: 0,
            question_start: 0,
            aborted: false,
            patterns: &NoPatterns,
            trace: None,
            captures_before: 0,
            root_signature: 0,
            persistent: opts
                .persistent_cache
                .then(|| PersistentCache::new(persistent::DEFAULT_CAPACITY)),
            shadow: PointSet::new(),
            root_shadow: PointSet::new(),
            question_serial: 0,
            foreign_hit: false,
            nested: false,
            keep_table: false,
            conn_dist: [None, None],
        }
    }

    pub fn options(&self) -> &ReadingOptions {
        &self.opts
    }

    /// Changes the node budget of the next questions. The table stays: an entry is an answer
    /// found within whatever budget its question had, and a search cut short stores nothing.
    pub fn set_node_limit(&mut self, node_limit: u64) {
        self.opts.node_limit = node_limit;
    }

    /// Changes the options; the table is remade or cleared (cached results depend on them).
    pub fn set_options(&mut self, opts: ReadingOptions) {
        let remake = opts.use_hash != self.opts.use_hash || opts.hash_mb != self.opts.hash_mb;
        self.opts = opts;
        if opts.persistent_cache != self.persistent.is_some() {
            self.persistent = opts
                .persistent_cache
                .then(|| PersistentCache::new(persistent::DEFAULT_CAPACITY));
        }
        if remake {
            self.tt = opts.use_hash.then(|| TransTable::new(opts.hash_mb));
        } else if let Some(tt) = &mut self.tt {
            tt.clear();
        }
    }

    /// Moves played on top of the game position before the question (GTP `trymove`): they
    /// count towards the depth cut-offs.
    pub fn set_base_depth(&mut self, stackp: u32) {
        self.base_stackp = stackp;
    }

    /// The pattern databases consulted for root candidates.
    pub fn set_patterns(&mut self, patterns: &'static dyn PatternSet) {
        self.patterns = patterns;
    }

    /// Reading nodes this reader has searched.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Connection nodes this reader has searched.
    pub fn connection_nodes(&self) -> u64 {
        self.conn_nodes
    }

    /// Keep the transposition table when the root position changes, for a reader whose
    /// questions are asked at the positions of another search (the owl asks about strings at
    /// every node of its tree): the positions one node's questions read are those the next
    /// node's start from, one or two stones on. An entry answers its position, question,
    /// depth and ko state wherever it was read, so the answers are those of a fresh search;
    /// only the bookkeeping of the persistent cache (which part of the board an answer looked
    /// at) grows more conservative, every hit counting as another question's.
    pub fn keep_table_across_positions(&mut self, keep: bool) {
        self.keep_table = keep;
    }

    /// Forgets every cached result (the persistent cache too).
    pub fn clear_cache(&mut self) {
        self.clear_table();
        if let Some(p) = &mut self.persistent {
            p.clear();
        }
    }

    /// Forgets the transposition table (and the shadows its entries stand for).
    fn clear_table(&mut self) {
        if let Some(tt) = &mut self.tt {
            tt.clear();
        }
        self.root_shadow.clear();
        self.question_serial = 0;
    }

    /// Drops the persistent answers that a change of the board (a real move, an undo, a
    /// setup) has touched: those with a changed cell in their active area.
    pub fn forget_changed(&mut self, b: &Board) {
        if let Some(p) = &mut self.persistent {
            p.forget_changed(b);
        }
    }

    /// Counters of the persistent cache (all zero when it is off).
    pub fn persistent_stats(&self) -> PersistentStats {
        self.persistent
            .as_ref()
            .map(PersistentCache::stats)
            .unwrap_or_default()
    }

    /// Entries in the persistent cache.
    pub fn persistent_len(&self) -> usize {
        self.persistent.as_ref().map_or(0, PersistentCache::len)
    }

    /// Starts recording every variation read (see [`Reader::take_trace`]).
    pub fn start_trace(&mut self) {
        self.trace = Some(Trace::new());
    }

    /// The variations recorded since [`Reader::start_trace`]; stops recording.
    pub fn take_trace(&mut self) -> Option<Trace> {
        self.trace.take()
    }

    /// Can the string at `s` be captured, its opponent moving first? The board is left as
    /// found. 0 for an empty point.
    pub fn attack(&mut self, b: &mut Board, s: Point) -> ReadResult {
        if b.color_at(s).is_none() {
            return (0, None);
        }
        self.begin(b);
        let (code, mv) =
            self.persistent_question(b, Routine::AttackRoot, s, Point::NONE, |r, b| {
                r.root_attack(b, s)
            });
        self.end();
        (code, (code != 0 && mv != Point::NONE).then_some(mv))
    }

    /// Can the string at `s` be saved, its owner moving first? Like GNU Go's `find_defense`
    /// the answer names a move that keeps the string safe even when it is not attacked (none
    /// when it has liberties enough that no move is needed).
    pub fn find_defense(&mut self, b: &mut Board, s: Point) -> ReadResult {
        if b.color_at(s).is_none() {
            return (0, None);
        }
        self.begin(b);
        let (code, mv) =
            self.persistent_question(b, Routine::DefendRoot, s, Point::NONE, |r, b| {
                r.root_defend(b, s)
            });
        self.end();
        (code, (code != 0 && mv != Point::NONE).then_some(mv))
    }

    /// Does `color` playing `mv` capture the string at `s` (the defender replying)? 0 when the
    /// move is illegal or the string is not of the other colour.
    pub fn does_attack(&mut self, b: &mut Board, mv: Point, s: Point) -> i32 {
        let Some(color) = b.color_at(s) else {
            return 0;
        };
        self.begin(b);
        let r = self.after_move(b, mv, color.opponent(), s, true);
        self.end();
        r
    }

    /// Does the owner of the string at `s` playing `mv` save it?
    pub fn does_defend(&mut self, b: &mut Board, mv: Point, s: Point) -> i32 {
        let Some(color) = b.color_at(s) else {
            return 0;
        };
        self.begin(b);
        let r = self.after_move(b, mv, color, s, false);
        self.end();
        r
    }

    /// Can either of two strings of one colour be captured (the attacker choosing)?
    pub fn attack_either(&mut self, b: &mut Board, s1: Point, s2: Point) -> i32 {
        let (a1, _) = self.attack(b, s1);
        let (a2, _) = self.attack(b, s2);
        if a1 == WIN || a2 == WIN {
            return WIN;
        }
        let best = better_of(a1, a2);
        if best != 0 {
            return best;
        }
        // A move that attacks both: ataris and liberties shared or adjacent.
        let Some(color) = b.color_at(s1) else {
            return 0;
        };
        let attacker = color.opponent();
        let mut cands = moves::MoveList::new();
        for s in [s1, s2] {
            for l in b.liberties(s) {
                cands.add(l, 0);
            }
        }
        let mut result = 0;
        for i in 0..cands.len {
            let m = cands.pts[i];
            if !b.try_play(m, attacker) {
                continue;
            }
            let d1 = if b.color_at(s1).is_some() {
                self.find_defense(b, s1).0
            } else {
                0
            };
            let d2 = if b.color_at(s2).is_some() {
                self.find_defense(b, s2).0
            } else {
                0
            };
            b.undo();
            if d1 == 0 || d2 == 0 {
                return WIN;
            }
            result = better_of(result, better_of(reverse(d1), reverse(d2)));
        }
        result
    }

    /// Can two strings of one colour both be saved by one move?
    pub fn defend_both(&mut self, b: &mut Board, s1: Point, s2: Point) -> i32 {
        let (a1, _) = self.attack(b, s1);
        let (a2, _) = self.attack(b, s2);
        if a1 == 0 && a2 == 0 {
            return WIN;
        }
        let (d1, _) = self.find_defense(b, s1);
        let (d2, _) = self.find_defense(b, s2);
        if d1 == 0 || d2 == 0 {
            return 0;
        }
        let Some(color) = b.color_at(s1) else {
            return 0;
        };
        // Candidates: defences of either, liberties of both.
        let mut cands = moves::MoveList::new();
        for s in [s1, s2] {
            if let (_, Some(m)) = self.find_defense(b, s) {
                cands.add(m, 0);
            }
            for l in b.liberties(s) {
                cands.add(l, 0);
            }
        }
        let mut result = 0;
        for i in 0..cands.len {
            let m = cands.pts[i];
            if !b.try_play(m, color) {
                continue;
            }
            let r1 = if b.color_at(s1).is_some() {
                self.attack(b, s1).0
            } else {
                WIN
            };
            let r2 = if b.color_at(s2).is_some() {
                self.attack(b, s2).0
            } else {
                WIN
            };
            b.undo();
            if r1 == 0 && r2 == 0 {
                return WIN;
            }
            if r1 != WIN && r2 != WIN {
                let worst = if r1 == 0 {
                    r2
                } else if r2 == 0 {
                    r1
                } else {
                    better_of(r1, r2)
                };
                result = better_of(result, reverse(worst));
            }
        }
        result
    }

    /// Ladder-only attack on a string with exactly two liberties: every attacking move is an
    /// atari and every defence an extension or a capture of an atari'd neighbour.
    pub fn ladder_attack(&mut self, b: &mut Board, s: Point) -> ReadResult {
        if b.color_at(s).is_none() {
            return (0, None);
        }
        self.begin(b);
        let (code, mv) = self.simple_ladder(b, s);
        self.end();
        (code, (code != 0 && mv != Point::NONE).then_some(mv))
    }

    /// Prepares a top-level question.
    pub(crate) fn begin(&mut self, b: &Board) {
        let sig = b.hash() ^ (b.move_count() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        if sig != self.root_signature {
            self.root_signature = sig;
            if self.keep_table {
                // Entries of other positions stay: every hit is another question's, standing
                // for any part of the shadows read since the table was last cleared.
                self.question_serial = 15;
            } else {
                self.clear_table();
            }
        } else {
            self.question_serial = self.question_serial.saturating_add(1);
        }
        self.stackp = self.base_stackp;
        self.ko = KoState::default();
        self.ko_stack.clear();
        self.line.clear();
        self.line_buckets = [0; 64];
        self.repeat_taint = usize::MAX;
        self.aborted = false;
        self.question_start = self.nodes + self.conn_nodes;
        self.shadow.clear();
        self.foreign_hit = false;
        if !self.nested {
            NESTED_SHADOW.with(|n| n.borrow_mut().clear());
        }
    }

    pub(crate) fn end(&mut self) {
        self.aborted = false;
        if self.nested {
            NESTED_SHADOW.with(|n| {
                let mut n = n.borrow_mut();
                n.union_with(&self.shadow);
                // A table entry an earlier question stored may stand for any of its shadow.
                if self.foreign_hit {
                    n.union_with(&self.root_shadow);
                }
            });
        } else {
            self.absorb_nested_shadow();
        }
        self.root_shadow.union_with(&self.shadow);
    }

    /// Adds what readers nested in this question (pattern conditions) played to its shadow.
    fn absorb_nested_shadow(&mut self) {
        if !self.nested {
            NESTED_SHADOW.with(|n| self.shadow.union_with(&n.borrow()));
        }
    }

    /// Everything that the reading settings of an answer consist of, as one number.
    fn settings_digest(&self) -> u64 {
        let o = &self.opts;
        let patterns = if o.use_patterns {
            self.patterns as *const dyn PatternSet as *const () as usize as u64
        } else {
            0
        };
        [
            o.depth as u64,
            o.branch_depth as u64,
            o.backfill_depth as u64,
            o.backfill2_depth as u64,
            o.break_chain_depth as u64,
            o.superstring_depth as u64,
            o.race_depth as u64,
            o.fourlib_depth as u64,
            o.ko_depth as u64,
            o.tenuki_depth as u64,
            o.node_limit,
            o.condition_node_limit,
            self.base_stackp as u64,
            patterns,
        ]
        .iter()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, &v| {
            (h ^ v).wrapping_mul(0x0000_0100_0000_01b3).rotate_left(17)
        })
    }

    /// Answers a top-level question (after [`Reader::begin`]) from the persistent cache, or
    /// by `read`, storing the answer with its active area. Traced questions are always read.
    pub(crate) fn persistent_question(
        &mut self,
        b: &mut Board,
        routine: Routine,
        s1: Point,
        s2: Point,
        read: impl FnOnce(&mut Reader, &mut Board) -> (i32, Point),
    ) -> (i32, Point) {
        if self.persistent.is_none() || self.trace.is_some() {
            return read(self, b);
        }
        let name = |p: Point| {
            if b.on_board(p) && b.color_at(p).is_some() {
                moves::origin(b, p)
            } else {
                Point::NONE
            }
        };
        let (mut str1, mut str2) = (name(s1), name(s2));
        if str2 != Point::NONE && str2 < str1 {
            std::mem::swap(&mut str1, &mut str2);
        }
        let key = CacheKey {
            routine,
            str1,
            str2,
            settings: self.settings_digest(),
        };
        if let Some(r) = self.persistent.as_mut().and_then(|p| p.lookup(b, &key)) {
            return r;
        }
        let (nodes, conn_nodes) = (self.nodes, self.conn_nodes);
        let r = read(self, b);
        if !self.aborted {
            self.absorb_nested_shadow();
            let mut shadow = self.shadow;
            if self.foreign_hit {
                shadow.union_with(&self.root_shadow);
            }
            let area = persistent::active_area(b, &shadow, &[s1, s2]);
            let cost = self.nodes - nodes + self.conn_nodes - conn_nodes;
            if let Some(p) = &mut self.persistent {
                p.store(b, key, r, cost, area);
            }
        }
        r
    }

    /// Counts a reading node; false when the node limit is exhausted.
    #[inline]
    pub(crate) fn count_node(&mut self) -> bool {
        if self.aborted {
            return false;
        }
        self.nodes += 1;
        READING_NODES.fetch_add(1, Ordering::Relaxed);
        if self.opts.node_limit > 0
            && self.nodes + self.conn_nodes - self.question_start > self.opts.node_limit
        {
            self.aborted = true;
        }
        !self.aborted
    }

    /// Counts a connection node.
    #[inline]
    pub(crate) fn count_connection_node(&mut self) -> bool {
        if self.aborted {
            return false;
        }
        self.conn_nodes += 1;
        CONNECTION_NODES.fetch_add(1, Ordering::Relaxed);
        if self.opts.node_limit > 0
            && self.nodes + self.conn_nodes - self.question_start > self.opts.node_limit
        {
            self.aborted = true;
        }
        !self.aborted
    }

    /// Depth relative to the reading cut-offs.
    #[inline]
    pub(crate) fn depth_now(&self) -> u32 {
        self.stackp
    }

    /// Plays `p` for `color` if the komaster scheme allows it (a conditional ko capture when
    /// `allow_conditional`), pushing the ko state.
    #[inline]
    pub(crate) fn trymove(
        &mut self,
        b: &mut Board,
        p: Point,
        color: Color,
        allow_conditional: bool,
    ) -> Option<Tried> {
        let before = b.stones_hash();
        let (next, tried) = self.ko.play(b, p, color, allow_conditional)?;
        // A move that brings back a position of the line from three moves or more ago (two
        // stones taken, one retaken: the line goes round) is not read: the cycle would only
        // end at the depth cut-offs. Retaking a ko, two moves back, is the ko rules' business.
        let n = self.line.len();
        let now = b.stones_hash();
        if n >= 2
            && self.line_buckets[(now & 63) as usize] > 0
            && let Some(i) = self.line[..n - 1].iter().position(|&h| h == now)
        {
            b.undo();
            self.repeat_taint = self.repeat_taint.min(i + 1);
            return None;
        }
        self.line.push(before);
        self.line_buckets[(before & 63) as usize] += 1;
        self.ko_stack.push(self.ko);
        self.ko = next;
        self.stackp += 1;
        self.shadow.insert(p);
        if let Some(t) = &mut self.trace {
            t.push(p, color);
        }
        Some(tried)
    }

    /// Starts loading the table buckets of the questions the nodes after each of `moves`
    /// will ask about the string at `s`: the defence after an attacking move (`attacking`),
    /// else the attack. The guess takes each move to capture nothing and to leave the ko
    /// state and the string's origin as they are; a wrong guess only misses its prefetch.
    #[inline]
    pub(crate) fn prefetch_children(&self, b: &Board, s: Point, attacking: bool, moves: &[Point]) {
        let Some(tt) = &self.tt else {
            return;
        };
        let Some(owner) = b.color_at(s) else {
            return;
        };
        let (routine, mover) = if attacking {
            (Routine::Defend, owner.opponent())
        } else {
            (Routine::Attack, owner)
        };
        let q = Question {
            stackp: self.stackp + 1,
            ..self.question(routine, moves::origin(b, s), Point::NONE)
        };
        for &m in moves {
            tt.prefetch(b.stones_hash_after(m, mover), &q);
        }
    }

    /// Takes back the last [`Reader::trymove`].
    #[inline]
    pub(crate) fn popmove(&mut self, b: &mut Board) {
        b.undo();
        if let Some(h) = self.line.pop() {
            self.line_buckets[(h & 63) as usize] -= 1;
        }
        self.ko = self.ko_stack.pop().expect("ko state stack");
        self.stackp -= 1;
        if let Some(t) = &mut self.trace {
            t.pop();
        }
    }

    /// A transposition-table question for the current node.
    #[inline]
    pub(crate) fn question(&self, routine: Routine, s1: Point, s2: Point) -> Question {
        Question {
            routine,
            str1: s1,
            str2: s2,
            komaster: self.ko.komaster.code(),
            kom_pos: self.ko.kom_pos,
            stackp: self.stackp,
        }
    }

    /// Hash of the position as the side to move sees it (a ko point binds only its colour).
    #[inline]
    pub(crate) fn position_key(b: &Board, to_move: Color) -> u64 {
        match b.ko_point() {
            Some((_, c)) if c == to_move => b.hash(),
            _ => b.stones_hash(),
        }
    }

    /// The tag of this question's table entries: its serial, 15 standing for any later one.
    #[inline]
    fn serial_tag(&self) -> u8 {
        self.question_serial.min(15) as u8
    }

    #[inline]
    pub(crate) fn tt_get(&mut self, key: u64, q: &Question) -> Option<(i32, Point)> {
        let (code, mv, serial) = self.tt.as_mut()?.get(key, q)?;
        if serial != self.serial_tag() || self.question_serial >= 15 {
            self.foreign_hit = true;
        }
        Some((code, mv))
    }

    #[inline]
    pub(crate) fn tt_put(&mut self, key: u64, q: &Question, r: (i32, Point)) {
        if self.aborted {
            return;
        }
        // A node below a refused repetition's position answered for its line only; one at or
        // above it answered for its position, and the next subtree starts clean. (The other
        // half of the graph-history problem stays: a result stored where nothing was refused
        // may be reused on a line where a move below it would be.)
        if self.repeat_taint <= self.line.len() {
            return;
        }
        self.repeat_taint = usize::MAX;
        if let Some(tt) = &mut self.tt {
            tt.put(key, q, r.0, r.1, self.question_serial.min(15) as u8);
        }
    }

    /// Appends a comment to the trace, if one is recorded.
    #[inline]
    pub(crate) fn note(&mut self, f: impl FnOnce() -> String) {
        if let Some(t) = &mut self.trace {
            t.comment(&f());
        }
    }
}

/// The opponent's view of a result: they fail where we win, and a ko we take first is one
/// they must take back with a threat.
#[inline]
pub fn reverse(code: i32) -> i32 {
    match code {
        0 => WIN,
        WIN => 0,
        KO_A => KO_B,
        KO_B => KO_A,
        _ => 0,
    }
}

/// How good a result is for the side that gets it: WIN > KO_A > KO_B > 0.
#[inline]
pub fn quality(code: i32) -> i32 {
    match code {
        WIN => 3,
        KO_A => 2,
        KO_B => 1,
        _ => 0,
    }
}

/// The better of two results for the same side.
#[inline]
pub fn better_of(a: i32, b: i32) -> i32 {
    if quality(a) >= quality(b) { a } else { b }
}

/// The worse of two results for the same side (what two reads of one move both allow).
#[inline]
pub fn worse_of(a: i32, b: i32) -> i32 {
    if quality(a) >= quality(b) { b } else { a }
}

thread_local! {
    static OPTIONS: Cell<ReadingOptions> = Cell::new(ReadingOptions::default());
    static BASE_DEPTH: Cell<u32> = const { Cell::new(0) };
    static READER: RefCell<Option<Reader>> = const { RefCell::new(None) };
    /// The shadows of nested readers (see [`Reader::nested`]) since the busy reader's
    /// question began.
    static NESTED_SHADOW: RefCell<PointSet> = const { RefCell::new(PointSet::new()) };
    /// Readers for nested questions, reused (their tables with them).
    static NESTED_POOL: RefCell<Vec<Reader>> = const { RefCell::new(Vec::new()) };
}

/// The reading options of this thread's reader (what [`with_reader`] uses).
pub fn thread_options() -> ReadingOptions {
    OPTIONS.with(|o| o.get())
}

/// Sets the options of this thread's reader.
pub fn set_thread_options(opts: ReadingOptions) {
    OPTIONS.with(|o| o.set(opts));
}

/// Sets the root depth of this thread's reader (moves tried on top of the game position).
pub fn set_thread_base_depth(stackp: u32) {
    BASE_DEPTH.with(|d| d.set(stackp));
}

/// The root depth of this thread's reader.
pub fn thread_base_depth() -> u32 {
    BASE_DEPTH.with(|d| d.get())
}

/// Runs `f` with this thread's reader (made on first use with the thread's options). A
/// nested call (a pattern condition asked while reading) gets a fresh reader without a table.
pub fn with_reader<R>(f: impl FnOnce(&mut Reader) -> R) -> R {
    let opts = thread_options();
    let base = thread_base_depth();
    READER.with(|cell| match cell.try_borrow_mut() {
        Ok(mut slot) => {
            let reader = slot.get_or_insert_with(|| Reader::new(opts));
            if reader.opts != opts {
                reader.set_options(opts);
            }
            reader.set_base_depth(base);
            f(reader)
        }
        Err(_) => {
            // A question asked while this thread's reader is busy (a pattern condition read
            // inside a search). It gets a reader of its own with a transposition table, kept
            // across such questions: the conditions of one search ask about the same few
            // positions again and again, and without a table each asking re-read them from
            // scratch (9.3 million nodes for a corner the search itself reads in 0.6 million).
            let nested_opts = nested_options(opts);
            let mut reader = NESTED_POOL
                .with(|p| p.borrow_mut().pop())
                .unwrap_or_else(|| {
                    let mut r = Reader::new(nested_opts);
                    r.nested = true;
                    r
                });
            if reader.opts != nested_opts {
                reader.set_options(nested_opts);
            }
            reader.set_base_depth(base);
            let out = f(&mut reader);
            NESTED_POOL.with(|p| p.borrow_mut().push(reader));
            out
        }
    })
}

/// Can the string at `s` be captured? This thread's reader, without pattern candidates.
/// The options of a reader made for a nested question (see [`with_reader`]): no pattern
/// candidates, no persistent cache, a small table, and the budget of
/// [`ReadingOptions::condition_node_limit`].
fn nested_options(opts: ReadingOptions) -> ReadingOptions {
    let node_limit = match (opts.node_limit, opts.condition_node_limit) {
        (0, c) => c,
        (n, 0) => n,
        (n, c) => n.min(c),
    };
    ReadingOptions {
        use_hash: true,
        hash_mb: 1,
        use_patterns: false,
        persistent_cache: false,
        node_limit,
        ..opts
    }
}

pub fn attack(board: &mut Board, s: Point) -> ReadResult {
    with_reader(|r| {
        r.set_patterns(&NoPatterns);
        r.attack(board, s)
    })
}

/// Can the string at `s` be saved? See [`Reader::find_defense`].
pub fn find_defense(board: &mut Board, s: Point) -> ReadResult {
    with_reader(|r| {
        r.set_patterns(&NoPatterns);
        r.find_defense(board, s)
    })
}

/// Whether the string at `s` survives with its owner to move: [`WIN`] (with no move) when it
/// is not attacked at all, else [`find_defense`].
pub fn defend(board: &mut Board, s: Point) -> ReadResult {
    if board.color_at(s).is_none() {
        return (0, None);
    }
    if attack(board, s).0 == 0 {
        return (WIN, None);
    }
    find_defense(board, s)
}

/// The stones at `a` and `b` are connected by a safe link (what pattern conditions ask): one
/// string, two shared liberties, or a shared liberty where a cutting stone is captured (illegal,
/// or taken by tactical reading). Use [`Reader::disconnect`] for full connection reading.
pub fn connected(board: &mut Board, a: Point, b: Point) -> bool {
    let (Some(ca), Some(cb)) = (board.color_at(a), board.color_at(b)) else {
        return false;
    };
    if ca != cb {
        return false;
    }
    if board.string_id(a) == board.string_id(b) {
        return true;
    }
    let common: Vec<Point> = board
        .liberties(a)
        .filter(|&l| board.has_liberty(b, l))
        .collect();
    if common.len() >= 2 {
        return true;
    }
    let cutter = ca.opponent();
    common.iter().any(|&l| {
        if !board.try_play(l, cutter) {
            return true;
        }
        let captured = attack(board, l).0 == WIN;
        board.undo();
        captured
    })
}

/// Every depth option of this thread's reader shifted by `delta` (GTP `increase_depths`).
pub fn shift_thread_depths(delta: i32) {
    let mut o = thread_options();
    o.shift_depths(delta);
    set_thread_options(o);
}
