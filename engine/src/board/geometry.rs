//! Small Copy types: colours, points of the padded array, moves and GTP vertices.

use super::{NUM_CELLS, STRIDE};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A player's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    Black = 0,
    White = 1,
}

impl Color {
    /// The other colour.
    #[inline]
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `"black"` or `"white"`.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

impl FromStr for Color {
    type Err = String;
    /// GTP colours: `b`, `black`, `w`, `white`, any case.
    fn from_str(s: &str) -> Result<Color, String> {
        match s.to_ascii_lowercase().as_str() {
            "b" | "black" => Ok(Color::Black),
            "w" | "white" => Ok(Color::White),
            _ => Err(format!("invalid color '{s}'")),
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An index into the padded board array. Border cells are valid indices too.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Point(pub u16);

impl Point {
    /// No point (a border cell, so indexing with it is harmless).
    pub const NONE: Point = Point(0);
    /// Marks a pass in move records (also a border cell).
    pub const PASS: Point = Point(1);

    /// The point at column `x`, row `y` counted from the top, both 0-based.
    #[inline]
    pub const fn from_xy(x: usize, y: usize) -> Point {
        Point(((y + 1) * STRIDE + x + 1) as u16)
    }

    /// Column and row (from the top), 0-based; meaningful for on-board points only.
    #[inline]
    pub const fn xy(self) -> (usize, usize) {
        let i = self.0 as usize;
        (i % STRIDE - 1, i / STRIDE - 1)
    }

    /// Index into the padded array.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The four orthogonal neighbours (may be border cells).
    #[inline(always)]
    pub fn neighbors(self) -> [Point; 4] {
        let i = self.0;
        let s = STRIDE as u16;
        [Point(i - s), Point(i - 1), Point(i + 1), Point(i + s)]
    }

    /// Each diagonal neighbour with the two orthogonal neighbours it shares with this point
    /// (the crossing points a diagonal link is cut through).
    #[inline(always)]
    pub fn diagonals_with_crossings(self) -> [(Point, Point, Point); 4] {
        let [n, w, e, s] = self.neighbors();
        let [nw, ne, sw, se] = self.diagonals();
        [(nw, n, w), (ne, n, e), (sw, s, w), (se, s, e)]
    }

    /// The four diagonal neighbours (may be border cells).
    #[inline(always)]
    pub fn diagonals(self) -> [Point; 4] {
        let i = self.0;
        let s = STRIDE as u16;
        [
            Point(i - s - 1),
            Point(i - s + 1),
            Point(i + s - 1),
            Point(i + s + 1),
        ]
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Point::NONE => f.write_str("NONE"),
            Point::PASS => f.write_str("PASS"),
            p if p.index() < NUM_CELLS => {
                let (x, y) = p.xy();
                write!(f, "({x},{y})")
            }
            p => write!(f, "Point({})", p.0),
        }
    }
}

/// A move: a stone at a point, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Play(Point),
    Pass,
}

/// A point named as GTP names it: column letter (A.., no I) and row number counted from the
/// bottom. Converting needs the board size, since rows count from the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vertex {
    /// Column from the left, 0-based.
    pub col: usize,
    /// Row from the bottom, 1-based as written.
    pub row: usize,
}

/// A vertex that does not parse or lies off the board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseVertexError {
    #[error("invalid coordinate '{0}'")]
    Syntax(String),
    #[error("vertex {0} is off the board")]
    OffBoard(String),
}

impl Vertex {
    /// GTP's column letter for column `x` (`I` is skipped).
    pub fn column_letter(x: usize) -> char {
        let c = b'A' + x as u8;
        (if c >= b'I' { c + 1 } else { c }) as char
    }

    /// Parses `pass` or a vertex such as `D4` (any case) on a board of side `size`.
    pub fn parse_move(s: &str, size: usize) -> Result<Move, ParseVertexError> {
        if s.eq_ignore_ascii_case("pass") {
            return Ok(Move::Pass);
        }
        let bytes = s.as_bytes();
        if bytes.len() < 2 || !bytes[0].is_ascii_alphabetic() {
            return Err(ParseVertexError::Syntax(s.to_string()));
        }
        let letter = bytes[0].to_ascii_uppercase();
        if letter == b'I' {
            return Err(ParseVertexError::Syntax(s.to_string()));
        }
        let col = (letter - b'A') as usize - usize::from(letter > b'I');
        let row: usize = s[1..]
            .parse()
            .map_err(|_| ParseVertexError::Syntax(s.to_string()))?;
        if col >= size || row == 0 || row > size {
            return Err(ParseVertexError::OffBoard(s.to_string()));
        }
        Ok(Move::Play(Vertex { col, row }.to_point(size)))
    }

    /// The vertex of an on-board point.
    pub fn from_point(p: Point, size: usize) -> Vertex {
        let (x, y) = p.xy();
        Vertex {
            col: x,
            row: size - y,
        }
    }

    /// The point of this vertex on a board of side `size`.
    pub fn to_point(self, size: usize) -> Point {
        Point::from_xy(self.col, size - self.row)
    }

    /// GTP text of a move: `pass` or e.g. `D4`.
    pub fn format_move(mv: Move, size: usize) -> String {
        match mv {
            Move::Pass => "pass".to_string(),
            Move::Play(p) => Vertex::from_point(p, size).to_string(),
        }
    }
}

impl fmt::Display for Vertex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", Vertex::column_letter(self.col), self.row)
    }
}
