//! Look-ahead: the best candidates are played, then the opponent's best replies (and at
//! higher levels our best answer to each), all judged by the fast evaluation. It catches
//! moves whose one-move value the opponent's answer takes back (a capture that is
//! recaptured, an extension that gets cut off).

use super::eval::Evaluator;
use super::{GenOptions, ValuedMove, reason, sort_ranked};
use crate::board::{Board, Color, Point};
use std::time::Instant;

/// Weight of the look-ahead's correction of a checked candidate's territorial value.
const DEEP_WEIGHT: f32 = 0.6;

/// Most opponent replies kept per checked candidate.
const MAX_REPLIES: usize = 4;

/// Re-values the first [`GenOptions::lookahead_width`] candidates of `ranked` (best first)
/// and sorts again. Stops early at `deadline`. `board` is left as it was.
///
/// The look-ahead judges by the fast evaluation only, so it corrects the territorial part of
/// a candidate's value (the evaluation right after the move) by what the replies take back,
/// and leaves the rest (tactics, dragons, joseki, shape) as the stages gave it: blending the
/// whole value with the evaluation's view erased most of a dragon's or a joseki move's
/// worth.
pub fn refine(
    board: &mut Board,
    us: Color,
    evaluator: &Evaluator<'_>,
    options: &GenOptions,
    deadline: Option<Instant>,
    ranked: &mut [ValuedMove],
) {
    let width = options.lookahead_width().min(ranked.len());
    let replies = options.reply_width().min(MAX_REPLIES);
    let deep = options.deep();
    let (reference, pass_margin) = {
        board.pass(us);
        let v = line_value(board, us, evaluator, replies, deep, deadline);
        let m = evaluator.margin(board, us.opponent(), us);
        board.undo();
        (v, m)
    };
    for candidate in ranked.iter_mut().take(width) {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        if !board.try_play(candidate.point, us) {
            continue;
        }
        let immediate = evaluator.margin(board, us.opponent(), us) - pass_margin;
        let v = line_value(board, us, evaluator, replies, deep, deadline);
        board.undo();
        candidate.value += DEEP_WEIGHT * ((v - reference) - immediate);
        candidate.reasons |= reason::LOOKAHEAD;
    }
    sort_ranked(&mut ranked[..width]);
    // An unchecked candidate may not overtake a checked one on its unchecked value alone.
    if let Some(floor) = ranked[..width].last().map(|c| c.value) {
        for c in ranked[width..].iter_mut() {
            c.value = c.value.min(floor);
        }
    }
}

/// Our margin after the opponent's best reply (opponent to move on `board`); with `deep`,
/// after our best answer to each of their `replies` best replies, the worst of them.
fn line_value(
    board: &mut Board,
    us: Color,
    evaluator: &Evaluator<'_>,
    replies: usize,
    deep: bool,
    deadline: Option<Instant>,
) -> f32 {
    let them = us.opponent();
    let mut best = [(f32::NEG_INFINITY, None::<Point>); MAX_REPLIES];
    let keep = if deep { replies.max(1) } else { 1 };
    // Their pass is a reply too: the margin as it stands, us to move.
    insert_top(&mut best[..keep], evaluator.margin(board, us, them), None);
    let empties: Vec<Point> = board.empty_points().to_vec();
    for r in empties {
        if board.is_eye(r, them) || !board.try_play(r, them) {
            continue;
        }
        let v = evaluator.margin(board, us, them);
        board.undo();
        insert_top(&mut best[..keep], v, Some(r));
    }
    if !deep || deadline.is_some_and(|d| Instant::now() >= d) {
        return -best[0].0;
    }
    let mut worst = f32::INFINITY;
    for &(v, reply) in &best[..keep] {
        if v == f32::NEG_INFINITY {
            continue;
        }
        match reply {
            Some(_) if deadline.is_some_and(|d| Instant::now() >= d) => worst = worst.min(-v),
            Some(r) => {
                board.play_unchecked(r, them);
                let ours = best_answer(board, us, evaluator);
                board.undo();
                worst = worst.min(ours);
            }
            None => worst = worst.min(-v),
        }
    }
    worst
}

/// Our best margin over one move of ours (or a pass), opponent to move after it.
fn best_answer(board: &mut Board, us: Color, evaluator: &Evaluator) -> f32 {
    let them = us.opponent();
    board.pass(us);
    let mut best = evaluator.margin(board, them, us);
    board.undo();
    let empties: Vec<Point> = board.empty_points().to_vec();
    for p in empties {
        if board.is_eye(p, us) || !board.try_play(p, us) {
            continue;
        }
        best = best.max(evaluator.margin(board, them, us));
        board.undo();
    }
    best
}

/// Keeps `top` sorted best first with the `top.len()` highest values.
fn insert_top(top: &mut [(f32, Option<Point>)], v: f32, p: Option<Point>) {
    let Some(i) = top.iter().position(|&(w, _)| v > w) else {
        return;
    };
    top[i..].rotate_right(1);
    top[i] = (v, p);
}
