//! The decision tree a database compiles to: one cell tested at a time, shared by every
//! variant (pattern x kept transformation) that constrains it, emitted as nested `match`.
//!
//! A node holds the variants still alive there, each with the cell tests it has left. A node
//! of more than [`LINEAR`] variants may become a *switch* on one cell; then every variant goes
//! to the arms of the codes it accepts there (with that test done), or to the switch's *rest*,
//! tried after the `match` whatever the cell holds. How far a variant is copied is the
//! switch's [`Mode`]:
//!
//! * [`Mode::Exact`]: only variants asking an exact code (`.`, `O`, `X`, `#`) go to an arm;
//!   `o`, `x` and don't-care go to the rest. Nothing is copied.
//! * [`Mode::Masked`]: `o` and `x` go to their two arms too; don't-care to the rest.
//! * [`Mode::Full`]: every variant goes to every arm it accepts, don't-care to all four; no
//!   rest. This is a decision automaton's step: nothing is walked twice, but code is copied.
//!
//! Nodes are expanded best first (the most expected work first: probability of reaching the
//! node times its variants), choosing the cell and mode by a cost model: the expected number
//! of variants still alive after the switch (the arm taken, weighted by how often each code
//! occurs, plus the rest, always walked), plus a price per unit of code the copies add. A
//! budget on the total code (tests in leaves) bounds what the copies may add, so code size and
//! rustc time stay bounded whatever the database; once it is spent, switches are
//! [`Mode::Exact`], which copies nothing.
//!
//! A node the cost model does not split is a *leaf*: straight-line checks for a few variants
//! (`if rd(1, 0) == 2 && ... { hits.push(v) }`), or, for [`BIT_MIN`] to [`BITS`] variants
//! when cheaper, a *bit-parallel* leaf: one bit per variant in a `u64`, each cell read ANDs in
//! the constant mask of the variants that accept the code read, until no bit is left. The
//! likeliest bit-parallel leaves are unrolled code, the others tables that a loop of the
//! runtime walks ([`UNROLLED_CELLS`]), which keeps a large database's code small.
//!
//! Identical variant sets are built once (hash-consing): the tree is a DAG, and the emitter
//! turns a node reached from several places into one function.

use std::collections::hash_map::DefaultHasher;
use std::collections::{BinaryHeap, HashMap};
use std::hash::{Hash, Hasher};

use crate::ir::{Cell, Database};

/// At most this many variants: a straight-line leaf instead of a switch.
pub const LINEAR: usize = 2;

/// How often a cell holds EMPTY, OURS, THEIRS, OFF_BOARD, for the cost model (roughly a
/// middle game seen from a point; only the ratios matter).
pub const CODE_FREQ: [f64; 4] = [0.55, 0.2, 0.2, 0.05];

/// Price, in expected variant checks per anchor, of one unit of copied code (one test in a
/// leaf): a copy that adds 10,000 tests must save at least this much times 10,000.
pub const PRICE: f64 = 2e-5;

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

impl Test {
    /// Whether `code` passes.
    pub fn accepts(&self, code: u8) -> bool {
        code & self.mask == self.value
    }
}

/// A variant alive at a node: its index in [`Database::variants`] and its untested cells.
pub type Item = (u32, Vec<Test>);

/// Index of a node in [`Tree::nodes`].
pub type NodeId = usize;

/// Which variants a switch copies into its arms (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Exact codes to the arms, the rest walked after.
    Exact,
    /// Exact codes, `o` and `x` to the arms; don't-care walked after.
    Masked,
    /// Everything to the arms.
    Full,
}

/// A node of the tree.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Node {
    /// Check each variant's remaining cells in order, straight-line; record those that hold.
    Leaf(Vec<Item>),
    /// `match` on the code of cell `(dx, dy)`, then `rest` whatever it holds.
    Switch {
        /// Offset of the tested cell.
        dx: i8,
        /// Offset of the tested cell.
        dy: i8,
        /// Children for EMPTY, OURS, THEIRS, OFF_BOARD (`None`: nothing to match).
        arms: [Option<NodeId>; 4],
        /// The variants the switch does not decide.
        rest: Option<NodeId>,
    },
}

