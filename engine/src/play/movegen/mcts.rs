//! Monte Carlo tree search (UCT with RAVE): the root's children are the best classical
//! candidates and the moves the prediction model finds likeliest, with priors from both;
//! deeper nodes get every sensible move, with the model's priors and progressive widening;
//! heavy playouts ([`crate::play::playout`]) judge.
//!
//! Why classical candidates at the root: the classical values know size, shape and tactics
//! but not who wins the fights that follow; the playouts do, roughly. The priors keep the
//! playouts from wasting effort on moves no Go player would consider, and where the playouts
//! cannot tell moves apart (an open big board) they decide.
//!
//! The playout count is fixed per level so results do not depend on machine load; a
//! deadline cuts the search short when the clock demands. Nothing is allocated per playout:
//! the board is played on and undone, and the statistics live in one node arena.

use super::{ValuedMove, reason};
use crate::board::playout::self_atari;
use crate::board::{Board, Color, EightCells, Move, NUM_CELLS, Point};
use crate::play::playout::{HeavyPlayout, PlayoutShapes};
use crate::play::prior::MovePredictor;
use std::time::Instant;

/// Virtual playouts the prior counts for (the classical value as a head start).
const PRIOR_VISITS: f32 = 10.0;
/// Prior win rate of the root's pass arm.
const PASS_PRIOR: f32 = 0.1;
/// Exploration constant of UCB.
const EXPLORATION: f32 = 0.35;
/// Exploration constant of UCB when the move-prediction model gives the priors: the priors
/// do the exploring (Pachi and Fuego run RAVE with little or no UCB term). Measured on 19×19
/// against GNU Go level 1: 0.35 won 0 of 4, 0.1 won 2 of 4, 0.0 won 1 of 4 (docs/movegen.md).
const EXPLORATION_WITH_PRIOR: f32 = 0.1;
/// Playouts at which the plain win rate and the RAVE win rate weigh the same (below the
/// root; [`SearchSettings::root_rave_equivalence`] at the root).
pub const RAVE_EQUIVALENCE: f32 = 400.0;
/// Playouts between two looks at the clock.
const CLOCK_EVERY: usize = 32;

/// One arm of the root bandit: a candidate move, or a pass.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ArmStats {
    /// The move (`Move::Pass` for the pass arm).
    pub mv: Move,
    /// Real playouts after this move.
    pub visits: u32,
    /// Playouts after this move that we won.
    pub wins: f32,
    /// Playouts (after any arm) in which we played this point first.
    pub rave_visits: u32,
    pub rave_wins: f32,
    /// Win rate the classical value stands for.
    pub prior: f32,
    /// Virtual playouts the prior counts for.
    pub prior_visits: f32,
    /// The candidate's classical value in moku (`f32::NEG_INFINITY` for the pass).
    pub value: f32,
}

impl ArmStats {
    /// Our win rate after this move (prior included while there are few playouts).
    pub fn win_rate(&self) -> f32 {
        (self.wins + self.prior * self.prior_visits) / (self.visits as f32 + self.prior_visits)
    }
}

/// What the search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// Every arm, most visited first.
    pub arms: Vec<ArmStats>,
    /// Playouts run.
    pub playouts: usize,
    /// For each point, the fraction of playouts at whose end it was ours (a stone, or an
    /// empty point touching only our stones).
    pub ownership: Box<[f32; NUM_CELLS]>,
    /// Tree nodes created (summed over the threads' trees).
    pub nodes: usize,
    /// The threads' trees, for the next search to start from ([`SavedTree`]).
    pub trees: Vec<SavedTree>,
}

/// A finished search tree kept for the next move: the subtree under the two moves played
/// since (ours, then the reply) becomes the next search's statistics.
#[derive(Clone, Debug, Default)]
pub struct SavedTree {
    nodes: Vec<Node>,
    /// The root position: its hash, the moves played to reach it, and who was to move.
    hash: u64,
    move_count: usize,
    us: Option<Color>,
}

impl SavedTree {
    /// Visits of the root (0 for an empty tree).
    pub fn visits(&self) -> u32 {
        self.nodes.first().map_or(0, |n| n.visits)
    }

    /// The node reached from the saved root by the moves `board` has played since it, when
    /// `board` continues the saved root's position with `us` to move.
    fn descend(&self, board: &Board, us: Color) -> Option<usize> {
        if self.nodes.is_empty() || self.us != Some(us) {
            return None;
        }
        let since = board.move_count().checked_sub(self.move_count)?;
        if since == 0 || since > 4 {
            return None;
        }
        let mut back = board.clone();
        for _ in 0..since {
            back.undo();
        }
        if back.hash() != self.hash {
            return None;
        }
        let mut node = 0;
        for (_, mv) in board.moves().skip(self.move_count) {
            let target = match mv {
                Move::Pass => Point::PASS,
                Move::Play(p) => p,
            };
            let n = &self.nodes[node];
            let first = n.first_child as usize;
            if n.children == 0 {
                return None;
            }
            node = (first..first + n.children as usize).find(|&i| self.nodes[i].mv == target)?;
        }
        Some(node)
    }
}

