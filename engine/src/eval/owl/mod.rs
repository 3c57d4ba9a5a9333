//! Owl-style life-and-death reading of a dragon.
//!
//! A minimax search in the spirit of GNU Go's owl reader (its documentation chapter "The Owl
//! Code" describes the idea; no code is taken from it). The *goal* is the dragon's stones at
//! the root; at every node the *group* is rebuilt from the goal stones still on the board and
//! the stones the defender has played, closed under cheap links (adjacency, two shared
//! liberties, a diagonal with both crossing points empty, a shared liberty the opponent cannot
//! occupy without self-atari, a shared small eye space).
//!
//! Static evaluation of a node ([`Owl::evaluate`]):
//!
//! * **dead** when the goal's largest string is captured;
//! * **alive** when the eye spaces around the group are worth two eyes even with the attacker
//!   moving first (sum of the `min` values of [`crate::eval::eyes::EyeValue`]), or when the group
//!   reaches open space (enough empty points far from opponent stones near its liberties);
//! * otherwise unknown, and the search goes on.
//!
//! Candidate moves come from the eye spaces (vital points, marginal points), from tactical
//! reading of the boundary (captures and rescues of the group's strings and of the opponent
//! strings next to it, with the tactical reader) and from the group's outer liberties (eye
//! space extension and escape for the defender; reduction and blocking for the attacker).
//! At the depth limit or when the node budget runs out, a position is judged by its eye
//! potential: alive if the defender, moving, has two eyes (`max` values).
//!
//! Results use the tactical reader's codes: [`WIN`], `KO_A` (wins through a ko the winner
//! takes first) and [`KO_B`] (the winner needs one more ko threat): a side barred from
//! retaking a ko may retake it once per line as if after a threat, which costs it `KO_B`.
//! Results are cached in a fixed-size transposition table on the Zobrist key.

use crate::board::{Board, Color, NUM_CELLS, Point};
use crate::eval::eyes::EyeSpace;
use crate::tactics::pattern_view::{NoPatterns, PatternSet};
use crate::tactics::reading::{Reader, ReadingOptions, WIN};
use std::time::Instant;

/// Shape knowledge learnt from game records: how likely a strong player is to play `p` as
/// `color` here. The owl's root orders its candidates by it (a trait so that the reader,
/// below the move model's layer, can be given one).
pub trait MoveLikelihood: Sync {
    /// A positive weight; only its order among one node's candidates matters.
    fn likelihood(&self, b: &mut Board, p: Point, color: Color) -> f32;
}

/// A move model's likelihood as an integer order key (larger for likelier moves; the model's
/// weights span orders of magnitude, so their logarithm keeps hundredths apart).
fn model_rank(likelihood: f32) -> i32 {
    (100.0 * likelihood.max(f32::MIN_POSITIVE).ln()) as i32
}

