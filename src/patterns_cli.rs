//! `tesuji patterns list|show|check|match|explain|train`: the pattern author's tools.

use std::path::{Path, PathBuf};
use tesuji::engine::board::sgf::{self, EmptySetup, Until};
use tesuji::engine::board::{Color, Point, Vertex};
use tesuji::engine::play::prior::MovePredictor;
use tesuji::engine::play::prior::train::{MinSeen, Scope, accuracy, fit};
use tesuji::engine::tactics::pattern_view::PatternView;
use tesuji::patterns::{self, CompiledPatterns};
use tesuji::training::{Harvest, harvest};

#[derive(clap::Subcommand)]
pub enum PatternsCommand {
    /// List every compiled pattern: database, name, value or targets, transformations.
    List,
    /// Show one pattern (by name, or DATABASE:NAME) with its figure.
    Show { name: String },
    /// Validate .db files and print diagnostics exactly as the build does.
    Check {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Learn the move-prediction model (a `kind prior` database) from game records: Coulom's
    /// minorization-maximization over 3x3 shapes and move features. Every `--holdout`-th game
    /// (in path order) is held out and the model's top-1 / top-5 accuracy on it is printed.
    Train {
        /// SGF game records, or folders searched for `*.sgf` (recursively).
        #[arg(required = true)]
        games: Vec<PathBuf>,
        /// The database to write (e.g. patterns/prior.db).
        #[arg(short, long)]
        output: PathBuf,
        /// Only games of this board size.
        #[arg(long, default_value_t = 19)]
        size: usize,
        /// Files listing game records to leave out, one path per line relative to the list's
        /// folder, `#` comments (e.g. ../shared/regression/test-games.txt).
        #[arg(long)]
        exclude: Vec<PathBuf>,
        /// Hold out every N-th game for measuring (0: none).
        #[arg(long, default_value_t = 10)]
        holdout: usize,
        /// Rounds of MM (each updates every feature once).
        #[arg(long, default_value_t = 20)]
        iterations: usize,
        /// Shapes seen fewer times than this (as a candidate) are left out of the database.
        #[arg(long, default_value_t = 20)]
        min_seen: u64,
        /// Wide shapes (the twelve points within two steps of the move) seen fewer times than
        /// this are left out (0: none at all).
        #[arg(long, default_value_t = 0)]
        min_wide_seen: u64,
        /// Large shapes (the 24 points within three steps of the move, written as `lookup`
        /// patterns) seen fewer times than this are left out (0: none at all).
        #[arg(long, default_value_t = 0)]
        min_large_seen: u64,
        /// `prior`: the tree's move-prediction model (every legal move competes, shapes and
        /// features); `playout`: the playouts' shape weights (the last move's neighbours
        /// compete, by shape).
        #[arg(long, default_value = "prior", value_parser = ["prior", "playout"])]
        kind: String,
    },
    /// Print every pattern that matches a position, where and under which transformation.
    Match {
        /// SGF file.
        file: PathBuf,
        /// Position before this move number (default: the end of the main line).
        #[arg(long = "move", short = 'L')]
        move_number: Option<usize>,
        /// Only match for this side (default: both).
        #[arg(long)]
        color: Option<String>,
    },
    /// Why patterns did or did not match at one point: the matches, and the near misses (a
    /// figure that fails on one or two points, or whose condition is false) with the failing
    /// point or condition. Uses the interpreter (the reference), not the generated code.
    Explain {
        /// SGF file.
        file: PathBuf,
        /// The point, e.g. D4.
        vertex: String,
        /// Only for this side (default: both).
        #[arg(long)]
        color: Option<String>,
        /// Position before this move number (default: the end of the main line).
        #[arg(long = "move", short = 'L')]
        move_number: Option<usize>,
        /// Report figures that fail on at most this many points.
        #[arg(long, default_value_t = 2)]
        misses: usize,
    },
}

/// What a figure character asks, in words.
fn cell_words(c: pattern_dsl::ir::Cell) -> &'static str {
    use pattern_dsl::ir::Cell;
    match c {
        Cell::Empty | Cell::Anchor => "empty",
        Cell::Ours => "our stone",
        Cell::Theirs => "their stone",
        Cell::OursOrEmpty => "ours or empty",
        Cell::TheirsOrEmpty => "theirs or empty",
        Cell::OffBoard => "off the board",
        Cell::DontCare => "anything",
    }
}

