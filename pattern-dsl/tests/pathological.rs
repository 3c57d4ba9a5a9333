//! Pathological databases compile through `pattern_dsl::compile` (code generated and parsed
//! back as Rust) in bounded time and code, or fail with a positioned message: a 25x25 figure,
//! a larger one, 10,000 small patterns, and deeply nested conditions (see also
//! `robustness.rs`).

use std::time::{Duration, Instant};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// A `size` x `size` figure of random cells with `*` at `(ax, ay)`.
fn figure(size: usize, ax: usize, ay: usize, seed: u64) -> String {
    let mut rng = Rng(seed * 2 + 1);
    let mut rows = String::new();
    for y in 0..size {
        rows.push_str("    |");
        for x in 0..size {
            let c = if (x, y) == (ax, ay) {
                '*'
            } else {
                b".OXoxx??"[(rng.next() % 8) as usize] as char
            };
            rows.push(c);
        }
        rows.push_str("|\n");
    }
    rows
}

/// Compiles `src`, generates its code and parses that back as Rust: the whole of what the
/// build does but rustc. Returns the token text's length and the time taken.
fn compile_all(name: &str, src: &str) -> Result<(usize, Duration), pattern_dsl::Diagnostics> {
    let t = Instant::now();
    let db = pattern_dsl::compile(name, src, &pattern_dsl::Options::default())?;
    let tokens = db.tokens();
    let len = tokens.to_string().len();
    syn::parse2::<syn::File>(tokens).expect("generated code parses as Rust");
    Ok((len, t.elapsed()))
}

#[test]
fn a_25x25_figure_compiles() {
    // Anchor in a corner: the footprint reaches 24 points away, under all 8 symmetries.
    let src = format!(
        "kind generic\npattern huge {{\n{}    symmetry all\n}}\n",
        figure(25, 0, 0, 5)
    );
    let (len, took) = compile_all("huge.db", &src).unwrap_or_else(|d| panic!("{}", d.render()));
    assert!(took < Duration::from_secs(20), "{took:?}");
    assert!(len < 4_000_000, "{len} bytes of code for one pattern");
    // And a few of them, centred.
    let mut src = String::from("kind generic\n");
    for i in 0..4 {
        src.push_str(&format!(
            "pattern huge{i} {{\n{}    symmetry all\n}}\n",
            figure(25, 12, 12, 11 + i)
        ));
    }
    let (len, took) = compile_all("huge4.db", &src).unwrap_or_else(|d| panic!("{}", d.render()));
    assert!(took < Duration::from_secs(20), "{took:?}");
    assert!(len < 8_000_000, "{len}");
}

#[test]
fn a_figure_larger_than_the_largest_board_compiles_or_fails_at_a_position() {
    let src = format!(
        "kind generic\npattern giant {{\n{}}}\n",
        figure(40, 20, 20, 9)
    );
    match compile_all("giant.db", &src) {
        Ok((_, took)) => assert!(took < Duration::from_secs(20), "{took:?}"),
        Err(d) => {
            let rendered = d.render();
            assert!(rendered.contains("giant.db:"), "{rendered}");
            assert!(!d.positions().is_empty());
        }
    }
}

#[test]
fn ten_thousand_small_patterns_compile_in_bounded_time_and_code() {
    let src = pattern_dsl::stress::generate(10_000, 3);
    let (len, took) =
        compile_all("ten_thousand.db", &src).unwrap_or_else(|d| panic!("{}", d.render()));
    // 80,000 variants: the copies the tree makes stay within its code budget.
    assert!(took < Duration::from_secs(120), "{took:?}");
    assert!(len < 60_000_000, "{len} bytes of code");
}

#[test]
fn ten_thousand_tiny_patterns_that_differ_in_one_cell_compile() {
    // Every pattern has the same shape: the tree cannot split them by shape, only by cells.
    let mut src = String::from("kind generic\n");
    let mut rng = Rng(77);
    let mut seen = std::collections::HashSet::new();
    let mut n = 0;
    while n < 10_000 {
        let cells: String = (0..8)
            .map(|_| b".OXox?"[(rng.next() % 6) as usize] as char)
            .collect();
        if !seen.insert(cells.clone()) {
            continue;
        }
        let c: Vec<char> = cells.chars().collect();
        src.push_str(&format!(
            "pattern t{n} {{\n    |{}{}{}|\n    |{}*{}|\n    |{}{}{}|\n    symmetry identity\n}}\n",
            c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]
        ));
        n += 1;
    }
    let (_, took) = compile_all("tiny.db", &src).unwrap_or_else(|d| panic!("{}", d.render()));
    assert!(took < Duration::from_secs(120), "{took:?}");
}

#[test]
fn deeply_nested_conditions_compile_within_the_limits_and_fail_beyond_at_a_position() {
    let condition = |depth: usize| format!("{}lib(A) > 1{}", "(".repeat(depth), ")".repeat(depth));
    let src = |c: &str| {
        format!("kind attack\npattern p {{\n    |X*|\n\n    |A*|\n    attack A\n    if {c}\n}}\n")
    };
    // 64 levels of nesting: generated and parsed back (rustc sees the same nesting).
    compile_all("nested.db", &src(&condition(63))).unwrap_or_else(|d| panic!("{}", d.render()));
    let Err(d) = compile_all("nested.db", &src(&condition(5_000))) else {
        panic!("5,000 levels must fail");
    };
    assert_eq!(d.positions()[0].0, 7, "{}", d.render());
    assert!(d.render().contains("nested.db:7:"), "{}", d.render());
}
