//! The move-prediction model: how likely a Go player is to play each move.
//!
//! A move's weight γ is the product of the γ of its 3×3 shape and of the γ of each move
//! feature level that holds there (capture, escape from atari, self-atari, atari, line,
//! distance to the last two moves): the generalized Bradley–Terry model of Coulom (2007,
//! "Computing Elo Ratings of Move Patterns in the Game of Go"). The probability of a move
//! among the candidates is its γ over their sum. [`train`] fits the γ to game records and
//! writes them as a `kind prior` pattern database (`patterns/prior.db`); the engine reads
//! the compiled database back with [`MovePredictor::from_patterns`].
//!
//! Why 3×3 and these features: they are what decides a move locally (answering the last
//! move, shape, captures) and they are cheap enough to weigh every child of every tree node.

pub mod train;

use crate::board::{Board, Cell, Color, Move, Point, STRIDE};
use crate::pattern::Kind;
pub use crate::play::neighbourhood::relative_code;
use crate::play::neighbourhood::{RING, swap_colors_u64, tabulate};
use crate::tactics::pattern_view::PatternSet;
use std::sync::OnceLock;

/// A move feature; its levels are documented in `pattern_dsl::registry::PRIOR_FEATURES`,
/// which lists the same names in the same order (a test checks it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Feature {
    Capture,
    Escape,
    SelfAtari,
    Atari,
    Lines,
    NearestStone,
    DistLast,
    DistPrev,
}

/// Number of [`Feature`]s.
pub const FEATURES: usize = 8;
/// Largest level of any feature.
pub const MAX_LEVEL: usize = 35;
/// Largest level of the distance features.
const MAX_DISTANCE_LEVEL: usize = 16;
/// Largest level of [`Feature::NearestStone`] (no stone near).
const NEAREST_STONE_LEVELS: usize = 9;

impl Feature {
    pub const ALL: [Feature; FEATURES] = [
        Feature::Capture,
        Feature::Escape,
        Feature::SelfAtari,
        Feature::Atari,
        Feature::Lines,
        Feature::NearestStone,
        Feature::DistLast,
        Feature::DistPrev,
    ];

    /// The name in `feature NAME LEVEL`.
    pub fn name(self) -> &'static str {
        match self {
            Feature::Capture => "capture",
            Feature::Escape => "escape",
            Feature::SelfAtari => "self_atari",
            Feature::Atari => "atari",
            Feature::Lines => "lines",
            Feature::NearestStone => "nearest_stone",
            Feature::DistLast => "dist_last",
            Feature::DistPrev => "dist_prev",
        }
    }

    /// Levels are `1..=levels()`; 0 means the feature does not hold.
    pub fn levels(self) -> u8 {
        match self {
            Feature::Capture => 3,
            Feature::Escape | Feature::SelfAtari => 2,
            Feature::Atari => 1,
            Feature::Lines => MAX_LEVEL as u8,
            Feature::NearestStone => NEAREST_STONE_LEVELS as u8,
            Feature::DistLast | Feature::DistPrev => MAX_DISTANCE_LEVEL as u8,
        }
    }

    pub fn from_name(name: &str) -> Option<Feature> {
        Feature::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// What the model sees of one candidate move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveFeatures {
    /// The 3×3 neighbourhood as the mover sees it ([`relative_code`]).
    pub code: u16,
    /// The four points two lines away (north, west, east, south), two bits each as in
    /// `code`: with `code`, the wide shape ([`MoveFeatures::wide`]).
    pub far: u8,
    /// The large shape: the 24 points within three steps ([`LARGE_OFFSETS`]), two bits
    /// each as in `code` ([`large_code`]).
    pub large: u64,
    /// The level of each [`Feature`] (0: does not hold).
    pub levels: [u8; FEATURES],
}

impl MoveFeatures {
    /// The shape up to the 8 symmetries of the board ([`canonical`]).
    pub fn shape(&self) -> u16 {
        canonical(self.code)
    }

    /// The wide shape: the twelve points within two steps of the move (the 3×3 ring in the
    /// low 16 bits, then the four points two lines away), as the mover sees them.
    pub fn wide(&self) -> u32 {
        u32::from(self.code) | u32::from(self.far) << 16
    }
}

/// The four points two lines away from `p` (north, west, east, south) as `color` sees them,
/// two bits each (empty 0, ours 1, theirs 2, off the board 3): the outer ring of the wide
/// shape. Ladders, jumps and edge distance show there when the 3×3 ring is empty.
#[inline]
pub fn far_code(board: &Board, p: Point, color: Color) -> u8 {
    if !padding_covers(board, 2) {
        return far_code_by_coordinates(board, p, color);
    }
    const FAR_DELTAS: [isize; 4] = [-2 * STRIDE_I, -2, 2, 2 * STRIDE_I];
    let cells = board.cell_codes();
    let code = FAR_DELTAS.iter().enumerate().fold(0u64, |code, (k, &d)| {
        code | padded_code(cells, p, d) << (2 * k)
    });
    as_seen_by(code, color) as u8
}

