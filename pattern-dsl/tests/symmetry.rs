//! The 8 symmetries: their algebra, their action on figures, and duplicate dropping on
//! symmetric edge and corner figures.

use std::collections::BTreeSet;

use pattern_dsl::Transform;
use pattern_dsl::interp::{Grid, Side};

fn kept(src: &str) -> Vec<Vec<Transform>> {
    let db = pattern_dsl::check("t.db", src).unwrap_or_else(|d| panic!("{}", d.render()));
    db.patterns.iter().map(|p| p.transforms.clone()).collect()
}

fn one(figure: &[&str], extra: &str) -> Vec<Transform> {
    let rows: String = figure.iter().map(|r| format!("  |{r}|\n")).collect();
    kept(&format!("kind generic\npattern p {{\n{rows}{extra}}}\n")).remove(0)
}

#[test]
fn each_transform_maps_the_unit_vectors() {
    use Transform::*;
    let expect = [
        (Identity, (1, 0), (0, 1)),
        (Rot90, (0, 1), (-1, 0)),
        (Rot180, (-1, 0), (0, -1)),
        (Rot270, (0, -1), (1, 0)),
        (FlipX, (-1, 0), (0, 1)),
        (FlipY, (1, 0), (0, -1)),
        (Transpose, (0, 1), (1, 0)),
        (AntiTranspose, (0, -1), (-1, 0)),
    ];
    for (t, ex, ey) in expect {
        assert_eq!(t.apply(1, 0), ex, "{t:?}");
        assert_eq!(t.apply(0, 1), ey, "{t:?}");
        assert_eq!(Transform::from_name(t.name()), Some(t));
        assert_eq!(Transform::from_index(t.index()), Some(t));
    }
}

#[test]
fn transforms_form_a_group() {
    let images: BTreeSet<_> = Transform::ALL
        .iter()
        .map(|t| (t.apply(1, 0), t.apply(0, 1), t.apply(2, 3)))
        .collect();
    assert_eq!(images.len(), 8);
    for a in Transform::ALL {
        assert_eq!(a.inverse().after(a), Transform::Identity);
        assert_eq!(a.after(a.inverse()), Transform::Identity);
        for b in Transform::ALL {
            let c = a.after(b);
            for p in [(1, 2), (-3, 1), (0, -2)] {
                let (x, y) = b.apply(p.0, p.1);
                assert_eq!(c.apply(p.0, p.1), a.apply(x, y));
            }
        }
    }
}

#[test]
fn asymmetric_figures_keep_all_eight() {
    assert_eq!(one(&["X.", "*O"], "").len(), 8);
    // Corner figure, not symmetric in the diagonal.
    assert_eq!(
        one(&["####", "#.X.", "#.*.", "#..."], ""),
        Transform::ALL.to_vec()
    );
}

#[test]
fn fully_symmetric_figure_keeps_one() {
    assert_eq!(one(&["?.?", ".*.", "?.?"], ""), vec![Transform::Identity]);
    assert_eq!(one(&["*"], ""), vec![Transform::Identity]);
}

#[test]
fn edge_figure_symmetric_left_right_keeps_four() {
    // Edge at the bottom; the mirror left-right maps it onto itself.
    let t = one(&["X.X", ".*.", "###"], "");
    assert_eq!(t.len(), 4);
    assert!(t.contains(&Transform::Identity));
    assert!(!t.contains(&Transform::FlipX));
    // The four kept put the edge on four different sides.
    let edges: BTreeSet<(i32, i32)> = t.iter().map(|t| t.apply(0, 1)).collect();
    assert_eq!(edges.len(), 4);
}

#[test]
fn corner_figure_symmetric_in_the_diagonal_keeps_four() {
    // Top-left corner with the anchor on the diagonal.
    let t = one(&["###", "#.O", "#O*"], "");
    assert_eq!(t.len(), 4);
    assert!(!t.contains(&Transform::Transpose));
    // One per corner.
    let corners: BTreeSet<(i32, i32)> = t.iter().map(|t| t.apply(-1, -1)).collect();
    assert_eq!(corners.len(), 4);
}

#[test]
fn labels_break_symmetry() {
    // Symmetric figure, but the mirror swaps the labels a and b: all 8 are distinct.
    let t = one(&["?X?", ".*."], "\n  |?X?|\n  |a*b|\n");
    assert_eq!(t.len(), 8);
    // A label on the mirror axis does not break the left-right symmetry.
    let t = one(&["?X?", ".*."], "\n  |?A?|\n  |.*.|\n");
    assert_eq!(t.len(), 4);
}

