//! Move generation: every legal move valued in moku by a list of stages, shaped by the
//! efficiency patterns, checked by a short look-ahead, then played, passed or resigned.
//!
//! ```text
//! candidates (legal, not filling an own eye, no self-atari of a big string)
//!   └─ stages ([`Stage`]): territory & moyo change (fast evaluation), tactics (capture /
//!      save), connection & cut, eyes, opening            → value in moku, reasons
//!   └─ × efficiency factor (patterns/efficiency.db: 1 + Σ value / 100)
//!   └─ look-ahead on the top N (opponent's best replies, fast evaluation)
//!   └─ best move; pass when nothing is worth a positive value; resign when hopeless
//! ```
//!
//! Every value is "how much better than passing": the fast evaluation ([`eval::Evaluator`])
//! after the move, opponent to play, minus the same after a pass. The safety of strings comes
//! from a [`eval::SafetyJudge`], so a dragon-safety judge can replace the tactical one.

pub mod eval;
pub mod lookahead;
pub mod mcts;

/// Largest board on which the look-ahead of [`SearchKind::Classical`] is still the Monte
/// Carlo search (measured on 9×9: 9x9.tst 29/71 with it, 18/71 without); larger boards use
/// the classical reply look-ahead there. [`SearchKind::Mcts`] searches on every size.
pub const MONTE_CARLO_MAX_SIZE: usize = 13;

/// What decides among the classical candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SearchKind {
    /// The Monte Carlo tree search on every board size: the default since the move-prediction
    /// priors (19×19 against GNU Go level 1: 0 of 20 with `Classical`, 5 of 12 with this;
    /// docs/movegen.md).
    #[default]
    Mcts,
    /// As before the tree search was made general: the Monte Carlo search up to
    /// [`MONTE_CARLO_MAX_SIZE`], the classical reply look-ahead above.
    Classical,
}

impl std::str::FromStr for SearchKind {
    type Err = String;
    fn from_str(s: &str) -> Result<SearchKind, String> {
        match s {
            "mcts" => Ok(SearchKind::Mcts),
            "classical" => Ok(SearchKind::Classical),
            _ => Err(format!("unknown search {s:?} (mcts or classical)")),
        }
    }
}

/// Moves the move-prediction model finds likeliest that join the tree search's root beside
/// the best classical candidates.
pub const PREDICTED_ROOT_MOVES: usize = 10;
/// The move-prediction model's share of a root candidate's prior once no corner is empty
/// (the classical value's prior has the rest): the values measure territory and safety, but
/// they favour the centre, which the model (and any player) does not.
pub const ROOT_MODEL_SHARE: f32 = 2.0 / 3.0;

/// Virtual wins the move-prediction model's prior is worth below the root, times the square
/// root of a move's probability ([`mcts::SearchSettings::model_prior_wins`]).
pub const MODEL_PRIOR_WINS: f32 = 300.0;

/// Playouts at which a root arm's own win rate and its RAVE win rate weigh the same
/// ([`mcts::SearchSettings::root_rave_equivalence`]).
pub const ROOT_RAVE_EQUIVALENCE: f32 = mcts::RAVE_EQUIVALENCE;

/// The share of a playout's value that its score gives by default
/// ([`mcts::playout_value`]): none. A share of 0.05 won 31 of 60 9×9 self-play games
/// against none (level 2) and changed the genmove areas within their noise, so it is
/// not on until a measurement says it pays (docs/movegen.md).
pub const SCORE_SHARE: f32 = 0.0;

/// Time per move (stages and search) when no clock says otherwise, per level; the search
/// gets at least a third of it whatever the stages took. On 9×9 the playouts usually run out
/// first; on big boards this decides.
pub const DEFAULT_SECONDS_PER_LEVEL: f32 = 0.18;

/// Reading nodes per tactical or connection question during move generation.
pub const GENMOVE_READING_NODES: u64 = 20_000;
pub mod stages;
pub mod time;

use crate::board::{Board, Color, Move, NUM_CELLS, Point};
use crate::eval::scoring::{self, ScoringOptions, ScoringRules};
use crate::pattern::Kind;
use crate::play::playout::PlayoutShapes;
use crate::play::prior::MovePredictor;
use crate::tactics::pattern_view::PatternSet;
use crate::tactics::reading::{self, ReadingOptions};
use eval::{Evaluator, OwnershipSafety, SafetyJudge, TacticalSafety};
use stages::Stage;
use std::time::{Duration, Instant};