/// A database's decision DAG.
#[derive(Debug, Clone, Default)]
pub struct Tree {
    /// Every node; children have larger or smaller ids, shared nodes are listed once.
    pub nodes: Vec<Node>,
    /// The root; `None` for a database without variants.
    pub root: Option<NodeId>,
}

/// The code budget of a database: its variants' tests once (no copy) plus
/// `BUDGET_FACTOR` times that, at least `MIN_EXTRA` and at most `MAX_EXTRA`.
pub const BUDGET_FACTOR: usize = 2;
/// See [`BUDGET_FACTOR`].
pub const MIN_EXTRA: usize = 20_000;
/// See [`BUDGET_FACTOR`].
pub const MAX_EXTRA: usize = 150_000;

/// The default budget for variants whose tests once weigh `once`.
pub fn default_budget(once: usize) -> usize {
    once + (BUDGET_FACTOR * once).clamp(MIN_EXTRA, MAX_EXTRA)
}

impl Tree {
    /// Switch nodes.
    pub fn switches(&self) -> usize {
        self.nodes
            .iter()
            .filter(|n| matches!(n, Node::Switch { .. }))
            .count()
    }

    /// The code the tree emits, in units of a test in a straight-line leaf (each node
    /// once; see [`linear_weight`]).
    pub fn weight(&self) -> usize {
        self.nodes
            .iter()
            .map(|n| match n {
                Node::Leaf(items) => linear_weight(items),
                Node::Switch { .. } => SWITCH_WEIGHT,
            })
            .sum()
    }

    /// Walks the tree on the board `rd` reads (offsets from the anchor to codes), as the
    /// generated code does: the variants whose figure matches, in tree order, and the number
    /// of cells read (the cost model's currency).
    pub fn run(&self, rd: &impl Fn(i8, i8) -> u8) -> (Vec<u32>, Walk) {
        let mut hits = Vec::new();
        let mut reads = Walk::default();
        if let Some(root) = self.root {
            self.run_node(root, rd, &mut hits, &mut reads);
        }
        (hits, reads)
    }

    fn run_node(
        &self,
        id: NodeId,
        rd: &impl Fn(i8, i8) -> u8,
        hits: &mut Vec<u32>,
        reads: &mut Walk,
    ) {
        match &self.nodes[id] {
            Node::Leaf(items) if !use_bits(items) => {
                for (v, tests) in items {
                    let mut ok = true;
                    for t in tests {
                        reads.linear += 1;
                        if !t.accepts(rd(t.dx, t.dy)) {
                            ok = false;
                            break;
                        }
                    }
                    if ok {
                        hits.push(*v);
                    }
                }
            }
            Node::Leaf(items) => {
                for chunk in items.chunks(BITS) {
                    let mut alive = full_mask(chunk.len());
                    reads.bit_leaves += 1;
                    for cell in bit_plan(chunk) {
                        if alive == 0 {
                            break;
                        }
                        reads.bits += 1;
                        alive &= cell.masks[rd(cell.dx, cell.dy) as usize];
                    }
                    while alive != 0 {
                        hits.push(chunk[alive.trailing_zeros() as usize].0);
                        alive &= alive - 1;
                    }
                }
            }
            Node::Switch { dx, dy, arms, rest } => {
                reads.switches += 1;
                if let Some(arm) = arms[rd(*dx, *dy) as usize] {
                    self.run_node(arm, rd, hits, reads);
                }
                if let Some(rest) = rest {
                    self.run_node(*rest, rd, hits, reads);
                }
            }
        }
    }
}

/// Bit-parallel leaves are emitted as unrolled code (a constant offset and a constant mask
/// per cell) for the likeliest of a tree's leaves, up to this many cells in all; the
/// others are tables that one loop of the runtime walks (`tesuji_engine::pattern::bit_leaf`),
/// a call and a loop more per visit but a tenth of the code for rustc. The 2,000-pattern
/// stress database has 1,097 bit leaves of 21,811 cells, visited about 33 times per anchor,
/// and its likeliest 200 hold 55 % of the visits in 18 % of the cells; every real database
/// is unrolled whole (`efficiency.db` 722 cells, `prior.db` 708).
pub const UNROLLED_CELLS: usize = 4_000;