impl SearchResult {
    /// The arm of `mv`, if the search had one.
    pub fn arm(&self, mv: Move) -> Option<&ArmStats> {
        self.arms.iter().find(|a| a.mv == mv)
    }

    /// `p` and its neighbours ended the playouts in one side's hands almost always: a stone
    /// there changes nothing but, under territory counting, costs a point.
    pub fn settled(&self, board: &Board, p: Point) -> bool {
        const SURE: f32 = 0.8;
        let side = |q: Point| {
            let o = self.ownership[q.index()];
            if o >= SURE {
                Some(true)
            } else if o <= 1.0 - SURE {
                Some(false)
            } else {
                None
            }
        };
        let Some(owner) = side(p) else { return false };
        p.neighbors()
            .iter()
            .filter(|&&n| board.on_board(n))
            .all(|&n| side(n) == Some(owner))
    }
}

impl SearchResult {
    /// The most visited arm.
    pub fn best(&self) -> Option<&ArmStats> {
        self.arms.first()
    }

    /// The move to play: the most visited arm, unless `tie_break` names another key and
    /// another arm the search looked at about as much is as good within the playouts' noise
    /// ([`within_noise`]) and ranks higher by that key; then the highest such arm. When
    /// reading cannot tell moves apart, knowledge decides: on an open board ten thousand
    /// playouts cannot tell a corner move from a centre one (every win rate within a few
    /// hundredths) and the most visited arm is chance, while the classical values know the
    /// book's "corners first" and the move model where strong players play. A most visited
    /// pass stays (whether to pass has its own rules); a pass is never picked over it.
    pub fn choice(&self, tie_break: TieBreak) -> Option<&ArmStats> {
        let top = self.arms.first()?;
        let key: fn(&ArmStats) -> f32 = match tie_break {
            TieBreak::Visits => return Some(top),
            TieBreak::Size => |a| a.value,
            TieBreak::Prior => |a| a.prior,
        };
        if top.mv == Move::Pass {
            return Some(top);
        }
        let mut pick = top;
        for a in &self.arms[1..] {
            if a.mv != Move::Pass
                && a.visits.saturating_mul(MIN_VISIT_RATIO) >= top.visits
                && key(a) > key(pick)
                && within_noise(top, a)
            {
                pick = a;
            }
        }
        Some(pick)
    }
}

/// What decides between root arms the playouts cannot tell apart
/// ([`SearchResult::choice`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieBreak {
    /// Nothing: the most visited arm plays.
    Visits,
    /// The classical value ([`ArmStats::value`]).
    Size,
    /// The prior ([`ArmStats::prior`]): the move model mixed with the classical value.
    Prior,
}

/// An arm competes with the most visited one on size only when it has at
/// least this fraction of its visits (1/n): the search did look at it.
const MIN_VISIT_RATIO: u32 = 10;

/// `other`'s win rate trails `top`'s by less than one standard error of their difference:
/// the playouts cannot tell them apart.
fn within_noise(top: &ArmStats, other: &ArmStats) -> bool {
    let variance = |a: &ArmStats| {
        let p = a.win_rate().clamp(0.01, 0.99);
        p * (1.0 - p) / a.visits.max(1) as f32
    };
    top.win_rate() - other.win_rate() < (variance(top) + variance(other)).sqrt()
}

/// Search settings.
#[derive(Clone, Copy, Debug)]
pub struct SearchSettings<'a> {
    pub playouts: usize,
    pub komi: f32,
    pub seed: u64,
    /// Whether passing is an arm too.
    pub with_pass: bool,
    pub deadline: Option<Instant>,
    /// Threads searching independent trees (root parallelism), merged at the end; the
    /// playouts are shared out among them. 0 or 1: one tree on the calling thread.
    pub threads: usize,
    /// The move-prediction model that gives every tree node's children their prior (and
    /// the root's candidates half of theirs); without it, hand-written rules do.
    pub predictor: Option<&'a MovePredictor>,
    /// The model's share of a root candidate's prior (the classical value's prior has the
    /// rest), when there is a model and it is not the `opening`, without
    /// [`SearchSettings::root_virtual_wins`]; 0 leaves the model out of the root either way.
    pub root_model_share: f32,
    /// How much the model's word weighs below the root ([`model_prior`]): every child starts
    /// with [`EVEN_PRIOR_VISITS`] virtual playouts at an even win rate and this many
    /// virtual wins times the square root of its predicted probability among the node's
    /// moves. 0: the ratio rule ([`predicted_prior`] over [`PRIOR_VISITS`]).
    pub model_prior_wins: f32,
    /// Playouts at which a root arm's own win rate and its RAVE (all-moves-as-first) win
    /// rate weigh the same; 0: no RAVE at the root.
    pub root_rave_equivalence: f32,
    /// The model's prior counts at the root as below it, in virtual wins
    /// ([`SearchSettings::model_prior_wins`] times the square root of a candidate's
    /// probability among the root's candidates), beside the classical value's virtual
    /// playouts; off (or with `model_prior_wins` 0): the model's share of a mixed prior
    /// win rate ([`SearchSettings::root_model_share`]).
    pub root_virtual_wins: bool,
    /// A corner of the big board is still empty: the root priors are the classical values'
    /// alone (they know the book's "corners first", the model mostly that players answer
    /// near the last move) and count for more playouts ([`root_prior_visits`]).
    pub opening: bool,
    /// The playout policy's shapes (`patterns/playout.db`); they also raise the hand-written
    /// tree priors of shape moves next to the last move.
    pub shapes: &'static PlayoutShapes,
    /// The game is counted by territory (GNU Go's default, Japanese): see [`black_value`].
    pub territory: bool,
    /// The share of a playout's value that its score gives ([`score_value`]); the win has
    /// the rest. 0: the win alone.
    pub score_share: f32,
    /// The playouts play the last good replies of the search's earlier playouts
    /// ([`LastGoodReplies`](crate::play::playout::LastGoodReplies)).
    pub last_good_replies: bool,
    /// A root candidate that decides a big critical dragon ([`reason::DRAGON`]: the owl's
    /// defence of ours, its attack on theirs) starts with the model's virtual wins of the
    /// root's favourite when its own are fewer ([`urgent_shares`]).
    pub urgent_dragons: bool,
}