/// [`far_code`] from the coordinates, each point checked against the board's size: the rule
/// for boards whose padding is too narrow for [`padded_code`].
fn far_code_by_coordinates(board: &Board, p: Point, color: Color) -> u8 {
    let (x, y) = p.xy();
    let (x, y) = (x as i32, y as i32);
    [(0, -2), (-2, 0), (2, 0), (0, 2)]
        .into_iter()
        .enumerate()
        .fold(0u8, |code, (k, (dx, dy))| {
            code | (point_code(board, x + dx, y + dy, color) as u8) << (2 * k)
        })
}

/// [`STRIDE`] as an offset.
const STRIDE_I: isize = STRIDE as isize;

/// The offset in the padded cell array of the point `dx` columns and `dy` rows away.
const fn cell_delta(dx: i8, dy: i8) -> isize {
    dy as isize * STRIDE_I + dx as isize
}

/// Whether every point within `reach` lines (in x and in y) of a point of `board` is either
/// on the board or a border cell of the padded array (or before its start): the border
/// columns are then at least `reach` wide, so no such offset wraps onto the next row's or
/// the previous row's points, and the rows below are border up to `reach`.
#[inline(always)]
fn padding_covers(board: &Board, reach: usize) -> bool {
    board.size() + reach <= STRIDE
}

/// The two-bit code, as Black sees it, of the cell `delta` cells from `p`: a cell's own code
/// (empty 0, black 1, white 2, border 3), 3 before or after the array. Right when
/// [`padding_covers`] the offset's reach: one bounds check, no coordinates.
#[inline(always)]
fn padded_code(cells: &[u8], p: Point, delta: isize) -> u64 {
    // A negative index wraps to a huge one, which `get` refuses.
    cells
        .get((p.index() as isize + delta) as usize)
        .map_or(3, |&c| u64::from(c))
}

/// A code read as Black sees it, as `color` sees it.
#[inline(always)]
fn as_seen_by(code: u64, color: Color) -> u64 {
    match color {
        Color::Black => code,
        Color::White => swap_colors_u64(code),
    }
}

/// The two bits of a shape code for the point `(x, y)` as `color` sees it: empty 0, ours
/// 1, theirs 2, off the board 3.
#[inline]
fn point_code(board: &Board, x: i32, y: i32, color: Color) -> u64 {
    let n = board.size() as i32;
    if !(0..n).contains(&x) || !(0..n).contains(&y) {
        return 3;
    }
    match board.color_at(Point::from_xy(x as usize, y as usize)) {
        None => 0,
        Some(c) if c == color => 1,
        Some(_) => 2,
    }
}

/// The figure character of a point's two-bit shape code: `.` empty, `O` ours, `X` theirs,
/// `#` off the board.
fn code_char(v: u64) -> char {
    match v & 3 {
        0 => '.',
        1 => 'O',
        2 => 'X',
        _ => '#',
    }
}

/// The two-bit shape code of an exact figure character ([`code_char`]); `None` for any
/// other character.
fn char_code(c: u8) -> Option<u64> {
    match c {
        b'.' => Some(0),
        b'O' => Some(1),
        b'X' => Some(2),
        b'#' => Some(3),
        _ => None,
    }
}

/// The points of the large shape, as offsets `(dx, dy)` from the move (y grows downwards,
/// as figures are drawn): every point within three steps (Manhattan distance 1 to 3),
/// nearest first, then row by row. Point `k` takes bits `2k..2k+2` of a large code.
pub const LARGE_OFFSETS: [(i8, i8); 24] = [
    (0, -1),
    (-1, 0),
    (1, 0),
    (0, 1),
    (0, -2),
    (-1, -1),
    (1, -1),
    (-2, 0),
    (2, 0),
    (-1, 1),
    (1, 1),
    (0, 2),
    (0, -3),
    (-1, -2),
    (1, -2),
    (-2, -1),
    (2, -1),
    (-3, 0),
    (3, 0),
    (-2, 1),
    (2, 1),
    (-1, 2),
    (1, 2),
    (0, 3),
];

