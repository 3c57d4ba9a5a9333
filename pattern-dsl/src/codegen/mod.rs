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
        quote! {
            __rt::PatternInfo {
                name: #name,
                kind: __rt::Kind::#kind,
                value: #value,
                mark: __rt::Mark::#mark,
                feature: #feature,
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

    let tree = tree::build(db);
    let mut emitter = Emitter::new(&tree);
    let root_body = match tree.root {
        Some(root) => emitter.node(root, 0),
        None => quote!(),
    };
    let fns = emitter.fns;
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
    let switches = tree.switches();
    let summary = format!(
        " Compiled from `{}`: {} patterns, {} variants (pattern x distinct transformation), \
         footprint of {} points, a decision DAG of {} switches.",
        db.file,
        n_patterns,
        n_variants,
        footprint.len(),
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

        /// The figure tests: the decision tree from the anchor, reading cells through `rd`
        /// (offsets from the anchor), recording the variants whose figure matched.
        #[allow(unused_variables, unreachable_patterns, clippy::all)]
        #[inline(always)]
        fn figure<R: Fn(i32, i32) -> u8>(rd: &R, hits: &mut __rt::Hits) {
            #root_body
        }

        #(#fns)*

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

        /// [`match_at`] with the board's padded cell array at hand: the fast path reads it by
        /// constant offsets when the whole footprint is on the board, the checked path tests
        /// the coordinates of every cell it reads.
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
        /// The fast path reads the cells by constant offsets when the whole footprint is on
        /// the board; the checked path tests the coordinates of every cell it reads.
        #[allow(clippy::all)]
        #[inline]
        pub fn figure_hits(cells: &[u8], n: i32, x: i32, y: i32, us: #color, hits: &mut __rt::Hits) {
            let base = (y + 1) * __rt::STRIDE + x + 1;
            let map = __rt::code_map(us);
            if x >= #min_dx && y >= #min_dy && x < n - #max_dx && y < n - #max_dy {
                let rd =                 |dx: i32, dy: i32| map[(cells[(base + dy * __rt::STRIDE + dx) as usize] & 3) as usize];
                figure(&rd, hits);
            } else {
                let rd =                 |dx: i32, dy: i32| {
                    let (px, py) = (x + dx, y + dy);
                    if (px as u32) < n as u32 && (py as u32) < n as u32 {
                        map[(cells[((py + 1) * __rt::STRIDE + px + 1) as usize] & 3) as usize]
                    } else {
                        __rt::OFF_BOARD
                    }
                };
                figure(&rd, hits);
            }
        }

        /// The figure half of this matcher, for a [`MatchIndex`](__rt::MatchIndex).
        pub static FIGURES: __rt::Figures = __rt::Figures {
            footprint: FOOTPRINT,
            at: figure_hits,
            radius: RADIUS,
            wide: figure_wide,
        };

        /// Calls `f` for every match of the figure matches `index` holds (an index of
        /// [`FIGURES`] on `board`) whose conditions hold on `board`: what [`scan`] reports, in
        /// the same order.
        pub fn index_matches<B: __rt::PatternBoard + ?Sized>(
            board: &B,
            index: &__rt::MatchIndex,
            f: &mut impl FnMut(__rt::Match),
        ) {
            let us = index.us();
            for (x, y, vs) in index.hits() {
                for &v in vs {
                    report(board, x, y, us, v, f);
                }
            }
        }

        /// The figure tests on a bordered copy of the board (see [`scan`]) for the anchor at
        /// `buf[base]`, an empty point: records the variants whose figure matches.
        /// `buf` must be `WIDE * WIDE` long.
        pub fn figure_wide(buf: &[u8], base: i32, hits: &mut __rt::Hits) {
            match buf.try_into() {
                Ok(buf) => figure_array(buf, base, hits),
                Err(_) => panic!("a bordered board of the wrong size"),
            }
        }

        /// [`figure_wide`] on an array, whose length the bounds checks know.
        #[inline(always)]
        fn figure_array(buf: &[u8; (WIDE * WIDE) as usize], base: i32, hits: &mut __rt::Hits) {
            let rd = |dx: i32, dy: i32| buf[(base + dy * WIDE + dx) as usize];
            figure(&rd, hits);
        }

        /// How far from the anchor the footprint reaches (in rows or columns).
        pub const RADIUS: i32 = #radius;

        /// Stride of the bordered copy of the board [`scan`] matches on: the largest board and
        /// a border of [`RADIUS`] on each side, so that every anchor reads by constant offsets.
        const WIDE: i32 = __rt::MAX_SIZE + 2 * RADIUS;

        /// [`match_at`] at every point of the board, row by row. Matches on a copy of the
        /// board with a border of [`RADIUS`] cells and codes already seen by `us`: no edge
        /// tests and no colour map in the tree.
        pub fn scan<B: __rt::PatternBoard + ?Sized>(
            board: &B,
            us: #color,
            f: &mut impl FnMut(__rt::Match),
        ) {
            let mut buf = [__rt::OFF_BOARD; (WIDE * WIDE) as usize];
            __rt::fill_wide(board, us, RADIUS, WIDE, &mut buf);
            let n = board.size().min(__rt::MAX_SIZE);
            let mut hits = __rt::Hits::new();
            for y in 0..n {
                for x in 0..n {
                    let base = (y + RADIUS) * WIDE + x + RADIUS;
                    if buf[base as usize] != __rt::EMPTY {
                        continue;
                    }
                    figure_array(&buf, base, &mut hits);
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
}

impl Emitter<'_> {
    fn new(tree: &tree::Tree) -> Emitter<'_> {
        Emitter {
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
            let name = format_ident!("n{}", id);
            if !self.done[id] {
                self.done[id] = true;
                let body = self.node(id, 0);
                self.fns.push(quote! {
                    #[allow(unused_variables, unreachable_patterns, clippy::all)]
                    #[inline(never)]
                    fn #name<R: Fn(i32, i32) -> u8>(rd: &R, hits: &mut __rt::Hits) {
                        #body
                    }
                });
            }
            return quote!(#name(rd, hits););
        }
        match &self.tree.nodes[id] {
            tree::Node::Leaf(items) if tree::use_bits(items) => {
                let chunks = items.chunks(tree::BITS).map(bit_leaf);
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

/// Renders items as formatted Rust source.
pub fn pretty(tokens: &TokenStream) -> String {
    match syn::parse2::<syn::File>(tokens.clone()) {
        Ok(file) => prettyplease::unparse(&file),
        Err(e) => format!("// generated code does not parse: {e}\n{tokens}"),
    }
}
