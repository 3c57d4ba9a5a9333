use super::*;

use crate::play::movegen::{Decision, GenOptions, MoveGenerator};
use crate::tactics::pattern_view::NoPatterns;
use crate::test_util::{pt, setup};

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
        threads: 1,
    }
}

/// Columns B (Black) and C (White) race with one liberty each, at B1 and C1; whoever
/// moves first wins it. The right side is White's, alive with eyes, so losing the race
/// loses the game; winning it leaves the neutral column E to decide.
fn capturing_race() -> Board {
    setup(&[
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
        let mut b = setup(&rows);
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
