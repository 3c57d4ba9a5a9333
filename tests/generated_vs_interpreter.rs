//! The generated matchers of every `patterns/*.db` agree with `pattern-dsl`'s IR interpreter,
//! match for match (pattern, transformation, anchor, targets), on random positions, for both
//! colours and every symmetry the databases use.

use pattern_dsl::{InterpBoard, InterpMatch};
use proptest::prelude::*;
use tesuji::engine::board::{Board, Color, Point};
use tesuji::engine::matching::PatternView;
use tesuji::engine::pattern::PatternBoard;
use tesuji::patterns;

/// The interpreter's view of the same board, delegating to the engine's `PatternBoard`.
struct Interp<'a>(PatternView<'a>);

impl InterpBoard for Interp<'_> {
    type Side = Color;
    fn size(&self) -> i32 {
        self.0.size()
    }
    fn code(&self, x: i32, y: i32, us: Color) -> u8 {
        self.0.code(x, y, us)
    }
    fn lib(&self, x: i32, y: i32) -> i32 {
        self.0.lib(x, y)
    }
    fn stones(&self, x: i32, y: i32) -> i32 {
        self.0.stones(x, y)
    }
    fn libs_after(&self, x: i32, y: i32, us: Color) -> i32 {
        self.0.libs_after(x, y, us)
    }
    fn self_atari(&self, x: i32, y: i32, us: Color) -> bool {
        self.0.self_atari(x, y, us)
    }
    fn ko(&self, x: i32, y: i32) -> bool {
        self.0.ko(x, y)
    }
    fn edge_dist(&self, x: i32, y: i32) -> i32 {
        self.0.edge_dist(x, y)
    }
    fn attack(&self, x: i32, y: i32) -> i32 {
        self.0.attack(x, y)
    }
    fn defend(&self, x: i32, y: i32) -> i32 {
        self.0.defend(x, y)
    }
    fn connected(&self, x1: i32, y1: i32, x2: i32, y2: i32) -> bool {
        self.0.connected(x1, y1, x2, y2)
    }
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
            let theirs = db.scan(&Interp(PatternView::new(&board)), us);
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
        size in 5usize..=19,
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
