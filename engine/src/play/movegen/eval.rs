//! The fast evaluation the move generator and its look-ahead judge positions with: which
//! strings live (a [`SafetyJudge`]), then the influence estimate with those weights, read as
//! a margin in moku for one colour.

use crate::board::{Board, Color, NUM_CELLS, Point};
use crate::eval::influence::{
    Estimate, Influence, InfluenceRules, PointClass, StoneWeights, StringStatus, TERRITORY,
};
use crate::tactics::reading::{self, KO_A, KO_B, WIN};

/// Moyo counts for this fraction of a point: it is potential, not yet territory.
pub const MOYO_WEIGHT: f32 = 0.35;

/// Decides how much each string counts for its owner before the influence is computed.
///
/// The tactical judge below is the first implementation; a dragon-safety judge (owl reading,
/// eyes) can replace it later without touching the stages that consume the evaluation.
pub trait SafetyJudge: Send + Sync {
    /// Lowers the weights of strings that will not live with `to_move` to play.
    fn judge(&self, board: &mut Board, to_move: Color, weights: &mut StoneWeights);
}

/// Tactical safety, cheap enough to run at every node of the look-ahead: strings of the
/// side not to move that are in atari, or in a working ladder with two liberties, are dead;
/// a string of the side to move in atari is dead when it can neither capture its way out nor
/// extend out of a ladder. Ko captures make strings weak. (The full reader is kept for the
/// tactical stage, once per move.)
#[derive(Clone, Copy, Debug, Default)]
pub struct TacticalSafety;

impl SafetyJudge for TacticalSafety {
    fn judge(&self, board: &mut Board, to_move: Color, weights: &mut StoneWeights) {
        let mut heads = [Point::NONE; NUM_CELLS / 2];
        let count = weak_string_heads(board, 2, &mut heads);
        for &s in &heads[..count] {
            let Some(owner) = board.color_at(s) else {
                continue;
            };
            let libs = board.libs(s);
            let status = if owner != to_move {
                if libs == 1 {
                    Some(StringStatus::Dead)
                } else {
                    ko_aware(reading::with_reader(|r| r.ladder_attack(board, s)).0)
                }
            } else if libs == 1 && !escapes_atari(board, s, owner) {
                Some(StringStatus::Dead)
            } else {
                None
            };
            if let Some(status) = status {
                weights.set_status(board, s, status);
            }
        }
    }
}

/// Whether the string at `s` (in atari, `owner` to move) gets out: by capturing a neighbour
/// in atari and having two liberties after, or by extending to three liberties, or to two
/// liberties that no ladder takes.
fn escapes_atari(board: &mut Board, s: Point, owner: Color) -> bool {
    let mut lib = [Point::NONE; 1];
    if board.first_liberties(s, &mut lib) == 0 {
        return false;
    }
    // Capturing moves: liberties of adjacent enemy strings in atari.
    let mut captures = [Point::NONE; 8];
    let mut n = 0;
    let stones: [Point; 64] = {
        let mut a = [Point::NONE; 64];
        for (i, st) in board.string_stones(s).take(64).enumerate() {
            a[i] = st;
        }
        a
    };
    for &st in stones.iter().take_while(|p| **p != Point::NONE) {
        for q in st.neighbors() {
            if board.color_at(q) == Some(owner.opponent())
                && board.libs(q) == 1
                && n < captures.len()
            {
                let mut l = [Point::NONE; 1];
                board.first_liberties(q, &mut l);
                captures[n] = l[0];
                n += 1;
            }
        }
    }
    for &m in captures[..n].iter().chain(lib.iter()) {
        if !board.try_play(m, owner) {
            continue;
        }
        let libs = board.libs(s);
        let safe =
            libs >= 3 || (libs == 2 && reading::with_reader(|r| r.ladder_attack(board, s)).0 == 0);
        board.undo();
        if safe {
            return true;
        }
    }
    false
}

/// The status an attack code gives its target.
fn ko_aware(code: i32) -> Option<StringStatus> {
    match code {
        WIN => Some(StringStatus::Dead),
        KO_A | KO_B => Some(StringStatus::Weak),
        _ => None,
    }
}

/// Writes one point of every string with at most `max_libs` liberties into `out`; returns
/// how many. No allocation: a stack bitmap marks the strings seen.
pub fn weak_string_heads(board: &Board, max_libs: usize, out: &mut [Point]) -> usize {
    let mut seen = [false; NUM_CELLS];
    let mut n = 0;
    for p in board.points() {
        if board.color_at(p).is_none() {
            continue;
        }
        let id = board.string_id(p);
        if seen[id.index()] {
            continue;
        }
        seen[id.index()] = true;
        if board.libs(p) <= max_libs && n < out.len() {
            out[n] = p;
            n += 1;
        }
    }
    n
}