/// The large shape of `color` playing at `p`: the 24 points within three steps
/// ([`LARGE_OFFSETS`]), two bits each (empty 0, ours 1, theirs 2, off the board 3). Pachi's
/// and Coulom's large patterns: a joseki answer, a shape on the side, the distance to the
/// edge and to the stones around, together, where the 3×3 and wide shapes see parts.
#[inline]
pub fn large_code(board: &Board, p: Point, color: Color) -> u64 {
    if !padding_covers(board, 3) {
        return large_code_by_coordinates(board, p, color);
    }
    // Every child of every tree node: the cells read by offset, the edge as border cells.
    const LARGE_DELTAS: [isize; 24] = {
        let mut deltas = [0isize; 24];
        let mut k = 0;
        while k < 24 {
            deltas[k] = cell_delta(LARGE_OFFSETS[k].0, LARGE_OFFSETS[k].1);
            k += 1;
        }
        deltas
    };
    let cells = board.cell_codes();
    let code = LARGE_DELTAS.iter().enumerate().fold(0u64, |code, (k, &d)| {
        code | padded_code(cells, p, d) << (2 * k)
    });
    as_seen_by(code, color)
}

/// [`large_code`] from the coordinates, each point checked against the board's size: the
/// rule for boards whose padding is too narrow for [`padded_code`].
fn large_code_by_coordinates(board: &Board, p: Point, color: Color) -> u64 {
    let (x, y) = p.xy();
    let (x, y) = (x as i32, y as i32);
    LARGE_OFFSETS
        .iter()
        .enumerate()
        .fold(0u64, |code, (k, &(dx, dy))| {
            code | point_code(board, x + i32::from(dx), y + i32::from(dy), color) << (2 * k)
        })
}

/// For each symmetry `t` (as [`transform_code`]: a reflection when `t >= 4`, then `t % 4`
/// quarter turns) and each point `k` of [`LARGE_OFFSETS`], the point it goes to.
fn large_permutations() -> &'static [[u8; 24]; 8] {
    static TABLE: OnceLock<[[u8; 24]; 8]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = [[0u8; 24]; 8];
        for (t, row) in table.iter_mut().enumerate() {
            for (k, &(dx, dy)) in LARGE_OFFSETS.iter().enumerate() {
                let (mut x, mut y) = if t >= 4 { (-dx, dy) } else { (dx, dy) };
                for _ in 0..t % 4 {
                    (x, y) = (-y, x);
                }
                row[k] = LARGE_OFFSETS
                    .iter()
                    .position(|&q| q == (x, y))
                    .expect("a symmetry keeps distances") as u8;
            }
        }
        table
    })
}

/// The large code `large` under symmetry `t` (0..8).
pub fn transform_large(large: u64, t: usize) -> u64 {
    let perm = &large_permutations()[t];
    (0..24).fold(0u64, |code, k| {
        code | ((large >> (2 * k)) & 3) << (2 * perm[k])
    })
}

/// The smallest large code among the 8 symmetric images of `large`: one name per shape.
pub fn canonical_large(large: u64) -> u64 {
    (0..8)
        .map(|t| transform_large(large, t))
        .min()
        .unwrap_or(large)
}

/// The 7×7 figure of a large code as a `kind prior` lookup pattern draws it: `*` in the
/// centre, `O` ours, `X` theirs, `.` empty, `#` off the board, `?` outside the 24 points.
pub fn large_figure(large: u64) -> [String; 7] {
    let mut grid = [['?'; 7]; 7];
    grid[3][3] = '*';
    for (k, &(dx, dy)) in LARGE_OFFSETS.iter().enumerate() {
        grid[(3 + dy) as usize][(3 + dx) as usize] = code_char(large >> (2 * k));
    }
    grid.map(|row| row.iter().collect())
}

/// The large code of a 7×7 figure with `*` in the centre ([`large_figure`]); `None` for any
/// other figure: one with anything but `.`, `O`, `X` or `#` on the 24 points, or anything
/// but `?` outside them (a lookup pattern is found by exactly what its figure says).
pub fn large_figure_code(figure: &str) -> Option<u64> {
    let rows: Vec<&[u8]> = figure.lines().map(str::as_bytes).collect();
    if rows.len() != 7 || rows.iter().any(|r| r.len() != 7) || rows[3][3] != b'*' {
        return None;
    }
    let code = LARGE_OFFSETS
        .iter()
        .enumerate()
        .try_fold(0u64, |code, (k, &(dx, dy))| {
            let v = char_code(rows[(3 + dy) as usize][(3 + dx) as usize])?;
            Some(code | v << (2 * k))
        })?;
    let drawn = large_figure(code);
    rows.iter()
        .zip(&drawn)
        .all(|(r, d)| *r == d.as_bytes())
        .then_some(code)
}

/// [`transform_code`] of every code under every symmetry, `t * 65536 + code`.
fn transform_table() -> &'static [u16] {
    static TABLE: OnceLock<Box<[u16]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (0..8)
            .flat_map(|t| (0..=u16::MAX).map(move |c| transform_code(c, t)))
            .collect()
    })
}

