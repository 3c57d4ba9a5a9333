//! Monte Carlo look-ahead at the root: a bandit search (UCB with RAVE) over the best
//! classical candidates, each judged by playouts to the end of the game with the
//! capture / escape / no-self-atari policy of the final-status ownership.
//!
//! Why a root-only search: the classical values know shape and tactics but not who wins the
//! fights that follow; the playouts do, roughly. Restricting the search to the top classical
//! candidates (their values as a prior) keeps the playouts from wasting effort on moves no
//! Go player would consider, and the win rate decides among the rest.
//!
//! The playout count is fixed per level so results do not depend on machine load; a
//! deadline cuts the search short when the clock demands. Nothing is allocated per playout:
//! the board is played on and undone, and the statistics live in fixed arrays.

use super::ValuedMove;
use crate::board::{Board, Color, Move, NUM_CELLS};
use crate::scoring::ScoringPlayout;
use std::time::Instant;

/// Virtual playouts the prior counts for (the classical value as a head start).
const PRIOR_VISITS: f32 = 10.0;
/// Exploration constant of UCB.
const EXPLORATION: f32 = 0.35;
/// Playouts at which the plain win rate and the RAVE win rate weigh the same.
const RAVE_EQUIVALENCE: f32 = 400.0;
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
}

impl ArmStats {
    /// Our win rate after this move (prior included while there are few playouts).
    pub fn win_rate(&self) -> f32 {
        (self.wins + self.prior * PRIOR_VISITS) / (self.visits as f32 + PRIOR_VISITS)
    }

    /// The blended value UCB maximises, without the exploration term.
    fn blended(&self) -> f32 {
        let n = self.visits as f32;
        let own = self.win_rate();
        if self.rave_visits == 0 {
            return own;
        }
        let rn = self.rave_visits as f32;
        let rave = self.rave_wins / rn;
        let beta = rn / (rn + n + rn * n / RAVE_EQUIVALENCE);
        (1.0 - beta) * own + beta * rave
    }
}

/// What the search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// Every arm, most visited first.
    pub arms: Vec<ArmStats>,
    /// Playouts run.
    pub playouts: usize,
}

impl SearchResult {
    /// The move played: the most visited arm.
    pub fn best(&self) -> Option<&ArmStats> {
        self.arms.first()
    }
}

/// Search settings.
#[derive(Clone, Copy, Debug)]
pub struct SearchSettings {
    pub playouts: usize,
    pub komi: f32,
    pub seed: u64,
    /// Whether passing is an arm too.
    pub with_pass: bool,
    pub deadline: Option<Instant>,
}

/// The prior win rate of a candidate whose classical value is `value`, the best being
/// `best`: a candidate far below the best starts well below even.
fn prior_of(value: f32, best: f32) -> f32 {
    0.5 + 0.25 * ((value - best) / 4.0).tanh() + 0.05
}

/// Runs the root search for `us` over `candidates` (classical values, best first) on
/// `board`, which is left as it was.
pub fn search(
    board: &mut Board,
    us: Color,
    candidates: &[ValuedMove],
    settings: &SearchSettings,
) -> SearchResult {
    let best_value = candidates.first().map_or(0.0, |c| c.value);
    let mut arms: Vec<ArmStats> = candidates
        .iter()
        .filter(|c| board.is_legal_simple(c.point, us))
        .map(|c| ArmStats {
            mv: Move::Play(c.point),
            visits: 0,
            wins: 0.0,
            rave_visits: 0,
            rave_wins: 0.0,
            prior: prior_of(c.value, best_value),
        })
        .collect();
    if settings.with_pass {
        arms.push(ArmStats {
            mv: Move::Pass,
            visits: 0,
            wins: 0.0,
            rave_visits: 0,
            rave_wins: 0.0,
            prior: 0.5,
        });
    }
    // The playout number in which each point was first played by us (AMAF).
    let mut first_ours = [u32::MAX; NUM_CELLS];
    let mut seen = [u32::MAX; NUM_CELLS];
    // A copy: the board's empty-point order (which the playouts draw from) changes with
    // play and undo, and the same seed must give the same search on the same position.
    let board = &mut board.clone();
    let mut runner = ScoringPlayout::new(settings.seed ^ board.hash());
    let start_moves = board.move_count();
    let mut done = 0;
    while done < settings.playouts && !arms.is_empty() {
        if done % CLOCK_EVERY == 0 && settings.deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let total = (done as f32 + 1.0).ln();
        let chosen = (0..arms.len())
            .max_by(|&a, &b| {
                ucb(&arms[a], total)
                    .total_cmp(&ucb(&arms[b], total))
                    .then(b.cmp(&a))
            })
            .unwrap_or(0);
        match arms[chosen].mv {
            Move::Play(p) => board.play_unchecked(p, us),
            Move::Pass => board.pass(us),
        }
        runner.run(board, us.opponent());
        let score = board.area_score();
        let ours = match us {
            Color::Black => score.black as f32 - score.white as f32 - settings.komi,
            Color::White => score.white as f32 + settings.komi - score.black as f32,
        };
        let win = if ours > 0.0 { 1.0 } else { 0.0 };
        // AMAF: every point we played before the opponent did, after this arm's move.
        let tag = done as u32;
        for (k, (color, mv)) in board.moves().skip(start_moves).enumerate() {
            let Move::Play(p) = mv else { continue };
            let i = p.index();
            if seen[i] == tag {
                continue;
            }
            seen[i] = tag;
            if color == us && k > 0 {
                first_ours[i] = tag;
            }
        }
        while board.move_count() > start_moves {
            board.undo();
        }
        let arm = &mut arms[chosen];
        arm.visits += 1;
        arm.wins += win;
        for (i, a) in arms.iter_mut().enumerate() {
            let played_first = matches!(a.mv, Move::Play(p) if first_ours[p.index()] == tag);
            if played_first && i != chosen {
                a.rave_visits += 1;
                a.rave_wins += win;
            }
        }
        done += 1;
    }
    arms.sort_by(|a, b| {
        b.visits
            .cmp(&a.visits)
            .then(b.win_rate().total_cmp(&a.win_rate()))
    });
    SearchResult {
        arms,
        playouts: done,
    }
}

