//! The matching window of a database: which offsets around the anchor a matcher packs.

use std::collections::BTreeSet;

use crate::ir::Database;

impl Database {
    /// The union footprint of all variants (offsets of constrained points, anchor excluded),
    /// always starting with the four orthogonal neighbours `(1,0) (0,1) (-1,0) (0,-1)`, then
    /// ordered by Manhattan distance, then by row, then by column. Matchers pack the
    /// neighbourhood of an anchor in this order, 2 bits a point.
    pub fn footprint(&self) -> Vec<(i32, i32)> {
        let first = [(1, 0), (0, 1), (-1, 0), (0, -1)];
        let mut rest: BTreeSet<(i32, i32, i32)> = BTreeSet::new();
        for (_, p) in self.matched_patterns() {
            for &t in &p.transforms {
                for q in &p.points {
                    let (dx, dy) = t.apply(q.dx, q.dy);
                    if !first.contains(&(dx, dy)) {
                        rest.insert((dx.abs() + dy.abs(), dy, dx));
                    }
                }
            }
        }
        first
            .into_iter()
            .chain(rest.into_iter().map(|(_, dy, dx)| (dx, dy)))
            .collect()
    }
}
