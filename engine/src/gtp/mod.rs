//! GTP version 2 server: the protocol layer (preprocessing, ids, responses) and the command
//! table. Commands are plain functions in one table, so later stages add theirs with one line
//! and `list_commands` / `known_command` can never disagree with what is implemented.

use crate::board::game::Game;
use crate::board::{Color, Move, Point, Vertex};
use crate::eval::owl::Owl;
use crate::eval::scoring::ScoringRules;
use crate::play::movegen::{GenOptions, MoveChoice};
use crate::tactics::pattern_view::{NoPatterns, PatternSet};
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
    /// The tree search's trees from the last genmove, reused by the next one.
    search_trees: Vec<crate::play::movegen::mcts::SavedTree>,
    /// Positions after each outstanding `trymove` (hash, move count): GNU Go's stack of moves
    /// that reading counts as depth.
    trymoves: Vec<(u64, usize)>,
    /// The session's owl reader, made at the first owl question; its tables persist.
    owl: Option<Owl>,
    /// The owl reader's node count at the last `reset_owl_node_counter`.
    owl_nodes_at_reset: u64,
    /// The dragons of the last position asked about, with what they were read under: an
    /// owl question and the next one on the same position share them.
    dragons: Option<(DragonsKey, crate::eval::dragon::Dragons)>,
    quit: bool,
}

/// What the dragons of a position depend on: the position (and the moves that led to it)
/// and the reading settings that confirmed its links.
#[derive(Clone, Copy, PartialEq, Debug)]
struct DragonsKey {
    hash: u64,
    move_count: usize,
    reading: crate::tactics::reading::ReadingOptions,
    base_depth: u32,
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

mod analysis;
mod game;
mod life;
mod reading;
mod scoring;

/// Every command tesuji answers, in `list_commands` order: the protocol's, then each layer's.
fn commands() -> impl Iterator<Item = &'static Command> {
    [
        PROTOCOL,
        game::COMMANDS,
        scoring::COMMANDS,
        reading::COMMANDS,
        life::COMMANDS,
        analysis::COMMANDS,
    ]
    .into_iter()
    .flatten()
}

/// The protocol's own commands.
static PROTOCOL: &[Command] = commands! {
    "protocol_version" => |_, _| Ok("2".into()),
    "name" => |_, _| Ok("tesuji".into()),
    "version" => |_, _| Ok(env!("CARGO_PKG_VERSION").into()),
    "cputime" => |_, _| Ok(format!("{:.3}", cpu_seconds())),
    "known_command" => cmd_known_command,
    "list_commands" => |_, _| Ok(commands().map(|c| c.name).collect::<Vec<_>>().join("\n")),
    "quit" => |e, _| { e.quit = true; Ok(String::new()) },
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
            search_trees: Vec::new(),
            trymoves: Vec::new(),
            owl: None,
            owl_nodes_at_reset: 0,
            dragons: None,
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
        commands().map(|c| c.name)
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
        let result = match commands().find(|c| c.name == name) {
            Some(c) => (c.run)(self, &args),
            None => Err("unknown command".into()),
        };
        Some(format_response(id, result))
    }

    /// Runs a session until `quit` or the end of input. Any bytes are answered: a line that
    /// is not UTF-8 is read with its bad bytes replaced (so a command with one gets `?`, a
    /// comment with one is ignored), and a line longer than [`MAX_LINE_BYTES`] gets `?`
    /// without being kept in memory.
    pub fn run(&mut self, mut input: impl BufRead, mut output: impl Write) -> io::Result<()> {
        let mut line = Vec::new();
        while let Some(fits) = read_line_capped(&mut input, &mut line, MAX_LINE_BYTES)? {
            let response = if fits {
                self.handle_line(&String::from_utf8_lossy(&line))
            } else {
                Some(format_response(
                    None,
                    Err(format!("line longer than {MAX_LINE_BYTES} bytes")),
                ))
            };
            if let Some(response) = response {
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

/// CPU time this process has used, user and system, in seconds (GoGui's `cputime`).
#[cfg(unix)]
fn cpu_seconds() -> f64 {
    // SAFETY: getrusage only writes the struct it is given, which is zeroed and owned here.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        if libc::getrusage(libc::RUSAGE_SELF, &mut usage) != 0 {
            return 0.0;
        }
        usage
    };
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// Without getrusage: the time since the session's first command asked for it.
#[cfg(not(unix))]
fn cpu_seconds() -> f64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_secs_f64()
}

/// The longest command line kept: far above any real command (a whole game as
/// `set_free_handicap` is a few kilobytes), small enough that no input can grow memory.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// Reads one line (up to and including `\n`) into `line`. `None` at the end of input; else
/// whether the line fit in `cap` bytes (an over-long line is consumed but not kept).
fn read_line_capped(
    input: &mut impl BufRead,
    line: &mut Vec<u8>,
    cap: usize,
) -> io::Result<Option<bool>> {
    line.clear();
    let mut fits = true;
    let mut read_any = false;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(read_any.then_some(fits));
        }
        read_any = true;
        let (n, ended) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (buf.len(), false),
        };
        if fits && line.len() + n <= cap {
            line.extend_from_slice(&buf[..n]);
        } else {
            fits = false;
            line.clear();
        }
        input.consume(n);
        if ended {
            return Ok(Some(fits));
        }
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
    Ok(commands().any(|c| c.name == *name).to_string())
}

#[cfg(test)]
mod tests;