fn ucb(arm: &ArmStats, log_total: f32) -> f32 {
    arm.blended() + EXPLORATION * (log_total / (arm.visits as f32 + 1.0)).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Point, Vertex};
    use crate::movegen::{Decision, GenOptions, MoveGenerator};
    use crate::pattern::NoPatterns;

    /// A board from rows drawn top first: `X` black, `O` white, `.` empty.
    fn diagram(rows: &[&str]) -> Board {
        let mut b = Board::new(rows.len()).unwrap();
        for (y, row) in rows.iter().enumerate() {
            for (x, ch) in row.split_whitespace().enumerate() {
                let p = Point::from_xy(x, y);
                match ch {
                    "X" => b.add_stone(p, Color::Black).unwrap(),
                    "O" => b.add_stone(p, Color::White).unwrap(),
                    _ => {}
                }
            }
        }
        b.clear_history();
        b
    }

    fn pt(b: &Board, v: &str) -> Point {
        match Vertex::parse_move(v, b.size()).unwrap() {
            Move::Play(p) => p,
            Move::Pass => panic!("pass"),
        }
    }

    fn candidate(p: Point, value: f32) -> ValuedMove {
        ValuedMove {
            point: p,
            value,
            reasons: 0,
        }
    }

    /// Komi −4.5: in the race position Black, having won the race, wins the game unless
    /// White takes most of the neutral column.
    fn settings(seed: u64) -> SearchSettings {
        SearchSettings {
            playouts: 2000,
            komi: -4.5,
            seed,
            with_pass: false,
            deadline: None,
        }
    }

    /// Columns B (Black) and C (White) race with one liberty each, at B1 and C1; whoever
    /// moves first wins it. The right side is White's, alive with eyes, so losing the race
    /// loses the game; winning it leaves the neutral column E to decide.
    fn capturing_race() -> Board {
        diagram(&[
            "O X O X . O O O O",
            "O X O X . O O . O",
            "O X O X . O O O O",
            "O X O X . O O O .",
            "O X O X . O O O O",
            "O X O X . O . O O",
            "O X O X . O O O O",
            "O X O X . O O . O",
            ". . . X . O O O O",
        ])
    }

    #[test]
    fn wins_a_capturing_race_the_classical_values_rank_low() {
        let mut b = capturing_race();
        assert_eq!(b.libs(pt(&b, "B5")), 1);
        assert_eq!(b.libs(pt(&b, "C5")), 1);
        let (b1, c1, e5, e3) = (pt(&b, "B1"), pt(&b, "C1"), pt(&b, "E5"), pt(&b, "E3"));
        // The prior says the quiet moves in the neutral column are best.
        let candidates = [
            candidate(e5, 6.0),
            candidate(e3, 5.0),
            candidate(b1, 1.0),
            candidate(c1, 1.0),
        ];
        let before = b.hash();
        let result = search(&mut b, Color::Black, &candidates, &settings(3));
        assert_eq!(b.hash(), before, "the search leaves the board as it was");
        assert_eq!(result.playouts, 2000);
        let best = result.best().unwrap();
        assert!(
            best.mv == Move::Play(c1) || best.mv == Move::Play(b1),
            "{:?}",
            result.arms
        );
        let quiet = result.arms.iter().find(|a| a.mv == Move::Play(e5)).unwrap();
        assert!(
            best.win_rate() > quiet.win_rate() + 0.1,
            "{:?}",
            result.arms
        );
    }

    #[test]
    fn the_same_seed_gives_the_same_search() {
        let mut b = capturing_race();
        let candidates: Vec<ValuedMove> = ["E5", "E3", "B1", "C1", "E7"]
            .iter()
            .map(|v| candidate(pt(&b, v), 1.0))
            .collect();
        let first = search(&mut b, Color::Black, &candidates, &settings(9));
        let second = search(&mut b, Color::Black, &candidates, &settings(9));
        assert_eq!(first.arms, second.arms);
    }

    #[test]
    fn never_fills_its_own_eyes_while_dame_remain() {
        // Both sides alive with two eyes; the middle row is dame.
        let rows = [
            ". X . X X",
            "X X X X X",
            ". . . . .",
            "O O O O O",
            "O . O . O",
        ];
        for seed in 0..4 {
            let mut b = diagram(&rows);
            let generator = MoveGenerator::new(
                &NoPatterns,
                GenOptions {
                    seed,
                    level: 3,
                    ..GenOptions::default()
                },
            );
            let choice = generator.generate(&mut b, Color::Black, 0.5, None);
            for eye in ["A5", "C5"] {
                assert_ne!(choice.decision, Decision::Play(pt(&b, eye)), "seed {seed}");
            }
            assert_ne!(choice.decision, Decision::Resign);
        }
    }
}
