//! Blocks, Handtalk's unit of static evaluation: the non-dead stones of a dragon
//! ([`crate::eval::dragon`]) together with the area they hold — the empty points they control
//! (Handtalk influence of magnitude ≥ [`TERRITORY`] for their colour, reached from the stones
//! through such points) and the dead enemy stones inside it. A block's freedom is the room
//! around that area and its eyes are the eye spaces ([`crate::eval::eyes`]) it borders, so a group
//! with a big territory is not judged by its stones alone.
//!
//! Per block: freedom (the three schemes of [`crate::eval::block_safety`], measured from the whole
//! area), eyes (min/max from the eye spaces' values, the simple estimate when it borders
//! none), a status and the danger in moku ([`crate::eval::block_safety::danger`]).
//!
//! **Status**, in order: *alive* when every stone is unconditionally alive or the eyes are
//! two even with the attacker moving first; a single-string dragon with at most
//! [`BlockOptions::tactical_liberties`] liberties is *dead* or *critical* when the tactical
//! reader captures it (without / with a defence); a *surrounded* block (outer freedom below
//! one surrounding move, see [`crate::eval::block_safety::POINTS_PER_SURROUNDING_MOVE`]) is *dead*
//! when it cannot get two eyes, *critical* when the first move decides; everything else is
//! *unknown*, which owl reading settles when [`BlockOptions::owl`] is on.
//!
//! The diagrams and the tuning are in `docs/evaluation.md`, "Blocks".

use crate::board::{Board, Cell, Color, NUM_CELLS, Point};
use crate::eval::block_safety::{self, Danger, Freedom, POINTS_PER_SURROUNDING_MOVE, Reach};
use crate::eval::dragon::Dragons;
use crate::eval::eyes::{self, EyeSpace};
use crate::eval::influence::{Influence, InfluenceRules, StoneWeights, StringStatus, TERRITORY};
use crate::eval::owl::{DragonStatus, Owl, OwlOptions};
use crate::eval::unconditional::{UnconditionalLife, unconditional_life};
use crate::tactics::pattern_view::PatternSet;
use crate::tactics::reading::Reader;

/// The verdict on a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockStatus {
    Alive,
    Dead,
    /// The first move decides: the attacker's kills, the defender's saves.
    Critical,
    Unknown,
}

impl BlockStatus {
    pub fn name(self) -> &'static str {
        match self {
            BlockStatus::Alive => "alive",
            BlockStatus::Dead => "dead",
            BlockStatus::Critical => "critical",
            BlockStatus::Unknown => "unknown",
        }
    }
}

/// Where a block's eye count comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EyeSource {
    /// The values of the eye spaces it borders ([`crate::eval::eyes::eye_value`]).
    EyeSpaces,
    /// [`block_safety::simple_eye_estimate`]: it borders no eye space.
    SimpleEstimate,
}

/// Eyes of a block: `min` with the attacker moving first, `max` with the defender moving
/// first, each capped at two.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Eyes {
    pub min: f32,
    pub max: f32,
    pub source: EyeSource,
    /// Points of the eye spaces counted (or of the simple estimate's regions).
    pub space: u32,
}

/// One block.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub color: Color,
    /// Index of its dragon in [`Dragons::dragons`].
    pub dragon: usize,
    /// Its stones (the dragon's), sorted.
    pub stones: Vec<Point>,
    /// Empty points it controls, sorted (empty for a dead block).
    pub territory: Vec<Point>,
    /// Dead enemy stones inside its area, sorted.
    pub dead_enemy: Vec<Point>,
    /// Freedom of the whole area (stones, territory and dead enemy stones).
    pub freedom: Freedom,
    pub eyes: Eyes,
    pub status: BlockStatus,
    /// The killing move when critical (or unknown and one is known).
    pub attack: Option<Point>,
    /// The saving move when critical.
    pub defense: Option<Point>,
    pub danger: Danger,
}

impl Block {
    /// The first stone, row by row (a name for the block).
    pub fn origin(&self) -> Point {
        self.stones[0]
    }
}

/// How blocks are found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BlockOptions {
    /// Influence rules for the controlled area (Handtalk's: values are 0, ±1, ±2 or ±6).
    pub rules: InfluenceRules,
    /// Single-string dragons with at most this many liberties are read tactically.
    pub tactical_liberties: usize,
    /// Settle blocks left unknown or critical by owl reading (slow: off by default).
    pub owl: bool,
    pub owl_options: OwlOptions,
}

impl Default for BlockOptions {
    fn default() -> BlockOptions {
        BlockOptions {
            rules: InfluenceRules::HANDTALK,
            tactical_liberties: 2,
            owl: false,
            owl_options: OwlOptions::default(),
        }
    }
}