/// The wide code `wide` ([`MoveFeatures::wide`]) under symmetry `t` (as [`transform_code`]):
/// the four far points move as the four orthogonal neighbours do.
pub fn transform_wide(wide: u32, t: usize) -> u32 {
    let table = &transform_table()[t << 16..(t + 1) << 16];
    let image = |c: u16| table[c as usize];
    let ring = image(wide as u16);
    // The far points in the orthogonal slots of a 3×3 code (N 1, W 3, E 4, S 6).
    const SLOTS: [usize; 4] = [1, 3, 4, 6];
    let far = (wide >> 16) as u16;
    let spread = SLOTS
        .iter()
        .enumerate()
        .fold(0u16, |c, (k, &s)| c | ((far >> (2 * k)) & 3) << (2 * s));
    let moved = image(spread);
    let far = SLOTS.iter().enumerate().fold(0u32, |c, (k, &s)| {
        c | u32::from((moved >> (2 * s)) & 3) << (2 * k)
    });
    u32::from(ring) | far << 16
}

/// The smallest wide code among the 8 symmetric images of `wide`.
pub fn canonical_wide(wide: u32) -> u32 {
    (0..8)
        .map(|t| transform_wide(wide, t))
        .min()
        .unwrap_or(wide)
}

/// For each symmetry `t` (as [`transform_code`]) and each slot `k` of [`RING`], the slot
/// it goes to: worked out once, where the model's load turns every code under every
/// symmetry.
const RING_PERMUTATIONS: [[u8; 8]; 8] = {
    let mut table = [[0u8; 8]; 8];
    let mut t = 0;
    while t < 8 {
        let mut k = 0;
        while k < 8 {
            let (r, c) = RING[k];
            let (mut rr, mut cc) = if t >= 4 { (r, 2 - c) } else { (r, c) };
            let mut turns = 0;
            while turns < t % 4 {
                (rr, cc) = (cc, 2 - rr);
                turns += 1;
            }
            let mut to = 0;
            while RING[to].0 != rr || RING[to].1 != cc {
                to += 1;
            }
            table[t][k] = to as u8;
            k += 1;
        }
        t += 1;
    }
    table
};

/// `code` under symmetry `t` (0..8: a reflection when `t >= 4`, then `t % 4` quarter turns).
pub fn transform_code(code: u16, t: usize) -> u16 {
    let permutation = &RING_PERMUTATIONS[t];
    permutation
        .iter()
        .enumerate()
        .fold(0, |out, (k, &to)| out | ((code >> (2 * k)) & 3) << (2 * to))
}

/// The smallest code among the 8 symmetric images of `code`: one name per shape.
pub fn canonical(code: u16) -> u16 {
    static TABLE: OnceLock<Box<[u16]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let images = transform_table();
        (0..=u16::MAX)
            .map(|c| {
                (0..8)
                    .map(|t| images[t << 16 | c as usize])
                    .min()
                    .unwrap_or(c)
            })
            .collect()
    })[code as usize]
}

/// The code of a 3×3 figure as [`shape_figure`] draws it (rows top first; anything but
/// `.`, `O` and `X` counts as off the board).
pub fn figure_code(rows: &[String]) -> u16 {
    RING.iter().enumerate().fold(0u16, |code, (k, &(r, c))| {
        let v = rows
            .get(r)
            .and_then(|row| row.as_bytes().get(c))
            .and_then(|&b| char_code(b))
            .unwrap_or(3) as u16;
        code | (v << (2 * k))
    })
}

/// The wide code ([`MoveFeatures::wide`]) of a 5×5 figure with `*` in the centre, as the
/// trainer writes a wide shape (`?` outside the twelve points, `#` off the board); `None`
/// for any other figure (a 3×3 shape, a feature's lone `*`).
pub fn wide_figure_code(figure: &str) -> Option<u32> {
    let rows: Vec<&str> = figure.lines().collect();
    if rows.len() != 5
        || rows.iter().any(|r| r.len() != 5 || !r.is_ascii())
        || &rows[2][2..3] != "*"
    {
        return None;
    }
    let inner: Vec<String> = rows[1..4].iter().map(|r| r[1..4].to_string()).collect();
    let at = |r: usize, c: usize| char_code(rows[r].as_bytes()[c]).unwrap_or(3) as u32;
    let far = at(0, 2) | at(2, 0) << 2 | at(2, 4) << 4 | at(4, 2) << 6;
    Some(u32::from(figure_code(&inner)) | far << 16)
}

/// [`wide_figure_code`] for a figure whose twelve points are all exact (`.`, `O`, `X` or
/// `#`): a lookup pattern is found by the exact contents of its figure, so a `?`, `o` or
/// `x` there would be read as something it does not say.
pub fn exact_wide_figure_code(figure: &str) -> Option<u32> {
    let code = wide_figure_code(figure)?;
    let exact = wide_figure(code);
    let drawn: Vec<&str> = figure.lines().collect();
    (drawn == exact.iter().map(String::as_str).collect::<Vec<_>>()).then_some(code)
}