/// Cut-offs of the owl search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwlOptions {
    /// Owl nodes per question; a search that runs out judges the rest statically.
    pub node_limit: u64,
    /// Moves (both sides) read before judging statically.
    pub max_depth: u32,
    /// Tactical reading nodes per tactical question asked by the owl search.
    pub reading_node_limit: u64,
    /// The same for the defender's candidates from tactics: the rescues of the group's own
    /// strings and the captures of the strings around it. A rescue or counter-capture found
    /// only past the common budget is the dragon's life; the attacker's questions and the
    /// eye-safety check gain nothing from more.
    pub defence_reading_node_limit: u64,
    /// Empty points in open space near the liberties that count as escaped.
    pub escape_area: usize,
    /// With the attacker to move, a static "alive" ends the search only from this depth on
    /// (nearer the root the attacker still tries its moves).
    pub attack_verify_depth: u32,
    /// A side may retake a ko the simple-ko rule forbids, as if after a ko threat (see
    /// `Owl::conditional_retake`); a success that needs it is [`KO_B`] for that side (`KO_A`
    /// for the other). Without it results are only [`WIN`] or 0.
    pub ko_results: bool,
    /// When no attacking move succeeds at the root, this many are read again with the
    /// defender answering as at a root (see `Owl::reread_failed_root_moves`); 0 turns it off.
    pub reread_failed_attacks: usize,
    /// A failed attack reads at last the candidates its root left out and the group's
    /// second liberties (see `Owl::read_cut_root_moves`).
    pub read_cut_attacks: bool,
    /// The same for the defence: the first this many failed root defences in the root's
    /// order are read again, and then [`OwlOptions::reread_costliest_defences`] more.
    pub reread_failed_defences: usize,
    /// Failed root defences read again beyond the first ones: of the rest, those whose
    /// refutation took the most owl nodes (a refutation found only after a long search is
    /// the least sure).
    pub reread_costliest_defences: usize,
    /// Attacker nodes up to this depth try their most vital moves first (a static "dead"
    /// after them, at the root the point the defender wants most, fewest eyes left:
    /// `Owl::order_attacks_by_vital_points`); `None` keeps the generators' order everywhere.
    pub eye_order_depth: Option<u32>,
    /// With a move model, when a root move succeeds, the model's likeliest move among those
    /// not yet read is read too if the model prefers it, and named when it succeeds as well:
    /// of two moves that work, the one a strong player would choose.
    pub likelier_success: bool,
    /// A root move that works is read again with the other side's reply read as at a root
    /// (`Owl::reread_reply_as_root`), and counts only if it still works.
    pub verify_root_success: bool,
    /// Owl nodes for each root move of the attack search a defence runs first to find the
    /// attacker's key move, which the defence then tries first (see [`Owl::defend`]).
    pub hint_node_limit: u64,
    /// A search still running at this instant judges the rest statically, as one out of
    /// nodes does: the move generator's share of a move's time for the owl.
    pub deadline: Option<Instant>,
}

impl Default for OwlOptions {
    fn default() -> OwlOptions {
        OwlOptions {
            node_limit: 1500,
            max_depth: 10,
            reading_node_limit: 400,
            // Owl area 230 -> 232 of 307 (owl:90, 200) together with the tactical check of the
            // main string (`Owl::anchor_captured_tactically`), which pays for it. owl.tst in one
            // quiet run: 400 nodes 30.6 s, 1,000 33.4 s, 1,500 36.9 s (233 tests), GNU Go 17.6 s:
            // 1,500 is past the 2x bar (docs/evaluation.md).
            defence_reading_node_limit: 1000,
            escape_area: 14,
            attack_verify_depth: 8,
            ko_results: true,
            // A failed attack is every living dragon's: each move read again costs about as
            // much as the question did (owl.tst 21.0 -> 23.8 s with one, 27.0 s with two,
            // against GNU Go's 12.8 s). A failed defence is rarer and cheaper to read again
            // (see docs/evaluation.md).
            reread_failed_attacks: 1,
            read_cut_attacks: true,
            reread_failed_defences: 2,
            // Two of the costliest give the same owl-area answers as one, for 4 % more owl
            // and reading nodes on owl.tst (566,086 owl nodes against 543,427); none loses
            // two tests (owl:4 and owl:153).
            reread_costliest_defences: 1,
            // A static judgement a move (two at the root): at every depth owl.tst took
            // 30 % longer for one noisy test more than to depth 2.
            eye_order_depth: Some(2),
            // Owl area 216 -> 219 of 307, the time unchanged: most are defences where the
            // attacker's key move, tried first, also works. (Reading every move the model
            // prefers to the first success: 216, false successes among them.)
            likelier_success: true,
            verify_root_success: true,
            // The hint only orders the defence's first move: a third of the budget names the
            // same moves on the owl area (225 of 307 either way, no answer changed) and cuts
            // these searches' owl nodes on owl.tst from 186 k to 62 k of about 730 k; a
            // fifteenth loses one test, no hint two. A defence read right after the attack
            // of the same dragon in the same position searches nothing: it takes that
            // attack's root answer (owl nodes on owl.tst 605,635 -> 566,086).
            hint_node_limit: 500,
            deadline: None,
        }
    }
}

/// The result of the static evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LifeStatus {
    Alive,
    Dead,
    Unknown,
}

impl LifeStatus {
    /// Dead 0, unknown 1, alive 2: how well the dragon's side stands.
    pub(super) fn rank(self) -> u8 {
        match self {
            LifeStatus::Dead => 0,
            LifeStatus::Unknown => 1,
            LifeStatus::Alive => 2,
        }
    }
}

