//! A game: the board plus what the rules and the protocol need around it (komi, handicap,
//! whose turn it is, setup stones, time settings).

use crate::board::{Board, BoardSizeError, Color, IllegalMove, KoRule, Move, Point, Vertex};
use thiserror::Error;

/// Why a handicap request was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum HandicapError {
    #[error("board not empty")]
    BoardNotEmpty,
    #[error("invalid handicap")]
    Invalid,
    #[error("repeated vertex {0}")]
    Repeated(String),
}

/// Time settings (GTP `time_settings`: Canadian byo-yomi; `byo_yomi_stones == 0` with
/// `byo_yomi_time > 0` means no time limit per GTP).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeSettings {
    pub main_time: u32,
    pub byo_yomi_time: u32,
    pub byo_yomi_stones: u32,
}

/// Time left for one side (GTP `time_left`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeLeft {
    pub seconds: u32,
    pub stones: u32,
}

/// The state a GTP session or an SGF file describes.
#[derive(Clone, Debug)]
pub struct Game {
    board: Board,
    komi: f32,
    to_move: Color,
    /// Stones placed before the first move (handicap or SGF setup), in placement order.
    setup: Vec<(Point, Color)>,
    handicap: usize,
    pub time_settings: Option<TimeSettings>,
    pub time_left: [Option<TimeLeft>; 2],
}

impl Game {
    /// A new game on an empty board.
    pub fn new(size: usize, komi: f32) -> Result<Game, BoardSizeError> {
        Ok(Game {
            board: Board::new(size)?,
            komi,
            to_move: Color::Black,
            setup: Vec::new(),
            handicap: 0,
            time_settings: None,
            time_left: [None; 2],
        })
    }

    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Mutable board access (search plays and undoes on it; it must leave it as found).
    #[inline]
    pub fn board_mut(&mut self) -> &mut Board {
        &mut self.board
    }

    pub fn size(&self) -> usize {
        self.board.size()
    }

    pub fn komi(&self) -> f32 {
        self.komi
    }

    pub fn set_komi(&mut self, komi: f32) {
        self.komi = komi;
    }

    /// The colour whose turn it is (after the last move, or White after handicap).
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    pub fn set_to_move(&mut self, c: Color) {
        self.to_move = c;
    }

    pub fn handicap(&self) -> usize {
        self.handicap
    }

    /// Records the handicap count an SGF file declares (its stones come as setup).
    pub fn set_handicap_count(&mut self, n: usize) {
        self.handicap = n;
    }

    /// The stones placed before the first move.
    pub fn setup(&self) -> &[(Point, Color)] {
        &self.setup
    }

    /// Clears the board, keeping size, komi and ko rule.
    pub fn clear(&mut self) {
        let rule = self.board.ko_rule();
        self.board = Board::new(self.board.size()).expect("size was valid");
        self.board.set_ko_rule(rule);
        self.setup.clear();
        self.handicap = 0;
        self.to_move = Color::Black;
    }

    /// Changes the board size; the board is cleared.
    pub fn set_size(&mut self, size: usize) -> Result<(), BoardSizeError> {
        let rule = self.board.ko_rule();
        self.board = Board::new(size)?;
        self.board.set_ko_rule(rule);
        self.setup.clear();
        self.handicap = 0;
        self.to_move = Color::Black;
        Ok(())
    }

    pub fn set_ko_rule(&mut self, rule: KoRule) {
        self.board.set_ko_rule(rule);
    }

    /// Plays a move for `color`; the turn passes to the other colour.
    pub fn play(&mut self, mv: Move, color: Color) -> Result<(), IllegalMove> {
        self.board.play(mv, color)?;
        self.to_move = color.opponent();
        Ok(())
    }

    /// Takes back the last move; false when there is none (setup stones stay).
    pub fn undo(&mut self) -> bool {
        match self.board.last_move() {
            Some((color, _)) => {
                self.board.undo();
                self.to_move = color;
                true
            }
            None => false,
        }
    }

