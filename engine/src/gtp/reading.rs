//! Tactical and connection reading commands, GNU Go's names and answer formats (`0`, or the
//! result code and a vertex, `PASS` when no move is needed), and `trymove` / `popgo`.

use super::{Command, CommandResult, GtpEngine};
use crate::board::{Board, Color, Move, Point, Vertex};
use crate::tactics::reading::persistent::PointSet;
use crate::tactics::reading::{self, ReadResult, Reader};

/// This file's commands, in `list_commands` order.
pub(super) static COMMANDS: &[Command] = commands! {
    "attack" => cmd_attack,
    "defend" => cmd_defend,
    "attack_either" => cmd_attack_either,
    "defend_both" => cmd_defend_both,
    "does_attack" => cmd_does_attack,
    "does_defend" => cmd_does_defend,
    "ladder_attack" => cmd_ladder_attack,
    "connect" => cmd_connect,
    "disconnect" => cmd_disconnect,
    "break_in" => |e, args| cmd_break_in(e, args, crate::tactics::break_in::break_in),
    "block_off" => |e, args| cmd_break_in(e, args, crate::tactics::break_in::block_off),
    "countlib" => cmd_countlib,
    "findlib" => cmd_findlib,
    "worm_stones" => cmd_worm_stones,
    "trymove" => cmd_trymove,
    "popgo" => cmd_popgo,
    "increase_depths" => |_, _| { reading::shift_thread_depths(1); Ok(String::new()) },
    "decrease_depths" => |_, _| { reading::shift_thread_depths(-1); Ok(String::new()) },
    "tesuji-reading_options" => cmd_reading_options,
    "reset_reading_node_counter" => |_, _| { reading::reset_reading_node_counter(); Ok(String::new()) },
    "get_reading_node_counter" => |_, _| Ok(reading::reading_node_counter().to_string()),
    "reset_connection_node_counter" => |_, _| { reading::reset_connection_node_counter(); Ok(String::new()) },
    "get_connection_node_counter" => |_, _| Ok(reading::connection_node_counter().to_string()),
};

/// The stone named by argument `i`, with GNU Go's error texts.
pub(super) fn stone_arg(e: &GtpEngine, args: &[&str], i: usize) -> Result<Point, String> {
    let v = args.get(i).ok_or("invalid coordinate")?;
    match Vertex::parse_move(v, e.game.size()) {
        Ok(Move::Play(p)) if e.game.board().color_at(p).is_some() => Ok(p),
        Ok(Move::Play(_)) => Err("vertex must not be empty".into()),
        _ => Err("invalid coordinate".into()),
    }
}

/// Two stones of one colour.
pub(super) fn stone_pair(e: &GtpEngine, args: &[&str]) -> Result<(Point, Point), String> {
    let a = stone_arg(e, args, 0)?;
    let b = stone_arg(e, args, 1)?;
    if e.game.board().color_at(a) != e.game.board().color_at(b) {
        return Err("vertices must have same color".into());
    }
    Ok((a, b))
}

pub(super) fn format_read(e: &GtpEngine, (code, mv): ReadResult) -> String {
    if code == 0 {
        return "0".into();
    }
    match mv {
        Some(p) => format!("{code} {}", e.format_move(Move::Play(p))),
        None => format!("{code} PASS"),
    }
}

/// Runs `f` with this session's reader on the game board (moves from `trymove` count as
/// depth, as in GNU Go).
pub(super) fn read_with<R>(e: &mut GtpEngine, f: impl FnOnce(&mut Reader, &mut Board) -> R) -> R {
    e.sync_trymoves();
    let patterns = e.patterns;
    let board = e.game.board_mut();
    let real_position = reading::thread_base_depth() == 0;
    reading::with_reader(|r| {
        r.set_patterns(patterns);
        if real_position {
            // Moves, undos and setups since the last question drop the persistent answers
            // they touch (trymoves leave them: the position comes back with popgo).
            r.forget_changed(board);
        }
        f(r, board)
    })
}

fn cmd_attack(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let s = stone_arg(e, args, 0)?;
    let r = read_with(e, |r, b| r.attack(b, s));
    Ok(format_read(e, r))
}

fn cmd_defend(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let s = stone_arg(e, args, 0)?;
    let r = read_with(e, |r, b| r.find_defense(b, s));
    Ok(format_read(e, r))
}

fn cmd_attack_either(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let (a, b) = stone_pair(e, args)?;
    Ok(read_with(e, |r, board| r.attack_either(board, a, b)).to_string())
}

fn cmd_defend_both(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let (a, b) = stone_pair(e, args)?;
    Ok(read_with(e, |r, board| r.defend_both(board, a, b)).to_string())
}

/// `does_attack MOVE STRING` / `does_defend MOVE STRING`.
pub(super) fn move_and_stone(e: &GtpEngine, args: &[&str]) -> Result<(Point, Point), String> {
    let v = args.first().ok_or("invalid coordinate")?;
    let mv = match Vertex::parse_move(v, e.game.size()) {
        Ok(Move::Play(p)) => p,
        _ => return Err("invalid coordinate".into()),
    };
    if e.game.board().color_at(mv).is_some() {
        return Err("move vertex must be empty".into());
    }
    Ok((mv, stone_arg(e, args, 1)?))
}

