//! Influence (`tesuji::engine::eval::influence`): Wulu's degrees and values on hand-made positions,
//! compensation, the hane rule, Handtalk's rules, territory counts, the GTP commands, and the
//! `heatmap` command's PNG output.

use std::path::PathBuf;
use tesuji::engine::board::{Board, Color, Point};
use tesuji::engine::eval::influence::{
    Degree, Estimate, Influence, InfluenceRules, PointClass, StoneWeights, StringStatus,
};
use tesuji::engine::gtp::GtpEngine;

// The `heatmap` command lives in the binary; compile its module into this test as well.
#[path = "../src/heatmap_cli.rs"]
#[allow(dead_code)]
mod heatmap_cli;

const WULU: InfluenceRules = InfluenceRules::WULU;
const HANDTALK: InfluenceRules = InfluenceRules::HANDTALK;

fn pt(x: usize, y: usize) -> Point {
    Point::from_xy(x, y)
}

/// A board of side `size` with these stones.
fn board(size: usize, black: &[(usize, usize)], white: &[(usize, usize)]) -> Board {
    let mut b = Board::new(size).unwrap();
    for &(x, y) in black {
        b.add_stone(pt(x, y), Color::Black).unwrap();
    }
    for &(x, y) in white {
        b.add_stone(pt(x, y), Color::White).unwrap();
    }
    b
}

/// A board from rows drawn top first: `X` black, `O` white, `.` empty (spaces ignored).
fn diagram(rows: &[&str]) -> Board {
    let mut b = Board::new(rows.len()).unwrap();
    for (y, row) in rows.iter().enumerate() {
        let cells: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
        assert_eq!(cells.len(), rows.len(), "row {y} of a square diagram");
        for (x, ch) in cells.into_iter().enumerate() {
            match ch {
                'X' => b.add_stone(pt(x, y), Color::Black).unwrap(),
                'O' => b.add_stone(pt(x, y), Color::White).unwrap(),
                '.' => {}
                other => panic!("bad diagram cell {other}"),
            }
        }
    }
    b
}

/// The values in a window around `(cx, cy)`, rows from the top.
fn window(inf: &Influence, cx: usize, cy: usize, r: usize) -> Vec<Vec<i8>> {
    (cy - r..=cy + r)
        .map(|y| (cx - r..=cx + r).map(|x| inf.value(pt(x, y))).collect())
        .collect()
}

#[test]
fn lone_stone_neighbourhood_is_6_5_3_2() {
    let b = board(19, &[], &[(9, 9)]);
    let inf = Influence::new(&b, WULU);
    #[rustfmt::skip]
    let want: Vec<Vec<i8>> = vec![
        vec![0, 0, 0, 0, 0, 0, 0],
        vec![0, 0, 2, 3, 2, 0, 0],
        vec![0, 2, 5, 6, 5, 2, 0],
        vec![0, 3, 6, 6, 6, 3, 0],
        vec![0, 2, 5, 6, 5, 2, 0],
        vec![0, 0, 2, 3, 2, 0, 0],
        vec![0, 0, 0, 0, 0, 0, 0],
    ];
    assert_eq!(window(&inf, 9, 9, 3), want);
    assert_eq!(inf.degree(pt(9, 8), Color::White), Some(Degree::Adjacent));
    assert_eq!(inf.degree(pt(10, 8), Color::White), Some(Degree::Diagonal));
    assert_eq!(inf.degree(pt(9, 7), Color::White), Some(Degree::Jump));
    assert_eq!(inf.degree(pt(10, 7), Color::White), Some(Degree::Knight));
    assert_eq!(inf.degree(pt(11, 7), Color::White), None);
    assert_eq!(inf.degree(pt(9, 8), Color::Black), None);
    assert_eq!(Degree::Knight.as_f32(), 2.5);

    // Black is the same with the sign flipped.
    let b = board(19, &[(9, 9)], &[]);
    let black = Influence::new(&b, WULU);
    for p in b.points() {
        assert_eq!(black.value(p), -inf.value(p), "{p:?}");
    }
}

