//! Final scoring: which stones of a finished (or nearly finished) game are alive, dead or in
//! seki, and the score with the dead stones removed, counted as GNU Go 3.8 counts.
//!
//! # Stone statuses
//!
//! Four sources, strongest first (docs/evaluation.md, "Final scoring", has the details):
//!
//! 1. **Unconditional life** ([`crate::eval::unconditional`], Benson's idea): a string that can never be
//!    captured is alive, an opponent stone inside unconditional territory is dead. These are
//!    certain and nothing below overrides them.
//! 2. **Ownership from playouts**: from the position, seeded playouts (half with Black to
//!    move first, half with White, so the tempo does not bias them) are played to the end,
//!    and each point remembers how often each colour owned it at the end. The policy is
//!    uniform random with captures, escapes from atari and no self-atari of two stones or
//!    more (see `ScoringPlayout`). A string whose stones its own colour kept in at least half
//!    of the playouts is alive, otherwise dead.
//! 3. **Seki**: an empty point next to living strings of both colours where either colour's
//!    stone would be left in atari (or is illegal) is a liberty neither side can fill: every
//!    string next to it is in seki. (The no-self-atari policy keeps such strings alive in the
//!    playouts, as in the game.) A string that shares a liberty with a seki string of its
//!    colour and has at most one point of territory of its own joins the seki.
//! 4. **Tactics** ([`crate::tactics::reading`]): a string the playouts were unsure of (its colour kept
//!    it in 20–80 % of them) with at most two liberties, which the reader captures even with
//!    its owner to move, is dead.
//!
//! Then **consistency over regions**: the empty points and dead stones make regions bounded
//! by living stones. A dead string whose region is bounded only by its own colour's living
//! stones is alive after all (nothing surrounds it).
//!
//! # Counting
//!
//! [`ScoringRules::Japanese`] (GNU Go's default): each side scores its territory (the empty
//! points and dead enemy stones of regions bounded only by its living stones, not touching a
//! seki) plus its prisoners (stones captured during the game and the dead enemy stones).
//! [`ScoringRules::Chinese`] (GNU Go's `--chinese-rules`): each side scores its living
//! stones, stones in seki and territory, and the dame are filled in turn, the side to move
//! first (so it gets the odd one), as GNU Go finishes the game before counting. White adds komi. The SGF's `RU` is ignored, as GNU
//! Go ignores it; its `KM` is the komi.

use crate::board::Move;
use crate::board::playout::{Rng, self_atari};
use crate::board::{Board, Cell, Color, MAX_SIZE, NUM_CELLS, Point};
use crate::eval::unconditional::unconditional_life;
use crate::tactics::reading::{self, WIN};

/// The final status of a stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StoneStatus {
    Alive,
    Dead,
    Seki,
}

impl StoneStatus {
    /// GNU Go's name (`final_status_list` argument).
    pub fn name(self) -> &'static str {
        match self {
            StoneStatus::Alive => "alive",
            StoneStatus::Dead => "dead",
            StoneStatus::Seki => "seki",
        }
    }
}

impl std::str::FromStr for StoneStatus {
    type Err = String;
    fn from_str(s: &str) -> Result<StoneStatus, String> {
        match s {
            "alive" => Ok(StoneStatus::Alive),
            "dead" => Ok(StoneStatus::Dead),
            "seki" => Ok(StoneStatus::Seki),
            _ => Err(format!("unknown status '{s}'")),
        }
    }
}

/// How the score is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ScoringRules {
    /// Territory plus prisoners (GNU Go's default).
    #[default]
    Japanese,
    /// Area: living stones plus territory (GNU Go's `--chinese-rules`).
    Chinese,
}

impl std::str::FromStr for ScoringRules {
    type Err = String;
    fn from_str(s: &str) -> Result<ScoringRules, String> {
        match s.to_ascii_lowercase().as_str() {
            "japanese" | "territory" => Ok(ScoringRules::Japanese),
            "chinese" | "area" => Ok(ScoringRules::Chinese),
            _ => Err(format!("unknown rules '{s}' (japanese or chinese)")),
        }
    }
}

/// Settings of the status analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoringOptions {
    /// Random playouts for the ownership statistics.
    pub playouts: u32,
    /// Seed of the playouts: the same seed gives the same statuses.
    pub seed: u64,
    /// Strings with at most this many liberties are checked by the tactical reader.
    pub tactical_liberties: usize,
}