/// The 5×5 figure of a wide shape ([`MoveFeatures::wide`]) as a `kind prior` lookup pattern
/// draws it: its twelve points as in a 3×3 figure (`#` off the board), `?` on the corners of
/// the square outside it.
pub fn wide_figure(wide: u32) -> [String; 5] {
    let ring = shape_figure(wide as u16);
    let far = |k: u32| code_char(u64::from(wide >> (16 + 2 * k)));
    let mut grid = [['?'; 5]; 5];
    for (r, row) in ring.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            grid[r + 1][c + 1] = ch;
        }
    }
    grid[0][2] = far(0);
    grid[2][0] = far(1);
    grid[2][4] = far(2);
    grid[4][2] = far(3);
    grid.map(|row| row.iter().collect())
}

/// The figure of a 3×3 shape code as a `kind prior` pattern draws it: three rows, `*` in
/// the centre, `O` ours, `X` theirs, `.` empty, `#` off the board.
pub fn shape_figure(code: u16) -> [String; 3] {
    let mut grid = [['*'; 3]; 3];
    for (k, &(r, c)) in RING.iter().enumerate() {
        grid[r][c] = code_char(u64::from(code >> (2 * k)));
    }
    grid.map(|row| row.iter().collect())
}

/// The distance of Coulom's features between two points: dx + dy + max(dx, dy).
fn distance(a: Point, b: Point) -> usize {
    let ((ax, ay), (bx, by)) = (a.xy(), b.xy());
    let (dx, dy) = (ax.abs_diff(bx), ay.abs_diff(by));
    dx + dy + dx.max(dy)
}

/// The level of a distance feature: 1 for neighbours (distance 2), up to
/// [`MAX_DISTANCE_LEVEL`].
fn distance_level(d: usize) -> u8 {
    (d.clamp(2, MAX_DISTANCE_LEVEL + 1) - 1) as u8
}

/// [`Feature::Lines`]: the move's line from the nearest edge and from the nearest edge
/// across, as one level. It is what tells a corner from a side in the opening.
fn lines_level(board: &Board, p: Point) -> u8 {
    let n = board.size();
    let (x, y) = p.xy();
    let (lx, ly) = (x.min(n - 1 - x) + 1, y.min(n - 1 - y) + 1);
    let (a, b) = (lx.min(ly).min(5), lx.max(ly).min(7));
    ((a - 1) * 7 + b) as u8
}

/// The offsets within four lines whose distance ([`distance`]) is below ten, nearest first,
/// each with its distance: the nearest stone is the first one found.
fn nearby_offsets() -> &'static [(i8, i8, u8)] {
    static OFFSETS: OnceLock<Vec<(i8, i8, u8)>> = OnceLock::new();
    OFFSETS.get_or_init(|| {
        let mut v: Vec<(i8, i8, u8)> = (-4i8..=4)
            .flat_map(|dy| (-4i8..=4).map(move |dx| (dx, dy)))
            .filter(|&(dx, dy)| (dx, dy) != (0, 0))
            .map(|(dx, dy)| {
                let (ax, ay) = (dx.unsigned_abs(), dy.unsigned_abs());
                (dx, dy, ax + ay + ax.max(ay))
            })
            .filter(|&(_, _, d)| usize::from(d) <= NEAREST_STONE_LEVELS)
            .collect();
        v.sort_by_key(|&(dx, dy, d)| (d, dy, dx));
        v
    })
}

/// [`Feature::NearestStone`]: the distance to the nearest stone; stones more than four lines
/// away are all at distance ten or more, so the search stops there. Offsets are tried
/// nearest first, so a crowded neighbourhood costs a few reads.
fn nearest_stone_level(board: &Board, p: Point) -> u8 {
    if !padding_covers(board, 4) {
        return nearest_stone_level_by_coordinates(board, p);
    }
    let cells = board.cell_codes();
    let best = nearby_offsets()
        .iter()
        .find(|&&(dx, dy, _)| matches!(padded_code(cells, p, cell_delta(dx, dy)), 1 | 2))
        .map_or(NEAREST_STONE_LEVELS + 1, |&(_, _, d)| usize::from(d));
    (best.clamp(2, NEAREST_STONE_LEVELS + 1) - 1) as u8
}

