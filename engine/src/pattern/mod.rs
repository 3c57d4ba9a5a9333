//! The board-access contract that generated pattern matchers compile against.
//!
//! `pattern-dsl` knows nothing about the engine: the code it generates calls the methods of
//! [`PatternBoard`] by name (through the path `::tesuji_engine::pattern`), so any board that
//! implements this trait can be matched. Coordinates are plain `(x, y)` integers, `x` the
//! column from the left and `y` the row from the top (the way figures are drawn), both 0-based;
//! a coordinate outside `0..size` is off the board. Everything is seen from one side, `us`,
//! which makes every matcher colour-agnostic: the colour-swapped match is the same code asked
//! about the other side.

use crate::board::Color;

/// Distance between vertically adjacent cells of [`PatternBoard::cells`]: the board's stride.
pub const STRIDE: i32 = crate::board::STRIDE as i32;
/// Length of [`PatternBoard::cells`].
pub const NUM_CELLS: usize = crate::board::NUM_CELLS;

/// Maps a cell of [`PatternBoard::cells`] (seen by Black) to its code as seen by `us`: the
/// colour symmetry is this table, not a second matcher.
#[inline(always)]
pub const fn code_map(us: Color) -> [u8; 4] {
    match us {
        Color::Black => [EMPTY, OURS, THEIRS, OFF_BOARD],
        Color::White => [EMPTY, THEIRS, OURS, OFF_BOARD],
    }
}

/// The largest board side a matcher handles.
pub const MAX_SIZE: i32 = crate::board::MAX_SIZE as i32;

/// Fills `buf`, a square array of stride `wide` (at least the board's side plus `2 * border`),
/// with the codes of `board` as seen by `us`, the board's point `(x, y)` at
/// `(y + border) * wide + x + border`, and [`OFF_BOARD`] everywhere else: what a generated
/// `scan` matches on.
pub fn fill_wide<B: PatternBoard + ?Sized>(
    board: &B,
    us: Color,
    border: i32,
    wide: i32,
    buf: &mut [u8],
) {
    buf.fill(OFF_BOARD);
    let n = board.size().clamp(0, MAX_SIZE);
    let map = code_map(us);
    let row = |y: i32| ((y + border) * wide + border) as usize;
    match board.cells() {
        Some(cells) => {
            for y in 0..n {
                let src = &cells[((y + 1) * STRIDE + 1) as usize..][..n as usize];
                let dst = &mut buf[row(y)..][..n as usize];
                for (d, s) in dst.iter_mut().zip(src) {
                    *d = map[(s & 3) as usize];
                }
            }
        }
        None => {
            for y in 0..n {
                let dst = &mut buf[row(y)..][..n as usize];
                for (x, d) in dst.iter_mut().enumerate() {
                    *d = board.code(x as i32, y, us) & 3;
                }
            }
        }
    }
}

/// Copies into `buf` (a bordered board of stride `wide`, as [`fill_wide`] fills, already
/// [`OFF_BOARD`] where no point is written) the window of the board of side `n` whose padded
/// cells (see [`PatternBoard::cells`]) are `cells`, around `(x, y)`: `reach` columns to the
/// left and right, rows above and below (`[left, right, up, down]`), as seen by `us`, with
/// `(x, y)` at `buf[base]`. Points off the board are not written. What a generated `match_at`
/// runs the decision tree on, the same tree as `scan`'s on the whole board.
#[allow(clippy::too_many_arguments)]
pub fn fill_window(
    cells: &[u8],
    n: i32,
    x: i32,
    y: i32,
    us: Color,
    reach: [i32; 4],
    wide: i32,
    base: usize,
    buf: &mut [u8],
) {
    let n = n.clamp(0, MAX_SIZE);
    let [left, right, up, down] = reach;
    let (x0, x1) = ((x - left).max(0), (x + right).min(n - 1));
    if x0 > x1 {
        return;
    }
    let len = (x1 - x0 + 1) as usize;
    for py in (y - up).max(0)..=(y + down).min(n - 1) {
        let src = ((py + 1) * STRIDE + x0 + 1) as usize;
        let dst = base as isize + ((py - y) * wide + x0 - x) as isize;
        let (Some(src), Some(dst)) = (
            cells.get(src..src + len),
            usize::try_from(dst)
                .ok()
                .and_then(|d| buf.get_mut(d..d + len)),
        ) else {
            continue;
        };
        match us {
            Color::Black => {
                for (d, s) in dst.iter_mut().zip(src) {
                    *d = s & 3;
                }
            }
            // Swaps 1 and 2 (the two colours), keeps 0 and 3.
            Color::White => {
                for (d, s) in dst.iter_mut().zip(src) {
                    let s = s & 3;
                    *d = s ^ (((s ^ (s >> 1)) & 1) * 3);
                }
            }
        }
    }
}

/// The padded cell array of a board that has none, built from [`PatternBoard::code`].
pub fn padded_codes<B: PatternBoard + ?Sized>(board: &B) -> Vec<u8> {
    let mut cells = vec![OFF_BOARD; NUM_CELLS];
    let n = board.size().min(crate::board::MAX_SIZE as i32);
    for y in 0..n {
        for x in 0..n {
            cells[((y + 1) * STRIDE + x + 1) as usize] = board.code(x, y, Color::Black) & 3;
        }
    }
    cells
}