#[test]
fn influence_does_not_wrap_round_the_edge() {
    // On the widest board the padded array's next cell left of column 0 is the last column of
    // the row above: a jump or knight's move must not land there.
    let b = board(25, &[], &[(0, 5), (24, 12)]);
    let inf = Influence::new(&b, WULU);
    assert_eq!(inf.value(pt(24, 4)), 0);
    assert_eq!(inf.value(pt(23, 4)), 0);
    assert_eq!(inf.value(pt(0, 13)), 0);
    assert_eq!(inf.value(pt(1, 13)), 0);
    assert_eq!(inf.value(pt(2, 5)), 3);
    assert_eq!(inf.value(pt(1, 7)), 2);
}

#[test]
fn only_the_nearest_stone_of_each_colour_counts() {
    // Two white stones both adjacent to a point: 6, not 12.
    let b = board(19, &[], &[(8, 9), (10, 9)]);
    let inf = Influence::new(&b, WULU);
    assert_eq!(inf.value(pt(9, 9)), 6);
    // A jump from one and a diagonal from the other: the diagonal (5) wins.
    let b = board(19, &[], &[(9, 7), (10, 10)]);
    let inf = Influence::new(&b, WULU);
    assert_eq!(inf.value(pt(9, 9)), 5);
    assert_eq!(inf.degree(pt(9, 9), Color::White), Some(Degree::Diagonal));
}

#[test]
fn black_and_white_compensate() {
    // X . . O on one line: each empty point is adjacent to one side and a jump from the other.
    let b = board(19, &[(3, 9)], &[(6, 9)]);
    let inf = Influence::new(&b, WULU);
    assert_eq!(inf.value(pt(4, 9)), 3 - 6);
    assert_eq!(inf.value(pt(5, 9)), 6 - 3);
    // Diagonal to both (5 − 5) and adjacent to both (6 − 6).
    let b = board(19, &[(3, 3)], &[(5, 3)]);
    let inf = Influence::new(&b, WULU);
    assert_eq!(inf.value(pt(4, 3)), 0);
    assert_eq!(inf.value(pt(4, 4)), 0);
    // Jump (3) against knight's move (2): +1.
    let b = board(19, &[(6, 3)], &[(5, 5)]);
    let inf = Influence::new(&b, WULU);
    assert_eq!(inf.degree(pt(7, 5), Color::White), Some(Degree::Jump));
    assert_eq!(inf.degree(pt(7, 5), Color::Black), Some(Degree::Knight));
    assert_eq!(inf.value(pt(7, 5)), 1);
}

#[test]
fn enemy_stones_block_jumps_knights_moves_and_crosscut_diagonals() {
    // X O . : Black's jump to the third point goes through the white stone.
    let b = board(19, &[(3, 9)], &[(4, 9)]);
    let inf = Influence::new(&b, WULU);
    assert_eq!(inf.degree(pt(5, 9), Color::Black), None);
    assert_eq!(inf.value(pt(5, 9)), 6);
    // A knight's move whose first step is an enemy stone.
    let b = board(19, &[(9, 9)], &[(9, 8)]);
    let inf = Influence::new(&b, WULU);
    assert_eq!(inf.degree(pt(10, 7), Color::Black), None);
    // Crosscut: Black cannot reach the diagonal point between two white stones.
    let b = board(19, &[(9, 9)], &[(10, 9), (9, 10)]);
    let inf = Influence::new(&b, WULU);
    assert_eq!(inf.degree(pt(10, 10), Color::Black), None);
    assert_eq!(inf.value(pt(10, 10)), 6);
}