/// The blocks of a position, one per dragon (dead ones included, holding no area).
#[derive(Clone)]
pub struct Blocks {
    list: Vec<Block>,
    /// Block index per point for its stones, territory and dead enemy stones inside it.
    owner: Vec<u32>,
    /// The influence the areas were read from (dead dragons radiating for the opponent).
    pub influence: Influence,
}

/// What the first pass learnt about a dragon from its stones alone.
#[derive(Clone, Copy)]
struct Verdict {
    status: BlockStatus,
    attack: Option<Point>,
    defense: Option<Point>,
}

impl Blocks {
    /// Finds the dragons of `board` (left as found), judges them, and grows each live one
    /// into the area it controls.
    pub fn new(
        board: &mut Board,
        reader: &mut Reader,
        patterns: &'static dyn PatternSet,
        opts: &BlockOptions,
    ) -> Blocks {
        let dragons = Dragons::new(board, reader, patterns);
        let life = [
            unconditional_life(board, Color::Black),
            unconditional_life(board, Color::White),
        ];
        let spaces = [
            eyes::eye_spaces(board, Color::Black),
            eyes::eye_spaces(board, Color::White),
        ];
        let mut owl = opts
            .owl
            .then(|| Owl::new(opts.owl_options).with_patterns(patterns));

        // Pass 1: each dragon by its stones alone, to know which stones are dead.
        let mut verdicts = Vec::with_capacity(dragons.dragons().len());
        for (id, d) in dragons.dragons().iter().enumerate() {
            let stones = dragons.stones(id);
            let eyes = block_eyes(board, stones, &[], &spaces[d.color as usize]);
            let freedom = block_safety::freedom(board, stones);
            let mut v = judge(
                board,
                reader,
                stones,
                (&life[d.color as usize], &spaces[d.color as usize]),
                (&eyes, &freedom),
                opts,
            );
            if let Some(owl) = owl.as_mut()
                && matches!(v.status, BlockStatus::Unknown | BlockStatus::Critical)
            {
                v = owl_verdict(owl, board, stones);
            }
            verdicts.push((v, eyes));
        }

        // The influence with dead dragons radiating for the opponent.
        let mut weights = StoneWeights::alive();
        for (id, (v, _)) in verdicts.iter().enumerate() {
            if v.status == BlockStatus::Dead {
                for &s in dragons.stones(id) {
                    weights.set_point(s, StringStatus::Dead.weight());
                }
            }
        }
        let influence = Influence::with_weights(board, opts.rules, Some(&weights));
        let dead = |p: Point| weights.get(p) < 0.0;

        // Pass 2: areas, then freedom, eyes and danger of the area.
        let mut owner = vec![u32::MAX; NUM_CELLS];
        for (id, (verdict, _)) in verdicts.iter().enumerate() {
            if verdict.status != BlockStatus::Dead {
                for &s in dragons.stones(id) {
                    owner[s.index()] = id as u32;
                }
            }
        }
        let mut list = Vec::with_capacity(verdicts.len());
        for (id, d) in dragons.dragons().iter().enumerate() {
            let stones = dragons.stones(id).to_vec();
            let (verdict, first_eyes) = &verdicts[id];
            if verdict.status == BlockStatus::Dead {
                let freedom = block_safety::freedom(board, &stones);
                let danger = block_safety::danger(stones.len(), 0.0, first_eyes.space, &freedom);
                list.push(Block {
                    color: d.color,
                    dragon: id,
                    stones,
                    territory: Vec::new(),
                    dead_enemy: Vec::new(),
                    freedom,
                    eyes: *first_eyes,
                    status: BlockStatus::Dead,
                    attack: verdict.attack,
                    defense: verdict.defense,
                    danger,
                });
                continue;
            }
            let (territory, dead_enemy) = grow_area(
                board, &influence, &stones, d.color, id as u32, &mut owner, &dead,
            );
            let (freedom, beyond) =
                area_freedom(board, &stones, &territory, &dead_enemy, d.color, &dead);
            let mut eyes = block_eyes(board, &stones, &territory, &spaces[d.color as usize]);
            // Handtalk: the territory is eye space the block can still make eyes in.
            eyes.max = eyes.max.max(territory_eyes(territory.len()));
            // Judged again on its area (more eyes, less freedom: the territory is inside);
            // alive and owl-read verdicts stand. A block found dead only now keeps its area
            // (the influence took it for alive).
            let again = if verdict.status == BlockStatus::Alive || owl.is_some() {
                *verdict
            } else {
                judge(
                    board,
                    reader,
                    &stones,
                    (&life[d.color as usize], &spaces[d.color as usize]),
                    (&eyes, &freedom),
                    opts,
                )
            };
            let eye_count = match again.status {
                BlockStatus::Alive => block_safety::EYES_TO_LIVE,
                _ => (eyes.min + eyes.max) / 2.0,
            };
            let inside = territory.len() + dead_enemy.len();
            let outer = Freedom {
                wulu_degree2: freedom.wulu_degree2 + beyond,
                ..freedom
            };
            let danger = block_safety::danger(stones.len(), eye_count, inside as u32, &outer);
            list.push(Block {
                color: d.color,
                dragon: id,
                stones,
                territory,
                dead_enemy,
                freedom,
                eyes,
                status: again.status,
                attack: again.attack,
                defense: again.defense,
                danger,
            });
        }
        Blocks {
            list,
            owner,
            influence,
        }
    }

