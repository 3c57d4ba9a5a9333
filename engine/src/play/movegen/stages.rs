//! The valuation stages. Each adds value (moku) and reasons to the candidates; the list is
//! open ([`Stage`]) so later stages (dragon safety) plug in the same way.

use super::eval::weak_string_heads;
use super::{MoveValues, StageContext, reason};
use crate::board::{Board, Color, Move, NUM_CELLS, Point};
use crate::eval::dragon::{Dragon, Dragons};
use crate::pattern::{Kind, Mark};
use crate::tactics::pattern_view::PatternView;
use crate::tactics::reading;

/// One stage of move valuation.
pub trait Stage: Send + Sync {
    /// A short name, for traces.
    fn name(&self) -> &'static str;
    /// Adds this stage's values to `values`. Must leave `ctx.board` as it found it.
    fn run(&self, ctx: &mut StageContext<'_>, values: &mut MoveValues);
}

/// The stages `genmove` uses, in order.
pub fn standard() -> Vec<Box<dyn Stage>> {
    vec![
        Box::new(TerritoryStage),
        Box::new(TacticalStage),
        Box::new(DragonStage),
        Box::new(ContactStage),
        Box::new(ConnectionStage),
        Box::new(EyeStage),
        Box::new(OpeningStage),
        Box::new(JosekiStage),
    ]
}

/// The names of the [`standard`] stages and of the shape step after them (`efficiency`),
/// in order: `--without-stage` names one of them ([`StageSet`]).
pub const STAGE_NAMES: [&str; 9] = [
    "territory",
    "tactics",
    "dragons",
    "contact",
    "connection",
    "eyes",
    "opening",
    "joseki",
    "efficiency",
];

/// A set of stages by name ([`STAGE_NAMES`]), e.g. those a match leaves out to measure what
/// they are worth.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StageSet(u16);

impl StageSet {
    /// The set with the stage `name` added, or `None` for a name that is no stage.
    pub fn with(self, name: &str) -> Option<StageSet> {
        let i = STAGE_NAMES.iter().position(|&n| n == name)?;
        Some(StageSet(self.0 | 1 << i))
    }

    /// The stages of either set.
    pub fn union(self, other: StageSet) -> StageSet {
        StageSet(self.0 | other.0)
    }

    pub fn contains(self, name: &str) -> bool {
        STAGE_NAMES
            .iter()
            .position(|&n| n == name)
            .is_some_and(|i| self.0 & 1 << i != 0)
    }
}

fn candidates(board: &Board, values: &MoveValues) -> Vec<Point> {
    board
        .empty_points()
        .iter()
        .copied()
        .filter(|p| values.candidate[p.index()])
        .collect()
}

/// Territory and moyo change: the fast evaluation after the move (opponent to play) minus
/// the same after a pass. Captures, ataris that cannot be escaped and the safety of our
/// own weak strings show up here too, because the evaluation judges string safety first.
pub struct TerritoryStage;

impl Stage for TerritoryStage {
    fn name(&self) -> &'static str {
        "territory"
    }

    fn run(&self, ctx: &mut StageContext<'_>, values: &mut MoveValues) {
        let us = ctx.us;
        let n = ctx.board.size();
        let points = (n * n) as f32;
        let stones = points - ctx.board.empty_points().len() as f32;
        let endgame = (stones / (ENDGAME_FULLNESS * points)).min(1.0);
        for p in candidates(ctx.board, values) {
            let before = ctx.board.captures(us);
            if !ctx.board.try_play(p, us) {
                continue;
            }
            let captured = ctx.board.captures(us) > before;
            let margin = ctx.evaluator.margin(ctx.board, us.opponent(), us);
            ctx.board.undo();
            let why = if captured {
                reason::TERRITORY | reason::CAPTURE
            } else {
                reason::TERRITORY
            };
            let mut gain = margin - ctx.pass_margin;
            if gain > 0.0 && !captured && n > super::MONTE_CARLO_MAX_SIZE {
                gain *= low_line_factor(p, n, endgame);
            }
            values.add(p, gain, why);
        }
    }
}

