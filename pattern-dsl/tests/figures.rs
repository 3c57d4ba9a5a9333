//! The meaning of every figure character, checked on the (mask, value) table and by matching.

use pattern_dsl::interp::{Grid, Side};
use pattern_dsl::ir::{Cell, code};

const CODES: [u8; 4] = [code::EMPTY, code::OURS, code::THEIRS, code::OFF_BOARD];

/// Which of EMPTY, OURS, THEIRS, OFF_BOARD each character accepts.
const TABLE: &[(char, [bool; 4])] = &[
    ('.', [true, false, false, false]),
    ('*', [true, false, false, false]),
    ('O', [false, true, false, false]),
    ('X', [false, false, true, false]),
    ('o', [true, true, false, false]),
    ('x', [true, false, true, false]),
    ('#', [false, false, false, true]),
    ('?', [true, true, true, true]),
    (' ', [true, true, true, true]),
];

#[test]
fn mask_value_table() {
    for &(c, accepts) in TABLE {
        let cell = Cell::from_char(c).unwrap();
        for (code, want) in CODES.into_iter().zip(accepts) {
            assert_eq!(cell.accepts(code), want, "`{c}` on code {code}");
        }
    }
    assert_eq!(Cell::from_char('.').unwrap().mask_value(), (0b11, 0b00));
    assert_eq!(Cell::from_char('O').unwrap().mask_value(), (0b11, 0b01));
    assert_eq!(Cell::from_char('X').unwrap().mask_value(), (0b11, 0b10));
    assert_eq!(Cell::from_char('#').unwrap().mask_value(), (0b11, 0b11));
    assert_eq!(Cell::from_char('o').unwrap().mask_value(), (0b10, 0b00));
    assert_eq!(Cell::from_char('x').unwrap().mask_value(), (0b01, 0b00));
    assert_eq!(Cell::from_char('?').unwrap().mask_value(), (0b00, 0b00));
    for c in ['a', 'A', '+', '-', '|', '\t', '@'] {
        assert_eq!(Cell::from_char(c), None, "{c:?}");
    }
    for cell in Cell::ALL {
        assert_eq!(Cell::from_char(cell.to_char()), Some(cell));
    }
}

/// Compiles a one-pattern database `|*c|` (no symmetry) and matches it on a 3x3 board whose
/// centre row is `. <point> .` with the anchor at (1,1) and the tested point at (2,1), or with
/// the anchor at (2,1) and the tested point off the board.
#[test]
fn each_character_by_matching() {
    for &(c, accepts) in TABLE {
        if c == '*' || c == '#' {
            continue;
        }
        let src = format!("kind generic\npattern p {{\n|*{c}|\nsymmetry none\n}}\n");
        let db = pattern_dsl::check("t.db", &src).unwrap();
        for (code, want) in CODES.into_iter().zip(accepts) {
            let (board, x) = match code {
                0 => (Grid::parse(&["...", "...", "..."]), 1),
                1 => (Grid::parse(&["...", "..X", "..."]), 1),
                2 => (Grid::parse(&["...", "..O", "..."]), 1),
                _ => (Grid::parse(&["...", "...", "..."]), 2),
            };
            let found = db.match_at(&board, x, 1, Side::Black);
            assert_eq!(!found.is_empty(), want, "`{c}` against code {code}");
        }
    }
}

#[test]
fn off_board_character_draws_edges() {
    let src = "kind generic\npattern p {\n|*#|\nsymmetry none\n}\n";
    let db = pattern_dsl::check("t.db", src).unwrap();
    let g = Grid::parse(&["...", "...", "..."]);
    assert_eq!(db.match_at(&g, 2, 1, Side::Black).len(), 1);
    assert!(db.match_at(&g, 1, 1, Side::Black).is_empty());
}

