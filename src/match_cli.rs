//! `tesuji match`: games between tesuji and another GTP engine, every move checked on our own
//! board, each game saved as SGF, and the result as a win rate with its confidence interval.

use crate::gtp_client::{GtpClient, GtpClientError};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::time::Instant;
use tesuji::engine::board::game::Game;
use tesuji::engine::board::sgf;
use tesuji::engine::board::{Color, Move, Vertex};

#[derive(clap::Args)]
pub struct MatchArgs {
    /// The opponent's GTP command line, e.g. "/usr/games/gnugo --mode gtp --level 1".
    #[arg(long)]
    pub opponent: String,
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
    let time = args
        .time
        .as_deref()
        .map(str::parse::<TimeControl>)
        .transpose()?;
    if let Some(dir) = &args.out {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let exe = std::env::current_exe().map_err(|e| format!("cannot find tesuji itself: {e}"))?;
    let tesuji_cmd = format!(
        "{} gtp {}",
        shell_quote(&exe.to_string_lossy()),
        args.tesuji_args
    );
    let bar = ProgressBar::new(u64::from(args.games));
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games {msg} [{elapsed_precise}]")
            .map_err(|e| e.to_string())?,
    );
    let mut records = Vec::new();
    for g in 0..args.games {
        let tesuji_color = if g % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        // A seed per game, so that games against a deterministic opponent differ.
        let cmd = format!("{tesuji_cmd} --seed {}", args.first_seed + u64::from(g));
        let record = play_game(&args, &cmd, tesuji_color, time, g + 1)?;
        let wins = records
            .iter()
            .filter(|r: &&GameRecord| r.tesuji_won())
            .count()
            + usize::from(record.tesuji_won());
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
        // A hidden bar (output not a terminal) prints nothing: the line goes to stdout then.
        if bar.is_hidden() {
            println!("{line}");
        } else {
            bar.println(line);
        }
        records.push(record);
        bar.set_message(format!("tesuji {wins}/{}", records.len()));
        bar.inc(1);
    }
    bar.finish_and_clear();
    let summary = summarize(&records);
    println!("{summary}");
    if let Some(dir) = &args.out {
        std::fs::write(dir.join("summary.txt"), format!("{summary}\n"))
            .map_err(|e| format!("cannot write summary: {e}"))?;
    }
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
    tesuji_cmd: &str,
    tesuji_color: Color,
    time: Option<TimeControl>,
    number: u32,
) -> Result<GameRecord, String> {
    let mut game = Game::new(args.size, args.komi).map_err(|e| e.to_string())?;
    let mut move_times: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let (black_cmd, white_cmd) = match tesuji_color {
        Color::Black => (tesuji_cmd, args.opponent.as_str()),
        Color::White => (args.opponent.as_str(), tesuji_cmd),
    };
    let finish = |game: &Game, outcome: Outcome, winner: Option<Color>, move_times| {
        if let Some(dir) = &args.out {
            let names = |c: Color| {
                if c == tesuji_color {
                    "tesuji".to_string()
                } else {
                    args.opponent.clone()
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
    let (result, scorer) = score(&mut engines, tesuji_color, &args.opponent, &game);
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
