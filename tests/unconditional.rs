//! Unconditional life (`tesuji::engine::eval::unconditional`) and the GTP command `unconditional_status`:
//! hand-made positions whose expected statuses were checked against GNU Go 3.8, and the whole
//! of GNU Go's `unconditional.tst` (673 tests, all of which GNU Go passes) run in-process.

use std::path::Path;
use tesuji::engine::board::{Board, Color, Point};
use tesuji::engine::eval::unconditional::{
    UnconditionalStatus, unconditional_life, unconditional_status,
};
use tesuji::engine::gtp::GtpEngine;
use tesuji::regress::{Class, EngineSpec, run_file};

const SHARED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/regression");

/// A board from rows drawn top first: `X` black, `O` white, `.` empty (spaces ignored).
fn diagram(rows: &[&str]) -> Board {
    let mut b = Board::new(rows.len()).unwrap();
    for (y, row) in rows.iter().enumerate() {
        let cells: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
        assert_eq!(cells.len(), rows.len(), "row {y} of a square diagram");
        for (x, ch) in cells.into_iter().enumerate() {
            let p = Point::from_xy(x, y);
            match ch {
                'X' => b.add_stone(p, Color::Black).unwrap(),
                'O' => b.add_stone(p, Color::White).unwrap(),
                '.' => {}
                other => panic!("bad diagram cell {other}"),
            }
        }
    }
    b.clear_history();
    b
}

/// The statuses of a board as rows of letters: `A` alive, `D` dead, `b` black territory,
/// `w` white territory, `.` undecided.
fn status_rows(b: &Board) -> Vec<String> {
    let map = unconditional_status(b);
    (0..b.size())
        .map(|y| {
            (0..b.size())
                .map(|x| match map.get(Point::from_xy(x, y)) {
                    UnconditionalStatus::Alive => 'A',
                    UnconditionalStatus::Dead => 'D',
                    UnconditionalStatus::BlackTerritory => 'b',
                    UnconditionalStatus::WhiteTerritory => 'w',
                    UnconditionalStatus::Undecided => '.',
                })
                .collect()
        })
        .collect()
}

#[track_caller]
fn check(position: &[&str], expected: &[&str]) {
    let b = diagram(position);
    let got = status_rows(&b);
    let want: Vec<String> = expected.iter().map(|r| r.replace(' ', "")).collect();
    assert_eq!(
        got,
        want,
        "\nposition:\n{}\nstatuses:\n{}",
        position.join("\n"),
        got.join("\n")
    );
}

fn pt(b: &Board, v: &str) -> Point {
    match tesuji::engine::board::Vertex::parse_move(v, b.size()).unwrap() {
        tesuji::engine::board::Move::Play(p) => p,
        tesuji::engine::board::Move::Pass => panic!("pass"),
    }
}

#[test]
fn two_eyed_group_is_alive_and_its_eyes_are_territory() {
    check(
        &[
            ". X . X O . .",
            "X X X X O . .",
            "O O O O O . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
        ],
        &[
            "b A b A . . .",
            "A A A A . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
        ],
    );
}

#[test]
fn one_eyed_group_is_undecided() {
    check(
        &[
            ". X X X O . .",
            "X X X X O . .",
            "O O O O O . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
        ],
        &[". . . . . . ."; 7],
    );
}

#[test]
fn a_false_eye_is_not_an_eye() {
    // C7 touches the lone stone D7 too: White takes it by playing C7, and the rest of the
    // group keeps the single eye A7.
    check(
        &[
            ". X . X O . .",
            "X X X O O . .",
            "O O O O . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
        ],
        &[". . . . . . ."; 7],
    );
}

