//! Fitting the move-prediction model to game records: Coulom's minorization–maximization
//! (2007) for the generalized Bradley–Terry model, and the `kind prior` database it writes.
//!
//! Every position of a record is a competition among the candidate moves (legal, not
//! filling an own eye); the move played wins. A candidate is a team of features (its shape
//! and one level of each move feature); its strength is the product of their γ. MM updates
//! one feature group at a time: γ_i ← W_i / Σ_j C_ij / E_j, where W_i counts the wins of
//! teams with i, E_j is the total strength of position j and C_ij the strength of the
//! candidates of j with i, divided by γ_i. A prior of one win and one loss against a γ = 1
//! opponent keeps rare features near 1.

use super::{
    FEATURES, Feature, MAX_LEVEL, MoveFeatures, MovePredictor, canonical_large, canonical_wide,
    features, large_figure, relative_code, shape_figure, wide_figure,
};
use crate::board::playout::self_atari;
use crate::board::{Board, Color, Move, Point};
use std::collections::HashMap;
use std::fmt::Write as _;

/// Which moves of a position compete with the move played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Scope {
    /// Every legal move that does not fill an own eye, with every feature: the tree's
    /// move-prediction model (`kind prior`).
    #[default]
    Board,
    /// The last move's eight neighbours that the playout policy may play (legal, not an own
    /// eye, not a self-atari), by their 3×3 shape alone: the playouts' shape weights (`kind
    /// playout`). Positions whose move was elsewhere are left out.
    LastMoveNeighbours,
}

/// The positions harvested from game records.
#[derive(Clone, Debug, Default)]
pub struct TrainingSet {
    /// Which moves compete.
    pub scope: Scope,
    /// Every candidate of every position, position after position.
    pub candidates: Vec<MoveFeatures>,
    /// For each position: its first candidate, its number of candidates, and the index
    /// (within the position) of the move played.
    pub positions: Vec<(u32, u32, u32)>,
}

impl TrainingSet {
    /// Adds the position of `board` with `color` to play, `played` being the move played; a
    /// position whose move is not among the candidates (an eye filled) is left out.
    pub fn add_position(&mut self, board: &mut Board, color: Color, played: Point) -> bool {
        if !board.is_legal_simple(played, color) || board.is_eye(played, color) {
            return false;
        }
        if self.scope == Scope::LastMoveNeighbours {
            return self.add_local_position(board, color, played);
        }
        let start = self.candidates.len();
        let mut played_at = None;
        for k in 0..board.empty_points().len() {
            let p = board.empty_points()[k];
            if board.is_eye(p, color) || !board.is_legal_simple(p, color) {
                continue;
            }
            if p == played {
                played_at = Some(self.candidates.len() - start);
            }
            self.candidates.push(features(board, p, color));
        }
        let Some(at) = played_at else {
            self.candidates.truncate(start);
            return false;
        };
        self.positions.push((
            start as u32,
            (self.candidates.len() - start) as u32,
            at as u32,
        ));
        true
    }

    /// [`TrainingSet::add_position`] for [`Scope::LastMoveNeighbours`].
    fn add_local_position(&mut self, board: &mut Board, color: Color, played: Point) -> bool {
        let Some((_, Move::Play(last))) = board.last_move() else {
            return false;
        };
        let start = self.candidates.len();
        let mut played_at = None;
        for p in last.neighbors().into_iter().chain(last.diagonals()) {
            if !board.on_board(p)
                || board.color_at(p).is_some()
                || board.is_eye(p, color)
                || !board.is_legal_simple(p, color)
                || self_atari(board, p, color, 1)
            {
                continue;
            }
            if p == played {
                played_at = Some(self.candidates.len() - start);
            }
            self.candidates.push(MoveFeatures {
                code: relative_code(board, p, color),
                far: 0,
                large: 0,
                levels: [0; FEATURES],
            });
        }
        match played_at {
            // A lone candidate teaches nothing.
            Some(at) if self.candidates.len() - start >= 2 => {
                self.positions.push((
                    start as u32,
                    (self.candidates.len() - start) as u32,
                    at as u32,
                ));
                true
            }
            _ => {
                self.candidates.truncate(start);
                false
            }
        }
    }

    /// The candidates of position `j` and the index of the move played.
    pub fn position(&self, j: usize) -> (&[MoveFeatures], usize) {
        let (start, len, played) = self.positions[j];
        (
            &self.candidates[start as usize..(start + len) as usize],
            played as usize,
        )
    }
}