/// Code of an empty point.
pub const EMPTY: u8 = 0;
/// Code of a stone of the side the matcher is asked about (`O` in a figure).
pub const OURS: u8 = 1;
/// Code of an opponent stone (`X` in a figure).
pub const THEIRS: u8 = 2;
/// Code of a point off the board (`#` in a figure).
pub const OFF_BOARD: u8 = 3;

/// Result codes of reading predicates, GNU Go's numbering.
pub const WIN: i32 = 1;
/// Success through a ko the side to move takes first.
pub const KO_A: i32 = 2;
/// Success through a ko that needs a threat first.
pub const KO_B: i32 = 3;

/// What a generated matcher may ask of a board.
///
/// The first two methods serve the figure; the rest form the fixed registry of predicates that
/// pattern conditions may call (`lib(a)`, `stones(a)`, ...). The registry lives in
/// `pattern-dsl` (names, arities, types); this trait is its engine side, one method each.
pub trait PatternBoard {
    /// Side length of the board.
    fn size(&self) -> i32;

    /// The point at `(x, y)` as seen by `us`: [`EMPTY`], [`OURS`], [`THEIRS`] or [`OFF_BOARD`].
    /// Must answer [`OFF_BOARD`] for any coordinate outside the board, however far.
    fn code(&self, x: i32, y: i32, us: Color) -> u8;

    /// The board's padded cell array, if it has one: cell `(x, y)` at index
    /// `(y + 1) * STRIDE + x + 1`, coded as seen by Black ([`EMPTY`], 1 a black stone, 2 a
    /// white one, [`OFF_BOARD`]); at least [`NUM_CELLS`] long, correct for every on-board point.
    /// Generated matchers read it by constant offsets. `None` (the default) makes them build
    /// such an array from [`PatternBoard::code`] first: fine for tests, slow for a hot path.
    fn cells(&self) -> Option<&[u8]> {
        None
    }

    /// Liberties of the string at `(x, y)`; 0 for an empty point.
    fn lib(&self, x: i32, y: i32) -> i32;

    /// Stones of the string at `(x, y)`; 0 for an empty point.
    fn stones(&self, x: i32, y: i32) -> i32;

    /// Liberties `us` would have at `(x, y)` after playing there (captures included);
    /// 0 when the move is illegal.
    fn libs_after(&self, x: i32, y: i32, us: Color) -> i32;

    /// Playing `us` at `(x, y)` leaves the new string in atari (or is illegal).
    fn self_atari(&self, x: i32, y: i32, us: Color) -> bool;

    /// `(x, y)` is the point the next player may not retake at (simple ko), or a stone that
    /// could be captured back at once as a ko.
    fn ko(&self, x: i32, y: i32) -> bool;

    /// Distance of `(x, y)` to the nearest edge: 0 on the first line.
    fn edge_dist(&self, x: i32, y: i32) -> i32;

    /// Tactical attack on the string at `(x, y)`: 0, [`WIN`], [`KO_A`] or [`KO_B`].
    fn attack(&self, x: i32, y: i32) -> i32;

    /// Tactical defence of the string at `(x, y)`: 0, [`WIN`], [`KO_A`] or [`KO_B`].
    fn defend(&self, x: i32, y: i32) -> i32;

    /// The stones at `(x1, y1)` and `(x2, y2)` are connected (same string or a safe link).
    fn connected(&self, x1: i32, y1: i32, x2: i32, y2: i32) -> bool;
}

// ---------------------------------------------------------------------------------------------
// Runtime types of generated matchers.
//
// `pattern-dsl` emits, per database, static tables of the types below and a decision tree over
// the cells of [`PatternBoard::cells`] as straight-line Rust. See docs/pattern-language.md.

/// One of the 8 symmetries of the square, acting on offsets from the anchor `*`
/// (`x` to the right, `y` downwards, as figures are drawn).
///
/// The discriminants are those of `pattern_dsl::ir::Transform`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Transform {
    /// `(x, y) -> (x, y)`
    Identity = 0,
    /// A quarter turn clockwise as drawn: `(x, y) -> (-y, x)`.
    Rot90 = 1,
    /// A half turn: `(x, y) -> (-x, -y)`.
    Rot180 = 2,
    /// A quarter turn anticlockwise as drawn: `(x, y) -> (y, -x)`.
    Rot270 = 3,
    /// Mirror left-right: `(x, y) -> (-x, y)`.
    FlipX = 4,
    /// Mirror top-bottom: `(x, y) -> (x, -y)`.
    FlipY = 5,
    /// Mirror in the main diagonal: `(x, y) -> (y, x)`.
    Transpose = 6,
    /// Mirror in the anti-diagonal: `(x, y) -> (-y, -x)`.
    AntiTranspose = 7,
}

impl Transform {
    /// All 8 transformations in discriminant order.
    pub const ALL: [Transform; 8] = [
        Transform::Identity,
        Transform::Rot90,
        Transform::Rot180,
        Transform::Rot270,
        Transform::FlipX,
        Transform::FlipY,
        Transform::Transpose,
        Transform::AntiTranspose,
    ];

