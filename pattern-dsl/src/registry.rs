//! The fixed registry of board predicates that conditions may call.
//!
//! This is the one place that lists them: name, arguments, result type, whether the matcher's
//! side `us` is passed, and the `PatternBoard` method that implements it. The type checker, the
//! code generator, the interpreter and the documentation all read this table.

/// Types of condition expressions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// A signed integer (`i32`).
    Int,
    /// A truth value.
    Bool,
    /// A point of the figure: `*` or a label. Only predicates take points.
    Point,
}

impl Type {
    /// The name used in error messages.
    pub fn name(self) -> &'static str {
        match self {
            Type::Int => "int",
            Type::Bool => "bool",
            Type::Point => "point",
        }
    }
}

/// What a predicate argument must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArgKind {
    /// A point that may hold a stone (`O`, `X`, `o`, `x` or don't care; not `.`, `*`, `#`).
    Stone,
    /// A point that may be empty (`.`, `*`, `o`, `x` or don't care; not `O`, `X`, `#`).
    Empty,
    /// Any point of the board (not `#`).
    Any,
}

impl ArgKind {
    /// Description used in error messages.
    pub fn describe(self) -> &'static str {
        match self {
            ArgKind::Stone => "a point that may hold a stone",
            ArgKind::Empty => "a point that may be empty",
            ArgKind::Any => "a point on the board",
        }
    }
}

/// Identifies a predicate of the registry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PredicateId {
    /// `lib(a)`
    Lib,
    /// `stones(a)`
    Stones,
    /// `libs_after(a)`
    LibsAfter,
    /// `self_atari(a)`
    SelfAtari,
    /// `ko(a)`
    Ko,
    /// `edge_dist(a)`
    EdgeDist,
    /// `attack(A)`
    Attack,
    /// `defend(A)`
    Defend,
    /// `connected(a, b)`
    Connected,
}

/// A registry entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Predicate {
    /// Which predicate.
    pub id: PredicateId,
    /// Its name in conditions.
    pub name: &'static str,
    /// Its arguments (all points).
    pub args: &'static [ArgKind],
    /// Its result type.
    pub result: Type,
    /// Whether the matcher's side `us` is passed after the coordinates.
    pub uses_side: bool,
    /// The `PatternBoard` method that implements it.
    pub method: &'static str,
    /// One line of documentation.
    pub doc: &'static str,
}

/// The registry.
pub static PREDICATES: &[Predicate] = &[
    Predicate {
        id: PredicateId::Lib,
        name: "lib",
        args: &[ArgKind::Stone],
        result: Type::Int,
        uses_side: false,
        method: "lib",
        doc: "liberties of the string at the point (0 for an empty point)",
    },
    Predicate {
        id: PredicateId::Stones,
        name: "stones",
        args: &[ArgKind::Stone],
        result: Type::Int,
        uses_side: false,
        method: "stones",
        doc: "stones of the string at the point (0 for an empty point)",
    },
    Predicate {
        id: PredicateId::LibsAfter,
        name: "libs_after",
        args: &[ArgKind::Empty],
        result: Type::Int,
        uses_side: true,
        method: "libs_after",
        doc: "liberties we would have after playing at the point (0 if illegal)",
    },
    Predicate {
        id: PredicateId::SelfAtari,
        name: "self_atari",
        args: &[ArgKind::Empty],
        result: Type::Bool,
        uses_side: true,
        method: "self_atari",
        doc: "playing there ourselves leaves the new string in atari (or is illegal)",
    },
    Predicate {
        id: PredicateId::Ko,
        name: "ko",
        args: &[ArgKind::Any],
        result: Type::Bool,
        uses_side: false,
        method: "ko",
        doc: "the point is a ko point, or a stone that could be taken back at once as a ko",
    },
    Predicate {
        id: PredicateId::EdgeDist,
        name: "edge_dist",
        args: &[ArgKind::Any],
        result: Type::Int,
        uses_side: false,
        method: "edge_dist",
        doc: "distance to the nearest edge (0 on the first line)",
    },
    Predicate {
        id: PredicateId::Attack,
        name: "attack",
        args: &[ArgKind::Stone],
        result: Type::Int,
        uses_side: false,
        method: "attack",
        doc: "tactical attack on the string: 0, WIN, KO_A or KO_B",
    },
    Predicate {
        id: PredicateId::Defend,
        name: "defend",
        args: &[ArgKind::Stone],
        result: Type::Int,
        uses_side: false,
        method: "defend",
        doc: "tactical defence of the string: 0, WIN, KO_A or KO_B",
    },
    Predicate {
        id: PredicateId::Connected,
        name: "connected",
        args: &[ArgKind::Stone, ArgKind::Stone],
        result: Type::Bool,
        uses_side: false,
        method: "connected",
        doc: "the two stones are connected (same string or a safe link)",
    },
];

/// Named integer constants usable in conditions (reading results, GNU Go's numbering).
pub static CONSTANTS: &[(&str, i32)] = &[("WIN", 1), ("KO_A", 2), ("KO_B", 3)];

/// The predicate called `name`.
pub fn lookup(name: &str) -> Option<&'static Predicate> {
    PREDICATES.iter().find(|p| p.name == name)
}

impl PredicateId {
    /// Its registry entry.
    pub fn info(self) -> &'static Predicate {
        PREDICATES
            .iter()
            .find(|p| p.id == self)
            .expect("every predicate id is in the registry")
    }
}

/// A move feature of the move-prediction model (`kind prior` databases): the engine measures
/// it at a candidate move; a prior pattern with `feature NAME LEVEL` carries the weight of
/// one level. Exactly one level (or none) of each feature holds at a move, as the
/// Bradley–Terry model of Coulom (2007) that `tesuji patterns train` fits requires.
#[derive(Clone, Copy, Debug)]
pub struct PriorFeature {
    pub name: &'static str,
    /// Levels are 1..=levels.
    pub levels: u8,
    pub doc: &'static str,
}

/// The features of `kind prior` databases, in the engine's order (`play::prior::Feature`).
pub static PRIOR_FEATURES: &[PriorFeature] = &[
    PriorFeature {
        name: "capture",
        levels: 3,
        doc: "captures: 1 a string touching the last move, 2 one other stone, 3 two or more",
    },
    PriorFeature {
        name: "escape",
        levels: 2,
        doc: "gives a string in atari two liberties or more: 1 one the last move put in atari, 2 another",
    },
    PriorFeature {
        name: "self_atari",
        levels: 2,
        doc: "leaves the new string in atari: 1 a lone stone, 2 two stones or more",
    },
    PriorFeature {
        name: "atari",
        levels: 1,
        doc: "puts an opponent string in atari",
    },
    PriorFeature {
        name: "lines",
        levels: 35,
        doc: "where the move stands towards the edges: (a - 1) * 7 + b, a its line from the nearest edge (1..=5, 5 for the fifth and above) and b from the nearest edge across (1..=7, 7 for the seventh and above); the 3-4 point is 18, the 4-4 point 25",
    },
    PriorFeature {
        name: "nearest_stone",
        levels: 9,
        doc: "distance to the nearest stone of either colour, dx + dy + max(dx, dy), minus one (10 and more, or no stone: 9)",
    },
    PriorFeature {
        name: "dist_last",
        levels: 16,
        doc: "distance to the last move, dx + dy + max(dx, dy), minus one (17 and more: 16)",
    },
    PriorFeature {
        name: "dist_prev",
        levels: 16,
        doc: "distance to the mover's previous move, as dist_last",
    },
];