    /// Every block, in dragon order.
    pub fn blocks(&self) -> &[Block] {
        &self.list
    }

    /// The block holding `p`: as a stone of it, a point of its territory, or a dead enemy
    /// stone inside it. A dead stone is held by the live block around it, if any.
    pub fn block_at(&self, p: Point) -> Option<&Block> {
        let i = self.owner[p.index()];
        (i != u32::MAX).then(|| &self.list[i as usize])
    }

    /// The block made of the stone at `p` (its own block, dead or alive).
    pub fn block_of_stone(&self, p: Point) -> Option<&Block> {
        self.list
            .iter()
            .find(|b| b.stones.binary_search(&p).is_ok())
    }

    /// Is the stone at `p` part of a dead block?
    pub fn is_dead(&self, p: Point) -> bool {
        self.block_of_stone(p)
            .is_some_and(|b| b.status == BlockStatus::Dead)
    }
}

/// Grows the area of the block of `stones` (already marked `id` in `owner`): empty points
/// the influence gives to `color` at [`TERRITORY`] or more, and dead enemy stones, reached
/// from the stones through such points and not taken by an earlier block.
fn grow_area(
    board: &Board,
    influence: &Influence,
    stones: &[Point],
    color: Color,
    id: u32,
    owner: &mut [u32],
    dead: &impl Fn(Point) -> bool,
) -> (Vec<Point>, Vec<Point>) {
    let sign: i8 = match color {
        Color::White => 1,
        Color::Black => -1,
    };
    let held = |p: Point| match board.cell(p) {
        Cell::Empty => influence.value(p) * sign >= TERRITORY,
        c => c.color() == Some(color.opponent()) && dead(p),
    };
    let mut queue: Vec<Point> = stones.to_vec();
    let (mut territory, mut dead_enemy) = (Vec::new(), Vec::new());
    let mut i = 0;
    while i < queue.len() {
        let p = queue[i];
        i += 1;
        for n in p.neighbors() {
            if board.cell(n) == Cell::Border || owner[n.index()] != u32::MAX || !held(n) {
                continue;
            }
            owner[n.index()] = id;
            queue.push(n);
            if board.cell(n) == Cell::Empty {
                territory.push(n);
            } else {
                dead_enemy.push(n);
            }
        }
    }
    territory.sort();
    dead_enemy.sort();
    (territory, dead_enemy)
}

/// The three freedom counts of an area: the schemes of [`block_safety::freedom`] measured
/// from every point of it (stones, territory, dead enemy stones), counting only empty
/// points outside it; live enemy stones block the Wulu degrees, dead ones do not. Also
/// returns how many of the (a) points are not next to a stone: they lie beyond the
/// territory, so they are outer freedom like Wulu's degree-2 points.
fn area_freedom(
    board: &Board,
    stones: &[Point],
    territory: &[Point],
    dead_enemy: &[Point],
    color: Color,
    dead: &impl Fn(Point) -> bool,
) -> (Freedom, u32) {
    if territory.is_empty() && dead_enemy.is_empty() {
        return (block_safety::freedom(board, stones), 0);
    }
    let mut by_stone = [false; NUM_CELLS];
    for &s in stones {
        for q in s.neighbors().into_iter().chain(s.diagonals()) {
            by_stone[q.index()] = true;
        }
    }
    let mut inside = [false; NUM_CELLS];
    for &p in stones.iter().chain(territory).chain(dead_enemy) {
        inside[p.index()] = true;
    }
    let enemy = |q: Point| board.color_at(q) == Some(color.opponent()) && !dead(q);
    let area = stones.iter().chain(territory).chain(dead_enemy).copied();
    let reach = Reach::from_points(board, area, enemy);
    let f = reach.count(board, |i| inside[i]);
    let beyond = board
        .points()
        .map(|p| p.index())
        .filter(|&i| !inside[i] && reach.is_near(i) && !by_stone[i])
        .count() as u32;
    (f, beyond)
}