/// Adds every position of a game record (from its setup stones on) to `set`; returns the
/// positions added. Stops at the first illegal move.
pub fn add_game(game: &crate::board::game::Game, set: &mut TrainingSet) -> usize {
    let Ok(mut board) = Board::new(game.size()) else {
        return 0;
    };
    for &(p, c) in game.setup() {
        if board.add_stone(p, c).is_err() {
            return 0;
        }
    }
    let mut added = 0;
    for (c, mv) in game.moves() {
        if let crate::board::Move::Play(p) = mv {
            added += usize::from(set.add_position(&mut board, c, p));
        }
        if board.play(mv, c).is_err() {
            break;
        }
    }
    added
}

/// A feature's place among the weights being fitted: a shape or a feature level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Weight {
    Shape(u16),
    Level(Feature, u8),
    /// A wide shape ([`MoveFeatures::wide`]), canonical.
    Wide(u32),
    /// A large shape ([`MoveFeatures::large`]), canonical.
    Large(u64),
}

/// One fitted weight with the counts behind it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fitted {
    pub weight: Weight,
    pub gamma: f64,
    /// Candidates that had it.
    pub seen: u64,
    /// Moves played that had it.
    pub played: u64,
}

/// The result of [`fit`].
#[derive(Clone, Debug)]
pub struct Fit {
    /// Feature levels first (in [`Feature`] order), then shapes by how often they were seen.
    pub weights: Vec<Fitted>,
}

/// Group of the shape in a team; groups `1..=FEATURES` are the move features, then the wide
/// shape, then the large shape.
const GROUPS: usize = FEATURES + 3;
const WIDE_GROUP: usize = FEATURES + 1;
const LARGE_GROUP: usize = FEATURES + 2;
const NONE: u32 = u32::MAX;

/// How often a shape must have been a candidate to get a weight of its own ([`fit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MinSeen {
    /// 3×3 shapes.
    pub shape: u64,
    /// Wide shapes (0: no wide shapes at all).
    pub wide: u64,
    /// Large shapes (0: no large shapes at all).
    pub large: u64,
}

impl MinSeen {
    /// 3×3 shapes seen `shape` times, no wide or large shapes.
    pub fn shapes(shape: u64) -> MinSeen {
        MinSeen {
            shape,
            wide: 0,
            large: 0,
        }
    }
}

/// Fits the γ of every shape and feature level seen in `set` by `iterations` rounds of MM
/// (each round updates every group once). Shapes seen fewer times than `min` says share the
/// γ of 1 (they are left out).
pub fn fit(set: &TrainingSet, iterations: usize, min: MinSeen) -> Fit {
    // Index the weights: feature levels first, then the shapes seen often enough.
    let mut weights: Vec<Fitted> = Vec::new();
    let mut level_index = [[NONE; MAX_LEVEL + 1]; FEATURES];
    for f in Feature::ALL {
        for level in 1..=f.levels() {
            level_index[f as usize][level as usize] = weights.len() as u32;
            weights.push(Fitted {
                weight: Weight::Level(f, level),
                gamma: 1.0,
                seen: 0,
                played: 0,
            });
        }
    }
    let shape_index = index_frequent(
        set.candidates.iter().map(MoveFeatures::shape),
        min.shape,
        Weight::Shape,
        &mut weights,
    );
    // Each candidate's wide and large shape, canonical, when asked for (empty otherwise).
    let canonical_of = |min_seen: u64, shape: &dyn Fn(&MoveFeatures) -> u64| -> Vec<u64> {
        if min_seen == 0 {
            Vec::new()
        } else {
            set.candidates.iter().map(shape).collect()
        }
    };
    let wide_of = canonical_of(min.wide, &|c| u64::from(canonical_wide(c.wide())));
    let wide_index = index_frequent(
        wide_of.iter().copied(),
        min.wide,
        |w| Weight::Wide(w as u32),
        &mut weights,
    );
    let large_of = canonical_of(min.large, &|c| canonical_large(c.large));
    let large_index = index_frequent(
        large_of.iter().copied(),
        min.large,
        Weight::Large,
        &mut weights,
    );
    // Each candidate as its team of weight indices, by group.
    let teams: Vec<[u32; GROUPS]> = set
        .candidates
        .iter()
        .enumerate()
        .map(|(k, c)| {
            let mut team = [NONE; GROUPS];
            team[0] = shape_index.get(&c.shape()).copied().unwrap_or(NONE);
            if let Some(&w) = wide_of.get(k) {
                team[WIDE_GROUP] = wide_index.get(&w).copied().unwrap_or(NONE);
            }
            if let Some(&l) = large_of.get(k) {
                team[LARGE_GROUP] = large_index.get(&l).copied().unwrap_or(NONE);
            }
            for (g, &level) in c.levels.iter().enumerate() {
                if level != 0 {
                    team[g + 1] = level_index[g][level as usize];
                }
            }
            team
        })
        .collect();
    for &(start, len, played) in &set.positions {
        for k in start..start + len {
            for &i in &teams[k as usize] {
                if i != NONE {
                    weights[i as usize].seen += 1;
                    if k == start + played {
                        weights[i as usize].played += 1;
                    }
                }
            }
        }
    }
    let mut gamma: Vec<f64> = vec![1.0; weights.len()];
    let mut denominator: Vec<f64> = vec![0.0; weights.len()];
    let mut strength: Vec<f64> = Vec::new();
    for _ in 0..iterations {
        for g in 0..GROUPS {
            denominator.iter_mut().for_each(|d| *d = 0.0);
            for &(start, len, _) in &set.positions {
                let team = &teams[start as usize..(start + len) as usize];
                strength.clear();
                strength.extend(team.iter().map(|t| {
                    t.iter()
                        .filter(|&&i| i != NONE)
                        .map(|&i| gamma[i as usize])
                        .product::<f64>()
                }));
                let total: f64 = strength.iter().sum();
                for (t, &s) in team.iter().zip(&strength) {
                    let i = t[g];
                    if i != NONE {
                        denominator[i as usize] += s / gamma[i as usize] / total;
                    }
                }
            }
            for (i, w) in weights.iter().enumerate() {
                let in_group = match w.weight {
                    Weight::Shape(_) => g == 0,
                    Weight::Level(f, _) => g == f as usize + 1,
                    Weight::Wide(_) => g == WIDE_GROUP,
                    Weight::Large(_) => g == LARGE_GROUP,
                };
                if in_group {
                    // The prior: one win and one loss against a γ = 1 opponent.
                    gamma[i] = (w.played as f64 + 1.0) / (denominator[i] + 2.0 / (gamma[i] + 1.0));
                }
            }
        }
    }
    for (w, g) in weights.iter_mut().zip(gamma) {
        w.gamma = g;
    }
    Fit { weights }
}

