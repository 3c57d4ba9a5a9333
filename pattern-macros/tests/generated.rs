//! The generated matchers against the IR interpreter.
//!
//! This test crate stands in for `tesuji_engine`: it includes the real runtime contract
//! (`engine/src/pattern/mod.rs`, the leaf of the engine's pattern side: it needs only
//! `board::Color`), a minimal `board::Color`, and names itself `tesuji_engine`, so the macros'
//! `::tesuji_engine::pattern::...` paths resolve without building the engine.

extern crate self as tesuji_engine;

pub mod board {
    /// The engine's board geometry, as the pattern contract reads it.
    pub const MAX_SIZE: usize = 25;
    /// Stride of the padded cell array.
    pub const STRIDE: usize = MAX_SIZE + 1;
    /// Cells of the padded array.
    pub const NUM_CELLS: usize = (MAX_SIZE + 2) * STRIDE + 1;
    /// Stand-in for the engine's colour.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Color {
        Black,
        White,
    }
}

#[path = "../../engine/src/pattern/mod.rs"]
pub mod pattern;

use board::Color;
use pattern::{Match, PatternBoard};
use pattern_dsl::interp::{Grid, InterpBoard, Side};
use proptest::prelude::*;

mod efficiency {
    pattern_macros::include_patterns!("../pattern-dsl/tests/fixtures/efficiency.db");
}
mod attack {
    pattern_macros::include_patterns!("../pattern-dsl/tests/fixtures/attack.db");
}
mod defense {
    pattern_macros::include_patterns!("../pattern-dsl/tests/fixtures/defense.db");
}
mod connection {
    pattern_macros::include_patterns!("../pattern-dsl/tests/fixtures/connection.db");
}
mod joseki {
    pattern_macros::include_patterns!("../pattern-dsl/tests/fixtures/joseki.db");
}
mod generic {
    pattern_macros::include_patterns!("../pattern-dsl/tests/fixtures/generic.db");
}

const INLINE: &str = r#"
    kind attack
    // Capture a stone in atari on the edge.
    pattern edge_capture {
        |?O?|
        |OX*|
        |###|

        |?O?|
        |OA*|
        |###|
        attack A
        if lib(A) == 1
    }
"#;

mod inline {
    pattern_macros::pattern! {r#"
    kind attack
    // Capture a stone in atari on the edge.
    pattern edge_capture {
        |?O?|
        |OX*|
        |###|

        |?O?|
        |OA*|
        |###|
        attack A
        if lib(A) == 1
    }
"#}
}

/// A `PatternBoard` over the interpreter's toy grid.
struct Board(Grid);

fn side(c: Color) -> Side {
    match c {
        Color::Black => Side::Black,
        Color::White => Side::White,
    }
}

impl PatternBoard for Board {
    fn size(&self) -> i32 {
        self.0.size()
    }
    fn code(&self, x: i32, y: i32, us: Color) -> u8 {
        self.0.code(x, y, side(us))
    }
    fn lib(&self, x: i32, y: i32) -> i32 {
        self.0.lib(x, y)
    }
    fn stones(&self, x: i32, y: i32) -> i32 {
        self.0.stones(x, y)
    }
    fn libs_after(&self, x: i32, y: i32, us: Color) -> i32 {
        self.0.libs_after(x, y, side(us))
    }
    fn self_atari(&self, x: i32, y: i32, us: Color) -> bool {
        self.0.self_atari(x, y, side(us))
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

type ScanFn = fn(&Board, Color, &mut dyn FnMut(Match));

macro_rules! databases {
    ($($m:ident => $file:expr),* $(,)?) => {
        fn databases() -> Vec<(&'static str, pattern_dsl::Database, ScanFn)> {
            vec![$((
                stringify!($m),
                pattern_dsl::check($file, &std::fs::read_to_string(
                    concat!(env!("CARGO_MANIFEST_DIR"), "/../pattern-dsl/tests/fixtures/", $file),
                ).unwrap()).unwrap(),
                (|b: &Board, us: Color, f: &mut dyn FnMut(Match)| $m::scan(b, us, &mut |m| f(m))) as ScanFn,
            )),*]
        }
    };
}

databases! {
    efficiency => "efficiency.db",
    attack => "attack.db",
    defense => "defense.db",
    connection => "connection.db",
    joseki => "joseki.db",
    generic => "generic.db",
}

/// Matches as comparable tuples: (pattern, transform index, x, y, targets).
type Key = (usize, usize, i32, i32, Vec<(i32, i32)>);

fn generated(scan: ScanFn, b: &Board, us: Color) -> Vec<Key> {
    let mut out = Vec::new();
    scan(b, us, &mut |m: Match| {
        out.push((
            m.pattern,
            m.transform.index(),
            m.x,
            m.y,
            m.targets().to_vec(),
        ))
    });
    out
}

fn interpreted(db: &pattern_dsl::Database, b: &Board, us: Color) -> Vec<Key> {
    db.scan(&b.0, side(us))
        .into_iter()
        .map(|m| (m.pattern, m.transform.index(), m.x, m.y, m.targets))
        .collect()
}

fn grid_from(size: i32, cells: &[u8], kos: &[(i32, i32)]) -> Grid {
    let mut g = Grid::empty(size);
    for y in 0..size {
        for x in 0..size {
            let s = match cells[(y * size + x) as usize] {
                1 => Some(Side::Black),
                2 => Some(Side::White),
                _ => None,
            };
            g.set(x, y, s);
        }
    }
    g.ko_points = kos.to_vec();
    g
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(300) })]

