//! The engine's layers use only the layers below them.
//!
//! Reads every source file under `engine/src/<layer>/` and every path it names through
//! `crate::` or `tesuji_engine::` (imports, and paths written in full in the code), and fails
//! on a path into a layer above the file's own. Comments are skipped: a doc link may point
//! anywhere. The order of the layers is written once, in [`LAYERS`].

use std::path::{Path, PathBuf};

/// Bottom first: a layer may use the ones before it in this list.
const LAYERS: [&str; 6] = ["board", "pattern", "tactics", "eval", "play", "gtp"];

fn rank(layer: &str) -> Option<usize> {
    LAYERS.iter().position(|&l| l == layer)
}

/// One path into a layer above the file's own.
#[derive(Debug, PartialEq, Eq)]
struct UpwardUse {
    file: String,
    line: usize,
    from: &'static str,
    to: String,
}

/// The upward uses in one file's source, the file belonging to `layer`.
fn upward_uses(file: &str, layer: &'static str, source: &str) -> Vec<UpwardUse> {
    let own = rank(layer).expect("a known layer");
    let mut found = Vec::new();
    for (i, line) in source.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        for root in ["crate::", "tesuji_engine::"] {
            let mut rest = code;
            while let Some(at) = rest.find(root) {
                let after = &rest[at + root.len()..];
                let name: String = after
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                // `crate::{a::x, b::y}`: every name in the braces.
                let names: Vec<String> = if let Some(group) = after.strip_prefix('{') {
                    group
                        .split([',', '}'])
                        .map(|s| {
                            s.trim()
                                .chars()
                                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                                .collect()
                        })
                        .collect()
                } else {
                    vec![name]
                };
                for name in names {
                    if rank(&name).is_some_and(|r| r > own) {
                        found.push(UpwardUse {
                            file: file.to_string(),
                            line: i + 1,
                            from: layer,
                            to: name,
                        });
                    }
                }
                rest = after;
            }
        }
    }
    found
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable source folder") {
        let path = entry.expect("readable entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_layer_uses_a_layer_above_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut violations = Vec::new();
    let mut checked = 0;
    for layer in LAYERS {
        let mut files = Vec::new();
        rust_files(&src.join(layer), &mut files);
        assert!(!files.is_empty(), "layer folder src/{layer} is missing");
        for path in files {
            let source = std::fs::read_to_string(&path).expect("readable source");
            let name = path.strip_prefix(&src).unwrap().display().to_string();
            violations.extend(upward_uses(&name, layer, &source));
            checked += 1;
        }
    }
    assert!(checked > 30, "only {checked} files read");
    assert!(
        violations.is_empty(),
        "layers used from below (a layer may use only those before it in {LAYERS:?}):\n{}",
        violations
            .iter()
            .map(|v| format!("  src/{}:{}: {} uses {}", v.file, v.line, v.from, v.to))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn the_checker_sees_an_upward_import_in_every_form() {
    let source = "use crate::board::Board;\n\
                  use crate::eval::owl::Owl;\n\
                  // use crate::gtp::GtpEngine; (a comment: not a use)\n\
                  use crate::{board::Move, play::movegen};\n\
                  fn f() { tesuji_engine::tactics::reading::attack(); }\n";
    let found = upward_uses("board/x.rs", "board", source);
    let to: Vec<(usize, &str)> = found.iter().map(|v| (v.line, v.to.as_str())).collect();
    assert_eq!(to, [(2, "eval"), (4, "play"), (5, "tactics")]);
    assert!(upward_uses("gtp/x.rs", "gtp", source).is_empty());
}
