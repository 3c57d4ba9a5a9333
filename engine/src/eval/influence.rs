//! Static evaluation by influence: Wulu's degree-of-liberty function, Handtalk's rules on top
//! of it, and the territory, moyo and score estimates read off the result.
//!
//! Every stone radiates onto the empty points around it by *degree of liberty*: 1 for an
//! adjacent point, 1.5 diagonal, 2 for a one-point jump, 2.5 for a knight's move. A point hears
//! only the nearest stone of each colour, with 6 / 5 / 3 / 2 for degree 1 / 1.5 / 2 / 2.5;
//! White counts positive and Black negative, and the two compensate (add). Handtalk's rules
//! then make contact points neutral, let dead stones radiate for the side that killed them,
//! keep ±1 only as a false-eye marker and turn anything beyond ±2 into full control (±6).
//!
//! The rules, with diagrams, thresholds and the score formula, are in `docs/evaluation.md`.
//! Sign convention everywhere in this module: **White positive, Black negative**, values in
//! `-6..=6`.

use crate::board::{Board, Color, NUM_CELLS, Point};
use std::fmt;
use std::str::FromStr;

/// The value of a fully controlled point (and of an alive stone's own point).
pub const FULL: i8 = 6;

/// Smallest absolute value that counts as territory; `1..TERRITORY` is moyo.
pub const TERRITORY: i8 = 3;

/// Degree of liberty of an empty point seen from a stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Degree {
    /// Adjacent: degree 1.
    Adjacent,
    /// Diagonal: degree 1.5.
    Diagonal,
    /// One-point jump, or a diagonal point under the hane rule: degree 2.
    Jump,
    /// Knight's move: degree 2.5.
    Knight,
}

impl Degree {
    /// The degree as a number: 1, 1.5, 2 or 2.5.
    pub fn as_f32(self) -> f32 {
        match self {
            Degree::Adjacent => 1.0,
            Degree::Diagonal => 1.5,
            Degree::Jump => 2.0,
            Degree::Knight => 2.5,
        }
    }

    /// Influence a stone of full weight gives at this degree: 6, 5, 3 or 2.
    pub fn value(self) -> f32 {
        match self {
            Degree::Adjacent => 6.0,
            Degree::Diagonal => 5.0,
            Degree::Jump => 3.0,
            Degree::Knight => 2.0,
        }
    }

    fn code(self) -> u8 {
        self as u8 + 1
    }

    fn from_code(c: u8) -> Option<Degree> {
        match c {
            1 => Some(Degree::Adjacent),
            2 => Some(Degree::Diagonal),
            3 => Some(Degree::Jump),
            4 => Some(Degree::Knight),
            _ => None,
        }
    }
}

/// Which refinements of the plain degree-of-liberty function apply. The two presets are
/// [`InfluenceRules::WULU`] and [`InfluenceRules::HANDTALK`] (the default); the fields can be
/// mixed freely.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InfluenceRules {
    /// Wulu's hane rule: an empty point diagonal to a stone and adjacent to an enemy stone is
    /// degree 2 (not 1.5) for the stone that touches it diagonally.
    pub hane_rule: bool,
    /// Handtalk's non-linear addition: an empty point adjacent or diagonal to stones of both
    /// colours (by the colour they radiate) is 0 whatever the sum.
    pub nonlinear_contact: bool,
    /// Handtalk: a dead stone radiates for the opponent (with the weight's magnitude). Without
    /// it a dead stone radiates nothing (its point still counts for the opponent).
    pub dead_radiate_opposite: bool,
    /// Handtalk: values of ±1 become 0, and ±1 is given instead to false eyes (an eye-shaped
    /// point whose diagonals make it false), as a marker that the point is not an eye.
    pub false_eye_markers: bool,
    /// Handtalk: a point whose absolute value is beyond this is fully controlled (±6).
    pub control_beyond: Option<i8>,
}