    /// On random boards, every generated matcher reports exactly what the interpreter finds,
    /// in the same order, for both colours.
    #[test]
    fn generated_matchers_agree_with_the_interpreter(
        size in 3i32..12,
        cells in prop::collection::vec(prop_oneof![3 => Just(0u8), 1 => Just(1u8), 1 => Just(2u8)], 144),
        kos in prop::collection::vec((0i32..12, 0i32..12), 0..3),
    ) {
        let b = Board(grid_from(size, &cells, &kos));
        for (name, db, scan) in databases() {
            for us in [Color::Black, Color::White] {
                let g = generated(scan, &b, us);
                let i = interpreted(&db, &b, us);
                prop_assert_eq!(g, i, "database {} as {:?}", name, us);
            }
        }
    }
}

#[test]
fn random_boards_produce_matches_at_all() {
    // Guard against the property test passing vacuously.
    let mut total = std::collections::HashMap::new();
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..200 {
        let mut cells = vec![0u8; 81];
        for c in cells.iter_mut() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            *c = [0, 0, 0, 1, 2][(seed % 5) as usize];
        }
        let b = Board(grid_from(9, &cells, &[]));
        for (name, _, scan) in databases() {
            *total.entry(name).or_insert(0) += generated(scan, &b, Color::Black).len();
        }
    }
    for name in ["efficiency", "attack", "defense", "connection", "generic"] {
        assert!(total[name] > 0, "{name} never matched: {total:?}");
    }
}

#[test]
fn joseki_matches_in_all_four_corners_under_all_symmetries() {
    // komoku_low_approach: X at figure (4,3), * at (6,4), edges at row 0 and column 0, so on
    // the board (edges removed) X at (3,2), * at (5,3). Mirror it into every corner and
    // reflection of a 19x19 board.
    let mut seen = std::collections::BTreeSet::new();
    for t in pattern::Transform::ALL {
        let mut g = Grid::empty(19);
        let to_board = |x: i32, y: i32| {
            // Offsets from the corner point (0,0) transformed, then moved to that corner.
            let (dx, dy) = t.apply(x, y);
            (
                if dx < 0 { 18 + dx } else { dx },
                if dy < 0 { 18 + dy } else { dy },
            )
        };
        let (sx, sy) = to_board(3, 2);
        g.set(sx, sy, Some(Side::White));
        let (ax, ay) = to_board(5, 3);
        let b = Board(g);
        let mut found = Vec::new();
        joseki::match_at(&b, ax, ay, Color::Black, &mut |m| found.push(m));
        assert_eq!(found.len(), 1, "{t:?}: {found:?}");
        assert_eq!(
            joseki::PATTERNS[found[0].pattern].name,
            "komoku_low_approach"
        );
        seen.insert(found[0].transform);
        // As White the stone is ours: no match.
        let mut none = Vec::new();
        joseki::match_at(&b, ax, ay, Color::White, &mut |m| none.push(m));
        assert!(none.is_empty());
    }
    assert_eq!(seen.len(), 8);
}