/// What the static evaluation learnt about a node: the status and the material of the move
/// generators.
struct NodeInfo {
    status: LifeStatus,
    /// Sum of the eye spaces' `min` and `max` values.
    eyes_min: u32,
    eyes_max: u32,
    spaces: Vec<EyeSpace>,
    /// Origins of the group's strings.
    strings: Vec<Point>,
    /// Liberties of the group outside its eye spaces.
    outer_libs: Vec<Point>,
    /// Opponent strings next to the group (origins).
    boundary: Vec<Point>,
}

#[derive(Clone, Copy, Default)]
struct TtEntry {
    key: u64,
    code: i8,
    mv: Point,
    /// The depth the result was read at. The search narrows with depth (fewer candidates,
    /// static verdicts trusted), so a result read deeper is not an answer for the same
    /// position reached nearer the root (a stone thrown in and taken transposes to it).
    depth: u8,
}

const TT_BITS: u32 = 16;

/// A shared eye space links two strings of the group only up to this size: a larger one is
/// open ground the attacker can enter and cut through (the dragon builder's own limit,
/// [`crate::eval::dragon::EYE_LINK_MAX`], is for the static picture and more generous).
const EYE_LINK_MAX: usize = 6;

/// Vital-shape moves read beyond the breadth of a node when they rank below the cut.
const PATTERN_EXTRA: usize = 2;

/// Eye spaces up to this size rank the attacker's points inside by how much of the space they
/// touch (the placement).
const SMALL_SPACE_POINTS: usize = 6;

/// Score of the defender's first-line diagonal below a second-line stone: below an outer
/// liberty with room (25 + 8 per empty neighbour) and a marginal eye point (45), so it
/// pushes out only cramped liberties (50 measured owl.tst 172 -> 171, 35: 174).
const EDGE_DIAGONAL_SCORE: i32 = 35;

/// An owl reader. Reuse it: its tables are allocated once.
pub struct Owl {
    opts: OwlOptions,
    reader: Reader,
    tt: Vec<TtEntry>,
    nodes: u64,
    question_start: u64,
    color: Color,
    goal: Vec<Point>,
    /// A stone of the goal's largest string: when it is captured the dragon is dead.
    anchor: Point,
    /// Stones the defender has played in the search.
    played: Vec<Point>,
    marks: Vec<u32>,
    generation: u32,
    /// A move tried first at the root: the other side's key move ("play where the opponent
    /// wants to play").
    root_hint: Point,
    /// Vital-shape databases (`owl_attack`, `owl_defense`) that propose candidate moves.
    patterns: &'static dyn PatternSet,
    /// `TESUJI_OWL_TRACE` is set: every move tried is printed to stderr with its line and
    /// result (for pattern authors and debugging).
    trace: bool,
    /// The line being read, kept only when tracing.
    line: Vec<Point>,
    /// Points a vital-shape database is matched at (reused from node to node).
    pattern_points: Vec<Point>,
    /// The side that has retaken a ko "after a threat" on the current line (GNU Go's
    /// komaster idea): no further threat-backed retake is allowed on the line.
    komaster: Option<Color>,
    /// The legal moves the last root node read, in order, with the owl nodes each took
    /// (what a failed question reads again).
    root_moves: Vec<(Point, u64)>,
    /// The attacker's candidates the question's own root node left out (beyond its breadth,
    /// and the group's second liberties): what a failed attack reads last.
    root_cut: Vec<Point>,
    /// Set when a question starts: its first root node records [`Owl::root_cut`].
    record_root_cut: bool,
    /// Points of open ground met by the eye-space floods of one evaluation (reused).
    open_ground: Vec<Point>,
    /// Points the escape count reaches (reused).
    escape_points: Vec<Point>,
    /// The move model that orders the root's candidates, if any.
    likelihood: Option<&'static dyn MoveLikelihood>,
    /// The next root node is a question's own (not the attack read for a defence's hint,
    /// nor a root read below it): its successes are verified when the options say so.
    verify_armed: bool,
    /// The attack searches' root results of the last questions, newest last: a defence of the
    /// same dragon in the same position takes its key move from here instead of searching
    /// again (the status asks for the attack, then the defence).
    root_attacks: Vec<RootAttack>,
}

