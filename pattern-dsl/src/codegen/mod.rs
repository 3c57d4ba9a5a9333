//! Code generation: [`ir::Database`](crate::ir::Database) to Rust items (tables plus one `conditions` function)
//! that drive `tesuji_engine::pattern::Matcher`.
//!
//! The tables rest on the database's matching window ([`Database::footprint`], in
//! `footprint.rs`) and on every variant's constraints packed into it ([`pack`]).

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use crate::ast::BinOp;
use crate::ir::{Database, Expr, PointRef};

mod footprint;
mod pack;

pub use pack::{PackedVariant, pack};

fn hex(v: u128) -> TokenStream {
    let lit: Literal = format!("0x{v:x}").parse().expect("valid hex literal");
    quote!(#lit)
}

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
    let packed = pack(db, &footprint);
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
        quote! {
            __rt::PatternInfo {
                name: #name,
                kind: __rt::Kind::#kind,
                value: #value,
                mark: __rt::Mark::#mark,
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
    let rows = variants.iter().zip(&packed).map(|(v, pk)| {
        let pattern = Literal::u32_unsuffixed(v.pattern as u32);
        let t = format_ident!("{}", v.transform.variant_name());
        let (mask, value) = (hex(pk.word0.0), hex(pk.word0.1));
        let more = pk.more.iter().map(|&(k, m, val)| {
            let k = Literal::u8_unsuffixed(k);
            let (m, val) = (hex(m), hex(val));
            quote!((#k, #m, #val))
        });
        let points = v.labels.iter().map(|&(dx, dy)| {
            let (dx, dy) = (int(dx as i64), int(dy as i64));
            quote!((#dx, #dy))
        });
        quote! {
            __rt::Variant {
                pattern: #pattern,
                transform: __rt::Transform::#t,
                mask: #mask,
                value: #value,
                more: &[#(#more),*],
                points: &[#(#points),*],
            }
        }
    });

    let arms: Vec<TokenStream> = db
        .patterns
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.conditions.is_empty())
        .map(|(i, p)| {
            let i = Literal::u32_unsuffixed(i as u32);
            let mut used = Vec::new();
            for c in &p.conditions {
                collect_labels(c, &mut used);
            }
            used.sort_unstable();
            used.dedup();
            let binds = used.iter().map(|&l| {
                let name = format_ident!("p{}", l);
                let l = Literal::usize_unsuffixed(l);
                quote!(let #name = v.point(#l, x, y);)
            });
            let conds = p.conditions.iter().map(|c| emit_operand(c, BinOp::And));
            quote! {
                #i => {
                    #(#binds)*
                    #(#conds)&&*
                }
            }
        })
        .collect();
    let body = if arms.is_empty() {
        quote!(true)
    } else {
        quote! {
            match v.pattern {
                #(#arms)*
                _ => true,
            }
        }
    };

    let n_patterns = db.patterns.len();
    let n_variants = variants.len();
    let summary = format!(
        " Compiled from `{}`: {} patterns, {} variants (pattern x distinct transformation), \
         footprint of {} points.",
        db.file,
        n_patterns,
        n_variants,
        footprint.len()
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

        /// Offsets from the anchor packed into the matching window, 2 bits a point.
        pub static FOOTPRINT: &[(i8, i8)] = &[#(#fp),*];

        /// Every (pattern, distinct transformation), pattern-major.
        pub static VARIANTS: &[__rt::Variant] = &[#(#rows),*];

        /// The matcher over the tables above.
        pub static MATCHER: __rt::Matcher = __rt::Matcher::new(PATTERNS, FOOTPRINT, VARIANTS);

        /// The `if` conditions of variant `v` anchored at `(x, y)`; only called after its
        /// figure matched.
        #[allow(unused_variables, unused_parens, clippy::all)]
        #[inline]
        fn conditions<B: __rt::PatternBoard + ?Sized>(
            board: &B,
            v: &__rt::Variant,
            x: i32,
            y: i32,
            us: #color,
        ) -> bool {
            #body
        }

        /// Calls `f` for every (pattern, transformation) whose `*` is at `(x, y)`, whose
        /// figure matches as seen by `us` and whose conditions hold, in `VARIANTS` order.
        pub fn match_at<B: __rt::PatternBoard + ?Sized>(
            board: &B,
            x: i32,
            y: i32,
            us: #color,
            f: &mut impl FnMut(__rt::Match),
        ) {
            MATCHER.match_at(board, x, y, us, conditions::<B>, f)
        }

        /// [`match_at`] at every empty point of the board, row by row.
        pub fn scan<B: __rt::PatternBoard + ?Sized>(
            board: &B,
            us: #color,
            f: &mut impl FnMut(__rt::Match),
        ) {
            MATCHER.scan(board, us, conditions::<B>, f)
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
