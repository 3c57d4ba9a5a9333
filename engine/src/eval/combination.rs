//! Combination attacks (GNU Go's atari-atari): a move that makes two tactical threats at
//! once — a double atari, an atari that also threatens a second string — so that no single
//! answer meets both.
//!
//! For `color`, the candidates are the liberties of enemy strings with two or three
//! liberties and the points next to liberties of two such strings. After a candidate the
//! *threats* are the enemy strings the tactical reader can now capture that it could not
//! capture before (strings already lost are not a combination). With two threats or more,
//! every defence is tried — a liberty of a threatened string, a capture of a stone next to
//! one, the capture of the move itself — and the combination works when after each defence
//! the reader still captures one of the threatened strings. When no candidate works so, an
//! atari works whose every answer leaves one that does. Budgets bound the whole scan
//! ([`READ_BUDGET`] reader calls, and [`NODE_BUDGET`] reading nodes, each call being
//! bounded by the reader's own node limit); beyond them the scan stops with what it found.
//! Nodes, not seconds: the answer must not depend on the machine's load.

use crate::board::{Board, Cell, Color, Point};
use crate::tactics::reading::Reader;

/// Reader calls allowed for one scan (600 until the candidates next to two liberties came,
/// which spent them before the scan reached atari_atari:23's C8).
pub const READ_BUDGET: usize = 1200;

/// Reading nodes the candidates of one scan may use (reader calls differ a lot in cost).
/// atari_atari.tst: 15 of 28 at 500,000, 16 at 1,500,000 (as with the old 3 s cap); the
/// slowest test then takes 1.5 s.
pub const NODE_BUDGET: u64 = 1_500_000;

/// The combination attacks `color` has on `board`: every move that works, in board order.
pub fn combination_attacks(board: &mut Board, reader: &mut Reader, color: Color) -> Vec<Point> {
    let enemy = color.opponent();
    let mut budget = READ_BUDGET;
    // Enemy strings already capturable are not what a combination wins.
    let mut heads: Vec<Point> = Vec::new();
    for p in board.points().collect::<Vec<_>>() {
        if board.color_at(p) == Some(enemy) && !heads.contains(&board.string_id(p)) {
            heads.push(board.string_id(p));
        }
    }
    let Some(safe) = safe_strings(board, reader, enemy, &heads, &mut budget) else {
        return Vec::new();
    };
    let candidates = candidate_moves(board, &safe);
    let mut found = Vec::new();
    let start = reader.nodes();
    for &m in &candidates {
        if budget == 0 || reader.nodes() - start > NODE_BUDGET {
            break;
        }
        if works(board, reader, color, m, &safe, &mut budget) {
            found.push(m);
        }
    }
    if !found.is_empty() {
        return found;
    }
    // No combination in one move: an atari whose every answer leaves one.
    for &m in &candidates {
        if budget == 0 || reader.nodes() - start > NODE_BUDGET {
            break;
        }
        let ataris = safe
            .iter()
            .any(|&h| board.libs(h) == 2 && board.has_liberty(h, m));
        if ataris && atari_then_combination(board, reader, color, m, &safe, &mut budget) {
            found.push(m);
        }
    }
    found
}

/// Whether `color` at `m`, an atari on one of the `safe` strings, wins: after each answer
/// the string in atari is still lost, or a combination of one move (against the strings
/// still safe) is there.
fn atari_then_combination(
    board: &mut Board,
    reader: &mut Reader,
    color: Color,
    m: Point,
    safe: &[Point],
    budget: &mut usize,
) -> bool {
    let enemy = color.opponent();
    if !board.try_play(m, color) {
        return false;
    }
    // A stone the opponent takes at once starts nothing.
    if board.libs(m) == 1 {
        board.undo();
        return false;
    }
    let in_atari: Vec<Point> = safe
        .iter()
        .copied()
        .filter(|&h| board.color_at(h) == Some(enemy) && board.libs(h) == 1)
        .collect();
    let mut answers = answers_to(board, color, &in_atari);
    for &t in &in_atari {
        if *budget > 0 {
            *budget -= 1;
            if let (code, Some(d)) = reader.find_defense(board, t)
                && code != 0
                && !answers.contains(&d)
            {
                answers.push(d);
            }
        }
    }
    if board.libs(m) <= 2 {
        push_new(&mut answers, board.liberties(m));
    }
    let mut wins = !in_atari.is_empty();
    for d in answers {
        if !wins || *budget == 0 {
            wins = false;
            break;
        }
        if !board.try_play(d, enemy) {
            continue;
        }
        wins = still_lost(board, reader, &in_atari, budget)
            || one_move_combination(board, reader, color, safe, budget);
        board.undo();
    }
    board.undo();
    wins
}

/// The opponent's answers to `color`'s threats on the strings `threatened`: their liberties,
/// and the liberties of `color`'s strings of two liberties or fewer next to them (taking an
/// attacker).
fn answers_to(board: &Board, color: Color, threatened: &[Point]) -> Vec<Point> {
    let mut answers: Vec<Point> = Vec::new();
    for &t in threatened {
        push_new(&mut answers, board.liberties(t));
        for st in board.string_stones(t) {
            for n in st.neighbors() {
                if board.color_at(n) == Some(color) && board.libs(n) <= 2 {
                    push_new(&mut answers, board.liberties(n));
                }
            }
        }
    }
    answers
}