/// Black's value of a playout: its win ([`black_value`]) with `score_share` of it given to
/// its margin instead, counted from `expected_margin` (the mean margin of the search's
/// playouts so far): where every line wins, or every line loses, the search still prefers
/// the lines that gain points on what it expects — it takes the points a won endgame
/// offers and keeps a lost game close — while a close game is decided by the win alone.
pub fn playout_value(
    area_margin: f32,
    territory: bool,
    placed_lead: i32,
    black_to_move: bool,
    score_share: f32,
    expected_margin: f32,
    points: usize,
) -> f32 {
    let win = black_value(area_margin, territory, placed_lead, black_to_move);
    if score_share <= 0.0 {
        return win;
    }
    (1.0 - score_share) * win
        + score_share
            * score_value(
                black_margin(area_margin, territory, placed_lead) - expected_margin,
                points,
            )
}

/// Black's area margin, komi taken off, at the end of a playout that began on `start`. Under
/// territory counting the eyes of strings in seki come off it ([`Board::seki_eyes`]):
/// area counts them and territory does not, so a seki that leaves Black an eye would
/// otherwise read a point better for Black than the game counts it.
pub fn playout_area_margin(end: &Board, start: &Board, komi: f32, territory: bool) -> f32 {
    let score = end.area_score();
    let mut margin = score.black as f32 - score.white as f32 - komi;
    if territory {
        let seki = end.seki_eyes(start);
        margin -= seki.black as f32 - seki.white as f32;
    }
    margin
}

/// Black's margin as the game counts it: under territory counting the stones each side
/// placed come off the area margin.
pub fn black_margin(area_margin: f32, territory: bool, placed_lead: i32) -> f32 {
    if territory {
        area_margin - placed_lead as f32
    } else {
        area_margin
    }
}

/// A gain's worth from 0 to 1, 0.5 for none: linear over ± a tenth of the board's `points`
/// (±36 on 19×19, ±8 on 9×9, at least ±2) and flat beyond.
pub fn score_value(margin: f32, points: usize) -> f32 {
    let decided = (points as f32 / 10.0).max(2.0);
    0.5 + 0.5 * (margin / decided).clamp(-1.0, 1.0)
}

/// Black's share of a playout's win. The playouts count area; territory differs from area
/// by the stones each side placed: Black's territory margin is its area margin less
/// (Black's stones placed − White's). Where the playout starts (after the tree's moves)
/// that lead is `placed_lead`; the real game's remaining moves alternate from the side to
/// move, so by its end the lead grows by one or not at all (Black to move), or shrinks by
/// one or not (White to move); the playout's own count is no guide, since it fills
/// territory that a real game leaves empty. An area margin that
/// wins for one of those ends and loses for the other is a coin toss, worth half a win:
/// with komi 6.5 and equal stones, Black's area win by 0.5 is a territory loss by 0.5
/// whenever Black places the last stone. Each end counts a jigo as half a win.
pub fn black_value(
    area_margin: f32,
    territory: bool,
    placed_lead: i32,
    black_to_move: bool,
) -> f32 {
    // A jigo (integer komi) is half a win for each side, not a win for White.
    let result = |margin: f32| {
        if margin > 0.0 {
            1.0
        } else if margin == 0.0 {
            0.5
        } else {
            0.0
        }
    };
    if !territory {
        return result(area_margin);
    }
    let (low, high) = if black_to_move {
        (placed_lead, placed_lead + 1)
    } else {
        (placed_lead - 1, placed_lead)
    };
    (result(area_margin - high as f32) + result(area_margin - low as f32)) / 2.0
}

/// Black's stones placed on the board so far less White's (captured ones included).
fn placed_lead(board: &Board) -> i32 {
    let (mut black, mut white) = (0i32, 0i32);
    for p in board.points() {
        match board.color_at(p) {
            Some(Color::Black) => black += 1,
            Some(Color::White) => white += 1,
            None => {}
        }
    }
    // `captures(White)` are Black's stones White took.
    black + board.captures(Color::White) as i32 - white - board.captures(Color::Black) as i32
}