/// How the move is chosen among root arms the playouts cannot tell apart
/// ([`GenOptions::ties`], [`mcts::SearchResult::choice`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieRule {
    /// The most visited arm plays (`visits`).
    MostVisited,
    /// The biggest by the classical valuation, while a corner of a board larger than 13×13
    /// is empty and no local fight is open (`size-in-opening`, the default). Without the
    /// local-fight exception it lost three of the five 19×19 genmove tests it touches (an
    /// urgent answer traded for a big point); with it, 4 of those 5 are right (3 with
    /// `visits`), and against GNU Go level 10 on 19×19 it won 16 of the 24 games GNU Go
    /// did not crash (23 of 50 with `visits`; docs/movegen.md).
    SizeInOpening,
    /// The biggest by the classical valuation in every position (`size`; measured weaker:
    /// after the corners the classical values favour the centre).
    Size,
    /// The highest prior, the move model's judgement mixed with the classical value, in
    /// every position (`prior`): what the engine would play before any playout. Right more
    /// often on the 19×19 genmove suites (727 of 1,543 against 638), but with it after the
    /// opening 3 of 11 games were won: picked on every tie, the model follows the opponent.
    Prior,
    /// [`TieRule::SizeInOpening`] while it applies, [`TieRule::Prior`] elsewhere
    /// (`size-then-prior`): the model, trained on game records, mostly predicts answers
    /// next to the last move, while an empty corner is bigger.
    SizeThenPrior,
}

impl std::str::FromStr for TieRule {
    type Err = String;
    fn from_str(s: &str) -> Result<TieRule, String> {
        match s {
            "visits" => Ok(TieRule::MostVisited),
            "size-in-opening" => Ok(TieRule::SizeInOpening),
            "size" => Ok(TieRule::Size),
            "prior" => Ok(TieRule::Prior),
            "size-then-prior" => Ok(TieRule::SizeThenPrior),
            _ => Err(format!(
                "ties: expected visits, size-in-opening, size, prior or size-then-prior, not '{s}'"
            )),
        }
    }
}

/// Effort and policy of the generator.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GenOptions {
    /// 1..=10: scales the look-ahead width and depth (GNU Go's `--level`).
    pub level: u8,
    /// Check the best candidates by playing them and the opponent's best replies.
    pub lookahead: bool,
    /// Resign when far behind late in the game.
    pub resign: bool,
    /// Wall-clock time this move may use; `None` is "as the level says".
    pub time_budget: Option<Duration>,
    /// Random playouts (on 9×9; scaled down on larger boards) for the ownership that judges
    /// string safety; 0 judges by tactics alone.
    pub playouts: usize,
    /// Varies the playouts (and so close choices) between otherwise identical games.
    pub seed: u64,
    /// How the game is counted: under territory counting (GNU Go's default) a stone played
    /// inside settled territory costs a point, so the engine passes instead.
    pub rules: ScoringRules,
    /// What decides: the tree search on every size, or the classical look-ahead above 13×13.
    pub search: SearchKind,
    /// Threads of the tree search (independent trees merged at the end), each running the
    /// level's playouts. The library's default is 1 (the same search on every machine);
    /// `tesuji gtp` uses every core unless `--threads` says otherwise.
    pub threads: usize,
    /// Keep the search trees between moves and start from the subtree of the moves played
    /// (off by default: not measured stronger; on 9×9 it may have cost games).
    pub reuse_trees: bool,
    /// Give the tree search's nodes the priors of the move-prediction model
    /// (`patterns/prior.db`) when the pattern set has one.
    pub predict: bool,
    /// The model's share of the root candidates' priors once no corner is empty, without
    /// [`GenOptions::root_virtual_wins`] ([`ROOT_MODEL_SHARE`] by default; 0 leaves the model
    /// out of the root either way).
    pub root_model_share: f32,
    /// Virtual wins the model's prior is worth below the root
    /// ([`mcts::SearchSettings::model_prior_wins`]; [`MODEL_PRIOR_WINS`] by default, 0: the
    /// ratio rule).
    pub model_prior_wins: f32,
    /// RAVE at the root ([`mcts::SearchSettings::root_rave_equivalence`];
    /// [`ROOT_RAVE_EQUIVALENCE`] by default, 0: none).
    pub root_rave_equivalence: f32,
    /// The model's prior counts at the root in virtual wins, as below it
    /// ([`mcts::SearchSettings::root_virtual_wins`]; on by default: the search then agrees
    /// with strong players' fuseki moves and GNU Go's genmove tests far more often,
    /// docs/movegen.md).
    pub root_virtual_wins: bool,
    /// While a corner of a big board is empty, root priors from the classical values alone,
    /// counting for more playouts ([`mcts::SearchSettings::opening`]). Off by default: 19×19
    /// matches against GNU Go did not show it stronger (docs/movegen.md).
    pub opening_priors: bool,
    /// The playouts draw their shape moves in proportion to the move-prediction model's γ
    /// of the 3×3 shape ([`PlayoutShapes::weighted_by_model`]), not all alike.
    pub model_playout_weights: bool,
    /// The share of a playout's value given to its score ([`mcts::playout_value`];
    /// [`SCORE_SHARE`] by default, 0: the win alone).
    pub score_share: f32,
    /// The playouts play the last good replies of the search's earlier playouts
    /// ([`crate::play::playout::LastGoodReplies`]).
    pub last_good_replies: bool,
    /// The owl's move for a big critical dragon (ours saved, theirs killed) starts at the
    /// root with the model's virtual wins of the favourite
    /// ([`mcts::SearchSettings::urgent_dragons`]). Off by default: at 8,200 playouts
    /// strategy.tst, strategy3.tst and nngs1.tst gave 88 of 148 with it against 91 without.
    pub urgent_dragons: bool,
    /// Which of the search's arms plays when they are equal within noise
    /// ([`mcts::SearchResult::choice`]).
    pub ties: TieRule,
    /// Stages left out of the valuation (to measure what each is worth in matches).
    pub without_stages: stages::StageSet,
    /// Playouts of the tree search per move and thread, whatever the clock says; the level's
    /// time cap and the reading deadline are off, so node budgets alone bound the work
    /// (`None`: the level's playouts within its time cap). A move then does the same work on
    /// a loaded machine as on an idle one: matches run beside other work measure the engine,
    /// not the load. A GTP clock (`time_settings`) still cuts the search short.
    pub fixed_playouts: Option<usize>,
}

