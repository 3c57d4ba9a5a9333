//! Area scoring: stones on the board plus empty regions that touch only one colour.

use super::{Board, Cell, MAX_SIZE, NUM_CELLS, Point};

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
    let (mut black, mut white) = (0u32, 0u32);
    let mut seen = [false; NUM_CELLS];
    let mut stack = [Point::NONE; MAX_SIZE * MAX_SIZE];
    for p in board.points() {
        let c = board.cell(p) as u8;
        let [a, b, d, e] = p.neighbors().map(|n| board.cell(n) as u8);
        // Black = 1, White = 2, Border = 3, Empty = 0: the AND of the neighbours keeps a
        // colour's bit exactly when every neighbour is that colour or the edge. For an empty
        // point with no empty neighbour (a one-point region, nearly every empty point after
        // a playout) that is the whole answer, without a branch.
        let around = a & b & d & e;
        let lone = u32::from(c == 0);
        black += u32::from(c == 1) + (lone & u32::from(around & 1));
        white += u32::from(c == 2) + (lone & u32::from(around >> 1 & 1));
        if c != 0 || (a != 0 && b != 0 && d != 0 && e != 0) || seen[p.index()] {
            continue;
        }
        // A larger empty region: flood it and note which colours border it.
        let (mut size, mut touches) = (0, 0u8);
        seen[p.index()] = true;
        stack[0] = p;
        let mut top = 1;
        while top > 0 {
            top -= 1;
            let q = stack[top];
            size += 1;
            for n in q.neighbors() {
                match board.cell(n) {
                    Cell::Empty if !seen[n.index()] => {
                        seen[n.index()] = true;
                        stack[top] = n;
                        top += 1;
                    }
                    Cell::Black => touches |= 1,
                    Cell::White => touches |= 2,
                    _ => {}
                }
            }
        }
        match touches {
            1 => black += size,
            2 => white += size,
            _ => {}
        }
    }
    AreaScore { black, white }
}