/// [`nearest_stone_level`] from the coordinates, each point checked against the board's
/// size: the rule for boards whose padding is too narrow for [`padded_code`].
fn nearest_stone_level_by_coordinates(board: &Board, p: Point) -> u8 {
    let n = board.size() as i32;
    let (px, py) = p.xy();
    let (px, py) = (px as i32, py as i32);
    let best = nearby_offsets()
        .iter()
        .find(|&&(dx, dy, _)| {
            let (x, y) = (px + i32::from(dx), py + i32::from(dy));
            (0..n).contains(&x)
                && (0..n).contains(&y)
                && board
                    .color_at(Point::from_xy(x as usize, y as usize))
                    .is_some()
        })
        .map_or(NEAREST_STONE_LEVELS + 1, |&(_, _, d)| usize::from(d));
    (best.clamp(2, NEAREST_STONE_LEVELS + 1) - 1) as u8
}

/// Whether the string at `s` contains `last` or touches it.
fn touches(board: &Board, s: Point, last: Option<Point>) -> bool {
    let Some(last) = last else { return false };
    let id = board.string_id(s);
    board.string_id(last) == id
        || last
            .neighbors()
            .iter()
            .any(|&q| board.color_at(q).is_some() && board.string_id(q) == id)
}

/// The features of `color` playing at the empty point `p` (legal) on `board`, which is left
/// as it was.
pub fn features(board: &Board, p: Point, color: Color) -> MoveFeatures {
    let mut levels = [0u8; FEATURES];
    let last = match board.recent_move(0) {
        Some((c, Move::Play(q))) if c != color => Some(q),
        _ => None,
    };
    let previous = match board.recent_move(1) {
        Some((c, Move::Play(q))) if c == color => Some(q),
        _ => None,
    };
    let ns = p.neighbors();
    let mut empty = 0;
    let mut seen = [Point::NONE; 4];
    let mut own_in_atari = false;
    // Stones of the string the move makes.
    let mut size = 1;
    for (i, &n) in ns.iter().enumerate() {
        let Some(c) = board.color_at(n) else {
            empty += usize::from(board.cell(n) == Cell::Empty);
            continue;
        };
        let id = board.string_id(n);
        if seen[..i].contains(&id) {
            continue;
        }
        seen[i] = id;
        let libs = board.libs(n);
        if c != color {
            if libs == 1 {
                let level = if touches(board, n, last) {
                    1
                } else if board.string_size(n) == 1 {
                    2
                } else {
                    3
                };
                let slot = &mut levels[Feature::Capture as usize];
                *slot = if *slot == 0 {
                    level
                } else {
                    (*slot).min(level)
                };
            } else if libs == 2 {
                levels[Feature::Atari as usize] = 1;
            }
        } else {
            size += board.string_size(n);
        }
        if c == color && libs == 1 {
            own_in_atari = true;
            if touches(board, n, last) {
                levels[Feature::Escape as usize] = 1;
            } else if levels[Feature::Escape as usize] == 0 {
                levels[Feature::Escape as usize] = 2;
            }
        }
    }
    if empty < 2 {
        // Few liberties of its own: whether the new string ends in atari, and whether an
        // extension out of atari really gets out (read without playing).
        let libs = board.move_effect(p, color).libs;
        if libs == 1 {
            levels[Feature::SelfAtari as usize] = if size == 1 { 1 } else { 2 };
        }
        if own_in_atari && libs < 2 {
            levels[Feature::Escape as usize] = 0;
        }
    }
    if levels[Feature::Capture as usize] != 0 {
        // Taking the string is what the move does to it, not an atari nor an escape.
        levels[Feature::Escape as usize] = 0;
    }
    levels[Feature::Lines as usize] = lines_level(board, p);
    levels[Feature::NearestStone as usize] = nearest_stone_level(board, p);
    if let Some(q) = last {
        levels[Feature::DistLast as usize] = distance_level(distance(p, q));
    }
    if let Some(q) = previous {
        levels[Feature::DistPrev as usize] = distance_level(distance(p, q));
    }
    MoveFeatures {
        code: relative_code(board, p, color),
        far: far_code(board, p, color),
        large: large_code(board, p, color),
        levels,
    }
}

/// The fitted weights: γ of every 3×3 neighbourhood (by [`relative_code`], so that no
/// symmetry is computed at run time) and of every feature level.
#[derive(Clone, Debug)]
pub struct MovePredictor {
    shape: Box<[f32]>,
    feature: [[f32; MAX_LEVEL + 1]; FEATURES],
    /// γ of the wide shapes the database names, every symmetric image a key; any other
    /// wide shape has γ 1.
    wide: ShapeTable,
    /// γ of the large shapes (the database's lookup patterns), every symmetric image a key;
    /// any other large shape has γ 1.
    large: ShapeTable,
}

/// An open-addressing table from shape codes (wide: 24 bits, large: 48 bits) to γ: one
/// multiply and usually one probe a lookup, cheap enough for every child of every tree node.
/// Key and γ share an entry, so a probe costs one cache line: the tables (megabytes) miss
/// the cache on most lookups.
#[derive(Clone, Debug, Default)]
struct ShapeTable {
    entries: Vec<ShapeEntry>,
    len: usize,
}