/// Share of the points filled with stones at which first- and second-line moves count in
/// full on big boards (roughly where the endgame starts).
const ENDGAME_FULLNESS: f32 = 0.6;

/// Factor on the territory gain of a first- (index 0) or second-line (index 1) move on a big
/// board while the board is empty; it rises linearly to 1 as the board fills to
/// [`ENDGAME_FULLNESS`]. The evaluation sees every edge point a stone radiates over as
/// gained, but before the endgame such a stone is small (it takes the edge under it and
/// gives the opponent the outside) and every game record plays the open points first:
/// unscaled, first- and second-line moves outranked every open point from move 40 on.
const LOW_LINE_FACTOR: [f32; 2] = [0.15, 0.3];

/// The factor on a positive territory gain at `p` on a board of side `n`, `endgame` being
/// how far the board is into the endgame (0..=1).
fn low_line_factor(p: Point, n: usize, endgame: f32) -> f32 {
    let (x, y) = p.xy();
    let line = x.min(y).min(n - 1 - x).min(n - 1 - y);
    match LOW_LINE_FACTOR.get(line) {
        Some(&base) => base + (1.0 - base) * endgame,
        None => 1.0,
    }
}

/// The value of a string that a fight decides: its stones twice (they leave the board and
/// their points change hands), its liberties (the space around it), and the weak enemy
/// strings next to it, which live or die with it.
pub fn string_value(board: &Board, s: Point) -> f32 {
    let Some(owner) = board.color_at(s) else {
        return 0.0;
    };
    let mut value = 2.0 * board.string_size(s) as f32 + board.libs(s) as f32 + 1.0;
    let mut seen = [Point::NONE; 16];
    let mut n = 0;
    for stone in board.string_stones(s) {
        for q in stone.neighbors() {
            if board.color_at(q) != Some(owner.opponent()) {
                continue;
            }
            let id = board.string_id(q);
            if seen[..n].contains(&id) || n == seen.len() {
                continue;
            }
            seen[n] = id;
            n += 1;
            if board.libs(q) <= 2 {
                value += board.string_size(q) as f32;
            }
        }
    }
    value
}

/// Capturing and saving strings by tactical reading: for every string of at most three
/// liberties that the attacker captures moving first and the owner saves moving first, the
/// reader's attacking move (for the opponent's strings) or defending move (for ours) is worth
/// at least the string's value.
pub struct TacticalStage;

impl Stage for TacticalStage {
    fn name(&self) -> &'static str {
        "tactics"
    }

    fn run(&self, ctx: &mut StageContext<'_>, values: &mut MoveValues) {
        let board = &mut *ctx.board;
        let mut heads = [Point::NONE; NUM_CELLS / 2];
        let count = weak_string_heads(board, 3, &mut heads);
        for &s in &heads[..count] {
            let Some(owner) = board.color_at(s) else {
                continue;
            };
            let (attack, attack_move) = reading::attack(board, s);
            if attack == 0 {
                continue;
            }
            let (defense, defense_move) = reading::find_defense(board, s);
            let value = string_value(board, s) * quality_factor(attack.max(defense));
            if owner == ctx.us {
                if let (true, Some(mv)) = (defense != 0, defense_move) {
                    values.raise(mv, value, reason::DEFEND);
                }
            } else if let Some(mv) = attack_move {
                // A string that cannot be saved anyway is only worth taking when it is in
                // atari next to our own weak stones; the evaluation values that capture.
                if defense != 0 {
                    values.raise(mv, value, reason::ATTACK);
                }
            }
        }
    }
}

