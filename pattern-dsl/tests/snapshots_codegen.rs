//! Snapshots of the generated code (prettyplease) for every fixture database.

use std::path::Path;

fn fixtures() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
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

#[test]
fn generated_code() {
    let fixtures = fixtures();
    assert!(fixtures.len() >= 6);
    for (name, source) in fixtures {
        let file = format!("{name}.db");
        let db = pattern_dsl::compile(&file, &source, &pattern_dsl::Options::default())
            .unwrap_or_else(|d| panic!("{}", d.render()));
        insta::assert_snapshot!(format!("codegen_{name}"), db.pretty());
    }
}

#[test]
fn generated_code_parses_as_rust() {
    for (name, source) in fixtures() {
        let db = pattern_dsl::compile(&name, &source, &pattern_dsl::Options::default()).unwrap();
        syn::parse2::<syn::File>(db.tokens()).expect("generated code parses");
    }
}

#[test]
fn runtime_path_is_configurable() {
    let (_, source) = fixtures().into_iter().find(|f| f.0 == "attack").unwrap();
    let options = pattern_dsl::Options {
        runtime: "crate::engine".to_string(),
    };
    let db = pattern_dsl::compile("attack.db", &source, &options).unwrap();
    let code = db.pretty();
    assert!(
        code.contains("use crate::engine::pattern as __rt;"),
        "{code}"
    );
    assert!(code.contains("us: crate::engine::board::Color"), "{code}");
    assert!(!code.contains("tesuji_engine"));
}

/// What build scripts write (`CompiledDatabase::source`) is the same tokens, broken into
/// lines (one line of megabytes makes rustc slow, see `codegen::lines`).
#[test]
fn build_script_source_is_the_tokens_in_lines() {
    for (name, source) in fixtures() {
        let db = pattern_dsl::compile(&name, &source, &pattern_dsl::Options::default()).unwrap();
        let text = db.source();
        let reparsed: proc_macro2::TokenStream = text.parse().expect("source lexes");
        assert_eq!(reparsed.to_string(), db.tokens().to_string(), "{name}");
        syn::parse_file(&text).expect("source parses");
        let longest = text.lines().map(str::len).max().unwrap_or(0);
        assert!(longest < 5_000, "{name}: a line of {longest} bytes");
    }
}