#[test]
fn restricted_symmetry() {
    assert_eq!(
        one(&["X.", "*O"], "symmetry none\n"),
        vec![Transform::Identity]
    );
    assert_eq!(
        one(&["X.", "*O"], "symmetry flip_x\n"),
        vec![Transform::Identity, Transform::FlipX]
    );
    assert_eq!(
        one(&["X.", "*O"], "symmetry rot90 rot180 rot270\n"),
        vec![
            Transform::Identity,
            Transform::Rot90,
            Transform::Rot180,
            Transform::Rot270
        ]
    );
    // Requested duplicates are dropped too: the figure is symmetric under rot180.
    assert_eq!(
        one(&["X..", ".*.", "..X"], "symmetry rot90 rot180 rot270\n"),
        vec![Transform::Identity, Transform::Rot90]
    );
    assert_eq!(one(&["X.", "*O"], "symmetry all\n").len(), 8);
}

#[test]
fn corner_figure_matches_in_every_corner() {
    let src = "kind generic\npattern corner {\n|####|\n|#.X.|\n|#.*.|\n|#...|\n}\n";
    let db = pattern_dsl::check("t.db", src).unwrap();
    let mut seen = BTreeSet::new();
    for t in Transform::ALL {
        // The figure's corner point (board (0,0) for the identity) goes to the corner of a
        // 7x7 board that t selects; offsets from it follow t.
        let mut g = Grid::empty(7);
        let corner = |x: i32, y: i32| {
            let (dx, dy) = t.apply(x, y);
            let (ux, uy) = t.apply(1, 1);
            let bx = if ux > 0 { dx } else { 6 + dx };
            let by = if uy > 0 { dy } else { 6 + dy };
            (bx, by)
        };
        let (xx, xy) = corner(1, 0);
        g.set(xx, xy, Some(Side::White));
        let (ax, ay) = corner(1, 1);
        let found = db.match_at(&g, ax, ay, Side::Black);
        assert_eq!(found.len(), 1, "{t:?} at ({ax},{ay}): {found:?}");
        assert_eq!(found[0].transform, t);
        seen.insert(found[0].transform);
    }
    assert_eq!(seen.len(), 8);
}

#[test]
fn stress_databases_compile() {
    for seed in 1..4 {
        let src = pattern_dsl::stress::generate(300, seed);
        let db = pattern_dsl::compile("stress.db", &src, &pattern_dsl::Options::default())
            .unwrap_or_else(|d| panic!("{}", d.render()));
        assert_eq!(db.pattern_count(), 300);
        assert!(db.variant_count() > 300 * 7);
    }
}

#[test]
fn a_lookup_pattern_keeps_its_figure_and_no_variant_while_twins_are_still_refused() {
    // A lookup pattern is found by the engine in a table keyed by its figure: the compiled
    // database lists it (name, value, figure) but its matcher never checks it, and the
    // generated code does not grow with it.
    let src = "kind prior\n\
        pattern looked_up {\n  |.O.|\n  |.*.|\n  |...|\n  lookup\n  value 40\n}\n\
        pattern matched {\n  |.X.|\n  |.*.|\n  |...|\n  value 10\n}\n";
    let db = pattern_dsl::compile("t.db", src, &pattern_dsl::Options::default())
        .unwrap_or_else(|d| panic!("{}", d.render()));
    assert_eq!(db.pattern_count(), 2);
    assert_eq!(
        db.variant_count(),
        4,
        "the matched pattern's four turns only"
    );
    let looked_up = &db.database().patterns[0];
    assert!(looked_up.lookup && looked_up.transforms.len() == 4);
    assert_eq!(looked_up.figure, [".O.", ".*.", "..."]);
    assert!(
        db.source()
            .replace(char::is_whitespace, "")
            .contains("lookup:true")
    );
    // Two lookup patterns with the same shape after a symmetry are still one pattern twice.
    let twins = "kind prior\n\
        pattern a {\n  |.O.|\n  |.*.|\n  |...|\n  lookup\n  value 1\n}\n\
        pattern b {\n  |...|\n  |.*.|\n  |.O.|\n  lookup\n  value 2\n}\n";
    let errors = pattern_dsl::compile("t.db", twins, &pattern_dsl::Options::default())
        .expect_err("twins refused");
    assert!(
        errors.render().contains("is identical to pattern `a`"),
        "{}",
        errors.render()
    );
}
