//! `tesuji match`: games between tesuji and another GTP engine, every move checked on our own
//! board, each game saved as SGF, and the result as a win rate with its confidence interval.

use crate::gtp_client::{GtpClient, GtpClientError};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;
use tesuji::engine::board::game::Game;
use tesuji::engine::board::sgf;
use tesuji::engine::board::{Color, Move, Vertex};

#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct MatchArgs {
    #[command(subcommand)]
    pub command: Option<MatchCommand>,
    /// The opponent's GTP command line, e.g. "/usr/games/gnugo --mode gtp --level 1".
    #[arg(long, required = false)]
    pub opponent: Option<String>,
    /// Number of games; tesuji takes Black in the odd-numbered ones (1st, 3rd, ...).
    #[arg(long, default_value_t = 2)]
    pub games: u32,
    /// Board size.
    #[arg(long, default_value_t = 9)]
    pub size: usize,
    /// Komi.
    #[arg(long, default_value_t = 7.0, allow_negative_numbers = true)]
    pub komi: f32,
    /// Time control for both sides, sent with `time_settings`: MAIN (seconds, no byo-yomi)
    /// or MAIN+PERIOD/STONES (Canadian byo-yomi), e.g. 60+30/10.
    #[arg(long, value_name = "SPEC")]
    pub time: Option<String>,
    /// Directory for the games' SGF files (created if missing).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Moves after which a game is stopped and scored (default 3 × size²).
    #[arg(long)]
    pub max_moves: Option<usize>,
    /// Extra arguments for tesuji's own `gtp` (e.g. "--level 5 --no-lookahead").
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub tesuji_args: String,
    /// Seed of tesuji's first game (game k gets FIRST_SEED + k - 1), so that matches run
    /// side by side play different games
    #[arg(long, default_value_t = 1)]
    pub first_seed: u64,
    /// Games played at the same time (each with its own pair of engines).
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Play only shard K of N (1-based): games K, K+N, K+2N, ... of the --games, with the
    /// colours and seeds they have in the whole match, so shards merge into it.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Write per-game results as JSON to this file (`tesuji match merge` combines them).
    #[arg(long, value_name = "OUT")]
    pub json: Option<PathBuf>,
}

#[derive(clap::Subcommand)]
pub enum MatchCommand {
    /// Combine the --json files of several matches (or shards): the win rate with its 95%
    /// Wilson interval, move times, illegal moves and crashes over all their games.
    Merge {
        #[arg(required = true, value_name = "FILE.json")]
        files: Vec<PathBuf>,
    },
}

/// Time control: main time, then byo-yomi periods of `period` seconds for `stones` moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeControl {
    pub main: u32,
    pub period: u32,
    pub stones: u32,
}

impl std::str::FromStr for TimeControl {
    type Err = String;
    fn from_str(s: &str) -> Result<TimeControl, String> {
        let bad = || format!("bad time control '{s}': want MAIN or MAIN+PERIOD/STONES");
        let (main, byo) = match s.split_once('+') {
            Some((m, b)) => (m, Some(b)),
            None => (s, None),
        };
        let main = main.trim().parse().map_err(|_| bad())?;
        let (period, stones) = match byo {
            None => (0, 0),
            Some(b) => {
                let (p, n) = b.split_once('/').ok_or_else(bad)?;
                let stones: u32 = n.trim().parse().map_err(|_| bad())?;
                if stones == 0 {
                    return Err(bad());
                }
                (p.trim().parse().map_err(|_| bad())?, stones)
            }
        };
        Ok(TimeControl {
            main,
            period,
            stones,
        })
    }
}

/// A side's clock under Canadian byo-yomi.
#[derive(Clone, Copy, Debug)]
struct Clock {
    seconds: f64,
    /// 0 in main time; stones left in the current period in byo-yomi.
    stones: u32,
}

impl Clock {
    fn new(tc: TimeControl) -> Clock {
        Clock {
            seconds: f64::from(tc.main),
            stones: 0,
        }
    }

