//! Generates large, valid pattern databases for compile-time and matching benchmarks.

use std::fmt::Write;

/// A small deterministic xorshift generator (no dependency needed).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// An `efficiency` database of `count` random patterns on radius-3 diamonds (rows
/// 1-3-5-7-5-3-1 of the 7x7 square around `*`, i.e. up to 24 points), about a fifth drawn
/// against an edge and about a third with conditions on labelled points. Deterministic in
/// `seed`. Identical figures are astronomically unlikely; the result compiles without errors
/// for every seed tried in the tests.
pub fn generate(count: usize, seed: u64) -> String {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "// Stress database: {count} random patterns, seed {seed}."
    );
    let _ = writeln!(out, "kind efficiency\n");
    for n in 0..count {
        let edge = rng.below(5) == 0;
        let mut grid = [[' '; 7]; 7];
        for (y, row) in grid.iter_mut().enumerate() {
            for (x, c) in row.iter_mut().enumerate() {
                let d = (x as i32 - 3).abs() + (y as i32 - 3).abs();
                if d > 3 {
                    continue;
                }
                *c = match rng.below(100) {
                    0..=34 => '?',
                    35..=59 => '.',
                    60..=69 => 'O',
                    70..=79 => 'X',
                    80..=89 => 'o',
                    _ => 'x',
                };
            }
        }
        if edge {
            for c in grid[6].iter_mut() {
                if *c != ' ' {
                    *c = '#';
                }
            }
        }
        grid[3][3] = '*';
        // A label on a stone for conditions.
        let stone = grid
            .iter()
            .enumerate()
            .flat_map(|(y, r)| r.iter().enumerate().map(move |(x, c)| (x, y, *c)))
            .find(|&(_, _, c)| c == 'O' || c == 'X');
        let conditional = rng.below(3) == 0;
        let _ = writeln!(out, "// random shape {n}");
        let _ = writeln!(out, "pattern p{n} {{");
        for row in &grid {
            let _ = writeln!(out, "  |{}|", row.iter().collect::<String>());
        }
        let mut conds = Vec::new();
        if conditional {
            if let Some((sx, sy, _)) = stone {
                let _ = writeln!(out);
                for (y, row) in grid.iter().enumerate() {
                    let r: String = row
                        .iter()
                        .enumerate()
                        .map(|(x, &c)| if (x, y) == (sx, sy) { 'A' } else { c })
                        .collect();
                    let _ = writeln!(out, "  |{r}|");
                }
                conds.push(format!("if lib(A) >= {}", 1 + rng.below(3)));
            }
            if rng.below(2) == 0 {
                conds.push("if !self_atari(*) && edge_dist(*) > 0".to_string());
            }
        }
        let value = rng.below(101) as i64 - 50;
        let _ = writeln!(out, "  value {value}");
        for c in conds {
            let _ = writeln!(out, "  {c}");
        }
        let _ = writeln!(out, "}}\n");
    }
    out
}