    /// Applies the transformation to an offset.
    pub const fn apply(self, dx: i32, dy: i32) -> (i32, i32) {
        match self {
            Transform::Identity => (dx, dy),
            Transform::Rot90 => (-dy, dx),
            Transform::Rot180 => (-dx, -dy),
            Transform::Rot270 => (dy, -dx),
            Transform::FlipX => (-dx, dy),
            Transform::FlipY => (dx, -dy),
            Transform::Transpose => (dy, dx),
            Transform::AntiTranspose => (-dy, -dx),
        }
    }

    /// The index 0..8.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The name used in `symmetry` attributes of `.db` files.
    pub const fn name(self) -> &'static str {
        match self {
            Transform::Identity => "identity",
            Transform::Rot90 => "rot90",
            Transform::Rot180 => "rot180",
            Transform::Rot270 => "rot270",
            Transform::FlipX => "flip_x",
            Transform::FlipY => "flip_y",
            Transform::Transpose => "transpose",
            Transform::AntiTranspose => "antitranspose",
        }
    }
}

/// The kind of a pattern database (its `kind` directive).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Changes the value of the move by `value` percent.
    Efficiency,
    /// Attacks the opponent string at the target.
    Attack,
    /// Defends our string at the target.
    Defense,
    /// Links our two strings at the targets.
    Connection,
    /// A joseki move worth `value`.
    Joseki,
    /// A vital move against a dragon, ranked by `value` (owl search).
    OwlAttack,
    /// A vital move for a dragon's life, ranked by `value` (owl search).
    OwlDefense,
    /// A move-prediction model: `value` is 100 ln γ of a shape, or of one level of a move
    /// feature (`feature`), learned from game records (`tesuji patterns train`).
    Prior,
    /// A shape of the playout policy: a move next to the last one that the Monte Carlo
    /// playouts prefer, weighted by `value` (100 ln of its relative weight).
    Playout,
    /// Anything else (`value` optional).
    Generic,
}

/// How a joseki move stands in its joseki (the `mark` attribute of `joseki` patterns).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// Not a joseki pattern.
    None,
    /// A standard joseki move.
    Good,
    /// A trick play: good only if the opponent misses the refutation.
    Trick,
    /// A mistake, in the database so that its refutation is known; never to be played.
    Bad,
}

/// What generated code knows about one pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PatternInfo {
    /// Name, unique in its database.
    pub name: &'static str,
    /// The database's kind.
    pub kind: Kind,
    /// The `value` attribute (efficiency: percent change of the move value; joseki: value);
    /// 0 when the kind has none.
    pub value: i32,
    /// The joseki `mark` attribute: how the move stands in its joseki ([`Mark::None`] for
    /// the other kinds).
    pub mark: Mark,
    /// Labels of the points named by the kind's attribute: the attacked or defended string
    /// (one), the two linked strings (two), or none. [`Match::targets`] resolves them.
    pub targets: &'static [char],
    /// 1-based line of the `pattern` header in the `.db` file.
    pub line: u32,
    /// Number of distinct transformations the pattern is matched (or, `lookup`, looked up)
    /// under (1..=8).
    pub transforms: u8,
    /// The figure as drawn, rows separated by `\n`.
    pub figure: &'static str,
    /// The `feature NAME LEVEL` attribute of a prior pattern: it weighs that level of a move
    /// feature (`play::prior::Feature`) and its figure (`*` alone) is not a shape.
    pub feature: Option<(&'static str, u8)>,
    /// The `lookup` attribute of a prior pattern: the engine finds it by its figure in a
    /// table (`play::prior`'s wide and large shapes); no matcher reports it.
    pub lookup: bool,
}

/// One pattern under one of its transformations: a row of a generated table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variant {
    /// Index of the pattern in the database's `PATTERNS`.
    pub pattern: u32,
    /// The transformation applied to the figure.
    pub transform: Transform,
    /// Transformed offsets of the pattern's labels; the targets come first.
    pub points: &'static [(i8, i8)],
}

impl Variant {
    /// Board coordinates of label `i` for an anchor at `(x, y)`.
    #[inline(always)]
    pub fn point(&self, i: usize, x: i32, y: i32) -> (i32, i32) {
        let (dx, dy) = self.points[i];
        (x + dx as i32, y + dy as i32)
    }
}

/// A pattern match reported by a generated matcher.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Match {
    /// Index of the pattern in the database's `PATTERNS`.
    pub pattern: usize,
    /// The transformation under which it matched.
    pub transform: Transform,
    /// Column of the anchor `*` (the move).
    pub x: i32,
    /// Row of the anchor `*` (the move).
    pub y: i32,
    /// Board coordinates of the targets; only the first `target_count` are meaningful.
    pub target_points: [(i32, i32); 2],
    /// Number of targets (see [`PatternInfo::targets`]).
    pub target_count: u8,
}

impl Match {
    /// The board coordinates of the points the kind's attribute names: the attacked or
    /// defended string, the two linked strings, or nothing.
    pub fn targets(&self) -> &[(i32, i32)] {
        &self.target_points[..self.target_count as usize]
    }

    /// The first target, if any.
    pub fn target(&self) -> Option<(i32, i32)> {
        self.targets().first().copied()
    }
}

/// What a generated database module knows about itself, for the stages that look patterns
/// up (names, values, footprints); matching is the module's generated `match_at`.
#[derive(Debug)]
pub struct Tables {
    /// The patterns.
    pub patterns: &'static [PatternInfo],
    /// Every offset from the anchor that some variant constrains.
    pub footprint: &'static [(i8, i8)],
    /// Every (pattern, distinct transformation), pattern-major.
    pub variants: &'static [Variant],
}