/// Life and death of the dragons the last moves touched (boards larger than
/// [`super::MONTE_CARLO_MAX_SIZE`]): every dragon with a stone within
/// [`DRAGON_NEAR_LAST_MOVES`] of one of the last two moves is read by the owl; when it is
/// critical (killed if the attacker moves first, saved if the owner does), the owner's
/// defence or the opponent's attack is worth the dragon. This answers the opponent's
/// attack on a weak group and follows up our own, which the one-move evaluation cannot
/// see; reading only near the last moves keeps the cost to a few owl questions a move.
/// Big dragons short of liberties are read wherever they are ([`weak_big_dragons`]), and
/// the move that decides a big critical dragon is marked [`reason::DRAGON`] (urgent at the
/// search's root with `GenOptions::urgent_dragons`).
pub struct DragonStage;

/// Chebyshev distance from a last move within which a dragon is read.
const DRAGON_NEAR_LAST_MOVES: usize = 2;

/// Owl nodes per question of the dragon stage (the owl's default is 600): a few questions
/// every move must stay well under a second.
const DRAGON_OWL_NODES: u64 = 300;

/// Most dragons read per move (largest first).
const MAX_DRAGONS_READ: usize = 3;

/// Moku a critical dragon is worth: per stone (they change hands) plus a base for the area
/// it holds or would give.
const DRAGON_STONE_VALUE: f32 = 2.0;
const DRAGON_BASE_VALUE: f32 = 6.0;

/// A critical dragon of at least this many stones is a big group: the move that decides it
/// (our defence, our attack on theirs) is marked [`reason::DRAGON`], urgent at the search's
/// root with `GenOptions::urgent_dragons`. Smaller critical groups are left to the playouts and the
/// move model, as strings are (boosting every decisive string pulled the search to small
/// captures, docs/movegen.md, "Reading's word at the root").
pub const URGENT_DRAGON_STONES: usize = 6;

/// A big dragon ([`URGENT_DRAGON_STONES`] stones or more) with at most this many
/// liberties is weak wherever it is: it is read even when the last moves did not touch it
/// (a capturing race left open, a group cut off moves ago), at most
/// [`MAX_WEAK_DRAGONS_READ`] of them a move, fewest liberties first.
const WEAK_DRAGON_LIBERTIES: usize = 4;
const MAX_WEAK_DRAGONS_READ: usize = 2;