    /// Charges one move; false when the side ran out of time.
    fn charge(&mut self, tc: TimeControl, used: f64) -> bool {
        self.seconds -= used;
        if self.stones == 0 {
            if self.seconds >= 0.0 {
                return true;
            }
            if tc.stones == 0 {
                return false;
            }
            // Main time over: the overrun counts against the first period.
            self.seconds += f64::from(tc.period);
            self.stones = tc.stones;
        }
        if self.seconds < 0.0 {
            return false;
        }
        self.stones -= 1;
        if self.stones == 0 {
            self.seconds = f64::from(tc.period);
            self.stones = tc.stones;
        }
        true
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Scored after two passes or the move cap: the result string and who scored it.
    Scored {
        result: String,
        scorer: String,
    },
    Resigned(Color),
    IllegalMove(Color, String),
    Crashed(Color, String),
    TimeLoss(Color),
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub tesuji_color: Color,
    pub winner: Option<Color>,
    pub outcome: Outcome,
    pub moves: usize,
    /// Seconds per move of each side, indexed by colour.
    pub move_times: [Vec<f64>; 2],
}

impl GameRecord {
    pub fn tesuji_won(&self) -> bool {
        self.winner == Some(self.tesuji_color)
    }
}

/// The Wilson score interval for `wins` out of `n` at 95% (z = 1.96).
pub fn wilson_interval(wins: u32, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964_f64;
    let n = f64::from(n);
    let p = f64::from(wins) / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The median of some numbers (0 for none).
pub fn median(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    let m = v.len() / 2;
    if v.len() % 2 == 1 {
        v[m]
    } else {
        (v[m - 1] + v[m]) / 2.0
    }
}

/// The winner a `final_score` answer names (`B+3.5`, `W+R`, `0` for a draw).
pub fn winner_of(result: &str) -> Option<Color> {
    match result.trim().chars().next() {
        Some('B' | 'b') => Some(Color::Black),
        Some('W' | 'w') => Some(Color::White),
        _ => None,
    }
}

pub fn run(args: MatchArgs) -> Result<(), String> {
    if let Some(MatchCommand::Merge { files }) = &args.command {
        return merge(files);
    }
    let opponent = args
        .opponent
        .clone()
        .ok_or("--opponent is required to play a match")?;
    let time = args
        .time
        .as_deref()
        .map(str::parse::<TimeControl>)
        .transpose()?;
    let (shard, shards) = match &args.shard {
        None => (0, 1),
        Some(spec) => parse_shard(spec)?,
    };
    if let Some(dir) = &args.out {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let exe = std::env::current_exe().map_err(|e| format!("cannot find tesuji itself: {e}"))?;
    let tesuji_cmd = format!(
        "{} gtp {}",
        shell_quote(&exe.to_string_lossy()),
        args.tesuji_args
    );
    let games: Vec<u32> = (0..args.games)
        .filter(|g| *g as usize % shards == shard)
        .collect();
    let bar = ProgressBar::new(games.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games {msg} [{elapsed_precise}]")
            .map_err(|e| e.to_string())?,
    );
    let next = AtomicUsize::new(0);
    let records: Mutex<Vec<(u32, GameRecord)>> = Mutex::new(Vec::new());
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let jobs = args.jobs.clamp(1, games.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                loop {
                    let k = next.fetch_add(1, Ordering::SeqCst);
                    let Some(&g) = games.get(k) else { break };
                    if failure.lock().map(|f| f.is_some()).unwrap_or(true) {
                        break;
                    }
                    let tesuji_color = if g % 2 == 0 {
                        Color::Black
                    } else {
                        Color::White
                    };
                    // A seed per game, so that games against a deterministic opponent differ.
                    let cmd = format!("{tesuji_cmd} --seed {}", args.first_seed + u64::from(g));
                    let record = match play_game(&args, &opponent, &cmd, tesuji_color, time, g + 1)
                    {
                        Ok(r) => r,
                        Err(e) => {
                            if let Ok(mut f) = failure.lock() {
                                *f = Some(e);
                            }
                            break;
                        }
                    };
                    let line = format!(
                        "game {:>3}: tesuji {:<5} {:>4} moves  {}  -> {}",
                        g + 1,
                        tesuji_color.name(),
                        record.moves,
                        describe(&record.outcome),
                        if record.tesuji_won() {
                            "tesuji wins"
                        } else if record.winner.is_none() {
                            "draw"
                        } else {
                            "opponent wins"
                        }
                    );
                    let Ok(mut all) = records.lock() else { break };
                    all.push((g, record));
                    if let Some(path) = &args.json {
                        // After every game, so that a match stopped early keeps its results.
                        let mut sorted: Vec<(u32, GameRecord)> = all.clone();
                        sorted.sort_by_key(|(g, _)| *g);
                        if let Err(e) = std::fs::write(path, to_json(&sorted)) {
                            eprintln!("{}: {e}", path.display());
                        }
                    }
                    let wins = all.iter().filter(|(_, r)| r.tesuji_won()).count();
                    // A hidden bar (output not a terminal) prints nothing: the line goes to
                    // stdout then.
                    if bar.is_hidden() {
                        println!("{line}");
                    } else {
                        bar.println(line);
                    }
                    bar.set_message(format!("tesuji {wins}/{}", all.len()));
                    bar.inc(1);
                }
            });
        }
    });
    bar.finish_and_clear();
    if let Some(e) = failure.into_inner().map_err(|e| e.to_string())? {
        return Err(e);
    }
    let mut records = records.into_inner().map_err(|e| e.to_string())?;
    records.sort_by_key(|(g, _)| *g);
    if let Some(path) = &args.json {
        std::fs::write(path, to_json(&records)).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let records: Vec<GameRecord> = records.into_iter().map(|(_, r)| r).collect();
    let summary = summarize(&records);
    println!("{summary}");
    if let Some(dir) = &args.out {
        std::fs::write(dir.join("summary.txt"), format!("{summary}\n"))
            .map_err(|e| format!("cannot write summary: {e}"))?;
    }
    Ok(())
}

