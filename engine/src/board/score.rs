//! Area scoring: stones on the board plus empty regions that touch only one colour; and
//! the eyes of strings in seki, which area scoring counts and territory scoring does not.

use super::{Board, Cell, Color, MAX_SIZE, NUM_CELLS, Point, STRIDE};

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

/// Bit 0 of every byte of a word: one lane a cell.
const LANES: u64 = 0x0101_0101_0101_0101;

/// Eight consecutive points of a row as the bytes of words (`Cell` codes, the first point in
/// the lowest byte), with their neighbours in the same lanes: what
/// [`Board::for_each_eight_points`] hands out.
#[derive(Clone, Copy, Debug)]
pub struct EightCells {
    pub here: u64,
    pub north: u64,
    pub west: u64,
    pub east: u64,
    pub south: u64,
}

impl EightCells {
    /// The lanes (bit 0 of each byte) of `cells` holding `Cell::Empty`.
    #[inline(always)]
    pub fn empty(cells: u64) -> u64 {
        !(cells | cells >> 1) & LANES
    }

    /// The lanes of `cells` holding `color`'s stones.
    #[inline(always)]
    pub fn stones(cells: u64, color: Color) -> u64 {
        let (low, high) = (cells & LANES, cells >> 1 & LANES);
        match color {
            Color::Black => low & !high,
            Color::White => high & !low,
        }
    }
}

impl Board {
    /// Walks the board eight points a step: `visit(first, cells, lanes)` gets the index of
    /// the step's first point, its cells and their neighbours' ([`EightCells`]), and the
    /// lanes to count: a row's last step overlaps the one before it and a row shorter than
    /// eight reads past its end, both masked off. A row of 19 is three steps, not 19 points.
    #[inline(always)]
    pub fn for_each_eight_points(&self, mut visit: impl FnMut(usize, EightCells, u64)) {
        let cells = self.cell_codes();
        let eight = |i: usize| u64::from_le_bytes(cells[i..i + 8].try_into().expect("eight cells"));
        let n = self.size();
        let full_steps = n / 8;
        let rest = n % 8;
        let (last_start, last_mask) = if n >= 8 {
            (n - 8, !0u64 << (8 * (8 - rest)))
        } else {
            (0, (1u64 << (8 * n)) - 1)
        };
        for y in 0..n {
            let row = Point::from_xy(0, y).index();
            let steps = (0..full_steps).map(|k| (8 * k, !0u64));
            for (x, mask) in steps.chain((rest > 0).then_some((last_start, last_mask))) {
                let i = row + x;
                let step = EightCells {
                    here: eight(i),
                    north: eight(i - STRIDE),
                    west: eight(i - 1),
                    east: eight(i + 1),
                    south: eight(i + STRIDE),
                };
                visit(i, step, mask & LANES);
            }
        }
    }
}

pub(super) fn area_score(board: &Board) -> AreaScore {
    let (mut black, mut white) = (0u32, 0u32);
    let mut seen = [false; NUM_CELLS];
    let mut stack = [Point::NONE; MAX_SIZE * MAX_SIZE];
    board.for_each_eight_points(|i, step, lanes| {
        let EightCells {
            here,
            north,
            west,
            east,
            south,
        } = step;
        // Black = 1, White = 2, Border = 3, Empty = 0: the AND of the neighbours keeps a
        // colour's bit exactly when every neighbour is that colour or the edge. For an empty
        // point with no empty neighbour (a one-point region, nearly every empty point after a
        // playout) that is the whole answer, without a branch.
        let around = north & west & east & south;
        let lone = EightCells::empty(here);
        let black_points = EightCells::stones(here, Color::Black) | (lone & around);
        let white_points = EightCells::stones(here, Color::White) | (lone & around >> 1);
        black += (black_points & lanes).count_ones();
        white += (white_points & lanes).count_ones();
        let open_neighbour = EightCells::empty(north)
            | EightCells::empty(west)
            | EightCells::empty(east)
            | EightCells::empty(south);
        let mut open = lone & open_neighbour & lanes;
        while open != 0 {
            let p = Point((i + open.trailing_zeros() as usize / 8) as u16);
            open &= open - 1;
            if seen[p.index()] {
                continue;
            }
            // A larger empty region: flood it and note which colours border it.
            let mut touches = 0u8;
            let size = flood_empty_region(board, p, &mut seen, &mut stack, |q| {
                touches |= board.cell(q) as u8 & 3;
            });
            match touches {
                1 => black += size,
                2 => white += size,
                _ => {}
            }
        }
    });
    AreaScore { black, white }
}