/// The root result of one attack search: what `attack_node` found at a question's root
/// (verified when the options say so), before any re-read.
#[derive(Clone, Copy, Debug)]
struct RootAttack {
    /// The position and the dragon ([`Owl::question_key`]).
    key: u64,
    /// The node budget of a root move it was read with.
    node_limit: u64,
    mv: Point,
}

/// Root attack results remembered: an attack and its defence come one after the other.
const ROOT_ATTACKS_KEPT: usize = 4;

/// A candidate move with its score.
type Candidates = Vec<(Point, i32)>;

impl Owl {
    pub fn new(opts: OwlOptions) -> Owl {
        Owl {
            opts,
            reader: {
                // The owl's board changes at every node: its reader keeps the table from node
                // to node (reading nodes on owl.tst: 40.7 M → 34.5 M) and has no persistent
                // cache, which saved 0.6 % of them for its bookkeeping at every question.
                // GNU Go's reading depths: with the shallower defaults its boundary questions
                // (400 nodes each) cost the owl area 3 of its 194 tests.
                let mut reader = Reader::new(
                    ReadingOptions {
                        hash_mb: 1,
                        node_limit: opts.reading_node_limit,
                        use_patterns: false,
                        persistent_cache: false,
                        ..ReadingOptions::default()
                    }
                    .gnu_go_depths(),
                );
                reader.keep_table_across_positions(true);
                reader
            },
            tt: vec![TtEntry::default(); 1 << TT_BITS],
            nodes: 0,
            question_start: 0,
            color: Color::Black,
            goal: Vec::new(),
            anchor: Point::NONE,
            played: Vec::new(),
            marks: vec![0; NUM_CELLS],
            generation: 0,
            root_hint: Point::NONE,
            patterns: &NoPatterns,
            trace: std::env::var_os("TESUJI_OWL_TRACE").is_some(),
            line: Vec::new(),
            pattern_points: Vec::new(),
            komaster: None,
            root_moves: Vec::new(),
            root_cut: Vec::new(),
            record_root_cut: false,
            open_ground: Vec::new(),
            escape_points: Vec::new(),
            likelihood: None,
            verify_armed: false,
            root_attacks: Vec::with_capacity(ROOT_ATTACKS_KEPT),
        }
    }

    /// The same reader with vital-shape databases to draw candidate moves from.
    pub fn with_patterns(mut self, patterns: &'static dyn PatternSet) -> Owl {
        self.patterns = patterns;
        self
    }

    /// Sets the vital-shape databases.
    pub fn set_patterns(&mut self, patterns: &'static dyn PatternSet) {
        self.patterns = patterns;
    }

    /// Sets the move model that orders the root's candidates (`None`: the generators' own
    /// order).
    pub fn set_likelihood(&mut self, model: Option<&'static dyn MoveLikelihood>) {
        self.likelihood = model;
    }

