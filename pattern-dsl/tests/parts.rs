//! A database's variants split into parts by radius (`codegen::tree::parts`), a tree each,
//! and where a part can match as far as the board's edges go (`possible_anchors`): what the
//! incremental index relies on to re-match few trees at few anchors.

use pattern_dsl::codegen::tree::{self, Item};

fn items(src: &str) -> Vec<Item> {
    tree::items(&pattern_dsl::check("t.db", src).unwrap_or_else(|d| panic!("{}", d.render())))
}

fn radii(part: &[Item]) -> (i32, i32) {
    let r = part.iter().map(|(_, t)| tree::radius(t));
    (r.clone().min().unwrap(), r.max().unwrap())
}

#[test]
fn small_and_large_figures_go_to_different_parts() {
    // Many small shapes (radius 2 and 3) and two large edge shapes (radius 6).
    let mut src = pattern_dsl::stress::generate(300, 5);
    src.push_str(
        "pattern cap {\n|.*.|\n|...|\n|.X.|\n|...|\n|...|\n|...|\n|###|\nvalue 5\n}\n\
         pattern wide_cap {\n|..*..|\n|.....|\n|..X..|\n|.....|\n|.....|\n|.....|\n|#####|\nvalue 5\n}\n",
    );
    let all = items(&src);
    let n = all.len();
    let parts = tree::parts(all);
    assert!(parts.len() >= 2, "{} parts", parts.len());
    assert!(parts.len() <= tree::MAX_PARTS);
    // Every variant in one part, each part's variants in table order, radii ascending.
    let mut seen: Vec<u32> = parts.iter().flatten().map(|(v, _)| *v).collect();
    assert!(parts.iter().all(|p| p.windows(2).all(|w| w[0].0 < w[1].0)));
    seen.sort_unstable();
    assert_eq!(seen, (0..n as u32).collect::<Vec<_>>());
    for w in parts.windows(2) {
        assert!(radii(&w[0]).1 < radii(&w[1]).0);
    }
    assert_eq!(radii(parts.last().unwrap()), (6, 6));
}

#[test]
fn figures_of_one_radius_stay_one_part() {
    let mut src = String::from("kind generic\n");
    for (i, row) in ["X.O", "XX.", ".OO", "OOX", "xo.", "..X"]
        .iter()
        .enumerate()
    {
        src.push_str(&format!("pattern p{i} {{\n|{row}|\n|.*.|\n|...|\n}}\n"));
    }
    let parts = tree::parts(items(&src));
    assert_eq!(parts.len(), 1);
}

/// Bit of anchor `(x, y)` on a board of side `n` in `possible_anchors`' layout.
fn possible(bits: &[u64], n: i32, x: i32, y: i32) -> bool {
    let at = ((n - 1) * n * (2 * n - 1) / 6 + y * n + x) as usize;
    bits.is_empty() || bits[at / 64] >> (at % 64) & 1 == 1
}

#[test]
fn an_edge_figure_is_possible_only_along_its_edge() {
    let src = "kind generic\npattern p {\n|.*.|\n|###|\nsymmetry none\n}\n";
    let bits = tree::possible_anchors(&items(src));
    for n in 1..=tree::BOARD_SIZES {
        for y in 0..n {
            for x in 0..n {
                let want = y == n - 1 && x >= 1 && x <= n - 2;
                assert_eq!(possible(&bits, n, x, y), want, "({x}, {y}) on {n}x{n}");
            }
        }
    }
    // A figure that needs a point on each side of the anchor: anywhere but the first line.
    let src = "kind generic\npattern p {\n|.*.|\n}\n";
    let bits = tree::possible_anchors(&items(src));
    assert!(possible(&bits, 19, 9, 0) && possible(&bits, 19, 0, 9));
    assert!(!possible(&bits, 19, 0, 0) && !possible(&bits, 1, 0, 0));
    // A lone anchor is possible everywhere: no table.
    let src = "kind generic\npattern p {\n|*|\n}\n";
    assert!(tree::possible_anchors(&items(src)).is_empty());
}