    /// Places setup stones on a board with no moves yet (they do not count as moves).
    pub fn add_setup_stones(&mut self, stones: &[(Point, Color)]) -> Result<(), IllegalMove> {
        debug_assert_eq!(self.board.move_count(), 0);
        for &(p, c) in stones {
            if let Err(e) = self.board.add_stone(p, c) {
                // Leave the board as it was: drop what this call placed.
                self.board.clear_history();
                self.rebuild();
                return Err(e);
            }
            self.setup.push((p, c));
        }
        self.board.clear_history();
        Ok(())
    }

    /// Rebuilds the board from the setup list (after a failed setup or a setup removal).
    fn rebuild(&mut self) {
        let rule = self.board.ko_rule();
        self.board = Board::new(self.board.size()).expect("size was valid");
        self.board.set_ko_rule(rule);
        for &(p, c) in &self.setup {
            // Setup points were valid when first placed.
            let _ = self.board.add_stone(p, c);
        }
        self.board.clear_history();
    }

    /// Removes stones before any move (SGF `AE`); the board is rebuilt from the setup.
    pub fn remove_setup_stones(&mut self, points: &[Point]) {
        self.setup.retain(|(p, _)| !points.contains(p));
        self.rebuild();
    }

    /// The handicap points GTP's `fixed_handicap` uses, in GNU Go's order (top row first).
    pub fn fixed_handicap_points(size: usize, n: usize) -> Result<Vec<Point>, HandicapError> {
        if size < 7 || n < 2 {
            return Err(HandicapError::Invalid);
        }
        let max = if size % 2 == 1 { 9 } else { 4 };
        if n > max {
            return Err(HandicapError::Invalid);
        }
        let d = if size >= 13 { 3 } else { 2 };
        let (lo, mid, hi) = (d, size / 2, size - 1 - d);
        // Which of the nine points each count uses, as (x, y) with y from the top.
        let mut pts: Vec<(usize, usize)> = vec![(hi, lo), (lo, hi)];
        if n >= 3 {
            pts.push((lo, lo));
        }
        if n >= 4 {
            pts.push((hi, hi));
        }
        if n >= 6 {
            pts.push((lo, mid));
            pts.push((hi, mid));
        }
        if n >= 8 {
            pts.push((mid, lo));
            pts.push((mid, hi));
        }
        if n % 2 == 1 && n >= 5 {
            pts.push((mid, mid));
        }
        pts.sort_by_key(|&(x, y)| (y, x));
        Ok(pts.into_iter().map(|(x, y)| Point::from_xy(x, y)).collect())
    }

    /// GTP `fixed_handicap` / `place_free_handicap`: places the stones and gives White the move.
    pub fn place_handicap(&mut self, n: usize) -> Result<Vec<Point>, HandicapError> {
        if self.board.move_count() > 0
            || self.board.empty_points().len() != self.size() * self.size()
        {
            return Err(HandicapError::BoardNotEmpty);
        }
        let pts = Self::fixed_handicap_points(self.size(), n)?;
        self.set_handicap_stones(&pts)?;
        Ok(pts)
    }

    /// GTP `set_free_handicap`: black stones at the given points, White to move.
    pub fn set_handicap_stones(&mut self, pts: &[Point]) -> Result<(), HandicapError> {
        if self.board.move_count() > 0
            || self.board.empty_points().len() != self.size() * self.size()
        {
            return Err(HandicapError::BoardNotEmpty);
        }
        if pts.len() < 2 || pts.len() >= self.size() * self.size() {
            return Err(HandicapError::Invalid);
        }
        for (i, p) in pts.iter().enumerate() {
            if pts[..i].contains(p) {
                return Err(HandicapError::Repeated(
                    Vertex::from_point(*p, self.size()).to_string(),
                ));
            }
        }
        let stones: Vec<(Point, Color)> = pts.iter().map(|&p| (p, Color::Black)).collect();
        self.add_setup_stones(&stones)
            .map_err(|_| HandicapError::Invalid)?;
        self.handicap = pts.len();
        self.to_move = Color::White;
        Ok(())
    }

    /// Area score with komi, no dead-stone removal.
    pub fn final_score(&self) -> String {
        self.board.area_score().result_string(self.komi)
    }

    /// The moves played since the setup, oldest first.
    pub fn moves(&self) -> Vec<(Color, Move)> {
        self.board.moves().collect()
    }
}

#[cfg(test)]
mod tests;
