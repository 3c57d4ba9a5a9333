//! The interpreter on hand-made grids.

use pattern_dsl::Transform;
use pattern_dsl::interp::{Grid, InterpBoard, Side};

fn fixture(name: &str) -> pattern_dsl::Database {
    let path = format!("{}/tests/fixtures/{name}.db", env!("CARGO_MANIFEST_DIR"));
    let src = std::fs::read_to_string(path).unwrap();
    pattern_dsl::check(name, &src).unwrap_or_else(|d| panic!("{}", d.render()))
}

fn names(db: &pattern_dsl::Database, found: &[pattern_dsl::InterpMatch]) -> Vec<String> {
    found
        .iter()
        .map(|m| {
            format!(
                "{}@({},{}) {} {:?}",
                db.patterns[m.pattern].name,
                m.x,
                m.y,
                m.transform.name(),
                m.targets
            )
        })
        .collect()
}

#[test]
fn grid_predicates() {
    let g = Grid::parse(&[
        ". X O .", //
        "X X O .", //
        "O O . .", //
        ". . . .",
    ]);
    assert_eq!(g.lib(0, 1), 1); // the black string has one liberty at (0,0)
    assert_eq!(g.stones(1, 1), 3);
    assert_eq!(g.lib(2, 0), 3);
    assert_eq!(g.lib(3, 3), 0);
    assert!(g.connected(0, 1, 1, 0));
    assert!(!g.connected(0, 1, 2, 0));
    // White at (0,0) captures three stones.
    assert_eq!(g.libs_after(0, 0, Side::White), 2);
    // Black at (0,0) is suicide.
    assert_eq!(g.libs_after(0, 0, Side::Black), 0);
    assert!(g.self_atari(0, 0, Side::Black));
    assert_eq!(g.attack(1, 1), 1);
    assert_eq!(g.defend(2, 0), 1);
    assert_eq!(g.edge_dist(1, 2), 1);
    assert_eq!(g.code(9, 0, Side::Black), 3);
    assert_eq!(g.code(1, 0, Side::Black), 1);
    assert_eq!(g.code(1, 0, Side::White), 2);
}

#[test]
fn capture_and_atari() {
    let db = fixture("attack");
    // White to play: the black stone at (1,1) has one liberty, (2,1).
    let g = Grid::parse(&[
        ". O . . .", //
        "O X . . .", //
        ". O . . .", //
        ". . . . .", //
        ". . . . .",
    ]);
    let found = db.scan(&g, Side::White);
    assert_eq!(names(&db, &found), vec!["capture@(2,1) identity [(1, 1)]"]);
    // Black sees nothing to attack.
    assert!(db.scan(&g, Side::Black).is_empty());

    // A two-liberty black stone flanked by white near the edge: the atari from the right
    // drives it to the edge, where `a` (its escape point) has only 2 liberties.
    let g = Grid::parse(&[
        ". . . . .", //
        ". O . . .", //
        ". X . . .", //
        ". O . . .", //
        ". . . . .",
    ]);
    let found = db.scan(&g, Side::White);
    assert_eq!(names(&db, &found), vec!["atari@(2,2) identity [(1, 2)]"]);
}

#[test]
fn conditions_see_transformed_labels() {
    let db = fixture("attack");
    // The atari condition `libs_after(a) <= 2 || stones(A) >= 3` looks at the point beyond
    // the black stone. Give that point many liberties for White: the first alternative
    // fails, the second too (one stone): no match on that side.
    let g = Grid::parse(&[
        ". . . . . . .", //
        ". . . O . . .", //
        ". . . X . . .", //
        ". . . O . . .", //
        ". . . . . . .", //
        ". . . . . . .", //
        ". . . . . . .",
    ]);
    let found = db.scan(&g, Side::White);
    // libs_after for White at (2,2) or (4,2) is 3 (> 2): no atari reported.
    assert!(found.is_empty(), "{:?}", names(&db, &found));
}

#[test]
fn edge_hane_uses_named_constants_and_ko() {
    let db = fixture("attack");
    let mut g = Grid::parse(&[
        ". . . . .", //
        ". . . . .", //
        ". . . . .", //
        ". O . . .", //
        "O X . . .",
    ]);
    // X at (1,4) has one liberty (2,4): attack(A) == WIN.
    let found = db.match_at(&g, 2, 4, Side::White);
    let n = names(&db, &found);
    assert!(
        n.contains(&"edge_hane@(2,4) identity [(1, 4)]".to_string()),
        "{n:?}"
    );
    // The same move on a ko point is excluded by `!ko(*)`.
    g.ko_points.push((2, 4));
    let found = db.match_at(&g, 2, 4, Side::White);
    assert!(
        !names(&db, &found)
            .iter()
            .any(|s| s.starts_with("edge_hane")),
        "{:?}",
        names(&db, &found)
    );
}