impl Default for ScoringOptions {
    fn default() -> ScoringOptions {
        ScoringOptions {
            playouts: 1000,
            seed: 0x5EED_5C0E,
            tactical_liberties: 2,
        }
    }
}

/// Ownership in (lower, upper) of a string's own colour is "uncertain": only then does the
/// tactical reader get a say.
const UNCERTAIN_OWNERSHIP: (f32, f32) = (0.2, 0.8);

/// Where a status came from (for reports).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatusSource {
    Unconditional,
    Playouts,
    Seki,
    Tactics,
    Region,
}

/// The statuses of every stone and the ownership statistics behind them.
#[derive(Clone)]
pub struct FinalStatus {
    size: usize,
    /// The side to move in the position analysed (it fills the first dame under area rules).
    to_move: Color,
    status: Box<[Option<StoneStatus>; NUM_CELLS]>,
    source: Box<[Option<StatusSource>; NUM_CELLS]>,
    /// Fraction of playouts White owned the point minus the fraction Black did: −1…1.
    ownership: Box<[f32; NUM_CELLS]>,
}

impl FinalStatus {
    /// The status of the stone at `p` (`None` for an empty point).
    pub fn status(&self, p: Point) -> Option<StoneStatus> {
        self.status[p.index()]
    }

    /// Which analysis decided the status at `p`.
    pub fn source(&self, p: Point) -> Option<StatusSource> {
        self.source[p.index()]
    }

    /// White's ownership of `p` minus Black's over the playouts, −1…1.
    pub fn ownership(&self, p: Point) -> f32 {
        self.ownership[p.index()]
    }

    /// The strings with `status`, each as its stones in board order (top row first, left to
    /// right), strings ordered by their first stone: GNU Go's `final_status_list` order.
    pub fn strings_with(&self, board: &Board, status: StoneStatus) -> Vec<Vec<Point>> {
        let mut out = Vec::new();
        let mut seen = [false; NUM_CELLS];
        for p in board.points() {
            if self.status(p) != Some(status) || seen[p.index()] {
                continue;
            }
            let mut stones: Vec<Point> = board.string_stones(p).collect();
            for s in &stones {
                seen[s.index()] = true;
            }
            stones.sort_by_key(|s| {
                let (x, y) = s.xy();
                (y, x)
            });
            out.push(stones);
        }
        out
    }

    /// The board size analysed.
    pub fn size(&self) -> usize {
        self.size
    }
}

/// Per-point playout statistics: how often each colour owned each point at the end.
struct OwnershipCounts {
    black: Box<[u32; NUM_CELLS]>,
    white: Box<[u32; NUM_CELLS]>,
    /// Flood-fill scratch for empty regions.
    stack: Vec<Point>,
    seen: Box<[u32; NUM_CELLS]>,
    generation: u32,
}

impl OwnershipCounts {
    fn new() -> OwnershipCounts {
        OwnershipCounts {
            black: Box::new([0; NUM_CELLS]),
            white: Box::new([0; NUM_CELLS]),
            stack: Vec::with_capacity(MAX_SIZE * MAX_SIZE),
            seen: Box::new([0; NUM_CELLS]),
            generation: 0,
        }
    }

    /// Adds the owners of every point of a finished playout: stones their colour, empty
    /// regions the one colour that borders them (if only one does).
    fn add(&mut self, board: &Board) {
        self.generation += 1;
        let generation = self.generation;
        for p in board.points() {
            match board.cell(p) {
                Cell::Black => self.black[p.index()] += 1,
                Cell::White => self.white[p.index()] += 1,
                Cell::Empty if self.seen[p.index()] != generation => {
                    self.stack.clear();
                    let start = self.stack.len();
                    let mut region_end = start;
                    self.seen[p.index()] = generation;
                    self.stack.push(p);
                    let mut touches = 0u8;
                    // Depth-first over the region; the stack keeps every point visited so the
                    // region can be credited afterwards.
                    while region_end < self.stack.len() {
                        let q = self.stack[region_end];
                        region_end += 1;
                        for n in q.neighbors() {
                            match board.cell(n) {
                                Cell::Empty if self.seen[n.index()] != generation => {
                                    self.seen[n.index()] = generation;
                                    self.stack.push(n);
                                }
                                Cell::Black => touches |= 1,
                                Cell::White => touches |= 2,
                                _ => {}
                            }
                        }
                    }
                    let counts = match touches {
                        1 => &mut self.black,
                        2 => &mut self.white,
                        _ => continue,
                    };
                    for q in &self.stack {
                        counts[q.index()] += 1;
                    }
                }
                _ => {}
            }
        }
    }
}

