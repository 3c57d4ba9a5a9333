//! The `tesuji` command line.

mod analyze_cli;
mod decide_cli;
mod gtp_client;
mod heatmap_cli;
mod joseki_cli;
mod match_cli;
mod patterns_cli;
mod play_cli;

use clap::{Parser, Subcommand};
use std::io::{self, BufReader};
use std::process::ExitCode;
use tesuji::engine::board::sgf::{self, Until};
use tesuji::engine::board::{KoRule, Vertex};
use tesuji::engine::eval::scoring::ScoringRules;
use tesuji::engine::gtp::GtpEngine;
use tesuji::engine::tactics::reading::{self, ReadingOptions};
use tesuji::patterns::CompiledPatterns;
use tesuji_engine::play::movegen::stages::{STAGE_NAMES, StageSet};

#[derive(Parser)]
#[command(
    name = "tesuji",
    version,
    about = "tesuji: a Go engine whose heart is a build-time pattern compiler",
    long_about = "tesuji: a Go engine whose heart is a build-time pattern compiler.\n\n\
        What exists today: the pattern compiler (patterns/*.db compiled at build time; see \
        `tesuji patterns`), the board and rules (captures, suicide, simple ko, optional \
        positional superko), SGF reading and writing, a GTP v2 server with GNU Go's analysis \
        commands and GoGui pictures, tactical and connection reading, static evaluation \
        (influence, unconditional life, eye spaces, dragons, owl life and death, Handtalk's \
        blocks with freedom and danger, final scoring), joseki from SGF trees, heat maps, a \
        move generator with a Monte Carlo search (`genmove`, `tesuji play`), matches against \
        any GTP engine (`tesuji match`) and a GNU Go-format regression runner \
        (`tesuji regress`)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Speak GTP v2 on standard input/output (for GoGui, Sabaki, twogtp, regression runners).
    Gtp(GtpArgs),
    /// Read whether a string can be captured or saved (GNU Go's --decide-string).
    DecideString(decide_cli::DecideStringArgs),
    /// Read whether two strings can be connected or cut (GNU Go's --decide-connection).
    DecideConnection(decide_cli::DecideConnectionArgs),
    /// Report on a position: board, strings in danger with attack and defence, final status,
    /// freedom and danger of every string, and the score. Without a file, a shipped 9x9.
    Analyze(analyze_cli::AnalyzeArgs),
    /// Draw a position's influence as a heat map PNG (board, stones, colour scale, score).
    Heatmap(heatmap_cli::HeatmapArgs),
    /// Pattern databases: list, show, check .db files, match a position.
    #[command(subcommand)]
    Patterns(patterns_cli::PatternsCommand),
    /// Joseki databases: import SGF joseki trees as corner patterns.
    #[command(subcommand)]
    Joseki(joseki_cli::JosekiCommand),
    /// Run GNU Go regression files (.tst) against tesuji or any GTP engine and grade them.
    ///
    /// Grading is GNU Go's regress.awk (as in shared/regression/run_tst.py): passed,
    /// PASSED (unexpected pass of a `*` test), failed (expected failure of a `*` test),
    /// FAILED (unexpected failure). Failing tests do not make the exit code non-zero; only
    /// files that cannot be read or run do.
    Regress(RegressArgs),
    /// Play games against another GTP engine (every move checked, SGF saved, win rate with a
    /// 95% Wilson interval, move times, illegal moves and crashes counted).
    Match(match_cli::MatchArgs),
    /// Play a game against the engine in the terminal, or watch it play itself (--self).
    Play(play_cli::PlayArgs),
}

#[derive(clap::Args)]
struct RegressArgs {
    /// GNU Go regression files; relative `loadsgf` paths resolve from each file's folder.
    #[arg(required = true, value_name = "FILE.tst")]
    files: Vec<std::path::PathBuf>,
    /// Run this many files in parallel, each with its own engine.
    #[arg(short, long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
    jobs: u16,
    /// Write per-test records (file, number, command, answer, expected, class, seconds) and
    /// totals as JSON to this file.
    #[arg(long, value_name = "OUT")]
    json: Option<std::path::PathBuf>,
    /// A GTP engine command line to test instead of tesuji's own engine, e.g.
    /// "/usr/games/gnugo --mode gtp --quiet".
    #[arg(long, value_name = "CMD")]
    engine: Option<String>,
    /// Print every test with its answer, expectation and time (no progress bar).
    #[arg(short, long)]
    verbose: bool,
}