    /// Owl nodes searched by this reader.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn start(&mut self, b: &Board, dragon: &[Point]) -> bool {
        let Some(color) = dragon.first().and_then(|&p| b.color_at(p)) else {
            return false;
        };
        self.color = color;
        self.goal.clear();
        self.goal.extend_from_slice(dragon);
        self.played.clear();
        self.anchor = *dragon
            .iter()
            .max_by_key(|&&p| (b.string_size(p), b.libs(p)))
            .expect("a stone");
        self.question_start = self.nodes;
        self.root_hint = Point::NONE;
        self.komaster = None;
        self.verify_armed = false;
        self.record_root_cut = false;
        self.root_cut.clear();
        self.tt.iter_mut().for_each(|e| *e = TtEntry::default());
        true
    }

    /// Can the dragon made of `dragon`'s stones be killed, the attacker moving first?
    /// `(code, move)`: 0 when it cannot.
    pub fn attack(&mut self, b: &mut Board, dragon: &[Point]) -> (i32, Option<Point>) {
        if !self.start(b, dragon) {
            return (0, None);
        }
        self.verify_armed = self.opts.verify_root_success;
        self.record_root_cut = true;
        let (mut code, mut mv) = self.attack_node(b, 0);
        let key = self.question_key(b);
        self.remember_root_attack(key, self.opts.node_limit, mv);
        // A root judged statically records nothing; no later node may take its place.
        self.record_root_cut = false;
        if code == 0 {
            (code, mv) = self.reread_failed_root_moves(b, true);
        }
        if code == 0 && self.opts.read_cut_attacks {
            (code, mv) = self.read_cut_root_moves(b);
        }
        // The first killing move in candidate order is the answer. (Replacing it by the
        // defender's key move when that kills too, "play where the opponent wants to play",
        // measured 2 tests worse on owl.tst once the defender's root list held the attacker's
        // candidates.)
        (code, (code != 0 && mv != Point::NONE).then_some(mv))
    }

    /// Can the dragon be saved, the defender moving first? `(WIN, None)` only when no
    /// candidate move is left to name.
    pub fn defend(&mut self, b: &mut Board, dragon: &[Point]) -> (i32, Option<Point>) {
        if !self.start(b, dragon) {
            return (0, None);
        }
        // Only an unconditionally alive dragon (Benson) needs no move. Any other gets its best
        // defence move even when the attack search finds no kill: that search misses kills
        // (eye values of large spaces are optimistic), and securing a living group costs
        // nothing (measured on owl.tst: 2 more of the 7 dragons answered `PASS` get GNU Go's
        // move, none lost).
        if crate::eval::unconditional::unconditional_life(b, self.color).is_settled(self.anchor) {
            return (WIN, None);
        }
        // First ask how the dragon can be killed, then defend trying the attacker's killing
        // move first. When the attack was just read with at least this budget, its root
        // answer is the key move: the search would read the same tree again.
        let key = self.question_key(b);
        let attack_move = match self.recalled_root_attack(key, self.opts.hint_node_limit) {
            Some(mv) => mv,
            None => {
                let full = std::mem::replace(&mut self.opts.node_limit, self.opts.hint_node_limit);
                let (_, mv) = self.attack_node(b, 0);
                self.opts.node_limit = full;
                self.remember_root_attack(key, self.opts.hint_node_limit, mv);
                mv
            }
        };
        self.question_start = self.nodes;
        self.root_hint = attack_move;
        self.verify_armed = self.opts.verify_root_success;
        let (mut code, mut mv) = self.defend_node(b, 0);
        if code == 0 {
            (code, mv) = self.reread_failed_root_moves(b, false);
        }
        (code, (code != 0 && mv != Point::NONE).then_some(mv))
    }

    /// Does `mv` by the attacker kill the dragon (the defender replying)? A result code.
    pub fn does_attack(&mut self, b: &mut Board, mv: Point, dragon: &[Point]) -> i32 {
        if !self.start(b, dragon) || !b.try_play(mv, self.color.opponent()) {
            return 0;
        }
        let code = self.after_move(b, true, 0);
        b.undo();
        code
    }

    /// Does `mv` by the defender save the dragon (the attacker replying)? A result code.
    pub fn does_defend(&mut self, b: &mut Board, mv: Point, dragon: &[Point]) -> i32 {
        if !self.start(b, dragon) || !b.try_play(mv, self.color) {
            return 0;
        }
        self.played.push(mv);
        let code = self.after_move(b, false, 0);
        self.played.pop();
        b.undo();
        code
    }

    /// A key for the question asked of this position: the stones and the ko point, the board's
    /// size, the dragon's stones and colour, and whether a move model orders the root (the
    /// options are fixed for the reader's life).
    fn question_key(&self, b: &Board) -> u64 {
        use crate::board::hash_mix as mix;
        // Order-free over the goal's stones: the same dragon listed another way is the same.
        let goal = self
            .goal
            .iter()
            .fold(0u64, |acc, p| acc.wrapping_add(mix(p.index() as u64 + 1)));
        b.hash()
            ^ mix(goal)
            ^ mix(0x100 + b.size() as u64)
            ^ mix(0x200 + self.color as u64)
            ^ mix(0x300 + u64::from(self.likelihood.is_some()))
    }

    /// Keeps `mv`, the root answer of an attack on the question `key` read with `node_limit`
    /// nodes a root move.
    fn remember_root_attack(&mut self, key: u64, node_limit: u64, mv: Point) {
        // A search the clock cut short is no answer to remember.
        if self.opts.deadline.is_some_and(|d| Instant::now() >= d) {
            return;
        }
        self.root_attacks.retain(|r| r.key != key);
        if self.root_attacks.len() == ROOT_ATTACKS_KEPT {
            self.root_attacks.remove(0);
        }
        self.root_attacks.push(RootAttack {
            key,
            node_limit,
            mv,
        });
    }

    /// The key move of an attack already read at the root of the question `key` with at
    /// least `node_limit` nodes a root move.
    fn recalled_root_attack(&self, key: u64, node_limit: u64) -> Option<Point> {
        self.root_attacks
            .iter()
            .find(|r| r.key == key && r.node_limit >= node_limit)
            .map(|r| r.mv)
    }

    fn is_captured(&self, b: &Board) -> bool {
        b.color_at(self.anchor) != Some(self.color)
    }

    fn out_of_budget(&self) -> bool {
        self.nodes - self.question_start >= self.opts.node_limit
            || self.opts.deadline.is_some_and(|d| Instant::now() >= d)
    }

    fn tt_key(&self, b: &Board, attacker_to_move: bool) -> u64 {
        let side = if attacker_to_move {
            0x5bd1_e995_7f4a_7c15
        } else {
            0
        };
        // A result read after a threat-backed retake depends on who may still make one.
        let komaster = match self.komaster {
            None => 0,
            Some(Color::Black) => 0x9e37_79b9_7f4a_7c15,
            Some(Color::White) => 0xc2b2_ae3d_27d4_eb4f,
        };
        b.hash() ^ side ^ komaster
    }

    fn tt_get(&self, key: u64, depth: u32) -> Option<(i32, Point)> {
        let e = self.tt[(key >> (64 - TT_BITS)) as usize];
        (e.key == key && u32::from(e.depth) <= depth).then_some((e.code as i32, e.mv))
    }

    fn tt_put(&mut self, key: u64, code: i32, mv: Point, depth: u32) {
        self.tt[(key >> (64 - TT_BITS)) as usize] = TtEntry {
            key,
            code: code as i8,
            mv,
            depth: depth.min(u32::from(u8::MAX)) as u8,
        };
    }

    // -----------------------------------------------------------------------------------------
    // Search

    // -----------------------------------------------------------------------------------------
    // Move generation
}

