//! Code generation: [`ir::Database`](crate::ir::Database) to Rust items: the pattern tables and
//! a decision tree over board cells emitted as nested `match` (see [`tree`]).
//!
//! [`pack`] packs every variant into mask/value words over the footprint, as the old table
//! matcher did; only the benchmarks' baseline uses it now.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use crate::ast::BinOp;
use crate::ir::{Database, Expr, PointRef};

mod footprint;
mod pack;
pub mod tree;

pub use pack::{PackedVariant, pack};

fn int(v: i64) -> TokenStream {
    let lit = Literal::i64_unsuffixed(v.abs());
    if v < 0 { quote!(-#lit) } else { quote!(#lit) }
}

/// The items of a database module. `runtime` is the path of the engine crate
/// (`::tesuji_engine` by default).
pub fn generate(db: &Database, runtime: &TokenStream) -> TokenStream {
    let rt = quote!(#runtime::pattern);
    let color = quote!(#runtime::board::Color);
    let footprint = db.footprint();
    let kind = format_ident!("{}", db.kind.variant_name());
    let file = Literal::string(&db.file);

    let infos = db.patterns.iter().map(|p| {
        let name = Literal::string(&p.name);
        let value = int(p.value as i64);
        let targets = p.labels[..p.targets]
            .iter()
            .map(|l| Literal::character(l.name));
        let line = Literal::u32_unsuffixed(p.line);
        let transforms = Literal::u8_unsuffixed(p.transforms.len() as u8);
        let figure = Literal::string(&p.figure.join("\n"));
        let mark = format_ident!("{}", p.mark.variant_name());
        let feature = match &p.feature {
            Some((name, level)) => {
                let name = Literal::string(name);
                let level = Literal::u8_unsuffixed(*level);
                quote!(Some((#name, #level)))
            }
            None => quote!(None),
        };
        let lookup = p.lookup;
        quote! {
            __rt::PatternInfo {
                name: #name,
                kind: __rt::Kind::#kind,
                value: #value,
                mark: __rt::Mark::#mark,
                feature: #feature,
                lookup: #lookup,
                targets: &[#(#targets),*],
                line: #line,
                transforms: #transforms,
                figure: #figure,
            }
        }
    });

    let fp = footprint.iter().map(|&(dx, dy)| {
        let (dx, dy) = (int(dx as i64), int(dy as i64));
        quote!((#dx, #dy))
    });

    let variants = db.variants();
    let rows = variants.iter().map(|v| {
        let pattern = Literal::u32_unsuffixed(v.pattern as u32);
        let t = format_ident!("{}", v.transform.variant_name());
        let points = v.labels.iter().map(|&(dx, dy)| {
            let (dx, dy) = (int(dx as i64), int(dy as i64));
            quote!((#dx, #dy))
        });
        quote! {
            __rt::Variant {
                pattern: #pattern,
                transform: __rt::Transform::#t,
                points: &[#(#points),*],
            }
        }
    });

    // One function per pattern with conditions: plain Rust over the labels' board points,
    // called by the tree's leaves only after the figure matched.
    let conds: Vec<TokenStream> = db
        .patterns
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.conditions.is_empty())
        .map(|(i, p)| {
            let name = format_ident!("cond_{}", i);
            let n = Literal::usize_unsuffixed(p.labels.len());
            let mut used = Vec::new();
            for c in &p.conditions {
                collect_labels(c, &mut used);
            }
            used.sort_unstable();
            used.dedup();
            let binds = used.iter().map(|&l| {
                let name = format_ident!("p{}", l);
                let l = Literal::usize_unsuffixed(l);
                quote!(let #name = p[#l];)
            });
            let conds = p.conditions.iter().map(|c| emit_operand(c, BinOp::And));
            let doc = format!(" The conditions of `{}`.", p.name);
            quote! {
                #[doc = #doc]
                #[allow(unused_variables, unused_parens, clippy::all)]
                #[inline]
                fn #name<B: __rt::PatternBoard + ?Sized>(
                    board: &B,
                    x: i32,
                    y: i32,
                    us: #color,
                    p: [(i32, i32); #n],
                ) -> bool {
                    #(#binds)*
                    #(#conds)&&*
                }
            }
        })
        .collect();

    // Every function of the tree starts so: the anchor's range, which lets the compiler drop
    // the bounds check of every read (each reads within `LO` of the anchor), and `rd`.
    let prologue = quote! {
        if !(LO..=HI).contains(&base) {
            return;
        }
        let rd = |dx: isize, dy: isize| buf[base.wrapping_add_signed(dy * STEP + dx)];
    };
    // The variants in parts by radius (see `tree::parts`), a tree each, sharing the
    // database's code budget in proportion to their tests.
    let all_items = tree::items(db);
    let once = tree::linear_weight(&all_items);
    let extra = tree::default_budget(once) - once;
    let parts = tree::parts(all_items);
    let mut part_fns = Vec::new();
    let mut part_infos = Vec::new();
    let mut fns = Vec::new();
    let mut switches = 0;
    for (k, items) in parts.into_iter().enumerate() {
        // Every offset the part tests, with the changes of its content (bit `old * 4 + new`)
        // that make some test there pass that failed: where a variant may start to match.
        let mut gains: std::collections::BTreeMap<(i8, i8), u16> = Default::default();
        for (_, tests) in &items {
            for t in tests {
                let g = gains.entry((t.dx, t.dy)).or_default();
                for (old, new) in (0..4u8).flat_map(|o| (0..4u8).map(move |n| (o, n))) {
                    if t.accepts(new) && !t.accepts(old) {
                        *g |= 1 << (old * 4 + new);
                    }
                }
            }
        }
        let offsets: Vec<(i8, i8)> = gains.keys().copied().collect();
        let weight = tree::linear_weight(&items);
        let budget = weight + (extra as f64 * weight as f64 / once.max(1) as f64) as usize;
        let radii = || items.iter().map(|(_, tests)| tree::radius(tests));
        let doc = format!(
            " The figure tests of part {k}: the variants of radius {} to {}.",
            radii().min().unwrap_or(0),
            radii().max().unwrap_or(0)
        );
        let possible = tree::possible_anchors(&items).into_iter().map(|w| {
            let lit: TokenStream = format!("{w:#x}").parse().expect("hex literal");
            lit
        });
        let possible = quote!(&[#(#possible),*]);
        let tree = tree::build_items(items, budget, tree::PRICE);
        switches += tree.switches();
        let mut emitter = Emitter::new(&tree, prologue.clone(), k);
        let body = match tree.root {
            Some(root) => emitter.node(root, 0),
            None => quote!(),
        };
        fns.extend(emitter.fns);
        let name = format_ident!("part{}", k);
        let wide = format_ident!("part{}_wide", k);
        part_fns.push(quote! {
            #[doc = #doc]
            #[allow(unused_variables, unreachable_patterns, clippy::all)]
            #[inline]
            pub(super) fn #name(buf: &Wide, base: usize, hits: &mut __rt::Hits) {
                #prologue
                #body
            }
        });
        let fp = offsets.iter().map(|&(dx, dy)| {
            let (dx, dy) = (int(dx as i64), int(dy as i64));
            quote!((#dx, #dy))
        });
        let gains = gains.values().map(|&g| {
            let lit: TokenStream = format!("{g:#x}").parse().expect("hex literal");
            lit
        });
        let wide_doc = format!(" [`figure_wide`] for part {k} only.");
        part_infos.push((
            quote!(__rt::Part {
                footprint: &[#(#fp),*],
                gains: &[#(#gains),*],
                possible: #possible,
                wide: #wide,
            }),
            quote! {
                #[doc = #wide_doc]
                fn #wide(buf: &[u8], base: i32, hits: &mut __rt::Hits) {
                    if let Ok(buf) = buf.try_into() {
                        tree::#name(buf, base as usize, hits);
                    }
                }
            },
        ));
    }
    let n_parts = part_fns.len();
    let part_calls = (0..n_parts).map(|k| {
        let name = format_ident!("part{}", k);
        quote!(#name(buf, base, hits);)
    });
    let (part_rows, part_wides): (Vec<_>, Vec<_>) = part_infos.into_iter().unzip();
    let report_arms: Vec<TokenStream> = db
        .patterns
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.conditions.is_empty())
        .map(|(i, p)| {
            let name = format_ident!("cond_{}", i);
            let il = Literal::usize_unsuffixed(i);
            let pts = (0..p.labels.len()).map(|l| {
                let l = Literal::usize_unsuffixed(l);
                quote!(v.point(#l, x, y))
            });
            quote!(#il => #name(board, x, y, us, [#(#pts),*]),)
        })
        .collect();
    let report_ok = if report_arms.is_empty() {
        quote!(true)
    } else {
        quote! {
            match v.pattern {
                #(#report_arms)*
                _ => true,
            }
        }
    };

    let bounds = |f: fn(&(i32, i32)) -> i32| {
        (
            footprint.iter().map(f).min().unwrap_or(0).min(0),
            footprint.iter().map(f).max().unwrap_or(0).max(0),
        )
    };
    let (min_dx, max_dx) = bounds(|p| p.0);
    let (min_dy, max_dy) = bounds(|p| p.1);
    let (min_dx, max_dx, min_dy, max_dy) = (
        int(-(min_dx as i64)),
        int(max_dx as i64),
        int(-(min_dy as i64)),
        int(max_dy as i64),
    );

    let radius = footprint
        .iter()
        .map(|&(dx, dy)| dx.abs().max(dy.abs()))
        .max()
        .unwrap_or(0)
        .max(1);
    let radius = Literal::i32_unsuffixed(radius);
    let n_patterns = db.patterns.len();
    let n_variants = variants.len();
    let summary = format!(
        " Compiled from `{}`: {} patterns, {} variants (pattern x distinct transformation), \
         footprint of {} points, {} part(s) by radius whose decision DAGs have {} switches.",
        db.file,
        n_patterns,
        n_variants,
        footprint.len(),
        n_parts,
        switches
    );

    quote! {
        #[allow(unused_imports)]
        use #rt as __rt;

        #[doc = #summary]
        pub const SOURCE: &str = #file;

        /// The kind of every pattern of this database.
        pub const KIND: __rt::Kind = __rt::Kind::#kind;

        /// The patterns, in file order; `Match::pattern` indexes this.
        pub static PATTERNS: &[__rt::PatternInfo] = &[#(#infos),*];

        /// Every offset from the anchor that some variant constrains.
        pub static FOOTPRINT: &[(i8, i8)] = &[#(#fp),*];

        /// Every (pattern, distinct transformation), pattern-major.
        pub static VARIANTS: &[__rt::Variant] = &[#(#rows),*];

        /// The tables above, for stages that look patterns up.
        pub static TABLES: __rt::Tables = __rt::Tables::new(PATTERNS, FOOTPRINT, VARIANTS);

        #(#conds)*

        use tree::figure;

        /// The decision tree, in a module of its own: incremental builds re-optimise a
        /// module's code as a whole, and an edit of a pattern's value or conditions leaves
        /// this one alone.
        mod tree {
            #[allow(unused_imports)]
            use super::*;

            /// The figure tests: the decision trees from the anchor at `buf[base]`, a bordered
            /// board (see [`scan`]), recording the variants whose figure matched. Every matcher
            /// path (`scan`, `match_at`, the incremental index) runs these trees.
            #[allow(unused_variables)]
            #[inline]
            pub(super) fn figure(buf: &Wide, base: usize, hits: &mut __rt::Hits) {
                #(#part_calls)*
            }

            #(#part_fns)*

            #(#fns)*
        }

        /// Runs the conditions of variant `v`, whose figure matched at `(x, y)`, and reports it.
        #[allow(unused_variables, clippy::all)]
        #[inline]
        fn report<B: __rt::PatternBoard + ?Sized>(
            board: &B,
            x: i32,
            y: i32,
            us: #color,
            v: u32,
            f: &mut impl FnMut(__rt::Match),
        ) {
            let v = &VARIANTS[v as usize];
            let ok = #report_ok;
            if ok {
                __rt::report(PATTERNS, v, x, y, f);
            }
        }

        /// Calls `f` for every (pattern, transformation) whose `*` is at `(x, y)`, whose
        /// figure matches as seen by `us` and whose conditions hold, in `VARIANTS` order.
        #[inline]
        pub fn match_at<B: __rt::PatternBoard + ?Sized>(
            board: &B,
            x: i32,
            y: i32,
            us: #color,
            f: &mut impl FnMut(__rt::Match),
        ) {
            let owned;
            let cells: &[u8] = match board.cells() {
                Some(c) => c,
                None => {
                    owned = __rt::padded_codes(board);
                    &owned
                }
            };
            match_cells(board, cells, x, y, us, &mut __rt::Hits::new(), f)
        }

        /// [`match_at`] with the board's padded cell array at hand.
        #[allow(clippy::all)]
        #[inline]
        fn match_cells<B: __rt::PatternBoard + ?Sized>(
            board: &B,
            cells: &[u8],
            x: i32,
            y: i32,
            us: #color,
            hits: &mut __rt::Hits,
            f: &mut impl FnMut(__rt::Match),
        ) {
            let n = board.size();
            if x < 0 || y < 0 || x >= n || y >= n {
                return;
            }
            let base = (y + 1) * __rt::STRIDE + x + 1;
            if cells[base as usize] != __rt::EMPTY {
                return;
            }
            figure_hits(cells, n, x, y, us, hits);
            if !hits.is_empty() {
                for &v in hits.sorted() {
                    report(board, x, y, us, v, f);
                }
                hits.clear();
            }
        }

        /// The figure tests at `(x, y)`, an empty point of the board of side `n` whose padded
        /// cells are `cells`: records the variants whose figure matches (conditions not run).
        /// Copies the footprint's window around the anchor into a bordered buffer, as [`scan`]
        /// lays out the whole board, and runs the same tree.
        #[allow(clippy::all)]
        #[inline]
        pub fn figure_hits(cells: &[u8], n: i32, x: i32, y: i32, us: #color, hits: &mut __rt::Hits) {
            let mut buf = [__rt::OFF_BOARD; AREA];
            __rt::fill_window(cells, n, x, y, us, REACH, WIDE, LO, &mut buf);
            figure(&buf, LO, hits);
        }

        /// The figure half of this matcher, for a [`MatchIndex`](__rt::MatchIndex).
        pub static FIGURES: __rt::Figures = __rt::Figures {
            footprint: FOOTPRINT,
            at: figure_hits,
            radius: RADIUS,
            wide: figure_wide,
            parts: &[#(#part_rows),*],
        };

        #(#part_wides)*

        /// Calls `f` for every match of the figure matches `index` holds (an index of
        /// [`FIGURES`] on `board`) whose conditions hold on `board`: what [`scan`] reports, in
        /// the same order.
        pub fn index_matches<B: __rt::PatternBoard + ?Sized>(
            board: &B,
            index: &__rt::MatchIndex,
            f: &mut impl FnMut(__rt::Match),
        ) {
            let us = index.us();
            index.for_each_hit(|x, y, vs| {
                for &v in vs {
                    report(board, x, y, us, v, f);
                }
            });
        }

        /// The figure tests on a bordered copy of the board (see [`scan`]) for the anchor at
        /// `buf[base]`, an empty point: records the variants whose figure matches. Nothing
        /// is recorded unless `buf` is `WIDE * WIDE` long and `base` a point of the board in it.
        pub fn figure_wide(buf: &[u8], base: i32, hits: &mut __rt::Hits) {
            if let Ok(buf) = buf.try_into() {
                figure(buf, base as usize, hits);
            }
        }

        /// How far from the anchor the footprint reaches (in rows or columns).
        pub const RADIUS: i32 = #radius;

        /// How far the footprint reaches to the left, right, top and bottom of the anchor.
        const REACH: [i32; 4] = [#min_dx, #max_dx, #min_dy, #max_dy];

        /// Stride of the bordered copy of the board the tree matches on: the largest board and
        /// a border of [`RADIUS`] on each side, so that every anchor reads by constant offsets.
        const WIDE: i32 = __rt::MAX_SIZE + 2 * RADIUS;

        /// Length of the bordered copy.
        const AREA: usize = (WIDE * WIDE) as usize;

        /// The bordered copy of a board, seen by `us`.
        type Wide = [u8; AREA];

        /// The index of the board's point `(0, 0)` in the bordered copy: the lowest anchor.
        const LO: usize = (RADIUS * WIDE + RADIUS) as usize;

        /// The highest anchor: every cell the tree reads from an anchor in `LO..=HI` is in
        /// the copy (and the bounds checks know it).
        #[allow(dead_code)]
        const HI: usize = AREA - 1 - LO;

        /// A row of the bordered copy, as an offset of the cells the tree reads.
        #[allow(dead_code)]
        const STEP: isize = WIDE as isize;

        /// [`match_at`] at every point of the board, row by row. Matches on a copy of the
        /// board with a border of [`RADIUS`] cells and codes already seen by `us`: no edge
        /// tests and no colour map in the tree.
        pub fn scan<B: __rt::PatternBoard + ?Sized>(
            board: &B,
            us: #color,
            f: &mut impl FnMut(__rt::Match),
        ) {
            let mut buf: Wide = [__rt::OFF_BOARD; AREA];
            __rt::fill_wide(board, us, RADIUS, WIDE, &mut buf);
            let n = board.size().min(__rt::MAX_SIZE);
            let mut hits = __rt::Hits::new();
            for y in 0..n {
                for x in 0..n {
                    let base = ((y + RADIUS) * WIDE + x + RADIUS) as usize;
                    if buf[base] != __rt::EMPTY {
                        continue;
                    }
                    figure(&buf, base, &mut hits);
                    if !hits.is_empty() {
                        for &v in hits.sorted() {
                            report(board, x, y, us, v, f);
                        }
                        hits.clear();
                    }
                }
            }
        }
    }
}

/// Subtrees larger than this become functions of their own ...
const OUTLINE: usize = 400;
/// ... and so does any subtree this deep in a function's nesting, so rustc never sees deeply
/// nested code however large the figures ...
const MAX_NESTING: usize = 8;
/// ... and so does a node reached from several switches (a shared subtree of the DAG) unless
/// it is this small, when copying it is cheaper than a call.
const SHARE_MIN: usize = 6;

fn test_expr(t: &tree::Test) -> TokenStream {
    let (dx, dy) = (int(t.dx as i64), int(t.dy as i64));
    let value = Literal::u8_unsuffixed(t.value);
    if t.mask == 3 {
        quote!(rd(#dx, #dy) == #value)
    } else {
        let mask = Literal::u8_unsuffixed(t.mask);
        quote!(rd(#dx, #dy) & #mask == #value)
    }
}

/// A bit-parallel leaf over `chunk` as a table that `__rt::bit_leaf` walks: per cell, its
/// offset from the anchor in the bordered board and the masks of [`bit_leaf`].
fn bit_table(chunk: &[tree::Item]) -> TokenStream {
    let hex = |m: tree::Bits| {
        let lit: TokenStream = format!("{m:#x}").parse().expect("hex literal");
        lit
    };
    let full = hex(tree::full_mask(chunk.len()));
    let cells = tree::bit_plan(chunk).into_iter().map(|c| {
        let masks = c.masks.map(hex);
        let (dx, dy) = (int(c.dx as i64), int(c.dy as i64));
        quote!((#dy * STEP + #dx, [#(#masks),*]))
    });
    let ids = chunk.iter().map(|(v, _)| Literal::u32_unsuffixed(*v));
    quote! {
        __rt::bit_leaf(buf, base, #full, &[#(#cells),*], &[#(#ids),*], hits);
    }
}

/// A bit-parallel leaf over `chunk` (at most 64 variants, bit `i` for `chunk[i]`): each
/// cell read keeps the bits of the variants that accept its code, until none is left; the
/// bits left are the matches.
fn bit_leaf(chunk: &[tree::Item]) -> TokenStream {
    let hex = |m: tree::Bits| {
        let lit: TokenStream = format!("{m:#x}").parse().expect("hex literal");
        lit
    };
    let full = hex(tree::full_mask(chunk.len()));
    let plan = tree::bit_plan(chunk);
    let last = plan.len().saturating_sub(1);
    // The masks are constants (read from memory by index), not an array built per read.
    let rows = plan.iter().map(|c| {
        let masks = c.masks.map(hex);
        quote!([#(#masks),*])
    });
    let n_cells = Literal::usize_unsuffixed(plan.len());
    let steps = plan.iter().enumerate().map(|(i, c)| {
        let (dx, dy) = (int(c.dx as i64), int(c.dy as i64));
        let j = Literal::usize_unsuffixed(i);
        let stop = (i < last).then(|| {
            quote!(if a == 0 {
                break 'leaf;
            })
        });
        quote! {
            a &= M[#j][(rd(#dx, #dy) & 3) as usize];
            #stop
        }
    });
    let ids = chunk.iter().map(|(v, _)| Literal::u32_unsuffixed(*v));
    let len = Literal::usize_unsuffixed(chunk.len());
    // A leaf of variants without cells (a lone `*`) reads nothing.
    let masks = (!plan.is_empty()).then(|| quote!(const M: [[u64; 4]; #n_cells] = [#(#rows),*];));
    let body = quote! {
        #masks
        const IDS: [u32; #len] = [#(#ids),*];
        let mut a: u64 = #full;
        #(#steps)*
        while a != 0 {
            hits.push(IDS[a.trailing_zeros() as usize]);
            a &= a - 1;
        }
    };
    // With at most one cell there is no early stop, and an unused label would warn.
    if plan.len() > 1 {
        quote!('leaf: { #body })
    } else {
        quote!({ #body })
    }
}

/// Emits a decision DAG as nested `match`, with shared and large subtrees as functions
/// `n{id}` (pushed to `fns`).
struct Emitter<'a> {
    tree: &'a tree::Tree,
    refs: Vec<usize>,
    /// Inline code size of each node (calls count 1), once computed.
    sizes: Vec<Option<usize>>,
    /// Nodes already emitted as functions.
    done: Vec<bool>,
    fns: Vec<TokenStream>,
    /// The first lines of every function of the tree (bounds and `rd`).
    prologue: TokenStream,
    /// The bit-parallel leaves emitted as code, not tables (see [`tree::UNROLLED_CELLS`]).
    unrolled: Vec<bool>,
    /// The part (see [`tree::parts`]) whose tree this is: functions are `n{part}_{id}`.
    part: usize,
}

impl Emitter<'_> {
    fn new(tree: &tree::Tree, prologue: TokenStream, part: usize) -> Emitter<'_> {
        Emitter {
            part,
            prologue,
            unrolled: tree.unrolled(),
            tree,
            refs: tree.refcounts(),
            sizes: vec![None; tree.nodes.len()],
            done: vec![false; tree.nodes.len()],
            fns: Vec::new(),
        }
    }

    fn shared(&mut self, id: tree::NodeId) -> bool {
        self.refs[id] > 1 && self.size(id) > SHARE_MIN
    }

    fn size(&mut self, id: tree::NodeId) -> usize {
        if let Some(s) = self.sizes[id] {
            return s;
        }
        let s = match &self.tree.nodes[id] {
            // A call per table.
            tree::Node::Leaf(items) if tree::use_bits(items) && !self.unrolled[id] => {
                items.len().div_ceil(tree::BITS)
            }
            tree::Node::Leaf(items) => items.iter().map(|(_, t)| 1 + t.len()).sum(),
            tree::Node::Switch { arms, rest, .. } => {
                let children: Vec<_> = arms
                    .iter()
                    .chain(std::iter::once(rest))
                    .flatten()
                    .copied()
                    .collect();
                1 + children
                    .into_iter()
                    .map(|c| if self.shared(c) { 1 } else { self.size(c) })
                    .sum::<usize>()
            }
        };
        self.sizes[id] = Some(s);
        s
    }

    /// The code of node `id` nested `depth` deep in the function being emitted.
    fn node(&mut self, id: tree::NodeId, depth: usize) -> TokenStream {
        if depth > 0 && (self.shared(id) || depth >= MAX_NESTING || self.size(id) > OUTLINE) {
            let name = format_ident!("n{}_{}", self.part, id);
            if !self.done[id] {
                self.done[id] = true;
                let body = self.node(id, 0);
                let prologue = &self.prologue;
                self.fns.push(quote! {
                    #[allow(unused_variables, unreachable_patterns, clippy::all)]
                    #[inline(never)]
                    fn #name(buf: &Wide, base: usize, hits: &mut __rt::Hits) {
                        #prologue
                        #body
                    }
                });
            }
            return quote!(#name(buf, base, hits););
        }
        match &self.tree.nodes[id] {
            tree::Node::Leaf(items) if tree::use_bits(items) && self.unrolled[id] => {
                let chunks = items.chunks(tree::BITS).map(bit_leaf);
                quote!(#(#chunks)*)
            }
            tree::Node::Leaf(items) if tree::use_bits(items) => {
                let chunks = items.chunks(tree::BITS).map(bit_table);
                quote!(#(#chunks)*)
            }
            tree::Node::Leaf(items) => {
                let checks = items.iter().map(|(v, tests)| {
                    let v = Literal::u32_unsuffixed(*v);
                    if tests.is_empty() {
                        quote!(hits.push(#v);)
                    } else {
                        let clauses = tests.iter().map(test_expr);
                        quote!(if #(#clauses)&&* { hits.push(#v); })
                    }
                });
                quote!(#(#checks)*)
            }
            tree::Node::Switch { dx, dy, arms, rest } => {
                let (dx, dy, arms, rest) = (*dx, *dy, *arms, *rest);
                let (dxl, dyl) = (int(dx as i64), int(dy as i64));
                // With all four arms, OFF_BOARD's is the catch-all (codes are 0..4).
                let all = arms.iter().all(Option::is_some);
                let out = arms
                    .iter()
                    .enumerate()
                    .filter_map(|(code, arm)| {
                        let arm = (*arm)?;
                        let body = self.node(arm, depth + 1);
                        if all && code == 3 {
                            return Some(quote!(_ => { #body }));
                        }
                        let code = Literal::u8_unsuffixed(code as u8);
                        Some(quote!(#code => { #body }))
                    })
                    .collect::<Vec<_>>();
                let rest = rest.map(|r| self.node(r, depth + 1)).unwrap_or_default();
                let default = (!all).then(|| quote!(_ => {}));
                quote! {
                    match rd(#dxl, #dyl) {
                        #(#out)*
                        #default
                    }
                    #rest
                }
            }
        }
    }
}

fn collect_labels(e: &Expr, out: &mut Vec<usize>) {
    match e {
        Expr::Int(_) | Expr::Bool(_) => {}
        Expr::Not(e) | Expr::Neg(e) => collect_labels(e, out),
        Expr::Binary(_, l, r) => {
            collect_labels(l, out);
            collect_labels(r, out);
        }
        Expr::Call(_, args) => {
            for a in args {
                if let PointRef::Label(i) = a {
                    out.push(*i);
                }
            }
        }
    }
}

/// Rust's binding strength of our operators (higher binds tighter).
fn prec(op: BinOp) -> u8 {
    match op {
        BinOp::Or => 1,
        BinOp::And => 2,
        BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => 3,
        BinOp::Add | BinOp::Sub => 4,
    }
}

/// `e` as an operand of `parent`, parenthesised when needed (comparisons never chain in Rust,
/// and the right operand of a left-associative operator of equal strength needs parentheses).
fn emit_operand(e: &Expr, parent: BinOp) -> TokenStream {
    emit_side(e, parent, false)
}

fn emit_side(e: &Expr, parent: BinOp, right: bool) -> TokenStream {
    let inner = emit(e);
    match e {
        Expr::Binary(op, ..) => {
            let (p, q) = (prec(*op), prec(parent));
            if p < q || (p == q && (p == 3 || right)) {
                quote!((#inner))
            } else {
                inner
            }
        }
        _ => inner,
    }
}

fn emit(e: &Expr) -> TokenStream {
    match e {
        Expr::Int(v) => int(*v as i64),
        Expr::Bool(b) => quote!(#b),
        Expr::Not(e) => {
            let inner = emit(e);
            if matches!(**e, Expr::Binary(..)) {
                quote!(!(#inner))
            } else {
                quote!(!#inner)
            }
        }
        Expr::Neg(e) => {
            let inner = emit(e);
            if matches!(**e, Expr::Binary(..)) {
                quote!(-(#inner))
            } else {
                quote!(-#inner)
            }
        }
        Expr::Binary(op, l, r) => {
            let l = emit_side(l, *op, false);
            let r = emit_side(r, *op, true);
            let sym: TokenStream = op.symbol().parse().expect("operator");
            quote!(#l #sym #r)
        }
        Expr::Call(id, args) => {
            let pred = id.info();
            let method = format_ident!("{}", pred.method);
            let coords = args.iter().map(|a| match a {
                PointRef::Anchor => quote!(x, y),
                PointRef::Label(i) => {
                    let p = format_ident!("p{}", i);
                    quote!(#p.0, #p.1)
                }
            });
            let side = pred.uses_side.then(|| quote!(, us));
            quote!(board.#method(#(#coords),* #side))
        }
    }
}

/// Renders items as compact Rust source for a build script to write and a crate to
/// `include!`: tokens separated by spaces, with a line break after every `;` and every block,
/// and after a `,` once a line is long (tables).
///
/// The line breaks matter: rustc computes the line and column of every panic location (each
/// bounds check of the tree), and the column by scanning the line from its start, so a
/// generated file on one line (`TokenStream::to_string`) of megabytes compiles quadratically
/// slowly (the 2,000-pattern stress database: 124 s for its module on one line, 15 s broken).
pub fn lines(tokens: &TokenStream) -> String {
    let mut out = Lines::default();
    out.stream(tokens.clone());
    out.text
}

/// See [`lines`].
#[derive(Default)]
struct Lines {
    text: String,
    /// Where the current line starts in `text`.
    line: usize,
}

impl Lines {
    /// A `,` ends a line longer than this.
    const WIDTH: usize = 100;

    fn stream(&mut self, tokens: TokenStream) {
        use proc_macro2::{Delimiter, Spacing, TokenTree};
        use std::fmt::Write as _;
        for tt in tokens {
            match tt {
                TokenTree::Group(g) => {
                    let (open, close) = match g.delimiter() {
                        Delimiter::Parenthesis => ("(", ")"),
                        Delimiter::Brace => ("{", "}"),
                        Delimiter::Bracket => ("[", "]"),
                        Delimiter::None => ("", ""),
                    };
                    self.text.push_str(open);
                    self.stream(g.stream());
                    self.text.push_str(close);
                    if g.delimiter() == Delimiter::Brace {
                        self.newline();
                    } else {
                        self.text.push(' ');
                    }
                }
                TokenTree::Ident(i) => {
                    let _ = write!(self.text, "{i} ");
                }
                TokenTree::Literal(l) => {
                    let _ = write!(self.text, "{l} ");
                }
                TokenTree::Punct(p) => {
                    self.text.push(p.as_char());
                    if p.spacing() == Spacing::Alone {
                        let long = self.text.len() - self.line > Self::WIDTH;
                        match p.as_char() {
                            ';' => self.newline(),
                            ',' if long => self.newline(),
                            _ => self.text.push(' '),
                        }
                    }
                }
            }
        }
    }

    fn newline(&mut self) {
        self.text.push('\n');
        self.line = self.text.len();
    }
}

/// Renders items as formatted Rust source.
#[cfg(feature = "pretty")]
pub fn pretty(tokens: &TokenStream) -> String {
    match syn::parse2::<syn::File>(tokens.clone()) {
        Ok(file) => prettyplease::unparse(&file),
        Err(e) => format!("// generated code does not parse: {e}\n{tokens}"),
    }
}
