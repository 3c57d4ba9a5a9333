//! Break-in and block-off (GNU Go's `break_in` / `block_off`): can a string get into an area
//! the other colour means to hold, or can the area's owner close it off?
//!
//! A string *breaks in* when its owner, moving first, can put a stone on a point of the area
//! that **holds**: the opponent, moving first, can neither capture it (tactical reading) nor
//! cut it from the string (connection reading; a stone of the string itself holds when the
//! string cannot be captured). This is what a player means by "the boundary has a gap": the
//! intruder need not be connected, it is enough that it cannot be removed, for then the area
//! is no longer the owner's.
//!
//! Only the points the string reaches within two moves of connection distance are tried
//! (`tactics::connection`'s distances: a liberty, the point beyond one, a point beside a
//! stone the string is joined to by a diagonal or a bamboo joint), nearest first.
//! Stones of the string's colour already in the area count as a break-in when they hold
//! (answered `PASS`).
//!
//! The area's owner *blocks off* the string when it has a move after which the string no
//! longer breaks in: the string's liberties, the points the string could break in at, and
//! their empty neighbours are tried. When the string cannot break in at all, no move is
//! needed (`PASS`).
//!
//! Results are reading codes: [`WIN`] or 0 (ko results are not distinguished yet). Each
//! reading question is bounded by the reader's node limit, the candidates by
//! [`MAX_CANDIDATES`], and the whole command by [`NODE_BUDGET`]: a command that runs out
//! answers what it has proved, conservatively (0: no break-in proved, no block proved).

use crate::board::{Board, Color, Point};
use crate::tactics::connection::{Distances, MOVE};
use crate::tactics::reading::persistent::PointSet;
use crate::tactics::reading::{ReadResult, Reader, WIN};

/// Candidate moves tried by one question, nearest first.
pub const MAX_CANDIDATES: usize = 24;

/// Reading plus connection nodes one `break_in` or `block_off` command may use over all its
/// reading questions (a `block_off` asks a whole `break_in` after each blocking move).
pub const NODE_BUDGET: u64 = 2_000_000;

/// Can the string at `s` break into `area`, its owner moving first? `(WIN, Some(move))` with
/// the first move that breaks in, `(WIN, None)` when its stones already stand in the area
/// and hold, `(0, None)` when it cannot, when that was not proved within [`NODE_BUDGET`], or
/// when `s` is empty.
pub fn break_in(reader: &mut Reader, board: &mut Board, s: Point, area: &PointSet) -> ReadResult {
    let budget = Budget::start(reader, NODE_BUDGET);
    break_in_within(reader, board, s, area, &budget).unwrap_or((0, None))
}

/// Can the opponent of the string at `s`, moving first, keep it out of `area`? `(WIN,
/// Some(move))` with the blocking move, `(WIN, None)` when the string cannot break in
/// anyway, `(0, None)` when no move blocks it, when no block was proved within
/// [`NODE_BUDGET`], or when `s` is empty.
pub fn block_off(reader: &mut Reader, board: &mut Board, s: Point, area: &PointSet) -> ReadResult {
    block_off_within(reader, board, s, area, NODE_BUDGET)
}

/// [`block_off`] within `limit` nodes.
fn block_off_within(
    reader: &mut Reader,
    board: &mut Board,
    s: Point,
    area: &PointSet,
    limit: u64,
) -> ReadResult {
    let Some(color) = board.color_at(s) else {
        return (0, None);
    };
    let budget = Budget::start(reader, limit);
    let Some((code, entry)) = break_in_within(reader, board, s, area, &budget) else {
        return (0, None);
    };
    if code == 0 {
        return (WIN, None);
    }
    let blocker = color.opponent();
    for r in blocking_points(reader, board, s, area, entry) {
        if !board.try_play(r, blocker) {
            continue;
        }
        // The string may have been captured: then there is nothing left to break in.
        let blocked = if board.color_at(s) == Some(color) {
            break_in_within(reader, board, s, area, &budget).map(|(code, _)| code == 0)
        } else {
            Some(true)
        };
        board.undo();
        match blocked {
            Some(true) => return (WIN, Some(r)),
            Some(false) => {}
            None => return (0, None),
        }
    }
    (0, None)
}

/// The nodes a command started from, and how many it may use.
struct Budget {
    start: u64,
    limit: u64,
}

