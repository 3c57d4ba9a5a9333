//! Game commands: board size, komi, moves, handicap, legality, SGF, time, and move generation
//! (`genmove` and GNU Go's regression variants).

use super::{Command, CommandResult, GtpEngine};
use crate::board::Board;
use crate::board::game::{TimeLeft, TimeSettings};
use crate::board::sgf::{self, EmptySetup, Until};
use crate::board::{Color, Move, Point, Vertex};
use crate::play::movegen::{Decision, MoveGenerator};

/// This file's commands, in `list_commands` order.
pub(super) static COMMANDS: &[Command] = commands! {
    "boardsize" => cmd_boardsize,
    "clear_board" => |e, _| { e.game.clear(); Ok(String::new()) },
    "komi" => cmd_komi,
    "play" => cmd_play,
    "black" => |e, args| play_v1(e, Color::Black, args),
    "white" => |e, args| play_v1(e, Color::White, args),
    "genmove" => cmd_genmove,
    "reg_genmove" => cmd_reg_genmove,
    "gg_genmove" => cmd_reg_genmove,
    "restricted_genmove" => cmd_restricted_genmove,
    "kgs-genmove_cleanup" => cmd_genmove_cleanup,
    "top_moves" => cmd_top_moves,
    "level" => cmd_level,
    "undo" => |e, _| if e.game.undo() { Ok(String::new()) } else { Err("cannot undo".into()) },
    "showboard" => |e, _| Ok(format!("\n{}", e.showboard())),
    "fixed_handicap" => cmd_fixed_handicap,
    "place_free_handicap" => cmd_fixed_handicap,
    "set_free_handicap" => cmd_set_free_handicap,
    "list_stones" => cmd_list_stones,
    "is_legal" => cmd_is_legal,
    "all_legal" => cmd_all_legal,
    "captures" => cmd_captures,
    "loadsgf" => cmd_loadsgf,
    "printsgf" => cmd_printsgf,
    "time_settings" => cmd_time_settings,
    "time_left" => cmd_time_left,
};

fn cmd_boardsize(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let size: usize = args
        .first()
        .ok_or("missing size")?
        .parse()
        .map_err(|_| "boardsize not an integer")?;
    e.game
        .set_size(size)
        .map_err(|_| "unacceptable size".to_string())?;
    Ok(String::new())
}

/// The largest komi accepted: far beyond any board's points, small enough to count exactly.
const MAX_KOMI: f64 = 10_000.0;

fn cmd_komi(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let komi: f64 = args
        .first()
        .ok_or("missing komi")?
        .parse()
        .map_err(|_| "komi not a float")?;
    if !komi.is_finite() || komi.abs() > MAX_KOMI {
        return Err(format!("komi out of range (-{MAX_KOMI} to {MAX_KOMI})"));
    }
    let komi = komi as f32;
    e.game.set_komi(komi);
    e.default_komi = komi;
    Ok(String::new())
}

fn cmd_play(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    if args.len() < 2 {
        return Err("syntax error: play COLOR VERTEX".into());
    }
    let color = e.parse_color(args.first())?;
    let mv = e.parse_vertex(args.get(1))?;
    e.game
        .play(mv, color)
        .map_err(|err| format!("illegal move: {err}"))?;
    Ok(String::new())
}

/// GTP v1's `black VERTEX` / `white VERTEX`: `play COLOR VERTEX`.
fn play_v1(e: &mut GtpEngine, color: Color, args: &[&str]) -> CommandResult {
    let mv = e.parse_vertex(args.first())?;
    e.game
        .play(mv, color)
        .map_err(|err| format!("illegal move: {err}"))?;
    Ok(String::new())
}

/// Which moves a generation may choose from, and whether it may pass.
#[derive(Clone, Copy)]
enum GenMode<'a> {
    Normal,
    /// `reg_genmove`, `gg_genmove`: which move would be played; never resigns (a question
    /// about the position's best move has a move for an answer, even in a lost game).
    Question,
    Restricted(&'a [Point]),
    /// `kgs-genmove_cleanup`: never pass while a worthwhile move or a capture remains.
    Cleanup,
}

