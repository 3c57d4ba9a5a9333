//! The incremental match index (`MatchIndex`) equals a full rescan after every move and every
//! undo of random games (captures included), for every database and both colours; and what
//! it reports (conditions run) equals the generated `scan`, which equals the interpreter.

use pattern_dsl::InterpMatch;
use proptest::prelude::*;
use tesuji::engine::board::{Board, Color};
use tesuji::engine::pattern::{
    EMPTY, Figures, Hits, MAX_SIZE, Match, MatchIndex, OFF_BOARD, PatternBoard, fill_wide,
};
use tesuji::engine::tactics::pattern_view::PatternView;
use tesuji::patterns::{self, Interpreted};

mod stress {
    pattern_macros::include_patterns!("benches/data/stress.db");
}

fn all_figures() -> Vec<(&'static str, &'static Figures)> {
    let mut v: Vec<(&'static str, &'static Figures)> = patterns::NAMES
        .iter()
        .map(|n| (*n, patterns::figures(n).expect("listed database")))
        .collect();
    v.push(("stress", &stress::FIGURES));
    v
}

fn hits(index: &MatchIndex) -> Vec<(i32, i32, Vec<u32>)> {
    let mut all = Vec::new();
    index.for_each_hit(|x, y, h| all.push((x, y, h.to_vec())));
    all
}

/// The figure matches of `board` by the database's whole tree at every anchor, on the
/// bordered copy `scan` uses: what an index must hold, whatever parts it re-matched.
fn reference(f: &Figures, board: &PatternView, us: Color) -> Vec<(i32, i32, Vec<u32>)> {
    let (n, r) = (board.size(), f.radius);
    let wide = MAX_SIZE + 2 * r;
    let mut buf = vec![OFF_BOARD; (wide * wide) as usize];
    fill_wide(board, us, r, wide, &mut buf);
    let mut hits = Hits::new();
    let mut all = Vec::new();
    for y in 0..n {
        for x in 0..n {
            let base = (y + r) * wide + x + r;
            if buf[base as usize] != EMPTY {
                continue;
            }
            (f.wide)(&buf, base, &mut hits);
            if !hits.is_empty() {
                all.push((x, y, hits.sorted().to_vec()));
                hits.clear();
            }
        }
    }
    all
}