impl Tree {
    /// The probability of reaching each node from the root, by the cost model's code
    /// frequencies ([`CODE_FREQ`]): an arm of a switch is reached with its code's frequency,
    /// the rest always; a node reached from several switches adds up their shares.
    pub fn reach(&self) -> Vec<f64> {
        // Parents before children: a depth-first post-order, reversed.
        let mut order = Vec::with_capacity(self.nodes.len());
        let mut seen = vec![false; self.nodes.len()];
        let mut stack: Vec<(NodeId, bool)> = self.root.map(|r| (r, false)).into_iter().collect();
        while let Some((id, done)) = stack.pop() {
            if done {
                order.push(id);
                continue;
            }
            if std::mem::replace(&mut seen[id], true) {
                continue;
            }
            stack.push((id, true));
            if let Node::Switch { arms, rest, .. } = &self.nodes[id] {
                for c in arms.iter().chain(std::iter::once(rest)).flatten() {
                    if !seen[*c] {
                        stack.push((*c, false));
                    }
                }
            }
        }
        let mut p = vec![0.0; self.nodes.len()];
        if let Some(r) = self.root {
            p[r] = 1.0;
        }
        for &id in order.iter().rev() {
            if let Node::Switch { arms, rest, .. } = &self.nodes[id] {
                for (k, arm) in arms.iter().enumerate() {
                    if let Some(a) = arm {
                        p[*a] += p[id] * CODE_FREQ[k];
                    }
                }
                if let Some(r) = rest {
                    p[*r] += p[id];
                }
            }
        }
        p
    }

    /// Which nodes are bit-parallel leaves to emit as unrolled code (see [`UNROLLED_CELLS`]):
    /// the leaves by decreasing probability of a visit per cell, while their cells fit.
    pub fn unrolled(&self) -> Vec<bool> {
        let reach = self.reach();
        let mut leaves: Vec<(f64, usize, NodeId)> = self
            .nodes
            .iter()
            .enumerate()
            .filter_map(|(id, n)| match n {
                Node::Leaf(items) if use_bits(items) => {
                    let cells: usize = items.chunks(BITS).map(|c| bit_plan(c).len()).sum();
                    Some((reach[id] / cells.max(1) as f64, cells, id))
                }
                _ => None,
            })
            .collect();
        leaves.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.2.cmp(&b.2)));
        let mut unrolled = vec![false; self.nodes.len()];
        let mut left = UNROLLED_CELLS;
        for (_, cells, id) in leaves {
            if cells <= left {
                left -= cells;
                unrolled[id] = true;
            }
        }
        unrolled
    }
}

/// What a walk of the tree did (see [`Tree::run`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Walk {
    /// Switches taken.
    pub switches: usize,
    /// Cells read by straight-line checks.
    pub linear: usize,
    /// Bit-parallel leaves entered.
    pub bit_leaves: usize,
    /// Cells read by bit-parallel leaves.
    pub bits: usize,
}

impl Walk {
    /// Every cell read.
    pub fn reads(&self) -> usize {
        self.switches + self.linear + self.bits
    }
}

impl Tree {
    /// How many parents reference each node (the root counts one).
    pub fn refcounts(&self) -> Vec<usize> {
        let mut count = vec![0; self.nodes.len()];
        if let Some(r) = self.root {
            count[r] += 1;
        }
        for n in &self.nodes {
            if let Node::Switch { arms, rest, .. } = n {
                for c in arms.iter().chain(std::iter::once(rest)).flatten() {
                    count[*c] += 1;
                }
            }
        }
        count
    }
}

/// One cell of a bit-parallel leaf: the variants (bits) that accept each code there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BitCell {
    /// Offset from the anchor.
    pub dx: i8,
    /// Offset from the anchor.
    pub dy: i8,
    /// For EMPTY, OURS, THEIRS, OFF_BOARD: bit `i` set when variant `i` of the chunk accepts
    /// that code here.
    pub masks: [Bits; 4],
}

/// Fewer variants than this are never a bit-parallel leaf: a switch or two and straight-line
/// checks do better (measured).
pub const BIT_MIN: usize = 8;