#[test]
fn inline_macro_matches_like_the_interpreter() {
    assert_eq!(inline::PATTERNS.len(), 1);
    assert_eq!(inline::PATTERNS[0].name, "edge_capture");
    assert_eq!(inline::PATTERNS[0].targets, &['A']);
    assert_eq!(inline::SOURCE, "pattern!");
    let db = pattern_dsl::check("pattern!", INLINE).unwrap();
    assert_eq!(inline::VARIANTS.len(), db.variant_count());

    // White to play captures the black stone at (1,3) on the bottom edge by playing (2,3).
    let b = Board(Grid::parse(&[". . . .", ". . . .", ". O . .", "O X . ."]));
    let mut found = Vec::new();
    inline::scan(&b, Color::White, &mut |m| found.push(m));
    assert_eq!(found.len(), 1, "{found:?}");
    let m = found[0];
    assert_eq!(
        (m.x, m.y, m.transform),
        (2, 3, pattern::Transform::Identity)
    );
    assert_eq!(m.targets(), &[(1, 3)]);
    assert_eq!(interpreted(&db, &b, Color::White).len(), 1);

    // Black sees the colours swapped: nothing to capture.
    let mut found = Vec::new();
    inline::scan(&b, Color::Black, &mut |m| found.push(m));
    assert!(found.is_empty(), "{found:?}");

    // Turned upside down onto the top edge: the half-turn variant fires.
    let b = Board(Grid::parse(&[". . X O", ". . O .", ". . . .", ". . . ."]));
    let mut found = Vec::new();
    inline::scan(&b, Color::White, &mut |m| found.push(m));
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0].x, found[0].y), (1, 0));
    assert_eq!(found[0].transform, pattern::Transform::Rot180);
    assert_eq!(found[0].targets(), &[(2, 0)]);
}

#[test]
fn attack_fixture_reports_the_target() {
    let b = Board(Grid::parse(&[". O . .", "O X . .", ". O . .", ". . . ."]));
    let mut found = Vec::new();
    attack::scan(&b, Color::White, &mut |m| found.push(m));
    let names: Vec<_> = found
        .iter()
        .map(|m| (attack::PATTERNS[m.pattern].name, m.x, m.y, m.target()))
        .collect();
    assert_eq!(names, vec![("capture", 2, 1, Some((1, 1)))]);
}

#[test]
fn runtime_and_compiler_agree_on_transforms() {
    for t in pattern::Transform::ALL {
        let c = pattern_dsl::Transform::from_index(t.index()).unwrap();
        assert_eq!(c.name(), t.name());
        assert_eq!(c.variant_name(), format!("{t:?}"));
        for p in [(1, 2), (-3, 1)] {
            assert_eq!(c.apply(p.0, p.1), t.apply(p.0, p.1));
        }
    }
    for k in pattern_dsl::Kind::ALL {
        assert!(
            [
                "Efficiency",
                "Attack",
                "Defense",
                "Connection",
                "Joseki",
                "OwlAttack",
                "OwlDefense",
                "Prior",
                "Playout",
                "Generic"
            ]
            .contains(&k.variant_name())
        );
    }
    assert_eq!(pattern::EMPTY, pattern_dsl::ir::code::EMPTY);
    assert_eq!(pattern::OURS, pattern_dsl::ir::code::OURS);
    assert_eq!(pattern::THEIRS, pattern_dsl::ir::code::THEIRS);
    assert_eq!(pattern::OFF_BOARD, pattern_dsl::ir::code::OFF_BOARD);
}

#[test]
fn pattern_info_describes_each_pattern() {
    let db = databases()
        .into_iter()
        .find(|d| d.0 == "generic")
        .unwrap()
        .1;
    assert_eq!(generic::PATTERNS.len(), db.patterns.len());
    for (info, p) in generic::PATTERNS.iter().zip(&db.patterns) {
        assert_eq!(info.name, p.name);
        assert_eq!(info.line, p.line);
        assert_eq!(info.transforms as usize, p.transforms.len());
        assert_eq!(info.value, p.value);
        assert_eq!(info.figure, p.figure.join("\n"));
        assert_eq!(info.kind, pattern::Kind::Generic);
    }
    assert_eq!(generic::KIND, pattern::Kind::Generic);
    assert_eq!(generic::VARIANTS.len(), db.variant_count());
    assert_eq!(
        generic::FOOTPRINT
            .iter()
            .map(|&(x, y)| (x as i32, y as i32))
            .collect::<Vec<_>>(),
        db.footprint()
    );
}