/// `K/N` with 1 ≤ K ≤ N: the 0-based shard and the count.
fn parse_shard(spec: &str) -> Result<(usize, usize), String> {
    let bad = || format!("bad --shard {spec:?} (K/N with 1 <= K <= N)");
    let (k, n) = spec.split_once('/').ok_or_else(bad)?;
    let k: usize = k.trim().parse().map_err(|_| bad())?;
    let n: usize = n.trim().parse().map_err(|_| bad())?;
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k - 1, n))
}

fn color_name(c: Option<Color>) -> &'static str {
    match c {
        Some(Color::Black) => "black",
        Some(Color::White) => "white",
        None => "none",
    }
}

fn parse_color(s: &str) -> Option<Color> {
    match s {
        "black" => Some(Color::Black),
        "white" => Some(Color::White),
        _ => None,
    }
}

fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn json_times(xs: &[f64]) -> String {
    let parts: Vec<String> = xs.iter().map(|x| format!("{x:.4}")).collect();
    format!("[{}]", parts.join(","))
}

/// The `--json` document: one game a line (game number, colours, outcome, move times).
pub fn to_json(records: &[(u32, GameRecord)]) -> String {
    let lines: Vec<String> = records
        .iter()
        .map(|(g, r)| {
            let (kind, by, detail) = match &r.outcome {
                Outcome::Scored { result, scorer } => ("scored", None, format!("{result}|{scorer}")),
                Outcome::Resigned(c) => ("resigned", Some(*c), String::new()),
                Outcome::IllegalMove(c, m) => ("illegal", Some(*c), m.clone()),
                Outcome::Crashed(c, e) => ("crash", Some(*c), e.clone()),
                Outcome::TimeLoss(c) => ("time", Some(*c), String::new()),
            };
            format!(
                "{{\"game\":{},\"tesuji\":\"{}\",\"winner\":\"{}\",\"tesuji_won\":{},\"moves\":{},\"outcome\":\"{kind}\",\"by\":\"{}\",\"detail\":{},\"black_times\":{},\"white_times\":{}}}",
                g + 1,
                color_name(Some(r.tesuji_color)),
                color_name(r.winner),
                r.tesuji_won(),
                r.moves,
                color_name(by),
                json_string(&detail),
                json_times(&r.move_times[Color::Black as usize]),
                json_times(&r.move_times[Color::White as usize]),
            )
        })
        .collect();
    format!("{{\"games\":[\n{}\n]}}\n", lines.join(",\n"))
}

/// The raw text of `"key":` 's value in one game line of [`to_json`].
fn json_field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let tag = format!("\"{key}\":");
    let start = line.find(&tag)? + tag.len();
    let rest = &line[start..];
    let end = if rest.starts_with('"') {
        let mut escaped = false;
        let mut end = None;
        for (i, c) in rest.char_indices().skip(1) {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => {
                    end = Some(i + 1);
                    break;
                }
                _ => {}
            }
        }
        end?
    } else if rest.starts_with('[') {
        rest.find(']')? + 1
    } else {
        rest.find([',', '}']).unwrap_or(rest.len())
    };
    Some(&rest[..end])
}

