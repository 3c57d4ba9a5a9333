//! Pattern matching speed: a full-board scan (every point, both colours) of each compiled
//! database on mid-game 19×19 positions from ../shared/regression games, generated code
//! against the IR interpreter on the same positions; and the same for a 2,000-pattern stress
//! database (`benches/data/stress.db`, from `cargo run -p pattern-dsl --example patc --
//! --stress 2000`), compiled here by `include_patterns!`.
//!
//!     cargo bench --bench patterns

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use tesuji::engine::board::sgf::{self, EmptySetup, Until};
use tesuji::engine::board::{Board, Color};
use tesuji::engine::pattern::PatternBoard;
use tesuji::engine::tactics::pattern_view::PatternView;
use tesuji::patterns::{self, Interpreted};

mod stress {
    pattern_macros::include_patterns!("benches/data/stress.db");
}

/// Mid-game positions (before move 120) of the regression games; random ones if absent.
fn positions() -> Vec<Board> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/regression/games/");
    let files = ["FSF-neurogo.sgf", "TSa.sgf", "dniwog.sgf", "ego.sgf"];
    let mut boards: Vec<Board> = files
        .iter()
        .filter_map(|f| sgf::read_file(format!("{dir}{f}")).ok())
        .filter_map(|t| sgf::load_with(&t, Until::BeforeMove(120), 0.0, EmptySetup::Apply).ok())
        .filter(|g| g.size() == 19)
        .map(|g| g.board().clone())
        .collect();
    if boards.is_empty() {
        eprintln!("../shared/regression/games not found: using random positions");
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..4 {
            let mut b = Board::new(19).unwrap();
            let mut color = Color::Black;
            for _ in 0..150 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let e = b.empty_points();
                let p = e[(state % e.len() as u64) as usize];
                if b.try_play(p, color) {
                    color = color.opponent();
                }
            }
            boards.push(b);
        }
    }
    boards
}

fn scan_generated(name: &str, board: &Board) -> usize {
    let view = PatternView::new(board);
    let mut n = 0;
    for us in [Color::Black, Color::White] {
        for y in 0..view.size() {
            for x in 0..view.size() {
                patterns::match_database(name, &view, x, y, us, &mut |_| n += 1);
            }
        }
    }
    n
}

/// Full-board scans for both colours through the IR interpreter; returns the match count.
fn scan_interpreted(db: &pattern_dsl::Database, boards: &[Board]) -> usize {
    boards
        .iter()
        .map(|bd| {
            let v = Interpreted(PatternView::new(black_box(bd)));
            db.scan(&v, Color::Black).len() + db.scan(&v, Color::White).len()
        })
        .sum()
}

fn bench_databases(c: &mut Criterion) {
    let boards = positions();
    let mut group = c.benchmark_group("full_board_scan");
    for name in patterns::NAMES {
        let path = format!("{}/patterns/{name}.db", env!("CARGO_MANIFEST_DIR"));
        let source = std::fs::read_to_string(&path).unwrap();
        let db = pattern_dsl::check(name, &source).unwrap();
        group.bench_function(BenchmarkId::new("generated", name), |b| {
            b.iter(|| {
                boards
                    .iter()
                    .map(|bd| scan_generated(name, black_box(bd)))
                    .sum::<usize>()
            })
        });
        group.bench_function(BenchmarkId::new("interpreter", name), |b| {
            b.iter(|| scan_interpreted(&db, &boards))
        });
    }
    let source = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/data/stress.db"
    ))
    .unwrap();
    let db = pattern_dsl::check("stress", &source).unwrap();
    group.bench_function(BenchmarkId::new("generated", "stress2000"), |b| {
        b.iter(|| {
            let mut n = 0;
            for bd in &boards {
                let view = PatternView::new(black_box(bd));
                for us in [Color::Black, Color::White] {
                    stress::scan(&view, us, &mut |_| n += 1);
                }
            }
            n
        })
    });
    group.sample_size(10);
    group.bench_function(BenchmarkId::new("interpreter", "stress2000"), |b| {
        b.iter(|| scan_interpreted(&db, &boards))
    });
    group.finish();
}

/// What the move generator pays for the joseki stage: `joseki_moves` over the whole board, on
/// an empty board (four empty corners) and after a 4-4 stone and its approach.
fn bench_joseki_moves(c: &mut Criterion) {
    use tesuji::engine::board::{Move, Vertex};
    use tesuji::engine::play::joseki::joseki_moves;
    use tesuji::patterns::CompiledPatterns;
    let empty = Board::new(19).unwrap();
    let mut approached = Board::new(19).unwrap();
    for (color, v) in [(Color::Black, "Q16"), (Color::White, "O17")] {
        let mv: Move = Vertex::parse_move(v, 19).unwrap();
        approached.play(mv, color).unwrap();
    }
    let mut group = c.benchmark_group("joseki_moves");
    for (name, board) in [("empty", &empty), ("approach", &approached)] {
        group.bench_function(name, |b| {
            b.iter(|| joseki_moves(black_box(board), Color::Black, &CompiledPatterns).len())
        });
    }
    group.finish();
}

criterion_group!(benches, bench_databases, bench_joseki_moves);
criterion_main!(benches);
