//! Pattern matching speed: one full-board scan (one position, one colour) of compiled
//! databases on a mid-game 19×19 position from ../shared/regression games, the generated
//! decision trees (`matcher/scan/*`) against the old table matcher kept in
//! `benches/table_matcher.rs` (`matcher/table/*`), and the incremental index
//! (`matcher/incremental/*`); with a 2,000-pattern stress
//! database (`benches/data/stress.db`, from `cargo run -p pattern-dsl --example patc --
//! --stress 2000`), compiled here by `include_patterns!`.
//!
//!     cargo bench --bench patterns

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use tesuji::engine::board::sgf::{self, EmptySetup, Until};
use tesuji::engine::board::{Board, Color};
use tesuji::engine::pattern::{Match, PatternBoard};
use tesuji::engine::tactics::pattern_view::PatternView;
use tesuji::patterns;

#[path = "support/table_matcher.rs"]
mod table_matcher;
use table_matcher::TableMatcher;

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

/// The board as a figure matcher sees it, with constant predicates: conditions that would call
/// the reader cost nothing, so the scans below measure figure matching and are comparable
/// across databases and with the table matcher (which skips conditions).
struct Figures<'a>(PatternView<'a>);

impl PatternBoard for Figures<'_> {
    fn size(&self) -> i32 {
        self.0.size()
    }
    fn cells(&self) -> Option<&[u8]> {
        self.0.cells()
    }
    fn code(&self, x: i32, y: i32, us: Color) -> u8 {
        self.0.code(x, y, us)
    }
    fn lib(&self, _: i32, _: i32) -> i32 {
        2
    }
    fn stones(&self, _: i32, _: i32) -> i32 {
        1
    }
    fn libs_after(&self, _: i32, _: i32, _: Color) -> i32 {
        3
    }
    fn self_atari(&self, _: i32, _: i32, _: Color) -> bool {
        false
    }
    fn ko(&self, _: i32, _: i32) -> bool {
        false
    }
    fn edge_dist(&self, _: i32, _: i32) -> i32 {
        3
    }
    fn attack(&self, _: i32, _: i32) -> i32 {
        0
    }
    fn defend(&self, _: i32, _: i32) -> i32 {
        0
    }
    fn connected(&self, _: i32, _: i32, _: i32, _: i32) -> bool {
        false
    }
}

fn db(path: &str) -> pattern_dsl::Database {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    pattern_dsl::check(path, &std::fs::read_to_string(&full).unwrap()).unwrap()
}

/// `matcher/scan/*`: one full scan of a mid-game 19x19 position for Black by the generated
/// decision tree; `matcher/table/*`: the same scan by the old table matcher (benches only).
fn bench_matcher(c: &mut Criterion) {
    let boards = positions();
    let board = &boards[0];
    let view = Figures(PatternView::new(board));
    let mut group = c.benchmark_group("matcher");
    type Scan = fn(&Figures, Color, &mut dyn FnMut(Match));
    let scans: [(&str, Scan); 5] = [
        ("efficiency", |b, us, f| {
            patterns::efficiency::scan(b, us, &mut |m| f(m))
        }),
        ("attack", |b, us, f| {
            patterns::attack::scan(b, us, &mut |m| f(m))
        }),
        ("joseki", |b, us, f| {
            patterns::joseki::scan(b, us, &mut |m| f(m))
        }),
        ("stress2000", |b, us, f| stress::scan(b, us, &mut |m| f(m))),
        ("empty", |b, us, f| {
            patterns::owl_defense::scan(b, us, &mut |m| f(m))
        }),
    ];
    assert!(
        patterns::owl_defense::PATTERNS.is_empty(),
        "owl_defense.db stands for an empty database"
    );
    for (name, scan) in scans {
        group.bench_function(format!("scan/{name}"), |b| {
            b.iter(|| {
                let mut n = 0usize;
                scan(black_box(&view), Color::Black, &mut |_| n += 1);
                n
            })
        });
    }
    for (name, path) in [
        ("efficiency", "patterns/efficiency.db"),
        ("stress2000", "benches/data/stress.db"),
    ] {
        let table = TableMatcher::new(&db(path));
        group.bench_function(format!("table/{name}"), |b| {
            b.iter(|| {
                let mut n = 0usize;
                table.scan(black_box(&view), Color::Black, &mut |_| n += 1);
                n
            })
        });
    }
    group.finish();
}

/// Every generated match is a table match (the table skips conditions, so it finds more): a
/// sanity check run before measuring.
fn check_table_agrees() {
    let boards = positions();
    let view = Figures(PatternView::new(&boards[0]));
    let table = TableMatcher::new(&db("benches/data/stress.db"));
    let (mut a, mut b) = (Vec::new(), Vec::new());
    stress::scan(&view, Color::Black, &mut |m| a.push(m.pattern as u32));
    table.scan(&view, Color::Black, &mut |p| b.push(p));
    b.sort_unstable();
    for p in a {
        let i = b
            .binary_search(&p)
            .expect("a generated match the table does not see");
        b.remove(i);
    }
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

/// `matcher/incremental/*`: keeping a [`MatchIndex`] up to date along a random 19x19 game:
/// the time of one `update` after a move plus one after its undo (the board's own play and
/// undo are not timed; see `cargo bench --bench board`). Along the game every move is played,
/// its index update timed, undone, timed, then played again to go on; at the end of the game
/// the board starts over.
fn bench_incremental(c: &mut Criterion) {
    use std::time::{Duration, Instant};
    use tesuji::engine::board::Move;
    use tesuji::engine::pattern::{Figures, MatchIndex};
    // A random game, replayed identically every time.
    let mut moves = Vec::new();
    let mut b = Board::new(19).unwrap();
    let mut color = Color::Black;
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    while moves.len() < 250 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let e = b.empty_points();
        let p = e[(state % e.len() as u64) as usize];
        if b.try_play(p, color) {
            moves.push((Move::Play(p), color));
            color = color.opponent();
        }
    }
    let mut group = c.benchmark_group("matcher");
    let dbs: [(&str, &'static Figures); 2] = [
        ("efficiency", &patterns::efficiency::FIGURES),
        ("stress2000", &stress::FIGURES),
    ];
    for (name, figures) in dbs {
        group.bench_function(format!("incremental/{name}"), |bench| {
            bench.iter_custom(|iters| {
                let mut board = Board::new(19).unwrap();
                let mut index = MatchIndex::new(figures, &PatternView::new(&board), Color::Black);
                let mut i = 0;
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    if i == moves.len() {
                        board = Board::new(19).unwrap();
                        index.rescan(&PatternView::new(&board));
                        i = 0;
                    }
                    let (mv, color) = moves[i];
                    board.play(mv, color).unwrap();
                    let t = Instant::now();
                    index.update(black_box(&PatternView::new(&board)));
                    total += t.elapsed();
                    board.undo();
                    let t = Instant::now();
                    index.update(black_box(&PatternView::new(&board)));
                    total += t.elapsed();
                    board.play(mv, color).unwrap();
                    index.update(&PatternView::new(&board));
                    i += 1;
                }
                total
            })
        });
    }
    group.finish();
}

fn bench_all(c: &mut Criterion) {
    check_table_agrees();
    bench_matcher(c);
    bench_incremental(c);
}

criterion_group!(benches, bench_all, bench_joseki_moves);
criterion_main!(benches);