impl InfluenceRules {
    /// Wulu's function as the issue states it: degrees, hane rule, nearest stone of each
    /// colour, compensation, rounding; nothing else.
    pub const WULU: InfluenceRules = InfluenceRules {
        hane_rule: true,
        nonlinear_contact: false,
        dead_radiate_opposite: false,
        false_eye_markers: false,
        control_beyond: None,
    };

    /// Wulu's function with all of Handtalk's rules.
    pub const HANDTALK: InfluenceRules = InfluenceRules {
        hane_rule: true,
        nonlinear_contact: true,
        dead_radiate_opposite: true,
        false_eye_markers: true,
        control_beyond: Some(2),
    };

    /// `"wulu"`, `"handtalk"` or `"custom"`.
    pub fn name(&self) -> &'static str {
        if *self == InfluenceRules::WULU {
            "wulu"
        } else if *self == InfluenceRules::HANDTALK {
            "handtalk"
        } else {
            "custom"
        }
    }
}

impl Default for InfluenceRules {
    fn default() -> InfluenceRules {
        InfluenceRules::HANDTALK
    }
}

impl FromStr for InfluenceRules {
    type Err = String;
    /// `wulu` or `handtalk`, any case.
    fn from_str(s: &str) -> Result<InfluenceRules, String> {
        match s.to_ascii_lowercase().as_str() {
            "wulu" => Ok(InfluenceRules::WULU),
            "handtalk" => Ok(InfluenceRules::HANDTALK),
            _ => Err(format!("unknown influence rules '{s}' (wulu or handtalk)")),
        }
    }
}

impl fmt::Display for InfluenceRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The life-and-death status of a string, as the influence function uses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StringStatus {
    /// Radiates fully (weight 1).
    Alive,
    /// Radiates at half strength (weight 0.5).
    Weak,
    /// Radiates for the opponent at full strength (weight −1); its points are the opponent's.
    Dead,
}

impl StringStatus {
    /// The weight: 1, 0.5 or −1.
    pub fn weight(self) -> f32 {
        match self {
            StringStatus::Alive => 1.0,
            StringStatus::Weak => 0.5,
            StringStatus::Dead => -1.0,
        }
    }
}

/// A weight for every stone, in `-1.0..=1.0`: 1 alive (the default), between 0 and 1 a weak
/// stone radiating that fraction, 0 a stone that radiates nothing, below 0 a dead stone that
/// radiates for the opponent with the weight's magnitude. The life-and-death stage fills it
/// string by string.
#[derive(Clone, Debug, PartialEq)]
pub struct StoneWeights {
    w: [f32; NUM_CELLS],
}

impl Default for StoneWeights {
    fn default() -> StoneWeights {
        StoneWeights::alive()
    }
}

impl StoneWeights {
    /// Every stone alive (weight 1).
    pub fn alive() -> StoneWeights {
        StoneWeights {
            w: [1.0; NUM_CELLS],
        }
    }

    /// The weight of the stone at `p` (1 for a point never set).
    #[inline]
    pub fn get(&self, p: Point) -> f32 {
        self.w[p.index()]
    }

    /// Sets the weight of the single stone or point `p`, clamped to `-1.0..=1.0`.
    pub fn set_point(&mut self, p: Point, weight: f32) {
        self.w[p.index()] = weight.clamp(-1.0, 1.0);
    }

    /// Sets the weight of every stone of the string at `p` (nothing if `p` is empty).
    pub fn set_string(&mut self, board: &Board, p: Point, weight: f32) {
        if board.color_at(p).is_none() {
            return;
        }
        for s in board.string_stones(p) {
            self.set_point(s, weight);
        }
    }

    /// Sets the string at `p` to a status's weight.
    pub fn set_status(&mut self, board: &Board, p: Point, status: StringStatus) {
        self.set_string(board, p, status.weight());
    }
}

/// What an estimate makes of a point. Stone points are classed too: an alive stone's point is
/// its owner's territory in the area-scoring sense, a dead stone's point the opponent's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PointClass {
    Territory(Color),
    Moyo(Color),
    Neutral,
}