/// The fast evaluation: safety judge, weighted influence, estimate.
pub struct Evaluator<'a> {
    pub rules: InfluenceRules,
    pub komi: f32,
    pub safety: &'a dyn SafetyJudge,
}

impl<'a> Evaluator<'a> {
    /// An evaluator with Handtalk's influence and this safety judge.
    pub fn new(komi: f32, safety: &'a dyn SafetyJudge) -> Evaluator<'a> {
        Evaluator {
            rules: InfluenceRules::HANDTALK,
            komi,
            safety,
        }
    }

    /// The estimate of `board` with `to_move` to play.
    pub fn estimate(&self, board: &mut Board, to_move: Color) -> Estimate {
        let mut weights = StoneWeights::alive();
        self.safety.judge(board, to_move, &mut weights);
        let influence = Influence::with_weights(board, self.rules, Some(&weights));
        Estimate::from_influence(board, self.komi, influence)
    }

    /// `us`'s margin in moku (area with komi, moyo at [`MOYO_WEIGHT`]) with `to_move` to play.
    pub fn margin(&self, board: &mut Board, to_move: Color, us: Color) -> f32 {
        let est = self.estimate(board, to_move);
        margin_of(board, &est, us)
    }
}

/// `us`'s margin in an estimate: area difference with komi plus weighted moyo difference.
///
/// Moyo counts for more as the board fills: late in the game an area that one side
/// surrounds is territory in all but name. In the opening (fewer stones than a tenth of the
/// points) only direct influence counts as moyo (empty points of value 1..=2 that are not
/// false eyes), not the estimate's enclosed regions: on an open board those make every empty
/// point the moyo of whoever has a stone, which would swamp every other difference.
///
/// On boards larger than [`super::MONTE_CARLO_MAX_SIZE`] the points no stone reaches are
/// counted by [`nearest_influence_classes`] instead of the estimate's enclosed regions.
pub fn margin_of(board: &Board, est: &Estimate, us: Color) -> f32 {
    let inf = &est.influence;
    let n = inf.size();
    let points = (n * n) as f32;
    let stones = (est.stones[0] + est.stones[1]) as f32;
    let (white_area, region_moyo) = if n > super::MONTE_CARLO_MAX_SIZE {
        let mut classes = [PointClass::Neutral; NUM_CELLS];
        nearest_influence_classes(board, est, &mut classes);
        let (mut area, mut moyo) = (est.komi, 0i32);
        for p in board.points() {
            let stone = board.color_at(p);
            match classes[p.index()] {
                PointClass::Territory(c) => area += if c == Color::White { 1.0 } else { -1.0 },
                PointClass::Moyo(c) if stone.is_none() => {
                    moyo += if c == Color::White { 1 } else { -1 }
                }
                _ => {}
            }
        }
        (area, moyo as f32)
    } else {
        (
            est.white_margin(),
            est.moyo[Color::White as usize] as f32 - est.moyo[Color::Black as usize] as f32,
        )
    };
    let moyo = if stones < 0.1 * points {
        let mut direct = 0i32;
        for y in 0..n {
            for x in 0..n {
                let p = Point::from_xy(x, y);
                let v = inf.value(p);
                if (1..TERRITORY).contains(&v.abs()) && !inf.is_false_eye(p) {
                    direct += i32::from(v.signum());
                }
            }
        }
        direct as f32
    } else {
        region_moyo
    };
    let fullness = (stones / (0.5 * points)).min(1.0);
    let weight = MOYO_WEIGHT + (0.9 - MOYO_WEIGHT) * fullness;
    let white = white_area + weight * moyo;
    match us {
        Color::White => white,
        Color::Black => -white,
    }
}

/// Farthest (steps through unreached points) that an unreached point takes the colour of
/// the nearest influence.
const NEAREST_INFLUENCE_REACH: u8 = 3;

/// The estimate's classes, except that an empty point no stone reaches (influence 0, not a
/// false eye) belongs to the colour whose influence is nearest (steps through such points,
/// at most [`NEAREST_INFLUENCE_REACH`]) when only that colour is nearest: territory when
/// every nearest influenced point is territory, moyo otherwise. Farther points keep the
/// estimate's class.
///
/// The estimate gives a whole region of unreached points to one colour only when that colour
/// alone borders it, so one stone that splits such a region (typically the first-line strip
/// under a side, which reaches an enemy corner at its end) turned every point of it from
/// neutral into territory: first- and second-line moves looked worth ten points. By nearest
/// influence the points under a side belong to the side before and after such a stone.
pub fn nearest_influence_classes(
    board: &Board,
    est: &Estimate,
    classes: &mut [PointClass; NUM_CELLS],
) {
    let inf = &est.influence;
    // Colours of the nearest influence: bit 0 Black, bit 1 White, bit 2 neutral; bit 3
    // set when one of the nearest influenced points is only moyo.
    const WEAK: u8 = 8;
    let mut nearest = [0u8; NUM_CELLS];
    let mut distance = [u8::MAX; NUM_CELLS];
    let mut queue = [Point::NONE; NUM_CELLS];
    let (mut head, mut tail) = (0, 0);
    let unreached =
        |p: Point| board.color_at(p).is_none() && inf.value(p) == 0 && !inf.is_false_eye(p);
    for p in board.points() {
        classes[p.index()] = est.class(p);
        if unreached(p) {
            continue;
        }
        let v = inf.value(p);
        nearest[p.index()] = match v.signum() {
            -1 => 1,
            1 => 2,
            _ => 4,
        } | if v.abs() < TERRITORY { WEAK } else { 0 };
        distance[p.index()] = 0;
        queue[tail] = p;
        tail += 1;
    }
    while head < tail {
        let q = queue[head];
        head += 1;
        let d = distance[q.index()];
        if d >= NEAREST_INFLUENCE_REACH {
            continue;
        }
        for r in q.neighbors() {
            if !board.on_board(r) || !unreached(r) {
                continue;
            }
            if distance[r.index()] == u8::MAX {
                distance[r.index()] = d + 1;
                nearest[r.index()] = nearest[q.index()];
                queue[tail] = r;
                tail += 1;
            } else if distance[r.index()] == d + 1 {
                nearest[r.index()] |= nearest[q.index()];
            }
        }
    }
    for p in board.points() {
        let i = p.index();
        if distance[i] == 0 || distance[i] == u8::MAX {
            continue;
        }
        let strength = if nearest[i] & WEAK != 0 {
            PointClass::Moyo
        } else {
            PointClass::Territory
        };
        classes[i] = match nearest[i] & !WEAK {
            1 => strength(Color::Black),
            2 => strength(Color::White),
            _ => PointClass::Neutral,
        };
    }
}

/// Strategic safety until dragons exist: how often each point ends up as each colour's area
/// in random playouts from the root position (Monte Carlo ownership). A string whose stones
/// its owner keeps in most playouts is alive, one it rarely keeps is dead; in between it is
/// weak. Stones played later (candidates, look-ahead moves) take the ownership of their point,
/// averaged over the string they join. Tactical safety is applied on top.
pub struct OwnershipSafety {
    /// Fraction of playouts in which Black owned each point.
    black_share: Box<[f32; NUM_CELLS]>,
    /// The stones of the root position (stones not there are new: candidates, look-ahead).
    root: Box<[Option<Color>; NUM_CELLS]>,
    /// Stones of root strings with at most two liberties: playouts judge them badly.
    root_short: Box<[bool; NUM_CELLS]>,
    /// On boards larger than [`super::MONTE_CARLO_MAX_SIZE`], the root classes (as the
    /// margin counts them), which judge new stones played inside the opponent's area.
    root_classes: Option<Box<[PointClass; NUM_CELLS]>>,
}

/// Share of playouts above which a string is alive and below which (for the other side)
/// it is dead, with a linear ramp in between.
const ALIVE_SHARE: f32 = 0.7;

/// A new stone on a point its colour owned in no more than this share of the playouts
/// counts for nothing.
const NEW_STONE_NOTHING: f32 = 0.15;

/// Most that a new stone counts for (on big boards) on a point that was the opponent's
/// territory by influence, and on a point that was the opponent's moyo. A lone stone in
/// the opponent's area is an invasion that the opponent attacks, not area: counted in full
/// it erased the surrounding enemy territory, and invasions of the first and second line
/// under the opponent's stones looked worth ten points. A few dozen random playouts on a
/// big board do not see that the opponent kills it.
const INVADING_STONE_WEIGHT: [f32; 2] = [0.0, 0.6];

impl OwnershipSafety {
    /// Runs `playouts` uniform random playouts from `board` with `to_move` to play.
    pub fn from_playouts(
        board: &Board,
        to_move: Color,
        playouts: usize,
        seed: u64,
    ) -> OwnershipSafety {
        let mut black = [0u32; NUM_CELLS];
        let mut runner = crate::board::playout::Playout::new(seed);
        let n = playouts.max(1);
        for _ in 0..n {
            let mut b = board.clone();
            runner.run(&mut b, to_move);
            for p in b.points() {
                let owner = b.color_at(p).or_else(|| {
                    let mut around = p.neighbors().into_iter().filter_map(|q| b.color_at(q));
                    let first = around.next()?;
                    around.all(|c| c == first).then_some(first)
                });
                if owner == Some(Color::Black) {
                    black[p.index()] += 1;
                }
            }
        }
        let mut black_share = Box::new([0.5f32; NUM_CELLS]);
        let mut root = Box::new([None; NUM_CELLS]);
        let mut root_short = Box::new([false; NUM_CELLS]);
        for p in board.points() {
            black_share[p.index()] = black[p.index()] as f32 / n as f32;
            root[p.index()] = board.color_at(p);
            root_short[p.index()] = root[p.index()].is_some() && board.libs(p) <= 2;
        }
        let root_classes = (board.size() > super::MONTE_CARLO_MAX_SIZE).then(|| {
            let mut weights = StoneWeights::alive();
            TacticalSafety.judge(&mut board.clone(), to_move, &mut weights);
            let inf = Influence::with_weights(board, InfluenceRules::HANDTALK, Some(&weights));
            let est = Estimate::from_influence(board, 0.0, inf);
            let mut classes = Box::new([PointClass::Neutral; NUM_CELLS]);
            nearest_influence_classes(board, &est, &mut classes);
            classes
        });
        OwnershipSafety {
            black_share,
            root,
            root_short,
            root_classes,
        }
    }

