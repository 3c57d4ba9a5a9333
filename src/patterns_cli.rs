//! `tesuji patterns list|show|check|match`: the pattern author's tools.

use std::path::PathBuf;
use tesuji::engine::board::sgf::{self, EmptySetup, Until};
use tesuji::engine::board::{Color, Point, Vertex};
use tesuji::engine::tactics::pattern_view::PatternView;
use tesuji::patterns;

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
}

pub fn run(cmd: PatternsCommand) -> Result<(), String> {
    match cmd {
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