/// The playout policy of the ownership statistics: uniform random like [`crate::board::playout`],
/// with three rules that keep random play from letting dead groups live (the side that owns
/// a territory filling it and being captured) and living groups die (walking into atari):
///
/// - **capture**: a string next to the last move that is in atari is taken;
/// - **escape**: an own string next to the last move in atari extends when that gives it
///   two liberties or more;
/// - **no self-atari**: a random move that leaves a string of two or more stones with one
///   liberty is refused (a single stone may still throw in).
///
/// Nothing is allocated per move; the board is played on and the caller undoes.
pub(crate) struct ScoringPlayout {
    rng: Rng,
    candidates: Vec<Point>,
}

impl ScoringPlayout {
    pub(crate) fn new(seed: u64) -> ScoringPlayout {
        ScoringPlayout {
            rng: Rng::new(seed),
            candidates: Vec::with_capacity(MAX_SIZE * MAX_SIZE),
        }
    }

    /// Plays to two passes in a row (or a cap of three moves per point); returns the moves
    /// played, passes included.
    pub(crate) fn run(&mut self, board: &mut Board, to_move: Color) -> usize {
        let cap = 3 * board.size() * board.size();
        let (mut color, mut passes, mut moves) = (to_move, 0, 0);
        while passes < 2 && moves < cap {
            match self.choose(board, color) {
                Some(p) => {
                    board.play_unchecked(p, color);
                    passes = 0;
                }
                None => {
                    board.pass(color);
                    passes += 1;
                }
            }
            moves += 1;
            color = color.opponent();
        }
        moves
    }

    fn choose(&mut self, board: &mut Board, color: Color) -> Option<Point> {
        if let Some(p) = self.urgent(board, color) {
            return Some(p);
        }
        let n = board.empty_points().len();
        if n == 0 {
            return None;
        }
        self.candidates.clear();
        self.candidates.extend_from_slice(board.empty_points());
        let mut live = n;
        while live > 0 {
            let i = self.rng.below(live);
            let p = self.candidates[i];
            if !board.is_eye(p, color)
                && board.is_legal_simple(p, color)
                && !self_atari(board, p, color, 2)
            {
                return Some(p);
            }
            live -= 1;
            self.candidates.swap(i, live);
        }
        None
    }

    /// A capture or an escape next to the last move.
    fn urgent(&mut self, board: &mut Board, color: Color) -> Option<Point> {
        let Some((_, Move::Play(last))) = board.last_move() else {
            return None;
        };
        let mut around = [Point::NONE; 5];
        around[0] = last;
        around[1..].copy_from_slice(&last.neighbors());
        let mut escape = None;
        for s in around {
            let Some(c) = board.color_at(s) else {
                continue;
            };
            if board.libs(s) != 1 {
                continue;
            }
            let mut lib = [Point::NONE; 1];
            board.first_liberties(s, &mut lib);
            let l = lib[0];
            if c != color {
                if board.is_legal_simple(l, color) {
                    return Some(l);
                }
            } else if escape.is_none()
                && board.is_legal_simple(l, color)
                && board.libs_after(l, color) >= 2
            {
                escape = Some(l);
            }
        }
        escape
    }
}

