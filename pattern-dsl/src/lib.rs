//! tesuji's pattern compiler.
//!
//! Pattern databases (`.db` files, see `docs/pattern-language.md`) are parsed with nom into an
//! [`ast`], validated ([`validate`]) into an [`ir`] (every pattern with its distinct
//! symmetries, as point constraints relative to the `*` anchor) and turned into Rust items by
//! [`codegen`]. The generated items compile against `tesuji_engine::pattern` (the runtime
//! contract); this crate does not depend on the engine.
//!
//! ```
//! let src = "kind attack\n\
//!            pattern capture {\n\
//!            |.XO|\n\
//!            |*XO|\n\
//!            |.O.|\n\
//!            \n\
//!            |.AO|\n\
//!            |*XO|\n\
//!            |.O.|\n\
//!            attack A\n\
//!            if lib(A) == 1\n\
//!            }\n";
//! let db = pattern_dsl::compile("capture.db", src, &pattern_dsl::Options::default()).unwrap();
//! assert_eq!(db.pattern_count(), 1);
//! assert!(db.pretty().contains("pub fn match_at"));
//! ```
//!
//! The [`interp`] module interprets the IR directly; tests use it as the reference for the
//! generated matchers.

pub mod ast;
pub mod codegen;
pub mod diag;
pub mod interp;
pub mod ir;

pub mod parse;
pub mod registry;
pub mod stress;
pub mod validate;

use proc_macro2::TokenStream;

pub use diag::{Diagnostic, Diagnostics, Span};
pub use interp::{InterpBoard, InterpMatch};
pub use ir::{Cell, Database, Kind, Pattern, Transform, Variant};

/// Code generation options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Path of the engine crate the generated code refers to (`{runtime}::pattern::...`,
    /// `{runtime}::board::Color`). Default `::tesuji_engine`.
    pub runtime: String,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            runtime: "::tesuji_engine".to_string(),
        }
    }
}

/// A database that compiled without errors.
#[derive(Clone, Debug)]
pub struct CompiledDatabase {
    database: Database,
    options: Options,
}

/// Parses, validates and prepares code generation for one `.db` file.
///
/// `file_name` only appears in diagnostics and in the generated `SOURCE` constant.
/// On failure, every error found in the file is returned.
pub fn compile(
    file_name: &str,
    source: &str,
    options: &Options,
) -> Result<CompiledDatabase, Diagnostics> {
    let database = check(file_name, source)?;
    Ok(CompiledDatabase {
        database,
        options: options.clone(),
    })
}

/// A `.db` file's bytes as text: the first byte that is not UTF-8 is an error at its
/// `line:col` (counted on the valid text before it), like every other error of the file.
pub fn decode<'a>(file_name: &str, bytes: &'a [u8]) -> Result<&'a str, Diagnostics> {
    std::str::from_utf8(bytes).map_err(|e| {
        let valid = e.valid_up_to();
        // Everything before the bad byte is text: show the line up to it.
        let text = String::from_utf8_lossy(bytes).into_owned();
        let offset = text
            .char_indices()
            .nth(std::str::from_utf8(&bytes[..valid]).map_or(0, |s| s.chars().count()))
            .map_or(text.len(), |(i, _)| i);
        Diagnostics::new(
            file_name,
            &text,
            vec![Diagnostic::new(
                Span::at(offset),
                format!(
                    "invalid UTF-8 (byte 0x{:02x}); a .db file is UTF-8 text",
                    bytes[valid]
                ),
            )],
        )
    })
}

/// Parses and validates one `.db` file into the IR.
pub fn check(file_name: &str, source: &str) -> Result<Database, Diagnostics> {
    let (file, mut errors) = parse::parse(source);
    let db = validate::validate(file_name, source, &file, &mut errors);
    match db {
        Some(db) if errors.is_empty() => Ok(db),
        _ => Err(Diagnostics::new(file_name, source, errors)),
    }
}

impl CompiledDatabase {
    /// The validated IR.
    pub fn database(&self) -> &Database {
        &self.database
    }

    /// Number of patterns.
    pub fn pattern_count(&self) -> usize {
        self.database.patterns.len()
    }

    /// Number of (pattern, distinct transformation) pairs: the rows of the generated table.
    pub fn variant_count(&self) -> usize {
        self.database.variant_count()
    }

    /// The offsets packed into the matching window.
    pub fn footprint(&self) -> Vec<(i32, i32)> {
        self.database.footprint()
    }

    /// The generated items (a module body: `PATTERNS`, `VARIANTS`, `match_at`, `scan`, ...).
    pub fn tokens(&self) -> TokenStream {
        let runtime: TokenStream = self
            .options
            .runtime
            .parse()
            .unwrap_or_else(|_| "::tesuji_engine".parse().expect("valid path"));
        codegen::generate(&self.database, &runtime)
    }

    /// The generated items as compact Rust source with a line break after every statement
    /// and block (see [`codegen::lines`]): what a build script writes for a crate to
    /// `include!`, much faster to compile than the one line of `tokens().to_string()`.
    pub fn source(&self) -> String {
        codegen::lines(&self.tokens())
    }

    /// The generated items formatted with prettyplease, with a header comment; suitable for a
    /// file that a module `include!`s. Only with the `pretty` feature (the default).
    #[cfg(feature = "pretty")]
    pub fn pretty(&self) -> String {
        format!(
            "// @generated by pattern-dsl from `{}`. Do not edit.\n\n{}",
            self.database.file,
            codegen::pretty(&self.tokens())
        )
    }
}
