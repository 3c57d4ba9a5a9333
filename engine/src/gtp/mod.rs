//! GTP version 2 server: the protocol layer (preprocessing, ids, responses) and the command
//! table. Commands are plain functions in one table, so later stages add theirs with one line
//! and `list_commands` / `known_command` can never disagree with what is implemented.

use crate::board::Board;
use crate::board::game::{Game, TimeLeft, TimeSettings};
use crate::board::sgf::{self, EmptySetup, Until};
use crate::board::{Color, Move, Point, Vertex};
use crate::eval::scoring::{self, ScoringOptions, ScoringRules, StoneStatus};
use crate::play::movegen::{Decision, GenOptions, MoveChoice, MoveGenerator};
use crate::tactics::pattern_view::{NoPatterns, PatternSet};
use crate::tactics::reading::{self, ReadResult, Reader};
use std::io::{self, BufRead, Write};

/// What a command handler answers: the success text, or an error message.
pub type CommandResult = Result<String, String>;

/// A command handler.
pub type Handler = fn(&mut GtpEngine, &[&str]) -> CommandResult;

/// The engine side of a GTP session.
pub struct GtpEngine {
    pub game: Game,
    /// The compiled pattern databases the stages consult.
    pub patterns: &'static dyn PatternSet,
    /// Komi used when a board is cleared or an SGF file gives none.
    default_komi: f32,
    /// How `final_score` counts (GNU Go's `--chinese-rules` selects area).
    pub scoring_rules: ScoringRules,
    /// Move generation options (`--level`, `--no-lookahead`, `--no-resign`).
    pub gen_options: GenOptions,
    /// The candidates of the last generated move (GNU Go's `top_moves`).
    last_choice: Option<MoveChoice>,
    quit: bool,
}

/// One entry of the command table.
struct Command {
    name: &'static str,
    run: Handler,
}

macro_rules! commands {
    ($($name:literal => $f:expr),* $(,)?) => {
        &[$(Command { name: $name, run: $f }),*]
    };
}

/// Every command tesuji answers, in `list_commands` order.
static COMMANDS: &[Command] = commands! {
    "protocol_version" => |_, _| Ok("2".into()),
    "name" => |_, _| Ok("tesuji".into()),
    "version" => |_, _| Ok(env!("CARGO_PKG_VERSION").into()),
    "known_command" => cmd_known_command,
    "list_commands" => |_, _| Ok(COMMANDS.iter().map(|c| c.name).collect::<Vec<_>>().join("\n")),
    "quit" => |e, _| { e.quit = true; Ok(String::new()) },
    "boardsize" => cmd_boardsize,
    "clear_board" => |e, _| { e.game.clear(); Ok(String::new()) },
    "komi" => cmd_komi,
    "play" => cmd_play,
    "genmove" => cmd_genmove,
    "reg_genmove" => cmd_reg_genmove,
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
    "final_score" => cmd_final_score,
    "final_status_list" => cmd_final_status_list,
    "tesuji-ownership" => cmd_tesuji_ownership,
    "attack" => cmd_attack,
    "defend" => cmd_defend,
    "attack_either" => cmd_attack_either,
    "defend_both" => cmd_defend_both,
    "does_attack" => cmd_does_attack,
    "does_defend" => cmd_does_defend,
    "ladder_attack" => cmd_ladder_attack,
    "connect" => cmd_connect,
    "disconnect" => cmd_disconnect,
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
    "unconditional_status" => cmd_unconditional_status,
    "same_dragon" => cmd_same_dragon,
    "dragon_stones" => cmd_dragon_stones,
    "eval_eye" => cmd_eval_eye,
    "owl_attack" => cmd_owl_attack,
    "owl_defend" => cmd_owl_defend,
    "owl_does_attack" => cmd_owl_does_attack,
    "owl_does_defend" => cmd_owl_does_defend,
    "dragon_status" => cmd_dragon_status,
    "tesuji-owl_eval" => |e, args| {
        let s = stone_arg(e, args, 0)?;
        Ok(owl_with(e, s, |o, b, d| o.describe(b, d)))
    },
    "tesuji-influence" => cmd_tesuji_influence,
    "tesuji-territory" => cmd_tesuji_territory,
    "tesuji-estimate_score" => cmd_tesuji_estimate_score,
    "tesuji-influence-gfx" => cmd_tesuji_influence_gfx,
    "tesuji-blocks" => cmd_tesuji_blocks,
    "tesuji-blocks-gfx" => cmd_tesuji_blocks_gfx,
    "tesuji-danger-gfx" => cmd_tesuji_danger_gfx,
    "tesuji-patterns-gfx" => cmd_tesuji_patterns_gfx,
    "gogui-analyze_commands" => cmd_gogui_analyze_commands,
};

