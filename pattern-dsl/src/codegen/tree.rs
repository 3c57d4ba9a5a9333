//! The decision tree a database compiles to: one cell tested at a time, shared by every
//! variant (pattern x kept transformation) that asks for an exact code there, emitted as
//! nested `match`.
//!
//! A node holds variants with the cell tests they have left. Building a node:
//!
//! * few variants (at most [`LINEAR`]), or no cell that two of them ask an exact code of: a
//!   *leaf*, a straight-line run of each variant's remaining tests;
//! * otherwise a *switch* on the cell the most variants ask an exact code of (ties to the
//!   cell nearest the anchor): each of those variants goes to the arm of its code with that
//!   test done, and the others (don't-care, `o`, `x` there) form the switch's *rest*, tried
//!   after the `match` whatever the cell holds.
//!
//! So every variant sits in exactly one leaf: the generated code grows linearly with the
//! database (a full decision automaton copies a don't-care variant into every arm, which
//! made `attack.db` 45 MB of Rust), and the shared tests are the switches on the way.
//! Leaves record the variants whose figure matched; the module then sorts them into table
//! order and runs their conditions (see `codegen`).

use std::collections::HashMap;

use crate::ir::{Cell, Database};

/// At most this many variants: a straight-line leaf instead of a switch.
pub const LINEAR: usize = 2;

/// One remaining constraint: cell `(dx, dy)` must satisfy `code & mask == value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Test {
    /// Offset from the anchor.
    pub dx: i8,
    /// Offset from the anchor.
    pub dy: i8,
    /// Mask on the 2-bit code.
    pub mask: u8,
    /// Expected value.
    pub value: u8,
}

/// A variant alive at a node: its index in [`Database::variants`] and its untested cells.
pub type Item = (u32, Vec<Test>);

/// A node of the tree.
#[derive(Debug, Clone)]
pub enum Node {
    /// Check each variant's remaining cells in order, straight-line; record those that hold.
    Leaf(Vec<Item>),
    /// `match` on the code of cell `(dx, dy)`: the variants that ask for one exact code there
    /// go to that code's arm (their test on the cell done); then `rest`, the variants that do
    /// not ask for an exact code there, whatever the cell holds.
    Switch {
        /// Offset of the tested cell.
        dx: i8,
        /// Offset of the tested cell.
        dy: i8,
        /// Children for EMPTY, OURS, THEIRS, OFF_BOARD (`None`: nothing to match).
        arms: [Option<Box<Node>>; 4],
        /// The variants the switch does not decide.
        rest: Option<Box<Node>>,
    },
}

impl Node {
    /// Switches and leaf variants in the subtree.
    pub fn size(&self) -> usize {
        match self {
            Node::Leaf(items) => items.len(),
            Node::Switch { arms, rest, .. } => {
                1 + arms.iter().flatten().map(|a| a.size()).sum::<usize>()
                    + rest.as_ref().map_or(0, |r| r.size())
            }
        }
    }

    /// Switch nodes in the subtree.
    pub fn switches(&self) -> usize {
        match self {
            Node::Leaf(_) => 0,
            Node::Switch { arms, rest, .. } => {
                1 + arms.iter().flatten().map(|a| a.switches()).sum::<usize>()
                    + rest.as_ref().map_or(0, |r| r.switches())
            }
        }
    }
}

fn build_node(items: Vec<Item>) -> Option<Box<Node>> {
    if items.is_empty() {
        return None;
    }
    // Cells by the number of variants asking for one exact code there.
    let mut count: HashMap<(i8, i8), usize> = HashMap::new();
    for (_, tests) in &items {
        for t in tests.iter().filter(|t| t.mask == 3) {
            *count.entry((t.dx, t.dy)).or_insert(0) += 1;
        }
    }
    let best = count.iter().max_by_key(|&(&(dx, dy), &n)| {
        let dist = (dx as i32).abs() + (dy as i32).abs();
        (n, -dist, -(dy as i32), -(dx as i32))
    });
    let Some((&(dx, dy), &n)) = best else {
        return Some(Box::new(Node::Leaf(items)));
    };
    if items.len() <= LINEAR || n < 2 {
        return Some(Box::new(Node::Leaf(items)));
    }
    let mut groups: [Vec<Item>; 4] = Default::default();
    let mut rest = Vec::new();
    for (v, mut tests) in items {
        match tests
            .iter()
            .position(|t| t.dx == dx && t.dy == dy && t.mask == 3)
        {
            Some(i) => {
                let t = tests.remove(i);
                groups[t.value as usize].push((v, tests));
            }
            None => rest.push((v, tests)),
        }
    }
    let arms = groups.map(build_node);
    Some(Box::new(Node::Switch {
        dx,
        dy,
        arms,
        rest: build_node(rest),
    }))
}

/// Every variant's constraints: the figure's points other than the anchor and don't-cares,
/// ordered nearest first (the order a leaf checks them in).
pub fn items(db: &Database) -> Vec<Item> {
    db.variants()
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let mut tests: Vec<Test> = v
                .points
                .iter()
                .filter(|p| {
                    !matches!(p.cell, Cell::DontCare | Cell::Anchor) && (p.dx, p.dy) != (0, 0)
                })
                .map(|p| {
                    let (mask, value) = p.cell.mask_value();
                    Test {
                        dx: p.dx as i8,
                        dy: p.dy as i8,
                        mask,
                        value,
                    }
                })
                .collect();
            tests.sort_by_key(|t| {
                (
                    (t.dx as i32).abs() + (t.dy as i32).abs(),
                    t.dy,
                    t.dx,
                    t.mask,
                )
            });
            tests.dedup();
            (i as u32, tests)
        })
        .collect()
}

/// Builds the decision tree of `db`; `None` for a database without variants.
pub fn build(db: &Database) -> Option<Box<Node>> {
    build_node(items(db))
}