impl Default for GenOptions {
    fn default() -> GenOptions {
        GenOptions {
            level: 10,
            lookahead: true,
            resign: true,
            time_budget: None,
            playouts: 200,
            seed: 0,
            rules: ScoringRules::Japanese,
            search: SearchKind::Mcts,
            threads: 1,
            reuse_trees: false,
            predict: true,
            root_model_share: ROOT_MODEL_SHARE,
            model_prior_wins: MODEL_PRIOR_WINS,
            root_rave_equivalence: ROOT_RAVE_EQUIVALENCE,
            root_virtual_wins: true,
            opening_priors: false,
            model_playout_weights: false,
            score_share: SCORE_SHARE,
            last_good_replies: false,
            urgent_dragons: false,
            ties: TieRule::SizeInOpening,
            without_stages: stages::StageSet::default(),
            fixed_playouts: None,
        }
    }
}

impl GenOptions {
    /// Candidates the look-ahead checks.
    pub fn lookahead_width(&self) -> usize {
        2 + usize::from(self.level.clamp(1, 10)) / 2
    }

    /// Opponent replies tried against each checked candidate.
    pub fn reply_width(&self) -> usize {
        1 + usize::from(self.level.clamp(1, 10)) / 4
    }

    /// Whether the look-ahead also tries our answer to each reply (three moves deep).
    pub fn deep(&self) -> bool {
        self.level >= 8
    }

    /// Playouts of the Monte Carlo search per move (fixed, so results do not depend on
    /// machine load; the time budget may cut them short).
    pub fn search_playouts(&self) -> usize {
        3000 * usize::from(self.level.clamp(1, 10))
    }

    /// Best classical candidates the Monte Carlo search chooses among (from level 6 on,
    /// every candidate of a 9×9 board: the classical ranking misses moves the playouts find).
    pub fn search_width(&self) -> usize {
        8 * usize::from(self.level.clamp(1, 10)) + 8
    }
}

/// Why a move got its value (bits of [`ValuedMove::reasons`]).
pub mod reason {
    pub const TERRITORY: u16 = 1;
    pub const CAPTURE: u16 = 1 << 1;
    pub const ATTACK: u16 = 1 << 2;
    pub const DEFEND: u16 = 1 << 3;
    pub const CONNECT: u16 = 1 << 4;
    pub const CUT: u16 = 1 << 5;
    pub const EYE: u16 = 1 << 6;
    pub const OPENING: u16 = 1 << 7;
    pub const SHAPE: u16 = 1 << 8;
    pub const LOOKAHEAD: u16 = 1 << 9;
    pub const JOSEKI: u16 = 1 << 10;
    /// The owl's defence of a big critical dragon of ours, or its attack on one of theirs
    /// (`stages::URGENT_DRAGON_STONES` stones or more): the search's root prior treats it
    /// as urgent when `mcts::SearchSettings::urgent_dragons` is on.
    pub const DRAGON: u16 = 1 << 11;

    /// Names of the bits set in `bits`.
    pub fn names(bits: u16) -> Vec<&'static str> {
        const NAMES: [&str; 12] = [
            "territory",
            "capture",
            "attack",
            "defend",
            "connect",
            "cut",
            "eye",
            "opening",
            "shape",
            "lookahead",
            "joseki",
            "dragon",
        ];
        (0..NAMES.len())
            .filter(|i| bits & (1 << i) != 0)
            .map(|i| NAMES[i])
            .collect()
    }
}