fn unquote(s: &str) -> String {
    let inner = s.strip_prefix('"').unwrap_or(s);
    let inner = inner.strip_suffix('"').unwrap_or(inner);
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some('u') => {
                    let hex: String = chars.by_ref().take(4).collect();
                    if let Some(ch) = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                        out.push(ch);
                    }
                }
                Some(c) => out.push(c),
                None => {}
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Reads the games of a [`to_json`] document back.
pub fn from_json(text: &str) -> Result<Vec<(u32, GameRecord)>, String> {
    let mut out = Vec::new();
    for line in text
        .lines()
        .filter(|l| l.trim_start().starts_with("{\"game\":"))
    {
        let field = |k: &str| json_field(line, k).ok_or_else(|| format!("no {k} in {line}"));
        let game: u32 = field("game")?.parse().map_err(|_| "bad game number")?;
        let tesuji_color = parse_color(&unquote(field("tesuji")?)).ok_or("bad tesuji colour")?;
        let winner = parse_color(&unquote(field("winner")?));
        let moves: usize = field("moves")?.parse().map_err(|_| "bad move count")?;
        let by = parse_color(&unquote(field("by")?)).unwrap_or(Color::Black);
        let detail = unquote(field("detail")?);
        let outcome = match unquote(field("outcome")?).as_str() {
            "scored" => {
                let (result, scorer) = detail.split_once('|').unwrap_or((&detail, ""));
                Outcome::Scored {
                    result: result.to_string(),
                    scorer: scorer.to_string(),
                }
            }
            "resigned" => Outcome::Resigned(by),
            "illegal" => Outcome::IllegalMove(by, detail),
            "crash" => Outcome::Crashed(by, detail),
            "time" => Outcome::TimeLoss(by),
            other => return Err(format!("unknown outcome {other}")),
        };
        let times = |k: &str| -> Result<Vec<f64>, String> {
            let raw = field(k)?.trim_matches(|c| c == '[' || c == ']');
            raw.split(',')
                .filter(|x| !x.trim().is_empty())
                .map(|x| x.trim().parse::<f64>().map_err(|e| e.to_string()))
                .collect()
        };
        out.push((
            game - 1,
            GameRecord {
                tesuji_color,
                winner,
                outcome,
                moves,
                move_times: [times("black_times")?, times("white_times")?],
            },
        ));
    }
    Ok(out)
}

/// `tesuji match merge`: the summary of every game in `files`.
fn merge(files: &[PathBuf]) -> Result<(), String> {
    let mut records = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("{}: {e}", f.display()))?;
        let games = from_json(&text).map_err(|e| format!("{}: {e}", f.display()))?;
        println!("{}: {} games", f.display(), games.len());
        records.extend(games.into_iter().map(|(_, r)| r));
    }
    println!("{}", summarize(&records));
    Ok(())
}

fn describe(o: &Outcome) -> String {
    match o {
        Outcome::Scored { result, scorer } => format!("{result} (scored by {scorer})"),
        Outcome::Resigned(c) => format!("{} resigned", c.name()),
        Outcome::IllegalMove(c, m) => format!("ILLEGAL move {m} by {}", c.name()),
        Outcome::Crashed(c, e) => format!("CRASH of {}: {e}", c.name()),
        Outcome::TimeLoss(c) => format!("{} lost on time", c.name()),
    }
}

/// The totals: wins with the Wilson interval, median move times, illegal moves, crashes.
pub fn summarize(records: &[GameRecord]) -> String {
    let n = records.len() as u32;
    let wins = records.iter().filter(|r| r.tesuji_won()).count() as u32;
    let (lo, hi) = wilson_interval(wins, n);
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    let (mut illegal, mut crashes, mut illegal_ours, mut crashes_ours) = (0, 0, 0, 0);
    for r in records {
        ours.extend_from_slice(&r.move_times[r.tesuji_color as usize]);
        theirs.extend_from_slice(&r.move_times[r.tesuji_color.opponent() as usize]);
        match &r.outcome {
            Outcome::IllegalMove(c, _) => {
                illegal += 1;
                illegal_ours += usize::from(*c == r.tesuji_color);
            }
            Outcome::Crashed(c, _) => {
                crashes += 1;
                crashes_ours += usize::from(*c == r.tesuji_color);
            }
            _ => {}
        }
    }
    let as_black = records.iter().filter(|r| r.tesuji_color == Color::Black);
    let black_wins = as_black.clone().filter(|r| r.tesuji_won()).count();
    format!(
        "tesuji won {wins} of {n} games ({:.1}%, 95% Wilson interval {:.1}%..{:.1}%); as Black {black_wins}/{}, as White {}/{}\n\
         median seconds per move: tesuji {:.3}, opponent {:.3}\n\
         illegal moves: {illegal} (tesuji {illegal_ours}); crashes: {crashes} (tesuji {crashes_ours})",
        100.0 * f64::from(wins) / f64::from(n.max(1)),
        100.0 * lo,
        100.0 * hi,
        as_black.count(),
        wins as usize - black_wins,
        records.len()
            - records
                .iter()
                .filter(|r| r.tesuji_color == Color::Black)
                .count(),
        median(&ours),
        median(&theirs),
    ) + &without_opponent_crashes(records)
}