impl GtpEngine {
    /// Generates a move for `color` on the game position without playing it.
    fn generate(&mut self, color: Color, mode: GenMode<'_>) -> Decision {
        let mut options = self.gen_options;
        let empty = self.game.board().empty_points().len();
        let budget = crate::play::movegen::time::move_budget(
            self.game.time_settings,
            self.game.time_left[color as usize],
            empty,
        );
        options.time_budget = match (options.time_budget, budget) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let allowed = match mode {
            GenMode::Restricted(pts) => Some(pts),
            _ => None,
        };
        if !matches!(mode, GenMode::Normal) {
            // Only `genmove` resigns: a restricted choice, a question and the cleanup
            // phase each ask for a move.
            options.resign = false;
        }
        if matches!(mode, GenMode::Cleanup) {
            // Cleanup removes dead stones: the classical values see captures, while the
            // search, the game being decided, is indifferent between winning moves.
            options.lookahead = false;
        }
        let generator = MoveGenerator::new(self.patterns, options);
        // Tree reuse only when asked: fresh trees each move are what was measured.
        if options.reuse_trees {
            if let Ok(mut t) = generator.trees.lock() {
                *t = std::mem::take(&mut self.search_trees);
            }
        }
        let komi = self.game.komi();
        self.sync_trymoves();
        let mut board = self.game.board().clone();
        let choice = generator.generate(&mut board, color, komi, allowed);
        if let Ok(mut t) = generator.trees.lock() {
            self.search_trees = std::mem::take(&mut *t);
        }
        let mut decision = choice.decision;
        if matches!(mode, GenMode::Cleanup) && decision == Decision::Pass {
            // Cleanup: capture whatever can still be captured (dead stones the opponent left
            // in our area) before passing.
            decision = cleanup_capture(&mut board, color).map_or(Decision::Pass, Decision::Play);
        }
        if let Decision::Play(p) = decision {
            if !self.game.board_mut().is_legal(Move::Play(p), color) {
                // Superko: the generator checks simple ko only.
                decision = choice
                    .ranked
                    .iter()
                    .skip(1)
                    .find(|m| {
                        m.value > crate::play::movegen::PASS_THRESHOLD
                            && self.game.board_mut().is_legal(Move::Play(m.point), color)
                    })
                    .map_or(Decision::Pass, |m| Decision::Play(m.point));
            }
        }
        self.last_choice = Some(choice);
        decision
    }

    fn format_decision(&self, d: Decision) -> String {
        match d {
            Decision::Play(p) => self.format_move(Move::Play(p)),
            Decision::Pass => "PASS".into(),
            Decision::Resign => "resign".into(),
        }
    }

    /// Generates and plays (GTP `genmove` and its variants).
    fn genmove_and_play(&mut self, color: Color, mode: GenMode<'_>) -> CommandResult {
        let decision = self.generate(color, mode);
        if let Some(mv) = decision.as_move() {
            self.game
                .play(mv, color)
                .map_err(|err| format!("internal error: generated {err}"))?;
        }
        Ok(self.format_decision(decision))
    }
}

/// A capture of an opponent string in atari that is legal and not self-atari of ours.
fn cleanup_capture(board: &mut Board, color: Color) -> Option<Point> {
    let empties: Vec<Point> = board.empty_points().to_vec();
    empties.into_iter().find(|&p| {
        let before = board.captures(color);
        if board.is_eye(p, color) || !board.try_play(p, color) {
            return false;
        }
        let good = board.captures(color) > before && board.libs(p) >= 2;
        board.undo();
        good
    })
}

/// `genmove COLOR`: the engine's move, played (`PASS` or `resign` as GNU Go writes them).
fn cmd_genmove(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let color = e.parse_color(args.first())?;
    e.genmove_and_play(color, GenMode::Normal)
}

/// `reg_genmove COLOR`: the move `genmove` would choose, not played (regression tests).
fn cmd_reg_genmove(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let color = e.parse_color(args.first())?;
    let decision = e.generate(color, GenMode::Question);
    Ok(e.format_decision(decision))
}

/// `restricted_genmove COLOR VERTEX...`: the best move among the given vertices, played.
fn cmd_restricted_genmove(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let color = e.parse_color(args.first())?;
    let mut allowed = Vec::new();
    for a in &args[1..] {
        match Vertex::parse_move(a, e.game.size()) {
            Ok(Move::Play(p)) => allowed.push(p),
            _ => return Err("invalid coordinate".into()),
        }
    }
    if allowed.is_empty() {
        return Err("no allowed vertex".into());
    }
    e.genmove_and_play(color, GenMode::Restricted(&allowed))
}

/// `kgs-genmove_cleanup COLOR`: like `genmove`, but captures dead stones left on the board
/// instead of passing (KGS's cleanup phase) and never resigns.
fn cmd_genmove_cleanup(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let color = e.parse_color(args.first())?;
    e.genmove_and_play(color, GenMode::Cleanup)
}

/// `top_moves`: the candidates of the last generated move with their values, best first
/// (GNU Go's format: `VERTEX VALUE` pairs on one line).
fn cmd_top_moves(e: &mut GtpEngine, _: &[&str]) -> CommandResult {
    let Some(choice) = &e.last_choice else {
        return Ok(String::new());
    };
    Ok(choice
        .ranked
        .iter()
        .filter(|m| m.value > 0.0)
        .take(10)
        .map(|m| format!("{} {:.2}", e.format_move(Move::Play(m.point)), m.value))
        .collect::<Vec<_>>()
        .join(" "))
}

