//! Area scoring: stones on the board plus empty regions that touch only one colour.

use super::{Board, Cell, NUM_CELLS};

/// Area counts of both sides (no komi, no dead-stone removal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct AreaScore {
    pub black: u32,
    pub white: u32,
}

impl AreaScore {
    /// White's margin with komi: positive means White wins.
    pub fn white_margin(&self, komi: f32) -> f32 {
        self.white as f32 + komi - self.black as f32
    }

    /// GTP `final_score` text: `B+3.5`, `W+0.5` or `0`.
    pub fn result_string(&self, komi: f32) -> String {
        let m = self.white_margin(komi);
        if m > 0.0 {
            format!("W+{m}")
        } else if m < 0.0 {
            format!("B+{}", -m)
        } else {
            "0".to_string()
        }
    }
}

pub(super) fn area_score(board: &Board) -> AreaScore {
    let mut score = AreaScore::default();
    let mut seen = vec![false; NUM_CELLS];
    let mut stack = Vec::new();
    for p in board.points() {
        match board.cell(p) {
            Cell::Black => score.black += 1,
            Cell::White => score.white += 1,
            Cell::Empty if !seen[p.index()] => {
                // Flood the empty region and note which colours border it.
                let (mut size, mut touches_black, mut touches_white) = (0, false, false);
                seen[p.index()] = true;
                stack.push(p);
                while let Some(q) = stack.pop() {
                    size += 1;
                    for n in q.neighbors() {
                        match board.cell(n) {
                            Cell::Empty if !seen[n.index()] => {
                                seen[n.index()] = true;
                                stack.push(n);
                            }
                            Cell::Black => touches_black = true,
                            Cell::White => touches_white = true,
                            _ => {}
                        }
                    }
                }
                match (touches_black, touches_white) {
                    (true, false) => score.black += size,
                    (false, true) => score.white += size,
                    _ => {}
                }
            }
            _ => {}
        }
    }
    score
}