    /// The share of playouts in which `color` owned `p`.
    pub fn share(&self, p: Point, color: Color) -> f32 {
        let b = self.black_share[p.index()];
        match color {
            Color::Black => b,
            Color::White => 1.0 - b,
        }
    }
}

/// The most a new stone of `owner` at `p` counts for on a big board: nothing on the first
/// or second line without a stone of its own within two points (a 5×5 square). Such a
/// stone claims the edge below it only when the opponent leaves it alone; before the
/// endgame it is an easy target and, counted in full, the first- and second-line points it
/// radiates over made it look bigger than the open points of the board.
fn low_stone_weight(board: &Board, p: Point, owner: Color) -> f32 {
    let n = board.size();
    if n <= super::MONTE_CARLO_MAX_SIZE {
        return 1.0;
    }
    let (x, y) = p.xy();
    let line = x.min(y).min(n - 1 - x).min(n - 1 - y);
    if line > 1 {
        return 1.0;
    }
    let supported = (y.saturating_sub(2)..=(y + 2).min(n - 1)).any(|yy| {
        (x.saturating_sub(2)..=(x + 2).min(n - 1)).any(|xx| {
            let q = Point::from_xy(xx, yy);
            q != p && board.color_at(q) == Some(owner)
        })
    });
    if supported { 1.0 } else { 0.0 }
}

impl OwnershipSafety {
    /// The most a new stone of `owner` at `p` counts for, by the root influence there.
    fn invading_weight(&self, p: Point, owner: Color) -> f32 {
        let Some(classes) = &self.root_classes else {
            return 1.0;
        };
        match classes[p.index()] {
            PointClass::Territory(c) if c != owner => INVADING_STONE_WEIGHT[0],
            PointClass::Moyo(c) if c != owner => INVADING_STONE_WEIGHT[1],
            _ => 1.0,
        }
    }
}

impl SafetyJudge for OwnershipSafety {
    fn judge(&self, board: &mut Board, to_move: Color, weights: &mut StoneWeights) {
        let mut seen = [false; NUM_CELLS];
        for p in board.points() {
            let Some(owner) = board.color_at(p) else {
                continue;
            };
            let id = board.string_id(p);
            if seen[id.index()] {
                continue;
            }
            seen[id.index()] = true;
            // Short of liberties, a string lives or dies by tactics (judged below): random
            // playouts capture strings in atari that their owner would simply save.
            // The same for strings that were short of liberties at the root, even when a
            // candidate has just saved them.
            if board.libs(p) <= 2 || board.string_stones(p).any(|s| self.root_short[s.index()]) {
                continue;
            }
            let (mut sum, mut count) = (0.0, 0.0);
            for s in board.string_stones(p) {
                let share = self.share(s, owner);
                sum += if self.root[s.index()] == Some(owner) {
                    ((share - 0.5) / (ALIVE_SHARE - 0.5)).clamp(-1.0, 1.0)
                } else {
                    // A new stone changes the ownership it is judged by: in open or
                    // contested areas it counts in full, deep in the opponent's area it
                    // counts for nothing (never as dead: reading decides that).
                    let by_share =
                        ((share - NEW_STONE_NOTHING) / (0.5 - NEW_STONE_NOTHING)).clamp(0.0, 1.0);
                    by_share
                        .min(self.invading_weight(s, owner))
                        .min(low_stone_weight(board, s, owner))
                };
                count += 1.0;
            }
            let weight = sum / count;
            if weight < 1.0 {
                weights.set_string(board, p, weight);
            }
        }
        TacticalSafety.judge(board, to_move, weights);
    }
}
