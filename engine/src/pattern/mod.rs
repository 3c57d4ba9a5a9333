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
// `pattern-dsl` emits, per database, static tables of the types below plus one `conditions`
// function; [`Matcher`] does the (shared, generic) matching work. See docs/pattern-language.md.

use std::sync::OnceLock;

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
    /// Number of distinct transformations the pattern is matched under (1..=8).
    pub transforms: u8,
    /// The figure as drawn, rows separated by `\n`.
    pub figure: &'static str,
}

/// One pattern under one of its transformations: a row of a generated table.
///
/// The neighbourhood of an anchor is packed 2 bits a point ([`EMPTY`], [`OURS`], [`THEIRS`],
/// [`OFF_BOARD`]) in the order of the database's footprint, 64 points a `u128` word; the
/// variant matches when `word & mask == value` for word 0 and for each `(word, mask, value)`
/// of `more`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variant {
    /// Index of the pattern in the database's `PATTERNS`.
    pub pattern: u32,
    /// The transformation applied to the figure.
    pub transform: Transform,
    /// Mask of word 0.
    pub mask: u128,
    /// Expected bits of word 0.
    pub value: u128,
    /// Constraints on further words: `(word index, mask, value)`.
    pub more: &'static [(u8, u128, u128)],
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

/// Variants grouped by the codes of the four orthogonal neighbours of the anchor
/// (the low 8 bits of word 0): `items[starts[k]..starts[k + 1]]` lists, in ascending variant
/// order, the variants compatible with key `k`, with their word-0 mask and value copied in so
/// that a bucket is scanned sequentially.
#[derive(Debug)]
struct BucketIndex {
    starts: Vec<u32>,
    items: Vec<BucketItem>,
}

#[derive(Clone, Copy, Debug)]
struct BucketItem {
    mask: u128,
    value: u128,
    variant: u32,
}

impl BucketIndex {
    fn build(variants: &[Variant]) -> BucketIndex {
        let compatible =
            |v: &Variant, k: u32| (k & v.mask as u32 & 0xff) == (v.value as u32 & 0xff);
        let mut starts = vec![0u32; 257];
        for v in variants {
            for k in 0..256u32 {
                if compatible(v, k) {
                    starts[k as usize + 1] += 1;
                }
            }
        }
        for k in 0..256 {
            starts[k + 1] += starts[k];
        }
        let mut fill = starts.clone();
        let empty = BucketItem {
            mask: 0,
            value: 0,
            variant: 0,
        };
        let mut items = vec![empty; starts[256] as usize];
        for (i, v) in variants.iter().enumerate() {
            for k in 0..256u32 {
                if compatible(v, k) {
                    items[fill[k as usize] as usize] = BucketItem {
                        mask: v.mask,
                        value: v.value,
                        variant: i as u32,
                    };
                    fill[k as usize] += 1;
                }
            }
        }
        BucketIndex { starts, items }
    }
}

/// Window words kept on the stack: 640 points, enough for any corner joseki figure of up to
/// 12x12 points (offsets -12..=12 both ways) that `tesuji joseki import` draws, so matching
/// a joseki database allocates nothing. Bigger footprints spill to the heap.
const INLINE_WORDS: usize = 10;

/// The packed neighbourhood of one anchor, words filled on demand.
struct Window<'a> {
    footprint: &'a [(i8, i8)],
    inline: [u128; INLINE_WORDS],
    heap: Vec<u128>,
    filled: u64,
}

impl Window<'_> {
    #[inline(always)]
    fn word<B: PatternBoard + ?Sized>(
        &mut self,
        k: usize,
        b: &B,
        x: i32,
        y: i32,
        us: Color,
    ) -> u128 {
        let filled = if k < 64 {
            self.filled >> k & 1 == 1
        } else {
            false
        };
        if filled {
            return if k < INLINE_WORDS {
                self.inline[k]
            } else {
                self.heap[k - INLINE_WORDS]
            };
        }
        let mut w = 0u128;
        let lo = k * 64;
        let hi = (lo + 64).min(self.footprint.len());
        for (i, &(dx, dy)) in self.footprint[lo..hi].iter().enumerate() {
            let c = b.code(x + dx as i32, y + dy as i32, us) & 3;
            w |= (c as u128) << (2 * i);
        }
        if k < 64 {
            self.filled |= 1 << k;
        }
        if k < INLINE_WORDS {
            self.inline[k] = w;
        } else {
            if self.heap.len() <= k - INLINE_WORDS {
                self.heap.resize(k - INLINE_WORDS + 1, 0);
            }
            self.heap[k - INLINE_WORDS] = w;
        }
        w
    }
}

/// The generic matching engine behind every generated database module.
#[derive(Debug)]
pub struct Matcher {
    /// The patterns.
    pub patterns: &'static [PatternInfo],
    /// Offsets packed into the window, 2 bits each, 64 per word; the first four are always
    /// the orthogonal neighbours `(1,0) (0,1) (-1,0) (0,-1)`.
    pub footprint: &'static [(i8, i8)],
    /// Every (pattern, distinct transformation), pattern-major.
    pub variants: &'static [Variant],
    index: OnceLock<BucketIndex>,
}

impl Matcher {
    /// A matcher over generated tables.
    pub const fn new(
        patterns: &'static [PatternInfo],
        footprint: &'static [(i8, i8)],
        variants: &'static [Variant],
    ) -> Matcher {
        Matcher {
            patterns,
            footprint,
            variants,
            index: OnceLock::new(),
        }
    }

    fn index(&self) -> &BucketIndex {
        self.index.get_or_init(|| BucketIndex::build(self.variants))
    }

    /// Calls `f` for every variant whose `*` sits at `(x, y)`, whose figure matches and for
    /// which `conditions` holds, in table order (pattern-major).
    #[inline]
    pub fn match_at<B, C, F>(&self, board: &B, x: i32, y: i32, us: Color, conditions: C, f: &mut F)
    where
        B: PatternBoard + ?Sized,
        C: Fn(&B, &Variant, i32, i32, Color) -> bool,
        F: FnMut(Match),
    {
        if board.code(x, y, us) != EMPTY {
            return;
        }
        let index = self.index();
        let mut win = Window {
            footprint: self.footprint,
            inline: [0; INLINE_WORDS],
            heap: Vec::new(),
            filled: 0,
        };
        let w0 = win.word(0, board, x, y, us);
        let key = (w0 & 0xff) as usize;
        let (lo, hi) = (index.starts[key] as usize, index.starts[key + 1] as usize);
        for item in &index.items[lo..hi] {
            if w0 & item.mask != item.value {
                continue;
            }
            let v = &self.variants[item.variant as usize];
            if !v
                .more
                .iter()
                .all(|&(k, m, val)| win.word(k as usize, board, x, y, us) & m == val)
            {
                continue;
            }
            if !conditions(board, v, x, y, us) {
                continue;
            }
            let info = &self.patterns[v.pattern as usize];
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
    }

    /// [`Matcher::match_at`] at every empty point of the board, row by row.
    pub fn scan<B, C, F>(&self, board: &B, us: Color, conditions: C, f: &mut F)
    where
        B: PatternBoard + ?Sized,
        C: Fn(&B, &Variant, i32, i32, Color) -> bool,
        F: FnMut(Match),
    {
        let size = board.size();
        for y in 0..size {
            for x in 0..size {
                if board.code(x, y, us) == EMPTY {
                    self.match_at(board, x, y, us, &conditions, f);
                }
            }
        }
    }
}
