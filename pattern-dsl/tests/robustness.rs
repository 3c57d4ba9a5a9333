//! The compiler never panics, whatever it is fed, and always renders its errors.

use proptest::prelude::*;

fn check_no_panic(src: &str) {
    match pattern_dsl::compile("fuzz.db", src, &pattern_dsl::Options::default()) {
        Ok(db) => {
            let _ = db.tokens();
        }
        Err(d) => {
            assert!(!d.is_empty());
            let r = d.render();
            assert_eq!(
                r.lines().filter(|l| l.starts_with("fuzz.db:")).count(),
                d.len(),
                "{r}"
            );
        }
    }
}

fn fixture_sources() -> Vec<String> {
    let dir = format!("{}/tests/fixtures", env!("CARGO_MANIFEST_DIR"));
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "db"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    v.sort();
    v
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(500) })]

    #[test]
    fn random_text(src in "[ \\n|*.oOxX#?a-cA-C(){}!=<>&-+0-9,/é\\t\\r]{0,200}") {
        check_no_panic(&src);
    }

    #[test]
    fn random_tokens(tokens in prop::collection::vec(prop_oneof![
        Just("kind attack\n"), Just("kind efficiency\n"), Just("pattern p {\n"), Just("pattern q {\n"),
        Just("}\n"), Just("|.X.|\n"), Just("|.*.|\n"), Just("|.A.|\n"), Just("|O*O|\n"), Just("|A*B|\n"),
        Just("\n"), Just("attack A\n"), Just("link A B\n"), Just("value -3\n"), Just("symmetry rot90\n"),
        Just("if lib(A) == 1\n"), Just("if connected(A, B) || !ko(*)\n"), Just("if (\n"), Just("// c\n"),
        Just("|###|\n"), Just("|#*#|\n"), Just("if lib(A) && 3\n"),
    ], 0..30)) {
        check_no_panic(&tokens.concat());
    }

    #[test]
    fn mutated_fixtures(which in 0usize..6, cuts in prop::collection::vec((0usize..4000, 0usize..8), 1..4)) {
        let sources = fixture_sources();
        let mut src = sources[which % sources.len()].clone();
        for (at, len) in cuts {
            let mut at = at.min(src.len());
            while !src.is_char_boundary(at) { at -= 1; }
            let mut end = (at + len).min(src.len());
            while !src.is_char_boundary(end) { end -= 1; }
            src.replace_range(at..end, "");
        }
        check_no_panic(&src);
    }
}

/// Found by `mutated_fixtures`: an unknown attribute in a file without `kind` panicked.
#[test]
fn unknown_attribute_without_kind_is_a_diagnostic() {
    let d = pattern_dsl::check("x.db", "pattern a {\n |O*|\n valu 3\n}\n").unwrap_err();
    let text = d.render();
    assert_eq!(d.len(), 2, "{text}");
    assert!(text.contains("missing `kind` directive"), "{text}");
    assert!(
        text.contains("x.db:3:2: error: unknown attribute `valu` for patterns"),
        "{text}"
    );
}

/// The single error of a file that must fail, as `(line, col, message)`.
fn only_error(src: &str) -> (usize, usize, String) {
    let Err(d) = pattern_dsl::compile("deep.db", src, &pattern_dsl::Options::default()) else {
        panic!("must fail");
    };
    let (line, col) = d.positions()[0];
    (line, col, d.errors()[0].message.clone())
}

/// An attack pattern whose condition (line 7, from column 8) is `condition`.
fn pattern_with(condition: &str) -> String {
    format!(
        "kind attack\npattern p {{\n    |X*|\n\n    |A*|\n    attack A\n    if {condition}\n}}\n"
    )
}

#[test]
fn deep_conditions_fail_at_a_position_instead_of_overflowing_the_stack() {
    let parens = format!("{}lib(a) > 1{}", "(".repeat(2_500), ")".repeat(2_500));
    let (line, col, msg) = only_error(&pattern_with(&parens));
    assert_eq!((line, col), (7, 8 + 64), "{msg}");
    assert!(msg.contains("at most 64 levels of nesting"), "{msg}");

    let nots = format!("{}lib(a) > 1", "!".repeat(10_000));
    let (line, _, msg) = only_error(&pattern_with(&nots));
    assert_eq!(line, 7);
    assert!(msg.contains("at most 64 levels of nesting"), "{msg}");

    let chain = vec!["lib(a) > 1"; 30_000].join(" && ");
    let (line, _, msg) = only_error(&pattern_with(&chain));
    assert_eq!(line, 7);
    assert!(msg.contains("at most 256 operators"), "{msg}");

    // Within the limits, a long condition compiles.
    let fine = vec!["lib(A) > 1"; 100].join(" && ");
    let nested_fine = format!("{}lib(A) > 1{}", "(".repeat(60), ")".repeat(60));
    for condition in [fine, nested_fine] {
        let src = pattern_with(&condition);
        if let Err(d) = pattern_dsl::compile("fine.db", &src, &pattern_dsl::Options::default()) {
            panic!("{}", d.render());
        }
    }
}

#[test]
fn many_bad_lines_are_all_reported() {
    // 40,000 errors: positions come from one line index, not a scan from the start each.
    let src = "kind efficiency\n".to_string() + &"pattern\n".repeat(40_000);
    let Err(d) = pattern_dsl::compile("many.db", &src, &pattern_dsl::Options::default()) else {
        panic!("must fail");
    };
    assert!(d.len() >= 40_000);
    assert_eq!(d.positions().last().unwrap().0, 40_001);
    assert!(d.render().lines().count() > 40_000 * 4);
}

#[test]
fn invalid_utf8_is_an_error_with_its_position() {
    let bytes = b"kind efficiency\npattern p {\n  X\xff*\n}\n";
    let d = pattern_dsl::decode("bad.db", bytes).unwrap_err();
    assert_eq!(d.positions(), vec![(3, 4)]);
    assert!(
        d.render()
            .starts_with("bad.db:3:4: error: invalid UTF-8 (byte 0xff)"),
        "{}",
        d.render()
    );
    assert_eq!(
        pattern_dsl::decode("ok.db", b"kind efficiency\n").unwrap(),
        "kind efficiency\n"
    );
}

#[test]
fn a_label_named_twice_as_a_target_is_no_panic() {
    // Found by the `db` fuzz target: the second `link` named the labels again.
    let src = "kind connection\npattern p {\n    |O*|\n    |XO|\n\n    |A*|\n    |XB|\n    link A B\n    link A B\n}\n";
    check_no_panic(src);
    check_no_panic(&src.replace("link A B\n    link A B", "link A A"));
}
