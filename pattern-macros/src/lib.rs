//! Procedural macros that compile tesuji pattern databases at build time.
//!
//! A thin layer over [`pattern_dsl`]: both macros expand to the items of a database module
//! (`PATTERNS`, `VARIANTS`, `TABLES`, `match_at`, `scan`, ...; see
//! `docs/pattern-language.md`), referring to the runtime as `::tesuji_engine::pattern`.
//! Errors in the patterns become `compile_error!` with the rendered diagnostics.
//!
//! ```ignore
//! mod attack {
//!     pattern_macros::include_patterns!("patterns/attack.db");
//! }
//!
//! mod local {
//!     pattern_macros::pattern! {r#"
//!         kind efficiency
//!         pattern empty_triangle {
//!             |OO|
//!             |*.|
//!             value -30
//!         }
//!     "#}
//! }
//! ```

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::LitStr;

/// Compiles the `.db` file at the given path, relative to the invoking crate's
/// `CARGO_MANIFEST_DIR`, into the items of a database module. Editing the file rebuilds the
/// crate (the expansion `include_str!`s it).
#[proc_macro]
pub fn include_patterns(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    let manifest_dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".to_string());
    expand_include(input.into(), &manifest_dir).into()
}

/// Compiles a database written inline as a string literal (raw strings keep figures
/// readable): `pattern! {r#" kind ... pattern name { ... } "#}`.
#[proc_macro]
pub fn pattern(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    expand_inline(input.into()).into()
}

fn error(span: Span, message: &str) -> TokenStream {
    quote_spanned!(span=> ::core::compile_error!(#message);)
}

fn literal(input: TokenStream, usage: &str) -> Result<LitStr, TokenStream> {
    syn::parse2::<LitStr>(input).map_err(|e| error(e.span(), &format!("{e}; usage: {usage}")))
}

fn compile(file_name: &str, source: &str, span: Span) -> TokenStream {
    match pattern_dsl::compile(file_name, source, &pattern_dsl::Options::default()) {
        Ok(db) => db.tokens(),
        Err(diagnostics) => {
            let count = diagnostics.len();
            let plural = if count == 1 { "" } else { "s" };
            let message = format!(
                "{count} error{plural} in pattern database `{file_name}`:\n\n{}",
                diagnostics.render()
            );
            error(span, &message)
        }
    }
}

/// `include_patterns!("path.db")` with `manifest_dir` resolving relative paths.
fn expand_include(input: TokenStream, manifest_dir: &str) -> TokenStream {
    let lit = match literal(input, "include_patterns!(\"path/to/file.db\")") {
        Ok(l) => l,
        Err(e) => return e,
    };
    let rel = lit.value();
    let path = std::path::Path::new(manifest_dir).join(&rel);
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) => {
            return error(
                lit.span(),
                &format!("cannot read pattern database `{}`: {e}", path.display()),
            );
        }
    };
    let source = match pattern_dsl::decode(&rel, &bytes) {
        Ok(s) => s,
        Err(d) => return error(lit.span(), &d.render()),
    };
    let abs = path.to_string_lossy().into_owned();
    let items = compile(&rel, source, lit.span());
    quote! {
        const _: &str = ::core::include_str!(#abs);
        #items
    }
}

/// `pattern! {r#"..."#}`
fn expand_inline(input: TokenStream) -> TokenStream {
    let lit = match literal(input, "pattern! {r#\" kind ... pattern name { ... } \"#}") {
        Ok(l) => l,
        Err(e) => return e,
    };
    compile("pattern!", &lit.value(), lit.span())
}

#[cfg(test)]
mod tests;