/// Runs [`search`] on `settings.threads` threads, each an independent tree with its own seed
/// and a share of the playouts, and merges the root statistics (visits, wins, RAVE) and the
/// ownership. With one thread it is [`search`] itself.
pub fn search_parallel(
    board: &Board,
    us: Color,
    candidates: &[ValuedMove],
    settings: &SearchSettings<'_>,
    saved: &[SavedTree],
) -> SearchResult {
    let threads = settings.threads.max(1);
    if threads == 1 {
        return search_from(&mut board.clone(), us, candidates, settings, saved.first());
    }
    let results: Vec<SearchResult> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let mut local = *settings;
                local.threads = 1;
                local.playouts = settings.playouts.div_ceil(threads);
                local.seed = settings
                    .seed
                    .wrapping_add((t as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
                let mut b = board.clone();
                let old = saved.get(t);
                scope.spawn(move || search_from(&mut b, us, candidates, &local, old))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("search thread panicked"))
            .collect()
    });
    merge_results(results)
}

/// Sums the root arms (matched by move) and weighs the ownership by playouts.
fn merge_results(mut results: Vec<SearchResult>) -> SearchResult {
    let mut arms: Vec<ArmStats> = Vec::new();
    let mut playouts = 0;
    let mut nodes = 0;
    let mut trees = Vec::new();
    let mut ownership = Box::new([0.0f32; NUM_CELLS]);
    for r in results.iter_mut() {
        trees.append(&mut r.trees);
        playouts += r.playouts;
        nodes += r.nodes;
        for (o, x) in ownership.iter_mut().zip(r.ownership.iter()) {
            *o += x * r.playouts as f32;
        }
        for a in &r.arms {
            match arms.iter_mut().find(|m| m.mv == a.mv) {
                Some(m) => {
                    m.visits += a.visits;
                    m.wins += a.wins;
                    m.rave_visits += a.rave_visits;
                    m.rave_wins += a.rave_wins;
                }
                None => arms.push(*a),
            }
        }
    }
    for o in ownership.iter_mut() {
        *o /= playouts.max(1) as f32;
    }
    arms.sort_by(|a, b| {
        b.visits
            .cmp(&a.visits)
            .then(b.win_rate().total_cmp(&a.win_rate()))
    });
    SearchResult {
        arms,
        playouts,
        ownership,
        nodes,
        trees,
    }
}

/// The prior win rate of a candidate whose classical value is `value`, the best being
/// `best`: a candidate far below the best starts well below even.
fn prior_of(value: f32, best: f32) -> f32 {
    0.5 + 0.25 * ((value - best) / 4.0).tanh() + 0.05
}

/// Virtual playouts each root candidate's prior counts for on `board`.
///
/// The priors weigh more on big boards, where a move's playouts are few, and most in the
/// `opening` (a corner still empty): on a nearly empty big board a playout's result hardly
/// depends on the first move (the win rates of a corner move and of a centre move differ by
/// less than their noise after thousands of playouts), while the book's "corners first"
/// does. On 9×9 the playouts judge from the first move on.
fn root_prior_visits(board: &Board, opening: bool) -> f32 {
    let points = (board.size() * board.size()) as f32;
    let scale = (points / 81.0).max(1.0);
    PRIOR_VISITS * scale * if opening { scale } else { 1.0 }
}

/// A node of the search tree below the root: a move, and the statistics of the playouts
/// through it from the point of view of the player who made it.
#[derive(Clone, Copy, Debug)]
struct Node {
    mv: Point,
    visits: u32,
    wins: f32,
    rave_visits: u32,
    rave_wins: f32,
    prior: f32,
    /// Virtual playouts the prior counts for.
    prior_visits: f32,
    /// Index of the first child in the arena; 0 while not expanded (the root is index 0).
    first_child: u32,
    children: u16,
}

impl Node {
    fn new(mv: Point, prior: f32) -> Node {
        Node {
            mv,
            visits: 0,
            wins: 0.0,
            rave_visits: 0,
            rave_wins: 0.0,
            prior,
            prior_visits: PRIOR_VISITS,
            first_child: 0,
            children: 0,
        }
    }

    fn win_rate(&self) -> f32 {
        (self.wins + self.prior * self.prior_visits) / (self.visits as f32 + self.prior_visits)
    }

    fn score(&self, log_parent: f32, exploration: f32, rave_equivalence: f32) -> f32 {
        let n = self.visits as f32;
        let own = self.win_rate();
        let value = if self.rave_visits == 0 || rave_equivalence <= 0.0 {
            own
        } else {
            // The prior counts in the RAVE estimate too: otherwise the first AMAF sample
            // would wipe it out while the move itself has no playouts yet.
            let rn = self.rave_visits as f32 + self.prior_visits;
            let rave = (self.rave_wins + self.prior * self.prior_visits) / rn;
            let beta = rn / (rn + n + rn * n / rave_equivalence);
            (1.0 - beta) * own + beta * rave
        };
        value + exploration * (log_parent / (n + 1.0)).sqrt()
    }
}

/// A node is expanded once it has been visited this often (saves the arena for leaves).
const EXPAND_AFTER: u32 = 2;
/// Deepest tree path followed (ko fights cannot run away with the path buffer).
const MAX_TREE_DEPTH: usize = 64;

