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