/// `level N`: effort 1..=10 (GNU Go's level command); other values are refused.
fn cmd_level(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let level: i64 = args
        .first()
        .ok_or("missing level")?
        .parse()
        .map_err(|_| "level not an integer")?;
    if !(1..=10).contains(&level) {
        return Err("level must be 1 to 10".into());
    }
    e.gen_options.level = level as u8;
    Ok(String::new())
}

fn cmd_fixed_handicap(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let n: usize = args
        .first()
        .ok_or("missing number of stones")?
        .parse()
        .map_err(|_| "number of stones not an integer")?;
    let pts = e.game.place_handicap(n).map_err(|err| err.to_string())?;
    Ok(e.format_points(pts))
}

fn cmd_set_free_handicap(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let mut pts = Vec::new();
    for a in args {
        match Vertex::parse_move(a, e.game.size()).map_err(|err| err.to_string())? {
            Move::Play(p) => pts.push(p),
            Move::Pass => return Err("pass is not a handicap stone".into()),
        }
    }
    e.game
        .set_handicap_stones(&pts)
        .map_err(|err| err.to_string())?;
    Ok(String::new())
}

fn cmd_list_stones(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let color = e.parse_color(args.first())?;
    let b = e.game.board();
    let pts: Vec<Point> = b
        .points()
        .filter(|&p| b.color_at(p) == Some(color))
        .collect();
    Ok(e.format_points(pts))
}

fn cmd_is_legal(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let color = e.parse_color(args.first())?;
    let mv = e.parse_vertex(args.get(1))?;
    Ok(if e.game.board_mut().is_legal(mv, color) {
        "1"
    } else {
        "0"
    }
    .into())
}

fn cmd_all_legal(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let color = e.parse_color(args.first())?;
    let pts: Vec<Point> = e.game.board().points().collect();
    let legal: Vec<Point> = pts
        .into_iter()
        .filter(|&p| e.game.board_mut().is_legal(Move::Play(p), color))
        .collect();
    Ok(e.format_points(legal))
}

fn cmd_captures(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let color = e.parse_color(args.first())?;
    Ok(e.game.board().captures(color).to_string())
}

fn cmd_loadsgf(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let file = args.first().ok_or("missing file name")?;
    let text = sgf::read_file(file).map_err(|err| format!("cannot open '{file}': {err}"))?;
    let until = match args.get(1) {
        None => Until::End,
        Some(a) if a.bytes().all(|b| b.is_ascii_digit()) => {
            Until::BeforeMove(a.parse().map_err(|_| "move number too large")?)
        }
        Some(a) => {
            // The vertex needs the file's board size; parse it against 25 and check later.
            let size = sgf::load(&text, Until::BeforeMove(0), e.default_komi)
                .map(|g| g.size())
                .map_err(|err| format!("cannot load '{file}': {err}"))?;
            match Vertex::parse_move(a, size).map_err(|err| err.to_string())? {
                Move::Play(p) => Until::BeforeVertex(Vertex::from_point(p, size)),
                Move::Pass => return Err("invalid vertex: pass".into()),
            }
        }
    };
    let mut game = sgf::load_with(&text, until, e.default_komi, EmptySetup::IgnoreLikeGnuGo)
        .map_err(|err| format!("cannot load '{file}': {err}"))?;
    game.set_ko_rule(e.game.board().ko_rule());
    game.time_settings = e.game.time_settings;
    let to_move = game.to_move();
    e.game = game;
    Ok(to_move.name().into())
}

fn cmd_printsgf(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let text = sgf::write(&e.game);
    match args.first() {
        None => Ok(text.trim_end().to_string()),
        Some(file) => {
            std::fs::write(file, text).map_err(|err| format!("cannot write '{file}': {err}"))?;
            Ok(String::new())
        }
    }
}

fn parse_u32(s: Option<&&str>, what: &str) -> Result<u32, String> {
    s.ok_or(format!("missing {what}"))?
        .parse()
        .map_err(|_| format!("{what} not a non-negative integer"))
}

fn cmd_time_settings(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let settings = TimeSettings {
        main_time: parse_u32(args.first(), "main time")?,
        byo_yomi_time: parse_u32(args.get(1), "byo yomi time")?,
        byo_yomi_stones: parse_u32(args.get(2), "byo yomi stones")?,
    };
    e.game.time_settings = Some(settings);
    e.game.time_left = [None; 2];
    Ok(String::new())
}

fn cmd_time_left(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let color = e.parse_color(args.first())?;
    let left = TimeLeft {
        seconds: parse_u32(args.get(1), "time")?,
        stones: parse_u32(args.get(2), "stones")?,
    };
    e.game.time_left[color as usize] = Some(left);
    Ok(String::new())
}