/// Relative cost of a cell read in a bit-parallel leaf (no branch but the one that stops
/// it) against one in a straight-line check (a branch that goes either way).
pub const BIT_READ: f64 = 0.7;

/// Expected cells a straight-line leaf over `items` reads, each code occurring with
/// [`CODE_FREQ`].
pub fn linear_cost(items: &[Item]) -> f64 {
    items
        .iter()
        .map(|(_, tests)| {
            let mut alive = 1.0;
            let mut reads = 0.0;
            for t in tests {
                reads += alive;
                alive *= pass_prob(t);
            }
            reads
        })
        .sum()
}

fn pass_prob(t: &Test) -> f64 {
    (0..4u8)
        .filter(|&k| t.accepts(k))
        .map(|k| CODE_FREQ[k as usize])
        .sum()
}

/// Expected cells bit-parallel leaves over `items` read (a leaf stops when no variant is
/// left; the chance that one is left is bounded by the sum of the variants' chances).
pub fn bit_cost(items: &[Item]) -> f64 {
    items
        .chunks(BITS)
        .map(|chunk| {
            let plan = bit_plan(chunk);
            let mut alive: Vec<f64> = vec![1.0; chunk.len()];
            let mut reads = 0.0;
            for c in &plan {
                let any: f64 = alive.iter().sum::<f64>().min(1.0);
                if any < 1e-3 {
                    break;
                }
                reads += any;
                for (i, a) in alive.iter_mut().enumerate() {
                    let p: f64 = (0..4)
                        .filter(|&k| c.masks[k] >> i & 1 == 1)
                        .map(|k| CODE_FREQ[k])
                        .sum();
                    *a *= p;
                }
            }
            reads
        })
        .sum()
}

/// Whether a leaf over `items` is emitted bit-parallel (else straight-line): more than
/// [`LINEAR`] variants and cheaper so by the cost model.
pub fn use_bits(items: &[Item]) -> bool {
    items.len() > BITS
        || (items.len() >= BIT_MIN && BIT_READ * bit_cost(items) < linear_cost(items))
}

/// `n` (at most [`BITS`]) bits set.
pub fn full_mask(n: usize) -> Bits {
    if n >= Bits::BITS as usize {
        !0
    } else {
        (1 << n) - 1
    }
}

/// The cells a bit-parallel leaf over `chunk` (at most [`BITS`] variants) reads, in order:
/// the cell that rules out the most variants (weighted by how often each code occurs) first,
/// ties to the cell nearest the anchor.
pub fn bit_plan(chunk: &[Item]) -> Vec<BitCell> {
    let all = full_mask(chunk.len());
    let mut cells: Vec<BitCell> = Vec::new();
    for (i, (_, tests)) in chunk.iter().enumerate() {
        for t in tests {
            let at = match cells.iter().position(|c| (c.dx, c.dy) == (t.dx, t.dy)) {
                Some(at) => at,
                None => {
                    cells.push(BitCell {
                        dx: t.dx,
                        dy: t.dy,
                        masks: [all; 4],
                    });
                    cells.len() - 1
                }
            };
            for k in 0..4u8 {
                if !t.accepts(k) {
                    cells[at].masks[k as usize] &= !(1 << i);
                }
            }
        }
    }
    let kills = |c: &BitCell| -> f64 {
        (0..4)
            .map(|k| CODE_FREQ[k] * (all & !c.masks[k]).count_ones() as f64)
            .sum()
    };
    cells.sort_by(|a, b| {
        let (ka, kb) = (kills(a), kills(b));
        kb.partial_cmp(&ka)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then_with(|| {
                let d = |c: &BitCell| c.dx.unsigned_abs() as u32 + c.dy.unsigned_abs() as u32;
                (d(a), a.dy, a.dx).cmp(&(d(b), b.dy, b.dx))
            })
    });
    cells
}

/// The straight-line weight of `items`: a unit per variant and per test. The budget counts
/// it for every leaf, bit-parallel or not (a bit-parallel leaf is smaller, so the budget
/// errs on the safe side).
pub fn linear_weight(items: &[Item]) -> usize {
    items.iter().map(|(_, t)| 1 + t.len()).sum()
}

/// The code of a switch, in the units of [`linear_weight`].
const SWITCH_WEIGHT: usize = 1;