fn push_new(list: &mut Vec<Point>, points: impl Iterator<Item = Point>) {
    for p in points {
        if !list.contains(&p) {
            list.push(p);
        }
    }
}

/// One of `strings` can still be captured.
fn still_lost(
    board: &mut Board,
    reader: &mut Reader,
    strings: &[Point],
    budget: &mut usize,
) -> bool {
    for &t in strings {
        if board.color_at(t).is_none() || *budget == 0 {
            continue;
        }
        *budget -= 1;
        if reader.attack(board, t).0 != 0 {
            return true;
        }
    }
    false
}

/// The strings among `strings` (by head) that are still `enemy`'s and that the reader cannot
/// capture; `None` when the budget ran out first. Strings of five liberties or more count
/// as safe without a read.
fn safe_strings(
    board: &mut Board,
    reader: &mut Reader,
    enemy: Color,
    strings: &[Point],
    budget: &mut usize,
) -> Option<Vec<Point>> {
    let mut safe: Vec<Point> = Vec::new();
    for &h in strings {
        if board.color_at(h) != Some(enemy) || safe.contains(&board.string_id(h)) {
            continue;
        }
        if board.libs(h) > 4 {
            safe.push(board.string_id(h));
            continue;
        }
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        if reader.attack(board, h).0 == 0 {
            safe.push(board.string_id(h));
        }
    }
    Some(safe)
}

/// A combination of one move against those of the `safe` strings still on the board and
/// still safe.
fn one_move_combination(
    board: &mut Board,
    reader: &mut Reader,
    color: Color,
    safe: &[Point],
    budget: &mut usize,
) -> bool {
    let Some(still_safe) = safe_strings(board, reader, color.opponent(), safe, budget) else {
        return false;
    };
    candidate_moves(board, &still_safe)
        .into_iter()
        .any(|c| *budget > 0 && works(board, reader, color, c, &still_safe, budget))
}

/// The moves a combination may start with, in board order: the liberties of the `safe`
/// strings with two or three liberties, and the points next to liberties of two different
/// such strings (a move there closes in on both at once).
fn candidate_moves(board: &Board, safe: &[Point]) -> Vec<Point> {
    let mut candidates: Vec<Point> = Vec::new();
    // For each empty point next to a short string's liberty, the first such string seen.
    let mut near: Vec<(Point, Point)> = Vec::new();
    for &h in safe {
        if !(2..=3).contains(&board.libs(h)) {
            continue;
        }
        let head = board.string_id(h);
        for l in board.liberties(h) {
            if !candidates.contains(&l) {
                candidates.push(l);
            }
            for n in l.neighbors() {
                if board.cell(n) != Cell::Empty {
                    continue;
                }
                match near.iter().find(|&&(p, _)| p == n) {
                    Some(&(_, other)) if other != head => {
                        if !candidates.contains(&n) {
                            candidates.push(n);
                        }
                    }
                    Some(_) => {}
                    None => near.push((n, head)),
                }
            }
        }
    }
    candidates.sort_by_key(|p| p.index());
    candidates
}

/// Whether `color` at `m` is a combination against the `safe` enemy strings.
fn works(
    board: &mut Board,
    reader: &mut Reader,
    color: Color,
    m: Point,
    safe: &[Point],
    budget: &mut usize,
) -> bool {
    if !board.try_play(m, color) {
        return false;
    }
    let mut threats: Vec<Point> = Vec::new();
    for &h in safe {
        if board.color_at(h) != Some(color.opponent()) || board.libs(h) > 3 {
            continue;
        }
        if *budget == 0 {
            break;
        }
        *budget -= 1;
        if reader.attack(board, h).0 != 0 {
            threats.push(h);
        }
    }
    let ok = threats.len() >= 2 && no_single_defence(board, reader, color, m, &threats, budget);
    board.undo();
    ok
}

/// After the combination move at `m`, whether every defence of the enemy leaves one of the
/// `threats` capturable.
fn no_single_defence(
    board: &mut Board,
    reader: &mut Reader,
    color: Color,
    m: Point,
    threats: &[Point],
    budget: &mut usize,
) -> bool {
    let enemy = color.opponent();
    let mut defences = answers_to(board, color, threats);
    push_new(&mut defences, board.liberties(m));
    for d in defences {
        if !board.try_play(d, enemy) {
            continue;
        }
        let mut still = false;
        for &t in threats {
            if board.color_at(t) != Some(enemy) {
                continue;
            }
            if *budget == 0 {
                board.undo();
                return false;
            }
            *budget -= 1;
            if reader.attack(board, t).0 != 0 {
                still = true;
                break;
            }
        }
        board.undo();
        if !still {
            return false;
        }
    }
    true
}

/// GNU Go's `combination_defend`: the moves of `color` that leave the opponent no
/// combination attack — the combination moves themselves, and the points of the strings
/// they threaten (their liberties); empty when there is no combination to meet.
pub fn combination_defences(board: &mut Board, reader: &mut Reader, color: Color) -> Vec<Point> {
    let attacks = combination_attacks(board, reader, color.opponent());
    let mut out: Vec<Point> = Vec::new();
    for a in attacks {
        if !out.contains(&a) {
            out.push(a);
        }
        for n in a.neighbors() {
            if board.color_at(n) == Some(color) {
                for l in board.liberties(n).collect::<Vec<_>>() {
                    if !out.contains(&l) {
                        out.push(l);
                    }
                }
            }
        }
    }
    out.sort_by_key(|p| p.index());
    out
}

#[cfg(test)]
mod tests;