#[test]
fn hane_rule_makes_the_diagonal_degree_2() {
    // . . . .
    // . X . .     Black (3,3); White (5,4). The point (4,4) is diagonal to Black and
    // . . * O     adjacent to White: degree 2 for Black (3, not 5), degree 1 for White.
    let b = board(19, &[(3, 3)], &[(5, 4)]);
    let inf = Influence::new(&b, WULU);
    assert_eq!(inf.degree(pt(4, 4), Color::Black), Some(Degree::Jump));
    assert_eq!(inf.degree(pt(4, 4), Color::White), Some(Degree::Adjacent));
    assert_eq!(inf.strength(pt(4, 4), Color::Black), 3.0);
    assert_eq!(inf.value(pt(4, 4)), 6 - 3);
    // The other diagonals of the black stone are untouched.
    assert_eq!(inf.degree(pt(2, 2), Color::Black), Some(Degree::Diagonal));
    // Without the rule it would be 6 − 5.
    let no_hane = InfluenceRules {
        hane_rule: false,
        ..WULU
    };
    let inf = Influence::new(&b, no_hane);
    assert_eq!(inf.degree(pt(4, 4), Color::Black), Some(Degree::Diagonal));
    assert_eq!(inf.value(pt(4, 4)), 1);
}

#[test]
fn handtalk_contact_points_are_zero() {
    // The hane point above is +3 for Wulu; Handtalk's non-linear addition makes it 0
    // because it touches stones of both colours.
    let b = board(19, &[(3, 3)], &[(5, 4)]);
    assert_eq!(Influence::new(&b, WULU).value(pt(4, 4)), 3);
    assert_eq!(Influence::new(&b, HANDTALK).value(pt(4, 4)), 0);
    // A point touching only White keeps its value, raised to full control.
    assert_eq!(Influence::new(&b, HANDTALK).value(pt(6, 4)), 6);
}

#[test]
fn handtalk_full_control_and_small_values() {
    let b = board(19, &[], &[(9, 9)]);
    let inf = Influence::new(&b, HANDTALK);
    #[rustfmt::skip]
    let want: Vec<Vec<i8>> = vec![
        vec![0, 2, 6, 2, 0],
        vec![2, 6, 6, 6, 2],
        vec![6, 6, 6, 6, 6],
        vec![2, 6, 6, 6, 2],
        vec![0, 2, 6, 2, 0],
    ];
    assert_eq!(window(&inf, 9, 9, 2), want);
    // −3 (adjacent to Black, a jump from White) is beyond −2: fully Black's.
    let b = board(19, &[(3, 9)], &[(6, 9)]);
    let inf = Influence::new(&b, HANDTALK);
    assert_eq!(inf.value(pt(4, 9)), -6);
    assert_eq!(inf.value(pt(5, 9)), 6);
    // +1 (a jump against a knight's move) becomes 0.
    let b = board(19, &[(6, 3)], &[(5, 5)]);
    assert_eq!(Influence::new(&b, WULU).value(pt(7, 5)), 1);
    assert_eq!(Influence::new(&b, HANDTALK).value(pt(7, 5)), 0);
}

