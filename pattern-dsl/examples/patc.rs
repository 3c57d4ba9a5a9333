//! Compiles a `.db` file and prints the generated module (or the diagnostics), or prints a
//! generated stress database. `--source` prints the compact text `build.rs` writes (what
//! rustc compiles) instead of the formatted code.
//!
//! ```text
//! cargo run -p pattern-dsl --example patc -- [--source] FILE.db
//! cargo run -p pattern-dsl --example patc -- --stress 2000 [SEED] > stress.db
//! ```

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--stress") {
        let count = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(2000);
        let seed = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
        print!("{}", pattern_dsl::stress::generate(count, seed));
        return;
    }
    let source_text = args.first().map(String::as_str) == Some("--source");
    let Some(path) = args.get(usize::from(source_text)) else {
        eprintln!("usage: patc [--source] FILE.db | patc --stress COUNT [SEED]");
        std::process::exit(2);
    };
    let source = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    match pattern_dsl::compile(path, &source, &pattern_dsl::Options::default()) {
        Ok(db) if source_text => print!("{}", db.source()),
        Ok(db) => print!("{}", db.pretty()),
        Err(d) => {
            eprint!("{}", d.render());
            std::process::exit(1);
        }
    }
}