/// Eyes of the block of `stones`: the eye spaces of its colour that touch a stone of it or a
/// point of its territory, values summed and capped at two; the simple estimate when there
/// are none.
fn block_eyes(board: &Board, stones: &[Point], territory: &[Point], spaces: &[EyeSpace]) -> Eyes {
    let touches = |sp: &EyeSpace| {
        sp.points.iter().any(|&p| {
            territory.binary_search(&p).is_ok()
                || p.neighbors()
                    .iter()
                    .any(|n| stones.binary_search(n).is_ok())
        })
    };
    let (mut min, mut max, mut space, mut any) = (0u32, 0u32, 0u32, false);
    for sp in spaces.iter().filter(|sp| touches(sp)) {
        any = true;
        // A space the opponent can reach from outside (marginal points) or cut (false
        // points) is trusted for `max` only: on owl.tst positions such spaces' minimax `min`
        // let killable groups pass for alive.
        if sp.marginal.is_empty() && sp.false_points.is_empty() {
            min += u32::from(sp.value.min);
        }
        max += u32::from(sp.value.max);
        space += sp.points.len() as u32;
    }
    if any {
        let cap = block_safety::EYES_TO_LIVE;
        return Eyes {
            min: (min as f32).min(cap),
            max: (max as f32).min(cap),
            source: EyeSource::EyeSpaces,
            space,
        };
    }
    let est = block_safety::simple_eye_estimate(board, stones);
    Eyes {
        min: est.eyes,
        max: est.eyes,
        source: EyeSource::SimpleEstimate,
        space: est.space,
    }
}

/// Eyes a block could make in `points` points of territory, at most (the sizes of
/// [`block_safety::simple_eye_estimate`], for open territory).
pub fn territory_eyes(points: usize) -> f32 {
    match points {
        0 => 0.0,
        1..=2 => 0.5,
        3..=5 => 1.0,
        6..=11 => 1.5,
        _ => block_safety::EYES_TO_LIVE,
    }
}

/// The vital points of the eye spaces counted in `eyes` whose value depends on who moves.
fn vital_points(stones: &[Point], spaces: &[EyeSpace]) -> (Option<Point>, Option<Point>) {
    spaces
        .iter()
        .filter(|sp| {
            sp.value.min < sp.value.max
                && sp.points.iter().any(|p| {
                    p.neighbors()
                        .iter()
                        .any(|n| stones.binary_search(n).is_ok())
                })
        })
        .map(|sp| (sp.value.attack, sp.value.defense))
        .next()
        .unwrap_or((None, None))
}

/// The status of a block from unconditional life, tactics, eyes and freedom (see the module
/// documentation).
fn judge(
    board: &mut Board,
    reader: &mut Reader,
    stones: &[Point],
    (life, spaces): (&UnconditionalLife, &[EyeSpace]),
    (eyes, freedom): (&Eyes, &Freedom),
    opts: &BlockOptions,
) -> Verdict {
    let verdict = |status, attack, defense| Verdict {
        status,
        attack,
        defense,
    };
    if stones.iter().all(|&s| life.is_invincible(s)) || eyes.min >= block_safety::EYES_TO_LIVE {
        return verdict(BlockStatus::Alive, None, None);
    }
    let head = stones[0];
    let one_string = board.string_size(head) == stones.len();
    if one_string && board.libs(head) <= opts.tactical_liberties {
        let (a, am) = reader.attack(board, head);
        if a != 0 {
            let (d, dm) = reader.find_defense(board, head);
            return if d == 0 {
                verdict(BlockStatus::Dead, am, None)
            } else {
                verdict(BlockStatus::Critical, am, dm)
            };
        }
    }
    if is_surrounded(freedom) {
        if eyes.max < block_safety::EYES_TO_LIVE {
            return verdict(BlockStatus::Dead, None, None);
        }
        let (a, d) = vital_points(stones, spaces);
        return verdict(BlockStatus::Critical, a, d);
    }
    verdict(BlockStatus::Unknown, None, None)
}

/// Surrounded: the opponent needs no move beyond the first to close the block in.
pub fn is_surrounded(freedom: &Freedom) -> bool {
    freedom.wulu() < POINTS_PER_SURROUNDING_MOVE
}

fn owl_verdict(owl: &mut Owl, board: &mut Board, stones: &[Point]) -> Verdict {
    match owl.status(board, stones) {
        DragonStatus::Alive => Verdict {
            status: BlockStatus::Alive,
            attack: None,
            defense: None,
        },
        DragonStatus::Dead => Verdict {
            status: BlockStatus::Dead,
            attack: None,
            defense: None,
        },
        DragonStatus::Critical { attack, defense } => Verdict {
            status: BlockStatus::Critical,
            attack,
            defense,
        },
    }
}

#[cfg(test)]
mod tests;