#[test]
fn handtalk_marks_false_eyes_with_one() {
    let b = diagram(&[
        ". . . . . . .",
        ". . . . . . .",
        ". . X O . . .",
        ". . O . O . .",
        ". . . O X . .",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    let inf = Influence::new(&b, HANDTALK);
    assert!(inf.is_false_eye(pt(3, 3)));
    assert_eq!(inf.value(pt(3, 3)), 1);
    let est = Estimate::from_influence(&b, 0.0, inf);
    assert_eq!(est.class(pt(3, 3)), PointClass::Neutral);
    // With one black diagonal it is a real eye: 0 by contact, then White's territory as a
    // neutral point enclosed by white stones.
    let b = diagram(&[
        ". . . . . . .",
        ". . . . . . .",
        ". . X O . . .",
        ". . O . O . .",
        ". . . O . . .",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    let inf = Influence::new(&b, HANDTALK);
    assert!(!inf.is_false_eye(pt(3, 3)));
    assert_eq!(inf.value(pt(3, 3)), 0);
    let est = Estimate::from_influence(&b, 0.0, inf);
    assert_eq!(est.class(pt(3, 3)), PointClass::Territory(Color::White));
    // Wulu has no markers.
    assert!(!Influence::new(&b, WULU).is_false_eye(pt(3, 3)));
}

#[test]
fn dead_stones_radiate_for_the_opponent_and_weak_ones_less() {
    let b = board(19, &[(9, 9)], &[]);
    let mut w = StoneWeights::alive();
    w.set_status(&b, pt(9, 9), StringStatus::Dead);
    let ht = Influence::with_weights(&b, HANDTALK, Some(&w));
    assert_eq!(
        ht.value(pt(9, 9)),
        6,
        "a dead black stone's point is White's"
    );
    assert_eq!(ht.value(pt(9, 8)), 6);
    assert_eq!(ht.value(pt(10, 7)), 2);
    let wulu = Influence::with_weights(&b, WULU, Some(&w));
    assert_eq!(wulu.value(pt(9, 9)), 6);
    assert_eq!(wulu.value(pt(9, 8)), 0, "Wulu: dead stones radiate nothing");
    let est = Estimate::from_influence(&b, 0.0, ht);
    assert_eq!(est.stones, [0, 0]);
    assert!(est.territory[Color::White as usize] >= 1);

    w.set_status(&b, pt(9, 9), StringStatus::Weak);
    let weak = Influence::with_weights(&b, WULU, Some(&w));
    assert_eq!(weak.value(pt(9, 9)), -3);
    assert_eq!(weak.value(pt(9, 8)), -3);
    assert_eq!(weak.value(pt(10, 8)), -3, "2.5 rounds away from zero");
    assert_eq!(weak.value(pt(9, 7)), -2, "1.5 rounds away from zero");
    assert_eq!(weak.value(pt(10, 7)), -1);
}

#[test]
fn split_board_territory_counts() {
    // Black wall on column D, White wall on column F of a 9×9 board.
    let b = diagram(&[
        ". . . X . O . . .",
        ". . . X . O . . .",
        ". . . X . O . . .",
        ". . . X . O . . .",
        ". . . X . O . . .",
        ". . . X . O . . .",
        ". . . X . O . . .",
        ". . . X . O . . .",
        ". . . X . O . . .",
    ]);
    for rules in [WULU, HANDTALK] {
        let est = Estimate::new(&b, 6.5, rules);
        assert_eq!(est.stones, [9, 9], "{rules}");
        assert_eq!(est.territory, [27, 27], "{rules}");
        assert_eq!(est.moyo, [0, 0], "{rules}");
        assert_eq!(est.class(pt(4, 4)), PointClass::Neutral, "{rules}");
        assert_eq!(est.class(pt(0, 0)), PointClass::Territory(Color::Black));
        assert_eq!(est.class(pt(8, 8)), PointClass::Territory(Color::White));
        assert_eq!(est.area(Color::Black), 36);
        assert_eq!(est.white_margin(), 6.5);
        assert_eq!(est.result_string(), "W+6.5");
    }
    // Walls on C and G: three empty columns between them.
    let b = diagram(&[
        ". . X . . . O . .",
        ". . X . . . O . .",
        ". . X . . . O . .",
        ". . X . . . O . .",
        ". . X . . . O . .",
        ". . X . . . O . .",
        ". . X . . . O . .",
        ". . X . . . O . .",
        ". . X . . . O . .",
    ]);
    let est = Estimate::new(&b, 0.0, HANDTALK);
    // A–B and D are Black's (27), F and H–J White's (27); E is a jump from both walls,
    // 3 − 3 = 0, and stays neutral between them.
    assert_eq!(est.territory, [27, 27]);
    assert_eq!(est.result_string(), "0");
    assert_eq!(est.class(pt(4, 0)), PointClass::Neutral);
}

#[test]
fn empty_board_is_neutral() {
    let b = Board::new(9).unwrap();
    let est = Estimate::new(&b, 7.0, HANDTALK);
    assert_eq!(est.territory, [0, 0]);
    assert_eq!(est.moyo, [0, 0]);
    assert_eq!(est.result_string(), "W+7");
}

// ---------------------------------------------------------------------------------------------
// GTP

fn gtp(engine: &mut GtpEngine, cmd: &str) -> String {
    let r = engine.handle_line(cmd).unwrap();
    assert!(r.starts_with('='), "{cmd}: {r}");
    r[1..].trim().to_string()
}

#[test]
fn gtp_influence_commands() {
    let mut e = GtpEngine::new(9, 6.5).unwrap();
    gtp(&mut e, "play white E5");
    let grid = gtp(&mut e, "tesuji-influence wulu");
    let rows: Vec<Vec<i32>> = grid
        .lines()
        .map(|l| l.split_whitespace().map(|v| v.parse().unwrap()).collect())
        .collect();
    assert_eq!(rows.len(), 9);
    assert!(rows.iter().all(|r| r.len() == 9));
    // Black positive, as GoGui draws it: White's stone reads negative.
    assert_eq!(rows[4][4], -6);
    assert_eq!(rows[3][4], -6);
    assert_eq!(rows[3][3], -5);
    assert_eq!(rows[2][4], -3);
    assert_eq!(rows[2][3], -2);
    assert_eq!(rows[0][0], 0);

    let handtalk = gtp(&mut e, "tesuji-influence");
    assert!(handtalk.lines().nth(3).unwrap().contains("-6 -6 -6"));

    let territory = gtp(&mut e, "tesuji-territory");
    assert_eq!(territory.lines().count(), 9);
    // The rest of the board touches only White's influence: White's moyo.
    assert_eq!(territory.lines().nth(4).unwrap(), "o o O O O O O o o");

    // 1 stone + 12 territory (Handtalk: adjacent, diagonal and jumps fully White's) + 6.5.
    assert_eq!(gtp(&mut e, "tesuji-estimate_score"), "W+19.5");
    assert_eq!(gtp(&mut e, "tesuji-estimate_score wulu"), "W+19.5");
    let r = e.handle_line("tesuji-estimate_score gnugo").unwrap();
    assert!(r.starts_with('?'), "{r}");

    let gfx = gtp(&mut e, "tesuji-influence-gfx");
    let lines: Vec<&str> = gfx.lines().collect();
    assert!(lines[0].starts_with("INFLUENCE "), "{gfx}");
    // GoGui draws positive influence black: White's side is negative.
    assert!(lines[0].contains("E6 -1 "), "{gfx}");
    assert!(lines[0].contains("D7 -0.33"), "{gfx}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("WHITE ") && l.contains("E7"))
    );
    assert!(!lines.iter().any(|l| l.starts_with("BLACK ")));
    assert!(
        lines
            .last()
            .unwrap()
            .starts_with("TEXT handtalk influence: W+19.5")
    );

    let analyze = gtp(&mut e, "gogui-analyze_commands");
    assert!(
        analyze
            .lines()
            .any(|l| l == "gfx/Influence/tesuji-influence-gfx")
    );
    // GoGui replaces `%p` by the point the user clicks: a stone of the position here.
    let stones = gtp(&mut e, "list_stones black") + " " + &gtp(&mut e, "list_stones white");
    let stone = stones
        .split_whitespace()
        .next()
        .expect("a stone on the board");
    for l in analyze.lines() {
        let cmd = l.splitn(3, '/').nth(2).unwrap().replace("%p", stone);
        let name = cmd.split_whitespace().next().unwrap();
        assert_eq!(gtp(&mut e, &format!("known_command {name}")), "true", "{l}");
        gtp(&mut e, &cmd);
    }
}

// ---------------------------------------------------------------------------------------------
// heatmap

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

fn args(file: PathBuf, output: PathBuf) -> heatmap_cli::HeatmapArgs {
    heatmap_cli::HeatmapArgs {
        file,
        move_number: None,
        every: None,
        output,
        rules: HANDTALK,
        komi: 7.5,
        width: 600,
    }
}

/// Decodes a PNG and returns its size.
fn png_size(path: &std::path::Path) -> (u32, u32) {
    let bytes = std::fs::read(path).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{}", path.display());
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert!(buf.iter().any(|&b| b != buf[0]), "a picture, not a blank");
    (info.width, info.height)
}

#[test]
fn heatmap_writes_a_png_of_the_expected_size() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("heatmap-one");
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("midgame.png");
    let _ = std::fs::remove_file(&out);
    heatmap_cli::run(args(data("midgame.sgf"), out.clone())).unwrap();
    assert_eq!(heatmap_cli::image_size(600), (600, 600 + 56 + 67));
    assert_eq!(png_size(&out), heatmap_cli::image_size(600));
}

#[test]
fn heatmap_every_k_moves_writes_numbered_files() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("heatmap-every");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut a = args(data("ko.sgf"), dir.join("ko.png"));
    a.every = Some(4);
    a.width = 400;
    heatmap_cli::run(a).unwrap();
    // ko.sgf's main line has 11 moves: pictures after 4, 8 and 11.
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["ko-004.png", "ko-008.png", "ko-011.png"]);
    for n in names {
        assert_eq!(png_size(&dir.join(n)), heatmap_cli::image_size(400));
    }
    assert_eq!(
        heatmap_cli::numbered(std::path::Path::new("a/b.png"), 7),
        PathBuf::from("a/b-007.png")
    );
}

#[test]
fn heatmap_reports_bad_input() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let err = heatmap_cli::run(args(data("no-such.sgf"), dir.join("x.png"))).unwrap_err();
    assert!(err.contains("no-such.sgf"), "{err}");
    let err = heatmap_cli::run(args(data("broken.sgf"), dir.join("x.png"))).unwrap_err();
    assert!(err.contains("broken.sgf"), "{err}");
}

