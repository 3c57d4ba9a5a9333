//! The board: points, stones, strings ("worms"), captures, ko, Zobrist hashing and undo.
//!
//! Layout: one padded one-dimensional array of fixed stride [`STRIDE`] for every board size,
//! so the four neighbours of a point are always `p ± 1` and `p ± STRIDE` and never need a
//! bounds check (the border cells read [`Cell::Border`]). A fixed stride keeps neighbour
//! offsets compile-time constants whatever the size.
//!
//! Strings are kept incrementally: every stone knows its string's representative (`head`),
//! stones of a string form a circular linked list (`next`), and each string keeps its stone
//! count and an exact liberty *set* as a bitset over the padded array. Merging is a bitwise OR,
//! a new liberty or a lost one is one bit; the liberty count is the set's population count,
//! kept alongside (and updated bit by bit, without a recount, unless several strings merge).
//! Captures are the only splits.
//!
//! `play`/`undo` form a make/unmake pair: each move pushes one small fixed-size record (no
//! liberty set in it; a merge of several strings saves the sets it overwrites on a side
//! stack), and undo rewinds exactly that move. Captured strings keep their `head`/`next` links
//! while off the board, so undo can put them back by walking the list.
//!
//! Speed: the hot paths (`play_unchecked`, `is_legal_simple`, `is_eye`) make one pass over
//! the neighbours and use the cell encoding (Black = 1, White = 2, Border = 3) to test several
//! neighbours with one AND instead of a branch each; random playouts mispredict branches a
//! lot. `clone_from` between boards of one size copies only the cells a board can change.

mod effect;
pub mod game;
mod geometry;
mod play_undo;
pub mod playout;
mod score;
pub mod sgf;
mod string;
mod zobrist;
pub(crate) use zobrist::mix as hash_mix;

pub use effect::MoveEffect;
pub use geometry::{Color, Move, ParseVertexError, Point, Vertex};
pub use score::{AreaScore, EightCells, flood_empty_region};

pub use string::LibIter;
use string::LibSet;
use thiserror::Error;

/// Largest board side (the GTP limit).
pub const MAX_SIZE: usize = 25;
/// Smallest board side accepted.
pub const MIN_SIZE: usize = 1;
/// Distance between vertically adjacent points: 25 columns plus one shared border column.
pub const STRIDE: usize = MAX_SIZE + 1;
/// Number of cells in the padded array: a border row above and below, one border column.
pub const NUM_CELLS: usize = (MAX_SIZE + 2) * STRIDE + 1;

/// Length of the run of cells from a point's north-west neighbour to its south-east one
/// ([`Board::cells_around`]).
pub const AROUND_LEN: usize = 2 * STRIDE + 3;

/// Where a point and its eight neighbours sit in the run of [`Board::cells_around`].
pub struct Around;

impl Around {
    pub const NW: usize = 0;
    pub const N: usize = 1;
    pub const NE: usize = 2;
    pub const W: usize = STRIDE;
    pub const CENTRE: usize = STRIDE + 1;
    pub const E: usize = STRIDE + 2;
    pub const SW: usize = 2 * STRIDE;
    pub const S: usize = 2 * STRIDE + 1;
    pub const SE: usize = 2 * STRIDE + 2;
    /// The four neighbours in the order of [`Point::neighbors`].
    pub const NEIGHBORS: [usize; 4] = [Around::N, Around::W, Around::E, Around::S];
}

/// What occupies a cell of the padded array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Cell {
    Empty = 0,
    Black = 1,
    White = 2,
    Border = 3,
}

impl Cell {
    /// The colour of a stone in this cell, if any.
    #[inline]
    pub fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }
}

impl From<Color> for Cell {
    #[inline]
    fn from(c: Color) -> Cell {
        match c {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }
}

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum IllegalMove {
    #[error("point is off the board")]
    OffBoard,
    #[error("point is occupied")]
    Occupied,
    #[error("suicide")]
    Suicide,
    #[error("retakes the ko")]
    Ko,
    #[error("repeats an earlier position (positional superko)")]
    Superko,
    /// A setup stone (which never captures) would leave a string without liberties: its own,
    /// or an enemy string next to it.
    #[error("leaves a string without liberties")]
    NoLiberties,
}

/// Ko rule in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum KoRule {
    /// Only the immediate recapture of a single stone is forbidden.
    #[default]
    Simple,
    /// No move may recreate an earlier whole-board position.
    PositionalSuperko,
}