impl GtpEngine {
    /// A session on an empty board.
    pub fn new(size: usize, komi: f32) -> Result<GtpEngine, String> {
        Ok(GtpEngine {
            game: Game::new(size, komi).map_err(|e| e.to_string())?,
            patterns: &NoPatterns,
            default_komi: komi,
            scoring_rules: ScoringRules::Japanese,
            gen_options: GenOptions::default(),
            last_choice: None,
            quit: false,
        })
    }

    /// Uses these pattern databases (the binary passes the ones `build.rs` compiled).
    pub fn with_patterns(mut self, patterns: &'static dyn PatternSet) -> GtpEngine {
        self.patterns = patterns;
        self
    }

    /// Counts `final_score` under these rules.
    pub fn with_scoring_rules(mut self, rules: ScoringRules) -> GtpEngine {
        self.scoring_rules = rules;
        self.gen_options.rules = rules;
        self
    }

    /// `quit` was received.
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// Names of every command, as `list_commands` gives them.
    pub fn command_names() -> impl Iterator<Item = &'static str> {
        COMMANDS.iter().map(|c| c.name)
    }

    /// Handles one input line. Returns the full response text (ending in a blank line), or
    /// `None` for a line that carries no command (empty or comment only).
    pub fn handle_line(&mut self, line: &str) -> Option<String> {
        let clean = preprocess(line);
        let mut words = clean.split(' ').filter(|w| !w.is_empty());
        let first = words.next()?;
        let (id, name) = if first.bytes().all(|b| b.is_ascii_digit()) {
            match words.next() {
                Some(name) => (Some(first), name),
                None => return Some(format_response(Some(first), Err("missing command".into()))),
            }
        } else {
            (None, first)
        };
        let args: Vec<&str> = words.collect();
        let result = match COMMANDS.iter().find(|c| c.name == name) {
            Some(c) => (c.run)(self, &args),
            None => Err("unknown command".into()),
        };
        Some(format_response(id, result))
    }

    /// Runs a session until `quit` or the end of input.
    pub fn run(&mut self, input: impl BufRead, mut output: impl Write) -> io::Result<()> {
        for line in input.lines() {
            let line = line?;
            if let Some(response) = self.handle_line(&line) {
                output.write_all(response.as_bytes())?;
                output.flush()?;
            }
            if self.quit {
                break;
            }
        }
        Ok(())
    }

    /// The board as GNU Go's `showboard` draws it, captures beside it.
    pub fn showboard(&self) -> String {
        let b = self.game.board();
        let n = b.size();
        let header: String = (0..n)
            .flat_map(|x| [' ', Vertex::column_letter(x)])
            .collect();
        let mut s = format!("  {header}\n");
        let hoshi = |x: usize, y: usize| {
            let d = if n >= 13 { 3 } else { 2 };
            let line = |v: usize| v == d || v == n - 1 - d || (n % 2 == 1 && v == n / 2);
            n >= 7 && line(x) && line(y)
        };
        for y in 0..n {
            let row = n - y;
            s.push_str(&format!("{row:2}"));
            for x in 0..n {
                let c = match b.color_at(Point::from_xy(x, y)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None if hoshi(x, y) => '+',
                    None => '.',
                };
                s.push(' ');
                s.push(c);
            }
            s.push_str(&format!(" {row}"));
            if y + 1 == n / 2 {
                s.push_str(&format!(
                    "     WHITE (O) has captured {} stones",
                    b.captures(Color::White)
                ));
            } else if y == n / 2 {
                s.push_str(&format!(
                    "     BLACK (X) has captured {} stones",
                    b.captures(Color::Black)
                ));
            }
            s.push('\n');
        }
        s.push_str(&format!("  {header}"));
        s
    }

    fn parse_color(&self, s: Option<&&str>) -> Result<Color, String> {
        let s = s.ok_or("missing color")?;
        s.parse::<Color>()
    }

    fn parse_vertex(&self, s: Option<&&str>) -> Result<Move, String> {
        let s = s.ok_or("missing vertex")?;
        Vertex::parse_move(s, self.game.size()).map_err(|e| e.to_string())
    }

    fn format_move(&self, mv: Move) -> String {
        Vertex::format_move(mv, self.game.size())
    }

    fn format_points(&self, pts: impl IntoIterator<Item = Point>) -> String {
        pts.into_iter()
            .map(|p| self.format_move(Move::Play(p)))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// GTP preprocessing: drop control characters but HT and LF, turn HT into a space, cut the
/// comment, trim.
fn preprocess(line: &str) -> String {
    let mut s: String = line
        .chars()
        .filter(|&c| c == '\t' || c == '\n' || !c.is_control())
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect();
    if let Some(i) = s.find('#') {
        s.truncate(i);
    }
    s.trim().to_string()
}

fn format_response(id: Option<&str>, result: CommandResult) -> String {
    let id = id.unwrap_or("");
    match result {
        Ok(text) => format!("={id} {text}\n\n"),
        Err(msg) => format!("?{id} {msg}\n\n"),
    }
}

fn cmd_known_command(_: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let name = args.first().ok_or("missing command name")?;
    Ok(COMMANDS.iter().any(|c| c.name == *name).to_string())
}

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

fn cmd_komi(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let komi: f32 = args
        .first()
        .ok_or("missing komi")?
        .parse()
        .map_err(|_| "komi not a float")?;
    if !komi.is_finite() {
        return Err("komi not a float".into());
    }
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

/// Which moves a generation may choose from, and whether it may pass.
#[derive(Clone, Copy)]
enum GenMode<'a> {
    Normal,
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
        if matches!(mode, GenMode::Cleanup) {
            options.resign = false;
            // Cleanup removes dead stones: the classical values see captures, while the
            // search, the game being decided, is indifferent between winning moves.
            options.lookahead = false;
        }
        let generator = MoveGenerator::new(self.patterns, options);
        let komi = self.game.komi();
        let mut board = self.game.board().clone();
        reading::sync_trymoves(&board);
        let choice = generator.generate(&mut board, color, komi, allowed);
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
    let decision = match e.generate(color, GenMode::Normal) {
        Decision::Resign => Decision::Pass,
        d => d,
    };
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

/// `level N`: effort 1..=10 (GNU Go's level command; values above 10 count as 10).
fn cmd_level(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let level: i64 = args
        .first()
        .ok_or("missing level")?
        .parse()
        .map_err(|_| "level not an integer")?;
    e.gen_options.level = level.clamp(1, 10) as u8;
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

// ---------------------------------------------------------------------------------------------
// Tactical and connection reading: GNU Go's command names and answer formats (`0`, or the
// result code and a vertex, `PASS` when no move is needed).

/// The stone named by argument `i`, with GNU Go's error texts.
fn stone_arg(e: &GtpEngine, args: &[&str], i: usize) -> Result<Point, String> {
    let v = args.get(i).ok_or("invalid coordinate")?;
    match Vertex::parse_move(v, e.game.size()) {
        Ok(Move::Play(p)) if e.game.board().color_at(p).is_some() => Ok(p),
        Ok(Move::Play(_)) => Err("vertex must not be empty".into()),
        _ => Err("invalid coordinate".into()),
    }
}

/// Two stones of one colour.
fn stone_pair(e: &GtpEngine, args: &[&str]) -> Result<(Point, Point), String> {
    let a = stone_arg(e, args, 0)?;
    let b = stone_arg(e, args, 1)?;
    if e.game.board().color_at(a) != e.game.board().color_at(b) {
        return Err("vertices must have same color".into());
    }
    Ok((a, b))
}

fn format_read(e: &GtpEngine, (code, mv): ReadResult) -> String {
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
fn read_with<R>(e: &mut GtpEngine, f: impl FnOnce(&mut Reader, &mut Board) -> R) -> R {
    let patterns = e.patterns;
    let board = e.game.board_mut();
    reading::sync_trymoves(board);
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
fn move_and_stone(e: &GtpEngine, args: &[&str]) -> Result<(Point, Point), String> {
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
    reading::sync_trymoves(e.game.board());
    e.game
        .play(mv, color)
        .map_err(|_| "illegal move".to_string())?;
    reading::push_trymove(e.game.board());
    Ok(String::new())
}

fn cmd_popgo(e: &mut GtpEngine, _: &[&str]) -> CommandResult {
    reading::sync_trymoves(e.game.board());
    if !reading::pop_trymove() {
        return Err("Stack empty.".into());
    }
    e.game.undo();
    reading::sync_trymoves(e.game.board());
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

/// GNU Go's `unconditional_status VERTEX`: `alive`, `dead`, `black_territory`,
/// `white_territory` or `undecided` (see [`crate::eval::unconditional`]).
fn cmd_unconditional_status(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let p = match e.parse_vertex(args.first())? {
        Move::Play(p) => p,
        Move::Pass => return Err("invalid coordinate".into()),
    };
    Ok(crate::eval::unconditional::point_status(e.game.board(), p)
        .name()
        .into())
}

// ---------------------------------------------------------------------------------------------
// Final scoring (see `crate::eval::scoring`): statuses of every stone, the score with dead stones
// removed.

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

// Dragons and eyes (see `crate::eval::dragon`, `crate::eval::eyes` and docs/evaluation.md).

/// The dragons of the game position.
fn dragons(e: &mut GtpEngine) -> crate::eval::dragon::Dragons {
    let patterns = e.patterns;
    read_with(e, |r, b| crate::eval::dragon::Dragons::new(b, r, patterns))
}

/// `same_dragon V1 V2`: `1` when the two stones belong to one dragon, else `0`.
fn cmd_same_dragon(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let a = stone_arg(e, args, 0)?;
    let b = stone_arg(e, args, 1)?;
    Ok(u8::from(dragons(e).same_dragon(a, b)).to_string())
}

/// `dragon_stones [VERTEX|COLOR]`: the stones of one dragon, or of every dragon (of a
/// colour), one dragon a line.
fn cmd_dragon_stones(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let mut filter = None;
    let mut single = None;
    if let Some(a) = args.first() {
        match a.parse::<Color>() {
            Ok(c) => filter = Some(c),
            Err(_) => single = Some(stone_arg(e, args, 0)?),
        }
    }
    let d = dragons(e);
    if let Some(p) = single {
        let stones = d.dragon_at(p).map(|x| x.stones.clone()).unwrap_or_default();
        return Ok(e.format_points(stones));
    }
    Ok(d.dragons()
        .iter()
        .filter(|x| filter.is_none_or(|c| c == x.color))
        .map(|x| e.format_points(x.stones.iter().copied()))
        .collect::<Vec<_>>()
        .join("\n"))
}

/// `eval_eye VERTEX`: `min max`, with the attack and defence points when they differ, of the
/// eye space at the point; `-1` when the point is in none.
fn cmd_eval_eye(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let p = match e.parse_vertex(args.first())? {
        Move::Play(p) => p,
        Move::Pass => return Err("invalid coordinate".into()),
    };
    let Some(space) = crate::eval::eyes::eye_space_of_point(e.game.board(), p) else {
        return Ok("-1".into());
    };
    let v = space.value;
    match (v.attack, v.defense) {
        (Some(a), Some(d)) if v.min < v.max => Ok(format!(
            "{} {} {} {}",
            v.min,
            v.max,
            e.format_move(Move::Play(a)),
            e.format_move(Move::Play(d))
        )),
        _ => Ok(format!("{} {}", v.min, v.max)),
    }
}

// ---------------------------------------------------------------------------------------------
// Owl life-and-death reading (see `crate::eval::owl`).

thread_local! {
    static OWL: std::cell::RefCell<Option<crate::eval::owl::Owl>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` with this thread's owl reader on the game board and the stones of the dragon at
/// `p`.
fn owl_with<R>(
    e: &mut GtpEngine,
    p: Point,
    f: impl FnOnce(&mut crate::eval::owl::Owl, &mut Board, &[Point]) -> R,
) -> R {
    let d = dragons(e);
    let stones = d.dragon_at(p).map(|x| x.stones.clone()).unwrap_or_default();
    let patterns = e.patterns;
    let board = e.game.board_mut();
    OWL.with(|cell| {
        let mut slot = cell.borrow_mut();
        let owl = slot.get_or_insert_with(|| crate::eval::owl::Owl::new(Default::default()));
        owl.set_patterns(patterns);
        f(owl, board, &stones)
    })
}

fn cmd_owl_attack(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let s = stone_arg(e, args, 0)?;
    let r = owl_with(e, s, |o, b, d| o.attack(b, d));
    Ok(format_read(e, r))
}

fn cmd_owl_defend(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let s = stone_arg(e, args, 0)?;
    let r = owl_with(e, s, |o, b, d| o.defend(b, d));
    Ok(format_read(e, r))
}

fn cmd_owl_does_attack(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let (mv, s) = move_and_stone(e, args)?;
    Ok(owl_with(e, s, |o, b, d| o.does_attack(b, mv, d)).to_string())
}

fn cmd_owl_does_defend(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let (mv, s) = move_and_stone(e, args)?;
    Ok(owl_with(e, s, |o, b, d| o.does_defend(b, mv, d)).to_string())
}

/// `dragon_status [VERTEX]`: `alive`, `critical ATTACK DEFENSE` or `dead` for the dragon at
/// the vertex; without one, `ORIGIN: status` for every dragon.
fn cmd_dragon_status(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    use crate::eval::owl::DragonStatus;
    let describe = |e: &mut GtpEngine, p: Point| {
        let status = owl_with(e, p, |o, b, d| o.status(b, d));
        match status {
            DragonStatus::Alive => "alive".to_string(),
            DragonStatus::Dead => "dead".to_string(),
            DragonStatus::Critical { attack, defense } => {
                let name = |m: Option<Point>| {
                    m.map_or("PASS".to_string(), |p| e.format_move(Move::Play(p)))
                };
                format!("critical {} {}", name(attack), name(defense))
            }
        }
    };
    if !args.is_empty() {
        let s = stone_arg(e, args, 0)?;
        return Ok(describe(e, s));
    }
    let origins: Vec<Point> = dragons(e).dragons().iter().map(|d| d.origin).collect();
    let mut lines = Vec::new();
    for p in origins {
        let status = describe(e, p);
        lines.push(format!("{}: {status}", e.format_move(Move::Play(p))));
    }
    Ok(lines.join("\n"))
}

// ---------------------------------------------------------------------------------------------
// Influence, territory and score estimates (see `crate::eval::influence` and docs/evaluation.md).
// Each takes an optional rules name, `handtalk` (the default) or `wulu`.

fn influence_rules(args: &[&str]) -> Result<crate::eval::influence::InfluenceRules, String> {
    match args.first() {
        None => Ok(crate::eval::influence::InfluenceRules::default()),
        Some(a) => a.parse(),
    }
}

fn influence_estimate(
    e: &GtpEngine,
    args: &[&str],
) -> Result<crate::eval::influence::Estimate, String> {
    let rules = influence_rules(args)?;
    Ok(crate::eval::influence::Estimate::new(
        e.game.board(),
        e.game.komi(),
        rules,
    ))
}

/// `tesuji-influence [wulu|handtalk]`: every point's influence, −6..6 (White positive), one
/// row a line from the top.
fn cmd_tesuji_influence(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let rules = influence_rules(args)?;
    let inf = crate::eval::influence::Influence::new(e.game.board(), rules);
    Ok(format!("\n{}", inf.to_grid()))
}

/// `tesuji-territory [wulu|handtalk]`: every point's class, one row a line from the top: `X`
/// / `O` Black / White territory (alive stones included), `x` / `o` moyo, `.` neutral.
fn cmd_tesuji_territory(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    Ok(format!("\n{}", influence_estimate(e, args)?.to_grid()))
}

/// `tesuji-estimate_score [wulu|handtalk]`: area score estimate from the influence, with
/// komi, as `W+3.5` / `B+12` / `0`.
fn cmd_tesuji_estimate_score(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    Ok(influence_estimate(e, args)?.result_string())
}

/// `tesuji-influence-gfx [wulu|handtalk]`: GoGui's `gfx` answer: `INFLUENCE` pairs scaled to
/// −1..1 with Black positive (GoGui draws positive black), `BLACK` / `WHITE` territory points,
/// and the estimate as `TEXT`.
fn cmd_tesuji_influence_gfx(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    use crate::eval::influence::PointClass;
    let est = influence_estimate(e, args)?;
    let b = e.game.board();
    let mut influence = Vec::new();
    let mut territory: [Vec<Point>; 2] = [Vec::new(), Vec::new()];
    for p in b.points() {
        let v = est.influence.value(p);
        if v != 0 && b.color_at(p).is_none() {
            let scaled = -f32::from(v) / f32::from(crate::eval::influence::FULL);
            influence.push(format!(
                "{} {}",
                e.format_move(Move::Play(p)),
                gfx_number(scaled)
            ));
        }
        if let PointClass::Territory(c) = est.class(p) {
            if b.color_at(p) != Some(c) {
                territory[c as usize].push(p);
            }
        }
    }
    let mut lines = Vec::new();
    if !influence.is_empty() {
        lines.push(format!("INFLUENCE {}", influence.join(" ")));
    }
    for (name, c) in [("BLACK", Color::Black), ("WHITE", Color::White)] {
        let pts = std::mem::take(&mut territory[c as usize]);
        if !pts.is_empty() {
            lines.push(format!("{name} {}", e.format_points(pts)));
        }
    }
    lines.push(format!(
        "TEXT {} influence: {} (Black area {}, White area {}, komi {})",
        est.influence.rules(),
        est.result_string(),
        est.area(Color::Black),
        est.area(Color::White),
        est.komi
    ));
    Ok(lines.join("\n"))
}

// ---------------------------------------------------------------------------------------------
// Blocks (see `crate::eval::block` and docs/evaluation.md, "Blocks").

/// The blocks of the game position (owl reading off: static judgement only).
fn blocks(e: &mut GtpEngine) -> crate::eval::block::Blocks {
    let patterns = e.patterns;
    read_with(e, |r, b| {
        crate::eval::block::Blocks::new(
            b,
            r,
            patterns,
            &crate::eval::block::BlockOptions::default(),
        )
    })
}

/// One block in a line: `ORIGIN color status danger D stones N territory T dead E freedom
/// a/b/c eyes MIN..MAX`, then `attack V defense V` when known.
fn describe_block(e: &GtpEngine, bl: &crate::eval::block::Block) -> String {
    let f = bl.freedom;
    let mut line = format!(
        "{} {} {} danger {} stones {} territory {} dead {} freedom {}/{}/{} eyes {}..{}",
        e.format_move(Move::Play(bl.origin())),
        match bl.color {
            Color::Black => "black",
            Color::White => "white",
        },
        bl.status.name(),
        gfx_number(bl.danger.moku),
        bl.stones.len(),
        bl.territory.len(),
        bl.dead_enemy.len(),
        f.adjacent,
        f.jumps,
        f.wulu(),
        bl.eyes.min,
        bl.eyes.max
    );
    for (name, mv) in [("attack", bl.attack), ("defense", bl.defense)] {
        if let Some(p) = mv {
            line.push_str(&format!(" {name} {}", e.format_move(Move::Play(p))));
        }
    }
    line
}

/// `tesuji-blocks [VERTEX]`: the block of the stone at the vertex, or every block, most
/// endangered first, one a line (see [`describe_block`]).
fn cmd_tesuji_blocks(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let single = if args.is_empty() {
        None
    } else {
        Some(stone_arg(e, args, 0)?)
    };
    let all = blocks(e);
    if let Some(p) = single {
        let bl = all.block_of_stone(p).ok_or("no block there")?;
        return Ok(describe_block(e, bl));
    }
    let mut list: Vec<&crate::eval::block::Block> = all.blocks().iter().collect();
    list.sort_by(|a, b| b.danger.moku.total_cmp(&a.danger.moku));
    Ok(list
        .iter()
        .map(|bl| describe_block(e, bl))
        .collect::<Vec<_>>()
        .join("\n"))
}

/// Field colours for blocks, Black's and White's alternating so neighbours differ.
const BLOCK_COLORS: [[&str; 3]; 2] = [
    ["#4060c0", "#60a0e0", "#3090a0"],
    ["#e0a040", "#e06060", "#c0c040"],
];

/// `tesuji-blocks-gfx`: GoGui's `gfx` answer: a field `COLOR` per live block (its stones and
/// the area it holds), dead stones `MARK`ed, the attack points of critical blocks as
/// `TRIANGLE`, and a `TEXT` summary.
fn cmd_tesuji_blocks_gfx(e: &mut GtpEngine, _: &[&str]) -> CommandResult {
    use crate::eval::block::BlockStatus;
    let all = blocks(e);
    let mut lines = Vec::new();
    let mut count = [0usize; 2];
    let (mut dead, mut vital) = (Vec::new(), Vec::new());
    for bl in all.blocks() {
        if bl.status == BlockStatus::Dead {
            dead.extend(bl.stones.iter().copied());
            continue;
        }
        let side = bl.color as usize;
        let color = BLOCK_COLORS[side][count[side] % BLOCK_COLORS[side].len()];
        count[side] += 1;
        let area = bl.stones.iter().chain(&bl.territory).chain(&bl.dead_enemy);
        lines.push(format!("COLOR {color} {}", e.format_points(area.copied())));
        if bl.status == BlockStatus::Critical {
            vital.extend(bl.attack);
        }
    }
    if !dead.is_empty() {
        lines.push(format!("MARK {}", e.format_points(dead)));
    }
    if !vital.is_empty() {
        lines.push(format!("TRIANGLE {}", e.format_points(vital)));
    }
    let status_count = |s: BlockStatus| all.blocks().iter().filter(|b| b.status == s).count();
    lines.push(format!(
        "TEXT {} blocks: {} alive, {} critical, {} unknown, {} dead",
        all.blocks().len(),
        status_count(BlockStatus::Alive),
        status_count(BlockStatus::Critical),
        status_count(BlockStatus::Unknown),
        status_count(BlockStatus::Dead)
    ));
    Ok(lines.join("\n"))
}

/// `tesuji-danger-gfx`: GoGui's `gfx` answer: each endangered block's danger in moku as a
/// `LABEL` on its first stone, and the total per colour as `TEXT`.
fn cmd_tesuji_danger_gfx(e: &mut GtpEngine, _: &[&str]) -> CommandResult {
    let all = blocks(e);
    let mut labels = Vec::new();
    let mut total = [0.0f32; 2];
    for bl in all.blocks() {
        if bl.danger.moku >= 0.005 {
            labels.push(format!(
                "{} {}",
                e.format_move(Move::Play(bl.origin())),
                gfx_number(bl.danger.moku)
            ));
            total[bl.color as usize] += bl.danger.moku;
        }
    }
    let mut lines = Vec::new();
    if !labels.is_empty() {
        lines.push(format!("LABEL {}", labels.join(" ")));
    }
    lines.push(format!(
        "TEXT danger in moku: Black {}, White {}",
        gfx_number(total[Color::Black as usize]),
        gfx_number(total[Color::White as usize])
    ));
    Ok(lines.join("\n"))
}

/// `tesuji-patterns-gfx`: GoGui's `gfx` answer: the moves where `efficiency.db` patterns
/// match for the side to move, `LABEL`ed with the summed value in percent (`+35`, `-20`),
/// and the number of matches as `TEXT`.
fn cmd_tesuji_patterns_gfx(e: &mut GtpEngine, _: &[&str]) -> CommandResult {
    use crate::pattern::Kind;
    let us = e.game.to_move();
    let board = e.game.board();
    let Some(matcher) = e.patterns.matcher(Kind::Efficiency) else {
        return Ok("TEXT no efficiency patterns loaded".into());
    };
    let view = crate::tactics::pattern_view::PatternView::new(board);
    let size = board.size() as i32;
    let mut value = vec![0i32; crate::board::NUM_CELLS];
    let mut matched = vec![false; crate::board::NUM_CELLS];
    let mut count = 0usize;
    for y in 0..size {
        for x in 0..size {
            e.patterns
                .match_at(Kind::Efficiency, &view, x, y, us, &mut |m| {
                    let p = Point::from_xy(m.x as usize, m.y as usize);
                    value[p.index()] += matcher.patterns[m.pattern].value;
                    matched[p.index()] = true;
                    count += 1;
                });
        }
    }
    let labels: Vec<String> = board
        .points()
        .filter(|p| matched[p.index()])
        .map(|p| format!("{} {:+}", e.format_move(Move::Play(p)), value[p.index()]))
        .collect();
    let mut lines = Vec::new();
    if !labels.is_empty() {
        lines.push(format!("LABEL {}", labels.join(" ")));
    }
    let side = match us {
        Color::Black => "Black",
        Color::White => "White",
    };
    lines.push(format!(
        "TEXT {count} efficiency.db matches for {side} at {} points",
        labels.len()
    ));
    Ok(lines.join("\n"))
}

/// A number for a gfx answer: at most two decimals, no trailing zeros.
fn gfx_number(x: f32) -> String {
    let s = format!("{x:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// GoGui's analyze command list: `type/label/command` lines.
fn cmd_gogui_analyze_commands(_: &mut GtpEngine, _: &[&str]) -> CommandResult {
    Ok([
        "gfx/Influence/tesuji-influence-gfx",
        "gfx/Influence (Wulu)/tesuji-influence-gfx wulu",
        "sboard/Influence values/tesuji-influence",
        "sboard/Territory and moyo/tesuji-territory",
        "string/Score estimate/tesuji-estimate_score",
        "plist/Dragon stones/dragon_stones %p",
        "string/Dragon status/dragon_status %p",
        "string/Eye value/eval_eye %p",
        "string/Owl attack/owl_attack %p",
        "string/Owl defend/owl_defend %p",
        "string/Owl evaluation/tesuji-owl_eval %p",
        "gfx/Blocks/tesuji-blocks-gfx",
        "gfx/Danger (moku)/tesuji-danger-gfx",
        "gfx/Shape patterns (efficiency.db)/tesuji-patterns-gfx",
        "string/Blocks/tesuji-blocks",
    ]
    .join("\n"))
}
