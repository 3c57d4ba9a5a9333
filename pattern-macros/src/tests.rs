use super::*;

const GOOD: &str = r##"r#"
        kind efficiency
        pattern empty_triangle {
            |OO|
            |*.|
            value -30
        }
    "#"##;

#[test]
fn inline_expands_to_items() {
    let out = expand_inline(GOOD.parse().unwrap()).to_string();
    assert!(out.contains("pub fn match_at"), "{out}");
    assert!(out.contains("\"empty_triangle\""), "{out}");
}

#[test]
fn inline_errors_become_compile_error() {
    let src = r##"r#"
        kind efficiency
        pattern p {
            |OO|
            |..|
        }
    "#"##;
    let out = expand_inline(src.parse().unwrap()).to_string();
    assert!(out.contains("compile_error"), "{out}");
    assert!(out.contains("figure has no `*`"), "{out}");
    assert!(out.contains("has no `value` attribute"), "{out}");
    assert!(out.contains("2 errors in pattern database"), "{out}");
}

#[test]
fn non_literal_input_is_an_error() {
    let out = expand_inline(quote!(kind efficiency)).to_string();
    assert!(out.contains("compile_error"), "{out}");
    assert!(out.contains("usage"), "{out}");
}

#[test]
fn include_reads_relative_to_manifest_dir() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let out = expand_include(quote!("pattern-dsl/tests/fixtures/attack.db"), dir).to_string();
    assert!(out.contains("include_str"), "{out}");
    assert!(out.contains("attack.db"), "{out}");
    assert!(out.contains("pub fn scan"), "{out}");
}

#[test]
fn include_reports_missing_files() {
    let out = expand_include(quote!("no/such/file.db"), "/nonexistent").to_string();
    assert!(out.contains("compile_error"), "{out}");
    assert!(out.contains("cannot read pattern database"), "{out}");
}