/// A game the opponent's crash ended is tesuji's by forfeit but says nothing of strength:
/// when there are such games, the win rate of the others too.
fn without_opponent_crashes(records: &[GameRecord]) -> String {
    let played: Vec<&GameRecord> = records
        .iter()
        .filter(|r| !matches!(r.outcome, Outcome::Crashed(c, _) if c != r.tesuji_color))
        .collect();
    let forfeits = records.len() - played.len();
    if forfeits == 0 {
        return String::new();
    }
    let n = played.len() as u32;
    let wins = played.iter().filter(|r| r.tesuji_won()).count() as u32;
    let (lo, hi) = wilson_interval(wins, n);
    format!(
        "\nwithout the {forfeits} game(s) the opponent's crash ended: tesuji won {wins} of {n} ({:.1}%, 95% Wilson interval {:.1}%..{:.1}%)",
        100.0 * f64::from(wins) / f64::from(n.max(1)),
        100.0 * lo,
        100.0 * hi,
    )
}

fn shell_quote(s: &str) -> String {
    if s.chars()
        .all(|c| c.is_ascii_alphanumeric() || "/._-+".contains(c))
    {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

/// Plays one game; engine failures become outcomes, only our own I/O errors are errors.
fn play_game(
    args: &MatchArgs,
    opponent: &str,
    tesuji_cmd: &str,
    tesuji_color: Color,
    time: Option<TimeControl>,
    number: u32,
) -> Result<GameRecord, String> {
    let mut game = Game::new(args.size, args.komi).map_err(|e| e.to_string())?;
    let mut move_times: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let (black_cmd, white_cmd) = match tesuji_color {
        Color::Black => (tesuji_cmd, opponent),
        Color::White => (opponent, tesuji_cmd),
    };
    let finish = |game: &Game, outcome: Outcome, winner: Option<Color>, move_times| {
        if let Some(dir) = &args.out {
            let names = |c: Color| {
                if c == tesuji_color {
                    "tesuji".to_string()
                } else {
                    opponent.to_string()
                }
            };
            let result = match (&outcome, winner) {
                (Outcome::Scored { result, .. }, _) => result.clone(),
                (_, Some(c)) => format!("{}+R", if c == Color::Black { 'B' } else { 'W' }),
                (_, None) => "Void".into(),
            };
            let text = sgf::write(game).replacen(
                "KM[",
                &format!(
                    "PB[{}]PW[{}]RE[{}]GC[{}]KM[",
                    names(Color::Black),
                    names(Color::White),
                    result,
                    describe(&outcome).replace(']', "\\]")
                ),
                1,
            );
            let path = dir.join(format!("game-{number:03}.sgf"));
            std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        Ok::<GameRecord, String>(GameRecord {
            tesuji_color,
            winner,
            outcome,
            moves: game.moves().len(),
            move_times,
        })
    };
    let mut engines = [None, None];
    for (c, cmd) in [(Color::Black, black_cmd), (Color::White, white_cmd)] {
        match GtpClient::spawn(cmd) {
            Ok(e) => engines[c as usize] = Some(e),
            Err(e) => {
                return finish(
                    &game,
                    Outcome::Crashed(c, e.to_string()),
                    Some(c.opponent()),
                    move_times,
                );
            }
        }
    }
    let mut engines: [GtpClient; 2] = engines.map(|e| e.expect("both spawned"));
    let mut setup = vec![
        format!("boardsize {}", args.size),
        "clear_board".to_string(),
        format!("komi {}", args.komi),
    ];
    if let Some(tc) = time {
        setup.push(format!(
            "time_settings {} {} {}",
            tc.main, tc.period, tc.stones
        ));
    }
    for c in [Color::Black, Color::White] {
        for cmd in &setup {
            if let Err(e) = engines[c as usize].send(cmd) {
                let outcome = Outcome::Crashed(c, format!("'{cmd}': {e}"));
                return finish(&game, outcome, Some(c.opponent()), move_times);
            }
        }
    }
    let mut clocks = time.map(|tc| [Clock::new(tc), Clock::new(tc)]);
    let cap = args.max_moves.unwrap_or(3 * args.size * args.size);
    let mut passes = 0;
    let mut color = Color::Black;
    while passes < 2 && game.moves().len() < cap {
        let me = color as usize;
        if let (Some(clocks), Some(_)) = (&clocks, time) {
            let cl = clocks[me];
            let cmd = format!(
                "time_left {} {} {}",
                color.name(),
                cl.seconds.max(0.0) as u32,
                cl.stones
            );
            // time_left is advisory: an engine that refuses it still plays.
            let _ = engines[me].send(&cmd);
        }
        let start = Instant::now();
        let answer = engines[me].send(&format!("genmove {}", color.name()));
        let used = start.elapsed().as_secs_f64();
        let answer = match answer {
            Ok(a) => a,
            Err(e) => {
                return finish(
                    &game,
                    Outcome::Crashed(color, e.to_string()),
                    Some(color.opponent()),
                    move_times,
                );
            }
        };
        move_times[me].push(used);
        if let (Some(clocks), Some(tc)) = (&mut clocks, time) {
            if !clocks[me].charge(tc, used) {
                return finish(
                    &game,
                    Outcome::TimeLoss(color),
                    Some(color.opponent()),
                    move_times,
                );
            }
        }
        if answer.eq_ignore_ascii_case("resign") {
            return finish(
                &game,
                Outcome::Resigned(color),
                Some(color.opponent()),
                move_times,
            );
        }
        let mv = match Vertex::parse_move(&answer, args.size) {
            Ok(mv) => mv,
            Err(_) => {
                let outcome = Outcome::IllegalMove(color, answer.clone());
                return finish(&game, outcome, Some(color.opponent()), move_times);
            }
        };
        if game.play(mv, color).is_err() {
            let outcome = Outcome::IllegalMove(color, answer.clone());
            return finish(&game, outcome, Some(color.opponent()), move_times);
        }
        let other = color.opponent() as usize;
        if let Err(e) = engines[other].send(&format!("play {} {answer}", color.name())) {
            // The other engine refused a move our board accepts: its fault either way.
            let outcome = match e {
                GtpClientError::Refused(msg) => {
                    Outcome::IllegalMove(color, format!("{answer} (refused: {msg})"))
                }
                e => Outcome::Crashed(color.opponent(), e.to_string()),
            };
            let winner = match &outcome {
                Outcome::Crashed(c, _) => Some(c.opponent()),
                _ => None,
            };
            return finish(&game, outcome, winner, move_times);
        }
        passes = if mv == Move::Pass { passes + 1 } else { 0 };
        color = color.opponent();
    }
    let (result, scorer) = score(&mut engines, tesuji_color, opponent, &game);
    let winner = winner_of(&result);
    for e in &mut engines {
        e.quit();
    }
    finish(
        &game,
        Outcome::Scored { result, scorer },
        winner,
        move_times,
    )
}

/// The result: GNU Go's `final_score` when it is the opponent (it removes dead stones);
/// otherwise both engines are asked and, when they disagree, our own board's area count
/// decides (no dead-stone removal).
fn score(
    engines: &mut [GtpClient; 2],
    tesuji_color: Color,
    opponent: &str,
    game: &Game,
) -> (String, String) {
    let opp = tesuji_color.opponent() as usize;
    let ours = tesuji_color as usize;
    if opponent.contains("gnugo") {
        if let Ok(r) = engines[opp].send("final_score") {
            return (r, "gnugo".into());
        }
    }
    let a = engines[opp].send("final_score");
    let b = engines[ours].send("final_score");
    match (a, b) {
        (Ok(a), Ok(b)) if winner_of(&a) == winner_of(&b) => (a, "both engines".into()),
        (Ok(a), Err(_)) => (a, "opponent".into()),
        (Err(_), Ok(b)) => (b, "tesuji".into()),
        _ => (game.final_score(), "area count".into()),
    }
}

#[cfg(test)]
mod tests;