impl Stage for DragonStage {
    fn name(&self) -> &'static str {
        "dragons"
    }

    fn run(&self, ctx: &mut StageContext<'_>, values: &mut MoveValues) {
        let n = ctx.board.size();
        if n <= super::MONTE_CARLO_MAX_SIZE {
            return;
        }
        let skip = ctx.board.move_count().saturating_sub(2);
        let recent: Vec<Point> = ctx
            .board
            .moves()
            .skip(skip)
            .filter_map(|(_, m)| match m {
                crate::board::Move::Play(p) => Some(p),
                crate::board::Move::Pass => None,
            })
            .collect();
        if recent.is_empty() {
            return;
        }
        let patterns = ctx.patterns;
        let board = &mut *ctx.board;
        let dragons = reading::with_reader(|r| Dragons::new(board, r, patterns));
        let near = |p: Point| {
            let (x, y) = p.xy();
            recent.iter().any(|q| {
                let (qx, qy) = q.xy();
                x.abs_diff(qx).max(y.abs_diff(qy)) <= DRAGON_NEAR_LAST_MOVES
            })
        };
        let mut touched: Vec<&Dragon> = dragons
            .dragons()
            .iter()
            .filter(|d| d.stones.iter().any(|&s| near(s)))
            .collect();
        touched.sort_by_key(|d| std::cmp::Reverse(d.stones.len()));
        touched.truncate(MAX_DRAGONS_READ);
        touched.extend(weak_big_dragons(board, &dragons, &touched));
        let mut owl = crate::eval::owl::Owl::new(crate::eval::owl::OwlOptions {
            node_limit: DRAGON_OWL_NODES,
            // The defence's search for the key move as deep as the others (a third of it,
            // as the GTP owl has, is not measured in play).
            hint_node_limit: DRAGON_OWL_NODES,
            deadline: ctx.reading_deadline,
            // A dragon judged dead has its best defence read again, and the defence whose
            // refutation took most reading (a living dragon given up for dead loses the
            // game); the failed attacks, every living dragon's, are not:
            // their cost would come out of the other dragons' share of the deadline.
            reread_failed_attacks: 0,
            read_cut_attacks: false,
            reread_failed_defences: 1,
            reread_costliest_defences: 1,
            // The generators' order, not the vital-point order of the GTP owl: with it the
            // stage named other attack and defence points and lost more games against GNU Go
            // (docs/movegen.md, "The owl's move order in play").
            eye_order_depth: None,
            ..Default::default()
        })
        .with_patterns(patterns);
        for dragon in touched {
            if ctx
                .reading_deadline
                .is_some_and(|d| std::time::Instant::now() >= d)
            {
                break;
            }
            let t = std::time::Instant::now();
            let status = owl.status(board, &dragon.stones);
            if super::trace_enabled() {
                eprintln!(
                    "dragon {:?} {} stones: {:?} {:?}",
                    dragon.origin.xy(),
                    dragon.stones.len(),
                    status,
                    t.elapsed()
                );
            }
            let crate::eval::owl::DragonStatus::Critical { attack, defense } = status else {
                continue;
            };
            let value = DRAGON_STONE_VALUE * dragon.stones.len() as f32 + DRAGON_BASE_VALUE;
            let urgent = if dragon.stones.len() >= URGENT_DRAGON_STONES {
                reason::DRAGON
            } else {
                0
            };
            if dragon.color == ctx.us {
                if let Some(mv) = defense {
                    values.add(mv, value, reason::DEFEND | urgent);
                }
            } else if let Some(mv) = attack {
                values.add(mv, value, reason::ATTACK | urgent);
            }
        }
    }
}

/// The big dragons short of liberties that are not in `read` already (at most
/// [`MAX_WEAK_DRAGONS_READ`], fewest liberties first, then the largest): a group in a
/// capturing race or cut off earlier stays urgent after the fight moved elsewhere, and the
/// dragons near the last moves are all the stage read before.
pub(crate) fn weak_big_dragons<'d>(
    board: &Board,
    dragons: &'d Dragons,
    read: &[&Dragon],
) -> Vec<&'d Dragon> {
    let mut weak: Vec<(usize, &Dragon)> = dragons
        .dragons()
        .iter()
        .enumerate()
        .filter(|(_, d)| {
            d.stones.len() >= URGENT_DRAGON_STONES && !read.iter().any(|r| r.origin == d.origin)
        })
        .map(|(id, d)| (dragons.liberties(board, id).len(), d))
        .filter(|&(libs, _)| libs <= WEAK_DRAGON_LIBERTIES)
        .collect();
    weak.sort_by_key(|&(libs, d)| (libs, std::cmp::Reverse(d.stones.len())));
    weak.into_iter()
        .take(MAX_WEAK_DRAGONS_READ)
        .map(|(_, d)| d)
        .collect()
}

/// Answering contact (boards larger than [`super::MONTE_CARLO_MAX_SIZE`]): when the
/// opponent's last move touches one of our strings of at most [`CONTACT_MAX_LIBERTIES`]
/// liberties, the liberties of the touching stone's string next to (or diagonal to) our
/// string — the hane and the block — get [`CONTACT_ANSWER_VALUE`] plus the touched stones.
/// An attachment asks for an answer; left alone it becomes a hane or a cut the next move,
/// and the influence evaluation, which sees an attachment only as two stones cancelling
/// each other out, let the engine play elsewhere after every one.
pub struct ContactStage;