impl Tables {
    /// The tables of a generated database.
    pub const fn new(
        patterns: &'static [PatternInfo],
        footprint: &'static [(i8, i8)],
        variants: &'static [Variant],
    ) -> Tables {
        Tables {
            patterns,
            footprint,
            variants,
        }
    }
}

/// The variants whose figure matched at one anchor, as a generated decision tree records
/// them (in tree order); [`Hits::sorted`] gives them back in table order. Up to 64 live on
/// the stack; more spill to the heap.
pub struct Hits {
    len: usize,
    buf: [u32; 64],
    spill: Vec<u32>,
}

impl Default for Hits {
    fn default() -> Hits {
        Hits::new()
    }
}

impl Hits {
    /// No hits.
    #[inline(always)]
    pub const fn new() -> Hits {
        Hits {
            len: 0,
            buf: [0; 64],
            spill: Vec::new(),
        }
    }

    /// Records variant `v`.
    #[inline(always)]
    pub fn push(&mut self, v: u32) {
        if self.len < self.buf.len() {
            self.buf[self.len] = v;
            self.len += 1;
        } else {
            self.spill.push(v);
        }
    }

    /// Whether nothing was recorded.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The recorded variants in ascending order.
    pub fn sorted(&mut self) -> &[u32] {
        if self.spill.is_empty() {
            let s = &mut self.buf[..self.len];
            // Insertion sort: usually a handful of hits, mostly in order already.
            for i in 1..s.len() {
                let mut j = i;
                while j > 0 && s[j - 1] > s[j] {
                    s.swap(j - 1, j);
                    j -= 1;
                }
            }
            s
        } else {
            self.spill.extend_from_slice(&self.buf[..self.len]);
            self.spill.sort_unstable();
            &self.spill
        }
    }

    /// Forgets every hit.
    #[inline(always)]
    pub fn clear(&mut self) {
        self.len = 0;
        self.spill.clear();
    }
}

/// Reports variant `v` of a database with patterns `patterns`, anchored at `(x, y)`, to `f`.
#[inline]
pub fn report(patterns: &[PatternInfo], v: &Variant, x: i32, y: i32, f: &mut impl FnMut(Match)) {
    let info = &patterns[v.pattern as usize];
    let mut m = Match {
        pattern: v.pattern as usize,
        transform: v.transform,
        x,
        y,
        target_points: [(0, 0); 2],
        target_count: info.targets.len() as u8,
    };
    for i in 0..info.targets.len().min(2) {
        m.target_points[i] = v.point(i, x, y);
    }
    f(m);
}

/// The figure half of a generated matcher, which a [`MatchIndex`] calls: every generated
/// database module has one, `FIGURES`.
#[derive(Debug)]
pub struct Figures {
    /// Every offset from the anchor that some variant constrains.
    pub footprint: &'static [(i8, i8)],
    /// Records in `hits` the variants whose figure matches at `(x, y)`, on the board of side
    /// `n` whose padded cell array (see [`PatternBoard::cells`]) is `cells`, seen by `us`.
    /// `(x, y)` must be on the board. Conditions are not run.
    pub at: fn(cells: &[u8], n: i32, x: i32, y: i32, us: Color, hits: &mut Hits),
    /// How far from the anchor the footprint reaches.
    pub radius: i32,
    /// [`Figures::at`] on a bordered copy of the board (see [`fill_wide`]) of stride
    /// `MAX_SIZE + 2 * radius` and border `radius`, already seen by `us`, for the anchor at
    /// `buf[base]`.
    pub wide: fn(buf: &[u8], base: i32, hits: &mut Hits),
    /// The database's variants in parts by radius, a decision tree each; [`Figures::wide`]
    /// runs them all. A changed point makes an anchor re-match only the parts whose
    /// footprint covers it and that may change there (see [`MatchIndex`]).
    pub parts: &'static [Part],
}

/// One part of a [`Figures`]: some of its variants (those of a range of radii) and their tree.
#[derive(Debug)]
pub struct Part {
    /// Every offset from the anchor that a variant of the part constrains.
    pub footprint: &'static [(i8, i8)],
    /// For each offset of `footprint`, the changes of its content (bit `old * 4 + new`, the
    /// codes as the matcher's side sees them) that make a test of some variant there pass
    /// where it failed: the changes after which a variant of the part may start to match.
    pub gains: &'static [u16],
    /// The anchors where a variant of the part can match as far as the board's edges go:
    /// for board sizes 1 to 25 in turn, a bit per anchor (`y * n + x`; size `n` from bit
    /// `(n - 1) n (2n - 1) / 6`). Empty: every anchor.
    pub possible: &'static [u64],
    /// [`Figures::wide`] for the part's variants only.
    pub wide: fn(buf: &[u8], base: i32, hits: &mut Hits),
}

impl Part {
    /// Whether a variant of the part can match at `(x, y)` on a board of side `n` (see
    /// [`Part::possible`]; true when it does not say).
    pub fn possible_at(&self, n: i32, x: i32, y: i32) -> bool {
        if self.possible.is_empty() || !(1..=25).contains(&n) {
            return true;
        }
        let at = ((n - 1) * n * (2 * n - 1) / 6 + y * n + x) as usize;
        self.possible
            .get(at / 64)
            .is_none_or(|w| w >> (at % 64) & 1 == 1)
    }
}