/// Everything `undo` needs to rewind one move. Kept small (no liberty set inside): the
/// playouts push one per move. A merge of several strings saves the liberty sets it
/// overwrites on the board's side stack instead.
#[derive(Clone, Copy, Debug)]
struct UndoRecord {
    /// The point played; `Point::PASS` for a pass.
    point: Point,
    /// Ko point before the move.
    ko: Point,
    /// Heads of the strings captured by the move.
    captured: [Point; 4],
    /// Heads of friendly strings merged into `merged_into` (which keeps its head).
    merged: [Point; 3],
    /// The friendly string the stone joined; `Point::NONE` when it started a new string.
    merged_into: Point,
    /// Stone and liberty counts of the one index the move overwrites (`merged_into`, or the
    /// played point itself for a new string), and the played point's links: a point captured
    /// earlier still carries its old string's data, which a later undo of that capture needs.
    old_size: u16,
    old_nlibs: u16,
    old_origin: Point,
    old_head: Point,
    old_next: Point,
    color: Color,
    /// The colour the ko point forbids, before the move.
    ko_color: Color,
    n_captured: u8,
    n_merged: u8,
    /// When the stone joined exactly one string: which of its neighbours (bit `i` for
    /// `point.neighbors()[i]`) were new liberties of that string.
    added_libs: u8,
    /// `play` recorded the new position for positional superko.
    pushed_position: bool,
}

impl UndoRecord {
    #[inline(always)]
    fn new(point: Point, color: Color, ko: Point, ko_color: Color) -> UndoRecord {
        UndoRecord {
            point,
            ko,
            captured: [Point::NONE; 4],
            merged: [Point::NONE; 3],
            merged_into: Point::NONE,
            old_size: 0,
            old_nlibs: 0,
            old_origin: Point::NONE,
            old_head: Point::NONE,
            old_next: Point::NONE,
            color,
            ko_color,
            n_captured: 0,
            n_merged: 0,
            added_libs: 0,
            pushed_position: false,
        }
    }
}

/// A Go board with incremental strings, hashing and undo.
pub struct Board {
    size: usize,
    cells: [Cell; NUM_CELLS],
    /// Representative stone of each stone's string.
    head: [Point; NUM_CELLS],
    /// Next stone in the string's circular list.
    next: [Point; NUM_CELLS],
    /// Stone count, indexed by head.
    string_size: [u16; NUM_CELLS],
    /// Liberty count, indexed by head; always the population of `libs[head]`.
    string_nlibs: [u16; NUM_CELLS],
    /// The string's first stone in board order, indexed by head: a name for the string that
    /// does not depend on the order its stones were played in (the head does).
    string_origin: [Point; NUM_CELLS],
    /// Exact liberty sets, indexed by head.
    libs: Box<[LibSet; NUM_CELLS]>,
    /// Empty points on the board, in no order, and each empty point's index in it.
    empties: Vec<Point>,
    empty_index: [u16; NUM_CELLS],
    /// The point the player `ko_color` may not play at now; `Point::NONE` if none.
    ko: Point,
    ko_color: Color,
    /// Stones each colour has captured (indexed by `Color as usize`).
    captures: [u32; 2],
    /// Zobrist key of the stones alone.
    stones_hash: u64,
    history: Vec<UndoRecord>,
    /// Liberty sets overwritten by merges of several strings, for undo: the target's, then
    /// each merged string's, per such move.
    saved_libs: Vec<LibSet>,
    ko_rule: KoRule,
    /// Stone hashes of every position so far (for positional superko), oldest first.
    position_hashes: Vec<u64>,
}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board {
            size: self.size,
            cells: self.cells,
            head: self.head,
            next: self.next,
            string_size: self.string_size,
            string_nlibs: self.string_nlibs,
            string_origin: self.string_origin,
            libs: self.libs.clone(),
            empties: self.empties.clone(),
            empty_index: self.empty_index,
            ko: self.ko,
            ko_color: self.ko_color,
            captures: self.captures,
            stones_hash: self.stones_hash,
            history: self.history.clone(),
            saved_libs: self.saved_libs.clone(),
            ko_rule: self.ko_rule,
            position_hashes: self.position_hashes.clone(),
        }
    }

    /// Copies `source` into `self` reusing `self`'s buffers; between boards of one size it
    /// copies only the part of each array the board can change (what a playout loop wants).
    fn clone_from(&mut self, source: &Board) {
        if self.size != source.size {
            *self = source.clone();
            return;
        }
        // Only on-board cells ever change; past the last point both boards hold the same
        // initial values.
        let n = Point::from_xy(self.size - 1, self.size - 1).index() + 1;
        self.cells[..n].copy_from_slice(&source.cells[..n]);
        self.head[..n].copy_from_slice(&source.head[..n]);
        self.next[..n].copy_from_slice(&source.next[..n]);
        self.string_size[..n].copy_from_slice(&source.string_size[..n]);
        self.string_nlibs[..n].copy_from_slice(&source.string_nlibs[..n]);
        self.string_origin[..n].copy_from_slice(&source.string_origin[..n]);
        // The liberty sets are the bulk (88 bytes a cell): copy the rows' points only.
        for y in 0..self.size {
            let row = Point::from_xy(0, y).index()..Point::from_xy(0, y).index() + self.size;
            self.libs[row.clone()].copy_from_slice(&source.libs[row]);
        }
        self.empties.clone_from(&source.empties);
        self.empty_index[..n].copy_from_slice(&source.empty_index[..n]);
        self.ko = source.ko;
        self.ko_color = source.ko_color;
        self.captures = source.captures;
        self.stones_hash = source.stones_hash;
        self.history.clone_from(&source.history);
        self.saved_libs.clone_from(&source.saved_libs);
        self.ko_rule = source.ko_rule;
        self.position_hashes.clone_from(&source.position_hashes);
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.to_ascii())
    }
}

