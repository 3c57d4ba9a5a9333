//! `tesuji patterns explain`: on a real position, names the pattern that matched and the near
//! misses with the point that fails.

use std::process::Command;

fn explain(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_tesuji"))
        .args(["patterns", "explain"])
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("tesuji runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn explain_names_the_match_and_the_failing_cells_of_near_misses() {
    let out = explain(&["tests/data/midgame.sgf", "G17", "--color", "black"]);
    assert!(
        out.contains(
            "match      black owl_attack:cut_the_diagonal (rot90, patterns/owl_attack.db line 73)"
        ),
        "{out}"
    );
    // The same pattern under another transformation fails on two points, named.
    assert!(
        out.contains(
            "near miss  black owl_attack:cut_the_diagonal (identity, patterns/owl_attack.db line 73): \
             F16 should be empty ('.') but is their stone; G16 should be their stone ('X') but is empty"
        ),
        "{out}"
    );
    // The other match: the point's 3×3 shape in the move-prediction database (its feature
    // weights, `*` alone, are not listed).
    assert!(
        out.contains("match      black prior:shape_0998 (identity, patterns/prior.db line"),
        "{out}"
    );
    // And its wide shape: the same ring with White's G19 two lines north.
    assert!(
        out.contains("match      black prior:wide_020998 (identity, patterns/prior.db line"),
        "{out}"
    );
    assert!(!out.contains("prior:capture_"), "{out}");
    assert!(out.contains("3 matches, "), "{out}");
}

#[test]
fn explain_an_occupied_point_has_no_match() {
    // H17 holds a black stone: nothing can match there, and near misses name the anchor.
    let out = explain(&[
        "tests/data/midgame.sgf",
        "H17",
        "--color",
        "black",
        "--misses",
        "1",
    ]);
    assert!(out.contains("0 matches, "), "{out}");
    assert!(out.lines().any(|l| l.starts_with("near miss")), "{out}");
    assert!(
        out.lines()
            .filter(|l| l.starts_with("near miss"))
            .all(|l| l.contains("H17 should be empty ('*') but is our stone")),
        "{out}"
    );
}

#[test]
fn explain_rejects_a_bad_vertex() {
    let out = Command::new(env!("CARGO_BIN_EXE_tesuji"))
        .args(["patterns", "explain", "tests/data/midgame.sgf", "Z99"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("tesuji runs");
    assert!(!out.status.success());
}