/// Runs the search for `us` over `candidates` (classical values, best first) on `board`,
/// which is left as it was. The root's children are the candidates (and a pass when
/// asked); deeper nodes get every sensible move (legal, not filling an own eye, not a
/// self-atari of two stones or more), judged by UCB with RAVE.
pub fn search(
    board: &mut Board,
    us: Color,
    candidates: &[ValuedMove],
    settings: &SearchSettings<'_>,
) -> SearchResult {
    search_from(board, us, candidates, settings, None)
}

/// [`search`], starting from the statistics of `saved` (a tree of an earlier search on this
/// game) where it leads to the current position: each candidate found there keeps its
/// visits, wins, RAVE and subtree.
pub fn search_from(
    board: &mut Board,
    us: Color,
    candidates: &[ValuedMove],
    settings: &SearchSettings<'_>,
    saved: Option<&SavedTree>,
) -> SearchResult {
    // A copy: the board's empty-point order (which the playouts draw from) changes with
    // play and undo, and the same seed must give the same search on the same position.
    let board = &mut board.clone();
    let points = board.size() * board.size();
    // One arena for the whole search: expansions never allocate once it is sized.
    let capacity =
        1 + candidates.len() + 1 + settings.playouts / EXPAND_AFTER as usize * (points + 1);
    let mut tree: Vec<Node> = Vec::with_capacity(capacity.min(4_000_000));
    tree.push(Node::new(Point::NONE, 0.5));
    let best_value = candidates.first().map_or(0.0, |c| c.value);
    tree[0].first_child = 1;
    let root_prior_visits = root_prior_visits(board, settings.opening);
    let root_placed_lead = placed_lead(board);
    // Which of the root's children decide a big critical dragon, in the children's order.
    let mut urgent: Vec<bool> = Vec::with_capacity(candidates.len());
    for c in candidates {
        if board.is_legal_simple(c.point, us) {
            let mut n = Node::new(c.point, prior_of(c.value, best_value));
            n.prior_visits = root_prior_visits;
            tree.push(n);
            urgent.push(settings.urgent_dragons && c.reasons & reason::DRAGON != 0);
        }
    }
    if let Some(model) = settings.predictor {
        // The model knows where players play, the classical values how much a move is
        // worth; the caller says how to weigh them ([`SearchSettings::root_model_share`]).
        let share = if settings.opening {
            0.0
        } else {
            settings.root_model_share.clamp(0.0, 1.0)
        };
        let first = 1;
        let gammas: Vec<f32> = tree[first..]
            .iter()
            .map(|n| model.gamma(board, n.mv, us))
            .collect();
        let total: f32 = gammas.iter().sum();
        let count = gammas.len() as f32;
        let shares: Vec<f32> = gammas.iter().map(|g| g / total).collect();
        let shares = urgent_shares(&shares, &urgent);
        let virtual_wins = settings.root_virtual_wins && settings.model_prior_wins > 0.0;
        for (n, p) in tree[first..].iter_mut().zip(shares) {
            if virtual_wins && share > 0.0 {
                (n.prior, n.prior_visits) = root_prior_with_virtual_wins(
                    (n.prior, n.prior_visits),
                    p,
                    settings.model_prior_wins,
                );
            } else {
                n.prior = (1.0 - share) * n.prior + share * predicted_prior(p * count);
            }
        }
        tree[first..].sort_by(|a, b| b.prior.total_cmp(&a.prior));
    }
    if settings.with_pass {
        // No head start: a pass has no RAVE statistics to correct a prior, and when every move
        // loses, an even prior would let the pass collect the visits.
        tree.push(Node::new(Point::PASS, PASS_PRIOR));
    }
    tree[0].children = (tree.len() - 1) as u16;
    if let Some(old) = saved
        && let Some(from) = old.descend(board, us)
    {
        graft(&mut tree, &old.nodes, from);
    }

    let mut runner = HeavyPlayout::new(settings.seed ^ board.hash(), settings.shapes);
    if settings.last_good_replies {
        runner = runner.with_last_good_replies();
    }
    let exploration = if settings.predictor.is_some() {
        EXPLORATION_WITH_PRIOR
    } else {
        EXPLORATION
    };
    let start_moves = board.move_count();
    let mut path = [0u32; MAX_TREE_DEPTH + 1];
    let mut playout_board = board.clone();
    // For AMAF: the move number (from the root) at which each point was first played, and
    // by whom; `first_tag` says which playout wrote the entry.
    let mut first_at = [0u16; NUM_CELLS];
    let mut first_by = [Color::Black; NUM_CELLS];
    let mut first_tag = [u32::MAX; NUM_CELLS];
    let mut owned = [0u32; NUM_CELLS];
    let mut done = 0;
    // Black's margins summed over the playouts so far: their mean is what the search
    // expects, from which a playout's score counts (`playout_value`).
    let mut margin_sum = 0.0f64;
    while done < settings.playouts && tree[0].children > 0 {
        if done % CLOCK_EVERY == 0 && settings.deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        // Selection and expansion.
        let mut depth = 0;
        let mut node = 0usize;
        let mut color = us;
        let mut passes = 0;
        // Black's stones placed less White's, at the leaf (the tree's passes place none).
        let mut leaf_placed_lead = root_placed_lead;
        path[0] = 0;
        loop {
            if tree[node].children == 0 {
                if node == 0 || tree[node].visits < EXPAND_AFTER || depth >= MAX_TREE_DEPTH {
                    break;
                }
                if tree.len() + points + 1 > tree.capacity() {
                    break;
                }
                expand(&mut tree, node, board, color, settings);
                if tree[node].children == 0 {
                    break;
                }
            }
            let log_parent = (tree[node].visits as f32 + 1.0).ln();
            let first = tree[node].first_child as usize;
            let mut best = first;
            let mut best_score = f32::NEG_INFINITY;
            let mut count = tree[node].children as usize;
            if settings.predictor.is_some() && node != 0 {
                // Progressive widening below the root (whose candidates the classical stages
                // chose): the children are in prior order; only the likeliest compete until
                // the node has the visits to look at more.
                count = count.min(widening(tree[node].visits));
            }
            let rave_equivalence = if node == 0 {
                settings.root_rave_equivalence
            } else {
                RAVE_EQUIVALENCE
            };
            for (i, child) in tree[first..first + count].iter().enumerate() {
                let sc = child.score(log_parent, exploration, rave_equivalence);
                if sc > best_score {
                    best_score = sc;
                    best = first + i;
                }
            }
            let mv = tree[best].mv;
            if mv == Point::PASS {
                board.pass(color);
                passes += 1;
            } else {
                board.play_unchecked(mv, color);
                passes = 0;
                leaf_placed_lead += if color == Color::Black { 1 } else { -1 };
            }
            depth += 1;
            path[depth] = best as u32;
            node = best;
            color = color.opponent();
            if passes >= 2 {
                break;
            }
        }
        // After two passes the playout still runs: it settles which stones on the board are
        // dead, as the counting at the end of a real game does.
        // The playout runs on a copy of the position the tree reached: copying the board
        // (its on-board rows) costs less than taking back a few hundred playout moves.
        playout_board.clone_from(board);
        // Counted once, below, by `playout_area_margin`.
        runner.play_to_end(&mut playout_board, color);
        let black_area_margin =
            playout_area_margin(&playout_board, board, settings.komi, settings.territory);
        let black_won = playout_value(
            black_area_margin,
            settings.territory,
            leaf_placed_lead,
            color == Color::Black,
            settings.score_share,
            (margin_sum / done.max(1) as f64) as f32,
            points,
        );
        if settings.score_share > 0.0 {
            margin_sum += f64::from(black_margin(
                black_area_margin,
                settings.territory,
                leaf_placed_lead,
            ));
        }
        let value_for = |c: Color| {
            if c == Color::Black {
                black_won
            } else {
                1.0 - black_won
            }
        };
        count_ownership(&playout_board, us, &mut owned);
        if settings.last_good_replies && black_won != 0.5 {
            let winner = if black_won > 0.5 {
                Color::Black
            } else {
                Color::White
            };
            // The two moves before the root are the first moves' context.
            runner.learn(
                playout_board.moves().skip(start_moves.saturating_sub(2)),
                winner,
            );
        }

        // AMAF: who played each point first, from the root on.
        let tag = done as u32;
        for (k, (c, mv)) in playout_board.moves().skip(start_moves).enumerate() {
            let Move::Play(p) = mv else { continue };
            let i = p.index();
            if first_tag[i] != tag {
                first_tag[i] = tag;
                first_at[i] = k.min(u16::MAX as usize) as u16;
                first_by[i] = c;
            }
        }
        while board.move_count() > start_moves {
            board.undo();
        }

        // Back-up: node `path[d]` (d ≥ 1) holds the move number d − 1, made by `us` when
        // d is odd.
        tree[0].visits += 1;
        for d in 1..=depth {
            let mover = if d % 2 == 1 { us } else { us.opponent() };
            let n = &mut tree[path[d] as usize];
            n.visits += 1;
            n.wins += value_for(mover);
        }
        for d in 0..=depth {
            let parent = path[d] as usize;
            // The children of `parent` are moves number d, by this side.
            let mover = if d % 2 == 0 { us } else { us.opponent() };
            let win = value_for(mover);
            let first = tree[parent].first_child as usize;
            for i in first..first + tree[parent].children as usize {
                let mv = tree[i].mv;
                if mv == Point::PASS || i == path.get(d + 1).map_or(0, |&x| x as usize) {
                    continue;
                }
                let j = mv.index();
                if first_tag[j] == tag && first_by[j] == mover && first_at[j] as usize >= d {
                    tree[i].rave_visits += 1;
                    tree[i].rave_wins += win;
                }
            }
        }
        done += 1;
    }

    let first = tree[0].first_child as usize;
    let mut arms: Vec<ArmStats> = tree[first..first + tree[0].children as usize]
        .iter()
        .map(|n| ArmStats {
            mv: if n.mv == Point::PASS {
                Move::Pass
            } else {
                Move::Play(n.mv)
            },
            visits: n.visits,
            wins: n.wins,
            rave_visits: n.rave_visits,
            rave_wins: n.rave_wins,
            prior: n.prior,
            prior_visits: n.prior_visits,
            value: candidates
                .iter()
                .find(|c| c.point == n.mv)
                .map_or(f32::NEG_INFINITY, |c| c.value),
        })
        .collect();
    arms.sort_by(|a, b| {
        b.visits
            .cmp(&a.visits)
            .then(b.win_rate().total_cmp(&a.win_rate()))
    });
    let mut ownership = Box::new([0.0; NUM_CELLS]);
    for (o, &n) in ownership.iter_mut().zip(owned.iter()) {
        *o = n as f32 / done.max(1) as f32;
    }
    let nodes = tree.len();
    tree.shrink_to_fit();
    SearchResult {
        arms,
        playouts: done,
        ownership,
        nodes,
        trees: vec![SavedTree {
            nodes: tree,
            hash: board.hash(),
            move_count: start_moves,
            us: Some(us),
        }],
    }
}

