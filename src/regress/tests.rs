use super::*;

#[test]
fn expectation_lines_parse_like_run_tst() {
    let t = parse_tst(
        "# c\nloadsgf games/x.sgf 12\n1 attack A1 # note\n#? [1 (A2|B1)]*\n\
         2 defend A1\n#? [!0]\n3 x\n#? [undecided\n4 y\n#? [z]&\n",
    );
    assert_eq!(t.order, ["1", "2", "3", "4"]);
    let e = &t.expectations["1"];
    assert_eq!(e.command, "1 attack A1 # note");
    assert_eq!(
        (e.spec.as_str(), e.xfail, e.ignore),
        ("1 (A2|B1)", true, false)
    );
    assert_eq!(t.expectations["2"].spec, "!0");
    assert_eq!(t.expectations["3"].spec, "undecided");
    assert!(t.expectations["4"].ignore);
}

#[test]
fn grading_uses_textual_anchors() {
    assert!(grade("1 A1|B2", "1 A1"));
    assert!(grade("1 A1|B2", "3 B2"));
    assert!(
        grade("1 A1|B2", "1 A1 and more"),
        "^1 A1 is one alternative"
    );
    assert!(!grade("1 A1|B2", "0 A1"));
    assert!(grade("1 (A1|B2)", "1 B2"));
    assert!(!grade("1 (A1|B2)", "3 B2"));
    assert!(grade("!0", "1 A1"));
    assert!(!grade("!0", "0"));
    assert!(
        grade("a(b", "a(b"),
        "a bad pattern is compared for equality"
    );
}

#[test]
fn responses_and_paths() {
    assert_eq!(parse_response_line("=12 1 G1"), Some((true, "12", "1 G1")));
    assert_eq!(
        parse_response_line("?3 unknown"),
        Some((false, "3", "unknown"))
    );
    assert_eq!(parse_response_line("= 1"), None);
    assert_eq!(
        resolve_line("loadsgf games/a.sgf 3", b"dir").unwrap(),
        b"loadsgf dir/games/a.sgf 3"
    );
    assert_eq!(
        resolve_line("7 loadsgf /abs.sgf", b"dir").unwrap(),
        b"7 loadsgf /abs.sgf"
    );
    assert_eq!(
        resolve_line("loadsgf a.sgf", b"").unwrap(),
        b"loadsgf a.sgf"
    );
    assert_eq!(
        shell_split("a 'b c' \"d\\\"e\" f\\ g").unwrap(),
        ["a", "b c", "d\"e", "f g"]
    );
}
