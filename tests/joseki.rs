//! The joseki library: `tesuji joseki import` (SGF trees to corner patterns), the shipped
//! `patterns/joseki.db` generated from `patterns/joseki/*.sgf`, and `engine::play::joseki`.

use std::collections::BTreeSet;

use tesuji::engine::board::{Board, Color, Move, Point, Vertex};
use tesuji::engine::pattern::Mark;
use tesuji::engine::play::joseki::{JosekiMove, joseki_moves};
use tesuji::joseki_import::{ImportError, Source, import};
use tesuji::patterns::CompiledPatterns;

fn source(name: &str, text: &str) -> Source {
    Source {
        name: name.to_string(),
        text: text.to_string(),
    }
}

/// A small tree with every feature of the importer: comment tags and SGF marks, a node name,
/// a pass and a far move as tenuki, a diagonal mirror and a transposition (both merged).
const SMALL_TREE: &str = "(;GM[1]FF[4]SZ[19]
;B[pd]C[value=50: the 4-4 point]
(;W[nc]C[the low approach]
  (;B[qf]C[the knight's answer];W[kc]C[tenuki: extend])
  (;B[]C[tenuki];W[qf]DO[]C[the double approach, marked doubtful])
  (;B[dd]C[a move in another corner is a tenuki too];W[qc]N[3-3 dive]C[urgent: the 3-3 point]
    ;B[qd]BM[1]C[bad: the block on the wrong side]))
(;W[qf]C[the low approach from the other side: the mirror of nc]))
(;GM[1]FF[4]SZ[19]
;B[qf];W[nc];B[pd];W[kc]C[the same position and move as above: a transposition])
";

#[test]
fn importing_a_small_tree_gives_one_pattern_per_new_position() {
    let imported = import(&[source("small.sgf", SMALL_TREE)]).expect("imports");
    // 4-4; approach; knight's answer; extension; double approach; 3-3; bad block; and in the
    // second tree the 3-4-like B qf, W nc in that position, B pd: 10 new positions. The
    // mirrored approach and the transposed extension are merged.
    assert_eq!(imported.merged, 2, "{}", imported.text);
    assert_eq!(imported.patterns, 10, "{}", imported.text);
    assert!(imported.warnings.is_empty(), "{:?}", imported.warnings);
    insta::assert_snapshot!("joseki_import_small_tree", imported.text);
}

#[test]
fn transpositions_with_different_marks_keep_the_first_and_warn() {
    let text = "(;SZ[19];B[pd];W[nc](;B[qf])(;B[qf]BM[1]))";
    let imported = import(&[source("clash.sgf", text)]).expect("imports");
    assert_eq!(imported.merged, 1);
    assert_eq!(imported.warnings.len(), 1, "{:?}", imported.warnings);
    assert!(
        imported.warnings[0].contains("marked bad"),
        "{}",
        imported.warnings[0]
    );
    assert!(!imported.text.contains("mark bad"));
}

#[test]
fn malformed_sgf_is_reported_with_its_position() {
    let err = import(&[source("broken.sgf", "(;SZ[19]\n;B[pd]\n;W[nc")]).unwrap_err();
    assert!(matches!(err, ImportError::Sgf { .. }), "{err:?}");
    let text = err.to_string();
    assert!(text.starts_with("broken.sgf:3:"), "{text}");

    let err = import(&[source("occupied.sgf", "(;SZ[19];B[pd];W[nc](;B[nc]))")]).unwrap_err();
    assert!(matches!(err, ImportError::Content { .. }), "{err:?}");
    let text = err.to_string();
    assert!(
        text.contains("occupied.sgf") && text.contains("B Q16 W O17") && text.contains("occupied"),
        "{text}"
    );

    let err = import(&[source("off.sgf", "(;SZ[9];B[pd])")]).unwrap_err();
    assert!(err.to_string().contains("off the 9x9 board"), "{err}");
}

#[test]
fn shipped_database_is_the_import_of_the_shipped_trees() {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut names: Vec<String> = std::fs::read_dir(format!("{root}/patterns/joseki"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".sgf"))
        .collect();
    names.sort();
    assert!(names.len() >= 6, "{names:?}");
    let sources: Vec<Source> = names
        .iter()
        .map(|n| {
            let text = std::fs::read_to_string(format!("{root}/patterns/joseki/{n}")).unwrap();
            source(&format!("patterns/joseki/{n}"), &text)
        })
        .collect();
    let imported = import(&sources).expect("the shipped trees import");
    assert!(imported.warnings.is_empty(), "{:?}", imported.warnings);
    let shipped = std::fs::read_to_string(format!("{root}/patterns/joseki.db")).unwrap();
    assert!(
        imported.text == shipped,
        "patterns/joseki.db is stale: run `tesuji joseki import patterns/joseki/*.sgf -o patterns/joseki.db`"
    );
    assert!(imported.patterns >= 60, "{} patterns", imported.patterns);
}

// ---------------------------------------------------------------------------------------------
// engine::play::joseki on the shipped database
// ---------------------------------------------------------------------------------------------

fn board_after(moves: &[(Color, &str)]) -> Board {
    let mut b = Board::new(19).unwrap();
    for &(c, v) in moves {
        let mv = Vertex::parse_move(v, 19).unwrap();
        b.play(mv, c).unwrap();
    }
    b
}

fn point(v: &str) -> Point {
    match Vertex::parse_move(v, 19).unwrap() {
        Move::Play(p) => p,
        Move::Pass => panic!("not a point"),
    }
}

fn vertex(p: Point) -> String {
    Vertex::from_point(p, 19).to_string()
}

/// The joseki moves within the 12x12 corner that holds `corner`.
fn in_corner(moves: &[JosekiMove], corner: &str) -> Vec<JosekiMove> {
    let (cx, cy) = point(corner).xy();
    moves
        .iter()
        .filter(|m| {
            let (x, y) = m.point.xy();
            (x as i32 - cx as i32).abs() < 12 && (y as i32 - cy as i32).abs() < 12
        })
        .copied()
        .collect()
}

fn vertices(moves: &[JosekiMove]) -> BTreeSet<String> {
    moves.iter().map(|m| vertex(m.point)).collect()
}

#[test]
fn knights_approach_to_the_4_4_point_gets_the_standard_answers() {
    // Black's 4-4 stone at Q16 and White's low approach at O17: Black to answer.
    let b = board_after(&[(Color::Black, "Q16"), (Color::White, "O17")]);
    let all = joseki_moves(&b, Color::Black, &CompiledPatterns);
    let here = in_corner(&all, "T19");
    let want: BTreeSet<String> = ["R14", "Q14", "R13", "M17", "L16"].map(String::from).into();
    assert_eq!(vertices(&here), want, "{here:?}");
    assert!(here.iter().all(|m| m.is_standard() && m.value > 0));
    // The three empty corners offer their fuseki moves, and nothing else is proposed.
    assert!(
        all.iter().all(|m| m.is_standard()),
        "{:?}",
        all.iter().filter(|m| !m.is_standard()).collect::<Vec<_>>()
    );
    let fuseki: BTreeSet<String> = ["D4", "C4", "D3", "C3", "C5", "E3", "D5", "E4"]
        .map(String::from)
        .into();
    assert_eq!(vertices(&in_corner(&all, "A1")), fuseki);

    // White to move in the same corner (Black played elsewhere): the double approach or the
    // extension, White's moves of the tree, not Black's answers.
    let white = in_corner(&joseki_moves(&b, Color::White, &CompiledPatterns), "T19");
    let want: BTreeSet<String> = ["R14", "L17"].map(String::from).into();
    assert_eq!(vertices(&white), want, "{white:?}");

    // The same joseki in the lower-left corner, colours swapped and drawn the other way round.
    let b = board_after(&[(Color::White, "D4"), (Color::Black, "F3")]);
    let here = in_corner(&joseki_moves(&b, Color::White, &CompiledPatterns), "A1");
    let want: BTreeSet<String> = ["C6", "D6", "C7", "H3", "J4"].map(String::from).into();
    assert_eq!(vertices(&here), want, "{here:?}");
}

#[test]
fn a_known_mistake_is_marked_bad_and_the_urgent_move_comes_first() {
    // The 3-3 invasion under the 4-4 stone, up to White's second-line hane.
    let b = board_after(&[
        (Color::Black, "Q16"),
        (Color::White, "R17"),
        (Color::Black, "Q17"),
        (Color::White, "R16"),
        (Color::Black, "R15"),
        (Color::White, "S15"),
    ]);
    let here = in_corner(&joseki_moves(&b, Color::Black, &CompiledPatterns), "T19");
    assert_eq!(vertex(here[0].point), "R14", "{here:?}");
    assert!(here[0].is_standard() && here[0].value >= 90, "{here:?}");
    let cut = here
        .iter()
        .find(|m| vertex(m.point) == "S16")
        .expect("the cut is in the tree");
    assert_eq!(cut.mark, Mark::Bad);
    assert!(!cut.is_standard());

    // After the mistake, White's refutation is proposed as urgent.
    let mut b = b;
    b.play(Move::Play(point("S16")), Color::Black).unwrap();
    let here = in_corner(&joseki_moves(&b, Color::White, &CompiledPatterns), "T19");
    assert_eq!(vertices(&here), BTreeSet::from(["S17".to_string()]));
    assert!(here[0].value >= 90);
}

#[test]
fn joseki_windows_fit_the_matchers_stack_window() {
    // The importer draws at most 12x12 corners, so every offset lies in -12..=12 and the
    // footprint stays within the 640 points a match keeps on the stack (no allocation).
    let footprint = tesuji::patterns::joseki::FOOTPRINT;
    assert!(footprint.len() <= 640, "{} points", footprint.len());
    assert!(
        footprint
            .iter()
            .all(|&(dx, dy)| dx.abs() <= 12 && dy.abs() <= 12)
    );
}

#[test]
fn a_very_long_line_imports_without_exhausting_the_stack() {
    // 200,000 passes after the 4-4 point: the walk and the parsed tree's drop must not take
    // a stack frame per node.
    let mut text = String::from("(;SZ[19];B[pd]C[value=50]");
    for _ in 0..100_000 {
        text.push_str(";W[];B[]");
    }
    text.push(')');
    let imported = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || import(&[source("long.sgf", &text)]).map(|i| i.patterns))
        .unwrap()
        .join()
        .expect("no stack overflow");
    assert_eq!(imported.expect("imports"), 1);
}