/// Largest liberty count of a touched string that still asks for an answer.
const CONTACT_MAX_LIBERTIES: usize = 4;

/// Moku for answering an attachment, on top of one per touched stone (at most 6).
const CONTACT_ANSWER_VALUE: f32 = 14.0;

impl Stage for ContactStage {
    fn name(&self) -> &'static str {
        "contact"
    }

    fn run(&self, ctx: &mut StageContext<'_>, values: &mut MoveValues) {
        let board = &*ctx.board;
        if board.size() <= super::MONTE_CARLO_MAX_SIZE {
            return;
        }
        let Some((color, crate::board::Move::Play(last))) = board.last_move() else {
            return;
        };
        if color != ctx.us.opponent() || board.color_at(last) != Some(color) {
            return;
        }
        let mut touched = [Point::NONE; 4];
        let mut count = 0;
        for q in last.neighbors() {
            if board.color_at(q) == Some(ctx.us)
                && board.libs(q) <= CONTACT_MAX_LIBERTIES
                && !touched[..count].contains(&board.string_id(q))
            {
                touched[count] = board.string_id(q);
                count += 1;
            }
        }
        if count == 0 {
            return;
        }
        let stones: usize = touched[..count].iter().map(|&s| board.string_size(s)).sum();
        let value = CONTACT_ANSWER_VALUE + stones.min(6) as f32;
        let mut libs = [Point::NONE; 8];
        let n = board.first_liberties(last, &mut libs);
        for &lib in &libs[..n] {
            let near_touched = lib.neighbors().into_iter().chain(lib.diagonals()).any(|r| {
                board.color_at(r) == Some(ctx.us) && touched[..count].contains(&board.string_id(r))
            });
            if near_touched {
                values.add(lib, value, reason::DEFEND);
            }
        }
    }
}

/// Ko results are worth less than unconditional ones.
fn quality_factor(code: i32) -> f32 {
    match code {
        reading::WIN => 1.0,
        reading::KO_A => 0.6,
        _ => 0.4,
    }
}

/// Most connection questions read per move (connection reading is the costly part).
const MAX_CONNECTION_READS: usize = 40;

/// Connecting and cutting: `patterns/connection.db` proposes links between two of our
/// strings (worth something when the opponent could cut them) and, matched for the
/// opponent, their links, which we take as cuts when connection reading says we can cut.
pub struct ConnectionStage;

impl Stage for ConnectionStage {
    fn name(&self) -> &'static str {
        "connection"
    }

    fn run(&self, ctx: &mut StageContext<'_>, values: &mut MoveValues) {
        let patterns = ctx.patterns;
        let mut proposals: Vec<(Point, Point, Point, Color)> = Vec::new();
        {
            let view = PatternView::new(ctx.board);
            let n = ctx.board.size() as i32;
            for p in candidates(ctx.board, values) {
                let (x, y) = p.xy();
                for side in [ctx.us, ctx.us.opponent()] {
                    patterns.match_at(
                        Kind::Connection,
                        &view,
                        x as i32,
                        y as i32,
                        side,
                        &mut |m| {
                            let &[(ax, ay), (bx, by)] = m.targets() else {
                                return;
                            };
                            if [ax, ay, bx, by].iter().any(|&c| !(0..n).contains(&c)) {
                                return;
                            }
                            let a = Point::from_xy(ax as usize, ay as usize);
                            let b = Point::from_xy(bx as usize, by as usize);
                            proposals.push((p, a, b, side));
                        },
                    );
                }
            }
        }
        let mut reads = 0;
        let mut done: Vec<(Point, Point, Point, Color)> = Vec::new();
        for (p, a, b, side) in proposals {
            let board = &mut *ctx.board;
            let (ida, idb) = (board.string_id(a), board.string_id(b));
            if ida == idb || done.contains(&(p, ida.min(idb), ida.max(idb), side)) {
                continue;
            }
            done.push((p, ida.min(idb), ida.max(idb), side));
            if reads >= MAX_CONNECTION_READS {
                break;
            }
            reads += 1;
            let cuttable = reading::with_reader(|r| r.disconnect(board, a, b)).0 != 0;
            if !cuttable {
                continue;
            }
            let value = 1.0 + board.string_size(a).min(board.string_size(b)) as f32;
            if side == ctx.us {
                values.add(p, value, reason::CONNECT);
            } else if board.libs_after(p, ctx.us) >= 2 {
                values.add(p, value, reason::CUT);
            }
        }
    }
}