/// Values and reasons of every point, filled in by the stages.
pub struct MoveValues {
    /// Candidate points (legal, allowed, not filtered out).
    pub candidate: Box<[bool; NUM_CELLS]>,
    /// Value in moku.
    pub value: Box<[f32; NUM_CELLS]>,
    /// Reason bits.
    pub reasons: Box<[u16; NUM_CELLS]>,
}

impl MoveValues {
    fn new() -> MoveValues {
        MoveValues {
            candidate: Box::new([false; NUM_CELLS]),
            value: Box::new([0.0; NUM_CELLS]),
            reasons: Box::new([0; NUM_CELLS]),
        }
    }

    /// Adds `v` moku to a candidate's value.
    pub fn add(&mut self, p: Point, v: f32, why: u16) {
        if self.candidate[p.index()] {
            self.value[p.index()] += v;
            self.reasons[p.index()] |= why;
        }
    }

    /// Raises a candidate's value to at least `v` (for stages that value the same gain as an
    /// earlier stage, e.g. a capture seen both by the evaluation and by reading).
    pub fn raise(&mut self, p: Point, v: f32, why: u16) {
        if self.candidate[p.index()] {
            let slot = &mut self.value[p.index()];
            *slot = slot.max(v);
            self.reasons[p.index()] |= why;
        }
    }
}

/// What the stages see.
pub struct StageContext<'a> {
    pub board: &'a mut Board,
    pub us: Color,
    pub evaluator: &'a Evaluator<'a>,
    pub patterns: &'static dyn PatternSet,
    /// Our margin after we pass (the zero of every value).
    pub pass_margin: f32,
    /// When the stages that read life and death (the owl) must stop: their share of the
    /// move's time ([`READING_SHARE`]), so that the search keeps the rest.
    pub reading_deadline: Option<Instant>,
}

/// The share of a move's time the stages' life-and-death reading may take. The owl's node
/// budget alone let one 48-stone dragon of a 19×19 middle game take 0.75 s of a 1.8 s move.
pub const READING_SHARE: f32 = 0.2;

/// A valued candidate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ValuedMove {
    pub point: Point,
    pub value: f32,
    pub reasons: u16,
}

/// What the generator decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Play(Point),
    Pass,
    Resign,
}

impl Decision {
    /// The move played (resigning plays nothing).
    pub fn as_move(self) -> Option<Move> {
        match self {
            Decision::Play(p) => Some(Move::Play(p)),
            Decision::Pass => Some(Move::Pass),
            Decision::Resign => None,
        }
    }
}

/// The decision with what led to it.
#[derive(Clone, Debug)]
pub struct MoveChoice {
    pub decision: Decision,
    /// Candidates best first (after efficiency and look-ahead).
    pub ranked: Vec<ValuedMove>,
    /// Our margin with us to move, from the fast evaluation.
    pub margin: f32,
    pub elapsed: Duration,
}

/// A move must be worth more than this (moku) to be preferred to passing. Filling a neutral
/// point is worth one point in area scoring, so the engine fills dame before it passes.
pub const PASS_THRESHOLD: f32 = 0.5;

/// Below this search win rate (and far behind by the fast evaluation) the engine resigns.
pub const RESIGN_WIN_RATE: f32 = 0.1;

/// The move generator: the stage list plus options.
pub struct MoveGenerator {
    pub patterns: &'static dyn PatternSet,
    pub options: GenOptions,
    pub stages: Vec<Box<dyn Stage>>,
    /// The tree search's trees: set before `generate` to reuse the trees of the previous
    /// move (the subtree under the moves played since), replaced by this move's trees.
    pub trees: std::sync::Mutex<Vec<mcts::SavedTree>>,
}

impl MoveGenerator {
    /// The standard stage list.
    pub fn new(patterns: &'static dyn PatternSet, options: GenOptions) -> MoveGenerator {
        MoveGenerator {
            patterns,
            options,
            stages: stages::standard(),
            trees: std::sync::Mutex::new(Vec::new()),
        }
    }