/// The figure matches of one database on one board for one side, kept up to date move by
/// move: [`MatchIndex::update`] compares the board's cells with the ones it last saw (a
/// move, its captures, or an undo of both) and re-matches, at the anchors around each changed
/// point, only the parts of the database ([`Figures::parts`]) that may have changed there:
/// those whose footprint covers the point, that can match at the anchor at all
/// ([`Part::possible`]), and that either had hits there or have a test at that offset which
/// the change makes pass ([`Part::gains`]). What it holds equals a full rescan's figure
/// matches, anchor for anchor; conditions are not cached (they may read far beyond the
/// footprint, e.g. liberties), so the generated `index_matches` runs them when the matches
/// are asked for.
pub struct MatchIndex {
    figures: &'static Figures,
    us: Color,
    n: i32,
    cells: Vec<u8>,
    /// The board with a border of the footprint's radius, seen by `us` (see [`fill_wide`]).
    wide: Vec<u8>,
    stride: i32,
    /// The trees the index runs, a part each: the database's parts, or its whole tree as one
    /// part when it has none or more than 31.
    runs: Vec<fn(&[u8], i32, &mut Hits)>,
    /// Every part's bit.
    every: u32,
    /// Per part `k` and point `p = y * n + x`, at `k * n * n + p`: the part's variants whose
    /// figure matches there, ascending.
    hits: Vec<Vec<u32>>,
    /// Per cell of `wide`: bit `k` when part `k` has hits there.
    hit_parts: Vec<u32>,
    /// Offsets in `wide` from a changed point to the anchors it may affect (the parts'
    /// footprints reflected), ...
    reach: Vec<isize>,
    /// ... the parts whose footprint covers the changed point from there, ...
    reach_parts: Vec<u32>,
    /// ... and, for each change of the point's content `t = old * 4 + new`, at
    /// `t * reach.len() + i`, the parts where the change makes a test pass that failed.
    reach_gains: Vec<u32>,
    /// Per cell of `wide`: the parts to re-match there in this update (0: not touched yet).
    pending: Vec<u32>,
    /// Per cell of `wide`: the parts that can match there at all ([`Part::possible_at`]);
    /// 0 off the board.
    possible: Vec<u32>,
    /// Per cell of `wide`: its point `y * n + x` (0 off the board).
    point: Vec<u16>,
    /// The cells of `wide` with pending parts, in the order first touched.
    touched: Vec<u32>,
    /// An anchor's new hits of one part, before they replace the old ones.
    scratch: Hits,
    rematched: usize,
    /// What the last updates replaced, so that one which reverts them (an undo) restores
    /// the hits instead of re-matching.
    journal: Journal,
}

/// The undo journal of a [`MatchIndex`]: per update, the cells it changed with their old
/// contents and the old hits of every (part, anchor) whose hits it changed, in flat buffers
/// that keep their capacity (a search's play and undo allocate nothing once they have grown).
#[derive(Default)]
struct Journal {
    /// Per update: where its cells, anchors and hits start in the buffers below.
    entries: Vec<(u32, u32, u32)>,
    /// Changed cell (index into the padded cell array) and its content before the update.
    cells: Vec<(u16, u8)>,
    /// Index into [`MatchIndex::hits`] whose hits changed, and how many of its old hits
    /// follow in `hits`.
    anchors: Vec<(u32, u32)>,
    hits: Vec<u32>,
}

/// Updates the journal remembers: deeper than any search line, small enough to stay cheap.
const JOURNAL_DEPTH: usize = 256;

impl Journal {
    fn clear(&mut self) {
        self.entries.clear();
        self.cells.clear();
        self.anchors.clear();
        self.hits.clear();
    }

    /// The last update changed exactly the cells `changed` lists (ascending, with their
    /// contents now), from these contents: the board is back where it was before it.
    fn reverts_last(&self, changed: &[(u16, u8)]) -> bool {
        self.entries
            .last()
            .is_some_and(|&(c, _, _)| self.cells[c as usize..] == *changed)
    }
}

impl std::fmt::Debug for MatchIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MatchIndex")
            .field("us", &self.us)
            .field("size", &self.n)
            .field(
                "anchors",
                &self.hit_parts.iter().filter(|&&h| h != 0).count(),
            )
            .finish()
    }
}