/// Eye making and eye stealing: a move that turns a neighbouring point into an eye of ours
/// next to a string short of liberties, or takes the point where the opponent would make
/// one.
pub struct EyeStage;

impl Stage for EyeStage {
    fn name(&self) -> &'static str {
        "eyes"
    }

    fn run(&self, ctx: &mut StageContext<'_>, values: &mut MoveValues) {
        let us = ctx.us;
        for p in candidates(ctx.board, values) {
            let ours = new_eye_value(ctx.board, p, us);
            let theirs = new_eye_value(ctx.board, p, us.opponent());
            let v = ours + 0.8 * theirs;
            if v > 0.0 {
                values.add(p, v, reason::EYE);
            }
        }
    }
}

/// How much an eye that `color` makes by playing `p` is worth: half the stones of the
/// strings around it (at most 4 moku), when they are short of liberties (a group that
/// already has room needs no eye yet).
fn new_eye_value(board: &mut Board, p: Point, color: Color) -> f32 {
    let mut before = [false; 4];
    for (i, q) in p.neighbors().into_iter().enumerate() {
        before[i] = board.is_eye(q, color);
    }
    if !board.try_play(p, color) {
        return 0.0;
    }
    let mut value: f32 = 0.0;
    for (i, q) in p.neighbors().into_iter().enumerate() {
        if before[i] || !board.is_eye(q, color) {
            continue;
        }
        let libs = board.libs(p);
        if libs <= 6 {
            value = value.max((0.5 * board.string_size(p) as f32).clamp(1.0, 4.0));
        }
    }
    board.undo();
    value
}

/// The opening: on an empty part of the board the corners come first, then the sides
/// (third and fourth line), as every opening book says. Values in moku on top of the
/// influence change, which alone cannot see that a corner is easier to secure.
pub struct OpeningStage;

impl Stage for OpeningStage {
    fn name(&self) -> &'static str {
        "opening"
    }

    fn run(&self, ctx: &mut StageContext<'_>, values: &mut MoveValues) {
        let board = &*ctx.board;
        let n = board.size();
        if n < 7 {
            return;
        }
        let radius = if n >= 13 { 3 } else { 2 };
        for p in candidates(board, values) {
            let (x, y) = p.xy();
            let line = |v: usize| v.min(n - 1 - v);
            let (lx, ly) = (line(x), line(y));
            let good_line = |l: usize| if n >= 13 { l == 2 || l == 3 } else { l == 2 };
            if !empty_around(board, x, y, radius) {
                continue;
            }
            let bonus = if good_line(lx) && good_line(ly) {
                if n >= 13 { 8.0 } else { 3.0 }
            } else if (good_line(lx) && ly >= 2 * radius) || (good_line(ly) && lx >= 2 * radius) {
                if n >= 13 { 4.0 } else { 1.5 }
            } else if n % 2 == 1 && n <= 11 && x == n / 2 && y == n / 2 {
                // On small boards the centre point both claims and separates.
                6.0
            } else {
                0.0
            };
            if bonus > 0.0 {
                values.add(p, bonus, reason::OPENING);
            }
        }
    }
}