#[test]
fn the_anchor_must_be_empty() {
    let src = "kind generic\npattern p {\n|*|\nsymmetry none\n}\n";
    let db = pattern_dsl::check("t.db", src).unwrap();
    let g = Grid::parse(&["X.", ".."]);
    assert!(db.match_at(&g, 0, 0, Side::Black).is_empty());
    assert_eq!(db.match_at(&g, 1, 0, Side::Black).len(), 1);
    assert_eq!(db.scan(&g, Side::White).len(), 3);
}

#[test]
fn colours_are_relative_to_us() {
    let src = "kind generic\npattern p {\n|O*X|\nsymmetry none\n}\n";
    let db = pattern_dsl::check("t.db", src).unwrap();
    let g = Grid::parse(&["X.O", "...", "..."]);
    assert_eq!(db.match_at(&g, 1, 0, Side::Black).len(), 1);
    assert!(db.match_at(&g, 1, 0, Side::White).is_empty());
    let g = Grid::parse(&["O.X", "...", "..."]);
    assert_eq!(db.match_at(&g, 1, 0, Side::White).len(), 1);
}

#[test]
fn space_and_question_mark_are_the_same() {
    let a = pattern_dsl::check("a", "kind generic\npattern p {\n|X  |\n| * |\n|  O|\n}\n").unwrap();
    let b = pattern_dsl::check("b", "kind generic\npattern p {\n|X??|\n|?*?|\n|??O|\n}\n").unwrap();
    assert_eq!(a.patterns[0].points, b.patterns[0].points);
    assert_eq!(a.patterns[0].transforms, b.patterns[0].transforms);
}

#[test]
fn points_are_offsets_from_the_anchor() {
    let db = pattern_dsl::check("t", "kind generic\npattern p {\n|X.|\n|.*|\n|#?|\n}\n").unwrap();
    let pts: Vec<(i32, i32, char)> = db.patterns[0]
        .points
        .iter()
        .map(|p| (p.dx, p.dy, p.cell.to_char()))
        .collect();
    assert_eq!(
        pts,
        vec![(-1, -1, 'X'), (0, -1, '.'), (-1, 0, '.'), (-1, 1, '#')]
    );
}

#[test]
fn comments_and_blank_lines() {
    let src = "// header\n\nkind generic // trailing\n// between\npattern p { // here too\n    |*O| // and after rows\n    // comment lines end a diagram, like blank lines\n}\n";
    let db = pattern_dsl::check("t", src).unwrap();
    assert_eq!(db.patterns.len(), 1);
    assert_eq!(db.patterns[0].figure, vec!["*O".to_string()]);
}

#[test]
fn large_figures_are_allowed() {
    // A 12x12 corner figure spreads over several window words.
    let mut src = String::from("kind joseki\npattern big {\n|#############|\n");
    for y in 0..12 {
        let mut row = String::from("#");
        for x in 0..12 {
            row.push(match (x, y) {
                (3, 2) => 'O',
                (9, 9) => 'X',
                (5, 3) => '*',
                _ => '.',
            });
        }
        src.push_str(&format!("|{row}|\n"));
    }
    src.push_str("value 10\n}\n");
    let db = pattern_dsl::compile("big.db", &src, &pattern_dsl::Options::default()).unwrap();
    assert_eq!(db.variant_count(), 8);
    assert!(db.footprint().len() > 64 * 3, "{}", db.footprint().len());
    let packed = pattern_dsl::codegen::pack(db.database(), &db.footprint());
    assert!(packed.iter().all(|p| !p.more.is_empty()));
    let mut g = Grid::empty(19);
    g.set(3, 2, Some(Side::White));
    g.set(9, 9, Some(Side::Black));
    let found = db.database().match_at(&g, 5, 3, Side::White);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].transform, pattern_dsl::Transform::Identity);
    // One stone more anywhere in the 12x12 region breaks it.
    g.set(11, 0, Some(Side::Black));
    assert!(db.database().match_at(&g, 5, 3, Side::White).is_empty());
}