/// Decides the status of every stone on `board`, `to_move` being the side to play.
pub fn final_status(board: &Board, to_move: Color, opts: &ScoringOptions) -> FinalStatus {
    let mut fs = FinalStatus {
        size: board.size(),
        to_move,
        status: Box::new([None; NUM_CELLS]),
        source: Box::new([None; NUM_CELLS]),
        ownership: Box::new([0.0; NUM_CELLS]),
    };

    // 1. Unconditional life.
    for color in [Color::Black, Color::White] {
        let life = unconditional_life(board, color);
        for p in board.points() {
            match board.color_at(p) {
                Some(c) if c == color && life.is_invincible(p) => {
                    fs.set(p, StoneStatus::Alive, StatusSource::Unconditional);
                }
                Some(c) if c != color && life.is_territory(p) => {
                    fs.set(p, StoneStatus::Dead, StatusSource::Unconditional);
                }
                _ => {}
            }
        }
    }

    // 2. Ownership from playouts.
    let mut counts = OwnershipCounts::new();
    let mut scratch = board.clone();
    let mut runner = ScoringPlayout::new(opts.seed);
    for i in 0..opts.playouts {
        let first = if i % 2 == 0 {
            to_move
        } else {
            to_move.opponent()
        };
        let moves = runner.run(&mut scratch, first);
        counts.add(&scratch);
        for _ in 0..moves {
            scratch.undo();
        }
    }
    let n = opts.playouts.max(1) as f32;
    for p in board.points() {
        fs.ownership[p.index()] =
            (counts.white[p.index()] as f32 - counts.black[p.index()] as f32) / n;
    }

    let mut scratch = board.clone();
    let mut uncertain = [false; NUM_CELLS];
    for head in string_heads(board) {
        if fs.status(head).is_some() {
            continue;
        }
        let color = board.color_at(head).expect("a string head holds a stone");
        let own = fs.own_fraction(board, head, color);
        let status = if own >= 0.5 {
            StoneStatus::Alive
        } else {
            StoneStatus::Dead
        };
        fs.set_string(board, head, status, StatusSource::Playouts);
        uncertain[head.index()] = own > UNCERTAIN_OWNERSHIP.0 && own < UNCERTAIN_OWNERSHIP.1;
    }

    // 3. Seki: a point next to living strings of both colours that neither colour can fill
    // without putting its own string in atari.
    for l in board.points() {
        if board.cell(l) != Cell::Empty {
            continue;
        }
        let (mut black, mut white, mut settled) = (false, false, false);
        for n in l.neighbors() {
            match board.color_at(n) {
                Some(c) if fs.status(n) != Some(StoneStatus::Dead) => {
                    settled |= fs.source(n) == Some(StatusSource::Unconditional);
                    match c {
                        Color::Black => black = true,
                        Color::White => white = true,
                    }
                }
                _ => {}
            }
        }
        if !black || !white || settled {
            continue;
        }
        if scratch.libs_after(l, Color::Black) <= 1 && scratch.libs_after(l, Color::White) <= 1 {
            for n in l.neighbors() {
                if board.color_at(n).is_some() && fs.status(n) != Some(StoneStatus::Dead) {
                    fs.set_string(board, n, StoneStatus::Seki, StatusSource::Seki);
                }
            }
        }
    }

    // 3b. A string that shares a liberty with a seki string of its colour and has at most
    // one point of territory of its own cannot live apart from the seki: it is part of it.
    loop {
        let regions = Regions::new(board, &fs);
        let mut joined = false;
        for head in string_heads(board) {
            if fs.status(head) != Some(StoneStatus::Alive)
                || fs.source(head) == Some(StatusSource::Unconditional)
            {
                continue;
            }
            let color = board.color_at(head).expect("a stone");
            let beside_seki = board.liberties(head).any(|l| {
                l.neighbors().iter().any(|&n| {
                    board.color_at(n) == Some(color) && fs.status(n) == Some(StoneStatus::Seki)
                })
            });
            if beside_seki && regions.own_space(board, head, color) <= 1 {
                fs.set_string(board, head, StoneStatus::Seki, StatusSource::Seki);
                joined = true;
            }
        }
        if !joined {
            break;
        }
    }

    // 4. Tactics: strings of uncertain ownership short of liberties that cannot be saved.
    for head in string_heads(board) {
        if fs.status(head) != Some(StoneStatus::Alive)
            || fs.source(head) != Some(StatusSource::Playouts)
            || !uncertain[head.index()]
            || board.libs(head) > opts.tactical_liberties
        {
            continue;
        }
        let (attack, _) = reading::attack(&mut scratch, head);
        if attack == WIN && reading::find_defense(&mut scratch, head).0 == 0 {
            fs.set_string(board, head, StoneStatus::Dead, StatusSource::Tactics);
        }
    }

    // 5. Regions: a dead string surrounded only by its own colour is alive.
    let regions = Regions::new(board, &fs);
    for head in string_heads(board) {
        if fs.status(head) != Some(StoneStatus::Dead)
            || fs.source(head) == Some(StatusSource::Unconditional)
        {
            continue;
        }
        let color = board.color_at(head).expect("a stone");
        if regions.border_of(head) == Border::Only(color) {
            fs.set_string(board, head, StoneStatus::Alive, StatusSource::Region);
        }
    }
    fs
}