/// Joseki (`patterns/joseki.db` through [`crate::play::joseki::joseki_moves`]): a standard move
/// of a corner sequence gets its urgency in moku on top of the other stages, so the corner
/// is answered the way the book answers it unless a fight elsewhere is bigger; a move the
/// library marks as a mistake loses as much. Tricks get nothing: we do not gamble.
pub struct JosekiStage;

/// Moku per point of joseki urgency (0–100): an urgent answer (90) is worth ≈ 11 moku, a
/// normal continuation (60) ≈ 7, a fuseki move (40–50) ≈ 5–6, about the opening bonuses.
const MOKU_PER_JOSEKI_URGENCY: f32 = 0.12;

/// Smallest board on which the joseki stage runs.
const JOSEKI_MIN_SIZE: usize = 13;

impl Stage for JosekiStage {
    fn name(&self) -> &'static str {
        "joseki"
    }

    fn run(&self, ctx: &mut StageContext<'_>, values: &mut MoveValues) {
        // The library's corner figures are 19×19 sequences; on small boards the opposite
        // side is too close for them to mean the same thing.
        if ctx.board.size() < JOSEKI_MIN_SIZE {
            return;
        }
        for jm in crate::play::joseki::joseki_moves(ctx.board, ctx.us, ctx.patterns) {
            if !values.candidate[jm.point.index()] {
                continue;
            }
            let moku = jm.value as f32 * MOKU_PER_JOSEKI_URGENCY;
            match jm.mark {
                Mark::Good | Mark::None => values.add(jm.point, moku, reason::JOSEKI),
                Mark::Bad => values.add(jm.point, -moku, reason::JOSEKI),
                Mark::Trick => {}
            }
        }
    }
}

/// A corner of a board of 13×13 or more is still empty: one of its 3-3, 3-4 or 4-4 points
/// has no stone within three lines, so the opening stage still offers it its corner bonus.
pub fn empty_corner_remains(board: &Board) -> bool {
    let n = board.size();
    if n < 13 {
        return false;
    }
    let near = [2, 3];
    let far = [n - 3, n - 4];
    [(near, near), (near, far), (far, near), (far, far)]
        .iter()
        .any(|(xs, ys)| {
            xs.iter()
                .any(|&x| ys.iter().any(|&y| empty_around(board, x, y, 3)))
        })
}

/// A local fight is open: the opponent's last stone touches one of ours (a contact play),
/// or a chain of either colour within two points of it has two liberties or fewer. Its
/// answer is urgent however big the points elsewhere, so the opening's big points do not
/// outrank it.
pub fn local_fight_open(board: &Board, us: Color) -> bool {
    let Some((who, Move::Play(last))) = board.last_move() else {
        return false;
    };
    if who != us.opponent() {
        return false;
    }
    let touches_ours = last
        .neighbors()
        .iter()
        .any(|&q| board.color_at(q) == Some(us));
    // Board coordinates, clamped as in `empty_around`: two steps from an edge point would
    // leave the padded board array.
    let n = board.size();
    let (x, y) = last.xy();
    let (x0, x1) = (x.saturating_sub(2), (x + 2).min(n - 1));
    let (y0, y1) = (y.saturating_sub(2), (y + 2).min(n - 1));
    touches_ours
        || (y0..=y1).any(|qy| {
            (x0..=x1).any(|qx| {
                let q = Point::from_xy(qx, qy);
                x.abs_diff(qx) + y.abs_diff(qy) <= 2
                    && board.color_at(q).is_some()
                    && board.libs(q) <= 2
            })
        })
}

/// No stone within Chebyshev distance `r` of `(x, y)`.
fn empty_around(board: &Board, x: usize, y: usize, r: usize) -> bool {
    let n = board.size();
    let (x0, x1) = (x.saturating_sub(r), (x + r).min(n - 1));
    let (y0, y1) = (y.saturating_sub(r), (y + r).min(n - 1));
    (y0..=y1).all(|yy| (x0..=x1).all(|xx| board.color_at(Point::from_xy(xx, yy)).is_none()))
}