fn code_words(code: u8) -> &'static str {
    match code {
        0 => "empty",
        1 => "our stone",
        2 => "their stone",
        _ => "off the board",
    }
}

fn explain(
    file: &std::path::Path,
    vertex: &str,
    color: Option<String>,
    move_number: Option<usize>,
    max_misses: usize,
) -> Result<(), String> {
    use pattern_dsl::interp::Verdict;
    use tesuji::patterns::Interpreted;
    let text = sgf::read_file(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let until = move_number.map_or(Until::End, Until::BeforeMove);
    let game = sgf::load_with(&text, until, 0.0, EmptySetup::IgnoreLikeGnuGo)
        .map_err(|e| format!("{}:{e}", file.display()))?;
    let board = game.board();
    let size = board.size();
    let point = match Vertex::parse_move(vertex, size).map_err(|e| format!("{vertex}: {e}"))? {
        tesuji::engine::board::Move::Play(p) => p,
        _ => return Err(format!("'{vertex}' is not a point")),
    };
    let (x, y) = point.xy();
    let (x, y) = (x as i32, y as i32);
    let colors = match color {
        Some(c) => vec![c.parse::<Color>()?],
        None => vec![Color::Black, Color::White],
    };
    println!("{}", board.to_ascii());
    let name_of = |px: i32, py: i32| {
        if px < 0 || py < 0 || px >= size as i32 || py >= size as i32 {
            format!("off-board ({px},{py})")
        } else {
            Vertex::from_point(Point::from_xy(px as usize, py as usize), size).to_string()
        }
    };
    let (mut matches, mut near) = (0, 0);
    for us in colors {
        for db_name in patterns::NAMES {
            let source = patterns::source_text(db_name).expect("listed database");
            let db = pattern_dsl::check(&format!("patterns/{db_name}.db"), source)
                .map_err(|d| d.render())?;
            for e in db.explain_at(&Interpreted(PatternView::new(board)), x, y, us, max_misses) {
                let p = &db.patterns[e.pattern];
                if p.feature.is_some() {
                    // A prior feature's weight (`*` alone, the engine measures the feature):
                    // it "matches" everywhere and says nothing about the shape.
                    continue;
                }
                let what = format!(
                    "{us:<5} {db_name}:{} ({}, patterns/{db_name}.db line {})",
                    p.name,
                    e.transform.name(),
                    p.line
                );
                match e.verdict {
                    Verdict::Match => {
                        matches += 1;
                        println!("match      {what}");
                    }
                    Verdict::Condition { index, text } => {
                        near += 1;
                        println!(
                            "near miss  {what}: figure matches, condition {} `{text}` is false",
                            index + 1
                        );
                    }
                    Verdict::Figure(misses) => {
                        near += 1;
                        let cells: Vec<String> = misses
                            .iter()
                            .map(|m| {
                                format!(
                                    "{} should be {} ('{}') but is {}",
                                    name_of(m.x, m.y),
                                    cell_words(m.expected),
                                    m.expected.to_char(),
                                    code_words(m.found)
                                )
                            })
                            .collect();
                        println!("near miss  {what}: {}", cells.join("; "));
                    }
                }
            }
        }
    }
    println!("{matches} matches, {near} near misses at {vertex}");
    Ok(())
}

pub fn run(cmd: PatternsCommand) -> Result<(), String> {
    match cmd {
        PatternsCommand::Train {
            games,
            output,
            size,
            exclude,
            holdout,
            iterations,
            min_seen,
            min_wide_seen,
            min_large_seen,
            kind,
        } => train(
            &games,
            &output,
            &TrainOptions {
                size,
                exclude,
                holdout,
                iterations,
                min_seen,
                min_wide_seen,
                min_large_seen,
                scope: if kind == "playout" {
                    Scope::LastMoveNeighbours
                } else {
                    Scope::Board
                },
            },
        ),
        PatternsCommand::Explain {
            file,
            vertex,
            color,
            move_number,
            misses,
        } => explain(&file, &vertex, color, move_number, misses),
        PatternsCommand::List => {
            let mut total = 0;
            for name in patterns::NAMES {
                let m = patterns::matcher(name).expect("listed database");
                println!(
                    "{name}: {} patterns, {} variants",
                    m.patterns.len(),
                    m.variants.len()
                );
                for p in m.patterns {
                    println!(
                        "  {:<32} line {:<4} value {:>4}  targets {:<6} transforms {}",
                        p.name,
                        p.line,
                        p.value,
                        p.targets.iter().collect::<String>(),
                        p.transforms
                    );
                }
                total += m.patterns.len();
            }
            println!("{total} patterns in {} databases", patterns::NAMES.len());
            Ok(())
        }
        PatternsCommand::Show { name } => {
            let (db_filter, pat) = match name.split_once(':') {
                Some((d, p)) => (Some(d.to_string()), p.to_string()),
                None => (None, name.clone()),
            };
            let mut found = false;
            for db in patterns::NAMES {
                if db_filter.as_deref().is_some_and(|d| d != *db) {
                    continue;
                }
                let m = patterns::matcher(db).expect("listed database");
                for p in m.patterns.iter().filter(|p| p.name == pat) {
                    found = true;
                    println!("{db}:{} (patterns/{db}.db line {})", p.name, p.line);
                    println!(
                        "kind {:?}, value {}, targets {:?}",
                        p.kind, p.value, p.targets
                    );
                    println!("{} distinct transformations", p.transforms);
                    for row in p.figure.lines() {
                        println!("    |{row}|");
                    }
                }
            }
            if found {
                Ok(())
            } else {
                Err(format!("no pattern named '{name}'"))
            }
        }
        PatternsCommand::Check { files } => {
            let mut errors = 0;
            for file in files {
                let display = file.display().to_string();
                let bytes = std::fs::read(&file).map_err(|e| format!("{display}: {e}"))?;
                let compiled = pattern_dsl::decode(&display, &bytes).and_then(|source| {
                    pattern_dsl::compile(&display, source, &pattern_dsl::Options::default())
                });
                match compiled {
                    Ok(db) => println!(
                        "{display}: ok, {} patterns, {} matcher variants",
                        db.pattern_count(),
                        db.variant_count()
                    ),
                    Err(d) => {
                        errors += d.len();
                        eprintln!("{}", d.render());
                    }
                }
            }
            if errors > 0 {
                Err(format!("{errors} error(s)"))
            } else {
                Ok(())
            }
        }
        PatternsCommand::Match {
            file,
            move_number,
            color,
        } => {
            let text = sgf::read_file(&file).map_err(|e| format!("{}: {e}", file.display()))?;
            let until = move_number.map_or(Until::End, Until::BeforeMove);
            let game = sgf::load_with(&text, until, 0.0, EmptySetup::IgnoreLikeGnuGo)
                .map_err(|e| format!("{}:{e}", file.display()))?;
            let colors = match color {
                Some(c) => vec![c.parse::<Color>()?],
                None => vec![Color::Black, Color::White],
            };
            let board = game.board();
            println!("{}", board.to_ascii());
            let view = PatternView::new(board);
            let size = board.size();
            let vertex = |x: i32, y: i32| {
                Vertex::from_point(Point::from_xy(x as usize, y as usize), size).to_string()
            };
            let mut count = 0;
            for us in colors {
                for db in patterns::NAMES {
                    let m = patterns::matcher(db).expect("listed database");
                    for y in 0..size as i32 {
                        for x in 0..size as i32 {
                            patterns::match_database(db, &view, x, y, us, &mut |mt| {
                                count += 1;
                                let p = &m.patterns[mt.pattern];
                                let targets: Vec<String> = mt
                                    .targets()
                                    .iter()
                                    .map(|&(tx, ty)| vertex(tx, ty))
                                    .collect();
                                println!(
                                    "{us:<5} {:<4} {db}:{} ({}){}{}",
                                    vertex(mt.x, mt.y),
                                    p.name,
                                    mt.transform.name(),
                                    if targets.is_empty() { "" } else { " targets " },
                                    targets.join(" ")
                                );
                            });
                        }
                    }
                }
            }
            println!("{count} matches");
            Ok(())
        }
    }
}

/// What `patterns train` fits, and on which records.
struct TrainOptions {
    size: usize,
    exclude: Vec<PathBuf>,
    holdout: usize,
    iterations: usize,
    min_seen: u64,
    min_wide_seen: u64,
    min_large_seen: u64,
    scope: Scope,
}

fn train(inputs: &[PathBuf], output: &Path, opts: &TrainOptions) -> Result<(), String> {
    let TrainOptions {
        size,
        ref exclude,
        holdout,
        iterations,
        min_seen,
        min_wide_seen,
        min_large_seen,
        scope,
    } = *opts;
    let Harvest {
        training,
        held_out,
        games,
        held_out_games,
        excluded,
        unreadable,
        files,
    } = harvest(inputs, size, exclude, holdout, scope)?;
    eprintln!(
        "{files} files: {games} games of {size}x{size} used ({} positions to train on, {} held out), {excluded} excluded, {unreadable} unreadable",
        training.positions.len(),
        held_out.positions.len()
    );
    if training.positions.is_empty() {
        return Err("no positions to train on".to_string());
    }
    let start = std::time::Instant::now();
    let fitted = fit(
        &training,
        iterations,
        MinSeen {
            shape: min_seen,
            wide: min_wide_seen,
            large: min_large_seen,
        },
    );
    let model = fitted.predictor();
    let on_training = accuracy(&model, &training);
    let command: Vec<String> = std::env::args().skip(1).collect();
    let mut provenance = vec![
        format!("Made by: tesuji {}", command.join(" ")),
        format!(
            "Trained on {} positions of {} {size}x{size} games ({} MM rounds, shapes seen {min_seen}+ times).",
            training.positions.len(),
            games - held_out_games,
            iterations
        ),
        format!(
            "Training set: top-1 {:.1} %, top-5 {:.1} %.",
            on_training.top1_percent(),
            on_training.top5_percent()
        ),
    ];
    if !held_out.positions.is_empty() {
        let test = accuracy(&model, &held_out);
        let neutral = accuracy(&MovePredictor::neutral(), &held_out);
        provenance.push(format!(
            "Held out (every {holdout}th game): {} positions, top-1 {:.1} %, top-5 {:.1} %, log-likelihood {:.3} per move (uniform: {:.3}).",
            test.positions,
            test.top1_percent(),
            test.top5_percent(),
            test.log_likelihood,
            neutral.log_likelihood
        ));
    }
    for line in &provenance {
        eprintln!("{line}");
    }
    if scope == Scope::Board && !held_out.positions.is_empty() {
        // The model this binary was built with, on the same positions: whether the new
        // database is worth building.
        if let Some(built_in) = MovePredictor::cached(&CompiledPatterns) {
            let old = accuracy(built_in, &held_out);
            eprintln!(
                "The built-in model on the same held-out positions: top-1 {:.1} %, top-5 {:.1} %, log-likelihood {:.3} per move.",
                old.top1_percent(),
                old.top5_percent(),
                old.log_likelihood
            );
        }
    }
    eprintln!(
        "fitted {} weights in {:.1?}",
        fitted.weights.len(),
        start.elapsed()
    );
    let db = match scope {
        Scope::Board => fitted.to_db(&provenance),
        Scope::LastMoveNeighbours => fitted.to_playout_db(&provenance),
    };
    std::fs::write(output, db).map_err(|e| format!("{}: {e}", output.display()))?;
    Ok(())
}