impl FinalStatus {
    fn set(&mut self, p: Point, status: StoneStatus, source: StatusSource) {
        self.status[p.index()] = Some(status);
        self.source[p.index()] = Some(source);
    }

    fn set_string(&mut self, board: &Board, p: Point, status: StoneStatus, source: StatusSource) {
        for s in board.string_stones(p) {
            self.set(s, status, source);
        }
    }

    /// Mean fraction of playouts in which `color` owned the stones of the string at `p`.
    fn own_fraction(&self, board: &Board, p: Point, color: Color) -> f32 {
        let (mut sum, mut n) = (0.0, 0);
        for s in board.string_stones(p) {
            // ownership = white − black; with every point owned by someone in a finished
            // playout, white's fraction is about (1 + ownership) / 2.
            let w = self.ownership(s);
            sum += match color {
                Color::White => (1.0 + w) / 2.0,
                Color::Black => (1.0 - w) / 2.0,
            };
            n += 1;
        }
        sum / n.max(1) as f32
    }
}

/// The first stone (board order) of every string.
fn string_heads(board: &Board) -> Vec<Point> {
    let mut seen = [false; NUM_CELLS];
    let mut heads = Vec::new();
    for p in board.points() {
        if board.color_at(p).is_none() || seen[p.index()] {
            continue;
        }
        for s in board.string_stones(p) {
            seen[s.index()] = true;
        }
        heads.push(p);
    }
    heads
}

/// Which living colours bound a region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Border {
    None,
    Only(Color),
    Both,
}

/// The regions of empty points and dead stones, bounded by living and seki stones.
struct Regions {
    /// Region number of each point (0 for living and seki stones, off-board).
    id: Box<[u16; NUM_CELLS]>,
    border: Vec<Border>,
    /// A seki string bounds the region.
    touches_seki: Vec<bool>,
    /// Points of the region.
    size: Vec<u32>,
}

impl Regions {
    fn new(board: &Board, fs: &FinalStatus) -> Regions {
        let mut id = Box::new([0u16; NUM_CELLS]);
        let mut border = vec![Border::None];
        let mut touches_seki = vec![false];
        let mut sizes = vec![0];
        let open =
            |p: Point| board.cell(p) == Cell::Empty || fs.status(p) == Some(StoneStatus::Dead);
        let mut stack = Vec::new();
        for p in board.points() {
            if !open(p) || id[p.index()] != 0 {
                continue;
            }
            let r = border.len() as u16;
            let (mut b, mut w, mut seki, mut size) = (false, false, false, 0u32);
            id[p.index()] = r;
            stack.push(p);
            while let Some(q) = stack.pop() {
                size += 1;
                for n in q.neighbors() {
                    if !board.on_board(n) {
                        continue;
                    }
                    if open(n) {
                        if id[n.index()] == 0 {
                            id[n.index()] = r;
                            stack.push(n);
                        }
                        continue;
                    }
                    match board.color_at(n) {
                        Some(Color::Black) => b = true,
                        Some(Color::White) => w = true,
                        None => {}
                    }
                    seki |= fs.status(n) == Some(StoneStatus::Seki);
                }
            }
            border.push(match (b, w) {
                (false, false) => Border::None,
                (true, false) => Border::Only(Color::Black),
                (false, true) => Border::Only(Color::White),
                (true, true) => Border::Both,
            });
            touches_seki.push(seki);
            sizes.push(size);
        }
        Regions {
            id,
            border,
            touches_seki,
            size: sizes,
        }
    }

    /// Points of `color`'s territory (regions bounded by it alone, touching no seki) next to
    /// the string at `s`.
    fn own_space(&self, board: &Board, s: Point, color: Color) -> u32 {
        let mut counted: Vec<usize> = Vec::new();
        for st in board.string_stones(s) {
            for n in st.neighbors() {
                let r = self.id[n.index()] as usize;
                if r != 0
                    && !counted.contains(&r)
                    && !self.touches_seki[r]
                    && self.border[r] == Border::Only(color)
                {
                    counted.push(r);
                }
            }
        }
        counted.iter().map(|&r| self.size[r]).sum()
    }

    /// `p` is an empty point between living stones of both colours, touching no seki: a dame
    /// either side can fill.
    fn is_fillable_dame(&self, p: Point) -> bool {
        let r = self.id[p.index()] as usize;
        r != 0 && !self.touches_seki[r] && self.border[r] == Border::Both
    }