/// The influence of every point of one position.
#[derive(Clone)]
pub struct Influence {
    size: usize,
    rules: InfluenceRules,
    /// Final value, −6..=6, White positive.
    value: [i8; NUM_CELLS],
    /// The strongest radiation of each colour (indexed by `Color as usize`) on each empty
    /// point: degree value × weight of the stone giving it.
    strength: [[f32; NUM_CELLS]; 2],
    /// The smallest degree of each colour on each empty point (`Degree::code`, 0 none).
    degree: [[u8; NUM_CELLS]; 2],
    /// Points carrying Handtalk's false-eye marker.
    false_eye: [bool; NUM_CELLS],
}

/// Radiating colour of a stone, as a small code: 0 none, 1 Black, 2 White.
const NONE: u8 = 0;

#[inline]
fn code(c: Color) -> u8 {
    c as u8 + 1
}

#[inline]
fn sign(c: Color) -> f32 {
    match c {
        Color::Black => -1.0,
        Color::White => 1.0,
    }
}

/// Calls `give(point, degree)` for every empty point the stone at `s` reaches, by Wulu's
/// degrees of liberty with the blocking rules above (`enemy` says which stones block: the
/// opponent's, for influence those radiating for the other colour). A point can be given
/// more than once at different degrees (the hane rule); callers keep the smallest.
pub fn reach_from(
    board: &Board,
    s: Point,
    hane_rule: bool,
    enemy: impl Fn(Point) -> bool,
    mut give: impl FnMut(Point, Degree),
) {
    let n = board.size() as i32;
    let at = |x: i32, y: i32| -> Option<Point> {
        (x >= 0 && y >= 0 && x < n && y < n).then(|| Point::from_xy(x as usize, y as usize))
    };
    let empty = |p: Point| board.color_at(p).is_none();
    let (sx, sy) = s.xy();
    let (sx, sy) = (sx as i32, sy as i32);
    for (dx, dy) in ADJACENT {
        if let Some(p) = at(sx + dx, sy + dy).filter(|&p| empty(p)) {
            give(p, Degree::Adjacent);
        }
    }
    for (dx, dy) in DIAGONAL {
        let Some(p) = at(sx + dx, sy + dy).filter(|&p| empty(p)) else {
            continue;
        };
        // Both shared neighbours are enemy stones: a crosscut, no way through.
        let a = Point::from_xy((sx + dx) as usize, sy as usize);
        let b = Point::from_xy(sx as usize, (sy + dy) as usize);
        if enemy(a) && enemy(b) {
            continue;
        }
        let hane = hane_rule && p.neighbors().into_iter().any(&enemy);
        give(p, if hane { Degree::Jump } else { Degree::Diagonal });
    }
    for (dx, dy) in JUMP {
        let Some(p) = at(sx + dx, sy + dy).filter(|&p| empty(p)) else {
            continue;
        };
        let mid = Point::from_xy((sx + dx / 2) as usize, (sy + dy / 2) as usize);
        if !enemy(mid) {
            give(p, Degree::Jump);
        }
    }
    for (dx, dy) in KNIGHT {
        let Some(p) = at(sx + dx, sy + dy).filter(|&p| empty(p)) else {
            continue;
        };
        // The orthogonal first step and the diagonal point on the way must not be enemy
        // stones.
        let (step, diag) = if dy.abs() == 2 {
            ((0, dy.signum()), (dx, dy.signum()))
        } else {
            ((dx.signum(), 0), (dx.signum(), dy))
        };
        let m1 = Point::from_xy((sx + step.0) as usize, (sy + step.1) as usize);
        let m2 = Point::from_xy((sx + diag.0) as usize, (sy + diag.1) as usize);
        if !enemy(m1) && !enemy(m2) {
            give(p, Degree::Knight);
        }
    }
}

const ADJACENT: [(i32, i32); 4] = [(0, -1), (-1, 0), (1, 0), (0, 1)];
const DIAGONAL: [(i32, i32); 4] = [(-1, -1), (1, -1), (-1, 1), (1, 1)];
const JUMP: [(i32, i32); 4] = [(0, -2), (-2, 0), (2, 0), (0, 2)];
const KNIGHT: [(i32, i32); 8] = [
    (-1, -2),
    (1, -2),
    (-2, -1),
    (2, -1),
    (-2, 1),
    (2, 1),
    (-1, 2),
    (1, 2),
];