#[test]
fn heatmap_command_line() {
    use clap::{CommandFactory, Parser};
    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: heatmap_cli::HeatmapArgs,
    }
    Cli::command().debug_assert();
    let cli = Cli::try_parse_from(["heatmap", "g.sgf", "--every", "25", "-o", "g.png"]).unwrap();
    assert_eq!(cli.args.every, Some(25));
    assert_eq!(cli.args.rules, HANDTALK);
    assert_eq!(cli.args.width, 900);
    let cli = Cli::try_parse_from([
        "heatmap", "g.sgf", "-L", "50", "--rules", "wulu", "-o", "g.png",
    ])
    .unwrap();
    assert_eq!(cli.args.move_number, Some(50));
    assert_eq!(cli.args.rules, WULU);
    for bad in [
        &[
            "heatmap", "g.sgf", "--move", "5", "--every", "5", "-o", "g.png",
        ][..],
        &["heatmap", "g.sgf", "--every", "0", "-o", "g.png"],
        &["heatmap", "g.sgf", "--rules", "gnugo", "-o", "g.png"],
        &["heatmap", "g.sgf"],
    ] {
        assert!(Cli::try_parse_from(bad).is_err(), "{bad:?}");
    }
}

/// Regenerates the heat maps shipped in `docs/img/` (run with `--ignored`).
#[test]
#[ignore]
fn regenerate_doc_images() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let games = root.join("../shared/regression/games");
    let img = root.join("docs/img");
    std::fs::create_dir_all(&img).unwrap();
    let mut a = args(data("midgame.sgf"), img.join("influence-midgame.png"));
    a.width = 900;
    heatmap_cli::run(a.clone()).unwrap();
    a.file = games.join("handtalk/handtalk12.sgf");
    a.output = img.join("influence-handtalk12-move100.png");
    a.move_number = Some(101);
    heatmap_cli::run(a.clone()).unwrap();
    a.file = games.join("FSF-neurogo.sgf");
    a.output = img.join("influence-neurogo-move80-wulu.png");
    a.move_number = Some(81);
    a.rules = WULU;
    heatmap_cli::run(a).unwrap();
}
