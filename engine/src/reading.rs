//! Tactical reading of strings.
//!
//! This is the first, small reader: a depth-limited attack/defence search on strings with one
//! or two liberties (ataris, ladders, captures of adjacent strings to escape). It is what the
//! pattern conditions `attack(A)` / `defend(A)` call today. GNU Go-style reading (move
//! generators per liberty count, ko results, komaster, transposition table) replaces it.

use crate::board::{Board, Color, Point};
use crate::pattern::WIN;

/// Depth (plies) after which a string with two liberties is considered safe.
pub const LADDER_DEPTH: usize = 60;

/// Whether the string at `s` can be captured if its opponent moves first: `WIN` or 0, and the
/// attacking move. The board is left as found.
pub fn attack(board: &mut Board, s: Point) -> (i32, Option<Point>) {
    let Some(color) = board.color_at(s) else {
        return (0, None);
    };
    attack_at(board, s, color, 0)
}

/// Whether the string at `s` can be saved if its owner moves first: `WIN` or 0, and the
/// defending move (`None` when it needs no move).
pub fn defend(board: &mut Board, s: Point) -> (i32, Option<Point>) {
    if board.color_at(s).is_none() {
        return (0, None);
    }
    if attack(board, s).0 == 0 {
        return (WIN, None);
    }
    let color = board.color_at(s).expect("checked above");
    for mv in defence_moves(board, s) {
        if board.try_play(mv, color) {
            let safe = board.color_at(s).is_some() && attack_at(board, s, color, 1).0 == 0;
            board.undo();
            if safe {
                return (WIN, Some(mv));
            }
        }
    }
    (0, None)
}

fn attack_at(board: &mut Board, s: Point, color: Color, depth: usize) -> (i32, Option<Point>) {
    let libs = board.libs(s);
    let attacker = color.opponent();
    if libs == 1 {
        let l = board.liberties(s).next().expect("one liberty");
        if board.is_legal_simple(l, attacker) {
            return (WIN, Some(l));
        }
        return (0, None);
    }
    if libs > 2 || depth >= LADDER_DEPTH {
        return (0, None);
    }
    let mut two = [Point::NONE; 2];
    board.first_liberties(s, &mut two);
    for l in two {
        if !board.try_play(l, attacker) {
            continue;
        }
        // An atari that leaves the attacker capturable at once is no attack.
        let works = board.libs(l) > 1 || board.libs(s) == 0;
        let captured = works && !defended_at(board, s, color, depth + 1);
        board.undo();
        if captured {
            return (WIN, Some(l));
        }
    }
    (0, None)
}

/// The string (in atari, defender to move) survives.
fn defended_at(board: &mut Board, s: Point, color: Color, depth: usize) -> bool {
    if board.color_at(s).is_none() {
        return false;
    }
    if board.libs(s) > 1 {
        return attack_at(board, s, color, depth).0 == 0;
    }
    for mv in defence_moves(board, s) {
        if board.try_play(mv, color) {
            let safe = board.color_at(s).is_some() && attack_at(board, s, color, depth + 1).0 == 0;
            board.undo();
            if safe {
                return true;
            }
        }
    }
    false
}

/// Candidate defences: capture an adjacent enemy string in atari, or extend at a liberty.
fn defence_moves(board: &Board, s: Point) -> Vec<Point> {
    let color = board.color_at(s).expect("a string");
    let mut moves = Vec::new();
    for stone in board.string_stones(s) {
        for n in stone.neighbors() {
            if board.color_at(n) == Some(color.opponent()) && board.libs(n) == 1 {
                let l = board.liberties(n).next().expect("one liberty");
                if !moves.contains(&l) {
                    moves.push(l);
                }
            }
        }
    }
    for l in board.liberties(s) {
        if !moves.contains(&l) {
            moves.push(l);
        }
    }
    moves
}

/// The two stones are in one string, or share two liberties (a miai link no single move
/// breaks), or one common liberty the opponent cannot safely fill.
pub fn connected(board: &mut Board, a: Point, b: Point) -> bool {
    let (Some(ca), Some(cb)) = (board.color_at(a), board.color_at(b)) else {
        return false;
    };
    if ca != cb {
        return false;
    }
    if board.string_id(a) == board.string_id(b) {
        return true;
    }
    let common: Vec<Point> = board
        .liberties(a)
        .filter(|&l| board.has_liberty(b, l))
        .collect();
    if common.len() >= 2 {
        return true;
    }
    let cutter = ca.opponent();
    common.iter().any(|&l| {
        if !board.try_play(l, cutter) {
            return true;
        }
        let captured = attack(board, l).0 == WIN;
        board.undo();
        captured
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Move, Vertex};

    fn setup(rows: &[&str]) -> Board {
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

    fn pt(b: &Board, v: &str) -> Point {
        match Vertex::parse_move(v, b.size()).unwrap() {
            Move::Play(p) => p,
            Move::Pass => unreachable!(),
        }
    }

    /// Expected answers checked with GNU Go 3.8's `attack` / `defend` on the same positions.
    #[test]
    fn ladder_works_without_breaker_and_fails_with_one() {
        let mut rows = [
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
        let mut b = setup(&rows);
        let s = pt(&b, "D4");
        assert_eq!(b.libs(s), 2);
        assert_eq!(attack(&mut b, s).0, WIN, "the ladder works (GNU Go: 1 E4)");
        assert_eq!(b.move_count(), 0, "board left as found");
        assert_eq!(
            defend(&mut b, s).0,
            WIN,
            "black to move escapes (GNU Go: 1 E4)"
        );
        // A black stone at E2 breaks the ladder (GNU Go: attack 0).
        rows[7] = ". . . . X . . . .";
        let mut b = setup(&rows);
        assert_eq!(attack(&mut b, s).0, 0, "ladder breaker");
        b.validate().unwrap();
    }

    #[test]
    fn string_in_atari_is_captured_or_saved() {
        let mut b = setup(&[
            ". . . . .",
            ". . O . .",
            ". O X O .",
            ". . . . .",
            ". . . . .",
        ]);
        let s = pt(&b, "C3");
        assert_eq!(attack(&mut b, s), (WIN, Some(pt(&b, "C2"))));
        assert_eq!(defend(&mut b, s), (WIN, Some(pt(&b, "C2"))));
        // Black to move escapes by capturing the cutting stone that is itself in atari.
        let mut b = setup(&[
            ". X O . .",
            ". O X . .",
            ". . O . .",
            ". . . . .",
            ". . . . .",
        ]);
        let s = pt(&b, "C4");
        assert_eq!(b.libs(s), 1);
        assert_eq!(b.libs(pt(&b, "C5")), 1, "white C5 in atari too");
        let (r, mv) = defend(&mut b, s);
        assert_eq!(r, WIN);
        assert!(mv.is_some());
    }

    #[test]
    fn shared_liberties_connect() {
        let mut rows = [". . . . . . . . ."; 9];
        rows[4] = ". . . X . X . . .";
        let mut b = setup(&rows);
        let (a, c) = (pt(&b, "D5"), pt(&b, "F5"));
        assert!(
            !connected(&mut b, a, c),
            "a one-point jump in the open can be cut"
        );
        let mut b = setup(&[
            ". . . . .",
            ". X . . .",
            ". . X . .",
            ". . . . .",
            ". . . . .",
        ]);
        let (a, c) = (pt(&b, "B4"), pt(&b, "C3"));
        assert!(connected(&mut b, a, c), "a diagonal shares two liberties");
    }
}