impl Influence {
    /// Computes the influence of `board` under `rules`, every stone alive.
    pub fn new(board: &Board, rules: InfluenceRules) -> Influence {
        Influence::with_weights(board, rules, None)
    }

    /// Computes the influence of `board` under `rules`, with per-stone weights (dead, weak)
    /// when given.
    pub fn with_weights(
        board: &Board,
        rules: InfluenceRules,
        weights: Option<&StoneWeights>,
    ) -> Influence {
        let size = board.size();
        let mut inf = Influence {
            size,
            rules,
            value: [0; NUM_CELLS],
            strength: [[0.0; NUM_CELLS]; 2],
            degree: [[0; NUM_CELLS]; 2],
            false_eye: [false; NUM_CELLS],
        };

        // Who radiates what: colour code and magnitude per stone.
        let mut rad = [NONE; NUM_CELLS];
        let mut mag = [0f32; NUM_CELLS];
        let mut radiators: Vec<Point> = Vec::with_capacity(size * size);
        for p in board.points() {
            let Some(c) = board.color_at(p) else { continue };
            let w = weights.map_or(1.0, |ws| ws.get(p));
            // The stone's own point: its owner's, or the opponent's when dead.
            let own = if w >= 0.0 { sign(c) } else { -sign(c) };
            inf.value[p.index()] = round_value(own * FULL as f32 * w.abs());
            let (rc, m) = if w > 0.0 {
                (code(c), w)
            } else if w < 0.0 && rules.dead_radiate_opposite {
                (code(c.opponent()), -w)
            } else {
                (NONE, 0.0)
            };
            if rc != NONE {
                rad[p.index()] = rc;
                mag[p.index()] = m;
                radiators.push(p);
            }
        }

        for &s in &radiators {
            let rc = rad[s.index()];
            let enemy_code = 3 - rc;
            let ci = (rc - 1) as usize;
            let m = mag[s.index()];
            let enemy = |q: Point| rad[q.index()] == enemy_code;
            reach_from(board, s, rules.hane_rule, enemy, |p, d| {
                let v = d.value() * m;
                let i = p.index();
                if v > inf.strength[ci][i] {
                    inf.strength[ci][i] = v;
                }
                let dc = d.code();
                if inf.degree[ci][i] == 0 || dc < inf.degree[ci][i] {
                    inf.degree[ci][i] = dc;
                }
            });
        }

        let empty = |p: Point| board.color_at(p).is_none();
        // Values of the empty points. `contact` has bit `code` set on the eight points around
        // each stone radiating that colour.
        let mut contact = [0u8; NUM_CELLS];
        if rules.nonlinear_contact {
            for &s in &radiators {
                for q in s.neighbors().into_iter().chain(s.diagonals()) {
                    contact[q.index()] |= rad[s.index()];
                }
            }
        }
        for p in board.points() {
            if !empty(p) {
                continue;
            }
            let i = p.index();
            let raw =
                inf.strength[Color::White as usize][i] - inf.strength[Color::Black as usize][i];
            let mut v = round_value(raw);
            if contact[i] == 3 {
                v = 0;
            }
            if rules.false_eye_markers && v.abs() == 1 {
                v = 0;
            }
            inf.value[i] = v;
        }
        if rules.false_eye_markers {
            for p in board.points() {
                if !empty(p) {
                    continue;
                }
                if let Some(c) = false_eye_of(board, &rad, p) {
                    inf.value[p.index()] = sign(c) as i8;
                    inf.false_eye[p.index()] = true;
                }
            }
        }
        if let Some(t) = rules.control_beyond {
            for p in board.points() {
                let v = &mut inf.value[p.index()];
                if v.abs() > t {
                    *v = FULL * v.signum();
                }
            }
        }
        inf
    }

    /// Board side.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The rules this map was computed under.
    pub fn rules(&self) -> InfluenceRules {
        self.rules
    }