    /// The border of the region holding `p` (an empty point or a dead stone).
    fn border_of(&self, p: Point) -> Border {
        self.border[self.id[p.index()] as usize]
    }

    /// The colour whose territory `p` is: its region is bounded by that colour only and by
    /// no seki.
    fn territory_of(&self, p: Point) -> Option<Color> {
        let r = self.id[p.index()] as usize;
        if r == 0 || self.touches_seki[r] {
            return None;
        }
        match self.border[r] {
            Border::Only(c) => Some(c),
            _ => None,
        }
    }
}

/// One side's share of the count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideScore {
    /// Empty points of its territory.
    pub territory: u32,
    /// Dead enemy stones inside its territory (their points are territory too).
    pub dead_enemy_stones: u32,
    /// Stones it captured during the game (and dead enemy stones outside its territory).
    pub captures: u32,
    /// Its living stones and stones in seki on the board.
    pub stones: u32,
    /// Dame it gets by filling them, taking turns, under area rules (GNU Go's count: the
    /// side to move fills first, so it gets the odd one).
    pub dame_filled: u32,
}

/// A final score.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FinalScore {
    pub rules: ScoringRules,
    pub komi: f32,
    pub black: SideScore,
    pub white: SideScore,
}

impl FinalScore {
    /// One side's points under the rules (komi not included).
    pub fn points(&self, color: Color) -> f32 {
        let s = match color {
            Color::Black => self.black,
            Color::White => self.white,
        };
        let n = match self.rules {
            // Territory (the dead stones' points included) and prisoners (dead stones again).
            ScoringRules::Japanese => s.territory + 2 * s.dead_enemy_stones + s.captures,
            ScoringRules::Chinese => s.territory + s.dead_enemy_stones + s.stones + s.dame_filled,
        };
        n as f32
    }

    /// White's margin with komi: positive means White wins.
    pub fn white_margin(&self) -> f32 {
        self.points(Color::White) + self.komi - self.points(Color::Black)
    }

    /// GNU Go's `final_score` text: `W+3.5`, `B+12.0`, or `0` for a draw.
    pub fn result_string(&self) -> String {
        let m = self.white_margin();
        if m > 0.0 {
            format!("W+{m:.1}")
        } else if m < 0.0 {
            format!("B+{:.1}", -m)
        } else {
            "0".to_string()
        }
    }
}

/// Counts `board` with the statuses `fs`.
pub fn final_score(board: &Board, fs: &FinalStatus, komi: f32, rules: ScoringRules) -> FinalScore {
    let regions = Regions::new(board, fs);
    let mut black = SideScore {
        captures: board.captures(Color::Black),
        ..SideScore::default()
    };
    let mut white = SideScore {
        captures: board.captures(Color::White),
        ..SideScore::default()
    };
    let mut dame = 0;
    for p in board.points() {
        match (board.color_at(p), fs.status(p)) {
            (None, _) => match regions.territory_of(p) {
                Some(Color::Black) => black.territory += 1,
                Some(Color::White) => white.territory += 1,
                None => dame += u32::from(regions.is_fillable_dame(p)),
            },
            (Some(c), Some(StoneStatus::Dead)) => {
                // A dead stone is a prisoner of the opponent, and its point the opponent's
                // territory when the region is.
                let opp = c.opponent();
                let s = if opp == Color::Black {
                    &mut black
                } else {
                    &mut white
                };
                if regions.territory_of(p) == Some(opp) {
                    s.dead_enemy_stones += 1;
                } else {
                    s.captures += 1;
                }
            }
            (Some(Color::Black), _) => black.stones += 1,
            (Some(Color::White), _) => white.stones += 1,
        }
    }
    let (first, second) = (dame.div_ceil(2), dame / 2);
    match fs.to_move {
        Color::Black => (black.dame_filled, white.dame_filled) = (first, second),
        Color::White => (white.dame_filled, black.dame_filled) = (first, second),
    }
    FinalScore {
        rules,
        komi,
        black,
        white,
    }
}

/// The empty points whose owner under `fs` is `owner` (`None`: dame and seki points), in
/// board order.
pub fn empty_points_owned(board: &Board, fs: &FinalStatus, owner: Option<Color>) -> Vec<Point> {
    let regions = Regions::new(board, fs);
    board
        .points()
        .filter(|&p| board.cell(p) == Cell::Empty && regions.territory_of(p) == owner)
        .collect()
}

#[cfg(test)]
mod tests;