/// The verdict on a dragon, as GTP `dragon_status` prints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DragonStatus {
    Alive,
    Dead,
    /// Killed if the attacker moves first, saved if the defender does.
    Critical {
        attack: Option<Point>,
        defense: Option<Point>,
    },
}

impl Owl {
    /// The static evaluation of the dragon at the root, in words (for GTP and debugging).
    pub fn describe(&mut self, b: &mut Board, dragon: &[Point]) -> String {
        if !self.start(b, dragon) {
            return "no dragon".into();
        }
        let info = self.evaluate(b, 0);
        let name =
            |p: Point| crate::board::Vertex::format_move(crate::board::Move::Play(p), b.size());
        let mut out = format!(
            "status {:?} eyes {}..{} strings {} outer liberties {} escape {}",
            info.status,
            info.eyes_min,
            info.eyes_max,
            info.strings.len(),
            info.outer_libs.len(),
            self.escape_room(b, &info.outer_libs)
        );
        for sp in &info.spaces {
            out.push_str(&format!(
                "\nspace {} points at {}: {}..{} marginal {} false {}",
                sp.points.len(),
                name(sp.points[0]),
                sp.value.min,
                sp.value.max,
                sp.marginal.len(),
                sp.false_points.len()
            ));
        }
        out
    }

    /// Alive when the attack fails, dead when it succeeds and the defence fails, critical
    /// when both succeed.
    pub fn status(&mut self, b: &mut Board, dragon: &[Point]) -> DragonStatus {
        let (a, am) = self.attack(b, dragon);
        if a == 0 {
            return DragonStatus::Alive;
        }
        // (Starting the defence from `am` instead, without the second search, changed play:
        // 93 of GNU Go's 148 strategy/strategy3/nngs1 genmoves against 96, 0 of 4 games.)
        let (d, dm) = self.defend(b, dragon);
        if d == 0 {
            DragonStatus::Dead
        } else {
            DragonStatus::Critical {
                attack: am,
                defense: dm,
            }
        }
    }
}

mod evaluate;
mod moves;
mod search;
#[cfg(test)]
mod tests;
