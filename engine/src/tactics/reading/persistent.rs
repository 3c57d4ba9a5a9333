//! The persistent reading cache: top-level results kept across moves (GNU Go's scheme, as its
//! documentation describes it; no code is taken from it).
//!
//! The transposition table forgets everything when the position changes. The most expensive
//! top-level answers are worth keeping longer: a result read on one board is still right on
//! another where nothing the reading looked at has changed. Each entry keeps the *reading
//! shadow* of its search (every point played or considered while reading it), grown into an
//! *active area*: the shadow, two steps around it, and the stones, liberties and neighbours of
//! every string in there and of the strings next to those. An entry answers only when every
//! cell of its active area holds what it held when the entry was stored (and the question, the
//! reading settings and the ko point match); it is dropped as soon as a real move, an undo or a
//! setup changes a cell of its area.
//!
//! Capacity is fixed when the cache is made; when it is full, entries no longer valid for the
//! current board go first, then the cheapest (fewest nodes to read again).

use super::tt::Routine;
use crate::board::{Board, Cell, Color, NUM_CELLS, Point};

const WORDS: usize = NUM_CELLS.div_ceil(64);

/// A set of points of the padded board as a bitset: no allocation, O(1) insert.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct PointSet {
    words: [u64; WORDS],
}

impl Default for PointSet {
    fn default() -> PointSet {
        PointSet::new()
    }
}

impl std::fmt::Debug for PointSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter().map(|p| p.0)).finish()
    }
}

impl PointSet {
    #[inline]
    pub const fn new() -> PointSet {
        PointSet { words: [0; WORDS] }
    }

    #[inline]
    pub fn clear(&mut self) {
        self.words = [0; WORDS];
    }

    #[inline]
    pub fn insert(&mut self, p: Point) {
        let i = p.index();
        if i < NUM_CELLS {
            self.words[i / 64] |= 1 << (i % 64);
        }
    }

    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        let i = p.index();
        i < NUM_CELLS && self.words[i / 64] & (1 << (i % 64)) != 0
    }

    #[inline]
    pub fn union_with(&mut self, other: &PointSet) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a |= b;
        }
    }

    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The points, in index order.
    pub fn iter(&self) -> impl Iterator<Item = Point> + '_ {
        self.words.iter().enumerate().flat_map(|(k, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let bit = w.trailing_zeros() as usize;
                w &= w - 1;
                Some(Point((k * 64 + bit) as u16))
            })
        })
    }
}

/// What a cached answer answers: the question, its strings (origins), and a digest of every
/// setting the answer depends on (reading depths, root depth, pattern set).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CacheKey {
    pub routine: Routine,
    pub str1: Point,
    pub str2: Point,
    pub settings: u64,
}

/// Counters of a persistent cache.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PersistentStats {
    /// Questions answered from the cache.
    pub hits: u64,
    /// Questions read because no valid entry answered them.
    pub misses: u64,
    /// Answers stored.
    pub stores: u64,
    /// Entries dropped because a cell of their active area changed.
    pub invalidated: u64,
    /// Valid entries pushed out by a more expensive answer.
    pub evicted: u64,
    /// Reading nodes the hits did not have to search again.
    pub nodes_saved: u64,
}

struct Entry {
    key: CacheKey,
    result: (i32, Point),
    /// Nodes the search took: what a hit saves, and the eviction order.
    cost: u64,
    area: PointSet,
    /// The board's cells when stored (only those of `area` are compared).
    cells: Box<[Cell; NUM_CELLS]>,
    ko: Option<(Point, Color)>,
    size: usize,
}

impl Entry {
    /// Every cell of the active area is as it was, and so is a ko point that matters.
    fn valid_for(&self, b: &Board) -> bool {
        if b.size() != self.size {
            return false;
        }
        let ko_now = b.ko_point();
        if ko_now != self.ko {
            let inside = |k: Option<(Point, Color)>| k.is_some_and(|(p, _)| self.area.contains(p));
            if inside(ko_now) || inside(self.ko) {
                return false;
            }
        }
        self.area.iter().all(|p| b.cell(p) == self.cells[p.index()])
    }
}

/// Top-level reading results with their active areas (see the module documentation).
pub struct PersistentCache {
    entries: Vec<Entry>,
    capacity: usize,
    stats: PersistentStats,
}

/// GNU Go keeps about this many reading results.
pub const DEFAULT_CAPACITY: usize = 150;

