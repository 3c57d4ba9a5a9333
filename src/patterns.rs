//! The pattern databases of `patterns/*.db`, compiled by `build.rs` into matchers.
//!
//! One module per file (`patterns::efficiency`, `patterns::attack`, ...), each with
//! `PATTERNS`, `TABLES`, `match_at` and `scan`, plus [`NAMES`], [`matcher`] and
//! [`match_database`] to reach any of them by name.

include!(concat!(env!("OUT_DIR"), "/patterns.rs"));

use tesuji_engine::board::Color;
use tesuji_engine::pattern::{Kind, Match, PatternBoard, Tables};
use tesuji_engine::tactics::pattern_view::PatternSet;
use tesuji_engine::tactics::pattern_view::PatternView;

/// The databases compiled from `patterns/*.db`: the engine's real [`PatternSet`].
#[derive(Clone, Copy, Debug, Default)]
pub struct CompiledPatterns;

/// The database file (stem) that serves each kind.
fn database_of(kind: Kind) -> Option<&'static str> {
    match kind {
        Kind::Efficiency => Some("efficiency"),
        Kind::Attack => Some("attack"),
        Kind::Defense => Some("defense"),
        Kind::Connection => Some("connection"),
        Kind::Joseki => Some("joseki"),
        Kind::OwlAttack => Some("owl_attack"),
        Kind::OwlDefense => Some("owl_defense"),
        Kind::Prior => Some("prior"),
        Kind::Playout => Some("playout"),
        Kind::Generic => None,
    }
}

impl PatternSet for CompiledPatterns {
    fn matcher(&self, kind: Kind) -> Option<&'static Tables> {
        database_of(kind).and_then(matcher)
    }

    fn match_at(
        &self,
        kind: Kind,
        view: &PatternView<'_>,
        x: i32,
        y: i32,
        us: Color,
        f: &mut dyn FnMut(Match),
    ) {
        if let Some(name) = database_of(kind) {
            match_database(name, view, x, y, us, &mut |m| f(m));
        }
    }
}

/// The compiled databases less one kind: what a stage or the owl does without that
/// knowledge (tests measure a database's effect with it).
#[derive(Clone, Copy, Debug)]
pub struct CompiledPatternsWithout(pub Kind);

impl PatternSet for CompiledPatternsWithout {
    fn matcher(&self, kind: Kind) -> Option<&'static Tables> {
        (kind != self.0)
            .then(|| CompiledPatterns.matcher(kind))
            .flatten()
    }

    fn match_at(
        &self,
        kind: Kind,
        view: &PatternView<'_>,
        x: i32,
        y: i32,
        us: Color,
        f: &mut dyn FnMut(Match),
    ) {
        if kind != self.0 {
            CompiledPatterns.match_at(kind, view, x, y, us, f);
        }
    }
}

/// The engine's board seen through `pattern-dsl`'s IR interpreter, so tests and benchmarks can
/// compare the generated matchers with the interpreter on the very same position.
pub struct Interpreted<'a>(pub PatternView<'a>);

impl pattern_dsl::InterpBoard for Interpreted<'_> {
    type Side = Color;
    fn size(&self) -> i32 {
        self.0.size()
    }
    fn code(&self, x: i32, y: i32, us: Color) -> u8 {
        self.0.code(x, y, us)
    }
    fn lib(&self, x: i32, y: i32) -> i32 {
        self.0.lib(x, y)
    }
    fn stones(&self, x: i32, y: i32) -> i32 {
        self.0.stones(x, y)
    }
    fn libs_after(&self, x: i32, y: i32, us: Color) -> i32 {
        self.0.libs_after(x, y, us)
    }
    fn self_atari(&self, x: i32, y: i32, us: Color) -> bool {
        self.0.self_atari(x, y, us)
    }
    fn ko(&self, x: i32, y: i32) -> bool {
        self.0.ko(x, y)
    }
    fn edge_dist(&self, x: i32, y: i32) -> i32 {
        self.0.edge_dist(x, y)
    }
    fn attack(&self, x: i32, y: i32) -> i32 {
        self.0.attack(x, y)
    }
    fn defend(&self, x: i32, y: i32) -> i32 {
        self.0.defend(x, y)
    }
    fn connected(&self, x1: i32, y1: i32, x2: i32, y2: i32) -> bool {
        self.0.connected(x1, y1, x2, y2)
    }
}