fn cmd_does_attack(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let (mv, s) = move_and_stone(e, args)?;
    Ok(read_with(e, |r, b| r.does_attack(b, mv, s)).to_string())
}

fn cmd_does_defend(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let (mv, s) = move_and_stone(e, args)?;
    Ok(read_with(e, |r, b| r.does_defend(b, mv, s)).to_string())
}

fn cmd_ladder_attack(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let s = stone_arg(e, args, 0)?;
    if e.game.board().libs(s) != 2 {
        return Err("string must have exactly 2 liberties".into());
    }
    let r = read_with(e, |r, b| r.ladder_attack(b, s));
    Ok(format_read(e, r))
}

/// `break_in STRING AREA...` / `block_off STRING AREA...`: can the string get into the area
/// (its owner first), can the area's owner keep it out (the owner first)?
fn cmd_break_in(
    e: &mut GtpEngine,
    args: &[&str],
    question: fn(&mut Reader, &mut Board, Point, &PointSet) -> ReadResult,
) -> CommandResult {
    let s = stone_arg(e, args, 0)?;
    let mut area = PointSet::new();
    for v in &args[1..] {
        match Vertex::parse_move(v, e.game.size()) {
            Ok(Move::Play(p)) => area.insert(p),
            _ => return Err("invalid coordinate".into()),
        }
    }
    let r = read_with(e, |r, b| question(r, b, s, &area));
    Ok(format_read(e, r))
}

fn cmd_connect(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let (a, b) = stone_pair(e, args)?;
    let r = read_with(e, |r, board| r.string_connect(board, a, b));
    Ok(format_read(e, r))
}

fn cmd_disconnect(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let (a, b) = stone_pair(e, args)?;
    let r = read_with(e, |r, board| r.disconnect(board, a, b));
    Ok(format_read(e, r))
}

fn cmd_countlib(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let s = stone_arg(e, args, 0)?;
    Ok(e.game.board().libs(s).to_string())
}

fn cmd_findlib(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let s = stone_arg(e, args, 0)?;
    let libs: Vec<Point> = e.game.board().liberties(s).collect();
    Ok(e.format_points(libs))
}

/// `worm_stones [VERTEX|COLOR]`: the stones of one string, or of every string (of a colour),
/// one string a line.
fn cmd_worm_stones(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let b = e.game.board();
    if let Some(a) = args.first() {
        if let Ok(color) = a.parse::<Color>() {
            return Ok(worm_lines(e, Some(color)));
        }
        let s = stone_arg(e, args, 0)?;
        let mut stones: Vec<Point> = b.string_stones(s).collect();
        stones.sort();
        return Ok(e.format_points(stones));
    }
    Ok(worm_lines(e, None))
}

fn worm_lines(e: &GtpEngine, color: Option<Color>) -> String {
    let b = e.game.board();
    let mut seen = Vec::new();
    let mut lines = Vec::new();
    for p in b.points() {
        let Some(c) = b.color_at(p) else { continue };
        if color.is_some_and(|want| want != c) || seen.contains(&b.string_id(p)) {
            continue;
        }
        seen.push(b.string_id(p));
        let mut stones: Vec<Point> = b.string_stones(p).collect();
        stones.sort();
        lines.push(e.format_points(stones));
    }
    lines.join("\n")
}

/// `trymove COLOR VERTEX`: plays a move that reading then counts as depth (`popgo` takes it
/// back).
fn cmd_trymove(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let color = e.parse_color(args.first())?;
    let mv = e.parse_vertex(args.get(1))?;
    e.sync_trymoves();
    e.game
        .play(mv, color)
        .map_err(|_| "illegal move".to_string())?;
    e.trymoves.push(board_signature(e.game.board()));
    reading::set_thread_base_depth(e.trymoves.len() as u32);
    Ok(String::new())
}

fn cmd_popgo(e: &mut GtpEngine, _: &[&str]) -> CommandResult {
    e.sync_trymoves();
    if e.trymoves.pop().is_none() {
        return Err("Stack empty.".into());
    }
    e.game.undo();
    e.sync_trymoves();
    Ok(String::new())
}

/// `tesuji-reading_options [NAME VALUE]...`: sets reading cut-offs (GNU Go's depth options), then
/// lists them all.
fn cmd_reading_options(_: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let mut opts = reading::thread_options();
    for pair in args.chunks(2) {
        let [name, value] = pair else {
            return Err("syntax: tesuji-reading_options [NAME VALUE]...".into());
        };
        opts.set(name, value)?;
    }
    reading::set_thread_options(opts);
    Ok(opts.describe())
}

/// The position a `trymove` left: (hash, move count).
fn board_signature(b: &Board) -> (u64, usize) {
    (b.hash(), b.move_count())
}

impl GtpEngine {
    /// Forgets outstanding `trymove`s when the board is no longer the position the last one
    /// left (a new game was loaded, moves were played), and sets the reader's root depth to
    /// their number: moves from `trymove` count as reading depth, as in GNU Go.
    pub(super) fn sync_trymoves(&mut self) {
        let sig = board_signature(self.game.board());
        // Maybe some were taken back: keep the prefix that still matches.
        while self.trymoves.last().is_some_and(|&top| top != sig) {
            self.trymoves.pop();
        }
        reading::set_thread_base_depth(self.trymoves.len() as u32);
    }
}