fn hash_items(items: &[Item]) -> u64 {
    let mut h = DefaultHasher::new();
    items.hash(&mut h);
    h.finish()
}

/// The cost model's estimate of the cells a subtree of `n` variants reads: `n` for a few (a
/// straight-line leaf), then growing as `n^ALPHA`: a tree shares its tests, so a set split in
/// two costs more than the set whole, which is what makes copying a variant into the arms of
/// a switch (rather than walking it after) pay.
fn subtree_cost(n: usize) -> f64 {
    let n = n as f64;
    if n <= SMALL {
        n
    } else {
        SMALL * (n / SMALL).powf(ALPHA)
    }
}

/// See [`subtree_cost`].
const SMALL: f64 = 4.0;

/// A leaf of more than [`LINEAR`] variants may be bit-parallel: up to this many variants are a
/// bit each of a `u64`, and every cell read clears, with one `&` of a constant picked by the
/// cell's code, the bits of the variants it rules out; the leaf stops when none is left. A
/// node of more variants is always split (or, when nothing splits it, checked 64 at a time).
pub const BITS: usize = Bits::BITS as usize;

/// The word of a bit-parallel leaf.
pub type Bits = u64;
/// See [`subtree_cost`].
const ALPHA: f64 = 0.75;

/// Per-cell counts of the variants at a node.
#[derive(Default, Clone, Copy)]
struct CellStats {
    /// Variants asking exactly code k, and their code.
    exact: [usize; 4],
    exact_w: [usize; 4],
    /// Variants with a two-code test (`o`, `x`) accepting code k.
    masked: [usize; 4],
    masked_n: usize,
    masked_w: usize,
}

/// A candidate split.
struct Split {
    dx: i8,
    dy: i8,
    mode: Mode,
    score: f64,
}

/// A node waiting to be expanded, by priority (expected work there), then id.
struct Prio(f64, NodeId);
impl PartialEq for Prio {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == std::cmp::Ordering::Equal
    }
}
impl Eq for Prio {}
impl PartialOrd for Prio {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Prio {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0).then(other.1.cmp(&self.1))
    }
}

struct Builder {
    nodes: Vec<Node>,
    /// The variant set each node was built from.
    sets: Vec<Vec<Item>>,
    prob: Vec<f64>,
    memo: HashMap<u64, Vec<NodeId>>,
    heap: BinaryHeap<Prio>,
    size: usize,
    budget: usize,
    price: f64,
}

impl Builder {
    /// The node of `items` (a new leaf, or the node built from the same set before).
    fn node(&mut self, items: Vec<Item>, prob: f64) -> Option<NodeId> {
        if items.is_empty() {
            return None;
        }
        let h = hash_items(&items);
        if let Some(ids) = self.memo.get(&h) {
            if let Some(&id) = ids.iter().find(|&&id| self.sets[id] == items) {
                self.prob[id] += prob;
                return Some(id);
            }
        }
        let id = self.nodes.len();
        self.size += linear_weight(&items);
        if items.len() > LINEAR {
            self.heap.push(Prio(prob * items.len() as f64, id));
        }
        self.nodes.push(Node::Leaf(items.clone()));
        self.sets.push(items);
        self.prob.push(prob);
        self.memo.entry(h).or_default().push(id);
        Some(id)
    }

