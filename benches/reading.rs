//! Tactical reading speed: reading nodes per second over the `attack` / `defend` questions of
//! GNU Go's reading.tst (from `../shared/regression`, next to the repository), with the
//! transposition table on (cleared between positions, as in play) and off.
//!
//! Run with `cargo bench --bench reading`; criterion prints nodes/s as "thrpt". Without the
//! shared folder a small built-in set of ladder and net positions is read instead.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::Path;
use tesuji_engine::board::sgf::{self, EmptySetup, Until};
use tesuji_engine::board::{Board, Color, Move, Point, Vertex};
use tesuji_engine::tactics::reading::{Reader, ReadingOptions};

/// One question: the position (moves already played on it), the string, attack or defend,
/// and the `trymove` depth of the root.
struct Question {
    board: Board,
    string: Point,
    attack: bool,
    base_depth: u32,
}

fn load_reading_tst() -> Vec<Question> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/regression");
    let Ok(tst) = std::fs::read_to_string(dir.join("reading.tst")) else {
        return builtin();
    };
    let mut out = Vec::new();
    let mut game = None;
    let mut tries = 0;
    for line in tst.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        let words: Vec<&str> = line.split_whitespace().collect();
        let words = match words.first() {
            Some(w) if w.bytes().all(|c| c.is_ascii_digit()) => &words[1..],
            _ => &words[..],
        };
        match words {
            ["loadsgf", file, rest @ ..] => {
                let Ok(text) = sgf::read_file(dir.join(file)) else {
                    game = None;
                    continue;
                };
                let until = match rest.first().and_then(|n| n.parse().ok()) {
                    Some(n) => Until::BeforeMove(n),
                    None => Until::End,
                };
                game = sgf::load_with(&text, until, 0.0, EmptySetup::IgnoreLikeGnuGo).ok();
                tries = 0;
            }
            ["trymove", color, v] => {
                if let Some(g) = game.as_mut() {
                    let mv = Vertex::parse_move(v, g.size()).expect("vertex");
                    let color: Color = color.parse().expect("colour");
                    g.play(mv, color).expect("legal trymove");
                    tries += 1;
                }
            }
            ["popgo"] => {
                if let Some(g) = game.as_mut() {
                    g.undo();
                    tries -= 1;
                }
            }
            [cmd @ ("attack" | "defend"), v] => {
                if let Some(g) = game.as_ref() {
                    if let Ok(Move::Play(p)) = Vertex::parse_move(v, g.size()) {
                        out.push(Question {
                            board: g.board().clone(),
                            string: p,
                            attack: *cmd == "attack",
                            base_depth: tries,
                        });
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// Ladders and a net on a 9x9 board, when reading.tst is not available.
fn builtin() -> Vec<Question> {
    let positions: [(&[&str], &str); 2] = [
        (
            &[
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . O . . . . .",
                ". . O X . . . . .",
                ". . O . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
            ],
            "D4",
        ),
        (
            &[
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . O . O O . . .",
                ". . . . X . . . .",
                ". . . . . . . . .",
                ". . . . . O . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
            ],
            "E5",
        ),
    ];
    let mut out = Vec::new();
    for (rows, v) in positions {
        let mut b = Board::new(rows.len()).expect("size");
        for (y, row) in rows.iter().enumerate() {
            for (x, ch) in row.split_whitespace().enumerate() {
                let c = match ch {
                    "X" => Color::Black,
                    "O" => Color::White,
                    _ => continue,
                };
                b.add_stone(Point::from_xy(x, y), c).expect("setup");
            }
        }
        b.clear_history();
        let Ok(Move::Play(p)) = Vertex::parse_move(v, b.size()) else {
            unreachable!()
        };
        for attack in [true, false] {
            out.push(Question {
                board: b.clone(),
                string: p,
                attack,
                base_depth: 0,
            });
        }
    }
    out
}

/// Reads every question once with a fresh reader; returns the nodes searched.
fn read_all(questions: &mut [Question], use_hash: bool) -> u64 {
    let mut r = Reader::new(ReadingOptions {
        use_hash,
        hash_mb: 16,
        use_patterns: false,
        // Search speed: every question searched (the persistent cache would answer some).
        persistent_cache: false,
        ..ReadingOptions::default()
    });
    for q in questions.iter_mut() {
        r.set_base_depth(q.base_depth);
        let res = if q.attack {
            r.attack(&mut q.board, q.string)
        } else {
            r.find_defense(&mut q.board, q.string)
        };
        black_box(res);
    }
    r.nodes()
}

fn bench_reading(c: &mut Criterion) {
    let mut questions = load_reading_tst();
    let mut group = c.benchmark_group("reading");
    group.sample_size(10);
    for use_hash in [true, false] {
        let nodes = read_all(&mut questions, use_hash);
        group.throughput(Throughput::Elements(nodes));
        let name = format!(
            "{} questions, table {}",
            questions.len(),
            if use_hash { "on" } else { "off" }
        );
        group.bench_function(name, |bench| {
            bench.iter(|| read_all(&mut questions, use_hash))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_reading);
criterion_main!(benches);
