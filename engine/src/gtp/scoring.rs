//! Final scoring commands: the status of every stone and the score with dead stones removed
//! (see [`crate::eval::scoring`]).

use super::{Command, CommandResult, GtpEngine};
use crate::board::{Color, Point};
use crate::eval::scoring::{self, ScoringOptions, StoneStatus};

/// This file's commands, in `list_commands` order.
pub(super) static COMMANDS: &[Command] = commands! {
    "final_score" => cmd_final_score,
    "final_status_list" => cmd_final_status_list,
    "new_score" => cmd_new_score,
    "tesuji-ownership" => cmd_tesuji_ownership,
};

fn final_status(e: &GtpEngine) -> scoring::FinalStatus {
    let board = e.game.board();
    scoring::final_status(board, e.game.to_move(), &ScoringOptions::default())
}

/// `final_score`: GNU Go's text, `W+3.5`, `B+12.0` or `0`.
fn cmd_final_score(e: &mut GtpEngine, _: &[&str]) -> CommandResult {
    let fs = final_status(e);
    let score = scoring::final_score(e.game.board(), &fs, e.game.komi(), e.scoring_rules);
    Ok(score.result_string())
}

/// GNU Go's `new_score`: the score of the position as `final_score` counts it, in GNU Go's
/// format `W+3.5 (upper bound: 3.5, lower: 3.5)` (bounds White-positive; the count is one
/// number, so both bounds are it).
fn cmd_new_score(e: &mut GtpEngine, _: &[&str]) -> CommandResult {
    let fs = final_status(e);
    let text =
        scoring::final_score(e.game.board(), &fs, e.game.komi(), e.scoring_rules).result_string();
    let value: f32 = if let Some(w) = text.strip_prefix("W+") {
        w.parse().unwrap_or(0.0)
    } else if let Some(b) = text.strip_prefix("B+") {
        -b.parse().unwrap_or(0.0)
    } else {
        0.0
    };
    Ok(format!(
        "{text} (upper bound: {value:.1}, lower: {value:.1})"
    ))
}

/// `final_status_list alive|dead|seki`: one string a line, as GNU Go lists them; also
/// GNU Go's extensions `black_territory`, `white_territory` and `dame` (points on one line).
fn cmd_final_status_list(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let what = args.first().ok_or("missing status")?;
    let fs = final_status(e);
    let board = e.game.board();
    let owner = match *what {
        "black_territory" => Some(Some(Color::Black)),
        "white_territory" => Some(Some(Color::White)),
        "dame" => Some(None),
        _ => None,
    };
    if let Some(owner) = owner {
        let pts = scoring::empty_points_owned(board, &fs, owner);
        return Ok(e.format_points(pts));
    }
    let status: StoneStatus = what.parse().map_err(|_| "invalid status")?;
    let lines: Vec<String> = fs
        .strings_with(board, status)
        .into_iter()
        .map(|stones| e.format_points(stones))
        .collect();
    Ok(lines.join("\n"))
}

/// `tesuji-ownership`: the playout ownership behind `final_status_list`, White's share minus
/// Black's in percent (−100…100), one row a line from the top; the statuses as letters
/// after it (`a` alive, `d` dead, `s` seki, `.` empty).
fn cmd_tesuji_ownership(e: &mut GtpEngine, _: &[&str]) -> CommandResult {
    let fs = final_status(e);
    let board = e.game.board();
    let n = board.size();
    let mut out = String::new();
    for y in 0..n {
        out.push('\n');
        for x in 0..n {
            let p = Point::from_xy(x, y);
            out.push_str(&format!("{:5}", (fs.ownership(p) * 100.0).round() as i32));
        }
        out.push_str("   ");
        for x in 0..n {
            let p = Point::from_xy(x, y);
            out.push(match fs.status(p) {
                Some(StoneStatus::Alive) => 'a',
                Some(StoneStatus::Dead) => 'd',
                Some(StoneStatus::Seki) => 's',
                None => '.',
            });
        }
    }
    Ok(out)
}