    /// The value of a point, −6..=6, White positive.
    #[inline]
    pub fn value(&self, p: Point) -> i8 {
        self.value[p.index()]
    }

    /// The smallest degree at which `color`'s stones reach the empty point `p`, if any.
    pub fn degree(&self, p: Point, color: Color) -> Option<Degree> {
        Degree::from_code(self.degree[color as usize][p.index()])
    }

    /// What `color` radiates onto the empty point `p` (before compensation): 6, 5, 3, 2 or 0
    /// for stones of full weight.
    pub fn strength(&self, p: Point, color: Color) -> f32 {
        self.strength[color as usize][p.index()]
    }

    /// `p` carries Handtalk's false-eye marker.
    pub fn is_false_eye(&self, p: Point) -> bool {
        self.false_eye[p.index()]
    }

    /// Every point's value, rows from the top, as text: one row per line, values right-aligned
    /// in columns of width 2 separated by a space.
    pub fn to_grid(&self) -> String {
        self.grid_signed(1)
    }

    /// [`Influence::to_grid`] with Black positive, as tesuji shows influence to users.
    pub fn to_grid_black_positive(&self) -> String {
        self.grid_signed(-1)
    }

    fn grid_signed(&self, sign: i8) -> String {
        let n = self.size;
        (0..n)
            .map(|y| {
                (0..n)
                    .map(|x| format!("{:>2}", sign * self.value(Point::from_xy(x, y))))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// Rounds half away from zero and clamps to −6..=6.
fn round_value(v: f32) -> i8 {
    v.round().clamp(-(FULL as f32), FULL as f32) as i8
}

/// `p` is an empty point whose on-board neighbours are all stones radiating one colour, and
/// whose diagonals make it false (as [`Board::is_eye`] counts: two enemy diagonals in the
/// centre, one on the edge or in the corner); returns the colour whose eye is false.
fn false_eye_of(board: &Board, rad: &[u8; NUM_CELLS], p: Point) -> Option<Color> {
    let mut colour = NONE;
    for q in p.neighbors() {
        if !board.on_board(q) {
            continue;
        }
        let r = rad[q.index()];
        if r == NONE || (colour != NONE && r != colour) {
            return None;
        }
        colour = r;
    }
    if colour == NONE {
        return None;
    }
    let mut enemy = 0;
    let mut edge = 0;
    for q in p.diagonals() {
        if !board.on_board(q) {
            edge = 1;
        } else if rad[q.index()] == 3 - colour {
            enemy += 1;
        }
    }
    (enemy + edge >= 2).then_some(if colour == 1 {
        Color::Black
    } else {
        Color::White
    })
}

/// Territory, moyo and score read off an influence map.
#[derive(Clone)]
pub struct Estimate {
    pub influence: Influence,
    class: Vec<PointClass>,
    /// Points of territory (empty points, and dead stones of the other colour), by colour.
    pub territory: [u32; 2],
    /// Points of moyo, by colour.
    pub moyo: [u32; 2],
    /// Stones counted for their own colour (alive or weak), by colour.
    pub stones: [u32; 2],
    /// Komi added to White's area.
    pub komi: f32,
}

impl Estimate {
    /// Estimates `board` under `rules`, every stone alive.
    pub fn new(board: &Board, komi: f32, rules: InfluenceRules) -> Estimate {
        Estimate::from_influence(board, komi, Influence::new(board, rules))
    }

    /// Estimates from a computed influence map.
    ///
    /// Classes: a point of value ≥ [`TERRITORY`] in magnitude is territory of its sign's
    /// colour, 1 or 2 moyo (a false-eye marker is neutral), 0 neutral. Then every connected
    /// group of neutral empty points whose neighbours all lean to one colour becomes that
    /// colour's territory when every neighbour is territory or a stone, its moyo otherwise.
    pub fn from_influence(board: &Board, komi: f32, influence: Influence) -> Estimate {
        let n = board.size();
        let idx = |p: Point| {
            let (x, y) = p.xy();
            y * n + x
        };
        let mut class = vec![PointClass::Neutral; n * n];
        for p in board.points() {
            let v = influence.value(p);
            let c = if v > 0 { Color::White } else { Color::Black };
            class[idx(p)] = if v.abs() >= TERRITORY {
                PointClass::Territory(c)
            } else if v != 0 && !influence.is_false_eye(p) {
                PointClass::Moyo(c)
            } else {
                PointClass::Neutral
            };
        }

        // Enclosed neutral regions.
        let fillable = |p: Point| {
            board.color_at(p).is_none() && influence.value(p) == 0 && !influence.is_false_eye(p)
        };
        let mut seen = vec![false; n * n];
        let mut region = Vec::new();
        let mut stack = Vec::new();
        for p in board.points() {
            if seen[idx(p)] || !fillable(p) {
                continue;
            }
            region.clear();
            seen[idx(p)] = true;
            stack.push(p);
            // Signs of the boundary: bit 0 Black, bit 1 White, bit 2 something neutral;
            // `weak` notes a boundary point that is not territory.
            let (mut signs, mut weak) = (0u8, false);
            while let Some(q) = stack.pop() {
                region.push(q);
                for r in q.neighbors() {
                    if !board.on_board(r) {
                        continue;
                    }
                    if fillable(r) {
                        if !seen[idx(r)] {
                            seen[idx(r)] = true;
                            stack.push(r);
                        }
                        continue;
                    }
                    let v = influence.value(r);
                    signs |= match v.signum() {
                        -1 => 1,
                        1 => 2,
                        _ => 4,
                    };
                    weak |= v.abs() < TERRITORY;
                }
            }
            let owner = match signs {
                1 => Color::Black,
                2 => Color::White,
                _ => continue,
            };
            let cl = if weak {
                PointClass::Moyo(owner)
            } else {
                PointClass::Territory(owner)
            };
            for &q in &region {
                class[idx(q)] = cl;
            }
        }

        let mut e = Estimate {
            influence,
            class,
            territory: [0; 2],
            moyo: [0; 2],
            stones: [0; 2],
            komi,
        };
        for p in board.points() {
            match (e.class[idx(p)], board.color_at(p)) {
                (PointClass::Territory(c), Some(s)) if s == c => e.stones[c as usize] += 1,
                (PointClass::Territory(c), _) => e.territory[c as usize] += 1,
                (PointClass::Moyo(c), None) => e.moyo[c as usize] += 1,
                _ => {}
            }
        }
        e
    }

    /// The class of a point.
    pub fn class(&self, p: Point) -> PointClass {
        let (x, y) = p.xy();
        self.class[y * self.influence.size() + x]
    }

    /// Area of a colour: its stones plus its territory (dead enemy stones included).
    pub fn area(&self, c: Color) -> u32 {
        self.stones[c as usize] + self.territory[c as usize]
    }

    /// White's margin: White's area + komi − Black's area (area scoring; moyo not counted).
    pub fn white_margin(&self) -> f32 {
        self.area(Color::White) as f32 + self.komi - self.area(Color::Black) as f32
    }

    /// The estimate as GTP's `final_score` writes a result: `W+3.5`, `B+12` or `0`.
    pub fn result_string(&self) -> String {
        let m = self.white_margin();
        if m > 0.0 {
            format!("W+{m}")
        } else if m < 0.0 {
            format!("B+{}", -m)
        } else {
            "0".to_string()
        }
    }

    /// The classes as text, rows from the top: `X`/`O` Black/White territory (and stones
    /// counted for them), `x`/`o` moyo, `.` neutral.
    pub fn to_grid(&self) -> String {
        let n = self.influence.size();
        (0..n)
            .map(|y| {
                (0..n)
                    .map(|x| match self.class(Point::from_xy(x, y)) {
                        PointClass::Territory(Color::Black) => "X",
                        PointClass::Territory(Color::White) => "O",
                        PointClass::Moyo(Color::Black) => "x",
                        PointClass::Moyo(Color::White) => "o",
                        PointClass::Neutral => ".",
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

#[cfg(test)]
mod tests;