/// Copies into the new root's children (already in `tree`) the statistics and subtrees of
/// the same moves under `old[from]`, and gives the root their visits.
fn graft(tree: &mut Vec<Node>, old: &[Node], from: usize) {
    let o = &old[from];
    if o.children == 0 {
        return;
    }
    let old_first = o.first_child as usize;
    let old_children = old_first..old_first + o.children as usize;
    let first = tree[0].first_child as usize;
    let mut queue: Vec<(usize, usize)> = Vec::new();
    for i in first..first + tree[0].children as usize {
        if let Some(j) = old_children.clone().find(|&j| old[j].mv == tree[i].mv) {
            let prior = tree[i].prior;
            tree[i] = old[j];
            tree[i].prior = prior;
            tree[i].first_child = 0;
            tree[i].children = 0;
            tree[0].visits += old[j].visits;
            queue.push((i, j));
        }
    }
    // Breadth first: each old node's children are copied as one block.
    let mut k = 0;
    while k < queue.len() {
        let (new, oldi) = queue[k];
        k += 1;
        let n = old[oldi];
        if n.children == 0 {
            continue;
        }
        let block = tree.len();
        let of = n.first_child as usize;
        for (j, &child) in old.iter().enumerate().skip(of).take(n.children as usize) {
            let mut c = child;
            c.first_child = 0;
            c.children = 0;
            tree.push(c);
            queue.push((tree.len() - 1, j));
        }
        tree[new].first_child = block as u32;
        tree[new].children = n.children;
    }
}