    fn best_split(&self, id: NodeId) -> Option<Split> {
        let items = &self.sets[id];
        let p = self.prob[id];
        let n = items.len();
        let w_all = linear_weight(items);
        let mut stats: HashMap<(i8, i8), CellStats> = HashMap::new();
        for (_, tests) in items {
            let w = 1 + tests.len();
            for t in tests {
                let s = stats.entry((t.dx, t.dy)).or_default();
                if t.mask == 3 {
                    s.exact[t.value as usize] += 1;
                    s.exact_w[t.value as usize] += w;
                } else {
                    s.masked_n += 1;
                    s.masked_w += w;
                    for k in 0..4u8 {
                        if t.accepts(k) {
                            s.masked[k as usize] += 1;
                        }
                    }
                }
            }
        }
        let room = self.budget.saturating_sub(self.size);
        // A small node splits only if that beats its leaf.
        let leaf = if (BIT_MIN..=BITS).contains(&n) {
            BIT_READ * bit_cost(items)
        } else {
            f64::INFINITY
        };
        let mut best: Option<Split> = None;
        for (&(dx, dy), s) in &stats {
            let exact_n: usize = s.exact.iter().sum();
            let exact_w: usize = s.exact_w.iter().sum();
            let free_n = n - exact_n - s.masked_n;
            let free_w = w_all - exact_w - s.masked_w;
            let arms = |with_masked: bool, with_free: bool| -> f64 {
                (0..4)
                    .map(|k| {
                        let mut a = s.exact[k];
                        if with_masked {
                            a += s.masked[k];
                        }
                        if with_free {
                            a += free_n;
                        }
                        CODE_FREQ[k] * subtree_cost(a)
                    })
                    .sum()
            };
            let candidates = [
                (
                    Mode::Exact,
                    arms(false, false) + subtree_cost(s.masked_n + free_n),
                    0,
                ),
                (
                    Mode::Masked,
                    arms(true, false) + subtree_cost(free_n),
                    s.masked_w,
                ),
                (Mode::Full, arms(true, true), s.masked_w + 3 * free_w),
            ];
            for (mode, cost, added) in candidates {
                // A switch must decide at least two variants (else a leaf is as good).
                let decided = match mode {
                    Mode::Exact => exact_n,
                    Mode::Masked | Mode::Full => exact_n + s.masked_n,
                };
                if added > room || decided < 2 || 1.0 + cost >= leaf {
                    continue;
                }
                let score = p * (1.0 + cost) + self.price * added as f64;
                let dist = dx.unsigned_abs() as u32 + dy.unsigned_abs() as u32;
                let better = match &best {
                    None => true,
                    Some(b) => {
                        let bd = b.dx.unsigned_abs() as u32 + b.dy.unsigned_abs() as u32;
                        (score, dist, dy, dx) < (b.score, bd, b.dy, b.dx)
                    }
                };
                if better {
                    best = Some(Split {
                        dx,
                        dy,
                        mode,
                        score,
                    });
                }
            }
        }
        best
    }

    /// Makes node `id` a switch if the cost model finds one better than a leaf; variants are
    /// copied into arms only while the budget lasts.
    fn expand(&mut self, id: NodeId) {
        let Some(split) = self.best_split(id) else {
            return;
        };
        let (groups, rest) = self.split(id, &split);
        let old = linear_weight(&self.sets[id]);
        let p = self.prob[id];
        let mut arms = [None; 4];
        for (k, g) in groups.into_iter().enumerate() {
            arms[k] = self.node(g, p * CODE_FREQ[k]);
        }
        let rest = self.node(rest, p);
        self.size = (self.size + SWITCH_WEIGHT).saturating_sub(old);
        self.nodes[id] = Node::Switch {
            dx: split.dx,
            dy: split.dy,
            arms,
            rest,
        };
    }