impl PersistentCache {
    /// An empty cache of at most `capacity` entries (at least one).
    pub fn new(capacity: usize) -> PersistentCache {
        let capacity = capacity.max(1);
        PersistentCache {
            entries: Vec::with_capacity(capacity),
            capacity,
            stats: PersistentStats::default(),
        }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn stats(&self) -> PersistentStats {
        self.stats
    }

    /// Forgets every entry (the counters stay).
    pub fn clear(&mut self) {
        self.entries.clear();
    }

    /// Drops every entry a cell of whose active area differs on `b` (after a real move, an
    /// undo or a setup).
    pub fn forget_changed(&mut self, b: &Board) {
        let before = self.entries.len();
        self.entries.retain(|e| e.valid_for(b));
        self.stats.invalidated += (before - self.entries.len()) as u64;
    }

    /// The stored answer to `key` if its active area is unchanged on `b`; an entry for `key`
    /// whose area changed is dropped.
    pub(crate) fn lookup(&mut self, b: &Board, key: &CacheKey) -> Option<(i32, Point)> {
        let Some(i) = self.entries.iter().position(|e| e.key == *key) else {
            self.stats.misses += 1;
            return None;
        };
        if self.entries[i].valid_for(b) {
            self.stats.hits += 1;
            self.stats.nodes_saved += self.entries[i].cost;
            return Some(self.entries[i].result);
        }
        self.entries.swap_remove(i);
        self.stats.invalidated += 1;
        self.stats.misses += 1;
        None
    }

    /// Stores an answer read on `b` (the root position) at a cost of `cost` nodes, with its
    /// active area.
    pub(crate) fn store(
        &mut self,
        b: &Board,
        key: CacheKey,
        result: (i32, Point),
        cost: u64,
        area: PointSet,
    ) {
        let slot = if let Some(i) = self.entries.iter().position(|e| e.key == key) {
            Some(i)
        } else if self.entries.len() < self.capacity {
            None
        } else if let Some(i) = self.entries.iter().position(|e| !e.valid_for(b)) {
            self.stats.invalidated += 1;
            Some(i)
        } else {
            let (i, cheapest) = self
                .entries
                .iter()
                .enumerate()
                .min_by_key(|(_, e)| e.cost)
                .expect("a full cache has entries");
            if cheapest.cost >= cost {
                return;
            }
            self.stats.evicted += 1;
            Some(i)
        };
        self.stats.stores += 1;
        let fill = |cells: &mut [Cell; NUM_CELLS]| {
            for (i, c) in cells.iter_mut().enumerate() {
                *c = b.cell(Point(i as u16));
            }
        };
        match slot {
            Some(i) => {
                let e = &mut self.entries[i];
                fill(&mut e.cells);
                e.key = key;
                e.result = result;
                e.cost = cost;
                e.area = area;
                e.ko = b.ko_point();
                e.size = b.size();
            }
            None => {
                let mut cells = Box::new([Cell::Border; NUM_CELLS]);
                fill(&mut cells);
                self.entries.push(Entry {
                    key,
                    result,
                    cost,
                    area,
                    cells,
                    ko: b.ko_point(),
                    size: b.size(),
                });
            }
        }
    }
}

/// The active area of a search whose shadow is `shadow`, on the root board `b`, about the
/// strings `targets`: the shadow and two steps around it; then every string with a stone in
/// there, or a target, together with the strings next to it: their stones, liberties and
/// neighbours (liberty counts of the strings the reading looked at depend on all of them).
pub(crate) fn active_area(b: &Board, shadow: &PointSet, targets: &[Point]) -> PointSet {
    let mut near = *shadow;
    for _ in 0..2 {
        let mut grown = near;
        for p in near.iter() {
            for n in p.neighbors() {
                if b.on_board(n) {
                    grown.insert(n);
                }
            }
        }
        near = grown;
    }
    for &t in targets {
        if b.on_board(t) {
            near.insert(t);
        }
    }
    let mut area = near;
    let mut done = PointSet::new();
    // Strings in the near area, then (one level) the strings next to them.
    let mut level: Vec<Point> = near
        .iter()
        .filter(|&p| b.on_board(p) && b.color_at(p).is_some())
        .collect();
    for depth in 0..2 {
        let mut next = Vec::new();
        for p in level {
            if done.contains(b.string_id(p)) {
                continue;
            }
            done.insert(b.string_id(p));
            for st in b.string_stones(p) {
                area.insert(st);
                for n in st.neighbors() {
                    if !b.on_board(n) {
                        continue;
                    }
                    area.insert(n);
                    if depth == 0 && b.color_at(n).is_some() {
                        next.push(n);
                    }
                }
            }
        }
        level = next;
    }
    area
}

#[cfg(test)]
mod tests;