#[test]
fn link_targets_come_in_both_orders() {
    let db = fixture("connection");
    let g = Grid::parse(&[
        ". . . . .", //
        ". . . . .", //
        ". O . O .", //
        ". . . . .", //
        ". . . . .",
    ]);
    let found = db.match_at(&g, 2, 2, Side::White);
    // `solid`: the labels A and B swap under the half turn, so both orders are reported.
    let solid: Vec<_> = found
        .iter()
        .filter(|m| db.patterns[m.pattern].name == "solid")
        .map(|m| (m.transform, m.targets.clone()))
        .collect();
    assert_eq!(
        solid,
        vec![
            (Transform::Identity, vec![(1, 2), (3, 2)]),
            (Transform::Rot180, vec![(3, 2), (1, 2)]),
        ]
    );
}

#[test]
fn expressions_evaluate_like_rust() {
    let cases = [
        ("1 + 2 - 3 == 0", true),
        ("1 - 2 - 3 == -4", true),
        ("-(1 - 3) == 2", true),
        ("true || false && false", true),
        ("(true || false) && false", false),
        ("!(1 > 2) && 2 >= 2 && 1 <= 1 && 1 < 2 && 3 != 4", true),
        ("(1 < 2) == (2 < 3)", true),
        ("WIN == 1 && KO_A == 2 && KO_B == 3", true),
        ("edge_dist(*) + 1 == 2", true),
    ];
    let g = Grid::empty(5);
    for (cond, want) in cases {
        let src = format!("kind generic\npattern p {{\n|*|\nif {cond}\n}}\n");
        let db = pattern_dsl::check("t", &src).unwrap_or_else(|d| panic!("{}", d.render()));
        assert_eq!(
            !db.match_at(&g, 1, 1, Side::Black).is_empty(),
            want,
            "{cond}"
        );
    }
}

#[test]
fn every_fixture_scans_without_panicking() {
    let g = Grid::parse(&[
        "X O . . X . O", //
        ". X O . . X .", //
        "O . X O . . .", //
        ". . . . X O .", //
        "X . O . . . .", //
        ". O X . O X .", //
        ". . . X . . O",
    ]);
    for name in [
        "efficiency",
        "attack",
        "defense",
        "connection",
        "joseki",
        "generic",
    ] {
        let db = fixture(name);
        for side in [Side::Black, Side::White] {
            let all = db.scan(&g, side);
            // scan is match_at over the empty points, in row order.
            let mut again = Vec::new();
            for y in 0..7 {
                for x in 0..7 {
                    again.extend(db.match_at(&g, x, y, side));
                }
            }
            assert_eq!(all, again);
        }
    }
}

/// `explain_at`: a match, a figure that fails on one point (named), and a false condition.
#[test]
fn explain_at_names_failing_points_and_conditions() {
    use pattern_dsl::interp::Verdict;
    let db = pattern_dsl::check(
        "explain.db",
        "kind generic\n\
         pattern hane {\n  |X*|\n  |O.|\n}\n\
         pattern atari {\n  |X*|\n\n  |A*|\n  if lib(A) == 1\n}\n",
    )
    .unwrap_or_else(|d| panic!("{}", d.render()));
    let find = |e: &[pattern_dsl::interp::Explanation], name: &str| {
        e.iter()
            .find(|e| db.patterns[e.pattern].name == name)
            .map(|e| e.verdict.clone())
    };
    // White to play at (1, 0): the black stone in the corner has one liberty.
    let grid = Grid::parse(&["X..", "O..", "..."]);
    let e = db.explain_at(&grid, 1, 0, Side::White, 2);
    assert_eq!(find(&e, "hane"), Some(Verdict::Match));
    assert_eq!(find(&e, "atari"), Some(Verdict::Match));
    // Without the white stone: `hane` fails on exactly that point, and the black stone has
    // two liberties, so `atari`'s condition is false.
    let grid = Grid::parse(&["X..", "...", "..."]);
    let e = db.explain_at(&grid, 1, 0, Side::White, 2);
    match find(&e, "hane") {
        Some(Verdict::Figure(m)) => {
            assert_eq!(m.len(), 1);
            assert_eq!((m[0].x, m[0].y, m[0].found), (0, 1, 0));
        }
        v => panic!("{v:?}"),
    }
    assert_eq!(
        find(&e, "atari"),
        Some(Verdict::Condition {
            index: 0,
            text: "(lib(A) == 1)".into()
        })
    );
    // With no miss allowed, only matches are reported.
    assert!(
        db.explain_at(&grid, 1, 0, Side::White, 0)
            .iter()
            .all(|e| e.misses() == 0)
    );
}
