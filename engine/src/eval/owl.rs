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

use crate::board::{Board, Cell, Color, Move, NUM_CELLS, Point, Vertex};
use crate::eval::eyes::{self, EyeSpace};
use crate::pattern::Kind;
use crate::tactics::pattern_view::PatternView;
use crate::tactics::pattern_view::{NoPatterns, PatternSet};
use crate::tactics::reading::moves::edge_distance;
use crate::tactics::reading::{KO_B, Reader, ReadingOptions, WIN, better_of, reverse};

/// Cut-offs of the owl search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwlOptions {
    /// Owl nodes per question; a search that runs out judges the rest statically.
    pub node_limit: u64,
    /// Moves (both sides) read before judging statically.
    pub max_depth: u32,
    /// Tactical reading nodes per tactical question asked by the owl search.
    pub reading_node_limit: u64,
    /// Empty points in open space near the liberties that count as escaped.
    pub escape_area: usize,
    /// With the attacker to move, a static "alive" ends the search only from this depth on
    /// (nearer the root the attacker still tries its moves).
    pub attack_verify_depth: u32,
    /// A side may retake a ko the simple-ko rule forbids, as if after a ko threat (see
    /// `Owl::conditional_retake`); a success that needs it is [`KO_B`] for that side (`KO_A`
    /// for the other). Without it results are only [`WIN`] or 0.
    pub ko_results: bool,
}