impl Board {
    /// An empty board of side `size` (1..=25).
    pub fn new(size: usize) -> Result<Board, BoardSizeError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(BoardSizeError(size));
        }
        let mut b = Board {
            size,
            cells: [Cell::Border; NUM_CELLS],
            head: [Point::NONE; NUM_CELLS],
            next: [Point::NONE; NUM_CELLS],
            string_size: [0; NUM_CELLS],
            string_nlibs: [0; NUM_CELLS],
            string_origin: [Point::NONE; NUM_CELLS],
            libs: Box::new([LibSet::EMPTY; NUM_CELLS]),
            empties: Vec::with_capacity(size * size),
            empty_index: [u16::MAX; NUM_CELLS],
            ko: Point::NONE,
            ko_color: Color::Black,
            captures: [0; 2],
            stones_hash: 0,
            history: Vec::with_capacity(512),
            saved_libs: Vec::with_capacity(64),
            ko_rule: KoRule::Simple,
            position_hashes: Vec::new(),
        };
        for y in 0..size {
            for x in 0..size {
                let p = Point::from_xy(x, y);
                b.cells[p.index()] = Cell::Empty;
                b.empty_index[p.index()] = b.empties.len() as u16;
                b.empties.push(p);
            }
        }
        b.position_hashes.push(0);
        Ok(b)
    }

    /// Side length.
    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    /// Sets the ko rule; clears nothing.
    pub fn set_ko_rule(&mut self, rule: KoRule) {
        self.ko_rule = rule;
    }

    /// The ko rule in force.
    pub fn ko_rule(&self) -> KoRule {
        self.ko_rule
    }

    /// The padded cell array as bytes (`Cell` discriminants: empty 0, black 1, white 2, border
    /// 3), index [`Point::index`], fixed stride [`STRIDE`]: what generated pattern matchers read
    /// by constant offsets.
    #[inline]
    pub fn cell_codes(&self) -> &[u8] {
        // SAFETY: `Cell` is `repr(u8)`, so `[Cell; NUM_CELLS]` has the layout of
        // `[u8; NUM_CELLS]`, and every `Cell` is a valid `u8`.
        unsafe { std::slice::from_raw_parts(self.cells.as_ptr().cast::<u8>(), NUM_CELLS) }
    }

    /// Content of a cell (any index of the padded array; border cells read `Border`).
    #[inline]
    pub fn cell(&self, p: Point) -> Cell {
        self.cells[p.index()]
    }

    /// The cells from `p`'s north-west neighbour to its south-east one, row by row (indexed
    /// by [`Around`]): one bounds check for the nine cells, where nine points computed in 16
    /// bits (which may wrap) need one each. `p` must be on the board.
    #[inline(always)]
    pub fn cells_around(&self, p: Point) -> &[Cell; AROUND_LEN] {
        let i = p.index();
        self.cells[i - STRIDE - 1..=i + STRIDE + 1]
            .try_into()
            .expect("a run of AROUND_LEN cells")
    }

    /// The string heads of the cells of [`Board::cells_around`] (stale for empty cells).
    #[inline(always)]
    fn heads_around(&self, p: Point) -> &[Point; AROUND_LEN] {
        let i = p.index();
        self.head[i - STRIDE - 1..=i + STRIDE + 1]
            .try_into()
            .expect("a run of AROUND_LEN heads")
    }

    /// Colour of the stone at `p`, if any.
    #[inline]
    pub fn color_at(&self, p: Point) -> Option<Color> {
        self.cells[p.index()].color()
    }

    /// `p` is a point of this board (not border, not beyond the size).
    #[inline]
    pub fn on_board(&self, p: Point) -> bool {
        p.index() < NUM_CELLS && self.cells[p.index()] != Cell::Border
    }

    /// Every point of the board, row by row from the top.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        let n = self.size;
        (0..n).flat_map(move |y| (0..n).map(move |x| Point::from_xy(x, y)))
    }

    /// The empty points, in no particular order.
    #[inline]
    pub fn empty_points(&self) -> &[Point] {
        &self.empties
    }

    /// Representative stone of the string at `p` (stable while the string exists).
    #[inline]
    pub fn string_id(&self, p: Point) -> Point {
        debug_assert!(self.color_at(p).is_some());
        self.head[p.index()]
    }

    /// Liberties of the string at `p`; 0 for an empty point.
    #[inline]
    pub fn libs(&self, p: Point) -> usize {
        match self.cells[p.index()] {
            Cell::Black | Cell::White => self.string_nlibs[self.head[p.index()].index()] as usize,
            _ => 0,
        }
    }

    /// How many of `p`'s four neighbours are empty. Branch-free: the playouts ask it of most
    /// points they consider.
    #[inline(always)]
    pub fn empty_neighbors(&self, p: Point) -> usize {
        let around = self.cells_around(p);
        let empty = |k: usize| usize::from(around[k] == Cell::Empty);
        empty(Around::N) + empty(Around::W) + empty(Around::E) + empty(Around::S)
    }

    /// The liberties of the string at `p` when `p` holds a stone; any number otherwise.
    /// Branch-free, for tests that also check the colour at `p`.
    #[inline(always)]
    pub fn libs_unchecked(&self, p: Point) -> usize {
        // `head` of an empty or border cell is a stale but valid index.
        usize::from(self.string_nlibs[self.head[p.index()].index()])
    }

    /// `p` holds a stone whose string has one liberty. Branch-free: the playouts ask it of
    /// every point around the last move.
    #[inline(always)]
    pub fn in_atari(&self, p: Point) -> bool {
        let stone = matches!(self.cells[p.index()], Cell::Black | Cell::White);
        stone & (self.libs_unchecked(p) == 1)
    }

    /// [`Board::in_atari`] at `p` or one of its four neighbours (`p` on the board). Branch-free:
    /// the playouts ask it around every move.
    #[inline(always)]
    pub fn atari_at_or_next_to(&self, p: Point) -> bool {
        self.atari_bits_around(p) != 0
    }

    /// [`Board::in_atari`] at `p` (bit 0) and at its neighbours in the order of
    /// [`Point::neighbors`] (bits 1 to 4), `p` on the board; read from one checked run of
    /// cells and one of heads.
    #[inline(always)]
    pub fn atari_bits_around(&self, p: Point) -> u32 {
        let cells = self.cells_around(p);
        let heads = self.heads_around(p);
        let in_atari = |k: usize| {
            let stone = matches!(cells[k], Cell::Black | Cell::White);
            u32::from(stone & (self.string_nlibs[heads[k].index()] == 1))
        };
        in_atari(Around::CENTRE)
            | in_atari(Around::N) << 1
            | in_atari(Around::W) << 2
            | in_atari(Around::E) << 3
            | in_atari(Around::S) << 4
    }

    /// Stones in the string at `p`; 0 for an empty point.
    #[inline]
    pub fn string_size(&self, p: Point) -> usize {
        match self.cells[p.index()] {
            Cell::Black | Cell::White => self.string_size[self.head[p.index()].index()] as usize,
            _ => 0,
        }
    }

    /// The first stone in board order of the string at `p` (a stone): the same point however
    /// the string was played, unlike [`Board::string_id`].
    #[inline]
    pub fn string_origin(&self, p: Point) -> Point {
        debug_assert!(self.color_at(p).is_some());
        self.string_origin[self.head[p.index()].index()]
    }

    /// The liberties of the string at `p`, in board order.
    pub fn liberties(&self, p: Point) -> LibIter<'_> {
        match self.cells[p.index()] {
            Cell::Black | Cell::White => self.libs[self.head[p.index()].index()].iter(),
            _ => LibIter::EMPTY,
        }
    }

    /// Writes the first liberties of the string at `p` into `out`; returns how many it wrote.
    #[inline(always)]
    pub fn first_liberties(&self, p: Point, out: &mut [Point]) -> usize {
        match self.cells[p.index()] {
            Cell::Black | Cell::White => self.libs[self.head[p.index()].index()].first_into(out),
            _ => 0,
        }
    }

    /// How many liberties the strings at `a` and `b` share; 0 unless both hold stones.
    #[inline]
    pub fn shared_liberties(&self, a: Point, b: Point) -> usize {
        if self.color_at(a).is_none() || self.color_at(b).is_none() {
            return 0;
        }
        let (ha, hb) = (self.head[a.index()], self.head[b.index()]);
        self.libs[ha.index()].common(&self.libs[hb.index()]) as usize
    }

    /// `l` is a liberty of the string at `p`.
    #[inline]
    pub fn has_liberty(&self, p: Point, l: Point) -> bool {
        self.color_at(p).is_some() && self.libs[self.head[p.index()].index()].contains(l)
    }

    /// The stones of the string at `p` (empty for an empty point).
    pub fn string_stones(&self, p: Point) -> StringStones<'_> {
        let start = if self.color_at(p).is_some() {
            p
        } else {
            Point::NONE
        };
        StringStones {
            board: self,
            start,
            cur: start,
        }
    }

    /// Number of stones each side has captured: `captures(Black)` is white stones taken.
    #[inline]
    pub fn captures(&self, by: Color) -> u32 {
        self.captures[by as usize]
    }

    /// The stones the last move captured: the first `out.len()` of them go into `out`; the
    /// return value counts them all. A captured string keeps its links off the board until a
    /// later move, so they are read from there.
    #[inline]
    pub fn last_captured(&self, out: &mut [Point]) -> usize {
        let Some(rec) = self.history.last() else {
            return 0;
        };
        if rec.n_captured == 0 {
            return 0;
        }
        let heads = &rec.captured[..rec.n_captured as usize];
        let total = heads
            .iter()
            .map(|h| self.string_size[h.index()] as usize)
            .sum();
        let mut k = 0;
        for &h in heads {
            let mut s = h;
            while k < out.len() {
                out[k] = s;
                k += 1;
                s = self.next[s.index()];
                if s == h {
                    break;
                }
            }
        }
        total
    }

    /// The simple-ko point and the colour it forbids, if there is one.
    #[inline]
    pub fn ko_point(&self) -> Option<(Point, Color)> {
        (self.ko != Point::NONE).then_some((self.ko, self.ko_color))
    }

    /// Zobrist key of the position: stones plus the ko point (the side to move is kept by the
    /// caller, who knows whose turn it is).
    #[inline]
    pub fn hash(&self) -> u64 {
        if self.ko == Point::NONE {
            self.stones_hash
        } else {
            self.stones_hash ^ zobrist::ko_key(self.ko)
        }
    }

    /// Zobrist key of the stones alone.
    #[inline]
    pub fn stones_hash(&self) -> u64 {
        self.stones_hash
    }

    /// Zobrist key of the stones after `color` plays at the empty point `p` and captures
    /// nothing: a guess, read without playing, of the position a move leads to.
    #[inline]
    pub fn stones_hash_after(&self, p: Point, color: Color) -> u64 {
        self.stones_hash ^ zobrist::stone_key(color, p)
    }

    /// Number of moves (passes included) that `undo` can take back.
    #[inline]
    pub fn move_count(&self) -> usize {
        self.history.len()
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<(Color, Move)> {
        self.history.last().map(|r| {
            let m = if r.point == Point::PASS {
                Move::Pass
            } else {
                Move::Play(r.point)
            };
            (r.color, m)
        })
    }

    /// The move played `back` moves before the last one (`recent_move(0)` is the last move).
    pub fn recent_move(&self, back: usize) -> Option<(Color, Move)> {
        let r = self
            .history
            .len()
            .checked_sub(back + 1)
            .map(|i| &self.history[i])?;
        let m = if r.point == Point::PASS {
            Move::Pass
        } else {
            Move::Play(r.point)
        };
        Some((r.color, m))
    }

    /// The moves played so far, oldest first.
    pub fn moves(&self) -> impl Iterator<Item = (Color, Move)> + '_ {
        self.history.iter().map(|r| {
            let m = if r.point == Point::PASS {
                Move::Pass
            } else {
                Move::Play(r.point)
            };
            (r.color, m)
        })
    }

    /// Forgets the undo history (setup stones become the starting position).
    pub fn clear_history(&mut self) {
        self.history.clear();
        self.saved_libs.clear();
        self.position_hashes.clear();
        self.position_hashes.push(self.stones_hash);
    }

    /// `p` is an empty point whose four neighbours are `color`'s stones or the edge and whose
    /// diagonals hold too few enemy stones to make it false: filling it is never useful.
    #[inline(always)]
    pub fn is_eye(&self, p: Point, color: Color) -> bool {
        if self.cells[p.index()] != Cell::Empty {
            return false;
        }
        // An empty point is on the board: its block of cells is in the array.
        let c = self.cells_around(p);
        // Black = 1, White = 2, Border = 3: a neighbour is own-or-border exactly when it has
        // own's bit, so one AND tests all four without a branch each.
        let own = Cell::from(color) as u8;
        let around =
            c[Around::N] as u8 & c[Around::W] as u8 & c[Around::E] as u8 & c[Around::S] as u8;
        if around & own == 0 {
            return false;
        }
        let diagonals = [c[Around::NW], c[Around::NE], c[Around::SW], c[Around::SE]];
        let opp = own ^ 3;
        let enemy: u8 = diagonals.iter().map(|&x| u8::from(x as u8 == opp)).sum();
        let edge = u8::from(diagonals.contains(&Cell::Border));
        // In the centre one enemy diagonal is fine; on the edge or in a corner none is.
        enemy + edge < 2
    }

    /// The liberties of the string `color` would form at `p`, captures counted; 0 when the
    /// move is illegal. Read off the board without playing ([`Board::move_effect`]), so a
    /// shared board answers it too.
    pub fn libs_after(&self, p: Point, color: Color) -> usize {
        if !self.is_legal_simple(p, color) {
            return 0;
        }
        self.move_effect(p, color).libs
    }

    /// Liberties of the string that `color` would form at `p`, counted without playing:
    /// captures are ignored (GNU Go's approxlib). Cheap for move ordering.
    pub fn approx_libs_after(&self, p: Point, color: Color) -> usize {
        self.approx_libs(p, color, None)
    }

    /// Area score (stones plus territory surrounded by one colour), no dead-stone removal.
    pub fn area_score(&self) -> AreaScore {
        score::area_score(self)
    }

    /// The eyes of strings in seki, per side: points [`Board::area_score`] counts that
    /// territory scoring does not, on a finished position (a playout's end) reached from
    /// `before` (where the playout began; see `score::seki_eyes`).
    pub fn seki_eyes(&self, before: &Board) -> AreaScore {
        score::seki_eyes(self, before)
    }

    /// The board as text, row 1 at the bottom like GTP's `showboard`.
    pub fn to_ascii(&self) -> String {
        let n = self.size;
        let letters: Vec<char> = (0..n).map(Vertex::column_letter).collect();
        let header: String = letters.iter().flat_map(|c| [' ', *c]).collect();
        let mut s = format!("  {header}\n");
        for y in 0..n {
            let row = n - y;
            s.push_str(&format!("{row:2}"));
            for x in 0..n {
                let c = match self.cells[Point::from_xy(x, y).index()] {
                    Cell::Black => 'X',
                    Cell::White => 'O',
                    _ => '.',
                };
                s.push(' ');
                s.push(c);
            }
            s.push_str(&format!(" {row}\n"));
        }
        s.push_str(&format!("  {header}\n"));
        s
    }

    /// Checks every incremental structure against a from-scratch recount. For tests.
    pub fn validate(&self) -> Result<(), String> {
        let mut seen = [false; NUM_CELLS];
        let mut empties = 0;
        let mut hash = 0u64;
        for p in self.points() {
            let Some(color) = self.color_at(p) else {
                empties += 1;
                if self.empties.get(self.empty_index[p.index()] as usize) != Some(&p) {
                    return Err(format!("empty list misses {p:?}"));
                }
                continue;
            };
            hash ^= zobrist::stone_key(color, p);
            if seen[p.index()] {
                continue;
            }
            // Flood the string from scratch.
            let mut stack = vec![p];
            let mut stones = vec![];
            let mut libs = std::collections::BTreeSet::new();
            seen[p.index()] = true;
            while let Some(s) = stack.pop() {
                stones.push(s);
                for n in s.neighbors() {
                    match self.cells[n.index()] {
                        Cell::Empty => {
                            libs.insert(n);
                        }
                        c if c.color() == Some(color) && !seen[n.index()] => {
                            seen[n.index()] = true;
                            stack.push(n);
                        }
                        _ => {}
                    }
                }
            }
            let h = self.head[p.index()];
            for &s in &stones {
                if self.head[s.index()] != h {
                    return Err(format!(
                        "{s:?} has head {:?}, not {h:?}",
                        self.head[s.index()]
                    ));
                }
            }
            let listed: Vec<Point> = self.string_stones(p).collect();
            if listed.len() != stones.len() {
                return Err(format!(
                    "string at {p:?}: list has {} stones, flood {}",
                    listed.len(),
                    stones.len()
                ));
            }
            if self.string_size[h.index()] as usize != stones.len() {
                return Err(format!(
                    "string at {p:?}: size {}",
                    self.string_size[h.index()]
                ));
            }
            let first = stones.iter().copied().min();
            if Some(self.string_origin[h.index()]) != first {
                return Err(format!(
                    "string at {p:?}: origin {:?}, first stone {first:?}",
                    self.string_origin[h.index()]
                ));
            }
            let got: Vec<Point> = self.liberties(p).collect();
            let want: Vec<Point> = libs.into_iter().collect();
            if got != want {
                return Err(format!("string at {p:?}: liberties {got:?}, want {want:?}"));
            }
            if self.string_nlibs[h.index()] as usize != want.len() {
                return Err(format!("string at {p:?}: liberty count off"));
            }
        }
        if empties != self.empties.len() {
            return Err(format!(
                "{} empties listed, {empties} on board",
                self.empties.len()
            ));
        }
        if hash != self.stones_hash {
            return Err("stones hash differs from recount".into());
        }
        Ok(())
    }
}

/// Iterator over the stones of one string.
pub struct StringStones<'a> {
    board: &'a Board,
    start: Point,
    cur: Point,
}

impl Iterator for StringStones<'_> {
    type Item = Point;
    #[inline]
    fn next(&mut self) -> Option<Point> {
        if self.cur == Point::NONE {
            return None;
        }
        let p = self.cur;
        let n = self.board.next[p.index()];
        self.cur = if n == self.start { Point::NONE } else { n };
        Some(p)
    }
}

/// A board size outside 1..=25.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("unacceptable size {0}: tesuji plays on boards from 1 to 25")]
pub struct BoardSizeError(pub usize);

#[cfg(test)]
mod tests;