    /// The move-prediction model of the pattern set (`kind prior`), if it has a valid one.
    pub fn predictor(&self) -> Option<&'static MovePredictor> {
        MovePredictor::cached(self.patterns)
    }

    /// Values every candidate for `us` on `board` (restricted to `allowed` when given) and
    /// decides. `board` is left as it was.
    ///
    /// Every reading question gets a node budget ([`GENMOVE_READING_NODES`]) unless the
    /// caller set one other than the default: the generator asks hundreds of questions a move, and one unbounded
    /// question in a wild position could read for minutes.
    pub fn generate(
        &self,
        board: &mut Board,
        us: Color,
        komi: f32,
        allowed: Option<&[Point]>,
    ) -> MoveChoice {
        let saved = reading::thread_options();
        if saved.node_limit == 0 || saved.node_limit == reading::options::DEFAULT_NODE_LIMIT {
            reading::set_thread_options(ReadingOptions {
                node_limit: GENMOVE_READING_NODES,
                ..saved
            });
        }
        let choice = self.generate_within_budget(board, us, komi, allowed);
        reading::set_thread_options(saved);
        choice
    }

    /// A move's time without a clock: [`DEFAULT_SECONDS_PER_LEVEL`] per level.
    fn level_time_cap(&self) -> Duration {
        Duration::from_secs_f32(
            DEFAULT_SECONDS_PER_LEVEL * f32::from(self.options.level.clamp(1, 10)),
        )
    }

    fn generate_within_budget(
        &self,
        board: &mut Board,
        us: Color,
        komi: f32,
        allowed: Option<&[Point]>,
    ) -> MoveChoice {
        let start = Instant::now();
        let n = board.size();
        let playouts = if self.options.playouts == 0 {
            0
        } else {
            self.options.playouts * 81 / (n * n).max(81)
        };
        let safety: Box<dyn SafetyJudge> = if playouts > 0 {
            Box::new(OwnershipSafety::from_playouts(
                board,
                us,
                playouts.max(8),
                board.hash() ^ self.options.seed,
            ))
        } else {
            Box::new(TacticalSafety)
        };
        let evaluator = Evaluator::new(komi, safety.as_ref());
        let mut values = MoveValues::new();
        mark_candidates(board, us, allowed, &mut values);

        board.pass(us);
        let pass_margin = evaluator.margin(board, us.opponent(), us);
        board.undo();
        let margin = evaluator.margin(board, us, us);

        let move_time = self
            .options
            .time_budget
            .unwrap_or_else(|| self.level_time_cap());
        let mut ctx = StageContext {
            board,
            us,
            evaluator: &evaluator,
            patterns: self.patterns,
            pass_margin,
            reading_deadline: self
                .options
                .fixed_playouts
                .is_none()
                .then(|| start + move_time.mul_f32(READING_SHARE)),
        };
        let trace = trace_enabled();
        let mut stage_values: Vec<(&'static str, Box<[f32; NUM_CELLS]>)> = Vec::new();
        for stage in &self.stages {
            if self.options.without_stages.contains(stage.name()) {
                continue;
            }
            let before = trace.then(|| values.value.clone());
            let stage_start = Instant::now();
            stage.run(&mut ctx, &mut values);
            if let Some(mut delta) = before {
                eprintln!("stage {}: {:?}", stage.name(), stage_start.elapsed());
                for (d, v) in delta.iter_mut().zip(values.value.iter()) {
                    *d = v - *d;
                }
                stage_values.push((stage.name(), delta));
            }
        }
        let before_efficiency = trace.then(|| values.value.clone());
        if !self.options.without_stages.contains("efficiency") {
            apply_efficiency(ctx.board, us, self.patterns, &mut values);
        }

        let mut ranked: Vec<ValuedMove> = ctx
            .board
            .empty_points()
            .iter()
            .filter(|p| values.candidate[p.index()])
            .map(|&p| ValuedMove {
                point: p,
                value: values.value[p.index()],
                reasons: values.reasons[p.index()],
            })
            .collect();
        sort_ranked(&mut ranked);

        let size = ctx.board.size();
        let points = (size * size) as f32;
        let late = ctx.board.move_count() as f32 >= 0.5 * points;
        let opponent_passed = ctx.board.last_move() == Some((us.opponent(), Move::Pass));
        let mut searched = None;
        let mut search_win_rate = 0.0;
        let deadline = self.options.time_budget.map(|b| start + b.mul_f32(0.8));
        // Without a clock, the tree search gets a time cap by level, so that the playouts
        // (slower on big boards, or on a loaded machine) keep a move under two seconds at
        // level 10.
        let search_deadline = deadline.or_else(|| {
            if self.options.fixed_playouts.is_some() {
                return None;
            }
            let cap = self.level_time_cap();
            // Slow stages (the owl reading of a crowded 19×19 middle game can take seconds)
            // must not leave the search without playouts.
            Some((start + cap).max(Instant::now() + cap / 3))
        });
        let classical = self.options.search == SearchKind::Classical;
        if self.options.lookahead && !ranked.is_empty() && classical && size > MONTE_CARLO_MAX_SIZE
        {
            // On big boards a few thousand playouts say little (the search turned a
            // handicap opening move into a centre stone): the classical look-ahead instead.
            lookahead::refine(
                ctx.board,
                us,
                &evaluator,
                &self.options,
                deadline,
                &mut ranked,
            );
        } else if self.options.lookahead && !ranked.is_empty() {
            let width = self.options.search_width().min(ranked.len());
            // The root: the best classical candidates, and the moves a player would most
            // likely play (the model sees shape and local answers the values miss).
            let mut root: Vec<ValuedMove> = ranked[..width].to_vec();
            if self.options.predict
                && let Some(model) = self.predictor()
            {
                let mut rest: Vec<(f32, ValuedMove)> = ranked[width..]
                    .iter()
                    .map(|m| (model.gamma(ctx.board, m.point, us), *m))
                    .collect();
                rest.sort_by(|a, b| b.0.total_cmp(&a.0));
                let mut best_first: Vec<(f32, Point)> = ranked[..width]
                    .iter()
                    .map(|m| (model.gamma(ctx.board, m.point, us), m.point))
                    .collect();
                best_first.sort_by(|a, b| b.0.total_cmp(&a.0));
                // A move the model ranks among the root's likeliest ten joins the root.
                let bar = best_first
                    .get(PREDICTED_ROOT_MOVES.min(best_first.len()).saturating_sub(1))
                    .map_or(0.0, |b| b.0);
                root.extend(
                    rest.iter()
                        .take(PREDICTED_ROOT_MOVES)
                        .filter(|(g, _)| *g >= bar)
                        .map(|&(_, m)| m),
                );
            }
            // Playouts get shorter as the board fills: more of them late, where close
            // endgames are decided, at about the same cost per move.
            let empties = ctx.board.empty_points().len() as f32;
            let endgame_factor = (points / (empties + points / 4.0)).clamp(1.0, 3.0);
            let corner_open = stages::empty_corner_remains(ctx.board);
            let settings = mcts::SearchSettings {
                // Each thread runs the level's playouts: more cores, a stronger move in the
                // same time.
                playouts: self.options.fixed_playouts.unwrap_or_else(|| {
                    (self.options.search_playouts() as f32 * endgame_factor) as usize
                }) * self.options.threads.max(1),
                komi,
                seed: self.options.seed,
                // Always an arm: it is how the search says that no stone gains anything.
                with_pass: true,
                deadline: search_deadline,
                threads: self.options.threads,
                predictor: if self.options.predict {
                    self.predictor()
                } else {
                    None
                },
                root_model_share: self.options.root_model_share,
                model_prior_wins: self.options.model_prior_wins,
                root_rave_equivalence: self.options.root_rave_equivalence,
                root_virtual_wins: self.options.root_virtual_wins,
                territory: self.options.rules == ScoringRules::Japanese,
                score_share: self.options.score_share,
                last_good_replies: self.options.last_good_replies,
                urgent_dragons: self.options.urgent_dragons,
                opening: self.options.opening_priors && corner_open,
                shapes: if self.options.model_playout_weights {
                    PlayoutShapes::cached_with_model_weights(self.patterns)
                } else {
                    PlayoutShapes::cached(self.patterns)
                },
            };
            let search_start = Instant::now();
            let saved = self
                .trees
                .lock()
                .map(|mut t| std::mem::take(&mut *t))
                .unwrap_or_default();
            let mut result = mcts::search_parallel(ctx.board, us, &root, &settings, &saved);
            drop(saved);
            let reused = result.arms.iter().map(|a| a.visits as usize).sum::<usize>()
                - result
                    .playouts
                    .min(result.arms.iter().map(|a| a.visits as usize).sum());
            if let Ok(mut t) = self.trees.lock() {
                *t = std::mem::take(&mut result.trees);
            }
            if trace {
                eprintln!(
                    "search: {} playouts on {} threads in {:?} (move started {:?} ago), {} nodes, {} visits kept from the last move's trees",
                    result.playouts,
                    settings.threads.max(1),
                    search_start.elapsed(),
                    start.elapsed(),
                    result.nodes,
                    reused
                );
            }
            if trace {
                for a in result.arms.iter().take(10) {
                    eprintln!(
                        "  arm {}: {} visits, win {:.3}, prior {:.3}, rave {:.3} of {}",
                        crate::board::Vertex::format_move(a.mv, size),
                        a.visits,
                        a.win_rate(),
                        a.prior,
                        a.rave_wins / a.rave_visits.max(1) as f32,
                        a.rave_visits
                    );
                }
            }
            reorder_by_search(&mut ranked, &result);
            let size_decides_ties = size > MONTE_CARLO_MAX_SIZE
                && corner_open
                && !stages::local_fight_open(ctx.board, us);
            let tie_break = match self.options.ties {
                TieRule::MostVisited => mcts::TieBreak::Visits,
                TieRule::SizeInOpening | TieRule::SizeThenPrior if size_decides_ties => {
                    mcts::TieBreak::Size
                }
                TieRule::SizeInOpening => mcts::TieBreak::Visits,
                TieRule::Size => mcts::TieBreak::Size,
                TieRule::Prior | TieRule::SizeThenPrior => mcts::TieBreak::Prior,
            };
            let choice = result.choice(tie_break);
            if trace {
                let name = |t| {
                    result
                        .choice(t)
                        .map_or("-".to_string(), |a: &mcts::ArmStats| {
                            crate::board::Vertex::format_move(a.mv, size)
                        })
                };
                eprintln!(
                    "ties: visits {} size {} prior {} (played {})",
                    name(mcts::TieBreak::Visits),
                    name(mcts::TieBreak::Size),
                    name(mcts::TieBreak::Prior),
                    name(tie_break)
                );
            }
            searched = choice.map(|a| a.mv);
            search_win_rate = choice.map_or(0.0, |a| a.win_rate());
            // Under territory counting a stone in settled territory (ours or theirs) costs a
            // point and changes no owner; the area-counted playouts see no difference
            // between it and a dame or a pass.
            let japanese = self.options.rules == ScoringRules::Japanese;
            let worthwhile = |mv: Move| match mv {
                Move::Pass => true,
                Move::Play(q) => !japanese || !result.settled(ctx.board, q),
            };
            if searched == Some(Move::Pass)
                && search_win_rate < 0.5
                && let Some(play) = result
                    .arms
                    .iter()
                    .find(|a| a.mv != Move::Pass && worthwhile(a.mv))
            {
                // Behind, playing on keeps the chances a pass would give away.
                searched = Some(play.mv);
            }
            if let (Some(best), Some(choice)) = (result.best(), searched)
                && !worthwhile(choice)
            {
                let alt = if opponent_passed {
                    // Nothing to answer: the most visited worthwhile arm, the pass at worst.
                    result.arms.iter().find(|a| worthwhile(a.mv))
                } else {
                    // The opponent's last move may need an answer inside our territory that
                    // the ownership already counts on: leave the search's choice unless an
                    // alternative is about as good.
                    result.arms.iter().find(|a| {
                        a.visits * 10 >= best.visits
                            && a.win_rate() >= best.win_rate() - PASS_WIN_RATE_SLACK
                            && worthwhile(a.mv)
                    })
                };
                if let Some(alt) = alt {
                    searched = Some(alt.mv);
                }
            }
            if self.options.rules == ScoringRules::Japanese
                && opponent_passed
                && searched != Some(Move::Pass)
                && wins_if_counted_now(ctx.board, us, komi, self.options.seed)
            {
                searched = Some(Move::Pass);
            }
        }

        if let Some(unshaped) = &before_efficiency {
            trace_ranking(ctx.board, &ranked, &stage_values, unshaped, &values);
        }

        // The search, when it ran, must agree that the game is lost: the fast evaluation
        // misjudges weak groups.
        let hopeless = margin < -0.3 * points && search_win_rate < RESIGN_WIN_RATE;
        let decision = if self.options.resign && late && hopeless {
            Decision::Resign
        } else {
            match searched {
                Some(Move::Play(p)) => Decision::Play(p),
                Some(Move::Pass) => Decision::Pass,
                None => match ranked.first() {
                    Some(best) if best.value > PASS_THRESHOLD => Decision::Play(best.point),
                    _ => Decision::Pass,
                },
            }
        };
        MoveChoice {
            decision,
            ranked,
            margin,
            elapsed: start.elapsed(),
        }
    }
}