/// Adds one to `owned` at every point of the finished playout on `board` that is `us`'s: our
/// stones and the empty points next to our stones only.
fn count_ownership(board: &Board, us: Color, owned: &mut [u32; NUM_CELLS]) {
    let them = us.opponent();
    board.for_each_eight_points(|first, step, lanes| {
        let ours = |cells: u64| EightCells::stones(cells, us);
        let theirs = |cells: u64| EightCells::stones(cells, them);
        let next_to_ours = ours(step.north) | ours(step.west) | ours(step.east) | ours(step.south);
        let next_to_theirs =
            theirs(step.north) | theirs(step.west) | theirs(step.east) | theirs(step.south);
        let empty_and_ours = EightCells::empty(step.here) & next_to_ours & !next_to_theirs;
        let mut owned_lanes = (ours(step.here) | empty_and_ours) & lanes;
        while owned_lanes != 0 {
            owned[first + owned_lanes.trailing_zeros() as usize / 8] += 1;
            owned_lanes &= owned_lanes - 1;
        }
    });
}

/// Children a node with `visits` visits chooses among under progressive widening (Coulom
/// 2007, Chaslot et al. 2008): two at first, one more each time the visits grow by 30 %
/// beyond twenty.
fn widening(visits: u32) -> usize {
    2 + ((1.0 + visits as f32 / 20.0).ln() / 1.3f32.ln()) as usize
}

/// Virtual playouts at an even win rate that every child of a tree node starts with when
/// the model's priors count as virtual wins ([`SearchSettings::model_prior_wins`]).
const EVEN_PRIOR_VISITS: f32 = 20.0;

/// The prior of a tree node's child whose predicted probability among the node's `count`
/// moves is `probability`: `(win rate, virtual playouts)`. With `wins` > 0 the child gets
/// [`EVEN_PRIOR_VISITS`] at one half and `wins × √probability` virtual wins on top (the
/// pattern prior of Pachi, Baudiš 2011): a move the model gives a quarter of its weight
/// starts at 0.94 over 170 playouts, one it gives a hundredth at 0.8 over 50, an unlikely
/// one near 0.5 over 20, so the search follows the model until the playouts disagree with
/// it in numbers. With `wins` 0: [`predicted_prior`] of the ratio to the uniform
/// probability, over [`PRIOR_VISITS`] (the prior is a win rate, each child's weight the
/// same).
fn model_prior(probability: f32, count: f32, wins: f32) -> (f32, f32) {
    if wins <= 0.0 {
        return (predicted_prior(probability * count), PRIOR_VISITS);
    }
    let model_wins = wins * probability.max(0.0).sqrt();
    let visits = EVEN_PRIOR_VISITS + model_wins;
    ((0.5 * EVEN_PRIOR_VISITS + model_wins) / visits, visits)
}