    /// The arms' and the rest's variants of `split` at node `id`.
    fn split(&self, id: NodeId, split: &Split) -> ([Vec<Item>; 4], Vec<Item>) {
        let (dx, dy) = (split.dx, split.dy);
        let items = self.sets[id].clone();
        let mut groups: [Vec<Item>; 4] = Default::default();
        let mut rest = Vec::new();
        for (v, tests) in items {
            match tests.iter().position(|t| t.dx == dx && t.dy == dy) {
                Some(i) => {
                    let t = tests[i];
                    let to_arms = t.mask == 3 || split.mode != Mode::Exact;
                    if to_arms {
                        let mut left = tests.clone();
                        left.remove(i);
                        for (k, g) in groups.iter_mut().enumerate() {
                            if t.accepts(k as u8) {
                                g.push((v, left.clone()));
                            }
                        }
                    } else {
                        rest.push((v, tests));
                    }
                }
                None if split.mode == Mode::Full => {
                    for g in groups.iter_mut() {
                        g.push((v, tests.clone()));
                    }
                }
                None => rest.push((v, tests)),
            }
        }
        (groups, rest)
    }
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

/// Most parts a database's variants are split into (see [`parts`]).
pub const MAX_PARTS: usize = 4;

/// How much a full scan weighs against an incremental update when [`parts`] splits a
/// database: a part's tree is counted once per anchor that a changed point makes it
/// re-match (its footprint) plus this many times (every anchor of a scan runs every part).
/// Measured on `efficiency.db` (`matcher/scan/efficiency`, `matcher/incremental/efficiency`,
/// one session): 24 made 4 parts, 5.72 µs and 1.61 µs, and `joseki.db` 3 parts, a scan of
/// 1.57 µs instead of 0.87 µs whole; 100, 3 parts, 5.73 µs, 1.68 µs (joseki 2, 1.11 µs);
/// 300, 2 parts (radius 1 to 3, 4 to 6), 4.98 µs, 1.62 µs (joseki 2, 1.16 µs); 3,000, one
/// part, 6.03 µs, 2.94 µs.
pub const SCAN_WEIGHT: f64 = 300.0;

/// How far a variant's tests reach from the anchor, in rows or columns.
pub fn radius(tests: &[Test]) -> i32 {
    tests
        .iter()
        .map(|t| (t.dx as i32).abs().max((t.dy as i32).abs()))
        .max()
        .unwrap_or(0)
}

/// Splits `items` into at most [`MAX_PARTS`] parts by radius (each part the variants of a
/// range of radii, in ascending order), each of which gets a tree of its own. A changed
/// point re-matches, at an anchor, only the parts whose footprint covers it: a part of small
/// figures at few anchors, one of large figures at many. The split minimises, by the cost
/// model ([`subtree_cost`] cells per tree run), the cost of a change (each part's tree run at
/// every anchor its footprint reaches) plus [`SCAN_WEIGHT`] scans; a database whose figures
/// are all alike stays one part.
pub fn parts(items: Vec<Item>) -> Vec<Vec<Item>> {
    let mut groups: Vec<(i32, Vec<Item>)> = Vec::new();
    let mut by_radius: Vec<(i32, Item)> = items.into_iter().map(|i| (radius(&i.1), i)).collect();
    by_radius.sort_by_key(|(r, (v, _))| (*r, *v));
    for (r, item) in by_radius {
        match groups.last_mut() {
            Some((gr, g)) if *gr == r => g.push(item),
            _ => groups.push((r, vec![item])),
        }
    }
    let m = groups.len();
    if m <= 1 {
        return groups.into_iter().map(|(_, g)| g).collect();
    }
    // cost[i][j]: the groups i..j as one part.
    let mut cost = vec![vec![f64::INFINITY; m + 1]; m + 1];
    for (i, row) in cost.iter_mut().enumerate().take(m) {
        let mut offsets = std::collections::HashSet::new();
        let mut n = 0;
        for (j, (_, group)) in groups.iter().enumerate().skip(i) {
            for (_, tests) in group {
                offsets.extend(tests.iter().map(|t| (t.dx, t.dy)));
            }
            n += group.len();
            row[j + 1] = (offsets.len() as f64 + SCAN_WEIGHT) * subtree_cost(n);
        }
    }
    // best[k][j]: the groups 0..j in k parts, and where the last part starts.
    let mut best = vec![vec![(f64::INFINITY, 0usize); m + 1]; MAX_PARTS + 1];
    best[0][0] = (0.0, 0);
    for k in 1..=MAX_PARTS {
        for j in 1..=m {
            for i in 0..j {
                let c = best[k - 1][i].0 + cost[i][j];
                if c < best[k][j].0 {
                    best[k][j] = (c, i);
                }
            }
        }
    }
    // The fewest parts among the cheapest.
    let mut k = 1;
    for kk in 2..=MAX_PARTS {
        if best[kk][m].0 < best[k][m].0 {
            k = kk;
        }
    }
    let mut cuts = vec![m];
    let mut j = m;
    for kk in (1..=k).rev() {
        j = best[kk][j].1;
        cuts.push(j);
    }
    cuts.reverse();
    let mut groups = groups.into_iter().map(|(_, g)| g);
    cuts.windows(2)
        .map(|w| {
            let mut part: Vec<Item> = groups.by_ref().take(w[1] - w[0]).flatten().collect();
            part.sort_by_key(|(v, _)| *v);
            part
        })
        .collect()
}

/// The board sizes [`possible_anchors`] covers: 1 to this (the engine's largest board).
pub const BOARD_SIZES: i32 = 25;

/// Where some variant of `items` can match as far as the board's edges go (its `#` tests
/// off the board, its other tests on it): for each board size `n` from 1 to
/// [`BOARD_SIZES`], `n * n` bits, anchor `(x, y)` at bit `y * n + x`, the sizes one after
/// the other (size `n` from bit `(n - 1) n (2n - 1) / 6`), in 64-bit words. Empty when
/// every anchor of every size is possible. A change of the board re-matches a part only at
/// the anchors where it can match: a part of edge figures (`efficiency.db`'s cap, three rows
/// from the edge) only along its lines.
pub fn possible_anchors(items: &[Item]) -> Vec<u64> {
    let needs = edge_needs(items);
    let total: usize = (1..=BOARD_SIZES as usize).map(|n| n * n).sum();
    let mut bits = vec![0u64; total.div_ceil(64)];
    let mut everywhere = true;
    let mut at = 0usize;
    for n in 1..=BOARD_SIZES {
        for ay in 0..n {
            for ax in 0..n {
                let fits = fits_at(&needs, n, ax, ay);
                if fits {
                    bits[at / 64] |= 1 << (at % 64);
                } else {
                    everywhere = false;
                }
                at += 1;
            }
        }
    }
    if everywhere { Vec::new() } else { bits }
}

/// What the board's edges must allow for a variant to match: the offsets its tests need on
/// the board (their bounding box `[min_dx, max_dx, min_dy, max_dy]`; empty when none) and
/// those its `#` tests need off it.
type EdgeNeeds = (Option<[i32; 4]>, Vec<(i32, i32)>);

/// The distinct [`EdgeNeeds`] of `items`.
fn edge_needs(items: &[Item]) -> Vec<EdgeNeeds> {
    let mut needs: Vec<EdgeNeeds> = items
        .iter()
        .map(|(_, tests)| {
            let mut on: Option<[i32; 4]> = None;
            let mut off = Vec::new();
            for t in tests {
                let (dx, dy) = (t.dx as i32, t.dy as i32);
                if t.accepts(crate::ir::code::OFF_BOARD) {
                    off.push((dx, dy));
                } else {
                    let b = on.get_or_insert([dx, dx, dy, dy]);
                    *b = [b[0].min(dx), b[1].max(dx), b[2].min(dy), b[3].max(dy)];
                }
            }
            off.sort_unstable();
            (on, off)
        })
        .collect();
    needs.sort_unstable();
    needs.dedup();
    needs
}

/// Whether a variant with one of `needs` can match at `(ax, ay)` on a board of side `n` as
/// far as the edges go.
fn fits_at(needs: &[EdgeNeeds], n: i32, ax: i32, ay: i32) -> bool {
    let on_board = |x: i32, y: i32| (0..n).contains(&x) && (0..n).contains(&y);
    needs.iter().any(|(on, off)| {
        on.is_none_or(|[x0, x1, y0, y1]| on_board(ax + x0, ay + y0) && on_board(ax + x1, ay + y1))
            && off.iter().all(|&(dx, dy)| !on_board(ax + dx, ay + dy))
    })
}

/// Builds the decision tree of `db` within the default budget.
pub fn build(db: &Database) -> Tree {
    let items = items(db);
    let once = linear_weight(&items);
    build_items(items, default_budget(once), PRICE)
}

/// Builds the decision tree of `items` whose code (see [`Tree::weight`]) stays within
/// `budget` when the items alone fit in it, copies priced at `price` (see [`PRICE`]).
pub fn build_items(items: Vec<Item>, budget: usize, price: f64) -> Tree {
    let mut b = Builder {
        nodes: Vec::new(),
        sets: Vec::new(),
        prob: Vec::new(),
        memo: HashMap::new(),
        heap: BinaryHeap::new(),
        size: 0,
        budget,
        price,
    };
    let root = b.node(items, 1.0);
    while let Some(Prio(_, id)) = b.heap.pop() {
        b.expand(id);
    }
    Tree {
        nodes: b.nodes,
        root,
    }
}