fn key(m: Match) -> InterpMatch {
    InterpMatch {
        pattern: m.pattern,
        transform: pattern_dsl::Transform::from_index(m.transform.index()).expect("same numbering"),
        x: m.x,
        y: m.y,
        targets: m.targets().to_vec(),
    }
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Plays a random game of `steps` steps on a `size` board (a step undoes the last move one
/// time in four), checking every index against a rescan after each step.
fn game(size: usize, steps: usize, seed: u64) -> Result<usize, String> {
    let mut board = Board::new(size).unwrap();
    let mut rng = Rng(seed | 1);
    let figures = all_figures();
    let mut indexes: Vec<(&str, &'static Figures, MatchIndex)> = Vec::new();
    for &(name, f) in &figures {
        for us in [Color::Black, Color::White] {
            indexes.push((name, f, MatchIndex::new(f, &PatternView::new(&board), us)));
        }
    }
    let mut color = Color::Black;
    let mut played = 0;
    let mut captures = 0;
    for step in 0..steps {
        if played > 0 && rng.next() % 4 == 0 {
            assert!(board.undo());
            played -= 1;
        } else {
            let empties = board.empty_points().to_vec();
            let before = board.empty_points().len();
            let mut ok = false;
            for _ in 0..8 {
                let p = empties[(rng.next() % empties.len() as u64) as usize];
                if board.try_play(p, color) {
                    ok = true;
                    break;
                }
            }
            if !ok {
                continue;
            }
            if board.empty_points().len() >= before {
                captures += 1;
            }
            played += 1;
            color = color.opponent();
        }
        let view = PatternView::new(&board);
        for (name, f, index) in &mut indexes {
            index.update(&view);
            let fresh = MatchIndex::new(f, &view, index.us());
            if hits(index) != hits(&fresh) || hits(index) != reference(f, &view, index.us()) {
                return Err(format!(
                    "{name} for {:?} differs from a rescan after step {step} on\n{}",
                    index.us(),
                    board.to_ascii()
                ));
            }
        }
    }
    Ok(captures)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]
    #[test]
    fn index_equals_a_rescan_after_every_move_and_undo(
        size in prop::sample::select(vec![5usize, 9, 13, 19]),
        seed in any::<u64>(),
    ) {
        let steps = size * size * 3 / 2;
        game(size, steps, seed).map_err(TestCaseError::fail)?;
    }
}

/// The games above do capture stones (so captures are covered), and a long 19x19 game too.
#[test]
fn long_game_with_captures() {
    let captures = game(19, 1500, 42).unwrap();
    assert!(captures > 5, "only {captures} captures");
}

/// What an index reports, conditions run, is what `scan` reports, which is what the
/// interpreter finds (for the real databases, with the real predicates), in the same order;
/// and `match_at` at every point agrees with `scan` for the stress database (the scan runs on
/// the bordered copy, `match_at` on the board's own cells).
#[test]
fn index_matches_equal_scan_and_interpreter() {
    let mut rng = Rng(7);
    for size in [19usize, 9, 13] {
        let mut board = Board::new(size).unwrap();
        let mut color = Color::Black;
        for _ in 0..size * size / 2 {
            let e = board.empty_points().to_vec();
            if board.try_play(e[(rng.next() % e.len() as u64) as usize], color) {
                color = color.opponent();
            }
        }
        let view = PatternView::new(&board);
        for name in patterns::NAMES {
            let path = format!("{}/patterns/{name}.db", env!("CARGO_MANIFEST_DIR"));
            let db = pattern_dsl::check(name, &std::fs::read_to_string(path).unwrap()).unwrap();
            for us in [Color::Black, Color::White] {
                let index = MatchIndex::new(patterns::figures(name).unwrap(), &view, us);
                let (mut a, mut b) = (Vec::new(), Vec::new());
                patterns::index_database(name, &view, &index, &mut |m| a.push(key(m)));
                patterns::scan_database(name, &view, us, &mut |m| b.push(key(m)));
                assert_eq!(a, b, "{name} {us:?}: index against scan");
                let c = db.scan(&Interpreted(PatternView::new(&board)), us);
                assert_eq!(b, c, "{name} {us:?}: scan against the interpreter");
            }
        }
        for us in [Color::Black, Color::White] {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            stress::scan(&view, us, &mut |m| a.push(key(m)));
            for y in 0..size as i32 {
                for x in 0..size as i32 {
                    stress::match_at(&view, x, y, us, &mut |m| b.push(key(m)));
                }
            }
            assert_eq!(a, b, "stress {us:?}: scan against match_at");
        }
    }
}

/// An undo costs no re-matching: the journal puts back the hits the move's update replaced,
/// also for several undos in a row and after captures; what it puts back is a rescan's.
#[test]
fn undo_restores_the_hits_without_rematching() {
    let f = patterns::figures("efficiency").expect("listed database");
    let mut rng = Rng(11);
    let mut board = Board::new(19).unwrap();
    let mut index = MatchIndex::new(f, &PatternView::new(&board), Color::Black);
    let mut color = Color::Black;
    let mut undone = 0;
    for step in 0..400 {
        let e = board.empty_points().to_vec();
        if !board.try_play(e[(rng.next() % e.len() as u64) as usize], color) {
            continue;
        }
        color = color.opponent();
        index.update(&PatternView::new(&board));
        assert!(index.rematched() > 0);
        if step % 5 == 0 {
            // Take back the last one or two moves.
            for _ in 0..1 + step % 2 {
                assert!(board.undo());
                color = color.opponent();
                index.update(&PatternView::new(&board));
                assert_eq!(index.rematched(), 0, "undo at step {step} re-matched");
                undone += 1;
            }
            let fresh = MatchIndex::new(f, &PatternView::new(&board), Color::Black);
            assert_eq!(hits(&index), hits(&fresh), "after the undo at step {step}");
        }
    }
    assert!(undone > 50, "{undone}");
}