/// Adds a weight (made by `weight`, γ 1) for every key of `keys` seen at least `min_seen`
/// times, most seen first (then by key, so a fit does not depend on hashing), and returns
/// each key's index among `weights`.
fn index_frequent<K: Copy + Ord + std::hash::Hash>(
    keys: impl Iterator<Item = K>,
    min_seen: u64,
    weight: impl Fn(K) -> Weight,
    weights: &mut Vec<Fitted>,
) -> HashMap<K, u32> {
    let mut seen: HashMap<K, u64> = HashMap::new();
    for k in keys {
        *seen.entry(k).or_default() += 1;
    }
    let mut frequent: Vec<(K, u64)> = seen.into_iter().filter(|&(_, n)| n >= min_seen).collect();
    frequent.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut index = HashMap::new();
    for (k, _) in frequent {
        index.insert(k, weights.len() as u32);
        weights.push(Fitted {
            weight: weight(k),
            gamma: 1.0,
            seen: 0,
            played: 0,
        });
    }
    index
}

impl Fit {
    /// The model with these weights (as the compiled database would give it, up to the
    /// rounding of `value` to a hundredth of a neper).
    pub fn predictor(&self) -> MovePredictor {
        let mut model = MovePredictor::neutral();
        for w in &self.weights {
            let g = (w.gamma.ln() * 100.0).round() / 100.0;
            match w.weight {
                Weight::Shape(s) => model.set_shape(s, g.exp() as f32),
                Weight::Level(f, level) => model.set_feature(f, level, g.exp() as f32),
                Weight::Wide(w) => model.set_wide(w, g.exp() as f32),
                Weight::Large(l) => model.set_large(l, g.exp() as f32),
            }
        }
        model
    }

