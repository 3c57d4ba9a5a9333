//! Helpers shared by the engine's unit tests: boards drawn as figures, vertices by name.

use crate::board::{Board, Color, Move, Point, Vertex};

/// A board drawn row by row from the top, points separated by spaces: `X` Black, `O` White,
/// anything else empty. Setup stones, no history.
pub(crate) fn setup(rows: &[&str]) -> Board {
    let mut b = Board::new(rows.len()).unwrap();
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.split_whitespace().enumerate() {
            let c = match ch {
                "X" => Color::Black,
                "O" => Color::White,
                _ => continue,
            };
            b.add_stone(Point::from_xy(x, y), c).unwrap();
        }
    }
    b.clear_history();
    b
}

/// The point of a GTP vertex such as `D4` on `b`; a pass is a test bug.
pub(crate) fn pt(b: &Board, v: &str) -> Point {
    match Vertex::parse_move(v, b.size()).unwrap() {
        Move::Play(p) => p,
        Move::Pass => panic!("{v} is not a point"),
    }
}

/// The plain ladder (9×9): Black D4 has two liberties, D3 and E4, against White's D5, C4
/// and C3, and nothing stands on the ladder's path. Tests that want a breaker put a black
/// stone at E2 with [`LADDER_BREAKER_ROW`] in row 7.
pub(crate) const LADDER: [&str; 9] = [
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . O . . . . .",
    ". . O X . . . . .",
    ". . O . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
];

/// Row 7 of [`LADDER`] with a black ladder breaker at E2.
pub(crate) const LADDER_BREAKER_ROW: &str = ". . . . X . . . .";

/// Calls `visit` on every position of `games` uniform playouts (seeded by `seed`) on each
/// board size, from the empty board to the playout's end (at most `moves_per_point` moves a
/// point), the first side alternating from game to game: positions for checking a fast
/// reading of the board against a slow one.
pub(crate) fn along_playouts(
    sizes: &[usize],
    games: usize,
    moves_per_point: usize,
    seed: u64,
    mut visit: impl FnMut(&mut Board),
) {
    let mut runner = crate::board::playout::Playout::new(seed);
    for &size in sizes {
        for game in 0..games {
            let mut b = Board::new(size).unwrap();
            let mut color = [Color::Black, Color::White][game % 2];
            for _ in 0..moves_per_point * size * size {
                visit(&mut b);
                match runner.choose_move(&b, color) {
                    Some(p) => b.play_unchecked(p, color),
                    None => break,
                }
                color = color.opponent();
            }
        }
    }
}

/// Plays `moves` random legal moves (a few passes among them), alternating colours.
pub(crate) fn random_moves(b: &mut Board, rng: &mut rand::rngs::SmallRng, moves: usize) {
    random_moves_with(b, rng, moves, true);
}

/// [`random_moves`]; without `fill_own_eyes` no side fills its own one-point eyes (the game
/// keeps living groups, dead stones and stones in atari, as real games do), and a side
/// passes only when it has no other move.
pub(crate) fn random_moves_with(
    b: &mut Board,
    rng: &mut rand::rngs::SmallRng,
    moves: usize,
    fill_own_eyes: bool,
) {
    use rand::Rng;
    let mut color = Color::Black;
    for _ in 0..moves {
        let legal: Vec<Point> = b
            .empty_points()
            .iter()
            .copied()
            .filter(|&p| b.is_legal_simple(p, color) && (fill_own_eyes || !b.is_eye(p, color)))
            .collect();
        if legal.is_empty() || (fill_own_eyes && rng.random_bool(0.02)) {
            b.pass(color);
        } else {
            b.play_unchecked(legal[rng.random_range(0..legal.len())], color);
        }
        color = color.opponent();
    }
}
