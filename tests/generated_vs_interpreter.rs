//! The generated matchers of every `patterns/*.db` agree with `pattern-dsl`'s IR interpreter,
//! match for match (pattern, transformation, anchor, targets), on random positions, for both
//! colours and every symmetry the databases use.

use pattern_dsl::InterpMatch;
use proptest::prelude::*;
use tesuji::engine::board::{Board, Color, Point};
use tesuji::engine::pattern::PatternBoard;
use tesuji::engine::tactics::pattern_view::PatternView;
use tesuji::patterns::{self, Interpreted};

mod stress {
    pattern_macros::include_patterns!("benches/data/stress.db");
}

fn databases() -> Vec<(&'static str, pattern_dsl::Database)> {
    patterns::NAMES
        .iter()
        .map(|name| {
            let path = format!("{}/patterns/{name}.db", env!("CARGO_MANIFEST_DIR"));
            let source = std::fs::read_to_string(&path).unwrap();
            let db = pattern_dsl::check(&format!("patterns/{name}.db"), &source)
                .unwrap_or_else(|d| panic!("{}", d.render()));
            (*name, db)
        })
        .collect()
}

/// A position from random legal moves (captures and all), so strings have real liberties.
fn random_board(size: usize, moves: usize, seed: u64) -> Board {
    let mut b = Board::new(size).unwrap();
    let mut state = seed | 1;
    let mut color = Color::Black;
    for _ in 0..moves {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let empties = b.empty_points();
        let p: Point = empties[(state % empties.len() as u64) as usize];
        if b.try_play(p, color) {
            color = color.opponent();
        }
    }
    b
}

fn generated(name: &str, view: &PatternView, us: Color) -> Vec<InterpMatch> {
    let mut out = Vec::new();
    let n = view.size();
    for y in 0..n {
        for x in 0..n {
            patterns::match_database(name, view, x, y, us, &mut |m| {
                out.push(InterpMatch {
                    pattern: m.pattern,
                    transform: pattern_dsl::Transform::from_index(m.transform.index())
                        .expect("same numbering"),
                    x: m.x,
                    y: m.y,
                    targets: m.targets().to_vec(),
                });
            });
        }
    }
    out
}

fn agree(size: usize, moves: usize, seed: u64) -> Result<usize, String> {
    let board = random_board(size, moves, seed);
    let mut total = 0;
    for (name, db) in databases() {
        for us in [Color::Black, Color::White] {
            let ours = generated(name, &PatternView::new(&board), us);
            let theirs = db.scan(&Interpreted(PatternView::new(&board)), us);
            if ours != theirs {
                return Err(format!(
                    "{name} for {us} differs on\n{}\ngenerated {ours:?}\ninterpreter {theirs:?}",
                    board.to_ascii()
                ));
            }
            total += ours.len();
        }
    }
    Ok(total)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    #[test]
    fn generated_matchers_agree_with_the_interpreter(
        size in 2usize..=25,
        fill in 0usize..=100,
        seed in any::<u64>(),
    ) {
        let moves = size * size * fill / 100;
        prop_assert!(agree(size, moves, seed).is_ok(), "{}", agree(size, moves, seed).unwrap_err());
    }
}

#[test]
fn agreement_covers_real_matches() {
    // The comparison means something only if patterns do match: count them on a few dense
    // positions.
    let total: usize = (0..6).map(|s| agree(19, 150, s).unwrap()).sum();
    assert!(total > 100, "only {total} matches on six positions");
}

/// The 2,000-pattern stress database (16,000 variants, every cell kind, radius 3) through
/// `include_patterns!`: the generated decision tree agrees with the interpreter, on every
/// board size's edges included.
#[test]
fn stress_database_agrees_with_the_interpreter() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/data/stress.db");
    let db = pattern_dsl::check("stress.db", &std::fs::read_to_string(path).unwrap()).unwrap();
    let mut total = 0;
    for (i, size) in [19usize, 25, 9, 13, 7, 19, 19, 2, 5]
        .into_iter()
        .enumerate()
    {
        let board = random_board(size, size * size * (20 + 10 * i) / 100, i as u64 + 7);
        for us in [Color::Black, Color::White] {
            let view = PatternView::new(&board);
            let mut ours = Vec::new();
            stress::scan(&view, us, &mut |m| {
                ours.push(InterpMatch {
                    pattern: m.pattern,
                    transform: pattern_dsl::Transform::from_index(m.transform.index())
                        .expect("same numbering"),
                    x: m.x,
                    y: m.y,
                    targets: m.targets().to_vec(),
                })
            });
            let theirs = db.scan(&Interpreted(PatternView::new(&board)), us);
            assert_eq!(
                ours,
                theirs,
                "stress for {us} differs on\n{}",
                board.to_ascii()
            );
            total += ours.len();
        }
    }
    assert!(total > 100, "only {total} stress matches");
}
