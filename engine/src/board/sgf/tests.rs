use super::*;

fn at(text: &str) -> (usize, usize, String) {
    match load(text, Until::End, 0.0) {
        Err(SgfError::Syntax { line, col, message }) => (line, col, message),
        other => panic!("expected a syntax error, got {other:?}"),
    }
}

#[test]
fn loads_setup_moves_and_stops() {
    let sgf = "(;GM[1]FF[4]SZ[9]KM[6.5]AB[cc][gg]AW[ee]\n;B[dd];W[tt];B[];W[ff])";
    let g = load(sgf, Until::End, 0.0).unwrap();
    assert_eq!(g.size(), 9);
    assert_eq!(g.komi(), 6.5);
    assert_eq!(g.setup().len(), 3);
    assert_eq!(g.moves().len(), 4);
    assert_eq!(g.moves()[1].1, Move::Pass, "tt is a pass");
    assert_eq!(g.to_move(), Color::Black);
    let g = load(sgf, Until::BeforeMove(2), 0.0).unwrap();
    assert_eq!(g.moves().len(), 1);
    assert_eq!(g.to_move(), Color::White);
    let v = Vertex { col: 5, row: 4 }; // F4 = ff on 9x9
    let g = load(sgf, Until::BeforeVertex(v), 0.0).unwrap();
    assert_eq!(g.moves().len(), 3);
    let whole = load(sgf, Until::BeforeVertex(Vertex { col: 0, row: 1 }), 0.0).unwrap();
    assert_eq!(
        whole.moves().len(),
        4,
        "no move at A1: the whole line, as GNU Go"
    );
}

#[test]
fn empty_setup_applies_or_is_ignored_like_gnu_go() {
    let sgf = "(;SZ[9]AB[aa][bb][cc];AE[bb]B[dd];W[ee]AE[aa];B[ff])";
    let g = load(sgf, Until::End, 0.0).unwrap();
    let black = |g: &Game| {
        g.board()
            .points()
            .filter(|&p| g.board().color_at(p) == Some(Color::Black))
            .count()
    };
    assert_eq!(black(&g), 3, "cc, dd, ff");
    assert_eq!(g.board().color_at(Point::from_xy(1, 1)), None);
    let g = load_with(sgf, Until::End, 0.0, EmptySetup::IgnoreLikeGnuGo).unwrap();
    assert_eq!(black(&g), 5, "GNU Go keeps aa and bb");
}

#[test]
fn handicap_file_gives_white_the_move() {
    let g = load("(;SZ[19]HA[2]AB[dp][pd])", Until::End, 0.5).unwrap();
    assert_eq!(g.to_move(), Color::White);
    assert_eq!(g.komi(), 0.5);
}

#[test]
fn variations_follow_the_main_line() {
    let g = load("(;SZ[9];B[aa](;W[bb];B[cc])(;W[dd]))", Until::End, 0.0).unwrap();
    let ms = g.moves();
    assert_eq!(ms.len(), 3);
    assert_eq!(ms[1].1, Move::Play(Point::from_xy(1, 1)));
}

#[test]
fn round_trip_through_write() {
    let sgf = "(;SZ[13]KM[0.5]HA[2]AB[dj][jd];W[dd];B[jj];W[];B[gg])";
    let g = load(sgf, Until::End, 0.0).unwrap();
    let out = write(&g);
    let g2 = load(&out, Until::End, 0.0).unwrap();
    assert_eq!(g.board().to_ascii(), g2.board().to_ascii());
    assert_eq!(g.moves(), g2.moves());
    assert_eq!(g2.handicap(), 2);
    assert_eq!(g.to_move(), g2.to_move());
    assert_eq!(g2.komi(), 0.5);
}