impl MatchIndex {
    /// The index of `board` for `us`: a full scan.
    pub fn new<B: PatternBoard + ?Sized>(
        figures: &'static Figures,
        board: &B,
        us: Color,
    ) -> MatchIndex {
        // The parts, or the whole tree as one part, each with its footprint and gains.
        type PartView = (
            fn(&[u8], i32, &mut Hits),
            &'static [(i8, i8)],
            Option<&'static [u16]>,
        );
        let views: Vec<PartView> = if (1..=31).contains(&figures.parts.len()) {
            figures
                .parts
                .iter()
                .map(|p| (p.wide, p.footprint, Some(p.gains)))
                .collect()
        } else {
            vec![(figures.wide, figures.footprint, None)]
        };
        let stride = MAX_SIZE + 2 * figures.radius;
        // Per offset from a changed point to an anchor, row by row: the parts, the gains.
        let mut offsets: std::collections::BTreeMap<(i32, i32), (u32, [u32; 16])> =
            Default::default();
        for (k, &(_, footprint, gains)) in views.iter().enumerate() {
            for (i, &(dx, dy)) in footprint.iter().enumerate() {
                if (dx, dy) == (0, 0) {
                    continue;
                }
                let e = offsets
                    .entry((-(dy as i32), -(dx as i32)))
                    .or_insert((0, [0; 16]));
                e.0 |= 1 << k;
                // Without gains (or a gain short of the footprint), every change counts.
                let g = gains.map_or(u16::MAX, |g| g.get(i).copied().unwrap_or(u16::MAX));
                for t in 0..16 {
                    if g >> t & 1 == 1 {
                        e.1[t] |= 1 << k;
                    }
                }
            }
        }
        let reach: Vec<isize> = offsets
            .keys()
            .map(|&(dy, dx)| dy as isize * stride as isize + dx as isize)
            .collect();
        let reach_parts: Vec<u32> = offsets.values().map(|v| v.0).collect();
        let reach_gains: Vec<u32> = (0..16)
            .flat_map(|t| offsets.values().map(move |v| v.1[t]))
            .collect();
        let every = (1u32 << views.len()) - 1;
        let mut index = MatchIndex {
            figures,
            us,
            n: 0,
            cells: Vec::new(),
            wide: Vec::new(),
            stride,
            runs: views.iter().map(|v| v.0).collect(),
            every,
            hits: Vec::new(),
            hit_parts: Vec::new(),
            reach,
            reach_parts,
            reach_gains,
            pending: Vec::new(),
            possible: Vec::new(),
            point: Vec::new(),
            touched: Vec::new(),
            scratch: Hits::new(),
            rematched: 0,
            journal: Journal::default(),
        };
        index.rescan(board);
        index
    }

    /// The side the index matches for.
    pub fn us(&self) -> Color {
        self.us
    }

    /// Anchors re-matched (some tree run there) by the last update (or scan).
    pub fn rematched(&self) -> usize {
        self.rematched
    }

    /// Forgets everything and matches every anchor of `board`.
    pub fn rescan<B: PatternBoard + ?Sized>(&mut self, board: &B) {
        self.n = board.size().clamp(0, MAX_SIZE);
        self.cells = match board.cells() {
            Some(c) if c.len() >= NUM_CELLS => c[..NUM_CELLS].to_vec(),
            _ => padded_codes(board),
        };
        self.wide
            .resize((self.stride * self.stride) as usize, OFF_BOARD);
        fill_wide(
            board,
            self.us,
            self.figures.radius,
            self.stride,
            &mut self.wide,
        );
        let points = (self.n * self.n) as usize;
        self.hits.iter_mut().for_each(Vec::clear);
        self.hits.resize_with(points * self.runs.len(), Vec::new);
        let cells = self.wide.len();
        self.hit_parts = vec![0; cells];
        self.pending = vec![0; cells];
        self.possible = vec![0; cells];
        self.point = vec![0; cells];
        let r = self.figures.radius;
        let whole = self.runs.len() == 1 && self.figures.parts.len() != 1;
        for y in 0..self.n {
            for x in 0..self.n {
                let base = ((y + r) * self.stride + x + r) as usize;
                self.point[base] = (y * self.n + x) as u16;
                self.possible[base] = if whole {
                    self.every
                } else {
                    self.figures
                        .parts
                        .iter()
                        .enumerate()
                        .filter(|(_, part)| part.possible_at(self.n, x, y))
                        .fold(0, |m, (k, _)| m | 1 << k)
                };
            }
        }
        self.touched.clear();
        self.rematched = 0;
        self.journal.clear();
        for y in 0..self.n {
            for x in 0..self.n {
                let base = (y + r) * self.stride + x + r;
                self.rematch(base as usize, self.every, false);
            }
        }
    }

