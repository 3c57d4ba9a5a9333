//! Snapshots of rendered diagnostics for malformed databases (`tests/fixtures/errors/`).

use std::path::Path;

fn error_fixtures() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/errors");
    let mut out: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "db"))
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    out.sort();
    out
}

fn diagnostics(name: &str, source: &str) -> pattern_dsl::Diagnostics {
    match pattern_dsl::compile(
        &format!("{name}.db"),
        source,
        &pattern_dsl::Options::default(),
    ) {
        Ok(_) => panic!("{name}.db compiled without errors"),
        Err(d) => d,
    }
}

#[test]
fn rendered_diagnostics() {
    let fixtures = error_fixtures();
    assert!(fixtures.len() >= 15, "{} error fixtures", fixtures.len());
    for (name, source) in fixtures {
        let d = diagnostics(&name, &source);
        insta::assert_snapshot!(format!("diag_{name}"), d.render());
    }
}

#[test]
fn every_block_starts_with_file_line_col() {
    for (name, source) in error_fixtures() {
        let d = diagnostics(&name, &source);
        let rendered = d.render();
        let headers: Vec<&str> = rendered
            .lines()
            .filter(|l| l.starts_with(&format!("{name}.db:")))
            .collect();
        assert_eq!(headers.len(), d.len(), "{rendered}");
        for (h, (line, col)) in headers.iter().zip(d.positions()) {
            assert!(
                h.starts_with(&format!("{name}.db:{line}:{col}: error: ")),
                "{h}"
            );
        }
    }
}

fn messages(name: &str) -> Vec<String> {
    let source = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/errors")
            .join(format!("{name}.db")),
    )
    .unwrap();
    diagnostics(name, &source)
        .errors()
        .iter()
        .map(|e| e.message.clone())
        .collect()
}

#[test]
fn a_file_with_several_errors_reports_all_of_them() {
    let m = messages("many_errors");
    let expect = [
        "ragged figure",
        "duplicate pattern name `fine`",
        "type error: operand of `&&` must be bool, found int",
        "type error: operand of `&&` must be bool, found int",
        "unknown predicate `unknown`",
        "unknown attribute `value` for attack patterns",
        "attack pattern `no_target` has no `attack` attribute",
    ];
    for e in expect {
        assert!(m.iter().any(|x| x.contains(e)), "missing {e:?} in {m:#?}");
    }
    assert_eq!(m.len(), expect.len(), "{m:#?}");
}

#[test]
fn specific_messages() {
    let cases: &[(&str, &[&str])] = &[
        (
            "ragged_figure",
            &["ragged figure: this row has 2 columns, the first row has 3"],
        ),
        ("missing_star", &["figure has no `*`"]),
        ("double_star", &["more than one `*` in the figure"]),
        ("label_on_star", &["label `m` on `*`"]),
        (
            "unknown_character",
            &[
                "unknown figure character `@`",
                "unknown figure character `Q`",
            ],
        ),
        ("unknown_label", &["unknown label `B`"]),
        (
            "label_shape",
            &["label diagram row has 4 columns, the figure has 3"],
        ),
        (
            "argument_kind",
            &[
                "`lib` needs a point that may hold a stone, but `*` is the (empty) move point",
                "`self_atari` needs a point that may be empty, but `A` is on `X`",
                "`lib` needs a point that may hold a stone, but `a` is on `.`",
                "argument of `ko` must be a point",
            ],
        ),
        ("unknown_predicate", &["unknown predicate `liberties`"]),
        (
            "wrong_arity",
            &[
                "`connected` takes 2 arguments, found 1",
                "`lib` takes 1 argument, found 2",
            ],
        ),
        ("duplicate_name", &["duplicate pattern name `twice`"]),
        (
            "identical_after_symmetry",
            &[
                "pattern `empty_triangle_rotated` is identical to pattern `empty_triangle` transformed by `rot90`",
            ],
        ),
        (
            "unknown_attribute",
            &[
                "unknown attribute `value` for attack patterns",
                "unknown attribute `priority` for attack patterns",
            ],
        ),
        (
            "bad_mark",
            &["unknown mark `brilliant`", "`mark` takes one name"],
        ),
        (
            "missing_attribute",
            &["connection pattern `no_link` has no `link` attribute"],
        ),
        ("offboard_inside", &["off-board point `#` inside the board"]),
        (
            "unterminated_pattern",
            &[
                "unterminated pattern `first`",
                "unterminated pattern `second`",
            ],
        ),
        ("missing_kind", &["missing `kind` directive"]),
        ("unknown_kind", &["unknown kind `tesuji`"]),
        ("condition_not_bool", &["condition must be bool, found int"]),
        ("unclosed_row", &["figure row is not closed with `|`"]),
        ("bad_symmetry", &["unknown symmetry `rot45`"]),
        ("duplicate_label", &["label `A` is defined twice"]),
    ];
    for (name, expected) in cases {
        let m = messages(name);
        assert_eq!(m.len(), expected.len(), "{name}: {m:#?}");
        for e in *expected {
            assert!(
                m.iter().any(|x| x.contains(e)),
                "{name}: missing {e:?} in {m:#?}"
            );
        }
    }
}

#[test]
fn render_lines_up_carets_with_tabs() {
    let src = "kind efficiency\npattern p {\n\t|.@*|\n\tvalue 1\n}\n";
    let d = pattern_dsl::compile("t.db", src, &pattern_dsl::Options::default()).unwrap_err();
    let r = d.render();
    assert!(r.contains("3 | \t|.@*|\n  | \t  ^\n"), "{r}");
}