#[test]
fn syntax_errors_have_positions() {
    assert_eq!(
        at("(;SZ[9];B[aa"),
        (1, 10, "unterminated property value".into())
    );
    assert_eq!(
        at("(;SZ[9]\n;B[aa]))"),
        (2, 8, "')' without a matching '('".into())
    );
    assert_eq!(
        at("x(SZ[9])"),
        (1, 1, "expected '(' to start a game tree, found 'x'".into())
    );
    assert_eq!(
        at("(B[aa])"),
        (1, 2, "property outside a node (missing ';')".into())
    );
    assert_eq!(at("(;SZ[9];B )"), (1, 9, "property B has no value".into()));
    assert_eq!(
        at(""),
        (1, 1, "no game tree: an SGF file starts with '('".into())
    );
}

#[test]
fn content_errors_name_the_move() {
    let e = load("(;SZ[9];B[aa];W[aa])", Until::End, 0.0).unwrap_err();
    assert_eq!(
        e.to_string(),
        "move 2 (white A9) is illegal: point is occupied"
    );
    let e = load("(;SZ[9];B[zz])", Until::End, 0.0).unwrap_err();
    assert!(e.to_string().contains("off the 9x9 board"), "{e}");
    let e = load("(;SZ[30])", Until::End, 0.0).unwrap_err();
    assert!(e.to_string().contains("unacceptable size"), "{e}");
}

#[test]
fn old_records_load_as_gnu_go_reads_them() {
    // A mail header with parentheses before the game, and a byte-order mark.
    let text = "Here is (the record) of the game.\n\u{feff}(;SZ[9];B[ee];W[cc])";
    let game = load(text, Until::End, 6.5).unwrap();
    assert_eq!(game.board().move_count(), 2);
    // A game tree the file never closes.
    let game = load("(;SZ[9];B[ee];W[cc]", Until::End, 6.5).unwrap();
    assert_eq!(game.to_move(), Color::Black);
    assert_eq!(game.board().move_count(), 2);
    // Two moves in one node both count: after B and W pass, Black moves.
    let game = load("(;SZ[9];B[ee];W[cc];B[tt]W[tt])", Until::End, 6.5).unwrap();
    assert_eq!(game.to_move(), Color::Black);
    assert_eq!(game.board().move_count(), 4);
    let game = load("(;SZ[9];B[ee]W[cc])", Until::BeforeMove(2), 6.5).unwrap();
    assert_eq!(game.to_move(), Color::White);
    // Errors after a skipped header keep the file's own positions.
    let (line, col, _) = at("header\n(;SZ[9];B[ee]])");
    assert_eq!((line, col), (2, 14));
}

#[test]
fn a_setup_that_leaves_a_string_without_liberties_is_refused() {
    for text in [
        "(;SZ[9]AB[ab][ba]AW[aa])",
        "(;SZ[9]AW[aa]AB[ab][ba])",
        "(;SZ[9];B[ee];AB[ab][ba]AW[aa])",
        "(;SZ[5]AB[aa][ab][ac][ad][ae]AW[ba][bb][bc][bd][be])",
    ] {
        let e = load(text, Until::End, 6.5).unwrap_err();
        assert!(
            e.to_string().contains("leaves a string without liberties"),
            "{text}: {e}"
        );
    }
    let e = load("(;SZ[9]AB[ab][ba]AW[aa])", Until::End, 6.5).unwrap_err();
    assert_eq!(
        e.to_string(),
        "setup stone white A9: leaves a string without liberties"
    );
}

#[test]
fn a_long_main_line_loads_and_drops_without_deep_recursion() {
    // 300,000 nodes: the parsed tree is a chain that the default drop would walk recursively.
    let mut text = String::from("(;SZ[9]");
    for i in 0..300_000 {
        text.push_str(if i % 2 == 0 { ";B[tt]" } else { ";W[tt]" });
    }
    text.push(')');
    let game = load(&text, Until::End, 6.5).unwrap();
    assert_eq!(game.board().move_count(), 300_000);
    // The same chain, broken at its end, is refused with a position (never parsed half way).
    text.pop();
    text.push_str("])");
    let e = load(&text, Until::End, 6.5).unwrap_err();
    assert!(matches!(e, SgfError::Syntax { line: 1, .. }), "{e}");
}