impl Default for OwlOptions {
    fn default() -> OwlOptions {
        OwlOptions {
            node_limit: 1500,
            max_depth: 10,
            reading_node_limit: 400,
            escape_area: 14,
            attack_verify_depth: 8,
            ko_results: true,
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
}

/// A candidate move with its score.
type Candidates = Vec<(Point, i32)>;

impl Owl {
    pub fn new(opts: OwlOptions) -> Owl {
        Owl {
            opts,
            reader: Reader::new(ReadingOptions {
                hash_mb: 1,
                node_limit: opts.reading_node_limit,
                use_patterns: false,
                ..ReadingOptions::default()
            }),
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
        self.tt.iter_mut().for_each(|e| *e = TtEntry::default());
        true
    }

    /// Can the dragon made of `dragon`'s stones be killed, the attacker moving first?
    /// `(code, move)`: 0 when it cannot.
    pub fn attack(&mut self, b: &mut Board, dragon: &[Point]) -> (i32, Option<Point>) {
        if !self.start(b, dragon) {
            return (0, None);
        }
        let (code, mv) = self.attack_node(b, 0);
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
        // move first.
        let (_, attack_move) = self.attack_node(b, 0);
        self.question_start = self.nodes;
        self.root_hint = attack_move;
        let (code, mv) = self.defend_node(b, 0);
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

    fn is_captured(&self, b: &Board) -> bool {
        b.color_at(self.anchor) != Some(self.color)
    }

    fn out_of_budget(&self) -> bool {
        self.nodes - self.question_start >= self.opts.node_limit
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

    fn tt_get(&self, key: u64) -> Option<(i32, Point)> {
        let e = self.tt[(key >> (64 - TT_BITS)) as usize];
        (e.key == key).then_some((e.code as i32, e.mv))
    }

    fn tt_put(&mut self, key: u64, code: i32, mv: Point) {
        self.tt[(key >> (64 - TT_BITS)) as usize] = TtEntry {
            key,
            code: code as i8,
            mv,
        };
    }

    // -----------------------------------------------------------------------------------------
    // Search

    fn attack_node(&mut self, b: &mut Board, depth: u32) -> (i32, Point) {
        self.nodes += 1;
        if self.is_captured(b) {
            return (WIN, Point::NONE);
        }
        let key = self.tt_key(b, true);
        if let Some(hit) = self.tt_get(key) {
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
        if self.trace && depth == 0 {
            self.print_candidates(b.size(), "attacker", &moves);
        }
        self.best_of_moves(b, moves, true, depth, key)
    }

    fn defend_node(&mut self, b: &mut Board, depth: u32) -> (i32, Point) {
        self.nodes += 1;
        if self.is_captured(b) {
            return (0, Point::NONE);
        }
        let key = self.tt_key(b, false);
        if let Some(hit) = self.tt_get(key) {
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
        if depth >= self.opts.max_depth || self.out_of_budget() {
            let code = if info.eyes_max >= 2 { WIN } else { 0 };
            return (code, Point::NONE);
        }
        let moves = self.defender_moves(b, &info, depth);
        if self.trace && depth == 0 {
            self.print_candidates(b.size(), "defender", &moves);
        }
        self.best_of_moves(b, moves, false, depth, key)
    }

    /// Tries `moves` for the attacker (`attacking`) or the defender and keeps the best
    /// result for the side moving, stopping at a clean win; when none wins cleanly the
    /// threat-backed retake of a ko is tried last. The answer goes into the table unless the
    /// budget ran out under it. The defender's moves are remembered in `played` (the group
    /// grows with them).
    fn best_of_moves(
        &mut self,
        b: &mut Board,
        moves: Candidates,
        attacking: bool,
        depth: u32,
        key: u64,
    ) -> (i32, Point) {
        let mover = self.mover(attacking);
        let (mut best, mut best_move) = (0, Point::NONE);
        for (m, _) in moves {
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
            let code = self.after_move(b, attacking, depth);
            self.trace_leave(b.size(), mover, code);
            if !attacking {
                self.played.pop();
            }
            b.undo();
            if code != 0 && better_of(code, best) == code && code != best {
                best = code;
                best_move = m;
            }
            if best == WIN {
                break;
            }
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
            self.tt_put(key, best, best_move);
        }
        (best, best_move)
    }

    fn mover(&self, attacking: bool) -> Color {
        if attacking {
            self.color.opponent()
        } else {
            self.color
        }
    }

    /// The result for the side that has just moved (the attacker when `attacking`), the
    /// other side replying. A capture of the goal by a ko capture is not final: the defender
    /// may still retake after a threat.
    fn after_move(&mut self, b: &mut Board, attacking: bool, depth: u32) -> i32 {
        match (self.is_captured(b), attacking) {
            (true, true) => match self.conditional_retake(b, false, depth + 1) {
                Some((_, code)) => reverse(code),
                None => WIN,
            },
            (true, false) => 0,
            (false, true) => reverse(self.defend_node(b, depth + 1).0),
            (false, false) => reverse(self.attack_node(b, depth + 1).0),
        }
    }

    /// After the other side's threat-backed retake the side to move, barred from taking the
    /// ko back at once, may play elsewhere (a pass here): the komaster then has to end the
    /// ko, or it is taken back legally. `(PASS, result)`; `None` outside that situation.
    fn wait_out_ko(&mut self, b: &mut Board, attacking: bool, depth: u32) -> Option<(Point, i32)> {
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
    fn conditional_retake(
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
    fn trace_enter(&mut self, m: Point) {
        if self.trace {
            self.line.push(m);
        }
    }

    /// With tracing on, prints the line ending in the last move entered and its result,
    /// then takes that move off the line.
    fn trace_leave(&mut self, size: usize, mover: Color, code: i32) {
        if self.trace {
            self.print_line(size, mover, code);
            self.line.pop();
        }
    }

    /// Prints a root's candidate moves with their scores, best first.
    fn print_candidates(&self, size: usize, side: &str, moves: &Candidates) {
        let list: Vec<String> = moves
            .iter()
            .map(|&(p, s)| format!("{}:{s}", Vertex::format_move(Move::Play(p), size)))
            .collect();
        eprintln!("owl root {side} candidates {}", list.join(" "));
    }

    /// Prints the line being read and its result, one line per move tried (post-order:
    /// a move is printed after its replies).
    fn print_line(&self, size: usize, mover: Color, code: i32) {
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

    fn next_mark(&mut self) -> u32 {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.marks.iter_mut().for_each(|m| *m = 0);
            self.generation = 1;
        }
        self.generation
    }

    /// The group, its eye spaces and liberties, and the status they give.
    fn evaluate(&mut self, b: &mut Board, depth: u32) -> NodeInfo {
        let color = self.color;
        let g = self.next_mark();
        let mut strings: Vec<Point> = Vec::new();
        let add = |owl: &mut Owl, strings: &mut Vec<Point>, p: Point| {
            let id = b.string_id(p);
            if owl.marks[id.index()] != g {
                owl.marks[id.index()] = g;
                strings.push(id);
            }
        };
        for i in 0..self.goal.len() {
            let p = self.goal[i];
            if b.color_at(p) == Some(color) {
                add(self, &mut strings, p);
            }
        }
        // Eye spaces are found from the liberties; each is looked at once.
        let space_mark = self.next_mark();
        let mut spaces: Vec<EyeSpace> = Vec::new();
        let mut i = 0;
        while i < strings.len() {
            let s = strings[i];
            i += 1;
            let libs: Vec<Point> = b.liberties(s).collect();
            for &l in &libs {
                // Links through a liberty.
                for n in l.neighbors() {
                    if b.color_at(n) != Some(color) || self.marks[b.string_id(n).index()] == g {
                        continue;
                    }
                    let shared = b.liberties(n).filter(|&x| b.has_liberty(s, x)).count();
                    let cut_is_self_atari = l
                        .neighbors()
                        .iter()
                        .filter(|&&x| b.cell(x) == Cell::Empty)
                        .count()
                        <= 1
                        && !l
                            .neighbors()
                            .iter()
                            .any(|&x| b.color_at(x) == Some(color.opponent()) && b.libs(x) > 1);
                    // A stone the defender played a jump away is linked while no attacker stone
                    // touches the point between.
                    let jump_link = !l
                        .neighbors()
                        .iter()
                        .any(|&x| b.color_at(x) == Some(color.opponent()))
                        && self.played.iter().any(|&p| {
                            b.color_at(p) == Some(color) && b.string_id(p) == b.string_id(n)
                        });
                    if shared >= 2 || cut_is_self_atari || jump_link {
                        add(self, &mut strings, n);
                    }
                }
                if self.marks[l.index()] == space_mark {
                    continue;
                }
                if let Some(space) = eyes::eye_space_at(b, l, color) {
                    for &p in &space.points {
                        self.marks[p.index()] = space_mark;
                    }
                    if space.points.len() <= EYE_LINK_MAX {
                        for &p in &space.points {
                            for n in p.neighbors() {
                                if b.color_at(n) == Some(color) {
                                    add(self, &mut strings, n);
                                }
                            }
                        }
                    }
                    spaces.push(space);
                }
            }
            // Diagonal links with both crossing points empty.
            let stones: Vec<Point> = b.string_stones(s).collect();
            for st in stones {
                for (d, x, y) in st.diagonals_with_crossings() {
                    if b.color_at(d) == Some(color)
                        && self.marks[b.string_id(d).index()] != g
                        && b.cell(x) == Cell::Empty
                        && b.cell(y) == Cell::Empty
                    {
                        add(self, &mut strings, d);
                    }
                }
            }
        }
        // Eye spaces reached only through stones inside them (opponent stones next to us).
        let mut boundary: Vec<Point> = Vec::new();
        let mut outer_libs: Vec<Point> = Vec::new();
        let lib_mark = self.next_mark();
        for &s in &strings {
            for st in b.string_stones(s) {
                for n in st.neighbors() {
                    match b.cell(n) {
                        Cell::Empty
                            if self.marks[n.index()] != lib_mark
                                && !spaces.iter().any(|sp| sp.contains(n)) =>
                        {
                            self.marks[n.index()] = lib_mark;
                            outer_libs.push(n);
                        }
                        c if c.color() == Some(color.opponent()) => {
                            let id = b.string_id(n);
                            if !boundary.contains(&id) {
                                boundary.push(id);
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
        for &e in &boundary {
            if spaces.iter().any(|sp| sp.contains(e)) {
                continue;
            }
            if let Some(space) = eyes::eye_space_at(b, e, color)
                && !spaces.iter().any(|sp| sp.contains(space.points[0]))
            {
                spaces.push(space);
            }
        }
        let eyes_min: u32 = spaces.iter().map(|s| s.value.min as u32).sum();
        let eyes_max: u32 = spaces.iter().map(|s| s.value.max as u32).sum();
        // Eyes only count when no string of the group can be captured: a capture would
        // break the eye spaces open.
        let eyes_safe = eyes_min >= 2
            && strings.iter().all(|&s| {
                b.libs(s) >= 3 || {
                    self.reader.set_base_depth(depth);
                    self.reader.attack(b, s).0 == 0
                }
            });
        let status = if eyes_safe || self.escaped(b, &outer_libs) {
            LifeStatus::Alive
        } else {
            LifeStatus::Unknown
        };
        NodeInfo {
            status,
            eyes_min,
            eyes_max,
            spaces,
            strings,
            outer_libs,
            boundary,
        }
    }

    /// Does the group reach open space: enough empty points within three steps of its outer
    /// liberties that no opponent stone touches? The steps may pass points that touch one.
    fn escaped(&mut self, b: &Board, outer_libs: &[Point]) -> bool {
        self.escape_room(b, outer_libs) >= self.opts.escape_area
    }

    fn escape_room(&mut self, b: &Board, outer_libs: &[Point]) -> usize {
        let m = self.next_mark();
        let opponent = self.color.opponent();
        let mut frontier: Vec<Point> = Vec::new();
        let mut open = 0;
        for &l in outer_libs {
            self.marks[l.index()] = m;
            frontier.push(l);
        }
        for _ in 0..3 {
            let mut next: Vec<Point> = Vec::new();
            for &p in &frontier {
                for n in p.neighbors() {
                    if b.cell(n) != Cell::Empty || self.marks[n.index()] == m {
                        continue;
                    }
                    self.marks[n.index()] = m;
                    next.push(n);
                    // A point next to an opponent stone is no room of its own, but the way
                    // to open space goes on past it: a lone stone beside the road does not
                    // wall the group in.
                    if !n
                        .neighbors()
                        .iter()
                        .any(|&x| b.color_at(x) == Some(opponent))
                    {
                        open += 1;
                    }
                }
            }
            frontier = next;
        }
        open
    }

    // -----------------------------------------------------------------------------------------
    // Move generation

    fn breadth(depth: u32) -> usize {
        // Measured on owl.tst: wider trees spend the node budget without finding more.
        match depth {
            0 => 10,
            1 => 8,
            2..=3 => 6,
            4..=6 => 3,
            _ => 2,
        }
    }

    fn add(list: &mut Candidates, p: Point, score: i32) {
        if p == Point::NONE || p == Point::PASS {
            return;
        }
        match list.iter_mut().find(|(q, _)| *q == p) {
            // A point good for several reasons gets a quarter of the lesser score on top.
            Some(e) => e.1 = e.1.max(score) + e.1.min(score) / 4,
            None => list.push((p, score)),
        }
    }

    /// Orders the candidates best first and keeps the breadth of `depth`, plus up to
    /// [`PATTERN_EXTRA`] vital-shape moves (`shape`) ranked below the cut: a pattern adds
    /// moves to read without pushing out the generators' own.
    fn finish(list: &mut Candidates, depth: u32, shape: &[Point]) {
        list.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let breadth = Self::breadth(depth);
        let mut extra = 0;
        let mut i = 0;
        list.retain(|&(p, _)| {
            i += 1;
            if i <= breadth {
                return true;
            }
            let keep = extra < PATTERN_EXTRA && shape.contains(&p);
            extra += keep as usize;
            keep
        });
    }

    /// Open empty neighbours of `p` (a measure of room).
    fn room(b: &Board, p: Point) -> i32 {
        p.neighbors()
            .iter()
            .filter(|&&n| b.cell(n) == Cell::Empty)
            .count() as i32
    }

    /// Empty points next to the group's outer liberties but not touching the group: the
    /// defender's jumps, knight's moves and eye-making moves at a distance (at the root only;
    /// the same for the attacker measured worse).
    fn add_second_liberties(
        &mut self,
        b: &Board,
        info: &NodeInfo,
        list: &mut Candidates,
        base: i32,
    ) {
        let m = self.next_mark();
        for &l in &info.outer_libs {
            self.marks[l.index()] = m;
        }
        for &l in &info.outer_libs {
            for n in l.neighbors() {
                if b.cell(n) != Cell::Empty || self.marks[n.index()] == m {
                    continue;
                }
                self.marks[n.index()] = m;
                if info.spaces.iter().any(|sp| sp.contains(n)) {
                    continue;
                }
                Self::add(list, n, base + 8 * Self::room(b, n));
            }
        }
    }

    /// First-line points diagonal to a second-line stone of the group, both points between
    /// empty: the eye-making move along the edge (a stone there is linked diagonally and
    /// walls in the first-line points under the group). Such points are second liberties,
    /// read below the root only through this rule. (Also requiring that no opponent stone
    /// touches the point measured 1 test worse once merged with the ko results.)
    fn add_edge_diagonals(&mut self, b: &Board, info: &NodeInfo, list: &mut Candidates) {
        for &s in &info.strings {
            for st in b.string_stones(s) {
                if edge_distance(b, st) != 1 {
                    continue;
                }
                for (d, x, y) in st.diagonals_with_crossings() {
                    if b.cell(d) == Cell::Empty
                        && edge_distance(b, d) == 0
                        && b.cell(x) == Cell::Empty
                        && b.cell(y) == Cell::Empty
                        && !info.spaces.iter().any(|sp| sp.contains(d))
                    {
                        Self::add(list, d, EDGE_DIAGONAL_SCORE);
                    }
                }
            }
        }
    }

    /// Candidates from the vital-shape database `kind`, matched for `us` at the empty points
    /// around the group: its eye spaces, its outer liberties and the points next to those,
    /// and the liberties of the opponent strings touching it. Below the root a point gets the
    /// value of the best pattern matching there; at the root (`depth` 0) it only joins the
    /// list, last. Returns the points matched.
    fn add_pattern_moves(
        &mut self,
        b: &Board,
        info: &NodeInfo,
        list: &mut Candidates,
        kind: Kind,
        us: Color,
        depth: u32,
    ) -> Vec<Point> {
        let mut matched = Vec::new();
        // An empty database (owl_defense.db today) costs nothing.
        let Some(matcher) = self
            .patterns
            .matcher(kind)
            .filter(|m| !m.patterns.is_empty())
        else {
            return matched;
        };
        let m = self.next_mark();
        let mut points = std::mem::take(&mut self.pattern_points);
        points.clear();
        let mut push = |marks: &mut Vec<u32>, p: Point| {
            if b.cell(p) == Cell::Empty && marks[p.index()] != m {
                marks[p.index()] = m;
                points.push(p);
            }
        };
        for sp in &info.spaces {
            for &p in &sp.points {
                push(&mut self.marks, p);
            }
        }
        for &l in &info.outer_libs {
            push(&mut self.marks, l);
            for n in l.neighbors() {
                push(&mut self.marks, n);
            }
        }
        for &e in &info.boundary {
            for l in b.liberties(e) {
                push(&mut self.marks, l);
            }
        }
        let view = PatternView::new(b);
        for &p in &points {
            let (x, y) = p.xy();
            let mut best = 0;
            self.patterns
                .match_at(kind, &view, x as i32, y as i32, us, &mut |found| {
                    best = best.max(matcher.patterns[found.pattern].value);
                });
            if best > 0 {
                // At the root the first working move is the answer: a shape move is read
                // after the generators' own (as one of the extras) and reorders nothing.
                if depth == 0 {
                    if !list.iter().any(|e| e.0 == p) {
                        list.push((p, 1));
                    }
                } else {
                    Self::add(list, p, best);
                }
                matched.push(p);
            }
        }
        self.pattern_points = points;
        matched
    }

    fn defender_moves(&mut self, b: &mut Board, info: &NodeInfo, depth: u32) -> Candidates {
        let color = self.color;
        let (mut list, shape) = self.defender_candidates(b, info, depth);
        // Play where the opponent wants to play: at the root the attacker's candidates are
        // defences too (a vital point inside the eye space, a key cutting point).
        if depth == 0 {
            let (other, _) = self.attacker_candidates(b, info, depth);
            for (p, v) in other {
                if p != self.root_hint {
                    Self::add(&mut list, p, v / 2);
                }
            }
        }
        // Filter: legal, not filling an own eye, not a pointless self-atari. A self-atari
        // that captures or ataris an opponent string has a point: taking it costs the
        // attacker a move, and not taking it loses the string.
        list.retain(|&(p, _)| {
            if b.is_eye(p, color) {
                return false;
            }
            let libs = b.libs_after(p, color);
            libs >= 2
                || (libs == 1 && (captures_something(b, p, color) || ataris_something(b, p, color)))
        });
        Self::finish(&mut list, depth, &shape);
        list
    }

    fn defender_candidates(
        &mut self,
        b: &mut Board,
        info: &NodeInfo,
        depth: u32,
    ) -> (Candidates, Vec<Point>) {
        let color = self.color;
        let mut list: Candidates = Vec::new();
        if depth == 0 {
            Self::add(&mut list, self.root_hint, 1000);
        }
        for sp in &info.spaces {
            if let Some(d) = sp.value.defense {
                Self::add(&mut list, d, 100);
            }
            for &m in &sp.marginal {
                Self::add(&mut list, m, 45);
            }
            if sp.points.len() > 2 && sp.value.max < 2 {
                for &p in &sp.points {
                    if b.cell(p) == Cell::Empty && !b.is_eye(p, color) {
                        Self::add(&mut list, p, 15);
                    }
                }
            }
        }
        let read_libs = if depth < 3 { 3 } else { 2 };
        for &s in &info.strings {
            if b.libs(s) <= read_libs {
                self.reader.set_base_depth(depth);
                let (code, _) = self.reader.attack(b, s);
                if code != 0 {
                    let (dc, dm) = self.reader.find_defense(b, s);
                    if dc != 0
                        && let Some(m) = dm
                    {
                        Self::add(&mut list, m, 90 + b.string_size(s) as i32);
                    }
                }
            }
        }
        for &e in &info.boundary {
            if b.libs(e) <= read_libs {
                self.reader.set_base_depth(depth);
                let (code, mv) = self.reader.attack(b, e);
                if code != 0
                    && let Some(m) = mv
                {
                    Self::add(&mut list, m, 70 + 5 * b.string_size(e).min(6) as i32);
                }
            }
        }
        for &l in &info.outer_libs {
            Self::add(&mut list, l, 25 + 8 * Self::room(b, l));
        }
        // At the root the second liberties below hold them already, ranked by room.
        if depth > 0 {
            self.add_edge_diagonals(b, info, &mut list);
        }
        if depth == 0 {
            self.add_second_liberties(b, info, &mut list, 15);
        }
        let shape = self.add_pattern_moves(b, info, &mut list, Kind::OwlDefense, color, depth);
        (list, shape)
    }

    fn attacker_moves(&mut self, b: &mut Board, info: &NodeInfo, depth: u32) -> Candidates {
        let opponent = self.color.opponent();
        let (mut list, shape) = self.attacker_candidates(b, info, depth);
        // Filter: legal; a self-atari only inside an eye space (a placement or throw-in).
        list.retain(|&(p, _)| {
            let libs = b.libs_after(p, opponent);
            libs >= 2
                || (libs == 1
                    && (info.spaces.iter().any(|sp| sp.contains(p))
                        || captures_something(b, p, opponent)))
        });
        Self::finish(&mut list, depth, &shape);
        list
    }

    fn attacker_candidates(
        &mut self,
        b: &mut Board,
        info: &NodeInfo,
        depth: u32,
    ) -> (Candidates, Vec<Point>) {
        let color = self.color;
        let opponent = color.opponent();
        let mut list: Candidates = Vec::new();
        if depth == 0 {
            Self::add(&mut list, self.root_hint, 1000);
        }
        for sp in &info.spaces {
            if let Some(a) = sp.value.attack {
                Self::add(&mut list, a, 100);
            }
            for a in sp.value.other_attacks.into_iter().flatten() {
                Self::add(&mut list, a, 95);
            }
            for &m in &sp.marginal {
                Self::add(&mut list, m, 60);
            }
            // A half eye (0..1) is taken away as often by a move beside the vital point
            // as on it: its points are read too.
            if sp.value.max >= 1 {
                // In a small space the placement goes where it touches most of the space.
                let small = sp.points.len() <= SMALL_SPACE_POINTS;
                for &p in &sp.points {
                    if b.cell(p) == Cell::Empty {
                        let inside = if small {
                            p.neighbors()
                                .iter()
                                .filter(|&&n| b.cell(n) == Cell::Empty && sp.contains(n))
                                .count() as i32
                        } else {
                            0
                        };
                        Self::add(&mut list, p, 20 + 10 * inside);
                    }
                }
            }
        }
        let read_libs = if depth < 3 { 3 } else { 2 };
        for &s in &info.strings {
            if b.libs(s) <= read_libs {
                self.reader.set_base_depth(depth);
                let (code, mv) = self.reader.attack(b, s);
                if code != 0
                    && let Some(m) = mv
                {
                    Self::add(&mut list, m, 90 + b.string_size(s) as i32);
                }
            }
        }
        for &e in &info.boundary {
            if b.libs(e) <= 2 {
                self.reader.set_base_depth(depth);
                let (code, _) = self.reader.attack(b, e);
                if code != 0 {
                    let (dc, dm) = self.reader.find_defense(b, e);
                    if dc != 0
                        && let Some(m) = dm
                    {
                        Self::add(&mut list, m, 70 + 5 * b.string_size(e).min(6) as i32);
                    }
                }
            }
        }
        for &l in &info.outer_libs {
            Self::add(&mut list, l, 30 + 8 * Self::room(b, l));
        }
        let shape = self.add_pattern_moves(b, info, &mut list, Kind::OwlAttack, opponent, depth);
        (list, shape)
    }
}

/// Does `color` playing at `p` capture a stone?
fn captures_something(b: &Board, p: Point, color: Color) -> bool {
    p.neighbors()
        .iter()
        .any(|&n| b.color_at(n) == Some(color.opponent()) && b.libs(n) == 1)
}

/// Does `color` playing at `p` put an opponent string in atari?
fn ataris_something(b: &Board, p: Point, color: Color) -> bool {
    p.neighbors()
        .iter()
        .any(|&n| b.color_at(n) == Some(color.opponent()) && b.libs(n) == 2)
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

/// Fewer outer liberties than this: the leaf judgement takes the group as enclosed.
const ENCLOSED_OUTER_LIBS: usize = 5;

/// Eyes the defender ends with when both sides take turns settling the eye spaces, the
/// biggest swing (`max - min`) first: the sum of `max` values overrates a group whose spaces
/// are miai, since the attacker reduces one space while the defender secures another.
fn leaf_eyes(spaces: &[EyeSpace], defender_first: bool) -> u32 {
    // Swings are 0..=2 in practice; count them by size instead of sorting (no allocation).
    let mut swings_by_size = [0u32; 4];
    let mut eyes = 0u32;
    for space in spaces {
        eyes += space.value.min as u32;
        let swing = space.value.max.saturating_sub(space.value.min).min(3) as usize;
        swings_by_size[swing] += 1;
    }
    let mut defender_turn = defender_first;
    for size in (1..4).rev() {
        for _ in 0..swings_by_size[size] {
            if defender_turn {
                eyes += size as u32;
            }
            defender_turn = !defender_turn;
        }
    }
    eyes
}

#[cfg(test)]
mod tests;
