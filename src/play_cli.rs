//! `tesuji play`: a game in the terminal against the engine, or the engine against itself.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use tesuji::engine::board::sgf;
use tesuji::engine::board::{Color, Move, Vertex};
use tesuji::engine::gtp::GtpEngine;
use tesuji::patterns::CompiledPatterns;

#[derive(clap::Args)]
pub struct PlayArgs {
    /// Board size.
    #[arg(long, default_value_t = 9)]
    pub size: usize,
    /// Komi.
    #[arg(long, default_value_t = 7.0, allow_negative_numbers = true)]
    pub komi: f32,
    /// Your colour (black moves first).
    #[arg(long, default_value = "black")]
    pub color: String,
    /// Watch the engine play itself instead.
    #[arg(long = "self")]
    pub self_play: bool,
    /// Engine level 1..=10.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u8).range(1..=10))]
    pub level: u8,
    /// Where the game is saved as SGF at the end (default: selfplay.sgf with --self, none
    /// otherwise).
    #[arg(long, value_name = "FILE")]
    pub sgf: Option<PathBuf>,
}

/// One GTP exchange with the in-process engine; the answer text or its error.
fn ask(engine: &mut GtpEngine, command: &str) -> Result<String, String> {
    let response = engine.handle_line(command).unwrap_or_default();
    let body = response.get(1..).unwrap_or("").trim().to_string();
    if response.starts_with('=') {
        Ok(body)
    } else {
        Err(body)
    }
}

pub fn run(args: PlayArgs) -> Result<(), String> {
    let human: Option<Color> = if args.self_play {
        None
    } else {
        Some(args.color.parse()?)
    };
    let mut engine = GtpEngine::new(args.size, args.komi)?.with_patterns(&CompiledPatterns);
    engine.gen_options.level = args.level;
    let stdin = io::stdin();
    let mut input = stdin.lock().lines();
    let mut color = Color::Black;
    let mut passes = 0;
    let cap = 3 * args.size * args.size;
    let mut moves = 0;
    let mut resigned: Option<Color> = None;
    println!("{}", engine.showboard());
    while passes < 2 && moves < cap {
        let mv_text = if Some(color) == human {
            print!(
                "{} to play (vertex, pass, resign, undo, quit): ",
                color.name()
            );
            io::stdout().flush().map_err(|e| e.to_string())?;
            let Some(line) = input.next() else {
                return Ok(());
            };
            let line = line.map_err(|e| e.to_string())?;
            let word = line.trim().to_ascii_lowercase();
            match word.as_str() {
                "quit" | "q" => return Ok(()),
                "resign" => {
                    resigned = Some(color);
                    break;
                }
                "undo" => {
                    // Take back the engine's reply and the player's move.
                    let _ = ask(&mut engine, "undo");
                    let _ = ask(&mut engine, "undo");
                    println!("{}", engine.showboard());
                    continue;
                }
                _ => {}
            }
            match Vertex::parse_move(&word, args.size) {
                Ok(_) => match ask(&mut engine, &format!("play {} {word}", color.name())) {
                    Ok(_) => word,
                    Err(e) => {
                        println!("{e}");
                        continue;
                    }
                },
                Err(e) => {
                    println!("{e}");
                    continue;
                }
            }
        } else {
            let answer = ask(&mut engine, &format!("genmove {}", color.name()))?;
            println!("tesuji ({}) plays {answer}", color.name());
            if answer.eq_ignore_ascii_case("resign") {
                resigned = Some(color);
                break;
            }
            answer
        };
        moves += 1;
        passes = if Vertex::parse_move(&mv_text, args.size) == Ok(Move::Pass) {
            passes + 1
        } else {
            0
        };
        println!("{}", engine.showboard());
        color = color.opponent();
    }
    match resigned {
        Some(c) => println!("{} resigns: {} wins", c.name(), c.opponent().name()),
        None => println!(
            "game over: area count {} (dead stones not removed); estimate {}",
            engine.game.final_score(),
            ask(&mut engine, "tesuji-estimate_score")?
        ),
    }
    let out = args
        .sgf
        .clone()
        .or_else(|| args.self_play.then(|| PathBuf::from("selfplay.sgf")));
    if let Some(path) = out {
        std::fs::write(&path, sgf::write(&engine.game))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        println!("saved {}", path.display());
    }
    Ok(())
}