/// A root candidate's prior `(win rate, virtual playouts)` when the model's word counts as
/// it does below the root ([`model_prior`]): the classical value's `classical` prior keeps
/// its virtual playouts, and [`EVEN_PRIOR_VISITS`] at one half and `wins × √probability`
/// virtual wins come on top, `probability` being the candidate's share of the model's
/// weight among the root's candidates. Mixed into one win rate over the classical
/// playouts instead, the model's favourite gained a few hundredths, which the root's
/// all-moves-as-first statistics (thousands of samples, drawn to the centre on an open
/// board) wiped out after a few playouts.
fn root_prior_with_virtual_wins(classical: (f32, f32), probability: f32, wins: f32) -> (f32, f32) {
    let (rate, count) = classical;
    let model_wins = wins * probability.max(0.0).sqrt();
    let visits = count + EVEN_PRIOR_VISITS + model_wins;
    (
        (rate * count + 0.5 * EVEN_PRIOR_VISITS + model_wins) / visits,
        visits,
    )
}

/// The model's shares of the root's candidates (`shares`, in the children's order) with
/// every `urgent` candidate's raised to the favourite's: the move that saves a big
/// critical dragon of ours, or kills one of theirs, is the vital point a player looks at
/// first ("the opponent's vital point is my vital point"), whatever the shape there looks
/// like. The model, trained on where players play, often gives the owl's point a small
/// share, and the playouts, which neither kill nor save a group on purpose, hardly see
/// the difference between saving it and a big point elsewhere: without the favourite's
/// virtual wins the defence gets too few playouts to win the visits.
fn urgent_shares(shares: &[f32], urgent: &[bool]) -> Vec<f32> {
    let favourite = shares.iter().copied().fold(0.0f32, f32::max);
    shares
        .iter()
        .zip(urgent)
        .map(|(&p, &u)| if u { p.max(favourite) } else { p })
        .collect()
}

/// The prior win rate of a move whose predicted probability is `ratio` times the uniform
/// one: a move the model finds twenty times likelier than average starts near 0.8, one
/// twenty times less likely near 0.2.
fn predicted_prior(ratio: f32) -> f32 {
    0.5 + 0.4 * (ratio.max(1e-6).ln() / 3.0).tanh()
}

/// Adds the children of `node` for `color` to move on `board`: every legal move that does not
/// fill an own eye nor put two or more stones into atari; a pass only when there is none.
/// Their priors come from `predictor` when there is one, else from [`tree_prior`].
fn expand(
    tree: &mut Vec<Node>,
    node: usize,
    board: &mut Board,
    color: Color,
    settings: &SearchSettings<'_>,
) {
    let predictor = settings.predictor;
    let first = tree.len();
    let mut total = 0.0;
    for k in 0..board.empty_points().len() {
        let p = board.empty_points()[k];
        if board.is_eye(p, color) || !board.is_legal_simple(p, color) {
            continue;
        }
        if self_atari(board, p, color, 2) {
            continue;
        }
        let prior = match predictor {
            // The weight for now; made a win rate below once the sum is known.
            Some(model) => {
                let g = model.gamma(board, p, color);
                total += g;
                g
            }
            None => tree_prior(board, p, color, settings.shapes),
        };
        tree.push(Node::new(p, prior));
    }
    if predictor.is_some() && total > 0.0 {
        let count = (tree.len() - first) as f32;
        for n in &mut tree[first..] {
            (n.prior, n.prior_visits) =
                model_prior(n.prior / total, count, settings.model_prior_wins);
        }
        // Likeliest first, for progressive widening.
        tree[first..].sort_by(|a, b| b.prior.total_cmp(&a.prior));
    }
    if tree.len() == first {
        tree.push(Node::new(Point::PASS, 0.5));
    }
    tree[node].first_child = first as u32;
    tree[node].children = (tree.len() - first) as u16;
}

/// The prior win rate of a move inside the tree: captures and escapes from atari first,
/// then moves near the last one; the first line is rarely right while the board is open.
fn tree_prior(board: &Board, p: Point, color: Color, shapes: &PlayoutShapes) -> f32 {
    let mut prior: f32 = 0.5;
    for n in p.neighbors() {
        match board.color_at(n) {
            Some(c) if c != color && board.libs(n) == 1 => prior = prior.max(0.8),
            Some(c) if c == color && board.libs(n) == 1 => prior = prior.max(0.7),
            _ => {}
        }
    }
    if let Some((_, Move::Play(last))) = board.last_move() {
        let near = last.neighbors().contains(&p) || last.diagonals().contains(&p);
        if near {
            let shape = shapes.weight(board, p, color) > 0;
            prior = prior.max(if shape { 0.65 } else { 0.58 });
        }
    }
    let size = board.size();
    let (x, y) = p.xy();
    let edge = x == 0 || y == 0 || x + 1 == size || y + 1 == size;
    let open = board.empty_points().len() * 3 > size * size * 2;
    if edge && prior <= 0.5 && open {
        prior = 0.4;
    }
    if open && size >= 13 && prior <= 0.5 {
        // The opening on a big board: the third and fourth lines take territory and
        // influence, the second line is slow.
        let line = x.min(y).min(size - 1 - x).min(size - 1 - y);
        prior = match line {
            1 => prior.min(0.45),
            2 | 3 => 0.55,
            _ => prior,
        };
    }
    prior
}

#[cfg(test)]
mod tests;
