//! The pattern databases of `patterns/*.db`, compiled by `build.rs` into matchers.
//!
//! One module per file (`patterns::efficiency`, `patterns::attack`, ...), each with
//! `PATTERNS`, `MATCHER`, `match_at` and `scan`, plus [`NAMES`], [`matcher`] and
//! [`match_database`] to reach any of them by name.

include!(concat!(env!("OUT_DIR"), "/patterns.rs"));