#[derive(Clone, Copy, Debug)]
struct ShapeEntry {
    key: u64,
    gamma: f32,
}

impl ShapeTable {
    const EMPTY: u64 = u64::MAX;

    fn slot(&self, key: u64) -> usize {
        let mask = self.entries.len() - 1;
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & mask
    }

    #[inline]
    fn get(&self, key: u64) -> f32 {
        if self.len == 0 {
            return 1.0;
        }
        let mask = self.entries.len() - 1;
        let mut i = self.slot(key);
        loop {
            match self.entries[i] {
                e if e.key == key => return e.gamma,
                e if e.key == Self::EMPTY => return 1.0,
                _ => i = (i + 1) & mask,
            }
        }
    }

    fn insert(&mut self, key: u64, gamma: f32) {
        if (self.len + 1) * 2 > self.entries.len() {
            let old = std::mem::take(&mut self.entries);
            let capacity = (old.len() * 2).max(64);
            self.entries = vec![
                ShapeEntry {
                    key: Self::EMPTY,
                    gamma: 1.0
                };
                capacity
            ];
            self.len = 0;
            for e in old {
                if e.key != Self::EMPTY {
                    self.insert(e.key, e.gamma);
                }
            }
        }
        let mask = self.entries.len() - 1;
        let mut i = self.slot(key);
        while self.entries[i].key != Self::EMPTY && self.entries[i].key != key {
            i = (i + 1) & mask;
        }
        if self.entries[i].key == Self::EMPTY {
            self.len += 1;
        }
        self.entries[i] = ShapeEntry { key, gamma };
    }
}

impl Default for MovePredictor {
    fn default() -> MovePredictor {
        MovePredictor::neutral()
    }
}

/// Why a prior database could not be read.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum PriorError {
    #[error("prior pattern `{pattern}`: unknown feature `{feature}`")]
    UnknownFeature {
        pattern: &'static str,
        feature: &'static str,
    },
    #[error("prior pattern `{pattern}`: feature `{feature}` has no level {level}")]
    BadLevel {
        pattern: &'static str,
        feature: &'static str,
        level: u8,
    },
    #[error(
        "prior pattern `{pattern}`: a lookup pattern must be a wide shape (5x5) or a large shape (7x7): `*` in the centre, the 12 or 24 points within two or three steps drawn with . O X #, `?` elsewhere"
    )]
    NotALookupShape { pattern: &'static str },
}

impl MovePredictor {
    /// Every γ 1: every move as likely as any other.
    pub fn neutral() -> MovePredictor {
        MovePredictor {
            shape: vec![1.0; 1 << 16].into_boxed_slice(),
            feature: [[1.0; MAX_LEVEL + 1]; FEATURES],
            wide: ShapeTable::default(),
            large: ShapeTable::default(),
        }
    }

    /// Sets the γ of a wide shape ([`MoveFeatures::wide`]): of every symmetric image.
    pub fn set_wide(&mut self, wide: u32, gamma: f32) {
        for t in 0..8 {
            self.wide.insert(u64::from(transform_wide(wide, t)), gamma);
        }
    }

    /// γ of a wide shape (1 for one the model does not name).
    pub fn wide_gamma(&self, wide: u32) -> f32 {
        self.wide.get(u64::from(wide))
    }

    /// Sets the γ of a large shape ([`large_code`]): of every symmetric image.
    pub fn set_large(&mut self, large: u64, gamma: f32) {
        for t in 0..8 {
            self.large.insert(transform_large(large, t), gamma);
        }
    }

    /// γ of a large shape (1 for one the model does not name).
    pub fn large_gamma(&self, large: u64) -> f32 {
        self.large.get(large)
    }

    /// Number of large shapes the model names, counting each symmetric image.
    pub fn large_shapes(&self) -> usize {
        self.large.len
    }

    /// Number of wide shapes the model names, counting each symmetric image.
    pub fn wide_shapes(&self) -> usize {
        self.wide.len
    }

    /// Sets the γ of a shape: of every code whose [`canonical`] form is `shape`'s.
    pub fn set_shape(&mut self, shape: u16, gamma: f32) {
        let shape = canonical(shape);
        for t in 0..8 {
            self.shape[transform_code(shape, t) as usize] = gamma;
        }
    }

    /// Sets the γ of one level (1..) of a feature.
    pub fn set_feature(&mut self, feature: Feature, level: u8, gamma: f32) {
        self.feature[feature as usize][level as usize] = gamma;
    }

    pub fn shape_gamma(&self, code: u16) -> f32 {
        self.shape[code as usize]
    }

