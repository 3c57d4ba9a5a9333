//! The 3×3 neighbourhood of a point as a 16-bit code, and tables indexed by it that are
//! filled by running a compiled pattern database on every neighbourhood.
//!
//! The playout policy and the move-prediction model both weigh a move by its 3×3 shape. Their
//! shapes are authored as pattern databases (`patterns/playout.db`, `patterns/prior.db`); the
//! hot paths read a table indexed by the code instead of running the matcher, and
//! [`tabulate`] builds that table from the compiled matcher itself, so the two agree by
//! construction.

use crate::board::{Around, Board, Color, Point};
use crate::pattern::{Kind, Tables};
use crate::tactics::pattern_view::{PatternSet, PatternView};

/// Offsets (row, column) of the eight neighbours in the order of [`neighbourhood_code`].
pub const RING: [(usize, usize); 8] = [
    (0, 0),
    (0, 1),
    (0, 2),
    (1, 0),
    (1, 2),
    (2, 0),
    (2, 1),
    (2, 2),
];

/// Number of distinct codes.
pub const CODES: usize = 1 << 16;

/// The eight neighbours of `p` (NW, N, NE, W, E, SW, S, SE), two bits each ([`Cell`]:
/// empty 0, black 1, white 2, off the board 3).
///
/// [`Cell`]: crate::board::Cell
#[inline(always)]
pub fn neighbourhood_code(board: &Board, p: Point) -> u16 {
    // The block around the point with one bounds check, where eight points each computed
    // in 16 bits (which may wrap) need one each.
    let around = board.cells_around(p);
    let c = |k: usize| around[k] as u16;
    c(Around::NW)
        | c(Around::N) << 2
        | c(Around::NE) << 4
        | c(Around::W) << 6
        | c(Around::E) << 8
        | c(Around::SW) << 10
        | c(Around::S) << 12
        | c(Around::SE) << 14
}

/// [`neighbourhood_code`] with our stones as 1 and the opponent's as 2 (the code of
/// `pattern::OURS` and `pattern::THEIRS`), whoever `color` is.
#[inline(always)]
pub fn relative_code(board: &Board, p: Point, color: Color) -> u16 {
    let code = neighbourhood_code(board, p);
    match color {
        Color::Black => code,
        Color::White => swap_colors(code),
    }
}

/// `code` with black and white swapped (1 and 2 in every two-bit field).
#[inline(always)]
pub fn swap_colors(code: u16) -> u16 {
    swap_colors_u64(u64::from(code)) as u16
}

/// [`swap_colors`] for codes of up to 32 points (the move model's large shapes).
#[inline(always)]
pub fn swap_colors_u64(code: u64) -> u64 {
    // The fields with exactly one bit set.
    let one = (code ^ (code >> 1)) & 0x5555_5555_5555_5555;
    code ^ (one | one << 1)
}

/// Runs the compiled database of `kind` on every 3×3 neighbourhood of an empty point (in the
/// centre of a board, on each edge and in each corner) and calls `visit` with its
/// [`relative_code`] and the patterns that match there (each once, in matcher order). Returns
/// the database's tables, or `None` (and visits nothing) when the set has no such database.
///
/// Only the 3×3 ring is set up: a pattern whose figure reaches further sees empty points
/// there. The visits cover each reachable code exactly once.
pub fn tabulate(
    patterns: &dyn PatternSet,
    kind: Kind,
    visit: &mut dyn FnMut(u16, &[usize]),
) -> Option<&'static Tables> {
    let tables = patterns.matcher(kind)?;
    // One board for every configuration: its ring stones are played and taken back (a
    // clone a configuration was most of a process's start-up).
    let mut board = Board::new(19).expect("19 is a legal size");
    // Centre, then the four edges and the four corners.
    let centres = [
        (9, 9),
        (0, 9),
        (18, 9),
        (9, 0),
        (9, 18),
        (0, 0),
        (18, 0),
        (0, 18),
        (18, 18),
    ];
    let mut matched: Vec<usize> = Vec::new();
    // The configuration at which each pattern was last recorded: a pattern matching in
    // several orientations is kept once without searching `matched`.
    let mut recorded_at: Vec<u32> = vec![u32::MAX; tables.patterns.len()];
    let mut configuration: u32 = 0;
    for (cx, cy) in centres {
        let centre = Point::from_xy(cx, cy);
        let ring: Vec<Point> = centre
            .neighbors()
            .into_iter()
            .chain(centre.diagonals())
            .filter(|&q| board.on_board(q))
            .collect();
        for mut config in 0..3usize.pow(ring.len() as u32) {
            let mut placed = 0;
            for &q in &ring {
                let stone = match config % 3 {
                    1 => Some(Color::Black),
                    2 => Some(Color::White),
                    _ => None,
                };
                config /= 3;
                if let Some(c) = stone {
                    // Every ring stone touches an empty point outside the ring or the empty
                    // centre, so it has a liberty and takes nothing.
                    board.play_unchecked(q, c);
                    placed += 1;
                }
            }
            let view = PatternView::new(&board);
            matched.clear();
            configuration += 1;
            patterns.match_at(kind, &view, cx as i32, cy as i32, Color::Black, &mut |m| {
                if m.pattern >= recorded_at.len() {
                    recorded_at.resize(m.pattern + 1, u32::MAX);
                }
                if recorded_at[m.pattern] != configuration {
                    recorded_at[m.pattern] = configuration;
                    matched.push(m.pattern);
                }
            });
            visit(relative_code(&board, centre, Color::Black), &matched);
            for _ in 0..placed {
                board.undo();
            }
        }
    }
    Some(tables)
}