/// `TESUJI_MOVEGEN_TRACE` is set (read once per process): the generator and its stages
/// print what they did to stderr.
pub(crate) fn trace_enabled() -> bool {
    static TRACE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *TRACE.get_or_init(|| std::env::var_os("TESUJI_MOVEGEN_TRACE").is_some())
}

/// `TESUJI_MOVEGEN_TRACE`: the best candidates with what each stage gave them, to stderr.
fn trace_ranking(
    board: &Board,
    ranked: &[ValuedMove],
    stage_values: &[(&'static str, Box<[f32; NUM_CELLS]>)],
    unshaped: &[f32; NUM_CELLS],
    values: &MoveValues,
) {
    for m in ranked.iter().take(12) {
        let i = m.point.index();
        let stages: Vec<String> = stage_values
            .iter()
            .filter(|(_, d)| d[i] != 0.0)
            .map(|(name, d)| format!("{name} {:.1}", d[i]))
            .collect();
        eprintln!(
            "{} {:.2} (before look-ahead {:.2}, shape x{:.2}) {} [{}]",
            crate::board::Vertex::format_move(Move::Play(m.point), board.size()),
            m.value,
            values.value[i],
            if unshaped[i] != 0.0 {
                values.value[i] / unshaped[i]
            } else {
                1.0
            },
            stages.join(", "),
            reason::names(m.reasons).join(" "),
        );
    }
}

/// How much lower than the best move's win rate a dame's or a pass's may be when the best move
/// is a stone in settled territory (which costs a point under territory counting).
const PASS_WIN_RATE_SLACK: f32 = 0.05;

/// Whether `us` wins if the game ends now, counted by territory with dead stones removed as
/// the final scoring judges them.
fn wins_if_counted_now(board: &Board, us: Color, komi: f32, seed: u64) -> bool {
    let opts = ScoringOptions {
        playouts: 400,
        seed: seed ^ board.hash(),
        ..ScoringOptions::default()
    };
    let fs = scoring::final_status(board, us, &opts);
    let white_margin =
        scoring::final_score(board, &fs, komi, ScoringRules::Japanese).white_margin();
    match us {
        Color::Black => white_margin < 0.0,
        Color::White => white_margin > 0.0,
    }
}

/// Puts the searched candidates first, most visited first, valued by their win rate in
/// percent (so the superko fallback and `top_moves` see the search's order); the others
/// follow below them.
fn reorder_by_search(ranked: &mut Vec<ValuedMove>, result: &mcts::SearchResult) {
    let mut searched: Vec<ValuedMove> = Vec::with_capacity(result.arms.len());
    for arm in &result.arms {
        let Move::Play(p) = arm.mv else { continue };
        if let Some(pos) = ranked.iter().position(|m| m.point == p) {
            let mut m = ranked.remove(pos);
            m.value = 100.0 * arm.win_rate();
            m.reasons |= reason::LOOKAHEAD;
            searched.push(m);
        }
    }
    let floor = searched.last().map_or(0.0, |m| m.value);
    for m in ranked.iter_mut() {
        m.value = m.value.min(floor);
    }
    searched.append(ranked);
    *ranked = searched;
}

/// Best first; ties broken by point so the choice is deterministic.
pub(crate) fn sort_ranked(ranked: &mut [ValuedMove]) {
    ranked.sort_by(|a, b| b.value.total_cmp(&a.value).then(a.point.cmp(&b.point)));
}

/// Legal moves that are allowed, do not fill one of our eyes and do not put a string of two
/// or more stones into atari.
fn mark_candidates(
    board: &mut Board,
    us: Color,
    allowed: Option<&[Point]>,
    values: &mut MoveValues,
) {
    let empties: Vec<Point> = board.empty_points().to_vec();
    for p in empties {
        if allowed.is_some_and(|a| !a.contains(&p)) || board.is_eye(p, us) {
            continue;
        }
        if !board.try_play(p, us) {
            continue;
        }
        let big_self_atari = board.libs(p) == 1 && board.string_size(p) >= 2;
        board.undo();
        if !big_self_atari && board.is_legal(Move::Play(p), us) {
            values.candidate[p.index()] = true;
        }
    }
}

/// Every efficiency pattern matching at a candidate changes its value by its percentage;
/// the factor is `1 + Σ value / 100`, kept within 0.25..=3. Only positive values are scaled
/// (a bad-shape factor must not make a losing move look less bad).
fn apply_efficiency(
    board: &Board,
    us: Color,
    patterns: &'static dyn PatternSet,
    values: &mut MoveValues,
) {
    let view = crate::tactics::pattern_view::PatternView::new(board);
    for &p in board.empty_points() {
        let i = p.index();
        if !values.candidate[i] || values.value[i] <= 0.0 {
            continue;
        }
        let (x, y) = p.xy();
        let mut percent = 0;
        // A pattern may match one point under two transformations: it counts once.
        let mut seen = [usize::MAX; 16];
        let mut seen_count = 0;
        let matcher = patterns.matcher(Kind::Efficiency);
        patterns.match_at(Kind::Efficiency, &view, x as i32, y as i32, us, &mut |m| {
            if seen[..seen_count].contains(&m.pattern) {
                return;
            }
            if seen_count < seen.len() {
                seen[seen_count] = m.pattern;
                seen_count += 1;
            }
            if let Some(info) = matcher.and_then(|mt| mt.patterns.get(m.pattern)) {
                percent += info.value;
            }
        });
        if percent != 0 {
            let factor = (1.0 + percent as f32 / 100.0).clamp(0.25, 3.0);
            values.value[i] *= factor;
            values.reasons[i] |= reason::SHAPE;
        }
    }
}

#[cfg(test)]
mod tests;