/// The points of strings in seki that [`area_score`] gives a side and territory scoring
/// (GNU Go's Japanese rules) gives no one: their eyes. On a finished position (a playout's
/// end) a string is in seki when one of its liberties also touches the opponent, a point
/// neither side fills without giving itself up, and that point was such a shared liberty on
/// `before` already (random playouts leave sekis of their own on an open board, which no
/// real game reaches). Its eyes are the empty regions bordered by
/// its colour alone, and the points that were empty on `before` (where the playout began)
/// and are now its stones with no neighbour but its colour, the edge or an empty point
/// clear of the opponent: a playout fills an eye of a seki whose diagonals make it look
/// false, a real game leaves it empty.
pub(super) fn seki_eyes(board: &Board, before: &Board) -> AreaScore {
    let mut in_seki = [false; NUM_CELLS];
    let mut any = false;
    let touches_both = |b: &Board, p: Point| {
        let around = p.neighbors().map(|n| b.cell(n));
        around.contains(&Cell::Black) && around.contains(&Cell::White)
    };
    for &p in board.empty_points() {
        // A shared liberty already on `before`: the seki stands on the position the playout
        // began from, not on stones its random moves put down.
        if touches_both(board, p) && before.cell(p) == Cell::Empty && touches_both(before, p) {
            any = true;
            for n in p.neighbors() {
                if matches!(board.cell(n), Cell::Black | Cell::White) {
                    in_seki[board.string_id(n).index()] = true;
                }
            }
        }
    }
    let mut eyes = AreaScore::default();
    if !any {
        return eyes;
    }
    let mut count = |color: Cell, size: u32| match color {
        Cell::Black => eyes.black += size,
        Cell::White => eyes.white += size,
        _ => {}
    };
    let clear_of = |n: Point, own: Cell| match board.cell(n) {
        Cell::Empty => !n.neighbors().iter().any(|&m| {
            let c = board.cell(m);
            c != own && matches!(c, Cell::Black | Cell::White)
        }),
        c => c == own || c == Cell::Border,
    };
    for p in board.points() {
        let own = board.cell(p);
        if matches!(own, Cell::Black | Cell::White)
            && in_seki[board.string_id(p).index()]
            && before.cell(p) == Cell::Empty
            && p.neighbors().iter().all(|&n| clear_of(n, own))
        {
            count(own, 1);
        }
    }
    let mut seen = [false; NUM_CELLS];
    let mut stack = [Point::NONE; MAX_SIZE * MAX_SIZE];
    for &p in board.empty_points() {
        if seen[p.index()] {
            continue;
        }
        // Flood the empty region, noting the colours that border it and whether a
        // bordering string is in seki.
        let (mut touches, mut seki) = (0u8, false);
        let size = flood_empty_region(board, p, &mut seen, &mut stack, |n| {
            touches |= board.cell(n) as u8 & 3;
            seki |= in_seki[board.string_id(n).index()];
        });
        match (touches, seki) {
            (1, true) => count(Cell::Black, size),
            (2, true) => count(Cell::White, size),
            _ => {}
        }
    }
    eyes
}

/// Floods the empty region holding `p` (not yet `seen`), marking its points seen, and calls
/// `stone` with every stone next to it (once per contact); returns the region's size.
/// `stack` is scratch space, passed in so that callers on hot paths allocate nothing.
pub fn flood_empty_region(
    board: &Board,
    p: Point,
    seen: &mut [bool; NUM_CELLS],
    stack: &mut [Point; MAX_SIZE * MAX_SIZE],
    mut stone: impl FnMut(Point),
) -> u32 {
    let mut size = 0;
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
                Cell::Black | Cell::White => stone(n),
                _ => {}
            }
        }
    }
    size
}