impl Budget {
    fn start(reader: &Reader, limit: u64) -> Budget {
        Budget {
            start: reader.nodes() + reader.connection_nodes(),
            limit,
        }
    }

    fn spent(&self, reader: &Reader) -> bool {
        reader.nodes() + reader.connection_nodes() - self.start >= self.limit
    }
}

/// [`break_in`]'s answer; `None` when the budget ran out before one was proved.
fn break_in_within(
    reader: &mut Reader,
    board: &mut Board,
    s: Point,
    area: &PointSet,
    budget: &Budget,
) -> Option<ReadResult> {
    let Some(color) = board.color_at(s) else {
        return Some((0, None));
    };
    if already_in(reader, board, s, color, area, budget)? {
        return Some((WIN, None));
    }
    for m in entry_points(reader, board, s, area) {
        if budget.spent(reader) {
            return None;
        }
        if !board.try_play(m, color) {
            continue;
        }
        let holds = holds(reader, board, s, m);
        board.undo();
        if holds {
            return Some((WIN, Some(m)));
        }
    }
    Some((0, None))
}

/// Does the stone of the string's colour at `m` hold against the opponent moving first?
fn holds(reader: &mut Reader, board: &mut Board, s: Point, m: Point) -> bool {
    if reader.attack(board, m).0 == 0 {
        return true;
    }
    board.string_id(s) != board.string_id(m) && reader.disconnect(board, s, m).0 == 0
}

/// Whether stones of the string's colour already stand in the area, within its reach, and
/// hold (`None`: the budget ran out first).
fn already_in(
    reader: &mut Reader,
    board: &mut Board,
    s: Point,
    color: Color,
    area: &PointSet,
    budget: &Budget,
) -> Option<bool> {
    let mut seen: Vec<Point> = Vec::new();
    for p in reach(board, s) {
        for q in std::iter::once(p).chain(p.neighbors()) {
            if !area.contains(q) || board.color_at(q) != Some(color) {
                continue;
            }
            let id = board.string_id(q);
            if seen.contains(&id) {
                continue;
            }
            seen.push(id);
            if budget.spent(reader) {
                return None;
            }
            if holds(reader, board, s, q) {
                return Some(true);
            }
        }
    }
    Some(false)
}

/// The string's stones and its empty liberties: the points from which it steps into the
/// area.
fn reach(board: &Board, s: Point) -> Vec<Point> {
    let mut points: Vec<Point> = board.string_stones(s).collect();
    points.extend(board.liberties(s));
    points
}

/// Empty area points the string reaches within two moves of connection distance (a
/// liberty, the point beyond one, a diagonal step), nearest first, then in board order, at
/// most [`MAX_CANDIDATES`].
fn entry_points(reader: &mut Reader, board: &mut Board, s: Point, area: &PointSet) -> Vec<Point> {
    let mut d = Distances::new();
    reader.connection_distances(board, s, Point::NONE, &mut d);
    let mut points: Vec<(u32, Point)> = d.queue[..d.len]
        .iter()
        .copied()
        .filter(|&p| {
            area.contains(p)
                && board.on_board(p)
                && board.color_at(p).is_none()
                && d.dist[p.index()] <= 2 * MOVE
        })
        .map(|p| (d.dist[p.index()], p))
        .collect();
    points.sort_by_key(|&(dist, p)| (dist, p.index()));
    points.truncate(MAX_CANDIDATES);
    points.into_iter().map(|(_, p)| p).collect()
}

/// Where the owner of the area tries to block: the entry the string would use first, the
/// string's liberties, the other entry points and their empty neighbours.
fn blocking_points(
    reader: &mut Reader,
    board: &mut Board,
    s: Point,
    area: &PointSet,
    entry: Option<Point>,
) -> Vec<Point> {
    let entries = entry_points(reader, board, s, area);
    let board = &*board;
    let mut points: Vec<Point> = entry.into_iter().collect();
    let push = |p: Point, points: &mut Vec<Point>| {
        if board.on_board(p) && board.color_at(p).is_none() && !points.contains(&p) {
            points.push(p);
        }
    };
    for l in board.liberties(s) {
        push(l, &mut points);
    }
    for &e in &entries {
        push(e, &mut points);
    }
    for &e in &entries {
        for q in e.neighbors() {
            push(q, &mut points);
        }
    }
    points.truncate(MAX_CANDIDATES);
    points
}

#[cfg(test)]
mod tests;