    /// The `kind prior` database: a header saying how it was made (`provenance`, one line
    /// each), then one pattern per feature level and per shape, each with its weight as
    /// `value` = 100 ln γ and its counts as a comment.
    pub fn to_db(&self, provenance: &[String]) -> String {
        let mut out = String::new();
        out.push_str(
            "// Move prediction, learned from game records (Coulom 2007, \"Computing Elo Ratings of\n\
             // Move Patterns in the Game of Go\"): a move's weight is the product of the weight of\n\
             // its 3x3 shape, of its wide shape (the twelve points within two steps, 5x5 figures),\n\
             // of its large shape (the 24 points within three steps, 7x7 figures) and of the\n\
             // weight of each feature level that holds there; `value` is\n\
             // 100 ln(weight), so 0 is neutral, +69 doubles and -69 halves. Wide and large shapes\n\
             // are `lookup` patterns: the engine finds them by their figure in a table, and no\n\
             // matcher code is generated for them. Edit a value and\n\
             // rebuild, or train again. Written by `tesuji patterns train`.\n//\n",
        );
        for line in provenance {
            let _ = writeln!(out, "// {line}");
        }
        out.push_str("kind prior\n");
        for w in &self.weights {
            let value = (w.gamma.ln() * 100.0).round() as i64;
            out.push('\n');
            let _ = writeln!(
                out,
                "// played {} of {} times a candidate",
                w.played, w.seen
            );
            match w.weight {
                Weight::Level(f, level) => {
                    let _ = writeln!(out, "pattern {}_{} {{", f.name(), level);
                    out.push_str("    |*|\n");
                    let _ = writeln!(out, "    feature {} {}", f.name(), level);
                }
                Weight::Shape(s) => write_shape_header(&mut out, s),
                Weight::Wide(w) => {
                    write_lookup_header(&mut out, &format!("wide_{w:06x}"), &wide_figure(w))
                }
                Weight::Large(l) => {
                    write_lookup_header(&mut out, &format!("large_{l:012x}"), &large_figure(l))
                }
            }
            let _ = writeln!(out, "    value {value}\n}}");
        }
        out
    }
}

impl Fit {
    /// The `kind playout` database: the shapes whose γ is above 1 (answers players chose
    /// more often than an average neighbour of the last move), each with `value` = 100 ln γ
    /// and its counts as a comment, after a header saying how it was made.
    pub fn to_playout_db(&self, provenance: &[String]) -> String {
        let mut out = String::new();
        out.push_str(
            "// The playout policy's shapes, learned from game records (Coulom 2007): among the\n\
             // last move's neighbours that a playout may play, the moves players chose, by 3x3\n\
             // shape. Only shapes chosen more often than an average neighbour are kept; a\n\
             // playout draws among the matching neighbours in proportion to e^(value / 100).\n\
             // Edit a value and rebuild, or train again. Written by `tesuji patterns train\n\
             // --kind playout`.\n//\n",
        );
        for line in provenance {
            let _ = writeln!(out, "// {line}");
        }
        out.push_str("kind playout\n");
        for w in &self.weights {
            let Weight::Shape(s) = w.weight else { continue };
            let value = (w.gamma.ln() * 100.0).round() as i64;
            if value <= 0 {
                continue;
            }
            out.push('\n');
            let _ = writeln!(
                out,
                "// played {} of {} times a candidate",
                w.played, w.seen
            );
            write_shape_header(&mut out, s);
            let _ = writeln!(out, "    value {value}\n}}");
        }
        out
    }
}

/// `pattern shape_XXXX {` and the exact 3×3 figure of `shape`.
fn write_shape_header(out: &mut String, shape: u16) {
    let _ = writeln!(out, "pattern shape_{shape:04x} {{");
    for row in shape_figure(shape) {
        let _ = writeln!(out, "    |{row}|");
    }
}

/// `pattern NAME {`, the figure of a wide or large shape and `lookup`: the engine finds the
/// pattern by its figure in a table.
fn write_lookup_header(out: &mut String, name: &str, figure: &[String]) {
    let _ = writeln!(out, "pattern {name} {{");
    for row in figure {
        let _ = writeln!(out, "    |{row}|");
    }
    out.push_str("    lookup\n");
}

/// How well a model predicts the moves of a set of positions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Accuracy {
    pub positions: usize,
    /// Positions whose move had the highest γ (ties counted against the model).
    pub top1: usize,
    /// Positions whose move was among the five highest.
    pub top5: usize,
    /// Mean log-likelihood of the moves played (natural log, per position).
    pub log_likelihood: f64,
}

impl Accuracy {
    pub fn top1_percent(&self) -> f64 {
        100.0 * self.top1 as f64 / self.positions.max(1) as f64
    }
    pub fn top5_percent(&self) -> f64 {
        100.0 * self.top5 as f64 / self.positions.max(1) as f64
    }
}

/// Measures `model` on `set`.
pub fn accuracy(model: &MovePredictor, set: &TrainingSet) -> Accuracy {
    let mut acc = Accuracy::default();
    let mut sum_ll = 0.0;
    for j in 0..set.positions.len() {
        let (cands, played) = set.position(j);
        let g_played = model.gamma_of(&cands[played]);
        let mut better = 0;
        let mut total = 0.0f64;
        for (k, c) in cands.iter().enumerate() {
            let g = model.gamma_of(c);
            total += f64::from(g);
            if k != played && g >= g_played {
                better += 1;
            }
        }
        acc.positions += 1;
        acc.top1 += usize::from(better == 0);
        acc.top5 += usize::from(better < 5);
        sum_ll += (f64::from(g_played) / total).ln();
    }
    acc.log_likelihood = sum_ll / acc.positions.max(1) as f64;
    acc
}