    /// Brings the index up to date with `board` (the same board, or one that differs from
    /// the last one seen by any number of moves, undos and captures).
    pub fn update<B: PatternBoard + ?Sized>(&mut self, board: &B) {
        if board.size().clamp(0, MAX_SIZE) != self.n {
            return self.rescan(board);
        }
        let owned;
        let now: &[u8] = match board.cells() {
            Some(c) if c.len() >= NUM_CELLS => &c[..NUM_CELLS],
            _ => {
                owned = padded_codes(board);
                &owned
            }
        };
        self.rematched = 0;
        // Eight cells at a time: a move changes one point and its captures, so nearly every
        // word is equal.
        let (old, new) = (&self.cells[..], now);
        // Each changed cell with its new content, ascending.
        let mut changed = [(0u16, 0u8); 64];
        let mut n_changed = 0;
        let mut overflow = false;
        let mut diff = |at: usize, a: &[u8], b: &[u8]| {
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                if x != y {
                    if n_changed < changed.len() {
                        changed[n_changed] = ((at + i) as u16, *y);
                        n_changed += 1;
                    } else {
                        overflow = true;
                    }
                }
            }
        };
        // 32 bytes at a time, then 8, then the rest.
        let word = |c: &[u8], i: usize| {
            u64::from_ne_bytes(
                c.get(i..i + 8)
                    .and_then(|w| w.try_into().ok())
                    .unwrap_or([0; 8]),
            )
        };
        let mut at = 0;
        while at + 32 <= old.len() {
            let (a, b) = (&old[at..at + 32], &new[at..at + 32]);
            let x = (word(a, 0) ^ word(b, 0))
                | (word(a, 8) ^ word(b, 8))
                | (word(a, 16) ^ word(b, 16))
                | (word(a, 24) ^ word(b, 24));
            if x != 0 {
                diff(at, a, b);
            }
            at += 32;
        }
        while at + 8 <= old.len() {
            let (a, b) = (&old[at..at + 8], &new[at..at + 8]);
            if word(a, 0) != word(b, 0) {
                diff(at, a, b);
            }
            at += 8;
        }
        diff(at, &old[at..], &new[at..]);
        if overflow {
            return self.rescan(board);
        }
        let changed = &changed[..n_changed];
        if changed.is_empty() {
            return;
        }
        let reverting = self.journal.reverts_last(changed);
        if !reverting {
            // Record the old contents before they are overwritten.
            if self.journal.entries.len() == JOURNAL_DEPTH {
                self.journal.clear();
            }
            let j = &mut self.journal;
            j.entries.push((
                j.cells.len() as u32,
                j.anchors.len() as u32,
                j.hits.len() as u32,
            ));
            j.cells
                .extend(changed.iter().map(|&(c, _)| (c, self.cells[c as usize])));
        }
        // Each changed point of the board with its old and new code, as `us` sees them.
        let mut points = [(0i32, 0i32, 0u8, 0u8); 64];
        let mut n_points = 0;
        for &(c, v) in changed {
            self.cells[c as usize] = v;
            let (x, y) = ((c as i32 % STRIDE) - 1, (c as i32 / STRIDE) - 1);
            if let Some((old, new)) = self.set_wide(x, y) {
                points[n_points] = (x, y, old, new);
                n_points += 1;
            }
        }
        if reverting {
            self.restore_last();
            return;
        }
        for &(x, y, old, new) in &points[..n_points] {
            self.touch(x, y, old, new);
        }
        self.rematch_touched(true);
    }

    /// Puts back the hits the last journaled update replaced, and forgets it.
    fn restore_last(&mut self) {
        let Some((cells, anchors, hits)) = self.journal.entries.pop() else {
            return;
        };
        let points = (self.n * self.n).max(1) as usize;
        let r = self.figures.radius;
        let mut from = hits as usize;
        for &(i, len) in &self.journal.anchors[anchors as usize..] {
            let old = &self.journal.hits[from..from + len as usize];
            from += len as usize;
            let h = &mut self.hits[i as usize];
            h.clear();
            h.extend_from_slice(old);
            let (k, p) = (i as usize / points, (i as usize % points) as i32);
            let (x, y) = (p % self.n, p / self.n);
            let base = ((y + r) * self.stride + x + r) as usize;
            if old.is_empty() {
                self.hit_parts[base] &= !(1 << k);
            } else {
                self.hit_parts[base] |= 1 << k;
            }
        }
        self.journal.cells.truncate(cells as usize);
        self.journal.anchors.truncate(anchors as usize);
        self.journal.hits.truncate(hits as usize);
    }

    /// [`MatchIndex::update`] when the caller knows which points changed (`(x, y)`, each a
    /// point whose content differs from the board the index last saw).
    pub fn update_points<B: PatternBoard + ?Sized>(&mut self, board: &B, changed: &[(i32, i32)]) {
        if board.size().clamp(0, MAX_SIZE) != self.n {
            return self.rescan(board);
        }
        self.rematched = 0;
        // The journal pairs updates found by comparing whole boards; this one is not.
        self.journal.clear();
        let mut points = Vec::with_capacity(changed.len());
        for &(x, y) in changed {
            if (x as u32) >= self.n as u32 || (y as u32) >= self.n as u32 {
                continue;
            }
            let i = ((y + 1) * STRIDE + x + 1) as usize;
            self.cells[i] = match board.cells() {
                Some(c) if c.len() > i => c[i],
                _ => board.code(x, y, Color::Black) & 3,
            };
            if let Some((old, new)) = self.set_wide(x, y) {
                points.push((x, y, old, new));
            }
        }
        for (x, y, old, new) in points {
            self.touch(x, y, old, new);
        }
        self.rematch_touched(false);
    }

    /// Copies point `(x, y)` of `cells` into `wide` (seen by `us`): its old and new code
    /// there, if it is on the board.
    fn set_wide(&mut self, x: i32, y: i32) -> Option<(u8, u8)> {
        if (x as u32) >= self.n as u32 || (y as u32) >= self.n as u32 {
            return None;
        }
        let c = self.cells[((y + 1) * STRIDE + x + 1) as usize];
        let r = self.figures.radius;
        let cell = &mut self.wide[((y + r) * self.stride + x + r) as usize];
        let old = *cell;
        *cell = code_map(self.us)[(c & 3) as usize];
        Some((old, *cell))
    }

    /// Marks the parts to re-match around `(x, y)`, a changed point of the board whose code
    /// went from `old` to `new` (`wide` already up to date): every part at the point itself;
    /// at an empty anchor whose footprint covers it, the parts that can match there and
    /// either had hits there or have a test at that offset which the change makes pass. An
    /// occupied anchor other than the point itself had no hits and still has none.
    fn touch(&mut self, x: i32, y: i32, old: u8, new: u8) {
        let r = self.figures.radius;
        let at = ((y + r) * self.stride + x + r) as usize;
        self.mark(at, self.every);
        let t = ((old & 3) * 4 + (new & 3)) as usize;
        let len = self.reach.len();
        let gains = &self.reach_gains[t * len..(t + 1) * len];
        // Branch-free but for the bounds (never out: the offsets reach at most `r` rows and
        // columns, the border's width): an anchor is appended to `touched` always, and kept
        // (the count moves on) when it gets its first pending part.
        let mut count = self.touched.len();
        self.touched.resize(count + len, 0);
        let reach = self.reach.iter().zip(&self.reach_parts).zip(gains);
        for ((&off, &covered), &gained) in reach {
            let base = (at as isize).wrapping_add(off) as usize;
            let code = self.wide.get(base).copied().unwrap_or(OFF_BOARD);
            let empty = 0u32.wrapping_sub(u32::from(code == EMPTY));
            let (Some(&possible), Some(&had), Some(pending)) = (
                self.possible.get(base),
                self.hit_parts.get(base),
                self.pending.get_mut(base),
            ) else {
                continue;
            };
            let parts = covered & possible & (gained | had) & empty;
            self.touched[count] = base as u32;
            count += usize::from(*pending == 0 && parts != 0);
            *pending |= parts;
        }
        self.touched.truncate(count);
    }

    fn mark(&mut self, base: usize, parts: u32) {
        if self.pending[base] == 0 {
            self.touched.push(base as u32);
        }
        self.pending[base] |= parts;
    }

    /// Re-matches the pending parts of every touched anchor; with `journal`, saving in the
    /// journal's last entry the old hits of the (part, anchor) pairs whose hits change.
    fn rematch_touched(&mut self, journal: bool) {
        for i in 0..self.touched.len() {
            let base = self.touched[i] as usize;
            let parts = std::mem::take(&mut self.pending[base]);
            self.rematch(base, parts, journal);
        }
        self.touched.clear();
    }

    /// Re-matches the `parts` (bit `k` for part `k`) at the anchor at `base` in `wide`, a
    /// point of the board.
    fn rematch(&mut self, base: usize, parts: u32, journal: bool) {
        let p = self.point[base] as usize;
        let points = (self.n * self.n) as usize;
        let empty = self.wide[base] == EMPTY;
        // A part that cannot match here has no hits here.
        let mut parts = parts & self.possible[base];
        if empty && parts != 0 {
            self.rematched += 1;
        }
        while parts != 0 {
            let k = parts.trailing_zeros() as usize;
            parts &= parts - 1;
            self.scratch.clear();
            if empty {
                (self.runs[k])(&self.wide, base as i32, &mut self.scratch);
            }
            let i = k * points + p;
            let old = &mut self.hits[i];
            if old.is_empty() && self.scratch.is_empty() {
                continue;
            }
            let fresh = self.scratch.sorted();
            if old[..] != *fresh {
                if journal {
                    self.journal.anchors.push((i as u32, old.len() as u32));
                    self.journal.hits.extend_from_slice(old);
                }
                old.clear();
                old.extend_from_slice(fresh);
                if fresh.is_empty() {
                    self.hit_parts[base] &= !(1 << k);
                } else {
                    self.hit_parts[base] |= 1 << k;
                }
            }
        }
    }

    /// Calls `f(x, y, variants)` for every anchor with figure matches, row by row, the
    /// variants ascending (indices into the database's `VARIANTS`).
    pub fn for_each_hit(&self, mut f: impl FnMut(i32, i32, &[u32])) {
        let n = self.n.max(1);
        let points = (self.n * self.n) as usize;
        let parts = self.runs.len();
        let mut merged: Vec<u32> = Vec::new();
        for p in 0..points {
            let (x, y) = (p as i32 % n, p as i32 / n);
            if parts == 1 {
                if !self.hits[p].is_empty() {
                    f(x, y, &self.hits[p]);
                }
                continue;
            }
            merged.clear();
            for k in 0..parts {
                merged.extend_from_slice(&self.hits[k * points + p]);
            }
            if !merged.is_empty() {
                // The parts hold disjoint variants.
                merged.sort_unstable();
                f(x, y, &merged);
            }
        }
    }
}

/// A bit-parallel leaf of a generated decision tree kept as a table (the leaves a database's
/// tree does not emit as code, see `pattern_dsl::codegen::tree::UNROLLED_CELLS`): `full` has
/// a bit per variant of the leaf, and each cell, an offset from the anchor at `buf[base]` in
/// a bordered board, keeps the bits its code's mask has, until none is left; `ids[i]` is the
/// variant of bit `i`, recorded in `hits` when its bit is left.
#[inline(never)]
pub fn bit_leaf(
    buf: &[u8],
    base: usize,
    full: u64,
    cells: &[(isize, [u64; 4])],
    ids: &[u32],
    hits: &mut Hits,
) {
    let mut a = full;
    for (off, masks) in cells {
        let code = buf
            .get(base.wrapping_add_signed(*off))
            .copied()
            .unwrap_or(OFF_BOARD);
        a &= masks[(code & 3) as usize];
        if a == 0 {
            return;
        }
    }
    while a != 0 {
        if let Some(&v) = ids.get(a.trailing_zeros() as usize) {
            hits.push(v);
        }
        a &= a - 1;
    }
}