#[test]
fn territory_and_a_dead_invader() {
    let position = [
        ". O . X . . . . .",
        ". . . X . . . . .",
        "X X X X . . . . .",
        ". X . X . . . . .",
        "X X X X . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ];
    check(
        &position,
        &[
            "b D b A . . . . .",
            "b b b A . . . . .",
            "A A A A . . . . .",
            "b A b A . . . . .",
            "A A A A . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
        ],
    );
    // The same seen through the per-colour analysis.
    let b = diagram(&position);
    let black = unconditional_life(&b, Color::Black);
    assert!(black.is_invincible(pt(&b, "D9")));
    assert!(black.is_territory(pt(&b, "B9")), "the white stone is dead");
    assert!(black.is_territory(pt(&b, "A6")), "an eye");
    assert!(
        !black.is_settled(pt(&b, "E9")),
        "outside liberties settle nothing"
    );
    let white = unconditional_life(&b, Color::White);
    assert!(b.points().all(|p| !white.is_settled(p)));
}

#[test]
fn one_eyed_invaders_inside_territory_are_dead() {
    check(
        &[
            ". X . O . . . . .",
            "X X . O . . . . .",
            ". . . O . . . . .",
            "O O O O . . . . .",
            ". O . O . . . . .",
            "O O O O . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
        ],
        &[
            "w D w A . . . . .",
            "D D w A . . . . .",
            "w w w A . . . . .",
            "A A A A . . . . .",
            "w A w A . . . . .",
            "A A A A . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
        ],
    );
}

#[test]
fn an_eye_white_can_only_fill_by_retaking_a_ko_still_counts() {
    // GNU Go's own example: the last liberty of the black strings may be an illegal ko
    // recapture, and the analysis must still see them captured.
    check(
        &[
            ". X O . O",
            "X X O O .",
            "X . X O O",
            "X X O O .",
            ". X O . O",
        ],
        &[
            "b A A w A",
            "A A A A w",
            "A . . A A",
            "A A A A w",
            "b A A w A",
        ],
    );
}

#[test]
fn isolated_two_stones_whose_capture_leaves_one_small_eye_count_as_alive() {
    // White can take C8-D8, but only by filling every other point of the area, which leaves
    // it a single two-point eye: the black stones are treated as alive, the area as black's.
    check(
        &[
            "O O . . O X X . X",
            "O . X X . . X X X",
            ". . . . O . X . X",
            "X X . . . X X X X",
            ". X X X X X . X .",
            "X X . . . X X X X",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
        ],
        &[
            "D D b b D A A b A",
            "D b A A b b A A A",
            "b b b b D b A b A",
            "A A b b b A A A A",
            "b A A A A A b A b",
            "A A . . . A A A A",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
        ],
    );
}

#[test]
fn isolated_two_stones_around_which_white_can_make_seki_settle_nothing() {
    // Much the same, but here White stones at C7 and A6, beside the black pair and
    // diagonally opposite, would belong to one string (through A5-A4): White could build a
    // seki around the two black stones, so the area is not unconditional territory.
    check(
        &[
            "O O . X X X . X .",
            "O . . X . X . X X",
            ". X . . X X X X .",
            ". X . . X . X X X",
            "O . O . X . X X .",
            ". . . X X X . X X",
            "X X X X . X . X .",
            "X X X X X X X X X",
            ". X . X . X . X .",
        ],
        &[
            ". . . A A A b A b",
            ". . . A b A b A A",
            ". . . . A A A A b",
            ". . . . A b A A A",
            ". . . . A b A A b",
            ". . . A A A b A A",
            "A A A A b A b A b",
            "A A A A A A A A A",
            "b A b A b A b A b",
        ],
    );
}

#[test]
fn empty_and_tiny_boards_settle_nothing() {
    check(&[". .", ". ."], &[". .", ". ."]);
    check(&["X .", ". O"], &[". .", ". ."]);
    check(&[". . .", ". . .", ". . ."], &[". . ."; 3]);
}

#[test]
fn gtp_unconditional_status() {
    let mut e = GtpEngine::new(7, 6.5).unwrap();
    let mut send = |line: &str| e.handle_line(line).unwrap();
    assert_eq!(send("1 known_command unconditional_status"), "=1 true\n\n");
    for mv in [
        "black B7", "black D7", "black A6", "black B6", "black C6", "black D6", "white E7",
        "white E6", "white A5", "white B5", "white C5", "white D5", "white E5",
    ] {
        assert_eq!(send(&format!("play {mv}")), "= \n\n");
    }
    assert_eq!(send("2 unconditional_status B7"), "=2 alive\n\n");
    assert_eq!(send("3 unconditional_status a7"), "=3 black_territory\n\n");
    assert_eq!(send("4 unconditional_status E7"), "=4 undecided\n\n");
    assert_eq!(send("5 unconditional_status G1"), "=5 undecided\n\n");
    assert!(send("6 unconditional_status").starts_with("?6 "));
    assert!(send("7 unconditional_status pass").starts_with("?7 "));
    assert!(send("8 unconditional_status H8").starts_with("?8 "));
    // Filling one of its own eyes leaves the group capturable.
    assert_eq!(send("play black C7"), "= \n\n");
    assert_eq!(send("9 unconditional_status B7"), "=9 undecided\n\n");
}

#[test]
fn gnu_go_unconditional_tst_passes_entirely() {
    let tst = Path::new(SHARED).join("unconditional.tst");
    if !tst.exists() {
        println!("skipped: {} is missing", tst.display());
        return;
    }
    let report = run_file(&tst, &EngineSpec::InProcess, &|| {})
        .unwrap_or_else(|e| panic!("{}: {e}", tst.display()));
    let failures: Vec<String> = report
        .tests
        .iter()
        .filter(|t| !matches!(t.class, Class::Passed | Class::UnexpectedPass))
        .map(|t| format!("{} -> {:?} (expected {})", t.command, t.answer, t.expected))
        .collect();
    assert!(
        failures.is_empty(),
        "failing tests:\n{}",
        failures.join("\n")
    );
    assert_eq!(report.counts.passed, 673);
    assert_eq!(report.counts.total(), 673);
    assert!(report.died_at.is_none());
}