    pub fn feature_gamma(&self, feature: Feature, level: u8) -> f32 {
        self.feature[feature as usize][level as usize]
    }

    /// γ of a move with these features.
    #[inline]
    pub fn gamma_of(&self, f: &MoveFeatures) -> f32 {
        let mut g = self.shape[f.code as usize]
            * self.wide.get(u64::from(f.wide()))
            * self.large.get(f.large);
        for (table, &level) in self.feature.iter().zip(f.levels.iter()) {
            g *= table[level as usize];
        }
        g
    }

    /// γ of `color` playing at the empty, legal point `p`.
    #[inline]
    pub fn gamma(&self, board: &mut Board, p: Point, color: Color) -> f32 {
        self.gamma_of(&features(board, p, color))
    }

    /// [`MovePredictor::from_patterns`], read once per database for the whole process (a
    /// generator is made per move; reading the model takes tens of milliseconds). `None`
    /// when there is no prior database or it is not valid.
    pub fn cached(patterns: &dyn PatternSet) -> Option<&'static MovePredictor> {
        type Cache = Vec<(usize, Option<&'static MovePredictor>)>;
        static CACHE: std::sync::Mutex<Cache> = std::sync::Mutex::new(Vec::new());
        let tables = patterns.matcher(Kind::Prior)?;
        let key = std::ptr::from_ref(tables) as usize;
        let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&(_, model)) = cache.iter().find(|(k, _)| *k == key) {
            return model;
        }
        // One model per compiled database, kept for the life of the process.
        let model = MovePredictor::from_patterns(patterns)
            .ok()
            .flatten()
            .map(|m| &*Box::leak(Box::new(m)));
        cache.push((key, model));
        model
    }

    /// The model of the `kind prior` database of `patterns`, or `None` when there is none.
    ///
    /// Feature patterns give their level's γ (`e^(value / 100)`). The shapes are read by
    /// running the compiled matcher: every 3×3 neighbourhood is set up on a board (in the
    /// centre, on each edge and in each corner) and the γ of the shape patterns matching
    /// there are multiplied, so the table agrees with the compiled figures by construction.
    /// Wide and large shapes (the trainer's 5×5 and 7×7 `lookup` figures,
    /// [`wide_figure_code`], [`large_figure_code`]; a wide figure without `lookup` is read
    /// the same way) are keyed by the code of their figure; `tests/prior.rs` checks on random
    /// positions that a shape's figure matches, in the pattern language, exactly where its
    /// code is read.
    pub fn from_patterns(patterns: &dyn PatternSet) -> Result<Option<MovePredictor>, PriorError> {
        let Some(tables) = patterns.matcher(Kind::Prior) else {
            return Ok(None);
        };
        let mut model = MovePredictor::neutral();
        for info in tables.patterns {
            let Some((name, level)) = info.feature else {
                continue;
            };
            let feature = Feature::from_name(name).ok_or(PriorError::UnknownFeature {
                pattern: info.name,
                feature: name,
            })?;
            if level == 0 || level > feature.levels() {
                return Err(PriorError::BadLevel {
                    pattern: info.name,
                    feature: name,
                    level,
                });
            }
            model.set_feature(feature, level, (info.value as f32 / 100.0).exp());
        }
        // Wide shapes are keyed by their own code; the 3×3 table must not fold them in
        // (tabulating sets up only the ring, so a wide figure with empty far points would
        // match there).
        let mut wide = vec![false; tables.patterns.len()];
        for (k, info) in tables.patterns.iter().enumerate() {
            if info.lookup {
                let gamma = (info.value as f32 / 100.0).exp();
                if let Some(code) = exact_wide_figure_code(info.figure) {
                    model.set_wide(code, gamma);
                } else if let Some(code) = large_figure_code(info.figure) {
                    model.set_large(code, gamma);
                } else {
                    return Err(PriorError::NotALookupShape { pattern: info.name });
                }
                continue;
            }
            if let (None, Some(code)) = (info.feature, wide_figure_code(info.figure)) {
                model.set_wide(code, (info.value as f32 / 100.0).exp());
                wide[k] = true;
            }
        }
        tabulate(patterns, Kind::Prior, &mut |code, matched| {
            let log_gamma: i64 = matched
                .iter()
                .filter(|&&k| !wide[k])
                .map(|&k| &tables.patterns[k])
                .filter(|info| info.feature.is_none())
                .map(|info| i64::from(info.value))
                .sum();
            model.shape[code as usize] = (log_gamma as f32 / 100.0).exp();
        });
        Ok(Some(model))
    }
}

#[cfg(test)]
mod tests;

impl crate::eval::owl::MoveLikelihood for MovePredictor {
    fn likelihood(&self, board: &mut Board, p: Point, color: Color) -> f32 {
        self.gamma(board, p, color)
    }
}