#[derive(clap::Args)]
struct GtpArgs {
    /// Board size (1..=25).
    #[arg(long, default_value_t = 19)]
    boardsize: usize,
    /// Komi.
    #[arg(long, default_value_t = 7.5, allow_negative_numbers = true)]
    komi: f32,
    /// Load this SGF file before the session starts.
    #[arg(short = 'l', long = "infile")]
    infile: Option<String>,
    /// With --infile: stop before this move number or at this vertex (GNU Go's -L).
    #[arg(short = 'L', long = "until", requires = "infile")]
    until: Option<String>,
    /// Forbid any move that repeats an earlier whole-board position (default: simple ko).
    #[arg(long)]
    superko: bool,
    /// Count `final_score` by area (stones plus territory) instead of GNU Go's default
    /// Japanese territory plus prisoners (GNU Go's --chinese-rules).
    #[arg(long)]
    chinese_rules: bool,
    /// Tactical reading depth (GNU Go's -D; default 16).
    #[arg(short = 'D', long)]
    depth: Option<u32>,
    /// Depth beyond which backfilling is not tried (GNU Go's -B; default 12).
    #[arg(short = 'B', long)]
    backfill_depth: Option<u32>,
    /// Depth beyond which four liberties count as safe (GNU Go's -F; default 7).
    #[arg(short = 'F', long)]
    fourlib_depth: Option<u32>,
    /// Depth beyond which kos are not tried (GNU Go's -K; default 8).
    #[arg(short = 'K', long)]
    ko_depth: Option<u32>,
    /// Depth beyond which the reader tries fewer moves (GNU Go's --branch-depth; default 13).
    #[arg(long)]
    branch_depth: Option<u32>,
    /// Transposition table size in MiB, fixed at start (GNU Go's -M/--cache-size; default 2).
    #[arg(short = 'M', long = "hash-mb", alias = "cache-size")]
    hash_mb: Option<u32>,
    /// Read without the transposition table (answers are the same, only slower).
    #[arg(long)]
    no_hash: bool,
    /// Do not keep reading results across moves (GNU Go's persistent reading cache; answers
    /// are the same, only slower).
    #[arg(long)]
    no_persistent_cache: bool,
    /// Reading nodes one question may use (0: no limit).
    #[arg(long)]
    node_limit: Option<u64>,
    /// Any reading option as NAME=VALUE (repeatable; the names of `tesuji-reading_options`,
    /// e.g. `tenuki_depth=0`), applied after the flags above.
    #[arg(long = "reading-option", alias = "option", value_name = "NAME=VALUE")]
    reading: Vec<String>,
    /// Effort of move generation, 1..=10 (look-ahead width and depth).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u8).range(1..=10))]
    level: u8,
    /// Choose moves by their one-move value only, without checking the opponent's replies.
    #[arg(long)]
    no_lookahead: bool,
    /// What decides among the candidates: `mcts` (the tree search on every size, with the
    /// move-prediction priors) or `classical` (the tree search up to 13×13, the classical
    /// reply look-ahead above).
    #[arg(long, default_value = "mcts", value_parser = ["mcts", "classical"])]
    search: String,
    /// Keep the tree search's trees between genmoves (the subtree of the moves played).
    #[arg(long)]
    reuse_trees: bool,
    /// Threads of the tree search (independent trees merged at the end, each running the
    /// level's playouts); default: every core.
    #[arg(long)]
    threads: Option<usize>,
    /// Never resign (play on, or pass, however far behind).
    #[arg(long)]
    no_resign: bool,
    /// Do not use the move-prediction model (patterns/prior.db) for the tree search's priors
    /// (hand-written rules give them instead).
    #[arg(long)]
    no_prior: bool,
    /// The move-prediction model's share (0 to 1) of the root candidates' priors once no
    /// corner is empty, with --no-root-virtual-wins; the classical values have the rest. 0
    /// leaves the model out of the root's priors either way.
    #[arg(long, default_value_t = tesuji_engine::play::movegen::ROOT_MODEL_SHARE, value_parser = parse_share)]
    root_model_share: f32,
    /// Virtual wins the move-prediction model's prior is worth below the root, times the
    /// square root of a move's predicted probability, on top of 20 even virtual playouts;
    /// 0 gives the older rule (a win rate from the probability's ratio to the uniform one).
    #[arg(long, default_value_t = tesuji_engine::play::movegen::MODEL_PRIOR_WINS, value_parser = parse_virtual_playouts)]
    model_prior_wins: f32,
    /// Playouts at which a root arm's own win rate and its RAVE (all-moves-as-first) win
    /// rate weigh the same; 0: no RAVE at the root.
    #[arg(long, default_value_t = tesuji_engine::play::movegen::ROOT_RAVE_EQUIVALENCE, value_parser = parse_virtual_playouts)]
    root_rave: f32,
    /// The move-prediction model's prior at the root as a share of one mixed prior win rate
    /// (see --root-model-share), not in virtual wins beside the classical values' virtual
    /// playouts as below the root (the default; see --model-prior-wins).
    #[arg(long)]
    no_root_virtual_wins: bool,
    /// Treat the opening of a big board apart: while a corner is empty, root priors from the
    /// classical values alone, counting for more playouts (measured no stronger, so off).
    #[arg(long)]
    opening_priors: bool,
    /// Draw the playouts' shape moves (patterns/playout.db) in proportion to the
    /// move-prediction model's γ of their 3×3 shape instead of all alike.
    #[arg(long)]
    model_playout_weights: bool,
    /// The share (0 to 1) of a playout's value given to its score margin, the win having the
    /// rest: in a decided game the search still plays for points.
    #[arg(long, default_value_t = tesuji_engine::play::movegen::SCORE_SHARE, value_parser = parse_share)]
    score_share: f32,
    /// The playouts replay the replies that won earlier playouts of the same search (last
    /// good reply with forgetting).
    #[arg(long)]
    last_good_replies: bool,
    /// The owl's move for a big critical dragon (ours saved, theirs killed) is given the
    /// root favourite's virtual wins (off by default; docs/movegen.md, "A big weak group is
    /// urgent").
    #[arg(long)]
    urgent_dragons: bool,
    /// Playouts of the tree search per move and thread, whatever the time (1..=10000000): no
    /// time cap by level and no reading deadline, so a loaded machine plays the same moves,
    /// only slower (for matches run beside other work). Default: the level's playouts within
    /// its time cap.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    playouts: Option<u64>,
    /// When the search cannot tell its best moves apart (win rates within one standard
    /// error), which plays: visits (the most visited), size-in-opening (the classical
    /// valuation's biggest while a corner of a big board is empty and no local fight is
    /// open), size (the biggest, always), prior (the highest prior: move model and
    /// classical value) or size-then-prior (size-in-opening where it applies, else prior).
    #[arg(long, default_value = "size-in-opening")]
    ties: tesuji_engine::play::movegen::TieRule,
    /// Leave this valuation stage out (repeatable): territory, tactics, dragons, contact,
    /// connection, eyes, opening, joseki or efficiency — to measure what each is worth.
    #[arg(long, value_parser = parse_stage)]
    without_stage: Vec<StageSet>,
    /// Seed of the engine's random playouts (different seeds vary close choices).
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

impl GtpArgs {
    /// The reading options these flags ask for, on top of GNU Go's defaults.
    fn reading_options(&self) -> Result<ReadingOptions, String> {
        let mut opts = ReadingOptions::default();
        let numbers = [
            ("depth", self.depth.map(u64::from)),
            ("backfill_depth", self.backfill_depth.map(u64::from)),
            ("fourlib_depth", self.fourlib_depth.map(u64::from)),
            ("ko_depth", self.ko_depth.map(u64::from)),
            ("branch_depth", self.branch_depth.map(u64::from)),
            ("hash_mb", self.hash_mb.map(u64::from)),
            ("node_limit", self.node_limit),
        ];
        for (name, value) in numbers {
            if let Some(v) = value {
                opts.set(name, &v.to_string())?;
            }
        }
        if self.no_hash {
            opts.set("use_hash", "false")?;
        }
        if self.no_persistent_cache {
            opts.set("persistent_cache", "false")?;
        }
        for option in &self.reading {
            opts.set_assignment(option)?;
        }
        Ok(opts)
    }
}

/// A share between 0 and 1.
/// A number within `range` (NaN is in none), or a message naming the range.
fn parse_number_in(s: &str, range: std::ops::RangeInclusive<f32>) -> Result<f32, String> {
    match s.parse::<f32>() {
        Ok(x) if range.contains(&x) => Ok(x),
        _ => Err(format!(
            "`{s}` is not a number between {} and {}",
            range.start(),
            range.end()
        )),
    }
}

fn parse_share(s: &str) -> Result<f32, String> {
    parse_number_in(s, 0.0..=1.0)
}

fn parse_virtual_playouts(s: &str) -> Result<f32, String> {
    parse_number_in(s, 0.0..=100_000.0)
}

fn parse_stage(s: &str) -> Result<StageSet, String> {
    StageSet::default().with(s).ok_or_else(|| {
        format!(
            "`{s}` is no stage; the stages are {}",
            STAGE_NAMES.join(", ")
        )
    })
}

fn run_gtp(args: GtpArgs) -> Result<(), String> {
    let rules = if args.chinese_rules {
        ScoringRules::Chinese
    } else {
        ScoringRules::Japanese
    };
    let mut engine = GtpEngine::new(args.boardsize, args.komi)?
        .with_patterns(&CompiledPatterns)
        .with_scoring_rules(rules);
    if let Some(file) = &args.infile {
        let text = sgf::read_file(file).map_err(|e| format!("{file}: {e}"))?;
        let until = match &args.until {
            None => Until::End,
            Some(u) if u.bytes().all(|b| b.is_ascii_digit()) => {
                Until::BeforeMove(u.parse().map_err(|_| format!("bad move number {u}"))?)
            }
            Some(u) => {
                let size = sgf::load(&text, Until::BeforeMove(0), args.komi)
                    .map_err(|e| format!("{file}:{e}"))?
                    .size();
                match Vertex::parse_move(u, size).map_err(|e| e.to_string())? {
                    tesuji::engine::board::Move::Play(p) => {
                        Until::BeforeVertex(Vertex::from_point(p, size))
                    }
                    tesuji::engine::board::Move::Pass => return Err("--until pass".into()),
                }
            }
        };
        engine.game = sgf::load(&text, until, args.komi).map_err(|e| format!("{file}:{e}"))?;
    }
    if args.superko {
        engine.game.set_ko_rule(KoRule::PositionalSuperko);
    }
    engine.gen_options.level = args.level;
    engine.gen_options.lookahead = !args.no_lookahead;
    engine.gen_options.resign = !args.no_resign;
    engine.gen_options.search = args.search.parse()?;
    engine.gen_options.threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    engine.gen_options.predict = !args.no_prior;
    engine.gen_options.root_model_share = args.root_model_share;
    engine.gen_options.model_prior_wins = args.model_prior_wins;
    engine.gen_options.root_rave_equivalence = args.root_rave;
    engine.gen_options.root_virtual_wins = !args.no_root_virtual_wins;
    engine.gen_options.opening_priors = args.opening_priors;
    engine.gen_options.model_playout_weights = args.model_playout_weights;
    engine.gen_options.score_share = args.score_share;
    engine.gen_options.last_good_replies = args.last_good_replies;
    engine.gen_options.urgent_dragons = args.urgent_dragons;
    engine.gen_options.fixed_playouts = args.playouts.map(|n| n as usize);
    engine.gen_options.ties = args.ties;
    engine.gen_options.without_stages = args
        .without_stage
        .iter()
        .fold(StageSet::default(), |all, &one| all.union(one));
    engine.gen_options.reuse_trees = args.reuse_trees;
    engine.gen_options.seed = args.seed;
    reading::set_thread_options(args.reading_options()?);
    let stdin = io::stdin();
    engine
        .run(BufReader::new(stdin.lock()), io::stdout().lock())
        .map_err(|e| e.to_string())
}

fn main() -> ExitCode {
    // Rust ignores SIGPIPE, so printing into a closed pipe (`tesuji analyze | head`) panicked
    // in `println!`. Like every command-line tool, end quietly instead.
    #[cfg(unix)]
    // SAFETY: setting a signal's action to the default, before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Gtp(args) => run_gtp(args),
        Command::Patterns(cmd) => patterns_cli::run(cmd),
        Command::Joseki(cmd) => joseki_cli::run(cmd),
        Command::Heatmap(args) => heatmap_cli::run(args),
        Command::Analyze(args) => analyze_cli::run(args),
        Command::DecideString(args) => decide_cli::decide_string(args),
        Command::DecideConnection(args) => decide_cli::decide_connection(args),
        Command::Match(args) => match_cli::run(args),
        Command::Play(args) => play_cli::run(args),
        Command::Regress(args) => tesuji::regress::run(&tesuji::regress::Options {
            files: args.files,
            engine: args.engine,
            jobs: usize::from(args.jobs),
            json: args.json,
            verbose: args.verbose,
        })
        .map(|_| ()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tesuji: {e}");
            ExitCode::FAILURE
        }
    }
}
